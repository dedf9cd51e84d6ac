/* arc-step-view.h: a traced step's value drawn: a grid, an object, a set of indices, a row of objects
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "arc-core.h"

G_BEGIN_DECLS

#define ARC_TYPE_STEP_VIEW (arc_step_view_get_type ())

G_DECLARE_FINAL_TYPE (ArcStepView, arc_step_view, ARC, STEP_VIEW, GtkWidget)

GtkWidget *arc_step_view_new         (void);
void       arc_step_view_set_step    (ArcStepView          *self,
                                      const ArcProgramStep *step,
                                      int                   rows,
                                      int                   cols);
gboolean   arc_step_view_cell_centre (ArcStepView          *self,
                                      guint                 item,
                                      int                   row,
                                      int                   col,
                                      double               *x,
                                      double               *y);
int        arc_step_view_get_cell_size (ArcStepView        *self);

G_END_DECLS

/* arc-task-view.h: a whole task, drawn by the core renderer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "arc-core.h"
#include "arc-program-view.h"

G_BEGIN_DECLS

#define ARC_TYPE_TASK_VIEW (arc_task_view_get_type ())

G_DECLARE_FINAL_TYPE (ArcTaskView, arc_task_view, ARC, TASK_VIEW, GtkWidget)

GtkWidget     *arc_task_view_new             (void);
ArcTask       *arc_task_view_get_task        (ArcTaskView *self);
void           arc_task_view_set_task        (ArcTaskView *self,
                                              ArcTask     *task);
int            arc_task_view_get_cell_size   (ArcTaskView *self);
void           arc_task_view_set_fit_height  (ArcTaskView *self,
                                              int          height);
void           arc_task_view_set_dense       (ArcTaskView *self,
                                              gboolean     dense);
int            arc_task_view_get_fitted_width (ArcTaskView *self);
int           arc_task_view_get_first_pair_height (ArcTaskView *self,
                                                   int          width,
                                                   gboolean     dense);
void           arc_task_view_set_zoom        (ArcTaskView *self,
                                              int          cell);
int            arc_task_view_get_zoom        (ArcTaskView *self);
ArcTaskLayout *arc_task_view_get_layout      (ArcTaskView *self);
const ArcSlot *arc_task_view_get_context_slot (ArcTaskView *self);
int            arc_task_view_get_context_colour (ArcTaskView *self);
void           arc_task_view_get_render_options (ArcTaskView      *self,
                                                 ArcRenderOptions *options);
void           arc_task_view_set_marked      (ArcTaskView *self,
                                              int          kind,
                                              guint        index);
void           arc_task_view_reveal_marked   (ArcTaskView *self);
ArcProgramView *arc_task_view_get_program_view (ArcTaskView *self);

G_END_DECLS

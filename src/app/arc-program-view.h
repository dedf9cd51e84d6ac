/* arc-program-view.h: what a task's program made of each pair, beside the expected output
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "arc-core.h"
#include "arc-grid-view.h"

G_BEGIN_DECLS

#define ARC_TYPE_PROGRAM_VIEW (arc_program_view_get_type ())

G_DECLARE_FINAL_TYPE (ArcProgramView, arc_program_view, ARC, PROGRAM_VIEW, GtkWidget)

GtkWidget              *arc_program_view_new            (void);
void                    arc_program_view_set_settings   (ArcProgramView   *self,
                                                         GSettings        *settings);
void                    arc_program_view_set_running    (ArcProgramView   *self,
                                                         ArcTask          *task,
                                                         const char       *author);
void                    arc_program_view_show_result    (ArcProgramView   *self,
                                                         ArcTask          *task,
                                                         ArcProgramResult *result);
void                    arc_program_view_show_error     (ArcProgramView   *self,
                                                         const char       *message);
void                    arc_program_view_clear          (ArcProgramView   *self);
gboolean                arc_program_view_get_running    (ArcProgramView   *self);
const ArcProgramResult *arc_program_view_get_result     (ArcProgramView   *self);
const char             *arc_program_view_get_summary    (ArcProgramView   *self);
ArcGridView            *arc_program_view_get_predicted  (ArcProgramView   *self,
                                                         guint             pair);
GtkWidget              *arc_program_view_get_pair_label (ArcProgramView   *self,
                                                         guint             pair);
GtkWidget              *arc_program_view_get_error_button (ArcProgramView *self,
                                                         guint             pair);

G_END_DECLS

/* arc-program-trace-view.h: a program's steps on one pair, listed, and the chosen one's value drawn
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <gtk/gtk.h>

#include "arc-core.h"
#include "arc-step-view.h"

G_BEGIN_DECLS

#define ARC_TYPE_PROGRAM_TRACE_VIEW (arc_program_trace_view_get_type ())

G_DECLARE_FINAL_TYPE (ArcProgramTraceView, arc_program_trace_view, ARC, PROGRAM_TRACE_VIEW, GtkWidget)

void                  arc_program_trace_view_set_settings (ArcProgramTraceView  *self,
                                                           GSettings            *settings);
void                  arc_program_trace_view_set_running  (ArcProgramTraceView  *self,
                                                           const char           *pair_name);
void                  arc_program_trace_view_show_pair    (ArcProgramTraceView  *self,
                                                           const ArcProgramPair *pair,
                                                           const char           *pair_name,
                                                           int                   rows,
                                                           int                   cols);
void                  arc_program_trace_view_show_message (ArcProgramTraceView  *self,
                                                           const char           *message);
gboolean              arc_program_trace_view_select       (ArcProgramTraceView  *self,
                                                           guint                 step);
guint                 arc_program_trace_view_get_selected (ArcProgramTraceView  *self);
const ArcProgramStep *arc_program_trace_view_get_step     (ArcProgramTraceView  *self);
const char           *arc_program_trace_view_get_status   (ArcProgramTraceView  *self);
ArcStepView          *arc_program_trace_view_get_picture  (ArcProgramTraceView  *self);
GtkWidget            *arc_program_trace_view_get_list     (ArcProgramTraceView  *self);

G_END_DECLS

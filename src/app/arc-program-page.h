/* arc-program-page.h: the program page: the examples, the code editor at full width, the trace
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "arc-core.h"
#include "arc-program-editor.h"
#include "arc-program-trace-view.h"
#include "arc-task-view.h"

G_BEGIN_DECLS

#define ARC_TYPE_PROGRAM_PAGE (arc_program_page_get_type ())

G_DECLARE_FINAL_TYPE (ArcProgramPage, arc_program_page, ARC, PROGRAM_PAGE, GtkWidget)

void                 arc_program_page_set_editor     (ArcProgramPage   *self,
                                                      ArcProgramEditor *editor);
void                 arc_program_page_set_settings   (ArcProgramPage   *self,
                                                      GSettings        *settings);
void                 arc_program_page_trace          (ArcProgramPage   *self,
                                                      ArcProgramPool   *pool);
void                 arc_program_page_go_to_line     (ArcProgramPage   *self,
                                                      int               line);
void                 arc_program_page_focus_code     (ArcProgramPage   *self);
ArcTaskView         *arc_program_page_get_task_view  (ArcProgramPage   *self);
ArcProgramTraceView *arc_program_page_get_trace_view (ArcProgramPage   *self);
GtkWidget           *arc_program_page_get_code_view  (ArcProgramPage   *self);
GtkDropDown         *arc_program_page_get_pair_list  (ArcProgramPage   *self);
int                  arc_program_page_get_pair       (ArcProgramPage   *self);
const ArcProgramResult *arc_program_page_get_trace   (ArcProgramPage   *self);
gboolean             arc_program_page_is_tracing     (ArcProgramPage   *self);

G_END_DECLS

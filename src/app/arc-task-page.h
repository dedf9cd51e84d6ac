/* arc-task-page.h: the page of the shown task: its examples and the
 * workspace
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "arc-core.h"
#include "arc-program-page.h"
#include "arc-review-panel.h"
#include "arc-solve-view.h"
#include "arc-task-session.h"
#include "arc-task-view.h"

G_BEGIN_DECLS

#define ARC_TYPE_TASK_PAGE (arc_task_page_get_type ())

G_DECLARE_FINAL_TYPE (ArcTaskPage, arc_task_page, ARC, TASK_PAGE, GtkWidget)

void          arc_task_page_set_settings     (ArcTaskPage *self,
                                              GSettings   *settings);
ArcTaskView  *arc_task_page_get_task_view    (ArcTaskPage *self);
ArcSolveView *arc_task_page_get_solve_view   (ArcTaskPage *self);
ArcReviewPanel *arc_task_page_get_review_panel (ArcTaskPage *self);
void          arc_task_page_reveal_program   (ArcTaskPage *self);
ArcProgramPage *arc_task_page_get_program_page (ArcTaskPage *self);
void          arc_task_page_show_program     (ArcTaskPage *self,
                                              gboolean     show);
gboolean      arc_task_page_get_program_shown (ArcTaskPage *self);
void          arc_task_page_add_bar          (ArcTaskPage *self,
                                              GtkWidget   *bar);

/* What it shows */
void          arc_task_page_set_session      (ArcTaskPage    *self,
                                              ArcTaskSession *session);
ArcTaskSession *arc_task_page_get_session    (ArcTaskPage    *self);
void          arc_task_page_show_summary     (ArcTaskPage *self,
                                              ArcEntry    *entry,
                                              ArcTask     *task);
void          arc_task_page_show_problems    (ArcTaskPage *self,
                                              const char  *text,
                                              gboolean     errors);
void          arc_task_page_show_file_name   (ArcTaskPage *self,
                                              const char  *name);
void          arc_task_page_mark_unsaved     (ArcTaskPage *self,
                                              const char  *task_id,
                                              gboolean     modified);

/* How it is laid out */
void          arc_task_page_place_divider    (ArcTaskPage *self);
gboolean      arc_task_page_focus_divider    (ArcTaskPage *self);
gboolean      arc_task_page_pair_kept        (ArcTaskPage *self,
                                              int          width,
                                              int          height,
                                              int          cell);
int           arc_task_page_cell_for_size    (ArcTaskPage *self,
                                              int          width,
                                              int          height);
void          arc_task_page_zoom             (ArcTaskPage *self,
                                              gboolean     examples,
                                              int          direction);
void          arc_task_page_zoom_keys        (ArcTaskPage *self,
                                              int          direction);

G_END_DECLS

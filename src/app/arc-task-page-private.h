/* arc-task-page-private.h: the task page's insides, shared by
 * arc-task-page.c (its parts and what they show), arc-task-page-divider.c
 * (the divider) and arc-task-page-zoom.c (zoom)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-task-page.h"
#include "arc-task-session.h"

G_BEGIN_DECLS

struct _ArcTaskPage
{
  GtkWidget          parent_instance;

  /* Template widgets */
  GtkPaned          *task_paned;
  GtkScrolledWindow *task_scroller;
  GtkBox            *top_box;             /* the heading and the examples */
  gboolean           heading_beside;      /* top_box: the heading beside the examples (ArcBesideLayout), not above */
  GtkWidget         *heading_box;         /* the id, what the task holds, its problems */
  ArcTaskView       *task_view;
  GtkLabel          *task_title;
  GtkLabel          *task_summary;
  GtkLabel          *task_file;
  GtkLabel          *task_warnings;
  GtkLabel          *review_line;         /* a review's verdict, above the examples */
  ArcReviewPanel    *review_panel;
  ArcSolveView      *solve_view;
  ArcProgramPage    *program_page;        /* shown instead of the paned (arc_task_page_show_program()) */
  GtkWidget         *bar;                 /* Edit Task's, on top; in a compact page beside the examples */
  char             **summary;             /* what the task holds, in parts (arc_task_page_show_summary()) */

  GSettings         *settings;
  ArcTaskSession    *session;             /* (nullable): the task shown, which the page's parts follow */
  guint              fit_height_tick;     /* arc-task-page-divider.c, as the next two */
  guint              reveal_tick;         /* the program's results to scroll into view */
  int                reveal_frames;
  guint              place_divider_tick;  /* in the next frame, before its layout */
  gboolean           placing_divider;
  gboolean           compact;             /* a short page: every row of pixels to the grids below the examples */
  gboolean           divider_moved;       /* by the user: it stays */
  gboolean           divider_disposed;
  int                allocated_width;     /* the page's size at the last placing */
  int                allocated_height;
  guint              generation;          /* what the page shows changed, or the bar came or went */
  int                workspace_rows;      /* the size of the grid the workspace shows (editing, */
  int                workspace_cols;      /* the page follows it: workspace_grid_cb()) */
  gboolean           turned;              /* the paned turned at the size and generation below: */
  int                turned_width;        /* turning it back there would only undo it (the bar */
  int                turned_height;       /* moves, the paned's height with it, and the choice */
  guint              turned_generation;   /* with that); the height with the bar's on top */
  gboolean           handle_held;         /* a button went down on the divider's handle */
  gboolean           handle_keyed;        /* the divider's keys are moving it */
  gboolean           zoom_examples;       /* the keys zoom the examples, not the workspace */
  double             pointer_x;           /* the pointer on the workspace, or -1 */
  double             pointer_y;
};

/* arc-task-page-divider.c */
void arc_task_page_divider_init    (ArcTaskPage *self);
void arc_task_page_divider_allocated (ArcTaskPage *self,
                                      int          width,
                                      int          height);
void arc_task_page_divider_dispose (ArcTaskPage *self);
void arc_task_page_divider_bar_added (ArcTaskPage *self);
int  arc_task_page_examples_above  (ArcTaskPage *self);
void arc_task_page_fit_examples    (ArcTaskPage *self);
void arc_task_page_join_summary    (ArcTaskPage *self);

/* arc-task-page-zoom.c */
void arc_task_page_zoom_init       (ArcTaskPage *self);

G_END_DECLS

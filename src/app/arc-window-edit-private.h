/* arc-window-edit-private.h: the task editor of the window, shared by
 * arc-window-edit.c (the session, the bar, the workspace) and
 * arc-window-edit-files.c (saving, new tasks, the questions it asks)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "arc-window-private.h"

G_BEGIN_DECLS

/* A grid of the task being edited */
typedef struct
{
  ArcPairKind kind;
  guint       index;
  ArcPairSide side;
} ArcEditTarget;

/* What to do once the unsaved edits are saved or discarded */
typedef enum
{
  ARC_EDIT_THEN_NOTHING,
  ARC_EDIT_THEN_LEAVE,    /* leave edit mode */
  ARC_EDIT_THEN_SWITCH,   /* show the task the user picked */
  ARC_EDIT_THEN_CLOSE,    /* close the window */
  ARC_EDIT_THEN_OPEN,     /* open another collection */
} ArcEditThen;

struct _ArcWindowEdit
{
  ArcWindow          *window;        /* (unowned) */
  GSimpleActionGroup *actions;       /* editor.* */
  GtkWidget          *bar;           /* pair operations, shown while editing */
  GtkDropDown        *grid_chooser;
  GtkStringList      *grid_names;
  GArray             *grid_targets;  /* ArcEditTarget, in the chooser's order */
  GtkWidget          *output_button; /* Hide Test Output / Add Test Output */
  GtkEventController *output_events; /* on the workspace's output grid */
  GtkEventController *task_click;    /* on the task view: a click or a drag */
  ArcEditTarget       drag_from;     /* the grid a drag on the task view started on */
  gboolean            dragging;

  ArcTaskEdit        *session;       /* (nullable): the task being edited */
  char               *session_id;    /* its entry's id, "group/id" when grouped */
  GFile              *session_file;  /* (nullable): its entry's file */
  ArcEditTarget       target;        /* the grid in the workspace */
  ArcSolve           *solve;         /* (nullable): the workspace on it */
  const char         *other_name;    /* the name of the grid beside it (static) */
  gboolean            committing;    /* a workspace change is going into the session */
  gboolean            syncing;       /* the chooser is being filled */
  gboolean            grouping;      /* a button is down on the edited grid */
  gboolean            reported_change;  /* another program's change was reported */
  ArcEntry           *unsaved_entry; /* (nullable): the row marked unsaved, whichever is selected now */

  char               *select_id;     /* a new task to select once the list has it */
  guint               select_source;
  gint64              select_until;

  ArcEntry           *pending;       /* the entry to show after the question */
  GFile              *pending_file;  /* the collection to open after it */
  ArcEditThen         then;
  gboolean            may_close;     /* the user answered: close */
};

/* arc-window-edit.c */
gboolean arc_window_edit_is_editing   (ArcWindowEdit *e);
void     arc_window_edit_set_mode     (ArcWindowEdit *e,
                                       gboolean       editing);
void     arc_window_edit_show_mode    (ArcWindowEdit *e,
                                       gboolean       editing);
void     arc_window_edit_stop         (ArcWindowEdit *e);
gboolean arc_window_edit_matches      (ArcWindowEdit *e,
                                       ArcEntry      *entry);
void     arc_window_edit_refresh      (ArcWindowEdit *e);
void     arc_window_edit_show_problems (ArcWindowEdit *e,
                                        GPtrArray     *problems);
void     arc_window_edit_continue     (ArcWindowEdit *e);
ArcTaskEdit *arc_window_edit_session_for_entry (ArcEntry  *entry,
                                               GError   **error);
void     arc_window_edit_start_session (ArcWindowEdit *e,
                                        ArcEntry      *entry,
                                        ArcTaskEdit   *session);

/* arc-window-edit-files.c */
void     arc_window_edit_files_init   (ArcWindowEdit *e);
void     arc_window_edit_files_dispose (ArcWindowEdit *e);
gboolean arc_window_edit_save         (ArcWindowEdit *e);
void     arc_window_edit_ask_unsaved  (ArcWindowEdit *e,
                                       ArcEditThen    then);
void     arc_window_edit_new_task     (ArcWindowEdit *e,
                                       gboolean       duplicate);
void     arc_window_edit_report_external (ArcWindowEdit *e);

G_END_DECLS

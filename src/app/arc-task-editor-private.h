/* arc-task-editor-private.h: the task editor's insides, shared by
 * arc-task-editor.c (the session, the bar, the workspace) and
 * arc-task-editor-files.c (saving, new tasks, the questions it asks)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "arc-task-editor.h"

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

struct _ArcTaskEditor
{
  GObject             parent_instance;

  /* The window and the parts of it the editor works in (unowned: the
   * window outlives the editor) */
  GtkWindow          *window;
  ArcTaskList        *task_list;
  ArcTaskPage        *task_page;
  ArcTaskView        *task_view;
  ArcSolveView       *solve_view;
  GSettings          *settings;

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
  char               *session_id;    /* (nullable): the task's id in its file... */
  GFile              *session_file;  /* (nullable): ...this one (arc_entry_is_task()) */
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

/* arc-task-editor.c */
void     arc_task_editor_toast        (ArcTaskEditor *self,
                                       const char    *message);
void     arc_task_editor_update_actions (ArcTaskEditor *self);
gboolean arc_task_editor_is_editing   (ArcTaskEditor *self);
void     arc_task_editor_set_mode     (ArcTaskEditor *self,
                                       gboolean       editing);
void     arc_task_editor_show_mode    (ArcTaskEditor *self,
                                       gboolean       editing);
void     arc_task_editor_stop         (ArcTaskEditor *self);
gboolean arc_task_editor_matches      (ArcTaskEditor *self,
                                       ArcEntry      *entry);
void     arc_task_editor_refresh      (ArcTaskEditor *self);
void     arc_task_editor_show_problems (ArcTaskEditor *self,
                                        GPtrArray     *problems);
void     arc_task_editor_continue     (ArcTaskEditor *self);
ArcTaskEdit *arc_task_editor_session_for_entry (ArcEntry  *entry,
                                               GError   **error);
void     arc_task_editor_start_session (ArcTaskEditor *self,
                                        ArcEntry      *entry,
                                        ArcTaskEdit   *session);
void     arc_task_editor_set_target   (ArcTaskEditor       *self,
                                       const ArcEditTarget *t);


/* arc-task-editor-files.c */
void     arc_task_editor_files_dispose (ArcTaskEditor *self);
gboolean arc_task_editor_save         (ArcTaskEditor *self);
void     arc_task_editor_save_as      (ArcTaskEditor *self);
void     arc_task_editor_ask_unsaved  (ArcTaskEditor *self,
                                       ArcEditThen    then);
void     arc_task_editor_new_task     (ArcTaskEditor *self,
                                       gboolean       duplicate);
void     arc_task_editor_report_external (ArcTaskEditor *self);

G_END_DECLS

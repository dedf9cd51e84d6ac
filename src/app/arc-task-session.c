/* arc-task-session.c: the task the window shows, as one object
 *
 * A session is made when a task is shown (arc_window_show_entry()): it
 * reads the entry's task and problems, and holds the task's notes
 * (ArcTaskNotes) and its workspace (ArcSolve, with its undo), started from
 * the attempts in the notes and the work in progress on disk. The task
 * page owns the session shown; the window's parts follow its properties
 * (the examples, the workspace, the review panel, the notes pane, Edit
 * Task, the replay and the status line) instead of being handed each
 * piece. When another task is shown, ArcSessionKeeper keeps what the
 * session leaves: its notes until saved, its workspace with its undo.
 *
 * It also holds the program run on the task's pairs (arc-window-program.c
 * starts it and shows its results): a session left cancels its run.
 *
 * A session follows its parts: the workspace counts its trials again
 * when the notes take in another window's attempts, the window hears of
 * the first change of work ("work-changed", for the task list's marks)
 * and of the task's file changed on disk ("changed-on-disk").
 *
 * No GTK: the session and its keeper are the app's, but need no display.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-task-session"

#include "config.h"

#include "arc-task-session.h"

struct _ArcTaskSession
{
  GObject       parent_instance;

  ArcEntry     *entry;
  ArcTask      *task;         /* (nullable): the entry could not be read */
  GPtrArray    *problems;     /* (nullable): what the validator says of it */
  ArcTaskNotes *notes;        /* (nullable): none without a notes store */
  ArcSolve     *solve;        /* (nullable): none without a task */
  GCancellable *program_run;  /* (nullable): the program running on the task */
};

G_DEFINE_FINAL_TYPE (ArcTaskSession, arc_task_session, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_ENTRY,
  PROP_TASK,
  PROP_PROBLEMS,
  PROP_NOTES,
  PROP_SOLVE,
  N_PROPS
};

enum
{
  SIGNAL_WORK_CHANGED,
  SIGNAL_CHANGED_ON_DISK,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Another window's attempts merged in: one set of trials for both */
static void
notes_changed_cb (ArcTaskNotes   *notes,
                  ArcTaskSession *self)
{
  if (self->solve)
    arc_solve_recount (self->solve, arc_task_notes_get_attempts (notes));
}

/* Work on the task is in progress in the list from its first change */
static void
solve_changed_cb (ArcSolve       *solve,
                  ArcTaskSession *self)
{
  if (arc_solve_has_new_work (solve))
    g_signal_emit (self, signals[SIGNAL_WORK_CHANGED], 0);
}

/* The task's file changed on disk: it is to be read again */
static void
entry_status_cb (ArcEntry       *entry,
                 GParamSpec     *pspec,
                 ArcTaskSession *self)
{
  if (arc_entry_get_status (entry) == ARC_ENTRY_UNKNOWN)
    g_signal_emit (self, signals[SIGNAL_CHANGED_ON_DISK], 0);
}

/* The workspace for the task, with the attempts kept in the notes */
static void
start_solving (ArcTaskSession *self,
               guint           trials,
               const char     *collection_uri)
{
  GPtrArray *attempts = self->notes ? arc_task_notes_get_attempts (self->notes) : NULL;
  g_autofree char *hash = arc_task_dup_content_hash (self->task);
  g_autoptr(ArcSolve) solve = arc_solve_new (self->task, trials);
  g_autoptr(GFile) work = arc_solve_dup_work_file (arc_entry_get_file (self->entry), arc_entry_get_id (self->entry));

  /* Attempts made before the task was edited do not count for this
   * version, nor do those made by the task's program */
  for (guint i = 0; attempts && i < attempts->len; i++)
    if (!arc_attempt_is_earlier_version (attempts->pdata[i], hash) && !arc_attempt_is_by_program (attempts->pdata[i]))
      arc_solve_add_past (solve, attempts->pdata[i]);
  /* Each test input shows its work in progress, or its last attempt; the
   * work file says where its task is, to go when the collection has gone */
  arc_solve_set_work_address (solve, collection_uri, arc_entry_get_id (self->entry));
  arc_solve_set_work_file (solve, work);
  arc_task_session_set_solve (self, solve);
}

/**
 * arc_task_session_new:
 * @notes: (nullable): @entry's notes, for the user (none without a notes
 *   store)
 * @trials: the trials of each test input
 * @collection_uri: (nullable): the collection of @entry, which its work
 *   file names
 *
 * Reads @entry's task and starts its workspace, from the attempts in
 * @notes and the work in progress on disk.
 *
 * Returns: (transfer full): the session of @entry
 */
ArcTaskSession *
arc_task_session_new (ArcEntry     *entry,
                      ArcTaskNotes *notes,
                      guint         trials,
                      const char   *collection_uri)
{
  ArcTaskSession *self;

  g_return_val_if_fail (ARC_IS_ENTRY (entry), NULL);
  g_return_val_if_fail (notes == NULL || ARC_IS_TASK_NOTES (notes), NULL);

  self = g_object_new (ARC_TYPE_TASK_SESSION, "entry", entry, "notes", notes, NULL);
  /* (what makes it invalid is in its problems) */
  self->task = arc_entry_load (entry, NULL);
  self->problems = arc_entry_dup_problems (entry);
  if (self->task)
    start_solving (self, trials, collection_uri);
  return self;
}

ArcEntry *
arc_task_session_get_entry (ArcTaskSession *self)
{
  g_return_val_if_fail (ARC_IS_TASK_SESSION (self), NULL);
  return self->entry;
}

/**
 * arc_task_session_get_task:
 * Returns: (transfer none) (nullable): the task, %NULL when it could not
 *   be read (its problems say why)
 */
ArcTask *
arc_task_session_get_task (ArcTaskSession *self)
{
  g_return_val_if_fail (ARC_IS_TASK_SESSION (self), NULL);
  return self->task;
}

/**
 * arc_task_session_get_problems:
 * Returns: (transfer none) (nullable) (element-type ArcProblem): what the
 *   validator says of the task
 */
GPtrArray *
arc_task_session_get_problems (ArcTaskSession *self)
{
  g_return_val_if_fail (ARC_IS_TASK_SESSION (self), NULL);
  return self->problems;
}

/**
 * arc_task_session_get_notes:
 * Returns: (transfer none) (nullable): the user's notes on the task
 */
ArcTaskNotes *
arc_task_session_get_notes (ArcTaskSession *self)
{
  g_return_val_if_fail (ARC_IS_TASK_SESSION (self), NULL);
  return self->notes;
}

/**
 * arc_task_session_set_notes:
 * @notes: (nullable): the task's notes, another annotator's (the
 *   preferences named another user)
 */
void
arc_task_session_set_notes (ArcTaskSession *self,
                            ArcTaskNotes   *notes)
{
  g_return_if_fail (ARC_IS_TASK_SESSION (self));
  g_return_if_fail (notes == NULL || ARC_IS_TASK_NOTES (notes));

  if (self->notes == notes)
    return;
  if (self->notes)
    g_signal_handlers_disconnect_by_func (self->notes, notes_changed_cb, self);
  g_set_object (&self->notes, notes);
  if (notes)
    g_signal_connect_object (notes, "changed", G_CALLBACK (notes_changed_cb), self, 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NOTES]);
}

/**
 * arc_task_session_get_solve:
 * Returns: (transfer none) (nullable): the workspace, %NULL without a task
 */
ArcSolve *
arc_task_session_get_solve (ArcTaskSession *self)
{
  g_return_val_if_fail (ARC_IS_TASK_SESSION (self), NULL);
  return self->solve;
}

/**
 * arc_task_session_set_solve:
 * @solve: the workspace of the task: one kept of it with its undo
 *   (ArcSessionKeeper), in place of the one the session started
 */
void
arc_task_session_set_solve (ArcTaskSession *self,
                            ArcSolve       *solve)
{
  g_return_if_fail (ARC_IS_TASK_SESSION (self));
  g_return_if_fail (ARC_IS_SOLVE (solve));

  if (self->solve == solve)
    return;
  if (self->solve)
    g_signal_handlers_disconnect_by_func (self->solve, solve_changed_cb, self);
  g_set_object (&self->solve, solve);
  g_signal_connect_object (solve, "changed", G_CALLBACK (solve_changed_cb), self, 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOLVE]);
}

/**
 * arc_task_session_shows:
 * Returns: whether @entry is the session's task (arc_entry_is_task())
 */
gboolean
arc_task_session_shows (ArcTaskSession *self,
                        ArcEntry       *entry)
{
  g_return_val_if_fail (ARC_IS_TASK_SESSION (self), FALSE);
  g_return_val_if_fail (entry == NULL || ARC_IS_ENTRY (entry), FALSE);

  return entry && arc_entry_is_task (entry, arc_entry_get_file (self->entry), arc_entry_get_id (self->entry));
}

/* The program run */

/**
 * arc_task_session_begin_run:
 * Cancels the run under way, if any, for a new one.
 *
 * Returns: (transfer none): what cancels the new run: the session's as
 *   long as it is the last begun
 */
GCancellable *
arc_task_session_begin_run (ArcTaskSession *self)
{
  g_return_val_if_fail (ARC_IS_TASK_SESSION (self), NULL);

  arc_task_session_cancel_run (self);
  self->program_run = g_cancellable_new ();
  return self->program_run;
}

/**
 * arc_task_session_end_run:
 * @run: what arc_task_session_begin_run() returned
 *
 * Returns: whether the results of @run are to be shown: it is the
 *   session's last, and was not cancelled; it is over now
 */
gboolean
arc_task_session_end_run (ArcTaskSession *self,
                          GCancellable   *run)
{
  g_return_val_if_fail (ARC_IS_TASK_SESSION (self), FALSE);
  g_return_val_if_fail (G_IS_CANCELLABLE (run), FALSE);

  if (g_cancellable_is_cancelled (run) || run != self->program_run)
    return FALSE;
  g_clear_object (&self->program_run);
  return TRUE;
}

/**
 * arc_task_session_cancel_run:
 * Stops the program running on the task (another task is shown, or the
 * same read again).
 */
void
arc_task_session_cancel_run (ArcTaskSession *self)
{
  g_return_if_fail (ARC_IS_TASK_SESSION (self));

  if (self->program_run)
    g_cancellable_cancel (self->program_run);
  g_clear_object (&self->program_run);
}

/* GObject */

static void
arc_task_session_dispose (GObject *object)
{
  ArcTaskSession *self = ARC_TASK_SESSION (object);

  arc_task_session_cancel_run (self);
  if (self->notes)
    g_signal_handlers_disconnect_by_func (self->notes, notes_changed_cb, self);
  if (self->solve)
    g_signal_handlers_disconnect_by_func (self->solve, solve_changed_cb, self);
  if (self->entry)
    g_signal_handlers_disconnect_by_func (self->entry, entry_status_cb, self);
  g_clear_object (&self->notes);
  g_clear_object (&self->solve);
  g_clear_object (&self->task);
  g_clear_object (&self->entry);
  g_clear_pointer (&self->problems, g_ptr_array_unref);

  G_OBJECT_CLASS (arc_task_session_parent_class)->dispose (object);
}

static void
arc_task_session_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  ArcTaskSession *self = ARC_TASK_SESSION (object);

  switch (prop_id)
    {
    case PROP_ENTRY:
      g_value_set_object (value, self->entry);
      break;
    case PROP_TASK:
      g_value_set_object (value, self->task);
      break;
    case PROP_PROBLEMS:
      g_value_set_boxed (value, self->problems);
      break;
    case PROP_NOTES:
      g_value_set_object (value, self->notes);
      break;
    case PROP_SOLVE:
      g_value_set_object (value, self->solve);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arc_task_session_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  ArcTaskSession *self = ARC_TASK_SESSION (object);

  switch (prop_id)
    {
    case PROP_ENTRY:
      self->entry = g_value_dup_object (value);
      g_signal_connect_object (self->entry, "notify::status", G_CALLBACK (entry_status_cb), self, 0);
      break;
    case PROP_NOTES:
      arc_task_session_set_notes (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arc_task_session_class_init (ArcTaskSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = arc_task_session_dispose;
  object_class->get_property = arc_task_session_get_property;
  object_class->set_property = arc_task_session_set_property;

  properties[PROP_ENTRY] =
    g_param_spec_object ("entry", NULL, NULL, ARC_TYPE_ENTRY,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TASK] =
    g_param_spec_object ("task", NULL, NULL, ARC_TYPE_TASK, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PROBLEMS] =
    g_param_spec_boxed ("problems", NULL, NULL, G_TYPE_PTR_ARRAY, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_NOTES] =
    g_param_spec_object ("notes", NULL, NULL, ARC_TYPE_TASK_NOTES,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SOLVE] =
    g_param_spec_object ("solve", NULL, NULL, ARC_TYPE_SOLVE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ArcTaskSession::work-changed:
   * The workspace changed, with work not yet in the list's counts
   */
  signals[SIGNAL_WORK_CHANGED] =
    g_signal_new ("work-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  /**
   * ArcTaskSession::changed-on-disk:
   * The task's file changed: the task is to be shown again, as read now
   */
  signals[SIGNAL_CHANGED_ON_DISK] =
    g_signal_new ("changed-on-disk", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
arc_task_session_init (ArcTaskSession *self)
{
}

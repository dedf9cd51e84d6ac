/* arc-session-keeper.c: what the sessions of the tasks shown before leave
 *
 * A session left (another task shown) has its work written and its
 * program run stopped; its notes go to an ArcNotesKeeper, which saves them
 * in the background and holds them until saved (closing the window waits
 * for it); its workspace is kept, the last 12 of them, with their undo:
 * back on the task, a new session takes it up and Undo goes on where it
 * was, as long as nothing changed meanwhile: the task (its content hash),
 * its work file (as it was left), its attempts (as the notes read again
 * know them). Otherwise the session starts again from the grid and the
 * work file.
 *
 * Main thread only; no GTK.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-session-keeper"

#include "config.h"

#include "arc-session-keeper.h"

#define N_KEPT 12

typedef struct
{
  GFile    *file;     /* the task's, with its id: entries are made anew when a file is listed again */
  char     *id;
  char     *hash;     /* of the task it solves */
  GBytes   *work;     /* its work file as it was left (NULL: none) */
  ArcSolve *solve;
} KeptSession;

struct _ArcSessionKeeper
{
  GObject         parent_instance;

  GPtrArray      *kept;          /* KeptSession, the last left first */
  ArcNotesKeeper *notes_keeper;
};

G_DEFINE_FINAL_TYPE (ArcSessionKeeper, arc_session_keeper, G_TYPE_OBJECT)

static void
kept_session_free (gpointer data)
{
  KeptSession *kept = data;

  g_object_unref (kept->file);
  g_free (kept->id);
  g_free (kept->hash);
  g_clear_pointer (&kept->work, g_bytes_unref);
  g_object_unref (kept->solve);
  g_free (kept);
}

/* What @entry's work file holds now (NULL: none) */
static GBytes *
read_work (ArcEntry *entry)
{
  g_autoptr(GFile) file = arc_solve_dup_work_file (arc_entry_get_file (entry), arc_entry_get_id (entry));

  return g_file_load_bytes (file, NULL, NULL, NULL);
}

/* Whether @a and @b have the same trials left and states: the attempts
 * they know are the same */
static gboolean
same_attempts (ArcSolve *a,
               ArcSolve *b)
{
  if (arc_solve_get_n_tests (a) != arc_solve_get_n_tests (b))
    return FALSE;
  for (guint t = 0; t < arc_solve_get_n_tests (a); t++)
    if (arc_solve_get_trials_left (a, t) != arc_solve_get_trials_left (b, t) ||
        arc_solve_get_state (a, t) != arc_solve_get_state (b, t))
      return FALSE;
  return TRUE;
}

/* The workspace kept for @session's task, when nothing changed meanwhile
 * (@session's own, just started, knows the attempts as the notes say
 * them). Taken out of the kept ones, as is one that no longer stands so. */
static ArcSolve *
take_kept_solve (ArcSessionKeeper *self,
                 ArcTaskSession   *session)
{
  ArcEntry *entry = arc_task_session_get_entry (session);
  ArcSolve *fresh = arc_task_session_get_solve (session);
  g_autofree char *hash = arc_task_dup_content_hash (arc_task_session_get_task (session));

  for (guint i = 0; i < self->kept->len; i++)
    {
      KeptSession *kept = self->kept->pdata[i];
      g_autoptr(GBytes) work = NULL;
      ArcSolve *solve = NULL;

      if (!g_str_equal (kept->id, arc_entry_get_id (entry)) || !g_file_equal (kept->file, arc_entry_get_file (entry)))
        continue;
      work = read_work (entry);
      if (g_str_equal (kept->hash, hash) && same_attempts (kept->solve, fresh) &&
          (work == NULL) == (kept->work == NULL) && (work == NULL || g_bytes_equal (work, kept->work)))
        solve = g_object_ref (kept->solve);
      g_ptr_array_remove_index (self->kept, i);
      return solve;
    }
  return NULL;
}

/**
 * arc_session_keeper_open:
 * @notes: (nullable): @entry's notes
 * @resume: whether the workspace kept of @entry, if any, is taken up
 *   (not while Edit Task shows its own)
 *
 * A session for @entry (arc_task_session_new()), with the workspace kept
 * of it and its undo when it still stands.
 *
 * Returns: (transfer full): the session
 */
ArcTaskSession *
arc_session_keeper_open (ArcSessionKeeper *self,
                         ArcEntry         *entry,
                         ArcTaskNotes     *notes,
                         guint             trials,
                         const char       *collection_uri,
                         gboolean          resume)
{
  ArcTaskSession *session;

  g_return_val_if_fail (ARC_IS_SESSION_KEEPER (self), NULL);
  g_return_val_if_fail (ARC_IS_ENTRY (entry), NULL);

  session = arc_task_session_new (entry, notes, trials, collection_uri);
  if (resume && arc_task_session_get_solve (session))
    {
      g_autoptr(ArcSolve) kept = take_kept_solve (self, session);

      if (kept)
        arc_task_session_set_solve (session, kept);
    }
  return session;
}

/**
 * arc_session_keeper_leave:
 * @next: (nullable): the entry shown next
 * @keep: whether @session's workspace is the task's to keep (not Edit
 *   Task's, shown in its place)
 *
 * @session is no longer shown: its program stops, its work is written, its
 * notes are saved in the background (unless @next is the same entry, whose
 * session goes on with them), and its workspace is kept (unless @next is
 * the same task, read again, whose work is read again).
 */
void
arc_session_keeper_leave (ArcSessionKeeper *self,
                          ArcTaskSession   *session,
                          ArcEntry         *next,
                          gboolean          keep)
{
  ArcEntry *entry;
  ArcTaskNotes *notes;
  ArcSolve *solve;
  KeptSession *kept;

  g_return_if_fail (ARC_IS_SESSION_KEEPER (self));
  g_return_if_fail (ARC_IS_TASK_SESSION (session));
  g_return_if_fail (next == NULL || ARC_IS_ENTRY (next));

  entry = arc_task_session_get_entry (session);
  notes = arc_task_session_get_notes (session);
  solve = arc_task_session_get_solve (session);
  arc_task_session_cancel_run (session);
  if (solve)
    arc_solve_flush_work (solve);
  if (notes && arc_task_notes_get_entry (notes) != next)
    arc_notes_keeper_keep_saving (self->notes_keeper, notes);
  if (!keep || solve == NULL || arc_task_session_shows (session, next))
    return;
  kept = g_new0 (KeptSession, 1);
  kept->file = g_object_ref (arc_entry_get_file (entry));
  kept->id = g_strdup (arc_entry_get_id (entry));
  kept->hash = arc_task_dup_content_hash (arc_solve_get_task (solve));
  kept->work = read_work (entry);
  kept->solve = g_object_ref (solve);
  g_ptr_array_insert (self->kept, 0, kept);
  if (self->kept->len > N_KEPT)
    g_ptr_array_set_size (self->kept, N_KEPT);
}

/**
 * arc_session_keeper_forget:
 * Lets go of the workspaces kept (another collection); the notes are
 * still saved.
 */
void
arc_session_keeper_forget (ArcSessionKeeper *self)
{
  g_return_if_fail (ARC_IS_SESSION_KEEPER (self));
  g_ptr_array_set_size (self->kept, 0);
}

/**
 * arc_session_keeper_get_n_kept:
 * Returns: how many workspaces are kept
 */
guint
arc_session_keeper_get_n_kept (ArcSessionKeeper *self)
{
  g_return_val_if_fail (ARC_IS_SESSION_KEEPER (self), 0);
  return self->kept->len;
}

/**
 * arc_session_keeper_get_notes_keeper:
 * Returns: (transfer none): what holds the notes of the sessions left
 *   until they are saved
 */
ArcNotesKeeper *
arc_session_keeper_get_notes_keeper (ArcSessionKeeper *self)
{
  g_return_val_if_fail (ARC_IS_SESSION_KEEPER (self), NULL);
  return self->notes_keeper;
}

/* GObject */

static void
arc_session_keeper_dispose (GObject *object)
{
  ArcSessionKeeper *self = ARC_SESSION_KEEPER (object);

  if (self->kept)
    g_ptr_array_set_size (self->kept, 0);
  g_clear_object (&self->notes_keeper);

  G_OBJECT_CLASS (arc_session_keeper_parent_class)->dispose (object);
}

static void
arc_session_keeper_finalize (GObject *object)
{
  ArcSessionKeeper *self = ARC_SESSION_KEEPER (object);

  g_ptr_array_unref (self->kept);

  G_OBJECT_CLASS (arc_session_keeper_parent_class)->finalize (object);
}

static void
arc_session_keeper_class_init (ArcSessionKeeperClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = arc_session_keeper_dispose;
  object_class->finalize = arc_session_keeper_finalize;
}

static void
arc_session_keeper_init (ArcSessionKeeper *self)
{
  self->kept = g_ptr_array_new_with_free_func (kept_session_free);
  self->notes_keeper = arc_notes_keeper_new ();
}

ArcSessionKeeper *
arc_session_keeper_new (void)
{
  return g_object_new (ARC_TYPE_SESSION_KEEPER, NULL);
}

/* arc-notes-keeper.c: the notes of tasks no longer shown, held until they are saved
 *
 * Showing another task does not wait for the notes of the one left to be
 * written: its ArcTaskNotes is given to a keeper, which saves it in the
 * background and holds it until it is saved. One whose save fails stays
 * (it tries again by itself, later). Before the program ends, a flush
 * waits for every save and says whether one failed, so that the user can
 * decide. The app's window has one for all the collections it shows: the
 * notes of a collection closed a moment ago are waited for too.
 *
 * Main thread only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-notes-keeper"

#include "config.h"

#include "arc-notes-keeper.h"

struct _ArcNotesKeeper
{
  GObject    parent_instance;

  GPtrArray *kept;        /* ArcTaskNotes not saved yet */
  guint      n_flushes;   /* flushes waiting for saves */
};

G_DEFINE_FINAL_TYPE (ArcNotesKeeper, arc_notes_keeper, G_TYPE_OBJECT)

static void kept_saved_cb (ArcTaskNotes   *notes,
                           ArcEntry       *entry,
                           ArcNotesKeeper *self);

static void
release (ArcNotesKeeper *self,
         ArcTaskNotes   *notes)
{
  g_signal_handlers_disconnect_by_func (notes, kept_saved_cb, self);
  g_ptr_array_remove (self->kept, notes);
}

/* Saved, or read again from disk: held no longer once nothing is left to
 * write (the notes are held by the save that tells) */
static void
kept_saved_cb (ArcTaskNotes   *notes,
               ArcEntry       *entry,
               ArcNotesKeeper *self)
{
  if (!arc_task_notes_get_modified (notes))
    release (self, notes);
}

static void
arc_notes_keeper_dispose (GObject *object)
{
  ArcNotesKeeper *self = ARC_NOTES_KEEPER (object);

  /* Whatever is left unsaved is still tried, in the background: each save
   * holds its notes until it is done */
  while (self->kept->len > 0)
    {
      ArcTaskNotes *notes = self->kept->pdata[self->kept->len - 1];

      arc_task_notes_save_async (notes, NULL, NULL, NULL);
      release (self, notes);
    }

  G_OBJECT_CLASS (arc_notes_keeper_parent_class)->dispose (object);
}

static void
arc_notes_keeper_finalize (GObject *object)
{
  ArcNotesKeeper *self = ARC_NOTES_KEEPER (object);

  g_ptr_array_unref (self->kept);

  G_OBJECT_CLASS (arc_notes_keeper_parent_class)->finalize (object);
}

static void
arc_notes_keeper_class_init (ArcNotesKeeperClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = arc_notes_keeper_dispose;
  object_class->finalize = arc_notes_keeper_finalize;
}

static void
arc_notes_keeper_init (ArcNotesKeeper *self)
{
  self->kept = g_ptr_array_new_with_free_func (g_object_unref);
}

ArcNotesKeeper *
arc_notes_keeper_new (void)
{
  return g_object_new (ARC_TYPE_NOTES_KEEPER, NULL);
}

/**
 * arc_notes_keeper_keep_saving:
 * @notes: notes left (another task is shown), or any whose edits must be
 *   written before the program ends
 *
 * Saves @notes now, in the background, and holds a reference to them until
 * nothing of them is left unsaved; a failed save keeps them, and they try
 * again later. Notes with nothing to save are not held.
 */
void
arc_notes_keeper_keep_saving (ArcNotesKeeper *self,
                              ArcTaskNotes   *notes)
{
  g_return_if_fail (ARC_IS_NOTES_KEEPER (self));
  g_return_if_fail (ARC_IS_TASK_NOTES (notes));

  if (!arc_task_notes_get_modified (notes) && !arc_task_notes_get_saving (notes))
    return;
  if (!g_ptr_array_find (self->kept, notes, NULL))
    {
      g_ptr_array_add (self->kept, g_object_ref (notes));
      g_signal_connect (notes, "saved", G_CALLBACK (kept_saved_cb), self);
    }
  arc_task_notes_save_async (notes, NULL, NULL, NULL);
}

/**
 * arc_notes_keeper_get_unsaved:
 * Returns: whether notes held have edits not on disk yet (being saved, or
 *   whose save failed)
 */
gboolean
arc_notes_keeper_get_unsaved (ArcNotesKeeper *self)
{
  g_return_val_if_fail (ARC_IS_NOTES_KEEPER (self), FALSE);

  for (guint i = 0; i < self->kept->len; i++)
    if (arc_task_notes_get_modified (self->kept->pdata[i]) || arc_task_notes_get_saving (self->kept->pdata[i]))
      return TRUE;
  return FALSE;
}

/**
 * arc_notes_keeper_get_flushing:
 * Returns: whether a flush is waiting for saves (no longer when its
 *   callback is called)
 */
gboolean
arc_notes_keeper_get_flushing (ArcNotesKeeper *self)
{
  g_return_val_if_fail (ARC_IS_NOTES_KEEPER (self), FALSE);

  return self->n_flushes > 0;
}

typedef struct
{
  guint   waiting;   /* saves not done yet */
  GError *error;     /* the first that failed */
} Flush;

static void
flush_free (gpointer data)
{
  Flush *flush = data;

  g_clear_error (&flush->error);
  g_free (flush);
}

/* One save less to wait for; @task is taken */
static void
flush_one_done (GTask *task)
{
  Flush *flush = g_task_get_task_data (task);

  if (--flush->waiting == 0)
    {
      /* Not flushing in the callback: the window closes from there */
      ARC_NOTES_KEEPER (g_task_get_source_object (task))->n_flushes--;
      if (flush->error)
        g_task_return_error (task, g_steal_pointer (&flush->error));
      else
        g_task_return_boolean (task, TRUE);
    }
  g_object_unref (task);
}

static void
flush_saved_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  GTask *task = user_data;
  Flush *flush = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;

  if (!arc_task_notes_save_finish (ARC_TASK_NOTES (source), result, &error) && flush->error == NULL)
    flush->error = g_steal_pointer (&error);
  flush_one_done (task);
}

/**
 * arc_notes_keeper_flush_async:
 * Saves every notes held now, and completes when each save is done: with
 * the error of the first that failed (those notes are still held, and try
 * again later), or at once when nothing is held.
 */
void
arc_notes_keeper_flush_async (ArcNotesKeeper      *self,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  GTask *task;
  Flush *flush;

  g_return_if_fail (ARC_IS_NOTES_KEEPER (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, arc_notes_keeper_flush_async);
  flush = g_new0 (Flush, 1);
  g_task_set_task_data (task, flush, flush_free);
  self->n_flushes++;
  /* None completes before the main loop runs again: none is released in
   * this loop */
  flush->waiting = 1 + self->kept->len;  /* one for the loop */
  for (guint i = 0; i < self->kept->len; i++)
    arc_task_notes_save_async (self->kept->pdata[i], NULL, flush_saved_cb, g_object_ref (task));
  flush_one_done (task);
}

/**
 * arc_notes_keeper_flush_finish:
 * Returns: %TRUE when every notes held was saved
 */
gboolean
arc_notes_keeper_flush_finish (ArcNotesKeeper  *self,
                               GAsyncResult    *result,
                               GError         **error)
{
  g_return_val_if_fail (ARC_IS_NOTES_KEEPER (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

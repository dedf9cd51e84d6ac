/* arc-notes-write.c: writing a notes file: its text, saving it atomically
 * (at once or in a worker), and merging a change on disk
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-notes"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arc-annotation-private.h"
#include "arc-error.h"
#include "arc-file.h"
#include "arc-notes-json-private.h"
#include "arc-notes-private.h"

/* Writing */

static JsonNode *
task_to_node (TaskNotes *t)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(GPtrArray) names = arc_notes_sorted_keys (t->annotators);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "annotators");
  json_builder_begin_object (b);
  for (guint j = 0; j < names->len; j++)
    {
      json_builder_set_member_name (b, names->pdata[j]);
      arc_annotation_build (b, g_hash_table_lookup (t->annotators, names->pdata[j]));
    }
  json_builder_end_object (b);
  arc_notes_end_object (b, t->extra);
  return json_builder_get_root (b);
}

/* Nothing worth a file: blank annotations only, no members of others */
static gboolean
is_blank (ArcNotes *self)
{
  GHashTableIter iter, a_iter;
  gpointer value, annotation;

  if (self->extra && json_object_get_size (self->extra) > 0)
    return FALSE;
  g_hash_table_iter_init (&iter, self->tasks);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      TaskNotes *t = value;

      if (t->extra && json_object_get_size (t->extra) > 0)
        return FALSE;
      g_hash_table_iter_init (&a_iter, t->annotators);
      while (g_hash_table_iter_next (&a_iter, NULL, &annotation))
        if (!arc_annotation_is_blank (annotation))
          return FALSE;
    }
  return TRUE;
}

static char *
to_data (ArcNotes *self,
         int       version)
{
  GString *out = g_string_new ("{");
  g_autoptr(GPtrArray) ids = NULL;
  g_autoptr(GList) extra = NULL;
  g_autoptr(GPtrArray) lists = g_ptr_array_new ();
  g_autoptr(GString) task_text = g_string_new (NULL);
  g_autofree char *marker = g_strdup_printf ("\001traj:%08x:", g_random_int ());
  ArcTrajectoryWriting writing = { lists, marker };

  arc_notes_append_member_name (out, "format", 1);
  g_string_append (out, "\"" ARC_NOTES_FORMAT "\",");
  arc_notes_append_member_name (out, "version", 1);
  g_string_append_printf (out, "%d,", version);
  arc_notes_append_member_name (out, "tasks", 1);
  ids = arc_notes_sorted_keys (self->tasks);
  g_string_append (out, ids->len ? "{" : "{  }");
  for (guint i = 0; i < ids->len; i++)
    {
      g_autoptr(JsonNode) task = NULL;

      /* Version 3: the trajectories are written straight to the text, one step a line */
      arc_trajectory_set_writing (version >= 3 ? &writing : NULL);
      task = task_to_node (g_hash_table_lookup (self->tasks, ids->pdata[i]));
      arc_trajectory_set_writing (NULL);
      if (i > 0)
        g_string_append_c (out, ',');
      arc_notes_append_member_name (out, ids->pdata[i], 2);
      g_string_truncate (task_text, 0);
      arc_notes_append_pretty (task_text, task, 2);
      arc_trajectory_splice (task_text, 0, &writing);
      g_ptr_array_set_size (lists, 0);
      g_string_append_len (out, task_text->str, (gssize) task_text->len);
    }
  if (ids->len)
    g_string_append (out, "\n  }");
  extra = self->extra ? json_object_get_members (self->extra) : NULL;
  for (GList *l = extra; l; l = l->next)
    {
      g_string_append_c (out, ',');
      arc_notes_append_member_name (out, l->data, 1);
      arc_notes_append_pretty (out, json_object_get_member (self->extra, l->data), 1);
    }
  g_string_append (out, "\n}");
  return g_string_free (out, FALSE);
}

/**
 * arc_notes_to_data:
 * Returns: the file's contents: pretty-printed, tasks and annotators in
 * sorted order, members in a fixed order, unknown members kept; "" when
 * there is nothing to keep (a save then removes the file). A file of
 * version 1 or 2 whose notes did not change is written as it was; else
 * as version 3, with its trajectories one step a line.
 */
char *
arc_notes_to_data (ArcNotes *self,
                   gsize    *length)
{
  char *data = NULL;

  g_return_val_if_fail (ARC_IS_NOTES (self), NULL);

  if (is_blank (self))  /* the notes typed were all deleted: no file */
    data = g_strdup ("");
  else if ((self->version == 1 || self->version == 2) && self->synced)
    {
      data = to_data (self, self->version);
      if (!g_str_equal (data, self->synced))
        g_clear_pointer (&data, g_free);
    }
  if (data == NULL)
    data = to_data (self, ARC_NOTES_VERSION);
  if (length)
    *length = strlen (data);
  return data;
}

/* Makes @file's folder if it is missing, then writes @bytes safely
 * (arc_file_write()), failing with %G_IO_ERROR_WRONG_ETAG if the file
 * no longer holds what had the hash @hash (its content is compared: a change
 * in place can keep the size and the modification time). Runs in the main
 * thread or a worker: it touches no ArcNotes. */
static gboolean
write_file (GFile       *file,
            GBytes      *bytes,
            const char  *hash,
            char       **new_hash,
            GError     **error)
{
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autoptr(ArcFileLock) lock = NULL;
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);

  if (parent && !g_file_query_exists (parent, NULL))
    {
      g_autoptr(GError) mkdir_error = NULL;

      if (!g_file_make_directory_with_parents (parent, NULL, &mkdir_error) &&
          !g_error_matches (mkdir_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
        {
          g_propagate_error (error, g_steal_pointer (&mkdir_error));
          return FALSE;
        }
    }
  /* The check and the write under the folder's lock: no other program
   * writes between them */
  lock = arc_file_lock (file, error);
  if (lock == NULL)
    return FALSE;
  if (hash != NULL)
    {
      g_autofree char *now = arc_file_query_hash (file);

      if (now != NULL && !g_str_equal (now, hash))
        {
          g_autofree char *name = g_file_get_parse_name (file);

          g_set_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG,
                       _("%s: another program changed the file since it was read; nothing was written"), name);
          return FALSE;
        }
    }
  if (length == 0)  /* nothing to keep: no file */
    {
      *new_hash = NULL;
      return arc_file_delete (file, error);
    }
  if (!arc_file_write (file, data, length, error))
    return FALSE;
  *new_hash = arc_file_hash_data (data, length);
  arc_file_know_hash (file, *new_hash, length);
  return TRUE;
}

static gboolean
check_not_corrupt (ArcNotes  *self,
                   GError   **error)
{
  g_autofree char *name = NULL;

  name = g_file_get_parse_name (self->file);
  if (self->partial)
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID,
                   _("%s: the notes were read without their trajectories, so they are not written"), name);
      return FALSE;
    }
  if (!self->corrupt)
    return TRUE;
  g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID,
               _("%s: the file does not parse, so it is not written over"), name);
  return FALSE;
}

static void
written (ArcNotes *self,
         GBytes   *bytes,
         char     *hash)
{
  g_free (self->hash);
  self->hash = hash;
  g_free (self->synced);
  self->synced = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

/**
 * arc_notes_save:
 * @check_etag: fail with %G_IO_ERROR_WRONG_ETAG if the file changed on disk
 *   since it was read or written here
 *
 * Writes the file atomically: a new file, then a rename over the old one.
 * Corrupt notes are never written over.
 */
gboolean
arc_notes_save (ArcNotes  *self,
                gboolean   check_etag,
                GError   **error)
{
  g_autoptr(GBytes) bytes = NULL;
  char *hash = NULL;
  gsize length;
  char *data;

  g_return_val_if_fail (ARC_IS_NOTES (self), FALSE);

  if (!check_not_corrupt (self, error))
    return FALSE;
  data = arc_notes_to_data (self, &length);
  bytes = g_bytes_new_take (data, length);
  if (!write_file (self->file, bytes, check_etag ? self->hash : NULL, &hash, error))
    return FALSE;
  written (self, bytes, hash);
  return TRUE;
}

typedef struct
{
  GFile     *file;
  GBytes    *bytes;
  char      *hash;      /* expected, or NULL */
  char      *new_hash;
  GPtrArray *clients;   /* GTask: the saves this write completes */
} WriteJob;

static void
write_job_free (gpointer data)
{
  WriteJob *job = data;

  g_object_unref (job->file);
  g_bytes_unref (job->bytes);
  g_free (job->hash);
  g_free (job->new_hash);
  g_ptr_array_unref (job->clients);
  g_free (job);
}

static void
write_thread (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  WriteJob *job = task_data;
  GError *error = NULL;

  if (write_file (job->file, job->bytes, job->hash, &job->new_hash, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void start_write (ArcNotes *self, GPtrArray *clients, gboolean check_etag);

static void
write_done_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  ArcNotes *self = ARC_NOTES (source);
  WriteJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GPtrArray) clients = g_ptr_array_ref (job->clients);
  g_autoptr(GError) error = NULL;

  if (g_task_propagate_boolean (G_TASK (result), &error))
    written (self, job->bytes, g_steal_pointer (&job->new_hash));
  self->writing = FALSE;
  for (guint i = 0; i < clients->len; i++)
    {
      if (error)
        g_task_return_error (clients->pdata[i], g_error_copy (error));
      else
        g_task_return_boolean (clients->pdata[i], TRUE);
    }
  /* What was asked for meanwhile is written in one go */
  if (!self->writing && self->waiting->len > 0)
    {
      GPtrArray *waiting = g_steal_pointer (&self->waiting);

      self->waiting = g_ptr_array_new_with_free_func (g_object_unref);
      start_write (self, waiting, self->waiting_check_etag);
      self->waiting_check_etag = FALSE;
    }
}

/* Serialises now, in the main thread, and writes in a worker */
static void
start_write (ArcNotes  *self,
             GPtrArray *clients,
             gboolean   check_etag)
{
  g_autoptr(GTask) task = g_task_new (self, NULL, write_done_cb, NULL);
  WriteJob *job = g_new0 (WriteJob, 1);
  g_autoptr(GError) error = NULL;
  gsize length;
  char *data;

  if (!check_not_corrupt (self, &error))
    {
      for (guint i = 0; i < clients->len; i++)
        g_task_return_error (clients->pdata[i], g_error_copy (error));
      g_ptr_array_unref (clients);
      g_free (job);
      return;
    }
  data = arc_notes_to_data (self, &length);
  job->file = g_object_ref (self->file);
  job->bytes = g_bytes_new_take (data, length);
  job->hash = check_etag ? g_strdup (self->hash) : NULL;
  job->clients = clients;
  g_task_set_source_tag (task, start_write);
  g_task_set_task_data (task, job, write_job_free);
  self->writing = TRUE;
  g_task_run_in_thread (task, write_thread);
}

/**
 * arc_notes_save_async:
 * @check_etag: fail with %G_IO_ERROR_WRONG_ETAG if the file changed on disk
 *   since it was read or written here
 *
 * Like arc_notes_save(), without blocking: the notes are serialised now and
 * written by a worker thread. A save asked for while another is under way
 * waits for it, and all those waiting are written together, with the notes
 * as they are then.
 */
void
arc_notes_save_async (ArcNotes            *self,
                      gboolean             check_etag,
                      GCancellable        *cancellable,
                      GAsyncReadyCallback  callback,
                      gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (ARC_IS_NOTES (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, arc_notes_save_async);
  if (self->writing)
    {
      g_ptr_array_add (self->waiting, task);
      self->waiting_check_etag |= check_etag;
      return;
    }
  {
    GPtrArray *clients = g_ptr_array_new_with_free_func (g_object_unref);

    g_ptr_array_add (clients, task);
    start_write (self, clients, check_etag);
  }
}

gboolean
arc_notes_save_finish (ArcNotes      *self,
                       GAsyncResult  *result,
                       GError       **error)
{
  g_return_val_if_fail (ARC_IS_NOTES (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * arc_notes_is_saving:
 * Returns: %TRUE while an asynchronous save is being written
 */
gboolean
arc_notes_is_saving (ArcNotes *self)
{
  g_return_val_if_fail (ARC_IS_NOTES (self), FALSE);
  return self->writing;
}

static gboolean
annotations_equal (const ArcAnnotation *a,
                   const ArcAnnotation *b)
{
  g_autoptr(JsonNode) na = arc_annotation_to_node (a);
  g_autoptr(JsonNode) nb = arc_annotation_to_node (b);

  return json_node_equal (na, nb);
}

/**
 * arc_notes_merge_from_disk:
 * @kept_as: (out) (optional) (transfer full): when the file held other
 *   changes to @annotator's own notes on @task_id, the name under which they
 *   are kept ("NAME (changed on disk)"), else %NULL
 *
 * Reads the file again (it changed on disk: a git pull, another annotator),
 * keeping @annotator's notes on @task_id as they are here, which are the
 * user's unsaved edits. Nothing is lost: a different version of those same
 * notes on disk is kept beside them under another name.
 */
gboolean
arc_notes_merge_from_disk (ArcNotes    *self,
                           const char  *task_id,
                           const char  *annotator,
                           char       **kept_as,
                           GError     **error)
{
  g_autoptr(ArcNotes) disk = NULL;
  g_autoptr(ArcNotes) base = NULL;
  ArcAnnotation *ours, *theirs, *before;
  g_autofree char *data = NULL;

  g_return_val_if_fail (ARC_IS_NOTES (self), FALSE);

  if (kept_as)
    *kept_as = NULL;
  disk = arc_notes_new (self->file);
  if (!arc_notes_load (disk, error))
    return FALSE;
  /* What both sides started from */
  base = arc_notes_new (self->file);
  if (self->synced)
    arc_notes_load_from_data (base, self->synced, strlen (self->synced), NULL);
  ours = arc_notes_get (self, task_id, annotator);
  theirs = arc_notes_get (disk, task_id, annotator);
  before = arc_notes_get (base, task_id, annotator);
  /* They changed our notes as well: keep theirs beside ours */
  if (ours && theirs && !annotations_equal (ours, theirs) && (before == NULL || !annotations_equal (theirs, before)))
    {
      g_autofree char *name = g_strdup_printf (_("%s (changed on disk)"), annotator);

      arc_notes_set (disk, task_id, name, arc_annotation_copy (theirs));
      if (kept_as)
        *kept_as = g_steal_pointer (&name);
    }
  if (ours)
    arc_notes_set (disk, task_id, annotator, arc_annotation_copy (ours));

  data = arc_notes_to_data (disk, NULL);
  if (!arc_notes_load_from_data (self, data, strlen (data), error))
    return FALSE;
  g_free (self->hash);
  self->hash = g_strdup (disk->hash);
  g_free (self->synced);
  self->synced = g_strdup (disk->synced);
  return TRUE;
}

/* arc-notes-write.c: writing a notes file: its text (as json-glib
 * pretty-prints it, grid rows on one line), and saving it safely
 * (at once or in a worker) under its folder's lock, merged with what
 * another program wrote to it meanwhile (arc-notes-merge.c)
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

/* The text of a notes file, as json-glib pretty-prints it, with grid
 * rows on one line, written a task at a time */

/* Rows of digits on one line, "[0, 1, 2]", as ARC files write grids;
 * strings are copied as they are. */
static char *
compact_rows (const char *pretty)
{
  GString *out = g_string_new (NULL);
  const char *p = pretty;

  while (*p)
    {
      if (*p == '"')
        {
          /* A string, escapes included */
          g_string_append_c (out, *p++);
          while (*p && *p != '"')
            {
              if (*p == '\\' && p[1])
                g_string_append_c (out, *p++);
              g_string_append_c (out, *p++);
            }
          if (*p)
            g_string_append_c (out, *p++);
          continue;
        }
      if (*p == '[')
        {
          const char *q = p + 1;
          gboolean digits_only = TRUE, any = FALSE;

          while (*q && *q != ']')
            {
              if (g_ascii_isdigit (*q))
                any = TRUE;
              else if (*q != ',' && !g_ascii_isspace (*q))
                digits_only = FALSE;
              q++;
            }
          if (*q == ']' && digits_only && any)
            {
              g_string_append_c (out, '[');
              for (const char *r = p + 1; r < q; r++)
                {
                  if (*r == ',')
                    g_string_append (out, ", ");
                  else if (!g_ascii_isspace (*r))
                    g_string_append_c (out, *r);
                }
              g_string_append_c (out, ']');
              p = q + 1;
              continue;
            }
        }
      g_string_append_c (out, *p++);
    }
  return g_string_free (out, FALSE);
}

/* Appends @node as json-glib pretty-prints it at depth @level of the file,
 * grids compact: a file is written a task at a time, so that a file of
 * many tasks (beside a Kaggle file) never becomes one tree in memory */
static void
arc_notes_append_pretty (GString  *out,
                         JsonNode *node,
                         guint     level)
{
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autofree char *pretty = NULL;
  g_autofree char *compact = NULL;

  json_generator_set_root (gen, node);
  json_generator_set_pretty (gen, TRUE);
  json_generator_set_indent (gen, 2);
  pretty = json_generator_to_data (gen, NULL);
  compact = compact_rows (pretty);
  /* Strings hold no raw line breaks: each line is indented by the depth,
   * and so is the inside of an empty object, "{  }" */
  for (const char *p = compact; *p; p++)
    {
      g_string_append_c (out, *p);
      if (*p == '\n')
        g_string_append_len (out, "                ", MIN (level * 2, 16));
      else if (*p == '"')
        {
          for (p++; *p && *p != '"'; p++)
            {
              if (*p == '\\' && p[1])
                g_string_append_c (out, *p++);
              g_string_append_c (out, *p);
            }
          if (*p == '\0')
            break;
          g_string_append_c (out, *p);
        }
      else if (*p == '{' && p[1 + strspn (p + 1, " ")] == '}')
        g_string_append_len (out, "                ", MIN (level * 2, 16));
    }
}

/* A member's name at depth @level, on a line of its own, as json-glib writes it */
static void
arc_notes_append_member_name (GString    *out,
                              const char *name,
                              guint       level)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_VALUE);
  g_autofree char *quoted = NULL;

  json_node_set_string (node, name);
  quoted = json_to_string (node, FALSE);
  g_string_append_c (out, '\n');
  g_string_append_len (out, "                ", MIN (level * 2, 16));
  g_string_append_printf (out, "%s : ", quoted);
}

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

/* Saving: under the folder's lock, what the file holds is read; when
 * another program wrote it since it was read or written here, it is merged
 * with the notes held (arc-notes-merge.c); then the notes are written
 * (arc_file_write()) and the lock let go. An asynchronous save reads and
 * writes in a worker and merges and serialises in the main thread, which
 * owns the notes, the lock held between. */

typedef struct
{
  GFile       *file;
  gboolean     merge;        /* else the file is written over */
  char        *base_text;    /* (nullable): the file as last read or written here */
  char        *base_hash;    /* (nullable): its hash */
  ArcFileLock *lock;         /* held from the read to the write */
  ArcNotes    *theirs;       /* (nullable): the file, changed by another program */
  ArcNotes    *base;         /* (nullable): base_text read, to merge theirs with */
  char        *theirs_text;
  char        *theirs_hash;  /* (nullable): NULL when the file was removed */
  GBytes      *bytes;        /* what is written */
  char        *new_hash;
  GPtrArray   *clients;      /* GTask: the saves this write completes */
} SaveJob;

static SaveJob *
save_job_new (ArcNotes *self,
              gboolean  merge)
{
  SaveJob *job = g_new0 (SaveJob, 1);

  job->file = g_object_ref (self->file);
  job->merge = merge;
  job->base_text = g_strdup (self->synced);
  job->base_hash = g_strdup (self->hash);
  return job;
}

static void
save_job_free (SaveJob *job)
{
  g_object_unref (job->file);
  g_free (job->base_text);
  g_free (job->base_hash);
  arc_file_unlock (job->lock);
  g_clear_object (&job->theirs);
  g_clear_object (&job->base);
  g_free (job->theirs_text);
  g_free (job->theirs_hash);
  g_clear_pointer (&job->bytes, g_bytes_unref);
  g_free (job->new_hash);
  g_clear_pointer (&job->clients, g_ptr_array_unref);
  g_free (job);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SaveJob, save_job_free)

static gboolean
make_folder (GFile   *file,
             GError **error)
{
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autoptr(GError) mkdir_error = NULL;

  if (parent == NULL || g_file_query_exists (parent, NULL) ||
      g_file_make_directory_with_parents (parent, NULL, &mkdir_error) ||
      g_error_matches (mkdir_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    return TRUE;
  g_propagate_error (error, g_steal_pointer (&mkdir_error));
  return FALSE;
}

/* What the file holds, when another program changed it since @job's base:
 * read into job->theirs (and the base into job->base) */
static gboolean
read_theirs (SaveJob  *job,
             GError  **error)
{
  g_autofree char *known = arc_file_query_hash_known (job->file);
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  gsize length = 0;
  const char *data = "";

  if (g_strcmp0 (known, job->base_hash) == 0)
    return TRUE;  /* as this program left it (or still not there) */
  bytes = arc_file_load_named (job->file, ARC_NOTES_MAX_FILE_SIZE, &local_error);
  if (bytes == NULL && !g_error_matches (local_error, ARC_ERROR, ARC_ERROR_NOT_FOUND))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (bytes)
    {
      data = g_bytes_get_data (bytes, &length);
      job->theirs_hash = arc_file_hash_data (data, length);
      if (g_strcmp0 (job->theirs_hash, job->base_hash) == 0)
        return TRUE;
    }
  else if (job->base_hash == NULL)
    return TRUE;
  job->theirs = arc_notes_new (job->file);
  if (length > 0 && !arc_notes_load_from_data (job->theirs, data ? data : "", length, &local_error))
    {
      g_autofree char *name = g_file_get_parse_name (job->file);

      g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID,
                   _("%s: another program wrote notes that do not parse (%s); they are not written over, and "
                     "your notes are kept here"), name, local_error->message);
      return FALSE;
    }
  job->theirs_text = g_strndup (data ? data : "", length);
  job->base = arc_notes_new (job->file);
  if (job->base_text)
    arc_notes_load_from_data (job->base, job->base_text, strlen (job->base_text), NULL);
  return TRUE;
}

/* Takes the lock, then reads what the file holds if it is to be merged.
 * Runs in the main thread or a worker: it touches no ArcNotes but those
 * it makes. */
static gboolean
lock_and_read (SaveJob  *job,
               GError  **error)
{
  if (!make_folder (job->file, error))
    return FALSE;
  job->lock = arc_file_lock (job->file, error);
  if (job->lock == NULL)
    return FALSE;
  return !job->merge || read_theirs (job, error);
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

/* What another program wrote is taken in; it is now the base: the notes
 * hold it (even if the write that follows fails) */
static void
take_theirs (ArcNotes *self,
             SaveJob  *job)
{
  if (job->theirs == NULL)
    return;
  arc_notes_merge_three_way (self, job->base, job->theirs);
  g_free (self->synced);
  self->synced = g_steal_pointer (&job->theirs_text);
  g_free (self->hash);
  self->hash = g_steal_pointer (&job->theirs_hash);
  self->version = job->theirs->version;
}

/* In the thread that owns @self: what another program wrote is taken in,
 * then the notes are serialised */
static gboolean
merge_and_serialise (ArcNotes  *self,
                     SaveJob   *job,
                     GError   **error)
{
  gsize length;
  char *data;

  take_theirs (self, job);
  if (!check_not_corrupt (self, error))
    return FALSE;
  data = arc_notes_to_data (self, &length);
  job->bytes = g_bytes_new_take (data, length);
  return TRUE;
}

/* Writes job->bytes (none: the file goes), and lets the lock go */
static gboolean
write_locked (SaveJob  *job,
              GError  **error)
{
  gsize length;
  const char *data = g_bytes_get_data (job->bytes, &length);
  gboolean ok;

  if (length == 0)  /* nothing to keep: no file */
    ok = arc_file_delete (job->file, error);
  else if ((ok = arc_file_write (job->file, data, length, error)))
    {
      job->new_hash = arc_file_hash_data (data, length);
      arc_file_know_hash (job->file, job->new_hash, length);
    }
  g_clear_pointer (&job->lock, arc_file_unlock);
  return ok;
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
 * @merge: take in what another program wrote to the file since it was
 *   read or written here (else the file is written over)
 *
 * Writes the file safely: under the folder's lock (arc_file_lock()), what
 * it holds is read and, when another program changed it, merged with the
 * notes held, record by record and field by field (::merged says what
 * changed); then a new file is written and renamed over the old one.
 * Corrupt notes are never written over, nor is a file that no longer
 * parses.
 */
gboolean
arc_notes_save (ArcNotes  *self,
                gboolean   merge,
                GError   **error)
{
  g_autoptr(SaveJob) job = NULL;

  g_return_val_if_fail (ARC_IS_NOTES (self), FALSE);

  if (!check_not_corrupt (self, error))
    return FALSE;
  job = save_job_new (self, merge);
  if (!lock_and_read (job, error) || !merge_and_serialise (self, job, error) || !write_locked (job, error))
    return FALSE;
  written (self, job->bytes, g_steal_pointer (&job->new_hash));
  return TRUE;
}

static void start_save (ArcNotes *self, GPtrArray *clients, gboolean merge);

/* Completes the saves of @job->clients and starts those asked for meanwhile */
static void
save_done (ArcNotes     *self,
           SaveJob      *job,
           const GError *error)
{
  g_autoptr(GPtrArray) clients = g_steal_pointer (&job->clients);

  save_job_free (job);
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
      start_save (self, waiting, self->waiting_merge);
      self->waiting_merge = FALSE;
    }
}

static void
write_thread (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  GError *error = NULL;

  if (write_locked (task_data, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
write_done_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  ArcNotes *self = ARC_NOTES (source);
  SaveJob *job = user_data;
  g_autoptr(GError) error = NULL;

  if (g_task_propagate_boolean (G_TASK (result), &error))
    written (self, job->bytes, g_steal_pointer (&job->new_hash));
  save_done (self, job, error);
}

static void
read_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GError *error = NULL;

  if (lock_and_read (task_data, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/* Read (and locked): merged and serialised here, written in a worker */
static void
read_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  ArcNotes *self = ARC_NOTES (source);
  SaveJob *job = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GTask) task = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error) || !merge_and_serialise (self, job, &error))
    {
      save_done (self, job, error);
      return;
    }
  task = g_task_new (self, NULL, write_done_cb, job);
  g_task_set_source_tag (task, write_thread);
  g_task_set_task_data (task, job, NULL);
  g_task_run_in_thread (task, write_thread);
}

static void
start_save (ArcNotes  *self,
            GPtrArray *clients,
            gboolean   merge)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  SaveJob *job;

  if (!check_not_corrupt (self, &error))
    {
      for (guint i = 0; i < clients->len; i++)
        g_task_return_error (clients->pdata[i], g_error_copy (error));
      g_ptr_array_unref (clients);
      return;
    }
  job = save_job_new (self, merge);
  job->clients = clients;
  self->writing = TRUE;
  task = g_task_new (self, NULL, read_done_cb, job);
  g_task_set_source_tag (task, start_save);
  g_task_set_task_data (task, job, NULL);
  g_task_run_in_thread (task, read_thread);
}

/**
 * arc_notes_save_async:
 * @merge: as arc_notes_save()
 *
 * Like arc_notes_save(), without blocking: the file is read and written by
 * a worker thread, the notes merged and serialised in this one. A save
 * asked for while another is under way waits for it, and all those waiting
 * are written together, with the notes as they are then.
 */
void
arc_notes_save_async (ArcNotes            *self,
                      gboolean             merge,
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
      self->waiting_merge |= merge;
      return;
    }
  {
    GPtrArray *clients = g_ptr_array_new_with_free_func (g_object_unref);

    g_ptr_array_add (clients, task);
    start_save (self, clients, merge);
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

/**
 * arc_notes_merge:
 * Reads the file again and merges what another program changed in it
 * since it was read or written here with the notes held (as a save does,
 * without writing): ::merged says what changed. A file that does not parse
 * leaves the notes as they are. Notes that did not parse, or were read
 * without their trajectories, are read again.
 */
gboolean
arc_notes_merge (ArcNotes  *self,
                 GError   **error)
{
  g_autoptr(SaveJob) job = NULL;

  g_return_val_if_fail (ARC_IS_NOTES (self), FALSE);

  if (self->corrupt || self->partial)
    return arc_notes_load (self, error);
  job = save_job_new (self, TRUE);
  if (!read_theirs (job, error))
    return FALSE;
  take_theirs (self, job);
  return TRUE;
}

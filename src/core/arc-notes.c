/* arc-notes.c: annotations, solve notes and attempts, in a sidecar file beside the tasks
 *
 * The format is documented in docs/arcnotes-format.md. Tasks and annotators
 * are written in sorted order and members in a fixed order, pretty-printed,
 * so that the files diff and merge well; members we do not know are kept and
 * written back. Saving replaces the file atomically (a new file, then a
 * rename): a kill at any moment leaves the old or the new file whole. A file
 * that does not parse is never overwritten.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-notes"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arc-annotation-private.h"
#include "arc-collection.h"
#include "arc-error.h"
#include "arc-file.h"
#include "arc-json.h"
#include "arc-notes-json-private.h"
#include "arc-notes.h"

/* The file */

typedef struct
{
  GHashTable *annotators;  /* name -> ArcAnnotation */
  JsonObject *extra;
} TaskNotes;

static void
task_notes_free (gpointer data)
{
  TaskNotes *t = data;

  g_hash_table_unref (t->annotators);
  g_clear_pointer (&t->extra, json_object_unref);
  g_free (t);
}

static TaskNotes *
task_notes_new (void)
{
  TaskNotes *t = g_new0 (TaskNotes, 1);

  t->annotators = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) arc_annotation_free);
  return t;
}

struct _ArcNotes
{
  GObject     parent_instance;

  GFile      *file;
  GHashTable *tasks;      /* id -> TaskNotes */
  JsonObject *extra;      /* unknown top-level members */
  gboolean    corrupt;    /* the file did not parse: it is never overwritten */
  char       *hash;       /* arc_file_hash_data() of the file as last read or written */
  char       *synced;     /* the contents as last read or written, to tell whose changes are whose */
  gboolean    writing;    /* an asynchronous save is under way */
  GPtrArray  *waiting;    /* GTask: saves asked for while writing, done together next */
  gboolean    waiting_check_etag;
};

G_DEFINE_FINAL_TYPE (ArcNotes, arc_notes, G_TYPE_OBJECT)

static void
arc_notes_finalize (GObject *object)
{
  ArcNotes *self = ARC_NOTES (object);

  g_clear_object (&self->file);
  g_hash_table_unref (self->tasks);
  g_clear_pointer (&self->extra, json_object_unref);
  g_free (self->hash);
  g_free (self->synced);
  g_ptr_array_unref (self->waiting);

  G_OBJECT_CLASS (arc_notes_parent_class)->finalize (object);
}

static void
arc_notes_class_init (ArcNotesClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = arc_notes_finalize;
}

static void
arc_notes_init (ArcNotes *self)
{
  self->tasks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, task_notes_free);
  self->waiting = g_ptr_array_new_with_free_func (g_object_unref);
}

/**
 * arc_notes_sidecar_for:
 * Returns: (transfer full): `NAME.arcnotes` beside `NAME.json` (a task file or
 * a Kaggle challenges file) or `NAME.jsonl` (a JSON Lines file)
 */
GFile *
arc_notes_sidecar_for (GFile *task_file)
{
  g_autoptr(GFile) parent = g_file_get_parent (task_file);
  g_autofree char *basename = g_file_get_basename (task_file);
  g_autofree char *stem = NULL;
  g_autofree char *name = NULL;
  gsize len = strlen (basename);

  if (len > 5 && g_ascii_strcasecmp (basename + len - 5, ".json") == 0)
    stem = g_strndup (basename, len - 5);
  else if (len > 6 && g_ascii_strcasecmp (basename + len - 6, ".jsonl") == 0)
    stem = g_strndup (basename, len - 6);
  else
    stem = g_strdup (basename);
  name = g_strconcat (stem, ARC_NOTES_SUFFIX, NULL);
  return parent ? g_file_get_child (parent, name) : g_file_new_for_path (name);
}

ArcNotes *
arc_notes_new (GFile *file)
{
  ArcNotes *self;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  self = g_object_new (ARC_TYPE_NOTES, NULL);
  self->file = g_object_ref (file);
  return self;
}

GFile *
arc_notes_get_file (ArcNotes *self)
{
  g_return_val_if_fail (ARC_IS_NOTES (self), NULL);
  return self->file;
}

gboolean
arc_notes_is_corrupt (ArcNotes *self)
{
  g_return_val_if_fail (ARC_IS_NOTES (self), FALSE);
  return self->corrupt;
}

/**
 * arc_notes_get_hash:
 * Returns: (nullable): arc_file_hash_data() of the file as last read or
 *   written here: what it holds if no other program changed it
 */
const char *
arc_notes_get_hash (ArcNotes *self)
{
  g_return_val_if_fail (ARC_IS_NOTES (self), NULL);
  return self->hash;
}

/* Reading */

/**
 * arc_notes_load_from_data:
 * Replaces what is held with the notes in @data. On a syntax or format
 * error, nothing changes, the notes are marked corrupt and @error says where.
 */
gboolean
arc_notes_load_from_data (ArcNotes    *self,
                          const char  *data,
                          gsize        length,
                          GError     **error)
{
  static const char * const known[] = { "format", "version", "tasks", NULL };
  static const char * const task_known[] = { "annotators", NULL };
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GHashTable) tasks = NULL;
  g_autoptr(GError) local_error = NULL;
  JsonObject *o, *tasks_object;
  JsonNode *member;
  gint64 version = 0;

  g_return_val_if_fail (ARC_IS_NOTES (self), FALSE);

  root = arc_json_parse (data, length, &local_error);
  if (root == NULL)
    {
      self->corrupt = TRUE;
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (!JSON_NODE_HOLDS_OBJECT (root) || g_strcmp0 (arc_notes_get_string (json_node_get_object (root), "format"), ARC_NOTES_FORMAT) != 0)
    {
      self->corrupt = TRUE;
      return arc_notes_fail (error, "format", _("this is not an ARC Studio notes file"));
    }
  o = json_node_get_object (root);
  if (arc_notes_get_int (o, "version", &version) && version > ARC_NOTES_VERSION)
    {
      self->corrupt = TRUE;
      g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID,
                   _("version: the file was written by a newer ARC Studio (version %lld)"), (long long) version);
      return FALSE;
    }

  tasks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, task_notes_free);
  member = json_object_get_member (o, "tasks");
  if (member && !JSON_NODE_HOLDS_OBJECT (member))
    {
      self->corrupt = TRUE;
      return arc_notes_fail (error, "tasks", _("expected an object of tasks"));
    }
  tasks_object = member ? json_node_get_object (member) : NULL;
  if (tasks_object)
    {
      g_autoptr(GList) ids = json_object_get_members (tasks_object);

      for (GList *l = ids; l; l = l->next)
        {
          JsonNode *tn = json_object_get_member (tasks_object, l->data);
          g_autofree char *where = g_strdup_printf ("tasks.%s", (char *) l->data);
          TaskNotes *t;
          JsonNode *annotators;

          if (!JSON_NODE_HOLDS_OBJECT (tn))
            {
              self->corrupt = TRUE;
              return arc_notes_fail (error, where, _("expected an object"));
            }
          t = task_notes_new ();
          g_hash_table_replace (tasks, g_strdup (l->data), t);
          t->extra = arc_notes_extra_members (json_node_get_object (tn), task_known);
          annotators = json_object_get_member (json_node_get_object (tn), "annotators");
          if (annotators && JSON_NODE_HOLDS_OBJECT (annotators))
            {
              g_autoptr(GList) names = json_object_get_members (json_node_get_object (annotators));

              for (GList *n = names; n; n = n->next)
                {
                  g_autofree char *apath = g_strdup_printf ("%s.annotators.%s", where, (char *) n->data);
                  ArcAnnotation *a = NULL;

                  if (!arc_annotation_read (json_object_get_member (json_node_get_object (annotators), n->data),
                                        apath, &a, error))
                    {
                      self->corrupt = TRUE;
                      return FALSE;
                    }
                  g_hash_table_replace (t->annotators, g_strdup (n->data), a);
                }
            }
        }
    }

  g_hash_table_unref (self->tasks);
  self->tasks = g_steal_pointer (&tasks);
  g_clear_pointer (&self->extra, json_object_unref);
  self->extra = arc_notes_extra_members (o, known);
  self->corrupt = FALSE;
  return TRUE;
}

/**
 * arc_notes_load:
 * Reads the file. A file that does not exist is no error: the notes are
 * empty. One that does not parse leaves the notes corrupt (never saved over).
 */
gboolean
arc_notes_load (ArcNotes  *self,
                GError   **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *name = NULL;
  gsize length;
  const char *data;

  g_return_val_if_fail (ARC_IS_NOTES (self), FALSE);

  name = g_file_get_parse_name (self->file);
  bytes = arc_file_load_named (self->file, ARC_NOTES_MAX_FILE_SIZE, &local_error);
  if (bytes == NULL)
    {
      if (g_error_matches (local_error, ARC_ERROR, ARC_ERROR_NOT_FOUND))
        {
          g_hash_table_remove_all (self->tasks);
          self->corrupt = FALSE;
          g_clear_pointer (&self->hash, g_free);
          return TRUE;
        }
      self->corrupt = TRUE;
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  g_free (self->hash);
  data = g_bytes_get_data (bytes, &length);
  self->hash = arc_file_hash_data (data, length);
  if (!arc_notes_load_from_data (self, data ? data : "", length, &local_error))
    {
      g_set_error (error, ARC_ERROR, local_error->code, "%s: %s", name, local_error->message);
      return FALSE;
    }
  g_free (self->synced);
  self->synced = g_strndup (data, length);
  return TRUE;
}

/* Writing */

static GPtrArray *
sorted_keys (GHashTable *table)
{
  GPtrArray *keys = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, table);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (keys, key);
  g_ptr_array_sort (keys, arc_natural_compare_strings);
  return keys;
}

static JsonNode *
task_to_node (TaskNotes *t)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(GPtrArray) names = sorted_keys (t->annotators);

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

/**
 * arc_notes_to_data:
 * Returns: the file's contents: pretty-printed, tasks and annotators in
 * sorted order, members in a fixed order, unknown members kept; "" when
 * there is nothing to keep (a save then removes the file)
 */
char *
arc_notes_to_data (ArcNotes *self,
                   gsize    *length)
{
  GString *out = g_string_new ("{");
  g_autoptr(GPtrArray) ids = NULL;
  g_autoptr(GList) extra = NULL;

  g_return_val_if_fail (ARC_IS_NOTES (self), NULL);

  if (is_blank (self))  /* the notes typed were all deleted: no file */
    {
      g_string_truncate (out, 0);
      if (length)
        *length = 0;
      return g_string_free (out, FALSE);
    }
  arc_notes_append_member_name (out, "format", 1);
  g_string_append (out, "\"" ARC_NOTES_FORMAT "\",");
  arc_notes_append_member_name (out, "version", 1);
  g_string_append_printf (out, "%d,", ARC_NOTES_VERSION);
  arc_notes_append_member_name (out, "tasks", 1);
  ids = sorted_keys (self->tasks);
  g_string_append (out, ids->len ? "{" : "{  }");
  for (guint i = 0; i < ids->len; i++)
    {
      g_autoptr(JsonNode) task = task_to_node (g_hash_table_lookup (self->tasks, ids->pdata[i]));

      if (i > 0)
        g_string_append_c (out, ',');
      arc_notes_append_member_name (out, ids->pdata[i], 2);
      arc_notes_append_pretty (out, task, 2);
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
  if (length)
    *length = out->len;
  return g_string_free (out, FALSE);
}

/* Makes @file's folder if it is missing, then writes @bytes atomically (a
 * new file, then a rename), failing with %G_IO_ERROR_WRONG_ETAG if the file
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
  if (!g_file_replace_contents (file, data ? data : "", length, NULL, FALSE,
                                G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error))
    return FALSE;
  *new_hash = arc_file_hash_data (data, length);
  return TRUE;
}

static gboolean
check_not_corrupt (ArcNotes  *self,
                   GError   **error)
{
  g_autofree char *name = NULL;

  if (!self->corrupt)
    return TRUE;
  name = g_file_get_parse_name (self->file);
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

static TaskNotes *
lookup_task (ArcNotes   *self,
             const char *task_id,
             gboolean    create)
{
  TaskNotes *t = g_hash_table_lookup (self->tasks, task_id);

  if (t == NULL && create)
    {
      t = task_notes_new ();
      g_hash_table_replace (self->tasks, g_strdup (task_id), t);
    }
  return t;
}

/**
 * arc_notes_get:
 * Returns: (transfer none) (nullable): @annotator's notes on @task_id
 */
ArcAnnotation *
arc_notes_get (ArcNotes   *self,
               const char *task_id,
               const char *annotator)
{
  TaskNotes *t;

  g_return_val_if_fail (ARC_IS_NOTES (self), NULL);

  t = lookup_task (self, task_id, FALSE);
  return t ? g_hash_table_lookup (t->annotators, annotator) : NULL;
}

/**
 * arc_notes_ensure:
 * Returns: (transfer none): @annotator's notes on @task_id, new and empty
 * if there were none (created now)
 */
ArcAnnotation *
arc_notes_ensure (ArcNotes   *self,
                  const char *task_id,
                  const char *annotator)
{
  TaskNotes *t;
  ArcAnnotation *a;

  g_return_val_if_fail (ARC_IS_NOTES (self), NULL);

  t = lookup_task (self, task_id, TRUE);
  a = g_hash_table_lookup (t->annotators, annotator);
  if (a == NULL)
    {
      a = arc_annotation_new ();
      a->created = a->modified = g_get_real_time ();
      g_hash_table_replace (t->annotators, g_strdup (annotator), a);
    }
  return a;
}

GStrv
arc_notes_dup_task_ids (ArcNotes *self)
{
  g_autoptr(GPtrArray) ids = NULL;
  GStrvBuilder *builder = g_strv_builder_new ();
  GStrv result;

  g_return_val_if_fail (ARC_IS_NOTES (self), NULL);

  ids = sorted_keys (self->tasks);
  for (guint i = 0; i < ids->len; i++)
    g_strv_builder_add (builder, ids->pdata[i]);
  result = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return result;
}

GStrv
arc_notes_dup_annotators (ArcNotes   *self,
                          const char *task_id)
{
  TaskNotes *t;
  GStrvBuilder *builder = g_strv_builder_new ();
  GStrv result;

  g_return_val_if_fail (ARC_IS_NOTES (self), NULL);

  t = lookup_task (self, task_id, FALSE);
  if (t)
    {
      g_autoptr(GPtrArray) names = sorted_keys (t->annotators);
      for (guint i = 0; i < names->len; i++)
        g_strv_builder_add (builder, names->pdata[i]);
    }
  result = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return result;
}

/* Whether @holds is true of anyone's annotation of @task_id */
static gboolean
any_annotation (ArcNotes   *self,
                const char *task_id,
                gboolean  (*holds) (const ArcAnnotation *a))
{
  TaskNotes *t = lookup_task (self, task_id, FALSE);
  GHashTableIter iter;
  gpointer value;

  if (t == NULL)
    return FALSE;
  g_hash_table_iter_init (&iter, t->annotators);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (holds (value))
      return TRUE;
  return FALSE;
}

static gboolean
has_attempts (const ArcAnnotation *a)
{
  return a->attempts->len > 0;
}

/**
 * arc_notes_is_annotated:
 * Returns: %TRUE if anyone wrote a description, notes or tags for @task_id
 */
gboolean
arc_notes_is_annotated (ArcNotes   *self,
                        const char *task_id)
{
  g_return_val_if_fail (ARC_IS_NOTES (self), FALSE);
  return any_annotation (self, task_id, arc_annotation_has_text);
}

/**
 * arc_notes_has_attempts:
 * Returns: %TRUE if anyone submitted an answer for @task_id
 */
gboolean
arc_notes_has_attempts (ArcNotes   *self,
                        const char *task_id)
{
  g_return_val_if_fail (ARC_IS_NOTES (self), FALSE);
  return any_annotation (self, task_id, has_attempts);
}

/**
 * arc_notes_get_flags:
 * What everyone's notes say of @task_id, a task with @n_tests test inputs:
 * annotated or attempted by anyone, solved by anyone, failed when someone
 * failed it and no one solved it. The app's badges, filters and summary and
 * the CLI's commands all use this rule. With @task_hash, attempts made on
 * an earlier version of the task do not count.
 */
ArcNotesFlags
arc_notes_get_flags (ArcNotes   *self,
                     const char *task_id,
                     guint       n_tests,
                     const char *task_hash)
{
  TaskNotes *t;
  GHashTableIter iter;
  gpointer value;
  ArcNotesFlags flags = 0;

  g_return_val_if_fail (ARC_IS_NOTES (self), 0);
  g_return_val_if_fail (task_id != NULL, 0);

  t = lookup_task (self, task_id, FALSE);
  if (t == NULL)
    return 0;
  g_hash_table_iter_init (&iter, t->annotators);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    flags |= arc_annotation_get_flags (value, n_tests, task_hash);
  if (flags & ARC_NOTES_FLAG_SOLVED)
    flags &= ~ARC_NOTES_FLAG_FAILED;
  return flags;
}

/* Solved is not failed */
static ArcNotesFlags
settle (ArcNotesFlags flags)
{
  return flags & ARC_NOTES_FLAG_SOLVED ? flags & ~ARC_NOTES_FLAG_FAILED : flags;
}

/**
 * arc_notes_get_flags_for:
 * @annotator: the user: whose progress it is
 *
 * What the notes say of @task_id for @annotator (annotated, attempted,
 * solved, failed: their own progress, in the low bits) and for everyone else
 * (LARC's authors and builders too: the ARC_NOTES_FLAG_OTHERS_ bits). Others'
 * work is never the user's progress.
 */
ArcNotesFlags
arc_notes_get_flags_for (ArcNotes   *self,
                         const char *task_id,
                         const char *annotator,
                         guint       n_tests,
                         const char *task_hash)
{
  TaskNotes *t;
  GHashTableIter iter;
  gpointer key, value;
  ArcNotesFlags own = 0, others = 0;

  g_return_val_if_fail (ARC_IS_NOTES (self), 0);
  g_return_val_if_fail (task_id != NULL, 0);
  g_return_val_if_fail (annotator != NULL, 0);

  t = lookup_task (self, task_id, FALSE);
  if (t == NULL)
    return 0;
  g_hash_table_iter_init (&iter, t->annotators);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      if (g_str_equal (key, annotator))
        own |= arc_annotation_get_flags (value, n_tests, task_hash);
      else
        others |= arc_annotation_get_flags (value, n_tests, task_hash);
    }
  return settle (own) | (settle (others) << 4);
}

/**
 * arc_notes_set:
 * Puts @annotation (taken) as @annotator's notes on @task_id.
 */
void
arc_notes_set (ArcNotes      *self,
               const char    *task_id,
               const char    *annotator,
               ArcAnnotation *annotation)
{
  g_return_if_fail (ARC_IS_NOTES (self));

  g_hash_table_replace (lookup_task (self, task_id, TRUE)->annotators, g_strdup (annotator), annotation);
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

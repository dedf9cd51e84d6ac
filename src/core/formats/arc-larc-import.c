/* arc-larc-import.c: importing a folder of LARC's tasks_json files into a
 * collection's notes, for `arc-studio-cli notes import-larc` and, in a
 * worker (arc_larc_import_async()), the app's Import LARC Descriptions…
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-larc"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>

#include "arc-larc-import.h"

ArcLarcImport *
arc_larc_import_new (ArcCollection *collection,
                     const char    *data_dir,
                     gboolean       dry_run)
{
  ArcLarcImport *import = g_new0 (ArcLarcImport, 1);

  import->dry_run = dry_run;
  import->warnings = g_ptr_array_new_with_free_func (g_free);
  import->untimed = g_ptr_array_new_with_free_func (g_free);
  import->skipped = g_ptr_array_new_with_free_func (g_free);
  import->changed = g_ptr_array_new_with_free_func (g_object_unref);
  import->changed_entries = g_ptr_array_new_with_free_func (g_object_unref);
  import->store = arc_notes_store_new (collection, data_dir);
  import->folder = arc_collection_get_kind (collection) == ARC_COLLECTION_FOLDER;
  import->entries = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (collection)); i++)
    {
      ArcEntry *entry = arc_collection_get_entry (collection, i);
      g_hash_table_insert (import->entries, g_strdup (arc_entry_get_id (entry)), g_object_ref (entry));
    }
  import->collection_name = g_file_get_parse_name (arc_collection_get_file (collection));
  return import;
}

void
arc_larc_import_free (ArcLarcImport *import)
{
  if (import == NULL)
    return;
  g_ptr_array_unref (import->warnings);
  g_ptr_array_unref (import->untimed);
  g_ptr_array_unref (import->skipped);
  g_ptr_array_unref (import->changed);
  g_ptr_array_unref (import->changed_entries);
  g_clear_pointer (&import->changed_summaries, g_ptr_array_unref);
  g_object_unref (import->store);
  g_hash_table_unref (import->entries);
  g_free (import->collection_name);
  g_free (import);
}

/**
 * arc_larc_list_files:
 * Returns: (transfer full) (element-type filename): the tasks_json files of
 *   @path (a folder, or one file), in natural order
 */
GPtrArray *
arc_larc_list_files (const char  *path,
                 GError     **error)
{
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) dir = NULL;
  const char *name;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT, _("%s: no such file or folder"), path);
          g_ptr_array_unref (files);
          return NULL;
        }
      g_ptr_array_add (files, g_strdup (path));
      return files;
    }
  dir = g_dir_open (path, 0, error);
  if (dir == NULL)
    {
      g_ptr_array_unref (files);
      return NULL;
    }
  while ((name = g_dir_read_name (dir)))
    if (g_str_has_suffix (name, ".json"))
      g_ptr_array_add (files, g_build_filename (path, name, NULL));
  g_ptr_array_sort (files, arc_natural_compare_strings);
  return files;
}

static void
skip (ArcLarcImport *import,
      const char *file,
      const char *format,
      ...) G_GNUC_PRINTF (3, 4);

static void
skip (ArcLarcImport *import,
      const char *file,
      const char *format,
      ...)
{
  g_autofree char *why = NULL;
  va_list args;

  va_start (args, format);
  why = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (import->skipped, g_strdup_printf ("%s: %s", file, why));
}

/**
 * arc_larc_import_save:
 * Writes the notes files changed so far (none in a dry run); the errors are
 * printed by the caller from import->save_errors.
 */
void
arc_larc_import_save (ArcLarcImport *import)
{
  for (guint i = 0; !import->dry_run && i < import->changed->len; i++)
    {
      ArcNotes *notes = import->changed->pdata[i];
      g_autofree char *name = g_file_get_parse_name (arc_notes_get_file (notes));
      g_autoptr(GError) error = NULL;

      /* One notes file for many tasks (beside a Kaggle file) is not made
       * larger than ARC Studio reads: everyone's notes in it would be lost
       * to view */
      if (!import->folder)
        {
          gsize length = 0;

          g_free (arc_notes_to_data (notes, &length));
          if (length > ARC_NOTES_MAX_FILE_SIZE)
            {
              g_ptr_array_add (import->skipped,
                               g_strdup_printf (_("%s: not written: with LARC's descriptions it would be %lu MB, more "
                                                  "than the %d MB a notes file can be; import them into a folder of "
                                                  "task files instead"), name, (unsigned long) (length >> 20),
                                                ARC_NOTES_MAX_FILE_SIZE >> 20));
              import->n_errors++;
              continue;
            }
        }
      if (!arc_notes_save (notes, TRUE, &error))
        {
          g_ptr_array_add (import->skipped, g_strdup_printf ("%s: %s", name, error->message));
          import->n_errors++;
        }
    }
  g_ptr_array_set_size (import->changed, 0);
}

/* Where LARC's copy of the task's grids is not the collection's, says so,
 * and keeps LARC's in its records, for the export to write them back */
static void
keep_larc_grids (ArcLarcImport *import,
                 ArcLarcTask   *larc,
                 ArcEntry      *entry,
                 const char    *base)
{
  /* Not arc_entry_load(): this may run in a worker, and that notifies */
  g_autofree char *our_hash = arc_entry_dup_content_hash (entry);
  g_autofree char *larc_hash = larc->task ? arc_task_dup_content_hash (larc->task) : NULL;
  g_autofree char *json = NULL;
  g_autoptr(JsonNode) pairs = NULL;

  if (our_hash == NULL || larc_hash == NULL || g_str_equal (our_hash, larc_hash))
    return;
  g_ptr_array_add (import->warnings,
                   g_strdup_printf (_("%s: task %s: LARC's grids are not the collection's; "
                                      "its records keep LARC's, and the export writes them"),
                                    base, larc->task_id));
  json = arc_task_to_json (larc->task);
  pairs = json_from_string (json, NULL);
  if (pairs == NULL || !JSON_NODE_HOLDS_OBJECT (pairs))
    return;
  for (guint i = 0; i < larc->descriptions->len; i++)
    {
      ArcAnnotation *d = larc->descriptions->pdata[i];

      if (d->source->extra == NULL)
        d->source->extra = json_object_new ();
      json_object_set_member (d->source->extra, "train",
                              json_node_copy (json_object_get_member (json_node_get_object (pairs), "train")));
      json_object_set_member (d->source->extra, "test",
                              json_node_copy (json_object_get_member (json_node_get_object (pairs), "test")));
    }
}

/* Whether @entry's notes hold @larc's records as they are, read without
 * their trajectories: an import that changes nothing reads no more, and
 * writes nothing. Says which records of LARC's names are not LARC's. */
static gboolean
unchanged (ArcLarcImport *import,
           ArcLarcTask   *larc,
           ArcEntry      *entry)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(ArcNotes) notes = NULL;

  if (arc_notes_store_is_read (import->store, entry))
    return arc_larc_count_changes (larc, arc_notes_store_get (import->store, entry, NULL, NULL), larc->task_id,
                                   import->warnings) == 0;
  file = arc_notes_store_dup_summary_file (import->store, entry);
  notes = arc_notes_new (file ? file : arc_entry_get_file (entry));
  if (file != NULL && !arc_notes_load_without_trajectories (notes, NULL))
    return FALSE;  /* said when it is read to be written */
  arc_larc_merge_task_file (notes, entry);
  return arc_larc_count_changes (larc, notes, larc->task_id, import->warnings) == 0;
}

static void import_loaded (ArcLarcImport *import,
                           GFile         *file,
                           ArcLarcTask   *loaded,
                           const GError  *error);

/**
 * arc_larc_import_file:
 * One LARC file into the notes of its task in the collection: counted,
 * or skipped with the reason. Runs in any one thread at a time.
 */
void
arc_larc_import_file (ArcLarcImport *import,
                      const char    *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  ArcLarcTask *larc = arc_larc_task_load (file, import->warnings, &error);

  import_loaded (import, file, larc, error);
}

/* The file read (@larc), or why not (@error), into the notes: takes @larc */
static void
import_loaded (ArcLarcImport *import,
               GFile         *file,
               ArcLarcTask   *loaded,
               const GError  *error)
{
  g_autofree char *base = g_file_get_basename (file);
  g_autoptr(ArcLarcTask) larc = loaded;
  g_autoptr(GError) local_error = NULL;
  ArcEntry *entry;
  ArcNotes *notes;
  guint changed;

  if (larc && larc->untimed)
    for (guint i = 0; i < larc->untimed->len; i++)
      g_ptr_array_add (import->untimed, g_steal_pointer (&larc->untimed->pdata[i]));
  if (larc == NULL)
    {
      g_ptr_array_add (import->skipped, g_strdup (error->message));
      import->n_errors++;
      return;
    }
  if (larc->task_id == NULL)
    {
      skip (import, base, _("no “name”, so its task is not known"));
      return;
    }
  entry = g_hash_table_lookup (import->entries, larc->task_id);
  if (entry == NULL)
    {
      skip (import, base, _("task %s is not in %s"), larc->task_id, import->collection_name);
      return;
    }
  if (larc->descriptions->len == 0)
    {
      skip (import, base, _("task %s has no descriptions"), larc->task_id);
      return;
    }
  keep_larc_grids (import, larc, entry, base);
  if (unchanged (import, larc, entry))
    {
      import->n_tasks++;
      import->n_descriptions += larc->descriptions->len;
      import->n_builds += larc->n_builds;
      return;
    }
  notes = arc_notes_store_get (import->store, entry, NULL, &local_error);
  if (local_error)
    {
      import->n_errors++;
      skip (import, base, _("the notes of task %s cannot be written: %s"), larc->task_id, local_error->message);
      return;
    }
  /* unchanged() said what was not LARC's */
  changed = arc_larc_merge (larc, notes, larc->task_id, NULL);
  import->n_tasks++;
  import->n_descriptions += larc->descriptions->len;
  import->n_builds += larc->n_builds;
  import->n_changed += changed;
  if (changed > 0)
    g_ptr_array_add (import->changed_entries, g_object_ref (entry));
  if (changed > 0 && !g_ptr_array_find (import->changed, notes, NULL))
    {
      g_ptr_array_add (import->changed, g_object_ref (notes));
      import->n_files_changed++;
    }
  /* A folder's tasks each have their own notes file: written now and
   * forgotten, so that memory stays that of one task */
  if (import->folder)
    {
      arc_larc_import_save (import);
      arc_notes_store_forget (import->store, entry);
    }
}


/* Reading files ahead: LARC's files are read and converted by a pool of
 * threads, a few files ahead, and merged into the notes in their order */

typedef struct
{
  GFile       *file;
  ArcLarcTask *larc;
  GPtrArray   *warnings;  /* char*: what arc_larc_task_load() said of this file */
  GError      *error;
  gboolean     done;
} Ahead;

typedef struct
{
  GMutex lock;
  GCond  cond;
} AheadSync;

typedef struct
{
  Ahead     *ahead;
  AheadSync *sync;
} AheadJob;

static void
read_ahead (gpointer data,
            gpointer pool_data)
{
  AheadJob *job = data;
  Ahead *a = job->ahead;
  GError *error = NULL;
  ArcLarcTask *larc = arc_larc_task_load (a->file, a->warnings, &error);

  g_mutex_lock (&job->sync->lock);
  a->larc = larc;
  a->error = error;
  a->done = TRUE;
  g_cond_broadcast (&job->sync->cond);
  g_mutex_unlock (&job->sync->lock);
  g_free (job);
}

static void
push_ahead (GThreadPool *pool,
            Ahead       *ahead,
            AheadSync   *sync)
{
  AheadJob *job = g_new0 (AheadJob, 1);

  job->ahead = ahead;
  job->sync = sync;
  g_thread_pool_push (pool, job, NULL);
}

/**
 * arc_larc_import_files:
 * @files: (element-type filename): LARC's files, as arc_larc_list_files() gives them
 * @cancellable: (nullable): stops the import between two files
 * @each: (nullable): told after each file, with how many are done
 *
 * Imports each of @files as arc_larc_import_file() does, in their order,
 * reading them in as many threads as there are processors; what it says is
 * the same, in the same order. Each file is whole or not at all.
 */
void
arc_larc_import_files (ArcLarcImport *import,
                       GPtrArray     *files,
                       GCancellable  *cancellable,
                       void         (*each) (guint done, gpointer data),
                       gpointer       each_data)
{
  guint n = files->len, threads = CLAMP (g_get_num_processors (), 1, 8), window = threads * 2, pushed = 0, i;
  g_autofree Ahead *ahead = g_new0 (Ahead, n);
  AheadSync sync;
  GThreadPool *pool;

  g_mutex_init (&sync.lock);
  g_cond_init (&sync.cond);
  pool = g_thread_pool_new (read_ahead, NULL, (int) threads, FALSE, NULL);
  for (i = 0; i < n; i++)
    {
      ahead[i].file = g_file_new_for_path (files->pdata[i]);
      ahead[i].warnings = g_ptr_array_new_with_free_func (g_free);
    }
  for (i = 0; i < n && !g_cancellable_is_cancelled (cancellable); i++)
    {
      for (; pushed < n && pushed < i + window; pushed++)
        push_ahead (pool, &ahead[pushed], &sync);
      g_mutex_lock (&sync.lock);
      while (!ahead[i].done)
        g_cond_wait (&sync.cond, &sync.lock);
      g_mutex_unlock (&sync.lock);
      for (guint k = 0; k < ahead[i].warnings->len; k++)
        g_ptr_array_add (import->warnings, g_steal_pointer (&ahead[i].warnings->pdata[k]));
      import_loaded (import, ahead[i].file, g_steal_pointer (&ahead[i].larc), ahead[i].error);
      if (each)
        each (i + 1, each_data);
    }
  g_thread_pool_free (pool, FALSE, TRUE);  /* the files read ahead of a cancel are let go */
  for (i = 0; i < n; i++)
    {
      g_object_unref (ahead[i].file);
      g_ptr_array_unref (ahead[i].warnings);
      g_clear_pointer (&ahead[i].larc, arc_larc_task_free);
      g_clear_error (&ahead[i].error);
    }
  g_cond_clear (&sync.cond);
  g_mutex_clear (&sync.lock);
}


/* Importing in a worker */

typedef struct
{
  ArcLarcImport       *import;    /* the caller's: only the worker uses it until the callback */
  char                *path;
  GMainContext        *context;   /* the caller's, where the progress is told */
  ArcLarcProgressFunc  progress;
  gpointer             progress_data;
  guint                n_files, n_read;
} ImportJob;

static void
import_job_free (gpointer data)
{
  ImportJob *job = data;

  g_main_context_unref (job->context);
  g_free (job->path);
  g_free (job);
}

typedef struct
{
  GTask *task;
  guint  done, total;
} ImportProgress;

static gboolean
import_progress_cb (gpointer data)
{
  ImportProgress *p = data;
  ImportJob *job = g_task_get_task_data (p->task);

  /* Never after the callback: the caller may have let go of its data */
  if (!g_task_get_completed (p->task))
    job->progress (p->done, p->total, job->progress_data);
  return G_SOURCE_REMOVE;
}

static void
import_progress_free (gpointer data)
{
  ImportProgress *p = data;

  g_object_unref (p->task);
  g_free (p);
}

/* In the worker: an idle of the caller's context tells it. Not
 * g_main_context_invoke(), which calls at once, in the worker, whenever it
 * can acquire the context between two iterations of its loop. */
static void
report_progress (GTask *task,
                 guint  done,
                 guint  total)
{
  ImportJob *job = g_task_get_task_data (task);
  g_autoptr(GSource) source = NULL;
  ImportProgress *p;

  if (job->progress == NULL)
    return;
  p = g_new0 (ImportProgress, 1);
  p->task = g_object_ref (task);
  p->done = done;
  p->total = total;
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, import_progress_cb, p, import_progress_free);
  g_source_set_static_name (source, "[arc] LARC import progress");
  g_source_attach (source, job->context);
}

/* What the task list needs of the notes changed, read here rather than in
 * the caller's thread, which would read every changed notes file again */
static void
summarise_changed (ArcLarcImport *import)
{
  g_autoptr(ArcNotes) cache = NULL;

  g_clear_pointer (&import->changed_summaries, g_ptr_array_unref);
  import->changed_summaries = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_notes_summary_free);
  for (guint i = 0; i < import->changed_entries->len; i++)
    {
      ArcEntry *entry = import->changed_entries->pdata[i];
      g_autoptr(GFile) file = import->dry_run ? NULL : arc_notes_store_dup_summary_file (import->store, entry);

      g_ptr_array_add (import->changed_summaries, file ? arc_notes_summary_read (file, entry, &cache) : NULL);
    }
}

static void
file_done (guint    done,
           gpointer data)
{
  GTask *task = data;
  ImportJob *job = g_task_get_task_data (task);

  job->n_read = done;
  report_progress (task, done, job->n_files);
}

static void
import_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ImportJob *job = task_data;
  g_autoptr(GPtrArray) files = NULL;
  GError *error = NULL;

  files = arc_larc_list_files (job->path, &error);
  if (files == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  job->n_files = files->len;
  report_progress (task, 0, files->len);
  /* Each file whole or not at all: the notes of the tasks imported before
   * a cancel keep all their descriptions */
  arc_larc_import_files (job->import, files, cancellable, file_done, task);
  arc_larc_import_save (job->import);
  summarise_changed (job->import);
  g_task_return_boolean (task, TRUE);
}

/**
 * arc_larc_import_async:
 * @import: what the files are imported into; neither used nor freed by the
 *   caller until @callback
 * @folder_path: LARC's tasks_json folder (or one of its files)
 * @cancellable: (nullable): stops the import between two files
 * @progress: (nullable): told, in the caller's main context, when the files
 *   are listed and after each one
 *
 * Imports every file of @folder_path, as arc_larc_import_file() does one,
 * and saves the notes (arc_larc_import_save()), in a worker.
 */
void
arc_larc_import_async (ArcLarcImport       *import,
                       const char          *folder_path,
                       GCancellable        *cancellable,
                       ArcLarcProgressFunc  progress,
                       gpointer             progress_data,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  ImportJob *job;

  g_return_if_fail (import != NULL);
  g_return_if_fail (folder_path != NULL);

  job = g_new0 (ImportJob, 1);
  job->import = import;
  job->path = g_strdup (folder_path);
  job->context = g_main_context_ref_thread_default ();
  job->progress = progress;
  job->progress_data = progress_data;
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, arc_larc_import_async);
  g_task_set_task_data (task, job, import_job_free);
  g_task_set_check_cancellable (task, FALSE);  /* a stopped import says what it did */
  g_task_run_in_thread (task, import_thread);
}

/**
 * arc_larc_import_finish:
 * @n_read: (out) (optional): the files read
 * @n_files: (out) (optional): the files found: more than @n_read when the
 *   import was stopped
 *
 * What was imported, skipped and warned of is in @import, as after
 * arc_larc_import_save(), also when the import was stopped.
 *
 * Returns: %FALSE, with @error, when LARC's files could not be listed
 */
gboolean
arc_larc_import_finish (ArcLarcImport  *import,
                        GAsyncResult   *result,
                        guint          *n_read,
                        guint          *n_files,
                        GError        **error)
{
  ImportJob *job;

  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == arc_larc_import_async, FALSE);

  job = g_task_get_task_data (G_TASK (result));
  g_return_val_if_fail (job->import == import, FALSE);
  if (n_read)
    *n_read = job->n_read;
  if (n_files)
    *n_files = job->n_files;
  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * arc_larc_import_dup_summary:
 * Returns: (transfer full): what the import did, in lines: what it found,
 *   what it changed, the files it skipped and why, LARC's credit; the CLI
 *   prints it, the app shows it
 */
char *
arc_larc_import_dup_summary (ArcLarcImport *import)
{
  g_autofree char *descriptions = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u description", "%u descriptions",
                                                                import->n_descriptions), import->n_descriptions);
  g_autofree char *builds = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u build", "%u builds", import->n_builds),
                                             import->n_builds);
  g_autofree char *tasks = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u task", "%u tasks", import->n_tasks),
                                            import->n_tasks);
  GString *s = g_string_new (NULL);

  /* TRANSLATORS: "imported 178 descriptions and 172 builds for 40 tasks" */
  if (import->dry_run)
    g_string_append_printf (s, _("would import %s and %s for %s\n"), descriptions, builds, tasks);
  else
    g_string_append_printf (s, _("imported %s and %s for %s\n"), descriptions, builds, tasks);
  if (import->n_changed == 0 && import->n_tasks == 0)
    g_string_append (s, _("no task of the collection is described in these files: nothing changed\n"));
  else if (import->n_changed == 0)
    g_string_append (s, _("the notes already held them: nothing changed\n"));
  else
    {
      g_autofree char *records = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u record", "%u records",
                                                               import->n_changed), import->n_changed);
      g_autofree char *files = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u notes file", "%u notes files",
                                                             import->n_files_changed), import->n_files_changed);

      /* TRANSLATORS: "2 records added or changed in 1 notes file" */
      g_string_append_printf (s, import->dry_run ? _("%s would be added or changed in %s\n")
                                                 : _("%s added or changed in %s\n"), records, files);
    }
  if (import->skipped->len > 0)
    g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "skipped %u file:\n", "skipped %u files:\n",
                                            import->skipped->len), import->skipped->len);
  for (guint i = 0; i < import->skipped->len; i++)
    g_string_append_printf (s, "  %s\n", (char *) import->skipped->pdata[i]);
  g_string_append_printf (s, _("LARC's descriptions are CC BY 4.0: %s\n"), ARC_LARC_CREDIT);
  return g_string_free (s, FALSE);
}

/**
 * arc_larc_import_dup_warnings:
 * @verbose: each action sequence whose actions have no time, rather than
 *   one line with their count (LARC has many)
 * Returns: (transfer full): the odd things read in LARC's files, a line
 *   each: the CLI prints them as warnings, the app shows them under the
 *   summary
 */
GStrv
arc_larc_import_dup_warnings (ArcLarcImport *import,
                              gboolean       verbose)
{
  g_autoptr(GStrvBuilder) lines = g_strv_builder_new ();
  guint n_untimed = import->untimed->len;

  for (guint i = 0; i < import->warnings->len; i++)
    g_strv_builder_add (lines, import->warnings->pdata[i]);
  if (verbose)
    for (guint i = 0; i < n_untimed; i++)
      g_strv_builder_add (lines, import->untimed->pdata[i]);
  else if (n_untimed > 0)
    {
      g_autofree char *count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u action sequence has actions with no time",
                                                             "%u action sequences have actions with no time", n_untimed),
                                                n_untimed);
      g_strv_builder_add (lines, count);
    }
  return g_strv_builder_end (lines);
}

/* arc-larc-folder.c: a collection's descriptions written out in LARC's tasks_json layout
 *
 * One file a task with descriptions (arc_larc_export_task_to_data()), and
 * CREDITS.md when LARC's own data is among them: LARC's data is CC BY 4.0,
 * and is credited wherever it is exported. `arc-studio-cli notes export
 * --format larc` and the app's Export Notes write the same files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-larc"

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "arc-error.h"
#include "arc-file.h"
#include "arc-larc.h"
#include "arc-notes-export.h"

/* Writes @text as DIR/@name, by the one writer */
static gboolean
write_file (const char  *dir,
            const char  *name,
            const char  *text,
            GError     **error)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  return arc_file_write (file, text, strlen (text), error);
}

static gboolean
has_larc_records (ArcNotes   *notes,
                  const char *id)
{
  g_auto(GStrv) names = arc_notes_dup_annotators (notes, id);

  for (guint i = 0; names[i]; i++)
    if (arc_annotation_is_read_only (arc_notes_get (notes, id, names[i])))
      return TRUE;
  return FALSE;
}

/* The credit that goes with LARC's data wherever it is exported */
static gboolean
write_credit (const char  *dir,
              GError     **error)
{
  g_autofree char *text = g_strdup_printf ("The descriptions, builds and action sequences whose uid is a LARC\n"
                                           "participant's come from %s.\n\n"
                                           "They are licensed under the Creative Commons Attribution 4.0\n"
                                           "International License: http://creativecommons.org/licenses/by/4.0/\n",
                                           ARC_LARC_CREDIT);

  return write_file (dir, "CREDITS.md", text, error);
}

typedef struct
{
  const char  *dir;
  GHashTable  *written;   /* file names */
  ArcNotesExportCounts counts;
  GThreadPool *pool;      /* (nullable): writes the files, when each task has its own notes */
  GMutex       lock;
  GCond        done;      /* a job of the pool ended */
  guint        in_flight; /* the pool's jobs not ended */
  GError      *error;     /* the first file that could not be written, in the pool */
} Export;

/* One task's file, written in the pool */
typedef struct
{
  Export   *export;
  ArcTask  *task;
  ArcNotes *notes;
  char     *id;
  char     *name;
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  g_object_unref (job->task);
  g_object_unref (job->notes);
  g_free (job->id);
  g_free (job->name);
  g_free (job);
}

static gboolean
write_task (const char  *dir,
            const char  *name,
            ArcTask     *task,
            const char  *id,
            ArcNotes    *notes,
            GError     **error)
{
  g_autofree char *file_name = NULL;
  g_autofree char *data = arc_larc_export_task_to_data (task, id, notes, &file_name, NULL, NULL);

  return write_file (dir, name, data, error);
}

static void
export_job_run (gpointer data,
                gpointer pool_data)
{
  ExportJob *job = data;
  Export *export = job->export;
  GError *error = NULL;

  write_task (export->dir, job->name, job->task, job->id, job->notes, &error);
  export_job_free (job);
  g_mutex_lock (&export->lock);
  if (error && export->error == NULL)
    export->error = g_steal_pointer (&error);
  export->in_flight--;
  g_cond_broadcast (&export->done);
  g_mutex_unlock (&export->lock);
  g_clear_error (&error);
}

/* Waits until the pool has ended all but @most of its jobs; Returns: %FALSE,
 * with @error, when one of them could not write its file */
static gboolean
wait_pool (Export  *export,
           guint    most,
           GError **error)
{
  gboolean ok;

  g_mutex_lock (&export->lock);
  while (export->in_flight > most && export->error == NULL)
    g_cond_wait (&export->done, &export->lock);
  ok = export->error == NULL;
  if (!ok)
    g_propagate_error (error, g_steal_pointer (&export->error));
  g_mutex_unlock (&export->lock);
  return ok;
}

/* @entry's descriptions, if any, in DIR/N.json */
static gboolean
export_entry (Export    *export,
              ArcEntry  *entry,
              ArcNotes  *notes,
              GError   **error)
{
  const char *id = arc_entry_get_id (entry);
  g_autoptr(ArcTask) task = NULL;
  g_autofree char *name = NULL;
  guint nd = 0, nb = 0;

  if (!(arc_notes_get_flags (notes, id, 0, NULL) & ARC_NOTES_FLAG_ANNOTATED) || (task = arc_entry_load (entry, NULL)) == NULL)
    return TRUE;
  nd = arc_larc_export_plan (notes, id, &name, &nb);
  if (nd == 0)
    return TRUE;
  if (g_hash_table_contains (export->written, name))
    {
      g_free (name);
      name = g_strconcat (id, ".json", NULL);
    }
  /* A file of the same name again (the last one stays, as before): after
   * the pool wrote the first */
  if (export->pool && g_hash_table_contains (export->written, name) && !wait_pool (export, 0, error))
    return FALSE;
  if (export->pool)
    {
      ExportJob *job = g_new0 (ExportJob, 1);

      job->export = export;
      job->task = g_object_ref (task);
      job->notes = g_object_ref (notes);
      job->id = g_strdup (id);
      job->name = g_strdup (name);
      g_mutex_lock (&export->lock);
      export->in_flight++;
      g_mutex_unlock (&export->lock);
      g_thread_pool_push (export->pool, job, NULL);
    }
  else if (!write_task (export->dir, name, task, id, notes, error))
    return FALSE;
  export->counts.credit |= has_larc_records (notes, id);
  g_hash_table_add (export->written, g_steal_pointer (&name));
  export->counts.n_tasks++;
  export->counts.n_descriptions += nd;
  export->counts.n_builds += nb;
  return TRUE;
}

/**
 * arc_larc_export_folder:
 * @entries: (element-type ArcEntry): the tasks, in order
 * @per_task_notes: each task has a notes file of its own (a folder's
 *   tasks): they are read one after the other, forgotten once written, and
 *   written out by as many threads as there are processors
 * @dir: the folder to write, made if missing
 *
 * Writes LARC's tasks_json layout of @entries' descriptions in @dir, and
 * CREDITS.md when LARC's own descriptions are among them. Notes files that
 * cannot be read are left out (arc_notes_store_dup_errors() names them).
 */
gboolean
arc_larc_export_folder (ArcNotesStore          *store,
                        GPtrArray              *entries,
                        gboolean                per_task_notes,
                        GFile                  *dir,
                        ArcNotesExportCounts   *counts,
                        ArcNotesExportProgress  progress,
                        gpointer                user_data,
                        GCancellable           *cancellable,
                        GError                **error)
{
  g_autoptr(GHashTable) written = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *path = g_file_get_path (dir);
  Export export = { path, written, { 0 }, NULL, { 0 }, { 0 }, 0, NULL };
  guint threads = CLAMP (g_get_num_processors (), 1, 8);
  GError *local_error = NULL;

  g_return_val_if_fail (ARC_IS_NOTES_STORE (store), FALSE);

  if (path == NULL || g_mkdir_with_parents (path, 0777) != 0)
    {
      g_autofree char *name = g_file_get_parse_name (dir);

      g_set_error (error, ARC_ERROR, ARC_ERROR_IO, _("%s: cannot make the folder: %s"), name,
                   path ? g_strerror (errno) : _("not a local folder"));
      return FALSE;
    }
  g_mutex_init (&export.lock);
  g_cond_init (&export.done);
  if (per_task_notes)
    export.pool = g_thread_pool_new (export_job_run, NULL, (int) threads, FALSE, NULL);
  for (guint i = 0; i < entries->len && local_error == NULL; i++)
    {
      ArcEntry *entry = entries->pdata[i];
      g_autoptr(GError) notes_error = NULL;
      ArcNotes *notes;

      if (g_cancellable_set_error_if_cancelled (cancellable, &local_error))
        break;
      notes = arc_notes_store_get (store, entry, NULL, &notes_error);
      if (export_entry (&export, entry, notes, &local_error) && export.pool)
        wait_pool (&export, threads * 2, &local_error);  /* a few in memory at a time; stops at an error */
      /* (those that cannot be read stay, to be reported) */
      if (per_task_notes && notes_error == NULL)
        arc_notes_store_forget (store, entry);
      if (progress)
        progress (i + 1, entries->len, user_data);
    }
  if (export.pool)
    {
      g_thread_pool_free (export.pool, FALSE, TRUE);
      if (local_error == NULL && export.error)
        local_error = g_steal_pointer (&export.error);
      g_clear_error (&export.error);
    }
  g_cond_clear (&export.done);
  g_mutex_clear (&export.lock);
  if (local_error == NULL && export.counts.credit)
    write_credit (path, &local_error);
  if (counts)
    *counts = export.counts;
  if (local_error)
    {
      g_propagate_error (error, local_error);
      return FALSE;
    }
  return TRUE;
}

/* arc-cli-larc.c: `arc-studio-cli notes import-larc` and `notes export
 * --format larc`: LARC's descriptions into a collection's notes, and a
 * collection's descriptions out in LARC's tasks_json layout
 *
 * LARC's data is CC BY 4.0: the export says so, and credits it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-studio-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "arc-cli-larc.h"
#include "arc-cli-util.h"
#include "arc-cli.h"
#include "arc-core.h"

static void
print_import (ArcLarcImport *import,
              gboolean       verbose)
{
  g_autofree char *summary = arc_larc_import_dup_summary (import);
  g_auto(GStrv) warnings = arc_larc_import_dup_warnings (import, verbose);
  guint n_untimed = import->untimed->len;

  for (guint i = 0; warnings[i]; i++)
    /* Many of LARC's action sequences have no times: one line, the last, unless asked */
    if (!verbose && n_untimed > 0 && warnings[i + 1] == NULL)
      fprintf (stderr, g_dngettext (GETTEXT_PACKAGE, "arc-studio-cli notes import-larc: warning: %s (--verbose lists it)\n",
                                    "arc-studio-cli notes import-larc: warning: %s (--verbose lists them)\n", n_untimed),
               warnings[i]);
    else
      fprintf (stderr, _("arc-studio-cli notes import-larc: warning: %s\n"), warnings[i]);
  fputs (summary, stdout);
}

/* `notes import-larc LARC_TASKS_DIR COLLECTION [--dry-run]` */
int
arc_cli_larc_import (int    argc,
                     char **argv)
{
  g_auto(ArcCli) cli = { .name = "notes import-larc" };
  g_autoptr(ArcLarcImport) import = NULL;
  g_autoptr(GPtrArray) files = NULL;
  g_autoptr(GError) error = NULL;
  gboolean dry_run = FALSE, verbose = FALSE;
  const GOptionEntry options[] = {
    { "dry-run", 'n', 0, G_OPTION_ARG_NONE, &dry_run, N_("Say what would be imported; write nothing"), NULL },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose, N_("List every action sequence with actions that have no time"), NULL },
    { NULL }
  };

  if (!arc_cli_parse (&cli, _("LARC_TASKS_DIR COLLECTION — import LARC's descriptions"),
                      _("Reads LARC's tasks_json files and puts each description, with its builds\n"
                        "and every action sequence, in the notes of the collection's task of the\n"
                        "same ARC id, as the read-only record “larc:<uid>”. Importing again changes\n"
                        "nothing; no one's own records are touched. See docs/arcnotes-format.md.\n\n"
                        "Exit status: 0 on success, 1 when a file could not be read or notes could\n"
                        "not be written, 2 on a usage error."),
                      options, argc, argv) ||
      !arc_cli_want_paths (&cli, 2, 2, _("arc-studio-cli notes import-larc: give LARC_TASKS_DIR and COLLECTION (see --help)\n")))
    return ARC_CLI_USAGE;
  files = arc_larc_list_files (cli.paths[0], &error);
  if (files == NULL)
    return arc_cli_fail (&cli, "%s", error->message);
  if (!arc_cli_open_collection (&cli, cli.paths[1]))
    return ARC_CLI_USAGE;

  import = arc_larc_import_new (cli.collection, NULL, dry_run);
  arc_larc_import_files (import, files, NULL, NULL, NULL);
  arc_larc_import_save (import);
  print_import (import, verbose);
  return import->n_errors > 0 ? ARC_CLI_FAILED : ARC_CLI_OK;
}

/* Writes @text as DIR/@name, atomically */
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
  GHashTable  *written;   /* file names */
  guint        n_tasks, n_descriptions, n_builds;
  gboolean     credit;    /* LARC's own data is among them */
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
  char     *dir;
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  g_object_unref (job->task);
  g_object_unref (job->notes);
  g_free (job->id);
  g_free (job->name);
  g_free (job->dir);
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

  write_task (job->dir, job->name, job->task, job->id, job->notes, &error);
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
export_entry (ArcCli    *cli,
              Export    *export,
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
      job->dir = g_strdup (cli->output);
      g_mutex_lock (&export->lock);
      export->in_flight++;
      g_mutex_unlock (&export->lock);
      g_thread_pool_push (export->pool, job, NULL);
    }
  else if (!write_task (cli->output, name, task, id, notes, error))
    return FALSE;
  export->credit |= has_larc_records (notes, id);
  g_hash_table_add (export->written, g_steal_pointer (&name));
  export->n_tasks++;
  export->n_descriptions += nd;
  export->n_builds += nb;
  return TRUE;
}

/* `notes export PATH --format larc -o DIR`, with @cli opened */
int
arc_cli_larc_export (ArcCli *cli)
{
  g_autoptr(GHashTable) written = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  Export export = { written, 0, 0, 0, FALSE, NULL, { 0 }, { 0 }, 0, NULL };
  ArcNotesStore *store = arc_cli_get_store (cli);
  gboolean folder = arc_collection_get_kind (cli->collection) == ARC_COLLECTION_FOLDER;
  guint threads = CLAMP (g_get_num_processors (), 1, 8);
  g_autoptr(GError) error = NULL;
  guint n_errors, n_unreadable;

  if (g_mkdir_with_parents (cli->output, 0755) != 0)
    return arc_cli_fail (cli, _("%s: cannot make the folder: %s"), cli->output, g_strerror (errno));
  /* A folder's tasks have a notes file each: read here, one after the
   * other, and written out by as many threads as there are processors */
  g_mutex_init (&export.lock);
  g_cond_init (&export.done);
  if (folder)
    export.pool = g_thread_pool_new (export_job_run, NULL, (int) threads, FALSE, NULL);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (cli->collection)) && error == NULL; i++)
    {
      ArcEntry *entry = arc_collection_get_entry (cli->collection, i);
      g_autoptr(GError) notes_error = NULL;
      ArcNotes *notes = arc_notes_store_get (store, entry, NULL, &notes_error);

      if (export_entry (cli, &export, entry, notes, &error) && export.pool)
        wait_pool (&export, threads * 2, &error);  /* a few in memory at a time; stops at an error */
      /* (those that cannot be read stay, to be reported) */
      if (folder && notes_error == NULL)
        arc_notes_store_forget (store, entry);
    }
  if (export.pool)
    {
      g_thread_pool_free (export.pool, FALSE, TRUE);
      if (error == NULL && export.error)
        g_propagate_error (&error, g_steal_pointer (&export.error));
      g_clear_error (&export.error);
    }
  g_cond_clear (&export.done);
  g_mutex_clear (&export.lock);
  if (error)
    return arc_cli_fail (cli, "%s", error->message);
  if (export.credit && !write_credit (cli->output, &error))
    return arc_cli_fail (cli, "%s", error->message);
  n_unreadable = arc_cli_report_unreadable (cli);
  n_errors = arc_cli_report_notes_errors (cli);
  printf (g_dngettext (GETTEXT_PACKAGE, "%u task written to %s in LARC's layout: %u descriptions, %u builds\n",
                       "%u tasks written to %s in LARC's layout: %u descriptions, %u builds\n", export.n_tasks),
          export.n_tasks, cli->output, export.n_descriptions, export.n_builds);
  if (export.credit)
    printf (_("LARC's descriptions are CC BY 4.0: %s (see %s/CREDITS.md)\n"), ARC_LARC_CREDIT, cli->output);
  if (n_unreadable > 0)
    return ARC_CLI_USAGE;
  return n_errors > 0 ? ARC_CLI_FAILED : ARC_CLI_OK;
}

/* arc-cli-programs.c: `arc-studio-cli programs import`, `run`, `trace` and `export`
 *
 * Tasks' programs live in their notes, one per annotator, as the app keeps
 * them; they run in the core's pool of python3 processes (arc-program.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-studio-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "arc-cli.h"
#include "arc-cli-util.h"

#define USAGE N_("Usage:\n" \
                 "  arc-studio-cli programs import FILE.py|DIR… COLLECTION\n" \
                 "  arc-studio-cli programs run PATH [--python-path DIR]… [--timeout S] [--jobs N] [-o submission.json]\n" \
                 "  arc-studio-cli programs trace PATH [--task ID] [--pair train:N|test:N] [--python-path DIR]… [--json]\n" \
                 "  arc-studio-cli programs export PATH -o DIR\n\n" \
                 "A task's program is Python 3 kept with its notes, one per annotator. Its entry point is\n" \
                 "solve_ID(I) or solve(I), given the input as a tuple of tuples (as arc-dsl's solvers), or\n" \
                 "transform(grid), given a list of lists; it returns a grid as lists, tuples or anything\n" \
                 "with tolist(). Run “arc-studio-cli programs COMMAND --help” for the options.\n")

/* The annotator's program of @entry, or NULL */
static const char *
program_of (ArcCli     *cli,
            ArcEntry   *entry,
            const char *annotator)
{
  ArcNotes *notes = arc_cli_get_notes (cli, entry);
  ArcAnnotation *a = notes ? arc_notes_get (notes, arc_entry_get_id (entry), annotator) : NULL;

  return a && a->program && *a->program ? a->program : NULL;
}

/* import */

/* Stores @import's program as @annotator's for its task; says where it
 * went wrong in @failures */
static gboolean
store_program (ArcCli           *cli,
               ArcEntry         *entry,
               const char       *annotator,
               ArcProgramImport *import,
               GPtrArray        *changed)
{
  g_autoptr(GError) error = NULL;
  ArcNotes *notes = arc_notes_store_get (arc_cli_get_store (cli), entry, NULL, &error);
  ArcAnnotation *a;

  if (notes == NULL)
    {
      arc_cli_fail (cli, _("%s: its notes cannot be written: %s"), arc_entry_get_display_name (entry),
                    error ? error->message : "?");
      return FALSE;
    }
  a = arc_notes_ensure (notes, import->task_id, annotator);
  if (g_strcmp0 (a->program, import->source) == 0)
    return TRUE;
  g_free (a->program);
  a->program = g_strdup (import->source);
  a->modified = g_get_real_time ();
  if (!g_ptr_array_find (changed, notes, NULL))
    g_ptr_array_add (changed, g_object_ref (notes));
  return TRUE;
}

static int
programs_import (int    argc,
                 char **argv)
{
  g_auto(ArcCli) cli = { .name = "programs import" };
  g_autofree char *annotator_option = NULL;
  g_autofree char *annotator = NULL;
  g_autoptr(GPtrArray) imports = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GPtrArray) changed = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GHashTable) entries = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  guint n_paths, n_stored = 0, n_unmatched = 0, n_errors = 0;
  const GOptionEntry options[] = {
    { "annotator", 0, 0, G_OPTION_ARG_STRING, &annotator_option, N_("Whose programs they become (the annotator of the preferences by default)"), N_("NAME") },
    { NULL }
  };

  if (!arc_cli_parse (&cli, _("FILE.py|DIR… COLLECTION — store programs with a collection's tasks"),
                      _("Each function solve_ID of a Python file becomes the program of task ID, with\n"
                        "the imports and definitions of its module that it needs (every “from x import *”\n"
                        "too), so that it runs on its own with the same import folders; a file ID.py\n"
                        "with transform() or solve() (and every ID.py of a folder) becomes the program\n"
                        "of task ID, whole. A task's program is replaced.\n\n"
                        "Exit status: 0 when every program found its task, 1 when some did not or a\n"
                        "file has none, 2 on a usage error or a path that cannot be read."),
                      options, argc, argv) ||
      !arc_cli_want_paths (&cli, 2, G_MAXUINT, _("arc-studio-cli programs import: give FILE.py or DIR, then the COLLECTION (see --help)\n")))
    return ARC_CLI_USAGE;
  n_paths = g_strv_length (cli.paths);
  if (!arc_cli_open_collection (&cli, cli.paths[n_paths - 1]))
    return ARC_CLI_USAGE;
  annotator = arc_cli_resolve_annotator (annotator_option);
  g_free (g_steal_pointer (&cli.paths[n_paths - 1]));
  imports = arc_program_import_files ((const char * const *) cli.paths, &problems, &error);
  if (imports == NULL)
    return arc_cli_fail (&cli, "%s", error->message);
  for (guint i = 0; i < problems->len; i++)
    arc_cli_fail (&cli, "%s", (char *) problems->pdata[i]);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (cli.collection)); i++)
    {
      ArcEntry *entry = arc_collection_get_entry (cli.collection, i);

      g_hash_table_insert (entries, (gpointer) arc_entry_get_id (entry), entry);
    }
  for (guint i = 0; i < imports->len; i++)
    {
      ArcProgramImport *import = imports->pdata[i];
      ArcEntry *entry = g_hash_table_lookup (entries, import->task_id);

      if (entry == NULL)
        {
          /* TRANSLATORS: "no task for solve_1a2b3c4d (solvers.py)" */
          printf (_("no task for %s (%s)\n"), *import->function ? import->function : import->task_id, import->file);
          n_unmatched++;
        }
      else if (store_program (&cli, entry, annotator, import, changed))
        n_stored++;
      else
        n_errors++;
    }
  for (guint i = 0; i < changed->len; i++)
    {
      g_autoptr(GError) save_error = NULL;

      if (!arc_notes_save (changed->pdata[i], TRUE, &save_error))
        {
          g_autofree char *name = g_file_get_parse_name (arc_notes_get_file (changed->pdata[i]));

          arc_cli_fail (&cli, "%s: %s", name, save_error->message);
          n_errors++;
        }
    }
  printf (g_dngettext (GETTEXT_PACKAGE, "%u program stored as %s's\n", "%u programs stored as %s's\n", n_stored),
          n_stored, annotator);
  if (n_errors > 0 || arc_cli_report_notes_errors (&cli) > 0)
    return ARC_CLI_USAGE;
  return n_unmatched > 0 || problems->len > 0 ? ARC_CLI_FAILED : ARC_CLI_OK;
}

/* run */

typedef struct
{
  ArcCollection     *collection;
  ArcProgramResult **results;  /* one per entry of the collection; NULL: no program */
  guint              n_pending;
  guint              n_done;
  guint              n_programs;
  char              *error;    /* the first error that kept a program from running */
} Run;

typedef struct
{
  Run   *run;
  guint  index;
} RunSlot;

static void
run_done_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  RunSlot *slot = data;
  Run *run = slot->run;
  g_autoptr(GError) error = NULL;

  run->results[slot->index] = arc_program_pool_run_finish (ARC_PROGRAM_POOL (source), result, &error);
  if (error && run->error == NULL)
    run->error = g_strdup (error->message);
  run->n_pending--;
  run->n_done++;
  g_free (slot);
}

static void
show_progress (Run      *run,
               gboolean  last)
{
  static gint64 shown;
  gint64 now = g_get_monotonic_time ();

  if (!isatty (fileno (stderr)))
    return;
  if (last)
    {
      fputs ("\r\033[K", stderr);
      return;
    }
  if (now - shown < G_USEC_PER_SEC / 10)
    return;
  shown = now;
  fputc ('\r', stderr);
  /* TRANSLATORS: the progress line of programs run */
  fprintf (stderr, _("%u of %u programs run…"), run->n_done, run->n_programs);
  fflush (stderr);
}

/* Starts @entry's program, when it has one; says when it cannot be read */
static void
start_program (ArcCli         *cli,
               Run            *run,
               ArcProgramPool *pool,
               guint           index,
               const char     *annotator)
{
  ArcEntry *entry = arc_collection_get_entry (run->collection, index);
  const char *program = program_of (cli, entry, annotator);
  g_autoptr(ArcTask) task = NULL;
  RunSlot *slot;

  if (program == NULL)
    return;
  task = arc_entry_load (entry, NULL);
  if (task == NULL)
    return;  /* arc_cli_report_unreadable() says why */
  slot = g_new0 (RunSlot, 1);
  slot->run = run;
  slot->index = index;
  run->n_pending++;
  run->n_programs++;
  arc_program_pool_run_async (pool, arc_entry_get_id (entry), program, task, NULL, run_done_cb, slot);
}

/* Every test input's output, or [[0]] where there is none, as an ARC
 * Prize submission.json */
static char *
submission_data (Run *run)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(ArcGrid) none = arc_grid_new (1, 1);

  json_builder_begin_object (b);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (run->collection)); i++)
    {
      ArcEntry *entry = arc_collection_get_entry (run->collection, i);
      ArcProgramResult *result = run->results[i];
      guint n_tests = arc_entry_get_n_tests (entry);

      json_builder_set_member_name (b, arc_entry_get_id (entry));
      json_builder_begin_array (b);
      for (guint t = 0; t < n_tests; t++)
        {
          const ArcProgramPair *p = NULL;

          for (guint k = 0; result && k < result->pairs->len && p == NULL; k++)
            if (((ArcProgramPair *) result->pairs->pdata[k])->test && ((ArcProgramPair *) result->pairs->pdata[k])->index == t)
              p = result->pairs->pdata[k];
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "attempt_1");
          arc_grid_add_to_builder (p && p->predicted ? p->predicted : none, b);
          json_builder_set_member_name (b, "attempt_2");
          arc_grid_add_to_builder (p && p->predicted ? p->predicted : none, b);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
    }
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  return arc_cli_json_to_data (root, FALSE);
}

/* Prints each task not right on every pair, then the count */
static guint
print_results (Run *run)
{
  guint n_right = 0;

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (run->collection)); i++)
    {
      const ArcProgramResult *result = run->results[i];
      const ArcProgramPair *wrong;
      g_autofree char *what = NULL;

      if (result == NULL)
        continue;
      wrong = arc_program_result_first_wrong (result);
      if (wrong == NULL)
        {
          n_right++;
          continue;
        }
      what = arc_program_pair_describe (wrong);
      printf ("%s: %s\n", result->task_id, what);
    }
  printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u task right on every pair\n",
                       "%u of %u tasks right on every pair\n", run->n_programs), n_right, run->n_programs);
  return n_right;
}

/* The pool the options ask for; FALSE (having said why) when they are wrong */
static ArcProgramPool *
make_pool (ArcCli  *cli,
           int      jobs,
           double   timeout,
           char   **python_path)
{
  ArcProgramPool *pool;

  if (jobs < 0 || jobs > 1024 || !(timeout >= 0) || timeout > 86400)
    {
      arc_cli_usage (_("arc-studio-cli programs run: --jobs is 1 to 1024, --timeout 0 (none) to 86400 seconds\n"));
      return NULL;
    }
  for (guint i = 0; python_path && python_path[i]; i++)
    {
      g_autofree char *absolute = g_canonicalize_filename (python_path[i], NULL);

      if (!g_file_test (absolute, G_FILE_TEST_IS_DIR))
        {
          arc_cli_fail (cli, _("%s: not a folder (--python-path)"), python_path[i]);
          return NULL;
        }
      g_free (python_path[i]);
      python_path[i] = g_steal_pointer (&absolute);
    }
  pool = arc_program_pool_new ((guint) jobs);
  arc_program_pool_set_timeout (pool, (guint) lround (timeout * 1000));
  arc_program_pool_set_python_path (pool, (const char * const *) python_path);
  return pool;
}

static int
programs_run (int    argc,
              char **argv)
{
  g_auto(ArcCli) cli = { .name = "programs run" };
  g_autofree char *annotator_option = NULL;
  g_autofree char *annotator = NULL;
  g_auto(GStrv) python_path = NULL;
  g_autoptr(ArcProgramPool) pool = NULL;
  double timeout = ARC_PROGRAM_DEFAULT_TIMEOUT_MS / 1000.0;
  int jobs = 0;
  Run run = { 0 };
  guint n_items, n_right, n_unreadable, n_errors;
  int status;
  const GOptionEntry options[] = {
    { "python-path", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &python_path, N_("A folder to import from (e.g. arc-dsl's), before the usual ones; repeatable"), N_("DIR") },
    { "timeout", 0, 0, G_OPTION_ARG_DOUBLE, &timeout, N_("A program's time limit per pair, in seconds (10; 0 for none)"), N_("S") },
    { "jobs", 0, 0, G_OPTION_ARG_INT, &jobs, N_("How many programs run at once (one per processor by default)"), N_("N") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &cli.output, N_("Write the test outputs as an ARC Prize submission.json"), N_("FILE") },
    { "annotator", 0, 0, G_OPTION_ARG_STRING, &annotator_option, N_("Whose programs to run (the annotator of the preferences by default)"), N_("NAME") },
    { NULL }
  };

  if (!arc_cli_parse (&cli, _("PATH — run every task's program on every pair"),
                      _("Runs each task's program on every train and test pair, each in a python3\n"
                        "process of its own (never in this one), and prints each task that is not right\n"
                        "on every pair with its first wrong pair or its error, then how many are.\n"
                        "A program that runs out of time, raises, returns no valid grid or ends its\n"
                        "interpreter is reported for that pair; its other pairs are run all the same.\n"
                        "Each interpreter may use 2 GiB of memory.\n\n"
                        "Exit status: 0 when every program is right on every pair, 1 when some are not\n"
                        "(or no task has a program), 2 on a usage error or a path that cannot be read."),
                      options, argc, argv) ||
      !arc_cli_open_one (&cli, FALSE, _("arc-studio-cli programs run: give one PATH (see --help)\n")))
    return ARC_CLI_USAGE;
  pool = make_pool (&cli, jobs, timeout, python_path);
  if (pool == NULL)
    return ARC_CLI_USAGE;

  annotator = arc_cli_resolve_annotator (annotator_option);
  n_items = g_list_model_get_n_items (G_LIST_MODEL (cli.collection));
  run.collection = cli.collection;
  run.results = g_new0 (ArcProgramResult *, MAX (n_items, 1));
  for (guint i = 0; i < n_items; i++)
    {
      start_program (&cli, &run, pool, i, annotator);
      /* The interpreters start on the first programs while the next are read */
      while (g_main_context_iteration (NULL, FALSE))
        ;
      show_progress (&run, FALSE);
    }
  while (run.n_pending > 0)
    {
      g_main_context_iteration (NULL, TRUE);
      show_progress (&run, FALSE);
    }
  show_progress (&run, TRUE);

  n_unreadable = arc_cli_report_unreadable (&cli);
  n_errors = arc_cli_report_notes_errors (&cli);
  if (run.error)
    status = arc_cli_fail (&cli, "%s", run.error);
  else
    {
      n_right = print_results (&run);
      status = n_unreadable > 0 ? ARC_CLI_USAGE
               : n_right < run.n_programs || run.n_programs == 0 || n_errors > 0 ? ARC_CLI_FAILED : ARC_CLI_OK;
      if (run.n_programs == 0)
        arc_cli_fail (&cli, _("no task has a program of %s"), annotator);
    }
  if (cli.output && run.error == NULL)
    {
      g_autofree char *data = submission_data (&run);
      int written = arc_cli_write_output (&cli, data, -1);

      if (written != 0)
        status = written;
    }
  for (guint i = 0; i < n_items; i++)
    arc_program_result_free (run.results[i]);
  g_free (run.results);
  g_free (run.error);
  return status;
}

/* trace */

typedef struct
{
  ArcCollection     *collection;
  ArcProgramResult **results;  /* one per entry; NULL while running, or without a program */
  gboolean          *running;  /* its trace not finished yet */
  gboolean           json;
  guint              n_pending;
  guint              n_printed; /* entries printed, in the collection's order */
  guint              n_pairs;
  guint              n_right;
  char              *error;
  GString           *out;
} Trace;

typedef struct
{
  Trace *trace;
  guint  index;
} TraceSlot;

/* "train:N" or "test:N", N from 0 as the JSON's "index" */
static gboolean
parse_pair (const char *text,
            gboolean   *test,
            guint      *index)
{
  const char *colon = text ? strchr (text, ':') : NULL;
  guint64 n;

  if (colon == NULL)
    return FALSE;
  if (colon - text == 5 && strncmp (text, "train", 5) == 0)
    *test = FALSE;
  else if (colon - text == 4 && strncmp (text, "test", 4) == 0)
    *test = TRUE;
  else
    return FALSE;
  if (!g_ascii_string_to_unsigned (colon + 1, 10, 0, G_MAXUINT16, &n, NULL))
    return FALSE;
  *index = (guint) n;
  return TRUE;
}

static void
append_step_line (GString              *out,
                  const char           *task_id,
                  const ArcProgramPair *pair,
                  guint                 number,
                  const ArcProgramStep *step)
{
  g_string_append (out, "{\"task\":");
  arc_program_append_json_string (out, task_id);
  g_string_append_printf (out, ",\"split\":\"%s\",\"index\":%u,\"step\":%u,", pair->test ? "test" : "train",
                          pair->index, number);
  arc_program_step_append_json (step, out);
  g_string_append (out, "}\n");
}

static void
append_step_text (GString              *out,
                  guint                 number,
                  const ArcProgramStep *step)
{
  g_autofree char *value = arc_program_step_describe (step);

  if (step->kind == ARC_PROGRAM_VALUE_ERROR || step->kind == ARC_PROGRAM_VALUE_CUT)
    g_string_append_printf (out, "  %5u  %s:%d  %s\n", number, *step->function ? step->function : "-", step->line,
                            value);
  else
    g_string_append_printf (out, "  %5u  %s:%d  %s = %s\n", number, step->function, step->line, step->name, value);
}

/* The traces of the entries done, in the collection's order: each as soon
 * as those before it are */
static void
print_traces (Trace *trace)
{
  guint n_items = g_list_model_get_n_items (G_LIST_MODEL (trace->collection));

  while (trace->n_printed < n_items && !trace->running[trace->n_printed])
    {
      ArcProgramResult *result = g_steal_pointer (&trace->results[trace->n_printed]);

      trace->n_printed++;
      for (guint i = 0; result && i < result->pairs->len; i++)
        {
          const ArcProgramPair *pair = result->pairs->pdata[i];
          g_autofree char *what = arc_program_pair_describe (pair);

          trace->n_pairs++;
          if (pair->status == ARC_PROGRAM_OK && pair->verdict != ARC_VERDICT_WRONG)
            trace->n_right++;
          if (!trace->json)
            g_string_append_printf (trace->out, "%s %s\n", result->task_id, what);
          for (guint k = 0; k < pair->steps->len; k++)
            if (trace->json)
              append_step_line (trace->out, result->task_id, pair, k + 1, pair->steps->pdata[k]);
            else
              append_step_text (trace->out, k + 1, pair->steps->pdata[k]);
          if (trace->out->len > 1 << 16)
            {
              fwrite (trace->out->str, 1, trace->out->len, stdout);
              g_string_truncate (trace->out, 0);
            }
        }
      arc_program_result_free (result);
    }
}

static void
trace_done_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  TraceSlot *slot = data;
  Trace *trace = slot->trace;
  g_autoptr(GError) error = NULL;

  trace->results[slot->index] = arc_program_pool_trace_finish (ARC_PROGRAM_POOL (source), result, &error);
  if (error && trace->error == NULL)
    trace->error = g_strdup (error->message);
  trace->running[slot->index] = FALSE;
  trace->n_pending--;
  print_traces (trace);
  g_free (slot);
}

/* Starts the trace of @entry's program on @pair (or every pair when @pair
 * is NULL), when it has a program and that pair; FALSE when it has no
 * such pair */
static gboolean
start_trace (ArcCli         *cli,
             Trace          *trace,
             ArcProgramPool *pool,
             guint           index,
             const char     *annotator,
             const char     *pair)
{
  ArcEntry *entry = arc_collection_get_entry (trace->collection, index);
  const char *program = program_of (cli, entry, annotator);
  g_autoptr(ArcTask) task = NULL;
  TraceSlot *slot;
  gboolean test = FALSE;
  guint n = 0;
  int which = -1;

  if (program == NULL || (task = arc_entry_load (entry, NULL)) == NULL)
    return TRUE;  /* arc_cli_report_unreadable() says why it cannot be read */
  if (pair)
    {
      parse_pair (pair, &test, &n);
      if (n >= (test ? arc_task_get_n_test (task) : arc_task_get_n_train (task)))
        return FALSE;
      which = (int) (test ? arc_task_get_n_train (task) + n : n);
    }
  slot = g_new0 (TraceSlot, 1);
  slot->trace = trace;
  slot->index = index;
  trace->running[index] = TRUE;
  trace->n_pending++;
  arc_program_pool_trace_async (pool, arc_entry_get_id (entry), program, task, which, NULL, trace_done_cb, slot);
  return TRUE;
}

/* The entries to trace: the one of @task_id, or all; -1 when there is
 * none of that id */
static int
trace_first (ArcCli     *cli,
             const char *task_id,
             guint      *n_items)
{
  *n_items = g_list_model_get_n_items (G_LIST_MODEL (cli->collection));
  if (task_id == NULL)
    return 0;
  for (guint i = 0; i < *n_items; i++)
    if (g_str_equal (arc_entry_get_id (arc_collection_get_entry (cli->collection, i)), task_id))
      {
        *n_items = i + 1;
        return (int) i;
      }
  return -1;
}

/* Starts every trace asked for and waits for them; the status */
static int
run_traces (ArcCli         *cli,
            Trace          *trace,
            ArcProgramPool *pool,
            const char     *annotator,
            const char     *task_id,
            const char     *pair)
{
  guint n_items, n_started = 0, n_without_pair = 0;
  int first = trace_first (cli, task_id, &n_items);

  if (first < 0)
    return arc_cli_fail (cli, _("no task %s in %s"), task_id, cli->paths[0]);
  for (guint i = 0; i < (guint) first; i++)
    trace->n_printed++;
  for (guint i = (guint) first; i < n_items; i++)
    {
      if (!start_trace (cli, trace, pool, i, annotator, pair))
        {
          if (task_id)
            return arc_cli_fail (cli, _("%s has no pair %s"), task_id, pair);
          /* TRANSLATORS: a task without the pair asked for is left out */
          g_printerr (_("%s: no pair %s, not traced\n"), arc_entry_get_id (arc_collection_get_entry (cli->collection, i)), pair);
          n_without_pair++;
        }
      n_started += trace->running[i];
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
  while (trace->n_pending > 0)
    g_main_context_iteration (NULL, TRUE);
  trace->n_printed = MAX (trace->n_printed, (guint) first);
  print_traces (trace);
  fwrite (trace->out->str, 1, trace->out->len, stdout);
  fflush (stdout);
  if (trace->error)
    return arc_cli_fail (cli, "%s", trace->error);
  if (n_started == 0 && n_without_pair > 0)
    return arc_cli_fail (cli, _("no task with a program has pair %s"), pair);
  if (n_started == 0)
    return arc_cli_fail (cli, task_id ? _("%s has no program of %s") : _("no task has a program of %s"),
                         task_id ? task_id : annotator, annotator);
  if (!trace->json)
    printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u pair right\n", "%u of %u pairs right\n", trace->n_pairs),
            trace->n_right, trace->n_pairs);
  return trace->n_right < trace->n_pairs ? ARC_CLI_FAILED : ARC_CLI_OK;
}

static int
programs_trace (int    argc,
                char **argv)
{
  g_auto(ArcCli) cli = { .name = "programs trace" };
  g_autofree char *annotator_option = NULL;
  g_autofree char *annotator = NULL;
  g_autofree char *task_id = NULL;
  g_autofree char *pair = NULL;
  g_auto(GStrv) python_path = NULL;
  g_autoptr(ArcProgramPool) pool = NULL;
  double timeout = ARC_PROGRAM_DEFAULT_TIMEOUT_MS / 1000.0;
  int jobs = 0, status;
  gboolean json = FALSE, test;
  guint index, n_items;
  Trace trace = { 0 };
  const GOptionEntry options[] = {
    { "task", 0, 0, G_OPTION_ARG_STRING, &task_id, N_("Trace this task only (every task by default)"), N_("ID") },
    { "pair", 0, 0, G_OPTION_ARG_STRING, &pair, N_("Trace this pair only, N from 0 (every pair by default)"), N_("train:N|test:N") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Write JSON Lines, one step a line"), NULL },
    { "python-path", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &python_path, N_("A folder to import from (e.g. arc-dsl's), before the usual ones; repeatable"), N_("DIR") },
    { "timeout", 0, 0, G_OPTION_ARG_DOUBLE, &timeout, N_("A program's time limit per pair, in seconds (10; 0 for none)"), N_("S") },
    { "jobs", 0, 0, G_OPTION_ARG_INT, &jobs, N_("How many programs run at once (one per processor by default)"), N_("N") },
    { "annotator", 0, 0, G_OPTION_ARG_STRING, &annotator_option, N_("Whose programs to trace (the annotator of the preferences by default)"), N_("NAME") },
    { NULL }
  };

  if (!arc_cli_parse (&cli, _("PATH — every assignment of each task's program, step by step"),
                      _("Runs each task's program on each pair as “programs run” does and records every\n"
                        "assignment in the program's own functions while it runs, in order: the function,\n"
                        "the line, the name and the value (a grid, an object, a set of indices, a\n"
                        "container of objects, or anything else as short text); assignments in the\n"
                        "libraries it calls (arc-dsl's dsl.py, NumPy) are not recorded. A pair that fails\n"
                        "ends with its error. At most 10,000 steps and 8 MB of values are recorded a pair;\n"
                        "past that the trace says it stopped, and the program runs on.\n\n"
                        "With --json, one step a line: \"task\", \"split\" (\"train\" or \"test\"), \"index\"\n"
                        "(from 0), \"step\" (from 1), \"function\", \"line\", \"name\", \"kind\" and the value:\n"
                        "\"grid\" (rows of ints) for kind grid, \"cells\" for kinds object ([row, col,\n"
                        "colour] each, sorted) and indices ([row, col] each), \"items\" (a list of such\n"
                        "objects, or of sets of indices, the first 64) and \"count\" for kind objects,\n"
                        "\"repr\" (at most 200 characters) for kind value; kind error (the pair's error) and kind cut (the\n"
                        "recording stopped, \"limit\": \"steps\" or \"bytes\") have \"repr\" too.\n\n"
                        "Exit status: 0 when every pair traced is right, 1 when some are not (or no task\n"
                        "has a program), 2 on a usage error or a path that cannot be read."),
                      options, argc, argv) ||
      !arc_cli_open_one (&cli, FALSE, _("arc-studio-cli programs trace: give one PATH (see --help)\n")))
    return ARC_CLI_USAGE;
  if (pair && !parse_pair (pair, &test, &index))
    return arc_cli_usage (_("arc-studio-cli programs trace: --pair is train:N or test:N, N from 0\n"));
  pool = make_pool (&cli, jobs, timeout, python_path);
  if (pool == NULL)
    return ARC_CLI_USAGE;

  annotator = arc_cli_resolve_annotator (annotator_option);
  n_items = g_list_model_get_n_items (G_LIST_MODEL (cli.collection));
  trace.collection = cli.collection;
  trace.results = g_new0 (ArcProgramResult *, MAX (n_items, 1));
  trace.running = g_new0 (gboolean, MAX (n_items, 1));
  trace.json = json;
  trace.out = g_string_sized_new (1 << 17);
  status = run_traces (&cli, &trace, pool, annotator, task_id, pair);
  if (arc_cli_report_unreadable (&cli) > 0)
    status = ARC_CLI_USAGE;
  else if (arc_cli_report_notes_errors (&cli) > 0 && status == ARC_CLI_OK)
    status = ARC_CLI_FAILED;
  for (guint i = 0; i < n_items; i++)
    arc_program_result_free (trace.results[i]);
  g_free (trace.results);
  g_free (trace.running);
  g_free (trace.error);
  g_string_free (trace.out, TRUE);
  return status;
}

/* export */

static int
programs_export (int    argc,
                 char **argv)
{
  g_auto(ArcCli) cli = { .name = "programs export" };
  g_autofree char *annotator_option = NULL;
  g_autofree char *annotator = NULL;
  g_autoptr(GFile) dir = NULL;
  guint n_written = 0, n_errors = 0;
  const GOptionEntry options[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &cli.output, N_("The folder to write the ID.py files in"), N_("DIR") },
    { "annotator", 0, 0, G_OPTION_ARG_STRING, &annotator_option, N_("Whose programs to write (the annotator of the preferences by default)"), N_("NAME") },
    { NULL }
  };

  if (!arc_cli_parse (&cli, _("PATH -o DIR — write each task's program as DIR/ID.py"),
                      _("Writes the program of each task that has one as ID.py in the folder, made if\n"
                        "need be (each file a new one renamed over the old).\n\n"
                        "Exit status: 0 on success, 1 when a notes file could not be read,\n"
                        "2 on a usage error or a path that cannot be read or written."),
                      options, argc, argv) ||
      !arc_cli_open_one (&cli, TRUE, _("arc-studio-cli programs export: give one PATH and -o DIR (see --help)\n")))
    return ARC_CLI_USAGE;
  annotator = arc_cli_resolve_annotator (annotator_option);
  if (g_mkdir_with_parents (cli.output, 0755) != 0)
    return arc_cli_fail (&cli, "%s: %s", cli.output, g_strerror (errno));
  dir = g_file_new_for_path (cli.output);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (cli.collection)); i++)
    {
      ArcEntry *entry = arc_collection_get_entry (cli.collection, i);
      const char *program = program_of (&cli, entry, annotator);
      g_autofree char *name = g_strconcat (arc_entry_get_id (entry), ".py", NULL);
      g_autoptr(GFile) file = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *hash = NULL;  /* whatever the file holds is replaced */

      if (program == NULL)
        continue;
      file = g_file_get_child (dir, name);
      if (arc_file_replace (file, program, strlen (program), &hash, &error))
        n_written++;
      else
        {
          arc_cli_fail (&cli, "%s", error->message);
          n_errors++;
        }
    }
  printf (g_dngettext (GETTEXT_PACKAGE, "%u program written to %s\n", "%u programs written to %s\n", n_written),
          n_written, cli.output);
  if (n_errors > 0 || arc_cli_report_unreadable (&cli) > 0)
    return ARC_CLI_USAGE;
  return arc_cli_report_notes_errors (&cli) > 0 ? ARC_CLI_FAILED : ARC_CLI_OK;
}

int
arc_cli_programs (int    argc,
                  char **argv)
{
  static const struct { const char *verb; int (*run) (int argc, char **argv); } verbs[] = {
    { "import", programs_import },
    { "run", programs_run },
    { "trace", programs_trace },
    { "export", programs_export },
  };

  for (gsize i = 0; argc >= 2 && i < G_N_ELEMENTS (verbs); i++)
    if (g_str_equal (argv[1], verbs[i].verb))
      return verbs[i].run (argc - 1, argv + 1);
  if (argc >= 2 && (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h")))
    {
      fputs (_(USAGE), stdout);
      return ARC_CLI_OK;
    }
  return arc_cli_usage (_(USAGE));
}

/* arc-cli-validate.c: `arc-studio-cli validate PATH...`
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-studio-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "arc-cli.h"
#include "arc-cli-util.h"

/* What is found in every PATH; with --json, the lists of the report */
typedef struct
{
  gboolean   errors_only;
  JsonArray *tasks;       /* (nullable): without --json */
  JsonArray *skipped;
  JsonArray *unreadable;
  guint      n_tasks, n_valid, n_invalid, n_warned, n_skipped, n_unreadable;
} Report;

static void
report_clear (Report *report)
{
  g_clear_pointer (&report->tasks, json_array_unref);
  g_clear_pointer (&report->skipped, json_array_unref);
  g_clear_pointer (&report->unreadable, json_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Report, report_clear)

static const char *
severity_name (ArcSeverity severity)
{
  return severity == ARC_SEVERITY_WARNING ? "warning" : "error";
}

static JsonArray *
problems_to_array (GPtrArray *problems)
{
  JsonArray *array = json_array_new ();

  for (guint i = 0; problems && i < problems->len; i++)
    {
      ArcProblem *p = problems->pdata[i];
      JsonObject *o = json_object_new ();

      json_object_set_string_member (o, "severity", severity_name (p->severity));
      json_object_set_string_member (o, "location", p->location);
      json_object_set_string_member (o, "message", p->message);
      json_array_add_object_element (array, o);
    }
  return array;
}

/* Adds an object of two string members to @array */
static void
add_pair (JsonArray  *array,
          const char *name1,
          const char *value1,
          const char *name2,
          const char *value2)
{
  JsonObject *o = json_object_new ();

  json_object_set_string_member (o, name1, value1);
  json_object_set_string_member (o, name2, value2);
  json_array_add_object_element (array, o);
}

/* What checking one task found, made by a worker */
typedef struct
{
  gboolean    done;
  gboolean    valid;
  gboolean    warned;
  char       *unreadable;  /* (nullable): why the file could not be read */
  char       *display;     /* its name, when it could not be read */
  char       *text;   /* the lines to print */
  JsonObject *json;   /* with --json */
} Result;

/* Tasks are checked by a worker per core while the scan goes on, and their
 * results printed in the order of the list. At most WINDOW tasks are in
 * flight: memory does not grow with the size of the collection. */
#define WINDOW 256

typedef struct
{
  Report      *report;
  GThreadPool *pool;
  GMutex       lock;
  GCond        cond;
  Result       ring[WINDOW];  /* the result of task n is ring[n % WINDOW] */
  guint64      n_pushed;
  guint64      n_printed;
} Pipeline;

typedef struct
{
  guint64   n;
  ArcEntry *entry;
} Job;

static void
check_job (gpointer data,
           gpointer user_data)
{
  g_autofree Job *job = data;
  g_autoptr(ArcEntry) entry = job->entry;
  Pipeline *pipeline = user_data;
  gboolean errors_only = pipeline->report->errors_only, as_json = pipeline->report->tasks != NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  Result result = { .done = TRUE };

  arc_entry_validate (entry);
  if (arc_entry_get_unreadable (entry))
    {
      /* Not a task that is invalid: a path that could not be read */
      result.unreadable = arc_entry_dup_error_message (entry);
      result.display = g_strdup (arc_entry_get_display_name (entry));
      g_mutex_lock (&pipeline->lock);
      pipeline->ring[job->n % WINDOW] = result;
      g_cond_signal (&pipeline->cond);
      g_mutex_unlock (&pipeline->lock);
      return;
    }
  problems = arc_entry_dup_problems (entry);
  result.valid = arc_entry_get_status (entry) == ARC_ENTRY_VALID;
  for (guint j = 0; problems && j < problems->len; j++)
    {
      ArcProblem *p = problems->pdata[j];

      if (p->severity == ARC_SEVERITY_WARNING)
        result.warned = TRUE;
      if (!as_json && !(errors_only && p->severity == ARC_SEVERITY_WARNING))
        {
          g_autofree char *line = arc_problem_format (p, arc_entry_get_display_name (entry));
          g_string_append_printf (text, "%s\n", line);
        }
    }
  if (as_json)
    {
      result.json = json_object_new ();
      json_object_set_string_member (result.json, "file", arc_entry_get_display_name (entry));
      json_object_set_string_member (result.json, "id", arc_entry_get_id (entry));
      json_object_set_string_member (result.json, "group", arc_entry_get_group (entry));
      json_object_set_boolean_member (result.json, "valid", result.valid);
      json_object_set_array_member (result.json, "problems", problems_to_array (problems));
    }
  result.text = g_string_free (g_steal_pointer (&text), FALSE);

  g_mutex_lock (&pipeline->lock);
  pipeline->ring[job->n % WINDOW] = result;
  g_cond_signal (&pipeline->cond);
  g_mutex_unlock (&pipeline->lock);
}

/* A path that could not be read: on stderr, or in the report's list of them */
static void
report_unreadable (Report     *report,
                   const char *path,
                   const char *message)
{
  report->n_unreadable++;
  if (report->unreadable)
    add_pair (report->unreadable, "path", path, "message", message);
  fprintf (stderr, "%s: %s\n", path, message);
}

static void
report_result (Report *report,
               Result *result)
{
  if (result->unreadable)
    {
      report_unreadable (report, result->display, result->unreadable);
      g_free (result->unreadable);
      g_free (result->display);
      return;
    }
  report->n_tasks++;
  if (result->valid)
    report->n_valid++;
  else
    report->n_invalid++;
  if (result->valid && result->warned)
    report->n_warned++;
  if (result->json)
    json_array_add_object_element (report->tasks, g_steal_pointer (&result->json));
  fputs (result->text, stdout);
  g_free (result->text);
}

/* Prints the results that are ready, in order, until fewer than @max tasks
 * are in flight (waiting for the workers if need be) */
static void
print_ready (Pipeline *pipeline,
             guint64   max)
{
  g_mutex_lock (&pipeline->lock);
  while (pipeline->n_pushed - pipeline->n_printed > max)
    {
      Result *slot = &pipeline->ring[pipeline->n_printed % WINDOW];
      Result result;

      if (!slot->done)
        {
          g_cond_wait (&pipeline->cond, &pipeline->lock);
          continue;
        }
      result = *slot;
      *slot = (Result) { 0 };
      pipeline->n_printed++;
      g_mutex_unlock (&pipeline->lock);
      report_result (pipeline->report, &result);
      g_mutex_lock (&pipeline->lock);
    }
  g_mutex_unlock (&pipeline->lock);
}

static void
push_entry_cb (ArcEntry *entry,
               gpointer  user_data)
{
  Pipeline *pipeline = user_data;
  Job *job = g_new (Job, 1);

  print_ready (pipeline, WINDOW - 1);
  job->n = pipeline->n_pushed++;
  job->entry = g_object_ref (entry);
  g_thread_pool_push (pipeline->pool, job, NULL);
}

static void
report_skipped (Report        *report,
                ArcCollection *collection)
{
  GPtrArray *skipped = arc_collection_get_skipped (collection);

  for (guint i = 0; i < skipped->len; i++)
    {
      ArcSkipped *s = skipped->pdata[i];

      if (s->unreadable)
        {
          report_unreadable (report, s->display_name, s->reason);
          continue;
        }
      report->n_skipped++;
      if (report->skipped)
        add_pair (report->skipped, "file", s->display_name, "reason", s->reason);
      else if (!report->errors_only)
        printf (_("%s: skipped: %s\n"), s->display_name, s->reason);
    }
}

/* Checks every task of @path as the scan finds it, then lists the files
 * that are not tasks */
static void
validate_path (Report     *report,
               const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(ArcCollection) collection = arc_collection_new (file, path);
  g_autoptr(GError) error = NULL;
  Pipeline pipeline = { .report = report };
  gboolean ok;

  g_mutex_init (&pipeline.lock);
  g_cond_init (&pipeline.cond);
  pipeline.pool = g_thread_pool_new (check_job, &pipeline, (int) g_get_num_processors (), FALSE, NULL);
  ok = arc_collection_scan_each (collection, push_entry_cb, &pipeline, NULL, &error);
  print_ready (&pipeline, 0);
  g_thread_pool_free (pipeline.pool, FALSE, TRUE);
  g_mutex_clear (&pipeline.lock);
  g_cond_clear (&pipeline.cond);
  if (ok)
    {
      report_skipped (report, collection);
      return;
    }
  report->n_unreadable++;
  if (report->unreadable)
    add_pair (report->unreadable, "path", path, "message", error->message);
  fprintf (stderr, "%s\n", error->message);
}

static void
print_json (Report *report)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  JsonObject *root = json_object_new ();
  JsonObject *summary = json_object_new ();

  json_object_set_array_member (root, "tasks", g_steal_pointer (&report->tasks));
  json_object_set_array_member (root, "skipped", g_steal_pointer (&report->skipped));
  json_object_set_array_member (root, "unreadable", g_steal_pointer (&report->unreadable));
  json_object_set_int_member (summary, "tasks", report->n_tasks);
  json_object_set_int_member (summary, "valid", report->n_valid);
  json_object_set_int_member (summary, "invalid", report->n_invalid);
  json_object_set_int_member (summary, "with_warnings", report->n_warned);
  json_object_set_int_member (summary, "skipped", report->n_skipped);
  json_object_set_int_member (summary, "unreadable", report->n_unreadable);
  json_object_set_object_member (root, "summary", summary);
  json_node_take_object (node, root);
  arc_cli_print_json (node);
}

static void
print_summary (Report *report)
{
  if (report->n_skipped > 0 && report->errors_only)
    printf (g_dngettext (GETTEXT_PACKAGE, "%u file that is not a task was skipped\n",
                         "%u files that are not tasks were skipped\n", report->n_skipped),
            report->n_skipped);
  /* TRANSLATORS: the summary line, e.g. "400 tasks: 398 valid, 2 invalid, 120 with warnings" */
  printf (g_dngettext (GETTEXT_PACKAGE, "%u task: %u valid, %u invalid, %u with warnings\n",
                       "%u tasks: %u valid, %u invalid, %u with warnings\n", report->n_tasks),
          report->n_tasks, report->n_valid, report->n_invalid, report->n_warned);
  if (report->n_unreadable > 0)
    printf (g_dngettext (GETTEXT_PACKAGE, "%u path could not be read\n",
                         "%u paths could not be read\n", report->n_unreadable),
            report->n_unreadable);
}

int
arc_cli_validate (int    argc,
                  char **argv)
{
  g_auto(ArcCli) cli = { .name = "validate" };
  g_auto(Report) report = { 0 };
  gboolean as_json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &as_json, N_("Print the report as JSON"), NULL },
    { "errors-only", 'e', 0, G_OPTION_ARG_NONE, &report.errors_only, N_("Print errors, not warnings or skipped files"), NULL },
    { NULL }
  };

  if (!arc_cli_parse (&cli, _("PATH… — check ARC task files"),
                      _("PATH is a task file, a folder (searched recursively) or a Kaggle *_challenges.json file.\n"
                        "Each problem is printed as FILE[#TASK-ID]: JSON-PATH: message.\n\n"
                        "Exit status: 0 when every task is valid (warnings allowed), 1 when any task is\n"
                        "invalid, 2 on a usage error or a path that cannot be read."),
                      entries, argc, argv) ||
      !arc_cli_want_paths (&cli, 1, G_MAXUINT, _("arc-studio-cli validate: give at least one PATH (see --help)\n")))
    return ARC_CLI_USAGE;

  if (as_json)
    {
      report.tasks = json_array_new ();
      report.skipped = json_array_new ();
      report.unreadable = json_array_new ();
    }
  for (guint i = 0; cli.paths[i]; i++)
    validate_path (&report, cli.paths[i]);
  if (as_json)
    print_json (&report);
  else
    print_summary (&report);

  if (report.n_unreadable > 0)
    return ARC_CLI_USAGE;
  return report.n_invalid > 0 ? ARC_CLI_FAILED : ARC_CLI_OK;
}

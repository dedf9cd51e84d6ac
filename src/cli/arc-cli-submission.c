/* arc-cli-submission.c: `arc-studio-cli score` and `arc-studio-cli submission export`
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-studio-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "arc-cli.h"
#include "arc-cli-util.h"

static double
percent (guint a,
         guint b)
{
  return b ? 100.0 * a / b : 0.0;
}

/* The --json report: each task's figures, the problems, the totals */
static JsonNode *
score_to_node (ArcScore  *score,
               GPtrArray *problems)
{
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);
  JsonObject *root = json_object_new ();
  JsonArray *tasks = json_array_new ();
  JsonArray *lines = json_array_new ();

  for (guint i = 0; i < score->tasks->len; i++)
    {
      ArcTaskScore *t = score->tasks->pdata[i];
      JsonObject *task = json_object_new ();

      json_object_set_string_member (task, "id", t->id);
      json_object_set_int_member (task, "test_outputs", t->n_tests);
      json_object_set_int_member (task, "matched", t->n_matched);
      json_object_set_boolean_member (task, "correct", t->correct);
      json_object_set_boolean_member (task, "missing", t->missing);
      json_array_add_object_element (tasks, task);
    }
  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = arc_problem_format (problems->pdata[i], NULL);
      json_array_add_string_element (lines, line);
    }
  json_object_set_array_member (root, "tasks", tasks);
  json_object_set_array_member (root, "problems", lines);
  json_object_set_int_member (root, "test_outputs", score->n_tests);
  json_object_set_int_member (root, "test_outputs_matched", score->n_matched);
  json_object_set_int_member (root, "tasks_total", score->n_tasks);
  json_object_set_int_member (root, "tasks_correct", score->n_correct);
  json_object_set_double_member (root, "score", score->n_tasks ? (double) score->n_correct / score->n_tasks : 0.0);
  json_node_take_object (node, root);
  return node;
}

/* The problems on stderr, then each task's figures and the totals */
static void
print_score (ArcScore   *score,
             GPtrArray  *problems,
             const char *submission_path)
{
  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = arc_problem_format (problems->pdata[i], submission_path);
      fprintf (stderr, "%s\n", line);
    }
  for (guint i = 0; i < score->tasks->len; i++)
    {
      ArcTaskScore *t = score->tasks->pdata[i];

      if (t->missing)
        printf (g_dngettext (GETTEXT_PACKAGE, "%s: %u/%u test output (missing from the submission)\n",
                             "%s: %u/%u test outputs (missing from the submission)\n", t->n_tests),
                t->id, t->n_matched, t->n_tests);
      else
        printf (g_dngettext (GETTEXT_PACKAGE, "%s: %u/%u test output%s\n", "%s: %u/%u test outputs%s\n", t->n_tests),
                t->id, t->n_matched, t->n_tests, t->correct ? " ✓" : "");
    }
  printf (_("test outputs: %u/%u matched (%.1f%%)\n"), score->n_matched, score->n_tests,
          percent (score->n_matched, score->n_tests));
  printf (_("tasks: %u/%u correct (%.1f%%)\n"), score->n_correct, score->n_tasks,
          percent (score->n_correct, score->n_tasks));
}

int
arc_cli_score (int    argc,
               char **argv)
{
  g_auto(ArcCli) cli = { .name = "score" };
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) sub_file = NULL;
  g_autoptr(ArcSubmission) submission = NULL;
  g_autoptr(ArcScore) score = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  gboolean as_json = FALSE;
  guint n_unreadable;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &as_json, N_("Print the score as JSON"), NULL },
    { NULL }
  };

  if (!arc_cli_parse (&cli, _("SUBMISSION PATH — score an ARC Prize submission"),
                      _("SUBMISSION is a submission.json; PATH a collection with its test outputs (a folder,\n"
                        "or a Kaggle challenges file with its solutions beside it). A test output is matched\n"
                        "when one of its two attempts equals it exactly; a task counts when every test output\n"
                        "is matched. Tasks missing from the submission count as wrong.\n\n"
                        "Exit status: 0 when scored (problems in the submission are reported), 2 when the\n"
                        "submission or the collection cannot be read."),
                      entries, argc, argv) ||
      !arc_cli_want_paths (&cli, 2, 2, _("arc-studio-cli score: give SUBMISSION and PATH (see --help)\n")))
    return ARC_CLI_USAGE;
  sub_file = g_file_new_for_commandline_arg (cli.paths[0]);
  submission = arc_submission_load (sub_file, &problems, &error);
  if (submission == NULL)
    return arc_cli_fail (&cli, "%s", error->message);
  if (!arc_cli_open_collection (&cli, cli.paths[1]))
    return ARC_CLI_USAGE;
  n_unreadable = arc_cli_report_unreadable (&cli);
  score = arc_score_compute (cli.collection, submission);
  g_ptr_array_extend (problems, score->problems, NULL, NULL);
  g_ptr_array_set_free_func (score->problems, NULL);

  if (as_json)
    {
      g_autoptr(JsonNode) report = score_to_node (score, problems);
      arc_cli_print_json (report);
    }
  else
    print_score (score, problems, cli.paths[0]);
  return n_unreadable > 0 ? ARC_CLI_USAGE : ARC_CLI_OK;
}

static int
submission_export (int    argc,
                   char **argv)
{
  g_auto(ArcCli) cli = { .name = "submission export" };
  g_autofree char *annotator = NULL;
  g_autofree char *data = NULL;
  g_autofree char *summary = NULL;
  guint placeholders = 0, n_tests = 0;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &cli.output, N_("The submission file to write"), N_("FILE") },
    { "annotator", 0, 0, G_OPTION_ARG_STRING, &annotator, N_("Only this annotator’s attempts"), N_("NAME") },
    { NULL }
  };

  if (!arc_cli_parse (&cli, _("PATH -o submission.json — write an ARC Prize submission"),
                      _("Writes every task and test input of PATH with the first two attempts that count\n"
                        "(kept in the notes by the solve workspace). A test input without attempts gets a\n"
                        "1×1 placeholder grid so that the file stays valid."),
                      entries, argc, argv) ||
      !arc_cli_open_one (&cli, TRUE, _("arc-studio-cli submission export: give one PATH and -o FILE (see --help)\n")))
    return ARC_CLI_USAGE;

  data = arc_submission_export (cli.collection, arc_cli_get_store (&cli), annotator, &placeholders, &n_tests);
  summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %u test input, %u with attempts, %u with a 1×1 placeholder\n",
                                          "%s: %u test inputs, %u with attempts, %u with a 1×1 placeholder\n", n_tests),
                             cli.output, n_tests, n_tests - placeholders, placeholders);
  return arc_cli_finish_export (&cli, data, -1, summary);
}

int
arc_cli_submission (int    argc,
                    char **argv)
{
  return arc_cli_subcommand (argc, argv, "export", submission_export,
                             _("Usage: arc-studio-cli submission export PATH -o submission.json [--annotator NAME]\n"));
}

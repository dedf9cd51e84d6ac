/* arc-cli-submission.c: `arc-studio-cli score` and `arc-studio-cli submission export`
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-studio-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "arc-cli.h"
#include "arc-core.h"

static double
percent (guint a,
         guint b)
{
  return b ? 100.0 * a / b : 0.0;
}

int
arc_cli_score (int    argc,
               char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) sub_file = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(ArcCollection) collection = NULL;
  g_autoptr(ArcSubmission) submission = NULL;
  g_autoptr(ArcScore) score = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_auto(GStrv) paths = NULL;
  gboolean as_json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &as_json, N_("Print the score as JSON"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, N_("SUBMISSION PATH") },
    { NULL }
  };

  context = g_option_context_new (_("SUBMISSION PATH — score an ARC Prize submission"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_description (context,
    _("SUBMISSION is a submission.json; PATH a collection with its test outputs (a folder,\n"
      "or a Kaggle challenges file with its solutions beside it). A test output is matched\n"
      "when one of its two attempts equals it exactly; a task counts when every test output\n"
      "is matched. Tasks missing from the submission count as wrong.\n\n"
      "Exit status: 0 when scored (problems in the submission are reported), 2 when the\n"
      "submission or the collection cannot be read."));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "arc-studio-cli score: %s\n", error->message);
      return ARC_CLI_USAGE;
    }
  if (paths == NULL || g_strv_length (paths) != 2)
    {
      fprintf (stderr, _("arc-studio-cli score: give SUBMISSION and PATH (see --help)\n"));
      return ARC_CLI_USAGE;
    }
  sub_file = g_file_new_for_commandline_arg (paths[0]);
  submission = arc_submission_load (sub_file, &problems, &error);
  if (submission == NULL)
    {
      fprintf (stderr, "arc-studio-cli score: %s\n", error->message);
      return ARC_CLI_USAGE;
    }
  file = g_file_new_for_commandline_arg (paths[1]);
  collection = arc_collection_new_for_file (file, paths[1], NULL, &error);
  if (collection == NULL)
    {
      fprintf (stderr, "arc-studio-cli score: %s\n", error->message);
      return ARC_CLI_USAGE;
    }
  score = arc_score_compute (collection, submission);
  g_ptr_array_extend (problems, score->problems, NULL, NULL);
  g_ptr_array_set_free_func (score->problems, NULL);

  if (as_json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonGenerator) gen = json_generator_new ();
      g_autoptr(JsonNode) root = NULL;
      g_autofree char *text = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "tasks");
      json_builder_begin_array (b);
      for (guint i = 0; i < score->tasks->len; i++)
        {
          ArcTaskScore *t = score->tasks->pdata[i];

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "id");
          json_builder_add_string_value (b, t->id);
          json_builder_set_member_name (b, "test_outputs");
          json_builder_add_int_value (b, t->n_tests);
          json_builder_set_member_name (b, "matched");
          json_builder_add_int_value (b, t->n_matched);
          json_builder_set_member_name (b, "correct");
          json_builder_add_boolean_value (b, t->correct);
          json_builder_set_member_name (b, "missing");
          json_builder_add_boolean_value (b, t->missing);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_set_member_name (b, "problems");
      json_builder_begin_array (b);
      for (guint i = 0; i < problems->len; i++)
        {
          g_autofree char *line = arc_problem_format (problems->pdata[i], NULL);
          json_builder_add_string_value (b, line);
        }
      json_builder_end_array (b);
      json_builder_set_member_name (b, "test_outputs");
      json_builder_add_int_value (b, score->n_tests);
      json_builder_set_member_name (b, "test_outputs_matched");
      json_builder_add_int_value (b, score->n_matched);
      json_builder_set_member_name (b, "tasks_total");
      json_builder_add_int_value (b, score->n_tasks);
      json_builder_set_member_name (b, "tasks_correct");
      json_builder_add_int_value (b, score->n_correct);
      json_builder_set_member_name (b, "score");
      json_builder_add_double_value (b, score->n_tasks ? (double) score->n_correct / score->n_tasks : 0.0);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      json_generator_set_root (gen, root);
      json_generator_set_pretty (gen, TRUE);
      text = json_generator_to_data (gen, NULL);
      printf ("%s\n", text);
      return ARC_CLI_OK;
    }

  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = arc_problem_format (problems->pdata[i], paths[0]);
      fprintf (stderr, "%s\n", line);
    }
  for (guint i = 0; i < score->tasks->len; i++)
    {
      ArcTaskScore *t = score->tasks->pdata[i];

      if (t->missing)
        printf (_("%s: %u/%u test outputs (missing from the submission)\n"), t->id, t->n_matched, t->n_tests);
      else
        printf (_("%s: %u/%u test outputs%s\n"), t->id, t->n_matched, t->n_tests, t->correct ? " ✓" : "");
    }
  printf (_("test outputs: %u/%u matched (%.1f%%)\n"), score->n_matched, score->n_tests,
          percent (score->n_matched, score->n_tests));
  printf (_("tasks: %u/%u correct (%.1f%%)\n"), score->n_correct, score->n_tasks,
          percent (score->n_correct, score->n_tasks));
  return ARC_CLI_OK;
}

static int
submission_export (int    argc,
                   char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(ArcCollection) collection = NULL;
  g_autoptr(ArcNotesStore) store = NULL;
  g_auto(GStrv) paths = NULL;
  g_autofree char *output = NULL;
  g_autofree char *annotator = NULL;
  g_autofree char *data = NULL;
  guint placeholders = 0, n_tests = 0;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("The submission file to write"), N_("FILE") },
    { "annotator", 0, 0, G_OPTION_ARG_STRING, &annotator, N_("Only this annotator’s attempts"), N_("NAME") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, N_("PATH") },
    { NULL }
  };

  context = g_option_context_new (_("PATH -o submission.json — write an ARC Prize submission"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_description (context,
    _("Writes every task and test input of PATH with the first two attempts that count\n"
      "(kept in the notes by the solve workspace). A test input without attempts gets a\n"
      "1×1 placeholder grid so that the file stays valid."));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "arc-studio-cli submission export: %s\n", error->message);
      return ARC_CLI_USAGE;
    }
  if (paths == NULL || g_strv_length (paths) != 1 || output == NULL)
    {
      fprintf (stderr, _("arc-studio-cli submission export: give one PATH and -o FILE (see --help)\n"));
      return ARC_CLI_USAGE;
    }
  file = g_file_new_for_commandline_arg (paths[0]);
  collection = arc_collection_new_for_file (file, paths[0], NULL, &error);
  if (collection == NULL)
    {
      fprintf (stderr, "arc-studio-cli submission export: %s\n", error->message);
      return ARC_CLI_USAGE;
    }
  store = arc_notes_store_new (collection, NULL);
  data = arc_submission_export (collection, store, annotator, &placeholders, &n_tests);
  if (!g_file_set_contents (output, data, -1, &error))
    {
      fprintf (stderr, "arc-studio-cli submission export: %s\n", error->message);
      return ARC_CLI_USAGE;
    }
  printf (_("%s: %u test inputs, %u with attempts, %u with a 1×1 placeholder\n"), output, n_tests,
          n_tests - placeholders, placeholders);
  return ARC_CLI_OK;
}

int
arc_cli_submission (int    argc,
                    char **argv)
{
  if (argc >= 2 && g_str_equal (argv[1], "export"))
    return submission_export (argc - 1, argv + 1);
  fprintf (stderr, _("Usage: arc-studio-cli submission export PATH -o submission.json\n"));
  return ARC_CLI_USAGE;
}

/* arc-cli-validate.c: `arc-studio-cli validate PATH...`
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-studio-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>

#include "arc-cli.h"
#include "arc-core.h"

typedef struct
{
  guint n_tasks, n_valid, n_invalid, n_warned, n_skipped;
} Counts;

static const char *
severity_name (ArcSeverity severity)
{
  return severity == ARC_SEVERITY_WARNING ? "warning" : "error";
}

static void
json_add_problems (JsonBuilder *b,
                   GPtrArray   *problems)
{
  json_builder_set_member_name (b, "problems");
  json_builder_begin_array (b);
  for (guint i = 0; problems && i < problems->len; i++)
    {
      ArcProblem *p = problems->pdata[i];

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "severity");
      json_builder_add_string_value (b, severity_name (p->severity));
      json_builder_set_member_name (b, "location");
      json_builder_add_string_value (b, p->location);
      json_builder_set_member_name (b, "message");
      json_builder_add_string_value (b, p->message);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
validate_collection (ArcCollection *collection,
                     gboolean       errors_only,
                     JsonBuilder   *tasks_json,
                     JsonBuilder   *skipped_json,
                     Counts        *counts)
{
  GPtrArray *skipped = arc_collection_get_skipped (collection);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (collection));

  for (guint i = 0; i < n; i++)
    {
      ArcEntry *entry = arc_collection_get_entry (collection, i);
      g_autoptr(ArcTask) task = arc_entry_load (entry, NULL);
      g_autoptr(GPtrArray) problems = arc_entry_dup_problems (entry);
      gboolean warned = FALSE;

      counts->n_tasks++;
      if (task)
        counts->n_valid++;
      else
        counts->n_invalid++;

      for (guint j = 0; problems && j < problems->len; j++)
        {
          ArcProblem *p = problems->pdata[j];

          if (p->severity == ARC_SEVERITY_WARNING)
            warned = TRUE;
          if (tasks_json == NULL && !(errors_only && p->severity == ARC_SEVERITY_WARNING))
            {
              g_autofree char *line = arc_problem_format (p, arc_entry_get_display_name (entry));
              printf ("%s\n", line);
            }
        }
      if (task && warned)
        counts->n_warned++;

      if (tasks_json)
        {
          json_builder_begin_object (tasks_json);
          json_builder_set_member_name (tasks_json, "file");
          json_builder_add_string_value (tasks_json, arc_entry_get_display_name (entry));
          json_builder_set_member_name (tasks_json, "id");
          json_builder_add_string_value (tasks_json, arc_entry_get_id (entry));
          json_builder_set_member_name (tasks_json, "group");
          json_builder_add_string_value (tasks_json, arc_entry_get_group (entry));
          json_builder_set_member_name (tasks_json, "valid");
          json_builder_add_boolean_value (tasks_json, task != NULL);
          json_add_problems (tasks_json, problems);
          json_builder_end_object (tasks_json);
        }
    }

  for (guint i = 0; i < skipped->len; i++)
    {
      ArcSkipped *s = skipped->pdata[i];

      counts->n_skipped++;
      if (skipped_json)
        {
          json_builder_begin_object (skipped_json);
          json_builder_set_member_name (skipped_json, "file");
          json_builder_add_string_value (skipped_json, s->display_name);
          json_builder_set_member_name (skipped_json, "reason");
          json_builder_add_string_value (skipped_json, s->reason);
          json_builder_end_object (skipped_json);
        }
      else if (!errors_only)
        printf (_("%s: skipped: %s\n"), s->display_name, s->reason);
    }
}

int
arc_cli_validate (int    argc,
                  char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonBuilder) tasks_json = NULL;
  g_autoptr(JsonBuilder) skipped_json = NULL;
  g_autoptr(JsonBuilder) unreadable_json = NULL;
  g_auto(GStrv) paths = NULL;
  gboolean as_json = FALSE, errors_only = FALSE, unreadable = FALSE;
  Counts counts = { 0 };
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &as_json, N_("Print the report as JSON"), NULL },
    { "errors-only", 'e', 0, G_OPTION_ARG_NONE, &errors_only, N_("Print errors, not warnings or skipped files"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, N_("PATH…") },
    { NULL }
  };

  context = g_option_context_new (_("PATH… — check ARC task files"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_description (context,
    _("PATH is a task file, a folder (searched recursively) or a Kaggle *_challenges.json file.\n"
      "Each problem is printed as FILE[#TASK-ID]: JSON-PATH: message.\n\n"
      "Exit status: 0 when every task is valid (warnings allowed), 1 when any task is\n"
      "invalid, 2 on a usage error or a path that cannot be read."));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "arc-studio-cli validate: %s\n", error->message);
      return ARC_CLI_USAGE;
    }
  if (paths == NULL || paths[0] == NULL)
    {
      fprintf (stderr, _("arc-studio-cli validate: give at least one PATH (see --help)\n"));
      return ARC_CLI_USAGE;
    }

  if (as_json)
    {
      tasks_json = json_builder_new ();
      skipped_json = json_builder_new ();
      unreadable_json = json_builder_new ();
      json_builder_begin_array (tasks_json);
      json_builder_begin_array (skipped_json);
      json_builder_begin_array (unreadable_json);
    }

  for (guint i = 0; paths[i]; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (paths[i]);
      g_autoptr(ArcCollection) collection = NULL;
      g_autoptr(GError) local_error = NULL;

      collection = arc_collection_new_for_file (file, paths[i], NULL, &local_error);
      if (collection == NULL)
        {
          unreadable = TRUE;
          if (as_json)
            {
              json_builder_begin_object (unreadable_json);
              json_builder_set_member_name (unreadable_json, "path");
              json_builder_add_string_value (unreadable_json, paths[i]);
              json_builder_set_member_name (unreadable_json, "message");
              json_builder_add_string_value (unreadable_json, local_error->message);
              json_builder_end_object (unreadable_json);
            }
          else
            fprintf (stderr, "%s\n", local_error->message);
          continue;
        }
      validate_collection (collection, errors_only, tasks_json, skipped_json, &counts);
    }

  if (as_json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonGenerator) gen = json_generator_new ();
      g_autoptr(JsonNode) root = NULL;
      g_autofree char *text = NULL;

      json_builder_end_array (tasks_json);
      json_builder_end_array (skipped_json);
      json_builder_end_array (unreadable_json);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "tasks");
      json_builder_add_value (b, json_builder_get_root (tasks_json));
      json_builder_set_member_name (b, "skipped");
      json_builder_add_value (b, json_builder_get_root (skipped_json));
      json_builder_set_member_name (b, "unreadable");
      json_builder_add_value (b, json_builder_get_root (unreadable_json));
      json_builder_set_member_name (b, "summary");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "tasks");
      json_builder_add_int_value (b, counts.n_tasks);
      json_builder_set_member_name (b, "valid");
      json_builder_add_int_value (b, counts.n_valid);
      json_builder_set_member_name (b, "invalid");
      json_builder_add_int_value (b, counts.n_invalid);
      json_builder_set_member_name (b, "with_warnings");
      json_builder_add_int_value (b, counts.n_warned);
      json_builder_set_member_name (b, "skipped");
      json_builder_add_int_value (b, counts.n_skipped);
      json_builder_end_object (b);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      json_generator_set_root (gen, root);
      json_generator_set_pretty (gen, TRUE);
      text = json_generator_to_data (gen, NULL);
      printf ("%s\n", text);
    }
  else
    {
      if (counts.n_skipped > 0 && errors_only)
        printf (g_dngettext (GETTEXT_PACKAGE, "%u file that is not a task was skipped\n",
                             "%u files that are not tasks were skipped\n", counts.n_skipped),
                counts.n_skipped);
      /* TRANSLATORS: the summary line, e.g. "400 tasks: 398 valid, 2 invalid, 120 with warnings" */
      printf (g_dngettext (GETTEXT_PACKAGE, "%u task: %u valid, %u invalid, %u with warnings\n",
                           "%u tasks: %u valid, %u invalid, %u with warnings\n", counts.n_tasks),
              counts.n_tasks, counts.n_valid, counts.n_invalid, counts.n_warned);
    }

  if (unreadable)
    return ARC_CLI_USAGE;
  return counts.n_invalid > 0 ? ARC_CLI_FAILED : ARC_CLI_OK;
}

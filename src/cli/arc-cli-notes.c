/* arc-cli-notes.c: `arc-studio-cli notes export` and `arc-studio-cli stats`
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-studio-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>

#include "arc-cli.h"
#include "arc-core.h"

/* The notes of an entry: the sidecar of its file, loaded once */
static ArcNotes *
notes_for (GHashTable *cache,
           ArcEntry   *entry,
           GPtrArray  *errors)
{
  g_autoptr(GFile) sidecar = arc_notes_sidecar_for (arc_entry_get_file (entry));
  g_autofree char *key = g_file_get_uri (sidecar);
  ArcNotes *notes = g_hash_table_lookup (cache, key);

  if (notes == NULL)
    {
      g_autoptr(GError) error = NULL;

      notes = arc_notes_new (sidecar);
      if (!arc_notes_load (notes, &error))
        g_ptr_array_add (errors, g_strdup (error->message));
      g_hash_table_insert (cache, g_steal_pointer (&key), notes);
    }
  return notes;
}

static ArcCollection *
open_collection (const char *path,
                 const char *command)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GError) error = NULL;
  ArcCollection *collection = arc_collection_new_for_file (file, path, NULL, &error);

  if (collection == NULL)
    fprintf (stderr, "arc-studio-cli %s: %s\n", command, error->message);
  return collection;
}

static GOptionContext *
make_context (const char         *parameter,
              const char         *description,
              const GOptionEntry *entries)
{
  GOptionContext *context = g_option_context_new (parameter);

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_description (context, description);
  return context;
}

/* Adds what @b built to @out as one JSON line */
static void
append_line (GString     *out,
             JsonBuilder *b)
{
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = json_builder_get_root (b);
  g_autofree char *line = NULL;

  json_generator_set_root (gen, root);
  line = json_generator_to_data (gen, NULL);
  g_string_append_printf (out, "%s\n", line);
}

/* Writes the lines of an export to @output, then the notes files that
 * could not be read. Returns FALSE (having said why) if it could not write. */
static gboolean
write_lines (const char *command,
             const char *output,
             GString    *out,
             GPtrArray  *errors)
{
  g_autoptr(GError) error = NULL;

  if (!g_file_set_contents (output, out->str, (gssize) out->len, &error))
    {
      fprintf (stderr, "arc-studio-cli %s: %s\n", command, error->message);
      return FALSE;
    }
  for (guint i = 0; i < errors->len; i++)
    fprintf (stderr, "%s\n", (char *) errors->pdata[i]);
  return TRUE;
}

static int
notes_export (int    argc,
              char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcCollection) collection = NULL;
  g_autoptr(GHashTable) cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  g_autoptr(GPtrArray) errors = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) out = g_string_new (NULL);
  g_auto(GStrv) paths = NULL;
  g_autofree char *output = NULL;
  guint n_tasks = 0;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("The JSON Lines file to write"), N_("FILE") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, N_("PATH") },
    { NULL }
  };

  context = make_context (_("PATH -o FILE — export the annotations of a collection"),
                          _("Writes one JSON line per annotated task: its id, group, file and every\n"
                            "annotator's description, confidence, tags, difficulty and notes.\n\n"
                            "Exit status: 0 on success, 1 when a notes file could not be read,\n"
                            "2 on a usage error."),
                          entries);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "arc-studio-cli notes export: %s\n", error->message);
      return ARC_CLI_USAGE;
    }
  if (paths == NULL || paths[0] == NULL || paths[1] != NULL || output == NULL)
    {
      fprintf (stderr, _("arc-studio-cli notes export: give one PATH and -o FILE (see --help)\n"));
      return ARC_CLI_USAGE;
    }
  collection = open_collection (paths[0], "notes export");
  if (collection == NULL)
    return ARC_CLI_USAGE;

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (collection)); i++)
    {
      ArcEntry *entry = arc_collection_get_entry (collection, i);
      ArcNotes *notes = notes_for (cache, entry, errors);
      const char *id = arc_entry_get_id (entry);
      g_auto(GStrv) annotators = NULL;
      g_autoptr(JsonBuilder) b = NULL;

      if (!arc_notes_is_annotated (notes, id))
        continue;
      b = json_builder_new ();
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, id);
      json_builder_set_member_name (b, "group");
      json_builder_add_string_value (b, arc_entry_get_group (entry));
      json_builder_set_member_name (b, "file");
      json_builder_add_string_value (b, arc_entry_get_display_name (entry));
      json_builder_set_member_name (b, "annotations");
      json_builder_begin_object (b);
      annotators = arc_notes_dup_annotators (notes, id);
      for (guint j = 0; annotators[j]; j++)
        {
          ArcAnnotation *a = arc_notes_get (notes, id, annotators[j]);

          if (!arc_annotation_has_text (a))
            continue;
          json_builder_set_member_name (b, annotators[j]);
          json_builder_add_value (b, arc_annotation_to_node (a));
        }
      json_builder_end_object (b);
      json_builder_end_object (b);
      append_line (out, b);
      n_tasks++;
    }

  if (!write_lines ("notes export", output, out, errors))
    return ARC_CLI_USAGE;
  printf (g_dngettext (GETTEXT_PACKAGE, "%u annotated task written to %s\n",
                       "%u annotated tasks written to %s\n", n_tasks), n_tasks, output);
  return errors->len > 0 ? ARC_CLI_FAILED : ARC_CLI_OK;
}

/* `trajectories export`: one line per attempt with a trajectory */
static int
trajectories_export (int    argc,
                     char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcCollection) collection = NULL;
  g_autoptr(GHashTable) cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  g_autoptr(GPtrArray) errors = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) out = g_string_new (NULL);
  g_auto(GStrv) paths = NULL;
  g_autofree char *output = NULL;
  g_autofree char *format = NULL;
  gboolean jaxarc;
  guint n_lines = 0;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("The JSON Lines file to write"), N_("FILE") },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format, N_("arctraj (the default) or jaxarc"), N_("FORMAT") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, N_("PATH") },
    { NULL }
  };

  context = make_context (_("PATH -o FILE — export the solving trajectories of a collection"),
                          _("Writes one JSON line per attempt made in the solve workspace.\n"
                            "arctraj: task_id, group, annotator, test, success, verdict, counts and the\n"
                            "actions, each as ARCTraj records it (category, operation, position {x, y},\n"
                            "color, direction, object, grid before the action, timestamp).\n"
                            "jaxarc: per step the 30×30 state padded with -1 and its mask, the JaxARC\n"
                            "operation id, the selection mask, the next state and its mask, the reward\n"
                            "(similarity to the answer), the grid's size; success and has_orphan_paste.\n"
                            "See docs/trajectories.md."),
                          entries);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "arc-studio-cli trajectories export: %s\n", error->message);
      return ARC_CLI_USAGE;
    }
  if (paths == NULL || paths[0] == NULL || paths[1] != NULL || output == NULL)
    {
      fprintf (stderr, _("arc-studio-cli trajectories export: give one PATH and -o FILE (see --help)\n"));
      return ARC_CLI_USAGE;
    }
  if (format && !g_str_equal (format, "arctraj") && !g_str_equal (format, "jaxarc"))
    {
      fprintf (stderr, _("arc-studio-cli trajectories export: --format is arctraj or jaxarc\n"));
      return ARC_CLI_USAGE;
    }
  jaxarc = format && g_str_equal (format, "jaxarc");
  collection = open_collection (paths[0], "trajectories export");
  if (collection == NULL)
    return ARC_CLI_USAGE;

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (collection)); i++)
    {
      ArcEntry *entry = arc_collection_get_entry (collection, i);
      ArcNotes *notes = notes_for (cache, entry, errors);
      const char *id = arc_entry_get_id (entry);
      g_auto(GStrv) annotators = arc_notes_dup_annotators (notes, id);
      g_autoptr(ArcTask) task = NULL;

      for (guint j = 0; annotators[j]; j++)
        {
          ArcAnnotation *a = arc_notes_get (notes, id, annotators[j]);

          for (guint k = 0; k < a->attempts->len; k++)
            {
              ArcAttempt *at = a->attempts->pdata[k];
              g_autoptr(JsonBuilder) b = NULL;

              if (at->actions == NULL)
                continue;
              if (task == NULL)
                task = arc_entry_load (entry, NULL);
              b = json_builder_new ();
              json_builder_begin_object (b);
              json_builder_set_member_name (b, "task_id");
              json_builder_add_string_value (b, id);
              json_builder_set_member_name (b, "group");
              json_builder_add_string_value (b, arc_entry_get_group (entry));
              json_builder_set_member_name (b, "annotator");
              json_builder_add_string_value (b, annotators[j]);
              json_builder_set_member_name (b, "test");
              json_builder_add_int_value (b, at->test);
              json_builder_set_member_name (b, "success");
              json_builder_add_boolean_value (b, at->verdict == ARC_VERDICT_CORRECT);
              json_builder_set_member_name (b, "verdict");
              json_builder_add_string_value (b, arc_verdict_to_string (at->verdict));
              json_builder_set_member_name (b, "counts");
              json_builder_add_boolean_value (b, at->counts);
              if (jaxarc)
                {
                  const ArcGrid *expected = task && at->test < arc_task_get_n_test (task)
                                            ? arc_task_get_test (task, at->test)->output : NULL;
                  arc_trajectory_to_jaxarc (b, at->actions, at->grid, expected);
                }
              else
                {
                  json_builder_set_member_name (b, "actions");
                  json_builder_begin_array (b);
                  for (guint s = 0; s < at->actions->len; s++)
                    json_builder_add_value (b, arc_action_to_node (at->actions->pdata[s]));
                  json_builder_end_array (b);
                }
              json_builder_end_object (b);
              append_line (out, b);
              n_lines++;
            }
        }
    }
  if (!write_lines ("trajectories export", output, out, errors))
    return ARC_CLI_USAGE;
  printf (g_dngettext (GETTEXT_PACKAGE, "%u trajectory written to %s\n", "%u trajectories written to %s\n", n_lines),
          n_lines, output);
  return errors->len > 0 ? ARC_CLI_FAILED : ARC_CLI_OK;
}

int
arc_cli_trajectories (int    argc,
                      char **argv)
{
  if (argc >= 2 && g_str_equal (argv[1], "export"))
    return trajectories_export (argc - 1, argv + 1);
  fprintf (stderr, _("Usage: arc-studio-cli trajectories export PATH -o FILE [--format arctraj|jaxarc]\n"));
  return ARC_CLI_USAGE;
}

int
arc_cli_notes (int    argc,
               char **argv)
{
  if (argc >= 2 && g_str_equal (argv[1], "export"))
    return notes_export (argc - 1, argv + 1);
  fprintf (stderr, _("Usage: arc-studio-cli notes export PATH -o FILE\n"));
  return ARC_CLI_USAGE;
}

int
arc_cli_stats (int    argc,
               char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcCollection) collection = NULL;
  g_autoptr(GHashTable) cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  g_autoptr(GPtrArray) errors = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) paths = NULL;
  guint n = 0, valid = 0, invalid = 0, annotated = 0, attempted = 0, solved = 0;
  gboolean as_json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &as_json, N_("Print the figures as JSON"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, N_("PATH") },
    { NULL }
  };

  context = make_context (_("PATH — count the tasks of a collection"),
                          _("Prints how many tasks there are, valid and invalid, and how many are\n"
                            "annotated, attempted and solved (by any annotator)."),
                          entries);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "arc-studio-cli stats: %s\n", error->message);
      return ARC_CLI_USAGE;
    }
  if (paths == NULL || paths[0] == NULL || paths[1] != NULL)
    {
      fprintf (stderr, _("arc-studio-cli stats: give one PATH (see --help)\n"));
      return ARC_CLI_USAGE;
    }
  collection = open_collection (paths[0], "stats");
  if (collection == NULL)
    return ARC_CLI_USAGE;

  n = g_list_model_get_n_items (G_LIST_MODEL (collection));
  for (guint i = 0; i < n; i++)
    {
      ArcEntry *entry = arc_collection_get_entry (collection, i);
      ArcNotes *notes = notes_for (cache, entry, errors);
      const char *id = arc_entry_get_id (entry);
      g_autoptr(ArcTask) task = arc_entry_load (entry, NULL);
      g_auto(GStrv) annotators = arc_notes_dup_annotators (notes, id);
      gboolean is_solved = FALSE;

      if (task)
        valid++;
      else
        invalid++;
      if (arc_notes_is_annotated (notes, id))
        annotated++;
      if (arc_notes_has_attempts (notes, id))
        attempted++;
      for (guint j = 0; task && annotators[j] && !is_solved; j++)
        is_solved = arc_annotation_is_solved (arc_notes_get (notes, id, annotators[j]), arc_task_get_n_test (task));
      if (is_solved)
        solved++;
    }
  for (guint i = 0; i < errors->len; i++)
    fprintf (stderr, "%s\n", (char *) errors->pdata[i]);
  if (as_json)
    printf ("{\"tasks\": %u, \"valid\": %u, \"invalid\": %u, \"annotated\": %u, \"attempted\": %u, \"solved\": %u}\n",
            n, valid, invalid, annotated, attempted, solved);
  else
    printf (_("tasks: %u\nvalid: %u\ninvalid: %u\nannotated: %u\nattempted: %u\nsolved: %u\n"),
            n, valid, invalid, annotated, attempted, solved);
  return errors->len > 0 ? ARC_CLI_FAILED : ARC_CLI_OK;
}

/* arc-cli-notes.c: `arc-studio-cli notes export`, `trajectories export` and `stats`
 *
 * Every command reads the notes through the store the app uses, and says
 * what they mean of a task with the core's one rule, arc_notes_get_flags().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-studio-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "arc-cli.h"
#include "arc-cli-util.h"
#include "arc-cli-larc.h"

static int
notes_export (int    argc,
              char **argv)
{
  g_auto(ArcCli) cli = { .name = "notes export" };
  g_autoptr(GPtrArray) tasks = NULL;
  ArcNotesExportCounts counts = { 0 };
  g_autofree char *summary = NULL;
  g_autofree char *names = arc_formats_dup_names (ARC_FORMAT_NOTES, ", ");
  g_autofree char *format_help = g_strdup_printf (_("One of %s (the default: %s)"), names,
                                                  arc_format_get_default (ARC_FORMAT_NOTES)->name);
  g_autofree char *format_name = NULL;
  g_autofree char *text = NULL;
  const ArcFormat *format;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &cli.output, N_("The JSON Lines file (or, for larc, the folder) to write"), N_("FILE") },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format_name, format_help, N_("FORMAT") },
    { NULL }
  };

  if (!arc_cli_parse (&cli, _("PATH -o FILE — export the annotations of a collection"),
                      _("Writes one JSON line per annotated task: its id, group, file and every\n"
                        "annotator's description, confidence, tags, difficulty and notes.\n"
                        "--format larc: writes LARC's tasks_json layout in the folder -o DIR, one\n"
                        "file per task with its descriptions, builds and action sequences.\n\n"
                        "Exit status: 0 on success, 1 when a notes file could not be read,\n"
                        "2 on a usage error or a path that cannot be read."),
                      entries, argc, argv) ||
      !arc_cli_open_one (&cli, TRUE, _("arc-studio-cli notes export: give one PATH and -o FILE (see --help)\n")))
    return ARC_CLI_USAGE;
  format = format_name ? arc_format_find (ARC_FORMAT_NOTES, format_name) : arc_format_get_default (ARC_FORMAT_NOTES);
  if (format == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("arc-studio-cli notes export: --format is one of %s\n"), names);

      return arc_cli_usage (message);
    }
  if (format->notes_folder)
    return arc_cli_larc_export (&cli, format->notes_folder);

  tasks = arc_cli_dup_entries (&cli);
  text = format->notes (arc_cli_get_store (&cli), tasks, &counts, NULL, NULL, NULL, NULL);
  summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u annotated task written to %s\n",
                                          "%u annotated tasks written to %s\n", counts.n_tasks),
                             counts.n_tasks, cli.output);
  return arc_cli_finish_export (&cli, text, -1, summary);
}

/* `trajectories export`: one line per attempt with a trajectory, in a
 * format of the core's table (arc-formats.h) */
static int
trajectories_export (int    argc,
                     char **argv)
{
  g_auto(ArcCli) cli = { .name = "trajectories export" };
  g_autoptr(GPtrArray) tasks = NULL;
  ArcNotesExportCounts counts = { 0 };
  g_autofree char *names = arc_formats_dup_names (ARC_FORMAT_TRAJECTORIES, ", ");
  g_autofree char *format_help = g_strdup_printf (_("One of %s (the default: %s)"), names,
                                                  arc_format_get_default (ARC_FORMAT_TRAJECTORIES)->name);
  g_autofree char *format_name = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *text = NULL;
  const ArcFormat *format;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &cli.output, N_("The JSON Lines file to write"), N_("FILE") },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format_name, format_help, N_("FORMAT") },
    { NULL }
  };

  if (!arc_cli_parse (&cli, _("PATH -o FILE — export the solving trajectories of a collection"),
                      _("Writes one JSON line per attempt made in the solve workspace.\n"
                        "arctraj: task_id, group, annotator, test, success, verdict, counts and the\n"
                        "actions, each as ARCTraj records it (category, operation, position {x, y},\n"
                        "color, direction, object, grid before the action, timestamp).\n"
                        "jaxarc: per step the 30×30 state padded with -1 and its mask, the JaxARC\n"
                        "operation id, the selection mask, the next state and its mask, the reward\n"
                        "(similarity to the answer), the grid's size; success and has_orphan_paste.\n"
                        "See docs/trajectories.md."),
                      entries, argc, argv) ||
      !arc_cli_open_one (&cli, TRUE, _("arc-studio-cli trajectories export: give one PATH and -o FILE (see --help)\n")))
    return ARC_CLI_USAGE;
  format = format_name ? arc_format_find (ARC_FORMAT_TRAJECTORIES, format_name)
                       : arc_format_get_default (ARC_FORMAT_TRAJECTORIES);
  if (format == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("arc-studio-cli trajectories export: --format is one of %s\n"), names);

      return arc_cli_usage (message);
    }

  tasks = arc_cli_dup_entries (&cli);
  text = format->notes (arc_cli_get_store (&cli), tasks, &counts, NULL, NULL, NULL, NULL);
  summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u trajectory written to %s\n",
                                          "%u trajectories written to %s\n", counts.n_lines),
                             counts.n_lines, cli.output);
  return arc_cli_finish_export (&cli, text, -1, summary);
}

int
arc_cli_trajectories (int    argc,
                      char **argv)
{
  return arc_cli_subcommand (argc, argv, "export", trajectories_export,
                             _("Usage: arc-studio-cli trajectories export PATH -o FILE [--format arctraj|jaxarc]\n"));
}

int
arc_cli_notes (int    argc,
               char **argv)
{
  if (argc >= 2 && g_str_equal (argv[1], "import-larc"))
    return arc_cli_larc_import (argc - 1, argv + 1);
  return arc_cli_subcommand (argc, argv, "export", notes_export,
                             _("Usage: arc-studio-cli notes export PATH -o FILE [--format jsonl|larc]\n"
                               "       arc-studio-cli notes import-larc LARC_TASKS_DIR COLLECTION [--dry-run]\n"));
}

/* What stats counts: the user's own progress, and everyone else's */
typedef struct
{
  guint tasks, valid, invalid, descriptions, builds;
  guint own[4];     /* annotated, attempted, solved, failed: tasks, by the user */
  guint others[4];  /* the same, by anyone else */
} Stats;

static const ArcNotesFlags counted[4] = {
  ARC_NOTES_FLAG_ANNOTATED, ARC_NOTES_FLAG_ATTEMPTED, ARC_NOTES_FLAG_SOLVED, ARC_NOTES_FLAG_FAILED,
};
static const char * const counted_names[4] = { "annotated", "attempted", "solved", "failed" };

/* Counts @entry's description records and their builds */
static void
count_descriptions (Stats    *stats,
                    ArcNotes *notes,
                    ArcEntry *entry)
{
  const char *id = arc_entry_get_id (entry);
  g_auto(GStrv) annotators = arc_notes_dup_annotators (notes, id);

  for (guint i = 0; annotators[i]; i++)
    {
      ArcAnnotation *a = arc_notes_get (notes, id, annotators[i]);

      if (a->source || *a->input_text || *a->size_text || *a->transform_text)
        stats->descriptions++;
      stats->builds += a->builds ? a->builds->len : 0;
    }
}

/* One task's notes in memory at a time: their summary, read without the
 * trajectories (the notes file read last is kept while tasks share it) */
static void
count_entry (Stats      *stats,
             ArcCli     *cli,
             ArcEntry   *entry,
             const char *annotator,
             ArcNotes  **cache)
{
  g_autoptr(GFile) file = arc_notes_store_dup_summary_file (arc_cli_get_store (cli), entry);
  g_autoptr(ArcNotesSummary) summary = NULL;
  gboolean valid;
  ArcNotesFlags flags;

  /* Checked, not kept: a JSON Lines file's hundreds of thousands of tasks
   * are not all in memory at the end */
  arc_entry_validate (entry);
  valid = arc_entry_get_status (entry) == ARC_ENTRY_VALID;
  summary = file ? arc_notes_summary_read (file, entry, cache) : NULL;
  stats->tasks++;
  if (valid)
    stats->valid++;
  else
    stats->invalid++;
  if (summary)
    {
      guint described, builds;

      flags = arc_notes_summary_get_flags (summary, annotator);
      arc_notes_summary_count (summary, &described, &builds);
      stats->descriptions += described;
      stats->builds += builds;
    }
  else
    {
      /* No notes file, one that does not parse (the store says why), or a
       * place only the store knows */
      ArcNotes *notes = arc_cli_get_notes (cli, entry);
      guint n_tests = arc_entry_get_n_tests (entry);
      g_autofree char *hash = valid && arc_notes_has_attempts (notes, arc_entry_get_id (entry))
                              ? arc_entry_dup_content_hash (entry) : NULL;

      flags = arc_notes_get_flags_for (notes, arc_entry_get_id (entry), annotator, n_tests, hash);
      count_descriptions (stats, notes, entry);
    }
  for (guint i = 0; i < G_N_ELEMENTS (counted); i++)
    {
      stats->own[i] += (ARC_NOTES_FLAGS_OWN (flags) & counted[i]) != 0;
      stats->others[i] += (ARC_NOTES_FLAGS_OTHERS (flags) & counted[i]) != 0;
    }
}

typedef struct
{
  Stats      *stats;
  ArcCli     *cli;
  const char *annotator;
  ArcNotes   *cache;       /* the notes file read last */
  GPtrArray  *unreadable;  /* the tasks that could not be read, with why */
} StatsScan;

static void
count_entry_cb (ArcEntry *entry,
                gpointer  user_data)
{
  StatsScan *scan = user_data;

  count_entry (scan->stats, scan->cli, entry, scan->annotator, &scan->cache);
  if (arc_entry_get_unreadable (entry))
    {
      g_autofree char *message = arc_entry_dup_error_message (entry);

      g_ptr_array_add (scan->unreadable, g_strdup_printf ("%s: %s", arc_entry_get_display_name (entry), message));
    }
}

static void
print_stats_json (const Stats *stats,
                  const char  *annotator)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "tasks");
  json_builder_add_int_value (b, stats->tasks);
  json_builder_set_member_name (b, "valid");
  json_builder_add_int_value (b, stats->valid);
  json_builder_set_member_name (b, "invalid");
  json_builder_add_int_value (b, stats->invalid);
  json_builder_set_member_name (b, "annotator");
  json_builder_add_string_value (b, annotator);
  for (guint i = 0; i < G_N_ELEMENTS (counted); i++)
    {
      json_builder_set_member_name (b, counted_names[i]);
      json_builder_add_int_value (b, stats->own[i]);
    }
  json_builder_set_member_name (b, "descriptions");
  json_builder_add_int_value (b, stats->descriptions);
  json_builder_set_member_name (b, "builds");
  json_builder_add_int_value (b, stats->builds);
  json_builder_set_member_name (b, "others");
  json_builder_begin_object (b);
  for (guint i = 0; i < G_N_ELEMENTS (counted); i++)
    {
      json_builder_set_member_name (b, counted_names[i]);
      json_builder_add_int_value (b, stats->others[i]);
    }
  json_builder_end_object (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  {
    g_autofree char *text = arc_cli_json_to_data (root, FALSE);
    printf ("%s\n", text);
  }
}

static void
print_stats (const Stats *stats,
             const char  *annotator)
{
  printf (_("tasks: %u\nvalid: %u\ninvalid: %u\nannotated: %u\nattempted: %u\nsolved: %u\n"),
          stats->tasks, stats->valid, stats->invalid, stats->own[0], stats->own[1], stats->own[2]);
  printf (_("failed: %u\n"), stats->own[3]);
  /* TRANSLATORS: whose the counts above are */
  printf (_("(the progress of %s)\n"), annotator);
  printf (_("descriptions: %u\nbuilds: %u\n"), stats->descriptions, stats->builds);
  printf (_("others: annotated %u, attempted %u, solved %u, failed %u\n"),
          stats->others[0], stats->others[1], stats->others[2], stats->others[3]);
}

int
arc_cli_stats (int    argc,
               char **argv)
{
  g_auto(ArcCli) cli = { .name = "stats" };
  g_autofree char *annotator_option = NULL;
  g_autofree char *annotator = NULL;
  Stats stats = { 0 };
  guint n_errors, n_unreadable;
  gboolean as_json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &as_json, N_("Print the figures as JSON"), NULL },
    { "annotator", 0, 0, G_OPTION_ARG_STRING, &annotator_option, N_("Whose progress to count (the annotator of the preferences by default)"), N_("NAME") },
    { NULL }
  };

  if (!arc_cli_parse (&cli, _("PATH — count the tasks of a collection"),
                      _("Prints how many tasks there are, valid and invalid; how many you annotated,\n"
                        "attempted, solved and failed (failed: not solved, and a test input's trials used\n"
                        "up without a right answer), as the annotator of the preferences or --annotator;\n"
                        "the descriptions and builds there are; and the same figures for everyone else\n"
                        "(LARC's authors and builders too), which are never counted as yours.\n\n"
                        "Exit status: 0 on success, 1 when a notes file could not be read,\n"
                        "2 on a usage error or a path that cannot be read."),
                      entries, argc, argv) ||
      !arc_cli_want_paths (&cli, 1, 1, _("arc-studio-cli stats: give one PATH (see --help)\n")))
    return ARC_CLI_USAGE;

  annotator = arc_cli_resolve_annotator (annotator_option);
  {
    g_autoptr(GFile) file = g_file_new_for_commandline_arg (cli.paths[0]);
    g_autoptr(GError) error = NULL;
    StatsScan scan = { &stats, &cli, annotator, NULL, g_ptr_array_new_with_free_func (g_free) };
    gboolean listed;

    /* Counted as listed, none kept: a JSON Lines file's hundreds of
     * thousands of tasks are never all in memory */
    cli.collection = arc_collection_new (file, cli.paths[0]);
    listed = arc_collection_scan_each (cli.collection, count_entry_cb, &scan, NULL, &error);
    g_clear_object (&scan.cache);
    if (!listed)
      {
        g_ptr_array_unref (scan.unreadable);
        arc_cli_fail (&cli, "%s", error->message);
        return ARC_CLI_USAGE;
      }
    n_unreadable = arc_cli_report_skipped_unreadable (&cli, cli.collection) + scan.unreadable->len;
    for (guint i = 0; i < scan.unreadable->len; i++)
      arc_cli_fail (&cli, "%s", (const char *) scan.unreadable->pdata[i]);
    g_ptr_array_unref (scan.unreadable);
  }
  n_errors = arc_cli_report_notes_errors (&cli);
  if (as_json)
    print_stats_json (&stats, annotator);
  else
    print_stats (&stats, annotator);
  if (n_unreadable > 0)
    return ARC_CLI_USAGE;
  return n_errors > 0 ? ARC_CLI_FAILED : ARC_CLI_OK;
}

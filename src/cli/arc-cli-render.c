/* arc-cli-render.c: `arc-studio-cli render PATH -o OUT.png|svg|pdf|txt`
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-studio-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "arc-cli.h"
#include "arc-cli-util.h"

/* "train-2-output", "test-1-input" -> the grid of @task */
static const ArcGrid *
find_grid (ArcTask    *task,
           const char *spec,
           gboolean   *bad_spec)
{
  g_auto(GStrv) parts = g_strsplit (spec, "-", 3);
  guint64 n;
  const ArcPair *pair;
  gboolean test;

  *bad_spec = TRUE;
  if (g_strv_length (parts) != 3 || !g_ascii_string_to_unsigned (parts[1], 10, 1, 1000, &n, NULL))
    return NULL;
  if (g_str_equal (parts[0], "test"))
    test = TRUE;
  else if (g_str_equal (parts[0], "train"))
    test = FALSE;
  else
    return NULL;
  if (!g_str_equal (parts[2], "input") && !g_str_equal (parts[2], "output"))
    return NULL;
  *bad_spec = FALSE;
  if (n > (test ? arc_task_get_n_test (task) : arc_task_get_n_train (task)))
    return NULL;
  pair = test ? arc_task_get_test (task, (guint) n - 1) : arc_task_get_train (task, (guint) n - 1);
  return g_str_equal (parts[2], "input") ? pair->input : pair->output;
}

/* The task of @cli's collection to draw: the one it holds, or --task ID.
 * Returns FALSE, having said why, when there is none. */
static gboolean
find_entry (ArcCli     *cli,
            const char *task_id,
            guint      *position)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (cli->collection));

  *position = 0;
  if (task_id && !arc_collection_find (cli->collection, task_id, position))
    arc_cli_fail (cli, _("%s has no task “%s”"), cli->paths[0], task_id);
  else if (task_id == NULL && n != 1)
    arc_cli_fail (cli, _("%s holds %u tasks; choose one with --task ID"), cli->paths[0], n);
  else
    return TRUE;
  return FALSE;
}

/* Prints why @entry is not a valid task */
static int
report_invalid (ArcEntry *entry)
{
  g_autoptr(GPtrArray) problems = arc_entry_dup_problems (entry);

  for (guint i = 0; problems && i < problems->len; i++)
    {
      g_autofree char *line = arc_problem_format (problems->pdata[i], arc_entry_get_display_name (entry));
      fprintf (stderr, "%s\n", line);
    }
  /* A file that could not be read is not an invalid task */
  return arc_entry_get_unreadable (entry) ? ARC_CLI_USAGE : ARC_CLI_FAILED;
}

/* Draws @entry's task, or its grid @grid_spec, to @cli's -o OUT */
static int
draw (ArcCli                 *cli,
      ArcEntry               *entry,
      const char             *grid_spec,
      const ArcRenderOptions *options)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTask) task = arc_entry_load (entry, NULL);
  gboolean done;

  if (task == NULL)
    return report_invalid (entry);
  if (grid_spec)
    {
      gboolean bad_spec;
      const ArcGrid *grid = find_grid (task, grid_spec, &bad_spec);

      if (bad_spec)
        /* TRANSLATORS: the pairs are counted as the app names them, "Train 1" the first */
        return arc_cli_fail (cli, _("--grid takes train-N-input, train-N-output, test-N-input or test-N-output, "
                                    "with N from 1 (train-1-input is the first pair’s input)"));
      if (grid == NULL)
        return arc_cli_fail (cli, _("%s has no grid %s"), arc_entry_get_id (entry), grid_spec);
      done = arc_render_grid_to_file (grid, options, cli->output, &error);
    }
  else
    done = arc_render_task_to_file (task, arc_entry_get_id (entry), options, cli->output, &error);
  if (!done)
    {
      fprintf (stderr, "%s\n", error->message);
      return ARC_CLI_USAGE;
    }
  return ARC_CLI_OK;
}

int
arc_cli_render (int    argc,
                char **argv)
{
  g_auto(ArcCli) cli = { .name = "render" };
  g_autofree char *task_id = NULL;
  g_autofree char *theme = NULL;
  g_autofree char *grid_spec = NULL;
  gboolean numbers = FALSE, no_lines = FALSE, with_outputs = FALSE;
  int cell = 16;
  ArcRenderOptions options;
  g_autofree char *extensions = arc_formats_dup_extensions (ARC_FORMAT_PICTURE);
  g_autofree char *output_help = g_strdup_printf (_("The file to write, its format by its extension: %s"), extensions);
  guint position;
  const GOptionEntry entries[] = {
    { "task", 't', 0, G_OPTION_ARG_STRING, &task_id, N_("The task to draw, when PATH holds several"), N_("ID") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &cli.output, output_help, N_("FILE") },
    { "cell", 0, 0, G_OPTION_ARG_INT, &cell, N_("Cell size in pixels (points for PDF), 2 to 100; default 16"), N_("N") },
    { "numbers", 0, 0, G_OPTION_ARG_NONE, &numbers, N_("Draw each cell’s digit"), NULL },
    { "no-grid-lines", 0, 0, G_OPTION_ARG_NONE, &no_lines, N_("Leave out the grid lines"), NULL },
    { "theme", 0, 0, G_OPTION_ARG_STRING, &theme, N_("Palette: standard, colour-blind or high-contrast"), N_("NAME") },
    { "with-test-outputs", 0, 0, G_OPTION_ARG_NONE, &with_outputs, N_("Draw the test outputs too"), NULL },
    { "grid", 0, 0, G_OPTION_ARG_STRING, &grid_spec, N_("Draw one grid only, e.g. train-1-input or test-1-output"), N_("GRID") },
    { NULL }
  };

  if (!arc_cli_parse (&cli, _("PATH -o OUT — draw a task as PNG, SVG or PDF, or write its grids as text"),
                      _("PATH is a task file, a folder or a Kaggle challenges file (then --task picks the task).\n"
                        "The format follows the extension of OUT.\n\n"
                        "Exit status: 0 on success, 1 when the task is invalid, 2 on a usage error."),
                      entries, argc, argv) ||
      !arc_cli_want_paths (&cli, 1, 1, _("arc-studio-cli render: give exactly one PATH (see --help)\n")))
    return ARC_CLI_USAGE;
  if (cli.output == NULL)
    return arc_cli_fail (&cli, _("give the file to write with -o OUT, OUT ending in one of %s"), extensions);
  if (arc_format_for_path (ARC_FORMAT_PICTURE, cli.output) == NULL)
    return arc_cli_fail (&cli, _("%s: the name must end in one of %s"), cli.output, extensions);
  if (cell < 2 || cell > 100)
    return arc_cli_fail (&cli, _("--cell must be between 2 and 100"));

  arc_render_options_init (&options);
  options.cell_size = cell;
  options.digits = numbers;
  options.grid_lines = !no_lines;
  options.with_test_outputs = with_outputs;
  if (theme && !arc_palette_from_name (theme, &options.palette))
    return arc_cli_fail (&cli, _("unknown theme “%s”; use standard, colour-blind or high-contrast"), theme);

  if (!arc_cli_open_collection (&cli, cli.paths[0]) || !find_entry (&cli, task_id, &position))
    return ARC_CLI_USAGE;
  return draw (&cli, arc_collection_get_entry (cli.collection, position), grid_spec, &options);
}

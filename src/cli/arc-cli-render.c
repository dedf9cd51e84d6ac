/* arc-cli-render.c: `arc-studio-cli render PATH -o OUT.png|svg|pdf`
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-studio-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "arc-cli.h"
#include "arc-core.h"

static int
usage_error (const char *format, ...) G_GNUC_PRINTF (1, 2);

static int
usage_error (const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  fprintf (stderr, "arc-studio-cli render: %s\n", message);
  return ARC_CLI_USAGE;
}

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

int
arc_cli_render (int    argc,
                char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(ArcCollection) collection = NULL;
  g_autoptr(ArcTask) task = NULL;
  g_auto(GStrv) paths = NULL;
  g_autofree char *task_id = NULL;
  g_autofree char *output = NULL;
  g_autofree char *theme = NULL;
  g_autofree char *grid_spec = NULL;
  gboolean numbers = FALSE, no_lines = FALSE, with_outputs = FALSE;
  int cell = 16;
  ArcRenderOptions options;
  ArcImageFormat format;
  ArcEntry *entry;
  guint position = 0;
  const GOptionEntry entries[] = {
    { "task", 't', 0, G_OPTION_ARG_STRING, &task_id, N_("The task to draw, when PATH holds several"), N_("ID") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("The image to write: .png, .svg or .pdf"), N_("FILE") },
    { "cell", 0, 0, G_OPTION_ARG_INT, &cell, N_("Cell size in pixels (points for PDF), 2 to 100; default 16"), N_("N") },
    { "numbers", 0, 0, G_OPTION_ARG_NONE, &numbers, N_("Draw each cell’s digit"), NULL },
    { "no-grid-lines", 0, 0, G_OPTION_ARG_NONE, &no_lines, N_("Leave out the grid lines"), NULL },
    { "theme", 0, 0, G_OPTION_ARG_STRING, &theme, N_("Palette: standard, colour-blind or high-contrast"), N_("NAME") },
    { "with-test-outputs", 0, 0, G_OPTION_ARG_NONE, &with_outputs, N_("Draw the test outputs too"), NULL },
    { "grid", 0, 0, G_OPTION_ARG_STRING, &grid_spec, N_("Draw one grid only, e.g. train-1-input or test-1-output"), N_("GRID") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, N_("PATH") },
    { NULL }
  };

  context = g_option_context_new (_("PATH -o OUT — draw a task as PNG, SVG or PDF"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_description (context,
    _("PATH is a task file, a folder or a Kaggle challenges file (then --task picks the task).\n"
      "The format follows the extension of OUT.\n\n"
      "Exit status: 0 on success, 1 when the task is invalid, 2 on a usage error."));
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error ("%s", error->message);
  if (paths == NULL || paths[0] == NULL || paths[1] != NULL)
    return usage_error (_("give exactly one PATH (see --help)"));
  if (output == NULL)
    return usage_error (_("give the image to write with -o OUT.png, OUT.svg or OUT.pdf"));
  if (!arc_image_format_from_path (output, &format))
    return usage_error (_("%s: the name must end in .png, .svg or .pdf"), output);
  if (cell < 2 || cell > 100)
    return usage_error (_("--cell must be between 2 and 100"));

  arc_render_options_init (&options);
  options.cell_size = cell;
  options.digits = numbers;
  options.grid_lines = !no_lines;
  options.with_test_outputs = with_outputs;
  if (theme && !arc_palette_from_name (theme, &options.palette))
    return usage_error (_("unknown theme “%s”; use standard, colour-blind or high-contrast"), theme);

  file = g_file_new_for_commandline_arg (paths[0]);
  collection = arc_collection_new_for_file (file, paths[0], NULL, &error);
  if (collection == NULL)
    return usage_error ("%s", error->message);
  if (task_id)
    {
      if (!arc_collection_find (collection, task_id, &position))
        return usage_error (_("%s has no task “%s”"), paths[0], task_id);
    }
  else if (g_list_model_get_n_items (G_LIST_MODEL (collection)) != 1)
    return usage_error (_("%s holds %u tasks; choose one with --task ID"), paths[0],
                        g_list_model_get_n_items (G_LIST_MODEL (collection)));

  entry = arc_collection_get_entry (collection, position);
  task = arc_entry_load (entry, &error);
  if (task == NULL)
    {
      g_autoptr(GPtrArray) problems = arc_entry_dup_problems (entry);

      for (guint i = 0; problems && i < problems->len; i++)
        {
          g_autofree char *line = arc_problem_format (problems->pdata[i], arc_entry_get_display_name (entry));
          fprintf (stderr, "%s\n", line);
        }
      return ARC_CLI_FAILED;
    }

  if (grid_spec)
    {
      gboolean bad_spec;
      const ArcGrid *grid = find_grid (task, grid_spec, &bad_spec);

      if (bad_spec)
        return usage_error (_("--grid takes train-N-input, train-N-output, test-N-input or test-N-output"));
      if (grid == NULL)
        return usage_error (_("%s has no grid %s"), arc_entry_get_id (entry), grid_spec);
      if (!arc_render_grid_to_file (grid, &options, output, &error))
        {
          fprintf (stderr, "%s\n", error->message);
          return ARC_CLI_USAGE;
        }
      return ARC_CLI_OK;
    }

  if (!arc_render_task_to_file (task, arc_entry_get_id (entry), &options, output, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return ARC_CLI_USAGE;
    }
  return ARC_CLI_OK;
}

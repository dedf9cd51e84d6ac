/* arc-cli-format.c: `arc-studio-cli format PATH... [--compact|--pretty] [--check]`
 *
 * Rewrites task files in one canonical layout, as the editor saves them:
 * compact (one line, as the public datasets) or pretty (indented, a grid row
 * a line), keeping the members it does not know.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-studio-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "arc-cli-util.h"
#include "arc-cli.h"
#include "arc-core.h"

typedef struct
{
  ArcCli   *cli;
  gboolean  compact;
  gboolean  pretty;
  gboolean  check;
  guint     n_files;
  guint     n_changed;
  guint     n_invalid;
  gboolean  any_unreadable;
  GHashTable *left;   /* the Kaggle and JSON Lines files met in folders, said once */
} Format;

/* Formats one task file; @shown is its path as the user gave it */
static void
format_file (Format     *f,
             GFile      *file,
             const char *shown)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  ArcTaskStyle style;
  const char *data;
  gsize length;

  bytes = arc_file_load_bounded (file, ARC_TASK_MAX_FILE_SIZE, &error);
  if (bytes == NULL)
    {
      arc_cli_fail (f->cli, "%s: %s", shown, error->message);
      f->any_unreadable = TRUE;
      return;
    }
  f->n_files++;
  data = g_bytes_get_data (bytes, &length);
  data = data ? data : "";
  style = f->compact ? ARC_TASK_STYLE_COMPACT
        : f->pretty ? ARC_TASK_STYLE_PRETTY : arc_task_style_of_data (data, length);
  text = arc_task_format_data (data, length, style, &error);
  if (text == NULL)
    {
      fprintf (stderr, "%s: %s\n", shown, error->message);
      f->n_invalid++;
      return;
    }
  if (strlen (text) == length && memcmp (text, data, length) == 0)
    return;
  f->n_changed++;
  if (f->check)
    {
      printf ("%s\n", shown);
      return;
    }
  if (!arc_file_write (file, text, strlen (text), &error))
    {
      arc_cli_fail (f->cli, "%s", error->message);
      f->any_unreadable = TRUE;
    }
}

/* Every task file of a folder, by the rules of the app's list */
static void
format_folder (Format     *f,
               GFile      *folder,
               const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcCollection) collection = arc_cli_open (path, &error);
  guint n;

  if (collection == NULL)
    {
      arc_cli_fail (f->cli, "%s", error->message);
      f->any_unreadable = TRUE;
      return;
    }
  if (arc_cli_report_skipped_unreadable (f->cli, collection) > 0)
    f->any_unreadable = TRUE;
  n = g_list_model_get_n_items (G_LIST_MODEL (collection));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(ArcEntry) entry = g_list_model_get_item (G_LIST_MODEL (collection), i);
      GFile *file = arc_entry_get_file (entry);
      g_autofree char *rel = NULL;
      g_autofree char *shown = NULL;

      if (file == NULL)
        continue;
      rel = g_file_get_relative_path (folder, file);
      shown = rel ? g_build_filename (path, rel, NULL) : g_file_get_parse_name (file);
      if (arc_entry_is_combined (entry) || arc_entry_get_line (entry) > 0)
        {
          /* Said, not an error: the rest of the folder is formatted */
          if (g_hash_table_add (f->left, g_strdup (shown)))
            fprintf (stderr, _("%s: a Kaggle or JSON Lines file, left as it is (format rewrites task files)\n"), shown);
          continue;
        }
      format_file (f, file, shown);
    }
}

static void
format_path (Format     *f,
             const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autofree char *basename = g_file_get_basename (file);
  GFileType type = g_file_query_file_type (file, G_FILE_QUERY_INFO_NONE, NULL);

  if (type == G_FILE_TYPE_DIRECTORY)
    format_folder (f, file, path);
  else if (basename && (g_str_has_suffix (basename, "_challenges.json") || g_str_has_suffix (basename, "_solutions.json")
                        || g_str_has_suffix (basename, ".jsonl")))
    {
      arc_cli_fail (f->cli, _("%s: a Kaggle or JSON Lines file; format rewrites task files"), path);
      f->any_unreadable = TRUE;
    }
  else
    format_file (f, file, path);
}

int
arc_cli_format (int    argc,
                char **argv)
{
  g_auto(ArcCli) cli = { .name = "format" };
  Format f = { .cli = &cli };
  const GOptionEntry entries[] = {
    { "compact", 0, 0, G_OPTION_ARG_NONE, &f.compact, N_("Write every file on one line, as the public datasets"), NULL },
    { "pretty", 0, 0, G_OPTION_ARG_NONE, &f.pretty, N_("Write every file indented, a grid row a line"), NULL },
    { "check", 0, 0, G_OPTION_ARG_NONE, &f.check, N_("Write nothing; list the files that would change"), NULL },
    { NULL }
  };

  if (!arc_cli_parse (&cli, _("PATH… — rewrite task files in one layout"),
                      _("PATH is a task file or a folder (searched recursively; Kaggle and JSON Lines files\n"
                        "in it are named and left as they are). Each file keeps its layout,\n"
                        "compact or pretty, unless --compact or --pretty is given; members that are not\n"
                        "part of a task are kept.\n\n"
                        "Exit status: 0 when every file is (now) formatted, 1 when a task is invalid or,\n"
                        "with --check, when a file would change, 2 on a usage error or a path that cannot\n"
                        "be read or written."),
                      entries, argc, argv) ||
      !arc_cli_want_paths (&cli, 1, G_MAXUINT, _("arc-studio-cli format: give at least one PATH (see --help)\n")))
    return ARC_CLI_USAGE;
  if (f.compact && f.pretty)
    return arc_cli_usage (_("arc-studio-cli format: give --compact or --pretty, not both\n"));

  f.left = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; cli.paths[i]; i++)
    format_path (&f, cli.paths[i]);
  g_hash_table_unref (f.left);
  if (!f.check)
    printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u file reformatted\n", "%u of %u files reformatted\n", f.n_files),
            f.n_changed, f.n_files);

  if (f.any_unreadable)
    return ARC_CLI_USAGE;
  return f.n_invalid > 0 || (f.check && f.n_changed > 0) ? ARC_CLI_FAILED : ARC_CLI_OK;
}

/* arc-cli-util.c: what every command of arc-studio-cli shares
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

void
arc_cli_clear (ArcCli *cli)
{
  g_clear_pointer (&cli->paths, g_strfreev);
  g_clear_pointer (&cli->output, g_free);
  g_clear_object (&cli->store);
  g_clear_object (&cli->collection);
}

/**
 * arc_cli_fail:
 * Prints "arc-studio-cli NAME: MESSAGE" on stderr.
 *
 * Returns: %ARC_CLI_USAGE, the status of a usage error or an unreadable path
 */
int
arc_cli_fail (ArcCli     *cli,
              const char *format,
              ...)
{
  va_list args;

  fprintf (stderr, "arc-studio-cli %s: ", cli->name);
  va_start (args, format);
  vfprintf (stderr, format, args);
  va_end (args);
  fputc ('\n', stderr);
  return ARC_CLI_USAGE;
}

/**
 * arc_cli_write_output:
 * Writes @contents to the -o file, atomically (through a temporary file
 * beside it); if it cannot, says so naming the -o file, not the temporary
 * one GLib's message names.
 *
 * Returns: 0 once written, else the status arc_cli_fail() returns
 */
int
arc_cli_write_output (ArcCli     *cli,
                      const char *contents,
                      gssize      length)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (cli->output);

  if (arc_file_write (file, contents, length < 0 ? strlen (contents) : (gsize) length, &error))
    return 0;
  return arc_cli_fail (cli, "%s", error->message);
}

/**
 * arc_cli_usage:
 * @message: a whole translated line, "arc-studio-cli NAME: …\n"
 *
 * Returns: %ARC_CLI_USAGE, having printed @message on stderr
 */
int
arc_cli_usage (const char *message)
{
  fputs (message, stderr);
  return ARC_CLI_USAGE;
}

/**
 * arc_cli_parse:
 * @parameter: (translated): what follows the command in its --help usage line
 * @description: (translated): the text under the options in --help
 *
 * Parses the options of @entries (--help prints them and exits); the
 * arguments that are not options go to @cli's paths.
 *
 * Returns: %FALSE when they do not parse, having said why
 */
gboolean
arc_cli_parse (ArcCli             *cli,
               const char         *parameter,
               const char         *description,
               const GOptionEntry *entries,
               int                 argc,
               char              **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (parameter);
  g_autoptr(GError) error = NULL;
  const GOptionEntry paths[] = {
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &cli->paths, NULL, NULL },
    { NULL }
  };

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, paths, GETTEXT_PACKAGE);
  g_option_context_set_description (context, description);
  /* --help's usage line names the command: "arc-studio-cli render [OPTION…] PATH…"
   * (GLib interns each name given, so setting it again and back is safe) */
  {
    g_autofree char *program = g_strdup (g_get_prgname ());
    g_autofree char *with_command = g_strdup_printf ("%s %s", program, cli->name);
    gboolean parsed;

    g_set_prgname (with_command);
    parsed = g_option_context_parse (context, &argc, &argv, &error);
    g_set_prgname (program);
    if (!parsed)
      {
        arc_cli_fail (cli, "%s", error->message);
        return FALSE;
      }
  }
  return TRUE;
}

/**
 * arc_cli_open:
 * @path: a task file, a folder or a Kaggle challenges file, as given on the
 *   command line (a path or a URI)
 *
 * Returns: (transfer full) (nullable): the collection of @path, listed
 */
ArcCollection *
arc_cli_open (const char  *path,
              GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);

  return arc_collection_new_for_file (file, path, NULL, error);
}

/**
 * arc_cli_open_collection:
 * Opens @path as @cli's collection.
 *
 * Returns: %FALSE when it cannot be read, having said why
 */
gboolean
arc_cli_open_collection (ArcCli     *cli,
                         const char *path)
{
  g_autoptr(GError) error = NULL;

  g_clear_object (&cli->store);
  g_clear_object (&cli->collection);
  cli->collection = arc_cli_open (path, &error);
  if (cli->collection == NULL)
    {
      arc_cli_fail (cli, "%s", error->message);
      return FALSE;
    }
  return TRUE;
}

/**
 * arc_cli_want_paths:
 * @min: how many PATHs the command needs
 * @max: how many it takes at most (%G_MAXUINT: no limit)
 * @usage: the line to print otherwise
 *
 * Returns: %FALSE, having printed @usage, when @cli has fewer than @min
 *   PATHs or more than @max
 */
gboolean
arc_cli_want_paths (ArcCli     *cli,
                    guint       min,
                    guint       max,
                    const char *usage)
{
  guint n = cli->paths ? g_strv_length (cli->paths) : 0;

  if (n < min || n > max)
    {
      arc_cli_usage (usage);
      return FALSE;
    }
  return TRUE;
}

/**
 * arc_cli_open_one:
 * @needs_output: whether the command also needs -o FILE
 * @usage: the line to print when there is not exactly one PATH (or no
 *   -o FILE, when @needs_output)
 *
 * Opens the one PATH of a command as @cli's collection.
 *
 * Returns: %FALSE on a usage error or an unreadable PATH, having said why
 */
gboolean
arc_cli_open_one (ArcCli     *cli,
                  gboolean    needs_output,
                  const char *usage)
{
  if (needs_output && cli->output == NULL)
    {
      arc_cli_usage (usage);
      return FALSE;
    }
  return arc_cli_want_paths (cli, 1, 1, usage) && arc_cli_open_collection (cli, cli->paths[0]);
}

/**
 * arc_cli_resolve_annotator:
 * @name: (nullable): the --annotator option
 *
 * Returns: (transfer full): whose progress a command tells: @name, else
 *   the annotator of ARC Studio's preferences when its settings are
 *   installed, else the user's real name, as the app has it
 */
char *
arc_cli_resolve_annotator (const char *name)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettings) settings = NULL;
  g_autofree char *preferred = NULL;

  if (name && *name)
    return g_strdup (name);
  schema = source ? g_settings_schema_source_lookup (source, APP_ID, TRUE) : NULL;
  if (schema && g_settings_schema_has_key (schema, "annotator"))
    {
      settings = g_settings_new_full (schema, NULL, NULL);
      preferred = g_settings_get_string (settings, "annotator");
    }
  return arc_task_notes_resolve_annotator (preferred);
}

/**
 * arc_cli_get_store:
 * Returns: (transfer none): the notes of @cli's collection, found where the
 *   app keeps them: beside the tasks, or in the user's data folder when the
 *   collection's folder cannot be written
 */
ArcNotesStore *
arc_cli_get_store (ArcCli *cli)
{
  g_assert (cli->collection != NULL);

  if (cli->store == NULL)
    cli->store = arc_notes_store_new (cli->collection, NULL);
  return cli->store;
}

/**
 * arc_cli_dup_entries:
 * Returns: (transfer container) (element-type ArcEntry): the tasks of
 *   @cli's collection, in order
 */
GPtrArray *
arc_cli_dup_entries (ArcCli *cli)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (cli->collection));
  GPtrArray *entries = g_ptr_array_new_full (n, g_object_unref);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (entries, g_object_ref (arc_collection_get_entry (cli->collection, i)));
  return entries;
}

/**
 * arc_cli_get_notes:
 * Returns: (transfer none): the notes that hold @entry's; the files that
 *   could not be read are reported by arc_cli_report_notes_errors()
 */
ArcNotes *
arc_cli_get_notes (ArcCli   *cli,
                   ArcEntry *entry)
{
  return arc_notes_store_get (arc_cli_get_store (cli), entry, NULL, NULL);
}

/**
 * arc_cli_report_notes_errors:
 * Prints on stderr why each notes file read so far could not be used.
 *
 * Returns: how many there were
 */
guint
arc_cli_report_notes_errors (ArcCli *cli)
{
  g_auto(GStrv) errors = NULL;
  guint n;

  if (cli->store == NULL)
    return 0;
  errors = arc_notes_store_dup_errors (cli->store);
  n = g_strv_length (errors);
  for (guint i = 0; i < n; i++)
    fprintf (stderr, "%s\n", errors[i]);
  return n;
}

/**
 * arc_cli_report_skipped_unreadable:
 * Prints on stderr, as errors of @cli, the paths of @collection that could
 * not be read while listing it: folders that could not be listed, broken
 * symbolic links, a Kaggle solutions file.
 *
 * Returns: how many there were
 */
guint
arc_cli_report_skipped_unreadable (ArcCli        *cli,
                                   ArcCollection *collection)
{
  GPtrArray *skipped = arc_collection_get_skipped (collection);
  guint n = 0;

  for (guint i = 0; i < skipped->len; i++)
    {
      ArcSkipped *s = skipped->pdata[i];

      if (!s->unreadable)
        continue;
      arc_cli_fail (cli, "%s: %s", s->display_name, s->reason);
      n++;
    }
  return n;
}

/**
 * arc_cli_report_unreadable:
 * Checks every task of @cli's collection (each is read once, if it was not
 * yet) and prints on stderr, as errors of @cli, each path that could not be
 * read, with why: what arc_cli_report_skipped_unreadable() reports, and the
 * task files that cannot be opened.
 *
 * Returns: how many there were
 */
guint
arc_cli_report_unreadable (ArcCli *cli)
{
  guint n;

  g_assert (cli->collection != NULL);

  n = arc_cli_report_skipped_unreadable (cli, cli->collection);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (cli->collection)); i++)
    {
      ArcEntry *entry = arc_collection_get_entry (cli->collection, i);
      g_autofree char *message = NULL;

      arc_entry_validate (entry);
      if (!arc_entry_get_unreadable (entry))
        continue;
      message = arc_entry_dup_error_message (entry);
      arc_cli_fail (cli, "%s: %s", arc_entry_get_display_name (entry), message);
      n++;
    }
  return n;
}

/**
 * arc_cli_finish_export:
 * @summary: the line to print once written
 *
 * Reports the paths of the collection that could not be read; writes
 * @contents to @cli's -o FILE (a new file renamed over the old one), unless
 * not one task could be read; reports the notes files that could not be
 * read, then prints @summary.
 *
 * Returns: the exit status: %ARC_CLI_USAGE when a path could not be read or
 *   the file could not be written, %ARC_CLI_FAILED when some notes could not
 *   be read
 */
int
arc_cli_finish_export (ArcCli     *cli,
                       const char *contents,
                       gssize      length,
                       const char *summary)
{
  guint n_unreadable = arc_cli_report_unreadable (cli);
  int status;
  guint n_read = 0;
  guint n_errors;

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (cli->collection)); i++)
    n_read += !arc_entry_get_unreadable (arc_collection_get_entry (cli->collection, i));
  if (n_unreadable > 0 && n_read == 0)
    {
      /* Not an empty file over what may be there: there was nothing to read */
      arc_cli_fail (cli, _("nothing could be read; %s is not written"), cli->output);
      return ARC_CLI_USAGE;
    }
  if ((status = arc_cli_write_output (cli, contents, length)) != 0)
    return status;
  n_errors = arc_cli_report_notes_errors (cli);
  fputs (summary, stdout);
  if (n_unreadable > 0)
    return ARC_CLI_USAGE;
  return n_errors > 0 ? ARC_CLI_FAILED : ARC_CLI_OK;
}

/**
 * arc_cli_json_to_data:
 * Returns: (transfer full): @node as JSON text, on one line unless @pretty
 */
char *
arc_cli_json_to_data (JsonNode *node,
                      gboolean  pretty)
{
  g_autoptr(JsonGenerator) gen = json_generator_new ();

  json_generator_set_root (gen, node);
  json_generator_set_pretty (gen, pretty);
  return json_generator_to_data (gen, NULL);
}

/* Prints @node, pretty, as the report of a --json option */
void
arc_cli_print_json (JsonNode *node)
{
  g_autofree char *text = arc_cli_json_to_data (node, TRUE);

  printf ("%s\n", text);
}

/**
 * arc_cli_subcommand:
 * @verb: the one subcommand of a command, e.g. "export" of `notes export`
 * @usage: the line to print when it is missing (on stderr) or asked for with
 *   --help (on stdout)
 *
 * Returns: the exit status of @run, given the arguments from @verb on
 */
int
arc_cli_subcommand (int          argc,
                    char       **argv,
                    const char  *verb,
                    int        (*run) (int argc, char **argv),
                    const char  *usage)
{
  if (argc >= 2 && g_str_equal (argv[1], verb))
    return run (argc - 1, argv + 1);
  if (argc >= 2 && (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h")))
    {
      /* Asked for: the usage is the answer, not an error */
      fputs (usage, stdout);
      return ARC_CLI_OK;
    }
  return arc_cli_usage (usage);
}

/* arc-cli-larc.c: `arc-studio-cli notes import-larc` and `notes export
 * --format larc`: LARC's descriptions into a collection's notes, and a
 * collection's descriptions out in LARC's tasks_json layout
 *
 * LARC's data is CC BY 4.0: the export says so, and credits it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-studio-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "arc-cli-larc.h"
#include "arc-cli-util.h"
#include "arc-cli.h"
#include "arc-core.h"

static void
print_import (ArcLarcImport *import,
              gboolean       verbose)
{
  g_autofree char *summary = arc_larc_import_dup_summary (import);
  g_auto(GStrv) warnings = arc_larc_import_dup_warnings (import, verbose);
  guint n_untimed = import->untimed->len;

  for (guint i = 0; warnings[i]; i++)
    /* Many of LARC's action sequences have no times: one line, the last, unless asked */
    if (!verbose && n_untimed > 0 && warnings[i + 1] == NULL)
      fprintf (stderr, g_dngettext (GETTEXT_PACKAGE, "arc-studio-cli notes import-larc: warning: %s (--verbose lists it)\n",
                                    "arc-studio-cli notes import-larc: warning: %s (--verbose lists them)\n", n_untimed),
               warnings[i]);
    else
      fprintf (stderr, _("arc-studio-cli notes import-larc: warning: %s\n"), warnings[i]);
  fputs (summary, stdout);
}

/* `notes import-larc LARC_TASKS_DIR COLLECTION [--dry-run]` */
int
arc_cli_larc_import (int    argc,
                     char **argv)
{
  g_auto(ArcCli) cli = { .name = "notes import-larc" };
  g_autoptr(ArcLarcImport) import = NULL;
  g_autoptr(GPtrArray) files = NULL;
  g_autoptr(GError) error = NULL;
  gboolean dry_run = FALSE, verbose = FALSE;
  const GOptionEntry options[] = {
    { "dry-run", 'n', 0, G_OPTION_ARG_NONE, &dry_run, N_("Say what would be imported; write nothing"), NULL },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose, N_("List every action sequence with actions that have no time"), NULL },
    { NULL }
  };

  if (!arc_cli_parse (&cli, _("LARC_TASKS_DIR COLLECTION — import LARC's descriptions"),
                      _("Reads LARC's tasks_json files and puts each description, with its builds\n"
                        "and every action sequence, in the notes of the collection's task of the\n"
                        "same ARC id, as the read-only record “larc:<uid>”. Importing again changes\n"
                        "nothing; no one's own records are touched. See docs/arcnotes-format.md.\n\n"
                        "Exit status: 0 on success, 1 when a file could not be read or notes could\n"
                        "not be written, 2 on a usage error."),
                      options, argc, argv) ||
      !arc_cli_want_paths (&cli, 2, 2, _("arc-studio-cli notes import-larc: give LARC_TASKS_DIR and COLLECTION (see --help)\n")))
    return ARC_CLI_USAGE;
  files = arc_larc_list_files (cli.paths[0], &error);
  if (files == NULL)
    return arc_cli_fail (&cli, "%s", error->message);
  if (!arc_cli_open_collection (&cli, cli.paths[1]))
    return ARC_CLI_USAGE;

  import = arc_larc_import_new (cli.collection, NULL, dry_run);
  arc_larc_import_files (import, files, NULL, NULL, NULL);
  arc_larc_import_save (import);
  print_import (import, verbose);
  return import->n_errors > 0 ? ARC_CLI_FAILED : ARC_CLI_OK;
}

/* `notes export PATH --format larc -o DIR`, with @cli opened */
int
arc_cli_larc_export (ArcCli               *cli,
                     ArcNotesFolderWriter  write)
{
  g_autoptr(GPtrArray) entries = arc_cli_dup_entries (cli);
  g_autoptr(GFile) dir = g_file_new_for_commandline_arg (cli->output);
  ArcNotesExportCounts counts = { 0 };
  gboolean folder = arc_collection_get_kind (cli->collection) == ARC_COLLECTION_FOLDER;
  g_autoptr(GError) error = NULL;
  guint n_errors, n_unreadable;

  if (!write (arc_cli_get_store (cli), entries, folder, dir, &counts, NULL, NULL, NULL, &error))
    return arc_cli_fail (cli, "%s", error->message);
  n_unreadable = arc_cli_report_unreadable (cli);
  n_errors = arc_cli_report_notes_errors (cli);
  printf (g_dngettext (GETTEXT_PACKAGE, "%u task written to %s in LARC's layout: %u descriptions, %u builds\n",
                       "%u tasks written to %s in LARC's layout: %u descriptions, %u builds\n", counts.n_tasks),
          counts.n_tasks, cli->output, counts.n_descriptions, counts.n_builds);
  if (counts.credit)
    printf (_("LARC's descriptions are CC BY 4.0: %s (see %s/CREDITS.md)\n"), ARC_LARC_CREDIT, cli->output);
  if (n_unreadable > 0)
    return ARC_CLI_USAGE;
  return n_errors > 0 ? ARC_CLI_FAILED : ARC_CLI_OK;
}

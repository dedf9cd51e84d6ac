/* arc-studio-cli.c: the headless ARC Studio tool
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-studio-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "arc-cli.h"
#include "arc-i18n.h"

typedef struct
{
  const char *name;
  int (*run) (int argc, char **argv);
  const char *summary;
} Command;

static const Command commands[] = {
  { "validate", arc_cli_validate, N_("Check task files, folders and Kaggle files") },
  { "render", arc_cli_render, N_("Draw a task or one of its grids as PNG, SVG or PDF") },
  { "notes", arc_cli_notes, N_("Export annotations (notes export), import LARC's (notes import-larc)") },
  { "stats", arc_cli_stats, N_("Count tasks: valid, invalid, annotated, attempted, solved, failed") },
  { "score", arc_cli_score, N_("Score an ARC Prize submission.json against a collection") },
  { "trajectories", arc_cli_trajectories, N_("Export solving trajectories, ARCTraj or JaxARC (trajectories export)") },
  { "submission", arc_cli_submission, N_("Write submission.json from your attempts (submission export)") },
  { "format", arc_cli_format, N_("Rewrite task files in one layout, compact or pretty") },
  { "programs", arc_cli_programs, N_("Import, run and export tasks' Python programs (programs import, run, export)") },
};

static void
print_help (FILE *out)
{
  fprintf (out, "%s\n  arc-studio-cli %s\n\n%s\n",
           _("Usage:"), _("COMMAND [OPTION…] [ARGUMENT…]"), _("Commands:"));
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-12s %s\n", commands[i].name, _(commands[i].summary));
  fprintf (out, "\n%s\n  %-12s %s\n  %-12s %s\n\n%s\n",
           _("Options:"),
           "-h, --help", _("Show this help"),
           "--version", _("Show the version"),
           _("Run “arc-studio-cli COMMAND --help” for the options of a command."));
}

int
main (int    argc,
      char **argv)
{
  arc_i18n_init ();
  g_set_prgname ("arc-studio-cli");

  if (argc < 2)
    {
      print_help (stderr);
      return ARC_CLI_USAGE;
    }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0 || strcmp (argv[1], "help") == 0)
    {
      print_help (stdout);
      return ARC_CLI_OK;
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("arc-studio-cli %s\n", PACKAGE_VERSION);
      return ARC_CLI_OK;
    }
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      return commands[i].run (argc - 1, argv + 1);

  fprintf (stderr, _("arc-studio-cli: unknown command “%s”\n\n"), argv[1]);
  print_help (stderr);
  return ARC_CLI_USAGE;
}

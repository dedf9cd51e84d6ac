/* arc-cli-util.h: what every command of arc-studio-cli shares
 *
 * Parsing a command's options, opening its collection, reading notes through
 * the same store as the app, reporting errors as "arc-studio-cli COMMAND:
 * message", writing an output file and printing JSON.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-core.h"

G_BEGIN_DECLS

/* One run of a command. Declare it as
 *   g_auto(ArcCli) cli = { .name = "notes export" };
 * and point the command's -o entry, if any, at cli.output; arc_cli_parse()
 * puts the arguments that are not options in cli.paths. */
typedef struct
{
  const char     *name;        /* messages begin "arc-studio-cli NAME: " */
  char          **paths;       /* the PATH arguments */
  char           *output;      /* -o FILE */
  ArcCollection  *collection;  /* the collection opened by arc_cli_open_one() */
  ArcNotesStore  *store;       /* its notes, made when first read */
} ArcCli;

void           arc_cli_clear          (ArcCli             *cli);
int            arc_cli_fail           (ArcCli             *cli,
                                       const char         *format,
                                       ...) G_GNUC_PRINTF (2, 3);
int            arc_cli_write_output   (ArcCli             *cli,
                                       const char         *contents,
                                       gssize              length);
int            arc_cli_usage          (const char         *message);
gboolean       arc_cli_parse          (ArcCli             *cli,
                                       const char         *parameter,
                                       const char         *description,
                                       const GOptionEntry *entries,
                                       int                 argc,
                                       char              **argv);
ArcCollection *arc_cli_open           (const char         *path,
                                       GError            **error);
gboolean       arc_cli_open_collection (ArcCli            *cli,
                                       const char         *path);
gboolean       arc_cli_want_paths     (ArcCli             *cli,
                                       guint               min,
                                       guint               max,
                                       const char         *usage);
gboolean       arc_cli_open_one       (ArcCli             *cli,
                                       gboolean            needs_output,
                                       const char         *usage);
char          *arc_cli_resolve_annotator (const char      *name);
ArcNotesStore *arc_cli_get_store      (ArcCli             *cli);
GPtrArray     *arc_cli_dup_entries    (ArcCli             *cli);
ArcNotes      *arc_cli_get_notes      (ArcCli             *cli,
                                       ArcEntry           *entry);
guint          arc_cli_report_notes_errors (ArcCli        *cli);
guint          arc_cli_report_skipped_unreadable (ArcCli  *cli,
                                       ArcCollection      *collection);
guint          arc_cli_report_unreadable (ArcCli          *cli);
int            arc_cli_finish_export  (ArcCli             *cli,
                                       const char         *contents,
                                       gssize              length,
                                       const char         *summary);
char          *arc_cli_json_to_data   (JsonNode           *node,
                                       gboolean            pretty);
void           arc_cli_print_json     (JsonNode           *node);
int            arc_cli_subcommand     (int                 argc,
                                       char              **argv,
                                       const char         *verb,
                                       int               (*run) (int argc, char **argv),
                                       const char         *usage);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ArcCli, arc_cli_clear)

G_END_DECLS

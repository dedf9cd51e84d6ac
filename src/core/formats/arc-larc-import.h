/* arc-larc-import.h: a folder of LARC's files into a collection's notes
 *
 * LARC's data is CC BY 4.0: whatever shows or exports it credits LARC
 * (ARC_LARC_CREDIT).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-collection.h"
#include "arc-larc.h"
#include "arc-notes-store.h"

G_BEGIN_DECLS

typedef struct
{
  gboolean       dry_run;
  guint          n_descriptions, n_builds, n_tasks, n_changed, n_files_changed, n_errors;
  GPtrArray     *warnings;         /* char*: odd things in LARC's files */
  GPtrArray     *untimed;          /* char*: action sequences with actions that have no time */
  GPtrArray     *skipped;          /* char*: files skipped, and why; notes not written */
  GPtrArray     *changed;          /* ArcNotes to write */
  GPtrArray     *changed_entries;  /* ArcEntry whose notes changed */
  GPtrArray     *changed_summaries; /* (nullable) ArcNotesSummary of each of those, read by
                                      arc_larc_import_async() in its worker; NULL where unread */
  ArcNotesStore *store;
  gboolean       folder;
  GHashTable    *entries;          /* id -> ArcEntry */
  char          *collection_name;
} ArcLarcImport;

ArcLarcImport *arc_larc_import_new        (ArcCollection  *collection,
                                           const char     *data_dir,
                                           gboolean        dry_run);
void         arc_larc_import_free         (ArcLarcImport  *import);
GPtrArray   *arc_larc_list_files          (const char     *path,
                                           GError        **error);
void         arc_larc_import_file         (ArcLarcImport  *import,
                                           const char     *path);
void         arc_larc_import_files        (ArcLarcImport  *import,
                                           GPtrArray      *files,
                                           GCancellable   *cancellable,
                                           void          (*each) (guint done, gpointer data),
                                           gpointer        each_data);
void         arc_larc_import_save         (ArcLarcImport  *import);
char        *arc_larc_import_dup_summary  (ArcLarcImport  *import);
GStrv        arc_larc_import_dup_warnings (ArcLarcImport  *import,
                                           gboolean        verbose);

/**
 * ArcLarcProgressFunc:
 * @done: the files read so far
 * @total: the files to read
 *
 * How far arc_larc_import_async() got, called in its caller's main context.
 */
typedef void (*ArcLarcProgressFunc)      (guint               done,
                                          guint               total,
                                          gpointer            user_data);

void         arc_larc_import_async        (ArcLarcImport       *import,
                                           const char          *folder_path,
                                           GCancellable        *cancellable,
                                           ArcLarcProgressFunc  progress,
                                           gpointer             progress_data,
                                           GAsyncReadyCallback  callback,
                                           gpointer             user_data);
gboolean     arc_larc_import_finish       (ArcLarcImport       *import,
                                           GAsyncResult        *result,
                                           guint               *n_read,
                                           guint               *n_files,
                                           GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArcLarcImport, arc_larc_import_free)

G_END_DECLS

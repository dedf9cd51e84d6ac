/* arc-notes-export.h: a collection's notes exported, as JSON Lines or in LARC's layout
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-notes-store.h"

G_BEGIN_DECLS

/* What an export wrote, for its summary */
typedef struct
{
  guint    n_tasks;         /* tasks written */
  guint    n_descriptions;  /* LARC: the descriptions */
  guint    n_builds;        /* LARC: the builds */
  guint    n_lines;         /* the lines written: a task's notes, or an attempt's trajectory */
  gboolean credit;          /* LARC's own data among them: CREDITS.md written */
} ArcNotesExportCounts;

/* Called in the exporting thread after each task: @done of @total */
typedef void (*ArcNotesExportProgress) (guint    done,
                                        guint    total,
                                        gpointer user_data);

/* Adds @entry's lines to @out; returns how many */
typedef guint (*ArcNotesExportLines) (GString   *out,
                                      ArcEntry  *entry,
                                      ArcNotes  *notes,
                                      gpointer   data);

char     *arc_notes_export_lines        (ArcNotesStore          *store,
                                         GPtrArray              *entries,
                                         ArcNotesFlags           wanted,
                                         ArcNotesExportLines     lines,
                                         gpointer                lines_data,
                                         ArcNotesExportCounts   *counts,
                                         ArcNotesExportProgress  progress,
                                         gpointer                user_data,
                                         GCancellable           *cancellable,
                                         GError                **error);
void      arc_notes_export_append_line  (GString                *out,
                                         JsonObject             *object);
char     *arc_notes_export_jsonl        (ArcNotesStore          *store,
                                         GPtrArray              *entries,
                                         ArcNotesExportCounts   *counts,
                                         ArcNotesExportProgress  progress,
                                         gpointer                user_data,
                                         GCancellable           *cancellable,
                                         GError                **error);
gboolean  arc_larc_export_folder        (ArcNotesStore          *store,
                                         GPtrArray              *entries,
                                         gboolean                per_task_notes,
                                         GFile                  *dir,
                                         ArcNotesExportCounts   *counts,
                                         ArcNotesExportProgress  progress,
                                         gpointer                user_data,
                                         GCancellable           *cancellable,
                                         GError                **error);

G_END_DECLS

/* arc-notes-summary.h: what the task list needs of a task's notes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-entry.h"
#include "arc-notes.h"

G_BEGIN_DECLS

typedef struct _ArcNotesSummary ArcNotesSummary;

ArcNotesSummary *arc_notes_summary_new       (ArcNotes              *notes,
                                              const char            *task_id,
                                              guint                  n_tests,
                                              const char            *task_hash);
ArcNotesSummary *arc_notes_summary_read      (GFile                 *notes_file,
                                              ArcEntry              *entry,
                                              ArcNotes             **cache);
void             arc_notes_summary_free      (ArcNotesSummary       *summary);
ArcNotesFlags    arc_notes_summary_get_flags (const ArcNotesSummary *summary,
                                              const char            *annotator);
guint            arc_notes_summary_count_others (const ArcNotesSummary *summary,
                                              const char            *annotator,
                                              guint                 *n_builds,
                                              guint                 *n_built);
gboolean         arc_notes_summary_matches   (const ArcNotesSummary *summary,
                                              const char            *needle,
                                              gboolean               tag_only);

void             arc_notes_summary_count     (const ArcNotesSummary *summary,
                                              guint                 *n_described,
                                              guint                 *n_builds);
GPtrArray       *arc_notes_summary_get_tags  (const ArcNotesSummary *summary);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArcNotesSummary, arc_notes_summary_free)

G_END_DECLS

/* arc-notes-store.h: where a collection's notes live, and finding them for a task
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-collection.h"
#include "arc-notes.h"
#include "arc-notes-summary.h"

G_BEGIN_DECLS

typedef enum
{
  ARC_NOTES_BESIDE,     /* the sidecar beside the task file */
  ARC_NOTES_FALLBACK,   /* the folder cannot be written: under the user's data folder */
  ARC_NOTES_RECOVERED,  /* the sidecar does not parse: edits go to a file beside it */
} ArcNotesPlace;

#define ARC_TYPE_NOTES_STORE (arc_notes_store_get_type ())

G_DECLARE_FINAL_TYPE (ArcNotesStore, arc_notes_store, ARC, NOTES_STORE, GObject)

ArcNotesStore *arc_notes_store_new          (ArcCollection *collection,
                                             const char    *data_dir);
ArcNotes      *arc_notes_store_get          (ArcNotesStore *self,
                                             ArcEntry      *entry,
                                             ArcNotesPlace *place,
                                             GError       **error);
gboolean       arc_notes_store_has_file     (ArcNotesStore *self,
                                             ArcEntry      *entry);
void           arc_notes_store_set_annotator (ArcNotesStore *self,
                                             const char    *annotator);
const char    *arc_notes_store_get_annotator (ArcNotesStore *self);
ArcNotesFlags  arc_notes_store_get_flags    (ArcNotesStore *self,
                                             ArcEntry      *entry);
guint          arc_notes_store_count_others (ArcNotesStore *self,
                                             ArcEntry      *entry,
                                             guint         *n_builds,
                                             guint         *n_built);
void           arc_notes_store_set_writing  (ArcNotesStore *self,
                                             gboolean       writing);
gboolean       arc_notes_store_get_writing  (ArcNotesStore *self);
void           arc_notes_store_forget       (ArcNotesStore *self,
                                             ArcEntry      *entry);
void           arc_notes_store_follow       (ArcNotesStore *self,
                                             ArcEntry      *entry,
                                             gboolean       following);
void           arc_notes_store_saved        (ArcNotesStore *self,
                                             ArcEntry      *entry);
gboolean       arc_notes_store_disk_changed (ArcNotesStore *self,
                                             ArcEntry      *entry);
GFile         *arc_notes_store_fallback_dir (ArcNotesStore *self);
GStrv          arc_notes_store_dup_tags     (ArcNotesStore *self);
GStrv          arc_notes_store_dup_errors   (ArcNotesStore *self);
void           arc_notes_store_read_ahead   (ArcNotesStore *self,
                                             ArcEntry      *entry);
gboolean       arc_notes_store_is_read      (ArcNotesStore *self,
                                             ArcEntry      *entry);
GFile         *arc_notes_store_dup_summary_file (ArcNotesStore *self,
                                             ArcEntry      *entry);
void           arc_notes_store_set_summary  (ArcNotesStore *self,
                                             ArcEntry      *entry,
                                             ArcNotesSummary *summary);
gboolean       arc_notes_store_peek_flags   (ArcNotesStore *self,
                                             ArcEntry      *entry,
                                             ArcNotesFlags *flags);
gboolean       arc_notes_store_search       (ArcNotesStore *self,
                                             ArcEntry      *entry,
                                             const char    *needle,
                                             gboolean       tag_only);

G_END_DECLS

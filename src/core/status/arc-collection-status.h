/* arc-collection-status.h: listing, checking and counting a collection's notes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-collection.h"
#include "arc-notes.h"
#include "arc-notes-store.h"

G_BEGIN_DECLS

/* Where the work on a collection is; it goes from one to the next in this
 * order, and ends done, or stopped when the user stopped listing or
 * checking (what was listed is counted before it says stopped). */
typedef enum
{
  ARC_COLLECTION_PHASE_LISTING,   /* the collection's files are being listed */
  ARC_COLLECTION_PHASE_CHECKING,  /* every task is being checked, in a worker */
  ARC_COLLECTION_PHASE_COUNTING,  /* the notes are being counted */
  ARC_COLLECTION_PHASE_DONE,      /* listed, checked and counted */
  ARC_COLLECTION_PHASE_STOPPED,   /* stopped before the end; what was listed is counted */
} ArcCollectionPhase;

GType arc_collection_phase_get_type (void);
#define ARC_TYPE_COLLECTION_PHASE (arc_collection_phase_get_type ())

#define ARC_TYPE_COLLECTION_STATUS (arc_collection_status_get_type ())

G_DECLARE_FINAL_TYPE (ArcCollectionStatus, arc_collection_status, ARC, COLLECTION_STATUS, GObject)

ArcCollectionStatus *arc_collection_status_new             (ArcCollection       *collection);
ArcCollectionStatus *arc_collection_status_open            (GFile               *file,
                                                            const char          *display_root,
                                                            gboolean             watch);
ArcCollection       *arc_collection_status_get_collection  (ArcCollectionStatus *self);
void                 arc_collection_status_set_notes_store (ArcCollectionStatus *self,
                                                            ArcNotesStore       *store);
ArcNotesStore       *arc_collection_status_get_notes_store (ArcCollectionStatus *self);
ArcCollectionPhase   arc_collection_status_get_phase       (ArcCollectionStatus *self);
gboolean             arc_collection_status_is_busy         (ArcCollectionStatus *self);
guint                arc_collection_status_get_n_tasks     (ArcCollectionStatus *self);
guint                arc_collection_status_get_n_checked   (ArcCollectionStatus *self);
guint                arc_collection_status_get_n_invalid   (ArcCollectionStatus *self);
guint                arc_collection_status_get_n_annotated (ArcCollectionStatus *self);
guint                arc_collection_status_get_n_attempted (ArcCollectionStatus *self);
guint                arc_collection_status_get_n_solved    (ArcCollectionStatus *self);
guint                arc_collection_status_get_n_failed    (ArcCollectionStatus *self);
guint                arc_collection_status_get_n_others_annotated (ArcCollectionStatus *self);
guint                arc_collection_status_get_n_others_attempted (ArcCollectionStatus *self);
guint                arc_collection_status_get_n_others_solved    (ArcCollectionStatus *self);
guint                arc_collection_status_get_n_in_progress (ArcCollectionStatus *self);
void                 arc_collection_status_recount         (ArcCollectionStatus *self);
ArcNotesFlags        arc_collection_status_get_flags       (ArcCollectionStatus *self,
                                                            ArcEntry            *entry);
void                 arc_collection_status_stop            (ArcCollectionStatus *self);
void                 arc_collection_status_resume          (ArcCollectionStatus *self);
void                 arc_collection_status_check_now       (ArcCollectionStatus *self,
                                                            ArcEntry            *entry);
void                 arc_collection_status_notes_changed   (ArcCollectionStatus *self,
                                                            ArcEntry            *entry);
void                 arc_collection_status_notes_changed_to (ArcCollectionStatus *self,
                                                            ArcEntry            *entry,
                                                            ArcNotesSummary     *summary);
void                 arc_collection_status_work_changed    (ArcCollectionStatus *self,
                                                            ArcEntry            *entry,
                                                            gboolean             in_progress);

G_END_DECLS

/* arc-collection-status-private.h: what the collection status's sources share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-collection-status.h"

G_BEGIN_DECLS

/* What the workers share with the status object; it outlives the status
 * object while they finish. They hold no reference to it: dropping the
 * last one stops them. */
typedef struct
{
  gint          stopped;   /* atomic: the status object is gone */
  GMainContext *context;
  GWeakRef      status;
} WorkerShared;

enum
{
  COUNT_ANNOTATED,
  COUNT_ATTEMPTED,
  COUNT_SOLVED,
  COUNT_FAILED,
  /* The same by others (ARC_NOTES_FLAG_OTHERS_*): LARC's authors and builders */
  COUNT_OTHERS_ANNOTATED,
  COUNT_OTHERS_ATTEMPTED,
  COUNT_OTHERS_SOLVED,
  COUNT_OTHERS_FAILED,
  COUNT_IN_PROGRESS,  /* ARC_NOTES_FLAG_IN_PROGRESS */
  N_COUNTS
};

struct _ArcCollectionStatus
{
  GObject             parent_instance;

  ArcCollection      *collection;
  ArcNotesStore      *notes_store;
  ArcCollectionPhase  phase;
  GCancellable       *cancellable;    /* listing and checking */
  gboolean            listed_all;     /* the listing ended without being stopped */
  gboolean            checked_all;    /* a check of every listed task ended */
  guint               generation;     /* of the check under way; batches of others are late */
  guint               n_workers;      /* the check's workers still running */
  GHashTable         *noted;          /* ArcEntry that have a notes file, as the check found */
  gboolean            noted_known;    /* the check looked at every task's notes file */
  gpointer            checked_with;   /* the notes store the check looked with (not a reference) */
  guint               n_tasks;
  guint               n_checked;
  guint               n_invalid;

  GThreadPool        *urgent;
  WorkerShared       *shared;
  guint               urgent_seq;

  GHashTable         *flags;          /* ArcEntry → its ArcNotesFlags, once counted */
  guint               counts[N_COUNTS];
  guint               count_source;
  guint               count_next;     /* the next position to count */
  GHashTable         *work;           /* (nullable) the work folder's files in progress, once listed (arc_solve_list_work()) */
  GHashTable         *work_told;      /* (nullable) work file name → whether in progress, as the workspace told */
  GHashTable         *notes_pending;  /* (nullable) ArcEntry whose notes changed on disk, to read again */
  guint               notes_source;
};

enum
{
  PROP_0,
  PROP_COLLECTION,
  PROP_NOTES_STORE,
  PROP_PHASE,
  PROP_N_TASKS, PROP_N_CHECKED, PROP_N_INVALID,
  /* In the order of the counts */
  PROP_N_ANNOTATED, PROP_N_ATTEMPTED, PROP_N_SOLVED, PROP_N_FAILED,
  PROP_N_OTHERS_ANNOTATED, PROP_N_OTHERS_ATTEMPTED, PROP_N_OTHERS_SOLVED, PROP_N_OTHERS_FAILED,
  PROP_N_IN_PROGRESS,
  N_PROPS
};

/* Notified by both files (arc-collection-status-count.c defines them) */
extern GParamSpec *arc_collection_status_properties[N_PROPS];
#define properties arc_collection_status_properties

/* arc-collection-status-count.c */
void           arc_collection_status_set_phase (ArcCollectionStatus *self,
                                                ArcCollectionPhase   phase);
void           arc_collection_status_set_uint  (ArcCollectionStatus *self,
                                                guint               *field,
                                                guint                value,
                                                guint                prop);
gboolean       arc_collection_status_recount_entry (ArcCollectionStatus *self,
                                                    ArcEntry            *entry);
void           arc_collection_status_start_counting (ArcCollectionStatus *self);
ArcNotesFlags  arc_collection_status_add_work (ArcCollectionStatus *self,
                                               ArcEntry            *entry,
                                               ArcNotesFlags        flags);
void           arc_collection_status_list_work (ArcCollectionStatus *self);
void           arc_collection_status_add_noted (ArcCollectionStatus *self,
                                                ArcEntry            *entry);

G_END_DECLS

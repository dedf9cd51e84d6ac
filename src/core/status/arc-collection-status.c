/* arc-collection-status.c: listing, checking and counting a collection's notes
 *
 * The collection is listed (in a worker, by ArcCollection), then every task is checked in workers,
 * which also summarise its notes (arc-notes-summary.c) keeping neither; the flags are then counted
 * from those, a few milliseconds at a time. Shown tasks not checked yet are checked at once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-collection-status"

#include "config.h"

#include "arc-collection-status-private.h"
#include "arc-file.h"
#include "arc-solve.h"

#define CHECK_BATCH 100

G_DEFINE_ENUM_TYPE (ArcCollectionPhase, arc_collection_phase,
  G_DEFINE_ENUM_VALUE (ARC_COLLECTION_PHASE_LISTING, "listing"),
  G_DEFINE_ENUM_VALUE (ARC_COLLECTION_PHASE_CHECKING, "checking"),
  G_DEFINE_ENUM_VALUE (ARC_COLLECTION_PHASE_COUNTING, "counting"),
  G_DEFINE_ENUM_VALUE (ARC_COLLECTION_PHASE_DONE, "done"),
  G_DEFINE_ENUM_VALUE (ARC_COLLECTION_PHASE_STOPPED, "stopped"))

typedef struct
{
  WorkerShared *shared;
  ArcEntry     *entry;
  guint         seq;       /* the last one asked for is checked first */
} UrgentItem;

G_DEFINE_FINAL_TYPE (ArcCollectionStatus, arc_collection_status, G_TYPE_OBJECT)

enum
{
  STATUS_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];
static GQuark quark_check;
static GQuark quark_notes;

/* A task's check status became known */
static void
entry_checked (ArcCollectionStatus *self,
               ArcEntry            *entry)
{
  arc_collection_status_recount_entry (self, entry);  /* solved needs the number of tests */
  arc_entry_notify_status (entry);
  /* Thousands of times while checking: an emission nobody hears is skipped */
  if (g_signal_has_handler_pending (self, signals[STATUS_CHANGED], quark_check, FALSE))
    g_signal_emit (self, signals[STATUS_CHANGED], quark_check, entry);
}

/* Runs @func in @context's thread, always through a source: never in the
 * worker that asks, as g_main_context_invoke_full() would when the context
 * is its thread-default and nobody holds it (as in a test between two
 * iterations), which let two workers update the counts at once */
static void
post_to_main (GMainContext   *context,
              int             priority,
              GSourceFunc     func,
              gpointer        data,
              GDestroyNotify  notify)
{
  GSource *source = g_idle_source_new ();

  g_source_set_priority (source, priority);
  g_source_set_callback (source, func, data, notify);
  g_source_set_static_name (source, "[arc-collection-status] result");
  g_source_attach (source, context);
  g_source_unref (source);
}

/* Checking every task in a worker */

static void
worker_shared_clear (gpointer data)
{
  WorkerShared *shared = data;

  g_main_context_unref (shared->context);
  g_weak_ref_clear (&shared->status);
}

typedef struct
{
  WorkerShared        *shared;
  GPtrArray           *changed;   /* ArcEntry whose status changed */
  GPtrArray           *noted;     /* ArcEntry that have a notes file */
  GPtrArray           *summaries; /* (nullable) ArcNotesSummary of each of those, when read */
  guint                generation;
  guint                n_checked; /* more checked, and more of them invalid */
  guint                n_invalid;
  gboolean             finished;  /* the worker that sent it is done */
} CheckBatch;

static gboolean
apply_batch_cb (gpointer data)
{
  CheckBatch *batch = data;
  g_autoptr(ArcCollectionStatus) self = g_weak_ref_get (&batch->shared->status);

  if (self == NULL)
    return G_SOURCE_REMOVE;
  for (guint i = 0; i < batch->changed->len; i++)
    entry_checked (self, batch->changed->pdata[i]);
  if (batch->generation != self->generation || self->phase != ARC_COLLECTION_PHASE_CHECKING)
    return G_SOURCE_REMOVE;  /* of a check that was stopped */
  for (guint i = 0; i < batch->noted->len; i++)
    {
      ArcEntry *entry = batch->noted->pdata[i];
      g_hash_table_add (self->noted, g_object_ref (entry));
      /* The list's badges, counts and searches come from it until the notes are read */
      if (batch->summaries->pdata[i] && self->notes_store == self->checked_with &&
          !arc_notes_store_is_read (self->notes_store, entry))
        {
          arc_notes_store_set_summary (self->notes_store, entry, g_steal_pointer (&batch->summaries->pdata[i]));
          arc_entry_notify_status (entry);
        }
    }
  arc_collection_status_set_uint (self, &self->n_invalid, self->n_invalid + batch->n_invalid, PROP_N_INVALID);
  arc_collection_status_set_uint (self, &self->n_checked, self->n_checked + batch->n_checked, PROP_N_CHECKED);
  if (batch->finished && --self->n_workers == 0)
    {
      self->checked_all = TRUE;
      self->noted_known = self->checked_with != NULL && self->checked_with == self->notes_store;
      arc_collection_status_start_counting (self);
      /* The tasks without notes that have work in progress are known now */
      if (self->work && g_hash_table_size (self->work) > 0)
        g_signal_emit (self, signals[STATUS_CHANGED], quark_notes, NULL);
    }
  return G_SOURCE_REMOVE;
}

static void
check_batch_free (gpointer data)
{
  CheckBatch *batch = data;

  g_ptr_array_unref (batch->changed);
  g_ptr_array_unref (batch->noted);
  g_ptr_array_unref (batch->summaries);
  g_atomic_rc_box_release_full (batch->shared, worker_shared_clear);
  g_free (batch);
}

/* One check of every task, shared by a worker per core: each takes the
 * next CHECK_BATCH tasks in list order until none are left */
typedef struct
{
  GPtrArray    *entries;
  WorkerShared *shared;
  ArcNotesStore *store;   /* (nullable): whose notes files are looked for */
  guint         generation;
  gint          next;     /* (atomic) the next position to take */
} CheckJob;

static void
check_job_clear (gpointer data)
{
  CheckJob *job = data;

  g_ptr_array_unref (job->entries);
  g_clear_object (&job->store);
  g_atomic_rc_box_release_full (job->shared, worker_shared_clear);
}

static void
check_job_release (gpointer data)
{
  g_atomic_rc_box_release_full (data, check_job_clear);
}

static void
post_batch (CheckJob  *job,
            GPtrArray *changed,
            GPtrArray *noted,
            GPtrArray *summaries,
            guint      n_checked,
            guint      n_invalid,
            gboolean   finished)
{
  CheckBatch *batch = g_new0 (CheckBatch, 1);

  batch->shared = g_atomic_rc_box_acquire (job->shared);
  batch->changed = changed;
  batch->noted = noted;
  batch->summaries = summaries;
  batch->generation = job->generation;
  batch->n_checked = n_checked;
  batch->n_invalid = n_invalid;
  batch->finished = finished;
  post_to_main (job->shared->context, G_PRIORITY_DEFAULT_IDLE, apply_batch_cb, batch, check_batch_free);
}

static void
check_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  CheckJob *job = task_data;
  g_autoptr(ArcNotes) cache = NULL;  /* the notes file read last */
  g_autoptr(GFile) asked_file = NULL;
  gboolean has_notes = FALSE;

  for (;;)
    {
      guint start = (guint) g_atomic_int_add (&job->next, CHECK_BATCH);
      guint end = MIN (start + CHECK_BATCH, job->entries->len);
      GPtrArray *changed = g_ptr_array_new_with_free_func (g_object_unref);
      GPtrArray *noted = g_ptr_array_new_with_free_func (g_object_unref);
      GPtrArray *summaries = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_notes_summary_free);
      guint n_invalid = 0, i;

      if (start >= job->entries->len)
        {
          post_batch (job, changed, noted, summaries, 0, 0, TRUE);
          break;
        }
      /* The tasks of a JSON Lines file are read from it opened once a batch */
      arc_file_ranges_begin ();
      for (i = start; i < end && !g_cancellable_is_cancelled (cancellable); i++)
        {
          ArcEntry *entry = job->entries->pdata[i];
          GFile *task_file = arc_entry_get_file (entry);

          if (arc_entry_validate (entry))
            g_ptr_array_add (changed, g_object_ref (entry));
          if (arc_entry_get_status (entry) == ARC_ENTRY_INVALID)
            n_invalid++;
          /* Whether there are notes is asked once for the tasks of one file in a row */
          if (job->store && task_file != asked_file)
            {
              g_set_object (&asked_file, task_file);
              has_notes = arc_notes_store_has_file (job->store, entry);
            }
          /* The counting that follows reads only the summaries of the notes files found */
          if (job->store && has_notes)
            {
              g_autoptr(GFile) file = arc_notes_store_dup_summary_file (job->store, entry);

              g_ptr_array_add (noted, g_object_ref (entry));
              g_ptr_array_add (summaries, file ? arc_notes_summary_read (file, entry, &cache) : NULL);
            }
        }
      arc_file_ranges_end ();
      /* What changed still tells the rows, also when stopped */
      post_batch (job, changed, noted, summaries, i - start, n_invalid, FALSE);
      if (i < end)
        break;
    }
  g_task_return_boolean (task, TRUE);
}

static void
start_checking (ArcCollectionStatus *self)
{
  CheckJob *job = g_atomic_rc_box_new0 (CheckJob);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->collection));

  g_clear_handle_id (&self->count_source, g_source_remove);
  job->entries = g_ptr_array_new_full (n, g_object_unref);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (job->entries, g_list_model_get_item (G_LIST_MODEL (self->collection), i));
  job->shared = g_atomic_rc_box_acquire (self->shared);
  job->store = self->notes_store ? g_object_ref (self->notes_store) : NULL;
  job->generation = ++self->generation;
  self->checked_all = FALSE;
  self->noted_known = FALSE;
  self->checked_with = self->notes_store;
  g_hash_table_remove_all (self->noted);
  self->n_workers = MAX (1, g_get_num_processors ());
  arc_collection_status_set_uint (self, &self->n_checked, 0, PROP_N_CHECKED);
  arc_collection_status_set_uint (self, &self->n_invalid, 0, PROP_N_INVALID);
  arc_collection_status_set_phase (self, ARC_COLLECTION_PHASE_CHECKING);
  for (guint w = 0; w < self->n_workers; w++)
    {
      g_autoptr(GTask) task = g_task_new (NULL, self->cancellable, NULL, NULL);

      g_task_set_source_tag (task, start_checking);
      g_task_set_name (task, "[arc-collection-status] check");
      g_task_set_task_data (task, g_atomic_rc_box_acquire (job), check_job_release);
      g_task_set_priority (task, G_PRIORITY_LOW);
      g_task_run_in_thread (task, check_thread);
    }
  check_job_release (job);
}

/* Urgent checks: tasks shown before the check got to them (or after it was
 * stopped), one worker, the last asked for first, so that the main thread
 * never parses a file to show a task */

static void
urgent_item_free (UrgentItem *item)
{
  g_object_unref (item->entry);
  g_atomic_rc_box_release_full (item->shared, worker_shared_clear);
  g_free (item);
}

static gboolean
urgent_done_cb (gpointer data)
{
  UrgentItem *item = data;
  g_autoptr(ArcCollectionStatus) self = g_weak_ref_get (&item->shared->status);

  if (self)
    entry_checked (self, item->entry);
  return G_SOURCE_REMOVE;
}

static void
urgent_thread (gpointer data,
               gpointer user_data)
{
  UrgentItem *item = data;

  if (!g_atomic_int_get (&item->shared->stopped) && arc_entry_make_thumbnail (item->entry))
    post_to_main (item->shared->context, G_PRIORITY_DEFAULT, urgent_done_cb, item,
                  (GDestroyNotify) urgent_item_free);
  else
    urgent_item_free (item);
}

static int
urgent_compare (gconstpointer a,
                gconstpointer b,
                gpointer      user_data)
{
  const UrgentItem *x = a, *y = b;

  return x->seq < y->seq ? 1 : x->seq > y->seq ? -1 : 0;
}

/* Listing */

static void
list_work_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  g_task_return_pointer (task, arc_solve_list_work (cancellable), (GDestroyNotify) g_hash_table_unref);
}

static void
work_listed_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  ArcCollectionStatus *self = ARC_COLLECTION_STATUS (source);
  g_autoptr(GHashTable) listed = g_task_propagate_pointer (G_TASK (result), NULL);
  GHashTableIter iter;
  gpointer name, in_progress;

  if (listed == NULL || self->collection == NULL)
    return;
  /* What the workspace told meanwhile is written soon, if it is not yet */
  if (self->work_told)
    {
      g_hash_table_iter_init (&iter, self->work_told);
      while (g_hash_table_iter_next (&iter, &name, &in_progress))
        if (in_progress)
          g_hash_table_add (listed, g_strdup (name));
        else
          g_hash_table_remove (listed, name);
    }
  g_clear_pointer (&self->work, g_hash_table_unref);
  self->work = g_steal_pointer (&listed);
  /* Counted before it was known (seldom: the folder is listed first) */
  if (g_hash_table_size (self->work) > 0 && self->phase != ARC_COLLECTION_PHASE_LISTING &&
      self->phase != ARC_COLLECTION_PHASE_CHECKING)
    arc_collection_status_recount (self);
}

/* What the work folder holds: one listing, in a worker */
static void
list_work (ArcCollectionStatus *self)
{
  g_autoptr(GTask) task = g_task_new (self, NULL, work_listed_cb, NULL);

  g_task_set_source_tag (task, list_work);
  g_task_set_name (task, "[arc-collection-status] list work");
  g_task_run_in_thread (task, list_work_thread);
}

static void
load_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  /* What follows is done by collection_loading_cb() */
  arc_collection_load_finish (ARC_COLLECTION (source), result, NULL);
}

static void
collection_loading_cb (ArcCollection       *collection,
                       GParamSpec          *pspec,
                       ArcCollectionStatus *self)
{
  const GError *error = arc_collection_get_error (collection);

  if (arc_collection_get_loading (collection) || self->phase != ARC_COLLECTION_PHASE_LISTING)
    return;
  arc_collection_flush (collection);
  if (error && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    arc_collection_status_start_counting (self);  /* stopped: what was listed is counted */
  else
    {
      /* Listed (or what could be, when listing failed) */
      self->listed_all = TRUE;
      start_checking (self);
    }
}

static void
collection_items_changed_cb (GListModel          *model,
                             guint                position,
                             guint                removed,
                             guint                added,
                             ArcCollectionStatus *self)
{
  arc_collection_status_set_uint (self, &self->n_tasks, g_list_model_get_n_items (model), PROP_N_TASKS);
  /* Tasks came or went on disk: counted again */
  if (self->phase != ARC_COLLECTION_PHASE_LISTING && self->phase != ARC_COLLECTION_PHASE_CHECKING)
    arc_collection_status_start_counting (self);
}

/* Notes written on disk (by another program, or an import writing
 * hundreds of files) are read again a few at a time from a low idle, so
 * that the window answers its user meanwhile */
#define NOTES_SLICE_USEC 4000

static gboolean
notes_pending_cb (gpointer data)
{
  ArcCollectionStatus *self = data;
  gint64 until = g_get_monotonic_time () + NOTES_SLICE_USEC;

  while (g_hash_table_size (self->notes_pending) > 0 && g_get_monotonic_time () < until)
    {
      GHashTableIter iter;
      gpointer key;
      g_autoptr(ArcEntry) entry = NULL;

      g_hash_table_iter_init (&iter, self->notes_pending);
      g_hash_table_iter_next (&iter, &key, NULL);
      entry = g_object_ref (key);
      g_hash_table_iter_remove (&iter);
      /* This program's own saves were counted as they were made */
      if (self->notes_store && !arc_notes_store_disk_changed (self->notes_store, entry))
        continue;
      if (arc_entry_is_combined (entry))
        {
          arc_collection_status_add_noted (self, entry);
          arc_collection_status_recount (self);  /* one notes file for all a Kaggle file's tasks */
        }
      else
        arc_collection_status_notes_changed (self, entry);
    }
  if (g_hash_table_size (self->notes_pending) > 0)
    return G_SOURCE_CONTINUE;
  self->notes_source = 0;
  return G_SOURCE_REMOVE;
}

/* ArcCollection::notes-changed: a notes file was written, made or removed */
static void
collection_notes_changed_cb (ArcCollection       *collection,
                             ArcEntry            *entry,
                             ArcCollectionStatus *self)
{
  if (self->notes_pending == NULL)
    self->notes_pending = g_hash_table_new_full (g_direct_hash, g_direct_equal, g_object_unref, NULL);
  if (!g_hash_table_contains (self->notes_pending, entry))
    g_hash_table_add (self->notes_pending, g_object_ref (entry));
  if (self->notes_source == 0)
    self->notes_source = g_idle_add_full (G_PRIORITY_LOW, notes_pending_cb, self, NULL);
}

static void
start (ArcCollectionStatus *self)
{
  self->cancellable = g_cancellable_new ();
  list_work (self);
  self->n_tasks = g_list_model_get_n_items (G_LIST_MODEL (self->collection));
  g_signal_connect_object (self->collection, "notify::loading", G_CALLBACK (collection_loading_cb), self, 0);
  g_signal_connect_object (self->collection, "items-changed", G_CALLBACK (collection_items_changed_cb), self, 0);
  /* Notes written by another program: counted again, and said */
  g_signal_connect_object (self->collection, "notes-changed", G_CALLBACK (collection_notes_changed_cb), self, 0);
  if (arc_collection_get_loading (self->collection))
    return;  /* listed by someone else: collection_loading_cb() goes on */
  if (self->n_tasks == 0 && arc_collection_get_error (self->collection) == NULL)
    arc_collection_load_async (self->collection, self->cancellable, load_done_cb, NULL);
  else
    {
      self->listed_all = TRUE;
      start_checking (self);
    }
}

/* Public */

/**
 * arc_collection_status_new:
 * Lists @collection (in a worker) if it was not listed, then checks every
 * task and counts the notes (once a notes store is given).
 */
ArcCollectionStatus *
arc_collection_status_new (ArcCollection *collection)
{
  g_return_val_if_fail (ARC_IS_COLLECTION (collection), NULL);

  return g_object_new (ARC_TYPE_COLLECTION_STATUS, "collection", collection, NULL);
}

/**
 * arc_collection_status_open:
 * @file: a task file, a folder, a Kaggle challenges file or a JSON Lines file
 * @display_root: (nullable): how to name @file in messages, as for
 *   arc_collection_new()
 * @watch: whether the collection follows the changes to its files on disk
 * The one way the app opens a collection, at start-up and later: a new
 * #ArcCollection for @file and its status, which starts listing it in a
 * worker.
 *
 * Returns: (transfer full): the status; its collection is
 * arc_collection_status_get_collection()
 */
ArcCollectionStatus *
arc_collection_status_open (GFile      *file,
                            const char *display_root,
                            gboolean    watch)
{
  g_autoptr(ArcCollection) collection = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  collection = arc_collection_new (file, display_root);
  arc_collection_set_watch (collection, watch);
  return arc_collection_status_new (collection);
}

ArcCollection *
arc_collection_status_get_collection (ArcCollectionStatus *self)
{
  g_return_val_if_fail (ARC_IS_COLLECTION_STATUS (self), NULL);
  return self->collection;
}

/**
 * arc_collection_status_set_notes_store:
 * Where the notes are read from to count them; counted again if they were.
 */
void
arc_collection_status_set_notes_store (ArcCollectionStatus *self,
                                       ArcNotesStore       *store)
{
  g_return_if_fail (ARC_IS_COLLECTION_STATUS (self));
  g_return_if_fail (store == NULL || ARC_IS_NOTES_STORE (store));

  if (!g_set_object (&self->notes_store, store))
    return;
  self->noted_known = FALSE;  /* the check looked with another store, or none */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NOTES_STORE]);
  if (self->phase == ARC_COLLECTION_PHASE_CHECKING)
    start_checking (self);  /* again, to summarise the notes in its workers (the tasks checked are quick) */
  else if (self->phase != ARC_COLLECTION_PHASE_LISTING)
    arc_collection_status_start_counting (self);
}

/**
 * arc_collection_status_recount:
 * The notes store's annotator changed: whose progress the counts and flags
 * are is another's, so every task is counted again (at once when the
 * listing and the check are over, else when they end).
 */
void
arc_collection_status_recount (ArcCollectionStatus *self)
{
  g_return_if_fail (ARC_IS_COLLECTION_STATUS (self));

  if (self->phase != ARC_COLLECTION_PHASE_LISTING && self->phase != ARC_COLLECTION_PHASE_CHECKING)
    arc_collection_status_start_counting (self);
  else
    g_hash_table_remove_all (self->flags);
  /* Every task's flags may have changed: the rows and the filters read them again */
  g_signal_emit (self, signals[STATUS_CHANGED], quark_notes, NULL);
}

ArcNotesStore *
arc_collection_status_get_notes_store (ArcCollectionStatus *self)
{
  g_return_val_if_fail (ARC_IS_COLLECTION_STATUS (self), NULL);
  return self->notes_store;
}

ArcCollectionPhase
arc_collection_status_get_phase (ArcCollectionStatus *self)
{
  g_return_val_if_fail (ARC_IS_COLLECTION_STATUS (self), ARC_COLLECTION_PHASE_DONE);
  return self->phase;
}

/**
 * arc_collection_status_is_busy:
 * Returns: whether it is listing, checking or counting
 */
gboolean
arc_collection_status_is_busy (ArcCollectionStatus *self)
{
  g_return_val_if_fail (ARC_IS_COLLECTION_STATUS (self), FALSE);
  return self->phase != ARC_COLLECTION_PHASE_DONE && self->phase != ARC_COLLECTION_PHASE_STOPPED;
}

#define GETTER(name, field) \
  guint \
  arc_collection_status_get_##name (ArcCollectionStatus *self) \
  { \
    g_return_val_if_fail (ARC_IS_COLLECTION_STATUS (self), 0); \
    return field; \
  }

GETTER (n_tasks, self->n_tasks)
GETTER (n_checked, self->n_checked)
GETTER (n_invalid, self->n_invalid)
GETTER (n_annotated, self->counts[COUNT_ANNOTATED])
GETTER (n_attempted, self->counts[COUNT_ATTEMPTED])
GETTER (n_solved, self->counts[COUNT_SOLVED])
GETTER (n_failed, self->counts[COUNT_FAILED])
GETTER (n_others_annotated, self->counts[COUNT_OTHERS_ANNOTATED])
GETTER (n_others_attempted, self->counts[COUNT_OTHERS_ATTEMPTED])
GETTER (n_others_solved, self->counts[COUNT_OTHERS_SOLVED])
GETTER (n_in_progress, self->counts[COUNT_IN_PROGRESS])

#undef GETTER

/**
 * arc_collection_status_get_flags:
 * What the notes say of @entry: as counted, or summarised (0 until then)
 */
ArcNotesFlags
arc_collection_status_get_flags (ArcCollectionStatus *self,
                                 ArcEntry            *entry)
{
  ArcNotesFlags peeked;
  gpointer flags;

  g_return_val_if_fail (ARC_IS_COLLECTION_STATUS (self), 0);
  g_return_val_if_fail (ARC_IS_ENTRY (entry), 0);

  if (g_hash_table_lookup_extended (self->flags, entry, NULL, &flags))
    return GPOINTER_TO_UINT (flags);
  /* Not counted: known once read or summarised (the workers tell the rows),
   * or once the check found no notes file */
  if (self->notes_store && arc_notes_store_peek_flags (self->notes_store, entry, &peeked))
    return arc_collection_status_add_work (self, entry, peeked);
  if (self->noted_known && !g_hash_table_contains (self->noted, entry))
    return arc_collection_status_add_work (self, entry, 0);
  return 0;
}

/**
 * arc_collection_status_stop:
 * Stops listing (what was listed stays) and checking; what was listed is
 * counted, then the phase is stopped.
 */
void
arc_collection_status_stop (ArcCollectionStatus *self)
{
  g_return_if_fail (ARC_IS_COLLECTION_STATUS (self));

  g_cancellable_cancel (self->cancellable);
  /* A listing ends in collection_loading_cb() */
  if (self->phase == ARC_COLLECTION_PHASE_CHECKING)
    {
      self->generation++;
      arc_collection_status_start_counting (self);
    }
}

/**
 * arc_collection_status_resume:
 * If the check was stopped before every listed task was checked, checks
 * them again (those checked already are quick): filtering by validity
 * needs it. The listing is not resumed.
 */
void
arc_collection_status_resume (ArcCollectionStatus *self)
{
  g_return_if_fail (ARC_IS_COLLECTION_STATUS (self));

  if (self->phase == ARC_COLLECTION_PHASE_LISTING || self->phase == ARC_COLLECTION_PHASE_CHECKING ||
      self->checked_all || arc_collection_get_loading (self->collection))
    return;
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  start_checking (self);
}

/**
 * arc_collection_status_check_now:
 * Checks @entry in a worker before the others (the last asked for first)
 * and makes its thumbnail (arc_entry_make_thumbnail()), for a row shown;
 * ::status-changed tells when its status is known.
 */
void
arc_collection_status_check_now (ArcCollectionStatus *self,
                                 ArcEntry            *entry)
{
  UrgentItem *item;

  g_return_if_fail (ARC_IS_COLLECTION_STATUS (self));
  g_return_if_fail (ARC_IS_ENTRY (entry));

  item = g_new0 (UrgentItem, 1);
  item->shared = g_atomic_rc_box_acquire (self->shared);
  item->entry = g_object_ref (entry);
  item->seq = ++self->urgent_seq;
  g_thread_pool_push (self->urgent, item, NULL);
}

/**
 * arc_collection_status_notes_changed:
 * The notes of @entry changed (were saved): it is counted again if it was
 * counted (the others will be), and ::status-changed::notes tells.
 */
void
arc_collection_status_notes_changed (ArcCollectionStatus *self,
                                     ArcEntry            *entry)
{
  arc_collection_status_notes_changed_to (self, entry, NULL);
}

/**
 * arc_collection_status_notes_changed_to:
 * @summary: (transfer full) (nullable): the summary of @entry's notes as
 *   they are now, read elsewhere (a worker), so that nothing is read here
 *
 * As arc_collection_status_notes_changed().
 */
void
arc_collection_status_notes_changed_to (ArcCollectionStatus *self,
                                        ArcEntry            *entry,
                                        ArcNotesSummary     *summary)
{
  g_autoptr(ArcNotesSummary) owned = summary;

  g_return_if_fail (ARC_IS_COLLECTION_STATUS (self));
  g_return_if_fail (ARC_IS_ENTRY (entry));

  if (self->notes_pending)
    g_hash_table_remove (self->notes_pending, entry);  /* read now: not again */
  arc_collection_status_add_noted (self, entry);

  /* A summary made before is stale: the notes are read again, or this one taken */
  if (self->notes_store && !arc_notes_store_is_read (self->notes_store, entry))
    {
      arc_notes_store_forget (self->notes_store, entry);
      if (owned)
        arc_notes_store_set_summary (self->notes_store, entry, g_steal_pointer (&owned));
    }
  arc_collection_status_recount_entry (self, entry);
  g_signal_emit (self, signals[STATUS_CHANGED], quark_notes, entry);
}

/**
 * arc_collection_status_work_changed:
 * @in_progress: whether an output grid differs from where it started
 *   (arc_solve_is_changed())
 *
 * The user changed an output grid of @entry in the workspace, which keeps
 * it in the work folder (arc_solve_set_work_file()): the task is counted as
 * in progress while @in_progress, until an answer is submitted, and
 * ::status-changed::notes tells when that changes.
 */
void
arc_collection_status_work_changed (ArcCollectionStatus *self,
                                    ArcEntry            *entry,
                                    gboolean             in_progress)
{
  g_autofree char *name = NULL;

  g_return_if_fail (ARC_IS_COLLECTION_STATUS (self));
  g_return_if_fail (ARC_IS_ENTRY (entry));

  if (self->work == NULL)
    self->work = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (self->work_told == NULL)
    self->work_told = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  name = arc_solve_dup_work_name (arc_entry_get_file (entry), arc_entry_get_id (entry));
  g_hash_table_insert (self->work_told, g_strdup (name), GINT_TO_POINTER (!!in_progress));
  if (g_hash_table_contains (self->work, name) == !!in_progress)
    return;
  if (in_progress)
    g_hash_table_add (self->work, g_steal_pointer (&name));
  else
    g_hash_table_remove (self->work, name);
  arc_collection_status_recount_entry (self, entry);
  g_signal_emit (self, signals[STATUS_CHANGED], quark_notes, entry);
}

/* GObject */

static void
arc_collection_status_constructed (GObject *object)
{
  ArcCollectionStatus *self = ARC_COLLECTION_STATUS (object);

  G_OBJECT_CLASS (arc_collection_status_parent_class)->constructed (object);
  g_assert (self->collection != NULL);
  start (self);
}

static void
arc_collection_status_dispose (GObject *object)
{
  ArcCollectionStatus *self = ARC_COLLECTION_STATUS (object);

  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->urgent)
    {
      /* Its worker drops what is left without checking it */
      g_atomic_int_set (&self->shared->stopped, TRUE);
      g_thread_pool_free (g_steal_pointer (&self->urgent), FALSE, FALSE);
      g_atomic_rc_box_release_full (g_steal_pointer (&self->shared), worker_shared_clear);
    }
  g_clear_handle_id (&self->count_source, g_source_remove);
  g_clear_handle_id (&self->notes_source, g_source_remove);
  g_clear_pointer (&self->notes_pending, g_hash_table_unref);
  g_hash_table_remove_all (self->flags);
  if (self->collection)
    g_signal_handlers_disconnect_by_data (self->collection, self);
  g_clear_object (&self->collection);
  g_clear_object (&self->notes_store);

  G_OBJECT_CLASS (arc_collection_status_parent_class)->dispose (object);
}

static void
arc_collection_status_finalize (GObject *object)
{
  ArcCollectionStatus *self = ARC_COLLECTION_STATUS (object);

  g_hash_table_unref (self->flags);
  g_hash_table_unref (self->noted);
  g_clear_pointer (&self->work, g_hash_table_unref);
  g_clear_pointer (&self->work_told, g_hash_table_unref);

  G_OBJECT_CLASS (arc_collection_status_parent_class)->finalize (object);
}

static void
arc_collection_status_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  ArcCollectionStatus *self = ARC_COLLECTION_STATUS (object);

  switch (prop_id)
    {
    case PROP_COLLECTION:
      g_value_set_object (value, self->collection);
      break;
    case PROP_NOTES_STORE:
      g_value_set_object (value, self->notes_store);
      break;
    case PROP_PHASE:
      g_value_set_enum (value, self->phase);
      break;
    case PROP_N_TASKS:
      g_value_set_uint (value, self->n_tasks);
      break;
    case PROP_N_CHECKED:
      g_value_set_uint (value, self->n_checked);
      break;
    case PROP_N_INVALID:
      g_value_set_uint (value, self->n_invalid);
      break;
    case PROP_N_ANNOTATED:
    case PROP_N_ATTEMPTED:
    case PROP_N_SOLVED:
    case PROP_N_FAILED:
    case PROP_N_OTHERS_ANNOTATED:
    case PROP_N_OTHERS_ATTEMPTED:
    case PROP_N_OTHERS_SOLVED:
    case PROP_N_OTHERS_FAILED:
    case PROP_N_IN_PROGRESS:
      g_value_set_uint (value, self->counts[prop_id - PROP_N_ANNOTATED]);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arc_collection_status_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  ArcCollectionStatus *self = ARC_COLLECTION_STATUS (object);

  switch (prop_id)
    {
    case PROP_COLLECTION:
      self->collection = g_value_dup_object (value);
      break;
    case PROP_NOTES_STORE:
      arc_collection_status_set_notes_store (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GParamSpec *
count_pspec (const char *name,
             const char *nick)
{
  return g_param_spec_uint (name, nick, NULL, 0, G_MAXUINT, 0,
                            G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

static void
arc_collection_status_class_init (ArcCollectionStatusClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = arc_collection_status_constructed;
  object_class->dispose = arc_collection_status_dispose;
  object_class->finalize = arc_collection_status_finalize;
  object_class->get_property = arc_collection_status_get_property;
  object_class->set_property = arc_collection_status_set_property;

  properties[PROP_COLLECTION] =
    g_param_spec_object ("collection", "Collection", NULL, ARC_TYPE_COLLECTION,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NOTES_STORE] =
    g_param_spec_object ("notes-store", "Notes store", NULL, ARC_TYPE_NOTES_STORE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PHASE] =
    g_param_spec_enum ("phase", "Phase", NULL, ARC_TYPE_COLLECTION_PHASE, ARC_COLLECTION_PHASE_LISTING,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The tasks listed, checked so far, and found invalid */
  properties[PROP_N_TASKS] = count_pspec ("n-tasks", "Tasks");
  properties[PROP_N_CHECKED] = count_pspec ("n-checked", "Checked");
  properties[PROP_N_INVALID] = count_pspec ("n-invalid", "Invalid");
  /* The tasks whose notes say so (ArcNotesFlags), counted so far */
  properties[PROP_N_ANNOTATED] = count_pspec ("n-annotated", "Annotated");
  properties[PROP_N_ATTEMPTED] = count_pspec ("n-attempted", "Attempted");
  properties[PROP_N_SOLVED] = count_pspec ("n-solved", "Solved");
  properties[PROP_N_FAILED] = count_pspec ("n-failed", "Failed");
  /* The same by anyone but the notes store's annotator */
  properties[PROP_N_OTHERS_ANNOTATED] = count_pspec ("n-others-annotated", "Described by others");
  properties[PROP_N_OTHERS_ATTEMPTED] = count_pspec ("n-others-attempted", "Attempted by others");
  properties[PROP_N_OTHERS_SOLVED] = count_pspec ("n-others-solved", "Solved by others");
  properties[PROP_N_OTHERS_FAILED] = count_pspec ("n-others-failed", "Failed by others");
  /* With work in progress kept, no answer submitted */
  properties[PROP_N_IN_PROGRESS] = count_pspec ("n-in-progress", "In progress");
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ArcCollectionStatus::status-changed:
   * @entry: the task
   * The check status of @entry became known or changed (detail "check"),
   * or its notes changed (detail "notes", after
   * arc_collection_status_notes_changed()). The counts already include it.
   * With %NULL for @entry (after arc_collection_status_recount()), every
   * task's notes may say something else now.
   */
  signals[STATUS_CHANGED] =
    g_signal_new ("status-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST | G_SIGNAL_DETAILED,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, ARC_TYPE_ENTRY);
  quark_check = g_quark_from_static_string ("check");
  quark_notes = g_quark_from_static_string ("notes");
}

static void
arc_collection_status_init (ArcCollectionStatus *self)
{
  self->phase = ARC_COLLECTION_PHASE_LISTING;
  self->flags = g_hash_table_new_full (NULL, NULL, g_object_unref, NULL);
  self->noted = g_hash_table_new_full (NULL, NULL, g_object_unref, NULL);
  self->shared = g_atomic_rc_box_new0 (WorkerShared);
  self->shared->context = g_main_context_ref_thread_default ();
  g_weak_ref_init (&self->shared->status, self);
  self->urgent = g_thread_pool_new (urgent_thread, NULL, 1, FALSE, NULL);
  g_thread_pool_set_sort_function (self->urgent, urgent_compare, NULL);
}

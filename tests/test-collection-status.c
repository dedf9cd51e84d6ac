/* test-collection-status.c: listing, checking and counting a collection:
 * the phases, the counts, stopping, resuming, urgent checks and notes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "arc-core.h"
#include "test-util.h"

#define N_VALID   400
#define N_INVALID 3
#define TIMEOUT_USEC (30 * G_USEC_PER_SEC)

/* What a test asks of the fixture */
#define STOP_WHEN_CHECKING 1
#define WATCH              2

typedef struct
{
  char                *dir;
  char                *data_dir;
  ArcCollection       *collection;
  ArcCollectionStatus *status;
  ArcNotesStore       *store;
  GArray              *phases;      /* ArcCollectionPhase, as they came */
  gboolean             stop_when_checking;
  GPtrArray           *checked;     /* entries of ::status-changed::check */
  GPtrArray           *noted;       /* entries of ::status-changed::notes */
} Fixture;

static const char valid_task[] =
  "{\"train\": [{\"input\": [[1, 0]], \"output\": [[2, 0]]}], \"test\": [{\"input\": [[3]], \"output\": [[4]]}]}";
static const char invalid_task[] =
  "{\"train\": [{\"input\": [[1]], \"output\": [[12]]}], \"test\": [{\"input\": [[7]]}]}";

static void
add_attempt (ArcAnnotation *a,
             ArcVerdict     verdict,
             guint          trials)
{
  g_autoptr(ArcGrid) grid = arc_grid_new (1, 1);
  ArcAttempt *attempt = arc_attempt_new (0, grid, verdict, TRUE);

  attempt->trials = trials;
  g_ptr_array_add (a->attempts, attempt);
}

/* The notes of task @id: annotated, attempted (one wrong of three trials),
 * solved, or failed (three wrong of three) */
static void
write_notes (const char *dir,
             const char *id,
             const char *what)
{
  g_autofree char *name = g_strdup_printf ("%s/%s.json", dir, id);
  g_autoptr(GFile) task_file = g_file_new_for_path (name);
  g_autoptr(GFile) sidecar = arc_entry_sidecar_for (task_file);
  g_autoptr(ArcNotes) notes = arc_notes_new (sidecar);
  ArcAnnotation *a = arc_notes_ensure (notes, id, "ada");
  g_autoptr(GError) error = NULL;

  if (g_str_equal (what, "annotated"))
    {
      g_free (a->notes);
      a->notes = g_strdup ("stripes");
    }
  else if (g_str_equal (what, "attempted"))
    add_attempt (a, ARC_VERDICT_WRONG, 3);
  else if (g_str_equal (what, "solved"))
    add_attempt (a, ARC_VERDICT_CORRECT, 3);
  else
    for (int i = 0; i < 3; i++)
      add_attempt (a, ARC_VERDICT_WRONG, 3);
  g_assert_true (arc_notes_save (notes, FALSE, &error));
  g_assert_no_error (error);
}

static void
phase_cb (ArcCollectionStatus *status,
          GParamSpec          *pspec,
          Fixture             *f)
{
  ArcCollectionPhase phase = arc_collection_status_get_phase (status);

  g_array_append_val (f->phases, phase);
  if (phase == ARC_COLLECTION_PHASE_CHECKING && f->stop_when_checking)
    {
      f->stop_when_checking = FALSE;
      arc_collection_status_stop (status);
    }
}

static void
status_changed_cb (ArcCollectionStatus *status,
                   ArcEntry            *entry,
                   GPtrArray           *into)
{
  if (entry)  /* (NULL: every task, arc_collection_status_recount()) */
    g_ptr_array_add (into, g_object_ref (entry));
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GFile) file = NULL;

  f->dir = g_dir_make_tmp ("arc-status-XXXXXX", NULL);
  f->data_dir = g_dir_make_tmp ("arc-status-data-XXXXXX", NULL);
  for (int i = 0; i < N_VALID; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s/t%04d.json", f->dir, i);
      g_assert_true (g_file_set_contents (name, valid_task, -1, NULL));
    }
  for (int i = 0; i < N_INVALID; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s/zz_bad%d.json", f->dir, i);
      g_assert_true (g_file_set_contents (name, invalid_task, -1, NULL));
    }
  write_notes (f->dir, "t0001", "annotated");
  write_notes (f->dir, "t0002", "attempted");
  write_notes (f->dir, "t0003", "solved");
  write_notes (f->dir, "t0004", "failed");

  f->phases = g_array_new (FALSE, FALSE, sizeof (ArcCollectionPhase));
  f->checked = g_ptr_array_new_with_free_func (g_object_unref);
  f->noted = g_ptr_array_new_with_free_func (g_object_unref);
  f->stop_when_checking = (GPOINTER_TO_INT (data) & STOP_WHEN_CHECKING) != 0;
  file = g_file_new_for_path (f->dir);
  /* as the app opens one */
  f->status = arc_collection_status_open (file, "status", (GPOINTER_TO_INT (data) & WATCH) != 0);
  f->collection = g_object_ref (arc_collection_status_get_collection (f->status));
  g_assert_true (g_file_equal (arc_collection_get_file (f->collection), file));
  f->store = arc_notes_store_new (f->collection, f->data_dir);
  g_assert_cmpint (arc_collection_status_get_phase (f->status), ==, ARC_COLLECTION_PHASE_LISTING);
  g_assert_true (arc_collection_status_is_busy (f->status));
  arc_collection_status_set_notes_store (f->status, f->store);
  g_signal_connect (f->status, "notify::phase", G_CALLBACK (phase_cb), f);
  g_signal_connect (f->status, "status-changed::check", G_CALLBACK (status_changed_cb), f->checked);
  g_signal_connect (f->status, "status-changed::notes", G_CALLBACK (status_changed_cb), f->noted);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_signal_handlers_disconnect_by_data (f->status, f);
  g_clear_object (&f->status);
  g_clear_object (&f->store);
  g_clear_object (&f->collection);
  /* What the workers still hand back */
  for (int i = 0; i < 50; i++)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (1000);
    }
  g_array_unref (f->phases);
  g_ptr_array_unref (f->checked);
  g_ptr_array_unref (f->noted);
  remove_tree (f->dir);
  remove_tree (f->data_dir);
  g_free (f->dir);
  g_free (f->data_dir);
}

/* Iterates the main context until @phase, or fails after a while */
static void
wait_phase (Fixture            *f,
            ArcCollectionPhase  phase)
{
  gint64 end = g_get_monotonic_time () + TIMEOUT_USEC;

  while (arc_collection_status_get_phase (f->status) != phase)
    {
      if (g_get_monotonic_time () > end)
        g_error ("timed out waiting for phase %d (at %d)", phase, arc_collection_status_get_phase (f->status));
      g_main_context_iteration (NULL, FALSE);
      g_usleep (100);
    }
}

static void
assert_phases (Fixture                  *f,
               const ArcCollectionPhase *expected,
               guint                     n)
{
  g_assert_cmpuint (f->phases->len, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (g_array_index (f->phases, ArcCollectionPhase, i), ==, expected[i]);
  g_array_set_size (f->phases, 0);
}

static void
assert_full_counts (Fixture *f)
{
  g_assert_cmpuint (arc_collection_status_get_n_tasks (f->status), ==, N_VALID + N_INVALID);
  g_assert_cmpuint (arc_collection_status_get_n_checked (f->status), ==, N_VALID + N_INVALID);
  g_assert_cmpuint (arc_collection_status_get_n_invalid (f->status), ==, N_INVALID);
  g_assert_cmpuint (arc_collection_status_get_n_annotated (f->status), ==, 1);
  g_assert_cmpuint (arc_collection_status_get_n_attempted (f->status), ==, 3);
  g_assert_cmpuint (arc_collection_status_get_n_solved (f->status), ==, 1);
  g_assert_cmpuint (arc_collection_status_get_n_failed (f->status), ==, 1);
}

static ArcEntry *
find_entry (Fixture    *f,
            const char *id)
{
  guint position;

  g_assert_true (arc_collection_find (f->collection, id, &position));
  return arc_collection_get_entry (f->collection, position);
}

static void
test_phases_and_counts (Fixture       *f,
                        gconstpointer  data)
{
  const ArcCollectionPhase expected[] = {
    ARC_COLLECTION_PHASE_CHECKING, ARC_COLLECTION_PHASE_COUNTING, ARC_COLLECTION_PHASE_DONE
  };
  ArcEntry *failed;
  guint n_invalid = 0;

  wait_phase (f, ARC_COLLECTION_PHASE_DONE);
  assert_phases (f, expected, G_N_ELEMENTS (expected));
  g_assert_false (arc_collection_status_is_busy (f->status));
  assert_full_counts (f);
  failed = find_entry (f, "t0004");
  g_assert_cmpint (arc_collection_status_get_flags (f->status, failed), ==,
                   ARC_NOTES_FLAG_ATTEMPTED | ARC_NOTES_FLAG_FAILED);
  /* Every task whose check found a change was told once: the invalid ones among them */
  g_assert_cmpuint (f->checked->len, ==, N_VALID + N_INVALID);
  for (guint i = 0; i < f->checked->len; i++)
    n_invalid += arc_entry_get_status (f->checked->pdata[i]) == ARC_ENTRY_INVALID;
  g_assert_cmpuint (n_invalid, ==, N_INVALID);
  g_assert_cmpuint (f->noted->len, ==, 0);
}

static gboolean
has_entry (GPtrArray *array,
           ArcEntry  *entry)
{
  return g_ptr_array_find (array, entry, NULL);
}

static void
test_stop_and_resume (Fixture       *f,
                      gconstpointer  data)
{
  const ArcCollectionPhase stopped[] = {
    ARC_COLLECTION_PHASE_CHECKING, ARC_COLLECTION_PHASE_COUNTING, ARC_COLLECTION_PHASE_STOPPED
  };
  const ArcCollectionPhase resumed[] = {
    ARC_COLLECTION_PHASE_CHECKING, ARC_COLLECTION_PHASE_COUNTING, ARC_COLLECTION_PHASE_DONE
  };
  ArcEntry *bad;
  gint64 end;

  /* Stopped as soon as the check starts: nothing is checked, the notes
   * of what was listed are counted */
  wait_phase (f, ARC_COLLECTION_PHASE_STOPPED);
  assert_phases (f, stopped, G_N_ELEMENTS (stopped));
  g_assert_false (arc_collection_status_is_busy (f->status));
  g_assert_cmpuint (arc_collection_status_get_n_tasks (f->status), ==, N_VALID + N_INVALID);
  g_assert_cmpuint (arc_collection_status_get_n_checked (f->status), ==, 0);
  g_assert_cmpuint (arc_collection_status_get_n_invalid (f->status), ==, 0);
  g_assert_cmpuint (arc_collection_status_get_n_annotated (f->status), ==, 1);
  g_assert_cmpuint (arc_collection_status_get_n_attempted (f->status), ==, 3);

  /* A task shown meanwhile is checked at once */
  bad = find_entry (f, "zz_bad1");
  g_assert_cmpint (arc_entry_get_status (bad), ==, ARC_ENTRY_UNKNOWN);
  arc_collection_status_check_now (f->status, bad);
  end = g_get_monotonic_time () + TIMEOUT_USEC;
  while (!has_entry (f->checked, bad))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (100);
    }
  g_assert_cmpint (arc_entry_get_status (bad), ==, ARC_ENTRY_INVALID);
  g_assert_cmpint (arc_collection_status_get_phase (f->status), ==, ARC_COLLECTION_PHASE_STOPPED);
  g_assert_cmpuint (f->phases->len, ==, 0);

  /* Resumed (the Valid/Invalid filter needs it): checked to the end */
  arc_collection_status_resume (f->status);
  g_assert_true (arc_collection_status_is_busy (f->status));
  wait_phase (f, ARC_COLLECTION_PHASE_DONE);
  assert_phases (f, resumed, G_N_ELEMENTS (resumed));
  assert_full_counts (f);
  /* Nothing more to resume */
  arc_collection_status_resume (f->status);
  g_assert_cmpint (arc_collection_status_get_phase (f->status), ==, ARC_COLLECTION_PHASE_DONE);
}

static void
test_notes_changed (Fixture       *f,
                    gconstpointer  data)
{
  ArcEntry *entry;
  ArcNotes *notes;
  ArcAnnotation *a;
  guint n_checked;

  wait_phase (f, ARC_COLLECTION_PHASE_DONE);
  g_array_set_size (f->phases, 0);
  n_checked = f->checked->len;

  /* The annotated task is solved now */
  entry = find_entry (f, "t0001");
  notes = arc_notes_store_get (f->store, entry, NULL, NULL);
  a = arc_notes_ensure (notes, "t0001", "ada");
  add_attempt (a, ARC_VERDICT_CORRECT, 3);
  arc_collection_status_notes_changed (f->status, entry);
  g_assert_cmpuint (f->noted->len, ==, 1);
  g_assert_true (f->noted->pdata[0] == entry);
  g_assert_cmpuint (f->checked->len, ==, n_checked);
  g_assert_cmpuint (arc_collection_status_get_n_annotated (f->status), ==, 1);
  g_assert_cmpuint (arc_collection_status_get_n_attempted (f->status), ==, 4);
  g_assert_cmpuint (arc_collection_status_get_n_solved (f->status), ==, 2);
  g_assert_cmpuint (arc_collection_status_get_n_failed (f->status), ==, 1);
  g_assert_cmpint (arc_collection_status_get_flags (f->status, entry), ==,
                   ARC_NOTES_FLAG_ANNOTATED | ARC_NOTES_FLAG_ATTEMPTED | ARC_NOTES_FLAG_SOLVED);
  /* Recounting one task is no new phase */
  g_assert_cmpuint (f->phases->len, ==, 0);
}

static void
pump_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static void
task_notes_saved_cb (ArcTaskNotes        *notes,
                     ArcEntry            *entry,
                     ArcCollectionStatus *status)
{
  arc_collection_status_notes_changed (status, entry);  /* as the window does */
}

static void
save_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_assert_true (arc_task_notes_save_finish (ARC_TASK_NOTES (source), result, NULL));
  *(gboolean *) user_data = TRUE;
}

/* The folder's monitor reports every notes file written: one this
 * program saved was counted as it saved it, and is not counted and said
 * again; one another program wrote is read again, also when this program
 * read it before and no one shows it now */
static void
test_disk_changes (Fixture       *f,
                   gconstpointer  data)
{
  ArcEntry *entry;
  ArcTaskNotes *notes;
  gboolean done = FALSE;

  wait_phase (f, ARC_COLLECTION_PHASE_DONE);
  entry = find_entry (f, "t0010");
  notes = arc_task_notes_new (f->store, entry, "bob");
  g_signal_connect (notes, "saved", G_CALLBACK (task_notes_saved_cb), f->status);
  g_ptr_array_set_size (f->noted, 0);
  arc_task_notes_set_text (notes, ARC_NOTES_FIELD_NOTES, "two bars");
  arc_task_notes_save_async (notes, NULL, save_done_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  pump_for (1000);  /* the monitor's news, and the low idle after it */
  g_assert_cmpuint (f->noted->len, ==, 1);
  g_assert_cmpuint (arc_collection_status_get_n_annotated (f->status), ==, 2);
  /* Its notes file is new since the check: counted again with every task
   * (the annotator changed, say), it still counts */
  arc_collection_status_recount (f->status);
  wait_phase (f, ARC_COLLECTION_PHASE_DONE);
  g_assert_cmpuint (arc_collection_status_get_n_annotated (f->status), ==, 2);

  /* Another program solves it, while it is shown (followed): read again */
  write_notes (f->dir, "t0010", "solved");
  pump_for (1000);
  g_assert_cmpint (arc_collection_status_get_flags (f->status, entry), ==,
                   ARC_NOTES_FLAG_ATTEMPTED | ARC_NOTES_FLAG_SOLVED);

  /* And fails it, once no one shows it: what the store read is stale */
  g_object_unref (notes);
  write_notes (f->dir, "t0010", "failed");
  pump_for (1000);
  g_assert_cmpint (arc_collection_status_get_flags (f->status, entry), ==,
                   ARC_NOTES_FLAG_ATTEMPTED | ARC_NOTES_FLAG_FAILED);
  g_assert_cmpuint (arc_collection_status_get_n_failed (f->status), ==, 2);
}

/* A task edited after it was solved: the attempt, made on the version
 * before (its task_hash), no longer counts once the task is recounted */
static void
test_edited_task (Fixture       *f,
                  gconstpointer  data)
{
  static const char edited_task[] =
    "{\"train\": [{\"input\": [[1, 5]], \"output\": [[2, 5]]}], \"test\": [{\"input\": [[3]], \"output\": [[4]]}]}";
  g_autofree char *path = g_build_filename (f->dir, "t0001.json", NULL);
  g_autoptr(ArcTask) task = NULL;
  ArcEntry *entry;
  ArcNotes *notes;
  ArcAnnotation *a;

  wait_phase (f, ARC_COLLECTION_PHASE_DONE);
  entry = find_entry (f, "t0001");
  task = arc_entry_load (entry, NULL);
  g_assert_nonnull (task);
  notes = arc_notes_store_get (f->store, entry, NULL, NULL);
  a = arc_notes_ensure (notes, "t0001", "ada");
  add_attempt (a, ARC_VERDICT_CORRECT, 3);
  ((ArcAttempt *) a->attempts->pdata[a->attempts->len - 1])->task_hash = arc_task_dup_content_hash (task);
  arc_collection_status_notes_changed (f->status, entry);
  g_assert_cmpuint (arc_collection_status_get_n_solved (f->status), ==, 2);
  g_assert_true (arc_collection_status_get_flags (f->status, entry) & ARC_NOTES_FLAG_SOLVED);

  /* The task is edited (a train cell), and its file changes as the watcher
   * tells: solved no more, not even attempted */
  g_assert_true (g_file_set_contents (path, edited_task, -1, NULL));
  arc_entry_invalidate (entry);
  arc_collection_status_notes_changed (f->status, entry);
  g_assert_cmpuint (arc_collection_status_get_n_solved (f->status), ==, 1);
  g_assert_cmpint (arc_collection_status_get_flags (f->status, entry), ==, ARC_NOTES_FLAG_ANNOTATED);
}

/* A folder whose notes are large (LARC's are 0.5 MB a task): the list's
 * flags, counts and searches come from the check's workers, and no task's
 * notes are read into the store, which is what the main thread reads */
static void
test_heavy_notes (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-status-heavy-XXXXXX", NULL);
  g_autofree char *data_dir = g_dir_make_tmp ("arc-status-heavy-data-XXXXXX", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (dir);
  g_autoptr(ArcCollectionStatus) status = NULL;
  g_autoptr(ArcNotesStore) store = NULL;
  ArcCollection *collection;
  gint64 end;

  for (int i = 0; i < 20; i++)
    {
      g_autofree char *id = g_strdup_printf ("h%02d", i);
      g_autofree char *name = g_strdup_printf ("%s/%s.json", dir, id);
      g_autoptr(GFile) task_file = g_file_new_for_path (name);
      g_autoptr(GFile) sidecar = arc_entry_sidecar_for (task_file);
      g_autoptr(ArcNotes) notes = arc_notes_new (sidecar);
      ArcAnnotation *a = arc_notes_ensure (notes, id, "larc:7");
      g_autoptr(ArcGrid) grid = arc_grid_new (30, 30);
      ArcAttempt *attempt = arc_attempt_new (0, grid, i % 2 ? ARC_VERDICT_CORRECT : ARC_VERDICT_WRONG, TRUE);

      g_assert_true (g_file_set_contents (name, valid_task, -1, NULL));
      g_free (a->transform_text);
      a->transform_text = g_strdup_printf ("Paint the Stripes %d", i);
      g_ptr_array_add (a->tags, g_strdup ("Heavy"));
      /* 200 actions of a 30×30 grid: about 0.5 MB of notes */
      attempt->actions = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_action_free);
      for (int k = 0; k < 200; k++)
        {
          ArcAction *action = arc_action_new ("Coloring", "Paint", grid);

          action->x = k % 30;
          action->y = k / 30;
          action->colour = 1 + k % 9;
          arc_grid_set (grid, k / 30, k % 30, (guint8) action->colour);
          g_ptr_array_add (attempt->actions, action);
        }
      g_ptr_array_add (a->attempts, attempt);
      g_assert_true (arc_notes_save (notes, FALSE, NULL));
    }

  status = arc_collection_status_open (file, "heavy", FALSE);
  collection = arc_collection_status_get_collection (status);
  store = arc_notes_store_new (collection, data_dir);
  arc_notes_store_set_annotator (store, "ada");
  arc_collection_status_set_notes_store (status, store);
  end = g_get_monotonic_time () + TIMEOUT_USEC;
  while (arc_collection_status_get_phase (status) != ARC_COLLECTION_PHASE_DONE)
    {
      /* What a row asks before its task is counted is never read here */
      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (collection)); i++)
        arc_collection_status_get_flags (status, arc_collection_get_entry (collection, i));
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (100);
    }
  g_assert_cmpuint (arc_collection_status_get_n_tasks (status), ==, 20);
  g_assert_cmpuint (arc_collection_status_get_n_others_annotated (status), ==, 20);
  g_assert_cmpuint (arc_collection_status_get_n_others_attempted (status), ==, 20);
  g_assert_cmpuint (arc_collection_status_get_n_others_solved (status), ==, 10);
  g_assert_cmpuint (arc_collection_status_get_n_annotated (status), ==, 0);
  for (guint i = 0; i < 20; i++)
    {
      ArcEntry *entry = arc_collection_get_entry (collection, i);
      g_autofree char *word = g_strdup_printf ("stripes %u", i);
      guint builds;

      g_assert_true (arc_notes_store_search (store, entry, word, FALSE));
      g_assert_true (arc_notes_store_search (store, entry, "heavy", TRUE));
      g_assert_false (arc_notes_store_search (store, entry, "heav", TRUE));
      g_assert_cmpuint (arc_notes_store_count_others (store, entry, &builds, NULL), ==, 1);
      g_assert_false (arc_notes_store_is_read (store, entry));
    }
  {
    g_auto(GStrv) tags = arc_notes_store_dup_tags (store);
    g_assert_cmpstrv (tags, ((const char * const[]) { "Heavy", NULL }));
  }
  /* The task shown is read; its flags are the same */
  {
    ArcEntry *entry = arc_collection_get_entry (collection, 1);
    ArcNotesFlags flags = arc_collection_status_get_flags (status, entry);

    arc_notes_store_get (store, entry, NULL, NULL);
    g_assert_true (arc_notes_store_is_read (store, entry));
    g_assert_cmpint (arc_notes_store_get_flags (store, entry), ==, flags);
  }
  g_clear_object (&status);
  for (int i = 0; i < 50; i++)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (1000);
    }
  remove_tree (dir);
  remove_tree (data_dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/arc/collection-status/phases-and-counts", Fixture, GINT_TO_POINTER (FALSE),
              fixture_setup, test_phases_and_counts, fixture_teardown);
  g_test_add ("/arc/collection-status/stop-and-resume", Fixture, GINT_TO_POINTER (STOP_WHEN_CHECKING),
              fixture_setup, test_stop_and_resume, fixture_teardown);
  g_test_add ("/arc/collection-status/notes-changed", Fixture, GINT_TO_POINTER (FALSE),
              fixture_setup, test_notes_changed, fixture_teardown);
  g_test_add ("/arc/collection-status/edited-task", Fixture, GINT_TO_POINTER (FALSE),
              fixture_setup, test_edited_task, fixture_teardown);
  g_test_add ("/arc/collection-status/disk-changes", Fixture, GINT_TO_POINTER (WATCH),
              fixture_setup, test_disk_changes, fixture_teardown);
  g_test_add_func ("/arc/collection-status/heavy-notes", test_heavy_notes);

  return g_test_run ();
}

/* test-task-notes.c: the notes of the shown task: saved a moment after the
 * last edit, without blocking, tried again after a failure, merged with
 * changes by another program, and saved when another task is shown; the
 * keeper that holds those left until they are saved, and its flush
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "arc-core.h"
#include "test-util.h"

typedef struct
{
  char          *dir;
  char          *data_dir;
  ArcCollection *collection;
  ArcNotesStore *store;
} Fixture;

static const char task_json[] = "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]], \"output\": [[4]]}]}";

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GFile) root = NULL;

  f->dir = g_dir_make_tmp ("arc-task-notes-XXXXXX", NULL);
  f->data_dir = g_dir_make_tmp ("arc-data-XXXXXX", NULL);
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *path = g_strdup_printf ("%s/%c.json", f->dir, 'a' + i);
      g_assert_true (g_file_set_contents (path, task_json, -1, NULL));
    }
  root = g_file_new_for_path (f->dir);
  f->collection = arc_collection_new_for_file (root, NULL, NULL, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (f->collection)), ==, 2);
  f->store = arc_notes_store_new (f->collection, f->data_dir);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_clear_object (&f->store);
  g_clear_object (&f->collection);
  remove_tree (f->dir);
  remove_tree (f->data_dir);
  g_free (f->dir);
  g_free (f->data_dir);
}

static char *
sidecar (Fixture    *f,
         const char *id)
{
  return g_strdup_printf ("%s/%s.arcnotes", f->dir, id);
}

static gboolean
is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

static gboolean
is_saved (gpointer data)
{
  return !arc_task_notes_get_modified (data) && !arc_task_notes_get_saving (data);
}

static char *
contents_of (const char *path)
{
  char *contents = NULL;

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    return NULL;
  return contents;
}

static void
count_cb (ArcTaskNotes *notes,
          ArcEntry     *entry,
          guint        *count)
{
  (*count)++;
}

static ArcTaskNotes *
notes_for (Fixture  *f,
           guint     index,
           guint     save_ms,
           guint     retry_ms)
{
  ArcTaskNotes *notes = arc_task_notes_new (f->store, arc_collection_get_entry (f->collection, index), "ada");

  arc_task_notes_set_delays (notes, save_ms, retry_ms);
  return notes;
}

/* Several edits within the delay: one write, after it */
static void
test_debounced (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(ArcTaskNotes) notes = notes_for (f, 0, 300, 100);
  g_autofree char *path = sidecar (f, "a");
  const char * const tags[] = { " colour ", "flip", "colour", "", NULL };
  const ArcAnnotation *a;
  guint saved = 0;

  g_signal_connect (notes, "saved", G_CALLBACK (count_cb), &saved);
  g_assert_false (arc_task_notes_get_modified (notes));
  g_assert_cmpint (arc_task_notes_get_place (notes), ==, ARC_NOTES_BESIDE);
  g_assert_null (arc_task_notes_get_notice (notes));

  arc_task_notes_set_text (notes, ARC_NOTES_FIELD_INPUT, "blue squares");
  arc_task_notes_set_text (notes, ARC_NOTES_FIELD_NOTES, "first");
  arc_task_notes_set_text (notes, ARC_NOTES_FIELD_NOTES, "second");
  arc_task_notes_set_tags (notes, tags);
  arc_task_notes_set_confidence (notes, 7);
  arc_task_notes_set_difficulty (notes, "hard");
  g_assert_true (arc_task_notes_get_modified (notes));
  a = arc_task_notes_get_annotation (notes);
  g_assert_cmpstr (a->notes, ==, "second");
  g_assert_cmpuint (a->tags->len, ==, 2);
  g_assert_cmpstr (a->tags->pdata[0], ==, "colour");

  /* Not before the delay */
  run_for (100);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (saved, ==, 0);

  wait_until (is_saved, notes, "the save");
  g_assert_cmpuint (saved, ==, 1);
  g_assert_true (file_contains (path, "\"input\" : \"blue squares\""));
  g_assert_true (file_contains (path, "\"notes\" : \"second\""));
  g_assert_true (file_contains (path, "\"difficulty\" : \"hard\""));
  g_assert_true (file_contains (path, "\"confidence\" : 7"));

  /* Setting what is there already is no edit */
  arc_task_notes_set_text (notes, ARC_NOTES_FIELD_NOTES, "second");
  arc_task_notes_set_confidence (notes, 7);
  g_assert_false (arc_task_notes_get_modified (notes));
  run_for (400);
  g_assert_cmpuint (saved, ==, 1);
}

static gboolean
flag_set (gpointer data)
{
  return *(gboolean *) data;
}

static void
saved_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  gboolean *done = user_data;
  g_autoptr(GError) error = NULL;

  g_assert_true (arc_task_notes_save_finish (ARC_TASK_NOTES (source), result, &error));
  g_assert_no_error (error);
  *done = TRUE;
}

/* An attempt is saved at once, without waiting for the write */
static void
test_async (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(ArcTaskNotes) notes = notes_for (f, 0, 60000, 100);
  g_autofree char *path = sidecar (f, "a");
  guint8 cells[] = { 4 };
  g_autoptr(ArcGrid) grid = arc_grid_new_from_data (1, 1, cells);
  g_autoptr(ArcAttempt) attempt = arc_attempt_new (0, grid, ARC_VERDICT_CORRECT, TRUE);
  gboolean done = FALSE;
  guint saved = 0;

  g_signal_connect (notes, "saved", G_CALLBACK (count_cb), &saved);
  arc_task_notes_add_attempt (notes, attempt);
  /* The call returned with the write under way: done in the main loop */
  g_assert_true (arc_task_notes_get_saving (notes));
  g_assert_true (arc_task_notes_get_modified (notes));
  g_assert_cmpuint (saved, ==, 0);
  g_assert_cmpuint (arc_task_notes_get_n_attempts (notes), ==, 1);

  /* A save asked for meanwhile waits for that one */
  arc_task_notes_save_async (notes, NULL, saved_cb, &done);
  g_assert_false (done);
  wait_until (flag_set, &done, "the save to complete");
  g_assert_true (is_saved (notes));
  g_assert_cmpuint (saved, ==, 1);
  g_assert_true (file_contains (path, "\"verdict\" : \"correct\""));
  g_assert_cmpuint (arc_annotation_get_flags (arc_task_notes_get_annotation (notes), 1, NULL), ==,
                    ARC_NOTES_FLAG_ATTEMPTED | ARC_NOTES_FLAG_SOLVED);
}

static void
failed_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  gboolean *done = user_data;
  g_autoptr(GError) error = NULL;

  g_assert_false (arc_task_notes_save_finish (ARC_TASK_NOTES (source), result, &error));
  g_assert_nonnull (error);
  *done = TRUE;
}

/* A save that fails keeps the edits, says why, and is tried again. The
 * sidecar's place is taken by a folder: no one, root included, can write
 * a file there. */
static void
test_retry (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(ArcTaskNotes) notes = notes_for (f, 0, 10, 200);
  g_autofree char *path = sidecar (f, "a");
  gboolean done = FALSE;

  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  arc_task_notes_set_text (notes, ARC_NOTES_FIELD_NOTES, "not lost");
  arc_task_notes_save_async (notes, NULL, failed_cb, &done);
  wait_until (flag_set, &done, "the save to fail");
  g_assert_true (arc_task_notes_get_modified (notes));
  g_assert_false (arc_task_notes_get_saving (notes));
  g_assert_nonnull (arc_task_notes_get_error (notes));
  g_assert_cmpstr (arc_task_notes_get_text (notes, ARC_NOTES_FIELD_NOTES), ==, "not lost");

  /* Still failing: still kept, and tried again later */
  run_for (300);
  g_assert_true (arc_task_notes_get_modified (notes));
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_DIR));

  /* The place is free again: the retry saves */
  g_assert_cmpint (g_rmdir (path), ==, 0);
  wait_until (is_saved, notes, "the retry to save");
  g_assert_null (arc_task_notes_get_error (notes));
  g_assert_true (file_contains (path, "\"notes\" : \"not lost\""));
}

static gboolean
merged (gpointer data)
{
  const char **args = data;
  g_autofree char *contents = contents_of (args[0]);

  for (guint i = 1; args[i]; i++)
    if (contents == NULL || strstr (contents, args[i]) == NULL)
      return FALSE;
  return TRUE;
}

static void
changed_cb (ArcTaskNotes *notes,
            guint        *count)
{
  (*count)++;
}

/* Another program writes the file while our edits are unsaved: after the
 * monitor tells, both are in the file, and nothing is lost */
static void
test_merge (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(ArcTaskNotes) notes = notes_for (f, 0, 60000, 100);
  g_autofree char *path = sidecar (f, "a");
  const char *outside = "{\"format\": \"arc-studio-notes\", \"version\": 1, \"tasks\": {\"a\": {\"annotators\": {"
                        "\"ada\": {\"notes\": \"ada's other machine\"}, "
                        "\"bob\": {\"notes\": \"bob was here\"}}}}}";
  const char *args[] = { path, "\"notes\" : \"unsaved edit\\n", "bob was here", "ada's other machine", NULL };
  gboolean done = FALSE;
  guint changed = 0;

  arc_task_notes_set_text (notes, ARC_NOTES_FIELD_NOTES, "saved first");
  arc_task_notes_save_async (notes, NULL, saved_cb, &done);
  wait_until (flag_set, &done, "the first save");
  g_signal_connect (notes, "changed", G_CALLBACK (changed_cb), &changed);

  arc_task_notes_set_text (notes, ARC_NOTES_FIELD_NOTES, "unsaved edit");
  g_assert_true (arc_task_notes_get_modified (notes));
  g_usleep (1100000);  /* etags have a resolution of a second on some file systems */
  g_assert_true (g_file_set_contents (path, outside, -1, NULL));

  wait_until (merged, args, "the merge to be saved");
  wait_until (is_saved, notes, "the save");
  g_assert_cmpuint (changed, >=, 1);
  /* Both versions of ada's notes in ada's notes, ours first; no other record */
  g_assert_true (g_str_has_prefix (arc_task_notes_get_text (notes, ARC_NOTES_FIELD_NOTES), "unsaved edit\n"));
  g_assert_true (g_str_has_suffix (arc_task_notes_get_text (notes, ARC_NOTES_FIELD_NOTES), "\nada's other machine"));
  g_assert_false (file_contains (path, "changed on disk"));
  g_assert_nonnull (arc_task_notes_get_notice (notes));
  g_assert_nonnull (strstr (arc_task_notes_get_notice (notes), "Notes. Both versions are kept"));

  /* With nothing unsaved, a change on disk is read again */
  {
    const char *again = "{\"format\": \"arc-studio-notes\", \"version\": 1, \"tasks\": {\"a\": {\"annotators\": {"
                        "\"ada\": {\"notes\": \"pulled\"}}}}}";
    guint before = changed;

    g_usleep (1100000);
    g_assert_true (g_file_set_contents (path, again, -1, NULL));
    while (changed == before)
      g_main_context_iteration (NULL, TRUE);
    g_assert_cmpstr (arc_task_notes_get_text (notes, ARC_NOTES_FIELD_NOTES), ==, "pulled");
    g_assert_false (arc_task_notes_get_modified (notes));
  }
}

/* A build of someone else's description, while another program writes the
 * file: the merge keeps it */
static void
test_build_survives_merge (Fixture       *f,
                           gconstpointer  data)
{
  g_autofree char *path = sidecar (f, "a");
  const char *before = "{\"format\": \"arc-studio-notes\", \"version\": 2, \"tasks\": {\"a\": {\"annotators\": {"
                       "\"bob\": {\"description\": {\"input\": \"a cell\"}}}}}}";
  const char *outside = "{\"format\": \"arc-studio-notes\", \"version\": 2, \"tasks\": {\"a\": {\"annotators\": {"
                        "\"bob\": {\"description\": {\"input\": \"a cell\"}}, \"carol\": {\"notes\": \"carol was here\"}}}}}";
  const char *args[] = { path, "\"builder\" : \"ada\"", "carol was here", NULL };
  g_autoptr(ArcTaskNotes) notes = NULL;
  ArcBuild *build = arc_build_new ("ada");

  g_assert_true (g_file_set_contents (path, before, -1, NULL));
  notes = notes_for (f, 0, 60000, 100);
  g_usleep (1100000);  /* etags have a resolution of a second on some file systems */
  g_assert_true (g_file_set_contents (path, outside, -1, NULL));
  build->success = TRUE;
  build->n_attempts = 1;
  arc_task_notes_add_build (notes, "bob", build);
  wait_until (merged, args, "the build and carol's notes in the file");
  wait_until (is_saved, notes, "the save");
  g_assert_cmpuint (arc_notes_get (arc_task_notes_get_notes (notes), "a", "bob")->builds->len, ==, 1);
}

/* Showing another task: the old notes are saved in the background, and
 * edits no one waited for are written all the same */
static void
test_switch (Fixture       *f,
             gconstpointer  data)
{
  ArcTaskNotes *a = notes_for (f, 0, 60000, 100);
  g_autoptr(ArcTaskNotes) b = NULL;
  g_autofree char *path_a = sidecar (f, "a");
  g_autofree char *path_b = sidecar (f, "b");
  gboolean done = FALSE;

  arc_task_notes_set_text (a, ARC_NOTES_FIELD_INPUT, "written on a");
  arc_task_notes_save_async (a, NULL, saved_cb, &done);
  g_object_unref (a);
  b = notes_for (f, 1, 60000, 100);
  g_assert_cmpstr (arc_task_notes_get_text (b, ARC_NOTES_FIELD_INPUT), ==, "");
  arc_task_notes_set_text (b, ARC_NOTES_FIELD_INPUT, "written on b");
  wait_until (flag_set, &done, "the old notes to be saved");
  g_assert_true (file_contains (path_a, "written on a"));
  g_assert_false (g_file_test (path_b, G_FILE_TEST_EXISTS));

  /* Dropped with unsaved edits: still written */
  g_clear_object (&b);
  {
    const char *args[] = { path_b, "written on b", NULL };
    wait_until (merged, args, "the dropped notes to be written");
  }
  /* And found again */
  b = notes_for (f, 1, 60000, 100);
  g_assert_cmpstr (arc_task_notes_get_text (b, ARC_NOTES_FIELD_INPUT), ==, "written on b");
}

/* The notes of a task left, given to a keeper: written though no one
 * else holds them, then let go */
static void
test_keeper_saves_left (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(ArcNotesKeeper) keeper = arc_notes_keeper_new ();
  ArcTaskNotes *notes = notes_for (f, 0, 60000, 100);
  g_autofree char *path = sidecar (f, "a");

  g_object_add_weak_pointer (G_OBJECT (notes), (gpointer *) &notes);
  arc_task_notes_set_text (notes, ARC_NOTES_FIELD_NOTES, "left behind");
  arc_notes_keeper_keep_saving (keeper, notes);
  g_object_unref (notes);
  g_assert_nonnull (notes);
  g_assert_true (arc_notes_keeper_get_unsaved (keeper));
  wait_file_contains (path, "\"notes\" : \"left behind\"");
  wait_until (is_null, &notes, "the saved notes to be let go");
  g_assert_false (arc_notes_keeper_get_unsaved (keeper));
}

typedef struct
{
  gboolean  done, ok;
  GError   *error;
} FlushResult;

static void
flushed_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  FlushResult *r = user_data;

  g_assert_false (arc_notes_keeper_get_flushing (ARC_NOTES_KEEPER (source)));
  r->ok = arc_notes_keeper_flush_finish (ARC_NOTES_KEEPER (source), result, &r->error);
  r->done = TRUE;
}

static void
flush (ArcNotesKeeper *keeper,
       FlushResult    *r)
{
  gboolean unsaved = arc_notes_keeper_get_unsaved (keeper);

  memset (r, 0, sizeof *r);
  arc_notes_keeper_flush_async (keeper, NULL, flushed_cb, r);
  /* Waiting for saves, if any; done in the main loop either way */
  g_assert_cmpint (arc_notes_keeper_get_flushing (keeper), ==, unsaved);
  g_assert_false (r->done);
  wait_until (flag_set, &r->done, "the flush");
  g_assert_false (arc_notes_keeper_get_flushing (keeper));
}

/* A flush waits for every save, and with nothing held, for none */
static void
test_keeper_flush (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(ArcNotesKeeper) keeper = arc_notes_keeper_new ();
  g_autofree char *path_a = sidecar (f, "a");
  g_autofree char *path_b = sidecar (f, "b");
  FlushResult r;

  flush (keeper, &r);
  g_assert_true (r.ok);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(ArcTaskNotes) notes = notes_for (f, i, 60000, 100);

      arc_task_notes_set_text (notes, ARC_NOTES_FIELD_INPUT, i ? "on b" : "on a");
      arc_notes_keeper_keep_saving (keeper, notes);
      /* Edited again while saving: written before the flush is done too */
      arc_task_notes_set_text (notes, ARC_NOTES_FIELD_INPUT, i ? "again on b" : "again on a");
    }
  flush (keeper, &r);
  g_assert_no_error (r.error);
  g_assert_true (r.ok);
  g_assert_true (file_contains (path_a, "\"input\" : \"again on a\""));
  g_assert_true (file_contains (path_b, "\"input\" : \"again on b\""));
  g_assert_false (arc_notes_keeper_get_unsaved (keeper));
}

/* A save that fails (the folder became read-only): the flush says why,
 * and the notes stay, until a save succeeds */
static void
test_keeper_failure (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(ArcNotesKeeper) keeper = arc_notes_keeper_new ();
  ArcTaskNotes *notes = notes_for (f, 0, 60000, 60000);
  g_autofree char *path = sidecar (f, "a");
  FlushResult r;

  g_object_add_weak_pointer (G_OBJECT (notes), (gpointer *) &notes);
  g_assert_cmpint (arc_task_notes_get_place (notes), ==, ARC_NOTES_BESIDE);
  g_assert_cmpint (g_chmod (f->dir, 0555), ==, 0);
  if (access (f->dir, W_OK) == 0)
    {
      g_chmod (f->dir, 0755);
      g_object_unref (notes);
      g_test_skip ("a read-only folder can be written here (root)");
      return;
    }
  arc_task_notes_set_text (notes, ARC_NOTES_FIELD_NOTES, "not lost");
  arc_notes_keeper_keep_saving (keeper, notes);
  g_object_unref (notes);
  flush (keeper, &r);
  g_assert_false (r.ok);
  g_assert_nonnull (r.error);
  g_test_message ("%s", r.error->message);
  g_clear_error (&r.error);
  g_assert_nonnull (notes);
  g_assert_true (arc_notes_keeper_get_unsaved (keeper));
  g_assert_cmpstr (arc_task_notes_get_text (notes, ARC_NOTES_FIELD_NOTES), ==, "not lost");
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  /* Writable again: the next flush saves them, and they are let go */
  g_assert_cmpint (g_chmod (f->dir, 0755), ==, 0);
  flush (keeper, &r);
  g_assert_no_error (r.error);
  g_assert_true (r.ok);
  g_assert_true (file_contains (path, "\"notes\" : \"not lost\""));
  wait_until (is_null, &notes, "the saved notes to be let go");
  g_assert_false (arc_notes_keeper_get_unsaved (keeper));
}

/* Notes that cannot go beside the task say where they are */
static void
test_fallback_notice (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *bad = sidecar (f, "b");
  g_autoptr(ArcTaskNotes) notes = NULL;

  g_assert_true (g_file_set_contents (bad, "{ not json", -1, NULL));
  notes = notes_for (f, 1, 10, 100);
  g_assert_cmpint (arc_task_notes_get_place (notes), ==, ARC_NOTES_RECOVERED);
  g_assert_nonnull (strstr (arc_task_notes_get_notice (notes), "It is not written over"));
  arc_task_notes_set_text (notes, ARC_NOTES_FIELD_NOTES, "recovered");
  wait_until (is_saved, notes, "the save");
  {
    g_autofree char *recovered = g_strdup_printf ("%s/b.recovered.arcnotes", f->dir);
    g_assert_true (file_contains (recovered, "recovered"));
    g_assert_true (file_contains (bad, "{ not json"));
  }
}

static void
test_annotator (void)
{
  g_autofree char *none = arc_task_notes_resolve_annotator (NULL);
  g_autofree char *empty = arc_task_notes_resolve_annotator ("");
  g_autofree char *named = arc_task_notes_resolve_annotator ("ada");

  g_assert_cmpstr (named, ==, "ada");
  g_assert_cmpstr (none, ==, empty);
  g_assert_cmpstr (none, !=, "");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/arc/task-notes/debounced", Fixture, NULL, fixture_set_up, test_debounced, fixture_tear_down);
  g_test_add ("/arc/task-notes/async", Fixture, NULL, fixture_set_up, test_async, fixture_tear_down);
  g_test_add ("/arc/task-notes/retry", Fixture, NULL, fixture_set_up, test_retry, fixture_tear_down);
  g_test_add ("/arc/task-notes/merge", Fixture, NULL, fixture_set_up, test_merge, fixture_tear_down);
  g_test_add ("/arc/task-notes/build-survives-merge", Fixture, NULL, fixture_set_up, test_build_survives_merge,
              fixture_tear_down);
  g_test_add ("/arc/task-notes/switch", Fixture, NULL, fixture_set_up, test_switch, fixture_tear_down);
  g_test_add ("/arc/task-notes/fallback-notice", Fixture, NULL, fixture_set_up, test_fallback_notice, fixture_tear_down);
  g_test_add ("/arc/task-notes/keeper-saves-left", Fixture, NULL, fixture_set_up, test_keeper_saves_left,
              fixture_tear_down);
  g_test_add ("/arc/task-notes/keeper-flush", Fixture, NULL, fixture_set_up, test_keeper_flush, fixture_tear_down);
  g_test_add ("/arc/task-notes/keeper-failure", Fixture, NULL, fixture_set_up, test_keeper_failure,
              fixture_tear_down);
  g_test_add_func ("/arc/task-notes/annotator", test_annotator);

  return g_test_run ();
}

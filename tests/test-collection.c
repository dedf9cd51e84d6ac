/* test-collection.c: discovering tasks in folders and Kaggle files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arc-core.h"

static char *
fixture (const char *name)
{
  const char *dir = g_getenv ("ARC_FIXTURES_DIR");

  g_assert_nonnull (dir);
  return g_build_filename (dir, name, NULL);
}

static ArcCollection *
open_path (const char *path, const char *display)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  ArcCollection *collection = arc_collection_new_for_file (file, display, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (collection);
  return collection;
}

/* "group/id" of every entry, joined by spaces */
static char *
list_entries (ArcCollection *collection)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (collection)); i++)
    {
      ArcEntry *e = arc_collection_get_entry (collection, i);
      g_string_append_printf (s, "%s%s/%s", i ? " " : "", arc_entry_get_group (e), arc_entry_get_id (e));
    }
  return g_string_free (s, FALSE);
}

static gboolean
has_skipped (ArcCollection *collection, const char *display_name, const char *reason)
{
  GPtrArray *skipped = arc_collection_get_skipped (collection);

  for (guint i = 0; i < skipped->len; i++)
    {
      ArcSkipped *s = skipped->pdata[i];
      if (g_str_equal (s->display_name, display_name) && g_str_equal (s->reason, reason))
        return TRUE;
    }
  return FALSE;
}

static void
test_natural_sort (void)
{
  g_assert_cmpint (arc_natural_compare ("task_2", "task_10"), <, 0);
  g_assert_cmpint (arc_natural_compare ("task_10", "task_2"), >, 0);
  g_assert_cmpint (arc_natural_compare ("task_002", "task_2"), !=, 0);
  g_assert_cmpint (arc_natural_compare ("a", "B"), <, 0);
  g_assert_cmpint (arc_natural_compare ("Concept9", "Concept10"), <, 0);
  g_assert_cmpint (arc_natural_compare ("00576224", "007bbfb7"), <, 0);
  g_assert_cmpint (arc_natural_compare ("same", "same"), ==, 0);
  g_assert_cmpint (arc_natural_compare ("abc", "ab"), >, 0);
}

static void
test_folder (void)
{
  g_autofree char *path = fixture ("collection");
  g_autoptr(ArcCollection) c = open_path (path, "col");
  g_autofree char *list = list_entries (c);
  g_auto(GStrv) groups = arc_collection_dup_groups (c);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTask) task = NULL;
  ArcEntry *broken;
  guint pos;

  g_assert_cmpint (arc_collection_get_kind (c), ==, ARC_COLLECTION_FOLDER);
  g_assert_cmpstr (list, ==,
                   "evaluation/public/e1 kaggle/test/t1 kaggle/training/k1 kaggle/training/k2 kaggle/training/k3 "
                   "training/a1 training/broken training/task_2 training/task_10");
  g_assert_cmpuint (g_strv_length (groups), ==, 4);
  g_assert_cmpstr (groups[0], ==, "evaluation/public");
  g_assert_cmpstr (groups[3], ==, "training");

  /* Files that are not tasks are reported, sidecars and hidden files are not */
  g_assert_cmpuint (arc_collection_get_skipped (c)->len, ==, 3);
  g_assert_true (has_skipped (c, "col/README.md", "not a .json file"));
  g_assert_true (has_skipped (c, "col/training/notes.txt", "not a .json file"));
  g_assert_true (has_skipped (c, "col/kaggle/orphan_solutions.json", "a solutions file without its challenges file"));

  /* Nothing is parsed until asked */
  g_assert_true (arc_collection_find (c, "broken", &pos));
  broken = arc_collection_get_entry (c, pos);
  g_assert_cmpint (arc_entry_get_status (broken), ==, ARC_ENTRY_UNKNOWN);
  g_assert_cmpstr (arc_entry_get_display_name (broken), ==, "col/training/broken.json");
  task = arc_entry_load (broken, &error);
  g_assert_null (task);
  g_assert_cmpint (arc_entry_get_status (broken), ==, ARC_ENTRY_INVALID);
  g_assert_cmpstr (error->message, ==, "col/training/broken.json: train[0].input[0][1]: value 12 is outside 0..9");
  {
    g_autofree char *message = arc_entry_dup_error_message (broken);
    g_assert_cmpstr (message, ==, "train[0].input[0][1]: value 12 is outside 0..9");
  }

  g_assert_true (arc_collection_find (c, "training/task_2", &pos));
  g_assert_cmpstr (arc_entry_get_id (arc_collection_get_entry (c, pos)), ==, "task_2");
  g_assert_false (arc_collection_find (c, "nope", &pos));
}

static void
test_kaggle (void)
{
  g_autofree char *path = fixture ("collection/kaggle/arc-agi_training_challenges.json");
  g_autoptr(ArcCollection) c = open_path (path, "train.json");
  g_autofree char *list = list_entries (c);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTask) k1 = NULL;
  g_autoptr(ArcTask) k2 = NULL;
  g_autoptr(ArcTask) k3 = NULL;
  g_autoptr(GPtrArray) problems = NULL;

  g_assert_cmpint (arc_collection_get_kind (c), ==, ARC_COLLECTION_COMBINED);
  g_assert_cmpstr (list, ==, "training/k1 training/k2 training/k3");

  /* The solutions file fills the hidden test outputs */
  k1 = arc_entry_load (arc_collection_get_entry (c, 0), &error);
  g_assert_no_error (error);
  g_assert_true (arc_task_has_test_outputs (k1));
  g_assert_cmpint (arc_grid_get (arc_task_get_test (k1, 0)->output, 0, 1), ==, 8);
  g_assert_cmpint (arc_grid_get (arc_task_get_test (k1, 1)->output, 0, 0), ==, 1);

  /* A mismatched solution is not used, and says so */
  k2 = arc_entry_load (arc_collection_get_entry (c, 1), &error);
  g_assert_no_error (error);
  g_assert_false (arc_task_has_test_outputs (k2));
  problems = arc_entry_dup_problems (arc_collection_get_entry (c, 1));
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_cmpstr (((ArcProblem *) problems->pdata[0])->message, ==,
                   "arc-agi_training_solutions.json has 2 solutions for 1 test input; they are not used");

  /* Errors in a combined file name the task and count lines from the file's start */
  k3 = arc_entry_load (arc_collection_get_entry (c, 2), &error);
  g_assert_null (k3);
  g_assert_cmpstr (error->message, ==, "train.json#k3: train[0].output[0][0]: value 10 is outside 0..9");
}

/* The same task is the same file and id: entries made anew (the file
 * listed again) are the same task, whatever their group; the tasks of one
 * combined file are not */
static void
test_same_task (void)
{
  g_autofree char *path = fixture ("collection/kaggle/arc-agi_training_challenges.json");
  g_autoptr(ArcCollection) first = open_path (path, "train.json");
  g_autoptr(ArcCollection) again = open_path (path, "train.json");
  ArcEntry *k1 = arc_collection_get_entry (first, 0);
  ArcEntry *k2 = arc_collection_get_entry (first, 1);
  ArcEntry *k1_again = arc_collection_get_entry (again, 0);
  GFile *file = arc_entry_get_file (k1);
  g_autoptr(GFile) other = g_file_new_for_path ("/elsewhere/train.json");
  g_autoptr(ArcEntry) regrouped = arc_entry_new_for_file (file, "k1", "elsewhere", "k1");

  g_assert_true (k1 != k1_again);
  g_assert_true (arc_entry_is_task (k1_again, arc_entry_get_file (k1), arc_entry_get_id (k1)));
  g_assert_true (arc_entry_is_task (regrouped, file, "k1"));
  g_assert_false (arc_entry_is_task (k2, file, "k1"));
  g_assert_false (arc_entry_is_task (k1, other, "k1"));
  g_assert_false (arc_entry_is_task (k1, NULL, "k1"));
  g_assert_false (arc_entry_is_task (k1, file, NULL));
}

static void
test_kaggle_broken (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "x_challenges.json", NULL);
  g_autofree char *sol = g_build_filename (dir, "x_solutions.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcCollection) c = NULL;
  g_autoptr(ArcTask) task = NULL;
  ArcEntry *e;

  /* A syntax error in the challenges file: one invalid entry that says where */
  g_assert_true (g_file_set_contents (path, "{\"a\": {\"train\": []},\n \"b\": [}", -1, NULL));
  c = open_path (path, "x_challenges.json");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (c)), ==, 1);
  e = arc_collection_get_entry (c, 0);
  g_assert_cmpint (arc_entry_get_status (e), ==, ARC_ENTRY_INVALID);
  {
    g_autofree char *message = arc_entry_dup_error_message (e);
    g_assert_cmpstr (message, ==, "line 2, column 8: unexpected character “}”, expected a value");
  }
  g_clear_object (&c);

  /* A broken solutions file leaves the outputs hidden, with a warning */
  g_assert_true (g_file_set_contents (path, "{\"a\": {\"train\": [{\"input\": [[1]], \"output\": [[1]]}], \"test\": [{\"input\": [[1]]}]}}", -1, NULL));
  g_assert_true (g_file_set_contents (sol, "{\"a\": [[[1]]], oops}", -1, NULL));
  c = open_path (path, "x_challenges.json");
  task = arc_entry_load (arc_collection_get_entry (c, 0), &error);
  g_assert_no_error (error);
  g_assert_false (arc_task_has_test_outputs (task));
  g_assert_cmpuint (arc_task_get_warnings (task)->len, ==, 2);
  g_assert_cmpstr (((ArcProblem *) arc_task_get_warnings (task)->pdata[1])->message, ==,
                   "the solutions in x_solutions.json cannot be used: line 1, column 16: "
                   "unexpected character “o”, expected a member name in double quotes");

  /* Opening a solutions file directly explains what to do */
  {
    g_autoptr(GFile) file = g_file_new_for_path (sol);
    g_autoptr(ArcCollection) none = arc_collection_new_for_file (file, "x_solutions.json", NULL, &error);

    g_assert_null (none);
    g_assert_cmpstr (error->message, ==, "x_solutions.json: this is a solutions file; open the challenges file beside it");
  }
  g_unlink (path);
  g_unlink (sol);
  g_rmdir (dir);
}

static void
test_single_file (void)
{
  g_autofree char *path = fixture ("collection/training/a1.json");
  g_autoptr(ArcCollection) c = open_path (path, NULL);
  g_autoptr(ArcTask) task = NULL;

  g_assert_cmpint (arc_collection_get_kind (c), ==, ARC_COLLECTION_TASK_FILE);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (c)), ==, 1);
  g_assert_cmpstr (arc_collection_get_title (c), ==, "a1.json");
  task = arc_entry_load (arc_collection_get_entry (c, 0), NULL);
  g_assert_nonnull (task);
  g_assert_cmpstr (arc_task_get_id (task), ==, "a1");
}

static void
test_hostile_folder (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-test-XXXXXX", NULL);
  g_autofree char *sub = g_build_filename (dir, "sub", NULL);
  g_autofree char *folder_json = g_build_filename (dir, "folder.json", NULL);
  g_autofree char *inner = g_build_filename (folder_json, "inner.json", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo.json", NULL);
  g_autofree char *dangling = g_build_filename (dir, "dangling.json", NULL);
  g_autofree char *loop = g_build_filename (sub, "loop", NULL);
  g_autofree char *empty = g_build_filename (dir, "empty.json", NULL);
  g_autofree char *list = NULL;
  g_autoptr(ArcCollection) c = NULL;

  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (folder_json, 0700), ==, 0);
  g_assert_true (g_file_set_contents (inner, "{\"train\": [{\"input\": [[1]], \"output\": [[1]]}], \"test\": [{\"input\": [[1]]}]}", -1, NULL));
  g_assert_true (g_file_set_contents (empty, "", 0, NULL));
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (symlink ("nowhere.json", dangling), ==, 0);
  g_assert_cmpint (symlink ("..", loop), ==, 0);  /* sub/loop -> the top folder */

  c = open_path (dir, "d");
  list = list_entries (c);
  /* A folder named *.json is a folder; the loop is entered once at most */
  g_assert_cmpstr (list, ==, "/empty folder.json/inner");
  g_assert_true (has_skipped (c, "d/fifo.json", "not a regular file (a FIFO, socket or device)"));
  g_assert_true (has_skipped (c, "d/dangling.json", "a broken symbolic link or a link loop"));
  g_assert_true (has_skipped (c, "d/sub/loop", "the folder was already scanned (a symbolic link loop)"));
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(ArcTask) t = arc_entry_load (arc_collection_get_entry (c, 0), &error);

    g_assert_null (t);
    g_assert_cmpstr (error->message, ==, "d/empty.json: the file is empty");
  }

  g_unlink (inner);
  g_rmdir (folder_json);
  g_unlink (fifo);
  g_unlink (dangling);
  g_unlink (loop);
  g_unlink (empty);
  g_rmdir (sub);
  g_rmdir (dir);
}

static void
test_missing (void)
{
  g_autoptr(GFile) file = g_file_new_for_path ("/nonexistent/arc/path");
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcCollection) c = arc_collection_new_for_file (file, "/nonexistent/arc/path", NULL, &error);

  g_assert_null (c);
  g_assert_error (error, ARC_ERROR, ARC_ERROR_NOT_FOUND);
  g_assert_true (g_str_has_prefix (error->message, "/nonexistent/arc/path: "));
}

/* ZIP archives are named for what they are, opened alone or in a folder */
static void
test_zip (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-zip-XXXXXX", NULL);
  g_autofree char *zip = g_build_filename (dir, "arc-prize-2025.zip", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (zip);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcCollection) alone = NULL;
  g_autoptr(ArcCollection) folder = NULL;

  g_assert_true (g_file_set_contents (zip, "PK\x03\x04", 4, NULL));
  alone = arc_collection_new_for_file (file, "arc-prize-2025.zip", NULL, &error);
  g_assert_null (alone);
  g_assert_error (error, ARC_ERROR, ARC_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "arc-prize-2025.zip: ZIP archives are not opened: extract it first");

  folder = open_path (dir, "d");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (folder)), ==, 0);
  g_assert_true (has_skipped (folder, "d/arc-prize-2025.zip", "ZIP archives are not opened: extract it first"));
  g_unlink (zip);
  g_rmdir (dir);
}

static void
test_samples (void)
{
  const char *dir = g_getenv ("ARC_SAMPLES_DIR");
  g_autoptr(ArcCollection) c = NULL;
  g_auto(GStrv) groups = NULL;
  guint n, hidden = 0, multi = 0, resized = 0;

  g_assert_nonnull (dir);
  c = open_path (dir, "samples");
  n = g_list_model_get_n_items (G_LIST_MODEL (c));
  g_assert_cmpuint (n, >=, 12);
  groups = arc_collection_dup_groups (c);
  g_assert_cmpuint (g_strv_length (groups), >=, 3);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(ArcTask) task = arc_entry_load (arc_collection_get_entry (c, i), &error);
      const ArcPair *p;

      g_assert_no_error (error);
      if (!arc_task_has_test_outputs (task))
        hidden++;
      if (arc_task_get_n_test (task) > 1)
        multi++;
      p = arc_task_get_train (task, 0);
      if (arc_grid_get_height (p->input) != arc_grid_get_height (p->output) ||
          arc_grid_get_width (p->input) != arc_grid_get_width (p->output))
        resized++;
    }
  /* The samples cover what the issue asks for */
  g_assert_cmpuint (hidden, >=, 1);
  g_assert_cmpuint (multi, >=, 1);
  g_assert_cmpuint (resized, >=, 3);
  g_assert_cmpuint (arc_collection_get_skipped (c)->len, ==, 0);
}

static void
load_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GError **error = user_data;

  arc_collection_load_finish (ARC_COLLECTION (source), result, error);
}

static void
items_changed_cb (GListModel *model, guint position, guint removed, guint added, guint *n_signals)
{
  (*n_signals)++;
}

static void
test_load_async (void)
{
  g_autofree char *path = fixture ("collection");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcCollection) sync = open_path (path, "col");
  g_autoptr(ArcCollection) c = arc_collection_new (file, "col");
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = list_entries (sync);
  g_autofree char *listed = NULL;
  guint n_signals = 0;

  g_signal_connect (c, "items-changed", G_CALLBACK (items_changed_cb), &n_signals);
  arc_collection_load_async (c, NULL, load_done_cb, &error);
  g_assert_true (arc_collection_get_loading (c));
  while (arc_collection_get_loading (c))
    g_main_context_iteration (NULL, TRUE);
  g_assert_no_error (error);
  /* The same list, in the same order, in batches */
  listed = list_entries (c);
  g_assert_cmpstr (listed, ==, expected);
  g_assert_cmpuint (n_signals, >=, 1);
  g_assert_cmpuint (arc_collection_get_n_scanned (c), >=, 9);
  g_assert_cmpuint (arc_collection_get_skipped (c)->len, ==, 3);
  g_assert_null (arc_collection_get_error (c));
}

static void
test_load_cancelled (void)
{
  g_autofree char *path = fixture ("collection");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcCollection) c = arc_collection_new (file, "col");
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;

  g_cancellable_cancel (cancellable);
  arc_collection_load_async (c, cancellable, load_done_cb, &error);
  while (arc_collection_get_loading (c))
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_nonnull (arc_collection_get_error (c));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (c)), ==, 0);
}

static gboolean
wait_for_count (ArcCollection *c, guint n)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (g_list_model_get_n_items (G_LIST_MODEL (c)) != n)
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return TRUE;
}

static void
notes_changed_cb (ArcCollection *c, ArcEntry *entry, GPtrArray *changed)
{
  g_ptr_array_add (changed, entry);
}

static void
test_watch (void)
{
  const char *task = "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]]}]}";
  g_autofree char *dir = g_dir_make_tmp ("arc-watch-XXXXXX", NULL);
  g_autofree char *a = g_build_filename (dir, "a.json", NULL);
  g_autofree char *b = g_build_filename (dir, "b.json", NULL);
  g_autofree char *sub = g_build_filename (dir, "sub", NULL);
  g_autofree char *c_in_sub = g_build_filename (sub, "c.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (dir);
  g_autoptr(ArcCollection) c = arc_collection_new (file, "w");
  g_autoptr(ArcTask) loaded = NULL;
  g_autofree char *list = NULL;
  ArcEntry *entry;
  guint n_signals = 0;

  g_assert_true (g_file_set_contents (a, task, -1, NULL));
  arc_collection_set_watch (c, TRUE);
  g_assert_true (arc_collection_load (c, NULL, NULL));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (c)), ==, 1);
  entry = arc_collection_get_entry (c, 0);
  loaded = arc_entry_load (entry, NULL);
  g_assert_nonnull (loaded);

  /* Added */
  g_assert_true (g_file_set_contents (b, task, -1, NULL));
  g_assert_true (wait_for_count (c, 2));
  g_assert_cmpstr (arc_entry_get_id (arc_collection_get_entry (c, 1)), ==, "b");

  /* Changed: parsed again when next asked, and the list says so */
  g_signal_connect (c, "items-changed", G_CALLBACK (items_changed_cb), &n_signals);
  g_assert_true (g_file_set_contents (a, "{", -1, NULL));
  {
    gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

    while (arc_entry_get_status (entry) != ARC_ENTRY_UNKNOWN && g_get_monotonic_time () < end)
      {
        g_main_context_iteration (NULL, FALSE);
        g_usleep (1000);
      }
  }
  g_assert_cmpint (arc_entry_get_status (entry), ==, ARC_ENTRY_UNKNOWN);
  g_assert_cmpuint (n_signals, >=, 1);
  g_clear_object (&loaded);
  loaded = arc_entry_load (entry, NULL);
  g_assert_null (loaded);
  g_assert_cmpint (arc_entry_get_status (entry), ==, ARC_ENTRY_INVALID);

  /* Notes written beside b.json (atomically, as the notes are saved):
   * ::notes-changed for b, and the notes are not listed; a file named only
   * ".arcnotes", or beside no task, says nothing */
  {
    g_autofree char *notes = g_build_filename (dir, "b.arcnotes", NULL);
    g_autofree char *bare = g_build_filename (dir, ".arcnotes", NULL);
    g_autofree char *stray = g_build_filename (dir, "zz.arcnotes", NULL);
    GPtrArray *changed = g_ptr_array_new ();
    gulong handler = g_signal_connect (c, "notes-changed", G_CALLBACK (notes_changed_cb), changed);
    gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

    g_assert_true (g_file_set_contents (bare, "{}", -1, NULL));
    g_assert_true (g_file_set_contents (stray, "{}", -1, NULL));
    g_assert_true (g_file_set_contents (notes, "{}", -1, NULL));
    while (changed->len == 0 && g_get_monotonic_time () < end)
      {
        g_main_context_iteration (NULL, FALSE);
        g_usleep (1000);
      }
    for (int i = 0; i < 100; i++)  /* and what else comes */
      {
        g_main_context_iteration (NULL, FALSE);
        g_usleep (1000);
      }
    g_assert_cmpuint (changed->len, >=, 1);
    for (guint i = 0; i < changed->len; i++)
      g_assert_cmpstr (arc_entry_get_id (changed->pdata[i]), ==, "b");
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (c)), ==, 2);
    g_signal_handler_disconnect (c, handler);
    g_ptr_array_unref (changed);
    g_unlink (notes);
    g_unlink (bare);
    g_unlink (stray);
  }

  /* A new folder with a task: scanned and watched */
  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  g_assert_true (wait_for_count (c, 2));
  g_assert_true (g_file_set_contents (c_in_sub, task, -1, NULL));
  g_assert_true (wait_for_count (c, 3));
  list = list_entries (c);
  g_assert_cmpstr (list, ==, "/a /b sub/c");

  /* Removed */
  g_assert_cmpint (g_unlink (b), ==, 0);
  g_assert_true (wait_for_count (c, 2));
  g_unlink (c_in_sub);
  g_assert_true (wait_for_count (c, 1));
  g_rmdir (sub);
  g_unlink (a);
  g_assert_true (wait_for_count (c, 0));
  g_rmdir (dir);
}

static void
notify_count_cb (GObject *object, GParamSpec *pspec, guint *n)
{
  (*n)++;
}

static gboolean
wait_for_skipped (ArcCollection *c, guint n)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (arc_collection_get_skipped (c)->len != n)
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return TRUE;
}

/* Whether the first test output of the entry at @position is known */
static gboolean
has_test_output (ArcCollection *c, guint position)
{
  g_autoptr(ArcTask) task = arc_entry_load (arc_collection_get_entry (c, position), NULL);

  g_assert_nonnull (task);
  return arc_task_get_test (task, 0)->output != NULL;
}

/* Files that come while the folder is open are classified as the scan
 * classifies them: a Kaggle file is a group of tasks, its solutions file
 * fills it in, other files are skipped, and what goes takes its tasks and
 * its skipped record with it */
static void
test_watch_kaggle (void)
{
  const char *task = "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]]}]}";
  const char *challenges = "{\"aa\": {\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]]}]},"
                           " \"bb\": {\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[4]]}]}}";
  const char *solutions = "{\"aa\": [[[5]]], \"bb\": [[[6]]]}";
  g_autofree char *dir = g_dir_make_tmp ("arc-watch-XXXXXX", NULL);
  g_autofree char *a = g_build_filename (dir, "a.json", NULL);
  g_autofree char *ch = g_build_filename (dir, "arc-agi_evaluation_challenges.json", NULL);
  g_autofree char *so = g_build_filename (dir, "arc-agi_evaluation_solutions.json", NULL);
  g_autofree char *readme = g_build_filename (dir, "README.md", NULL);
  g_autofree char *notes = g_build_filename (dir, "a.arcnotes", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (dir);
  g_autoptr(ArcCollection) c = arc_collection_new (file, "w");
  g_autofree char *list = NULL;
  guint n_notified = 0;
  ArcSkipped *s;

  g_assert_true (g_file_set_contents (a, task, -1, NULL));
  arc_collection_set_watch (c, TRUE);
  g_assert_true (arc_collection_load (c, NULL, NULL));
  g_signal_connect (c, "notify::n-skipped", G_CALLBACK (notify_count_cb), &n_notified);

  /* A Kaggle challenges file: its tasks, in the group of its split */
  g_assert_true (g_file_set_contents (ch, challenges, -1, NULL));
  g_assert_true (wait_for_count (c, 3));
  list = list_entries (c);
  g_assert_cmpstr (list, ==, "/a evaluation/aa evaluation/bb");
  g_assert_false (has_test_output (c, 1));

  /* Its solutions file fills in the hidden test outputs, and is not skipped */
  g_assert_true (g_file_set_contents (so, solutions, -1, NULL));
  {
    gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

    while (!(g_list_model_get_n_items (G_LIST_MODEL (c)) == 3 && has_test_output (c, 1)) &&
           g_get_monotonic_time () < end)
      {
        g_main_context_iteration (NULL, FALSE);
        g_usleep (1000);
      }
  }
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (c)), ==, 3);
  g_assert_true (has_test_output (c, 1));
  g_assert_true (has_test_output (c, 2));
  g_assert_cmpuint (arc_collection_get_skipped (c)->len, ==, 0);

  /* The notes of the Kaggle file's tasks, one file beside it: written,
   * ::notes-changed for its first task, which stands for them all */
  {
    g_autofree char *kaggle_notes = g_build_filename (dir, "arc-agi_evaluation_challenges.arcnotes", NULL);
    GPtrArray *changed = g_ptr_array_new ();
    gulong handler = g_signal_connect (c, "notes-changed", G_CALLBACK (notes_changed_cb), changed);
    gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

    g_assert_true (g_file_set_contents (kaggle_notes, "{}", -1, NULL));
    while (changed->len == 0 && g_get_monotonic_time () < end)
      {
        g_main_context_iteration (NULL, FALSE);
        g_usleep (1000);
      }
    g_assert_cmpuint (changed->len, >=, 1);
    for (guint i = 0; i < changed->len; i++)
      g_assert_cmpstr (arc_entry_get_id (changed->pdata[i]), ==, "aa");
    g_signal_handler_disconnect (c, handler);
    g_ptr_array_unref (changed);
    g_unlink (kaggle_notes);
  }

  /* A file that is not a task is counted as skipped, and our sidecars are not */
  g_assert_true (g_file_set_contents (notes, "{}", -1, NULL));
  g_assert_true (g_file_set_contents (readme, "# hello", -1, NULL));
  g_assert_true (wait_for_skipped (c, 1));
  s = arc_collection_get_skipped (c)->pdata[0];
  g_assert_cmpstr (s->display_name, ==, "w/README.md");
  g_assert_cmpstr (s->reason, ==, "not a .json file");
  g_assert_cmpuint (n_notified, >=, 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (c)), ==, 3);

  /* The challenges file goes: its tasks go, and its solutions file is an orphan */
  g_assert_cmpint (g_unlink (ch), ==, 0);
  g_assert_true (wait_for_count (c, 1));
  g_assert_true (wait_for_skipped (c, 2));
  g_assert_true (has_skipped (c, "w/arc-agi_evaluation_solutions.json", "a solutions file without its challenges file"));

  /* Skipped files that go are no longer listed */
  g_assert_cmpint (g_unlink (readme), ==, 0);
  g_assert_cmpint (g_unlink (so), ==, 0);
  g_assert_true (wait_for_skipped (c, 0));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (c)), ==, 1);

  g_unlink (notes);
  g_unlink (a);
  g_assert_true (wait_for_count (c, 0));
  g_rmdir (dir);
}

/* Hexadecimal ids sort as strings, other names naturally: decided per
 * folder and per Kaggle file, and again when a watched folder changes */
static void
test_sort_rule (void)
{
  const char *task = "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]]}]}";
  const char *pair = "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]]}]}";
  const char *hex_ids[] = { "9f27f097", "11e1fe23", "00576224", "a3df8b1e" };
  const char *names[] = { "task_10", "task_2", "task_1" };
  g_autofree char *dir = g_dir_make_tmp ("arc-sort-XXXXXX", NULL);
  g_autofree char *hex_dir = g_build_filename (dir, "evaluation", NULL);
  g_autofree char *named_dir = g_build_filename (dir, "generated", NULL);
  g_autofree char *kaggle = g_build_filename (dir, "arc-agi_test_challenges.json", NULL);
  g_autofree char *odd = g_build_filename (hex_dir, "extra_3.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (dir);
  g_autoptr(ArcCollection) c = arc_collection_new (file, "s");
  g_autoptr(GString) combined = g_string_new ("{");
  g_autofree char *list = NULL;

  g_assert_cmpint (g_mkdir (hex_dir, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (named_dir, 0700), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (hex_ids); i++)
    {
      g_autofree char *name = g_strconcat (hex_ids[i], ".json", NULL);
      g_autofree char *path = g_build_filename (hex_dir, name, NULL);

      g_assert_true (g_file_set_contents (path, task, -1, NULL));
      g_string_append_printf (combined, "%s\"%s\": %s", i ? ", " : "", hex_ids[i], pair);
    }
  g_string_append (combined, "}");
  g_assert_true (g_file_set_contents (kaggle, combined->str, -1, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *name = g_strconcat (names[i], ".json", NULL);
      g_autofree char *path = g_build_filename (named_dir, name, NULL);

      g_assert_true (g_file_set_contents (path, task, -1, NULL));
    }

  arc_collection_set_watch (c, TRUE);
  g_assert_true (arc_collection_load (c, NULL, NULL));
  list = list_entries (c);
  g_assert_cmpstr (list, ==,
                   "evaluation/00576224 evaluation/11e1fe23 evaluation/9f27f097 evaluation/a3df8b1e "
                   "generated/task_1 generated/task_2 generated/task_10 "
                   "test/00576224 test/11e1fe23 test/9f27f097 test/a3df8b1e");
  g_clear_pointer (&list, g_free);

  /* The same through a worker, as the app lists */
  {
    g_autoptr(ArcCollection) async = arc_collection_new (file, "s");
    g_autoptr(GError) error = NULL;
    g_autofree char *async_list = NULL;

    arc_collection_load_async (async, NULL, load_done_cb, &error);
    while (arc_collection_get_loading (async))
      g_main_context_iteration (NULL, TRUE);
    g_assert_no_error (error);
    async_list = list_entries (async);
    list = list_entries (c);
    g_assert_cmpstr (async_list, ==, list);
    g_clear_pointer (&list, g_free);
  }

  /* A name that is not a hexadecimal id comes: the folder sorts naturally */
  g_assert_true (g_file_set_contents (odd, task, -1, NULL));
  g_assert_true (wait_for_count (c, 12));
  list = list_entries (c);
  g_assert_cmpstr (list, ==,
                   "evaluation/00576224 evaluation/9f27f097 evaluation/11e1fe23 evaluation/a3df8b1e evaluation/extra_3 "
                   "generated/task_1 generated/task_2 generated/task_10 "
                   "test/00576224 test/11e1fe23 test/9f27f097 test/a3df8b1e");
}

#define LINE_TASK(out) "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]], \"output\": [[" out "]]}]"

/* A JSON Lines file is a collection: a task a line, named by its id or
 * name member or its line number, read from its line when needed; a bad
 * line is one invalid task; notes go beside it; changes on disk show */
static void
test_json_lines (void)
{
  const char *text =
    "\xEF\xBB\xBF" LINE_TASK ("4") ", \"id\": \"zeta\"}\n"      /* 1: its id (after a byte order mark) */
    LINE_TASK ("5") ", \"name\": \"007bbfb7.json\"}\r\n"          /* 2: LARC's name */
    "\n"                                                       /* 3: blank */
    LINE_TASK ("6") "}\n"                                       /* 4: its line number */
    "{\"train\": [}\n"                                          /* 5: bad */
    "{\"about\": \"a \\\"]}\\\\\", \"train\": [{\"input\": [[1]], \"output\": [[2]]}], "
    "\"test\": [{\"input\": [[3]], \"output\": [[8]]}], \"id\": \"after-strings\"}\n" /* 6: its id, past strings */
    "{\"train\": [[1]], \"about\": \"open\n"                     /* 7: no id to be found */
    LINE_TASK ("7") ", \"id\": \"zeta\"}";                       /* 8: the same id, no newline */
  g_autofree char *dir = g_dir_make_tmp ("arc-jsonl-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "synthetic.jsonl", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) sidecar = arc_entry_sidecar_for (file);
  g_autofree char *sidecar_name = g_file_get_basename (sidecar);
  g_autoptr(ArcCollection) c = arc_collection_new (file, "synthetic.jsonl");
  g_autoptr(ArcTask) task = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *list = NULL;
  ArcEntry *bad;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  arc_collection_set_watch (c, TRUE);
  g_assert_true (arc_collection_load (c, NULL, NULL));
  g_assert_cmpint (arc_collection_get_kind (c), ==, ARC_COLLECTION_JSON_LINES);
  list = list_entries (c);
  /* In the order of the lines */
  g_assert_cmpstr (list, ==, "/zeta /007bbfb7 /4 /5 /after-strings /7 /zeta~8");
  g_assert_cmpstr (arc_entry_get_display_name (arc_collection_get_entry (c, 1)), ==, "synthetic.jsonl#007bbfb7");
  g_assert_cmpuint (arc_entry_get_line (arc_collection_get_entry (c, 2)), ==, 4);
  g_assert_cmpstr (sidecar_name, ==, "synthetic.arcnotes");

  /* Each task is its line */
  task = arc_entry_load (arc_collection_get_entry (c, 6), &error);
  g_assert_no_error (error);
  g_assert_cmpint (arc_grid_get (arc_task_get_test (task, 0)->output, 0, 0), ==, 7);
  g_clear_object (&task);
  task = arc_entry_load (arc_collection_get_entry (c, 4), &error);
  g_assert_no_error (error);
  g_assert_cmpint (arc_grid_get (arc_task_get_test (task, 0)->output, 0, 0), ==, 8);
  g_clear_object (&task);
  task = arc_entry_load (arc_collection_get_entry (c, 0), &error);
  g_assert_no_error (error);
  g_assert_cmpint (arc_grid_get (arc_task_get_test (task, 0)->output, 0, 0), ==, 4);
  g_clear_object (&task);

  /* A bad line: an invalid task that says where */
  bad = arc_collection_get_entry (c, 3);
  task = arc_entry_load (bad, &error);
  g_assert_null (task);
  g_assert_cmpstr (error->message, ==, "synthetic.jsonl#5: line 5, column 12: unexpected character “}”, expected a value");
  g_clear_error (&error);

  /* Found by id, as a submission names it */
  g_assert_true (arc_collection_find (c, "007bbfb7", NULL));

  /* Notes: one NAME.arcnotes beside it, keyed by id */
  {
    g_autoptr(ArcNotesStore) store = arc_notes_store_new (c, NULL);
    ArcNotes *notes = arc_notes_store_get (store, arc_collection_get_entry (c, 1), NULL, &error);
    g_autofree char *saved = NULL;
    g_autofree char *sidecar_path = g_file_get_path (sidecar);

    g_assert_no_error (error);
    g_ptr_array_add (arc_notes_ensure (notes, "007bbfb7", "ann")->tags, g_strdup ("larc"));
    g_assert_true (arc_notes_save (notes, FALSE, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_get_contents (sidecar_path, &saved, NULL, NULL));
    g_assert_nonnull (strstr (saved, "\"007bbfb7\""));
    g_assert_true (arc_notes_store_get (store, arc_collection_get_entry (c, 4), NULL, NULL) == notes);
    g_unlink (sidecar_path);
  }

  /* Changed on disk: listed again */
  g_assert_true (g_file_set_contents (path, LINE_TASK ("8") "}\n" LINE_TASK ("9") "}\n" LINE_TASK ("1") "}\n", -1, NULL));
  g_assert_true (wait_for_count (c, 3));
  g_clear_pointer (&list, g_free);
  list = list_entries (c);
  g_assert_cmpstr (list, ==, "/1 /2 /3");
  task = arc_entry_load (arc_collection_get_entry (c, 1), &error);
  g_assert_no_error (error);
  g_assert_cmpint (arc_grid_get (arc_task_get_test (task, 0)->output, 0, 0), ==, 9);

  g_unlink (path);
  g_rmdir (dir);
}

/* A full check keeps no thumbnail; a row shown makes one */
static void
test_thumbnail_when_shown (void)
{
  g_autofree char *path = fixture ("collection");
  g_autoptr(ArcCollection) c = open_path (path, "col");
  ArcEntry *entry = arc_collection_get_entry (c, 0);
  g_autoptr(ArcGrid) none = NULL;
  g_autoptr(ArcGrid) thumbnail = NULL;

  g_assert_true (arc_entry_needs_thumbnail (entry));
  g_assert_true (arc_entry_validate (entry));
  g_assert_cmpint (arc_entry_get_status (entry), ==, ARC_ENTRY_VALID);
  none = arc_entry_dup_thumbnail (entry);
  g_assert_null (none);
  g_assert_true (arc_entry_needs_thumbnail (entry));
  g_assert_true (arc_entry_make_thumbnail (entry));
  thumbnail = arc_entry_dup_thumbnail (entry);
  g_assert_nonnull (thumbnail);
  g_assert_false (arc_entry_needs_thumbnail (entry));
  g_assert_false (arc_entry_make_thumbnail (entry));
}

/* In a folder, a JSON Lines file is the group of its name */
static void
test_json_lines_in_folder (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-jsonl-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "re-arc.jsonl", NULL);
  g_autofree char *task = g_build_filename (dir, "a.json", NULL);
  g_autoptr(ArcCollection) c = NULL;
  g_autofree char *list = NULL;

  g_assert_true (g_file_set_contents (path, LINE_TASK ("1") ", \"id\": \"x\"}\n" LINE_TASK ("2") ", \"id\": \"b\"}\n", -1, NULL));
  g_assert_true (g_file_set_contents (task, LINE_TASK ("3") "}", -1, NULL));
  c = open_path (dir, "d");
  list = list_entries (c);
  g_assert_cmpstr (list, ==, "/a re-arc/x re-arc/b");
  g_unlink (path);
  g_unlink (task);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/arc/collection/natural-sort", test_natural_sort);
  g_test_add_func ("/arc/collection/sort-rule", test_sort_rule);
  g_test_add_func ("/arc/collection/folder", test_folder);
  g_test_add_func ("/arc/collection/kaggle", test_kaggle);
  g_test_add_func ("/arc/collection/same-task", test_same_task);
  g_test_add_func ("/arc/collection/kaggle-broken", test_kaggle_broken);
  g_test_add_func ("/arc/collection/single-file", test_single_file);
  g_test_add_func ("/arc/collection/hostile-folder", test_hostile_folder);
  g_test_add_func ("/arc/collection/missing", test_missing);
  g_test_add_func ("/arc/collection/zip", test_zip);
  g_test_add_func ("/arc/collection/json-lines", test_json_lines);
  g_test_add_func ("/arc/collection/thumbnail-when-shown", test_thumbnail_when_shown);
  g_test_add_func ("/arc/collection/json-lines-in-folder", test_json_lines_in_folder);
  g_test_add_func ("/arc/collection/samples", test_samples);
  g_test_add_func ("/arc/collection/load-async", test_load_async);
  g_test_add_func ("/arc/collection/load-cancelled", test_load_cancelled);
  g_test_add_func ("/arc/collection/watch", test_watch);
  g_test_add_func ("/arc/collection/watch-kaggle", test_watch_kaggle);

  return g_test_run ();
}

/* test-notes.c: the notes sidecar: round trip, unknown fields, stable order,
 * corrupt files, conflicts, and kills in the middle of a save
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include "arc-core.h"

static char *
temp_file (const char *name)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-notes-XXXXXX", NULL);
  return g_build_filename (dir, name, NULL);
}

static ArcGrid *
small_grid (guint8 v)
{
  guint8 cells[4] = { v, 0, 0, v };
  return arc_grid_new_from_data (2, 2, cells);
}

static void
fill (ArcNotes *notes, const char *task, const char *who)
{
  ArcAnnotation *a = arc_notes_ensure (notes, task, who);
  g_autoptr(ArcGrid) grid = small_grid (3);

  g_free (a->input_text);
  a->input_text = g_strdup ("In the input, you should see blue squares [1,2] with \"quotes\"");
  g_free (a->size_text);
  a->size_text = g_strdup ("The output grid size is the same.");
  g_free (a->transform_text);
  a->transform_text = g_strdup ("To make the output, you have to flip it.\nThen stop.");
  a->confidence = 7;
  g_ptr_array_add (a->tags, g_strdup ("symmetry"));
  g_ptr_array_add (a->tags, g_strdup ("flip"));
  g_free (a->difficulty);
  a->difficulty = g_strdup ("easy");
  g_free (a->notes);
  a->notes = g_strdup ("ünïcode ✓");
  a->seconds_spent = 95;
  g_ptr_array_add (a->attempts, arc_attempt_new (0, grid, ARC_VERDICT_WRONG, TRUE));
  g_ptr_array_add (a->attempts, arc_attempt_new (0, grid, ARC_VERDICT_CORRECT, TRUE));
}

static void
test_sidecar_name (void)
{
  g_autoptr(GFile) task = g_file_new_for_path ("/data/training/007bbfb7.json");
  g_autoptr(GFile) combined = g_file_new_for_path ("/k/arc-agi_training_challenges.json");
  g_autoptr(GFile) a = arc_entry_sidecar_for (task);
  g_autoptr(GFile) b = arc_entry_sidecar_for (combined);
  g_autofree char *pa = g_file_get_path (a);
  g_autofree char *pb = g_file_get_path (b);

  g_assert_cmpstr (pa, ==, "/data/training/007bbfb7.arcnotes");
  g_assert_cmpstr (pb, ==, "/k/arc-agi_training_challenges.arcnotes");
}

static void
test_round_trip (void)
{
  g_autofree char *path = temp_file ("t.arcnotes");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcNotes) notes = arc_notes_new (file);
  g_autoptr(ArcNotes) again = arc_notes_new (file);
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_auto(GStrv) annotators = NULL;
  ArcAnnotation *a;

  /* A file that does not exist is empty notes */
  g_assert_true (arc_notes_load (notes, &error));
  g_assert_no_error (error);
  fill (notes, "t", "zoe");
  fill (notes, "t", "ada");
  g_assert_true (arc_notes_save (notes, TRUE, &error));
  g_assert_no_error (error);

  g_assert_true (arc_notes_load (again, &error));
  g_assert_no_error (error);
  a = arc_notes_get (again, "t", "zoe");
  g_assert_nonnull (a);
  g_assert_cmpstr (a->input_text, ==, "In the input, you should see blue squares [1,2] with \"quotes\"");
  g_assert_cmpstr (a->transform_text, ==, "To make the output, you have to flip it.\nThen stop.");
  g_assert_cmpint (a->confidence, ==, 7);
  g_assert_cmpuint (a->tags->len, ==, 2);
  g_assert_cmpstr (a->tags->pdata[1], ==, "flip");
  g_assert_cmpstr (a->difficulty, ==, "easy");
  g_assert_cmpstr (a->notes, ==, "ünïcode ✓");
  g_assert_cmpint (a->seconds_spent, ==, 95);
  g_assert_cmpuint (a->attempts->len, ==, 2);
  g_assert_cmpint (((ArcAttempt *) a->attempts->pdata[1])->verdict, ==, ARC_VERDICT_CORRECT);
  g_assert_true (arc_grid_get (((ArcAttempt *) a->attempts->pdata[0])->grid, 1, 1) == 3);
  g_assert_cmpint (a->created / 1000, ==, arc_notes_get (notes, "t", "zoe")->created / 1000);
  g_assert_true (arc_annotation_is_solved (a, 1));
  g_assert_false (arc_annotation_is_solved (a, 2));
  g_assert_true (arc_notes_is_annotated (again, "t"));
  g_assert_true (arc_notes_has_attempts (again, "t"));
  g_assert_false (arc_notes_is_annotated (again, "other"));

  /* Stable: annotators sorted, and writing again gives the same bytes */
  annotators = arc_notes_dup_annotators (again, "t");
  g_assert_cmpstr (annotators[0], ==, "ada");
  g_assert_cmpstr (annotators[1], ==, "zoe");
  first = arc_notes_to_data (notes, NULL);
  second = arc_notes_to_data (again, NULL);
  g_assert_cmpstr (first, ==, second);
  /* Grids are compact, one row a line, and strings are left alone */
  g_assert_nonnull (strstr (first, "[3, 0]"));
  g_assert_nonnull (strstr (first, "squares [1,2] with"));
  g_assert_true (g_str_has_prefix (first, "{\n  \"format\" : \"arc-studio-notes\",\n  \"version\" : 3,"));
}

static void
test_unknown_fields_kept (void)
{
  const char *text =
    "{\"format\": \"arc-studio-notes\", \"version\": 1, \"future\": {\"x\": [1, 2]},\n"
    " \"tasks\": {\"t\": {\"reviewed\": true, \"annotators\": {\"ada\": {\"notes\": \"hi\", \"mood\": \"good\",\n"
    "   \"attempts\": [{\"test\": 0, \"grid\": [[1]], \"verdict\": \"wrong\", \"counts\": false, \"ms\": 12}]}}}}}";
  g_autoptr(GFile) file = g_file_new_for_path ("/nonexistent/x.arcnotes");
  g_autoptr(ArcNotes) notes = arc_notes_new (file);
  g_autoptr(ArcNotes) again = arc_notes_new (file);
  g_autoptr(GError) error = NULL;
  g_autofree char *written = NULL;
  g_autofree char *rewritten = NULL;
  ArcAnnotation *a;

  g_assert_true (arc_notes_load_from_data (notes, text, strlen (text), &error));
  g_assert_no_error (error);
  a = arc_notes_get (notes, "t", "ada");
  g_assert_false (((ArcAttempt *) a->attempts->pdata[0])->counts);
  g_free (a->notes);
  a->notes = g_strdup ("changed");
  written = arc_notes_to_data (notes, NULL);
  g_assert_nonnull (strstr (written, "\"future\" : {"));
  g_assert_nonnull (strstr (written, "\"reviewed\" : true"));
  g_assert_nonnull (strstr (written, "\"mood\" : \"good\""));
  g_assert_nonnull (strstr (written, "\"ms\" : 12"));
  g_assert_nonnull (strstr (written, "\"changed\""));

  /* And they survive another round */
  g_assert_true (arc_notes_load_from_data (again, written, strlen (written), &error));
  rewritten = arc_notes_to_data (again, NULL);
  g_assert_cmpstr (rewritten, ==, written);
}

static void
test_corrupt_never_overwritten (void)
{
  g_autofree char *path = temp_file ("bad.arcnotes");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcNotes) notes = arc_notes_new (file);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  const char *cases[] = {
    "{\"format\": \"arc-studio-notes\", \"tasks\": {",
    "[1, 2]",
    "{\"format\": \"something-else\"}",
    "{\"format\": \"arc-studio-notes\", \"version\": 99}",
    "{\"format\": \"arc-studio-notes\", \"tasks\": {\"t\": {\"annotators\": {\"a\": {\"attempts\": [{\"test\": 0, \"grid\": [[12]]}]}}}}}",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_assert_true (g_file_set_contents (path, cases[i], -1, NULL));
      g_assert_false (arc_notes_load (notes, &error));
      g_assert_nonnull (error);
      g_assert_true (g_str_has_prefix (error->message, path));
      g_test_message ("%s", error->message);
      g_clear_error (&error);
      g_assert_true (arc_notes_is_corrupt (notes));

      /* Edits are refused a place in that file */
      fill (notes, "t", "ada");
      g_assert_false (arc_notes_save (notes, FALSE, &error));
      g_assert_error (error, ARC_ERROR, ARC_ERROR_INVALID);
      g_clear_error (&error);
      g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
      g_assert_cmpstr (contents, ==, cases[i]);
      g_clear_pointer (&contents, g_free);
    }
}

/* Another program wrote the file since it was read: the save merges,
 * under the folder's lock, and keeps both sides */
static void
test_conflict_detected (void)
{
  g_autofree char *path = temp_file ("c.arcnotes");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcNotes) mine = arc_notes_new (file);
  g_autoptr(ArcNotes) theirs = arc_notes_new (file);
  g_autoptr(ArcNotes) again = arc_notes_new (file);
  g_autoptr(GError) error = NULL;
  ArcAnnotation *a;

  fill (mine, "t", "ada");
  g_assert_true (arc_notes_save (mine, TRUE, &error));
  g_assert_true (arc_notes_load (theirs, &error));
  fill (theirs, "t", "bob");
  g_assert_true (arc_notes_save (theirs, TRUE, &error));

  /* Their new annotator, and our unsaved edits */
  a = arc_notes_get (mine, "t", "ada");
  g_free (a->notes);
  a->notes = g_strdup ("my unsaved edit");
  g_assert_true (arc_notes_save (mine, TRUE, &error));
  g_assert_no_error (error);
  g_assert_nonnull (arc_notes_get (mine, "t", "bob"));
  g_assert_true (arc_notes_load (again, &error));
  g_assert_nonnull (arc_notes_get (again, "t", "bob"));
  g_assert_cmpstr (arc_notes_get (again, "t", "ada")->notes, ==, "my unsaved edit");
  g_assert_cmpstr (arc_notes_get_hash (again), ==, arc_notes_get_hash (mine));

  /* They change ada's own notes too: both versions in ada's notes, and no
   * other record */
  g_assert_true (arc_notes_load (theirs, &error));
  a = arc_notes_get (theirs, "t", "ada");
  g_free (a->notes);
  a->notes = g_strdup ("their edit of ada");
  g_assert_true (arc_notes_save (theirs, TRUE, &error));
  a = arc_notes_get (mine, "t", "ada");
  g_free (a->notes);
  a->notes = g_strdup ("my second edit");
  g_assert_true (arc_notes_save (mine, TRUE, &error));
  g_assert_true (arc_notes_load (again, &error));
  {
    g_auto(GStrv) names = arc_notes_dup_annotators (again, "t");
    const char *notes = arc_notes_get (again, "t", "ada")->notes;

    g_assert_cmpuint (g_strv_length (names), ==, 2);
    g_assert_nonnull (strstr (notes, "my second edit"));
    g_assert_nonnull (strstr (notes, "their edit of ada"));
    g_assert_true (strstr (notes, "my second edit") < strstr (notes, "their edit of ada"));
  }
}

static void
test_store_places (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-store-XXXXXX", NULL);
  g_autofree char *data = g_dir_make_tmp ("arc-data-XXXXXX", NULL);
  g_autofree char *task = g_build_filename (dir, "t.json", NULL);
  g_autofree char *bad = g_build_filename (dir, "b.json", NULL);
  g_autofree char *bad_notes = g_build_filename (dir, "b.arcnotes", NULL);
  g_autofree char *recovered = g_build_filename (dir, "b.recovered.arcnotes", NULL);
  g_autoptr(GFile) root = g_file_new_for_path (dir);
  g_autoptr(ArcCollection) c = NULL;
  g_autoptr(ArcNotesStore) store = NULL;
  g_autoptr(GError) error = NULL;
  const char *json = "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]]}]}";
  ArcNotesPlace place;
  ArcNotes *notes;
  g_autofree char *contents = NULL;

  g_assert_true (g_file_set_contents (task, json, -1, NULL));
  g_assert_true (g_file_set_contents (bad, json, -1, NULL));
  g_assert_true (g_file_set_contents (bad_notes, "{ not json", -1, NULL));
  c = arc_collection_new_for_file (root, NULL, NULL, NULL);
  store = arc_notes_store_new (c, data);

  /* Beside the task */
  notes = arc_notes_store_get (store, arc_collection_get_entry (c, 1), &place, &error);
  g_assert_no_error (error);
  g_assert_cmpint (place, ==, ARC_NOTES_BESIDE);
  fill (notes, "t", "ada");
  g_assert_true (arc_notes_save (notes, TRUE, &error));
  g_assert_true (g_file_test (g_file_peek_path (arc_notes_get_file (notes)), G_FILE_TEST_EXISTS));

  /* A sidecar that does not parse: the error, and a recovered file beside it */
  notes = arc_notes_store_get (store, arc_collection_get_entry (c, 0), &place, &error);
  g_assert_cmpint (place, ==, ARC_NOTES_RECOVERED);
  g_assert_nonnull (error);
  g_assert_true (g_str_has_prefix (error->message, bad_notes));
  fill (notes, "b", "ada");
  g_assert_true (arc_notes_save (notes, TRUE, NULL));
  g_assert_true (g_file_test (recovered, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_get_contents (bad_notes, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "{ not json");
  {
    g_auto(GStrv) tags = arc_notes_store_dup_tags (store);
    g_assert_cmpuint (g_strv_length (tags), ==, 2);
    g_assert_cmpstr (tags[0], ==, "flip");
  }
}

typedef struct
{
  gboolean done;
  GError  *error;
} AsyncSave;

static void
async_saved_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  AsyncSave *s = user_data;

  arc_notes_save_finish (ARC_NOTES (source), result, &s->error);
  s->done = TRUE;
}

static void
save_and_wait (ArcNotes  *notes,
               GError   **error)
{
  AsyncSave s = { FALSE, NULL };

  arc_notes_save_async (notes, TRUE, NULL, async_saved_cb, &s);
  g_assert_true (arc_notes_is_saving (notes));
  while (!s.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (arc_notes_is_saving (notes));
  if (s.error)
    g_propagate_error (error, s.error);
}

/* The same, written by a worker: saves asked for meanwhile are written
 * after, and a change on disk is still merged */
static void
test_conflict_detected_async (void)
{
  g_autofree char *path = temp_file ("c.arcnotes");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcNotes) mine = arc_notes_new (file);
  g_autoptr(ArcNotes) theirs = arc_notes_new (file);
  g_autoptr(ArcNotes) again = arc_notes_new (file);
  g_autoptr(GError) error = NULL;
  AsyncSave first = { FALSE, NULL }, second = { FALSE, NULL };

  fill (mine, "t", "ada");
  arc_notes_save_async (mine, TRUE, NULL, async_saved_cb, &first);
  fill (mine, "u", "ada");
  arc_notes_save_async (mine, TRUE, NULL, async_saved_cb, &second);
  while (!first.done || !second.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_no_error (first.error);
  g_assert_no_error (second.error);
  g_assert_true (arc_notes_load (again, &error));
  g_assert_nonnull (arc_notes_get (again, "u", "ada"));
  g_assert_cmpstr (arc_notes_get_hash (again), ==, arc_notes_get_hash (mine));

  g_assert_true (arc_notes_load (theirs, &error));
  fill (theirs, "t", "bob");
  save_and_wait (theirs, &error);
  g_assert_no_error (error);
  fill (mine, "v", "ada");
  save_and_wait (mine, &error);
  g_assert_no_error (error);
  g_assert_true (arc_notes_load (again, &error));
  g_assert_nonnull (arc_notes_get (again, "t", "bob"));
  g_assert_nonnull (arc_notes_get (again, "v", "ada"));
  g_assert_nonnull (arc_notes_get (mine, "t", "bob"));
}

/* The child: saves in a loop until killed */
static int
save_loop (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcNotes) notes = arc_notes_new (file);

  for (guint i = 0;; i++)
    {
      ArcAnnotation *a = arc_notes_ensure (notes, "t", "ada");
      g_autofree char *task = g_strdup_printf ("task-%u", i % 50);

      fill (notes, task, "ada");
      a->seconds_spent = i;
      arc_notes_save (notes, FALSE, NULL);
    }
  return 0;
}

static void
test_kill_while_saving (void)
{
  g_autofree char *path = temp_file ("k.arcnotes");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GRand *rand = g_rand_new_with_seed (7);
  guint parsed = 0;

  for (int round = 0; round < 25; round++)
    {
      g_autoptr(GError) error = NULL;
      GPid pid;
      int status;

      pid = fork ();
      g_assert_cmpint (pid, >=, 0);
      if (pid == 0)
        _exit (save_loop (path));
      g_usleep ((gulong) g_rand_int_range (rand, 2000, 40000));
      kill (pid, SIGKILL);
      waitpid (pid, &status, 0);

      /* Whatever moment it died, the file is whole */
      if (g_file_test (path, G_FILE_TEST_EXISTS))
        {
          g_autoptr(ArcNotes) notes = arc_notes_new (file);

          g_assert_true (arc_notes_load (notes, &error));
          g_assert_no_error (error);
          g_assert_nonnull (arc_notes_get (notes, "t", "ada"));
          parsed++;
        }
    }
  g_test_message ("%u of 25 kills left a file, every one whole", parsed);
  g_assert_cmpuint (parsed, >, 0);
  g_rand_free (rand);
}

static void
test_read_only_folder (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-ro-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "sub", "x.arcnotes", NULL);
  g_autofree char *blocker = g_build_filename (dir, "sub", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcNotes) notes = arc_notes_new (file);
  g_autoptr(GError) error = NULL;

  /* "sub" is a file, so the folder cannot be made: an error, nothing lost */
  g_assert_true (g_file_set_contents (blocker, "", 0, NULL));
  fill (notes, "t", "ada");
  g_assert_false (arc_notes_save (notes, FALSE, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (arc_notes_get (notes, "t", "ada"));
}

static ArcAttempt *
attempt (guint test, ArcVerdict verdict, gboolean counts, guint trials)
{
  g_autoptr(ArcGrid) grid = small_grid (1);
  ArcAttempt *at = arc_attempt_new (test, grid, verdict, counts);

  at->trials = trials;
  return at;
}

/* The one rule for annotated, attempted, solved and failed */
static void
test_flags (void)
{
  g_autoptr(GFile) file = g_file_new_for_path ("/nonexistent/t.arcnotes");
  g_autoptr(ArcNotes) notes = arc_notes_new (file);
  g_autoptr(ArcNotes) again = arc_notes_new (file);
  g_autofree char *data = NULL;
  gsize length;
  ArcAnnotation *a, *b;

  g_assert_cmpint (arc_notes_get_flags (notes, "t", 1, NULL), ==, 0);

  /* Tags alone annotate */
  a = arc_notes_ensure (notes, "t", "ann");
  g_ptr_array_add (a->tags, g_strdup ("symmetry"));
  g_assert_cmpint (arc_notes_get_flags (notes, "t", 1, NULL), ==, ARC_NOTES_FLAG_ANNOTATED);

  /* One wrong attempt of two trials: attempted, not failed */
  g_ptr_array_add (a->attempts, attempt (0, ARC_VERDICT_WRONG, TRUE, 2));
  g_assert_cmpint (arc_notes_get_flags (notes, "t", 1, NULL), ==, ARC_NOTES_FLAG_ANNOTATED | ARC_NOTES_FLAG_ATTEMPTED);
  /* The second uses the trials up */
  g_ptr_array_add (a->attempts, attempt (0, ARC_VERDICT_WRONG, TRUE, 2));
  g_assert_cmpint (arc_notes_get_flags (notes, "t", 1, NULL), ==,
                   ARC_NOTES_FLAG_ANNOTATED | ARC_NOTES_FLAG_ATTEMPTED | ARC_NOTES_FLAG_FAILED);
  /* A right answer as practice afterwards does not solve it */
  g_ptr_array_add (a->attempts, attempt (0, ARC_VERDICT_CORRECT, FALSE, 2));
  g_assert_cmpint (arc_notes_get_flags (notes, "t", 1, NULL) & ARC_NOTES_FLAG_SOLVED, ==, 0);

  /* Failed on one test input of two is a failed task */
  g_assert_true (arc_notes_get_flags (notes, "t", 2, NULL) & ARC_NOTES_FLAG_FAILED);

  /* Without recorded trials (older files), only practice tells */
  b = arc_notes_ensure (notes, "u", "ann");
  for (guint i = 0; i < 3; i++)
    g_ptr_array_add (b->attempts, attempt (0, ARC_VERDICT_WRONG, TRUE, 0));
  g_assert_cmpint (arc_notes_get_flags (notes, "u", 1, NULL), ==, ARC_NOTES_FLAG_ATTEMPTED);
  g_ptr_array_add (b->attempts, attempt (0, ARC_VERDICT_WRONG, FALSE, 0));
  g_assert_cmpint (arc_notes_get_flags (notes, "u", 1, NULL), ==, ARC_NOTES_FLAG_ATTEMPTED | ARC_NOTES_FLAG_FAILED);
  /* Unverified attempts (hidden outputs) neither solve nor fail */
  b = arc_notes_ensure (notes, "v", "ann");
  for (guint i = 0; i < 4; i++)
    g_ptr_array_add (b->attempts, attempt (0, ARC_VERDICT_UNVERIFIED, i < 3, 2));
  g_assert_cmpint (arc_notes_get_flags (notes, "v", 1, NULL), ==, ARC_NOTES_FLAG_ATTEMPTED);

  /* Someone else solving it wins over a failure */
  b = arc_notes_ensure (notes, "t", "other");
  g_ptr_array_add (b->attempts, attempt (0, ARC_VERDICT_CORRECT, TRUE, 3));
  g_assert_cmpint (arc_notes_get_flags (notes, "t", 1, NULL), ==,
                   ARC_NOTES_FLAG_ANNOTATED | ARC_NOTES_FLAG_ATTEMPTED | ARC_NOTES_FLAG_SOLVED);

  /* The trials survive a round trip */
  data = arc_notes_to_data (notes, &length);
  g_assert_nonnull (strstr (data, "\"trials\" : 2"));
  g_assert_true (arc_notes_load_from_data (again, data, length, NULL));
  g_assert_cmpint (arc_notes_get_flags (again, "u", 1, NULL), ==, ARC_NOTES_FLAG_ATTEMPTED | ARC_NOTES_FLAG_FAILED);
  a = arc_notes_get (again, "t", "ann");
  g_assert_cmpuint (((ArcAttempt *) a->attempts->pdata[0])->trials, ==, 2);
}

/* Attempts made on an earlier version of a task (before it was edited) do
 * not count for the task as it is now; attempts of files older than the
 * hash count for every version */
static void
test_flags_version (void)
{
  g_autoptr(GFile) file = g_file_new_for_path ("/nonexistent/t.arcnotes");
  g_autoptr(ArcNotes) notes = arc_notes_new (file);
  ArcAnnotation *a = arc_notes_ensure (notes, "t", "ann");
  ArcAttempt *old = attempt (0, ARC_VERDICT_CORRECT, TRUE, 2);
  ArcAttempt *wrong = attempt (0, ARC_VERDICT_WRONG, TRUE, 2);

  old->task_hash = g_strdup ("aaaa");
  g_ptr_array_add (a->attempts, old);
  /* Solved on version aaaa; not on bbbb, where it is not even attempted */
  g_assert_cmpint (arc_notes_get_flags (notes, "t", 1, "aaaa"), ==, ARC_NOTES_FLAG_ATTEMPTED | ARC_NOTES_FLAG_SOLVED);
  g_assert_cmpint (arc_notes_get_flags (notes, "t", 1, "bbbb"), ==, 0);
  g_assert_cmpint (arc_notes_get_flags (notes, "t", 1, NULL), ==, ARC_NOTES_FLAG_ATTEMPTED | ARC_NOTES_FLAG_SOLVED);
  /* A wrong attempt on bbbb: attempted there, still solved on aaaa */
  wrong->task_hash = g_strdup ("bbbb");
  g_ptr_array_add (a->attempts, wrong);
  g_assert_cmpint (arc_notes_get_flags (notes, "t", 1, "bbbb"), ==, ARC_NOTES_FLAG_ATTEMPTED);
  g_assert_cmpint (arc_notes_get_flags (notes, "t", 1, "aaaa"), ==, ARC_NOTES_FLAG_ATTEMPTED | ARC_NOTES_FLAG_SOLVED);
  /* An attempt without a hash counts for every version */
  g_ptr_array_add (a->attempts, attempt (0, ARC_VERDICT_WRONG, TRUE, 2));
  g_assert_cmpint (arc_notes_get_flags (notes, "t", 1, "bbbb"), ==, ARC_NOTES_FLAG_ATTEMPTED | ARC_NOTES_FLAG_FAILED);
  /* The annotation itself is left as it was */
  g_assert_cmpuint (a->attempts->len, ==, 3);
}

/* An answer made by the task's program: kept with its "made_by", and not
 * counted as solving (or failing) by hand */
static void
test_flags_program (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-notes-program-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "t.arcnotes", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcNotes) notes = arc_notes_new (file);
  g_autoptr(ArcNotes) again = arc_notes_new (file);
  ArcAnnotation *a = arc_notes_ensure (notes, "t", "ann");
  ArcAttempt *by_program = attempt (0, ARC_VERDICT_CORRECT, FALSE, 0);
  g_autofree char *data = NULL;

  arc_attempt_set_by_program (by_program);
  g_ptr_array_add (a->attempts, by_program);
  g_assert_cmpint (arc_notes_get_flags (notes, "t", 1, NULL), ==, 0);
  g_assert_true (arc_notes_save (notes, FALSE, NULL));
  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  g_assert_nonnull (strstr (data, "\"made_by\" : \"program\""));
  g_assert_true (arc_notes_load (again, NULL));
  a = arc_notes_get (again, "t", "ann");
  g_assert_cmpuint (a->attempts->len, ==, 1);
  g_assert_true (arc_attempt_is_by_program (a->attempts->pdata[0]));
  g_assert_cmpint (arc_notes_get_flags (again, "t", 1, NULL), ==, 0);
  /* One made by hand counts as before */
  g_ptr_array_add (a->attempts, attempt (0, ARC_VERDICT_WRONG, TRUE, 2));
  g_assert_false (arc_attempt_is_by_program (a->attempts->pdata[1]));
  g_assert_cmpint (arc_notes_get_flags (again, "t", 1, NULL), ==, ARC_NOTES_FLAG_ATTEMPTED);
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static ArcAttempt *
attempt_of (guint test, int value, gboolean counts, gboolean by_program)
{
  g_autoptr(ArcGrid) grid = arc_grid_new (1, 1);
  ArcAttempt *at;

  arc_grid_set (grid, 0, 0, value);
  at = arc_attempt_new (test, grid, ARC_VERDICT_UNVERIFIED, counts);
  if (by_program)
    arc_attempt_set_by_program (at);
  return at;
}

/* submission.json: for each test input, the first two attempts made by
 * hand that count, then the answers submitted from the program's results */
static void
test_submission_program (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-notes-submission-XXXXXX", NULL);
  g_autofree char *task = g_build_filename (dir, "t.json", NULL);
  g_autofree char *sidecar = g_build_filename (dir, "t.arcnotes", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(GFile) file = g_file_new_for_path (sidecar);
  g_autoptr(ArcNotes) notes = arc_notes_new (file);
  g_autoptr(ArcCollection) collection = arc_collection_new (folder, "s");
  g_autoptr(ArcNotesStore) store = NULL;
  ArcAnnotation *a = arc_notes_ensure (notes, "t", "ann");
  g_autofree char *data = NULL;
  guint placeholders, n_tests;

  g_assert_true (g_file_set_contents (task, "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], "
                                            "\"test\": [{\"input\": [[1]]}, {\"input\": [[3]]}, {\"input\": [[5]]}]}",
                                      -1, NULL));
  /* Test 0: the program's, the latest first, and not one made for an
   * earlier version of the task; test 1: by hand, one, and the program's
   * after it; test 2: by hand, two (and practice, which does not count),
   * the program's left out */
  g_ptr_array_add (a->attempts, attempt_of (0, 7, FALSE, TRUE));
  g_ptr_array_add (a->attempts, attempt_of (0, 2, FALSE, TRUE));
  {
    ArcAttempt *earlier = attempt_of (0, 1, FALSE, TRUE);

    earlier->task_hash = g_strdup ("0123456789abcdef");
    g_ptr_array_add (a->attempts, earlier);
  }
  g_ptr_array_add (a->attempts, attempt_of (1, 8, FALSE, TRUE));
  g_ptr_array_add (a->attempts, attempt_of (1, 4, TRUE, FALSE));
  g_ptr_array_add (a->attempts, attempt_of (2, 9, FALSE, FALSE));
  g_ptr_array_add (a->attempts, attempt_of (2, 5, TRUE, FALSE));
  g_ptr_array_add (a->attempts, attempt_of (2, 6, TRUE, FALSE));
  g_ptr_array_add (a->attempts, attempt_of (2, 3, FALSE, TRUE));
  g_assert_true (arc_notes_save (notes, FALSE, NULL));
  g_assert_true (arc_collection_load (collection, NULL, NULL));
  store = arc_notes_store_new (collection, dir);
  data = arc_submission_export (collection, store, NULL, &placeholders, &n_tests);
  g_assert_cmpstr (data, ==, "{\n  \"t\": [{\"attempt_1\": [[2]], \"attempt_2\": [[7]]}, "
                             "{\"attempt_1\": [[4]], \"attempt_2\": [[8]]}, "
                             "{\"attempt_1\": [[5]], \"attempt_2\": [[6]]}]\n}\n");
  g_assert_cmpuint (placeholders, ==, 0);
  g_assert_cmpuint (n_tests, ==, 3);
  g_unlink (task);
  g_unlink (sidecar);
  g_rmdir (dir);
}

/* Counting reads the notes of tasks that have some, and keeps nothing for
 * the others: notes written later are found */
static void
test_store_flags (void)
{
  const char *task = "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]]}]}";
  g_autofree char *dir = g_dir_make_tmp ("arc-flags-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "t.json", NULL);
  g_autofree char *sidecar = g_build_filename (dir, "t.arcnotes", NULL);
  g_autoptr(GFile) root = g_file_new_for_path (dir);
  g_autoptr(ArcCollection) c = NULL;
  g_autoptr(ArcNotesStore) store = NULL;
  g_autoptr(GFile) sidecar_file = g_file_new_for_path (sidecar);
  g_autoptr(ArcNotes) other = arc_notes_new (sidecar_file);
  ArcEntry *entry;

  g_assert_true (g_file_set_contents (path, task, -1, NULL));
  c = arc_collection_new_for_file (root, NULL, NULL, NULL);
  store = arc_notes_store_new (c, NULL);
  entry = arc_collection_get_entry (c, 0);
  g_assert_cmpint (arc_notes_store_get_flags (store, entry), ==, 0);

  /* Another program (or window) writes notes for it */
  g_ptr_array_add (arc_notes_ensure (other, "t", "ann")->tags, g_strdup ("x"));
  g_assert_true (arc_notes_save (other, FALSE, NULL));
  g_assert_cmpint (arc_notes_store_get_flags (store, entry), ==, ARC_NOTES_FLAG_ANNOTATED);
  g_unlink (sidecar);
  g_unlink (path);
  g_rmdir (dir);
}

/* A task file given through the document portal alone (chosen with the
 * file chooser portal in the Flatpak sandbox) sits in the portal's folder
 * of that one file: a sidecar made there would be kept under a temporary
 * name and lost, so the notes go to the fallback folder */
static void
test_single_document_fallback (void)
{
  g_autofree char *runtime = g_build_filename (g_get_user_runtime_dir (), "doc", "a1b2c3d4", NULL);
  g_autofree char *task = g_build_filename (runtime, "t.json", NULL);
  g_autofree char *data = g_dir_make_tmp ("arc-data-XXXXXX", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (task);
  g_autoptr(ArcCollection) c = NULL;
  g_autoptr(ArcNotesStore) store = NULL;
  g_autoptr(GError) error = NULL;
  ArcNotesPlace place;
  ArcNotes *notes;

  g_assert_cmpint (g_mkdir_with_parents (runtime, 0700), ==, 0);
  g_assert_true (g_file_set_contents (task, "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]]}]}", -1, NULL));
  c = arc_collection_new_for_file (file, NULL, NULL, NULL);
  store = arc_notes_store_new (c, data);
  notes = arc_notes_store_get (store, arc_collection_get_entry (c, 0), &place, &error);
  g_assert_no_error (error);
  g_assert_cmpint (place, ==, ARC_NOTES_FALLBACK);
  fill (notes, "t", "ada");
  g_assert_true (arc_notes_save (notes, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (g_file_peek_path (arc_notes_get_file (notes)), data));
  g_assert_true (g_file_test (g_file_peek_path (arc_notes_get_file (notes)), G_FILE_TEST_EXISTS));
  g_unlink (g_file_peek_path (arc_notes_get_file (notes)));
  g_unlink (task);
}

/* Notes read ahead in a worker are found by the next get without reading;
 * notes dropped (changed on disk) while being read ahead are not kept */
static void
test_read_ahead (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-ahead-XXXXXX", NULL);
  g_autoptr(GFile) root = g_file_new_for_path (dir);
  const char *json = "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]]}]}";
  g_autoptr(ArcCollection) c = NULL;
  g_autoptr(ArcNotesStore) store = NULL;
  ArcEntry *first, *second;
  ArcNotes *notes;

  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *name = g_strdup_printf ("t%u.json", i);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(ArcNotes) written = NULL;
      g_autofree char *notes_path = g_strdup_printf ("%s/t%u.arcnotes", dir, i);
      g_autoptr(GFile) notes_file = g_file_new_for_path (notes_path);

      g_assert_true (g_file_set_contents (path, json, -1, NULL));
      written = arc_notes_new (notes_file);
      fill (written, i == 0 ? "t0" : "t1", "ada");
      g_assert_true (arc_notes_save (written, TRUE, NULL));
    }
  c = arc_collection_new_for_file (root, NULL, NULL, NULL);
  store = arc_notes_store_new (c, NULL);
  first = arc_collection_get_entry (c, 0);
  second = arc_collection_get_entry (c, 1);

  /* Read in a worker, kept once it is done */
  arc_notes_store_read_ahead (store, first);
  g_assert_false (arc_notes_store_is_read (store, first));
  while (!arc_notes_store_is_read (store, first))
    g_main_context_iteration (NULL, TRUE);
  notes = arc_notes_store_get (store, first, NULL, NULL);
  g_assert_cmpstr (arc_notes_get (notes, "t0", "ada")->transform_text, ==,
                   "To make the output, you have to flip it.\nThen stop.");
  /* Read already: nothing more is read */
  arc_notes_store_read_ahead (store, first);
  g_assert_true (arc_notes_store_get (store, first, NULL, NULL) == notes);

  /* Dropped while being read: the worker's copy is not kept */
  arc_notes_store_read_ahead (store, second);
  arc_notes_store_forget (store, second);
  /* (the worker's result comes to the main loop within these two seconds) */
  for (guint i = 0; i < 200; i++)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_assert_false (arc_notes_store_is_read (store, second));
      g_usleep (10000);
    }
}

/* Times as the notes write them: before 1970, and held at the years 1 and
 * 9999 beyond them (a hostile file's), never a critical or "(null)" */
static void
test_times (void)
{
  struct { gint64 usec; const char *text; } cases[] = {
    { 0, "1970-01-01T00:00:00.000Z" },
    { G_GINT64_CONSTANT (1795000000123456), "2026-11-18T11:06:40.123Z" },
    { -1000, "1969-12-31T23:59:59.999Z" },
    { -G_USEC_PER_SEC, "1969-12-31T23:59:59.000Z" },
    { G_GINT64_CONSTANT (253402300799999999), "9999-12-31T23:59:59.999Z" },
    { G_GINT64_CONSTANT (253402300800000000), "9999-12-31T23:59:59.999Z" },
    { G_MAXINT64, "9999-12-31T23:59:59.999Z" },
    { G_GINT64_CONSTANT (-62135596800000000), "0001-01-01T00:00:00.000Z" },
    { G_MININT64, "0001-01-01T00:00:00.000Z" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = arc_format_time (cases[i].usec);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
  g_assert_cmpint (arc_parse_time ("2026-11-18T11:06:40.123Z"), ==, G_GINT64_CONSTANT (1795000000123000));
}

int
main (int argc, char **argv)
{
  g_autofree char *runtime = g_dir_make_tmp ("arc-runtime-XXXXXX", NULL);

  /* (a runtime folder of its own, where a document portal's folders are made) */
  g_setenv ("XDG_RUNTIME_DIR", runtime, TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/arc/notes/sidecar-name", test_sidecar_name);
  g_test_add_func ("/arc/notes/times", test_times);
  g_test_add_func ("/arc/notes/flags", test_flags);
  g_test_add_func ("/arc/notes/flags-version", test_flags_version);
  g_test_add_func ("/arc/notes/flags-program", test_flags_program);
  g_test_add_func ("/arc/notes/submission-program", test_submission_program);
  g_test_add_func ("/arc/notes/store-flags", test_store_flags);
  g_test_add_func ("/arc/notes/round-trip", test_round_trip);
  g_test_add_func ("/arc/notes/unknown-fields-kept", test_unknown_fields_kept);
  g_test_add_func ("/arc/notes/corrupt-never-overwritten", test_corrupt_never_overwritten);
  g_test_add_func ("/arc/notes/conflict-detected", test_conflict_detected);
  g_test_add_func ("/arc/notes/conflict-detected-async", test_conflict_detected_async);
  g_test_add_func ("/arc/notes/kill-while-saving", test_kill_while_saving);
  g_test_add_func ("/arc/notes/store-places", test_store_places);
  g_test_add_func ("/arc/notes/read-ahead", test_read_ahead);
  g_test_add_func ("/arc/notes/single-document-fallback", test_single_document_fallback);
  g_test_add_func ("/arc/notes/write-failure-keeps-edits", test_read_only_folder);

  return g_test_run ();
}

/* test-notes-merge.c: two writers of one notes file: what each changed is
 * merged field by field (each field, a text changed on both sides, text
 * deleted, tags, attempts and their trials, builds, other annotators and
 * tasks), two processes typing into one file at once lose nothing, two
 * windows submitting on one task share its trials; the autosave writes
 * within about a second while typing goes on, and a full disk is said and
 * saving resumes by itself
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>

#include "arc-core.h"
#include "test-util.h"

#define SEPARATOR "——— Both versions kept: yours above, the other below ———"

static const char base_json[] =
  "{\"format\": \"arc-studio-notes\", \"version\": 3, \"tasks\": {"
  "\"t\": {\"annotators\": {"
  "  \"ada\": {\"description\": {\"input\": \"blue cells\", \"output_size\": \"the same\", \"transformation\": \"flip it\"},"
  "           \"confidence\": 5, \"tags\": [\"flip\", \"colour\"], \"difficulty\": \"easy\","
  "           \"notes\": \"First line.\\nSecond line.\\nThird line.\", \"seconds_spent\": 10},"
  "  \"bob\": {\"notes\": \"bob's\"},"
  "  \"dan\": {\"notes\": \"dan's\"},"
  "  \"eve\": {\"notes\": \"eve's\"}}},"
  "\"u\": {\"annotators\": {\"ada\": {\"notes\": \"on u\"}}}}}";

static const char task_json[] = "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]], \"output\": [[4]]}]}";

/* The file with two programs' notes of it, both read from the base */
typedef struct
{
  char      *dir;
  char      *path;
  GFile     *file;
  ArcNotes  *mine;
  ArcNotes  *theirs;
  GPtrArray *merged;  /* "TASK/ANNOTATOR:CONFLICT,CONFLICT" of mine's ::merged */
} Two;

static void
merged_cb (ArcNotes           *notes,
           const char         *task,
           const char         *annotator,
           const char * const *conflicts,
           GPtrArray          *merged)
{
  g_autofree char *list = g_strjoinv (",", (char **) conflicts);

  g_ptr_array_add (merged, g_strdup_printf ("%s/%s:%s", task, annotator, list));
}

static Two *
two_new (const char *json)
{
  Two *t = g_new0 (Two, 1);

  t->dir = g_dir_make_tmp ("arc-notes-merge-XXXXXX", NULL);
  t->path = g_build_filename (t->dir, "t.arcnotes", NULL);
  t->file = g_file_new_for_path (t->path);
  g_assert_true (g_file_set_contents (t->path, json, -1, NULL));
  t->mine = arc_notes_new (t->file);
  t->theirs = arc_notes_new (t->file);
  g_assert_true (arc_notes_load (t->mine, NULL));
  g_assert_true (arc_notes_load (t->theirs, NULL));
  t->merged = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (t->mine, "merged", G_CALLBACK (merged_cb), t->merged);
  return t;
}

static void
two_free (Two *t)
{
  g_object_unref (t->mine);
  g_object_unref (t->theirs);
  g_object_unref (t->file);
  g_ptr_array_unref (t->merged);
  remove_tree (t->dir);
  g_free (t->dir);
  g_free (t->path);
  g_free (t);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Two, two_free)

/* Theirs saved first, then mine: the file as read again */
static ArcNotes *
save_both (Two *t)
{
  g_autoptr(GError) error = NULL;
  ArcNotes *again = arc_notes_new (t->file);

  g_assert_true (arc_notes_save (t->theirs, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (arc_notes_save (t->mine, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (arc_notes_load (again, &error));
  g_assert_no_error (error);
  /* What mine holds is what it wrote */
  g_assert_cmpstr (arc_notes_get_hash (again), ==, arc_notes_get_hash (t->mine));
  return again;
}

static void
set (char       **field,
     const char  *text)
{
  g_free (*field);
  *field = g_strdup (text);
}

static ArcAnnotation *
record_of (ArcNotes   *notes,
           const char *annotator)
{
  ArcAnnotation *a = arc_notes_get (notes, "t", annotator);

  g_assert_nonnull (a);
  return a;
}

static gboolean
has_merged (Two        *t,
            const char *what)
{
  for (guint i = 0; i < t->merged->len; i++)
    if (g_str_equal (t->merged->pdata[i], what))
      return TRUE;
  return FALSE;
}

static void
assert_no_phantom (ArcNotes *notes)
{
  g_auto(GStrv) ids = arc_notes_dup_task_ids (notes);

  for (guint i = 0; ids[i]; i++)
    {
      g_auto(GStrv) names = arc_notes_dup_annotators (notes, ids[i]);

      for (guint k = 0; names[k]; k++)
        g_assert_null (strstr (names[k], "changed on disk"));
    }
}

/* Each side changed other fields: every change is kept, nothing is said */
static void
test_fields (void)
{
  g_autoptr(Two) t = two_new (base_json);
  g_autoptr(ArcNotes) result = NULL;
  ArcAnnotation *a;
  const char *tags[] = { "flip", "grid", NULL };

  a = record_of (t->theirs, "ada");
  set (&a->input_text, "red cells");
  a->confidence = 8;
  set (&a->difficulty, "hard");
  g_ptr_array_add (a->tags, g_strdup ("grid"));
  set (&a->notes, "First line.\nSecond line.\nThird line, there.");
  a->seconds_spent = 15;
  set (&record_of (t->theirs, "bob")->notes, "bob's, edited");
  set (&arc_notes_get (t->theirs, "u", "ada")->notes, "on u, there");

  a = record_of (t->mine, "ada");
  set (&a->size_text, "twice as large");
  set (&a->transform_text, "rotate it");
  g_ptr_array_remove_index (a->tags, 1);  /* "colour" */
  set (&a->notes, "First line.\nSecond line, here.\nThird line.");
  a->seconds_spent = 12;

  result = save_both (t);
  a = record_of (result, "ada");
  g_assert_cmpstr (a->input_text, ==, "red cells");
  g_assert_cmpstr (a->size_text, ==, "twice as large");
  g_assert_cmpstr (a->transform_text, ==, "rotate it");
  g_assert_cmpstr (a->notes, ==, "First line.\nSecond line, here.\nThird line, there.");
  g_assert_cmpint (a->confidence, ==, 8);
  g_assert_cmpstr (a->difficulty, ==, "hard");
  g_assert_cmpuint (a->tags->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    g_assert_cmpstr (a->tags->pdata[i], ==, tags[i]);
  g_assert_cmpint (a->seconds_spent, ==, 17);  /* 2 s here, 5 s there */
  g_assert_cmpstr (record_of (result, "bob")->notes, ==, "bob's, edited");
  g_assert_cmpstr (arc_notes_get (result, "u", "ada")->notes, ==, "on u, there");
  assert_no_phantom (result);
  /* What changed is told, with no conflict */
  g_assert_true (has_merged (t, "t/ada:"));
  g_assert_true (has_merged (t, "t/bob:"));
  g_assert_true (has_merged (t, "u/ada:"));
  g_assert_cmpuint (t->merged->len, ==, 3);
}

/* The same line changed on both sides: both versions of the line, ours
 * first; both confidences changed: ours, and said */
static void
test_both_changed (void)
{
  g_autoptr(Two) t = two_new (base_json);
  g_autoptr(ArcNotes) result = NULL;
  ArcAnnotation *a;

  a = record_of (t->theirs, "ada");
  set (&a->notes, "First line.\nSecond line, theirs.\nThird line.");
  a->confidence = 8;
  set (&a->program, "def p(g):\n    return g\n");
  a = record_of (t->mine, "ada");
  set (&a->notes, "First line.\nSecond line, mine.\nThird line.");
  a->confidence = 6;
  set (&a->program, "def p(g):\n    return g[::-1]\n");

  result = save_both (t);
  a = record_of (result, "ada");
  g_assert_cmpstr (a->notes, ==, "First line.\nSecond line, mine.\n" SEPARATOR "\nSecond line, theirs.\nThird line.");
  g_assert_cmpint (a->confidence, ==, 6);
  /* A program's line between them is a comment */
  g_assert_cmpstr (a->program, ==, "def p(g):\n    return g[::-1]\n# " SEPARATOR "\ndef p(g):\n    return g\n");
  g_assert_true (has_merged (t, "t/ada:notes,program,confidence"));
  assert_no_phantom (result);

  /* The whole texts changed: both whole, ours first */
  {
    g_autoptr(Two) u = two_new (base_json);
    g_autoptr(ArcNotes) again = NULL;

    set (&record_of (u->theirs, "ada")->input_text, "red");
    set (&record_of (u->mine, "ada")->input_text, "green");
    again = save_both (u);
    g_assert_cmpstr (record_of (again, "ada")->input_text, ==, "green\n" SEPARATOR "\nred");
    g_assert_true (has_merged (u, "t/ada:input"));
  }
}

/* Text deleted on one side, the rest untouched there: it stays deleted
 * (on either side); changed apart there: both */
static void
test_deleted_text (void)
{
  {
    g_autoptr(Two) t = two_new (base_json);
    g_autoptr(ArcNotes) result = NULL;

    set (&record_of (t->theirs, "ada")->input_text, "red cells");
    set (&record_of (t->mine, "ada")->notes, "First line.\nThird line.");
    result = save_both (t);
    g_assert_cmpstr (record_of (result, "ada")->notes, ==, "First line.\nThird line.");
    g_assert_cmpstr (record_of (result, "ada")->input_text, ==, "red cells");
  }
  {
    g_autoptr(Two) t = two_new (base_json);
    g_autoptr(ArcNotes) result = NULL;

    set (&record_of (t->theirs, "ada")->notes, "First line.\nSecond line.\n");
    record_of (t->mine, "ada")->confidence = 9;
    result = save_both (t);
    g_assert_cmpstr (record_of (result, "ada")->notes, ==, "First line.\nSecond line.\n");
    g_assert_cmpint (record_of (result, "ada")->confidence, ==, 9);
  }
  {
    g_autoptr(Two) t = two_new (base_json);
    g_autoptr(ArcNotes) result = NULL;

    set (&record_of (t->theirs, "ada")->notes, "First line.\nSecond line.\nThird line, there.");
    set (&record_of (t->mine, "ada")->notes, "Second line.\nThird line.");
    set (&record_of (t->mine, "ada")->input_text, "");
    result = save_both (t);
    g_assert_cmpstr (record_of (result, "ada")->notes, ==, "Second line.\nThird line, there.");
    g_assert_cmpstr (record_of (result, "ada")->input_text, ==, "");
    g_assert_true (has_merged (t, "t/ada:"));
  }
}

/* Tags are a set: what one side removed goes, what one added comes */
static void
test_tags (void)
{
  g_autoptr(Two) t = two_new (base_json);
  g_autoptr(ArcNotes) result = NULL;
  const char *expected[] = { "grid", "size", "count", NULL };
  ArcAnnotation *a;

  a = record_of (t->mine, "ada");
  g_ptr_array_remove_index (a->tags, 1);  /* colour */
  g_ptr_array_add (a->tags, g_strdup ("grid"));
  g_ptr_array_add (a->tags, g_strdup ("size"));
  a = record_of (t->theirs, "ada");
  g_ptr_array_remove_index (a->tags, 0);  /* flip */
  g_ptr_array_add (a->tags, g_strdup ("grid"));
  g_ptr_array_add (a->tags, g_strdup ("count"));
  result = save_both (t);
  a = record_of (result, "ada");
  g_assert_cmpuint (a->tags->len, ==, g_strv_length ((char **) expected));
  for (guint i = 0; expected[i]; i++)
    g_assert_cmpstr (a->tags->pdata[i], ==, expected[i]);
}

static ArcAttempt *
attempt_at (gint64     seconds,
            ArcVerdict verdict,
            guint8     colour)
{
  guint8 cell = colour;
  g_autoptr(ArcGrid) grid = arc_grid_new_from_data (1, 1, &cell);
  ArcAttempt *at = arc_attempt_new (0, grid, verdict, TRUE);

  at->time = (gint64) 1700000000 * G_USEC_PER_SEC + seconds * G_USEC_PER_SEC + 123;
  at->trials = 2;
  return at;
}

/* Attempts are a set, in time order; those counted beyond the trials
 * become practice: one set of trials for both sides */
static void
test_attempts (void)
{
  g_autoptr(Two) t = two_new (base_json);
  g_autoptr(ArcNotes) result = NULL;
  ArcAnnotation *a;
  gboolean counts[] = { TRUE, TRUE, FALSE, FALSE };
  guint8 colours[] = { 1, 2, 3, 4 };

  /* One attempt both have */
  g_ptr_array_add (record_of (t->mine, "ada")->attempts, attempt_at (1, ARC_VERDICT_WRONG, 1));
  g_assert_true (arc_notes_save (t->mine, TRUE, NULL));
  g_assert_true (arc_notes_load (t->theirs, NULL));
  /* Then one more here, two there: the right one, the last, is practice */
  g_ptr_array_add (record_of (t->mine, "ada")->attempts, attempt_at (3, ARC_VERDICT_WRONG, 3));
  g_ptr_array_add (record_of (t->theirs, "ada")->attempts, attempt_at (2, ARC_VERDICT_WRONG, 2));
  g_ptr_array_add (record_of (t->theirs, "ada")->attempts, attempt_at (4, ARC_VERDICT_CORRECT, 4));
  result = save_both (t);
  a = record_of (result, "ada");
  g_assert_cmpuint (a->attempts->len, ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      ArcAttempt *at = a->attempts->pdata[i];

      g_assert_cmpint (arc_grid_get (at->grid, 0, 0), ==, colours[i]);
      g_assert_cmpint (at->counts, ==, counts[i]);
    }
  g_assert_true (arc_annotation_get_flags (a, 1, NULL) & ARC_NOTES_FLAG_FAILED);
  g_assert_false (arc_annotation_get_flags (a, 1, NULL) & ARC_NOTES_FLAG_SOLVED);

}

/* Records of others, new, gone or changed there; a task new there; a
 * member this program does not know */
static void
test_two_annotators (void)
{
  /* What another program wrote: carol's record and task v are new, dan's
   * and eve's records are gone, and a member this program does not know */
  static const char theirs_json[] =
    "{\"format\": \"arc-studio-notes\", \"version\": 3, \"tasks\": {"
    "\"t\": {\"annotators\": {"
    "  \"ada\": {\"description\": {\"input\": \"blue cells\", \"output_size\": \"the same\", \"transformation\": \"flip it\"},"
    "           \"confidence\": 5, \"tags\": [\"flip\", \"colour\"], \"difficulty\": \"easy\","
    "           \"notes\": \"First line.\\nSecond line.\\nThird line.\", \"seconds_spent\": 10},"
    "  \"bob\": {\"notes\": \"bob's\"},"
    "  \"carol\": {\"notes\": \"carol's\"}}},"
    "\"u\": {\"annotators\": {\"ada\": {\"notes\": \"on u\"}}},"
    "\"v\": {\"annotators\": {\"carol\": {\"notes\": \"carol on v\"}}}},"
    "\"x-tool\": {\"name\": \"other\"}}";
  g_autoptr(Two) t = two_new (base_json);
  g_autoptr(ArcNotes) result = arc_notes_new (t->file);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) names = NULL;
  g_autofree char *data = NULL;
  const char *expected[] = { "ada", "bob", "carol", "eve", NULL };

  set (&record_of (t->mine, "ada")->notes, "ada's, mine");
  set (&record_of (t->mine, "eve")->notes, "eve's, changed here");
  g_assert_true (g_file_set_contents (t->path, theirs_json, -1, NULL));
  g_assert_true (arc_notes_save (t->mine, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (arc_notes_load (result, &error));
  names = arc_notes_dup_annotators (result, "t");
  g_assert_cmpstrv (names, expected);
  g_assert_cmpstr (record_of (result, "ada")->notes, ==, "ada's, mine");
  g_assert_cmpstr (record_of (result, "carol")->notes, ==, "carol's");
  g_assert_cmpstr (record_of (result, "eve")->notes, ==, "eve's, changed here");
  g_assert_cmpstr (arc_notes_get (result, "v", "carol")->notes, ==, "carol on v");
  g_assert_cmpstr (arc_notes_get (result, "u", "ada")->notes, ==, "on u");
  g_assert_true (g_file_get_contents (t->path, &data, NULL, NULL));
  g_assert_nonnull (strstr (data, "\"x-tool\" : {"));
  g_assert_true (has_merged (t, "t/carol:"));
  g_assert_true (has_merged (t, "t/dan:"));
  g_assert_true (has_merged (t, "v/carol:"));
  g_assert_false (has_merged (t, "t/eve:"));
  g_assert_false (has_merged (t, "t/ada:"));
  assert_no_phantom (result);
}

/* Builds added to someone's description here and there: both kept */
static void
test_builds (void)
{
  g_autoptr(Two) t = two_new (base_json);
  g_autoptr(ArcNotes) result = NULL;
  ArcAnnotation *bob;
  ArcBuild *ours = arc_build_new ("ada");
  ArcBuild *theirs = arc_build_new ("carol");
  g_autofree char *ours_id = g_strdup (ours->id);
  g_autofree char *theirs_id = g_strdup (theirs->id);

  g_ptr_array_add (record_of (t->mine, "bob")->builds, ours);
  g_ptr_array_add (record_of (t->theirs, "bob")->builds, theirs);
  result = save_both (t);
  bob = record_of (result, "bob");
  g_assert_cmpuint (bob->builds->len, ==, 2);
  g_assert_cmpstr (((ArcBuild *) bob->builds->pdata[0])->id, ==, ours_id);
  g_assert_cmpstr (((ArcBuild *) bob->builds->pdata[1])->id, ==, theirs_id);
}

/* Processes */

/* A folder with task "a" */
static char *
task_folder (void)
{
  char *dir = g_dir_make_tmp ("arc-notes-writers-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "a.json", NULL);

  g_assert_true (g_file_set_contents (path, task_json, -1, NULL));
  return dir;
}

static void
remove_folder (const char *dir)
{
  g_autofree char *data = g_strconcat (dir, ".data", NULL);

  remove_tree (dir);
  remove_tree (data);
}

/* Two tests/notes-writer at once on @dir, each as @writers say: ANNOTATOR
 * FIELD TAG */
static void
run_writers (const char         *dir,
             const char * const  writers[2][3],
             guint               n,
             guint               pause)
{
  const char *program = g_getenv ("ARC_NOTES_WRITER");
  g_autofree char *count = g_strdup_printf ("%u", n);
  g_autofree char *ms = g_strdup_printf ("%u", pause);
  GPid pids[2];

  g_assert_nonnull (program);
  for (guint i = 0; i < 2; i++)
    {
      const char *argv[] = { program, dir, writers[i][0], writers[i][1], writers[i][2], count, ms, NULL };
      g_autoptr(GError) error = NULL;

      g_assert_true (g_spawn_async (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pids[i], &error));
      g_assert_no_error (error);
    }
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(GError) error = NULL;
      int status;

      g_assert_cmpint (waitpid (pids[i], &status, 0), ==, pids[i]);
      g_assert_true (g_spawn_check_wait_status (status, &error));
      g_spawn_close_pid (pids[i]);
    }
}

static ArcNotes *
notes_in (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "a.arcnotes", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  ArcNotes *notes = arc_notes_new (file);

  g_assert_true (arc_notes_load (notes, NULL));
  return notes;
}

/* Every word a writer typed is in its annotator's field */
static void
assert_all_typed (ArcNotes   *notes,
                  const char *annotator,
                  const char *field,
                  const char *tag,
                  guint       n)
{
  ArcAnnotation *a = arc_notes_get (notes, "a", annotator);
  g_auto(GStrv) words = NULL;

  g_assert_nonnull (a);
  if (g_str_equal (field, "tags"))
    {
      g_ptr_array_add (a->tags, NULL);
      words = g_strdupv ((char **) a->tags->pdata);
      g_ptr_array_remove_index (a->tags, a->tags->len - 1);
    }
  else
    words = g_strsplit_set (g_str_equal (field, "input") ? a->input_text : a->notes, " \n", -1);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *word = g_strdup_printf ("%s%u", tag, i);

      if (!g_strv_contains ((const char * const *) words, word))
        g_error ("%s's %s lost %s", annotator, field, word);
    }
}

/* Two processes type into one notes file at once, as two windows (two
 * annotators, one annotator in two fields, in one field, in its tags),
 * each edit saved a moment after it is typed: nothing is lost */
static void
test_two_processes (void)
{
  const char * const cases[][2][3] = {
    { { "ada", "notes", "A" }, { "bob", "notes", "B" } },
    { { "ada", "notes", "A" }, { "ada", "input", "B" } },
    { { "ada", "notes", "A" }, { "ada", "notes", "B" } },
    { { "ada", "tags", "A" }, { "ada", "tags", "B" } },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (guint round = 0; round < 3; round++)
      {
        g_autofree char *dir = task_folder ();
        g_autoptr(ArcNotes) notes = NULL;

        run_writers (dir, cases[c], 20, 25);
        notes = notes_in (dir);
        for (guint w = 0; w < 2; w++)
          assert_all_typed (notes, cases[c][w][0], cases[c][w][1], cases[c][w][2], 20);
        assert_no_phantom (notes);
        remove_folder (dir);
      }
}

static guint
count_counted (ArcAnnotation *a)
{
  guint n = 0;

  for (guint i = 0; i < a->attempts->len; i++)
    n += ((ArcAttempt *) a->attempts->pdata[i])->counts;
  return n;
}

/* Two processes submit three wrong answers each on one task with two
 * trials: two count, and every attempt is kept */
static void
test_two_processes_trials (void)
{
  const char * const writers[2][3] = { { "ada", "attempts", "A" }, { "ada", "attempts", "B" } };

  for (guint round = 0; round < 4; round++)
    {
      g_autofree char *dir = task_folder ();
      g_autoptr(ArcNotes) notes = NULL;
      ArcAnnotation *a;

      run_writers (dir, writers, 3, 30);
      notes = notes_in (dir);
      a = arc_notes_get (notes, "a", "ada");
      g_assert_nonnull (a);
      g_assert_cmpuint (a->attempts->len, ==, 6);
      g_assert_cmpuint (count_counted (a), ==, 2);
      assert_no_phantom (notes);
      remove_folder (dir);
    }
}

/* Windows in one process: a store, task notes and a workspace each */

typedef struct
{
  ArcNotesStore *store;
  ArcTaskNotes  *notes;
  ArcSolve      *solve;
} Window;

static void
window_notes_changed_cb (ArcTaskNotes *notes,
                         ArcSolve     *solve)
{
  arc_solve_recount (solve, arc_task_notes_get_attempts (notes));
}

static void
window_open (Window        *w,
             ArcCollection *collection,
             const char    *data_dir)
{
  ArcEntry *entry = arc_collection_get_entry (collection, 0);
  g_autoptr(ArcTask) task = arc_entry_load (entry, NULL);

  w->store = arc_notes_store_new (collection, data_dir);
  w->notes = arc_task_notes_new (w->store, entry, "ada");
  w->solve = arc_solve_new (task, 2);
  g_signal_connect (w->notes, "changed", G_CALLBACK (window_notes_changed_cb), w->solve);
}

static void
window_close (Window *w)
{
  g_signal_handlers_disconnect_by_data (w->notes, w->solve);
  g_clear_object (&w->solve);
  g_clear_object (&w->notes);
  g_clear_object (&w->store);
}

static void
submit_wrong (Window *w,
              guint8  colour)
{
  g_autoptr(ArcAttempt) attempt = NULL;

  arc_solve_paint (w->solve, 0, 0, colour);
  attempt = arc_solve_submit (w->solve);
  g_assert_nonnull (attempt);
  arc_task_notes_add_attempt (w->notes, attempt);
}

static gboolean
both_count_none_left (gpointer data)
{
  Window *w = data;

  return arc_task_notes_get_n_attempts (w[0].notes) == 3 && arc_task_notes_get_n_attempts (w[1].notes) == 3 &&
         !arc_task_notes_get_modified (w[0].notes) && !arc_task_notes_get_modified (w[1].notes) &&
         arc_solve_get_trials_left (w[0].solve, 0) == 0 && arc_solve_get_trials_left (w[1].solve, 0) == 0;
}

/* Two windows submit on one task before either sees the other's attempt:
 * the file counts two, and both workspaces know the trials are used up */
static void
test_two_windows_trials (void)
{
  g_autofree char *dir = task_folder ();
  g_autofree char *data_dir = g_strconcat (dir, ".data", NULL);
  g_autoptr(GFile) root = g_file_new_for_path (dir);
  g_autoptr(ArcCollection) collection = arc_collection_new_for_file (root, NULL, NULL, NULL);
  g_autoptr(ArcNotes) notes = NULL;
  Window w[2] = { { NULL } };

  window_open (&w[0], collection, data_dir);
  window_open (&w[1], collection, data_dir);
  submit_wrong (&w[0], 1);
  submit_wrong (&w[1], 2);
  submit_wrong (&w[0], 3);
  g_assert_cmpuint (arc_solve_get_trials_left (w[1].solve, 0), ==, 1);
  wait_until (both_count_none_left, w, "both windows to count the three attempts");
  notes = notes_in (dir);
  g_assert_cmpuint (arc_notes_get (notes, "a", "ada")->attempts->len, ==, 3);
  g_assert_cmpuint (count_counted (arc_notes_get (notes, "a", "ada")), ==, 2);
  /* Each window's notes say so too */
  for (guint i = 0; i < 2; i++)
    g_assert_cmpuint (count_counted ((ArcAnnotation *) arc_task_notes_get_annotation (w[i].notes)), ==, 2);
  window_close (&w[0]);
  window_close (&w[1]);
  g_clear_object (&collection);
  remove_folder (dir);
}

static void
count_cb (gpointer  instance,
          guint    *count)
{
  (*count)++;
}

/* The program's own saves, seen by the file monitor, are no change on
 * disk: the notes are not read again, nothing is said */
static void
test_own_writes (void)
{
  g_autofree char *dir = task_folder ();
  g_autofree char *data_dir = g_strconcat (dir, ".data", NULL);
  g_autofree char *path = g_build_filename (dir, "a.arcnotes", NULL);
  g_autoptr(GFile) root = g_file_new_for_path (dir);
  g_autoptr(ArcCollection) collection = arc_collection_new_for_file (root, NULL, NULL, NULL);
  g_autoptr(ArcNotesStore) store = arc_notes_store_new (collection, data_dir);
  ArcTaskNotes *notes = arc_task_notes_new (store, arc_collection_get_entry (collection, 0), "ada");
  guint changed = 0, merged = 0;

  arc_task_notes_set_delays (notes, 20, 100);
  g_signal_connect_swapped (notes, "changed", G_CALLBACK (count_cb), &changed);
  g_signal_connect_swapped (arc_task_notes_get_notes (notes), "merged", G_CALLBACK (count_cb), &merged);
  for (guint i = 0; i < 6; i++)
    {
      g_autofree char *text = g_strdup_printf ("edit %u", i);
      g_autofree char *written = g_strdup_printf ("\"notes\" : \"edit %u\"", i);

      arc_task_notes_set_text (notes, ARC_NOTES_FIELD_NOTES, text);
      wait_file_contains (path, written);
      run_for (300);  /* the monitor's report */
    }
  g_assert_cmpuint (changed, ==, 0);
  g_assert_cmpuint (merged, ==, 0);
  g_assert_null (arc_task_notes_get_notice (notes));
  g_signal_handlers_disconnect_by_data (arc_task_notes_get_notes (notes), &merged);
  g_object_unref (notes);
  remove_folder (dir);
}

/* Autosave */

static gboolean
has_error (gpointer data)
{
  return arc_task_notes_get_error (data) != NULL;
}

static gboolean
saved_again (gpointer data)
{
  return arc_task_notes_get_error (data) == NULL && !arc_task_notes_get_modified (data) &&
         !arc_task_notes_get_saving (data);
}


typedef struct
{
  ArcTaskNotes *notes;
  guint         typed;
  guint         source;
} Typing;

static gboolean
type_word_cb (gpointer data)
{
  Typing *t = data;
  const char *now = arc_task_notes_get_text (t->notes, ARC_NOTES_FIELD_NOTES);
  g_autofree char *text = g_strdup_printf ("%s%sw%u", now, *now ? " " : "", t->typed++);

  arc_task_notes_set_text (t->notes, ARC_NOTES_FIELD_NOTES, text);
  return G_SOURCE_CONTINUE;
}

/* Typing goes on, a word every 200 ms for 4 s: the notes are on disk
 * about a second after the first word, and again a second later, not
 * only once the typing stops */
static void
test_autosave_max_delay (void)
{
  g_autofree char *dir = task_folder ();
  g_autofree char *data_dir = g_strconcat (dir, ".data", NULL);
  g_autofree char *path = g_build_filename (dir, "a.arcnotes", NULL);
  g_autoptr(GFile) root = g_file_new_for_path (dir);
  g_autoptr(ArcCollection) collection = arc_collection_new_for_file (root, NULL, NULL, NULL);
  g_autoptr(ArcNotesStore) store = arc_notes_store_new (collection, data_dir);
  g_autoptr(ArcTaskNotes) notes = arc_task_notes_new (store, arc_collection_get_entry (collection, 0), "ada");
  Typing typing = { notes, 0, 0 };

  type_word_cb (&typing);
  typing.source = g_timeout_add (200, type_word_cb, &typing);
  run_for (1600);
  /* The words of the first second, while typing goes on */
  g_assert_cmpuint (typing.typed, <, 20);
  g_assert_true (file_contains (path, "\"notes\" : \"w0 w1 w2 w3"));
  run_for (1000);
  g_assert_cmpuint (typing.typed, <, 20);
  g_assert_true (file_contains (path, "w0 w1 w2 w3 w4 w5 w6 w7 w8"));
  g_source_remove (typing.source);
  wait_until (saved_again, notes, "the last words to be saved");
  g_clear_object (&notes);
  remove_folder (dir);
}

static gboolean
write_tried (gpointer data)
{
  return arc_file_get_write_calls () >= 1;
}

/* The disk is full: the notes say so, with the file, and that the text is
 * kept; the save is tried again every few seconds however long it stays
 * full (here the delay is 100 ms), and succeeds once there is room */
static void
test_no_space (void)
{
  g_autofree char *dir = task_folder ();
  g_autofree char *data_dir = g_strconcat (dir, ".data", NULL);
  g_autofree char *path = g_build_filename (dir, "a.arcnotes", NULL);
  g_autoptr(GFile) root = g_file_new_for_path (dir);
  g_autoptr(ArcCollection) collection = arc_collection_new_for_file (root, NULL, NULL, NULL);
  g_autoptr(ArcNotesStore) store = arc_notes_store_new (collection, data_dir);
  g_autoptr(ArcTaskNotes) notes = arc_task_notes_new (store, arc_collection_get_entry (collection, 0), "ada");
  const char *error;
  gint64 start;

  arc_task_notes_set_delays (notes, 50, 100);
  arc_file_set_write_fault (ENOSPC, 1, 0);
  arc_task_notes_set_text (notes, ARC_NOTES_FIELD_NOTES, "kept while the disk is full");
  wait_until (has_error, notes, "the save to fail");
  error = arc_task_notes_get_error (notes);
  g_test_message ("%s", error);
  g_assert_nonnull (strstr (error, "The disk is full"));
  g_assert_nonnull (strstr (error, path));
  g_assert_nonnull (strstr (error, "kept in memory"));
  g_assert_true (arc_task_notes_is_out_of_space (notes));
  g_assert_true (arc_task_notes_get_modified (notes));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  /* Still full for eight more tries: as often each time (doubling from
   * 100 ms, they would take 50 s) */
  start = g_get_monotonic_time ();
  for (guint i = 0; i < 8; i++)
    {
      arc_file_set_write_fault (ENOSPC, 1, 0);
      wait_until (write_tried, NULL, "the save to be tried again");
    }
  g_assert_cmpint (g_get_monotonic_time () - start, <, 10 * G_USEC_PER_SEC);
  g_assert_true (arc_task_notes_is_out_of_space (notes));

  /* Room again: saved, by itself, and the message goes */
  arc_file_set_write_fault (0, 0, 0);
  wait_until (saved_again, notes, "the save once there is room");
  g_assert_false (arc_task_notes_is_out_of_space (notes));
  g_assert_true (file_contains (path, "\"notes\" : \"kept while the disk is full\""));
  g_clear_object (&notes);
  remove_folder (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/arc/notes-merge/fields", test_fields);
  g_test_add_func ("/arc/notes-merge/both-changed", test_both_changed);
  g_test_add_func ("/arc/notes-merge/deleted-text", test_deleted_text);
  g_test_add_func ("/arc/notes-merge/tags", test_tags);
  g_test_add_func ("/arc/notes-merge/attempts", test_attempts);
  g_test_add_func ("/arc/notes-merge/two-annotators", test_two_annotators);
  g_test_add_func ("/arc/notes-merge/builds", test_builds);
  g_test_add_func ("/arc/notes-merge/two-processes", test_two_processes);
  g_test_add_func ("/arc/notes-merge/two-processes-trials", test_two_processes_trials);
  g_test_add_func ("/arc/notes-merge/two-windows-trials", test_two_windows_trials);
  g_test_add_func ("/arc/notes-merge/own-writes", test_own_writes);
  g_test_add_func ("/arc/notes-merge/autosave-max-delay", test_autosave_max_delay);
  g_test_add_func ("/arc/notes-merge/no-space", test_no_space);
  return g_test_run ();
}

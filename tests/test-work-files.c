/* test-work-files.c: the work in progress kept between sessions goes when
 * its task is over, or when its collection has been gone for 30 days
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

#include "arc-core.h"
#include "test-util.h"

/* One test input, its answer the input mirrored */
static const char task_json[] =
  "{\"train\": [{\"input\": [[1]], \"output\": [[1]]}],"
  " \"test\": [{\"input\": [[1, 2]], \"output\": [[2, 1]]}]}";

static ArcSolve *
new_solve (guint trials)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTask) task = arc_task_new_from_data (task_json, strlen (task_json), "t", NULL, &error);

  g_assert_no_error (error);
  return arc_solve_new (task, trials);
}

static JsonObject *
read_object (const char *path, JsonNode **root)
{
  g_autofree char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  *root = json_from_string (text, NULL);
  g_assert_nonnull (*root);
  return json_node_get_object (*root);
}

/* The work file says where its task is, and goes once the task is solved */
static void
test_solved (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-work-files-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "work.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcSolve) solve = new_solve (2);
  g_autoptr(ArcAttempt) attempt = NULL;
  g_autoptr(JsonNode) root = NULL;
  JsonObject *o;

  arc_solve_set_work_address (solve, "file:///data/arc/training", "t1");
  arc_solve_set_work_file (solve, file);
  arc_solve_copy_from_input (solve);
  arc_solve_flush_work (solve);
  o = read_object (path, &root);
  g_assert_cmpstr (json_object_get_string_member (o, "format"), ==, "arc-studio-workspace");
  g_assert_cmpint (json_object_get_int_member (o, "version"), ==, 4);
  g_assert_cmpstr (json_object_get_string_member (o, "collection"), ==, "file:///data/arc/training");
  g_assert_cmpstr (json_object_get_string_member (o, "task"), ==, "t1");

  /* Solved: the attempt in the notes has the grid; the work file goes */
  arc_solve_paint (solve, 0, 0, 2);
  arc_solve_paint (solve, 0, 1, 1);
  attempt = arc_solve_submit (solve);
  g_assert_cmpint (attempt->verdict, ==, ARC_VERDICT_CORRECT);
  g_assert_true (arc_solve_is_over (solve));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  /* and is not written again by what is done after */
  arc_solve_paint (solve, 0, 0, 5);
  arc_solve_flush_work (solve);
  g_clear_object (&solve);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  remove_tree (dir);
}

/* Failed, its trials used up: the work file goes with the last one */
static void
test_failed (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-work-files-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "work.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcSolve) solve = new_solve (2);

  arc_solve_set_work_address (solve, "file:///data/arc/training", "t1");
  arc_solve_set_work_file (solve, file);
  arc_solve_paint (solve, 0, 0, 7);
  {
    g_autoptr(ArcAttempt) first = arc_solve_submit (solve);

    g_assert_cmpint (first->verdict, ==, ARC_VERDICT_WRONG);
  }
  arc_solve_paint (solve, 0, 1, 7);
  arc_solve_flush_work (solve);
  /* One trial left: the work stays */
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  {
    g_autoptr(ArcAttempt) second = arc_solve_submit (solve);

    g_assert_cmpint (second->verdict, ==, ARC_VERDICT_WRONG);
  }
  g_assert_cmpint (arc_solve_get_state (solve, 0), ==, ARC_TEST_FAILED);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  remove_tree (dir);
}

/* A work file left from before its task was solved goes when the task is
 * shown again */
static void
test_left_over (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-work-files-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "work.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcSolve) solve = new_solve (2);
  g_autoptr(ArcGrid) answer = arc_grid_new (1, 2);
  g_autoptr(ArcAttempt) attempt = NULL;

  g_assert_true (g_file_set_contents (path, "{\"format\": \"arc-studio-workspace\", \"version\": 1, "
                                      "\"tests\": [{\"time\": 1, \"output\": [[3, 3]]}]}", -1, NULL));
  arc_grid_set (answer, 0, 0, 2);
  arc_grid_set (answer, 0, 1, 1);
  attempt = arc_attempt_new (0, answer, ARC_VERDICT_CORRECT, TRUE);
  arc_solve_add_past (solve, attempt);
  arc_solve_set_work_file (solve, file);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  remove_tree (dir);
}

/* The operations of @actions, and the first row of the grid before each,
 * as "Paint:22 Paint:21" */
static char *
describe_actions (GPtrArray *actions)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < actions->len; i++)
    {
      const ArcAction *a = actions->pdata[i];

      g_string_append_printf (out, "%s%s:", i ? " " : "", a->operation);
      for (int c = 0; a->grid && c < arc_grid_get_width (a->grid); c++)
        g_string_append_printf (out, "%d", arc_grid_get (a->grid, 0, c));
    }
  return g_string_free (out, FALSE);
}

/* The actions since the last submission come back with the work: an
 * attempt made after a restart (or a kill) has the whole of its
 * trajectory, each step's grid as it was */
static void
test_trajectory_comes_back (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-work-files-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "work.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcSolve) solve = new_solve (3);
  g_autoptr(ArcAttempt) first = NULL;
  g_autoptr(ArcAttempt) second = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;
  g_autofree char *steps = NULL;
  JsonObject *test;
  ArcRect cell = { 0, 1, 1, 1 };

  arc_solve_set_work_address (solve, "file:///data/arc/training", "t1");
  arc_solve_set_work_file (solve, file);
  arc_solve_copy_from_input (solve);
  arc_solve_paint (solve, 0, 0, 2);
  first = arc_solve_submit (solve);   /* [[2, 2]]: wrong */
  g_assert_cmpint (first->verdict, ==, ARC_VERDICT_WRONG);
  g_assert_cmpuint (first->actions->len, ==, 3);
  /* After the submission, the work file holds no action of it */
  arc_solve_flush_work (solve);
  test = json_array_get_object_element (json_object_get_array_member (read_object (path, &root), "tests"), 0);
  g_assert_false (json_object_has_member (test, "trajectory"));
  g_clear_pointer (&root, json_node_unref);

  /* Actions after it, the last one a selection that changes no grid:
   * written too, a step a line, grids as rows of digits */
  arc_solve_paint (solve, 0, 1, 1);
  arc_solve_paint (solve, 0, 0, 5);
  arc_solve_paint (solve, 0, 0, 2);
  arc_solve_flush_work (solve);
  arc_solve_set_selection (solve, &cell);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_null (strstr (text, "SelectCell"));
  arc_solve_flush_work (solve);
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "\"grid\" : [\"22\"]"));
  g_assert_nonnull (strstr (text, "SelectCell"));
  test = json_array_get_object_element (json_object_get_array_member (read_object (path, &root), "tests"), 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (test, "trajectory")), ==, 4);
  g_clear_pointer (&root, json_node_unref);
  g_clear_object (&solve);   /* the program ends (written as it goes) */

  /* Started again: the grid and the four actions that led to it */
  solve = new_solve (3);
  arc_solve_add_past (solve, first);
  arc_solve_set_work_file (solve, file);
  g_assert_cmpint (arc_grid_get (arc_solve_get_output (solve), 0, 0), ==, 2);
  g_assert_cmpint (arc_grid_get (arc_solve_get_output (solve), 0, 1), ==, 1);
  steps = describe_actions (arc_solve_get_actions (solve));
  g_assert_cmpstr (steps, ==, "Paint:22 Paint:21 Paint:51 SelectCell:21");
  /* and the next attempt's trajectory has them, then its own */
  second = arc_solve_submit (solve);
  g_assert_cmpint (second->verdict, ==, ARC_VERDICT_CORRECT);
  g_clear_pointer (&steps, g_free);
  steps = describe_actions (second->actions);
  g_assert_cmpstr (steps, ==, "Paint:22 Paint:21 Paint:51 SelectCell:21 Submit:21");
  g_clear_object (&solve);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));   /* solved: the work file went */

  /* A work file older than the last attempt: neither its grid nor its
   * actions come back (they led to the attempt, which has them) */
  g_assert_true (g_file_set_contents (path, "{\"format\": \"arc-studio-workspace\", \"version\": 3, "
                                      "\"tests\": [{\"time\": 1, \"output\": [[3, 3]], \"trajectory\": [\n"
                                      "  {\"category\" : \"Coloring\", \"operation\" : \"Paint\", \"grid\" : [\"33\"]}\n]}]}",
                                      -1, NULL));
  solve = new_solve (3);
  first->time = 2;
  arc_solve_add_past (solve, first);
  arc_solve_set_work_file (solve, file);
  g_assert_cmpint (arc_grid_get (arc_solve_get_output (solve), 0, 0), ==, 2);
  g_assert_cmpuint (arc_solve_get_actions (solve)->len, ==, 0);
  g_clear_object (&solve);
  /* Newer: both come back, whole grids and changes read alike */
  solve = new_solve (3);
  arc_solve_set_work_file (solve, file);
  g_assert_cmpint (arc_grid_get (arc_solve_get_output (solve), 0, 0), ==, 3);
  g_clear_pointer (&steps, g_free);
  steps = describe_actions (arc_solve_get_actions (solve));
  g_assert_cmpstr (steps, ==, "Paint:33");
  g_clear_object (&solve);
  /* Steps that are no steps are left out; the grid still comes back */
  g_assert_true (g_file_set_contents (path, "{\"tests\": [{\"time\": 1, \"output\": [[4, 4]], \"trajectory\": "
                                      "[1, \"x\", {\"grid\": 7, \"changes\": [[9, 9, 9]]}, [[]]]}]}", -1, NULL));
  solve = new_solve (3);
  arc_solve_set_work_file (solve, file);
  g_assert_cmpint (arc_grid_get (arc_solve_get_output (solve), 0, 0), ==, 4);
  for (guint i = 0; i < arc_solve_get_actions (solve)->len; i++)
    g_assert_nonnull (((ArcAction *) arc_solve_get_actions (solve)->pdata[i])->operation);
  g_clear_object (&solve);
  remove_tree (dir);
}

/* Actions after a submission that change no grid come back too; actions
 * in a file written before a submission (the program killed before the
 * next write) do not come back: the attempt has them. A selection alone,
 * on a task not begun, makes no work file (the task is not in progress) */
static void
test_trajectory_after_submission (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-work-files-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "work.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcSolve) solve = new_solve (3);
  g_autoptr(ArcAttempt) attempt = NULL;
  g_autofree char *before = NULL;
  g_autofree char *steps = NULL;
  ArcRect cell = { 0, 0, 1, 1 };

  arc_solve_set_work_file (solve, file);
  arc_solve_set_selection (solve, &cell);
  arc_solve_flush_work (solve);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  arc_solve_copy_from_input (solve);
  arc_solve_flush_work (solve);
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));   /* as a kill would leave it */
  attempt = arc_solve_submit (solve);   /* [[1, 2]]: wrong */
  g_assert_cmpint (attempt->verdict, ==, ARC_VERDICT_WRONG);
  g_assert_cmpstr ((steps = describe_actions (attempt->actions)), ==, "SelectCell:00 CopyFromInput:00 Submit:12");
  g_clear_pointer (&steps, g_free);
  arc_solve_set_selection (solve, NULL);
  arc_solve_set_selection (solve, &cell);
  g_clear_object (&solve);

  /* Started again: the attempt's grid, and the selection made after it */
  solve = new_solve (3);
  arc_solve_add_past (solve, attempt);
  arc_solve_set_work_file (solve, file);
  g_assert_cmpint (arc_grid_get (arc_solve_get_output (solve), 0, 1), ==, 2);
  g_assert_cmpstr ((steps = describe_actions (arc_solve_get_actions (solve))), ==, "SelectCell:12");
  g_clear_pointer (&steps, g_free);
  g_clear_object (&solve);

  /* The file as it was before the submission: its actions are the attempt's */
  g_assert_true (g_file_set_contents (path, before, -1, NULL));
  solve = new_solve (3);
  arc_solve_add_past (solve, attempt);
  arc_solve_set_work_file (solve, file);
  g_assert_cmpint (arc_grid_get (arc_solve_get_output (solve), 0, 1), ==, 2);
  g_assert_cmpuint (arc_solve_get_actions (solve)->len, ==, 0);
  g_clear_object (&solve);
  remove_tree (dir);
}

/* Writes @text as @name in @dir, changed @days ago */
static char *
write_aged (const char *dir, const char *name, const char *text, int days)
{
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  guint64 when = (guint64) (g_get_real_time () / G_USEC_PER_SEC - (gint64) days * 24 * 3600);

  if (text)
    g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_assert_true (g_file_set_attribute_uint64 (file, G_FILE_ATTRIBUTE_TIME_MODIFIED, when,
                                              G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, &error));
  g_assert_no_error (error);
  return path;
}

static char *
work_text (const char *format, const char *collection)
{
  return g_strdup_printf ("{\"format\": \"%s\", \"version\": 2, \"collection\": \"%s\", \"task\": \"t1\", "
                          "\"tests\": [null]}", format, collection);
}

static void
cleaned_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(GError) error = NULL;
  guint *removed = data;

  *removed = arc_solve_clean_work_finish (result, &error);
  g_assert_no_error (error);
}

/* At start-up: the work files of collections gone for 30 days go; those
 * of collections still there, younger ones, and what is not a work file
 * (or does not say its collection) stay */
static void
test_clean (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-work-files-XXXXXX", NULL);
  g_autofree char *there = g_dir_make_tmp ("arc-work-collection-XXXXXX", NULL);
  g_autofree char *gone_path = g_build_filename (there, "no-such-collection", NULL);
  g_autoptr(GFile) gone_file = g_file_new_for_path (gone_path);
  g_autoptr(GFile) there_file = g_file_new_for_path (there);
  g_autofree char *gone = g_file_get_uri (gone_file);
  g_autofree char *there_uri = g_file_get_uri (there_file);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autofree char *old_gone_text = work_text ("arc-studio-workspace", gone);
  g_autofree char *there_text = work_text ("arc-studio-workspace", there_uri);
  g_autofree char *other_text = work_text ("something-else", gone);
  g_autofree char *remote_text = work_text ("arc-studio-workspace", "sftp://example.org/arc");
  g_autofree char *saved = g_build_filename (dir, "saved.json", NULL);
  g_autofree char *old_gone = write_aged (dir, "old-gone.json", old_gone_text, 31);
  g_autofree char *young_gone = write_aged (dir, "young-gone.json", old_gone_text, 29);
  g_autofree char *old_there = write_aged (dir, "old-there.json", there_text, 31);
  g_autofree char *broken = write_aged (dir, "broken.json", "{\"format\": \"arc-studio-workspace\", ", 31);
  g_autofree char *version1 = write_aged (dir, "version1.json", "{\"format\": \"arc-studio-workspace\", \"version\": 1, "
                                          "\"tests\": [null]}", 31);
  g_autofree char *other = write_aged (dir, "other.json", other_text, 31);
  g_autofree char *remote = write_aged (dir, "remote.json", remote_text, 31);
  g_autofree char *not_json = write_aged (dir, "notes.txt", old_gone_text, 31);
  guint removed = G_MAXUINT;

  /* One the workspace wrote itself */
  {
    g_autoptr(ArcSolve) solve = new_solve (2);
    g_autoptr(GFile) file = g_file_new_for_path (saved);
    g_autoptr(GError) error = NULL;

    arc_solve_set_work_address (solve, gone, "t1");
    arc_solve_paint (solve, 0, 0, 4);
    g_assert_true (arc_solve_save_work (solve, file, &error));
    g_free (write_aged (dir, "saved.json", NULL, 40));
  }

  arc_solve_clean_work_async (folder, NULL, cleaned_cb, &removed);
  while (removed == G_MAXUINT)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (removed, ==, 2);
  g_assert_false (g_file_test (old_gone, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (saved, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (young_gone, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (old_there, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (broken, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (version1, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (other, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (remote, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (not_json, G_FILE_TEST_EXISTS));

  /* Again: nothing more goes; a folder that is not there is no error */
  g_assert_cmpuint (arc_solve_clean_work (folder, NULL), ==, 0);
  {
    g_autoptr(GFile) missing = g_file_new_for_path (gone_path);
    g_assert_cmpuint (arc_solve_clean_work (missing, NULL), ==, 0);
  }
  remove_tree (dir);
  remove_tree (there);
}

/* A 6×6 test input: room for a stroke of 36 cells */
static const char wide_task_json[] =
  "{\"train\": [{\"input\": [[1]], \"output\": [[1]]}],"
  " \"test\": [{\"input\": [[0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0],"
  "              [0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]]}]}";

static ArcSolve *
new_wide_solve (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTask) task = arc_task_new_from_data (wide_task_json, strlen (wide_task_json), "w", NULL, &error);

  g_assert_no_error (error);
  return arc_solve_new (task, 2);
}

/* The first test input's output grid in the work file at @path, as text;
 * NULL when there is no file */
static char *
output_on_disk (const char *path)
{
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(ArcGrid) grid = NULL;
  JsonObject *o;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return NULL;
  o = read_object (path, &root);
  grid = arc_grid_new_from_node (json_object_get_member (json_array_get_object_element (
                                   json_object_get_array_member (o, "tests"), 0), "output"), NULL);
  g_assert_nonnull (grid);
  return arc_grid_to_string (grid);
}

/* How many cells of the work file's grid at @path have @colour */
static guint
cells_on_disk (const char *path,
               guint8      colour)
{
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(ArcGrid) grid = NULL;
  JsonObject *o;
  guint n = 0;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return 0;
  o = read_object (path, &root);
  grid = arc_grid_new_from_node (json_object_get_member (json_array_get_object_element (
                                   json_object_get_array_member (o, "tests"), 0), "output"), NULL);
  for (int r = 0; r < arc_grid_get_height (grid); r++)
    for (int c = 0; c < arc_grid_get_width (grid); c++)
      n += arc_grid_get (grid, r, c) == colour;
  return n;
}

/* Strokes every 100 ms, 3.6 s long: the work file is not put off until
 * they stop (a pause). At every moment it holds each stroke made more than
 * 1.5 s before (it is written at most 0.8 s after the first change not
 * written, in a worker), and at the end all of them. */
static void
test_steady_strokes (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-work-files-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "workspace", "w.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcSolve) solve = new_wide_solve ();
  gint64 times[36];
  guint most_on_disk = 0;

  arc_solve_set_work_file (solve, file);
  for (int i = 0; i < 36; i++)
    {
      gint64 now;
      guint on_disk;
      int old = 0;

      times[i] = g_get_monotonic_time ();
      g_assert_true (arc_solve_paint (solve, i / 6, i % 6, 3));
      run_for (100);
      now = g_get_monotonic_time ();
      while (old <= i && now - times[old] > 3 * G_USEC_PER_SEC / 2)
        old++;
      /* (strokes come in order: the cells on disk are the first ones) */
      on_disk = cells_on_disk (path, 3);
      if (on_disk < (guint) old)
        g_error ("%.1f s into the strokes, %d of them more than 1.5 s old, the work file holds %u",
                 (now - times[0]) / 1e6, old, on_disk);
      most_on_disk = MAX (most_on_disk, on_disk);
    }
  /* Written while they went on, not once at the end */
  g_assert_cmpuint (most_on_disk, >=, 20);
  arc_solve_flush_work (solve);
  g_assert_cmpuint (cells_on_disk (path, 3), ==, 36);
  g_assert_null (arc_solve_get_save_error (solve));
  g_clear_object (&solve);
  remove_tree (dir);
}

/* A stroke let go (a click, the end of a drag) is written then, not at
 * the end of the delay: the file holds it well within 0.8 s */
static void
test_stroke_end_writes (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-work-files-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "w.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcSolve) solve = new_wide_solve ();
  gint64 start;

  arc_solve_set_work_file (solve, file);
  for (int i = 0; i < 3; i++)
    {
      arc_solve_begin_stroke (solve);
      g_assert_true (arc_solve_paint (solve, i, 0, 6));
      g_assert_true (arc_solve_paint (solve, i, 1, 6));
      run_for (50);  /* (a drag under way: not written yet) */
      g_assert_cmpuint (cells_on_disk (path, 6), ==, 2 * (guint) i);
      start = g_get_monotonic_time ();
      arc_solve_end_stroke (solve);
      while (cells_on_disk (path, 6) < 2 * (guint) i + 2)
        {
          g_assert_cmpint (g_get_monotonic_time () - start, <, 600 * 1000);
          run_for (10);
        }
    }
  g_clear_object (&solve);
  remove_tree (dir);
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 gpointer    data)
{
  (*(guint *) data)++;
}

static gboolean
has_save_error (gpointer data)
{
  return arc_solve_get_save_error (data) != NULL;
}

static gboolean
no_save_error (gpointer data)
{
  return arc_solve_get_save_error (data) == NULL;
}

/* Whether @dir holds anything but @name */
static gboolean
only_file (const char *dir,
           const char *name)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *found;

  while (d && (found = g_dir_read_name (d)))
    if (!g_str_equal (found, name))
      return FALSE;
  return TRUE;
}

/* A full disk: the write fails, the file on disk stays as it was, and the
 * save-error property says why, naming the file; the write is tried again
 * by itself (while it fails, not at every change), and once there is room
 * the file holds the work and the error is gone */
static void
test_full_disk (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-work-files-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "w.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcSolve) solve = new_wide_solve ();
  g_autofree char *before = NULL;
  g_autofree char *now = NULL;
  g_autofree char *grid = NULL;
  const GError *error;
  guint notified = 0;
  gint64 failed_at;

  arc_solve_set_work_file (solve, file);
  g_signal_connect (solve, "notify::save-error", G_CALLBACK (count_notify_cb), &notified);
  arc_solve_paint (solve, 0, 0, 4);
  arc_solve_flush_work (solve);
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));

  arc_file_set_write_fault (ENOSPC, 1, 0);
  arc_solve_paint (solve, 0, 1, 4);
  wait_until (has_save_error, solve, "the write to fail");
  failed_at = g_get_monotonic_time ();
  error = arc_solve_get_save_error (solve);
  g_assert_error (error, ARC_ERROR, ARC_ERROR_NO_SPACE);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_cmpuint (notified, ==, 1);
  g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
  g_assert_cmpstr (now, ==, before);
  g_assert_true (only_file (dir, "w.json"));

  /* Still full: the changes meanwhile wait for the retry, which fails */
  arc_file_set_write_fault (ENOSPC, 1, 0);
  arc_solve_paint (solve, 0, 2, 4);
  run_for (1500);
  g_assert_cmpuint (arc_file_get_write_calls (), ==, 0);
  wait_until (has_save_error, solve, "the retry");
  while (arc_file_get_write_calls () == 0)
    run_for (50);
  g_assert_cmpint (g_get_monotonic_time () - failed_at, >=, 2 * G_USEC_PER_SEC);
  run_for (200);
  g_assert_nonnull (arc_solve_get_save_error (solve));
  g_assert_cmpuint (notified, ==, 1);  /* the same error: said once */
  g_clear_pointer (&now, g_free);
  g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
  g_assert_cmpstr (now, ==, before);
  g_assert_true (only_file (dir, "w.json"));

  /* Room again: written at the next retry, with every change */
  arc_file_set_write_fault (0, 0, 0);
  wait_until (no_save_error, solve, "the retry to write the file");
  g_assert_cmpuint (notified, ==, 2);
  grid = output_on_disk (path);
  g_assert_true (g_str_has_prefix (grid, "[[4,4,4,0,0,0],"));
  g_assert_true (only_file (dir, "w.json"));
  g_clear_object (&solve);
  remove_tree (dir);
}

/* A write made at once (the task left, the window closed) while a slow one
 * is under way in the worker: it waits for that one and writes the newer
 * grid, which stays when the slow write's end is told */
static void
test_flush_overtakes (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-work-files-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "w.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcSolve) solve = new_wide_solve ();
  g_autofree char *grid = NULL;
  g_autofree char *later = NULL;

  arc_solve_set_work_file (solve, file);
  arc_file_set_write_fault (0, 0, 300);  /* every write(2) takes 0.3 s */
  arc_solve_paint (solve, 0, 0, 5);
  run_for (900);  /* the delay ran out: the write is under way */
  arc_solve_paint (solve, 0, 1, 5);
  arc_solve_flush_work (solve);
  grid = output_on_disk (path);
  g_assert_true (g_str_has_prefix (grid, "[[5,5,0,"));
  run_for (800);  /* the slow write is over */
  later = output_on_disk (path);
  g_assert_cmpstr (later, ==, grid);
  arc_file_set_write_fault (0, 0, 0);
  g_clear_object (&solve);
  remove_tree (dir);
}

/* Whether the listing of the work folder has the work file @file in progress */
static gboolean
listed_in_progress (GFile *file)
{
  g_autoptr(GHashTable) listed = arc_solve_list_work (NULL);
  g_autofree char *name = g_file_get_basename (file);

  return g_hash_table_contains (listed, name);
}

/* A task undone back to where it started is not in progress: its work file
 * stays, with the actions (the next attempt's trajectory), says it is not
 * changed, and the listing of the work folder leaves it out; a grid
 * changed again, or one of a file of version 3 (which does not say), is in
 * progress. After an attempt, where it started is the attempt's grid. */
static void
test_undone_to_start (void)
{
  g_autoptr(GFile) task_file = g_file_new_for_path ("/data/arc/undone.json");
  g_autoptr(GFile) file = arc_solve_dup_work_file (task_file, "undone");
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(ArcSolve) solve = new_solve (2);
  g_autoptr(JsonNode) root = NULL;
  JsonObject *o;

  arc_solve_set_work_file (solve, file);
  g_assert_false (arc_solve_is_changed (solve));
  arc_solve_paint (solve, 0, 0, 3);
  g_assert_true (arc_solve_is_changed (solve));
  arc_solve_flush_work (solve);
  o = read_object (path, &root);
  g_assert_true (json_object_get_boolean_member (o, "changed"));
  g_assert_true (listed_in_progress (file));

  g_assert_true (arc_solve_undo (solve));
  g_assert_false (arc_solve_is_changed (solve));
  arc_solve_flush_work (solve);
  g_clear_pointer (&root, json_node_unref);
  o = read_object (path, &root);
  g_assert_false (json_object_get_boolean_member (o, "changed"));
  g_assert_false (listed_in_progress (file));
  /* (the paint and the undo are kept, and come back) */
  {
    g_autoptr(ArcSolve) again = new_solve (2);

    arc_solve_set_work_file (again, file);
    g_assert_cmpuint (arc_solve_get_actions (again)->len, ==, 2);
    g_assert_false (arc_solve_is_changed (again));
  }

  /* Redone: in progress again */
  g_assert_true (arc_solve_redo (solve));
  arc_solve_flush_work (solve);
  g_assert_true (listed_in_progress (file));

  /* A wrong attempt: it starts there now; a change and its undo are not
   * in progress */
  {
    g_autoptr(ArcAttempt) attempt = arc_solve_submit (solve);

    g_assert_nonnull (attempt);
    g_assert_false (arc_solve_is_changed (solve));
    arc_solve_paint (solve, 0, 1, 4);
    g_assert_true (arc_solve_is_changed (solve));
    g_assert_true (arc_solve_undo (solve));
    g_assert_false (arc_solve_is_changed (solve));

    /* and so in a new session, from the attempt in the notes */
    {
      g_autoptr(ArcSolve) again = new_solve (2);

      arc_solve_add_past (again, attempt);
      g_assert_false (arc_solve_is_changed (again));
      arc_solve_reset (again);
      g_assert_true (arc_solve_is_changed (again));
    }
  }

  /* A file of version 3 does not say: in progress, as it was */
  g_assert_true (g_file_set_contents (path, "{\"format\": \"arc-studio-workspace\", \"version\": 3, "
                                      "\"tests\": [{\"time\": 1, \"output\": [[1, 1]]}]}", -1, NULL));
  g_assert_true (listed_in_progress (file));
  /* nor does one whose "changed" comes after its tests (not ours) */
  g_assert_true (g_file_set_contents (path, "{\"tests\": [], \"changed\": false}", -1, NULL));
  g_assert_true (listed_in_progress (file));
  g_assert_true (g_file_set_contents (path, "{\"format\": \"arc-studio-workspace\", \"version\": 4, "
                                      "\"changed\" : false, \"tests\": []}", -1, NULL));
  g_assert_false (listed_in_progress (file));
  g_clear_object (&solve);
  g_assert_cmpint (g_unlink (path), ==, 0);
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("arc-work-files-data-XXXXXX", NULL);
  int status;

  g_test_init (&argc, &argv, NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_test_add_func ("/arc/work-files/solved", test_solved);
  g_test_add_func ("/arc/work-files/failed", test_failed);
  g_test_add_func ("/arc/work-files/left-over", test_left_over);
  g_test_add_func ("/arc/work-files/trajectory-comes-back", test_trajectory_comes_back);
  g_test_add_func ("/arc/work-files/trajectory-after-submission", test_trajectory_after_submission);
  g_test_add_func ("/arc/work-files/clean", test_clean);
  g_test_add_func ("/arc/work-files/steady-strokes", test_steady_strokes);
  g_test_add_func ("/arc/work-files/stroke-end-writes", test_stroke_end_writes);
  g_test_add_func ("/arc/work-files/full-disk", test_full_disk);
  g_test_add_func ("/arc/work-files/flush-overtakes", test_flush_overtakes);
  g_test_add_func ("/arc/work-files/undone-to-start", test_undone_to_start);
  status = g_test_run ();
  remove_tree (data_home);
  return status;
}

/* test-task-edit.c: editing tasks: pair operations, one undo history, saves
 * that keep the file's layout and unknown members, Kaggle files edited in
 * place, and the content hash kept with attempts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "arc-core.h"
#include "test-util.h"

#define COMPACT_TASK \
  "{\"name\": \"demo\", \"train\": [{\"input\": [[1, 2], [3, 4]], \"output\": [[4, 3], [2, 1]], \"note\": [1, {\"a\": null}]}, " \
  "{\"input\": [[5]], \"output\": [[5, 5]]}], \"test\": [{\"input\": [[7, 8]], \"output\": [[8, 7]]}], \"meta\": {\"x\": 1.5, \"y\": \"é\"}}"

static char *
tmp_dir (void)
{
  GError *error = NULL;
  char *dir = g_dir_make_tmp ("arc-task-edit-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static char *
write_file (const char *dir,
            const char *name,
            const char *text)
{
  char *path = g_build_filename (dir, name, NULL);
  GError *error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  return path;
}

static char *
read_file (const char *path)
{
  char *text = NULL;
  GError *error = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

static ArcTaskEdit *
edit_text (const char *text)
{
  g_autoptr(ArcTask) task = arc_task_new_from_data (text, strlen (text), "t", NULL, NULL);

  g_assert_nonnull (task);
  return arc_task_edit_new (task);
}

static char *
grid_text (ArcTaskEdit *edit, ArcPairKind kind, guint index, ArcPairSide side)
{
  const ArcGrid *grid = arc_task_edit_get_grid (edit, kind, index, side);

  return grid ? arc_grid_to_string (grid) : g_strdup ("hidden");
}

static void
count_cb (ArcTaskEdit *edit, guint *count)
{
  (*count)++;
}

static void
test_pair_operations (void)
{
  g_autoptr(ArcTaskEdit) edit = edit_text (COMPACT_TASK);
  g_autofree char *before = arc_task_edit_serialize (edit, ARC_TASK_STYLE_COMPACT);
  g_autofree char *after = NULL;
  g_autofree char *t = NULL;
  guint n_changed = 0, index;

  g_signal_connect (edit, "changed", G_CALLBACK (count_cb), &n_changed);
  g_assert_false (arc_task_edit_get_modified (edit));
  g_assert_false (arc_task_edit_can_undo (edit));

  /* A new pair has the previous pair's sizes, every cell 0 */
  index = arc_task_edit_add_pair (edit, ARC_PAIR_TRAIN);
  g_assert_cmpuint (n_changed, ==, 1);
  g_assert_cmpuint (index, ==, 2);
  t = grid_text (edit, ARC_PAIR_TRAIN, 2, ARC_SIDE_INPUT);
  g_assert_cmpstr (t, ==, "[[0]]");
  g_clear_pointer (&t, g_free);
  t = grid_text (edit, ARC_PAIR_TRAIN, 2, ARC_SIDE_OUTPUT);
  g_assert_cmpstr (t, ==, "[[0,0]]");
  g_clear_pointer (&t, g_free);
  g_assert_true (arc_task_edit_get_modified (edit));

  /* Duplicate, move, swap, delete */
  g_assert_true (arc_task_edit_duplicate_pair (edit, ARC_PAIR_TRAIN, 0));
  g_assert_cmpuint (arc_task_edit_get_n_pairs (edit, ARC_PAIR_TRAIN), ==, 4);
  t = grid_text (edit, ARC_PAIR_TRAIN, 1, ARC_SIDE_INPUT);
  g_assert_cmpstr (t, ==, "[[1,2],[3,4]]");
  g_clear_pointer (&t, g_free);
  g_assert_true (arc_task_edit_move_pair (edit, ARC_PAIR_TRAIN, 2, 0));
  t = grid_text (edit, ARC_PAIR_TRAIN, 0, ARC_SIDE_OUTPUT);
  g_assert_cmpstr (t, ==, "[[5,5]]");
  g_clear_pointer (&t, g_free);
  g_assert_false (arc_task_edit_move_pair (edit, ARC_PAIR_TRAIN, 0, 4));
  g_assert_true (arc_task_edit_swap_sides (edit, ARC_PAIR_TRAIN, 0));
  t = grid_text (edit, ARC_PAIR_TRAIN, 0, ARC_SIDE_INPUT);
  g_assert_cmpstr (t, ==, "[[5,5]]");
  g_clear_pointer (&t, g_free);
  g_assert_true (arc_task_edit_delete_pair (edit, ARC_PAIR_TRAIN, 3));
  g_assert_cmpuint (arc_task_edit_get_n_pairs (edit, ARC_PAIR_TRAIN), ==, 3);

  /* Resize keeps what fits; hiding and giving back a test output */
  g_assert_true (arc_task_edit_resize_grid (edit, ARC_PAIR_TEST, 0, ARC_SIDE_INPUT, 2, 3));
  t = grid_text (edit, ARC_PAIR_TEST, 0, ARC_SIDE_INPUT);
  g_assert_cmpstr (t, ==, "[[7,8,0],[0,0,0]]");
  g_clear_pointer (&t, g_free);
  g_assert_false (arc_task_edit_resize_grid (edit, ARC_PAIR_TEST, 0, ARC_SIDE_INPUT, 31, 3));
  g_assert_true (arc_task_edit_set_test_output_shown (edit, 0, FALSE));
  g_assert_false (arc_task_edit_set_test_output_shown (edit, 0, FALSE));
  g_assert_null (arc_task_edit_get_grid (edit, ARC_PAIR_TEST, 0, ARC_SIDE_OUTPUT));
  g_assert_false (arc_task_edit_swap_sides (edit, ARC_PAIR_TEST, 0));
  /* after a hidden output, a new test pair's output is hidden too */
  arc_task_edit_add_pair (edit, ARC_PAIR_TEST);
  t = grid_text (edit, ARC_PAIR_TEST, 1, ARC_SIDE_OUTPUT);
  g_assert_cmpstr (t, ==, "hidden");
  g_clear_pointer (&t, g_free);
  g_assert_true (arc_task_edit_set_test_output_shown (edit, 1, TRUE));
  t = grid_text (edit, ARC_PAIR_TEST, 1, ARC_SIDE_OUTPUT);
  g_assert_cmpstr (t, ==, "[[0,0,0],[0,0,0]]");
  g_clear_pointer (&t, g_free);

  /* A grid edit: the same grid again is no step */
  {
    g_autoptr(ArcGrid) grid = arc_grid_copy (arc_task_edit_get_grid (edit, ARC_PAIR_TRAIN, 1, ARC_SIDE_OUTPUT));

    g_assert_false (arc_task_edit_set_grid (edit, ARC_PAIR_TRAIN, 1, ARC_SIDE_OUTPUT, grid));
    arc_grid_set (grid, 0, 0, 9);
    g_assert_true (arc_task_edit_set_grid (edit, ARC_PAIR_TRAIN, 1, ARC_SIDE_OUTPUT, grid));
  }

  /* A stroke over many cells is one step */
  {
    g_autoptr(ArcGrid) grid = arc_grid_copy (arc_task_edit_get_grid (edit, ARC_PAIR_TRAIN, 2, ARC_SIDE_INPUT));

    arc_task_edit_begin_group (edit);
    for (int c = 0; c < arc_grid_get_width (grid); c++)
      {
        arc_grid_set (grid, 0, c, 4);
        arc_task_edit_set_grid (edit, ARC_PAIR_TRAIN, 2, ARC_SIDE_INPUT, grid);
      }
    arc_task_edit_end_group (edit);
    arc_task_edit_undo (edit);
    t = grid_text (edit, ARC_PAIR_TRAIN, 2, ARC_SIDE_INPUT);
    g_assert_cmpstr (t, ==, "[[1,2],[3,4]]");
    g_clear_pointer (&t, g_free);
    arc_task_edit_redo (edit);
    t = grid_text (edit, ARC_PAIR_TRAIN, 2, ARC_SIDE_INPUT);
    g_assert_cmpstr (t, ==, "[[4,4],[3,4]]");
    g_clear_pointer (&t, g_free);
  }

  /* One history: undo everything, then redo it all */
  while (arc_task_edit_can_undo (edit))
    arc_task_edit_undo (edit);
  after = arc_task_edit_serialize (edit, ARC_TASK_STYLE_COMPACT);
  g_assert_cmpstr (after, ==, before);
  g_assert_false (arc_task_edit_get_modified (edit));
  g_assert_true (arc_task_edit_redo (edit));
  g_assert_true (arc_task_edit_get_modified (edit));
  while (arc_task_edit_can_redo (edit))
    arc_task_edit_redo (edit);
  t = grid_text (edit, ARC_PAIR_TRAIN, 1, ARC_SIDE_OUTPUT);
  g_assert_cmpstr (t, ==, "[[9,3],[2,1]]");
  g_clear_pointer (&t, g_free);
  g_assert_cmpuint (arc_task_edit_get_n_pairs (edit, ARC_PAIR_TEST), ==, 2);
}

typedef struct
{
  gboolean    stepped;
  ArcPairKind kind;
  guint       index;
  ArcPairSide side;
} Step;

static void
step_cb (ArcTaskEdit *edit, Step *step)
{
  step->stepped = arc_task_edit_get_step (edit, &step->kind, &step->index, &step->side);
}

/* An undo or a redo says where it changed the task, for a view to show */
static void
test_undo_place (void)
{
  g_autoptr(ArcTaskEdit) edit = edit_text (COMPACT_TASK);
  g_autoptr(ArcGrid) grid = arc_grid_copy (arc_task_edit_get_grid (edit, ARC_PAIR_TEST, 0, ARC_SIDE_OUTPUT));
  Step step = { 0 };

  g_signal_connect (edit, "changed", G_CALLBACK (step_cb), &step);
  arc_grid_set (grid, 0, 0, 9);
  g_assert_true (arc_task_edit_set_grid (edit, ARC_PAIR_TEST, 0, ARC_SIDE_OUTPUT, grid));
  g_assert_false (step.stepped);  /* an edit is no undo */
  arc_task_edit_add_pair (edit, ARC_PAIR_TRAIN);
  g_assert_true (arc_task_edit_swap_sides (edit, ARC_PAIR_TRAIN, 1));

  g_assert_true (arc_task_edit_undo (edit));  /* the swap: pair 2's input first */
  g_assert_true (step.stepped);
  g_assert_cmpint (step.kind, ==, ARC_PAIR_TRAIN);
  g_assert_cmpuint (step.index, ==, 1);
  g_assert_cmpint (step.side, ==, ARC_SIDE_INPUT);
  g_assert_true (arc_task_edit_undo (edit));  /* the pair added: where it was */
  g_assert_cmpint (step.kind, ==, ARC_PAIR_TRAIN);
  g_assert_cmpuint (step.index, ==, 2);
  g_assert_true (arc_task_edit_undo (edit));  /* the test output's cell */
  g_assert_cmpint (step.kind, ==, ARC_PAIR_TEST);
  g_assert_cmpuint (step.index, ==, 0);
  g_assert_cmpint (step.side, ==, ARC_SIDE_OUTPUT);
  g_assert_true (arc_task_edit_redo (edit));
  g_assert_true (step.stepped);
  g_assert_cmpint (step.kind, ==, ARC_PAIR_TEST);
  g_assert_cmpint (step.side, ==, ARC_SIDE_OUTPUT);
  /* Outside the signal, and at other changes, it says nothing */
  g_assert_false (arc_task_edit_get_step (edit, &step.kind, &step.index, &step.side));
  g_assert_true (arc_task_edit_delete_pair (edit, ARC_PAIR_TRAIN, 0));
  g_assert_false (step.stepped);
}

static void
test_blank (void)
{
  g_autoptr(ArcTaskEdit) edit = arc_task_edit_new_blank ("0a1b2c3d");
  g_autoptr(ArcTask) task = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  g_assert_true (arc_task_edit_get_modified (edit));
  g_assert_cmpuint (arc_task_edit_get_n_pairs (edit, ARC_PAIR_TRAIN), ==, 1);
  g_assert_cmpuint (arc_task_edit_get_n_pairs (edit, ARC_PAIR_TEST), ==, 1);
  text = arc_task_edit_serialize (edit, ARC_TASK_STYLE_COMPACT);
  g_assert_cmpstr (text, ==,
                   "{\"train\": [{\"input\": [[0, 0, 0], [0, 0, 0], [0, 0, 0]], \"output\": [[0, 0, 0], [0, 0, 0], [0, 0, 0]]}], "
                   "\"test\": [{\"input\": [[0, 0, 0], [0, 0, 0], [0, 0, 0]], \"output\": [[0, 0, 0], [0, 0, 0], [0, 0, 0]]}]}");
  /* valid, with a warning: one train pair */
  task = arc_task_edit_to_task (edit, &problems, &error);
  g_assert_no_error (error);
  g_assert_nonnull (task);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_cmpint (((ArcProblem *) problems->pdata[0])->severity, ==, ARC_SEVERITY_WARNING);
  /* no file yet: Save As */
  g_assert_false (arc_task_edit_save (edit, NULL, &error));
  g_assert_error (error, ARC_ERROR, ARC_ERROR_NOT_FOUND);
}

static void
assert_round_trip (const char *text, gboolean pretty)
{
  g_autofree char *dir = tmp_dir ();
  g_autofree char *path = write_file (dir, "task.json", text);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTaskEdit) edit = arc_task_edit_new_for_file (file, "task", &error);
  g_autoptr(ArcGrid) grid = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *saved = NULL;
  JsonObject *root, *pair;
  struct stat before, after;

  g_assert_no_error (error);
  g_assert_cmpint (arc_task_edit_get_style (edit), ==, pretty ? ARC_TASK_STYLE_PRETTY : ARC_TASK_STYLE_COMPACT);
  grid = arc_grid_copy (arc_task_edit_get_grid (edit, ARC_PAIR_TRAIN, 0, ARC_SIDE_INPUT));
  arc_grid_set (grid, 1, 1, 6);
  arc_task_edit_set_grid (edit, ARC_PAIR_TRAIN, 0, ARC_SIDE_INPUT, grid);
  arc_task_edit_add_pair (edit, ARC_PAIR_TRAIN);
  g_assert_cmpint (g_stat (path, &before), ==, 0);
  g_assert_true (arc_task_edit_save (edit, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (arc_task_edit_get_modified (edit));
  g_assert_cmpint (g_stat (path, &after), ==, 0);
  /* a new file renamed over the old one, never written in place */
  g_assert_cmpuint (before.st_ino, !=, after.st_ino);

  saved = read_file (path);
  if (pretty)
    g_assert_nonnull (strstr (saved, "\n    {\n      \"input\": [\n        [1, 2],\n        [3, 6]\n      ],"));
  else
    g_assert_null (strchr (saved, '\n'));
  g_assert_true (json_parser_load_from_data (parser, saved, -1, &error));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "name"), ==, "demo");
  g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (root, "meta"), "x"), ==, 1.5);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (root, "meta"), "y"), ==, "é");
  pair = json_array_get_object_element (json_object_get_array_member (root, "train"), 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (pair, "note")), ==, 2);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "train")), ==, 3);
  {
    /* member order as in the file */
    g_autoptr(GList) names = json_object_get_members (root);
    g_assert_cmpstr (names->data, ==, "name");
    g_assert_cmpstr (g_list_last (names)->data, ==, "meta");
  }
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_round_trip_compact (void)
{
  assert_round_trip (COMPACT_TASK, FALSE);
}

static void
test_round_trip_pretty (void)
{
  g_autofree char *pretty = arc_task_format_data (COMPACT_TASK, strlen (COMPACT_TASK), ARC_TASK_STYLE_PRETTY, NULL);

  g_assert_nonnull (pretty);
  assert_round_trip (pretty, TRUE);
}

static void
test_errors_block_save (void)
{
  g_autofree char *dir = tmp_dir ();
  g_autofree char *path = write_file (dir, "task.json", COMPACT_TASK);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTaskEdit) edit = arc_task_edit_new_for_file (file, "task", &error);
  g_autoptr(GPtrArray) problems = NULL;
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  arc_task_edit_delete_pair (edit, ARC_PAIR_TEST, 0);
  g_assert_false (arc_task_edit_save (edit, &problems, &error));
  g_assert_error (error, ARC_ERROR, ARC_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "task.json"));
  g_assert_nonnull (strstr (error->message, "no test pairs"));
  g_assert_cmpint (((ArcProblem *) problems->pdata[0])->severity, ==, ARC_SEVERITY_ERROR);
  text = read_file (path);
  g_assert_cmpstr (text, ==, COMPACT_TASK);
  g_assert_true (arc_task_edit_get_modified (edit));
  g_clear_error (&error);
  g_clear_pointer (&problems, g_ptr_array_unref);
  g_clear_pointer (&text, g_free);

  /* competition warnings (two train pairs) do not block */
  arc_task_edit_undo (edit);
  arc_task_edit_resize_grid (edit, ARC_PAIR_TEST, 0, ARC_SIDE_OUTPUT, 1, 1);
  g_assert_true (arc_task_edit_save (edit, &problems, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_cmpint (((ArcProblem *) problems->pdata[0])->severity, ==, ARC_SEVERITY_WARNING);
  text = read_file (path);
  g_assert_nonnull (strstr (text, "\"output\": [[8]]"));
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_external_change (void)
{
  g_autofree char *dir = tmp_dir ();
  g_autofree char *path = write_file (dir, "task.json", COMPACT_TASK);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTaskEdit) edit = arc_task_edit_new_for_file (file, "task", &error);
  g_autofree char *text = NULL;
  g_autofree char *other = NULL;

  g_assert_no_error (error);
  g_assert_false (arc_task_edit_changed_on_disk (edit));
  arc_task_edit_add_pair (edit, ARC_PAIR_TRAIN);
  g_assert_true (arc_task_edit_save (edit, NULL, &error));
  /* our own save is not a change by someone else */
  g_assert_false (arc_task_edit_changed_on_disk (edit));

  g_usleep (20000);
  other = g_strdup_printf ("%s\n", COMPACT_TASK);
  g_free (write_file (dir, "task.json", other));
  g_assert_true (arc_task_edit_changed_on_disk (edit));
  arc_task_edit_add_pair (edit, ARC_PAIR_TRAIN);
  g_assert_false (arc_task_edit_save (edit, NULL, &error));
  g_assert_error (error, ARC_ERROR, ARC_ERROR_CHANGED);
  text = read_file (path);
  g_assert_cmpstr (text, ==, other);
  g_clear_pointer (&text, g_free);
  /* the user chose to overwrite */
  arc_task_edit_forget_disk_state (edit);
  g_clear_error (&error);
  g_assert_true (arc_task_edit_save (edit, NULL, &error));
  g_assert_no_error (error);
  text = read_file (path);
  g_assert_cmpstr (text, !=, other);
  g_unlink (path);
  g_rmdir (dir);
}

/* A read-only task file is not replaced (renaming over it would work, and
 * make it writable): the save fails, saying so; Save As writes a copy */
static void
test_read_only_file (void)
{
  g_autofree char *dir = tmp_dir ();
  g_autofree char *path = write_file (dir, "task.json", COMPACT_TASK);
  g_autofree char *copy = g_build_filename (dir, "copy.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) copy_file = g_file_new_for_path (copy);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTaskEdit) edit = arc_task_edit_new_for_file (file, "task", &error);
  g_autofree char *text = NULL;
  GStatBuf st;

  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (path, 0444), ==, 0);
  arc_task_edit_add_pair (edit, ARC_PAIR_TRAIN);
  g_assert_false (arc_task_edit_save (edit, NULL, &error));
  g_assert_error (error, ARC_ERROR, ARC_ERROR_READ_ONLY);
  g_assert_nonnull (strstr (error->message, "read-only"));
  g_assert_nonnull (strstr (error->message, "task.json"));
  g_clear_error (&error);
  text = read_file (path);
  g_assert_cmpstr (text, ==, COMPACT_TASK);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0444);
  g_assert_true (arc_task_edit_get_modified (edit));

  g_assert_true (arc_task_edit_save_as (edit, copy_file, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (arc_task_edit_get_modified (edit));
  g_chmod (path, 0644);
  g_unlink (path);
  g_unlink (copy);
  g_rmdir (dir);
}

#define KAGGLE_A "{\"aaaa0001\": {\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]]}]},\n  \"bbbb0002\": "
#define KAGGLE_T "{\"test\": [{\"input\": [[4, 4]]}], \"train\": [{\"input\": [[5]], \"output\": [[6]]}], \"x\": true}"
#define KAGGLE_B ",\"cccc0003\":{\"train\":[{\"input\":[[7]],\"output\":[[8]]}],\"test\":[{\"input\":[[9]]}]}}\n"
#define SOL_A "{\"aaaa0001\": [[[2]]], \"bbbb0002\": "
#define SOL_T "[[[4, 0]]]"
#define SOL_B ", \"cccc0003\":[[[1]]]}"

static void
test_kaggle_in_place (void)
{
  g_autofree char *dir = tmp_dir ();
  g_autofree char *ch_path = write_file (dir, "x_challenges.json", KAGGLE_A KAGGLE_T KAGGLE_B);
  g_autofree char *sol_path = write_file (dir, "x_solutions.json", SOL_A SOL_T SOL_B);
  g_autoptr(GFile) file = g_file_new_for_path (ch_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTaskEdit) edit = arc_task_edit_new_for_combined (file, "bbbb0002", &error);
  g_autoptr(ArcTaskEdit) again = NULL;
  g_autoptr(ArcGrid) grid = NULL;
  g_autofree char *ch = NULL;
  g_autofree char *sol = NULL;
  g_autofree char *t = NULL;

  g_assert_no_error (error);
  g_assert_true (arc_task_edit_is_combined (edit));
  t = grid_text (edit, ARC_PAIR_TEST, 0, ARC_SIDE_OUTPUT);
  g_assert_cmpstr (t, ==, "[[4,0]]");
  g_clear_pointer (&t, g_free);

  grid = arc_grid_new (1, 2);
  arc_grid_set (grid, 0, 1, 3);
  arc_task_edit_set_grid (edit, ARC_PAIR_TEST, 0, ARC_SIDE_OUTPUT, grid);
  arc_task_edit_add_pair (edit, ARC_PAIR_TRAIN);
  g_assert_true (arc_task_edit_save (edit, NULL, &error));
  g_assert_no_error (error);

  /* every other task byte for byte as it was; ours in the file's order */
  ch = read_file (ch_path);
  g_assert_true (g_str_has_prefix (ch, KAGGLE_A));
  g_assert_true (g_str_has_suffix (ch, KAGGLE_B));
  g_assert_cmpstr (ch + strlen (KAGGLE_A), ==,
                   "{\"test\": [{\"input\": [[4, 4]]}], \"train\": [{\"input\": [[5]], \"output\": [[6]]}, "
                   "{\"input\": [[0]], \"output\": [[0]]}], \"x\": true}" KAGGLE_B);
  sol = read_file (sol_path);
  g_assert_cmpstr (sol, ==, SOL_A "[[[0, 3]]]" SOL_B);

  again = arc_task_edit_new_for_combined (file, "bbbb0002", &error);
  g_assert_no_error (error);
  t = grid_text (again, ARC_PAIR_TEST, 0, ARC_SIDE_OUTPUT);
  g_assert_cmpstr (t, ==, "[[0,3]]");
  g_clear_pointer (&t, g_free);
  g_clear_object (&again);

  /* a task without solutions gets them added; a hidden output with
   * solutions listed is refused without writing anything */
  again = arc_task_edit_new_for_combined (file, "cccc0003", &error);
  g_assert_no_error (error);
  g_assert_nonnull (arc_task_edit_get_grid (again, ARC_PAIR_TEST, 0, ARC_SIDE_OUTPUT));
  g_assert_true (arc_task_edit_set_test_output_shown (again, 0, FALSE));
  g_assert_false (arc_task_edit_save (again, NULL, &error));
  g_assert_error (error, ARC_ERROR, ARC_ERROR_INVALID);
  /* (said as it is: it cannot be hidden there, not "hide them all") */
  g_assert_nonnull (strstr (error->message, "which cannot be hidden there: show them again to save"));
  g_clear_error (&error);
  g_free (ch);
  ch = read_file (ch_path);
  g_assert_true (g_str_has_suffix (ch, KAGGLE_B));
  g_clear_object (&again);

  g_remove (sol_path);
  g_free (write_file (dir, "x_solutions.json", "{\"aaaa0001\": [[[2]]]}"));
  again = arc_task_edit_new_for_combined (file, "cccc0003", &error);
  g_assert_no_error (error);
  g_assert_true (arc_task_edit_set_test_output_shown (again, 0, TRUE));
  g_assert_true (arc_task_edit_save (again, NULL, &error));
  g_assert_no_error (error);
  g_free (sol);
  sol = read_file (sol_path);
  g_assert_cmpstr (sol, ==, "{\"aaaa0001\": [[[2]]], \"cccc0003\": [[[0]]]}");
  g_free (ch);
  ch = read_file (ch_path);

  /* Save As: a task file of its own; the Kaggle files stay */
  {
    g_autofree char *own = g_build_filename (dir, "mine.json", NULL);
    g_autoptr(GFile) own_file = g_file_new_for_path (own);
    g_autofree char *text = NULL;
    g_autofree char *ch2 = NULL;

    g_assert_true (arc_task_edit_save_as (edit, own_file, NULL, &error));
    g_assert_no_error (error);
    g_assert_false (arc_task_edit_is_combined (edit));
    g_assert_cmpstr (arc_task_edit_get_id (edit), ==, "mine");
    text = read_file (own);
    g_assert_cmpstr (text, ==,
                     "{\"test\": [{\"input\": [[4, 4]], \"output\": [[0, 3]]}], \"train\": [{\"input\": [[5]], \"output\": [[6]]}, "
                     "{\"input\": [[0]], \"output\": [[0]]}], \"x\": true}");
    ch2 = read_file (ch_path);
    g_assert_cmpstr (ch2, ==, ch);
    g_unlink (own);
  }
  g_unlink (ch_path);
  g_unlink (sol_path);
  g_rmdir (dir);
}

static void
test_content_hash (void)
{
  const char *a = "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]]}]}";
  const char *b = "{ \"test\" : [ {\"input\":[[3]]} ],\n \"train\": [{\"output\": [[2]], \"input\": [[1]]}], \"extra\": 1 }";
  const char *c = "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[4]]}]}";
  g_autoptr(ArcTask) ta = arc_task_new_from_data (a, strlen (a), "a", NULL, NULL);
  g_autoptr(ArcTask) tb = arc_task_new_from_data (b, strlen (b), "b", NULL, NULL);
  g_autoptr(ArcTask) tc = arc_task_new_from_data (c, strlen (c), "c", NULL, NULL);
  g_autofree char *ha = arc_task_dup_content_hash (ta);
  g_autofree char *hb = arc_task_dup_content_hash (tb);
  g_autofree char *hc = arc_task_dup_content_hash (tc);

  g_assert_cmpuint (strlen (ha), ==, 64);
  g_assert_cmpstr (ha, ==, hb);
  g_assert_cmpstr (ha, !=, hc);
}

/* Submitting records the task's hash; it survives the notes file */
static void
test_attempt_hash (void)
{
  const char *text = "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]], \"output\": [[3]]}]}";
  g_autoptr(ArcTask) task = arc_task_new_from_data (text, strlen (text), "t", NULL, NULL);
  g_autoptr(ArcSolve) solve = arc_solve_new (task, 2);
  g_autoptr(ArcTaskEdit) edit = arc_task_edit_new (task);
  g_autoptr(ArcTask) edited = NULL;
  g_autofree char *hash = arc_task_dup_content_hash (task);
  g_autofree char *new_hash = NULL;
  ArcAttempt *attempt = arc_solve_submit (solve);
  ArcAnnotation *annotation = arc_annotation_new ();
  ArcAnnotation *copy;
  ArcAttempt *read;

  g_assert_cmpstr (attempt->task_hash, ==, hash);
  g_assert_false (arc_attempt_is_earlier_version (attempt, hash));
  g_ptr_array_add (annotation->attempts, attempt);
  copy = arc_annotation_copy (annotation);
  read = copy->attempts->pdata[0];
  g_assert_cmpstr (read->task_hash, ==, hash);

  arc_task_edit_resize_grid (edit, ARC_PAIR_TEST, 0, ARC_SIDE_OUTPUT, 2, 2);
  edited = arc_task_edit_to_task (edit, NULL, NULL);
  new_hash = arc_task_dup_content_hash (edited);
  g_assert_true (arc_attempt_is_earlier_version (read, new_hash));
  g_clear_pointer (&read->task_hash, g_free);
  g_assert_false (arc_attempt_is_earlier_version (read, new_hash));
  arc_annotation_free (annotation);
  arc_annotation_free (copy);
}

static void
test_format (void)
{
  g_autofree char *pretty = arc_task_format_data (COMPACT_TASK, strlen (COMPACT_TASK), ARC_TASK_STYLE_PRETTY, NULL);
  g_autofree char *compact = NULL;
  g_autofree char *pretty2 = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (pretty);
  g_assert_true (g_str_has_suffix (pretty, "}\n"));
  g_assert_true (g_str_has_prefix (pretty, "{\n  \"name\": \"demo\",\n  \"train\": [\n    {\n      \"input\": [\n        [1, 2],\n"));
  g_assert_nonnull (strstr (pretty, "      \"note\": [\n        1,\n        {\n          \"a\": null\n        }\n      ]\n"));
  g_assert_cmpint (arc_task_style_of_data (pretty, strlen (pretty)), ==, ARC_TASK_STYLE_PRETTY);
  compact = arc_task_format_data (pretty, strlen (pretty), ARC_TASK_STYLE_COMPACT, NULL);
  g_assert_cmpstr (compact, ==, COMPACT_TASK);
  pretty2 = arc_task_format_data (compact, strlen (compact), ARC_TASK_STYLE_PRETTY, NULL);
  g_assert_cmpstr (pretty2, ==, pretty);
  {
    /* a byte order mark goes */
    g_autofree char *bom = g_strconcat ("\xEF\xBB\xBF", COMPACT_TASK, NULL);
    g_autofree char *no_bom = arc_task_format_data (bom, strlen (bom), ARC_TASK_STYLE_COMPACT, NULL);

    g_assert_cmpstr (no_bom, ==, COMPACT_TASK);
  }
  g_assert_null (arc_task_format_data ("{\"train\": []}", 13, ARC_TASK_STYLE_PRETTY, &error));
  g_assert_error (error, ARC_ERROR, ARC_ERROR_INVALID);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/arc/task-edit/pair-operations", test_pair_operations);
  g_test_add_func ("/arc/task-edit/undo-place", test_undo_place);
  g_test_add_func ("/arc/task-edit/blank", test_blank);
  g_test_add_func ("/arc/task-edit/round-trip-compact", test_round_trip_compact);
  g_test_add_func ("/arc/task-edit/round-trip-pretty", test_round_trip_pretty);
  g_test_add_func ("/arc/task-edit/errors-block-save", test_errors_block_save);
  g_test_add_func ("/arc/task-edit/external-change", test_external_change);
  g_test_add_func ("/arc/task-edit/read-only-file", test_read_only_file);
  g_test_add_func ("/arc/task-edit/kaggle-in-place", test_kaggle_in_place);
  g_test_add_func ("/arc/task-edit/content-hash", test_content_hash);
  g_test_add_func ("/arc/task-edit/attempt-hash", test_attempt_hash);
  g_test_add_func ("/arc/task-edit/format", test_format);

  return g_test_run ();
}

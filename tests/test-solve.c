/* test-solve.c: the solve workspace's model: every tool, undo/redo, submit and trials
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "arc-core.h"

/* Test 0: input 2x3, answer its flip; test 1: hidden answer */
static const char task_json[] =
  "{\"train\": [{\"input\": [[1]], \"output\": [[1]]}],"
  " \"test\": [{\"input\": [[1, 2, 0], [0, 3, 4]], \"output\": [[0, 2, 1], [4, 3, 0]]},"
  "            {\"input\": [[5, 5], [5, 0]]}]}";

static ArcSolve *
new_solve (guint trials)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTask) task = arc_task_new_from_data (task_json, strlen (task_json), "t", NULL, &error);

  g_assert_no_error (error);
  return arc_solve_new (task, trials);
}

static void
assert_output (ArcSolve *solve, const char *expected)
{
  g_autofree char *text = arc_grid_to_string (arc_solve_get_output (solve));
  g_assert_cmpstr (text, ==, expected);
}

static void
test_start_and_tools (void)
{
  g_autoptr(ArcSolve) solve = new_solve (2);
  ArcRect sel = { 0, 0, 2, 2 };
  ArcRect got;

  /* Sized to the test input at first, empty */
  assert_output (solve, "[[0,0,0],[0,0,0]]");
  arc_solve_copy_from_input (solve);
  assert_output (solve, "[[1,2,0],[0,3,4]]");

  /* Paint, flood fill */
  g_assert_true (arc_solve_paint (solve, 0, 2, 7));
  g_assert_false (arc_solve_paint (solve, 0, 2, 7));   /* no change */
  g_assert_false (arc_solve_paint (solve, 5, 5, 7));   /* off the grid */
  assert_output (solve, "[[1,2,7],[0,3,4]]");
  g_assert_true (arc_solve_flood_fill (solve, 1, 0, 9));
  assert_output (solve, "[[1,2,7],[9,3,4]]");

  /* Selection: fill, rotate, flip, move, crop */
  arc_solve_set_selection (solve, &sel);
  g_assert_true (arc_solve_flip (solve, TRUE));
  assert_output (solve, "[[2,1,7],[3,9,4]]");
  g_assert_true (arc_solve_rotate (solve, TRUE));
  assert_output (solve, "[[3,2,7],[9,1,4]]");
  g_assert_true (arc_solve_move (solve, 0, 1));
  assert_output (solve, "[[0,3,2],[0,9,1]]");
  g_assert_true (arc_solve_get_selection (solve, &got));
  g_assert_cmpint (got.col, ==, 1);
  g_assert_true (arc_solve_fill_selection (solve, 0));
  assert_output (solve, "[[0,0,0],[0,0,0]]");

  /* Resize keeps the top-left; bad sizes are refused */
  arc_solve_paint (solve, 0, 0, 5);
  g_assert_true (arc_solve_resize (solve, 3, 1));
  assert_output (solve, "[[5],[0],[0]]");
  g_assert_false (arc_solve_resize (solve, 0, 3));
  g_assert_false (arc_solve_resize (solve, 31, 3));
  g_assert_false (arc_solve_resize (solve, 3, 1));
  arc_solve_reset (solve);
  assert_output (solve, "[[0],[0],[0]]");

  /* Crop to the selection */
  arc_solve_copy_from_input (solve);
  sel = (ArcRect) { 0, 1, 2, 2 };
  arc_solve_set_selection (solve, &sel);
  g_assert_true (arc_solve_crop (solve));
  assert_output (solve, "[[2,0],[3,4]]");
  g_assert_false (arc_solve_get_selection (solve, NULL));
}

static void
test_copy_paste (void)
{
  g_autoptr(ArcSolve) solve = new_solve (2);
  ArcRect from_input = { 0, 0, 2, 2 };
  g_autoptr(ArcGrid) clip = arc_grid_copy_rect (arc_solve_get_input (solve), &from_input);
  ArcRect sel;

  arc_solve_set_clipboard (solve, clip);
  /* Pasted with its top-left at the cell; what falls off is dropped */
  g_assert_true (arc_solve_paste (solve, 1, 2));
  assert_output (solve, "[[0,0,0],[0,0,1]]");
  g_assert_true (arc_solve_get_selection (solve, &sel));
  g_assert_cmpint (sel.height, ==, 1);
  g_assert_cmpint (sel.width, ==, 1);
  g_assert_true (arc_solve_paste (solve, 0, 0));
  assert_output (solve, "[[1,2,0],[0,3,1]]");
  g_assert_false (arc_solve_paste (solve, 9, 9));
}

static void
test_undo_redo (void)
{
  g_autoptr(ArcSolve) solve = new_solve (2);
  ArcRect sel = { 0, 0, 1, 2 };

  g_assert_false (arc_solve_can_undo (solve));
  arc_solve_copy_from_input (solve);
  /* A stroke across cells is one step */
  arc_solve_begin_stroke (solve);
  arc_solve_paint (solve, 0, 0, 8);
  arc_solve_paint (solve, 0, 1, 8);
  arc_solve_paint (solve, 0, 2, 8);
  arc_solve_end_stroke (solve);
  assert_output (solve, "[[8,8,8],[0,3,4]]");
  g_assert_true (arc_solve_resize (solve, 1, 1));
  arc_solve_set_selection (solve, &sel);
  g_assert_true (arc_solve_resize (solve, 2, 2));
  {
    g_autoptr(ArcGrid) clip = arc_grid_new (1, 1);
    arc_grid_set (clip, 0, 0, 6);
    arc_solve_set_clipboard (solve, clip);
  }
  g_assert_true (arc_solve_paste (solve, 1, 1));
  assert_output (solve, "[[8,0],[0,6]]");

  /* Back across paste, resizes, the stroke and the copy; then forward */
  g_assert_true (arc_solve_undo (solve));
  assert_output (solve, "[[8,0],[0,0]]");
  g_assert_true (arc_solve_undo (solve));
  assert_output (solve, "[[8]]");
  g_assert_true (arc_solve_undo (solve));
  assert_output (solve, "[[8,8,8],[0,3,4]]");
  g_assert_true (arc_solve_undo (solve));
  assert_output (solve, "[[1,2,0],[0,3,4]]");
  g_assert_true (arc_solve_undo (solve));
  assert_output (solve, "[[0,0,0],[0,0,0]]");
  g_assert_false (arc_solve_undo (solve));
  g_assert_true (arc_solve_redo (solve));
  g_assert_true (arc_solve_redo (solve));
  g_assert_true (arc_solve_redo (solve));
  assert_output (solve, "[[8]]");
  /* A new change ends the redo */
  arc_solve_paint (solve, 0, 0, 1);
  g_assert_false (arc_solve_can_redo (solve));
}

static void
test_submit_and_trials (void)
{
  g_autoptr(ArcSolve) solve = new_solve (2);
  g_autoptr(ArcAttempt) a1 = NULL;
  g_autoptr(ArcAttempt) a2 = NULL;
  g_autoptr(ArcAttempt) a3 = NULL;

  /* Wider than the answer but equal on the overlap: wrong */
  arc_solve_copy_from_input (solve);
  arc_solve_resize (solve, 2, 4);
  arc_solve_paint (solve, 0, 0, 0);
  arc_solve_paint (solve, 0, 2, 1);
  arc_solve_paint (solve, 1, 0, 4);
  arc_solve_paint (solve, 1, 2, 0);
  assert_output (solve, "[[0,2,1,0],[4,3,0,0]]");
  a1 = arc_solve_submit (solve);
  g_assert_cmpint (a1->verdict, ==, ARC_VERDICT_WRONG);
  g_assert_true (a1->counts);
  g_assert_cmpuint (a1->trials, ==, 2);  /* recorded, for the failed rule */
  g_assert_cmpuint (arc_solve_get_trials_left (solve, 0), ==, 1);
  g_assert_nonnull (arc_solve_get_last_wrong (solve));

  /* Right: solved; later attempts are practice */
  arc_solve_resize (solve, 2, 3);
  a2 = arc_solve_submit (solve);
  g_assert_cmpint (a2->verdict, ==, ARC_VERDICT_CORRECT);
  g_assert_cmpint (arc_solve_get_state (solve, 0), ==, ARC_TEST_SOLVED);
  a3 = arc_solve_submit (solve);
  g_assert_false (a3->counts);
  g_assert_false (arc_solve_is_solved (solve));   /* test 1 is not */

  /* A hidden answer: unverified, nothing judged, no trial used */
  arc_solve_set_current (solve, 1);
  assert_output (solve, "[[0,0],[0,0]]");
  {
    g_autoptr(ArcAttempt) u = arc_solve_submit (solve);
    g_assert_cmpint (u->verdict, ==, ARC_VERDICT_UNVERIFIED);
    g_assert_cmpuint (arc_solve_get_trials_left (solve, 1), ==, 2);
    g_assert_cmpint (arc_solve_get_state (solve, 1), ==, ARC_TEST_OPEN);
  }
  /* Each test input keeps its own grid */
  arc_solve_set_current (solve, 0);
  assert_output (solve, "[[0,2,1],[4,3,0]]");
}

static void
test_trials_run_out (void)
{
  g_autoptr(ArcSolve) solve = new_solve (3);
  g_autoptr(ArcSolve) again = new_solve (3);

  for (int i = 0; i < 3; i++)
    {
      g_autoptr(ArcAttempt) a = NULL;

      arc_solve_paint (solve, 0, 0, (guint8) (i + 5));  /* each a new wrong grid */
      a = arc_solve_submit (solve);
      g_assert_true (a->counts);
      arc_solve_add_past (again, a);
    }
  g_assert_cmpint (arc_solve_get_state (solve, 0), ==, ARC_TEST_FAILED);
  g_assert_cmpuint (arc_solve_get_trials_left (solve, 0), ==, 0);
  {
    g_autoptr(ArcAttempt) practice = arc_solve_submit (solve);
    g_assert_false (practice->counts);
  }
  /* Attempts read back from the notes give the same state */
  g_assert_cmpint (arc_solve_get_state (again, 0), ==, ARC_TEST_FAILED);
}

/* The grid of an earlier wrong attempt spends no trial, and is not
 * recorded; after the trials it is practice like any other */
static void
test_repeat_spends_nothing (void)
{
  g_autoptr(ArcSolve) solve = new_solve (2);
  g_autoptr(ArcSolve) again = new_solve (2);
  g_autoptr(ArcAttempt) first = NULL;
  g_autoptr(ArcAttempt) second = NULL;
  g_autoptr(ArcAttempt) practice = NULL;

  g_assert_false (arc_solve_is_repeat (solve));
  first = arc_solve_submit (solve);
  g_assert_cmpint (first->verdict, ==, ARC_VERDICT_WRONG);
  g_assert_cmpuint (arc_solve_get_trials_left (solve, 0), ==, 1);

  /* The same grid again: nothing spent, nothing recorded */
  g_assert_true (arc_solve_is_repeat (solve));
  g_assert_null (arc_solve_submit (solve));
  g_assert_cmpuint (arc_solve_get_trials_left (solve, 0), ==, 1);
  g_assert_cmpint (arc_solve_get_state (solve, 0), ==, ARC_TEST_OPEN);

  /* Changed and changed back: still the same grid */
  arc_solve_paint (solve, 0, 0, 3);
  g_assert_false (arc_solve_is_repeat (solve));
  arc_solve_undo (solve);
  g_assert_true (arc_solve_is_repeat (solve));

  /* Another wrong grid spends the last trial */
  arc_solve_paint (solve, 0, 0, 3);
  second = arc_solve_submit (solve);
  g_assert_true (second->counts);
  g_assert_cmpint (arc_solve_get_state (solve, 0), ==, ARC_TEST_FAILED);
  /* then the first grid is practice, recorded as such */
  arc_solve_undo (solve);
  g_assert_false (arc_solve_is_repeat (solve));
  practice = arc_solve_submit (solve);
  g_assert_nonnull (practice);
  g_assert_false (practice->counts);

  /* Attempts read back from the notes tell repeats too */
  arc_solve_add_past (again, first);
  g_assert_true (arc_solve_is_repeat (again));
  /* on their own test input only */
  arc_solve_set_current (again, 1);
  g_assert_false (arc_solve_is_repeat (again));
}

static void
test_trajectory (void)
{
  g_autoptr(ArcSolve) solve = new_solve (2);
  g_autoptr(GPtrArray) states = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_grid_free);
  g_autoptr(ArcAttempt) attempt = NULL;
  ArcRect sel = { 0, 0, 1, 2 };
  ArcRect whole = { 0, 0, 2, 3 };
  static const struct { const char *category, *operation; int x, y, colour; const char *direction; int jax; } expected[] = {
    { "Critical", "CopyFromInput", -1, -1, -1, NULL, 32 },
    { "Coloring", "Paint", 2, 0, 5, NULL, 5 },
    { "Coloring", "FloodFill", 0, 1, 6, NULL, 16 },
    { "Selection", "SelectCell", 0, 0, -1, NULL, -1 },
    { "Object-Oriented", "Rotate", -1, -1, -1, "cw", 24 },
    { "Object-Oriented", "Flip", -1, -1, -1, "vertical", 27 },
    { "Object-Oriented", "Move", -1, -1, -1, "right", 23 },
    { "Clipboard", "CopyO", 1, 0, -1, NULL, 28 },
    { "Coloring", "Paint", -1, -1, 0, NULL, 31 },
    { "Clipboard", "Paste", 1, 1, -1, NULL, 29 },
    { "History", "Undo", -1, -1, -1, NULL, -1 },
    { "History", "Redo", -1, -1, -1, NULL, -1 },
    { "Critical", "ResizeGrid", -1, -1, -1, NULL, 33 },
    { "Critical", "ResetGrid", -1, -1, -1, NULL, 31 },
    { "Critical", "Submit", -1, -1, -1, NULL, 34 },
  };

  /* A scripted sequence; the grid after each step is kept */
#define STEP(code) G_STMT_START { code; g_ptr_array_add (states, arc_grid_copy (arc_solve_get_output (solve))); } G_STMT_END
  STEP (arc_solve_copy_from_input (solve));
  STEP (arc_solve_paint (solve, 0, 2, 5));
  STEP (arc_solve_flood_fill (solve, 1, 0, 6));
  STEP (arc_solve_set_selection (solve, &sel));
  STEP (arc_solve_rotate (solve, TRUE));
  STEP (arc_solve_flip (solve, FALSE));
  STEP (arc_solve_move (solve, 0, 1));
  {
    ArcCells now;

    arc_solve_get_selected_cells (solve, &now);
    STEP (g_assert_true (arc_solve_copy_cells (solve, FALSE, &now)));
  }
  STEP (arc_solve_fill_selection (solve, 0));
  STEP (arc_solve_paste (solve, 1, 1));
  STEP (arc_solve_undo (solve));
  STEP (arc_solve_redo (solve));
  STEP (arc_solve_resize (solve, 3, 3));
  STEP (arc_solve_reset (solve));
#undef STEP
  (void) whole;
  attempt = arc_solve_submit (solve);
  g_assert_nonnull (attempt->actions);
  g_assert_cmpuint (attempt->actions->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < attempt->actions->len; i++)
    {
      ArcAction *a = attempt->actions->pdata[i];

      g_test_message ("step %u: %s", i, a->operation);
      g_assert_cmpstr (a->category, ==, expected[i].category);
      g_assert_cmpstr (a->operation, ==, expected[i].operation);
      if (expected[i].x >= 0)
        {
          g_assert_cmpint (a->x, ==, expected[i].x);
          g_assert_cmpint (a->y, ==, expected[i].y);
        }
      g_assert_cmpint (a->colour, ==, expected[i].colour);
      g_assert_cmpstr (a->direction, ==, expected[i].direction);
      g_assert_cmpint (arc_action_jaxarc_id (a), ==, expected[i].jax);
      g_assert_cmpint (a->time, >, 0);
      /* Replay: the grid before each action is the grid after the one before */
      g_assert_nonnull (a->grid);
      if (i > 0)
        g_assert_true (arc_grid_equal (a->grid, states->pdata[i - 1]));
    }
  /* The selection's cells travel with the action */
  {
    ArcAction *rotate = attempt->actions->pdata[4];
    g_assert_cmpint (rotate->selection.height, ==, 1);
    g_assert_cmpint (rotate->selection.width, ==, 2);
    g_assert_nonnull (rotate->object);
    g_assert_cmpint (((ArcAction *) attempt->actions->pdata[12])->height, ==, 3);
  }
  /* The next attempt starts a new trajectory */
  g_assert_cmpuint (arc_solve_get_actions (solve)->len, ==, 0);

  /* Round trip through the notes' JSON */
  for (guint i = 0; i < attempt->actions->len; i++)
    {
      ArcAction *a = attempt->actions->pdata[i];
      g_autoptr(JsonNode) node = arc_action_to_node (a);
      g_autoptr(ArcAction) back = arc_action_new_from_node (node, NULL);

      g_assert_nonnull (back);
      g_assert_cmpstr (back->operation, ==, a->operation);
      g_assert_cmpint (back->x, ==, a->x);
      g_assert_cmpint (back->colour, ==, a->colour);
      g_assert_true (arc_grid_equal (back->grid, a->grid));
      g_assert_cmpint (back->time / 1000, ==, a->time / 1000);
    }
}

/* A 5x6 test input of distinct patterns, to see any cell that goes wrong */
static const char float_json[] =
  "{\"train\": [{\"input\": [[1]], \"output\": [[1]]}],"
  " \"test\": [{\"input\": [[1,2,3,4,5,6],[7,8,9,1,2,3],[4,5,6,7,8,9],[9,8,7,6,5,4],[3,2,1,9,8,7]]}]}";

static ArcSolve *
new_float_solve (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTask) task = arc_task_new_from_data (float_json, strlen (float_json), "f", NULL, &error);
  ArcSolve *solve;

  g_assert_no_error (error);
  solve = arc_solve_new (task, 2);
  arc_solve_copy_from_input (solve);
  return solve;
}

/* Rotate, flip and move never destroy a cell outside the selection */
static void
test_floating_rotate (void)
{
  g_autoptr(ArcSolve) solve = new_float_solve ();
  g_autoptr(ArcGrid) before = arc_grid_copy (arc_solve_get_output (solve));
  ArcRect sel = { 1, 1, 3, 4 };
  ArcRect got;
  guint steps = 0;

  arc_solve_set_selection (solve, &sel);
  g_assert_false (arc_solve_is_floating (solve));
  /* A 3x4 block turned once is 4x3 at the same top-left: it covers row 4
   * and leaves column 4 of rows 1-3 empty (0) */
  g_assert_true (arc_solve_rotate (solve, TRUE));
  g_assert_true (arc_solve_is_floating (solve));
  assert_output (solve, "[[1,2,3,4,5,6],[7,8,5,8,0,3],[4,7,6,9,0,9],[9,6,7,1,0,4],[3,5,8,2,8,7]]");
  g_assert_true (arc_solve_get_selection (solve, &got));
  g_assert_cmpint (got.row, ==, 1);
  g_assert_cmpint (got.height, ==, 4);
  g_assert_cmpint (got.width, ==, 3);
  /* The second turn uncovers row 4 again */
  g_assert_true (arc_solve_rotate (solve, TRUE));
  assert_output (solve, "[[1,2,3,4,5,6],[7,5,6,7,8,3],[4,8,7,6,5,9],[9,2,1,9,8,4],[3,2,1,9,8,7]]");
  g_assert_true (arc_solve_rotate (solve, TRUE));
  g_assert_true (arc_solve_rotate (solve, TRUE));
  g_assert_true (arc_grid_equal (arc_solve_get_output (solve), before));
  /* Counter-clockwise, and flips, undo each other as well */
  g_assert_true (arc_solve_rotate (solve, FALSE));
  g_assert_true (arc_solve_rotate (solve, TRUE));
  g_assert_true (arc_solve_flip (solve, TRUE));
  g_assert_true (arc_solve_flip (solve, FALSE));
  g_assert_true (arc_solve_flip (solve, TRUE));
  g_assert_true (arc_solve_flip (solve, FALSE));
  g_assert_true (arc_grid_equal (arc_solve_get_output (solve), before));
  g_assert_true (arc_solve_get_selection (solve, &got));
  g_assert_cmpint (memcmp (&got, &sel, sizeof sel), ==, 0);

  /* Undo: one step per action, back to the copy from the input */
  while (arc_solve_undo (solve))
    steps++;
  g_assert_cmpuint (steps, ==, 11);
  assert_output (solve, "[[0,0,0,0,0,0],[0,0,0,0,0,0],[0,0,0,0,0,0],[0,0,0,0,0,0],[0,0,0,0,0,0]]");
  /* and forward again, with the selection still floating */
  while (arc_solve_redo (solve))
    ;
  g_assert_true (arc_grid_equal (arc_solve_get_output (solve), before));
  g_assert_true (arc_solve_is_floating (solve));
}

static void
test_floating_move (void)
{
  g_autoptr(ArcSolve) solve = new_float_solve ();
  g_autoptr(ArcGrid) before = arc_grid_copy (arc_solve_get_output (solve));
  ArcRect sel = { 0, 0, 2, 2 };
  ArcRect got;

  arc_solve_set_selection (solve, &sel);
  g_assert_true (arc_solve_move (solve, 0, 1));
  /* The cells it leaves are 0; the cells it covers are kept under it */
  assert_output (solve, "[[0,1,2,4,5,6],[0,7,8,1,2,3],[4,5,6,7,8,9],[9,8,7,6,5,4],[3,2,1,9,8,7]]");
  g_assert_true (arc_solve_move (solve, 0, -1));
  g_assert_true (arc_grid_equal (arc_solve_get_output (solve), before));

  /* Off the edge and back: the cells off the grid are kept while it floats */
  g_assert_true (arc_solve_move (solve, 0, -1));
  assert_output (solve, "[[2,0,3,4,5,6],[8,0,9,1,2,3],[4,5,6,7,8,9],[9,8,7,6,5,4],[3,2,1,9,8,7]]");
  g_assert_true (arc_solve_get_selection (solve, &got));
  g_assert_cmpint (got.col, ==, 0);
  g_assert_cmpint (got.width, ==, 1);
  /* Not wholly off the grid */
  g_assert_false (arc_solve_move (solve, 0, -1));
  g_assert_true (arc_solve_move (solve, 0, 1));
  g_assert_true (arc_grid_equal (arc_solve_get_output (solve), before));

  /* Painting while it floats: the piece takes its cells, and they travel with it */
  g_assert_true (arc_solve_move (solve, 2, 2));
  g_assert_true (arc_solve_paint (solve, 2, 2, 0));
  g_assert_true (arc_solve_paint (solve, 0, 5, 0));
  g_assert_true (arc_solve_move (solve, -2, -2));
  assert_output (solve, "[[0,2,3,4,5,0],[7,8,9,1,2,3],[4,5,6,7,8,9],[9,8,7,6,5,4],[3,2,1,9,8,7]]");
  /* Dropping the selection settles it: a new move lifts it again, leaving 0 */
  arc_solve_set_selection (solve, NULL);
  g_assert_false (arc_solve_is_floating (solve));
  sel = (ArcRect) { 0, 0, 1, 1 };
  arc_solve_set_selection (solve, &sel);
  g_assert_true (arc_solve_move (solve, 1, 0));
  assert_output (solve, "[[0,2,3,4,5,0],[0,8,9,1,2,3],[4,5,6,7,8,9],[9,8,7,6,5,4],[3,2,1,9,8,7]]");
  g_assert_true (arc_solve_fill_selection (solve, 5));
  g_assert_true (arc_solve_move (solve, -1, 0));
  assert_output (solve, "[[5,2,3,4,5,0],[7,8,9,1,2,3],[4,5,6,7,8,9],[9,8,7,6,5,4],[3,2,1,9,8,7]]");

  /* Moves in one stroke (a drag of the pointer) are one step of undo; each
   * is still an action of the trajectory */
  {
    g_autoptr(ArcGrid) dropped = arc_grid_copy (arc_solve_get_output (solve));
    guint n_actions = arc_solve_get_actions (solve)->len;

    sel = (ArcRect) { 0, 0, 2, 2 };
    arc_solve_set_selection (solve, &sel);
    arc_solve_begin_stroke (solve);
    g_assert_true (arc_solve_move (solve, 1, 0));
    g_assert_true (arc_solve_move (solve, 0, 1));
    g_assert_true (arc_solve_move (solve, 1, 0));
    arc_solve_end_stroke (solve);
    assert_output (solve, "[[0,0,3,4,5,0],[0,0,9,1,2,3],[4,5,2,7,8,9],[9,7,8,6,5,4],[3,2,1,9,8,7]]");
    g_assert_cmpuint (arc_solve_get_actions (solve)->len, >=, n_actions + 3);
    g_assert_true (arc_solve_undo (solve));
    g_assert_true (arc_grid_equal (arc_solve_get_output (solve), dropped));
    /* After the stroke, each move is its own step again */
    g_assert_true (arc_solve_move (solve, 1, 0));
    g_assert_true (arc_solve_move (solve, 1, 0));
    g_assert_true (arc_solve_undo (solve));
    g_assert_true (arc_solve_move (solve, -1, 0));
    g_assert_true (arc_grid_equal (arc_solve_get_output (solve), dropped));
  }
}

/* Paste, then move: no hole where it was pasted */
static void
test_floating_paste (void)
{
  g_autoptr(ArcSolve) solve = new_float_solve ();
  g_autoptr(ArcGrid) before = arc_grid_copy (arc_solve_get_output (solve));
  g_autoptr(ArcGrid) clip = arc_grid_new (2, 2);
  g_autoptr(ArcAttempt) attempt = NULL;
  ArcAction *move;

  arc_solve_set_clipboard (solve, clip);
  g_assert_true (arc_solve_paste (solve, 3, 4));
  g_assert_true (arc_solve_is_floating (solve));
  assert_output (solve, "[[1,2,3,4,5,6],[7,8,9,1,2,3],[4,5,6,7,8,9],[9,8,7,6,0,0],[3,2,1,9,0,0]]");
  g_assert_true (arc_solve_move (solve, -1, 0));
  g_assert_true (arc_solve_move (solve, 0, -4));
  assert_output (solve, "[[1,2,3,4,5,6],[7,8,9,1,2,3],[0,0,6,7,8,9],[0,0,7,6,5,4],[3,2,1,9,8,7]]");
  g_assert_true (arc_solve_move (solve, 0, 4));
  g_assert_true (arc_solve_move (solve, 1, 0));
  g_assert_true (arc_solve_undo (solve));
  g_assert_true (arc_solve_undo (solve));
  g_assert_true (arc_solve_undo (solve));
  g_assert_true (arc_solve_undo (solve));
  g_assert_true (arc_solve_undo (solve));
  g_assert_true (arc_grid_equal (arc_solve_get_output (solve), before));

  /* A second paste settles the first where it shows */
  g_assert_true (arc_solve_redo (solve));
  g_assert_true (arc_solve_paste (solve, 0, 0));
  g_assert_true (arc_solve_move (solve, 0, 2));
  assert_output (solve, "[[1,2,0,0,5,6],[7,8,0,0,2,3],[4,5,6,7,8,9],[9,8,7,6,0,0],[3,2,1,9,0,0]]");

  /* The records: the grid before each action is what showed */
  attempt = arc_solve_submit (solve);
  move = attempt->actions->pdata[attempt->actions->len - 2];
  g_assert_cmpstr (move->operation, ==, "Move");
  g_assert_cmpstr (move->direction, ==, "right");
  g_assert_cmpint (move->selection.row, ==, 0);
  g_assert_cmpint (move->selection.col, ==, 0);
  g_assert_cmpint (move->selection.height, ==, 2);
  g_assert_nonnull (move->object);
  {
    g_autofree char *grid = arc_grid_to_string (move->grid);
    g_assert_cmpstr (grid, ==, "[[0,0,3,4,5,6],[0,0,9,1,2,3],[4,5,6,7,8,9],[9,8,7,6,0,0],[3,2,1,9,0,0]]");
  }
  /* Selecting it again settles it: the next move leaves 0 behind */
  {
    ArcRect sel;

    g_assert_true (arc_solve_get_selection (solve, &sel));
    arc_solve_set_selection (solve, &sel);
    g_assert_false (arc_solve_is_floating (solve));
    g_assert_true (arc_solve_move (solve, 0, 2));
    assert_output (solve, "[[1,2,0,0,0,0],[7,8,0,0,0,0],[4,5,6,7,8,9],[9,8,7,6,0,0],[3,2,1,9,0,0]]");
  }
}

/* A grid from the system's clipboard replaces the output: one step of undo */
static void
test_set_output (void)
{
  g_autoptr(ArcSolve) solve = new_solve (2);
  g_autoptr(ArcGrid) grid = arc_grid_new (3, 1);
  ArcAction *a;

  arc_grid_set (grid, 2, 0, 7);
  arc_solve_set_output (solve, grid);
  assert_output (solve, "[[0],[0],[7]]");
  a = arc_solve_get_actions (solve)->pdata[0];
  g_assert_cmpstr (a->operation, ==, "Paste");
  g_assert_cmpint (a->height, ==, 3);
  g_assert_cmpint (a->width, ==, 1);
  g_assert_true (arc_solve_undo (solve));
  assert_output (solve, "[[0,0,0],[0,0,0]]");
  g_assert_false (arc_solve_can_undo (solve));
}

/* The last attempt, or newer work kept in the work file, comes back */
static void
test_work_comes_back (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-work-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "sub", "work.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcSolve) solve = new_solve (2);
  g_autoptr(ArcAttempt) attempt = NULL;
  g_autoptr(GError) error = NULL;

  /* An attempt read back from the notes is shown, without an undo step */
  {
    g_autoptr(ArcSolve) again = new_solve (2);
    g_autoptr(ArcGrid) grid = arc_grid_new (1, 2);

    arc_grid_set (grid, 0, 1, 3);
    attempt = arc_attempt_new (0, grid, ARC_VERDICT_WRONG, TRUE);
    attempt->time = g_get_real_time () - G_USEC_PER_SEC;
    arc_solve_add_past (again, attempt);
    assert_output (again, "[[0,3]]");
    g_assert_false (arc_solve_can_undo (again));
  }

  /* Work done after it wins, through the work file (made with its folder) */
  arc_solve_set_work_file (solve, file);
  arc_solve_paint (solve, 0, 0, 7);
  g_assert_false (g_file_query_exists (file, NULL));   /* written a moment later */
  arc_solve_flush_work (solve);
  g_assert_true (g_file_query_exists (file, NULL));
  {
    g_autoptr(ArcSolve) again = new_solve (2);

    arc_solve_add_past (again, attempt);
    g_assert_true (arc_solve_load_work (again, file, &error));
    g_assert_no_error (error);
    assert_output (again, "[[7,0,0],[0,0,0]]");
    /* test 1 was never touched: it stays as it was */
    arc_solve_set_current (again, 1);
    assert_output (again, "[[0,0],[0,0]]");
  }
  /* An attempt newer than the work wins */
  {
    g_autoptr(ArcSolve) again = new_solve (2);

    attempt->time = g_get_real_time () + G_USEC_PER_SEC;
    g_assert_true (arc_solve_load_work (again, file, &error));
    arc_solve_add_past (again, attempt);
    assert_output (again, "[[0,3]]");
  }
  /* Written as the ArcSolve goes, every cell of a stroke (also after a
   * write in the middle of it) */
  arc_solve_begin_stroke (solve);
  arc_solve_paint (solve, 0, 1, 8);
  arc_solve_flush_work (solve);
  arc_solve_paint (solve, 0, 2, 8);
  arc_solve_end_stroke (solve);
  g_clear_object (&solve);
  {
    g_autoptr(ArcSolve) again = new_solve (2);

    g_assert_true (arc_solve_load_work (again, file, &error));
    assert_output (again, "[[7,8,8],[0,0,0]]");
  }
  /* A damaged file: an error naming the file and the place */
  g_assert_true (g_file_set_contents (path, "{\"tests\": [{\"output\": [[1, 12]]}]}", -1, NULL));
  {
    g_autoptr(ArcSolve) again = new_solve (2);

    g_assert_false (arc_solve_load_work (again, file, &error));
    g_assert_error (error, ARC_ERROR, ARC_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "work.json: tests[0]: "));
    g_assert_nonnull (strstr (error->message, "12"));
    assert_output (again, "[[0,0,0],[0,0,0]]");
  }
  /* A missing one is no error */
  g_clear_error (&error);
  g_assert_true (g_file_delete (file, NULL, NULL));
  {
    g_autoptr(ArcSolve) again = new_solve (2);
    g_assert_true (arc_solve_load_work (again, file, &error));
    g_assert_no_error (error);
  }
  /* Where it lives: one file per task, in the user's data folder */
  {
    g_autoptr(GFile) task_file = g_file_new_for_path ("/data/tasks.json");
    g_autoptr(GFile) one = arc_solve_dup_work_file (task_file, "t1");
    g_autoptr(GFile) two = arc_solve_dup_work_file (task_file, "t2");
    g_autofree char *one_path = g_file_get_path (one);

    g_assert_false (g_file_equal (one, two));
    g_assert_true (g_str_has_prefix (one_path, g_get_user_data_dir ()));
    g_assert_true (g_str_has_suffix (one_path, ".json"));
  }
  {
    g_autofree char *sub = g_build_filename (dir, "sub", NULL);
    g_rmdir (sub);
    g_rmdir (dir);
  }
}

/* Counts the notifications of each property */
static void
count_notify_cb (GObject *object, GParamSpec *pspec, GHashTable *counts)
{
  const char *name = g_param_spec_get_name (pspec);

  g_hash_table_insert (counts, (gpointer) name, GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, name)) + 1));
}

static guint
notified (GHashTable *counts, const char *name)
{
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, name));

  g_hash_table_remove (counts, name);
  return n;
}

static gboolean
get_boolean (ArcSolve *solve, const char *name)
{
  gboolean value;

  g_object_get (solve, name, &value, NULL);
  return value;
}

/* The properties say what can be done, and notify once when that changes */
static void
test_properties (void)
{
  g_autoptr(ArcSolve) solve = new_solve (2);
  g_autoptr(GHashTable) counts = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(ArcGrid) clip = arc_grid_new (1, 1);
  g_autoptr(ArcAttempt) attempt = NULL;
  ArcRect sel = { 0, 0, 1, 2 };
  ArcTestState state;
  guint current, n_tests, left;

  g_signal_connect (solve, "notify", G_CALLBACK (count_notify_cb), counts);
  g_object_get (solve, "current", &current, "n-tests", &n_tests, "state", &state, "trials-left", &left, NULL);
  g_assert_cmpuint (current, ==, 0);
  g_assert_cmpuint (n_tests, ==, 2);
  g_assert_cmpint (state, ==, ARC_TEST_OPEN);
  g_assert_cmpuint (left, ==, 2);
  g_assert_false (get_boolean (solve, "can-undo"));
  g_assert_false (get_boolean (solve, "can-redo"));
  g_assert_false (get_boolean (solve, "has-selection"));
  g_assert_false (get_boolean (solve, "has-clipboard"));

  /* A paint: undo becomes possible; a second one changes nothing of that */
  arc_solve_paint (solve, 0, 0, 3);
  g_assert_true (get_boolean (solve, "can-undo"));
  g_assert_cmpuint (notified (counts, "can-undo"), ==, 1);
  arc_solve_paint (solve, 0, 1, 3);
  g_assert_cmpuint (g_hash_table_size (counts), ==, 0);
  arc_solve_undo (solve);
  arc_solve_undo (solve);
  g_assert_false (get_boolean (solve, "can-undo"));
  g_assert_true (get_boolean (solve, "can-redo"));
  g_assert_cmpuint (notified (counts, "can-undo"), ==, 1);
  g_assert_cmpuint (notified (counts, "can-redo"), ==, 1);
  /* A new change ends redo */
  arc_solve_paint (solve, 1, 1, 4);
  g_assert_false (get_boolean (solve, "can-redo"));
  g_assert_cmpuint (notified (counts, "can-redo"), ==, 1);
  g_assert_cmpuint (notified (counts, "can-undo"), ==, 1);

  /* Selection and clipboard */
  arc_solve_set_selection (solve, &sel);
  g_assert_true (get_boolean (solve, "has-selection"));
  g_assert_cmpuint (notified (counts, "has-selection"), ==, 1);
  arc_solve_set_clipboard (solve, clip);
  g_assert_true (get_boolean (solve, "has-clipboard"));
  g_assert_cmpuint (notified (counts, "has-clipboard"), ==, 1);
  arc_solve_set_selection (solve, NULL);
  g_assert_false (get_boolean (solve, "has-selection"));
  g_assert_cmpuint (notified (counts, "has-selection"), ==, 1);
  g_assert_cmpuint (g_hash_table_size (counts), ==, 0);

  /* A wrong answer uses a trial */
  attempt = arc_solve_submit (solve);
  g_object_get (solve, "trials-left", &left, NULL);
  g_assert_cmpuint (left, ==, 1);
  g_assert_cmpuint (notified (counts, "trials-left"), ==, 1);
  g_assert_cmpuint (notified (counts, "state"), ==, 0);

  /* Another test input: its own history and state */
  g_object_set (solve, "current", 1, NULL);
  g_assert_cmpuint (arc_solve_get_current (solve), ==, 1);
  g_assert_cmpuint (notified (counts, "current"), ==, 1);
  g_assert_false (get_boolean (solve, "can-undo"));
  g_assert_cmpuint (notified (counts, "can-undo"), ==, 1);
  g_object_get (solve, "trials-left", &left, NULL);
  g_assert_cmpuint (left, ==, 2);
  g_assert_cmpuint (notified (counts, "trials-left"), ==, 1);
  g_assert_true (get_boolean (solve, "has-clipboard"));  /* shared */
  g_assert_cmpuint (g_hash_table_size (counts), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/arc/solve/start-and-tools", test_start_and_tools);
  g_test_add_func ("/arc/solve/copy-paste", test_copy_paste);
  g_test_add_func ("/arc/solve/undo-redo", test_undo_redo);
  g_test_add_func ("/arc/solve/submit-and-trials", test_submit_and_trials);
  g_test_add_func ("/arc/solve/repeat-spends-nothing", test_repeat_spends_nothing);
  g_test_add_func ("/arc/solve/trials-run-out", test_trials_run_out);
  g_test_add_func ("/arc/solve/trajectory", test_trajectory);
  g_test_add_func ("/arc/solve/properties", test_properties);
  g_test_add_func ("/arc/solve/floating-rotate", test_floating_rotate);
  g_test_add_func ("/arc/solve/floating-move", test_floating_move);
  g_test_add_func ("/arc/solve/floating-paste", test_floating_paste);
  g_test_add_func ("/arc/solve/set-output", test_set_output);
  g_test_add_func ("/arc/solve/work-comes-back", test_work_comes_back);

  return g_test_run ();
}

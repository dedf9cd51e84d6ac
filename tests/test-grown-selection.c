/* test-grown-selection.c: a selection grown a cell at a time (Ctrl+click)
 *
 * The set of cells (ArcCells); the workspace's tools on a shape that is not
 * a rectangle: colouring, copy and paste (of the input's cells too), move,
 * turns, flips, Delete, undo; its records, read back from both forms of a
 * notes file, and written by the CLI's ARCTraj, JaxARC and LARC exports.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "arc-core.h"
#include "cli-test-util.h"
#include "test-util.h"

/* One test input of distinct colours, and its answer */
static const char task_json[] =
  "{\"train\": [{\"input\": [[1]], \"output\": [[1]]}],"
  " \"test\": [{\"input\": [[1,2,3,4,5],[6,7,8,9,1],[2,3,4,5,6],[7,8,9,1,2]],"
  "            \"output\": [[0,2,3,4,5],[6,0,8,9,1],[2,3,0,5,6],[7,8,9,1,2]]}]}";

static ArcTask *
new_task (void)
{
  g_autoptr(GError) error = NULL;
  ArcTask *task = arc_task_new_from_data (task_json, strlen (task_json), "shape", NULL, &error);

  g_assert_no_error (error);
  return task;
}

static ArcSolve *
new_solve (void)
{
  g_autoptr(ArcTask) task = new_task ();
  ArcSolve *solve = arc_solve_new (task, 2);

  arc_solve_copy_from_input (solve);
  return solve;
}

static void
assert_output (ArcSolve *solve, const char *expected)
{
  g_autofree char *text = arc_grid_to_string (arc_solve_get_output (solve));
  g_assert_cmpstr (text, ==, expected);
}

/* @cells drawn as rows of '#' and '.' over their rectangle */
static char *
cells_text (const ArcCells *cells)
{
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, "%d,%d:", cells->rect.row, cells->rect.col);
  for (int r = 0; r < cells->rect.height; r++)
    {
      g_string_append_c (out, ' ');
      for (int c = 0; c < cells->rect.width; c++)
        g_string_append_c (out, arc_cells_contains (cells, cells->rect.row + r, cells->rect.col + c) ? '#' : '.');
    }
  return g_string_free (out, FALSE);
}

static void
assert_cells (const ArcCells *cells, const char *expected)
{
  g_autofree char *text = cells_text (cells);
  g_assert_cmpstr (text, ==, expected);
}

static void
assert_selection (ArcSolve *solve, const char *expected)
{
  ArcCells cells;

  arc_solve_get_selected_cells (solve, &cells);
  assert_cells (&cells, expected);
}

static void
test_cells (void)
{
  ArcCells a, b;

  arc_cells_set_rect (&a, &(ArcRect) { 1, 2, 2, 3 });
  g_assert_true (arc_cells_is_rect (&a));
  g_assert_cmpuint (arc_cells_count (&a), ==, 6);
  g_assert_true (arc_cells_add (&a, 4, 0));
  assert_cells (&a, "1,0: ..### ..### ..... #....");
  g_assert_false (arc_cells_is_rect (&a));
  /* Taking cells away makes the rectangle tight again */
  arc_cells_remove (&a, 4, 0);
  assert_cells (&a, "1,2: ### ###");
  arc_cells_remove (&a, 1, 2);
  arc_cells_remove (&a, 2, 2);
  assert_cells (&a, "1,3: ## ##");
  /* Turned about the corner, mirrored in the rectangle */
  arc_cells_set_rect (&b, &(ArcRect) { 0, 0, 2, 3 });
  arc_cells_remove (&b, 1, 1);
  arc_cells_remove (&b, 1, 2);
  assert_cells (&b, "0,0: ### #..");
  arc_cells_rotate (&b, TRUE);
  assert_cells (&b, "0,0: ## .# .#");
  arc_cells_rotate (&b, FALSE);
  assert_cells (&b, "0,0: ### #..");
  arc_cells_flip (&b, TRUE);
  assert_cells (&b, "0,0: ### ..#");
  arc_cells_flip (&b, FALSE);
  assert_cells (&b, "0,0: ..# ###");
  /* Clipped to a grid, moved off it */
  arc_cells_move (&b, -1, 1);
  arc_cells_clip (&b, &(ArcRect) { 0, 0, 5, 5 });
  assert_cells (&b, "0,1: ###");
  /* At most 30 a side */
  arc_cells_set_rect (&a, &(ArcRect) { 0, 0, 1, 1 });
  g_assert_true (arc_cells_add (&a, 29, 29));
  g_assert_false (arc_cells_add (&a, 30, 0));
  g_assert_cmpint (a.rect.height, ==, 30);
  g_assert_cmpint (a.rect.width, ==, 30);
  g_assert_cmpuint (arc_cells_count (&a), ==, 2);
  g_assert_true (arc_cells_contains (&a, 29, 29));
  g_assert_false (arc_cells_contains (&a, 29, 28));
}

/* Ctrl+click adds and takes away; the colours fill only those cells; undo */
static void
test_toggle_and_colour (void)
{
  g_autoptr(ArcSolve) solve = new_solve ();
  const char *input = "[[1,2,3,4,5],[6,7,8,9,1],[2,3,4,5,6],[7,8,9,1,2]]";
  ArcRect rect;

  arc_solve_set_selection (solve, &(ArcRect) { 0, 0, 1, 1 });
  arc_solve_toggle_selected (solve, 1, 1);
  arc_solve_toggle_selected (solve, 2, 2);
  arc_solve_toggle_selected (solve, 9, 9);   /* off the grid: nothing */
  assert_selection (solve, "0,0: #.. .#. ..#");
  g_assert_true (arc_solve_get_selection (solve, &rect));
  g_assert_cmpint (rect.height, ==, 3);
  g_assert_cmpint (rect.width, ==, 3);
  g_assert_true (arc_solve_fill_selection (solve, 0));
  assert_output (solve, "[[0,2,3,4,5],[6,0,8,9,1],[2,3,0,5,6],[7,8,9,1,2]]");
  g_assert_true (arc_solve_undo (solve));
  assert_output (solve, input);
  assert_selection (solve, "0,0: #.. .#. ..#");
  g_assert_true (arc_solve_redo (solve));
  assert_output (solve, "[[0,2,3,4,5],[6,0,8,9,1],[2,3,0,5,6],[7,8,9,1,2]]");
  /* Taken away again: the rectangle is tight around what is left */
  arc_solve_toggle_selected (solve, 0, 0);
  assert_selection (solve, "1,1: #. .#");
  arc_solve_toggle_selected (solve, 1, 1);
  arc_solve_toggle_selected (solve, 2, 2);
  g_assert_false (arc_solve_get_selection (solve, NULL));
  /* Two cells that make a rectangle are one */
  arc_solve_toggle_selected (solve, 3, 3);
  arc_solve_toggle_selected (solve, 3, 4);
  {
    ArcCells cells;

    arc_solve_get_selected_cells (solve, &cells);
    g_assert_true (arc_cells_is_rect (&cells));
  }
  /* Crop keeps the rectangle around the cells */
  arc_solve_toggle_selected (solve, 2, 3);
  g_assert_true (arc_solve_crop (solve));
  assert_output (solve, "[[5,6],[1,2]]");
}

/* Copy an L, paste it: only its cells land; move, flip, turn and Delete
 * act on the shape, the cells it uncovers come back; undo to the start */
static void
test_shape_tools (void)
{
  g_autoptr(ArcSolve) solve = new_solve ();
  const char *input = "[[1,2,3,4,5],[6,7,8,9,1],[2,3,4,5,6],[7,8,9,1,2]]";
  ArcCells cells;
  guint steps = 0;

  arc_solve_set_selection (solve, &(ArcRect) { 0, 0, 2, 2 });
  arc_solve_toggle_selected (solve, 1, 1);
  arc_solve_get_selected_cells (solve, &cells);
  g_assert_true (arc_solve_copy_cells (solve, FALSE, &cells));
  arc_solve_set_selection (solve, NULL);
  g_assert_true (arc_solve_paste (solve, 2, 2));
  assert_output (solve, "[[1,2,3,4,5],[6,7,8,9,1],[2,3,1,2,6],[7,8,6,1,2]]");
  g_assert_true (arc_solve_is_floating (solve));
  assert_selection (solve, "2,2: ## #.");
  g_assert_true (arc_solve_move (solve, 0, -1));
  assert_output (solve, "[[1,2,3,4,5],[6,7,8,9,1],[2,1,2,5,6],[7,6,9,1,2]]");
  g_assert_true (arc_solve_flip (solve, TRUE));
  assert_output (solve, "[[1,2,3,4,5],[6,7,8,9,1],[2,2,1,5,6],[7,8,6,1,2]]");
  assert_selection (solve, "2,1: ## .#");
  g_assert_true (arc_solve_rotate (solve, TRUE));
  assert_output (solve, "[[1,2,3,4,5],[6,7,8,9,1],[2,3,2,5,6],[7,6,1,1,2]]");
  assert_selection (solve, "2,1: .# ##");
  /* A cell painted in its rectangle but not in it stays when it moves */
  g_assert_true (arc_solve_paint (solve, 2, 1, 9));
  g_assert_true (arc_solve_move (solve, -1, 0));
  assert_output (solve, "[[1,2,3,4,5],[6,7,2,9,1],[2,6,1,5,6],[7,8,9,1,2]]");
  g_assert_true (arc_solve_move (solve, 1, 0));
  assert_output (solve, "[[1,2,3,4,5],[6,7,8,9,1],[2,9,2,5,6],[7,6,1,1,2]]");
  g_assert_true (arc_solve_fill_selection (solve, 0));
  assert_output (solve, "[[1,2,3,4,5],[6,7,8,9,1],[2,9,0,5,6],[7,0,0,1,2]]");
  /* Hanging off the grid, two of its cells on it: still there; wholly off, refused */
  g_assert_true (arc_solve_move (solve, 0, -2));
  assert_output (solve, "[[1,2,3,4,5],[6,7,8,9,1],[0,9,4,5,6],[0,8,9,1,2]]");
  g_assert_false (arc_solve_move (solve, 0, -1));
  arc_solve_set_selection (solve, NULL);
  g_assert_false (arc_solve_is_floating (solve));
  while (arc_solve_can_undo (solve))
    {
      g_assert_true (arc_solve_undo (solve));
      steps++;
    }
  /* paste, move, flip, rotate, paint, two moves, Delete, a move, and the copy from the input */
  g_assert_cmpuint (steps, ==, 10);
  assert_output (solve, "[[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]]");
  while (arc_solve_can_redo (solve))
    arc_solve_redo (solve);
  assert_output (solve, "[[1,2,3,4,5],[6,7,8,9,1],[0,9,4,5,6],[0,8,9,1,2]]");
  (void) input;
}

/* The input's cells copied: a paste writes those alone */
static void
test_copy_from_input (void)
{
  g_autoptr(ArcSolve) solve = new_solve ();
  ArcCells diagonal;

  arc_solve_reset (solve);
  arc_cells_set_rect (&diagonal, &(ArcRect) { 1, 1, 1, 1 });
  arc_cells_add (&diagonal, 2, 2);
  arc_cells_add (&diagonal, 3, 3);
  g_assert_true (arc_solve_copy_cells (solve, TRUE, &diagonal));
  g_assert_cmpint (arc_grid_get_height (arc_solve_get_clipboard (solve)), ==, 3);
  arc_solve_fill_selection (solve, 5);   /* no selection: nothing */
  arc_solve_set_selection (solve, &(ArcRect) { 0, 0, 4, 5 });
  arc_solve_fill_selection (solve, 5);
  g_assert_true (arc_solve_paste (solve, 0, 2));
  assert_output (solve, "[[5,5,7,5,5],[5,5,5,4,5],[5,5,5,5,1],[5,5,5,5,5]]");
  /* Off the grid but for its first cell (the paste before settles) */
  g_assert_true (arc_solve_paste (solve, 3, 4));
  assert_output (solve, "[[5,5,7,5,5],[5,5,5,4,5],[5,5,5,5,1],[5,5,5,5,7]]");
  {
    GPtrArray *actions = arc_solve_get_actions (solve);
    ArcAction *copy = NULL, *paste = actions->pdata[actions->len - 1];

    for (guint i = 0; i < actions->len; i++)
      if (g_str_equal (((ArcAction *) actions->pdata[i])->operation, "CopyI"))
        copy = actions->pdata[i];
    g_assert_nonnull (copy);
    g_assert_nonnull (copy->cells);
    g_assert_cmpuint (arc_cells_count (copy->cells), ==, 3);
    /* the paste's cells on the grid: one */
    g_assert_cmpstr (paste->operation, ==, "Paste");
    g_assert_null (paste->cells);
    g_assert_cmpint (paste->selection.row, ==, 3);
    g_assert_cmpint (paste->selection.col, ==, 4);
    g_assert_cmpint (paste->selection.height * paste->selection.width, ==, 1);
    g_assert_cmpint (arc_grid_get (paste->object, 0, 0), ==, 7);
  }
}

/* The attempt of a shape coloured: select a cell, add two, fill with 0, submit */
static ArcAttempt *
shape_attempt (void)
{
  g_autoptr(ArcSolve) solve = new_solve ();
  ArcAttempt *attempt;

  arc_solve_set_selection (solve, &(ArcRect) { 0, 0, 1, 1 });
  arc_solve_toggle_selected (solve, 1, 1);
  arc_solve_toggle_selected (solve, 2, 2);
  arc_solve_fill_selection (solve, 0);
  attempt = arc_solve_submit (solve);
  g_assert_cmpint (attempt->verdict, ==, ARC_VERDICT_CORRECT);
  return attempt;
}

static ArcAction *
find_action (GPtrArray *actions, const char *operation, guint nth)
{
  for (guint i = 0; i < actions->len; i++)
    if (g_str_equal (((ArcAction *) actions->pdata[i])->operation, operation) && nth-- == 0)
      return actions->pdata[i];
  g_assert_not_reached ();
}

static void
assert_same_actions (GPtrArray *a, GPtrArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    {
      ArcAction *x = a->pdata[i], *y = b->pdata[i];
      ArcCells cx, cy;

      g_assert_cmpstr (x->operation, ==, y->operation);
      g_assert_cmpmem (&x->selection, sizeof x->selection, &y->selection, sizeof y->selection);
      g_assert_true ((x->cells == NULL) == (y->cells == NULL));
      arc_action_get_cells (x, &cx);
      arc_action_get_cells (y, &cy);
      g_assert_true (arc_cells_equal (&cx, &cy));
      g_assert_true ((x->object == NULL) == (y->object == NULL));
      if (x->object)
        for (int r = 0; r < x->selection.height; r++)
          for (int c = 0; c < x->selection.width; c++)
            if (arc_cells_contains (&cx, x->selection.row + r, x->selection.col + c))
              g_assert_cmpint (arc_grid_get (x->object, r, c), ==, arc_grid_get (y->object, r, c));
    }
}

/* ARCTraj's records: the object lists the shape's cells alone; read back */
static void
test_records (void)
{
  g_autoptr(ArcAttempt) attempt = shape_attempt ();
  ArcAction *select = find_action (attempt->actions, "SelectCell", 2);
  ArcAction *paint = find_action (attempt->actions, "Paint", 0);
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *text = NULL;
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GPtrArray) back = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_action_free);
  JsonArray *masks, *ids;
  const char *object = "\"object\":[{\"x\":0,\"y\":0,\"color\":1},{\"x\":1,\"y\":1,\"color\":7},{\"x\":2,\"y\":2,\"color\":4}]";

  g_assert_nonnull (select->cells);
  assert_cells (select->cells, "0,0: #.. .#. ..#");
  g_assert_cmpint (select->x, ==, 0);
  g_assert_nonnull (paint->cells);
  g_assert_cmpint (arc_action_jaxarc_id (paint), ==, 31);
  node = arc_action_to_node (paint);
  text = json_to_string (node, FALSE);
  g_assert_nonnull (strstr (text, "\"selection\":{\"x\":0,\"y\":0,\"height\":3,\"width\":3}"));
  g_assert_nonnull (strstr (text, object));
  {
    g_autofree char *described = arc_action_describe (paint);
    g_assert_cmpstr (described, ==, "Paint: 3 cells of 3×3 from row 1, column 1 · colour 0 (black)");
  }
  for (guint i = 0; i < attempt->actions->len; i++)
    {
      g_autoptr(JsonNode) one = arc_action_to_node (attempt->actions->pdata[i]);
      g_ptr_array_add (back, arc_action_new_from_node (one, NULL));
    }
  assert_same_actions (attempt->actions, back);

  /* JaxARC: the fill's selection mask is the three cells, nothing else */
  json_builder_begin_object (b);
  arc_trajectory_to_jaxarc (b, attempt->actions, attempt->grid, NULL);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  ids = json_object_get_array_member (json_node_get_object (root), "actions");
  masks = json_object_get_array_member (json_node_get_object (root), "selections");
  g_assert_cmpint (json_array_get_int_element (ids, 1), ==, 31);
  for (int r = 0; r < ARC_GRID_MAX_SIDE; r++)
    for (int c = 0; c < ARC_GRID_MAX_SIDE; c++)
      g_assert_cmpint (json_array_get_boolean_element (json_array_get_array_element (json_array_get_array_element (masks, 1), r), c),
                       ==, r == c && r < 3);
}

/* An old record of a rectangle reads as it did: no cells of its own; one
 * that lists some of its rectangle's cells is a grown selection */
static void
test_old_records (void)
{
  const char *rect = "{\"category\":\"Coloring\",\"operation\":\"Paint\",\"color\":0,"
                     "\"selection\":{\"x\":0,\"y\":0,\"height\":1,\"width\":2},"
                     "\"object\":[{\"x\":0,\"y\":0,\"color\":1},{\"x\":1,\"y\":0,\"color\":2}],\"grid\":[[1,2]]}";
  const char *some = "{\"category\":\"Coloring\",\"operation\":\"Paint\",\"color\":0,"
                     "\"selection\":{\"x\":0,\"y\":0,\"height\":1,\"width\":3},"
                     "\"object\":[{\"x\":0,\"y\":0,\"color\":1},{\"x\":2,\"y\":0,\"color\":3}],\"grid\":[[1,2,3]]}";
  g_autoptr(JsonNode) a = json_from_string (rect, NULL);
  g_autoptr(JsonNode) b = json_from_string (some, NULL);
  g_autoptr(ArcAction) ra = arc_action_new_from_node (a, NULL);
  g_autoptr(ArcAction) rb = arc_action_new_from_node (b, NULL);
  g_autoptr(JsonNode) again = arc_action_to_node (ra);
  g_autofree char *text = json_to_string (again, FALSE);

  g_assert_null (ra->cells);
  g_assert_nonnull (strstr (text, "\"object\":[{\"x\":0,\"y\":0,\"color\":1},{\"x\":1,\"y\":0,\"color\":2}]"));
  g_assert_nonnull (rb->cells);
  assert_cells (rb->cells, "0,0: #.#");
}

static void
run_cli (Run *run, ...)
{
  va_list args;

  va_start (args, run);
  run_cli_va (run, NULL, TRUE, NULL, args);
  va_end (args);
}

/* A notes file beside the task, holding @attempt under "ada" */
static char *
write_notes (const char *dir, const ArcAttempt *attempt)
{
  g_autofree char *task = g_build_filename (dir, "shape.json", NULL);
  char *path = g_build_filename (dir, "shape.arcnotes", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcNotes) notes = arc_notes_new (file);
  g_autoptr(GError) error = NULL;
  ArcAnnotation *record;

  g_assert_true (g_file_set_contents (task, task_json, -1, NULL));
  record = arc_notes_ensure (notes, "shape", "ada");
  g_free (record->transform_text);
  record->transform_text = g_strdup ("To make the output, you have to make the diagonal black.");
  g_ptr_array_add (record->attempts, arc_attempt_copy (attempt));
  g_assert_true (arc_notes_save (notes, FALSE, &error));
  g_assert_no_error (error);
  return path;
}

/* Version 3's compact steps: the object's rows with "." for the cells it
 * leaves out; read back straight from the text, the same steps */
static void
test_notes_round_trip (void)
{
  g_autoptr(ArcAttempt) attempt = shape_attempt ();
  g_autofree char *dir = g_dir_make_tmp ("arc-grown-XXXXXX", NULL);
  g_autofree char *path = write_notes (dir, attempt);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcNotes) notes = arc_notes_new (file);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  ArcAnnotation *record;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "\"operation\" : \"Paint\", \"color\" : 0, "
                                  "\"selection\" : {\"x\" : 0, \"y\" : 0, \"height\" : 3, \"width\" : 3}, "
                                  "\"object\" : [\"1..\", \".7.\", \"..4\"]"));
  /* a rectangle's as before: every cell */
  g_assert_nonnull (strstr (text, "\"selection\" : {\"x\" : 0, \"y\" : 0, \"height\" : 1, \"width\" : 1}, \"object\" : [\"1\"]"));
  g_assert_true (arc_notes_load (notes, &error));
  g_assert_no_error (error);
  record = arc_notes_get (notes, "shape", "ada");
  g_assert_nonnull (record);
  assert_same_actions (attempt->actions, ((ArcAttempt *) record->attempts->pdata[0])->actions);
  remove_tree (dir);
}

/* The work in progress kept between sessions: the actions come back with
 * their cells */
static void
test_work_file (void)
{
  g_autoptr(ArcSolve) solve = new_solve ();
  g_autoptr(ArcTask) task = new_task ();
  g_autoptr(ArcSolve) again = arc_solve_new (task, 2);
  g_autofree char *dir = g_dir_make_tmp ("arc-grown-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "work.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  arc_solve_set_selection (solve, &(ArcRect) { 0, 0, 1, 1 });
  arc_solve_toggle_selected (solve, 1, 1);
  arc_solve_fill_selection (solve, 3);
  g_assert_true (arc_solve_save_work (solve, file, &error));
  g_assert_no_error (error);
  g_assert_true (arc_solve_load_work (again, file, &error));
  g_assert_no_error (error);
  assert_output (again, "[[3,2,3,4,5],[6,3,8,9,1],[2,3,4,5,6],[7,8,9,1,2]]");
  assert_same_actions (arc_solve_get_actions (solve), arc_solve_get_actions (again));
  g_assert_nonnull (find_action (arc_solve_get_actions (again), "Paint", 0)->cells);
  remove_tree (dir);
}

static JsonObject *
read_line (JsonParser *parser, const char *path)
{
  g_autofree char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_true (json_parser_load_from_data (parser, contents, -1, NULL));
  return json_node_get_object (json_parser_get_root (parser));
}

/* The CLI's exports of the notes file: ARCTraj lists the three cells,
 * JaxARC's mask has them alone, LARC's layout one edit a cell */
static void
test_cli_exports (void)
{
  g_autoptr(ArcAttempt) attempt = shape_attempt ();
  g_autofree char *dir = g_dir_make_tmp ("arc-grown-XXXXXX", NULL);
  g_autofree char *notes = write_notes (dir, attempt);
  g_autofree char *arctraj = g_build_filename (dir, "a.jsonl", NULL);
  g_autofree char *jaxarc = g_build_filename (dir, "j.jsonl", NULL);
  g_autofree char *larc = g_build_filename (dir, "larc", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *line;
  JsonArray *actions, *object, *masks;

  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "trajectories", "export", dir, "-o", arctraj, NULL);
    g_assert_cmpint (run.status, ==, 0);
  }
  line = read_line (parser, arctraj);
  actions = json_object_get_array_member (line, "actions");
  /* copy from input, three selections, the fill, submit */
  g_assert_cmpuint (json_array_get_length (actions), ==, 6);
  object = json_object_get_array_member (json_array_get_object_element (actions, 4), "object");
  g_assert_cmpuint (json_array_get_length (object), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      JsonObject *cell = json_array_get_object_element (object, i);
      const int colours[] = { 1, 7, 4 };

      g_assert_cmpint (json_object_get_int_member (cell, "x"), ==, i);
      g_assert_cmpint (json_object_get_int_member (cell, "y"), ==, i);
      g_assert_cmpint (json_object_get_int_member (cell, "color"), ==, colours[i]);
    }
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_array_get_object_element (actions, 2), "object")), ==, 2);

  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "trajectories", "export", "--format", "jaxarc", dir, "-o", jaxarc, NULL);
    g_assert_cmpint (run.status, ==, 0);
  }
  line = read_line (parser, jaxarc);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (line, "actions"), 1), ==, 31);
  masks = json_object_get_array_member (line, "selections");
  for (int r = 0; r < ARC_GRID_MAX_SIDE; r++)
    for (int c = 0; c < ARC_GRID_MAX_SIDE; c++)
      g_assert_cmpint (json_array_get_boolean_element (json_array_get_array_element (json_array_get_array_element (masks, 1), r), c),
                       ==, r == c && r < 3);

  {
    g_auto(Run) run = { 0 };
    g_autofree char *file = g_build_filename (larc, "shape.json", NULL);
    g_autofree char *contents = NULL;
    const char *p;
    guint edits = 0;

    run_cli (&run, "notes", "export", dir, "--format", "larc", "-o", larc, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (g_file_get_contents (file, &contents, NULL, NULL));
    for (p = strstr (contents, "\"edit\""); p; p = strstr (p + 1, "\"edit\""))
      edits++;
    g_assert_cmpuint (edits, ==, 3);
  }
  remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/arc/grown-selection/cells", test_cells);
  g_test_add_func ("/arc/grown-selection/toggle-and-colour", test_toggle_and_colour);
  g_test_add_func ("/arc/grown-selection/shape-tools", test_shape_tools);
  g_test_add_func ("/arc/grown-selection/copy-from-input", test_copy_from_input);
  g_test_add_func ("/arc/grown-selection/records", test_records);
  g_test_add_func ("/arc/grown-selection/old-records", test_old_records);
  g_test_add_func ("/arc/grown-selection/notes-round-trip", test_notes_round_trip);
  g_test_add_func ("/arc/grown-selection/work-file", test_work_file);
  g_test_add_func ("/arc/grown-selection/cli-exports", test_cli_exports);
  return g_test_run ();
}

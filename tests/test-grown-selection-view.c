/* test-grown-selection-view.c: a selection grown with Ctrl+click and
 * Ctrl+drag, and from the keyboard, in the window: real clicks and keys
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "arc-solve-view-private.h"
#include "arc-grid-view.h"
#include "gui-input.h"
#include "gui-test-util.h"

static const char task_json[] =
  "{\"train\": [{\"input\": [[1, 0]], \"output\": [[0, 1]]}],"
  " \"test\": [{\"input\": [[1,2,3,4,5],[6,7,8,9,1],[2,3,4,5,6],[7,8,9,1,2]],"
  "            \"output\": [[0,2,3,4,5],[6,0,8,9,1],[2,3,0,5,6],[7,8,9,1,2]]}]}";
static const char input[] = "[[1,2,3,4,5],[6,7,8,9,1],[2,3,4,5,6],[7,8,9,1,2]]";

static ArcWindow *
open_task (char **dir_out)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-grown-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "shape.json", NULL);
  ArcWindow *window;

  g_assert_true (g_file_set_contents (path, task_json, -1, NULL));
  window = open_in_window (dir, 1280, 800);
  *dir_out = g_steal_pointer (&dir);
  return window;
}

static void
assert_output (ArcSolveView *view, const char *expected)
{
  g_autofree char *text = arc_grid_to_string (arc_solve_get_output (arc_solve_view_get_solve (view)));
  g_assert_cmpstr (text, ==, expected);
}

/* The selected cells of the output grid, as rows of '#' and '.' from the
 * corner of their rectangle */
static void
assert_selection (ArcSolveView *view, const char *expected)
{
  GString *text = g_string_new (NULL);
  g_autofree char *got = NULL;
  ArcCells cells;

  arc_solve_get_selected_cells (arc_solve_view_get_solve (view), &cells);
  g_string_append_printf (text, "%d,%d:", cells.rect.row, cells.rect.col);
  for (int r = 0; r < cells.rect.height; r++)
    {
      g_string_append_c (text, ' ');
      for (int c = 0; c < cells.rect.width; c++)
        g_string_append_c (text, arc_cells_contains (&cells, cells.rect.row + r, cells.rect.col + c) ? '#' : '.');
    }
  got = g_string_free (text, FALSE);
  g_assert_cmpstr (got, ==, expected);
}

static GtkWidget *
grid_of (ArcSolveView *view, gboolean on_input)
{
  return on_input ? arc_solve_view_get_input_view (view) : arc_solve_view_get_output_view (view);
}

static void
cell_centre (ArcSolveView *view, gboolean on_input, int row, int col, double *x, double *y)
{
  g_assert_true (arc_grid_view_cell_centre (ARC_GRID_VIEW (grid_of (view, on_input)), row, col, x, y));
}

/* The pointer at a cell, in xdotool's words */
static void
cell_point (ArcSolveView *view, gboolean on_input, int row, int col, char **sx, char **sy)
{
  double x, y;

  cell_centre (view, on_input, row, col, &x, &y);
  scroll_to (grid_of (view, on_input), y);
  window_point (grid_of (view, on_input), x, y, sx, sy);
}

static void
ctrl_click (ArcSolveView *view, gboolean on_input, int row, int col)
{
  g_autofree char *xid = window_xid (GTK_WIDGET (view));
  g_autofree char *sx = NULL, *sy = NULL;

  cell_point (view, on_input, row, col, &sx, &sy);
  xdotool ("keydown", "ctrl", "mousemove", "--window", xid, sx, sy, "click", "1", "keyup", "ctrl", NULL);
  pump (80);
}

static void
click_cell (ArcSolveView *view, gboolean on_input, int row, int col)
{
  double x, y;

  cell_centre (view, on_input, row, col, &x, &y);
  click_at (grid_of (view, on_input), x, y);
}

/* A drag from one cell of a grid to another, Ctrl held */
static void
ctrl_drag (ArcSolveView *view, gboolean on_input, int row, int col, int to_row, int to_col)
{
  g_autofree char *xid = window_xid (GTK_WIDGET (view));
  g_autofree char *x0 = NULL, *y0 = NULL, *x1 = NULL, *y1 = NULL;

  cell_point (view, on_input, row, col, &x0, &y0);
  cell_point (view, on_input, to_row, to_col, &x1, &y1);
  xdotool ("keydown", "ctrl", "mousemove", "--window", xid, x0, y0, "mousedown", "1", NULL);
  pump (50);
  xdotool ("mousemove", "--window", xid, x1, y1, NULL);
  pump (50);
  xdotool ("mouseup", "1", "keyup", "ctrl", NULL);
  pump (80);
}

static gboolean
is_outline (guint32 pixel)
{
  guint r = pixel >> 16, g = pixel >> 8 & 0xff, b = pixel & 0xff;

  /* white, the dashes' blue, or between the two at a dash's end */
  return b > 200 && b >= r && b >= g;
}

/* The pixel one in from the top edge of cell (@row, @col) of the output grid */
static guint32
top_edge_pixel (ArcSolveView *view, int row, int col)
{
  GtkWidget *grid = grid_of (view, FALSE);
  int cell = arc_grid_view_get_cell_size (ARC_GRID_VIEW (grid));
  double x, y, x1, y1;

  cell_centre (view, FALSE, row, col, &x, &y);
  cell_centre (view, FALSE, row, col + 1, &x1, &y1);
  /* the line above the cell begins (step - cell) above its first row of pixels */
  return widget_pixel (grid, x, y - cell / 2.0 - (x1 - x - cell) + 1);
}

/* Ctrl+click and Ctrl+drag grow a shape; its cells are tinted and
 * outlined, those of its rectangle it leaves out are not; a colour key
 * fills only them; undo; copy from the input and paste writes them alone */
static void
test_pointer (void)
{
  g_autofree char *dir = NULL;
  ArcWindow *window;
  ArcSolveView *view;
  GtkWidget *grid;
  double x, y;

  if (!can_send_input ())
    return;
  window = open_task (&dir);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  grid = grid_of (view, FALSE);
  focus_window (window);
  click (find_actionable (GTK_WIDGET (view), "solve.copy-from-input", NULL));
  assert_output (view, input);

  /* With the Edit tool: Ctrl selects, and paints nothing */
  press ("d");
  ctrl_click (view, FALSE, 0, 0);
  ctrl_click (view, FALSE, 1, 1);
  ctrl_click (view, FALSE, 2, 2);
  assert_output (view, input);
  assert_selection (view, "0,0: #.. .#. ..#");
  ctrl_drag (view, FALSE, 0, 3, 1, 4);
  assert_selection (view, "0,0: #..## .#.## ..#..");
  /* Taken away again, and back */
  ctrl_click (view, FALSE, 1, 4);
  assert_selection (view, "0,0: #..## .#.#. ..#..");
  ctrl_click (view, FALSE, 1, 4);
  assert_selection (view, "0,0: #..## .#.## ..#..");

  /* Drawn: a cell of it tinted, one of its rectangle left out not, its
   * edge outlined, the line between two of its cells not */
  cell_centre (view, FALSE, 1, 1, &x, &y);
  g_assert_cmphex (widget_pixel (grid, x, y), !=, arc_palette_get_rgb (ARC_PALETTE_STANDARD, 7));
  cell_centre (view, FALSE, 0, 1, &x, &y);
  g_assert_cmphex (widget_pixel (grid, x, y), ==, arc_palette_get_rgb (ARC_PALETTE_STANDARD, 2));
  g_assert_true (is_outline (top_edge_pixel (view, 1, 1)));
  g_assert_true (is_outline (top_edge_pixel (view, 0, 3)));
  g_assert_false (is_outline (top_edge_pixel (view, 1, 3)));

  /* A colour key fills its cells alone; undo */
  press ("0");
  assert_output (view, "[[0,2,3,0,0],[6,0,8,0,0],[2,3,0,5,6],[7,8,9,1,2]]");
  cell_centre (view, FALSE, 0, 1, &x, &y);
  g_assert_cmphex (widget_pixel (grid, x, y), ==, arc_palette_get_rgb (ARC_PALETTE_STANDARD, 2));
  press ("ctrl+z");
  assert_output (view, input);
  assert_selection (view, "0,0: #..## .#.## ..#..");

  /* The input's cells (a click, a drag): copied, then pasted at a cell of the output: only they land */
  press ("s");
  ctrl_click (view, TRUE, 0, 0);
  ctrl_drag (view, TRUE, 1, 1, 1, 2);
  g_assert_false (arc_solve_get_selection (arc_solve_view_get_solve (view), NULL));
  press ("c");
  click_cell (view, FALSE, 2, 2);
  press ("v");
  assert_output (view, "[[1,2,3,4,5],[6,7,8,9,1],[2,3,1,5,6],[7,8,9,7,8]]");
  g_assert_true (arc_solve_is_floating (arc_solve_view_get_solve (view)));
  assert_selection (view, "2,2: #.. .##");
  /* Floating: its cells in their own colours, the one it leaves out as it was */
  cell_centre (view, FALSE, 2, 2, &x, &y);
  g_assert_cmphex (widget_pixel (grid, x, y), ==, arc_palette_get_rgb (ARC_PALETTE_STANDARD, 1));
  /* Moved: the cells it uncovers come back */
  press ("Left");
  assert_output (view, "[[1,2,3,4,5],[6,7,8,9,1],[2,1,4,5,6],[7,8,7,8,2]]");
  gtk_window_destroy (GTK_WINDOW (window));
  remove_tree (dir);
}

/* The keyboard: Ctrl+Space adds the cursor's cell or takes it away,
 * Ctrl+arrows move the cursor alone, Ctrl+Shift+arrows add the cells it
 * moves onto; Delete clears them; a flip mirrors the shape */
static void
test_keyboard (void)
{
  g_autofree char *dir = NULL;
  ArcWindow *window;
  ArcSolveView *view;

  if (!can_send_input ())
    return;
  window = open_task (&dir);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  focus_window (window);
  click (find_actionable (GTK_WIDGET (view), "solve.copy-from-input", NULL));
  gtk_widget_grab_focus (grid_of (view, FALSE));
  pump (50);
  press ("ctrl+space");
  assert_selection (view, "0,0: #");
  press ("ctrl+Right");
  press ("ctrl+Right");
  g_assert_cmpint (view->cursor_col, ==, 2);
  assert_selection (view, "0,0: #");
  press ("ctrl+space");
  assert_selection (view, "0,0: #.#");
  press ("ctrl+shift+Down");
  press ("ctrl+shift+Right");
  assert_selection (view, "0,0: #.#. ..##");
  press ("ctrl+space");
  assert_selection (view, "0,0: #.# ..#");
  /* Mirrored in its rectangle, then cleared */
  click (find_actionable (GTK_WIDGET (view), "solve.flip-horizontally", NULL));
  assert_output (view, "[[3,2,1,4,5],[8,7,0,9,1],[2,3,4,5,6],[7,8,9,1,2]]");
  press ("Delete");
  assert_output (view, "[[0,2,0,4,5],[0,7,0,9,1],[2,3,4,5,6],[7,8,9,1,2]]");
  gtk_window_destroy (GTK_WINDOW (window));
  remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("arc-data-XXXXXX", NULL);
  int status;

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/arc/grown-selection-view/pointer", test_pointer);
  g_test_add_func ("/arc/grown-selection-view/keyboard", test_keyboard);
  status = g_test_run ();
#ifdef GDK_WINDOWING_X11
  {
    g_autofree char *path = g_find_program_in_path ("xdotool");

    if (path && GDK_IS_X11_DISPLAY (gdk_display_get_default ()))
      xdotool ("mousemove", "1279", "799", NULL);
  }
#endif
  return status;
}

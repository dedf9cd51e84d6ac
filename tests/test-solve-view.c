/* test-solve-view.c: solving in the window, with clicks and keys, as a user would
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "arc-solve-view-private.h"
#include "arc-grid-view.h"
#include "arc-task-row.h"
#include "gui-input.h"
#include "gui-test-util.h"

static void
wait_idle (ArcWindow *window)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (arc_task_list_is_busy (WIN_CHILD (window, ARC_TASK_LIST, "task_list")) && g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  pump (100);
}

static void
assert_output (ArcSolveView *view, const char *expected)
{
  g_autofree char *text = arc_grid_to_string (arc_solve_get_output (arc_solve_view_get_solve (view)));
  g_assert_cmpstr (text, ==, expected);
}

/* A two-test task: flip each input left to right */
static const char flip_task[] =
  "{\"train\": [{\"input\": [[1, 0]], \"output\": [[0, 1]]}, {\"input\": [[2, 3]], \"output\": [[3, 2]]},"
  "             {\"input\": [[4, 0, 0]], \"output\": [[0, 0, 4]]}],"
  " \"test\": [{\"input\": [[1, 2, 0], [0, 3, 0]], \"output\": [[0, 2, 1], [0, 3, 0]]},"
  "          {\"input\": [[5, 0], [0, 0]], \"output\": [[0, 5], [0, 0]]}]}";

static ArcWindow *
open_task (char **dir_out)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-solve-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "flip.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  ArcWindow *window;

  g_assert_true (g_file_set_contents (path, flip_task, -1, NULL));
  window = present_window (1280, 800);
  g_assert_true (arc_window_open (window, file));
  wait_idle (window);
  settle_workspace (window);
  *dir_out = g_steal_pointer (&dir);
  return window;
}

static void
cell_centre (ArcSolveView *view, gboolean on_input, int row, int col, double *x, double *y)
{
  GtkWidget *grid = on_input ? arc_solve_view_get_input_view (view) : arc_solve_view_get_output_view (view);

  g_assert_true (arc_grid_view_cell_centre (ARC_GRID_VIEW (grid), row, col, x, y));
}

static void
click_cell (ArcSolveView *view, gboolean on_input, int row, int col)
{
  double x, y;

  cell_centre (view, on_input, row, col, &x, &y);
  click_at (on_input ? arc_solve_view_get_input_view (view) : arc_solve_view_get_output_view (view), x, y);
}

/* A drag from one cell to another of the output grid */
static void
drag_cells (ArcSolveView *view, int row, int col, int to_row, int to_col)
{
  GtkWidget *grid = arc_solve_view_get_output_view (view);
  g_autofree char *xid = window_xid (grid);
  g_autofree char *x0 = NULL, *y0 = NULL, *x1 = NULL, *y1 = NULL;
  double x, y;

  cell_centre (view, FALSE, row, col, &x, &y);
  scroll_to (grid, y);
  window_point (grid, x, y, &x0, &y0);
  cell_centre (view, FALSE, to_row, to_col, &x, &y);
  window_point (grid, x, y, &x1, &y1);
  xdotool ("mousemove", "--window", xid, x0, y0, "mousedown", "1", NULL);
  pump (50);
  xdotool ("mousemove", "--window", xid, x1, y1, NULL);
  pump (50);
  xdotool ("mouseup", "1", NULL);
  pump (80);
}

/* Paints one cell of the output grid with @colour: the edit tool's key,
 * the colour's, a click */
static void
paint_cell (ArcSolveView *view, int row, int col, int colour)
{
  g_autofree char *key = g_strdup_printf ("%d", colour);

  press ("d");
  press (key);
  click_cell (view, FALSE, row, col);
}

static GtkWidget *
button (gpointer widget, const char *action, const char *target)
{
  GtkWidget *found = find_actionable (GTK_WIDGET (widget), action, target);

  g_assert_nonnull (found);
  return found;
}

static gboolean
is_active_button (ArcSolveView *view, const char *action, const char *target)
{
  return gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button (view, action, target)));
}

/* The output size entry, the workspace's only text field */
static GtkWidget *
find_entry (GtkWidget *widget)
{
  if (GTK_IS_ENTRY (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_entry (child);

      if (found)
        return found;
    }
  return NULL;
}

/* Whether the action of the button can be used now */
static gboolean
can (ArcSolveView *view, const char *action)
{
  return gtk_widget_get_sensitive (button (view, action, NULL));
}

/* The keyboard in the workspace: on the output grid */
static void
focus_output (ArcWindow *window)
{
  focus_window (window);
  gtk_widget_grab_focus (arc_solve_view_get_output_view (WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view")));
  pump (50);
}

/* Enter in the size field resizes and gives the keys back to the output
 * grid: a colour's digit then picks the colour (it had gone on the field's
 * text); a size that is none keeps the focus in the field, to mend it */
static void
test_size_enter_returns_to_grid (void)
{
  g_autofree char *dir = NULL;
  ArcWindow *window;
  ArcSolveView *view;
  GtkWidget *entry, *focus;

  if (!can_send_input ())
    return;
  window = open_task (&dir);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  focus_window (window);
  entry = find_widget_of_type (GTK_WIDGET (view), GTK_TYPE_ENTRY);
  click (entry);
  press ("ctrl+a");
  xdotool ("type", "4x4", NULL);
  press ("Return");
  pump (200);
  assert_output (view, "[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]");
  g_assert_true (gtk_widget_has_focus (arc_solve_view_get_output_view (view)));
  press ("2");
  g_assert_cmpint (arc_solve_view_get_colour (view), ==, 2);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "4×4");
  click (entry);
  press ("ctrl+a");
  xdotool ("type", "4x", NULL);
  press ("Return");
  pump (200);
  focus = gtk_root_get_focus (gtk_widget_get_root (entry));
  g_assert_true (focus == entry || gtk_widget_is_ancestor (focus, entry));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A fast pencil stroke: the pointer jumps over cells between two of its
 * events (one here: xdotool moves it at once); every cell on the way is
 * painted, in one step of undo */
static void
test_fast_stroke (void)
{
  g_autofree char *dir = NULL;
  ArcWindow *window;
  ArcSolveView *view;

  if (!can_send_input ())
    return;
  window = open_task (&dir);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  focus_output (window);
  press ("4");
  drag_cells (view, 1, 0, 1, 2);
  assert_output (view, "[[0,0,0],[4,4,4]]");
  press ("6");
  drag_cells (view, 0, 2, 1, 0);
  assert_output (view, "[[0,6,6],[6,4,4]]");
  press ("ctrl+z");
  assert_output (view, "[[0,0,0],[4,4,4]]");
  press ("ctrl+z");
  assert_output (view, "[[0,0,0],[0,0,0]]");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The arrows move the keyboard's cursor from a swatch too: the output
 * grid takes the focus, the cursor shows, and Space paints there */
static void
test_cursor_from_swatch (void)
{
  g_autofree char *dir = NULL;
  ArcWindow *window;
  ArcSolveView *view;
  GtkWidget *swatch;
  int row, col;

  if (!can_send_input ())
    return;
  window = open_task (&dir);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  focus_window (window);
  swatch = button (view, "solve.colour", "3");
  click (swatch);
  g_assert_true (gtk_widget_has_focus (swatch));
  g_assert_false (arc_grid_view_get_cursor (ARC_GRID_VIEW (arc_solve_view_get_output_view (view)), &row, &col));
  press ("Right");
  g_assert_true (gtk_widget_has_focus (arc_solve_view_get_output_view (view)));
  g_assert_true (arc_grid_view_get_cursor (ARC_GRID_VIEW (arc_solve_view_get_output_view (view)), &row, &col));
  g_assert_cmpint (row, ==, 0);
  g_assert_cmpint (col, ==, 1);
  press ("space");
  assert_output (view, "[[0,3,0],[0,0,0]]");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* With the Select tool, Space selects the cursor's cell and Shift+arrows
 * grow or shrink the selection from its far corner: a rectangle selected
 * with keys; with another tool, Shift+arrows move just the cursor */
static void
test_keyboard_selection (void)
{
  g_autofree char *dir = NULL;
  ArcWindow *window;
  ArcSolveView *view;
  ArcRect sel;

  if (!can_send_input ())
    return;
  window = open_task (&dir);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  focus_output (window);
  press ("s");
  press ("space");
  g_assert_true (arc_solve_get_selection (arc_solve_view_get_solve (view), &sel));
  g_assert_cmpint (sel.height * sel.width, ==, 1);
  press ("shift+Right");
  press ("shift+Down");
  press ("shift+Right");
  g_assert_true (arc_solve_get_selection (arc_solve_view_get_solve (view), &sel));
  g_assert_cmpint (sel.row, ==, 0);
  g_assert_cmpint (sel.col, ==, 0);
  g_assert_cmpint (sel.height, ==, 2);
  g_assert_cmpint (sel.width, ==, 3);
  press ("shift+Left");
  g_assert_true (arc_solve_get_selection (arc_solve_view_get_solve (view), &sel));
  g_assert_cmpint (sel.width, ==, 2);
  press ("3");  /* a colour fills it */
  assert_output (view, "[[3,3,0],[3,3,0]]");

  /* Another tool: the cursor alone moves, the selection stays */
  press ("d");
  press ("shift+Right");
  g_assert_true (arc_solve_get_selection (arc_solve_view_get_solve (view), &sel));
  g_assert_cmpint (sel.width, ==, 2);
  press ("Escape");
  press ("space");
  assert_output (view, "[[3,3,0],[3,3,3]]");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_tools (void)
{
  g_autofree char *dir = NULL;
  ArcWindow *window;
  ArcSolveView *view;

  if (!can_send_input ())
    return;
  window = open_task (&dir);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  focus_output (window);

  /* Sized to the test input at first, empty */
  g_assert_nonnull (arc_solve_view_get_solve (view));
  assert_output (view, "[[0,0,0],[0,0,0]]");

  /* Paint with the mouse (a drag over two cells is one undo step) and with keys */
  press ("4");
  arc_solve_begin_stroke (arc_solve_view_get_solve (view));
  arc_solve_view_click_cell (view, FALSE, 0, 0, 0, 0);
  arc_solve_view_click_cell (view, FALSE, 0, 1, 0, 1);
  arc_solve_end_stroke (arc_solve_view_get_solve (view));
  assert_output (view, "[[4,4,0],[0,0,0]]");
  press ("Down");
  press ("space");
  assert_output (view, "[[4,4,0],[0,4,0]]");
  press ("ctrl+z");
  assert_output (view, "[[4,4,0],[0,0,0]]");
  press ("ctrl+z");
  assert_output (view, "[[0,0,0],[0,0,0]]");
  press ("ctrl+y");
  assert_output (view, "[[4,4,0],[0,0,0]]");

  /* Flood fill (F), then select on the input grid, copy, paste on the output */
  press ("f");
  press ("7");
  arc_solve_view_click_cell (view, FALSE, 1, 1, 1, 1);
  assert_output (view, "[[4,4,7],[7,7,7]]");
  press ("s");
  arc_solve_view_click_cell (view, TRUE, 0, 0, 1, 1);
  press ("c");
  arc_solve_view_click_cell (view, FALSE, 0, 1, 0, 1);
  press ("v");
  /* cells off the grid are dropped */
  assert_output (view, "[[4,1,2],[7,0,3]]");

  /* With a selection: a colour fills it, arrows move it, Delete clears it */
  arc_solve_view_click_cell (view, FALSE, 0, 1, 1, 2);
  press ("9");
  assert_output (view, "[[4,9,9],[7,9,9]]");
  press ("Left");
  assert_output (view, "[[9,9,0],[9,9,0]]");
  press ("Delete");
  assert_output (view, "[[0,0,0],[0,0,0]]");

  /* Pick colour (I) from the input */
  press ("i");
  arc_solve_view_click_cell (view, TRUE, 1, 1, 1, 1);
  g_assert_cmpint (arc_solve_view_get_colour (view), ==, 3);

  /* And from a train grid: a click there while picking */
  press ("i");
  g_signal_emit_by_name (WIN_CHILD (window, ARC_TASK_VIEW, "task_view"), "cell-clicked", 2);
  g_assert_cmpint (arc_solve_view_get_colour (view), ==, 2);
  /* Without picking, a click on a train grid changes nothing */
  g_signal_emit_by_name (WIN_CHILD (window, ARC_TASK_VIEW, "task_view"), "cell-clicked", 4);
  g_assert_cmpint (arc_solve_view_get_colour (view), ==, 2);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The buttons' actions are enabled as the model allows */
static void
test_actions_follow_model (void)
{
  g_autofree char *dir = NULL;
  ArcWindow *window;
  ArcSolveView *view;

  if (!can_send_input ())
    return;
  window = open_task (&dir);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  focus_window (window);

  /* A fresh task: nothing to undo, redo, paste, nor a selection to work on */
  g_assert_false (can (view, "solve.undo"));
  g_assert_false (can (view, "solve.redo"));
  g_assert_false (can (view, "solve.paste"));
  g_assert_false (can (view, "solve.copy"));
  g_assert_false (can (view, "solve.rotate-clockwise"));
  g_assert_false (can (view, "solve.flip-vertically"));
  g_assert_false (can (view, "solve.crop"));
  g_assert_false (can (view, "solve.previous-test"));
  g_assert_true (can (view, "solve.next-test"));
  g_assert_true (can (view, "solve.submit"));

  /* A paint can be undone; after undo, redone */
  click_cell (view, FALSE, 0, 0);
  assert_output (view, "[[1,0,0],[0,0,0]]");
  g_assert_true (can (view, "solve.undo"));
  g_assert_false (can (view, "solve.redo"));
  press ("ctrl+z");
  assert_output (view, "[[0,0,0],[0,0,0]]");
  g_assert_false (can (view, "solve.undo"));
  g_assert_true (can (view, "solve.redo"));

  /* A selection enables what works on one; a copy, pasting */
  click (button (view, "solve.tool", "'select'"));
  g_assert_cmpint (arc_solve_view_get_tool (view), ==, ARC_TOOL_SELECT);
  drag_cells (view, 0, 0, 1, 1);
  g_assert_true (arc_solve_get_selection (arc_solve_view_get_solve (view), NULL));
  g_assert_true (can (view, "solve.rotate-clockwise"));
  g_assert_true (can (view, "solve.flip-vertically"));
  g_assert_true (can (view, "solve.crop"));
  g_assert_true (can (view, "solve.copy"));
  g_assert_false (can (view, "solve.paste"));
  press ("c");
  g_assert_true (can (view, "solve.paste"));
  press ("Escape");
  g_assert_false (arc_solve_get_selection (arc_solve_view_get_solve (view), NULL));
  g_assert_false (can (view, "solve.rotate-clockwise"));
  g_assert_true (can (view, "solve.paste"));

  /* The test inputs: on the last, no next one */
  click (button (view, "solve.next-test", NULL));
  g_assert_cmpuint (arc_solve_get_current (arc_solve_view_get_solve (view)), ==, 1);
  g_assert_true (can (view, "solve.previous-test"));
  g_assert_false (can (view, "solve.next-test"));
  g_assert_false (can (view, "solve.undo"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The keys work wherever the focus is in the workspace, but in the size entry */
static void
test_keys_anywhere (void)
{
  g_autofree char *dir = NULL;
  ArcWindow *window;
  ArcSolveView *view;
  GtkWidget *entry;

  if (!can_send_input ())
    return;
  window = open_task (&dir);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  focus_window (window);

  /* After a click on a swatch */
  click (button (view, "solve.colour", "3"));
  g_assert_cmpint (arc_solve_view_get_colour (view), ==, 3);
  g_assert_true (is_active_button (view, "solve.colour", "3"));
  press ("9");
  g_assert_cmpint (arc_solve_view_get_colour (view), ==, 9);
  g_assert_true (is_active_button (view, "solve.colour", "9"));
  g_assert_false (is_active_button (view, "solve.colour", "3"));
  click_cell (view, FALSE, 0, 0);
  assert_output (view, "[[9,0,0],[0,0,0]]");

  /* After Submit */
  press ("2");
  g_assert_cmpint (arc_solve_view_get_colour (view), ==, 2);
  click (button (view, "solve.submit", NULL));
  g_assert_true (g_str_has_prefix (arc_solve_view_get_verdict (view), "Wrong."));
  press ("9");
  g_assert_cmpint (arc_solve_view_get_colour (view), ==, 9);

  /* Copy two cells; after Rotate, paste them */
  click_cell (view, FALSE, 0, 1);
  press ("s");
  drag_cells (view, 0, 0, 0, 1);
  press ("c");
  /* (a drag from inside the selection would move it) */
  press ("Escape");
  drag_cells (view, 0, 1, 1, 2);
  click (button (view, "solve.rotate-clockwise", NULL));
  assert_output (view, "[[9,0,9],[0,0,0]]");
  press ("ctrl+v");
  assert_output (view, "[[9,9,9],[0,0,0]]");

  /* In the size entry, the keys are the entry's */
  entry = find_entry (GTK_WIDGET (view));
  g_assert_nonnull (entry);
  click (entry);
  press ("ctrl+a");
  xdotool ("type", "3x3", NULL);
  pump (80);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "3x3");
  /* (Up and Down leave a one-line entry, as anywhere in GTK) */
  press ("Escape");
  press ("Left");
  press ("Left");
  press ("Delete");
  press ("space");
  press ("c");
  press ("v");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "3 cv3");
  press ("BackSpace");
  press ("BackSpace");
  press ("BackSpace");
  press ("x");
  press ("End");
  press ("BackSpace");
  press ("9");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "3x9");
  press ("BackSpace");
  press ("3");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "3x3");
  g_assert_cmpint (arc_solve_view_get_colour (view), ==, 9);
  g_assert_cmpint (arc_solve_view_get_tool (view), ==, ARC_TOOL_SELECT);
  g_assert_true (arc_solve_get_selection (arc_solve_view_get_solve (view), NULL));
  assert_output (view, "[[9,9,9],[0,0,0]]");
  press ("Return");
  assert_output (view, "[[9,9,9],[0,0,0],[0,0,0]]");

  /* Undo after a click on a tool */
  click (button (view, "solve.tool", "'fill'"));
  press ("ctrl+z");
  assert_output (view, "[[9,9,9],[0,0,0]]");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The tool buttons and the eyedropper show the tool in use */
static void
test_tool_toggles (void)
{
  g_autofree char *dir = NULL;
  ArcWindow *window;
  ArcSolveView *view;
  const struct { const char *key, *target; ArcTool tool; } tools[] = {
    { "s", "'select'", ARC_TOOL_SELECT }, { "f", "'fill'", ARC_TOOL_FILL }, { "d", "'edit'", ARC_TOOL_EDIT },
  };

  if (!can_send_input ())
    return;
  window = open_task (&dir);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  focus_output (window);

  g_assert_true (is_active_button (view, "solve.tool", "'edit'"));
  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    {
      press (tools[i].key);
      g_assert_cmpint (arc_solve_view_get_tool (view), ==, tools[i].tool);
      for (guint j = 0; j < G_N_ELEMENTS (tools); j++)
        g_assert_cmpint (is_active_button (view, "solve.tool", tools[j].target), ==, i == j);
    }

  /* I: the eyedropper, until a colour is picked or a tool chosen */
  press ("i");
  g_assert_true (is_active_button (view, "solve.pick-colour", NULL));
  press ("s");
  g_assert_false (is_active_button (view, "solve.pick-colour", NULL));
  g_assert_true (is_active_button (view, "solve.tool", "'select'"));
  press ("i");
  click_cell (view, TRUE, 1, 1);
  g_assert_false (is_active_button (view, "solve.pick-colour", NULL));
  g_assert_cmpint (arc_solve_view_get_colour (view), ==, 3);
  g_assert_true (is_active_button (view, "solve.colour", "3"));

  /* A click on a tool button */
  click (button (view, "solve.tool", "'fill'"));
  g_assert_cmpint (arc_solve_view_get_tool (view), ==, ARC_TOOL_FILL);
  g_assert_true (is_active_button (view, "solve.tool", "'fill'"));
  g_assert_false (is_active_button (view, "solve.tool", "'select'"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Undo, redo, submit and the colour and tool keys work from anywhere in
 * the window but a text field; the other keys are the workspace's; Space on
 * a focused button presses it */
static void
test_window_shortcuts (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *verdict = NULL;
  ArcWindow *window;
  ArcSolveView *view;
  GtkWidget *outside;

  if (!can_send_input ())
    return;
  window = open_task (&dir);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  focus_window (window);
  click_cell (view, FALSE, 0, 0);
  assert_output (view, "[[1,0,0],[0,0,0]]");

  /* The focus outside the workspace: on the header bar's notes button */
  outside = button (window, "win.show-notes", NULL);
  click (outside);
  g_assert_true (gtk_widget_has_focus (outside));
  press ("ctrl+z");
  assert_output (view, "[[0,0,0],[0,0,0]]");
  press ("ctrl+y");
  assert_output (view, "[[1,0,0],[0,0,0]]");
  /* the colour and tool keys too (the arrows, Space and Delete stay the
   * workspace's, for the widget with the focus) */
  press ("5");
  g_assert_cmpint (arc_solve_view_get_colour (view), ==, 5);
  press ("1");
  g_assert_cmpint (arc_solve_view_get_colour (view), ==, 1);

  /* The focus in the search field: its keys are its own */
  verdict = g_strdup (arc_solve_view_get_verdict (view));
  arc_task_list_focus_search (WIN_CHILD (window, ARC_TASK_LIST, "task_list"));
  pump (50);
  press ("ctrl+z");
  press ("ctrl+Return");
  assert_output (view, "[[1,0,0],[0,0,0]]");
  g_assert_cmpstr (arc_solve_view_get_verdict (view), ==, verdict);

  /* From outside the workspace, Ctrl+Enter submits */
  click (outside);
  press ("ctrl+Return");
  g_assert_true (g_str_has_prefix (arc_solve_view_get_verdict (view), "Wrong."));

  /* Space on a focused button presses it, not the cursor's cell */
  click (button (view, "solve.copy-from-input", NULL));
  assert_output (view, "[[1,2,0],[0,3,0]]");
  press ("9");
  press ("space");
  assert_output (view, "[[1,2,0],[0,3,0]]");
  press ("ctrl+z");
  assert_output (view, "[[1,2,0],[0,3,0]]");  /* the second copy */
  press ("ctrl+z");
  assert_output (view, "[[1,0,0],[0,0,0]]");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Out of the box, a wrong answer is only wrong, as in the ARC testing
 * interface: no count of wrong cells, no crosses */
static void
test_right_or_wrong_by_default (void)
{
  g_autofree char *dir = NULL;
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  ArcWindow *window;
  ArcSolveView *view;

  if (!can_send_input ())
    return;
  g_settings_reset (settings, "show-diff");
  window = open_task (&dir);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  focus_output (window);
  press ("ctrl+Return");
  g_assert_cmpstr (arc_solve_view_get_verdict (view), ==, "Wrong. 1 trial left.");
  g_assert_cmpuint (arc_grid_view_get_n_marked (ARC_GRID_VIEW (arc_solve_view_get_output_view (view))), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_set_boolean (settings, "show-diff", TRUE);  /* as the other tests have it */
}

static void
test_submit (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *sidecar = NULL;
  ArcWindow *window;
  ArcSolveView *view;
  ArcSolve *solve;

  if (!can_send_input ())
    return;
  window = open_task (&dir);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  solve = arc_solve_view_get_solve (view);
  sidecar = g_build_filename (dir, "flip.arcnotes", NULL);
  focus_output (window);

  /* Wrong: trials left are shown, and the wrong cells crossed out */
  press ("ctrl+Return");
  g_assert_true (g_str_has_prefix (arc_solve_view_get_verdict (view), "Wrong. 1 trial left."));
  g_assert_nonnull (strstr (arc_solve_view_get_verdict (view), "3 cells are wrong"));
  wait_file_contains (sidecar, "\"verdict\" : \"wrong\"");
  /* A selection changes nothing of the grid: the verdict and the crosses
   * stay. A paint after it (and its undo) makes what was said of the grid
   * stale, the crosses gone: the line says how the test input stands */
  press ("s");
  press ("space");
  g_assert_true (arc_solve_get_selection (solve, NULL));
  g_assert_true (g_str_has_prefix (arc_solve_view_get_verdict (view), "Wrong. 1 trial left."));
  g_assert_cmpuint (arc_grid_view_get_n_marked (ARC_GRID_VIEW (arc_solve_view_get_output_view (view))), ==, 3);
  press ("Escape");
  press ("d");
  press ("space");
  g_assert_cmpstr (arc_solve_view_get_verdict (view), ==, "1 trial left");
  press ("ctrl+z");
  g_assert_cmpstr (arc_solve_view_get_verdict (view), ==, "1 trial left");

  /* Right: copy from input, flip, submit */
  arc_solve_copy_from_input (solve);
  press ("s");
  arc_solve_view_click_cell (view, FALSE, 0, 0, 1, 2);
  arc_solve_flip (solve, TRUE);
  press ("ctrl+Return");
  g_assert_cmpstr (arc_solve_view_get_verdict (view), ==, "Correct! This test input is solved ✓");
  wait_file_contains (sidecar, "\"verdict\" : \"correct\"");
  /* With the trajectory that led to it */
  wait_file_contains (sidecar, "\"operation\" : \"CopyFromInput\"");
  wait_file_contains (sidecar, "\"direction\" : \"horizontal\"");

  /* The second test input keeps its own grid; two wrong answers fail it */
  arc_solve_set_current (solve, 1);
  assert_output (view, "[[0,0],[0,0]]");
  press ("ctrl+Return");
  paint_cell (view, 1, 1, 7);
  press ("ctrl+Return");
  g_assert_cmpint (arc_solve_get_state (solve, 1), ==, ARC_TEST_FAILED);
  g_assert_true (g_str_has_prefix (arc_solve_view_get_verdict (view), "Wrong. No trials left"));
  /* Practice after that is recorded as not counting */
  press ("ctrl+Return");
  g_assert_true (g_str_has_prefix (arc_solve_view_get_verdict (view), "Wrong (practice, not counted)."));
  wait_file_contains (sidecar, "\"counts\" : false");
  gtk_window_destroy (GTK_WINDOW (window));

  /* After a restart, the attempts come back: test 1 solved, test 2 failed */
  {
    g_autofree char *path = g_build_filename (dir, "flip.json", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);

    window = g_object_new (ARC_TYPE_WINDOW, NULL);
    gtk_window_present (GTK_WINDOW (window));
    g_assert_true (arc_window_open (window, file));
    wait_idle (window);
    view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
    solve = arc_solve_view_get_solve (view);
    g_assert_cmpint (arc_solve_get_state (solve, 0), ==, ARC_TEST_SOLVED);
    g_assert_cmpint (arc_solve_get_state (solve, 1), ==, ARC_TEST_FAILED);
    g_assert_cmpstr (arc_solve_view_get_verdict (view), ==, "Solved ✓");
    gtk_window_destroy (GTK_WINDOW (window));
  }
}

static void
test_hidden_answer (void)
{
  ArcWindow *window;
  ArcSolveView *view;

  if (!can_send_input ())
    return;
  window = g_object_new (ARC_TYPE_WINDOW, NULL);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  gtk_window_present (GTK_WINDOW (window));
  arc_window_open_samples (window);
  wait_idle (window);
  g_assert_true (arc_window_select_task (window, "outline"));
  pump (100);
  focus_output (window);
  press ("ctrl+Return");
  g_assert_cmpstr (arc_solve_view_get_verdict (view), ==, "Recorded. The answer is hidden, so it is not judged.");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
row_badges (GtkWidget *widget, gboolean in_row, GString *icons)
{
  in_row = in_row || ARC_IS_TASK_ROW (widget);
  if (in_row && GTK_IS_IMAGE (widget) && gtk_widget_get_visible (widget))
    g_string_append_printf (icons, "%s%s", icons->len ? " " : "", gtk_image_get_icon_name (GTK_IMAGE (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    row_badges (child, in_row, icons);
}

static char *
badges_of (ArcWindow *window)
{
  GString *icons = g_string_new (NULL);

  row_badges (window_child (window, "task_list"), FALSE, icons);
  return g_string_free (icons, FALSE);
}

static gboolean
subtitle_says_failed (gpointer data)
{
  ArcWindow *window = data;
  g_autofree char *badges = badges_of (window);

  return strstr (adw_window_title_get_subtitle (WIN_CHILD (window, ADW_WINDOW_TITLE, "window_title")), "1 failed") != NULL &&
         strstr (badges, "dialog-warning-symbolic") != NULL;
}

/* Once the trials are used up, a right answer is practice: it says so,
 * and neither the summary nor the Failed badge change */
static void
test_practice_verdict (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *sidecar = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *badges = NULL;
  g_autofree char *badges_after = NULL;
  ArcWindow *window;
  ArcSolveView *view;
  ArcSolve *solve;

  if (!can_send_input ())
    return;
  window = open_task (&dir);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  solve = arc_solve_view_get_solve (view);
  sidecar = g_build_filename (dir, "flip.arcnotes", NULL);
  focus_output (window);

  /* Two wrong answers use up the trials: failed, with its own badge */
  press ("ctrl+Return");
  paint_cell (view, 1, 1, 7);
  press ("ctrl+Return");
  g_assert_cmpint (arc_solve_get_state (solve, 0), ==, ARC_TEST_FAILED);
  g_assert_true (g_str_has_prefix (arc_solve_view_get_verdict (view), "Wrong. No trials left"));
  wait_for (subtitle_says_failed, window, "the summary and the badge to say failed");
  badges = badges_of (window);
  g_assert_null (strstr (badges, "media-playlist-repeat-symbolic"));   /* not the Attempted badge */
  g_assert_null (strstr (badges, "emblem-ok-symbolic"));
  subtitle = g_strdup (adw_window_title_get_subtitle (WIN_CHILD (window, ADW_WINDOW_TITLE, "window_title")));

  /* The right answer, now: practice */
  click (button (view, "solve.copy-from-input", NULL));
  press ("s");
  drag_cells (view, 0, 0, 1, 2);
  click (button (view, "solve.flip-horizontally", NULL));
  assert_output (view, "[[0,2,1],[0,3,0]]");
  click (button (view, "solve.submit", NULL));
  g_assert_cmpstr (arc_solve_view_get_verdict (view), ==, "Right, but practice: not counted");
  g_assert_cmpint (arc_solve_get_state (solve, 0), ==, ARC_TEST_FAILED);
  wait_file_contains (sidecar, "\"verdict\" : \"correct\"");
  pump (300);
  g_assert_cmpstr (adw_window_title_get_subtitle (WIN_CHILD (window, ADW_WINDOW_TITLE, "window_title")), ==, subtitle);
  g_assert_null (strstr (subtitle, "solved"));
  badges_after = badges_of (window);
  g_assert_cmpstr (badges_after, ==, badges);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The user's attempts at the shown task, as its notes keep them */
static guint
n_attempts (ArcWindow *window)
{
  ArcTaskNotes *notes = shown_notes (window);
  ArcAnnotation *a = arc_notes_get (arc_task_notes_get_notes (notes), "flip", arc_task_notes_get_annotator (notes));

  return a ? a->attempts->len : 0;
}

/* The grid of an earlier wrong attempt spends no trial and says so; a
 * wrong size says so and crosses out nothing */
static void
test_resubmit_and_wrong_size (void)
{
  g_autofree char *dir = NULL;
  ArcWindow *window;
  ArcSolveView *view;
  ArcSolve *solve;
  ArcGridView *output;
  GtkWidget *entry;

  if (!can_send_input ())
    return;
  window = open_task (&dir);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  solve = arc_solve_view_get_solve (view);
  output = ARC_GRID_VIEW (arc_solve_view_get_output_view (view));
  focus_output (window);

  /* Wrong: one trial spent, three cells crossed out */
  press ("ctrl+Return");
  g_assert_cmpstr (arc_solve_view_get_verdict (view), ==, "Wrong. 1 trial left. 3 cells are wrong (crossed out).");
  g_assert_cmpuint (arc_grid_view_get_n_marked (output), ==, 3);
  g_assert_cmpuint (n_attempts (window), ==, 1);

  /* The same grid again: no trial spent, nothing recorded, and it says so */
  click (button (view, "solve.submit", NULL));
  g_assert_cmpuint (arc_solve_get_trials_left (solve, 0), ==, 1);
  g_assert_cmpint (arc_solve_get_state (solve, 0), ==, ARC_TEST_OPEN);
  g_assert_cmpstr (arc_solve_view_get_verdict (view), ==,
                   "Wrong, as before: the same grid spends no trial. 1 trial left. 3 cells are wrong (crossed out).");
  g_assert_cmpuint (arc_grid_view_get_n_marked (output), ==, 3);
  pump (200);
  g_assert_cmpuint (n_attempts (window), ==, 1);

  /* Changed and changed back: the same grid still */
  paint_cell (view, 0, 0, 4);
  press ("ctrl+z");
  press ("ctrl+Return");
  g_assert_cmpuint (arc_solve_get_trials_left (solve, 0), ==, 1);

  /* A wrong size: said, and not a cell crossed out */
  entry = find_entry (GTK_WIDGET (view));
  click (entry);
  press ("ctrl+a");
  xdotool ("type", "3x3", NULL);
  press ("Return");
  pump (80);
  assert_output (view, "[[0,0,0],[0,0,0],[0,0,0]]");
  focus_output (window);
  press ("ctrl+Return");
  g_assert_cmpstr (arc_solve_view_get_verdict (view), ==,
                   "Wrong. No trials left: this test input is failed. The size is wrong: the answer is not 3×3.");
  g_assert_cmpuint (arc_grid_view_get_n_marked (output), ==, 0);
  g_assert_cmpuint (n_attempts (window), ==, 2);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The pointer moved over the centre of a cell of a workspace grid */
static void
point_at_cell (ArcSolveView *view, gboolean on_input, int row, int col)
{
  GtkWidget *grid = on_input ? arc_solve_view_get_input_view (view) : arc_solve_view_get_output_view (view);
  g_autofree char *xid = window_xid (grid);
  g_autofree char *sx = NULL, *sy = NULL;
  double x, y;

  cell_centre (view, on_input, row, col, &x, &y);
  scroll_to (grid, y);
  window_point (grid, x, y, &sx, &sy);
  xdotool ("mousemove", "--window", xid, sx, sy, NULL);
  pump (80);
}

static void
assert_status_ends (ArcWindow *window, const char *end)
{
  const char *text = gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "status_label"));

  if (!g_str_has_suffix (text, end))
    g_error ("the status line says “%s”, not “… %s”", text, end);
}

/* The status line says the cell pointed at in the workspace: under the
 * pointer on either grid, else the keyboard cursor's */
static void
test_status_line_reads_workspace (void)
{
  g_autofree char *dir = NULL;
  ArcWindow *window;
  ArcSolveView *view;
  GtkWidget *title;

  if (!can_send_input ())
    return;
  window = open_task (&dir);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  title = window_child (window, "task_title");
  focus_window (window);

  /* The test input: [[1,2,0],[0,3,0]] */
  point_at_cell (view, TRUE, 0, 1);
  assert_status_ends (window, "— test 1 input, row 1, column 2: 2 red");
  point_at_cell (view, TRUE, 1, 1);
  assert_status_ends (window, "— test 1 input, row 2, column 2: 3 green");

  /* The output grid, and a cell painted under the pointer */
  point_at_cell (view, FALSE, 1, 2);
  assert_status_ends (window, "— your output for test 1, row 2, column 3: 0 black");
  press ("d");
  press ("4");
  click_cell (view, FALSE, 1, 2);
  assert_output (view, "[[0,0,0],[0,0,4]]");
  assert_status_ends (window, "— your output for test 1, row 2, column 3: 4 yellow");

  /* Off the grids: the cell is no longer said */
  point_at_cell (view, TRUE, 0, 0);
  click_at (title, 1, 1);
  g_assert_null (strstr (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "status_label")), "row"));

  /* The keyboard cursor (where the click left it), while the output grid
   * has the focus */
  focus_output (window);
  assert_status_ends (window, "— your output for test 1, row 2, column 3: 4 yellow");
  press ("Left");
  press ("Up");
  assert_status_ends (window, "— your output for test 1, row 1, column 2: 0 black");

  /* The cursor moved by keys under a pointer left on the grid: the
   * cursor's cell, until the pointer moves again */
  point_at_cell (view, FALSE, 1, 2);
  assert_status_ends (window, "— your output for test 1, row 2, column 3: 4 yellow");
  press ("Left");
  assert_status_ends (window, "— your output for test 1, row 1, column 1: 0 black");
  point_at_cell (view, TRUE, 1, 1);
  assert_status_ends (window, "— test 1 input, row 2, column 2: 3 green");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A 4x5 test input of distinct colours */
static const char float_task[] =
  "{\"train\": [{\"input\": [[1]], \"output\": [[1]]}],"
  " \"test\": [{\"input\": [[1,2,3,4,5],[6,7,8,9,1],[2,3,4,5,6],[7,8,9,1,2]]}]}";

/* Rotate, flip and move float the selection: nothing outside it is lost */
static void
test_floating_selection (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-solve-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "float.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  const char *input = "[[1,2,3,4,5],[6,7,8,9,1],[2,3,4,5,6],[7,8,9,1,2]]";
  ArcWindow *window;
  ArcSolveView *view;
  ArcSolve *solve;
  GtkWidget *grid;
  guint steps = 0;
  double x, y;

  if (!can_send_input ())
    return;
  g_assert_true (g_file_set_contents (path, float_task, -1, NULL));
  window = present_window (1280, 800);
  g_assert_true (arc_window_open (window, file));
  wait_idle (window);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  solve = arc_solve_view_get_solve (view);
  grid = arc_solve_view_get_output_view (view);
  focus_window (window);

  click (button (view, "solve.copy-from-input", NULL));
  assert_output (view, input);
  /* A 2x3 block (rows 0-1, columns 1-3), turned four times */
  press ("s");
  drag_cells (view, 0, 1, 1, 3);
  g_assert_false (arc_solve_is_floating (solve));
  click (button (view, "solve.rotate-clockwise", NULL));
  assert_output (view, "[[1,7,2,0,5],[6,8,3,0,1],[2,9,4,5,6],[7,8,9,1,2]]");
  g_assert_true (arc_solve_is_floating (solve));
  /* Drawn in its own colours (not tinted as a plain selection is) */
  cell_centre (view, FALSE, 2, 1, &x, &y);
  g_assert_cmphex (widget_pixel (grid, x, y), ==, arc_palette_get_rgb (ARC_PALETTE_STANDARD, 9));
  click (button (view, "solve.rotate-clockwise", NULL));
  assert_output (view, "[[1,9,8,7,5],[6,4,3,2,1],[2,3,4,5,6],[7,8,9,1,2]]");
  click (button (view, "solve.rotate-clockwise", NULL));
  click (button (view, "solve.rotate-clockwise", NULL));
  assert_output (view, input);

  /* Moved with the arrows, right then left, and off the edge and back */
  focus_output (window);
  {
    int row = view->cursor_row, col = view->cursor_col;

    press ("Right");
    assert_output (view, "[[1,0,2,3,4],[6,0,7,8,9],[2,3,4,5,6],[7,8,9,1,2]]");
    /* the keyboard's cursor travels with the selection */
    g_assert_cmpint (view->cursor_row, ==, row);
    g_assert_cmpint (view->cursor_col, ==, MIN (col + 1, 4));
  }
  press ("Left");
  assert_output (view, input);
  press ("Down");
  press ("Down");
  press ("Down");
  assert_output (view, "[[1,0,0,0,5],[6,0,0,0,1],[2,3,4,5,6],[7,2,3,4,2]]");
  press ("Up");
  press ("Up");
  press ("Up");
  assert_output (view, input);

  /* Dragged by the pointer from inside it: one down, one right, one step
   * of undo; over it the pointer says it can be dragged */
  cell_centre (view, FALSE, 0, 2, &x, &y);
  {
    g_autofree char *xid = window_xid (grid);
    g_autofree char *sx = NULL, *sy = NULL;

    window_point (grid, x, y, &sx, &sy);
    xdotool ("mousemove", "--window", xid, sx, sy, NULL);
    pump (100);
    g_assert_nonnull (gtk_widget_get_cursor (grid));
    g_assert_cmpstr (gdk_cursor_get_name (gtk_widget_get_cursor (grid)), ==, "move");
  }
  drag_cells (view, 0, 2, 1, 3);
  assert_output (view, "[[1,0,0,0,5],[6,0,2,3,4],[2,3,7,8,9],[7,8,9,1,2]]");
  /* the keyboard's cursor came along, under the pointer */
  g_assert_cmpint (view->cursor_row, ==, 1);
  g_assert_cmpint (view->cursor_col, ==, 3);
  g_assert_true (arc_solve_is_floating (solve));
  press ("ctrl+z");
  assert_output (view, input);
  /* The pointer, still over it, follows the tool */
  g_assert_cmpstr (gdk_cursor_get_name (gtk_widget_get_cursor (grid)), ==, "move");
  press ("d");
  g_assert_null (gtk_widget_get_cursor (grid));
  press ("s");
  g_assert_cmpstr (gdk_cursor_get_name (gtk_widget_get_cursor (grid)), ==, "move");

  /* Paste, then move: no hole */
  press ("c");
  press ("Escape");
  g_assert_false (arc_solve_is_floating (solve));
  click_cell (view, FALSE, 2, 2);
  press ("v");
  assert_output (view, "[[1,2,3,4,5],[6,7,8,9,1],[2,3,2,3,4],[7,8,7,8,9]]");
  press ("Left");
  press ("Left");
  assert_output (view, input);
  /* Undo: one step per action, down to the copy from the input */
  while (arc_solve_can_undo (solve))
    {
      press ("ctrl+z");
      steps++;
      g_assert_cmpuint (steps, <=, 20);
    }
  g_assert_cmpuint (steps, ==, 16);
  gtk_window_destroy (GTK_WINDOW (window));
}

static ArcWindow *
open_folder (const char *dir)
{
  g_autoptr(GFile) file = g_file_new_for_path (dir);
  ArcWindow *window = g_object_new (ARC_TYPE_WINDOW, NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arc_window_open (window, file));
  wait_idle (window);
  return window;
}

static const char *
size_text (ArcSolveView *view)
{
  return gtk_editable_get_text (GTK_EDITABLE (find_entry (GTK_WIDGET (view))));
}

/* After a restart each test input shows its last grid: the right answer
 * of a solved one, the work in progress of another; the size field always
 * shows the shown grid's size */
static void
test_workspace_comes_back (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-solve-XXXXXX", NULL);
  g_autofree char *a = g_build_filename (dir, "a.json", NULL);
  g_autofree char *b = g_build_filename (dir, "b.json", NULL);
  ArcWindow *window;
  ArcSolveView *view;
  ArcSolve *solve;

  if (!can_send_input ())
    return;
  g_assert_true (g_file_set_contents (a, flip_task, -1, NULL));
  g_assert_true (g_file_set_contents (b, float_task, -1, NULL));
  window = open_folder (dir);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  solve = arc_solve_view_get_solve (view);
  g_assert_cmpuint (arc_solve_get_n_tests (solve), ==, 2);
  focus_output (window);

  /* Test input 1: solved */
  click (button (view, "solve.copy-from-input", NULL));
  press ("s");
  drag_cells (view, 0, 0, 1, 2);
  click (button (view, "solve.flip-horizontally", NULL));
  press ("ctrl+Return");
  g_assert_cmpstr (arc_solve_view_get_verdict (view), ==, "Correct! This test input is solved ✓");
  /* Test input 2: work in progress */
  /* (the button, insensitive at the last test input, gives the focus to
   * the output grid: the keys still work) */
  click (button (view, "solve.next-test", NULL));
  press ("d");
  press ("4");
  click_cell (view, FALSE, 0, 0);
  assert_output (view, "[[4,0],[0,0]]");
  g_assert_cmpstr (size_text (view), ==, "2×2");

  /* A size typed but not applied, then the next task: the field shows its size */
  click (find_entry (GTK_WIDGET (view)));
  press ("ctrl+a");
  xdotool ("type", "7x7", NULL);
  pump (80);
  g_assert_cmpstr (size_text (view), ==, "7x7");
  press ("alt+Right");
  solve = arc_solve_view_get_solve (view);
  g_assert_cmpuint (arc_solve_get_n_tests (solve), ==, 1);
  g_assert_cmpstr (size_text (view), ==, "4×5");
  gtk_window_destroy (GTK_WINDOW (window));
  pump (100);

  /* Restart */
  g_test_message ("restart");
  window = open_folder (dir);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  solve = arc_solve_view_get_solve (view);
  g_assert_cmpuint (arc_solve_get_n_tests (solve), ==, 2);
  g_assert_cmpstr (arc_solve_view_get_verdict (view), ==, "Solved ✓");
  assert_output (view, "[[0,2,1],[0,3,0]]");
  g_assert_cmpstr (size_text (view), ==, "2×3");
  focus_window (window);
  click (button (view, "solve.next-test", NULL));
  assert_output (view, "[[4,0],[0,0]]");
  g_assert_cmpstr (size_text (view), ==, "2×2");
  /* The restored grid is where undo starts; the actions that led to it
   * since the last submission come back too: the next attempt's trajectory */
  g_assert_false (arc_solve_can_undo (solve));
  g_assert_cmpuint (arc_solve_get_actions (solve)->len, ==, 1);
  g_assert_cmpstr (((ArcAction *) arc_solve_get_actions (solve)->pdata[0])->operation, ==, "Paint");
  g_assert_cmpint (((ArcAction *) arc_solve_get_actions (solve)->pdata[0])->colour, ==, 4);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
has_menu_item (gpointer data)
{
  gpointer *args = data;

  return find_menu_item (args[0], args[1]) != NULL;
}

/* Right-clicks (@x, @y) of @widget, then clicks the item @item of the menu
 * that opens, under @menu_owner */
static void
menu_at (GtkWidget *widget, double x, double y, GtkWidget *menu_owner, const char *item)
{
  g_autofree char *xid = window_xid (widget);
  g_autofree char *sx = NULL, *sy = NULL;
  gpointer args[] = { menu_owner, (gpointer) item };

  scroll_to (widget, y);
  window_point (widget, x, y, &sx, &sy);
  xdotool ("mousemove", "--window", xid, sx, sy, "click", "3", NULL);
  pump (150);
  wait_for (has_menu_item, args, item);
  click (find_menu_item (menu_owner, item));
  pump (100);
}

static void
read_text_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  char **text = data;

  *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  if (*text == NULL)
    *text = g_strdup ("");
}

/* What the system's clipboard holds, as text */
static char *
clipboard_text (void)
{
  char *text = NULL;
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  gdk_clipboard_read_text_async (gdk_display_get_clipboard (gdk_display_get_default ()), NULL, read_text_cb, &text);
  while (text == NULL && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (text);
  return text;
}

static gboolean
output_is (gpointer data)
{
  gpointer *args = data;
  g_autofree char *text = arc_grid_to_string (arc_solve_get_output (arc_solve_view_get_solve (args[0])));

  return g_str_equal (text, args[1]);
}

/* Grids to and from the system's clipboard, as JSON */
static void
test_clipboard_json (void)
{
  g_autofree char *dir = NULL;
  ArcWindow *window;
  ArcSolveView *view;
  ArcTaskView *examples;
  ArcSolve *solve;
  GdkClipboard *clipboard = gdk_display_get_clipboard (gdk_display_get_default ());
  ArcSlot slot;  /* a copy: the layout may be made again under it */
  double x, y;

  if (!can_send_input ())
    return;
  window = open_task (&dir);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  solve = arc_solve_view_get_solve (view);
  focus_output (window);

  /* Ctrl+Shift+C: the output grid */
  click_cell (view, FALSE, 0, 1);
  assert_output (view, "[[0,1,0],[0,0,0]]");
  press ("ctrl+shift+c");
  {
    g_autofree char *text = clipboard_text ();
    g_assert_cmpstr (text, ==, "[[0,1,0],[0,0,0]]");
  }
  g_assert_true (find_label (GTK_WIDGET (window), "Output grid copied as JSON"));
  gdk_clipboard_set_text (clipboard, "");

  /* Shift+F10: the output grid's menu, from the keyboard */
  press ("shift+F10");
  {
    gpointer args[] = { view, (gpointer) "Copy as JSON" };
    g_autofree char *text = NULL;

    wait_for (has_menu_item, args, "the grid's menu");
    click (find_menu_item (GTK_WIDGET (view), "Copy as JSON"));
    text = clipboard_text ();
    g_assert_cmpstr (text, ==, "[[0,1,0],[0,0,0]]");
  }

  /* Right-click a workspace grid: Copy as JSON, Use This Colour */
  cell_centre (view, TRUE, 1, 1, &x, &y);
  menu_at (arc_solve_view_get_input_view (view), x, y, GTK_WIDGET (view), "Copy as JSON");
  {
    g_autofree char *text = clipboard_text ();
    g_assert_cmpstr (text, ==, "[[1,2,0],[0,3,0]]");
  }
  menu_at (arc_solve_view_get_input_view (view), x, y, GTK_WIDGET (view), "Use This Colour");
  g_assert_cmpint (arc_solve_view_get_colour (view), ==, 3);

  /* Right-click a grid of the task: Copy as JSON */
  examples = WIN_CHILD (window, ARC_TASK_VIEW, "task_view");
  slot = *arc_task_layout_get_slot (arc_task_view_get_layout (examples), 1);   /* pair 1's output */
  menu_at (GTK_WIDGET (examples), slot.x + slot.width / 2.0, slot.y + slot.height / 2.0,
           GTK_WIDGET (examples), "Copy as JSON");
  {
    g_autofree char *text = clipboard_text ();
    g_autofree char *expected = arc_grid_to_string (slot.grid);
    g_assert_cmpstr (text, ==, expected);
  }

  /* Ctrl+Shift+V: a test pair copied from a text editor, resized to, one step of undo */
  gdk_clipboard_set_text (clipboard, "  {\"input\": [[1]], \"output\": [[3, 3], [4, 4], [5, 5]]},\n");
  focus_output (window);
  press ("ctrl+shift+v");
  {
    gpointer args[] = { view, "[[3,3],[4,4],[5,5]]" };
    wait_for (output_is, args, "the pasted grid");
  }
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find_entry (GTK_WIDGET (view)))), ==, "3×2");
  press ("ctrl+z");
  assert_output (view, "[[0,1,0],[0,0,0]]");
  press ("ctrl+shift+z");
  assert_output (view, "[[3,3],[4,4],[5,5]]");

  /* Text that is not a grid: nothing changes, a message says why */
  gdk_clipboard_set_text (clipboard, "[[1, 2], [3]]");
  press ("ctrl+shift+v");
  pump (300);
  assert_output (view, "[[3,3],[4,4],[5,5]]");
  g_assert_true (find_label_containing (GTK_WIDGET (window), "Not a grid, not pasted: [1]: the row has 1 cell, but row 0 has 2"));
  g_assert_true (arc_solve_can_undo (solve));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* @pixel is @colour, give or take antialiasing's few units a channel */
static void
assert_colour_near (guint32 pixel,
                    guint32 colour)
{
  for (int shift = 0; shift < 24; shift += 8)
    if (ABS ((int) ((pixel >> shift) & 0xFF) - (int) ((colour >> shift) & 0xFF)) > 8)
      g_error ("%06x is not %06x", pixel, colour);
}

/* The share of the pixels of @widget's square centred at (@x, @y), @size
 * wide, that are @colour (give or take antialiasing) */
static double
share_of_colour (GtkWidget *widget, double x, double y, int size, guint32 colour)
{
  int w, h, n = 0, of = 0;
  g_autofree guchar *data = widget_pixels (widget, &w, &h);

  for (int py = (int) (y - size / 2.0); py < (int) (y + size / 2.0); py++)
    for (int px = (int) (x - size / 2.0); px < (int) (x + size / 2.0); px++)
      {
        const guchar *p = data + (py * w + px) * 4;  /* B, G, R, A */

        n++;
        of += ABS (p[2] - (int) (colour >> 16 & 0xFF)) <= 24 && ABS (p[1] - (int) (colour >> 8 & 0xFF)) <= 24 &&
              ABS (p[0] - (int) (colour & 0xFF)) <= 24;
      }
  return n ? (double) of / n : 0;
}

/* A wrong cell is crossed out in white over black, and keeps its own
 * colour around the cross, small or large (at 10 px a cell a wide red
 * cross had hidden it, and a red cell could not be told from a crossed
 * black one) */
static void
test_crosses_show_colour (void)
{
  const int sizes[] = { 10, 24 };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(ArcGrid) answer = arc_grid_new (2, 2);
      g_autoptr(ArcGrid) expected = arc_grid_new (2, 2);
      GtkWidget *window = gtk_window_new ();
      ArcGridView *view = ARC_GRID_VIEW (arc_grid_view_new ());
      int cell = sizes[i];
      double x, y;

      arc_grid_set (answer, 0, 0, 2);  /* red, wrong */
      arc_grid_set (answer, 1, 1, 4);  /* yellow, wrong */
      arc_grid_set (expected, 0, 1, 0);  /* black, right */
      arc_grid_view_set_grid (view, answer);
      arc_grid_view_set_expected (view, expected);
      arc_grid_view_set_zoom (view, cell);
      gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (view));
      gtk_window_present (GTK_WINDOW (window));
      pump (300);
      g_assert_cmpint (arc_grid_view_get_cell_size (view), ==, cell);
      g_assert_cmpuint (arc_grid_view_get_n_marked (view), ==, 2);
      /* The cross's centre is white (or all but), none of the palette's
       * colours */
      g_assert_true (arc_grid_view_cell_centre (view, 0, 0, &x, &y));
      g_assert_cmphex (widget_pixel (GTK_WIDGET (view), x, y) & 0xE0E0E0, ==, 0xE0E0E0);
      /* Its cell's colour shows around the cross: at the middle of its
       * top and left edges */
      assert_colour_near (widget_pixel (GTK_WIDGET (view), x, y - cell / 2.0 + 1), 0xFF4136);
      assert_colour_near (widget_pixel (GTK_WIDGET (view), x - cell / 2.0 + 1, y), 0xFF4136);
      /* ...much of the cell (at 10 px a cell, 44 %; the wide cross left 24 %) */
      g_test_message ("%d px a cell: %.0f%% of the crossed cell in its colour", cell,
                      100 * share_of_colour (GTK_WIDGET (view), x, y, cell, 0xFF4136));
      g_assert_cmpfloat (share_of_colour (GTK_WIDGET (view), x, y, cell, 0xFF4136), >=, 0.4);
      g_assert_true (arc_grid_view_cell_centre (view, 1, 1, &x, &y));
      assert_colour_near (widget_pixel (GTK_WIDGET (view), x, y - cell / 2.0 + 1), 0xFFDC00);
      /* A right cell is not crossed */
      g_assert_true (arc_grid_view_cell_centre (view, 0, 1, &x, &y));
      g_assert_cmphex (widget_pixel (GTK_WIDGET (view), x, y), ==, 0x000000);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* The palette is one stop of Tab, at the colour in use: Tab leaves it at
 * once (it had stopped at each of the ten swatches), Shift+Tab comes back
 * to that swatch; a digit picks another colour, and the focus in the
 * palette goes with it */
static gboolean
in_palette (GtkWidget *widget)
{
  return widget && GTK_IS_BUTTON (widget) &&
         g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "solve.colour") == 0;
}

static void
test_palette_one_tab_stop (void)
{
  g_autofree char *dir = NULL;
  ArcWindow *window;
  ArcSolveView *view;
  GtkWidget *three, *five;

  if (!can_send_input ())
    return;
  window = open_task (&dir);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  focus_window (window);
  three = button (view, "solve.colour", "3");
  five = button (view, "solve.colour", "5");
  click (three);
  g_assert_true (gtk_widget_has_focus (three));
  press ("Tab");
  g_assert_false (in_palette (gtk_root_get_focus (GTK_ROOT (window))));
  press ("shift+Tab");
  g_assert_true (gtk_widget_has_focus (three));
  press ("5");
  g_assert_cmpint (arc_solve_view_get_colour (view), ==, 5);
  g_assert_true (gtk_widget_has_focus (five));
  press ("shift+Tab");
  g_assert_false (in_palette (gtk_root_get_focus (GTK_ROOT (window))));
  press ("Tab");
  g_assert_true (gtk_widget_has_focus (five));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Another task and back: the workspace as it was, Undo going on where it
 * was (it had started again at the grid); unless its work changed on disk
 * meanwhile (here: gone), which then shows as it is */
static void
test_undo_after_coming_back (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-solve-XXXXXX", NULL);
  g_autofree char *first = g_build_filename (dir, "a-flip.json", NULL);
  g_autofree char *second = g_build_filename (dir, "b-flip.json", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  ArcWindow *window;
  ArcSolveView *view;
  g_autoptr(GFile) work = NULL;

  if (!can_send_input ())
    return;
  g_assert_true (g_file_set_contents (first, flip_task, -1, NULL));
  g_assert_true (g_file_set_contents (second, flip_task, -1, NULL));
  window = present_window (1280, 800);
  g_assert_true (arc_window_open (window, folder));
  wait_idle (window);
  settle_workspace (window);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  g_assert_cmpstr (arc_entry_get_id (selected_entry (window)), ==, "a-flip");
  focus_window (window);
  press ("4");
  click_cell (view, FALSE, 0, 0);
  click_cell (view, FALSE, 1, 2);
  assert_output (view, "[[4,0,0],[0,0,4]]");

  /* Away and back: both strokes undone one by one */
  press ("n");
  pump (300);
  g_assert_cmpstr (arc_entry_get_id (selected_entry (window)), ==, "b-flip");
  g_assert_false (arc_solve_can_undo (arc_solve_view_get_solve (view)));
  press ("p");
  pump (300);
  g_assert_cmpstr (arc_entry_get_id (selected_entry (window)), ==, "a-flip");
  assert_output (view, "[[4,0,0],[0,0,4]]");
  g_assert_true (arc_solve_can_undo (arc_solve_view_get_solve (view)));
  press ("ctrl+z");
  assert_output (view, "[[4,0,0],[0,0,0]]");
  press ("ctrl+z");
  assert_output (view, "[[0,0,0],[0,0,0]]");
  press ("ctrl+y");
  assert_output (view, "[[4,0,0],[0,0,0]]");

  /* Submitted (wrong), away and back: the trial spent, the undo kept */
  press ("ctrl+Return");
  pump (300);
  g_assert_cmpuint (arc_solve_get_trials_left (arc_solve_view_get_solve (view), 0), ==, 1);
  press ("n");
  pump (300);
  press ("p");
  pump (300);
  g_assert_cmpuint (arc_solve_get_trials_left (arc_solve_view_get_solve (view), 0), ==, 1);
  g_assert_true (arc_solve_can_undo (arc_solve_view_get_solve (view)));
  press ("ctrl+z");
  assert_output (view, "[[0,0,0],[0,0,0]]");
  press ("ctrl+y");

  /* Away, the work file goes (another window finished the task): back,
   * the task as the disk has it, not the workspace kept: painted, the
   * work file is written again */
  press ("7");
  click_cell (view, FALSE, 1, 1);
  assert_output (view, "[[4,0,0],[0,7,0]]");
  work = arc_solve_dup_work_file (arc_entry_get_file (selected_entry (window)), "a-flip");
  press ("n");
  pump (300);
  g_assert_true (g_file_query_exists (work, NULL));
  g_assert_true (g_file_delete (work, NULL, NULL));
  press ("p");
  pump (300);
  g_assert_cmpstr (arc_entry_get_id (selected_entry (window)), ==, "a-flip");
  g_assert_false (arc_solve_can_undo (arc_solve_view_get_solve (view)));
  assert_output (view, "[[4,0,0],[0,0,0]]");  /* (no work: the last attempt) */
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
save_error_shown (gpointer data)
{
  ArcSolveView *view = data;

  return gtk_widget_get_mapped (view->save_error_box);
}

static gboolean
save_error_gone (gpointer data)
{
  return !save_error_shown (data);
}

/* The work file cannot be written (a full disk): the workspace says so
 * above the grids, naming the file, while the work stays; the write is
 * tried again by itself, and once there is room the message goes and the
 * file holds the grid */
static void
test_work_not_saved_shown (void)
{
  g_autofree char *dir = NULL;
  g_autoptr(GFile) work = NULL;
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  const char *label;
  ArcWindow *window;
  ArcSolveView *view;
  GtkWidget *scroller;
  graphene_rect_t box;
  guint32 pixel;

  if (!can_send_input ())
    return;
  window = open_task (&dir);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  work = arc_solve_dup_work_file (arc_entry_get_file (selected_entry (window)), "flip");
  path = g_file_get_path (work);
  focus_output (window);
  g_assert_false (gtk_widget_get_visible (view->save_error_box));

  arc_file_set_write_fault (ENOSPC, 1, 0);
  paint_cell (view, 0, 0, 4);
  wait_for (save_error_shown, view, "the message");
  label = gtk_label_get_text (GTK_LABEL (view->save_error_label));
  g_assert_nonnull (strstr (label, "The disk is full: the work in progress is not saved"));
  g_assert_nonnull (strstr (label, "kept in memory"));
  g_assert_nonnull (strstr (label, path));
  g_assert_false (g_file_query_exists (work, NULL));
  /* In view above the grids, drawn in the warning's colour */
  scroller = gtk_widget_get_ancestor (GTK_WIDGET (view), GTK_TYPE_SCROLLED_WINDOW);
  g_assert_true (gtk_widget_compute_bounds (view->save_error_box, scroller ? scroller : GTK_WIDGET (window), &box));
  g_assert_cmpfloat (box.origin.y, >=, 0);
  g_assert_cmpfloat (box.origin.y + box.size.height, <=,
                     gtk_widget_get_height (scroller ? scroller : GTK_WIDGET (window)));
  pixel = screen_pixel (view->save_error_box, 3, gtk_widget_get_height (view->save_error_box) / 2.0);
  g_assert_cmpint ((int) (pixel >> 16) - (int) (pixel & 0xff), >, 20);

  /* Still full at the retry, with more work meanwhile: the message stays */
  arc_file_set_write_fault (ENOSPC, 1, 0);
  paint_cell (view, 0, 1, 4);
  while (arc_file_get_write_calls () == 0)
    pump (50);
  pump (300);
  g_assert_true (save_error_shown (view));
  g_assert_false (g_file_query_exists (work, NULL));

  /* Room again: written at the next retry, the message gone */
  arc_file_set_write_fault (0, 0, 0);
  wait_for (save_error_gone, view, "the message to go");
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "\"output\":[[4,4,0],[0,0,0]]"));
  gtk_window_destroy (GTK_WINDOW (window));
  pump (50);
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
  {
    /* Most of these tests look at the wrong cells crossed out, which
     * Preferences' Mark Wrong Cells turns on (off by default) */
    g_autoptr(GSettings) settings = g_settings_new (APP_ID);
    /* The application's style sheet, as AdwApplication loads it */
    g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

    g_settings_set_boolean (settings, "show-diff", TRUE);
    gtk_css_provider_load_from_resource (css, RESOURCE_PREFIX "/style.css");
    gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                                GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  }

  g_test_add_func ("/arc/solve-view/tools", test_tools);
  g_test_add_func ("/arc/solve-view/fast-stroke", test_fast_stroke);
  g_test_add_func ("/arc/solve-view/size-enter-returns-to-grid", test_size_enter_returns_to_grid);
  g_test_add_func ("/arc/solve-view/cursor-from-swatch", test_cursor_from_swatch);
  g_test_add_func ("/arc/solve-view/palette-one-tab-stop", test_palette_one_tab_stop);
  g_test_add_func ("/arc/solve-view/keyboard-selection", test_keyboard_selection);
  g_test_add_func ("/arc/solve-view/actions-follow-model", test_actions_follow_model);
  g_test_add_func ("/arc/solve-view/keys-anywhere", test_keys_anywhere);
  g_test_add_func ("/arc/solve-view/tool-toggles", test_tool_toggles);
  g_test_add_func ("/arc/solve-view/window-shortcuts", test_window_shortcuts);
  g_test_add_func ("/arc/solve-view/right-or-wrong-by-default", test_right_or_wrong_by_default);
  g_test_add_func ("/arc/solve-view/submit", test_submit);
  g_test_add_func ("/arc/solve-view/undo-after-coming-back", test_undo_after_coming_back);
  g_test_add_func ("/arc/solve-view/crosses-show-colour", test_crosses_show_colour);
  g_test_add_func ("/arc/solve-view/resubmit-and-wrong-size", test_resubmit_and_wrong_size);
  g_test_add_func ("/arc/solve-view/status-line-reads-workspace", test_status_line_reads_workspace);
  g_test_add_func ("/arc/solve-view/hidden-answer", test_hidden_answer);
  g_test_add_func ("/arc/solve-view/floating-selection", test_floating_selection);
  g_test_add_func ("/arc/solve-view/practice-verdict", test_practice_verdict);
  g_test_add_func ("/arc/solve-view/workspace-comes-back", test_workspace_comes_back);
  g_test_add_func ("/arc/solve-view/clipboard-json", test_clipboard_json);
  g_test_add_func ("/arc/solve-view/work-not-saved-shown", test_work_not_saved_shown);

  status = g_test_run ();
  /* The pointer is left in a corner, over no widget with a tooltip, for
   * the next test program on this display */
#ifdef GDK_WINDOWING_X11
  {
    g_autofree char *path = g_find_program_in_path ("xdotool");

    if (path && GDK_IS_X11_DISPLAY (gdk_display_get_default ()))
      xdotool ("mousemove", "1279", "799", NULL);
  }
#endif
  return status;
}

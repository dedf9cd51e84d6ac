/* test-solve-view.c: solving in the window, with clicks and keys, as a user would
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "arc-window-private.h"
#include "arc-grid-view.h"
#include "gui-input.h"
#include "gui-test-util.h"

static void
wait_idle (ArcWindow *window)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (arc_task_list_is_busy (window->task_list) && g_get_monotonic_time () < end)
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
  ArcWindow *window = g_object_new (ARC_TYPE_WINDOW, NULL);

  g_assert_true (g_file_set_contents (path, flip_task, -1, NULL));
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arc_window_open (window, file));
  wait_idle (window);
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

/* The button of @view for @action (with @target, for the swatches and tools) */
static GtkWidget *
find_button (GtkWidget *widget, const char *action, const char *target)
{
  if (GTK_IS_ACTIONABLE (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    {
      GVariant *value = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (widget));
      g_autofree char *text = value ? g_variant_print (value, FALSE) : NULL;

      if (target == NULL || g_strcmp0 (text, target) == 0)
        return widget;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, action, target);

      if (found)
        return found;
    }
  return NULL;
}

static GtkWidget *
button (gpointer widget, const char *action, const char *target)
{
  GtkWidget *found = find_button (GTK_WIDGET (widget), action, target);

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
  gtk_widget_grab_focus (arc_solve_view_get_output_view (window->solve_view));
  pump (50);
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
  view = window->solve_view;
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
  g_signal_emit_by_name (window->task_view, "cell-clicked", 2);
  g_assert_cmpint (arc_solve_view_get_colour (view), ==, 2);
  /* Without picking, a click on a train grid changes nothing */
  g_signal_emit_by_name (window->task_view, "cell-clicked", 4);
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
  view = window->solve_view;
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
  view = window->solve_view;
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
  view = window->solve_view;
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

/* Undo, redo and submit work from anywhere in the window but a text field;
 * the other keys are the workspace's; Space on a focused button presses it */
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
  view = window->solve_view;
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
  press ("5");
  g_assert_cmpint (arc_solve_view_get_colour (view), ==, 1);

  /* The focus in the search field: its keys are its own */
  verdict = g_strdup (arc_solve_view_get_verdict (view));
  arc_task_list_focus_search (window->task_list);
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
  view = window->solve_view;
  solve = arc_solve_view_get_solve (view);
  sidecar = g_build_filename (dir, "flip.arcnotes", NULL);
  focus_output (window);

  /* Wrong: trials left are shown, and the wrong cells crossed out */
  press ("ctrl+Return");
  g_assert_true (g_str_has_prefix (arc_solve_view_get_verdict (view), "Wrong. 1 trial left."));
  g_assert_nonnull (strstr (arc_solve_view_get_verdict (view), "3 cells are wrong"));
  wait_file_contains (sidecar, "\"verdict\" : \"wrong\"");

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
    solve = arc_solve_view_get_solve (window->solve_view);
    g_assert_cmpint (arc_solve_get_state (solve, 0), ==, ARC_TEST_SOLVED);
    g_assert_cmpint (arc_solve_get_state (solve, 1), ==, ARC_TEST_FAILED);
    g_assert_cmpstr (arc_solve_view_get_verdict (window->solve_view), ==, "Solved ✓");
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
  view = window->solve_view;
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

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("arc-data-XXXXXX", NULL);

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/arc/solve-view/tools", test_tools);
  g_test_add_func ("/arc/solve-view/actions-follow-model", test_actions_follow_model);
  g_test_add_func ("/arc/solve-view/keys-anywhere", test_keys_anywhere);
  g_test_add_func ("/arc/solve-view/tool-toggles", test_tool_toggles);
  g_test_add_func ("/arc/solve-view/window-shortcuts", test_window_shortcuts);
  g_test_add_func ("/arc/solve-view/submit", test_submit);
  g_test_add_func ("/arc/solve-view/hidden-answer", test_hidden_answer);

  return g_test_run ();
}

/* test-solve-view.c: solving in the window, with clicks and keys, as a user would
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "arc-window-private.h"
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
key (ArcSolveView *view, guint keyval, GdkModifierType state)
{
  g_assert_true (arc_solve_view_key (view, keyval, state));
}

static void
test_tools (void)
{
  g_autofree char *dir = NULL;
  ArcWindow *window = open_task (&dir);
  ArcSolveView *view = window->solve_view;

  /* Sized to the test input at first, empty */
  g_assert_nonnull (arc_solve_view_get_solve (view));
  assert_output (view, "[[0,0,0],[0,0,0]]");

  /* Paint with the mouse (a drag over two cells is one undo step) and with keys */
  key (view, GDK_KEY_4, 0);
  arc_solve_begin_stroke (arc_solve_view_get_solve (view));
  arc_solve_view_click_cell (view, FALSE, 0, 0, 0, 0);
  arc_solve_view_click_cell (view, FALSE, 0, 1, 0, 1);
  arc_solve_end_stroke (arc_solve_view_get_solve (view));
  assert_output (view, "[[4,4,0],[0,0,0]]");
  key (view, GDK_KEY_Down, 0);
  key (view, GDK_KEY_space, 0);
  assert_output (view, "[[4,4,0],[0,4,0]]");
  key (view, GDK_KEY_z, GDK_CONTROL_MASK);
  assert_output (view, "[[4,4,0],[0,0,0]]");
  key (view, GDK_KEY_z, GDK_CONTROL_MASK);
  assert_output (view, "[[0,0,0],[0,0,0]]");
  key (view, GDK_KEY_y, GDK_CONTROL_MASK);
  assert_output (view, "[[4,4,0],[0,0,0]]");

  /* Flood fill (F), then select on the input grid, copy, paste on the output */
  key (view, GDK_KEY_f, 0);
  key (view, GDK_KEY_7, 0);
  arc_solve_view_click_cell (view, FALSE, 1, 1, 1, 1);
  assert_output (view, "[[4,4,7],[7,7,7]]");
  key (view, GDK_KEY_s, 0);
  arc_solve_view_click_cell (view, TRUE, 0, 0, 1, 1);
  key (view, GDK_KEY_c, 0);
  arc_solve_view_click_cell (view, FALSE, 0, 1, 0, 1);
  key (view, GDK_KEY_v, 0);
  /* cells off the grid are dropped */
  assert_output (view, "[[4,1,2],[7,0,3]]");

  /* With a selection: a colour fills it, arrows move it, Delete clears it */
  arc_solve_view_click_cell (view, FALSE, 0, 1, 1, 2);
  key (view, GDK_KEY_9, 0);
  assert_output (view, "[[4,9,9],[7,9,9]]");
  key (view, GDK_KEY_Left, 0);
  assert_output (view, "[[9,9,0],[9,9,0]]");
  key (view, GDK_KEY_Delete, 0);
  assert_output (view, "[[0,0,0],[0,0,0]]");

  /* Pick colour (I) from the input */
  key (view, GDK_KEY_i, 0);
  arc_solve_view_click_cell (view, TRUE, 1, 1, 1, 1);
  g_assert_cmpint (arc_solve_view_get_colour (view), ==, 3);

  /* And from a train grid: a click there while picking */
  key (view, GDK_KEY_i, 0);
  g_signal_emit_by_name (window->task_view, "cell-clicked", 2);
  g_assert_cmpint (arc_solve_view_get_colour (view), ==, 2);
  /* Without picking, a click on a train grid changes nothing */
  g_signal_emit_by_name (window->task_view, "cell-clicked", 4);
  g_assert_cmpint (arc_solve_view_get_colour (view), ==, 2);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
file_contains (const char *path, const char *text)
{
  g_autofree char *contents = NULL;
  return g_file_get_contents (path, &contents, NULL, NULL) && strstr (contents, text) != NULL;
}

typedef struct
{
  const char *path;
  const char *text;
} FileWait;

static gboolean
file_has (gpointer data)
{
  FileWait *w = data;
  return file_contains (w->path, w->text);
}

/* Attempts are saved at once, but in the background */
static void
wait_file_contains (const char *path, const char *text)
{
  FileWait w = { path, text };
  wait_until (file_has, &w, text);
}

static void
test_submit (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *sidecar = NULL;
  ArcWindow *window = open_task (&dir);
  ArcSolveView *view = window->solve_view;
  ArcSolve *solve = arc_solve_view_get_solve (view);

  sidecar = g_build_filename (dir, "flip.arcnotes", NULL);

  /* Wrong: trials left are shown, and the wrong cells crossed out */
  key (view, GDK_KEY_Return, GDK_CONTROL_MASK);
  g_assert_true (g_str_has_prefix (arc_solve_view_get_verdict (view), "Wrong. 1 trial left."));
  g_assert_nonnull (strstr (arc_solve_view_get_verdict (view), "3 cells are wrong"));
  wait_file_contains (sidecar, "\"verdict\" : \"wrong\"");

  /* Right: copy from input, flip, submit */
  arc_solve_copy_from_input (solve);
  key (view, GDK_KEY_s, 0);
  arc_solve_view_click_cell (view, FALSE, 0, 0, 1, 2);
  arc_solve_flip (solve, TRUE);
  key (view, GDK_KEY_Return, GDK_CONTROL_MASK);
  g_assert_cmpstr (arc_solve_view_get_verdict (view), ==, "Correct! This test input is solved ✓");
  wait_file_contains (sidecar, "\"verdict\" : \"correct\"");
  /* With the trajectory that led to it */
  wait_file_contains (sidecar, "\"operation\" : \"CopyFromInput\"");
  wait_file_contains (sidecar, "\"direction\" : \"horizontal\"");

  /* The second test input keeps its own grid; two wrong answers fail it */
  arc_solve_set_current (solve, 1);
  assert_output (view, "[[0,0],[0,0]]");
  key (view, GDK_KEY_Return, GDK_CONTROL_MASK);
  key (view, GDK_KEY_Return, GDK_CONTROL_MASK);
  g_assert_cmpint (arc_solve_get_state (solve, 1), ==, ARC_TEST_FAILED);
  g_assert_true (g_str_has_prefix (arc_solve_view_get_verdict (view), "Wrong. No trials left"));
  /* Practice after that is recorded as not counting */
  key (view, GDK_KEY_Return, GDK_CONTROL_MASK);
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
  ArcWindow *window = g_object_new (ARC_TYPE_WINDOW, NULL);
  ArcSolveView *view = window->solve_view;

  gtk_window_present (GTK_WINDOW (window));
  arc_window_open_samples (window);
  wait_idle (window);
  g_assert_true (arc_window_select_task (window, "outline"));
  pump (100);
  key (view, GDK_KEY_Return, GDK_CONTROL_MASK);
  g_assert_cmpstr (arc_solve_view_get_verdict (view), ==, "Recorded. The answer is hidden, so it is not judged.");
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
bounds_in (GtkWidget *widget, GtkWidget *target, graphene_rect_t *bounds)
{
  pump (50);
  return gtk_widget_compute_bounds (widget, target, bounds);
}

/* A 30×30 test input beside its output grid is wider than the window's
 * middle with the notes pane shown: the two grids stack, and nothing is
 * pushed out of view; with room, they are side by side again. */
static void
test_wide_grids (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-solve-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "wide.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GString) json = g_string_new ("{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [");
  ArcWindow *window = g_object_new (ARC_TYPE_WINDOW, NULL);
  GtkWidget *input, *output, *scroller;
  graphene_rect_t in_bounds, out_bounds, title_bounds;

  for (int r = 0; r < 30; r++)
    {
      g_string_append (json, r ? ",[" : "[");
      for (int c = 0; c < 30; c++)
        g_string_append_printf (json, "%s%d", c ? "," : "", (r + c) % 10);
      g_string_append (json, "]");
    }
  g_string_append (json, "]}]}");
  g_assert_true (g_file_set_contents (path, json->str, -1, NULL));
  gtk_window_set_default_size (GTK_WINDOW (window), 1180, 760);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arc_window_open (window, file));
  wait_idle (window);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->notes_pane)));

  input = arc_solve_view_get_input_view (window->solve_view);
  output = arc_solve_view_get_output_view (window->solve_view);
  scroller = gtk_widget_get_ancestor (GTK_WIDGET (window->solve_view), GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (scroller);
  g_assert_true (bounds_in (input, scroller, &in_bounds));
  g_assert_true (bounds_in (output, scroller, &out_bounds));
  g_test_message ("stacked: input %.0f,%.0f %.0f×%.0f; output %.0f,%.0f", in_bounds.origin.x, in_bounds.origin.y,
                  in_bounds.size.width, in_bounds.size.height, out_bounds.origin.x, out_bounds.origin.y);
  /* One above the other, both inside the scroller's width */
  g_assert_cmpfloat (out_bounds.origin.y, >=, in_bounds.origin.y + in_bounds.size.height);
  g_assert_cmpfloat (in_bounds.origin.x, >=, 0);
  g_assert_cmpfloat (in_bounds.origin.x + in_bounds.size.width, <=, gtk_widget_get_width (scroller));
  g_assert_cmpfloat (out_bounds.origin.x + out_bounds.size.width, <=, gtk_widget_get_width (scroller));
  /* The page is not pushed out to the left: the title starts inside */
  g_assert_true (bounds_in (GTK_WIDGET (window->task_title), scroller, &title_bounds));
  g_assert_cmpfloat (title_bounds.origin.x, >=, 0);

  /* Without the notes pane, in a wide window: side by side */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-notes", NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1600, 760);
  pump (300);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->notes_pane)));
  g_assert_true (bounds_in (input, scroller, &in_bounds));
  g_assert_true (bounds_in (output, scroller, &out_bounds));
  g_test_message ("side by side: input %.0f,%.0f; output %.0f,%.0f", in_bounds.origin.x, in_bounds.origin.y,
                  out_bounds.origin.x, out_bounds.origin.y);
  g_assert_cmpfloat (out_bounds.origin.x, >=, in_bounds.origin.x + in_bounds.size.width);
  g_assert_cmpfloat (fabs (out_bounds.origin.y - in_bounds.origin.y), <, 1);

  /* An 800 px window with the notes pane: the tools wrap in groups, so
   * the page can be narrower than the grids side by side, and it starts at
   * the left */
  {
    int min_width;

    gtk_widget_measure (GTK_WIDGET (window->solve_view), GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
    g_test_message ("the solve view's minimum width: %d", min_width);
    g_assert_cmpint (min_width, <, 320);
  }
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-notes", NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  pump (300);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->notes_pane)));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 800);
  g_assert_true (bounds_in (GTK_WIDGET (window->task_title), scroller, &title_bounds));
  g_assert_cmpfloat (title_bounds.origin.x, >=, 0);
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
  g_test_add_func ("/arc/solve-view/submit", test_submit);
  g_test_add_func ("/arc/solve-view/hidden-answer", test_hidden_answer);
  g_test_add_func ("/arc/solve-view/wide-grids", test_wide_grids);

  return g_test_run ();
}

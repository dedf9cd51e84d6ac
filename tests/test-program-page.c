/* test-program-page.c: the program page, driven by real input: Ctrl+Shift+P
 * shows it, a three-step program is typed and traced with Ctrl+T, F11 and
 * Shift+F11 step through the trace and the value drawn is the step's grid,
 * cell by cell; a click on a line chooses its step; another pair is traced
 * again; at 1280×800 the editor shows 80 columns, at 800×600 60; Edit
 * Task puts the page away
 *
 * The input is key presses and clicks sent to the X server (Xvfb) with
 * xdotool. The programs run in python3: without it, the trace is not tried.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <gtksourceview/gtksource.h>
#include <string.h>

#include "arc-program-page.h"
#include "arc-task-page.h"
#include "gui-input.h"
#include "gui-test-util.h"

/* Train 1 is 2×3; the test input 3×2 */
static const char task_json[] =
  "{\"train\": [{\"input\": [[1, 2, 3], [4, 5, 6]], \"output\": [[6, 5, 4], [3, 2, 1]]},"
  "             {\"input\": [[7, 0], [0, 8]], \"output\": [[8, 0], [0, 7]]}],"
  " \"test\": [{\"input\": [[1, 2], [3, 4], [5, 6]], \"output\": [[6, 5], [4, 3], [2, 1]]}]}";

/* task2: three pairs of ARC-AGI-2's largest grids, 30×30 */
static char *
large_task_json (void)
{
  GString *json = g_string_new ("{\"train\": [");

  for (int pair = 0; pair < 4; pair++)
    {
      g_string_append (json, pair == 0 ? "" : pair == 3 ? "], \"test\": [" : ", ");
      for (int side = 0; side < (pair == 3 ? 1 : 2); side++)
        {
          g_string_append_printf (json, "%s\"%s\": [", side ? ", " : "{", side ? "output" : "input");
          for (int r = 0; r < 30; r++)
            {
              g_string_append (json, r ? ", [" : "[");
              for (int c = 0; c < 30; c++)
                g_string_append_printf (json, c ? ", %d" : "%d", (r * c + pair + side) % 10);
              g_string_append_c (json, ']');
            }
          g_string_append_c (json, ']');
        }
      g_string_append_c (json, '}');
    }
  g_string_append (json, "]}");
  return g_string_free (json, FALSE);
}

static gboolean
have_python (void)
{
  g_autofree char *python = g_find_program_in_path ("python3");

  if (python == NULL)
    g_test_message ("no python3 to run the programs: the trace is not tried");
  return python != NULL;
}

static ArcWindow *
open_task (int    width,
           int    height,
           char **dir_out)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-program-page-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "task1.json", NULL);
  g_autoptr(GFile) root = g_file_new_for_path (dir);
  ArcWindow *window;

  g_autofree char *large_path = g_build_filename (dir, "task2.json", NULL);
  g_autofree char *large = large_task_json ();

  g_assert_true (g_file_set_contents (path, task_json, -1, NULL));
  g_assert_true (g_file_set_contents (large_path, large, -1, NULL));
  window = present_window (width, height);
  g_assert_true (arc_window_open (window, root));
  wait_for (list_idle, window, "the task to be listed");
  g_assert_true (arc_window_select_task (window, "task1"));
  pump (200);
  *dir_out = g_steal_pointer (&dir);
  return window;
}

static ArcProgramPage *
page_of (ArcWindow *window)
{
  return arc_task_page_get_program_page (ARC_TASK_PAGE (window_child (window, "task_page")));
}

static gboolean
page_shown (gpointer window)
{
  GtkWidget *view = arc_program_page_get_code_view (page_of (window));

  return gtk_widget_get_mapped (GTK_WIDGET (page_of (window))) && view && gtk_widget_has_focus (view) &&
         gtk_widget_get_width (view) > 0;
}

/* Ctrl+Shift+P: the page, the focus in its code */
static void
show_page (ArcWindow *window)
{
  focus_window (window);
  press ("ctrl+shift+p");
  wait_for (page_shown, window, "the program page");
  pump (300);  /* the panes folded away, the page at its width */
}

/* The columns of the code editor's width: a line of @n characters
 * measured against the text area the editor shows */
static void
assert_columns (GtkWidget *view,
                int        n)
{
  g_autofree char *line = g_strnfill ((gsize) n, 'x');
  PangoLayout *layout = gtk_widget_create_pango_layout (view, line);
  GdkRectangle visible;
  int width;

  pango_layout_get_pixel_size (layout, &width, NULL);
  g_object_unref (layout);
  gtk_text_view_get_visible_rect (GTK_TEXT_VIEW (view), &visible);
  g_test_message ("%d characters: %d px; the editor shows %d px of text", n, width, visible.width);
  g_assert_cmpint (width, >, 0);
  g_assert_cmpint (visible.width - gtk_text_view_get_left_margin (GTK_TEXT_VIEW (view)) -
                   gtk_text_view_get_right_margin (GTK_TEXT_VIEW (view)), >=, width);
}

static gboolean
traced (gpointer page)
{
  return !arc_program_page_is_tracing (page) && arc_program_page_get_trace (page) != NULL;
}

static gboolean
buffer_reads (gpointer data)
{
  gpointer *args = data;
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (args[0]));
  GtkTextIter start, end;
  g_autofree char *text = NULL;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  return g_str_equal (text, args[1]);
}

/* The line (from 1) the trace's highlight is on, 0 for none */
static int
highlighted_line (GtkWidget *view)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
  GtkTextTag *tag = gtk_text_tag_table_lookup (gtk_text_buffer_get_tag_table (buffer), "arc-trace-line");
  GtkTextIter iter;

  gtk_text_buffer_get_start_iter (buffer, &iter);
  do
    if (gtk_text_iter_has_tag (&iter, tag))
      return gtk_text_iter_get_line (&iter) + 1;
  while (gtk_text_iter_forward_line (&iter));
  return 0;
}

/* Each cell of the step view is drawn in the palette's colour of @grid's */
static void
assert_drawn (ArcStepView   *picture,
              const ArcGrid *grid)
{
  g_assert_cmpint (arc_step_view_get_cell_size (picture), >=, 4);
  for (int r = 0; r < arc_grid_get_height (grid); r++)
    for (int c = 0; c < arc_grid_get_width (grid); c++)
      {
        double x, y;

        g_assert_true (arc_step_view_cell_centre (picture, 0, r, c, &x, &y));
        g_assert_cmphex (widget_pixel (GTK_WIDGET (picture), x, y) & 0xFFFFFF, ==,
                         arc_palette_get_rgb (ARC_PALETTE_STANDARD, arc_grid_get (grid, r, c)));
      }
}

static gboolean
selected_is (gpointer data)
{
  gpointer *args = data;

  return arc_program_trace_view_get_selected (args[0]) == GPOINTER_TO_UINT (args[1]);
}

static void
wait_selected (ArcProgramTraceView *trace,
               guint                step)
{
  gpointer args[] = { trace, GUINT_TO_POINTER (step) };

  wait_for (selected_is, args, "the step chosen");
}

/* The program typed, traced, stepped through with the keys, its values
 * drawn; a line clicked chooses its step; the test pair traced next */
static void
test_trace_typed_program (void)
{
  static const char * const lines[] = {
    "def transform(grid):",
    "a = [row[::-1] for row in grid]",
    "b = a[::-1]",
    "c = [r[:] for r in b]",
    "return c",
    NULL
  };
  const char *program = "def transform(grid):\n    a = [row[::-1] for row in grid]\n    b = a[::-1]\n"
                        "    c = [r[:] for r in b]\n    return c";
  g_autofree char *dir = NULL;
  ArcWindow *window;
  ArcProgramPage *page;
  ArcProgramTraceView *trace;
  GtkWidget *view;
  const ArcProgramPair *pair;
  const ArcProgramStep *step;
  GtkTextIter iter;
  GdkRectangle location;
  int x, y;

  if (!can_send_input ())
    return;
  window = open_task (1280, 800, &dir);
  page = page_of (window);
  trace = arc_program_page_get_trace_view (page);
  show_page (window);
  view = arc_program_page_get_code_view (page);
  g_assert_true (gtk_widget_is_ancestor (view, GTK_WIDGET (page)));
  /* The panes are put away: the page has the window's width */
  g_assert_false (notes_revealed (window));
  assert_columns (view, 80);

  /* Typed: the editor indents after the colon */
  for (guint i = 0; lines[i]; i++)
    {
      if (i > 0)
        press ("Return");
      xdotool ("type", "--delay", "5", lines[i], NULL);
    }
  {
    gpointer args[] = { view, (gpointer) program };
    wait_for (buffer_reads, args, "the typed program");
  }
  if (!have_python ())
    {
      gtk_window_destroy (GTK_WINDOW (window));
      return;
    }

  /* Ctrl+T: the trace of train 1, its first step chosen and its line lit */
  press ("ctrl+t");
  wait_for (traced, page, "the trace");
  pair = arc_program_page_get_trace (page)->pairs->pdata[0];
  g_assert_false (pair->test);
  g_assert_cmpuint (pair->steps->len, ==, 3);
  g_assert_cmpstr (arc_program_trace_view_get_status (trace), ==, "Train 1: 3 steps, right");
  wait_selected (trace, 0);
  g_assert_cmpint (highlighted_line (view), ==, 2);
  pump (200);
  step = arc_program_trace_view_get_step (trace);
  g_assert_cmpstr (step->name, ==, "a");
  assert_drawn (arc_program_trace_view_get_picture (trace), step->grid);

  /* F11 twice, Shift+F11 once: the second step, upside down */
  press ("F11");
  wait_selected (trace, 1);
  press ("F11");
  wait_selected (trace, 2);
  press ("shift+F11");
  wait_selected (trace, 1);
  pump (200);
  step = arc_program_trace_view_get_step (trace);
  g_assert_cmpstr (step->name, ==, "b");
  g_assert_cmpint (highlighted_line (view), ==, 3);
  assert_drawn (arc_program_trace_view_get_picture (trace), step->grid);
  {
    g_autofree char *text = arc_grid_to_string (step->grid);
    g_assert_cmpstr (text, ==, "[[6,5,4],[3,2,1]]");
  }

  /* A click on line 4 chooses its step */
  gtk_text_buffer_get_iter_at_line (gtk_text_view_get_buffer (GTK_TEXT_VIEW (view)), &iter, 3);
  gtk_text_view_get_iter_location (GTK_TEXT_VIEW (view), &iter, &location);
  gtk_text_view_buffer_to_window_coords (GTK_TEXT_VIEW (view), GTK_TEXT_WINDOW_WIDGET, location.x, location.y, &x, &y);
  click_at (view, x + 40, y + location.height / 2.0);
  wait_selected (trace, 2);
  g_assert_cmpint (highlighted_line (view), ==, 4);

  /* Alt+Page Down twice: the test pair, traced again */
  press ("alt+Next");
  pump (100);
  press ("alt+Next");
  wait_for (traced, page, "the test pair's trace");
  pump (100);
  wait_for (traced, page, "the test pair's trace");
  pair = arc_program_page_get_trace (page)->pairs->pdata[0];
  g_assert_true (pair->test);
  g_assert_cmpint (pair->verdict, ==, ARC_VERDICT_CORRECT);
  /* (no verdict: the test outputs are hidden, as a run says none) */
  g_assert_cmpstr (arc_program_trace_view_get_status (trace), ==, "Test 1: 3 steps, not judged (the test outputs are hidden)");
  wait_selected (trace, 0);
  pump (200);
  assert_drawn (arc_program_trace_view_get_picture (trace), arc_program_trace_view_get_step (trace)->grid);

  /* Ctrl+Shift+P again: the workspace */
  press ("ctrl+shift+p");
  pump (300);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (page)));
  g_assert_true (gtk_widget_get_mapped (window_child (window, "solve_view")));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* At 800×600 the editor still shows 60 columns beside the examples */
static gboolean
task2_shown (gpointer window)
{
  ArcEntry *entry = selected_entry (window);

  return entry && g_str_equal (arc_entry_get_id (entry), "task2");
}

static char *
code_text (ArcWindow *window)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (arc_program_page_get_code_view (page_of (window))));
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static gboolean
task1_shown (gpointer window)
{
  ArcEntry *entry = selected_entry (window);

  return entry && g_str_equal (arc_entry_get_id (entry), "task1");
}

/* Alt+Right and Alt+Left, the next and previous task, with the focus in
 * the code at the start of "a b" (GtkSourceView's own keys would move a
 * word): task2, the 30×30 one, is shown, and task1's program is as typed */
static void
go_to_large_task (ArcWindow *window)
{
  g_autofree char *typed = NULL;

  g_assert_true (gtk_widget_has_focus (arc_program_page_get_code_view (page_of (window))));
  xdotool ("type", "--delay", "20", "a b", NULL);
  press ("ctrl+Home");
  pump (100);
  press ("alt+Right");
  wait_for (task2_shown, window, "the 30×30 task");
  pump (300);
  press ("alt+Left");
  wait_for (task1_shown, window, "task1 again");
  pump (200);
  typed = code_text (window);
  g_assert_cmpstr (typed, ==, "a b");
  press ("alt+Right");
  wait_for (task2_shown, window, "the 30×30 task");
  pump (300);
}

/* At 1280×800 the 30×30 task's examples are shown whole beside 80 columns
 * of code: the column is placed again for the task shown */
static void
test_large_grids (void)
{
  g_autofree char *dir = NULL;
  GtkAdjustment *sideways;
  ArcWindow *window;

  if (!can_send_input ())
    return;
  window = open_task (1280, 800, &dir);
  show_page (window);
  go_to_large_task (window);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (page_of (window))));
  sideways = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (
    gtk_widget_get_ancestor (GTK_WIDGET (arc_program_page_get_task_view (page_of (window))), GTK_TYPE_SCROLLED_WINDOW)));
  g_assert_cmpfloat (gtk_adjustment_get_upper (sideways), <=, gtk_adjustment_get_page_size (sideways));
  assert_columns (arc_program_page_get_code_view (page_of (window)), 80);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_small_window (void)
{
  g_autofree char *dir = NULL;
  ArcWindow *window;
  int width;

  if (!can_send_input ())
    return;
  window = open_task (800, 600, &dir);
  show_page (window);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (arc_program_page_get_task_view (page_of (window)))));
  assert_columns (arc_program_page_get_code_view (page_of (window)), 60);

  /* A task of 30×30 grids: the page stays within the window, the
   * examples scroll, the code keeps its columns */
  width = gtk_widget_get_width (GTK_WIDGET (window));
  go_to_large_task (window);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (page_of (window))));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, width);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (page_of (window))), <=, width);
  assert_columns (arc_program_page_get_code_view (page_of (window)), 60);

  /* Edit Task (Ctrl+E) edits in the workspace: the page goes, and does not
   * come back while editing */
  press ("ctrl+e");
  pump (400);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (page_of (window))));
  press ("ctrl+shift+p");
  pump (300);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (page_of (window))));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("arc-data-XXXXXX", NULL);

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("GDK_BACKEND", "x11", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/arc/program-page/trace-typed-program", test_trace_typed_program);
  g_test_add_func ("/arc/program-page/small-window", test_small_window);
  g_test_add_func ("/arc/program-page/large-grids", test_large_grids);
  return g_test_run ();
}

/* test-program-run.c: a task's program typed in the notes pane, run with
 * Ctrl+R, its outputs shown beside the expected ones with the wrong cells
 * crossed out, kept in the notes file; an error with its line; another
 * annotator's program read-only and run only once the user agrees; a run
 * stopped by another task; an output submitted as the program's attempt
 *
 * The input is real: key presses and clicks sent to the X server (Xvfb)
 * with xdotool. The programs run in python3: without it, the tests skip.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <gtksourceview/gtksource.h>
#include <string.h>

#include "arc-alert.h"
#include "gui-input.h"
#include "gui-test-util.h"

/* Each row reversed; train 2 is 3×3, on which the typed program is wrong */
static const char flip_task[] =
  "{\"train\": [{\"input\": [[1, 0], [2, 3]], \"output\": [[0, 1], [3, 2]]},"
  "             {\"input\": [[1, 2, 3], [4, 5, 6], [7, 8, 0]], \"output\": [[3, 2, 1], [6, 5, 4], [0, 8, 7]]}],"
  " \"test\": [{\"input\": [[1, 2, 3], [4, 0, 5]], \"output\": [[3, 2, 1], [5, 0, 4]]}]}";

static gboolean
have_python (void)
{
  g_autofree char *python = g_find_program_in_path ("python3");

  if (python == NULL)
    g_test_skip ("no python3 to run the programs");
  return python != NULL;
}

static ArcWindow *
open_tasks (char **dir_out)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-program-run-XXXXXX", NULL);
  g_autoptr(GFile) root = g_file_new_for_path (dir);
  ArcWindow *window;

  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *path = g_strdup_printf ("%s/task%u.json", dir, i + 1);
      g_assert_true (g_file_set_contents (path, flip_task, -1, NULL));
    }
  window = present_window (1280, 800);
  g_assert_true (arc_window_open (window, root));
  wait_for (list_idle, window, "the tasks to be listed");
  g_assert_true (arc_window_select_task (window, "task1"));
  pump (200);
  *dir_out = g_steal_pointer (&dir);
  return window;
}

static ArcProgramEditor *
editor_of (ArcWindow *window)
{
  return arc_notes_pane_get_program_editor (ARC_NOTES_PANE (window_child (window, "notes_pane")));
}

static ArcProgramView *
results_of (ArcWindow *window)
{
  return arc_task_view_get_program_view (ARC_TASK_VIEW (window_child (window, "task_view")));
}

static gboolean
has_result (gpointer window)
{
  return arc_program_view_get_result (results_of (window)) != NULL;
}

static gboolean
cursor_on_line_3 (gpointer window)
{
  return arc_program_editor_get_cursor_line (editor_of (window)) == 3;
}

static gboolean
editor_reads (gpointer data)
{
  gpointer *args = data;
  g_autofree char *text = arc_program_editor_dup_source (args[0]);

  return g_str_equal (text, args[1]);
}

/* Types @lines into the Program section, a key at a time, Return between
 * them (the editor keeps the indentation of the line before, a level
 * deeper after a colon, which is not typed again) */
static void
type_program (ArcWindow          *window,
              const char * const *lines,
              const char         *expected)
{
  GtkWidget *view = arc_program_editor_get_view (editor_of (window));

  focus_window (window);
  click (view);
  g_assert_true (gtk_widget_has_focus (view));
  for (guint i = 0; lines[i]; i++)
    {
      const char *line = lines[i];

      /* What the editor's indentation left to type */
      if (i > 0)
        {
          /* The line before's, a level deeper after a colon */
          size_t indent = strspn (lines[i - 1], " ") + (g_str_has_suffix (lines[i - 1], ":") ? 4 : 0);

          press ("Return");
          if (strspn (line, " ") >= indent)
            line += indent;
        }
      xdotool ("type", "--delay", "5", line, NULL);
    }
  {
    gpointer args[] = { editor_of (window), (gpointer) expected };
    wait_until (editor_reads, args, "the typed program");
  }
  /* Shown, the editor highlights Python (set after the first frame that showed it) */
  {
    GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
    GtkSourceLanguage *language = gtk_source_buffer_get_language (GTK_SOURCE_BUFFER (buffer));

    g_assert_true (arc_program_editor_is_styled (editor_of (window)));
    g_assert_nonnull (language);
    g_assert_cmpstr (gtk_source_language_get_id (language), ==, "python3");
    g_assert_nonnull (gtk_source_buffer_get_style_scheme (GTK_SOURCE_BUFFER (buffer)));
  }
}

/* The colour drawn at the centre of cell (@row, @col) of @view */
static guint32
cell_pixel (ArcGridView *view,
            int          row,
            int          col)
{
  double x, y;

  g_assert_true (arc_grid_view_cell_centre (view, row, col, &x, &y));
  return widget_pixel (GTK_WIDGET (view), x, y);
}

/* The expected output's view beside @predicted: the first grid of its card */
static ArcGridView *
expected_beside (ArcGridView *predicted)
{
  GtkWidget *grids = gtk_widget_get_parent (gtk_widget_get_parent (GTK_WIDGET (predicted)));

  return ARC_GRID_VIEW (find_widget_of_type (gtk_widget_get_first_child (grids), ARC_TYPE_GRID_VIEW));
}

/* Main menu → Show Test Outputs, clicked */
static void
show_test_outputs (ArcWindow *window)
{
  GtkWidget *menu = find_primary_menu (GTK_WIDGET (window));
  GtkWidget *item;

  focus_window (window);
  press ("F10");
  pump (300);
  item = submenu_item (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu))), "View", "Show Test Outputs");
  g_assert_nonnull (item);
  click (item);
  pump (200);
}

/* Typed, run with Ctrl+R: train 1 and the test right, train 2 wrong with
 * its six wrong cells crossed out; the program is in the notes file */
static void
test_run_typed_program (void)
{
  static const char * const lines[] = {
    "def transform(grid):",
    "    return [row[::-1] for row in grid] if len(grid) != 3 else grid",
    NULL
  };
  const char *program = "def transform(grid):\n    return [row[::-1] for row in grid] if len(grid) != 3 else grid";
  g_autofree char *dir = NULL;
  g_autofree char *sidecar = NULL;
  g_autoptr(ArcNotes) notes = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  const ArcProgramResult *result;
  ArcProgramView *results;
  ArcGridView *right, *wrong;
  ArcWindow *window;

  if (!can_send_input () || !have_python ())
    return;
  g_settings_reset (settings, "show-test-outputs");
  window = open_tasks (&dir);
  sidecar = g_build_filename (dir, "task1.arcnotes", NULL);
  results = results_of (window);
  /* Nothing runs on opening a task */
  pump (300);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (results)));

  type_program (window, lines, program);
  press ("ctrl+r");
  wait_for (has_result, window, "the program's results");
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (results)));
  result = arc_program_view_get_result (results);
  g_assert_cmpuint (result->pairs->len, ==, 3);
  g_assert_cmpint (((ArcProgramPair *) result->pairs->pdata[0])->verdict, ==, ARC_VERDICT_CORRECT);
  g_assert_cmpint (((ArcProgramPair *) result->pairs->pdata[1])->verdict, ==, ARC_VERDICT_WRONG);
  g_assert_cmpint (((ArcProgramPair *) result->pairs->pdata[2])->verdict, ==, ARC_VERDICT_CORRECT);

  /* The test outputs are hidden (the default): the test's expected output
   * and verdict are not shown; Submit checks it */
  g_assert_cmpstr (arc_program_view_get_summary (results), ==, "1 of 2 train pairs right");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (arc_program_view_get_pair_label (results, 2))), ==,
                   "Test 1: not checked, as the test outputs are hidden");
  g_assert_false (gtk_widget_has_css_class (arc_program_view_get_pair_label (results, 2), "success"));
  g_assert_null (find_label_widget (gtk_widget_get_parent (arc_program_view_get_pair_label (results, 2)), "Expected"));
  g_assert_nonnull (find_label_widget (gtk_widget_get_parent (arc_program_view_get_pair_label (results, 1)), "Expected"));

  /* Shown from the main menu: said at once */
  show_test_outputs (window);
  g_assert_cmpstr (arc_program_view_get_summary (results), ==, "2 of 3 pairs right");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (arc_program_view_get_pair_label (results, 2))), ==, "Test 1: right");
  g_assert_nonnull (find_label_widget (gtk_widget_get_parent (arc_program_view_get_pair_label (results, 2)), "Expected"));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (arc_program_view_get_pair_label (results, 0))), ==, "Train 1: right");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (arc_program_view_get_pair_label (results, 1))), ==,
                   "Train 2: wrong, 6 cells");

  /* The grids drawn: the right one cell for cell as expected; the wrong
   * one crossed out where it differs (the centre of a cross), the same
   * where it does not (the middle cell, 5 in both) */
  right = arc_program_view_get_predicted (results, 0);
  wrong = arc_program_view_get_predicted (results, 1);
  g_assert_cmpuint (arc_grid_view_get_n_marked (right), ==, 0);
  g_assert_cmpuint (arc_grid_view_get_n_marked (wrong), ==, 6);
  for (int r = 0; r < 2; r++)
    for (int c = 0; c < 2; c++)
      g_assert_cmphex (cell_pixel (right, r, c), ==, cell_pixel (expected_beside (right), r, c));
  g_assert_cmphex (cell_pixel (wrong, 1, 1), ==, cell_pixel (expected_beside (wrong), 1, 1));
  g_assert_cmphex (cell_pixel (wrong, 0, 0), !=, cell_pixel (expected_beside (wrong), 0, 0));
  g_assert_cmphex (cell_pixel (wrong, 0, 0), !=, 0x000000);

  /* The program is kept with the notes, as typed */
  wait_file_contains (sidecar, "\"program\" : \"def transform(grid):\\n");
  file = g_file_new_for_path (sidecar);
  notes = arc_notes_new (file);
  g_assert_true (arc_notes_load (notes, NULL));
  {
    g_auto(GStrv) annotators = arc_notes_dup_annotators (notes, "task1");

    g_assert_cmpuint (g_strv_length (annotators), ==, 1);
    g_assert_cmpstr (arc_notes_get (notes, "task1", annotators[0])->program, ==, program);
  }

  /* Clear takes the results away; another task too */
  click (find_actionable (GTK_WIDGET (results), "win.clear-program-results", NULL));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (results)));
  press ("ctrl+r");
  wait_for (has_result, window, "the program's results again");
  press ("alt+Right");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (results)));
  g_assert_null (arc_program_view_get_result (results));
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "show-test-outputs");
}

/* A program that raises: the error with its line, and a click on it puts
 * the editor's cursor on that line */
static void
test_error_shows_line (void)
{
  static const char * const lines[] = {
    "def transform(grid):",
    "    n = len(grid) - 2",
    "    return [[1 // n]]",
    NULL
  };
  g_autofree char *dir = NULL;
  ArcProgramView *results;
  GtkWidget *error;
  ArcWindow *window;

  if (!can_send_input () || !have_python ())
    return;
  window = open_tasks (&dir);
  results = results_of (window);
  type_program (window, lines, "def transform(grid):\n    n = len(grid) - 2\n    return [[1 // n]]");
  press ("ctrl+r");
  wait_for (has_result, window, "the program's results");

  /* Train 1 is 2×2: a division by zero on line 3; train 2 a wrong grid */
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (arc_program_view_get_pair_label (results, 0))), ==, "Train 1: an error");
  error = arc_program_view_get_error_button (results, 0);
  g_assert_true (GTK_IS_BUTTON (error));
  g_assert_true (find_label_containing (error, "Line 3: ZeroDivisionError"));
  g_assert_nonnull (arc_program_view_get_predicted (results, 1));
  g_assert_null (arc_program_view_get_error_button (results, 1));

  g_assert_cmpint (arc_program_editor_get_cursor_line (editor_of (window)), ==, 3);
  press ("ctrl+Home");
  g_assert_cmpint (arc_program_editor_get_cursor_line (editor_of (window)), ==, 1);
  click (error);
  /* (under load the click may take longer than the pump after it) */
  wait_for (cursor_on_line_3, window, "the cursor on the error's line");
  g_assert_true (gtk_widget_has_focus (arc_program_editor_get_view (editor_of (window))));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
alert_shown (gpointer data)
{
  return arc_alert_find () != NULL;
}

/* Another annotator's program: read-only and said to be theirs; Run asks
 * once for the collection, and runs it only when the user agrees */
static void
test_others_program_asks_once (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-program-others-XXXXXX", NULL);
  g_autofree char *task = g_build_filename (dir, "task1.json", NULL);
  g_autofree char *sidecar = g_build_filename (dir, "task1.arcnotes", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (sidecar);
  g_autoptr(ArcNotes) notes = arc_notes_new (file);
  ArcAnnotation *a;
  ArcProgramEditor *editor;
  ArcWindow *window;

  if (!can_send_input () || !have_python ())
    return;
  g_assert_true (g_file_set_contents (task, flip_task, -1, NULL));
  a = arc_notes_ensure (notes, "task1", "alice");
  a->program = g_strdup ("def transform(grid):\n    return [row[::-1] for row in grid]\n");
  g_assert_true (arc_notes_save (notes, FALSE, NULL));

  window = open_in_window (dir, 1280, 800);
  g_assert_true (arc_window_select_task (window, "task1"));
  pump (200);
  editor = editor_of (window);
  g_assert_cmpstr (arc_program_editor_get_author (editor), ==, "alice");
  g_assert_false (gtk_text_view_get_editable (GTK_TEXT_VIEW (arc_program_editor_get_view (editor))));
  g_assert_true (find_label (GTK_WIDGET (editor), "By alice, read-only"));

  focus_window (window);
  click (window_child (window, "task_title"));
  press ("ctrl+r");
  wait_for (alert_shown, NULL, "the question");
  arc_alert_respond (arc_alert_find (), "cancel");
  pump (200);
  focus_window (window);
  g_assert_false (arc_program_view_get_running (results_of (window)));
  g_assert_null (arc_program_view_get_result (results_of (window)));

  press ("ctrl+r");
  wait_for (alert_shown, NULL, "the question again");
  arc_alert_respond (arc_alert_find (), "run");
  wait_for (has_result, window, "alice's program's results");
  focus_window (window);
  g_assert_cmpstr (arc_program_view_get_summary (results_of (window)), ==, "2 of 2 train pairs right");

  /* Asked once: the next run goes ahead */
  click (find_actionable (GTK_WIDGET (results_of (window)), "win.clear-program-results", NULL));
  press ("ctrl+r");
  pump (100);
  g_assert_null (arc_alert_find ());
  wait_for (has_result, window, "the results, not asked again");
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
running (gpointer window)
{
  return arc_program_view_get_running (results_of (window));
}

/* A test output submitted: an attempt made by the program, which is not
 * the user's solving the task by hand; and a run that never ends is
 * stopped by another task */
static void
test_submit_and_cancel (void)
{
  static const char * const lines[] = {
    "def transform(grid):",
    "    while len(grid) == 3: pass",
    "    return [row[::-1] for row in grid]",
    NULL
  };
  g_autofree char *dir = NULL;
  g_autofree char *sidecar = NULL;
  ArcWindow *window;
  GtkWidget *submit;
  ArcTaskNotes *task_notes;

  if (!can_send_input () || !have_python ())
    return;
  window = open_tasks (&dir);
  sidecar = g_build_filename (dir, "task1.arcnotes", NULL);
  type_program (window, (const char * const []) { lines[0], lines[2], NULL },
                "def transform(grid):\n    return [row[::-1] for row in grid]");
  press ("ctrl+r");
  wait_for (has_result, window, "the program's results");
  submit = find_actionable (GTK_WIDGET (results_of (window)), "win.submit-program-output", "0");
  g_assert_nonnull (submit);
  click (submit);
  wait_file_contains (sidecar, "\"made_by\" : \"program\"");
  task_notes = shown_notes (window);
  g_assert_cmpuint (arc_task_notes_get_n_attempts (task_notes), ==, 1);
  g_assert_cmpint (arc_annotation_get_flags (arc_task_notes_get_annotation (task_notes), 1, NULL) &
                   (ARC_NOTES_FLAG_ATTEMPTED | ARC_NOTES_FLAG_SOLVED | ARC_NOTES_FLAG_FAILED), ==, 0);

  /* Copied to the workspace, to finish by hand */
  click (find_actionable (GTK_WIDGET (results_of (window)), "win.copy-program-output", "0"));
  {
    ArcSolve *solve = arc_solve_view_get_solve (ARC_SOLVE_VIEW (window_child (window, "solve_view")));
    const ArcPair *pair = arc_task_get_test (arc_solve_get_task (solve), 0);

    g_assert_true (arc_grid_equal (arc_solve_get_output (solve), pair->output));
  }

  /* A program that never ends on train 2, stopped by another task */
  {
    GtkWidget *view = arc_program_editor_get_view (editor_of (window));

    click (view);
    press ("ctrl+a");
    press ("BackSpace");
  }
  type_program (window, lines, "def transform(grid):\n    while len(grid) == 3: pass\n    return [row[::-1] for row in grid]");
  press ("ctrl+r");
  wait_for (running, window, "the program to run");
  pump (300);
  g_assert_true (arc_program_view_get_running (results_of (window)));
  /* (In the editor, Alt+Right moves a word, as GtkSourceView has it) */
  click (window_child (window, "task_title"));
  press ("alt+Right");
  g_assert_false (arc_program_view_get_running (results_of (window)));
  pump (500);
  g_assert_null (arc_program_view_get_result (results_of (window)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The program's section is under the examples, in view */
static gboolean
results_in_view (gpointer window)
{
  GtkWidget *scroller = window_child (window, "task_scroller");
  graphene_point_t top;

  return gtk_widget_get_mapped (GTK_WIDGET (results_of (window))) &&
         gtk_widget_compute_point (GTK_WIDGET (results_of (window)), scroller, &GRAPHENE_POINT_INIT (0, 0), &top) &&
         top.y >= 0 && top.y + 60 <= gtk_widget_get_height (scroller);
}

/* Run on a task whose examples are higher than the page: the examples are
 * scrolled to the results under them */
static void
test_results_in_view (void)
{
  static const char * const lines[] = { "def transform(grid):", "    return grid", NULL };
  g_autofree char *dir = g_dir_make_tmp ("arc-program-run-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "tall.json", NULL);
  g_autoptr(GString) grid = g_string_new ("[");
  g_autoptr(GString) json = g_string_new ("{\"train\": [");
  g_autoptr(GFile) root = g_file_new_for_path (dir);
  GtkAdjustment *adjustment;
  ArcWindow *window;

  if (!can_send_input () || !have_python ())
    return;
  for (int r = 0; r < 10; r++)
    {
      g_string_append (grid, r ? ", [" : "[");
      for (int c = 0; c < 10; c++)
        g_string_append_printf (grid, c ? ", %d" : "%d", (r * 3 + c) % 10);
      g_string_append_c (grid, ']');
    }
  g_string_append_c (grid, ']');
  for (int i = 0; i < 6; i++)
    g_string_append_printf (json, "%s{\"input\": %s, \"output\": %s}", i ? ", " : "", grid->str, grid->str);
  g_string_append_printf (json, "], \"test\": [{\"input\": %s, \"output\": %s}]}", grid->str, grid->str);
  g_assert_true (g_file_set_contents (path, json->str, -1, NULL));
  window = present_window (1280, 800);
  g_assert_true (arc_window_open (window, root));
  wait_for (list_idle, window, "the task to be listed");
  g_assert_true (arc_window_select_task (window, "tall"));
  pump (300);
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (window_child (window, "task_scroller")));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >, gtk_adjustment_get_page_size (adjustment));
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, 0);

  type_program (window, lines, "def transform(grid):\n    return grid");
  press ("ctrl+r");
  wait_for (has_result, window, "the program's results");
  wait_for (results_in_view, window, "the results to be scrolled into view");
  g_assert_cmpstr (arc_program_view_get_summary (results_of (window)), ==, "6 of 6 train pairs right");
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

  g_test_add_func ("/arc/program-run/typed-program", test_run_typed_program);
  g_test_add_func ("/arc/program-run/error-line", test_error_shows_line);
  g_test_add_func ("/arc/program-run/others-program", test_others_program_asks_once);
  g_test_add_func ("/arc/program-run/submit-and-cancel", test_submit_and_cancel);
  g_test_add_func ("/arc/program-run/results-in-view", test_results_in_view);
  return g_test_run ();
}

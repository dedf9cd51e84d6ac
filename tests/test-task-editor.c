/* test-task-editor.c: Edit Task in the window, driven by real keys and
 * clicks: grid edits with the workspace's tools, pair operations, one undo
 * history, saving, the unsaved-changes question, and New Task
 *
 * Runs under Xvfb and a session bus (see README).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arc-grid-view.h"
#include "arc-replay-window.h"
#include "arc-solve-view-private.h"
#include "task-editor-util.h"
#include "gui-input.h"
#include "arc-alert.h"
#include "gui-test-util.h"

#define TASK_A "{\"train\": [{\"input\": [[1, 0], [0, 0]], \"output\": [[0, 1], [0, 0]]}, " \
               "{\"input\": [[2, 0], [0, 0]], \"output\": [[0, 2], [0, 0]]}], " \
               "\"test\": [{\"input\": [[3, 0], [0, 0]], \"output\": [[0, 3], [0, 0]]}], \"author\": \"me\"}"
#define TASK_B "{\"train\": [{\"input\": [[5]], \"output\": [[6]]}], \"test\": [{\"input\": [[7]]}]}"

typedef struct
{
  char      *dir;
  char      *path_a;
  char      *path_b;
  ArcWindow *window;
} Fixture;

static void
fixture_open (Fixture *f)
{
  g_autoptr(GFile) folder = NULL;

  f->dir = g_dir_make_tmp ("arc-editor-XXXXXX", NULL);
  f->path_a = g_build_filename (f->dir, "aaaa0001.json", NULL);
  f->path_b = g_build_filename (f->dir, "bbbb0002.json", NULL);
  g_assert_true (g_file_set_contents (f->path_a, TASK_A, -1, NULL));
  g_assert_true (g_file_set_contents (f->path_b, TASK_B, -1, NULL));
  folder = g_file_new_for_path (f->dir);
  f->window = g_object_new (ARC_TYPE_WINDOW, NULL);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 800);
  gtk_window_present (GTK_WINDOW (f->window));
  g_assert_true (arc_window_open (f->window, folder));
  wait_for (list_idle, f->window, "the folder to be listed");
  g_assert_true (arc_window_select_task (f->window, "aaaa0001"));
  pump (100);
  focus_window (f->window);
}

static void
fixture_close (Fixture *f)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  pump (50);
  remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->path_a);
  g_free (f->path_b);
}

/* The workspace of the fixture's window */
static ArcSolveView *
solve_view (Fixture *f)
{
  return WIN_CHILD (f->window, ARC_SOLVE_VIEW, "solve_view");
}

/* The examples of the fixture's window */
static ArcTaskView *
task_view (Fixture *f)
{
  return WIN_CHILD (f->window, ARC_TASK_VIEW, "task_view");
}

static ArcTaskEdit *
session (Fixture *f)
{
  return edit_session (f->window);
}

static gboolean
editing (gpointer data)
{
  Fixture *f = data;
  return session (f) != NULL && gtk_widget_get_mapped (edit_bar (f->window));
}

static void
click_action (Fixture *f, const char *action)
{
  GtkWidget *button = find_actionable (GTK_WIDGET (f->window), action, NULL);

  g_assert_nonnull (button);
  click (button);
  pump (100);
}

static void
click_output_cell (Fixture *f, int row, int col)
{
  GtkWidget *grid = arc_solve_view_get_output_view (solve_view (f));
  double x, y;

  g_assert_true (arc_grid_view_cell_centre (ARC_GRID_VIEW (grid), row, col, &x, &y));
  click_at (grid, x, y);
}

/* Whether the grid edited is drawn before (left of, or above) the other */
static gboolean
edited_first (Fixture *f)
{
  GtkWidget *edited = arc_solve_view_get_output_view (solve_view (f));
  GtkWidget *other = arc_solve_view_get_input_view (solve_view (f));
  double ex, ey, ox, oy;

  g_assert_true (gtk_widget_get_mapped (edited) && gtk_widget_get_mapped (other));
  g_assert_true (gtk_widget_translate_coordinates (edited, GTK_WIDGET (f->window), 0, 0, &ex, &ey));
  g_assert_true (gtk_widget_translate_coordinates (other, GTK_WIDGET (f->window), 0, 0, &ox, &oy));
  return ex < ox || ey < oy;
}

static char *
grid_text (Fixture *f, ArcPairKind kind, guint index, ArcPairSide side)
{
  return arc_grid_to_string (arc_task_edit_get_grid (session (f), kind, index, side));
}

static void
start_editing (Fixture *f)
{
  press ("ctrl+e");
  wait_for (editing, f, "Edit Task to be on");
}

/* The question shown over the window, if any */
static GtkWidget *
find_dialog (void)
{
  return arc_alert_find ();
}

static gboolean
dialog_shown (gpointer data)
{
  return find_dialog () != NULL;
}

static gboolean
no_dialog (gpointer data)
{
  return find_dialog () == NULL;
}

/* The button of the dialog labelled @label */
static GtkWidget *
find_labelled (GtkWidget *widget, const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_labelled (child, label);
      if (found)
        return found;
    }
  return NULL;
}

static void
answer (const char *label)
{
  GtkWidget *dialog;
  GtkWidget *button;

  wait_for (dialog_shown, NULL, "the question");
  dialog = find_dialog ();
  focus_window (gtk_widget_get_root (dialog));
  button = find_labelled (dialog, label);
  g_assert_nonnull (button);
  click (button);
  wait_for (no_dialog, NULL, "the question to go");
}

static gboolean
is_modified (gpointer data)
{
  return session (data) && arc_task_edit_get_modified (session (data));
}

/* A click on the examples' grid of @kind in pair @index */
static void
click_slot (Fixture     *f,
            ArcSlotKind  kind,
            guint        index)
{
  ArcTaskLayout *layout = arc_task_view_get_layout (task_view (f));

  for (guint i = 0; i < arc_task_layout_get_n_slots (layout); i++)
    {
      const ArcSlot *slot = arc_task_layout_get_slot (layout, i);

      if (slot->kind == kind && slot->index == index)
        {
          click_at (GTK_WIDGET (task_view (f)), slot->x + 2, slot->y + 2);
          return;
        }
    }
  g_assert_not_reached ();
}

/* A grid edited with the workspace's keys and clicks, pair operations,
 * undo across both, then Ctrl+S: the file is read back */
static void
test_edit_and_save (void)
{
  Fixture f = { 0 };
  g_autofree char *text = NULL;
  g_autofree char *t = NULL;
  g_autoptr(ArcTask) saved = NULL;
  ArcEntry *entry;
  ArcSolve *workspace;
  GtkScrolledWindow *scroller;
  GtkLabel *title, *summary, *warnings;
  double scrolled;

  if (!can_send_input ())
    return;
  fixture_open (&f);
  scroller = WIN_CHILD (f.window, GTK_SCROLLED_WINDOW, "task_scroller");
  title = WIN_CHILD (f.window, GTK_LABEL, "task_title");
  summary = WIN_CHILD (f.window, GTK_LABEL, "task_summary");
  warnings = WIN_CHILD (f.window, GTK_LABEL, "task_warnings");
  start_editing (&f);
  entry = selected_entry (f.window);
  g_assert_cmpstr (gtk_label_get_text (title), ==, "aaaa0001");
  /* The edit bar is above the examples, not in their scrolled window */
  g_assert_false (gtk_widget_is_ancestor (edit_bar (f.window), GTK_WIDGET (scroller)));

  /* Train pair 1's input is in the workspace, left of its output, as a
   * pair is drawn everywhere: the arrow points from it to the output */
  g_assert_true (edited_first (&f));
  g_assert_cmpstr (gtk_image_get_icon_name (GTK_IMAGE (solve_view (&f)->arrow)), ==, "go-next-symbolic");
  /* colour 4, a click */
  press ("4");
  click_output_cell (&f, 1, 1);
  t = grid_text (&f, ARC_PAIR_TRAIN, 0, ARC_SIDE_INPUT);
  g_assert_cmpstr (t, ==, "[[1,0],[0,4]]");
  g_clear_pointer (&t, g_free);
  g_assert_true (arc_task_edit_get_modified (session (&f)));
  g_assert_cmpstr (gtk_label_get_text (title), ==, "• aaaa0001");
  g_assert_true (arc_entry_get_unsaved (entry));

  /* Pairs: the line under the title says what the task is now */
  g_assert_cmpstr (gtk_label_get_text (summary), ==, "2\u00a0train\u00a0pairs · 1\u00a0test\u00a0input");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (warnings)));
  g_assert_nonnull (strstr (gtk_label_get_text (warnings), "2 pairs; the competition rules ask for 3 to 5"));
  click_action (&f, "editor.add-train-pair");
  g_assert_cmpuint (arc_task_edit_get_n_pairs (session (&f), ARC_PAIR_TRAIN), ==, 3);
  g_assert_cmpstr (gtk_label_get_text (summary), ==, "3\u00a0train\u00a0pairs · 1\u00a0test\u00a0input");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (warnings)));
  g_assert_cmpuint (edit_target (f.window).index, ==, 2);
  click_output_cell (&f, 0, 0);  /* the new pair's input, 2×2 of 0, now has a 4 */
  t = grid_text (&f, ARC_PAIR_TRAIN, 2, ARC_SIDE_INPUT);
  g_assert_cmpstr (t, ==, "[[4,0],[0,0]]");
  g_clear_pointer (&t, g_free);
  click_action (&f, "editor.duplicate-pair");
  g_assert_cmpuint (arc_task_edit_get_n_pairs (session (&f), ARC_PAIR_TRAIN), ==, 4);
  click_action (&f, "editor.move-pair-up");
  click_action (&f, "editor.move-pair-up");
  g_assert_cmpuint (edit_target (f.window).index, ==, 1);
  click_action (&f, "editor.swap-sides");
  t = grid_text (&f, ARC_PAIR_TRAIN, 1, ARC_SIDE_OUTPUT);
  g_assert_cmpstr (t, ==, "[[4,0],[0,0]]");
  g_clear_pointer (&t, g_free);
  click_action (&f, "editor.delete-pair");
  g_assert_cmpuint (arc_task_edit_get_n_pairs (session (&f), ARC_PAIR_TRAIN), ==, 3);

  /* One history: the delete, then the swap, come back */
  press ("ctrl+z");
  g_assert_cmpuint (arc_task_edit_get_n_pairs (session (&f), ARC_PAIR_TRAIN), ==, 4);
  press ("ctrl+z");
  t = grid_text (&f, ARC_PAIR_TRAIN, 1, ARC_SIDE_INPUT);
  g_assert_cmpstr (t, ==, "[[4,0],[0,0]]");
  g_clear_pointer (&t, g_free);
  press ("ctrl+shift+z");
  t = grid_text (&f, ARC_PAIR_TRAIN, 1, ARC_SIDE_OUTPUT);
  g_assert_cmpstr (t, ==, "[[4,0],[0,0]]");
  g_clear_pointer (&t, g_free);

  /* A click on a grid of the task puts it in the workspace */
  {
    click_slot (&f, ARC_SLOT_TEST_OUTPUT, 0);
    g_assert_cmpint (edit_target (f.window).kind, ==, ARC_PAIR_TEST);
    g_assert_cmpint (edit_target (f.window).side, ==, ARC_SIDE_OUTPUT);
    g_assert_cmpstr (gtk_image_get_icon_name (GTK_IMAGE (solve_view (&f)->arrow)), ==, "go-next-symbolic");
    g_assert_false (edited_first (&f));
  }
  press ("9");
  click_output_cell (&f, 1, 0);
  t = grid_text (&f, ARC_PAIR_TEST, 0, ARC_SIDE_OUTPUT);
  g_assert_cmpstr (t, ==, "[[0,3],[9,0]]");
  g_clear_pointer (&t, g_free);

  /* An undo goes to the grid it changes: with train pair 1's input in the
   * workspace, the undo of the test output's edit shows that output, as
   * it was; the redo, as it is */
  click_slot (&f, ARC_SLOT_TRAIN_INPUT, 0);
  g_assert_cmpint (edit_target (f.window).kind, ==, ARC_PAIR_TRAIN);
  g_assert_cmpint (edit_target (f.window).side, ==, ARC_SIDE_INPUT);
  press ("ctrl+z");
  g_assert_cmpint (edit_target (f.window).kind, ==, ARC_PAIR_TEST);
  g_assert_cmpint (edit_target (f.window).side, ==, ARC_SIDE_OUTPUT);
  t = arc_grid_to_string (arc_solve_get_output (arc_task_editor_get_workspace (editor_of (f.window))));
  g_assert_cmpstr (t, ==, "[[0,3],[0,0]]");
  g_clear_pointer (&t, g_free);
  click_slot (&f, ARC_SLOT_TRAIN_INPUT, 0);
  press ("ctrl+shift+z");
  g_assert_cmpint (edit_target (f.window).kind, ==, ARC_PAIR_TEST);
  t = arc_grid_to_string (arc_solve_get_output (arc_task_editor_get_workspace (editor_of (f.window))));
  g_assert_cmpstr (t, ==, "[[0,3],[9,0]]");
  g_clear_pointer (&t, g_free);

  /* Save: the file has it all, compact as it was, its member kept */
  workspace = arc_task_editor_get_workspace (editor_of (f.window));
  {
    /* The examples scrolled down with the wheel, to see that a save keeps their place */
    g_autofree char *xid = window_xid (GTK_WIDGET (f.window));
    g_autofree char *sx = NULL;
    g_autofree char *sy = NULL;

    window_point (GTK_WIDGET (scroller), 100, 100, &sx, &sy);
    xdotool ("mousemove", "--window", xid, sx, sy, "click", "--repeat", "6", "5", NULL);
    pump (300);
  }
  scrolled = gtk_adjustment_get_value (gtk_scrolled_window_get_vadjustment (scroller));
  press ("ctrl+s");
  g_assert_false (arc_task_edit_get_modified (session (&f)));
  g_assert_cmpstr (gtk_label_get_text (title), ==, "aaaa0001");
  g_assert_false (arc_entry_get_unsaved (selected_entry (f.window)));
  g_assert_true (g_file_get_contents (f.path_a, &text, NULL, NULL));
  g_assert_null (strchr (text, '\n'));
  g_assert_nonnull (strstr (text, "\"author\": \"me\""));
  saved = arc_task_new_from_data (text, strlen (text), "a", NULL, NULL);
  g_assert_nonnull (saved);
  g_assert_cmpuint (arc_task_get_n_train (saved), ==, 4);
  t = arc_grid_to_string (arc_task_get_train (saved, 0)->input);
  g_assert_cmpstr (t, ==, "[[1,0],[0,4]]");
  g_clear_pointer (&t, g_free);
  t = arc_grid_to_string (arc_task_get_test (saved, 0)->output);
  g_assert_cmpstr (t, ==, "[[0,3],[9,0]]");
  g_clear_pointer (&t, g_free);

  /* Our own save is not another program's change: still editing, no reload */
  pump (500);
  g_assert_nonnull (session (&f));
  g_assert_false (arc_task_editor_get_change_reported (editor_of (f.window)));
  g_assert_cmpuint (arc_task_edit_get_n_pairs (session (&f), ARC_PAIR_TRAIN), ==, 4);
  g_assert_true (arc_task_editor_get_workspace (editor_of (f.window)) == workspace);
  g_assert_true (arc_solve_view_get_solve (solve_view (&f)) == workspace);
  /* the page keeps its place (give or take a line of warnings) */
  g_assert_cmpfloat (scrolled, >, 60);
  g_assert_cmpfloat (fabs (gtk_adjustment_get_value (gtk_scrolled_window_get_vadjustment (scroller)) - scrolled),
                     <, 50);

  /* Edit Task off: the workspace solves again */
  press ("ctrl+e");
  g_assert_null (session (&f));
  g_assert_false (gtk_widget_get_visible (edit_bar (f.window)));
  fixture_close (&f);
}

/* Switching task with unsaved edits asks: Cancel keeps them, Save writes
 * them, Discard drops them */
static void
test_unsaved_question (void)
{
  Fixture f = { 0 };
  g_autofree char *text = NULL;
  g_autoptr(ArcEntry) entry_a = NULL;
  g_autoptr(ArcEntry) entry_b = NULL;

  if (!can_send_input ())
    return;
  fixture_open (&f);
  entry_a = g_object_ref (selected_entry (f.window));
  start_editing (&f);
  press ("5");
  click_output_cell (&f, 0, 1);
  wait_for (is_modified, &f, "an edit");
  g_assert_true (arc_entry_get_unsaved (entry_a));

  press ("alt+Right");
  answer ("_Cancel");
  g_assert_cmpstr (arc_entry_get_id (selected_entry (f.window)), ==, "aaaa0001");
  g_assert_true (arc_task_edit_get_modified (session (&f)));
  g_assert_true (arc_entry_get_unsaved (entry_a));
  g_assert_true (g_file_get_contents (f.path_a, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, TASK_A);
  g_clear_pointer (&text, g_free);

  focus_window (f.window);
  press ("alt+Right");
  answer ("_Discard");
  g_assert_cmpstr (arc_entry_get_id (selected_entry (f.window)), ==, "bbbb0002");
  g_assert_cmpstr (arc_task_edit_get_id (session (&f)), ==, "bbbb0002");
  g_assert_true (g_file_get_contents (f.path_a, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, TASK_A);
  g_clear_pointer (&text, g_free);
  /* the row of the task left has no unsaved mark */
  g_assert_false (arc_entry_get_unsaved (entry_a));

  /* Edit bbbb0002, go back: Save */
  focus_window (f.window);
  entry_b = g_object_ref (selected_entry (f.window));
  press ("8");
  click_output_cell (&f, 0, 0);
  wait_for (is_modified, &f, "an edit");
  g_assert_true (arc_entry_get_unsaved (entry_b));
  press ("alt+Left");
  answer ("_Save");
  g_assert_cmpstr (arc_entry_get_id (selected_entry (f.window)), ==, "aaaa0001");
  g_assert_false (arc_entry_get_unsaved (entry_b));
  g_assert_true (g_file_get_contents (f.path_b, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "{\"train\": [{\"input\": [[8]], \"output\": [[6]]}], \"test\": [{\"input\": [[7]]}]}");
  g_clear_pointer (&text, g_free);

  /* Closing asks too */
  focus_window (f.window);
  press ("3");
  click_output_cell (&f, 0, 0);
  wait_for (is_modified, &f, "an edit");
  gtk_window_close (GTK_WINDOW (f.window));
  answer ("_Cancel");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f.window)));
  fixture_close (&f);
}

static gboolean
new_task_shown (gpointer data)
{
  Fixture *f = data;
  ArcEntry *entry = selected_entry (f->window);

  return entry && strlen (arc_entry_get_id (entry)) == 8 && !g_str_equal (arc_entry_get_id (entry), "aaaa0001") &&
         session (f) != NULL;
}

/* New Task: a name asked (a free 8-hex-digit id), the file written, listed
 * and shown in Edit Task */
static void
test_new_task (void)
{
  Fixture f = { 0 };
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autofree char *name = NULL;
  const char *id;

  if (!can_send_input ())
    return;
  fixture_open (&f);
  /* A search that would hide it is cleared */
  press ("ctrl+f");
  xdotool ("type", "aaaa", NULL);
  pump (400);
  press ("ctrl+n");
  wait_for (dialog_shown, NULL, "the name to be asked");
  focus_window (gtk_widget_get_root (find_dialog ()));
  press ("Return");
  wait_for (new_task_shown, &f, "the new task in the list, in Edit Task");
  id = arc_entry_get_id (selected_entry (f.window));
  for (const char *p = id; *p; p++)
    g_assert_true (g_ascii_isxdigit (*p));
  name = g_strconcat (id, ".json", NULL);
  path = g_build_filename (f.dir, name, NULL);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==,
                   "{\"train\": [{\"input\": [[0, 0, 0], [0, 0, 0], [0, 0, 0]], \"output\": [[0, 0, 0], [0, 0, 0], [0, 0, 0]]}], "
                   "\"test\": [{\"input\": [[0, 0, 0], [0, 0, 0], [0, 0, 0]], \"output\": [[0, 0, 0], [0, 0, 0], [0, 0, 0]]}]}");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (arc_task_list_get_collection (WIN_CHILD (f.window, ARC_TASK_LIST, "task_list")))), ==, 3);
  fixture_close (&f);
}

static gboolean
change_reported (gpointer data)
{
  Fixture *f = data;
  return arc_task_editor_get_change_reported (editor_of (f->window));
}

static gboolean
reloaded (gpointer data)
{
  Fixture *f = data;
  const ArcGrid *grid = session (f) ? arc_task_edit_get_grid (session (f), ARC_PAIR_TEST, 0, ARC_SIDE_INPUT) : NULL;

  return grid && arc_grid_get (grid, 0, 0) == 6;
}

/* Another program's change: taken as it is when nothing is unsaved;
 * reported, and not written over without asking, when something is */
static void
test_external_change (void)
{
  Fixture f = { 0 };
  g_autofree char *text = NULL;
  g_autofree char *t = NULL;

  if (!can_send_input ())
    return;
  fixture_open (&f);
  start_editing (&f);
  g_usleep (20000);
  g_assert_true (g_file_set_contents (f.path_a, "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], "
                                                "\"test\": [{\"input\": [[6]]}]}", -1, NULL));
  wait_for (reloaded, &f, "the session to read the file again");
  g_assert_false (arc_task_edit_get_modified (session (&f)));

  focus_window (f.window);
  gtk_widget_grab_focus (arc_solve_view_get_output_view (solve_view (&f)));
  press ("7");
  click_output_cell (&f, 0, 0);
  wait_for (is_modified, &f, "an edit");
  g_usleep (20000);
  g_assert_true (g_file_set_contents (f.path_a, TASK_B, -1, NULL));
  wait_for (change_reported, &f, "the change to be reported");
  t = grid_text (&f, ARC_PAIR_TRAIN, 0, ARC_SIDE_INPUT);
  g_assert_cmpstr (t, ==, "[[7]]");
  press ("ctrl+s");
  answer ("_Cancel");
  g_assert_true (g_file_get_contents (f.path_a, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, TASK_B);
  g_clear_pointer (&text, g_free);
  focus_window (f.window);
  press ("ctrl+s");
  answer ("Save _Anyway");
  g_assert_false (arc_task_edit_get_modified (session (&f)));
  g_assert_true (g_file_get_contents (f.path_a, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "{\"train\": [{\"input\": [[7]], \"output\": [[2]]}], \"test\": [{\"input\": [[6]]}]}");
  fixture_close (&f);
}

static void click_slot (Fixture *f, ArcSlotKind kind, guint index);

static GtkWindow *
find_chooser (void)
{
  return (GtkWindow *) find_mapped_toplevel (GTK_TYPE_FILE_CHOOSER);
}

static gboolean
chooser_shown (gpointer data)
{
  return find_chooser () != NULL;
}

static gboolean
file_exists (gpointer data)
{
  return g_file_test (data, G_FILE_TEST_EXISTS);
}

#define KAGGLE_A "{\"aaaa0001\": {\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]]}]},\n"
#define KAGGLE_B " \"bbbb0002\": {\"train\": [{\"input\": [[4]], \"output\": [[5]]}], \"test\": [{\"input\": [[6]]}]}"
#define KAGGLE_C ",\n \"cccc0003\": {\"train\": [{\"input\": [[7]], \"output\": [[8]]}], \"test\": [{\"input\": [[9]]}]}}\n"

static gboolean
entry_is (gpointer data)
{
  Fixture *f = data;
  ArcEntry *entry = selected_entry (f->window);

  return entry && g_str_equal (arc_entry_get_id (entry), "bbbb0002");
}

/* A task of a Kaggle file saved in place: the other tasks stay byte for
 * byte, the test output goes to the solutions file, and the list (read
 * again after the save) keeps the edited task */
static void
test_kaggle_in_place (void)
{
  Fixture f = { 0 };
  g_autofree char *challenges = NULL;
  g_autofree char *solutions = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GFile) file = NULL;

  if (!can_send_input ())
    return;
  f.dir = g_dir_make_tmp ("arc-editor-XXXXXX", NULL);
  challenges = g_build_filename (f.dir, "x_challenges.json", NULL);
  solutions = g_build_filename (f.dir, "x_solutions.json", NULL);
  g_assert_true (g_file_set_contents (challenges, KAGGLE_A KAGGLE_B KAGGLE_C, -1, NULL));
  g_assert_true (g_file_set_contents (solutions, "{\"aaaa0001\": [[[1]]], \"bbbb0002\": [[[6]]], \"cccc0003\": [[[9]]]}", -1, NULL));
  file = g_file_new_for_path (challenges);
  f.window = g_object_new (ARC_TYPE_WINDOW, NULL);
  gtk_window_set_default_size (GTK_WINDOW (f.window), 1280, 800);
  gtk_window_present (GTK_WINDOW (f.window));
  g_assert_true (arc_window_open (f.window, file));
  wait_for (list_idle, f.window, "the file to be listed");
  g_assert_true (arc_window_select_task (f.window, "bbbb0002"));
  wait_for (entry_is, &f, "bbbb0002 to be shown");
  focus_window (f.window);
  start_editing (&f);
  g_assert_true (arc_task_edit_is_combined (session (&f)));
  press ("2");
  click_output_cell (&f, 0, 0);  /* train 1 input */
  click_slot (&f, ARC_SLOT_TEST_OUTPUT, 0);
  press ("4");
  click_output_cell (&f, 0, 0);
  press ("ctrl+s");
  g_assert_false (arc_task_edit_get_modified (session (&f)));

  g_assert_true (g_file_get_contents (challenges, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, KAGGLE_A " \"bbbb0002\": {\"train\": [{\"input\": [[2]], \"output\": [[5]]}], "
                             "\"test\": [{\"input\": [[6]]}]}" KAGGLE_C);
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (solutions, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "{\"aaaa0001\": [[[1]]], \"bbbb0002\": [[[4]]], \"cccc0003\": [[[9]]]}");

  /* The file is listed again after the save: still this task, in Edit Task */
  pump (700);
  g_assert_true (entry_is (&f));
  g_assert_nonnull (session (&f));
  g_assert_false (arc_task_editor_get_change_reported (editor_of (f.window)));

  /* Save As: a task file of its own, the Kaggle files as they were */
  {
    g_autofree char *own = g_build_filename (f.dir, "mine.json", NULL);
    g_autofree char *before = NULL;
    g_autofree char *after = NULL;

    g_assert_true (g_file_get_contents (challenges, &before, NULL, NULL));
    press ("ctrl+shift+s");
    wait_for (chooser_shown, NULL, "the file chooser");
    focus_window (find_chooser ());
    press ("ctrl+a");
    xdotool ("type", own, NULL);
    press ("Return");
    wait_for (file_exists, own, "the task file");
    g_assert_false (arc_task_edit_is_combined (session (&f)));
    g_clear_pointer (&text, g_free);
    g_assert_true (g_file_get_contents (own, &text, NULL, NULL));
    g_assert_cmpstr (text, ==, "{\"train\": [{\"input\": [[2]], \"output\": [[5]]}], \"test\": [{\"input\": [[6]], \"output\": [[4]]}]}");
    g_assert_true (g_file_get_contents (challenges, &after, NULL, NULL));
    g_assert_cmpstr (after, ==, before);
  }

  /* In the folder: New Task says it goes beside the Kaggle file, not in it */
  {
    g_autoptr(GFile) folder = g_file_new_for_path (f.dir);

    g_assert_true (arc_window_open (f.window, folder));
    wait_for (list_idle, f.window, "the folder to be listed");
    g_assert_true (arc_window_select_task (f.window, "bbbb0002"));
    wait_for (entry_is, &f, "bbbb0002 to be shown");
  }
  focus_window (f.window);
  press ("ctrl+n");
  wait_for (dialog_shown, NULL, "the name to be asked");
  g_assert_nonnull (strstr (arc_alert_get_body (find_dialog ()), "in a file of its own in"));
  g_assert_nonnull (strstr (arc_alert_get_body (find_dialog ()), "beside x_challenges.json, which stays as it is"));
  arc_alert_respond (find_dialog (), "cancel");
  wait_for (no_dialog, NULL, "the question to go");
  fixture_close (&f);
}

/* A copy: the layout the slot is in is freed when the task is laid out again */
static ArcSlot
find_slot (Fixture *f, ArcSlotKind kind, guint index)
{
  ArcTaskLayout *layout = arc_task_view_get_layout (task_view (f));

  for (guint i = 0; i < arc_task_layout_get_n_slots (layout); i++)
    {
      const ArcSlot *slot = arc_task_layout_get_slot (layout, i);

      if (slot->kind == kind && slot->index == index)
        return *slot;
    }
  g_assert_not_reached ();
}

/* A pair dragged onto another moves there */
static void
test_drag_to_reorder (void)
{
  Fixture f = { 0 };
  GtkWidget *view;
  g_autofree char *xid = NULL;
  g_autofree char *x0 = NULL, *y0 = NULL, *x1 = NULL, *y1 = NULL, *xm = NULL;
  g_autofree char *t = NULL;
  ArcSlot from, to;
  int examples_width;

  if (!can_send_input ())
    return;
  fixture_open (&f);
  start_editing (&f);
  pump (300);   /* the edit bar came: the page is laid out again */
  view = GTK_WIDGET (task_view (&f));
  xid = window_xid (view);
  from = find_slot (&f, ARC_SLOT_TRAIN_INPUT, 0);
  to = find_slot (&f, ARC_SLOT_TRAIN_OUTPUT, 1);
  /* Both grids in view, as a user would scroll before dragging */
  scroll_to (view, (from.y + to.y) / 2.0 + 4);
  pump (100);
  window_point (view, from.x + 4, from.y + 4, &x0, &y0);
  window_point (view, to.x + 4, to.y + 4, &x1, &y1);
  xm = g_strdup_printf ("%d", atoi (x0) + 20);
  xdotool ("mousemove", "--window", xid, x0, y0, NULL);
  pump (100);
  xdotool ("mousedown", "1", NULL);
  pump (100);
  xdotool ("mousemove", "--window", xid, xm, y0, NULL);
  pump (100);
  xdotool ("mousemove", "--window", xid, x1, y1, NULL);
  pump (100);
  xdotool ("mouseup", "1", NULL);
  pump (200);
  t = grid_text (&f, ARC_PAIR_TRAIN, 0, ARC_SIDE_INPUT);
  g_assert_cmpstr (t, ==, "[[2,0],[0,0]]");
  g_clear_pointer (&t, g_free);
  g_assert_cmpuint (edit_target (f.window).index, ==, 1);
  press ("ctrl+z");
  t = grid_text (&f, ARC_PAIR_TRAIN, 0, ARC_SIDE_INPUT);
  g_assert_cmpstr (t, ==, "[[1,0],[0,0]]");
  g_clear_pointer (&t, g_free);

  /* A test output hidden (as in evaluation sets), then given back */
  click_slot (&f, ARC_SLOT_TEST_INPUT, 0);
  {
    /* the grid in the workspace is framed in the accent colour */
    ArcSlot slot = find_slot (&f, ARC_SLOT_TEST_INPUT, 0);

    g_assert_cmphex (widget_pixel (view, slot.x - 4, slot.y + slot.height / 2), ==, 0x3584e4);
    slot = find_slot (&f, ARC_SLOT_TRAIN_INPUT, 0);
    g_assert_cmphex (widget_pixel (view, slot.x - 4, slot.y + slot.height / 2), !=, 0x3584e4);
  }
  examples_width = gtk_widget_get_width (view);
  click_action (&f, "editor.toggle-test-output");
  g_assert_null (arc_task_edit_get_grid (session (&f), ARC_PAIR_TEST, 0, ARC_SIDE_OUTPUT));
  /* The input, with no output, stays first, beside itself as it was,
   * with no arrow; the workspace's names do not make it wider, moving
   * the divider */
  pump (100);
  g_assert_true (edited_first (&f));
  g_assert_false (gtk_widget_get_visible (solve_view (&f)->arrow));
  g_assert_cmpint (gtk_widget_get_width (view), ==, examples_width);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (find_actionable (GTK_WIDGET (f.window), "editor.toggle-test-output", NULL)), ==, "Add Test Output");
  g_assert_cmpstr (gtk_button_get_icon_name (GTK_BUTTON (find_actionable (GTK_WIDGET (f.window), "editor.toggle-test-output", NULL))), ==, "view-reveal-symbolic");
  click_action (&f, "editor.toggle-test-output");
  t = grid_text (&f, ARC_PAIR_TEST, 0, ARC_SIDE_OUTPUT);
  g_assert_cmpstr (t, ==, "[[0,0],[0,0]]");
  g_assert_cmpint (edit_target (f.window).side, ==, ARC_SIDE_OUTPUT);
  pump (100);
  g_assert_false (edited_first (&f));
  g_assert_true (gtk_widget_get_visible (solve_view (&f)->arrow));
  fixture_close (&f);
}

static gboolean
duplicate_shown (gpointer data)
{
  Fixture *f = data;
  ArcEntry *entry = selected_entry (f->window);

  return entry && g_str_equal (arc_entry_get_id (entry), "copy") && session (f) != NULL;
}

/* Duplicate Task, from the main menu: a copy, members and all, shown in
 * Edit Task; the grid workspace's Resize sets a grid's size */
static void
test_duplicate_and_resize (void)
{
  Fixture f = { 0 };
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  GtkWidget *menu_button, *item, *size;

  if (!can_send_input ())
    return;
  fixture_open (&f);
  menu_button = find_primary_menu (GTK_WIDGET (f.window));
  g_assert_nonnull (menu_button);
  press ("F10");
  pump (300);
  item = find_label_widget (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu_button))), "Duplicate Task…");
  g_assert_nonnull (item);
  click (item);
  wait_for (dialog_shown, NULL, "the name to be asked");
  focus_window (gtk_widget_get_root (find_dialog ()));
  press ("ctrl+a");
  xdotool ("type", "copy", NULL);
  press ("Return");
  wait_for (duplicate_shown, &f, "the copy, in Edit Task");
  path = g_build_filename (f.dir, "copy.json", NULL);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, TASK_A);

  /* Resize, the workspace's: the grid in it takes the size, as its
   * tooltips say (not the output grid's) */
  focus_window (f.window);
  size = find_widget_of_type (GTK_WIDGET (solve_view (&f)), GTK_TYPE_ENTRY);
  g_test_message ("size tooltip: %s", gtk_widget_get_tooltip_text (size));
  g_assert_true (g_str_has_prefix (gtk_widget_get_tooltip_text (size), "Size of “"));
  {
    GtkWidget *resize = find_actionable (GTK_WIDGET (solve_view (&f)), "solve.resize", NULL);

    g_assert_nonnull (resize);
    g_assert_true (g_str_has_prefix (gtk_widget_get_tooltip_text (resize), "Resize “"));
    g_assert_null (strstr (gtk_widget_get_tooltip_text (resize), "output grid"));
  }
  click (size);
  press ("ctrl+a");
  xdotool ("type", "3x1", NULL);
  press ("Return");
  {
    g_autofree char *t = grid_text (&f, ARC_PAIR_TRAIN, 0, ARC_SIDE_INPUT);
    g_assert_cmpstr (t, ==, "[[1],[0],[0]]");
  }
  fixture_close (&f);
}

static GtkWidget *
find_replay (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      if (ARC_IS_REPLAY_WINDOW (item))
        return GTK_WIDGET (item);
    }
  return NULL;
}

static gboolean
replay_shown (gpointer data)
{
  return find_replay () != NULL;
}

/* An attempt made before the task was edited keeps the task's old hash:
 * it no longer counts, and the replay window says so */
static void
test_attempts_of_earlier_version (void)
{
  Fixture f = { 0 };
  ArcSolve *solve;
  GtkWidget *replay;
  GtkDropDown *dropdown;
  const char *label;

  if (!can_send_input ())
    return;
  fixture_open (&f);
  gtk_widget_grab_focus (arc_solve_view_get_output_view (solve_view (&f)));
  press ("3");
  click_output_cell (&f, 0, 1);
  press ("ctrl+Return");
  solve = arc_solve_view_get_solve (solve_view (&f));
  g_assert_cmpint (arc_solve_get_state (solve, 0), ==, ARC_TEST_SOLVED);

  start_editing (&f);
  click_slot (&f, ARC_SLOT_TEST_OUTPUT, 0);
  press ("5");
  click_output_cell (&f, 1, 1);
  press ("ctrl+s");
  g_assert_false (arc_task_edit_get_modified (session (&f)));
  press ("ctrl+e");
  solve = arc_solve_view_get_solve (solve_view (&f));
  g_assert_cmpint (arc_solve_get_state (solve, 0), ==, ARC_TEST_OPEN);

  press ("ctrl+shift+r");
  wait_for (replay_shown, NULL, "the replay window");
  replay = find_replay ();
  dropdown = GTK_DROP_DOWN (find_widget_of_type (replay, GTK_TYPE_DROP_DOWN));
  label = gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (dropdown)), 0);
  g_assert_nonnull (strstr (label, "earlier version"));
  gtk_window_destroy (GTK_WINDOW (replay));
  fixture_close (&f);
}

static void
paint (Fixture *f, const char *colour, int row, int col)
{
  pump (300);  /* the task grew: the workspace moved down */
  press (colour);
  click_output_cell (f, row, col);
}

static int
run (const char *first, ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status;
  va_list args;

  g_ptr_array_add (argv, (char *) first);
  va_start (args, first);
  for (const char *arg = va_arg (args, const char *); arg; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL,
                               NULL, NULL, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  return g_spawn_check_wait_status (status, NULL) ? 0 : 1;
}

/* A task made from nothing (New Task, two pairs drawn, a test pair added,
 * saved), then solved in the same session; the file is read by Python's
 * json module and by `arc-studio-cli validate` */
static void
test_create_and_solve (void)
{
  Fixture f = { 0 };
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;
  g_autofree char *check = NULL;

  if (!can_send_input ())
    return;
  fixture_open (&f);
  press ("ctrl+n");
  wait_for (dialog_shown, NULL, "the name to be asked");
  focus_window (gtk_widget_get_root (find_dialog ()));
  press ("Return");
  wait_for (new_task_shown, &f, "the new task, in Edit Task");
  name = g_strconcat (arc_entry_get_id (selected_entry (f.window)), ".json", NULL);
  path = g_build_filename (f.dir, name, NULL);
  focus_window (f.window);

  /* Train pair 1: a 2 in a corner, copied to the output */
  paint (&f, "2", 0, 0);
  click_slot (&f, ARC_SLOT_TRAIN_OUTPUT, 0);
  paint (&f, "2", 0, 0);
  /* Train pair 2 */
  click_action (&f, "editor.add-train-pair");
  g_assert_cmpuint (edit_target (f.window).index, ==, 1);
  paint (&f, "3", 1, 1);
  click_slot (&f, ARC_SLOT_TRAIN_OUTPUT, 1);
  paint (&f, "3", 1, 1);
  /* A second test pair */
  click_action (&f, "editor.add-test-pair");
  g_assert_cmpuint (arc_task_edit_get_n_pairs (session (&f), ARC_PAIR_TEST), ==, 2);
  paint (&f, "4", 2, 2);
  click_slot (&f, ARC_SLOT_TEST_OUTPUT, 1);
  paint (&f, "4", 2, 2);
  press ("ctrl+s");
  g_assert_false (arc_task_edit_get_modified (session (&f)));
  /* competition warnings (2 train pairs, 2 test inputs) are shown, not in the way */
  g_assert_true (gtk_widget_get_visible (window_child (f.window, "task_warnings")));

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==,
                   "{\"train\": [{\"input\": [[2, 0, 0], [0, 0, 0], [0, 0, 0]], \"output\": [[2, 0, 0], [0, 0, 0], [0, 0, 0]]}, "
                   "{\"input\": [[0, 0, 0], [0, 3, 0], [0, 0, 0]], \"output\": [[0, 0, 0], [0, 3, 0], [0, 0, 0]]}], "
                   "\"test\": [{\"input\": [[0, 0, 0], [0, 0, 0], [0, 0, 0]], \"output\": [[0, 0, 0], [0, 0, 0], [0, 0, 0]]}, "
                   "{\"input\": [[0, 0, 0], [0, 0, 0], [0, 0, 4]], \"output\": [[0, 0, 0], [0, 0, 0], [0, 0, 4]]}]}");
  check = g_strdup_printf ("import json,sys; t=json.load(open(sys.argv[1])); assert len(t['train'])==2 and len(t['test'])==2");
  g_assert_cmpint (run ("python3", "-c", check, path, NULL), ==, 0);
  g_assert_cmpint (run (g_getenv ("ARC_CLI"), "validate", path, NULL), ==, 0);

  /* Solve it: Edit Task off, the second test input's answer drawn, submitted */
  press ("ctrl+e");
  g_assert_null (session (&f));
  gtk_widget_grab_focus (arc_solve_view_get_output_view (solve_view (&f)));
  press ("ctrl+Return");
  g_assert_cmpint (arc_solve_get_state (arc_solve_view_get_solve (solve_view (&f)), 0), ==, ARC_TEST_SOLVED);
  fixture_close (&f);
}

static gboolean
target_is_train_output_2 (gpointer data)
{
  Fixture *f = data;

  return edit_target (f->window).kind == ARC_PAIR_TRAIN && edit_target (f->window).index == 1 &&
         edit_target (f->window).side == ARC_SIDE_OUTPUT;
}

/* The Grid list, by the keyboard and by the pointer: the grid picked is in
 * the workspace and can be drawn at once (the app hung on it) */
static void
test_grid_list (void)
{
  Fixture f = { 0 };
  g_autofree char *t = NULL;
  GtkWidget *chooser;

  if (!can_send_input ())
    return;
  fixture_open (&f);
  start_editing (&f);
  chooser = edit_grid_chooser (f.window);
  g_assert_true (gtk_widget_get_mapped (chooser));
  /* Train pair 1 · Input, Train pair 1 · Output, Train pair 2 · Input, Train pair 2 · Output */
  click (chooser);
  pump (300);
  press ("Down");
  press ("Down");
  press ("Down");
  press ("Return");
  wait_for (target_is_train_output_2, &f, "train pair 2's output in the workspace");
  pump (300);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (chooser)), ==, 3);
  press ("5");
  click_output_cell (&f, 1, 1);
  t = grid_text (&f, ARC_PAIR_TRAIN, 1, ARC_SIDE_OUTPUT);
  g_assert_cmpstr (t, ==, "[[0,2],[0,5]]");
  g_clear_pointer (&t, g_free);

  /* By the pointer: the first entry of the list */
  click (chooser);
  pump (300);
  {
    GtkWidget *item, *popover = NULL;

    for (GtkWidget *w = gtk_widget_get_first_child (chooser); w; w = gtk_widget_get_next_sibling (w))
      if (GTK_IS_POPOVER (w))
        popover = w;
    g_assert_nonnull (popover);
    item = find_label_widget (popover, "Train pair 1 · Input");
    g_assert_nonnull (item);
    click (item);
  }
  pump (300);
  g_assert_cmpint (edit_target (f.window).index, ==, 0);
  g_assert_cmpint (edit_target (f.window).side, ==, ARC_SIDE_INPUT);
  press ("6");
  click_output_cell (&f, 1, 1);
  t = grid_text (&f, ARC_PAIR_TRAIN, 0, ARC_SIDE_INPUT);
  g_assert_cmpstr (t, ==, "[[1,0],[0,6]]");

  fixture_close (&f);
}

typedef struct
{
  GtkWidget  *popover;
  const char *label;
} OpenList;

/* Whether the popover is open with a row reading its label whole inside
 * it: neither cut off nor scrolled away */
static gboolean
list_shows (gpointer data)
{
  OpenList *list = data;
  GtkWidget *item;
  double x, top, bottom;

  if (!gtk_widget_get_mapped (list->popover) || !(item = find_label_widget (list->popover, list->label)))
    return FALSE;
  return gtk_widget_translate_coordinates (item, list->popover, 0, 0, &x, &top) &&
         gtk_widget_translate_coordinates (item, list->popover, 0, gtk_widget_get_height (item), &x, &bottom) &&
         top >= 0 && bottom <= gtk_widget_get_height (list->popover);
}

/* The Grid list of a task of many grids opens, the first time too,
 * scrolled to the grid in the workspace, with no tooltip over it */
static void
test_grid_list_scrolls (void)
{
  Fixture f = { 0 };
  GtkWidget *chooser, *popover = NULL;

  if (!can_send_input ())
    return;
  fixture_open (&f);
  start_editing (&f);
  chooser = edit_grid_chooser (f.window);
  for (int i = 0; i < 10; i++)
    click_action (&f, "editor.add-train-pair");
  g_assert_cmpint (edit_target (f.window).index, ==, 11);
  click (chooser);
  for (GtkWidget *w = gtk_widget_get_first_child (chooser); w; w = gtk_widget_get_next_sibling (w))
    if (GTK_IS_POPOVER (w))
      popover = w;
  g_assert_nonnull (popover);
  /* (its rows are made and scrolled to as it opens: a busy machine takes
   * a moment; it fails if the row never shows whole) */
  {
    OpenList list = { popover, "Train pair 12 · Input" };

    wait_for (list_shows, &list, "the Grid list to open at the workspace's grid, whole");
  }
  g_assert_false (gtk_widget_get_has_tooltip (chooser));
  press ("Escape");
  pump (200);
  g_assert_false (gtk_widget_get_mapped (popover));
  g_assert_true (gtk_widget_get_has_tooltip (chooser));
  fixture_close (&f);
}

static void
click_list_row (Fixture *f, const char *id)
{
  GtkWidget *label = find_label_widget (window_child (f->window, "task_list"), id);

  g_assert_nonnull (label);
  click (label);
  pump (200);
}

/* The colour and tool keys are the workspace's wherever the focus is, but
 * in a text field: after a task is picked in the list, in solving and in
 * Edit Task */
static void
test_keys_from_the_list (void)
{
  Fixture f = { 0 };
  g_autofree char *t = NULL;
  GtkWidget *focus;

  if (!can_send_input ())
    return;
  fixture_open (&f);
  click_list_row (&f, "bbbb0002");
  g_assert_cmpstr (arc_entry_get_id (selected_entry (f.window)), ==, "bbbb0002");
  focus = gtk_root_get_focus (GTK_ROOT (f.window));
  g_assert_true (focus && gtk_widget_is_ancestor (focus, window_child (f.window, "task_list")));
  press ("3");
  g_assert_cmpint (solve_view (&f)->colour, ==, 3);
  press ("f");
  g_assert_cmpint (solve_view (&f)->tool, ==, ARC_TOOL_FILL);
  press ("d");
  g_assert_cmpint (solve_view (&f)->tool, ==, ARC_TOOL_EDIT);

  /* Edit Task: a task picked in the list, then a colour key and a click */
  start_editing (&f);
  click_list_row (&f, "aaaa0001");
  g_assert_cmpstr (arc_task_edit_get_id (session (&f)), ==, "aaaa0001");
  press ("4");
  click_output_cell (&f, 1, 1);
  t = grid_text (&f, ARC_PAIR_TRAIN, 0, ARC_SIDE_INPUT);
  g_assert_cmpstr (t, ==, "[[1,0],[0,4]]");

  /* In the search field a digit is typed, not a colour */
  press ("ctrl+f");
  press ("7");
  g_assert_cmpint (solve_view (&f)->colour, ==, 4);
  press ("Escape");
  fixture_close (&f);
}

/* The competition rules are Edit Task's to say, not the solver's: task A
 * has two train pairs */
static void
test_rule_warnings_while_editing (void)
{
  Fixture f = { 0 };
  GtkWidget *warnings;

  if (!can_send_input ())
    return;
  fixture_open (&f);
  warnings = window_child (f.window, "task_warnings");
  g_assert_false (gtk_widget_get_visible (warnings));

  start_editing (&f);
  g_assert_true (gtk_widget_get_visible (warnings));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (warnings)), "2 pairs; the competition rules ask for 3 to 5"));

  press ("ctrl+e");
  g_assert_null (session (&f));
  pump (100);
  g_assert_false (gtk_widget_get_visible (warnings));
  fixture_close (&f);
}

/* What the editor said in toasts */
static void
toast_cb (ArcTaskEditor *editor,
          const char    *message,
          GPtrArray     *toasts)
{
  g_ptr_array_add (toasts, g_strdup (message));
}

/* No toast blamed another program for the app's own writes */
static void
assert_no_blame (GPtrArray *toasts)
{
  for (guint i = 0; i < toasts->len; i++)
    if (strstr (toasts->pdata[i], "nother program"))
      g_error ("a toast said: %s", (const char *) toasts->pdata[i]);
}

/* Whether @dir holds a file but @names (a save's new file left over) */
static void
assert_only_files (const char *dir, const char * const *names)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *found;

  while (d && (found = g_dir_read_name (d)))
    if (!g_strv_contains (names, found))
      g_error ("%s was left in %s", found, dir);
}

/* Ctrl+S fails: "Task Not Saved", its body holding each of @words (the
 * file and why), never "File Changed on Disk"; closed */
static void
assert_not_saved (const char *first, ...)
{
  GtkWidget *dialog;
  va_list args;

  press ("ctrl+s");
  wait_for (dialog_shown, NULL, "the message");
  dialog = find_dialog ();
  g_assert_cmpstr (arc_alert_get_heading (dialog), ==, "Task Not Saved");
  va_start (args, first);
  for (const char *word = first; word; word = va_arg (args, const char *))
    if (strstr (arc_alert_get_body (dialog), word) == NULL)
      g_error ("the message does not say “%s”: %s", word, arc_alert_get_body (dialog));
  va_end (args);
  answer ("_Close");
}

/* Ctrl+S works: no question, the edits saved, and after the folder's
 * watcher saw the write, no change of another program reported */
static void
assert_saved (Fixture *f)
{
  press ("ctrl+s");
  pump (100);
  g_assert_null (find_dialog ());
  g_assert_false (arc_task_edit_get_modified (session (f)));
  pump (700);
  g_assert_null (find_dialog ());
  g_assert_false (arc_task_editor_get_change_reported (editor_of (f->window)));
  g_assert_nonnull (session (f));
}

/* A task file saved on a full disk: "Task Not Saved" names the file and
 * says the disk is full, the file is byte for byte as it was, the edits
 * stay; the next save, with room again, writes them and claims no change
 * by another program */
static void
test_save_full_disk (void)
{
  Fixture f = { 0 };
  g_autoptr(GPtrArray) toasts = g_ptr_array_new_with_free_func (g_free);
  const char *names[] = { "aaaa0001.json", "bbbb0002.json", NULL };
  g_autofree char *text = NULL;

  if (!can_send_input ())
    return;
  fixture_open (&f);
  g_signal_connect (editor_of (f.window), "toast", G_CALLBACK (toast_cb), toasts);
  start_editing (&f);
  gtk_widget_grab_focus (arc_solve_view_get_output_view (solve_view (&f)));
  press ("7");
  click_output_cell (&f, 0, 0);
  wait_for (is_modified, &f, "an edit");

  for (guint nth = 1; nth <= 3; nth++)  /* the write, the file's sync, a second try */
    {
      arc_file_set_write_fault (ENOSPC, nth == 3 ? 1 : nth, 0);
      assert_not_saved (f.path_a, "the disk is full", "The edits are kept here: free some space", NULL);
      g_assert_true (g_file_get_contents (f.path_a, &text, NULL, NULL));
      g_assert_cmpstr (text, ==, TASK_A);
      g_clear_pointer (&text, g_free);
      assert_only_files (f.dir, names);
      g_assert_true (arc_task_edit_get_modified (session (&f)));
      focus_window (f.window);
    }
  arc_file_set_write_fault (0, 0, 0);
  assert_saved (&f);
  g_assert_true (g_file_get_contents (f.path_a, &text, NULL, NULL));
  g_assert_true (g_str_has_prefix (text, "{\"train\": [{\"input\": [[7, 0], [0, 0]]"));
  assert_only_files (f.dir, names);
  assert_no_blame (toasts);
  fixture_close (&f);
}

/* A Kaggle task saved in place with a read-only solutions file, then on a
 * full disk: the message names the file and why, both files stay byte for
 * byte as they were; the next save writes both, with no claim of a change
 * by another program */
static void
test_kaggle_save_faults (void)
{
  Fixture f = { 0 };
  g_autoptr(GPtrArray) toasts = g_ptr_array_new_with_free_func (g_free);
  const char *names[] = { "x_challenges.json", "x_solutions.json", NULL };
  const char solutions_text[] = "{\"aaaa0001\": [[[1]]], \"bbbb0002\": [[[6]]], \"cccc0003\": [[[9]]]}";
  g_autofree char *challenges = NULL;
  g_autofree char *solutions = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GFile) file = NULL;

  if (!can_send_input ())
    return;
  f.dir = g_dir_make_tmp ("arc-editor-XXXXXX", NULL);
  challenges = g_build_filename (f.dir, "x_challenges.json", NULL);
  solutions = g_build_filename (f.dir, "x_solutions.json", NULL);
  g_assert_true (g_file_set_contents (challenges, KAGGLE_A KAGGLE_B KAGGLE_C, -1, NULL));
  g_assert_true (g_file_set_contents (solutions, solutions_text, -1, NULL));
  file = g_file_new_for_path (challenges);
  f.window = g_object_new (ARC_TYPE_WINDOW, NULL);
  gtk_window_set_default_size (GTK_WINDOW (f.window), 1280, 800);
  gtk_window_present (GTK_WINDOW (f.window));
  g_signal_connect (editor_of (f.window), "toast", G_CALLBACK (toast_cb), toasts);
  g_assert_true (arc_window_open (f.window, file));
  wait_for (list_idle, f.window, "the file to be listed");
  g_assert_true (arc_window_select_task (f.window, "bbbb0002"));
  wait_for (entry_is, &f, "bbbb0002 to be shown");
  focus_window (f.window);
  start_editing (&f);
  press ("2");
  click_output_cell (&f, 0, 0);  /* train 1 input */
  click_slot (&f, ARC_SLOT_TEST_OUTPUT, 0);
  press ("4");
  click_output_cell (&f, 0, 0);

  g_assert_cmpint (g_chmod (solutions, 0444), ==, 0);
  assert_not_saved (solutions, "read-only", "Save As", "The edits are kept here", NULL);
  g_assert_cmpint (g_chmod (solutions, 0644), ==, 0);
  for (guint nth = 1; nth <= 6; nth++)  /* each file's write and sync, the journal's */
    {
      focus_window (f.window);
      arc_file_set_write_fault (ENOSPC, nth, 0);
      assert_not_saved ("the disk is full", "The edits are kept here", NULL);
      g_assert_true (g_file_get_contents (challenges, &text, NULL, NULL));
      g_assert_cmpstr (text, ==, KAGGLE_A KAGGLE_B KAGGLE_C);
      g_clear_pointer (&text, g_free);
      g_assert_true (g_file_get_contents (solutions, &text, NULL, NULL));
      g_assert_cmpstr (text, ==, solutions_text);
      g_clear_pointer (&text, g_free);
      assert_only_files (f.dir, names);
    }
  arc_file_set_write_fault (0, 0, 0);
  focus_window (f.window);
  assert_saved (&f);
  g_assert_true (entry_is (&f));
  g_assert_true (g_file_get_contents (challenges, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, KAGGLE_A " \"bbbb0002\": {\"train\": [{\"input\": [[2]], \"output\": [[5]]}], "
                             "\"test\": [{\"input\": [[6]]}]}" KAGGLE_C);
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (solutions, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "{\"aaaa0001\": [[[1]]], \"bbbb0002\": [[[4]]], \"cccc0003\": [[[9]]]}");
  assert_only_files (f.dir, names);
  assert_no_blame (toasts);
  fixture_close (&f);
}

/* A task file only its owner may read stays so after a save; a task file
 * that is a symbolic link stays a link, and the file it points to holds
 * the save */
static void
test_save_keeps_mode_and_link (void)
{
  Fixture f = { 0 };
  g_autofree char *shared = NULL;
  g_autofree char *target = NULL;
  g_autofree char *link = NULL;
  g_autofree char *text = NULL;
  g_autofree char *pointed = NULL;
  GStatBuf st;

  if (!can_send_input ())
    return;
  shared = g_dir_make_tmp ("arc-editor-shared-XXXXXX", NULL);
  target = g_build_filename (shared, "real.json", NULL);
  g_assert_true (g_file_set_contents (target, TASK_B, -1, NULL));
  fixture_open (&f);
  link = g_build_filename (f.dir, "cccc0003.json", NULL);
  g_assert_cmpint (symlink (target, link), ==, 0);
  g_assert_cmpint (g_chmod (f.path_a, 0600), ==, 0);

  start_editing (&f);
  gtk_widget_grab_focus (arc_solve_view_get_output_view (solve_view (&f)));
  press ("7");
  click_output_cell (&f, 0, 0);
  wait_for (is_modified, &f, "an edit");
  assert_saved (&f);
  g_assert_cmpint (g_stat (f.path_a, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_assert_true (g_file_get_contents (f.path_a, &text, NULL, NULL));
  g_assert_true (g_str_has_prefix (text, "{\"train\": [{\"input\": [[7, 0], [0, 0]]"));

  g_assert_true (arc_window_select_task (f.window, "cccc0003"));
  pump (300);
  g_assert_cmpstr (arc_entry_get_id (selected_entry (f.window)), ==, "cccc0003");
  focus_window (f.window);
  wait_for (editing, &f, "Edit Task on cccc0003");
  gtk_widget_grab_focus (arc_solve_view_get_output_view (solve_view (&f)));
  press ("3");
  click_output_cell (&f, 0, 0);
  wait_for (is_modified, &f, "an edit");
  assert_saved (&f);
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  pointed = g_file_read_link (link, NULL);
  g_assert_cmpstr (pointed, ==, target);
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (target, &text, NULL, NULL));
  g_assert_cmpstr (text, !=, TASK_B);
  g_assert_nonnull (strstr (text, "[[3]]"));
  fixture_close (&f);
  remove_tree (shared);
}

int
main (int argc, char *argv[])
{
  g_autofree char *data_home = g_dir_make_tmp ("arc-data-XXXXXX", NULL);

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/arc/task-editor/edit-and-save", test_edit_and_save);
  g_test_add_func ("/arc/task-editor/unsaved-question", test_unsaved_question);
  g_test_add_func ("/arc/task-editor/new-task", test_new_task);
  g_test_add_func ("/arc/task-editor/external-change", test_external_change);
  g_test_add_func ("/arc/task-editor/drag-and-test-outputs", test_drag_to_reorder);
  g_test_add_func ("/arc/task-editor/duplicate-and-resize", test_duplicate_and_resize);
  g_test_add_func ("/arc/task-editor/kaggle-in-place", test_kaggle_in_place);
  g_test_add_func ("/arc/task-editor/attempts-of-earlier-version", test_attempts_of_earlier_version);
  g_test_add_func ("/arc/task-editor/create-and-solve", test_create_and_solve);
  g_test_add_func ("/arc/task-editor/grid-list", test_grid_list);
  g_test_add_func ("/arc/task-editor/grid-list-scrolls", test_grid_list_scrolls);
  g_test_add_func ("/arc/task-editor/keys-from-the-list", test_keys_from_the_list);
  g_test_add_func ("/arc/task-editor/rule-warnings-while-editing", test_rule_warnings_while_editing);
  g_test_add_func ("/arc/task-editor/save-full-disk", test_save_full_disk);
  g_test_add_func ("/arc/task-editor/kaggle-save-faults", test_kaggle_save_faults);
  g_test_add_func ("/arc/task-editor/save-keeps-mode-and-link", test_save_keeps_mode_and_link);

  return g_test_run ();
}

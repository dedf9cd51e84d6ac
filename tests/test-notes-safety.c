/* test-notes-safety.c: nothing typed in the notes is lost or changed behind
 * the user's back, in the window, with real input: a full disk is said in
 * the notes pane and, while it is hidden, in a toast naming the file, and
 * saving resumes by itself; the same notes changed by another program while
 * typed keep both versions and say so, and typing goes on where it was; LARC imported from the main menu
 * while a task is shown brings back no deleted text and makes no record of
 * its own; two windows submitting on one task share its trials
 *
 * The input is real: key presses and clicks sent to the X server (Xvfb) with
 * xdotool, read by GDK like any other. Runs under Xvfb and a session bus.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <errno.h>
#include <string.h>

#include "gui-input.h"
#include "gui-test-util.h"

#define SEPARATOR "——— Both versions kept: yours above, the other below ———"

static const char flip_task[] =
  "{\"train\": [{\"input\": [[1, 0]], \"output\": [[0, 1]]}],"
  " \"test\": [{\"input\": [[1, 2]], \"output\": [[2, 1]]}]}";

static char *
text_of (GtkTextView *view)
{
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (gtk_text_view_get_buffer (view), &start, &end);
  return gtk_text_buffer_get_text (gtk_text_view_get_buffer (view), &start, &end, FALSE);
}

/* The window closed, its notes written, and its folder removed */
static void
close_and_remove (ArcWindow  *window,
                  const char *dir)
{
  gtk_window_destroy (GTK_WINDOW (window));
  pump (300);
  remove_tree (dir);
}

static gboolean
view_reads (gpointer data)
{
  gpointer *args = data;
  g_autofree char *text = text_of (args[0]);

  return g_str_equal (text, args[1]);
}

/* A window on a new folder with task1 (flip), showing it */
static ArcWindow *
open_task1 (char **dir_out)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-notes-safety-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "task1.json", NULL);
  g_autoptr(GFile) root = g_file_new_for_path (dir);
  ArcWindow *window;

  g_assert_true (g_file_set_contents (path, flip_task, -1, NULL));
  window = present_window (1280, 800);
  g_assert_true (arc_window_open (window, root));
  wait_for (list_idle, window, "the tasks to be listed");
  g_assert_true (arc_window_select_task (window, "task1"));
  settle_workspace (window);
  *dir_out = g_steal_pointer (&dir);
  return window;
}

static GtkTextView *
notes_view (ArcWindow *window)
{
  return GTK_TEXT_VIEW (find_buildable (window_child (window, "notes_pane"), "notes_view"));
}

static const char *
save_state (ArcWindow *window)
{
  return gtk_label_get_text (GTK_LABEL (find_buildable (window_child (window, "notes_pane"), "save_label")));
}

typedef struct
{
  ArcWindow  *window;
  const char *text;
} Says;

static gboolean
save_state_starts (gpointer data)
{
  Says *s = data;

  return g_str_has_prefix (save_state (s->window), s->text);
}

static gboolean
toast_says (gpointer data)
{
  Says *s = data;

  return find_label (GTK_WIDGET (s->window), s->text);
}

static gboolean
no_toast_says (gpointer data)
{
  return !toast_says (data);
}

/* The disk stays full: every write fails, until @data says it is not */
static gboolean
disk_full_cb (gpointer data)
{
  if (!*(gboolean *) data)
    return G_SOURCE_REMOVE;
  if (arc_file_get_write_calls () > 0)
    arc_file_set_write_fault (ENOSPC, 1, 0);
  return G_SOURCE_CONTINUE;
}

static gboolean
file_says (gpointer data)
{
  const char **args = data;

  return file_contains (args[0], args[1]);
}

/* Typed on a full disk: the pane says the disk is full, which file, and
 * that the notes are kept; with the pane put away, a toast says it; once
 * there is room the notes are saved by themselves and both messages go */
static void
test_disk_full (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *sidecar = NULL;
  gboolean full = TRUE;
  ArcWindow *window;
  GtkTextView *view;
  Says toast;

  if (!can_send_input ())
    return;
  window = open_task1 (&dir);
  sidecar = g_build_filename (dir, "task1.arcnotes", NULL);
  toast = (Says) { window, "Disk full: notes kept in memory, not saved in task1.arcnotes" };
  /* (tried again every half second here, every five in the app) */
  arc_task_notes_set_delays (shown_notes (window), ARC_TASK_NOTES_SAVE_DELAY_MS, 500);
  view = notes_view (window);
  focus_window (window);
  click (GTK_WIDGET (view));
  arc_file_set_write_fault (ENOSPC, 1, 0);
  g_timeout_add (10, disk_full_cb, &full);
  xdotool ("type", "--delay", "5", "written on a full disk", NULL);
  {
    Says s = { window, "Not saved (trying again): The disk is full: " };

    wait_for (save_state_starts, &s, "the pane to say the disk is full");
  }
  g_test_message ("%s", save_state (window));
  g_assert_nonnull (strstr (save_state (window), sidecar));
  g_assert_nonnull (strstr (save_state (window), "kept in memory"));
  g_assert_false (g_file_test (sidecar, G_FILE_TEST_EXISTS));
  g_assert_false (toast_says (&toast));  /* the pane says it */

  /* The pane put away: a toast */
  press ("F9");
  g_assert_false (notes_revealed (window));
  wait_for (toast_says, &toast, "the toast to say the disk is full");

  /* Room again */
  full = FALSE;
  arc_file_set_write_fault (0, 0, 0);
  {
    const char *args[] = { sidecar, "\"notes\" : \"written on a full disk\"" };

    wait_for (file_says, (gpointer) args, "the notes to be saved once there is room");
  }
  wait_for (no_toast_says, &toast, "the toast to go");
  press ("F9");
  {
    Says s = { window, "All changes saved" };

    wait_for (save_state_starts, &s, "the pane to say the notes are saved");
  }
  close_and_remove (window, dir);
}

static gboolean
notice_starts (gpointer data)
{
  Says *s = data;
  const char *notice = arc_notes_pane_get_notice (WIN_CHILD (s->window, ARC_NOTES_PANE, "notes_pane"));

  return notice && strstr (notice, s->text);
}

static void
assert_no_phantom (const char *path)
{
  g_assert_false (file_contains (path, "changed on disk"));
}

/* Notes typed, not saved yet, while another program writes the same notes:
 * both versions are in the field, ours first, and the pane says so */
static void
test_conflict_notice (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *sidecar = NULL;
  g_autofree char *text = NULL;
  ArcWindow *window;
  GtkTextView *view;

  if (!can_send_input ())
    return;
  window = open_task1 (&dir);
  sidecar = g_build_filename (dir, "task1.arcnotes", NULL);
  arc_task_notes_set_delays (shown_notes (window), 60000, 500);
  view = notes_view (window);
  focus_window (window);
  click (GTK_WIDGET (view));
  xdotool ("type", "--delay", "5", "mine", NULL);
  pump (200);
  g_assert_true (arc_task_notes_get_modified (shown_notes (window)));
  {
    g_autoptr(GFile) file = g_file_new_for_path (sidecar);
    g_autoptr(ArcNotes) other = arc_notes_new (file);
    ArcAnnotation *a = arc_notes_ensure (other, "task1", arc_task_notes_get_annotator (shown_notes (window)));

    g_free (a->notes);
    a->notes = g_strdup ("theirs");
    g_assert_true (arc_notes_save (other, TRUE, NULL));
  }
  {
    Says s = { window, "Notes. Both versions are kept" };

    wait_for (notice_starts, &s, "the pane to say both versions are kept");
  }
  {
    const char *args[] = { sidecar, "\"notes\" : \"mine\\n" };

    wait_for (file_says, (gpointer) args, "both versions to be saved");
  }
  text = text_of (view);
  g_assert_cmpstr (text, ==, "mine\n" SEPARATOR "\ntheirs");
  /* Typing goes on where it was: the cursor stayed in the text typed */
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (view)));
  xdotool ("type", "--delay", "5", " too", NULL);
  {
    gpointer args[] = { view, "mine too\n" SEPARATOR "\ntheirs" };

    wait_for (view_reads, args, "the typing to go on after “mine”");
  }
  assert_no_phantom (sidecar);
  close_and_remove (window, dir);
}

static GtkWidget *
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (w, type) && gtk_widget_get_mapped (GTK_WIDGET (w)))
        return GTK_WIDGET (w);
    }
  return NULL;
}

static gboolean
chooser_shown (gpointer data)
{
  return find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG) != NULL;
}

static gboolean
import_done (gpointer data)
{
  return find_label_containing (GTK_WIDGET (data), "Imported ");
}

static gboolean
notes_saved (gpointer data)
{
  ArcTaskNotes *notes = shown_notes (data);

  return !arc_task_notes_get_modified (notes) && !arc_task_notes_get_saving (notes);
}

/* Import LARC Descriptions… from the main menu and the file chooser while
 * the task is shown, a sentence just deleted from its notes and not saved
 * yet: the import's descriptions and the deletion are both in the file, the
 * pane shows no error, and no record is made for the user */
static void
test_larc_import_while_shown (void)
{
  g_autofree char *larc_dir = g_build_filename (g_getenv ("ARC_SHARED_DATA"), "larc", "tasks_json", NULL);
  g_autofree char *arc_dir = g_build_filename (g_getenv ("ARC_SHARED_DATA"), "arc-agi-1", "training", NULL);
  g_autofree char *dir = g_dir_make_tmp ("arc-notes-safety-XXXXXX", NULL);
  g_autofree char *id = NULL;
  g_autofree char *sidecar = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GFile) root = g_file_new_for_path (dir);
  GtkWidget *item, *chooser;
  ArcWindow *window;
  GtkTextView *view;

  if (!can_send_input ())
    return;
  if (!g_file_test (larc_dir, G_FILE_TEST_IS_DIR) || !g_file_test (arc_dir, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("../shared/data (LARC and ARC-AGI-1) is not here");
      return;
    }
  /* The task LARC's first file describes */
  {
    g_autofree char *first = g_build_filename (larc_dir, "0.json", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (first);
    g_autofree char *name = NULL;
    g_autofree char *from = NULL;
    g_autofree char *to = NULL;
    g_autofree char *data = NULL;

    id = arc_collection_peek_larc_id (file);
    name = g_strdup_printf ("%s.json", id);
    from = g_build_filename (arc_dir, name, NULL);
    to = g_build_filename (dir, name, NULL);
    g_assert_true (g_file_get_contents (from, &data, NULL, NULL));
    g_assert_true (g_file_set_contents (to, data, -1, NULL));
    sidecar = g_strdup_printf ("%s/%s.arcnotes", dir, id);
  }
  window = present_window (1280, 800);
  g_assert_true (arc_window_open (window, root));
  wait_for (list_idle, window, "the task to be listed");
  g_assert_true (arc_window_select_task (window, id));
  settle_workspace (window);

  /* Two sentences typed and saved, then the second deleted */
  arc_task_notes_set_delays (shown_notes (window), 100, 500);
  view = notes_view (window);
  focus_window (window);
  click (GTK_WIDGET (view));
  xdotool ("type", "--delay", "5", "Keep this. Drop this.", NULL);
  {
    const char *args[] = { sidecar, "\"notes\" : \"Keep this. Drop this.\"" };

    wait_for (file_says, (gpointer) args, "the notes to be saved");
  }
  wait_for (notes_saved, window, "the notes to be saved");
  arc_task_notes_set_delays (shown_notes (window), 60000, 500);
  for (guint i = 0; i < strlen (" Drop this."); i++)
    press ("BackSpace");
  pump (100);
  g_assert_true (arc_task_notes_get_modified (shown_notes (window)));

  /* Main menu → Import LARC Descriptions…, the folder typed in the chooser */
  press ("F10");
  pump (300);
  item = find_label_widget (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (find_primary_menu (GTK_WIDGET (window))))),
                            "Import LARC Descriptions…");
  g_assert_nonnull (item);
  click (item);
  wait_for (chooser_shown, NULL, "the file chooser");
  chooser = find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
  focus_window (chooser);
  press ("ctrl+l");
  xdotool ("type", "--delay", "5", larc_dir, NULL);
  pump (300);
  press ("Return");
  wait_for (import_done, window, "the import to end");
  wait_for (notes_saved, window, "the notes to be saved");

  /* No error, the deletion kept, LARC's records in, none made for the user */
  g_assert_false (g_str_has_prefix (save_state (window), "Not saved"));
  {
    const char *notice = arc_notes_pane_get_notice (WIN_CHILD (window, ARC_NOTES_PANE, "notes_pane"));

    g_test_message ("notice: %s", notice ? notice : "(none)");
    g_assert_true (notice == NULL || strstr (notice, "end of data") == NULL);
  }
  text = text_of (view);
  g_assert_cmpstr (text, ==, "Keep this.");
  g_assert_false (file_contains (sidecar, "Drop this"));
  g_assert_true (file_contains (sidecar, "\"notes\" : \"Keep this.\""));
  g_assert_true (file_contains (sidecar, "\"larc:"));
  assert_no_phantom (sidecar);
  {
    g_autoptr(GFile) file = g_file_new_for_path (sidecar);
    g_autoptr(ArcNotes) notes = arc_notes_new (file);
    g_auto(GStrv) names = NULL;
    guint own = 0;

    g_assert_true (arc_notes_load (notes, NULL));
    names = arc_notes_dup_annotators (notes, id);
    for (guint i = 0; names[i]; i++)
      own += !g_str_has_prefix (names[i], ARC_LARC_PREFIX);
    g_assert_cmpuint (own, ==, 1);
  }
  close_and_remove (window, dir);
}

static void
paint_cell (ArcWindow *window,
            int        row,
            int        col,
            int        colour)
{
  ArcSolveView *view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  GtkWidget *grid = arc_solve_view_get_output_view (view);
  g_autofree char *key = g_strdup_printf ("%d", colour);
  double x, y;

  press ("d");
  press (key);
  g_assert_true (arc_grid_view_cell_centre (ARC_GRID_VIEW (grid), row, col, &x, &y));
  click_at (grid, x, y);
}

static ArcSolve *
workspace_of (ArcWindow *window)
{
  return arc_solve_view_get_solve (WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view"));
}

typedef struct
{
  ArcWindow *window;
  guint      left;
} Left;

static gboolean
trials_left_are (gpointer data)
{
  Left *l = data;

  return arc_solve_get_trials_left (workspace_of (l->window), 0) == l->left;
}

static void
submit_in (ArcWindow *window)
{
  focus_window (window);
  gtk_widget_grab_focus (arc_solve_view_get_output_view (WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view")));
  pump (50);
  press ("ctrl+Return");
}

/* Two windows on one folder show the same task, with two trials: what one
 * submits counts in the other's workspace, and a third answer is practice */
static void
test_two_windows_trials (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *dir = NULL;
  g_autofree char *sidecar = NULL;
  g_autoptr(GFile) root = NULL;
  ArcWindow *a, *b;

  if (!can_send_input ())
    return;
  g_settings_set_int (settings, "trials", 2);
  a = open_task1 (&dir);
  root = g_file_new_for_path (dir);
  sidecar = g_build_filename (dir, "task1.arcnotes", NULL);
  b = present_window (1000, 700);
  g_assert_true (arc_window_open (b, root));
  wait_for (list_idle, b, "the second window's list");
  g_assert_true (arc_window_select_task (b, "task1"));
  settle_workspace (b);

  submit_in (a);
  g_assert_cmpuint (arc_solve_get_trials_left (workspace_of (a), 0), ==, 1);
  {
    Left l = { b, 1 };

    wait_for (trials_left_are, &l, "the other window to count the attempt");
  }
  focus_window (b);
  gtk_widget_grab_focus (arc_solve_view_get_output_view (WIN_CHILD (b, ARC_SOLVE_VIEW, "solve_view")));
  paint_cell (b, 0, 0, 7);
  submit_in (b);
  g_assert_cmpuint (arc_solve_get_trials_left (workspace_of (b), 0), ==, 0);
  {
    Left l = { a, 0 };

    wait_for (trials_left_are, &l, "the first window to count the other's attempt");
  }
  g_assert_cmpint (arc_solve_get_state (workspace_of (a), 0), ==, ARC_TEST_FAILED);
  focus_window (a);
  gtk_widget_grab_focus (arc_solve_view_get_output_view (WIN_CHILD (a, ARC_SOLVE_VIEW, "solve_view")));
  paint_cell (a, 0, 1, 5);
  submit_in (a);
  wait_for (notes_saved, a, "the third attempt to be saved");
  wait_for (notes_saved, b, "the other window's notes to be saved");
  {
    g_autoptr(GFile) file = g_file_new_for_path (sidecar);
    g_autoptr(ArcNotes) notes = arc_notes_new (file);
    ArcAnnotation *own;
    guint counted = 0;

    g_assert_true (arc_notes_load (notes, NULL));
    own = arc_notes_get (notes, "task1", arc_task_notes_get_annotator (shown_notes (a)));
    g_assert_nonnull (own);
    g_assert_cmpuint (own->attempts->len, ==, 3);
    for (guint i = 0; i < own->attempts->len; i++)
      counted += ((ArcAttempt *) own->attempts->pdata[i])->counts;
    g_assert_cmpuint (counted, ==, 2);
  }
  assert_no_phantom (sidecar);
  gtk_window_destroy (GTK_WINDOW (b));
  close_and_remove (a, dir);
  g_settings_reset (settings, "trials");
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("arc-data-XXXXXX", NULL);

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("GDK_BACKEND", "x11", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/arc/notes-safety/disk-full", test_disk_full);
  g_test_add_func ("/arc/notes-safety/conflict-notice", test_conflict_notice);
  g_test_add_func ("/arc/notes-safety/larc-import-while-shown", test_larc_import_while_shown);
  g_test_add_func ("/arc/notes-safety/two-windows-trials", test_two_windows_trials);
  return g_test_run ();
}

/* test-window.c: the main window: opening, listing, searching, filtering,
 * navigating, preferences, and a folder that changes while open
 *
 * Runs under Xvfb and a session bus (see README).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "arc-grid-view.h"
#include "arc-preferences-window.h"
#include "arc-replay-window.h"
#include "arc-alert.h"
#include "gui-input.h"
#include "gui-test-util.h"

static ArcWindow *
new_window (void)
{
  return present_window (1000, 700);
}

static ArcWindow *
open_fixture (const char *path)
{
  return open_in_window (path, 1000, 700);
}

static void
test_lists_samples (void)
{
  ArcWindow *window = new_window ();

  arc_window_open_samples (window);
  wait_for (list_idle, window, "the samples");
  g_assert_cmpuint (n_shown (window), >=, 12);
  g_assert_cmpstr (adw_window_title_get_title (WIN_CHILD (window, ADW_WINDOW_TITLE, "window_title")), ==, "Sample Tasks");
  /* The first task is selected and shown, and the list shows rows */
  g_assert_cmpstr (gtk_stack_get_visible_child_name (WIN_CHILD (window, GTK_STACK, "main_stack")), ==, "task");
  g_assert_cmpstr (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "task_title")), ==,
                   arc_entry_get_id (selected_entry (window)));
  g_assert_true (find_label (window_child (window, "task_list"), "gravity"));
  g_assert_true (find_label (window_child (window, "task_list"), "physics"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_folder_and_invalid (void)
{
  g_autofree char *path = collection_fixture_path ();
  ArcWindow *window = open_fixture (path);
  GtkLabel *title = WIN_CHILD (window, GTK_LABEL, "task_title");

  g_assert_cmpuint (n_shown (window), ==, 9);
  g_assert_cmpstr (gtk_label_get_text (title), ==, "e1");
  g_assert_cmpstr (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "status_label")), ==, "collection — task 1 of 9");
  /* Files that are not tasks are counted and listed */
  g_assert_true (find_label (window_child (window, "task_list"), "3 files are not tasks"));

  /* Both invalid tasks were found by the background check */
  g_assert_cmpuint (arc_collection_status_get_n_invalid (arc_task_list_get_status (WIN_CHILD (window, ARC_TASK_LIST, "task_list"))), ==, 2);
  g_assert_cmpstr (adw_window_title_get_subtitle (WIN_CHILD (window, ADW_WINDOW_TITLE, "window_title")), ==,
                   /* ada's and bob's notes are theirs, not the user's progress */
                   "9 tasks · 2 invalid · described by others 2 · solved by others 1 of 1");

  /* Keyboard navigation: Alt+Right, Alt+Left */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-task", NULL);
  g_assert_cmpstr (gtk_label_get_text (title), ==, "t1");
  g_assert_cmpstr (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "status_label")), ==, "collection — task 2 of 9");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-task", NULL);
  g_assert_cmpstr (gtk_label_get_text (title), ==, "e1");

  /* An invalid task shows its error and its file */
  g_assert_true (arc_window_select_task (window, "broken"));
  pump (50);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (WIN_CHILD (window, GTK_STACK, "main_stack")), ==, "invalid");
  g_assert_cmpstr (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "invalid_details")), ==, "train[0].input[0][1]: value 12 is outside 0..9");
  g_assert_true (g_str_has_suffix (adw_status_page_get_description (WIN_CHILD (window, ADW_STATUS_PAGE, "invalid_page")), "training/broken.json"));

  /* A path that does not exist leaves the collection as it was */
  {
    g_autoptr(GFile) missing = g_file_new_for_path ("/nonexistent/arc");
    g_assert_false (arc_window_open (window, missing));
    g_assert_cmpuint (n_shown (window), ==, 9);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A path that does not exist, with no collection open (given on the
 * command line): a page that says no collection is open, and a toast that
 * says what is wrong, not a page about a collection with no task files */
static void
test_missing_path (void)
{
  ArcWindow *window = new_window ();
  g_autoptr(GFile) missing = g_file_new_for_path ("/nonexistent/arc-tasks");

  g_assert_false (arc_window_open (window, missing));
  pump (300);
  g_assert_cmpstr (adw_status_page_get_title (WIN_CHILD (window, ADW_STATUS_PAGE, "empty_page")), ==, "No Collection Open");
  g_assert_true (find_label_containing (GTK_WIDGET (window), "/nonexistent/arc-tasks: no such file or folder"));
  g_assert_false (find_label_containing (GTK_WIDGET (window), "no task files"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_search_and_filters (void)
{
  g_autofree char *path = collection_fixture_path ();
  ArcWindow *window = open_fixture (path);
  ArcTaskList *list = WIN_CHILD (window, ARC_TASK_LIST, "task_list");
  CountWait w;

  /* Typing in the search box filters by id as you type */
  arc_task_list_set_search (list, "TASK_");
  w = (CountWait) { window, 2 };
  wait_for (count_is, &w, "the search to filter");
  g_assert_true (find_label (GTK_WIDGET (list), "task_2"));
  g_assert_false (find_label (GTK_WIDGET (list), "a1"));
  arc_task_list_set_search (list, "nothing-like-this");
  w = (CountWait) { window, 0 };
  wait_for (count_is, &w, "the search to filter");
  g_assert_true (find_label (GTK_WIDGET (list), "No tasks match “nothing-like-this”"));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (WIN_CHILD (window, GTK_STACK, "main_stack")), ==, "empty");
  arc_task_list_set_search (list, "");
  w = (CountWait) { window, 9 };
  wait_for (count_is, &w, "the search to be cleared");

  /* By status */
  arc_task_list_set_status_filter (list, ARC_STATUS_FILTER_INVALID);
  pump (50);
  g_assert_cmpuint (n_shown (window), ==, 2);
  arc_task_list_set_status_filter (list, ARC_STATUS_FILTER_VALID);
  pump (50);
  g_assert_cmpuint (n_shown (window), ==, 7);
  arc_task_list_set_status_filter (list, ARC_STATUS_FILTER_ALL);

  /* By group */
  arc_task_list_set_group_filter (list, "training");
  pump (50);
  g_assert_cmpuint (n_shown (window), ==, 4);
  arc_task_list_set_group_filter (list, "kaggle/training");
  pump (50);
  g_assert_cmpuint (n_shown (window), ==, 3);
  arc_task_list_set_group_filter (list, NULL);
  pump (50);
  g_assert_cmpuint (n_shown (window), ==, 9);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
has_dialog (gpointer data)
{
  *(GtkWidget **) data = arc_alert_find ();
  return *(GtkWidget **) data != NULL;
}

static gboolean
title_is_k2 (gpointer window)
{
  return g_str_equal (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "task_title")), "k2");
}

static void
test_go_to_task (void)
{
  g_autofree char *path = collection_fixture_path ();
  ArcWindow *window = open_fixture (path);
  GtkWidget *dialog = NULL;
  GtkEditable *entry;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-to-task", NULL);
  wait_for (has_dialog, &dialog, "the Go to Task dialog");
  entry = GTK_EDITABLE (arc_alert_get_extra_child (dialog));
  gtk_editable_set_text (entry, "kaggle/training/k2");
  g_signal_emit_by_name (entry, "activate");
  wait_for (title_is_k2, window, "k2 shown");  /* AdwAlertDialog answers once it has closed */
  g_assert_cmpstr (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "task_title")), ==, "k2");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_preferences_persist (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  GtkWidget *prefs = arc_preferences_window_new (NULL, settings);
  GtkWidget *digits_row_switch = NULL;

  gtk_window_present (GTK_WINDOW (prefs));
  pump (100);
  /* Through the widgets, as a user would */
  digits_row_switch = g_object_get_data (G_OBJECT (prefs), "arc-digits-switch");
  g_assert_nonnull (digits_row_switch);
  gtk_switch_set_active (GTK_SWITCH (digits_row_switch), TRUE);
  g_assert_true (g_settings_get_boolean (settings, "show-digits"));
  adw_combo_row_set_selected (g_object_get_data (G_OBJECT (prefs), "arc-trials-row"), 1);
  g_assert_cmpint (g_settings_get_int (settings, "trials"), ==, 3);
  adw_combo_row_set_selected (g_object_get_data (G_OBJECT (prefs), "arc-palette-row"), 2);
  {
    g_autofree char *palette = g_settings_get_string (settings, "palette");
    g_assert_cmpstr (palette, ==, "high-contrast");
  }
  gtk_window_destroy (GTK_WINDOW (prefs));

  /* A new window shows what was chosen */
  prefs = arc_preferences_window_new (NULL, settings);
  g_assert_true (gtk_switch_get_active (g_object_get_data (G_OBJECT (prefs), "arc-digits-switch")));
  g_assert_cmpuint (adw_combo_row_get_selected (g_object_get_data (G_OBJECT (prefs), "arc-trials-row")), ==, 1);
  gtk_window_destroy (GTK_WINDOW (prefs));
  g_settings_reset (settings, "show-digits");
  g_settings_reset (settings, "trials");
  g_settings_reset (settings, "palette");
}

/* The wheel over the time limit (a spin button) and the trials (a combo
 * row) scrolls the page of Preferences and changes neither, until the
 * user clicks into the time limit: then it changes it */
static void
test_preferences_wheel (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  GtkWidget *prefs, *spin, *trials;
  GtkAdjustment *adj;
  double before;

  if (!can_send_input ())
    return;
  prefs = arc_preferences_window_new (NULL, settings);
  gtk_window_set_default_size (GTK_WINDOW (prefs), 480, 320);
  gtk_window_present (GTK_WINDOW (prefs));
  pump (300);
  spin = g_object_get_data (G_OBJECT (prefs), "arc-timeout-spin");
  trials = g_object_get_data (G_OBJECT (prefs), "arc-trials-row");
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (spin, GTK_TYPE_SCROLLED_WINDOW)));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj), >, 100);
  focus_window (prefs);
  g_assert_null (gtk_widget_get_focus_child (spin));

  scroll_to (trials, 0);
  before = gtk_adjustment_get_value (adj);
  wheel_at (trials, 40, gtk_widget_get_height (trials) / 2.0, 1);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (trials)), ==, 0);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), >, before);

  gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));  /* the spin button at the end */
  pump (150);
  before = gtk_adjustment_get_value (adj);
  wheel_at (spin, 10, gtk_widget_get_height (spin) / 2.0, -1);
  g_assert_cmpint (g_settings_get_int (settings, "program-timeout"), ==, 10);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), <, before);

  gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));
  pump (150);
  click_at (spin, 10, gtk_widget_get_height (spin) / 2.0);
  g_assert_nonnull (gtk_widget_get_focus_child (spin));
  before = gtk_adjustment_get_value (adj);
  wheel_at (spin, 10, gtk_widget_get_height (spin) / 2.0, -2);
  g_assert_cmpint (g_settings_get_int (settings, "program-timeout"), ==, 12);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, before);
  gtk_window_destroy (GTK_WINDOW (prefs));
  g_settings_reset (settings, "program-timeout");
}

static void
copy_tree (const char *from, const char *to)
{
  g_autoptr(GDir) dir = g_dir_open (from, 0, NULL);
  const char *name;

  g_assert_cmpint (g_mkdir_with_parents (to, 0700), ==, 0);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *src = g_build_filename (from, name, NULL);
      g_autofree char *dst = g_build_filename (to, name, NULL);

      if (g_file_test (src, G_FILE_TEST_IS_DIR))
        copy_tree (src, dst);
      else
        {
          g_autofree char *contents = NULL;
          gsize len;

          g_assert_true (g_file_get_contents (src, &contents, &len, NULL));
          g_assert_true (g_file_set_contents (dst, contents, (gssize) len, NULL));
        }
    }
}

static gboolean
title_is_invalid (gpointer data)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (WIN_CHILD (ARC_WINDOW (data), GTK_STACK, "main_stack")), "invalid") == 0;
}

static void
test_folder_changes (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-window-XXXXXX", NULL);
  g_autofree char *src = collection_fixture_path ();
  g_autofree char *dst = g_build_filename (tmp, "c", NULL);
  g_autofree char *added = g_build_filename (dst, "training", "new_task.json", NULL);
  g_autofree char *a1 = g_build_filename (dst, "training", "a1.json", NULL);
  ArcWindow *window;
  CountWait w;

  copy_tree (src, dst);
  window = open_fixture (dst);
  g_assert_cmpuint (n_shown (window), ==, 9);

  /* A file added to the folder appears */
  g_assert_true (g_file_set_contents (added, "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]]}]}", -1, NULL));
  w = (CountWait) { window, 10 };
  wait_for (count_is, &w, "the new task to appear");
  g_assert_true (find_label (window_child (window, "task_list"), "new_task"));

  /* A task changed on disk is read again */
  g_assert_true (arc_window_select_task (window, "a1"));
  pump (50);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (WIN_CHILD (window, GTK_STACK, "main_stack")), ==, "task");
  g_assert_true (g_file_set_contents (a1, "{\"train\": [[", -1, NULL));
  wait_for (title_is_invalid, window, "the changed task to show its error");

  /* A removed file vanishes */
  g_assert_cmpint (g_unlink (added), ==, 0);
  w = (CountWait) { window, 9 };
  wait_for (count_is, &w, "the removed task to vanish");
  g_assert_false (find_label (window_child (window, "task_list"), "new_task"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_cancel_listing (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-window-XXXXXX", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (tmp);
  ArcWindow *window;
  guint n;

  for (int i = 0; i < 3000; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s/t%04d.json", tmp, i);
      g_assert_true (g_file_set_contents (name, "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]]}]}", -1, NULL));
    }
  window = new_window ();
  g_assert_true (arc_window_open (window, file));
  /* Stop right away (Escape): what was listed stays, and the window works */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel", NULL);
  wait_for (list_idle, window, "listing to stop");
  n = n_shown (window);
  g_assert_cmpuint (n, <=, 3000);
  g_test_message ("%u of 3000 listed before stopping", n);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.open-samples", NULL);
  wait_for (list_idle, window, "the samples");
  g_assert_cmpuint (n_shown (window), >=, 12);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
listed (gpointer data)
{
  ArcCollection *collection = arc_task_list_get_collection (WIN_CHILD (ARC_WINDOW (data), ARC_TASK_LIST, "task_list"));
  return collection && !arc_collection_get_loading (collection);
}

/* The thumbnail in the row that shows @entry, if it has one yet */
static const ArcGrid *
row_thumbnail (GtkWidget *widget,
               ArcEntry  *entry,
               gboolean   in_row)
{
  in_row = in_row || (ARC_IS_TASK_ROW (widget) && arc_task_row_get_entry (ARC_TASK_ROW (widget)) == entry);
  if (in_row && ARC_IS_GRID_VIEW (widget))
    return arc_grid_view_get_grid (ARC_GRID_VIEW (widget));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      const ArcGrid *grid = row_thumbnail (child, entry, in_row);
      if (grid)
        return grid;
    }
  return NULL;
}

/* Whether the row that shows @entry shows a badge (an image) */
static gboolean
row_badge_shown (GtkWidget *widget,
                 ArcEntry  *entry,
                 gboolean   in_row)
{
  in_row = in_row || (ARC_IS_TASK_ROW (widget) && arc_task_row_get_entry (ARC_TASK_ROW (widget)) == entry);
  if (in_row && GTK_IS_IMAGE (widget) && gtk_widget_get_visible (widget))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if (row_badge_shown (child, entry, in_row))
      return TRUE;
  return FALSE;
}

typedef struct
{
  ArcWindow *window;
  ArcEntry  *entry;
} RowWait;

static gboolean
row_has_badge (gpointer data)
{
  RowWait *w = data;
  return row_badge_shown (window_child (w->window, "task_list"), w->entry, FALSE);
}

static gboolean
row_has_thumbnail (gpointer data)
{
  RowWait *w = data;
  return row_thumbnail (window_child (w->window, "task_list"), w->entry, FALSE) != NULL;
}

static gboolean
last_row_shown (gpointer data)
{
  return find_label (window_child (ARC_WINDOW (data), "task_list"), "zz_last");
}

/* Rows are never checked in the main thread: a row shown before the
 * background check got to its task (here: after it was stopped) gets its
 * thumbnail and badge from a worker. */
static void
test_rows_checked_when_shown (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-window-XXXXXX", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (tmp);
  ArcCollection *collection;
  ArcWindow *window;
  ArcTaskList *tasks;
  ArcEntry *last, *broken;
  const ArcGrid *grid;
  RowWait w;

  for (int i = 0; i < 3000; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s/t%04d.json", tmp, i);
      g_assert_true (g_file_set_contents (name, "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]]}]}", -1, NULL));
    }
  {
    g_autofree char *name = g_strdup_printf ("%s/zz_last.json", tmp);
    g_autofree char *bad = g_strdup_printf ("%s/zz_broken.json", tmp);
    g_assert_true (g_file_set_contents (name, "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[7, 7, 7], [7, 0, 7]]}]}", -1, NULL));
    g_assert_true (g_file_set_contents (bad, "{\"train\": [{\"input\": [[1]], \"output\": [[12]]}], \"test\": [{\"input\": [[7]]}]}", -1, NULL));
  }
  window = new_window ();
  tasks = WIN_CHILD (window, ARC_TASK_LIST, "task_list");
  g_assert_true (arc_window_open (window, file));
  /* Stop the check of the whole collection as soon as it starts (in the
   * main loop iteration that ends the listing, so that it cannot finish) */
  wait_until (listed, window, "the folder to be listed");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel", NULL);
  pump (200);  /* the window is drawn before the user goes to the end */
  collection = arc_task_list_get_collection (tasks);
  broken = arc_collection_get_entry (collection, 3000);
  last = arc_collection_get_entry (collection, 3001);
  g_assert_cmpstr (arc_entry_get_id (last), ==, "zz_last");
  g_assert_cmpstr (arc_entry_get_id (broken), ==, "zz_broken");
  if (arc_entry_get_status (broken) != ARC_ENTRY_UNKNOWN)
    g_test_message ("the background check got to the end before it was stopped");

  /* Shown by going to the end of the list (End): checked, drawn, marked */
  g_assert_true (arc_task_list_step (tasks, 3001));
  w = (RowWait) { window, broken };
  wait_for (row_has_badge, &w, "the broken task's row to be marked invalid");
  g_assert_cmpint (arc_entry_get_status (broken), ==, ARC_ENTRY_INVALID);
  g_assert_null (row_thumbnail (GTK_WIDGET (tasks), broken, FALSE));
  w = (RowWait) { window, last };
  wait_for (row_has_thumbnail, &w, "the last task's row to be checked");
  grid = row_thumbnail (GTK_WIDGET (tasks), last, FALSE);
  g_assert_cmpint (arc_grid_get_width (grid), ==, 3);
  g_assert_cmpint (arc_grid_get_height (grid), ==, 2);
  g_assert_cmpint (arc_grid_get (grid, 1, 1), ==, 0);
  /* Its row is scrolled into view (a frame or two later under a sanitizer) */
  wait_for (last_row_shown, window, "the last task's row to be shown");

  /* Filtering by status starts the stopped check again, and the list
   * fills in as it goes, without parsing in the main thread */
  {
    CountWait c = { window, 3001 };

    arc_task_list_set_status_filter (tasks, ARC_STATUS_FILTER_VALID);
    g_assert_true (arc_task_list_is_busy (tasks));
    wait_for (count_is, &c, "every valid task to come in");
    wait_for (list_idle, window, "the check to end");
    g_assert_cmpuint (arc_collection_status_get_n_invalid (arc_task_list_get_status (tasks)), ==, 1);
    arc_task_list_set_status_filter (tasks, ARC_STATUS_FILTER_INVALID);
    c = (CountWait) { window, 1 };
    wait_for (count_is, &c, "the invalid task alone");
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

typedef struct
{
  gboolean done;
  gboolean saved;
} SaveWait;

static void
save_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  SaveWait *w = user_data;

  w->saved = arc_task_notes_save_finish (ARC_TASK_NOTES (source), result, NULL);
  w->done = TRUE;
}

static gboolean
save_finished (gpointer data)
{
  return ((SaveWait *) data)->done;
}

/* Saves the shown notes now, and waits for the outcome */
static gboolean
save_now (ArcWindow *window)
{
  SaveWait w = { FALSE, FALSE };

  arc_task_notes_save_async (shown_notes (window), NULL, save_done_cb, &w);
  wait_until (save_finished, &w, "the save");
  return w.saved;
}

static void
test_notes_saved (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-window-XXXXXX", NULL);
  g_autofree char *src = collection_fixture_path ();
  g_autofree char *dst = g_build_filename (tmp, "c", NULL);
  g_autofree char *sidecar = g_build_filename (dst, "training", "a1.arcnotes", NULL);
  g_autofree char *text = NULL;
  ArcWindow *window;
  ArcTaskList *list;
  ArcNotesPane *pane;
  CountWait w;

  copy_tree (src, dst);
  window = open_fixture (dst);
  list = WIN_CHILD (window, ARC_TASK_LIST, "task_list");
  pane = WIN_CHILD (window, ARC_NOTES_PANE, "notes_pane");
  g_assert_true (arc_window_select_task (window, "a1"));
  pump (50);

  /* Typed into the pane: saved a moment later, without a Save button */
  arc_notes_pane_set_text (pane, "input", "a checkerboard of blue");
  arc_notes_pane_set_text (pane, "tags", "checkerboard, colour");
  g_assert_true (arc_task_notes_get_modified (shown_notes (window)));
  wait_file_contains (sidecar, "a checkerboard of blue");
  pump (50);
  g_assert_false (arc_task_notes_get_modified (shown_notes (window)));

  /* Switching tasks and back shows them again; the sidebar and summary know */
  arc_notes_pane_set_text (pane, "notes", "switching saves too");
  g_assert_true (arc_window_select_task (window, "task_2"));
  pump (50);
  wait_file_contains (sidecar, "switching saves too");
  pump (50);
  g_assert_true (arc_window_select_task (window, "a1"));
  pump (50);
  text = arc_notes_pane_get_text (pane, "input");
  g_assert_cmpstr (text, ==, "a checkerboard of blue");
  g_clear_pointer (&text, g_free);
  text = arc_notes_pane_get_text (pane, "tags");
  g_assert_cmpstr (text, ==, "checkerboard, colour");
  g_assert_cmpstr (adw_window_title_get_subtitle (WIN_CHILD (window, ADW_WINDOW_TITLE, "window_title")), ==,
                   /* the user's own; ada's and bob's shown as theirs */
                   "9 tasks · 2 invalid · 1 annotated · described by others 2 · solved by others 1 of 1");

  /* Searching finds tasks by what was written, and by tag */
  arc_task_list_set_search (list, "checkerboard of");
  w = (CountWait) { window, 1 };
  wait_for (count_is, &w, "a search of the notes");
  arc_task_list_set_search (list, "tag:mirror");
  w = (CountWait) { window, 1 };
  wait_for (count_is, &w, "a search by tag");
  g_assert_true (find_label (GTK_WIDGET (list), "task_2"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
pane_text_is (gpointer data)
{
  gpointer *args = data;
  g_autofree char *text = arc_notes_pane_get_text (WIN_CHILD (ARC_WINDOW (args[0]), ARC_NOTES_PANE, "notes_pane"), args[1]);

  return g_strcmp0 (text, args[2]) == 0;
}

static gboolean
pane_saved (gpointer data)
{
  ArcTaskNotes *notes = shown_notes (ARC_WINDOW (data));

  return !arc_task_notes_get_modified (notes) && !arc_task_notes_get_saving (notes);
}

static void
test_notes_disk_changes (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-window-XXXXXX", NULL);
  g_autofree char *src = collection_fixture_path ();
  g_autofree char *dst = g_build_filename (tmp, "c", NULL);
  g_autofree char *sidecar = g_build_filename (dst, "training", "a1.arcnotes", NULL);
  g_autofree char *annotator = NULL;
  g_autofree char *outside = NULL;
  ArcWindow *window;

  copy_tree (src, dst);
  window = open_fixture (dst);
  g_assert_true (arc_window_select_task (window, "a1"));
  pump (50);
  annotator = g_strdup (arc_task_notes_get_annotator (shown_notes (window)));

  /* Another program writes the notes: the pane reads them again */
  outside = g_strdup_printf ("{\"format\": \"arc-studio-notes\", \"version\": 1, \"tasks\": {\"a1\": "
                             "{\"annotators\": {\"%s\": {\"notes\": \"written by git pull\"}}}}}", annotator);
  g_assert_true (g_file_set_contents (sidecar, outside, -1, NULL));
  {
    gpointer args[] = { window, "notes", "written by git pull" };
    wait_for (pane_text_is, args, "the pane to read the changed file");
  }

  /* A save that fails (the file's place is taken by a folder) keeps the
   * edits, says so, and is tried again until it works */
  g_assert_cmpint (g_unlink (sidecar), ==, 0);
  pump (200);
  g_assert_cmpint (g_mkdir (sidecar, 0700), ==, 0);
  arc_notes_pane_set_text (WIN_CHILD (window, ARC_NOTES_PANE, "notes_pane"), "notes", "not lost");
  g_assert_false (save_now (window));
  g_assert_true (arc_task_notes_get_modified (shown_notes (window)));
  g_assert_cmpint (g_rmdir (sidecar), ==, 0);
  wait_for (pane_saved, window, "the retry to save");
  g_assert_true (file_contains (sidecar, "not lost"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static ArcReplayWindow *
find_replay_window (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);
      if (ARC_IS_REPLAY_WINDOW (window))
        return ARC_REPLAY_WINDOW (window);
    }
  return NULL;
}

static GtkWidget *
find_scale (GtkWidget *widget)
{
  if (GTK_IS_SCALE (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_scale (child);
      if (found)
        return found;
    }
  return NULL;
}

static void
assert_replay_grid (ArcReplayWindow *replay, const char *expected)
{
  g_autofree char *text = arc_grid_to_string (arc_replay_window_get_grid (replay));
  g_assert_cmpstr (text, ==, expected);
}

/* Puts a step that LARC recorded without a tool first in the trajectory
 * of the notes file @path: kept for LARC's export, never replayed */
static void
add_larc_only_step (const char *path)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) parts = NULL;
  g_autofree char *joined = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  parts = g_strsplit (text, "\"trajectory\" : [", 2);
  g_assert_nonnull (parts[1]);
  joined = g_strconcat (parts[0], "\"trajectory\" : [\n{ \"category\" : \"Other\", \"operation\" : \"Unknown\", "
                        "\"larc\" : { \"action\" : { \"symbol\" : \"4\" }, \"grid\" : [[4]], \"time\" : 0.5 } },",
                        parts[1], NULL);
  g_assert_true (g_file_set_contents (path, joined, -1, NULL));
}

/* The attempt of tests/fixtures/trajectories, stepped through with the
 * buttons' actions and the slider; a step LARC recorded without a tool is
 * not one of them */
static void
test_replay (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-window-XXXXXX", NULL);
  g_autofree char *src = g_build_filename (g_getenv ("ARC_FIXTURES_DIR"), "trajectories", NULL);
  g_autofree char *dst = g_build_filename (tmp, "t", NULL);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *start = NULL, *after_copy = NULL, *flipped = NULL;
  ArcReplayWindow *replay;
  ArcWindow *window;
  GtkRange *range;

  g_settings_set_string (settings, "annotator", "ada");
  copy_tree (src, dst);
  {
    g_autofree char *notes = g_build_filename (dst, "flip.arcnotes", NULL);
    add_larc_only_step (notes);
  }
  window = open_fixture (dst);
  g_assert_true (arc_window_select_task (window, "flip"));
  pump (50);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.replay", NULL));
  pump (100);
  replay = find_replay_window ();
  g_assert_nonnull (replay);
  g_assert_cmpuint (arc_replay_window_get_n_attempts (replay), ==, 1);
  g_assert_cmpuint (arc_replay_window_get_n_steps (replay), ==, 4);

  /* The start: the empty 2×2 grid before Copy from input */
  start = g_strdup ("[[0,0],[0,0]]");
  after_copy = g_strdup ("[[1,0],[0,2]]");
  flipped = g_strdup ("[[0,1],[2,0]]");
  g_assert_cmpuint (arc_replay_window_get_step (replay), ==, 0);
  assert_replay_grid (replay, start);

  gtk_widget_activate_action (GTK_WIDGET (replay), "replay.next", NULL);
  g_assert_cmpuint (arc_replay_window_get_step (replay), ==, 1);
  assert_replay_grid (replay, after_copy);
  g_assert_cmpstr (arc_replay_window_get_action_text (replay), ==, "Copy from input");

  gtk_widget_activate_action (GTK_WIDGET (replay), "replay.next", NULL);
  assert_replay_grid (replay, after_copy);
  g_assert_cmpstr (arc_replay_window_get_action_text (replay), ==,
                   "Select: row 1, column 1 · 2×2 cells from row 1, column 1");

  gtk_widget_activate_action (GTK_WIDGET (replay), "replay.next", NULL);
  assert_replay_grid (replay, flipped);
  g_assert_true (g_str_has_prefix (arc_replay_window_get_action_text (replay), "Flip"));
  g_assert_true (g_str_has_suffix (arc_replay_window_get_action_text (replay), "horizontally"));

  gtk_widget_activate_action (GTK_WIDGET (replay), "replay.last", NULL);
  g_assert_cmpuint (arc_replay_window_get_step (replay), ==, 4);
  assert_replay_grid (replay, flipped);
  g_assert_cmpstr (arc_replay_window_get_action_text (replay), ==, "Submit");
  gtk_widget_activate_action (GTK_WIDGET (replay), "replay.next", NULL);
  g_assert_cmpuint (arc_replay_window_get_step (replay), ==, 4);
  gtk_widget_activate_action (GTK_WIDGET (replay), "replay.previous", NULL);
  g_assert_cmpuint (arc_replay_window_get_step (replay), ==, 3);
  gtk_widget_activate_action (GTK_WIDGET (replay), "replay.first", NULL);
  g_assert_cmpuint (arc_replay_window_get_step (replay), ==, 0);
  assert_replay_grid (replay, start);

  /* The slider */
  range = GTK_RANGE (find_scale (GTK_WIDGET (replay)));
  g_assert_nonnull (range);
  gtk_range_set_value (range, 2);
  g_assert_cmpuint (arc_replay_window_get_step (replay), ==, 2);
  g_assert_true (g_str_has_prefix (arc_replay_window_get_action_text (replay), "Select:"));
  gtk_widget_activate_action (GTK_WIDGET (replay), "replay.next", NULL);
  g_assert_cmpfloat (gtk_range_get_value (range), ==, 3);

  gtk_window_destroy (GTK_WINDOW (replay));
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "annotator");
}

/* Counts the grid views under @widget that mark wrong cells against an answer */
static guint
count_grid_views (GtkWidget *widget)
{
  guint n = ARC_IS_GRID_VIEW (widget) && gtk_widget_get_mapped (widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    n += count_grid_views (child);
  return n;
}

/* The review's summary as the review panel of @window shows it, under
 * its heading; NULL without a review */
static const char *
review_summary (ArcWindow *window)
{
  if (!gtk_widget_get_visible (window_child (window, "review_panel")))
    return NULL;
  return gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "summary_label"));
}

static gboolean
is_305_title (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
         g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), "305 problems in the submission");
}

/* The Details button of the toast that says 305 problems */
static GtkWidget *
toast_details (ArcWindow *window)
{
  GtkWidget *title = find_widget_matching (GTK_WIDGET (window), is_305_title, NULL);
  GtkWidget *details;

  if (title == NULL)
    return NULL;
  for (GtkWidget *up = gtk_widget_get_parent (title); up; up = gtk_widget_get_parent (up))
    if ((details = find_label_widget (up, "Details")))
      return gtk_widget_get_ancestor (details, GTK_TYPE_BUTTON);
  return NULL;
}

static gboolean
toast_of_305 (gpointer window)
{
  return toast_details (window) != NULL;
}

/* A solver's submission reviewed against the open collection */
static void
test_review_submission (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("ARC_FIXTURES_DIR"), "collection", "training", NULL);
  g_autofree char *path = g_build_filename (g_getenv ("ARC_FIXTURES_DIR"), "submissions", "review.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) missing = g_file_new_for_path ("/nonexistent/submission.json");
  g_autoptr(GError) error = NULL;
  ArcWindow *window = open_fixture (dir);
  ArcTaskList *list = WIN_CHILD (window, ARC_TASK_LIST, "task_list");
  GtkWidget *review;

  /* Not readable: an error, and no review */
  g_assert_false (arc_window_review_submission (window, missing, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_null (review_summary (window));

  g_assert_true (arc_window_review_submission (window, file, &error));
  g_assert_no_error (error);
  pump (100);
  g_assert_cmpstr (review_summary (window), ==,
                   "review.json: 1 of 3 test outputs matched (33.3 %), 1 of 3 tasks right (33.3 %)");

  /* The sidebar marks */
  g_assert_cmpint (arc_task_list_get_review_mark (list, "a1"), ==, ARC_REVIEW_RIGHT);
  g_assert_cmpint (arc_task_list_get_review_mark (list, "task_2"), ==, ARC_REVIEW_WRONG);
  g_assert_cmpint (arc_task_list_get_review_mark (list, "task_10"), ==, ARC_REVIEW_WRONG);

  /* A right task: attempt 1 wrong in one cell, attempt 2 right, the answer beside */
  review = window_child (window, "review_panel");
  g_assert_true (arc_window_select_task (window, "a1"));
  pump (100);
  g_assert_true (gtk_widget_get_visible (review));
  g_assert_true (find_label_containing (review, "The submission is right: every test output matched (1 of 1)."));
  g_assert_true (find_label (review, "Wrong: 1 cell differs (crossed out)"));
  g_assert_true (find_label (review, "Right"));
  g_assert_true (find_label (review, "Expected output"));
  g_assert_cmpuint (count_grid_views (review), ==, 3);

  /* A wrong task: a wrong size, and one wrong cell */
  g_assert_true (arc_window_select_task (window, "task_2"));
  pump (100);
  g_assert_true (find_label (review, "The submission is wrong: 0 of 1 test output matched."));
  g_assert_true (find_label (review, "Wrong size: 3×3, the answer is 2×2"));
  g_assert_true (find_label (review, "Wrong: 1 cell differs (crossed out)"));
  /* The verdict is said above the examples too, with a link to the
   * attempts under them: a click scrolls them into view */
  {
    GtkLabel *line = GTK_LABEL (window_child (window, "review_line"));
    GtkScrolledWindow *scroller = GTK_SCROLLED_WINDOW (window_child (window, "task_scroller"));
    const char *text = gtk_label_get_text (line);
    const char *link = strstr (text, "See the attempts");
    PangoRectangle at;
    int x, y;

    g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (line)));
    g_assert_true (g_str_has_prefix (text, "The submission is wrong: 0 of 1 test output matched."));
    g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (line), "error"));
    g_assert_nonnull (link);
    g_assert_cmpfloat (gtk_adjustment_get_value (gtk_scrolled_window_get_vadjustment (scroller)), ==, 0);
    if (can_send_input ())
      {
        pango_layout_index_to_pos (gtk_label_get_layout (line), (int) (link - text), &at);
        gtk_label_get_layout_offsets (line, &x, &y);
        click_at (GTK_WIDGET (line), x + at.x / PANGO_SCALE + 4, y + at.y / PANGO_SCALE + at.height / PANGO_SCALE / 2);
        pump (100);
        g_assert_cmpfloat (gtk_adjustment_get_value (gtk_scrolled_window_get_vadjustment (scroller)), >, 0);
        {
          graphene_rect_t in_view;

          GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (scroller);

          /* at the top of the examples, or as near as the page's end lets it */
          g_assert_true (gtk_widget_compute_bounds (review, GTK_WIDGET (scroller), &in_view));
          g_assert_true (fabs (in_view.origin.y) < 2 ||
                         gtk_adjustment_get_value (adjustment) >=
                           gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment) - 1);
          g_assert_cmpfloat (in_view.origin.y, <, gtk_widget_get_height (GTK_WIDGET (scroller)) / 2.0);
        }
      }
  }

  /* A task the submission lacks */
  g_assert_true (arc_window_select_task (window, "task_10"));
  pump (100);
  g_assert_true (find_label (review, "The submission is wrong: this task is missing from it."));
  g_assert_true (find_label (review, "Missing"));
  g_assert_cmpuint (count_grid_views (review), ==, 1);

  /* A partly malformed submission: the bad entry is reported, the rest reviewed */
  {
    g_autofree char *tmp = g_dir_make_tmp ("arc-review-XXXXXX", NULL);
    g_autofree char *bad_path = g_build_filename (tmp, "bad.json", NULL);
    g_autoptr(GFile) bad = g_file_new_for_path (bad_path);
    const char *bad_json = "{\"a1\": [{\"attempt_1\": [[0, 1], [1, 0]], \"attempt_2\": [[0]]}],"
                           " \"task_2\": [{\"attempt_1\": [[0, 1], [1]], \"attempt_2\": [[0, 12], [1, 0]]}],"
                           " \"nope\": [{\"attempt_1\": [[0]], \"attempt_2\": [[0]]}]}";

    g_assert_true (g_file_set_contents (bad_path, bad_json, -1, NULL));
    g_assert_true (arc_window_review_submission (window, bad, &error));
    g_assert_no_error (error);
    pump (50);
    g_assert_cmpstr (review_summary (window), ==,
                     "bad.json: 1 of 3 test outputs matched (33.3 %), 1 of 3 tasks right (33.3 %)");
    g_assert_cmpint (arc_task_list_get_review_mark (list, "a1"), ==, ARC_REVIEW_RIGHT);
    g_assert_cmpint (arc_task_list_get_review_mark (list, "task_2"), ==, ARC_REVIEW_WRONG);
    /* An attempt that is there but not a grid is said to be so, not missing */
    g_assert_true (arc_window_select_task (window, "task_2"));
    pump (100);
    g_assert_true (find_label (review, "Not a grid: [1]: the row has 1 cell, but row 0 has 2"));
    g_assert_true (find_label_containing (review, "Not a grid: [0][1]: value 12 is outside 0..9"));
    /* Every problem, the file's and the score's, behind the toast's Details */
    if (can_send_input ())
    {
      GtkWidget *details = find_label_widget (GTK_WIDGET (window), "Details");
      GtkWidget *dialog = NULL;
      GtkWidget *text;

      g_assert_nonnull (details);
      focus_window (window);
      pump (500);  /* (the toast slides in) */
      click (gtk_widget_get_ancestor (details, GTK_TYPE_BUTTON));
      wait_for (has_dialog, &dialog, "the problems");
      text = find_widget_of_type (arc_alert_get_extra_child (dialog), GTK_TYPE_LABEL);
      g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (text)), "bad.json: task_2[0]: attempt_1: [1]: the row has 1 cell"));
      g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (text)), "nope: no such task in the collection"));
      arc_alert_respond (dialog, "close");
      pump (100);
    }
    /* Thousands (a submission for another collection): the first 300 */
    if (can_send_input ())
    {
      g_autoptr(GString) many = g_string_new ("{");
      GtkWidget *dialog = NULL;
      GtkWidget *text;

      for (guint i = 0; i < 305; i++)
        g_string_append_printf (many, "%s\"u%03u\": [{\"attempt_1\": [[0]], \"attempt_2\": [[0]]}]", i ? ", " : "", i);
      g_string_append (many, "}");
      g_assert_true (g_file_set_contents (bad_path, many->str, -1, NULL));
      g_assert_true (arc_window_review_submission (window, bad, &error));
      g_assert_no_error (error);
      wait_for (toast_of_305, window, "the toast of 305 problems");
      focus_window (window);
      pump (500);  /* (the toast slides in) */
      click (toast_details (window));
      wait_for (has_dialog, &dialog, "the problems");
      text = find_widget_of_type (arc_alert_get_extra_child (dialog), GTK_TYPE_LABEL);
      g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (text)), "u299: no such task"));
      g_assert_null (strstr (gtk_label_get_text (GTK_LABEL (text)), "u300: no such task"));
      g_assert_true (g_str_has_suffix (gtk_label_get_text (GTK_LABEL (text)),
                                       "…and 5 more problems, which arc-studio-cli score lists"));
      arc_alert_respond (dialog, "close");
      pump (100);
    }
    g_assert_cmpint (g_unlink (bad_path), ==, 0);
    g_assert_cmpint (g_rmdir (tmp), ==, 0);
  }

  /* Closing the review takes the marks away */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.close-review", NULL));
  pump (50);
  g_assert_false (gtk_widget_get_visible (review));
  g_assert_cmpint (arc_task_list_get_review_mark (list, "a1"), ==, ARC_REVIEW_NONE);
  g_assert_null (review_summary (window));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_notes_fallback (void)
{
  ArcWindow *window = new_window ();
  ArcNotesPane *pane = WIN_CHILD (window, ARC_NOTES_PANE, "notes_pane");
  g_autoptr(GFile) fallback = NULL;
  g_autofree char *path = NULL;
  const char *notice;

  /* The bundled samples cannot be written: notes go to the data folder */
  arc_window_open_samples (window);
  wait_for (list_idle, window, "the samples");
  /* said quietly under the heading, not as a notice above the notes */
  g_assert_null (arc_notes_pane_get_notice (pane));
  notice = arc_notes_pane_get_place (pane);
  g_assert_nonnull (notice);
  g_assert_true (g_str_has_prefix (notice, "Kept in "));
  g_assert_nonnull (strstr (notice, g_get_user_data_dir ()));
  arc_notes_pane_set_text (pane, "notes", "kept safely elsewhere");
  g_assert_true (save_now (window));
  fallback = g_object_ref (arc_notes_store_fallback_dir (arc_task_notes_get_store (shown_notes (window))));
  path = g_file_get_path (fallback);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_DIR));
  gtk_window_destroy (GTK_WINDOW (window));

  /* And found again next time */
  window = new_window ();
  arc_window_open_samples (window);
  wait_for (list_idle, window, "the samples again");
  {
    g_autofree char *text = arc_notes_pane_get_text (WIN_CHILD (window, ARC_NOTES_PANE, "notes_pane"), "notes");
    g_assert_cmpstr (text, ==, "kept safely elsewhere");
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_remembers_last (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *path = collection_fixture_path ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *uri = g_file_get_uri (file);
  g_auto(GStrv) recent = NULL;
  ArcWindow *window = open_fixture (path);

  arc_window_select_task (window, "task_10");
  gtk_window_close (GTK_WINDOW (window));
  pump (50);
  g_assert_cmpstr (g_settings_get_string (settings, "last-collection"), ==, uri);
  g_assert_cmpstr (g_settings_get_string (settings, "last-task"), ==, "task_10");
  recent = g_settings_get_strv (settings, "recent-collections");
  g_assert_cmpstr (recent[0], ==, uri);

  /* The next start opens the same collection and task, even while listing */
  window = new_window ();
  arc_window_open_initial (window);
  wait_for (list_idle, window, "the last collection");
  g_assert_cmpstr (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "task_title")), ==, "task_10");
  gtk_window_destroy (GTK_WINDOW (window));

  g_settings_reset (settings, "last-collection");
  g_settings_reset (settings, "last-task");
  g_settings_reset (settings, "recent-collections");
}

static GtkWidget *
find_button_labelled (GtkWidget *widget, const char *text)
{
  /* GtkModelButton, the item of a popover menu, is not a GtkButton */
  if ((GTK_IS_BUTTON (widget) || g_str_equal (G_OBJECT_TYPE_NAME (widget), "GtkModelButton")) &&
      find_label (widget, text))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button_labelled (child, text);

      if (found)
        return found;
    }
  return NULL;
}

/* Open Recent shows file names as they are: underscores are not taken as
 * mnemonics (arc-agi_evaluation_challenges.json stays so) */
static void
test_recent_names (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  const char *uris[] = { "file:///data/arc-agi_evaluation_challenges.json", NULL };
  ArcWindow *window;
  GtkWidget *menu_button, *popover, *recent;

  g_settings_set_strv (settings, "recent-collections", uris);
  window = new_window ();
  arc_window_open_samples (window);
  wait_for (list_idle, window, "the samples");
  menu_button = find_primary_menu (GTK_WIDGET (window));
  g_assert_nonnull (menu_button);
  gtk_menu_button_popup (GTK_MENU_BUTTON (menu_button));
  pump (100);
  popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu_button)));
  recent = find_button_labelled (popover, "Open Recent");
  g_assert_nonnull (recent);
  g_signal_emit_by_name (recent, "clicked");
  pump (100);
  g_assert_true (find_label (popover, "/data/arc-agi_evaluation_challenges.json"));
  g_assert_false (find_label_containing (popover, "arc-agievaluation"));
  /* Closed first: a window destroyed with its menu open keeps the
   * display's pointer for the windows after it */
  gtk_menu_button_popdown (GTK_MENU_BUTTON (menu_button));
  pump (100);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "recent-collections");
}

static GtkWindow *
find_shortcuts_window (void)
{
  return (GtkWindow *) find_mapped_toplevel (GTK_TYPE_SHORTCUTS_WINDOW);
}

static gboolean
shortcuts_shown (gpointer data)
{
  return find_shortcuts_window () != NULL;
}

/* The app's style, which the app loads (the shortcuts window needs it) */
static GtkCssProvider *
add_app_style (void)
{
  GtkCssProvider *css = gtk_css_provider_new ();

  gtk_css_provider_load_from_resource (css, RESOURCE_PREFIX "/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  return css;
}

/* The shortcuts window opens without a GTK warning (warnings are fatal in
 * the tests): the theme made its page buttons' labels narrower than nothing.
 * Every page of it fits an 800×600 screen (it was wider than one) */
static void
test_shortcuts_window (void)
{
  /* What the window builds when F1 is first pressed, with the app's style */
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource (RESOURCE_PREFIX "/arc-shortcuts-window.ui");
  GtkWindow *shortcuts = GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
  g_autoptr(GtkCssProvider) css = add_app_style ();
  ArcWindow *window = new_window ();

  arc_window_open_samples (window);
  wait_for (list_idle, window, "the samples");
  gtk_window_set_transient_for (shortcuts, GTK_WINDOW (window));
  gtk_window_present (shortcuts);
  wait_for (shortcuts_shown, NULL, "the shortcuts window");
  pump (200);
  {
    int width, height;

    /* (the pages are in a stack as large as its largest) */
    gtk_widget_measure (GTK_WIDGET (shortcuts), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width, NULL, NULL);
    gtk_widget_measure (GTK_WIDGET (shortcuts), GTK_ORIENTATION_VERTICAL, width, NULL, &height, NULL, NULL);
    g_test_message ("the shortcuts window: %d×%d", width, height);
    g_assert_cmpint (width, <=, 800);  /* (776 with GTK 4.8, 790 with 4.18) */
    g_assert_cmpint (height, <=, 600 - 40);
  }
  gtk_window_destroy (shortcuts);
  gtk_window_destroy (GTK_WINDOW (window));
  gtk_style_context_remove_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css));
}

static gboolean
shortcuts_item_shown (gpointer data)
{
  GtkPopover *popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (data));

  return find_label_widget (GTK_WIDGET (popover), "Keyboard Shortcuts") != NULL;
}

static gboolean
shortcuts_hidden (gpointer data)
{
  return find_shortcuts_window () == NULL;
}

/* A toplevel of the type, shown or hidden */
static gboolean
has_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) toplevel = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (toplevel, type))
        return TRUE;
    }
  return FALSE;
}

/* The main menu's Keyboard Shortcuts opens it, built then, not with the
 * window; closed, it is destroyed, not hidden (a hidden toplevel crashed the
 * app under GTK 4.18's AT-SPI bridge: arc-window-actions.c), and it opens
 * again */
static void
test_shortcuts_window_on_demand (void)
{
  g_autoptr(GtkCssProvider) css = NULL;
  GtkWidget *menu_button, *item;
  ArcWindow *window;

  if (!can_send_input ())
    return;
  css = add_app_style ();
  window = new_window ();
  arc_window_open_samples (window);
  wait_for (list_idle, window, "the samples");
  g_assert_null (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  for (guint round = 0; round < 2; round++)
    {
      focus_window (window);
      menu_button = find_primary_menu (GTK_WIDGET (window));
      g_assert_nonnull (menu_button);
      click (menu_button);
      wait_for (shortcuts_item_shown, menu_button, "the main menu");
      pump (100);
      item = find_label_widget (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu_button))),
                                "Keyboard Shortcuts");
      click (item);
      wait_for (shortcuts_shown, NULL, "the shortcuts window");
      g_assert_true (gtk_window_get_transient_for (find_shortcuts_window ()) == GTK_WINDOW (window));
      g_assert_true (gtk_window_get_modal (find_shortcuts_window ()));
      g_assert_true (GTK_WINDOW (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)))
                     == find_shortcuts_window ());
      focus_window (find_shortcuts_window ());
      press ("Escape");
      wait_for (shortcuts_hidden, NULL, "the shortcuts window to close");
      g_assert_null (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
      g_assert_false (has_toplevel (GTK_TYPE_SHORTCUTS_WINDOW));
    }
  gtk_window_destroy (GTK_WINDOW (window));
  gtk_style_context_remove_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css));
}

/* The icon names of the badges shown on @entry's row */
static void
row_badges (GtkWidget *widget,
            ArcEntry  *entry,
            gboolean   in_row,
            GString   *icons)
{
  in_row = in_row || (ARC_IS_TASK_ROW (widget) && arc_task_row_get_entry (ARC_TASK_ROW (widget)) == entry);
  if (in_row && GTK_IS_IMAGE (widget) && gtk_widget_get_visible (widget))
    g_string_append_printf (icons, "%s%s:%s:%s", icons->len ? " " : "", gtk_image_get_icon_name (GTK_IMAGE (widget)),
                            gtk_widget_get_tooltip_text (widget),
                            gtk_widget_has_css_class (widget, "error") ? "error" : "-");
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    row_badges (child, entry, in_row, icons);
}

static void
write_attempts (const char *dir,
                const char *id,
                ArcVerdict  verdict,
                guint       n)
{
  g_autofree char *name = g_strdup_printf ("%s/%s.json", dir, id);
  g_autoptr(GFile) task_file = g_file_new_for_path (name);
  g_autoptr(GFile) sidecar = arc_entry_sidecar_for (task_file);
  g_autoptr(ArcNotes) notes = arc_notes_new (sidecar);
  ArcAnnotation *a = arc_notes_ensure (notes, id, "ada");
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(ArcGrid) grid = arc_grid_new (1, 1);
      ArcAttempt *attempt = arc_attempt_new (0, grid, verdict, TRUE);

      attempt->trials = 3;
      g_ptr_array_add (a->attempts, attempt);
    }
  g_assert_true (arc_notes_save (notes, FALSE, &error));
  g_assert_no_error (error);
}

/* A task whose trials are used up shows a badge of its own, and the
 * summary counts it, as the collection status does */
static void
test_failed_badge (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-window-XXXXXX", NULL);
  const char *ids[] = { "f_failed", "f_solved", "f_tried", "f_untouched" };
  ArcCollectionStatus *status;
  ArcCollection *collection;
  ArcWindow *window;
  ArcTaskList *list;
  guint position;
  RowWait w;

  /* The user is ada, whose attempts these are */
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);

  g_settings_set_string (settings, "annotator", "ada");
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autofree char *name = g_strdup_printf ("%s/%s.json", tmp, ids[i]);
      g_assert_true (g_file_set_contents (name, "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], "
                                                "\"test\": [{\"input\": [[3]], \"output\": [[4]]}]}", -1, NULL));
    }
  write_attempts (tmp, "f_failed", ARC_VERDICT_WRONG, 3);
  write_attempts (tmp, "f_solved", ARC_VERDICT_CORRECT, 1);
  write_attempts (tmp, "f_tried", ARC_VERDICT_WRONG, 1);
  window = open_fixture (tmp);
  list = WIN_CHILD (window, ARC_TASK_LIST, "task_list");
  status = arc_task_list_get_status (list);
  collection = arc_task_list_get_collection (list);

  g_assert_cmpint (arc_collection_status_get_phase (status), ==, ARC_COLLECTION_PHASE_DONE);
  g_assert_cmpuint (arc_collection_status_get_n_attempted (status), ==, 3);
  g_assert_cmpuint (arc_collection_status_get_n_solved (status), ==, 1);
  g_assert_cmpuint (arc_collection_status_get_n_failed (status), ==, 1);
  g_assert_cmpstr (adw_window_title_get_subtitle (WIN_CHILD (window, ADW_WINDOW_TITLE, "window_title")), ==,
                   "4 tasks · 3 attempted · 1 solved · 1 failed");

  g_assert_true (arc_collection_find (collection, "f_failed", &position));
  w = (RowWait) { window, arc_collection_get_entry (collection, position) };
  wait_for (row_has_badge, &w, "the failed task's row to show its badge");
  {
    g_autoptr(GString) icons = g_string_new (NULL);

    /* Failed, not attempted */
    row_badges (GTK_WIDGET (list), w.entry, FALSE, icons);
    g_assert_cmpstr (icons->str, ==, "dialog-warning-symbolic:Failed:error");
  }
  g_assert_true (arc_collection_find (collection, "f_tried", &position));
  {
    g_autoptr(GString) icons = g_string_new (NULL);

    row_badges (GTK_WIDGET (list), arc_collection_get_entry (collection, position), FALSE, icons);
    g_assert_cmpstr (icons->str, ==, "media-playlist-repeat-symbolic:Attempted:-");
  }
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "annotator");
}

/* A folder whose notes are large (LARC's are 0.5 MB a task): the first
 * task is drawn without them, and the list's badges and counts come from
 * the check's workers; the main thread reads only the shown task's notes */
static void
test_heavy_notes_first_frame (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-window-heavy-XXXXXX", NULL);
  ArcCollectionStatus *status;
  ArcCollection *collection;
  ArcNotesStore *store;
  ArcWindow *window;
  g_autoptr(ArcEntry) before = NULL;
  g_autoptr(ArcEntry) after = NULL;

  for (int i = 0; i < 12; i++)
    {
      g_autofree char *id = g_strdup_printf ("heavy%02d", i);
      g_autofree char *name = g_strdup_printf ("%s/%s.json", tmp, id);
      g_autoptr(GFile) task_file = g_file_new_for_path (name);
      g_autoptr(GFile) sidecar = arc_entry_sidecar_for (task_file);
      g_autoptr(ArcNotes) notes = arc_notes_new (sidecar);
      ArcAnnotation *a = arc_notes_ensure (notes, id, "larc:someone");
      g_autoptr(ArcGrid) grid = arc_grid_new (30, 30);
      ArcAttempt *attempt = arc_attempt_new (0, grid, ARC_VERDICT_WRONG, TRUE);

      g_assert_true (g_file_set_contents (name, "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], "
                                                "\"test\": [{\"input\": [[3]], \"output\": [[4]]}]}", -1, NULL));
      g_free (a->transform_text);
      a->transform_text = g_strdup ("Paint every cell");
      attempt->actions = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_action_free);
      for (int k = 0; k < 400; k++)
        {
          ArcAction *action = arc_action_new ("Coloring", "Paint", grid);

          action->x = k % 30;
          action->y = (k / 30) % 30;
          action->colour = 1 + k % 9;
          arc_grid_set (grid, action->y, action->x, (guint8) action->colour);
          g_ptr_array_add (attempt->actions, action);
        }
      g_ptr_array_add (a->attempts, attempt);
      g_assert_true (arc_notes_save (notes, FALSE, NULL));
    }
  window = open_fixture (tmp);
  status = arc_task_list_get_status (WIN_CHILD (window, ARC_TASK_LIST, "task_list"));
  collection = arc_collection_status_get_collection (status);
  store = arc_collection_status_get_notes_store (status);
  g_assert_cmpint (arc_collection_status_get_phase (status), ==, ARC_COLLECTION_PHASE_DONE);
  g_assert_cmpuint (arc_collection_status_get_n_others_annotated (status), ==, 12);
  g_assert_cmpuint (arc_collection_status_get_n_others_attempted (status), ==, 12);
  before = arc_task_list_dup_neighbour (WIN_CHILD (window, ARC_TASK_LIST, "task_list"), -1);
  after = arc_task_list_dup_neighbour (WIN_CHILD (window, ARC_TASK_LIST, "task_list"), 1);
  g_assert_nonnull (after);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (collection)); i++)
    {
      ArcEntry *entry = arc_collection_get_entry (collection, i);

      g_assert_true (arc_collection_status_get_flags (status, entry) & ARC_NOTES_FLAG_OTHERS_ATTEMPTED);
      /* The shown task's notes are read; its neighbours' may be, read ahead in a worker; no other's */
      if (entry == selected_entry (window))
        g_assert_true (arc_notes_store_is_read (store, entry));
      else if (entry != before && entry != after)
        g_assert_false (arc_notes_store_is_read (store, entry));
    }
  /* The next task's notes are read ahead, and found when it is shown */
  while (!arc_notes_store_is_read (store, after))
    g_main_context_iteration (NULL, TRUE);
  gtk_window_destroy (GTK_WINDOW (window));
  remove_tree (tmp);
}

int
main (int argc, char **argv)
{
  /* Notes that cannot go beside the tasks go here, not into the user's home */
  g_autofree char *data_home = g_dir_make_tmp ("arc-data-XXXXXX", NULL);

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/arc/window/lists-samples", test_lists_samples);
  g_test_add_func ("/arc/window/folder-and-invalid", test_folder_and_invalid);
  g_test_add_func ("/arc/window/search-and-filters", test_search_and_filters);
  g_test_add_func ("/arc/window/go-to-task", test_go_to_task);
  g_test_add_func ("/arc/window/preferences-persist", test_preferences_persist);
  g_test_add_func ("/arc/window/preferences-wheel", test_preferences_wheel);
  g_test_add_func ("/arc/window/folder-changes", test_folder_changes);
  g_test_add_func ("/arc/window/cancel-listing", test_cancel_listing);
  g_test_add_func ("/arc/window/rows-checked-when-shown", test_rows_checked_when_shown);
  g_test_add_func ("/arc/window/remembers-last", test_remembers_last);
  g_test_add_func ("/arc/window/recent-names", test_recent_names);
  g_test_add_func ("/arc/window/shortcuts-window", test_shortcuts_window);
  g_test_add_func ("/arc/window/shortcuts-window-on-demand", test_shortcuts_window_on_demand);
  g_test_add_func ("/arc/window/notes-saved", test_notes_saved);
  g_test_add_func ("/arc/window/notes-fallback", test_notes_fallback);
  g_test_add_func ("/arc/window/notes-disk-changes", test_notes_disk_changes);
  g_test_add_func ("/arc/window/replay", test_replay);
  g_test_add_func ("/arc/window/review-submission", test_review_submission);
  g_test_add_func ("/arc/window/failed-badge", test_failed_badge);
  g_test_add_func ("/arc/window/heavy-notes-first-frame", test_heavy_notes_first_frame);

  /* (last: after it, go-to-task met a task list whose collection was gone,
   * a fault seen only in this order, not yet understood) */
  g_test_add_func ("/arc/window/missing-path", test_missing_path);

  return g_test_run ();
}

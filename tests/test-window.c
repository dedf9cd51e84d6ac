/* test-window.c: the main window lists a collection and shows its tasks
 *
 * Runs under Xvfb and a session bus (see README).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "arc-window-private.h"

/* Lets GTK lay out and draw for a moment. */
static void
pump (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
}

static gboolean
find_label (GtkWidget *widget, const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
      g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if (find_label (child, text))
      return TRUE;
  return FALSE;
}

static ArcWindow *
new_window (void)
{
  ArcWindow *window = g_object_new (ARC_TYPE_WINDOW, NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static void
test_lists_samples (void)
{
  ArcWindow *window = new_window ();
  guint n;

  arc_window_open_samples (window);
  pump (200);
  n = g_list_model_get_n_items (G_LIST_MODEL (window->selection));
  g_assert_cmpuint (n, >=, 12);
  g_assert_cmpstr (adw_window_title_get_title (window->window_title), ==, "Sample Tasks");
  /* The first task is selected and shown, and the list shows rows */
  g_assert_cmpuint (gtk_single_selection_get_selected (window->selection), ==, 0);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->main_stack), ==, "task");
  g_assert_cmpstr (gtk_label_get_text (window->task_title), ==,
                   arc_entry_get_id (arc_window_get_selected_entry (window)));
  g_assert_true (find_label (GTK_WIDGET (window->task_list), "gravity"));
  g_assert_true (find_label (GTK_WIDGET (window->task_list), "physics"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_folder_and_invalid (void)
{
  ArcWindow *window = new_window ();
  g_autofree char *path = g_build_filename (g_getenv ("ARC_FIXTURES_DIR"), "collection", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *status = NULL;

  g_assert_true (arc_window_open (window, file));
  pump (100);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->selection)), ==, 9);
  g_assert_cmpstr (gtk_label_get_text (window->task_title), ==, "e1");
  g_assert_cmpstr (gtk_label_get_text (window->status_label), ==, "collection — task 1 of 9");

  /* Keyboard navigation: Alt+Right */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-task", NULL);
  pump (50);
  g_assert_cmpstr (gtk_label_get_text (window->task_title), ==, "t1");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-task", NULL);
  g_assert_cmpstr (gtk_label_get_text (window->task_title), ==, "e1");

  /* An invalid task shows its error and its file */
  g_assert_true (arc_window_select_task (window, "broken"));
  pump (50);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->main_stack), ==, "invalid");
  g_assert_cmpstr (gtk_label_get_text (window->invalid_details), ==, "train[0].input[0][1]: value 12 is outside 0..9");
  g_assert_true (g_str_has_suffix (adw_status_page_get_description (window->invalid_page), "training/broken.json"));

  /* A path that does not exist leaves the collection as it was */
  {
    g_autoptr(GFile) missing = g_file_new_for_path ("/nonexistent/arc");
    g_assert_false (arc_window_open (window, missing));
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (window->selection)), ==, 9);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_remembers_last (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *path = g_build_filename (g_getenv ("ARC_FIXTURES_DIR"), "collection", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *uri = g_file_get_uri (file);
  ArcWindow *window = new_window ();

  arc_window_open (window, file);
  arc_window_select_task (window, "task_10");
  gtk_window_close (GTK_WINDOW (window));
  pump (50);
  g_assert_cmpstr (g_settings_get_string (settings, "last-collection"), ==, uri);
  g_assert_cmpstr (g_settings_get_string (settings, "last-task"), ==, "task_10");

  window = new_window ();
  arc_window_open_initial (window);
  pump (50);
  g_assert_cmpstr (gtk_label_get_text (window->task_title), ==, "task_10");
  gtk_window_destroy (GTK_WINDOW (window));

  g_settings_reset (settings, "last-collection");
  g_settings_reset (settings, "last-task");
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/arc/window/lists-samples", test_lists_samples);
  g_test_add_func ("/arc/window/folder-and-invalid", test_folder_and_invalid);
  g_test_add_func ("/arc/window/remembers-last", test_remembers_last);

  return g_test_run ();
}

/* test-trust.c: the window tells the truth: others' work shown as theirs,
 * never as the user's progress, whoever the user is named now; browsing
 * finds what the filter hides and counts within it
 *
 * The input is real: key presses and clicks sent to the X server (Xvfb) with
 * xdotool. Runs under Xvfb and a session bus (see README).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "gui-input.h"

#define TASK "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]], \"output\": [[4]]}]}"

static const char *
selected_id (ArcWindow *window)
{
  ArcEntry *entry = selected_entry (window);
  return entry ? arc_entry_get_id (entry) : NULL;
}

static GtkWidget *
find_tooltip (GtkWidget *widget, GType type, const char *tooltip)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type) &&
      (tooltip == NULL || g_strcmp0 (gtk_widget_get_tooltip_text (widget), tooltip) == 0))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_tooltip (child, type, tooltip);
      if (found)
        return found;
    }
  return NULL;
}

/* Picks @label from the status menu with the pointer */
static void
choose_status (ArcWindow *window, const char *label)
{
  GtkWidget *dropdown = find_tooltip (window_child (window, "task_list"), GTK_TYPE_DROP_DOWN, "Show tasks by status");
  GtkWidget *item;

  g_assert_nonnull (dropdown);
  click (dropdown);
  pump (300);
  item = find_label_widget (dropdown, label);
  g_assert_nonnull (item);
  click (item);
  pump (200);
}

static void
write_task (const char *dir, const char *id)
{
  g_autofree char *name = g_strdup_printf ("%s/%s.json", dir, id);
  g_assert_true (g_file_set_contents (name, TASK, -1, NULL));
}

static ArcNotes *
notes_of (const char *dir, const char *id)
{
  g_autofree char *name = g_strdup_printf ("%s/%s.json", dir, id);
  g_autoptr(GFile) task_file = g_file_new_for_path (name);
  g_autoptr(GFile) sidecar = arc_entry_sidecar_for (task_file);

  return arc_notes_new (sidecar);
}

static void
add_attempt (ArcAnnotation *a, ArcVerdict verdict)
{
  g_autoptr(ArcGrid) grid = arc_grid_new (1, 1);
  ArcAttempt *attempt = arc_attempt_new (0, grid, verdict, TRUE);

  arc_grid_set (grid, 0, 0, verdict == ARC_VERDICT_CORRECT ? 4 : 5);
  attempt->trials = 3;
  g_ptr_array_add (a->attempts, attempt);
}

static void
save_notes (ArcNotes *notes)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (arc_notes_save (notes, FALSE, &error));
  g_assert_no_error (error);
}

typedef struct
{
  ArcWindow  *window;
  const char *text;
} SubtitleWait;

static gboolean
subtitle_has (gpointer data)
{
  SubtitleWait *w = data;
  const char *subtitle = adw_window_title_get_subtitle (WIN_CHILD (w->window, ADW_WINDOW_TITLE, "window_title"));

  return subtitle && strstr (subtitle, w->text);
}

static void
wait_subtitle (ArcWindow *window, const char *text)
{
  SubtitleWait w = { window, text };
  wait_for (subtitle_has, &w, text);
}

/* Others' descriptions and builds are theirs: the title and the row say
 * so, a filter finds them; naming another user recounts at once */
static void
test_others (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-trust-XXXXXX", NULL);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(ArcNotes) described = NULL;
  g_autoptr(ArcNotes) tried = NULL;
  ArcAnnotation *a;
  ArcWindow *window;

  if (!can_send_input ())
    return;
  g_settings_set_string (settings, "annotator", "me");
  write_task (tmp, "t_described");
  write_task (tmp, "t_mine");
  write_task (tmp, "t_untouched");
  /* Described by LARC's author, who solved it, and built by two others, once right */
  described = notes_of (tmp, "t_described");
  a = arc_notes_ensure (described, "t_described", "larc:author");
  a->transform_text = (g_free (a->transform_text), g_strdup ("recolour the largest object"));
  add_attempt (a, ARC_VERDICT_CORRECT);
  for (guint i = 0; i < 2; i++)
    {
      ArcBuild *build = arc_build_new (i ? "larc:b2" : "larc:b1");

      build->success = i == 0;
      g_ptr_array_add (a->builds, build);
    }
  save_notes (described);
  /* The user tried once, wrongly */
  tried = notes_of (tmp, "t_mine");
  add_attempt (arc_notes_ensure (tried, "t_mine", "me"), ARC_VERDICT_WRONG);
  save_notes (tried);

  window = open_in_window (tmp, 1280, 760);
  wait_subtitle (window, "3 tasks · 1 attempted · described by others 1 · solved by others 1 of 1");
  g_assert_null (strstr (adw_window_title_get_subtitle (WIN_CHILD (window, ADW_WINDOW_TITLE, "window_title")),
                         "solved ·"));
  focus_window (window);
  choose_status (window, "Described by others");
  wait_count (window, 1);
  g_assert_cmpstr (selected_id (window), ==, "t_described");
  /* The row tells whose work it is */
  g_assert_nonnull (find_tooltip (window_child (window, "task_list"), GTK_TYPE_IMAGE,
                                  "Described by 1 other · built by others 1 of 2 times"));
  g_assert_null (find_tooltip (window_child (window, "task_list"), GTK_TYPE_IMAGE, "Solved"));

  /* Another user (what the Preferences' row writes): t_mine's attempt is
   * someone else's now, at once, not on the next open */
  choose_status (window, "Attempted");
  wait_count (window, 1);
  g_settings_set_string (settings, "annotator", "someone else");
  wait_subtitle (window, "3 tasks · described by others 1 · solved by others 1 of 2");
  wait_count (window, 0);
  g_settings_set_string (settings, "annotator", "me");
  wait_count (window, 1);
  wait_subtitle (window, "3 tasks · 1 attempted · described by others 1 · solved by others 1 of 1");

  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "annotator");
  remove_tree (tmp);
}

static gboolean
status_line_has (gpointer data)
{
  SubtitleWait *w = data;
  return strstr (gtk_label_get_text (WIN_CHILD (w->window, GTK_LABEL, "status_label")), w->text) != NULL;
}

static gboolean
is_selected (gpointer data)
{
  SubtitleWait *w = data;
  return g_strcmp0 (selected_id (w->window), w->text) == 0;
}

/* Under a filter, the status line counts within it, and Go to Task finds
 * a task the filter hides (clearing it, and saying so) */
static void
test_go_to_hidden (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-trust-XXXXXX", NULL);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(ArcNotes) tried = NULL;
  ArcWindow *window;

  if (!can_send_input ())
    return;
  g_settings_set_string (settings, "annotator", "me");
  write_task (tmp, "t_a");
  write_task (tmp, "t_mine");
  write_task (tmp, "t_untouched");
  tried = notes_of (tmp, "t_mine");
  add_attempt (arc_notes_ensure (tried, "t_mine", "me"), ARC_VERDICT_WRONG);
  save_notes (tried);

  window = open_in_window (tmp, 1280, 760);
  focus_window (window);
  choose_status (window, "Attempted");
  wait_count (window, 1);
  {
    SubtitleWait w = { window, "task 1 of 1 listed, 3 in all" };
    wait_for (status_line_has, &w, w.text);
  }
  focus_window (window);
  press ("ctrl+l");
  pump (300);
  xdotool ("type", "--delay", "20", "t_untouched", NULL);
  press ("Return");
  {
    SubtitleWait w = { window, "t_untouched" };
    wait_for (is_selected, &w, "the hidden task to be shown");
  }
  wait_count (window, 3);
  g_assert_true (find_text (GTK_WIDGET (window), "The search and filters hid “t_untouched”: they were cleared", TRUE));
  {
    SubtitleWait w = { window, "task 3 of 3" };
    wait_for (status_line_has, &w, w.text);
  }
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "annotator");
  remove_tree (tmp);
}

/* A folder in the document portal (what the file chooser portal gives the
 * Flatpak sandbox): no file monitor sees others' changes there, and the
 * window says so; F5 reads the folder again, at the task shown. A folder
 * elsewhere gets no such word. */
static void
test_portal_folder (void)
{
  g_autofree char *folder = g_build_filename (g_get_user_runtime_dir (), "doc", "a1b2c3d4", "tasks", NULL);
  g_autofree char *plain = g_dir_make_tmp ("arc-trust-XXXXXX", NULL);
  const char *notice = "not seen here until they are read again";
  g_autoptr(ArcCollection) before = NULL;
  ArcWindow *window;

  if (!can_send_input ())
    return;
  /* (GLib reads it once: the test's runtime folder is set in main) */
  g_assert_cmpstr (g_get_user_runtime_dir (), ==, g_getenv ("XDG_RUNTIME_DIR"));
  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  write_task (plain, "t_a");
  window = open_in_window (plain, 1280, 760);
  wait_count (window, 1);
  g_assert_false (find_label_containing (GTK_WIDGET (window), notice));
  gtk_window_destroy (GTK_WINDOW (window));

  write_task (folder, "t_a");
  write_task (folder, "t_b");
  window = open_in_window (folder, 1280, 760);
  wait_count (window, 2);
  g_assert_true (find_label_containing (GTK_WIDGET (window), notice));
  g_assert_true (arc_window_select_task (window, "t_b"));
  pump (300);
  before = g_object_ref (arc_task_list_get_collection (WIN_CHILD (window, ARC_TASK_LIST, "task_list")));
  focus_window (window);
  press ("F5");
  wait_for (list_idle, window, "the folder to be listed again");
  g_assert_true (arc_task_list_get_collection (WIN_CHILD (window, ARC_TASK_LIST, "task_list")) != before);
  wait_count (window, 2);
  g_assert_cmpstr (selected_id (window), ==, "t_b");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("arc-data-XXXXXX", NULL);

  g_autofree char *runtime = g_dir_make_tmp ("arc-runtime-XXXXXX", NULL);

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("XDG_RUNTIME_DIR", runtime, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/arc/trust/others", test_others);
  g_test_add_func ("/arc/trust/go-to-hidden", test_go_to_hidden);
  g_test_add_func ("/arc/trust/portal-folder", test_portal_folder);
  return g_test_run ();
}

/* test-browse.c: finding one's way: the welcome page of a first start,
 * the search and its Escape, what an empty result says, the status filter,
 * the restored task in view, and exporting one grid
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

#include "arc-grid-view.h"
#include "arc-review-panel.h"
#include "arc-solve-view.h"
#include "arc-task-row.h"
#include "gui-input.h"

static const char *
selected_id (ArcWindow *window)
{
  ArcEntry *entry = selected_entry (window);
  return entry ? arc_entry_get_id (entry) : NULL;
}

static ArcWindow *
new_window (void)
{
  return present_window (1280, 760);
}

static ArcWindow *
open_path (const char *path)
{
  return open_in_window (path, 1280, 760);
}

static GtkWidget *
find_widget (GtkWidget *widget, GType type, const char *tooltip);

/* The sidebar's list (not a drop-down's) */
static GtkWidget *
find_sidebar_list (GtkWidget *widget)
{
  if (GTK_IS_LIST_VIEW (widget) && gtk_widget_has_css_class (widget, "navigation-sidebar"))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_sidebar_list (child);
      if (found)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_widget (GtkWidget *widget, GType type, const char *tooltip)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type) &&
      (tooltip == NULL || g_strcmp0 (gtk_widget_get_tooltip_text (widget), tooltip) == 0))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type, tooltip);
      if (found)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_button (GtkWidget *widget, const char *text)
{
  GtkWidget *label = find_label_widget (widget, text);
  GtkWidget *button = label ? gtk_widget_get_ancestor (label, GTK_TYPE_BUTTON) : NULL;

  g_assert_nonnull (button);
  return button;
}

static GtkWidget *
search_entry (ArcWindow *window)
{
  GtkWidget *entry = find_widget (window_child (window, "task_list"), GTK_TYPE_SEARCH_ENTRY, NULL);

  g_assert_nonnull (entry);
  return entry;
}

static gboolean
focus_in (GtkWidget *widget)
{
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (widget));

  return focus && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

static void
type_text (const char *text)
{
  xdotool ("type", "--delay", "30", text, NULL);
  pump (150);
}

static guint
n_marks (GtkWidget *widget)
{
  guint n = GTK_IS_IMAGE (widget) && gtk_widget_get_visible (widget) && gtk_widget_get_opacity (widget) > 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    n += n_marks (child);
  return n;
}

/* In @dropdown's open list the selected item has a check mark, and no
 * other item has */
static void
assert_marked (GtkWidget *dropdown)
{
  GtkWidget *list = find_widget_of_type (dropdown, GTK_TYPE_LIST_VIEW);
  GtkStringObject *selected = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (dropdown));
  GtkWidget *label = find_label_widget (list, gtk_string_object_get_string (selected));

  if (label == NULL)
    return;  /* scrolled out of the popover */
  g_assert_true (GTK_IS_IMAGE (gtk_widget_get_next_sibling (label)));
  g_assert_cmpfloat (gtk_widget_get_opacity (gtk_widget_get_next_sibling (label)), ==, 1);
  g_assert_cmpuint (n_marks (list), ==, 1);
}

/* Picks @label from the status menu with the pointer */
static void
choose_status (ArcWindow *window, const char *label)
{
  GtkWidget *dropdown = find_widget (window_child (window, "task_list"), GTK_TYPE_DROP_DOWN, "Show tasks by status");
  GtkWidget *item;

  g_assert_nonnull (dropdown);
  click (dropdown);
  pump (300);
  assert_marked (dropdown);
  item = find_label_widget (dropdown, label);
  if (item == NULL)
    {
      /* Below the end of the popover (a review adds two): scrolled to */
      GtkWidget *scrolled = find_widget_of_type (dropdown, GTK_TYPE_SCROLLED_WINDOW);
      GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));

      gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
      pump (300);
      item = find_label_widget (dropdown, label);
    }
  g_assert_nonnull (item);
  click (item);
  pump (200);
}

static gboolean
task_shown (gpointer data)
{
  ArcWindow *window = data;
  return g_str_equal (gtk_stack_get_visible_child_name (WIN_CHILD (window, GTK_STACK, "main_stack")), "task");
}

/* Whether the task view has kept its layout for a quarter of a second: a
 * window still settling (slow under load) lays its task out again */
typedef struct
{
  ArcTaskView   *view;
  ArcTaskLayout *last;   /* the layout seen last, and since when */
  gint64         since;
} Steady;

static gboolean
layout_steady (gpointer data)
{
  Steady *s = data;
  ArcTaskLayout *layout = arc_task_view_get_layout (s->view);

  if (layout == NULL || layout != s->last)
    {
      s->last = layout;
      s->since = g_get_monotonic_time ();
      return FALSE;
    }
  return g_get_monotonic_time () - s->since > G_USEC_PER_SEC / 4;
}

static void
reset_settings (GSettings *settings)
{
  g_settings_reset (settings, "last-collection");
  g_settings_reset (settings, "last-task");
  g_settings_reset (settings, "recent-collections");
}

/* A first start: the welcome page says what the app is for, with the
 * samples listed and no task selected; "Browse the Sample Tasks" shows the
 * first. A remembered collection that is gone: the welcome page again,
 * with the recent collections. Samples browsed last time: that task. */
static void
test_welcome (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *path = collection_fixture_path ();
  g_autoptr(GFile) fixture = g_file_new_for_path (path);
  g_autofree char *fixture_uri = g_file_get_uri (fixture);
  ArcWindow *window;
  gboolean welcome;

  if (!can_send_input ())
    return;
  reset_settings (settings);
  window = new_window ();
  arc_window_open_initial (window);
  wait_for (list_idle, window, "the samples");
  g_assert_true (arc_window_is_welcoming (window));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (WIN_CHILD (window, GTK_STACK, "main_stack")), ==, "welcome");
  g_assert_true (find_label (window_child (window, "main_stack"), "Welcome to ARC Studio"));
  g_assert_null (selected_entry (window));
  g_assert_cmpuint (n_shown (window), ==, 13);
  g_assert_false (gtk_widget_get_visible (window_child (window, "notes_pane")));
  /* and its toggle is not down */
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (window_child (window, "notes_button"))));
  g_assert_false (gtk_widget_get_visible (window_child (window, "welcome_recent")));
  g_assert_true (find_label (window_child (window, "main_stack"), "Open Folder…"));
  g_assert_true (find_label (window_child (window, "main_stack"), "Open Task or Kaggle File…"));
  focus_window (window);
  click (find_button (window_child (window, "main_stack"), "Browse the Sample Tasks"));
  wait_for (task_shown, window, "the first sample");
  g_assert_false (arc_window_is_welcoming (window));
  g_assert_cmpstr (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "task_title")), ==, "denoise");
  g_assert_cmpstr (selected_id (window), ==, "denoise");
  g_assert_true (gtk_widget_get_visible (window_child (window, "notes_pane")));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (window_child (window, "notes_button"))));
  g_assert_true (focus_in (window_child (window, "task_list")));  /* not the title, all selected */
  /* (nor did the focus pass through it on the way, which left its text
   * selected) */
  g_assert_false (gtk_label_get_selection_bounds (WIN_CHILD (window, GTK_LABEL, "task_title"), NULL, NULL));
  press ("n");
  g_assert_cmpstr (selected_id (window), ==, "fill-enclosed");
  gtk_window_destroy (GTK_WINDOW (window));

  /* The last collection is gone: welcome, with the recent ones to open */
  {
    const char *recent[] = { "file:///nonexistent/arc-gone", fixture_uri, NULL };

    g_settings_set_strv (settings, "recent-collections", recent);
    g_settings_set_string (settings, "last-collection", "file:///nonexistent/arc-gone");
    g_settings_set_string (settings, "last-task", "t1");
  }
  window = new_window ();
  arc_window_open_initial (window);
  wait_for (list_idle, window, "the samples");
  g_assert_true (arc_window_is_welcoming (window));
  g_assert_true (gtk_widget_get_visible (window_child (window, "welcome_recent")));
  g_assert_false (find_label (window_child (window, "welcome_recent"), "arc-gone"));  /* gone */
  focus_window (window);
  click (find_label_widget (window_child (window, "welcome_recent"), "collection"));
  wait_for (list_idle, window, "the recent collection");
  wait_for (task_shown, window, "its first task");
  g_assert_cmpstr (adw_window_title_get_title (WIN_CHILD (window, ADW_WINDOW_TITLE, "window_title")), ==, "collection");
  g_assert_cmpstr (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "task_title")), ==, "e1");
  gtk_window_destroy (GTK_WINDOW (window));

  /* The samples were browsed: back at that task */
  g_settings_set_string (settings, "last-collection", "");
  g_settings_set_string (settings, "last-task", "gravity");
  window = new_window ();
  arc_window_open_initial (window);
  wait_for (list_idle, window, "the samples");
  g_assert_false (arc_window_is_welcoming (window));
  g_assert_cmpstr (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "task_title")), ==, "gravity");
  gtk_window_destroy (GTK_WINDOW (window));

  /* A collection that is there opens as it was */
  g_settings_set_string (settings, "last-collection", fixture_uri);
  {
    g_autoptr(GFile) file = arc_window_initial_file (settings, &welcome);
    g_assert_true (g_file_equal (file, fixture));
    g_assert_false (welcome);
  }
  reset_settings (settings);
}

/* Escape in the search clears it, a second leaves it; a click on the task
 * leaves it too, and N steps through the tasks again */
static void
test_search_escape (void)
{
  g_autofree char *path = collection_fixture_path ();
  ArcWindow *window;
  GtkWidget *entry;

  if (!can_send_input ())
    return;
  window = open_path (path);
  entry = search_entry (window);
  focus_window (window);
  click (entry);
  type_text ("zz");
  wait_count (window, 0);
  press ("Escape");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");
  g_assert_true (focus_in (entry));
  wait_count (window, 9);
  press ("Escape");
  g_assert_false (focus_in (entry));
  g_assert_cmpstr (selected_id (window), ==, "e1");
  press ("n");
  g_assert_cmpstr (selected_id (window), ==, "t1");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");

  /* A click on the task view */
  click (entry);
  type_text ("task");
  wait_count (window, 2);
  g_assert_cmpstr (selected_id (window), ==, "task_2");
  g_assert_true (focus_in (entry));
  click_at (window_child (window, "task_view"), 2, 2);
  g_assert_false (focus_in (entry));
  press ("n");
  g_assert_cmpstr (selected_id (window), ==, "task_10");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "task");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* An empty result says what matched nothing, and its button shows every
 * task again, in the sidebar and in the main area */
static void
test_empty_results (void)
{
  g_autofree char *path = collection_fixture_path ();
  ArcWindow *window;
  ArcTaskList *list;
  GtkStack *stack;

  if (!can_send_input ())
    return;
  window = open_path (path);
  list = WIN_CHILD (window, ARC_TASK_LIST, "task_list");
  stack = WIN_CHILD (window, GTK_STACK, "main_stack");
  focus_window (window);

  /* A filter that keeps the task shown: the status line says how many
   * are listed */
  g_assert_cmpstr (selected_id (window), ==, "e1");
  choose_status (window, "Valid");
  wait_count (window, 7);
  g_assert_cmpstr (selected_id (window), ==, "e1");
  g_assert_cmpstr (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "status_label")), ==,
                   "collection — task 1 of 7 listed, 9 in all");
  choose_status (window, "All tasks");
  wait_count (window, 9);
  g_assert_cmpstr (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "status_label")), ==, "collection — task 1 of 9");

  click (search_entry (window));
  type_text ("27a7x");
  wait_count (window, 0);
  g_assert_true (find_label (GTK_WIDGET (list), "No tasks match “27a7x”"));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "empty");
  g_assert_true (find_label (GTK_WIDGET (stack), "No tasks match “27a7x”"));
  g_assert_false (find_label_containing (GTK_WIDGET (window), "no task files"));
  click (find_button (GTK_WIDGET (list), "Clear Search"));
  wait_count (window, 9);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (search_entry (window))), ==, "");
  wait_for (task_shown, window, "a task again");

  /* Nothing failed */
  choose_status (window, "Failed");
  wait_count (window, 0);
  g_assert_true (find_label (GTK_WIDGET (list), "No failed tasks"));
  g_assert_true (find_label (GTK_WIDGET (stack), "No failed tasks"));
  click (find_button (GTK_WIDGET (stack), "Show All Tasks"));
  wait_count (window, 9);
  wait_for (task_shown, window, "a task again");

  /* Both */
  click (search_entry (window));
  type_text ("e1");
  choose_status (window, "Invalid");
  wait_count (window, 0);
  g_assert_true (find_label (GTK_WIDGET (list), "No invalid tasks match “e1”"));
  click (find_button (GTK_WIDGET (list), "Clear Search and Filters"));
  wait_count (window, 9);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* One-pair tasks @ids (1 → 2, test 3 → 4) in @dir */
static void
write_tasks (const char        *dir,
             const char * const *ids,
             gsize              n)
{
  for (gsize i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s/%s.json", dir, ids[i]);
      g_assert_true (g_file_set_contents (name, "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], "
                                                "\"test\": [{\"input\": [[3]], \"output\": [[4]]}]}", -1, NULL));
    }
}

static void
write_notes (const char *dir,
             const char *id,
             ArcVerdict  verdict,
             guint       n_attempts,
             const char *description)
{
  g_autofree char *name = g_strdup_printf ("%s/%s.json", dir, id);
  g_autoptr(GFile) task_file = g_file_new_for_path (name);
  g_autoptr(GFile) sidecar = arc_entry_sidecar_for (task_file);
  g_autoptr(ArcNotes) notes = arc_notes_new (sidecar);
  ArcAnnotation *a = arc_notes_ensure (notes, id, "ada");
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < n_attempts; i++)
    {
      g_autoptr(ArcGrid) grid = arc_grid_new (1, 1);
      ArcAttempt *attempt = arc_attempt_new (0, grid, verdict, TRUE);

      attempt->trials = 3;
      g_ptr_array_add (a->attempts, attempt);
    }
  if (description)
    {
      g_free (a->transform_text);
      a->transform_text = g_strdup (description);
    }
  g_assert_true (arc_notes_save (notes, FALSE, &error));
  g_assert_no_error (error);
}

static gboolean
attempted (gpointer data)
{
  gpointer *args = data;
  return arc_collection_status_get_flags (args[0], args[1]) & ARC_NOTES_FLAG_ATTEMPTED;
}

static gboolean
menu_has_item (gpointer data)
{
  gpointer *args = data;
  GtkPopover *popover = gtk_menu_button_get_popover (args[0]);

  return popover && gtk_widget_get_mapped (GTK_WIDGET (popover)) && find_menu_item (GTK_WIDGET (popover), args[1]);
}

/* Random Task, by its key and its menu item: another task of the list as
 * filtered, one not solved while there is one */
static void
test_random_task (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-browse-XXXXXX", NULL);
  const char *ids[] = { "r_a", "r_b", "r_c", "r_d", "r_e" };
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  ArcWindow *window;
  ArcTaskList *list;
  GtkWidget *menu_button;
  const char *before;

  if (!can_send_input ())
    return;
  g_settings_set_string (settings, "annotator", "ada");
  write_tasks (tmp, ids, G_N_ELEMENTS (ids));
  write_notes (tmp, "r_b", ARC_VERDICT_CORRECT, 1, NULL);
  write_notes (tmp, "r_d", ARC_VERDICT_CORRECT, 1, NULL);
  window = open_path (tmp);
  list = WIN_CHILD (window, ARC_TASK_LIST, "task_list");
  wait_count (window, 5);
  wait_for (task_shown, window, "the first task");
  {
    ArcCollectionStatus *status = arc_task_list_get_status (list);
    ArcCollection *collection = arc_task_list_get_collection (list);
    guint position;
    gpointer args[2];

    g_assert_true (arc_collection_find (collection, "r_d", &position));
    args[0] = status;
    args[1] = arc_collection_get_entry (collection, position);
    wait_for (attempted, args, "the notes to be counted");
  }

  /* R, from the task: never the task shown, never a solved one while
   * others are not; in 30 goes, each of the others */
  focus_window (window);
  click_at (window_child (window, "task_view"), 2, 2);
  for (guint i = 0; i < 30; i++)
    {
      before = selected_id (window);
      press ("r");
      g_assert_cmpstr (selected_id (window), !=, before);
      g_assert_cmpstr (selected_id (window), !=, "r_b");
      g_assert_cmpstr (selected_id (window), !=, "r_d");
      g_hash_table_add (seen, (gpointer) selected_id (window));
    }
  g_assert_cmpuint (g_hash_table_size (seen), ==, 3);

  /* The list as filtered: among the solved ones, the other one */
  arc_task_list_set_status_filter (list, ARC_STATUS_FILTER_SOLVED);
  wait_count (window, 2);
  arc_task_list_select_id (list, "r_b");
  pump (100);
  menu_button = window_child (window, "menu_button");
  {
    gpointer args[] = { menu_button, (gpointer) "Random Task" };

    click (menu_button);
    wait_for (menu_has_item, args, "the main menu");
    click (find_menu_item (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu_button))), "Random Task"));
    pump (100);
  }
  g_assert_cmpstr (selected_id (window), ==, "r_d");

  /* Typing an R in the search field types it */
  arc_task_list_focus_search (list);
  pump (50);
  press ("r");
  g_assert_cmpstr (selected_id (window), ==, "r_d");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find_widget_of_type (GTK_WIDGET (list), GTK_TYPE_SEARCH_ENTRY))),
                   ==, "r");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A search of several words finds the tasks that have them all, in any
 * order and any field; a phrase in quotes is one word */
static void
test_search_words (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-browse-XXXXXX", NULL);
  const struct { const char *id; const char *text; } tasks[] = {
    { "w_both", "Rotate the grid, then fill the holes" },
    { "w_rotate", "rotate it a quarter turn" },
    { "w_fill", "fill every enclosed area" },
    { "w_none", NULL },
  };
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  ArcWindow *window;
  GtkWidget *entry;

  if (!can_send_input ())
    return;
  g_settings_set_string (settings, "annotator", "ada");
  for (guint i = 0; i < G_N_ELEMENTS (tasks); i++)
    {
      g_autofree char *name = g_strdup_printf ("%s/%s.json", tmp, tasks[i].id);
      g_assert_true (g_file_set_contents (name, "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], "
                                                "\"test\": [{\"input\": [[3]], \"output\": [[4]]}]}", -1, NULL));
      if (tasks[i].text)
        write_notes (tmp, tasks[i].id, ARC_VERDICT_WRONG, 0, tasks[i].text);
    }
  window = open_path (tmp);
  wait_count (window, 4);
  entry = search_entry (window);
  focus_window (window);
  click (entry);
  type_text ("rotate fill");
  wait_count (window, 1);
  g_assert_cmpstr (selected_id (window), ==, "w_both");
  press ("ctrl+a");
  type_text ("fill   ROTATE");
  wait_count (window, 1);
  press ("ctrl+a");
  type_text ("rotate");
  wait_count (window, 2);
  /* A word of the id with a word of the notes */
  press ("ctrl+a");
  type_text ("w_fill enclosed");
  wait_count (window, 1);
  g_assert_cmpstr (selected_id (window), ==, "w_fill");
  /* A phrase */
  press ("ctrl+a");
  type_text ("\"then fill\"");
  wait_count (window, 1);
  press ("ctrl+a");
  type_text ("\"fill rotate\"");
  wait_count (window, 0);
  gtk_window_destroy (GTK_WINDOW (window));
  remove_tree (tmp);
}

/* Every status of the menu, and right and wrong while a submission is
 * reviewed */
static void
test_status_filter (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-browse-XXXXXX", NULL);
  const char *ids[] = { "f_failed", "f_noted", "f_solved", "f_tried", "f_untouched" };
  const struct { ArcStatusFilter filter; guint n; } expected[] = {
    { ARC_STATUS_FILTER_ALL, 6 }, { ARC_STATUS_FILTER_VALID, 5 }, { ARC_STATUS_FILTER_INVALID, 1 },
    { ARC_STATUS_FILTER_NOT_STARTED, 3 }, { ARC_STATUS_FILTER_ATTEMPTED, 3 }, { ARC_STATUS_FILTER_SOLVED, 1 },
    { ARC_STATUS_FILTER_FAILED, 1 }, { ARC_STATUS_FILTER_ANNOTATED, 1 }, { ARC_STATUS_FILTER_NOT_ANNOTATED, 5 },
  };
  g_autoptr(GHashTable) marks = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree char *broken = g_build_filename (tmp, "f_broken.json", NULL);
  GtkWidget *dropdown;
  ArcWindow *window;
  ArcTaskList *list;

  /* The user is ada, whose attempts and notes these are */
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);

  if (!can_send_input ())
    return;
  g_settings_set_string (settings, "annotator", "ada");
  write_tasks (tmp, ids, G_N_ELEMENTS (ids));
  g_assert_true (g_file_set_contents (broken, "{\"train\": []}", -1, NULL));
  write_notes (tmp, "f_failed", ARC_VERDICT_WRONG, 3, NULL);
  write_notes (tmp, "f_solved", ARC_VERDICT_CORRECT, 1, NULL);
  write_notes (tmp, "f_tried", ARC_VERDICT_WRONG, 1, NULL);
  write_notes (tmp, "f_noted", ARC_VERDICT_WRONG, 0, "recolour the largest object");
  window = open_path (tmp);
  list = WIN_CHILD (window, ARC_TASK_LIST, "task_list");
  dropdown = find_widget (GTK_WIDGET (list), GTK_TYPE_DROP_DOWN, "Show tasks by status");

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      arc_task_list_set_status_filter (list, expected[i].filter);
      wait_count (window, expected[i].n);
    }
  arc_task_list_set_status_filter (list, ARC_STATUS_FILTER_ALL);
  wait_count (window, 6);

  /* With the pointer */
  focus_window (window);
  choose_status (window, "Solved");
  wait_count (window, 1);
  g_assert_cmpstr (selected_id (window), ==, "f_solved");
  choose_status (window, "Not started");
  wait_count (window, 3);
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (dropdown))), ==, 11);

  /* Answering a task listed as not started keeps it listed while it is
   * shown; it goes when another is */
  g_assert_true (arc_window_select_task (window, "f_untouched"));
  wait_for (task_shown, window, "f_untouched");
  click (find_button (window_child (window, "solve_view"), "Submit"));
  {
    ArcCollectionStatus *status = arc_task_list_get_status (list);
    ArcCollection *collection = arc_task_list_get_collection (list);
    guint position;
    gpointer args[2];

    g_assert_true (arc_collection_find (collection, "f_untouched", &position));
    args[0] = status;
    args[1] = arc_collection_get_entry (collection, position);
    wait_for (attempted, args, "the answer to be saved and counted");
  }
  pump (200);
  g_assert_cmpuint (n_shown (window), ==, 3);
  g_assert_cmpstr (selected_id (window), ==, "f_untouched");
  focus_window (window);
  click_at (window_child (window, "task_view"), 2, 2);
  press ("p");  /* it is the last */
  wait_count (window, 2);
  g_assert_cmpstr (selected_id (window), ==, "f_noted");

  /* A review offers right and wrong; when it ends, they go */
  g_hash_table_insert (marks, (gpointer) "f_solved", GINT_TO_POINTER (ARC_REVIEW_RIGHT));
  g_hash_table_insert (marks, (gpointer) "f_tried", GINT_TO_POINTER (ARC_REVIEW_WRONG));
  g_hash_table_insert (marks, (gpointer) "f_failed", GINT_TO_POINTER (ARC_REVIEW_WRONG));
  arc_task_list_set_review (list, marks);
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (dropdown))), ==, 13);
  choose_status (window, "Wrong in the review");
  wait_count (window, 2);
  choose_status (window, "Right in the review");
  wait_count (window, 1);
  arc_task_list_set_review (list, NULL);
  wait_count (window, 6);
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (dropdown))), ==, 11);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown)), ==, ARC_STATUS_FILTER_ALL);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "annotator");
  remove_tree (tmp);
}

/* Work in progress on @id, kept as the workspace keeps it */
static void
write_work (const char *dir,
            const char *id)
{
  g_autofree char *name = g_strdup_printf ("%s/%s.json", dir, id);
  g_autoptr(GFile) task_file = g_file_new_for_path (name);
  g_autoptr(GFile) work = arc_solve_dup_work_file (task_file, id);
  g_autofree char *path = g_file_get_path (work);
  g_autofree char *folder = g_path_get_dirname (path);

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, "{\"format\": \"arc-studio-workspace\", \"version\": 1, "
                                            "\"tests\": [{\"time\": 1, \"output\": [[5]]}]}", -1, NULL));
}

static gboolean
subtitle_has (gpointer data)
{
  gpointer *args = data;
  const char *subtitle = adw_window_title_get_subtitle (WIN_CHILD (args[0], ADW_WINDOW_TITLE, "window_title"));

  return subtitle && strstr (subtitle, args[1]) != NULL;
}

static void
wait_subtitle (ArcWindow *window, const char *text)
{
  gpointer args[2] = { window, (gpointer) text };
  g_autofree char *what = g_strdup_printf ("the summary to say “%s”", text);

  wait_for (subtitle_has, args, what);
}

static gboolean
notes_pane_says (gpointer data)
{
  gpointer *args = data;

  return find_label_widget (window_child (args[0], "notes_pane"), args[1]) != NULL;
}

/* Notes written beside a task by another program while the window is
 * open (a LARC import from the command line, say): the counts, the
 * status filter and the search follow them */
static void
test_notes_written_outside (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-browse-XXXXXX", NULL);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  ArcWindow *window;

  if (!can_send_input ())
    return;
  g_settings_reset (settings, "annotator");
  for (guint i = 1; i <= 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s/t%u.json", tmp, i);
      g_assert_true (g_file_set_contents (name, "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], "
                                                "\"test\": [{\"input\": [[3]], \"output\": [[4]]}]}", -1, NULL));
    }
  window = open_path (tmp);
  g_assert_cmpstr (selected_id (window), ==, "t1");
  wait_subtitle (window, "3 tasks");

  /* ada describes t3, elsewhere */
  write_notes (tmp, "t3", ARC_VERDICT_WRONG, 0, "mirror the purple staircase");
  wait_subtitle (window, "described by others 1");
  focus_window (window);
  choose_status (window, "Described by others");
  wait_count (window, 1);
  wait_for (task_shown, window, "the described task");
  g_assert_cmpstr (selected_id (window), ==, "t3");
  choose_status (window, "All tasks");
  wait_count (window, 3);
  click (search_entry (window));
  type_text ("staircase");
  wait_count (window, 1);
  g_assert_cmpstr (selected_id (window), ==, "t3");

  /* Written again while another task is shown: what the window read of
   * t3 when it showed it does not stand in for the file */
  press ("ctrl+a");
  type_text ("t1");
  wait_count (window, 1);
  g_assert_cmpstr (selected_id (window), ==, "t1");
  write_notes (tmp, "t3", ARC_VERDICT_WRONG, 0, "rotate the green ladder");
  press ("ctrl+a");
  type_text ("ladder");
  wait_count (window, 1);
  g_assert_cmpstr (selected_id (window), ==, "t3");
  wait_for (notes_pane_says, (gpointer[]) { window, "rotate the green ladder" }, "t3's new description");
  gtk_window_destroy (GTK_WINDOW (window));
  remove_tree (tmp);
}


/* ada describes @id in the notes file of @tasks (a Kaggle or JSON Lines
 * file: one notes file for all its tasks), as another program would */
static void
write_combined_notes (const char *tasks,
                      const char *id,
                      const char *description)
{
  g_autoptr(GFile) file = g_file_new_for_path (tasks);
  g_autoptr(GFile) sidecar = arc_entry_sidecar_for (file);
  g_autoptr(ArcNotes) notes = arc_notes_new (sidecar);
  g_autoptr(GError) error = NULL;
  ArcAnnotation *a;

  g_assert_true (arc_notes_load (notes, &error));
  a = arc_notes_ensure (notes, id, "ada");
  g_free (a->transform_text);
  a->transform_text = g_strdup (description);
  g_assert_true (arc_notes_save (notes, FALSE, &error));
  g_assert_no_error (error);
}

/* The same for the tasks of a Kaggle file in a folder, and of a JSON
 * Lines file opened on its own */
static void
test_combined_notes_written_outside (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-browse-XXXXXX", NULL);
  g_autofree char *challenges = g_build_filename (tmp, "k_challenges.json", NULL);
  g_autofree char *solutions = g_build_filename (tmp, "k_solutions.json", NULL);
  g_autofree char *lines = g_build_filename (tmp, "lines", "synthetic.jsonl", NULL);
  g_autofree char *lines_dir = g_path_get_dirname (lines);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  const char *task = "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]]}]}";
  g_autofree char *kaggle = g_strdup_printf ("{\"k1\": %s, \"k2\": %s}", task, task);
  g_autofree char *jsonl = g_strdup_printf ("{\"id\": \"j1\", %s\n{\"id\": \"j2\", %s\n", task + 1, task + 1);
  ArcWindow *window;

  if (!can_send_input ())
    return;
  g_settings_reset (settings, "annotator");
  g_assert_true (g_file_set_contents (challenges, kaggle, -1, NULL));
  g_assert_true (g_file_set_contents (solutions, "{\"k1\": [[[4]]], \"k2\": [[[4]]]}", -1, NULL));
  window = open_path (tmp);
  wait_subtitle (window, "2 tasks");
  write_combined_notes (challenges, "k2", "paint the blue frame");
  wait_subtitle (window, "described by others 1");
  focus_window (window);
  click (search_entry (window));
  type_text ("frame");
  wait_count (window, 1);
  g_assert_cmpstr (selected_id (window), ==, "k2");
  gtk_window_destroy (GTK_WINDOW (window));

  g_assert_cmpint (g_mkdir (lines_dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (lines, jsonl, -1, NULL));
  window = open_path (lines);
  wait_subtitle (window, "2 tasks");
  write_combined_notes (lines, "j1", "grow the red seed");
  wait_subtitle (window, "described by others 1");
  gtk_window_destroy (GTK_WINDOW (window));
  remove_tree (tmp);
}

/* Tab leaves the list of tasks, whatever its length, and Shift+Tab goes
 * back to the filters above it; the arrows move in it */
static void
test_tab_leaves_list (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-browse-XXXXXX", NULL);
  ArcWindow *window;
  GtkWidget *list, *focus;

  if (!can_send_input ())
    return;
  for (guint i = 0; i < 40; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s/t%02u.json", tmp, i);
      g_assert_true (g_file_set_contents (name, "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], "
                                                "\"test\": [{\"input\": [[3]], \"output\": [[4]]}]}", -1, NULL));
    }
  window = open_path (tmp);
  wait_count (window, 40);
  list = find_sidebar_list (window_child (window, "task_list"));
  focus_window (window);
  click (find_label_widget (list, "t02"));
  pump (100);
  g_assert_true (focus_in (list));
  press ("Down");
  g_assert_cmpstr (selected_id (window), ==, "t03");
  g_assert_true (focus_in (list));
  press ("Tab");
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  g_assert_false (gtk_widget_is_ancestor (focus, window_child (window, "task_list")));
  g_assert_true (gtk_widget_is_ancestor (focus, window_child (window, "task_page")));
  click (find_label_widget (list, "t03"));
  pump (100);
  press ("shift+Tab");
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  g_assert_false (focus_in (list));
  g_assert_nonnull (gtk_widget_get_ancestor (focus, GTK_TYPE_DROP_DOWN));
  gtk_window_destroy (GTK_WINDOW (window));
  remove_tree (tmp);
}

static gboolean
is_in_progress_badge (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_IMAGE (widget) && gtk_widget_get_visible (widget) &&
         g_strcmp0 (gtk_widget_get_tooltip_text (widget), "In progress, no answer submitted") == 0 &&
         gtk_widget_get_ancestor (widget, ARC_TYPE_TASK_ROW) != NULL;
}

/* The task of the first row that shows the in-progress badge */
static const char *
in_progress_row (ArcWindow *window)
{
  GtkWidget *list = find_sidebar_list (window_child (window, "task_list"));
  GtkWidget *badge = find_widget_matching (list, is_in_progress_badge, NULL);

  if (badge == NULL)
    return NULL;
  return arc_entry_get_id (arc_task_row_get_entry (ARC_TASK_ROW (gtk_widget_get_ancestor (badge, ARC_TYPE_TASK_ROW))));
}

/* Work in progress that was never submitted is not "Not started": it has
 * its filter, its count and its badge, from a listing of the work folder
 * and from the first change in the workspace */
static void
test_in_progress (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-browse-XXXXXX", NULL);
  const char *ids[] = { "p_tried", "p_untouched", "p_working" };
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  ArcWindow *window;
  ArcTaskList *list;

  if (!can_send_input ())
    return;
  g_settings_set_string (settings, "annotator", "ada");
  write_tasks (tmp, ids, G_N_ELEMENTS (ids));
  /* Submitted after working: attempted, not in progress */
  write_notes (tmp, "p_tried", ARC_VERDICT_WRONG, 1, NULL);
  write_work (tmp, "p_tried");
  write_work (tmp, "p_working");
  window = open_path (tmp);
  list = WIN_CHILD (window, ARC_TASK_LIST, "task_list");
  wait_subtitle (window, " · 1 in progress");
  wait_subtitle (window, " · 1 attempted");

  arc_task_list_set_status_filter (list, ARC_STATUS_FILTER_NOT_STARTED);
  wait_count (window, 1);
  arc_task_list_set_status_filter (list, ARC_STATUS_FILTER_ATTEMPTED);
  wait_count (window, 1);
  g_assert_null (in_progress_row (window));
  focus_window (window);
  choose_status (window, "In progress");
  wait_count (window, 1);
  g_assert_cmpstr (in_progress_row (window), ==, "p_working");

  /* A change in the workspace of a task not started: in progress */
  choose_status (window, "Not started");
  wait_count (window, 1);
  g_assert_true (arc_window_select_task (window, "p_untouched"));
  wait_for (task_shown, window, "p_untouched");
  focus_window (window);
  click (find_actionable (window_child (window, "solve_view"), "solve.copy-from-input", NULL));
  wait_subtitle (window, " · 2 in progress");
  g_assert_cmpuint (n_shown (window), ==, 1);  /* kept listed while shown */
  g_assert_cmpstr (in_progress_row (window), ==, "p_untouched");
  choose_status (window, "In progress");
  wait_count (window, 2);
  choose_status (window, "Not started");
  wait_count (window, 0);

  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "annotator");
  remove_tree (tmp);
}

static gboolean
in_progress_shown (gpointer window)
{
  return in_progress_row (window) != NULL;
}

static gboolean
in_progress_gone (gpointer window)
{
  const char *subtitle = adw_window_title_get_subtitle (WIN_CHILD (window, ADW_WINDOW_TITLE, "window_title"));

  return in_progress_row (window) == NULL && subtitle && strstr (subtitle, "in progress") == NULL;
}

/* A click with colour 2 on the top left cell of the output grid */
static void
paint_first_cell (ArcWindow *window)
{
  GtkWidget *output = arc_solve_view_get_output_view (ARC_SOLVE_VIEW (window_child (window, "solve_view")));
  double x, y;

  press ("2");
  g_assert_true (arc_grid_view_cell_centre (ARC_GRID_VIEW (output), 0, 0, &x, &y));
  click_at (output, x, y);
}

/* A task undone back to where it started is not in progress: its badge
 * and its count go, and after a restart too, where its work file (kept,
 * with the actions) is read back; changed again, it is in progress after
 * a restart */
static void
test_in_progress_undone (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-browse-XXXXXX", NULL);
  g_autofree char *task_path = g_build_filename (tmp, "u_task.json", NULL);
  g_autoptr(GFile) task_file = g_file_new_for_path (task_path);
  g_autoptr(GFile) work = arc_solve_dup_work_file (task_file, "u_task");
  g_autofree char *work_path = g_file_get_path (work);
  const char *ids[] = { "u_task", "v_task" };
  ArcWindow *window;

  if (!can_send_input ())
    return;
  write_tasks (tmp, ids, G_N_ELEMENTS (ids));
  window = open_path (tmp);
  g_assert_true (arc_window_select_task (window, "u_task"));
  wait_for (task_shown, window, "u_task");
  g_assert_null (in_progress_row (window));
  focus_window (window);
  paint_first_cell (window);
  wait_for (in_progress_shown, window, "the in-progress badge");
  g_assert_cmpstr (in_progress_row (window), ==, "u_task");
  wait_subtitle (window, " · 1 in progress");
  press ("ctrl+z");
  wait_for (in_progress_gone, window, "the in-progress badge and count to go");
  gtk_window_destroy (GTK_WINDOW (window));
  pump (100);
  /* (the file stays, with the paint and the undo) */
  g_assert_true (file_contains (work_path, "\"changed\":false"));
  g_assert_true (file_contains (work_path, "\"operation\" : \"Undo\""));

  window = open_path (tmp);
  g_assert_null (in_progress_row (window));
  g_assert_true (in_progress_gone (window));
  /* Changed again, and left so: in progress after a restart */
  g_assert_true (arc_window_select_task (window, "u_task"));
  wait_for (task_shown, window, "u_task");
  focus_window (window);
  paint_first_cell (window);
  wait_for (in_progress_shown, window, "the in-progress badge");
  gtk_window_destroy (GTK_WINDOW (window));
  pump (100);
  g_assert_true (file_contains (work_path, "\"changed\":true"));
  window = open_path (tmp);
  wait_subtitle (window, " · 1 in progress");
  g_assert_cmpstr (in_progress_row (window), ==, "u_task");
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (work_path);
  remove_tree (tmp);
}

/* The rows shown in the sidebar's viewport, and whether @entry's is one */
static guint
rows_in_view (ArcWindow *window, ArcEntry *entry, gboolean *entry_in_view)
{
  GtkWidget *list = find_sidebar_list (window_child (window, "task_list"));
  GtkWidget *viewport = gtk_widget_get_parent (list);
  guint n = 0;

  *entry_in_view = FALSE;
  for (GtkWidget *item = gtk_widget_get_first_child (list); item; item = gtk_widget_get_next_sibling (item))
    {
      GtkWidget *row = find_widget (item, ARC_TYPE_TASK_ROW, NULL);
      graphene_rect_t bounds;

      if (row == NULL || !gtk_widget_get_mapped (row) || arc_task_row_get_entry (ARC_TASK_ROW (row)) == NULL ||
          !gtk_widget_compute_bounds (row, viewport, &bounds))
        continue;
      if (bounds.origin.y < 0 || bounds.origin.y + bounds.size.height > gtk_widget_get_height (viewport))
        continue;
      n++;
      if (arc_task_row_get_entry (ARC_TASK_ROW (row)) == entry)
        *entry_in_view = TRUE;
    }
  return n;
}

/* After a restart the sidebar draws its rows and shows the restored task,
 * far down the list */
static void
test_restore_scrolls (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *tmp = g_dir_make_tmp ("arc-browse-XXXXXX", NULL);
  g_autoptr(GFile) dir = g_file_new_for_path (tmp);
  g_autofree char *uri = g_file_get_uri (dir);
  ArcWindow *window;
  gboolean in_view;
  guint n;

  if (!can_send_input ())
    return;
  for (guint i = 0; i < 300; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s/%08x.json", tmp, i * 0x1000);
      g_assert_true (g_file_set_contents (name, "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], "
                                                "\"test\": [{\"input\": [[3]], \"output\": [[4]]}]}", -1, NULL));
    }
  g_settings_set_string (settings, "last-collection", uri);
  g_settings_set_string (settings, "last-task", "000c8000");  /* the 201st */

  /* As the app does: the window gets its collection and task, then shows */
  window = g_object_new (ARC_TYPE_WINDOW, NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 760);
  arc_window_open_initial (window);
  gtk_window_present (GTK_WINDOW (window));
  wait_for (list_idle, window, "the collection to be listed");
  pump (300);
  g_assert_cmpstr (selected_id (window), ==, "000c8000");
  n = rows_in_view (window, selected_entry (window), &in_view);
  g_assert_true (in_view);
  g_assert_cmpuint (n, >=, 10);

  /* And the list goes on from there */
  focus_window (window);
  press ("p");
  g_assert_cmpstr (selected_id (window), ==, "000c7000");
  n = rows_in_view (window, selected_entry (window), &in_view);
  g_assert_true (in_view);
  gtk_window_destroy (GTK_WINDOW (window));
  reset_settings (settings);
  remove_tree (tmp);
}

static gboolean
find_chooser (gpointer data)
{
  *(gpointer *) data = find_mapped_toplevel (GTK_TYPE_FILE_CHOOSER);
  return *(gpointer *) data != NULL;
}

static gboolean
file_exists (gpointer data)
{
  return g_file_test (data, G_FILE_TEST_EXISTS);
}

/* Right-click a grid → Export Grid Image…: the dialog has that grid
 * chosen, and the file written is that grid alone, in the format of the
 * name's extension */
static void
test_export_grid (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-browse-XXXXXX", NULL);
  g_autofree char *task_path = g_build_filename (tmp, "wide.json", NULL);
  g_autofree char *out = g_build_filename (tmp, "out", NULL);
  g_autofree char *svg_path = g_build_filename (out, "one-grid.svg", NULL);
  g_autofree char *svg = NULL;
  g_autofree char *expected = NULL;
  GtkFileChooser *chooser = NULL;
  ArcSlot slot;
  ArcRenderOptions options;
  ArcWindow *window;
  ArcTaskView *examples;
  GtkWidget *item;
  int width, height;

  if (!can_send_input ())
    return;
  g_assert_true (g_file_set_contents (task_path,
    "{\"train\": [{\"input\": [[1, 2, 3], [4, 5, 6]], \"output\": [[1]]},"
    "           {\"input\": [[7]], \"output\": [[8, 8]]}],"
    " \"test\": [{\"input\": [[3, 3, 3, 3]], \"output\": [[4]]}]}", -1, NULL));
  g_assert_cmpint (g_mkdir (out, 0700), ==, 0);
  window = open_path (tmp);
  examples = WIN_CHILD (window, ARC_TASK_VIEW, "task_view");
  wait_for (task_shown, window, "the task");
  focus_window (window);

  /* The second pair's output, by the pointer */
  {
    Steady steady = { examples, NULL, 0 };

    wait_for (layout_steady, &steady, "the task's layout to settle");
  }
  slot = *arc_task_layout_get_slot (arc_task_view_get_layout (examples), 3);
  g_assert_cmpint (slot.kind, ==, ARC_SLOT_TRAIN_OUTPUT);
  g_assert_cmpuint (slot.index, ==, 1);
  {
    g_autofree char *xid = window_xid (GTK_WIDGET (window));
    g_autofree char *sx = NULL;
    g_autofree char *sy = NULL;

    window_point (GTK_WIDGET (examples), slot.x + slot.width / 2.0, slot.y + slot.height / 2.0, &sx, &sy);
    xdotool ("mousemove", "--window", xid, sx, sy, "click", "3", NULL);
    pump (300);
  }
  /* The task laid out again while the menu is open (here for the digits;
   * a resize does the same) keeps the grid the menu was opened on */
  {
    g_autoptr(GSettings) settings = g_settings_new (APP_ID);

    g_settings_set_boolean (settings, "show-digits", TRUE);
    pump (100);
    g_settings_reset (settings, "show-digits");
    pump (100);
  }
  item = find_label_widget (GTK_WIDGET (examples), "Export Grid Image…");
  g_assert_nonnull (item);
  click (item);
  wait_for (find_chooser, &chooser, "the export dialog of the grid's menu");
  g_assert_cmpstr (gtk_file_chooser_get_choice (chooser, "grid"), ==, "3");
  g_assert_cmpstr (gtk_file_chooser_get_current_name (chooser), ==, "wide-train-2-output.png");
  /* It starts in the Pictures folder, or the home folder without one */
  {
    g_autoptr(GFile) folder = gtk_file_chooser_get_current_folder (chooser);
    g_autofree char *path = folder ? g_file_get_path (folder) : NULL;
    const char *pictures = g_get_user_special_dir (G_USER_DIRECTORY_PICTURES);

    g_assert_nonnull (path);
    g_assert_true (g_strcmp0 (path, g_get_home_dir ()) == 0 || g_strcmp0 (path, pictures) == 0);
  }

  /* Named .svg: written as SVG */
  focus_window (chooser);
  press ("ctrl+a");
  type_text (svg_path);
  press ("Return");
  wait_for (file_exists, svg_path, "the image to be written");
  pump (200);
  g_assert_true (g_file_get_contents (svg_path, &svg, NULL, NULL));
  g_assert_nonnull (strstr (svg, "<svg"));
  arc_task_view_get_render_options (examples, &options);
  options.cell_size = 24;
  arc_render_grid_size (slot.grid, &options, &width, &height);
  expected = g_strdup_printf ("width=\"%d", width);
  g_assert_nonnull (strstr (svg, expected));
  g_assert_cmpint (width, <, 24 * 3);  /* the 1×2 grid, not the task */

  /* Ctrl+Shift+E: the whole task, named .pdf: written as PDF */
  {
    g_autofree char *pdf_path = g_build_filename (out, "task.pdf", NULL);
    g_autofree char *pdf = NULL;

    chooser = NULL;
    focus_window (window);
    press ("ctrl+shift+e");
    wait_for (find_chooser, &chooser, "the export dialog of Ctrl+Shift+E");
    g_assert_cmpstr (gtk_file_chooser_get_choice (chooser, "grid"), ==, "task");
    g_assert_cmpstr (gtk_file_chooser_get_current_name (chooser), ==, "wide.png");
    /* where the last export went */
    {
      g_autoptr(GFile) folder = gtk_file_chooser_get_current_folder (chooser);
      g_autofree char *path = folder ? g_file_get_path (folder) : NULL;

      g_assert_cmpstr (path, ==, out);
    }
    focus_window (chooser);
    press ("ctrl+a");
    type_text (pdf_path);
    press ("Return");
    wait_for (file_exists, pdf_path, "the PDF to be written");
    pump (200);
    g_assert_true (g_file_get_contents (pdf_path, &pdf, NULL, NULL));
    g_assert_true (g_str_has_prefix (pdf, "%PDF"));
  }
  gtk_window_destroy (GTK_WINDOW (window));
  remove_tree (tmp);
}

/* Runs `arc-studio-cli notes export DIR -o OUT --format FORMAT` */
static void
cli_export (const char *dir,
            const char *out,
            const char *format)
{
  const char *argv[] = { g_getenv ("ARC_CLI"), "notes", "export", dir, "-o", out, "--format", format, NULL };
  g_autoptr(GError) error = NULL;
  int status = -1;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL,
                               &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

static gboolean
text_view_reads (gpointer data)
{
  gpointer *args = data;
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (args[0]);
  GtkTextIter start, end;
  g_autofree char *text = NULL;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  return g_str_equal (text, args[1]);
}

/* Opens the main menu and clicks @item of its submenu @submenu */
static void
main_menu_item (ArcWindow  *window,
                const char *submenu,
                const char *item)
{
  GtkWidget *menu_button = window_child (window, "menu_button");
  gpointer args[] = { menu_button, (gpointer) submenu };

  click (menu_button);
  wait_for (menu_has_item, args, submenu);
  click (submenu_item (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu_button))), submenu, item));
  pump (100);
}

/* Export Notes… and Export Notes in LARC's Layout…, from the main menu's
 * Export submenu: the file chooser, then the same bytes as the CLI's
 * export, with what was typed a moment before (saved first) */
static void
test_export_notes (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-browse-XXXXXX", NULL);
  g_autofree char *out = g_dir_make_tmp ("arc-browse-out-XXXXXX", NULL);
  g_autofree char *jsonl = g_build_filename (out, "notes.jsonl", NULL);
  g_autofree char *cli_jsonl = g_build_filename (out, "cli.jsonl", NULL);
  g_autofree char *larc_dir = g_build_filename (out, "larc", NULL);
  g_autofree char *cli_larc = g_build_filename (out, "cli-larc", NULL);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  const char *ids[] = { "e_a", "e_b", "e_c" };
  g_autofree char *app_text = NULL, *cli_text = NULL;
  GtkFileChooser *chooser = NULL;
  GtkTextView *input;
  ArcWindow *window;

  if (!can_send_input ())
    return;
  g_settings_set_string (settings, "annotator", "ada");
  write_tasks (tmp, ids, G_N_ELEMENTS (ids));
  write_notes (tmp, "e_b", ARC_VERDICT_WRONG, 1, "recolour the largest object");
  g_assert_cmpint (g_mkdir (larc_dir, 0700), ==, 0);
  window = open_path (tmp);
  wait_count (window, 3);
  wait_for (task_shown, window, "the first task");

  /* Typed, and exported before the autosave (made slow here) */
  arc_task_notes_set_delays (shown_notes (window), 600000, 600000);
  input = GTK_TEXT_VIEW (find_buildable (window_child (window, "notes_pane"), "input_view"));
  focus_window (window);
  click (GTK_WIDGET (input));
  xdotool ("type", "--delay", "5", "a blue frame", NULL);
  {
    gpointer args[] = { input, "a blue frame" };
    wait_for (text_view_reads, args, "the typed text");
  }
  g_assert_true (arc_task_notes_get_modified (shown_notes (window)));
  main_menu_item (window, "Export", "Notes…");
  wait_for (find_chooser, &chooser, "the Export Notes dialog");
  g_assert_cmpstr (gtk_file_chooser_get_current_name (chooser), ==, "notes.jsonl");
  focus_window (chooser);
  press ("ctrl+a");
  type_text (jsonl);
  press ("Return");
  wait_for (file_exists, jsonl, "the notes to be exported");
  pump (300);
  g_assert_true (g_file_get_contents (jsonl, &app_text, NULL, NULL));
  g_assert_nonnull (strstr (app_text, "a blue frame"));
  g_assert_nonnull (strstr (app_text, "recolour the largest object"));
  cli_export (tmp, cli_jsonl, "jsonl");
  g_assert_true (g_file_get_contents (cli_jsonl, &cli_text, NULL, NULL));
  g_assert_cmpstr (app_text, ==, cli_text);
  g_unlink (cli_jsonl);

  /* LARC's layout, into a folder */
  chooser = NULL;
  focus_window (window);
  main_menu_item (window, "Export", "Notes in LARC’s Layout…");
  wait_for (find_chooser, &chooser, "the LARC export dialog");
  {
    g_autoptr(GFile) folder = g_file_new_for_path (larc_dir);

    g_assert_true (gtk_file_chooser_set_file (chooser, folder, NULL));
    pump (300);
    click (find_button (GTK_WIDGET (chooser), "Export"));
  }
  {
    g_autofree char *a_file = g_build_filename (larc_dir, "e_a.json", NULL);
    g_autofree char *b_file = g_build_filename (larc_dir, "e_b.json", NULL);
    g_autofree char *cli_b = g_build_filename (cli_larc, "e_b.json", NULL);
    g_autofree char *app_b_text = NULL, *cli_b_text = NULL;

    wait_for (file_exists, b_file, "the LARC files to be written");
    pump (300);
    cli_export (tmp, cli_larc, "larc");
    g_assert_true (g_file_get_contents (b_file, &app_b_text, NULL, NULL));
    g_assert_true (g_file_get_contents (cli_b, &cli_b_text, NULL, NULL));
    g_assert_cmpstr (app_b_text, ==, cli_b_text);
    g_assert_true (g_file_test (a_file, G_FILE_TEST_EXISTS));
  }
  gtk_window_destroy (GTK_WINDOW (window));
  remove_tree (tmp);
  remove_tree (out);
}

/* Whether the menu shown under @widget scrolls: its items do not fit */
static gboolean
menu_scrolls (GtkWidget *widget)
{
  GtkWidget *scroller = find_widget_of_type (widget, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adj;

  g_assert_nonnull (scroller);
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  return gtk_adjustment_get_upper (adj) > gtk_adjustment_get_page_size (adj) + 0.5;
}

/* The workspace's grids have Export Grid Image… too, in a menu that fits
 * its items: the grid written is the one as it is built */
static void
test_export_workspace_grid (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-browse-XXXXXX", NULL);
  g_autofree char *task_path = g_build_filename (tmp, "wide.json", NULL);
  g_autofree char *png_path = g_build_filename (tmp, "built.png", NULL);
  GtkFileChooser *chooser = NULL;
  ArcWindow *window;
  ArcSolveView *workspace;
  GtkWidget *output, *item, *popover;
  double x, y;

  if (!can_send_input ())
    return;
  g_assert_true (g_file_set_contents (task_path,
    "{\"train\": [{\"input\": [[1, 2, 3], [4, 5, 6]], \"output\": [[1]]}],"
    " \"test\": [{\"input\": [[3, 3, 3, 3]], \"output\": [[4]]}]}", -1, NULL));
  window = open_path (tmp);
  wait_for (task_shown, window, "the task");
  workspace = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  output = arc_solve_view_get_output_view (workspace);
  focus_window (window);
  click (find_actionable (GTK_WIDGET (workspace), "solve.copy-from-input", NULL));

  g_assert_true (arc_grid_view_cell_centre (ARC_GRID_VIEW (output), 0, 1, &x, &y));
  {
    g_autofree char *xid = window_xid (output);
    g_autofree char *sx = NULL;
    g_autofree char *sy = NULL;

    window_point (output, x, y, &sx, &sy);
    xdotool ("mousemove", "--window", xid, sx, sy, "click", "3", NULL);
    pump (300);
  }
  item = find_label_widget (GTK_WIDGET (workspace), "Export Grid Image…");
  g_assert_nonnull (item);
  popover = gtk_widget_get_ancestor (item, GTK_TYPE_POPOVER);
  g_assert_true (gtk_widget_get_mapped (popover));
  g_assert_false (menu_scrolls (popover));
  click (item);
  wait_for (find_chooser, &chooser, "the export dialog of the workspace's menu");
  g_assert_cmpstr (gtk_file_chooser_get_current_name (chooser), ==, "wide-your-output-for-test-1.png");

  focus_window (chooser);
  press ("ctrl+a");
  type_text (png_path);
  press ("Return");
  wait_for (file_exists, png_path, "the image to be written");
  pump (200);
  {
    g_autoptr(GdkTexture) texture = gdk_texture_new_from_filename (png_path, NULL);
    ArcRenderOptions options;
    int width, height;

    g_assert_nonnull (texture);
    arc_task_view_get_render_options (WIN_CHILD (window, ARC_TASK_VIEW, "task_view"), &options);
    options.cell_size = 24;
    arc_render_grid_size (arc_solve_get_output (arc_solve_view_get_solve (workspace)), &options, &width, &height);
    g_assert_cmpint (gdk_texture_get_width (texture), ==, width);   /* the 1×4 grid built */
    g_assert_cmpint (gdk_texture_get_height (texture), ==, height);
  }
  gtk_window_destroy (GTK_WINDOW (window));
  remove_tree (tmp);
}

static GtkWidget *
find_tags_entry (ArcWindow *window)
{
  GtkWidget *label = find_label_widget (window_child (window, "notes_pane"), "Tags, separated by commas");

  g_assert_nonnull (label);
  return gtk_label_get_mnemonic_widget (GTK_LABEL (label));
}

static gboolean
entry_reads (gpointer data)
{
  gpointer *args = data;
  return g_str_equal (gtk_editable_get_text (args[0]), args[1]);
}

/* Every tag of the list completes, not only the first */
static void
test_tag_completion (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-browse-XXXXXX", NULL);
  const char *ids[] = { "t1", "t2" };
  ArcWindow *window;
  GtkWidget *entry;

  if (!can_send_input ())
    return;
  write_tasks (tmp, ids, G_N_ELEMENTS (ids));
  {
    g_autofree char *name = g_strdup_printf ("%s/t2.json", tmp);
    g_autoptr(GFile) task_file = g_file_new_for_path (name);
    g_autoptr(GFile) sidecar = arc_entry_sidecar_for (task_file);
    g_autoptr(ArcNotes) notes = arc_notes_new (sidecar);
    ArcAnnotation *a = arc_notes_ensure (notes, "t2", "ada");

    g_ptr_array_add (a->tags, g_strdup ("counting"));
    g_ptr_array_add (a->tags, g_strdup ("colour-change"));
    g_assert_true (arc_notes_save (notes, FALSE, NULL));
  }
  window = open_path (tmp);
  g_assert_cmpstr (selected_id (window), ==, "t1");
  entry = find_tags_entry (window);
  focus_window (window);
  click (entry);
  type_text ("symmetry, cou");
  pump (300);
  press ("Down");
  press ("Return");
  {
    gpointer args[] = { entry, (gpointer) "symmetry, counting" };
    wait_for (entry_reads, args, "the second tag to be completed");
  }
  type_text (", col");
  pump (300);
  press ("Down");
  press ("Return");
  {
    gpointer args[] = { entry, (gpointer) "symmetry, counting, colour-change" };
    wait_for (entry_reads, args, "the third tag to be completed");
  }
  gtk_window_destroy (GTK_WINDOW (window));
  remove_tree (tmp);
}

static gboolean
within_window (GtkWidget *widget, GtkWidget *window)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (widget, window, &bounds));
  return bounds.origin.x >= 0 && bounds.origin.y >= 0 &&
         bounds.origin.x + bounds.size.width <= gtk_widget_get_width (window) &&
         bounds.origin.y + bounds.size.height <= gtk_widget_get_height (window);
}

static gboolean
confidence_is (gpointer data)
{
  gpointer *args = data;
  ArcTaskNotes *notes = arc_notes_pane_get_notes (args[0]);
  const ArcAnnotation *a = notes ? arc_task_notes_get_annotation (notes) : NULL;

  return a && a->confidence == GPOINTER_TO_INT (args[1]);
}

/* At 800×600 with the notes shown, the confidence and the difficulty are
 * in the window, and the confidence is set with the keyboard, no list */
static void
test_confidence_fits (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-browse-XXXXXX", NULL);
  g_autofree char *name = g_build_filename (tmp, "t1.json", NULL);
  GtkWidget *label, *spin, *difficulty;
  ArcWindow *window;
  ArcNotesPane *pane;

  if (!can_send_input ())
    return;
  g_assert_true (g_file_set_contents (name, "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], "
                                            "\"test\": [{\"input\": [[3]], \"output\": [[4]]}]}", -1, NULL));
  window = present_window (800, 600);
  pane = WIN_CHILD (window, ARC_NOTES_PANE, "notes_pane");
  {
    g_autoptr(GFile) file = g_file_new_for_path (tmp);
    g_assert_true (arc_window_open (window, file));
  }
  wait_for (list_idle, window, "the task");
  wait_for (task_shown, window, "the task");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (pane)));
  focus_window (window);
  if (find_label_widget (GTK_WIDGET (pane), "Confidence") == NULL)
    {
      press ("F9");  /* a narrow window may keep the pane closed until asked */
      pump (600);
    }
  label = find_label_widget (GTK_WIDGET (pane), "Confidence");
  g_assert_nonnull (label);
  spin = gtk_label_get_mnemonic_widget (GTK_LABEL (label));
  difficulty = gtk_label_get_mnemonic_widget (GTK_LABEL (find_label_widget (GTK_WIDGET (pane), "Difficulty")));
  g_assert_true (GTK_IS_SPIN_BUTTON (spin));
  g_assert_true (within_window (spin, GTK_WIDGET (window)));
  g_assert_true (within_window (difficulty, GTK_WIDGET (window)));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "Not given");

  /* Up from "Not given" starts in the middle of the scale */
  click (spin);
  press ("Up");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "5 of 10");  /* with its range */
  press ("Up");
  press ("Up");
  {
    gpointer args[] = { pane, GINT_TO_POINTER (7) };
    wait_for (confidence_is, args, "the confidence to be 7");
  }
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "7 of 10");
  press ("ctrl+a");
  type_text ("2");
  press ("Tab");
  {
    gpointer args[] = { pane, GINT_TO_POINTER (2) };
    wait_for (confidence_is, args, "the confidence to be 2");
  }
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "2 of 10");
  /* Typed, 0 is 0, from "Not given" too */
  click (spin);
  press ("ctrl+a");
  type_text ("x");
  press ("Tab");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "Not given");
  click (spin);
  press ("ctrl+a");
  type_text ("0");
  press ("Tab");
  {
    gpointer args[] = { pane, GINT_TO_POINTER (0) };
    wait_for (confidence_is, args, "the confidence to be 0");
  }
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "0 of 10");
  gtk_window_destroy (GTK_WINDOW (window));
  remove_tree (tmp);
}

static gboolean
close_review_enabled (ArcWindow *window)
{
  return g_action_get_enabled (g_action_map_lookup_action (G_ACTION_MAP (window), "close-review"));
}

static gboolean
task_2_shown (gpointer data)
{
  ArcWindow *window = data;
  return g_str_equal (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "task_title")), "task_2");
}

/* The review panel: it follows the shown task, its summary follows the
 * review, and a click on its Close Review button ends the review, which
 * hides it and disables the action */
static void
test_review_panel_input (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("ARC_FIXTURES_DIR"), "collection", "training", NULL);
  g_autofree char *path = g_build_filename (g_getenv ("ARC_FIXTURES_DIR"), "submissions", "review.json", NULL);
  g_autofree char *tmp = NULL;
  g_autofree char *copy_path = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) copy = NULL;
  g_autoptr(GError) error = NULL;
  ArcWindow *window;
  GtkWidget *panel;
  GtkWidget *button;

  if (!can_send_input ())
    return;
  window = open_in_window (dir, 1000, 700);
  panel = window_child (window, "review_panel");
  g_assert_false (gtk_widget_get_visible (panel));
  g_assert_false (close_review_enabled (window));

  g_assert_true (arc_window_select_task (window, "a1"));
  g_assert_true (arc_window_review_submission (window, file, &error));
  g_assert_no_error (error);
  pump (100);
  g_assert_true (gtk_widget_get_visible (panel));
  g_assert_true (close_review_enabled (window));
  g_assert_true (find_label (panel, "review.json: 1 of 3 test outputs matched (33.3 %), 1 of 3 tasks right (33.3 %)"));
  g_assert_true (find_label (panel, "The submission is right: every test output matched (1 of 1)."));

  /* Another task: the panel shows how it did */
  g_assert_true (arc_window_select_task (window, "task_2"));
  wait_for (task_2_shown, window, "task_2 to be shown");
  g_assert_true (find_label (panel, "The submission is wrong: 0 of 1 test output matched."));
  g_assert_true (find_label (panel, "Wrong size: 3×3, the answer is 2×2"));

  /* Another file: the summary follows the new review */
  tmp = g_dir_make_tmp ("arc-review-XXXXXX", NULL);
  copy_path = g_build_filename (tmp, "other.json", NULL);
  copy = g_file_new_for_path (copy_path);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_true (g_file_set_contents (copy_path, contents, -1, NULL));
  g_assert_true (arc_window_review_submission (window, copy, &error));
  g_assert_no_error (error);
  pump (50);
  g_assert_true (find_label (panel, "other.json: 1 of 3 test outputs matched (33.3 %), 1 of 3 tasks right (33.3 %)"));
  g_assert_false (find_label_containing (panel, "review.json"));
  g_assert_cmpint (g_unlink (copy_path), ==, 0);
  g_assert_cmpint (g_rmdir (tmp), ==, 0);

  /* Its Close Review button, clicked */
  focus_window (window);
  button = find_actionable (panel, "win.close-review", NULL);
  g_assert_nonnull (button);
  click (button);
  pump (50);
  g_assert_false (gtk_widget_get_visible (panel));
  g_assert_false (close_review_enabled (window));
  g_assert_null (arc_review_panel_get_review (ARC_REVIEW_PANEL (panel)));
  g_assert_cmpint (arc_task_list_get_review_mark (WIN_CHILD (window, ARC_TASK_LIST, "task_list"), "a1"), ==, ARC_REVIEW_NONE);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("arc-data-XXXXXX", NULL);

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/arc/browse/welcome", test_welcome);
  g_test_add_func ("/arc/browse/search-escape", test_search_escape);
  g_test_add_func ("/arc/browse/search-words", test_search_words);
  g_test_add_func ("/arc/browse/empty-results", test_empty_results);
  g_test_add_func ("/arc/browse/notes-written-outside", test_notes_written_outside);
  g_test_add_func ("/arc/browse/combined-notes-written-outside", test_combined_notes_written_outside);
  g_test_add_func ("/arc/browse/tab-leaves-list", test_tab_leaves_list);
  g_test_add_func ("/arc/browse/status-filter", test_status_filter);
  g_test_add_func ("/arc/browse/random-task", test_random_task);
  g_test_add_func ("/arc/browse/export-notes", test_export_notes);
  g_test_add_func ("/arc/browse/in-progress", test_in_progress);
  g_test_add_func ("/arc/browse/in-progress-undone", test_in_progress_undone);
  g_test_add_func ("/arc/browse/restore-scrolls", test_restore_scrolls);
  g_test_add_func ("/arc/browse/export-grid", test_export_grid);
  g_test_add_func ("/arc/browse/export-workspace-grid", test_export_workspace_grid);
  g_test_add_func ("/arc/browse/tag-completion", test_tag_completion);
  g_test_add_func ("/arc/browse/confidence-fits", test_confidence_fits);
  g_test_add_func ("/arc/browse/review-panel", test_review_panel_input);

  return g_test_run ();
}

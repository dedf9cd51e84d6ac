/* test-first-frame.c: the window's first frame makes only what it shows
 *
 * The window is started as arc-studio starts it (the collection listed
 * first, then handed to the window, which is then shown). When its first
 * frame is drawn, the main menu's popover, the pages a task is shown
 * instead of (the welcome page, why nothing is listed, an invalid task),
 * the Program section's code editor, the rows of the drop-downs' lists,
 * the tags' completion, the sidebar's page for a search that matches
 * nothing and the list of the files that are not tasks are not made yet;
 * each is made when first used, by real key presses and clicks (xdotool
 * through the X server), and works as it did when the window made it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <gtksourceview/gtksource.h>

#include "arc-notes-pane.h"
#include "arc-program-editor.h"
#include "gui-input.h"

typedef struct
{
  gboolean drawn;           /* the first frame is drawn */
  gboolean menu_made;       /* … and these were made before it */
  gboolean editor_made;
  gboolean bar_made;        /* Edit Task's */
  gboolean completion_made; /* the tags' */
  gboolean skipped_made;    /* the popover listing the files that are not tasks */
  guint    n_pages;         /* the main stack's pages */
  guint    n_list_pages;    /* the sidebar's stack's */
  guint    list_labels;     /* labels in the drop-downs' lists */
  guint    setups;          /* list rows made (by any list item factory) */
  guint    setups_drawn;    /* … before it */
  gulong   handler;
} FirstFrame;

static guint
n_pages (ArcWindow *window)
{
  g_autoptr(GtkSelectionModel) pages = gtk_stack_get_pages (WIN_CHILD (window, GTK_STACK, "main_stack"));

  return g_list_model_get_n_items (G_LIST_MODEL (pages));
}

static guint
n_labels (GtkWidget *widget)
{
  guint n = GTK_IS_LABEL (widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    n += n_labels (child);
  return n;
}

/* The labels in the lists of @widget's drop-downs (not their buttons') */
static guint
drop_down_list_labels (GtkWidget *widget)
{
  guint n = 0;

  if (GTK_IS_LIST_VIEW (widget) && gtk_widget_get_ancestor (widget, GTK_TYPE_DROP_DOWN))
    return n_labels (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    n += drop_down_list_labels (child);
  return n;
}

static GtkEntry *
tags_entry (ArcWindow *window)
{
  return GTK_ENTRY (find_buildable (window_child (window, "notes_pane"), "tags_entry"));
}

static void
after_paint_cb (GdkFrameClock *clock,
                gpointer       data)
{
  ArcWindow *window = data;
  FirstFrame *first = g_object_get_data (G_OBJECT (window), "first-frame");
  GtkWidget *menu = find_primary_menu (GTK_WIDGET (window));

  g_signal_handler_disconnect (clock, first->handler);
  first->drawn = TRUE;
  first->menu_made = gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu)) != NULL;
  first->editor_made = find_widget_of_type (GTK_WIDGET (window), GTK_SOURCE_TYPE_VIEW) != NULL;
  first->bar_made = find_buildable (GTK_WIDGET (window), "bar") != NULL;
  first->n_pages = n_pages (window);
  first->setups_drawn = first->setups;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  first->completion_made = gtk_entry_get_completion (tags_entry (window)) != NULL;
  G_GNUC_END_IGNORE_DEPRECATIONS
  first->skipped_made = gtk_menu_button_get_popover (GTK_MENU_BUTTON (find_buildable (GTK_WIDGET (window), "skipped_button"))) != NULL;
  first->list_labels = drop_down_list_labels (GTK_WIDGET (window));
  {
    g_autoptr(GtkSelectionModel) pages = gtk_stack_get_pages (GTK_STACK (find_buildable (GTK_WIDGET (window), "list_stack")));

    first->n_list_pages = g_list_model_get_n_items (G_LIST_MODEL (pages));
  }
}

static void
realized_cb (GtkWidget  *widget,
             FirstFrame *first)
{
  first->handler = g_signal_connect (gtk_widget_get_frame_clock (widget), "after-paint",
                                     G_CALLBACK (after_paint_cb), widget);
}

static gboolean
first_drawn (gpointer data)
{
  return ((FirstFrame *) data)->drawn;
}

static gboolean
has_editor (gpointer window)
{
  return find_widget_of_type (GTK_WIDGET (window), GTK_SOURCE_TYPE_VIEW) != NULL;
}

static gboolean
bar_shown (gpointer window)
{
  GtkWidget *bar = find_buildable (GTK_WIDGET (window), "bar");

  return bar && gtk_widget_get_mapped (bar);
}

static gboolean
task_shown (gpointer window)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (WIN_CHILD (window, GTK_STACK, "main_stack")), "task") == 0;
}

/* A window started as arc-studio starts one on @path: the collection
 * listed, handed over, then the window shown; @first says what its first
 * frame found made */
static ArcWindow *
start_window_at (GFile      *file,
                 const char *task,
                 FirstFrame *first)
{
  g_autoptr(ArcCollectionStatus) status = arc_collection_status_open (file, "Tasks", TRUE);
  ArcCollection *collection = arc_collection_status_get_collection (status);
  ArcWindow *window = g_object_new (ARC_TYPE_WINDOW, NULL);

  while (arc_collection_get_loading (collection))
    g_main_context_iteration (NULL, TRUE);
  arc_collection_flush (collection);
  arc_window_set_collection (window, collection, status);
  if (task)
    g_assert_true (arc_window_select_task (window, task));
  g_object_set_data (G_OBJECT (window), "first-frame", first);
  g_signal_connect (window, "realize", G_CALLBACK (realized_cb), first);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 760);
  gtk_window_present (GTK_WINDOW (window));
  wait_for (first_drawn, first, "the first frame");
  return window;
}

static ArcWindow *
start_window (GFile      *file,
              FirstFrame *first)
{
  return start_window_at (file, NULL, first);
}

/* The samples: the first frame shows the first task and makes neither the
 * menu, the other pages nor the code editor; the editor follows, and
 * works. F10 then makes the menu, whose items work. */
static void
test_samples (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(GFile) samples = g_file_new_for_uri ("resource:///io/github/arcstudio/ArcStudio/samples");
  FirstFrame first = { 0 };
  ArcWindow *window;
  ArcProgramEditor *editor;
  GtkWidget *menu, *item, *view, *group;
  gboolean digits = g_settings_get_boolean (settings, "show-digits");
  g_autofree char *source = NULL;

  if (!can_send_input ())
    return;
  window = start_window (samples, &first);
  g_assert_true (task_shown (window));
  g_assert_false (first.menu_made);
  g_assert_false (first.editor_made);
  g_assert_false (first.bar_made);
  g_assert_cmpuint (first.n_pages, ==, 1);  /* the task's */
  g_assert_cmpuint (first.list_labels, ==, 0);
  g_assert_false (first.completion_made);
  g_assert_cmpuint (first.n_list_pages, ==, 1);

  /* The code editor, made after that frame, in the Program section */
  wait_for (has_editor, window, "the code editor");
  editor = arc_notes_pane_get_program_editor (WIN_CHILD (window, ARC_NOTES_PANE, "notes_pane"));
  view = find_widget_of_type (GTK_WIDGET (window), GTK_SOURCE_TYPE_VIEW);
  g_assert_true (arc_program_editor_get_view (editor) == view);
  g_assert_true (gtk_widget_is_ancestor (view, GTK_WIDGET (editor)));
  focus_window (window);
  press ("alt+p");  /* the heading's mnemonic */
  pump (100);
  g_assert_true (gtk_widget_has_focus (view));
  xdotool ("type", "--delay", "5", "x = 1", NULL);
  pump (200);
  source = arc_program_editor_dup_source (editor);
  g_assert_cmpstr (source, ==, "x = 1");

  /* F10: the main menu, made now; an item of it */
  menu = find_primary_menu (GTK_WIDGET (window));
  g_assert_null (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu)));
  press ("F10");
  pump (300);
  g_assert_nonnull (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu)));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu)))));
  g_assert_nonnull (find_label_widget (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu))), "Open Recent"));
  item = submenu_item (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu))), "View", "Show Digits");
  g_assert_nonnull (item);
  click (item);
  pump (200);
  g_assert_true (g_settings_get_boolean (settings, "show-digits") != digits);
  g_settings_reset (settings, "show-digits");
  /* and again, by a click on its button */
  click (menu);
  pump (300);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu)))));
  press ("Escape");
  pump (200);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu)))));

  /* The groups' drop-down: its list, made when first opened, shows the
   * groups, and picking one filters the tasks */
  group = find_buildable (GTK_WIDGET (window), "group_filter");
  click (group);
  pump (300);
  item = find_label_widget (group, "geometry");
  g_assert_nonnull (item);
  g_assert_true (gtk_widget_get_mapped (item));
  click (item);
  wait_count (window, 5);
  click (group);
  pump (300);
  click (find_label_widget (group, "All groups"));
  wait_count (window, 13);

  /* The tags' completion, made when the tags are first edited */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  g_assert_null (gtk_entry_get_completion (tags_entry (window)));
  click (GTK_WIDGET (tags_entry (window)));
  pump (100);
  g_assert_nonnull (gtk_entry_get_completion (tags_entry (window)));
  G_GNUC_END_IGNORE_DEPRECATIONS

  /* Edit Task's bar, made when Edit Task is first on, and its buttons
   * follow the task: Ctrl+E again puts it away */
  click_at (window_child (window, "task_view"), 2, 2);
  press ("ctrl+e");
  wait_for (bar_shown, window, "Edit Task's bar");
  item = find_actionable (find_buildable (GTK_WIDGET (window), "bar"), "editor.add-train-pair", NULL);
  g_assert_nonnull (item);
  g_assert_true (gtk_widget_is_sensitive (item));
  press ("ctrl+e");
  pump (200);
  g_assert_false (bar_shown (window));

  /* The welcome page, made when first shown: its button works */
  arc_window_show_welcome (window);
  pump (100);
  g_assert_cmpuint (n_pages (window), ==, 2);
  click (find_label_widget (window_child (window, "main_stack"), "Browse the Sample Tasks"));
  wait_for (task_shown, window, "the first sample");
  g_assert_false (arc_window_is_welcoming (window));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
write_task (const char *dir,
            const char *name,
            const char *text)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
}

/* A folder with an invalid task, a valid one and a file that is not a
 * task: the first frame shows the valid one; N and P make and show the
 * invalid task's page; the button that counts the files that are not tasks
 * makes the list of them; a search that matches nothing makes the pages
 * that say so (the sidebar's and the window's), whose buttons clear it */
static void
test_other_pages (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-first-frame-XXXXXX", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  FirstFrame first = { 0 };
  ArcWindow *window;
  GtkWidget *stack, *list_stack, *skipped;

  if (!can_send_input ())
    return;
  write_task (dir, "notes.txt", "not a task");
  write_task (dir, "a-good.json",
              "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]], \"output\": [[4]]}]}");
  write_task (dir, "b-broken.json",
              "{\"train\": [{\"input\": [[1, 12]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]]}]}");
  window = start_window (folder, &first);
  stack = window_child (window, "main_stack");
  g_assert_true (task_shown (window));
  g_assert_cmpuint (first.n_pages, ==, 1);
  g_assert_cmpuint (first.n_list_pages, ==, 1);
  g_assert_false (first.skipped_made);

  focus_window (window);
  skipped = find_buildable (GTK_WIDGET (window), "skipped_button");
  g_assert_true (gtk_widget_get_mapped (skipped));
  click (skipped);
  pump (300);
  g_assert_nonnull (gtk_menu_button_get_popover (GTK_MENU_BUTTON (skipped)));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (skipped)))));
  g_assert_true (find_label_containing (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (skipped))), "notes.txt"));
  press ("Escape");
  pump (200);

  click_at (window_child (window, "task_view"), 2, 2);
  press ("n");
  pump (200);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (stack)), ==, "invalid");
  g_assert_cmpstr (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "invalid_details")), ==,
                   "train[0].input[0][1]: value 12 is outside 0..9");
  g_assert_true (g_str_has_suffix (adw_status_page_get_description (WIN_CHILD (window, ADW_STATUS_PAGE, "invalid_page")),
                                   "b-broken.json"));
  press ("p");
  wait_for (task_shown, window, "the valid task again");

  arc_task_list_focus_search (WIN_CHILD (window, ARC_TASK_LIST, "task_list"));
  xdotool ("type", "--delay", "5", "zz", NULL);
  wait_count (window, 0);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (stack)), ==, "empty");
  g_assert_true (find_label (stack, "No tasks match “zz”"));
  list_stack = find_buildable (GTK_WIDGET (window), "list_stack");
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (list_stack)), ==, "no-match");
  g_assert_true (find_label (list_stack, "No tasks match “zz”"));
  g_assert_true (find_label (list_stack, "Clear Search"));
  click (find_label_widget (stack, "Clear Search"));
  wait_count (window, 2);
  wait_for (task_shown, window, "a task again");
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
setup_cb (GSignalInvocationHint *hint,
          guint                  n_params,
          const GValue          *params,
          gpointer               data)
{
  ((FirstFrame *) data)->setups++;
  return TRUE;
}

static const char *
selected_id (ArcWindow *window)
{
  ArcEntry *entry = arc_task_list_get_selected (WIN_CHILD (window, ARC_TASK_LIST, "task_list"));

  return entry ? arc_entry_get_id (entry) : NULL;
}

static gboolean
shows_task (gpointer window)
{
  return g_strcmp0 (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "task_title")),
                    g_object_get_data (G_OBJECT (window), "expected")) == 0;
}

/* A folder of 400 tasks. GTK 4.8's list makes a row for each of its first
 * 200 items until it is laid out: the first frame makes rows for the
 * tasks it can show, not for 200 of them. Every task is in the list
 * after: End in it selects the last; a task far down, selected before
 * the first frame (as at start-up, the task last worked on), is shown. */
static void
test_long_list (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-first-frame-XXXXXX", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(GTypeClass) factory_class = g_type_class_ref (GTK_TYPE_SIGNAL_LIST_ITEM_FACTORY);
  guint setup = g_signal_lookup ("setup", GTK_TYPE_SIGNAL_LIST_ITEM_FACTORY);
  FirstFrame first = { 0 };
  ArcWindow *window;
  gulong hook;

  if (!can_send_input ())
    return;
  for (guint i = 0; i < 400; i++)
    {
      g_autofree char *name = g_strdup_printf ("t%03u.json", i);

      write_task (dir, name, "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]], \"output\": [[4]]}]}");
    }
  hook = g_signal_add_emission_hook (setup, 0, setup_cb, &first, NULL);
  window = start_window (folder, &first);
  g_signal_remove_emission_hook (setup, hook);
  g_test_message ("list rows made before the first frame: %u", first.setups_drawn);
  g_assert_cmpuint (first.setups_drawn, >, 10);
  /* (the list's first 64 tasks at most, and the drop-downs' items; 226 made before) */
  g_assert_cmpuint (first.setups_drawn, <=, 100);
  g_assert_cmpstr (selected_id (window), ==, "t000");

  focus_window (window);
  arc_task_list_focus_list (WIN_CHILD (window, ARC_TASK_LIST, "task_list"));
  pump (100);
  press ("End");
  g_object_set_data (G_OBJECT (window), "expected", (gpointer) "t399");
  wait_for (shows_task, window, "the last task");
  g_assert_cmpstr (selected_id (window), ==, "t399");
  gtk_window_destroy (GTK_WINDOW (window));

  /* The task last worked on, far down */
  memset (&first, 0, sizeof first);
  window = start_window_at (folder, "t350", &first);
  g_object_set_data (G_OBJECT (window), "expected", (gpointer) "t350");
  wait_for (shows_task, window, "t350");
  g_assert_cmpstr (selected_id (window), ==, "t350");
  gtk_window_destroy (GTK_WINDOW (window));
  remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("arc-data-XXXXXX", NULL);

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/arc/first-frame/samples", test_samples);
  g_test_add_func ("/arc/first-frame/other-pages", test_other_pages);
  g_test_add_func ("/arc/first-frame/long-list", test_long_list);

  return g_test_run ();
}

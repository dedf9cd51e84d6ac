/* test-notes-pane.c: notes typed with the keyboard are saved, on switching
 * tasks too, and an answer submitted with the notes pane hidden is saved
 *
 * The input is real: key presses and clicks sent to the X server (Xvfb) with
 * xdotool, read by GDK like any other. Runs under Xvfb and a session bus.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <gtksourceview/gtksource.h>
#include <string.h>

#include "arc-build-window.h"
#include "arc-description-list.h"
#include "gui-input.h"
#include "gui-test-util.h"

/* Two tasks: flip each row */
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

static gboolean
view_reads (gpointer data)
{
  gpointer *args = data;
  g_autofree char *text = text_of (args[0]);

  return g_str_equal (text, args[1]);
}

static gboolean
file_gone (gpointer path)
{
  return !g_file_test (path, G_FILE_TEST_EXISTS);
}

static void
write_tasks (const char *dir,
             guint       n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = g_strdup_printf ("%s/task%u.json", dir, i + 1);
      g_assert_true (g_file_set_contents (path, flip_task, -1, NULL));
    }
}

/* A window on the folder @dir, showing its task1 */
static ArcWindow *
open_at_task1 (const char *dir)
{
  g_autoptr(GFile) root = g_file_new_for_path (dir);
  ArcWindow *window = present_window (1280, 800);

  g_assert_true (arc_window_open (window, root));
  wait_for (list_idle, window, "the tasks to be listed");
  g_assert_true (arc_window_select_task (window, "task1"));
  pump (200);
  return window;
}

static ArcWindow *
open_two_tasks (char **dir_out)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-notes-pane-XXXXXX", NULL);
  ArcWindow *window;

  write_tasks (dir, 2);
  window = open_at_task1 (dir);
  *dir_out = g_steal_pointer (&dir);
  return window;
}


/* Typed, switched away and back: the text is on disk and shown again */
static gboolean
own_line_shown (gpointer pane)
{
  return find_label_containing (pane, "Your description: ");
}

static void
test_typed_notes_saved (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *sidecar = NULL;
  ArcWindow *window;
  GtkTextView *input;

  if (!can_send_input ())
    return;
  window = open_two_tasks (&dir);
  sidecar = g_build_filename (dir, "task1.arcnotes", NULL);
  input = GTK_TEXT_VIEW (find_widget_of_type (window_child (window, "notes_pane"), GTK_TYPE_TEXT_VIEW));
  g_assert_nonnull (input);

  focus_window (window);
  click (GTK_WIDGET (input));
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (input)));
  xdotool ("type", "--delay", "5", "mirror rows", NULL);
  {
    gpointer args[] = { input, "mirror rows" };
    wait_until (view_reads, args, "the typed text");
  }
  g_assert_true (arc_task_notes_get_modified (shown_notes (window)));
  /* Tab goes on to the next field, and types nothing */
  press ("Tab");
  g_assert_false (gtk_widget_has_focus (GTK_WIDGET (input)));
  g_assert_true (GTK_IS_TEXT_VIEW (gtk_root_get_focus (GTK_ROOT (window))));
  {
    g_autofree char *text = text_of (input);
    g_assert_cmpstr (text, ==, "mirror rows");
  }

  /* Saved a moment later: your own line under the others' is there at
   * once, not when the task is shown again */
  wait_for (own_line_shown, window_child (window, "notes_pane"), "the line of your description");

  /* Alt+Right at once, before the delay: the old task's notes are saved */
  press ("alt+Right");
  g_assert_cmpstr (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "task_title")), ==, "task2");
  {
    g_autofree char *text = text_of (input);
    g_assert_cmpstr (text, ==, "");
  }
  wait_file_contains (sidecar, "\"input\" : \"mirror rows\"");
  press ("alt+Left");
  g_assert_cmpstr (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "task_title")), ==, "task1");
  {
    g_autofree char *text = text_of (input);
    g_assert_cmpstr (text, ==, "mirror rows");
  }

  /* Everything typed deleted: no notes file is left, empty */
  click (GTK_WIDGET (input));
  press ("ctrl+a");
  press ("BackSpace");
  {
    gpointer args[] = { input, "" };
    wait_until (view_reads, args, "the text deleted");
  }
  press ("alt+Right");
  wait_for (file_gone, sidecar, "the empty notes file to go");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* How many files @dir holds */
static guint
n_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (d && g_dir_read_name (d))
    n++;
  return n;
}

/* Whether the notes of @window's shown task hold a record of the user */
static gboolean
has_own_record (ArcWindow  *window,
                const char *task)
{
  ArcTaskNotes *notes = shown_notes (window);

  return arc_notes_get (arc_task_notes_get_notes (notes), task, arc_task_notes_get_annotator (notes)) != NULL;
}

/* Showing tasks (by keys), and going through the notes fields with the
 * keyboard without typing, makes no record of the user's: none in the
 * notes, none on disk; the first key typed makes it */
static void
test_no_record_until_written (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *sidecar = NULL;
  g_autofree char *other = NULL;
  ArcWindow *window;
  GtkWidget *input;

  if (!can_send_input ())
    return;
  window = open_two_tasks (&dir);
  sidecar = g_build_filename (dir, "task1.arcnotes", NULL);
  other = g_build_filename (dir, "task2.arcnotes", NULL);
  focus_window (window);
  press ("alt+Right");
  press ("alt+Left");
  g_assert_cmpstr (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "task_title")), ==, "task1");
  g_assert_true (notes_revealed (window));
  g_assert_false (has_own_record (window, "task1"));
  g_assert_null (arc_task_notes_get_annotation (shown_notes (window)));

  /* Every field of the notes, in turn, typed nothing, up to the code of
   * the program (where Tab indents: types) */
  input = find_widget_of_type (window_child (window, "notes_pane"), GTK_TYPE_TEXT_VIEW);
  click (input);
  for (int i = 0; i < 12 && !GTK_SOURCE_IS_VIEW (gtk_root_get_focus (GTK_ROOT (window))); i++)
    press ("Tab");
  g_assert_true (GTK_SOURCE_IS_VIEW (gtk_root_get_focus (GTK_ROOT (window))));
  /* and with the pointer: the confidence's text, the difficulty's list
   * opened and closed, the tags */
  click (window_child (window, "confidence_spin"));
  click (window_child (window, "difficulty_dropdown"));
  pump (200);
  press ("Escape");
  click (window_child (window, "tags_entry"));
  click (window_child (window, "task_title"));
  pump (200);
  g_assert_false (has_own_record (window, "task1"));
  g_assert_false (arc_task_notes_get_modified (shown_notes (window)));
  /* Left, and past the delay of a save: nothing written */
  press ("alt+Right");
  pump (1500);
  g_assert_false (has_own_record (window, "task2"));
  g_assert_false (g_file_test (sidecar, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (other, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (n_files (dir), ==, 2);  /* (the two tasks, and nothing else) */

  /* Back, with the keyboard's focus in a field: nothing either */
  click (input);
  press ("alt+Left");
  g_assert_cmpstr (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "task_title")), ==, "task1");
  g_assert_false (has_own_record (window, "task1"));
  pump (1500);
  g_assert_cmpuint (n_files (dir), ==, 2);

  /* A letter typed: the record is there */
  click (input);
  press ("x");
  g_assert_true (has_own_record (window, "task1"));
  wait_file_contains (sidecar, "\"input\" : \"x\"");
  gtk_window_destroy (GTK_WINDOW (window));
  remove_tree (dir);
}

/* F9 hides the notes pane; Ctrl+Return submits; the attempt is saved */
static void
test_submit_with_pane_hidden (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *sidecar = NULL;
  ArcWindow *window;

  if (!can_send_input ())
    return;
  window = open_two_tasks (&dir);
  sidecar = g_build_filename (dir, "task1.arcnotes", NULL);
  g_assert_true (notes_revealed (window));
  focus_window (window);
  click (window_child (window, "task_title"));
  press ("F9");
  g_assert_false (notes_revealed (window));

  press ("ctrl+Return");
  g_assert_true (g_str_has_prefix (arc_solve_view_get_verdict (WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view")), "Wrong."));
  wait_file_contains (sidecar, "\"verdict\" : \"wrong\"");
  press ("F9");
  g_assert_true (notes_revealed (window));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* @annotator's description of @task, in the notes beside it */
static void
describe (const char *dir,
          const char *task,
          const char *annotator,
          const char *transform,
          const char *tag)
{
  g_autofree char *path = g_strdup_printf ("%s/%s.arcnotes", dir, task);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcNotes) notes = arc_notes_new (file);
  ArcAnnotation *a;

  g_assert_true (arc_notes_load (notes, NULL) || !g_file_test (path, G_FILE_TEST_EXISTS));
  a = arc_notes_ensure (notes, task, annotator);
  g_free (a->input_text);
  a->input_text = g_strdup ("In the input, you should see a row.");
  g_free (a->transform_text);
  a->transform_text = g_strdup (transform);
  if (tag)
    g_ptr_array_add (a->tags, g_strdup (tag));
  g_assert_true (arc_notes_save (notes, FALSE, NULL));
}

static gboolean
is_action_button (GtkWidget    *widget,
                  gconstpointer action)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

/* The rows of the description list that are shown */
static guint
shown_rows (ArcWindow *window)
{
  GtkWidget *list = find_widget_of_type (window_child (window, "notes_pane"), ARC_TYPE_DESCRIPTION_LIST);
  GtkWidget *box = find_widget_of_type (list, GTK_TYPE_LIST_BOX);
  guint n = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (box); row; row = gtk_widget_get_next_sibling (row))
    n += gtk_widget_get_mapped (row);
  return n;
}

static gboolean
build_window_shown (gpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (ARC_IS_BUILD_WINDOW (w) && gtk_widget_get_mapped (GTK_WIDGET (w)))
        {
          *(GtkWidget **) data = GTK_WIDGET (w);
          return TRUE;
        }
    }
  return FALSE;
}

/* Others' descriptions follow the task shown, stepping through tasks with
 * three, one and none of them: each row says whose it is and what it
 * says, its button builds from that one, and the rows are those of the
 * first task, filled again, not made anew */
static void
test_descriptions_follow_task (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-notes-pane-XXXXXX", NULL);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  GtkWidget *notes_pane, *first_row, *button, *build = NULL;
  ArcWindow *window;

  if (!can_send_input ())
    return;
  write_tasks (dir, 3);
  describe (dir, "task1", "Grace", "Grace: flip the row.", NULL);
  describe (dir, "task1", "Alan", "Alan: mirror it.", "symmetry");
  describe (dir, "task1", "Ada", "Ada: reverse the cells.", NULL);
  describe (dir, "task2", "Bob", "Bob: read it backwards.", NULL);
  describe (dir, "task3", "Me", "Me: turn it round.", NULL);  /* the user's own */
  g_settings_set_string (settings, "annotator", "Me");
  window = open_at_task1 (dir);
  notes_pane = window_child (window, "notes_pane");
  g_assert_true (notes_revealed (window));
  g_assert_cmpuint (shown_rows (window), ==, 3);
  g_assert_true (find_label (notes_pane, "Grace: flip the row."));
  g_assert_true (find_label (notes_pane, "Tags: symmetry"));
  first_row = gtk_widget_get_first_child (find_widget_of_type (notes_pane, GTK_TYPE_LIST_BOX));
  g_assert_nonnull (first_row);
  g_assert_true (find_label (first_row, "Ada") || find_label (first_row, "Alan") || find_label (first_row, "Grace"));
  g_object_add_weak_pointer (G_OBJECT (first_row), (gpointer *) &first_row);

  focus_window (window);
  click (window_child (window, "task_title"));
  press ("alt+Right");
  g_assert_cmpstr (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "task_title")), ==, "task2");
  pump (100);
  g_assert_cmpuint (shown_rows (window), ==, 1);
  g_assert_true (find_label (notes_pane, "Bob: read it backwards."));
  g_assert_false (find_label (notes_pane, "Grace: flip the row."));
  g_assert_false (find_label_containing (notes_pane, "Tags:"));
  /* The first task's first row, now Bob's */
  g_assert_nonnull (first_row);
  g_assert_true (gtk_widget_get_mapped (first_row));
  g_assert_true (find_label (first_row, "Bob"));
  button = find_widget_matching (first_row, is_action_button, "win.build-from-description");
  g_assert_nonnull (button);
  click (button);
  wait_for (build_window_shown, &build, "the build window");
  g_assert_true (find_text (build, "Bob: read it backwards.", TRUE));
  gtk_window_destroy (GTK_WINDOW (build));
  pump (100);

  focus_window (window);
  click (window_child (window, "task_title"));
  press ("alt+Right");
  g_assert_cmpstr (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "task_title")), ==, "task3");
  pump (100);
  g_assert_cmpuint (shown_rows (window), ==, 0);
  g_assert_false (find_label (notes_pane, "Bob: read it backwards."));
  g_assert_true (find_label (notes_pane, "Your description: Not verified by you · Not built yet"));
  press ("alt+Left");
  press ("alt+Left");
  g_assert_cmpstr (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "task_title")), ==, "task1");
  pump (100);
  g_assert_cmpuint (shown_rows (window), ==, 3);
  g_assert_true (find_label (notes_pane, "Alan: mirror it."));
  g_assert_true (find_label (notes_pane, "Tags: symmetry"));
  g_assert_false (find_label (notes_pane, "Bob: read it backwards."));
  g_object_remove_weak_pointer (G_OBJECT (first_row), (gpointer *) &first_row);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "annotator");
  remove_tree (dir);
}

/* The scrolled window of the notes pane, and where it is scrolled to */
static GtkAdjustment *
pane_adjustment (ArcWindow *window)
{
  GtkWidget *spin = find_widget_of_type (window_child (window, "notes_pane"), GTK_TYPE_SPIN_BUTTON);
  GtkWidget *scroller = gtk_widget_get_ancestor (spin, GTK_TYPE_SCROLLED_WINDOW);

  return gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
}

/* The pane scrolled so that @widget is @y from its top, or in its middle
 * for -1 */
static void
scroll_pane_to (ArcWindow *window,
                GtkWidget *widget,
                double     y)
{
  GtkAdjustment *adj = pane_adjustment (window);
  GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  graphene_point_t p;

  g_assert_true (gtk_widget_compute_point (widget, scroller, &GRAPHENE_POINT_INIT (0, 0), &p));
  gtk_adjustment_set_value (adj, gtk_adjustment_get_value (adj) + p.y - (y < 0 ? gtk_widget_get_height (scroller) / 2.0 : y));
  pump (150);
}

/* The wheel over Confidence and Difficulty scrolls the pane and changes
 * neither, until the user clicks into Confidence: then the wheel changes
 * it (and the notes), and the pane stays */
static void
test_wheel_scrolls_pane (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-notes-pane-XXXXXX", NULL);
  GtkWidget *notes_pane, *spin, *dropdown;
  GtkAdjustment *adj;
  ArcWindow *window;
  double before;

  if (!can_send_input ())
    return;
  write_tasks (dir, 1);
  /* Others' descriptions below make the pane scroll */
  for (guint i = 0; i < 8; i++)
    {
      g_autofree char *name = g_strdup_printf ("Colleague %u", i);
      describe (dir, "task1", name, "Flip the row, then read it again to be sure that nothing was left.", NULL);
    }
  window = open_at_task1 (dir);
  notes_pane = window_child (window, "notes_pane");
  spin = find_widget_of_type (notes_pane, GTK_TYPE_SPIN_BUTTON);
  dropdown = find_widget_of_type (notes_pane, GTK_TYPE_DROP_DOWN);
  adj = pane_adjustment (window);
  g_assert_cmpfloat (gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj), >, 200);
  focus_window (window);
  click (window_child (window, "task_title"));
  g_assert_false (gtk_widget_has_focus (spin) || gtk_widget_get_focus_child (spin));

  /* Unfocused: the pane scrolls, the values stay */
  scroll_pane_to (window, spin, -1);
  before = gtk_adjustment_get_value (adj);
  wheel_at (spin, 20, gtk_widget_get_height (spin) / 2.0, 1);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), >, before + 10);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)), ==, -1);
  scroll_pane_to (window, spin, 40);  /* room to scroll up */
  before = gtk_adjustment_get_value (adj);
  wheel_at (spin, 20, gtk_widget_get_height (spin) / 2.0, -1);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), <, before - 10);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)), ==, -1);
  scroll_pane_to (window, dropdown, -1);
  before = gtk_adjustment_get_value (adj);
  wheel_at (dropdown, gtk_widget_get_width (dropdown) / 2.0, gtk_widget_get_height (dropdown) / 2.0, 1);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), >, before + 10);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown)), ==, 0);
  pump (600);  /* past the notes' save delay: nothing was edited */
  g_assert_false (arc_task_notes_get_modified (shown_notes (window)));
  g_assert_null (arc_task_notes_get_annotation (shown_notes (window)));

  /* Clicked into: the wheel changes it, and the pane stays */
  scroll_pane_to (window, spin, -1);
  click_at (spin, 20, gtk_widget_get_height (spin) / 2.0);
  g_assert_true (gtk_widget_get_focus_child (spin) != NULL || gtk_widget_has_focus (spin));
  before = gtk_adjustment_get_value (adj);
  wheel_at (spin, 20, gtk_widget_get_height (spin) / 2.0, -3);
  /* (up from "Not given": 5, then 6, 7) */
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)), ==, 7);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, before);
  g_assert_cmpint (arc_task_notes_get_annotation (shown_notes (window))->confidence, ==, 7);
  /* Focus elsewhere: the wheel scrolls again */
  click (window_child (window, "task_title"));
  scroll_pane_to (window, spin, -1);
  before = gtk_adjustment_get_value (adj);
  wheel_at (spin, 20, gtk_widget_get_height (spin) / 2.0, 1);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), >, before + 10);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)), ==, 7);
  /* Its + clicked: the wheel changes it too */
  scroll_pane_to (window, spin, -1);
  click_at (spin, gtk_widget_get_width (spin) - 10, gtk_widget_get_height (spin) / 2.0);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)), ==, 8);
  wheel_at (spin, 20, gtk_widget_get_height (spin) / 2.0, -1);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)), ==, 9);
  gtk_window_destroy (GTK_WINDOW (window));
  remove_tree (dir);
}

static const char twice_notes[] =
  "{\n"
  "  \"format\" : \"arc-studio-notes\",\n"
  "  \"version\" : 3,\n"
  "  \"tasks\" : {\n"
  "    \"task1\" : {\n"
  "      \"annotators\" : {\n"
  "        \"Grace\" : { \"description\" : { \"transformation\" : \"Grace's first: flip it.\" } },\n"
  "        \"Grace\" : { \"description\" : { \"transformation\" : \"Grace's second: mirror it.\" } }\n"
  "      }\n"
  "    }\n"
  "  }\n"
  "}\n";

/* A record found twice: both listed, the pane says where and under what
 * name the second is kept; the next save writes both */
static void
test_record_twice (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-notes-pane-XXXXXX", NULL);
  g_autofree char *sidecar = g_build_filename (dir, "task1.arcnotes", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (sidecar);
  g_autofree char *name = g_file_get_parse_name (file);
  g_autofree char *expected = g_strdup_printf ("%s, line 8, column 9: tasks.task1.annotators has “Grace” twice; "
                                               "the second is kept as “Grace (2)”", name);
  GtkWidget *notes_pane;
  GtkTextView *input;
  ArcWindow *window;

  if (!can_send_input ())
    return;
  write_tasks (dir, 2);
  g_assert_true (g_file_set_contents (sidecar, twice_notes, -1, NULL));
  window = open_at_task1 (dir);
  notes_pane = window_child (window, "notes_pane");
  g_assert_cmpstr (arc_notes_pane_get_notice (ARC_NOTES_PANE (notes_pane)), ==, expected);
  g_assert_true (find_label (notes_pane, expected));
  g_assert_cmpuint (shown_rows (window), ==, 2);
  g_assert_true (find_label (notes_pane, "Grace's first: flip it."));
  g_assert_true (find_label (notes_pane, "Grace's second: mirror it."));
  g_assert_true (find_label (notes_pane, "Grace (2)"));

  /* Typed and saved: both records on disk */
  input = GTK_TEXT_VIEW (find_widget_of_type (notes_pane, GTK_TYPE_TEXT_VIEW));
  focus_window (window);
  click (GTK_WIDGET (input));
  xdotool ("type", "--delay", "5", "rows", NULL);
  press ("alt+Right");
  wait_file_contains (sidecar, "\"input\" : \"rows\"");
  {
    g_autofree char *text = NULL;

    g_assert_true (g_file_get_contents (sidecar, &text, NULL, NULL));
    g_assert_nonnull (strstr (text, "\"Grace\" : {"));
    g_assert_nonnull (strstr (text, "\"Grace (2)\" : {"));
    g_assert_nonnull (strstr (text, "Grace's first: flip it."));
    g_assert_nonnull (strstr (text, "Grace's second: mirror it."));
  }
  /* Another task's notes: nothing to say */
  g_assert_null (arc_notes_pane_get_notice (ARC_NOTES_PANE (notes_pane)));
  gtk_window_destroy (GTK_WINDOW (window));
  remove_tree (dir);
}

static gboolean
is_label_containing (GtkWidget    *widget,
                     gconstpointer text)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL;
}

/* Many records: the first 20 listed, Show More lists 100 more; a very
 * long text is shown cut, saying so */
static void
test_many_records (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-notes-pane-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "task1.arcnotes", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcNotes) notes = arc_notes_new (file);
  GtkWidget *notes_pane, *more, *cut;
  ArcWindow *window;

  if (!can_send_input ())
    return;
  write_tasks (dir, 2);
  for (guint i = 0; i < 160; i++)
    {
      g_autofree char *name = g_strdup_printf ("Colleague %03u", i);
      ArcAnnotation *a = arc_notes_ensure (notes, "task1", name);

      g_free (a->transform_text);
      a->transform_text = g_strdup_printf ("Description %03u: flip it.", i);
    }
  {
    ArcAnnotation *a = arc_notes_ensure (notes, "task1", "Colleague 000");
    GString *text = g_string_new ("Start of a long note. ");

    while (text->len < 300000)
      g_string_append (text, "and so on ");
    g_string_append (text, "THE END");
    g_free (a->notes);
    a->notes = g_string_free (text, FALSE);
  }
  g_assert_true (arc_notes_save (notes, FALSE, NULL));
  window = open_at_task1 (dir);
  notes_pane = window_child (window, "notes_pane");
  g_assert_cmpuint (shown_rows (window), ==, 20);
  g_assert_true (find_label (notes_pane, "Description 019: flip it."));
  g_assert_false (find_label (notes_pane, "Description 020: flip it."));
  g_assert_true (find_label (notes_pane, "20 of 160 descriptions shown"));
  cut = find_widget_matching (notes_pane, is_label_containing, "Start of a long note.");
  g_assert_nonnull (cut);
  g_assert_cmpuint (strlen (gtk_label_get_text (GTK_LABEL (cut))), <, 2200);
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (cut)), "…\n[Cut here: 298.0\u00a0kB more in the notes file]"));
  g_assert_null (strstr (gtk_label_get_text (GTK_LABEL (cut)), "THE END"));

  focus_window (window);
  more = find_widget_matching (notes_pane, is_action_button, "descriptions.show-more");
  g_assert_nonnull (more);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (more)), ==, "Show 100 _More");
  click (more);
  pump (200);
  g_assert_cmpuint (shown_rows (window), ==, 120);
  g_assert_true (find_label (notes_pane, "Description 119: flip it."));
  g_assert_true (find_label (notes_pane, "120 of 160 descriptions shown"));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (more)), ==, "Show 40 _More");
  click (more);
  pump (200);
  g_assert_cmpuint (shown_rows (window), ==, 160);
  g_assert_false (gtk_widget_get_mapped (more));

  /* Another task and back: the first 20 again */
  click (window_child (window, "task_title"));
  press ("alt+Right");
  press ("alt+Left");
  g_assert_cmpstr (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "task_title")), ==, "task1");
  pump (100);
  g_assert_cmpuint (shown_rows (window), ==, 20);
  gtk_window_destroy (GTK_WINDOW (window));
  remove_tree (dir);
}

/* Counts the tooltips set in @widget's tree */
static void
tooltip_set_cb (GObject *object, GParamSpec *pspec, gpointer count)
{
  (*(guint *) count)++;
}

static void
watch_tooltips (GtkWidget *widget, guint *count)
{
  g_signal_connect (widget, "notify::tooltip-text", G_CALLBACK (tooltip_set_cb), count);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    watch_tooltips (c, count);
}

/* Stepping through tasks alike sets no tooltip: each set on a shown widget
 * asks the display where the pointer is (an X round trip on GTK 4.8); the
 * task's title, the verdict, the tools and the notes' state keep theirs,
 * and the title's still changes when the task has unsaved edits */
static void
test_switch_keeps_tooltips (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-notes-pane-XXXXXX", NULL);
  GtkWidget *title;
  ArcWindow *window;
  guint count = 0;

  if (!can_send_input ())
    return;
  write_tasks (dir, 3);
  window = open_at_task1 (dir);
  title = window_child (window, "task_title");
  focus_window (window);
  click (title);
  press ("alt+Right");
  pump (100);
  watch_tooltips (GTK_WIDGET (window), &count);
  press ("alt+Right");
  pump (100);
  press ("alt+Left");
  press ("alt+Left");
  pump (100);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (title)), ==, "task1");
  g_assert_cmpuint (count, ==, 0);
  g_assert_null (gtk_widget_get_tooltip_text (title));

  /* A task edited and not saved: its title says so */
  press ("ctrl+e");
  pump (100);
  click (find_widget_matching (GTK_WIDGET (window), is_action_button, "editor.add-train-pair"));
  pump (100);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (title), ==, "Unsaved edits");
  g_assert_cmpuint (count, >, 0);
  gtk_window_destroy (GTK_WINDOW (window));
  remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("arc-data-XXXXXX", NULL);

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("GDK_BACKEND", "x11", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/arc/notes-pane/typed-notes-saved", test_typed_notes_saved);
  g_test_add_func ("/arc/notes-pane/submit-with-pane-hidden", test_submit_with_pane_hidden);
  g_test_add_func ("/arc/notes-pane/no-record-until-written", test_no_record_until_written);
  g_test_add_func ("/arc/notes-pane/descriptions-follow-task", test_descriptions_follow_task);
  g_test_add_func ("/arc/notes-pane/switch-keeps-tooltips", test_switch_keeps_tooltips);
  g_test_add_func ("/arc/notes-pane/wheel-scrolls-pane", test_wheel_scrolls_pane);
  g_test_add_func ("/arc/notes-pane/record-twice", test_record_twice);
  g_test_add_func ("/arc/notes-pane/many-records", test_many_records);

  return g_test_run ();
}

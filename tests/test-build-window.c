/* test-build-window.c: Build from Description with real input: a click on a
 * colleague's description in the notes pane, the output built from the
 * description alone in the build window with clicks and keys, and the build
 * kept with the description, on disk; on a 30×30 task, the build window and
 * the replay of an attempt use the room they have
 *
 * The input is real: key presses and clicks sent to the X server (Xvfb) with
 * xdotool. Runs under Xvfb and a session bus.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "arc-build-window.h"
#include "arc-description-list.h"
#include "arc-grid-view.h"
#include "arc-replay-window.h"
#include "gui-input.h"
#include "arc-alert.h"
#include "gui-test-util.h"

/* Put a red cell right of the blue one */
static const char task_json[] =
  "{\"train\": [{\"input\": [[0, 1], [0, 0]], \"output\": [[0, 1], [0, 0]]}],"
  " \"test\": [{\"input\": [[1, 0], [0, 0]], \"output\": [[1, 2], [0, 0]]}]}";

/* The shown descendant of @widget that is a button for @action */
static GtkWidget *
find_action_button (GtkWidget  *widget,
                    const char *action)
{
  if (!gtk_widget_get_visible (widget))
    return NULL;
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_action_button (child, action);
      if (found)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);
      if (G_TYPE_CHECK_INSTANCE_TYPE (w, type) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return GTK_WIDGET (w);
    }
  return NULL;
}

static ArcBuildWindow *
find_build_window (void)
{
  GtkWidget *w = find_toplevel (ARC_TYPE_BUILD_WINDOW);

  return w ? ARC_BUILD_WINDOW (w) : NULL;
}

static gboolean
build_window_shown (gpointer data)
{
  ArcBuildWindow *w = find_build_window ();
  return w != NULL && gtk_widget_get_mapped (GTK_WIDGET (w));
}

static void
click_cell (ArcSolveView *view,
            int           row,
            int           col)
{
  GtkWidget *grid = arc_solve_view_get_output_view (view);
  double x, y;

  g_assert_true (arc_grid_view_cell_centre (ARC_GRID_VIEW (grid), row, col, &x, &y));
  click_at (grid, x, y);
}

/* A colleague's description, Grace's, in the task's notes */
static void
write_description (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "blue.arcnotes", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcNotes) notes = arc_notes_new (file);
  ArcAnnotation *a = arc_notes_ensure (notes, "blue", "Grace");

  g_free (a->input_text);
  a->input_text = g_strdup ("In the input, you should see a blue cell.");
  g_free (a->size_text);
  a->size_text = g_strdup ("The output grid size is the same.");
  g_free (a->transform_text);
  a->transform_text = g_strdup ("To make the output, you have to copy the input and put a red cell right of the blue one.");
  a->confidence = 8;
  g_assert_true (arc_notes_save (notes, FALSE, NULL));
}

static void
test_build_from_description (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *dir = g_dir_make_tmp ("arc-build-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "blue.json", NULL);
  g_autofree char *sidecar = g_build_filename (dir, "blue.arcnotes", NULL);
  g_autoptr(GFile) root = g_file_new_for_path (dir);
  g_autofree char *builder_line = NULL;
  ArcWindow *window;
  ArcBuildWindow *build;
  ArcSolveView *view;
  GtkWidget *button;
  ArcAnnotation *grace;

  if (!can_send_input ())
    return;
  g_assert_true (g_file_set_contents (path, task_json, -1, NULL));
  write_description (dir);
  window = present_window (1280, 800);
  g_assert_true (arc_window_open (window, root));
  wait_for (list_idle, window, "the tasks to be listed");
  g_assert_true (arc_window_select_task (window, "blue"));
  pump (200);

  /* Grace's description is listed, read-only, not built yet */
  g_assert_true (find_text (window_child (window, "notes_pane"), "Confidence 8 · Not verified by its author · Not built yet", FALSE));
  button = find_action_button (window_child (window, "notes_pane"), "win.build-from-description");
  g_assert_nonnull (button);
  /* The grids follow the preferences there too */
  g_settings_set_string (settings, "palette", "colour-blind");
  focus_window (window);
  scroll_to (button, 0);
  click (button);
  wait_for (build_window_shown, NULL, "the build window");
  build = find_build_window ();
  view = arc_build_window_get_solve_view (build);
  {
    g_autofree char *palette = NULL, *after = NULL;

    g_object_get (arc_solve_view_get_output_view (view), "palette", &palette, NULL);
    g_assert_cmpstr (palette, ==, "colour-blind");
    g_settings_reset (settings, "palette");
    g_object_get (arc_solve_view_get_input_view (view), "palette", &after, NULL);
    g_assert_cmpstr (after, ==, "standard");
  }
  /* The description and the test input only: no train pair, no answer */
  g_assert_true (find_text (GTK_WIDGET (build), "copy the input and put a red cell", TRUE));
  /* under its part's words, which are not said twice */
  g_assert_true (find_text (GTK_WIDGET (build), "To make the output, you have to…", FALSE));
  g_assert_false (find_text (GTK_WIDGET (build), "To make the output, you have to copy", TRUE));
  g_assert_false (find_text (GTK_WIDGET (build), "Train 1", TRUE));

  focus_window (build);
  /* A wrong build is told wrong, and nothing of why: no cell crossed out */
  press ("ctrl+Return");
  g_assert_cmpstr (arc_solve_view_get_verdict (view), ==, "Wrong. 2 trials left.");
  g_assert_cmpuint (arc_grid_view_get_n_marked (ARC_GRID_VIEW (arc_solve_view_get_output_view (view))), ==, 0);
  click (find_action_button (GTK_WIDGET (view), "solve.copy-from-input"));
  press ("2");
  click_cell (view, 0, 1);
  press ("ctrl+Return");
  g_assert_true (arc_solve_is_solved (arc_solve_view_get_solve (view)));
  g_assert_true (find_text (GTK_WIDGET (build), "Built: the output is right", TRUE));
  /* The build was right; the task is not solved by it */
  g_assert_cmpstr (arc_solve_view_get_verdict (view), ==, "Right: the build matches the expected output ✓");
  g_assert_false (find_text (GTK_WIDGET (build), "solved", TRUE));
  g_assert_false (find_text (GTK_WIDGET (build), "Solved", TRUE));

  /* Kept with Grace's description, with the actions, on disk */
  builder_line = g_strdup_printf ("\"builder\" : \"%s\"", arc_task_notes_get_annotator (shown_notes (window)));
  wait_file_contains (sidecar, builder_line);
  g_assert_true (file_contains (sidecar, "\"success\" : true"));
  g_assert_true (file_contains (sidecar, "\"operation\" : \"CopyFromInput\""));
  grace = arc_notes_get (arc_task_notes_get_notes (shown_notes (window)), "blue", "Grace");
  g_assert_cmpuint (grace->builds->len, ==, 1);
  g_assert_cmpuint (((ArcBuild *) grace->builds->pdata[0])->n_attempts, ==, 2);
  /* And in LARC's layout, exported by the CLI */
  {
    g_autofree char *out = g_dir_make_tmp ("arc-build-out-XXXXXX", NULL);
    g_autofree char *exported = g_build_filename (out, "blue.json", NULL);
    g_autofree char *uid = g_strdup ("\"success\":true,\"time\":");
    g_autofree char *builder_uid = g_strdup_printf ("\"uid\":\"%s\"}", arc_task_notes_get_annotator (shown_notes (window)));
    const char *argv[] = { g_getenv ("ARC_CLI"), "notes", "export", dir, "--format", "larc", "-o", out, NULL };
    int status = -1;

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL,
                                 &status, NULL));
    g_assert_true (g_spawn_check_wait_status (status, NULL));
    g_assert_true (file_contains (exported, "\"uid\":\"Grace\""));
    g_assert_true (file_contains (exported, uid));
    g_assert_true (file_contains (exported, builder_uid));
    g_assert_true (file_contains (exported, "{\"action\":{\"tool\":\"copyFromInput\"}"));
    remove_tree (out);
  }

  /* The pane says so */
  press ("ctrl+w");
  pump (200);
  g_assert_true (find_text (window_child (window, "notes_pane"), "1 of 1 build right", TRUE));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
larc_listed (gpointer data)
{
  return find_text (window_child (ARC_WINDOW (data), "notes_pane"), "LARC · u1", FALSE);
}

typedef struct
{
  GtkWidget  *widget;
  const char *text;
} TextWait;

static char *
read_file (const char *path)
{
  char *data = NULL;

  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  return data;
}

/* The toast or the dialog that ends an import says @text */
static gboolean
import_ended (gpointer data)
{
  TextWait *w = data;
  GtkWidget *dialog = arc_alert_find ();

  return find_text (w->widget, w->text, TRUE) || (dialog && strstr (arc_alert_get_body (dialog), w->text));
}

static gboolean
alert_shown (gpointer data)
{
  GtkWidget *alert = arc_alert_find ();
  return alert && gtk_widget_get_mapped (alert);
}

static gboolean
label_starts (GtkWidget *widget, gconstpointer text)
{
  return GTK_IS_LABEL (widget) && gtk_widget_is_drawable (widget) &&
         g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), text);
}

/* The import's toast says @text; its Details button, clicked, shows the
 * whole report in a dialog */
static GtkWidget *
open_import_details (ArcWindow *window, const char *text)
{
  GtkWidget *label, *button;

  {
    TextWait w = { GTK_WIDGET (window), text };
    wait_for (import_ended, &w, "the import's toast");
  }
  g_assert_null (arc_alert_find ());
  /* The Details of this toast, not of one before it */
  label = find_widget_matching (GTK_WIDGET (window), label_starts, text);
  g_assert_nonnull (label);
  for (button = NULL; label && button == NULL; label = gtk_widget_get_parent (label))
    {
      GtkWidget *details = find_label_widget (label, "Details");
      button = details ? gtk_widget_get_ancestor (details, GTK_TYPE_BUTTON) : NULL;
    }
  g_assert_nonnull (button);
  focus_window (window);
  click (button);
  wait_for (alert_shown, NULL, "the import's details");
  return arc_alert_find ();
}

static gboolean
replay_shown (gpointer data)
{
  GtkWidget *w = find_toplevel (ARC_TYPE_REPLAY_WINDOW);
  return w != NULL && gtk_widget_get_mapped (w);
}

/* A replay button of a description, on screen */
static gboolean
is_replay_button (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_ACTIONABLE (widget) && gtk_widget_get_mapped (widget) &&
         g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "win.replay-description") == 0;
}

/* Import LARC Descriptions… into an open collection: the notes pane lists
 * LARC's descriptions, credited, and the search finds their words */
static void
test_import_and_search (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-build-XXXXXX", NULL);
  g_autofree char *other = g_build_filename (dir, "blue.json", NULL);
  g_autofree char *larc_path = g_build_filename (g_getenv ("ARC_FIXTURES_DIR"), "larc", "tasks_json", NULL);
  g_autofree char *larc_task = g_build_filename (larc_path, "1.json", NULL);
  g_autofree char *task_path = g_build_filename (dir, "0ca9ddb6.json", NULL);
  g_autofree char *data = NULL;
  g_autoptr(GFile) root = g_file_new_for_path (dir);
  g_autoptr(GFile) larc = g_file_new_for_path (larc_path);
  ArcWindow *window;

  if (!can_send_input ())
    return;
  g_assert_true (g_file_get_contents (larc_task, &data, NULL, NULL));
  g_assert_true (g_file_set_contents (task_path, data, -1, NULL));  /* a task with extra members */
  g_assert_true (g_file_set_contents (other, task_json, -1, NULL));
  window = present_window (1280, 800);
  g_assert_true (arc_window_open (window, root));
  wait_for (list_idle, window, "the tasks to be listed");
  g_assert_true (arc_window_select_task (window, "0ca9ddb6"));
  pump (200);
  g_assert_false (larc_listed (window));

  arc_window_import_larc (window, larc);
  wait_for (larc_listed, window, "LARC's descriptions in the notes pane");
  g_assert_true (find_text (window_child (window, "notes_pane"), "Confidence 7 · Verified by its author · 1 of 2 builds right", FALSE));
  g_assert_true (find_text (window_child (window, "notes_pane"), "(Acquaviva et al.), CC BY 4.0", TRUE));
  /* The app wrote the file: no news of another program's change, then or later */
  pump (1500);
  g_assert_false (find_text (window_child (window, "notes_pane"), "The notes file changed on disk", TRUE));

  /* A file could not be read: what was skipped and why is said at once;
   * Escape closes it */
  {
    GtkWidget *details;

    wait_for (alert_shown, NULL, "the import's details");
    details = arc_alert_find ();
    g_assert_cmpstr (arc_alert_get_body (details), ==, "Imported 2 LARC descriptions and 2 builds for 1 task · 3 files skipped");
    /* Every warning the CLI prints, the untimed actions counted */
    g_assert_true (find_text (details, "\n16 warnings:\n1.json: descriptions.d1: “confidence” is a number written as a string (“7”)\n", TRUE));
    g_assert_true (find_text (details, "4.json: name: missing: the task's ARC id is not known\n"
                              "1 action sequence has actions with no time", TRUE));

    /* The CLI's summary, skipped files included */
    g_assert_true (find_text (details, "imported 2 descriptions and 2 builds for 1 task\n"
                              "2 records added or changed in 1 notes file\nskipped 3 files:\n"
                              "  2.json: task ffffff01 is not in ", TRUE));
    g_assert_true (find_text (details, "4.json: no “name”, so its task is not known", TRUE));
    focus_window (gtk_widget_get_root (details));
    press ("Escape");
    pump (400);
    g_assert_null (arc_alert_find ());
  }

  /* A click in the search box, then words of LARC's description */
  focus_window (window);
  click (find_widget_of_type (window_child (window, "task_list"), GTK_TYPE_SEARCH_ENTRY));
  xdotool ("type", "--delay", "5", "red cell to the right", NULL);
  {
    CountWait w = { window, 1 };
    wait_for (count_is, &w, "the search to find the description's words");
  }
  g_assert_cmpstr (arc_entry_get_id (selected_entry (window)), ==, "0ca9ddb6");

  /* The replay of a LARC description's builds: its builders named as the
   * notes pane names them, and LARC credited */
  {
    GtkWidget *pane = window_child (window, "notes_pane");
    GtkWidget *button = find_widget_matching (pane, is_replay_button, NULL);
    GtkWidget *replay;

    g_assert_nonnull (button);
    scroll_to (button, 0);
    click (button);
    wait_for (replay_shown, NULL, "the replay window");
    replay = find_toplevel (ARC_TYPE_REPLAY_WINDOW);
    g_assert_true (find_label_containing (replay, "Action sequences from"));
    g_assert_true (find_label_containing (replay, "(Acquaviva et al.), CC BY 4.0"));
    {
      GListModel *labels = gtk_drop_down_get_model (GTK_DROP_DOWN (find_widget_of_type (replay, GTK_TYPE_DROP_DOWN)));
      guint builds = 0;

      for (guint i = 0; i < g_list_model_get_n_items (labels); i++)
        {
          const char *label = gtk_string_list_get_string (GTK_STRING_LIST (labels), i);

          g_test_message ("replayed: %s", label);
          g_assert_false (g_str_has_prefix (label, "Build by larc:"));
          builds += g_str_has_prefix (label, "Build by LARC · ");
        }
      g_assert_cmpuint (builds, >, 0);
    }
    gtk_window_destroy (GTK_WINDOW (replay));
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
chooser_shown (gpointer data)
{
  GtkWidget *w = find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
  return w != NULL && gtk_widget_get_mapped (w);
}

/* The import's bar (@data) is put away: the import has ended */
static gboolean
import_bar_hidden (gpointer data)
{
  return !gtk_revealer_get_reveal_child (GTK_REVEALER (gtk_widget_get_ancestor (GTK_WIDGET (data), GTK_TYPE_REVEALER)));
}

static gboolean
import_under_way (gpointer data)
{
  GtkWidget *bar = find_widget_of_type (GTK_WIDGET (data), GTK_TYPE_PROGRESS_BAR);

  return bar && gtk_widget_get_mapped (bar) && gtk_progress_bar_get_fraction (GTK_PROGRESS_BAR (bar)) > 0;
}

/* Import LARC Descriptions… from the main menu and the file chooser, all
 * with real input, on LARC's 40 shared files (about 5 s): the progress
 * shows under the header bar, and Cancel stops the import after the file
 * being read. The tasks imported before the Cancel have all their
 * descriptions, the others none; importing again adds the rest and leaves
 * the first alone. */
static void
test_import_progress_and_cancel (void)
{
  g_autofree char *larc_dir = g_build_filename (g_getenv ("ARC_SHARED_DATA"), "larc", "tasks_json", NULL);
  g_autofree char *arc_dir = g_build_filename (g_getenv ("ARC_SHARED_DATA"), "arc-agi-1", "training", NULL);
  g_autofree char *dir = NULL;
  g_autoptr(GFile) root = NULL;
  g_autoptr(GFile) larc = g_file_new_for_path (larc_dir);
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) first = g_ptr_array_new_with_free_func (g_free);
  GtkWidget *menu_button, *item, *chooser, *bar;
  ArcWindow *window;
  const char *text;
  g_autofree char *cli_out = NULL;
  g_autofree char *cli_err = NULL;
  g_autofree char *links = NULL;
  guint n_read = 0, n_files = 0, n_links = 0;

  if (!can_send_input ())
    return;
  if (!g_file_test (larc_dir, G_FILE_TEST_IS_DIR) || !g_file_test (arc_dir, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("../shared/data (LARC and ARC-AGI-1) is not here");
      return;
    }
  /* The ARC-AGI-1 tasks LARC's files describe, in a folder of their own */
  dir = g_dir_make_tmp ("arc-build-XXXXXX", NULL);
  root = g_file_new_for_path (dir);
  {
    g_autoptr(GPtrArray) files = arc_larc_list_files (larc_dir, NULL);

    for (guint i = 0; i < files->len; i++)
      {
        g_autoptr(GFile) file = g_file_new_for_path (files->pdata[i]);
        char *id = arc_collection_peek_larc_id (file);
        g_autofree char *name = g_strdup_printf ("%s.json", id);
        g_autofree char *from = g_build_filename (arc_dir, name, NULL);
        g_autofree char *to = g_build_filename (dir, name, NULL);
        g_autofree char *data = read_file (from);

        g_assert_true (g_file_set_contents (to, data, -1, NULL));
        g_ptr_array_add (ids, id);
      }
  }
  /* An import long enough to be stopped (LARC's 40 files take a fifth of
   * a second): LARC's files, then each of them again thirty times, as links */
  links = g_dir_make_tmp ("arc-larc-XXXXXX", NULL);
  for (guint round = 0; round <= 30; round++)
    for (guint i = 0; i < ids->len; i++)
      {
        g_autofree char *target = g_strdup_printf ("%s/%u.json", larc_dir, i);
        g_autofree char *link = g_strdup_printf ("%s/%u.json", links, n_links++);

        g_assert_cmpint (symlink (target, link), ==, 0);
      }
  window = present_window (1280, 800);
  g_assert_true (arc_window_open (window, root));
  wait_for (list_idle, window, "the tasks to be listed");

  /* Main menu → Import LARC Descriptions…, then the folder typed in the
   * file chooser */
  focus_window (window);
  menu_button = find_primary_menu (GTK_WIDGET (window));
  g_assert_nonnull (menu_button);
  press ("F10");
  pump (300);
  item = find_label_widget (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu_button))),
                            "Import LARC Descriptions…");
  g_assert_nonnull (item);
  click (item);
  wait_for (chooser_shown, NULL, "the file chooser");
  chooser = find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
  focus_window (chooser);
  press ("ctrl+l");
  xdotool ("type", "--delay", "5", links, NULL);
  pump (300);
  press ("Return");

  /* The progress, under the header bar, then Cancel */
  wait_for (import_under_way, window, "the import's progress");
  bar = find_widget_of_type (GTK_WIDGET (window), GTK_TYPE_PROGRESS_BAR);
  g_assert_cmpfloat (gtk_progress_bar_get_fraction (GTK_PROGRESS_BAR (bar)), <, 1);
  g_assert_true (find_text (GTK_WIDGET (window), "Importing LARC's descriptions: ", TRUE));
  {
    g_autofree char *of = g_strdup_printf (" of %u files…", n_links);

    g_assert_true (find_text (GTK_WIDGET (window), of, TRUE));
  }
  focus_window (window);
  click (find_label_widget (GTK_WIDGET (window), "Cancel"));
  {
    TextWait w = { GTK_WIDGET (window), "Import stopped after " };
    g_assert_true (find_text (GTK_WIDGET (window), "Stopping the import after the file being read…", FALSE)
                   || import_ended (&w));
    wait_for (import_ended, &w, "the import to stop");
  }
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (gtk_widget_get_ancestor (bar, GTK_TYPE_REVEALER))));
  g_assert_null (arc_alert_find ());  /* nothing skipped: a toast says it */
  /* "Import stopped after K of 40 files: …" */
  text = NULL;
  {
    g_autoptr(GPtrArray) stack = g_ptr_array_new ();

    g_ptr_array_add (stack, window);
    while (stack->len > 0 && text == NULL)
      {
        GtkWidget *w = g_ptr_array_steal_index (stack, stack->len - 1);

        if (GTK_IS_LABEL (w) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (w)), "Import stopped after "))
          text = gtk_label_get_text (GTK_LABEL (w));
        for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
          g_ptr_array_add (stack, c);
      }
  }
  g_assert_nonnull (text);
  g_assert_cmpint (sscanf (text, "Import stopped after %u of %u files", &n_read, &n_files), ==, 2);
  g_test_message ("stopped after %u of %u files", n_read, n_files);
  g_assert_cmpuint (n_files, ==, n_links);
  g_assert_cmpuint (n_read, >=, 1);
  g_assert_cmpuint (n_read, <, n_links);
  /* The list knows what the changed tasks' notes now say from the import's
   * worker: nothing was read again here (but the task shown) */
  {
    ArcTaskList *list = WIN_CHILD (window, ARC_TASK_LIST, "task_list");
    ArcCollectionStatus *status = arc_task_list_get_status (list);
    ArcNotesStore *store = arc_collection_status_get_notes_store (status);
    ArcCollection *collection = arc_task_list_get_collection (list);

    guint n_checked = 0;

    for (guint i = 0; i < MIN (n_read, ids->len); i++)
      {
        guint position;
        ArcEntry *entry;
        ArcNotesFlags flags;

        g_assert_true (arc_collection_find (collection, ids->pdata[i], &position));
        entry = arc_collection_get_entry (collection, position);
        if (entry == arc_task_list_get_selected (list))
          continue;
        n_checked++;
        g_assert_false (arc_notes_store_is_read (store, entry));
        g_assert_true (arc_notes_store_peek_flags (store, entry, &flags));
        g_assert_true (flags & ARC_NOTES_FLAG_OTHERS_ANNOTATED);
      }
    g_assert_cmpuint (n_checked, >, 0);
  }
  /* The first tasks whole, the others untouched (all whole when it stopped
   * in the links: the same tasks again) */
  for (guint i = 0; i < ids->len; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s.arcnotes", (char *) ids->pdata[i]);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(ArcNotes) notes = NULL;

      if (i >= n_read)
        {
          g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
          continue;
        }
      notes = arc_notes_new (file);
      g_assert_true (arc_notes_load (notes, NULL));
      {
        g_autofree char *larc_name = g_strdup_printf ("%u.json", i);
        g_autofree char *larc_path = g_build_filename (larc_dir, larc_name, NULL);
        g_autoptr(GFile) larc_file = g_file_new_for_path (larc_path);
        g_autoptr(ArcLarcTask) task = arc_larc_task_load (larc_file, NULL, NULL);
        g_auto(GStrv) names = arc_notes_dup_annotators (notes, ids->pdata[i]);
        guint n_larc = 0;

        for (guint k = 0; names[k]; k++)
          n_larc += g_str_has_prefix (names[k], ARC_LARC_PREFIX);
        g_assert_cmpuint (n_larc, ==, task->descriptions->len);
      }
      g_ptr_array_add (first, read_file (path));
    }

  /* What the CLI says of the same import, on a copy of the folder as it is */
  {
    g_autofree char *copy = g_dir_make_tmp ("arc-build-XXXXXX", NULL);
    g_autoptr(GDir) folder = g_dir_open (dir, 0, NULL);
    const char *name;
    const char *argv[] = { g_getenv ("ARC_CLI"), "notes", "import-larc", larc_dir, copy, NULL };
    int status;

    while ((name = g_dir_read_name (folder)))
      {
        g_autofree char *from = g_build_filename (dir, name, NULL);
        g_autofree char *to = g_build_filename (copy, name, NULL);
        g_autofree char *data = read_file (from);

        g_assert_true (g_file_set_contents (to, data, -1, NULL));
      }
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &cli_out, &cli_err,
                                 &status, NULL));
    g_assert_true (g_spawn_check_wait_status (status, NULL));
    remove_tree (copy);
  }
  /* A task the import changes, shown */
  g_assert_true (arc_window_select_task (window, ids->pdata[ids->len - 1]));
  pump (300);

  /* Again, to the end: the rest is added, the first tasks stay as they were */
  arc_window_import_larc (window, larc);
  {
    gint64 end = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;  /* 40 files, on a busy machine */

    /* (shown as it starts: the rest can be imported in less than 0.1 s) */
    g_assert_false (import_bar_hidden (bar));
    pump (100);
    while (!import_bar_hidden (bar) && g_get_monotonic_time () < end)
      pump (100);
    g_assert_true (import_bar_hidden (bar));
  }
  /* Its toast follows the one before; its Details say what the CLI says:
   * the summary, then each warning */
  {
    GtkWidget *details = open_import_details (window, "Imported 178 LARC descriptions and ");
    g_auto(GStrv) warnings = g_strsplit (cli_err, "\n", -1);

    g_assert_true (find_text (details, cli_out, TRUE));
    g_assert_true (g_str_has_prefix (cli_out, "imported 178 descriptions and "));
    g_assert_true (warnings[0] && *warnings[0]);  /* LARC's untimed actions */
    for (guint i = 0; warnings[i]; i++)
      {
        const char *prefix = "arc-studio-cli notes import-larc: warning: ";
        char *hint;

        if (*warnings[i] == '\0')
          continue;
        g_assert_true (g_str_has_prefix (warnings[i], prefix));
        if ((hint = strstr (warnings[i], " (--verbose lists")))
          *hint = '\0';
        g_test_message ("warning: %s", warnings[i] + strlen (prefix));
        g_assert_true (find_text (details, warnings[i] + strlen (prefix), TRUE));
      }
    focus_window (gtk_widget_get_root (details));
    press ("Escape");
    pump (400);
    g_assert_null (arc_alert_find ());
  }
  /* The app wrote the shown task's notes: no news of another program's change */
  pump (1500);
  g_assert_false (find_text (window_child (window, "notes_pane"), "The notes file changed on disk", TRUE));
  for (guint i = 0; i < ids->len; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s.arcnotes", (char *) ids->pdata[i]);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *data = read_file (path);

      if (i < first->len)
        g_assert_cmpstr (data, ==, first->pdata[i]);
    }
  gtk_window_destroy (GTK_WINDOW (window));
  remove_tree (dir);
  remove_tree (links);
}

/* A task of 30×30 grids, as most of ARC-AGI-2's, with Grace's description */
static void
write_large_task (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "large.json", NULL);
  g_autofree char *notes_path = g_build_filename (dir, "large.arcnotes", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (notes_path);
  g_autoptr(ArcNotes) notes = arc_notes_new (file);
  ArcAnnotation *a = arc_notes_ensure (notes, "large", "Grace");
  GString *grid = g_string_new ("[");

  for (int r = 0; r < 30; r++)
    {
      g_string_append (grid, r ? ", [" : "[");
      for (int c = 0; c < 30; c++)
        g_string_append_printf (grid, c ? ", %d" : "%d", (r * 7 + c * 3) % 10 == 0 ? 4 : 0);
      g_string_append (grid, "]");
    }
  g_string_append (grid, "]");
  {
    g_autofree char *json = g_strdup_printf ("{\"train\": [{\"input\": %s, \"output\": %s}],"
                                             " \"test\": [{\"input\": %s, \"output\": %s}]}",
                                             grid->str, grid->str, grid->str, grid->str);
    g_assert_true (g_file_set_contents (path, json, -1, NULL));
  }
  g_string_free (grid, TRUE);
  g_free (a->input_text);
  a->input_text = g_strdup ("In the input, you should see yellow cells on black.");
  g_free (a->size_text);
  a->size_text = g_strdup ("The output grid size is the same.");
  g_free (a->transform_text);
  a->transform_text = g_strdup ("To make the output, you have to copy the input.");
  g_assert_true (arc_notes_save (notes, FALSE, NULL));
}

/* The cell size of @grid as drawn: its first row's centres, end to end */
static double
drawn_cell (GtkWidget *grid)
{
  double x0, y0, x1, y1;

  g_assert_true (arc_grid_view_cell_centre (ARC_GRID_VIEW (grid), 0, 0, &x0, &y0));
  g_assert_true (arc_grid_view_cell_centre (ARC_GRID_VIEW (grid), 0, 29, &x1, &y1));
  return (x1 - x0) / 29;
}

/* Every shown button under @widget lies inside @window */
static void
assert_buttons_inside (GtkWidget *widget,
                       GtkWidget *window)
{
  if (!gtk_widget_get_visible (widget))
    return;
  if (GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget))
    {
      graphene_rect_t b;

      g_assert_true (gtk_widget_compute_bounds (widget, window, &b));
      if (b.origin.x < 0 || b.origin.y < 0 || b.origin.x + b.size.width > gtk_widget_get_width (window) ||
          b.origin.y + b.size.height > gtk_widget_get_height (window))
        g_error ("the button for %s is at %g,%g %gx%g, outside the %dx%d window",
                 gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), b.origin.x, b.origin.y,
                 b.size.width, b.size.height, gtk_widget_get_width (window), gtk_widget_get_height (window));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    assert_buttons_inside (child, window);
}

/* The build window on a 30×30 task uses its room: the grid being built is
 * large, the test input readable, every tool and Submit in the window */
static void
test_large_task_room (void)
{
  static const struct { int width, height, min_output, min_input; } sizes[] = {
    { 1280, 800, 14, 8 },
    { 800, 600, 10, 5 },
  };
  g_autofree char *dir = g_dir_make_tmp ("arc-build-XXXXXX", NULL);

  if (!can_send_input ())
    return;
  write_large_task (dir);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      ArcWindow *window = open_in_window (dir, sizes[i].width, sizes[i].height);
      ArcBuildWindow *build;
      ArcSolveView *view;
      GtkWidget *button;
      double output, input;

      focus_window (window);
      if (!notes_revealed (window))
        press ("F9");
      pump (300);
      button = find_action_button (window_child (window, "notes_pane"), "win.build-from-description");
      g_assert_nonnull (button);
      scroll_to (button, 0);
      click (button);
      wait_for (build_window_shown, NULL, "the build window");
      build = find_build_window ();
      view = arc_build_window_get_solve_view (build);
      pump (500);
      output = drawn_cell (arc_solve_view_get_output_view (view));
      input = drawn_cell (arc_solve_view_get_input_view (view));
      g_test_message ("%dx%d: the output drawn at %.1f px a cell, the test input at %.1f", sizes[i].width,
                      sizes[i].height, output, input);
      g_assert_cmpfloat (output, >=, sizes[i].min_output);
      g_assert_cmpfloat (input, >=, sizes[i].min_input);
      g_assert_nonnull (find_action_button (GTK_WIDGET (view), "solve.submit"));
      assert_buttons_inside (GTK_WIDGET (view), GTK_WIDGET (build));
      g_assert_true (find_text (GTK_WIDGET (build), "yellow cells on black", TRUE));
      gtk_window_destroy (GTK_WINDOW (build));
      gtk_window_destroy (GTK_WINDOW (window));
      pump (100);
    }
  remove_tree (dir);
}

/* Ada's attempt on the 30×30 task: three actions, the second with as
 * long a text as an action has ("Flip: row 30, column 28 · 12×13 cells
 * from row 18, column 16 · colour 8 (…) · horizontal"), two lines in a
 * narrow window */
static void
write_large_attempt (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "large.arcnotes", NULL);
  GString *rows = g_string_new ("[");
  GString *lists = g_string_new ("[");
  g_autofree char *json = NULL;

  for (int r = 0; r < 30; r++)
    {
      g_string_append (rows, r ? ", \"" : "\"");
      g_string_append (lists, r ? ", [" : "[");
      for (int c = 0; c < 30; c++)
        {
          int colour = (r * 7 + c * 3) % 10 == 0 ? 4 : 0;

          g_string_append_c (rows, '0' + colour);
          g_string_append_printf (lists, c ? ", %d" : "%d", r == 0 && c == 0 ? 3 : colour);
        }
      g_string_append_c (rows, '"');
      g_string_append_c (lists, ']');
    }
  g_string_append_c (rows, ']');
  g_string_append_c (lists, ']');
  json = g_strdup_printf (
    "{\"format\": \"arc-studio-notes\", \"version\": 3, \"tasks\": {\"large\": {\"annotators\": {\"Ada\": {"
    "\"attempts\": [{\"test\": 0, \"grid\": %s, \"verdict\": \"wrong\", \"time\": \"2026-11-22T09:14:10.500Z\","
    " \"counts\": true, \"trials\": 3, \"trajectory\": ["
    "{\"category\": \"Critical\", \"operation\": \"CopyFromInput\", \"grid\": [\"000\", \"000\", \"000\"]},"
    "{\"category\": \"Object-Oriented\", \"operation\": \"Flip\", \"position\": {\"x\": 27, \"y\": 29},"
    " \"selection\": {\"x\": 15, \"y\": 17, \"height\": 12, \"width\": 13}, \"color\": 8,"
    " \"direction\": \"horizontal\", \"grid\": %s},"
    "{\"category\": \"Coloring\", \"operation\": \"Paint\", \"position\": {\"x\": 0, \"y\": 0},"
    " \"color\": 3, \"grid\": %s}]}],"
    "\"description\": {\"input\": \"In the input, you should see yellow cells.\"},"
    "\"builds\": [{\"id\": \"b1\", \"builder\": \"larc:a-builder-whose-identifier-is-remarkably-long-0123456789\","
    " \"success\": false, \"attempts\": 1, \"milliseconds\": 1000, \"time\": \"2026-11-22T09:20:00.000Z\","
    " \"submissions\": [{\"test\": 0, \"grid\": %s, \"verdict\": \"wrong\", \"time\": \"2026-11-22T09:20:00.000Z\","
    " \"counts\": true, \"trials\": 3, \"trajectory\": [{\"category\": \"Critical\", \"operation\": \"CopyFromInput\","
    " \"grid\": [\"000\", \"000\", \"000\"]}]}]}]}}}}}",
    lists->str, rows->str, rows->str, lists->str);
  g_string_free (rows, TRUE);
  g_string_free (lists, TRUE);
  g_assert_true (g_file_set_contents (path, json, -1, NULL));
}

static gboolean
is_tooltip_window (GtkWidget *widget, gconstpointer data)
{
  return g_str_equal (G_OBJECT_TYPE_NAME (widget), "GtkTooltipWindow") && gtk_widget_get_mapped (widget);
}

/* The pointer off @label, then over it, until its tooltip shows or the
 * toolkit's delay is long past: the tooltip's window, or NULL */
static GtkWidget *
hover_tooltip (GtkWidget *label)
{
  g_autofree char *xid = window_xid (label);
  g_autofree char *sx = NULL, *sy = NULL;
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (label));
  GtkWidget *shown = NULL;

  xdotool ("mousemove", "--window", xid, "2", "2", NULL);
  pump (700);  /* out of the tooltips' browse mode */
  window_point (label, gtk_widget_get_width (label) / 2.0, gtk_widget_get_height (label) / 2.0, &sx, &sy);
  xdotool ("mousemove", "--window", xid, sx, sy, NULL);
  for (int i = 0; i < 30 && shown == NULL; i++)
    {
      pump (100);
      shown = find_widget_matching (root, is_tooltip_window, NULL);
    }
  return shown;
}

/* The action's text has a tooltip (its whole text) when it is cut short
 * (@cut), and none when it is shown whole */
static void
assert_action_tooltip (GtkWidget *replay, gboolean cut)
{
  const char *text = arc_replay_window_get_action_text (ARC_REPLAY_WINDOW (replay));
  GtkWidget *label = find_label_widget (replay, text);
  GtkWidget *tooltip;

  g_assert_nonnull (label);
  g_assert_cmpint (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))), ==, cut);
  tooltip = hover_tooltip (label);
  g_test_message ("“%s” in %d px: %s, %s", text, gtk_widget_get_width (label), cut ? "cut short" : "whole",
                  tooltip ? "a tooltip" : "no tooltip");
  if (cut)
    {
      g_assert_nonnull (tooltip);
      g_assert_nonnull (find_label_widget (tooltip, text));
    }
  else
    g_assert_null (tooltip);
}

/* The replay of an attempt on a 30×30 task: the grid fills the window's
 * room, and neither the window nor the grid changes size from step to
 * step, a step with a long text included, nor when an attempt with a long
 * label is chosen. The action's text has a tooltip only when it is cut
 * short, in the narrowest window. */
static void
test_replay_room (void)
{
  static const struct { int width, height, min_cell; } sizes[] = {
    { 1280, 800, 14 },
    { 800, 600, 11 },
  };
  g_autofree char *dir = g_dir_make_tmp ("arc-replay-XXXXXX", NULL);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);

  if (!can_send_input ())
    return;
  g_settings_set_string (settings, "annotator", "Ada");
  write_large_task (dir);
  write_large_attempt (dir);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      ArcWindow *window = open_in_window (dir, sizes[i].width, sizes[i].height);
      GtkWidget *replay, *grid;
      int width, height;
      double cell;

      focus_window (window);
      press ("ctrl+shift+r");
      wait_for (replay_shown, NULL, "the replay window");
      replay = find_toplevel (ARC_TYPE_REPLAY_WINDOW);
      grid = find_widget_of_type (replay, ARC_TYPE_GRID_VIEW);
      focus_window (replay);
      press ("End");
      pump (300);
      g_assert_cmpuint (arc_replay_window_get_step (ARC_REPLAY_WINDOW (replay)), ==, 3);
      width = gtk_widget_get_width (replay);
      height = gtk_widget_get_height (replay);
      cell = drawn_cell (grid);
      g_test_message ("%dx%d: the replay window %dx%d, its grid at %.1f px a cell", sizes[i].width, sizes[i].height,
                      width, height, cell);
      g_assert_cmpfloat (cell, >=, sizes[i].min_cell);
      g_assert_cmpint (height, <=, sizes[i].height);
      g_assert_cmpint (width, <=, sizes[i].width);
      /* To the step of the long text, and on back to the first action */
      for (guint step = 2; step >= 1; step--)
        {
          press ("Left");
          pump (300);
          g_assert_cmpuint (arc_replay_window_get_step (ARC_REPLAY_WINDOW (replay)), ==, step);
          g_test_message ("step %u: %s, the grid at %.1f px a cell", step,
                          arc_replay_window_get_action_text (ARC_REPLAY_WINDOW (replay)), drawn_cell (grid));
          g_assert_cmpint (gtk_widget_get_width (replay), ==, width);
          g_assert_cmpint (gtk_widget_get_height (replay), ==, height);
          g_assert_cmpfloat (drawn_cell (grid), ==, cell);
          assert_action_tooltip (replay, FALSE);
        }
      /* A build by a builder of a long name, chosen in the list */
      click (find_widget_of_type (replay, GTK_TYPE_DROP_DOWN));
      pump (300);
      press ("Down");
      press ("Return");
      pump (300);
      g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (find_widget_of_type (replay, GTK_TYPE_DROP_DOWN))),
                        ==, 1);
      g_assert_cmpint (gtk_widget_get_width (replay), ==, width);
      g_assert_cmpint (gtk_widget_get_height (replay), ==, height);
      /* The long text in the narrowest window: cut, and whole in its tooltip */
      gtk_drop_down_set_selected (GTK_DROP_DOWN (find_widget_of_type (replay, GTK_TYPE_DROP_DOWN)), 0);
      gtk_window_set_default_size (GTK_WINDOW (replay), 1, height);
      pump (300);
      focus_window (replay);
      press ("End");
      press ("Left");
      pump (300);
      g_assert_cmpuint (arc_replay_window_get_step (ARC_REPLAY_WINDOW (replay)), ==, 2);
      /* (GTK 4.8 makes a shown window narrower for a new default size;
       * later versions keep the size it has, and the text may stay whole) */
      {
        GtkWidget *label = find_label_widget (replay, arc_replay_window_get_action_text (ARC_REPLAY_WINDOW (replay)));
        gboolean cut = pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label)));

        g_test_message ("the narrowest replay window: %d px", gtk_widget_get_width (replay));
        assert_action_tooltip (replay, gtk_get_minor_version () <= 8 ? TRUE : cut);
      }
      gtk_window_destroy (GTK_WINDOW (replay));
      gtk_window_destroy (GTK_WINDOW (window));
      pump (100);
    }
  g_settings_reset (settings, "annotator");
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

  g_test_add_func ("/arc/build-window/build-from-description", test_build_from_description);
  g_test_add_func ("/arc/build-window/large-task-room", test_large_task_room);
  g_test_add_func ("/arc/build-window/replay-room", test_replay_room);
  g_test_add_func ("/arc/build-window/import-and-search", test_import_and_search);
  g_test_add_func ("/arc/build-window/import-progress-and-cancel", test_import_progress_and_cancel);

  return g_test_run ();
}

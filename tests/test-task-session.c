/* test-task-session.c: the shown task as one object: an ArcTaskSession made
 * for an entry, what ArcSessionKeeper keeps of those left, and the window's
 * parts following the session set on it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "arc-grid-view.h"
#include "arc-session-keeper.h"
#include "arc-task-session.h"
#include "gui-input.h"
#include "gui-test-util.h"

/* A two-test task: flip each input left to right */
static const char flip_task[] =
  "{\"train\": [{\"input\": [[1, 0]], \"output\": [[0, 1]]}, {\"input\": [[2, 3]], \"output\": [[3, 2]]}],"
  " \"test\": [{\"input\": [[1, 2, 0], [0, 3, 0]], \"output\": [[0, 2, 1], [0, 3, 0]]},"
  "          {\"input\": [[5, 0], [0, 0]], \"output\": [[0, 5], [0, 0]]}]}";
/* A cell out of 0..9 */
static const char broken_task[] =
  "{\"train\": [{\"input\": [[1, 12]], \"output\": [[1]]}], \"test\": [{\"input\": [[1]]}]}";

typedef struct
{
  char          *dir;
  char          *uri;
  ArcCollection *collection;
  ArcNotesStore *store;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GFile) root = NULL;
  const char *names[] = { "a-flip.json", "b-flip.json", "c-broken.json" };
  const char *texts[] = { flip_task, flip_task, broken_task };

  f->dir = g_dir_make_tmp ("arc-task-session-XXXXXX", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (f->dir, names[i], NULL);
      g_assert_true (g_file_set_contents (path, texts[i], -1, NULL));
    }
  root = g_file_new_for_path (f->dir);
  f->uri = g_file_get_uri (root);
  f->collection = arc_collection_new_for_file (root, NULL, NULL, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (f->collection)), ==, 3);
  f->store = arc_notes_store_new (f->collection, NULL);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_clear_object (&f->store);
  g_clear_object (&f->collection);
  remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->uri);
}

static ArcEntry *
entry_of (ArcCollection *collection,
          const char    *id)
{
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (collection)); i++)
    if (g_str_equal (arc_entry_get_id (arc_collection_get_entry (collection, i)), id))
      return arc_collection_get_entry (collection, i);
  g_error ("no task %s", id);
}

static char *
output_of (ArcSolve *solve)
{
  return arc_grid_to_string (arc_solve_get_output (solve));
}

static gboolean
notes_saved (gpointer notes)
{
  return !arc_task_notes_get_modified (notes) && !arc_task_notes_get_saving (notes);
}

static void
count_cb (gpointer  instance,
          guint    *count)
{
  (*count)++;
}

/* A session made for an entry: its task, its problems, its notes, and a
 * workspace started from the attempts the notes keep for this version of
 * the task (not an earlier one's, nor its program's) */
static void
test_made_for_entry (Fixture       *f,
                     gconstpointer  data)
{
  ArcEntry *a = entry_of (f->collection, "a-flip");
  ArcEntry *c = entry_of (f->collection, "c-broken");
  g_autoptr(ArcTaskNotes) notes = arc_task_notes_new (f->store, a, "Tester");
  g_autoptr(ArcTask) task = arc_entry_load (a, NULL);
  g_autofree char *hash = arc_task_dup_content_hash (task);
  g_autoptr(ArcGrid) wrong = arc_grid_new_from_text ("[[1,1,1],[1,1,1]]", NULL);
  g_autoptr(ArcTaskSession) session = NULL;
  g_autoptr(ArcTaskSession) broken = NULL;
  g_autoptr(ArcEntry) again = NULL;
  ArcSolve *solve;
  guint work_changes = 0;

  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(ArcAttempt) attempt = arc_attempt_new (0, wrong, ARC_VERDICT_WRONG, TRUE);

      attempt->task_hash = i == 1 ? g_strdup ("0123456789abcdef") : g_strdup (hash);
      if (i == 2)
        arc_attempt_set_by_program (attempt);
      arc_task_notes_add_attempt (notes, attempt);
    }
  session = arc_task_session_new (a, notes, 3, f->uri);
  g_assert_true (arc_task_session_get_entry (session) == a);
  g_assert_nonnull (arc_task_session_get_task (session));
  g_assert_cmpuint (arc_task_get_n_test (arc_task_session_get_task (session)), ==, 2);
  /* (only warnings: the task is smaller than the competition's rules ask) */
  for (guint i = 0; arc_task_session_get_problems (session) && i < arc_task_session_get_problems (session)->len; i++)
    g_assert_cmpint (((ArcProblem *) arc_task_session_get_problems (session)->pdata[i])->severity, ==,
                     ARC_SEVERITY_WARNING);
  g_assert_true (arc_task_session_get_notes (session) == notes);
  solve = arc_task_session_get_solve (session);
  g_assert_nonnull (solve);
  g_assert_true (arc_solve_get_task (solve) == arc_task_session_get_task (session));
  g_assert_cmpuint (arc_solve_get_n_tests (solve), ==, 2);
  g_assert_cmpuint (arc_solve_get_trials_left (solve, 0), ==, 2);  /* one of the three attempts counts */
  g_assert_cmpuint (arc_solve_get_trials_left (solve, 1), ==, 3);
  g_assert_true (arc_task_session_shows (session, a));
  g_assert_false (arc_task_session_shows (session, c));
  again = arc_entry_new_for_file (arc_entry_get_file (a), "a-flip", "", "a-flip.json");
  g_assert_true (arc_task_session_shows (session, again));

  /* The first change of work is told, for the list's marks */
  g_signal_connect (session, "work-changed", G_CALLBACK (count_cb), &work_changes);
  g_assert_true (arc_solve_paint (solve, 0, 0, 4));
  g_assert_cmpuint (work_changes, >=, 1);

  /* An invalid task: its problems, no workspace */
  broken = arc_task_session_new (c, NULL, 3, f->uri);
  g_assert_null (arc_task_session_get_task (broken));
  g_assert_null (arc_task_session_get_solve (broken));
  g_assert_null (arc_task_session_get_notes (broken));
  g_assert_nonnull (arc_task_session_get_problems (broken));
  g_assert_cmpuint (arc_task_session_get_problems (broken)->len, >=, 1);
  g_assert_cmpint (((ArcProblem *) arc_task_session_get_problems (broken)->pdata[0])->severity, ==, ARC_SEVERITY_ERROR);
}

/* One program run at a time: a new one cancels the one before, whose
 * results are not shown; leaving the session cancels its run */
static void
test_program_run (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(ArcSessionKeeper) keeper = arc_session_keeper_new ();
  g_autoptr(ArcTaskSession) session = arc_session_keeper_open (keeper, entry_of (f->collection, "a-flip"), NULL, 3,
                                                               f->uri, TRUE);
  g_autoptr(GCancellable) first = g_object_ref (arc_task_session_begin_run (session));
  g_autoptr(GCancellable) second = g_object_ref (arc_task_session_begin_run (session));
  g_autoptr(GCancellable) third = NULL;

  g_assert_true (g_cancellable_is_cancelled (first));
  g_assert_false (arc_task_session_end_run (session, first));
  g_assert_true (arc_task_session_end_run (session, second));
  g_assert_false (arc_task_session_end_run (session, second));  /* over */
  third = g_object_ref (arc_task_session_begin_run (session));
  arc_session_keeper_leave (keeper, session, entry_of (f->collection, "b-flip"), TRUE);
  g_assert_true (g_cancellable_is_cancelled (third));
  g_assert_false (arc_task_session_end_run (session, third));
}

/* Another task and back: the workspace kept with its undo, the notes
 * saved meanwhile; not Edit Task's workspace, nor the same task read
 * again, nor one whose work file changed while it was away */
static void
test_kept_keep_undo (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(ArcSessionKeeper) keeper = arc_session_keeper_new ();
  ArcEntry *a = entry_of (f->collection, "a-flip");
  ArcEntry *b = entry_of (f->collection, "b-flip");
  g_autoptr(ArcTaskNotes) notes = arc_task_notes_new (f->store, a, "Tester");
  g_autoptr(ArcTaskNotes) notes_again = NULL;
  g_autoptr(ArcTaskSession) first = arc_session_keeper_open (keeper, a, notes, 3, f->uri, TRUE);
  g_autoptr(ArcTaskSession) back = NULL;
  g_autoptr(ArcTaskSession) after_edit = NULL;
  g_autoptr(ArcTaskSession) changed = NULL;
  g_autofree char *sidecar = g_build_filename (f->dir, "a-flip.arcnotes", NULL);
  g_autofree char *output = NULL;
  ArcSolve *solve = arc_task_session_get_solve (first);
  g_autoptr(GFile) work = NULL;

  g_assert_true (arc_solve_paint (solve, 0, 0, 4));
  g_assert_true (arc_solve_paint (solve, 1, 2, 3));
  arc_task_notes_set_text (notes, ARC_NOTES_FIELD_INPUT, "mirror the rows");
  arc_session_keeper_leave (keeper, first, b, TRUE);
  g_assert_cmpuint (arc_session_keeper_get_n_kept (keeper), ==, 1);
  /* The notes left are saved in the background, and held until they are */
  g_assert_true (arc_notes_keeper_get_unsaved (arc_session_keeper_get_notes_keeper (keeper)));
  wait_until (notes_saved, notes, "the notes left to be saved");
  g_assert_true (file_contains (sidecar, "mirror the rows"));

  /* Back: the same workspace, Undo going on where it was */
  notes_again = arc_task_notes_new (f->store, a, "Tester");
  g_assert_cmpstr (arc_task_notes_get_text (notes_again, ARC_NOTES_FIELD_INPUT), ==, "mirror the rows");
  back = arc_session_keeper_open (keeper, a, notes_again, 3, f->uri, TRUE);
  g_assert_true (arc_task_session_get_solve (back) == solve);
  g_assert_cmpuint (arc_session_keeper_get_n_kept (keeper), ==, 0);
  g_assert_true (arc_solve_can_undo (solve));
  g_assert_true (arc_solve_undo (solve));
  output = output_of (solve);
  g_assert_cmpstr (output, ==, "[[4,0,0],[0,0,0]]");
  g_clear_pointer (&output, g_free);

  /* Left while Edit Task showed its own workspace: not kept; the work is
   * read again from its file */
  arc_session_keeper_leave (keeper, back, b, FALSE);
  g_assert_cmpuint (arc_session_keeper_get_n_kept (keeper), ==, 0);
  after_edit = arc_session_keeper_open (keeper, a, notes_again, 3, f->uri, TRUE);
  g_assert_true (arc_task_session_get_solve (after_edit) != solve);
  g_assert_false (arc_solve_can_undo (arc_task_session_get_solve (after_edit)));
  output = output_of (arc_task_session_get_solve (after_edit));
  g_assert_cmpstr (output, ==, "[[4,0,0],[0,0,0]]");
  g_clear_pointer (&output, g_free);

  /* The same task read again (changed on disk): not kept */
  arc_session_keeper_leave (keeper, after_edit, a, TRUE);
  g_assert_cmpuint (arc_session_keeper_get_n_kept (keeper), ==, 0);

  /* Its work file gone while away (another window finished it): the
   * workspace kept no longer stands, and goes */
  solve = arc_task_session_get_solve (after_edit);
  g_assert_true (arc_solve_paint (solve, 1, 1, 7));
  arc_session_keeper_leave (keeper, after_edit, b, TRUE);
  g_assert_cmpuint (arc_session_keeper_get_n_kept (keeper), ==, 1);
  work = arc_solve_dup_work_file (arc_entry_get_file (a), "a-flip");
  g_assert_true (g_file_delete (work, NULL, NULL));
  changed = arc_session_keeper_open (keeper, a, notes_again, 3, f->uri, TRUE);
  g_assert_true (arc_task_session_get_solve (changed) != solve);
  g_assert_false (arc_solve_can_undo (arc_task_session_get_solve (changed)));
  g_assert_cmpuint (arc_session_keeper_get_n_kept (keeper), ==, 0);

  /* Another collection: none kept */
  arc_session_keeper_leave (keeper, changed, b, TRUE);
  g_assert_cmpuint (arc_session_keeper_get_n_kept (keeper), ==, 1);
  arc_session_keeper_forget (keeper);
  g_assert_cmpuint (arc_session_keeper_get_n_kept (keeper), ==, 0);
}

/* The window */

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
notes_text_is (gpointer data)
{
  gpointer *args = data;

  return g_strcmp0 (arc_task_notes_get_text (args[0], ARC_NOTES_FIELD_INPUT), args[1]) == 0;
}

static void
click_output_cell (ArcSolveView *view,
                   int           row,
                   int           col)
{
  GtkWidget *grid = arc_solve_view_get_output_view (view);
  double x, y;

  g_assert_true (arc_grid_view_cell_centre (ARC_GRID_VIEW (grid), row, col, &x, &y));
  click_at (grid, x, y);
}

static void
wait_list (ArcWindow *window)
{
  wait_for (list_idle, window, "the collection to be listed and checked");
  settle_workspace (window);
}

/* Setting the window's session shows it: the task page's heading and
 * examples, the workspace the user paints in, the notes pane the user
 * types in; none shown, the empty page; the session left leaves its
 * notes and work written, read again when the task is shown from the list */
static void
test_window_follows (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GFile) folder = g_file_new_for_path (f->dir);
  ArcWindow *window;
  ArcTaskList *list;
  ArcCollection *collection;
  ArcNotesStore *store;
  ArcEntry *b;
  ArcSolveView *view;
  GtkTextView *input;
  g_autoptr(ArcTaskNotes) notes = NULL;
  g_autoptr(ArcTaskSession) session = NULL;
  ArcTaskSession *shown = NULL;
  g_autofree char *output = NULL;
  g_autofree char *sidecar = g_build_filename (f->dir, "b-flip.arcnotes", NULL);

  if (!can_send_input ())
    return;
  window = present_window (1280, 800);
  g_assert_true (arc_window_open (window, folder));
  wait_list (window);
  list = WIN_CHILD (window, ARC_TASK_LIST, "task_list");
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  g_assert_cmpstr (arc_entry_get_id (selected_entry (window)), ==, "a-flip");
  g_assert_cmpstr (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "task_title")), ==, "a-flip");

  /* The window's collection, its notes and the second task */
  collection = arc_task_list_get_collection (list);
  store = arc_collection_status_get_notes_store (arc_task_list_get_status (list));
  b = entry_of (collection, "b-flip");
  notes = arc_task_notes_new (store, b, arc_task_notes_get_annotator (shown_notes (window)));
  arc_task_notes_set_text (notes, ARC_NOTES_FIELD_INPUT, "two rows");
  session = arc_task_session_new (b, notes, 3, f->uri);

  g_object_set (window, "session", session, NULL);
  settle_workspace (window);
  g_object_get (window, "session", &shown, NULL);
  g_assert_true (shown == session);
  g_clear_object (&shown);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (WIN_CHILD (window, GTK_STACK, "main_stack")), ==, "task");
  g_assert_true (find_label (GTK_WIDGET (window), "b-flip"));
  g_assert_true (arc_task_view_get_task (WIN_CHILD (window, ARC_TASK_VIEW, "task_view")) ==
                 arc_task_session_get_task (session));
  g_assert_true (arc_solve_view_get_solve (view) == arc_task_session_get_solve (session));
  g_assert_true (shown_notes (window) == notes);
  input = GTK_TEXT_VIEW (find_widget_of_type (window_child (window, "notes_pane"), GTK_TYPE_TEXT_VIEW));
  {
    g_autofree char *text = text_of (input);
    g_assert_cmpstr (text, ==, "two rows");
  }

  /* What the user paints is the session's workspace, what they type its notes */
  focus_window (window);
  press ("4");
  click_output_cell (view, 0, 0);
  output = output_of (arc_task_session_get_solve (session));
  g_assert_cmpstr (output, ==, "[[4,0,0],[0,0,0]]");
  g_clear_pointer (&output, g_free);
  click (GTK_WIDGET (input));
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (input)));
  press ("ctrl+a");
  xdotool ("type", "--delay", "5", "mirrored", NULL);
  {
    gpointer args[] = { input, "mirrored" };
    wait_until (view_reads, args, "the typed text");
  }
  {
    gpointer args[] = { notes, "mirrored" };
    wait_until (notes_text_is, args, "the session's notes to take the text");
  }

  /* No session: the empty page, no notes; those left are saved */
  g_object_set (window, "session", NULL, NULL);
  pump (100);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (WIN_CHILD (window, GTK_STACK, "main_stack")), ==, "empty");
  g_assert_null (shown_notes (window));
  wait_until (notes_saved, notes, "the notes left to be saved");
  g_assert_true (file_contains (sidecar, "mirrored"));

  /* The task picked in the list: its notes and its work, read again */
  g_assert_true (arc_window_select_task (window, "b-flip"));
  settle_workspace (window);
  g_assert_cmpstr (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "task_title")), ==, "b-flip");
  g_object_get (window, "session", &shown, NULL);
  g_assert_nonnull (shown);
  g_assert_true (shown != session);
  g_assert_true (arc_solve_view_get_solve (view) == arc_task_session_get_solve (shown));
  g_clear_object (&shown);
  output = output_of (arc_solve_view_get_solve (view));
  g_assert_cmpstr (output, ==, "[[4,0,0],[0,0,0]]");
  {
    g_autofree char *text = text_of (input);
    g_assert_cmpstr (text, ==, "mirrored");
  }

  /* An invalid task's session: why it cannot be read */
  g_clear_object (&session);
  session = arc_task_session_new (entry_of (collection, "c-broken"), NULL, 3, f->uri);
  g_object_set (window, "session", session, NULL);
  pump (100);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (WIN_CHILD (window, GTK_STACK, "main_stack")), ==, "invalid");
  g_assert_cmpstr (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "invalid_details")), ==,
                   "train[0].input[0][1]: value 12 is outside 0..9");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("arc-task-session-data-XXXXXX", NULL);
  int status;

  /* (the work files go there: g_get_user_data_dir() reads it once) */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add ("/arc/task-session/made-for-entry", Fixture, NULL, fixture_set_up, test_made_for_entry,
              fixture_tear_down);
  g_test_add ("/arc/task-session/program-run", Fixture, NULL, fixture_set_up, test_program_run, fixture_tear_down);
  g_test_add ("/arc/task-session/kept-keep-undo", Fixture, NULL, fixture_set_up, test_kept_keep_undo,
              fixture_tear_down);
  g_test_add ("/arc/task-session/window-follows", Fixture, NULL, fixture_set_up, test_window_follows,
              fixture_tear_down);
  status = g_test_run ();
  remove_tree (data_home);
  return status;
}

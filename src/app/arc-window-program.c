/* arc-window-program.c: the shown task's program run on its pairs
 *
 * Run (win.run-program, Ctrl+R) runs the program of the notes pane's
 * Program section on every train and test pair, in the application's
 * ArcProgramPool (python3 processes, never this one), and the task view
 * shows the results under the examples (arc-program-view.c). Nothing runs
 * unless the user asks: not on opening a task or a collection. The run is
 * the shown task's session's (ArcTaskSession): another task, or the same
 * read again, cancels it. Before the first run of another annotator's
 * program in a collection, the window asks once.
 *
 * The program page (Ctrl+Shift+P, arc-program-page.c) shows the program
 * at full width beside the examples, instead of the examples and the
 * workspace, with the task list and the notes pane put away (the room
 * logic of arc-window-layout.c folds them while it is shown); the results
 * of a run show there too. Run with Trace (win.trace-program, Ctrl+T)
 * traces the program on its chosen pair, asking first as Run does.
 *
 * A test input's output can be submitted as an attempt made by the program
 * (arc_attempt_set_by_program(): it counts apart from the attempts made by
 * hand) or copied to the workspace, to finish by hand.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-window"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-alert.h"
#include "arc-window-private.h"

static ArcProgramView *
program_view (ArcWindow *self)
{
  return arc_task_view_get_program_view (arc_task_page_get_task_view (self->task_page));
}

static ArcProgramEditor *
program_editor (ArcWindow *self)
{
  return arc_notes_pane_get_program_editor (self->notes_pane);
}

static ArcProgramPage *
program_page (ArcWindow *self)
{
  return arc_task_page_get_program_page (self->task_page);
}

/* The results on the program page too */
static ArcProgramView *
page_program_view (ArcWindow *self)
{
  return arc_task_view_get_program_view (arc_program_page_get_task_view (program_page (self)));
}

static void
pool_timeout_cb (GSettings      *settings,
                 const char     *key,
                 ArcProgramPool *pool)
{
  arc_program_pool_set_timeout (pool, (guint) g_settings_get_int (settings, "program-timeout") * 1000);
}

static void
pool_python_path_cb (GSettings      *settings,
                     const char     *key,
                     ArcProgramPool *pool)
{
  g_auto(GStrv) dirs = g_settings_get_strv (settings, "python-path");

  arc_program_pool_set_python_path (pool, (const char * const *) dirs);
}

/**
 * arc_program_pool_new_for_settings:
 * Returns: (transfer full): a pool of python3 interpreters, one per
 *   processor, with the time limit and the import folders of @settings
 *   (and following them); none starts before a program runs
 */
ArcProgramPool *
arc_program_pool_new_for_settings (GSettings *settings)
{
  ArcProgramPool *pool = arc_program_pool_new (0);

  pool_timeout_cb (settings, "program-timeout", pool);
  pool_python_path_cb (settings, "python-path", pool);
  g_signal_connect_object (settings, "changed::program-timeout", G_CALLBACK (pool_timeout_cb), pool, 0);
  g_signal_connect_object (settings, "changed::python-path", G_CALLBACK (pool_python_path_cb), pool, 0);
  return pool;
}

static void
cancel_run (ArcWindow *self)
{
  ArcTaskSession *session = self->task_page ? arc_task_page_get_session (self->task_page) : NULL;

  if (session)
    arc_task_session_cancel_run (session);
}

typedef struct
{
  ArcWindow      *window;
  ArcTaskSession *session;
  ArcTask        *task;
  GCancellable   *cancellable;
} Run;

static void
run_free (Run *run)
{
  g_object_unref (run->window);
  g_object_unref (run->session);
  g_object_unref (run->task);
  g_object_unref (run->cancellable);
  g_free (run);
}

static void
ran_cb (GObject      *source,
        GAsyncResult *result,
        gpointer      user_data)
{
  Run *run = user_data;
  ArcWindow *self = run->window;
  g_autoptr(GError) error = NULL;
  ArcProgramResult *program_result = arc_program_pool_run_finish (ARC_PROGRAM_POOL (source), result, &error);

  /* Another task shown, another run, or the window closed */
  if (!arc_task_session_end_run (run->session, run->cancellable))
    {
      g_clear_pointer (&program_result, arc_program_result_free);
      run_free (run);
      return;
    }
  if (program_result)
    {
      arc_program_view_show_result (page_program_view (self), run->task, arc_program_result_copy (program_result));
      arc_program_view_show_result (program_view (self), run->task, program_result);
    }
  else
    {
      /* TRANSLATORS: the program could not be run at all */
      g_autofree char *message = g_strdup_printf (_("Could not run the program: %s"), error->message);
      arc_program_view_show_error (program_view (self), message);
      arc_program_view_show_error (page_program_view (self), message);
    }
  arc_task_page_reveal_program (self->task_page);
  run_free (run);
}

static void
start_run (ArcWindow *self)
{
  /* (the task shown, as Edit Task has it while editing) */
  ArcTask *task = arc_task_view_get_task (arc_task_page_get_task_view (self->task_page));
  ArcTaskSession *session = arc_task_page_get_session (self->task_page);
  g_autofree char *source = arc_program_editor_dup_source (program_editor (self));
  Run *run;

  if (task == NULL || session == NULL)
    return;
  if (self->program_pool == NULL)
    self->program_pool = arc_program_pool_new_for_settings (self->settings);
  run = g_new0 (Run, 1);
  run->window = g_object_ref (self);
  run->session = g_object_ref (session);
  run->task = g_object_ref (task);
  run->cancellable = g_object_ref (arc_task_session_begin_run (session));
  arc_program_view_set_running (program_view (self), task, arc_program_editor_get_author (program_editor (self)));
  arc_program_view_set_running (page_program_view (self), task, arc_program_editor_get_author (program_editor (self)));
  arc_task_page_reveal_program (self->task_page);
  arc_program_pool_run_async (self->program_pool, arc_task_get_id (task), source, task, run->cancellable, ran_cb, run);
}

/* The collection whose others' programs the user chose to run */
static char *
collection_key (ArcWindow *self)
{
  ArcCollection *collection = arc_task_list_get_collection (self->task_list);

  return collection ? g_file_get_uri (arc_collection_get_file (collection)) : g_strdup ("");
}

static void
start_trace (ArcWindow *self)
{
  if (self->program_pool == NULL)
    self->program_pool = arc_program_pool_new_for_settings (self->settings);
  arc_program_page_trace (program_page (self), self->program_pool);
}

static void
trust_response_cb (GtkWidget  *alert,
                   const char *response,
                   ArcWindow  *self)
{
  g_autofree char *uri = collection_key (self);

  if (!g_str_equal (response, "run"))
    return;
  g_hash_table_add (self->trusted_programs, g_steal_pointer (&uri));
  if (g_object_get_data (G_OBJECT (alert), "trace"))
    start_trace (self);
  else
    start_run (self);
}

/* Runs the program shown (@trace: traces it on the program page's pair),
 * asking first, once a collection, when it is another annotator's */
static void
run_or_trace (ArcWindow *self,
              gboolean   trace)
{
  g_autofree char *source = arc_program_editor_dup_source (program_editor (self));
  g_autofree char *uri = collection_key (self);
  const char *author = arc_program_editor_get_author (program_editor (self));
  GtkWidget *alert;

  if (arc_task_view_get_task (arc_task_page_get_task_view (self->task_page)) == NULL)
    return;
  if (*g_strstrip (source) == '\0')
    {
      arc_window_show_toast (self, arc_task_page_get_program_shown (self->task_page)
                                   ? _("No program to run: write one first")
                                   : _("No program to run: write one in the Program section of the notes"));
      return;
    }
  if (author == NULL || g_hash_table_contains (self->trusted_programs, uri))
    {
      if (trace)
        start_trace (self);
      else
        start_run (self);
      return;
    }
  alert = arc_alert_new (GTK_WIDGET (self), _("Run Others’ Programs?"), NULL);
  /* TRANSLATORS: %s is another annotator's name */
  arc_alert_format_body (alert, _("This program was written by %s. A program can do anything you can do on this "
                                  "computer: read and change your files, use the network. Run the programs of "
                                  "others in this collection only if you trust them."), author);
  arc_alert_add_responses (alert, "cancel", _("_Cancel"), "run", _("_Run Them"), NULL);
  arc_alert_set_response_appearance (alert, "run", ADW_RESPONSE_DESTRUCTIVE);
  arc_alert_set_default_response (alert, "cancel");
  arc_alert_set_close_response (alert, "cancel");
  g_object_set_data (G_OBJECT (alert), "trace", GINT_TO_POINTER (trace));
  g_signal_connect_object (alert, "response", G_CALLBACK (trust_response_cb), self, 0);
  arc_alert_present (alert);
}

/**
 * arc_window_run_program:
 * Runs the program shown in the notes pane on every pair of the shown task
 * (asking first, once a collection, when it is another annotator's).
 */
void
arc_window_run_program (ArcWindow *self)
{
  run_or_trace (self, FALSE);
}

/**
 * arc_window_trace_program:
 * Traces the program on the program page's chosen pair (showing the page
 * first), asking first as arc_window_run_program() does.
 */
void
arc_window_trace_program (ArcWindow *self)
{
  if (arc_task_view_get_task (arc_task_page_get_task_view (self->task_page)) == NULL)
    return;
  if (!arc_task_page_get_program_shown (self->task_page))
    arc_window_toggle_program (self);
  run_or_trace (self, TRUE);
}

/**
 * arc_window_toggle_program:
 * Shows the program page instead of the examples and the workspace, with
 * the focus in its code, or the workspace again.
 */
void
arc_window_toggle_program (ArcWindow *self)
{
  gboolean show = !arc_task_page_get_program_shown (self->task_page);

  /* (not while a task is edited: its workspace is the task page's) */
  if (show && (arc_task_view_get_task (arc_task_page_get_task_view (self->task_page)) == NULL ||
               arc_task_editor_get_session (self->editor) != NULL))
    return;
  arc_task_page_show_program (self->task_page, show);
  if (show)
    arc_program_page_focus_code (program_page (self));
}

void
arc_window_clear_program_results (ArcWindow *self)
{
  cancel_run (self);
  arc_program_view_clear (program_view (self));
  arc_program_view_clear (page_program_view (self));
}

/* The program's output for test input @test, if it made one */
static const ArcProgramPair *
test_output (ArcWindow *self,
             guint      test)
{
  const ArcProgramResult *result = arc_program_view_get_result (program_view (self));

  for (guint i = 0; result && i < result->pairs->len; i++)
    {
      const ArcProgramPair *pair = result->pairs->pdata[i];

      if (pair->test && pair->index == test && pair->predicted)
        return pair;
    }
  return NULL;
}

/**
 * arc_window_submit_program_output:
 * The program's output for test input @test, as an attempt made by the
 * program: kept in the notes, apart from those made by hand (it uses none
 * of the user's trials)
 */
void
arc_window_submit_program_output (ArcWindow *self,
                                  guint      test)
{
  const ArcProgramPair *pair = test_output (self, test);
  ArcTask *task = arc_task_view_get_task (arc_task_page_get_task_view (self->task_page));
  ArcTaskNotes *notes = arc_window_get_notes (self);
  g_autoptr(ArcAttempt) attempt = NULL;
  g_autofree char *message = NULL;

  if (pair == NULL || task == NULL || notes == NULL)
    return;
  attempt = arc_attempt_new (test, pair->predicted, pair->verdict, FALSE);
  attempt->task_hash = arc_task_dup_content_hash (task);
  arc_attempt_set_by_program (attempt);
  arc_task_notes_add_attempt (notes, attempt);
  if (pair->verdict == ARC_VERDICT_CORRECT)
    /* TRANSLATORS: the test input's number, from 1 */
    message = g_strdup_printf (_("The program’s answer to test %u is right"), test + 1);
  else if (pair->verdict == ARC_VERDICT_WRONG)
    /* TRANSLATORS: the test input's number, from 1 */
    message = g_strdup_printf (_("The program’s answer to test %u is wrong"), test + 1);
  else
    /* TRANSLATORS: the test input's number, from 1 */
    message = g_strdup_printf (_("The program’s answer to test %u was submitted"), test + 1);
  arc_window_show_toast (self, message);
}

/**
 * arc_window_copy_program_output:
 * The program's output for test input @test into the workspace, to be
 * finished by hand (one step to undo)
 */
void
arc_window_copy_program_output (ArcWindow *self,
                                guint      test)
{
  const ArcProgramPair *pair = test_output (self, test);
  ArcSolve *solve = arc_solve_view_get_solve (arc_task_page_get_solve_view (self->task_page));

  if (pair == NULL || solve == NULL || test >= arc_solve_get_n_tests (solve))
    return;
  arc_solve_set_current (solve, test);
  arc_solve_set_output (solve, pair->predicted);
}

static void
line_activated_cb (ArcProgramView *view,
                   int             line,
                   ArcWindow      *self)
{
  if (view == page_program_view (self))
    {
      arc_program_page_go_to_line (program_page (self), line);
      return;
    }
  if (!arc_window_notes_shown (self))
    arc_window_toggle_notes (self);
  arc_program_editor_go_to_line (program_editor (self), line);
}

/* The program page shown or put away (by its key, its button, or Edit
 * Task, which edits in the workspace): the room the task page takes */
static void
page_visible_cb (ArcWindow *self)
{
  arc_window_layout_task_shown (self);
}

/* Another task (or the same read again): the run stops, its results go */
static void
task_changed_cb (ArcWindow *self)
{
  cancel_run (self);
}

void
arc_window_program_init (ArcWindow *self)
{
  ArcTaskView *task_view = arc_task_page_get_task_view (self->task_page);

  self->trusted_programs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  arc_program_view_set_settings (program_view (self), self->settings);
  g_signal_connect_object (task_view, "notify::task", G_CALLBACK (task_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (program_view (self), "line-activated", G_CALLBACK (line_activated_cb), self, 0);

  /* The program page: the same task, the same program */
  arc_program_page_set_editor (program_page (self), program_editor (self));
  arc_program_page_set_settings (program_page (self), self->settings);
  g_object_bind_property (task_view, "task", arc_program_page_get_task_view (program_page (self)), "task",
                          G_BINDING_SYNC_CREATE);
  g_signal_connect_object (page_program_view (self), "line-activated", G_CALLBACK (line_activated_cb), self, 0);
  g_signal_connect_object (program_page (self), "notify::visible", G_CALLBACK (page_visible_cb), self,
                           G_CONNECT_SWAPPED);
}

void
arc_window_program_dispose (ArcWindow *self)
{
  cancel_run (self);
  g_clear_object (&self->program_pool);
  g_clear_pointer (&self->trusted_programs, g_hash_table_unref);
}

/* arc-window-task.c: the task the window shows: reading it from its entry,
 * the task page, the workspace with its attempts, the status line, and
 * the small things every part of the window asks (the selected task, the
 * collection's title, toasts).
 *
 * The parts of the window (arc-window-*.c) call this file and each other
 * downwards, never arc-window.c or arc-window-actions.c, which call them:
 * see HACKING.md.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-window"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-alert.h"
#include "arc-replay-window.h"
#include "arc-window-private.h"

void
arc_window_show_toast (ArcWindow  *self,
                       const char *message)
{
  AdwToast *toast = adw_toast_new (message);

  adw_toast_set_timeout (toast, 8);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/**
 * arc_window_show_details:
 * A dialog headed @heading: @summary, then @report, which scrolls when long
 * (a LARC import into a collection of 3 of its tasks skips 37 of its 40
 * files) and can be selected and copied
 */
void
arc_window_show_details (ArcWindow  *self,
                         const char *heading,
                         const char *summary,
                         const char *report)
{
  g_autofree char *text = g_strstrip (g_strdup (report));
  GtkWidget *dialog, *label, *scroller;

  /* A heading is a few words; the summary is a sentence, the body */
  dialog = arc_alert_new (GTK_WIDGET (self), heading, summary);
  label = gtk_label_new (text);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_set_margin_end (label, 12);  /* clear of the scroll bar */
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 320);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), label);
  arc_alert_set_extra_child (dialog, scroller);
  arc_alert_add_responses (dialog, "close", _("_Close"), NULL);
  arc_alert_present (dialog);
}

static void
details_clicked_cb (AdwToast  *toast,
                    ArcWindow *self)
{
  arc_window_show_details (self, g_object_get_data (G_OBJECT (toast), "arc-heading"), adw_toast_get_title (toast),
                           g_object_get_data (G_OBJECT (toast), "arc-report"));
}

/**
 * arc_window_show_details_toast:
 * A toast that says @summary, whose Details button shows @report
 * (arc_window_show_details(), headed @heading)
 */
void
arc_window_show_details_toast (ArcWindow  *self,
                               const char *summary,
                               const char *heading,
                               const char *report)
{
  AdwToast *toast = adw_toast_new (summary);

  adw_toast_set_timeout (toast, 10);
  adw_toast_set_button_label (toast, _("Details"));
  g_object_set_data_full (G_OBJECT (toast), "arc-heading", g_strdup (heading), g_free);
  g_object_set_data_full (G_OBJECT (toast), "arc-report", g_strdup (report), g_free);
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (details_clicked_cb), self, 0);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

ArcEntry *
arc_window_get_selected_entry (ArcWindow *self)
{
  return arc_task_list_get_selected (self->task_list);
}

/**
 * arc_window_shows_samples:
 * Returns: whether the open collection is the bundled sample tasks
 */
gboolean
arc_window_shows_samples (ArcWindow *self)
{
  ArcCollection *collection = arc_task_list_get_collection (self->task_list);

  return collection && g_file_has_uri_scheme (arc_collection_get_file (collection), "resource");
}

/**
 * arc_window_collection_title:
 * Returns: (nullable): the open collection's name, as the window's title
 *   and status line say it (the bundled samples are "Sample Tasks")
 */
const char *
arc_window_collection_title (ArcWindow *self)
{
  ArcCollection *collection = arc_task_list_get_collection (self->task_list);

  if (collection == NULL)
    return NULL;
  if (arc_window_shows_samples (self))
    return _("Sample Tasks");
  return arc_collection_get_title (collection);
}

void
arc_window_update_status_line (ArcWindow *self)
{
  ArcCollection *collection = arc_task_list_get_collection (self->task_list);
  g_autofree char *text = NULL;
  guint pos, n;

  if (collection == NULL)
    text = g_strdup (_("No collection open"));
  else if (!arc_task_list_get_position (self->task_list, &pos, &n))
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s — %u task", "%s — %u tasks", n),
                            arc_window_collection_title (self), n);
  else if (n < g_list_model_get_n_items (G_LIST_MODEL (collection)))
    /* TRANSLATORS: collection name — task 1 of 5 listed (by the search or
     * a filter), of 120 in all */
    text = g_strdup_printf (_("%s — task %u of %u listed, %u in all"), arc_window_collection_title (self), pos + 1, n,
                            g_list_model_get_n_items (G_LIST_MODEL (collection)));
  else
    /* TRANSLATORS: collection name — task 3 of 400 */
    text = g_strdup_printf (_("%s — task %u of %u"), arc_window_collection_title (self), pos + 1, n);
  if (self->hover_text)
    {
      g_autofree char *with_hover = g_strdup_printf ("%s — %s", text, self->hover_text);
      gtk_label_set_text (self->status_label, with_hover);
    }
  else
    gtk_label_set_text (self->status_label, text);
}

/* Replay is offered when the shown task has attempts with recorded actions */
void
arc_window_update_replay (ArcWindow *self)
{
  GPtrArray *attempts = self->task_notes ? arc_task_notes_get_attempts (self->task_notes) : NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.replay", arc_replay_count_attempts (attempts) > 0);
}

/* Work on the shown task is in progress in the list from its first
 * change, while a grid differs from where it started */
static void
solve_changed_cb (ArcSolve  *solve,
                  ArcWindow *self)
{
  ArcCollectionStatus *status = arc_task_list_get_status (self->task_list);

  if (status && self->shown_entry && arc_solve_has_new_work (solve))
    arc_collection_status_work_changed (status, self->shown_entry, arc_solve_is_changed (solve));
}

/* The workspaces of the tasks shown last, with their undo: back on one,
 * Undo goes on where it was (it had started again from the grid) */
#define N_RECENT_SOLVES 12

typedef struct
{
  GFile    *file;     /* the task's, with its id: entries are made anew when a file is listed again */
  char     *id;
  char     *hash;     /* of the task it solves */
  GBytes   *work;     /* its work file as it was left (NULL: none) */
  ArcSolve *solve;
} RecentSolve;

static void
recent_solve_free (gpointer data)
{
  RecentSolve *recent = data;

  g_object_unref (recent->file);
  g_free (recent->id);
  g_free (recent->hash);
  g_clear_pointer (&recent->work, g_bytes_unref);
  g_object_unref (recent->solve);
  g_free (recent);
}

/* Whether @a and @b are the same task of the same file (entries are made
 * anew when a file is listed again) */
static gboolean
same_task_file (ArcEntry *a,
                ArcEntry *b)
{
  return g_str_equal (arc_entry_get_id (a), arc_entry_get_id (b)) &&
         g_file_equal (arc_entry_get_file (a), arc_entry_get_file (b));
}

/* What @entry's work file holds now (NULL: none) */
static GBytes *
read_work (ArcEntry *entry)
{
  g_autoptr(GFile) file = arc_solve_dup_work_file (arc_entry_get_file (entry), arc_entry_get_id (entry));

  return g_file_load_bytes (file, NULL, NULL, NULL);
}

/**
 * arc_window_forget_solves:
 * Lets go of the workspaces kept of tasks shown before, and of the one
 * shown (another collection).
 */
void
arc_window_forget_solves (ArcWindow *self)
{
  if (self->recent_solves)
    g_ptr_array_set_size (self->recent_solves, 0);
  g_clear_object (&self->solving_entry);
  g_clear_object (&self->solving);
}

/* The workspace leaving the page (its work written) is kept, with what
 * its work file holds then */
static void
keep_solve (ArcWindow *self,
            ArcEntry  *entry,
            ArcSolve  *solve)
{
  RecentSolve *recent;

  if (self->recent_solves == NULL)
    self->recent_solves = g_ptr_array_new_with_free_func (recent_solve_free);
  g_signal_handlers_disconnect_by_func (solve, solve_changed_cb, self);
  recent = g_new0 (RecentSolve, 1);
  recent->file = g_object_ref (arc_entry_get_file (entry));
  recent->id = g_strdup (arc_entry_get_id (entry));
  recent->hash = arc_task_dup_content_hash (arc_solve_get_task (solve));
  recent->work = read_work (entry);
  recent->solve = g_object_ref (solve);
  g_ptr_array_insert (self->recent_solves, 0, recent);
  if (self->recent_solves->len > N_RECENT_SOLVES)
    g_ptr_array_set_size (self->recent_solves, N_RECENT_SOLVES);
}

/* Whether @a and @b have the same trials left and states: the attempts
 * they know are the same */
static gboolean
same_attempts (ArcSolve *a,
               ArcSolve *b)
{
  if (arc_solve_get_n_tests (a) != arc_solve_get_n_tests (b))
    return FALSE;
  for (guint t = 0; t < arc_solve_get_n_tests (a); t++)
    if (arc_solve_get_trials_left (a, t) != arc_solve_get_trials_left (b, t) ||
        arc_solve_get_state (a, t) != arc_solve_get_state (b, t))
      return FALSE;
  return TRUE;
}

/* The workspace kept for @entry, when nothing changed meanwhile: the task
 * (@hash), its work file (as it was left), its attempts (as @fresh, read
 * from the notes, knows them). Taken out of the kept ones, as is one that
 * no longer stands so. */
static ArcSolve *
take_kept_solve (ArcWindow  *self,
                 ArcEntry   *entry,
                 const char *hash,
                 ArcSolve   *fresh)
{
  for (guint i = 0; self->recent_solves && i < self->recent_solves->len; i++)
    {
      RecentSolve *recent = self->recent_solves->pdata[i];
      g_autoptr(GBytes) work = NULL;
      ArcSolve *kept = NULL;

      if (!g_str_equal (recent->id, arc_entry_get_id (entry)) || !g_file_equal (recent->file, arc_entry_get_file (entry)))
        continue;
      work = read_work (entry);
      if (g_str_equal (recent->hash, hash) && same_attempts (recent->solve, fresh) &&
          (work == NULL) == (recent->work == NULL) && (work == NULL || g_bytes_equal (work, recent->work)))
        kept = g_object_ref (recent->solve);
      g_ptr_array_remove_index (self->recent_solves, i);
      return kept;
    }
  return NULL;
}

/* The solve workspace for @task, with the attempts kept in the notes */
static void
start_solving (ArcWindow *self,
               ArcTask   *task)
{
  g_autoptr(ArcSolve) solve = arc_solve_new (task, (guint) g_settings_get_int (self->settings, "trials"));
  GPtrArray *attempts = self->task_notes ? arc_task_notes_get_attempts (self->task_notes) : NULL;
  g_autofree char *hash = arc_task_dup_content_hash (task);
  ArcSolve *shown = arc_solve_view_get_solve (arc_task_page_get_solve_view (self->task_page));
  /* (Edit Task's workspace is in the view meanwhile: not a task's to keep) */
  gboolean editing = arc_task_editor_get_session (self->editor) != NULL;

  /* The work shown so far is written before it is read (the same task, shown again) */
  if (shown)
    arc_solve_flush_work (shown);
  if (self->solving && self->solving != shown)
    arc_solve_flush_work (self->solving);
  /* Another task: the workspace it leaves is kept (the same task shown
   * again, read again from its files, is not: its work is read again) */
  if (self->solving && self->solving_entry && !editing &&
      !(self->shown_entry && same_task_file (self->solving_entry, self->shown_entry)))
    keep_solve (self, self->solving_entry, self->solving);
  /* Attempts made before the task was edited do not count for this
   * version, nor do those made by the task's program */
  for (guint i = 0; attempts && i < attempts->len; i++)
    if (!arc_attempt_is_earlier_version (attempts->pdata[i], hash) && !arc_attempt_is_by_program (attempts->pdata[i]))
      arc_solve_add_past (solve, attempts->pdata[i]);
  /* Each test input shows its work in progress, or its last attempt */
  if (self->shown_entry)
    {
      g_autoptr(GFile) work = arc_solve_dup_work_file (arc_entry_get_file (self->shown_entry),
                                                       arc_entry_get_id (self->shown_entry));
      ArcCollection *collection = arc_task_list_get_collection (self->task_list);
      g_autofree char *uri = collection ? g_file_get_uri (arc_collection_get_file (collection)) : NULL;
      ArcSolve *kept;

      /* The work file says where its task is, to go when the collection has gone */
      arc_solve_set_work_address (solve, uri, arc_entry_get_id (self->shown_entry));
      arc_solve_set_work_file (solve, work);
      /* Back on a task: the workspace as it was, with its undo */
      kept = editing ? NULL : take_kept_solve (self, self->shown_entry, hash, solve);
      if (kept)
        {
          g_object_unref (solve);
          solve = kept;
        }
      g_signal_connect_object (solve, "changed", G_CALLBACK (solve_changed_cb), self, 0);
    }
  g_set_object (&self->solving_entry, self->shown_entry);
  g_set_object (&self->solving, solve);
  arc_solve_view_set_solve (arc_task_page_get_solve_view (self->task_page), solve);
  arc_window_update_replay (self);
}

/* The shown task changed on disk: show it again */
static void
shown_entry_status_cb (ArcEntry   *entry,
                       GParamSpec *pspec,
                       ArcWindow  *self)
{
  if (arc_entry_get_status (entry) == ARC_ENTRY_UNKNOWN)
    arc_window_show_entry (self, entry);
}

void
arc_window_set_shown_entry (ArcWindow *self,
                            ArcEntry  *entry)
{
  if (self->shown_entry == entry)
    return;
  if (self->shown_entry)
    g_signal_handlers_disconnect_by_func (self->shown_entry, shown_entry_status_cb, self);
  g_set_object (&self->shown_entry, entry);
  if (entry)
    g_signal_connect (entry, "notify::status", G_CALLBACK (shown_entry_status_cb), self);
}

/* The notes of the tasks before and after the one shown are read in a
 * worker: stepping through the list does not wait for them */
static void
read_ahead_neighbours (ArcWindow *self)
{
  if (self->notes_store == NULL)
    return;
  for (int delta = -1; delta <= 1; delta += 2)
    {
      g_autoptr(ArcEntry) neighbour = arc_task_list_dup_neighbour (self->task_list, delta);

      if (neighbour)
        arc_notes_store_read_ahead (self->notes_store, neighbour);
    }
}

void
arc_window_show_entry (ArcWindow *self,
                       ArcEntry  *entry)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTask) task = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  /* The same task read again (changed on disk) keeps its place on the page */
  gboolean same_task = self->shown_entry && entry &&
                       g_str_equal (arc_entry_get_id (self->shown_entry), arc_entry_get_id (entry)) &&
                       arc_entry_get_file (self->shown_entry) && arc_entry_get_file (entry) &&
                       g_file_equal (arc_entry_get_file (self->shown_entry), arc_entry_get_file (entry));

  arc_window_set_shown_entry (self, entry);
  arc_window_show_notes (self, entry);
  arc_window_update_replay (self);
  g_clear_pointer (&self->hover_text, g_free);
  arc_window_update_status_line (self);
  if (entry == NULL)
    {
      arc_task_view_set_task (arc_task_page_get_task_view (self->task_page), NULL);
      arc_review_panel_show_task (arc_task_page_get_review_panel (self->task_page), NULL, NULL);
      arc_window_show_empty (self);
      arc_task_editor_entry_shown (self->editor, entry, NULL);
      return;
    }
  arc_window_end_welcome (self);

  task = arc_entry_load (entry, &error);
  problems = arc_entry_dup_problems (entry);
  if (task == NULL)
    {
      g_autoptr(GString) details = g_string_new (NULL);

      for (guint i = 0; problems && i < problems->len; i++)
        {
          g_autofree char *line = arc_problem_format (problems->pdata[i], NULL);
          g_string_append_printf (details, "%s%s", i ? "\n" : "", line);
        }
      arc_task_view_set_task (arc_task_page_get_task_view (self->task_page), NULL);
      arc_review_panel_show_task (arc_task_page_get_review_panel (self->task_page), arc_entry_get_id (entry), NULL);
      arc_window_show_page (self, "invalid");
      adw_status_page_set_description (self->invalid_page, arc_entry_get_display_name (entry));
      gtk_label_set_text (self->invalid_details, details->str);
      /* Unsaved edits of a file that became invalid are kept, and shown */
      if (arc_task_editor_entry_shown (self->editor, entry, NULL))
        arc_window_show_page (self, "task");
      return;
    }

  arc_task_page_show_task (self->task_page, entry, task, problems, same_task);
  arc_review_panel_show_task (arc_task_page_get_review_panel (self->task_page), arc_entry_get_id (entry), task);
  start_solving (self, task);
  arc_window_show_page (self, "task");
  arc_task_editor_entry_shown (self->editor, entry, task);
  arc_window_layout_task_shown (self);
  read_ahead_neighbours (self);
}

/**
 * arc_window_reshow:
 * Shows the selected task again, as read from its file.
 */
void
arc_window_reshow (ArcWindow *self)
{
  arc_window_show_entry (self, arc_window_get_selected_entry (self));
}

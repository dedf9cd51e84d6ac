/* arc-window-task.c: the task the window shows: a session of it
 * (ArcTaskSession) made for its entry and set on the task page, which the
 * window's parts follow; what the session left leaves kept
 * (ArcSessionKeeper); the status line, and the small things every part of
 * the window asks (the selected task, the collection's title, toasts).
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

  return collection && arc_file_is_bundled (arc_collection_get_file (collection));
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
  ArcTaskNotes *notes = arc_window_get_notes (self);
  GPtrArray *attempts = notes ? arc_task_notes_get_attempts (notes) : NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.replay", arc_replay_count_attempts (attempts) > 0);
}

/* Work on the shown task is in progress in the list from its first
 * change, while a grid differs from where it started */
static void
work_changed_cb (ArcTaskSession *session,
                 ArcWindow      *self)
{
  ArcCollectionStatus *status = arc_task_list_get_status (self->task_list);

  if (status)
    arc_collection_status_work_changed (status, arc_task_session_get_entry (session),
                                        arc_solve_is_changed (arc_task_session_get_solve (session)));
}

/* The shown task changed on disk: show it again */
static void
changed_on_disk_cb (ArcTaskSession *session,
                    ArcWindow      *self)
{
  arc_window_show_entry (self, arc_task_session_get_entry (session));
}

/* Another annotator's notes (the preferences named another user) */
static void
notes_changed_cb (ArcWindow *self)
{
  arc_window_show_notes_error (self);
  arc_window_update_replay (self);
}

/* Whether the workspace in the page is Edit Task's, not the task's */
static gboolean
editing (ArcWindow *self)
{
  return arc_task_editor_get_session (self->editor) != NULL;
}

/* The session shown goes, @next shown after it: what it leaves is kept */
static void
leave_session (ArcWindow      *self,
               ArcTaskSession *shown,
               ArcEntry       *next)
{
  ArcSolve *in_view = arc_solve_view_get_solve (arc_task_page_get_solve_view (self->task_page));

  /* (the work shown so far is written before it is read: the same task,
   * shown again; Edit Task's workspace may be in the view meanwhile, and
   * is not the task's to keep) */
  if (in_view)
    arc_solve_flush_work (in_view);
  arc_session_keeper_leave (self->kept, shown, next, !editing (self));
}

/**
 * arc_window_set_session:
 * @session: (nullable): the task to show, %NULL for none
 *
 * Shows @session: the task page takes it, and the window's parts follow
 * (the workspace, the review panel, the notes pane, Edit Task, the replay,
 * the status line, the page shown). What the session shown so far leaves
 * is kept (ArcSessionKeeper).
 */
void
arc_window_set_session (ArcWindow      *self,
                        ArcTaskSession *session)
{
  ArcTaskSession *shown = arc_task_page_get_session (self->task_page);

  if (shown == session)
    return;
  if (shown)
    leave_session (self, shown, session ? arc_task_session_get_entry (session) : NULL);
  g_clear_pointer (&self->hover_text, g_free);
  arc_task_page_set_session (self->task_page, session);
}

/**
 * arc_window_forget_sessions:
 * Another collection: the session shown goes, and what those shown before
 * left (their notes are still saved).
 */
void
arc_window_forget_sessions (ArcWindow *self)
{
  if (arc_task_page_get_session (self->task_page))
    arc_window_set_session (self, NULL);
  arc_session_keeper_forget (self->kept);
}

/* The notes of the tasks before and after the one shown are read in a
 * worker: stepping through the list does not wait for them */
static void
read_ahead_neighbours (ArcWindow *self)
{
  ArcNotesStore *store = arc_window_get_notes_store (self);

  if (store == NULL)
    return;
  for (int delta = -1; delta <= 1; delta += 2)
    {
      g_autoptr(ArcEntry) neighbour = arc_task_list_dup_neighbour (self->task_list, delta);

      if (neighbour)
        arc_notes_store_read_ahead (store, neighbour);
    }
}

/* The invalid task of @session: why it cannot be read */
static void
show_invalid (ArcWindow      *self,
              ArcTaskSession *session)
{
  GPtrArray *problems = arc_task_session_get_problems (session);
  g_autoptr(GString) details = g_string_new (NULL);

  for (guint i = 0; problems && i < problems->len; i++)
    {
      g_autofree char *line = arc_problem_format (problems->pdata[i], NULL);
      g_string_append_printf (details, "%s%s", i ? "\n" : "", line);
    }
  arc_window_show_invalid (self, arc_entry_get_display_name (arc_task_session_get_entry (session)), details->str);
}

/* The task page shows another session (the parts of the page, the notes
 * pane and Edit Task have followed it): the window's own parts follow */
static void
session_shown_cb (ArcWindow *self)
{
  ArcTaskSession *session = arc_task_page_get_session (self->task_page);

  g_signal_group_set_target (self->session_signals, session);
  arc_window_show_notes_error (self);
  arc_window_update_replay (self);
  arc_window_update_status_line (self);
  if (session == NULL)
    {
      arc_window_show_empty (self);
      return;
    }
  arc_window_end_welcome (self);
  if (arc_task_session_get_task (session) == NULL)
    {
      show_invalid (self, session);
      /* Unsaved edits of a file that became invalid are kept, and shown */
      if (editing (self))
        arc_window_show_page (self, "task");
      return;
    }
  arc_window_show_page (self, "task");
  arc_window_layout_task_shown (self);
  read_ahead_neighbours (self);
}

/**
 * arc_window_show_entry:
 * @entry: (nullable): the task to show, %NULL for none
 *
 * Shows @entry, in a new session: the same entry shown again (changed on
 * disk) goes on with its notes, another task's workspace kept is taken up
 * with its undo.
 */
void
arc_window_show_entry (ArcWindow *self,
                       ArcEntry  *entry)
{
  ArcTaskSession *shown = arc_task_page_get_session (self->task_page);
  ArcTaskNotes *notes = shown ? arc_task_session_get_notes (shown) : NULL;
  g_autoptr(ArcTaskSession) session = NULL;
  g_autoptr(ArcTaskNotes) new_notes = NULL;

  /* Left before the next is read: its work written, its notes saving */
  if (shown)
    leave_session (self, shown, entry);
  if (entry)
    {
      ArcCollection *collection = arc_task_list_get_collection (self->task_list);
      g_autofree char *uri = collection ? g_file_get_uri (arc_collection_get_file (collection)) : NULL;

      if (notes == NULL || arc_task_notes_get_entry (notes) != entry)
        notes = new_notes = arc_window_new_notes (self, entry);
      session = arc_session_keeper_open (self->kept, entry, notes, (guint) g_settings_get_int (self->settings, "trials"),
                                         uri, !editing (self));
    }
  g_clear_pointer (&self->hover_text, g_free);
  if (shown == NULL && session == NULL)
    /* Nothing shown again (the listing goes on, another collection): what
     * follows the session says why once more */
    g_object_notify (G_OBJECT (self->task_page), "session");
  else
    arc_task_page_set_session (self->task_page, session);
}

void
arc_window_task_init (ArcWindow *self)
{
  self->kept = arc_session_keeper_new ();
  self->session_signals = g_signal_group_new (ARC_TYPE_TASK_SESSION);
  g_signal_group_connect (self->session_signals, "work-changed", G_CALLBACK (work_changed_cb), self);
  g_signal_group_connect (self->session_signals, "changed-on-disk", G_CALLBACK (changed_on_disk_cb), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::notes", G_CALLBACK (notes_changed_cb), self);
  /* (after Edit Task's: the window shows the task page for the edits
   * it keeps) */
  g_signal_connect_swapped (self->task_page, "notify::session", G_CALLBACK (session_shown_cb), self);
}

void
arc_window_task_dispose (ArcWindow *self)
{
  if (self->task_page)
    g_signal_handlers_disconnect_by_func (self->task_page, session_shown_cb, self);
  if (self->session_signals)
    g_signal_group_set_target (self->session_signals, NULL);
  g_clear_object (&self->session_signals);
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

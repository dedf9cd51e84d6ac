/* arc-window-notes.c: the window's notes: the shown task's ArcTaskNotes, for
 * the notes pane, the solve workspace and the replay
 *
 * Showing another task does not wait for its notes to be written: the old
 * ArcTaskNotes goes to the window's ArcNotesKeeper, which saves it in the
 * background and holds it until it has. Closing the window flushes the
 * keeper; when a save fails, the user decides. A save that fails is said in
 * the notes pane; while the pane is hidden, a toast says it too, until a
 * save succeeds. When the notes take in another window's attempts, the
 * workspace counts its trials again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-window"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-alert.h"
#include "arc-window-private.h"

/* The collection status recounts it and tells (::status-changed, notify) */
static void
notes_saved_cb (ArcTaskNotes        *notes,
                ArcEntry            *entry,
                ArcCollectionStatus *status)
{
  arc_collection_status_notes_changed (status, entry);
}

/**
 * arc_window_dup_annotator:
 * Returns: (transfer full): the user, as the preferences name them (their
 *   real name when they name no one); never one of LARC's records' names
 */
char *
arc_window_dup_annotator (ArcWindow *self)
{
  g_autofree char *preferred = g_settings_get_string (self->settings, "annotator");
  char *annotator = arc_task_notes_resolve_annotator (preferred);

  /* LARC's records are named "larc:…" and read-only: no one edits them */
  if (g_str_has_prefix (annotator, ARC_LARC_PREFIX))
    {
      char *renamed = g_strconcat (annotator, " (not LARC)", NULL);

      g_free (annotator);
      annotator = renamed;
    }
  return annotator;
}

/* Another window's attempts merged in: one set of trials for both */
static void
notes_changed_cb (ArcTaskNotes *notes,
                  ArcWindow    *self)
{
  if (self->solving && self->solving_entry == arc_task_notes_get_entry (notes))
    arc_solve_recount (self->solving, arc_task_notes_get_attempts (notes));
}

static void
dismiss_toast (ArcWindow *self)
{
  if (self->notes_toast)
    {
      adw_toast_dismiss (self->notes_toast);
      g_clear_object (&self->notes_toast);
    }
}

static void
toast_dismissed_cb (AdwToast  *toast,
                    ArcWindow *self)
{
  if (self->notes_toast == toast)
    g_clear_object (&self->notes_toast);
}

/* A failed save is said where the user works: in the notes pane, and
 * while it is hidden in a toast that stays until a save succeeds */
static void
notes_error_cb (ArcWindow *self)
{
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;

  if (self->task_notes == NULL || arc_task_notes_get_error (self->task_notes) == NULL)
    {
      dismiss_toast (self);
      return;
    }
  if (self->notes_toast || arc_window_notes_shown (self) || self->toast_overlay == NULL)
    return;
  name = g_file_get_basename (arc_notes_get_file (arc_task_notes_get_notes (self->task_notes)));
  if (arc_task_notes_is_out_of_space (self->task_notes))
    title = g_strdup_printf (_("Disk full: notes kept in memory, not saved in %s"), name);
  else
    title = g_strdup_printf (_("Notes not saved in %s: trying again"), name);
  self->notes_toast = adw_toast_new (title);
  g_object_ref (self->notes_toast);
  adw_toast_set_timeout (self->notes_toast, 0);
  adw_toast_set_priority (self->notes_toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_set_button_label (self->notes_toast, _("Show Notes"));
  adw_toast_set_action_name (self->notes_toast, "win.show-notes");
  g_signal_connect_object (self->notes_toast, "dismissed", G_CALLBACK (toast_dismissed_cb), self, 0);
  adw_toast_overlay_add_toast (self->toast_overlay, self->notes_toast);
}

static void
set_task_notes (ArcWindow *self,
                ArcEntry  *entry)
{
  g_autofree char *annotator = NULL;

  if (self->task_notes)
    {
      g_signal_handlers_disconnect_by_data (self->task_notes, self);
      arc_notes_keeper_keep_saving (self->notes_keeper, self->task_notes);
      g_clear_object (&self->task_notes);
    }
  dismiss_toast (self);
  if (entry && self->notes_store)
    {
      annotator = arc_window_dup_annotator (self);
      self->task_notes = arc_task_notes_new (self->notes_store, entry, annotator);
      /* Also while it is saved after another task is shown */
      if (arc_task_list_get_status (self->task_list))
        g_signal_connect_object (self->task_notes, "saved", G_CALLBACK (notes_saved_cb),
                                 arc_task_list_get_status (self->task_list), 0);
      g_signal_connect (self->task_notes, "changed", G_CALLBACK (notes_changed_cb), self);
      g_signal_connect_swapped (self->task_notes, "notify::error", G_CALLBACK (notes_error_cb), self);
    }
  arc_notes_pane_set_notes (self->notes_pane, self->task_notes);
}

/**
 * arc_window_show_notes:
 * @entry: (nullable): the shown task
 *
 * The notes of @entry become the shown ones; those shown so far are saved
 * in the background.
 */
void
arc_window_show_notes (ArcWindow *self,
                       ArcEntry  *entry)
{
  if (self->task_notes && arc_task_notes_get_entry (self->task_notes) == entry)
    return;
  set_task_notes (self, entry);
}

/* Another annotator: the same task's notes, theirs */
static void
annotator_changed_cb (GSettings  *settings,
                      const char *key,
                      ArcWindow  *self)
{
  ArcCollectionStatus *status = arc_task_list_get_status (self->task_list);

  if (self->task_notes)
    set_task_notes (self, arc_task_notes_get_entry (self->task_notes));
  /* Whose progress the badges, filters and counts show: the new user's, now */
  if (self->notes_store)
    {
      g_autofree char *annotator = arc_window_dup_annotator (self);

      arc_notes_store_set_annotator (self->notes_store, annotator);
      if (status)
        arc_collection_status_recount (status);
    }
}

static void
unsaved_response_cb (GtkWidget        *dialog,
                     const char       *response,
                     ArcWindow        *self)
{
  if (g_str_equal (response, "discard"))
    {
      self->closing_anyway = TRUE;
      gtk_window_close (GTK_WINDOW (self));
    }
}

static void
ask_unsaved (ArcWindow  *self,
             const char *error)
{
  GtkWidget *dialog = arc_alert_new (GTK_WIDGET (self), _("Notes Not Saved"), NULL);

  arc_alert_format_body (dialog,
                                  _("Your latest notes could not be saved: %s\n\nIf you close now, they are lost."),
                                  error);
  arc_alert_add_responses (dialog, "cancel", _("_Cancel"),
                                    "discard", _("_Close Without Saving"), NULL);
  arc_alert_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  arc_alert_set_default_response (dialog, "cancel");
  arc_alert_set_close_response (dialog, "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (unsaved_response_cb), self);
  arc_alert_present (dialog);
}

static void
flushed_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(ArcWindow) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!arc_notes_keeper_flush_finish (ARC_NOTES_KEEPER (source), result, &error))
    {
      if (self->notes_keeper)  /* not once the window is gone */
        ask_unsaved (self, error->message);
    }
  else if (gtk_widget_get_realized (GTK_WIDGET (self)))
    gtk_window_close (GTK_WINDOW (self));
}

/**
 * arc_window_notes_hold_close:
 * Returns: %TRUE if the window must wait for notes to be saved before it
 * closes: it closes when they are, or asks when one cannot be
 */
gboolean
arc_window_notes_hold_close (ArcWindow *self)
{
  if (arc_notes_keeper_get_flushing (self->notes_keeper))
    return TRUE;
  if (self->task_notes)
    arc_notes_keeper_keep_saving (self->notes_keeper, self->task_notes);
  if (!arc_notes_keeper_get_unsaved (self->notes_keeper))
    return FALSE;
  arc_notes_keeper_flush_async (self->notes_keeper, NULL, flushed_cb, g_object_ref (self));
  return TRUE;
}

void
arc_window_notes_init (ArcWindow *self)
{
  self->notes_keeper = arc_notes_keeper_new ();
  g_signal_connect_object (self->settings, "changed::annotator", G_CALLBACK (annotator_changed_cb), self, 0);
  /* The pane put away while a save fails: the toast says it */
  g_signal_connect_swapped (self->notes_flap, "notify::reveal-flap", G_CALLBACK (notes_error_cb), self);
}

void
arc_window_notes_dispose (ArcWindow *self)
{
  if (self->notes_pane)
    arc_notes_pane_set_notes (self->notes_pane, NULL);
  if (self->notes_flap)
    g_signal_handlers_disconnect_by_func (self->notes_flap, notes_error_cb, self);
  if (self->task_notes)
    g_signal_handlers_disconnect_by_data (self->task_notes, self);
  g_clear_object (&self->notes_toast);
  /* Whatever is left unsaved is still written, in the background */
  if (self->task_notes && self->notes_keeper)
    arc_notes_keeper_keep_saving (self->notes_keeper, self->task_notes);
  g_clear_object (&self->task_notes);
  g_clear_object (&self->notes_keeper);
}

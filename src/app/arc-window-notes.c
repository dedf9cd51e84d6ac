/* arc-window-notes.c: the window's notes: the shown task's ArcTaskNotes,
 * made for its session (ArcTaskSession), which the notes pane, the
 * workspace and the replay follow
 *
 * Showing another task does not wait for its notes to be written: the old
 * ArcTaskNotes goes to the ArcNotesKeeper of the window's ArcSessionKeeper,
 * which saves it in the background and holds it until it has. Closing the
 * window flushes the keeper; when a save fails, the user decides. A save
 * that fails is said in the notes pane; while the pane is hidden, a toast
 * says it too, until a save succeeds.
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

/**
 * arc_window_get_notes_store:
 * Returns: (transfer none) (nullable): where the open collection's notes
 *   live (its ArcCollectionStatus's)
 */
ArcNotesStore *
arc_window_get_notes_store (ArcWindow *self)
{
  ArcCollectionStatus *status = arc_task_list_get_status (self->task_list);

  return status ? arc_collection_status_get_notes_store (status) : NULL;
}

/**
 * arc_window_get_notes:
 * Returns: (transfer none) (nullable): the notes of the task shown
 */
ArcTaskNotes *
arc_window_get_notes (ArcWindow *self)
{
  ArcTaskSession *session = self->task_page ? arc_task_page_get_session (self->task_page) : NULL;

  return session ? arc_task_session_get_notes (session) : NULL;
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

/**
 * arc_window_show_notes_error:
 * A failed save of the shown notes is said where the user works: in the
 * notes pane, and while it is hidden in a toast that stays until a save
 * succeeds (or other notes are shown).
 */
void
arc_window_show_notes_error (ArcWindow *self)
{
  ArcTaskNotes *notes = arc_window_get_notes (self);
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;

  if (notes == NULL || arc_task_notes_get_error (notes) == NULL)
    {
      dismiss_toast (self);
      return;
    }
  if (self->notes_toast || arc_window_notes_shown (self) || self->toast_overlay == NULL)
    return;
  name = g_file_get_basename (arc_notes_get_file (arc_task_notes_get_notes (notes)));
  if (arc_task_notes_is_out_of_space (notes))
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

/* The save of notes shown failed, or succeeded again (those of tasks left
 * are the keeper's to try again) */
static void
notes_error_cb (ArcTaskNotes *notes,
                GParamSpec   *pspec,
                ArcWindow    *self)
{
  if (notes == arc_window_get_notes (self))
    arc_window_show_notes_error (self);
}

/**
 * arc_window_new_notes:
 * Returns: (transfer full) (nullable): the user's notes on @entry, for its
 *   session (none without a collection's notes store)
 */
ArcTaskNotes *
arc_window_new_notes (ArcWindow *self,
                      ArcEntry  *entry)
{
  ArcNotesStore *store = arc_window_get_notes_store (self);
  ArcCollectionStatus *status = arc_task_list_get_status (self->task_list);
  g_autofree char *annotator = NULL;
  ArcTaskNotes *notes;

  if (store == NULL)
    return NULL;
  annotator = arc_window_dup_annotator (self);
  notes = arc_task_notes_new (store, entry, annotator);
  /* Also while it is saved after another task is shown */
  if (status)
    g_signal_connect_object (notes, "saved", G_CALLBACK (notes_saved_cb), status, 0);
  g_signal_connect_object (notes, "notify::error", G_CALLBACK (notes_error_cb), self, 0);
  return notes;
}

/* Another annotator: the same task's notes, theirs */
static void
annotator_changed_cb (GSettings  *settings,
                      const char *key,
                      ArcWindow  *self)
{
  ArcCollectionStatus *status = arc_task_list_get_status (self->task_list);
  ArcTaskSession *session = arc_task_page_get_session (self->task_page);
  ArcTaskNotes *notes = arc_window_get_notes (self);
  ArcNotesStore *store = arc_window_get_notes_store (self);

  if (notes)
    {
      g_autoptr(ArcTaskNotes) theirs = arc_window_new_notes (self, arc_task_notes_get_entry (notes));

      arc_notes_keeper_keep_saving (arc_session_keeper_get_notes_keeper (self->kept), notes);
      arc_task_session_set_notes (session, theirs);
    }
  /* Whose progress the badges, filters and counts show: the new user's, now */
  if (store)
    {
      g_autofree char *annotator = arc_window_dup_annotator (self);

      arc_notes_store_set_annotator (store, annotator);
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
      if (self->kept)  /* not once the window is gone */
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
  ArcNotesKeeper *keeper = arc_session_keeper_get_notes_keeper (self->kept);

  if (arc_notes_keeper_get_flushing (keeper))
    return TRUE;
  if (arc_window_get_notes (self))
    arc_notes_keeper_keep_saving (keeper, arc_window_get_notes (self));
  if (!arc_notes_keeper_get_unsaved (keeper))
    return FALSE;
  arc_notes_keeper_flush_async (keeper, NULL, flushed_cb, g_object_ref (self));
  return TRUE;
}

void
arc_window_notes_init (ArcWindow *self)
{
  g_signal_connect_object (self->settings, "changed::annotator", G_CALLBACK (annotator_changed_cb), self, 0);
  /* The pane put away while a save fails: the toast says it */
  g_signal_connect_swapped (self->notes_flap, "notify::reveal-flap", G_CALLBACK (arc_window_show_notes_error), self);
}

void
arc_window_notes_dispose (ArcWindow *self)
{
  ArcTaskNotes *notes = arc_window_get_notes (self);

  if (self->notes_pane)
    arc_notes_pane_set_session (self->notes_pane, NULL);
  if (self->notes_flap)
    g_signal_handlers_disconnect_by_func (self->notes_flap, arc_window_show_notes_error, self);
  if (notes)
    g_signal_handlers_disconnect_by_func (notes, notes_error_cb, self);
  g_clear_object (&self->notes_toast);
  /* Whatever is left unsaved is still written, in the background */
  if (notes && self->kept)
    arc_notes_keeper_keep_saving (arc_session_keeper_get_notes_keeper (self->kept), notes);
}

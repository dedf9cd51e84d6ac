/* arc-window-notes.c: the window's notes: the shown task's ArcTaskNotes, for
 * the notes pane, the solve workspace and the replay, and those of the tasks
 * shown before while they are still being saved
 *
 * Showing another task does not wait for its notes to be written: the old
 * ArcTaskNotes saves in the background and is kept until it has. Closing the
 * window waits for every save; when one fails, the user decides.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-window"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-window-private.h"

static void
notes_saved_cb (ArcTaskNotes *notes,
                ArcEntry     *entry,
                ArcWindow    *self)
{
  /* The collection status recounts it and tells (::status-changed, notify) */
  arc_collection_status_notes_changed (arc_task_list_get_status (self->task_list), entry);
}

static void
leaving_saved_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(ArcWindow) self = user_data;

  /* A failed one stays: it tries again, and closing the window asks */
  if (arc_task_notes_save_finish (ARC_TASK_NOTES (source), result, NULL) && self->leaving_notes)
    g_ptr_array_remove (self->leaving_notes, source);
}

/* Saves @notes (taken) in the background */
static void
leave (ArcWindow    *self,
       ArcTaskNotes *notes)
{
  if (!arc_task_notes_get_modified (notes) && !arc_task_notes_get_saving (notes))
    {
      g_signal_handlers_disconnect_by_data (notes, self);
      g_object_unref (notes);
      return;
    }
  g_ptr_array_add (self->leaving_notes, notes);
  arc_task_notes_save_async (notes, NULL, leaving_saved_cb, g_object_ref (self));
}

static void
set_task_notes (ArcWindow *self,
                ArcEntry  *entry)
{
  g_autofree char *annotator = NULL;

  if (self->task_notes)
    leave (self, g_steal_pointer (&self->task_notes));
  if (entry && self->notes_store)
    {
      annotator = g_settings_get_string (self->settings, "annotator");
      /* LARC's records are named "larc:…" and read-only: no one edits them */
      if (g_str_has_prefix (annotator, ARC_LARC_PREFIX))
        {
          char *renamed = g_strconcat (annotator, " (not LARC)", NULL);

          g_free (annotator);
          annotator = renamed;
        }
      self->task_notes = arc_task_notes_new (self->notes_store, entry, annotator);
      g_signal_connect (self->task_notes, "saved", G_CALLBACK (notes_saved_cb), self);
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
  if (self->task_notes)
    set_task_notes (self, arc_task_notes_get_entry (self->task_notes));
}

static void
unsaved_response_cb (AdwMessageDialog *dialog,
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
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Notes Not Saved"), NULL);

  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  _("Your latest notes could not be saved: %s\n\nIf you close now, they are lost."),
                                  error);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "discard", _("_Close Without Saving"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (unsaved_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
close_saved_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(ArcWindow) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!arc_task_notes_save_finish (ARC_TASK_NOTES (source), result, &error))
    {
      if (self->close_error == NULL)
        self->close_error = g_strdup (error->message);
    }
  else if (self->leaving_notes && ARC_TASK_NOTES (source) != self->task_notes)
    g_ptr_array_remove (self->leaving_notes, source);
  if (--self->close_waits > 0)
    return;
  if (self->close_error)
    {
      g_autofree char *message = g_steal_pointer (&self->close_error);
      ask_unsaved (self, message);
    }
  else if (gtk_widget_get_realized (GTK_WIDGET (self)))
    gtk_window_close (GTK_WINDOW (self));
}

static void
wait_for_save (ArcWindow    *self,
               ArcTaskNotes *notes)
{
  if (!arc_task_notes_get_modified (notes) && !arc_task_notes_get_saving (notes))
    return;
  self->close_waits++;
  arc_task_notes_save_async (notes, NULL, close_saved_cb, g_object_ref (self));
}

/**
 * arc_window_notes_hold_close:
 * Returns: %TRUE if the window must wait for notes to be saved before it
 * closes: it closes when they are, or asks when one cannot be
 */
gboolean
arc_window_notes_hold_close (ArcWindow *self)
{
  if (self->close_waits > 0)
    return TRUE;
  if (self->task_notes)
    wait_for_save (self, self->task_notes);
  for (guint i = 0; i < self->leaving_notes->len; i++)
    wait_for_save (self, self->leaving_notes->pdata[i]);
  return self->close_waits > 0;
}

void
arc_window_notes_init (ArcWindow *self)
{
  self->leaving_notes = g_ptr_array_new_with_free_func (g_object_unref);
  g_signal_connect_object (self->settings, "changed::annotator", G_CALLBACK (annotator_changed_cb), self, 0);
}

/* Whatever is left unsaved is still written, in the background */
static void
let_go (ArcWindow    *self,
        ArcTaskNotes *notes)
{
  g_signal_handlers_disconnect_by_data (notes, self);
  arc_task_notes_save_async (notes, NULL, NULL, NULL);
}

void
arc_window_notes_dispose (ArcWindow *self)
{
  if (self->notes_pane)
    arc_notes_pane_set_notes (self->notes_pane, NULL);
  if (self->task_notes)
    let_go (self, self->task_notes);
  g_clear_object (&self->task_notes);
  for (guint i = 0; self->leaving_notes && i < self->leaving_notes->len; i++)
    let_go (self, self->leaving_notes->pdata[i]);
  g_clear_pointer (&self->leaving_notes, g_ptr_array_unref);
  g_clear_pointer (&self->close_error, g_free);
}

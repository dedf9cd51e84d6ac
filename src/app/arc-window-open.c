/* arc-window-open.c: opening a collection: the file chooser, Open Recent,
 * drag and drop, and going to a task by id
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-window"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-alert.h"
#include "arc-window-private.h"

static void
chooser_response_cb (GtkNativeDialog *dialog,
                     int              response,
                     ArcWindow       *self)
{
  ArcWindowFileFunc chosen = g_object_get_data (G_OBJECT (dialog), "arc-chosen");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      if (file)
        chosen (self, file);
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

/**
 * arc_window_run_chooser:
 * @chooser: (transfer full): a file chooser of the window
 * @chosen: what to do with the file the user accepts
 *
 * Shows @chooser, modal, and frees it when the user is done.
 */
void
arc_window_run_chooser (ArcWindow            *self,
                        GtkFileChooserNative *chooser,
                        ArcWindowFileFunc     chosen)
{
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_object_set_data (G_OBJECT (chooser), "arc-chosen", chosen);
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
open_chosen (ArcWindow *self,
             GFile     *file)
{
  arc_window_open (self, file);
}

/**
 * arc_window_choose_collection:
 * @folder: a folder of tasks, else a task, Kaggle or JSON Lines file
 * Asks for a collection to open in the window.
 */
void
arc_window_choose_collection (ArcWindow *self,
                              gboolean   folder)
{
  GtkFileChooserAction action = folder ? GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER : GTK_FILE_CHOOSER_ACTION_OPEN;
  const char *title = folder ? _("Open a Folder of Tasks") : _("Open a Task or Kaggle File");
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (title, GTK_WINDOW (self), action, _("_Open"), _("_Cancel"));
  if (action == GTK_FILE_CHOOSER_ACTION_OPEN)
    {
      GtkFileFilter *filter = gtk_file_filter_new ();

      gtk_file_filter_set_name (filter, _("ARC tasks, Kaggle and JSON Lines files (*.json, *.jsonl)"));
      gtk_file_filter_add_pattern (filter, "*.json");
      gtk_file_filter_add_pattern (filter, "*.jsonl");
      gtk_file_filter_add_mime_type (filter, "application/json");
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
      g_object_unref (filter);
    }
  arc_window_run_chooser (self, chooser, open_chosen);
}

/* Go to task (Ctrl+L) */

static void
go_to_response_cb (GtkWidget        *dialog,
                   const char       *response,
                   ArcWindow        *self)
{
  GtkEditable *entry = g_object_get_data (G_OBJECT (dialog), "arc-entry");
  g_autofree char *id = NULL;

  if (!g_str_equal (response, "go"))
    return;
  id = g_strstrip (g_strdup (gtk_editable_get_text (entry)));
  if (*id == '\0')
    return;
  if (!arc_task_list_select_id (self->task_list, id))
    {
      g_autofree char *message = g_strdup_printf (_("No task “%s” in this collection"), id);
      arc_window_show_toast (self, message);
    }
}

static void
go_to_entry_activate_cb (GtkEntry         *entry,
                         GtkWidget        *dialog)
{
  arc_alert_respond (dialog, "go");
}

/**
 * arc_window_ask_task_id:
 * Asks for a task id (or group/id) and selects that task.
 */
void
arc_window_ask_task_id (ArcWindow *self)
{
  GtkWidget *dialog = arc_alert_new (GTK_WIDGET (self), _("Go to Task"), _("Type a task id, or group/id"));
  GtkWidget *entry = gtk_entry_new ();

  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Task id"), -1);
  arc_alert_set_extra_child (dialog, entry);
  arc_alert_add_responses (dialog, "cancel", _("_Cancel"), "go", _("_Go"), NULL);
  arc_alert_set_response_appearance (dialog, "go", ADW_RESPONSE_SUGGESTED);
  arc_alert_set_default_response (dialog, "go");
  arc_alert_set_close_response (dialog, "cancel");
  g_object_set_data (G_OBJECT (dialog), "arc-entry", entry);
  g_signal_connect (dialog, "response", G_CALLBACK (go_to_response_cb), self);
  g_signal_connect (entry, "activate", G_CALLBACK (go_to_entry_activate_cb), dialog);
  arc_alert_present (dialog);
  gtk_widget_grab_focus (entry);
}

/* Recent collections */

static void
update_recent_menu (ArcWindow *self)
{
  g_auto(GStrv) recent = g_settings_get_strv (self->settings, "recent-collections");

  g_menu_remove_all (self->recent_section);
  for (guint i = 0; recent[i]; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_uri (recent[i]);
      g_autofree char *name = g_file_get_parse_name (file);
      g_auto(GStrv) parts = g_strsplit (name, "_", -1);
      g_autofree char *label = g_strjoinv ("__", parts);  /* underscores are not mnemonics */
      g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

      g_menu_item_set_action_and_target (item, "win.open-recent", "s", recent[i]);
      g_menu_append_item (self->recent_section, item);
    }
  if (recent[0] == NULL)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_("No Recent Collections"), "win.none");
      g_menu_append_item (self->recent_section, item);
    }
}

static void
recent_changed_cb (GSettings  *settings,
                   const char *key,
                   ArcWindow  *self)
{
  update_recent_menu (self);
}

/* Drag and drop */

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         ArcWindow     *self)
{
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  files = gdk_file_list_get_files (g_value_get_boxed (value));
  if (files == NULL)
    return FALSE;
  arc_window_open (self, files->data);
  g_slist_free (files);
  return TRUE;
}

/* Folders and files dropped on the window open */
void
arc_window_open_init (ArcWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_signal_connect (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}

/* Open Recent follows the settings */
void
arc_window_open_constructed (ArcWindow *self)
{
  g_signal_connect_object (self->settings, "changed::recent-collections", G_CALLBACK (recent_changed_cb), self, 0);
  update_recent_menu (self);
}

/* arc-window-open.c: opening a collection: making it the window's, its
 * title and summary, the file chooser, Open Recent, drag and drop, and
 * going to a task by id
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-window"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-alert.h"
#include "arc-bench.h"
#include "arc-window-private.h"

/* The open collection: its title and summary, Open Recent */

/* Returns: (transfer full) (nullable): where the open collection is, to
 * open it again; "" for the bundled samples */
char *
arc_window_dup_collection_uri (ArcWindow *self)
{
  ArcCollection *collection = arc_task_list_get_collection (self->task_list);

  if (collection == NULL)
    return NULL;
  return arc_window_shows_samples (self) ? g_strdup ("") : g_file_get_uri (arc_collection_get_file (collection));
}

/* "400 tasks · 2 invalid" under the title, as the collection status has it */
static void
update_subtitle (ArcWindow *self)
{
  ArcCollectionStatus *status = arc_task_list_get_status (self->task_list);
  guint n = status ? arc_collection_status_get_n_tasks (status) : 0;
  guint invalid = status ? arc_collection_status_get_n_invalid (status) : 0;
  guint annotated = status ? arc_collection_status_get_n_annotated (status) : 0;
  guint attempted = status ? arc_collection_status_get_n_attempted (status) : 0;
  guint solved = status ? arc_collection_status_get_n_solved (status) : 0;
  guint failed = status ? arc_collection_status_get_n_failed (status) : 0;
  guint in_progress = status ? arc_collection_status_get_n_in_progress (status) : 0;
  guint described = status ? arc_collection_status_get_n_others_annotated (status) : 0;
  guint built = status ? arc_collection_status_get_n_others_attempted (status) : 0;
  guint built_ok = status ? arc_collection_status_get_n_others_solved (status) : 0;
  g_autoptr(GString) subtitle = g_string_new (NULL);

  g_string_append_printf (subtitle, g_dngettext (GETTEXT_PACKAGE, "%u task", "%u tasks", n), n);
  if (invalid > 0)
    g_string_append_printf (subtitle, g_dngettext (GETTEXT_PACKAGE, " · %u invalid", " · %u invalid", invalid), invalid);
  if (annotated > 0)
    g_string_append_printf (subtitle, g_dngettext (GETTEXT_PACKAGE, " · %u annotated", " · %u annotated", annotated), annotated);
  if (in_progress > 0)
    g_string_append_printf (subtitle, g_dngettext (GETTEXT_PACKAGE, " · %u in progress", " · %u in progress", in_progress),
                            in_progress);
  if (attempted > 0)
    g_string_append_printf (subtitle, g_dngettext (GETTEXT_PACKAGE, " · %u attempted", " · %u attempted", attempted), attempted);
  if (solved > 0)
    g_string_append_printf (subtitle, g_dngettext (GETTEXT_PACKAGE, " · %u solved", " · %u solved", solved), solved);
  if (failed > 0)
    g_string_append_printf (subtitle, g_dngettext (GETTEXT_PACKAGE, " · %u failed", " · %u failed", failed), failed);
  /* Others' work, as theirs: LARC's authors and builders */
  if (described > 0)
    g_string_append_printf (subtitle, g_dngettext (GETTEXT_PACKAGE, " · described by others %u", " · described by others %u",
                                                   described), described);
  if (built > 0)
    g_string_append_printf (subtitle, g_dngettext (GETTEXT_PACKAGE, " · solved by others %u of %u",
                                                   " · solved by others %u of %u", built), built_ok, built);
  /* Counts change often while checking: the title is laid out again only when it changed */
  if (g_strcmp0 (adw_window_title_get_subtitle (self->window_title), subtitle->str) != 0)
    adw_window_title_set_subtitle (self->window_title, subtitle->str);
}

/* The summary follows the collection status's counts */
static void
status_notify_cb (ArcCollectionStatus *status,
                  GParamSpec          *pspec,
                  ArcWindow           *self)
{
  if (pspec->name != g_intern_static_string ("n-checked"))  /* not in the summary */
    update_subtitle (self);
  if (!arc_collection_status_is_busy (status))
    arc_bench_switches_maybe_start (GTK_WINDOW (self), self->task_list);  /* checked and counted */
}

static void
list_loaded_cb (ArcTaskList *list,
                const char  *error,
                ArcWindow   *self)
{
  if (error)
    arc_window_show_toast (self, error);
  update_subtitle (self);
  arc_window_update_status_line (self);
}

static void
collection_items_changed_cb (GListModel *model,
                             guint       position,
                             guint       removed,
                             guint       added,
                             ArcWindow  *self)
{
  update_subtitle (self);
  arc_window_update_status_line (self);
}

/* Remembers an opened collection at the top of the recent list. */
static void
add_recent (ArcWindow  *self,
            const char *uri)
{
  g_auto(GStrv) recent = g_settings_get_strv (self->settings, "recent-collections");
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) updated = NULL;
  guint n = 1;

  g_strv_builder_add (builder, uri);
  for (guint i = 0; recent[i] && n < 10; i++)
    if (!g_str_equal (recent[i], uri))
      {
        g_strv_builder_add (builder, recent[i]);
        n++;
      }
  updated = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "recent-collections", (const char * const *) updated);
}

void
arc_window_show_collection (ArcWindow           *self,
                            ArcCollectionStatus *status)
{
  ArcCollection *old = arc_task_list_get_collection (self->task_list);
  ArcCollection *collection = arc_collection_status_get_collection (status);
  g_autofree char *uri = NULL;

  if (old)
    g_signal_handlers_disconnect_by_func (old, collection_items_changed_cb, self);
  if (arc_task_list_get_status (self->task_list))
    g_signal_handlers_disconnect_by_func (arc_task_list_get_status (self->task_list), status_notify_cb, self);
  g_signal_connect_object (collection, "items-changed", G_CALLBACK (collection_items_changed_cb), self, 0);
  /* The notes of the old collection are saved before it goes; its
   * workspaces kept go */
  arc_window_forget_sessions (self);
  {
    g_autoptr(ArcNotesStore) store = arc_notes_store_new (collection, NULL);
    /* Badges, filters and counts are the user's progress, not LARC's builders' */
    g_autofree char *annotator = arc_window_dup_annotator (self);

    arc_notes_store_set_annotator (store, annotator);
    arc_collection_status_set_notes_store (status, store);
  }
  if (arc_review_panel_get_review (arc_task_page_get_review_panel (self->task_page)))
    arc_window_close_review (self);  /* it was scored against the other collection */
  arc_task_list_set_status (self->task_list, status);
  adw_window_title_set_title (self->window_title, arc_window_collection_title (self));
  g_signal_connect_object (status, "notify", G_CALLBACK (status_notify_cb), self, 0);
  arc_window_end_welcome (self);  /* before the recent list changes under it */
  uri = arc_window_dup_collection_uri (self);
  if (*uri)
    add_recent (self, uri);
  update_subtitle (self);
  arc_window_show_entry (self, arc_window_get_selected_entry (self));
  if (!arc_collection_follows_disk (collection))
    {
      /* A folder the file chooser portal gave the sandbox: no monitor
       * sees what other programs change in it */
      AdwToast *toast = adw_toast_new (_("Changes made to these files outside ARC Studio are not seen here until "
                                         "they are read again (F5)"));

      adw_toast_set_button_label (toast, _("Read _Again"));
      adw_toast_set_action_name (toast, "win.read-again");
      adw_toast_set_timeout (toast, 15);
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
    }
}

gboolean
arc_window_open_file (ArcWindow  *self,
                      GFile      *file,
                      const char *title)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcCollectionStatus) status = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autofree char *name = g_file_get_parse_name (file);

  /* Unsaved edits of a task are asked about first; the opening follows */
  if (arc_task_editor_hold_open (self->editor, file))
    return TRUE;
  /* What cannot be opened at all leaves the current collection open */
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE, G_FILE_QUERY_INFO_NONE, NULL, &error);
  if (info == NULL)
    {
      /* (GIO's words name the path a second time) */
      g_autofree char *message = g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND)
                                 ? g_strdup_printf (_("%s: no such file or folder"), name)
                                 : g_strdup_printf ("%s: %s", name, error->message);

      arc_window_show_toast (self, message);
      /* With no collection open, the page says so (not that one is empty) */
      if (arc_task_list_get_collection (self->task_list) == NULL)
        arc_window_show_empty (self);
      return FALSE;
    }
  status = arc_collection_status_open (file, title ? title : name, TRUE);  /* it lists it */
  arc_window_show_collection (self, status);
  return TRUE;
}

/* Choosing a collection */

static void
open_chosen (GFile    *file,
             gpointer  user_data)
{
  arc_window_open_file (user_data, file, NULL);
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
  arc_file_chooser_run (chooser, open_chosen, self);
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
      ArcCollection *collection = arc_task_list_get_collection (self->task_list);
      g_autofree char *message = NULL;
      guint position;

      /* Hidden by the search or a filter: they go, it is shown */
      if (collection && arc_task_filter_find (G_LIST_MODEL (collection), id, &position))
        {
          arc_task_list_clear_filters (self->task_list);
          if (arc_task_list_select_id (self->task_list, id))
            message = g_strdup_printf (_("The search and filters hid “%s”: they were cleared"), id);
        }
      if (message == NULL)
        message = g_strdup_printf (_("No task “%s” in this collection"), id);
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
  arc_window_open_file (self, files->data, NULL);
  g_slist_free (files);
  return TRUE;
}

/* Folders and files dropped on the window open, and the list's loading
 * is reported */
void
arc_window_open_init (ArcWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_signal_connect (drop, "drop", G_CALLBACK (drop_cb), self);
  g_signal_connect (self->task_list, "loaded", G_CALLBACK (list_loaded_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}

/* Open Recent follows the settings */
void
arc_window_open_constructed (ArcWindow *self)
{
  g_signal_connect_object (self->settings, "changed::recent-collections", G_CALLBACK (recent_changed_cb), self, 0);
  update_recent_menu (self);
}

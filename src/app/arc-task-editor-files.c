/* arc-task-editor-files.c: the task editor's files: Save, Save As, New
 * Task, Duplicate Task, and the questions about unsaved edits (asked too
 * when the window would switch task, open a collection or close: the
 * hold_*() functions) and other programs' changes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-task-editor"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "arc-alert.h"
#include "arc-task-editor-private.h"


static GtkWidget *
new_dialog (ArcTaskEditor *self,
            const char    *heading,
            const char    *body)
{
  return arc_alert_new (GTK_WIDGET (self->window), heading, body);
}

/* Every problem of @problems of @severity, a line each */
static char *
format_problems (GPtrArray   *problems,
                 ArcSeverity  severity)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; problems && i < problems->len; i++)
    {
      ArcProblem *p = problems->pdata[i];
      g_autofree char *line = NULL;

      if (p->severity != severity)
        continue;
      line = arc_problem_format (p, NULL);
      g_string_append_printf (s, "%s%s", s->len ? "\n" : "", line);
    }
  return g_string_free (s, FALSE);
}

/**
 * arc_task_editor_show_problems:
 * Under the task's title, what the validator says of the task being
 * edited: errors, which a save would refuse, then competition warnings
 */
void
arc_task_editor_show_problems (ArcTaskEditor *self,
                               GPtrArray     *problems)
{
  g_autofree char *errors = format_problems (problems, ARC_SEVERITY_ERROR);
  g_autofree char *warnings = format_problems (problems, ARC_SEVERITY_WARNING);
  g_autofree char *text = g_strconcat (errors, *errors && *warnings ? "\n" : "", warnings, NULL);

  arc_task_page_show_problems (self->task_page, text, *errors != '\0');
}

/* Another program changed the file: reload it, or write over it */
static void
changed_response_cb (GtkWidget        *dialog,
                     const char       *response,
                     ArcTaskEditor    *self)
{
  if (self->session == NULL || self->window == NULL)
    return;
  if (g_str_equal (response, "overwrite"))
    {
      arc_task_edit_forget_disk_state (self->session);
      arc_task_editor_save (self);
    }
  else if (g_str_equal (response, "reload"))
    {
      ArcEntry *entry = arc_task_list_get_selected (self->task_list);
      g_autoptr(GError) error = NULL;
      g_autoptr(ArcTaskEdit) session = entry ? arc_task_editor_session_for_entry (entry, &error) : NULL;

      if (session)
        arc_task_editor_start_session (self, entry, session);
      else if (error)
        arc_task_editor_toast (self, error->message);
    }
}

static void
ask_changed (ArcTaskEditor *self,
             const char    *message)
{
  GtkWidget *dialog = new_dialog (self, _("File Changed on Disk"), NULL);

  arc_alert_format_body (dialog, _("%s\n\nSave anyway to replace the other program’s version, "
                                            "or reload the file and lose your edits."), message);
  arc_alert_add_responses (dialog, "cancel", _("_Cancel"), "reload", _("_Reload"),
                                    "overwrite", _("Save _Anyway"), NULL);
  arc_alert_set_response_appearance (dialog, "reload", ADW_RESPONSE_DESTRUCTIVE);
  arc_alert_set_default_response (dialog, "cancel");
  arc_alert_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (changed_response_cb), self, 0);
  arc_alert_present (dialog);
}

/* Why a save failed: errors of the task, or of the file */
static void
show_save_error (ArcTaskEditor *self,
                 const GError  *error,
                 GPtrArray     *problems)
{
  g_autofree char *errors = format_problems (problems, ARC_SEVERITY_ERROR);
  GtkWidget *dialog;

  if (g_error_matches (error, ARC_ERROR, ARC_ERROR_CHANGED))
    {
      ask_changed (self, error->message);
      return;
    }
  dialog = new_dialog (self, _("Task Not Saved"), NULL);
  if (g_error_matches (error, ARC_ERROR, ARC_ERROR_INVALID) && *errors)
    arc_alert_format_body (dialog, _("The task has errors; fix them and save again:\n\n%s"), errors);
  else if (g_error_matches (error, ARC_ERROR, ARC_ERROR_NO_SPACE))
    /* (the writer left the files as they were: nothing to reload) */
    arc_alert_format_body (dialog, _("%s\n\nThe edits are kept here: free some space on the disk, then save again."),
                           error->message);
  else if (g_error_matches (error, ARC_ERROR, ARC_ERROR_READ_ONLY))
    arc_alert_format_body (dialog, _("%s\n\nThe edits are kept here."), error->message);
  else
    arc_alert_format_body (dialog, "%s", error->message);
  arc_alert_add_responses (dialog, "close", _("_Close"), NULL);
  arc_alert_present (dialog);
}

/**
 * arc_task_editor_save:
 * Saves the session where it came from (or asks where, for a task without
 * a file). Errors are shown and stop the save; warnings do not.
 *
 * Returns: %TRUE if the task is saved now
 */
gboolean
arc_task_editor_save (ArcTaskEditor *self)
{
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (self->session == NULL)
    return FALSE;
  if (arc_task_edit_get_file (self->session) == NULL)
    {
      arc_task_editor_save_as (self);
      return FALSE;
    }
  if (!arc_task_edit_save (self->session, &problems, &error))
    {
      show_save_error (self, error, problems);
      return FALSE;
    }
  self->reported_change = FALSE;
  message = g_strdup_printf (_("Saved “%s”"), arc_task_edit_get_id (self->session));
  arc_task_editor_toast (self, message);
  arc_task_editor_refresh (self);
  return TRUE;
}

/* Save As */

static void
save_as_response_cb (GtkNativeDialog *dialog,
                     int              response,
                     ArcTaskEditor   *self)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT && self->session)
    {
      file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      if (!arc_task_edit_save_as (self->session, file, &problems, &error))
        show_save_error (self, error, problems);
      else
        {
          g_autofree char *name = g_file_get_parse_name (file);
          g_autofree char *message = g_strdup_printf (_("Saved as “%s”"), name);

          g_free (self->session_id);
          self->session_id = g_strdup (arc_task_edit_get_id (self->session));
          g_set_object (&self->session_file, file);
          arc_task_page_show_file_name (self->task_page, name);
          arc_task_editor_toast (self, message);
          arc_task_editor_refresh (self);
        }
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

/**
 * arc_task_editor_save_as:
 * Asks where to save the session, and saves it there.
 */
void
arc_task_editor_save_as (ArcTaskEditor *self)
{
  GtkFileChooserNative *chooser;
  GFile *file;
  g_autoptr(GFile) folder = NULL;
  g_autofree char *name = NULL;
  GtkFileFilter *filter;

  if (self->session == NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Save Task As"), GTK_WINDOW (self->window), GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Save"), _("_Cancel"));
  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("ARC tasks (*.json)"));
  gtk_file_filter_add_pattern (filter, "*.json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  g_object_unref (filter);
  file = arc_task_edit_get_file (self->session);
  folder = file ? g_file_get_parent (file) : NULL;
  if (folder && g_file_is_native (folder))
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
  name = g_strdup_printf ("%s.json", arc_task_edit_get_id (self->session));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_signal_connect_object (chooser, "response", G_CALLBACK (save_as_response_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* Unsaved edits */

static void
unsaved_response_cb (GtkWidget        *dialog,
                     const char       *response,
                     ArcTaskEditor    *self)
{
  gboolean go_on = FALSE;

  if (self->window == NULL)
    return;  /* the window went first */
  if (g_str_equal (response, "save"))
    go_on = arc_task_editor_save (self);
  else if (g_str_equal (response, "discard"))
    go_on = TRUE;
  if (go_on)
    {
      arc_task_editor_continue (self);
      return;
    }
  /* Cancelled (or not saved): the edited task stays shown and selected */
  g_clear_object (&self->pending_file);
  if (self->then == ARC_EDIT_THEN_SWITCH && self->session_id)
    {
      g_autofree char *id = g_strdup (self->session_id);
      g_autoptr(GFile) file = self->session_file ? g_object_ref (self->session_file) : NULL;

      g_clear_object (&self->pending);
      self->then = ARC_EDIT_THEN_NOTHING;
      arc_task_list_select_task (self->task_list, file, id);
    }
  self->then = ARC_EDIT_THEN_NOTHING;
}

/**
 * arc_task_editor_ask_unsaved:
 * Asks whether to save the edits (Save, Discard, Cancel), then does @then.
 */
void
arc_task_editor_ask_unsaved (ArcTaskEditor *self,
                             ArcEditThen    then)
{
  GtkWidget *dialog = new_dialog (self, _("Save Changes?"), NULL);

  self->then = then;
  arc_alert_format_body (dialog, _("“%s” has unsaved edits. Edits which are not saved are lost."),
                                  arc_task_edit_get_id (self->session));
  arc_alert_add_responses (dialog, "cancel", _("_Cancel"), "discard", _("_Discard"),
                                    "save", _("_Save"), NULL);
  arc_alert_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  arc_alert_set_response_appearance (dialog, "save", ADW_RESPONSE_SUGGESTED);
  arc_alert_set_default_response (dialog, "save");
  arc_alert_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (unsaved_response_cb), self, 0);
  arc_alert_present (dialog);
}

/**
 * arc_task_editor_hold_switch:
 * Returns: %TRUE when @entry is not to be shown yet: the user is asked
 * about the unsaved edits first
 */
gboolean
arc_task_editor_hold_switch (ArcTaskEditor *self,
                             ArcEntry      *entry)
{
  if (self->session == NULL || !arc_task_edit_get_modified (self->session) ||
      arc_task_editor_matches (self, entry))
    return FALSE;
  g_set_object (&self->pending, entry);
  arc_task_editor_ask_unsaved (self, ARC_EDIT_THEN_SWITCH);
  return TRUE;
}

/**
 * arc_task_editor_hold_open:
 * Returns: %TRUE when @file is to be opened only once the user answered
 * about the unsaved edits
 */
gboolean
arc_task_editor_hold_open (ArcTaskEditor *self,
                           GFile         *file)
{
  if (self->session == NULL || !arc_task_edit_get_modified (self->session))
    return FALSE;
  g_set_object (&self->pending_file, file);
  arc_task_editor_ask_unsaved (self, ARC_EDIT_THEN_OPEN);
  return TRUE;
}

/**
 * arc_task_editor_hold_close:
 * Returns: %TRUE when the window is to close only once the user answered
 * about the unsaved edits
 */
gboolean
arc_task_editor_hold_close (ArcTaskEditor *self)
{
  if (self->may_close || self->session == NULL || !arc_task_edit_get_modified (self->session))
    return FALSE;
  arc_task_editor_ask_unsaved (self, ARC_EDIT_THEN_CLOSE);
  return TRUE;
}

/**
 * arc_task_editor_report_external:
 * Says once that another program changed the file being edited; a save
 * then asks before writing over it.
 */
void
arc_task_editor_report_external (ArcTaskEditor *self)
{
  g_autofree char *message = NULL;
  g_autofree char *names = NULL;
  g_auto(GStrv) changed = NULL;

  if (self->reported_change || self->session == NULL)
    return;
  self->reported_change = TRUE;
  /* In a Kaggle file, the task that changed may be another than this one */
  changed = arc_task_edit_dup_changed_tasks (self->session);
  names = changed[0] ? g_strjoinv ("”, “", changed) : g_strdup (arc_task_edit_get_id (self->session));
  message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "Another program changed “%s”; saving will ask before replacing it",
                                          "Another program changed the tasks “%s”; saving will ask before replacing the file",
                                          MAX (g_strv_length (changed), 1)),
                             names);
  arc_task_editor_toast (self, message);
}

/* New Task and Duplicate Task */

typedef struct
{
  ArcTaskEditor *editor;
  GFile         *folder;
  GtkEntry      *name_entry;
  char          *text;      /* the new file's text */
} NewTask;

static void
new_task_free (NewTask *n)
{
  g_object_unref (n->folder);
  g_free (n->text);
  g_free (n);
}

/* Where a new task goes: beside the selected task (its group's folder), or
 * in the collection's folder */
static GFile *
new_task_folder (ArcTaskEditor *self)
{
  ArcEntry *entry = arc_task_list_get_selected (self->task_list);
  ArcCollection *collection = arc_task_list_get_collection (self->task_list);
  GFile *file = entry && !arc_entry_is_combined (entry) && arc_entry_get_line (entry) == 0
                ? arc_entry_get_file (entry) : NULL;

  if (file && g_file_is_native (file))
    return g_file_get_parent (file);
  return g_object_ref (arc_collection_get_file (collection));
}

/* A random 8-hex-digit id, as ARC's, that no task of the folder has */
static char *
free_id (ArcTaskEditor *self,
         GFile         *folder)
{
  ArcCollection *collection = arc_task_list_get_collection (self->task_list);

  for (;;)
    {
      g_autofree char *id = g_strdup_printf ("%08x", g_random_int ());
      g_autofree char *name = g_strconcat (id, ".json", NULL);
      g_autoptr(GFile) file = g_file_get_child (folder, name);
      guint position;

      if (!g_file_query_exists (file, NULL) && !arc_collection_find (collection, id, &position))
        return g_steal_pointer (&id);
    }
}

static gboolean
name_is_free (NewTask    *n,
              const char *name)
{
  g_autofree char *basename = NULL;
  g_autoptr(GFile) file = NULL;

  if (*name == '\0' || *name == '.' || strchr (name, '/') || strchr (name, '\\'))
    return FALSE;
  basename = g_strconcat (name, ".json", NULL);
  file = g_file_get_child (n->folder, basename);
  return !g_file_query_exists (file, NULL);
}

static void
name_changed_cb (GtkEditable      *editable,
                 GtkWidget        *dialog)
{
  NewTask *n = g_object_get_data (G_OBJECT (dialog), "arc-new-task");
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (editable)));

  arc_alert_set_response_enabled (dialog, "create", name_is_free (n, name));
}

static void
stop_waiting (ArcTaskEditor *self)
{
  g_clear_handle_id (&self->select_source, g_source_remove);
  g_clear_pointer (&self->select_id, g_free);
}

/* Is the new task listed (the folder's watcher found it, the search was
 * cleared)? Then it is selected; tried for some seconds */
static gboolean
listed_cb (gpointer user_data)
{
  ArcTaskEditor *self = user_data;

  if (arc_task_list_select_id (self->task_list, self->select_id))
    gtk_widget_grab_focus (arc_solve_view_get_output_view (self->solve_view));  /* ready to draw */
  else if (g_get_monotonic_time () < self->select_until)
    return G_SOURCE_CONTINUE;
  self->select_source = 0;
  g_clear_pointer (&self->select_id, g_free);
  return G_SOURCE_REMOVE;
}

/* Selects the task @id as soon as the list shows it: no search or status
 * filter hides it */
static void
select_when_listed (ArcTaskEditor *self,
                    const char    *id)
{
  stop_waiting (self);
  arc_task_list_set_search (self->task_list, "");
  arc_task_list_set_status_filter (self->task_list, ARC_STATUS_FILTER_ALL);
  self->select_id = g_strdup (id);
  self->select_until = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  self->select_source = g_timeout_add (50, listed_cb, self);
}

/**
 * arc_task_editor_files_dispose:
 * Stops waiting for a new task to be listed.
 */
void
arc_task_editor_files_dispose (ArcTaskEditor *self)
{
  stop_waiting (self);
}

/* Writes the new task and shows it, in Edit Task */
static void
create_task (NewTask    *n,
             const char *name)
{
  ArcTaskEditor *self = n->editor;
  g_autofree char *basename = g_strconcat (name, ".json", NULL);
  g_autoptr(GFile) file = g_file_get_child (n->folder, basename);
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (!arc_file_write (file, n->text, strlen (n->text), &error))
    {
      arc_task_editor_toast (self, error->message);
      return;
    }
  /* Shown as soon as the folder's watcher lists it, in Edit Task (unsaved
   * edits of the task shown are asked about then) */
  if (!arc_task_editor_is_editing (self))
    arc_task_editor_show_mode (self, TRUE);
  select_when_listed (self, name);
}

static void
new_task_response_cb (GtkWidget        *dialog,
                      const char       *response,
                      ArcTaskEditor    *self)
{
  NewTask *n = g_object_get_data (G_OBJECT (dialog), "arc-new-task");
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (n->name_entry))));

  if (self->window != NULL && g_str_equal (response, "create") && name_is_free (n, name))
    create_task (n, name);
}

/* The text of the new task: a blank one, or a copy of the shown one */
static char *
new_task_text (ArcTaskEditor *self,
               gboolean       duplicate)
{
  g_autoptr(ArcTaskEdit) copy = NULL;
  ArcTaskEdit *source = self->session;
  char *text;

  if (!duplicate)
    copy = arc_task_edit_new_blank ("");
  else if (source == NULL)
    {
      ArcEntry *entry = arc_task_list_get_selected (self->task_list);
      g_autoptr(GError) error = NULL;

      copy = entry ? arc_task_editor_session_for_entry (entry, &error) : NULL;
      if (copy == NULL)
        {
          if (error)
            arc_task_editor_toast (self, error->message);
          return NULL;
        }
    }
  source = copy ? copy : source;
  text = arc_task_edit_serialize (source, arc_task_edit_get_style (source));
  if (arc_task_edit_get_style (source) == ARC_TASK_STYLE_PRETTY)
    {
      char *with_newline = g_strconcat (text, "\n", NULL);
      g_free (text);
      text = with_newline;
    }
  return text;
}

/**
 * arc_task_editor_new_task:
 * @duplicate: a copy of the shown task rather than a blank one
 *
 * Asks for the new task's name (a free 8-hex-digit id by default), writes
 * it beside the shown task and shows it in Edit Task.
 */
void
arc_task_editor_new_task (ArcTaskEditor *self,
                          gboolean       duplicate)
{
  NewTask *n;
  GtkWidget *dialog;
  ArcEntry *shown;
  const char *source;  /* the task copied, when @duplicate */
  g_autofree char *id = NULL;
  g_autofree char *where = NULL;
  char *text = new_task_text (self, duplicate);

  if (text == NULL)
    return;
  n = g_new0 (NewTask, 1);
  n->editor = self;
  n->text = text;
  n->folder = new_task_folder (self);
  id = free_id (self, n->folder);
  where = g_file_get_parse_name (n->folder);
  dialog = new_dialog (self, duplicate ? _("Duplicate Task") : _("New Task"), NULL);
  shown = arc_task_list_get_selected (self->task_list);
  source = self->session ? arc_task_edit_get_id (self->session) : shown ? arc_entry_get_id (shown) : NULL;
  if (shown && arc_entry_is_combined (shown))
    {
      /* Beside a Kaggle or JSON Lines file, not in it: said */
      g_autofree char *combined = g_file_get_basename (arc_entry_get_file (shown));

      if (duplicate)
        arc_alert_format_body (dialog, _("A copy of “%s”, in a file of its own in %s, beside %s, which stays as it is. Its name:"),
                               source, where, combined);
      else
        arc_alert_format_body (dialog, _("A task with one 3×3 train pair and one test pair, in a file of its own in %s, "
                                         "beside %s, which stays as it is. Its name:"), where, combined);
    }
  else if (duplicate)
    arc_alert_format_body (dialog, _("A copy of “%s”, in %s. Its name:"), source, where);
  else
    arc_alert_format_body (dialog, _("A task with one 3×3 train pair and one test pair, in %s. Its name:"), where);
  n->name_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_editable_set_text (GTK_EDITABLE (n->name_entry), id);
  gtk_entry_set_activates_default (n->name_entry, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (n->name_entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Task name"), -1);
  arc_alert_set_extra_child (dialog, GTK_WIDGET (n->name_entry));
  arc_alert_add_responses (dialog, "cancel", _("_Cancel"), "create", _("C_reate"), NULL);
  arc_alert_set_response_appearance (dialog, "create", ADW_RESPONSE_SUGGESTED);
  arc_alert_set_default_response (dialog, "create");
  arc_alert_set_close_response (dialog, "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "arc-new-task", n, (GDestroyNotify) new_task_free);
  g_signal_connect (n->name_entry, "changed", G_CALLBACK (name_changed_cb), dialog);
  g_signal_connect_object (dialog, "response", G_CALLBACK (new_task_response_cb), self, 0);
  arc_alert_present (dialog);
  gtk_widget_grab_focus (GTK_WIDGET (n->name_entry));
}

/* arc-window-larc.c: LARC in the window: Import LARC Descriptions… (in a
 * worker, with the core's import that the CLI uses), Build from
 * Description and replaying how a description's author verified it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-window"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-build-window.h"
#include "arc-description-list.h"
#include "arc-replay-window.h"
#include "arc-window-private.h"

/* Importing */

typedef struct
{
  ArcLarcImport *import;
  char          *path;
} ImportJob;

static void
import_job_free (gpointer data)
{
  ImportJob *job = data;

  /* Freed in whichever thread drops the task last: nothing of GTK here */
  arc_larc_import_free (job->import);
  g_free (job->path);
  g_free (job);
}

static void
import_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ImportJob *job = task_data;
  g_autoptr(GPtrArray) files = NULL;
  GError *error = NULL;

  files = arc_larc_list_files (job->path, &error);
  if (files == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  for (guint i = 0; i < files->len && !g_cancellable_is_cancelled (cancellable); i++)
    arc_larc_import_file (job->import, files->pdata[i]);
  arc_larc_import_save (job->import);
  g_task_return_boolean (task, TRUE);
}

/* What was skipped and why, and the first warnings */
static void
show_import_details (ArcWindow     *self,
                     ArcLarcImport *import,
                     const char    *summary)
{
  g_autoptr(GString) body = g_string_new (NULL);
  GtkWidget *dialog;

  for (guint i = 0; i < import->skipped->len; i++)
    g_string_append_printf (body, "%s\n", (char *) import->skipped->pdata[i]);
  if (import->warnings->len > 0)
    g_string_append_printf (body, g_dngettext (GETTEXT_PACKAGE, "\n%u odd thing in LARC's files was read with a warning, e.g.:\n",
                                               "\n%u odd things in LARC's files were read with a warning, e.g.:\n",
                                               import->warnings->len), import->warnings->len);
  for (guint i = 0; i < import->warnings->len && i < 5; i++)
    g_string_append_printf (body, "%s\n", (char *) import->warnings->pdata[i]);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), summary, NULL);
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (dialog), g_strstrip (body->str));
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* In the main thread, with the window the task does not hold (a task with
 * a source object could finalise it in the worker) */
static void
import_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(ArcWindow) self = user_data;
  ImportJob *job = g_task_get_task_data (G_TASK (result));
  ArcLarcImport *import = job->import;
  ArcCollectionStatus *status = arc_task_list_get_status (self->task_list);
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.import-larc", TRUE);
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      arc_window_show_toast (self, error->message);
      return;
    }
  /* The notes read so far are stale: read again, recounted */
  for (guint i = 0; i < import->changed_entries->len; i++)
    {
      ArcEntry *entry = import->changed_entries->pdata[i];

      if (self->notes_store)
        arc_notes_store_forget (self->notes_store, entry);
      if (status)
        arc_collection_status_notes_changed (status, entry);
    }
  summary = g_strdup_printf (_("Imported %u LARC descriptions and %u builds for %u tasks"),
                             import->n_descriptions, import->n_builds, import->n_tasks);
  if (import->skipped->len > 0 || import->n_errors > 0)
    show_import_details (self, import, summary);
  else
    arc_window_show_toast (self, summary);
}

static void
import_chooser_cb (GtkNativeDialog *dialog,
                   int              response,
                   ArcWindow       *self)
{
  g_autoptr(GFile) folder = response == GTK_RESPONSE_ACCEPT ? gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog)) : NULL;
  ArcCollection *collection = arc_task_list_get_collection (self->task_list);

  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
  if (folder && collection)
    arc_window_import_larc (self, folder);
}

/**
 * arc_window_import_larc:
 * Imports the LARC tasks_json files of @folder into the open collection's
 * notes, in a worker; says how it went when done.
 */
void
arc_window_import_larc (ArcWindow *self,
                        GFile     *folder)
{
  ArcCollection *collection = arc_task_list_get_collection (self->task_list);
  g_autoptr(GTask) task = NULL;
  ImportJob *job;

  g_return_if_fail (collection != NULL);

  job = g_new0 (ImportJob, 1);
  job->import = arc_larc_import_new (collection, NULL, FALSE);
  job->path = g_file_get_path (folder);
  task = g_task_new (NULL, NULL, import_done_cb, g_object_ref (self));
  g_task_set_source_tag (task, arc_window_import_larc);
  g_task_set_task_data (task, job, import_job_free);
  if (job->path == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("LARC's files must be in a local folder"));
      return;
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.import-larc", FALSE);
  arc_window_show_toast (self, _("Importing LARC's descriptions…"));
  g_task_run_in_thread (task, import_thread);
}

static void
import_larc_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  ArcWindow *self = ARC_WINDOW (widget);
  GtkFileChooserNative *chooser;

  if (arc_task_list_get_collection (self->task_list) == NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Import LARC Descriptions (the tasks_json Folder)"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Import"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (import_chooser_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* Building from a description, and replaying one's verification */

static void
build_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  ArcWindow *self = ARC_WINDOW (widget);
  const char *describer = g_variant_get_string (parameter, NULL);
  g_autoptr(ArcTask) task = NULL;
  ArcEntry *entry;
  ArcBuildWindow *build;

  if (self->task_notes == NULL)
    return;
  entry = arc_task_notes_get_entry (self->task_notes);
  task = arc_entry_load (entry, NULL);
  if (task == NULL || arc_notes_get (arc_task_notes_get_notes (self->task_notes), arc_entry_get_id (entry), describer) == NULL)
    return;
  build = arc_build_window_new (GTK_WINDOW (self), self->task_notes, task, describer);
  gtk_window_present (GTK_WINDOW (build));
}

static void
replay_description_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  ArcWindow *self = ARC_WINDOW (widget);
  g_autoptr(ArcTaskNotes) theirs = NULL;

  if (self->task_notes == NULL || self->notes_store == NULL)
    return;
  /* Their notes, only read */
  theirs = arc_task_notes_new (self->notes_store, arc_task_notes_get_entry (self->task_notes),
                               g_variant_get_string (parameter, NULL));
  if (arc_task_notes_get_annotation (theirs) == NULL || !arc_description_has_replay (arc_task_notes_get_annotation (theirs)))
    return;
  gtk_window_present (GTK_WINDOW (arc_replay_window_new (GTK_WINDOW (self), theirs, self->settings)));
}

void
arc_window_larc_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.import-larc", NULL, import_larc_action);
  gtk_widget_class_install_action (widget_class, "win.build-from-description", "s", build_action);
  gtk_widget_class_install_action (widget_class, "win.replay-description", "s", replay_description_action);
}

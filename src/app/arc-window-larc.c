/* arc-window-larc.c: LARC in the window: Import LARC Descriptions… (the
 * core's import that the CLI uses, in the core's worker, its progress and
 * result shown here), Build from Description and replaying how a
 * description's author verified it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-window"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-build-window.h"
#include "arc-description-list.h"
#include "arc-progress-banner.h"
#include "arc-replay-window.h"
#include "arc-window-private.h"

/* Importing, in a worker, with its progress in a bar under the header bar
 * (a Cancel button stops it between two files) */

typedef struct
{
  ArcProgressBanner *widget;    /* under the header bar, the window's */
  GCancellable   *cancellable;  /* the running import's, or NULL */
  ArcLarcImport  *import;       /* the running import, or NULL */
  ArcNotesStore  *store;        /* the window's, told that the import writes its files */
} ImportBanner;

static void
import_banner_free (gpointer data)
{
  ImportBanner *banner = data;

  g_clear_object (&banner->cancellable);
  arc_larc_import_free (banner->import);
  if (banner->store)
    arc_notes_store_set_writing (banner->store, FALSE);
  g_clear_object (&banner->store);
  g_free (banner);
}

/* The bar, made the first time, under the window's header bar */
static ImportBanner *
import_banner (ArcWindow *self)
{
  ImportBanner *banner = g_object_get_data (G_OBJECT (self), "arc-larc-import");

  if (banner)
    return banner;
  banner = g_new0 (ImportBanner, 1);
  g_object_set_data_full (G_OBJECT (self), "arc-larc-import", banner, import_banner_free);
  banner->widget = arc_progress_banner_new (_("Import progress"));
  arc_progress_banner_place (banner->widget, adw_toast_overlay_get_child (self->toast_overlay));
  return banner;
}

static void
import_banner_show (ImportBanner *banner,
                    guint         done,
                    guint         total)
{
  g_autofree char *text = NULL;

  if (total == 0)
    text = g_strdup (_("Looking for LARC's files…"));
  else
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Importing LARC's descriptions: %u of %u file…",
                                         "Importing LARC's descriptions: %u of %u files…", total), done, total);
  arc_progress_banner_update (banner->widget, text, total ? (double) done / total : 0);
}

/* In the main thread; the window is held until the import is done */
static void
import_progress_cb (guint    done,
                    guint    total,
                    gpointer data)
{
  ArcWindow *self = data;

  /* Not once the window is gone */
  if (self->toast_overlay)
    import_banner_show (import_banner (self), done, total);
}

/* The CLI's summary and its warnings, as it prints them: what was found
 * and changed, what was skipped and why, and every odd thing read */
static char *
import_report (ArcLarcImport *import)
{
  g_autofree char *summary = arc_larc_import_dup_summary (import);
  g_auto(GStrv) warnings = arc_larc_import_dup_warnings (import, FALSE);
  guint n = g_strv_length (warnings);
  GString *report = g_string_new (summary);

  if (n > 0)
    g_string_append_printf (report, g_dngettext (GETTEXT_PACKAGE, "\n%u warning:\n", "\n%u warnings:\n", n), n);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (report, "%s\n", warnings[i]);
  return g_string_free (report, FALSE);
}

static char *
import_summary (ArcLarcImport *import,
                guint          n_read,
                guint          n_files)
{
  g_autofree char *descriptions = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u LARC description", "%u LARC descriptions",
                                                                import->n_descriptions), import->n_descriptions);
  g_autofree char *builds = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u build", "%u builds", import->n_builds),
                                             import->n_builds);
  g_autofree char *tasks = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u task", "%u tasks", import->n_tasks),
                                            import->n_tasks);
  /* TRANSLATORS: "12 LARC descriptions and 15 builds for 10 tasks" */
  g_autofree char *counts = g_strdup_printf (_("%s and %s for %s"), descriptions, builds, tasks);

  g_autofree char *text = NULL;

  if (n_read < n_files)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Import stopped after %u of %u file: %s",
                                         "Import stopped after %u of %u files: %s", n_files),
                            n_read, n_files, counts);
  else
    text = g_strdup_printf (_("Imported %s"), counts);
  if (import->skipped->len == 0)
    return g_steal_pointer (&text);
  /* TRANSLATORS: "Imported 2 LARC descriptions and 2 builds for 1 task · 3 files skipped" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %u file skipped", "%s · %u files skipped",
                                       import->skipped->len), text, import->skipped->len);
}

/* In the main thread, with the window held since the import began */
static void
import_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(ArcWindow) self = user_data;
  ImportBanner *banner = import_banner (self);
  g_autoptr(ArcLarcImport) import = g_steal_pointer (&banner->import);
  ArcCollectionStatus *status;
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *report = NULL;
  guint n_read = 0, n_files = 0;

  g_clear_object (&banner->cancellable);
  /* The shown task's notes are read again now, with no notice: they are no
   * other program's change */
  if (arc_window_get_notes (self))
    arc_task_notes_reread (arc_window_get_notes (self));
  if (banner->store)
    arc_notes_store_set_writing (banner->store, FALSE);
  g_clear_object (&banner->store);
  if (self->task_list == NULL)
    return;  /* the window is gone; its notes were written */
  arc_progress_banner_stop (banner->widget);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.import-larc", TRUE);
  if (!arc_larc_import_finish (import, result, &n_read, &n_files, &error))
    {
      arc_window_show_toast (self, error->message);
      return;
    }
  /* The notes read so far are stale: read again, recounted */
  status = arc_task_list_get_status (self->task_list);
  for (guint i = 0; i < import->changed_entries->len; i++)
    {
      ArcEntry *entry = import->changed_entries->pdata[i];
      ArcNotesSummary *read = import->changed_summaries && i < import->changed_summaries->len
                              ? g_steal_pointer (&import->changed_summaries->pdata[i]) : NULL;

      if (arc_window_get_notes_store (self))
        arc_notes_store_forget (arc_window_get_notes_store (self), entry);
      if (status)
        arc_collection_status_notes_changed_to (status, entry, read);
      else
        g_clear_pointer (&read, arc_notes_summary_free);
    }
  summary = import_summary (import, n_read, n_files);
  report = import_report (import);
  /* A file that could not be read is said at once; the rest on asking */
  if (import->n_errors > 0)
    arc_window_show_details (self, _("LARC Descriptions Imported"), summary, report);
  else
    arc_window_show_details_toast (self, summary, _("LARC Descriptions Imported"), report);
}

static void
import_chosen (GFile    *folder,
               gpointer  user_data)
{
  ArcWindow *self = user_data;

  if (arc_task_list_get_collection (self->task_list))
    arc_window_import_larc (self, folder);
}

/**
 * arc_window_import_larc:
 * Imports the LARC tasks_json files of @folder into the open collection's
 * notes, in a worker, with its progress under the header bar; says how it
 * went when done.
 */
void
arc_window_import_larc (ArcWindow *self,
                        GFile     *folder)
{
  ArcCollection *collection = arc_task_list_get_collection (self->task_list);
  g_autofree char *path = g_file_get_path (folder);
  ImportBanner *banner;

  g_return_if_fail (collection != NULL);

  banner = import_banner (self);
  if (banner->cancellable)
    return;  /* one at a time */
  if (path == NULL)
    {
      arc_window_show_toast (self, _("LARC's files must be in a local folder"));
      return;
    }
  banner->import = arc_larc_import_new (collection, NULL, FALSE);
  banner->store = arc_window_get_notes_store (self) ? g_object_ref (arc_window_get_notes_store (self)) : NULL;
  if (banner->store)
    arc_notes_store_set_writing (banner->store, TRUE);
  banner->cancellable = g_cancellable_new ();
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.import-larc", FALSE);
  arc_progress_banner_start (banner->widget, banner->cancellable, _("Looking for LARC's files…"),
                             _("Stop importing; the tasks imported so far keep LARC's descriptions"),
                             _("Stopping the import after the file being read…"));
  arc_larc_import_async (banner->import, path, banner->cancellable, import_progress_cb, self,
                         import_done_cb, g_object_ref (self));
}

/**
 * arc_window_choose_larc_folder:
 * Asks for LARC's tasks_json folder and imports its descriptions into the
 * open collection's notes.
 */
void
arc_window_choose_larc_folder (ArcWindow *self)
{
  GtkFileChooserNative *chooser;

  if (arc_task_list_get_collection (self->task_list) == NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Import LARC Descriptions (the tasks_json Folder)"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Import"), _("_Cancel"));
  arc_file_chooser_run (chooser, import_chosen, self);
}

/* Building from a description, and replaying one's verification */

/**
 * arc_window_build_from_description:
 * Opens Build from Description on @describer's description of the shown
 * task.
 */
void
arc_window_build_from_description (ArcWindow  *self,
                                   const char *describer)
{
  ArcTaskNotes *notes = arc_window_get_notes (self);
  g_autoptr(ArcTask) task = NULL;
  ArcEntry *entry;
  ArcBuildWindow *build;

  if (notes == NULL)
    return;
  entry = arc_task_notes_get_entry (notes);
  task = arc_entry_load (entry, NULL);
  if (task == NULL || arc_notes_get (arc_task_notes_get_notes (notes), arc_entry_get_id (entry), describer) == NULL)
    return;
  build = arc_build_window_new (GTK_WINDOW (self), notes, task, describer, self->settings);
  gtk_window_present (GTK_WINDOW (build));
}

/**
 * arc_window_replay_description:
 * Replays how @annotator verified their description of the shown task.
 */
void
arc_window_replay_description (ArcWindow  *self,
                               const char *annotator)
{
  ArcTaskNotes *notes = arc_window_get_notes (self);
  g_autoptr(ArcTaskNotes) theirs = NULL;

  if (notes == NULL || arc_window_get_notes_store (self) == NULL)
    return;
  /* Their notes, only read */
  theirs = arc_task_notes_new (arc_window_get_notes_store (self), arc_task_notes_get_entry (notes), annotator);
  if (arc_task_notes_get_annotation (theirs) == NULL || !arc_description_has_replay (arc_task_notes_get_annotation (theirs)))
    return;
  gtk_window_present (GTK_WINDOW (arc_replay_window_new (GTK_WINDOW (self), theirs, self->settings)));
}

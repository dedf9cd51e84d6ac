/* arc-window-export.c: "Export Image…" for the whole task or one grid,
 * Export Submission and Export Notes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-window"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "arc-progress-banner.h"
#include "arc-window-private.h"

/* Export */

typedef struct
{
  ArcWindow *self;
  ArcTask   *task;
  guint      slot;   /* G_MAXUINT: the whole task */
  ArcGrid   *grid;   /* (nullable): a grid of the workspace, instead */
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  g_object_unref (job->task);
  g_clear_pointer (&job->grid, arc_grid_free);
  g_free (job);
}

/* Where an export's dialog starts: where this window's last export went,
 * else the Pictures folder for an image and the home folder for the rest;
 * not the program's working folder, which is GTK's own choice */
static void
start_in_export_folder (ArcWindow      *self,
                        GtkFileChooser *chooser,
                        gboolean        image)
{
  g_autoptr(GFile) fallback = NULL;

  if (self->export_folder == NULL)
    {
      const char *dir = image ? g_get_user_special_dir (G_USER_DIRECTORY_PICTURES) : NULL;

      if (dir == NULL || !g_file_test (dir, G_FILE_TEST_IS_DIR))
        dir = g_get_home_dir ();
      fallback = g_file_new_for_path (dir);
    }
  gtk_file_chooser_set_current_folder (chooser, self->export_folder ? self->export_folder : fallback, NULL);
}

static void
remember_export_folder (ArcWindow *self,
                        GFile     *file)
{
  g_clear_object (&self->export_folder);
  self->export_folder = g_file_get_parent (file);
}

static void
export_response_cb (GtkNativeDialog *dialog,
                    int              response,
                    ExportJob       *job)
{
  ArcWindow *self = job->self;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;
      /* (a workspace's grid has no choice) */
      const char *choice = job->grid ? NULL : gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (dialog), "grid");
      g_autoptr(GError) error = NULL;
      ArcRenderOptions options;
      gboolean ok;
      guint slot = job->slot;

      if (choice && g_ascii_isdigit (*choice))
        slot = (guint) g_ascii_strtoull (choice, NULL, 10);
      else if (choice)
        slot = G_MAXUINT;

      /* What the user sees, on a white page with dark text */
      arc_task_view_get_render_options (arc_task_page_get_task_view (self->task_page), &options);
      options.transparent = FALSE;
      options.background_rgb = 0xFFFFFF;
      options.foreground_rgb = 0x222222;
      options.cell_size = 24;

      if (path == NULL)
        ok = FALSE, g_set_error (&error, ARC_ERROR, ARC_ERROR_IO, _("Only local files can be written"));
      else
        {
          /* A name without a known extension gets the chosen filter's */
          if (arc_format_for_path (ARC_FORMAT_PICTURE, path) == NULL)
            {
              GtkFileFilter *filter = gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (dialog));
              const ArcFormat *format = filter ? g_object_get_data (G_OBJECT (filter), "arc-format") : NULL;
              char *with_ext;

              if (format == NULL)
                format = arc_format_get_default (ARC_FORMAT_PICTURE);
              with_ext = g_strconcat (path, format->extension, NULL);
              g_free (path);
              path = with_ext;
            }
          if (job->grid)
            ok = arc_render_grid_to_file (job->grid, &options, path, &error);
          else if (slot == G_MAXUINT)
            ok = arc_render_task_to_file (job->task, arc_task_get_id (job->task), &options, path, &error);
          else
            {
              g_autoptr(ArcTaskLayout) layout = arc_task_layout_new (job->task, NULL, &options);
              const ArcSlot *s = slot < arc_task_layout_get_n_slots (layout) ? arc_task_layout_get_slot (layout, slot) : NULL;

              if (s && s->grid)
                ok = arc_render_grid_to_file (s->grid, &options, path, &error);
              else
                ok = FALSE, g_set_error (&error, ARC_ERROR, ARC_ERROR_IO, _("That grid is not known"));
            }
        }
      if (ok)
        {
          g_autofree char *name = g_path_get_basename (path);
          g_autofree char *msg = g_strdup_printf (_("Exported “%s”"), name);

          remember_export_folder (self, file);
          arc_window_show_toast (self, msg);
        }
      else
        arc_window_show_toast (self, error->message);
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
  export_job_free (job);
}

/* The choice of what to export: the whole task or one of its grids, the
 * one asked for first (GTK 4.8's own dialog starts on the first option,
 * whatever was set) */
static void
add_grid_choice (GtkFileChooser *chooser,
                 ArcTaskLayout  *layout,
                 guint           slot)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *chosen = slot == G_MAXUINT ? g_strdup ("task") : g_strdup_printf ("%u", slot);

  if (slot != G_MAXUINT)
    {
      g_ptr_array_add (ids, g_strdup (chosen));
      g_ptr_array_add (labels, arc_slot_describe (arc_task_layout_get_slot (layout, slot)));
    }
  g_ptr_array_add (ids, g_strdup ("task"));
  g_ptr_array_add (labels, g_strdup (_("Whole task")));
  for (guint i = 0; i < arc_task_layout_get_n_slots (layout); i++)
    {
      const ArcSlot *s = arc_task_layout_get_slot (layout, i);

      if (s->grid == NULL || i == slot)
        continue;
      g_ptr_array_add (ids, g_strdup_printf ("%u", i));
      g_ptr_array_add (labels, arc_slot_describe (s));
    }
  g_ptr_array_add (ids, NULL);
  g_ptr_array_add (labels, NULL);
  gtk_file_chooser_add_choice (chooser, "grid", _("Export"), (const char **) ids->pdata, (const char **) labels->pdata);
  gtk_file_chooser_set_choice (chooser, "grid", chosen);
}

/* A filter of @chooser for @format ("PNG image (*.png)"), which it keeps */
static void
add_format_filter (GtkFileChooser  *chooser,
                   const ArcFormat *format)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *pattern = g_strconcat ("*", format->extension, NULL);
  g_autofree char *name = g_strdup_printf ("%s (%s)", arc_format_get_title (format), pattern);

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_pattern (filter, pattern);
  if (format->mime_type)
    gtk_file_filter_add_mime_type (filter, format->mime_type);
  g_object_set_data (G_OBJECT (filter), "arc-format", (gpointer) format);
  gtk_file_chooser_add_filter (chooser, filter);
}

/* The dialog of an image export: a filter a format of the core's table
 * (arc-formats.h); the format is the name's extension, or the filter's */
static GtkFileChooserNative *
new_image_chooser (ArcWindow *self)
{
  GtkFileChooserNative *chooser;
  const ArcFormat *format;

  chooser = gtk_file_chooser_native_new (_("Export Image"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Export"), _("_Cancel"));
  for (guint i = 0; (format = arc_formats_get (ARC_FORMAT_PICTURE, i)); i++)
    add_format_filter (GTK_FILE_CHOOSER (chooser), format);
  return chooser;
}

/* Shows @chooser, named @name, for @job */
static void
show_image_chooser (GtkFileChooserNative *chooser,
                    const char           *name,
                    ExportJob            *job)
{
  start_in_export_folder (job->self, GTK_FILE_CHOOSER (chooser), TRUE);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (export_response_cb), job);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* "task-id-what-it-is.png" */
static char *
grid_file_name (ArcTask    *task,
                const char *what)
{
  g_autofree char *lower = g_utf8_strdown (what, -1);

  g_strdelimit (lower, " ", '-');
  return g_strconcat (arc_task_get_id (task), "-", lower, arc_format_get_default (ARC_FORMAT_PICTURE)->extension, NULL);
}

static void
run_export (ArcWindow *self,
            guint      slot)
{
  ArcTask *task = arc_task_view_get_task (arc_task_page_get_task_view (self->task_page));
  g_autoptr(ArcTaskLayout) layout = NULL;
  GtkFileChooserNative *chooser;
  g_autofree char *name = NULL;
  ArcRenderOptions options;
  ExportJob *job;

  if (task == NULL)
    return;
  chooser = new_image_chooser (self);

  arc_task_view_get_render_options (arc_task_page_get_task_view (self->task_page), &options);
  layout = arc_task_layout_new (task, NULL, &options);
  if (slot != G_MAXUINT && (slot >= arc_task_layout_get_n_slots (layout) || arc_task_layout_get_slot (layout, slot)->grid == NULL))
    slot = G_MAXUINT;
  add_grid_choice (GTK_FILE_CHOOSER (chooser), layout, slot);

  if (slot == G_MAXUINT)
    name = g_strconcat (arc_task_get_id (task), arc_format_get_default (ARC_FORMAT_PICTURE)->extension, NULL);
  else
    {
      g_autofree char *what = arc_slot_describe (arc_task_layout_get_slot (layout, slot));

      name = grid_file_name (task, what);
    }

  job = g_new0 (ExportJob, 1);
  job->self = self;
  job->task = g_object_ref (task);
  job->slot = slot;
  show_image_chooser (chooser, name, job);
}

/**
 * arc_window_export_workspace_grid:
 * @grid: a grid of the workspace (ArcSolveView::export-grid), as it is now
 * @what: what it is ("test 1 input"), for the file's name
 *
 * Asks where to write @grid as an image, and writes it.
 */
void
arc_window_export_workspace_grid (ArcWindow     *self,
                                  const ArcGrid *grid,
                                  const char    *what)
{
  ArcTask *task = arc_task_view_get_task (arc_task_page_get_task_view (self->task_page));
  g_autofree char *name = NULL;
  ExportJob *job;

  if (task == NULL || grid == NULL)
    return;
  name = grid_file_name (task, what);
  job = g_new0 (ExportJob, 1);
  job->self = self;
  job->task = g_object_ref (task);
  job->slot = G_MAXUINT;
  job->grid = arc_grid_copy (grid);
  show_image_chooser (new_image_chooser (self), name, job);
}

/**
 * arc_window_export_image:
 * Asks where to write the shown task as an image, and writes it.
 */
void
arc_window_export_image (ArcWindow *self)
{
  run_export (self, G_MAXUINT);
}

/**
 * arc_window_export_grid:
 * The same for the grid the task view's menu was opened on.
 */
void
arc_window_export_grid (ArcWindow *self)
{
  ArcTaskView *view = arc_task_page_get_task_view (self->task_page);
  const ArcSlot *slot = arc_task_view_get_context_slot (view);
  ArcTaskLayout *layout = arc_task_view_get_layout (view);

  if (slot == NULL || layout == NULL)
    return;
  for (guint i = 0; i < arc_task_layout_get_n_slots (layout); i++)
    if (arc_task_layout_get_slot (layout, i) == slot)
      run_export (self, i);
}


/* Export Submission: the ARC Prize file of the attempts in the notes */

static void
write_submission (GFile    *file,
                  gpointer  user_data)
{
  ArcWindow *self = user_data;
  ArcCollection *collection = arc_task_list_get_collection (self->task_list);
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  guint placeholders = 0, n_tests = 0;

  if (collection == NULL || arc_window_get_notes_store (self) == NULL)
    return;
  data = arc_format_get_default (ARC_FORMAT_ANSWERS)->answers (collection, arc_window_get_notes_store (self), NULL,
                                                                &placeholders, &n_tests);
  if (arc_file_write (file, data, strlen (data), &error))
    {
      g_autofree char *message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                               "Submission written: %u test input, %u without an attempt (a 1×1 placeholder)",
                                                               "Submission written: %u test inputs, %u without an attempt (a 1×1 placeholder)",
                                                               n_tests),
                                                  n_tests, placeholders);
      arc_window_show_toast (self, message);
      remember_export_folder (self, file);
    }
  else
    arc_window_show_toast (self, error->message);
}

/* Asks for an ARC Prize submission file of the open collection, for
 * exporting (with @name as the suggestion) or reviewing: @chosen gets the
 * file the user accepts. */
void
arc_window_choose_submission (ArcWindow            *self,
                              const char           *title,
                              GtkFileChooserAction  action,
                              const char           *accept,
                              const char           *name,
                              ArcFileChosenFunc     chosen)
{
  GtkFileChooserNative *chooser;

  if (arc_task_list_get_collection (self->task_list) == NULL)
    return;
  chooser = gtk_file_chooser_native_new (title, GTK_WINDOW (self), action, accept, _("_Cancel"));
  add_format_filter (GTK_FILE_CHOOSER (chooser), arc_format_get_default (ARC_FORMAT_ANSWERS));
  if (action == GTK_FILE_CHOOSER_ACTION_SAVE)
    start_in_export_folder (self, GTK_FILE_CHOOSER (chooser), FALSE);
  if (name)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  arc_file_chooser_run (chooser, chosen, self);
}

/**
 * arc_window_export_submission:
 * Asks where to write the ARC Prize submission of the attempts in the
 * notes, and writes it.
 */
void
arc_window_export_submission (ArcWindow *self)
{
  arc_window_choose_submission (self, _("Export Submission"), GTK_FILE_CHOOSER_ACTION_SAVE,
                                _("_Export"), arc_format_get_default (ARC_FORMAT_ANSWERS)->default_name, write_submission);
}

/* Export Notes: JSON Lines or LARC's layout, the CLI's bytes, made in a
 * worker from the notes as on disk (the notes being edited are saved
 * first), with its progress under the header bar */

typedef struct
{
  ArcWindow           *self;       /* held until it is done */
  ArcNotesStore       *store;      /* the export's own, read in the worker */
  GPtrArray           *entries;    /* the tasks, in the list's order */
  GFile               *target;     /* the JSON Lines file, or LARC's folder */
  const ArcFormat     *format;     /* of kind notes or trajectories */
  gboolean             per_task_notes;
  GCancellable        *cancellable;
  ArcNotesExportCounts counts;
  GStrv                errors;     /* the notes files that could not be read */
  guint                done;       /* tasks done, of entries->len (atomic) */
  guint                progress_source;
} NotesExport;

static void
notes_export_free (NotesExport *job)
{
  g_clear_handle_id (&job->progress_source, g_source_remove);
  g_object_unref (job->self);
  g_object_unref (job->store);
  g_ptr_array_unref (job->entries);
  g_object_unref (job->target);
  g_object_unref (job->cancellable);
  g_strfreev (job->errors);
  g_free (job);
}

static ArcProgressBanner *
notes_export_banner (ArcWindow *self)
{
  ArcProgressBanner *banner = g_object_get_data (G_OBJECT (self), "arc-notes-export");

  if (banner == NULL)
    {
      banner = arc_progress_banner_new (_("Export progress"));
      arc_progress_banner_place (banner, adw_toast_overlay_get_child (self->toast_overlay));
      g_object_set_data (G_OBJECT (self), "arc-notes-export", banner);
    }
  return banner;
}

/* Export Notes can be asked for again (@enabled) or not while one runs */
static void
enable_notes_export (ArcWindow *self,
                     gboolean   enabled)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-notes", enabled);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-notes-larc", enabled);
  if (enabled)
    arc_progress_banner_stop (notes_export_banner (self));
}

/* In the worker, after each task */
static void
notes_export_progress_cb (guint    done,
                          guint    total,
                          gpointer data)
{
  NotesExport *job = data;

  g_atomic_int_set (&job->done, done);
}

/* In the main thread, a few times a second */
static gboolean
notes_export_show_progress_cb (gpointer data)
{
  NotesExport *job = data;
  guint done = (guint) g_atomic_int_get (&job->done);
  guint total = job->entries->len;
  g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Exporting the notes: %u of %u task…",
                                                        "Exporting the notes: %u of %u tasks…", total),
                                           done, total);

  if (job->self->toast_overlay)
    arc_progress_banner_update (notes_export_banner (job->self), text, total ? (double) done / total : 1);
  return G_SOURCE_CONTINUE;
}

static void
notes_export_thread (GTask        *task,
                     gpointer      source,
                     gpointer      task_data,
                     GCancellable *cancellable)
{
  NotesExport *job = task_data;
  GError *error = NULL;
  gboolean ok;

  if (job->format->notes_folder)
    ok = job->format->notes_folder (job->store, job->entries, job->per_task_notes, job->target, &job->counts,
                                    notes_export_progress_cb, job, cancellable, &error);
  else
    {
      g_autofree char *text = job->format->notes (job->store, job->entries, &job->counts,
                                                  notes_export_progress_cb, job, cancellable, &error);

      ok = text && arc_file_write (job->target, text, strlen (text), &error);
    }
  job->errors = arc_notes_store_dup_errors (job->store);
  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static char *
notes_export_summary (NotesExport *job)
{
  g_autofree char *where = g_file_get_parse_name (job->target);
  GString *text = g_string_new (NULL);

  if (job->format->kind == ARC_FORMAT_TRAJECTORIES)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u trajectory written to %s",
                                               "%u trajectories written to %s", job->counts.n_lines),
                            job->counts.n_lines, where);
  else if (job->format->notes_folder)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                               "%u task written to %s in LARC’s layout: %u descriptions, %u builds",
                                               "%u tasks written to %s in LARC’s layout: %u descriptions, %u builds",
                                               job->counts.n_tasks),
                            job->counts.n_tasks, where, job->counts.n_descriptions, job->counts.n_builds);
  else
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "The notes of %u task written to %s",
                                               "The notes of %u tasks written to %s", job->counts.n_tasks),
                            job->counts.n_tasks, where);
  if (job->counts.credit)
    g_string_append_printf (text, _(". LARC’s descriptions are CC BY 4.0: %s, credited in CREDITS.md"),
                            ARC_LARC_CREDIT);
  return g_string_free (text, FALSE);
}

static void
notes_export_done_cb (GObject      *source,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  NotesExport *job = g_task_get_task_data (G_TASK (result));
  ArcWindow *self = job->self;
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = NULL;

  if (self->toast_overlay == NULL)
    return;  /* the window is gone */
  enable_notes_export (self, TRUE);
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        arc_window_show_toast (self, job->format->notes_folder ? _("Export stopped: the files written so far stay")
                                               : _("Export stopped: nothing was written"));
      else
        arc_window_show_toast (self, error->message);
      return;
    }
  summary = notes_export_summary (job);
  if (job->errors && job->errors[0])
    {
      g_autofree char *list = g_strjoinv ("\n", job->errors);
      g_autofree char *details = g_strdup_printf (_("%s\n\nThese notes files could not be read, and are not in it:\n%s"),
                                                  summary, list);

      arc_window_show_details (self, _("Notes Exported"), summary, details);
    }
  else
    arc_window_show_toast (self, summary);
  remember_export_folder (self, job->target);
}

static void
notes_export_start (NotesExport *job)
{
  ArcWindow *self = job->self;
  g_autoptr(GTask) task = NULL;

  if (self->toast_overlay == NULL)
    {
      notes_export_free (job);
      return;
    }
  task = g_task_new (NULL, job->cancellable, notes_export_done_cb, NULL);
  g_task_set_source_tag (task, notes_export_start);
  g_task_set_task_data (task, job, (GDestroyNotify) notes_export_free);
  job->progress_source = g_timeout_add (150, notes_export_show_progress_cb, job);
  g_task_run_in_thread (task, notes_export_thread);
}

/* The notes being edited, and those of tasks left, are on disk now */
static void
notes_flushed_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  NotesExport *job = user_data;
  g_autoptr(GError) error = NULL;

  if (!arc_notes_keeper_flush_finish (ARC_NOTES_KEEPER (source), result, &error))
    {
      if (job->self->toast_overlay)
        {
          g_autofree char *message = g_strdup_printf (_("Notes not exported: your latest notes could not be saved: %s"),
                                                      error->message);

          enable_notes_export (job->self, TRUE);
          arc_window_show_toast (job->self, message);
        }
      notes_export_free (job);
      return;
    }
  notes_export_start (job);
}

static void
export_notes_to (ArcWindow       *self,
                 GFile           *target,
                 const ArcFormat *format)
{
  ArcCollection *collection = arc_task_list_get_collection (self->task_list);
  ArcProgressBanner *banner = notes_export_banner (self);
  NotesExport *job;
  guint n;

  if (collection == NULL || arc_progress_banner_is_busy (banner))
    return;
  job = g_new0 (NotesExport, 1);
  job->self = g_object_ref (self);
  job->store = arc_notes_store_new (collection, NULL);
  n = g_list_model_get_n_items (G_LIST_MODEL (collection));
  job->entries = g_ptr_array_new_full (n, g_object_unref);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (job->entries, g_object_ref (arc_collection_get_entry (collection, i)));
  job->target = g_object_ref (target);
  job->format = format;
  job->per_task_notes = arc_collection_get_kind (collection) == ARC_COLLECTION_FOLDER;
  job->cancellable = g_cancellable_new ();
  enable_notes_export (self, FALSE);
  arc_progress_banner_start (banner, job->cancellable, _("Saving your notes before the export…"),
                             _("Stop exporting"), _("Stopping the export…"));
  if (arc_window_get_notes (self))
    arc_notes_keeper_keep_saving (arc_session_keeper_get_notes_keeper (self->kept), arc_window_get_notes (self));
  arc_notes_keeper_flush_async (arc_session_keeper_get_notes_keeper (self->kept), NULL, notes_flushed_cb, job);
}

/* The format is the filter's: notes, ARCTraj or JaxARC; a name without
 * the format's extension gets it */
static void
notes_file_chosen (GFile         *file,
                   GtkFileFilter *filter,
                   gpointer       user_data)
{
  const ArcFormat *format = filter ? g_object_get_data (G_OBJECT (filter), "arc-format") : NULL;
  g_autofree char *name = g_file_get_basename (file);
  g_autoptr(GFile) target = NULL;

  if (format == NULL)
    format = arc_format_get_default (ARC_FORMAT_NOTES);
  if (name && !g_str_has_suffix (name, format->extension))
    {
      g_autoptr(GFile) parent = g_file_get_parent (file);
      g_autofree char *with_ext = g_strconcat (name, format->extension, NULL);

      target = parent ? g_file_get_child (parent, with_ext) : g_object_ref (file);
    }
  export_notes_to (user_data, target ? target : file, format);
}

static void
larc_folder_chosen (GFile    *folder,
                    gpointer  user_data)
{
  export_notes_to (user_data, folder, arc_format_find (ARC_FORMAT_NOTES, "larc"));
}

/**
 * arc_window_export_notes:
 * @larc: in LARC's tasks_json layout, into a folder; else one file, the
 *   format the filter chosen says (the notes as JSON Lines, or the
 *   trajectories as ARCTraj or JaxARC: the core's table, arc-formats.h)
 *
 * Asks where, then exports the notes of the open collection as
 * `arc-studio-cli notes export` (or `trajectories export`) does.
 */
void
arc_window_export_notes (ArcWindow *self,
                         gboolean   larc)
{
  GtkFileChooserNative *chooser;
  const ArcFormat *format;

  if (arc_task_list_get_collection (self->task_list) == NULL)
    return;
  if (larc)
    {
      chooser = gtk_file_chooser_native_new (_("Export Notes in LARC’s Layout"), GTK_WINDOW (self),
                                             GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Export"), _("_Cancel"));
      start_in_export_folder (self, GTK_FILE_CHOOSER (chooser), FALSE);
      arc_file_chooser_run (chooser, larc_folder_chosen, self);
      return;
    }
  chooser = gtk_file_chooser_native_new (_("Export Notes"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Export"), _("_Cancel"));
  for (guint i = 0; (format = arc_formats_get (ARC_FORMAT_NOTES, i)); i++)
    if (format->notes)
      add_format_filter (GTK_FILE_CHOOSER (chooser), format);
  for (guint i = 0; (format = arc_formats_get (ARC_FORMAT_TRAJECTORIES, i)); i++)
    add_format_filter (GTK_FILE_CHOOSER (chooser), format);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), arc_format_get_default (ARC_FORMAT_NOTES)->default_name);
  start_in_export_folder (self, GTK_FILE_CHOOSER (chooser), FALSE);
  arc_file_chooser_run_with_filter (chooser, notes_file_chosen, self);
}

/* arc-window-export.c: "Export Image…" for the whole task or one grid
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-window"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

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
      ArcImageFormat format;
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
          if (!arc_image_format_from_path (path, &format))
            {
              char *with_ext = g_strconcat (path, ".png", NULL);
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

/* The dialog of an image export */
static GtkFileChooserNative *
new_image_chooser (ArcWindow *self)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (_("Export Image"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Export"), _("_Cancel"));
  /* One filter: the format is the name's extension (.png, .svg or .pdf) */
  gtk_file_filter_set_name (filter, _("PNG, SVG or PDF image (by the name’s extension)"));
  gtk_file_filter_add_pattern (filter, "*.png");
  gtk_file_filter_add_pattern (filter, "*.svg");
  gtk_file_filter_add_pattern (filter, "*.pdf");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
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
  return g_strdup_printf ("%s-%s.png", arc_task_get_id (task), lower);
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
    name = g_strdup_printf ("%s.png", arc_task_get_id (task));
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

  if (collection == NULL || self->notes_store == NULL)
    return;
  data = arc_submission_export (collection, self->notes_store, NULL, &placeholders, &n_tests);
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
  GtkFileFilter *filter;

  if (arc_task_list_get_collection (self->task_list) == NULL)
    return;
  chooser = gtk_file_chooser_native_new (title, GTK_WINDOW (self), action, accept, _("_Cancel"));
  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("ARC Prize submission (*.json)"));
  gtk_file_filter_add_pattern (filter, "*.json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  g_object_unref (filter);
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
                                _("_Export"), "submission.json", write_submission);
}

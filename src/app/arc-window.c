/* arc-window.c: the main window: the task list and the selected task
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-window"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-trace.h"
#include "arc-window-private.h"

G_DEFINE_FINAL_TYPE (ArcWindow, arc_window, ADW_TYPE_APPLICATION_WINDOW)

static void
show_toast (ArcWindow  *self,
            const char *message)
{
  AdwToast *toast = adw_toast_new (message);

  adw_toast_set_timeout (toast, 8);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

ArcEntry *
arc_window_get_selected_entry (ArcWindow *self)
{
  if (self->selection == NULL)
    return NULL;
  return gtk_single_selection_get_selected_item (self->selection);
}

/* The task list */

static void
update_row_badge (GtkWidget *badge,
                  ArcEntry  *entry)
{
  gboolean invalid = arc_entry_get_status (entry) == ARC_ENTRY_INVALID;

  gtk_widget_set_visible (badge, invalid);
  gtk_widget_set_tooltip_text (badge, invalid ? arc_entry_get_error_message (entry) : NULL);
}

static void
entry_status_changed_cb (ArcEntry   *entry,
                         GParamSpec *pspec,
                         GtkWidget  *badge)
{
  update_row_badge (badge, entry);
}

static void
row_setup_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *labels = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *id = gtk_label_new (NULL);
  GtkWidget *group = gtk_label_new (NULL);
  GtkWidget *badge = gtk_image_new_from_icon_name ("dialog-warning-symbolic");

  gtk_label_set_xalign (GTK_LABEL (id), 0);
  gtk_label_set_ellipsize (GTK_LABEL (id), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (group), 0);
  gtk_label_set_ellipsize (GTK_LABEL (group), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (group, "dim-label");
  gtk_widget_add_css_class (group, "task-row-group");
  gtk_widget_set_hexpand (labels, TRUE);
  gtk_widget_add_css_class (badge, "error");
  gtk_box_append (GTK_BOX (labels), id);
  gtk_box_append (GTK_BOX (labels), group);
  gtk_box_append (GTK_BOX (box), labels);
  gtk_box_append (GTK_BOX (box), badge);
  gtk_list_item_set_child (item, box);
}

static void
row_bind_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             gpointer                  user_data)
{
  ArcEntry *entry = gtk_list_item_get_item (item);
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *labels = gtk_widget_get_first_child (box);
  GtkWidget *id = gtk_widget_get_first_child (labels);
  GtkWidget *group = gtk_widget_get_next_sibling (id);
  GtkWidget *badge = gtk_widget_get_next_sibling (labels);
  const char *group_name = arc_entry_get_group (entry);

  gtk_label_set_text (GTK_LABEL (id), arc_entry_get_id (entry));
  gtk_label_set_text (GTK_LABEL (group), group_name);
  gtk_widget_set_visible (group, *group_name != '\0');
  update_row_badge (badge, entry);
  g_signal_connect_object (entry, "notify::status", G_CALLBACK (entry_status_changed_cb), badge, 0);
}

static void
row_unbind_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  ArcEntry *entry = gtk_list_item_get_item (item);
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *badge = gtk_widget_get_last_child (box);

  g_signal_handlers_disconnect_by_func (entry, entry_status_changed_cb, badge);
}

/* The selected task */

static void
update_status_line (ArcWindow *self)
{
  guint n = self->collection ? g_list_model_get_n_items (G_LIST_MODEL (self->collection)) : 0;
  guint pos = self->selection ? gtk_single_selection_get_selected (self->selection) : GTK_INVALID_LIST_POSITION;
  g_autofree char *text = NULL;

  if (self->collection == NULL)
    text = g_strdup (_("No collection open"));
  else if (pos == GTK_INVALID_LIST_POSITION)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s — %u task", "%s — %u tasks", n),
                            self->title, n);
  else
    /* TRANSLATORS: collection name — task 3 of 400 */
    text = g_strdup_printf (_("%s — task %u of %u"), self->title, pos + 1, n);
  if (self->hover_text)
    {
      g_autofree char *with_hover = g_strdup_printf ("%s — %s", text, self->hover_text);
      gtk_label_set_text (self->status_label, with_hover);
    }
  else
    gtk_label_set_text (self->status_label, text);
}

/* Lets the task fit the visible height when its cells can stay readable.
 * The page size changes while the window is being laid out, so the new
 * height is handed over from an idle. */
static gboolean
update_fit_height_idle (gpointer user_data)
{
  ArcWindow *self = user_data;
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->task_scroller);
  graphene_rect_t bounds;
  int above = 0;

  self->fit_height_idle = 0;
  /* The title and summary sit above the drawing, the file name below it */
  if (gtk_widget_compute_bounds (GTK_WIDGET (self->task_view), gtk_widget_get_parent (GTK_WIDGET (self->task_view)), &bounds))
    above = (int) bounds.origin.y;
  arc_task_view_set_fit_height (self->task_view, MAX ((int) gtk_adjustment_get_page_size (adjustment) - above - 48, 100));
  return G_SOURCE_REMOVE;
}

static void
scroller_page_size_cb (GtkAdjustment *adjustment,
                       GParamSpec    *pspec,
                       ArcWindow     *self)
{
  if (self->fit_height_idle == 0)
    self->fit_height_idle = g_idle_add (update_fit_height_idle, self);
}

static void
task_view_hover_cb (ArcTaskView *view,
                    const char  *where,
                    int          row,
                    int          col,
                    int          colour,
                    ArcWindow   *self)
{
  g_clear_pointer (&self->hover_text, g_free);
  if (where)
    /* TRANSLATORS: the cell under the pointer: "train 1 input, row 3, column 4: 2 red" */
    self->hover_text = g_strdup_printf (_("%s, row %d, column %d: %d %s"), where, row + 1, col + 1, colour,
                                        arc_colour_get_name ((guint8) colour));
  update_status_line (self);
}

static void
show_entry (ArcWindow *self,
            ArcEntry  *entry)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTask) task = NULL;
  GPtrArray *problems;

  g_clear_pointer (&self->hover_text, g_free);
  update_status_line (self);
  if (entry == NULL)
    {
      arc_task_view_set_task (self->task_view, NULL);
      gtk_stack_set_visible_child_name (self->main_stack, "empty");
      return;
    }

  task = arc_entry_load (entry, &error);
  problems = arc_entry_get_problems (entry);
  if (task == NULL)
    {
      g_autoptr(GString) details = g_string_new (NULL);

      for (guint i = 0; problems && i < problems->len; i++)
        {
          g_autofree char *line = arc_problem_format (problems->pdata[i], NULL);
          g_string_append_printf (details, "%s%s", i ? "\n" : "", line);
        }
      arc_task_view_set_task (self->task_view, NULL);
      adw_status_page_set_description (self->invalid_page, arc_entry_get_display_name (entry));
      gtk_label_set_text (self->invalid_details, details->str);
      gtk_stack_set_visible_child_name (self->main_stack, "invalid");
      return;
    }

  {
    guint n_train = arc_task_get_n_train (task), n_test = arc_task_get_n_test (task);
    g_autofree char *train = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u train pair", "%u train pairs", n_train), n_train);
    g_autofree char *test = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u test input", "%u test inputs", n_test), n_test);
    g_autofree char *summary = NULL;
    g_autoptr(GString) warnings = g_string_new (NULL);
    const char *group = arc_entry_get_group (entry);

    if (*group)
      summary = g_strdup_printf ("%s · %s · %s", group, train, test);
    else
      summary = g_strdup_printf ("%s · %s", train, test);
    if (!arc_task_has_test_outputs (task))
      {
        g_autofree char *with_hidden = g_strdup_printf (_("%s · test outputs hidden"), summary);
        g_free (summary);
        summary = g_steal_pointer (&with_hidden);
      }
    gtk_label_set_text (self->task_title, arc_entry_get_id (entry));
    gtk_label_set_text (self->task_summary, summary);
    gtk_label_set_text (self->task_file, arc_entry_get_display_name (entry));
    for (guint i = 0; problems && i < problems->len; i++)
      {
        g_autofree char *line = arc_problem_format (problems->pdata[i], NULL);
        g_string_append_printf (warnings, "%s%s", i ? "\n" : "", line);
      }
    gtk_label_set_text (self->task_warnings, warnings->str);
    gtk_widget_set_visible (GTK_WIDGET (self->task_warnings), warnings->len > 0);
    arc_task_view_set_task (self->task_view, task);
    gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->task_scroller), 0);
    gtk_stack_set_visible_child_name (self->main_stack, "task");
    arc_trace_mark_once ("first-task-drawn");
  }
}

static void
selection_changed_cb (GtkSingleSelection *selection,
                      GParamSpec         *pspec,
                      ArcWindow          *self)
{
  show_entry (self, gtk_single_selection_get_selected_item (selection));
}

/* Opening collections */

static void
set_collection (ArcWindow     *self,
                ArcCollection *collection,
                const char    *uri,
                const char    *title)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (collection));

  g_set_object (&self->collection, collection);
  g_free (self->collection_uri);
  self->collection_uri = g_strdup (uri);
  g_free (self->title);
  self->title = g_strdup (title);

  if (self->selection)
    g_signal_handlers_disconnect_by_func (self->selection, selection_changed_cb, self);
  g_clear_object (&self->selection);
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (collection)));
  gtk_single_selection_set_autoselect (self->selection, TRUE);
  gtk_list_view_set_model (self->task_list, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect (self->selection, "notify::selected", G_CALLBACK (selection_changed_cb), self);

  {
    g_autofree char *subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u task", "%u tasks", n), n);
    adw_window_title_set_title (self->window_title, title);
    adw_window_title_set_subtitle (self->window_title, subtitle);
  }
  arc_trace_mark_once ("first-entries-listed");
  arc_trace_mark_once ("collection-listed");
  show_entry (self, arc_window_get_selected_entry (self));
}

static gboolean
open_file (ArcWindow  *self,
           GFile      *file,
           const char *title)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcCollection) collection = NULL;
  g_autofree char *uri = NULL;
  g_autofree char *name = g_file_get_parse_name (file);

  collection = arc_collection_new_for_file (file, title ? title : name, NULL, &error);
  if (collection == NULL)
    {
      show_toast (self, error->message);
      return FALSE;
    }
  uri = g_file_has_uri_scheme (file, "resource") ? g_strdup ("") : g_file_get_uri (file);
  set_collection (self, collection, uri, title ? title : arc_collection_get_title (collection));
  return TRUE;
}

/**
 * arc_window_open:
 * Opens a task file, a folder or a Kaggle challenges file in this window.
 *
 * Returns: %TRUE if it could be opened; otherwise the user is told why.
 */
gboolean
arc_window_open (ArcWindow *self,
                 GFile     *file)
{
  g_return_val_if_fail (ARC_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  return open_file (self, file, NULL);
}

void
arc_window_open_samples (ArcWindow *self)
{
  g_autoptr(GFile) file = g_file_new_for_uri (ARC_SAMPLES_URI);

  g_return_if_fail (ARC_IS_WINDOW (self));

  open_file (self, file, _("Sample Tasks"));
}

/**
 * arc_window_open_initial:
 * Opens what was open last time, or the bundled samples.
 */
void
arc_window_open_initial (ArcWindow *self)
{
  g_autofree char *uri = g_settings_get_string (self->settings, "last-collection");
  g_autofree char *task = g_settings_get_string (self->settings, "last-task");
  gboolean opened = FALSE;

  if (*uri)
    {
      g_autoptr(GFile) file = g_file_new_for_uri (uri);
      opened = arc_window_open (self, file);
    }
  if (!opened)
    arc_window_open_samples (self);
  if (*task)
    arc_window_select_task (self, task);
}

gboolean
arc_window_has_collection (ArcWindow *self)
{
  g_return_val_if_fail (ARC_IS_WINDOW (self), FALSE);
  return self->collection != NULL;
}

gboolean
arc_window_select_task (ArcWindow  *self,
                        const char *id)
{
  guint position;

  g_return_val_if_fail (ARC_IS_WINDOW (self), FALSE);

  if (self->collection == NULL || !arc_collection_find (self->collection, id, &position))
    return FALSE;
  gtk_single_selection_set_selected (self->selection, position);
  gtk_widget_activate_action (GTK_WIDGET (self->task_list), "list.scroll-to-item", "u", position);
  return TRUE;
}

static void
chooser_response_cb (GtkNativeDialog *dialog,
                     int              response,
                     ArcWindow       *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      if (file)
        arc_window_open (self, file);
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static void
run_chooser (ArcWindow            *self,
             GtkFileChooserAction  action,
             const char           *title)
{
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (title, GTK_WINDOW (self), action, _("_Open"), _("_Cancel"));
  if (action == GTK_FILE_CHOOSER_ACTION_OPEN)
    {
      GtkFileFilter *filter = gtk_file_filter_new ();

      gtk_file_filter_set_name (filter, _("ARC tasks and Kaggle files (*.json)"));
      gtk_file_filter_add_pattern (filter, "*.json");
      gtk_file_filter_add_mime_type (filter, "application/json");
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
      g_object_unref (filter);
    }
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
open_folder_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  run_chooser (ARC_WINDOW (widget), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("Open a Folder of Tasks"));
}

static void
open_file_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  run_chooser (ARC_WINDOW (widget), GTK_FILE_CHOOSER_ACTION_OPEN, _("Open a Task or Kaggle File"));
}

static void
open_samples_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  arc_window_open_samples (ARC_WINDOW (widget));
}

/* Export */

typedef struct
{
  ArcWindow *self;
  ArcTask   *task;
  guint      slot;   /* G_MAXUINT: the whole task */
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  g_object_unref (job->task);
  g_free (job);
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
      const char *choice = gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (dialog), "grid");
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
      arc_task_view_get_render_options (self->task_view, &options);
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
          if (slot == G_MAXUINT)
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
          show_toast (self, msg);
        }
      else
        show_toast (self, error->message);
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
  export_job_free (job);
}

static void
run_export (ArcWindow *self,
            guint      slot)
{
  ArcTask *task = arc_task_view_get_task (self->task_view);
  g_autoptr(ArcTaskLayout) layout = NULL;
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  GtkFileChooserNative *chooser;
  g_autofree char *name = NULL;
  ArcRenderOptions options;
  ExportJob *job;
  const char *formats[][2] = {
    { N_("PNG image"), "*.png" }, { N_("SVG image"), "*.svg" }, { N_("PDF document"), "*.pdf" },
  };

  if (task == NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Export Image"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Export"), _("_Cancel"));
  for (gsize i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      GtkFileFilter *filter = gtk_file_filter_new ();

      gtk_file_filter_set_name (filter, _(formats[i][0]));
      gtk_file_filter_add_pattern (filter, formats[i][1]);
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
      g_object_unref (filter);
    }

  /* What to export: the whole task or one of its grids */
  arc_task_view_get_render_options (self->task_view, &options);
  layout = arc_task_layout_new (task, NULL, &options);
  g_ptr_array_add (ids, g_strdup ("task"));
  g_ptr_array_add (labels, g_strdup (_("Whole task")));
  for (guint i = 0; i < arc_task_layout_get_n_slots (layout); i++)
    {
      const ArcSlot *s = arc_task_layout_get_slot (layout, i);
      char *description = arc_slot_describe (s);

      if (s->grid == NULL)
        {
          g_free (description);
          continue;
        }
      g_ptr_array_add (ids, g_strdup_printf ("%u", i));
      g_ptr_array_add (labels, description);
    }
  g_ptr_array_add (ids, NULL);
  g_ptr_array_add (labels, NULL);
  gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (chooser), "grid", _("Export"),
                               (const char **) ids->pdata, (const char **) labels->pdata);
  if (slot == G_MAXUINT)
    gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (chooser), "grid", "task");
  else
    {
      g_autofree char *id = g_strdup_printf ("%u", slot);
      gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (chooser), "grid", id);
    }

  if (slot == G_MAXUINT)
    name = g_strdup_printf ("%s.png", arc_task_get_id (task));
  else
    {
      g_autofree char *what = arc_slot_describe (arc_task_layout_get_slot (layout, slot));
      g_strdelimit (what, " ", '-');
      name = g_strdup_printf ("%s-%s.png", arc_task_get_id (task), what);
    }
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);

  job = g_new0 (ExportJob, 1);
  job->self = self;
  job->task = g_object_ref (task);
  job->slot = slot;
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (export_response_cb), job);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
export_image_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  run_export (ARC_WINDOW (widget), G_MAXUINT);
}

static void
export_grid_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  ArcWindow *self = ARC_WINDOW (widget);
  const ArcSlot *slot = arc_task_view_get_context_slot (self->task_view);
  ArcTaskLayout *layout = arc_task_view_get_layout (self->task_view);

  if (slot == NULL || layout == NULL)
    return;
  for (guint i = 0; i < arc_task_layout_get_n_slots (layout); i++)
    if (arc_task_layout_get_slot (layout, i) == slot)
      run_export (self, i);
}

static void
step_task (ArcWindow *self,
           int        delta)
{
  guint n, pos;

  if (self->selection == NULL)
    return;
  n = g_list_model_get_n_items (G_LIST_MODEL (self->selection));
  pos = gtk_single_selection_get_selected (self->selection);
  if (n == 0 || pos == GTK_INVALID_LIST_POSITION)
    return;
  if ((delta < 0 && pos == 0) || (delta > 0 && pos + 1 >= n))
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  pos = (guint) ((int) pos + delta);
  gtk_single_selection_set_selected (self->selection, pos);
  gtk_widget_activate_action (GTK_WIDGET (self->task_list), "list.scroll-to-item", "u", pos);
}

static void
next_task_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  step_task (ARC_WINDOW (widget), 1);
}

static void
previous_task_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  step_task (ARC_WINDOW (widget), -1);
}

/* GObject */

static gboolean
arc_window_close_request (GtkWindow *window)
{
  ArcWindow *self = ARC_WINDOW (window);
  ArcEntry *entry = arc_window_get_selected_entry (self);
  int width, height;

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  g_settings_set_int (self->settings, "sidebar-width", gtk_paned_get_position (self->paned));
  if (self->collection_uri)
    g_settings_set_string (self->settings, "last-collection", self->collection_uri);
  g_settings_set_string (self->settings, "last-task", entry ? arc_entry_get_id (entry) : "");

  return GTK_WINDOW_CLASS (arc_window_parent_class)->close_request (window);
}

static void
arc_window_dispose (GObject *object)
{
  ArcWindow *self = ARC_WINDOW (object);

  if (self->selection)
    g_signal_handlers_disconnect_by_func (self->selection, selection_changed_cb, self);
  g_clear_handle_id (&self->fit_height_idle, g_source_remove);
  g_clear_object (&self->selection);
  g_clear_object (&self->collection);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), ARC_TYPE_WINDOW);

  G_OBJECT_CLASS (arc_window_parent_class)->dispose (object);
}

static void
arc_window_finalize (GObject *object)
{
  ArcWindow *self = ARC_WINDOW (object);

  g_free (self->collection_uri);
  g_free (self->title);
  g_free (self->hover_text);

  G_OBJECT_CLASS (arc_window_parent_class)->finalize (object);
}

static void
arc_window_class_init (ArcWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = arc_window_dispose;
  object_class->finalize = arc_window_finalize;
  window_class->close_request = arc_window_close_request;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/arc-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, paned);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, task_list);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, task_scroller);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, task_view);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, empty_page);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, task_title);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, task_summary);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, task_file);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, task_warnings);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, invalid_page);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, invalid_details);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, status_label);

  gtk_widget_class_install_action (widget_class, "win.open-folder", NULL, open_folder_action);
  gtk_widget_class_install_action (widget_class, "win.open-file", NULL, open_file_action);
  gtk_widget_class_install_action (widget_class, "win.open-samples", NULL, open_samples_action);
  gtk_widget_class_install_action (widget_class, "win.next-task", NULL, next_task_action);
  gtk_widget_class_install_action (widget_class, "win.export-image", NULL, export_image_action);
  gtk_widget_class_install_action (widget_class, "win.export-grid", NULL, export_grid_action);
  gtk_widget_class_install_action (widget_class, "win.previous-task", NULL, previous_task_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open-folder", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.open-file", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_ALT_MASK, "win.next-task", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.export-image", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "win.previous-task", NULL);
}

static void
arc_window_init (ArcWindow *self)
{
  const char *view_keys[] = { "show-digits", "show-grid-lines", "show-test-outputs", "palette" };
  GtkListItemFactory *factory;

  g_type_ensure (ARC_TYPE_TASK_VIEW);
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  /* View options: the menu's toggles are the settings themselves */
  for (gsize i = 0; i < G_N_ELEMENTS (view_keys); i++)
    {
      g_autoptr(GAction) action = g_settings_create_action (self->settings, view_keys[i]);

      g_action_map_add_action (G_ACTION_MAP (self), action);
      g_settings_bind (self->settings, view_keys[i], self->task_view, view_keys[i], G_SETTINGS_BIND_GET);
    }
  g_signal_connect (self->task_view, "hover", G_CALLBACK (task_view_hover_cb), self);
  g_signal_connect (gtk_scrolled_window_get_vadjustment (self->task_scroller), "notify::page-size",
                    G_CALLBACK (scroller_page_size_cb), self);
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  gtk_paned_set_position (self->paned, g_settings_get_int (self->settings, "sidebar-width"));

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (row_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (row_bind_cb), NULL);
  g_signal_connect (factory, "unbind", G_CALLBACK (row_unbind_cb), NULL);
  gtk_list_view_set_factory (self->task_list, factory);
  g_object_unref (factory);

  update_status_line (self);
}

ArcWindow *
arc_window_new (ArcApplication *application)
{
  return g_object_new (ARC_TYPE_WINDOW, "application", application, NULL);
}

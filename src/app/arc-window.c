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

enum
{
  PROP_0,
  PROP_SETTINGS,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The cell under the pointer on the examples (ArcTaskView::hover) or
 * pointed at in the workspace (ArcSolveView::hover) */
static void
grid_hover_cb (GtkWidget   *view,
               const char  *where,
               int          row,
               int          col,
               int          colour,
               ArcWindow   *self)
{
  if (self->task_list == NULL)
    return;  /* the window goes: the workspace's focus leaves it */
  g_clear_pointer (&self->hover_text, g_free);
  if (where)
    /* TRANSLATORS: the cell under the pointer: "train 1 input, row 3, column 4: 2 red" */
    self->hover_text = g_strdup_printf (_("%s, row %d, column %d: %d %s"), where, row + 1, col + 1, colour,
                                        arc_colour_get_name ((guint8) colour));
  arc_window_update_status_line (self);
}



static void
submitted_cb (ArcSolveView *view,
              ArcAttempt   *attempt,
              ArcWindow    *self)
{
  ArcTaskNotes *notes = arc_window_get_notes (self);

  if (notes)
    arc_task_notes_add_attempt (notes, attempt);
  arc_window_update_replay (self);
}



/* Edit Task: "• " before the window's title while edits are unsaved (and
 * before the task's id, which the editor marks on the task page) */
static void
editor_unsaved_cb (ArcTaskEditor *editor,
                   gboolean       modified,
                   ArcWindow     *self)
{
  const char *title = arc_window_collection_title (self);
  g_autofree char *window_title = modified ? g_strdup_printf ("• %s", title ? title : "")
                                           : g_strdup (title ? title : _("ARC Studio"));

  adw_window_title_set_title (self->window_title, window_title);
}

static void
editor_toast_cb (ArcTaskEditor *editor,
                 const char    *message,
                 ArcWindow     *self)
{
  arc_window_show_toast (self, message);
}

static void
editor_reshow_cb (ArcTaskEditor *editor,
                  ArcWindow     *self)
{
  arc_window_reshow (self);
}

/* The collection the user opened while edits were unsaved, once answered */
static void
editor_open_cb (ArcTaskEditor *editor,
                GFile         *file,
                ArcWindow     *self)
{
  if (arc_file_is_bundled (file))
    arc_window_open_samples (self);
  else
    arc_window_open (self, file);
}

/**
 * arc_window_get_task_editor:
 * Returns: (transfer none): the window's Edit Task
 */
ArcTaskEditor *
arc_window_get_task_editor (ArcWindow *self)
{
  g_return_val_if_fail (ARC_IS_WINDOW (self), NULL);
  return self->editor;
}



static void
selection_changed_cb (ArcTaskList *list,
                      ArcWindow   *self)
{
  /* Unsaved edits of the task being edited are asked about first */
  if (arc_task_editor_hold_switch (self->editor, arc_task_list_get_selected (list)))
    return;
  arc_window_show_entry (self, arc_task_list_get_selected (list));
}

/**
 * arc_window_set_collection:
 * @status: @collection's status, which lists it if it was not
 * Shows @collection (made and started by the caller, for instance while
 * the toolkit started).
 */
void
arc_window_set_collection (ArcWindow           *self,
                           ArcCollection       *collection,
                           ArcCollectionStatus *status)
{
  g_return_if_fail (ARC_IS_WINDOW (self));
  g_return_if_fail (ARC_IS_COLLECTION (collection));
  g_return_if_fail (ARC_IS_COLLECTION_STATUS (status));
  g_return_if_fail (arc_collection_status_get_collection (status) == collection);

  arc_window_show_collection (self, status);
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

  return arc_window_open_file (self, file, NULL);
}

void
arc_window_open_samples (ArcWindow *self)
{
  g_autoptr(GFile) file = g_file_new_for_uri (ARC_SAMPLES_URI);
  g_autofree char *title = arc_window_collection_name (file);

  g_return_if_fail (ARC_IS_WINDOW (self));

  arc_window_open_file (self, file, title);
}

/**
 * arc_window_initial_file:
 * @welcome: (out): whether the welcome page is shown with it
 * What a window opens by itself: the last collection, or the bundled
 * samples, at the task shown last time or, when there is nothing to come
 * back to (a first start, or the last collection is gone), with the
 * welcome page.
 *
 * Returns: (transfer full): the collection to open
 */
GFile *
arc_window_initial_file (GSettings *settings,
                         gboolean  *welcome)
{
  g_autofree char *uri = g_settings_get_string (settings, "last-collection");
  g_autofree char *task = g_settings_get_string (settings, "last-task");

  *welcome = FALSE;
  if (*uri)
    {
      g_autoptr(GFile) file = g_file_new_for_uri (uri);

      if (g_file_query_exists (file, NULL))
        return g_steal_pointer (&file);
    }
  *welcome = *uri || !*task;
  return g_file_new_for_uri (ARC_SAMPLES_URI);
}

/**
 * arc_window_read_again:
 * Lists the open collection again from the disk, at the task shown (for
 * what a file monitor cannot follow, e.g. in the document portal)
 */
void
arc_window_read_again (ArcWindow *self)
{
  ArcCollection *collection = arc_task_list_get_collection (self->task_list);
  ArcEntry *entry = arc_window_get_selected_entry (self);
  g_autofree char *id = entry ? g_strdup (arc_entry_get_id (entry)) : NULL;
  g_autoptr(GFile) file = NULL;

  if (collection == NULL || arc_window_shows_samples (self))
    return;
  file = g_object_ref (arc_collection_get_file (collection));
  if (arc_window_open (self, file) && id)
    arc_window_select_task (self, id);
}

/**
 * arc_window_open_initial:
 * Opens what arc_window_initial_file() says, at the task shown last time
 * or with the welcome page.
 */
void
arc_window_open_initial (ArcWindow *self)
{
  g_autofree char *task = g_settings_get_string (self->settings, "last-task");
  gboolean welcome;
  g_autoptr(GFile) file = arc_window_initial_file (self->settings, &welcome);

  if (arc_file_is_bundled (file))
    arc_window_open_samples (self);
  else if (!arc_window_open (self, file))
    {
      arc_window_open_samples (self);
      welcome = TRUE;  /* the last collection cannot be opened after all */
    }
  if (welcome)
    arc_window_show_welcome (self);
  else if (*task)
    arc_window_select_task (self, task);
}

/**
 * arc_window_show_welcome:
 * Shows the welcome page, with no task selected, until a task is picked or
 * a collection opened.
 */
void
arc_window_show_welcome (ArcWindow *self)
{
  g_return_if_fail (ARC_IS_WINDOW (self));
  arc_window_begin_welcome (self);
}

gboolean
arc_window_is_welcoming (ArcWindow *self)
{
  g_return_val_if_fail (ARC_IS_WINDOW (self), FALSE);
  return self->welcoming;
}

gboolean
arc_window_has_collection (ArcWindow *self)
{
  g_return_val_if_fail (ARC_IS_WINDOW (self), FALSE);
  return arc_task_list_get_collection (self->task_list) != NULL;
}

/**
 * arc_window_select_task:
 * Selects a task by id (or "group/id"); while the collection is still being
 * listed, as soon as it appears.
 */
gboolean
arc_window_select_task (ArcWindow  *self,
                        const char *id)
{
  g_return_val_if_fail (ARC_IS_WINDOW (self), FALSE);

  return arc_task_list_select_id (self->task_list, id);
}

/* The eyedropper on the train grids: a click while picking, or the menu */
static void
task_cell_clicked_cb (ArcTaskView *view,
                      int          colour,
                      ArcWindow   *self)
{
  arc_solve_view_offer_colour (arc_task_page_get_solve_view (self->task_page), colour, FALSE);
}

/* The session shown is the task page's */
static void
session_notify_cb (ArcWindow *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

/* The main menu's popover, a good sixth of the window's widgets, is made
 * when the menu is first opened (a click, F10), not with the window */
static void
create_primary_menu_cb (GtkMenuButton *button,
                        gpointer       user_data)
{
  ArcWindow *self = ARC_WINDOW (user_data);

  if (gtk_menu_button_get_menu_model (button) == NULL)
    gtk_menu_button_set_menu_model (button, self->primary_menu);
}

static void
window_mapped_cb (GtkWidget *widget,
                  ArcWindow *self)
{
  arc_trace_mark_once ("window-shown");
}

/* GObject */

static gboolean
arc_window_close_request (GtkWindow *window)
{
  ArcWindow *self = ARC_WINDOW (window);
  ArcEntry *entry = arc_window_get_selected_entry (self);
  ArcSolve *shown = arc_solve_view_get_solve (arc_task_page_get_solve_view (self->task_page));
  g_autofree char *uri = arc_window_dup_collection_uri (self);
  int width, height;

  if (arc_task_editor_hold_close (self->editor))
    return TRUE;
  /* Unsaved notes are saved first; if that fails, the user decides */
  if (!self->closing_anyway && arc_window_notes_hold_close (self))
    return TRUE;
  /* The work in progress too (it is written a moment after a change) */
  if (shown)
    arc_solve_flush_work (shown);

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  if (uri)
    g_settings_set_string (self->settings, "last-collection", uri);
  g_settings_set_string (self->settings, "last-task", entry ? arc_entry_get_id (entry) : "");
  arc_task_list_cancel (self->task_list);

  return GTK_WINDOW_CLASS (arc_window_parent_class)->close_request (window);
}

static void
arc_window_dispose (GObject *object)
{
  ArcWindow *self = ARC_WINDOW (object);

  arc_window_actions_dispose (self);
  arc_window_layout_dispose (self);

  /* Nothing the task list says while it is taken apart reaches the editor
   * (which goes first) or the page */
  if (self->task_list)
    g_signal_handlers_disconnect_by_data (self->task_list, self);
  if (self->editor)
    arc_task_editor_shutdown (self->editor);
  g_clear_object (&self->editor);
  /* Nor what the page says of its session */
  if (self->task_page)
    g_signal_handlers_disconnect_by_func (self->task_page, session_notify_cb, self);
  arc_window_task_dispose (self);
  arc_window_program_dispose (self);
  arc_window_notes_dispose (self);
  g_clear_object (&self->kept);
  g_clear_object (&self->settings);
  g_clear_object (&self->export_folder);
  gtk_widget_dispose_template (GTK_WIDGET (self), ARC_TYPE_WINDOW);

  G_OBJECT_CLASS (arc_window_parent_class)->dispose (object);
}

static void
arc_window_finalize (GObject *object)
{
  ArcWindow *self = ARC_WINDOW (object);

  g_free (self->hover_text);

  G_OBJECT_CLASS (arc_window_parent_class)->finalize (object);
}

/* The settings are the application's (a window made without one, as in
 * the tests, reads them itself) */
static void
arc_window_constructed (GObject *object)
{
  ArcWindow *self = ARC_WINDOW (object);

  G_OBJECT_CLASS (arc_window_parent_class)->constructed (object);
  if (self->settings == NULL)
    self->settings = g_settings_new (APP_ID);
  arc_task_page_set_settings (self->task_page, self->settings);
  arc_task_list_set_settings (self->task_list, self->settings);
  arc_window_notes_init (self);
  /* Edit Task (its bar goes on top of the task page when first shown) */
  self->editor = arc_task_editor_new (GTK_WINDOW (self), self->settings, self->task_list, self->task_page);
  arc_task_editor_add_actions (self->editor);
  g_signal_connect_object (self->editor, "toast", G_CALLBACK (editor_toast_cb), self, 0);
  g_signal_connect_object (self->editor, "reshow", G_CALLBACK (editor_reshow_cb), self, 0);
  g_signal_connect_object (self->editor, "open", G_CALLBACK (editor_open_cb), self, 0);
  g_signal_connect_object (self->editor, "unsaved-changed", G_CALLBACK (editor_unsaved_cb), self, 0);
  /* The window's parts follow the task page's session after Edit Task */
  arc_window_task_init (self);
  g_signal_connect_swapped (self->task_page, "notify::session", G_CALLBACK (session_notify_cb), self);
  arc_window_actions_init (self);
  arc_window_program_init (self);
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  arc_window_layout_init (self);
  arc_window_open_constructed (self);
}

static void
arc_window_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  ArcWindow *self = ARC_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    case PROP_SESSION:
      arc_window_set_session (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arc_window_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  ArcWindow *self = ARC_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    case PROP_SESSION:
      g_value_set_object (value, arc_task_page_get_session (self->task_page));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arc_window_class_init (ArcWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = arc_window_constructed;
  object_class->dispose = arc_window_dispose;
  object_class->finalize = arc_window_finalize;
  object_class->set_property = arc_window_set_property;
  object_class->get_property = arc_window_get_property;

  /* The settings, shared by the application's windows */
  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", "Settings", NULL, G_TYPE_SETTINGS,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * ArcWindow:session:
   * The task shown (the task page's), which the window's parts follow;
   * setting it shows another (the one shown so far leaves what is kept of
   * it: its notes saving, its workspace with its undo).
   */
  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, ARC_TYPE_TASK_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  window_class->close_request = arc_window_close_request;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/arc-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, list_flap);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, task_list);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, notes_flap);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, notes_pane);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, task_page);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, recent_section);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, primary_menu);

  arc_window_browse_class_init (widget_class);
  arc_window_actions_class_init (widget_class);
}

static void
arc_window_init (ArcWindow *self)
{
  g_type_ensure (ARC_TYPE_TASK_PAGE);
  g_type_ensure (ARC_TYPE_TASK_LIST);
  g_type_ensure (ARC_TYPE_NOTES_PANE);
  g_type_ensure (ARC_TYPE_REVIEW_PANEL);
  g_type_ensure (ARC_TYPE_TASK_SESSION);
  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect (arc_task_page_get_solve_view (self->task_page), "submitted", G_CALLBACK (submitted_cb), self);
  g_signal_connect (arc_task_page_get_task_view (self->task_page), "cell-clicked", G_CALLBACK (task_cell_clicked_cb), self);
  g_signal_connect (arc_task_page_get_task_view (self->task_page), "hover", G_CALLBACK (grid_hover_cb), self);
  g_signal_connect (arc_task_page_get_solve_view (self->task_page), "hover", G_CALLBACK (grid_hover_cb), self);
  g_signal_connect_swapped (arc_task_page_get_solve_view (self->task_page), "export-grid",
                            G_CALLBACK (arc_window_export_workspace_grid), self);
  g_signal_connect (self->task_list, "selection-changed", G_CALLBACK (selection_changed_cb), self);
  g_signal_connect (self, "map", G_CALLBACK (window_mapped_cb), self);
  gtk_menu_button_set_create_popup_func (self->menu_button, create_primary_menu_cb, self, NULL);

  arc_window_open_init (self);
  arc_window_browse_init (self);

  arc_window_update_status_line (self);
}

/**
 * arc_window_new:
 * @settings: the application's, shared by its windows
 */
ArcWindow *
arc_window_new (GtkApplication *application,
                GSettings      *settings)
{
  return g_object_new (ARC_TYPE_WINDOW, "application", application, "settings", settings, NULL);
}

/**
 * arc_window_collection_name:
 * Returns: (transfer full): how the window names the collection at @file
 */
char *
arc_window_collection_name (GFile *file)
{
  if (arc_file_is_bundled (file))
    return g_strdup (_("Sample Tasks"));
  return g_file_get_parse_name (file);
}
/**
 * arc_window_set_program_pool:
 * The application's pool of python3 interpreters, shared by its windows,
 * in which the window runs the tasks' programs (a window without one, as
 * in the tests, makes its own when a program first runs)
 */
void
arc_window_set_program_pool (ArcWindow      *self,
                             ArcProgramPool *pool)
{
  g_return_if_fail (ARC_IS_WINDOW (self));
  g_return_if_fail (pool == NULL || ARC_IS_PROGRAM_POOL (pool));

  g_set_object (&self->program_pool, pool);
}

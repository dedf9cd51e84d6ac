/* arc-window.c: the main window: the task list and the selected task
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-window"

#include "config.h"

#include <glib/gi18n.h>
#include "arc-bench.h"
#include "arc-trace.h"
#include "arc-replay-window.h"
#include "arc-window-private.h"

G_DEFINE_FINAL_TYPE (ArcWindow, arc_window, ADW_TYPE_APPLICATION_WINDOW)

enum
{
  PROP_0,
  PROP_SETTINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

void
arc_window_show_toast (ArcWindow  *self,
                       const char *message)
{
  AdwToast *toast = adw_toast_new (message);

  adw_toast_set_timeout (toast, 8);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

ArcEntry *
arc_window_get_selected_entry (ArcWindow *self)
{
  return arc_task_list_get_selected (self->task_list);
}

/**
 * arc_window_shows_samples:
 * Returns: whether the open collection is the bundled sample tasks
 */
gboolean
arc_window_shows_samples (ArcWindow *self)
{
  ArcCollection *collection = arc_task_list_get_collection (self->task_list);

  return collection && g_file_has_uri_scheme (arc_collection_get_file (collection), "resource");
}

/**
 * arc_window_collection_title:
 * Returns: (nullable): the open collection's name, as the window's title
 *   and status line say it (the bundled samples are "Sample Tasks")
 */
const char *
arc_window_collection_title (ArcWindow *self)
{
  ArcCollection *collection = arc_task_list_get_collection (self->task_list);

  if (collection == NULL)
    return NULL;
  if (arc_window_shows_samples (self))
    return _("Sample Tasks");
  return arc_collection_get_title (collection);
}

/* Returns: (transfer full) (nullable): where the open collection is, to
 * open it again; "" for the bundled samples */
static char *
dup_collection_uri (ArcWindow *self)
{
  ArcCollection *collection = arc_task_list_get_collection (self->task_list);

  if (collection == NULL)
    return NULL;
  return arc_window_shows_samples (self) ? g_strdup ("") : g_file_get_uri (arc_collection_get_file (collection));
}

/* The selected task */

static void
update_status_line (ArcWindow *self)
{
  ArcCollection *collection = arc_task_list_get_collection (self->task_list);
  g_autofree char *text = NULL;
  guint pos, n;

  if (collection == NULL)
    text = g_strdup (_("No collection open"));
  else if (!arc_task_list_get_position (self->task_list, &pos, &n))
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s — %u task", "%s — %u tasks", n),
                            arc_window_collection_title (self), n);
  else
    /* TRANSLATORS: collection name — task 3 of 400 */
    text = g_strdup_printf (_("%s — task %u of %u"), arc_window_collection_title (self), pos + 1, n);
  if (self->hover_text)
    {
      g_autofree char *with_hover = g_strdup_printf ("%s — %s", text, self->hover_text);
      gtk_label_set_text (self->status_label, with_hover);
    }
  else
    gtk_label_set_text (self->status_label, text);
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
  g_autoptr(GString) subtitle = g_string_new (NULL);

  g_string_append_printf (subtitle, g_dngettext (GETTEXT_PACKAGE, "%u task", "%u tasks", n), n);
  if (invalid > 0)
    g_string_append_printf (subtitle, g_dngettext (GETTEXT_PACKAGE, " · %u invalid", " · %u invalid", invalid), invalid);
  if (annotated > 0)
    g_string_append_printf (subtitle, g_dngettext (GETTEXT_PACKAGE, " · %u annotated", " · %u annotated", annotated), annotated);
  if (attempted > 0)
    g_string_append_printf (subtitle, g_dngettext (GETTEXT_PACKAGE, " · %u attempted", " · %u attempted", attempted), attempted);
  if (solved > 0)
    g_string_append_printf (subtitle, g_dngettext (GETTEXT_PACKAGE, " · %u solved", " · %u solved", solved), solved);
  if (failed > 0)
    g_string_append_printf (subtitle, g_dngettext (GETTEXT_PACKAGE, " · %u failed", " · %u failed", failed), failed);
  /* Counts change often while checking: the title is laid out again only when it changed */
  if (g_strcmp0 (adw_window_title_get_subtitle (self->window_title), subtitle->str) != 0)
    adw_window_title_set_subtitle (self->window_title, subtitle->str);
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

static void show_entry (ArcWindow *self, ArcEntry *entry);

/* Replay is offered when the shown task has attempts with recorded actions */
static void
update_replay_action (ArcWindow *self)
{
  GPtrArray *attempts = self->task_notes ? arc_task_notes_get_attempts (self->task_notes) : NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.replay", arc_replay_count_attempts (attempts) > 0);
}

/* The solve workspace for @task, with the attempts kept in the notes */
static void
start_solving (ArcWindow *self,
               ArcTask   *task)
{
  g_autoptr(ArcSolve) solve = arc_solve_new (task, (guint) g_settings_get_int (self->settings, "trials"));
  GPtrArray *attempts = self->task_notes ? arc_task_notes_get_attempts (self->task_notes) : NULL;
  g_autofree char *hash = arc_task_dup_content_hash (task);
  ArcSolve *shown = arc_solve_view_get_solve (arc_task_page_get_solve_view (self->task_page));

  /* The work shown so far is written before it is read (the same task, shown again) */
  if (shown)
    arc_solve_flush_work (shown);
  /* Attempts made before the task was edited do not count for this version */
  for (guint i = 0; attempts && i < attempts->len; i++)
    if (!arc_attempt_is_earlier_version (attempts->pdata[i], hash))
      arc_solve_add_past (solve, attempts->pdata[i]);
  /* Each test input shows its work in progress, or its last attempt */
  if (self->shown_entry)
    {
      g_autoptr(GFile) work = arc_solve_dup_work_file (arc_entry_get_file (self->shown_entry),
                                                       arc_entry_get_id (self->shown_entry));
      arc_solve_set_work_file (solve, work);
    }
  arc_solve_view_set_solve (arc_task_page_get_solve_view (self->task_page), solve);
  update_replay_action (self);
}

static void
submitted_cb (ArcSolveView *view,
              ArcAttempt   *attempt,
              ArcWindow    *self)
{
  if (self->task_notes)
    arc_task_notes_add_attempt (self->task_notes, attempt);
  update_replay_action (self);
}

/* The shown task changed on disk: show it again */
static void
shown_entry_status_cb (ArcEntry   *entry,
                       GParamSpec *pspec,
                       ArcWindow  *self)
{
  if (arc_entry_get_status (entry) == ARC_ENTRY_UNKNOWN)
    show_entry (self, entry);
}

static void
set_shown_entry (ArcWindow *self,
                 ArcEntry  *entry)
{
  if (self->shown_entry == entry)
    return;
  if (self->shown_entry)
    g_signal_handlers_disconnect_by_func (self->shown_entry, shown_entry_status_cb, self);
  g_set_object (&self->shown_entry, entry);
  if (entry)
    g_signal_connect (entry, "notify::status", G_CALLBACK (shown_entry_status_cb), self);
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
  if (g_file_has_uri_scheme (file, "resource"))
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
show_entry (ArcWindow *self,
            ArcEntry  *entry)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTask) task = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  /* The same task read again (changed on disk) keeps its place on the page */
  gboolean same_task = self->shown_entry && entry &&
                       g_str_equal (arc_entry_get_id (self->shown_entry), arc_entry_get_id (entry)) &&
                       arc_entry_get_file (self->shown_entry) && arc_entry_get_file (entry) &&
                       g_file_equal (arc_entry_get_file (self->shown_entry), arc_entry_get_file (entry));

  set_shown_entry (self, entry);
  arc_window_show_notes (self, entry);
  update_replay_action (self);
  g_clear_pointer (&self->hover_text, g_free);
  update_status_line (self);
  if (entry == NULL)
    {
      arc_task_view_set_task (arc_task_page_get_task_view (self->task_page), NULL);
      arc_review_panel_show_task (arc_task_page_get_review_panel (self->task_page), NULL, NULL);
      arc_window_show_empty (self);
      arc_task_editor_entry_shown (self->editor, entry, NULL);
      return;
    }
  arc_window_end_welcome (self);

  task = arc_entry_load (entry, &error);
  problems = arc_entry_dup_problems (entry);
  if (task == NULL)
    {
      g_autoptr(GString) details = g_string_new (NULL);

      for (guint i = 0; problems && i < problems->len; i++)
        {
          g_autofree char *line = arc_problem_format (problems->pdata[i], NULL);
          g_string_append_printf (details, "%s%s", i ? "\n" : "", line);
        }
      arc_task_view_set_task (arc_task_page_get_task_view (self->task_page), NULL);
      arc_review_panel_show_task (arc_task_page_get_review_panel (self->task_page), arc_entry_get_id (entry), NULL);
      adw_status_page_set_description (self->invalid_page, arc_entry_get_display_name (entry));
      gtk_label_set_text (self->invalid_details, details->str);
      gtk_stack_set_visible_child_name (self->main_stack, "invalid");
      /* Unsaved edits of a file that became invalid are kept, and shown */
      if (arc_task_editor_entry_shown (self->editor, entry, NULL))
        gtk_stack_set_visible_child_name (self->main_stack, "task");
      return;
    }

  arc_task_page_show_task (self->task_page, entry, task, problems, same_task);
  arc_review_panel_show_task (arc_task_page_get_review_panel (self->task_page), arc_entry_get_id (entry), task);
  start_solving (self, task);
  gtk_stack_set_visible_child_name (self->main_stack, "task");
  arc_task_editor_entry_shown (self->editor, entry, task);
}

/**
 * arc_window_reshow:
 * Shows the selected task again, as read from its file.
 */
void
arc_window_reshow (ArcWindow *self)
{
  show_entry (self, arc_window_get_selected_entry (self));
}

static void
selection_changed_cb (ArcTaskList *list,
                      ArcWindow   *self)
{
  /* Unsaved edits of the task being edited are asked about first */
  if (arc_task_editor_hold_switch (self->editor, arc_task_list_get_selected (list)))
    return;
  show_entry (self, arc_task_list_get_selected (list));
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
  update_status_line (self);
}

static void
collection_items_changed_cb (GListModel *model,
                             guint       position,
                             guint       removed,
                             guint       added,
                             ArcWindow  *self)
{
  update_subtitle (self);
  update_status_line (self);
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

static void
set_collection (ArcWindow           *self,
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
  /* The notes of the old collection are saved before it goes */
  arc_window_show_notes (self, NULL);
  g_clear_object (&self->notes_store);
  self->notes_store = arc_notes_store_new (collection, NULL);
  {
    /* Badges, filters and counts are the user's progress, not LARC's builders' */
    g_autofree char *preferred = g_settings_get_string (self->settings, "annotator");
    g_autofree char *annotator = arc_task_notes_resolve_annotator (preferred);

    arc_notes_store_set_annotator (self->notes_store, annotator);
  }
  arc_collection_status_set_notes_store (status, self->notes_store);
  if (arc_review_panel_get_review (arc_task_page_get_review_panel (self->task_page)))
    arc_window_close_review (self);  /* it was scored against the other collection */
  arc_task_list_set_status (self->task_list, status);
  adw_window_title_set_title (self->window_title, arc_window_collection_title (self));
  g_signal_connect_object (status, "notify", G_CALLBACK (status_notify_cb), self, 0);
  arc_window_end_welcome (self);  /* before the recent list changes under it */
  uri = dup_collection_uri (self);
  if (*uri)
    add_recent (self, uri);
  update_subtitle (self);
  show_entry (self, arc_window_get_selected_entry (self));
}

static gboolean
open_file (ArcWindow  *self,
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
      g_autofree char *message = g_strdup_printf ("%s: %s", name, error->message);
      arc_window_show_toast (self, message);
      return FALSE;
    }
  status = arc_collection_status_open (file, title ? title : name, TRUE);  /* it lists it */
  set_collection (self, status);
  return TRUE;
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

  set_collection (self, status);
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
  g_autofree char *title = arc_window_collection_name (file);

  g_return_if_fail (ARC_IS_WINDOW (self));

  open_file (self, file, title);
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

  if (g_file_has_uri_scheme (file, "resource"))
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
  g_autofree char *uri = dup_collection_uri (self);
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
  g_settings_set_int (self->settings, "sidebar-width", gtk_paned_get_position (self->paned));
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
  set_shown_entry (self, NULL);
  arc_window_notes_dispose (self);
  g_clear_object (&self->notes_store);
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
  /* Edit Task, with its bar on top of the task page */
  self->editor = arc_task_editor_new (GTK_WINDOW (self), self->settings, self->task_list, self->task_page);
  arc_task_editor_add_actions (self->editor);
  g_signal_connect_object (self->editor, "toast", G_CALLBACK (editor_toast_cb), self, 0);
  g_signal_connect_object (self->editor, "reshow", G_CALLBACK (editor_reshow_cb), self, 0);
  g_signal_connect_object (self->editor, "open", G_CALLBACK (editor_open_cb), self, 0);
  g_signal_connect_object (self->editor, "unsaved-changed", G_CALLBACK (editor_unsaved_cb), self, 0);
  arc_task_page_add_bar (self->task_page, arc_task_editor_get_bar (self->editor));
  arc_window_actions_init (self);
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  gtk_paned_set_position (self->paned, g_settings_get_int (self->settings, "sidebar-width"));
  arc_window_layout_init (self);
  arc_window_open_constructed (self);
  arc_window_browse_constructed (self);
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
  g_object_class_install_properties (object_class, N_PROPS, properties);
  window_class->close_request = arc_window_close_request;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/arc-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, paned);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, task_list);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, notes_flap);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, notes_pane);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, task_page);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, empty_page);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, invalid_page);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, invalid_details);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, recent_section);

  arc_window_browse_class_init (widget_class);
  arc_window_actions_class_init (widget_class);
}

static void
arc_window_init (ArcWindow *self)
{
  g_type_ensure (ARC_TYPE_TASK_PAGE);
  g_type_ensure (ARC_TYPE_TASK_LIST);
  g_type_ensure (ARC_TYPE_NOTES_PANE);
  g_type_ensure (ARC_TYPE_WELCOME_PAGE);
  g_type_ensure (ARC_TYPE_REVIEW_PANEL);
  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect (arc_task_page_get_solve_view (self->task_page), "submitted", G_CALLBACK (submitted_cb), self);
  g_signal_connect (arc_task_page_get_task_view (self->task_page), "cell-clicked", G_CALLBACK (task_cell_clicked_cb), self);
  g_signal_connect (arc_task_page_get_task_view (self->task_page), "hover", G_CALLBACK (task_view_hover_cb), self);
  g_signal_connect (self->task_list, "selection-changed", G_CALLBACK (selection_changed_cb), self);
  g_signal_connect (self->task_list, "loaded", G_CALLBACK (list_loaded_cb), self);
  g_signal_connect (self, "map", G_CALLBACK (window_mapped_cb), self);

  arc_window_open_init (self);
  arc_window_browse_init (self);

  update_status_line (self);
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
  if (g_file_has_uri_scheme (file, "resource"))
    return g_strdup (_("Sample Tasks"));
  return g_file_get_parse_name (file);
}
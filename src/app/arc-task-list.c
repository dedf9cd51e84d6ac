/* arc-task-list.c: the sidebar: the collection's tasks, searched and filtered
 *
 * A virtualised GtkListView of ArcTaskRow over the collection, through a
 * filter for the search text, the group and the status. The listing,
 * checking and counting are the collection status's (ArcCollectionStatus):
 * the list shows their progress and a button to stop them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-task-list"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include <adwaita.h>

#include "arc-drop-down.h"
#include "arc-task-list-private.h"
#include "arc-trace.h"

G_DEFINE_FINAL_TYPE (ArcTaskList, arc_task_list, GTK_TYPE_WIDGET)

enum {
  SELECTION_CHANGED,
  TASK_CHOSEN,
  LOADED,
  FILTER_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Rows */

/**
 * arc_task_list_set_settings:
 * The application's settings: the thumbnails are drawn in the palette of
 * the preferences (their cells are a pixel: no digits, no lines).
 */
void
arc_task_list_set_settings (ArcTaskList *self,
                            GSettings   *settings)
{
  g_return_if_fail (ARC_IS_TASK_LIST (self));
  g_return_if_fail (G_IS_SETTINGS (settings));

  g_set_object (&self->settings, settings);
  for (guint i = 0; i < self->rows->len; i++)
    g_settings_bind (settings, "palette", arc_task_row_get_thumbnail (self->rows->pdata[i]), "palette",
                     G_SETTINGS_BIND_GET);
}

static ArcReviewMark
review_mark (ArcTaskList *self,
             ArcEntry    *entry)
{
  return self->review ? GPOINTER_TO_INT (g_hash_table_lookup (self->review, arc_entry_get_id (entry)))
                      : ARC_REVIEW_NONE;
}

/* A row is gone (its list item's teardown does not always see it) */
static void
row_gone_cb (gpointer  data,
             GObject  *row)
{
  ArcTaskList *self = data;

  g_ptr_array_remove_fast (self->rows, row);
}

static void
row_setup_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              ArcTaskList              *self)
{
  GtkWidget *row = arc_task_row_new ();

  if (self->settings)
    g_settings_bind (self->settings, "palette", arc_task_row_get_thumbnail (ARC_TASK_ROW (row)), "palette",
                     G_SETTINGS_BIND_GET);
  g_ptr_array_add (self->rows, row);
  g_object_weak_ref (G_OBJECT (row), row_gone_cb, self);
  gtk_list_item_set_child (item, row);
}

static void
row_bind_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             ArcTaskList              *self)
{
  ArcEntry *entry = gtk_list_item_get_item (item);

  arc_task_row_bind (ARC_TASK_ROW (gtk_list_item_get_child (item)), self->status, entry, review_mark (self, entry));
}

static void
row_unbind_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               ArcTaskList              *self)
{
  arc_task_row_unbind (ARC_TASK_ROW (gtk_list_item_get_child (item)));
}

/* Filtering */

static void
search_changed_cb (GtkSearchEntry *entry,
                   ArcTaskList    *self)
{
  arc_task_filter_set_search (self->filter, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

static void
filter_changed_cb (GtkFilter       *filter,
                   GtkFilterChange  change,
                   ArcTaskList     *self)
{
  arc_task_list_update_no_match (self);
  g_signal_emit (self, signals[FILTER_CHANGED], 0);
}

/* Escape in the search: the first clears it, the next leaves it for the
 * list, where N and P step through the tasks again */
static void
stop_search_cb (GtkSearchEntry *entry,
                ArcTaskList    *self)
{
  if (*gtk_editable_get_text (GTK_EDITABLE (entry)))
    gtk_editable_set_text (GTK_EDITABLE (entry), "");
  else
    arc_task_list_leave_search (self);
}

static void
group_selected_cb (GtkDropDown *dropdown,
                   GParamSpec  *pspec,
                   ArcTaskList *self)
{
  arc_task_filter_select_group (self->filter, gtk_drop_down_get_selected (dropdown));
}

static void
status_selected_cb (GtkDropDown *dropdown,
                    GParamSpec  *pspec,
                    ArcTaskList *self)
{
  guint selected = gtk_drop_down_get_selected (dropdown);
  ArcStatusFilter validity = selected == GTK_INVALID_LIST_POSITION ? ARC_STATUS_FILTER_ALL : (ArcStatusFilter) selected;

  arc_task_filter_set_validity (self->filter, validity);
  /* Filtering by validity needs every task checked: if the check was
   * stopped, it starts again (tasks checked already are quick) */
  if (arc_task_filter_needs_check (self->filter) && self->status)
    arc_collection_status_resume (self->status);
}

/* The group menu follows the collection's groups. */
static gboolean
update_groups_idle (gpointer user_data)
{
  ArcTaskList *self = user_data;

  self->groups_idle = 0;
  if (self->box == NULL)
    return G_SOURCE_REMOVE;  /* queued while it was disposed */
  g_signal_handlers_block_by_func (self->group_filter, group_selected_cb, self);
  if (arc_task_filter_update_groups (self->filter, self->collection))
    gtk_drop_down_set_selected (self->group_filter, 0);
  g_signal_handlers_unblock_by_func (self->group_filter, group_selected_cb, self);
  /* Only one group: nothing to choose */
  gtk_widget_set_sensitive (GTK_WIDGET (self->group_filter),
                            g_list_model_get_n_items (arc_task_filter_get_groups (self->filter)) > 2);
  return G_SOURCE_REMOVE;
}

static void
queue_update_groups (ArcTaskList *self)
{
  if (self->groups_idle == 0)
    self->groups_idle = g_idle_add_full (G_PRIORITY_LOW, update_groups_idle, self, NULL);
}

/* Progress */

static void
update_progress (ArcTaskList *self)
{
  ArcCollectionPhase phase = self->status ? arc_collection_status_get_phase (self->status) : ARC_COLLECTION_PHASE_DONE;
  guint n = self->status ? arc_collection_status_get_n_tasks (self->status) : 0;
  g_autofree char *text = NULL;

  if (phase == ARC_COLLECTION_PHASE_LISTING)
    {
      guint scanned = arc_collection_get_n_scanned (self->collection);

      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Listing… %u file", "Listing… %u files", scanned), scanned);
      gtk_progress_bar_pulse (self->progress_bar);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->cancel_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Stop listing"), -1);
    }
  else if (phase == ARC_COLLECTION_PHASE_CHECKING && n > 0)
    {
      guint checked = arc_collection_status_get_n_checked (self->status);

      text = g_strdup_printf (_("Checking tasks… %u of %u"), checked, n);
      gtk_progress_bar_set_fraction (self->progress_bar, (double) checked / n);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->cancel_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Stop checking"), -1);
    }
  if (text)
    gtk_label_set_text (self->progress_label, text);
  gtk_revealer_set_reveal_child (self->progress_revealer,
                                 phase == ARC_COLLECTION_PHASE_LISTING || phase == ARC_COLLECTION_PHASE_CHECKING);
}

/* The stop button's tooltip, asked for when shown: setting a tooltip on a
 * shown widget makes GTK 4.8 look for the pointer (a round trip to the
 * display) and can have it remove a timeout it already removed. */
static gboolean
cancel_query_tooltip_cb (GtkWidget   *button,
                         int          x,
                         int          y,
                         gboolean     keyboard,
                         GtkTooltip  *tooltip,
                         ArcTaskList *self)
{
  gboolean checking = self->status && arc_collection_status_get_phase (self->status) == ARC_COLLECTION_PHASE_CHECKING;

  gtk_tooltip_set_text (tooltip, checking ? _("Stop Checking (Escape)") : _("Stop Listing (Escape)"));
  return TRUE;
}

static void
collection_progress_cb (ArcCollection *collection,
                        GParamSpec    *pspec,
                        ArcTaskList   *self)
{
  update_progress (self);
}

static void
filtered_items_changed_cb (GListModel  *model,
                           guint        position,
                           guint        removed,
                           guint        added,
                           ArcTaskList *self)
{
  guint n = g_list_model_get_n_items (model);

  if (added > 0)
    arc_trace_mark_once ("first-entries-listed");
  if (n == 0 && self->collection && g_list_model_get_n_items (G_LIST_MODEL (self->collection)) > 0)
    {
      arc_task_list_ensure_no_match (self);
      arc_task_list_update_no_match (self);
      gtk_stack_set_visible_child_name (self->list_stack, "no-match");
    }
  else
    gtk_stack_set_visible_child_name (self->list_stack, "list");
  if (self->pending_select && arc_task_list_select_id (self, self->pending_select))
    g_clear_pointer (&self->pending_select, g_free);
  else if (self->pending_select && !arc_collection_get_loading (self->collection))
    g_clear_pointer (&self->pending_select, g_free);  /* it never came */
  queue_update_groups (self);
}

/* The collection is listed */
static void
listed (ArcTaskList *self)
{
  const GError *error = arc_collection_get_error (self->collection);

  arc_trace_mark_once ("collection-listed");
  queue_update_groups (self);
  arc_task_list_update_skipped (self);
  if (self->pending_select && !arc_task_list_select_id (self, self->pending_select))
    g_clear_pointer (&self->pending_select, g_free);
  if (error && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_signal_emit (self, signals[LOADED], 0, error->message);
  else
    g_signal_emit (self, signals[LOADED], 0, NULL);
}

static void
status_phase_cb (ArcCollectionStatus *status,
                 GParamSpec          *pspec,
                 ArcTaskList         *self)
{
  ArcCollectionPhase old = self->phase;

  self->phase = arc_collection_status_get_phase (status);
  update_progress (self);
  if (old == ARC_COLLECTION_PHASE_LISTING)
    listed (self);
  if (old == ARC_COLLECTION_PHASE_CHECKING)
    {
      if (arc_collection_status_get_n_checked (status) == arc_collection_status_get_n_tasks (status))
        arc_trace_mark_once ("collection-checked");
      arc_task_filter_checked (self->filter);  /* also those checked meanwhile for rows shown */
    }
  if (old == ARC_COLLECTION_PHASE_COUNTING &&
      (self->phase == ARC_COLLECTION_PHASE_DONE || self->phase == ARC_COLLECTION_PHASE_STOPPED))
    arc_trace_mark_once ("notes-counted");
}

static void
status_checked_cb (ArcCollectionStatus *status,
                   GParamSpec          *pspec,
                   ArcTaskList         *self)
{
  update_progress (self);
  arc_task_filter_checked (self->filter);
}

/* What was written may match the search now, or no longer */
static void
status_notes_cb (ArcCollectionStatus *status,
                 ArcEntry            *entry,
                 ArcTaskList         *self)
{
  /* NULL: every task's notes are read anew (another user): none is kept */
  arc_task_filter_notes_changed (self->filter, entry ? arc_task_list_get_selected (self) : NULL);
}

static void
status_notes_store_cb (ArcCollectionStatus *status,
                       GParamSpec          *pspec,
                       ArcTaskList         *self)
{
  arc_task_filter_set_notes_store (self->filter, arc_collection_status_get_notes_store (status));
}

/* Public */

/**
 * arc_task_list_set_status:
 * Shows the collection of @status, and the progress of its listing and
 * checking.
 */
void
arc_task_list_set_status (ArcTaskList         *self,
                          ArcCollectionStatus *status)
{
  g_return_if_fail (ARC_IS_TASK_LIST (self));
  g_return_if_fail (status == NULL || ARC_IS_COLLECTION_STATUS (status));

  if (self->status)
    {
      g_signal_handlers_disconnect_by_data (self->status, self);
      g_signal_handlers_disconnect_by_data (self->collection, self);
    }
  g_set_object (&self->status, status);
  g_clear_object (&self->collection);
  if (status)
    self->collection = g_object_ref (arc_collection_status_get_collection (status));
  g_clear_pointer (&self->pending_select, g_free);
  arc_task_filter_set_notes_store (self->filter, status ? arc_collection_status_get_notes_store (status) : NULL);
  arc_task_filter_set_status (self->filter, status);

  gtk_filter_list_model_set_model (self->filtered, G_LIST_MODEL (self->collection));
  gtk_stack_set_visible_child_name (self->list_stack, "list");
  queue_update_groups (self);
  arc_task_list_update_skipped (self);
  update_progress (self);
  if (status == NULL)
    return;
  self->phase = arc_collection_status_get_phase (status);
  g_signal_connect_object (self->collection, "notify::n-scanned", G_CALLBACK (collection_progress_cb), self, 0);
  g_signal_connect_object (status, "notify::phase", G_CALLBACK (status_phase_cb), self, 0);
  g_signal_connect_object (status, "notify::n-checked", G_CALLBACK (status_checked_cb), self, 0);
  g_signal_connect_object (status, "status-changed::notes", G_CALLBACK (status_notes_cb), self, 0);
  g_signal_connect_object (status, "notify::notes-store", G_CALLBACK (status_notes_store_cb), self, 0);
  if (arc_task_filter_needs_check (self->filter))
    arc_collection_status_resume (status);
}

ArcCollectionStatus *
arc_task_list_get_status (ArcTaskList *self)
{
  g_return_val_if_fail (ARC_IS_TASK_LIST (self), NULL);
  return self->status;
}

ArcCollection *
arc_task_list_get_collection (ArcTaskList *self)
{
  g_return_val_if_fail (ARC_IS_TASK_LIST (self), NULL);
  return self->collection;
}

/**
 * arc_task_list_cancel:
 * Stops listing (what was listed stays) and checking.
 */
void
arc_task_list_cancel (ArcTaskList *self)
{
  g_return_if_fail (ARC_IS_TASK_LIST (self));

  if (self->status)
    arc_collection_status_stop (self->status);
  update_progress (self);
}

gboolean
arc_task_list_is_busy (ArcTaskList *self)
{
  g_return_val_if_fail (ARC_IS_TASK_LIST (self), FALSE);
  return self->status && arc_collection_status_is_busy (self->status);
}

/**
 * arc_task_list_set_review:
 * @marks: (nullable): task id → ArcReviewMark; NULL when no submission is reviewed
 * Marks each task right or wrong in the reviewed submission.
 */
void
arc_task_list_set_review (ArcTaskList *self,
                          GHashTable  *marks)
{
  g_return_if_fail (ARC_IS_TASK_LIST (self));

  g_clear_pointer (&self->review, g_hash_table_unref);
  if (marks)
    self->review = g_hash_table_ref (marks);
  if (marks == NULL && gtk_drop_down_get_selected (self->status_filter) >= ARC_STATUS_FILTER_RIGHT)
    gtk_drop_down_set_selected (self->status_filter, ARC_STATUS_FILTER_ALL);
  arc_task_filter_set_review (self->filter, marks);
  for (guint i = 0; i < self->rows->len; i++)
    {
      ArcTaskRow *row = self->rows->pdata[i];
      ArcEntry *entry = arc_task_row_get_entry (row);

      arc_task_row_set_review_mark (row, entry ? review_mark (self, entry) : ARC_REVIEW_NONE);
    }
}

ArcReviewMark
arc_task_list_get_review_mark (ArcTaskList *self,
                               const char  *id)
{
  g_return_val_if_fail (ARC_IS_TASK_LIST (self), ARC_REVIEW_NONE);

  return self->review ? GPOINTER_TO_INT (g_hash_table_lookup (self->review, id)) : ARC_REVIEW_NONE;
}

ArcEntry *
arc_task_list_get_selected (ArcTaskList *self)
{
  g_return_val_if_fail (ARC_IS_TASK_LIST (self), NULL);
  return gtk_single_selection_get_selected_item (self->selection);
}

/**
 * arc_task_list_get_position:
 * The selected task's place in the list as shown (searched and filtered).
 */
gboolean
arc_task_list_get_position (ArcTaskList *self,
                            guint       *position,
                            guint       *n_items)
{
  g_return_val_if_fail (ARC_IS_TASK_LIST (self), FALSE);

  *n_items = g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
  *position = gtk_single_selection_get_selected (self->selection);
  return *position != GTK_INVALID_LIST_POSITION;
}

/* Scrolls the selected task into view. A list that is not laid out yet (a
 * task restored at start-up) is scrolled once it is: scrolled before,
 * GTK 4.8 leaves it showing the first row and blanks. */
static gboolean
scroll_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  ArcTaskList *self = user_data;
  guint position = gtk_single_selection_get_selected (self->selection);

  if (gtk_widget_get_height (widget) == 0)
    return G_SOURCE_CONTINUE;
  self->scroll_tick = 0;
  if (position != GTK_INVALID_LIST_POSITION)
    gtk_widget_activate_action (widget, "list.scroll-to-item", "u", position);
  return G_SOURCE_REMOVE;
}

/* The list's rows for every task: GTK 4.8's GtkListView makes a row for
 * each of its first 200 items until it is first laid out (it knows how
 * many it shows only then), most of them put away right after: 200 rows
 * made before the first frame of a folder of 200 tasks or more, a fifth
 * of the work before it (ARC-AGI-2's training set). Until then the list
 * has the first few tasks; it has them all from its second frame, or at
 * once when a task further down is selected. */
#define FIRST_ROWS 64

static void
widen (ArcTaskList *self)
{
  if (self->widen_tick)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->list_view), self->widen_tick);
  self->widen_tick = 0;
  gtk_slice_list_model_set_size (self->head, G_MAXUINT);
}

static gboolean
widen_tick_cb (GtkWidget     *widget,
               GdkFrameClock *clock,
               gpointer       user_data)
{
  ArcTaskList *self = user_data;

  if (gtk_widget_get_height (widget) == 0)
    return G_SOURCE_CONTINUE;
  self->widen_tick = 0;
  widen (self);
  return G_SOURCE_REMOVE;
}

static void
select_position (ArcTaskList *self,
                 guint        position)
{
  if (position >= gtk_slice_list_model_get_size (self->head))
    widen (self);
  gtk_single_selection_set_selected (self->selection, position);
  if (gtk_widget_get_mapped (GTK_WIDGET (self->list_view)) && gtk_widget_get_height (GTK_WIDGET (self->list_view)) > 0)
    gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", position);
  else if (self->scroll_tick == 0)
    self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->list_view), scroll_tick_cb, self, NULL);
}

/**
 * arc_task_list_select_id:
 * Selects the task @id (or "group/id"). If it is not listed yet while the
 * collection is still being listed, it is selected when it appears.
 *
 * Returns: %TRUE if it was selected now
 */
gboolean
arc_task_list_select_id (ArcTaskList *self,
                         const char  *id)
{
  guint position;

  g_return_val_if_fail (ARC_IS_TASK_LIST (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  if (arc_task_filter_find (G_LIST_MODEL (self->filtered), id, &position))
    {
      select_position (self, position);
      return TRUE;
    }
  if (self->collection && arc_collection_get_loading (self->collection) && id != self->pending_select)
    {
      g_free (self->pending_select);
      self->pending_select = g_strdup (id);
    }
  return FALSE;
}

/**
 * arc_task_list_select_task:
 * @file: (nullable): the task's file
 * Selects the task @id of @file (arc_entry_is_task()) where the list shows it.
 *
 * Returns: %TRUE if it was selected
 */
gboolean
arc_task_list_select_task (ArcTaskList *self,
                           GFile       *file,
                           const char  *id)
{
  GListModel *shown;

  g_return_val_if_fail (ARC_IS_TASK_LIST (self), FALSE);

  shown = G_LIST_MODEL (self->filtered);
  for (guint i = 0; i < g_list_model_get_n_items (shown); i++)
    {
      g_autoptr(ArcEntry) entry = g_list_model_get_item (shown, i);

      if (arc_entry_is_task (entry, file, id))
        {
          select_position (self, i);
          return TRUE;
        }
    }
  return FALSE;
}

/* The position @delta places from the selected task in the list as shown;
 * FALSE past either end */
static gboolean
neighbour_position (ArcTaskList *self,
                    int          delta,
                    guint       *position)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
  guint pos = gtk_single_selection_get_selected (self->selection);

  if (n == 0 || pos == GTK_INVALID_LIST_POSITION ||
      (delta < 0 && pos < (guint) -delta) || (delta > 0 && pos + (guint) delta >= n))
    return FALSE;
  *position = (guint) ((int) pos + delta);
  return TRUE;
}

/**
 * arc_task_list_step:
 * Selects the next (@delta > 0) or previous task of the list as shown.
 *
 * Returns: %FALSE at either end
 */
gboolean
arc_task_list_step (ArcTaskList *self,
                    int          delta)
{
  guint position;

  g_return_val_if_fail (ARC_IS_TASK_LIST (self), FALSE);

  if (!neighbour_position (self, delta, &position))
    return FALSE;
  select_position (self, position);
  return TRUE;
}

/**
 * arc_task_list_select_random:
 * Selects a task of the list as shown (searched and filtered) at random,
 * not the selected one: one the user has not solved when there is one.
 * One pass, keeping one candidate of each kind (reservoir sampling), so
 * that a list of 100,000 tasks takes no more than a walk through it.
 *
 * Returns: %FALSE when there is no other task to go to
 */
gboolean
arc_task_list_select_random (ArcTaskList *self)
{
  GListModel *model;
  guint n, current, seen_open = 0, seen_any = 0;
  guint open = GTK_INVALID_LIST_POSITION, any = GTK_INVALID_LIST_POSITION;

  g_return_val_if_fail (ARC_IS_TASK_LIST (self), FALSE);

  model = G_LIST_MODEL (self->filtered);
  n = g_list_model_get_n_items (model);
  current = gtk_single_selection_get_selected (self->selection);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(ArcEntry) entry = NULL;

      if (i == current)
        continue;
      if (g_random_int_range (0, (gint32) ++seen_any) == 0)
        any = i;
      entry = g_list_model_get_item (model, i);
      if (self->status && (arc_collection_status_get_flags (self->status, entry) & ARC_NOTES_FLAG_SOLVED))
        continue;
      if (g_random_int_range (0, (gint32) ++seen_open) == 0)
        open = i;
    }
  if (open == GTK_INVALID_LIST_POSITION)
    open = any;
  if (open == GTK_INVALID_LIST_POSITION)
    return FALSE;
  select_position (self, open);
  return TRUE;
}

/**
 * arc_task_list_dup_neighbour:
 * Returns: (transfer full) (nullable): the task @delta places from the
 *   selected one in the list as shown; %NULL past either end
 */
ArcEntry *
arc_task_list_dup_neighbour (ArcTaskList *self,
                             int          delta)
{
  guint position;

  g_return_val_if_fail (ARC_IS_TASK_LIST (self), NULL);

  if (!neighbour_position (self, delta, &position))
    return NULL;
  return g_list_model_get_item (G_LIST_MODEL (self->filtered), position);
}

void
arc_task_list_focus_search (ArcTaskList *self)
{
  g_return_if_fail (ARC_IS_TASK_LIST (self));
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

/* The keyboard goes to the list (its selected task) */
void
arc_task_list_focus_list (ArcTaskList *self)
{
  g_return_if_fail (ARC_IS_TASK_LIST (self));
  gtk_widget_grab_focus (GTK_WIDGET (self->list_view));
}

/**
 * arc_task_list_leave_search:
 * Moves the keyboard's focus from the search to the list's selected task,
 * if it was in the search.
 */
void
arc_task_list_leave_search (ArcTaskList *self)
{
  GtkRoot *root;
  GtkWidget *focus;

  g_return_if_fail (ARC_IS_TASK_LIST (self));

  root = gtk_widget_get_root (GTK_WIDGET (self));
  focus = root ? gtk_root_get_focus (root) : NULL;
  if (focus == NULL || !gtk_widget_is_ancestor (focus, GTK_WIDGET (self->search_entry)))
    return;
  if (!gtk_widget_grab_focus (GTK_WIDGET (self->list_view)))
    gtk_root_set_focus (root, NULL);
}

/**
 * arc_task_list_set_autoselect:
 * Whether a task is always selected (the first, if none was); without, no
 * task is selected until the user picks one.
 */
void
arc_task_list_set_autoselect (ArcTaskList *self,
                              gboolean     autoselect)
{
  g_return_if_fail (ARC_IS_TASK_LIST (self));

  gtk_single_selection_set_can_unselect (self->selection, !autoselect);
  gtk_single_selection_set_autoselect (self->selection, autoselect);
  if (!autoselect)
    gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
}

/**
 * arc_task_list_clear_filters:
 * Shows every task again: no search, every group, every status.
 */
void
arc_task_list_clear_filters (ArcTaskList *self)
{
  g_return_if_fail (ARC_IS_TASK_LIST (self));

  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  arc_task_filter_set_search (self->filter, "");  /* now, not when the entry says so */
  gtk_drop_down_set_selected (self->status_filter, ARC_STATUS_FILTER_ALL);
  gtk_drop_down_set_selected (self->group_filter, 0);
}

void
arc_task_list_set_search (ArcTaskList *self,
                          const char  *text)
{
  g_return_if_fail (ARC_IS_TASK_LIST (self));
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text);
}

void
arc_task_list_set_status_filter (ArcTaskList     *self,
                                 ArcStatusFilter  filter)
{
  g_return_if_fail (ARC_IS_TASK_LIST (self));
  gtk_drop_down_set_selected (self->status_filter, filter);
}

void
arc_task_list_set_group_filter (ArcTaskList *self,
                                const char  *group)
{
  g_return_if_fail (ARC_IS_TASK_LIST (self));

  update_groups_idle (self);
  gtk_drop_down_set_selected (self->group_filter, arc_task_filter_find_group (self->filter, group));
}

/* GObject */

static gboolean
shown_idle_cb (gpointer user_data)
{
  ArcTaskList *self = user_data;

  self->shown_idle = 0;
  arc_task_filter_shown (self->filter, gtk_single_selection_get_selected_item (self->selection));
  return G_SOURCE_REMOVE;
}

static void
selection_changed_cb (GtkSingleSelection *selection,
                      GParamSpec         *pspec,
                      ArcTaskList        *self)
{
  /* The task kept listed while its notes changed may go now: after this
   * change of selection, which may be part of one of the list */
  if (self->shown_idle == 0)
    self->shown_idle = g_idle_add (shown_idle_cb, self);
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

/* A click on a task's row (it is selected by then: on the release, by
 * the row), or Enter or a double click on it; not the arrow keys, which
 * only go through the tasks */
static void
row_released_cb (GtkGestureClick *gesture,
                 int              n_press,
                 double           x,
                 double           y,
                 ArcTaskList     *self)
{
  GtkWidget *list = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  GtkWidget *under = gtk_widget_pick (list, x, y, GTK_PICK_DEFAULT);

  if (n_press == 1 && under && gtk_widget_get_ancestor (under, ARC_TYPE_TASK_ROW) &&
      arc_task_list_get_selected (self))
    g_signal_emit (self, signals[TASK_CHOSEN], 0);
}

static void
row_activate_cb (GtkListView *list,
                 guint        position,
                 ArcTaskList *self)
{
  /* (Ctrl+arrows move the focus without selecting: Enter chooses the row
   * it is on) */
  gtk_single_selection_set_selected (self->selection, position);
  if (arc_task_list_get_selected (self))
    g_signal_emit (self, signals[TASK_CHOSEN], 0);
}

static void
cancel_clicked_cb (GtkButton   *button,
                   ArcTaskList *self)
{
  arc_task_list_cancel (self);
}

static void
arc_task_list_dispose (GObject *object)
{
  ArcTaskList *self = ARC_TASK_LIST (object);

  g_clear_handle_id (&self->groups_idle, g_source_remove);
  g_clear_handle_id (&self->shown_idle, g_source_remove);
  if (self->scroll_tick && self->list_view)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->list_view), self->scroll_tick);
  if (self->widen_tick && self->list_view)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->list_view), self->widen_tick);
  self->widen_tick = 0;
  self->scroll_tick = 0;
  g_clear_object (&self->settings);
  if (self->status)
    {
      g_signal_handlers_disconnect_by_data (self->status, self);
      g_signal_handlers_disconnect_by_data (self->collection, self);
    }
  g_clear_object (&self->status);
  g_clear_object (&self->collection);
  g_clear_pointer (&self->review, g_hash_table_unref);
  if (self->selection)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  if (self->filtered)
    g_signal_handlers_disconnect_by_data (self->filtered, self);
  if (self->filter)
    g_signal_handlers_disconnect_by_data (self->filter, self);
  gtk_list_view_set_model (self->list_view, NULL);
  g_clear_object (&self->selection);
  g_clear_object (&self->head);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  for (guint i = 0; i < self->rows->len; i++)
    g_object_weak_unref (self->rows->pdata[i], row_gone_cb, self);
  g_ptr_array_set_size (self->rows, 0);

  G_OBJECT_CLASS (arc_task_list_parent_class)->dispose (object);
}

static void
arc_task_list_finalize (GObject *object)
{
  ArcTaskList *self = ARC_TASK_LIST (object);

  g_clear_handle_id (&self->groups_idle, g_source_remove);
  g_free (self->pending_select);
  g_free (self->skipped_text);
  g_ptr_array_unref (self->rows);

  G_OBJECT_CLASS (arc_task_list_parent_class)->finalize (object);
}

static void
arc_task_list_class_init (ArcTaskListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arc_task_list_dispose;
  object_class->finalize = arc_task_list_finalize;

  /**
   * ArcTaskList::selection-changed:
   * Another task was selected (or none).
   */
  signals[SELECTION_CHANGED] = g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                             0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * ArcTaskList::task-chosen:
   * The user chose the selected task: a click on its row, Enter or a
   * double click (the arrow keys select without choosing).
   */
  signals[TASK_CHOSEN] = g_signal_new ("task-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * ArcTaskList::loaded:
   * @error: (nullable): why listing failed
   * The collection is listed.
   */
  signals[LOADED] = g_signal_new ("loaded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * ArcTaskList::filter-changed:
   * The search, the group or the status shown changed.
   */
  signals[FILTER_CHANGED] = g_signal_new ("filter-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/arc-task-list.ui");
  gtk_widget_class_bind_template_child (widget_class, ArcTaskList, box);
  gtk_widget_class_bind_template_child (widget_class, ArcTaskList, search_entry);
  gtk_widget_class_bind_template_child (widget_class, ArcTaskList, group_filter);
  gtk_widget_class_bind_template_child (widget_class, ArcTaskList, status_filter);
  gtk_widget_class_bind_template_child (widget_class, ArcTaskList, progress_revealer);
  gtk_widget_class_bind_template_child (widget_class, ArcTaskList, progress_label);
  gtk_widget_class_bind_template_child (widget_class, ArcTaskList, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, ArcTaskList, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, ArcTaskList, list_stack);
  gtk_widget_class_bind_template_child (widget_class, ArcTaskList, list_view);
  gtk_widget_class_bind_template_child (widget_class, ArcTaskList, skipped_button);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "arc-task-list");
}

/* Tab leaves the list (GTK 4.8's list view takes it a row at a time: a
 * thousand presses past a thousand tasks); the arrows move in it. The
 * window moves the focus as for any Tab, while the list's rows cannot
 * take it. */
static gboolean
list_key_pressed_cb (GtkEventControllerKey *controller,
                     guint                  keyval,
                     guint                  keycode,
                     GdkModifierType        state,
                     ArcTaskList           *self)
{
  gboolean backward = keyval == GDK_KEY_ISO_Left_Tab || (state & GDK_SHIFT_MASK) != 0;
  GtkWidget *list = GTK_WIDGET (self->list_view);
  gboolean moved;

  if (keyval != GDK_KEY_Tab && keyval != GDK_KEY_KP_Tab && keyval != GDK_KEY_ISO_Left_Tab)
    return GDK_EVENT_PROPAGATE;
  if ((state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0 || gtk_widget_get_root (list) == NULL)
    return GDK_EVENT_PROPAGATE;
  gtk_widget_set_can_focus (list, FALSE);
  moved = gtk_widget_child_focus (GTK_WIDGET (gtk_widget_get_root (list)),
                                  backward ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD);
  gtk_widget_set_can_focus (list, TRUE);
  return moved ? GDK_EVENT_STOP : GDK_EVENT_PROPAGATE;
}

static void
arc_task_list_init (ArcTaskList *self)
{
  GtkListItemFactory *factory;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_ptr_array_new ();

  self->filter = arc_task_filter_new ();
  self->filtered = gtk_filter_list_model_new (NULL, GTK_FILTER (self->filter));
  /* (a long status does not widen the sidebar; the factories before the
   * models, so that each row is made once) */
  arc_drop_down_ellipsize (self->status_filter);
  arc_drop_down_defer_list (self->group_filter);
  arc_drop_down_defer_list (self->status_filter);
  arc_drop_down_open_at_selected (self->group_filter);
  arc_drop_down_open_at_selected (self->status_filter);
  gtk_drop_down_set_model (self->group_filter, arc_task_filter_get_groups (self->filter));
  gtk_drop_down_set_model (self->status_filter, arc_task_filter_get_statuses (self->filter));
  self->head = gtk_slice_list_model_new (G_LIST_MODEL (self->filtered), 0, FIRST_ROWS);
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->head)));
  self->widen_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->list_view), widen_tick_cb, self, NULL);
  gtk_single_selection_set_autoselect (self->selection, TRUE);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (row_setup_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (row_bind_cb), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (row_unbind_cb), self);
  gtk_list_view_set_factory (self->list_view, factory);
  g_object_unref (factory);

  g_signal_connect (self->selection, "notify::selected-item", G_CALLBACK (selection_changed_cb), self);
  g_signal_connect (self->list_view, "activate", G_CALLBACK (row_activate_cb), self);
  {
    GtkGesture *click = gtk_gesture_click_new ();

    gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
    g_signal_connect (click, "released", G_CALLBACK (row_released_cb), self);
    gtk_widget_add_controller (GTK_WIDGET (self->list_view), GTK_EVENT_CONTROLLER (click));
  }
  g_signal_connect (self->filtered, "items-changed", G_CALLBACK (filtered_items_changed_cb), self);
  g_signal_connect (self->search_entry, "search-changed", G_CALLBACK (search_changed_cb), self);
  g_signal_connect (self->group_filter, "notify::selected", G_CALLBACK (group_selected_cb), self);
  g_signal_connect (self->status_filter, "notify::selected", G_CALLBACK (status_selected_cb), self);
  g_signal_connect (self->cancel_button, "clicked", G_CALLBACK (cancel_clicked_cb), self);
  g_signal_connect (self->filter, "changed", G_CALLBACK (filter_changed_cb), self);
  g_signal_connect (self->search_entry, "stop-search", G_CALLBACK (stop_search_cb), self);
  gtk_menu_button_set_create_popup_func (self->skipped_button, arc_task_list_create_skipped_popup, self, NULL);
  g_signal_connect (self->cancel_button, "query-tooltip", G_CALLBACK (cancel_query_tooltip_cb), self);
  {
    GtkEventController *keys = gtk_event_controller_key_new ();

    gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
    g_signal_connect (keys, "key-pressed", G_CALLBACK (list_key_pressed_cb), self);
    gtk_widget_add_controller (GTK_WIDGET (self->list_view), keys);
  }
}

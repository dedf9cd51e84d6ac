/* arc-task-list.c: the sidebar: the collection's tasks, searched and filtered
 *
 * A virtualised GtkListView over the collection, through a filter for the
 * search text, the group and the status. The collection is listed in a
 * worker thread (with progress and a button to stop); once listed, every
 * task is checked in another worker, so that the invalid ones are marked
 * and can be filtered, without keeping the parsed tasks in memory.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-task-list"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "arc-grid-view.h"
#include "arc-task-list.h"
#include "arc-trace.h"

#define VALIDATE_BATCH 100

struct _ArcTaskList
{
  GtkWidget           parent_instance;

  /* Template widgets */
  GtkWidget          *box;
  GtkSearchEntry     *search_entry;
  GtkDropDown        *group_filter;
  GtkDropDown        *status_filter;
  GtkRevealer        *progress_revealer;
  GtkLabel           *progress_label;
  GtkProgressBar     *progress_bar;
  GtkButton          *cancel_button;
  GtkStack           *list_stack;
  GtkListView        *list_view;
  GtkMenuButton      *skipped_button;
  GtkLabel           *skipped_label;

  ArcCollection      *collection;
  GtkCustomFilter    *filter;
  GtkFilterListModel *filtered;
  GtkSingleSelection *selection;
  GtkStringList      *groups;
  guint               groups_idle;

  char               *search;           /* case-folded */
  char               *group;            /* NULL: all groups */
  ArcStatusFilter     status;
  char               *pending_select;   /* an id to select once it is listed */

  ArcNotesStore      *notes_store;      /* for the badges and searching the notes */
  GHashTable         *review;           /* task id → ArcReviewMark, while a submission is reviewed */
  GCancellable       *cancellable;      /* listing and checking */
  guint               n_checked;
  guint               n_invalid;
  gboolean            checking;
  struct UrgentQueue *urgent;           /* rows shown before their task was checked */

  /* The notes summary, counted a slice at a time in the main loop */
  GHashTable         *note_flags;       /* ArcEntry → its NOTE_* flags, once counted */
  guint               note_counts[3];   /* annotated, attempted, solved */
  guint               count_source;
  guint               count_next;       /* the next position to count */
  gboolean            counted;          /* every task is */
};

enum
{
  NOTE_ANNOTATED = 1 << 0,
  NOTE_ATTEMPTED = 1 << 1,
  NOTE_SOLVED = 1 << 2,
};

G_DEFINE_FINAL_TYPE (ArcTaskList, arc_task_list, GTK_TYPE_WIDGET)

enum {
  SELECTION_CHANGED,
  LOADED,
  STATUS_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void request_check (ArcTaskList *self, ArcEntry *entry);
static void start_counting (ArcTaskList *self);
static void start_checking (ArcTaskList *self);
static void reset_counts (ArcTaskList *self);

/* Rows */

/* The badges a row can show, in their order. They are made when first
 * shown: most rows show none, and GTK 4.8's list view keeps 200 rows. */
enum
{
  BADGE_ANNOTATED,
  BADGE_ATTEMPTED,
  BADGE_SOLVED,
  BADGE_RIGHT,
  BADGE_WRONG,
  BADGE_INVALID,
  N_BADGES
};

static const struct
{
  const char *icon;
  const char *label;
  const char *css_class;
} badges[N_BADGES] = {
  [BADGE_ANNOTATED] = { "document-edit-symbolic", N_("Annotated"), "dim-label" },
  [BADGE_ATTEMPTED] = { "media-playlist-repeat-symbolic", N_("Attempted"), "warning" },
  [BADGE_SOLVED] = { "emblem-ok-symbolic", N_("Solved"), "success" },
  [BADGE_RIGHT] = { "object-select-symbolic", N_("Right in the reviewed submission"), "success" },
  [BADGE_WRONG] = { "window-close-symbolic", N_("Wrong in the reviewed submission"), "error" },
  [BADGE_INVALID] = { "dialog-error-symbolic", N_("Invalid"), "error" },
};

typedef struct
{
  ArcTaskList *list;
  GtkWidget   *box;
  GtkWidget   *thumbnail;
  GtkWidget   *labels;
  GtkWidget   *id;
  GtkWidget   *group;
  GtkWidget   *badges[N_BADGES];  /* NULL until first shown */
} Row;

/* Shows or hides a badge; @tooltip replaces its label as tooltip (the
 * invalid badge's tooltip is the validator's message). */
static void
set_badge (Row        *row,
           guint       which,
           gboolean    visible,
           const char *tooltip)
{
  GtkWidget *image = row->badges[which];

  if (image == NULL)
    {
      GtkWidget *before = row->labels;

      if (!visible)
        return;
      image = gtk_image_new_from_icon_name (badges[which].icon);
      gtk_accessible_update_property (GTK_ACCESSIBLE (image), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _(badges[which].label), -1);
      gtk_widget_add_css_class (image, badges[which].css_class);
      for (guint i = 0; i < which; i++)
        if (row->badges[i])
          before = row->badges[i];
      /* Hidden while its tooltip is set: a visible widget's new tooltip
       * costs a round trip to the display server (GTK asks where the
       * pointer is). */
      gtk_widget_set_visible (image, FALSE);
      gtk_box_insert_child_after (GTK_BOX (row->box), image, before);
      row->badges[which] = image;
    }
  if (visible)
    {
      const char *text = tooltip ? tooltip : _(badges[which].label);

      if (g_strcmp0 (gtk_widget_get_tooltip_text (image), text) != 0)
        {
          gtk_widget_set_visible (image, FALSE);
          gtk_widget_set_tooltip_text (image, text);
        }
    }
  gtk_widget_set_visible (image, visible);
}

/* What the notes say of a task: annotated, attempted, solved */
static void
notes_state (ArcTaskList *self,
             ArcEntry    *entry,
             gboolean    *annotated,
             gboolean    *attempted,
             gboolean    *solved)
{
  ArcNotes *notes;
  const char *id = arc_entry_get_id (entry);

  *annotated = *attempted = *solved = FALSE;
  if (self->notes_store == NULL)
    return;
  notes = arc_notes_store_get (self->notes_store, entry, NULL, NULL);
  *annotated = arc_notes_is_annotated (notes, id);
  *attempted = arc_notes_has_attempts (notes, id);
  if (*attempted && arc_entry_get_n_tests (entry) > 0)
    {
      g_auto(GStrv) names = arc_notes_dup_annotators (notes, id);

      for (guint i = 0; names[i] && !*solved; i++)
        *solved = arc_annotation_is_solved (arc_notes_get (notes, id, names[i]), arc_entry_get_n_tests (entry));
    }
}

static void
update_row (Row      *row,
            ArcEntry *entry)
{
  g_autoptr(ArcGrid) thumbnail = arc_entry_dup_thumbnail (entry);
  gboolean invalid = arc_entry_get_status (entry) == ARC_ENTRY_INVALID;
  gboolean annotated, attempted, solved;
  ArcReviewMark mark = row->list->review ? GPOINTER_TO_INT (g_hash_table_lookup (row->list->review,
                                                                                 arc_entry_get_id (entry)))
                                         : ARC_REVIEW_NONE;

  arc_grid_view_set_grid (ARC_GRID_VIEW (row->thumbnail), thumbnail);
  notes_state (row->list, entry, &annotated, &attempted, &solved);
  set_badge (row, BADGE_ANNOTATED, annotated, NULL);
  set_badge (row, BADGE_ATTEMPTED, attempted && !solved, NULL);
  set_badge (row, BADGE_SOLVED, solved, NULL);
  set_badge (row, BADGE_RIGHT, mark == ARC_REVIEW_RIGHT, NULL);
  set_badge (row, BADGE_WRONG, mark == ARC_REVIEW_WRONG, NULL);
  {
    g_autofree char *message = invalid ? arc_entry_dup_error_message (entry) : NULL;

    set_badge (row, BADGE_INVALID, invalid, message);
  }
}

static void
entry_status_cb (ArcEntry   *entry,
                 GParamSpec *pspec,
                 Row        *row)
{
  update_row (row, entry);
}

static void
row_setup_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              ArcTaskList              *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *labels = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  Row *row = g_new0 (Row, 1);

  row->thumbnail = arc_grid_view_new ();
  /* At most 30 px wide at one pixel a cell: every row gets the same 36 px square */
  arc_grid_view_set_cell_range (ARC_GRID_VIEW (row->thumbnail), 1, 1);
  gtk_widget_set_size_request (row->thumbnail, 36, 36);
  gtk_widget_set_valign (row->thumbnail, GTK_ALIGN_CENTER);
  g_object_set (row->thumbnail, "show-grid-lines", FALSE, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->thumbnail), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("First test input"), -1);

  row->id = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (row->id), 0);
  gtk_label_set_ellipsize (GTK_LABEL (row->id), PANGO_ELLIPSIZE_END);
  row->group = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (row->group), 0);
  gtk_label_set_ellipsize (GTK_LABEL (row->group), PANGO_ELLIPSIZE_START);
  gtk_widget_add_css_class (row->group, "dim-label");
  gtk_widget_add_css_class (row->group, "caption");
  gtk_widget_set_hexpand (labels, TRUE);
  gtk_widget_set_valign (labels, GTK_ALIGN_CENTER);

  row->list = self;
  row->box = box;
  row->labels = labels;
  gtk_box_append (GTK_BOX (labels), row->id);
  gtk_box_append (GTK_BOX (labels), row->group);
  gtk_box_append (GTK_BOX (box), row->thumbnail);
  gtk_box_append (GTK_BOX (box), labels);
  g_object_set_data_full (G_OBJECT (box), "arc-row", row, g_free);
  gtk_list_item_set_child (item, box);
}

static void
row_bind_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             ArcTaskList              *self)
{
  ArcEntry *entry = gtk_list_item_get_item (item);
  Row *row = g_object_get_data (G_OBJECT (gtk_list_item_get_child (item)), "arc-row");
  const char *group = arc_entry_get_group (entry);

  gtk_label_set_text (GTK_LABEL (row->id), arc_entry_get_id (entry));
  gtk_label_set_text (GTK_LABEL (row->group), group);
  gtk_widget_set_visible (row->group, *group != '\0');
  /* A row on screen is worth checking now, before the background check gets to it */
  if (arc_entry_get_status (entry) == ARC_ENTRY_UNKNOWN)
    request_check (self, entry);
  update_row (row, entry);
  g_signal_connect (entry, "notify::status", G_CALLBACK (entry_status_cb), row);
  g_object_set_data (G_OBJECT (gtk_list_item_get_child (item)), "arc-entry", entry);
}

static void
row_unbind_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               ArcTaskList              *self)
{
  ArcEntry *entry = gtk_list_item_get_item (item);
  Row *row = g_object_get_data (G_OBJECT (gtk_list_item_get_child (item)), "arc-row");

  g_signal_handlers_disconnect_by_func (entry, entry_status_cb, row);
}

/* Filtering */

static gboolean
contains_casefolded (const char *text,
                     const char *needle)
{
  g_autofree char *folded = g_utf8_casefold (text, -1);
  return strstr (folded, needle) != NULL;
}

/* The search matches the id, the group, and what anyone wrote about the
 * task; "tag:NAME" matches tasks tagged NAME. */
static gboolean
search_matches (ArcTaskList *self,
                ArcEntry    *entry)
{
  const char *id = arc_entry_get_id (entry);
  gboolean tag_only = g_str_has_prefix (self->search, "tag:");
  const char *needle = tag_only ? self->search + 4 : self->search;
  ArcNotes *notes;
  g_auto(GStrv) names = NULL;

  while (*needle == ' ')
    needle++;
  if (!tag_only && (contains_casefolded (id, needle) || contains_casefolded (arc_entry_get_group (entry), needle)))
    return TRUE;
  if (self->notes_store == NULL)
    return FALSE;
  notes = arc_notes_store_get (self->notes_store, entry, NULL, NULL);
  names = arc_notes_dup_annotators (notes, id);
  for (guint i = 0; names[i]; i++)
    {
      ArcAnnotation *a = arc_notes_get (notes, id, names[i]);

      for (guint t = 0; t < a->tags->len; t++)
        {
          g_autofree char *tag = g_utf8_casefold (a->tags->pdata[t], -1);
          if (tag_only ? g_str_equal (tag, needle) : strstr (tag, needle) != NULL)
            return TRUE;
        }
      if (!tag_only && (contains_casefolded (a->input_text, needle) || contains_casefolded (a->size_text, needle) ||
                        contains_casefolded (a->transform_text, needle) || contains_casefolded (a->notes, needle)))
        return TRUE;
    }
  return FALSE;
}

static gboolean
filter_func (gpointer item,
             gpointer user_data)
{
  ArcTaskList *self = user_data;
  ArcEntry *entry = item;

  if (self->group && g_strcmp0 (arc_entry_get_group (entry), self->group) != 0)
    return FALSE;
  if (self->search && *self->search && !search_matches (self, entry))
    return FALSE;
  if (self->status != ARC_STATUS_FILTER_ALL)
    {
      /* A task not checked yet comes in when the background check gets to it */
      ArcEntryStatus status = arc_entry_get_status (entry);

      if (self->status == ARC_STATUS_FILTER_VALID && status != ARC_ENTRY_VALID)
        return FALSE;
      if (self->status == ARC_STATUS_FILTER_INVALID && status != ARC_ENTRY_INVALID)
        return FALSE;
    }
  return TRUE;
}

static void
refilter (ArcTaskList *self)
{
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
}

static void
search_changed_cb (GtkSearchEntry *entry,
                   ArcTaskList    *self)
{
  g_free (self->search);
  self->search = g_utf8_casefold (gtk_editable_get_text (GTK_EDITABLE (entry)), -1);
  refilter (self);
}

static void
group_selected_cb (GtkDropDown *dropdown,
                   GParamSpec  *pspec,
                   ArcTaskList *self)
{
  guint selected = gtk_drop_down_get_selected (dropdown);

  g_clear_pointer (&self->group, g_free);
  if (selected != GTK_INVALID_LIST_POSITION && selected > 0)
    {
      const char *label = gtk_string_list_get_string (self->groups, selected);
      self->group = g_strdup (g_str_equal (label, _("(top folder)")) ? "" : label);
    }
  refilter (self);
}

static void
status_selected_cb (GtkDropDown *dropdown,
                    GParamSpec  *pspec,
                    ArcTaskList *self)
{
  guint selected = gtk_drop_down_get_selected (dropdown);

  self->status = selected == GTK_INVALID_LIST_POSITION ? ARC_STATUS_FILTER_ALL : (ArcStatusFilter) selected;
  refilter (self);
  /* Filtering by status needs every task checked: if the check was
   * stopped, it starts again (tasks checked already are quick) */
  if (self->status != ARC_STATUS_FILTER_ALL && self->collection && !self->checking &&
      !arc_collection_get_loading (self->collection) &&
      self->n_checked < g_list_model_get_n_items (G_LIST_MODEL (self->collection)))
    {
      g_clear_object (&self->cancellable);
      self->cancellable = g_cancellable_new ();
      start_checking (self);
    }
}

/* The group menu follows the collection's groups. */
static gboolean
update_groups_idle (gpointer user_data)
{
  ArcTaskList *self = user_data;
  g_auto(GStrv) groups = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) labels = NULL;
  guint n_old;

  self->groups_idle = 0;
  if (self->collection == NULL)
    return G_SOURCE_REMOVE;
  groups = arc_collection_dup_groups (self->collection);
  g_strv_builder_add (builder, _("All groups"));
  for (guint i = 0; groups[i]; i++)
    g_strv_builder_add (builder, *groups[i] ? groups[i] : _("(top folder)"));
  labels = g_strv_builder_end (builder);

  /* Only when they changed: the dropdown keeps its selection */
  n_old = g_list_model_get_n_items (G_LIST_MODEL (self->groups));
  if (n_old == g_strv_length (labels))
    {
      gboolean same = TRUE;

      for (guint i = 0; i < n_old && same; i++)
        same = g_str_equal (gtk_string_list_get_string (self->groups, i), labels[i]);
      if (same)
        return G_SOURCE_REMOVE;
    }
  g_signal_handlers_block_by_func (self->group_filter, group_selected_cb, self);
  gtk_string_list_splice (self->groups, 0, n_old, (const char * const *) labels);
  gtk_drop_down_set_selected (self->group_filter, 0);
  g_signal_handlers_unblock_by_func (self->group_filter, group_selected_cb, self);
  /* Only one group: nothing to choose */
  gtk_widget_set_sensitive (GTK_WIDGET (self->group_filter), g_strv_length (labels) > 2);
  if (self->group)
    {
      g_clear_pointer (&self->group, g_free);
      refilter (self);
    }
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
  gboolean loading = self->collection && arc_collection_get_loading (self->collection);
  guint n = self->collection ? g_list_model_get_n_items (G_LIST_MODEL (self->collection)) : 0;
  g_autofree char *text = NULL;

  if (loading)
    {
      guint scanned = arc_collection_get_n_scanned (self->collection);

      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Listing… %u file", "Listing… %u files", scanned), scanned);
      gtk_progress_bar_pulse (self->progress_bar);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->cancel_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Stop listing"), -1);
    }
  else if (self->checking && n > 0)
    {
      text = g_strdup_printf (_("Checking tasks… %u of %u"), self->n_checked, n);
      gtk_progress_bar_set_fraction (self->progress_bar, (double) self->n_checked / n);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->cancel_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Stop checking"), -1);
    }
  if (text)
    gtk_label_set_text (self->progress_label, text);
  gtk_revealer_set_reveal_child (self->progress_revealer, loading || self->checking);
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
  gboolean loading = self->collection && arc_collection_get_loading (self->collection);

  gtk_tooltip_set_text (tooltip, loading || !self->checking ? _("Stop Listing (Escape)") : _("Stop Checking (Escape)"));
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
  gtk_stack_set_visible_child_name (self->list_stack,
                                    n == 0 && self->collection && g_list_model_get_n_items (G_LIST_MODEL (self->collection)) > 0
                                    ? "no-match" : "list");
  if (self->pending_select && arc_task_list_select_id (self, self->pending_select))
    g_clear_pointer (&self->pending_select, g_free);
  else if (self->pending_select && !arc_collection_get_loading (self->collection))
    g_clear_pointer (&self->pending_select, g_free);  /* it never came */
  queue_update_groups (self);
}

/* Checking every task in the background */

typedef struct
{
  ArcTaskList *self;
  GPtrArray   *changed;   /* ArcEntry whose status changed */
  guint        n_checked;
  guint        n_invalid;
  gboolean     done;
} CheckBatch;

static gboolean
apply_check_batch (gpointer data)
{
  CheckBatch *batch = data;
  ArcTaskList *self = batch->self;

  for (guint i = 0; i < batch->changed->len; i++)
    arc_entry_notify_status (batch->changed->pdata[i]);
  self->n_checked = batch->n_checked;
  self->n_invalid = batch->n_invalid;
  if (batch->done)
    {
      self->checking = FALSE;
      arc_trace_mark_once ("collection-checked");
      start_counting (self);
    }
  /* Statuses only become known: tasks can only come in. At the end, also
   * those checked meanwhile for rows shown. */
  if (self->status != ARC_STATUS_FILTER_ALL && (batch->changed->len > 0 || batch->done))
    gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_LESS_STRICT);
  update_progress (self);
  if (batch->changed->len > 0 || batch->done)
    g_signal_emit (self, signals[STATUS_CHANGED], 0);
  return G_SOURCE_REMOVE;
}

static void
check_batch_free (gpointer data)
{
  CheckBatch *batch = data;

  g_ptr_array_unref (batch->changed);
  g_object_unref (batch->self);
  g_free (batch);
}

static void
post_batch (ArcTaskList  *self,
            GMainContext *context,
            GPtrArray    *changed,
            guint         n_checked,
            guint         n_invalid,
            gboolean      done)
{
  CheckBatch *batch = g_new0 (CheckBatch, 1);

  batch->self = g_object_ref (self);
  batch->changed = changed;
  batch->n_checked = n_checked;
  batch->n_invalid = n_invalid;
  batch->done = done;
  g_main_context_invoke_full (context, G_PRIORITY_DEFAULT_IDLE, apply_check_batch, batch, check_batch_free);
}

typedef struct
{
  GPtrArray    *entries;
  GMainContext *context;
} CheckJob;

static void
check_job_free (gpointer data)
{
  CheckJob *job = data;

  g_ptr_array_unref (job->entries);
  g_main_context_unref (job->context);
  g_free (job);
}

static void
check_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  ArcTaskList *self = source_object;
  CheckJob *job = task_data;
  GPtrArray *changed = g_ptr_array_new_with_free_func (g_object_unref);
  guint n_invalid = 0;

  for (guint i = 0; i < job->entries->len; i++)
    {
      ArcEntry *entry = job->entries->pdata[i];

      if (g_cancellable_is_cancelled (cancellable))
        {
          g_ptr_array_unref (changed);
          g_task_return_boolean (task, FALSE);
          return;
        }
      if (arc_entry_validate (entry))
        g_ptr_array_add (changed, g_object_ref (entry));
      if (arc_entry_get_status (entry) == ARC_ENTRY_INVALID)
        n_invalid++;
      if ((i + 1) % VALIDATE_BATCH == 0)
        {
          post_batch (self, job->context, changed, i + 1, n_invalid, FALSE);
          changed = g_ptr_array_new_with_free_func (g_object_unref);
        }
    }
  post_batch (self, job->context, changed, job->entries->len, n_invalid, TRUE);
  g_task_return_boolean (task, TRUE);
}

/* Tasks whose rows are shown before the check of the whole collection got
 * to them (or after it was stopped) are checked in a worker of their own,
 * the one shown last first, so that the main thread never parses a file to
 * draw a row. The queue outlives the list while its worker runs. */
typedef struct UrgentQueue
{
  GMutex        lock;
  GPtrArray    *entries;    /* ArcEntry, the last one first */
  gboolean      running;    /* a worker is emptying it */
  GMainContext *context;
} UrgentQueue;

static void
urgent_queue_clear (UrgentQueue *queue)
{
  g_mutex_clear (&queue->lock);
  g_ptr_array_unref (queue->entries);
  g_main_context_unref (queue->context);
}

static UrgentQueue *
urgent_queue_new (void)
{
  UrgentQueue *queue = g_atomic_rc_box_new0 (UrgentQueue);

  g_mutex_init (&queue->lock);
  queue->entries = g_ptr_array_new_with_free_func (g_object_unref);
  queue->context = g_main_context_ref_thread_default ();
  return queue;
}

static void
urgent_queue_release (gpointer queue)
{
  g_atomic_rc_box_release_full (queue, (GDestroyNotify) urgent_queue_clear);
}

static gboolean
notify_status_cb (gpointer entry)
{
  arc_entry_notify_status (entry);
  return G_SOURCE_REMOVE;
}

static gpointer
urgent_thread (gpointer data)
{
  UrgentQueue *queue = data;

  for (;;)
    {
      g_autoptr(ArcEntry) entry = NULL;

      g_mutex_lock (&queue->lock);
      if (queue->entries->len == 0)
        {
          queue->running = FALSE;
          g_mutex_unlock (&queue->lock);
          break;
        }
      entry = g_ptr_array_steal_index (queue->entries, queue->entries->len - 1);
      g_mutex_unlock (&queue->lock);
      if (arc_entry_validate (entry))
        g_main_context_invoke_full (queue->context, G_PRIORITY_DEFAULT, notify_status_cb,
                                    g_object_ref (entry), g_object_unref);
    }
  urgent_queue_release (queue);
  return NULL;
}

static void
request_check (ArcTaskList *self,
               ArcEntry    *entry)
{
  UrgentQueue *queue = self->urgent;
  gboolean start;

  if (queue == NULL)
    return;  /* disposed */
  g_mutex_lock (&queue->lock);
  g_ptr_array_add (queue->entries, g_object_ref (entry));
  start = !queue->running;
  queue->running = TRUE;
  g_mutex_unlock (&queue->lock);
  if (start)
    g_thread_unref (g_thread_new ("arc-check-shown", urgent_thread, g_atomic_rc_box_acquire (queue)));
}

static void
start_checking (ArcTaskList *self)
{
  g_autoptr(GTask) task = NULL;
  CheckJob *job = g_new0 (CheckJob, 1);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->collection));

  job->entries = g_ptr_array_new_full (n, g_object_unref);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (job->entries, g_list_model_get_item (G_LIST_MODEL (self->collection), i));
  job->context = g_main_context_ref_thread_default ();
  self->checking = TRUE;
  self->n_checked = 0;
  self->n_invalid = 0;
  task = g_task_new (self, self->cancellable, NULL, NULL);
  g_task_set_source_tag (task, start_checking);
  g_task_set_name (task, "[arc-task-list] check");
  g_task_set_task_data (task, job, check_job_free);
  g_task_set_priority (task, G_PRIORITY_LOW);
  g_task_run_in_thread (task, check_thread);
  update_progress (self);
}

/* Files that are not tasks: counted under the search, listed in a popover */
static void
update_skipped (ArcTaskList *self)
{
  GPtrArray *skipped = self->collection ? arc_collection_get_skipped (self->collection) : NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *label = NULL;

  if (skipped == NULL || skipped->len == 0)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->skipped_button), FALSE);
      return;
    }
  for (guint i = 0; i < skipped->len && i < 500; i++)
    {
      ArcSkipped *s = skipped->pdata[i];
      g_string_append_printf (text, "%s%s: %s", i ? "\n" : "", s->display_name, s->reason);
    }
  if (skipped->len > 500)
    g_string_append_printf (text, _("\n… and %u more"), skipped->len - 500);
  label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u file is not a task", "%u files are not tasks",
                                        skipped->len), skipped->len);
  gtk_menu_button_set_label (self->skipped_button, label);
  gtk_label_set_text (self->skipped_label, text->str);
  gtk_widget_set_visible (GTK_WIDGET (self->skipped_button), TRUE);
}

/* The collection is listed (by us, or by whoever started it) */
static void
collection_loading_cb (ArcCollection *collection,
                       GParamSpec    *pspec,
                       ArcTaskList   *self)
{
  const GError *error = arc_collection_get_error (collection);

  update_progress (self);
  if (arc_collection_get_loading (collection))
    return;
  arc_trace_mark_once ("collection-listed");
  queue_update_groups (self);
  update_skipped (self);
  if (self->pending_select && !arc_task_list_select_id (self, self->pending_select))
    g_clear_pointer (&self->pending_select, g_free);
  if (error && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_signal_emit (self, signals[LOADED], 0, error->message);
  else
    g_signal_emit (self, signals[LOADED], 0, NULL);
  if (error == NULL)
    start_checking (self);
}

static void
load_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  /* What follows is done by collection_loading_cb() */
  arc_collection_load_finish (ARC_COLLECTION (source), result, NULL);
}

/* Public */

void
arc_task_list_set_notes_store (ArcTaskList   *self,
                               ArcNotesStore *store)
{
  g_return_if_fail (ARC_IS_TASK_LIST (self));
  g_set_object (&self->notes_store, store);
  if (self->count_source || self->counted)
    start_counting (self);
}

static guint
note_flags (ArcTaskList *self,
            ArcEntry    *entry)
{
  gboolean annotated, attempted, solved;

  notes_state (self, entry, &annotated, &attempted, &solved);
  return (annotated ? NOTE_ANNOTATED : 0) | (attempted ? NOTE_ATTEMPTED : 0) | (solved ? NOTE_SOLVED : 0);
}

static void
add_note_flags (ArcTaskList *self,
                guint        flags,
                int          sign)
{
  for (guint i = 0; i < 3; i++)
    if (flags & (1u << i))
      self->note_counts[i] += sign;
}

/* Counts a few milliseconds' worth of tasks; reading a task's notes the
 * first time reads its sidecar, and 10,000 of them take a while. */
static gboolean
count_notes_slice (gpointer data)
{
  ArcTaskList *self = data;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->collection));
  gint64 until = g_get_monotonic_time () + 4000;

  while (self->count_next < n)
    {
      ArcEntry *entry = arc_collection_get_entry (self->collection, self->count_next++);
      guint flags = note_flags (self, entry);

      g_hash_table_insert (self->note_flags, g_object_ref (entry), GUINT_TO_POINTER (flags));
      add_note_flags (self, flags, 1);
      if (g_get_monotonic_time () >= until)
        return G_SOURCE_CONTINUE;
    }
  self->count_source = 0;
  self->counted = TRUE;
  arc_trace_mark_once ("notes-counted");
  g_signal_emit (self, signals[STATUS_CHANGED], 0);
  return G_SOURCE_REMOVE;
}

static void
reset_counts (ArcTaskList *self)
{
  g_clear_handle_id (&self->count_source, g_source_remove);
  g_hash_table_remove_all (self->note_flags);
  memset (self->note_counts, 0, sizeof self->note_counts);
  self->count_next = 0;
  self->counted = FALSE;
}

/* (Re)counts the notes summary from the start */
static void
start_counting (ArcTaskList *self)
{
  reset_counts (self);
  if (self->collection == NULL || self->notes_store == NULL)
    return;
  self->count_source = g_idle_add_full (G_PRIORITY_LOW, count_notes_slice, self, NULL);
  g_source_set_static_name (g_main_context_find_source_by_id (NULL, self->count_source), "[arc-task-list] count notes");
}

/**
 * arc_task_list_get_note_counts:
 * The tasks annotated, attempted and solved, counted in the background once
 * every task is checked, and kept up to date as notes are saved
 * (::status-changed tells).
 *
 * Returns: whether every task is counted
 */
gboolean
arc_task_list_get_note_counts (ArcTaskList *self,
                               guint       *annotated,
                               guint       *attempted,
                               guint       *solved)
{
  g_return_val_if_fail (ARC_IS_TASK_LIST (self), FALSE);

  *annotated = self->note_counts[0];
  *attempted = self->note_counts[1];
  *solved = self->note_counts[2];
  return self->counted;
}

static void
refresh_rows (GtkWidget *widget,
              ArcEntry  *entry)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      Row *row = g_object_get_data (G_OBJECT (child), "arc-row");

      ArcEntry *bound = g_object_get_data (G_OBJECT (child), "arc-entry");

      if (row && bound && (entry == NULL || bound == entry))
        update_row (row, bound);
      else
        refresh_rows (child, entry);
    }
}

/**
 * arc_task_list_notes_changed:
 * The notes of @entry changed: its badges are shown again.
 */
void
arc_task_list_notes_changed (ArcTaskList *self,
                             ArcEntry    *entry)
{
  g_return_if_fail (ARC_IS_TASK_LIST (self));

  gpointer old;

  refresh_rows (GTK_WIDGET (self->list_view), entry);
  if (self->search && *self->search)
    refilter (self);
  /* A task counted already is counted again; the others will be */
  if (g_hash_table_lookup_extended (self->note_flags, entry, NULL, &old))
    {
      guint flags = note_flags (self, entry);

      add_note_flags (self, GPOINTER_TO_UINT (old), -1);
      add_note_flags (self, flags, 1);
      g_hash_table_insert (self->note_flags, g_object_ref (entry), GUINT_TO_POINTER (flags));
      g_signal_emit (self, signals[STATUS_CHANGED], 0);
    }
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
  refresh_rows (GTK_WIDGET (self->list_view), NULL);
}

ArcReviewMark
arc_task_list_get_review_mark (ArcTaskList *self,
                               const char  *id)
{
  g_return_val_if_fail (ARC_IS_TASK_LIST (self), ARC_REVIEW_NONE);

  return self->review ? GPOINTER_TO_INT (g_hash_table_lookup (self->review, id)) : ARC_REVIEW_NONE;
}

/* Tasks came or went on disk: the summary is counted again (the notes read
 * so far are kept by the store, so that is quick) */
static void
collection_items_changed_cb (GListModel  *model,
                             guint        position,
                             guint        removed,
                             guint        added,
                             ArcTaskList *self)
{
  if (self->count_source || self->counted)
    start_counting (self);
}

/**
 * arc_task_list_set_collection:
 * Shows @collection, listing it first (in the background) if it was not.
 */
void
arc_task_list_set_collection (ArcTaskList   *self,
                              ArcCollection *collection)
{
  g_return_if_fail (ARC_IS_TASK_LIST (self));
  g_return_if_fail (collection == NULL || ARC_IS_COLLECTION (collection));

  arc_task_list_cancel (self);
  g_clear_object (&self->cancellable);
  if (self->collection)
    g_signal_handlers_disconnect_by_data (self->collection, self);
  g_set_object (&self->collection, collection);
  g_clear_pointer (&self->pending_select, g_free);
  self->checking = FALSE;
  self->n_invalid = 0;
  self->n_checked = 0;
  reset_counts (self);

  gtk_filter_list_model_set_model (self->filtered, G_LIST_MODEL (collection));
  gtk_stack_set_visible_child_name (self->list_stack, "list");
  queue_update_groups (self);
  update_skipped (self);
  if (collection == NULL)
    {
      update_progress (self);
      return;
    }
  g_signal_connect (collection, "notify::n-scanned", G_CALLBACK (collection_progress_cb), self);
  g_signal_connect (collection, "items-changed", G_CALLBACK (collection_items_changed_cb), self);
  g_signal_connect (collection, "notify::loading", G_CALLBACK (collection_loading_cb), self);
  self->cancellable = g_cancellable_new ();
  if (arc_collection_get_loading (collection))
    {
      /* Started before the window existed: stopping it stops that */
      GCancellable *load_cancellable = g_object_get_data (G_OBJECT (collection), "arc-load-cancellable");

      if (load_cancellable)
        g_signal_connect_object (self->cancellable, "cancelled", G_CALLBACK (g_cancellable_cancel),
                                 load_cancellable, G_CONNECT_SWAPPED);
    }
  else if (g_list_model_get_n_items (G_LIST_MODEL (collection)) == 0)
    arc_collection_load_async (collection, self->cancellable, load_done_cb, NULL);
  else
    {
      update_skipped (self);
      start_checking (self);
    }
  update_progress (self);
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

  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  self->checking = FALSE;
  /* The summary still counts the notes of what was listed */
  if (self->collection && !self->counted && self->count_source == 0)
    start_counting (self);
  update_progress (self);
}

gboolean
arc_task_list_is_busy (ArcTaskList *self)
{
  g_return_val_if_fail (ARC_IS_TASK_LIST (self), FALSE);
  return self->checking || self->count_source != 0 ||
         (self->collection && arc_collection_get_loading (self->collection));
}

guint
arc_task_list_get_n_invalid (ArcTaskList *self)
{
  g_return_val_if_fail (ARC_IS_TASK_LIST (self), 0);
  return self->n_invalid;
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

  *n_items = g_list_model_get_n_items (G_LIST_MODEL (self->selection));
  *position = gtk_single_selection_get_selected (self->selection);
  return *position != GTK_INVALID_LIST_POSITION;
}

static void
select_position (ArcTaskList *self,
                 guint        position)
{
  gtk_single_selection_set_selected (self->selection, position);
  gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", position);
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
  GListModel *model;
  guint n;

  g_return_val_if_fail (ARC_IS_TASK_LIST (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  model = G_LIST_MODEL (self->selection);
  n = g_list_model_get_n_items (model);
  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < n; i++)
      {
        g_autoptr(ArcEntry) entry = g_list_model_get_item (model, i);
        g_autofree char *full = NULL;
        gboolean match;

        if (pass == 0)
          match = g_str_equal (arc_entry_get_id (entry), id);
        else
          {
            full = *arc_entry_get_group (entry) ? g_strconcat (arc_entry_get_group (entry), "/", arc_entry_get_id (entry), NULL)
                                                 : g_strdup (arc_entry_get_id (entry));
            match = g_str_equal (full, id);
          }
        if (match)
          {
            select_position (self, i);
            return TRUE;
          }
      }
  if (self->collection && arc_collection_get_loading (self->collection) && id != self->pending_select)
    {
      g_free (self->pending_select);
      self->pending_select = g_strdup (id);
    }
  return FALSE;
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
  guint n, pos;

  g_return_val_if_fail (ARC_IS_TASK_LIST (self), FALSE);

  n = g_list_model_get_n_items (G_LIST_MODEL (self->selection));
  pos = gtk_single_selection_get_selected (self->selection);
  if (n == 0 || pos == GTK_INVALID_LIST_POSITION)
    return FALSE;
  if ((delta < 0 && pos < (guint) -delta) || (delta > 0 && pos + (guint) delta >= n))
    return FALSE;
  select_position (self, (guint) ((int) pos + delta));
  return TRUE;
}

void
arc_task_list_focus_search (ArcTaskList *self)
{
  g_return_if_fail (ARC_IS_TASK_LIST (self));
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
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
  for (guint i = 1; i < g_list_model_get_n_items (G_LIST_MODEL (self->groups)); i++)
    if (g_strcmp0 (gtk_string_list_get_string (self->groups, i), group) == 0)
      {
        gtk_drop_down_set_selected (self->group_filter, i);
        return;
      }
  gtk_drop_down_set_selected (self->group_filter, 0);
}

/* GObject */

static void
selection_changed_cb (GtkSingleSelection *selection,
                      GParamSpec         *pspec,
                      ArcTaskList        *self)
{
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
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

  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->urgent)
    {
      /* Its worker, if any, stops after the task at hand */
      g_mutex_lock (&self->urgent->lock);
      g_ptr_array_set_size (self->urgent->entries, 0);
      g_mutex_unlock (&self->urgent->lock);
      g_clear_pointer (&self->urgent, urgent_queue_release);
    }
  g_clear_handle_id (&self->groups_idle, g_source_remove);
  g_clear_handle_id (&self->count_source, g_source_remove);
  if (self->collection)
    g_signal_handlers_disconnect_by_data (self->collection, self);
  g_clear_object (&self->collection);
  g_clear_object (&self->notes_store);
  g_clear_pointer (&self->review, g_hash_table_unref);
  if (self->selection)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  if (self->filtered)
    g_signal_handlers_disconnect_by_data (self->filtered, self);
  gtk_list_view_set_model (self->list_view, NULL);
  g_clear_object (&self->selection);
  g_clear_object (&self->groups);
  g_clear_pointer (&self->box, gtk_widget_unparent);

  G_OBJECT_CLASS (arc_task_list_parent_class)->dispose (object);
}

static void
arc_task_list_finalize (GObject *object)
{
  ArcTaskList *self = ARC_TASK_LIST (object);

  g_free (self->search);
  g_free (self->group);
  g_free (self->pending_select);
  g_hash_table_unref (self->note_flags);

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
   * ArcTaskList::loaded:
   * @error: (nullable): why listing failed
   * The collection is listed.
   */
  signals[LOADED] = g_signal_new ("loaded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /**
   * ArcTaskList::status-changed:
   * Tasks were checked: the number of invalid ones may have changed.
   */
  signals[STATUS_CHANGED] = g_signal_new ("status-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
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
  gtk_widget_class_bind_template_child (widget_class, ArcTaskList, skipped_label);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "arc-task-list");
}

static void
arc_task_list_init (ArcTaskList *self)
{
  const char *statuses[] = { N_("All tasks"), N_("Valid"), N_("Invalid"), NULL };
  g_autoptr(GtkStringList) status_model = gtk_string_list_new (NULL);
  GtkListItemFactory *factory;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->urgent = urgent_queue_new ();
  self->note_flags = g_hash_table_new_full (NULL, NULL, g_object_unref, NULL);

  for (guint i = 0; statuses[i]; i++)
    gtk_string_list_append (status_model, _(statuses[i]));
  gtk_drop_down_set_model (self->status_filter, G_LIST_MODEL (status_model));
  self->groups = gtk_string_list_new (NULL);
  gtk_string_list_append (self->groups, _("All groups"));
  gtk_drop_down_set_model (self->group_filter, G_LIST_MODEL (self->groups));
  gtk_widget_set_sensitive (GTK_WIDGET (self->group_filter), FALSE);

  self->filter = gtk_custom_filter_new (filter_func, self, NULL);
  self->filtered = gtk_filter_list_model_new (NULL, GTK_FILTER (self->filter));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (self->filtered));
  gtk_single_selection_set_autoselect (self->selection, TRUE);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (row_setup_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (row_bind_cb), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (row_unbind_cb), self);
  gtk_list_view_set_factory (self->list_view, factory);
  g_object_unref (factory);

  g_signal_connect (self->selection, "notify::selected-item", G_CALLBACK (selection_changed_cb), self);
  g_signal_connect (self->filtered, "items-changed", G_CALLBACK (filtered_items_changed_cb), self);
  g_signal_connect (self->search_entry, "search-changed", G_CALLBACK (search_changed_cb), self);
  g_signal_connect (self->group_filter, "notify::selected", G_CALLBACK (group_selected_cb), self);
  g_signal_connect (self->status_filter, "notify::selected", G_CALLBACK (status_selected_cb), self);
  g_signal_connect (self->cancel_button, "clicked", G_CALLBACK (cancel_clicked_cb), self);
  g_signal_connect (self->cancel_button, "query-tooltip", G_CALLBACK (cancel_query_tooltip_cb), self);
}

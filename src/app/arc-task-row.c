/* arc-task-row.c: one task in the sidebar: thumbnail, id, group and badges
 *
 * A row shows the entry bound to it and keeps itself up to date: from the
 * entry (its check status) and from the collection status (its notes).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-task-row"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "arc-grid-view.h"
#include "arc-task-row.h"

/* The badges a row can show, in their order. They are made when first
 * shown: most rows show none, and GTK 4.8's list view keeps 200 rows. */
enum
{
  BADGE_UNSAVED,
  BADGE_ANNOTATED,
  BADGE_IN_PROGRESS,
  BADGE_ATTEMPTED,
  BADGE_SOLVED,
  BADGE_FAILED,
  BADGE_OTHERS,
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
  [BADGE_UNSAVED] = { "media-record-symbolic", N_("Unsaved edits"), "accent" },
  [BADGE_ANNOTATED] = { "document-edit-symbolic", N_("Annotated"), "dim-label" },
  [BADGE_IN_PROGRESS] = { "arc-in-progress-symbolic", N_("In progress, no answer submitted"), "accent" },
  [BADGE_ATTEMPTED] = { "media-playlist-repeat-symbolic", N_("Attempted"), "warning" },
  [BADGE_SOLVED] = { "emblem-ok-symbolic", N_("Solved"), "success" },
  [BADGE_FAILED] = { "dialog-warning-symbolic", N_("Failed"), "error" },
  [BADGE_OTHERS] = { "system-users-symbolic", N_("Described by others"), "dim-label" },
  [BADGE_RIGHT] = { ARC_REVIEW_RIGHT_ICON, N_("Right in the reviewed submission"), "success" },
  [BADGE_WRONG] = { ARC_REVIEW_WRONG_ICON, N_("Wrong in the reviewed submission"), "error" },
  [BADGE_INVALID] = { "dialog-error-symbolic", N_("Invalid"), "error" },
};

struct _ArcTaskRow
{
  GtkWidget            parent_instance;

  /* Template widgets */
  ArcGridView         *thumbnail;
  GtkWidget           *labels;
  GtkLabel            *id;
  GtkLabel            *group;

  GtkWidget           *badges[N_BADGES];  /* NULL until first shown */
  ArcCollectionStatus *status;
  ArcEntry            *entry;
  GSignalGroup        *entry_signals;  /* follow the entry shown */
  ArcReviewMark        mark;
};

G_DEFINE_FINAL_TYPE (ArcTaskRow, arc_task_row, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_ENTRY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Shows or hides a badge; @tooltip replaces its label as tooltip (the
 * invalid badge's tooltip is the validator's message). */
static void
set_badge (ArcTaskRow *self,
           guint       which,
           gboolean    visible,
           const char *tooltip)
{
  GtkWidget *image = self->badges[which];

  if (image == NULL)
    {
      GtkWidget *before = self->labels;

      if (!visible)
        return;
      image = gtk_image_new_from_icon_name (badges[which].icon);
      gtk_accessible_update_property (GTK_ACCESSIBLE (image), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _(badges[which].label), -1);
      gtk_widget_add_css_class (image, badges[which].css_class);
      for (guint i = 0; i < which; i++)
        if (self->badges[i])
          before = self->badges[i];
      /* Hidden while its tooltip is set: a visible widget's new tooltip
       * costs a round trip to the display server (GTK asks where the
       * pointer is). */
      gtk_widget_set_visible (image, FALSE);
      gtk_widget_insert_after (image, GTK_WIDGET (self), before);
      self->badges[which] = image;
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

/* Returns: (transfer full): "Described by 3 others · built by others 4 of 5":
 * others' work, theirs, not the user's progress */
static char *
dup_others_text (ArcTaskRow *self)
{
  ArcNotesStore *store = arc_collection_status_get_notes_store (self->status);
  guint described, builds = 0, built = 0;
  GString *text;

  if (store == NULL)
    return NULL;
  described = arc_notes_store_count_others (store, self->entry, &builds, &built);
  text = g_string_new (NULL);
  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "Described by %u other", "Described by %u others",
                                             described), described);
  if (builds > 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, " · built by others %u of %u time",
                                               " · built by others %u of %u times", builds), built, builds);
  return g_string_free (text, FALSE);
}

static void
update (ArcTaskRow *self)
{
  g_autoptr(ArcGrid) thumbnail = arc_entry_dup_thumbnail (self->entry);
  gboolean invalid = arc_entry_get_status (self->entry) == ARC_ENTRY_INVALID;
  ArcNotesFlags flags = arc_collection_status_get_flags (self->status, self->entry);
  gboolean solved = flags & ARC_NOTES_FLAG_SOLVED;
  gboolean failed = flags & ARC_NOTES_FLAG_FAILED;

  arc_grid_view_set_grid (self->thumbnail, thumbnail);
  set_badge (self, BADGE_UNSAVED, arc_entry_get_unsaved (self->entry), NULL);
  set_badge (self, BADGE_ANNOTATED, flags & ARC_NOTES_FLAG_ANNOTATED, NULL);
  set_badge (self, BADGE_IN_PROGRESS, flags & ARC_NOTES_FLAG_IN_PROGRESS, NULL);
  set_badge (self, BADGE_ATTEMPTED, (flags & ARC_NOTES_FLAG_ATTEMPTED) && !solved && !failed, NULL);
  set_badge (self, BADGE_SOLVED, solved, NULL);
  set_badge (self, BADGE_FAILED, failed, NULL);
  {
    gboolean others = flags & ARC_NOTES_FLAG_OTHERS_ANNOTATED;
    g_autofree char *text = others ? dup_others_text (self) : NULL;

    set_badge (self, BADGE_OTHERS, others, text);
  }
  set_badge (self, BADGE_RIGHT, self->mark == ARC_REVIEW_RIGHT, NULL);
  set_badge (self, BADGE_WRONG, self->mark == ARC_REVIEW_WRONG, NULL);
  {
    g_autofree char *message = invalid ? arc_entry_dup_error_message (self->entry) : NULL;

    set_badge (self, BADGE_INVALID, invalid, message);
  }
}

static void
entry_status_cb (ArcEntry   *entry,
                 GParamSpec *pspec,
                 ArcTaskRow *self)
{
  update (self);
}

static void
notes_changed_cb (ArcCollectionStatus *status,
                  ArcEntry            *entry,
                  ArcTaskRow          *self)
{
  if (entry == NULL || entry == self->entry)  /* NULL: every task's */
    update (self);
}

/**
 * arc_task_row_bind:
 * Shows @entry of @status's collection; a task not checked yet is checked
 * now, before the background check gets to it, and its thumbnail made (only
 * shown rows keep one).
 */
void
arc_task_row_bind (ArcTaskRow          *self,
                   ArcCollectionStatus *status,
                   ArcEntry            *entry,
                   ArcReviewMark        mark)
{
  g_return_if_fail (ARC_IS_TASK_ROW (self));
  g_return_if_fail (ARC_IS_COLLECTION_STATUS (status));
  g_return_if_fail (ARC_IS_ENTRY (entry));

  arc_task_row_unbind (self);
  self->status = g_object_ref (status);
  g_signal_connect_object (status, "status-changed::notes", G_CALLBACK (notes_changed_cb), self, 0);
  self->entry = g_object_ref (entry);
  self->mark = mark;
  if (arc_entry_needs_thumbnail (entry))
    arc_collection_status_check_now (status, entry);
  update (self);
  /* The id and group labels, and the entry's signals, follow it */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENTRY]);
}

void
arc_task_row_unbind (ArcTaskRow *self)
{
  g_return_if_fail (ARC_IS_TASK_ROW (self));

  /* A status kept would keep its collection's check going */
  if (self->status)
    g_signal_handlers_disconnect_by_func (self->status, notes_changed_cb, self);
  g_clear_object (&self->status);
  if (self->entry == NULL)
    return;
  g_clear_object (&self->entry);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENTRY]);
}

ArcEntry *
arc_task_row_get_entry (ArcTaskRow *self)
{
  g_return_val_if_fail (ARC_IS_TASK_ROW (self), NULL);
  return self->entry;
}

/**
 * arc_task_row_set_review_mark:
 * Marks the task right or wrong in the reviewed submission.
 */
void
arc_task_row_set_review_mark (ArcTaskRow    *self,
                              ArcReviewMark  mark)
{
  g_return_if_fail (ARC_IS_TASK_ROW (self));

  if (self->mark == mark)
    return;
  self->mark = mark;
  if (self->entry)
    update (self);
}

GtkWidget *
arc_task_row_new (void)
{
  return g_object_new (ARC_TYPE_TASK_ROW, NULL);
}

static void
arc_task_row_dispose (GObject *object)
{
  ArcTaskRow *self = ARC_TASK_ROW (object);
  GtkWidget *child;

  arc_task_row_unbind (self);
  g_clear_object (&self->entry_signals);
  memset (self->badges, 0, sizeof self->badges);
  gtk_widget_dispose_template (GTK_WIDGET (self), ARC_TYPE_TASK_ROW);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (arc_task_row_parent_class)->dispose (object);
}

static void
arc_task_row_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  ArcTaskRow *self = ARC_TASK_ROW (object);

  switch (prop_id)
    {
    case PROP_ENTRY:
      g_value_set_object (value, self->entry);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The group label shows when there is a group */
static gboolean
has_text_cb (ArcTaskRow *self,
             const char *text)
{
  return text != NULL && *text != '\0';
}

static void
arc_task_row_class_init (ArcTaskRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arc_task_row_dispose;
  object_class->get_property = arc_task_row_get_property;

  /* The entry shown (arc_task_row_bind()) */
  properties[PROP_ENTRY] = g_param_spec_object ("entry", NULL, NULL, ARC_TYPE_ENTRY,
                                                G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ARC_TYPE_GRID_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/arc-task-row.ui");
  gtk_widget_class_bind_template_child (widget_class, ArcTaskRow, thumbnail);
  gtk_widget_class_bind_template_child (widget_class, ArcTaskRow, labels);
  gtk_widget_class_bind_template_child (widget_class, ArcTaskRow, id);
  gtk_widget_class_bind_template_child (widget_class, ArcTaskRow, group);
  gtk_widget_class_bind_template_callback (widget_class, has_text_cb);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "arc-task-row");
}

static void
arc_task_row_init (ArcTaskRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))), 10);
  /* At most 30 px wide at one pixel a cell: every row gets the same 36 px square */
  arc_grid_view_set_cell_range (self->thumbnail, 1, 1);
  self->entry_signals = g_signal_group_new (ARC_TYPE_ENTRY);
  g_signal_group_connect_object (self->entry_signals, "notify::status", G_CALLBACK (entry_status_cb), self, 0);
  g_signal_group_connect_object (self->entry_signals, "notify::unsaved", G_CALLBACK (entry_status_cb), self, 0);
  g_object_bind_property (self, "entry", self->entry_signals, "target", G_BINDING_DEFAULT);
}

/**
 * arc_task_row_get_thumbnail:
 * Returns: (transfer none): the ArcGridView of the thumbnail, for the palette
 */
GtkWidget *
arc_task_row_get_thumbnail (ArcTaskRow *self)
{
  g_return_val_if_fail (ARC_IS_TASK_ROW (self), NULL);
  return GTK_WIDGET (self->thumbnail);
}

/* arc-notes-pane.c: the current task's rule description and notes, saved as you type
 *
 * The annotator (from Preferences, the user's real name by default) writes a
 * description in LARC's three parts, a confidence, a difficulty, tags (with
 * completion from the tags of the collection) and notes; the other
 * annotators' descriptions are shown read-only. There is no Save button:
 * the notes are saved a second after the last change, when another task is
 * shown, and when the window closes. A failed save is shown and retried, and
 * the edits stay in memory; a change on disk by another program is merged in.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-notes-pane"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-notes-pane.h"

#define SAVE_DELAY_MS   1000
#define RETRY_DELAY_MS  5000

static const char * const difficulties[] = { "", "easy", "medium", "hard", "very-hard", NULL };

struct _ArcNotesPane
{
  GtkWidget       parent_instance;

  GtkWidget      *box;
  GtkRevealer    *notice_revealer;
  GtkLabel       *notice_label;
  GtkLabel       *heading;
  GtkTextView    *input_view;
  GtkTextView    *size_view;
  GtkTextView    *transform_view;
  GtkDropDown    *confidence_dropdown;
  GtkDropDown    *difficulty_dropdown;
  GtkEntry       *tags_entry;
  GtkTextView    *notes_view;
  GtkLabel       *others_heading;
  GtkLabel       *others_label;
  GtkLabel       *save_label;

  GSettings      *settings;
  char           *annotator;
  ArcNotesStore  *store;
  ArcEntry       *entry;
  ArcNotes       *notes;
  GFileMonitor   *monitor;
  gboolean        filling;     /* changes come from us, not the user */
  gboolean        dirty;
  guint           save_source;
  gint64          shown_since;
  char           *notice;
};

G_DEFINE_FINAL_TYPE (ArcNotesPane, arc_notes_pane, GTK_TYPE_WIDGET)

enum {
  SAVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static char *
text_of (GtkTextView *view)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static void
set_notice (ArcNotesPane *self,
            const char   *text)
{
  g_free (self->notice);
  self->notice = g_strdup (text);
  gtk_label_set_text (self->notice_label, text ? text : "");
  gtk_revealer_set_reveal_child (self->notice_revealer, text != NULL);
}

/* The edits into the notes (in memory) */
static void
apply_edits (ArcNotesPane *self)
{
  ArcAnnotation *a;
  g_auto(GStrv) tags = NULL;
  guint confidence, difficulty;

  if (self->notes == NULL || self->entry == NULL)
    return;
  a = arc_notes_ensure (self->notes, arc_entry_get_id (self->entry), self->annotator);
  g_free (a->input_text);
  a->input_text = text_of (self->input_view);
  g_free (a->size_text);
  a->size_text = text_of (self->size_view);
  g_free (a->transform_text);
  a->transform_text = text_of (self->transform_view);
  g_free (a->notes);
  a->notes = text_of (self->notes_view);
  confidence = gtk_drop_down_get_selected (self->confidence_dropdown);
  a->confidence = confidence == 0 || confidence == GTK_INVALID_LIST_POSITION ? -1 : (int) confidence - 1;
  difficulty = gtk_drop_down_get_selected (self->difficulty_dropdown);
  g_free (a->difficulty);
  a->difficulty = g_strdup (difficulty < G_N_ELEMENTS (difficulties) - 1 ? difficulties[difficulty] : "");
  g_ptr_array_set_size (a->tags, 0);
  tags = g_strsplit (gtk_editable_get_text (GTK_EDITABLE (self->tags_entry)), ",", -1);
  for (guint i = 0; tags[i]; i++)
    {
      char *tag = g_strstrip (tags[i]);
      if (*tag && !g_ptr_array_find_with_equal_func (a->tags, tag, g_str_equal, NULL))
        g_ptr_array_add (a->tags, g_strdup (tag));
    }
  a->modified = g_get_real_time ();
  if (self->shown_since)
    {
      a->seconds_spent += (g_get_monotonic_time () - self->shown_since) / G_USEC_PER_SEC;
      self->shown_since = g_get_monotonic_time ();
    }
}

static gboolean save_timeout_cb (gpointer data);

static void
schedule_save (ArcNotesPane *self,
               guint         delay)
{
  g_clear_handle_id (&self->save_source, g_source_remove);
  self->save_source = g_timeout_add (delay, save_timeout_cb, self);
}

static void
set_save_state (ArcNotesPane *self,
                const char   *text)
{
  gtk_label_set_text (self->save_label, text);
}

/**
 * arc_notes_pane_save:
 * Saves now, if there is anything to save. On failure the edits stay, the
 * error is shown, and saving is tried again in a few seconds.
 */
gboolean
arc_notes_pane_save (ArcNotesPane  *self,
                     GError       **error)
{
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (ARC_IS_NOTES_PANE (self), FALSE);

  g_clear_handle_id (&self->save_source, g_source_remove);
  if (!self->dirty || self->notes == NULL)
    return TRUE;
  apply_edits (self);
  if (!arc_notes_save (self->notes, TRUE, &local_error) &&
      g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG))
    {
      /* Changed on disk meanwhile: take their changes, keep ours, and save */
      g_autofree char *kept_as = NULL;

      g_clear_error (&local_error);
      if (arc_notes_merge_from_disk (self->notes, arc_entry_get_id (self->entry), self->annotator, &kept_as, &local_error))
        arc_notes_save (self->notes, TRUE, &local_error);
      if (local_error == NULL)
        {
          g_autofree char *message = NULL;

          if (kept_as)
            message = g_strdup_printf (_("The notes file changed on disk while you were editing. Both versions are kept: the other one as “%s”."), kept_as);
          else
            message = g_strdup (_("The notes file changed on disk while you were editing; the changes were merged and yours kept."));
          set_notice (self, message);
        }
    }
  if (local_error)
    {
      g_autofree char *name = g_file_get_parse_name (arc_notes_get_file (self->notes));
      g_autofree char *message = g_strdup_printf (_("Not saved (trying again): %s"), local_error->message);

      set_save_state (self, message);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->save_label), name);
      schedule_save (self, RETRY_DELAY_MS);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  self->dirty = FALSE;
  set_save_state (self, _("All changes saved"));
  g_signal_emit (self, signals[SAVED], 0, self->entry);
  return TRUE;
}

static gboolean
save_timeout_cb (gpointer data)
{
  ArcNotesPane *self = data;

  self->save_source = 0;
  arc_notes_pane_save (self, NULL);
  return G_SOURCE_REMOVE;
}

static void
changed_cb (ArcNotesPane *self)
{
  if (self->filling || self->entry == NULL)
    return;
  self->dirty = TRUE;
  set_save_state (self, _("Editing…"));
  schedule_save (self, SAVE_DELAY_MS);
}

static void
set_text (GtkTextView *view,
          const char  *text)
{
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (view), text ? text : "", -1);
}

/* Shows the notes of the entry */
static void
fill (ArcNotesPane *self)
{
  ArcAnnotation *a = NULL;
  g_autoptr(GString) others = g_string_new (NULL);
  g_autoptr(GString) tags = g_string_new (NULL);
  g_auto(GStrv) annotators = NULL;
  g_autofree char *heading = NULL;
  const char *id;
  guint difficulty = 0;

  self->filling = TRUE;
  gtk_widget_set_sensitive (self->box, self->entry != NULL && self->notes != NULL);
  id = self->entry ? arc_entry_get_id (self->entry) : NULL;
  if (self->notes && id)
    a = arc_notes_get (self->notes, id, self->annotator);

  heading = g_strdup_printf (_("Notes by %s"), self->annotator);
  gtk_label_set_text (self->heading, heading);
  set_text (self->input_view, a ? a->input_text : NULL);
  set_text (self->size_view, a ? a->size_text : NULL);
  set_text (self->transform_view, a ? a->transform_text : NULL);
  set_text (self->notes_view, a ? a->notes : NULL);
  gtk_drop_down_set_selected (self->confidence_dropdown, a && a->confidence >= 0 ? (guint) a->confidence + 1 : 0);
  for (guint i = 0; a && difficulties[i]; i++)
    if (g_str_equal (difficulties[i], a->difficulty))
      difficulty = i;
  gtk_drop_down_set_selected (self->difficulty_dropdown, difficulty);
  for (guint i = 0; a && i < a->tags->len; i++)
    g_string_append_printf (tags, "%s%s", i ? ", " : "", (char *) a->tags->pdata[i]);
  gtk_editable_set_text (GTK_EDITABLE (self->tags_entry), tags->str);

  /* Everyone else's, read-only */
  annotators = self->notes && id ? arc_notes_dup_annotators (self->notes, id) : g_new0 (char *, 1);
  for (guint i = 0; annotators[i]; i++)
    {
      ArcAnnotation *o = arc_notes_get (self->notes, id, annotators[i]);

      if (g_str_equal (annotators[i], self->annotator) || !arc_annotation_has_text (o))
        continue;
      const char *parts[] = { o->input_text, o->size_text, o->transform_text, o->notes };

      g_string_append_printf (others, "%s%s\n", others->len ? "\n\n" : "", annotators[i]);
      for (guint p = 0; p < G_N_ELEMENTS (parts); p++)
        if (*parts[p])
          g_string_append_printf (others, "%s\n", parts[p]);
      for (guint t = 0; t < o->tags->len; t++)
        g_string_append_printf (others, "%s%s%s", t == 0 ? _("Tags: ") : ", ", (char *) o->tags->pdata[t],
                                t + 1 == o->tags->len ? "\n" : "");
    }
  gtk_label_set_text (self->others_label, g_strstrip (others->str));
  gtk_widget_set_visible (GTK_WIDGET (self->others_heading), others->len > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->others_label), others->len > 0);
  self->filling = FALSE;
}

static void
notes_file_changed_cb (GFileMonitor      *monitor,
                       GFile             *file,
                       GFile             *other,
                       GFileMonitorEvent  event,
                       ArcNotesPane      *self)
{
  g_autoptr(GError) error = NULL;

  if (event != G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT && event != G_FILE_MONITOR_EVENT_CREATED)
    return;
  if (self->notes == NULL || self->entry == NULL)
    return;
  /* Our own save? The etag tells */
  {
    g_autoptr(GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_ETAG_VALUE, G_FILE_QUERY_INFO_NONE, NULL, NULL);

    if (info && g_strcmp0 (g_file_info_get_etag (info), arc_notes_get_etag (self->notes)) == 0)
      return;
  }
  if (self->dirty)
    {
      /* Unsaved edits: merge now and save */
      arc_notes_pane_save (self, NULL);
      return;
    }
  if (arc_notes_load (self->notes, &error))
    {
      fill (self);
      set_notice (self, _("The notes file changed on disk and was read again."));
      g_signal_emit (self, signals[SAVED], 0, self->entry);
    }
  else
    set_notice (self, error->message);
}

static void
watch_notes (ArcNotesPane *self)
{
  if (self->monitor)
    {
      g_signal_handlers_disconnect_by_func (self->monitor, notes_file_changed_cb, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  if (self->notes == NULL)
    return;
  self->monitor = g_file_monitor_file (arc_notes_get_file (self->notes), G_FILE_MONITOR_NONE, NULL, NULL);
  if (self->monitor)
    g_signal_connect (self->monitor, "changed", G_CALLBACK (notes_file_changed_cb), self);
}

void
arc_notes_pane_set_store (ArcNotesPane  *self,
                          ArcNotesStore *store)
{
  g_return_if_fail (ARC_IS_NOTES_PANE (self));

  arc_notes_pane_set_entry (self, NULL);
  g_set_object (&self->store, store);
}

/**
 * arc_notes_pane_set_entry:
 * Shows @entry's notes, after saving the notes shown so far.
 */
void
arc_notes_pane_set_entry (ArcNotesPane *self,
                          ArcEntry     *entry)
{
  g_autoptr(GError) error = NULL;
  ArcNotesPlace place = ARC_NOTES_BESIDE;

  g_return_if_fail (ARC_IS_NOTES_PANE (self));

  if (entry == self->entry)
    return;
  arc_notes_pane_save (self, NULL);
  g_set_object (&self->entry, entry);
  self->notes = NULL;
  self->dirty = FALSE;
  set_notice (self, NULL);
  set_save_state (self, "");
  if (entry && self->store)
    {
      self->notes = arc_notes_store_get (self->store, entry, &place, &error);
      if (place == ARC_NOTES_FALLBACK)
        {
          g_autofree char *where = g_file_get_parse_name (arc_notes_get_file (self->notes));
          g_autofree char *message = g_strdup_printf (_("This folder cannot be written: your notes are kept in %s"), where);
          set_notice (self, message);
        }
      else if (place == ARC_NOTES_RECOVERED)
        {
          g_autofree char *where = g_file_get_parse_name (arc_notes_get_file (self->notes));
          g_autofree char *message = g_strdup_printf (_("%s\nIt is not written over: your edits go to %s until you mend it."),
                                                      error ? error->message : "", where);
          set_notice (self, message);
        }
    }
  self->shown_since = g_get_monotonic_time ();
  watch_notes (self);
  fill (self);
}

/**
 * arc_notes_pane_add_attempt:
 * Keeps an attempt from the solve workspace in the annotator's notes and
 * saves at once.
 */
void
arc_notes_pane_add_attempt (ArcNotesPane     *self,
                            const ArcAttempt *attempt)
{
  ArcAnnotation *a;
  ArcAttempt *copy;

  g_return_if_fail (ARC_IS_NOTES_PANE (self));

  if (self->notes == NULL || self->entry == NULL)
    return;
  apply_edits (self);
  a = arc_notes_ensure (self->notes, arc_entry_get_id (self->entry), self->annotator);
  copy = arc_attempt_copy (attempt);
  g_ptr_array_add (a->attempts, copy);
  self->dirty = TRUE;
  arc_notes_pane_save (self, NULL);
}

/**
 * arc_notes_pane_get_attempts:
 * Returns: (transfer none) (nullable) (element-type ArcAttempt): the
 * annotator's attempts on the shown task
 */
GPtrArray *
arc_notes_pane_get_attempts (ArcNotesPane *self)
{
  ArcAnnotation *a;

  g_return_val_if_fail (ARC_IS_NOTES_PANE (self), NULL);

  if (self->notes == NULL || self->entry == NULL)
    return NULL;
  a = arc_notes_get (self->notes, arc_entry_get_id (self->entry), self->annotator);
  return a ? a->attempts : NULL;
}

gboolean
arc_notes_pane_has_unsaved (ArcNotesPane *self)
{
  g_return_val_if_fail (ARC_IS_NOTES_PANE (self), FALSE);
  return self->dirty;
}

const char *
arc_notes_pane_get_annotator (ArcNotesPane *self)
{
  g_return_val_if_fail (ARC_IS_NOTES_PANE (self), NULL);
  return self->annotator;
}

const char *
arc_notes_pane_get_notice (ArcNotesPane *self)
{
  g_return_val_if_fail (ARC_IS_NOTES_PANE (self), NULL);
  return self->notice;
}

static GtkTextView *
view_for (ArcNotesPane *self,
          const char   *field)
{
  if (g_str_equal (field, "input"))
    return self->input_view;
  if (g_str_equal (field, "output_size"))
    return self->size_view;
  if (g_str_equal (field, "transformation"))
    return self->transform_view;
  if (g_str_equal (field, "notes"))
    return self->notes_view;
  return NULL;
}

/**
 * arc_notes_pane_set_text:
 * @field: "input", "output_size", "transformation", "notes" or "tags"
 *
 * As if the user typed @text into the field (for the tests).
 */
void
arc_notes_pane_set_text (ArcNotesPane *self,
                         const char   *field,
                         const char   *text)
{
  GtkTextView *view;

  g_return_if_fail (ARC_IS_NOTES_PANE (self));

  if (g_str_equal (field, "tags"))
    {
      gtk_editable_set_text (GTK_EDITABLE (self->tags_entry), text);
      return;
    }
  view = view_for (self, field);
  g_return_if_fail (view != NULL);
  set_text (view, text);
}

char *
arc_notes_pane_get_text (ArcNotesPane *self,
                         const char   *field)
{
  GtkTextView *view;

  g_return_val_if_fail (ARC_IS_NOTES_PANE (self), NULL);

  if (g_str_equal (field, "tags"))
    return g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->tags_entry)));
  view = view_for (self, field);
  g_return_val_if_fail (view != NULL, NULL);
  return text_of (view);
}

/* Tag completion from the collection's tags */
static void
tags_focus_cb (GtkEventControllerFocus *controller,
               ArcNotesPane            *self)
{
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  GtkEntryCompletion *completion = gtk_entry_get_completion (self->tags_entry);
  GtkListStore *model = GTK_LIST_STORE (gtk_entry_completion_get_model (completion));
  g_auto(GStrv) tags = self->store ? arc_notes_store_dup_tags (self->store) : g_new0 (char *, 1);

  gtk_list_store_clear (model);
  for (guint i = 0; tags[i]; i++)
    gtk_list_store_insert_with_values (model, NULL, -1, 0, tags[i], -1);
  G_GNUC_END_IGNORE_DEPRECATIONS
}

static void
annotator_changed_cb (GSettings    *settings,
                      const char   *key,
                      ArcNotesPane *self)
{
  g_autofree char *name = g_settings_get_string (settings, "annotator");

  arc_notes_pane_save (self, NULL);
  g_free (self->annotator);
  if (*name == '\0')
    {
      const char *real = g_get_real_name ();
      self->annotator = g_strdup (g_str_equal (real, "Unknown") ? g_get_user_name () : real);
    }
  else
    self->annotator = g_steal_pointer (&name);
  fill (self);
}

static void
arc_notes_pane_dispose (GObject *object)
{
  ArcNotesPane *self = ARC_NOTES_PANE (object);

  if (self->dirty)
    arc_notes_pane_save (self, NULL);
  g_clear_handle_id (&self->save_source, g_source_remove);
  if (self->monitor)
    {
      g_signal_handlers_disconnect_by_func (self->monitor, notes_file_changed_cb, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  g_clear_object (&self->entry);
  g_clear_object (&self->store);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->box, gtk_widget_unparent);

  G_OBJECT_CLASS (arc_notes_pane_parent_class)->dispose (object);
}

static void
arc_notes_pane_finalize (GObject *object)
{
  ArcNotesPane *self = ARC_NOTES_PANE (object);

  g_free (self->annotator);
  g_free (self->notice);

  G_OBJECT_CLASS (arc_notes_pane_parent_class)->finalize (object);
}

static void
arc_notes_pane_class_init (ArcNotesPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arc_notes_pane_dispose;
  object_class->finalize = arc_notes_pane_finalize;

  /**
   * ArcNotesPane::saved:
   * The notes of @entry were saved (or read again): its badges may change.
   */
  signals[SAVED] = g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 1, ARC_TYPE_ENTRY);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/arc-notes-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, box);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, notice_revealer);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, notice_label);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, heading);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, input_view);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, size_view);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, transform_view);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, confidence_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, difficulty_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, tags_entry);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, notes_view);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, others_heading);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, others_label);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, save_label);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "arc-notes-pane");
}

static void
arc_notes_pane_init (ArcNotesPane *self)
{
  g_autoptr(GtkStringList) confidences = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) difficulty_labels = gtk_string_list_new (NULL);
  GtkTextView *views[4];
  GtkEventController *focus;

  gtk_widget_init_template (GTK_WIDGET (self));

  gtk_string_list_append (confidences, _("Not given"));
  for (int i = 0; i <= 10; i++)
    {
      g_autofree char *label = g_strdup_printf ("%d", i);
      gtk_string_list_append (confidences, label);
    }
  gtk_drop_down_set_model (self->confidence_dropdown, G_LIST_MODEL (confidences));
  gtk_string_list_append (difficulty_labels, _("Not given"));
  gtk_string_list_append (difficulty_labels, _("Easy"));
  gtk_string_list_append (difficulty_labels, _("Medium"));
  gtk_string_list_append (difficulty_labels, _("Hard"));
  gtk_string_list_append (difficulty_labels, _("Very hard"));
  gtk_drop_down_set_model (self->difficulty_dropdown, G_LIST_MODEL (difficulty_labels));

  views[0] = self->input_view;
  views[1] = self->size_view;
  views[2] = self->transform_view;
  views[3] = self->notes_view;
  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    g_signal_connect_swapped (gtk_text_view_get_buffer (views[i]), "changed", G_CALLBACK (changed_cb), self);
  g_signal_connect_swapped (self->tags_entry, "changed", G_CALLBACK (changed_cb), self);
  g_signal_connect_swapped (self->confidence_dropdown, "notify::selected", G_CALLBACK (changed_cb), self);
  g_signal_connect_swapped (self->difficulty_dropdown, "notify::selected", G_CALLBACK (changed_cb), self);

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  {
    GtkEntryCompletion *completion = gtk_entry_completion_new ();
    GtkListStore *model = gtk_list_store_new (1, G_TYPE_STRING);

    gtk_entry_completion_set_model (completion, GTK_TREE_MODEL (model));
    gtk_entry_completion_set_text_column (completion, 0);
    gtk_entry_completion_set_inline_completion (completion, TRUE);
    gtk_entry_set_completion (self->tags_entry, completion);
    g_object_unref (model);
    g_object_unref (completion);
  }
  G_GNUC_END_IGNORE_DEPRECATIONS
  focus = gtk_event_controller_focus_new ();
  g_signal_connect (focus, "enter", G_CALLBACK (tags_focus_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->tags_entry), focus);

  self->settings = g_settings_new (APP_ID);
  g_signal_connect (self->settings, "changed::annotator", G_CALLBACK (annotator_changed_cb), self);
  annotator_changed_cb (self->settings, "annotator", self);
}

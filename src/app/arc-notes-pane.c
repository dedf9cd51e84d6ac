/* arc-notes-pane.c: the current task's rule description and notes, saved as you type
 *
 * The annotator (from Preferences, the user's real name by default) writes a
 * description in LARC's three parts, a confidence, a difficulty, tags (with
 * completion from the tags of the collection) and notes; the other
 * annotators' descriptions are shown read-only. Below them, the task's
 * program (arc-program-editor.c). The pane is a view of an ArcTaskNotes
 * (its "notes" property), which saves them: edits go into it as they are
 * made, and it is shown again when it changes on disk. In the window the
 * notes are those of the task shown: the pane's "session" follows the task
 * page's, and its "notes" the session's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-notes-pane"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "arc-description-list.h"
#include "arc-drop-down.h"
#include "arc-notes-pane.h"
#include "arc-program-editor.h"
#include "arc-task-session.h"
#include "arc-tooltip.h"
#include "arc-wheel.h"

static const char * const difficulties[] = { "", "easy", "medium", "hard", "very-hard", NULL };

struct _ArcNotesPane
{
  GtkWidget       parent_instance;

  GtkWidget      *box;
  GtkRevealer    *notice_revealer;
  GtkLabel       *notice_label;
  GtkLabel       *heading;
  GtkLabel       *place_label;
  GtkTextView    *input_view;
  GtkTextView    *size_view;
  GtkTextView    *transform_view;
  GtkSpinButton  *confidence_spin;
  GtkDropDown    *difficulty_dropdown;
  GtkEntry       *tags_entry;
  GtkTextView    *notes_view;
  GtkLabel       *others_heading;
  ArcDescriptionList *descriptions;
  ArcProgramEditor *program_editor;
  GtkLabel       *save_label;

  ArcTaskSession *session;         /* (nullable): the task shown, whose notes are shown */
  GBindingGroup  *session_bindings;
  ArcTaskNotes   *notes;
  GSignalGroup   *notes_signals;   /* follow the notes shown */
  GBindingGroup  *notes_bindings;
  gboolean        filling;     /* changes come from us, not the user */
  int             confidence_was;  /* the spin's value before its change */
  double          confidence_typed;  /* what was typed into it last, or -2 */
  gboolean        saved_once;  /* since these notes were shown */
};

G_DEFINE_FINAL_TYPE (ArcNotesPane, arc_notes_pane, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_NOTES,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static char *
text_of (GtkTextView *view)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

#define MAX_PROBLEMS_SHOWN 3

/* The notes' notice (read again, merged, kept elsewhere), then what the
 * read of the file mended (a record found twice, kept under a new name) */
static void
show_notice (ArcNotesPane *self)
{
  const char *notice = self->notes ? arc_task_notes_get_notice (self->notes) : NULL;
  const char * const *problems = self->notes ? arc_notes_get_problems (arc_task_notes_get_notes (self->notes)) : NULL;
  g_autoptr(GString) text = g_string_new (notice);
  guint n = problems ? g_strv_length ((char **) problems) : 0;

  for (guint i = 0; i < MIN (n, MAX_PROBLEMS_SHOWN); i++)
    g_string_append_printf (text, "%s%s", text->len ? "\n" : "", problems[i]);
  if (n > MAX_PROBLEMS_SHOWN)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "\nAnd %u more like it.", "\nAnd %u more like them.",
                                               n - MAX_PROBLEMS_SHOWN), n - MAX_PROBLEMS_SHOWN);
  if (!g_str_equal (gtk_label_get_text (self->notice_label), text->str))
    gtk_label_set_text (self->notice_label, text->str);
  gtk_revealer_set_reveal_child (self->notice_revealer, text->len > 0);
}

/* The samples' notes always go elsewhere: said quietly, under the heading
 * (the template's place label) */
static char *
place_cb (ArcNotesPane *self,
          ArcTaskNotes *notes)
{
  ArcEntry *entry = notes ? arc_task_notes_get_entry (notes) : NULL;
  g_autoptr(GFile) dir = NULL;
  g_autoptr(GFile) home = NULL;
  g_autofree char *in_home = NULL;
  g_autofree char *where = NULL;

  if (entry == NULL || !arc_file_is_bundled (arc_entry_get_file (entry))
      || arc_task_notes_get_place (notes) != ARC_NOTES_FALLBACK)
    return NULL;
  dir = g_file_get_parent (arc_notes_get_file (arc_task_notes_get_notes (notes)));
  home = g_file_new_for_path (g_get_home_dir ());
  in_home = g_file_get_relative_path (home, dir);
  where = in_home ? g_build_filename ("~", in_home, NULL) : g_file_get_parse_name (dir);
  return g_strdup_printf (_("Kept in %s, as the sample tasks are read-only"), where);
}

static gboolean
has_text_cb (ArcNotesPane *self,
             const char   *text)
{
  return text != NULL && *text != '\0';
}

/* Nothing to edit without notes */
static gboolean
has_notes_cb (ArcNotesPane *self,
              ArcTaskNotes *notes)
{
  return notes != NULL;
}

/* The heading of the other descriptions, when there are any */
static gboolean
any_description_cb (ArcNotesPane *self,
                    gboolean      has_others,
                    gboolean      has_own)
{
  return has_others || has_own;
}

static gboolean
heading_of (GBinding     *binding,
            const GValue *annotator,
            GValue       *heading,
            gpointer      user_data)
{
  g_value_take_string (heading, g_strdup_printf (_("Notes by %s"), g_value_get_string (annotator)));
  return TRUE;
}

/**
 * arc_notes_pane_get_place:
 * Returns: (nullable): where the notes are kept, as the pane says under
 * its heading (for the bundled samples), or %NULL
 */
const char *
arc_notes_pane_get_place (ArcNotesPane *self)
{
  g_return_val_if_fail (ARC_IS_NOTES_PANE (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->place_label)) ? gtk_label_get_text (self->place_label) : NULL;
}

/* "Editing…", "All changes saved", or why they are not */
static void
show_save_state (ArcNotesPane *self)
{
  const char *error = self->notes ? arc_task_notes_get_error (self->notes) : NULL;

  if (error)
    {
      g_autofree char *name = g_file_get_parse_name (arc_notes_get_file (arc_task_notes_get_notes (self->notes)));
      g_autofree char *message = g_strdup_printf (_("Not saved (trying again): %s"), error);

      gtk_label_set_text (self->save_label, message);
      arc_tooltip_set (GTK_WIDGET (self->save_label), name);
      /* Said whole, and not dimmed: the notes are not on disk */
      gtk_widget_remove_css_class (GTK_WIDGET (self->save_label), "dim-label");
      gtk_widget_add_css_class (GTK_WIDGET (self->save_label), "error");
      return;
    }
  arc_tooltip_set (GTK_WIDGET (self->save_label), NULL);
  gtk_widget_remove_css_class (GTK_WIDGET (self->save_label), "error");
  gtk_widget_add_css_class (GTK_WIDGET (self->save_label), "dim-label");
  if (self->notes && (arc_task_notes_get_modified (self->notes) || arc_task_notes_get_saving (self->notes)))
    gtk_label_set_text (self->save_label, _("Editing…"));
  else
    gtk_label_set_text (self->save_label, self->saved_once ? _("All changes saved") : "");
}

/* The edits into the notes, which save them */
static void
changed_cb (ArcNotesPane *self)
{
  g_auto(GStrv) tags = NULL;
  g_autofree char *input = NULL, *size = NULL, *transform = NULL, *notes = NULL;
  int confidence;
  guint difficulty;

  if (self->filling || self->notes == NULL)
    return;
  input = text_of (self->input_view);
  size = text_of (self->size_view);
  transform = text_of (self->transform_view);
  notes = text_of (self->notes_view);
  arc_task_notes_set_text (self->notes, ARC_NOTES_FIELD_INPUT, input);
  arc_task_notes_set_text (self->notes, ARC_NOTES_FIELD_OUTPUT_SIZE, size);
  arc_task_notes_set_text (self->notes, ARC_NOTES_FIELD_TRANSFORMATION, transform);
  arc_task_notes_set_text (self->notes, ARC_NOTES_FIELD_NOTES, notes);
  confidence = gtk_spin_button_get_value_as_int (self->confidence_spin);
  arc_task_notes_set_confidence (self->notes, confidence < 0 ? -1 : MIN (confidence, 10));
  difficulty = gtk_drop_down_get_selected (self->difficulty_dropdown);
  arc_task_notes_set_difficulty (self->notes, difficulty < G_N_ELEMENTS (difficulties) - 1 ? difficulties[difficulty] : "");
  tags = g_strsplit (gtk_editable_get_text (GTK_EDITABLE (self->tags_entry)), ",", -1);
  arc_task_notes_set_tags (self->notes, (const char * const *) tags);
}

/* The confidence, 0 to 10, below which it reads "Not given": a spin
 * button, which needs no list taller than the window; it says its range
 * ("7 of 10") */
static gboolean
confidence_output_cb (GtkSpinButton *spin,
                      gpointer       user_data)
{
  int value = gtk_spin_button_get_value_as_int (spin);
  /* TRANSLATORS: a confidence, "7 of 10"; the number must come first,
   * as it is read back from the start of the text */
  g_autofree char *text = value < 0 ? g_strdup (_("Not given")) : g_strdup_printf (_("%d of 10"), value);

  if (!g_str_equal (text, gtk_editable_get_text (GTK_EDITABLE (spin))))
    gtk_editable_set_text (GTK_EDITABLE (spin), text);
  return TRUE;
}

static int
confidence_input_cb (GtkSpinButton *spin,
                     double        *value,
                     ArcNotesPane  *self)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (spin))));
  char *end = text;
  gint64 number;

  /* The number it starts with ("7", or "7 of 10" as shown); anything but a
   * number from 0 to 10 is "not given" */
  while (g_ascii_isdigit (*end))
    end++;
  *end = '\0';
  if (g_ascii_string_to_signed (text, 10, 0, 10, &number, NULL))
    *value = (double) number;
  else
    *value = -1;
  self->confidence_typed = *value;
  return TRUE;
}

/* A step up from "Not given" (+, Up, the wheel) starts in the middle of
 * the scale, where a person would start, not at 0; a 0 typed stays */
static void
confidence_stepped_cb (GtkSpinButton *spin,
                       ArcNotesPane  *self)
{
  int value = gtk_spin_button_get_value_as_int (spin);
  gboolean typed = self->confidence_typed == value;

  self->confidence_typed = -2;
  if (!self->filling && self->confidence_was < 0 && value == 0 && !typed)
    {
      self->confidence_was = 5;
      gtk_spin_button_set_value (spin, 5);  /* (which says it changed again) */
      return;
    }
  self->confidence_was = value;
}

/* How many characters @a and @b have in common at their start */
static glong
common_start (const char *a,
              const char *b)
{
  glong n = 0;

  while (*a && *b && g_utf8_get_char (a) == g_utf8_get_char (b))
    {
      a = g_utf8_next_char (a);
      b = g_utf8_next_char (b);
      n++;
    }
  return n;
}

static glong
common_end (const char *a,
            const char *b)
{
  const char *ea = a + strlen (a), *eb = b + strlen (b);
  glong n = 0;

  while (ea > a && eb > b)
    {
      const char *pa = g_utf8_prev_char (ea), *pb = g_utf8_prev_char (eb);

      if (g_utf8_get_char (pa) != g_utf8_get_char (pb))
        break;
      ea = pa;
      eb = pb;
      n++;
    }
  return n;
}

/* Leaves the buffer (and its cursor) alone when it reads @text already.
 * Else the cursor stays where it was in the text around it (what another
 * window wrote, merged in, comes while the user types) */
static void
set_text (GtkTextView *view,
          const char  *text)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  g_autofree char *old = text_of (view);
  GtkTextIter iter;
  glong offset, old_length, new_length;

  if (text == NULL)
    text = "";
  if (g_str_equal (old, text))
    return;
  gtk_text_buffer_get_iter_at_mark (buffer, &iter, gtk_text_buffer_get_insert (buffer));
  offset = gtk_text_iter_get_offset (&iter);
  old_length = g_utf8_strlen (old, -1);
  new_length = g_utf8_strlen (text, -1);
  if (offset > common_start (old, text))
    offset = old_length - offset <= common_end (old, text) ? new_length - (old_length - offset) : -1;
  gtk_text_buffer_set_text (buffer, text, -1);
  if (offset < 0)
    return;
  gtk_text_buffer_get_iter_at_offset (buffer, &iter, (int) offset);
  gtk_text_buffer_place_cursor (buffer, &iter);
}

/* Every other description, read-only (arc-description-list.c) */
static void
show_others (ArcNotesPane *self)
{
  ArcNotes *notes = self->notes ? arc_task_notes_get_notes (self->notes) : NULL;
  ArcEntry *entry = self->notes ? arc_task_notes_get_entry (self->notes) : NULL;

  arc_description_list_update (self->descriptions, notes, entry ? arc_entry_get_id (entry) : NULL,
                               self->notes ? arc_task_notes_get_annotator (self->notes) : "",
                               entry ? arc_entry_get_n_tests (entry) : 0);
}

/* Shows the notes */
static void
fill (ArcNotesPane *self)
{
  const ArcAnnotation *a = self->notes ? arc_task_notes_get_annotation (self->notes) : NULL;
  g_autoptr(GString) tags = g_string_new (NULL);
  guint difficulty = 0;

  self->filling = TRUE;
  set_text (self->input_view, a ? a->input_text : NULL);
  set_text (self->size_view, a ? a->size_text : NULL);
  set_text (self->transform_view, a ? a->transform_text : NULL);
  set_text (self->notes_view, a ? a->notes : NULL);
  gtk_spin_button_set_value (self->confidence_spin, a && a->confidence >= 0 ? a->confidence : -1);
  for (guint i = 0; a && difficulties[i]; i++)
    if (g_str_equal (difficulties[i], a->difficulty))
      difficulty = i;
  gtk_drop_down_set_selected (self->difficulty_dropdown, difficulty);
  for (guint i = 0; a && i < a->tags->len; i++)
    g_string_append_printf (tags, "%s%s", i ? ", " : "", (char *) a->tags->pdata[i]);
  if (!g_str_equal (gtk_editable_get_text (GTK_EDITABLE (self->tags_entry)), tags->str))
    gtk_editable_set_text (GTK_EDITABLE (self->tags_entry), tags->str);
  show_others (self);
  self->filling = FALSE;
}

/* The notes changed (read again): shown, and what the read mended said */
static void
notes_changed_cb (ArcNotesPane *self)
{
  fill (self);
  show_notice (self);
}

static void
notes_saved_cb (ArcTaskNotes *notes,
                ArcEntry     *entry,
                ArcNotesPane *self)
{
  self->saved_once = TRUE;
  show_save_state (self);
  /* Your own line under the others' ("Your description: …") as soon as
   * it is written, not when the task is shown again */
  show_others (self);
}

/**
 * arc_notes_pane_set_notes:
 * @notes: (nullable): the notes to show and edit
 */
void
arc_notes_pane_set_notes (ArcNotesPane *self,
                          ArcTaskNotes *notes)
{
  g_return_if_fail (ARC_IS_NOTES_PANE (self));
  g_return_if_fail (notes == NULL || ARC_IS_TASK_NOTES (notes));

  if (self->notes == notes)
    return;
  /* The signal and binding groups follow the property */
  g_set_object (&self->notes, notes);
  self->saved_once = FALSE;
  fill (self);
  show_notice (self);
  show_save_state (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NOTES]);
}

/**
 * arc_notes_pane_get_notes:
 * Returns: (transfer none) (nullable): the notes shown
 */
ArcTaskNotes *
arc_notes_pane_get_notes (ArcNotesPane *self)
{
  g_return_val_if_fail (ARC_IS_NOTES_PANE (self), NULL);
  return self->notes;
}

/**
 * arc_notes_pane_set_session:
 * @session: (nullable): the task shown: its notes are shown and follow it
 */
void
arc_notes_pane_set_session (ArcNotesPane   *self,
                            ArcTaskSession *session)
{
  g_return_if_fail (ARC_IS_NOTES_PANE (self));
  g_return_if_fail (session == NULL || ARC_IS_TASK_SESSION (session));

  if (!g_set_object (&self->session, session))
    return;
  g_binding_group_set_source (self->session_bindings, session);
  if (session == NULL)
    arc_notes_pane_set_notes (self, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

/**
 * arc_notes_pane_get_program_editor:
 * Returns: (transfer none): the Program section
 */
ArcProgramEditor *
arc_notes_pane_get_program_editor (ArcNotesPane *self)
{
  g_return_val_if_fail (ARC_IS_NOTES_PANE (self), NULL);
  return self->program_editor;
}

/**
 * arc_notes_pane_get_notice:
 * Returns: the notice shown above the notes, or %NULL
 */
const char *
arc_notes_pane_get_notice (ArcNotesPane *self)
{
  g_return_val_if_fail (ARC_IS_NOTES_PANE (self), NULL);
  return gtk_revealer_get_reveal_child (self->notice_revealer) ? gtk_label_get_text (self->notice_label) : NULL;
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

static gboolean tag_match_cb    (GtkEntryCompletion *completion,
                                 const char         *key,
                                 GtkTreeIter        *iter,
                                 ArcNotesPane       *self);
static gboolean tag_selected_cb (GtkEntryCompletion *completion,
                                 GtkTreeModel       *model,
                                 GtkTreeIter        *iter,
                                 ArcNotesPane       *self);

/* The completion, made when the tags are first edited (its popup is some
 * 20 widgets that the window's first frame need not make) */
static GtkEntryCompletion *
tag_completion (ArcNotesPane *self)
{
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  GtkEntryCompletion *completion = gtk_entry_get_completion (self->tags_entry);
  GtkListStore *model;

  if (completion)
    return completion;
  completion = gtk_entry_completion_new ();
  model = gtk_list_store_new (1, G_TYPE_STRING);
  gtk_entry_completion_set_model (completion, GTK_TREE_MODEL (model));
  gtk_entry_completion_set_text_column (completion, 0);
  /* Every tag of the list completes, not only the first: the popup offers
   * the tags that begin with what was typed after the last comma */
  gtk_entry_completion_set_match_func (completion, (GtkEntryCompletionMatchFunc) tag_match_cb, self, NULL);
  g_signal_connect (completion, "match-selected", G_CALLBACK (tag_selected_cb), self);
  gtk_entry_set_completion (self->tags_entry, completion);
  g_object_unref (model);
  g_object_unref (completion);
  G_GNUC_END_IGNORE_DEPRECATIONS
  return completion;
}

/* Tag completion from the collection's tags */
static void
tags_focus_cb (GtkEventControllerFocus *controller,
               ArcNotesPane            *self)
{
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  GtkEntryCompletion *completion = tag_completion (self);
  GtkListStore *model = GTK_LIST_STORE (gtk_entry_completion_get_model (completion));
  g_auto(GStrv) tags = self->notes ? arc_notes_store_dup_tags (arc_task_notes_get_store (self->notes)) : g_new0 (char *, 1);

  gtk_list_store_clear (model);
  for (guint i = 0; tags[i]; i++)
    gtk_list_store_insert_with_values (model, NULL, -1, 0, tags[i], -1);
  G_GNUC_END_IGNORE_DEPRECATIONS
}

/* Completion of the tag being typed: the text after the last comma */
static const char *
last_tag (const char *text)
{
  const char *comma = strrchr (text, ',');
  const char *tag = comma ? comma + 1 : text;

  while (*tag == ' ')
    tag++;
  return tag;
}

static gboolean
tag_match_cb (GtkEntryCompletion *completion,
              const char         *key,
              GtkTreeIter        *iter,
              ArcNotesPane       *self)
{
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  GtkTreeModel *model = gtk_entry_completion_get_model (completion);
  G_GNUC_END_IGNORE_DEPRECATIONS
  g_autofree char *tag = NULL;
  g_autofree char *folded = NULL;
  const char *typed = last_tag (key);  /* @key is case-folded already */

  if (*typed == '\0')
    return FALSE;
  gtk_tree_model_get (model, iter, 0, &tag, -1);
  folded = g_utf8_casefold (tag, -1);
  return g_str_has_prefix (folded, typed) && !g_str_equal (folded, typed);
}

/* The tag picked replaces the one being typed; the others stay */
static gboolean
tag_selected_cb (GtkEntryCompletion *completion,
                 GtkTreeModel       *model,
                 GtkTreeIter        *iter,
                 ArcNotesPane       *self)
{
  GtkEditable *entry = GTK_EDITABLE (self->tags_entry);
  const char *text = gtk_editable_get_text (entry);
  g_autofree char *tag = NULL;
  g_autofree char *kept = g_strndup (text, (gsize) (last_tag (text) - text));
  g_autofree char *updated = NULL;

  gtk_tree_model_get (model, iter, 0, &tag, -1);
  updated = g_strconcat (kept, tag, NULL);
  gtk_editable_set_text (entry, updated);
  gtk_editable_set_position (entry, -1);
  return TRUE;
}

static void
arc_notes_pane_dispose (GObject *object)
{
  ArcNotesPane *self = ARC_NOTES_PANE (object);

  if (self->session_bindings)
    g_binding_group_set_source (self->session_bindings, NULL);
  g_clear_object (&self->session);
  g_clear_object (&self->session_bindings);
  arc_notes_pane_set_notes (self, NULL);
  g_clear_object (&self->notes_signals);
  g_clear_object (&self->notes_bindings);
  g_clear_pointer (&self->box, gtk_widget_unparent);

  G_OBJECT_CLASS (arc_notes_pane_parent_class)->dispose (object);
}

static void
arc_notes_pane_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  ArcNotesPane *self = ARC_NOTES_PANE (object);

  switch (prop_id)
    {
    case PROP_NOTES:
      g_value_set_object (value, self->notes);
      break;
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arc_notes_pane_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  ArcNotesPane *self = ARC_NOTES_PANE (object);

  switch (prop_id)
    {
    case PROP_NOTES:
      arc_notes_pane_set_notes (self, g_value_get_object (value));
      break;
    case PROP_SESSION:
      arc_notes_pane_set_session (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arc_notes_pane_class_init (ArcNotesPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arc_notes_pane_dispose;
  object_class->get_property = arc_notes_pane_get_property;
  object_class->set_property = arc_notes_pane_set_property;

  properties[PROP_NOTES] = g_param_spec_object ("notes", NULL, NULL, ARC_TYPE_TASK_NOTES,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SESSION] = g_param_spec_object ("session", NULL, NULL, ARC_TYPE_TASK_SESSION,
                                                  G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ARC_TYPE_DESCRIPTION_LIST);
  g_type_ensure (ARC_TYPE_PROGRAM_EDITOR);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/arc-notes-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, box);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, notice_revealer);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, notice_label);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, heading);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, place_label);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, input_view);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, size_view);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, transform_view);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, confidence_spin);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, difficulty_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, tags_entry);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, notes_view);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, others_heading);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, descriptions);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, program_editor);
  gtk_widget_class_bind_template_child (widget_class, ArcNotesPane, save_label);
  gtk_widget_class_bind_template_callback (widget_class, place_cb);
  gtk_widget_class_bind_template_callback (widget_class, has_text_cb);
  gtk_widget_class_bind_template_callback (widget_class, has_notes_cb);
  gtk_widget_class_bind_template_callback (widget_class, any_description_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "arc-notes-pane");
}

static void
arc_notes_pane_init (ArcNotesPane *self)
{
  g_autoptr(GtkStringList) difficulty_labels = gtk_string_list_new (NULL);
  GtkTextView *views[4];
  GtkEventController *focus;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->notes_signals = g_signal_group_new (ARC_TYPE_TASK_NOTES);
  g_signal_group_connect_swapped (self->notes_signals, "changed", G_CALLBACK (notes_changed_cb), self);
  g_signal_group_connect (self->notes_signals, "saved", G_CALLBACK (notes_saved_cb), self);
  g_signal_group_connect_swapped (self->notes_signals, "notify::notice", G_CALLBACK (show_notice), self);
  g_signal_group_connect_swapped (self->notes_signals, "notify::error", G_CALLBACK (show_save_state), self);
  g_signal_group_connect_swapped (self->notes_signals, "notify::modified", G_CALLBACK (show_save_state), self);
  g_signal_group_connect_swapped (self->notes_signals, "notify::saving", G_CALLBACK (show_save_state), self);
  g_object_bind_property (self, "notes", self->notes_signals, "target", G_BINDING_DEFAULT);
  self->notes_bindings = g_binding_group_new ();
  /* Kept when no notes are shown, as the pane is then insensitive */
  g_binding_group_bind_full (self->notes_bindings, "annotator", self->heading, "label", G_BINDING_SYNC_CREATE,
                             heading_of, NULL, NULL, NULL);
  g_object_bind_property (self, "notes", self->notes_bindings, "source", G_BINDING_DEFAULT);
  self->session_bindings = g_binding_group_new ();
  g_binding_group_bind (self->session_bindings, "notes", self, "notes", G_BINDING_SYNC_CREATE);

  gtk_string_list_append (difficulty_labels, _("Not given"));
  gtk_string_list_append (difficulty_labels, _("Easy"));
  gtk_string_list_append (difficulty_labels, _("Medium"));
  gtk_string_list_append (difficulty_labels, _("Hard"));
  gtk_string_list_append (difficulty_labels, _("Very hard"));
  arc_drop_down_defer_list (self->difficulty_dropdown);  /* (before the model: rows made once) */
  arc_drop_down_open_at_selected (self->difficulty_dropdown);
  gtk_drop_down_set_model (self->difficulty_dropdown, G_LIST_MODEL (difficulty_labels));

  views[0] = self->input_view;
  views[1] = self->size_view;
  views[2] = self->transform_view;
  views[3] = self->notes_view;
  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    g_signal_connect_swapped (gtk_text_view_get_buffer (views[i]), "changed", G_CALLBACK (changed_cb), self);
  g_signal_connect_swapped (self->tags_entry, "changed", G_CALLBACK (changed_cb), self);
  g_signal_connect (self->confidence_spin, "output", G_CALLBACK (confidence_output_cb), NULL);
  g_signal_connect (self->confidence_spin, "input", G_CALLBACK (confidence_input_cb), self);
  self->confidence_was = -1;
  self->confidence_typed = -2;
  g_signal_connect (self->confidence_spin, "value-changed", G_CALLBACK (confidence_stepped_cb), self);
  g_signal_connect_swapped (self->confidence_spin, "value-changed", G_CALLBACK (changed_cb), self);
  g_signal_connect_swapped (self->difficulty_dropdown, "notify::selected", G_CALLBACK (changed_cb), self);
  /* The wheel over the confidence scrolls the pane, unless the user is in it */
  arc_wheel_only_when_focused (GTK_WIDGET (self->confidence_spin));

  focus = gtk_event_controller_focus_new ();
  g_signal_connect (focus, "enter", G_CALLBACK (tags_focus_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->tags_entry), focus);
  fill (self);
}

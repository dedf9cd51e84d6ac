/* arc-program-editor.c: the Program section of the notes pane
 *
 * The task's program (Python 3, arc-program.h) in a code editor with
 * Python highlighting and line numbers, saved with the annotator's notes as
 * it is typed (ArcTaskNotes, ARC_NOTES_FIELD_PROGRAM). When the annotator
 * has none and another annotator has one, that one is shown read-only, said
 * to be theirs, with a button to edit a copy of it. Run (win.run-program,
 * Ctrl+R) runs the program shown. The program page (arc-program-page.c)
 * shows the same buffer in a view of its own, at full width
 * (arc_program_editor_new_view()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-program-editor"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <gtksourceview/gtksource.h>

#include "arc-program-editor.h"
#include "arc-python-indenter.h"

struct _ArcProgramEditor
{
  GtkWidget        parent_instance;

  GtkWidget       *box;
  GtkWidget       *owner_box;
  GtkLabel        *owner_label;
  GtkLabel        *heading;
  GtkFrame        *frame;
  GtkSourceView   *view;       /* NULL until first needed (ensure_view()) */
  GtkSourceBuffer *buffer;
  GdkFrameClock   *clock;      /* waited on for the first frame that shows the section */
  gulong           painted_handler;
  guint            view_idle;

  ArcTaskNotes    *notes;
  GSignalGroup    *notes_signals;
  char            *author;     /* whose program is shown, when not the annotator's */
  gboolean         own_chosen; /* the annotator's own, even while empty */
  gboolean         filling;
  gboolean         styled;     /* Python's highlighting and the scheme are set */
  guint            style_idle;
};

G_DEFINE_FINAL_TYPE (ArcProgramEditor, arc_program_editor, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_NOTES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void ensure_view (ArcProgramEditor *self);

static char *
buffer_text (ArcProgramEditor *self)
{
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (GTK_TEXT_BUFFER (self->buffer), &start, &end);
  return gtk_text_buffer_get_text (GTK_TEXT_BUFFER (self->buffer), &start, &end, FALSE);
}

/* Another annotator's program, when the annotator has none: the first in
 * the file's order */
static const char *
others_program (ArcProgramEditor *self,
                const char      **author)
{
  ArcNotes *notes = arc_task_notes_get_notes (self->notes);
  ArcEntry *entry = arc_task_notes_get_entry (self->notes);
  const char * const *annotators;
  ArcAnnotation * const *records;
  guint n;

  if (entry == NULL)
    return NULL;
  n = arc_notes_peek_annotators (notes, arc_entry_get_id (entry), &annotators, &records);
  for (guint i = 0; i < n; i++)
    {
      ArcAnnotation *a = records[i];

      if (g_str_equal (annotators[i], arc_task_notes_get_annotator (self->notes)) || a == NULL ||
          a->program == NULL || *a->program == '\0')
        continue;
      *author = g_intern_string (annotators[i]);
      return a->program;
    }
  return NULL;
}

/* Shows the annotator's program, or another's read-only */
static void
fill (ArcProgramEditor *self)
{
  const char *own = self->notes ? arc_task_notes_get_text (self->notes, ARC_NOTES_FIELD_PROGRAM) : NULL;
  const char *other = NULL, *author = NULL;
  const char *text;
  g_autofree char *old = self->buffer ? buffer_text (self) : NULL;

  if (self->notes && !self->own_chosen && (own == NULL || *own == '\0'))
    other = others_program (self, &author);
  if (own && *own)
    self->own_chosen = TRUE;
  text = other ? other : (own ? own : "");
  g_free (self->author);
  self->author = g_strdup (author);
  gtk_widget_set_visible (self->owner_box, self->author != NULL);
  if (self->buffer)
    {
      self->filling = TRUE;
      if (!g_str_equal (old, text))
        gtk_text_buffer_set_text (GTK_TEXT_BUFFER (self->buffer), text, -1);
      self->filling = FALSE;
      gtk_text_view_set_editable (GTK_TEXT_VIEW (self->view), self->author == NULL);
    }
  if (self->author)
    {
      /* TRANSLATORS: another annotator's program, shown read-only */
      g_autofree char *label = g_strdup_printf (_("By %s, read-only"), self->author);
      gtk_label_set_text (self->owner_label, label);
    }
}

static void
changed_cb (ArcProgramEditor *self)
{
  g_autofree char *text = NULL;

  if (self->filling || self->notes == NULL || self->author)
    return;
  text = buffer_text (self);
  self->own_chosen = TRUE;
  arc_task_notes_set_text (self->notes, ARC_NOTES_FIELD_PROGRAM, text);
}

/* Edit a Copy: the other annotator's program becomes the annotator's own */
static void
edit_copy_cb (ArcProgramEditor *self)
{
  g_autofree char *text = NULL;

  ensure_view (self);
  text = buffer_text (self);

  if (self->notes == NULL)
    return;
  self->own_chosen = TRUE;
  arc_task_notes_set_text (self->notes, ARC_NOTES_FIELD_PROGRAM, text);
  fill (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->view));
}

static void
update_scheme (ArcProgramEditor *self)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  GtkSourceStyleSchemeManager *schemes = gtk_source_style_scheme_manager_get_default ();
  GtkSourceStyleScheme *scheme =
    gtk_source_style_scheme_manager_get_scheme (schemes, adw_style_manager_get_dark (manager) ? "Adwaita-dark" : "Adwaita");

  if (scheme)
    gtk_source_buffer_set_style_scheme (self->buffer, scheme);
}

/* Python's highlighting and the style scheme: reading their definitions
 * takes a tenth of the app's start-up, so it is done once the editor is
 * first shown, after that frame */
static gboolean
style_idle_cb (gpointer data)
{
  ArcProgramEditor *self = data;
  GtkSourceLanguage *python = gtk_source_language_manager_get_language (gtk_source_language_manager_get_default (),
                                                                        "python3");

  self->style_idle = 0;
  self->styled = TRUE;
  if (python)
    gtk_source_buffer_set_language (self->buffer, python);
  gtk_source_buffer_set_highlight_syntax (self->buffer, TRUE);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark", G_CALLBACK (update_scheme), self,
                           G_CONNECT_SWAPPED);
  update_scheme (self);
  return G_SOURCE_REMOVE;
}

static void
view_mapped_cb (ArcProgramEditor *self)
{
  if (!self->styled && self->style_idle == 0)
    self->style_idle = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, style_idle_cb, self, NULL);
}

static void
stop_waiting (ArcProgramEditor *self)
{
  if (self->clock)
    g_clear_signal_handler (&self->painted_handler, self->clock);
  g_clear_object (&self->clock);
  g_clear_handle_id (&self->view_idle, g_source_remove);
}

/* The code editor and its buffer (a tenth of the work before the window's
 * first frame, much of it GtkSourceView's buffer reading its style
 * schemes), made when first needed: after the first frame that shows the
 * section, or before, when the program is read, run or focused */
/* Alt+Left and Alt+Right go to the previous and next task from the code
 * too, as everywhere in the window (GtkSourceView would move a word) */
static void
keep_task_keys (GtkWidget *view)
{
  GtkEventController *keys = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Left, GDK_ALT_MASK),
                                                          gtk_named_action_new ("win.previous-task")));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Right, GDK_ALT_MASK),
                                                          gtk_named_action_new ("win.next-task")));
  gtk_widget_add_controller (view, keys);
}

static void
ensure_view (ArcProgramEditor *self)
{
  g_autoptr(GtkSourceIndenter) indenter = NULL;

  if (self->view)
    return;
  stop_waiting (self);
  self->view = g_object_new (GTK_SOURCE_TYPE_VIEW,
                             "monospace", TRUE,
                             "show-line-numbers", TRUE,
                             "auto-indent", TRUE,
                             "indent-on-tab", TRUE,
                             "insert-spaces-instead-of-tabs", TRUE,
                             "tab-width", 4,
                             "smart-backspace", TRUE,
                             "wrap-mode", GTK_WRAP_WORD_CHAR,
                             "height-request", 160,
                             "top-margin", 6,
                             "bottom-margin", 6,
                             "right-margin", 6,
                             NULL);
  self->buffer = GTK_SOURCE_BUFFER (gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->view)));
  indenter = arc_python_indenter_new ();
  gtk_source_view_set_indenter (self->view, indenter);
  keep_task_keys (GTK_WIDGET (self->view));
  g_signal_connect_swapped (self->view, "map", G_CALLBACK (view_mapped_cb), self);
  g_signal_connect_swapped (self->buffer, "changed", G_CALLBACK (changed_cb), self);
  gtk_label_set_mnemonic_widget (self->heading, GTK_WIDGET (self->view));
  fill (self);
  gtk_frame_set_child (self->frame, GTK_WIDGET (self->view));  /* in place of the empty area */
}

static gboolean
view_idle_cb (gpointer data)
{
  ArcProgramEditor *self = data;

  self->view_idle = 0;
  ensure_view (self);
  return G_SOURCE_REMOVE;
}

static void
painted_cb (GdkFrameClock    *clock,
            ArcProgramEditor *self)
{
  g_clear_signal_handler (&self->painted_handler, clock);
  g_clear_object (&self->clock);
  if (self->view_idle == 0)
    self->view_idle = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, view_idle_cb, self, NULL);
}

/* Shown: the code editor is made once this frame is drawn */
static void
arc_program_editor_map (GtkWidget *widget)
{
  ArcProgramEditor *self = ARC_PROGRAM_EDITOR (widget);

  GTK_WIDGET_CLASS (arc_program_editor_parent_class)->map (widget);
  if (self->view || self->clock || self->view_idle)
    return;
  self->clock = g_object_ref (gtk_widget_get_frame_clock (widget));
  self->painted_handler = g_signal_connect (self->clock, "after-paint", G_CALLBACK (painted_cb), self);
}

/**
 * arc_program_editor_has_view:
 * Returns: whether the code editor was made (it is made after the first
 *   frame that shows the section, or when first needed)
 */
gboolean
arc_program_editor_has_view (ArcProgramEditor *self)
{
  g_return_val_if_fail (ARC_IS_PROGRAM_EDITOR (self), FALSE);
  return self->view != NULL;
}

/**
 * arc_program_editor_is_styled:
 * Returns: whether Python's highlighting is set (once the editor was shown)
 */
gboolean
arc_program_editor_is_styled (ArcProgramEditor *self)
{
  g_return_val_if_fail (ARC_IS_PROGRAM_EDITOR (self), FALSE);

  return self->styled;
}

/**
 * arc_program_editor_set_notes:
 * @notes: (nullable): the notes whose program to show and edit
 */
void
arc_program_editor_set_notes (ArcProgramEditor *self,
                              ArcTaskNotes     *notes)
{
  g_return_if_fail (ARC_IS_PROGRAM_EDITOR (self));
  g_return_if_fail (notes == NULL || ARC_IS_TASK_NOTES (notes));

  if (self->notes == notes)
    return;
  g_set_object (&self->notes, notes);
  self->own_chosen = FALSE;
  fill (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NOTES]);
}

/**
 * arc_program_editor_get_author:
 * Returns: (nullable): the annotator whose program is shown, when it is not
 *   the user's own
 */
const char *
arc_program_editor_get_author (ArcProgramEditor *self)
{
  g_return_val_if_fail (ARC_IS_PROGRAM_EDITOR (self), NULL);
  return self->author;
}

/**
 * arc_program_editor_dup_source:
 * Returns: (transfer full): the program shown, "" for none
 */
char *
arc_program_editor_dup_source (ArcProgramEditor *self)
{
  g_return_val_if_fail (ARC_IS_PROGRAM_EDITOR (self), NULL);
  ensure_view (self);
  return buffer_text (self);
}

/**
 * arc_program_editor_go_to_line:
 * @line: from 1
 *
 * Puts the cursor at the start of @line, shown, and the focus in the editor.
 */
void
arc_program_editor_go_to_line (ArcProgramEditor *self,
                               int               line)
{
  GtkTextIter iter;

  g_return_if_fail (ARC_IS_PROGRAM_EDITOR (self));

  ensure_view (self);
  gtk_text_buffer_get_iter_at_line (GTK_TEXT_BUFFER (self->buffer), &iter, MAX (line, 1) - 1);
  gtk_text_buffer_place_cursor (GTK_TEXT_BUFFER (self->buffer), &iter);
  gtk_widget_grab_focus (GTK_WIDGET (self->view));
  gtk_text_view_scroll_to_mark (GTK_TEXT_VIEW (self->view), gtk_text_buffer_get_insert (GTK_TEXT_BUFFER (self->buffer)),
                                0.1, FALSE, 0, 0);
}

/**
 * arc_program_editor_get_cursor_line:
 * Returns: the line of the cursor, from 1
 */
int
arc_program_editor_get_cursor_line (ArcProgramEditor *self)
{
  GtkTextIter iter;

  g_return_val_if_fail (ARC_IS_PROGRAM_EDITOR (self), 0);
  ensure_view (self);
  gtk_text_buffer_get_iter_at_mark (GTK_TEXT_BUFFER (self->buffer), &iter,
                                    gtk_text_buffer_get_insert (GTK_TEXT_BUFFER (self->buffer)));
  return gtk_text_iter_get_line (&iter) + 1;
}

/**
 * arc_program_editor_new_view:
 *
 * Another code editor on the same program: the same text, undo and
 * highlighting, editable when this one is; lines not wrapped (for a wide
 * room, the program page).
 *
 * Returns: (transfer floating): a new GtkSourceView
 */
GtkWidget *
arc_program_editor_new_view (ArcProgramEditor *self)
{
  g_autoptr(GtkSourceIndenter) indenter = arc_python_indenter_new ();
  GtkWidget *view;

  g_return_val_if_fail (ARC_IS_PROGRAM_EDITOR (self), NULL);

  ensure_view (self);
  view = g_object_new (GTK_SOURCE_TYPE_VIEW,
                       "buffer", self->buffer,
                       "monospace", TRUE,
                       "show-line-numbers", TRUE,
                       "auto-indent", TRUE,
                       "indent-on-tab", TRUE,
                       "insert-spaces-instead-of-tabs", TRUE,
                       "tab-width", 4,
                       "smart-backspace", TRUE,
                       "wrap-mode", GTK_WRAP_NONE,
                       "top-margin", 6,
                       "bottom-margin", 6,
                       "right-margin", 6,
                       NULL);
  gtk_source_view_set_indenter (GTK_SOURCE_VIEW (view), indenter);
  keep_task_keys (view);
  g_signal_connect_swapped (view, "map", G_CALLBACK (view_mapped_cb), self);
  g_object_bind_property (self->view, "editable", view, "editable", G_BINDING_SYNC_CREATE);
  return view;
}

/**
 * arc_program_editor_get_view:
 * Returns: (transfer none): the code editor, a GtkSourceView
 */
GtkWidget *
arc_program_editor_get_view (ArcProgramEditor *self)
{
  g_return_val_if_fail (ARC_IS_PROGRAM_EDITOR (self), NULL);
  ensure_view (self);
  return GTK_WIDGET (self->view);
}

static void
arc_program_editor_dispose (GObject *object)
{
  ArcProgramEditor *self = ARC_PROGRAM_EDITOR (object);

  arc_program_editor_set_notes (self, NULL);
  g_clear_handle_id (&self->style_idle, g_source_remove);
  stop_waiting (self);
  g_clear_object (&self->notes_signals);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_pointer (&self->author, g_free);

  G_OBJECT_CLASS (arc_program_editor_parent_class)->dispose (object);
}

static void
arc_program_editor_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  ArcProgramEditor *self = ARC_PROGRAM_EDITOR (object);

  switch (prop_id)
    {
    case PROP_NOTES:
      g_value_set_object (value, self->notes);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arc_program_editor_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  ArcProgramEditor *self = ARC_PROGRAM_EDITOR (object);

  switch (prop_id)
    {
    case PROP_NOTES:
      arc_program_editor_set_notes (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arc_program_editor_class_init (ArcProgramEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arc_program_editor_dispose;
  object_class->get_property = arc_program_editor_get_property;
  object_class->set_property = arc_program_editor_set_property;

  properties[PROP_NOTES] = g_param_spec_object ("notes", NULL, NULL, ARC_TYPE_TASK_NOTES,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  widget_class->map = arc_program_editor_map;
  gtk_source_init ();
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/arc-program-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, ArcProgramEditor, box);
  gtk_widget_class_bind_template_child (widget_class, ArcProgramEditor, owner_box);
  gtk_widget_class_bind_template_child (widget_class, ArcProgramEditor, owner_label);
  gtk_widget_class_bind_template_child (widget_class, ArcProgramEditor, heading);
  gtk_widget_class_bind_template_child (widget_class, ArcProgramEditor, frame);
  gtk_widget_class_bind_template_callback (widget_class, edit_copy_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "arc-program-editor");
}

static void
arc_program_editor_init (ArcProgramEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->notes_signals = g_signal_group_new (ARC_TYPE_TASK_NOTES);
  g_signal_group_connect_swapped (self->notes_signals, "changed", G_CALLBACK (fill), self);
  g_object_bind_property (self, "notes", self->notes_signals, "target", G_BINDING_DEFAULT);
  fill (self);
}

/* arc-program-page.c: a room of its own for the task's program
 *
 * Shown by the task page in place of the workspace (Ctrl+Shift+P): the
 * examples in a column, with the program's results under them as on the
 * task page (ArcTaskView's ArcProgramView); beside them the code editor at
 * full width, a second view of the Program section's buffer (the same
 * text, saved with the notes by ArcProgramEditor), lines not wrapped; under
 * it the trace (ArcProgramTraceView).
 *
 * Run with Trace (win.trace-program, Ctrl+T; the window asks first for
 * another annotator's program) runs the program on the chosen pair in the
 * application's pool of python3 processes, never in this one
 * (arc_program_pool_trace_async()), and lists every assignment of its own
 * functions. Choosing a step highlights its line in the editor; putting
 * the cursor on a line chooses its step (the next one there after the
 * chosen one). F11 and Shift+F11 step through the trace from anywhere on
 * the page (Alt+Up and Alt+Down move lines in the editor, F6 moves between
 * the panes), Up and Down in
 * its list; another pair
 * (the list, Alt+Page Down, Alt+Page Up) is traced again. Another task,
 * or the same read again, puts the trace away.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-program-page"

#include "config.h"

#include <glib/gi18n.h>
#include <gtksourceview/gtksource.h>

#include "arc-drop-down.h"
#include "arc-program-page.h"
#include "arc-program-view.h"
#include "arc-view-options.h"

#define EXAMPLES_SHARE 0.27  /* of the page's width, the examples' column */
#define EXAMPLES_MIN   180
#define EXAMPLES_MAX   420
#define CODE_COLUMNS   80   /* the editor's columns the examples' column leaves, where it can */
#define CODE_OVERHEAD  80   /* the room beside the code's text, until measured */
#define TRACE_LINE_TAG "arc-trace-line"

struct _ArcProgramPage
{
  GtkWidget            parent_instance;

  GtkPaned            *paned;
  GtkWidget           *examples_scroller;
  ArcTaskView         *examples;
  GtkLabel            *heading;
  GtkDropDown         *pair_list;
  GtkPaned            *code_paned;
  GtkScrolledWindow   *code_scroller;
  ArcProgramTraceView *trace_view;

  ArcProgramEditor    *editor;
  GtkWidget           *code_view;     /* a GtkSourceView on the editor's buffer */
  GtkTextTag          *line_tag;      /* the chosen step's line */
  GtkStringList       *pair_names;
  ArcProgramPool      *pool;          /* (nullable): where it was traced last: another pair follows */
  GCancellable        *tracing;       /* (nullable): the trace running */
  ArcProgramResult    *trace;         /* (nullable): the last one, of pair traced_pair */
  int                  traced_pair;
  int                  placed_width;  /* the page's width when the divider was last placed */
  int                  placed_at;     /* where: once moved by the user, it stays */
  int                  code_overhead; /* the page's width less the code's text, as last allocated */
  gboolean             following;     /* a step chosen moves no cursor, the cursor chooses no step */
};

G_DEFINE_FINAL_TYPE (ArcProgramPage, arc_program_page, GTK_TYPE_WIDGET)

static ArcTask *
task (ArcProgramPage *self)
{
  return arc_task_view_get_task (self->examples);
}

/* "Train 1", "Test 2": pair @index in the order train then test */
static char *
pair_name (ArcTask *t,
           guint    index)
{
  guint n_train = arc_task_get_n_train (t);

  if (index < n_train)
    /* TRANSLATORS: a train pair, from 1 */
    return g_strdup_printf (_("Train %u"), index + 1);
  /* TRANSLATORS: a test pair, from 1 */
  return g_strdup_printf (_("Test %u"), index - n_train + 1);
}

/**
 * arc_program_page_get_pair:
 * Returns: the pair chosen, from 0 in the order train then test; -1 for none
 */
int
arc_program_page_get_pair (ArcProgramPage *self)
{
  guint selected;

  g_return_val_if_fail (ARC_IS_PROGRAM_PAGE (self), -1);
  selected = gtk_drop_down_get_selected (self->pair_list);
  return selected == GTK_INVALID_LIST_POSITION || task (self) == NULL ? -1 : (int) selected;
}

static void
cancel_trace (ArcProgramPage *self)
{
  if (self->tracing)
    g_cancellable_cancel (self->tracing);
  g_clear_object (&self->tracing);
}

static void
clear_line (ArcProgramPage *self)
{
  GtkTextBuffer *buffer;
  GtkTextIter start, end;

  if (self->code_view == NULL)
    return;
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->code_view));
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  gtk_text_buffer_remove_tag (buffer, self->line_tag, &start, &end);
}

/* Puts the trace away (another task, another program) */
static void
forget_trace (ArcProgramPage *self,
              const char     *message)
{
  cancel_trace (self);
  arc_program_trace_view_show_message (self->trace_view, message);
  g_clear_pointer (&self->trace, arc_program_result_free);
  clear_line (self);
}

/* The chosen step's line highlighted and shown */
static void
step_selected_cb (ArcProgramTraceView *view,
                  guint                index,
                  ArcProgramPage      *self)
{
  const ArcProgramStep *step = arc_program_trace_view_get_step (view);
  GtkTextBuffer *buffer;
  GtkTextIter start, end;

  clear_line (self);
  if (step == NULL || step->line <= 0 || self->code_view == NULL)
    return;
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->code_view));
  if (step->line > gtk_text_buffer_get_line_count (buffer))
    return;
  gtk_text_buffer_get_iter_at_line (buffer, &start, step->line - 1);
  end = start;
  gtk_text_iter_forward_line (&end);
  gtk_text_buffer_apply_tag (buffer, self->line_tag, &start, &end);
  gtk_text_view_scroll_to_iter (GTK_TEXT_VIEW (self->code_view), &start, 0.1, FALSE, 0, 0);
}

/* The step of @line to choose: the chosen one if it is there, else the
 * next one there after it, else the first one there */
static guint
step_of_line (const ArcProgramPair *pair,
              guint                 chosen,
              int                   line)
{
  guint n = pair->steps->len;

  if (chosen < n && ((ArcProgramStep *) pair->steps->pdata[chosen])->line == line)
    return chosen;
  for (guint k = 1; k <= n; k++)
    {
      guint i = chosen < n ? (chosen + k) % n : k - 1;

      if (((ArcProgramStep *) pair->steps->pdata[i])->line == line)
        return i;
    }
  return G_MAXUINT;
}

/* The cursor put on a line of the code: its step chosen */
static void
mark_set_cb (GtkTextBuffer  *buffer,
             GtkTextIter    *location,
             GtkTextMark    *mark,
             ArcProgramPage *self)
{
  guint step;

  if (mark != gtk_text_buffer_get_insert (buffer) || self->trace == NULL || self->trace->pairs->len == 0 ||
      !gtk_widget_has_focus (self->code_view))
    return;
  step = step_of_line (self->trace->pairs->pdata[0], arc_program_trace_view_get_selected (self->trace_view),
                       gtk_text_iter_get_line (location) + 1);
  if (step != G_MAXUINT && step != arc_program_trace_view_get_selected (self->trace_view))
    arc_program_trace_view_select (self->trace_view, step);
}

typedef struct
{
  ArcProgramPage *page;
  GCancellable   *cancellable;
  int             pair;
} Trace;

static void
traced_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  Trace *trace = data;
  ArcProgramPage *self = trace->page;
  g_autoptr(GError) error = NULL;
  ArcProgramResult *traced = arc_program_pool_trace_finish (ARC_PROGRAM_POOL (source), result, &error);
  ArcTask *t = task (self);

  if (g_cancellable_is_cancelled (trace->cancellable) || trace->cancellable != self->tracing || t == NULL)
    g_clear_pointer (&traced, arc_program_result_free);
  else if (traced == NULL)
    {
      /* TRANSLATORS: the program could not be traced at all */
      g_autofree char *message = g_strdup_printf (_("Could not run the program: %s"), error->message);

      g_clear_object (&self->tracing);
      arc_program_trace_view_show_message (self->trace_view, message);
    }
  else
    {
      g_autofree char *name = pair_name (t, (guint) trace->pair);
      guint n_train = arc_task_get_n_train (t);
      const ArcPair *pair = (guint) trace->pair < n_train ? arc_task_get_train (t, (guint) trace->pair)
                                                         : arc_task_get_test (t, (guint) trace->pair - n_train);

      g_clear_object (&self->tracing);
      g_clear_pointer (&self->trace, arc_program_result_free);
      self->trace = traced;
      self->traced_pair = trace->pair;
      arc_program_trace_view_show_pair (self->trace_view, traced->pairs->pdata[0], name,
                                        arc_grid_get_height (pair->input), arc_grid_get_width (pair->input));
    }
  g_object_unref (trace->cancellable);
  g_object_unref (trace->page);
  g_free (trace);
}

/**
 * arc_program_page_trace:
 * @pool: where to run it
 *
 * Runs the program shown on the chosen pair, recording its steps, and
 * lists them; another pair chosen is then traced again in @pool.
 */
void
arc_program_page_trace (ArcProgramPage *self,
                        ArcProgramPool *pool)
{
  g_autofree char *source = NULL;
  g_autofree char *name = NULL;
  int pair = arc_program_page_get_pair (self);
  Trace *trace;

  g_return_if_fail (ARC_IS_PROGRAM_PAGE (self));
  g_return_if_fail (ARC_IS_PROGRAM_POOL (pool));

  if (pair < 0 || self->editor == NULL)
    return;
  cancel_trace (self);
  g_set_object (&self->pool, pool);
  source = arc_program_editor_dup_source (self->editor);
  name = pair_name (task (self), (guint) pair);
  self->tracing = g_cancellable_new ();
  trace = g_new0 (Trace, 1);
  trace->page = g_object_ref (self);
  trace->cancellable = g_object_ref (self->tracing);
  trace->pair = pair;
  arc_program_trace_view_set_running (self->trace_view, name);
  clear_line (self);
  arc_program_pool_trace_async (pool, arc_task_get_id (task (self)), source, task (self), pair, self->tracing,
                                traced_cb, trace);
}

/* Another pair chosen: traced again, if the program was */
static void
pair_chosen_cb (ArcProgramPage *self)
{
  if (self->pool && (self->trace || self->tracing) && arc_program_page_get_pair (self) >= 0 &&
      arc_program_page_get_pair (self) != self->traced_pair)
    arc_program_page_trace (self, self->pool);
}

/* Another task: its pairs to choose from, no trace */
static void
task_changed_cb (ArcProgramPage *self)
{
  ArcTask *t = task (self);
  guint n = t ? arc_task_get_n_train (t) + arc_task_get_n_test (t) : 0;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  g_clear_object (&self->pool);
  forget_trace (self, _("No trace yet: Run with Trace (Ctrl+T) records every step of the program on the chosen pair"));
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (names, pair_name (t, i));
  g_ptr_array_add (names, NULL);
  gtk_string_list_splice (self->pair_names, 0, g_list_model_get_n_items (G_LIST_MODEL (self->pair_names)),
                          (const char * const *) names->pdata);
  gtk_drop_down_set_selected (self->pair_list, n > 0 ? 0 : GTK_INVALID_LIST_POSITION);
  /* The examples' column placed again for the task's grids, unless the
   * user moved it */
  if (self->placed_width > 0 && gtk_paned_get_position (self->paned) == self->placed_at)
    {
      self->placed_width = -1;
      gtk_widget_queue_allocate (GTK_WIDGET (self));
    }
}

static void
step_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ArcProgramPage *self = ARC_PROGRAM_PAGE (widget);
  guint selected = arc_program_trace_view_get_selected (self->trace_view);
  int delta = g_variant_get_int32 (parameter);

  if (selected == G_MAXUINT)
    arc_program_trace_view_select (self->trace_view, 0);
  else if (delta > 0 || selected > 0)
    arc_program_trace_view_select (self->trace_view, selected + (guint) delta);
}

static void
pair_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ArcProgramPage *self = ARC_PROGRAM_PAGE (widget);
  int pair = arc_program_page_get_pair (self) + g_variant_get_int32 (parameter);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->pair_names));

  if (pair >= 0 && (guint) pair < n)
    gtk_drop_down_set_selected (self->pair_list, (guint) pair);
}

/* Where the examples' column ends in a page @width wide: a quarter of it,
 * or as wide as the examples get at their smallest cells, less where the
 * code would show fewer than CODE_COLUMNS characters (the examples then
 * scroll sideways) */
static int
examples_width (ArcProgramPage *self,
                int             width)
{
  int at = (int) (width * EXAMPLES_SHARE), examples;

  gtk_widget_measure (GTK_WIDGET (self->examples), GTK_ORIENTATION_HORIZONTAL, -1, &examples, NULL, NULL, NULL);
  at = MAX (at, examples);

  if (self->code_view)
    {
      g_autofree char *line = g_strnfill (CODE_COLUMNS, 'x');
      PangoLayout *layout = gtk_widget_create_pango_layout (self->code_view, line);
      int columns;

      pango_layout_get_pixel_size (layout, &columns, NULL);
      g_object_unref (layout);
      at = MIN (at, width - self->code_overhead - columns);
    }
  return CLAMP (at, EXAMPLES_MIN, EXAMPLES_MAX);
}

static gboolean
place_again_cb (gpointer data)
{
  gtk_widget_queue_allocate (GTK_WIDGET (data));
  return G_SOURCE_REMOVE;
}

/* The room beside the code's text (margins, divider, line numbers), as
 * the page was allocated: placed again when it was not what the
 * examples' column was placed for, and the user has not moved it */
static void
measure_code_overhead (ArcProgramPage *self,
                       int             width)
{
  GtkTextView *view = GTK_TEXT_VIEW (self->code_view);
  GdkRectangle visible;
  int overhead;

  if (view == NULL || gtk_widget_get_width (self->code_view) <= 0)
    return;
  gtk_text_view_get_visible_rect (view, &visible);
  overhead = width - gtk_paned_get_position (self->paned) - visible.width +
             gtk_text_view_get_left_margin (view) + gtk_text_view_get_right_margin (view);
  if (ABS (overhead - self->code_overhead) <= 2)
    return;
  self->code_overhead = overhead;
  if (gtk_paned_get_position (self->paned) == self->placed_at &&
      examples_width (self, width) != self->placed_at)
    {
      self->placed_width = -1;
      g_idle_add_full (G_PRIORITY_HIGH_IDLE, place_again_cb, g_object_ref (self), g_object_unref);
    }
}

/* The examples' column, once the page has its width */
static void
arc_program_page_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  ArcProgramPage *self = ARC_PROGRAM_PAGE (widget);

  if (width > 0 && width != self->placed_width &&
      (self->placed_width <= 0 || gtk_paned_get_position (self->paned) == self->placed_at))
    {
      if (self->placed_width == 0)
        gtk_paned_set_position (self->code_paned, height * 11 / 20);
      self->placed_width = width;
      self->placed_at = examples_width (self, width);
      gtk_paned_set_position (self->paned, self->placed_at);
    }
  gtk_widget_allocate (gtk_widget_get_first_child (widget), width, height, baseline, NULL);
  measure_code_overhead (self, width);
}

/* The code editor, made when the page is first shown (the Program
 * section's is made after the window's first frame) */
static void
ensure_code_view (ArcProgramPage *self)
{
  GtkTextBuffer *buffer;

  if (self->code_view || self->editor == NULL)
    return;
  self->code_view = arc_program_editor_new_view (self->editor);
  gtk_widget_set_vexpand (self->code_view, TRUE);
  gtk_scrolled_window_set_child (self->code_scroller, self->code_view);
  gtk_label_set_mnemonic_widget (self->heading, self->code_view);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->code_view), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Program"), -1);
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->code_view));
  self->line_tag = gtk_text_buffer_create_tag (buffer, TRACE_LINE_TAG, "paragraph-background-rgba",
                                               &(GdkRGBA) { 0.21, 0.52, 0.89, 0.28 }, NULL);
  g_signal_connect_object (buffer, "mark-set", G_CALLBACK (mark_set_cb), self, 0);
}

static void
arc_program_page_map (GtkWidget *widget)
{
  ensure_code_view (ARC_PROGRAM_PAGE (widget));
  GTK_WIDGET_CLASS (arc_program_page_parent_class)->map (widget);
}

/**
 * arc_program_page_set_editor:
 * @editor: the Program section whose buffer the page shows
 */
void
arc_program_page_set_editor (ArcProgramPage   *self,
                             ArcProgramEditor *editor)
{
  g_return_if_fail (ARC_IS_PROGRAM_PAGE (self));
  g_return_if_fail (ARC_IS_PROGRAM_EDITOR (editor) && self->editor == NULL);

  self->editor = editor;
}

/**
 * arc_program_page_set_settings:
 * The palette, digits and grid lines of its grids
 */
void
arc_program_page_set_settings (ArcProgramPage *self,
                               GSettings      *settings)
{
  static const char * const view_keys[] = { "show-digits", "show-grid-lines", "show-test-outputs", "palette" };

  g_return_if_fail (ARC_IS_PROGRAM_PAGE (self));

  for (gsize i = 0; i < G_N_ELEMENTS (view_keys); i++)
    g_settings_bind (settings, view_keys[i], self->examples, view_keys[i], G_SETTINGS_BIND_GET);
  arc_program_view_set_settings (arc_task_view_get_program_view (self->examples), settings);
  arc_program_trace_view_set_settings (self->trace_view, settings);
}

/**
 * arc_program_page_go_to_line:
 * @line: from 1
 *
 * The cursor at the start of @line of the code, shown, with the focus.
 */
void
arc_program_page_go_to_line (ArcProgramPage *self,
                             int             line)
{
  GtkTextBuffer *buffer;
  GtkTextIter iter;

  g_return_if_fail (ARC_IS_PROGRAM_PAGE (self));
  ensure_code_view (self);
  if (self->code_view == NULL)
    return;
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->code_view));
  gtk_text_buffer_get_iter_at_line (buffer, &iter, MAX (line, 1) - 1);
  gtk_widget_grab_focus (self->code_view);
  gtk_text_buffer_place_cursor (buffer, &iter);
  gtk_text_view_scroll_to_iter (GTK_TEXT_VIEW (self->code_view), &iter, 0.1, FALSE, 0, 0);
}

void
arc_program_page_focus_code (ArcProgramPage *self)
{
  g_return_if_fail (ARC_IS_PROGRAM_PAGE (self));
  ensure_code_view (self);
  if (self->code_view)
    gtk_widget_grab_focus (self->code_view);
}

ArcTaskView *
arc_program_page_get_task_view (ArcProgramPage *self)
{
  g_return_val_if_fail (ARC_IS_PROGRAM_PAGE (self), NULL);
  return self->examples;
}

ArcProgramTraceView *
arc_program_page_get_trace_view (ArcProgramPage *self)
{
  g_return_val_if_fail (ARC_IS_PROGRAM_PAGE (self), NULL);
  return self->trace_view;
}

/**
 * arc_program_page_get_code_view:
 * Returns: (nullable): the code editor of the page, made when it is first
 *   shown
 */
GtkWidget *
arc_program_page_get_code_view (ArcProgramPage *self)
{
  g_return_val_if_fail (ARC_IS_PROGRAM_PAGE (self), NULL);
  return self->code_view;
}

GtkDropDown *
arc_program_page_get_pair_list (ArcProgramPage *self)
{
  g_return_val_if_fail (ARC_IS_PROGRAM_PAGE (self), NULL);
  return self->pair_list;
}

/**
 * arc_program_page_get_trace:
 * Returns: (nullable): the last trace, of one pair
 */
const ArcProgramResult *
arc_program_page_get_trace (ArcProgramPage *self)
{
  g_return_val_if_fail (ARC_IS_PROGRAM_PAGE (self), NULL);
  return self->trace;
}

gboolean
arc_program_page_is_tracing (ArcProgramPage *self)
{
  g_return_val_if_fail (ARC_IS_PROGRAM_PAGE (self), FALSE);
  return self->tracing != NULL;
}

static void
arc_program_page_dispose (GObject *object)
{
  ArcProgramPage *self = ARC_PROGRAM_PAGE (object);

  cancel_trace (self);
  g_clear_pointer (&self->trace, arc_program_result_free);
  g_clear_object (&self->pool);
  gtk_widget_dispose_template (GTK_WIDGET (self), ARC_TYPE_PROGRAM_PAGE);
  G_OBJECT_CLASS (arc_program_page_parent_class)->dispose (object);
}

static void
arc_program_page_class_init (ArcProgramPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arc_program_page_dispose;
  widget_class->size_allocate = arc_program_page_size_allocate;
  widget_class->map = arc_program_page_map;

  g_type_ensure (ARC_TYPE_TASK_VIEW);
  g_type_ensure (ARC_TYPE_PROGRAM_TRACE_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/arc-program-page.ui");
  gtk_widget_class_bind_template_child (widget_class, ArcProgramPage, paned);
  gtk_widget_class_bind_template_child (widget_class, ArcProgramPage, examples_scroller);
  gtk_widget_class_bind_template_child (widget_class, ArcProgramPage, examples);
  gtk_widget_class_bind_template_child (widget_class, ArcProgramPage, heading);
  gtk_widget_class_bind_template_child (widget_class, ArcProgramPage, pair_list);
  gtk_widget_class_bind_template_child (widget_class, ArcProgramPage, code_paned);
  gtk_widget_class_bind_template_child (widget_class, ArcProgramPage, code_scroller);
  gtk_widget_class_bind_template_child (widget_class, ArcProgramPage, trace_view);

  gtk_widget_class_install_action (widget_class, "program.step", "i", step_action);
  gtk_widget_class_install_action (widget_class, "program.pair", "i", pair_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F11, 0, "program.step", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F11, GDK_SHIFT_MASK, "program.step", "i", -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, GDK_ALT_MASK, "program.pair", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, GDK_ALT_MASK, "program.pair", "i", -1);
  gtk_widget_class_set_css_name (widget_class, "arc-program-page");
}

static void
arc_program_page_init (ArcProgramPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->traced_pair = -1;
  self->code_overhead = CODE_OVERHEAD;
  self->pair_names = gtk_string_list_new (NULL);
  arc_drop_down_defer_list (self->pair_list);  /* no rows in the window's first frame */
  gtk_drop_down_set_model (self->pair_list, G_LIST_MODEL (self->pair_names));
  g_object_unref (self->pair_names);  /* the drop-down holds it */
  g_signal_connect_swapped (self->pair_list, "notify::selected", G_CALLBACK (pair_chosen_cb), self);
  g_signal_connect_swapped (self->examples, "notify::task", G_CALLBACK (task_changed_cb), self);
  g_signal_connect_object (self->trace_view, "step-selected", G_CALLBACK (step_selected_cb), self, 0);
}

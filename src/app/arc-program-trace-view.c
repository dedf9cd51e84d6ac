/* arc-program-trace-view.c: a program's trace on one pair
 *
 * The steps (ArcProgramPair.steps) in a list, one row each: its number,
 * what was assigned and its value in a few words, its line; beside them
 * the chosen step's value drawn (ArcStepView) or, when it is not a grid,
 * an object, a set of indices or a container of objects, its text. The
 * list is a GtkListView: 10,000 steps make a few dozen rows. Choosing a
 * step emits "step-selected"; the program page highlights its line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-program-trace-view"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-program-trace-view.h"
#include "arc-view-options.h"

struct _ArcProgramTraceView
{
  GtkWidget             parent_instance;

  GtkWidget            *box;
  GtkWidget            *spinner;
  GtkLabel             *status;
  GtkPaned             *paned;
  GtkListView          *list;
  GtkLabel             *caption;
  GtkLabel             *where;
  ArcStepView          *picture;
  GtkLabel             *value_text;

  GtkStringList        *rows;
  GtkSingleSelection   *selection;
  const ArcProgramPair *pair;       /* (nullable): the page's, shown */
  GSettings            *settings;   /* (nullable): whether the test outputs are shown */
  int                   input_rows; /* the pair's input: an object's canvas */
  int                   input_cols;
  gboolean              filling;
};

G_DEFINE_FINAL_TYPE (ArcProgramTraceView, arc_program_trace_view, GTK_TYPE_WIDGET)

enum {
  STEP_SELECTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* A step's row: "12  x3 = object of 5 cells", or its error; its number
 * @digits wide */
static char *
row_text (guint                 number,
          int                   digits,
          const ArcProgramStep *step)
{
  g_autofree char *value = arc_program_step_describe (step);

  if (step->kind == ARC_PROGRAM_VALUE_ERROR || step->kind == ARC_PROGRAM_VALUE_CUT)
    return g_strdup_printf ("%*u  %s", digits, number, value);
  return g_strdup_printf ("%*u  %s = %s", digits, number, step->name, value);
}

/* The chosen step shown beside the list */
static void
show_step (ArcProgramTraceView *self)
{
  const ArcProgramStep *step = arc_program_trace_view_get_step (self);
  g_autofree char *value = NULL;
  g_autofree char *caption = NULL;
  g_autofree char *where = NULL;
  gboolean drawn;
  guint outside = 0;

  arc_step_view_set_step (self->picture, step, self->input_rows, self->input_cols);
  if (step == NULL)
    {
      gtk_label_set_text (self->caption, "");
      gtk_label_set_text (self->where, "");
      gtk_label_set_text (self->value_text, "");
      return;
    }
  value = arc_program_step_describe (step);
  drawn = step->kind == ARC_PROGRAM_VALUE_GRID || step->kind == ARC_PROGRAM_VALUE_OBJECT ||
          step->kind == ARC_PROGRAM_VALUE_INDICES || step->kind == ARC_PROGRAM_VALUE_OBJECTS;
  if (step->kind == ARC_PROGRAM_VALUE_ERROR)
    caption = g_strdup (_("The program stopped with an error"));
  else if (step->kind == ARC_PROGRAM_VALUE_CUT)
    caption = g_strdup (_("The trace stops here"));
  else if (!drawn)
    caption = g_strdup (step->name);
  else
    caption = g_strdup_printf ("%s = %s", step->name, value);
  gtk_label_set_text (self->caption, caption);
  if (step->kind == ARC_PROGRAM_VALUE_OBJECT || step->kind == ARC_PROGRAM_VALUE_INDICES)
    outside = arc_program_count_outside (step->cells, self->input_rows, self->input_cols);
  if (step->line > 0 && outside > 0)
    /* TRANSLATORS: where a step of a program is: its function and line, then cells not drawn */
    where = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, line %d; %u cell outside the grid, not drawn",
                                          "%s, line %d; %u cells outside the grid, not drawn", outside),
                             step->function, step->line, outside);
  else if (step->line > 0 && *step->function)
    /* TRANSLATORS: where a step of a program is: its function and line */
    where = g_strdup_printf (_("%s, line %d"), step->function, step->line);
  else if (step->line > 0)
    /* TRANSLATORS: where a step of a program is, outside any function (a syntax error) */
    where = g_strdup_printf (_("Line %d"), step->line);
  gtk_label_set_text (self->where, where ? where : "");
  gtk_label_set_text (self->value_text, drawn ? "" : step->text);
  gtk_widget_set_visible (GTK_WIDGET (self->value_text), !drawn);
  gtk_widget_set_visible (GTK_WIDGET (self->picture), drawn);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->picture), GTK_ACCESSIBLE_PROPERTY_LABEL, caption, -1);
}

static void
selected_cb (ArcProgramTraceView *self)
{
  show_step (self);
  if (!self->filling)
    g_signal_emit (self, signals[STEP_SELECTED], 0, arc_program_trace_view_get_selected (self));
}

static void
setup_row_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_margin_start (label, 6);
  gtk_widget_set_margin_end (label, 6);
  gtk_widget_add_css_class (label, "monospace");
  gtk_list_item_set_child (item, label);
}

static void
bind_row_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             gpointer                  data)
{
  GtkStringObject *row = gtk_list_item_get_item (item);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), gtk_string_object_get_string (row));
}

static void
set_status (ArcProgramTraceView *self,
            const char          *text,
            gboolean             running)
{
  gtk_label_set_text (self->status, text);
  gtk_widget_set_visible (self->spinner, running);
  gtk_spinner_set_spinning (GTK_SPINNER (self->spinner), running);
}

static void
clear_steps (ArcProgramTraceView *self)
{
  self->filling = TRUE;
  self->pair = NULL;
  gtk_string_list_splice (self->rows, 0, g_list_model_get_n_items (G_LIST_MODEL (self->rows)), NULL);
  self->filling = FALSE;
  show_step (self);
}

/**
 * arc_program_trace_view_set_settings:
 * The palette, digits and grid lines the values are drawn with
 */
void
arc_program_trace_view_set_settings (ArcProgramTraceView *self,
                                     GSettings           *settings)
{
  g_return_if_fail (ARC_IS_PROGRAM_TRACE_VIEW (self));
  arc_view_options_bind (settings, self->picture);
  g_set_object (&self->settings, settings);
}

/**
 * arc_program_trace_view_set_running:
 * @pair_name: "Train 1", "Test 1"
 */
void
arc_program_trace_view_set_running (ArcProgramTraceView *self,
                                    const char          *pair_name)
{
  g_autofree char *text = NULL;

  g_return_if_fail (ARC_IS_PROGRAM_TRACE_VIEW (self));
  clear_steps (self);
  /* TRANSLATORS: %s is a pair, "Train 1" or "Test 1" */
  text = g_strdup_printf (_("Tracing the program on %s…"), pair_name);
  set_status (self, text, TRUE);
}

/* What the status says of @pair: its steps and how it ended; of a test
 * pair, no verdict while the test outputs are hidden (as a run's results:
 * a trace spoils no answer, submitting tells) */
static char *
pair_status (ArcProgramTraceView  *self,
             const ArcProgramPair *pair,
             const char           *pair_name)
{
  guint n = pair->steps->len;
  const char *verdict;

  if (n > 0 && ((ArcProgramStep *) pair->steps->pdata[n - 1])->kind == ARC_PROGRAM_VALUE_ERROR)
    n--;
  if (pair->status != ARC_PROGRAM_OK)
    verdict = _("no output");
  else if (pair->test && (self->settings == NULL || !g_settings_get_boolean (self->settings, "show-test-outputs")))
    verdict = _("not judged (the test outputs are hidden)");
  else if (pair->verdict == ARC_VERDICT_CORRECT)
    verdict = _("right");
  else if (pair->verdict == ARC_VERDICT_WRONG)
    verdict = _("wrong");
  else
    verdict = _("output not checked");
  /* TRANSLATORS: "Train 1: 12 steps, right" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %u step, %s", "%s: %u steps, %s", n),
                          pair_name, n, verdict);
}

/**
 * arc_program_trace_view_show_pair:
 * @pair: the traced pair, kept by the caller while shown
 * @rows: its input's rows, the canvas of objects and indices
 * @cols: its input's columns
 *
 * Lists @pair's steps and shows the first.
 */
void
arc_program_trace_view_show_pair (ArcProgramTraceView  *self,
                                  const ArcProgramPair *pair,
                                  const char           *pair_name,
                                  int                   rows,
                                  int                   cols)
{
  g_autoptr(GPtrArray) texts = NULL;
  g_autofree char *status = NULL;
  int digits;

  g_return_if_fail (ARC_IS_PROGRAM_TRACE_VIEW (self));
  g_return_if_fail (pair != NULL && pair->steps != NULL);

  clear_steps (self);
  self->pair = pair;
  self->input_rows = rows;
  self->input_cols = cols;
  texts = g_ptr_array_new_full (pair->steps->len + 1, g_free);
  digits = g_snprintf (NULL, 0, "%u", pair->steps->len);
  for (guint i = 0; i < pair->steps->len; i++)
    g_ptr_array_add (texts, row_text (i + 1, digits, pair->steps->pdata[i]));
  g_ptr_array_add (texts, NULL);
  self->filling = TRUE;
  gtk_string_list_splice (self->rows, 0, 0, (const char * const *) texts->pdata);
  gtk_single_selection_set_selected (self->selection, pair->steps->len > 0 ? 0 : GTK_INVALID_LIST_POSITION);
  self->filling = FALSE;
  status = pair_status (self, pair, pair_name);
  if (pair->steps->len == 0)
    {
      g_autofree char *none = g_strconcat (status, " — ", _("the program assigns nothing in its own functions"), NULL);
      set_status (self, none, FALSE);
    }
  else
    set_status (self, status, FALSE);
  show_step (self);
  g_signal_emit (self, signals[STEP_SELECTED], 0, arc_program_trace_view_get_selected (self));
}

/**
 * arc_program_trace_view_show_message:
 * No steps: @message says why (the trace could not run, or was put away)
 */
void
arc_program_trace_view_show_message (ArcProgramTraceView *self,
                                     const char          *message)
{
  g_return_if_fail (ARC_IS_PROGRAM_TRACE_VIEW (self));
  clear_steps (self);
  set_status (self, message, FALSE);
}

/**
 * arc_program_trace_view_select:
 * @step: from 0
 *
 * Returns: whether there is such a step (it is chosen and scrolled to)
 */
gboolean
arc_program_trace_view_select (ArcProgramTraceView *self,
                               guint                step)
{
  g_return_val_if_fail (ARC_IS_PROGRAM_TRACE_VIEW (self), FALSE);

  if (self->pair == NULL || step >= self->pair->steps->len)
    return FALSE;
  gtk_single_selection_set_selected (self->selection, step);
  gtk_widget_activate_action (GTK_WIDGET (self->list), "list.scroll-to-item", "u", step);
  return TRUE;
}

/**
 * arc_program_trace_view_get_selected:
 * Returns: the chosen step, from 0, or %G_MAXUINT for none
 */
guint
arc_program_trace_view_get_selected (ArcProgramTraceView *self)
{
  guint selected;

  g_return_val_if_fail (ARC_IS_PROGRAM_TRACE_VIEW (self), G_MAXUINT);
  selected = gtk_single_selection_get_selected (self->selection);
  return self->pair && selected < self->pair->steps->len ? selected : G_MAXUINT;
}

/**
 * arc_program_trace_view_get_step:
 * Returns: (nullable): the chosen step
 */
const ArcProgramStep *
arc_program_trace_view_get_step (ArcProgramTraceView *self)
{
  guint selected = arc_program_trace_view_get_selected (self);

  return selected == G_MAXUINT ? NULL : self->pair->steps->pdata[selected];
}

const char *
arc_program_trace_view_get_status (ArcProgramTraceView *self)
{
  g_return_val_if_fail (ARC_IS_PROGRAM_TRACE_VIEW (self), NULL);
  return gtk_label_get_text (self->status);
}

ArcStepView *
arc_program_trace_view_get_picture (ArcProgramTraceView *self)
{
  g_return_val_if_fail (ARC_IS_PROGRAM_TRACE_VIEW (self), NULL);
  return self->picture;
}

GtkWidget *
arc_program_trace_view_get_list (ArcProgramTraceView *self)
{
  g_return_val_if_fail (ARC_IS_PROGRAM_TRACE_VIEW (self), NULL);
  return GTK_WIDGET (self->list);
}

static void
arc_program_trace_view_dispose (GObject *object)
{
  ArcProgramTraceView *self = ARC_PROGRAM_TRACE_VIEW (object);

  self->pair = NULL;
  g_clear_object (&self->settings);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (arc_program_trace_view_parent_class)->dispose (object);
}

static void
arc_program_trace_view_class_init (ArcProgramTraceViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arc_program_trace_view_dispose;

  /**
   * ArcProgramTraceView::step-selected:
   * Another step was chosen (its index, from 0; %G_MAXUINT for none)
   */
  signals[STEP_SELECTED] = g_signal_new ("step-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                         NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  g_type_ensure (ARC_TYPE_STEP_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/arc-program-trace-view.ui");
  gtk_widget_class_bind_template_child (widget_class, ArcProgramTraceView, box);
  gtk_widget_class_bind_template_child (widget_class, ArcProgramTraceView, spinner);
  gtk_widget_class_bind_template_child (widget_class, ArcProgramTraceView, status);
  gtk_widget_class_bind_template_child (widget_class, ArcProgramTraceView, paned);
  gtk_widget_class_bind_template_child (widget_class, ArcProgramTraceView, list);
  gtk_widget_class_bind_template_child (widget_class, ArcProgramTraceView, caption);
  gtk_widget_class_bind_template_child (widget_class, ArcProgramTraceView, where);
  gtk_widget_class_bind_template_child (widget_class, ArcProgramTraceView, picture);
  gtk_widget_class_bind_template_child (widget_class, ArcProgramTraceView, value_text);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "arc-program-trace-view");
}

static void
arc_program_trace_view_init (ArcProgramTraceView *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = gtk_string_list_new (NULL);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (self->rows));  /* takes it */
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row_cb), NULL);
  gtk_list_view_set_factory (self->list, factory);
  gtk_list_view_set_model (self->list, GTK_SELECTION_MODEL (self->selection));
  g_object_unref (self->selection);  /* the list view holds it, and it the rows */
  g_signal_connect_swapped (self->selection, "notify::selected", G_CALLBACK (selected_cb), self);
  gtk_paned_set_position (self->paned, 320);
}

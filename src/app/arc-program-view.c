/* arc-program-view.c: what a task's program made of each pair, beside the expected output
 *
 * Shown under the examples by ArcTaskView once a program ran (Run, Ctrl+R):
 * a heading with how many pairs it got right and a Clear button, then one
 * card a pair: whether it is right, the expected output and the program's,
 * its wrong cells crossed out as in the workspace; or the error, with the
 * program's line (a click on it emits "line-activated"). A test pair's
 * output can be submitted as an attempt made by the program, or copied to
 * the workspace (the window's actions win.submit-program-output and
 * win.copy-program-output, with the test input's index).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-program-view"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-program-view.h"
#include "arc-view-options.h"
#include "arc-wrap-layout.h"

#define MIN_CELL      4
#define NATURAL_CELL  14

struct _ArcProgramView
{
  GtkWidget         parent_instance;

  GtkWidget        *box;
  GtkLabel         *summary;
  GtkWidget        *spinner;
  GtkWidget        *clear_button;
  GtkWidget        *pairs;      /* GtkFlowBox of the cards */

  GSettings        *settings;
  ArcTask          *task;
  ArcProgramResult *result;
  gboolean          running;
  GPtrArray        *labels;     /* GtkWidget: each pair's verdict */
  GPtrArray        *predicted;  /* ArcGridView, or NULL for a pair without a grid */
  GPtrArray        *errors;     /* GtkWidget: the error's button or label, or NULL */
};

G_DEFINE_FINAL_TYPE (ArcProgramView, arc_program_view, GTK_TYPE_WIDGET)

enum {
  LINE_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
remove_pairs (ArcProgramView *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->pairs)))
    gtk_flow_box_remove (GTK_FLOW_BOX (self->pairs), child);
  g_ptr_array_set_size (self->labels, 0);
  g_ptr_array_set_size (self->predicted, 0);
  g_ptr_array_set_size (self->errors, 0);
}

static GtkWidget *
grid_with_caption (ArcProgramView *self,
                   const char     *caption,
                   const ArcGrid  *grid,
                   const ArcGrid  *expected,
                   ArcGridView   **view_out)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *label = gtk_label_new (caption);
  GtkWidget *view = arc_grid_view_new ();

  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (box), label);
  if (self->settings)
    arc_view_options_bind (self->settings, view);
  arc_grid_view_set_cell_range (ARC_GRID_VIEW (view), MIN_CELL, NATURAL_CELL);
  arc_grid_view_set_grid (ARC_GRID_VIEW (view), grid);
  arc_grid_view_set_expected (ARC_GRID_VIEW (view), expected);
  gtk_widget_set_halign (view, GTK_ALIGN_START);
  gtk_widget_set_valign (view, GTK_ALIGN_START);
  gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL, caption, -1);
  gtk_box_append (GTK_BOX (box), view);
  if (view_out)
    *view_out = ARC_GRID_VIEW (view);
  return box;
}

static void
error_clicked_cb (GtkButton      *button,
                  ArcProgramView *self)
{
  int line = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "line"));

  g_signal_emit (self, signals[LINE_ACTIVATED], 0, line);
}

/* The error of a pair without a grid: a button that shows its line, when known */
static GtkWidget *
error_widget (ArcProgramView       *self,
              const ArcProgramPair *pair)
{
  const char *message = pair->message ? pair->message : _("No output");
  g_autofree char *text = NULL;
  GtkWidget *label, *button;

  if (pair->line <= 0)
    {
      label = gtk_label_new (message);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
      gtk_widget_add_css_class (label, "error");
      return label;
    }
  /* TRANSLATORS: an error of a task's program: "Line 4: ZeroDivisionError: division by zero" */
  text = g_strdup_printf (_("Line %d: %s"), pair->line, message);
  label = gtk_label_new (text);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
  gtk_widget_add_css_class (label, "error");
  button = gtk_button_new ();
  gtk_button_set_child (GTK_BUTTON (button), label);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, _("Show the line in the program"));
  g_object_set_data (G_OBJECT (button), "line", GINT_TO_POINTER (pair->line));
  g_signal_connect (button, "clicked", G_CALLBACK (error_clicked_cb), self);
  return button;
}

/* Whether @pair's expected output and verdict are not shown: a test
 * pair's, while the test outputs are hidden (the preference, and the View
 * menu), so that a run spoils no answer. Submitting checks it. */
static gboolean
hides (ArcProgramView       *self,
       const ArcProgramPair *pair)
{
  return pair->test && (self->settings == NULL || !g_settings_get_boolean (self->settings, "show-test-outputs"));
}

/* "Train 2: wrong, 3 cells" */
static char *
verdict_text (const ArcProgramPair *pair,
              const ArcGrid        *expected,
              gboolean              hidden,
              guint                 n_marked)
{
  /* TRANSLATORS: a pair of the task, "Train 2" or "Test 1" */
  g_autofree char *which = g_strdup_printf (pair->test ? _("Test %u") : _("Train %u"), pair->index + 1);

  if (hidden && pair->status == ARC_PROGRAM_OK)
    /* TRANSLATORS: "Test 1: not checked, as the test outputs are hidden" */
    return g_strdup_printf (_("%s: not checked, as the test outputs are hidden"), which);
  if (pair->status == ARC_PROGRAM_TIMEOUT)
    /* TRANSLATORS: "Train 2: too slow" */
    return g_strdup_printf (_("%s: too slow"), which);
  if (pair->status != ARC_PROGRAM_OK)
    /* TRANSLATORS: "Train 2: an error" */
    return g_strdup_printf (_("%s: an error"), which);
  if (pair->verdict == ARC_VERDICT_CORRECT)
    /* TRANSLATORS: "Train 2: right" */
    return g_strdup_printf (_("%s: right"), which);
  if (pair->verdict == ARC_VERDICT_UNVERIFIED || expected == NULL)
    /* TRANSLATORS: "Test 1: not checked", no expected output being known */
    return g_strdup_printf (_("%s: not checked"), which);
  if (arc_grid_get_height (pair->predicted) != arc_grid_get_height (expected) ||
      arc_grid_get_width (pair->predicted) != arc_grid_get_width (expected))
    /* TRANSLATORS: "Train 2: wrong size, 3×3 instead of 4×4" */
    return g_strdup_printf (_("%s: wrong size, %d×%d instead of %d×%d"), which,
                            arc_grid_get_height (pair->predicted), arc_grid_get_width (pair->predicted),
                            arc_grid_get_height (expected), arc_grid_get_width (expected));
  /* TRANSLATORS: "Train 2: wrong, 3 cells" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: wrong, %u cell", "%s: wrong, %u cells", n_marked),
                          which, n_marked);
}

/* A button whose label wraps in a narrow column */
static GtkWidget *
wrapping_button (const char *mnemonic)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), button);
  gtk_button_set_child (GTK_BUTTON (button), label);
  return button;
}

/* Submit and Copy to Workspace, for a test input's grid */
static GtkWidget *
test_buttons (guint index)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *submit = wrapping_button (_("_Submit"));
  GtkWidget *copy = wrapping_button (_("Copy to _Workspace"));

  gtk_widget_set_tooltip_text (submit, _("Submit the program’s output as an attempt made by the program"));
  gtk_widget_set_tooltip_text (copy, _("Put the program’s output in the workspace, to finish by hand"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (submit), "win.submit-program-output");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (submit), g_variant_new_uint32 (index));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (copy), "win.copy-program-output");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (copy), g_variant_new_uint32 (index));
  gtk_widget_set_layout_manager (box, arc_wrap_layout_new (6, 6));
  gtk_box_append (GTK_BOX (box), submit);
  gtk_box_append (GTK_BOX (box), copy);
  return box;
}

static void
add_pair (ArcProgramView       *self,
          const ArcProgramPair *pair)
{
  const ArcPair *task_pair = pair->test ? arc_task_get_test (self->task, pair->index) : arc_task_get_train (self->task, pair->index);
  gboolean hidden = hides (self, pair);
  const ArcGrid *expected = task_pair && !hidden ? task_pair->output : NULL;
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *grids = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  ArcGridView *predicted = NULL;
  GtkWidget *error = NULL;
  g_autofree char *text = NULL;
  GtkWidget *label;

  /* Side by side, or one above the other in a narrow column */
  gtk_widget_set_layout_manager (grids, arc_wrap_layout_new (12, 6));
  if (expected)
    gtk_box_append (GTK_BOX (grids), grid_with_caption (self, _("Expected"), expected, NULL, NULL));
  if (pair->predicted)
    gtk_box_append (GTK_BOX (grids), grid_with_caption (self, _("Program"), pair->predicted,
                                                        pair->verdict == ARC_VERDICT_WRONG ? expected : NULL, &predicted));
  text = verdict_text (pair, expected, hidden, predicted ? arc_grid_view_get_n_marked (predicted) : 0);
  label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_widget_add_css_class (label, "heading");
  if (hidden)
    ;
  else if (pair->verdict == ARC_VERDICT_CORRECT)
    gtk_widget_add_css_class (label, "success");
  else if (pair->verdict == ARC_VERDICT_WRONG)
    gtk_widget_add_css_class (label, "error");
  gtk_box_append (GTK_BOX (card), label);
  gtk_box_append (GTK_BOX (card), grids);
  if (pair->predicted == NULL)
    {
      error = error_widget (self, pair);
      gtk_box_append (GTK_BOX (card), error);
    }
  if (pair->test && pair->predicted)
    gtk_box_append (GTK_BOX (card), test_buttons (pair->index));
  gtk_widget_add_css_class (card, "program-pair");
  gtk_flow_box_append (GTK_FLOW_BOX (self->pairs), card);
  g_ptr_array_add (self->labels, label);
  g_ptr_array_add (self->predicted, predicted);
  g_ptr_array_add (self->errors, error);
}

static void
show_summary (ArcProgramView *self,
              const char     *text)
{
  gtk_label_set_text (self->summary, text);
  gtk_widget_set_visible (self->spinner, self->running);
  gtk_spinner_set_spinning (GTK_SPINNER (self->spinner), self->running);
  gtk_widget_set_visible (GTK_WIDGET (self), self->running || self->result || *text);
}

/* The cards of the result's pairs, and what the program got right of
 * those whose verdict is shown */
static void
show_pairs (ArcProgramView *self)
{
  const ArcProgramResult *result = self->result;
  guint right = 0, shown = 0, hidden = 0;
  g_autofree char *text = NULL;

  remove_pairs (self);
  for (guint i = 0; i < result->pairs->len; i++)
    {
      const ArcProgramPair *pair = result->pairs->pdata[i];

      add_pair (self, pair);
      if (hides (self, pair))
        {
          hidden++;
          continue;
        }
      shown++;
      right += pair->verdict == ARC_VERDICT_CORRECT;
    }
  if (hidden > 0)
    /* TRANSLATORS: what a task's program got right while the test outputs are hidden, "2 of 3 train pairs right" */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u train pair right", "%u of %u train pairs right", shown),
                            right, shown);
  else
    /* TRANSLATORS: what a task's program got right, "3 of 4 pairs right" */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u pair right", "%u of %u pairs right", shown),
                            right, shown);
  show_summary (self, text);
}

/* Test outputs shown or hidden: the results say their verdicts, or not */
static void
test_outputs_changed_cb (GSettings      *settings,
                         const char     *key,
                         ArcProgramView *self)
{
  if (self->result && self->task)
    show_pairs (self);
}

/**
 * arc_program_view_set_running:
 * @author: (nullable): whose program it is, when not the user's
 *
 * Shows that the program runs on @task, the earlier results gone.
 */
void
arc_program_view_set_running (ArcProgramView *self,
                              ArcTask        *task,
                              const char     *author)
{
  g_autofree char *text = NULL;

  g_return_if_fail (ARC_IS_PROGRAM_VIEW (self));

  remove_pairs (self);
  g_clear_pointer (&self->result, arc_program_result_free);
  g_set_object (&self->task, task);
  self->running = TRUE;
  /* TRANSLATORS: the program of another annotator runs */
  text = author ? g_strdup_printf (_("Running %s’s program…"), author) : g_strdup (_("Running…"));
  show_summary (self, text);
}

/**
 * arc_program_view_show_result:
 * @result: (transfer full): what the program made of @task's pairs
 */
void
arc_program_view_show_result (ArcProgramView   *self,
                              ArcTask          *task,
                              ArcProgramResult *result)
{
  g_return_if_fail (ARC_IS_PROGRAM_VIEW (self));
  g_return_if_fail (ARC_IS_TASK (task) && result != NULL);

  g_clear_pointer (&self->result, arc_program_result_free);
  g_set_object (&self->task, task);
  self->result = result;
  self->running = FALSE;
  show_pairs (self);
}

/**
 * arc_program_view_show_error:
 * The program could not run at all (no python3, say)
 */
void
arc_program_view_show_error (ArcProgramView *self,
                             const char     *message)
{
  g_return_if_fail (ARC_IS_PROGRAM_VIEW (self));

  remove_pairs (self);
  g_clear_pointer (&self->result, arc_program_result_free);
  self->running = FALSE;
  show_summary (self, message);
}

void
arc_program_view_clear (ArcProgramView *self)
{
  g_return_if_fail (ARC_IS_PROGRAM_VIEW (self));

  remove_pairs (self);
  g_clear_pointer (&self->result, arc_program_result_free);
  g_clear_object (&self->task);
  self->running = FALSE;
  show_summary (self, "");
}

gboolean
arc_program_view_get_running (ArcProgramView *self)
{
  g_return_val_if_fail (ARC_IS_PROGRAM_VIEW (self), FALSE);
  return self->running;
}

/**
 * arc_program_view_get_result:
 * Returns: (nullable): what the program made of the task shown, or %NULL
 */
const ArcProgramResult *
arc_program_view_get_result (ArcProgramView *self)
{
  g_return_val_if_fail (ARC_IS_PROGRAM_VIEW (self), NULL);
  return self->result;
}

const char *
arc_program_view_get_summary (ArcProgramView *self)
{
  g_return_val_if_fail (ARC_IS_PROGRAM_VIEW (self), NULL);
  return gtk_label_get_text (self->summary);
}

/**
 * arc_program_view_get_predicted:
 * @pair: the train pairs, then the test pairs, from 0
 * Returns: (nullable) (transfer none): the view of the grid the program made
 */
ArcGridView *
arc_program_view_get_predicted (ArcProgramView *self,
                                guint           pair)
{
  g_return_val_if_fail (ARC_IS_PROGRAM_VIEW (self), NULL);
  return pair < self->predicted->len ? self->predicted->pdata[pair] : NULL;
}

/**
 * arc_program_view_get_pair_label:
 * Returns: (nullable) (transfer none): the label saying whether @pair is right
 */
GtkWidget *
arc_program_view_get_pair_label (ArcProgramView *self,
                                 guint           pair)
{
  g_return_val_if_fail (ARC_IS_PROGRAM_VIEW (self), NULL);
  return pair < self->labels->len ? self->labels->pdata[pair] : NULL;
}

/**
 * arc_program_view_get_error_button:
 * Returns: (nullable) (transfer none): the error of @pair (a button when its line is known)
 */
GtkWidget *
arc_program_view_get_error_button (ArcProgramView *self,
                                   guint           pair)
{
  g_return_val_if_fail (ARC_IS_PROGRAM_VIEW (self), NULL);
  return pair < self->errors->len ? self->errors->pdata[pair] : NULL;
}

/**
 * arc_program_view_set_settings:
 * The palette, digits and grid lines of the grids, as everywhere, and
 * whether the test pairs' expected outputs and verdicts are shown
 */
void
arc_program_view_set_settings (ArcProgramView *self,
                               GSettings      *settings)
{
  g_return_if_fail (ARC_IS_PROGRAM_VIEW (self));

  if (self->settings)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_set_object (&self->settings, settings);
  if (settings)
    g_signal_connect_object (settings, "changed::show-test-outputs", G_CALLBACK (test_outputs_changed_cb), self, 0);
}

static void
arc_program_view_dispose (GObject *object)
{
  ArcProgramView *self = ARC_PROGRAM_VIEW (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_pointer (&self->result, arc_program_result_free);
  g_clear_object (&self->task);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->labels, g_ptr_array_unref);
  g_clear_pointer (&self->predicted, g_ptr_array_unref);
  g_clear_pointer (&self->errors, g_ptr_array_unref);

  G_OBJECT_CLASS (arc_program_view_parent_class)->dispose (object);
}

static void
arc_program_view_class_init (ArcProgramViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arc_program_view_dispose;

  /**
   * ArcProgramView::line-activated:
   * @line: the program's line of an error, from 1
   */
  signals[LINE_ACTIVATED] = g_signal_new ("line-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "arc-program-view");
}

static void
arc_program_view_init (ArcProgramView *self)
{
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *title = gtk_label_new (_("Program"));

  self->labels = g_ptr_array_new ();
  self->predicted = g_ptr_array_new ();
  self->errors = g_ptr_array_new ();
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  gtk_widget_set_margin_top (self->box, 12);
  gtk_widget_set_margin_start (self->box, 12);
  gtk_widget_set_margin_end (self->box, 12);
  gtk_widget_set_margin_bottom (self->box, 12);

  /* The title, a spinner while it runs, and Clear; under them what it got right */
  gtk_widget_add_css_class (title, "title-4");
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_box_append (GTK_BOX (header), title);
  self->spinner = gtk_spinner_new ();
  gtk_widget_set_hexpand (self->spinner, TRUE);
  gtk_widget_set_halign (self->spinner, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (header), self->spinner);
  self->clear_button = gtk_button_new_with_mnemonic (_("C_lear"));
  gtk_widget_set_tooltip_text (self->clear_button, _("Clear the program’s results"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->clear_button), "win.clear-program-results");
  gtk_widget_set_valign (self->clear_button, GTK_ALIGN_CENTER);
  gtk_widget_set_hexpand (self->clear_button, TRUE);
  gtk_widget_set_halign (self->clear_button, GTK_ALIGN_END);
  gtk_widget_add_css_class (self->clear_button, "flat");
  gtk_box_append (GTK_BOX (header), self->clear_button);
  gtk_box_append (GTK_BOX (self->box), header);
  self->summary = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->summary, 0);
  gtk_label_set_wrap (self->summary, TRUE);
  gtk_label_set_wrap_mode (self->summary, PANGO_WRAP_WORD_CHAR);
  gtk_widget_add_css_class (GTK_WIDGET (self->summary), "dim-label");
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->summary));

  self->pairs = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (self->pairs), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (self->pairs), FALSE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (self->pairs), 8);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (self->pairs), 24);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (self->pairs), 12);
  gtk_box_append (GTK_BOX (self->box), self->pairs);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

GtkWidget *
arc_program_view_new (void)
{
  return g_object_new (ARC_TYPE_PROGRAM_VIEW, NULL);
}

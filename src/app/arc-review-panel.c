/* arc-review-panel.c: a reviewed submission's summary and, for the shown
 * task, each attempt beside the expected output with its wrong cells marked
 *
 * The panel is a view of an ArcReview (its "review" property): the summary
 * follows the review's, and the panel is shown while there is one. The
 * task's part is made again when the review or the task shown (its
 * "session", which follows the task page's) changes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-review-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-grid-view.h"
#include "arc-review-panel.h"
#include "arc-task-session.h"
#include "arc-task-row.h"
#include "arc-view-options.h"

struct _ArcReviewPanel
{
  GtkWidget   parent_instance;

  GtkWidget  *box;
  GtkImage   *task_mark;
  GtkLabel   *task_label;
  GtkBox     *tests_box;

  ArcReview  *review;
  GSettings  *settings;
  ArcTaskSession *session;  /* (nullable): the task shown */
  char       *verdict;   /* (nullable): the shown task's, in a sentence */
  const char *verdict_class;
};

G_DEFINE_FINAL_TYPE (ArcReviewPanel, arc_review_panel, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_REVIEW,
  PROP_HAS_REVIEW,
  PROP_VERDICT,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GtkWidget *
caption (const char *text,
         const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 28);
  if (css_class)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

/* The submission's mark, @right or wrong, apart from the user's own (a
 * sheet with a tick or a cross, not a bare tick; said to a screen reader),
 * shown by @image */
static void
set_mark (GtkImage *image,
          gboolean  right)
{
  gtk_image_set_from_icon_name (image, right ? ARC_REVIEW_RIGHT_ICON : ARC_REVIEW_WRONG_ICON);
  gtk_accessible_update_property (GTK_ACCESSIBLE (image), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  right ? _("Right in the reviewed submission") : _("Wrong in the reviewed submission"),
                                  -1);
  arc_review_panel_style_verdict (GTK_WIDGET (image), right ? "success" : "error");
}

/* An attempt's verdict, @right or wrong, after the submission's mark */
static GtkWidget *
marked_caption (const char *text,
                gboolean    right)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *image = gtk_image_new ();

  set_mark (GTK_IMAGE (image), right);
  gtk_widget_set_valign (image, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (box), image);
  gtk_box_append (GTK_BOX (box), caption (text, right ? "success" : "error"));
  return box;
}

/* How one attempt compares with the expected output */
static char *
attempt_verdict (const ArcGrid *attempt,
                 const char    *invalid,
                 const ArcGrid *expected,
                 gboolean      *right)
{
  int h, w, eh, ew;
  guint wrong;

  *right = FALSE;
  if (attempt == NULL && invalid)
    /* TRANSLATORS: an attempt of a submission that is there but not a grid: "Not a grid: [1]: the row has 2 cells, …" */
    return g_strdup_printf (_("Not a grid: %s"), invalid);
  if (attempt == NULL)
    return g_strdup (_("Missing"));
  h = arc_grid_get_height (attempt);
  w = arc_grid_get_width (attempt);
  eh = arc_grid_get_height (expected);
  ew = arc_grid_get_width (expected);
  if (h != eh || w != ew)
    return g_strdup_printf (_("Wrong size: %d×%d, the answer is %d×%d"), h, w, eh, ew);
  wrong = arc_grid_count_differences (attempt, expected);
  if (wrong == 0)
    {
      *right = TRUE;
      /* (no tick: that is the user's own mark; the submission's is beside it) */
      return g_strdup (_("Right"));
    }
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Wrong: %u cell differs (crossed out)",
                                       "Wrong: %u cells differ (crossed out)", wrong), wrong);
}

/* A grid of the review: an attempt of the submission, with its @verdict
 * (@right or not), or with none the expected output */
static GtkWidget *
grid_column (ArcReviewPanel *self,
             const char     *title,
             const ArcGrid  *grid,
             const ArcGrid  *expected,
             const char     *verdict,
             gboolean        right)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);

  gtk_box_append (GTK_BOX (box), caption (title, "heading"));
  if (grid)
    {
      GtkWidget *view = arc_grid_view_new ();
      /* TRANSLATORS: a grid of a reviewed submission, for a screen reader: "Attempt 1 of the submission: Right" */
      g_autofree char *description = verdict ? g_strdup_printf (_("%s of the submission: %s"), title, verdict)
                                             : g_strdup (title);
      g_autofree char *size = g_strdup_printf ("%d×%d", arc_grid_get_height (grid), arc_grid_get_width (grid));

      /* A fixed cell size, at most 200 px a side, so that the columns wrap */
      int side = MAX (arc_grid_get_height (grid), arc_grid_get_width (grid));
      int cell = CLAMP (200 / MAX (side, 1), 4, 24);

      arc_grid_view_set_cell_range (ARC_GRID_VIEW (view), cell, cell);
      if (self->settings)
        arc_view_options_bind (self->settings, view);  /* drawn as every grid is */
      arc_grid_view_set_grid (ARC_GRID_VIEW (view), grid);
      if (expected)
        arc_grid_view_set_expected (ARC_GRID_VIEW (view), expected);
      gtk_widget_set_halign (view, GTK_ALIGN_START);
      gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
      gtk_box_append (GTK_BOX (box), view);
      gtk_box_append (GTK_BOX (box), caption (size, "caption"));
    }
  if (verdict)
    gtk_box_append (GTK_BOX (box), marked_caption (verdict, right));
  return box;
}

/* One test input: its heading, then its attempts and the expected output */
static void
add_test (ArcReviewPanel *self,
          guint           t,
          const ArcGrid  *expected,
          ArcPrediction  *prediction)
{
  GtkWidget *row = gtk_flow_box_new ();
  g_autofree char *test_title = g_strdup_printf (_("Test %u"), t + 1);

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (row), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (row), FALSE);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (row), 18);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (row), 12);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (row), 3);

  gtk_box_append (self->tests_box, caption (test_title, "heading"));
  for (guint a = 0; a < ARC_MAX_ATTEMPTS; a++)
    {
      const ArcGrid *grid = prediction ? prediction->attempts[a] : NULL;
      gboolean right;
      g_autofree char *verdict = attempt_verdict (grid, prediction ? prediction->invalid[a] : NULL, expected, &right);
      g_autofree char *name = g_strdup_printf (_("Attempt %u"), a + 1);

      gtk_flow_box_append (GTK_FLOW_BOX (row), grid_column (self, name, grid, expected, verdict, right));
    }
  gtk_flow_box_append (GTK_FLOW_BOX (row), grid_column (self, _("Expected output"), expected, NULL, NULL, FALSE));
  gtk_box_append (self->tests_box, row);
}

static void
set_verdict (ArcReviewPanel *self,
             const char     *text,
             const char     *css_class)
{
  if (g_strcmp0 (text, self->verdict) == 0 && g_strcmp0 (css_class, self->verdict_class) == 0)
    return;
  g_free (self->verdict);
  self->verdict = g_strdup (text);
  self->verdict_class = css_class;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VERDICT]);
}

/**
 * arc_review_panel_style_verdict:
 * @label: a widget that says a verdict
 * @css_class: (nullable): the verdict's style (arc_review_panel_get_verdict())
 *
 * Gives @label the verdict's style, in place of another verdict's.
 */
void
arc_review_panel_style_verdict (GtkWidget  *label,
                                const char *css_class)
{
  static const char * const classes[] = { "dim-label", "error", "success" };

  for (gsize i = 0; i < G_N_ELEMENTS (classes); i++)
    gtk_widget_remove_css_class (label, classes[i]);
  if (css_class)
    gtk_widget_add_css_class (label, css_class);
}

/* The shown task's part: how it did, and each test input's attempts */
static void
update (ArcReviewPanel *self)
{
  const ArcTaskScore *score = NULL;
  GPtrArray *predictions = NULL;
  const char *id = self->session ? arc_entry_get_id (arc_task_session_get_entry (self->session)) : NULL;
  ArcTask *task = self->session ? arc_task_session_get_task (self->session) : NULL;
  gboolean comparable = task && arc_task_has_test_outputs (task);
  g_autofree char *text = NULL;
  const char *css_class;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->tests_box))))
    gtk_box_remove (self->tests_box, child);
  gtk_widget_set_visible (GTK_WIDGET (self->tests_box), FALSE);
  if (self->review == NULL)
    {
      set_verdict (self, NULL, NULL);
      return;
    }

  if (id)
    {
      score = arc_review_get_task_score (self->review, id);
      predictions = arc_review_get_predictions (self->review, id);
    }
  if (!comparable)
    {
      text = g_strdup (_("This task has no test outputs to compare with."));
      css_class = "dim-label";
    }
  /* (the submission's verdict, in words that say so: the task page shows
   * it above the examples, where the user's own could be read) */
  else if (score == NULL || score->missing)
    {
      text = g_strdup (_("The submission is wrong: this task is missing from it."));
      css_class = "error";
    }
  else if (score->correct)
    {
      text = g_strdup_printf (_("The submission is right: every test output matched (%u of %u)."), score->n_matched,
                              score->n_tests);
      css_class = "success";
    }
  else
    {
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The submission is wrong: %u of %u test output matched.",
                                           "The submission is wrong: %u of %u test outputs matched.", score->n_tests),
                              score->n_matched, score->n_tests);
      css_class = "error";
    }
  gtk_widget_set_visible (GTK_WIDGET (self->task_mark), comparable);
  if (comparable)
    set_mark (self->task_mark, g_strcmp0 (css_class, "success") == 0);
  gtk_label_set_text (self->task_label, text);
  arc_review_panel_style_verdict (GTK_WIDGET (self->task_label), css_class);
  set_verdict (self, text, css_class);

  if (!comparable)
    return;
  for (guint t = 0; t < arc_task_get_n_test (task); t++)
    add_test (self, t, arc_task_get_test (task, t)->output,
              predictions && t < predictions->len ? predictions->pdata[t] : NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->tests_box), TRUE);
}

/**
 * arc_review_panel_set_review:
 * @review: (nullable): the review shown, or %NULL when none is
 */
void
arc_review_panel_set_review (ArcReviewPanel *self,
                             ArcReview      *review)
{
  gboolean had_review;

  g_return_if_fail (ARC_IS_REVIEW_PANEL (self));
  g_return_if_fail (review == NULL || ARC_IS_REVIEW (review));

  had_review = self->review != NULL;
  if (!g_set_object (&self->review, review))
    return;
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVIEW]);
  if (had_review != (review != NULL))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAS_REVIEW]);
}

ArcReview *
arc_review_panel_get_review (ArcReviewPanel *self)
{
  g_return_val_if_fail (ARC_IS_REVIEW_PANEL (self), NULL);
  return self->review;
}

/**
 * arc_review_panel_set_settings:
 * The application's settings, which the grids follow (palette, digits,
 * grid lines).
 */
void
arc_review_panel_set_settings (ArcReviewPanel *self,
                               GSettings      *settings)
{
  g_return_if_fail (ARC_IS_REVIEW_PANEL (self));
  g_return_if_fail (settings == NULL || G_IS_SETTINGS (settings));

  if (g_set_object (&self->settings, settings))
    update (self);
}

/**
 * arc_review_panel_set_session:
 * @session: (nullable): the task shown (its task %NULL when it could not
 *   be read)
 * Shows how the reviewed submission did on @session's task, while there is
 * a review.
 */
void
arc_review_panel_set_session (ArcReviewPanel *self,
                              ArcTaskSession *session)
{
  g_return_if_fail (ARC_IS_REVIEW_PANEL (self));
  g_return_if_fail (session == NULL || ARC_IS_TASK_SESSION (session));

  if (self->session == session)
    return;
  g_set_object (&self->session, session);
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

/**
 * arc_review_panel_get_verdict:
 * @css_class: (out) (optional): its style: "success", "error" or "dim-label"
 * Returns: (nullable): how the submission did on the shown task, in a
 * sentence, or %NULL without a review
 */
const char *
arc_review_panel_get_verdict (ArcReviewPanel *self,
                              const char    **css_class)
{
  g_return_val_if_fail (ARC_IS_REVIEW_PANEL (self), NULL);
  if (css_class)
    *css_class = self->verdict_class;
  return self->verdict;
}

static void
arc_review_panel_dispose (GObject *object)
{
  ArcReviewPanel *self = ARC_REVIEW_PANEL (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), ARC_TYPE_REVIEW_PANEL);
  g_clear_object (&self->review);
  g_clear_object (&self->settings);
  g_clear_object (&self->session);
  g_clear_pointer (&self->verdict, g_free);

  G_OBJECT_CLASS (arc_review_panel_parent_class)->dispose (object);
}

static void
arc_review_panel_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  ArcReviewPanel *self = ARC_REVIEW_PANEL (object);

  switch (prop_id)
    {
    case PROP_REVIEW:
      g_value_set_object (value, self->review);
      break;
    case PROP_HAS_REVIEW:
      g_value_set_boolean (value, self->review != NULL);
      break;
    case PROP_VERDICT:
      g_value_set_string (value, self->verdict);
      break;
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arc_review_panel_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  ArcReviewPanel *self = ARC_REVIEW_PANEL (object);

  switch (prop_id)
    {
    case PROP_REVIEW:
      arc_review_panel_set_review (self, g_value_get_object (value));
      break;
    case PROP_SESSION:
      arc_review_panel_set_session (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arc_review_panel_class_init (ArcReviewPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arc_review_panel_dispose;
  object_class->get_property = arc_review_panel_get_property;
  object_class->set_property = arc_review_panel_set_property;

  /**
   * ArcReviewPanel:review:
   * The review shown, or %NULL.
   */
  properties[PROP_REVIEW] = g_param_spec_object ("review", NULL, NULL, ARC_TYPE_REVIEW,
                                                 G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * ArcReviewPanel:has-review:
   * Whether a review is shown: the panel is visible, and it can be closed.
   */
  properties[PROP_HAS_REVIEW] = g_param_spec_boolean ("has-review", NULL, NULL, FALSE,
                                                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /**
   * ArcReviewPanel:verdict:
   * How the submission did on the shown task, in a sentence, or %NULL
   * without a review (arc_review_panel_get_verdict()).
   */
  properties[PROP_VERDICT] = g_param_spec_string ("verdict", NULL, NULL, NULL,
                                                  G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * ArcReviewPanel:session:
   * The task shown (the task page's), or %NULL.
   */
  properties[PROP_SESSION] = g_param_spec_object ("session", NULL, NULL, ARC_TYPE_TASK_SESSION,
                                                  G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/arc-review-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, ArcReviewPanel, box);
  gtk_widget_class_bind_template_child (widget_class, ArcReviewPanel, task_mark);
  gtk_widget_class_bind_template_child (widget_class, ArcReviewPanel, task_label);
  gtk_widget_class_bind_template_child (widget_class, ArcReviewPanel, tests_box);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "arc-review-panel");
}

static void
arc_review_panel_init (ArcReviewPanel *self)
{
  g_type_ensure (ARC_TYPE_REVIEW);
  gtk_widget_init_template (GTK_WIDGET (self));
}

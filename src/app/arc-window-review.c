/* arc-window-review.c: reviewing a solver's submission.json against the
 * open collection: right and wrong marks in the sidebar, and for the shown
 * task each attempt beside the expected output with its wrong cells marked
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-window"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-grid-view.h"
#include "arc-view-options.h"
#include "arc-window-private.h"

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

/* How one attempt compares with the expected output */
static char *
attempt_verdict (const ArcGrid *attempt,
                 const ArcGrid *expected,
                 gboolean      *right)
{
  int h, w, eh, ew;
  guint wrong;

  *right = FALSE;
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
      return g_strdup (_("Right ✓"));
    }
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Wrong: %u cell differs (crossed out)",
                                       "Wrong: %u cells differ (crossed out)", wrong), wrong);
}

static GtkWidget *
grid_column (const char    *title,
             const ArcGrid *grid,
             const ArcGrid *expected,
             const char    *verdict,
             GSettings     *settings,
             const char    *verdict_class)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *heading = caption (title, "heading");

  gtk_box_append (GTK_BOX (box), heading);
  if (grid)
    {
      GtkWidget *view = arc_grid_view_new ();
      g_autofree char *description = g_strdup_printf ("%s: %s", title, verdict ? verdict : "");

      /* A fixed cell size, at most 200 px a side, so that the columns wrap */
      int side = MAX (arc_grid_get_height (grid), arc_grid_get_width (grid));
      int cell = CLAMP (200 / MAX (side, 1), 4, 24);

      arc_grid_view_set_cell_range (ARC_GRID_VIEW (view), cell, cell);
      arc_view_options_bind (settings, view);  /* drawn as every grid is */
      arc_grid_view_set_grid (ARC_GRID_VIEW (view), grid);
      if (expected)
        arc_grid_view_set_expected (ARC_GRID_VIEW (view), expected);
      gtk_widget_set_halign (view, GTK_ALIGN_START);
      gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
      gtk_box_append (GTK_BOX (box), view);
      {
        g_autofree char *size = g_strdup_printf ("%d×%d", arc_grid_get_height (grid), arc_grid_get_width (grid));
        gtk_box_append (GTK_BOX (box), caption (size, "caption"));
      }
    }
  if (verdict)
    gtk_box_append (GTK_BOX (box), caption (verdict, verdict_class));
  return box;
}

static void
clear_box (GtkBox *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (box))))
    gtk_box_remove (box, child);
}

static void
close_review_cb (GtkButton *button,
                 ArcWindow *self)
{
  arc_window_close_review (self);
}

/**
 * arc_window_update_review:
 * Shows the reviewed submission's attempts for @task (nullable), or hides
 * the review when no submission is reviewed.
 */
void
arc_window_update_review (ArcWindow *self,
                          ArcTask   *task)
{
  const char *id = self->shown_entry ? arc_entry_get_id (self->shown_entry) : NULL;
  ArcTaskScore *score = id && self->review_tasks ? g_hash_table_lookup (self->review_tasks, id) : NULL;
  GPtrArray *predictions = id && self->review ? arc_submission_get (self->review, id) : NULL;
  GtkBox *box = arc_task_page_get_review_box (self->task_page);
  GtkWidget *header, *title, *close, *status;
  g_autofree char *task_text = NULL;
  const char *status_class = NULL;

  clear_box (box);
  gtk_widget_set_visible (GTK_WIDGET (box), self->review != NULL);
  if (self->review == NULL)
    return;

  header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  title = caption (_("Submission Review"), "title-3");
  gtk_widget_set_hexpand (title, TRUE);
  close = gtk_button_new_with_mnemonic (_("_Close Review"));
  gtk_widget_set_valign (close, GTK_ALIGN_CENTER);
  g_signal_connect (close, "clicked", G_CALLBACK (close_review_cb), self);
  gtk_box_append (GTK_BOX (header), title);
  gtk_box_append (GTK_BOX (header), close);
  gtk_box_append (box, header);
  gtk_box_append (box, caption (self->review_summary, "dim-label"));

  if (task == NULL || !arc_task_has_test_outputs (task))
    {
      task_text = g_strdup (_("This task has no test outputs to compare with."));
      status_class = "dim-label";
    }
  else if (score == NULL || score->missing)
    {
      task_text = g_strdup (_("Wrong: this task is missing from the submission."));
      status_class = "error";
    }
  else if (score->correct)
    {
      task_text = g_strdup_printf (_("Right: every test output is matched (%u of %u)."), score->n_matched, score->n_tests);
      status_class = "success";
    }
  else
    {
      task_text = g_strdup_printf (_("Wrong: %u of %u test outputs matched."), score->n_matched, score->n_tests);
      status_class = "error";
    }
  status = caption (task_text, status_class);
  gtk_widget_add_css_class (status, "heading");
  gtk_box_append (box, status);

  if (task == NULL || !arc_task_has_test_outputs (task))
    return;
  for (guint t = 0; t < arc_task_get_n_test (task); t++)
    {
      const ArcGrid *expected = arc_task_get_test (task, t)->output;
      ArcPrediction *prediction = predictions && t < predictions->len ? predictions->pdata[t] : NULL;
      GtkWidget *row = gtk_flow_box_new ();
      g_autofree char *test_title = g_strdup_printf (_("Test %u"), t + 1);

      gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (row), GTK_SELECTION_NONE);
      gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (row), FALSE);
      gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (row), 18);
      gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (row), 12);
      gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (row), 3);

      gtk_box_append (box, caption (test_title, "heading"));
      for (guint a = 0; a < ARC_MAX_ATTEMPTS; a++)
        {
          const ArcGrid *grid = prediction ? prediction->attempts[a] : NULL;
          gboolean right;
          g_autofree char *verdict = attempt_verdict (grid, expected, &right);
          g_autofree char *name = g_strdup_printf (_("Attempt %u"), a + 1);

          gtk_flow_box_append (GTK_FLOW_BOX (row), grid_column (name, grid, expected, verdict, self->settings,
                                                                right ? "success" : "error"));
        }
      gtk_flow_box_append (GTK_FLOW_BOX (row), grid_column (_("Expected output"), expected, NULL, NULL, self->settings, NULL));
      gtk_box_append (box, row);
    }
}

void
arc_window_close_review (ArcWindow *self)
{
  g_clear_pointer (&self->review, arc_submission_free);
  g_clear_pointer (&self->review_score, arc_score_free);
  g_clear_pointer (&self->review_tasks, g_hash_table_unref);
  g_clear_pointer (&self->review_summary, g_free);
  arc_task_list_set_review (self->task_list, NULL);
  arc_window_update_review (self, NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.close-review", FALSE);
}

const char *
arc_window_get_review_summary (ArcWindow *self)
{
  return self->review_summary;
}

/**
 * arc_window_review_submission:
 * Reads @file, a submission.json, and scores it against the open
 * collection.  Problems in it (bad grids, unknown ids) are reported in a
 * toast and the rest is reviewed; a file that cannot be read at all is an
 * error, and the previous review stays.
 */
gboolean
arc_window_review_submission (ArcWindow  *self,
                              GFile      *file,
                              GError    **error)
{
  ArcCollection *collection = arc_task_list_get_collection (self->task_list);
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GHashTable) marks = NULL;
  g_autofree char *name = g_file_get_basename (file);
  ArcSubmission *submission;
  ArcScore *score;

  if (collection == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("No collection open"));
      return FALSE;
    }
  submission = arc_submission_load (file, &problems, error);
  if (submission == NULL)
    return FALSE;

  arc_window_close_review (self);
  score = arc_score_compute (collection, submission);
  self->review = submission;
  self->review_score = score;
  self->review_tasks = g_hash_table_new (g_str_hash, g_str_equal);
  marks = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < score->tasks->len; i++)
    {
      ArcTaskScore *task = score->tasks->pdata[i];

      g_hash_table_insert (self->review_tasks, task->id, task);
      g_hash_table_insert (marks, task->id, GINT_TO_POINTER (task->correct ? ARC_REVIEW_RIGHT : ARC_REVIEW_WRONG));
    }
  self->review_summary = g_strdup_printf (_("%s: %u of %u test outputs matched (%.1f %%), %u of %u tasks right (%.1f %%)"),
                                          name, score->n_matched, score->n_tests,
                                          score->n_tests ? 100.0 * score->n_matched / score->n_tests : 0.0,
                                          score->n_correct, score->n_tasks,
                                          score->n_tasks ? 100.0 * score->n_correct / score->n_tasks : 0.0);
  arc_task_list_set_review (self->task_list, marks);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.close-review", TRUE);

  {
    g_autoptr(GError) load_error = NULL;
    g_autoptr(ArcTask) task = self->shown_entry ? arc_entry_load (self->shown_entry, &load_error) : NULL;

    arc_window_update_review (self, task);
  }

  {
    /* The file's own problems first, else those found while scoring */
    GPtrArray *found = problems && problems->len > 0 ? problems : score->problems;

    if (found && found->len > 0)
      {
        g_autofree char *first = arc_problem_format (found->pdata[0], name);
        g_autofree char *message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u problem in the submission: %s",
                                                                 "%u problems in the submission: %s", found->len),
                                                    found->len, first);
        arc_window_show_toast (self, message);
      }
  }
  return TRUE;
}

static void
review_file (ArcWindow *self,
             GFile     *file)
{
  g_autoptr(GError) error = NULL;

  if (!arc_window_review_submission (self, file, &error))
    {
      g_autofree char *name = g_file_get_parse_name (file);
      g_autofree char *message = g_strdup_printf ("%s: %s", name, error->message);
      arc_window_show_toast (self, message);
    }
}

/**
 * arc_window_choose_review:
 * Asks for a submission file and reviews it against the open collection.
 */
void
arc_window_choose_review (ArcWindow *self)
{
  arc_window_choose_submission (self, _("Review a Submission"), GTK_FILE_CHOOSER_ACTION_OPEN,
                                  _("_Open"), NULL, review_file);
}

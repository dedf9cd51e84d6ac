/* arc-window-review.c: reviewing a solver's submission.json against the
 * open collection: right and wrong marks in the sidebar, and the review
 * panel (ArcReviewPanel) under the shown task
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-window"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-window-private.h"

void
arc_window_close_review (ArcWindow *self)
{
  arc_task_list_set_review (self->task_list, NULL);
  arc_review_panel_set_review (arc_task_page_get_review_panel (self->task_page), NULL);
}

#define MAX_LISTED 300

/* The file's own problems, then those found while scoring: the first in
 * a toast, all of them behind its Details */
static void
report_problems (ArcWindow *self,
                 ArcReview *review)
{
  GPtrArray *found = arc_review_get_problems (review);
  g_autofree char *name = NULL;
  g_autofree char *first = NULL;
  g_autofree char *message = NULL;
  g_autoptr(GString) report = g_string_new (NULL);

  if (found == NULL || found->len == 0)
    return;
  name = g_file_get_basename (arc_review_get_file (review));
  first = arc_problem_format (found->pdata[0], name);
  message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u problem in the submission: %s",
                                          "%u problems in the submission: %s", found->len),
                             found->len, first);
  /* (a submission scored against another collection has thousands: the
   * first few hundred say what is wrong, and a label lays them out at once) */
  for (guint i = 0; i < found->len && i < MAX_LISTED; i++)
    {
      g_autofree char *line = arc_problem_format (found->pdata[i], name);

      g_string_append_printf (report, "%s\n", line);
    }
  if (found->len > MAX_LISTED)
    g_string_append_printf (report, g_dngettext (GETTEXT_PACKAGE, "…and %u more problem, which arc-studio-cli score lists\n",
                                                 "…and %u more problems, which arc-studio-cli score lists\n",
                                                 found->len - MAX_LISTED),
                            found->len - MAX_LISTED);
  arc_window_show_details_toast (self, message, _("Problems in the Submission"), report->str);
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
  g_autoptr(ArcReview) review = NULL;
  g_autoptr(GHashTable) marks = NULL;
  const ArcScore *score;

  if (collection == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("No collection open"));
      return FALSE;
    }
  review = arc_review_new (collection, file, error);
  if (review == NULL)
    return FALSE;

  score = arc_review_get_score (review);
  marks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < score->tasks->len; i++)
    {
      ArcTaskScore *task = score->tasks->pdata[i];

      g_hash_table_insert (marks, g_strdup (task->id), GINT_TO_POINTER (task->correct ? ARC_REVIEW_RIGHT : ARC_REVIEW_WRONG));
    }
  arc_task_list_set_review (self->task_list, marks);
  arc_review_panel_set_review (arc_task_page_get_review_panel (self->task_page), review);
  report_problems (self, review);
  return TRUE;
}

static void
review_file (GFile    *file,
             gpointer  user_data)
{
  ArcWindow *self = user_data;
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

/* arc-review.c: a submission reviewed against a collection
 *
 * An ArcReview is what the window shows while a solver's submission.json
 * is reviewed: the submission, its score against the collection it was
 * read for, each task's score by id, and the summary line. It is made
 * once, from the file, and does not change; a new file is a new review.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-review"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arc-review.h"

struct _ArcReview
{
  GObject         parent_instance;

  GFile          *file;
  ArcSubmission  *submission;
  ArcScore       *score;
  GHashTable     *tasks;     /* task id → ArcTaskScore (of score) */
  GPtrArray      *problems;  /* ArcProblem: the file's own, while reading it */
  GPtrArray      *all;       /* (element-type ArcProblem) those, then the score's (not owned) */
  char           *summary;
};

G_DEFINE_FINAL_TYPE (ArcReview, arc_review, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_FILE,
  PROP_SUMMARY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
arc_review_finalize (GObject *object)
{
  ArcReview *self = ARC_REVIEW (object);

  g_clear_object (&self->file);
  g_clear_pointer (&self->submission, arc_submission_free);
  g_clear_pointer (&self->tasks, g_hash_table_unref);
  g_clear_pointer (&self->score, arc_score_free);
  g_clear_pointer (&self->problems, g_ptr_array_unref);
  g_clear_pointer (&self->all, g_ptr_array_unref);
  g_free (self->summary);

  G_OBJECT_CLASS (arc_review_parent_class)->finalize (object);
}

static void
arc_review_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  ArcReview *self = ARC_REVIEW (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_SUMMARY:
      g_value_set_string (value, self->summary);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arc_review_class_init (ArcReviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = arc_review_finalize;
  object_class->get_property = arc_review_get_property;

  /**
   * ArcReview:file:
   * The submission.json reviewed.
   */
  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /**
   * ArcReview:summary:
   * The file's name and its score: test outputs and tasks right, with
   * their percentages.
   */
  properties[PROP_SUMMARY] = g_param_spec_string ("summary", NULL, NULL, NULL,
                                                  G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
arc_review_init (ArcReview *self)
{
  self->tasks = g_hash_table_new (g_str_hash, g_str_equal);
}

/**
 * arc_review_new:
 * Reads @file, a submission.json, and scores it against @collection.
 * Problems in it (bad grids, unknown ids) are kept for
 * arc_review_get_problems() and the rest is reviewed.
 *
 * Returns: (transfer full) (nullable): the review, or %NULL with @error
 * set when @file cannot be read at all
 */
ArcReview *
arc_review_new (ArcCollection  *collection,
                GFile          *file,
                GError        **error)
{
  g_autoptr(GPtrArray) problems = NULL;
  g_autofree char *name = NULL;
  ArcSubmission *submission;
  ArcReview *self;
  ArcScore *score;

  g_return_val_if_fail (ARC_IS_COLLECTION (collection), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  submission = arc_submission_load (file, &problems, error);
  if (submission == NULL)
    return NULL;

  self = g_object_new (ARC_TYPE_REVIEW, NULL);
  self->file = g_object_ref (file);
  self->submission = submission;
  self->problems = g_steal_pointer (&problems);
  self->score = score = arc_score_compute (collection, submission);
  self->all = g_ptr_array_new ();
  if (self->problems)
    g_ptr_array_extend (self->all, self->problems, NULL, NULL);
  if (score->problems)
    g_ptr_array_extend (self->all, score->problems, NULL, NULL);
  for (guint i = 0; i < score->tasks->len; i++)
    {
      ArcTaskScore *task = score->tasks->pdata[i];

      g_hash_table_insert (self->tasks, task->id, task);
    }
  name = g_file_get_basename (file);
  self->summary = g_strdup_printf (_("%s: %u of %u test outputs matched (%.1f %%), %u of %u tasks right (%.1f %%)"),
                                   name, score->n_matched, score->n_tests,
                                   score->n_tests ? 100.0 * score->n_matched / score->n_tests : 0.0,
                                   score->n_correct, score->n_tasks,
                                   score->n_tasks ? 100.0 * score->n_correct / score->n_tasks : 0.0);
  return self;
}

GFile *
arc_review_get_file (ArcReview *self)
{
  g_return_val_if_fail (ARC_IS_REVIEW (self), NULL);
  return self->file;
}

const char *
arc_review_get_summary (ArcReview *self)
{
  g_return_val_if_fail (ARC_IS_REVIEW (self), NULL);
  return self->summary;
}

const ArcScore *
arc_review_get_score (ArcReview *self)
{
  g_return_val_if_fail (ARC_IS_REVIEW (self), NULL);
  return self->score;
}

/**
 * arc_review_get_task_score:
 * Returns: (nullable): the score of the task @id of the collection, or
 * %NULL if the collection has no such task
 */
const ArcTaskScore *
arc_review_get_task_score (ArcReview  *self,
                           const char *id)
{
  g_return_val_if_fail (ARC_IS_REVIEW (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);
  return g_hash_table_lookup (self->tasks, id);
}

/**
 * arc_review_get_predictions:
 * Returns: (nullable) (element-type ArcPrediction): the submission's
 * attempts for the task @id, one per test input, or %NULL if it has none
 */
GPtrArray *
arc_review_get_predictions (ArcReview  *self,
                            const char *id)
{
  g_return_val_if_fail (ARC_IS_REVIEW (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);
  return arc_submission_get (self->submission, id);
}

/**
 * arc_review_get_problems:
 * Returns: (element-type ArcProblem): the problems of the file itself
 * (bad grids), then those found while scoring it (unknown ids, short
 * lists), as `arc-studio-cli score` lists them
 */
GPtrArray *
arc_review_get_problems (ArcReview *self)
{
  g_return_val_if_fail (ARC_IS_REVIEW (self), NULL);
  return self->all;
}

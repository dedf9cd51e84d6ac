/* arc-program-result.c: what a task's program made of each of its pairs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-program"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arc-program.h"

static void
pair_free (gpointer data)
{
  ArcProgramPair *p = data;

  g_clear_pointer (&p->predicted, arc_grid_free);
  g_free (p->message);
  g_free (p->printed);
  g_clear_pointer (&p->steps, g_ptr_array_unref);
  g_free (p);
}

/**
 * arc_program_result_new:
 * Returns: (transfer full): the result of a run on @n_train train pairs and
 *   @n_test test pairs, each not run yet (no grid, wrong)
 */
ArcProgramResult *
arc_program_result_new (const char *task_id,
                        guint       n_train,
                        guint       n_test)
{
  ArcProgramResult *result = g_new0 (ArcProgramResult, 1);

  result->task_id = g_strdup (task_id);
  result->pairs = g_ptr_array_new_with_free_func (pair_free);
  for (guint i = 0; i < n_train + n_test; i++)
    {
      ArcProgramPair *p = g_new0 (ArcProgramPair, 1);

      p->test = i >= n_train;
      p->index = i < n_train ? i : i - n_train;
      p->status = ARC_PROGRAM_CRASHED;
      p->verdict = ARC_VERDICT_WRONG;
      g_ptr_array_add (result->pairs, p);
    }
  return result;
}

/* A copy of @step, for arc_program_result_copy() */
static ArcProgramStep *
step_copy (const ArcProgramStep *step)
{
  ArcProgramStep *copy = g_memdup2 (step, sizeof *step);

  copy->function = g_strdup (step->function);
  copy->name = g_strdup (step->name);
  copy->grid = step->grid ? arc_grid_copy (step->grid) : NULL;
  if (step->cells)
    {
      copy->cells = g_array_sized_new (FALSE, FALSE, sizeof (ArcProgramCell), step->cells->len);
      g_array_append_vals (copy->cells, step->cells->data, step->cells->len);
    }
  if (step->items)
    {
      copy->items = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
      for (guint i = 0; i < step->items->len; i++)
        {
          GArray *cells = step->items->pdata[i];
          GArray *item = g_array_sized_new (FALSE, FALSE, sizeof (ArcProgramCell), cells->len);

          g_array_append_vals (item, cells->data, cells->len);
          g_ptr_array_add (copy->items, item);
        }
    }
  copy->text = g_strdup (step->text);
  return copy;
}

/**
 * arc_program_result_copy:
 * Returns: (transfer full): a copy of @result, with its steps
 */
ArcProgramResult *
arc_program_result_copy (const ArcProgramResult *result)
{
  ArcProgramResult *copy;

  g_return_val_if_fail (result != NULL, NULL);

  copy = g_new0 (ArcProgramResult, 1);
  copy->task_id = g_strdup (result->task_id);
  copy->pairs = g_ptr_array_new_with_free_func (pair_free);
  for (guint i = 0; i < result->pairs->len; i++)
    {
      const ArcProgramPair *p = result->pairs->pdata[i];
      ArcProgramPair *q = g_memdup2 (p, sizeof *p);

      q->predicted = p->predicted ? arc_grid_copy (p->predicted) : NULL;
      q->message = g_strdup (p->message);
      q->printed = g_strdup (p->printed);
      if (p->steps)
        {
          q->steps = g_ptr_array_new_full (p->steps->len, (GDestroyNotify) arc_program_step_free);
          for (guint k = 0; k < p->steps->len; k++)
            g_ptr_array_add (q->steps, step_copy (p->steps->pdata[k]));
        }
      g_ptr_array_add (copy->pairs, q);
    }
  return copy;
}

void
arc_program_result_free (ArcProgramResult *result)
{
  if (result == NULL)
    return;
  g_free (result->task_id);
  g_ptr_array_unref (result->pairs);
  g_free (result);
}

/**
 * arc_program_result_first_wrong:
 * Returns: (nullable) (transfer none): the first pair the program did not
 *   get right: a wrong grid, or none (an error); %NULL when it got every
 *   pair right (a grid for each hidden output)
 */
const ArcProgramPair *
arc_program_result_first_wrong (const ArcProgramResult *result)
{
  g_return_val_if_fail (result != NULL, NULL);

  for (guint i = 0; i < result->pairs->len; i++)
    {
      const ArcProgramPair *p = result->pairs->pdata[i];

      if (p->status != ARC_PROGRAM_OK || p->verdict == ARC_VERDICT_WRONG)
        return p;
    }
  return NULL;
}

gboolean
arc_program_result_is_right (const ArcProgramResult *result)
{
  return arc_program_result_first_wrong (result) == NULL;
}

/**
 * arc_program_pair_describe:
 * Returns: (transfer full): what went wrong with @pair, as the CLI says it:
 *   "train 2 wrong", "test 1: ZeroDivisionError: division by zero (line 4)"
 */
char *
arc_program_pair_describe (const ArcProgramPair *pair)
{
  /* TRANSLATORS: "train" or "test" and the pair's number, from 1 */
  g_autofree char *which = g_strdup_printf (pair->test ? _("test %u") : _("train %u"), pair->index + 1);

  if (pair->status == ARC_PROGRAM_OK)
    {
      if (pair->verdict == ARC_VERDICT_WRONG)
        /* TRANSLATORS: %s is "train 2" or "test 1" */
        return g_strdup_printf (_("%s wrong"), which);
      /* TRANSLATORS: %s is "train 2" or "test 1" */
      return g_strdup_printf (pair->verdict == ARC_VERDICT_CORRECT ? _("%s right") : _("%s: a grid, not checked"), which);
    }
  if (pair->line > 0)
    /* TRANSLATORS: "train 2: ZeroDivisionError: division by zero (line 4)" */
    return g_strdup_printf (_("%s: %s (line %d)"), which, pair->message, pair->line);
  return g_strdup_printf ("%s: %s", which, pair->message);
}

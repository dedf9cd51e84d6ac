/* arc-task.c: an ARC task and the problems found in it
 *
 * The task is built by the parser of arc-task-parse.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-task"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arc-task-private.h"

G_DEFINE_FINAL_TYPE (ArcTask, arc_task, G_TYPE_OBJECT)

/* Problems */

ArcProblem *
arc_problem_new (ArcSeverity  severity,
                 const char  *location,
                 const char  *message)
{
  ArcProblem *p = g_new0 (ArcProblem, 1);

  p->severity = severity;
  p->location = g_strdup (location ? location : "");
  p->message = g_strdup (message);
  return p;
}

void
arc_problem_free (ArcProblem *problem)
{
  if (problem == NULL)
    return;
  g_free (problem->location);
  g_free (problem->message);
  g_free (problem);
}

/**
 * arc_problem_format:
 * Returns: "SOURCE: LOCATION: message", with "warning: " before the message
 * of a warning, and without the parts that are empty.
 */
char *
arc_problem_format (const ArcProblem *problem,
                    const char       *source)
{
  GString *s = g_string_new (NULL);

  if (source && *source)
    g_string_append_printf (s, "%s: ", source);
  if (problem->location && *problem->location)
    g_string_append_printf (s, "%s: ", problem->location);
  if (problem->severity == ARC_SEVERITY_WARNING)
    g_string_append (s, _("warning: "));
  g_string_append (s, problem->message);
  return g_string_free (s, FALSE);
}

static void
pair_free (gpointer data)
{
  ArcPair *pair = data;

  g_clear_pointer (&pair->input, arc_grid_free);
  g_clear_pointer (&pair->output, arc_grid_free);
  g_free (pair);
}

/* GObject */

static void
arc_task_finalize (GObject *object)
{
  ArcTask *self = ARC_TASK (object);

  g_free (self->id);
  g_ptr_array_unref (self->train);
  g_ptr_array_unref (self->test);
  g_ptr_array_unref (self->warnings);

  G_OBJECT_CLASS (arc_task_parent_class)->finalize (object);
}

static void
arc_task_class_init (ArcTaskClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = arc_task_finalize;
}

static void
arc_task_init (ArcTask *self)
{
  self->train = g_ptr_array_new_with_free_func (pair_free);
  self->test = g_ptr_array_new_with_free_func (pair_free);
  self->warnings = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_problem_free);
}

/* Accessors */

const char *
arc_task_get_id (ArcTask *self)
{
  g_return_val_if_fail (ARC_IS_TASK (self), NULL);
  return self->id;
}

guint
arc_task_get_n_train (ArcTask *self)
{
  g_return_val_if_fail (ARC_IS_TASK (self), 0);
  return self->train->len;
}

guint
arc_task_get_n_test (ArcTask *self)
{
  g_return_val_if_fail (ARC_IS_TASK (self), 0);
  return self->test->len;
}

const ArcPair *
arc_task_get_train (ArcTask *self,
                    guint    index)
{
  g_return_val_if_fail (ARC_IS_TASK (self), NULL);
  g_return_val_if_fail (index < self->train->len, NULL);
  return self->train->pdata[index];
}

const ArcPair *
arc_task_get_test (ArcTask *self,
                   guint    index)
{
  g_return_val_if_fail (ARC_IS_TASK (self), NULL);
  g_return_val_if_fail (index < self->test->len, NULL);
  return self->test->pdata[index];
}

/**
 * arc_task_has_test_outputs:
 * Returns: %TRUE if every test input has its expected output.
 */
gboolean
arc_task_has_test_outputs (ArcTask *self)
{
  g_return_val_if_fail (ARC_IS_TASK (self), FALSE);

  for (guint i = 0; i < self->test->len; i++)
    if (((ArcPair *) self->test->pdata[i])->output == NULL)
      return FALSE;
  return TRUE;
}

void
arc_task_set_test_output (ArcTask       *self,
                          guint          index,
                          const ArcGrid *output)
{
  ArcPair *pair;

  g_return_if_fail (ARC_IS_TASK (self));
  g_return_if_fail (index < self->test->len);

  pair = self->test->pdata[index];
  g_clear_pointer (&pair->output, arc_grid_free);
  pair->output = output ? arc_grid_copy (output) : NULL;
}

/**
 * arc_task_get_warnings:
 * Returns: (transfer none) (element-type ArcProblem): deviations from the
 * competition rules
 */
GPtrArray *
arc_task_get_warnings (ArcTask *self)
{
  g_return_val_if_fail (ARC_IS_TASK (self), NULL);
  return self->warnings;
}

static void
append_pairs (GString   *s,
              GPtrArray *pairs)
{
  g_string_append_c (s, '[');
  for (guint i = 0; i < pairs->len; i++)
    {
      ArcPair *pair = pairs->pdata[i];
      g_autofree char *in = arc_grid_to_string (pair->input);

      g_string_append_printf (s, "%s{\"input\": %s", i ? ", " : "", in);
      if (pair->output)
        {
          g_autofree char *out = arc_grid_to_string (pair->output);
          g_string_append_printf (s, ", \"output\": %s", out);
        }
      g_string_append_c (s, '}');
    }
  g_string_append_c (s, ']');
}

/**
 * arc_task_to_json:
 * Returns: the task in the usual compact one-line layout
 */
char *
arc_task_to_json (ArcTask *self)
{
  GString *s;

  g_return_val_if_fail (ARC_IS_TASK (self), NULL);

  s = g_string_new ("{\"train\": ");
  append_pairs (s, self->train);
  g_string_append (s, ", \"test\": ");
  append_pairs (s, self->test);
  g_string_append (s, "}");
  return g_string_free (s, FALSE);
}

/**
 * arc_task_dup_content_hash:
 * Returns: the SHA-256 of the task's train and test pairs in the canonical
 * compact layout, in hexadecimal: two tasks with the same grids have the
 * same hash, whatever their files look like
 */
char *
arc_task_dup_content_hash (ArcTask *task)
{
  g_autofree char *json = NULL;

  g_return_val_if_fail (ARC_IS_TASK (task), NULL);

  json = arc_task_to_json (task);
  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, json, -1);
}

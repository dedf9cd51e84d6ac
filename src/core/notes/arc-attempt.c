/* arc-attempt.c: an answer submitted for a test input, and how it is read
 * from and written to the notes file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-notes"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arc-annotation-private.h"
#include "arc-notes-json-private.h"
#include "arc-notes.h"
#include "arc-time.h"
#include "arc-trajectory.h"

ArcAttempt *
arc_attempt_new (guint          test,
                 const ArcGrid *grid,
                 ArcVerdict     verdict,
                 gboolean       counts)
{
  ArcAttempt *a = g_new0 (ArcAttempt, 1);

  g_return_val_if_fail (grid != NULL, NULL);

  a->test = test;
  a->grid = arc_grid_copy (grid);
  a->verdict = verdict;
  a->time = g_get_real_time ();
  a->counts = counts;
  return a;
}

void
arc_attempt_free (ArcAttempt *attempt)
{
  if (attempt == NULL)
    return;
  g_clear_pointer (&attempt->grid, arc_grid_free);
  g_clear_pointer (&attempt->actions, g_ptr_array_unref);
  g_clear_pointer (&attempt->extra, json_object_unref);
  g_free (attempt->task_hash);
  g_free (attempt);
}

ArcAttempt *
arc_attempt_copy (const ArcAttempt *attempt)
{
  ArcAttempt *a = arc_attempt_new (attempt->test, attempt->grid, attempt->verdict, attempt->counts);

  a->time = attempt->time;
  a->trials = attempt->trials;
  a->task_hash = g_strdup (attempt->task_hash);
  if (attempt->actions)
    {
      a->actions = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_action_free);
      for (guint i = 0; i < attempt->actions->len; i++)
        g_ptr_array_add (a->actions, arc_action_copy (attempt->actions->pdata[i]));
    }
  if (attempt->extra)
    a->extra = json_object_ref (attempt->extra);
  return a;
}

/**
 * arc_attempt_is_earlier_version:
 * @task_hash: arc_task_dup_content_hash() of the task as it is now
 *
 * Returns: %TRUE when the attempt was made on a task whose grids have been
 * edited since (attempts recorded before the hash was kept are taken as
 * made on the current version)
 */
gboolean
arc_attempt_is_earlier_version (const ArcAttempt *attempt,
                                const char       *task_hash)
{
  g_return_val_if_fail (attempt != NULL, FALSE);

  return attempt->task_hash != NULL && task_hash != NULL && strcmp (attempt->task_hash, task_hash) != 0;
}

/**
 * arc_attempt_is_by_program:
 * Returns: whether the task's program made the attempt (its "made_by"
 *   member is "program"), rather than a person by hand
 */
gboolean
arc_attempt_is_by_program (const ArcAttempt *attempt)
{
  g_return_val_if_fail (attempt != NULL, FALSE);

  return attempt->extra != NULL &&
         g_strcmp0 (json_object_get_string_member_with_default (attempt->extra, "made_by", NULL), "program") == 0;
}

/**
 * arc_attempt_set_by_program:
 * Marks @attempt as made by the task's program (its "made_by" member);
 * such attempts count apart from those made by hand.
 */
void
arc_attempt_set_by_program (ArcAttempt *attempt)
{
  g_return_if_fail (attempt != NULL);

  if (attempt->extra == NULL)
    attempt->extra = json_object_new ();
  json_object_set_string_member (attempt->extra, "made_by", "program");
}

const char *
arc_verdict_to_string (ArcVerdict verdict)
{
  switch (verdict)
    {
    case ARC_VERDICT_CORRECT: return "correct";
    case ARC_VERDICT_WRONG: return "wrong";
    case ARC_VERDICT_UNVERIFIED:
    default: return "unverified";
    }
}

/**
 * arc_attempts_solve:
 * @attempts: (element-type ArcAttempt): an annotation's or a build's attempts
 *
 * Returns: %TRUE if every one of the @n_tests test inputs has a correct
 * attempt that counts
 */
gboolean
arc_attempts_solve (GPtrArray *attempts,
                    guint      n_tests)
{
  for (guint t = 0; t < n_tests; t++)
    {
      gboolean solved = FALSE;

      for (guint i = 0; i < attempts->len && !solved; i++)
        {
          const ArcAttempt *at = attempts->pdata[i];
          solved = at->test == t && at->verdict == ARC_VERDICT_CORRECT && at->counts;
        }
      if (!solved)
        return FALSE;
    }
  return n_tests > 0;
}

typedef struct
{
  guint    used;  /* counted attempts so far */
  gboolean over;  /* solved, or its trials used up */
} Trials;

/**
 * arc_attempts_settle_trials:
 * @attempts: (element-type ArcAttempt): an annotation's attempts, oldest
 *   first (two windows' merged)
 *
 * One set of trials for every test input, as the workspace counts them
 * (arc_solve_submit()): an attempt that counts, made once its test input
 * was solved or its trials (those recorded with it) were used up, becomes
 * practice. Attempts made on another version of the task, or by the
 * task's program, count apart.
 *
 * Returns: how many became practice
 */
guint
arc_attempts_settle_trials (GPtrArray *attempts)
{
  g_autoptr(GHashTable) tests = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  guint n = 0;

  for (guint i = 0; i < attempts->len; i++)
    {
      ArcAttempt *at = attempts->pdata[i];
      g_autofree char *key = NULL;
      Trials *t;

      if (!at->counts || at->verdict == ARC_VERDICT_UNVERIFIED)
        continue;
      key = g_strdup_printf ("%u %s %d", at->test, at->task_hash ? at->task_hash : "", arc_attempt_is_by_program (at));
      t = g_hash_table_lookup (tests, key);
      if (t == NULL)
        {
          t = g_new0 (Trials, 1);
          g_hash_table_insert (tests, g_steal_pointer (&key), t);
        }
      if (t->over)
        {
          at->counts = FALSE;
          n++;
          continue;
        }
      t->used++;
      t->over = at->verdict == ARC_VERDICT_CORRECT || (at->trials > 0 && t->used >= at->trials);
    }
  return n;
}

/* Reading and writing */

/**
 * arc_attempt_read_node:
 * Returns: (transfer full) (nullable): the attempt written at @path, as an
 *   annotation's attempts are read
 */
ArcAttempt *
arc_attempt_read_node (JsonNode    *node,
                       const char  *path,
                       GError     **error)
{
  static const char * const attempt_known[] = { "test", "grid", "verdict", "time", "counts", "trials", "trajectory", "task_hash", NULL };
  JsonObject *ao;
  JsonNode *member;
  ArcAttempt *at;
  ArcGrid *grid;
  const char *verdict;
  gint64 test = 0, v;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      arc_notes_fail (error, path, _("expected an object"));
      return NULL;
    }
  ao = json_node_get_object (node);
  grid = arc_grid_new_from_node (json_object_get_member (ao, "grid"), NULL);
  if (grid == NULL || !arc_notes_get_int (ao, "test", &test) || test < 0 || test > 1000)
    {
      g_clear_pointer (&grid, arc_grid_free);
      arc_notes_fail (error, path, _("an attempt needs a “test” index and a valid “grid”"));
      return NULL;
    }
  at = g_new0 (ArcAttempt, 1);
  at->test = (guint) test;
  at->grid = grid;
  verdict = arc_notes_get_string (ao, "verdict");
  at->verdict = g_strcmp0 (verdict, "correct") == 0 ? ARC_VERDICT_CORRECT
              : g_strcmp0 (verdict, "wrong") == 0 ? ARC_VERDICT_WRONG : ARC_VERDICT_UNVERIFIED;
  at->time = arc_parse_time (arc_notes_get_string (ao, "time"));
  member = json_object_get_member (ao, "counts");
  at->counts = member == NULL || !JSON_NODE_HOLDS_VALUE (member) || json_node_get_boolean (member);
  if (arc_notes_get_int (ao, "trials", &v) && v > 0 && v <= 100)
    at->trials = (guint) v;
  at->actions = arc_trajectory_read_member (json_object_get_member (ao, "trajectory"));
  at->task_hash = g_strdup (arc_notes_get_string (ao, "task_hash"));
  at->extra = arc_notes_extra_members (ao, attempt_known);
  return at;
}

/* @at as an annotation's attempts are written */
void
arc_attempt_build (JsonBuilder      *b,
                   const ArcAttempt *at)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "test");
  json_builder_add_int_value (b, at->test);
  json_builder_set_member_name (b, "grid");
  arc_grid_add_to_builder (at->grid, b);
  json_builder_set_member_name (b, "verdict");
  json_builder_add_string_value (b, arc_verdict_to_string (at->verdict));
  arc_notes_add_time (b, "time", at->time);
  json_builder_set_member_name (b, "counts");
  json_builder_add_boolean_value (b, at->counts);
  if (at->trials > 0)
    {
      json_builder_set_member_name (b, "trials");
      json_builder_add_int_value (b, at->trials);
    }
  if (at->actions)
    arc_trajectory_build_member (b, "trajectory", at->actions);
  if (at->task_hash)
    {
      json_builder_set_member_name (b, "task_hash");
      json_builder_add_string_value (b, at->task_hash);
    }
  arc_notes_end_object (b, at->extra);
}

/**
 * arc_attempt_to_node:
 * Returns: (transfer full): @attempt written exactly as an annotation's
 *   attempts are
 */
JsonNode *
arc_attempt_to_node (const ArcAttempt *attempt)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  arc_attempt_build (b, attempt);
  return json_builder_get_root (b);
}

/* arc-annotation.c: one annotator's notes on a task and their attempts, and
 * how they are read from and written to the notes file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-notes"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arc-annotation-private.h"
#include "arc-error.h"
#include "arc-notes.h"
#include "arc-task.h"

/* Attempts and annotations */

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

ArcAnnotation *
arc_annotation_new (void)
{
  ArcAnnotation *a = g_new0 (ArcAnnotation, 1);

  a->input_text = g_strdup ("");
  a->size_text = g_strdup ("");
  a->transform_text = g_strdup ("");
  a->confidence = -1;
  a->tags = g_ptr_array_new_with_free_func (g_free);
  a->difficulty = g_strdup ("");
  a->notes = g_strdup ("");
  a->attempts = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_attempt_free);
  arc_annotation_init_description (a);
  return a;
}

void
arc_annotation_free (ArcAnnotation *a)
{
  if (a == NULL)
    return;
  g_free (a->input_text);
  g_free (a->size_text);
  g_free (a->transform_text);
  g_ptr_array_unref (a->tags);
  g_free (a->difficulty);
  g_free (a->notes);
  g_ptr_array_unref (a->attempts);
  g_clear_pointer (&a->extra, json_object_unref);
  arc_annotation_clear_description (a);
  g_free (a);
}

/**
 * arc_annotation_has_text:
 * Returns: %TRUE if a description, notes or tags were written
 */
gboolean
arc_annotation_has_text (const ArcAnnotation *a)
{
  return *a->input_text || *a->size_text || *a->transform_text || *a->notes || a->tags->len > 0;
}

/**
 * arc_annotation_is_solved:
 * Returns: %TRUE if every one of the @n_tests test inputs has a correct
 * attempt that counts
 */
gboolean
arc_annotation_is_solved (const ArcAnnotation *a,
                          guint                n_tests)
{
  for (guint t = 0; t < n_tests; t++)
    {
      gboolean solved = FALSE;

      for (guint i = 0; i < a->attempts->len && !solved; i++)
        {
          const ArcAttempt *at = a->attempts->pdata[i];
          solved = at->test == t && at->verdict == ARC_VERDICT_CORRECT && at->counts;
        }
      if (!solved)
        return FALSE;
    }
  return n_tests > 0;
}

/* Whether test input @t's trials were used up without a right answer: a
 * verified attempt made as practice says so, and so do as many wrong
 * attempts as the trials recorded with them. */
static gboolean
test_failed (const ArcAnnotation *a,
             guint                t)
{
  guint wrong = 0, trials = 0;
  gboolean practice = FALSE;

  for (guint i = 0; i < a->attempts->len; i++)
    {
      const ArcAttempt *at = a->attempts->pdata[i];

      if (at->test != t || at->verdict == ARC_VERDICT_UNVERIFIED)
        continue;
      if (!at->counts)
        practice = TRUE;
      else if (at->verdict == ARC_VERDICT_CORRECT)
        return FALSE;
      else
        {
          wrong++;
          trials = at->trials;
        }
    }
  return practice || (trials > 0 && wrong >= trials);
}

/* @a with only the attempts made on the task as it is now (@task_hash):
 * a shallow copy to read, or %NULL when they all are */
static ArcAnnotation *
current_version (const ArcAnnotation *a,
                 const char          *task_hash)
{
  ArcAnnotation *current;
  gboolean any_earlier = FALSE;

  for (guint i = 0; i < a->attempts->len && !any_earlier; i++)
    any_earlier = arc_attempt_is_earlier_version (a->attempts->pdata[i], task_hash);
  if (!any_earlier)
    return NULL;
  current = g_memdup2 (a, sizeof *a);
  current->attempts = g_ptr_array_new ();
  for (guint i = 0; i < a->attempts->len; i++)
    if (!arc_attempt_is_earlier_version (a->attempts->pdata[i], task_hash))
      g_ptr_array_add (current->attempts, a->attempts->pdata[i]);
  return current;
}

/**
 * arc_annotation_get_flags:
 * @task_hash: (nullable): arc_task_dup_content_hash() of the task as it is
 *   now: attempts made on an earlier version of it do not count
 *
 * The one rule for what an annotator's notes say of a task with @n_tests
 * test inputs: annotated, attempted, solved (every test input has a right
 * attempt that counts) and failed (not solved, and some test input's
 * trials are used up).
 */
ArcNotesFlags
arc_annotation_get_flags (const ArcAnnotation *a,
                          guint                n_tests,
                          const char          *task_hash)
{
  ArcNotesFlags flags = 0;
  ArcAnnotation *current;

  g_return_val_if_fail (a != NULL, 0);

  if (task_hash && (current = current_version (a, task_hash)))
    {
      flags = arc_annotation_get_flags (current, n_tests, NULL);
      g_ptr_array_unref (current->attempts);
      g_free (current);
      return flags;
    }
  if (arc_annotation_has_text (a))
    flags |= ARC_NOTES_FLAG_ANNOTATED;
  if (a->attempts->len == 0)
    return flags;
  flags |= ARC_NOTES_FLAG_ATTEMPTED;
  if (arc_annotation_is_solved (a, n_tests))
    return flags | ARC_NOTES_FLAG_SOLVED;
  for (guint t = 0; t < n_tests; t++)
    if (test_failed (a, t))
      return flags | ARC_NOTES_FLAG_FAILED;
  return flags;
}

/* Reading */

gboolean
arc_notes_fail (GError    **error,
                const char *where,
                const char *message)
{
  g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, "%s: %s", where, message);
  return FALSE;
}

/* Members not in @known, copied */
JsonObject *
arc_notes_extra_members (JsonObject         *object,
                         const char * const *known)
{
  JsonObject *extra = NULL;
  g_autoptr(GList) members = json_object_get_members (object);

  for (GList *l = members; l; l = l->next)
    {
      if (g_strv_contains (known, l->data))
        continue;
      if (extra == NULL)
        extra = json_object_new ();
      json_object_set_member (extra, l->data, json_node_copy (json_object_get_member (object, l->data)));
    }
  return extra;
}

const char *
arc_notes_get_string (JsonObject *o,
                      const char *name)
{
  JsonNode *n = json_object_get_member (o, name);

  if (n && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING)
    return json_node_get_string (n);
  return NULL;
}

JsonObject *
arc_notes_get_object (JsonObject *o,
                      const char *name)
{
  JsonNode *n = json_object_get_member (o, name);

  return n && JSON_NODE_HOLDS_OBJECT (n) ? json_node_get_object (n) : NULL;
}

gboolean
arc_notes_get_int (JsonObject *o,
                   const char *name,
                   gint64     *value)
{
  JsonNode *n = json_object_get_member (o, name);

  if (n && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_INT64)
    {
      *value = json_node_get_int (n);
      return TRUE;
    }
  return FALSE;
}

static gint64
parse_time (const char *text)
{
  g_autoptr(GDateTime) dt = text ? g_date_time_new_from_iso8601 (text, NULL) : NULL;

  return dt ? g_date_time_to_unix (dt) * G_USEC_PER_SEC + g_date_time_get_microsecond (dt) : 0;
}

/**
 * arc_format_time:
 * Returns: ISO 8601 in UTC with milliseconds, e.g. 2026-11-22T01:02:03.456Z
 */
char *
arc_format_time (gint64 usec)
{
  g_autoptr(GDateTime) dt = g_date_time_new_from_unix_utc (usec / G_USEC_PER_SEC);
  g_autofree char *base = g_date_time_format (dt, "%Y-%m-%dT%H:%M:%S");

  return g_strdup_printf ("%s.%03dZ", base, (int) ((usec % G_USEC_PER_SEC) / 1000));
}

/* One attempt of an annotation, at @path in the file */
static ArcAttempt *
read_attempt (JsonNode    *node,
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
  at->time = parse_time (arc_notes_get_string (ao, "time"));
  member = json_object_get_member (ao, "counts");
  at->counts = member == NULL || !JSON_NODE_HOLDS_VALUE (member) || json_node_get_boolean (member);
  if (arc_notes_get_int (ao, "trials", &v) && v > 0 && v <= 100)
    at->trials = (guint) v;
  member = json_object_get_member (ao, "trajectory");
  if (member && JSON_NODE_HOLDS_ARRAY (member))
    {
      JsonArray *steps = json_node_get_array (member);

      at->actions = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_action_free);
      for (guint k = 0; k < json_array_get_length (steps); k++)
        {
          ArcAction *action = arc_action_new_from_node (json_array_get_element (steps, k), NULL);
          if (action)
            g_ptr_array_add (at->actions, action);
        }
    }
  at->task_hash = g_strdup (arc_notes_get_string (ao, "task_hash"));
  at->extra = arc_notes_extra_members (ao, attempt_known);
  return at;
}

/* A string member, when there is one, replaces *@field */
static void
take_string (JsonObject  *o,
             const char  *name,
             char       **field)
{
  const char *value = arc_notes_get_string (o, name);

  if (value)
    {
      g_free (*field);
      *field = g_strdup (value);
    }
}

gboolean
arc_annotation_read (JsonNode       *node,
                     const char     *where,
                     ArcAnnotation **out,
                     GError        **error)
{
  static const char * const known[] = { "description", "confidence", "tags", "difficulty", "notes", "created",
                                        "modified", "seconds_spent", "attempts", ARC_DESCRIPTION_MEMBERS, NULL };
  g_autoptr(ArcAnnotation) a = NULL;
  JsonObject *o;
  JsonObject *description;
  JsonNode *member;
  gint64 v;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return arc_notes_fail (error, where, _("expected an object"));
  o = json_node_get_object (node);
  a = arc_annotation_new ();

  description = arc_notes_get_object (o, "description");
  if (description)
    {
      take_string (description, "input", &a->input_text);
      take_string (description, "output_size", &a->size_text);
      take_string (description, "transformation", &a->transform_text);
    }
  if (arc_notes_get_int (o, "confidence", &v) && v >= 0 && v <= 10)
    a->confidence = (int) v;
  member = json_object_get_member (o, "tags");
  if (member && JSON_NODE_HOLDS_ARRAY (member))
    {
      JsonArray *tags = json_node_get_array (member);

      for (guint i = 0; i < json_array_get_length (tags); i++)
        {
          JsonNode *t = json_array_get_element (tags, i);
          if (JSON_NODE_HOLDS_VALUE (t) && json_node_get_value_type (t) == G_TYPE_STRING)
            g_ptr_array_add (a->tags, g_strdup (json_node_get_string (t)));
        }
    }
  take_string (o, "difficulty", &a->difficulty);
  take_string (o, "notes", &a->notes);
  a->created = parse_time (arc_notes_get_string (o, "created"));
  a->modified = parse_time (arc_notes_get_string (o, "modified"));
  if (arc_notes_get_int (o, "seconds_spent", &v) && v >= 0)
    a->seconds_spent = v;

  member = json_object_get_member (o, "attempts");
  if (member && JSON_NODE_HOLDS_ARRAY (member))
    {
      JsonArray *attempts = json_node_get_array (member);

      for (guint i = 0; i < json_array_get_length (attempts); i++)
        {
          g_autofree char *path = g_strdup_printf ("%s.attempts[%u]", where, i);
          ArcAttempt *at = read_attempt (json_array_get_element (attempts, i), path, error);

          if (at == NULL)
            return FALSE;
          g_ptr_array_add (a->attempts, at);
        }
    }
  if (!arc_annotation_read_description (o, where, a, error))
    return FALSE;
  a->extra = arc_notes_extra_members (o, known);
  *out = g_steal_pointer (&a);
  return TRUE;
}

/* Writing */

/* Ends the object being built, after the members kept unknown from
 * reading it (@extra), so that notes written by newer versions keep them */
void
arc_notes_end_object (JsonBuilder *b,
                      JsonObject  *extra)
{
  g_autoptr(GList) members = extra ? json_object_get_members (extra) : NULL;

  for (GList *l = members; l; l = l->next)
    {
      json_builder_set_member_name (b, l->data);
      json_builder_add_value (b, json_node_copy (json_object_get_member (extra, l->data)));
    }
  json_builder_end_object (b);
}

/* The time @usec as the member @name, unless it is 0 (not known) */
void
arc_notes_add_time (JsonBuilder *b,
                    const char  *name,
                    gint64       usec)
{
  g_autofree char *text = NULL;

  if (usec == 0)
    return;
  text = arc_format_time (usec);
  json_builder_set_member_name (b, name);
  json_builder_add_string_value (b, text);
}

/* The actions as the array @name, each as ARCTraj records it */
void
arc_notes_add_actions (JsonBuilder *b,
                       const char  *name,
                       GPtrArray   *actions)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint k = 0; k < actions->len; k++)
    json_builder_add_value (b, arc_action_to_node (actions->pdata[k]));
  json_builder_end_array (b);
}

void
arc_annotation_build (JsonBuilder         *b,
                      const ArcAnnotation *a)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "description");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "input");
  json_builder_add_string_value (b, a->input_text);
  json_builder_set_member_name (b, "output_size");
  json_builder_add_string_value (b, a->size_text);
  json_builder_set_member_name (b, "transformation");
  json_builder_add_string_value (b, a->transform_text);
  json_builder_end_object (b);
  if (a->confidence >= 0)
    {
      json_builder_set_member_name (b, "confidence");
      json_builder_add_int_value (b, a->confidence);
    }
  json_builder_set_member_name (b, "tags");
  json_builder_begin_array (b);
  for (guint i = 0; i < a->tags->len; i++)
    json_builder_add_string_value (b, a->tags->pdata[i]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "difficulty");
  json_builder_add_string_value (b, a->difficulty);
  json_builder_set_member_name (b, "notes");
  json_builder_add_string_value (b, a->notes);
  arc_notes_add_time (b, "created", a->created);
  arc_notes_add_time (b, "modified", a->modified);
  json_builder_set_member_name (b, "seconds_spent");
  json_builder_add_int_value (b, a->seconds_spent);
  json_builder_set_member_name (b, "attempts");
  json_builder_begin_array (b);
  for (guint i = 0; i < a->attempts->len; i++)
    {
      const ArcAttempt *at = a->attempts->pdata[i];

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
        arc_notes_add_actions (b, "trajectory", at->actions);
      if (at->task_hash)
        {
          json_builder_set_member_name (b, "task_hash");
          json_builder_add_string_value (b, at->task_hash);
        }
      arc_notes_end_object (b, at->extra);
    }
  json_builder_end_array (b);
  arc_annotation_build_description (b, a);
  arc_notes_end_object (b, a->extra);
}

/**
 * arc_annotation_to_node:
 * Returns: (transfer full): the annotation as it is written in the file
 */
JsonNode *
arc_annotation_to_node (const ArcAnnotation *annotation)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  arc_annotation_build (b, annotation);
  return json_builder_get_root (b);
}

/**
 * arc_annotation_copy:
 * Returns: (transfer full): a deep copy
 */
ArcAnnotation *
arc_annotation_copy (const ArcAnnotation *annotation)
{
  g_autoptr(JsonNode) node = arc_annotation_to_node (annotation);
  ArcAnnotation *copy = NULL;

  if (!arc_annotation_read (node, "", &copy, NULL))
    return arc_annotation_new ();
  return copy;
}

/**
 * arc_attempt_read_node:
 * Returns: (transfer full) (nullable): the attempt written at @where, as an
 *   annotation's attempts are read
 */
ArcAttempt *
arc_attempt_read_node (JsonNode    *node,
                       const char  *where,
                       GError     **error)
{
  return read_attempt (node, where, error);
}

/**
 * arc_attempt_to_node:
 * Returns: (transfer full): @attempt written exactly as an annotation's
 *   attempts are
 */
JsonNode *
arc_attempt_to_node (const ArcAttempt *attempt)
{
  g_autoptr(ArcAnnotation) holder = arc_annotation_new ();
  g_autoptr(JsonNode) node = NULL;
  JsonNode *element;

  /* Borrowed, not copied: attempts hold whole trajectories */
  g_ptr_array_set_free_func (holder->attempts, NULL);
  g_ptr_array_add (holder->attempts, (gpointer) attempt);
  node = arc_annotation_to_node (holder);
  element = json_array_get_element (json_object_get_array_member (json_node_get_object (node), "attempts"), 0);
  json_node_ref (element);
  json_node_set_parent (element, NULL);
  return element;
}

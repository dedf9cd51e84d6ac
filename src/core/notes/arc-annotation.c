/* arc-annotation.c: one annotator's notes on a task, and how they are read
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

/* Annotations */

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
  g_free (a->program);
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
 * arc_annotation_is_blank:
 * Returns: %TRUE if nothing was written, given or recorded: no text, tags,
 *   confidence, difficulty, attempts, builds, source or unknown members
 */
gboolean
arc_annotation_is_blank (const ArcAnnotation *a)
{
  return !arc_annotation_has_text (a) && a->confidence < 0 && *a->difficulty == '\0' && a->attempts->len == 0 &&
         (a->builds == NULL || a->builds->len == 0) && a->source == NULL && a->unsubmitted == NULL && a->program == NULL &&
         (a->extra == NULL || json_object_get_size (a->extra) == 0);
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
  return arc_attempts_solve (a->attempts, n_tests);
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

/* An attempt made by hand on the task as it is now (@task_hash) */
static gboolean
counted (const ArcAttempt *attempt,
         const char       *task_hash)
{
  return !arc_attempt_is_earlier_version (attempt, task_hash) && !arc_attempt_is_by_program (attempt);
}

/* @a with only the attempts made by hand on the task as it is now
 * (@task_hash): a shallow copy to read, or %NULL when they all are */
static ArcAnnotation *
current_version (const ArcAnnotation *a,
                 const char          *task_hash)
{
  ArcAnnotation *current;
  gboolean any_other = FALSE;

  for (guint i = 0; i < a->attempts->len && !any_other; i++)
    any_other = !counted (a->attempts->pdata[i], task_hash);
  if (!any_other)
    return NULL;
  current = g_memdup2 (a, sizeof *a);
  current->attempts = g_ptr_array_new ();
  for (guint i = 0; i < a->attempts->len; i++)
    if (counted (a->attempts->pdata[i], task_hash))
      g_ptr_array_add (current->attempts, a->attempts->pdata[i]);
  return current;
}

/**
 * arc_annotation_get_flags:
 * @task_hash: (nullable): arc_task_dup_content_hash() of the task as it is
 *   now: attempts made on an earlier version of it do not count, nor do
 *   those made by the task's program (arc_attempt_is_by_program())
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

  if ((current = current_version (a, task_hash)))
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
                                        "modified", "seconds_spent", "attempts", ARC_DESCRIPTION_MEMBERS, "program",
                                        NULL };
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
  a->created = arc_parse_time (arc_notes_get_string (o, "created"));
  a->modified = arc_parse_time (arc_notes_get_string (o, "modified"));
  if (arc_notes_get_int (o, "seconds_spent", &v) && v >= 0)
    a->seconds_spent = v;

  member = json_object_get_member (o, "attempts");
  if (member && JSON_NODE_HOLDS_ARRAY (member))
    {
      JsonArray *attempts = json_node_get_array (member);

      for (guint i = 0; i < json_array_get_length (attempts); i++)
        {
          g_autofree char *path = g_strdup_printf ("%s.attempts[%u]", where, i);
          ArcAttempt *at = arc_attempt_read_node (json_array_get_element (attempts, i), path, error);

          if (at == NULL)
            return FALSE;
          g_ptr_array_add (a->attempts, at);
        }
    }
  if (!arc_annotation_read_description (o, where, a, error))
    return FALSE;
  take_string (o, "program", &a->program);
  a->extra = arc_notes_extra_members (o, known);
  *out = g_steal_pointer (&a);
  return TRUE;
}

/* Writing */

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
    arc_attempt_build (b, a->attempts->pdata[i]);
  json_builder_end_array (b);
  arc_annotation_build_description (b, a);
  if (a->program)
    {
      json_builder_set_member_name (b, "program");
      json_builder_add_string_value (b, a->program);
    }
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


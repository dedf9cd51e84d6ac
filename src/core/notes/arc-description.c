/* arc-description.c: what version 2 of the notes file adds to an annotation,
 * for descriptions as LARC (Language-complete ARC) has them: where an
 * imported description comes from, whether its author verified it, and the
 * builds: other people making the output from the description alone
 *
 * The members are documented in docs/arcnotes-format.md.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-notes"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arc-annotation-private.h"
#include "arc-notes-json-private.h"
#include "arc-notes.h"
#include "arc-time.h"
#include "arc-trajectory.h"

ArcBuild *
arc_build_new (const char *builder)
{
  ArcBuild *build = g_new0 (ArcBuild, 1);

  build->id = g_uuid_string_random ();
  build->builder = g_strdup (builder ? builder : "");
  build->milliseconds = -1;
  build->max_idle_seconds = -1;
  build->attempts = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_attempt_free);
  return build;
}

void
arc_build_free (ArcBuild *build)
{
  if (build == NULL)
    return;
  g_free (build->id);
  g_free (build->builder);
  g_ptr_array_unref (build->attempts);
  g_clear_pointer (&build->unsubmitted, g_ptr_array_unref);
  g_clear_pointer (&build->unsubmitted_grid, arc_grid_free);
  g_clear_pointer (&build->extra, json_object_unref);
  g_free (build);
}

/**
 * arc_build_copy:
 * Returns: (transfer full): a deep copy of @build
 */
ArcBuild *
arc_build_copy (const ArcBuild *build)
{
  ArcBuild *copy = arc_build_new (build->builder);

  g_free (copy->id);
  copy->id = g_strdup (build->id);
  copy->success = build->success;
  copy->n_attempts = build->n_attempts;
  copy->milliseconds = build->milliseconds;
  copy->time = build->time;
  copy->max_idle_seconds = build->max_idle_seconds;
  for (guint i = 0; i < build->attempts->len; i++)
    g_ptr_array_add (copy->attempts, arc_attempt_copy (build->attempts->pdata[i]));
  if (build->unsubmitted)
    {
      copy->unsubmitted = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_action_free);
      for (guint i = 0; i < build->unsubmitted->len; i++)
        g_ptr_array_add (copy->unsubmitted, arc_action_copy (build->unsubmitted->pdata[i]));
    }
  copy->unsubmitted_grid = build->unsubmitted_grid ? arc_grid_copy (build->unsubmitted_grid) : NULL;
  copy->extra = build->extra ? json_object_ref (build->extra) : NULL;
  return copy;
}

ArcSource *
arc_source_new (const char *name)
{
  ArcSource *source = g_new0 (ArcSource, 1);

  source->name = g_strdup (name);
  return source;
}

void
arc_source_free (ArcSource *source)
{
  if (source == NULL)
    return;
  g_free (source->name);
  g_free (source->id);
  g_free (source->author);
  g_free (source->task_file);
  g_free (source->license);
  g_free (source->digest);
  g_clear_pointer (&source->extra, json_object_unref);
  g_free (source);
}

void
arc_annotation_init_description (ArcAnnotation *a)
{
  a->verified = -1;
  a->verification_attempts = -1;
  a->verification_seconds = -1;
  a->max_idle_seconds = -1;
  a->builds = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_build_free);
}

void
arc_annotation_clear_description (ArcAnnotation *a)
{
  g_clear_pointer (&a->source, arc_source_free);
  g_clear_pointer (&a->builds, g_ptr_array_unref);
  g_clear_pointer (&a->unsubmitted, g_ptr_array_unref);
  g_clear_pointer (&a->unsubmitted_grid, arc_grid_free);
}

/**
 * arc_annotation_is_read_only:
 * Returns: %TRUE for records imported from elsewhere (LARC's descriptions):
 *   they are shown, built from and exported, never edited
 */
gboolean
arc_annotation_is_read_only (const ArcAnnotation *a)
{
  g_return_val_if_fail (a != NULL, FALSE);
  return a->source != NULL;
}

/**
 * arc_annotation_is_verified:
 * Returns: %TRUE if the description's author made the right output from
 *   it: as recorded (LARC's verification), or, when nothing is recorded,
 *   by solving the task's @n_tests test inputs in the workspace
 */
gboolean
arc_annotation_is_verified (const ArcAnnotation *a,
                            guint                n_tests)
{
  g_return_val_if_fail (a != NULL, FALSE);
  if (a->verified >= 0)
    return a->verified == 1;
  return arc_attempts_solve (a->attempts, n_tests);
}

/**
 * arc_annotation_count_builds:
 * @n_success: (out) (optional): how many of them made the right output
 *
 * Returns: how many times someone built the output from the description
 */
guint
arc_annotation_count_builds (const ArcAnnotation *a,
                             guint               *n_success)
{
  guint ok = 0;

  g_return_val_if_fail (a != NULL, 0);
  for (guint i = 0; i < a->builds->len; i++)
    ok += ((ArcBuild *) a->builds->pdata[i])->success;
  if (n_success)
    *n_success = ok;
  return a->builds->len;
}

/* Reading */

static char *
dup_string (JsonObject *o,
            const char *name)
{
  return g_strdup (arc_notes_get_string (o, name));
}

static int
get_small_int (JsonObject *o,
               const char *name)
{
  gint64 v;

  return arc_notes_get_int (o, name, &v) && v >= 0 && v <= G_MAXINT ? (int) v : -1;
}

static gint64
get_time (JsonObject *o,
          const char *name)
{
  return arc_parse_time (arc_notes_get_string (o, name));
}

/* TRUE and @value set when @name is a boolean */
static gboolean
get_bool (JsonObject *o,
          const char *name,
          gboolean   *value)
{
  JsonNode *n = json_object_get_member (o, name);

  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_BOOLEAN)
    return FALSE;
  *value = json_node_get_boolean (n);
  return TRUE;
}

typedef gpointer (*ReadItem) (JsonNode    *node,
                              const char  *where,
                              GError     **error);

/* Reads each element of the array @name, if there is one, with @read into
 * @items; FALSE at the first element that fails */
static gboolean
read_array (JsonObject  *o,
            const char  *name,
            const char  *where,
            ReadItem     read,
            GPtrArray   *items,
            GError     **error)
{
  JsonNode *member = json_object_get_member (o, name);
  JsonArray *array;

  if (member == NULL || !JSON_NODE_HOLDS_ARRAY (member))
    return TRUE;
  array = json_node_get_array (member);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *path = g_strdup_printf ("%s.%s[%u]", where, name, i);
      gpointer item = read (json_array_get_element (array, i), path, error);

      if (item == NULL)
        return FALSE;
      g_ptr_array_add (items, item);
    }
  return TRUE;
}

/* "unsubmitted": {grid, trajectory}, the actions after the last answer */
static void
read_unsubmitted (JsonObject  *o,
                  GPtrArray  **actions,
                  ArcGrid    **grid)
{
  JsonObject *u = arc_notes_get_object (o, "unsubmitted");
  JsonNode *steps;

  if (u == NULL)
    return;
  *grid = arc_grid_new_from_node (json_object_get_member (u, "grid"), NULL);
  steps = json_object_get_member (u, "trajectory");
  *actions = arc_trajectory_read_member (steps);
  if (*actions == NULL)
    *actions = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_action_free);
}

static ArcBuild *
read_build (JsonNode    *node,
            const char  *where,
            GError     **error)
{
  static const char * const known[] = { "id", "builder", "success", "attempts", "milliseconds", "time",
                                        "max_idle_seconds", "submissions", "unsubmitted", NULL };
  g_autoptr(ArcBuild) build = NULL;
  JsonObject *o;
  gint64 v;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      arc_notes_fail (error, where, _("expected an object"));
      return NULL;
    }
  o = json_node_get_object (node);
  build = arc_build_new (arc_notes_get_string (o, "builder"));
  if (arc_notes_get_string (o, "id"))
    {
      g_free (build->id);
      build->id = dup_string (o, "id");
    }
  get_bool (o, "success", &build->success);
  if (arc_notes_get_int (o, "attempts", &v) && v >= 0 && v <= 1000)
    build->n_attempts = (guint) v;
  if (arc_notes_get_int (o, "milliseconds", &v) && v >= 0)
    build->milliseconds = v;
  build->time = get_time (o, "time");
  build->max_idle_seconds = get_small_int (o, "max_idle_seconds");
  if (!read_array (o, "submissions", where, (ReadItem) arc_attempt_read_node, build->attempts, error))
    return NULL;
  read_unsubmitted (o, &build->unsubmitted, &build->unsubmitted_grid);
  build->extra = arc_notes_extra_members (o, known);
  return g_steal_pointer (&build);
}

gboolean
arc_annotation_read_description (JsonObject     *o,
                                 const char     *where,
                                 ArcAnnotation  *a,
                                 GError        **error)
{
  static const char * const source_known[] = { "name", "id", "author", "task_file", "license", "digest", NULL };
  JsonObject *sub;

  sub = arc_notes_get_object (o, "source");
  if (sub)
    {
      a->source = arc_source_new (arc_notes_get_string (sub, "name"));
      a->source->id = dup_string (sub, "id");
      a->source->author = dup_string (sub, "author");
      a->source->task_file = dup_string (sub, "task_file");
      a->source->license = dup_string (sub, "license");
      a->source->digest = dup_string (sub, "digest");
      a->source->extra = arc_notes_extra_members (sub, source_known);
    }
  sub = arc_notes_get_object (o, "verification");
  if (sub)
    {
      get_bool (sub, "verified", &a->verified);
      a->verification_attempts = get_small_int (sub, "attempts");
      a->verification_seconds = get_small_int (sub, "seconds");
      a->max_idle_seconds = get_small_int (sub, "max_idle_seconds");
    }
  if (!read_array (o, "builds", where, (ReadItem) read_build, a->builds, error))
    return FALSE;
  read_unsubmitted (o, &a->unsubmitted, &a->unsubmitted_grid);
  return TRUE;
}

/* Writing */

static void
add_string (JsonBuilder *b,
            const char  *name,
            const char  *value)
{
  if (value == NULL)
    return;
  json_builder_set_member_name (b, name);
  json_builder_add_string_value (b, value);
}

static void
add_int (JsonBuilder *b,
         const char  *name,
         gint64       value)
{
  if (value < 0)
    return;
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, value);
}

static void
add_unsubmitted (JsonBuilder   *b,
                 GPtrArray     *actions,
                 const ArcGrid *grid)
{
  if (actions == NULL)
    return;
  json_builder_set_member_name (b, "unsubmitted");
  json_builder_begin_object (b);
  if (grid)
    {
      json_builder_set_member_name (b, "grid");
      arc_grid_add_to_builder (grid, b);
    }
  arc_trajectory_build_member (b, "trajectory", actions);
  json_builder_end_object (b);
}

static void
build_build (JsonBuilder    *b,
             const ArcBuild *build)
{
  json_builder_begin_object (b);
  add_string (b, "id", build->id);
  add_string (b, "builder", build->builder);
  json_builder_set_member_name (b, "success");
  json_builder_add_boolean_value (b, build->success);
  add_int (b, "attempts", build->n_attempts);
  add_int (b, "milliseconds", build->milliseconds);
  arc_notes_add_time (b, "time", build->time);
  add_int (b, "max_idle_seconds", build->max_idle_seconds);
  json_builder_set_member_name (b, "submissions");
  json_builder_begin_array (b);
  for (guint i = 0; i < build->attempts->len; i++)
    json_builder_add_value (b, arc_attempt_to_node (build->attempts->pdata[i]));
  json_builder_end_array (b);
  add_unsubmitted (b, build->unsubmitted, build->unsubmitted_grid);
  arc_notes_end_object (b, build->extra);
}

/* Only what is there: a record of version 1 is written as it was */
void
arc_annotation_build_description (JsonBuilder         *b,
                                  const ArcAnnotation *a)
{
  if (a->source)
    {
      json_builder_set_member_name (b, "source");
      json_builder_begin_object (b);
      add_string (b, "name", a->source->name);
      add_string (b, "id", a->source->id);
      add_string (b, "author", a->source->author);
      add_string (b, "task_file", a->source->task_file);
      add_string (b, "license", a->source->license);
      add_string (b, "digest", a->source->digest);
      arc_notes_end_object (b, a->source->extra);
    }
  if (a->verified >= 0 || a->verification_attempts >= 0 || a->verification_seconds >= 0 || a->max_idle_seconds >= 0)
    {
      json_builder_set_member_name (b, "verification");
      json_builder_begin_object (b);
      if (a->verified >= 0)
        {
          json_builder_set_member_name (b, "verified");
          json_builder_add_boolean_value (b, a->verified == 1);
        }
      add_int (b, "attempts", a->verification_attempts);
      add_int (b, "seconds", a->verification_seconds);
      add_int (b, "max_idle_seconds", a->max_idle_seconds);
      json_builder_end_object (b);
    }
  if (a->builds->len > 0)
    {
      json_builder_set_member_name (b, "builds");
      json_builder_begin_array (b);
      for (guint i = 0; i < a->builds->len; i++)
        build_build (b, a->builds->pdata[i]);
      json_builder_end_array (b);
    }
  add_unsubmitted (b, a->unsubmitted, a->unsubmitted_grid);
}

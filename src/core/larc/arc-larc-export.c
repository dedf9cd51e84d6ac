/* arc-larc-export.c: a task's descriptions and builds in LARC's tasks_json
 * layout, so that LARC's analysis code reads what ARC Studio's users wrote
 *
 * LARC's own records (imported) come back as they were read; the records of
 * ARC Studio's users get a stable id made from the task and the annotator.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-larc"

#include "config.h"

#include <string.h>

#include "arc-larc-private.h"

static void
set_seconds (JsonObject *o,
             const char *name,
             gint64      usec)
{
  if (usec > 0)
    json_object_set_double_member (o, name, (double) ((usec + 500) / 1000) / 1000.0);
  else
    json_object_set_null_member (o, name);
}

static void
set_int_or_null (JsonObject *o,
                 const char *name,
                 gint64      value)
{
  if (value >= 0)
    json_object_set_int_member (o, name, value);
  else
    json_object_set_null_member (o, name);
}

/* LARC's uid: the id of LARC's people, the annotator's name for ours */
static const char *
larc_uid (const char *name)
{
  return g_str_has_prefix (name, ARC_LARC_PREFIX) ? name + strlen (ARC_LARC_PREFIX) : name;
}

/* The members of a description and of a build that the export makes from
 * the record, in LARC's order. Of LARC's records, the import keeps those
 * the export would not write back as LARC has them (530 written 530.0, "7"
 * written 7, a negative time written 0) as LARC has them, and the export
 * writes them instead (see arc-larc-private.h). */
const char * const arc_larc_description_members[] = {
  "confidence", "description_time", "do_description", "grid_description", "max_idle_time",
  "num_verification_attempts", "see_description", "succeeded_verification", "timestamp", "uid",
  "verification_time", NULL
};
const char * const arc_larc_build_members[] = {
  "max_idle_time", "num_attempts", "success", "time", "timestamp", "uid", NULL
};

/**
 * arc_larc_write_build_members:
 * Sets @o's arc_larc_build_members[] as the export makes them from @build
 * (before what the import kept of LARC's)
 */
void
arc_larc_write_build_members (JsonObject     *o,
                              const ArcBuild *build)
{
  set_int_or_null (o, "max_idle_time", build->max_idle_seconds);
  json_object_set_int_member (o, "num_attempts", build->n_attempts);
  json_object_set_boolean_member (o, "success", build->success);
  if (build->milliseconds >= 0)
    json_object_set_double_member (o, "time", (double) build->milliseconds / 1000.0);
  else
    json_object_set_null_member (o, "time");
  set_seconds (o, "timestamp", build->time);
  json_object_set_string_member (o, "uid", larc_uid (build->builder));
}

/* Whether @name of @o is empty: null, [] or {} */
static gboolean
is_empty (JsonObject *o,
          const char *name)
{
  JsonNode *n = o ? json_object_get_member (o, name) : NULL;

  if (n == NULL)
    return FALSE;
  if (JSON_NODE_HOLDS_ARRAY (n))
    return json_array_get_length (json_node_get_array (n)) == 0;
  if (JSON_NODE_HOLDS_OBJECT (n))
    return json_object_get_size (json_node_get_object (n)) == 0;
  return JSON_NODE_HOLDS_NULL (n);
}

/* LARC's members as LARC has them, kept by the import (@kept may be NULL),
 * in place of those made from the record */
static void
write_kept (JsonObject         *o,
            JsonObject         *kept,
            const char * const *names)
{
  static const char * const empty[] = { "action_sequence", "builds" };

  if (kept == NULL)
    return;
  for (guint i = 0; names[i]; i++)
    if (json_object_has_member (kept, names[i]))
      json_object_set_member (o, names[i], json_node_copy (json_object_get_member (kept, names[i])));
  /* An empty list of actions (written null) or null builds (written {}),
   * while the record has none */
  for (guint i = 0; i < G_N_ELEMENTS (empty); i++)
    if (is_empty (kept, empty[i]) && is_empty (o, empty[i]))
      json_object_set_member (o, empty[i], json_node_copy (json_object_get_member (kept, empty[i])));
}

/* What the import kept of LARC's build as LARC has it, or NULL */
static JsonObject *
build_kept (const ArcBuild *build)
{
  JsonNode *n = build->extra ? json_object_get_member (build->extra, ARC_LARC_KEPT) : NULL;

  return n && JSON_NODE_HOLDS_OBJECT (n) ? json_node_get_object (n) : NULL;
}

static JsonObject *
build_record (const ArcBuild   *build,
              ArcLarcGridMarks *marks)
{
  JsonObject *o = json_object_new ();

  arc_larc_write_session (o, build->attempts, build->unsubmitted, build->unsubmitted_grid, build->time, marks);
  arc_larc_write_build_members (o, build);
  write_kept (o, build_kept (build), arc_larc_build_members);
  return o;
}

static guint
count_counting (GPtrArray *attempts)
{
  guint n = 0;

  for (guint i = 0; i < attempts->len; i++)
    n += ((ArcAttempt *) attempts->pdata[i])->counts;
  return n;
}

/* Each of LARC's three parts begins with the prompt its interface showed
 * ("In the input, you should see..." and what the author typed after it).
 * The notes pane shows the prompts as its fields' headings, so a
 * description written in ARC Studio mostly has what follows them only: it
 * is exported with its prompt, as LARC's are, unless it has it already. */
static void
set_part (JsonObject          *o,
          const char          *member,
          const ArcAnnotation *a,
          const char          *prompt,
          const char          *text)
{
  gsize stem = strlen (prompt) - strlen ("...");  /* "...", "…" or a space after it, as typed */
  g_autofree char *with = NULL;

  if (a->source || (text && g_ascii_strncasecmp (text, prompt, stem) == 0))
    {
      json_object_set_string_member (o, member, text);
      return;
    }
  with = g_strconcat (prompt, text ? text : "", NULL);
  json_object_set_string_member (o, member, with);
}

/**
 * arc_larc_write_description_members:
 * Sets @o's arc_larc_description_members[] as the export makes them from
 * @a, @annotator's record (before what the import kept of LARC's)
 */
void
arc_larc_write_description_members (JsonObject          *o,
                                    const ArcAnnotation *a,
                                    const char          *annotator,
                                    guint                n_tests)
{
  set_int_or_null (o, "confidence", a->confidence);
  json_object_set_int_member (o, "description_time", a->seconds_spent);
  set_part (o, "do_description", a, "To make the output, you have to...", a->transform_text);
  set_part (o, "grid_description", a, "The output grid size...", a->size_text);
  set_int_or_null (o, "max_idle_time", a->max_idle_seconds);
  json_object_set_int_member (o, "num_verification_attempts",
                              a->verification_attempts >= 0 ? (guint) a->verification_attempts : count_counting (a->attempts));
  set_part (o, "see_description", a, "In the input, you should see...", a->input_text);
  json_object_set_boolean_member (o, "succeeded_verification", arc_annotation_is_verified (a, n_tests));
  set_seconds (o, "timestamp", a->created);
  json_object_set_string_member (o, "uid", a->source && a->source->author ? a->source->author : larc_uid (annotator));
  set_int_or_null (o, "verification_time", a->verification_seconds);
}

/* One description, with LARC's members in LARC's order */
static JsonObject *
description_record (const ArcAnnotation *a,
                    const char          *annotator,
                    guint                n_tests,
                    ArcLarcGridMarks    *marks)
{
  JsonObject *o = json_object_new ();
  JsonObject *builds = json_object_new ();

  arc_larc_write_session (o, a->attempts, a->unsubmitted, a->unsubmitted_grid, a->created, marks);
  for (guint i = 0; i < a->builds->len; i++)
    {
      const ArcBuild *build = a->builds->pdata[i];
      json_object_set_object_member (builds, build->id, build_record (build, marks));
    }
  json_object_set_object_member (o, "builds", builds);
  arc_larc_write_description_members (o, a, annotator, n_tests);
  if (a->source)
    write_kept (o, a->source->extra, arc_larc_description_members);
  return o;
}

/* A stable UUID-like id for a description written in ARC Studio */
static char *
description_id (const char *task_id,
                const char *annotator)
{
  g_autofree char *key = g_strdup_printf ("arc-studio:%s:%s", task_id, annotator);
  g_autofree char *hex = g_compute_checksum_for_string (G_CHECKSUM_MD5, key, -1);

  return g_strdup_printf ("%.8s-%.4s-%.4s-%.4s-%.12s", hex, hex + 8, hex + 12, hex + 16, hex + 20);
}

static JsonNode *
task_pairs (ArcTask *task)
{
  g_autofree char *json = arc_task_to_json (task);

  return json_from_string (json, NULL);
}

/* Whether @a goes in the export: LARC's and every record with a description */
static gboolean
is_exported (const ArcAnnotation *a)
{
  return a->source != NULL || *a->input_text || *a->size_text || *a->transform_text;
}

/**
 * arc_larc_export_plan:
 * @file_name: (out) (transfer full): the file arc_larc_export_task() names
 * @n_builds: (out) (optional): the builds it would write
 *
 * What arc_larc_export_task() would write of @task_id, without writing it.
 *
 * Returns: how many descriptions it would hold
 */
guint
arc_larc_export_plan (ArcNotes    *notes,
                      const char  *task_id,
                      char       **file_name,
                      guint       *n_builds)
{
  g_auto(GStrv) annotators = arc_notes_dup_annotators (notes, task_id);
  const char *larc_file = NULL;
  guint n = 0, nb = 0;

  for (guint i = 0; annotators[i]; i++)
    {
      const ArcAnnotation *a = arc_notes_get (notes, task_id, annotators[i]);

      if (!is_exported (a))
        continue;
      if (larc_file == NULL && a->source && a->source->task_file)
        larc_file = a->source->task_file;
      n++;
      nb += a->builds->len;
    }
  *file_name = larc_file ? g_strdup (larc_file) : g_strconcat (task_id, ".json", NULL);
  if (n_builds)
    *n_builds = nb;
  return n;
}

static JsonNode *
export_task (ArcTask          *task,
             const char       *task_id,
             ArcNotes         *notes,
             char            **file_name,
             guint            *n_descriptions,
             guint            *n_builds,
             ArcLarcGridMarks *marks)
{
  g_auto(GStrv) annotators = arc_notes_dup_annotators (notes, task_id);
  g_autoptr(JsonNode) pairs = task_pairs (task);
  JsonObject *root = json_object_new ();
  JsonObject *descriptions = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);
  guint n_tests = arc_task_get_n_test (task), n = 0, nb = 0;
  const char *larc_file = NULL;
  JsonObject *larc_grids = NULL;  /* LARC's train and test, when not the collection's */
  g_autofree char *name = g_strconcat (task_id, ".json", NULL);

  for (guint i = 0; annotators[i]; i++)
    {
      const ArcAnnotation *a = arc_notes_get (notes, task_id, annotators[i]);
      g_autofree char *id = NULL;

      if (!is_exported (a))
        continue;
      id = a->source && a->source->id ? g_strdup (a->source->id) : description_id (task_id, annotators[i]);
      if (larc_file == NULL && a->source && a->source->task_file)
        larc_file = a->source->task_file;
      if (larc_grids == NULL && a->source && a->source->extra &&
          json_object_has_member (a->source->extra, "train") && json_object_has_member (a->source->extra, "test"))
        larc_grids = a->source->extra;
      json_object_set_object_member (descriptions, id, description_record (a, annotators[i], n_tests, marks));
      n++;
      nb += a->builds->len;
    }
  json_object_set_object_member (root, "descriptions", descriptions);
  json_object_set_string_member (root, "name", name);
  if (larc_grids != NULL)
    {
      /* LARC's records were made on LARC's grids, which are not the collection's */
      json_object_set_member (root, "test", json_node_copy (json_object_get_member (larc_grids, "test")));
      json_object_set_member (root, "train", json_node_copy (json_object_get_member (larc_grids, "train")));
    }
  else if (pairs && JSON_NODE_HOLDS_OBJECT (pairs))
    {
      JsonObject *p = json_node_get_object (pairs);

      json_object_set_member (root, "test", json_node_copy (json_object_get_member (p, "test")));
      json_object_set_member (root, "train", json_node_copy (json_object_get_member (p, "train")));
    }
  *file_name = larc_file ? g_strdup (larc_file) : g_strconcat (task_id, ".json", NULL);
  if (n_descriptions)
    *n_descriptions = n;
  if (n_builds)
    *n_builds = nb;
  json_node_take_object (node, root);
  return node;
}

/**
 * arc_larc_export_task:
 * @file_name: (out) (transfer full): the file to write it in: LARC's own
 *   ("14.json") for a task imported from LARC, else "<task_id>.json"
 * @n_descriptions: (out) (optional): how many descriptions it holds
 * @n_builds: (out) (optional): and builds
 *
 * Returns: (transfer full): @task_id's descriptions in @notes (every
 *   record with a description, LARC's and the users') with their builds and
 *   action sequences, in one of LARC's tasks_json files
 */
JsonNode *
arc_larc_export_task (ArcTask     *task,
                      const char  *task_id,
                      ArcNotes    *notes,
                      char       **file_name,
                      guint       *n_descriptions,
                      guint       *n_builds)
{
  return export_task (task, task_id, notes, file_name, n_descriptions, n_builds, NULL);
}

/**
 * arc_larc_export_task_to_data:
 *
 * As arc_larc_export_task(), as the text of the file, on one line (the
 * bytes json-glib writes of that tree), written without a node for each
 * cell of each grid.
 *
 * Returns: (transfer full): the text
 */
char *
arc_larc_export_task_to_data (ArcTask     *task,
                              const char  *task_id,
                              ArcNotes    *notes,
                              char       **file_name,
                              guint       *n_descriptions,
                              guint       *n_builds)
{
  ArcLarcGridMarks marks;
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *text = NULL;
  char *data;

  arc_larc_grid_marks_init (&marks);
  node = export_task (task, task_id, notes, file_name, n_descriptions, n_builds, &marks);
  text = json_to_string (node, FALSE);
  data = arc_larc_grid_marks_splice (&marks, text);
  arc_larc_grid_marks_clear (&marks);
  return data;
}

/* arc-larc.c: reading LARC's tasks_json files into read-only description
 * records, and putting them in a task's notes
 *
 * LARC (Language-complete ARC, Acquaviva et al.) is a set of natural-language
 * descriptions of the ARC-AGI-1 training tasks, each verified by its author
 * and built by others from the words alone, with every action they took.
 * Its files are read tolerantly: numbers and truth values written as
 * strings, null descriptions, actions without a tool. Each such thing is a
 * warning naming the file and the place, never a failure.
 *
 * Each description becomes the record "larc:<author's id>" of the task, with
 * an ArcSource that makes it read-only; its verification's answers are the
 * record's attempts and its builds are ArcBuilds (arc-description.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-larc"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arc-collection.h"
#include "arc-entry.h"
#include "arc-error.h"
#include "arc-file.h"
#include "arc-json.h"
#include "arc-larc-private.h"
#include "arc-notes-json-private.h"
#include "arc-task-parse.h"

void
arc_larc_task_free (ArcLarcTask *larc)
{
  if (larc == NULL)
    return;
  g_free (larc->file_name);
  g_free (larc->task_id);
  g_clear_object (&larc->task);
  g_ptr_array_unref (larc->descriptions);
  g_clear_pointer (&larc->untimed, g_ptr_array_unref);
  g_free (larc);
}

/**
 * arc_larc_looks_like_task:
 * Returns: %TRUE if @root is one of LARC's tasks_json files: a task with
 *   its `name` and `descriptions` (which may be null)
 */
gboolean
arc_larc_looks_like_task (JsonNode *root)
{
  JsonObject *o;

  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return FALSE;
  o = json_node_get_object (root);
  return json_object_has_member (o, "descriptions") && json_object_has_member (o, "train") &&
         json_object_has_member (o, "test");
}

/* A text of the description: "" (warned) when missing */
static char *
read_text (const ArcLarcContext *ctx,
           const char           *where,
           JsonObject           *o,
           const char           *name)
{
  const char *text = arc_larc_get_string (ctx, where, o, name);

  if (text == NULL)
    {
      if (json_object_has_member (o, name))
        arc_larc_warn (ctx, where, _("“%s” is null"), name);
      else
        arc_larc_warn (ctx, where, _("no “%s”"), name);
    }
  return g_strdup (text ? text : "");
}

static gint64
read_seconds (const ArcLarcContext *ctx,
              const char           *where,
              JsonObject           *o,
              const char           *name)
{
  double v;

  return arc_larc_get_double (ctx, where, o, name, &v) && v >= 0 ? (gint64) (v + 0.5) : -1;
}

static gint64
read_timestamp (const ArcLarcContext *ctx,
                const char           *where,
                JsonObject           *o)
{
  double v;

  if (arc_larc_get_double (ctx, where, o, "timestamp", &v) && v > 0)
    return arc_larc_seconds_to_usec (v);
  arc_larc_warn (ctx, where, _("no valid “timestamp”"));
  return 0;
}

static char *
builder_name (const ArcLarcContext *ctx,
              const char           *where,
              JsonObject           *o)
{
  const char *uid = arc_larc_get_string (ctx, where, o, "uid");

  if (uid == NULL || *uid == '\0')
    {
      arc_larc_warn (ctx, where, _("no “uid”: the person is not known"));
      uid = "unknown";
    }
  return g_strconcat (ARC_LARC_PREFIX, uid, NULL);
}

/* The same JSON value: json_node_equal() takes 530 and 530.0 as equal */
static gboolean
same_value (JsonNode *a,
            JsonNode *b)
{
  if (JSON_NODE_TYPE (a) != JSON_NODE_TYPE (b) ||
      (JSON_NODE_HOLDS_VALUE (a) && json_node_get_value_type (a) != json_node_get_value_type (b)))
    return FALSE;
  return json_node_equal (a, b);
}

static void
keep (JsonObject **kept,
      const char  *name,
      JsonNode    *value)
{
  if (*kept == NULL)
    *kept = json_object_new ();
  json_object_set_member (*kept, name, value);
}

/* Puts in @kept (made when needed) the members @names of LARC's @record
 * that the export would not write back as LARC has them: @written has them
 * as it writes them. And an empty action_sequence, which it writes as null. */
static void
keep_unwritten (const ArcLarcContext *ctx,
                JsonObject           *record,
                JsonObject           *written,
                const char * const   *names,
                JsonObject          **kept)
{
  for (guint i = 0; names[i]; i++)
    {
      JsonNode *larc = json_object_get_member (record, names[i]);
      JsonNode *ours = json_object_get_member (written, names[i]);

      if (larc && !(ours && same_value (larc, ours)))
        keep (kept, names[i], json_node_copy (larc));
    }
  if (arc_larc_is_empty_list (ctx, json_object_get_member (record, "action_sequence")))
    {
      JsonNode *empty = json_node_new (JSON_NODE_ARRAY);

      json_node_take_array (empty, json_array_new ());
      keep (kept, "action_sequence", empty);
    }
}

static ArcBuild *
read_build (const ArcLarcContext *ctx,
            const char           *where,
            const char           *id,
            JsonObject           *o)
{
  g_autofree char *builder = builder_name (ctx, where, o);
  ArcBuild *build = arc_build_new (builder);
  gint64 v;
  double seconds;
  int success;

  g_free (build->id);
  build->id = g_strdup (id);
  success = arc_larc_get_bool (ctx, where, o, "success");
  if (success < 0)
    arc_larc_warn (ctx, where, _("no “success”: taken as not built"));
  build->success = success == 1;
  if (arc_larc_get_int (ctx, where, o, "num_attempts", &v) && v >= 0 && v <= 1000)
    build->n_attempts = (guint) v;
  if (arc_larc_get_double (ctx, where, o, "time", &seconds) && seconds >= 0)
    build->milliseconds = arc_larc_seconds_to_usec (seconds) / 1000;
  build->time = read_timestamp (ctx, where, o);
  if (arc_larc_get_int (ctx, where, o, "max_idle_time", &v) && v >= 0 && v <= G_MAXINT)
    build->max_idle_seconds = (int) v;
  arc_larc_read_session (ctx, where, o, build->time, build->attempts,
                         &build->unsubmitted, &build->unsubmitted_grid);
  {
    g_autoptr(JsonObject) written = json_object_new ();
    JsonObject *kept = NULL;

    arc_larc_write_build_members (written, build);
    keep_unwritten (ctx, o, written, arc_larc_build_members, &kept);
    if (kept)
      {
        if (build->extra == NULL)
          build->extra = json_object_new ();
        json_object_set_object_member (build->extra, ARC_LARC_KEPT, kept);
      }
  }
  return build;
}

static void
read_builds (const ArcLarcContext *ctx,
             const char           *where,
             JsonObject           *o,
             ArcAnnotation        *a)
{
  JsonNode *n = json_object_get_member (o, "builds");
  JsonObject *builds;
  g_autoptr(GList) ids = NULL;

  if (n == NULL || JSON_NODE_HOLDS_NULL (n))
    return;
  if (!JSON_NODE_HOLDS_OBJECT (n))
    {
      arc_larc_warn (ctx, where, _("“builds” is not an object, left out"));
      return;
    }
  builds = json_node_get_object (n);
  ids = json_object_get_members (builds);
  for (GList *l = ids; l; l = l->next)
    {
      g_autofree char *bwhere = g_strdup_printf ("%s.builds.%s", where, (char *) l->data);
      JsonObject *bo = arc_notes_get_object (builds, l->data);

      if (bo == NULL)
        arc_larc_warn (ctx, bwhere, _("a build that is not an object, left out"));
      else
        g_ptr_array_add (a->builds, read_build (ctx, bwhere, l->data, bo));
    }
}

static void
read_verification (const ArcLarcContext *ctx,
                   const char           *where,
                   JsonObject           *o,
                   ArcAnnotation        *a)
{
  gint64 v;

  a->verified = arc_larc_get_bool (ctx, where, o, "succeeded_verification");
  if (arc_larc_get_int (ctx, where, o, "num_verification_attempts", &v) && v >= 0 && v <= 1000)
    a->verification_attempts = (int) v;
  a->verification_seconds = read_seconds (ctx, where, o, "verification_time");
  if (arc_larc_get_int (ctx, where, o, "max_idle_time", &v) && v >= 0 && v <= G_MAXINT)
    a->max_idle_seconds = (int) v;
}

/* What a record is made from: the description and the task's test pairs
 * (verdicts and copies depend on them), as the file has them, and how (the
 * version of the conversion). The same digest: the same record. */
static char *
description_digest (const char         *data,
                    const ArcJsonRange *description,
                    JsonNode           *node,
                    const ArcJsonRange *test)
{
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);

  g_checksum_update (sum, (const guchar *) "arc-studio larc 5\n", -1);
  if (description)
    g_checksum_update (sum, (const guchar *) data + description->start, (gssize) (description->end - description->start));
  else
    {
      /* (every object is told of: not met) */
      g_autofree char *text = json_to_string (node, FALSE);

      g_checksum_update (sum, (const guchar *) text, -1);
    }
  if (test->end > test->start)
    g_checksum_update (sum, (const guchar *) data + test->start, (gssize) (test->end - test->start));
  return g_strconcat ("sha256:", g_checksum_get_string (sum), NULL);
}

/* LARC's time spent on the description. A negative one (LARC has some) is
 * no time spent here (and kept as it was for the export, keep_unwritten()). */
static void
read_description_time (const ArcLarcContext *ctx,
                       const char           *where,
                       JsonObject           *o,
                       ArcAnnotation        *a)
{
  double v;

  if (arc_larc_get_double (ctx, where, o, "description_time", &v) && v >= 0)
    a->seconds_spent = (gint64) (v + 0.5);
}

static ArcAnnotation *
read_description (const ArcLarcContext *ctx,
                  const char           *file_name,
                  const char           *id,
                  JsonObject           *o)
{
  g_autofree char *where = g_strdup_printf ("descriptions.%s", id);
  g_autofree char *author = builder_name (ctx, where, o);
  ArcAnnotation *a = arc_annotation_new ();
  gint64 v;

  a->source = arc_source_new (ARC_LARC_NAME);
  a->source->id = g_strdup (id);
  a->source->author = g_strdup (author + strlen (ARC_LARC_PREFIX));
  a->source->task_file = g_strdup (file_name);
  a->source->license = g_strdup (ARC_LARC_LICENSE);
  g_free (a->input_text);
  a->input_text = read_text (ctx, where, o, "see_description");
  g_free (a->size_text);
  a->size_text = read_text (ctx, where, o, "grid_description");
  g_free (a->transform_text);
  a->transform_text = read_text (ctx, where, o, "do_description");
  if (arc_larc_get_int (ctx, where, o, "confidence", &v))
    {
      if (v >= 0 && v <= 10)
        a->confidence = (int) v;
      else
        arc_larc_warn (ctx, where, _("a confidence of %lld is not 0–10, left out"), (long long) v);
    }
  a->created = a->modified = read_timestamp (ctx, where, o);
  read_description_time (ctx, where, o, a);
  read_verification (ctx, where, o, a);
  arc_larc_read_session (ctx, where, o, a->created, a->attempts, &a->unsubmitted, &a->unsubmitted_grid);
  read_builds (ctx, where, o, a);
  {
    g_autoptr(JsonObject) written = json_object_new ();
    JsonNode *builds = json_object_get_member (o, "builds");

    /* (no tests: the answers make succeeded_verification only when LARC's
     * is not a truth value, which is then kept whatever they make) */
    arc_larc_write_description_members (written, a, author, 0);
    keep_unwritten (ctx, o, written, arc_larc_description_members, &a->source->extra);
    /* null builds, which the export writes as {} */
    if (builds && JSON_NODE_HOLDS_NULL (builds))
      keep (&a->source->extra, "builds", json_node_new (JSON_NODE_NULL));
  }
  return a;
}

/* Where the parts that make a record are in the file */
typedef struct
{
  ArcJsonRange  test;
  int           test_lifted;   /* the index of the test pairs' range when they were lifted, else -1 */
  GArray       *lifted;        /* ArcJsonRange: the lists lifted so far */
  GHashTable   *descriptions;  /* id -> ArcJsonRange */
} Spans;

static void
note_span (const char * const *path,
           guint               depth,
           const ArcJsonRange *range,
           gpointer            data)
{
  Spans *spans = data;

  if (depth == 1 && path[0] && g_str_equal (path[0], "test"))
    {
      spans->test = *range;
      spans->test_lifted = -1;
    }
  else if (depth == 2 && path[0] && g_str_equal (path[0], "descriptions") && path[1])
    g_hash_table_insert (spans->descriptions, g_strdup (path[1]), g_memdup2 (range, sizeof *range));
}

static gboolean
is_name (const char *element,
         const char *name)
{
  return element && g_str_equal (element, name);
}

/* Nearly all of LARC's bytes are not made a tree of json-glib's nodes: the
 * action sequences are read from the text, step by step
 * (arc_larc_read_session()), as are the grids of the answers
 * (arc_larc_read_grid()); the task's pairs are read by arc_task_new_from_data() */
static gboolean
is_lifted (const char * const *path,
           guint               depth,
           gpointer            data)
{
  Spans *spans = data;

  if (is_name (path[depth - 1], "action_sequence"))
    return TRUE;
  if (depth == 1 && (is_name (path[0], "train") || is_name (path[0], "test")))
    {
      /* The test pairs' text is part of each record's digest */
      if (is_name (path[0], "test"))
        spans->test_lifted = (int) spans->lifted->len;
      return TRUE;
    }
  return depth >= 2 && path[depth - 1] == NULL && is_name (path[depth - 2], "attempt_jsons");
}

static void
read_descriptions (ArcLarcTask          *larc,
                   const ArcLarcContext *ctx,
                   JsonObject           *root,
                   const Spans          *spans)
{
  JsonNode *n = json_object_get_member (root, "descriptions");
  JsonObject *descriptions;
  g_autoptr(GList) ids = NULL;

  if (n == NULL || JSON_NODE_HOLDS_NULL (n))
    {
      arc_larc_warn (ctx, "descriptions", n ? _("null: the task has no descriptions") : _("missing: the task has no descriptions"));
      return;
    }
  if (!JSON_NODE_HOLDS_OBJECT (n))
    {
      arc_larc_warn (ctx, "descriptions", _("not an object, left out"));
      return;
    }
  descriptions = json_node_get_object (n);
  ids = json_object_get_members (descriptions);
  for (GList *l = ids; l; l = l->next)
    {
      JsonObject *d = arc_notes_get_object (descriptions, l->data);
      ArcAnnotation *a;

      if (d == NULL)
        {
          g_autofree char *where = g_strdup_printf ("descriptions.%s", (char *) l->data);
          arc_larc_warn (ctx, where, _("a description that is not an object, left out"));
          continue;
        }
      a = read_description (ctx, larc->file_name, l->data, d);
      a->source->digest = description_digest (ctx->data, g_hash_table_lookup (spans->descriptions, l->data),
                                              json_object_get_member (descriptions, l->data), &spans->test);
      larc->n_builds += a->builds->len;
      g_ptr_array_add (larc->descriptions, a);
    }
}

/* The ARC id from `name` ("007bbfb7.json") */
static char *
read_task_id (const ArcLarcContext *ctx,
              JsonObject           *root)
{
  const char *name = arc_larc_get_string (ctx, "name", root, "name");
  gsize len;

  if (name == NULL || *name == '\0')
    {
      arc_larc_warn (ctx, "name", _("missing: the task's ARC id is not known"));
      return NULL;
    }
  len = strlen (name);
  if (len > 5 && g_ascii_strcasecmp (name + len - 5, ".json") == 0)
    len -= 5;
  return g_strndup (name, len);
}

/**
 * arc_larc_task_load_from_data:
 * @file_name: the file's name, for warnings and the records' source
 * @warnings: (element-type utf8) (nullable): what was odd, each naming the
 *   file and the place
 *
 * Returns: (transfer full) (nullable): the task and its descriptions; %NULL
 *   when the file is not JSON or not a task with descriptions
 */
ArcLarcTask *
arc_larc_task_load_from_data (const char  *data,
                              gsize        length,
                              const char  *file_name,
                              GPtrArray   *warnings,
                              GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GArray) grids = g_array_new (FALSE, FALSE, sizeof (ArcJsonRange));
  g_autofree char *marker = g_strdup_printf ("\001larc:%08x:", g_random_int ());
  g_autoptr(GHashTable) description_spans = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  Spans spans = { { 0, 0 }, -1, grids, description_spans };
  g_autoptr(JsonNode) root = arc_json_parse_lifting_spans (data, length, is_lifted, note_span, &spans, marker, grids,
                                                           &local_error);
  g_autoptr(ArcLarcTask) larc = NULL;
  ArcLarcContext ctx = { file_name, warnings, NULL, NULL, NULL, data, grids, marker };

  if (root == NULL)
    {
      g_set_error (error, ARC_ERROR, local_error->code, "%s: %s", file_name, local_error->message);
      return NULL;
    }
  if (!arc_larc_looks_like_task (root))
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID,
                   _("%s: not a LARC task (no “train”, “test” and “descriptions”)"), file_name);
      return NULL;
    }
  if (spans.test_lifted >= 0)
    spans.test = g_array_index (grids, ArcJsonRange, spans.test_lifted);
  larc = g_new0 (ArcLarcTask, 1);
  larc->file_name = g_strdup (file_name);
  larc->descriptions = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_annotation_free);
  if (warnings)
    ctx.untimed = larc->untimed = g_ptr_array_new_with_free_func (g_free);
  larc->task_id = read_task_id (&ctx, json_node_get_object (root));
  larc->task = arc_task_new_from_data (data, length, larc->task_id ? larc->task_id : file_name, NULL, &local_error);
  if (larc->task == NULL)
    arc_larc_warn (&ctx, "train", _("the task's grids are not valid (%s): answers are not checked"), local_error->message);
  else if (arc_task_get_n_test (larc->task) > 0)
    {
      ctx.input = arc_task_get_test (larc->task, 0)->input;
      ctx.expected = arc_task_get_test (larc->task, 0)->output;
    }
  read_descriptions (larc, &ctx, json_node_get_object (root), &spans);
  return g_steal_pointer (&larc);
}

/**
 * arc_larc_task_load:
 * Reads one of LARC's tasks_json files (see arc_larc_task_load_from_data()).
 */
ArcLarcTask *
arc_larc_task_load (GFile      *file,
                    GPtrArray  *warnings,
                    GError    **error)
{
  g_autoptr(GBytes) bytes = arc_file_load_named (file, ARC_TASK_MAX_FILE_SIZE * 4, error);
  g_autofree char *basename = g_file_get_basename (file);
  gsize length;
  const char *data;

  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &length);
  return arc_larc_task_load_from_data (data ? data : "", length, basename, warnings, error);
}

/* Putting the descriptions in the notes */

/**
 * arc_larc_is_record:
 * @a: (nullable): a record of a task's notes
 * Returns: whether @a is one of LARC's descriptions, imported
 */
gboolean
arc_larc_is_record (const ArcAnnotation *a)
{
  return a && a->source && g_strcmp0 (a->source->name, ARC_LARC_NAME) == 0;
}

static gboolean
is_larc_record (const ArcAnnotation *a,
                const char          *id)
{
  return arc_larc_is_record (a) && (id == NULL || g_strcmp0 (a->source->id, id) == 0);
}

/* The name already holding description @id, or a free one: "larc:<uid>",
 * then "larc:<uid> (2)" for an author's second description of the task.
 * Records that are not LARC's are never taken over. */
static char *
record_name (ArcNotes            *notes,
             const char          *task_id,
             const ArcAnnotation *d,
             GPtrArray           *warnings)
{
  g_auto(GStrv) names = arc_notes_dup_annotators (notes, task_id);
  g_autofree char *base = g_strconcat (ARC_LARC_PREFIX, d->source->author, NULL);

  for (guint i = 0; names[i]; i++)
    if (is_larc_record (arc_notes_get (notes, task_id, names[i]), d->source->id))
      return g_strdup (names[i]);
  for (guint n = 1; ; n++)
    {
      g_autofree char *name = n == 1 ? g_strdup (base) : g_strdup_printf ("%s (%u)", base, n);
      ArcAnnotation *held = arc_notes_get (notes, task_id, name);

      if (held == NULL)
        return g_steal_pointer (&name);
      if (!is_larc_record (held, NULL) && warnings)
        g_ptr_array_add (warnings, g_strdup_printf (_("%s: tasks.%s.annotators.%s is not LARC's: it is left as it is"),
                                                    d->source->task_file, task_id, name));
    }
}

static gboolean
same_record (const ArcAnnotation *a,
             const ArcAnnotation *b)
{
  g_autoptr(JsonNode) na = NULL;
  g_autoptr(JsonNode) nb = NULL;

  if (a->source && b->source && a->source->digest && b->source->digest)
    return g_str_equal (a->source->digest, b->source->digest);
  na = arc_annotation_to_node (a);
  nb = arc_annotation_to_node (b);
  return json_node_equal (na, nb);
}

/**
 * arc_larc_count_changes:
 * Returns: how many records arc_larc_merge() would add or change in
 *   @notes (which may be read without their trajectories), changing nothing
 */
guint
arc_larc_count_changes (ArcLarcTask *larc,
                        ArcNotes    *notes,
                        const char  *task_id,
                        GPtrArray   *warnings)
{
  guint changed = 0;

  for (guint i = 0; i < larc->descriptions->len; i++)
    {
      const ArcAnnotation *d = larc->descriptions->pdata[i];
      g_autofree char *name = d ? record_name (notes, task_id, d, warnings) : NULL;
      ArcAnnotation *held = name ? arc_notes_get (notes, task_id, name) : NULL;

      if (d && (held == NULL || !same_record (held, d)))
        changed++;
    }
  return changed;
}

/**
 * arc_larc_merge:
 * Puts @larc's descriptions in @notes as the read-only records of
 * @task_id: those added or changed are taken from @larc (their place in
 * @larc->descriptions becomes %NULL). A description already there is replaced only if it differs:
 * merging twice changes nothing. Other records are never touched.
 *
 * Returns: how many records were added or changed
 */
guint
arc_larc_merge (ArcLarcTask *larc,
                ArcNotes    *notes,
                const char  *task_id,
                GPtrArray   *warnings)
{
  guint changed = 0;

  g_return_val_if_fail (larc != NULL, 0);
  g_return_val_if_fail (ARC_IS_NOTES (notes), 0);

  for (guint i = 0; i < larc->descriptions->len; i++)
    {
      ArcAnnotation *d = larc->descriptions->pdata[i];
      g_autofree char *name = NULL;
      ArcAnnotation *held;

      if (d == NULL)
        continue;
      name = record_name (notes, task_id, d, warnings);
      held = arc_notes_get (notes, task_id, name);
      if (held && same_record (held, d))
        continue;
      /* Taken, not copied: descriptions hold whole trajectories */
      larc->descriptions->pdata[i] = NULL;
      arc_notes_set (notes, task_id, name, d);
      changed++;
    }
  return changed;
}

/* Opening LARC's tasks_json folder directly */

/**
 * arc_larc_merge_task_file:
 * When @entry is one of LARC's tasks_json files (opened directly), puts its
 * descriptions in @notes, in memory: they are shown, and written only with
 * the user's own notes.
 */
void
arc_larc_merge_task_file (ArcNotes *notes,
                          ArcEntry *entry)
{
  GFile *file = arc_entry_get_file (entry);
  g_autofree char *basename = g_file_get_basename (file);
  g_autoptr(ArcLarcTask) larc = NULL;
  g_autofree char *stem = NULL;

  if (basename == NULL || !arc_collection_is_larc_file_name (basename))
    return;
  /* Listed under its number: not one of LARC's files after all */
  stem = g_strndup (basename, strlen (basename) - 5);
  if (g_str_equal (stem, arc_entry_get_id (entry)))
    return;
  larc = arc_larc_task_load (file, NULL, NULL);
  if (larc && g_strcmp0 (larc->task_id, arc_entry_get_id (entry)) == 0)
    arc_larc_merge (larc, notes, larc->task_id, NULL);
}

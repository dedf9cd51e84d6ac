/* arc-notes.c: annotations, solve notes and attempts, in a sidecar file beside the tasks
 *
 * The format is documented in docs/arcnotes-format.md. Tasks and annotators
 * are written in sorted order and members in a fixed order, pretty-printed,
 * so that the files diff and merge well; members we do not know are kept and
 * written back. Saving replaces the file atomically (a new file, then a
 * rename): a kill at any moment leaves the old or the new file whole. A file
 * that does not parse is never overwritten.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-notes"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "arc-annotation-private.h"
#include "arc-error.h"
#include "arc-file.h"
#include "arc-json.h"
#include "arc-notes-json-private.h"
#include "arc-notes.h"
#include "arc-notes-private.h"

G_DEFINE_FINAL_TYPE (ArcNotes, arc_notes, G_TYPE_OBJECT)

void
arc_notes_task_free (gpointer data)
{
  TaskNotes *t = data;

  g_hash_table_unref (t->annotators);
  g_clear_pointer (&t->sorted, g_ptr_array_unref);
  g_clear_pointer (&t->records, g_ptr_array_unref);
  g_clear_pointer (&t->extra, json_object_unref);
  g_free (t);
}

TaskNotes *
arc_notes_task_new (void)
{
  TaskNotes *t = g_new0 (TaskNotes, 1);

  t->annotators = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) arc_annotation_free);
  return t;
}


static void
arc_notes_finalize (GObject *object)
{
  ArcNotes *self = ARC_NOTES (object);

  g_clear_object (&self->file);
  g_hash_table_unref (self->tasks);
  g_clear_pointer (&self->extra, json_object_unref);
  g_free (self->hash);
  g_free (self->synced);
  g_ptr_array_unref (self->waiting);
  g_ptr_array_unref (self->problems);

  G_OBJECT_CLASS (arc_notes_parent_class)->finalize (object);
}

static void
arc_notes_class_init (ArcNotesClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = arc_notes_finalize;

  /**
   * ArcNotes::merged:
   * @task_id: the task whose notes took in changes made elsewhere
   * @annotator: whose record
   * @conflicts: (array zero-terminated=1): the fields changed here and
   *   there (see arc_notes_describe_conflicts()); empty when the changes
   *   were apart
   *
   * A save (or arc_notes_merge()) merged what another program wrote to
   * the file with the notes held here (arc-notes-merge.c): the record of
   * @annotator on @task_id is not what it was. Emitted in the thread that
   * saves.
   */
  g_signal_new ("merged", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRV);
}

static void
arc_notes_init (ArcNotes *self)
{
  self->tasks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, arc_notes_task_free);
  self->waiting = g_ptr_array_new_with_free_func (g_object_unref);
  self->problems = g_ptr_array_new_null_terminated (0, g_free, TRUE);
}

ArcNotes *
arc_notes_new (GFile *file)
{
  ArcNotes *self;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  self = g_object_new (ARC_TYPE_NOTES, NULL);
  self->file = g_object_ref (file);
  return self;
}

GFile *
arc_notes_get_file (ArcNotes *self)
{
  g_return_val_if_fail (ARC_IS_NOTES (self), NULL);
  return self->file;
}

gboolean
arc_notes_is_corrupt (ArcNotes *self)
{
  g_return_val_if_fail (ARC_IS_NOTES (self), FALSE);
  return self->corrupt;
}

/**
 * arc_notes_get_hash:
 * Returns: (nullable): arc_file_hash_data() of the file as last read or
 *   written here: what it holds if no other program changed it; %NULL for
 *   notes read without their trajectories (never written)
 */
const char *
arc_notes_get_hash (ArcNotes *self)
{
  g_return_val_if_fail (ARC_IS_NOTES (self), NULL);
  return self->hash;
}

/**
 * arc_notes_get_problems:
 * Returns: (transfer none) (array zero-terminated=1): what the last read
 *   of the file mended, each naming the file and the place: an annotator's
 *   record found twice in a task is kept twice, the second renamed (and
 *   written so at the next save); empty when there was nothing to mend
 */
const char * const *
arc_notes_get_problems (ArcNotes *self)
{
  static const char * const none[] = { NULL };

  g_return_val_if_fail (ARC_IS_NOTES (self), NULL);
  /* (a null-terminated array that never held anything has no data yet) */
  return self->problems->pdata ? (const char * const *) self->problems->pdata : none;
}

/* Reading */

static gboolean
is_name (const char * const *path,
         guint               i,
         const char         *name)
{
  return path[i] != NULL && g_str_equal (path[i], name);
}

/* The trajectories: tasks.ID.annotators.NAME. then attempts[i].trajectory,
 * unsubmitted.trajectory, builds[i].submissions[j].trajectory or
 * builds[i].unsubmitted.trajectory */
static gboolean
is_trajectory (const char * const *path,
               guint               depth,
               gpointer            data)
{
  if (depth < 6 || depth > 9 || !is_name (path, 0, "tasks") || path[1] == NULL || !is_name (path, 2, "annotators") ||
      path[3] == NULL || !is_name (path, depth - 1, "trajectory"))
    return FALSE;
  switch (depth)
    {
    case 6: return is_name (path, 4, "unsubmitted");
    case 7: return is_name (path, 4, "attempts") && path[5] == NULL;
    case 8: return is_name (path, 4, "builds") && path[5] == NULL && is_name (path, 6, "unsubmitted");
    default: return is_name (path, 4, "builds") && path[5] == NULL && is_name (path, 6, "submissions") && path[7] == NULL;
    }
}

/* The annotators of a task: tasks.ID.annotators, whose records are all kept */
static gboolean
is_annotators (const char * const *path,
               guint               depth,
               gpointer            data)
{
  return depth == 3 && is_name (path, 0, "tasks") && path[1] != NULL && is_name (path, 2, "annotators");
}

/* A record, tasks.ID.annotators.NAME: each is parsed on its own, so that
 * the tree of a file of a hundred thousand is never made whole */
static gboolean
is_record (const char * const *path,
           guint               depth,
           gpointer            data)
{
  return depth == 4 && is_annotators (path, 3, data) && path[3] != NULL;
}

/* What the read mended, said to the user */
static void
set_problems (ArcNotes  *self,
              GPtrArray *renamed)
{
  g_autofree char *name = g_file_get_parse_name (self->file);

  g_ptr_array_set_size (self->problems, 0);
  for (guint i = 0; i < renamed->len; i++)
    {
      const ArcJsonRenamed *r = renamed->pdata[i];

      /* TRANSLATORS: "FILE, line 12, column 7: tasks.ID.annotators has “Ada” twice; the second is kept as “Ada (2)”" */
      g_ptr_array_add (self->problems,
                       g_strdup_printf (_("%s, line %u, column %u: %s has “%s” twice; the second is kept as “%s”"),
                                        name, r->line, r->column, r->path, r->key, r->name));
    }
}

/**
 * arc_notes_load_from_data:
 * Replaces what is held with the notes in @data. On a syntax or format
 * error, nothing changes, the notes are marked corrupt and @error says where.
 */
static gboolean load_data (ArcNotes *self, const char *data, gsize length, ArcTrajectoryLifted *lifted,
                           GError **error);

gboolean
arc_notes_load_from_data (ArcNotes    *self,
                          const char  *data,
                          gsize        length,
                          GError     **error)
{
  g_autoptr(GArray) ranges = g_array_new (FALSE, FALSE, sizeof (ArcJsonRange));
  g_autofree char *marker = g_strdup_printf ("\001lift:%08x:", g_random_int ());
  ArcTrajectoryLifted lifted = { data, ranges, marker, self->partial };
  gboolean ok;

  g_return_val_if_fail (ARC_IS_NOTES (self), FALSE);

  /* The trajectories are read from @data, not from json-glib's tree */
  arc_trajectory_set_lifted (&lifted);
  ok = load_data (self, data, length, &lifted, error);
  arc_trajectory_set_lifted (NULL);
  return ok;
}

static gboolean
load_data (ArcNotes             *self,
           const char           *data,
           gsize                 length,
           ArcTrajectoryLifted  *lifted,
           GError              **error)
{
  static const char * const known[] = { "format", "version", "tasks", NULL };
  static const char * const task_known[] = { "annotators", NULL };
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GHashTable) tasks = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GPtrArray) renamed = g_ptr_array_new_with_free_func (arc_json_renamed_free);
  g_autoptr(GArray) records = g_array_new (FALSE, FALSE, sizeof (ArcJsonRange));
  /* An annotator's record written twice (two edits merged by hand) is kept twice */
  ArcJsonLifting lifting = { is_trajectory, is_record, is_annotators, NULL, lifted->marker, lifted->ranges, records,
                             renamed };
  JsonObject *o, *tasks_object;
  JsonNode *member;
  gint64 version = 0;

  root = arc_json_parse_lifted (data, length, &lifting, &local_error);
  if (root == NULL)
    {
      self->corrupt = TRUE;
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (!JSON_NODE_HOLDS_OBJECT (root) || g_strcmp0 (arc_notes_get_string (json_node_get_object (root), "format"), ARC_NOTES_FORMAT) != 0)
    {
      self->corrupt = TRUE;
      return arc_notes_fail (error, "format", _("this is not an ARC Studio notes file"));
    }
  o = json_node_get_object (root);
  if (arc_notes_get_int (o, "version", &version) && version > ARC_NOTES_VERSION)
    {
      self->corrupt = TRUE;
      g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID,
                   _("version: the file was written by a newer ARC Studio (version %lld)"), (long long) version);
      return FALSE;
    }

  tasks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, arc_notes_task_free);
  member = json_object_get_member (o, "tasks");
  if (member && !JSON_NODE_HOLDS_OBJECT (member))
    {
      self->corrupt = TRUE;
      return arc_notes_fail (error, "tasks", _("expected an object of tasks"));
    }
  tasks_object = member ? json_node_get_object (member) : NULL;
  if (tasks_object)
    {
      g_autoptr(GList) ids = json_object_get_members (tasks_object);

      for (GList *l = ids; l; l = l->next)
        {
          JsonNode *tn = json_object_get_member (tasks_object, l->data);
          g_autofree char *where = g_strdup_printf ("tasks.%s", (char *) l->data);
          TaskNotes *t;
          JsonNode *annotators;

          if (!JSON_NODE_HOLDS_OBJECT (tn))
            {
              self->corrupt = TRUE;
              return arc_notes_fail (error, where, _("expected an object"));
            }
          t = arc_notes_task_new ();
          g_hash_table_replace (tasks, g_strdup (l->data), t);
          t->extra = arc_notes_extra_members (json_node_get_object (tn), task_known);
          annotators = json_object_get_member (json_node_get_object (tn), "annotators");
          if (annotators && JSON_NODE_HOLDS_OBJECT (annotators))
            {
              g_autoptr(GList) names = json_object_get_members (json_node_get_object (annotators));

              for (GList *n = names; n; n = n->next)
                {
                  g_autofree char *apath = g_strdup_printf ("%s.annotators.%s", where, (char *) n->data);
                  JsonNode *node = json_object_get_member (json_node_get_object (annotators), n->data);
                  g_autoptr(JsonNode) record = arc_json_lifted_object (node, data, &lifting);
                  ArcAnnotation *a = NULL;

                  if (!arc_annotation_read (record ? record : node, apath, &a, error))
                    {
                      self->corrupt = TRUE;
                      return FALSE;
                    }
                  g_hash_table_replace (t->annotators, g_strdup (n->data), a);
                }
            }
        }
    }

  g_hash_table_unref (self->tasks);
  self->tasks = g_steal_pointer (&tasks);
  g_clear_pointer (&self->extra, json_object_unref);
  self->extra = arc_notes_extra_members (o, known);
  self->corrupt = FALSE;
  self->version = (int) CLAMP (version, 0, ARC_NOTES_VERSION);
  set_problems (self, renamed);
  return TRUE;
}

/**
 * arc_notes_load_without_trajectories:
 * As arc_notes_load(), for what the notes say only (flags, descriptions,
 * builds): the trajectories are not read, and the notes are never written.
 */
gboolean
arc_notes_load_without_trajectories (ArcNotes  *self,
                                     GError   **error)
{
  g_return_val_if_fail (ARC_IS_NOTES (self), FALSE);

  self->partial = TRUE;
  return arc_notes_load (self, error);
}

/**
 * arc_notes_load:
 * Reads the file. A file that does not exist is no error: the notes are
 * empty. One that does not parse leaves the notes corrupt (never saved over).
 */
gboolean
arc_notes_load (ArcNotes  *self,
                GError   **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *name = NULL;
  gsize length;
  const char *data;

  g_return_val_if_fail (ARC_IS_NOTES (self), FALSE);

  name = g_file_get_parse_name (self->file);
  bytes = arc_file_load_named (self->file, ARC_NOTES_MAX_FILE_SIZE, &local_error);
  if (bytes == NULL)
    {
      if (g_error_matches (local_error, ARC_ERROR, ARC_ERROR_NOT_FOUND))
        {
          g_hash_table_remove_all (self->tasks);
          self->corrupt = FALSE;
          g_clear_pointer (&self->hash, g_free);
          return TRUE;
        }
      self->corrupt = TRUE;
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  g_free (self->hash);
  data = g_bytes_get_data (bytes, &length);
  /* What tells another program's change from ours when the notes are
   * written: notes read without their trajectories never are */
  self->hash = self->partial ? NULL : arc_file_hash_data (data, length);
  if (!arc_notes_load_from_data (self, data ? data : "", length, &local_error))
    {
      g_set_error (error, ARC_ERROR, local_error->code, "%s: %s", name, local_error->message);
      return FALSE;
    }
  g_free (self->synced);
  self->synced = self->partial ? NULL : g_strndup (data, length);
  return TRUE;
}

/* A key and its lower case, for sorting */
typedef struct
{
  char       *lower;
  const char *key;
} SortKey;

/* arc_natural_compare(), with the lower case made once a key, not twice a
 * comparison (a task with a hundred thousand annotators sorts in
 * milliseconds, not a second) */
static int
compare_sort_keys (gconstpointer a,
                   gconstpointer b)
{
  const SortKey *x = a, *y = b;
  int cmp = strverscmp (x->lower, y->lower);

  if (cmp == 0)
    cmp = strcmp (x->key, y->key);
  return cmp < 0 ? -1 : cmp > 0;
}

GPtrArray *
arc_notes_sorted_keys (GHashTable *table)
{
  guint n = g_hash_table_size (table);
  GPtrArray *keys = g_ptr_array_sized_new (n);
  g_autofree SortKey *sorted = g_new (SortKey, n);
  GHashTableIter iter;
  gpointer key;
  guint i = 0;

  g_hash_table_iter_init (&iter, table);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    sorted[i++] = (SortKey) { g_ascii_strdown (key, -1), key };
  if (n > 1)  /* (qsort() of no array at all is undefined) */
    qsort (sorted, n, sizeof (SortKey), compare_sort_keys);
  for (i = 0; i < n; i++)
    {
      g_ptr_array_add (keys, (gpointer) sorted[i].key);
      g_free (sorted[i].lower);
    }
  return keys;
}

static TaskNotes *
lookup_task (ArcNotes   *self,
             const char *task_id,
             gboolean    create)
{
  TaskNotes *t = g_hash_table_lookup (self->tasks, task_id);

  if (t == NULL && create)
    {
      t = arc_notes_task_new ();
      g_hash_table_replace (self->tasks, g_strdup (task_id), t);
    }
  return t;
}

/**
 * arc_notes_get:
 * Returns: (transfer none) (nullable): @annotator's notes on @task_id
 */
ArcAnnotation *
arc_notes_get (ArcNotes   *self,
               const char *task_id,
               const char *annotator)
{
  TaskNotes *t;

  g_return_val_if_fail (ARC_IS_NOTES (self), NULL);

  t = lookup_task (self, task_id, FALSE);
  return t ? g_hash_table_lookup (t->annotators, annotator) : NULL;
}

/**
 * arc_notes_ensure:
 * Returns: (transfer none): @annotator's notes on @task_id, new and empty
 * if there were none (created now)
 */
ArcAnnotation *
arc_notes_ensure (ArcNotes   *self,
                  const char *task_id,
                  const char *annotator)
{
  TaskNotes *t;
  ArcAnnotation *a;

  g_return_val_if_fail (ARC_IS_NOTES (self), NULL);

  t = lookup_task (self, task_id, TRUE);
  a = g_hash_table_lookup (t->annotators, annotator);
  if (a == NULL)
    {
      a = arc_annotation_new ();
      a->created = a->modified = g_get_real_time ();
      g_hash_table_replace (t->annotators, g_strdup (annotator), a);
      g_clear_pointer (&t->sorted, g_ptr_array_unref);
      g_clear_pointer (&t->records, g_ptr_array_unref);
    }
  return a;
}

GStrv
arc_notes_dup_task_ids (ArcNotes *self)
{
  g_autoptr(GPtrArray) ids = NULL;
  GStrvBuilder *builder = g_strv_builder_new ();
  GStrv result;

  g_return_val_if_fail (ARC_IS_NOTES (self), NULL);

  ids = arc_notes_sorted_keys (self->tasks);
  for (guint i = 0; i < ids->len; i++)
    g_strv_builder_add (builder, ids->pdata[i]);
  result = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return result;
}

/* The task's annotators in order, and their records: sorted once (the
 * notes pane, the program, the counts and the task list ask for them at
 * each task shown) */
static void
sort_annotators (TaskNotes *t)
{
  if (t->sorted)
    return;
  t->sorted = arc_notes_sorted_keys (t->annotators);
  t->records = g_ptr_array_sized_new (t->sorted->len);
  for (guint i = 0; i < t->sorted->len; i++)
    g_ptr_array_add (t->records, g_hash_table_lookup (t->annotators, t->sorted->pdata[i]));
}

/**
 * arc_notes_peek_annotators:
 * @names: (out) (transfer none) (array length=return): the annotators of
 *   @task_id, in order
 * @records: (out) (optional) (transfer none) (array length=return): their
 *   records, in the same order
 *
 * As arc_notes_dup_annotators() with arc_notes_get() of each, without
 * copying or looking up anything: both stay valid until a record is added
 * to the task or set, or the notes are read again.
 *
 * Returns: how many there are
 */
guint
arc_notes_peek_annotators (ArcNotes              *self,
                           const char            *task_id,
                           const char * const   **names,
                           ArcAnnotation * const **records)
{
  TaskNotes *t;

  g_return_val_if_fail (ARC_IS_NOTES (self), 0);
  g_return_val_if_fail (names != NULL, 0);

  t = lookup_task (self, task_id, FALSE);
  *names = NULL;
  if (records)
    *records = NULL;
  if (t == NULL)
    return 0;
  sort_annotators (t);
  *names = (const char * const *) t->sorted->pdata;
  if (records)
    *records = (ArcAnnotation * const *) t->records->pdata;
  return t->sorted->len;
}

GStrv
arc_notes_dup_annotators (ArcNotes   *self,
                          const char *task_id)
{
  TaskNotes *t;
  GStrvBuilder *builder = g_strv_builder_new ();
  GStrv result;

  g_return_val_if_fail (ARC_IS_NOTES (self), NULL);

  t = lookup_task (self, task_id, FALSE);
  if (t)
    {
      sort_annotators (t);
      for (guint i = 0; i < t->sorted->len; i++)
        g_strv_builder_add (builder, t->sorted->pdata[i]);
    }
  result = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return result;
}

/* Whether @holds is true of anyone's annotation of @task_id */
static gboolean
any_annotation (ArcNotes   *self,
                const char *task_id,
                gboolean  (*holds) (const ArcAnnotation *a))
{
  TaskNotes *t = lookup_task (self, task_id, FALSE);
  GHashTableIter iter;
  gpointer value;

  if (t == NULL)
    return FALSE;
  g_hash_table_iter_init (&iter, t->annotators);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (holds (value))
      return TRUE;
  return FALSE;
}

static gboolean
has_attempts (const ArcAnnotation *a)
{
  return a->attempts->len > 0;
}

/**
 * arc_notes_is_annotated:
 * Returns: %TRUE if anyone wrote a description, notes or tags for @task_id
 */
gboolean
arc_notes_is_annotated (ArcNotes   *self,
                        const char *task_id)
{
  g_return_val_if_fail (ARC_IS_NOTES (self), FALSE);
  return any_annotation (self, task_id, arc_annotation_has_text);
}

/**
 * arc_notes_has_attempts:
 * Returns: %TRUE if anyone submitted an answer for @task_id
 */
gboolean
arc_notes_has_attempts (ArcNotes   *self,
                        const char *task_id)
{
  g_return_val_if_fail (ARC_IS_NOTES (self), FALSE);
  return any_annotation (self, task_id, has_attempts);
}

/**
 * arc_notes_get_flags:
 * What everyone's notes say of @task_id, a task with @n_tests test inputs:
 * annotated or attempted by anyone, solved by anyone, failed when someone
 * failed it and no one solved it. The app's badges, filters and summary and
 * the CLI's commands all use this rule. With @task_hash, attempts made on
 * an earlier version of the task do not count.
 */
ArcNotesFlags
arc_notes_get_flags (ArcNotes   *self,
                     const char *task_id,
                     guint       n_tests,
                     const char *task_hash)
{
  TaskNotes *t;
  GHashTableIter iter;
  gpointer value;
  ArcNotesFlags flags = 0;

  g_return_val_if_fail (ARC_IS_NOTES (self), 0);
  g_return_val_if_fail (task_id != NULL, 0);

  t = lookup_task (self, task_id, FALSE);
  if (t == NULL)
    return 0;
  g_hash_table_iter_init (&iter, t->annotators);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    flags |= arc_annotation_get_flags (value, n_tests, task_hash);
  if (flags & ARC_NOTES_FLAG_SOLVED)
    flags &= ~ARC_NOTES_FLAG_FAILED;
  return flags;
}

/* Solved is not failed */
static ArcNotesFlags
settle (ArcNotesFlags flags)
{
  return flags & ARC_NOTES_FLAG_SOLVED ? flags & ~ARC_NOTES_FLAG_FAILED : flags;
}

/**
 * arc_notes_get_flags_for:
 * @annotator: the user: whose progress it is
 *
 * What the notes say of @task_id for @annotator (annotated, attempted,
 * solved, failed: their own progress, in the low bits) and for everyone else
 * (LARC's authors and builders too: the ARC_NOTES_FLAG_OTHERS_ bits). Others'
 * work is never the user's progress.
 */
ArcNotesFlags
arc_notes_get_flags_for (ArcNotes   *self,
                         const char *task_id,
                         const char *annotator,
                         guint       n_tests,
                         const char *task_hash)
{
  TaskNotes *t;
  GHashTableIter iter;
  gpointer key, value;
  ArcNotesFlags own = 0, others = 0;

  g_return_val_if_fail (ARC_IS_NOTES (self), 0);
  g_return_val_if_fail (task_id != NULL, 0);
  g_return_val_if_fail (annotator != NULL, 0);

  t = lookup_task (self, task_id, FALSE);
  if (t == NULL)
    return 0;
  g_hash_table_iter_init (&iter, t->annotators);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      if (g_str_equal (key, annotator))
        own |= arc_annotation_get_flags (value, n_tests, task_hash);
      else
        others |= arc_annotation_get_flags (value, n_tests, task_hash);
    }
  return settle (own) | (settle (others) << 4);
}

/**
 * arc_notes_set:
 * Puts @annotation (taken) as @annotator's notes on @task_id.
 */
void
arc_notes_set (ArcNotes      *self,
               const char    *task_id,
               const char    *annotator,
               ArcAnnotation *annotation)
{
  TaskNotes *t;

  g_return_if_fail (ARC_IS_NOTES (self));

  t = lookup_task (self, task_id, TRUE);
  g_hash_table_replace (t->annotators, g_strdup (annotator), annotation);
  g_clear_pointer (&t->sorted, g_ptr_array_unref);  /* (the name it replaced is freed) */
  g_clear_pointer (&t->records, g_ptr_array_unref);
}


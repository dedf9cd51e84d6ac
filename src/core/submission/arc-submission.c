/* arc-submission.c: ARC Prize submission files: reading, scoring, writing
 *
 * `submission.json` = {"<task id>": [{"attempt_1": grid, "attempt_2": grid}, …one per test input]}.
 * A task counts when every one of its test outputs is matched exactly (size
 * and every cell) by one of its attempts. Problems in a submission (a task
 * that is not a list, a grid with values outside 0..9 or ragged rows, an
 * unknown task id, fewer entries than test inputs) are reported by task and
 * test index, and the rest is still scored.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-submission"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arc-error.h"
#include "arc-file.h"
#include "arc-json.h"
#include "arc-submission.h"

struct _ArcSubmission
{
  GHashTable *tasks;  /* id -> GPtrArray of ArcPrediction */
  GPtrArray  *order;  /* ids in file order */
  GHashTable *not_lists;  /* ids whose entry is not a list: reported when read */
};

static void
prediction_free (gpointer data)
{
  ArcPrediction *p = data;

  for (int i = 0; i < ARC_MAX_ATTEMPTS; i++)
    {
      g_clear_pointer (&p->attempts[i], arc_grid_free);
      g_free (p->invalid[i]);
    }
  g_free (p);
}

void
arc_submission_free (ArcSubmission *submission)
{
  if (submission == NULL)
    return;
  g_hash_table_unref (submission->tasks);
  g_ptr_array_unref (submission->order);
  g_hash_table_unref (submission->not_lists);
  g_free (submission);
}

static void
problem (GPtrArray  *problems,
         const char *where,
         const char *format,
         ...) G_GNUC_PRINTF (3, 4);

static void
problem (GPtrArray  *problems,
         const char *where,
         const char *format,
         ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (problems, arc_problem_new (ARC_SEVERITY_ERROR, where, message));
}

/**
 * arc_submission_load_from_data:
 * @problems: (out) (transfer full): what is wrong in it, by task and test
 *
 * Returns: (transfer full) (nullable): the submission; %NULL when the data is
 * not JSON or not an object
 */
/* Whether @node is a list with an object with an attempt_1 or attempt_2
 * member: what a submission's tasks hold */
static gboolean
has_attempts (JsonNode *node)
{
  JsonArray *list;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    return FALSE;
  list = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      JsonNode *e = json_array_get_element (list, i);

      if (JSON_NODE_HOLDS_OBJECT (e) &&
          (json_object_has_member (json_node_get_object (e), "attempt_1") ||
           json_object_has_member (json_node_get_object (e), "attempt_2")))
        return TRUE;
    }
  return FALSE;
}

/* Whether @node is an object with "train" and "test": a task */
static gboolean
is_task (JsonNode *node)
{
  return JSON_NODE_HOLDS_OBJECT (node) &&
         json_object_has_member (json_node_get_object (node), "train") &&
         json_object_has_member (json_node_get_object (node), "test");
}

/* Why the object @o is not a submission at all (a task file, a Kaggle
 * file), or %NULL when it may be one: then its problems are listed */
static const char *
not_a_submission (JsonObject *o)
{
  g_autoptr(GList) values = json_object_get_values (o);
  guint n_tasks = 0, n_lists_of_grids = 0, n = 0;

  if (json_object_has_member (o, "train") && json_object_has_member (o, "test"))
    return _("this is a task file (it has “train” and “test”), not a submission");
  for (GList *l = values; l; l = l->next)
    {
      JsonNode *value = l->data;

      if (has_attempts (value))
        return NULL;
      n++;
      if (is_task (value))
        n_tasks++;
      else if (JSON_NODE_HOLDS_ARRAY (value) && json_array_get_length (json_node_get_array (value)) > 0 &&
               JSON_NODE_HOLDS_ARRAY (json_array_get_element (json_node_get_array (value), 0)))
        n_lists_of_grids++;
    }
  if (n > 0 && n_tasks == n)
    return _("this is a file of tasks (a Kaggle challenges file), not a submission");
  if (n > 0 && n_lists_of_grids == n)
    return _("this is a file of test outputs (a Kaggle solutions file), not a submission");
  return NULL;
}

ArcSubmission *
arc_submission_load_from_data (const char  *data,
                               gsize        length,
                               GPtrArray  **problems,
                               GError     **error)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_problem_free);
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GList) ids = NULL;
  const char *why;
  ArcSubmission *s;
  JsonObject *o;

  root = arc_json_parse (data, length, error);
  if (root == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID,
                   _("a submission is an object of task ids, each a list with one {\"attempt_1\", \"attempt_2\"} per test input"));
      return NULL;
    }
  if ((why = not_a_submission (json_node_get_object (root))) != NULL)
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, "%s", why);
      return NULL;
    }
  s = g_new0 (ArcSubmission, 1);
  s->tasks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
  s->order = g_ptr_array_new_with_free_func (g_free);
  s->not_lists = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  o = json_node_get_object (root);
  ids = json_object_get_members (o);
  for (GList *l = ids; l; l = l->next)
    {
      const char *id = l->data;
      JsonNode *value = json_object_get_member (o, id);
      GPtrArray *predictions = g_ptr_array_new_with_free_func (prediction_free);
      JsonArray *list;

      g_hash_table_replace (s->tasks, g_strdup (id), predictions);
      g_ptr_array_add (s->order, g_strdup (id));
      if (!JSON_NODE_HOLDS_ARRAY (value))
        {
          problem (found, id, _("expected a list with one entry per test input"));
          g_hash_table_add (s->not_lists, g_strdup (id));
          continue;
        }
      list = json_node_get_array (value);
      for (guint t = 0; t < json_array_get_length (list); t++)
        {
          JsonNode *entry = json_array_get_element (list, t);
          ArcPrediction *p = g_new0 (ArcPrediction, 1);
          g_autofree char *where = g_strdup_printf ("%s[%u]", id, t);

          g_ptr_array_add (predictions, p);
          if (!JSON_NODE_HOLDS_OBJECT (entry))
            {
              problem (found, where, _("expected an object with “attempt_1” and “attempt_2”"));
              continue;
            }
          for (int a = 0; a < ARC_MAX_ATTEMPTS; a++)
            {
              g_autofree char *name = g_strdup_printf ("attempt_%d", a + 1);
              JsonNode *grid = json_object_get_member (json_node_get_object (entry), name);
              g_autoptr(GError) grid_error = NULL;

              if (grid == NULL)
                {
                  problem (found, where, _("“%s” is missing"), name);
                  continue;
                }
              p->attempts[a] = arc_grid_new_from_node (grid, &grid_error);
              if (p->attempts[a] == NULL)
                {
                  problem (found, where, "%s: %s", name, grid_error->message);
                  p->invalid[a] = g_strdup (grid_error->message);
                }
            }
        }
    }
  if (problems)
    *problems = g_steal_pointer (&found);
  return s;
}

ArcSubmission *
arc_submission_load (GFile      *file,
                     GPtrArray **problems,
                     GError    **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *name = NULL;
  ArcSubmission *s;
  gsize length;
  const char *data;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  name = g_file_get_parse_name (file);
  bytes = arc_file_load_named (file, ARC_COMBINED_MAX_FILE_SIZE, error);
  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &length);
  s = arc_submission_load_from_data (data ? data : "", length, problems, &local_error);
  if (s == NULL)
    g_set_error (error, ARC_ERROR, local_error->code, "%s: %s", name, local_error->message);
  return s;
}

/**
 * arc_submission_get:
 * Returns: (transfer none) (nullable) (element-type ArcPrediction): the
 * predictions for @task_id, one per test input given
 */
GPtrArray *
arc_submission_get (ArcSubmission *submission,
                    const char    *task_id)
{
  return g_hash_table_lookup (submission->tasks, task_id);
}

/* Scoring */

static void
task_score_free (gpointer data)
{
  ArcTaskScore *t = data;

  g_free (t->id);
  g_free (t);
}

void
arc_score_free (ArcScore *score)
{
  if (score == NULL)
    return;
  g_ptr_array_unref (score->tasks);
  g_ptr_array_unref (score->problems);
  g_free (score);
}

/**
 * arc_score_compute:
 * Scores @submission against the test outputs of @collection (a folder with
 * test outputs, or a Kaggle file with its solutions). Tasks whose test
 * outputs are unknown, or that are invalid, are left out; tasks missing from
 * the submission count as wrong.
 */
ArcScore *
arc_score_compute (ArcCollection *collection,
                   ArcSubmission *submission)
{
  ArcScore *score = g_new0 (ArcScore, 1);
  g_autoptr(GHashTable) known = g_hash_table_new (g_str_hash, g_str_equal);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (collection));

  score->tasks = g_ptr_array_new_with_free_func (task_score_free);
  score->problems = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_problem_free);
  for (guint i = 0; i < n; i++)
    {
      ArcEntry *entry = arc_collection_get_entry (collection, i);
      g_autoptr(ArcTask) task = arc_entry_load (entry, NULL);
      const char *id = arc_entry_get_id (entry);
      GPtrArray *predictions;
      ArcTaskScore *t;

      g_hash_table_add (known, (gpointer) id);
      if (task == NULL || !arc_task_has_test_outputs (task))
        continue;
      t = g_new0 (ArcTaskScore, 1);
      t->id = g_strdup (id);
      t->n_tests = arc_task_get_n_test (task);
      predictions = arc_submission_get (submission, id);
      t->missing = predictions == NULL;
      /* Too few entries (an entry that is not a list was reported as the
       * file was read) */
      if (predictions && !g_hash_table_contains (submission->not_lists, id))
        {
          if (predictions->len == 0)
            problem (score->problems, id,
                     g_dngettext (GETTEXT_PACKAGE, "no entry for its %u test input; it counts as wrong",
                                  "no entry for its %u test inputs; they count as wrong", t->n_tests),
                     t->n_tests);
          else if (predictions->len < t->n_tests)
            problem (score->problems, id,
                     g_dngettext (GETTEXT_PACKAGE, "%u entry for %u test inputs; the missing ones count as wrong",
                                  "%u entries for %u test inputs; the missing ones count as wrong", predictions->len),
                     predictions->len, t->n_tests);
        }
      for (guint k = 0; k < t->n_tests; k++)
        {
          const ArcGrid *expected = arc_task_get_test (task, k)->output;
          ArcPrediction *p = predictions && k < predictions->len ? predictions->pdata[k] : NULL;
          gboolean matched = FALSE;

          for (int a = 0; p && a < ARC_MAX_ATTEMPTS && !matched; a++)
            matched = p->attempts[a] && arc_grid_equal (p->attempts[a], expected);
          if (matched)
            {
              t->n_matched++;
              if (k < 64)
                t->matched_mask |= G_GUINT64_CONSTANT (1) << k;
            }
        }
      t->correct = t->n_matched == t->n_tests;
      score->n_tests += t->n_tests;
      score->n_matched += t->n_matched;
      score->n_tasks++;
      score->n_correct += t->correct;
      g_ptr_array_add (score->tasks, t);
    }
  for (guint i = 0; i < submission->order->len; i++)
    if (!g_hash_table_contains (known, submission->order->pdata[i]))
      problem (score->problems, submission->order->pdata[i], _("no such task in the collection"));
  return score;
}

/* Writing */

static void
add_grid (GString       *out,
          const ArcGrid *grid)
{
  g_autofree char *text = arc_grid_to_string (grid);
  g_string_append (out, text);
}

/* Adds to @chosen (up to two) the grids of the attempts at test input @t
 * of @names (or @annotator's alone) that count: made by hand within the
 * trials, the first first; or with @by_program, submitted from the task's
 * program's results for @task as it is now (its hash made in @task_hash
 * when first needed), the latest first, as the program improves */
static void
choose_attempts (ArcNotes            *notes,
                 const char          *id,
                 const char * const  *names,
                 const char          *annotator,
                 guint                t,
                 gboolean             by_program,
                 ArcTask             *task,
                 char               **task_hash,
                 const ArcGrid      **chosen,
                 int                 *n_chosen)
{
  for (guint a = 0; names[a] && *n_chosen < ARC_MAX_ATTEMPTS; a++)
    {
      ArcAnnotation *ann;
      guint n;

      if (annotator && !g_str_equal (annotator, names[a]))
        continue;
      ann = arc_notes_get (notes, id, names[a]);
      n = ann->attempts->len;
      for (guint k = 0; k < n && *n_chosen < ARC_MAX_ATTEMPTS; k++)
        {
          const ArcAttempt *at = ann->attempts->pdata[by_program ? n - 1 - k : k];

          if (at->test != t || arc_attempt_is_by_program (at) != by_program)
            continue;
          if (by_program && *task_hash == NULL)
            *task_hash = arc_task_dup_content_hash (task);
          if (by_program ? !arc_attempt_is_earlier_version (at, *task_hash) : at->counts)
            chosen[(*n_chosen)++] = at->grid;
        }
    }
}

/**
 * arc_submission_export:
 * @annotator: (nullable): whose attempts; %NULL for everyone's
 * @n_placeholders: (out): test inputs that had no attempt, given a 1×1 grid
 *
 * Writes the ARC Prize submission of the attempts kept in the notes that
 * count (within the trials), the first two of each test input, for every
 * valid task and every test input of @collection; where there are fewer
 * than two made by hand, the answers submitted from the task's program's
 * results follow.
 *
 * Returns: (transfer full): the contents of `submission.json`
 */
char *
arc_submission_export (ArcCollection *collection,
                       ArcNotesStore *store,
                       const char    *annotator,
                       guint         *n_placeholders,
                       guint         *n_tests)
{
  GString *out = g_string_new ("{");
  guint n = g_list_model_get_n_items (G_LIST_MODEL (collection));
  gboolean first_task = TRUE;

  *n_placeholders = 0;
  *n_tests = 0;
  for (guint i = 0; i < n; i++)
    {
      ArcEntry *entry = arc_collection_get_entry (collection, i);
      g_autoptr(ArcTask) task = arc_entry_load (entry, NULL);
      const char *id = arc_entry_get_id (entry);
      ArcNotes *notes;
      g_auto(GStrv) names = NULL;
      g_autofree char *quoted = NULL;
      g_autofree char *task_hash = NULL;

      if (task == NULL)
        continue;
      notes = arc_notes_store_get (store, entry, NULL, NULL);
      names = arc_notes_dup_annotators (notes, id);
      quoted = g_strescape (id, NULL);
      g_string_append_printf (out, "%s\n  \"%s\": [", first_task ? "" : ",", quoted);
      first_task = FALSE;
      for (guint t = 0; t < arc_task_get_n_test (task); t++)
        {
          const ArcGrid *chosen[ARC_MAX_ATTEMPTS] = { NULL, NULL };
          int n_chosen = 0;

          /* Made by hand first, then by the task's program */
          choose_attempts (notes, id, (const char * const *) names, annotator, t, FALSE, task, &task_hash, chosen, &n_chosen);
          choose_attempts (notes, id, (const char * const *) names, annotator, t, TRUE, task, &task_hash, chosen, &n_chosen);
          (*n_tests)++;
          if (n_chosen == 0)
            (*n_placeholders)++;
          g_string_append_printf (out, "%s{\"attempt_1\": ", t ? ", " : "");
          if (chosen[0])
            add_grid (out, chosen[0]);
          else
            g_string_append (out, "[[0]]");
          g_string_append (out, ", \"attempt_2\": ");
          if (chosen[1])
            add_grid (out, chosen[1]);
          else if (chosen[0])
            add_grid (out, chosen[0]);
          else
            g_string_append (out, "[[0]]");
          g_string_append (out, "}");
        }
      g_string_append (out, "]");
    }
  g_string_append (out, "\n}\n");
  return g_string_free (out, FALSE);
}

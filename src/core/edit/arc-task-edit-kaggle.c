/* arc-task-edit-kaggle.c: editing one task of a Kaggle challenges file (and
 * its solutions file) in place
 *
 * A save replaces only the bytes of the task's value in each file: every
 * other task stays byte for byte as it was.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-task-edit"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arc-combined.h"
#include "arc-error.h"
#include "arc-file.h"
#include "arc-task-edit-private.h"
#include "arc-task-parse.h"

/* Where the value of member @id is in a file of tasks keyed by id */
static gboolean
find_span (GFile       *file,
           GBytes      *bytes,
           const char  *id,
           ArcSpan     *span,
           GError     **error)
{
  g_autoptr(ArcCombined) combined = arc_combined_new (file, bytes, NULL, NULL);
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) spans = g_array_new (FALSE, FALSE, sizeof (ArcSpan));
  g_autoptr(GError) local_error = NULL;
  g_autofree char *name = g_file_get_parse_name (file);

  if (!arc_combined_scan (combined, ids, spans, &local_error))
    {
      g_set_error (error, ARC_ERROR, local_error->code, "%s: %s", name, local_error->message);
      return FALSE;
    }
  for (guint i = 0; i < ids->len; i++)
    if (g_str_equal (ids->pdata[i], id))
      {
        *span = g_array_index (spans, ArcSpan, i);
        return TRUE;
      }
  g_set_error (error, ARC_ERROR, ARC_ERROR_NOT_FOUND, _("%s: there is no task “%s”"), name, id);
  return FALSE;
}

/* Each task of the file of tasks @bytes: its id -> arc_file_hash_data() of
 * its text; %NULL when it cannot be read as one */
static GHashTable *
hash_tasks (GFile  *file,
            GBytes *bytes)
{
  g_autoptr(ArcCombined) combined = arc_combined_new (file, bytes, NULL, NULL);
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) spans = g_array_new (FALSE, FALSE, sizeof (ArcSpan));
  const char *data = g_bytes_get_data (bytes, NULL);
  GHashTable *hashes;

  if (!arc_combined_scan (combined, ids, spans, NULL))
    return NULL;
  hashes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  for (guint i = 0; i < ids->len; i++)
    {
      ArcSpan span = g_array_index (spans, ArcSpan, i);

      g_hash_table_replace (hashes, g_strdup (ids->pdata[i]),
                            arc_file_hash_data (data + span.start, span.end - span.start));
    }
  return hashes;
}

/**
 * arc_task_edit_add_changed_tasks:
 * Adds to @ids the tasks of the Kaggle file whose text is not what it was
 * when read or saved, or which came or went.
 *
 * Returns: whether it found any
 */
gboolean
arc_task_edit_add_changed_tasks (ArcTaskEdit   *self,
                                 GStrvBuilder  *ids)
{
  g_autoptr(GBytes) bytes = arc_file_load_bounded (self->file, ARC_COMBINED_MAX_FILE_SIZE, NULL);
  g_autoptr(GHashTable) now = bytes ? hash_tasks (self->file, bytes) : NULL;
  g_autoptr(GList) before = NULL;
  GHashTableIter iter;
  gpointer id, hash;
  gboolean any = FALSE;

  if (now == NULL || self->task_hashes == NULL)
    return FALSE;
  before = g_list_sort (g_hash_table_get_keys (self->task_hashes), (GCompareFunc) strcmp);
  for (GList *l = before; l; l = l->next)
    if (g_strcmp0 (g_hash_table_lookup (now, l->data), g_hash_table_lookup (self->task_hashes, l->data)) != 0)
      {
        g_strv_builder_add (ids, l->data);
        any = TRUE;
      }
  g_hash_table_iter_init (&iter, now);
  while (g_hash_table_iter_next (&iter, &id, &hash))
    if (!g_hash_table_contains (self->task_hashes, id))
      {
        g_strv_builder_add (ids, id);
        any = TRUE;
      }
  return any;
}

static GFile *
solutions_file_for (GFile *challenges)
{
  g_autofree char *basename = g_file_get_basename (challenges);
  g_autoptr(GFile) parent = g_file_get_parent (challenges);
  g_autofree char *stem = NULL;
  g_autofree char *name = NULL;
  gsize len = strlen (basename), suffix = strlen ("_challenges.json");

  if (parent == NULL || len <= suffix || g_ascii_strcasecmp (basename + len - suffix, "_challenges.json") != 0)
    return NULL;
  stem = g_strndup (basename, len - suffix);
  name = g_strconcat (stem, "_solutions.json", NULL);
  return g_file_get_child (parent, name);
}

/* Reads the solutions file, when there is one (@bytes stays %NULL
 * otherwise), and finds the outputs of the task in it (@found: whether it
 * lists them) */
static gboolean
find_solutions (ArcTaskEdit  *self,
                GBytes      **bytes,
                ArcSpan      *span,
                gboolean     *found,
                GError      **error)
{
  g_autoptr(GError) local_error = NULL;

  *found = FALSE;
  if (!g_file_query_exists (self->solutions_file, NULL))
    return TRUE;
  *bytes = arc_file_load_named (self->solutions_file, ARC_COMBINED_MAX_FILE_SIZE, error);
  if (*bytes == NULL)
    return FALSE;
  *found = find_span (self->solutions_file, *bytes, self->id, span, &local_error);
  if (!*found && !g_error_matches (local_error, ARC_ERROR, ARC_ERROR_NOT_FOUND))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  return TRUE;
}

/* The expected test outputs of @id, when the solutions file lists them */
static gboolean
load_solutions (ArcTaskEdit  *self,
                GError      **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GPtrArray) grids = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *name = NULL;
  GPtrArray *tests = self->pairs[ARC_PAIR_TEST];
  ArcSpan span;
  gboolean found;

  if (self->solutions_file == NULL)
    return TRUE;
  self->solutions_hash = arc_file_query_hash (self->solutions_file);
  if (!find_solutions (self, &bytes, &span, &found, error))
    return FALSE;
  if (!found)
    return TRUE;
  name = g_file_get_parse_name (self->solutions_file);
  grids = arc_grid_list_parse (g_bytes_get_data (bytes, NULL), span.start, span.end, NULL, &local_error);
  if (grids == NULL)
    {
      g_set_error (error, ARC_ERROR, local_error->code, "%s: %s: %s", name, self->id, local_error->message);
      return FALSE;
    }
  for (guint i = 0; i < grids->len && i < tests->len; i++)
    {
      ArcEditPair *pair = tests->pdata[i];

      g_clear_pointer (&pair->output, arc_grid_free);
      pair->output = arc_grid_copy (grids->pdata[i]);
    }
  return TRUE;
}

/**
 * arc_task_edit_new_for_combined:
 * @challenges: a Kaggle `*_challenges.json` file
 *
 * Reads the task @id of a Kaggle challenges file, with its test outputs from
 * the solutions file beside it when there is one.
 */
ArcTaskEdit *
arc_task_edit_new_for_combined (GFile       *challenges,
                                const char  *id,
                                GError     **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(ArcTaskEdit) self = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *name = NULL;
  ArcSpan span;

  g_return_val_if_fail (G_IS_FILE (challenges), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  name = g_file_get_parse_name (challenges);
  bytes = arc_file_load_named (challenges, ARC_COMBINED_MAX_FILE_SIZE, error);
  if (bytes == NULL || !find_span (challenges, bytes, id, &span, error))
    return NULL;
  self = arc_task_edit_new_for_text (g_bytes_get_data (bytes, NULL), span.start, span.end, id, &local_error);
  if (self == NULL)
    {
      g_set_error (error, ARC_ERROR, local_error->code, "%s: %s: %s", name, id, local_error->message);
      return NULL;
    }
  self->file = g_object_ref (challenges);
  self->hash = arc_file_hash_data (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  self->task_hashes = hash_tasks (challenges, bytes);
  self->solutions_file = solutions_file_for (challenges);
  self->combined = TRUE;
  if (!load_solutions (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

/* The new challenges file: the old one with the task's value replaced */
static GString *
new_challenges (ArcTaskEdit  *self,
                GError      **error)
{
  g_autoptr(GBytes) bytes = arc_file_load_named (self->file, ARC_COMBINED_MAX_FILE_SIZE, error);
  const char *data;
  GString *s;
  ArcSpan span;

  if (bytes == NULL || !find_span (self->file, bytes, self->id, &span, error))
    return NULL;
  data = g_bytes_get_data (bytes, NULL);
  s = g_string_new_len (data, (gssize) span.start);
  arc_task_edit_write_task (self, s, self->style, self->style == ARC_TASK_STYLE_PRETTY ? 2 : 0, FALSE);
  g_string_append_len (s, data + span.end, (gssize) (g_bytes_get_size (bytes) - span.end));
  return s;
}

/* The new solutions file, or %NULL with no error when it need not change */
static GString *
new_solutions (ArcTaskEdit  *self,
               GError      **error)
{
  g_autoptr(GPtrArray) outputs = g_ptr_array_new ();
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *name = NULL;
  GPtrArray *tests = self->pairs[ARC_PAIR_TEST];
  const char *data = NULL;
  gsize length = 0;
  ArcSpan span;
  gboolean found;
  GString *s;

  for (guint i = 0; i < tests->len; i++)
    if (((ArcEditPair *) tests->pdata[i])->output)
      g_ptr_array_add (outputs, ((ArcEditPair *) tests->pdata[i])->output);
  if (self->solutions_file == NULL)
    {
      if (outputs->len > 0)
        g_set_error (error, ARC_ERROR, ARC_ERROR_NOT_FOUND,
                     _("there is no solutions file for the test outputs: use Save As"));
      return NULL;
    }
  name = g_file_get_parse_name (self->solutions_file);
  if (!find_solutions (self, &bytes, &span, &found, error))
    return NULL;
  if (bytes)
    data = g_bytes_get_data (bytes, &length);
  if (outputs->len == 0 && !found)
    return NULL;
  if (found && outputs->len < tests->len)
    {
      /* Hiding would take the answers out of the solutions file */
      g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID,
                   _("%s holds the test outputs of “%s”, which cannot be hidden there: show them again to save"),
                   name, self->id);
      return NULL;
    }
  if (outputs->len != tests->len)
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID,
                   _("%s lists one output for each test input: give every test input of “%s” an output, or hide them all"),
                   name, self->id);
      return NULL;
    }
  if (found)
    {
      s = g_string_new_len (data, (gssize) span.start);
      arc_task_edit_write_grids (s, outputs, ARC_TASK_STYLE_COMPACT, 0);
      g_string_append_len (s, data + span.end, (gssize) (length - span.end));
    }
  else
    {
      const char *close = data ? g_strrstr_len (data, (gssize) length, "}") : NULL;
      const char *open = data ? memchr (data, '{', length) : NULL;
      gboolean empty = TRUE;

      if (data && (close == NULL || open == NULL || open > close))
        {
          g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, _("%s: expected an object of tasks keyed by task id"), name);
          return NULL;
        }
      for (const char *p = open ? open + 1 : NULL; p && p < close; p++)
        empty &= g_ascii_isspace (*p);
      s = data ? g_string_new_len (data, close - data) : g_string_new ("{");
      g_string_append_printf (s, "%s\"%s\": ", empty ? "" : ", ", self->id);
      arc_task_edit_write_grids (s, outputs, ARC_TASK_STYLE_COMPACT, 0);
      if (data)
        g_string_append_len (s, close, (gssize) (length - (gsize) (close - data)));
      else
        g_string_append_c (s, '}');
    }
  return s;
}

/* Both files' folders locked, in the order of their paths (two programs
 * saving the same pair never wait for each other in a circle) */
static gboolean
lock_pair (GFile        *a,
           GFile        *b,
           ArcFileLock **locks,
           GError      **error)
{
  g_autoptr(GFile) dir_a = g_file_get_parent (a);
  g_autoptr(GFile) dir_b = b ? g_file_get_parent (b) : NULL;
  GFile *first = a, *second = NULL;

  if (dir_b && !g_file_equal (dir_a, dir_b))
    {
      g_autofree char *pa = g_file_get_path (dir_a);
      g_autofree char *pb = g_file_get_path (dir_b);

      first = g_strcmp0 (pa, pb) < 0 ? a : b;
      second = first == a ? b : a;
    }
  locks[0] = arc_file_lock (first, error);
  if (locks[0] == NULL)
    return FALSE;
  if (second && (locks[1] = arc_file_lock (second, error)) == NULL)
    {
      g_clear_pointer (&locks[0], arc_file_unlock);
      return FALSE;
    }
  return TRUE;
}

/**
 * arc_task_edit_save_combined:
 * Replaces the task's value in the challenges file and its test outputs in
 * the solutions file, both or neither (arc_file_write_all(): also after a
 * kill at any moment). Both files are checked first, under their folders'
 * locks: nothing is written when either changed or is read-only.
 */
gboolean
arc_task_edit_save_combined (ArcTaskEdit  *self,
                             GError      **error)
{
  g_autoptr(GString) challenges = NULL;
  g_autoptr(GString) solutions = NULL;
  g_autoptr(GError) local_error = NULL;
  ArcFileLock *locks[2] = { NULL, NULL };
  GFile *files[2];
  GBytes *contents[2] = { NULL, NULL };
  gboolean ok = FALSE;
  guint n = 1;

  challenges = new_challenges (self, error);
  if (challenges == NULL)
    return FALSE;
  solutions = new_solutions (self, &local_error);
  if (local_error)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (!lock_pair (self->file, solutions ? self->solutions_file : NULL, locks, error))
    return FALSE;
  files[0] = self->file;
  contents[0] = g_bytes_new (challenges->str, challenges->len);
  if (solutions)
    {
      files[n] = self->solutions_file;
      contents[n++] = g_bytes_new (solutions->str, solutions->len);
    }
  if (arc_file_check_unchanged (self->file, self->hash, error) &&
      (!solutions || arc_file_check_unchanged (self->solutions_file, self->solutions_hash, error)) &&
      arc_file_write_all (files, contents, n, error))
    {
      ok = TRUE;
      g_free (self->hash);
      self->hash = arc_file_hash_data (challenges->str, challenges->len);
      arc_file_know_hash (self->file, self->hash, challenges->len);
      g_clear_pointer (&self->task_hashes, g_hash_table_unref);
      self->task_hashes = hash_tasks (self->file, contents[0]);
      if (solutions)
        {
          g_free (self->solutions_hash);
          self->solutions_hash = arc_file_hash_data (solutions->str, solutions->len);
          arc_file_know_hash (self->solutions_file, self->solutions_hash, solutions->len);
        }
    }
  for (guint i = 0; i < n; i++)
    g_bytes_unref (contents[i]);
  arc_file_unlock (locks[1]);
  arc_file_unlock (locks[0]);
  return ok;
}

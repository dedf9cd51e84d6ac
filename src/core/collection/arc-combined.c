/* arc-combined.c: a Kaggle challenges file and its solutions file
 *
 * The tasks of the file are listed without parsing them; each entry parses
 * its own span of the shared bytes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-combined"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arc-combined.h"
#include "arc-error.h"
#include "arc-json.h"
#include "arc-task-parse.h"

struct _ArcCombined
{
  GFile      *file;
  GBytes     *data;
  GFile      *solutions_file;   /* (nullable) */
  GBytes     *solutions_data;   /* (nullable) */
  GHashTable *solutions;        /* id -> ArcSpan*, built on first use */
  GError     *solutions_error;  /* why the solutions file cannot be used */
  GMutex      lock;
};

static void
combined_free (gpointer data)
{
  ArcCombined *c = data;

  g_clear_object (&c->file);
  g_clear_pointer (&c->data, g_bytes_unref);
  g_clear_object (&c->solutions_file);
  g_clear_pointer (&c->solutions_data, g_bytes_unref);
  g_clear_pointer (&c->solutions, g_hash_table_unref);
  g_clear_error (&c->solutions_error);
  g_mutex_clear (&c->lock);
}

ArcCombined *
arc_combined_new (GFile  *file,
                  GBytes *data,
                  GFile  *solutions_file,
                  GBytes *solutions_data)
{
  ArcCombined *c = g_rc_box_new0 (ArcCombined);

  c->file = g_object_ref (file);
  c->data = g_bytes_ref (data);
  c->solutions_file = solutions_file ? g_object_ref (solutions_file) : NULL;
  c->solutions_data = solutions_data ? g_bytes_ref (solutions_data) : NULL;
  g_mutex_init (&c->lock);
  return c;
}

ArcCombined *
arc_combined_ref (ArcCombined *combined)
{
  return g_rc_box_acquire (combined);
}

void
arc_combined_unref (ArcCombined *combined)
{
  g_rc_box_release_full (combined, combined_free);
}

/* Lists the members of a JSON object: their names and where their values are. */
static gboolean
scan_members (GBytes     *bytes,
              GPtrArray  *ids,
              GArray     *spans,
              GError    **error)
{
  g_autoptr(GString) key = g_string_new (NULL);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);
  gboolean first = TRUE, ok;
  ArcJsonReader r;

  arc_json_reader_init (&r, data ? data : "", 0, length);
  if (arc_json_reader_at_end (&r))
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_SYNTAX, _("the file is empty"));
      return FALSE;
    }
  if (arc_json_reader_peek (&r) != ARC_JSON_OBJECT)
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID,
                   _("expected an object of tasks keyed by task id, found %s"),
                   arc_json_kind_describe (arc_json_reader_peek (&r)));
      arc_json_reader_skip_value (&r);
      if (!r.failed)
        return FALSE;
      g_clear_error (error);
    }
  else
    {
      arc_json_reader_enter (&r, ARC_JSON_OBJECT);
      while (arc_json_reader_next (&r, ARC_JSON_OBJECT, &first, key))
        {
          ArcSpan span;

          arc_json_reader_skip_ws (&r);
          span.start = r.pos;
          if (!arc_json_reader_skip_value (&r))
            break;
          span.end = r.pos;
          if (g_hash_table_contains (seen, key->str))
            continue;  /* JSON keeps the first; so do we */
          g_ptr_array_add (ids, g_strdup (key->str));
          g_hash_table_add (seen, ids->pdata[ids->len - 1]);
          g_array_append_val (spans, span);
        }
      arc_json_reader_finish (&r);
    }
  ok = !r.failed;
  if (!ok)
    {
      g_autofree char *where = arc_json_reader_error_location (&r);
      g_set_error (error, ARC_ERROR, ARC_ERROR_SYNTAX, "%s: %s", where, r.error_message);
    }
  arc_json_reader_clear (&r);
  return ok;
}

/**
 * arc_combined_scan:
 * @ids: (element-type utf8): receives the task ids, in file order
 * @spans: (element-type ArcSpan): receives where each task is
 *
 * Lists the tasks of a combined file without parsing them. A task id that
 * appears twice is listed once.
 */
gboolean
arc_combined_scan (ArcCombined *combined,
                   GPtrArray   *ids,
                   GArray      *spans,
                   GError     **error)
{
  return scan_members (combined->data, ids, spans, error);
}

GFile *
arc_combined_get_file (ArcCombined *combined)
{
  return combined->file;
}

GBytes *
arc_combined_get_data (ArcCombined *combined)
{
  return combined->data;
}

GFile *
arc_combined_get_solutions_file (ArcCombined *combined)
{
  return combined->solutions_file;
}

/**
 * arc_combined_dup_solutions:
 * @id: a task's id
 *
 * Returns: (transfer full) (element-type ArcGrid) (nullable): the expected
 * test outputs for @id from the solutions file, if any
 */
GPtrArray *
arc_combined_dup_solutions (ArcCombined *c,
                            const char  *id,
                            GError     **error)
{
  ArcSpan *span;
  const char *data;

  if (c->solutions_data == NULL)
    return NULL;

  g_mutex_lock (&c->lock);
  if (c->solutions == NULL && c->solutions_error == NULL)
    {
      g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GArray) spans = g_array_new (FALSE, FALSE, sizeof (ArcSpan));

      c->solutions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      if (!scan_members (c->solutions_data, ids, spans, &c->solutions_error))
        g_clear_pointer (&c->solutions, g_hash_table_unref);
      else
        for (guint i = 0; i < ids->len; i++)
          g_hash_table_insert (c->solutions, g_strdup (ids->pdata[i]),
                               g_memdup2 (&g_array_index (spans, ArcSpan, i), sizeof (ArcSpan)));
    }
  g_mutex_unlock (&c->lock);

  if (c->solutions_error)
    {
      g_propagate_error (error, g_error_copy (c->solutions_error));
      return NULL;
    }
  span = g_hash_table_lookup (c->solutions, id);
  if (span == NULL)
    return NULL;
  data = g_bytes_get_data (c->solutions_data, NULL);
  return arc_grid_list_parse (data, span->start, span->end, NULL, error);
}

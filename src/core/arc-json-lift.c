/* arc-json-lift.c: parsing a document with some of its lists lifted out
 * of json-glib's tree, to be read from the text where they are needed
 * (the trajectories of a notes file, the grids of LARC's files)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-json"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arc-error.h"
#include "arc-json.h"

/* Integers beyond 64 bits would be wrapped silently by json-glib. */
static gboolean
check_numbers_fit (const char *data,
                   gsize       length,
                   GError    **error)
{
  ArcJsonReader r;
  gboolean in_string = FALSE;

  arc_json_reader_init (&r, data, 0, length);
  for (gsize i = 0; i < length; i++)
    {
      char c = data[i];

      if (in_string)
        {
          if (c == '\\')
            i++;
          else if (c == '"')
            in_string = FALSE;
          continue;
        }
      if (c == '"')
        in_string = TRUE;
      else if (c == '-' || g_ascii_isdigit (c))
        {
          ArcJsonNumber number;

          r.pos = i;
          if (arc_json_reader_read_number (&r, &number) && number.is_integer && number.overflow)
            {
              guint line, column;

              arc_json_position (data, i, &line, &column);
              g_set_error (error, ARC_ERROR, ARC_ERROR_SYNTAX,
                           _("line %u, column %u: the integer does not fit in 64 bits"), line, column);
              arc_json_reader_clear (&r);
              return FALSE;
            }
          i = r.pos - 1;
        }
    }
  arc_json_reader_clear (&r);
  return TRUE;
}

/* Lifting parts out of a document */

typedef struct
{
  ArcJsonLiftFunc  lift;
  ArcJsonSpanFunc  span;
  gpointer         lift_data;
  GPtrArray       *path;     /* char*, NULL for a list's element */
  GArray          *ranges;   /* ArcJsonRange */
} LiftWalk;

static gboolean
lift_value (ArcJsonReader *r,
            LiftWalk      *w)
{
  ArcJsonKind kind = arc_json_reader_peek (r);
  g_autoptr(GString) key = NULL;
  gboolean first = TRUE;
  ArcJsonRange span = { r->pos, 0 };

  if (kind == ARC_JSON_ARRAY && w->path->len > 0 &&
      w->lift ((const char * const *) w->path->pdata, w->path->len, w->lift_data))
    {
      ArcJsonRange range = { r->pos, 0 };

      if (!arc_json_reader_skip_value (r))
        return FALSE;
      range.end = r->pos;
      g_array_append_val (w->ranges, range);
      return TRUE;
    }
  if (kind != ARC_JSON_OBJECT && kind != ARC_JSON_ARRAY)
    return arc_json_reader_skip_value (r);
  key = kind == ARC_JSON_OBJECT ? g_string_new (NULL) : NULL;
  if (!arc_json_reader_enter (r, kind))
    return FALSE;
  while (arc_json_reader_next (r, kind, &first, key))
    {
      gboolean ok;

      g_ptr_array_add (w->path, key ? g_strdup (key->str) : NULL);
      ok = lift_value (r, w);
      g_ptr_array_remove_index (w->path, w->path->len - 1);
      if (!ok)
        return FALSE;
    }
  if (r->failed)
    return FALSE;
  span.end = r->pos;
  if (w->span)
    w->span ((const char * const *) w->path->pdata, w->path->len, &span, w->lift_data);
  return TRUE;
}

/**
 * arc_json_parse_lifting:
 * @lift: says, for the path of a list in the document (member names, %NULL
 *   for a list's element), whether to lift it out
 * @ranges: (element-type ArcJsonRange): receives the byte ranges of the
 *   lists lifted, in the document's order
 *
 * As arc_json_parse() (the whole of @data is checked as strictly), but the
 * lists @lift chooses are not parsed by json-glib: each is replaced, in the
 * tree returned, by the string @marker followed by its place in @ranges, and
 * the caller reads them from @data as it needs them. A large part of a
 * document (the trajectories of a notes file) is then never a tree of
 * nodes, which json-glib makes slowly and keeps in ten times its size.
 *
 * Returns: (transfer full): the root node
 */
JsonNode *
arc_json_parse_lifting (const char       *data,
                        gsize             length,
                        ArcJsonLiftFunc   lift,
                        gpointer          lift_data,
                        const char       *marker,
                        GArray           *ranges,
                        GError          **error)
{
  return arc_json_parse_lifting_spans (data, length, lift, NULL, lift_data, marker, ranges, error);
}

/**
 * arc_json_lifted_range:
 * @node: (nullable): a node of the tree of arc_json_parse_lifting()
 * @ranges: (element-type ArcJsonRange): the ranges it gave
 *
 * Returns: (nullable): where the list @node stands for is in the document,
 *   or %NULL when @node is not the mark of a list lifted out
 */
const ArcJsonRange *
arc_json_lifted_range (JsonNode   *node,
                       const char *marker,
                       GArray     *ranges)
{
  const char *text;
  guint64 index;

  if (node == NULL || marker == NULL || ranges == NULL || ranges->len == 0 ||
      !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  text = json_node_get_string (node);
  if (!g_str_has_prefix (text, marker) ||
      !g_ascii_string_to_unsigned (text + strlen (marker), 10, 0, ranges->len - 1, &index, NULL))
    return NULL;
  return &g_array_index (ranges, ArcJsonRange, index);
}

/**
 * arc_json_parse_lifting_spans:
 * @span: (nullable): told of each object and list that is not lifted, with
 *   its byte range in @data, once it has been read; the root's path is empty
 * @func_data: for @lift and @span
 *
 * As arc_json_parse_lifting(), telling where parts of the document are: a
 * caller can take a digest of a part's text without writing it again.
 */
JsonNode *
arc_json_parse_lifting_spans (const char       *data,
                              gsize             length,
                              ArcJsonLiftFunc   lift,
                              ArcJsonSpanFunc   span,
                              gpointer          func_data,
                              const char       *marker,
                              GArray           *ranges,
                              GError          **error)
{
  g_autoptr(GPtrArray) path = g_ptr_array_new_with_free_func (g_free);
  LiftWalk w = { lift, span, func_data, path, ranges };
  g_autoptr(GString) reduced = NULL;
  g_autoptr(GError) local_error = NULL;
  ArcJsonReader r;
  JsonNode *root;
  gsize from;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  g_array_set_size (ranges, 0);
  arc_json_reader_init (&r, data, 0, length);
  /* The lists lifted are not parsed again: their integers are checked here */
  r.integers_fit = TRUE;
  if (arc_json_reader_at_end (&r))
    {
      arc_json_reader_clear (&r);
      g_set_error (error, ARC_ERROR, ARC_ERROR_SYNTAX, _("the file is empty"));
      return NULL;
    }
  if (!lift_value (&r, &w) || !arc_json_reader_finish (&r))
    {
      g_autofree char *where = arc_json_reader_error_location (&r);

      g_set_error (error, ARC_ERROR, ARC_ERROR_SYNTAX, "%s: %s", where, r.error_message);
      arc_json_reader_clear (&r);
      return NULL;
    }
  arc_json_reader_clear (&r);

  /* The document without the lists lifted (their numbers are checked as they are read) */
  from = arc_json_bom_length (data, length);
  reduced = g_string_sized_new (1024);
  for (guint i = 0; i < ranges->len; i++)
    {
      const ArcJsonRange *range = &g_array_index (ranges, ArcJsonRange, i);

      g_string_append_len (reduced, data + from, (gssize) (range->start - from));
      g_string_append_c (reduced, '"');
      for (const char *m = marker; *m; m++)
        {
          if ((guchar) *m < 0x20)
            g_string_append_printf (reduced, "\\u%04x", (guint) *m);
          else
            g_string_append_c (reduced, *m);
        }
      g_string_append_printf (reduced, "%u\"", i);
      from = range->end;
    }
  g_string_append_len (reduced, data + from, (gssize) (length - from));
  root = arc_json_parse (reduced->str, reduced->len, &local_error);
  if (root == NULL)  /* an integer beyond 64 bits: said where it is in @data */
    {
      check_numbers_fit (data, length, error);
      if (error && *error == NULL)
        g_propagate_error (error, g_steal_pointer (&local_error));
    }
  return root;
}

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
  ArcJsonLiftFunc  keep;     /* objects whose members are all kept, renamed when a name comes again */
  ArcJsonLiftFunc  lift_objects;
  gpointer         lift_data;
  GPtrArray       *path;     /* char*, NULL for a list's element */
  GArray          *ranges;   /* ArcJsonRange */
  GPtrArray       *renamed;  /* ArcJsonRenamed */
  GArray          *objects;  /* ArcJsonRange: the objects lifted */
  gboolean         in_object; /* within an object lifted */
} LiftWalk;

void
arc_json_renamed_free (gpointer data)
{
  ArcJsonRenamed *renamed = data;

  g_free (renamed->path);
  g_free (renamed->key);
  g_free (renamed->name);
  g_free (renamed);
}

/* Where the member name just read by arc_json_reader_next() is: from
 * @before (where the reader was before it) to the reader, which is past the
 * name, the colon and white space */
static ArcJsonRange
name_range (ArcJsonReader *r,
            gsize          before)
{
  ArcJsonRange range = { before, r->pos };

  while (range.start < r->pos && r->data[range.start] != '"')
    range.start++;
  while (range.end > range.start && r->data[range.end - 1] != '"')
    range.end--;
  return range;
}

/* A name of @key's not in @names: "KEY (2)", "KEY (3)"… */
static char *
free_name (GHashTable *names,
           const char *key)
{
  for (guint n = 2;; n++)
    {
      char *name = g_strdup_printf ("%s (%u)", key, n);

      if (!g_hash_table_contains (names, name))
        return name;
      g_free (name);
    }
}

static char *
dotted (GPtrArray *path)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < path->len; i++)
    {
      if (path->pdata[i])
        g_string_append_printf (text, "%s%s", text->len ? "." : "", (char *) path->pdata[i]);
      else
        g_string_append (text, "[]");
    }
  return g_string_free (text, FALSE);
}

/* The members of an object @w->keep chose have been read, with the names
 * that came again in @again (ArcJsonRenamed, in order): each is given a
 * name that none of the object's members has */
static void
rename_members (LiftWalk   *w,
                GHashTable *names,
                GPtrArray  *again)
{
  for (guint i = 0; i < again->len; i++)
    {
      ArcJsonRenamed *renamed = again->pdata[i];

      renamed->name = free_name (names, renamed->key);
      g_hash_table_add (names, g_strdup (renamed->name));
      g_ptr_array_add (w->renamed, renamed);
    }
  g_ptr_array_set_free_func (again, NULL);
}

static gboolean
lift_value (ArcJsonReader *r,
            LiftWalk      *w)
{
  ArcJsonKind kind = arc_json_reader_peek (r);
  g_autoptr(GString) key = NULL;
  g_autoptr(GHashTable) names = NULL;  /* of the members, when @w->keep chose the object */
  g_autoptr(GPtrArray) again = NULL;   /* ArcJsonRenamed: the names that came again */
  gboolean first = TRUE;
  gboolean lifted_object = FALSE;
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
  /* An object lifted is read through, for the lists lifted in it */
  if (kind == ARC_JSON_OBJECT && w->lift_objects && !w->in_object &&
      w->lift_objects ((const char * const *) w->path->pdata, w->path->len, w->lift_data))
    lifted_object = w->in_object = TRUE;
  if (kind == ARC_JSON_OBJECT && w->keep && w->keep ((const char * const *) w->path->pdata, w->path->len, w->lift_data))
    {
      names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      again = g_ptr_array_new_with_free_func (arc_json_renamed_free);
    }
  if (!arc_json_reader_enter (r, kind))
    return FALSE;
  for (gsize before = r->pos; arc_json_reader_next (r, kind, &first, key); before = r->pos)
    {
      gboolean ok;

      if (names && !g_hash_table_add (names, g_strdup (key->str)))
        {
          ArcJsonRenamed *renamed = g_new0 (ArcJsonRenamed, 1);

          renamed->range = name_range (r, before);
          arc_json_position ((const char *) r->data, renamed->range.start, &renamed->line, &renamed->column);
          renamed->path = dotted (w->path);
          renamed->key = g_strdup (key->str);
          g_ptr_array_add (again, renamed);
        }
      g_ptr_array_add (w->path, key ? g_strdup (key->str) : NULL);
      ok = lift_value (r, w);
      g_ptr_array_remove_index (w->path, w->path->len - 1);
      if (!ok)
        return FALSE;
    }
  if (r->failed)
    return FALSE;
  if (again)
    rename_members (w, names, again);
  span.end = r->pos;
  if (lifted_object)
    {
      g_array_append_val (w->objects, span);
      w->in_object = FALSE;
    }
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

/* A JSON string of @text, in @out */
static void
append_string (GString    *out,
               const char *text)
{
  g_string_append_c (out, '"');
  for (const char *c = text; *c; c++)
    {
      if (*c == '"' || *c == '\\')
        g_string_append_printf (out, "\\%c", *c);
      else if ((guchar) *c < 0x20)
        g_string_append_printf (out, "\\u%04x", (guint) (guchar) *c);
      else
        g_string_append_c (out, *c);
    }
  g_string_append_c (out, '"');
}

static int
compare_renamed (gconstpointer a,
                 gconstpointer b)
{
  const ArcJsonRenamed *x = *(ArcJsonRenamed * const *) a, *y = *(ArcJsonRenamed * const *) b;

  return x->range.start < y->range.start ? -1 : x->range.start > y->range.start;
}

/* The first of @ranges (sorted) that starts at @pos or after */
static guint
first_from (GArray *ranges,
            gsize   pos)
{
  guint low = 0, high = ranges ? ranges->len : 0;

  while (low < high)
    {
      guint mid = low + (high - low) / 2;

      if (g_array_index (ranges, ArcJsonRange, mid).start < pos)
        low = mid + 1;
      else
        high = mid;
    }
  return low;
}

/* The string @marker, @kind ("" for a list, "o" for an object) and @index */
static void
append_marker (GString    *out,
               const char *marker,
               const char *kind,
               guint       index)
{
  append_string (out, marker);
  g_string_truncate (out, out->len - 1);
  g_string_append_printf (out, "%s%u\"", kind, index);
}

/* @data from @start to @end, with the lists lifted in it each a mark of
 * its place in @ranges, the objects lifted (@objects, when given) each a
 * mark of theirs, and the names that came again (@renamed, sorted, when
 * given) replaced */
static void
append_reduced (GString    *out,
                const char *data,
                gsize       start,
                gsize       end,
                GArray     *ranges,
                GArray     *objects,
                GPtrArray  *renamed,
                const char *marker)
{
  gsize from = start;
  guint i = first_from (ranges, start), o = first_from (objects, start), k = 0;

  while (renamed && k < renamed->len && ((ArcJsonRenamed *) renamed->pdata[k])->range.start < start)
    k++;
  for (;;)
    {
      const ArcJsonRange *list = i < ranges->len ? &g_array_index (ranges, ArcJsonRange, i) : NULL;
      const ArcJsonRange *object = objects && o < objects->len ? &g_array_index (objects, ArcJsonRange, o) : NULL;
      const ArcJsonRenamed *name = renamed && k < renamed->len ? renamed->pdata[k] : NULL;
      gsize next = end;

      next = list && list->start < next ? list->start : next;
      next = object && object->start < next ? object->start : next;
      next = name && name->range.start < next ? name->range.start : next;
      if (next >= end)
        break;
      g_string_append_len (out, data + from, (gssize) (next - from));
      if (object && object->start == next)
        {
          append_marker (out, marker, "o", o++);
          from = object->end;
          /* (what it holds is read with it) */
          while (i < ranges->len && g_array_index (ranges, ArcJsonRange, i).start < from)
            i++;
          while (renamed && k < renamed->len && ((ArcJsonRenamed *) renamed->pdata[k])->range.start < from)
            k++;
        }
      else if (list && list->start == next)
        {
          append_marker (out, marker, "", i++);
          from = list->end;
        }
      else
        {
          append_string (out, name->name);
          from = name->range.end;
          k++;
        }
    }
  g_string_append_len (out, data + from, (gssize) (end - from));
}

/* The document without the lists and objects lifted, the names that came
 * again replaced */
static GString *
reduced_document (const char *data,
                  gsize       length,
                  LiftWalk   *w,
                  const char *marker)
{
  GString *reduced = g_string_sized_new (1024);

  g_ptr_array_sort (w->renamed, compare_renamed);
  append_reduced (reduced, data, arc_json_bom_length (data, length), length, w->ranges, w->objects, w->renamed,
                  marker);
  return reduced;
}

static JsonNode *
parse_lifting (const char  *data,
               gsize        length,
               LiftWalk    *w,
               const char  *marker,
               GError     **error)
{
  g_autoptr(GString) reduced = NULL;
  g_autoptr(GError) local_error = NULL;
  ArcJsonReader r;
  JsonNode *root;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  g_array_set_size (w->ranges, 0);
  arc_json_reader_init (&r, data, 0, length);
  /* The lists lifted are not parsed again: their integers are checked here */
  r.integers_fit = TRUE;
  if (arc_json_reader_at_end (&r))
    {
      arc_json_reader_clear (&r);
      g_set_error (error, ARC_ERROR, ARC_ERROR_SYNTAX, _("the file is empty"));
      return NULL;
    }
  if (!lift_value (&r, w) || !arc_json_reader_finish (&r))
    {
      g_autofree char *where = arc_json_reader_error_location (&r);

      g_set_error (error, ARC_ERROR, ARC_ERROR_SYNTAX, "%s: %s", where, r.error_message);
      arc_json_reader_clear (&r);
      return NULL;
    }
  arc_json_reader_clear (&r);

  /* (their numbers are checked as they are read) */
  reduced = reduced_document (data, length, w, marker);
  root = arc_json_parse (reduced->str, reduced->len, &local_error);
  if (root == NULL)  /* an integer beyond 64 bits: said where it is in @data */
    {
      check_numbers_fit (data, length, error);
      if (error && *error == NULL)
        g_propagate_error (error, g_steal_pointer (&local_error));
    }
  return root;
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
  g_autoptr(GPtrArray) renamed = g_ptr_array_new_with_free_func (arc_json_renamed_free);
  LiftWalk w = { lift, span, NULL, NULL, func_data, path, ranges, renamed, NULL, FALSE };

  return parse_lifting (data, length, &w, marker, error);
}

/**
 * arc_json_parse_lifted:
 * @lifting: what to lift, and where what was lifted goes: its @ranges,
 *   @objects and @renamed are set
 *
 * As arc_json_parse_lifting(), also lifting out the objects that
 * @lifting->lift_objects chooses (each replaced by the string of @marker,
 * "o" and its place in @lifting->objects, and parsed on its own by
 * arc_json_parse_lifted_object(): the tree of a document with a hundred
 * thousand of them is never made whole), and keeping every member of the
 * objects @lifting->keep chooses: a member whose name the object has
 * already had is kept under a new one, "NAME (2)" (or "NAME (3)"… that the
 * object has not), told in @lifting->renamed. (JSON allows an object to
 * have a name twice, and json-glib keeps only the last member of that
 * name: a record written twice, two programs' edits merged by hand, say,
 * would be lost.)
 *
 * Returns: (transfer full): the root node
 */
JsonNode *
arc_json_parse_lifted (const char     *data,
                       gsize           length,
                       ArcJsonLifting *lifting,
                       GError        **error)
{
  g_autoptr(GPtrArray) path = g_ptr_array_new_with_free_func (g_free);
  LiftWalk w = { lifting->lift, NULL, lifting->keep, lifting->lift_objects, lifting->data, path, lifting->ranges,
                 lifting->renamed, lifting->objects, FALSE };

  g_return_val_if_fail (lifting->ranges != NULL && lifting->objects != NULL && lifting->renamed != NULL, NULL);

  g_ptr_array_set_size (lifting->renamed, 0);
  g_array_set_size (lifting->objects, 0);
  return parse_lifting (data, length, &w, lifting->marker, error);
}

/**
 * arc_json_lifted_object:
 * @node: (nullable): a node of the tree of arc_json_parse_lifted()
 *
 * Returns: (transfer full) (nullable): the tree of the object lifted
 *   out that @node stands for, its own lists lifted as in the document;
 *   %NULL when @node does not stand for one
 */
JsonNode *
arc_json_lifted_object (JsonNode             *node,
                        const char           *data,
                        const ArcJsonLifting *lifting)
{
  g_autoptr(GString) text = NULL;
  const char *mark;
  guint64 index;
  JsonNode *root;

  if (node == NULL || lifting->objects->len == 0 || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  mark = json_node_get_string (node);
  if (!g_str_has_prefix (mark, lifting->marker) || mark[strlen (lifting->marker)] != 'o' ||
      !g_ascii_string_to_unsigned (mark + strlen (lifting->marker) + 1, 10, 0, lifting->objects->len - 1, &index, NULL))
    return NULL;
  {
    const ArcJsonRange *range = &g_array_index (lifting->objects, ArcJsonRange, index);

    text = g_string_sized_new (range->end - range->start + 64);
    append_reduced (text, data, range->start, range->end, lifting->ranges, NULL, NULL, lifting->marker);
  }
  /* (read strictly already, as part of the document) */
  root = arc_json_parse (text->str, text->len, NULL);
  return root;
}

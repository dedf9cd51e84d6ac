/* arc-trajectory-text.c: trajectories as a notes file holds them, read
 * straight from its text and written straight to it
 *
 * Trajectories are nearly all of a notes file that holds LARC's action
 * sequences. json-glib's node tree of them was where the time and memory
 * went, so the notes file is parsed with them lifted out
 * (arc_json_parse_lifting()): each is read here from the file's text when
 * its record is read, or not at all when only what the notes say is asked
 * for (ARC_NOTES_LOAD_SUMMARY). Written, a trajectory is one line a step,
 * each step with the changed cells of its grid ("changes") rather than the
 * whole grid again, and a whole grid as rows of digit strings (version 3
 * of docs/arcnotes-format.md). Both forms are read, in any version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-trajectory"

#include "config.h"

#include <string.h>

#include "arc-annotation-private.h"
#include "arc-json.h"
#include "arc-time.h"
#include "arc-trajectory.h"

static GPrivate lifted_key;
static GPrivate writing_key;

/* The lifted trajectories of the notes being read in this thread */
void
arc_trajectory_set_lifted (ArcTrajectoryLifted *lifted)
{
  g_private_set (&lifted_key, lifted);
}

/* Reading */

static int
read_int (ArcJsonReader *r,
          int            fallback)
{
  ArcJsonNumber n;

  if (arc_json_reader_peek (r) != ARC_JSON_NUMBER)
    return arc_json_reader_skip_value (r), fallback;
  if (!arc_json_reader_read_number (r, &n) || !n.is_integer || n.overflow)
    return fallback;
  return (int) CLAMP (n.value, -1, 1000);
}

/* A string member's value, or NULL when it is not a string */
static const char *
read_text (ArcJsonReader *r,
           GString       *buffer)
{
  g_string_truncate (buffer, 0);
  if (arc_json_reader_peek (r) != ARC_JSON_STRING)
    return arc_json_reader_skip_value (r), NULL;
  return arc_json_reader_read_string (r, buffer) ? buffer->str : NULL;
}

/* An object of integers (position, size, selection): @names[i] into @values[i] */
static gboolean
read_ints (ArcJsonReader      *r,
           const char * const *names,
           int                *values,
           int                 fallback)
{
  g_autoptr(GString) key = g_string_new (NULL);
  gboolean first = TRUE;

  for (guint i = 0; names[i]; i++)
    values[i] = fallback;
  if (arc_json_reader_peek (r) != ARC_JSON_OBJECT)
    return arc_json_reader_skip_value (r), FALSE;
  arc_json_reader_enter (r, ARC_JSON_OBJECT);
  while (arc_json_reader_next (r, ARC_JSON_OBJECT, &first, key))
    {
      guint i;

      for (i = 0; names[i] && !g_str_equal (names[i], key->str); i++)
        ;
      if (names[i])
        values[i] = read_int (r, fallback);
      else
        arc_json_reader_skip_value (r);
    }
  return !r->failed;
}

/* One row of a grid: a list of colours, or (version 3) a string of digits.
 * Returns: its width, or -1 when it is not a row */
static int
read_row (ArcJsonReader *r,
          guint8        *cells,
          GString       *buffer,
          gboolean      *as_text)
{
  ArcJsonKind kind = arc_json_reader_peek (r);
  gboolean first = TRUE, ok = TRUE;
  guint n_digits;
  int c = 0;

  *as_text = kind == ARC_JSON_STRING;
  if (kind == ARC_JSON_STRING)
    {
      const char *text = read_text (r, buffer);

      for (c = 0; text && text[c]; c++)
        {
          if (c >= ARC_GRID_MAX_SIDE || text[c] < '0' || text[c] > '9')
            return -1;
          cells[c] = (guint8) (text[c] - '0');
        }
      return text ? c : -1;
    }
  if (kind != ARC_JSON_ARRAY)
    return arc_json_reader_skip_value (r), -1;
  if (arc_json_reader_read_digit_list (r, cells, ARC_GRID_MAX_SIDE, &n_digits))
    return (int) n_digits;
  arc_json_reader_enter (r, ARC_JSON_ARRAY);
  while (arc_json_reader_next (r, ARC_JSON_ARRAY, &first, NULL))
    {
      ArcJsonNumber n;
      int d = arc_json_reader_read_digit (r);

      if (d >= 0)
        {
          if (c < ARC_GRID_MAX_SIDE)
            cells[c] = (guint8) d;
          else
            ok = FALSE;
          c++;
          continue;
        }
      if (arc_json_reader_peek (r) != ARC_JSON_NUMBER)
        {
          arc_json_reader_skip_value (r);
          ok = FALSE;
        }
      else if (!arc_json_reader_read_number (r, &n) || !n.is_integer || n.overflow || n.value < 0 || n.value > 9 ||
               c >= ARC_GRID_MAX_SIDE)
        ok = FALSE;
      else
        cells[c] = (guint8) n.value;
      c++;
    }
  return ok ? c : -1;
}

/* A grid as arc_grid_new_from_node() reads it, or (version 3) rows of digit
 * strings; NULL when it is not a valid grid */
static ArcGrid *
read_grid (ArcJsonReader *r,
           GString       *buffer)
{
  guint8 cells[ARC_GRID_MAX_SIDE * ARC_GRID_MAX_SIDE];
  gboolean first = TRUE, ok = TRUE, text = FALSE;
  int h = 0, w = 0;

  if (arc_json_reader_peek (r) != ARC_JSON_ARRAY)
    return arc_json_reader_skip_value (r), NULL;
  arc_json_reader_enter (r, ARC_JSON_ARRAY);
  while (arc_json_reader_next (r, ARC_JSON_ARRAY, &first, NULL))
    {
      guint8 row[ARC_GRID_MAX_SIDE];
      gboolean row_text;
      int width = read_row (r, row, buffer, &row_text);

      if (h == 0)
        {
          w = width;
          text = row_text;
        }
      if (width < 1 || width != w || row_text != text || h >= ARC_GRID_MAX_SIDE)
        ok = FALSE;
      else
        memcpy (cells + h * w, row, (gsize) w);
      h++;
    }
  if (r->failed || !ok || h < 1)
    return NULL;
  return arc_grid_new_from_data (h, w, cells);
}

/**
 * arc_trajectory_read_grid_at:
 * @r: a reader of a checked document, at a value
 * @buffer: for the text of rows (which are not taken)
 *
 * Reads the grid at @r, a list of rows of colours as arc_grid_new_from_node()
 * reads it (rows as digit strings are not taken), and moves past it, grid
 * or not.
 *
 * Returns: (transfer full) (nullable): the grid, or %NULL when it is not one
 */
ArcGrid *
arc_trajectory_read_grid_at (ArcJsonReader *r,
                             GString       *buffer)
{
  g_autoptr(ArcGrid) grid = NULL;
  gboolean text = FALSE;
  ArcJsonReader g = *r;

  g.error_message = NULL;
  if (arc_json_reader_peek (&g) == ARC_JSON_ARRAY)
    {
      /* The first row says whether rows are digit strings */
      ArcJsonReader peek = g;

      arc_json_reader_enter (&peek, ARC_JSON_ARRAY);
      text = arc_json_reader_peek (&peek) == ARC_JSON_STRING;
      arc_json_reader_clear (&peek);
    }
  if (!text)
    grid = read_grid (&g, buffer);
  if (text || g.failed)
    {
      /* Not a grid: passed as any other value */
      g_clear_pointer (&grid, arc_grid_free);
      arc_json_reader_skip_value (r);
    }
  else
    r->pos = g.pos;
  arc_json_reader_clear (&g);
  return g_steal_pointer (&grid);
}

/**
 * arc_trajectory_read_grid_range:
 * @range: where a grid is in @data
 *
 * Reads a grid lifted out of a document (arc_json_parse_lifting()) straight
 * from its text, as arc_trajectory_read_grid_at().
 *
 * Returns: (transfer full) (nullable): the grid, or %NULL when it is not one
 */
ArcGrid *
arc_trajectory_read_grid_range (const char         *data,
                                const ArcJsonRange *range)
{
  g_autoptr(GString) buffer = g_string_new (NULL);
  ArcGrid *grid;
  ArcJsonReader r;

  arc_json_reader_init (&r, data, range->start, range->end);
  grid = arc_trajectory_read_grid_at (&r, buffer);
  arc_json_reader_clear (&r);
  return grid;
}

/* Version 3's "changes": [[row, column, colour], ...] to @previous */
static ArcGrid *
read_changes (ArcJsonReader *r,
              const ArcGrid *previous)
{
  g_autoptr(ArcGrid) grid = previous ? arc_grid_copy (previous) : NULL;
  gboolean first = TRUE, ok = grid != NULL;

  if (arc_json_reader_peek (r) != ARC_JSON_ARRAY)
    return arc_json_reader_skip_value (r), NULL;
  arc_json_reader_enter (r, ARC_JSON_ARRAY);
  while (arc_json_reader_next (r, ARC_JSON_ARRAY, &first, NULL))
    {
      gboolean inner = TRUE;
      int v[3] = { -1, -1, -1 }, k = 0;

      if (arc_json_reader_peek (r) != ARC_JSON_ARRAY)
        {
          arc_json_reader_skip_value (r);
          ok = FALSE;
          continue;
        }
      arc_json_reader_enter (r, ARC_JSON_ARRAY);
      while (arc_json_reader_next (r, ARC_JSON_ARRAY, &inner, NULL))
        {
          int value = read_int (r, -1);

          if (k < 3)
            v[k] = value;
          k++;
        }
      if (k != 3 || grid == NULL || !arc_grid_contains (grid, v[0], v[1]) || v[2] < 0 || v[2] > 9)
        ok = FALSE;
      else
        arc_grid_set (grid, v[0], v[1], (guint8) v[2]);
    }
  return ok && !r->failed ? g_steal_pointer (&grid) : NULL;
}

/* The cells listed for the selection, for arc_action_rebuild_object(): a
 * list of {x, y, color}, or (version 3) rows of digit strings from the
 * selection's corner, "." for a cell a grown selection leaves out */
static GArray *
read_object (const char    *data,
             ArcJsonRange   range,
             const ArcRect *rect)
{
  static const char * const names[] = { "x", "y", "color", NULL };
  GArray *cells = g_array_new (FALSE, FALSE, sizeof (ArcObjectCell));
  g_autoptr(GString) buffer = g_string_new (NULL);
  ArcJsonReader r;
  gboolean first = TRUE;
  int row = 0;

  arc_json_reader_init (&r, data, range.start, range.end);
  if (arc_json_reader_peek (&r) == ARC_JSON_ARRAY && arc_json_reader_enter (&r, ARC_JSON_ARRAY))
    while (arc_json_reader_next (&r, ARC_JSON_ARRAY, &first, NULL))
      {
        ArcObjectCell one;
        int v[3];

        if (arc_json_reader_peek (&r) == ARC_JSON_STRING)
          {
            const char *text = read_text (&r, buffer);

            for (int c = 0; text && text[c] && c < ARC_GRID_MAX_SIDE; c++)
              if (text[c] >= '0' && text[c] <= '9')
                {
                  one = (ArcObjectCell) { rect->row + row, rect->col + c, text[c] - '0' };
                  g_array_append_val (cells, one);
                }
            row++;
            continue;
          }
        read_ints (&r, names, v, -1);
        one = (ArcObjectCell) { v[1], v[0], v[2] };
        g_array_append_val (cells, one);
      }
  arc_json_reader_clear (&r);
  return cells;
}

static gint64
read_timestamp (const char *time)
{
  g_autoptr(GDateTime) dt = time ? g_date_time_new_from_iso8601 (time, NULL) : NULL;

  return dt ? g_date_time_to_unix (dt) * G_USEC_PER_SEC + g_date_time_get_microsecond (dt) : 0;
}

/* One step, as arc_action_new_from_node() reads it; NULL for one it refuses */
static ArcAction *
read_action (ArcJsonReader *r,
             const ArcGrid *previous,
             GString       *key,
             GString       *buffer)
{
  static const char * const xy[] = { "x", "y", NULL };
  static const char * const hw[] = { "height", "width", NULL };
  static const char * const rect[] = { "x", "y", "height", "width", NULL };
  g_autoptr(ArcAction) a = arc_action_new (NULL, NULL, NULL);
  ArcJsonRange object = { 0, 0 };
  gboolean first = TRUE, has_grid = FALSE;
  int v[4];

  a->time = 0;
  if (arc_json_reader_peek (r) != ARC_JSON_OBJECT)
    return arc_json_reader_skip_value (r), NULL;
  arc_json_reader_enter (r, ARC_JSON_OBJECT);
  while (arc_json_reader_next (r, ARC_JSON_OBJECT, &first, key))
    {
      const char *name = key->str;

      if (g_str_equal (name, "category"))
        a->category = arc_action_intern (read_text (r, buffer));
      else if (g_str_equal (name, "operation"))
        a->operation = arc_action_intern (read_text (r, buffer));
      else if (g_str_equal (name, "direction"))
        a->direction = arc_action_intern (read_text (r, buffer));
      else if (g_str_equal (name, "timestamp"))
        a->time = read_timestamp (read_text (r, buffer));
      else if (g_str_equal (name, "color"))
        a->colour = read_int (r, -1);
      else if (g_str_equal (name, "position"))
        {
          read_ints (r, xy, v, -1);
          a->x = v[0];
          a->y = v[1];
        }
      else if (g_str_equal (name, "size"))
        {
          read_ints (r, hw, v, 0);
          a->height = v[0];
          a->width = v[1];
        }
      else if (g_str_equal (name, "selection"))
        {
          if (read_ints (r, rect, v, 0))
            a->selection = (ArcRect) { v[1], v[0], v[2], v[3] };
        }
      else if (g_str_equal (name, "grid"))
        {
          g_clear_pointer (&a->grid, arc_grid_free);
          a->grid = read_grid (r, buffer);
          has_grid = TRUE;
        }
      else if (g_str_equal (name, "changes") && !has_grid)
        {
          g_clear_pointer (&a->grid, arc_grid_free);
          a->grid = read_changes (r, previous);
        }
      else if (g_str_equal (name, "object"))
        {
          object.start = r->pos;
          arc_json_reader_skip_value (r);
          object.end = r->pos;
        }
      else if (g_str_equal (name, "larc") && arc_json_reader_peek (r) == ARC_JSON_OBJECT)
        {
          gsize start = r->pos;

          /* LARC's step, kept as its text */
          arc_json_reader_skip_value (r);
          g_free (a->larc);
          a->larc = g_strndup ((const char *) r->data + start, r->pos - start);
        }
      else if (g_str_equal (name, "larc_time") && arc_json_reader_peek (r) != ARC_JSON_INVALID)
        {
          gsize start = r->pos;

          /* LARC's time, as LARC wrote it */
          arc_json_reader_skip_value (r);
          g_free (a->larc_time);
          a->larc_time = g_strndup ((const char *) r->data + start, r->pos - start);
        }
      else
        arc_json_reader_skip_value (r);
    }
  if (r->failed || a->category == NULL || a->operation == NULL)
    return NULL;
  if (a->selection.height > 0 && object.end > 0)
    {
      g_autoptr(GArray) cells = read_object ((const char *) r->data, object, &a->selection);

      arc_action_rebuild_object (a, (const ArcObjectCell *) (gpointer) cells->data, cells->len);
    }
  return g_steal_pointer (&a);
}

/* The steps of the list from @range of @data, those read */
static GPtrArray *
read_actions (const char   *data,
              ArcJsonRange  range)
{
  GPtrArray *actions = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_action_free);
  g_autoptr(GString) key = g_string_new (NULL);
  g_autoptr(GString) buffer = g_string_new (NULL);
  const ArcGrid *previous = NULL;
  ArcJsonReader r;
  gboolean first = TRUE;

  arc_json_reader_init (&r, data, range.start, range.end);
  arc_json_reader_enter (&r, ARC_JSON_ARRAY);
  while (arc_json_reader_next (&r, ARC_JSON_ARRAY, &first, NULL))
    {
      ArcAction *action = read_action (&r, previous, key, buffer);

      if (action == NULL)
        continue;
      if (action->grid)
        previous = action->grid;
      g_ptr_array_add (actions, action);
    }
  arc_json_reader_clear (&r);
  return actions;
}

/**
 * arc_trajectory_read_member:
 * @member: (nullable): a "trajectory" member of the notes file
 *
 * Returns: (transfer full) (nullable): its steps; %NULL when there is no
 *   list, or when the notes are read without their trajectories
 */
GPtrArray *
arc_trajectory_read_member (JsonNode *member)
{
  ArcTrajectoryLifted *lifted = g_private_get (&lifted_key);
  const ArcJsonRange *range;
  GPtrArray *actions;

  if (member && JSON_NODE_HOLDS_ARRAY (member))
    {
      JsonArray *steps = json_node_get_array (member);

      actions = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_action_free);
      for (guint k = 0; k < json_array_get_length (steps); k++)
        {
          ArcAction *action = arc_action_new_from_node (json_array_get_element (steps, k), NULL);
          if (action)
            g_ptr_array_add (actions, action);
        }
      return actions;
    }
  range = lifted ? arc_json_lifted_range (member, lifted->marker, lifted->ranges) : NULL;
  if (range == NULL || lifted->skip)
    return NULL;
  return read_actions (lifted->data, *range);
}

/* Writing */

/* The trajectories of the notes being written in this thread */
void
arc_trajectory_set_writing (ArcTrajectoryWriting *writing)
{
  g_private_set (&writing_key, writing);
}

/**
 * arc_trajectory_build_member:
 * Adds the member @name with @actions: ARCTraj's records as nodes, or,
 * while a notes file of version 3 is written (arc_trajectory_set_writing()),
 * a mark that arc_trajectory_splice() replaces with their text.
 */
void
arc_trajectory_build_member (JsonBuilder *b,
                             const char  *name,
                             GPtrArray   *actions)
{
  ArcTrajectoryWriting *writing = g_private_get (&writing_key);
  g_autofree char *mark = NULL;

  if (writing == NULL)
    {
      arc_actions_add_to_builder (b, name, actions);
      return;
    }
  mark = g_strdup_printf ("%s%u", writing->marker, writing->lists->len);
  g_ptr_array_add (writing->lists, actions);
  json_builder_set_member_name (b, name);
  json_builder_add_string_value (b, mark);
}

/* A grid as rows of digit strings; with @only (an object's grown
 * selection, whose rectangle's corner is at @at), "." for the cells it
 * leaves out */
static void
append_rows (GString        *out,
             const ArcGrid  *grid,
             const ArcCells *only,
             const ArcRect  *at)
{
  const guint8 *cells = arc_grid_get_cells (grid);
  int h = arc_grid_get_height (grid), w = arc_grid_get_width (grid);

  g_string_append_c (out, '[');
  for (int r = 0; r < h; r++)
    {
      g_string_append (out, r ? ", \"" : "\"");
      for (int c = 0; c < w; c++)
        g_string_append_c (out, only && !arc_cells_contains (only, at->row + r, at->col + c)
                                  ? '.' : (char) ('0' + cells[r * w + c]));
      g_string_append_c (out, '"');
    }
  g_string_append_c (out, ']');
}

/* The grid before the step: its changes from @previous when they are fewer */
static void
append_grid (GString       *out,
             const ArcGrid *grid,
             const ArcGrid *previous)
{
  int h = arc_grid_get_height (grid), w = arc_grid_get_width (grid);
  const guint8 *cells, *before;
  guint n = 0;

  if (previous && arc_grid_get_height (previous) == h && arc_grid_get_width (previous) == w)
    n = arc_grid_count_differences (grid, previous);
  if (previous == NULL || arc_grid_get_height (previous) != h || arc_grid_get_width (previous) != w ||
      n * 11 > (guint) (h * (w + 4)))
    {
      g_string_append (out, ", \"grid\" : ");
      append_rows (out, grid, NULL, NULL);
      return;
    }
  g_string_append (out, ", \"changes\" : [");
  n = 0;
  /* (the cells straight: this runs for every step of every trajectory written) */
  cells = arc_grid_get_cells (grid);
  before = arc_grid_get_cells (previous);
  for (int i = 0; i < h * w; i++)
    if (cells[i] != before[i])
      g_string_append_printf (out, "%s[%d, %d, %d]", n++ ? ", " : "", i / w, i % w, cells[i]);
  g_string_append_c (out, ']');
}

static void
append_string (GString    *out,
               const char *name,
               const char *value)
{
  g_string_append_printf (out, ", \"%s\" : \"", name);
  for (const char *p = value; *p; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_c (out, '\\');
      if ((guchar) *p < 0x20)
        g_string_append_printf (out, "\\u%04x", *p);
      else
        g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

/* One step on one line, members in the order of arc_action_to_node() */
static void
append_action (GString         *out,
               const ArcAction *a,
               const ArcGrid   *previous)
{
  gsize start = out->len;

  append_string (out, "category", a->category);
  append_string (out, "operation", a->operation);
  if (a->x >= 0)
    g_string_append_printf (out, ", \"position\" : {\"x\" : %d, \"y\" : %d}", a->x, a->y);
  if (a->colour >= 0)
    g_string_append_printf (out, ", \"color\" : %d", a->colour);
  if (a->direction)
    append_string (out, "direction", a->direction);
  if (a->height > 0)
    g_string_append_printf (out, ", \"size\" : {\"height\" : %d, \"width\" : %d}", a->height, a->width);
  if (a->selection.height > 0)
    g_string_append_printf (out, ", \"selection\" : {\"x\" : %d, \"y\" : %d, \"height\" : %d, \"width\" : %d}",
                            a->selection.col, a->selection.row, a->selection.height, a->selection.width);
  if (a->object)
    {
      g_string_append (out, ", \"object\" : ");
      append_rows (out, a->object, a->cells, &a->selection);
    }
  if (a->grid)
    append_grid (out, a->grid, previous);
  if (a->time != 0)
    {
      g_autofree char *time = arc_format_time (a->time);
      append_string (out, "timestamp", time);
    }
  if (a->larc)
    {
      g_string_append (out, ", \"larc\" : ");
      g_string_append (out, a->larc);
    }
  if (a->larc_time)
    {
      g_string_append (out, ", \"larc_time\" : ");
      g_string_append (out, a->larc_time);
    }
  /* The first member's ", " is the object's "{" */
  out->str[start] = '{';
  g_string_erase (out, (gssize) start + 1, 1);
  g_string_append_c (out, '}');
}

static void
append_actions (GString   *out,
                GPtrArray *actions,
                gsize      indent)
{
  const ArcGrid *previous = NULL;

  if (actions->len == 0)
    {
      g_string_append (out, "[]");
      return;
    }
  g_string_append_c (out, '[');
  for (guint i = 0; i < actions->len; i++)
    {
      const ArcAction *a = actions->pdata[i];

      g_string_append (out, i ? ",\n" : "\n");
      for (gsize k = 0; k < indent + 2; k++)
        g_string_append_c (out, ' ');
      append_action (out, a, previous);
      if (a->grid)
        previous = a->grid;
    }
  g_string_append_c (out, '\n');
  for (gsize k = 0; k < indent; k++)
    g_string_append_c (out, ' ');
  g_string_append_c (out, ']');
}

/**
 * arc_trajectory_splice:
 * Replaces each mark of arc_trajectory_build_member() in @out, from byte
 * @from, with its trajectory, one step a line, indented as the line of the mark.
 */
void
arc_trajectory_splice (GString              *out,
                       gsize                 from,
                       ArcTrajectoryWriting *writing)
{
  g_autofree char *mark = NULL;
  g_autoptr(GString) result = NULL;
  gsize mark_len, copied = from;
  const char *p;

  if (writing->lists->len == 0)
    return;
  /* json-glib writes the mark's first character, U+0001, escaped */
  mark = g_strdup_printf ("\"\\u0001%s", writing->marker + 1);
  mark_len = strlen (mark);
  result = g_string_sized_new (out->len + writing->lists->len * 256);
  g_string_append_len (result, out->str, (gssize) from);
  for (p = strstr (out->str + from, mark); p; p = strstr (p, mark))
    {
      gsize at = (gsize) (p - out->str), line = at, indent = 0;
      guint64 index;
      char *end;

      index = g_ascii_strtoull (p + mark_len, &end, 10);
      if (*end != '"' || index >= writing->lists->len)
        {
          p += mark_len;
          continue;
        }
      while (line > 0 && out->str[line - 1] != '\n')
        line--;
      while (out->str[line + indent] == ' ')
        indent++;
      g_string_append_len (result, out->str + copied, (gssize) (at - copied));
      append_actions (result, writing->lists->pdata[index], indent);
      p = end + 1;
      copied = (gsize) (p - out->str);
    }
  g_string_append_len (result, out->str + copied, (gssize) (out->len - copied));
  g_string_truncate (out, 0);
  g_string_append_len (out, result->str, (gssize) result->len);
}

/* arc-grid.c: an ARC grid and the edit operations of the solve tools
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-grid"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arc-error.h"
#include "arc-grid.h"
#include "arc-json.h"

struct _ArcGrid
{
  int height;
  int width;
  guint8 cells[];
};

G_DEFINE_BOXED_TYPE (ArcGrid, arc_grid, arc_grid_copy, arc_grid_free)

gboolean
arc_size_is_valid (int height,
                   int width)
{
  return height >= 1 && height <= ARC_GRID_MAX_SIDE &&
         width >= 1 && width <= ARC_GRID_MAX_SIDE;
}

static ArcGrid *
grid_alloc (int height,
            int width)
{
  ArcGrid *grid = g_malloc0 (sizeof (ArcGrid) + (gsize) height * (gsize) width);

  grid->height = height;
  grid->width = width;
  return grid;
}

/**
 * arc_grid_new:
 * Returns: a new grid of @height x @width cells, all 0.
 */
ArcGrid *
arc_grid_new (int height,
              int width)
{
  g_return_val_if_fail (arc_size_is_valid (height, width), NULL);

  return grid_alloc (height, width);
}

ArcGrid *
arc_grid_new_from_data (int           height,
                        int           width,
                        const guint8 *cells)
{
  ArcGrid *grid;

  g_return_val_if_fail (arc_size_is_valid (height, width), NULL);
  g_return_val_if_fail (cells != NULL, NULL);

  grid = grid_alloc (height, width);
  for (int i = 0; i < height * width; i++)
    {
      g_return_val_if_fail (cells[i] < ARC_N_COLOURS, (arc_grid_free (grid), NULL));
      grid->cells[i] = cells[i];
    }
  return grid;
}

ArcGrid *
arc_grid_copy (const ArcGrid *grid)
{
  g_return_val_if_fail (grid != NULL, NULL);

  return g_memdup2 (grid, sizeof (ArcGrid) + (gsize) grid->height * (gsize) grid->width);
}

void
arc_grid_free (ArcGrid *grid)
{
  g_free (grid);
}

int
arc_grid_get_height (const ArcGrid *grid)
{
  g_return_val_if_fail (grid != NULL, 0);
  return grid->height;
}

int
arc_grid_get_width (const ArcGrid *grid)
{
  g_return_val_if_fail (grid != NULL, 0);
  return grid->width;
}

const guint8 *
arc_grid_get_cells (const ArcGrid *grid)
{
  g_return_val_if_fail (grid != NULL, NULL);
  return grid->cells;
}

gboolean
arc_grid_contains (const ArcGrid *grid,
                   int            row,
                   int            col)
{
  g_return_val_if_fail (grid != NULL, FALSE);
  return row >= 0 && col >= 0 && row < grid->height && col < grid->width;
}

guint8
arc_grid_get (const ArcGrid *grid,
              int            row,
              int            col)
{
  g_return_val_if_fail (arc_grid_contains (grid, row, col), 0);
  return grid->cells[row * grid->width + col];
}

void
arc_grid_set (ArcGrid *grid,
              int      row,
              int      col,
              guint8   colour)
{
  g_return_if_fail (arc_grid_contains (grid, row, col));
  g_return_if_fail (colour < ARC_N_COLOURS);
  grid->cells[row * grid->width + col] = colour;
}

gboolean
arc_grid_equal (const ArcGrid *a,
                const ArcGrid *b)
{
  if (a == b)
    return TRUE;
  if (a == NULL || b == NULL)
    return FALSE;
  return a->height == b->height && a->width == b->width &&
         memcmp (a->cells, b->cells, (gsize) a->height * (gsize) a->width) == 0;
}

/**
 * arc_grid_count_differences:
 * Returns: the number of cells that differ where @a and @b overlap, plus
 * every cell of either grid outside the overlap.
 */
guint
arc_grid_count_differences (const ArcGrid *a,
                            const ArcGrid *b)
{
  guint diff = 0;
  int h, w;

  g_return_val_if_fail (a != NULL && b != NULL, 0);

  h = MIN (a->height, b->height);
  w = MIN (a->width, b->width);
  for (int r = 0; r < h; r++)
    for (int c = 0; c < w; c++)
      if (a->cells[r * a->width + c] != b->cells[r * b->width + c])
        diff++;
  diff += (guint) (a->height * a->width - h * w) + (guint) (b->height * b->width - h * w);
  return diff;
}

/**
 * arc_grid_add_to_builder:
 * Adds the grid to @builder as an array of rows of numbers.
 */
void
arc_grid_add_to_builder (const ArcGrid *grid,
                         JsonBuilder   *builder)
{
  json_builder_begin_array (builder);
  for (int r = 0; r < arc_grid_get_height (grid); r++)
    {
      json_builder_begin_array (builder);
      for (int c = 0; c < arc_grid_get_width (grid); c++)
        json_builder_add_int_value (builder, arc_grid_get (grid, r, c));
      json_builder_end_array (builder);
    }
  json_builder_end_array (builder);
}

/**
 * arc_grid_new_from_node:
 * @node: (nullable): a json-glib list of rows
 * @error: says what is wrong, with the place in the grid (`[2][3]: value 12 is outside 0..9`)
 *
 * Returns: (transfer full) (nullable): the grid, or %NULL
 */
ArcGrid *
arc_grid_new_from_node (JsonNode  *node,
                        GError   **error)
{
  guint8 cells[ARC_GRID_MAX_SIDE * ARC_GRID_MAX_SIDE];
  JsonArray *rows;
  guint h, w = 0;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, _("expected a grid (a list of rows)"));
      return NULL;
    }
  rows = json_node_get_array (node);
  h = json_array_get_length (rows);
  if (h < 1 || h > ARC_GRID_MAX_SIDE)
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, _("the grid has %u rows; 1 to %d are allowed"), h, ARC_GRID_MAX_SIDE);
      return NULL;
    }
  for (guint r = 0; r < h; r++)
    {
      JsonNode *row_node = json_array_get_element (rows, r);
      JsonArray *row;

      if (!JSON_NODE_HOLDS_ARRAY (row_node))
        {
          g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, _("[%u]: expected a row (a list of colours)"), r);
          return NULL;
        }
      row = json_node_get_array (row_node);
      if (r == 0)
        w = json_array_get_length (row);
      if (w < 1 || w > ARC_GRID_MAX_SIDE)
        {
          g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, _("[%u]: the row has %u cells; 1 to %d are allowed"),
                       r, w, ARC_GRID_MAX_SIDE);
          return NULL;
        }
      if (json_array_get_length (row) != w)
        {
          g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID,
                       g_dngettext (GETTEXT_PACKAGE, "[%u]: the row has %u cell, but row 0 has %u",
                                    "[%u]: the row has %u cells, but row 0 has %u", json_array_get_length (row)),
                       r, json_array_get_length (row), w);
          return NULL;
        }
      for (guint c = 0; c < w; c++)
        {
          JsonNode *cell = json_array_get_element (row, c);
          gint64 v;

          if (!JSON_NODE_HOLDS_VALUE (cell) || json_node_get_value_type (cell) != G_TYPE_INT64)
            {
              g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, _("[%u][%u]: expected a colour 0..9"), r, c);
              return NULL;
            }
          v = json_node_get_int (cell);
          if (v < 0 || v > 9)
            {
              g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, _("[%u][%u]: value %lld is outside 0..9"),
                           r, c, (long long) v);
              return NULL;
            }
          cells[r * w + c] = (guint8) v;
        }
    }
  return arc_grid_new_from_data ((int) h, (int) w, cells);
}

/* The grid in what was pasted: a list of rows; the "output" (else the
 * "input") of a pair; the first pair of a list of them, or of "test" */
static JsonNode *
find_grid (JsonNode *node)
{
  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *list = json_node_get_array (node);

      if (json_array_get_length (list) > 0 && JSON_NODE_HOLDS_OBJECT (json_array_get_element (list, 0)))
        return find_grid (json_array_get_element (list, 0));
      return node;
    }
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *o = json_node_get_object (node);

      if (json_object_has_member (o, "output"))
        return json_object_get_member (o, "output");
      if (json_object_has_member (o, "input"))
        return json_object_get_member (o, "input");
      if (json_object_has_member (o, "test"))
        return find_grid (json_object_get_member (o, "test"));
    }
  return NULL;
}

/**
 * arc_grid_new_from_text:
 * @text: what a user pasted
 * @error: says why it is not a grid, with the place
 *
 * Reads a grid written as JSON: a list of rows (`[[0, 1], [1, 0]]`), or an
 * object with an "output" (else an "input") grid, as a task's test pair
 * copied from a text editor, or the first pair of a list of them or of a
 * task's "test"; a trailing comma, or a lone member such as
 * `"output": [[…]]`, is accepted too.
 *
 * Returns: (transfer full) (nullable): the grid, or %NULL
 */
ArcGrid *
arc_grid_new_from_text (const char  *text,
                        GError     **error)
{
  g_autofree char *s = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) local_error = NULL;
  JsonNode *grid = NULL;
  gsize n;

  g_return_val_if_fail (text != NULL, NULL);

  s = g_strstrip (g_strdup (text));
  n = strlen (s);
  if (n > 0 && s[n - 1] == ',')
    {
      s[n - 1] = '\0';
      g_strchomp (s);
    }
  if (*s == '"')
    {
      char *wrapped = g_strconcat ("{", s, "}", NULL);
      g_free (s);
      s = wrapped;
    }
  if (*s == '\0')
    {
      g_set_error_literal (error, ARC_ERROR, ARC_ERROR_INVALID, _("there is no text"));
      return NULL;
    }
  root = arc_json_parse (s, strlen (s), &local_error);
  if (root == NULL)
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_SYNTAX, _("not JSON: %s"), local_error->message);
      return NULL;
    }
  grid = find_grid (root);
  if (grid == NULL)
    {
      g_set_error_literal (error, ARC_ERROR, ARC_ERROR_INVALID,
                           _("expected a grid: a list of rows such as [[0, 1], [1, 0]], or an object with an “output”"));
      return NULL;
    }
  return arc_grid_new_from_node (grid, error);
}

/**
 * arc_grid_to_string:
 * Returns: the grid as compact JSON, e.g. `[[0,1],[2,3]]`.
 */
char *
arc_grid_to_string (const ArcGrid *grid)
{
  GString *s;

  g_return_val_if_fail (grid != NULL, NULL);

  s = g_string_sized_new ((gsize) grid->height * ((gsize) grid->width * 2 + 2) + 2);
  g_string_append_c (s, '[');
  for (int r = 0; r < grid->height; r++)
    {
      if (r > 0)
        g_string_append_c (s, ',');
      g_string_append_c (s, '[');
      for (int c = 0; c < grid->width; c++)
        {
          if (c > 0)
            g_string_append_c (s, ',');
          g_string_append_c (s, (char) ('0' + grid->cells[r * grid->width + c]));
        }
      g_string_append_c (s, ']');
    }
  g_string_append_c (s, ']');
  return g_string_free (s, FALSE);
}

/**
 * arc_parse_size:
 * @text: "HxW", "H×W" or "H X W", with optional spaces
 *
 * Returns: %TRUE if @text is a size with both sides in 1..30.
 */
gboolean
arc_parse_size (const char *text,
                int        *height,
                int        *width)
{
  const char *p = text;
  guint64 h, w;
  char *end;

  g_return_val_if_fail (text != NULL, FALSE);

  while (g_ascii_isspace (*p))
    p++;
  if (!g_ascii_isdigit (*p))
    return FALSE;
  h = g_ascii_strtoull (p, &end, 10);
  p = end;
  while (g_ascii_isspace (*p))
    p++;
  if (*p == 'x' || *p == 'X' || *p == '*')
    p++;
  else if (g_str_has_prefix (p, "×"))
    p += strlen ("×");
  else
    return FALSE;
  while (g_ascii_isspace (*p))
    p++;
  if (!g_ascii_isdigit (*p))
    return FALSE;
  w = g_ascii_strtoull (p, &end, 10);
  p = end;
  while (g_ascii_isspace (*p))
    p++;
  if (*p != '\0' || h < 1 || h > ARC_GRID_MAX_SIDE || w < 1 || w > ARC_GRID_MAX_SIDE)
    return FALSE;
  if (height)
    *height = (int) h;
  if (width)
    *width = (int) w;
  return TRUE;
}

/**
 * arc_grid_resize:
 * Returns: a new grid of the given size that keeps the top-left content of
 * @grid; new cells are 0.
 */
ArcGrid *
arc_grid_resize (const ArcGrid *grid,
                 int            height,
                 int            width)
{
  ArcGrid *out;

  g_return_val_if_fail (grid != NULL, NULL);
  g_return_val_if_fail (arc_size_is_valid (height, width), NULL);

  out = grid_alloc (height, width);
  for (int r = 0; r < MIN (height, grid->height); r++)
    memcpy (out->cells + r * width, grid->cells + r * grid->width, (gsize) MIN (width, grid->width));
  return out;
}

void
arc_grid_clear (ArcGrid *grid)
{
  g_return_if_fail (grid != NULL);
  memset (grid->cells, 0, (gsize) grid->height * (gsize) grid->width);
}

/**
 * arc_grid_flood_fill:
 * Fills the 4-connected region of equal colour that contains (@row, @col).
 *
 * Returns: the number of cells that changed colour.
 */
guint
arc_grid_flood_fill (ArcGrid *grid,
                     int      row,
                     int      col,
                     guint8   colour)
{
  guint16 stack[ARC_GRID_MAX_SIDE * ARC_GRID_MAX_SIDE];
  guint n = 0, changed = 0;
  guint8 target;

  g_return_val_if_fail (arc_grid_contains (grid, row, col), 0);
  g_return_val_if_fail (colour < ARC_N_COLOURS, 0);

  target = grid->cells[row * grid->width + col];
  if (target == colour)
    return 0;

  /* Each cell is pushed at most once: it is recoloured when pushed. */
  grid->cells[row * grid->width + col] = colour;
  stack[n++] = (guint16) (row * grid->width + col);
  changed++;
  while (n > 0)
    {
      int idx = stack[--n];
      int r = idx / grid->width, c = idx % grid->width;
      const int dr[4] = { -1, 1, 0, 0 };
      const int dc[4] = { 0, 0, -1, 1 };

      for (int k = 0; k < 4; k++)
        {
          int nr = r + dr[k], nc = c + dc[k];
          int nidx = nr * grid->width + nc;

          if (nr < 0 || nc < 0 || nr >= grid->height || nc >= grid->width)
            continue;
          if (grid->cells[nidx] != target)
            continue;
          grid->cells[nidx] = colour;
          stack[n++] = (guint16) nidx;
          changed++;
        }
    }
  return changed;
}

/**
 * arc_rect_contains:
 * Returns: whether cell (@row, @col) is in @rect (never in an empty one)
 */
gboolean
arc_rect_contains (const ArcRect *rect,
                   int            row,
                   int            col)
{
  return row >= rect->row && row < rect->row + rect->height && col >= rect->col && col < rect->col + rect->width;
}

/**
 * arc_grid_clip_rect:
 * Intersects @rect with the grid.
 *
 * Returns: %TRUE if the intersection is not empty.
 */
gboolean
arc_grid_clip_rect (const ArcGrid *grid,
                    const ArcRect *rect,
                    ArcRect       *clipped)
{
  int r0, c0, r1, c1;

  g_return_val_if_fail (grid != NULL && rect != NULL, FALSE);

  r0 = MAX (rect->row, 0);
  c0 = MAX (rect->col, 0);
  r1 = MIN (rect->row + rect->height, grid->height);
  c1 = MIN (rect->col + rect->width, grid->width);
  if (rect->height <= 0 || rect->width <= 0 || r1 <= r0 || c1 <= c0)
    {
      if (clipped)
        *clipped = (ArcRect) { 0, 0, 0, 0 };
      return FALSE;
    }
  if (clipped)
    *clipped = (ArcRect) { r0, c0, r1 - r0, c1 - c0 };
  return TRUE;
}

/**
 * arc_grid_copy_rect:
 * Returns: (nullable): the cells of @rect clipped to the grid as a new grid,
 * or %NULL if @rect lies outside the grid.
 */
ArcGrid *
arc_grid_copy_rect (const ArcGrid *grid,
                    const ArcRect *rect)
{
  ArcRect r;
  ArcGrid *out;

  g_return_val_if_fail (grid != NULL && rect != NULL, NULL);

  if (!arc_grid_clip_rect (grid, rect, &r))
    return NULL;
  out = grid_alloc (r.height, r.width);
  for (int i = 0; i < r.height; i++)
    memcpy (out->cells + i * r.width, grid->cells + (r.row + i) * grid->width + r.col, (gsize) r.width);
  return out;
}

/**
 * arc_grid_paste:
 * Pastes @clip with its top-left at (@row, @col); cells that fall off the
 * grid are dropped, and with @skip_zero cells of colour 0 are not pasted.
 *
 * Returns: the number of cells written.
 */
guint
arc_grid_paste (ArcGrid       *grid,
                const ArcGrid *clip,
                int            row,
                int            col,
                gboolean       skip_zero)
{
  guint written = 0;

  g_return_val_if_fail (grid != NULL && clip != NULL, 0);

  for (int r = 0; r < clip->height; r++)
    for (int c = 0; c < clip->width; c++)
      {
        int gr = row + r, gc = col + c;
        guint8 v = clip->cells[r * clip->width + c];

        if (gr < 0 || gc < 0 || gr >= grid->height || gc >= grid->width)
          continue;
        if (skip_zero && v == 0)
          continue;
        grid->cells[gr * grid->width + gc] = v;
        written++;
      }
  return written;
}

void
arc_grid_fill_rect (ArcGrid       *grid,
                    const ArcRect *rect,
                    guint8         colour)
{
  ArcRect r;

  g_return_if_fail (grid != NULL && rect != NULL);
  g_return_if_fail (colour < ARC_N_COLOURS);

  if (!arc_grid_clip_rect (grid, rect, &r))
    return;
  for (int i = 0; i < r.height; i++)
    memset (grid->cells + (r.row + i) * grid->width + r.col, colour, (gsize) r.width);
}

/* Lifts the clipped @rect out of @grid (leaving 0 behind) and returns it;
 * when none of it is on the grid, returns NULL and @new_rect (if given)
 * receives the empty clipped rectangle. */
static ArcGrid *
lift_rect (ArcGrid       *grid,
           const ArcRect *rect,
           ArcRect       *clipped,
           ArcRect       *new_rect)
{
  ArcGrid *clip;

  if (!arc_grid_clip_rect (grid, rect, clipped))
    {
      if (new_rect)
        *new_rect = *clipped;
      return NULL;
    }
  clip = arc_grid_copy_rect (grid, clipped);
  arc_grid_fill_rect (grid, clipped, 0);
  return clip;
}

/* Places @clip at (@row, @col) and reports the part that landed on the grid. */
static gboolean
place_clip (ArcGrid       *grid,
            const ArcGrid *clip,
            int            row,
            int            col,
            ArcRect       *new_rect)
{
  ArcRect placed = { row, col, clip->height, clip->width };

  arc_grid_paste (grid, clip, row, col, FALSE);
  return arc_grid_clip_rect (grid, &placed, new_rect);
}

/**
 * arc_grid_rotate_rect:
 * Rotates the cells of @rect by a quarter turn. The rotated block keeps the
 * top-left corner of @rect; a non-square block changes shape, and cells that
 * fall off the grid are dropped. The cells @rect leaves uncovered become 0.
 *
 * Returns: %TRUE if anything of the rotated block is on the grid; @new_rect
 * receives that part.
 */
gboolean
arc_grid_rotate_rect (ArcGrid       *grid,
                      const ArcRect *rect,
                      gboolean       clockwise,
                      ArcRect       *new_rect)
{
  g_autoptr(ArcGrid) clip = NULL;
  g_autoptr(ArcGrid) rotated = NULL;
  ArcRect r;

  g_return_val_if_fail (grid != NULL && rect != NULL, FALSE);

  clip = lift_rect (grid, rect, &r, new_rect);
  if (clip == NULL)
    return FALSE;
  rotated = grid_alloc (clip->width, clip->height);
  for (int i = 0; i < clip->height; i++)
    for (int j = 0; j < clip->width; j++)
      {
        int ni, nj;

        if (clockwise)
          ni = j, nj = clip->height - 1 - i;
        else
          ni = clip->width - 1 - j, nj = i;
        rotated->cells[ni * rotated->width + nj] = clip->cells[i * clip->width + j];
      }
  return place_clip (grid, rotated, r.row, r.col, new_rect);
}

/**
 * arc_grid_flip_rect:
 * Mirrors the cells of @rect: @horizontally swaps left and right, otherwise
 * top and bottom.
 */
gboolean
arc_grid_flip_rect (ArcGrid       *grid,
                    const ArcRect *rect,
                    gboolean       horizontally)
{
  ArcRect r;

  g_return_val_if_fail (grid != NULL && rect != NULL, FALSE);

  if (!arc_grid_clip_rect (grid, rect, &r))
    return FALSE;
  for (int i = 0; i < r.height; i++)
    for (int j = 0; j < r.width; j++)
      {
        int a = (r.row + i) * grid->width + r.col + j;
        int b;
        guint8 t;

        if (horizontally)
          {
            if (j >= r.width / 2)
              break;
            b = (r.row + i) * grid->width + r.col + (r.width - 1 - j);
          }
        else
          {
            if (i >= r.height / 2)
              return TRUE;
            b = (r.row + r.height - 1 - i) * grid->width + r.col + j;
          }
        t = grid->cells[a];
        grid->cells[a] = grid->cells[b];
        grid->cells[b] = t;
      }
  return TRUE;
}

/**
 * arc_grid_move_rect:
 * Moves the cells of @rect by (@drow, @dcol). The cells it leaves become 0;
 * cells that fall off the grid are dropped.
 *
 * Returns: %TRUE if anything of the moved block is still on the grid;
 * @new_rect receives that part.
 */
gboolean
arc_grid_move_rect (ArcGrid       *grid,
                    const ArcRect *rect,
                    int            drow,
                    int            dcol,
                    ArcRect       *new_rect)
{
  g_autoptr(ArcGrid) clip = NULL;
  ArcRect r;

  g_return_val_if_fail (grid != NULL && rect != NULL, FALSE);

  clip = lift_rect (grid, rect, &r, new_rect);
  if (clip == NULL)
    return FALSE;
  return place_clip (grid, clip, r.row + drow, r.col + dcol, new_rect);
}

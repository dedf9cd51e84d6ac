/* arc-cells.c: a set of cells of a grid, as the workspace selects them
 *
 * A rectangle is the common case (a drag of the Select tool); Ctrl+click
 * adds or takes away one cell and Ctrl+drag adds a rectangle, so a set can
 * take any shape within a 30×30 box. Each row of the box is a word of bits,
 * so that a set is a small value with no memory of its own, kept in every
 * step of undo.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-grid"

#include "config.h"

#include <string.h>

#include "arc-cells.h"

/* The bits of a row @width cells wide */
static guint32
full_row (int width)
{
  return width >= 32 ? G_MAXUINT32 : ((guint32) 1 << width) - 1;
}

void
arc_cells_clear (ArcCells *cells)
{
  memset (cells, 0, sizeof *cells);
}

/* Makes @cells tight again after cells were taken away: the smallest
 * rectangle that holds what is left, the bits moved into it */
static void
tighten (ArcCells *cells)
{
  int first = -1, last = -1, low = 0;
  guint32 any = 0;
  ArcCells tight;

  for (int r = 0; r < cells->rect.height; r++)
    if (cells->rows[r])
      {
        if (first < 0)
          first = r;
        last = r;
        any |= cells->rows[r];
      }
  if (first < 0)
    {
      arc_cells_clear (cells);
      return;
    }
  while (!(any & ((guint32) 1 << low)))
    low++;
  arc_cells_clear (&tight);
  tight.rect = (ArcRect) { cells->rect.row + first, cells->rect.col + low, last - first + 1,
                           g_bit_storage (any) - low };
  for (int r = first; r <= last; r++)
    tight.rows[r - first] = cells->rows[r] >> low;
  *cells = tight;
}

/**
 * arc_cells_set_rect:
 * @rect: (nullable): every cell of it; %NULL, or a height or width of 0, for none
 */
void
arc_cells_set_rect (ArcCells      *cells,
                    const ArcRect *rect)
{
  g_return_if_fail (cells != NULL);
  g_return_if_fail (rect == NULL || (rect->height <= ARC_GRID_MAX_SIDE && rect->width <= ARC_GRID_MAX_SIDE));

  arc_cells_clear (cells);
  if (rect == NULL || rect->height <= 0 || rect->width <= 0)
    return;
  cells->rect = *rect;
  for (int r = 0; r < rect->height; r++)
    cells->rows[r] = full_row (rect->width);
}

gboolean
arc_cells_is_empty (const ArcCells *cells)
{
  return cells->rect.height == 0;
}

/**
 * arc_cells_is_rect:
 * Returns: %TRUE when every cell of the set's rectangle is in it (also
 *   when there is none)
 */
gboolean
arc_cells_is_rect (const ArcCells *cells)
{
  for (int r = 0; r < cells->rect.height; r++)
    if (cells->rows[r] != full_row (cells->rect.width))
      return FALSE;
  return TRUE;
}

guint
arc_cells_count (const ArcCells *cells)
{
  guint n = 0;

  for (int r = 0; r < cells->rect.height; r++)
    for (guint32 bits = cells->rows[r]; bits; bits &= bits - 1)
      n++;
  return n;
}

gboolean
arc_cells_contains (const ArcCells *cells,
                    int             row,
                    int             col)
{
  int r = row - cells->rect.row, c = col - cells->rect.col;

  return r >= 0 && r < cells->rect.height && c >= 0 && c < cells->rect.width && (cells->rows[r] >> c & 1);
}

gboolean
arc_cells_equal (const ArcCells *a,
                 const ArcCells *b)
{
  return memcmp (a, b, sizeof *a) == 0;
}

/**
 * arc_cells_add_cells:
 * Adds @other's cells to @cells.
 *
 * Returns: %FALSE, and @cells as it was, when the two would not fit in a
 *   rectangle of ARC_GRID_MAX_SIDE a side
 */
gboolean
arc_cells_add_cells (ArcCells       *cells,
                     const ArcCells *other)
{
  const ArcCells *parts[] = { cells, other };
  ArcCells sum;
  int top, left, bottom, right;

  if (arc_cells_is_empty (other))
    return TRUE;
  if (arc_cells_is_empty (cells))
    {
      *cells = *other;
      return TRUE;
    }
  top = MIN (cells->rect.row, other->rect.row);
  left = MIN (cells->rect.col, other->rect.col);
  bottom = MAX (cells->rect.row + cells->rect.height, other->rect.row + other->rect.height);
  right = MAX (cells->rect.col + cells->rect.width, other->rect.col + other->rect.width);
  if (bottom - top > ARC_GRID_MAX_SIDE || right - left > ARC_GRID_MAX_SIDE)
    return FALSE;
  arc_cells_clear (&sum);
  sum.rect = (ArcRect) { top, left, bottom - top, right - left };
  for (gsize k = 0; k < G_N_ELEMENTS (parts); k++)
    for (int r = 0; r < parts[k]->rect.height; r++)
      sum.rows[parts[k]->rect.row - top + r] |= parts[k]->rows[r] << (parts[k]->rect.col - left);
  *cells = sum;
  return TRUE;
}

/**
 * arc_cells_add_rect:
 * Adds every cell of @rect.
 *
 * Returns: %FALSE, and nothing added, when they would not fit in a
 *   rectangle of ARC_GRID_MAX_SIDE a side
 */
gboolean
arc_cells_add_rect (ArcCells      *cells,
                    const ArcRect *rect)
{
  ArcCells more;

  if (rect->height > ARC_GRID_MAX_SIDE || rect->width > ARC_GRID_MAX_SIDE)
    return FALSE;
  arc_cells_set_rect (&more, rect);
  return arc_cells_add_cells (cells, &more);
}

gboolean
arc_cells_add (ArcCells *cells,
               int       row,
               int       col)
{
  return arc_cells_add_rect (cells, &(ArcRect) { row, col, 1, 1 });
}

void
arc_cells_remove (ArcCells *cells,
                  int       row,
                  int       col)
{
  if (!arc_cells_contains (cells, row, col))
    return;
  cells->rows[row - cells->rect.row] &= ~((guint32) 1 << (col - cells->rect.col));
  tighten (cells);
}

/**
 * arc_cells_clip:
 * Keeps the cells inside @to.
 */
void
arc_cells_clip (ArcCells      *cells,
                const ArcRect *to)
{
  int from_col = CLAMP (to->col - cells->rect.col, 0, 32);
  int to_col = CLAMP (to->col + to->width - cells->rect.col, 0, 32);
  guint32 keep = full_row (to_col) & ~full_row (from_col);

  for (int r = 0; r < cells->rect.height; r++)
    {
      int row = cells->rect.row + r;

      if (row < to->row || row >= to->row + to->height)
        cells->rows[r] = 0;
      else
        cells->rows[r] &= keep;
    }
  tighten (cells);
}

/* Keeps the cells on @grid */
void
arc_cells_clip_to_grid (ArcCells      *cells,
                        const ArcGrid *grid)
{
  ArcRect whole = { 0, 0, arc_grid_get_height (grid), arc_grid_get_width (grid) };

  arc_cells_clip (cells, &whole);
}

void
arc_cells_move (ArcCells *cells,
                int       drow,
                int       dcol)
{
  if (arc_cells_is_empty (cells))
    return;
  cells->rect.row += drow;
  cells->rect.col += dcol;
}

/**
 * arc_cells_rotate:
 * Turns the set a quarter about its rectangle's top-left corner, as the
 * workspace turns a selection: a rectangle that is not square changes shape.
 */
void
arc_cells_rotate (ArcCells *cells,
                  gboolean  clockwise)
{
  int h = cells->rect.height, w = cells->rect.width;
  ArcCells turned;

  arc_cells_clear (&turned);
  if (h == 0)
    return;
  turned.rect = (ArcRect) { cells->rect.row, cells->rect.col, w, h };
  for (int i = 0; i < h; i++)
    for (int j = 0; j < w; j++)
      if (cells->rows[i] >> j & 1)
        {
          int r = clockwise ? j : w - 1 - j, c = clockwise ? h - 1 - i : i;

          turned.rows[r] |= (guint32) 1 << c;
        }
  *cells = turned;
}

/**
 * arc_cells_flip:
 * Mirrors the set in its rectangle: @horizontally swaps left and right,
 * otherwise top and bottom.
 */
void
arc_cells_flip (ArcCells *cells,
                gboolean  horizontally)
{
  int h = cells->rect.height, w = cells->rect.width;
  ArcCells mirrored = *cells;

  for (int r = 0; r < h; r++)
    {
      if (!horizontally)
        {
          mirrored.rows[r] = cells->rows[h - 1 - r];
          continue;
        }
      mirrored.rows[r] = 0;
      for (int c = 0; c < w; c++)
        if (cells->rows[r] >> c & 1)
          mirrored.rows[r] |= (guint32) 1 << (w - 1 - c);
    }
  *cells = mirrored;
}

/**
 * arc_grid_fill_cells:
 * Gives @colour to those of @cells (in @grid's rows and columns) that are on @grid.
 */
void
arc_grid_fill_cells (ArcGrid        *grid,
                     const ArcCells *cells,
                     guint8          colour)
{
  for (int r = 0; r < cells->rect.height; r++)
    for (int c = 0; c < cells->rect.width; c++)
      if (cells->rows[r] >> c & 1 && arc_grid_contains (grid, cells->rect.row + r, cells->rect.col + c))
        arc_grid_set (grid, cells->rect.row + r, cells->rect.col + c, colour);
}

/**
 * arc_grid_paste_cells:
 * @piece: the colours of @shape's rectangle
 * @shape: where @piece goes on @grid, and which of its cells
 *
 * Writes @piece's cells of @shape onto @grid, where they are on it; the
 * cells of the rectangle that are not in @shape are left as they are.
 */
void
arc_grid_paste_cells (ArcGrid        *grid,
                      const ArcGrid  *piece,
                      const ArcCells *shape)
{
  g_return_if_fail (arc_grid_get_height (piece) >= shape->rect.height && arc_grid_get_width (piece) >= shape->rect.width);

  for (int r = 0; r < shape->rect.height; r++)
    for (int c = 0; c < shape->rect.width; c++)
      if (shape->rows[r] >> c & 1 && arc_grid_contains (grid, shape->rect.row + r, shape->rect.col + c))
        arc_grid_set (grid, shape->rect.row + r, shape->rect.col + c, arc_grid_get (piece, r, c));
}

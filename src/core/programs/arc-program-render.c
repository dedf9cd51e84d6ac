/* arc-program-render.c: a traced step's value drawn with cairo: a grid as
 * every grid is (arc-render.c), an object as its cells over an empty grid
 * the size of the input, a set of indices as marked cells of one, a
 * container of objects as a row of small ones
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-program"

#include "config.h"

#include "arc-program.h"
#include "arc-render.h"

/* @a and @b mixed, @t of @b */
static guint32
mix (guint32 a,
     guint32 b,
     double  t)
{
  guint32 out = 0;

  for (int shift = 0; shift <= 16; shift += 8)
    {
      double x = ((a >> shift) & 0xFF) * (1 - t) + ((b >> shift) & 0xFF) * t;

      out |= (guint32) (x + 0.5) << shift;
    }
  return out;
}

/**
 * arc_program_empty_rgb:
 * Returns: the colour of an empty cell under an object, for a page of
 *   @options' background and foreground: apart from the palette's black
 */
guint32
arc_program_empty_rgb (const ArcRenderOptions *options)
{
  return mix (options->background_rgb, options->foreground_rgb, 0.12);
}

/**
 * arc_program_mark_rgb:
 * Returns: the colour of a cell of a set of indices
 */
guint32
arc_program_mark_rgb (const ArcRenderOptions *options)
{
  return mix (options->background_rgb, options->foreground_rgb, 0.7);
}

/**
 * arc_program_canvas_size:
 * @rows: (inout): the canvas's rows, from the input's
 * @cols: (inout): and columns
 *
 * The canvas an object or a set of indices is drawn on: the input's size,
 * or at least 1×1.
 */
void
arc_program_canvas_size (int *rows,
                         int *cols)
{
  *rows = CLAMP (*rows, 1, ARC_GRID_MAX_SIDE);
  *cols = CLAMP (*cols, 1, ARC_GRID_MAX_SIDE);
}

/**
 * arc_program_count_outside:
 * Returns: how many of @cells are outside a @rows × @cols grid (an object
 *   shifted off it): they are not drawn
 */
guint
arc_program_count_outside (const GArray *cells,
                           int           rows,
                           int           cols)
{
  guint n = 0;

  for (guint i = 0; i < cells->len; i++)
    {
      const ArcProgramCell *c = &g_array_index (cells, ArcProgramCell, i);

      n += c->row < 0 || c->row >= rows || c->col < 0 || c->col >= cols;
    }
  return n;
}

/**
 * arc_program_render_cells:
 * @cells: ArcProgramCell: an object's (colours 0 to 9) or indices' (-1)
 * @rows: the canvas's rows (arc_program_canvas_size())
 * @cols: and columns
 * @x: where its top left corner goes
 * @options: the palette, the cell size and whether there are grid lines
 *
 * Draws @cells over an empty @rows × @cols grid, at the same size a grid
 * of that size is (arc_render_grid_size()): an object's cells in their
 * colours, indices marked, the other cells empty.
 */
void
arc_program_render_cells (cairo_t                *cr,
                          const GArray           *cells,
                          int                     rows,
                          int                     cols,
                          double                  x,
                          double                  y,
                          const ArcRenderOptions *options)
{
  int line = arc_render_line_width (options);
  int step = options->cell_size + line;

  g_return_if_fail (cr != NULL && cells != NULL && options != NULL);

  cairo_save (cr);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  arc_render_set_rgb (cr, line > 0 ? options->grid_line_rgb : arc_program_empty_rgb (options));
  cairo_rectangle (cr, x, y, cols * step + line, rows * step + line);
  cairo_fill (cr);
  arc_render_set_rgb (cr, arc_program_empty_rgb (options));
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      cairo_rectangle (cr, x + line + c * step, y + line + r * step, options->cell_size, options->cell_size);
  cairo_fill (cr);
  for (guint i = 0; i < cells->len; i++)
    {
      const ArcProgramCell *cell = &g_array_index (cells, ArcProgramCell, i);

      if (cell->row < 0 || cell->row >= rows || cell->col < 0 || cell->col >= cols)
        continue;
      arc_render_set_rgb (cr, cell->colour >= 0 ? arc_palette_get_rgb (options->palette, (guint8) cell->colour)
                                                : arc_program_mark_rgb (options));
      cairo_rectangle (cr, x + line + cell->col * step, y + line + cell->row * step,
                       options->cell_size, options->cell_size);
      cairo_fill (cr);
    }
  cairo_restore (cr);
}

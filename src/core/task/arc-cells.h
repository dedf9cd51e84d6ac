/* arc-cells.h: a set of cells of a grid, as the workspace selects them: a
 * rectangle, or a shape grown a cell or a rectangle at a time
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-grid.h"

G_BEGIN_DECLS

/* A value (copied with =, compared with arc_cells_equal()). Always kept
 * tight: @rect is the smallest rectangle that holds the cells, or all 0
 * when there are none, and no bit is set outside it. The cells may lie off
 * a grid (a floating piece hangs off it); their rectangle is at most
 * ARC_GRID_MAX_SIDE a side. */
typedef struct
{
  ArcRect rect;                      /* height 0: no cell */
  guint32 rows[ARC_GRID_MAX_SIDE];   /* bit c of rows[r]: cell (rect.row + r, rect.col + c) */
} ArcCells;

void      arc_cells_clear      (ArcCells       *cells);
void      arc_cells_set_rect   (ArcCells       *cells,
                                const ArcRect  *rect);
gboolean  arc_cells_is_empty   (const ArcCells *cells);
gboolean  arc_cells_is_rect    (const ArcCells *cells);
guint     arc_cells_count      (const ArcCells *cells);
gboolean  arc_cells_contains   (const ArcCells *cells,
                                int             row,
                                int             col);
gboolean  arc_cells_equal      (const ArcCells *a,
                                const ArcCells *b);
gboolean  arc_cells_add        (ArcCells       *cells,
                                int             row,
                                int             col);
void      arc_cells_remove     (ArcCells       *cells,
                                int             row,
                                int             col);
gboolean  arc_cells_add_rect   (ArcCells       *cells,
                                const ArcRect  *rect);
gboolean  arc_cells_add_cells  (ArcCells       *cells,
                                const ArcCells *other);
void      arc_cells_clip       (ArcCells       *cells,
                                const ArcRect  *to);
void      arc_cells_clip_to_grid (ArcCells     *cells,
                                  const ArcGrid *grid);
void      arc_cells_move       (ArcCells       *cells,
                                int             drow,
                                int             dcol);
void      arc_cells_rotate     (ArcCells       *cells,
                                gboolean        clockwise);
void      arc_cells_flip       (ArcCells       *cells,
                                gboolean        horizontally);

/* The cells of a grid */
void      arc_grid_fill_cells  (ArcGrid        *grid,
                                const ArcCells *cells,
                                guint8          colour);
void      arc_grid_paste_cells (ArcGrid        *grid,
                                const ArcGrid  *piece,
                                const ArcCells *shape);

G_END_DECLS

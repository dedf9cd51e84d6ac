/* arc-grid.h: an ARC grid (1..30 x 1..30 cells, values 0..9) and the edit operations
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define ARC_GRID_MAX_SIDE 30
#define ARC_N_COLOURS     10

/* A rectangle of cells: top-left row/column and its size. */
typedef struct
{
  int row;
  int col;
  int height;
  int width;
} ArcRect;

typedef struct _ArcGrid ArcGrid;

#define ARC_TYPE_GRID (arc_grid_get_type ())

GType     arc_grid_get_type      (void) G_GNUC_CONST;

ArcGrid  *arc_grid_new           (int            height,
                                  int            width);
ArcGrid  *arc_grid_new_from_data (int            height,
                                  int            width,
                                  const guint8  *cells);
ArcGrid  *arc_grid_copy          (const ArcGrid *grid);
void      arc_grid_free          (ArcGrid       *grid);

int       arc_grid_get_height    (const ArcGrid *grid);
int       arc_grid_get_width     (const ArcGrid *grid);
guint8    arc_grid_get           (const ArcGrid *grid,
                                  int            row,
                                  int            col);
void      arc_grid_set           (ArcGrid       *grid,
                                  int            row,
                                  int            col,
                                  guint8         colour);
const guint8 *arc_grid_get_cells (const ArcGrid *grid);
gboolean  arc_grid_contains      (const ArcGrid *grid,
                                  int            row,
                                  int            col);
gboolean  arc_grid_equal         (const ArcGrid *a,
                                  const ArcGrid *b);
guint     arc_grid_count_differences (const ArcGrid *a,
                                      const ArcGrid *b);
char     *arc_grid_to_string     (const ArcGrid *grid);
ArcGrid  *arc_grid_new_from_text (const char    *text,
                                  GError       **error);
ArcGrid  *arc_grid_new_from_node (JsonNode      *node,
                                  GError       **error);
void      arc_grid_add_to_builder (const ArcGrid *grid,
                                   JsonBuilder   *builder);

gboolean  arc_size_is_valid      (int            height,
                                  int            width);
gboolean  arc_parse_size         (const char    *text,
                                  int           *height,
                                  int           *width);

/* Operations used by the solve tools. Every operation clips to the grid. */
ArcGrid  *arc_grid_resize        (const ArcGrid *grid,
                                  int            height,
                                  int            width);
void      arc_grid_clear         (ArcGrid       *grid);
guint     arc_grid_flood_fill    (ArcGrid       *grid,
                                  int            row,
                                  int            col,
                                  guint8         colour);
gboolean  arc_rect_contains      (const ArcRect *rect,
                                  int            row,
                                  int            col);
gboolean  arc_grid_clip_rect     (const ArcGrid *grid,
                                  const ArcRect *rect,
                                  ArcRect       *clipped);
ArcGrid  *arc_grid_copy_rect     (const ArcGrid *grid,
                                  const ArcRect *rect);
guint     arc_grid_paste         (ArcGrid       *grid,
                                  const ArcGrid *clip,
                                  int            row,
                                  int            col,
                                  gboolean       skip_zero);
void      arc_grid_fill_rect     (ArcGrid       *grid,
                                  const ArcRect *rect,
                                  guint8         colour);
gboolean  arc_grid_rotate_rect   (ArcGrid       *grid,
                                  const ArcRect *rect,
                                  gboolean       clockwise,
                                  ArcRect       *new_rect);
gboolean  arc_grid_flip_rect     (ArcGrid       *grid,
                                  const ArcRect *rect,
                                  gboolean       horizontally);
gboolean  arc_grid_move_rect     (ArcGrid       *grid,
                                  const ArcRect *rect,
                                  int            drow,
                                  int            dcol,
                                  ArcRect       *new_rect);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArcGrid, arc_grid_free)

G_END_DECLS

/* arc-grid-view.h: one grid, drawn by the core renderer, fitted with whole-pixel cells
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "arc-core.h"

G_BEGIN_DECLS

#define ARC_TYPE_GRID_VIEW (arc_grid_view_get_type ())

G_DECLARE_FINAL_TYPE (ArcGridView, arc_grid_view, ARC, GRID_VIEW, GtkWidget)

GtkWidget     *arc_grid_view_new            (void);
const ArcGrid *arc_grid_view_get_grid       (ArcGridView   *self);
void           arc_grid_view_set_grid       (ArcGridView   *self,
                                             const ArcGrid *grid);
void           arc_grid_view_set_palette    (ArcGridView   *self,
                                             const char    *palette);
void           arc_grid_view_set_cell_range (ArcGridView   *self,
                                             int            min_cell,
                                             int            natural_cell);
void           arc_grid_view_set_zoom       (ArcGridView   *self,
                                             int            cell);
int            arc_grid_view_get_cell_size  (ArcGridView   *self);
void           arc_grid_view_set_room       (ArcGridView   *self,
                                             int            rows,
                                             int            cols);
void           arc_grid_view_measure_fitted (ArcGridView   *self,
                                             GtkOrientation orientation,
                                             int            for_size,
                                             int           *minimum,
                                             int           *natural);
int            arc_grid_view_cell_for_size  (ArcGridView   *self,
                                             int            width,
                                             int            height);
gboolean       arc_grid_view_cell_at        (ArcGridView   *self,
                                             double         x,
                                             double         y,
                                             int           *row,
                                             int           *col);
void           arc_grid_view_set_selection  (ArcGridView   *self,
                                             const ArcCells *cells);
void           arc_grid_view_set_selection_floating (ArcGridView *self,
                                                     gboolean     floating);
void           arc_grid_view_set_cursor     (ArcGridView   *self,
                                             int            row,
                                             int            col);
gboolean       arc_grid_view_get_cursor     (ArcGridView   *self,
                                             int           *row,
                                             int           *col);
gboolean       arc_grid_view_get_hover      (ArcGridView   *self,
                                             int           *row,
                                             int           *col);
void           arc_grid_view_set_expected   (ArcGridView   *self,
                                             const ArcGrid *expected);
guint          arc_grid_view_get_n_marked   (ArcGridView   *self);
gboolean       arc_grid_view_cell_centre    (ArcGridView   *self,
                                             int            row,
                                             int            col,
                                             double        *x,
                                             double        *y);

G_END_DECLS

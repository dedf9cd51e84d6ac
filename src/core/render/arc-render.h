/* arc-render.h: drawing grids with cairo, for the screen and for files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "arc-palette.h"
#include "arc-task.h"

G_BEGIN_DECLS

typedef struct
{
  ArcPalette palette;
  gboolean   grid_lines;
  guint32    grid_line_rgb;
  gboolean   digits;
  gboolean   size_labels;        /* "H×W" under each grid of a task */
  gboolean   with_test_outputs;  /* draw known test outputs */
  int        cell_size;          /* pixels (points for PDF) per cell */
  int        wrap_width;         /* tasks: put pairs side by side up to this width; 0: one per line */
  guint32    foreground_rgb;     /* text */
  guint32    background_rgb;     /* page */
  gboolean   transparent;        /* leave the page unpainted */
  gboolean   dense;              /* tasks: narrow margins round the pairs, sizes beside their names (a short window) */
} ArcRenderOptions;

void  arc_render_options_init (ArcRenderOptions       *options);
int   arc_render_line_width   (const ArcRenderOptions *options);
int   arc_render_line_width_at (const ArcRenderOptions *options,
                                int                     cell);
int   arc_render_extent       (const ArcRenderOptions *options,
                               int                     n,
                               int                     cell);
int   arc_render_fit_cell     (const ArcRenderOptions *options,
                               int                     n,
                               int                     room,
                               int                     least,
                               int                     most);

void  arc_render_grid_size    (const ArcGrid          *grid,
                               const ArcRenderOptions *options,
                               int                    *width,
                               int                    *height);
void  arc_render_set_rgb      (cairo_t                *cr,
                               guint32                 rgb);
void  arc_render_grid         (cairo_t                *cr,
                               const ArcGrid          *grid,
                               double                  x,
                               double                  y,
                               const ArcRenderOptions *options);


G_END_DECLS

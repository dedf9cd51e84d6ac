/* arc-render.c: drawing grids with cairo, for the screen and for files
 *
 * Cells are whole device units: with grid lines, a grid of W columns is
 * W * cell + (W + 1) * line wide, and every cell starts on a whole unit, so
 * that drawings are crisp at any size. All cells of one colour are filled as
 * one path, which keeps drawing a whole task to a few dozen fills.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include "arc-render.h"

/* @rgb as the source of @cr */
void
arc_render_set_rgb (cairo_t *cr,
                    guint32  rgb)
{
  cairo_set_source_rgb (cr, ((rgb >> 16) & 0xFF) / 255.0, ((rgb >> 8) & 0xFF) / 255.0, (rgb & 0xFF) / 255.0);
}

/* Grids */

void
arc_render_options_init (ArcRenderOptions *options)
{
  memset (options, 0, sizeof *options);
  options->palette = ARC_PALETTE_STANDARD;
  options->grid_lines = TRUE;
  options->grid_line_rgb = ARC_GRID_LINE_RGB;
  options->size_labels = TRUE;
  options->cell_size = 16;
  options->foreground_rgb = 0x222222;
  options->background_rgb = 0xFFFFFF;
}

int
arc_render_line_width (const ArcRenderOptions *options)
{
  if (!options->grid_lines)
    return 0;
  return options->cell_size >= 32 ? 2 : 1;
}

/* The grid lines' width with cells of @cell pixels */
int
arc_render_line_width_at (const ArcRenderOptions *options,
                          int                     cell)
{
  ArcRenderOptions at = *options;

  at.cell_size = cell;
  return arc_render_line_width (&at);
}

/* The side of @n cells of @cell pixels, with their lines */
int
arc_render_extent (const ArcRenderOptions *options,
                   int                     n,
                   int                     cell)
{
  int line = arc_render_line_width_at (options, cell);

  return n * (cell + line) + line;
}

/* The largest cell from @least to @most pixels at which @n cells fit in
 * @room (@least when none does) */
int
arc_render_fit_cell (const ArcRenderOptions *options,
                     int                     n,
                     int                     room,
                     int                     least,
                     int                     most)
{
  int cell = most;

  while (cell > least && arc_render_extent (options, n, cell) > room)
    cell--;
  return cell;
}

void
arc_render_grid_size (const ArcGrid          *grid,
                      const ArcRenderOptions *options,
                      int                    *width,
                      int                    *height)
{
  if (width)
    *width = arc_render_extent (options, arc_grid_get_width (grid), options->cell_size);
  if (height)
    *height = arc_render_extent (options, arc_grid_get_height (grid), options->cell_size);
}

/* Where one grid is drawn: what every way of drawing it needs. */
typedef struct
{
  const ArcRenderOptions *options;
  const guint32          *colours;  /* of the options' palette */
  const guint8           *cells;
  double                  x, y;
  int                     w, h;
  int                     line, cell, step;
} GridPlace;

static GridPlace
grid_place (const ArcGrid          *grid,
            double                  x,
            double                  y,
            const ArcRenderOptions *options)
{
  int line = arc_render_line_width (options);

  return (GridPlace) {
    .options = options, .colours = arc_palette_get_colours (options->palette),
    .cells = arc_grid_get_cells (grid), .x = x, .y = y,
    .w = arc_grid_get_width (grid), .h = arc_grid_get_height (grid),
    .line = line, .cell = options->cell_size, .step = options->cell_size + line,
  };
}

/* Digits: one glyph run per text colour, glyphs looked up once. */
static void
draw_digits (cairo_t         *cr,
             const GridPlace *g)
{
  int w = g->w, h = g->h;
  cairo_glyph_t digit[ARC_N_COLOURS];
  double dx[ARC_N_COLOURS], dy[ARC_N_COLOURS];
  cairo_scaled_font_t *font;
  g_autofree cairo_glyph_t *dark = NULL;
  g_autofree cairo_glyph_t *light = NULL;
  int n_dark = 0, n_light = 0;

  if (g->cell < 8)
    return;  /* too small to read */

  cairo_save (cr);
  cairo_select_font_face (cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, g->cell * 0.6);
  font = cairo_get_scaled_font (cr);
  for (int v = 0; v < ARC_N_COLOURS; v++)
    {
      char text[2] = { (char) ('0' + v), 0 };
      cairo_glyph_t *glyphs = NULL;
      int n = 0;
      cairo_text_extents_t ext;

      cairo_scaled_font_text_to_glyphs (font, 0, 0, text, 1, &glyphs, &n, NULL, NULL, NULL);
      digit[v] = n > 0 ? glyphs[0] : (cairo_glyph_t) { 0, 0, 0 };
      cairo_glyph_free (glyphs);
      cairo_scaled_font_glyph_extents (font, &digit[v], 1, &ext);
      dx[v] = -ext.width / 2 - ext.x_bearing;
      dy[v] = -ext.height / 2 - ext.y_bearing;
    }

  dark = g_new (cairo_glyph_t, (gsize) (w * h));
  light = g_new (cairo_glyph_t, (gsize) (w * h));
  for (int r = 0; r < h; r++)
    for (int c = 0; c < w; c++)
      {
        guint8 v = g->cells[r * w + c];
        cairo_glyph_t glyph = digit[v];

        glyph.x = g->x + g->line + c * g->step + g->cell / 2.0 + dx[v];
        glyph.y = g->y + g->line + r * g->step + g->cell / 2.0 + dy[v];
        if (arc_contrast_text_rgb (g->colours[v]) == 0x000000)
          dark[n_dark++] = glyph;
        else
          light[n_light++] = glyph;
      }
  arc_render_set_rgb (cr, 0x000000);
  cairo_show_glyphs (cr, dark, n_dark);
  arc_render_set_rgb (cr, 0xFFFFFF);
  cairo_show_glyphs (cr, light, n_light);
  cairo_restore (cr);
}

/* Bitmaps (the screen, PNG): the grid at one pixel per cell, scaled up
 * without smoothing, then the lines on top: a handful of operations for
 * any grid. The pixels are exactly those of the vector path below. */
static void
draw_cells_raster (cairo_t         *cr,
                   const GridPlace *g)
{
  int line = g->line, step = g->step, w = g->w, h = g->h;
  double x = g->x, y = g->y;
  guint32 data[ARC_GRID_MAX_SIDE * ARC_GRID_MAX_SIDE];
  cairo_surface_t *image;
  cairo_pattern_t *pattern;
  cairo_matrix_t matrix;

  for (int i = 0; i < w * h; i++)
    data[i] = 0xFF000000 | g->colours[g->cells[i]];
  image = cairo_image_surface_create_for_data ((unsigned char *) data, CAIRO_FORMAT_RGB24, w, h, w * 4);
  pattern = cairo_pattern_create_for_surface (image);
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_NEAREST);
  /* Each cell, with the line above and left of it, is a step-sized square */
  cairo_matrix_init_scale (&matrix, 1.0 / step, 1.0 / step);
  cairo_matrix_translate (&matrix, -x, -y);
  cairo_pattern_set_matrix (pattern, &matrix);
  cairo_set_source (cr, pattern);
  cairo_rectangle (cr, x, y, w * step, h * step);
  cairo_fill (cr);
  cairo_pattern_destroy (pattern);
  cairo_surface_finish (image);
  cairo_surface_destroy (image);

  if (line > 0)
    {
      int width = w * step + line, height = h * step + line;

      for (int c = 0; c <= w; c++)
        cairo_rectangle (cr, x + c * step, y, line, height);
      for (int r = 0; r <= h; r++)
        cairo_rectangle (cr, x, y + r * step, width, line);
      arc_render_set_rgb (cr, g->options->grid_line_rgb);
      cairo_fill (cr);
    }
}

static void
intersect_rect (cairo_rectangle_int_t *a,
                             int                    x,
                             int                    y,
                             int                    width,
                             int                    height)
{
  int x0 = MAX (a->x, x), y0 = MAX (a->y, y);
  int x1 = MIN (a->x + a->width, x + width), y1 = MIN (a->y + a->height, y + height);

  a->x = x0;
  a->y = y0;
  a->width = MAX (x1 - x0, 0);
  a->height = MAX (y1 - y0, 0);
}

/* Writes an opaque rectangle straight into image memory, clipped to @clip. */
static void
fill_pixels (guint8                      *data,
             int                          stride,
             const cairo_rectangle_int_t *clip,
             int                          x,
             int                          y,
             int                          width,
             int                          height,
             guint32                      pixel)
{
  int x0 = MAX (x, clip->x), y0 = MAX (y, clip->y);
  int x1 = MIN (x + width, clip->x + clip->width), y1 = MIN (y + height, clip->y + clip->height);

  for (int row = y0; row < y1; row++)
    {
      guint32 *p = (guint32 *) (data + (gsize) row * (gsize) stride) + x0;

      for (int col = x0; col < x1; col++)
        *p++ = pixel;
    }
}

/* The fastest way, when it is exact: an image surface, no scaling, whole
 * pixel positions and a rectangular clip. Returns FALSE when it cannot be
 * used. The pixels are the same as those of the other paths. */
static gboolean
draw_cells_direct (cairo_t         *cr,
                   const GridPlace *g)
{
  cairo_surface_t *target = cairo_get_target (cr);
  cairo_rectangle_list_t *clips;
  cairo_rectangle_int_t clip;
  cairo_matrix_t m;
  cairo_format_t format;
  double off_x, off_y, scale_x, scale_y, dx, dy;
  int line = g->line, cell = g->cell, step = g->step, w = g->w, h = g->h;
  guint8 *data;
  int stride, ox, oy;

  if (cairo_surface_get_type (target) != CAIRO_SURFACE_TYPE_IMAGE)
    return FALSE;
  format = cairo_image_surface_get_format (target);
  if (format != CAIRO_FORMAT_ARGB32 && format != CAIRO_FORMAT_RGB24)
    return FALSE;
  cairo_get_matrix (cr, &m);
  cairo_surface_get_device_offset (target, &off_x, &off_y);
  cairo_surface_get_device_scale (target, &scale_x, &scale_y);
  if (m.xx != 1.0 || m.yy != 1.0 || m.xy != 0.0 || m.yx != 0.0 || scale_x != 1.0 || scale_y != 1.0)
    return FALSE;
  dx = g->x + m.x0 + off_x;
  dy = g->y + m.y0 + off_y;
  if (dx != (int) dx || dy != (int) dy)
    return FALSE;

  /* One clip rectangle at most, in device space */
  clips = cairo_copy_clip_rectangle_list (cr);
  if (clips->status != CAIRO_STATUS_SUCCESS || clips->num_rectangles > 1)
    {
      cairo_rectangle_list_destroy (clips);
      return FALSE;
    }
  clip = (cairo_rectangle_int_t) { 0, 0, cairo_image_surface_get_width (target), cairo_image_surface_get_height (target) };
  if (clips->num_rectangles == 1)
    {
      cairo_rectangle_t *r = &clips->rectangles[0];
      double cx = r->x + m.x0 + off_x, cy = r->y + m.y0 + off_y;

      if (cx != (int) cx || cy != (int) cy || r->width != (int) r->width || r->height != (int) r->height)
        {
          cairo_rectangle_list_destroy (clips);
          return FALSE;
        }
      intersect_rect (&clip, (int) cx, (int) cy, (int) r->width, (int) r->height);
    }
  else
    clip.width = clip.height = 0;  /* everything is clipped away */
  cairo_rectangle_list_destroy (clips);

  cairo_surface_flush (target);
  data = cairo_image_surface_get_data (target);
  stride = cairo_image_surface_get_stride (target);
  ox = (int) dx;
  oy = (int) dy;
  if (line > 0)
    {
      guint32 lines = 0xFF000000 | g->options->grid_line_rgb;

      for (int c = 0; c <= w; c++)
        fill_pixels (data, stride, &clip, ox + c * step, oy, line, h * step + line, lines);
      for (int r = 0; r <= h; r++)
        fill_pixels (data, stride, &clip, ox, oy + r * step, w * step + line, line, lines);
    }
  for (int r = 0; r < h; r++)
    for (int c = 0; c < w; c++)
      fill_pixels (data, stride, &clip, ox + line + c * step, oy + line + r * step, cell, cell,
                   0xFF000000 | g->colours[g->cells[r * w + c]]);
  cairo_surface_mark_dirty_rectangle (target, ox, oy, w * step + line, h * step + line);
  return TRUE;
}

/* Vectors (SVG, PDF): one path of rectangles per colour. */
static void
draw_cells_vector (cairo_t         *cr,
                   const GridPlace *g)
{
  int line = g->line, cell = g->cell, step = g->step, w = g->w, h = g->h;
  double x = g->x, y = g->y;
  const guint8 *cells = g->cells;
  gboolean used[ARC_N_COLOURS] = { FALSE };
  int width = w * step + line, height = h * step + line;

  if (line > 0)
    {
      /* The lines are what shows between the cells */
      arc_render_set_rgb (cr, g->options->grid_line_rgb);
      cairo_rectangle (cr, x, y, width, height);
      cairo_fill (cr);
    }
  for (int i = 0; i < w * h; i++)
    used[cells[i]] = TRUE;
  for (int v = 0; v < ARC_N_COLOURS; v++)
    {
      if (!used[v])
        continue;
      for (int r = 0; r < h; r++)
        {
          int c = 0;

          while (c < w)
            {
              int run;

              if (cells[r * w + c] != v)
                {
                  c++;
                  continue;
                }
              /* Without lines, a run of equal cells is one rectangle */
              for (run = 1; line == 0 && c + run < w && cells[r * w + c + run] == v; run++);
              cairo_rectangle (cr, x + line + c * step, y + line + r * step, run * step - line, cell);
              c += run;
            }
        }
      arc_render_set_rgb (cr, g->colours[v]);
      cairo_fill (cr);
    }
}

static gboolean
is_vector_target (cairo_t *cr)
{
  switch (cairo_surface_get_type (cairo_get_target (cr)))
    {
    case CAIRO_SURFACE_TYPE_PDF:
    case CAIRO_SURFACE_TYPE_PS:
    case CAIRO_SURFACE_TYPE_SVG:
      return TRUE;
    default:
      return FALSE;
    }
}

/**
 * arc_render_grid:
 * Draws @grid with its top-left corner at (@x, @y), in the palette, grid
 * lines and digits of @options; see arc_render_grid_size() for its size.
 * SVG and PDF get one vector rectangle per cell.
 */
void
arc_render_grid (cairo_t                *cr,
                 const ArcGrid          *grid,
                 double                  x,
                 double                  y,
                 const ArcRenderOptions *options)
{
  GridPlace place;

  g_return_if_fail (cr != NULL && grid != NULL && options != NULL);

  place = grid_place (grid, x, y, options);
  cairo_save (cr);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  if (is_vector_target (cr))
    draw_cells_vector (cr, &place);
  else if (!draw_cells_direct (cr, &place))
    draw_cells_raster (cr, &place);
  cairo_restore (cr);

  if (options->digits)
    draw_digits (cr, &place);
}

/* arc-render.c: drawing grids and tasks with cairo, for the screen and for files
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

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "arc-render.h"

/* Palettes */

static const guint32 palettes[ARC_N_PALETTES][ARC_N_COLOURS] = {
  /* The ARC-AGI testing interface */
  [ARC_PALETTE_STANDARD] = { 0x000000, 0x0074D9, 0xFF4136, 0x2ECC40, 0xFFDC00,
                             0xAAAAAA, 0xF012BE, 0xFF851B, 0x7FDBFF, 0x870C25 },
  /* Derived from Okabe and Ito's palette and tuned so that every pair stays
   * at least 24 CIELAB units apart for normal vision and under simulated
   * protanopia, deuteranopia and tritanopia (Machado et al. 2009). */
  [ARC_PALETTE_COLOUR_BLIND] = { 0x000000, 0x00469C, 0xB34014, 0x009460, 0xF0E442,
                                 0xB0B0B0, 0x9D699C, 0xF5A65C, 0x58D0FF, 0x681900 },
  /* Saturated colours far apart in lightness; grey becomes white. At least
   * 27 CIELAB units apart, with and without simulated colour blindness. */
  [ARC_PALETTE_HIGH_CONTRAST] = { 0x000000, 0x3618E5, 0xB91D01, 0x109475, 0xFFDA00,
                                  0xFFFFFF, 0xE43EFE, 0xDA9113, 0x45D6F9, 0x7F292A },
};

static const char * const palette_names[ARC_N_PALETTES] = {
  "standard", "colour-blind", "high-contrast",
};

const char *
arc_palette_get_name (ArcPalette palette)
{
  g_return_val_if_fail (palette < ARC_N_PALETTES, NULL);
  return palette_names[palette];
}

gboolean
arc_palette_from_name (const char *name,
                       ArcPalette *palette)
{
  for (int i = 0; i < ARC_N_PALETTES; i++)
    if (g_strcmp0 (name, palette_names[i]) == 0)
      {
        *palette = (ArcPalette) i;
        return TRUE;
      }
  return FALSE;
}

guint32
arc_palette_get_rgb (ArcPalette palette,
                     guint8     colour)
{
  g_return_val_if_fail (palette < ARC_N_PALETTES, 0);
  g_return_val_if_fail (colour < ARC_N_COLOURS, 0);
  return palettes[palette][colour];
}

const char *
arc_colour_get_name (guint8 colour)
{
  static const char * const names[ARC_N_COLOURS] = {
    N_("black"), N_("blue"), N_("red"), N_("green"), N_("yellow"),
    N_("grey"), N_("fuchsia"), N_("orange"), N_("teal"), N_("brown"),
  };

  g_return_val_if_fail (colour < ARC_N_COLOURS, NULL);
  return _(names[colour]);
}

/* Black or white, whichever reads better on @background (WCAG luminance). */
guint32
arc_contrast_text_rgb (guint32 background)
{
  double c[3], lum;

  for (int i = 0; i < 3; i++)
    {
      double v = ((background >> (16 - 8 * i)) & 0xFF) / 255.0;
      c[i] = v <= 0.04045 ? v / 12.92 : pow ((v + 0.055) / 1.055, 2.4);
    }
  lum = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  /* Contrast with black (lum + 0.05) / 0.05 against white 1.05 / (lum + 0.05) */
  return (lum + 0.05) * (lum + 0.05) > 0.05 * 1.05 ? 0x000000 : 0xFFFFFF;
}

static void
set_rgb (cairo_t *cr,
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

void
arc_render_grid_size (const ArcGrid          *grid,
                      const ArcRenderOptions *options,
                      int                    *width,
                      int                    *height)
{
  int line = arc_render_line_width (options);
  int cell = options->cell_size;

  if (width)
    *width = arc_grid_get_width (grid) * (cell + line) + line;
  if (height)
    *height = arc_grid_get_height (grid) * (cell + line) + line;
}

/* Where one grid is drawn: what every way of drawing it needs. */
typedef struct
{
  const ArcRenderOptions *options;
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
    .options = options, .cells = arc_grid_get_cells (grid), .x = x, .y = y,
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
        if (arc_contrast_text_rgb (palettes[g->options->palette][v]) == 0x000000)
          dark[n_dark++] = glyph;
        else
          light[n_light++] = glyph;
      }
  set_rgb (cr, 0x000000);
  cairo_show_glyphs (cr, dark, n_dark);
  set_rgb (cr, 0xFFFFFF);
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
    data[i] = 0xFF000000 | palettes[g->options->palette][g->cells[i]];
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
      set_rgb (cr, g->options->grid_line_rgb);
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
                   0xFF000000 | palettes[g->options->palette][g->cells[r * w + c]]);
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
      set_rgb (cr, g->options->grid_line_rgb);
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
      set_rgb (cr, palettes[g->options->palette][v]);
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

/* Tasks */

#define PAD           16
#define TITLE_SIZE    18.0
#define LABEL_SIZE    12.0
#define TITLE_HEIGHT  28
#define LABEL_HEIGHT  18
#define ARROW_WIDTH   36
#define ROW_GAP       14

typedef struct
{
  int    x, y;
  double size;
  gboolean bold;
  char  *text;
} TextItem;

struct _ArcTaskLayout
{
  ArcTask          *task;
  ArcRenderOptions  options;
  int               width, height;
  GArray           *slots;   /* ArcSlot */
  GArray           *texts;   /* TextItem */
  GArray           *arrows;  /* int pairs: x, y of each arrow's middle */
};

static void
text_item_clear (gpointer data)
{
  g_free (((TextItem *) data)->text);
}

static void
add_text (ArcTaskLayout *layout,
          int            x,
          int            y,
          double         size,
          gboolean       bold,
          char          *text)
{
  TextItem item = { x, y, size, bold, text };
  g_array_append_val (layout->texts, item);
}

static void
slot_size (ArcTaskLayout *layout,
           const ArcGrid *grid,
           const ArcGrid *like,
           int           *w,
           int           *h)
{
  arc_render_grid_size (grid ? grid : like, &layout->options, w, h);
}

#define COLUMN_GAP    32

/* Where the next pair goes: pairs flow left to right while they fit in
 * options.wrap_width (when set), then start a new line. */
typedef struct
{
  int x, y;
  int line_height;
} Cursor;

static int
block_width (ArcTaskLayout *layout,
             const ArcGrid *input,
             const ArcGrid *output,
             gboolean       show_output)
{
  int in_w, out_w = 0;

  slot_size (layout, input, input, &in_w, NULL);
  if (show_output)
    slot_size (layout, output, input, &out_w, NULL);
  return show_output ? in_w + ARROW_WIDTH + out_w : in_w;
}

/* Lays out one pair: label, input, arrow, output (if any). */
static void
layout_pair (ArcTaskLayout *layout,
             Cursor        *cursor,
             char          *label,
             ArcSlotKind    in_kind,
             guint          index,
             const ArcGrid *input,
             const ArcGrid *output,
             gboolean       show_output)
{
  int width = block_width (layout, input, output, show_output);
  int wrap = layout->options.wrap_width;
  ArcSlot in_slot;
  int grids_h, block_h;

  if (cursor->x > PAD && wrap > 0 && cursor->x + width + PAD > wrap)
    {
      cursor->y += cursor->line_height + ROW_GAP;
      cursor->x = PAD;
      cursor->line_height = 0;
    }
  in_slot = (ArcSlot) { in_kind, index, input, cursor->x, cursor->y + LABEL_HEIGHT, 0, 0 };
  add_text (layout, cursor->x, cursor->y + (int) LABEL_SIZE, LABEL_SIZE, TRUE, label);
  slot_size (layout, input, input, &in_slot.width, &in_slot.height);
  g_array_append_val (layout->slots, in_slot);
  grids_h = in_slot.height;

  if (show_output)
    {
      ArcSlot out_slot = { in_kind + 1, index, output, in_slot.x + in_slot.width + ARROW_WIDTH, in_slot.y, 0, 0 };
      int arrow[2];

      slot_size (layout, output, input, &out_slot.width, &out_slot.height);
      g_array_append_val (layout->slots, out_slot);
      grids_h = MAX (grids_h, out_slot.height);
      arrow[0] = in_slot.x + in_slot.width + ARROW_WIDTH / 2;
      arrow[1] = in_slot.y + MIN (in_slot.height, out_slot.height) / 2;
      g_array_append_vals (layout->arrows, arrow, 2);
    }

  if (layout->options.size_labels)
    {
      for (guint i = layout->slots->len - (show_output ? 2 : 1); i < layout->slots->len; i++)
        {
          ArcSlot *s = &g_array_index (layout->slots, ArcSlot, i);
          char *text = s->grid ? g_strdup_printf ("%d×%d", arc_grid_get_height (s->grid), arc_grid_get_width (s->grid))
                               : g_strdup ("?");

          add_text (layout, s->x, in_slot.y + grids_h + (int) LABEL_SIZE + 4, LABEL_SIZE, FALSE, text);
        }
      grids_h += LABEL_HEIGHT;
    }
  block_h = LABEL_HEIGHT + grids_h;
  layout->width = MAX (layout->width, cursor->x + width + PAD);
  cursor->line_height = MAX (cursor->line_height, block_h);
  cursor->x += width + COLUMN_GAP;
}

/* Ends a line of pairs: the test inputs start on a line of their own. */
static void
new_line (Cursor *cursor)
{
  if (cursor->line_height > 0)
    cursor->y += cursor->line_height + ROW_GAP;
  cursor->x = PAD;
  cursor->line_height = 0;
}

/**
 * arc_task_layout_new:
 * @title: (nullable): drawn above the pairs, usually the task id
 *
 * Places every grid of @task at the cell size of @options: each train pair
 * as input → output, then the test inputs, with their outputs when
 * @options asks for them (an unknown output is drawn as a "?" placeholder).
 * Without a wrap width, each pair has a line of its own; with one, pairs
 * flow side by side while they fit.
 */
ArcTaskLayout *
arc_task_layout_new (ArcTask                *task,
                     const char             *title,
                     const ArcRenderOptions *options)
{
  ArcTaskLayout *layout;
  Cursor cursor = { PAD, PAD, 0 };

  g_return_val_if_fail (ARC_IS_TASK (task), NULL);
  g_return_val_if_fail (options != NULL && options->cell_size >= 1, NULL);

  layout = g_new0 (ArcTaskLayout, 1);
  layout->task = g_object_ref (task);
  layout->options = *options;
  layout->slots = g_array_new (FALSE, FALSE, sizeof (ArcSlot));
  layout->texts = g_array_new (FALSE, FALSE, sizeof (TextItem));
  g_array_set_clear_func (layout->texts, text_item_clear);
  layout->arrows = g_array_new (FALSE, FALSE, sizeof (int));
  layout->width = 2 * PAD;

  if (title && *title)
    {
      add_text (layout, PAD, cursor.y + (int) TITLE_SIZE, TITLE_SIZE, TRUE, g_strdup (title));
      cursor.y += TITLE_HEIGHT + 6;
    }
  for (guint i = 0; i < arc_task_get_n_train (task); i++)
    {
      const ArcPair *pair = arc_task_get_train (task, i);

      layout_pair (layout, &cursor, g_strdup_printf (_("Train %u"), i + 1), ARC_SLOT_TRAIN_INPUT, i,
                   pair->input, pair->output, TRUE);
      if (options->wrap_width <= 0)
        new_line (&cursor);
    }
  new_line (&cursor);
  for (guint i = 0; i < arc_task_get_n_test (task); i++)
    {
      const ArcPair *pair = arc_task_get_test (task, i);

      layout_pair (layout, &cursor, g_strdup_printf (_("Test %u"), i + 1), ARC_SLOT_TEST_INPUT, i,
                   pair->input, pair->output, options->with_test_outputs);
      if (options->wrap_width <= 0)
        new_line (&cursor);
    }
  new_line (&cursor);
  layout->height = cursor.y - ROW_GAP + PAD;
  return layout;
}

void
arc_task_layout_free (ArcTaskLayout *layout)
{
  if (layout == NULL)
    return;
  g_object_unref (layout->task);
  g_array_unref (layout->slots);
  g_array_unref (layout->texts);
  g_array_unref (layout->arrows);
  g_free (layout);
}

void
arc_task_layout_get_size (ArcTaskLayout *layout,
                          int           *width,
                          int           *height)
{
  if (width)
    *width = layout->width;
  if (height)
    *height = layout->height;
}

int
arc_task_layout_get_cell_size (ArcTaskLayout *layout)
{
  return layout->options.cell_size;
}

guint
arc_task_layout_get_n_slots (ArcTaskLayout *layout)
{
  return layout->slots->len;
}

const ArcSlot *
arc_task_layout_get_slot (ArcTaskLayout *layout,
                          guint          index)
{
  g_return_val_if_fail (index < layout->slots->len, NULL);
  return &g_array_index (layout->slots, ArcSlot, index);
}

/**
 * arc_task_layout_hit:
 * Finds the grid and cell at (@x, @y). A point on a grid line belongs to
 * the cell below and to the right of it.
 *
 * Returns: (nullable): the slot, with @row and @col set, or %NULL
 */
const ArcSlot *
arc_task_layout_hit (ArcTaskLayout *layout,
                     double         x,
                     double         y,
                     int           *row,
                     int           *col)
{
  int line = arc_render_line_width (&layout->options);
  int step = layout->options.cell_size + line;

  for (guint i = 0; i < layout->slots->len; i++)
    {
      const ArcSlot *s = &g_array_index (layout->slots, ArcSlot, i);
      int r, c;

      if (s->grid == NULL || x < s->x || y < s->y || x >= s->x + s->width || y >= s->y + s->height)
        continue;
      r = (int) floor ((y - s->y - line) / step);
      c = (int) floor ((x - s->x - line) / step);
      r = CLAMP (r, 0, arc_grid_get_height (s->grid) - 1);
      c = CLAMP (c, 0, arc_grid_get_width (s->grid) - 1);
      if (row)
        *row = r;
      if (col)
        *col = c;
      return s;
    }
  return NULL;
}

static void
draw_placeholder (cairo_t                *cr,
                  const ArcSlot          *s,
                  const ArcRenderOptions *options)
{
  const double dash[] = { 4.0, 4.0 };
  cairo_text_extents_t ext;

  cairo_save (cr);
  set_rgb (cr, options->foreground_rgb);
  cairo_set_line_width (cr, 1.0);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_rectangle (cr, s->x + 0.5, s->y + 0.5, s->width - 1, s->height - 1);
  cairo_stroke (cr);
  cairo_select_font_face (cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, MIN (s->height * 0.5, 32.0));
  cairo_text_extents (cr, "?", &ext);
  cairo_move_to (cr, s->x + s->width / 2.0 - ext.width / 2 - ext.x_bearing,
                 s->y + s->height / 2.0 - ext.height / 2 - ext.y_bearing);
  cairo_show_text (cr, "?");
  cairo_restore (cr);
}

void
arc_task_layout_draw (ArcTaskLayout *layout,
                      cairo_t       *cr)
{
  const ArcRenderOptions *o = &layout->options;

  cairo_save (cr);
  if (!o->transparent)
    {
      set_rgb (cr, o->background_rgb);
      cairo_rectangle (cr, 0, 0, layout->width, layout->height);
      cairo_fill (cr);
    }

  for (guint i = 0; i < layout->slots->len; i++)
    {
      const ArcSlot *s = &g_array_index (layout->slots, ArcSlot, i);

      if (s->grid)
        arc_render_grid (cr, s->grid, s->x, s->y, o);
      else
        draw_placeholder (cr, s, o);
    }

  set_rgb (cr, o->foreground_rgb);
  cairo_set_line_width (cr, 2.0);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint i = 0; i + 1 < layout->arrows->len; i += 2)
    {
      double ax = g_array_index (layout->arrows, int, i);
      double ay = g_array_index (layout->arrows, int, i + 1) + 0.5;

      cairo_move_to (cr, ax - 10, ay);
      cairo_line_to (cr, ax + 10, ay);
      cairo_move_to (cr, ax + 4, ay - 6);
      cairo_line_to (cr, ax + 10, ay);
      cairo_line_to (cr, ax + 4, ay + 6);
      cairo_stroke (cr);
    }

  for (guint i = 0; i < layout->texts->len; i++)
    {
      const TextItem *t = &g_array_index (layout->texts, TextItem, i);

      cairo_select_font_face (cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
                              t->bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
      cairo_set_font_size (cr, t->size);
      cairo_move_to (cr, t->x, t->y);
      cairo_show_text (cr, t->text);
    }
  cairo_restore (cr);
}

/**
 * arc_task_layout_get_train_height:
 * Returns: the height from the top down to the end of the train pairs (with
 * their size labels): what must fit to see the examples
 */
int
arc_task_layout_get_train_height (ArcTaskLayout *layout)
{
  int bottom = 0;

  g_return_val_if_fail (layout != NULL, 0);

  for (guint i = 0; i < layout->slots->len; i++)
    {
      const ArcSlot *s = &g_array_index (layout->slots, ArcSlot, i);

      if (s->kind == ARC_SLOT_TRAIN_INPUT || s->kind == ARC_SLOT_TRAIN_OUTPUT)
        bottom = MAX (bottom, s->y + s->height + (layout->options.size_labels ? LABEL_HEIGHT : 0));
    }
  return bottom > 0 ? MIN (bottom + PAD, layout->height) : layout->height;
}

/**
 * arc_task_layout_fit_cell:
 *
 * Returns: the largest cell size in @fit's min_cell..max_cell at which the
 * task, wrapped to its width, fits in that width and in its height. When no
 * cell size of at least @fit's readable size fits the height, the task will
 * scroll: then the largest that fits the width, but no more than twice the
 * readable size, so that scrolling stays short; min_cell if nothing fits.
 */
int
arc_task_layout_fit_cell (ArcTask                *task,
                          const ArcRenderOptions *options,
                          const ArcCellFit       *fit)
{
  ArcRenderOptions o = *options;
  int fits_width = 0;

  o.wrap_width = fit->width;
  for (int cell = fit->max_cell; cell >= fit->min_cell; cell--)
    {
      g_autoptr(ArcTaskLayout) layout = NULL;

      o.cell_size = cell;
      layout = arc_task_layout_new (task, NULL, &o);
      if (layout->width > fit->width)
        continue;
      if (fits_width == 0)
        fits_width = cell;
      if (fit->height < 0 ||
          (fit->train_only ? arc_task_layout_get_train_height (layout) : layout->height) <= fit->height)
        return cell;
      if (cell <= fit->readable)
        break;
    }
  if (fits_width == 0)
    return fit->min_cell;
  return MAX (MIN (fits_width, 2 * fit->readable), fit->min_cell);
}

/**
 * arc_slot_describe:
 * Returns: e.g. "train 2 output" (translated)
 */
char *
arc_slot_describe (const ArcSlot *slot)
{
  switch (slot->kind)
    {
    case ARC_SLOT_TRAIN_INPUT: return g_strdup_printf (_("train %u input"), slot->index + 1);
    case ARC_SLOT_TRAIN_OUTPUT: return g_strdup_printf (_("train %u output"), slot->index + 1);
    case ARC_SLOT_TEST_INPUT: return g_strdup_printf (_("test %u input"), slot->index + 1);
    case ARC_SLOT_TEST_OUTPUT:
    default: return g_strdup_printf (_("test %u output"), slot->index + 1);
    }
}

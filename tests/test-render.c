/* test-render.c: the cairo renderer, read back pixel by pixel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "arc-core.h"

#ifdef HAVE_RSVG
#include <librsvg/rsvg.h>
#endif
#ifdef HAVE_POPPLER
#include <poppler.h>
#endif

static guint32
pixel (cairo_surface_t *surface, int x, int y)
{
  unsigned char *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (y, <, cairo_image_surface_get_height (surface));
  cairo_surface_flush (surface);
  return *(guint32 *) (data + y * stride + x * 4) & 0xFFFFFF;
}

static ArcGrid *
all_colours_grid (void)
{
  /* 2 x 5: every colour once */
  guint8 cells[10] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 };
  return arc_grid_new_from_data (2, 5, cells);
}

static cairo_surface_t *
render_grid (const ArcGrid *grid, const ArcRenderOptions *o)
{
  int w, h;
  cairo_surface_t *surface;
  cairo_t *cr;

  arc_render_grid_size (grid, o, &w, &h);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  arc_render_grid (cr, grid, 0, 0, o);
  cairo_destroy (cr);
  return surface;
}

static void
test_palette (void)
{
  ArcPalette p;

  /* The standard palette to the exact hex value */
  static const guint32 expected[10] = { 0x000000, 0x0074D9, 0xFF4136, 0x2ECC40, 0xFFDC00,
                                        0xAAAAAA, 0xF012BE, 0xFF851B, 0x7FDBFF, 0x870C25 };
  for (guint8 v = 0; v < 10; v++)
    g_assert_cmphex (arc_palette_get_rgb (ARC_PALETTE_STANDARD, v), ==, expected[v]);
  g_assert_true (arc_palette_from_name ("colour-blind", &p));
  g_assert_cmpint (p, ==, ARC_PALETTE_COLOUR_BLIND);
  g_assert_false (arc_palette_from_name ("nope", &p));
  g_assert_cmphex (arc_contrast_text_rgb (0x000000), ==, 0xFFFFFF);
  g_assert_cmphex (arc_contrast_text_rgb (0xFFDC00), ==, 0x000000);
  g_assert_cmphex (arc_contrast_text_rgb (0x870C25), ==, 0xFFFFFF);
}

/* CIELAB, and Machado et al. (2009) colour-vision-deficiency simulation */
static double
linear (double c)
{
  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

static void
to_lab (const double rgb[3], double lab[3])
{
  double X = 0.4124 * rgb[0] + 0.3576 * rgb[1] + 0.1805 * rgb[2];
  double Y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
  double Z = 0.0193 * rgb[0] + 0.1192 * rgb[1] + 0.9505 * rgb[2];
  double f[3] = { X / 0.95047, Y, Z / 1.08883 };

  for (int i = 0; i < 3; i++)
    f[i] = f[i] > 0.008856 ? cbrt (f[i]) : 7.787 * f[i] + 16.0 / 116.0;
  lab[0] = 116 * f[1] - 16;
  lab[1] = 500 * (f[0] - f[1]);
  lab[2] = 200 * (f[1] - f[2]);
}

static const double cvd[3][3][3] = {
  { { 0.152286, 1.052583, -0.204868 }, { 0.114503, 0.786281, 0.099216 }, { -0.003882, -0.048116, 1.051998 } },
  { { 0.367322, 0.860646, -0.227968 }, { 0.280085, 0.672501, 0.047413 }, { -0.011820, 0.042940, 0.968881 } },
  { { 1.255528, -0.076749, -0.178779 }, { -0.078411, 0.930809, 0.147602 }, { 0.004733, 0.691367, 0.303900 } },
};

static void
colour_lab (guint32 rgb, int deficiency, double lab[3])
{
  double lin[3], out[3];

  for (int i = 0; i < 3; i++)
    lin[i] = linear (((rgb >> (16 - 8 * i)) & 0xFF) / 255.0);
  for (int i = 0; i < 3; i++)
    {
      out[i] = lin[i];
      if (deficiency >= 0)
        out[i] = CLAMP (cvd[deficiency][i][0] * lin[0] + cvd[deficiency][i][1] * lin[1] + cvd[deficiency][i][2] * lin[2], 0, 1);
    }
  to_lab (out, lab);
}

static double
min_distance (ArcPalette palette, int deficiency)
{
  double best = G_MAXDOUBLE;

  for (guint8 a = 0; a < 10; a++)
    for (guint8 b = a + 1; b < 10; b++)
      {
        double la[3], lb[3];

        colour_lab (arc_palette_get_rgb (palette, a), deficiency, la);
        colour_lab (arc_palette_get_rgb (palette, b), deficiency, lb);
        best = MIN (best, sqrt ((la[0] - lb[0]) * (la[0] - lb[0]) + (la[1] - lb[1]) * (la[1] - lb[1]) +
                                (la[2] - lb[2]) * (la[2] - lb[2])));
      }
  return best;
}

static void
test_palettes_distinct (void)
{
  /* Every theme: ten clearly distinct colours (CIELAB distance) */
  for (int p = 0; p < ARC_N_PALETTES; p++)
    {
      g_test_message ("%s: %.1f", arc_palette_get_name (p), min_distance (p, -1));
      g_assert_cmpfloat (min_distance (p, -1), >=, 25.0);
    }
  /* The themes made for it stay distinct under simulated protanopia,
   * deuteranopia and tritanopia; the standard palette does not */
  for (int d = 0; d < 3; d++)
    {
      g_assert_cmpfloat (min_distance (ARC_PALETTE_COLOUR_BLIND, d), >=, 20.0);
      g_assert_cmpfloat (min_distance (ARC_PALETTE_HIGH_CONTRAST, d), >=, 20.0);
    }
  g_assert_cmpfloat (min_distance (ARC_PALETTE_STANDARD, 0), <, 20.0);
}

static void
test_grid_pixels (void)
{
  g_autoptr(ArcGrid) grid = all_colours_grid ();
  ArcRenderOptions o;
  cairo_surface_t *s;
  int w, h;

  for (int p = 0; p < ARC_N_PALETTES; p++)
    {
      arc_render_options_init (&o);
      o.cell_size = 10;
      o.palette = p;
      s = render_grid (grid, &o);
      arc_render_grid_size (grid, &o, &w, &h);
      g_assert_cmpint (w, ==, 5 * 11 + 1);
      g_assert_cmpint (h, ==, 2 * 11 + 1);
      for (int r = 0; r < 2; r++)
        for (int c = 0; c < 5; c++)
          {
            guint8 v = arc_grid_get (grid, r, c);
            /* The cell's centre, and its whole interior edge to edge */
            g_assert_cmphex (pixel (s, 1 + c * 11 + 5, 1 + r * 11 + 5), ==, arc_palette_get_rgb (p, v));
            g_assert_cmphex (pixel (s, 1 + c * 11, 1 + r * 11), ==, arc_palette_get_rgb (p, v));
            g_assert_cmphex (pixel (s, 1 + c * 11 + 9, 1 + r * 11 + 9), ==, arc_palette_get_rgb (p, v));
          }
      /* Grid lines: the border and between cells */
      g_assert_cmphex (pixel (s, 0, 0), ==, ARC_GRID_LINE_RGB);
      g_assert_cmphex (pixel (s, 11, 5), ==, ARC_GRID_LINE_RGB);
      g_assert_cmphex (pixel (s, 5, 11), ==, ARC_GRID_LINE_RGB);
      g_assert_cmphex (pixel (s, w - 1, h - 1), ==, ARC_GRID_LINE_RGB);
      cairo_surface_destroy (s);
    }

  /* Without grid lines: cells touch */
  arc_render_options_init (&o);
  o.cell_size = 10;
  o.grid_lines = FALSE;
  s = render_grid (grid, &o);
  arc_render_grid_size (grid, &o, &w, &h);
  g_assert_cmpint (w, ==, 50);
  g_assert_cmphex (pixel (s, 9, 0), ==, 0x000000);
  g_assert_cmphex (pixel (s, 10, 0), ==, 0x0074D9);
  g_assert_cmphex (pixel (s, 49, 19), ==, 0x870C25);
  cairo_surface_destroy (s);
}

/* At HiDPI scale 2 (the scaled drawing path), every device pixel of a
 * cell has its colour: cells stay crisp. Also through a clip and an odd
 * offset, which the direct path does not take. */
static void
test_grid_pixels_scaled (void)
{
  g_autoptr(ArcGrid) grid = all_colours_grid ();
  ArcRenderOptions o;
  cairo_surface_t *s;
  cairo_t *cr;
  int w, h;

  arc_render_options_init (&o);
  o.cell_size = 6;
  arc_render_grid_size (grid, &o, &w, &h);
  s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 2 * w + 10, 2 * h + 10);
  cairo_surface_set_device_scale (s, 2, 2);
  cr = cairo_create (s);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_rectangle (cr, 0, 0, w + 5, h + 5);
  cairo_arc (cr, 1000, 1000, 1, 0, 1);  /* a clip that is not a rectangle */
  cairo_clip (cr);
  arc_render_grid (cr, grid, 2.5, 2.5, &o);
  cairo_destroy (cr);
  for (int r = 0; r < 2; r++)
    for (int c = 0; c < 5; c++)
      {
        guint32 colour = arc_palette_get_rgb (ARC_PALETTE_STANDARD, arc_grid_get (grid, r, c));
        int x0 = 5 + 2 * (1 + c * 7), y0 = 5 + 2 * (1 + r * 7);

        for (int dy = 0; dy < 12; dy++)
          for (int dx = 0; dx < 12; dx++)
            g_assert_cmphex (pixel (s, x0 + dx, y0 + dy), ==, colour);
        g_assert_cmphex (pixel (s, x0 - 1, y0 + 5), ==, ARC_GRID_LINE_RGB);
        g_assert_cmphex (pixel (s, x0 - 2, y0 + 5), ==, ARC_GRID_LINE_RGB);
      }
  cairo_surface_destroy (s);
}

/* How many pixels of the cell at (r, c) differ from its colour */
static int
count_foreign (cairo_surface_t *s, int r, int c, int cell, int line, guint32 colour)
{
  int n = 0;

  for (int y = 0; y < cell; y++)
    for (int x = 0; x < cell; x++)
      if (pixel (s, line + c * (cell + line) + x, line + r * (cell + line) + y) != colour)
        n++;
  return n;
}

static void
test_digits (void)
{
  g_autoptr(ArcGrid) grid = all_colours_grid ();
  ArcRenderOptions o;
  cairo_surface_t *plain, *digits;

  arc_render_options_init (&o);
  o.cell_size = 24;
  plain = render_grid (grid, &o);
  o.digits = TRUE;
  digits = render_grid (grid, &o);
  for (int r = 0; r < 2; r++)
    for (int c = 0; c < 5; c++)
      {
        guint32 colour = arc_palette_get_rgb (ARC_PALETTE_STANDARD, arc_grid_get (grid, r, c));

        g_assert_cmpint (count_foreign (plain, r, c, 24, 1, colour), ==, 0);
        /* A digit is drawn, in a colour readable on the cell, and centred:
         * the corners keep the cell's colour */
        g_assert_cmpint (count_foreign (digits, r, c, 24, 1, colour), >, 20);
        g_assert_cmphex (pixel (digits, 1 + c * 25 + 1, 1 + r * 25 + 1), ==, colour);
        g_assert_cmphex (pixel (digits, 1 + c * 25 + 22, 1 + r * 25 + 22), ==, colour);
      }
  cairo_surface_destroy (plain);
  cairo_surface_destroy (digits);
}

static ArcTask *
load_sample (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("ARC_SAMPLES_DIR"), name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  ArcTask *task = arc_task_new_from_file (file, "t", NULL, &error);

  g_assert_no_error (error);
  return task;
}

static void
assert_slot_pixels (cairo_surface_t *s, const ArcSlot *slot, const ArcRenderOptions *o, double scale)
{
  int line = arc_render_line_width (o);

  for (int r = 0; r < arc_grid_get_height (slot->grid); r++)
    for (int c = 0; c < arc_grid_get_width (slot->grid); c++)
      {
        double x = slot->x + line + c * (o->cell_size + line) + o->cell_size / 2.0;
        double y = slot->y + line + r * (o->cell_size + line) + o->cell_size / 2.0;

        g_assert_cmphex (pixel (s, (int) (x * scale), (int) (y * scale)), ==,
                         arc_palette_get_rgb (o->palette, arc_grid_get (slot->grid, r, c)));
      }
}

static void
test_task_layout (void)
{
  g_autoptr(ArcTask) task = load_sample ("hidden/outline.json");
  g_autoptr(ArcTaskLayout) layout = NULL;
  g_autoptr(ArcTaskLayout) wrapped = NULL;
  cairo_surface_t *s;
  ArcRenderOptions o;
  const ArcSlot *slot;
  int w, h, row, col;
  cairo_t *cr;

  arc_render_options_init (&o);
  o.cell_size = 10;
  layout = arc_task_layout_new (task, "outline", &o);
  /* 3 train pairs (input, output) and the test input */
  g_assert_cmpuint (arc_task_layout_get_n_slots (layout), ==, 7);
  slot = arc_task_layout_get_slot (layout, 6);
  g_assert_cmpint (slot->kind, ==, ARC_SLOT_TEST_INPUT);
  arc_task_layout_get_size (layout, &w, &h);

  s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cr = cairo_create (s);
  arc_task_layout_draw (layout, cr);
  cairo_destroy (cr);
  for (guint i = 0; i < arc_task_layout_get_n_slots (layout); i++)
    assert_slot_pixels (s, arc_task_layout_get_slot (layout, i), &o, 1.0);
  g_assert_cmphex (pixel (s, 1, 1), ==, 0xFFFFFF);  /* the page */
  cairo_surface_destroy (s);

  /* Hit testing finds the cell under a point */
  slot = arc_task_layout_get_slot (layout, 1);
  g_assert_true (arc_task_layout_hit (layout, slot->x + 1 + 2 * 11 + 3, slot->y + 1 + 1 * 11 + 3, &row, &col) == slot);
  g_assert_cmpint (row, ==, 1);
  g_assert_cmpint (col, ==, 2);
  g_assert_null (arc_task_layout_hit (layout, 1, 1, &row, &col));

  /* With test outputs asked for, a hidden one is a placeholder slot */
  o.with_test_outputs = TRUE;
  o.wrap_width = 10000;
  wrapped = arc_task_layout_new (task, NULL, &o);
  g_assert_cmpuint (arc_task_layout_get_n_slots (wrapped), ==, 8);
  g_assert_null (arc_task_layout_get_slot (wrapped, 7)->grid);
  /* Wrapped wide: the train pairs share one line */
  g_assert_cmpint (arc_task_layout_get_slot (wrapped, 2)->y, ==, arc_task_layout_get_slot (wrapped, 0)->y);
  g_assert_cmpint (arc_task_layout_get_slot (wrapped, 6)->y, >, arc_task_layout_get_slot (wrapped, 0)->y);
}

static void
test_fit_cell (void)
{
  g_autoptr(ArcTask) task = load_sample ("physics/gravity.json");
  ArcRenderOptions o;

  arc_render_options_init (&o);
  for (int width = 200; width <= 1400; width += 37)
    {
      ArcCellFit fit = { .width = width, .height = -1, .min_cell = 4, .max_cell = 40, .readable = 12 };
      int cell = arc_task_layout_fit_cell (task, &o, &fit);
      g_autoptr(ArcTaskLayout) layout = NULL;
      int lw;

      o.cell_size = cell;
      o.wrap_width = width;
      layout = arc_task_layout_new (task, NULL, &o);
      arc_task_layout_get_size (layout, &lw, NULL);
      g_assert_cmpint (lw, <=, width);
      if (cell < 40)
        {
          g_autoptr(ArcTaskLayout) bigger = NULL;
          o.cell_size = cell + 1;
          bigger = arc_task_layout_new (task, NULL, &o);
          arc_task_layout_get_size (bigger, &lw, NULL);
          g_assert_cmpint (lw, >, width);
        }
    }
  /* With a height to fit: the cells shrink until it fits, if they stay readable */
  {
    ArcCellFit fit = { .width = 800, .height = 400, .min_cell = 4, .max_cell = 40, .readable = 12 };
    int cell = arc_task_layout_fit_cell (task, &o, &fit);
    g_autoptr(ArcTaskLayout) layout = NULL;
    int lh;

    o.cell_size = cell;
    o.wrap_width = 800;
    layout = arc_task_layout_new (task, NULL, &o);
    arc_task_layout_get_size (layout, NULL, &lh);
    g_assert_cmpint (lh, <=, 400);
  }
}

static char *
temp_path (const char *name)
{
  static char *dir;

  if (dir == NULL)
    dir = g_dir_make_tmp ("arc-render-XXXXXX", NULL);
  return g_build_filename (dir, name, NULL);
}

static void
test_export_png (void)
{
  g_autoptr(ArcTask) task = load_sample ("geometry/flip.json");
  g_autofree char *path = temp_path ("t.png");
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTaskLayout) layout = NULL;
  ArcRenderOptions o;
  cairo_surface_t *s;
  int w, h;

  arc_render_options_init (&o);
  o.cell_size = 12;
  g_assert_true (arc_render_task_to_file (task, "flip", &o, path, &error));
  g_assert_no_error (error);
  layout = arc_task_layout_new (task, "flip", &o);
  arc_task_layout_get_size (layout, &w, &h);
  s = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, w);
  g_assert_cmpint (cairo_image_surface_get_height (s), ==, h);
  for (guint i = 0; i < arc_task_layout_get_n_slots (layout); i++)
    assert_slot_pixels (s, arc_task_layout_get_slot (layout, i), &o, 1.0);
  cairo_surface_destroy (s);
  g_unlink (path);

  /* A name without a known extension is refused, and nothing is left behind */
  g_assert_false (arc_render_task_to_file (task, "flip", &o, "/tmp/x.bmp", &error));
  g_assert_error (error, ARC_ERROR, ARC_ERROR_IO);
  g_clear_error (&error);
  /* A folder that cannot be written: an error, not a crash */
  g_assert_false (arc_render_task_to_file (task, "flip", &o, "/nonexistent/dir/x.png", &error));
  g_assert_nonnull (error);
}

static void
test_export_grid (void)
{
  g_autoptr(ArcGrid) grid = all_colours_grid ();
  g_autofree char *path = temp_path ("g.png");
  g_autoptr(GError) error = NULL;
  ArcRenderOptions o;
  cairo_surface_t *s;

  arc_render_options_init (&o);
  o.cell_size = 8;
  o.palette = ARC_PALETTE_HIGH_CONTRAST;
  g_assert_true (arc_render_grid_to_file (grid, &o, path, &error));
  s = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, 5 * 9 + 1);
  g_assert_cmphex (pixel (s, 1 + 4 * 9 + 4, 1 + 1 * 9 + 4), ==, arc_palette_get_rgb (ARC_PALETTE_HIGH_CONTRAST, 9));
  cairo_surface_destroy (s);
  g_unlink (path);
}

static void
test_export_svg (void)
{
#ifdef HAVE_RSVG
  g_autoptr(ArcTask) task = load_sample ("geometry/mirror.json");
  g_autofree char *path = temp_path ("t.svg");
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTaskLayout) layout = NULL;
  RsvgHandle *handle = NULL;
  ArcRenderOptions o;
  cairo_surface_t *s;
  cairo_t *cr;
  gdouble sw, sh;
  int w, h;

  arc_render_options_init (&o);
  o.cell_size = 10;
  g_assert_true (arc_render_task_to_file (task, "mirror", &o, path, &error));
  layout = arc_task_layout_new (task, "mirror", &o);
  arc_task_layout_get_size (layout, &w, &h);

  /* librsvg parses it, with the expected size, and draws the same pixels */
  handle = rsvg_handle_new_from_file (path, &error);
  g_assert_no_error (error);
  g_assert_true (rsvg_handle_get_intrinsic_size_in_pixels (handle, &sw, &sh));
  g_assert_cmpfloat (sw, ==, w);
  g_assert_cmpfloat (sh, ==, h);
  s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cr = cairo_create (s);
  g_assert_true (rsvg_handle_render_document (handle, cr, &(RsvgRectangle) { 0, 0, w, h }, &error));
  cairo_destroy (cr);
  for (guint i = 0; i < arc_task_layout_get_n_slots (layout); i++)
    assert_slot_pixels (s, arc_task_layout_get_slot (layout, i), &o, 1.0);
  cairo_surface_destroy (s);
  g_object_unref (handle);
  g_unlink (path);
#else
  g_test_skip ("built without librsvg");
#endif
}

static void
test_export_pdf (void)
{
#ifdef HAVE_POPPLER
  g_autoptr(ArcTask) task = load_sample ("colour/recolour.json");
  g_autofree char *path = temp_path ("t.pdf");
  g_autofree char *uri = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTaskLayout) layout = NULL;
  PopplerDocument *doc = NULL;
  PopplerPage *page = NULL;
  ArcRenderOptions o;
  cairo_surface_t *s;
  cairo_t *cr;
  double pw, ph;
  int w, h;

  arc_render_options_init (&o);
  o.cell_size = 10;
  g_assert_true (arc_render_task_to_file (task, "recolour", &o, path, &error));
  layout = arc_task_layout_new (task, "recolour", &o);
  arc_task_layout_get_size (layout, &w, &h);

  /* poppler opens it: one page of the layout's size, in points */
  uri = g_filename_to_uri (path, NULL, NULL);
  doc = poppler_document_new_from_file (uri, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (poppler_document_get_n_pages (doc), ==, 1);
  page = poppler_document_get_page (doc, 0);
  poppler_page_get_size (page, &pw, &ph);
  g_assert_cmpfloat (pw, ==, w);
  g_assert_cmpfloat (ph, ==, h);

  /* Rendered at twice the size, the cells have their colours */
  s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 2 * w, 2 * h);
  cr = cairo_create (s);
  cairo_scale (cr, 2, 2);
  poppler_page_render (page, cr);
  cairo_destroy (cr);
  for (guint i = 0; i < arc_task_layout_get_n_slots (layout); i++)
    assert_slot_pixels (s, arc_task_layout_get_slot (layout, i), &o, 2.0);
  cairo_surface_destroy (s);
  g_object_unref (page);
  g_object_unref (doc);
  g_unlink (path);
#else
  g_test_skip ("built without poppler-glib");
#endif
}

/* The width @text is drawn at, at the size of the grids' labels */
static double
label_width (const char *text, gboolean bold)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1, 1);
  cairo_t *cr = cairo_create (s);
  cairo_text_extents_t extents;

  cairo_select_font_face (cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, 12.0);
  cairo_text_extents (cr, text, &extents);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
  return extents.x_advance;
}

/* Dense (a short window), the sizes stand on the line of the pair's name:
 * a pair of small grids at small cells is as wide as "Train 1 3×3 3×3",
 * so that neither its sizes nor the next pair's name run into each other
 * (they read "3×3×3" and "10×1010×10") */
static void
test_dense_sizes_apart (void)
{
  static const char json[] = "{\"train\": [{\"input\": [[1,0,0],[0,1,0],[0,0,1]], \"output\": [[2,0,0],[0,2,0],[0,0,2]]},"
                             " {\"input\": [[1]], \"output\": [[2]]}],"
                             " \"test\": [{\"input\": [[1,1,1],[0,0,0],[1,1,1]]}]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTask) task = arc_task_new_from_data (json, strlen (json), "dense", NULL, &error);
  g_autoptr(ArcTaskLayout) layout = NULL;
  ArcRenderOptions o;
  double line;
  const ArcSlot *first, *second;

  g_assert_no_error (error);
  arc_render_options_init (&o);
  o.cell_size = 4;
  o.dense = TRUE;
  o.wrap_width = 10000;
  layout = arc_task_layout_new (task, NULL, &o);
  first = arc_task_layout_get_slot (layout, 0);
  second = arc_task_layout_get_slot (layout, 2);
  g_assert_cmpint (second->kind, ==, ARC_SLOT_TRAIN_INPUT);
  g_assert_cmpint (second->y, ==, first->y);
  line = label_width ("Train 1", TRUE) + label_width ("3×3", FALSE) * 2 + 8 + 12;
  g_assert_cmpfloat (second->x - first->x, >=, line);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/arc/render/palette", test_palette);
  g_test_add_func ("/arc/render/palettes-distinct", test_palettes_distinct);
  g_test_add_func ("/arc/render/grid-pixels", test_grid_pixels);
  g_test_add_func ("/arc/render/grid-pixels-scaled", test_grid_pixels_scaled);
  g_test_add_func ("/arc/render/digits", test_digits);
  g_test_add_func ("/arc/render/task-layout", test_task_layout);
  g_test_add_func ("/arc/render/dense-sizes-apart", test_dense_sizes_apart);
  g_test_add_func ("/arc/render/fit-cell", test_fit_cell);
  g_test_add_func ("/arc/render/export-png", test_export_png);
  g_test_add_func ("/arc/render/export-grid", test_export_grid);
  g_test_add_func ("/arc/render/export-svg", test_export_svg);
  g_test_add_func ("/arc/render/export-pdf", test_export_pdf);

  return g_test_run ();
}

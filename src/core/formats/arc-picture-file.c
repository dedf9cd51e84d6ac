/* arc-picture-file.c: a task or a grid written into a file: drawn into a
 * PNG, SVG or PDF by cairo, or as rows of digits (arc-formats.c lists them)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-formats"

#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#include "arc-error.h"
#include "arc-file.h"
#include "arc-formats.h"
#include "arc-task-layout.h"

typedef void (*DrawFunc) (cairo_t *cr, gpointer data);

static cairo_status_t
append_cb (void                *closure,
           const unsigned char *data,
           unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static void
draw_layout (cairo_t *cr,
             gpointer data)
{
  arc_task_layout_draw (data, cr);
}

typedef struct
{
  const ArcGrid          *grid;
  const ArcRenderOptions *options;
} GridJob;

static void
draw_grid_job (cairo_t *cr,
               gpointer data)
{
  GridJob *job = data;
  arc_render_grid (cr, job->grid, 0, 0, job->options);
}

/**
 * arc_picture_draw_cairo:
 *
 * The writer of PNG, SVG and PDF (by @format's name): they are drawn by the
 * same code, into memory, and then written by the one writer.
 *
 * Returns: (transfer full) (nullable): the file's bytes
 */
GBytes *
arc_picture_draw_cairo (const ArcFormat         *format,
                        ArcTask                 *task,
                        const char              *title,
                        const ArcGrid           *grid,
                        const ArcRenderOptions  *options,
                        GError                 **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  g_autoptr(ArcTaskLayout) layout = NULL;
  GridJob job = { grid, options };
  gboolean png = g_str_equal (format->name, "png");
  cairo_surface_t *surface;
  cairo_status_t status;
  DrawFunc draw;
  gpointer data;
  int width, height;
  cairo_t *cr;

  if (grid)
    {
      arc_render_grid_size (grid, options, &width, &height);
      draw = draw_grid_job, data = &job;
    }
  else
    {
      layout = arc_task_layout_new (task, title, options);
      arc_task_layout_get_size (layout, &width, &height);
      draw = draw_layout, data = layout;
    }
  if (g_str_equal (format->name, "svg"))
    {
      surface = cairo_svg_surface_create_for_stream (append_cb, bytes, width, height);
      /* Pixels, not points: the image has the size the PNG would have */
      cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
    }
  else if (g_str_equal (format->name, "pdf"))
    surface = cairo_pdf_surface_create_for_stream (append_cb, bytes, width, height);
  else
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  draw (cr, data);
  cairo_destroy (cr);
  if (png)
    status = cairo_surface_write_to_png_stream (surface, append_cb, bytes);
  else
    {
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_IO, _("cannot draw the image: %s"), cairo_status_to_string (status));
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
}

/* @grid's rows of digits, a line each */
static void
append_grid_text (GString       *out,
                  const ArcGrid *grid)
{
  const guint8 *cells = arc_grid_get_cells (grid);
  int h = arc_grid_get_height (grid), w = arc_grid_get_width (grid);

  for (int r = 0; r < h; r++)
    {
      for (int c = 0; c < w; c++)
        g_string_append_c (out, (char) ('0' + cells[r * w + c]));
      g_string_append_c (out, '\n');
    }
}

/* "train 1 input 3x3", then its rows */
static void
append_section (GString       *out,
                const char    *split,
                guint          index,
                const char    *side,
                const ArcGrid *grid)
{
  if (grid == NULL)
    return;
  g_string_append_printf (out, "\n%s %u %s %dx%d\n", split, index + 1, side,
                          arc_grid_get_height (grid), arc_grid_get_width (grid));
  append_grid_text (out, grid);
}

/**
 * arc_picture_write_text:
 *
 * The writer of the text format, for prompts, diffs and mail: a grid as
 * rows of digits; a task as its title, then each grid under a line that
 * says which it is ("train 1 input 3x3", rows x columns; the test outputs
 * only with @options' with_test_outputs, as drawn). Not translated,
 * so that scripts can read it.
 *
 * Returns: (transfer full): the file's bytes
 */
GBytes *
arc_picture_write_text (const ArcFormat         *format,
                        ArcTask                 *task,
                        const char              *title,
                        const ArcGrid           *grid,
                        const ArcRenderOptions  *options,
                        GError                 **error)
{
  GString *out = g_string_new (NULL);

  if (grid)
    append_grid_text (out, grid);
  else
    {
      g_string_append_printf (out, "%s\n", title ? title : arc_task_get_id (task));
      for (guint i = 0; i < arc_task_get_n_train (task); i++)
        {
          append_section (out, "train", i, "input", arc_task_get_train (task, i)->input);
          append_section (out, "train", i, "output", arc_task_get_train (task, i)->output);
        }
      for (guint i = 0; i < arc_task_get_n_test (task); i++)
        {
          append_section (out, "test", i, "input", arc_task_get_test (task, i)->input);
          if (options == NULL || options->with_test_outputs)
            append_section (out, "test", i, "output", arc_task_get_test (task, i)->output);
        }
    }
  return g_string_free_to_bytes (out);
}

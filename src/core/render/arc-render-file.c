/* arc-render-file.c: a task or a grid drawn into a PNG, SVG or PDF file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-render"

#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "arc-error.h"
#include "arc-file.h"
#include "arc-render.h"
#include "arc-task-layout.h"

gboolean
arc_image_format_from_path (const char     *path,
                            ArcImageFormat *format)
{
  const char *dot = strrchr (path, '.');

  if (dot == NULL)
    return FALSE;
  if (g_ascii_strcasecmp (dot, ".png") == 0)
    *format = ARC_IMAGE_PNG;
  else if (g_ascii_strcasecmp (dot, ".svg") == 0)
    *format = ARC_IMAGE_SVG;
  else if (g_ascii_strcasecmp (dot, ".pdf") == 0)
    *format = ARC_IMAGE_PDF;
  else
    return FALSE;
  return TRUE;
}

typedef void (*DrawFunc) (cairo_t *cr, gpointer data);

static cairo_status_t
append_cb (void                *closure,
           const unsigned char *data,
           unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* Renders into @path: PNG, SVG and PDF are drawn by the same code, into
 * memory, then written by the one writer (arc_file_write()) */
static gboolean
render_to_file (int          width,
                int          height,
                DrawFunc     draw,
                gpointer     data,
                const char  *path,
                GError     **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  ArcImageFormat format;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  if (!arc_image_format_from_path (path, &format))
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_IO, _("%s: the name must end in .png, .svg or .pdf"), path);
      return FALSE;
    }
  switch (format)
    {
    case ARC_IMAGE_SVG:
      surface = cairo_svg_surface_create_for_stream (append_cb, bytes, width, height);
      /* Pixels, not points: the image has the size the PNG would have */
      cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
      break;
    case ARC_IMAGE_PDF:
      surface = cairo_pdf_surface_create_for_stream (append_cb, bytes, width, height);
      break;
    case ARC_IMAGE_PNG:
    default:
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
      break;
    }
  cr = cairo_create (surface);
  draw (cr, data);
  cairo_destroy (cr);
  if (format == ARC_IMAGE_PNG)
    status = cairo_surface_write_to_png_stream (surface, append_cb, bytes);
  else
    {
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_IO, _("%s: cannot write: %s"), path, cairo_status_to_string (status));
      return FALSE;
    }
  return arc_file_write (file, bytes->data, bytes->len, error);
}

static void
draw_layout (cairo_t *cr,
             gpointer data)
{
  arc_task_layout_draw (data, cr);
}

gboolean
arc_render_task_to_file (ArcTask                *task,
                         const char             *title,
                         const ArcRenderOptions *options,
                         const char             *path,
                         GError                **error)
{
  g_autoptr(ArcTaskLayout) layout = arc_task_layout_new (task, title, options);
  int width, height;

  arc_task_layout_get_size (layout, &width, &height);
  return render_to_file (width, height, draw_layout, layout, path, error);
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

gboolean
arc_render_grid_to_file (const ArcGrid          *grid,
                         const ArcRenderOptions *options,
                         const char             *path,
                         GError                **error)
{
  GridJob job = { grid, options };
  int width, height;

  arc_render_grid_size (grid, options, &width, &height);
  return render_to_file (width, height, draw_grid_job, &job, path, error);
}

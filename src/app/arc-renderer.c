/* arc-renderer.c: which of GTK's renderers to use
 *
 * GTK draws with OpenGL by default. Without a GPU, OpenGL is Mesa's
 * software rasteriser (llvmpipe), and there GTK's cairo renderer is the
 * faster one for what ARC Studio draws (flat rectangles): measured under
 * Xvfb (tests/bench-startup.sh), llvmpipe spends about 50 ms on each
 * full-window frame where cairo needs a few, it makes start-up about 80 ms
 * slower just by probing OpenGL when the display opens, and it adds about
 * 90 MB of memory. So when the machine has no GPU, ARC Studio
 * asks GTK for its cairo renderer and to skip OpenGL, before GTK starts.
 *
 * What the user chose stays: nothing changes when GSK_RENDERER, GDK_DEBUG
 * or GDK_DISABLE is set (GSK_RENDERER=gl brings OpenGL back).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-renderer"

#include "config.h"

#include "arc-renderer.h"

/**
 * arc_renderer_has_gpu:
 * @dev_dir: where the device nodes are (/dev)
 *
 * Returns: whether there is a GPU to draw with: a DRM render node
 *   (dri/renderD*), or NVIDIA's own driver (nvidiactl), which on X11 may
 *   come without one
 */
gboolean
arc_renderer_has_gpu (const char *dev_dir)
{
  g_autofree char *dri = g_build_filename (dev_dir, "dri", NULL);
  g_autofree char *nvidia = g_build_filename (dev_dir, "nvidiactl", NULL);
  g_autoptr(GDir) dir = NULL;
  const char *name;

  if (g_file_test (nvidia, G_FILE_TEST_EXISTS))
    return TRUE;
  dir = g_dir_open (dri, 0, NULL);
  while (dir && (name = g_dir_read_name (dir)))
    if (g_str_has_prefix (name, "renderD"))
      return TRUE;
  return FALSE;
}

/**
 * arc_renderer_choose:
 * @dev_dir: where the device nodes are (/dev)
 * @gtk_minor: GTK's minor version (its switch to turn off OpenGL moved
 *   from GDK_DEBUG=gl-disable to GDK_DISABLE=gl in 4.16)
 *
 * Sets the environment for GTK's cairo renderer when there is no GPU and
 * the user has not chosen. Call it before GTK starts.
 *
 * Returns: whether it chose the cairo renderer
 */
gboolean
arc_renderer_choose (const char *dev_dir,
                     guint       gtk_minor)
{
  if (g_getenv ("GSK_RENDERER") || g_getenv ("GDK_DEBUG") || g_getenv ("GDK_DISABLE"))
    return FALSE;
  if (arc_renderer_has_gpu (dev_dir))
    return FALSE;
  g_setenv ("GSK_RENDERER", "cairo", TRUE);
  if (gtk_minor < 16)
    g_setenv ("GDK_DEBUG", "gl-disable", TRUE);
  else
    g_setenv ("GDK_DISABLE", "gl", TRUE);
  return TRUE;
}

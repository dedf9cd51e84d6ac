/* arc-renderer.h: which of GTK's renderers to use
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean arc_renderer_has_gpu    (const char *dev_dir);
gboolean arc_renderer_choose     (const char *dev_dir,
                                  guint       gtk_minor);

G_END_DECLS

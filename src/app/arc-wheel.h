/* arc-wheel.h: a value control that the mouse wheel changes only once it
 * has the focus, and otherwise scrolls the page under it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void arc_wheel_only_when_focused (GtkWidget *control);

G_END_DECLS

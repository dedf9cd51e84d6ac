/* arc-drop-down.h: a GtkDropDown whose list opens at the selected item, and
 * whose button ellipsizes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void arc_drop_down_open_at_selected (GtkDropDown *dropdown);
void arc_drop_down_ellipsize        (GtkDropDown *dropdown);

G_END_DECLS

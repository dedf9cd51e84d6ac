/* arc-drop-down.h: a GtkDropDown whose list opens at the selected item,
 * whose button ellipsizes, and whose list's rows are made when first opened
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void arc_drop_down_open_at_selected (GtkDropDown *dropdown);
void arc_drop_down_ellipsize        (GtkDropDown *dropdown);
void arc_drop_down_defer_list       (GtkDropDown *dropdown);

G_END_DECLS

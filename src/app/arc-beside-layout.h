/* arc-beside-layout.h: children side by side, the one that expands taking
 * the width the others leave
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ARC_TYPE_BESIDE_LAYOUT (arc_beside_layout_get_type ())
G_DECLARE_FINAL_TYPE (ArcBesideLayout, arc_beside_layout, ARC, BESIDE_LAYOUT, GtkLayoutManager)

GtkLayoutManager *arc_beside_layout_new (int spacing);

G_END_DECLS

/* arc-wrap-layout.h: children left to right, on as many lines as it takes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-row-layout.h"

G_BEGIN_DECLS

#define ARC_TYPE_WRAP_LAYOUT (arc_wrap_layout_get_type ())
G_DECLARE_FINAL_TYPE (ArcWrapLayout, arc_wrap_layout, ARC, WRAP_LAYOUT, ArcRowLayout)

GtkLayoutManager *arc_wrap_layout_new (int column_spacing,
                                       int row_spacing);

G_END_DECLS

/* arc-pair-layout.h: side by side when they fit, else one above the other
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-row-layout.h"

G_BEGIN_DECLS

#define ARC_TYPE_PAIR_LAYOUT (arc_pair_layout_get_type ())
G_DECLARE_FINAL_TYPE (ArcPairLayout, arc_pair_layout, ARC, PAIR_LAYOUT, ArcRowLayout)

GtkLayoutManager *arc_pair_layout_new         (int        spacing);
gboolean          arc_pair_layout_is_stacked  (ArcPairLayout *self);
void              arc_pair_layout_set_held    (ArcPairLayout *self,
                                               gboolean       held);
void              arc_pair_layout_set_primary (ArcPairLayout *self,
                                               GtkWidget     *primary);
void              arc_pair_layout_primary_size (ArcPairLayout *self,
                                                GtkWidget     *widget,
                                                int            width,
                                                int            height,
                                                int           *primary_width,
                                                int           *primary_height);

G_END_DECLS

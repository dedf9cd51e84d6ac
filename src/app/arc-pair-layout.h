/* arc-pair-layout.h: side by side when they fit, else one above the other
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-row-layout.h"

G_BEGIN_DECLS

/* How a child measures, as gtk_widget_measure() would */
typedef void (*ArcPairMeasure) (GtkWidget      *child,
                                GtkOrientation  orientation,
                                int             for_size,
                                int            *minimum,
                                int            *natural,
                                gpointer        data);

#define ARC_TYPE_PAIR_LAYOUT (arc_pair_layout_get_type ())
G_DECLARE_FINAL_TYPE (ArcPairLayout, arc_pair_layout, ARC, PAIR_LAYOUT, ArcRowLayout)

GtkLayoutManager *arc_pair_layout_new         (int        spacing);
gboolean          arc_pair_layout_is_stacked  (ArcPairLayout *self);
void              arc_pair_layout_hold        (ArcPairLayout *self,
                                               gboolean       held,
                                               gboolean       stacked);
gboolean          arc_pair_layout_fitted_stacked (ArcPairLayout *self,
                                                  GtkWidget     *widget,
                                                  int            width,
                                                  int            height);
void              arc_pair_layout_set_primary (ArcPairLayout *self,
                                               GtkWidget     *primary);
void              arc_pair_layout_set_fitted  (ArcPairLayout  *self,
                                               ArcPairMeasure  measure,
                                               gpointer        data);
void              arc_pair_layout_measure_fitted (ArcPairLayout  *self,
                                                  GtkWidget      *widget,
                                                  GtkOrientation  orientation,
                                                  int             for_size,
                                                  int            *minimum,
                                                  int            *natural);
void              arc_pair_layout_primary_size (ArcPairLayout *self,
                                                GtkWidget     *widget,
                                                int            width,
                                                int            height,
                                                int           *primary_width,
                                                int           *primary_height);

G_END_DECLS

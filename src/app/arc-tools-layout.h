/* arc-tools-layout.h: the grids and their tools, below or beside them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ARC_TYPE_TOOLS_LAYOUT (arc_tools_layout_get_type ())
G_DECLARE_FINAL_TYPE (ArcToolsLayout, arc_tools_layout, ARC, TOOLS_LAYOUT, GtkLayoutManager)

typedef double (*ArcToolsLayoutScore) (int      grids_width,
                                       int      grids_height,
                                       gpointer data);
/* What the grids ask for, fitted to their room, as gtk_widget_measure() */
typedef void   (*ArcToolsLayoutGrids) (GtkOrientation orientation,
                                       int            for_size,
                                       int           *minimum,
                                       int           *natural,
                                       gpointer       data);

GtkLayoutManager *arc_tools_layout_new       (int                 spacing,
                                              ArcToolsLayoutScore score,
                                              ArcToolsLayoutGrids grids,
                                              gpointer            data);
gboolean          arc_tools_layout_is_beside (ArcToolsLayout *self);
void              arc_tools_layout_grids_room (ArcToolsLayout *self,
                                               GtkWidget      *widget,
                                               int             width,
                                               int             height,
                                               int            *grids_width,
                                               int            *grids_height);

G_END_DECLS

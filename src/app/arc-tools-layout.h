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

GtkLayoutManager *arc_tools_layout_new       (int                 spacing,
                                              double              roomy,
                                              ArcToolsLayoutScore score,
                                              gpointer            data);
void              arc_tools_layout_set_held  (ArcToolsLayout *self,
                                              gboolean        held);
void              arc_tools_layout_choose_again (ArcToolsLayout *self);
void              arc_tools_layout_grids_room (ArcToolsLayout *self,
                                               GtkWidget      *widget,
                                               int             width,
                                               int             height,
                                               int            *grids_width,
                                               int            *grids_height);

G_END_DECLS

/* arc-row-layout.h: what the layouts of children in rows share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ARC_TYPE_ROW_LAYOUT (arc_row_layout_get_type ())
G_DECLARE_DERIVABLE_TYPE (ArcRowLayout, arc_row_layout, ARC, ROW_LAYOUT, GtkLayoutManager)

struct _ArcRowLayoutClass
{
  GtkLayoutManagerClass parent_class;

  /* The height for @width (-1: any), given the children side by side at most */
  void (*measure_height) (ArcRowLayout *self,
                          GtkWidget    *widget,
                          int           width,
                          int          *minimum,
                          int          *natural);
};

int  arc_row_layout_get_spacing (ArcRowLayout *self);
void arc_row_layout_set_spacing (ArcRowLayout *self,
                                 int           spacing);

G_END_DECLS

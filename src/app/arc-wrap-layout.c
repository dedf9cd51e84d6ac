/* arc-wrap-layout.c: children left to right, on as many lines as it takes
 *
 * Each visible child gets its natural width (at most the width there is);
 * a child that does not fit on the line starts the next one. Unlike
 * GtkFlowBox, which lines its children up in columns as wide as the widest,
 * short groups share a line with long ones: the solve tools take three or
 * four lines where a flow box took seven.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-wrap-layout"

#include "config.h"

#include "arc-wrap-layout.h"

struct _ArcWrapLayout
{
  ArcRowLayout     parent_instance;
  int              row_spacing;
};

G_DEFINE_FINAL_TYPE (ArcWrapLayout, arc_wrap_layout, ARC_TYPE_ROW_LAYOUT)

/* Lays the children out in @width; allocates them if @allocate.
 * Returns the height it takes (minimum and natural). */
static void
flow (ArcWrapLayout *self,
      GtkWidget     *widget,
      int            width,
      gboolean       allocate,
      int           *minimum_height,
      int           *natural_height)
{
  int column_spacing = arc_row_layout_get_spacing (ARC_ROW_LAYOUT (self));
  int x = 0, y = 0, line_min = 0, line_nat = 0, total_min = 0;
  gboolean line_empty = TRUE;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      int min_w, nat_w, min_h, nat_h, w;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, &nat_w, NULL, NULL);
      w = width < 0 ? nat_w : MAX (min_w, MIN (nat_w, width));
      if (!line_empty && width >= 0 && x + column_spacing + w > width)
        {
          /* The next line */
          y += line_nat + self->row_spacing;
          total_min += line_min + self->row_spacing;
          x = 0;
          line_min = line_nat = 0;
          line_empty = TRUE;
        }
      if (!line_empty)
        x += column_spacing;
      gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, w, &min_h, &nat_h, NULL, NULL);
      if (allocate)
        gtk_widget_size_allocate (child, &(GtkAllocation) { x, y, w, nat_h }, -1);
      x += w;
      line_min = MAX (line_min, min_h);
      line_nat = MAX (line_nat, nat_h);
      line_empty = FALSE;
    }
  if (minimum_height)
    *minimum_height = total_min + line_min;
  if (natural_height)
    *natural_height = y + line_nat;
}

static void
arc_wrap_layout_measure_height (ArcRowLayout *layout,
                                GtkWidget    *widget,
                                int           width,
                                int          *minimum,
                                int          *natural)
{
  flow (ARC_WRAP_LAYOUT (layout), widget, width, FALSE, minimum, natural);
}

static void
arc_wrap_layout_allocate (GtkLayoutManager *manager,
                          GtkWidget        *widget,
                          int               width,
                          int               height,
                          int               baseline)
{
  flow (ARC_WRAP_LAYOUT (manager), widget, width, TRUE, NULL, NULL);
}

static void
arc_wrap_layout_class_init (ArcWrapLayoutClass *klass)
{
  GTK_LAYOUT_MANAGER_CLASS (klass)->allocate = arc_wrap_layout_allocate;
  ARC_ROW_LAYOUT_CLASS (klass)->measure_height = arc_wrap_layout_measure_height;
}

static void
arc_wrap_layout_init (ArcWrapLayout *self)
{
}

GtkLayoutManager *
arc_wrap_layout_new (int column_spacing,
                     int row_spacing)
{
  ArcWrapLayout *self = g_object_new (ARC_TYPE_WRAP_LAYOUT, NULL);

  arc_row_layout_set_spacing (ARC_ROW_LAYOUT (self), column_spacing);
  self->row_spacing = row_spacing;
  return GTK_LAYOUT_MANAGER (self);
}

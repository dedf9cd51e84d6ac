/* arc-row-layout.c: what the layouts of children in rows share
 *
 * ArcPairLayout and ArcWrapLayout put a widget's visible children side by
 * side when the width allows, and otherwise on more lines. Both ask for
 * their height for the width they get; both are at least as wide as the
 * widest child and at best as wide as all of them in a row, with the
 * spacing between them. This base class is that; each subclass says how
 * tall it is for a width (measure_height) and allocates.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-row-layout"

#include "config.h"

#include "arc-row-layout.h"

typedef struct
{
  int spacing;   /* between children side by side */
} ArcRowLayoutPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (ArcRowLayout, arc_row_layout, GTK_TYPE_LAYOUT_MANAGER)

static void
arc_row_layout_measure (GtkLayoutManager *manager,
                        GtkWidget        *widget,
                        GtkOrientation    orientation,
                        int               for_size,
                        int              *minimum,
                        int              *natural,
                        int              *minimum_baseline,
                        int              *natural_baseline)
{
  ArcRowLayout *self = ARC_ROW_LAYOUT (manager);
  ArcRowLayoutPrivate *priv = arc_row_layout_get_instance_private (self);
  gboolean first = TRUE;

  *minimum = *natural = 0;
  if (orientation == GTK_ORIENTATION_VERTICAL)
    {
      ARC_ROW_LAYOUT_GET_CLASS (self)->measure_height (self, widget, for_size, minimum, natural);
      return;
    }
  /* At least the widest child; at best all in a row */
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      int min, nat;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
      *minimum = MAX (*minimum, min);
      *natural += nat + (first ? 0 : priv->spacing);
      first = FALSE;
    }
  *natural = MAX (*natural, *minimum);
}

static GtkSizeRequestMode
arc_row_layout_get_request_mode (GtkLayoutManager *manager,
                                 GtkWidget        *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
arc_row_layout_class_init (ArcRowLayoutClass *klass)
{
  GtkLayoutManagerClass *manager_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  manager_class->measure = arc_row_layout_measure;
  manager_class->get_request_mode = arc_row_layout_get_request_mode;
}

static void
arc_row_layout_init (ArcRowLayout *self)
{
}

int
arc_row_layout_get_spacing (ArcRowLayout *self)
{
  ArcRowLayoutPrivate *priv = arc_row_layout_get_instance_private (self);

  g_return_val_if_fail (ARC_IS_ROW_LAYOUT (self), 0);
  return priv->spacing;
}

void
arc_row_layout_set_spacing (ArcRowLayout *self,
                            int           spacing)
{
  ArcRowLayoutPrivate *priv = arc_row_layout_get_instance_private (self);

  g_return_if_fail (ARC_IS_ROW_LAYOUT (self));
  priv->spacing = spacing;
  gtk_layout_manager_layout_changed (GTK_LAYOUT_MANAGER (self));
}

/* arc-beside-layout.c: children side by side, the one that expands taking
 * the width the others leave
 *
 * Each visible child but the one that expands horizontally gets its
 * natural width (less, down to its minimum, when the expanding one would
 * get less than its own minimum); the expanding one gets the rest. The
 * height for a width is the highest child's at the widths it gets.
 * GtkBoxLayout in GTK 4.12 and later shares a row's width by asking its
 * children their width for a height, which the examples (whose height
 * follows their width) cannot answer: the widths it measured with were
 * not those it allocated, and the examples were given less height than
 * they drew. This layout asks only widths, and heights for widths, and
 * allocates the widths it measured with.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-beside-layout"

#include "config.h"

#include "arc-beside-layout.h"

#define MAX_CHILDREN 8

struct _ArcBesideLayout
{
  GtkLayoutManager parent_instance;
  int              spacing;
};

G_DEFINE_FINAL_TYPE (ArcBesideLayout, arc_beside_layout, GTK_TYPE_LAYOUT_MANAGER)

/* The visible children of @widget (at most MAX_CHILDREN), their widths in
 * @width (the whole row's natural width if negative), and how many */
static guint
share_width (ArcBesideLayout *self,
             GtkWidget       *widget,
             int              width,
             GtkWidget      **children,
             int             *widths)
{
  int minimum[MAX_CHILDREN], natural[MAX_CHILDREN];
  int filler = -1, used = 0, natural_sum = 0, deficit;
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child && n < MAX_CHILDREN;
       child = gtk_widget_get_next_sibling (child))
    {
      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum[n], &natural[n], NULL, NULL);
      if (filler < 0 && gtk_widget_get_hexpand (child))
        filler = (int) n;
      natural_sum += natural[n];
      children[n++] = child;
    }
  if (n == 0)
    return 0;
  if (filler < 0)
    filler = (int) n - 1;
  if (width < 0)
    width = natural_sum + self->spacing * (int) (n - 1);
  for (guint i = 0; i < n; i++)
    if ((int) i != filler)
      used += widths[i] = natural[i];
  /* Others down to their minimum, while the one that expands needs it */
  deficit = minimum[filler] - (width - self->spacing * (int) (n - 1) - used);
  for (guint i = 0; i < n && deficit > 0; i++)
    if ((int) i != filler)
      {
        int give = MIN (deficit, widths[i] - minimum[i]);

        widths[i] -= give;
        used -= give;
        deficit -= give;
      }
  widths[filler] = MAX (width - self->spacing * (int) (n - 1) - used, minimum[filler]);
  return n;
}

static void
arc_beside_layout_measure (GtkLayoutManager *manager,
                           GtkWidget        *widget,
                           GtkOrientation    orientation,
                           int               for_size,
                           int              *minimum,
                           int              *natural,
                           int              *minimum_baseline,
                           int              *natural_baseline)
{
  ArcBesideLayout *self = ARC_BESIDE_LAYOUT (manager);
  GtkWidget *children[MAX_CHILDREN];
  int widths[MAX_CHILDREN];
  guint n;

  *minimum = *natural = 0;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      guint visible = 0;

      for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
        {
          int min, nat;

          if (!gtk_widget_should_layout (child))
            continue;
          gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
          *minimum += min + (visible ? self->spacing : 0);
          *natural += nat + (visible ? self->spacing : 0);
          visible++;
        }
      return;
    }
  n = share_width (self, widget, for_size, children, widths);
  for (guint i = 0; i < n; i++)
    {
      int min, nat;

      gtk_widget_measure (children[i], GTK_ORIENTATION_VERTICAL, widths[i], &min, &nat, NULL, NULL);
      *minimum = MAX (*minimum, min);
      *natural = MAX (*natural, nat);
    }
}

static void
arc_beside_layout_allocate (GtkLayoutManager *manager,
                            GtkWidget        *widget,
                            int               width,
                            int               height,
                            int               baseline)
{
  ArcBesideLayout *self = ARC_BESIDE_LAYOUT (manager);
  GtkWidget *children[MAX_CHILDREN];
  int widths[MAX_CHILDREN];
  guint n = share_width (self, widget, width, children, widths);
  int x = 0;

  for (guint i = 0; i < n; i++)
    {
      gtk_widget_size_allocate (children[i], &(GtkAllocation) { x, 0, widths[i], height }, -1);
      x += widths[i] + self->spacing;
    }
}

static GtkSizeRequestMode
arc_beside_layout_get_request_mode (GtkLayoutManager *manager,
                                    GtkWidget        *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
arc_beside_layout_class_init (ArcBesideLayoutClass *klass)
{
  GtkLayoutManagerClass *manager_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  manager_class->measure = arc_beside_layout_measure;
  manager_class->allocate = arc_beside_layout_allocate;
  manager_class->get_request_mode = arc_beside_layout_get_request_mode;
}

static void
arc_beside_layout_init (ArcBesideLayout *self)
{
}

GtkLayoutManager *
arc_beside_layout_new (int spacing)
{
  ArcBesideLayout *self = g_object_new (ARC_TYPE_BESIDE_LAYOUT, NULL);

  self->spacing = spacing;
  return GTK_LAYOUT_MANAGER (self);
}

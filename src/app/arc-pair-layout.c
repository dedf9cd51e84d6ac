/* arc-pair-layout.c: side by side when they fit, else one above the other
 *
 * Lays out a widget's visible children in a row, like a horizontal GtkBox,
 * when the width allows each its minimum; otherwise one above the other,
 * each as wide as it likes up to the width. The narrowest it asks for is the
 * widest child's minimum, so a wide test input next to its output grid
 * never makes the window wider than the screen: they stack instead.
 * Children with the style class "pair-arrow" (an arrow between the grids)
 * are turned to point down when stacked. Held (arc_pair_layout_set_held()),
 * it keeps the way it was, side by side or stacked, and asks for the room
 * that takes: zoomed grids scroll rather than change places.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-pair-layout"

#include "config.h"

#include "arc-pair-layout.h"

#define MAX_CHILDREN 8

struct _ArcPairLayout
{
  ArcRowLayout     parent_instance;
  gboolean         stacked;   /* at the last allocation */
  gboolean         held;      /* ...and so it stays */
};

G_DEFINE_FINAL_TYPE (ArcPairLayout, arc_pair_layout, ARC_TYPE_ROW_LAYOUT)

static guint
visible_children (GtkWidget  *widget,
                  GtkWidget **children)
{
  guint n = 0;

  for (GtkWidget *c = gtk_widget_get_first_child (widget); c && n < MAX_CHILDREN; c = gtk_widget_get_next_sibling (c))
    if (gtk_widget_should_layout (c))
      children[n++] = c;
  return n;
}

/* Whether @a and @b ask for the same widths and heights (two grids of one
 * size, with their headings) */
static gboolean
same_size (GtkWidget *a,
           GtkWidget *b)
{
  int a_min, a_nat, b_min, b_nat, a_height, b_height;

  if (gtk_widget_has_css_class (a, "pair-arrow") || gtk_widget_has_css_class (b, "pair-arrow"))
    return FALSE;
  gtk_widget_measure (a, GTK_ORIENTATION_HORIZONTAL, -1, &a_min, &a_nat, NULL, NULL);
  gtk_widget_measure (b, GTK_ORIENTATION_HORIZONTAL, -1, &b_min, &b_nat, NULL, NULL);
  if (a_min != b_min || a_nat != b_nat)
    return FALSE;
  gtk_widget_measure (a, GTK_ORIENTATION_VERTICAL, a_nat, NULL, &a_height, NULL, NULL);
  gtk_widget_measure (b, GTK_ORIENTATION_VERTICAL, b_nat, NULL, &b_height, NULL, NULL);
  return a_height == b_height;
}

/* The widths side by side in @width, or FALSE if they do not fit; given a
 * @height, none is wider than it is for that height (a grid fitted to the
 * height), so that they stay together at the left */
static gboolean
side_widths (ArcPairLayout *self,
             GtkWidget    **children,
             guint          n,
             int            width,
             int            height,
             int           *widths)
{
  GtkRequestedSize sizes[MAX_CHILDREN];
  int extra = width - arc_row_layout_get_spacing (ARC_ROW_LAYOUT (self)) * (int) (n > 0 ? n - 1 : 0);

  for (guint i = 0; i < n; i++)
    {
      gtk_widget_measure (children[i], GTK_ORIENTATION_HORIZONTAL, -1,
                          &sizes[i].minimum_size, &sizes[i].natural_size, NULL, NULL);
      sizes[i].data = NULL;
      extra -= sizes[i].minimum_size;
    }
  if (extra < 0 && !(self->held && !self->stacked))
    return FALSE;
  extra = MAX (extra, 0);
  gtk_distribute_natural_allocation (extra, n, sizes);
  /* Children of the same size get the same width (the odd pixel left
   * over would draw two grids of one size at two cell sizes) */
  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      if (same_size (children[i], children[j]))
        sizes[i].minimum_size = sizes[j].minimum_size = MIN (sizes[i].minimum_size, sizes[j].minimum_size);
  for (guint i = 0; i < n; i++)
    {
      widths[i] = sizes[i].minimum_size;
      if (height >= 0)
        {
          int for_height;

          gtk_widget_measure (children[i], GTK_ORIENTATION_HORIZONTAL, height, NULL, &for_height, NULL, NULL);
          widths[i] = MIN (widths[i], MAX (for_height, sizes[i].minimum_size));
        }
    }
  return TRUE;
}

/* Stacked, each child is as wide as it likes, up to @width */
static int
stacked_width (GtkWidget *child,
               int        width)
{
  int min, nat;

  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  return MAX (min, MIN (nat, width));
}

static void
arc_pair_layout_measure_height (ArcRowLayout *layout,
                                GtkWidget    *widget,
                                int           for_size,
                                int          *minimum,
                                int          *natural)
{
  ArcPairLayout *self = ARC_PAIR_LAYOUT (layout);
  int spacing = arc_row_layout_get_spacing (layout);
  GtkWidget *children[MAX_CHILDREN];
  guint n = visible_children (widget, children);
  int widths[MAX_CHILDREN];

  if (n == 0)
    return;

  /* Side by side (with no width given, as wide as they like): the tallest */
  if ((self->held && !self->stacked) || for_size < 0 || side_widths (self, children, n, for_size, -1, widths))
    {
      if (self->held && for_size >= 0)
        side_widths (self, children, n, for_size, -1, widths);
      for (guint i = 0; i < n; i++)
        {
          int min, nat;

          gtk_widget_measure (children[i], GTK_ORIENTATION_VERTICAL, for_size < 0 ? -1 : widths[i],
                              &min, &nat, NULL, NULL);
          *minimum = MAX (*minimum, min);
          *natural = MAX (*natural, nat);
        }
      return;
    }

  /* One above the other */
  for (guint i = 0; i < n; i++)
    {
      int min, nat;

      gtk_widget_measure (children[i], GTK_ORIENTATION_VERTICAL, stacked_width (children[i], for_size),
                          &min, &nat, NULL, NULL);
      *minimum += min;
      *natural += nat;
    }
  *minimum += spacing * (int) (n - 1);
  *natural += spacing * (int) (n - 1);
}

static void
arc_pair_layout_allocate (GtkLayoutManager *manager,
                          GtkWidget        *widget,
                          int               width,
                          int               height,
                          int               baseline)
{
  ArcPairLayout *self = ARC_PAIR_LAYOUT (manager);
  int spacing = arc_row_layout_get_spacing (ARC_ROW_LAYOUT (self));
  GtkWidget *children[MAX_CHILDREN];
  guint n = visible_children (widget, children);
  int widths[MAX_CHILDREN];
  int x = 0, y = 0, first_width = 0, row_height = 0;

  if (self->held && self->stacked)
    ;  /* stays stacked */
  else
    self->stacked = !side_widths (self, children, n, width, height, widths);
  /* Side by side, an arrow is centred on the grids as tall as they get */
  for (guint i = 0; i < n && !self->stacked; i++)
    if (!gtk_widget_has_css_class (children[i], "pair-arrow"))
      {
        int h;

        gtk_widget_measure (children[i], GTK_ORIENTATION_VERTICAL, widths[i], NULL, &h, NULL, NULL);
        row_height = MAX (row_height, MIN (h, height));
      }
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *child = children[i];

      if (!self->stacked)
        {
          gboolean arrow = gtk_widget_has_css_class (child, "pair-arrow");

          gtk_widget_size_allocate (child, &(GtkAllocation) { x, 0, widths[i], arrow ? row_height : height }, -1);
          x += widths[i] + spacing;
        }
      else
        {
          int w = stacked_width (child, width);
          int h;

          gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, w, NULL, &h, NULL, NULL);
          if (gtk_widget_has_css_class (child, "pair-arrow"))
            {
              /* Centred under the grid above it, pointing down */
              GskTransform *t = NULL;
              int left = MAX ((first_width - w) / 2, 0);

              t = gsk_transform_translate (t, &GRAPHENE_POINT_INIT (left + w / 2.f, y + h / 2.f));
              t = gsk_transform_rotate (t, 90);
              t = gsk_transform_translate (t, &GRAPHENE_POINT_INIT (-w / 2.f, -h / 2.f));
              gtk_widget_allocate (child, w, h, -1, t);
            }
          else
            {
              gtk_widget_size_allocate (child, &(GtkAllocation) { 0, y, w, h }, -1);
              if (first_width == 0)
                first_width = w;
            }
          y += h + spacing;
        }
    }
}

/* Held side by side, it is at least as wide as all of them in a row */
static void
arc_pair_layout_measure (GtkLayoutManager *manager,
                         GtkWidget        *widget,
                         GtkOrientation    orientation,
                         int               for_size,
                         int              *minimum,
                         int              *natural,
                         int              *minimum_baseline,
                         int              *natural_baseline)
{
  ArcPairLayout *self = ARC_PAIR_LAYOUT (manager);

  GTK_LAYOUT_MANAGER_CLASS (arc_pair_layout_parent_class)->measure (manager, widget, orientation, for_size, minimum,
                                                                   natural, minimum_baseline, natural_baseline);
  if (orientation == GTK_ORIENTATION_HORIZONTAL && self->held && !self->stacked)
    {
      GtkWidget *children[MAX_CHILDREN];
      guint n = visible_children (widget, children);
      int row = arc_row_layout_get_spacing (ARC_ROW_LAYOUT (self)) * (int) (n > 0 ? n - 1 : 0);

      for (guint i = 0; i < n; i++)
        {
          int min;

          gtk_widget_measure (children[i], GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
          row += min;
        }
      *minimum = MAX (*minimum, row);
      *natural = MAX (*natural, row);
    }
}

static void
arc_pair_layout_class_init (ArcPairLayoutClass *klass)
{
  GTK_LAYOUT_MANAGER_CLASS (klass)->measure = arc_pair_layout_measure;
  GTK_LAYOUT_MANAGER_CLASS (klass)->allocate = arc_pair_layout_allocate;
  ARC_ROW_LAYOUT_CLASS (klass)->measure_height = arc_pair_layout_measure_height;
}

static void
arc_pair_layout_init (ArcPairLayout *self)
{
}

GtkLayoutManager *
arc_pair_layout_new (int spacing)
{
  ArcPairLayout *self = g_object_new (ARC_TYPE_PAIR_LAYOUT, NULL);

  arc_row_layout_set_spacing (ARC_ROW_LAYOUT (self), spacing);
  return GTK_LAYOUT_MANAGER (self);
}

/**
 * arc_pair_layout_is_stacked:
 * Returns: whether the children were one above the other at the last allocation
 */
gboolean
arc_pair_layout_is_stacked (ArcPairLayout *self)
{
  g_return_val_if_fail (ARC_IS_PAIR_LAYOUT (self), FALSE);
  return self->stacked;
}

/**
 * arc_pair_layout_set_held:
 * @held: whether the children keep their places (side by side or stacked,
 *   as at the last allocation) whatever their sizes
 */
void
arc_pair_layout_set_held (ArcPairLayout *self,
                          gboolean       held)
{
  g_return_if_fail (ARC_IS_PAIR_LAYOUT (self));
  if (self->held == held)
    return;
  self->held = held;
  gtk_layout_manager_layout_changed (GTK_LAYOUT_MANAGER (self));
}

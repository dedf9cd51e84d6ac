/* arc-pair-layout.c: side by side when they fit, else one above the other
 *
 * Lays out a widget's visible children in a row, like a horizontal GtkBox,
 * when the width allows each its minimum; otherwise one above the other,
 * each as wide as it likes up to the width. The narrowest it asks for is the
 * widest child's minimum, so a wide test input next to its output grid
 * never makes the window wider than the screen: they stack instead.
 * Children with the style class "pair-arrow" (an arrow between the grids)
 * are turned to point down when stacked. Held (arc_pair_layout_hold()),
 * it keeps them side by side or stacked, and asks for the room that
 * takes: zoomed grids scroll rather than change places. Given how its
 * children measure fitted (arc_pair_layout_set_fitted()), it says what it
 * would ask for and where the primary child would go were they fitted,
 * zoomed or not (arc_pair_layout_measure_fitted()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-pair-layout"

#include "config.h"

#include "arc-pair-layout.h"

#define MAX_CHILDREN 8
/* Given less than this share of its natural width, the primary child takes
 * width from the other, down to SECONDARY_RATIO of its own */
#define PRIMARY_SHARE   0.4
#define SECONDARY_RATIO 0.6

struct _ArcPairLayout
{
  ArcRowLayout     parent_instance;
  gboolean         stacked;   /* at the last allocation */
  gboolean         held;      /* ...and so it stays */
  GtkWidget       *primary;   /* (unowned) the child that is drawn larger when room is short */
  ArcPairMeasure   fitted;    /* (nullable) how a child measures fitted */
  gpointer         fitted_data;
};

/* How the children are measured: as they are, or fitted */
typedef struct
{
  ArcPairMeasure func;
  gpointer       data;
} Measure;

static void
real_measure (GtkWidget      *child,
              GtkOrientation  orientation,
              int             for_size,
              int            *minimum,
              int            *natural,
              gpointer        data)
{
  gtk_widget_measure (child, orientation, for_size, minimum, natural, NULL, NULL);
}

static const Measure as_they_are = { real_measure, NULL };

static void
measure_child (const Measure  *m,
               GtkWidget      *child,
               GtkOrientation  orientation,
               int             for_size,
               int            *minimum,
               int            *natural)
{
  int min = 0, nat = 0;

  m->func (child, orientation, for_size, &min, &nat, m->data);
  if (minimum)
    *minimum = min;
  if (natural)
    *natural = nat;
}

static Measure
fitted_of (ArcPairLayout *self)
{
  return self->fitted ? (Measure) { self->fitted, self->fitted_data } : as_they_are;
}

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
same_size (const Measure *m,
           GtkWidget     *a,
           GtkWidget     *b)
{
  int a_min, a_nat, b_min, b_nat, a_height, b_height;

  if (gtk_widget_has_css_class (a, "pair-arrow") || gtk_widget_has_css_class (b, "pair-arrow"))
    return FALSE;
  measure_child (m, a, GTK_ORIENTATION_HORIZONTAL, -1, &a_min, &a_nat);
  measure_child (m, b, GTK_ORIENTATION_HORIZONTAL, -1, &b_min, &b_nat);
  if (a_min != b_min || a_nat != b_nat)
    return FALSE;
  measure_child (m, a, GTK_ORIENTATION_VERTICAL, a_nat, NULL, &a_height);
  measure_child (m, b, GTK_ORIENTATION_VERTICAL, b_nat, NULL, &b_height);
  return a_height == b_height;
}

/* When room is short, the primary child (the grid being built) takes
 * width from the one other grid, which is drawn smaller down to
 * SECONDARY_RATIO of its width; with room enough, they share it as they
 * are (two grids of one size at one cell size) */
static void
share_with_primary (ArcPairLayout    *self,
                    const Measure    *m,
                    GtkWidget       **children,
                    guint             n,
                    int               height,
                    GtkRequestedSize *sizes)
{
  int primary = -1, other = -1, pooled, wanted;

  for (guint i = 0; i < n; i++)
    if (children[i] == self->primary)
      primary = i;
    else if (!gtk_widget_has_css_class (children[i], "pair-arrow"))
      other = other < 0 ? (int) i : -2;
  if (primary < 0 || other < 0 ||
      sizes[primary].minimum_size >= PRIMARY_SHARE * sizes[primary].natural_size)
    return;
  pooled = sizes[primary].minimum_size + sizes[other].minimum_size;
  wanted = MIN (sizes[primary].natural_size, (int) (pooled / (1 + SECONDARY_RATIO)));
  {
    GtkWidget *heading = gtk_widget_get_first_child (children[other]);
    int other_min, heading_width = 0;

    /* (and never so small that its heading, its first child, is cut) */
    measure_child (m, children[other], GTK_ORIENTATION_HORIZONTAL, -1, &other_min, NULL);
    if (heading)
      gtk_widget_measure (heading, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &heading_width, NULL, NULL);
    wanted = MIN (wanted, pooled - MAX (other_min, heading_width));
  }
  /* No wider than it is drawn at that height: the widest that fits it
   * (a vertical box measured for a height answers for no height) */
  if (height >= 0)
    {
      int low = sizes[primary].minimum_size, high = wanted;

      while (low < high)
        {
          int mid = (low + high + 1) / 2, mid_height;

          measure_child (m, children[primary], GTK_ORIENTATION_VERTICAL, mid, NULL, &mid_height);
          if (mid_height <= height)
            low = mid;
          else
            high = mid - 1;
        }
      wanted = low;
    }
  if (wanted <= sizes[primary].minimum_size)
    return;
  sizes[other].minimum_size = pooled - wanted;
  sizes[primary].minimum_size = wanted;
}

/* The widths side by side in @width, or FALSE if they do not fit; given a
 * @height, the primary child takes no more width from the other than it
 * can use at that height */
static gboolean
side_widths (ArcPairLayout *self,
             const Measure *m,
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
      measure_child (m, children[i], GTK_ORIENTATION_HORIZONTAL, -1, &sizes[i].minimum_size, &sizes[i].natural_size);
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
      if (same_size (m, children[i], children[j]))
        sizes[i].minimum_size = sizes[j].minimum_size = MIN (sizes[i].minimum_size, sizes[j].minimum_size);
  share_with_primary (self, m, children, n, height, sizes);
  for (guint i = 0; i < n; i++)
    widths[i] = sizes[i].minimum_size;
  return TRUE;
}

/* Stacked, each child is as wide as it likes, up to @width */
static int
stacked_width (const Measure *m,
               GtkWidget     *child,
               int            width)
{
  int min, nat;

  measure_child (m, child, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat);
  return MAX (min, MIN (nat, width));
}

/* The height for @for_size (-1: any), the children measured by @m */
static void
height_for (ArcPairLayout *self,
            const Measure *m,
            GtkWidget     *widget,
            int            for_size,
            int           *minimum,
            int           *natural)
{
  int spacing = arc_row_layout_get_spacing (ARC_ROW_LAYOUT (self));
  GtkWidget *children[MAX_CHILDREN];
  guint n = visible_children (widget, children);
  int widths[MAX_CHILDREN];

  *minimum = *natural = 0;
  if (n == 0)
    return;

  /* Side by side (with no width given, as wide as they like): the tallest */
  if ((self->held && !self->stacked) || for_size < 0 || side_widths (self, m, children, n, for_size, -1, widths))
    {
      if (self->held && for_size >= 0)
        side_widths (self, m, children, n, for_size, -1, widths);
      for (guint i = 0; i < n; i++)
        {
          int min, nat;

          measure_child (m, children[i], GTK_ORIENTATION_VERTICAL, for_size < 0 ? -1 : widths[i], &min, &nat);
          *minimum = MAX (*minimum, min);
          *natural = MAX (*natural, nat);
        }
      return;
    }

  /* One above the other */
  for (guint i = 0; i < n; i++)
    {
      int min, nat;

      measure_child (m, children[i], GTK_ORIENTATION_VERTICAL, stacked_width (m, children[i], for_size), &min, &nat);
      *minimum += min;
      *natural += nat;
    }
  *minimum += spacing * (int) (n - 1);
  *natural += spacing * (int) (n - 1);
}

static void
arc_pair_layout_measure_height (ArcRowLayout *layout,
                                GtkWidget    *widget,
                                int           for_size,
                                int          *minimum,
                                int          *natural)
{
  height_for (ARC_PAIR_LAYOUT (layout), &as_they_are, widget, for_size, minimum, natural);
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
    self->stacked = !side_widths (self, &as_they_are, children, n, width, height, widths);
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
          int w = stacked_width (&as_they_are, child, width);
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
 * arc_pair_layout_hold:
 * @held: whether the children keep their places whatever their sizes
 * @stacked: held, whether they are one above the other (else side by side)
 */
void
arc_pair_layout_hold (ArcPairLayout *self,
                      gboolean       held,
                      gboolean       stacked)
{
  g_return_if_fail (ARC_IS_PAIR_LAYOUT (self));
  if (self->held == held && (!held || self->stacked == stacked))
    return;
  self->held = held;
  if (held)
    self->stacked = stacked;
  gtk_layout_manager_layout_changed (GTK_LAYOUT_MANAGER (self));
}

/**
 * arc_pair_layout_fitted_stacked:
 * @widget: the widget it lays out
 * Returns: whether its children, fitted, would be one above the other in
 *   @width × @height
 */
gboolean
arc_pair_layout_fitted_stacked (ArcPairLayout *self,
                                GtkWidget     *widget,
                                int            width,
                                int            height)
{
  GtkWidget *children[MAX_CHILDREN];
  guint n = visible_children (widget, children);
  int widths[MAX_CHILDREN];
  gboolean held = self->held, stacked;
  Measure m = fitted_of (self);

  g_return_val_if_fail (ARC_IS_PAIR_LAYOUT (self), FALSE);
  self->held = FALSE;
  stacked = !side_widths (self, &m, children, n, width, height, widths);
  self->held = held;
  return stacked;
}

/**
 * arc_pair_layout_set_primary:
 * @primary: (nullable): the child drawn larger than the other when the
 *   room is short (the output grid of the workspace)
 */
void
arc_pair_layout_set_primary (ArcPairLayout *self,
                             GtkWidget     *primary)
{
  g_return_if_fail (ARC_IS_PAIR_LAYOUT (self));
  self->primary = primary;
  gtk_layout_manager_layout_changed (GTK_LAYOUT_MANAGER (self));
}

/**
 * arc_pair_layout_set_fitted:
 * @measure: (nullable): how a child measures fitted (the workspace's
 *   grids: at the cells that fit their room, whatever the zoom), or %NULL
 *   for as it measures now
 *
 * What arc_pair_layout_primary_size() and arc_pair_layout_measure_fitted()
 * measure the children with.
 */
void
arc_pair_layout_set_fitted (ArcPairLayout  *self,
                            ArcPairMeasure  measure,
                            gpointer        data)
{
  g_return_if_fail (ARC_IS_PAIR_LAYOUT (self));
  self->fitted = measure;
  self->fitted_data = data;
}

/**
 * arc_pair_layout_measure_fitted:
 * @widget: the widget it lays out
 * What @widget would ask for were its children fitted (as
 * arc_pair_layout_set_fitted() measures them), not held.
 */
void
arc_pair_layout_measure_fitted (ArcPairLayout  *self,
                                GtkWidget      *widget,
                                GtkOrientation  orientation,
                                int             for_size,
                                int            *minimum,
                                int            *natural)
{
  Measure m = fitted_of (self);
  gboolean held = self->held, first = TRUE;

  g_return_if_fail (ARC_IS_PAIR_LAYOUT (self));
  *minimum = *natural = 0;
  if (orientation == GTK_ORIENTATION_VERTICAL)
    {
      self->held = FALSE;
      height_for (self, &m, widget, for_size, minimum, natural);
      self->held = held;
      return;
    }
  /* At least the widest child; at best all in a row (as ArcRowLayout) */
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      int min, nat;

      if (!gtk_widget_should_layout (child))
        continue;
      measure_child (&m, child, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat);
      *minimum = MAX (*minimum, min);
      *natural += nat + (first ? 0 : arc_row_layout_get_spacing (ARC_ROW_LAYOUT (self)));
      first = FALSE;
    }
  *natural = MAX (*natural, *minimum);
}

/**
 * arc_pair_layout_primary_size:
 * @widget: the widget it lays out
 * The primary child's width and height were @widget allocated @width ×
 * @height, its children fitted (side by side or stacked, as an allocation
 * of them fitted would place them, held or not).
 */
void
arc_pair_layout_primary_size (ArcPairLayout *self,
                              GtkWidget     *widget,
                              int            width,
                              int            height,
                              int           *primary_width,
                              int           *primary_height)
{
  GtkWidget *children[MAX_CHILDREN];
  guint n = visible_children (widget, children);
  int widths[MAX_CHILDREN];
  gboolean held = self->held;
  Measure m = fitted_of (self);

  g_return_if_fail (ARC_IS_PAIR_LAYOUT (self));
  *primary_width = *primary_height = 0;
  self->held = FALSE;
  if (side_widths (self, &m, children, n, width, height, widths))
    {
      for (guint i = 0; i < n; i++)
        if (children[i] == self->primary)
          *primary_width = widths[i];
      *primary_height = height;
    }
  else
    {
      /* Stacked: each is as wide as it likes, sharing the height */
      guint grids = 0;

      for (guint i = 0; i < n; i++)
        grids += !gtk_widget_has_css_class (children[i], "pair-arrow");
      *primary_width = self->primary ? stacked_width (&m, self->primary, width) : 0;
      *primary_height = grids > 0 ? height / (int) grids : 0;
    }
  self->held = held;
}

/* arc-tools-layout.c: the grids and their tools, below or beside them
 *
 * Lays out two children, the grids (first) and the tools (second): the
 * tools on lines below the grids, as wide as the grids' room, or in a
 * column at the right of the grids, as narrow as the widest group of tools
 * allows. Of the two it takes the one that leaves the grids larger: in a
 * wide, low workspace (a 30×30 task on a laptop screen) the tools go
 * beside, in a narrow one below, right under the grids. Held (arc_tools_layout_set_held()), it
 * keeps the way it was, so that zooming the grids moves no tool.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-tools-layout"

#include "config.h"

#include "arc-tools-layout.h"

struct _ArcToolsLayout
{
  GtkLayoutManager parent_instance;
  int              spacing;
  gboolean         beside;  /* at the last allocation */
  gboolean         held;    /* ...and so it stays */
  ArcToolsLayoutScore score;  /* how large the grids are drawn in a room */
  gpointer         score_data;
};

G_DEFINE_FINAL_TYPE (ArcToolsLayout, arc_tools_layout, GTK_TYPE_LAYOUT_MANAGER)

/* The grids and the tools, or FALSE when either is missing or hidden */
static gboolean
children_of (GtkWidget  *widget,
             GtkWidget **grids,
             GtkWidget **tools)
{
  *grids = gtk_widget_get_first_child (widget);
  *tools = *grids ? gtk_widget_get_next_sibling (*grids) : NULL;
  return *grids && *tools && gtk_widget_should_layout (*grids) && gtk_widget_should_layout (*tools);
}

/* The narrowest column of tools: as wide as the widest group of them */
static int
column_width (GtkWidget *tools)
{
  int width = 0;

  for (GtkWidget *c = gtk_widget_get_first_child (tools); c; c = gtk_widget_get_next_sibling (c))
    if (gtk_widget_should_layout (c))
      {
        int nat;

        gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat, NULL, NULL);
        width = MAX (width, nat);
      }
  return width;
}

static int
height_for (GtkWidget *child,
            int        width)
{
  int min, nat;

  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, width, &min, &nat, NULL, NULL);
  return MAX (min, nat);
}

/* The natural height of @grids at @width; of a scrolled window's content
 * (GTK 4.8's scrolled window measures its content for no width) */
static int
content_height (GtkWidget *grids,
                int        width)
{
  GtkWidget *content = GTK_IS_SCROLLED_WINDOW (grids) ? gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (grids)) : NULL;
  int min, nat, content_min;

  if (content == NULL)
    return height_for (grids, width);
  gtk_widget_measure (grids, GTK_ORIENTATION_VERTICAL, width, &min, NULL, NULL, NULL);
  /* (zoomed, the content is wider than the scrolled window: it scrolls) */
  gtk_widget_measure (content, GTK_ORIENTATION_HORIZONTAL, -1, &content_min, NULL, NULL, NULL);
  gtk_widget_measure (content, GTK_ORIENTATION_VERTICAL, MAX (width, content_min), NULL, &nat, NULL, NULL);
  return MAX (min, nat);
}

/* How large the grids are drawn in @width × @height: the share of their
 * natural size (their largest cells) that fits */
static double
grids_scale (GtkWidget *grids,
             int        width,
             int        height)
{
  int nat_width, nat_height;

  if (width <= 0 || height <= 0)
    return 0;
  gtk_widget_measure (grids, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat_width, NULL, NULL);
  gtk_widget_measure (grids, GTK_ORIENTATION_VERTICAL, nat_width, NULL, &nat_height, NULL, NULL);
  if (nat_width <= 0 || nat_height <= 0)
    return 0;
  return MIN ((double) width / nat_width, (double) height / nat_height);
}

/* Whether the tools go beside the grids in @width × @height */
static gboolean
choose_beside (ArcToolsLayout *self,
               GtkWidget      *grids,
               GtkWidget      *tools,
               int             width,
               int             height)
{
  int column = column_width (tools);
  int grids_min, below_height, beside_height;

  if (self->held)
    return self->beside;
  gtk_widget_measure (grids, GTK_ORIENTATION_HORIZONTAL, -1, &grids_min, NULL, NULL, NULL);
  if (width - column - self->spacing < grids_min)
    return FALSE;
  beside_height = height_for (tools, column);
  if (beside_height > height)
    return FALSE;
  below_height = height_for (tools, width);
  if (self->score)
    return self->score (width - column - self->spacing, height, self->score_data) >
           self->score (width, height - below_height - self->spacing, self->score_data);
  return grids_scale (grids, width - column - self->spacing, height) >
         grids_scale (grids, width, height - below_height - self->spacing);
}

static void
arc_tools_layout_measure (GtkLayoutManager *manager,
                          GtkWidget        *widget,
                          GtkOrientation    orientation,
                          int               for_size,
                          int              *minimum,
                          int              *natural,
                          int              *minimum_baseline,
                          int              *natural_baseline)
{
  ArcToolsLayout *self = ARC_TOOLS_LAYOUT (manager);
  GtkWidget *grids, *tools;
  int grids_min, grids_nat, tools_min, tools_nat;

  if (!children_of (widget, &grids, &tools))
    {
      GtkWidget *only = grids && gtk_widget_should_layout (grids) ? grids : NULL;

      if (only)
        gtk_widget_measure (only, orientation, for_size, minimum, natural, NULL, NULL);
      return;
    }
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* Below: as wide as the wider */
      gtk_widget_measure (grids, orientation, -1, &grids_min, &grids_nat, NULL, NULL);
      gtk_widget_measure (tools, orientation, -1, &tools_min, &tools_nat, NULL, NULL);
      *minimum = MAX (grids_min, tools_min);
      *natural = MAX (grids_nat, tools_nat);
      return;
    }
  /* The tools below (held or not: what it asks for does not change when
   * the grids are zoomed, so that nothing on the page moves) */
  gtk_widget_measure (grids, orientation, for_size, &grids_min, &grids_nat, NULL, NULL);
  gtk_widget_measure (tools, orientation, for_size, &tools_min, &tools_nat, NULL, NULL);
  *minimum = grids_min + self->spacing + tools_min;
  *natural = grids_nat + self->spacing + tools_nat;
}

static void
arc_tools_layout_allocate (GtkLayoutManager *manager,
                           GtkWidget        *widget,
                           int               width,
                           int               height,
                           int               baseline)
{
  ArcToolsLayout *self = ARC_TOOLS_LAYOUT (manager);
  GtkWidget *grids, *tools;

  if (!children_of (widget, &grids, &tools))
    {
      if (grids && gtk_widget_should_layout (grids))
        gtk_widget_allocate (grids, width, height, -1, NULL);
      return;
    }
  self->beside = choose_beside (self, grids, tools, width, height);
  if (self->beside)
    {
      int column = column_width (tools);
      int tools_height = MIN (height_for (tools, column), height);

      gtk_widget_size_allocate (grids, &(GtkAllocation) { 0, 0, width - column - self->spacing, height }, -1);
      gtk_widget_size_allocate (tools, &(GtkAllocation) { width - column, 0, column, tools_height }, -1);
    }
  else
    {
      int tools_height = MIN (height_for (tools, width), height);
      int grids_height = MAX (height - tools_height - self->spacing, 0);

      /* Right under grids that fit the width, not at the bottom */
      grids_height = MIN (grids_height, content_height (grids, width));

      gtk_widget_size_allocate (grids, &(GtkAllocation) { 0, 0, width, grids_height }, -1);
      gtk_widget_size_allocate (tools, &(GtkAllocation) { 0, grids_height + self->spacing, width, tools_height }, -1);
    }
}

static GtkSizeRequestMode
arc_tools_layout_get_request_mode (GtkLayoutManager *manager,
                                   GtkWidget        *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
arc_tools_layout_class_init (ArcToolsLayoutClass *klass)
{
  GtkLayoutManagerClass *manager_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  manager_class->get_request_mode = arc_tools_layout_get_request_mode;
  manager_class->measure = arc_tools_layout_measure;
  manager_class->allocate = arc_tools_layout_allocate;
}

static void
arc_tools_layout_init (ArcToolsLayout *self)
{
}

GtkLayoutManager *
arc_tools_layout_new (int spacing)
{
  ArcToolsLayout *self = g_object_new (ARC_TYPE_TOOLS_LAYOUT, NULL);

  self->spacing = spacing;
  return GTK_LAYOUT_MANAGER (self);
}

/**
 * arc_tools_layout_is_beside:
 * Returns: whether the tools were beside the grids at the last allocation
 */
gboolean
arc_tools_layout_is_beside (ArcToolsLayout *self)
{
  g_return_val_if_fail (ARC_IS_TOOLS_LAYOUT (self), FALSE);
  return self->beside;
}

/**
 * arc_tools_layout_set_held:
 * @held: whether the tools keep their place (below or beside the grids, as
 *   at the last allocation) whatever the grids' size
 */
void
arc_tools_layout_set_held (ArcToolsLayout *self,
                           gboolean        held)
{
  g_return_if_fail (ARC_IS_TOOLS_LAYOUT (self));
  if (self->held == held)
    return;
  self->held = held;
  gtk_layout_manager_layout_changed (GTK_LAYOUT_MANAGER (self));
}

/**
 * arc_tools_layout_grids_room:
 * @widget: the widget it lays out
 * The room its grids would get were @widget allocated @width × @height
 * (not held: as it would choose for that size).
 */
void
arc_tools_layout_grids_room (ArcToolsLayout *self,
                             GtkWidget      *widget,
                             int             width,
                             int             height,
                             int            *grids_width,
                             int            *grids_height)
{
  GtkWidget *grids, *tools;
  gboolean held = self->held;

  g_return_if_fail (ARC_IS_TOOLS_LAYOUT (self));
  *grids_width = width;
  *grids_height = height;
  if (!children_of (widget, &grids, &tools))
    return;
  self->held = FALSE;
  if (choose_beside (self, grids, tools, width, height))
    *grids_width = width - column_width (tools) - self->spacing;
  else
    *grids_height = MAX (height - height_for (tools, width) - self->spacing, 0);
  self->held = held;
}

/**
 * arc_tools_layout_set_score:
 * @score: (nullable): how large the grids are drawn in a room (e.g. the
 *   cell size of the grid being built); by default, the share of their
 *   natural size that fits
 * Below or beside: the one the higher score.
 */
void
arc_tools_layout_set_score (ArcToolsLayout      *self,
                            ArcToolsLayoutScore  score,
                            gpointer             data)
{
  g_return_if_fail (ARC_IS_TOOLS_LAYOUT (self));
  self->score = score;
  self->score_data = data;
  gtk_layout_manager_layout_changed (GTK_LAYOUT_MANAGER (self));
}

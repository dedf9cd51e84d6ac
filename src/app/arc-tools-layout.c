/* arc-tools-layout.c: the grids and their tools, below or beside them
 *
 * Lays out two children, the grids (first) and the tools (second): the
 * tools on lines below the grids, as wide as the grids' room, or in a
 * column at the right of the grids, as narrow as the widest group of tools
 * allows. Of the two it takes the one whose room the caller scores
 * higher (the workspace: the larger output grid): in a wide, low workspace
 * (a 30×30 task on a laptop screen) the tools go beside, in a narrow one
 * below, right under the grids.
 *
 * The grids are measured as the caller says they are fitted (the
 * workspace: a grid of the size it makes room for, at the cells that fit,
 * whatever the grid's size now and the zoom), so that what it asks for and
 * where it puts the tools follow from its room alone: a grid resized,
 * painted or zoomed moves no tool.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-tools-layout"

#include "config.h"

#include "arc-tools-layout.h"

struct _ArcToolsLayout
{
  GtkLayoutManager    parent_instance;
  int                 spacing;
  gboolean            beside;  /* at the last allocation */
  ArcToolsLayoutScore score;   /* how large the grids are drawn in a room */
  ArcToolsLayoutGrids grids;   /* what they ask for, fitted */
  gpointer            data;
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

/* The grids' natural height at @width, fitted */
static int
grids_height (ArcToolsLayout *self,
              int             width)
{
  int min = 0, nat = 0;

  self->grids (GTK_ORIENTATION_VERTICAL, width, &min, &nat, self->data);
  return MAX (min, nat);
}

/* The grids' room in @width × @height, the tools beside them or below */
static void
room_of_grids (ArcToolsLayout *self,
               GtkWidget      *tools,
               gboolean        beside,
               int             width,
               int             height,
               int            *grids_width,
               int            *grids_height)
{
  *grids_width = beside ? width - column_width (tools) - self->spacing : width;
  *grids_height = beside ? height : MAX (height - height_for (tools, width) - self->spacing, 0);
}

/* Whether the tools go beside the grids in @width × @height */
static gboolean
choose_beside (ArcToolsLayout *self,
               GtkWidget      *grids,
               GtkWidget      *tools,
               int             width,
               int             height)
{
  int grids_min, beside_width, beside_height, below_width, below_height;

  room_of_grids (self, tools, TRUE, width, height, &beside_width, &beside_height);
  gtk_widget_measure (grids, GTK_ORIENTATION_HORIZONTAL, -1, &grids_min, NULL, NULL, NULL);
  if (beside_width < grids_min || height_for (tools, column_width (tools)) > height)
    return FALSE;
  room_of_grids (self, tools, FALSE, width, height, &below_width, &below_height);
  return self->score (beside_width, beside_height, self->data) > self->score (below_width, below_height, self->data);
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
  int grids_min, grids_nat, fitted_min, fitted_nat, tools_min, tools_nat;

  if (!children_of (widget, &grids, &tools))
    {
      GtkWidget *only = grids && gtk_widget_should_layout (grids) ? grids : NULL;

      if (only)
        gtk_widget_measure (only, orientation, for_size, minimum, natural, NULL, NULL);
      return;
    }
  /* The grids' least size is their scrolled area's; what they would
   * like, fitted */
  gtk_widget_measure (grids, orientation, for_size, &grids_min, NULL, NULL, NULL);
  self->grids (orientation, for_size, &fitted_min, &fitted_nat, self->data);
  grids_nat = MAX (grids_min, fitted_nat);
  gtk_widget_measure (tools, orientation, for_size, &tools_min, &tools_nat, NULL, NULL);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* Below: as wide as the wider */
      *minimum = MAX (grids_min, tools_min);
      *natural = MAX (grids_nat, tools_nat);
      return;
    }
  /* The tools below */
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
  int grids_width, room;

  if (!children_of (widget, &grids, &tools))
    {
      if (grids && gtk_widget_should_layout (grids))
        gtk_widget_allocate (grids, width, height, -1, NULL);
      return;
    }
  self->beside = choose_beside (self, grids, tools, width, height);
  room_of_grids (self, tools, self->beside, width, height, &grids_width, &room);
  if (self->beside)
    {
      int column = column_width (tools);

      gtk_widget_size_allocate (grids, &(GtkAllocation) { 0, 0, grids_width, room }, -1);
      gtk_widget_size_allocate (tools, &(GtkAllocation) { width - column, 0, column,
                                                          MIN (height_for (tools, column), height) }, -1);
    }
  else
    {
      /* Right under the grids fitted to the width, not at the bottom */
      int fitted = MIN (room, grids_height (self, width));

      gtk_widget_size_allocate (grids, &(GtkAllocation) { 0, 0, grids_width, fitted }, -1);
      gtk_widget_size_allocate (tools, &(GtkAllocation) { 0, fitted + self->spacing, width,
                                                          MIN (height_for (tools, width), height) }, -1);
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

/**
 * arc_tools_layout_new:
 * @score: how large the grids are drawn in a room (the workspace: the cell
 *   size of the grid being built); below or beside, the one scored higher
 * @grids: what the grids ask for fitted, as gtk_widget_measure() answers
 */
GtkLayoutManager *
arc_tools_layout_new (int                 spacing,
                      ArcToolsLayoutScore score,
                      ArcToolsLayoutGrids grids,
                      gpointer            data)
{
  ArcToolsLayout *self;

  g_return_val_if_fail (score != NULL && grids != NULL, NULL);
  self = g_object_new (ARC_TYPE_TOOLS_LAYOUT, NULL);
  self->spacing = spacing;
  self->score = score;
  self->grids = grids;
  self->data = data;
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
 * arc_tools_layout_grids_room:
 * @widget: the widget it lays out
 * The room its grids would get were @widget allocated @width × @height.
 * Below, the whole height left to the grids (not the height of the
 * grids fitted to the width, which they are drawn in).
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

  g_return_if_fail (ARC_IS_TOOLS_LAYOUT (self));
  *grids_width = width;
  *grids_height = height;
  if (!children_of (widget, &grids, &tools))
    return;
  room_of_grids (self, tools, choose_beside (self, grids, tools, width, height), width, height, grids_width,
                 grids_height);
}

/* arc-tools-layout.c: the grids and their tools, below or beside them
 *
 * Lays out two children, the grids (first) and the tools (second): the
 * tools on lines below the grids, as wide as the grids' room, or in a
 * column at the right of the grids, as narrow as the widest group of tools
 * allows. Of the two it takes the one whose room the caller scores
 * higher (the workspace: the larger output grid): in a
 * wide, low workspace (a 30×30 task on a laptop screen) the tools go
 * beside, in a narrow one below, right under the grids. It chooses again
 * when its room changes or it is told to (arc_tools_layout_choose_again(),
 * for another grid to build), not when only the grids change: a resized
 * output grid moves no tool. Below, the grids keep the height they had
 * for it too (a smaller grid leaves room under it; a larger one is drawn
 * smaller) unless their score in it would fall under the roomy one given
 * (a grid much larger): then they grow to the least height that scores
 * roomy, and the tools go down by that much only. Held (arc_tools_layout_set_held()), it keeps the
 * way it was whatever its room, so that zooming the grids moves no tool.
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
  int              chosen_width;   /* the room it chose for (0: choose again) */
  int              chosen_height;
  double           roomy;          /* a score the grids' kept height must give */
  int              grids_height;  /* below: at the last allocation (kept while the choice stays; held, it stays) */
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

  if (self->held || (width == self->chosen_width && height == self->chosen_height))
    return self->beside;
  room_of_grids (self, tools, TRUE, width, height, &beside_width, &beside_height);
  gtk_widget_measure (grids, GTK_ORIENTATION_HORIZONTAL, -1, &grids_min, NULL, NULL, NULL);
  if (beside_width < grids_min || height_for (tools, column_width (tools)) > height)
    return FALSE;
  room_of_grids (self, tools, FALSE, width, height, &below_width, &below_height);
  return self->score (beside_width, beside_height, self->score_data) >
         self->score (below_width, below_height, self->score_data);
}

/* Below, the grids grown from the height @kept towards their @natural one:
 * @kept while it gives them the roomy score, else the least height that
 * does (a 2×2 answer made 6×6 grows its grids by a few cells' height, not
 * to its natural size, which had moved the tools down a third of the
 * window), else @natural */
static int
roomy_height (ArcToolsLayout *self,
              int             width,
              int             kept,
              int             natural)
{
  int low = kept, high = natural;

  if (self->score (width, kept, self->score_data) >= self->roomy)
    return kept;
  if (self->score (width, natural, self->score_data) < self->roomy)
    return natural;
  /* (the score grows with the height: the least height scoring roomy is in (low, high]) */
  while (high - low > 1)
    {
      int middle = low + (high - low) / 2;

      if (self->score (width, middle, self->score_data) >= self->roomy)
        high = middle;
      else
        low = middle;
    }
  return high;
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
  int grids_width, grids_height;
  /* (the choice made for this room, since no other was: the grids' height below stays too) */
  gboolean kept = !self->held && width == self->chosen_width && height == self->chosen_height &&
                  self->grids_height > 0;

  self->beside = choose_beside (self, grids, tools, width, height);
  if (!self->held)
    {
      self->chosen_width = width;
      self->chosen_height = height;
    }
  room_of_grids (self, tools, self->beside, width, height, &grids_width, &grids_height);
  if (self->beside)
    {
      int column = column_width (tools);

      gtk_widget_size_allocate (grids, &(GtkAllocation) { 0, 0, grids_width, grids_height }, -1);
      gtk_widget_size_allocate (tools, &(GtkAllocation) { width - column, 0, column,
                                                          MIN (height_for (tools, column), height) }, -1);
    }
  else
    {
      /* Right under grids that fit the width, not at the bottom; held,
       * as high as they were (zoomed grids scroll, the tools stay) */
      if (self->held && self->grids_height > 0)
        grids_height = MIN (grids_height, self->grids_height);
      else
        {
          int natural = content_height (grids, width);

          if (kept && natural > self->grids_height)
            natural = roomy_height (self, width, self->grids_height, natural);
          else if (kept)
            natural = self->grids_height;
          grids_height = MIN (grids_height, natural);
        }
      self->grids_height = grids_height;
      gtk_widget_size_allocate (grids, &(GtkAllocation) { 0, 0, grids_width, grids_height }, -1);
      gtk_widget_size_allocate (tools, &(GtkAllocation) { 0, grids_height + self->spacing, width,
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
 * @roomy: the score under which the grids' height kept below them gives
 *   way to the grids' (the workspace: the comfortable cell size)
 * @score: how large the grids are drawn in a room (the workspace: the cell
 *   size of the grid being built); below or beside, the one scored higher
 */
GtkLayoutManager *
arc_tools_layout_new (int                 spacing,
                      double              roomy,
                      ArcToolsLayoutScore score,
                      gpointer            data)
{
  ArcToolsLayout *self;

  g_return_val_if_fail (score != NULL, NULL);
  self = g_object_new (ARC_TYPE_TOOLS_LAYOUT, NULL);
  self->spacing = spacing;
  self->roomy = roomy;
  self->score = score;
  self->score_data = data;
  return GTK_LAYOUT_MANAGER (self);
}

/**
 * arc_tools_layout_set_held:
 * @held: whether the tools keep their place (below or beside the grids, as
 *   at the last allocation) whatever the grids' size and the room; let go,
 *   it chooses again
 */
void
arc_tools_layout_set_held (ArcToolsLayout *self,
                           gboolean        held)
{
  g_return_if_fail (ARC_IS_TOOLS_LAYOUT (self));
  if (self->held == held)
    return;
  self->held = held;
  /* (let go, fitted again: it chooses again, as for a room it never had) */
  if (!held)
    self->chosen_width = self->chosen_height = 0;
  gtk_layout_manager_layout_changed (GTK_LAYOUT_MANAGER (self));
}

/**
 * arc_tools_layout_choose_again:
 * Chooses below or beside at the next allocation, as for a room it never
 * had (another grid to build: the grids' size then counts again).
 */
void
arc_tools_layout_choose_again (ArcToolsLayout *self)
{
  g_return_if_fail (ARC_IS_TOOLS_LAYOUT (self));
  if (self->chosen_width == 0 && self->chosen_height == 0)
    return;
  self->chosen_width = self->chosen_height = 0;
  gtk_layout_manager_layout_changed (GTK_LAYOUT_MANAGER (self));
}

/**
 * arc_tools_layout_grids_room:
 * @widget: the widget it lays out
 * The room its grids would get were @widget allocated @width × @height
 * (not held: as it would choose for that size; the choice it keeps for
 * the room it has). Below, the whole height left to the grids: not the
 * height kept for them, which gives way under the same roomy score the
 * callers look for.
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
  room_of_grids (self, tools, choose_beside (self, grids, tools, width, height), width, height, grids_width,
                 grids_height);
  self->held = held;
}

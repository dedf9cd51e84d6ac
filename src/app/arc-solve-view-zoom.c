/* arc-solve-view-zoom.c: the workspace's grids zoomed in their own area
 *
 * Zoomed, the grids scroll in their area, which keeps the size it has
 * fitted (the workspace lays it out for the grids fitted to their room,
 * arc-solve-view-layout.c), and they stay side by side or stacked as they
 * are fitted in it: nothing on the page moves and Submit stays where it
 * was. The point of a grid under the pointer (or
 * the middle of the area, zoomed with the keys) stays where it is: once
 * the grids are laid out at the new size, in the same frame, the area is
 * scrolled back to it.
 *
 * A part of ArcSolveView that calls none of its other parts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-solve-view"

#include "config.h"

#include "arc-grid-view.h"
#include "arc-pair-layout.h"
#include "arc-solve-view-private.h"

static GtkScrolledWindow *
scroller_of (ArcSolveView *self)
{
  return GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (self->grids, GTK_TYPE_SCROLLED_WINDOW));
}

/* Zoomed, the grids side by side or stacked as they are fitted in their
 * scrolled area (or, let go, as they fit again) */
static void
hold (ArcSolveView *self,
      gboolean      held)
{
  GtkWidget *scroller = GTK_WIDGET (scroller_of (self));
  ArcPairLayout *pair = ARC_PAIR_LAYOUT (gtk_widget_get_layout_manager (self->grids));

  self->grids_held = held;
  arc_pair_layout_hold (pair, held, held && arc_pair_layout_fitted_stacked (pair, self->grids,
                                                                            gtk_widget_get_width (scroller),
                                                                            gtk_widget_get_height (scroller)));
}

/* The area's size changed (the window, the divider), or the grids' room
 * (another task): zoomed, they are held as they fit there, from an idle
 * (the area is told its size while it is laid out) */
static gboolean
hold_again_idle (gpointer data)
{
  ArcSolveView *self = data;

  self->hold_idle = 0;
  if (self->grids_held)
    hold (self, TRUE);
  return G_SOURCE_REMOVE;
}

/**
 * arc_solve_view_zoom_area_changed:
 * The grids' scrolled area or their room changed
 */
void
arc_solve_view_zoom_area_changed (ArcSolveView *self)
{
  if (self->grids_held && self->hold_idle == 0)
    self->hold_idle = g_idle_add (hold_again_idle, self);
}

static void
page_size_cb (GtkAdjustment *adjustment,
              GParamSpec    *pspec,
              ArcSolveView  *self)
{
  arc_solve_view_zoom_area_changed (self);
}

/* arc_solve_view_init_hover()'s sibling: the area's size followed */
void
arc_solve_view_init_zoom (ArcSolveView *self)
{
  GtkScrolledWindow *scroller = scroller_of (self);

  g_signal_connect_object (gtk_scrolled_window_get_hadjustment (scroller), "notify::page-size",
                           G_CALLBACK (page_size_cb), self, 0);
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (scroller), "notify::page-size",
                           G_CALLBACK (page_size_cb), self, 0);
}

/* Where the point (@x, @y) of the view is: on which grid, at what share of
 * its width and height (the output, clamped, when it is on neither), and
 * where in the scrolled area */
static void
set_anchor (ArcSolveView *self,
            double        x,
            double        y)
{
  GtkWidget *scroller = GTK_WIDGET (scroller_of (self));
  GtkWidget *grids[] = { self->input_view, self->output_view };
  graphene_point_t in_scroller, on_grid;

  if (x < 0 || y < 0 ||
      !gtk_widget_compute_point (GTK_WIDGET (self), scroller, &GRAPHENE_POINT_INIT (x, y), &in_scroller) ||
      in_scroller.x < 0 || in_scroller.y < 0 ||
      in_scroller.x > gtk_widget_get_width (scroller) || in_scroller.y > gtk_widget_get_height (scroller))
    {
      /* The middle of the area */
      in_scroller = GRAPHENE_POINT_INIT (gtk_widget_get_width (scroller) / 2., gtk_widget_get_height (scroller) / 2.);
    }
  self->zoom_grid = self->output_view;
  for (guint i = 0; i < G_N_ELEMENTS (grids); i++)
    if (gtk_widget_get_mapped (grids[i]) &&
        gtk_widget_compute_point (scroller, grids[i], &in_scroller, &on_grid) &&
        gtk_widget_contains (grids[i], on_grid.x, on_grid.y))
      self->zoom_grid = grids[i];
  if (!gtk_widget_compute_point (scroller, self->zoom_grid, &in_scroller, &on_grid) ||
      gtk_widget_get_width (self->zoom_grid) <= 0 || gtk_widget_get_height (self->zoom_grid) <= 0)
    {
      self->zoom_grid = NULL;
      return;
    }
  /* A cell and the point in it, as a share of the cell; off the cells, a
   * share of the grid's size */
  self->zoom_row = -1;
  if (arc_grid_view_cell_at (ARC_GRID_VIEW (self->zoom_grid), on_grid.x, on_grid.y, &self->zoom_row, &self->zoom_col))
    {
      double cx, cy;
      int cell = arc_grid_view_get_cell_size (ARC_GRID_VIEW (self->zoom_grid));

      if (cell > 0 && arc_grid_view_cell_centre (ARC_GRID_VIEW (self->zoom_grid), self->zoom_row, self->zoom_col, &cx, &cy))
        {
          self->zoom_share_x = (on_grid.x - cx) / cell;
          self->zoom_share_y = (on_grid.y - cy) / cell;
        }
      else
        self->zoom_row = -1;
    }
  if (self->zoom_row < 0)
    {
      self->zoom_share_x = CLAMP (on_grid.x / gtk_widget_get_width (self->zoom_grid), 0, 1);
      self->zoom_share_y = CLAMP (on_grid.y / gtk_widget_get_height (self->zoom_grid), 0, 1);
    }
  self->zoom_x = in_scroller.x;
  self->zoom_y = in_scroller.y;
}

/* Scrolls @adjustment to @value; FALSE if it had to stop short while its
 * upper bound may still grow to the grids' new size (it changed since
 * the last try, kept in @upper) */
static gboolean
scroll_to (GtkAdjustment *adjustment,
           double         value,
           double        *upper)
{
  gboolean settled = G_APPROX_VALUE (gtk_adjustment_get_upper (adjustment), *upper, 0.5);

  *upper = gtk_adjustment_get_upper (adjustment);
  gtk_adjustment_set_value (adjustment, value);
  return G_APPROX_VALUE (gtk_adjustment_get_value (adjustment), value, 0.5) || value < 0 || settled;
}

/* The grids are laid out at their new size: the anchor goes back under
 * the pointer; until the area can scroll that far (its upper bound
 * follows the grids a layout later), a few more layouts. */
static void
after_layout_cb (GdkFrameClock *clock,
                 ArcSolveView  *self)
{
  GtkScrolledWindow *scroller = scroller_of (self);
  graphene_point_t in_grids, on_grid;
  double cx, cy;

  if (self->zoom_grid == NULL || self->zoom_tries-- == 0)
    {
      g_signal_handlers_disconnect_by_func (clock, after_layout_cb, self);
      self->zoom_grid = NULL;
      return;
    }
  if (self->zoom_row >= 0 &&
      arc_grid_view_cell_centre (ARC_GRID_VIEW (self->zoom_grid), self->zoom_row, self->zoom_col, &cx, &cy))
    {
      int cell = arc_grid_view_get_cell_size (ARC_GRID_VIEW (self->zoom_grid));

      on_grid = GRAPHENE_POINT_INIT (cx + self->zoom_share_x * cell, cy + self->zoom_share_y * cell);
    }
  else
    on_grid = GRAPHENE_POINT_INIT (self->zoom_share_x * gtk_widget_get_width (self->zoom_grid),
                                   self->zoom_share_y * gtk_widget_get_height (self->zoom_grid));
  if (gtk_widget_compute_point (self->zoom_grid, self->grids, &on_grid, &in_grids))
    {
      gboolean there = scroll_to (gtk_scrolled_window_get_hadjustment (scroller), in_grids.x - self->zoom_x,
                                  &self->zoom_upper_x);

      if (scroll_to (gtk_scrolled_window_get_vadjustment (scroller), in_grids.y - self->zoom_y, &self->zoom_upper_y) &&
          there)
        self->zoom_tries = 0;  /* done, at the next layout */
    }
}

/* arc_solve_view_zoom() */
void
arc_solve_view_zoom_grids (ArcSolveView *self,
                           int           cell,
                           double        x,
                           double        y)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  if (cell > 0 && gtk_widget_get_mapped (GTK_WIDGET (self)))
    set_anchor (self, x, y);
  hold (self, cell > 0);
  arc_grid_view_set_zoom (ARC_GRID_VIEW (self->input_view), cell);
  arc_grid_view_set_zoom (ARC_GRID_VIEW (self->output_view), cell);
  if (clock && self->zoom_grid)
    {
      g_signal_handlers_disconnect_by_func (clock, after_layout_cb, self);
      self->zoom_tries = 8;
      self->zoom_upper_x = self->zoom_upper_y = -1;
      g_signal_connect_object (clock, "layout", G_CALLBACK (after_layout_cb), self, G_CONNECT_AFTER);
    }
}

/* arc-solve-view-hover.c: what the pointer is on in the workspace: the
 * grid's menu at a cell, and the cell pointed at, for the window's status
 * line: the "hover" signal, as ArcTaskView's, says the
 * grid, row, column and colour of the cell under the pointer on the test
 * input or the output grid, or else of the keyboard cursor's cell while
 * the output grid has the focus (and while the cursor moved last, whatever
 * the pointer is on); a %NULL grid when there is none.
 *
 * A part of ArcSolveView that calls none of its other parts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-solve-view"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-grid-view.h"
#include "arc-solve-view-private.h"

static guint hover_signal;

/**
 * arc_solve_view_grid_name:
 * @view: the input or the output grid
 *
 * Returns: what the grid of @view is called (on the status line, in the
 *   name of its image): "test 1 input"
 */
char *
arc_solve_view_grid_name (ArcSolveView *self,
                          GtkWidget    *view)
{
  gboolean input = view == self->input_view;
  guint test = self->solve ? arc_solve_get_current (self->solve) + 1 : 1;

  /* While editing, the grids are the task's own, with their names */
  if (self->history && self->edit_names[input ? 1 : 2])
    return g_strdup (self->edit_names[input ? 1 : 2]);
  if (input)
    return g_strdup_printf (_("test %u input"), test);
  /* TRANSLATORS: the output grid the user builds, on the status line */
  return g_strdup_printf (_("your output for test %u"), test);
}

/* Tells the cell pointed at: under the pointer, else the cursor's; the
 * cursor's while it is the last of the two to move (the keys move it
 * under a pointer left on the grid) */
static void
arc_solve_view_emit_hover (ArcSolveView *self)
{
  GtkWidget *views[] = { self->output_view, self->input_view };
  GtkWidget *view = NULL;
  const ArcGrid *grid;
  g_autofree char *where = NULL;
  int row = -1, col = -1;

  if (self->cursor_moved_last && arc_grid_view_get_cursor (ARC_GRID_VIEW (self->output_view), &row, &col))
    view = self->output_view;
  for (guint i = 0; i < G_N_ELEMENTS (views) && view == NULL; i++)
    if (arc_grid_view_get_hover (ARC_GRID_VIEW (views[i]), &row, &col))
      view = views[i];
  if (view == NULL && arc_grid_view_get_cursor (ARC_GRID_VIEW (self->output_view), &row, &col))
    view = self->output_view;
  grid = view ? arc_grid_view_get_grid (ARC_GRID_VIEW (view)) : NULL;
  if (grid == NULL || !arc_grid_contains (grid, row, col))
    {
      g_signal_emit (self, hover_signal, 0, NULL, -1, -1, -1);
      return;
    }
  where = arc_solve_view_grid_name (self, view);
  g_signal_emit (self, hover_signal, 0, where, row, col, (int) arc_grid_get (grid, row, col));
}

/**
 * arc_solve_view_class_add_hover:
 * The "hover" signal.
 */
void
arc_solve_view_class_add_hover (GtkWidgetClass *widget_class)
{
  /**
   * ArcSolveView::hover:
   * @where: (nullable): e.g. "test 1 input", %NULL when the workspace
   *   points at no cell
   *
   * The cell under the pointer on either grid, or else the keyboard
   * cursor's on the output grid, changed: its row, column and colour.
   */
  hover_signal = g_signal_new ("hover", G_TYPE_FROM_CLASS (widget_class), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                               G_TYPE_NONE, 4, G_TYPE_STRING, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT);
}

static void
pointer_moved_cb (ArcSolveView *self)
{
  self->cursor_moved_last = FALSE;
  arc_solve_view_emit_hover (self);
}

static void
cursor_moved_cb (ArcSolveView *self)
{
  self->cursor_moved_last = TRUE;
  arc_solve_view_emit_hover (self);
}

/**
 * arc_solve_view_init_hover:
 * Follows the pointer and the cursor on the grids, and what they show.
 */
void
arc_solve_view_init_hover (ArcSolveView *self)
{
  GtkWidget *views[] = { self->input_view, self->output_view };

  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    {
      g_signal_connect_object (views[i], "hover", G_CALLBACK (pointer_moved_cb), self, G_CONNECT_SWAPPED);
      /* a cell painted under the pointer, another test input shown */
      g_signal_connect_object (views[i], "notify::grid", G_CALLBACK (arc_solve_view_emit_hover), self,
                               G_CONNECT_SWAPPED);
    }
  g_signal_connect_object (self->output_view, "cursor-moved", G_CALLBACK (cursor_moved_cb), self,
                           G_CONNECT_SWAPPED);
}

/**
 * arc_solve_view_popup_grid_menu:
 * Opens the menu of the grid @view (the input or the output grid) for the
 * cell (@row, @col), pointing at (@x, @y) of @view.
 */
void
arc_solve_view_popup_grid_menu (ArcSolveView *self,
                                GtkWidget    *view,
                                int           row,
                                int           col,
                                double        x,
                                double        y)
{
  graphene_point_t p;

  self->context_view = view;
  self->context_row = row;
  self->context_col = col;
  if (self->grid_popover == NULL)
    {
      self->grid_popover = gtk_popover_menu_new_from_model (self->grid_menu);
      gtk_popover_set_has_arrow (GTK_POPOVER (self->grid_popover), FALSE);
      gtk_widget_set_halign (self->grid_popover, GTK_ALIGN_START);
      gtk_widget_set_parent (self->grid_popover, GTK_WIDGET (self));
    }
  if (!gtk_widget_compute_point (view, GTK_WIDGET (self), &GRAPHENE_POINT_INIT (x, y), &p))
    return;
  gtk_popover_set_pointing_to (GTK_POPOVER (self->grid_popover), &(GdkRectangle) { (int) p.x, (int) p.y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->grid_popover));
}

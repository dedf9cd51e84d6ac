/* arc-grid-view.c: one grid, drawn by the core renderer, fitted with whole-pixel cells
 *
 * The widget picks the largest whole cell size that fits its allocation and
 * draws the grid at its top left, so cells stay crisp at every size and
 * scale. Given a room (arc_grid_view_set_room()), it asks for the room a
 * grid of that size takes, whatever the grid it shows: the workspace's
 * grids keep their place while the grid being built is resized, drawn
 * smaller or larger in that room (never larger than its natural cell). It tells
 * which cell is under the pointer with the "hover" signal (row, column and
 * colour; -1 when the pointer leaves).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-grid-view"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-grid-view.h"
#include "arc-view-options.h"

struct _ArcGridView
{
  GtkWidget         parent_instance;

  ArcGrid          *grid;
  ArcRenderOptions  options;
  int               min_cell;
  int               natural_cell;
  int               zoom;          /* a fixed cell size; 0: fit the allocation */
  int               room_rows;     /* the size measured, fitted (0: the grid's) */
  int               room_cols;

  /* From the last allocation */
  int               cell;
  int               origin_x;
  int               origin_y;
  int               hover_row;
  int               hover_col;

  /* Overlays of the solve workspace */
  ArcCells          selection;     /* none: empty */
  gboolean          floating;      /* the selection floats above the grid */
  int               cursor_row;    /* -1: none */
  int               cursor_col;
  ArcGrid          *expected;      /* wrong cells are marked against it */
};

G_DEFINE_FINAL_TYPE (ArcGridView, arc_grid_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GRID,
  PROP_PALETTE,
  PROP_SHOW_DIGITS,
  PROP_SHOW_GRID_LINES,
  N_PROPS
};

enum {
  HOVER,
  CURSOR_MOVED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The rows and columns it asks room for, fitted: its room's, or its grid's */
static gboolean
room_of (ArcGridView *self,
         int         *rows,
         int         *cols)
{
  *rows = self->room_rows > 0 ? self->room_rows : self->grid ? arc_grid_get_height (self->grid) : 0;
  *cols = self->room_cols > 0 ? self->room_cols : self->grid ? arc_grid_get_width (self->grid) : 0;
  return *rows > 0 && *cols > 0;
}

/**
 * arc_grid_view_measure_fitted:
 * What the view asks for, fitted to its room (as measure() does when it
 * is not zoomed): the same whether it is zoomed or not, and whatever the
 * size of the grid it shows when it has a room
 */
void
arc_grid_view_measure_fitted (ArcGridView    *self,
                              GtkOrientation  orientation,
                              int             for_size,
                              int            *minimum,
                              int            *natural)
{
  gboolean horizontal = orientation == GTK_ORIENTATION_HORIZONTAL;
  int rows, cols, cells, across;

  g_return_if_fail (ARC_IS_GRID_VIEW (self));
  if (!room_of (self, &rows, &cols))
    {
      *minimum = *natural = 0;
      return;
    }
  cells = horizontal ? cols : rows;
  across = horizontal ? rows : cols;
  *minimum = arc_render_extent (&self->options, cells, self->min_cell);
  *natural = arc_render_extent (&self->options, cells, self->natural_cell);
  if (for_size >= 0)
    {
      /* As large as the cells that fit the other way */
      int cell = MAX (arc_render_fit_cell (&self->options, across, for_size, 1, self->natural_cell), self->min_cell);

      *natural = arc_render_extent (&self->options, cells, cell);
    }
}

static void
arc_grid_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  ArcGridView *self = ARC_GRID_VIEW (widget);

  if (self->grid != NULL && self->zoom > 0)
    {
      /* Zoomed: the grid at that size, whatever the room */
      gboolean horizontal = orientation == GTK_ORIENTATION_HORIZONTAL;

      *minimum = *natural = arc_render_extent (&self->options, horizontal ? arc_grid_get_width (self->grid)
                                                                          : arc_grid_get_height (self->grid),
                                               self->zoom);
      return;
    }
  if (self->grid == NULL)
    {
      *minimum = *natural = 0;
      return;
    }
  arc_grid_view_measure_fitted (self, orientation, for_size, minimum, natural);
}

static GtkSizeRequestMode
arc_grid_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
arc_grid_view_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  ArcGridView *self = ARC_GRID_VIEW (widget);
  int w, h;

  if (self->grid == NULL)
    return;
  w = arc_grid_get_width (self->grid);
  h = arc_grid_get_height (self->grid);
  /* The largest whole cell that fits both ways, or the zoom's; in a room,
   * no larger than the natural cell (a 1×1 grid in a 30×30 one's room) */
  if (self->zoom > 0)
    self->cell = self->zoom;
  else
    {
      int largest = self->room_rows > 0 ? self->natural_cell : MAX (width, height);

      self->cell = MIN (arc_render_fit_cell (&self->options, w, width, 1, largest), arc_render_fit_cell (&self->options, h, height, 1, largest));
    }
  /* At the top left, under the label of the grid */
  self->origin_x = 0;
  self->origin_y = 0;
}

/* The pixel rectangle of cells (row, col) to (row + h, col + w) */
static void
cells_rect (ArcGridView *self,
            int          row,
            int          col,
            int          h,
            int          w,
            double      *x,
            double      *y,
            double      *width,
            double      *height)
{
  int line = arc_render_line_width_at (&self->options, self->cell);
  int step = self->cell + line;

  *x = self->origin_x + col * step;
  *y = self->origin_y + row * step;
  *width = w * step + line;
  *height = h * step + line;
}

/* The path of every cell of @cells, each moved by (@dx, @dy) */
static void
cells_path (ArcGridView    *self,
            cairo_t        *cr,
            const ArcCells *cells,
            double          dx,
            double          dy)
{
  double x, y, w, h;

  for (int r = cells->rect.row; r < cells->rect.row + cells->rect.height; r++)
    for (int c = cells->rect.col; c < cells->rect.col + cells->rect.width; c++)
      if (arc_cells_contains (cells, r, c))
        {
          cells_rect (self, r, c, 1, 1, &x, &y, &w, &h);
          cairo_rectangle (cr, x + dx, y + dy, w, h);
        }
}

/* The outline of a grown selection: a line along each edge between a cell
 * of it and one that is not, inside the cell that is, those along one row
 * or column joined, so that the dashes run on */
static void
outline_path (ArcGridView    *self,
              cairo_t        *cr,
              const ArcCells *cells)
{
  const ArcRect *box = &cells->rect;
  double x, y, w, h, x1, y1;

  for (int vertical = 0; vertical < 2; vertical++)
    {
      /* Each line between two rows (columns), each side of it */
      int lines = vertical ? box->width : box->height, along = vertical ? box->height : box->width;

      for (int k = 0; k <= lines; k++)
        for (int side = 0; side < 2; side++)
          for (int i = 0; i < along; i++)
            {
              int start = i, in = side ? k - 1 : k, out = side ? k : k - 1;

              /* A run of cells in the selection on one side and not on the other */
              while (i < along && (vertical ? arc_cells_contains (cells, box->row + i, box->col + in) &&
                                              !arc_cells_contains (cells, box->row + i, box->col + out)
                                            : arc_cells_contains (cells, box->row + in, box->col + i) &&
                                              !arc_cells_contains (cells, box->row + out, box->col + i)))
                i++;
              if (i == start)
                continue;
              if (vertical)
                {
                  cells_rect (self, box->row + start, box->col + in, i - start, 1, &x, &y, &w, &h);
                  x1 = side ? x + w - 1 : x + 1;
                  cairo_move_to (cr, x1, y);
                  cairo_line_to (cr, x1, y + h);
                }
              else
                {
                  cells_rect (self, box->row + in, box->col + start, 1, i - start, &x, &y, &w, &h);
                  y1 = side ? y + h - 1 : y + 1;
                  cairo_move_to (cr, x, y1);
                  cairo_line_to (cr, x + w, y1);
                }
            }
    }
}

/* A selection grown with Ctrl+click, drawn as a rectangle is: its cells
 * tinted (or, floating, a shadow below them), outlined white under blue dashes */
static void
draw_shape (ArcGridView *self,
            cairo_t     *cr)
{
  const double dash[] = { 4.0, 3.0 };

  cairo_save (cr);
  if (self->floating)
    {
      double d = MAX (3.0, self->cell / 7.0);

      cairo_push_group (cr);
      cairo_set_source_rgb (cr, 0, 0, 0);
      cells_path (self, cr, &self->selection, d, d);
      cairo_fill (cr);
      cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
      cells_path (self, cr, &self->selection, 0, 0);
      cairo_fill (cr);
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, 0.55);
    }
  else
    {
      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.25);
      cells_path (self, cr, &self->selection, 0, 0);
      cairo_fill (cr);
    }
  outline_path (self, cr, &self->selection);
  cairo_set_line_width (cr, 2.0);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_stroke_preserve (cr);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* Wrong cells crossed out, the selection outlined, the cursor framed */
static void
draw_overlays (ArcGridView *self,
               cairo_t     *cr)
{
  double x, y, w, h;

  if (self->expected)
    {
      int rows = MIN (arc_grid_get_height (self->grid), arc_grid_get_height (self->expected));
      int cols = MIN (arc_grid_get_width (self->grid), arc_grid_get_width (self->expected));

      /* A cross in white over black: readable on every colour, and of
       * none of the palette's (a red one could not be told from a red
       * cell). Under 16 px a cell, thin and short, so that the cell's own
       * colour still shows around it (a wide one had hidden it) */
      gboolean small = self->cell < 16, tiny = self->cell < 8;
      double white = tiny ? 1.0 : small ? 1.25 : MAX (2.0, self->cell / 8.0);
      double halo = white + (tiny ? 1.0 : small ? 1.75 : 2.0);

      cairo_save (cr);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      for (int r = 0; r < arc_grid_get_height (self->grid); r++)
        for (int c = 0; c < arc_grid_get_width (self->grid); c++)
          {
            gboolean wrong = r >= rows || c >= cols || arc_grid_get (self->grid, r, c) != arc_grid_get (self->expected, r, c);
            double inset;

            if (!wrong)
              continue;
            cells_rect (self, r, c, 1, 1, &x, &y, &w, &h);
            inset = small ? w * 0.3 : self->cell * 0.22;
            for (int pass = 0; pass < 2; pass++)
              {
                cairo_set_source_rgb (cr, pass, pass, pass);
                cairo_set_line_width (cr, pass ? white : halo);
                cairo_move_to (cr, x + inset, y + inset);
                cairo_line_to (cr, x + w - inset, y + h - inset);
                cairo_move_to (cr, x + w - inset, y + inset);
                cairo_line_to (cr, x + inset, y + h - inset);
                cairo_stroke (cr);
              }
          }
      cairo_restore (cr);
    }
  if (!arc_cells_is_empty (&self->selection) && !arc_cells_is_rect (&self->selection))
    draw_shape (self, cr);
  else if (!arc_cells_is_empty (&self->selection))
    {
      const double dash[] = { 4.0, 3.0 };
      const ArcRect *sel = &self->selection.rect;

      cells_rect (self, sel->row, sel->col, sel->height, sel->width, &x, &y, &w, &h);
      cairo_save (cr);
      if (self->floating)
        {
          /* Lifted: its cells in their own colours, a shadow below it */
          double d = MAX (3.0, self->cell / 7.0);

          cairo_set_source_rgba (cr, 0, 0, 0, 0.55);
          cairo_rectangle (cr, x + d, y + h, w, d);
          cairo_rectangle (cr, x + w, y + d, d, h - d);
          cairo_fill (cr);
        }
      else
        {
          cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.25);
          cairo_rectangle (cr, x, y, w, h);
          cairo_fill (cr);
        }
      cairo_set_line_width (cr, 2.0);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_rectangle (cr, x + 1, y + 1, w - 2, h - 2);
      cairo_stroke (cr);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
      cairo_rectangle (cr, x + 1, y + 1, w - 2, h - 2);
      cairo_stroke (cr);
      cairo_restore (cr);
    }
  if (self->cursor_row >= 0 && arc_grid_contains (self->grid, self->cursor_row, self->cursor_col))
    {
      cells_rect (self, self->cursor_row, self->cursor_col, 1, 1, &x, &y, &w, &h);
      cairo_save (cr);
      cairo_set_line_width (cr, 3.0);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_rectangle (cr, x + 1.5, y + 1.5, w - 3, h - 3);
      cairo_stroke (cr);
      cairo_set_line_width (cr, 1.0);
      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_rectangle (cr, x + 0.5, y + 0.5, w - 1, h - 1);
      cairo_stroke (cr);
      cairo_restore (cr);
    }
}

/**
 * arc_grid_view_set_selection:
 * @cells: (nullable): cells to outline (a rectangle, or a grown
 *   selection's shape), or %NULL
 */
void
arc_grid_view_set_selection (ArcGridView    *self,
                             const ArcCells *cells)
{
  g_return_if_fail (ARC_IS_GRID_VIEW (self));

  if (cells)
    self->selection = *cells;
  else
    arc_cells_clear (&self->selection);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * arc_grid_view_set_selection_floating:
 * The selection floats above the grid (moved, turned or pasted): its cells
 * are drawn in their own colours with a shadow, not tinted.
 */
void
arc_grid_view_set_selection_floating (ArcGridView *self,
                                      gboolean     floating)
{
  g_return_if_fail (ARC_IS_GRID_VIEW (self));

  if (self->floating == !!floating)
    return;
  self->floating = !!floating;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * arc_grid_view_get_hover:
 * Returns: %TRUE when the pointer is over a cell: then (@row, @col)
 */
gboolean
arc_grid_view_get_hover (ArcGridView *self,
                         int         *row,
                         int         *col)
{
  g_return_val_if_fail (ARC_IS_GRID_VIEW (self), FALSE);

  *row = self->hover_row;
  *col = self->hover_col;
  return self->hover_row >= 0;
}

/**
 * arc_grid_view_set_cursor:
 * The keyboard cursor; -1 for none.
 */
void
arc_grid_view_set_cursor (ArcGridView *self,
                          int          row,
                          int          col)
{
  g_return_if_fail (ARC_IS_GRID_VIEW (self));

  if (row < 0)
    col = -1;
  if (row == self->cursor_row && col == self->cursor_col)
    return;
  self->cursor_row = row;
  self->cursor_col = col;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[CURSOR_MOVED], 0);
}

/**
 * arc_grid_view_get_cursor:
 * Returns: %TRUE when the keyboard cursor shows: then on (@row, @col)
 */
gboolean
arc_grid_view_get_cursor (ArcGridView *self,
                          int         *row,
                          int         *col)
{
  g_return_val_if_fail (ARC_IS_GRID_VIEW (self), FALSE);

  *row = self->cursor_row;
  *col = self->cursor_col;
  return self->cursor_row >= 0 && self->grid && arc_grid_contains (self->grid, self->cursor_row, self->cursor_col);
}

/**
 * arc_grid_view_set_expected:
 * @expected: (nullable): mark the cells that differ from it, and every
 *   cell outside it
 */
void
arc_grid_view_set_expected (ArcGridView   *self,
                            const ArcGrid *expected)
{
  g_return_if_fail (ARC_IS_GRID_VIEW (self));

  g_clear_pointer (&self->expected, arc_grid_free);
  self->expected = expected ? arc_grid_copy (expected) : NULL;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * arc_grid_view_get_n_marked:
 * Returns: how many cells are crossed out as wrong (arc_grid_view_set_expected())
 */
guint
arc_grid_view_get_n_marked (ArcGridView *self)
{
  guint n = 0;

  g_return_val_if_fail (ARC_IS_GRID_VIEW (self), 0);
  if (self->grid == NULL || self->expected == NULL)
    return 0;
  for (int r = 0; r < arc_grid_get_height (self->grid); r++)
    for (int c = 0; c < arc_grid_get_width (self->grid); c++)
      n += !arc_grid_contains (self->expected, r, c) || arc_grid_get (self->grid, r, c) != arc_grid_get (self->expected, r, c);
  return n;
}

static void
arc_grid_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  ArcGridView *self = ARC_GRID_VIEW (widget);
  ArcRenderOptions options = self->options;
  int width, height;
  cairo_t *cr;

  if (self->grid == NULL || self->cell < 1)
    return;
  options.cell_size = self->cell;
  arc_render_grid_size (self->grid, &options, &width, &height);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (self->origin_x, self->origin_y, width, height));
  arc_render_grid (cr, self->grid, self->origin_x, self->origin_y, &options);
  draw_overlays (self, cr);
  cairo_destroy (cr);
}

/**
 * arc_grid_view_cell_at:
 * Finds the cell under the widget coordinates (@x, @y).
 */
gboolean
arc_grid_view_cell_at (ArcGridView *self,
                       double       x,
                       double       y,
                       int         *row,
                       int         *col)
{
  int line, step, r, c;

  g_return_val_if_fail (ARC_IS_GRID_VIEW (self), FALSE);

  if (self->grid == NULL || self->cell < 1)
    return FALSE;
  line = arc_render_line_width_at (&self->options, self->cell);
  step = self->cell + line;
  x -= self->origin_x + line;
  y -= self->origin_y + line;
  if (x < -line || y < -line)
    return FALSE;
  c = (int) (x >= 0 ? x / step : 0);
  r = (int) (y >= 0 ? y / step : 0);
  if (r >= arc_grid_get_height (self->grid) || c >= arc_grid_get_width (self->grid))
    return FALSE;
  *row = r;
  *col = c;
  return TRUE;
}

/**
 * arc_grid_view_cell_centre:
 * The widget coordinates of the middle of a cell.
 */
gboolean
arc_grid_view_cell_centre (ArcGridView *self,
                           int          row,
                           int          col,
                           double      *x,
                           double      *y)
{
  int line;

  g_return_val_if_fail (ARC_IS_GRID_VIEW (self), FALSE);

  if (self->grid == NULL || self->cell < 1 || !arc_grid_contains (self->grid, row, col))
    return FALSE;
  line = arc_render_line_width_at (&self->options, self->cell);
  *x = self->origin_x + line + col * (self->cell + line) + self->cell / 2.0;
  *y = self->origin_y + line + row * (self->cell + line) + self->cell / 2.0;
  return TRUE;
}

static void
set_hover (ArcGridView *self,
           int          row,
           int          col)
{
  if (row == self->hover_row && col == self->hover_col)
    return;
  self->hover_row = row;
  self->hover_col = col;
  g_signal_emit (self, signals[HOVER], 0, row, col, row >= 0 ? (int) arc_grid_get (self->grid, row, col) : -1);
}

static void
motion_cb (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           ArcGridView              *self)
{
  int row, col;

  if (arc_grid_view_cell_at (self, x, y, &row, &col))
    set_hover (self, row, col);
  else
    set_hover (self, -1, -1);
}

static void
leave_cb (GtkEventControllerMotion *controller,
          ArcGridView              *self)
{
  set_hover (self, -1, -1);
}

static void
update_accessible (ArcGridView *self)
{
  g_autofree char *description = NULL;

  if (self->grid)
    /* TRANSLATORS: an accessible description of a grid, e.g. "3×4 grid" */
    description = g_strdup_printf (_("%d×%d grid"), arc_grid_get_height (self->grid), arc_grid_get_width (self->grid));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description ? description : "", -1);
}

const ArcGrid *
arc_grid_view_get_grid (ArcGridView *self)
{
  g_return_val_if_fail (ARC_IS_GRID_VIEW (self), NULL);
  return self->grid;
}

void
arc_grid_view_set_grid (ArcGridView   *self,
                        const ArcGrid *grid)
{
  g_return_if_fail (ARC_IS_GRID_VIEW (self));

  if (grid == self->grid)
    return;
  if (grid && self->grid && arc_grid_equal (grid, self->grid))
    return;
  /* A grid of another size puts other cells under the pointer */
  if (grid == NULL || self->grid == NULL || arc_grid_get_height (grid) != arc_grid_get_height (self->grid) ||
      arc_grid_get_width (grid) != arc_grid_get_width (self->grid))
    self->hover_row = self->hover_col = -1;
  {
    int rows = self->grid ? arc_grid_get_height (self->grid) : 0, cols = self->grid ? arc_grid_get_width (self->grid) : 0;

    g_clear_pointer (&self->grid, arc_grid_free);
    self->grid = grid ? arc_grid_copy (grid) : NULL;
    update_accessible (self);
    /* In a room, only zoomed grids ask for another size (a cell painted
     * draws, a grid resized is fitted to the room again) */
    if (self->room_rows > 0 && self->grid && rows > 0 && self->zoom == 0)
      {
        gtk_widget_queue_allocate (GTK_WIDGET (self));
        gtk_widget_queue_draw (GTK_WIDGET (self));
      }
    else if (self->grid && rows == arc_grid_get_height (self->grid) && cols == arc_grid_get_width (self->grid))
      gtk_widget_queue_draw (GTK_WIDGET (self));
    else
      gtk_widget_queue_resize (GTK_WIDGET (self));
  }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GRID]);
}

void
arc_grid_view_set_palette (ArcGridView *self,
                           const char  *palette)
{
  g_return_if_fail (ARC_IS_GRID_VIEW (self));
  g_object_set (self, "palette", palette, NULL);
}

void
arc_grid_view_set_cell_range (ArcGridView *self,
                              int          min_cell,
                              int          natural_cell)
{
  g_return_if_fail (ARC_IS_GRID_VIEW (self));
  g_return_if_fail (min_cell >= 1 && natural_cell >= min_cell);

  self->min_cell = min_cell;
  self->natural_cell = natural_cell;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/**
 * arc_grid_view_set_zoom:
 * @cell: the cell size in pixels, or 0 to fit the grid to its allocation
 */
void
arc_grid_view_set_zoom (ArcGridView *self,
                        int          cell)
{
  g_return_if_fail (ARC_IS_GRID_VIEW (self));
  g_return_if_fail (cell >= 0);

  if (self->zoom == cell)
    return;
  self->zoom = cell;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/**
 * arc_grid_view_set_room:
 * @rows: the rows of the grids it makes room for, or 0 for its grid's
 * @cols: their columns, or 0
 *
 * The view asks for the room of a grid @rows × @cols (fitted), whatever
 * the size of the grid it shows, which is drawn as large as that room
 * lets it, up to its natural cell.
 */
void
arc_grid_view_set_room (ArcGridView *self,
                        int          rows,
                        int          cols)
{
  g_return_if_fail (ARC_IS_GRID_VIEW (self));
  g_return_if_fail (rows >= 0 && cols >= 0 && (rows > 0) == (cols > 0));

  if (self->room_rows == rows && self->room_cols == cols)
    return;
  self->room_rows = rows;
  self->room_cols = cols;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/**
 * arc_grid_view_cell_for_size:
 * Returns: the cell size a grid of its room (or its grid) would be drawn
 *   at in @width × @height (fitted, as an allocation of that size draws
 *   it), or 0 without a grid
 */
int
arc_grid_view_cell_for_size (ArcGridView *self,
                             int          width,
                             int          height)
{
  int rows, cols;

  g_return_val_if_fail (ARC_IS_GRID_VIEW (self), 0);
  if (self->grid == NULL || width <= 0 || height <= 0 || !room_of (self, &rows, &cols))
    return 0;
  return MIN (arc_render_fit_cell (&self->options, cols, width, 1, MAX (width, height)), arc_render_fit_cell (&self->options, rows, height, 1, MAX (width, height)));
}

/**
 * arc_grid_view_get_cell_size:
 * Returns: the cell size drawn at the last allocation
 */
int
arc_grid_view_get_cell_size (ArcGridView *self)
{
  g_return_val_if_fail (ARC_IS_GRID_VIEW (self), 0);
  return self->cell;
}

static void
arc_grid_view_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  ArcGridView *self = ARC_GRID_VIEW (object);

  switch (prop_id)
    {
    case PROP_GRID:
      g_value_set_boxed (value, self->grid);
      break;
    default:
      if (!arc_view_options_get_property (&self->options, PROP_PALETTE, prop_id, value))
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arc_grid_view_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  ArcGridView *self = ARC_GRID_VIEW (object);
  gboolean changed;

  switch (prop_id)
    {
    case PROP_GRID:
      arc_grid_view_set_grid (self, g_value_get_boxed (value));
      break;
    default:
      if (!arc_view_options_set_property (&self->options, PROP_PALETTE, object, prop_id, value, pspec, &changed))
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      else if (changed)
        gtk_widget_queue_resize (GTK_WIDGET (self));  /* grid lines change the size */
    }
}

static void
arc_grid_view_finalize (GObject *object)
{
  ArcGridView *self = ARC_GRID_VIEW (object);

  g_clear_pointer (&self->grid, arc_grid_free);
  g_clear_pointer (&self->expected, arc_grid_free);

  G_OBJECT_CLASS (arc_grid_view_parent_class)->finalize (object);
}

static void
arc_grid_view_class_init (ArcGridViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = arc_grid_view_finalize;
  object_class->get_property = arc_grid_view_get_property;
  object_class->set_property = arc_grid_view_set_property;
  widget_class->get_request_mode = arc_grid_view_get_request_mode;
  widget_class->measure = arc_grid_view_measure;
  widget_class->size_allocate = arc_grid_view_size_allocate;
  widget_class->snapshot = arc_grid_view_snapshot;

  properties[PROP_GRID] =
    g_param_spec_boxed ("grid", NULL, NULL, ARC_TYPE_GRID,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  arc_view_options_install (&properties[PROP_PALETTE]);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ArcGridView::hover:
   * The cell under the pointer changed; -1s when it left the grid.
   */
  signals[HOVER] = g_signal_new ("hover", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT);
  /**
   * ArcGridView::cursor-moved:
   * The keyboard cursor moved, showed or hid (arc_grid_view_get_cursor()).
   */
  signals[CURSOR_MOVED] = g_signal_new ("cursor-moved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                        NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_css_name (widget_class, "arc-grid-view");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
arc_grid_view_init (ArcGridView *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();

  arc_render_options_init (&self->options);
  self->min_cell = 4;
  self->natural_cell = 24;
  self->hover_row = self->hover_col = -1;
  self->cursor_row = self->cursor_col = -1;
  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
}

GtkWidget *
arc_grid_view_new (void)
{
  return g_object_new (ARC_TYPE_GRID_VIEW, NULL);
}

/* arc-step-view.c: a traced step's value drawn
 *
 * A grid is drawn as every grid is; an object as its cells over an empty
 * grid the size of the input, a set of indices as marked cells of one (by
 * the core's arc-program-render.c, which the CLI could use as well); a
 * container of objects as a row of small ones, on as many lines as it
 * takes. The cells are as large as the width allows, up to MAX_CELL (the
 * objects' up to MAX_ITEM_CELL). Other values are not drawn: the trace
 * view shows their text.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-step-view"

#include "config.h"

#include <adwaita.h>

#include "arc-step-view.h"
#include "arc-view-options.h"

#define MAX_CELL       28
#define NATURAL_CELL   20
#define MAX_ITEM_CELL  10
#define MIN_ITEM_CELL  2
#define ITEM_GAP       8
#define ITEMS_A_ROW    4   /* at most, when there is room for them at MAX_ITEM_CELL */

struct _ArcStepView
{
  GtkWidget             parent_instance;

  const ArcProgramStep *step;     /* (nullable): the trace's, which outlives its showing */
  int                   rows;     /* the canvas of an object, indices, each item */
  int                   cols;
  ArcRenderOptions      options;
  int                   cell;     /* at the last allocation */
};

G_DEFINE_FINAL_TYPE (ArcStepView, arc_step_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_PALETTE,
  PROP_SHOW_DIGITS,
  PROP_SHOW_GRID_LINES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
is_drawn (const ArcProgramStep *step)
{
  return step && (step->kind == ARC_PROGRAM_VALUE_GRID || step->kind == ARC_PROGRAM_VALUE_OBJECT ||
                  step->kind == ARC_PROGRAM_VALUE_INDICES || step->kind == ARC_PROGRAM_VALUE_OBJECTS);
}

/* The canvas's rows and columns: the grid's, or the input's */
static void
canvas (ArcStepView *self,
        int         *rows,
        int         *cols)
{
  if (self->step->kind == ARC_PROGRAM_VALUE_GRID)
    {
      *rows = arc_grid_get_height (self->step->grid);
      *cols = arc_grid_get_width (self->step->grid);
    }
  else
    {
      *rows = self->rows;
      *cols = self->cols;
    }
}

/* Objects: the cell, how many a row and how many rows at @width */
static int
items_layout (ArcStepView *self,
              int          width,
              int         *per_row,
              int         *n_rows)
{
  int rows, cols, n = (int) self->step->items->len, cell, item_w;

  canvas (self, &rows, &cols);
  cell = arc_render_fit_cell (&self->options, cols, (width + ITEM_GAP) / MIN (MAX (n, 1), ITEMS_A_ROW) - ITEM_GAP, MIN_ITEM_CELL, MAX_ITEM_CELL);
  item_w = arc_render_extent (&self->options, cols, cell);
  *per_row = MAX (1, (width + ITEM_GAP) / (item_w + ITEM_GAP));
  *n_rows = (n + *per_row - 1) / *per_row;
  return cell;
}

static GtkSizeRequestMode
arc_step_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
arc_step_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  ArcStepView *self = ARC_STEP_VIEW (widget);
  int rows, cols, per_row, n_rows, cell, width;

  *minimum = *natural = 0;
  if (!is_drawn (self->step))
    return;
  canvas (self, &rows, &cols);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = arc_render_extent (&self->options, cols, MIN_ITEM_CELL);
      *natural = self->step->kind == ARC_PROGRAM_VALUE_OBJECTS
                 ? ITEMS_A_ROW * (arc_render_extent (&self->options, cols, MAX_ITEM_CELL) + ITEM_GAP)
                 : arc_render_extent (&self->options, cols, NATURAL_CELL);
      return;
    }
  width = for_size > 0 ? for_size : arc_render_extent (&self->options, cols, NATURAL_CELL);
  if (self->step->kind == ARC_PROGRAM_VALUE_OBJECTS)
    {
      cell = items_layout (self, width, &per_row, &n_rows);
      *minimum = *natural = n_rows * (arc_render_extent (&self->options, rows, cell) + ITEM_GAP);
      return;
    }
  cell = arc_render_fit_cell (&self->options, cols, width, 1, MAX_CELL);
  *minimum = arc_render_extent (&self->options, rows, 1);
  *natural = arc_render_extent (&self->options, rows, cell);
}

static void
arc_step_view_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  ArcStepView *self = ARC_STEP_VIEW (widget);
  int rows, cols, per_row, n_rows;

  self->cell = 0;
  if (!is_drawn (self->step))
    return;
  canvas (self, &rows, &cols);
  if (self->step->kind == ARC_PROGRAM_VALUE_OBJECTS)
    self->cell = items_layout (self, width, &per_row, &n_rows);
  else
    self->cell = MIN (arc_render_fit_cell (&self->options, cols, width, 1, MAX_CELL), arc_render_fit_cell (&self->options, rows, height, 1, MAX_CELL));
}

/* Where item @i of a container of objects goes */
static void
item_origin (ArcStepView *self,
             guint        i,
             double      *x,
             double      *y)
{
  int rows, cols, per_row, n_rows;

  canvas (self, &rows, &cols);
  items_layout (self, gtk_widget_get_width (GTK_WIDGET (self)), &per_row, &n_rows);
  *x = (i % (guint) per_row) * (arc_render_extent (&self->options, cols, self->cell) + ITEM_GAP);
  *y = (i / (guint) per_row) * (arc_render_extent (&self->options, rows, self->cell) + ITEM_GAP);
}

static void
update_colours (ArcStepView *self)
{
  GdkRGBA fg;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  self->options.foreground_rgb = ((guint32) (fg.red * 255) << 16) | ((guint32) (fg.green * 255) << 8) |
                                 (guint32) (fg.blue * 255);
  self->options.background_rgb = adw_style_manager_get_dark (adw_style_manager_get_default ()) ? 0x242424 : 0xFAFAFA;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
arc_step_view_css_changed (GtkWidget         *widget,
                           GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (arc_step_view_parent_class)->css_changed (widget, change);
  update_colours (ARC_STEP_VIEW (widget));
}

static void
arc_step_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  ArcStepView *self = ARC_STEP_VIEW (widget);
  ArcRenderOptions options = self->options;
  int rows, cols;
  cairo_t *cr;

  if (!is_drawn (self->step) || self->cell < 1)
    return;
  options.cell_size = self->cell;
  canvas (self, &rows, &cols);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget),
                                                                 gtk_widget_get_height (widget)));
  switch (self->step->kind)
    {
    case ARC_PROGRAM_VALUE_GRID:
      arc_render_grid (cr, self->step->grid, 0, 0, &options);
      break;
    case ARC_PROGRAM_VALUE_OBJECT:
    case ARC_PROGRAM_VALUE_INDICES:
      arc_program_render_cells (cr, self->step->cells, rows, cols, 0, 0, &options);
      break;
    case ARC_PROGRAM_VALUE_OBJECTS:
      for (guint i = 0; i < self->step->items->len; i++)
        {
          double x, y;

          item_origin (self, i, &x, &y);
          arc_program_render_cells (cr, self->step->items->pdata[i], rows, cols, x, y, &options);
        }
      break;
    default:
      break;
    }
  cairo_destroy (cr);
}

/**
 * arc_step_view_set_step:
 * @step: (nullable): the step to draw, kept by its trace while shown
 * @rows: the input's rows: the canvas of an object or a set of indices
 * @cols: and its columns
 */
void
arc_step_view_set_step (ArcStepView          *self,
                        const ArcProgramStep *step,
                        int                   rows,
                        int                   cols)
{
  g_return_if_fail (ARC_IS_STEP_VIEW (self));

  self->step = step;
  arc_program_canvas_size (&rows, &cols);
  self->rows = rows;
  self->cols = cols;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/**
 * arc_step_view_cell_centre:
 * @item: the object of a container of objects, else 0
 *
 * The widget coordinates of the middle of a cell, as last drawn.
 */
gboolean
arc_step_view_cell_centre (ArcStepView *self,
                           guint        item,
                           int          row,
                           int          col,
                           double      *x,
                           double      *y)
{
  int rows, cols, line;
  double x0 = 0, y0 = 0;

  g_return_val_if_fail (ARC_IS_STEP_VIEW (self), FALSE);

  if (!is_drawn (self->step) || self->cell < 1)
    return FALSE;
  canvas (self, &rows, &cols);
  if (row < 0 || col < 0 || row >= rows || col >= cols)
    return FALSE;
  if (self->step->kind == ARC_PROGRAM_VALUE_OBJECTS)
    {
      if (item >= self->step->items->len)
        return FALSE;
      item_origin (self, item, &x0, &y0);
    }
  line = arc_render_line_width_at (&self->options, self->cell);
  *x = x0 + line + col * (self->cell + line) + self->cell / 2.0;
  *y = y0 + line + row * (self->cell + line) + self->cell / 2.0;
  return TRUE;
}

/**
 * arc_step_view_get_cell_size:
 * Returns: the cell size drawn at the last allocation, 0 for none
 */
int
arc_step_view_get_cell_size (ArcStepView *self)
{
  g_return_val_if_fail (ARC_IS_STEP_VIEW (self), 0);
  return self->cell;
}

static void
arc_step_view_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  ArcStepView *self = ARC_STEP_VIEW (object);

  if (!arc_view_options_get_property (&self->options, PROP_PALETTE, prop_id, value))
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
arc_step_view_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  ArcStepView *self = ARC_STEP_VIEW (object);
  gboolean changed;

  if (!arc_view_options_set_property (&self->options, PROP_PALETTE, object, prop_id, value, pspec, &changed))
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  else if (changed)
    gtk_widget_queue_resize (GTK_WIDGET (self));
}

static void
arc_step_view_class_init (ArcStepViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = arc_step_view_get_property;
  object_class->set_property = arc_step_view_set_property;
  widget_class->get_request_mode = arc_step_view_get_request_mode;
  widget_class->measure = arc_step_view_measure;
  widget_class->size_allocate = arc_step_view_size_allocate;
  widget_class->snapshot = arc_step_view_snapshot;
  widget_class->css_changed = arc_step_view_css_changed;

  arc_view_options_install (&properties[PROP_PALETTE]);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "arc-step-view");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
arc_step_view_init (ArcStepView *self)
{
  arc_render_options_init (&self->options);
  update_colours (self);
}

GtkWidget *
arc_step_view_new (void)
{
  return g_object_new (ARC_TYPE_STEP_VIEW, NULL);
}

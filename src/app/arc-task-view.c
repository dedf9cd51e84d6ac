/* arc-task-view.c: a whole task, drawn by the core renderer
 *
 * The task's id is not drawn: the window shows it as a label, which can be
 * selected and is read by screen readers (exported images draw it).
 *
 * The view asks for its height for the width it gets: it picks the largest
 * whole cell size (4 to 40 pixels) at which the task fits that width (pairs
 * side by side when there is room) and, if the cells can stay readable, the
 * "fit-height" it is given (the visible height of the scrolled window), lays
 * the task out with the core's ArcTaskLayout, and draws it with the same code as
 * PNG, SVG and PDF export. In a scrolled window, a task too large for the
 * window scrolls. The "hover" signal reports the grid and cell under the
 * pointer; a secondary click on a grid opens the "context-menu", whose actions find that grid with
 * arc_task_view_get_context_slot().
 *
 * Under the examples, once a task's program ran, its ArcProgramView shows
 * what it made of each pair (arc_task_view_get_program_view()); another
 * task takes those results away.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-task-view"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-program-view.h"
#include "arc-task-view.h"
#include "arc-trace.h"
#include "arc-view-options.h"

#define MIN_CELL      4
#define MAX_CELL      40
#define REVEAL_STILL_FRAMES 4
#define READABLE_CELL 9   /* smaller cells are used only when the width needs them */

struct _ArcTaskView
{
  GtkWidget         parent_instance;

  ArcTask          *task;
  ArcRenderOptions  options;
  ArcTaskLayout    *layout;   /* for the current width */
  GtkAdjustment    *vadjustment;  /* of the scrolled window we are in: we draw what it shows */
  GtkAdjustment    *hadjustment;
  int               layout_width;
  int               fit_height; /* the height to fit in when the cells can stay readable; -1: none */
  int               zoom;       /* a cell size chosen by the user; 0: fit */
  int               layout_fit_height;
  const ArcSlot    *hover_slot;
  int               hover_row;
  int               hover_col;

  GMenuModel       *context_menu;
  GtkWidget        *context_popover;
  int               context_slot;   /* the grid the menu was opened on, or -1 */
  double            context_x;
  double            context_y;
  int               marked_kind;    /* the ArcSlotKind of the grid framed (the one edited), or -1 */
  guint             marked_index;
  guint             reveal_tick;    /* scrolls the marked grid into view once laid out */
  guint             reveal_frames;  /* frames it has waited for that */
  guint             reveal_still;   /* frames the grid has stayed where it was put */
  double            reveal_at;      /* where it put the grid, in the scrolled window */
  ArcProgramView   *program_view;   /* a child, under the examples */
};

G_DEFINE_FINAL_TYPE (ArcTaskView, arc_task_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_TASK,
  PROP_PALETTE,
  PROP_SHOW_DIGITS,
  PROP_SHOW_GRID_LINES,
  PROP_SHOW_TEST_OUTPUTS,
  PROP_CONTEXT_MENU,
  N_PROPS
};

enum {
  HOVER,
  CELL_CLICKED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
invalidate_layout (ArcTaskView *self)
{
  g_clear_pointer (&self->layout, arc_task_layout_free);
  self->layout_width = -1;
  self->hover_slot = NULL;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* The layout for @width, made on demand and kept while the width stays. */
static ArcTaskLayout *
layout_for_width (ArcTaskView *self,
                  int          width)
{
  ArcRenderOptions options = self->options;

  if (self->task == NULL)
    return NULL;
  if (self->layout && self->layout_width == width && self->layout_fit_height == self->fit_height)
    return self->layout;
  g_clear_pointer (&self->layout, arc_task_layout_free);
  options.wrap_width = width;
  if (self->zoom > 0)
    options.cell_size = self->zoom;
  else
    options.cell_size = arc_task_layout_fit_cell (self->task, &options,
                                                  &(ArcCellFit) { .width = width,
                                                                  .height = self->fit_height,
                                                                  .min_cell = MIN_CELL,
                                                                  .max_cell = MAX_CELL,
                                                                  .readable = READABLE_CELL,
                                                                  .train_only = TRUE });
  self->layout = arc_task_layout_new (self->task, NULL, &options);
  self->layout_width = width;
  self->layout_fit_height = self->fit_height;
  self->hover_slot = NULL;
  return self->layout;
}

/* The program's results, under the examples, at @width */
static int
program_view_height (ArcTaskView *self,
                     int          width)
{
  int minimum, natural;

  if (self->program_view == NULL || !gtk_widget_get_visible (GTK_WIDGET (self->program_view)))
    return 0;
  gtk_widget_measure (GTK_WIDGET (self->program_view), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (self->program_view), GTK_ORIENTATION_VERTICAL, width < 0 ? -1 : MAX (width, minimum),
                      &minimum, &natural, NULL, NULL);
  return natural;
}

/* How wide it gets at @zoom's cells (0: fitted): at least (the smallest
 * cells, pairs one per line), and naturally */
static void
widths_at (ArcTaskView *self,
           int          zoom,
           int         *minimum,
           int         *natural)
{
  ArcRenderOptions options = self->options;
  g_autoptr(ArcTaskLayout) small = NULL;
  g_autoptr(ArcTaskLayout) comfortable = NULL;

  options.cell_size = zoom > 0 ? zoom : MIN_CELL;
  small = arc_task_layout_new (self->task, NULL, &options);
  options.cell_size = zoom > 0 ? zoom : 24;
  comfortable = arc_task_layout_new (self->task, NULL, &options);
  arc_task_layout_get_size (small, minimum, NULL);
  arc_task_layout_get_size (comfortable, natural, NULL);
  if (self->program_view && gtk_widget_get_visible (GTK_WIDGET (self->program_view)))
    {
      int child_min;

      gtk_widget_measure (GTK_WIDGET (self->program_view), GTK_ORIENTATION_HORIZONTAL, -1, &child_min, NULL, NULL, NULL);
      /* It wraps to the width of the examples */
      *minimum = MAX (*minimum, child_min);
      *natural = MAX (*natural, child_min);
    }
}

/**
 * arc_task_view_get_fitted_width:
 * Returns: the narrowest it gets fitted (at the smallest cells, pairs one
 *   per line), zoomed or not; 0 without a task
 */
int
arc_task_view_get_fitted_width (ArcTaskView *self)
{
  int minimum, natural;

  g_return_val_if_fail (ARC_IS_TASK_VIEW (self), 0);
  if (self->task == NULL)
    return 0;
  widths_at (self, 0, &minimum, &natural);
  return minimum;
}

static GtkSizeRequestMode
arc_task_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
arc_task_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  ArcTaskView *self = ARC_TASK_VIEW (widget);
  ArcRenderOptions options = self->options;

  *minimum = *natural = 0;
  if (self->task == NULL)
    return;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    widths_at (self, self->zoom, minimum, natural);
  else
    {
      ArcTaskLayout *layout;
      int height;

      if (for_size < 0)
        {
          /* The least it takes at any width: every pair on one line at
           * the smallest cells (GTK 4.12 and later keep a box it is in
           * beside others at least this high) */
          options.cell_size = self->zoom > 0 ? self->zoom : MIN_CELL;
          options.wrap_width = G_MAXINT / 2;
          g_autoptr(ArcTaskLayout) lowest = arc_task_layout_new (self->task, NULL, &options);
          arc_task_layout_get_size (lowest, NULL, &height);
        }
      else
        {
          layout = layout_for_width (self, for_size);
          arc_task_layout_get_size (layout, NULL, &height);
        }
      *minimum = *natural = height + program_view_height (self, for_size);
    }
}

static void
arc_task_view_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  ArcTaskView *self = ARC_TASK_VIEW (widget);
  ArcTaskLayout *layout = layout_for_width (self, width);
  int layout_height = 0;

  if (layout)
    arc_task_layout_get_size (layout, NULL, &layout_height);
  if (self->program_view && gtk_widget_get_visible (GTK_WIDGET (self->program_view)))
    {
      int minimum;

      gtk_widget_measure (GTK_WIDGET (self->program_view), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
      gtk_widget_size_allocate (GTK_WIDGET (self->program_view),
                                &(GtkAllocation) { 0, layout_height, MAX (width, minimum),
                                                   program_view_height (self, width) },
                                -1);
    }
  if (self->context_popover)
    gtk_popover_present (GTK_POPOVER (self->context_popover));
}

static void
scrolled_cb (GtkAdjustment *adjustment,
             ArcTaskView   *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
watch_adjustment (ArcTaskView    *self,
                  GtkAdjustment **slot,
                  GtkAdjustment  *adjustment)
{
  if (*slot == adjustment)
    return;
  if (*slot)
    g_signal_handlers_disconnect_by_func (*slot, scrolled_cb, self);
  g_set_object (slot, adjustment);
  if (adjustment)
    {
      g_signal_connect_object (adjustment, "value-changed", G_CALLBACK (scrolled_cb), self, 0);
      /* The page size: the scrolled window grew (a divider moved) and
       * shows more than was drawn, without a new allocation of ours */
      g_signal_connect_object (adjustment, "changed", G_CALLBACK (scrolled_cb), self, 0);
    }
}

/* In a scrolled window, only the part it shows is drawn (a large task is
 * many times the window's size), and scrolling or a larger scrolled window
 * draws again. */
static graphene_rect_t
visible_area (ArcTaskView *self,
              int          width,
              int          height)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t all = GRAPHENE_RECT_INIT (0, 0, width, height);
  graphene_rect_t shown, visible;

  watch_adjustment (self, &self->vadjustment,
                    scrolled ? gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled)) : NULL);
  watch_adjustment (self, &self->hadjustment,
                    scrolled ? gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scrolled)) : NULL);
  if (scrolled == NULL || !gtk_widget_compute_bounds (scrolled, GTK_WIDGET (self), &shown) ||
      !graphene_rect_intersection (&all, &shown, &visible))
    return all;
  /* Whole pixels, so that cells stay crisp */
  graphene_rect_round_extents (&visible, &visible);
  return visible;
}

/* The marked grid's place, if there is one */
static const ArcSlot *
marked_slot (ArcTaskView   *self,
             ArcTaskLayout *layout)
{
  for (guint i = 0; self->marked_kind >= 0 && layout && i < arc_task_layout_get_n_slots (layout); i++)
    {
      const ArcSlot *slot = arc_task_layout_get_slot (layout, i);

      if ((int) slot->kind == self->marked_kind && slot->index == self->marked_index)
        return slot;
    }
  return NULL;
}

/* Scrolls @adjustment to show @slot, @y below the top of the page: the whole pair (@top to @bottom) with its heading
 * and sizes; else the grid with its heading; else the grid; else its top */
static void
reveal_slot (GtkAdjustment *adjustment,
             double         y,
             const ArcSlot *slot,
             int            top,
             int            bottom)
{
  double value = gtk_adjustment_get_value (adjustment), page = gtk_adjustment_get_page_size (adjustment);
  double ranges[][2] = {
    { y + top - 28, y + bottom + 28 },
    { y + slot->y - 28, y + slot->y + slot->height + 4 },
    { y + slot->y - 2, y + slot->y + slot->height + 2 },
  };
  gsize i = 0;

  while (i < G_N_ELEMENTS (ranges) && ranges[i][1] - ranges[i][0] > page)
    i++;
  if (i < G_N_ELEMENTS (ranges))
    gtk_adjustment_clamp_page (adjustment, ranges[i][0], ranges[i][1]);
  else if (y + slot->y - 2 < value || y + slot->y + 20 > value + page)
    gtk_adjustment_clamp_page (adjustment, y + slot->y - 2, y + slot->y - 2 + page);
}

/* Once the view is laid out for the task as it is now (a pair just added
 * is at the end, a warning above may have grown), the scrolled window
 * shows the marked grid: again at each frame until it stays in place */
static gboolean
reveal_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  ArcTaskView *self = ARC_TASK_VIEW (widget);
  ArcTaskLayout *layout = layout_for_width (self, gtk_widget_get_width (widget));
  const ArcSlot *slot = marked_slot (self, layout);
  GtkWidget *scrolled = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *child = scrolled ? gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled)) : NULL;
  GtkAdjustment *adjustment = scrolled ? gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled)) : NULL;
  graphene_rect_t bounds;
  int height, top, bottom;
  double on_page;

  if (slot == NULL || child == NULL || !gtk_widget_compute_bounds (widget, child, &bounds) ||
      ++self->reveal_frames > 30)
    {
      self->reveal_tick = 0;
      return G_SOURCE_REMOVE;
    }
  /* The view's top in the whole page (the adjustment's terms); the bounds
   * are in what shows of it */
  on_page = bounds.origin.y + gtk_adjustment_get_value (adjustment);
  arc_task_layout_get_size (layout, NULL, &height);
  /* Not yet allocated for the task as it is, or not yet still */
  if (gtk_widget_get_height (widget) < height || gtk_adjustment_get_upper (adjustment) < on_page + slot->y + slot->height)
    return G_SOURCE_CONTINUE;
  /* Where it was put for a few frames: a layout that follows the one
   * that showed it (GTK 4.18 lays the page out once more) may move it */
  if (bounds.origin.y + slot->y == self->reveal_at)
    {
      if (++self->reveal_still < REVEAL_STILL_FRAMES)
        return G_SOURCE_CONTINUE;
      self->reveal_tick = 0;
      return G_SOURCE_REMOVE;
    }
  self->reveal_still = 0;
  top = slot->y;
  bottom = slot->y + slot->height;
  for (guint i = 0; i < arc_task_layout_get_n_slots (layout); i++)
    {
      const ArcSlot *other = arc_task_layout_get_slot (layout, i);

      if (other->index == slot->index && (other->kind <= ARC_SLOT_TRAIN_OUTPUT) == (slot->kind <= ARC_SLOT_TRAIN_OUTPUT))
        {
          top = MIN (top, other->y);
          bottom = MAX (bottom, other->y + other->height);
        }
    }
  reveal_slot (adjustment, on_page, slot, top, bottom);
  self->reveal_at = on_page + slot->y - gtk_adjustment_get_value (adjustment);
  return G_SOURCE_CONTINUE;
}

/* A frame around the marked grid, in the accent colour */
static void
draw_mark (ArcTaskView   *self,
           ArcTaskLayout *layout,
           cairo_t       *cr)
{
  const ArcSlot *slot = marked_slot (self, layout);

  if (slot)
    {
      cairo_set_source_rgb (cr, 0x35 / 255.0, 0x84 / 255.0, 0xe4 / 255.0);
      cairo_set_line_width (cr, 3);
      cairo_rectangle (cr, slot->x - 4.5, slot->y - 4.5, slot->width + 9, slot->height + 9);
      cairo_stroke (cr);
    }
}

static void
arc_task_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  ArcTaskView *self = ARC_TASK_VIEW (widget);
  ArcTaskLayout *layout = layout_for_width (self, gtk_widget_get_width (widget));
  graphene_rect_t area;
  int width, height;
  cairo_t *cr;

  if (layout == NULL)
    return;
  if (self->program_view)
    gtk_widget_snapshot_child (widget, GTK_WIDGET (self->program_view), snapshot);
  arc_task_layout_get_size (layout, &width, &height);
  area = visible_area (self, width, height);
  cr = gtk_snapshot_append_cairo (snapshot, &area);
  arc_task_layout_draw (layout, cr);
  draw_mark (self, layout, cr);
  cairo_destroy (cr);
  arc_trace_mark_once ("first-task-drawn");
}

static void
update_colours (ArcTaskView *self)
{
  GdkRGBA fg;

  /* Text and arrows follow the theme (light or dark); the page is the
   * window's own background. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  self->options.foreground_rgb = ((guint32) (fg.red * 255) << 16) | ((guint32) (fg.green * 255) << 8) |
                                 (guint32) (fg.blue * 255);
  invalidate_layout (self);
}

static void
arc_task_view_css_changed (GtkWidget         *widget,
                           GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (arc_task_view_parent_class)->css_changed (widget, change);
  update_colours (ARC_TASK_VIEW (widget));
}

static void
set_hover (ArcTaskView   *self,
           const ArcSlot *slot,
           int            row,
           int            col)
{
  if (slot == self->hover_slot && row == self->hover_row && col == self->hover_col)
    return;
  self->hover_slot = slot;
  self->hover_row = row;
  self->hover_col = col;
  if (slot)
    {
      g_autofree char *where = arc_slot_describe (slot);
      g_signal_emit (self, signals[HOVER], 0, where, row, col, (int) arc_grid_get (slot->grid, row, col));
    }
  else
    g_signal_emit (self, signals[HOVER], 0, NULL, -1, -1, -1);
}

static void
motion_cb (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           ArcTaskView              *self)
{
  const ArcSlot *slot = NULL;
  int row = -1, col = -1;

  if (self->layout)
    slot = arc_task_layout_hit (self->layout, x, y, &row, &col);
  set_hover (self, slot, slot ? row : -1, slot ? col : -1);
}

static void
leave_cb (GtkEventControllerMotion *controller,
          ArcTaskView              *self)
{
  set_hover (self, NULL, -1, -1);
}

/* Opens the context menu on the grid under (@x, @y); returns FALSE if there is none. */
static gboolean
popup_context_menu (ArcTaskView *self,
                    double       x,
                    double       y)
{
  const ArcSlot *slot;

  if (self->layout == NULL || self->context_menu == NULL)
    return FALSE;
  slot = arc_task_layout_hit (self->layout, x, y, NULL, NULL);
  if (slot == NULL)
    return FALSE;
  for (guint i = 0; i < arc_task_layout_get_n_slots (self->layout); i++)
    if (arc_task_layout_get_slot (self->layout, i) == slot)
      self->context_slot = (int) i;
  if (self->context_popover == NULL)
    {
      self->context_popover = gtk_popover_menu_new_from_model (self->context_menu);
      gtk_popover_set_has_arrow (GTK_POPOVER (self->context_popover), FALSE);
      gtk_widget_set_halign (self->context_popover, GTK_ALIGN_START);
      gtk_widget_set_parent (self->context_popover, GTK_WIDGET (self));
    }
  self->context_x = x;
  self->context_y = y;
  gtk_popover_set_pointing_to (GTK_POPOVER (self->context_popover), &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->context_popover));
  return TRUE;
}

static void
primary_click_cb (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  ArcTaskView     *self)
{
  const ArcSlot *slot;
  int row, col;

  if (self->layout == NULL)
    return;
  slot = arc_task_layout_hit (self->layout, x, y, &row, &col);
  if (slot)
    g_signal_emit (self, signals[CELL_CLICKED], 0, (int) arc_grid_get (slot->grid, row, col));
}

/**
 * arc_task_view_get_context_colour:
 * Returns: the colour of the cell the context menu was opened on, or -1
 */
int
arc_task_view_get_context_colour (ArcTaskView *self)
{
  const ArcSlot *slot;
  int row, col;

  g_return_val_if_fail (ARC_IS_TASK_VIEW (self), -1);

  slot = arc_task_view_get_context_slot (self);
  if (slot == NULL || slot->grid == NULL ||
      !arc_task_layout_hit (self->layout, self->context_x, self->context_y, &row, &col))
    return -1;
  return arc_grid_get (slot->grid, row, col);
}

static void
secondary_click_cb (GtkGestureClick *gesture,
                    int              n_press,
                    double           x,
                    double           y,
                    ArcTaskView     *self)
{
  if (popup_context_menu (self, x, y))
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

/**
 * arc_task_view_get_context_slot:
 * Returns: (nullable): the grid whose context menu was opened last
 */
const ArcSlot *
arc_task_view_get_context_slot (ArcTaskView *self)
{
  g_return_val_if_fail (ARC_IS_TASK_VIEW (self), NULL);

  if (self->layout == NULL || self->context_slot < 0 ||
      (guint) self->context_slot >= arc_task_layout_get_n_slots (self->layout))
    return NULL;
  return arc_task_layout_get_slot (self->layout, (guint) self->context_slot);
}

static void
update_accessible (ArcTaskView *self)
{
  g_autoptr(GString) description = g_string_new (NULL);
  g_autofree char *label = NULL;

  if (self->task)
    {
      guint n_train = arc_task_get_n_train (self->task), n_test = arc_task_get_n_test (self->task);

      /* TRANSLATORS: e.g. "Task 007bbfb7: 3 train pairs, 1 test input" */
      {
        g_autofree char *pairs = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u train pair", "%u train pairs", n_train),
                                                  n_train);
        g_autofree char *inputs = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u test input", "%u test inputs", n_test),
                                                   n_test);

        /* TRANSLATORS: "Task 0d3d703e: 4 train pairs, 1 test input" */
        label = g_strdup_printf (_("Task %s: %s, %s"), arc_task_get_id (self->task), pairs, inputs);
      }
      for (guint i = 0; i < n_train; i++)
        {
          const ArcPair *p = arc_task_get_train (self->task, i);
          g_string_append_printf (description, _("Train %u: %d×%d input, %d×%d output. "), i + 1,
                                  arc_grid_get_height (p->input), arc_grid_get_width (p->input),
                                  arc_grid_get_height (p->output), arc_grid_get_width (p->output));
        }
      for (guint i = 0; i < n_test; i++)
        {
          const ArcPair *p = arc_task_get_test (self->task, i);
          g_string_append_printf (description, _("Test %u: %d×%d input. "), i + 1,
                                  arc_grid_get_height (p->input), arc_grid_get_width (p->input));
        }
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label ? label : _("No task"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description->str,
                                  -1);
}

ArcTask *
arc_task_view_get_task (ArcTaskView *self)
{
  g_return_val_if_fail (ARC_IS_TASK_VIEW (self), NULL);
  return self->task;
}

void
arc_task_view_set_task (ArcTaskView *self,
                        ArcTask     *task)
{
  g_return_if_fail (ARC_IS_TASK_VIEW (self));
  g_return_if_fail (task == NULL || ARC_IS_TASK (task));

  if (!g_set_object (&self->task, task))
    return;
  /* Slots are numbered the same in every layout of one task, with or
   * without test outputs: only another task takes the menu's grid away */
  self->context_slot = -1;
  if (self->program_view)
    arc_program_view_clear (self->program_view);
  invalidate_layout (self);
  update_accessible (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TASK]);
}

/**
 * arc_task_view_set_fit_height:
 * @height: the height the task should fit in, or -1
 */
void
arc_task_view_set_fit_height (ArcTaskView *self,
                              int          height)
{
  g_return_if_fail (ARC_IS_TASK_VIEW (self));

  if (self->fit_height == height)
    return;
  self->fit_height = height;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/**
 * arc_task_view_set_dense:
 * @dense: whether the pairs have narrow margins round them (a short page,
 *   where every row of pixels goes to the grids)
 */
void
arc_task_view_set_dense (ArcTaskView *self,
                         gboolean     dense)
{
  g_return_if_fail (ARC_IS_TASK_VIEW (self));

  if (self->options.dense == !!dense)
    return;
  self->options.dense = !!dense;
  invalidate_layout (self);
}

/**
 * arc_task_view_get_first_pair_height:
 * @dense: as arc_task_view_set_dense() would draw it
 * Returns: the height the first train pair takes, fitted to @width at the
 *   smallest cells it is drawn at (0 without a task)
 */
int
arc_task_view_get_first_pair_height (ArcTaskView *self,
                                     int          width,
                                     gboolean     dense)
{
  ArcRenderOptions options = self->options;
  g_autoptr(ArcTaskLayout) layout = NULL;

  g_return_val_if_fail (ARC_IS_TASK_VIEW (self), 0);
  if (self->task == NULL)
    return 0;
  options.wrap_width = width;
  options.cell_size = MIN_CELL;
  options.dense = dense;
  layout = arc_task_layout_new (self->task, NULL, &options);
  return arc_task_layout_get_first_pair_height (layout);
}

/**
 * arc_task_view_set_zoom:
 * @cell: the cell size in pixels, or 0 to fit the task to the room there is
 */
void
arc_task_view_set_zoom (ArcTaskView *self,
                        int          cell)
{
  g_return_if_fail (ARC_IS_TASK_VIEW (self));
  g_return_if_fail (cell >= 0);

  if (self->zoom == cell)
    return;
  self->zoom = cell;
  invalidate_layout (self);
}

int
arc_task_view_get_zoom (ArcTaskView *self)
{
  g_return_val_if_fail (ARC_IS_TASK_VIEW (self), 0);
  return self->zoom;
}

/**
 * arc_task_view_get_layout:
 * Returns: (nullable) (transfer none): the layout drawn at the current width
 */
ArcTaskLayout *
arc_task_view_get_layout (ArcTaskView *self)
{
  g_return_val_if_fail (ARC_IS_TASK_VIEW (self), NULL);
  return layout_for_width (self, gtk_widget_get_width (GTK_WIDGET (self)));
}

int
arc_task_view_get_cell_size (ArcTaskView *self)
{
  ArcTaskLayout *layout = arc_task_view_get_layout (self);

  return layout ? arc_task_layout_get_cell_size (layout) : 0;
}

/**
 * arc_task_view_get_render_options:
 * The palette, lines and digits as shown, for exporting what the user sees.
 */
void
arc_task_view_get_render_options (ArcTaskView      *self,
                                  ArcRenderOptions *options)
{
  g_return_if_fail (ARC_IS_TASK_VIEW (self));
  *options = self->options;
}

static void
set_boolean_option (ArcTaskView *self,
                    gboolean    *field,
                    gboolean     value,
                    GParamSpec  *pspec)
{
  if (*field == value)
    return;
  *field = value;
  invalidate_layout (self);
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

static void
arc_task_view_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  ArcTaskView *self = ARC_TASK_VIEW (object);

  switch (prop_id)
    {
    case PROP_TASK:
      g_value_set_object (value, self->task);
      break;
    case PROP_SHOW_TEST_OUTPUTS:
      g_value_set_boolean (value, self->options.with_test_outputs);
      break;
    case PROP_CONTEXT_MENU:
      g_value_set_object (value, self->context_menu);
      break;
    default:
      if (!arc_view_options_get_property (&self->options, PROP_PALETTE, prop_id, value))
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arc_task_view_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  ArcTaskView *self = ARC_TASK_VIEW (object);
  gboolean changed;

  switch (prop_id)
    {
    case PROP_TASK:
      arc_task_view_set_task (self, g_value_get_object (value));
      break;
    case PROP_SHOW_TEST_OUTPUTS:
      set_boolean_option (self, &self->options.with_test_outputs, g_value_get_boolean (value), pspec);
      break;
    case PROP_CONTEXT_MENU:
      g_set_object (&self->context_menu, g_value_get_object (value));
      g_clear_pointer (&self->context_popover, gtk_widget_unparent);
      break;
    default:
      if (!arc_view_options_set_property (&self->options, PROP_PALETTE, object, prop_id, value, pspec, &changed))
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      else if (changed)
        invalidate_layout (self);
    }
}

static void
arc_task_view_dispose (GObject *object)
{
  ArcTaskView *self = ARC_TASK_VIEW (object);

  if (self->reveal_tick)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->reveal_tick);
  self->reveal_tick = 0;
  g_clear_pointer (&self->layout, arc_task_layout_free);
  g_clear_object (&self->task);
  watch_adjustment (self, &self->vadjustment, NULL);
  watch_adjustment (self, &self->hadjustment, NULL);
  g_clear_pointer (&self->context_popover, gtk_widget_unparent);
  g_clear_object (&self->context_menu);
  if (self->program_view)
    gtk_widget_unparent (GTK_WIDGET (self->program_view));
  self->program_view = NULL;

  G_OBJECT_CLASS (arc_task_view_parent_class)->dispose (object);
}

static void
arc_task_view_class_init (ArcTaskViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arc_task_view_dispose;
  object_class->get_property = arc_task_view_get_property;
  object_class->set_property = arc_task_view_set_property;
  widget_class->get_request_mode = arc_task_view_get_request_mode;
  widget_class->measure = arc_task_view_measure;
  widget_class->size_allocate = arc_task_view_size_allocate;
  widget_class->snapshot = arc_task_view_snapshot;
  widget_class->css_changed = arc_task_view_css_changed;

  properties[PROP_TASK] =
    g_param_spec_object ("task", NULL, NULL, ARC_TYPE_TASK,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  arc_view_options_install (&properties[PROP_PALETTE]);
  properties[PROP_SHOW_TEST_OUTPUTS] =
    g_param_spec_boolean ("show-test-outputs", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CONTEXT_MENU] =
    g_param_spec_object ("context-menu", NULL, NULL, G_TYPE_MENU_MODEL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ArcTaskView::hover:
   * @where: (nullable): e.g. "train 1 input", %NULL when the pointer is on no grid
   */
  signals[HOVER] = g_signal_new ("hover", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 4, G_TYPE_STRING, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT);
  /**
   * ArcTaskView::cell-clicked:
   * A click on a cell of colour @colour (for the eyedropper).
   */
  signals[CELL_CLICKED] = g_signal_new ("cell-clicked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                        G_TYPE_NONE, 1, G_TYPE_INT);
  gtk_widget_class_set_css_name (widget_class, "arc-task-view");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
arc_task_view_init (ArcTaskView *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  arc_render_options_init (&self->options);
  self->options.transparent = TRUE;
  self->marked_kind = -1;
  self->layout_width = -1;
  self->fit_height = -1;
  self->layout_fit_height = -1;
  self->hover_row = self->hover_col = -1;
  self->context_slot = -1;
  self->program_view = ARC_PROGRAM_VIEW (arc_program_view_new ());
  gtk_widget_set_parent (GTK_WIDGET (self->program_view), GTK_WIDGET (self));
  g_signal_connect_swapped (self->program_view, "notify::visible", G_CALLBACK (gtk_widget_queue_resize), self);

  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect (click, "pressed", G_CALLBACK (secondary_click_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "released", G_CALLBACK (primary_click_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  update_accessible (self);
}

GtkWidget *
arc_task_view_new (void)
{
  return g_object_new (ARC_TYPE_TASK_VIEW, NULL);
}

/**
 * arc_task_view_set_marked:
 * @kind: the kind of grid to frame (the one the task editor edits), or -1
 *   for none
 * @index: its pair, from 0
 *
 * The scrolled window the view is in then shows that grid.
 */
void
arc_task_view_set_marked (ArcTaskView *self,
                          int          kind,
                          guint        index)
{
  g_return_if_fail (ARC_IS_TASK_VIEW (self));

  if (self->marked_kind == kind && self->marked_index == index)
    return;
  self->marked_kind = kind;
  self->marked_index = index;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  arc_task_view_reveal_marked (self);
}

/**
 * arc_task_view_reveal_marked:
 * Once laid out, the scrolled window the view is in shows the marked grid
 * (after a pair operation: it may have moved)
 */
void
arc_task_view_reveal_marked (ArcTaskView *self)
{
  g_return_if_fail (ARC_IS_TASK_VIEW (self));

  self->reveal_frames = 0;
  self->reveal_still = 0;
  self->reveal_at = -G_MAXDOUBLE;
  if (self->marked_kind >= 0 && self->reveal_tick == 0)
    self->reveal_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), reveal_tick_cb, NULL, NULL);
}

/**
 * arc_task_view_get_program_view:
 * Returns: (transfer none): the results of the task's program, under the examples
 */
ArcProgramView *
arc_task_view_get_program_view (ArcTaskView *self)
{
  g_return_val_if_fail (ARC_IS_TASK_VIEW (self), NULL);
  return self->program_view;
}

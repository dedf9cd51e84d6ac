/* arc-task-page-divider.c: the divider between the examples and the
 * workspace
 *
 * The task page is a GtkPaned: the examples scroll on their own, the
 * workspace stays put. In a wide page the workspace is beside the examples,
 * as in the ARC testing interface; in a narrow one, below them. Until the
 * user moves the divider, it is placed so that the workspace shows whole and
 * gets more than half of the page (its grids fit the room they get);
 * a large task's first train pair is kept whole beside or above it while
 * that leaves its grids roomy, or at least ARC_SOLVE_VIEW_PAIR_CELL when
 * the room is short (a small window). After a move, the workspace keeps
 * the size the user gave it. A double click on the divider places it
 * again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-task-page"

#include "config.h"

#include "arc-task-page-private.h"

#define WORKSPACE_BESIDE_WIDTH 340   /* the narrowest workspace beside the examples */
#define WORKSPACE_WIDTH_SHARE  0.55
#define WORKSPACE_HEIGHT_SHARE 0.75
#define HANDLE_ROOM            6     /* the paned's handle, about */

/* The narrowest the examples get: the task at its smallest cells */
static int
examples_minimum (ArcTaskPage *self)
{
  int minimum;

  gtk_widget_measure (gtk_scrolled_window_get_child (self->task_scroller), GTK_ORIENTATION_HORIZONTAL, -1,
                      &minimum, NULL, NULL, NULL);
  return minimum;
}

/* The workspace's height in a page @width × @height below the examples'
 * first train pair (whole, at the smallest cells) and @handle */
static int
below_first_pair (ArcTaskPage *self,
                  int          width,
                  int          height,
                  int          handle)
{
  return height - handle - arc_task_page_examples_above (self) -
         arc_task_view_get_first_pair_height (self->task_view, width) - 8;
}

/* The cell size of the grid being built below the examples of a page
 * @width × @height, with the first train pair whole above it */
static int
cell_below_pair (ArcTaskPage *self,
                 int          width,
                 int          height)
{
  GtkWidget *workspace = GTK_WIDGET (self->solve_view);
  int h_margins = gtk_widget_get_margin_start (workspace) + gtk_widget_get_margin_end (workspace);
  int v_margins = gtk_widget_get_margin_top (workspace) + gtk_widget_get_margin_bottom (workspace);
  int below = below_first_pair (self, width, height, HANDLE_ROOM);

  return arc_solve_view_cell_for_size (self->solve_view, width - h_margins, below - v_margins);
}

/* Whether, below the examples of a page @width × @height, the grid being
 * built is drawn at ARC_SOLVE_VIEW_ROOMY_CELL or more with the first train
 * pair whole above it */
static gboolean
pair_fits_below (ArcTaskPage *self,
                 int          width,
                 int          height)
{
  return cell_below_pair (self, width, height) >= ARC_SOLVE_VIEW_ROOMY_CELL;
}

/* The cell size of the grid being built beside the examples at their
 * narrowest (a column of pairs at the smallest cells, the first whole) in
 * a page @width × @height, its width (less @handle) in @wide; 0 when the
 * workspace does not go there */
static int
cell_beside_pair (ArcTaskPage *self,
                  int          width,
                  int          height,
                  int          handle,
                  int         *wide)
{
  GtkWidget *workspace = GTK_WIDGET (self->solve_view);
  int h_margins = gtk_widget_get_margin_start (workspace) + gtk_widget_get_margin_end (workspace);
  int v_margins = gtk_widget_get_margin_top (workspace) + gtk_widget_get_margin_bottom (workspace);

  *wide = width - examples_minimum (self) - handle;
  if (height <= 0 || *wide < WORKSPACE_BESIDE_WIDTH)
    return 0;
  return arc_solve_view_cell_for_size (self->solve_view, *wide - h_margins, height - v_margins);
}

/* A large task whose first pair and roomy grids do not fit one above the
 * other: the workspace beside the examples at their narrowest, when that
 * draws its grids roomy; or, when nothing does, at least
 * ARC_SOLVE_VIEW_PAIR_CELL and larger than with the pair whole above them.
 * Returns the workspace's width then (less the handle), else 0. */
static int
wide_beside (ArcTaskPage *self,
             int          width,
             int          height,
             int          handle)
{
  int wide, cell, below;

  cell = cell_beside_pair (self, width, height, handle, &wide);
  if (cell == 0)
    return 0;
  below = cell_below_pair (self, width, height);
  if (below >= ARC_SOLVE_VIEW_ROOMY_CELL)
    return 0;
  if (cell >= ARC_SOLVE_VIEW_ROOMY_CELL || (cell >= ARC_SOLVE_VIEW_PAIR_CELL && cell > below))
    return wide;
  return 0;
}

/* wide_beside(), only when it draws the grids roomy */
static int
roomy_beside (ArcTaskPage *self,
              int          width,
              int          height,
              int          handle)
{
  int wide, cell = cell_beside_pair (self, width, height, handle, &wide);

  return cell >= ARC_SOLVE_VIEW_ROOMY_CELL && !pair_fits_below (self, width, height) ? wide : 0;
}

/* The workspace's width beside the examples in a page @width × @height
 * (less the handle): more than half of it, and at least
 * WORKSPACE_BESIDE_WIDTH while the narrowest examples leave that; all but
 * the narrowest examples for a large task (wide_beside()) */
static int
beside_width (ArcTaskPage *self,
              int          width,
              int          height,
              int          handle)
{
  int room = width - examples_minimum (self) - MAX (handle, 0);
  int wide = wide_beside (self, width, height, MAX (handle, 0));

  if (wide > 0)
    return wide;
  return MAX (MIN ((int) (width * WORKSPACE_WIDTH_SHARE), room), MIN (WORKSPACE_BESIDE_WIDTH, room));
}

/* Whether the workspace goes beside the examples in a page @width ×
 * @height, and the cell size of the grid being built there (with
 * @height 0: from the width alone). Beside when the page has room for the
 * workspace beside the narrowest examples, as in the ARC testing
 * interface, and is high enough for the workspace at that width (the edit
 * bar takes some of it), unless its grids would be small there and larger
 * below (a task of large grids: the grid being built is the largest thing
 * on the page); else one above the other. */
static gboolean
choose_beside (ArcTaskPage *self,
               int          width,
               int          height,
               int         *cell)
{
  GtkWidget *workspace = GTK_WIDGET (self->solve_view);
  int h_margins = gtk_widget_get_margin_start (workspace) + gtk_widget_get_margin_end (workspace);
  int v_margins = gtk_widget_get_margin_top (workspace) + gtk_widget_get_margin_bottom (workspace);
  gboolean beside = width - examples_minimum (self) >= WORKSPACE_BESIDE_WIDTH;
  int cell_beside, cell_below, wide;

  *cell = 0;
  if (height <= 0)
    return beside;
  wide = wide_beside (self, width, height, HANDLE_ROOM);
  if (wide > 0)
    {
      *cell = arc_solve_view_cell_for_size (self->solve_view, wide - h_margins, height - v_margins);
      return TRUE;
    }
  if (beside)
    {
      int minimum;

      gtk_widget_measure (workspace, GTK_ORIENTATION_VERTICAL, beside_width (self, width, height, 0), &minimum, NULL, NULL, NULL);
      beside = minimum + v_margins <= height;
    }
  cell_below = arc_solve_view_cell_for_size (self->solve_view, width - h_margins,
                                             (int) (height * WORKSPACE_HEIGHT_SHARE) - v_margins);
  if (beside)
    {
      cell_beside = arc_solve_view_cell_for_size (self->solve_view, beside_width (self, width, height, 0) - h_margins,
                                                  height - v_margins);
      beside = cell_beside >= ARC_SOLVE_VIEW_ROOMY_CELL || cell_beside >= cell_below;
    }
  *cell = beside ? cell_beside : cell_below;
  return beside;
}

/**
 * arc_task_page_cell_for_size:
 * Returns: the cell size the grid being built would be drawn at, fitted,
 *   were the page @width × @height (0 when none is shown)
 */
int
arc_task_page_cell_for_size (ArcTaskPage *self,
                             int          width,
                             int          height)
{
  int cell;

  g_return_val_if_fail (ARC_IS_TASK_PAGE (self), 0);
  if (!gtk_widget_get_visible (GTK_WIDGET (self->solve_view)) || width <= 0 || height <= 0)
    return 0;
  choose_beside (self, width, height, &cell);
  return cell;
}

/**
 * arc_task_page_pair_kept:
 * @cell: ARC_SOLVE_VIEW_ROOMY_CELL, or ARC_SOLVE_VIEW_PAIR_CELL
 *
 * Returns: whether a page @width × @height would draw the grid being built
 *   at @cell or more with the first train pair whole beside or above it
 */
gboolean
arc_task_page_pair_kept (ArcTaskPage *self,
                         int          width,
                         int          height,
                         int          cell)
{
  int wide;

  g_return_val_if_fail (ARC_IS_TASK_PAGE (self), FALSE);
  if (!gtk_widget_get_visible (GTK_WIDGET (self->solve_view)) || width <= 0 || height <= 0)
    return FALSE;
  if (cell >= ARC_SOLVE_VIEW_ROOMY_CELL)
    return pair_fits_below (self, width, height) || roomy_beside (self, width, height, HANDLE_ROOM) > 0;
  return cell_below_pair (self, width, height) >= cell ||
         cell_beside_pair (self, width, height, HANDLE_ROOM, &wide) >= cell;
}

static gboolean
set_orientation (ArcTaskPage *self,
                 int          width,
                 int          height)
{
  int cell;
  GtkOrientation orientation = choose_beside (self, width, height, &cell) ? GTK_ORIENTATION_HORIZONTAL
                                                                          : GTK_ORIENTATION_VERTICAL;

  if (gtk_orientable_get_orientation (GTK_ORIENTABLE (self->task_paned)) == orientation)
    return FALSE;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->task_paned), orientation);
  self->divider_moved = FALSE;  /* a place across means nothing along */
  return TRUE;
}

/**
 * arc_task_page_examples_above:
 * Returns: how far down its scrolled area the examples' drawing starts: the
 *   task's title and summary sit above it
 */
int
arc_task_page_examples_above (ArcTaskPage *self)
{
  GtkWidget *view = GTK_WIDGET (self->task_view);
  graphene_rect_t bounds;

  if (!gtk_widget_compute_bounds (view, gtk_widget_get_parent (view), &bounds))
    return 0;
  return (int) bounds.origin.y;
}

/* The least height up to @height (with @v_margins) at which the grid being
 * built is drawn as large as at @height: what a workspace @width wide
 * (its grids limited by the width) does not use goes to the examples */
static int
shortest_for_cell (ArcTaskPage *self,
                   int          width,
                   int          height,
                   int          v_margins)
{
  int cell = arc_solve_view_cell_for_size (self->solve_view, width, height - v_margins);
  int low = 0, high = height;

  if (cell <= 0)
    return height;
  while (low < high)
    {
      int mid = (low + high) / 2;

      if (arc_solve_view_cell_for_size (self->solve_view, width, mid - v_margins) >= cell)
        high = mid;
      else
        low = mid + 1;
    }
  return high;
}

/* The workspace's height below the examples in a page @height high: as
 * high as it needs, up to WORKSPACE_HEIGHT_SHARE of the page, but short
 * enough to leave the first pair of examples in view whole, when that
 * leaves the grid being built roomy, or at least ARC_SOLVE_VIEW_PAIR_CELL
 * when it is not roomy anyway */
static int
wanted_below (ArcTaskPage *self,
              int          width,
              int          height,
              int          handle,
              int          natural)
{
  GtkWidget *workspace = GTK_WIDGET (self->solve_view);
  int wanted = MIN (natural, (int) (height * WORKSPACE_HEIGHT_SHARE));
  int h_margins = gtk_widget_get_margin_start (workspace) + gtk_widget_get_margin_end (workspace);
  int v_margins = gtk_widget_get_margin_top (workspace) + gtk_widget_get_margin_bottom (workspace);
  int with_pair;

  with_pair = below_first_pair (self, width, height, handle);
  if (with_pair < wanted)
    {
      int pair_cell = arc_solve_view_cell_for_size (self->solve_view, width - h_margins, with_pair - v_margins);
      int cell = arc_solve_view_cell_for_size (self->solve_view, width - h_margins, wanted - v_margins);

      if (pair_cell >= ARC_SOLVE_VIEW_ROOMY_CELL || (pair_cell >= ARC_SOLVE_VIEW_PAIR_CELL && cell < ARC_SOLVE_VIEW_ROOMY_CELL))
        wanted = with_pair;
    }
  return shortest_for_cell (self, width - h_margins, wanted, v_margins);
}

static gboolean
place_divider_idle (gpointer user_data)
{
  ArcTaskPage *self = user_data;
  GtkWidget *paned = GTK_WIDGET (self->task_paned);
  GtkWidget *examples = gtk_paned_get_start_child (self->task_paned);
  GtkWidget *workspace = GTK_WIDGET (self->solve_view);
  int height = gtk_widget_get_height (paned);
  int width = gtk_widget_get_width (paned);
  gboolean horizontal;
  int size, minimum, natural, handle, wanted;

  self->place_divider_idle = 0;
  /* (zoomed grids scroll in their area: the page stays as it is) */
  if (height <= 0 || !gtk_widget_get_visible (workspace) || arc_solve_view_is_zoomed (self->solve_view) ||
      set_orientation (self, width, height) || self->divider_moved)
    return G_SOURCE_REMOVE;  /* a new orientation is placed once allocated */
  horizontal = gtk_orientable_get_orientation (GTK_ORIENTABLE (paned)) == GTK_ORIENTATION_HORIZONTAL;
  size = horizontal ? width : height;
  /* The handle is the room the two children do not get */
  handle = horizontal ? width - gtk_widget_get_width (examples) - gtk_widget_get_width (workspace)
                        - gtk_widget_get_margin_start (workspace) - gtk_widget_get_margin_end (workspace)
                      : height - gtk_widget_get_height (examples) - gtk_widget_get_height (workspace)
                        - gtk_widget_get_margin_top (workspace) - gtk_widget_get_margin_bottom (workspace);
  gtk_widget_measure (workspace, horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL,
                      horizontal ? -1 : width, &minimum, &natural, NULL, NULL);
  if (horizontal)
    wanted = MAX (minimum, beside_width (self, width, height, handle));
  else
    wanted = MAX (minimum, wanted_below (self, width, height, MAX (handle, 0), natural));
  self->placing_divider = TRUE;
  gtk_paned_set_position (self->task_paned, MAX (size - wanted - MAX (handle, 0), 0));
  self->placing_divider = FALSE;
  return G_SOURCE_REMOVE;
}

/**
 * arc_task_page_place_divider:
 * After an allocation or for another task: the orientation again, and the
 * divider unless the user moved it.
 */
void
arc_task_page_place_divider (ArcTaskPage *self)
{
  /* Not while the window is taken apart: its task list can still show a task */
  if (self->place_divider_idle == 0 && !self->divider_disposed)
    self->place_divider_idle = g_idle_add (place_divider_idle, self);
}

static void
max_position_cb (GtkPaned    *paned,
                 GParamSpec  *pspec,
                 ArcTaskPage *self)
{
  arc_task_page_place_divider (self);
}

/* Whether (@x, @y) of the paned is on its handle, not in a child */
static gboolean
on_handle (ArcTaskPage *self,
           double       x,
           double       y)
{
  GtkWidget *paned = GTK_WIDGET (self->task_paned);
  GtkWidget *picked = gtk_widget_pick (paned, x, y, GTK_PICK_DEFAULT);

  return picked != NULL && picked != paned &&
         !gtk_widget_is_ancestor (picked, gtk_paned_get_start_child (self->task_paned)) &&
         picked != gtk_paned_get_start_child (self->task_paned) &&
         !gtk_widget_is_ancestor (picked, gtk_paned_get_end_child (self->task_paned)) &&
         picked != gtk_paned_get_end_child (self->task_paned);
}

/* A button down on the handle: the moves till it is up are the user's; a
 * double click places the divider again */
static void
handle_pressed_cb (GtkGestureClick *gesture,
                   int              n_press,
                   double           x,
                   double           y,
                   ArcTaskPage     *self)
{
  if (!on_handle (self, x, y))
    return;
  self->handle_held = TRUE;
  if (n_press != 2)
    return;
  self->divider_moved = FALSE;
  arc_task_page_place_divider (self);
}

/* The paned's own drag takes the press from the click gesture: the release
 * is seen here, before any child */
static gboolean
button_released_cb (GtkEventControllerLegacy *controller,
                    GdkEvent                 *event,
                    ArcTaskPage              *self)
{
  GdkEventType type = gdk_event_get_event_type (event);

  if (type == GDK_BUTTON_RELEASE || type == GDK_GRAB_BROKEN)
    self->handle_held = FALSE;
  return GDK_EVENT_PROPAGATE;
}

/* The handle's keys (F8, then the arrows) */
static gboolean
move_handle_cb (GtkPaned      *paned,
                GtkScrollType  scroll,
                ArcTaskPage   *self)
{
  self->handle_keyed = TRUE;
  return FALSE;  /* on to the paned's own handler */
}

static gboolean
move_handle_after_cb (GtkPaned      *paned,
                      GtkScrollType  scroll,
                      ArcTaskPage   *self)
{
  self->handle_keyed = FALSE;
  return FALSE;  /* on to the paned's own handler */
}

/* The paned also moves the divider itself, when its size or its children's
 * minimum sizes change; only a move with the handle or its keys is the
 * user's, and stays */
static void
position_cb (GtkPaned    *paned,
             GParamSpec  *pspec,
             ArcTaskPage *self)
{
  if (!self->placing_divider && (self->handle_held || self->handle_keyed))
    self->divider_moved = TRUE;
}

/**
 * arc_task_page_divider_init:
 * The divider follows the page's size and the user's moves.
 */
void
arc_task_page_divider_init (ArcTaskPage *self)
{
  GtkGesture *press = gtk_gesture_click_new ();
  GtkEventController *legacy;

  g_signal_connect (self->task_paned, "notify::max-position", G_CALLBACK (max_position_cb), self);
  g_signal_connect (self->task_paned, "notify::position", G_CALLBACK (position_cb), self);
  g_signal_connect (self->task_paned, "move-handle", G_CALLBACK (move_handle_cb), self);
  g_signal_connect_after (self->task_paned, "move-handle", G_CALLBACK (move_handle_after_cb), self);
  /* Before the paned's own gesture, which takes the presses on the handle */
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (press), GTK_PHASE_CAPTURE);
  g_signal_connect (press, "pressed", G_CALLBACK (handle_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->task_paned), GTK_EVENT_CONTROLLER (press));
  legacy = gtk_event_controller_legacy_new ();
  gtk_event_controller_set_propagation_phase (legacy, GTK_PHASE_CAPTURE);
  g_signal_connect (legacy, "event", G_CALLBACK (button_released_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->task_paned), legacy);
}

/* The page's new size: the divider is placed for it (for a page below,
 * a width change moves neither the paned's size nor its max-position) */
void
arc_task_page_divider_allocated (ArcTaskPage *self,
                                 int          width,
                                 int          height)
{
  if (width == self->allocated_width && height == self->allocated_height)
    return;
  self->allocated_width = width;
  self->allocated_height = height;
  arc_task_page_place_divider (self);
}

/* Taking the page apart changes its size: nothing is placed any more */
void
arc_task_page_divider_dispose (ArcTaskPage *self)
{
  self->divider_disposed = TRUE;
  if (self->task_paned)
    g_signal_handlers_disconnect_by_data (self->task_paned, self);
  g_clear_handle_id (&self->place_divider_idle, g_source_remove);
}

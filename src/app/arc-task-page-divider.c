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
#include "arc-beside-layout.h"
#include "arc-grid-view.h"
#include "arc-wrap-layout.h"

#define WORKSPACE_BESIDE_WIDTH 340   /* the narrowest workspace beside the examples */
#define WORKSPACE_WIDTH_SHARE  0.55
#define WORKSPACE_HEIGHT_SHARE 0.75
#define HANDLE_ROOM            6     /* the paned's handle, about */
#define TOP_SPACING            4     /* between the heading and the examples below it; */
#define BESIDE_SPACING         16    /* beside them (the .ui's spacing is TOP_SPACING) */
#define COMPACT_HEIGHT         600   /* a lower page is compact (800×600, 1024×600) */
#define EXAMPLES_TOP           10    /* the examples' margin above them; compact: */
#define EXAMPLES_TOP_COMPACT   4
#define WORKSPACE_MARGIN       8     /* the workspace's above and below it; compact: */
#define WORKSPACE_MARGIN_COMPACT 4
#define BAR_MARGIN             16    /* Edit Task's bar: round its buttons on top of the page */
#define BAR_SPACING            6     /* and between them */

/* The examples' box: the heading and the examples, the review, the file */
static GtkWidget *
examples_box (ArcTaskPage *self)
{
  return gtk_widget_get_parent (GTK_WIDGET (self->top_box));
}

/* The narrowest @part gets, with its margins (0 when hidden); the
 * examples fitted, zoomed or not */
static int
part_minimum (GtkWidget *part)
{
  int minimum;

  if (!gtk_widget_should_layout (part))
    return 0;
  if (ARC_IS_TASK_VIEW (part))
    minimum = arc_task_view_get_fitted_width (ARC_TASK_VIEW (part));
  else
    gtk_widget_measure (part, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  return minimum + gtk_widget_get_margin_start (part) + gtk_widget_get_margin_end (part);
}

/* The narrowest the examples get: the task at its smallest cells (not
 * zoomed: zoomed, they scroll), with the heading above it (wherever it is
 * now: it is beside them only in a compact page with the examples above
 * the workspace) */
static int
examples_minimum (ArcTaskPage *self)
{
  GtkWidget *box = examples_box (self);
  int minimum = 0;

  for (GtkWidget *c = gtk_widget_get_first_child (box); c; c = gtk_widget_get_next_sibling (c))
    if (c == GTK_WIDGET (self->top_box))
      for (GtkWidget *part = gtk_widget_get_first_child (c); part; part = gtk_widget_get_next_sibling (part))
        minimum = MAX (minimum, part_minimum (part));
    else
      minimum = MAX (minimum, part_minimum (c));
  return minimum + gtk_widget_get_margin_start (box) + gtk_widget_get_margin_end (box);
}

/* How far down the examples' scrolled area a page @width wide starts
 * their drawing: below the margin, and the heading, unless @compact (above
 * the workspace in a compact page: the heading is beside them) */
static int
above_examples (ArcTaskPage *self,
                int          width,
                gboolean     compact)
{
  GtkWidget *box = examples_box (self);
  int above = compact ? EXAMPLES_TOP_COMPACT : EXAMPLES_TOP;

  if (!compact && gtk_widget_should_layout (self->heading_box))
    {
      int heading;

      width -= gtk_widget_get_margin_start (box) + gtk_widget_get_margin_end (box);
      gtk_widget_measure (self->heading_box, GTK_ORIENTATION_VERTICAL, MAX (width, -1), NULL, &heading, NULL, NULL);
      above += heading + TOP_SPACING;
    }
  return above;
}

/* The room kept under the examples' drawing in their scrolled area (the
 * file's name is under it, scrolled to) */
static int
below_examples (ArcTaskPage *self)
{
  return self->compact ? 2 : 8;
}

/* How high the heading's column and Edit Task's bar are beside the
 * examples in a compact page (the examples' strip is no lower) */
static int
beside_examples_height (ArcTaskPage *self)
{
  int height = 0;

  for (GtkWidget *part = self->heading_box; part; part = part == self->heading_box ? self->bar : NULL)
    if (part && gtk_widget_get_visible (part))
      {
        int width, minimum, natural;

        gtk_widget_measure (part, GTK_ORIENTATION_HORIZONTAL, -1, &width, NULL, NULL, NULL);
        gtk_widget_measure (part, GTK_ORIENTATION_VERTICAL, MAX (width, gtk_widget_get_width (part)),
                            &minimum, &natural, NULL, NULL);
        height = MAX (height, natural + gtk_widget_get_margin_top (part) + gtk_widget_get_margin_bottom (part));
      }
  return height;
}

/* The workspace's height in a page @width × @height below the examples'
 * first train pair (whole, at the smallest cells) and @handle; a compact
 * page has the heading beside the examples there */
static int
below_first_pair (ArcTaskPage *self,
                  int          width,
                  int          height,
                  int          handle)
{
  int pair = arc_task_view_get_first_pair_height (self->task_view, width, self->compact);

  if (self->compact)
    pair = MAX (pair, beside_examples_height (self));
  return height - handle - above_examples (self, width, self->compact) - pair - below_examples (self);
}

/* The least cell size of the grid being built with a train pair whole in
 * view: ARC_SOLVE_VIEW_PAIR_CELL; in a compact page, its cells as far
 * apart with their grid line (a pixel less), which is what lets a 30×30
 * task keep a pair whole at 800×600 */
static int
pair_cell (ArcTaskPage *self)
{
  return self->compact ? ARC_SOLVE_VIEW_PAIR_CELL - 1 : ARC_SOLVE_VIEW_PAIR_CELL;
}

/* The workspace's margins above and below it, @below the examples */
static int
workspace_v_margins (ArcTaskPage *self,
                     gboolean     below)
{
  return 2 * (below && self->compact ? WORKSPACE_MARGIN_COMPACT : WORKSPACE_MARGIN);
}

/* The cell size of the grid being built in a workspace @width × @height
 * (its margins in both), @below the examples or beside them: below them in
 * a compact page, the workspace is compact too (whatever it is now) */
static int
workspace_cell (ArcTaskPage *self,
                int          width,
                int          height,
                gboolean     below)
{
  GtkWidget *workspace = GTK_WIDGET (self->solve_view);
  int h_margins = gtk_widget_get_margin_start (workspace) + gtk_widget_get_margin_end (workspace);

  return arc_solve_view_cell_for_room (self->solve_view, width - h_margins, height - workspace_v_margins (self, below),
                                       below && self->compact);
}

/* The cell size of the grid being built below the examples of a page
 * @width × @height, with the first train pair whole above it */
static int
cell_below_pair (ArcTaskPage *self,
                 int          width,
                 int          height)
{
  return workspace_cell (self, width, below_first_pair (self, width, height, HANDLE_ROOM), TRUE);
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
  *wide = width - examples_minimum (self) - handle;
  if (height <= 0 || *wide < WORKSPACE_BESIDE_WIDTH)
    return 0;
  return workspace_cell (self, *wide, height, FALSE);
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
  if (cell >= ARC_SOLVE_VIEW_ROOMY_CELL || (cell >= pair_cell (self) && cell > below))
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
  gboolean beside = width - examples_minimum (self) >= WORKSPACE_BESIDE_WIDTH;
  int cell_beside, cell_below, wide;

  *cell = 0;
  if (height <= 0)
    return beside;
  wide = wide_beside (self, width, height, HANDLE_ROOM);
  if (wide > 0)
    {
      *cell = workspace_cell (self, wide, height, FALSE);
      return TRUE;
    }
  if (beside)
    {
      int minimum;

      gtk_widget_measure (workspace, GTK_ORIENTATION_VERTICAL, beside_width (self, width, height, 0), &minimum, NULL, NULL, NULL);
      beside = minimum + arc_solve_view_header_change (self->solve_view, FALSE) + workspace_v_margins (self, FALSE) <= height;
    }
  cell_below = workspace_cell (self, width, (int) (height * WORKSPACE_HEIGHT_SHARE), TRUE);
  if (beside)
    {
      cell_beside = workspace_cell (self, beside_width (self, width, height, 0), height, FALSE);
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
  if (cell == ARC_SOLVE_VIEW_PAIR_CELL)
    cell = pair_cell (self);
  if (cell >= ARC_SOLVE_VIEW_ROOMY_CELL)
    return pair_fits_below (self, width, height) || roomy_beside (self, width, height, HANDLE_ROOM) > 0;
  return cell_below_pair (self, width, height) >= cell ||
         cell_beside_pair (self, width, height, HANDLE_ROOM, &wide) >= cell;
}

static int bar_above (ArcTaskPage *self);

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
  /* Turned already for this page and task: what turning changes (Edit
   * Task's bar beside the examples or on top, the workspace compact or
   * not) can make the other way look better, and turning back would make
   * it look worse again, a frame later, for ever */
  if (self->turned && self->turned_width == width && self->turned_height == height + bar_above (self) &&
      self->turned_generation == self->generation)
    return FALSE;
  self->turned = TRUE;
  self->turned_width = width;
  self->turned_height = height + bar_above (self);  /* (the bar on top or not) */
  self->turned_generation = self->generation;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->task_paned), orientation);
  self->divider_moved = FALSE;  /* a place across means nothing along */
  return TRUE;
}

/**
 * arc_task_page_examples_above:
 * Returns: how far down its scrolled area the examples' drawing starts: the
 *   task's title and summary sit above it, unless they are beside it
 */
int
arc_task_page_examples_above (ArcTaskPage *self)
{
  return above_examples (self, gtk_widget_get_width (GTK_WIDGET (self->task_scroller)),
                         self->heading_beside);
}

/* The width Edit Task's buttons (@pairs) take beside the examples: its
 * two Add buttons on a line, its icons on the next, Save and the hint
 * after them (no wider: at 800×600 the examples of a 30×30 task have the
 * rest) */
static int
bar_width (GtkWidget *pairs)
{
  int lines[2] = { 0, 0 }, i = 0;

  for (GtkWidget *c = gtk_widget_get_first_child (pairs); c; c = gtk_widget_get_next_sibling (c))
    if (gtk_widget_get_visible (c) && (i < 2 || (GTK_IS_BUTTON (c) && gtk_button_get_icon_name (GTK_BUTTON (c)))))
      {
        int *line = &lines[i++ < 2 ? 0 : 1], natural;

        gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
        *line += (*line > 0 ? BAR_SPACING : 0) + natural;
      }
  return MAX (lines[0], lines[1]);
}

/* The child of @bar built from the id @id */
static GtkWidget *
bar_part (GtkWidget  *bar,
          const char *id)
{
  for (GtkWidget *c = gtk_widget_get_first_child (bar); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;

      if (g_strcmp0 (gtk_buildable_get_buildable_id (GTK_BUILDABLE (c)), id) == 0)
        return c;
      if ((found = bar_part (c, id)))
        return found;
    }
  return NULL;
}

/* Edit Task's bar: on top of the page, or in a compact page beside the
 * examples, its buttons on three lines with the workspace's hint, its
 * separator away, so that the grids keep the rows it took (at 800×600 a
 * 30×30 task's first pair) */
static void
place_bar (ArcTaskPage *self,
           gboolean     beside)
{
  GtkWidget *bar = self->bar, *pairs;

  if (bar == NULL)
    return;
  if (gtk_widget_get_parent (bar) != (beside ? GTK_WIDGET (self->top_box) : GTK_WIDGET (self)))
    {
      g_object_ref (bar);
      gtk_widget_unparent (bar);
      if (beside)
        gtk_box_append (self->top_box, bar);
      else
        gtk_widget_insert_after (bar, GTK_WIDGET (self), NULL);
      g_object_unref (bar);
    }
  pairs = gtk_widget_get_first_child (bar);
  gtk_widget_set_visible (gtk_widget_get_last_child (bar), !beside);
  /* (the compact workspace leaves its hint to the bar) */
  if (bar_part (bar, "hint"))
    gtk_widget_set_visible (bar_part (bar, "hint"), beside);
  gtk_widget_set_valign (bar, beside ? GTK_ALIGN_START : GTK_ALIGN_FILL);
  gtk_widget_set_margin_start (pairs, beside ? 0 : BAR_MARGIN);
  gtk_widget_set_margin_end (pairs, beside ? 0 : BAR_MARGIN);
  gtk_widget_set_margin_top (pairs, beside ? 0 : BAR_SPACING);
  gtk_widget_set_margin_bottom (pairs, beside ? 0 : BAR_SPACING);
  gtk_widget_set_size_request (pairs, beside ? bar_width (pairs) : -1, -1);
}

/* A page lower than COMPACT_HEIGHT (self->compact) with the examples
 * above the workspace gives the grids every row it can: narrow margins,
 * the examples dense with the heading (the task's id, what it holds, its
 * problems) in a column beside them, the id over the rest, the
 * workspace's header on its grids' labels; so that a 30×30 task keeps a
 * train pair whole above a workspace of 10 px cells at 800×600 */
static void
apply_compact (ArcTaskPage *self)
{
  GtkWidget *workspace = GTK_WIDGET (self->solve_view);
  gboolean beside = self->compact &&
                    gtk_orientable_get_orientation (GTK_ORIENTABLE (self->task_paned)) == GTK_ORIENTATION_VERTICAL;
  GtkWidget *heading = gtk_widget_get_parent (GTK_WIDGET (self->task_title));

  gtk_widget_set_margin_top (examples_box (self), beside ? EXAMPLES_TOP_COMPACT : EXAMPLES_TOP);
  gtk_widget_set_margin_top (workspace, beside ? WORKSPACE_MARGIN_COMPACT : WORKSPACE_MARGIN);
  gtk_widget_set_margin_bottom (workspace, beside ? WORKSPACE_MARGIN_COMPACT : WORKSPACE_MARGIN);
  arc_task_view_set_dense (self->task_view, beside);
  arc_solve_view_set_compact (self->solve_view, beside);
  place_bar (self, beside);
  if (self->heading_beside == beside)
    return;
  self->heading_beside = beside;
  /* The bar's buttons are in the examples' scrolled area beside them: the
   * area does not scroll back to a button that keeps the focus after a
   * click (GTK 4.18 does so at each layout, over the grid Edit Task
   * shows) */
  if (GTK_IS_VIEWPORT (gtk_scrolled_window_get_child (self->task_scroller)))
    gtk_viewport_set_scroll_to_focus (GTK_VIEWPORT (gtk_scrolled_window_get_child (self->task_scroller)), !beside);
  /* (GtkBoxLayout shares a row's width in a way the examples cannot
   * follow on GTK 4.12 and later: arc-beside-layout.c) */
  if (beside)
    gtk_widget_set_layout_manager (GTK_WIDGET (self->top_box), arc_beside_layout_new (BESIDE_SPACING));
  else
    {
      GtkLayoutManager *column = gtk_box_layout_new (GTK_ORIENTATION_VERTICAL);

      gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (column), TOP_SPACING);
      gtk_widget_set_layout_manager (GTK_WIDGET (self->top_box), column);
    }
  arc_task_page_join_summary (self);
  if (beside)
    gtk_widget_set_layout_manager (heading, gtk_box_layout_new (GTK_ORIENTATION_VERTICAL));
  else
    gtk_widget_set_layout_manager (heading, arc_wrap_layout_new (12, 0));
  arc_task_page_fit_examples (self);
}

/**
 * arc_task_page_divider_bar_added:
 * Edit Task's bar, made when first shown, goes where the page has it: on
 * top, or beside the examples of a compact page; and again when it is
 * shown or hidden.
 */
void
arc_task_page_divider_bar_added (ArcTaskPage *self)
{
  self->generation++;
  apply_compact (self);
  arc_task_page_place_divider (self);
}

/**
 * arc_task_page_join_summary:
 * What the task holds beside its id: its parts on one line with a "·"
 * between them (each part wrapped whole); in the compact page's column, a
 * part a line, so that no line ends with a lone "·"
 */
void
arc_task_page_join_summary (ArcTaskPage *self)
{
  g_autofree char *text = NULL;
  gboolean column = self->heading_beside;

  if (self->summary == NULL)
    return;
  text = g_strjoinv (column ? "\n" : " · ", self->summary);
  gtk_label_set_text (self->task_summary, text);
}

static gboolean
fit_height_tick (GtkWidget     *widget,
                 GdkFrameClock *clock,
                 gpointer       user_data)
{
  ArcTaskPage *self = user_data;
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->task_scroller);
  int above = arc_task_page_examples_above (self);

  self->fit_height_tick = 0;
  arc_task_view_set_fit_height (self->task_view,
                                MAX ((int) gtk_adjustment_get_page_size (adjustment) - above - below_examples (self), 100));
  return G_SOURCE_REMOVE;
}

/**
 * arc_task_page_fit_examples:
 * Lets the task fit the visible height when its cells can stay readable.
 * The page size changes while the window is being laid out, so the new
 * height is handed over to the next frame, before its layout.
 */
void
arc_task_page_fit_examples (ArcTaskPage *self)
{
  if (self->fit_height_tick == 0)
    self->fit_height_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), fit_height_tick, self, NULL);
}

/* The least height up to @height at which the grid being built below the
 * examples is drawn as large as at @height: what a workspace @width wide
 * (its grids limited by the width) does not use goes to the examples */
static int
shortest_for_cell (ArcTaskPage *self,
                   int          width,
                   int          height)
{
  int cell = workspace_cell (self, width, height, TRUE);
  int low = 0, high = height;

  if (cell <= 0)
    return height;
  while (low < high)
    {
      int mid = (low + high) / 2;

      if (workspace_cell (self, width, mid, TRUE) >= cell)
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
 * when it is not roomy anyway or the page is compact */
static int
wanted_below (ArcTaskPage *self,
              int          width,
              int          height,
              int          handle,
              int          natural)
{
  int wanted = MIN (natural, (int) (height * WORKSPACE_HEIGHT_SHARE));
  int with_pair;

  with_pair = below_first_pair (self, width, height, handle);
  if (with_pair < wanted)
    {
      int kept = workspace_cell (self, width, with_pair, TRUE);
      int cell = workspace_cell (self, width, wanted, TRUE);

      /* (a compact page keeps the pair rather than a roomy grid) */
      if (kept >= ARC_SOLVE_VIEW_ROOMY_CELL ||
          (kept >= pair_cell (self) && (cell < ARC_SOLVE_VIEW_ROOMY_CELL || self->compact)))
        wanted = with_pair;
    }
  return shortest_for_cell (self, width, wanted);
}

/* The height Edit Task's bar takes on top of the page: 0 beside the examples */
static int
bar_above (ArcTaskPage *self)
{
  if (self->bar == NULL || gtk_widget_get_parent (self->bar) != GTK_WIDGET (self) || !gtk_widget_get_visible (self->bar))
    return 0;
  return gtk_widget_get_height (self->bar);
}

static gboolean
place_divider_tick (GtkWidget     *widget,
                    GdkFrameClock *clock,
                    gpointer       user_data)
{
  ArcTaskPage *self = user_data;
  GtkWidget *paned = GTK_WIDGET (self->task_paned);
  GtkWidget *examples = gtk_paned_get_start_child (self->task_paned);
  GtkWidget *workspace = GTK_WIDGET (self->solve_view);
  int height = gtk_widget_get_height (paned);
  int width = gtk_widget_get_width (paned);
  gboolean horizontal;
  int size, minimum, natural, handle, wanted;

  self->place_divider_tick = 0;
  if (height <= 0 || !gtk_widget_get_visible (workspace))
    return G_SOURCE_REMOVE;
  /* (as high as it would be without Edit Task's bar on top: the bar is
   * beside the examples in a compact page) */
  self->compact = height + bar_above (self) < COMPACT_HEIGHT;
  if (set_orientation (self, width, height))
    {
      apply_compact (self);
      return G_SOURCE_REMOVE;  /* a new orientation is placed once allocated */
    }
  apply_compact (self);
  if (self->divider_moved)
    return G_SOURCE_REMOVE;
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
  if (self->place_divider_tick == 0 && !self->divider_disposed)
    self->place_divider_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), place_divider_tick, self, NULL);
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

/**
 * arc_task_page_focus_divider:
 * Gives the keys to the divider (F8 from anywhere in the window: the
 * paned's own F8 only acts with the focus in it), as the paned does:
 * the arrows then move it, Return or Escape give the focus back.
 * Returns: whether the divider is on screen to take them
 */
gboolean
arc_task_page_focus_divider (ArcTaskPage *self)
{
  gboolean handled = FALSE;

  g_return_val_if_fail (ARC_IS_TASK_PAGE (self), FALSE);
  if (!gtk_widget_get_mapped (GTK_WIDGET (self->task_paned)) ||
      !gtk_widget_get_visible (GTK_WIDGET (self->solve_view)))
    return FALSE;
  g_signal_emit_by_name (self->task_paned, "cycle-handle-focus", FALSE, &handled);
  return handled;
}

/* The handle's keys (F8, then the arrows): GTK's paned moves it a pixel
 * an arrow (75 with Ctrl), which looked like nothing; here a step is a
 * cell's worth of room, 24 px (96 with Ctrl), and Home and End go to
 * the ends. The move is the user's (it stays). */
#define HANDLE_STEP      24
#define HANDLE_PAGE_STEP 96

static gboolean
move_handle_cb (GtkPaned      *paned,
                GtkScrollType  scroll,
                ArcTaskPage   *self)
{
  int position = gtk_paned_get_position (paned), step = 0;
  int min_position, max_position;

  if (!gtk_widget_is_focus (GTK_WIDGET (paned)))
    return FALSE;
  g_object_get (paned, "min-position", &min_position, "max-position", &max_position, NULL);
  switch (scroll)
    {
    case GTK_SCROLL_STEP_LEFT: case GTK_SCROLL_STEP_UP: case GTK_SCROLL_STEP_BACKWARD:
      step = -HANDLE_STEP;
      break;
    case GTK_SCROLL_STEP_RIGHT: case GTK_SCROLL_STEP_DOWN: case GTK_SCROLL_STEP_FORWARD:
      step = HANDLE_STEP;
      break;
    case GTK_SCROLL_PAGE_LEFT: case GTK_SCROLL_PAGE_UP: case GTK_SCROLL_PAGE_BACKWARD:
      step = -HANDLE_PAGE_STEP;
      break;
    case GTK_SCROLL_PAGE_RIGHT: case GTK_SCROLL_PAGE_DOWN: case GTK_SCROLL_PAGE_FORWARD:
      step = HANDLE_PAGE_STEP;
      break;
    case GTK_SCROLL_START:
      position = min_position;
      break;
    case GTK_SCROLL_END:
      position = max_position;
      break;
    case GTK_SCROLL_NONE: case GTK_SCROLL_JUMP: default:
      return FALSE;  /* (the paned's own) */
    }
  if (gtk_widget_get_direction (GTK_WIDGET (paned)) == GTK_TEXT_DIR_RTL &&
      gtk_orientable_get_orientation (GTK_ORIENTABLE (paned)) == GTK_ORIENTATION_HORIZONTAL)
    step = -step;
  self->handle_keyed = TRUE;
  gtk_paned_set_position (paned, CLAMP (position + step, min_position, max_position));
  self->handle_keyed = FALSE;
  return TRUE;
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

/* What the page shows changed (a pair added, a grid resized, another test
 * input): the paned may turn again (set_orientation()) */
static void
shown_changed_cb (ArcTaskPage *self)
{
  self->generation++;
  arc_task_page_place_divider (self);
}

/* The grid being edited in Edit Task, resized or another: the page is
 * placed again (the examples change with it). Solving, the workspace's
 * grids ask for the room of the task's grids whatever the grid built is
 * (arc-solve-view-layout.c): a resize, undo or paste moves nothing. */
static void
workspace_grid_cb (GtkWidget   *view,
                   GParamSpec  *pspec,
                   ArcTaskPage *self)
{
  const ArcGrid *grid = arc_grid_view_get_grid (ARC_GRID_VIEW (view));
  int rows = grid ? arc_grid_get_height (grid) : 0, cols = grid ? arc_grid_get_width (grid) : 0;
  gboolean editing;

  /* (its size: a cell painted changes nothing of the page) */
  if (rows == self->workspace_rows && cols == self->workspace_cols)
    return;
  self->workspace_rows = rows;
  self->workspace_cols = cols;
  g_object_get (self->solve_view, "editing", &editing, NULL);
  if (editing)
    shown_changed_cb (self);
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

  g_signal_connect_swapped (self->task_view, "notify::task", G_CALLBACK (shown_changed_cb), self);
  g_signal_connect (arc_solve_view_get_output_view (self->solve_view), "notify::grid", G_CALLBACK (workspace_grid_cb),
                    self);
  g_signal_connect (self->task_paned, "notify::max-position", G_CALLBACK (max_position_cb), self);
  g_signal_connect (self->task_paned, "notify::position", G_CALLBACK (position_cb), self);
  g_signal_connect (self->task_paned, "move-handle", G_CALLBACK (move_handle_cb), self);
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
  if (self->task_view)
    g_signal_handlers_disconnect_by_data (self->task_view, self);
  if (self->solve_view)
    g_signal_handlers_disconnect_by_data (arc_solve_view_get_output_view (self->solve_view), self);
  if (self->place_divider_tick)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->place_divider_tick);
  if (self->fit_height_tick)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->fit_height_tick);
  self->place_divider_tick = self->fit_height_tick = 0;
}

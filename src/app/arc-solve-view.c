/* arc-solve-view.c: the solve workspace: build the output grid and submit it
 *
 * The current test input beside the output grid being built, with the tool
 * set of the ARC testing interface (resize, copy from input, reset, edit,
 * select on either grid, copy and paste, flood fill, submit) and more: undo
 * and redo, colour keys, an eyedropper, rotate, flip, move and crop of a
 * selection, a keyboard cursor, and the wrong cells of a wrong answer marked.
 *
 * The widgets are in arc-solve-view.ui; what they do are the solve.* actions
 * of arc-solve-view-actions.c, with the keys. This file keeps the view in step
 * with its ArcSolve and handles the pointer on the grids.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-solve-view"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "arc-grid-view.h"
#include "arc-view-options.h"
#include "arc-solve-view-private.h"

G_DEFINE_FINAL_TYPE (ArcSolveView, arc_solve_view, GTK_TYPE_WIDGET)

G_DEFINE_ENUM_TYPE (ArcTool, arc_tool,
                    G_DEFINE_ENUM_VALUE (ARC_TOOL_EDIT, "edit"),
                    G_DEFINE_ENUM_VALUE (ARC_TOOL_SELECT, "select"),
                    G_DEFINE_ENUM_VALUE (ARC_TOOL_FILL, "fill"))

enum {
  SUBMITTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_SOLVE,
  PROP_SETTINGS,
  PROP_COLOUR,
  PROP_TOOL,
  PROP_PICKING,
  PROP_EDITING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Showing the state */

/* How the current test input stands: solved, failed or the trials left */
static void
show_state (ArcSolveView *self)
{
  guint test = arc_solve_get_current (self->solve);
  guint left = arc_solve_get_trials_left (self->solve, test);
  g_autofree char *text = NULL;

  if (self->history)
    {
      arc_solve_view_set_verdict (self, _("Every change applies to the task; Ctrl+S saves it"), "dim-label");
      return;
    }
  switch (arc_solve_get_state (self->solve, test))
    {
    case ARC_TEST_SOLVED:
      arc_solve_view_set_verdict (self, _("Solved ✓"), "success");
      break;
    case ARC_TEST_FAILED:
      arc_solve_view_set_verdict (self, _("No trials left: this test input is failed. You can go on practising; it does not count."), "error");
      arc_solve_view_set_verdict_short (self, _("Failed: no trials left"));
      break;
    case ARC_TEST_OPEN:
    default:
      if (arc_solve_get_expected (self->solve) == NULL)
        {
          arc_solve_view_set_verdict (self, _("The answer is hidden: a submission is recorded, not judged"), "dim-label");
          arc_solve_view_set_verdict_short (self, _("Answer hidden: not judged"));
        }
      else
        {
          text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u trial left", "%u trials left", left), left);
          arc_solve_view_set_verdict (self, text, "dim-label");
        }
      break;
    }
}

static void
sync_labels (ArcSolveView  *self,
             const ArcGrid *input,
             const ArcGrid *output)
{
  g_autofree char *title = NULL;
  g_autofree char *in_size = NULL;
  g_autofree char *size = NULL;

  /* The names, and the sizes beside them */
  in_size = g_strdup_printf ("%d×%d", arc_grid_get_height (input), arc_grid_get_width (input));
  gtk_label_set_text (GTK_LABEL (self->input_size), in_size);
  size = g_strdup_printf ("%d×%d", arc_grid_get_height (output), arc_grid_get_width (output));
  gtk_label_set_text (GTK_LABEL (self->output_size), size);
  if (!arc_solve_view_edit_labels (self))
    {
      title = g_strdup_printf (_("Test input %u of %u"), arc_solve_get_current (self->solve) + 1,
                               arc_solve_get_n_tests (self->solve));
      gtk_label_set_text (GTK_LABEL (self->title), title);
      /* The title says which test input: "Input 10×10 › Output 10×10", as
       * while editing, fits a narrow workspace */
      gtk_label_set_text (GTK_LABEL (self->input_label), _("Input"));
      gtk_label_set_text (GTK_LABEL (self->output_label), _("Output"));
    }
  /* Not while the user types a size */
  if (!gtk_widget_has_focus (self->size_entry) && !gtk_widget_has_focus (gtk_widget_get_first_child (self->size_entry)))
    gtk_editable_set_text (GTK_EDITABLE (self->size_entry), size);
}

/* Whether the select tool is on and the selection has cell (@row, @col) of
 * the output: a drag from there moves it */
static gboolean
in_selection (ArcSolveView *self,
              int           row,
              int           col)
{
  ArcCells sel;

  return self->tool == ARC_TOOL_SELECT && !self->picking && arc_solve_get_selected_cells (self->solve, &sel) &&
         arc_cells_contains (&sel, row, col);
}

/* Over the selection, the pointer says it can be dragged: as it moves, and
 * as the selection or the tool changes under it */
static void
update_pointer (ArcSolveView *self)
{
  int row, col;
  gboolean movable = self->solve && arc_grid_view_get_hover (ARC_GRID_VIEW (self->output_view), &row, &col) &&
                     (self->drag_moving || in_selection (self, row, col));

  gtk_widget_set_cursor_from_name (self->output_view, movable ? "move" : NULL);
}

static void
output_hover_cb (ArcGridView  *view,
                 int           row,
                 int           col,
                 int           colour,
                 ArcSolveView *self)
{
  update_pointer (self);
}

/**
 * arc_solve_view_sync:
 * Shows the model: grids, labels, selections and the cursor.
 */
void
arc_solve_view_sync (ArcSolveView *self)
{
  const ArcGrid *input, *output;
  ArcCells sel;
  gboolean has_sel;

  if (self->solve == NULL)
    return;
  input = arc_solve_get_input (self->solve);
  output = arc_solve_get_output (self->solve);
  if (arc_solve_view_update_rooms (self))
    arc_solve_view_zoom_area_changed (self);
  arc_grid_view_set_grid (ARC_GRID_VIEW (self->input_view), input);
  arc_grid_view_set_grid (ARC_GRID_VIEW (self->output_view), output);
  sync_labels (self, input, output);
  has_sel = arc_solve_get_selected_cells (self->solve, &sel);
  arc_grid_view_set_selection (ARC_GRID_VIEW (self->output_view), has_sel ? &sel : NULL);
  arc_grid_view_set_selection_floating (ARC_GRID_VIEW (self->output_view), arc_solve_is_floating (self->solve));
  arc_grid_view_set_selection (ARC_GRID_VIEW (self->input_view), &self->input_selection);
  if (!arc_grid_contains (output, self->cursor_row, self->cursor_col))
    self->cursor_row = self->cursor_col = 0;
  arc_grid_view_set_cursor (ARC_GRID_VIEW (self->output_view),
                            gtk_widget_has_focus (self->output_view) ? self->cursor_row : -1, self->cursor_col);
  update_pointer (self);
  /* Copy and Escape also follow the input's selection, which is ours */
  arc_solve_view_update_actions (self);
}

void
arc_solve_view_clear_marks (ArcSolveView *self)
{
  arc_grid_view_set_expected (ARC_GRID_VIEW (self->output_view), NULL);
}

static void
solve_changed_cb (ArcSolve     *solve,
                  ArcSolveView *self)
{
  /* A change to the grid makes the wrong-cell marks stale (submit sets them
   * again), and what was said of the grid: the line says how the test input
   * stands. (A selection alone changes neither.) */
  if (self->judged_grid == NULL || !arc_grid_equal (self->judged_grid, arc_solve_get_output (solve)))
    {
      arc_solve_view_clear_marks (self);
      if (self->judged_grid)
        show_state (self);
    }
  arc_solve_view_sync (self);
}

/* What the actions can do follows the model's properties */
static void
solve_notify_cb (ArcSolve     *solve,
                 GParamSpec   *pspec,
                 ArcSolveView *self)
{
  arc_solve_view_update_actions (self);
}

static void
current_changed_cb (ArcSolve     *solve,
                    GParamSpec   *pspec,
                    ArcSolveView *self)
{
  arc_solve_view_clear_marks (self);
  arc_solve_view_reset_size_field (self);
  show_state (self);
}

/* The colour and the tool */

/**
 * arc_solve_view_set_colour:
 * Picks the colour; with a selection on the output grid, fills it (also
 * with the colour already picked).
 */
void
arc_solve_view_set_colour (ArcSolveView *self,
                           guint8        colour)
{
  g_return_if_fail (ARC_IS_SOLVE_VIEW (self));
  g_return_if_fail (colour < ARC_N_COLOURS);

  if (self->colour != colour)
    {
      self->colour = colour;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COLOUR]);
    }
  if (self->solve && !self->copy_from_input)
    arc_solve_fill_selection (self->solve, colour);
}

guint8
arc_solve_view_get_colour (ArcSolveView *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE_VIEW (self), 0);
  return self->colour;
}

void
arc_solve_view_set_picking (ArcSolveView *self,
                            gboolean      picking)
{
  picking = !!picking;
  if (self->picking == picking)
    return;
  self->picking = picking;
  update_pointer (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PICKING]);
}

/* Choosing a tool ends picking a colour */
void
arc_solve_view_set_tool (ArcSolveView *self,
                         ArcTool       tool)
{
  g_return_if_fail (ARC_IS_SOLVE_VIEW (self));
  g_return_if_fail (tool <= ARC_TOOL_FILL);

  arc_solve_view_set_picking (self, FALSE);
  if (self->tool == tool)
    return;
  self->tool = tool;
  update_pointer (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOL]);
}

ArcTool
arc_solve_view_get_tool (ArcSolveView *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE_VIEW (self), ARC_TOOL_EDIT);
  return self->tool;
}

/* The eyedropper: takes the colour of a cell, without filling anything */
void
arc_solve_view_pick_colour (ArcSolveView  *self,
                            const ArcGrid *grid,
                            int            row,
                            int            col)
{
  if (!arc_grid_contains (grid, row, col))
    return;
  arc_solve_view_set_picking (self, FALSE);
  if (self->colour != arc_grid_get (grid, row, col))
    {
      self->colour = arc_grid_get (grid, row, col);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COLOUR]);
    }
}

/* Gestures */

static gboolean
cell_of (GtkWidget *view,
         double     x,
         double     y,
         int       *row,
         int       *col)
{
  return arc_grid_view_cell_at (ARC_GRID_VIEW (view), x, y, row, col);
}

static void
drag_begin_cb (GtkGestureDrag *gesture,
               double          x,
               double          y,
               ArcSolveView   *self)
{
  GtkWidget *view = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  gboolean on_input = view == self->input_view;

  self->drag_view = view;
  self->drag_moving = FALSE;
  self->drag_adding = FALSE;
  if (self->solve == NULL || !cell_of (view, x, y, &self->drag_row, &self->drag_col))
    {
      self->drag_row = -1;
      return;
    }
  if (!on_input)
    gtk_widget_grab_focus (self->output_view);
  if ((state & GDK_CONTROL_MASK) && !self->picking)
    {
      /* Ctrl, whatever the tool: the cell is added to the grid's selection
       * (or taken away); dragged, a rectangle is added */
      self->drag_adding = TRUE;
      self->drag_grew = FALSE;
      if (on_input)
        self->drag_base = self->input_selection;
      else
        arc_solve_get_selected_cells (self->solve, &self->drag_base);
      arc_solve_view_grow_selection (self, on_input, &self->drag_base, self->drag_row, self->drag_col,
                                     self->drag_row, self->drag_col, TRUE);
      return;
    }
  if (!on_input && in_selection (self, self->drag_row, self->drag_col))
    {
      /* The moves of one drag are one step of undo */
      self->drag_moving = TRUE;
      arc_solve_begin_stroke (self->solve);
      return;
    }
  if (!on_input && self->tool == ARC_TOOL_EDIT && !self->picking)
    arc_solve_begin_stroke (self->solve);
  self->paint_row = self->drag_row;
  self->paint_col = self->drag_col;
  arc_solve_view_click_cell (self, on_input, self->drag_row, self->drag_col, self->drag_row, self->drag_col);
}

static void
drag_update_cb (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                ArcSolveView   *self)
{
  gboolean on_input = self->drag_view == self->input_view;
  double x, y;
  int row, col;

  if (self->drag_row < 0 || (self->tool == ARC_TOOL_FILL && !self->drag_adding) || self->picking)
    return;
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  if (!cell_of (self->drag_view, x + dx, y + dy, &row, &col))
    {
      /* (off the grid: back on it, the pencil goes on from there, not
       * along a line it never took) */
      self->paint_row = -1;
      return;
    }
  if (self->drag_adding)
    {
      /* Off its first cell, the drag adds the rectangle it spans */
      self->drag_grew = self->drag_grew || row != self->drag_row || col != self->drag_col;
      if (self->drag_grew)
        arc_solve_view_grow_selection (self, on_input, &self->drag_base, self->drag_row, self->drag_col, row, col,
                                       FALSE);
      return;
    }
  if (self->drag_moving)
    {
      /* Down or up, then across: a move that would take it off the grid
       * wholly is refused, and the cell it was taken from stays */
      if (row != self->drag_row && arc_solve_move (self->solve, row - self->drag_row, 0))
        self->drag_row = row;
      if (col != self->drag_col && arc_solve_move (self->solve, 0, col - self->drag_col))
        self->drag_col = col;
      /* The keyboard's cursor travels with it, under the pointer */
      self->cursor_row = self->drag_row;
      self->cursor_col = self->drag_col;
      arc_solve_view_sync (self);
      return;
    }
  if (self->tool == ARC_TOOL_SELECT)
    arc_solve_view_click_cell (self, on_input, self->drag_row, self->drag_col, row, col);
  else if (!on_input)
    arc_solve_view_paint_to (self, row, col);
}

static void
drag_end_cb (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             ArcSolveView   *self)
{
  self->drag_moving = FALSE;
  self->drag_adding = FALSE;
  if (self->solve)
    arc_solve_end_stroke (self->solve);
}

static void
secondary_click_cb (GtkGestureClick *gesture,
                    int              n_press,
                    double           x,
                    double           y,
                    ArcSolveView    *self)
{
  GtkWidget *view = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  int row, col;

  /* Right-click: the grid's menu (the eyedropper, copy as JSON), on either grid */
  if (self->solve && cell_of (view, x, y, &row, &col))
    arc_solve_view_popup_grid_menu (self, view, row, col, x, y);
}

/**
 * arc_solve_view_show_toast:
 * A message in the window's toast overlay, if there is one. It replaces
 * the view's previous message (copying twice says so once); an @urgent one
 * (something did not happen) shows at once, before the window's others.
 */
void
arc_solve_view_show_toast (ArcSolveView *self,
                           const char   *message,
                           gboolean      urgent)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);
  AdwToast *toast;

  if (overlay == NULL)
    return;
  if (self->toast)
    adw_toast_dismiss (self->toast);
  toast = adw_toast_new (message);
  if (urgent)
    adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  g_set_object (&self->toast, toast);
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
}

static void
add_gestures (ArcSolveView *self,
              GtkWidget    *view)
{
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end_cb), self);
  gtk_widget_add_controller (view, GTK_EVENT_CONTROLLER (drag));
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect (click, "pressed", G_CALLBACK (secondary_click_cb), self);
  gtk_widget_add_controller (view, GTK_EVENT_CONTROLLER (click));
}

/* The cursor shows while the output grid has the focus */
static void
focus_changed_cb (ArcSolveView *self)
{
  arc_solve_view_sync (self);
}

/* Enter resizes; done, the keys are the grid's again (a colour's digit
 * had gone on the field's text) */
static void
size_entry_activate_cb (GtkEntry     *entry,
                        ArcSolveView *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "solve.resize", NULL);
  if (!gtk_widget_has_css_class (self->size_entry, "error"))
    gtk_widget_grab_focus (self->output_view);
}

/* Public */

/**
 * arc_solve_view_set_solve:
 * Shows @solve (or nothing).
 */
void
arc_solve_view_set_solve (ArcSolveView *self,
                          ArcSolve     *solve)
{
  g_return_if_fail (ARC_IS_SOLVE_VIEW (self));
  g_return_if_fail (solve == NULL || ARC_IS_SOLVE (solve));

  if (self->solve == solve)
    return;
  g_set_object (&self->solve, solve);  /* solve_signals follow the property */
  self->cursor_row = self->cursor_col = 0;
  arc_cells_clear (&self->input_selection);
  self->copy_from_input = FALSE;
  arc_solve_view_clear_marks (self);
  if (solve)
    {
      arc_solve_view_sync (self);
      arc_solve_view_reset_size_field (self);
      show_state (self);
    }
  arc_solve_view_update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOLVE]);
}

ArcSolve *
arc_solve_view_get_solve (ArcSolveView *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE_VIEW (self), NULL);
  return self->solve;
}

/**
 * arc_solve_view_set_settings:
 * The application's settings: the grids follow the view preferences, and
 * show-diff is read when an answer is submitted.
 */
void
arc_solve_view_set_settings (ArcSolveView *self,
                             GSettings    *settings)
{
  g_return_if_fail (ARC_IS_SOLVE_VIEW (self));
  g_return_if_fail (settings == NULL || G_IS_SETTINGS (settings));

  if (!g_set_object (&self->settings, settings))
    return;
  if (settings)
    {
      /* Every grid of the workspace, the swatches too, draws as the preferences say */
      GtkWidget *palettes[] = { self->palette_start, self->palette_end };

      arc_view_options_bind (settings, self->input_view);
      arc_view_options_bind (settings, self->output_view);
      for (gsize i = 0; i < G_N_ELEMENTS (palettes); i++)
        for (GtkWidget *b = gtk_widget_get_first_child (palettes[i]); b; b = gtk_widget_get_next_sibling (b))
          if (ARC_IS_GRID_VIEW (gtk_button_get_child (GTK_BUTTON (b))))
            arc_view_options_bind (settings, gtk_button_get_child (GTK_BUTTON (b)));
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SETTINGS]);
}

/**
 * arc_solve_view_offer_colour:
 * A cell of @colour was clicked elsewhere (a train grid): taken when
 * picking a colour, or always with @force.
 *
 * Returns: %TRUE if the colour was taken
 */
gboolean
arc_solve_view_offer_colour (ArcSolveView *self,
                             int           colour,
                             gboolean      force)
{
  g_autoptr(ArcGrid) one = NULL;

  g_return_val_if_fail (ARC_IS_SOLVE_VIEW (self), FALSE);

  if (colour < 0 || colour >= ARC_N_COLOURS || (!force && !self->picking))
    return FALSE;
  one = arc_grid_new (1, 1);
  arc_grid_set (one, 0, 0, (guint8) colour);
  arc_solve_view_pick_colour (self, one, 0, 0);
  return TRUE;
}

const char *
arc_solve_view_get_verdict (ArcSolveView *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE_VIEW (self), NULL);
  return self->verdict_text;
}

/**
 * arc_solve_view_set_verdict_only:
 * @verdict_only: a build from a description: a wrong answer says only
 *   that it is wrong, neither its size nor its cells (LARC's builders were
 *   told right or wrong), and a right one that the build is right (builds
 *   do not count as solving the task)
 */
void
arc_solve_view_set_verdict_only (ArcSolveView *self,
                                 gboolean      verdict_only)
{
  g_return_if_fail (ARC_IS_SOLVE_VIEW (self));
  self->verdict_only = verdict_only;
}

GtkWidget *
arc_solve_view_get_output_view (ArcSolveView *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE_VIEW (self), NULL);
  return self->output_view;
}

GtkWidget *
arc_solve_view_get_input_view (ArcSolveView *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE_VIEW (self), NULL);
  return self->input_view;
}

static void
arc_solve_view_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  ArcSolveView *self = ARC_SOLVE_VIEW (object);

  switch (prop_id)
    {
    case PROP_SOLVE:
      g_value_set_object (value, self->solve);
      break;
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    case PROP_COLOUR:
      g_value_set_int (value, self->colour);
      break;
    case PROP_TOOL:
      g_value_set_enum (value, self->tool);
      break;
    case PROP_PICKING:
      g_value_set_boolean (value, self->picking);
      break;
    case PROP_EDITING:
      g_value_set_boolean (value, self->history != NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arc_solve_view_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  ArcSolveView *self = ARC_SOLVE_VIEW (object);

  switch (prop_id)
    {
    case PROP_SOLVE:
      arc_solve_view_set_solve (self, g_value_get_object (value));
      break;
    case PROP_SETTINGS:
      arc_solve_view_set_settings (self, g_value_get_object (value));
      break;
    case PROP_COLOUR:
      arc_solve_view_set_colour (self, (guint8) g_value_get_int (value));
      break;
    case PROP_TOOL:
      arc_solve_view_set_tool (self, g_value_get_enum (value));
      break;
    case PROP_PICKING:
      arc_solve_view_set_picking (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/**
 * arc_solve_view_set_edit:
 * @history: (nullable): the task being edited, or %NULL to solve again
 * @title: what is edited ("Train pair 2 · Output")
 * @input_name: the name of the grid shown beside it
 * @output_name: the name of the grid edited
 * @beside: what the grid shown beside the one edited is: its input (the
 *   input comes first, left or above), its output or itself as it was (the
 *   grid edited comes first)
 *
 * Makes the view an editor of one grid of @history's task: undo and redo
 * act on @history; nothing is submitted. Set the workspace after this.
 * (arc-solve-view-edit.c)
 */
void
arc_solve_view_set_edit (ArcSolveView *self,
                         ArcTaskEdit  *history,
                         const char   *title,
                         const char   *input_name,
                         const char   *output_name,
                         ArcEditBeside beside)
{
  gboolean was_editing;

  g_return_if_fail (ARC_IS_SOLVE_VIEW (self));
  g_return_if_fail (history == NULL || ARC_IS_TASK_EDIT (history));

  was_editing = self->history != NULL;
  if (arc_solve_view_edit_set (self, history, title, input_name, output_name, beside) && history)
    {
      g_signal_connect_swapped (history, "notify::can-undo", G_CALLBACK (arc_solve_view_update_actions), self);
      g_signal_connect_swapped (history, "notify::can-redo", G_CALLBACK (arc_solve_view_update_actions), self);
    }
  if (was_editing != (history != NULL))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDITING]);
  if (arc_solve_view_update_rooms (self))
    arc_solve_view_zoom_area_changed (self);
  arc_solve_view_update_actions (self);
}

/**
 * arc_solve_view_is_zoomed:
 * Returns: whether the grids are zoomed in their area
 */
gboolean
arc_solve_view_is_zoomed (ArcSolveView *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE_VIEW (self), FALSE);
  return self->grids_held;
}

/**
 * arc_solve_view_zoom:
 * @cell: the grids' cell size, or 0 to fit them to the room they have
 * @x: (in the view) the point to keep where it is, the pointer's; or -1,
 *   with @y, for the middle of the grids' area
 *
 * Zooms the grids in their own area, which scrolls: nothing around them
 * moves (arc-solve-view-zoom.c).
 */
void
arc_solve_view_zoom (ArcSolveView *self,
                     int           cell,
                     double        x,
                     double        y)
{
  g_return_if_fail (ARC_IS_SOLVE_VIEW (self));
  arc_solve_view_zoom_grids (self, cell, x, y);
}

/**
 * arc_solve_view_set_title_widget:
 * @widget: what takes the title's place while editing (the editor's list
 *   of the task's grids)
 */
void
arc_solve_view_set_title_widget (ArcSolveView *self,
                                 GtkWidget    *widget)
{
  g_return_if_fail (ARC_IS_SOLVE_VIEW (self));
  g_return_if_fail (self->title_widget == NULL && gtk_widget_get_parent (widget) == NULL);

  arc_solve_view_edit_title_widget (self, widget);
}

static void
arc_solve_view_dispose (GObject *object)
{
  ArcSolveView *self = ARC_SOLVE_VIEW (object);

  g_clear_object (&self->solve_signals);
  g_clear_object (&self->solve);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->grid_popover, gtk_widget_unparent);
  g_clear_pointer (&self->size_error, gtk_widget_unparent);
  g_clear_object (&self->toast);
  g_clear_handle_id (&self->hold_idle, g_source_remove);
  arc_solve_view_edit_clear (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), ARC_TYPE_SOLVE_VIEW);

  G_OBJECT_CLASS (arc_solve_view_parent_class)->dispose (object);
}

/* A focused button that becomes insensitive (Next test input at the last
 * one) leaves the window without a focus, and the workspace's keys with
 * it: the output grid takes the focus instead */
static void
window_focus_cb (GtkWindow    *window,
                 GParamSpec   *pspec,
                 ArcSolveView *self)
{
  GtkWidget *focus = gtk_window_get_focus (window);

  if (focus == NULL && self->had_focus && gtk_widget_get_mapped (self->output_view))
    {
      gtk_widget_grab_focus (self->output_view);
      return;
    }
  self->had_focus = focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self));
}

static void
arc_solve_view_root (GtkWidget *widget)
{
  GtkRoot *root;

  GTK_WIDGET_CLASS (arc_solve_view_parent_class)->root (widget);
  root = gtk_widget_get_root (widget);
  if (GTK_IS_WINDOW (root))
    g_signal_connect_object (root, "notify::focus-widget", G_CALLBACK (window_focus_cb), widget, 0);
}

static void
arc_solve_view_unroot (GtkWidget *widget)
{
  g_signal_handlers_disconnect_by_func (gtk_widget_get_root (widget), window_focus_cb, widget);
  ARC_SOLVE_VIEW (widget)->had_focus = FALSE;
  GTK_WIDGET_CLASS (arc_solve_view_parent_class)->unroot (widget);
}

static void
arc_solve_view_finalize (GObject *object)
{
  g_free (ARC_SOLVE_VIEW (object)->verdict_text);
  g_free (ARC_SOLVE_VIEW (object)->verdict_short);
  g_clear_pointer (&ARC_SOLVE_VIEW (object)->judged_grid, arc_grid_free);

  G_OBJECT_CLASS (arc_solve_view_parent_class)->finalize (object);
}

static void
arc_solve_view_class_init (ArcSolveViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = arc_solve_view_get_property;
  object_class->set_property = arc_solve_view_set_property;
  object_class->dispose = arc_solve_view_dispose;
  object_class->finalize = arc_solve_view_finalize;
  widget_class->root = arc_solve_view_root;
  widget_class->unroot = arc_solve_view_unroot;

  /**
   * ArcSolveView::submitted:
   * @attempt: (type gpointer): the ArcAttempt just made, to keep
   */
  signals[SUBMITTED] = g_signal_new ("submitted", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                     G_TYPE_NONE, 1, G_TYPE_POINTER);

  properties[PROP_SOLVE] = g_param_spec_object ("solve", NULL, NULL, ARC_TYPE_SOLVE, rw);
  /* The application's settings (show-diff is read on submitting) */
  properties[PROP_SETTINGS] = g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS, rw);
  /* The colour to paint with; the solve.colour action */
  properties[PROP_COLOUR] = g_param_spec_int ("colour", NULL, NULL, 0, ARC_N_COLOURS - 1, 1, rw);
  /* The solve.tool action */
  properties[PROP_TOOL] = g_param_spec_enum ("tool", NULL, NULL, ARC_TYPE_TOOL, ARC_TOOL_EDIT, rw);
  /* A click on a cell takes its colour; the solve.pick-colour action */
  properties[PROP_PICKING] = g_param_spec_boolean ("picking", NULL, NULL, FALSE, rw);
  /* A grid of a task is edited (arc_solve_view_set_edit()) */
  properties[PROP_EDITING] = g_param_spec_boolean ("editing", NULL, NULL, FALSE,
                                                   G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ARC_TYPE_GRID_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/arc-solve-view.ui");
  gtk_widget_class_bind_template_child (widget_class, ArcSolveView, box);
  gtk_widget_class_bind_template_child (widget_class, ArcSolveView, title);
  gtk_widget_class_bind_template_child (widget_class, ArcSolveView, verdict);
  gtk_widget_class_bind_template_child (widget_class, ArcSolveView, save_error_box);
  gtk_widget_class_bind_template_child (widget_class, ArcSolveView, save_error_label);
  gtk_widget_class_bind_template_child (widget_class, ArcSolveView, input_label);
  gtk_widget_class_bind_template_child (widget_class, ArcSolveView, output_label);
  gtk_widget_class_bind_template_child (widget_class, ArcSolveView, input_size);
  gtk_widget_class_bind_template_child (widget_class, ArcSolveView, output_size);
  gtk_widget_class_bind_template_child (widget_class, ArcSolveView, input_view);
  gtk_widget_class_bind_template_child (widget_class, ArcSolveView, output_view);
  gtk_widget_class_bind_template_child (widget_class, ArcSolveView, arrow);
  gtk_widget_class_bind_template_child (widget_class, ArcSolveView, grids);
  gtk_widget_class_bind_template_child (widget_class, ArcSolveView, tools);
  gtk_widget_class_bind_template_child (widget_class, ArcSolveView, body);
  gtk_widget_class_bind_template_child (widget_class, ArcSolveView, size_entry);
  gtk_widget_class_bind_template_child (widget_class, ArcSolveView, palette_start);
  gtk_widget_class_bind_template_child (widget_class, ArcSolveView, palette_end);
  gtk_widget_class_bind_template_child (widget_class, ArcSolveView, grid_menu);
  gtk_widget_class_bind_template_callback (widget_class, size_entry_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, output_hover_cb);

  arc_solve_view_class_add_layout (widget_class);
  arc_solve_view_class_add_hover (widget_class);
  arc_solve_view_class_add_actions (widget_class);

  gtk_widget_class_set_css_name (widget_class, "arc-solve-view");
}

static void
arc_solve_view_init (ArcSolveView *self)
{
  self->colour = 1;
  self->tool = ARC_TOOL_EDIT;
  gtk_widget_init_template (GTK_WIDGET (self));
  self->solve_signals = g_signal_group_new (ARC_TYPE_SOLVE);
  g_signal_group_connect (self->solve_signals, "changed", G_CALLBACK (solve_changed_cb), self);
  g_signal_group_connect (self->solve_signals, "notify", G_CALLBACK (solve_notify_cb), self);
  g_signal_group_connect (self->solve_signals, "notify::current", G_CALLBACK (current_changed_cb), self);
  g_object_bind_property (self, "solve", self->solve_signals, "target", G_BINDING_DEFAULT);

  /* Fitted to the room the window gives the workspace */
  arc_grid_view_set_cell_range (ARC_GRID_VIEW (self->input_view), 3, 40);
  arc_grid_view_set_cell_range (ARC_GRID_VIEW (self->output_view), 3, 40);
  arc_solve_view_init_layout (self);
  arc_solve_view_init_hover (self);
  arc_solve_view_init_zoom (self);
  add_gestures (self, self->input_view);
  add_gestures (self, self->output_view);
  /* (not a focus controller's enter and leave: GTK 4.8 emits them before
   * the grid has the focus, so the cursor did not show) */
  g_signal_connect_swapped (self->output_view, "notify::has-focus", G_CALLBACK (focus_changed_cb), self);
  arc_solve_view_add_shortcuts (self);
  arc_solve_view_update_actions (self);
}

GtkWidget *
arc_solve_view_new (void)
{
  return g_object_new (ARC_TYPE_SOLVE_VIEW, NULL);
}

/**
 * arc_solve_view_cell_for_size:
 * Returns: the cell size the output grid would be drawn at, fitted, were
 *   the workspace given @width × @height (its header and verdict, the
 *   tools below or beside, the input beside or above, as they would be
 *   laid out there), or 0 when nothing is shown
 */
int
arc_solve_view_cell_for_size (ArcSolveView *self,
                              int           width,
                              int           height)
{
  g_return_val_if_fail (ARC_IS_SOLVE_VIEW (self), 0);
  return arc_solve_view_layout_cell_for_size (self, width, height);
}

/* For the actions' file: the signal is the view's */
void
arc_solve_view_emit_submitted (ArcSolveView *self,
                               ArcAttempt   *attempt)
{
  g_signal_emit (self, signals[SUBMITTED], 0, attempt);
}

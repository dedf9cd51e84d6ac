/* arc-solve-view.c: the solve workspace: build the output grid and submit it
 *
 * The current test input beside the output grid being built, with the tool
 * set of the ARC testing interface (resize, copy from input, reset, edit,
 * select on either grid, copy and paste, flood fill, submit) and more: undo
 * and redo, colour keys, an eyedropper, rotate, flip, move and crop of a
 * selection, a keyboard cursor, and the wrong cells of a wrong answer marked.
 *
 * Keys (with the output grid focused): 0-9 colours (filling a selection),
 * D edit, S select, F flood fill, I pick a colour, arrows move the cursor or
 * the selection, Space paints, C/V copy and paste, Delete clears the
 * selection, Escape drops it, Ctrl+Z undo, Ctrl+Shift+Z or Ctrl+Y redo,
 * Ctrl+Enter submits.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-solve-view"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-grid-view.h"
#include "arc-pair-layout.h"
#include "arc-wrap-layout.h"
#include "arc-solve-view.h"

struct _ArcSolveView
{
  GtkWidget     parent_instance;

  GtkWidget    *box;
  GtkWidget    *title;
  GtkWidget    *previous_button;
  GtkWidget    *next_button;
  GtkWidget    *verdict;
  GtkWidget    *input_label;
  GtkWidget    *output_label;
  GtkWidget    *input_view;
  GtkWidget    *output_view;
  GtkWidget    *grids;          /* the two grids, in an ArcPairLayout */
  GtkWidget    *size_entry;
  GtkWidget    *size_error;
  GtkWidget    *swatches[ARC_N_COLOURS];
  GtkWidget    *pick_button;
  GtkWidget    *tool_buttons[3];
  GtkWidget    *selection_buttons[7];
  GtkWidget    *undo_button;
  GtkWidget    *redo_button;

  ArcSolve     *solve;
  guint8        colour;
  ArcTool       tool;
  gboolean      picking;
  int           cursor_row;
  int           cursor_col;
  ArcRect       input_selection;  /* a selection on the input grid, for copying */
  gboolean      copy_from_input;  /* the last selection was made on the input */
  int           drag_row;
  int           drag_col;
  char         *verdict_text;
  gboolean      updating;
};

G_DEFINE_FINAL_TYPE (ArcSolveView, arc_solve_view, GTK_TYPE_WIDGET)

enum {
  SUBMITTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Showing the state */

static void
set_verdict (ArcSolveView *self,
             const char   *text,
             const char   *css_class)
{
  const char *classes[] = { "success", "error", "warning", "dim-label" };

  g_free (self->verdict_text);
  self->verdict_text = g_strdup (text);
  gtk_label_set_text (GTK_LABEL (self->verdict), text);
  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    gtk_widget_remove_css_class (self->verdict, classes[i]);
  if (css_class)
    gtk_widget_add_css_class (self->verdict, css_class);
}

static void
update_state_label (ArcSolveView *self)
{
  guint test = arc_solve_get_current (self->solve);
  guint left = arc_solve_get_trials_left (self->solve, test);
  g_autofree char *text = NULL;

  switch (arc_solve_get_state (self->solve, test))
    {
    case ARC_TEST_SOLVED:
      set_verdict (self, _("Solved ✓"), "success");
      break;
    case ARC_TEST_FAILED:
      set_verdict (self, _("No trials left: this test input is failed. You can go on practising; it does not count."), "error");
      break;
    case ARC_TEST_OPEN:
    default:
      if (arc_solve_get_expected (self->solve) == NULL)
        set_verdict (self, _("The answer is hidden: a submission is recorded, not judged"), "dim-label");
      else
        {
          text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u trial left", "%u trials left", left), left);
          set_verdict (self, text, "dim-label");
        }
      break;
    }
}

static void
sync_from_model (ArcSolveView *self)
{
  const ArcGrid *input, *output;
  g_autofree char *title = NULL;
  g_autofree char *in_label = NULL;
  g_autofree char *out_label = NULL;
  g_autofree char *size = NULL;
  ArcRect sel;
  gboolean has_sel;
  guint test, n;

  if (self->solve == NULL)
    return;
  self->updating = TRUE;
  test = arc_solve_get_current (self->solve);
  n = arc_solve_get_n_tests (self->solve);
  input = arc_solve_get_input (self->solve);
  output = arc_solve_get_output (self->solve);

  title = g_strdup_printf (_("Test input %u of %u"), test + 1, n);
  gtk_label_set_text (GTK_LABEL (self->title), title);
  gtk_widget_set_sensitive (self->previous_button, test > 0);
  gtk_widget_set_sensitive (self->next_button, test + 1 < n);
  arc_grid_view_set_grid (ARC_GRID_VIEW (self->input_view), input);
  arc_grid_view_set_grid (ARC_GRID_VIEW (self->output_view), output);
  in_label = g_strdup_printf (_("Test input · %d×%d"), arc_grid_get_height (input), arc_grid_get_width (input));
  out_label = g_strdup_printf (_("Your output · %d×%d"), arc_grid_get_height (output), arc_grid_get_width (output));
  gtk_label_set_text (GTK_LABEL (self->input_label), in_label);
  gtk_label_set_text (GTK_LABEL (self->output_label), out_label);
  size = g_strdup_printf ("%d×%d", arc_grid_get_height (output), arc_grid_get_width (output));
  if (!gtk_widget_has_focus (self->size_entry) && !gtk_widget_has_focus (gtk_widget_get_first_child (self->size_entry)))
    gtk_editable_set_text (GTK_EDITABLE (self->size_entry), size);

  has_sel = arc_solve_get_selection (self->solve, &sel);
  arc_grid_view_set_selection (ARC_GRID_VIEW (self->output_view), has_sel ? &sel : NULL);
  arc_grid_view_set_selection (ARC_GRID_VIEW (self->input_view),
                               self->input_selection.height > 0 ? &self->input_selection : NULL);
  if (!arc_grid_contains (output, self->cursor_row, self->cursor_col))
    self->cursor_row = self->cursor_col = 0;
  arc_grid_view_set_cursor (ARC_GRID_VIEW (self->output_view),
                            gtk_widget_has_focus (self->output_view) ? self->cursor_row : -1, self->cursor_col);
  for (guint i = 0; i < G_N_ELEMENTS (self->selection_buttons); i++)
    if (i < 5)
      gtk_widget_set_sensitive (self->selection_buttons[i], has_sel);
  gtk_widget_set_sensitive (self->selection_buttons[6], arc_solve_get_clipboard (self->solve) != NULL);
  gtk_widget_set_sensitive (self->undo_button, arc_solve_can_undo (self->solve));
  gtk_widget_set_sensitive (self->redo_button, arc_solve_can_redo (self->solve));
  self->updating = FALSE;
}

static void
solve_changed_cb (ArcSolve     *solve,
                  ArcSolveView *self)
{
  /* A change to the grid makes the wrong-cell marks stale (submit sets
   * them again after this) */
  arc_grid_view_set_expected (ARC_GRID_VIEW (self->output_view), NULL);
  sync_from_model (self);
}

/* Actions */

static void
clear_marks (ArcSolveView *self)
{
  arc_grid_view_set_expected (ARC_GRID_VIEW (self->output_view), NULL);
}

static void
submit (ArcSolveView *self)
{
  g_autoptr(ArcAttempt) attempt = NULL;
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  const ArcGrid *expected;
  const ArcGrid *output;
  guint test;

  if (self->solve == NULL)
    return;
  test = arc_solve_get_current (self->solve);
  attempt = arc_solve_submit (self->solve);
  expected = arc_solve_get_expected (self->solve);
  output = arc_solve_get_output (self->solve);
  g_signal_emit (self, signals[SUBMITTED], 0, attempt);

  switch (attempt->verdict)
    {
    case ARC_VERDICT_CORRECT:
      clear_marks (self);
      if (arc_solve_is_solved (self->solve))
        set_verdict (self, _("Correct! The task is solved ✓"), "success");
      else
        set_verdict (self, _("Correct! This test input is solved ✓"), "success");
      break;
    case ARC_VERDICT_WRONG:
      {
        g_autoptr(GString) text = g_string_new (NULL);
        guint left = arc_solve_get_trials_left (self->solve, test);

        if (!attempt->counts)
          g_string_append (text, _("Wrong (practice, not counted)."));
        else if (left == 0)
          g_string_append (text, _("Wrong. No trials left: this test input is failed."));
        else
          g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "Wrong. %u trial left.", "Wrong. %u trials left.", left), left);
        if (arc_grid_get_height (output) != arc_grid_get_height (expected) ||
            arc_grid_get_width (output) != arc_grid_get_width (expected))
          g_string_append_printf (text, _(" The size is wrong: the answer is not %d×%d."),
                                  arc_grid_get_height (output), arc_grid_get_width (output));
        if (g_settings_get_boolean (settings, "show-diff"))
          {
            guint n = arc_grid_count_differences (output, expected);
            g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, " %u cell is wrong (crossed out).",
                                                       " %u cells are wrong (crossed out).", n), n);
            arc_grid_view_set_expected (ARC_GRID_VIEW (self->output_view), expected);
          }
        set_verdict (self, text->str, "error");
      }
      break;
    case ARC_VERDICT_UNVERIFIED:
    default:
      clear_marks (self);
      set_verdict (self, _("Recorded. The answer is hidden, so it is not judged."), "warning");
      break;
    }
}

static void
copy_selection (ArcSolveView *self)
{
  g_autoptr(ArcGrid) clip = NULL;
  ArcRect sel;

  if (self->copy_from_input && self->input_selection.height > 0)
    {
      clip = arc_grid_copy_rect (arc_solve_get_input (self->solve), &self->input_selection);
      arc_solve_record_copy (self->solve, TRUE, &self->input_selection);
    }
  else if (arc_solve_get_selection (self->solve, &sel))
    {
      clip = arc_grid_copy_rect (arc_solve_get_output (self->solve), &sel);
      arc_solve_record_copy (self->solve, FALSE, &sel);
    }
  if (clip)
    {
      arc_solve_set_clipboard (self->solve, clip);
      sync_from_model (self);
    }
}

static void
paste (ArcSolveView *self)
{
  ArcRect sel;

  /* At the selection's top-left, else at the cursor */
  if (arc_solve_get_selection (self->solve, &sel))
    arc_solve_paste (self->solve, sel.row, sel.col);
  else
    arc_solve_paste (self->solve, self->cursor_row, self->cursor_col);
}

/**
 * arc_solve_view_set_colour:
 * Picks the colour; with a selection on the output grid, fills it.
 */
void
arc_solve_view_set_colour (ArcSolveView *self,
                           guint8        colour)
{
  g_return_if_fail (ARC_IS_SOLVE_VIEW (self));
  g_return_if_fail (colour < ARC_N_COLOURS);

  self->colour = colour;
  self->updating = TRUE;
  for (guint i = 0; i < ARC_N_COLOURS; i++)
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->swatches[i]), i == colour);
  self->updating = FALSE;
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
arc_solve_view_set_tool (ArcSolveView *self,
                         ArcTool       tool)
{
  g_return_if_fail (ARC_IS_SOLVE_VIEW (self));

  self->tool = tool;
  self->picking = FALSE;
  self->updating = TRUE;
  for (guint i = 0; i < 3; i++)
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->tool_buttons[i]), i == tool);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->pick_button), FALSE);
  self->updating = FALSE;
}

ArcTool
arc_solve_view_get_tool (ArcSolveView *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE_VIEW (self), ARC_TOOL_EDIT);
  return self->tool;
}

static void
pick_colour (ArcSolveView  *self,
             const ArcGrid *grid,
             int            row,
             int            col)
{
  if (!arc_grid_contains (grid, row, col))
    return;
  self->picking = FALSE;
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->pick_button), FALSE);
  self->colour = arc_grid_get (grid, row, col);
  self->updating = TRUE;
  for (guint i = 0; i < ARC_N_COLOURS; i++)
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->swatches[i]), i == self->colour);
  self->updating = FALSE;
}

/**
 * arc_solve_view_click_cell:
 * What a press at (@row, @col) dragged to (@to_row, @to_col) does with the
 * current tool, on the input or the output grid (the gestures call it; the
 * tests too).
 */
void
arc_solve_view_click_cell (ArcSolveView *self,
                           gboolean      on_input,
                           int           row,
                           int           col,
                           int           to_row,
                           int           to_col)
{
  ArcRect rect = { MIN (row, to_row), MIN (col, to_col), ABS (to_row - row) + 1, ABS (to_col - col) + 1 };

  g_return_if_fail (ARC_IS_SOLVE_VIEW (self));

  if (self->solve == NULL)
    return;
  if (self->picking)
    {
      pick_colour (self, on_input ? arc_solve_get_input (self->solve) : arc_solve_get_output (self->solve), row, col);
      return;
    }
  if (on_input)
    {
      if (self->tool == ARC_TOOL_SELECT)
        {
          arc_grid_clip_rect (arc_solve_get_input (self->solve), &rect, &self->input_selection);
          self->copy_from_input = TRUE;
          arc_solve_set_selection (self->solve, NULL);
          sync_from_model (self);
        }
      return;
    }
  self->cursor_row = to_row;
  self->cursor_col = to_col;
  switch (self->tool)
    {
    case ARC_TOOL_SELECT:
      self->copy_from_input = FALSE;
      self->input_selection = (ArcRect) { 0, 0, 0, 0 };
      arc_solve_set_selection (self->solve, &rect);
      break;
    case ARC_TOOL_FILL:
      arc_solve_flood_fill (self->solve, row, col, self->colour);
      break;
    case ARC_TOOL_EDIT:
    default:
      arc_solve_paint (self->solve, to_row, to_col, self->colour);
      break;
    }
  sync_from_model (self);
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
  gboolean on_input = view == self->input_view;

  if (!cell_of (view, x, y, &self->drag_row, &self->drag_col))
    {
      self->drag_row = -1;
      return;
    }
  if (!on_input)
    gtk_widget_grab_focus (self->output_view);
  if (!on_input && self->tool == ARC_TOOL_EDIT && !self->picking)
    arc_solve_begin_stroke (self->solve);
  arc_solve_view_click_cell (self, on_input, self->drag_row, self->drag_col, self->drag_row, self->drag_col);
}

static void
drag_update_cb (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                ArcSolveView   *self)
{
  GtkWidget *view = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  gboolean on_input = view == self->input_view;
  double x, y;
  int row, col;

  if (self->drag_row < 0 || self->tool == ARC_TOOL_FILL || self->picking)
    return;
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  if (!cell_of (view, x + dx, y + dy, &row, &col))
    return;
  if (self->tool == ARC_TOOL_SELECT)
    arc_solve_view_click_cell (self, on_input, self->drag_row, self->drag_col, row, col);
  else if (!on_input)
    arc_solve_view_click_cell (self, FALSE, row, col, row, col);
}

static void
drag_end_cb (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             ArcSolveView   *self)
{
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

  /* Right-click: the eyedropper, on either grid */
  if (self->solve && cell_of (view, x, y, &row, &col))
    pick_colour (self, view == self->input_view ? arc_solve_get_input (self->solve)
                                                : arc_solve_get_output (self->solve), row, col);
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

/* Keys */

/**
 * arc_solve_view_key:
 * Handles a key pressed while the output grid has the focus.
 *
 * Returns: %TRUE if it was used
 */
gboolean
arc_solve_view_key (ArcSolveView    *self,
                    guint            keyval,
                    GdkModifierType  state)
{
  gboolean ctrl = (state & GDK_CONTROL_MASK) != 0;
  gboolean shift = (state & GDK_SHIFT_MASK) != 0;
  const ArcGrid *output;
  int dr = 0, dc = 0;

  g_return_val_if_fail (ARC_IS_SOLVE_VIEW (self), FALSE);

  if (self->solve == NULL)
    return FALSE;
  output = arc_solve_get_output (self->solve);
  if (ctrl)
    {
      switch (keyval)
        {
        case GDK_KEY_z: case GDK_KEY_Z:
          clear_marks (self);
          return shift ? arc_solve_redo (self->solve) || TRUE : arc_solve_undo (self->solve) || TRUE;
        case GDK_KEY_y:
          clear_marks (self);
          arc_solve_redo (self->solve);
          return TRUE;
        case GDK_KEY_Return: case GDK_KEY_KP_Enter:
          submit (self);
          return TRUE;
        case GDK_KEY_c:
          copy_selection (self);
          return TRUE;
        case GDK_KEY_v:
          paste (self);
          return TRUE;
        default:
          return FALSE;
        }
    }
  if (keyval >= GDK_KEY_0 && keyval <= GDK_KEY_9)
    {
      arc_solve_view_set_colour (self, (guint8) (keyval - GDK_KEY_0));
      return TRUE;
    }
  if (keyval >= GDK_KEY_KP_0 && keyval <= GDK_KEY_KP_9)
    {
      arc_solve_view_set_colour (self, (guint8) (keyval - GDK_KEY_KP_0));
      return TRUE;
    }
  switch (keyval)
    {
    case GDK_KEY_d: arc_solve_view_set_tool (self, ARC_TOOL_EDIT); return TRUE;
    case GDK_KEY_s: arc_solve_view_set_tool (self, ARC_TOOL_SELECT); return TRUE;
    case GDK_KEY_f: arc_solve_view_set_tool (self, ARC_TOOL_FILL); return TRUE;
    case GDK_KEY_i:
      self->picking = TRUE;
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->pick_button), TRUE);
      return TRUE;
    case GDK_KEY_c: copy_selection (self); return TRUE;
    case GDK_KEY_v: paste (self); return TRUE;
    case GDK_KEY_Delete: case GDK_KEY_BackSpace:
      arc_solve_fill_selection (self->solve, 0);
      return TRUE;
    case GDK_KEY_Escape:
      arc_solve_set_selection (self->solve, NULL);
      self->input_selection = (ArcRect) { 0, 0, 0, 0 };
      sync_from_model (self);
      return TRUE;
    case GDK_KEY_space:
      /* The cursor's cell: paint, or with the fill tool, fill; with select, pick it */
      if (self->picking)
        pick_colour (self, output, self->cursor_row, self->cursor_col);
      else
        arc_solve_view_click_cell (self, FALSE, self->cursor_row, self->cursor_col, self->cursor_row, self->cursor_col);
      return TRUE;
    case GDK_KEY_Up: dr = -1; break;
    case GDK_KEY_Down: dr = 1; break;
    case GDK_KEY_Left: dc = -1; break;
    case GDK_KEY_Right: dc = 1; break;
    default:
      return FALSE;
    }
  /* Arrows: move the selection if there is one, else the cursor */
  if (arc_solve_get_selection (self->solve, NULL) && !shift)
    arc_solve_move (self->solve, dr, dc);
  else
    {
      self->cursor_row = CLAMP (self->cursor_row + dr, 0, arc_grid_get_height (output) - 1);
      self->cursor_col = CLAMP (self->cursor_col + dc, 0, arc_grid_get_width (output) - 1);
      sync_from_model (self);
    }
  return TRUE;
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                ArcSolveView          *self)
{
  return arc_solve_view_key (self, keyval, state & (GDK_CONTROL_MASK | GDK_SHIFT_MASK));
}

static void
focus_changed_cb (ArcSolveView *self)
{
  sync_from_model (self);
}

/* Buttons */

static void
resize_clicked_cb (ArcSolveView *self)
{
  int h, w;

  if (self->solve == NULL)
    return;
  if (!arc_parse_size (gtk_editable_get_text (GTK_EDITABLE (self->size_entry)), &h, &w))
    {
      gtk_label_set_text (GTK_LABEL (self->size_error), _("Type a size like 3×4 or 3x4, each side 1 to 30"));
      gtk_widget_set_visible (self->size_error, TRUE);
      gtk_widget_add_css_class (self->size_entry, "error");
      return;
    }
  gtk_widget_set_visible (self->size_error, FALSE);
  gtk_widget_remove_css_class (self->size_entry, "error");
  clear_marks (self);
  arc_solve_resize (self->solve, h, w);
}

#define BUTTON_CB(name, code) \
  static void name (ArcSolveView *self) { if (self->solve) { clear_marks (self); code; } }

BUTTON_CB (copy_input_cb, arc_solve_copy_from_input (self->solve))
BUTTON_CB (reset_cb, arc_solve_reset (self->solve))
BUTTON_CB (undo_cb, arc_solve_undo (self->solve))
BUTTON_CB (redo_cb, arc_solve_redo (self->solve))
BUTTON_CB (rotate_cw_cb, arc_solve_rotate (self->solve, TRUE))
BUTTON_CB (rotate_ccw_cb, arc_solve_rotate (self->solve, FALSE))
BUTTON_CB (flip_h_cb, arc_solve_flip (self->solve, TRUE))
BUTTON_CB (flip_v_cb, arc_solve_flip (self->solve, FALSE))
BUTTON_CB (crop_cb, arc_solve_crop (self->solve))
BUTTON_CB (copy_cb, copy_selection (self))
BUTTON_CB (paste_cb, paste (self))

static void
submit_cb (ArcSolveView *self)
{
  submit (self);
}

static void
previous_cb (ArcSolveView *self)
{
  if (self->solve && arc_solve_get_current (self->solve) > 0)
    {
      clear_marks (self);
      arc_solve_set_current (self->solve, arc_solve_get_current (self->solve) - 1);
      update_state_label (self);
    }
}

static void
next_cb (ArcSolveView *self)
{
  if (self->solve && arc_solve_get_current (self->solve) + 1 < arc_solve_get_n_tests (self->solve))
    {
      clear_marks (self);
      arc_solve_set_current (self->solve, arc_solve_get_current (self->solve) + 1);
      update_state_label (self);
    }
}

static void
swatch_toggled_cb (GtkToggleButton *button,
                   ArcSolveView    *self)
{
  if (self->updating || !gtk_toggle_button_get_active (button))
    return;
  arc_solve_view_set_colour (self, (guint8) GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "arc-colour")));
}

static void
tool_toggled_cb (GtkToggleButton *button,
                 ArcSolveView    *self)
{
  if (self->updating || !gtk_toggle_button_get_active (button))
    return;
  arc_solve_view_set_tool (self, (ArcTool) GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "arc-tool")));
}

static void
pick_toggled_cb (GtkToggleButton *button,
                 ArcSolveView    *self)
{
  if (!self->updating)
    self->picking = gtk_toggle_button_get_active (button);
}

/* Building */

static GtkWidget *
tool_button (const char *icon,
             const char *label,
             const char *tooltip,
             GCallback   callback,
             gpointer    data)
{
  GtkWidget *button = gtk_button_new ();

  if (icon)
    gtk_button_set_icon_name (GTK_BUTTON (button), icon);
  else
    gtk_button_set_label (GTK_BUTTON (button), label);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  g_signal_connect_swapped (button, "clicked", callback, data);
  return button;
}

static GtkWidget *
grid_column (GtkWidget **label,
             GtkWidget  *view)
{
  GtkWidget *column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);

  *label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (*label), 0);
  gtk_widget_add_css_class (*label, "heading");
  gtk_box_append (GTK_BOX (column), *label);
  gtk_box_append (GTK_BOX (column), view);
  return column;
}

static void
add_group (GtkWidget *flow,
           GtkWidget *group)
{
  gtk_box_append (GTK_BOX (flow), group);
}

static void
build (ArcSolveView *self)
{
  GtkWidget *header, *grids, *row, *palette, *tools, *arrow, *flow;
  const char *tool_names[] = { N_("Edit"), N_("Select"), N_("Flood fill") };
  const char *tool_tips[] = { N_("Edit: click or drag to paint (D)"), N_("Select: drag a rectangle on either grid (S)"),
                              N_("Flood fill: fill the area of one colour (F)") };

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  /* Which test input, and how it stands */
  header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->title = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->title, "title-4");
  self->previous_button = tool_button ("go-previous-symbolic", _("Previous test input"), _("Previous test input"),
                                       G_CALLBACK (previous_cb), self);
  self->next_button = tool_button ("go-next-symbolic", _("Next test input"), _("Next test input"),
                                   G_CALLBACK (next_cb), self);
  gtk_box_append (GTK_BOX (header), self->title);
  gtk_box_append (GTK_BOX (header), self->previous_button);
  gtk_box_append (GTK_BOX (header), self->next_button);
  gtk_box_append (GTK_BOX (self->box), header);
  self->verdict = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->verdict), 0);
  gtk_label_set_wrap (GTK_LABEL (self->verdict), TRUE);
  gtk_widget_add_css_class (self->verdict, "title-4");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->verdict), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Verdict"), -1);
  gtk_box_append (GTK_BOX (self->box), self->verdict);

  /* The grids */
  /* Side by side, or one above the other when the window is too narrow */
  grids = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_set_layout_manager (grids, arc_pair_layout_new (16));
  self->input_view = arc_grid_view_new ();
  self->output_view = arc_grid_view_new ();
  arc_grid_view_set_cell_range (ARC_GRID_VIEW (self->input_view), 8, 28);
  arc_grid_view_set_cell_range (ARC_GRID_VIEW (self->output_view), 8, 28);
  gtk_widget_set_focusable (self->output_view, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->input_view), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Test input"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->output_view), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Output grid"), -1);
  add_gestures (self, self->input_view);
  add_gestures (self, self->output_view);
  arrow = gtk_image_new_from_icon_name ("go-next-symbolic");
  gtk_widget_set_valign (arrow, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (arrow, "pair-arrow");
  gtk_box_append (GTK_BOX (grids), grid_column (&self->input_label, self->input_view));
  gtk_box_append (GTK_BOX (grids), arrow);
  gtk_box_append (GTK_BOX (grids), grid_column (&self->output_label, self->output_view));
  self->grids = grids;
  gtk_box_append (GTK_BOX (self->box), grids);

  /* The tools, in groups that wrap to the width there is */
  flow = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_set_layout_manager (flow, arc_wrap_layout_new (12, 6));

  /* Size, copy, reset, undo, redo, submit */
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->size_entry = gtk_entry_new ();
  gtk_editable_set_width_chars (GTK_EDITABLE (self->size_entry), 6);
  gtk_widget_set_tooltip_text (self->size_entry, _("Output size, e.g. 3×4"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->size_entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Output size"), -1);
  g_signal_connect_swapped (self->size_entry, "activate", G_CALLBACK (resize_clicked_cb), self);
  gtk_box_append (GTK_BOX (row), self->size_entry);
  gtk_box_append (GTK_BOX (row), tool_button (NULL, _("Resize"), _("Resize the output grid, keeping its top-left"), G_CALLBACK (resize_clicked_cb), self));
  add_group (flow, row);
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (row), tool_button (NULL, _("Copy from input"), _("Copy the test input into the output grid"), G_CALLBACK (copy_input_cb), self));
  gtk_box_append (GTK_BOX (row), tool_button (NULL, _("Reset grid"), _("Set every cell to 0"), G_CALLBACK (reset_cb), self));
  self->undo_button = tool_button ("edit-undo-symbolic", _("Undo"), _("Undo (Ctrl+Z)"), G_CALLBACK (undo_cb), self);
  self->redo_button = tool_button ("edit-redo-symbolic", _("Redo"), _("Redo (Ctrl+Shift+Z)"), G_CALLBACK (redo_cb), self);
  add_group (flow, row);
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (row), self->undo_button);
  gtk_box_append (GTK_BOX (row), self->redo_button);
  {
    GtkWidget *submit_button = tool_button (NULL, _("Submit"), _("Check the answer (Ctrl+Enter)"), G_CALLBACK (submit_cb), self);
    gtk_widget_add_css_class (submit_button, "suggested-action");
    gtk_box_append (GTK_BOX (row), submit_button);
  }
  add_group (flow, row);
  self->size_error = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->size_error, "error");
  gtk_label_set_xalign (GTK_LABEL (self->size_error), 0);
  gtk_widget_set_visible (self->size_error, FALSE);

  /* The palette, in two halves that sit side by side or, in a narrow
   * window, one above the other */
  palette = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  for (guint i = 0; i < ARC_N_COLOURS; i++)
    {
      if (i == ARC_N_COLOURS / 2)
        {
          add_group (flow, palette);
          palette = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
        }
      g_autoptr(ArcGrid) one = arc_grid_new (1, 1);
      GtkWidget *swatch = arc_grid_view_new ();
      g_autofree char *label = g_strdup_printf (_("Colour %u"), i);
      g_autofree char *tip = g_strdup_printf (_("Colour %u, %s (key %u)"), i, arc_colour_get_name ((guint8) i), i);

      arc_grid_set (one, 0, 0, (guint8) i);
      arc_grid_view_set_grid (ARC_GRID_VIEW (swatch), one);
      gtk_widget_set_size_request (swatch, 22, 22);
      self->swatches[i] = gtk_toggle_button_new ();
      gtk_button_set_child (GTK_BUTTON (self->swatches[i]), swatch);
      gtk_widget_set_tooltip_text (self->swatches[i], tip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->swatches[i]), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      gtk_widget_add_css_class (self->swatches[i], "swatch");
      if (i > 0)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (self->swatches[i]), GTK_TOGGLE_BUTTON (self->swatches[0]));
      g_object_set_data (G_OBJECT (self->swatches[i]), "arc-colour", GUINT_TO_POINTER (i));
      g_signal_connect (self->swatches[i], "toggled", G_CALLBACK (swatch_toggled_cb), self);
      gtk_box_append (GTK_BOX (palette), self->swatches[i]);
    }
  self->pick_button = gtk_toggle_button_new ();
  gtk_button_set_icon_name (GTK_BUTTON (self->pick_button), "color-select-symbolic");
  gtk_widget_set_tooltip_text (self->pick_button, _("Pick colour from a grid (I, or right-click a cell)"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->pick_button), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Pick colour"), -1);
  g_signal_connect (self->pick_button, "toggled", G_CALLBACK (pick_toggled_cb), self);
  gtk_box_append (GTK_BOX (palette), self->pick_button);
  add_group (flow, palette);

  /* Tools and what a selection can do */
  tools = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  for (guint i = 0; i < 3; i++)
    {
      self->tool_buttons[i] = gtk_toggle_button_new_with_label (_(tool_names[i]));
      gtk_widget_set_tooltip_text (self->tool_buttons[i], _(tool_tips[i]));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->tool_buttons[i]), GTK_ACCESSIBLE_PROPERTY_LABEL, _(tool_names[i]), -1);
      if (i > 0)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (self->tool_buttons[i]), GTK_TOGGLE_BUTTON (self->tool_buttons[0]));
      g_object_set_data (G_OBJECT (self->tool_buttons[i]), "arc-tool", GUINT_TO_POINTER (i));
      g_signal_connect (self->tool_buttons[i], "toggled", G_CALLBACK (tool_toggled_cb), self);
      gtk_box_append (GTK_BOX (tools), self->tool_buttons[i]);
    }
  add_group (flow, tools);
  tools = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  self->selection_buttons[0] = tool_button ("object-rotate-right-symbolic", _("Rotate clockwise"), _("Rotate the selection clockwise"), G_CALLBACK (rotate_cw_cb), self);
  self->selection_buttons[1] = tool_button ("object-rotate-left-symbolic", _("Rotate counter-clockwise"), _("Rotate the selection counter-clockwise"), G_CALLBACK (rotate_ccw_cb), self);
  self->selection_buttons[2] = tool_button ("object-flip-horizontal-symbolic", _("Flip horizontally"), _("Flip the selection left to right"), G_CALLBACK (flip_h_cb), self);
  self->selection_buttons[3] = tool_button ("object-flip-vertical-symbolic", _("Flip vertically"), _("Flip the selection top to bottom"), G_CALLBACK (flip_v_cb), self);
  self->selection_buttons[4] = tool_button (NULL, _("Crop to selection"), _("Make the selection the whole output grid"), G_CALLBACK (crop_cb), self);
  self->selection_buttons[5] = tool_button ("edit-copy-symbolic", _("Copy"), _("Copy the selected cells of either grid (C)"), G_CALLBACK (copy_cb), self);
  self->selection_buttons[6] = tool_button ("edit-paste-symbolic", _("Paste"), _("Paste at the selection or the cursor (V)"), G_CALLBACK (paste_cb), self);
  /* Turning and flipping; then cropping and the clipboard */
  for (guint i = 0; i < G_N_ELEMENTS (self->selection_buttons); i++)
    {
      if (i == 4)
        {
          add_group (flow, tools);
          tools = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
        }
      gtk_box_append (GTK_BOX (tools), self->selection_buttons[i]);
    }
  add_group (flow, tools);
  gtk_box_append (GTK_BOX (self->box), flow);
  gtk_box_append (GTK_BOX (self->box), self->size_error);

  {
    GtkEventController *keys = gtk_event_controller_key_new ();
    GtkEventController *focus = gtk_event_controller_focus_new ();

    g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
    gtk_widget_add_controller (self->output_view, keys);
    g_signal_connect_swapped (focus, "enter", G_CALLBACK (focus_changed_cb), self);
    g_signal_connect_swapped (focus, "leave", G_CALLBACK (focus_changed_cb), self);
    gtk_widget_add_controller (self->output_view, focus);
  }
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

  if (self->solve)
    g_signal_handlers_disconnect_by_func (self->solve, solve_changed_cb, self);
  g_set_object (&self->solve, solve);
  self->cursor_row = self->cursor_col = 0;
  self->input_selection = (ArcRect) { 0, 0, 0, 0 };
  self->copy_from_input = FALSE;
  clear_marks (self);
  if (solve)
    {
      g_signal_connect (solve, "changed", G_CALLBACK (solve_changed_cb), self);
      sync_from_model (self);
      update_state_label (self);
    }
  gtk_widget_set_visible (self->box, solve != NULL);
}

ArcSolve *
arc_solve_view_get_solve (ArcSolveView *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE_VIEW (self), NULL);
  return self->solve;
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
  g_return_val_if_fail (ARC_IS_SOLVE_VIEW (self), FALSE);

  if (colour < 0 || colour >= ARC_N_COLOURS || (!force && !self->picking))
    return FALSE;
  {
    g_autoptr(ArcGrid) one = arc_grid_new (1, 1);

    arc_grid_set (one, 0, 0, (guint8) colour);
    pick_colour (self, one, 0, 0);
  }
  return TRUE;
}

/**
 * arc_solve_view_submit:
 * Submits the output grid, as the Submit button does.
 */
void
arc_solve_view_submit (ArcSolveView *self)
{
  g_return_if_fail (ARC_IS_SOLVE_VIEW (self));
  submit (self);
}

/**
 * arc_solve_view_undo:
 * @redo: redo instead
 */
void
arc_solve_view_undo (ArcSolveView *self,
                     gboolean      redo)
{
  g_return_if_fail (ARC_IS_SOLVE_VIEW (self));

  if (self->solve == NULL)
    return;
  clear_marks (self);
  if (redo)
    arc_solve_redo (self->solve);
  else
    arc_solve_undo (self->solve);
}

const char *
arc_solve_view_get_verdict (ArcSolveView *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE_VIEW (self), NULL);
  return self->verdict_text;
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
arc_solve_view_dispose (GObject *object)
{
  ArcSolveView *self = ARC_SOLVE_VIEW (object);

  if (self->solve)
    g_signal_handlers_disconnect_by_func (self->solve, solve_changed_cb, self);
  g_clear_object (&self->solve);
  g_clear_pointer (&self->box, gtk_widget_unparent);

  G_OBJECT_CLASS (arc_solve_view_parent_class)->dispose (object);
}

static void
arc_solve_view_finalize (GObject *object)
{
  g_free (ARC_SOLVE_VIEW (object)->verdict_text);

  G_OBJECT_CLASS (arc_solve_view_parent_class)->finalize (object);
}

static void
arc_solve_view_class_init (ArcSolveViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arc_solve_view_dispose;
  object_class->finalize = arc_solve_view_finalize;

  /**
   * ArcSolveView::submitted:
   * @attempt: (type gpointer): the ArcAttempt just made, to keep
   */
  signals[SUBMITTED] = g_signal_new ("submitted", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                     G_TYPE_NONE, 1, G_TYPE_POINTER);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "arc-solve-view");
}

static void
arc_solve_view_init (ArcSolveView *self)
{
  build (self);
  arc_solve_view_set_tool (self, ARC_TOOL_EDIT);
  arc_solve_view_set_colour (self, 1);
  gtk_widget_set_visible (self->box, FALSE);
}

GtkWidget *
arc_solve_view_new (void)
{
  return g_object_new (ARC_TYPE_SOLVE_VIEW, NULL);
}

/* arc-solve-view-actions.c: the solve view's solve.* actions and its keys,
 * and what a press or a drag on a grid does with the tool in use
 *
 * Every button of the workspace is an action, enabled as the model allows
 * (the ArcSolve's can-undo, can-redo, has-selection, has-clipboard and
 * current properties); the colour, the tool and the eyedropper are the
 * view's properties as stateful actions, so the swatch or tool shown checked
 * is the one in use.
 *
 * Keys are bindings on the view: they work wherever the focus is inside the
 * workspace (the output grid, a swatch, a tool, any button), never while a
 * text field has it (the output size). 0-9 colours (filling a selection),
 * D edit, S select, F flood fill, I pick a colour, arrows move the selection
 * (or, with Shift or without one, the cursor, and the output grid takes
 * the focus to show it; with Shift and the Select tool, the selection
 * grows with the cursor; with Ctrl the cursor alone moves, and with
 * Ctrl+Shift the cells it moves onto join the selection), Space paints the
 * cursor's cell and Ctrl+Space adds it to the selection or takes it away
 * (as Ctrl+click does), Menu or Shift+F10 opens the output grid's menu at
 * the cursor, C/V copy and paste, Delete clears the selection, Escape drops it.
 * Space and Enter on a focused button press that button, as everywhere in
 * GTK; Tab moves the focus (the arrows are the grid's). Ctrl+Z undo,
 * Ctrl+Shift+Z or Ctrl+Y redo, Ctrl+Enter submit and Ctrl+Shift+C/V (the
 * output grid to and from the system's clipboard, as JSON) work from
 * anywhere in the window but a text field.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-solve-view"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-grid-view.h"
#include "arc-solve-view-private.h"

/* Pointing */

/* @cells become the selection of the input grid (@on_input: the one a
 * copy takes, and the output's goes) or of the output grid */
static void
select_on (ArcSolveView   *self,
           gboolean        on_input,
           const ArcCells *cells)
{
  self->copy_from_input = on_input;
  if (on_input)
    {
      self->input_selection = *cells;
      arc_cells_clip_to_grid (&self->input_selection, arc_solve_get_input (self->solve));
      arc_solve_set_selection (self->solve, NULL);
    }
  else
    {
      arc_cells_clear (&self->input_selection);
      arc_solve_set_selected_cells (self->solve, cells);
    }
  arc_solve_view_sync (self);
}

/**
 * arc_solve_view_grow_selection:
 * @base: the grid's selection before (as a Ctrl+drag began)
 *
 * Ctrl+click or Ctrl+drag from (@row, @col) to (@to_row, @to_col), on the
 * input or the output grid: with @toggle, the cell is added to @base or, if
 * in it, taken away; else the rectangle between the two cells is added.
 * Whatever the tool, the selection grows into any shape, which the colours,
 * copy, paste, move, turns, flips and Delete act on.
 */
void
arc_solve_view_grow_selection (ArcSolveView   *self,
                               gboolean        on_input,
                               const ArcCells *base,
                               int             row,
                               int             col,
                               int             to_row,
                               int             to_col,
                               gboolean        toggle)
{
  ArcRect rect = { MIN (row, to_row), MIN (col, to_col), ABS (to_row - row) + 1, ABS (to_col - col) + 1 };
  ArcCells cells = *base;

  if (self->solve == NULL)
    return;
  if (toggle && arc_cells_contains (&cells, row, col))
    arc_cells_remove (&cells, row, col);
  else
    arc_cells_add_rect (&cells, &rect);
  if (!on_input)
    {
      self->cursor_row = to_row;
      self->cursor_col = to_col;
    }
  select_on (self, on_input, &cells);
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
      arc_solve_view_pick_colour (self, on_input ? arc_solve_get_input (self->solve) : arc_solve_get_output (self->solve), row, col);
      return;
    }
  if (on_input)
    {
      if (self->tool == ARC_TOOL_SELECT)
        {
          ArcCells cells;

          arc_cells_set_rect (&cells, &rect);
          select_on (self, TRUE, &cells);
        }
      return;
    }
  self->cursor_row = to_row;
  self->cursor_col = to_col;
  switch (self->tool)
    {
    case ARC_TOOL_SELECT:
      self->copy_from_input = FALSE;
      arc_cells_clear (&self->input_selection);
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
  arc_solve_view_sync (self);
}

/**
 * arc_solve_view_paint_to:
 * The pencil's cells on the line from its last one in the drag
 * (self->paint_row, self->paint_col; none, -1, once the drag left the
 * grid) to (@row, @col): the pointer of a fast stroke skips cells between
 * two of its events, which had left gaps.
 */
void
arc_solve_view_paint_to (ArcSolveView *self,
                         int           row,
                         int           col)
{
  int r = self->paint_row < 0 ? row : self->paint_row, c = self->paint_row < 0 ? col : self->paint_col;
  int rows = ABS (row - r), cols = ABS (col - c), err = cols - rows;

  if (self->paint_row < 0)
    arc_solve_view_click_cell (self, FALSE, row, col, row, col);
  while (r != row || c != col)
    {
      int twice = 2 * err;

      if (twice > -rows)
        {
          err -= rows;
          c += col > c ? 1 : -1;
        }
      if (twice < cols)
        {
          err += cols;
          r += row > r ? 1 : -1;
        }
      arc_solve_view_click_cell (self, FALSE, r, c, r, c);
    }
  self->paint_row = row;
  self->paint_col = col;
}

/* Submitting */

/* A wrong answer (@attempt), or the grid of an earlier one submitted again
 * (%NULL): the trials left, and unless only the verdict is told, a wrong
 * size, or else the wrong cells crossed out */
static void
show_wrong (ArcSolveView     *self,
            const ArcAttempt *attempt,
            guint             test)
{
  const ArcGrid *expected = arc_solve_get_expected (self->solve);
  const ArcGrid *output = arc_solve_get_output (self->solve);
  guint left = arc_solve_get_trials_left (self->solve, test);
  gboolean wrong_size = arc_grid_get_height (output) != arc_grid_get_height (expected) ||
                        arc_grid_get_width (output) != arc_grid_get_width (expected);
  int height = 0, n_wrong = -1;
  g_autofree char *text = NULL;
  g_autoptr(GString) brief = NULL;

  if (self->verdict_only)
    arc_solve_view_clear_marks (self);
  else if (wrong_size)
    {
      height = arc_grid_get_height (output);
      arc_solve_view_clear_marks (self);
    }
  else if (self->settings == NULL || g_settings_get_boolean (self->settings, "show-diff"))
    {
      n_wrong = (int) arc_grid_count_differences (output, expected);
      arc_grid_view_set_expected (ARC_GRID_VIEW (self->output_view), expected);
    }
  if (attempt == NULL)
    {
      text = arc_solve_view_repeat_text (left, height, arc_grid_get_width (output), n_wrong);
      /* (it spends no trial: the trials are the tooltip's) */
      brief = g_string_new (_("Wrong, as before."));
    }
  else
    {
      g_autofree char *trials = arc_solve_view_wrong_text (attempt->counts, left, 0, 0, -1);

      text = arc_solve_view_wrong_text (attempt->counts, left, height, arc_grid_get_width (output), n_wrong);
      /* (the last trial's: the test input is failed, as the title and the list say) */
      brief = g_string_new (!attempt->counts ? _("Wrong, not counted")
                            : left == 0      ? _("Wrong. No trials left.")
                                             : trials);
    }
  arc_solve_view_set_verdict (self, text, "error");
  /* A compact workspace's line: the trials (as the testing interface,
   * right or wrong); the whole, a wrong size or the cells, in its tooltip.
   * (A wrong size named too took a third line in German at 800×600, and
   * the grids moved down.) */
  arc_solve_view_set_verdict_short (self, brief->str);
}

/* What the verdict judged: once the grid differs, the verdict is stale */
static void
keep_judged_grid (ArcSolveView *self)
{
  g_clear_pointer (&self->judged_grid, arc_grid_free);
  self->judged_grid = arc_grid_copy (arc_solve_get_output (self->solve));
}

static void
submit (ArcSolveView *self)
{
  g_autoptr(ArcAttempt) attempt = NULL;
  guint test = arc_solve_get_current (self->solve);

  attempt = arc_solve_submit (self->solve);
  if (attempt == NULL)
    {
      /* The grid of an earlier wrong attempt: nothing submitted */
      show_wrong (self, NULL, test);
      keep_judged_grid (self);
      return;
    }
  arc_solve_view_emit_submitted (self, attempt);
  switch (attempt->verdict)
    {
    case ARC_VERDICT_CORRECT:
      arc_solve_view_clear_marks (self);
      /* After the trials (or once solved) an attempt is practice: it does
       * not solve anything */
      /* (and the few words of each for a compact workspace's label row) */
      if (!attempt->counts)
        {
          arc_solve_view_set_verdict (self, _("Right, but practice: not counted"), "warning");
          arc_solve_view_set_verdict_short (self, _("Right, not counted"));
        }
      else if (self->verdict_only)  /* a build from a description, which solves nothing */
        {
          arc_solve_view_set_verdict (self, _("Right: the build matches the expected output ✓"), "success");
          arc_solve_view_set_verdict_short (self, _("Build right ✓"));
        }
      else
        {
          arc_solve_view_set_verdict (self, arc_solve_is_solved (self->solve) ? _("Correct! The task is solved ✓")
                                                                              : _("Correct! This test input is solved ✓"),
                                      "success");
          arc_solve_view_set_verdict_short (self, _("Correct ✓"));
        }
      break;
    case ARC_VERDICT_WRONG:
      show_wrong (self, attempt, test);
      break;
    case ARC_VERDICT_UNVERIFIED:
    default:
      arc_solve_view_clear_marks (self);
      arc_solve_view_set_verdict (self, _("Recorded. The answer is hidden, so it is not judged."), "warning");
      arc_solve_view_set_verdict_short (self, _("Recorded, not judged"));
      break;
    }
  keep_judged_grid (self);
}

/* The clipboard: cells of the input's selection or of the output's */

static void
copy_selection (ArcSolveView *self)
{
  ArcCells sel;

  /* (only the selected cells: a paste writes them alone) */
  if (self->copy_from_input && !arc_cells_is_empty (&self->input_selection))
    arc_solve_copy_cells (self->solve, TRUE, &self->input_selection);
  else if (arc_solve_get_selected_cells (self->solve, &sel))
    arc_solve_copy_cells (self->solve, FALSE, &sel);
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

/* The system's clipboard: whole grids as JSON, [[…],[…]] */

static void
copy_json (ArcSolveView  *self,
           const ArcGrid *grid,
           const char    *message)
{
  g_autofree char *text = arc_grid_to_string (grid);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  arc_solve_view_show_toast (self, message, FALSE);
}

/* The grid the menu was opened on */
static void
copy_context_json (ArcSolveView *self)
{
  if (self->context_view == self->input_view)
    copy_json (self, arc_solve_get_input (self->solve), _("Test input copied as JSON"));
  else
    copy_json (self, arc_solve_get_output (self->solve), _("Output grid copied as JSON"));
}

static void
use_context_colour (ArcSolveView *self)
{
  arc_solve_view_pick_colour (self, self->context_view == self->input_view ? arc_solve_get_input (self->solve)
                                                                           : arc_solve_get_output (self->solve),
                              self->context_row, self->context_col);
}

static guint export_grid_signal;

/* Export Grid Image…: the window asks where to write it */
static void
export_context_grid (ArcSolveView *self)
{
  g_autofree char *what = NULL;
  const ArcGrid *grid;

  if (self->context_view == NULL)
    return;
  what = arc_solve_view_grid_name (self, self->context_view);
  grid = arc_grid_view_get_grid (ARC_GRID_VIEW (self->context_view));
  if (grid)
    g_signal_emit (self, export_grid_signal, 0, grid, what);
}

/* Menu or Shift+F10: the output grid's menu, at the cursor */
static void
grid_menu (ArcSolveView *self)
{
  double x, y;

  if (arc_grid_view_cell_centre (ARC_GRID_VIEW (self->output_view), self->cursor_row, self->cursor_col, &x, &y))
    arc_solve_view_popup_grid_menu (self, self->output_view, self->cursor_row, self->cursor_col, x, y);
}

static void
paste_text_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(ArcSolveView) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);
  g_autoptr(ArcGrid) grid = NULL;
  g_autofree char *message = NULL;

  if (self->solve == NULL)
    return;
  if (text == NULL)
    {
      arc_solve_view_show_toast (self, _("Nothing pasted: the clipboard holds no text"), TRUE);
      return;
    }
  grid = arc_grid_new_from_text (text, &error);
  if (grid == NULL)
    {
      message = g_strdup_printf (_("Not a grid, not pasted: %s"), error->message);
      arc_solve_view_show_toast (self, message, TRUE);
      return;
    }
  arc_solve_set_output (self->solve, grid);
  message = g_strdup_printf (_("Pasted a %d×%d grid as the output grid"), arc_grid_get_height (grid),
                             arc_grid_get_width (grid));
  arc_solve_view_show_toast (self, message, FALSE);
}

/* Ctrl+Shift+V: a grid as JSON (or a test pair) becomes the output grid, at its size */
static void
paste_json (ArcSolveView *self)
{
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (self)), NULL, paste_text_cb,
                                 g_object_ref (self));
}

static void
resize (ArcSolveView *self)
{
  int h, w;

  if (!arc_parse_size (gtk_editable_get_text (GTK_EDITABLE (self->size_entry)), &h, &w))
    {
      arc_solve_view_say_size_error (self, _("Type a size like 3×4 or 3x4, each side 1 to 30"));
      return;
    }
  arc_solve_view_say_size_error (self, NULL);
  arc_solve_resize (self->solve, h, w);
}

static void
step_test (ArcSolveView *self,
           int           delta)
{
  guint current = arc_solve_get_current (self->solve);

  if ((delta < 0 && current > 0) || (delta > 0 && current + 1 < arc_solve_get_n_tests (self->solve)))
    arc_solve_set_current (self->solve, current + delta);
}

/* Escape: no selection on either grid */
static void
select_none (ArcSolveView *self)
{
  arc_cells_clear (&self->input_selection);
  arc_solve_set_selection (self->solve, NULL);
  arc_solve_view_sync (self);
}

/* Ctrl+Space: the cursor's cell is added to the selection, or taken away */
static void
toggle_cursor_cell (ArcSolveView *self)
{
  ArcCells base;

  arc_solve_get_selected_cells (self->solve, &base);
  arc_solve_view_grow_selection (self, FALSE, &base, self->cursor_row, self->cursor_col, self->cursor_row,
                                 self->cursor_col, TRUE);
}

/* Space: the cursor's cell is painted, filled, picked or selected, as the tool says */
static void
use_cursor (ArcSolveView *self)
{
  if (self->picking)
    arc_solve_view_pick_colour (self, arc_solve_get_output (self->solve), self->cursor_row, self->cursor_col);
  else
    arc_solve_view_click_cell (self, FALSE, self->cursor_row, self->cursor_col, self->cursor_row, self->cursor_col);
}

/* The corner of @sel farthest from the cursor: where a selection grown
 * from the keyboard is anchored */
static void
far_corner (ArcSolveView  *self,
            const ArcRect *sel,
            int           *row,
            int           *col)
{
  int bottom = sel->row + sel->height - 1, right = sel->col + sel->width - 1;

  *row = ABS (self->cursor_row - sel->row) > ABS (self->cursor_row - bottom) ? sel->row : bottom;
  *col = ABS (self->cursor_col - sel->col) > ABS (self->cursor_col - right) ? sel->col : right;
}

typedef enum
{
  MOVE_SELECTION,  /* arrows: the selection if there is one, else the cursor */
  MOVE_CURSOR,     /* Shift: the cursor; with the Select tool, a rectangle selected */
  STEP_CURSOR,     /* Ctrl: the cursor alone, the selection as it is */
  GROW_CURSOR,     /* Ctrl+Shift: the cursor, and its new cell added to the selection */
} MoveMode;

/* Arrows: move the selection if there is one (@mode MOVE_SELECTION), else
 * the cursor. With Shift (MOVE_CURSOR) and the Select tool, the selection
 * grows or shrinks with the cursor, from its far corner (from the cursor's
 * cell, without one): a rectangle selected with keys, as in a spreadsheet.
 * With Ctrl the cursor alone moves, to a cell Ctrl+Space adds; with
 * Ctrl+Shift the cells it moves onto are added (and the one it leaves, to
 * begin a selection), whatever the tool. */
static void
move (ArcSolveView *self,
      GVariant     *param,
      MoveMode      mode)
{
  const ArcGrid *output;
  gboolean extend = mode == MOVE_CURSOR && self->tool == ARC_TOOL_SELECT && !self->picking;
  ArcRect sel;
  ArcCells grown;
  int dr, dc, anchor_row = self->cursor_row, anchor_col = self->cursor_col;

  arc_cells_clear (&grown);
  g_variant_get (param, "(ii)", &dr, &dc);
  /* The cursor travels with the selection it is on */
  if (mode == MOVE_SELECTION && arc_solve_get_selection (self->solve, NULL) && !arc_solve_move (self->solve, dr, dc))
    return;
  if (extend && arc_solve_get_selection (self->solve, &sel))
    far_corner (self, &sel, &anchor_row, &anchor_col);
  if (mode == GROW_CURSOR && !arc_solve_get_selected_cells (self->solve, &grown))
    arc_cells_add (&grown, self->cursor_row, self->cursor_col);
  output = arc_solve_get_output (self->solve);  /* a move makes a new grid */
  self->cursor_row = CLAMP (self->cursor_row + dr, 0, arc_grid_get_height (output) - 1);
  self->cursor_col = CLAMP (self->cursor_col + dc, 0, arc_grid_get_width (output) - 1);
  /* From a swatch or a tool: the output grid takes the focus, so that the
   * cursor shows where it went and Space paints there */
  if (!gtk_widget_has_focus (self->output_view))
    gtk_widget_grab_focus (self->output_view);
  if (extend)  /* as a drag with the Select tool from the anchor to the cursor */
    arc_solve_view_click_cell (self, FALSE, anchor_row, anchor_col, self->cursor_row, self->cursor_col);
  else if (mode == GROW_CURSOR)
    arc_solve_view_grow_selection (self, FALSE, &grown, self->cursor_row, self->cursor_col, self->cursor_row,
                                   self->cursor_col, FALSE);
  else
    arc_solve_view_sync (self);
}

/* Each action does nothing without a task (a change of the grid drops the
 * marks of a wrong answer: solve_changed_cb) */
#define SOLVE_ACTION(name, code) \
  static void \
  name (GtkWidget  *widget, \
        const char *action_name, \
        GVariant   *param) \
  { \
    ArcSolveView *self = ARC_SOLVE_VIEW (widget); \
    if (self->solve == NULL) \
      return; \
    code; \
  }

/* While a task is edited, its history is the one undone */
SOLVE_ACTION (undo_action, self->history ? arc_task_edit_undo (self->history) : arc_solve_undo (self->solve))
SOLVE_ACTION (redo_action, self->history ? arc_task_edit_redo (self->history) : arc_solve_redo (self->solve))
SOLVE_ACTION (submit_action, submit (self))
SOLVE_ACTION (copy_action, copy_selection (self))
SOLVE_ACTION (paste_action, paste (self))
SOLVE_ACTION (rotate_cw_action, arc_solve_rotate (self->solve, TRUE))
SOLVE_ACTION (rotate_ccw_action, arc_solve_rotate (self->solve, FALSE))
SOLVE_ACTION (flip_h_action, arc_solve_flip (self->solve, TRUE))
SOLVE_ACTION (flip_v_action, arc_solve_flip (self->solve, FALSE))
SOLVE_ACTION (crop_action, arc_solve_crop (self->solve))
SOLVE_ACTION (resize_action, resize (self))
SOLVE_ACTION (copy_input_action, arc_solve_copy_from_input (self->solve))
SOLVE_ACTION (reset_action, arc_solve_reset (self->solve))
SOLVE_ACTION (delete_action, arc_solve_fill_selection (self->solve, 0))
SOLVE_ACTION (previous_test_action, step_test (self, -1))
SOLVE_ACTION (next_test_action, step_test (self, 1))
SOLVE_ACTION (select_none_action, select_none (self))
SOLVE_ACTION (use_cursor_action, use_cursor (self))
SOLVE_ACTION (move_action, move (self, param, MOVE_SELECTION))
SOLVE_ACTION (move_cursor_action, move (self, param, MOVE_CURSOR))
SOLVE_ACTION (step_cursor_action, move (self, param, STEP_CURSOR))
SOLVE_ACTION (grow_cursor_action, move (self, param, GROW_CURSOR))
SOLVE_ACTION (toggle_cursor_cell_action, toggle_cursor_cell (self))
SOLVE_ACTION (copy_grid_json_action, copy_context_json (self))
SOLVE_ACTION (use_context_colour_action, use_context_colour (self))
SOLVE_ACTION (export_grid_action, export_context_grid (self))
SOLVE_ACTION (copy_output_json_action, copy_json (self, arc_solve_get_output (self->solve), _("Output grid copied as JSON")))
SOLVE_ACTION (paste_output_json_action, paste_json (self))
SOLVE_ACTION (grid_menu_action, grid_menu (self))

static gboolean
any_selection (ArcSolveView *self)
{
  return self->solve && (arc_solve_get_selection (self->solve, NULL) || !arc_cells_is_empty (&self->input_selection));
}

/**
 * arc_solve_view_update_actions:
 * Enables what can be done now.
 */
void
arc_solve_view_update_actions (ArcSolveView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  ArcSolve *solve = self->solve;
  gboolean any = solve != NULL;
  gboolean selection = any && arc_solve_get_selection (solve, NULL);
  gboolean input_selection = any && self->copy_from_input && !arc_cells_is_empty (&self->input_selection);
  guint current = any ? arc_solve_get_current (solve) : 0;
  const char *always[] = { "solve.submit", "solve.resize", "solve.copy-from-input", "solve.reset",
                           "solve.use-cursor", "solve.move", "solve.move-cursor", "solve.step-cursor",
                           "solve.grow-cursor", "solve.toggle-cursor-cell", "solve.copy-grid-json",
                           "solve.use-context-colour", "solve.copy-output-json", "solve.paste-output-json",
                           "solve.grid-menu", "solve.export-grid" };
  const char *on_selection[] = { "solve.rotate-clockwise", "solve.rotate-counter-clockwise", "solve.flip-horizontally",
                                 "solve.flip-vertically", "solve.crop", "solve.delete" };

  for (guint i = 0; i < G_N_ELEMENTS (always); i++)
    gtk_widget_action_set_enabled (widget, always[i], any);
  for (guint i = 0; i < G_N_ELEMENTS (on_selection); i++)
    gtk_widget_action_set_enabled (widget, on_selection[i], selection);
  gtk_widget_action_set_enabled (widget, "solve.undo",
                                 any && (self->history ? arc_task_edit_can_undo (self->history) : arc_solve_can_undo (solve)));
  gtk_widget_action_set_enabled (widget, "solve.redo",
                                 any && (self->history ? arc_task_edit_can_redo (self->history) : arc_solve_can_redo (solve)));
  gtk_widget_action_set_enabled (widget, "solve.submit", any && self->history == NULL);
  gtk_widget_action_set_enabled (widget, "solve.copy", selection || input_selection);
  gtk_widget_action_set_enabled (widget, "solve.paste", any && arc_solve_get_clipboard (solve) != NULL);
  gtk_widget_action_set_enabled (widget, "solve.select-none", any_selection (self));
  gtk_widget_action_set_enabled (widget, "solve.previous-test", any && current > 0);
  gtk_widget_action_set_enabled (widget, "solve.next-test", any && current + 1 < arc_solve_get_n_tests (solve));
}

/* Keys */

/**
 * arc_widget_typing:
 * Returns: whether the focus of @widget's window is in a text field, which
 *   keeps its keys (the single-key shortcuts of the workspace and the
 *   window give way)
 */
gboolean
arc_widget_typing (GtkWidget *widget)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;

  return focus != NULL && (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT_VIEW (focus));
}

/* A key activates the action in @args, "(smv)": its name and parameter */
static gboolean
key_cb (GtkWidget *widget,
        GVariant  *args,
        gpointer   user_data)
{
  ArcSolveView *self = ARC_SOLVE_VIEW (widget);
  g_autoptr(GVariant) param = NULL;
  const char *action;

  if (self->solve == NULL || !gtk_widget_get_mapped (widget) || arc_widget_typing (widget))
    return FALSE;
  g_variant_get (args, "(&smv)", &action, &param);
  /* With nothing selected, Escape is the window's (it stops a listing) */
  if (g_str_equal (action, "solve.select-none") && !any_selection (self))
    return FALSE;
  gtk_widget_activate_action_variant (widget, action, param);
  return TRUE;
}

static void
bind_key (GtkWidgetClass  *widget_class,
          guint            keyval,
          GdkModifierType  mods,
          const char      *action,
          GVariant        *param)
{
  gtk_widget_class_add_binding (widget_class, keyval, mods, key_cb, "(smv)", action, param);
}

static void
bind_keys (GtkWidgetClass *widget_class)
{
  const struct { guint keyval; int dr, dc; } arrows[] = {
    { GDK_KEY_Up, -1, 0 }, { GDK_KEY_Down, 1, 0 }, { GDK_KEY_Left, 0, -1 }, { GDK_KEY_Right, 0, 1 },
    { GDK_KEY_KP_Up, -1, 0 }, { GDK_KEY_KP_Down, 1, 0 }, { GDK_KEY_KP_Left, 0, -1 }, { GDK_KEY_KP_Right, 0, 1 },
  };

  bind_key (widget_class, GDK_KEY_i, 0, "solve.pick-colour", NULL);
  bind_key (widget_class, GDK_KEY_c, 0, "solve.copy", NULL);
  bind_key (widget_class, GDK_KEY_c, GDK_CONTROL_MASK, "solve.copy", NULL);
  bind_key (widget_class, GDK_KEY_v, 0, "solve.paste", NULL);
  bind_key (widget_class, GDK_KEY_v, GDK_CONTROL_MASK, "solve.paste", NULL);
  bind_key (widget_class, GDK_KEY_Delete, 0, "solve.delete", NULL);
  bind_key (widget_class, GDK_KEY_KP_Delete, 0, "solve.delete", NULL);
  bind_key (widget_class, GDK_KEY_BackSpace, 0, "solve.delete", NULL);
  bind_key (widget_class, GDK_KEY_Escape, 0, "solve.select-none", NULL);
  bind_key (widget_class, GDK_KEY_space, 0, "solve.use-cursor", NULL);
  bind_key (widget_class, GDK_KEY_Menu, 0, "solve.grid-menu", NULL);
  bind_key (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK, "solve.grid-menu", NULL);
  bind_key (widget_class, GDK_KEY_KP_Space, 0, "solve.use-cursor", NULL);
  bind_key (widget_class, GDK_KEY_space, GDK_CONTROL_MASK, "solve.toggle-cursor-cell", NULL);
  bind_key (widget_class, GDK_KEY_KP_Space, GDK_CONTROL_MASK, "solve.toggle-cursor-cell", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (arrows); i++)
    {
      bind_key (widget_class, arrows[i].keyval, 0, "solve.move", g_variant_new ("(ii)", arrows[i].dr, arrows[i].dc));
      bind_key (widget_class, arrows[i].keyval, GDK_SHIFT_MASK, "solve.move-cursor",
                g_variant_new ("(ii)", arrows[i].dr, arrows[i].dc));
      bind_key (widget_class, arrows[i].keyval, GDK_CONTROL_MASK, "solve.step-cursor",
                g_variant_new ("(ii)", arrows[i].dr, arrows[i].dc));
      bind_key (widget_class, arrows[i].keyval, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "solve.grow-cursor",
                g_variant_new ("(ii)", arrows[i].dr, arrows[i].dc));
    }
}

static void
add_shortcut (GtkShortcutController *controller,
              guint                  keyval,
              GdkModifierType        mods,
              const char            *action,
              GVariant              *param)
{
  gtk_shortcut_controller_add_shortcut (controller,
                                        gtk_shortcut_new_with_arguments (gtk_keyval_trigger_new (keyval, mods),
                                                                         gtk_callback_action_new (key_cb, NULL, NULL),
                                                                         "(smv)", action, param));
}

/**
 * arc_solve_view_add_shortcuts:
 * Undo, redo, submit, the JSON clipboard, and the colour and tool keys
 * (0 to 9, D, S, F), handled by the window for the whole of it: they work
 * wherever the focus is (a task just picked in the list too) but in a text
 * field (which has its own undo, clipboard and letters).
 */
void
arc_solve_view_add_shortcuts (ArcSolveView *self)
{
  const struct { guint keyval; const char *tool; } tools[] = {
    { GDK_KEY_d, "edit" }, { GDK_KEY_s, "select" }, { GDK_KEY_f, "fill" },
  };
  const struct { guint keyval; GdkModifierType mods; const char *action; } keys[] = {
    { GDK_KEY_z, GDK_CONTROL_MASK, "solve.undo" },
    { GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "solve.redo" },
    { GDK_KEY_y, GDK_CONTROL_MASK, "solve.redo" },
    { GDK_KEY_Return, GDK_CONTROL_MASK, "solve.submit" },
    { GDK_KEY_KP_Enter, GDK_CONTROL_MASK, "solve.submit" },
    { GDK_KEY_c, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "solve.copy-output-json" },
    { GDK_KEY_v, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "solve.paste-output-json" },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller), GTK_SHORTCUT_SCOPE_MANAGED);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), keys[i].keyval, keys[i].mods, keys[i].action, NULL);
  for (int i = 0; i < ARC_N_COLOURS; i++)
    {
      add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), GDK_KEY_0 + i, 0, "solve.colour", g_variant_new_int32 (i));
      add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), GDK_KEY_KP_0 + i, 0, "solve.colour", g_variant_new_int32 (i));
    }
  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), tools[i].keyval, 0, "solve.tool",
                  g_variant_new_string (tools[i].tool));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

/**
 * arc_solve_view_class_add_actions:
 * The solve.* actions and the workspace's keys (after the properties).
 */
void
arc_solve_view_class_add_actions (GtkWidgetClass *widget_class)
{
  static const struct
  {
    const char                  *name;
    const char                  *parameter_type;
    GtkWidgetActionActivateFunc  activate;
  } actions[] = {
    { "solve.undo", NULL, undo_action },
    { "solve.redo", NULL, redo_action },
    { "solve.submit", NULL, submit_action },
    { "solve.copy", NULL, copy_action },
    { "solve.paste", NULL, paste_action },
    { "solve.rotate-clockwise", NULL, rotate_cw_action },
    { "solve.rotate-counter-clockwise", NULL, rotate_ccw_action },
    { "solve.flip-horizontally", NULL, flip_h_action },
    { "solve.flip-vertically", NULL, flip_v_action },
    { "solve.crop", NULL, crop_action },
    { "solve.resize", NULL, resize_action },
    { "solve.copy-from-input", NULL, copy_input_action },
    { "solve.reset", NULL, reset_action },
    { "solve.delete", NULL, delete_action },
    { "solve.previous-test", NULL, previous_test_action },
    { "solve.next-test", NULL, next_test_action },
    { "solve.select-none", NULL, select_none_action },
    { "solve.use-cursor", NULL, use_cursor_action },
    { "solve.move", "(ii)", move_action },
    { "solve.move-cursor", "(ii)", move_cursor_action },
    { "solve.step-cursor", "(ii)", step_cursor_action },
    { "solve.grow-cursor", "(ii)", grow_cursor_action },
    { "solve.toggle-cursor-cell", NULL, toggle_cursor_cell_action },
    { "solve.copy-grid-json", NULL, copy_grid_json_action },
    { "solve.use-context-colour", NULL, use_context_colour_action },
    { "solve.export-grid", NULL, export_grid_action },
    { "solve.copy-output-json", NULL, copy_output_json_action },
    { "solve.paste-output-json", NULL, paste_output_json_action },
    { "solve.grid-menu", NULL, grid_menu_action },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_class_install_action (widget_class, actions[i].name, actions[i].parameter_type, actions[i].activate);
  gtk_widget_class_install_property_action (widget_class, "solve.colour", "colour");
  gtk_widget_class_install_property_action (widget_class, "solve.tool", "tool");
  gtk_widget_class_install_property_action (widget_class, "solve.pick-colour", "picking");
  bind_keys (widget_class);

  /**
   * ArcSolveView::export-grid:
   * @grid: the grid the menu was opened on, as it shows
   * @what: what it is ("test 1 input")
   *
   * Export Grid Image… was chosen in its menu.
   */
  export_grid_signal = g_signal_new ("export-grid", G_TYPE_FROM_CLASS (widget_class), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                     NULL, G_TYPE_NONE, 2, ARC_TYPE_GRID | G_SIGNAL_TYPE_STATIC_SCOPE, G_TYPE_STRING);
}

/* arc-solve-select.c: the workspace's selection, floating as in an image editor
 *
 * Rotate, flip and move lift the selected cells off the output grid (the
 * cells they leave become 0) and a paste puts new cells above it: from then
 * on the selection floats. It is kept whole, even where it hangs off the
 * grid, above the cells it covers, so turning it or moving it back and forth
 * never destroys a cell outside it and the cells it uncovers come back.
 * Painting edits what shows: the floating cells where they are, the cells
 * under them elsewhere. Dropping or changing the selection, resizing,
 * resetting, copying from the input or cropping settles the floating cells
 * onto the grid. Each action is one step of undo, and undo restores the
 * floating state too.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-solve"

#include "config.h"

#include <string.h>

#include "arc-solve-private.h"

/* The output grid: the cells under the piece, with the piece's on them */
static void
compose (TestWork *w)
{
  arc_grid_free (w->output);
  w->output = arc_grid_copy (w->floating.base);
  arc_grid_paste_cells (w->output, w->floating.piece, &w->floating.shape);
  w->selection = w->floating.shape;
  arc_cells_clip_to_grid (&w->selection, w->output);
}

/* Lifts the selected cells off the grid, if they do not float yet: the
 * cells they leave become 0 */
static void
lift (TestWork *w)
{
  if (w->floating.piece != NULL)
    return;
  w->floating.piece = arc_grid_copy_rect (w->output, &w->selection.rect);
  w->floating.base = arc_grid_copy (w->output);
  arc_grid_fill_cells (w->floating.base, &w->selection, 0);
  w->floating.shape = w->selection;
}

/* Floats @piece (taken), the colours of @shape's rectangle, above the cells under it */
static void
place_piece (TestWork       *w,
             ArcGrid        *piece,
             const ArcCells *shape)
{
  g_clear_pointer (&w->floating.piece, arc_grid_free);
  w->floating.piece = piece;
  w->floating.shape = *shape;
  compose (w);
}

/* The selected cells, whole: the floating piece, or the cells of the
 * selection, with their @shape; %NULL without a selection */
static ArcGrid *
copy_piece (TestWork *w,
            ArcCells *shape)
{
  if (arc_cells_is_empty (&w->selection))
    return NULL;
  if (w->floating.piece)
    {
      *shape = w->floating.shape;
      return arc_grid_copy (w->floating.piece);
    }
  *shape = w->selection;
  return arc_grid_copy_rect (w->output, &w->selection.rect);
}

static gboolean
touches_grid (const ArcGrid  *grid,
              const ArcCells *shape)
{
  ArcCells on_grid = *shape;

  arc_cells_clip_to_grid (&on_grid, grid);
  return !arc_cells_is_empty (&on_grid);
}

/* Records @operation on the selection, takes the undo step, then floats
 * @piece (taken) as @shape; %FALSE, and nothing done, when none of its
 * cells would be on the grid */
static gboolean
float_piece (ArcSolve       *self,
             const char     *operation,
             const char     *direction,
             ArcGrid        *piece,
             const ArcCells *shape)
{
  TestWork *w = arc_solve_work (self);
  ArcAction *a;

  if (!touches_grid (w->output, shape))
    {
      arc_grid_free (piece);
      return FALSE;
    }
  a = arc_solve_record_action (self, "Object-Oriented", operation);
  a->direction = direction;
  arc_solve_set_action_selection (a, w->output, &w->selection);
  arc_solve_save_stroke_undo (self);
  lift (w);
  place_piece (w, piece, shape);
  arc_solve_changed (self);
  return TRUE;
}

/**
 * arc_solve_get_selection:
 * @rect: (out) (optional): the selection's rectangle: every cell of it, or
 *   of a grown selection the smallest rectangle that holds its cells
 *
 * Returns: %TRUE when there is a selection on the output grid
 */
gboolean
arc_solve_get_selection (ArcSolve *self,
                         ArcRect  *rect)
{
  TestWork *w;

  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);

  w = arc_solve_work (self);
  if (rect)
    *rect = w->selection.rect;
  return !arc_cells_is_empty (&w->selection);
}

/**
 * arc_solve_get_selected_cells:
 * @cells: (out): the selected cells of the output grid
 *
 * Returns: %TRUE when there is a selection
 */
gboolean
arc_solve_get_selected_cells (ArcSolve *self,
                              ArcCells *cells)
{
  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);
  g_return_val_if_fail (cells != NULL, FALSE);

  *cells = arc_solve_work (self)->selection;
  return !arc_cells_is_empty (cells);
}

/**
 * arc_solve_is_floating:
 * Returns: %TRUE when the selection floats (it was rotated, flipped, moved
 * or pasted): the cells under it come back when it moves away
 */
gboolean
arc_solve_is_floating (ArcSolve *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);
  return arc_solve_work (self)->floating.piece != NULL;
}

/**
 * arc_solve_set_selected_cells:
 * @cells: (nullable): the new selection, those of its cells on the grid;
 *   %NULL for none
 *
 * Any selection made (or none) settles a floating one where it shows. A
 * selection is recorded as ARCTraj's SelectCell with its cells.
 */
void
arc_solve_set_selected_cells (ArcSolve       *self,
                              const ArcCells *cells)
{
  TestWork *w;
  ArcCells clipped;

  g_return_if_fail (ARC_IS_SOLVE (self));

  w = arc_solve_work (self);
  arc_cells_clear (&clipped);
  if (cells)
    {
      clipped = *cells;
      arc_cells_clip_to_grid (&clipped, w->output);
    }
  if (arc_cells_equal (&clipped, &w->selection))
    {
      /* Selecting the floating cells again settles them, as a click of a
       * selection tool does in an image editor */
      if (w->floating.piece)
        {
          arc_solve_anchor (w);
          arc_solve_changed (self);
        }
      return;
    }
  arc_solve_anchor (w);
  if (!arc_cells_is_empty (&clipped))
    {
      ArcAction *a = arc_solve_record_action (self, "Selection", "SelectCell");

      a->x = clipped.rect.col;
      a->y = clipped.rect.row;
      arc_solve_set_action_selection (a, w->output, &clipped);
    }
  w->selection = clipped;
  arc_solve_changed (self);
}

/**
 * arc_solve_set_selection:
 * @rect: (nullable): the new selection, clipped to the grid; %NULL for none
 *
 * Selects every cell of @rect (arc_solve_set_selected_cells()).
 */
void
arc_solve_set_selection (ArcSolve      *self,
                         const ArcRect *rect)
{
  ArcCells cells;
  ArcRect on_grid = { 0, 0, 0, 0 };

  g_return_if_fail (ARC_IS_SOLVE (self));

  if (rect)
    arc_grid_clip_rect (arc_solve_get_output (self), rect, &on_grid);
  arc_cells_set_rect (&cells, &on_grid);
  arc_solve_set_selected_cells (self, &cells);
}

/**
 * arc_solve_toggle_selected:
 * Adds cell (@row, @col) to the selection, or takes it away if it is in it
 * (Ctrl+click); the selection grows into any shape.
 */
void
arc_solve_toggle_selected (ArcSolve *self,
                           int       row,
                           int       col)
{
  ArcCells cells;

  g_return_if_fail (ARC_IS_SOLVE (self));

  if (!arc_grid_contains (arc_solve_get_output (self), row, col))
    return;
  cells = arc_solve_work (self)->selection;
  if (arc_cells_contains (&cells, row, col))
    arc_cells_remove (&cells, row, col);
  else
    arc_cells_add (&cells, row, col);
  arc_solve_set_selected_cells (self, &cells);
}

/**
 * arc_solve_fill_selection:
 * Fills the selected cells with @colour (0 clears them); a floating
 * selection is filled whole.
 */
gboolean
arc_solve_fill_selection (ArcSolve *self,
                          guint8    colour)
{
  TestWork *w;

  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);
  g_return_val_if_fail (colour < ARC_N_COLOURS, FALSE);

  w = arc_solve_work (self);
  if (arc_cells_is_empty (&w->selection))
    return FALSE;
  {
    ArcAction *a = arc_solve_record_action (self, "Coloring", "Paint");
    a->colour = colour;
    arc_solve_set_action_selection (a, w->output, &w->selection);
  }
  arc_solve_save_undo (self);
  if (w->floating.piece)
    {
      ArcCells own = w->floating.shape;

      arc_cells_move (&own, -own.rect.row, -own.rect.col);
      arc_grid_fill_cells (w->floating.piece, &own, colour);
      compose (w);
    }
  else
    arc_grid_fill_cells (w->output, &w->selection, colour);
  arc_solve_changed (self);
  return TRUE;
}

static ArcGrid *
rotated (const ArcGrid *grid,
         gboolean       clockwise)
{
  int h = arc_grid_get_height (grid), wd = arc_grid_get_width (grid);
  ArcGrid *out = arc_grid_new (wd, h);

  for (int i = 0; i < h; i++)
    for (int j = 0; j < wd; j++)
      {
        if (clockwise)
          arc_grid_set (out, j, h - 1 - i, arc_grid_get (grid, i, j));
        else
          arc_grid_set (out, wd - 1 - j, i, arc_grid_get (grid, i, j));
      }
  return out;
}

/**
 * arc_solve_rotate:
 * Turns the selection a quarter about its top-left corner; a block that is
 * not square changes shape, and so does a grown selection. The selection floats.
 *
 * Returns: %FALSE without a selection, or if the turned block would be
 * off the grid
 */
gboolean
arc_solve_rotate (ArcSolve *self,
                  gboolean  clockwise)
{
  g_autoptr(ArcGrid) piece = NULL;
  ArcCells shape;

  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);

  piece = copy_piece (arc_solve_work (self), &shape);
  if (piece == NULL)
    return FALSE;
  arc_cells_rotate (&shape, clockwise);
  return float_piece (self, "Rotate", clockwise ? "cw" : "ccw", rotated (piece, clockwise), &shape);
}

/**
 * arc_solve_flip:
 * Mirrors the selection in its rectangle: @horizontally swaps left and
 * right, otherwise top and bottom. The selection floats.
 */
gboolean
arc_solve_flip (ArcSolve *self,
                gboolean  horizontally)
{
  ArcGrid *piece;
  ArcRect whole;
  ArcCells shape;

  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);

  piece = copy_piece (arc_solve_work (self), &shape);
  if (piece == NULL)
    return FALSE;
  whole = (ArcRect) { 0, 0, arc_grid_get_height (piece), arc_grid_get_width (piece) };
  arc_grid_flip_rect (piece, &whole, horizontally);
  arc_cells_flip (&shape, horizontally);
  return float_piece (self, "Flip", horizontally ? "horizontal" : "vertical", piece, &shape);
}

/**
 * arc_solve_move:
 * Moves the selection by (@drow, @dcol); it floats, and may hang off the
 * grid while part of it is on it.
 *
 * Returns: %FALSE without a selection, or if it would leave the grid
 */
gboolean
arc_solve_move (ArcSolve *self,
                int       drow,
                int       dcol)
{
  ArcGrid *piece;
  ArcCells shape;

  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);

  if (drow == 0 && dcol == 0)
    return FALSE;
  piece = copy_piece (arc_solve_work (self), &shape);
  if (piece == NULL)
    return FALSE;
  arc_cells_move (&shape, drow, dcol);
  return float_piece (self, "Move", drow < 0 ? "up" : drow > 0 ? "down" : dcol < 0 ? "left" : "right",
                      piece, &shape);
}

/**
 * arc_solve_crop:
 * The output grid becomes the selection's rectangle (what shows of it;
 * of a grown selection, the cells it leaves out in the rectangle too).
 */
gboolean
arc_solve_crop (ArcSolve *self)
{
  TestWork *w;
  ArcGrid *cropped;

  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);

  w = arc_solve_work (self);
  if (arc_cells_is_empty (&w->selection))
    return FALSE;
  cropped = arc_grid_copy_rect (w->output, &w->selection.rect);
  {
    ArcAction *a = arc_solve_record_action (self, "Critical", "CropGrid");
    a->height = w->selection.rect.height;
    a->width = w->selection.rect.width;
    arc_solve_set_action_selection (a, w->output, &w->selection);
  }
  arc_solve_save_undo (self);
  arc_cells_clear (&w->selection);
  arc_solve_replace_output (w, cropped);
  arc_solve_changed (self);
  return TRUE;
}

static void
keep_clipboard (ArcSolve       *self,
                ArcGrid        *clip,
                const ArcCells *shape)
{
  g_clear_pointer (&self->clipboard, arc_grid_free);
  self->clipboard = clip;
  self->clipboard_shape = *shape;
  arc_solve_notify (self);
}

/**
 * arc_solve_set_clipboard:
 * @clip: (nullable): what C copied, every cell of it; %NULL for nothing
 *
 * The clipboard is shared by every test input.
 */
void
arc_solve_set_clipboard (ArcSolve      *self,
                         const ArcGrid *clip)
{
  ArcCells whole;

  g_return_if_fail (ARC_IS_SOLVE (self));

  arc_cells_clear (&whole);
  if (clip)
    arc_cells_set_rect (&whole, &(ArcRect) { 0, 0, arc_grid_get_height (clip), arc_grid_get_width (clip) });
  keep_clipboard (self, clip ? arc_grid_copy (clip) : NULL, &whole);
}

const ArcGrid *
arc_solve_get_clipboard (ArcSolve *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE (self), NULL);
  return self->clipboard;
}

/**
 * arc_solve_copy_cells:
 * @from_input: copy from the test input rather than from the output grid
 * @cells: the cells to copy, on that grid
 *
 * C: the clipboard becomes @cells with their colours, in their rectangle
 * (a paste writes only them), recorded as ARCTraj's CopyI or CopyO.
 *
 * Returns: %FALSE, and nothing copied, when none of @cells is on the grid
 */
gboolean
arc_solve_copy_cells (ArcSolve       *self,
                      gboolean        from_input,
                      const ArcCells *cells)
{
  const ArcGrid *grid;
  ArcCells on_grid, shape;
  ArcAction *a;

  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);
  g_return_val_if_fail (cells != NULL, FALSE);

  grid = from_input ? arc_solve_get_input (self) : arc_solve_get_output (self);
  on_grid = *cells;
  arc_cells_clip_to_grid (&on_grid, grid);
  if (arc_cells_is_empty (&on_grid))
    return FALSE;
  a = arc_solve_record_action (self, "Clipboard", from_input ? "CopyI" : "CopyO");
  a->x = on_grid.rect.col;
  a->y = on_grid.rect.row;
  arc_solve_set_action_selection (a, grid, &on_grid);
  shape = on_grid;
  arc_cells_move (&shape, -shape.rect.row, -shape.rect.col);
  keep_clipboard (self, arc_grid_copy_rect (grid, &on_grid.rect), &shape);
  return TRUE;
}

/* A paste's record: where it went, and its cells on the grid */
static void
record_paste (ArcSolve       *self,
              const ArcCells *placed,
              int             row,
              int             col)
{
  TestWork *w = arc_solve_work (self);
  ArcAction *a = arc_solve_record_action (self, "Clipboard", "Paste");
  ArcCells on_grid = *placed;

  a->x = col;
  a->y = row;
  arc_cells_clip_to_grid (&on_grid, w->output);
  if (arc_cells_is_rect (&self->clipboard_shape))
    {
      /* (as it always was: the whole clipboard, its part on the grid the selection) */
      a->selection = on_grid.rect;
      a->object = arc_grid_copy (self->clipboard);
      return;
    }
  /* A grown selection's cells: the object is the part on the grid, in the
   * rectangle of the selection */
  {
    ArcRect from = { on_grid.rect.row - row, on_grid.rect.col - col, on_grid.rect.height, on_grid.rect.width };

    arc_action_set_cells (a, &on_grid);
    a->object = arc_grid_copy_rect (self->clipboard, &from);
  }
}

/**
 * arc_solve_paste:
 * Pastes the clipboard with its top-left at (@row, @col), floating above
 * the grid as the selection: moved away, it uncovers the cells it covered.
 * What hangs off the grid does not show; cells of the clipboard's
 * rectangle that a grown selection left out are not pasted.
 */
gboolean
arc_solve_paste (ArcSolve *self,
                 int       row,
                 int       col)
{
  TestWork *w;
  ArcCells placed;

  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);

  w = arc_solve_work (self);
  if (self->clipboard == NULL || !arc_grid_contains (w->output, row, col))
    return FALSE;
  placed = self->clipboard_shape;
  arc_cells_move (&placed, row, col);
  if (!touches_grid (w->output, &placed))
    return FALSE;
  record_paste (self, &placed, row, col);
  arc_solve_save_undo (self);
  arc_solve_anchor (w);
  w->floating.base = arc_grid_copy (w->output);
  place_piece (w, arc_grid_copy (self->clipboard), &placed);
  arc_solve_changed (self);
  return TRUE;
}

/**
 * arc_solve_set_output:
 * The output grid becomes @grid, at its size (a grid pasted from the
 * system's clipboard): one step of undo, recorded as a Paste of the whole
 * grid with its size.
 */
void
arc_solve_set_output (ArcSolve      *self,
                      const ArcGrid *grid)
{
  TestWork *w;
  ArcAction *a;

  g_return_if_fail (ARC_IS_SOLVE (self));
  g_return_if_fail (grid != NULL);

  w = arc_solve_work (self);
  a = arc_solve_record_action (self, "Clipboard", "Paste");
  a->x = a->y = 0;
  a->height = arc_grid_get_height (grid);
  a->width = arc_grid_get_width (grid);
  a->selection = (ArcRect) { 0, 0, a->height, a->width };
  a->object = arc_grid_copy (grid);
  arc_solve_save_undo (self);
  arc_cells_clear (&w->selection);
  arc_solve_replace_output (w, arc_grid_copy (grid));
  arc_solve_changed (self);
}

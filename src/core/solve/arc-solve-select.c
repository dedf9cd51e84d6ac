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

static ArcRect
piece_rect (const Floating *f)
{
  return (ArcRect) { f->row, f->col, arc_grid_get_height (f->piece), arc_grid_get_width (f->piece) };
}

/* The output grid: the cells under the piece, with the piece on them */
static void
compose (TestWork *w)
{
  ArcRect rect = piece_rect (&w->floating);

  arc_grid_free (w->output);
  w->output = arc_grid_copy (w->floating.base);
  arc_grid_paste (w->output, w->floating.piece, w->floating.row, w->floating.col, FALSE);
  arc_grid_clip_rect (w->output, &rect, &w->selection);
}

/* Lifts the selected cells off the grid, if they do not float yet: the
 * cells they leave become 0 */
static void
lift (TestWork *w)
{
  if (w->floating.piece != NULL)
    return;
  w->floating.piece = arc_grid_copy_rect (w->output, &w->selection);
  w->floating.base = arc_grid_copy (w->output);
  arc_grid_fill_rect (w->floating.base, &w->selection, 0);
  w->floating.row = w->selection.row;
  w->floating.col = w->selection.col;
}

/* Floats @piece (taken) at (@row, @col) above the cells under it */
static void
place_piece (TestWork *w,
             ArcGrid  *piece,
             int       row,
             int       col)
{
  g_clear_pointer (&w->floating.piece, arc_grid_free);
  w->floating.piece = piece;
  w->floating.row = row;
  w->floating.col = col;
  compose (w);
}

/* The selected cells, whole: the floating piece, or the cells of the
 * selection; %NULL without a selection */
static ArcGrid *
copy_piece (TestWork *w,
            int      *row,
            int      *col)
{
  if (w->selection.height == 0)
    return NULL;
  if (w->floating.piece)
    {
      *row = w->floating.row;
      *col = w->floating.col;
      return arc_grid_copy (w->floating.piece);
    }
  *row = w->selection.row;
  *col = w->selection.col;
  return arc_grid_copy_rect (w->output, &w->selection);
}

static gboolean
touches_grid (const ArcGrid *grid,
              const ArcGrid *piece,
              int            row,
              int            col)
{
  ArcRect rect = { row, col, arc_grid_get_height (piece), arc_grid_get_width (piece) };
  ArcRect on_grid;

  return arc_grid_clip_rect (grid, &rect, &on_grid) && on_grid.height > 0;
}

/* Records @operation on the selection, takes the undo step, then floats
 * @piece (taken) at (@row, @col); %FALSE, and nothing done, when the piece
 * would be off the grid there */
static gboolean
float_piece (ArcSolve   *self,
             const char *operation,
             const char *direction,
             ArcGrid    *piece,
             int         row,
             int         col)
{
  TestWork *w = arc_solve_work (self);
  ArcAction *a;

  if (!touches_grid (w->output, piece, row, col))
    {
      arc_grid_free (piece);
      return FALSE;
    }
  a = arc_solve_record_action (self, "Object-Oriented", operation);
  a->direction = direction;
  arc_solve_set_action_selection (a, w->output, &w->selection);
  arc_solve_save_stroke_undo (self);
  lift (w);
  place_piece (w, piece, row, col);
  arc_solve_changed (self);
  return TRUE;
}

gboolean
arc_solve_get_selection (ArcSolve *self,
                         ArcRect  *rect)
{
  TestWork *w;

  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);

  w = arc_solve_work (self);
  if (rect)
    *rect = w->selection;
  return w->selection.height > 0;
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
 * arc_solve_set_selection:
 * @rect: (nullable): the new selection, clipped to the grid; %NULL for none
 *
 * Any selection made (or none) settles a floating one where it shows.
 */
void
arc_solve_set_selection (ArcSolve      *self,
                         const ArcRect *rect)
{
  TestWork *w;
  ArcRect clipped = { 0, 0, 0, 0 };

  g_return_if_fail (ARC_IS_SOLVE (self));

  w = arc_solve_work (self);
  if (rect)
    arc_grid_clip_rect (w->output, rect, &clipped);
  if (memcmp (&clipped, &w->selection, sizeof clipped) == 0)
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
  if (clipped.height > 0)
    {
      ArcAction *a = arc_solve_record_action (self, "Selection", "SelectCell");

      a->x = clipped.col;
      a->y = clipped.row;
      arc_solve_set_action_selection (a, w->output, &clipped);
    }
  w->selection = clipped;
  arc_solve_changed (self);
}

/**
 * arc_solve_fill_selection:
 * Fills the selection with @colour (0 clears it); a floating selection is
 * filled whole.
 */
gboolean
arc_solve_fill_selection (ArcSolve *self,
                          guint8    colour)
{
  TestWork *w;

  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);
  g_return_val_if_fail (colour < ARC_N_COLOURS, FALSE);

  w = arc_solve_work (self);
  if (w->selection.height == 0)
    return FALSE;
  {
    ArcAction *a = arc_solve_record_action (self, "Coloring", "Paint");
    a->colour = colour;
    arc_solve_set_action_selection (a, w->output, &w->selection);
  }
  arc_solve_save_undo (self);
  if (w->floating.piece)
    {
      ArcRect whole = { 0, 0, arc_grid_get_height (w->floating.piece), arc_grid_get_width (w->floating.piece) };

      arc_grid_fill_rect (w->floating.piece, &whole, colour);
      compose (w);
    }
  else
    arc_grid_fill_rect (w->output, &w->selection, colour);
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
 * not square changes shape. The selection floats.
 *
 * Returns: %FALSE without a selection, or if the turned block would be
 * off the grid
 */
gboolean
arc_solve_rotate (ArcSolve *self,
                  gboolean  clockwise)
{
  g_autoptr(ArcGrid) piece = NULL;
  int row, col;

  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);

  piece = copy_piece (arc_solve_work (self), &row, &col);
  if (piece == NULL)
    return FALSE;
  return float_piece (self, "Rotate", clockwise ? "cw" : "ccw", rotated (piece, clockwise), row, col);
}

/**
 * arc_solve_flip:
 * Mirrors the selection: @horizontally swaps left and right, otherwise top
 * and bottom. The selection floats.
 */
gboolean
arc_solve_flip (ArcSolve *self,
                gboolean  horizontally)
{
  ArcGrid *piece;
  ArcRect whole;
  int row, col;

  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);

  piece = copy_piece (arc_solve_work (self), &row, &col);
  if (piece == NULL)
    return FALSE;
  whole = (ArcRect) { 0, 0, arc_grid_get_height (piece), arc_grid_get_width (piece) };
  arc_grid_flip_rect (piece, &whole, horizontally);
  return float_piece (self, "Flip", horizontally ? "horizontal" : "vertical", piece, row, col);
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
  int row, col;

  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);

  if (drow == 0 && dcol == 0)
    return FALSE;
  piece = copy_piece (arc_solve_work (self), &row, &col);
  if (piece == NULL)
    return FALSE;
  return float_piece (self, "Move", drow < 0 ? "up" : drow > 0 ? "down" : dcol < 0 ? "left" : "right",
                      piece, row + drow, col + dcol);
}

/**
 * arc_solve_crop:
 * The output grid becomes the selection (what shows of it).
 */
gboolean
arc_solve_crop (ArcSolve *self)
{
  TestWork *w;
  ArcGrid *cropped;

  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);

  w = arc_solve_work (self);
  if (w->selection.height == 0)
    return FALSE;
  cropped = arc_grid_copy_rect (w->output, &w->selection);
  {
    ArcAction *a = arc_solve_record_action (self, "Critical", "CropGrid");
    a->height = w->selection.height;
    a->width = w->selection.width;
    arc_solve_set_action_selection (a, w->output, &w->selection);
  }
  arc_solve_save_undo (self);
  w->selection = (ArcRect) { 0, 0, 0, 0 };
  arc_solve_replace_output (w, cropped);
  arc_solve_changed (self);
  return TRUE;
}

/**
 * arc_solve_set_clipboard:
 * What C copied (from the input or the output grid), shared by every test input.
 */
void
arc_solve_set_clipboard (ArcSolve      *self,
                         const ArcGrid *clip)
{
  g_return_if_fail (ARC_IS_SOLVE (self));

  g_clear_pointer (&self->clipboard, arc_grid_free);
  self->clipboard = clip ? arc_grid_copy (clip) : NULL;
  arc_solve_notify (self);
}

const ArcGrid *
arc_solve_get_clipboard (ArcSolve *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE (self), NULL);
  return self->clipboard;
}

/**
 * arc_solve_paste:
 * Pastes the clipboard with its top-left at (@row, @col), floating above
 * the grid as the selection: moved away, it uncovers the cells it covered.
 * What hangs off the grid does not show.
 */
gboolean
arc_solve_paste (ArcSolve *self,
                 int       row,
                 int       col)
{
  TestWork *w;

  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);

  w = arc_solve_work (self);
  if (self->clipboard == NULL || !arc_grid_contains (w->output, row, col))
    return FALSE;
  {
    ArcAction *a = arc_solve_record_action (self, "Clipboard", "Paste");
    ArcRect placed = { row, col, arc_grid_get_height (self->clipboard), arc_grid_get_width (self->clipboard) };
    ArcRect on_grid;

    a->x = col;
    a->y = row;
    arc_grid_clip_rect (w->output, &placed, &on_grid);
    a->selection = on_grid;
    a->object = arc_grid_copy (self->clipboard);
  }
  arc_solve_save_undo (self);
  arc_solve_anchor (w);
  w->floating.base = arc_grid_copy (w->output);
  place_piece (w, arc_grid_copy (self->clipboard), row, col);
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
  w->selection = (ArcRect) { 0, 0, 0, 0 };
  arc_solve_replace_output (w, arc_grid_copy (grid));
  arc_solve_changed (self);
}

/**
 * arc_solve_record_copy:
 * Records a copy of @rect of the input (@from_input) or the output grid.
 */
void
arc_solve_record_copy (ArcSolve      *self,
                       gboolean       from_input,
                       const ArcRect *rect)
{
  ArcAction *a;

  g_return_if_fail (ARC_IS_SOLVE (self));

  a = arc_solve_record_action (self, "Clipboard", from_input ? "CopyI" : "CopyO");
  a->x = rect->col;
  a->y = rect->row;
  arc_solve_set_action_selection (a, from_input ? arc_solve_get_input (self) : arc_solve_get_output (self), rect);
}

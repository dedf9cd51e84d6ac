/* arc-trajectory.h: the actions of the solve workspace, as ARCTraj records them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "arc-cells.h"
#include "arc-grid.h"

G_BEGIN_DECLS

/* One action: ARCTraj's record (O2ARC 3.0). Strings are static, but
 * @larc and @larc_time. An action LARC recorded without its tool is no
 * ARCTraj action: it is "Other"/"Unknown" with LARC's step as it was in
 * @larc, kept for the LARC export and skipped by replays and the other
 * exports. */
typedef struct
{
  const char *category;   /* Selection, Coloring, Object-Oriented, Clipboard, Critical, History */
  const char *operation;  /* SelectCell, Paint, FloodFill, Move, Rotate, Flip, CopyI, CopyO, Paste,
                             CopyFromInput, ResizeGrid, ResetGrid, CropGrid, Undo, Redo, Submit */
  int         x;          /* column, or -1 */
  int         y;          /* row, or -1 */
  int         colour;     /* or -1 */
  const char *direction;  /* up/down/left/right, cw/ccw, horizontal/vertical, or NULL */
  ArcRect     selection;  /* the cells acted on (height 0: none) */
  ArcCells   *cells;      /* (nullable): which of them, when not all (a selection grown
                             with Ctrl+click); within @selection */
  ArcGrid    *object;     /* (nullable): the colours of @selection's cells */
  ArcGrid    *grid;       /* the output grid BEFORE the action */
  gint64      time;       /* microseconds since the epoch */
  int         height;     /* ResizeGrid: the new size */
  int         width;
  char       *larc;       /* (nullable): LARC's step as it was, JSON text */
  char       *larc_time;  /* (nullable): LARC's time of the step as it was, JSON text, when the
                             LARC export would not write it back from @time (530, not 530.0) */
} ArcAction;

ArcAction  *arc_action_new        (const char      *category,
                                   const char      *operation,
                                   const ArcGrid   *before);
void        arc_action_free       (ArcAction       *action);
ArcAction  *arc_action_copy       (const ArcAction *action);
JsonNode   *arc_action_to_node    (const ArcAction *action);
void        arc_actions_add_to_builder (JsonBuilder *b,
                                        const char  *name,
                                        GPtrArray   *actions);
ArcAction  *arc_action_new_from_node (JsonNode     *node,
                                      GError      **error);
void        arc_action_set_cells  (ArcAction       *action,
                                   const ArcCells  *cells);
gboolean    arc_action_get_cells  (const ArcAction *action,
                                   ArcCells        *cells);

/* A cell of an action's object as a record lists it: its place on the grid
 * and its colour (arc_action_rebuild_object()) */
typedef struct
{
  int row;
  int col;
  int colour;
} ArcObjectCell;

void        arc_action_rebuild_object (ArcAction           *action,
                                       const ArcObjectCell *cells,
                                       guint                n_cells);
const char *arc_action_intern     (const char      *name);
gboolean    arc_action_is_larc_only (const ArcAction *action);
int         arc_action_jaxarc_id  (const ArcAction *action);
char       *arc_action_describe   (const ArcAction *action);
void        arc_trajectory_to_jaxarc (JsonBuilder   *builder,
                                      GPtrArray     *actions,
                                      const ArcGrid *final,
                                      const ArcGrid *expected);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArcAction, arc_action_free)

G_END_DECLS

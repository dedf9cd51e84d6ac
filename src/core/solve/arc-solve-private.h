/* arc-solve-private.h: what the workspace model's sources share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-solve.h"

G_BEGIN_DECLS

/* A floating selection: cells lifted off the grid (by a rotate, flip or
 * move) or pasted onto it, kept whole above the cells they cover until the
 * selection is dropped. What shows (the output grid) is @base with the
 * cells of @shape on it, their colours those of @piece; the piece may hang
 * off the grid. */
typedef struct
{
  ArcGrid  *base;             /* the cells under the piece; NULL: nothing floats */
  ArcGrid  *piece;            /* the colours of @shape's rectangle, at its size */
  ArcCells  shape;            /* where the piece is, and which of its cells it has */
} Floating;

typedef struct
{
  ArcGrid  *grid;
  ArcCells  selection;
  Floating  floating;
} Snapshot;

typedef struct
{
  ArcGrid      *output;      /* what shows, and what is submitted */
  ArcCells      selection;   /* on the grid: the floating piece's part on it, if one floats */
  Floating      floating;
  GPtrArray    *undo;        /* Snapshot */
  GPtrArray    *redo;        /* Snapshot */
  gint64        time;        /* when the output grid last changed (µs since the epoch); 0: never */
  guint         trials_used;
  ArcTestState  state;
  ArcGrid      *last_wrong;
  GPtrArray    *wrong;       /* ArcGrid: every wrong attempt's grid, to tell a repeat */
  GPtrArray    *actions;     /* ArcAction since the last submit: the next attempt's trajectory */
  gint64        actions_since; /* that submission's time (µs since the epoch); 0: none */
  ArcGrid      *start;       /* where it started: empty, or its last attempt (arc_solve_is_changed()) */
  gint64        start_time;  /* that attempt's time; 0: none */
} TestWork;

/* What the properties last said, to notify only what changed */
typedef struct
{
  guint         current;
  gboolean      can_undo;
  gboolean      can_redo;
  gboolean      has_selection;
  gboolean      has_clipboard;
  ArcTestState  state;
  guint         trials_left;
} Derived;

/* The writes of one workspace's work file, shared with the workers that
 * make them (arc-solve-work.c): one at a time, and never an older text
 * over a newer one */
typedef struct _WorkWriter WorkWriter;

/* What keeps the work in progress (arc-solve-work.c), told by the model */
typedef struct
{
  void (*changed) (ArcSolve *self);  /* an output grid changed */
  void (*recorded) (ArcSolve *self); /* an action was recorded */
  void (*settled) (ArcSolve *self);  /* a stroke ended (a click, a drag let go) */
  void (*finish)  (ArcSolve *self);  /* @self goes: write what waits, and stop */
  void (*counted) (ArcSolve *self);  /* an attempt counted: the task may be over */
} WorkKeeper;

struct _ArcSolve
{
  GObject           parent_instance;

  ArcTask          *task;
  guint             trials;
  GPtrArray        *tests;          /* TestWork */
  guint             current;
  ArcGrid          *clipboard;
  ArcCells          clipboard_shape;  /* which of its cells were copied, from (0, 0) */
  gboolean          in_stroke;
  gboolean          stroke_saved;   /* the stroke's undo step is taken */
  const WorkKeeper *keeper;         /* (nullable): told of changes to keep */
  GFile            *work_file;      /* where the output grids are kept (arc-solve-work.c) */
  char             *work_collection;  /* (nullable): the URI of the task's collection, */
  char             *work_task;        /* and its id, written in the work file */
  guint             save_source;    /* the next write: the delay after a change, or a retry */
  gboolean          work_dirty;     /* a change not written yet */
  WorkWriter       *writer;         /* (nullable): made with the first write */
  guint64           generation;     /* the last text made for the work file, counted */
  guint64           written;        /* the last one written (as told here) */
  gboolean          saving;         /* a write is under way in a worker */
  gboolean          save_again;     /* the delay ran out meanwhile: write again once it is done */
  GError           *save_error;     /* (nullable): why the last write failed; it is retried */
  gboolean          work_made;      /* an output grid was changed since the work file was set */
  gboolean          work_found;     /* the work file was there when it was set */
  Derived           shown;
};

/* arc-solve.c */
TestWork  *arc_solve_work               (ArcSolve       *self);
ArcAction *arc_solve_record_action      (ArcSolve       *self,
                                         const char     *category,
                                         const char     *operation);
void       arc_solve_set_action_selection (ArcAction    *action,
                                         const ArcGrid  *grid,
                                         const ArcCells *cells);
void       arc_solve_save_undo          (ArcSolve       *self);
void       arc_solve_save_stroke_undo   (ArcSolve       *self);
void       arc_solve_replace_output     (TestWork       *w,
                                         ArcGrid        *grid);
void       arc_solve_changed            (ArcSolve       *self);
void       arc_solve_notify             (ArcSolve       *self);
void       arc_solve_floating_copy      (Floating       *to,
                                         const Floating *from);
void       arc_solve_floating_clear     (Floating       *f);
void       arc_solve_anchor             (TestWork       *w);
void       arc_solve_absorb_output      (TestWork       *w);
void       arc_solve_notify_save_error  (ArcSolve       *self);

G_END_DECLS

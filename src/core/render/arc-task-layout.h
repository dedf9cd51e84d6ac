/* arc-task-layout.h: where the grids of a task go, and drawing it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>

#include "arc-render.h"
#include "arc-task.h"

G_BEGIN_DECLS

/* Where each grid of a task goes: the screen uses it to find the cell under
 * the pointer, export and the screen both draw from it. */
typedef enum
{
  ARC_SLOT_TRAIN_INPUT,
  ARC_SLOT_TRAIN_OUTPUT,
  ARC_SLOT_TEST_INPUT,
  ARC_SLOT_TEST_OUTPUT,
} ArcSlotKind;

typedef struct
{
  ArcSlotKind    kind;
  guint          index;   /* pair number, from 0 */
  const ArcGrid *grid;    /* (nullable): an unknown test output */
  int            x, y;    /* the grid's top-left corner */
  int            width, height;
} ArcSlot;

/* What arc_task_layout_fit_cell() fits a task's cells to */
typedef struct
{
  int      width;       /* the width the task wraps to and must fit */
  int      height;      /* the height to fit in, or -1 for any */
  int      min_cell;    /* the cell sizes tried, largest first */
  int      max_cell;
  int      readable;    /* the smallest cell worth shrinking to for the height */
  gboolean train_only;  /* only the train pairs need to fit the height (the
                         * test inputs are shown elsewhere, after them) */
} ArcCellFit;

typedef struct _ArcTaskLayout ArcTaskLayout;

ArcTaskLayout *arc_task_layout_new       (ArcTask                *task,
                                          const char             *title,
                                          const ArcRenderOptions *options);
void           arc_task_layout_free      (ArcTaskLayout          *layout);
void           arc_task_layout_get_size  (ArcTaskLayout          *layout,
                                          int                    *width,
                                          int                    *height);
int            arc_task_layout_get_cell_size (ArcTaskLayout      *layout);
guint          arc_task_layout_get_n_slots (ArcTaskLayout        *layout);
const ArcSlot *arc_task_layout_get_slot  (ArcTaskLayout          *layout,
                                          guint                   index);
const ArcSlot *arc_task_layout_hit       (ArcTaskLayout          *layout,
                                          double                  x,
                                          double                  y,
                                          int                    *row,
                                          int                    *col);
void           arc_task_layout_draw      (ArcTaskLayout          *layout,
                                          cairo_t                *cr);
int            arc_task_layout_fit_cell  (ArcTask                *task,
                                          const ArcRenderOptions *options,
                                          const ArcCellFit       *fit);
int            arc_task_layout_get_train_height (ArcTaskLayout   *layout);
int            arc_task_layout_get_first_pair_height (ArcTaskLayout *layout);
char          *arc_slot_describe         (const ArcSlot          *slot);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArcTaskLayout, arc_task_layout_free)

G_END_DECLS

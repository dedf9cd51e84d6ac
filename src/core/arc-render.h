/* arc-render.h: drawing grids and tasks with cairo, for the screen and for files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "arc-task.h"

G_BEGIN_DECLS

typedef enum
{
  ARC_PALETTE_STANDARD,       /* the ARC testing interface's colours */
  ARC_PALETTE_COLOUR_BLIND,   /* distinct under protanopia, deuteranopia and tritanopia */
  ARC_PALETTE_HIGH_CONTRAST,  /* strong, saturated, far apart in lightness */
  ARC_N_PALETTES
} ArcPalette;

#define ARC_GRID_LINE_RGB 0x555555

const char *arc_palette_get_name     (ArcPalette  palette);
gboolean    arc_palette_from_name    (const char *name,
                                      ArcPalette *palette);
guint32     arc_palette_get_rgb      (ArcPalette  palette,
                                      guint8      colour);
const char *arc_colour_get_name      (guint8      colour);
guint32     arc_contrast_text_rgb    (guint32     background);

typedef struct
{
  ArcPalette palette;
  gboolean   grid_lines;
  guint32    grid_line_rgb;
  gboolean   digits;
  gboolean   size_labels;        /* "H×W" under each grid of a task */
  gboolean   with_test_outputs;  /* draw known test outputs */
  int        cell_size;          /* pixels (points for PDF) per cell */
  int        wrap_width;         /* tasks: put pairs side by side up to this width; 0: one per line */
  guint32    foreground_rgb;     /* text */
  guint32    background_rgb;     /* page */
  gboolean   transparent;        /* leave the page unpainted */
} ArcRenderOptions;

void  arc_render_options_init (ArcRenderOptions       *options);
int   arc_render_line_width   (const ArcRenderOptions *options);

void  arc_render_grid_size    (const ArcGrid          *grid,
                               const ArcRenderOptions *options,
                               int                    *width,
                               int                    *height);
void  arc_render_grid         (cairo_t                *cr,
                               const ArcGrid          *grid,
                               double                  x,
                               double                  y,
                               const ArcRenderOptions *options);

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
char          *arc_slot_describe         (const ArcSlot          *slot);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArcTaskLayout, arc_task_layout_free)

typedef enum
{
  ARC_IMAGE_PNG,
  ARC_IMAGE_SVG,
  ARC_IMAGE_PDF,
} ArcImageFormat;

gboolean arc_image_format_from_path (const char             *path,
                                     ArcImageFormat         *format);
gboolean arc_render_task_to_file    (ArcTask                *task,
                                     const char             *title,
                                     const ArcRenderOptions *options,
                                     const char             *path,
                                     GError                **error);
gboolean arc_render_grid_to_file    (const ArcGrid          *grid,
                                     const ArcRenderOptions *options,
                                     const char             *path,
                                     GError                **error);

G_END_DECLS

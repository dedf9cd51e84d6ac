/* arc-solve-view.h: the solve workspace: build the output grid and submit it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "arc-core.h"

G_BEGIN_DECLS

typedef enum
{
  ARC_TOOL_EDIT,
  ARC_TOOL_SELECT,
  ARC_TOOL_FILL,
} ArcTool;

#define ARC_TYPE_TOOL (arc_tool_get_type ())
GType arc_tool_get_type (void) G_GNUC_CONST;

#define ARC_TYPE_SOLVE_VIEW (arc_solve_view_get_type ())

G_DECLARE_FINAL_TYPE (ArcSolveView, arc_solve_view, ARC, SOLVE_VIEW, GtkWidget)

GtkWidget *arc_solve_view_new          (void);
void       arc_solve_view_set_solve    (ArcSolveView *self,
                                        ArcSolve     *solve);
ArcSolve  *arc_solve_view_get_solve    (ArcSolveView *self);
void       arc_solve_view_set_settings (ArcSolveView *self,
                                        GSettings    *settings);
void       arc_solve_view_set_colour   (ArcSolveView *self,
                                        guint8        colour);
guint8     arc_solve_view_get_colour   (ArcSolveView *self);
void       arc_solve_view_set_tool     (ArcSolveView *self,
                                        ArcTool       tool);
ArcTool    arc_solve_view_get_tool     (ArcSolveView *self);
void       arc_solve_view_click_cell   (ArcSolveView *self,
                                        gboolean      on_input,
                                        int           row,
                                        int           col,
                                        int           to_row,
                                        int           to_col);
const char *arc_solve_view_get_verdict (ArcSolveView *self);
void        arc_solve_view_set_verdict_only (ArcSolveView *self,
                                             gboolean      verdict_only);
gboolean   arc_solve_view_offer_colour (ArcSolveView *self,
                                        int           colour,
                                        gboolean      force);
GtkWidget *arc_solve_view_get_output_view (ArcSolveView *self);
/* The cell size, in pixels, at which a grid being built is comfortable to
 * work on: below it, the page gives the workspace more room when it can */
#define ARC_SOLVE_VIEW_ROOMY_CELL 14
/* The smallest the page draws it at to keep a train pair of the examples
 * whole in view, when it cannot be roomy */
#define ARC_SOLVE_VIEW_PAIR_CELL  10

int        arc_solve_view_cell_for_size   (ArcSolveView *self,
                                           int           width,
                                           int           height);
gboolean   arc_solve_view_is_zoomed       (ArcSolveView *self);
void       arc_solve_view_set_compact     (ArcSolveView *self,
                                           gboolean      compact);
int        arc_solve_view_header_change   (ArcSolveView *self,
                                           gboolean      compact);
int        arc_solve_view_cell_for_room   (ArcSolveView *self,
                                           int           width,
                                           int           height,
                                           gboolean      compact);
void       arc_solve_view_zoom            (ArcSolveView *self,
                                           int           cell,
                                           double        x,
                                           double        y);
GtkWidget *arc_solve_view_get_input_view  (ArcSolveView *self);
/* What the grid edited is shown beside */
typedef enum
{
  ARC_EDIT_BESIDE_INPUT,    /* an output: after its input, the arrow from it */
  ARC_EDIT_BESIDE_OUTPUT,   /* an input: before its output, the arrow to it */
  ARC_EDIT_BESIDE_EARLIER,  /* itself as it was (no other grid in its pair):
                             * first, with no arrow between them */
} ArcEditBeside;

void       arc_solve_view_set_edit     (ArcSolveView *self,
                                        ArcTaskEdit  *history,
                                        const char   *title,
                                        const char   *input_name,
                                        const char   *output_name,
                                        ArcEditBeside beside);
void       arc_solve_view_set_title_widget (ArcSolveView *self,
                                            GtkWidget    *widget);
gboolean   arc_widget_typing           (GtkWidget    *widget);

G_END_DECLS

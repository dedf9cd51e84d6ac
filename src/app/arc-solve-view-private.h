/* arc-solve-view-private.h: what the solve view's sources share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "arc-solve-view.h"

G_BEGIN_DECLS

struct _ArcSolveView
{
  GtkWidget     parent_instance;

  /* The template */
  GtkWidget    *box;
  GtkWidget    *title;
  GtkWidget    *title_widget;   /* (nullable): in the title's place while editing */
  GtkWidget    *verdict;
  GtkWidget    *save_error_box;   /* shown while the work file cannot be written */
  GtkWidget    *save_error_label;
  GtkWidget    *input_label;
  GtkWidget    *output_label;
  GtkWidget    *input_size;     /* under the grids */
  GtkWidget    *output_size;
  GtkWidget    *input_view;
  GtkWidget    *output_view;
  GtkWidget    *arrow;          /* between them, from the input to the output */
  GtkWidget    *grids;          /* the two grids, in an ArcPairLayout */
  GtkWidget    *tools;          /* the groups of tools, in an ArcWrapLayout */
  GtkWidget    *body;           /* the grids' scroller and the tools, in an ArcToolsLayout */
  GtkWidget    *size_entry;
  GtkWidget    *size_error;    /* (nullable): its bubble, once a size was not one */
  GtkWidget    *palette_start;
  GtkWidget    *palette_end;
  GMenuModel   *grid_menu;
  GtkWidget    *grid_popover;   /* the grid_menu, made on first use */
  AdwToast     *toast;          /* the last message, replaced by the next */
  gboolean      had_focus;      /* the window's focus was in the workspace */

  GSettings    *settings;
  ArcSolve     *solve;
  GSignalGroup *solve_signals;  /* follow the solve shown */
  guint8        colour;
  ArcTool       tool;
  gboolean      picking;
  int           cursor_row;
  int           cursor_col;
  ArcCells      input_selection;  /* a selection on the input grid, for copying */
  gboolean      copy_from_input;  /* the last selection was made on the input */
  GtkWidget    *drag_view;  /* the grid a drag began on (one of our own) */
  int           drag_row;   /* its first cell; -1 when it began off the cells */
  int           drag_col;
  gboolean      drag_moving;  /* it began in the selection, and moves it */
  gboolean      drag_adding;  /* with Ctrl: it adds to the selection (drag_base) */
  gboolean      drag_grew;    /* and it left its first cell: it adds a rectangle */
  ArcCells      drag_base;    /* the selection of its grid as it began */
  int           paint_row;  /* the pencil's last cell in the drag */
  int           paint_col;
  GtkWidget    *context_view;   /* the grid the menu was opened on, and its cell */
  int           context_row;
  int           context_col;
  char         *verdict_text;
  char         *verdict_short;  /* (nullable): its few words, for a compact workspace */
  int           verdict_width;  /* compact, the width it was last given (0: none yet) */
  ArcGrid      *judged_grid;    /* (nullable) the grid it judged: stale once the grid differs */
  gboolean      verdict_only;   /* right or wrong, nothing of why (Build from Description) */
  ArcTaskEdit  *history;        /* (nullable): editing a task's grid (arc-solve-view-edit.c) */
  char         *edit_names[3];  /* then: the title, the shown grid's name, the edited grid's */
  ArcEditBeside edit_beside;    /* then: what the edited grid is beside */
  gboolean      grids_held;     /* zoomed: they keep their places (arc-solve-view-zoom.c) */
  guint         hold_idle;      /* ...for their area's new size */
  int           rooms[4];       /* the input's and the output's room, rows then columns (0: their grids') */
  GtkWidget    *zoom_grid;      /* (nullable): the grid under the pointer as it zoomed */
  int           zoom_row;       /* the cell there, or -1 */
  int           zoom_col;
  double        zoom_share_x;   /* the point in it, as a share of a cell (of the grid, off the cells) */
  double        zoom_share_y;
  double        zoom_x;         /* and where it was in the grids' area */
  double        zoom_y;
  guint         zoom_tries;     /* layouts left to put it back there */
  double        zoom_upper_x;   /* the scrolled size at the last try */
  double        zoom_upper_y;
  gboolean      compact;        /* the header's parts on the grids' labels (arc-solve-view-layout.c) */
  GtkWidget    *header;         /* the title and the verdict, above the grids when not compact */
  GtkSizeGroup *label_rows;     /* compact: the grids' labels, one height */
  int           header_height;  /* the header's, allocated above the grids last */
  gboolean      cursor_moved_last;  /* the keys moved the cursor after the pointer moved (arc-solve-view-hover.c) */
};

/* The parts of the view: arc-solve-view.c (the class and its public API)
 * and arc-solve-view-actions.c call each other and the parts below, which
 * call neither (HACKING.md, "Import circles") */

/* arc-solve-view.c */
void arc_solve_view_sync           (ArcSolveView  *self);
void arc_solve_view_paint_to       (ArcSolveView  *self,
                                    int            row,
                                    int            col);
void arc_solve_view_set_verdict_short (ArcSolveView *self,
                                       const char   *text);
void arc_solve_view_set_verdict    (ArcSolveView  *self,
                                    const char    *text,
                                    const char    *css_class);
void arc_solve_view_clear_marks    (ArcSolveView  *self);
void arc_solve_view_pick_colour    (ArcSolveView  *self,
                                    const ArcGrid *grid,
                                    int            row,
                                    int            col);
void arc_solve_view_set_picking    (ArcSolveView  *self,
                                    gboolean       picking);
void arc_solve_view_emit_submitted (ArcSolveView  *self,
                                    ArcAttempt    *attempt);
void arc_solve_view_show_toast     (ArcSolveView  *self,
                                    const char    *message,
                                    gboolean       urgent);

/* arc-solve-view-edit.c */
gboolean arc_solve_view_edit_labels   (ArcSolveView  *self);
void     arc_solve_view_edit_clear    (ArcSolveView  *self);
gboolean arc_solve_view_edit_set      (ArcSolveView  *self,
                                       ArcTaskEdit   *history,
                                       const char    *title,
                                       const char    *input_name,
                                       const char    *output_name,
                                       ArcEditBeside  beside);
void     arc_solve_view_edit_title_widget (ArcSolveView *self,
                                           GtkWidget    *widget);

/* arc-solve-view-zoom.c */
void arc_solve_view_init_zoom        (ArcSolveView   *self);
void arc_solve_view_zoom_area_changed (ArcSolveView  *self);
void arc_solve_view_zoom_grids       (ArcSolveView   *self,
                                      int             cell,
                                      double          x,
                                      double          y);

/* arc-solve-view-layout.c */
void arc_solve_view_class_add_layout (GtkWidgetClass *widget_class);
void arc_solve_view_init_layout      (ArcSolveView   *self);
void arc_solve_view_place_header     (ArcSolveView   *self);
void arc_solve_view_show_verdict     (ArcSolveView   *self);
char *arc_solve_view_wrong_text      (gboolean        counts,
                                      guint           left,
                                      int             height,
                                      int             width,
                                      int             n_wrong);
gboolean arc_solve_view_update_rooms  (ArcSolveView *self);
int   arc_solve_view_layout_cell_for_size (ArcSolveView *self,
                                           int           width,
                                           int           height);
char *arc_solve_view_repeat_text     (guint           left,
                                      int             height,
                                      int             width,
                                      int             n_wrong);

void  arc_solve_view_say_size_error  (ArcSolveView   *self,
                                     const char     *message);
void  arc_solve_view_reset_size_field (ArcSolveView  *self);

/* arc-solve-view-hover.c */
void arc_solve_view_class_add_hover (GtkWidgetClass *widget_class);
void arc_solve_view_init_hover      (ArcSolveView   *self);
char *arc_solve_view_grid_name      (ArcSolveView   *self,
                                     GtkWidget      *view);
void arc_solve_view_popup_grid_menu (ArcSolveView *self,
                                     GtkWidget    *view,
                                     int           row,
                                     int           col,
                                     double        x,
                                     double        y);

/* arc-solve-view-actions.c */
void arc_solve_view_grow_selection    (ArcSolveView   *self,
                                       gboolean        on_input,
                                       const ArcCells *base,
                                       int             row,
                                       int             col,
                                       int             to_row,
                                       int             to_col,
                                       gboolean        toggle);
void arc_solve_view_class_add_actions (GtkWidgetClass *widget_class);
void arc_solve_view_add_shortcuts     (ArcSolveView   *self);
void arc_solve_view_update_actions    (ArcSolveView   *self);

G_END_DECLS

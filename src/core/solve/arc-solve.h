/* arc-solve.h: building an answer for a task's test inputs, with undo, trials and verdicts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "arc-cells.h"
#include "arc-notes.h"
#include "arc-task.h"

G_BEGIN_DECLS

typedef enum
{
  ARC_TEST_OPEN,     /* trials left */
  ARC_TEST_SOLVED,   /* a counted attempt was right */
  ARC_TEST_FAILED,   /* the trials are used up */
} ArcTestState;

#define ARC_TYPE_TEST_STATE (arc_test_state_get_type ())
GType arc_test_state_get_type (void) G_GNUC_CONST;

#define ARC_TYPE_SOLVE (arc_solve_get_type ())

G_DECLARE_FINAL_TYPE (ArcSolve, arc_solve, ARC, SOLVE, GObject)

ArcSolve      *arc_solve_new            (ArcTask        *task,
                                         guint           trials);
ArcTask       *arc_solve_get_task       (ArcSolve       *self);
guint          arc_solve_get_n_tests    (ArcSolve       *self);
guint          arc_solve_get_current    (ArcSolve       *self);
void           arc_solve_set_current    (ArcSolve       *self,
                                         guint           test);
const ArcGrid *arc_solve_get_input      (ArcSolve       *self);
const ArcGrid *arc_solve_get_output     (ArcSolve       *self);

/* The selection on the output grid: a rectangle, or cells added one at a time */
gboolean       arc_solve_get_selection  (ArcSolve       *self,
                                         ArcRect        *rect);
gboolean       arc_solve_get_selected_cells (ArcSolve   *self,
                                         ArcCells       *cells);
void           arc_solve_set_selection  (ArcSolve       *self,
                                         const ArcRect  *rect);
void           arc_solve_set_selected_cells (ArcSolve   *self,
                                         const ArcCells *cells);
void           arc_solve_toggle_selected (ArcSolve      *self,
                                         int             row,
                                         int             col);
gboolean       arc_solve_is_floating    (ArcSolve       *self);

/* Changes to the output grid: each is one step of undo */
gboolean       arc_solve_resize         (ArcSolve       *self,
                                         int             height,
                                         int             width);
void           arc_solve_copy_from_input (ArcSolve      *self);
void           arc_solve_reset          (ArcSolve       *self);
gboolean       arc_solve_paint          (ArcSolve       *self,
                                         int             row,
                                         int             col,
                                         guint8          colour);
void           arc_solve_begin_stroke   (ArcSolve       *self);
void           arc_solve_end_stroke     (ArcSolve       *self);
gboolean       arc_solve_flood_fill     (ArcSolve       *self,
                                         int             row,
                                         int             col,
                                         guint8          colour);
gboolean       arc_solve_fill_selection (ArcSolve       *self,
                                         guint8          colour);
gboolean       arc_solve_rotate         (ArcSolve       *self,
                                         gboolean        clockwise);
gboolean       arc_solve_flip           (ArcSolve       *self,
                                         gboolean        horizontally);
gboolean       arc_solve_move           (ArcSolve       *self,
                                         int             drow,
                                         int             dcol);
gboolean       arc_solve_crop           (ArcSolve       *self);
void           arc_solve_set_clipboard  (ArcSolve       *self,
                                         const ArcGrid  *clip);
const ArcGrid *arc_solve_get_clipboard  (ArcSolve       *self);
gboolean       arc_solve_paste          (ArcSolve       *self,
                                         int             row,
                                         int             col);
void           arc_solve_set_output     (ArcSolve       *self,
                                         const ArcGrid  *grid);
gboolean       arc_solve_copy_cells     (ArcSolve       *self,
                                         gboolean        from_input,
                                         const ArcCells *cells);
GPtrArray     *arc_solve_get_actions    (ArcSolve       *self);
gboolean       arc_solve_can_undo       (ArcSolve       *self);
gboolean       arc_solve_can_redo       (ArcSolve       *self);
gboolean       arc_solve_undo           (ArcSolve       *self);
gboolean       arc_solve_redo           (ArcSolve       *self);

/* Submitting */
ArcAttempt    *arc_solve_submit         (ArcSolve       *self);
gboolean       arc_solve_is_repeat      (ArcSolve       *self);
ArcTestState   arc_solve_get_state      (ArcSolve       *self,
                                         guint           test);
guint          arc_solve_get_trials_left (ArcSolve      *self,
                                          guint          test);
gboolean       arc_solve_is_solved      (ArcSolve       *self);
void           arc_solve_add_past       (ArcSolve       *self,
                                         const ArcAttempt *attempt);
void           arc_solve_recount        (ArcSolve       *self,
                                         GPtrArray      *attempts);
const ArcGrid *arc_solve_get_expected   (ArcSolve       *self);
const ArcGrid *arc_solve_get_last_wrong (ArcSolve       *self);

/* The work in progress, kept between sessions (arc-solve-work.c) */
gboolean       arc_solve_restore_output (ArcSolve       *self,
                                         guint           test,
                                         const ArcGrid  *grid,
                                         gint64          time);
gboolean       arc_solve_save_work      (ArcSolve       *self,
                                         GFile          *file,
                                         GError        **error);
gboolean       arc_solve_load_work      (ArcSolve       *self,
                                         GFile          *file,
                                         GError        **error);
void           arc_solve_set_work_file  (ArcSolve       *self,
                                         GFile          *file);
void           arc_solve_set_work_address (ArcSolve     *self,
                                         const char     *collection_uri,
                                         const char     *task_id);
gboolean       arc_solve_is_over        (ArcSolve       *self);
void           arc_solve_flush_work     (ArcSolve       *self);
const GError  *arc_solve_get_save_error (ArcSolve       *self);
GFile         *arc_solve_dup_work_file  (GFile          *task_file,
                                         const char     *id);
GFile         *arc_solve_dup_work_dir   (void);
guint          arc_solve_clean_work     (GFile          *dir,
                                         GCancellable   *cancellable);
void           arc_solve_clean_work_async  (GFile               *dir,
                                            GCancellable        *cancellable,
                                            GAsyncReadyCallback  callback,
                                            gpointer             user_data);
guint          arc_solve_clean_work_finish (GAsyncResult        *result,
                                            GError             **error);
gboolean       arc_solve_has_new_work   (ArcSolve       *self);
gboolean       arc_solve_is_changed     (ArcSolve       *self);
char          *arc_solve_dup_work_name  (GFile          *task_file,
                                         const char     *id);
GHashTable    *arc_solve_list_work      (GCancellable   *cancellable);

G_END_DECLS

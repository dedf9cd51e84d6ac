/* arc-program.h: a task's program (Python 3 that makes its outputs), run in
 * a pool of python3 processes, never in ARC Studio's own
 *
 * A program is kept with the task's notes, one per annotator
 * (ArcAnnotation.program, the "program" member of .arcnotes). Its entry point
 * is solve_ID(I) (arc-dsl's solvers), transform(grid) or solve(I): solve
 * functions get the grid as a tuple of tuples, transform as a list of
 * lists; they return lists, tuples or anything with tolist().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "arc-grid.h"
#include "arc-notes.h"
#include "arc-render.h"
#include "arc-task.h"

G_BEGIN_DECLS

#define ARC_PROGRAM_DEFAULT_TIMEOUT_MS  10000                   /* a pair's time limit */
#define ARC_PROGRAM_DEFAULT_MEMORY      (G_GUINT64_CONSTANT (2) << 30)  /* RLIMIT_AS of an interpreter */
#define ARC_PROGRAM_TRACE_MAX_STEPS     10000                   /* a traced pair's steps recorded, at most */
#define ARC_PROGRAM_TRACE_MAX_BYTES     (8 << 20)               /* and their values, as sent */
#define ARC_PROGRAM_TRACE_MAX_ITEMS     64                      /* the objects of a container kept */

typedef enum
{
  ARC_PROGRAM_OK,       /* it returned a grid */
  ARC_PROGRAM_RAISED,   /* it raised an exception, or did not load (a syntax error, no entry point) */
  ARC_PROGRAM_INVALID,  /* it returned something that is not a grid */
  ARC_PROGRAM_TIMEOUT,  /* it ran longer than the time limit, and its interpreter was stopped */
  ARC_PROGRAM_CRASHED,  /* its interpreter died: os._exit(), a signal, a crash */
} ArcProgramStatus;

/* What a step of a trace assigned (arc-program-trace.c) */
typedef enum
{
  ARC_PROGRAM_VALUE_GRID,     /* a grid: tuples, lists or a 2-D NumPy array of 0 to 9 */
  ARC_PROGRAM_VALUE_OBJECT,   /* a set of (colour, (row, col)), as arc-dsl's objects */
  ARC_PROGRAM_VALUE_INDICES,  /* a set of (row, col) */
  ARC_PROGRAM_VALUE_OBJECTS,  /* a set, list or tuple of objects, or of sets of indices */
  ARC_PROGRAM_VALUE_TEXT,     /* anything else, as Python's short repr() */
  ARC_PROGRAM_VALUE_ERROR,    /* not an assignment: the pair's error, its last step */
  ARC_PROGRAM_VALUE_CUT,      /* not an assignment: recording stopped here, at a limit */
} ArcProgramValueKind;

typedef enum
{
  ARC_PROGRAM_LIMIT_NONE,
  ARC_PROGRAM_LIMIT_STEPS,    /* ARC_PROGRAM_TRACE_MAX_STEPS */
  ARC_PROGRAM_LIMIT_BYTES,    /* ARC_PROGRAM_TRACE_MAX_BYTES */
} ArcProgramLimit;

typedef struct
{
  int row;
  int col;
  int colour;  /* 0 to 9; -1 for a cell of a set of indices */
} ArcProgramCell;

/* One assignment in the program's own functions, as it ran on a pair */
typedef struct
{
  char                *function;  /* the function it is in ("" when not known: an error outside any) */
  int                  line;      /* of the program, from 1; 0 when not known */
  char                *name;      /* what was assigned: "x1", or an item as written, "out[r][c]" */
  ArcProgramValueKind  kind;
  ArcGrid             *grid;      /* GRID */
  GArray              *cells;     /* OBJECT, INDICES: ArcProgramCell, sorted by row, column and colour */
  GPtrArray           *items;     /* OBJECTS: GArray of ArcProgramCell, the first ARC_PROGRAM_TRACE_MAX_ITEMS
                                   * (colours -1: sets of indices) */
  guint                n_items;   /* OBJECTS: how many objects it held */
  char                *text;      /* TEXT: its repr (at most 200 characters); ERROR: the error; CUT: what stopped */
  ArcProgramLimit      limit;     /* CUT: which limit */
} ArcProgramStep;

/* What the program made of one pair's input */
typedef struct
{
  gboolean          test;       /* a test pair, else a train pair */
  guint             index;      /* from 0, among the train or the test pairs */
  ArcProgramStatus  status;
  ArcGrid          *predicted;  /* (nullable): the grid it returned (ARC_PROGRAM_OK) */
  char             *message;    /* (nullable): why there is no grid, e.g. "ZeroDivisionError: division by zero" */
  int               line;       /* the program's line where it was raised, 0 when not known */
  char             *printed;    /* (nullable): what it printed, at most a few kB */
  ArcVerdict        verdict;    /* CORRECT or WRONG against the expected output (WRONG without a grid);
                                 * UNVERIFIED when the output is hidden and it returned a grid */
  GPtrArray        *steps;      /* (nullable): ArcProgramStep, in order, when traced */
} ArcProgramPair;

/* A program run on every pair of a task */
typedef struct
{
  char      *task_id;
  GPtrArray *pairs;  /* ArcProgramPair: the train pairs, then the test pairs */
} ArcProgramResult;

ArcProgramResult     *arc_program_result_new         (const char             *task_id,
                                                      guint                   n_train,
                                                      guint                   n_test);
ArcProgramResult     *arc_program_result_copy        (const ArcProgramResult *result);
void                  arc_program_result_free        (ArcProgramResult       *result);
gboolean              arc_program_result_is_right    (const ArcProgramResult *result);
const ArcProgramPair *arc_program_result_first_wrong (const ArcProgramResult *result);
char                 *arc_program_pair_describe      (const ArcProgramPair   *pair);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArcProgramResult, arc_program_result_free)

#define ARC_TYPE_PROGRAM_POOL (arc_program_pool_get_type ())

G_DECLARE_FINAL_TYPE (ArcProgramPool, arc_program_pool, ARC, PROGRAM_POOL, GObject)

ArcProgramPool   *arc_program_pool_new              (guint                 n_workers);
guint             arc_program_pool_get_n_workers    (ArcProgramPool       *self);
void              arc_program_pool_set_timeout      (ArcProgramPool       *self,
                                                     guint                 milliseconds);
void              arc_program_pool_set_memory_limit (ArcProgramPool       *self,
                                                     guint64               bytes);
void              arc_program_pool_set_python_path  (ArcProgramPool       *self,
                                                     const char * const   *dirs);
void              arc_program_pool_run_async        (ArcProgramPool       *self,
                                                     const char           *task_id,
                                                     const char           *source,
                                                     ArcTask              *task,
                                                     GCancellable         *cancellable,
                                                     GAsyncReadyCallback   callback,
                                                     gpointer              user_data);
ArcProgramResult *arc_program_pool_run_finish       (ArcProgramPool       *self,
                                                     GAsyncResult         *result,
                                                     GError              **error);
void              arc_program_pool_trace_async      (ArcProgramPool       *self,
                                                     const char           *task_id,
                                                     const char           *source,
                                                     ArcTask              *task,
                                                     int                   pair,
                                                     GCancellable         *cancellable,
                                                     GAsyncReadyCallback   callback,
                                                     gpointer              user_data);
ArcProgramResult *arc_program_pool_trace_finish     (ArcProgramPool       *self,
                                                     GAsyncResult         *result,
                                                     GError              **error);

/* Traces (arc-program-trace.c) */
void              arc_program_step_free             (ArcProgramStep       *step);
ArcProgramStep   *arc_program_step_new_from_json    (JsonObject           *object,
                                                     GError              **error);
ArcProgramStep   *arc_program_step_new_error        (const char           *function,
                                                     int                   line,
                                                     const char           *message);
const char       *arc_program_value_kind_to_string  (ArcProgramValueKind   kind);
char             *arc_program_step_describe         (const ArcProgramStep *step);
gboolean          arc_program_step_holds_indices    (const ArcProgramStep *step);
void              arc_program_step_append_json      (const ArcProgramStep *step,
                                                     GString              *out);
ArcGrid          *arc_program_grid_from_text        (const char           *text);
void              arc_program_append_json_string    (GString              *out,
                                                     const char           *text);

/* A step's value drawn (arc-program-render.c) */
guint32           arc_program_empty_rgb             (const ArcRenderOptions *options);
guint32           arc_program_mark_rgb              (const ArcRenderOptions *options);
void              arc_program_canvas_size           (int                  *rows,
                                                     int                  *cols);
guint             arc_program_count_outside         (const GArray         *cells,
                                                     int                   rows,
                                                     int                   cols);
void              arc_program_render_cells          (cairo_t              *cr,
                                                     const GArray         *cells,
                                                     int                   rows,
                                                     int                   cols,
                                                     double                x,
                                                     double                y,
                                                     const ArcRenderOptions *options);

/* Importing the programs of Python files (arc-program-import.c) */
typedef struct
{
  char *task_id;   /* the task it is for: ID of solve_ID, or the name of the file */
  char *function;  /* solve_ID, or "" for a whole file */
  char *file;
  char *source;    /* the function with what it needs of its module, or the whole file */
} ArcProgramImport;

void              arc_program_import_free           (ArcProgramImport     *import);
GPtrArray        *arc_program_import_files          (const char * const   *paths,
                                                     GPtrArray           **problems,
                                                     GError              **error);

const char       *arc_program_python                (void);
GBytes           *arc_program_script                (const char           *name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArcProgramImport, arc_program_import_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArcProgramStep, arc_program_step_free)

G_END_DECLS

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

#include "arc-grid.h"
#include "arc-notes.h"
#include "arc-task.h"

G_BEGIN_DECLS

#define ARC_PROGRAM_DEFAULT_TIMEOUT_MS  10000                   /* a pair's time limit */
#define ARC_PROGRAM_DEFAULT_MEMORY      (G_GUINT64_CONSTANT (2) << 30)  /* RLIMIT_AS of an interpreter */

typedef enum
{
  ARC_PROGRAM_OK,       /* it returned a grid */
  ARC_PROGRAM_RAISED,   /* it raised an exception, or did not load (a syntax error, no entry point) */
  ARC_PROGRAM_INVALID,  /* it returned something that is not a grid */
  ARC_PROGRAM_TIMEOUT,  /* it ran longer than the time limit, and its interpreter was stopped */
  ARC_PROGRAM_CRASHED,  /* its interpreter died: os._exit(), a signal, a crash */
} ArcProgramStatus;

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

G_END_DECLS

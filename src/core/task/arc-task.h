/* arc-task.h: an ARC task and the problems found in it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "arc-grid.h"

G_BEGIN_DECLS

/* Limits that keep time and memory bounded on hostile input. */
#define ARC_TASK_MAX_FILE_SIZE     (16 * 1024 * 1024)
#define ARC_COMBINED_MAX_FILE_SIZE (512 * 1024 * 1024)
#define ARC_MAX_PROBLEMS           50

typedef enum
{
  ARC_SEVERITY_ERROR,
  ARC_SEVERITY_WARNING,
} ArcSeverity;

/* One finding of the validator: where (a JSON path such as
 * `test[0].input[3][4]`, or "line 3, column 14" for syntax errors, or "" for
 * the whole file) and what. A deviation from the competition rules (a
 * warning) concerns who makes or checks a task, not who solves it. */
typedef struct
{
  ArcSeverity severity;
  char       *location;
  char       *message;
  gboolean    competition_rule;
} ArcProblem;

ArcProblem *arc_problem_new    (ArcSeverity       severity,
                                const char       *location,
                                const char       *message);
void        arc_problem_free   (ArcProblem       *problem);
char       *arc_problem_format (const ArcProblem *problem,
                                const char       *source);

typedef struct
{
  ArcGrid *input;
  ArcGrid *output;  /* (nullable): hidden test outputs are NULL */
} ArcPair;

#define ARC_TYPE_TASK (arc_task_get_type ())

G_DECLARE_FINAL_TYPE (ArcTask, arc_task, ARC, TASK, GObject)

const char    *arc_task_get_id          (ArcTask        *self);
guint          arc_task_get_n_train     (ArcTask        *self);
guint          arc_task_get_n_test      (ArcTask        *self);
const ArcPair *arc_task_get_train       (ArcTask        *self,
                                         guint           index);
const ArcPair *arc_task_get_test        (ArcTask        *self,
                                         guint           index);
gboolean       arc_task_has_test_outputs (ArcTask       *self);
void           arc_task_set_test_output (ArcTask        *self,
                                         guint           index,
                                         const ArcGrid  *output);
GPtrArray     *arc_task_get_warnings    (ArcTask        *self);
char          *arc_task_to_json         (ArcTask        *self);
char          *arc_task_dup_content_hash (ArcTask       *task);

G_END_DECLS

/* arc-larc.h: LARC (Language-complete ARC): reading its tasks_json files into
 * read-only description records, and writing notes back in its layout
 *
 * LARC's data is CC BY 4.0: whatever shows or exports it credits LARC
 * (ARC_LARC_CREDIT).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-entry.h"
#include "arc-json.h"
#include "arc-notes.h"
#include "arc-task.h"

G_BEGIN_DECLS

#define ARC_LARC_NAME     "LARC"
#define ARC_LARC_LICENSE  "CC-BY-4.0"
#define ARC_LARC_URL      "https://github.com/samacqua/LARC"
#define ARC_LARC_CREDIT   "LARC (Language-complete ARC) by Sam Acquaviva and other contributors, " ARC_LARC_URL
/* The annotator name of LARC's records begins with this */
#define ARC_LARC_PREFIX   "larc:"
/* Answers per test input in LARC's interface */
#define ARC_LARC_TRIALS   3

/* One of LARC's tasks_json files, read */
typedef struct
{
  char      *file_name;     /* e.g. "14.json" */
  char      *task_id;       /* from `name`, e.g. "0ca9ddb6"; NULL when the file has none */
  ArcTask   *task;          /* (nullable): its train and test pairs */
  GPtrArray *descriptions;  /* ArcAnnotation, each with its ArcSource: in the file's order */
  guint      n_builds;
  GPtrArray *untimed;       /* (nullable) char*: the action sequences with actions that have no time,
                               each as a warning; many of LARC's have none, so these are counted apart */
} ArcLarcTask;

ArcLarcTask *arc_larc_task_load           (GFile          *file,
                                           GPtrArray      *warnings,
                                           GError        **error);
ArcLarcTask *arc_larc_task_load_from_data (const char     *data,
                                           gsize           length,
                                           const char     *file_name,
                                           GPtrArray      *warnings,
                                           GError        **error);
void         arc_larc_task_free           (ArcLarcTask    *larc);
gboolean     arc_larc_looks_like_task     (JsonNode       *root);

guint          arc_larc_count_changes  (ArcLarcTask   *larc,
                                        ArcNotes      *notes,
                                        const char    *task_id,
                                        GPtrArray     *warnings);
guint        arc_larc_merge               (ArcLarcTask    *larc,
                                           ArcNotes       *notes,
                                           const char     *task_id,
                                           GPtrArray      *warnings);

gboolean     arc_larc_is_record           (const ArcAnnotation *annotation);
void         arc_larc_merge_task_file     (ArcNotes       *notes,
                                           ArcEntry       *entry);

JsonNode    *arc_larc_export_task         (ArcTask        *task,
                                           const char     *task_id,
                                           ArcNotes       *notes,
                                           char          **file_name,
                                           guint          *n_descriptions,
                                           guint          *n_builds);

/* arc-larc-actions.c: LARC's actions and ARCTraj's records */
typedef struct
{
  const char    *file;       /* for warnings */
  GPtrArray     *warnings;   /* (nullable): char* */
  GPtrArray     *untimed;    /* (nullable): char*, the warnings of actions without a time (else in @warnings) */
  const ArcGrid *input;      /* (nullable): the test input, to tell copies from it */
  const ArcGrid *expected;   /* (nullable): the test output, for verdicts */
  const char    *data;       /* the file's text, where the lists lifted out of the tree are */
  GArray        *grids;      /* (nullable) ArcJsonRange: the lists lifted out of the tree (action
                                sequences, the grids of answers, the task's pairs) */
  const char    *marker;     /* (nullable): the string standing for them in the tree, then their index */
} ArcLarcContext;

void         arc_larc_warn                (const ArcLarcContext *ctx,
                                           const char     *where,
                                           const char     *format,
                                           ...) G_GNUC_PRINTF (3, 4);
gboolean     arc_larc_get_int             (const ArcLarcContext *ctx,
                                           const char     *where,
                                           JsonObject     *o,
                                           const char     *name,
                                           gint64         *value);
gboolean     arc_larc_get_double          (const ArcLarcContext *ctx,
                                           const char     *where,
                                           JsonObject     *o,
                                           const char     *name,
                                           double         *value);
int          arc_larc_get_bool            (const ArcLarcContext *ctx,
                                           const char     *where,
                                           JsonObject     *o,
                                           const char     *name);
const char  *arc_larc_get_string          (const ArcLarcContext *ctx,
                                           const char     *where,
                                           JsonObject     *o,
                                           const char     *name);
gint64       arc_larc_seconds_to_usec     (double          seconds);
ArcGrid     *arc_larc_read_grid           (const ArcLarcContext *ctx,
                                           JsonNode       *node);
void         arc_larc_read_session        (const ArcLarcContext *ctx,
                                           const char     *where,
                                           JsonObject     *record,
                                           gint64          base,
                                           GPtrArray      *attempts,
                                           GPtrArray     **unsubmitted,
                                           ArcGrid       **unsubmitted_grid);
/* Grids written as marks in the tree, and as text after it is generated
 * (arc_larc_grid_marks_splice()): json-glib's nodes of them were most of
 * an export's time */
typedef struct
{
  GPtrArray *grids;   /* ArcGrid */
  char      *marker;  /* starts with U+0001; then the grid's index */
} ArcLarcGridMarks;

void         arc_larc_write_session       (JsonObject     *record,
                                           GPtrArray      *attempts,
                                           GPtrArray      *unsubmitted,
                                           const ArcGrid  *unsubmitted_grid,
                                           gint64          base,
                                           ArcLarcGridMarks *marks);
void         arc_larc_grid_marks_init     (ArcLarcGridMarks *marks);
void         arc_larc_grid_marks_clear    (ArcLarcGridMarks *marks);
JsonNode    *arc_larc_grid_marks_add      (ArcLarcGridMarks *marks,
                                           const ArcGrid  *grid);
char        *arc_larc_grid_marks_splice   (ArcLarcGridMarks *marks,
                                           const char     *text);
guint        arc_larc_export_plan         (ArcNotes       *notes,
                                           const char     *task_id,
                                           char          **file_name,
                                           guint          *n_builds);
char        *arc_larc_export_task_to_data (ArcTask        *task,
                                           const char     *task_id,
                                           ArcNotes       *notes,
                                           char          **file_name,
                                           guint          *n_descriptions,
                                           guint          *n_builds);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArcLarcTask, arc_larc_task_free)

G_END_DECLS

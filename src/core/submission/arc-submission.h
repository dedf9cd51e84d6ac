/* arc-submission.h: ARC Prize submission files: reading, scoring, writing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "arc-collection.h"
#include "arc-notes-store.h"

G_BEGIN_DECLS

#define ARC_MAX_ATTEMPTS 2

/* The attempts for one test input (either may be missing) */
typedef struct
{
  ArcGrid *attempts[ARC_MAX_ATTEMPTS];
  char    *invalid[ARC_MAX_ATTEMPTS];   /* (nullable) why an attempt given is not a grid */
} ArcPrediction;

typedef struct _ArcSubmission ArcSubmission;

ArcSubmission *arc_submission_load      (GFile          *file,
                                         GPtrArray     **problems,
                                         GError        **error);
ArcSubmission *arc_submission_load_from_data (const char *data,
                                              gsize       length,
                                              GPtrArray **problems,
                                              GError    **error);
void           arc_submission_free      (ArcSubmission  *submission);
GPtrArray     *arc_submission_get       (ArcSubmission  *submission,
                                         const char     *task_id);

/* The score of one task */
typedef struct
{
  char    *id;
  guint    n_tests;
  guint    n_matched;    /* test outputs matched by one of their attempts */
  gboolean missing;      /* not in the submission */
  gboolean correct;      /* every test output matched */
  guint64  matched_mask; /* bit i: test i matched */
} ArcTaskScore;

typedef struct
{
  GPtrArray *tasks;      /* ArcTaskScore, in collection order */
  guint      n_tests;
  guint      n_matched;
  guint      n_tasks;
  guint      n_correct;
  GPtrArray *problems;   /* ArcProblem: unknown ids, short lists, bad grids */
} ArcScore;

ArcScore      *arc_score_compute        (ArcCollection  *collection,
                                         ArcSubmission  *submission);
void           arc_score_free           (ArcScore       *score);

char          *arc_submission_export    (ArcCollection  *collection,
                                         ArcNotesStore  *store,
                                         const char     *annotator,
                                         guint          *n_placeholders,
                                         guint          *n_tests);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArcSubmission, arc_submission_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArcScore, arc_score_free)

G_END_DECLS

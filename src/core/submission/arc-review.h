/* arc-review.h: a submission reviewed against a collection: its score, per task, and what it says
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "arc-collection.h"
#include "arc-submission.h"

G_BEGIN_DECLS

#define ARC_TYPE_REVIEW (arc_review_get_type ())

G_DECLARE_FINAL_TYPE (ArcReview, arc_review, ARC, REVIEW, GObject)

ArcReview          *arc_review_new             (ArcCollection  *collection,
                                                GFile          *file,
                                                GError        **error);
GFile              *arc_review_get_file        (ArcReview      *self);
const char         *arc_review_get_summary     (ArcReview      *self);
const ArcScore     *arc_review_get_score       (ArcReview      *self);
const ArcTaskScore *arc_review_get_task_score  (ArcReview      *self,
                                                const char     *id);
GPtrArray          *arc_review_get_predictions (ArcReview      *self,
                                                const char     *id);
GPtrArray          *arc_review_get_problems    (ArcReview      *self);

G_END_DECLS

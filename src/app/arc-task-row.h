/* arc-task-row.h: one task in the sidebar: thumbnail, id, group and badges
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "arc-core.h"

G_BEGIN_DECLS

typedef enum
{
  ARC_REVIEW_NONE,
  ARC_REVIEW_RIGHT,
  ARC_REVIEW_WRONG,
} ArcReviewMark;

/* A reviewed submission's marks, in the list and in the review panel: a
 * sheet (the submission) with a tick or a cross, not the bare tick of a
 * task the user solved */
#define ARC_REVIEW_RIGHT_ICON "arc-review-right-symbolic"
#define ARC_REVIEW_WRONG_ICON "arc-review-wrong-symbolic"

#define ARC_TYPE_TASK_ROW (arc_task_row_get_type ())

G_DECLARE_FINAL_TYPE (ArcTaskRow, arc_task_row, ARC, TASK_ROW, GtkWidget)

GtkWidget *arc_task_row_new             (void);
void       arc_task_row_bind            (ArcTaskRow          *self,
                                         ArcCollectionStatus *status,
                                         ArcEntry            *entry,
                                         ArcReviewMark        mark);
void       arc_task_row_unbind          (ArcTaskRow          *self);
ArcEntry  *arc_task_row_get_entry       (ArcTaskRow          *self);
void       arc_task_row_set_review_mark (ArcTaskRow          *self,
                                         ArcReviewMark        mark);
GtkWidget *arc_task_row_get_thumbnail   (ArcTaskRow          *self);

G_END_DECLS

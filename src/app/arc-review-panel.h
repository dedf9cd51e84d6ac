/* arc-review-panel.h: a reviewed submission's summary and, for the shown task, its attempts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "arc-core.h"
#include "arc-task-session.h"

G_BEGIN_DECLS

#define ARC_TYPE_REVIEW_PANEL (arc_review_panel_get_type ())

G_DECLARE_FINAL_TYPE (ArcReviewPanel, arc_review_panel, ARC, REVIEW_PANEL, GtkWidget)

void       arc_review_panel_set_review   (ArcReviewPanel *self,
                                          ArcReview      *review);
ArcReview *arc_review_panel_get_review   (ArcReviewPanel *self);
void       arc_review_panel_set_settings (ArcReviewPanel *self,
                                          GSettings      *settings);
void       arc_review_panel_set_session  (ArcReviewPanel *self,
                                          ArcTaskSession *session);
const char *arc_review_panel_get_verdict (ArcReviewPanel *self,
                                          const char    **css_class);
void        arc_review_panel_style_verdict (GtkWidget   *label,
                                            const char  *css_class);

G_END_DECLS

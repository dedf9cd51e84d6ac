/* arc-progress-banner.h: a long task's progress under the header bar, with Cancel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ARC_TYPE_PROGRESS_BANNER (arc_progress_banner_get_type ())

G_DECLARE_FINAL_TYPE (ArcProgressBanner, arc_progress_banner, ARC, PROGRESS_BANNER, GtkWidget)

ArcProgressBanner *arc_progress_banner_new       (const char        *bar_name);
void               arc_progress_banner_start     (ArcProgressBanner *self,
                                                  GCancellable      *cancellable,
                                                  const char        *text,
                                                  const char        *cancel_tooltip,
                                                  const char        *stopping_text);
void               arc_progress_banner_update    (ArcProgressBanner *self,
                                                  const char        *text,
                                                  double             fraction);
void               arc_progress_banner_stop      (ArcProgressBanner *self);
gboolean           arc_progress_banner_is_busy   (ArcProgressBanner *self);
void               arc_progress_banner_place     (ArcProgressBanner *self,
                                                  GtkWidget         *column);

G_END_DECLS

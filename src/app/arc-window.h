/* arc-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "arc-core.h"

G_BEGIN_DECLS

#define ARC_TYPE_WINDOW (arc_window_get_type ())

G_DECLARE_FINAL_TYPE (ArcWindow, arc_window, ARC, WINDOW, AdwApplicationWindow)

ArcWindow *arc_window_new             (GtkApplication *application,
                                       GSettings      *settings);
char      *arc_window_collection_name (GFile          *file);
gboolean   arc_window_open            (ArcWindow      *self,
                                       GFile          *file);
void       arc_window_open_samples    (ArcWindow      *self);
void       arc_window_set_collection  (ArcWindow      *self,
                                       ArcCollection  *collection,
                                       ArcCollectionStatus *status);
GFile     *arc_window_initial_file    (GSettings      *settings,
                                       gboolean       *welcome);
void       arc_window_open_initial    (ArcWindow      *self);
gboolean   arc_window_has_collection  (ArcWindow      *self);
gboolean   arc_window_select_task     (ArcWindow      *self,
                                       const char     *id);
void       arc_window_show_welcome    (ArcWindow      *self);
gboolean   arc_window_is_welcoming    (ArcWindow      *self);
void       arc_window_set_program_pool (ArcWindow     *self,
                                        ArcProgramPool *pool);
ArcProgramPool *arc_program_pool_new_for_settings (GSettings *settings);

/* For the parts of the window that show on it */
void       arc_window_show_toast      (ArcWindow      *self,
                                       const char     *message);
void       arc_window_show_details    (ArcWindow      *self,
                                       const char     *heading,
                                       const char     *summary,
                                       const char     *report);
void       arc_window_show_details_toast (ArcWindow   *self,
                                       const char     *summary,
                                       const char     *heading,
                                       const char     *report);
void       arc_window_reshow          (ArcWindow      *self);

typedef struct _ArcTaskEditor ArcTaskEditor;
ArcTaskEditor *arc_window_get_task_editor (ArcWindow  *self);

/* What the file choosers of Review Submission and Import LARC Descriptions
 * do with the file chosen (arc-window-review.c, arc-window-larc.c) */
gboolean   arc_window_review_submission (ArcWindow    *self,
                                         GFile        *file,
                                         GError      **error);
void       arc_window_import_larc       (ArcWindow    *self,
                                         GFile        *folder);

G_END_DECLS

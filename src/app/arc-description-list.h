/* arc-description-list.h: the other descriptions of the shown task, read-only
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "arc-core.h"

G_BEGIN_DECLS

#define ARC_TYPE_DESCRIPTION_LIST (arc_description_list_get_type ())

G_DECLARE_FINAL_TYPE (ArcDescriptionList, arc_description_list, ARC, DESCRIPTION_LIST, GtkWidget)

guint  arc_description_list_update     (ArcDescriptionList  *self,
                                        ArcNotes            *notes,
                                        const char          *task_id,
                                        const char          *own,
                                        guint                n_tests);
guint  arc_description_list_get_n_shown (ArcDescriptionList *self);
char  *arc_description_display_name    (const char          *annotator,
                                        const ArcAnnotation *annotation);
gboolean arc_description_has_replay   (const ArcAnnotation *annotation);
char  *arc_description_cut_text        (const char          *text,
                                        gsize                max);
char  *arc_description_summary         (const ArcAnnotation *annotation,
                                        guint                n_tests,
                                        gboolean             own);

G_END_DECLS

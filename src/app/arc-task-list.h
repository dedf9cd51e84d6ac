/* arc-task-list.h: the sidebar: the collection's tasks, searched and filtered
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "arc-core.h"
#include "arc-task-filter.h"
#include "arc-task-row.h"

G_BEGIN_DECLS

#define ARC_TYPE_TASK_LIST (arc_task_list_get_type ())

G_DECLARE_FINAL_TYPE (ArcTaskList, arc_task_list, ARC, TASK_LIST, GtkWidget)

void           arc_task_list_set_status       (ArcTaskList   *self,
                                               ArcCollectionStatus *status);
ArcCollectionStatus *arc_task_list_get_status (ArcTaskList   *self);
void           arc_task_list_set_settings     (ArcTaskList   *self,
                                               GSettings     *settings);
ArcCollection *arc_task_list_get_collection   (ArcTaskList   *self);
ArcEntry      *arc_task_list_get_selected     (ArcTaskList   *self);
gboolean       arc_task_list_get_position     (ArcTaskList   *self,
                                               guint         *position,
                                               guint         *n_items);
gboolean       arc_task_list_select_id        (ArcTaskList   *self,
                                               const char    *id);
gboolean       arc_task_list_select_task      (ArcTaskList   *self,
                                               GFile         *file,
                                               const char    *id);
gboolean       arc_task_list_step             (ArcTaskList   *self,
                                               int            delta);
gboolean       arc_task_list_select_random    (ArcTaskList   *self);
ArcEntry      *arc_task_list_dup_neighbour    (ArcTaskList   *self,
                                               int            delta);
void           arc_task_list_focus_search     (ArcTaskList   *self);
void           arc_task_list_leave_search     (ArcTaskList   *self);
void           arc_task_list_focus_list       (ArcTaskList   *self);
void           arc_task_list_clear_filters    (ArcTaskList   *self);
void           arc_task_list_set_autoselect   (ArcTaskList   *self,
                                               gboolean       autoselect);
char          *arc_task_list_describe_empty   (ArcTaskList   *self,
                                               const char   **clear);
void           arc_task_list_set_search       (ArcTaskList   *self,
                                               const char    *text);
void           arc_task_list_set_status_filter (ArcTaskList  *self,
                                                ArcStatusFilter filter);
void           arc_task_list_set_group_filter (ArcTaskList   *self,
                                               const char    *group);
gboolean       arc_task_list_is_busy          (ArcTaskList   *self);
void           arc_task_list_cancel           (ArcTaskList   *self);
void           arc_task_list_set_review       (ArcTaskList   *self,
                                               GHashTable    *marks);
ArcReviewMark  arc_task_list_get_review_mark  (ArcTaskList   *self,
                                               const char    *id);

G_END_DECLS

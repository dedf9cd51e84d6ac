/* arc-task-filter.h: which tasks the sidebar shows: search, group, validity
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "arc-core.h"

G_BEGIN_DECLS

/* The status menu, in its order; right and wrong are offered while a
 * submission is reviewed */
typedef enum
{
  ARC_STATUS_FILTER_ALL,
  ARC_STATUS_FILTER_VALID,
  ARC_STATUS_FILTER_INVALID,
  ARC_STATUS_FILTER_NOT_STARTED,    /* no answer submitted, no work in progress */
  ARC_STATUS_FILTER_IN_PROGRESS,    /* work in progress kept, no answer submitted */
  ARC_STATUS_FILTER_ATTEMPTED,      /* an answer submitted */
  ARC_STATUS_FILTER_SOLVED,
  ARC_STATUS_FILTER_FAILED,
  ARC_STATUS_FILTER_ANNOTATED,
  ARC_STATUS_FILTER_NOT_ANNOTATED,
  ARC_STATUS_FILTER_OTHERS,         /* described by others (LARC's authors) */
  ARC_STATUS_FILTER_RIGHT,          /* right in the reviewed submission */
  ARC_STATUS_FILTER_WRONG,          /* wrong in the reviewed submission */
  ARC_STATUS_FILTER_N_FILTERS,
} ArcStatusFilter;

#define ARC_TYPE_TASK_FILTER (arc_task_filter_get_type ())

G_DECLARE_FINAL_TYPE (ArcTaskFilter, arc_task_filter, ARC, TASK_FILTER, GtkFilter)

ArcTaskFilter   *arc_task_filter_new           (void);
void             arc_task_filter_set_notes_store (ArcTaskFilter  *self,
                                                  ArcNotesStore  *store);
void             arc_task_filter_set_status    (ArcTaskFilter   *self,
                                                ArcCollectionStatus *status);
void             arc_task_filter_set_review    (ArcTaskFilter   *self,
                                                GHashTable      *marks);
void             arc_task_filter_notes_changed (ArcTaskFilter   *self,
                                                ArcEntry        *shown);
void             arc_task_filter_shown         (ArcTaskFilter   *self,
                                                ArcEntry        *shown);
GListModel      *arc_task_filter_get_statuses  (ArcTaskFilter   *self);
gboolean         arc_task_filter_needs_check   (ArcTaskFilter   *self);
char            *arc_task_filter_describe_empty (ArcTaskFilter  *self);
void             arc_task_filter_set_search    (ArcTaskFilter   *self,
                                                const char      *text);
gboolean         arc_task_filter_has_search    (ArcTaskFilter   *self);
void             arc_task_filter_set_group     (ArcTaskFilter   *self,
                                                const char      *group);
gboolean         arc_task_filter_has_group     (ArcTaskFilter   *self);
void             arc_task_filter_set_validity  (ArcTaskFilter   *self,
                                                ArcStatusFilter  validity);
ArcStatusFilter  arc_task_filter_get_validity  (ArcTaskFilter   *self);
void             arc_task_filter_checked       (ArcTaskFilter   *self);
GListModel      *arc_task_filter_get_groups    (ArcTaskFilter   *self);
gboolean         arc_task_filter_update_groups (ArcTaskFilter   *self,
                                                ArcCollection   *collection);
void             arc_task_filter_select_group  (ArcTaskFilter   *self,
                                                guint            position);
guint            arc_task_filter_find_group    (ArcTaskFilter   *self,
                                                const char      *group);
gboolean         arc_task_filter_find          (GListModel      *shown,
                                                const char      *id,
                                                guint           *position);

G_END_DECLS

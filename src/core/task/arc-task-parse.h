/* arc-task-parse.h: reading and validating tasks and lists of grids
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-task.h"

G_BEGIN_DECLS

ArcTask       *arc_task_new_from_data  (const char     *data,
                                        gsize           length,
                                        const char     *task_id,
                                        GPtrArray     **problems,
                                        GError        **error);
ArcTask       *arc_task_new_from_range (const char     *data,
                                        gsize           start,
                                        gsize           end,
                                        const char     *task_id,
                                        GPtrArray     **problems,
                                        GError        **error);
ArcTask       *arc_task_new_from_line   (const char     *data,
                                         gsize           start,
                                         gsize           end,
                                         guint           line,
                                         const char     *task_id,
                                         GPtrArray     **problems,
                                         GError        **error);
ArcTask       *arc_task_new_from_bytes (GBytes         *bytes,
                                        const char     *task_id,
                                        GPtrArray     **problems,
                                        GError        **error);
ArcTask       *arc_task_new_from_file  (GFile          *file,
                                        const char     *task_id,
                                        GPtrArray     **problems,
                                        GError        **error);
ArcTask       *arc_task_new_from_node  (JsonNode       *node,
                                        const char     *task_id,
                                        GPtrArray     **problems,
                                        GError        **error);

GPtrArray     *arc_grid_list_parse      (const char     *data,
                                         gsize           start,
                                         gsize           end,
                                         GPtrArray     **problems,
                                         GError        **error);

G_END_DECLS

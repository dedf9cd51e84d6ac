/* arc-combined.h: a Kaggle challenges file (and its solutions file)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Where a task is in a larger file: bytes @start to @end. */
typedef struct
{
  gsize start;
  gsize end;
} ArcSpan;

/* A Kaggle challenges file (and its solutions file) shared by its entries. */
typedef struct _ArcCombined ArcCombined;

ArcCombined *arc_combined_new                (GFile       *file,
                                              GBytes      *data,
                                              GFile       *solutions_file,
                                              GBytes      *solutions_data);
ArcCombined *arc_combined_ref                (ArcCombined *combined);
void         arc_combined_unref              (ArcCombined *combined);
gboolean     arc_combined_scan               (ArcCombined *combined,
                                              GPtrArray   *ids,
                                              GArray      *spans,
                                              GError     **error);
GFile       *arc_combined_get_file           (ArcCombined *combined);
GBytes      *arc_combined_get_data           (ArcCombined *combined);
GFile       *arc_combined_get_solutions_file (ArcCombined *combined);
GPtrArray   *arc_combined_dup_solutions      (ArcCombined *combined,
                                              const char  *id,
                                              GError     **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArcCombined, arc_combined_unref)

G_END_DECLS

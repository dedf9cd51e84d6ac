/* arc-entry.h: one task of a collection, parsed when first needed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "arc-combined.h"
#include "arc-task.h"

G_BEGIN_DECLS

typedef enum
{
  ARC_ENTRY_UNKNOWN,  /* not parsed yet */
  ARC_ENTRY_VALID,
  ARC_ENTRY_INVALID,
} ArcEntryStatus;

#define ARC_TYPE_ENTRY (arc_entry_get_type ())

G_DECLARE_FINAL_TYPE (ArcEntry, arc_entry, ARC, ENTRY, GObject)

ArcEntry       *arc_entry_new_for_file     (GFile       *file,
                                            const char  *id,
                                            const char  *group,
                                            const char  *display_name);
ArcEntry       *arc_entry_new_for_combined (ArcCombined *combined,
                                            const char  *id,
                                            const char  *group,
                                            const char  *display_name,
                                            ArcSpan      span);
ArcEntry       *arc_entry_new_for_line     (GFile       *file,
                                            const char  *id,
                                            const char  *group,
                                            const char  *display_name,
                                            ArcSpan      span,
                                            guint        line);
ArcEntry       *arc_entry_new_failed       (GFile       *file,
                                            const char  *id,
                                            const char  *group,
                                            const char  *display_name,
                                            const GError *error);

const char     *arc_entry_get_id           (ArcEntry    *self);
const char     *arc_entry_get_group        (ArcEntry    *self);
const char     *arc_entry_get_display_name (ArcEntry    *self);
GFile          *arc_entry_get_file         (ArcEntry    *self);
gboolean        arc_entry_is_task          (ArcEntry    *self,
                                            GFile       *file,
                                            const char  *id);
gboolean        arc_entry_is_combined      (ArcEntry    *self);
gboolean        arc_entry_is_combined_in   (ArcEntry    *self,
                                            GFile       *file);
guint           arc_entry_get_line         (ArcEntry    *self);
ArcEntryStatus  arc_entry_get_status       (ArcEntry    *self);
ArcTask        *arc_entry_load             (ArcEntry    *self,
                                            GError     **error);
gboolean        arc_entry_validate         (ArcEntry    *self);
gboolean        arc_entry_make_thumbnail   (ArcEntry    *self);
gboolean        arc_entry_needs_thumbnail  (ArcEntry    *self);
void            arc_entry_notify_status    (ArcEntry    *self);
ArcGrid        *arc_entry_dup_thumbnail    (ArcEntry    *self);
guint           arc_entry_get_n_tests      (ArcEntry    *self);
char           *arc_entry_dup_content_hash (ArcEntry    *self);
GPtrArray      *arc_entry_dup_problems     (ArcEntry    *self);
char           *arc_entry_dup_error_message (ArcEntry   *self);
gboolean        arc_entry_get_unreadable   (ArcEntry    *self);
void            arc_entry_invalidate       (ArcEntry    *self);
void            arc_entry_set_unsaved      (ArcEntry    *self,
                                            gboolean     unsaved);
gboolean        arc_entry_get_unsaved      (ArcEntry    *self);

/* A task file's notes are kept beside it (the collection's watch tells them apart) */
#define ARC_NOTES_SUFFIX   ".arcnotes"
GFile        *arc_entry_sidecar_for       (GFile       *task_file);

G_END_DECLS

/* arc-notes-keeper.h: the notes of tasks no longer shown, held until they are saved
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "arc-task-notes.h"

G_BEGIN_DECLS

#define ARC_TYPE_NOTES_KEEPER (arc_notes_keeper_get_type ())

G_DECLARE_FINAL_TYPE (ArcNotesKeeper, arc_notes_keeper, ARC, NOTES_KEEPER, GObject)

ArcNotesKeeper *arc_notes_keeper_new          (void);
void            arc_notes_keeper_keep_saving  (ArcNotesKeeper      *self,
                                               ArcTaskNotes        *notes);
gboolean        arc_notes_keeper_get_unsaved  (ArcNotesKeeper      *self);
gboolean        arc_notes_keeper_get_flushing (ArcNotesKeeper      *self);
void            arc_notes_keeper_flush_async  (ArcNotesKeeper      *self,
                                               GCancellable        *cancellable,
                                               GAsyncReadyCallback  callback,
                                               gpointer             user_data);
gboolean        arc_notes_keeper_flush_finish (ArcNotesKeeper      *self,
                                               GAsyncResult        *result,
                                               GError             **error);

G_END_DECLS

/* arc-session-keeper.h: what the sessions of the tasks shown before leave:
 * their workspaces with their undo, their notes until saved
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-task-session.h"

G_BEGIN_DECLS

#define ARC_TYPE_SESSION_KEEPER (arc_session_keeper_get_type ())

G_DECLARE_FINAL_TYPE (ArcSessionKeeper, arc_session_keeper, ARC, SESSION_KEEPER, GObject)

ArcSessionKeeper *arc_session_keeper_new              (void);
ArcNotesKeeper   *arc_session_keeper_get_notes_keeper (ArcSessionKeeper *self);
ArcTaskSession   *arc_session_keeper_open             (ArcSessionKeeper *self,
                                                       ArcEntry         *entry,
                                                       ArcTaskNotes     *notes,
                                                       guint             trials,
                                                       const char       *collection_uri,
                                                       gboolean          resume);
void              arc_session_keeper_leave            (ArcSessionKeeper *self,
                                                       ArcTaskSession   *session,
                                                       ArcEntry         *next,
                                                       gboolean          keep);
void              arc_session_keeper_forget           (ArcSessionKeeper *self);
guint             arc_session_keeper_get_n_kept       (ArcSessionKeeper *self);

G_END_DECLS

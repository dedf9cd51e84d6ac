/* arc-task-session.h: the task the window shows: its entry, task, problems,
 * notes, workspace and program run, as one object the window's parts follow
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "arc-core.h"

G_BEGIN_DECLS

#define ARC_TYPE_TASK_SESSION (arc_task_session_get_type ())

G_DECLARE_FINAL_TYPE (ArcTaskSession, arc_task_session, ARC, TASK_SESSION, GObject)

ArcTaskSession *arc_task_session_new          (ArcEntry       *entry,
                                               ArcTaskNotes   *notes,
                                               guint           trials,
                                               const char     *collection_uri);
ArcEntry       *arc_task_session_get_entry    (ArcTaskSession *self);
ArcTask        *arc_task_session_get_task     (ArcTaskSession *self);
GPtrArray      *arc_task_session_get_problems (ArcTaskSession *self);
ArcTaskNotes   *arc_task_session_get_notes    (ArcTaskSession *self);
void            arc_task_session_set_notes    (ArcTaskSession *self,
                                               ArcTaskNotes   *notes);
ArcSolve       *arc_task_session_get_solve    (ArcTaskSession *self);
void            arc_task_session_set_solve    (ArcTaskSession *self,
                                               ArcSolve       *solve);
gboolean        arc_task_session_shows        (ArcTaskSession *self,
                                               ArcEntry       *entry);

/* The task's program run on its pairs (arc-window-program.c) */
GCancellable   *arc_task_session_begin_run    (ArcTaskSession *self);
gboolean        arc_task_session_end_run      (ArcTaskSession *self,
                                               GCancellable   *run);
void            arc_task_session_cancel_run   (ArcTaskSession *self);

G_END_DECLS

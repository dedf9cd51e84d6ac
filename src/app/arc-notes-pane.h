/* arc-notes-pane.h: the current task's rule description and notes, a view of the window's ArcTaskNotes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "arc-core.h"
#include "arc-program-editor.h"
#include "arc-task-session.h"

G_BEGIN_DECLS

#define ARC_TYPE_NOTES_PANE (arc_notes_pane_get_type ())

G_DECLARE_FINAL_TYPE (ArcNotesPane, arc_notes_pane, ARC, NOTES_PANE, GtkWidget)

void          arc_notes_pane_set_notes  (ArcNotesPane  *self,
                                         ArcTaskNotes  *notes);
ArcTaskNotes *arc_notes_pane_get_notes  (ArcNotesPane  *self);
void          arc_notes_pane_set_session (ArcNotesPane  *self,
                                         ArcTaskSession *session);
void          arc_notes_pane_set_text   (ArcNotesPane  *self,
                                         const char    *field,
                                         const char    *text);
char         *arc_notes_pane_get_text   (ArcNotesPane  *self,
                                         const char    *field);
const char   *arc_notes_pane_get_notice (ArcNotesPane  *self);
const char   *arc_notes_pane_get_place  (ArcNotesPane  *self);
ArcProgramEditor *arc_notes_pane_get_program_editor (ArcNotesPane *self);

G_END_DECLS

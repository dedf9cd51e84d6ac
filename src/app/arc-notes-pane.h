/* arc-notes-pane.h: the current task's rule description and notes, saved as you type
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "arc-core.h"

G_BEGIN_DECLS

#define ARC_TYPE_NOTES_PANE (arc_notes_pane_get_type ())

G_DECLARE_FINAL_TYPE (ArcNotesPane, arc_notes_pane, ARC, NOTES_PANE, GtkWidget)

void        arc_notes_pane_set_store       (ArcNotesPane  *self,
                                            ArcNotesStore *store);
void        arc_notes_pane_set_entry       (ArcNotesPane  *self,
                                            ArcEntry      *entry);
gboolean    arc_notes_pane_save            (ArcNotesPane  *self,
                                            GError       **error);
gboolean    arc_notes_pane_has_unsaved     (ArcNotesPane  *self);
void        arc_notes_pane_add_attempt     (ArcNotesPane  *self,
                                            const ArcAttempt *attempt);
GPtrArray  *arc_notes_pane_get_attempts    (ArcNotesPane  *self);
const char *arc_notes_pane_get_annotator   (ArcNotesPane  *self);
void        arc_notes_pane_set_text        (ArcNotesPane  *self,
                                            const char    *field,
                                            const char    *text);
char       *arc_notes_pane_get_text        (ArcNotesPane  *self,
                                            const char    *field);
const char *arc_notes_pane_get_notice      (ArcNotesPane  *self);

G_END_DECLS

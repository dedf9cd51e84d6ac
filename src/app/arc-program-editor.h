/* arc-program-editor.h: the Program section of the notes pane, a code editor for the task's program
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "arc-core.h"

G_BEGIN_DECLS

#define ARC_TYPE_PROGRAM_EDITOR (arc_program_editor_get_type ())

G_DECLARE_FINAL_TYPE (ArcProgramEditor, arc_program_editor, ARC, PROGRAM_EDITOR, GtkWidget)

void        arc_program_editor_set_notes       (ArcProgramEditor *self,
                                                ArcTaskNotes     *notes);
const char *arc_program_editor_get_author      (ArcProgramEditor *self);
char       *arc_program_editor_dup_source      (ArcProgramEditor *self);
void        arc_program_editor_go_to_line      (ArcProgramEditor *self,
                                                int               line);
int         arc_program_editor_get_cursor_line (ArcProgramEditor *self);
GtkWidget  *arc_program_editor_get_view        (ArcProgramEditor *self);
GtkWidget  *arc_program_editor_new_view        (ArcProgramEditor *self);

gboolean    arc_program_editor_is_styled       (ArcProgramEditor *self);
gboolean    arc_program_editor_has_view        (ArcProgramEditor *self);

G_END_DECLS

/* arc-task-editor.h: Edit Task, the main window's task editor
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "arc-core.h"
#include "arc-task-list.h"
#include "arc-task-page.h"

G_BEGIN_DECLS

#define ARC_TYPE_TASK_EDITOR (arc_task_editor_get_type ())

G_DECLARE_FINAL_TYPE (ArcTaskEditor, arc_task_editor, ARC, TASK_EDITOR, GObject)

ArcTaskEditor *arc_task_editor_new             (GtkWindow     *window,
                                                GSettings     *settings,
                                                ArcTaskList   *task_list,
                                                ArcTaskPage   *task_page);
void           arc_task_editor_add_actions     (ArcTaskEditor *self);
GtkWidget     *arc_task_editor_get_bar         (ArcTaskEditor *self);
void           arc_task_editor_shutdown        (ArcTaskEditor *self);

/* What the window tells it, and asks it */
gboolean       arc_task_editor_hold_switch     (ArcTaskEditor *self,
                                                ArcEntry      *entry);
gboolean       arc_task_editor_hold_open       (ArcTaskEditor *self,
                                                GFile         *file);
gboolean       arc_task_editor_hold_close      (ArcTaskEditor *self);

/* What it edits */
ArcTaskEdit   *arc_task_editor_get_session     (ArcTaskEditor *self);
void           arc_task_editor_get_target      (ArcTaskEditor *self,
                                                ArcPairKind   *kind,
                                                guint         *index,
                                                ArcPairSide   *side);
ArcSolve      *arc_task_editor_get_workspace   (ArcTaskEditor *self);
gboolean       arc_task_editor_get_change_reported (ArcTaskEditor *self);

G_END_DECLS

/* arc-task-edit.h: a task being edited: its pairs, one undo history, and
 * saving it back where it came from
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "arc-task.h"

G_BEGIN_DECLS

typedef enum
{
  ARC_PAIR_TRAIN,
  ARC_PAIR_TEST,
} ArcPairKind;

typedef enum
{
  ARC_SIDE_INPUT,
  ARC_SIDE_OUTPUT,
} ArcPairSide;

/* How a task file is laid out: one line as the public datasets, or indented */
typedef enum
{
  ARC_TASK_STYLE_COMPACT,
  ARC_TASK_STYLE_PRETTY,
} ArcTaskStyle;

#define ARC_TYPE_TASK_EDIT (arc_task_edit_get_type ())

G_DECLARE_FINAL_TYPE (ArcTaskEdit, arc_task_edit, ARC, TASK_EDIT, GObject)

ArcTaskEdit   *arc_task_edit_new               (ArcTask        *task);
ArcTaskEdit   *arc_task_edit_new_blank         (const char     *id);
ArcTaskEdit   *arc_task_edit_new_for_file      (GFile          *file,
                                                const char     *id,
                                                GError        **error);
ArcTaskEdit   *arc_task_edit_new_for_combined  (GFile          *challenges,
                                                const char     *id,
                                                GError        **error);

const char    *arc_task_edit_get_id            (ArcTaskEdit    *self);
GFile         *arc_task_edit_get_file          (ArcTaskEdit    *self);
GFile         *arc_task_edit_get_solutions_file (ArcTaskEdit   *self);
gboolean       arc_task_edit_is_combined       (ArcTaskEdit    *self);
ArcTaskStyle   arc_task_edit_get_style         (ArcTaskEdit    *self);
void           arc_task_edit_set_style         (ArcTaskEdit    *self,
                                                ArcTaskStyle    style);
gboolean       arc_task_edit_get_modified      (ArcTaskEdit    *self);

guint          arc_task_edit_get_n_pairs       (ArcTaskEdit    *self,
                                                ArcPairKind     kind);
const ArcGrid *arc_task_edit_get_grid          (ArcTaskEdit    *self,
                                                ArcPairKind     kind,
                                                guint           index,
                                                ArcPairSide     side);

/* Every operation below is one step of the undo history. */
guint          arc_task_edit_add_pair          (ArcTaskEdit    *self,
                                                ArcPairKind     kind);
gboolean       arc_task_edit_duplicate_pair    (ArcTaskEdit    *self,
                                                ArcPairKind     kind,
                                                guint           index);
gboolean       arc_task_edit_delete_pair       (ArcTaskEdit    *self,
                                                ArcPairKind     kind,
                                                guint           index);
gboolean       arc_task_edit_move_pair         (ArcTaskEdit    *self,
                                                ArcPairKind     kind,
                                                guint           index,
                                                guint           to);
gboolean       arc_task_edit_swap_sides        (ArcTaskEdit    *self,
                                                ArcPairKind     kind,
                                                guint           index);
gboolean       arc_task_edit_set_grid          (ArcTaskEdit    *self,
                                                ArcPairKind     kind,
                                                guint           index,
                                                ArcPairSide     side,
                                                const ArcGrid  *grid);
gboolean       arc_task_edit_resize_grid       (ArcTaskEdit    *self,
                                                ArcPairKind     kind,
                                                guint           index,
                                                ArcPairSide     side,
                                                int             height,
                                                int             width);
gboolean       arc_task_edit_set_test_output_shown (ArcTaskEdit *self,
                                                guint           index,
                                                gboolean        shown);

void           arc_task_edit_begin_group       (ArcTaskEdit    *self);
void           arc_task_edit_end_group         (ArcTaskEdit    *self);
gboolean       arc_task_edit_can_undo          (ArcTaskEdit    *self);
gboolean       arc_task_edit_can_redo          (ArcTaskEdit    *self);
gboolean       arc_task_edit_undo              (ArcTaskEdit    *self);
gboolean       arc_task_edit_redo              (ArcTaskEdit    *self);
gboolean       arc_task_edit_get_step          (ArcTaskEdit    *self,
                                                ArcPairKind    *kind,
                                                guint          *index,
                                                ArcPairSide    *side);

ArcTask       *arc_task_edit_to_task           (ArcTaskEdit    *self,
                                                GPtrArray     **problems,
                                                GError        **error);
char          *arc_task_edit_serialize         (ArcTaskEdit    *self,
                                                ArcTaskStyle    style);
gboolean       arc_task_edit_save              (ArcTaskEdit    *self,
                                                GPtrArray     **problems,
                                                GError        **error);
gboolean       arc_task_edit_save_as           (ArcTaskEdit    *self,
                                                GFile          *file,
                                                GPtrArray     **problems,
                                                GError        **error);
gboolean       arc_task_edit_changed_on_disk   (ArcTaskEdit    *self);
void           arc_task_edit_forget_disk_state (ArcTaskEdit    *self);
GStrv          arc_task_edit_dup_changed_tasks (ArcTaskEdit    *self);

char          *arc_task_format_data            (const char     *data,
                                                gsize           length,
                                                ArcTaskStyle    style,
                                                GError        **error);
ArcTaskStyle   arc_task_style_of_data          (const char     *data,
                                                gsize           length);

G_END_DECLS

/* arc-task-edit-private.h: what the model (arc-task-edit.c), the writer
 * (arc-task-edit-write.c) and the savers (arc-task-edit-save.c, -kaggle.c)
 * of a task being edited share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-task-edit.h"

G_BEGIN_DECLS

typedef struct
{
  ArcGrid    *input;
  ArcGrid    *output;  /* (nullable): a hidden test output */
  JsonObject *extra;   /* (nullable): members other than input and output */
} ArcEditPair;

struct _ArcTaskEdit
{
  GObject       parent_instance;

  char         *id;
  GPtrArray    *pairs[2];        /* ArcEditPair, by ArcPairKind */
  GPtrArray    *undo;            /* Snapshot */
  GPtrArray    *redo;            /* Snapshot */
  guint64       serial;          /* of the current state */
  guint64       last_serial;     /* the last one given out */
  guint64       saved_serial;    /* of the state on disk */
  guint         group_depth;     /* begin_group() calls not yet ended */
  gboolean      group_has_step;  /* the group's undo step is taken */
  gboolean      stepped;         /* the last change was an undo or a redo, */
  ArcPairKind   step_kind;       /* and the first grid it changed */
  guint         step_index;
  ArcPairSide   step_side;

  /* Where it comes from */
  GFile        *file;            /* (nullable): the task file or the challenges file */
  GFile        *solutions_file;  /* (nullable): Kaggle only */
  gboolean      combined;
  char         *hash;            /* (nullable): arc_file_hash_data() of @file when read or written */
  char         *solutions_hash;  /* (nullable) */
  GHashTable   *task_hashes;     /* (nullable): Kaggle: each task's id -> the hash of its text in @file */
  JsonObject   *members;         /* (nullable): the task object as read: order, unknown members */
  ArcTaskStyle  style;
  gboolean      final_newline;
};

void         arc_edit_pair_free        (gpointer           data);
ArcEditPair *arc_edit_pair_new         (const ArcGrid     *input,
                                        const ArcGrid     *output,
                                        JsonObject        *extra);
ArcTaskEdit *arc_task_edit_new_for_text (const char     *data,
                                         gsize           start,
                                         gsize           end,
                                         const char     *id,
                                         GError        **error);
void         arc_task_edit_write_task  (ArcTaskEdit       *self,
                                        GString           *s,
                                        ArcTaskStyle       style,
                                        int                indent,
                                        gboolean           with_test_outputs);
void         arc_task_edit_write_grids (GString           *s,
                                        GPtrArray         *grids,
                                        ArcTaskStyle       style,
                                        int                indent);
gboolean     arc_task_edit_parse_json  (JsonParser        *parser,
                                        const char        *data,
                                        gsize              length,
                                        GError           **error);
void         arc_task_edit_mark_saved  (ArcTaskEdit       *self);

/* arc-task-edit-kaggle.c */
gboolean     arc_task_edit_add_changed_tasks (ArcTaskEdit *self,
                                          GStrvBuilder *ids);
gboolean     arc_task_edit_save_combined (ArcTaskEdit     *self,
                                          GError         **error);

G_END_DECLS

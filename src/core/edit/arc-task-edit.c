/* arc-task-edit.c: a task being edited: its pairs and one undo history
 *
 * The undo history keeps whole copies of the pairs: a task is at most a few
 * dozen grids of 30×30 bytes, so a copy costs less than working out the
 * inverse of each operation, and grid edits and pair operations share one
 * history for free. The file side (writing, Kaggle files) is in
 * arc-task-edit-save.c and arc-task-edit-kaggle.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-task-edit"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arc-error.h"
#include "arc-file.h"
#include "arc-task-edit-private.h"
#include "arc-task-parse.h"

#define MAX_UNDO 500

typedef struct
{
  GPtrArray *pairs[2];
  guint64    serial;
} Snapshot;

enum
{
  PROP_0,
  PROP_MODIFIED,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  N_PROPS
};

enum
{
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The properties: read-only booleans of the history, notified together */
static const struct
{
  const char *name;
  gboolean  (*get) (ArcTaskEdit *self);
} property_table[N_PROPS] = {
  [PROP_MODIFIED] = { "modified", arc_task_edit_get_modified },
  [PROP_CAN_UNDO] = { "can-undo", arc_task_edit_can_undo },
  [PROP_CAN_REDO] = { "can-redo", arc_task_edit_can_redo },
};

G_DEFINE_FINAL_TYPE (ArcTaskEdit, arc_task_edit, G_TYPE_OBJECT)

/* Pairs */

ArcEditPair *
arc_edit_pair_new (const ArcGrid *input,
                   const ArcGrid *output,
                   JsonObject    *extra)
{
  ArcEditPair *pair = g_new0 (ArcEditPair, 1);

  pair->input = arc_grid_copy (input);
  pair->output = output ? arc_grid_copy (output) : NULL;
  pair->extra = extra ? json_object_ref (extra) : NULL;
  return pair;
}

void
arc_edit_pair_free (gpointer data)
{
  ArcEditPair *pair = data;

  g_clear_pointer (&pair->input, arc_grid_free);
  g_clear_pointer (&pair->output, arc_grid_free);
  g_clear_pointer (&pair->extra, json_object_unref);
  g_free (pair);
}

static GPtrArray *
pairs_copy (GPtrArray *pairs)
{
  GPtrArray *copy = g_ptr_array_new_full (pairs->len, arc_edit_pair_free);

  for (guint i = 0; i < pairs->len; i++)
    {
      ArcEditPair *p = pairs->pdata[i];
      g_ptr_array_add (copy, arc_edit_pair_new (p->input, p->output, p->extra));
    }
  return copy;
}

static void
snapshot_free (gpointer data)
{
  Snapshot *s = data;

  g_ptr_array_unref (s->pairs[0]);
  g_ptr_array_unref (s->pairs[1]);
  g_free (s);
}

static Snapshot *
snapshot_take (ArcTaskEdit *self)
{
  Snapshot *s = g_new0 (Snapshot, 1);

  s->pairs[0] = pairs_copy (self->pairs[0]);
  s->pairs[1] = pairs_copy (self->pairs[1]);
  s->serial = self->serial;
  return s;
}

static void
snapshot_restore (ArcTaskEdit *self,
                  Snapshot    *s)
{
  g_ptr_array_unref (self->pairs[0]);
  g_ptr_array_unref (self->pairs[1]);
  self->pairs[0] = g_steal_pointer (&s->pairs[0]);
  self->pairs[1] = g_steal_pointer (&s->pairs[1]);
  self->serial = s->serial;
  g_free (s);
}

/* GObject */

static void
arc_task_edit_finalize (GObject *object)
{
  ArcTaskEdit *self = ARC_TASK_EDIT (object);

  g_free (self->id);
  g_ptr_array_unref (self->pairs[0]);
  g_ptr_array_unref (self->pairs[1]);
  g_ptr_array_unref (self->undo);
  g_ptr_array_unref (self->redo);
  g_clear_object (&self->file);
  g_clear_object (&self->solutions_file);
  g_free (self->hash);
  g_free (self->solutions_hash);
  g_clear_pointer (&self->task_hashes, g_hash_table_unref);
  g_clear_pointer (&self->members, json_object_unref);

  G_OBJECT_CLASS (arc_task_edit_parent_class)->finalize (object);
}

static void
arc_task_edit_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  if (prop_id > PROP_0 && prop_id < N_PROPS)
    g_value_set_boolean (value, property_table[prop_id].get (ARC_TASK_EDIT (object)));
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
arc_task_edit_class_init (ArcTaskEditClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = arc_task_edit_finalize;
  object_class->get_property = arc_task_edit_get_property;

  for (guint i = PROP_0 + 1; i < N_PROPS; i++)
    properties[i] = g_param_spec_boolean (property_table[i].name, NULL, NULL, FALSE,
                                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ArcTaskEdit::changed:
   * The pairs changed: an operation, an undo or a redo.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
arc_task_edit_init (ArcTaskEdit *self)
{
  self->pairs[0] = g_ptr_array_new_with_free_func (arc_edit_pair_free);
  self->pairs[1] = g_ptr_array_new_with_free_func (arc_edit_pair_free);
  self->undo = g_ptr_array_new_with_free_func (snapshot_free);
  self->redo = g_ptr_array_new_with_free_func (snapshot_free);
  self->style = ARC_TASK_STYLE_COMPACT;
}

static void
notify_state (ArcTaskEdit *self)
{
  for (guint i = PROP_0 + 1; i < N_PROPS; i++)
    g_object_notify_by_pspec (G_OBJECT (self), properties[i]);
}

/* Before an operation: the current state goes on the undo stack */
static void
begin (ArcTaskEdit *self)
{
  if (self->group_depth > 0 && self->group_has_step)
    {
      /* a later change of the same group: no step of its own */
      g_ptr_array_set_size (self->redo, 0);
      self->serial = ++self->last_serial;
      return;
    }
  self->group_has_step = self->group_depth > 0;
  g_ptr_array_add (self->undo, snapshot_take (self));
  if (self->undo->len > MAX_UNDO)
    g_ptr_array_remove_index (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
  self->serial = ++self->last_serial;
}

static void
changed (ArcTaskEdit *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
  notify_state (self);
}

void
arc_task_edit_mark_saved (ArcTaskEdit *self)
{
  self->saved_serial = self->serial;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

/* Construction */

/**
 * arc_task_edit_new:
 * Starts editing a copy of @task, which belongs to no file yet.
 */
ArcTaskEdit *
arc_task_edit_new (ArcTask *task)
{
  ArcTaskEdit *self;

  g_return_val_if_fail (ARC_IS_TASK (task), NULL);

  self = g_object_new (ARC_TYPE_TASK_EDIT, NULL);
  self->id = g_strdup (arc_task_get_id (task));
  for (guint i = 0; i < arc_task_get_n_train (task); i++)
    {
      const ArcPair *p = arc_task_get_train (task, i);
      g_ptr_array_add (self->pairs[ARC_PAIR_TRAIN], arc_edit_pair_new (p->input, p->output, NULL));
    }
  for (guint i = 0; i < arc_task_get_n_test (task); i++)
    {
      const ArcPair *p = arc_task_get_test (task, i);
      g_ptr_array_add (self->pairs[ARC_PAIR_TEST], arc_edit_pair_new (p->input, p->output, NULL));
    }
  return self;
}

/**
 * arc_task_edit_new_blank:
 * A new task: one 3×3 train pair and one 3×3 test pair, all 0. It is
 * modified until it is saved.
 */
ArcTaskEdit *
arc_task_edit_new_blank (const char *id)
{
  ArcTaskEdit *self = g_object_new (ARC_TYPE_TASK_EDIT, NULL);
  g_autoptr(ArcGrid) grid = arc_grid_new (3, 3);

  self->id = g_strdup (id ? id : "");
  g_ptr_array_add (self->pairs[ARC_PAIR_TRAIN], arc_edit_pair_new (grid, grid, NULL));
  g_ptr_array_add (self->pairs[ARC_PAIR_TEST], arc_edit_pair_new (grid, grid, NULL));
  self->serial = self->last_serial = 1;
  return self;
}

/* Keeps the task object's members (order, unknown ones) and each pair's
 * unknown members from the parsed file */
static void
take_members (ArcTaskEdit *self,
              JsonNode    *root)
{
  static const char *names[2] = { "train", "test" };

  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return;
  g_clear_pointer (&self->members, json_object_unref);
  self->members = json_object_ref (json_node_get_object (root));
  for (guint k = 0; k < 2; k++)
    {
      JsonNode *list = json_object_get_member (self->members, names[k]);
      JsonArray *array;

      if (list == NULL || !JSON_NODE_HOLDS_ARRAY (list))
        continue;
      array = json_node_get_array (list);
      for (guint i = 0; i < json_array_get_length (array) && i < self->pairs[k]->len; i++)
        {
          JsonNode *node = json_array_get_element (array, i);
          ArcEditPair *pair = self->pairs[k]->pdata[i];
          g_autoptr(GList) names_list = NULL;

          if (!JSON_NODE_HOLDS_OBJECT (node))
            continue;
          names_list = json_object_get_members (json_node_get_object (node));
          for (GList *l = names_list; l; l = l->next)
            {
              if (g_str_equal (l->data, "input") || g_str_equal (l->data, "output"))
                continue;
              if (pair->extra == NULL)
                pair->extra = json_object_new ();
              json_object_set_member (pair->extra, l->data,
                                      json_node_copy (json_object_get_member (json_node_get_object (node), l->data)));
            }
        }
    }
}

/**
 * arc_task_edit_new_for_text:
 * @data: a document; bytes @start to @end hold the task
 * @id: (nullable): the id to give the task
 *
 * Reads and validates a task from its text and starts editing it: the
 * members of the text that are not part of a task, and its layout, are kept
 * for the save.
 *
 * Returns: (transfer full) (nullable): the task being edited, or %NULL with
 * @error set to the validator's first problem, or to %ARC_ERROR_SYNTAX when
 * json-glib cannot read the text
 */
ArcTaskEdit *
arc_task_edit_new_for_text (const char  *data,
                            gsize        start,
                            gsize        end,
                            const char  *id,
                            GError     **error)
{
  g_autoptr(ArcTask) task = arc_task_new_from_range (data, start, end, id, NULL, error);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) local_error = NULL;
  ArcTaskEdit *self;

  if (task == NULL)
    return NULL;
  if (!arc_task_edit_parse_json (parser, data + start, end - start, &local_error))
    {
      g_set_error_literal (error, ARC_ERROR, ARC_ERROR_SYNTAX, local_error->message);
      return NULL;
    }
  self = arc_task_edit_new (task);
  take_members (self, json_parser_get_root (parser));
  self->style = arc_task_style_of_data (data + start, end - start);
  return self;
}

/**
 * arc_task_edit_new_for_file:
 * Reads and validates a task file for editing. Its layout (compact or
 * pretty) and its unknown members are kept for the save.
 */
ArcTaskEdit *
arc_task_edit_new_for_file (GFile       *file,
                            const char  *id,
                            GError     **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *name = NULL;
  g_autoptr(GError) local_error = NULL;
  ArcTaskEdit *self;
  const char *data;
  gsize length;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  name = g_file_get_parse_name (file);
  bytes = arc_file_load_named (file, ARC_TASK_MAX_FILE_SIZE, error);
  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &length);
  self = arc_task_edit_new_for_text (data ? data : "", 0, length, id, &local_error);
  if (self == NULL)
    {
      g_set_error (error, ARC_ERROR, local_error->code, "%s: %s", name, local_error->message);
      return NULL;
    }
  self->file = g_object_ref (file);
  self->hash = arc_file_hash_data (data, length);
  self->final_newline = length > 0 && data[length - 1] == '\n';
  return self;
}

/* Accessors */

const char *
arc_task_edit_get_id (ArcTaskEdit *self)
{
  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), NULL);
  return self->id;
}

/**
 * arc_task_edit_get_file:
 * Returns: (transfer none) (nullable): the file a save writes: the task file,
 * or the challenges file of a Kaggle task
 */
GFile *
arc_task_edit_get_file (ArcTaskEdit *self)
{
  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), NULL);
  return self->file;
}

/**
 * arc_task_edit_get_solutions_file:
 * Returns: (transfer none) (nullable): the Kaggle solutions file a save
 * writes too
 */
GFile *
arc_task_edit_get_solutions_file (ArcTaskEdit *self)
{
  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), NULL);
  return self->solutions_file;
}

gboolean
arc_task_edit_is_combined (ArcTaskEdit *self)
{
  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), FALSE);
  return self->combined;
}

ArcTaskStyle
arc_task_edit_get_style (ArcTaskEdit *self)
{
  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), ARC_TASK_STYLE_COMPACT);
  return self->style;
}

void
arc_task_edit_set_style (ArcTaskEdit  *self,
                         ArcTaskStyle  style)
{
  g_return_if_fail (ARC_IS_TASK_EDIT (self));
  self->style = style;
}

/**
 * arc_task_edit_get_modified:
 * Returns: %TRUE when the pairs differ from the file's (or the task was
 * never saved)
 */
gboolean
arc_task_edit_get_modified (ArcTaskEdit *self)
{
  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), FALSE);
  return self->serial != self->saved_serial;
}

guint
arc_task_edit_get_n_pairs (ArcTaskEdit *self,
                           ArcPairKind  kind)
{
  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), 0);
  g_return_val_if_fail (kind <= ARC_PAIR_TEST, 0);
  return self->pairs[kind]->len;
}

static ArcEditPair *
get_pair (ArcTaskEdit *self,
          ArcPairKind  kind,
          guint        index)
{
  if (kind > ARC_PAIR_TEST || index >= self->pairs[kind]->len)
    return NULL;
  return self->pairs[kind]->pdata[index];
}

/**
 * arc_task_edit_get_grid:
 * Returns: (transfer none) (nullable): the grid, %NULL for a hidden test
 * output or an index out of range
 */
const ArcGrid *
arc_task_edit_get_grid (ArcTaskEdit *self,
                        ArcPairKind  kind,
                        guint        index,
                        ArcPairSide  side)
{
  ArcEditPair *pair;

  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), NULL);

  pair = get_pair (self, kind, index);
  if (pair == NULL)
    return NULL;
  return side == ARC_SIDE_INPUT ? pair->input : pair->output;
}

/* Pair operations */

/**
 * arc_task_edit_add_pair:
 * Adds a pair at the end: the sizes of the last pair of that kind (of the
 * last train pair for the first test pair; 3×3 for none), every cell 0.
 *
 * Returns: the index of the new pair
 */
guint
arc_task_edit_add_pair (ArcTaskEdit *self,
                        ArcPairKind  kind)
{
  GPtrArray *pairs;
  ArcEditPair *model = NULL;
  g_autoptr(ArcGrid) input = NULL;
  g_autoptr(ArcGrid) output = NULL;

  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), 0);
  g_return_val_if_fail (kind <= ARC_PAIR_TEST, 0);

  pairs = self->pairs[kind];
  if (pairs->len > 0)
    model = pairs->pdata[pairs->len - 1];
  else if (self->pairs[ARC_PAIR_TRAIN]->len > 0)
    model = g_ptr_array_index (self->pairs[ARC_PAIR_TRAIN], self->pairs[ARC_PAIR_TRAIN]->len - 1);
  input = model ? arc_grid_new (arc_grid_get_height (model->input), arc_grid_get_width (model->input))
                : arc_grid_new (3, 3);
  if (model && model->output)
    output = arc_grid_new (arc_grid_get_height (model->output), arc_grid_get_width (model->output));
  else if (model == NULL || kind == ARC_PAIR_TRAIN)
    output = arc_grid_copy (input);
  /* else: after a test pair with a hidden output, the new one's is hidden too */
  begin (self);
  g_ptr_array_add (pairs, arc_edit_pair_new (input, output, NULL));
  changed (self);
  return pairs->len - 1;
}

gboolean
arc_task_edit_duplicate_pair (ArcTaskEdit *self,
                              ArcPairKind  kind,
                              guint        index)
{
  ArcEditPair *pair;

  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), FALSE);

  pair = get_pair (self, kind, index);
  if (pair == NULL)
    return FALSE;
  begin (self);
  g_ptr_array_insert (self->pairs[kind], (int) index + 1, arc_edit_pair_new (pair->input, pair->output, pair->extra));
  changed (self);
  return TRUE;
}

gboolean
arc_task_edit_delete_pair (ArcTaskEdit *self,
                           ArcPairKind  kind,
                           guint        index)
{
  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), FALSE);

  if (get_pair (self, kind, index) == NULL)
    return FALSE;
  begin (self);
  g_ptr_array_remove_index (self->pairs[kind], index);
  changed (self);
  return TRUE;
}

/**
 * arc_task_edit_move_pair:
 * @to: the index the pair has afterwards
 */
gboolean
arc_task_edit_move_pair (ArcTaskEdit *self,
                         ArcPairKind  kind,
                         guint        index,
                         guint        to)
{
  gpointer pair;

  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), FALSE);

  if (get_pair (self, kind, index) == NULL || to >= self->pairs[kind]->len || to == index)
    return FALSE;
  begin (self);
  pair = g_ptr_array_steal_index (self->pairs[kind], index);
  g_ptr_array_insert (self->pairs[kind], (int) to, pair);
  changed (self);
  return TRUE;
}

/**
 * arc_task_edit_swap_sides:
 * The output becomes the input and the input the output. A test pair with a
 * hidden output cannot be swapped.
 */
gboolean
arc_task_edit_swap_sides (ArcTaskEdit *self,
                          ArcPairKind  kind,
                          guint        index)
{
  ArcEditPair *pair;
  ArcGrid *input;

  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), FALSE);

  pair = get_pair (self, kind, index);
  if (pair == NULL || pair->output == NULL)
    return FALSE;
  begin (self);
  pair = get_pair (self, kind, index);
  input = pair->input;
  pair->input = pair->output;
  pair->output = input;
  changed (self);
  return TRUE;
}

/**
 * arc_task_edit_set_grid:
 * Replaces a grid (an edit made with the drawing tools). Setting a grid
 * equal to the current one changes nothing and makes no undo step.
 *
 * Returns: %TRUE if the grid changed
 */
gboolean
arc_task_edit_set_grid (ArcTaskEdit   *self,
                        ArcPairKind    kind,
                        guint          index,
                        ArcPairSide    side,
                        const ArcGrid *grid)
{
  ArcEditPair *pair;
  ArcGrid **slot;

  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), FALSE);
  g_return_val_if_fail (grid != NULL, FALSE);

  pair = get_pair (self, kind, index);
  if (pair == NULL)
    return FALSE;
  slot = side == ARC_SIDE_INPUT ? &pair->input : &pair->output;
  if (*slot && arc_grid_equal (*slot, grid))
    return FALSE;
  begin (self);
  pair = get_pair (self, kind, index);
  slot = side == ARC_SIDE_INPUT ? &pair->input : &pair->output;
  g_clear_pointer (slot, arc_grid_free);
  *slot = arc_grid_copy (grid);
  changed (self);
  return TRUE;
}

/**
 * arc_task_edit_resize_grid:
 * Resizes a grid, keeping the cells that still fit; new cells are 0.
 */
gboolean
arc_task_edit_resize_grid (ArcTaskEdit *self,
                           ArcPairKind  kind,
                           guint        index,
                           ArcPairSide  side,
                           int          height,
                           int          width)
{
  const ArcGrid *grid;
  g_autoptr(ArcGrid) resized = NULL;

  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), FALSE);

  grid = arc_task_edit_get_grid (self, kind, index, side);
  if (grid == NULL || !arc_size_is_valid (height, width))
    return FALSE;
  resized = arc_grid_resize (grid, height, width);
  return arc_task_edit_set_grid (self, kind, index, side, resized);
}

/**
 * arc_task_edit_set_test_output_shown:
 * Hides a test output (as in evaluation sets, where the expected outputs are
 * secret) or gives a hidden one back: an output of the input's size, all 0.
 */
gboolean
arc_task_edit_set_test_output_shown (ArcTaskEdit *self,
                                     guint        index,
                                     gboolean     shown)
{
  ArcEditPair *pair;

  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), FALSE);

  pair = get_pair (self, ARC_PAIR_TEST, index);
  if (pair == NULL || (pair->output != NULL) == (shown != FALSE))
    return FALSE;
  begin (self);
  pair = get_pair (self, ARC_PAIR_TEST, index);
  if (shown)
    pair->output = arc_grid_new (arc_grid_get_height (pair->input), arc_grid_get_width (pair->input));
  else
    g_clear_pointer (&pair->output, arc_grid_free);
  changed (self);
  return TRUE;
}

/* Undo */

/**
 * arc_task_edit_begin_group:
 * Until the matching arc_task_edit_end_group(), every change is part of one
 * undo step (a stroke of the pen over many cells).
 */
void
arc_task_edit_begin_group (ArcTaskEdit *self)
{
  g_return_if_fail (ARC_IS_TASK_EDIT (self));

  if (self->group_depth++ == 0)
    self->group_has_step = FALSE;
}

void
arc_task_edit_end_group (ArcTaskEdit *self)
{
  g_return_if_fail (ARC_IS_TASK_EDIT (self));
  g_return_if_fail (self->group_depth > 0);

  if (--self->group_depth == 0)
    self->group_has_step = FALSE;
}

gboolean
arc_task_edit_can_undo (ArcTaskEdit *self)
{
  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), FALSE);
  return self->undo->len > 0;
}

gboolean
arc_task_edit_can_redo (ArcTaskEdit *self)
{
  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), FALSE);
  return self->redo->len > 0;
}

static gboolean
grids_differ (const ArcGrid *a,
              const ArcGrid *b)
{
  return (a == NULL) != (b == NULL) || (a && !arc_grid_equal (a, b));
}

/* Where the pairs @now differ from those @before: the first grid that
 * changed, train pairs first; for a pair added, removed or moved, the first
 * pair that is not the same. FALSE when no grid changed. */
static gboolean
find_step (GPtrArray  **before,
           GPtrArray  **now,
           ArcPairKind *kind,
           guint       *index,
           ArcPairSide *side)
{
  for (ArcPairKind k = ARC_PAIR_TRAIN; k <= ARC_PAIR_TEST; k++)
    {
      guint n = MIN (before[k]->len, now[k]->len);

      for (guint i = 0; i < n; i++)
        {
          ArcEditPair *a = before[k]->pdata[i];
          ArcEditPair *b = now[k]->pdata[i];
          gboolean input = grids_differ (a->input, b->input);

          if (input || grids_differ (a->output, b->output))
            {
              *kind = k;
              *index = i;
              *side = input ? ARC_SIDE_INPUT : ARC_SIDE_OUTPUT;
              return TRUE;
            }
        }
      if (before[k]->len != now[k]->len)
        {
          *kind = k;
          *index = n;  /* (past the last pair when one was removed) */
          *side = ARC_SIDE_INPUT;
          return TRUE;
        }
    }
  return FALSE;
}

/* Undo (@from the undo history, the present kept in the redo one) or redo */
static gboolean
step_history (ArcTaskEdit *self,
              GPtrArray   *from,
              GPtrArray   *to)
{
  Snapshot *present;

  if (from->len == 0)
    return FALSE;
  present = snapshot_take (self);
  g_ptr_array_add (to, present);
  snapshot_restore (self, g_ptr_array_steal_index (from, from->len - 1));
  self->stepped = find_step (present->pairs, self->pairs, &self->step_kind, &self->step_index, &self->step_side);
  changed (self);
  self->stepped = FALSE;
  return TRUE;
}

/**
 * arc_task_edit_get_step:
 * While the #ArcTaskEdit::changed of an undo or a redo is emitted, where
 * it changed the task: the first grid it changed, train pairs first, or for
 * a pair added or removed the first pair that differs (@index may then be
 * past the last pair). A view moves there, so that what changed is in
 * sight.
 *
 * Returns: %FALSE at any other change, or when no grid changed
 */
gboolean
arc_task_edit_get_step (ArcTaskEdit *self,
                        ArcPairKind *kind,
                        guint       *index,
                        ArcPairSide *side)
{
  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), FALSE);
  if (!self->stepped)
    return FALSE;
  *kind = self->step_kind;
  *index = self->step_index;
  *side = self->step_side;
  return TRUE;
}

gboolean
arc_task_edit_undo (ArcTaskEdit *self)
{
  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), FALSE);
  return step_history (self, self->undo, self->redo);
}

gboolean
arc_task_edit_redo (ArcTaskEdit *self)
{
  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), FALSE);
  return step_history (self, self->redo, self->undo);
}

/**
 * arc_task_edit_to_task:
 * Validates the pairs with the task validator.
 *
 * Returns: (transfer full) (nullable): the task as it would be saved, or
 * %NULL with @error set when it has errors
 */
ArcTask *
arc_task_edit_to_task (ArcTaskEdit  *self,
                       GPtrArray   **problems,
                       GError      **error)
{
  g_autoptr(GString) s = g_string_new (NULL);

  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), NULL);

  arc_task_edit_write_task (self, s, ARC_TASK_STYLE_COMPACT, 0, TRUE);
  return arc_task_new_from_data (s->str, s->len, self->id, problems, error);
}

/**
 * arc_task_edit_serialize:
 * Returns: the task file's text in @style, without a final newline
 */
char *
arc_task_edit_serialize (ArcTaskEdit  *self,
                         ArcTaskStyle  style)
{
  GString *s = g_string_new (NULL);

  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), NULL);

  arc_task_edit_write_task (self, s, style, 0, TRUE);
  return g_string_free (s, FALSE);
}

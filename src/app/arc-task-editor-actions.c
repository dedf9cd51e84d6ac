/* arc-task-editor-actions.c: the task editor's editor.* actions and keys
 *
 * Edit Task itself (a stateful toggle), the pair operations on the grid in
 * the workspace, Save, Save As, New Task and Duplicate Task: one callback
 * an action.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-task-editor"

#include "config.h"

#include "arc-task-editor-private.h"

/* Actions */

static void
edit_task_change_state (GSimpleAction *action,
                        GVariant      *state,
                        gpointer       user_data)
{
  ArcTaskEditor *self = user_data;
  gboolean editing = g_variant_get_boolean (state);

  if (!editing && self->session && arc_task_edit_get_modified (self->session))
    {
      arc_task_editor_ask_unsaved (self, ARC_EDIT_THEN_LEAVE);
      return;
    }
  arc_task_editor_set_mode (self, editing);
}

/* After a pair operation: the workspace on the grid @t, and (@draw) the
 * keys on it, for a new grid is to be drawn */
static void
pair_done (ArcTaskEditor       *self,
           const ArcEditTarget *t,
           gboolean             draw)
{
  arc_task_editor_set_target (self, t);
  if (draw)
    gtk_widget_grab_focus (arc_solve_view_get_output_view (self->solve_view));
}

static void
add_pair (ArcTaskEditor *self,
          ArcPairKind    kind)
{
  ArcEditTarget t;

  if (self->session == NULL)
    return;
  t = (ArcEditTarget) { kind, arc_task_edit_add_pair (self->session, kind), ARC_SIDE_INPUT };
  pair_done (self, &t, TRUE);
}

static void
add_train_pair_action (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  add_pair (user_data, ARC_PAIR_TRAIN);
}

static void
add_test_pair_action (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  add_pair (user_data, ARC_PAIR_TEST);
}

/* What the session does to one pair (duplicate, delete, swap its sides) */
typedef gboolean (*PairOperation) (ArcTaskEdit *session,
                                   ArcPairKind  kind,
                                   guint        index);

/* @operation on the target's pair; when it did something, the target moves
 * @step pairs on (to a copy made after it) */
static void
on_target_pair (ArcTaskEditor *self,
                PairOperation  operation,
                int            step,
                gboolean       draw)
{
  ArcEditTarget t = self->target;

  if (self->session == NULL)
    return;
  if (operation (self->session, t.kind, t.index))
    t.index += step;
  pair_done (self, &t, draw);
}

static void
duplicate_pair_action (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  on_target_pair (user_data, arc_task_edit_duplicate_pair, 1, TRUE);
}

static void
delete_pair_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  on_target_pair (user_data, arc_task_edit_delete_pair, 0, FALSE);
}

/* Moves the target's pair one place up (@delta -1) or down (1) */
static void
move_pair (ArcTaskEditor *self,
           int            delta)
{
  ArcEditTarget t = self->target;

  if (self->session == NULL)
    return;
  if (arc_task_edit_move_pair (self->session, t.kind, t.index, t.index + delta))
    t.index += delta;
  pair_done (self, &t, FALSE);
}

static void
move_pair_up_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  move_pair (user_data, -1);
}

static void
move_pair_down_action (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  move_pair (user_data, 1);
}

static void
swap_sides_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  on_target_pair (user_data, arc_task_edit_swap_sides, 0, FALSE);
}

/* Hide Test Output, or Add Test Output (to draw it) */
static void
toggle_test_output_action (GSimpleAction *action,
                           GVariant      *parameter,
                           gpointer       user_data)
{
  ArcTaskEditor *self = user_data;
  ArcEditTarget t = self->target;
  gboolean shown;

  if (self->session == NULL)
    return;
  shown = arc_task_edit_get_grid (self->session, ARC_PAIR_TEST, t.index, ARC_SIDE_OUTPUT) == NULL;
  arc_task_edit_set_test_output_shown (self->session, t.index, shown);
  t.side = shown ? ARC_SIDE_OUTPUT : ARC_SIDE_INPUT;
  pair_done (self, &t, TRUE);
}

static void
save_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  arc_task_editor_save (user_data);
}

/* Unsaved edits of the task shown are asked about when the new one is */
static void
new_task_action (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  arc_task_editor_new_task (user_data, FALSE);
}

static void
duplicate_task_action (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  arc_task_editor_new_task (user_data, TRUE);
}

static void
save_as_action (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  arc_task_editor_save_as (user_data);
}

static const GActionEntry action_entries[] = {
  { "edit-task", NULL, NULL, "false", edit_task_change_state },
  { "add-train-pair", add_train_pair_action },
  { "add-test-pair", add_test_pair_action },
  { "duplicate-pair", duplicate_pair_action },
  { "delete-pair", delete_pair_action },
  { "move-pair-up", move_pair_up_action },
  { "move-pair-down", move_pair_down_action },
  { "swap-sides", swap_sides_action },
  { "toggle-test-output", toggle_test_output_action },
  { "save", save_action },
  { "new-task", new_task_action },
  { "duplicate-task", duplicate_task_action },
  { "save-as", save_as_action },
};

/**
 * arc_task_editor_add_actions:
 * Gives the editor's window its editor.* actions and their keys, wherever
 * the focus is in it.
 */
void
arc_task_editor_add_actions (ArcTaskEditor *self)
{
  const struct { guint key; GdkModifierType mods; const char *action; } keys[] = {
    { GDK_KEY_e, GDK_CONTROL_MASK, "editor.edit-task" },
    { GDK_KEY_s, GDK_CONTROL_MASK, "editor.save" },
    { GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "editor.save-as" },
    { GDK_KEY_n, GDK_CONTROL_MASK, "editor.new-task" },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  g_return_if_fail (ARC_IS_TASK_EDITOR (self));
  g_return_if_fail (self->actions == NULL && self->window != NULL);

  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), action_entries, G_N_ELEMENTS (action_entries), self);
  gtk_widget_insert_action_group (GTK_WIDGET (self->window), "editor", G_ACTION_GROUP (self->actions));
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller), GTK_SHORTCUT_SCOPE_GLOBAL);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].key, keys[i].mods),
                                                            gtk_named_action_new (keys[i].action)));
  gtk_widget_add_controller (GTK_WIDGET (self->window), controller);
  arc_task_editor_update_actions (self);
}

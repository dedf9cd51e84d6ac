/* arc-task-editor.c: Edit Task: the shown task's grids edited with the
 * workspace's tools, and its pairs
 *
 * While Edit Task is on, the window keeps an ArcTaskEdit of the shown task
 * (the session). The task view draws the session; a click on one of its
 * grids, or the grid chooser, puts that grid in the workspace (ArcSolveView
 * with its own tools, keys, selection and clipboard), whose changes go into
 * the session, and whose undo and redo are the session's: one history for
 * grid edits and pair operations. Saving and the questions asked about
 * unsaved edits are in arc-task-editor-files.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-task-editor"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "arc-drop-down.h"
#include "arc-wrap-layout.h"
#include "arc-task-editor-private.h"
#include "arc-tooltip.h"

G_DEFINE_FINAL_TYPE (ArcTaskEditor, arc_task_editor, G_TYPE_OBJECT)

enum
{
  SIGNAL_TOAST,
  SIGNAL_RESHOW,
  SIGNAL_OPEN,
  SIGNAL_UNSAVED_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/**
 * arc_task_editor_toast:
 * Tells the user @message, in a toast of the window.
 */
void
arc_task_editor_toast (ArcTaskEditor *self,
                       const char    *message)
{
  g_signal_emit (self, signals[SIGNAL_TOAST], 0, message);
}

static void load_workspace (ArcTaskEditor *self);

gboolean
arc_task_editor_is_editing (ArcTaskEditor *self)
{
  g_autoptr(GVariant) state = self->actions ? g_action_group_get_action_state (G_ACTION_GROUP (self->actions), "edit-task")
                                            : NULL;

  return state && g_variant_get_boolean (state);
}

/**
 * arc_task_editor_show_mode:
 * The toggle and the edit bar say whether Edit Task is on.
 */
void
arc_task_editor_show_mode (ArcTaskEditor *self,
                           gboolean       editing)
{
  GAction *action = self->actions ? g_action_map_lookup_action (G_ACTION_MAP (self->actions), "edit-task") : NULL;

  if (action)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (editing));
  if (editing)
    arc_task_editor_get_bar (self);  /* (made when Edit Task is first on) */
  if (self->bar)
    gtk_widget_set_visible (self->bar, editing);
}

static const ArcGrid *
target_grid (ArcTaskEditor *self)
{
  return arc_task_edit_get_grid (self->session, self->target.kind, self->target.index, self->target.side);
}

static char *
target_name (const ArcEditTarget *t)
{
  if (t->kind == ARC_PAIR_TRAIN)
    return t->side == ARC_SIDE_INPUT ? g_strdup_printf (_("Train pair %u · Input"), t->index + 1)
                                     : g_strdup_printf (_("Train pair %u · Output"), t->index + 1);
  return t->side == ARC_SIDE_INPUT ? g_strdup_printf (_("Test pair %u · Input"), t->index + 1)
                                   : g_strdup_printf (_("Test pair %u · Output"), t->index + 1);
}

/* The target stays on a grid that exists */
static void
clamp_target (ArcTaskEditor *self)
{
  guint n = arc_task_edit_get_n_pairs (self->session, self->target.kind);

  if (n == 0)
    self->target = (ArcEditTarget) { ARC_PAIR_TRAIN, 0, ARC_SIDE_INPUT };
  else if (self->target.index >= n)
    self->target.index = n - 1;
  if (target_grid (self) == NULL)
    self->target.side = ARC_SIDE_INPUT;
}

static gboolean
same_names (GtkStringList *list,
            char         **names)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (list));

  if (n != g_strv_length (names))
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (gtk_string_list_get_string (list, i), names[i]) != 0)
      return FALSE;
  return TRUE;
}

/* The chooser lists every grid of the session */
static void
fill_chooser (ArcTaskEditor *self)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  guint selected = 0;

  if (self->grid_chooser == NULL)
    return;

  self->syncing = TRUE;
  g_array_set_size (self->grid_targets, 0);
  for (ArcPairKind kind = ARC_PAIR_TRAIN; kind <= ARC_PAIR_TEST; kind++)
    for (guint i = 0; i < arc_task_edit_get_n_pairs (self->session, kind); i++)
      for (ArcPairSide side = ARC_SIDE_INPUT; side <= ARC_SIDE_OUTPUT; side++)
        {
          ArcEditTarget t = { kind, i, side };

          if (arc_task_edit_get_grid (self->session, kind, i, side) == NULL)
            continue;
          if (kind == self->target.kind && i == self->target.index && side == self->target.side)
            selected = self->grid_targets->len;
          g_array_append_val (self->grid_targets, t);
          g_ptr_array_add (names, target_name (&t));
        }
  g_ptr_array_add (names, NULL);
  /* Only a list that changed is replaced: replacing it under the drop-down
   * while it chose an item hung GTK */
  if (!same_names (self->grid_names, (char **) names->pdata))
    gtk_string_list_splice (self->grid_names, 0, g_list_model_get_n_items (G_LIST_MODEL (self->grid_names)),
                            (const char * const *) names->pdata);
  gtk_drop_down_set_selected (self->grid_chooser, selected);
  self->syncing = FALSE;
}

static void
set_enabled (ArcTaskEditor *self,
             const char    *name,
             gboolean       enabled)
{
  GAction *action = self->actions ? g_action_map_lookup_action (G_ACTION_MAP (self->actions), name) : NULL;

  if (action)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

/**
 * arc_task_editor_update_actions:
 * What can be done to the pair of the target now.
 */
void
arc_task_editor_update_actions (ArcTaskEditor *self)
{
  gboolean any = self->session != NULL;
  guint n = any ? arc_task_edit_get_n_pairs (self->session, self->target.kind) : 0;
  gboolean test = any && self->target.kind == ARC_PAIR_TEST;
  gboolean has_output = any && arc_task_edit_get_grid (self->session, self->target.kind, self->target.index, ARC_SIDE_OUTPUT);
  ArcCollection *collection = arc_task_list_get_collection (self->task_list);
  gboolean folder = collection && arc_collection_get_kind (collection) == ARC_COLLECTION_FOLDER &&
                    g_file_is_native (arc_collection_get_file (collection));

  const char *pair_actions[] = { "add-train-pair", "add-test-pair", "duplicate-pair", "save", "save-as" };

  for (guint i = 0; i < G_N_ELEMENTS (pair_actions); i++)
    set_enabled (self, pair_actions[i], any);
  set_enabled (self, "delete-pair", any && n > 1);
  set_enabled (self, "move-pair-up", any && self->target.index > 0);
  set_enabled (self, "move-pair-down", any && self->target.index + 1 < n);
  set_enabled (self, "swap-sides", has_output);
  set_enabled (self, "toggle-test-output", test);
  set_enabled (self, "new-task", folder);
  set_enabled (self, "duplicate-task", folder && (any || arc_task_view_get_task (self->task_view) != NULL));
  if (self->output_button)
    {
      gboolean add = test && !has_output;
      const char *name = add ? _("Add Test Output") : _("Hide Test Output");

      gtk_button_set_icon_name (GTK_BUTTON (self->output_button), add ? "view-reveal-symbolic" : "view-conceal-symbolic");
      arc_tooltip_set (self->output_button, name);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->output_button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
    }
}

/* "• " before the task's id and the window's title while edits are unsaved */
static void
update_marks (ArcTaskEditor *self)
{
  gboolean modified = self->session && arc_task_edit_get_modified (self->session);
  ArcEntry *entry = arc_task_list_get_selected (self->task_list);

  if (self->session)
    arc_task_page_mark_unsaved (self->task_page, arc_task_edit_get_id (self->session), modified);
  g_signal_emit (self, signals[SIGNAL_UNSAVED_CHANGED], 0, modified);
  if (!(self->session && entry && arc_task_editor_matches (self, entry)))
    entry = NULL;
  /* The row of a task left (saved or discarded on the way) loses its mark */
  if (self->unsaved_entry && (self->unsaved_entry != entry || !modified))
    {
      arc_entry_set_unsaved (self->unsaved_entry, FALSE);
      g_clear_object (&self->unsaved_entry);
    }
  if (entry && modified)
    {
      arc_entry_set_unsaved (entry, TRUE);
      g_set_object (&self->unsaved_entry, entry);
    }
}

/* Everything the window shows of the session */
void
arc_task_editor_refresh (ArcTaskEditor *self)
{
  g_autoptr(ArcTask) task = NULL;
  g_autoptr(GPtrArray) problems = NULL;

  if (self->session == NULL)
    return;
  clamp_target (self);
  /* The page says what the task is now: its pairs, and what the validator
   * would say of a save */
  task = arc_task_edit_to_task (self->session, &problems, NULL);
  if (task)
    {
      arc_task_view_set_task (self->task_view, task);
      arc_task_page_show_summary (self->task_page, arc_task_list_get_selected (self->task_list), task);
    }
  arc_task_editor_show_problems (self, problems);
  fill_chooser (self);
  arc_task_editor_update_actions (self);
  update_marks (self);
}

/* The workspace: its changes go into the session */

static void
workspace_changed_cb (ArcSolve      *solve,
                      ArcTaskEditor *self)
{
  const ArcGrid *output = arc_solve_get_output (solve);
  const ArcGrid *grid;

  if (self->session == NULL)
    return;
  grid = target_grid (self);
  if (grid && arc_grid_equal (grid, output))
    return;
  self->committing = TRUE;
  arc_task_edit_set_grid (self->session, self->target.kind, self->target.index, self->target.side, output);
  self->committing = FALSE;
}

/* A workspace whose output is @grid, beside @reference; the tools' own
 * history is not used (undo is the session's) */
static ArcSolve *
new_workspace (const ArcGrid *reference,
               const ArcGrid *grid)
{
  g_autofree char *r = arc_grid_to_string (reference);
  g_autofree char *json = g_strdup_printf ("{\"train\": [{\"input\": %s, \"output\": %s}], \"test\": [{\"input\": %s}]}",
                                           r, r, r);
  g_autoptr(ArcTask) task = arc_task_new_from_data (json, strlen (json), "edit", NULL, NULL);
  ArcSolve *solve;
  int h = arc_grid_get_height (grid), w = arc_grid_get_width (grid);

  g_assert (task != NULL);
  solve = arc_solve_new (task, 1);
  arc_solve_resize (solve, h, w);
  arc_solve_begin_stroke (solve);
  for (int row = 0; row < h; row++)
    for (int col = 0; col < w; col++)
      if (arc_grid_get (grid, row, col) != 0)
        arc_solve_paint (solve, row, col, arc_grid_get (grid, row, col));
  arc_solve_end_stroke (solve);
  return solve;
}

/* The task view frames the grid in the workspace */
static void
mark_target (ArcTaskEditor *self)
{
  ArcSlotKind kind = self->target.kind == ARC_PAIR_TRAIN
                     ? (self->target.side == ARC_SIDE_INPUT ? ARC_SLOT_TRAIN_INPUT : ARC_SLOT_TRAIN_OUTPUT)
                     : (self->target.side == ARC_SIDE_INPUT ? ARC_SLOT_TEST_INPUT : ARC_SLOT_TEST_OUTPUT);

  arc_task_view_set_marked (self->task_view, self->session ? (int) kind : -1, self->target.index);
}

/* The workspace's names for the target, and what it is beside: the other
 * grid of its pair, or (a test input with its output hidden) itself as it
 * was when it came into the workspace */
static void
show_edit (ArcTaskEditor *self,
           const char    *title)
{
  gboolean input = self->target.side == ARC_SIDE_INPUT;
  gboolean with_output = arc_task_edit_get_grid (self->session, self->target.kind, self->target.index, ARC_SIDE_OUTPUT) != NULL;

  arc_solve_view_set_edit (self->solve_view, self->session, title, self->other_name, input ? _("Input") : _("Output"),
                           !input ? ARC_EDIT_BESIDE_INPUT : with_output ? ARC_EDIT_BESIDE_OUTPUT : ARC_EDIT_BESIDE_EARLIER);
}

static void
load_workspace (ArcTaskEditor *self)
{
  const ArcGrid *grid = target_grid (self);
  const ArcGrid *other = arc_task_edit_get_grid (self->session, self->target.kind, self->target.index,
                                                 self->target.side == ARC_SIDE_INPUT ? ARC_SIDE_OUTPUT : ARC_SIDE_INPUT);
  const ArcGrid *clipboard = self->solve ? arc_solve_get_clipboard (self->solve) : NULL;
  g_autoptr(ArcGrid) clip = clipboard ? arc_grid_copy (clipboard) : NULL;
  g_autofree char *title = target_name (&self->target);
  const char *other_name;

  if (grid == NULL)
    return;
  if (self->solve)
    g_signal_handlers_disconnect_by_func (self->solve, workspace_changed_cb, self);
  g_clear_object (&self->solve);
  if (other == NULL)
    {
      other = grid;
      other_name = _("Before");  /* the grid as it was when it came into the workspace */
    }
  else
    other_name = self->target.side == ARC_SIDE_INPUT ? _("Output") : _("Input");
  self->other_name = other_name;
  self->solve = new_workspace (other, grid);
  if (clip)
    arc_solve_set_clipboard (self->solve, clip);  /* the clipboard goes from grid to grid */
  g_signal_connect (self->solve, "changed", G_CALLBACK (workspace_changed_cb), self);
  show_edit (self, title);
  arc_solve_view_set_solve (self->solve_view, self->solve);
  mark_target (self);
}

/**
 * arc_task_editor_set_target:
 * Puts the grid @t of the session in the workspace.
 */
void
arc_task_editor_set_target (ArcTaskEditor       *self,
            const ArcEditTarget *t)
{
  self->target = *t;
  clamp_target (self);
  load_workspace (self);
  fill_chooser (self);
  arc_task_editor_update_actions (self);
}

static void
session_changed_cb (ArcTaskEdit   *session,
                    ArcTaskEditor *self)
{
  ArcEditTarget before = self->target;
  ArcEditTarget step;
  const ArcGrid *grid;

  /* An undo or a redo goes to the grid it changed (clamped below) */
  if (arc_task_edit_get_step (session, &step.kind, &step.index, &step.side))
    self->target = step;
  arc_task_editor_refresh (self);
  grid = target_grid (self);
  /* An undo, a redo or a pair operation: the workspace shows the grid now,
   * and the examples show where it is */
  if (!self->committing || memcmp (&before, &self->target, sizeof before) != 0 ||
      (grid && !arc_grid_equal (grid, arc_solve_get_output (self->solve))))
    load_workspace (self);
  if (!self->committing)
    arc_task_view_reveal_marked (self->task_view);
}

static void
session_modified_cb (ArcTaskEdit   *session,
                     GParamSpec    *pspec,
                     ArcTaskEditor *self)
{
  update_marks (self);
}

/* Sessions */

/**
 * arc_task_editor_session_for_entry:
 * Returns: (transfer full) (nullable): a session on @entry's task: in its
 * file, in its Kaggle file, or (a line of a JSON Lines file) in no file yet
 */
ArcTaskEdit *
arc_task_editor_session_for_entry (ArcEntry  *entry,
                                   GError   **error)
{
  GFile *file = arc_entry_get_file (entry);

  if (arc_entry_is_combined (entry))
    return arc_task_edit_new_for_combined (file, arc_entry_get_id (entry), error);
  /* A line of a JSON Lines file, or a task that cannot be written where it
   * is (the bundled samples): Save asks where */
  if (arc_entry_get_line (entry) > 0 || file == NULL || !g_file_is_native (file))
    {
      g_autoptr(ArcTask) task = arc_entry_load (entry, error);

      return task ? arc_task_edit_new (task) : NULL;
    }
  return arc_task_edit_new_for_file (file, arc_entry_get_id (entry), error);
}

/* Whether @entry is the task of the session (the list may have made a new
 * entry for it, after a change on disk) */
gboolean
arc_task_editor_matches (ArcTaskEditor *self,
                         ArcEntry      *entry)
{
  return self->session && entry && arc_entry_is_task (entry, self->session_file, self->session_id);
}

/* Lets go of the session and the workspace on it */
static void
drop_session (ArcTaskEditor *self)
{
  if (self->session)
    g_signal_handlers_disconnect_by_data (self->session, self);
  if (self->solve)
    g_signal_handlers_disconnect_by_func (self->solve, workspace_changed_cb, self);
  g_clear_object (&self->session);
  g_clear_object (&self->solve);
}

void
arc_task_editor_stop (ArcTaskEditor *self)
{
  drop_session (self);
  g_clear_pointer (&self->session_id, g_free);
  g_clear_object (&self->session_file);
  self->reported_change = FALSE;
  arc_task_view_set_marked (self->task_view, -1, 0);
  arc_solve_view_set_edit (self->solve_view, NULL, NULL, NULL, NULL, ARC_EDIT_BESIDE_INPUT);
  arc_task_editor_update_actions (self);
  update_marks (self);
}

/**
 * arc_task_editor_start_session:
 * Edits @session, the task of @entry, from now on.
 */
void
arc_task_editor_start_session (ArcTaskEditor *self,
                               ArcEntry      *entry,
                               ArcTaskEdit   *session)
{
  arc_task_editor_stop (self);
  self->session = g_object_ref (session);
  self->session_id = g_strdup (entry ? arc_entry_get_id (entry) : arc_task_edit_get_id (session));
  self->session_file = entry && arc_entry_get_file (entry) ? g_object_ref (arc_entry_get_file (entry)) : NULL;
  g_signal_connect (session, "changed", G_CALLBACK (session_changed_cb), self);
  g_signal_connect (session, "notify::modified", G_CALLBACK (session_modified_cb), self);
  self->target = (ArcEditTarget) { ARC_PAIR_TRAIN, 0, ARC_SIDE_INPUT };
  g_object_set (self->task_view, "show-test-outputs", TRUE, NULL);
  arc_task_editor_refresh (self);
  load_workspace (self);
}

static gboolean
start_for_entry (ArcTaskEditor *self,
                 ArcEntry      *entry)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTaskEdit) session = entry ? arc_task_editor_session_for_entry (entry, &error) : NULL;

  if (session == NULL)
    {
      if (error)
        arc_task_editor_toast (self, error->message);
      return FALSE;
    }
  arc_task_editor_start_session (self, entry, session);
  return TRUE;
}

/**
 * arc_task_editor_set_mode:
 * Turns Edit Task on (for the shown task) or off (the edits must have been
 * saved or discarded).
 */
void
arc_task_editor_set_mode (ArcTaskEditor *self,
                          gboolean       editing)
{
  if (editing && !start_for_entry (self, arc_task_list_get_selected (self->task_list)))
    editing = FALSE;
  arc_task_editor_show_mode (self, editing);
  if (editing)
    gtk_widget_grab_focus (arc_solve_view_get_output_view (self->solve_view));  /* the keys are the tools' */
  if (!editing)
    {
      gboolean had_session = self->session != NULL;

      arc_task_editor_stop (self);
      g_settings_bind (self->settings, "show-test-outputs", self->task_view, "show-test-outputs", G_SETTINGS_BIND_GET);
      if (had_session)
        g_signal_emit (self, signals[SIGNAL_RESHOW], 0);
    }
}

/* After the question about unsaved edits: what the user was doing */
void
arc_task_editor_continue (ArcTaskEditor *self)
{
  ArcEditThen then = self->then;
  g_autoptr(ArcEntry) pending = g_steal_pointer (&self->pending);

  self->then = ARC_EDIT_THEN_NOTHING;
  switch (then)
    {
    case ARC_EDIT_THEN_LEAVE:
      arc_task_editor_set_mode (self, FALSE);
      break;
    case ARC_EDIT_THEN_SWITCH:
      arc_task_editor_stop (self);
      if (pending && arc_task_list_get_selected (self->task_list) == pending)
        g_signal_emit (self, signals[SIGNAL_RESHOW], 0);
      else if (pending)
        arc_task_list_select_task (self->task_list, arc_entry_get_file (pending), arc_entry_get_id (pending));
      break;
    case ARC_EDIT_THEN_OPEN:
      {
        g_autoptr(GFile) file = g_steal_pointer (&self->pending_file);

        arc_task_editor_stop (self);
        if (file)
          g_signal_emit (self, signals[SIGNAL_OPEN], 0, file);
      }
      break;
    case ARC_EDIT_THEN_CLOSE:
      self->may_close = TRUE;
      gtk_window_close (GTK_WINDOW (self->window));
      break;
    case ARC_EDIT_THEN_NOTHING:
    default:
      break;
    }
}

/* What the window tells it, and asks it */

/* The task page shows another task (or none, or an invalid one: @task
 * %NULL): while editing, the session follows (and an other program's
 * change to the file is reported, not written over). A file that became
 * invalid under unsaved edits keeps them, and Edit Task goes on (the window
 * shows the task page after all). */
static void
entry_shown (ArcTaskEditor *self,
             ArcEntry      *entry,
             ArcTask       *task)
{
  arc_task_editor_update_actions (self);  /* New Task follows the collection */
  if (!arc_task_editor_is_editing (self))
    return;
  if (task == NULL)
    {
      if (self->session && arc_task_edit_get_modified (self->session) && arc_task_editor_matches (self, entry))
        {
          /* The file became invalid under us: keep the edits */
          arc_task_editor_report_external (self);
          arc_task_editor_refresh (self);
          load_workspace (self);
          return;
        }
      arc_task_editor_set_mode (self, FALSE);
      return;
    }
  if (arc_task_editor_matches (self, entry))
    {
      if (arc_task_edit_changed_on_disk (self->session))
        {
          if (!arc_task_edit_get_modified (self->session))
            {
              start_for_entry (self, entry);  /* nothing of ours to lose: read it again */
              return;
            }
          arc_task_editor_report_external (self);
        }
      /* Read again (after our own save, say): the workspace stays as it was */
      arc_task_editor_refresh (self);
      if (self->solve && target_grid (self) && arc_grid_equal (target_grid (self), arc_solve_get_output (self->solve)))
        {
          g_autofree char *title = target_name (&self->target);

          show_edit (self, title);
          arc_solve_view_set_solve (self->solve_view, self->solve);
          mark_target (self);
        }
      else
        load_workspace (self);
      return;
    }
  if (!start_for_entry (self, entry))
    arc_task_editor_set_mode (self, FALSE);
}

static void
page_session_cb (ArcTaskEditor *self)
{
  ArcTaskSession *session = arc_task_page_get_session (self->task_page);

  entry_shown (self, session ? arc_task_session_get_entry (session) : NULL,
               session ? arc_task_session_get_task (session) : NULL);
}

/* The bar */

static void
chooser_selected_cb (GtkDropDown   *dropdown,
                     GParamSpec    *pspec,
                     ArcTaskEditor *self)
{
  guint i = gtk_drop_down_get_selected (dropdown);

  if (self->syncing || self->session == NULL || i >= self->grid_targets->len)
    return;
  arc_task_editor_set_target (self, &g_array_index (self->grid_targets, ArcEditTarget, i));
}

/* The pair operations and Save (ui/arc-edit-bar.ui), on top of the task
 * page. The list of the task's grids takes the place of the workspace's
 * title, which named the same grid: the bar is one line shorter, and at
 * 800×600 the workspace shows whole beside the examples. Made when Edit
 * Task is first turned on: some 50 widgets the window's first frame would
 * make and not show. */
static void
make_bar (ArcTaskEditor *self)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/arcstudio/ArcStudio/arc-edit-bar.ui");

  self->bar = g_object_ref_sink (GTK_WIDGET (gtk_builder_get_object (builder, "bar")));
  self->output_button = GTK_WIDGET (gtk_builder_get_object (builder, "output_button"));
  gtk_widget_set_layout_manager (GTK_WIDGET (gtk_builder_get_object (builder, "pairs")), arc_wrap_layout_new (6, 6));

  self->grid_names = gtk_string_list_new (NULL);
  self->grid_chooser = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (self->grid_names)), NULL));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->grid_chooser), _("The grid in the workspace (or click a grid of the task)"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->grid_chooser), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Grid"), -1);
  g_signal_connect (self->grid_chooser, "notify::selected", G_CALLBACK (chooser_selected_cb), self);
  arc_drop_down_open_at_selected (self->grid_chooser);
  arc_solve_view_set_title_widget (self->solve_view, GTK_WIDGET (self->grid_chooser));
  gtk_widget_set_visible (self->bar, FALSE);
  arc_task_page_add_bar (self->task_page, self->bar);
  if (self->session)
    fill_chooser (self);
  arc_task_editor_update_actions (self);
}

/* A button down on the edited grid: its changes are one undo step */
static gboolean
output_event_cb (GtkEventControllerLegacy *controller,
                 GdkEvent                 *event,
                 ArcTaskEditor            *self)
{
  GdkEventType type = gdk_event_get_event_type (event);

  if (type == GDK_BUTTON_PRESS && self->session && !self->grouping)
    {
      self->grouping = TRUE;
      arc_task_edit_begin_group (self->session);
    }
  else if (type == GDK_BUTTON_RELEASE && self->grouping)
    {
      self->grouping = FALSE;
      if (self->session)
        arc_task_edit_end_group (self->session);
    }
  return FALSE;
}

/* The grid of the task view at (@x, @y) */
static gboolean
grid_at (ArcTaskEditor *self,
         double         x,
         double         y,
         ArcEditTarget *t)
{
  ArcTaskLayout *layout = arc_task_view_get_layout (self->task_view);
  const ArcSlot *slot;
  int row, col;

  if (self->session == NULL || layout == NULL)
    return FALSE;
  slot = arc_task_layout_hit (layout, x, y, &row, &col);
  if (slot == NULL)
    return FALSE;
  t->kind = slot->kind == ARC_SLOT_TRAIN_INPUT || slot->kind == ARC_SLOT_TRAIN_OUTPUT ? ARC_PAIR_TRAIN : ARC_PAIR_TEST;
  t->side = slot->kind == ARC_SLOT_TRAIN_INPUT || slot->kind == ARC_SLOT_TEST_INPUT ? ARC_SIDE_INPUT : ARC_SIDE_OUTPUT;
  t->index = slot->index;
  return TRUE;
}

#define DRAG_THRESHOLD 8

static void
task_drag_begin_cb (GtkGestureDrag *gesture,
                    double          x,
                    double          y,
                    ArcTaskEditor  *self)
{
  self->dragging = grid_at (self, x, y, &self->drag_from);
}

static void
task_drag_update_cb (GtkGestureDrag *gesture,
                     double          dx,
                     double          dy,
                     ArcTaskEditor  *self)
{
  if (self->dragging && (dx * dx + dy * dy) > DRAG_THRESHOLD * DRAG_THRESHOLD)
    gtk_widget_set_cursor_from_name (GTK_WIDGET (self->task_view), "grabbing");
}

/* A click on a grid of the task puts it in the workspace; a drag from a
 * pair to another of its kind moves it there */
static void
task_drag_end_cb (GtkGestureDrag *gesture,
                  double          dx,
                  double          dy,
                  ArcTaskEditor  *self)
{
  ArcEditTarget from = self->drag_from, to;
  double x, y;

  gtk_widget_set_cursor (GTK_WIDGET (self->task_view), NULL);
  if (!self->dragging || self->session == NULL)
    return;
  self->dragging = FALSE;
  if (dx * dx + dy * dy <= DRAG_THRESHOLD * DRAG_THRESHOLD)
    {
      if (arc_task_edit_get_grid (self->session, from.kind, from.index, from.side) == NULL)
        return;  /* a hidden test output */
      arc_task_editor_set_target (self, &from);
      gtk_widget_grab_focus (arc_solve_view_get_output_view (self->solve_view));
      return;
    }
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  if (!grid_at (self, x + dx, y + dy, &to) || to.kind != from.kind || to.index == from.index)
    return;
  if (arc_task_edit_move_pair (self->session, from.kind, from.index, to.index))
    {
      from.index = to.index;
      if (arc_task_edit_get_grid (self->session, from.kind, from.index, from.side) == NULL)
        from.side = ARC_SIDE_INPUT;
      arc_task_editor_set_target (self, &from);
    }
}


/**
 * arc_task_editor_new:
 * The task editor of @window, on its task list and its task page, whose
 * task shown (its "session") it follows. The window adds its editor.*
 * actions (arc_task_editor_add_actions()), places its bar
 * (arc_task_editor_get_bar()), follows its signals and calls
 * arc_task_editor_shutdown() as it goes.
 */
ArcTaskEditor *
arc_task_editor_new (GtkWindow   *window,
                     GSettings   *settings,
                     ArcTaskList *task_list,
                     ArcTaskPage *task_page)
{
  ArcTaskEditor *self = g_object_new (ARC_TYPE_TASK_EDITOR, NULL);
  GtkEventController *legacy = gtk_event_controller_legacy_new ();
  GtkGesture *drag = gtk_gesture_drag_new ();

  self->window = window;
  self->settings = g_object_ref (settings);
  self->task_list = task_list;
  self->task_page = task_page;
  self->task_view = arc_task_page_get_task_view (task_page);
  self->solve_view = arc_task_page_get_solve_view (task_page);

  self->output_events = legacy;
  self->task_click = GTK_EVENT_CONTROLLER (drag);
  gtk_event_controller_set_propagation_phase (legacy, GTK_PHASE_CAPTURE);
  g_signal_connect (legacy, "event", G_CALLBACK (output_event_cb), self);
  gtk_widget_add_controller (arc_solve_view_get_output_view (self->solve_view), legacy);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (task_drag_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (task_drag_update_cb), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (task_drag_end_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->task_view), GTK_EVENT_CONTROLLER (drag));
  /* The task shown: the session follows it */
  g_signal_connect_object (task_page, "notify::session", G_CALLBACK (page_session_cb), self, G_CONNECT_SWAPPED);
  arc_task_editor_update_actions (self);
  return self;
}

/**
 * arc_task_editor_shutdown:
 * The window goes: nothing of its widgets, disposed after this, calls
 * back, and the editor lets go of the window.
 */
void
arc_task_editor_shutdown (ArcTaskEditor *self)
{
  g_return_if_fail (ARC_IS_TASK_EDITOR (self));

  if (self->window == NULL)
    return;
  if (self->grid_chooser)
    g_signal_handlers_disconnect_by_data (self->grid_chooser, self);
  g_signal_handlers_disconnect_by_data (self->output_events, self);
  g_signal_handlers_disconnect_by_data (self->task_click, self);
  g_signal_handlers_disconnect_by_data (self->task_page, self);
  arc_task_editor_files_dispose (self);
  drop_session (self);
  gtk_widget_insert_action_group (GTK_WIDGET (self->window), "editor", NULL);
  self->window = NULL;
  self->task_list = NULL;
  self->task_page = NULL;
  self->task_view = NULL;
  self->solve_view = NULL;
}

/* Getters */

/**
 * arc_task_editor_get_bar:
 * Returns: (transfer none): the bar of pair operations and Save, shown
 * while editing on top of the task page; made now if it was not
 */
GtkWidget *
arc_task_editor_get_bar (ArcTaskEditor *self)
{
  g_return_val_if_fail (ARC_IS_TASK_EDITOR (self), NULL);

  if (self->bar == NULL && self->window)
    make_bar (self);
  return self->bar;
}

/**
 * arc_task_editor_get_session:
 * Returns: (transfer none) (nullable): the task being edited
 */
ArcTaskEdit *
arc_task_editor_get_session (ArcTaskEditor *self)
{
  g_return_val_if_fail (ARC_IS_TASK_EDITOR (self), NULL);
  return self->session;
}

/**
 * arc_task_editor_get_target:
 * The grid of the session in the workspace.
 */
void
arc_task_editor_get_target (ArcTaskEditor *self,
                            ArcPairKind   *kind,
                            guint         *index,
                            ArcPairSide   *side)
{
  g_return_if_fail (ARC_IS_TASK_EDITOR (self));
  if (kind)
    *kind = self->target.kind;
  if (index)
    *index = self->target.index;
  if (side)
    *side = self->target.side;
}

/**
 * arc_task_editor_get_workspace:
 * Returns: (transfer none) (nullable): the workspace on the target grid
 */
ArcSolve *
arc_task_editor_get_workspace (ArcTaskEditor *self)
{
  g_return_val_if_fail (ARC_IS_TASK_EDITOR (self), NULL);
  return self->solve;
}

/**
 * arc_task_editor_get_change_reported:
 * Returns: whether another program's change to the file being edited was
 * reported (a save then asks before writing over it)
 */
gboolean
arc_task_editor_get_change_reported (ArcTaskEditor *self)
{
  g_return_val_if_fail (ARC_IS_TASK_EDITOR (self), FALSE);
  return self->reported_change;
}

/* GObject */

static void
arc_task_editor_dispose (GObject *object)
{
  ArcTaskEditor *self = ARC_TASK_EDITOR (object);

  arc_task_editor_shutdown (self);
  g_clear_object (&self->session_file);
  g_clear_object (&self->unsaved_entry);
  g_clear_object (&self->pending);
  g_clear_object (&self->pending_file);
  g_clear_object (&self->actions);
  g_clear_object (&self->grid_names);
  g_clear_object (&self->bar);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (arc_task_editor_parent_class)->dispose (object);
}

static void
arc_task_editor_finalize (GObject *object)
{
  ArcTaskEditor *self = ARC_TASK_EDITOR (object);

  g_free (self->session_id);
  g_array_unref (self->grid_targets);

  G_OBJECT_CLASS (arc_task_editor_parent_class)->finalize (object);
}

static void
arc_task_editor_class_init (ArcTaskEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = arc_task_editor_dispose;
  object_class->finalize = arc_task_editor_finalize;

  /**
   * ArcTaskEditor::toast:
   * Something to tell the user in a toast of the window.
   */
  signals[SIGNAL_TOAST] = g_signal_new ("toast", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                        G_TYPE_NONE, 1, G_TYPE_STRING);
  /**
   * ArcTaskEditor::reshow:
   * The window is to show the selected task again, as read from its file
   * (edits saved or discarded).
   */
  signals[SIGNAL_RESHOW] = g_signal_new ("reshow", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                         G_TYPE_NONE, 0);
  /**
   * ArcTaskEditor::open:
   * The window is to open the collection at @file, which waited for the
   * question about unsaved edits.
   */
  signals[SIGNAL_OPEN] = g_signal_new ("open", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                       G_TYPE_NONE, 1, G_TYPE_FILE);
  /**
   * ArcTaskEditor::unsaved-changed:
   * Whether the task being edited has unsaved edits, for the window's title.
   */
  signals[SIGNAL_UNSAVED_CHANGED] = g_signal_new ("unsaved-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

static void
arc_task_editor_init (ArcTaskEditor *self)
{
  self->grid_targets = g_array_new (FALSE, FALSE, sizeof (ArcEditTarget));
}

/* arc-window-edit.c: Edit Task: the shown task's grids edited with the
 * workspace's tools, and its pairs
 *
 * While Edit Task is on, the window keeps an ArcTaskEdit of the shown task
 * (the session). The task view draws the session; a click on one of its
 * grids, or the grid chooser, puts that grid in the workspace (ArcSolveView
 * with its own tools, keys, selection and clipboard), whose changes go into
 * the session, and whose undo and redo are the session's: one history for
 * grid edits and pair operations. Saving and the questions asked about
 * unsaved edits are in arc-window-edit-files.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-window"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "arc-drop-down.h"
#include "arc-wrap-layout.h"
#include "arc-window-edit-private.h"

static void load_workspace (ArcWindowEdit *e);

gboolean
arc_window_edit_is_editing (ArcWindowEdit *e)
{
  g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (e->actions), "edit-task");

  return state && g_variant_get_boolean (state);
}

/**
 * arc_window_edit_show_mode:
 * The toggle and the edit bar say whether Edit Task is on.
 */
void
arc_window_edit_show_mode (ArcWindowEdit *e,
                           gboolean       editing)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (e->actions), "edit-task");

  g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (editing));
  gtk_widget_set_visible (e->bar, editing);
}

static const ArcGrid *
target_grid (ArcWindowEdit *e)
{
  return arc_task_edit_get_grid (e->session, e->target.kind, e->target.index, e->target.side);
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
clamp_target (ArcWindowEdit *e)
{
  guint n = arc_task_edit_get_n_pairs (e->session, e->target.kind);

  if (n == 0)
    e->target = (ArcEditTarget) { ARC_PAIR_TRAIN, 0, ARC_SIDE_INPUT };
  else if (e->target.index >= n)
    e->target.index = n - 1;
  if (target_grid (e) == NULL)
    e->target.side = ARC_SIDE_INPUT;
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
fill_chooser (ArcWindowEdit *e)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  guint selected = 0;

  e->syncing = TRUE;
  g_array_set_size (e->grid_targets, 0);
  for (ArcPairKind kind = ARC_PAIR_TRAIN; kind <= ARC_PAIR_TEST; kind++)
    for (guint i = 0; i < arc_task_edit_get_n_pairs (e->session, kind); i++)
      for (ArcPairSide side = ARC_SIDE_INPUT; side <= ARC_SIDE_OUTPUT; side++)
        {
          ArcEditTarget t = { kind, i, side };

          if (arc_task_edit_get_grid (e->session, kind, i, side) == NULL)
            continue;
          if (kind == e->target.kind && i == e->target.index && side == e->target.side)
            selected = e->grid_targets->len;
          g_array_append_val (e->grid_targets, t);
          g_ptr_array_add (names, target_name (&t));
        }
  g_ptr_array_add (names, NULL);
  /* Only a list that changed is replaced: replacing it under the drop-down
   * while it chose an item hung GTK */
  if (!same_names (e->grid_names, (char **) names->pdata))
    gtk_string_list_splice (e->grid_names, 0, g_list_model_get_n_items (G_LIST_MODEL (e->grid_names)),
                            (const char * const *) names->pdata);
  gtk_drop_down_set_selected (e->grid_chooser, selected);
  e->syncing = FALSE;
}

static void
set_enabled (ArcWindowEdit *e,
             const char    *name,
             gboolean       enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (e->actions), name);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

/* What can be done to the pair of the target now */
static void
update_actions (ArcWindowEdit *e)
{
  gboolean any = e->session != NULL;
  guint n = any ? arc_task_edit_get_n_pairs (e->session, e->target.kind) : 0;
  gboolean test = any && e->target.kind == ARC_PAIR_TEST;
  gboolean has_output = any && arc_task_edit_get_grid (e->session, e->target.kind, e->target.index, ARC_SIDE_OUTPUT);
  ArcCollection *collection = arc_task_list_get_collection (e->window->task_list);
  gboolean folder = collection && arc_collection_get_kind (collection) == ARC_COLLECTION_FOLDER &&
                    g_file_is_native (arc_collection_get_file (collection));

  const char *pair_actions[] = { "add-train-pair", "add-test-pair", "duplicate-pair", "save", "save-as" };

  for (guint i = 0; i < G_N_ELEMENTS (pair_actions); i++)
    set_enabled (e, pair_actions[i], any);
  set_enabled (e, "delete-pair", any && n > 1);
  set_enabled (e, "move-pair-up", any && e->target.index > 0);
  set_enabled (e, "move-pair-down", any && e->target.index + 1 < n);
  set_enabled (e, "swap-sides", has_output);
  set_enabled (e, "toggle-test-output", test);
  set_enabled (e, "new-task", folder);
  set_enabled (e, "duplicate-task", folder && (any || arc_task_view_get_task (e->window->task_view) != NULL));
  {
    gboolean add = test && !has_output;
    const char *name = add ? _("Add Test Output") : _("Hide Test Output");

    gtk_button_set_icon_name (GTK_BUTTON (e->output_button), add ? "view-reveal-symbolic" : "view-conceal-symbolic");
    gtk_widget_set_tooltip_text (e->output_button, name);
    gtk_accessible_update_property (GTK_ACCESSIBLE (e->output_button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  }
}

/* "• " before the task's id and the window's title while edits are unsaved */
static void
update_marks (ArcWindowEdit *e)
{
  ArcWindow *w = e->window;
  gboolean modified = e->session && arc_task_edit_get_modified (e->session);
  ArcEntry *entry = arc_window_get_selected_entry (w);
  g_autofree char *title = NULL;

  if (e->session)
    {
      g_autofree char *id = g_strdup (arc_task_edit_get_id (e->session));
      g_autofree char *text = modified ? g_strdup_printf ("• %s", id) : g_strdup (id);

      gtk_label_set_text (w->task_title, text);
      gtk_widget_set_tooltip_text (GTK_WIDGET (w->task_title), modified ? _("Unsaved edits") : NULL);
    }
  title = modified ? g_strdup_printf ("• %s", w->title ? w->title : "") : g_strdup (w->title ? w->title : _("ARC Studio"));
  adw_window_title_set_title (w->window_title, title);
  if (!(e->session && entry && arc_window_edit_matches (e, entry)))
    entry = NULL;
  /* The row of a task left (saved or discarded on the way) loses its mark */
  if (e->unsaved_entry && (e->unsaved_entry != entry || !modified))
    {
      arc_entry_set_unsaved (e->unsaved_entry, FALSE);
      g_clear_object (&e->unsaved_entry);
    }
  if (entry && modified)
    {
      arc_entry_set_unsaved (entry, TRUE);
      g_set_object (&e->unsaved_entry, entry);
    }
}

/* Everything the window shows of the session */
void
arc_window_edit_refresh (ArcWindowEdit *e)
{
  g_autoptr(ArcTask) task = NULL;
  g_autoptr(GPtrArray) problems = NULL;

  if (e->session == NULL)
    return;
  clamp_target (e);
  /* The page says what the task is now: its pairs, and what the validator
   * would say of a save */
  task = arc_task_edit_to_task (e->session, &problems, NULL);
  if (task)
    {
      arc_task_view_set_task (e->window->task_view, task);
      arc_window_show_summary (e->window, arc_window_get_selected_entry (e->window), task);
    }
  arc_window_edit_show_problems (e, problems);
  fill_chooser (e);
  update_actions (e);
  update_marks (e);
}

/* The workspace: its changes go into the session */

static void
workspace_changed_cb (ArcSolve      *solve,
                      ArcWindowEdit *e)
{
  const ArcGrid *output = arc_solve_get_output (solve);
  const ArcGrid *grid;

  if (e->session == NULL)
    return;
  grid = target_grid (e);
  if (grid && arc_grid_equal (grid, output))
    return;
  e->committing = TRUE;
  arc_task_edit_set_grid (e->session, e->target.kind, e->target.index, e->target.side, output);
  e->committing = FALSE;
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
mark_target (ArcWindowEdit *e)
{
  ArcSlotKind kind = e->target.kind == ARC_PAIR_TRAIN
                     ? (e->target.side == ARC_SIDE_INPUT ? ARC_SLOT_TRAIN_INPUT : ARC_SLOT_TRAIN_OUTPUT)
                     : (e->target.side == ARC_SIDE_INPUT ? ARC_SLOT_TEST_INPUT : ARC_SLOT_TEST_OUTPUT);

  arc_task_view_set_marked (e->window->task_view, e->session ? (int) kind : -1, e->target.index);
}

/* The workspace's names for the target, and what it is beside: the other
 * grid of its pair, or (a test input with its output hidden) itself as it
 * was when it came into the workspace */
static void
show_edit (ArcWindowEdit *e,
           const char    *title)
{
  gboolean input = e->target.side == ARC_SIDE_INPUT;
  gboolean with_output = arc_task_edit_get_grid (e->session, e->target.kind, e->target.index, ARC_SIDE_OUTPUT) != NULL;

  arc_solve_view_set_edit (e->window->solve_view, e->session, title, e->other_name, input ? _("Input") : _("Output"),
                           !input ? ARC_EDIT_BESIDE_INPUT : with_output ? ARC_EDIT_BESIDE_OUTPUT : ARC_EDIT_BESIDE_EARLIER);
}

static void
load_workspace (ArcWindowEdit *e)
{
  const ArcGrid *grid = target_grid (e);
  const ArcGrid *other = arc_task_edit_get_grid (e->session, e->target.kind, e->target.index,
                                                 e->target.side == ARC_SIDE_INPUT ? ARC_SIDE_OUTPUT : ARC_SIDE_INPUT);
  const ArcGrid *clipboard = e->solve ? arc_solve_get_clipboard (e->solve) : NULL;
  g_autoptr(ArcGrid) clip = clipboard ? arc_grid_copy (clipboard) : NULL;
  g_autofree char *title = target_name (&e->target);
  const char *other_name;

  if (grid == NULL)
    return;
  if (e->solve)
    g_signal_handlers_disconnect_by_func (e->solve, workspace_changed_cb, e);
  g_clear_object (&e->solve);
  if (other == NULL)
    {
      other = grid;
      other_name = _("Before");  /* the grid as it was when it came into the workspace */
    }
  else
    other_name = e->target.side == ARC_SIDE_INPUT ? _("Output") : _("Input");
  e->other_name = other_name;
  e->solve = new_workspace (other, grid);
  if (clip)
    arc_solve_set_clipboard (e->solve, clip);  /* the clipboard goes from grid to grid */
  g_signal_connect (e->solve, "changed", G_CALLBACK (workspace_changed_cb), e);
  show_edit (e, title);
  arc_solve_view_set_solve (e->window->solve_view, e->solve);
  mark_target (e);
}

static void
set_target (ArcWindowEdit       *e,
            const ArcEditTarget *t)
{
  e->target = *t;
  clamp_target (e);
  load_workspace (e);
  fill_chooser (e);
  update_actions (e);
}

static void
session_changed_cb (ArcTaskEdit   *session,
                    ArcWindowEdit *e)
{
  ArcEditTarget before = e->target;
  const ArcGrid *grid;

  arc_window_edit_refresh (e);
  grid = target_grid (e);
  /* An undo, a redo or a pair operation: the workspace shows the grid now,
   * and the examples show where it is */
  if (!e->committing || memcmp (&before, &e->target, sizeof before) != 0 ||
      (grid && !arc_grid_equal (grid, arc_solve_get_output (e->solve))))
    load_workspace (e);
  if (!e->committing)
    arc_task_view_reveal_marked (e->window->task_view);
}

static void
session_modified_cb (ArcTaskEdit   *session,
                     GParamSpec    *pspec,
                     ArcWindowEdit *e)
{
  update_marks (e);
}

/* Sessions */

/**
 * arc_window_edit_session_for_entry:
 * Returns: (transfer full) (nullable): a session on @entry's task: in its
 * file, in its Kaggle file, or (a line of a JSON Lines file) in no file yet
 */
ArcTaskEdit *
arc_window_edit_session_for_entry (ArcEntry  *entry,
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

static char *
entry_key (ArcEntry *entry)
{
  const char *group = arc_entry_get_group (entry);

  return *group ? g_strdup_printf ("%s/%s", group, arc_entry_get_id (entry)) : g_strdup (arc_entry_get_id (entry));
}

/* Whether @entry is the task of the session (the list may have made a new
 * entry for it, after a change on disk) */
gboolean
arc_window_edit_matches (ArcWindowEdit *e,
                         ArcEntry      *entry)
{
  g_autofree char *key = NULL;
  GFile *file;

  if (e->session == NULL || entry == NULL)
    return FALSE;
  key = entry_key (entry);
  file = arc_entry_get_file (entry);
  return g_strcmp0 (key, e->session_id) == 0 &&
         (file == NULL || e->session_file == NULL || g_file_equal (file, e->session_file));
}

void
arc_window_edit_stop (ArcWindowEdit *e)
{
  if (e->session)
    g_signal_handlers_disconnect_by_data (e->session, e);
  if (e->solve)
    g_signal_handlers_disconnect_by_func (e->solve, workspace_changed_cb, e);
  g_clear_object (&e->session);
  g_clear_object (&e->solve);
  g_clear_pointer (&e->session_id, g_free);
  g_clear_object (&e->session_file);
  e->reported_change = FALSE;
  arc_task_view_set_marked (e->window->task_view, -1, 0);
  arc_solve_view_set_edit (e->window->solve_view, NULL, NULL, NULL, NULL, ARC_EDIT_BESIDE_INPUT);
  update_actions (e);
  update_marks (e);
}

/**
 * arc_window_edit_start_session:
 * Edits @session, the task of @entry, from now on.
 */
void
arc_window_edit_start_session (ArcWindowEdit *e,
                               ArcEntry      *entry,
                               ArcTaskEdit   *session)
{
  arc_window_edit_stop (e);
  e->session = g_object_ref (session);
  e->session_id = entry ? entry_key (entry) : g_strdup (arc_task_edit_get_id (session));
  e->session_file = entry && arc_entry_get_file (entry) ? g_object_ref (arc_entry_get_file (entry)) : NULL;
  g_signal_connect (session, "changed", G_CALLBACK (session_changed_cb), e);
  g_signal_connect (session, "notify::modified", G_CALLBACK (session_modified_cb), e);
  e->target = (ArcEditTarget) { ARC_PAIR_TRAIN, 0, ARC_SIDE_INPUT };
  g_object_set (e->window->task_view, "show-test-outputs", TRUE, NULL);
  arc_window_edit_refresh (e);
  load_workspace (e);
}

static gboolean
start_for_entry (ArcWindowEdit *e,
                 ArcEntry      *entry)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTaskEdit) session = entry ? arc_window_edit_session_for_entry (entry, &error) : NULL;

  if (session == NULL)
    {
      if (error)
        arc_window_show_toast (e->window, error->message);
      return FALSE;
    }
  arc_window_edit_start_session (e, entry, session);
  return TRUE;
}

/**
 * arc_window_edit_set_mode:
 * Turns Edit Task on (for the shown task) or off (the edits must have been
 * saved or discarded).
 */
void
arc_window_edit_set_mode (ArcWindowEdit *e,
                          gboolean       editing)
{
  ArcWindow *w = e->window;

  if (editing && !start_for_entry (e, arc_window_get_selected_entry (w)))
    editing = FALSE;
  arc_window_edit_show_mode (e, editing);
  if (editing)
    gtk_widget_grab_focus (arc_solve_view_get_output_view (w->solve_view));  /* the keys are the tools' */
  if (!editing)
    {
      gboolean had_session = e->session != NULL;

      arc_window_edit_stop (e);
      g_settings_bind (w->settings, "show-test-outputs", w->task_view, "show-test-outputs", G_SETTINGS_BIND_GET);
      if (had_session)
        arc_window_reshow (w);
    }
}

/* After the question about unsaved edits: what the user was doing */
void
arc_window_edit_continue (ArcWindowEdit *e)
{
  ArcEditThen then = e->then;
  g_autoptr(ArcEntry) pending = g_steal_pointer (&e->pending);

  e->then = ARC_EDIT_THEN_NOTHING;
  switch (then)
    {
    case ARC_EDIT_THEN_LEAVE:
      arc_window_edit_set_mode (e, FALSE);
      break;
    case ARC_EDIT_THEN_SWITCH:
      arc_window_edit_stop (e);
      if (pending)
        {
          g_autofree char *key = entry_key (pending);

          if (arc_window_get_selected_entry (e->window) == pending)
            arc_window_reshow (e->window);
          else
            arc_task_list_select_id (e->window->task_list, key);
        }
      break;
    case ARC_EDIT_THEN_OPEN:
      {
        g_autoptr(GFile) file = g_steal_pointer (&e->pending_file);

        arc_window_edit_stop (e);
        if (file && g_file_has_uri_scheme (file, "resource"))
          arc_window_open_samples (e->window);
        else if (file)
          arc_window_open (e->window, file);
      }
      break;
    case ARC_EDIT_THEN_CLOSE:
      e->may_close = TRUE;
      gtk_window_close (GTK_WINDOW (e->window));
      break;
    case ARC_EDIT_THEN_NOTHING:
    default:
      break;
    }
}

/* Hooks of the window */

/**
 * arc_window_edit_entry_shown:
 * @task: (nullable): the task shown, %NULL for none or an invalid one
 *
 * The window showed @entry: while editing, the session follows (and an
 * other program's change to the file is reported, not written over).
 */
void
arc_window_edit_entry_shown (ArcWindow *self,
                             ArcEntry  *entry,
                             ArcTask   *task)
{
  ArcWindowEdit *e = self->edit;

  if (e == NULL)
    return;
  update_actions (e);  /* New Task follows the collection */
  if (!arc_window_edit_is_editing (e))
    return;
  if (task == NULL)
    {
      if (e->session && arc_task_edit_get_modified (e->session) && arc_window_edit_matches (e, entry))
        {
          /* The file became invalid under us: keep the edits */
          arc_window_edit_report_external (e);
          arc_window_edit_refresh (e);
          gtk_stack_set_visible_child_name (self->main_stack, "task");
          load_workspace (e);
          return;
        }
      arc_window_edit_set_mode (e, FALSE);
      return;
    }
  if (arc_window_edit_matches (e, entry))
    {
      if (arc_task_edit_changed_on_disk (e->session))
        {
          if (!arc_task_edit_get_modified (e->session))
            {
              start_for_entry (e, entry);  /* nothing of ours to lose: read it again */
              return;
            }
          arc_window_edit_report_external (e);
        }
      /* Read again (after our own save, say): the workspace stays as it was */
      arc_window_edit_refresh (e);
      if (e->solve && target_grid (e) && arc_grid_equal (target_grid (e), arc_solve_get_output (e->solve)))
        {
          g_autofree char *title = target_name (&e->target);

          show_edit (e, title);
          arc_solve_view_set_solve (self->solve_view, e->solve);
          mark_target (e);
        }
      else
        load_workspace (e);
      return;
    }
  if (!start_for_entry (e, entry))
    arc_window_edit_set_mode (e, FALSE);
}

/**
 * arc_window_edit_hold_switch:
 * Returns: %TRUE when @entry is not to be shown yet: the user is asked
 * about the unsaved edits first
 */
gboolean
arc_window_edit_hold_switch (ArcWindow *self,
                             ArcEntry  *entry)
{
  ArcWindowEdit *e = self->edit;

  if (e == NULL || e->session == NULL || !arc_task_edit_get_modified (e->session) ||
      arc_window_edit_matches (e, entry))
    return FALSE;
  g_set_object (&e->pending, entry);
  arc_window_edit_ask_unsaved (e, ARC_EDIT_THEN_SWITCH);
  return TRUE;
}

/**
 * arc_window_edit_hold_open:
 * Returns: %TRUE when @file is to be opened only once the user answered
 * about the unsaved edits
 */
gboolean
arc_window_edit_hold_open (ArcWindow *self,
                           GFile     *file)
{
  ArcWindowEdit *e = self->edit;

  if (e == NULL || e->session == NULL || !arc_task_edit_get_modified (e->session))
    return FALSE;
  g_set_object (&e->pending_file, file);
  arc_window_edit_ask_unsaved (e, ARC_EDIT_THEN_OPEN);
  return TRUE;
}

gboolean
arc_window_edit_hold_close (ArcWindow *self)
{
  ArcWindowEdit *e = self->edit;

  if (e == NULL || e->may_close || e->session == NULL || !arc_task_edit_get_modified (e->session))
    return FALSE;
  arc_window_edit_ask_unsaved (e, ARC_EDIT_THEN_CLOSE);
  return TRUE;
}

/* Actions */

static void
edit_task_change_state (GSimpleAction *action,
                        GVariant      *state,
                        gpointer       user_data)
{
  ArcWindowEdit *e = user_data;
  gboolean editing = g_variant_get_boolean (state);

  if (!editing && e->session && arc_task_edit_get_modified (e->session))
    {
      arc_window_edit_ask_unsaved (e, ARC_EDIT_THEN_LEAVE);
      return;
    }
  arc_window_edit_set_mode (e, editing);
}

static void
pair_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  ArcWindowEdit *e = user_data;
  const char *name = g_action_get_name (G_ACTION (action));
  ArcEditTarget t = e->target;
  ArcTaskEdit *s = e->session;

  if (s == NULL)
    return;
  if (g_str_equal (name, "add-train-pair") || g_str_equal (name, "add-test-pair"))
    {
      ArcPairKind kind = g_str_equal (name, "add-train-pair") ? ARC_PAIR_TRAIN : ARC_PAIR_TEST;

      t = (ArcEditTarget) { kind, arc_task_edit_add_pair (s, kind), ARC_SIDE_INPUT };
    }
  else if (g_str_equal (name, "duplicate-pair") && arc_task_edit_duplicate_pair (s, t.kind, t.index))
    t.index++;
  else if (g_str_equal (name, "delete-pair"))
    arc_task_edit_delete_pair (s, t.kind, t.index);
  else if (g_str_equal (name, "move-pair-up") && arc_task_edit_move_pair (s, t.kind, t.index, t.index - 1))
    t.index--;
  else if (g_str_equal (name, "move-pair-down") && arc_task_edit_move_pair (s, t.kind, t.index, t.index + 1))
    t.index++;
  else if (g_str_equal (name, "swap-sides"))
    arc_task_edit_swap_sides (s, t.kind, t.index);
  else if (g_str_equal (name, "toggle-test-output"))
    {
      gboolean shown = arc_task_edit_get_grid (s, ARC_PAIR_TEST, t.index, ARC_SIDE_OUTPUT) == NULL;

      arc_task_edit_set_test_output_shown (s, t.index, shown);
      t.side = shown ? ARC_SIDE_OUTPUT : ARC_SIDE_INPUT;
    }
  set_target (e, &t);
  /* A new grid is to be drawn: the keys go to it */
  if (g_str_has_prefix (name, "add-") || g_str_equal (name, "duplicate-pair") || g_str_equal (name, "toggle-test-output"))
    gtk_widget_grab_focus (arc_solve_view_get_output_view (e->window->solve_view));
}

static void
file_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  ArcWindowEdit *e = user_data;
  const char *name = g_action_get_name (G_ACTION (action));

  if (g_str_equal (name, "save"))
    arc_window_edit_save (e);
  else if (g_str_equal (name, "new-task"))
    arc_window_edit_new_task (e, FALSE);  /* unsaved edits are asked about when it is shown */
  else if (g_str_equal (name, "duplicate-task"))
    arc_window_edit_new_task (e, TRUE);
}

/* The bar */

static void
chooser_selected_cb (GtkDropDown   *dropdown,
                     GParamSpec    *pspec,
                     ArcWindowEdit *e)
{
  guint i = gtk_drop_down_get_selected (dropdown);

  if (e->syncing || e->session == NULL || i >= e->grid_targets->len)
    return;
  set_target (e, &g_array_index (e->grid_targets, ArcEditTarget, i));
}

/* The pair operations and Save (ui/arc-edit-bar.ui), above the examples
 * and the workspace (not in the examples' scrolled window:
 * there it took the room of the task's grids, which are clicked to edit).
 * The list of the task's grids takes the place of the workspace's title,
 * which named the same grid: the bar is one line shorter, and at 800×600
 * the workspace shows whole beside the examples. */
static void
make_bar (ArcWindowEdit *e)
{
  GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (e->window->task_paned));
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/arcstudio/ArcStudio/arc-edit-bar.ui");

  e->bar = GTK_WIDGET (gtk_builder_get_object (builder, "bar"));
  e->output_button = GTK_WIDGET (gtk_builder_get_object (builder, "output_button"));
  gtk_widget_set_layout_manager (GTK_WIDGET (gtk_builder_get_object (builder, "pairs")), arc_wrap_layout_new (6, 6));
  if (GTK_IS_BOX (parent))
    gtk_box_prepend (GTK_BOX (parent), e->bar);
  else
    g_warning ("the task page is not a box: no edit bar");

  e->grid_names = gtk_string_list_new (NULL);
  e->grid_chooser = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (e->grid_names)), NULL));
  gtk_widget_set_tooltip_text (GTK_WIDGET (e->grid_chooser), _("The grid in the workspace (or click a grid of the task)"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (e->grid_chooser), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Grid"), -1);
  g_signal_connect (e->grid_chooser, "notify::selected", G_CALLBACK (chooser_selected_cb), e);
  arc_drop_down_open_at_selected (e->grid_chooser);
  arc_solve_view_set_title_widget (e->window->solve_view, GTK_WIDGET (e->grid_chooser));
}

/* A button down on the edited grid: its changes are one undo step */
static gboolean
output_event_cb (GtkEventControllerLegacy *controller,
                 GdkEvent                 *event,
                 ArcWindowEdit            *e)
{
  GdkEventType type = gdk_event_get_event_type (event);

  if (type == GDK_BUTTON_PRESS && e->session && !e->grouping)
    {
      e->grouping = TRUE;
      arc_task_edit_begin_group (e->session);
    }
  else if (type == GDK_BUTTON_RELEASE && e->grouping)
    {
      e->grouping = FALSE;
      if (e->session)
        arc_task_edit_end_group (e->session);
    }
  return FALSE;
}

/* The grid of the task view at (@x, @y) */
static gboolean
grid_at (ArcWindowEdit *e,
         double         x,
         double         y,
         ArcEditTarget *t)
{
  ArcTaskLayout *layout = arc_task_view_get_layout (e->window->task_view);
  const ArcSlot *slot;
  int row, col;

  if (e->session == NULL || layout == NULL)
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
                    ArcWindowEdit  *e)
{
  e->dragging = grid_at (e, x, y, &e->drag_from);
}

static void
task_drag_update_cb (GtkGestureDrag *gesture,
                     double          dx,
                     double          dy,
                     ArcWindowEdit  *e)
{
  if (e->dragging && (dx * dx + dy * dy) > DRAG_THRESHOLD * DRAG_THRESHOLD)
    gtk_widget_set_cursor_from_name (GTK_WIDGET (e->window->task_view), "grabbing");
}

/* A click on a grid of the task puts it in the workspace; a drag from a
 * pair to another of its kind moves it there */
static void
task_drag_end_cb (GtkGestureDrag *gesture,
                  double          dx,
                  double          dy,
                  ArcWindowEdit  *e)
{
  ArcEditTarget from = e->drag_from, to;
  double x, y;

  gtk_widget_set_cursor (GTK_WIDGET (e->window->task_view), NULL);
  if (!e->dragging || e->session == NULL)
    return;
  e->dragging = FALSE;
  if (dx * dx + dy * dy <= DRAG_THRESHOLD * DRAG_THRESHOLD)
    {
      if (arc_task_edit_get_grid (e->session, from.kind, from.index, from.side) == NULL)
        return;  /* a hidden test output */
      set_target (e, &from);
      gtk_widget_grab_focus (arc_solve_view_get_output_view (e->window->solve_view));
      return;
    }
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  if (!grid_at (e, x + dx, y + dy, &to) || to.kind != from.kind || to.index == from.index)
    return;
  if (arc_task_edit_move_pair (e->session, from.kind, from.index, to.index))
    {
      from.index = to.index;
      if (arc_task_edit_get_grid (e->session, from.kind, from.index, from.side) == NULL)
        from.side = ARC_SIDE_INPUT;
      set_target (e, &from);
    }
}

static const GActionEntry action_entries[] = {
  { "edit-task", NULL, NULL, "false", edit_task_change_state },
  { "add-train-pair", pair_action },
  { "add-test-pair", pair_action },
  { "duplicate-pair", pair_action },
  { "delete-pair", pair_action },
  { "move-pair-up", pair_action },
  { "move-pair-down", pair_action },
  { "swap-sides", pair_action },
  { "toggle-test-output", pair_action },
  { "save", file_action },
  { "new-task", file_action },
  { "duplicate-task", file_action },
};

void
arc_window_edit_init (ArcWindow *self)
{
  ArcWindowEdit *e = g_new0 (ArcWindowEdit, 1);
  GtkEventController *legacy = gtk_event_controller_legacy_new ();
  GtkGesture *drag = gtk_gesture_drag_new ();

  self->edit = e;
  e->window = self;
  e->grid_targets = g_array_new (FALSE, FALSE, sizeof (ArcEditTarget));
  e->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (e->actions), action_entries, G_N_ELEMENTS (action_entries), e);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "editor", G_ACTION_GROUP (e->actions));
  make_bar (e);
  arc_window_edit_files_init (e);

  e->output_events = legacy;
  e->task_click = GTK_EVENT_CONTROLLER (drag);
  gtk_event_controller_set_propagation_phase (legacy, GTK_PHASE_CAPTURE);
  g_signal_connect (legacy, "event", G_CALLBACK (output_event_cb), e);
  gtk_widget_add_controller (arc_solve_view_get_output_view (self->solve_view), legacy);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (task_drag_begin_cb), e);
  g_signal_connect (drag, "drag-update", G_CALLBACK (task_drag_update_cb), e);
  g_signal_connect (drag, "drag-end", G_CALLBACK (task_drag_end_cb), e);
  gtk_widget_add_controller (GTK_WIDGET (self->task_view), GTK_EVENT_CONTROLLER (drag));
  update_actions (e);
}

void
arc_window_edit_dispose (ArcWindow *self)
{
  ArcWindowEdit *e = self->edit;

  if (e == NULL)
    return;
  /* Nothing of the widgets, disposed after this, calls back */
  g_signal_handlers_disconnect_by_data (e->grid_chooser, e);
  g_signal_handlers_disconnect_by_data (e->output_events, e);
  g_signal_handlers_disconnect_by_data (e->task_click, e);
  arc_window_edit_files_dispose (e);
  if (e->session)
    g_signal_handlers_disconnect_by_data (e->session, e);
  if (e->solve)
    g_signal_handlers_disconnect_by_func (e->solve, workspace_changed_cb, e);
  g_clear_object (&e->session);
  g_clear_object (&e->solve);
  g_clear_object (&e->session_file);
  g_clear_object (&e->unsaved_entry);
  g_clear_object (&e->pending);
  g_clear_object (&e->pending_file);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "editor", NULL);
  g_clear_object (&e->actions);
  g_clear_object (&e->grid_names);
  g_free (e->session_id);
  g_array_unref (e->grid_targets);
  g_free (e);
  self->edit = NULL;
}

/* arc-solve-work.c: the workspace comes back after a restart
 *
 * Each test input's output grid is kept with the time it last changed. A
 * work file, one per task in the user's data folder, keeps those grids
 * between sessions: it is written a moment after a change (and when the
 * ArcSolve goes), atomically. On start, each test input shows the newest of
 * what the work file and the attempts in the notes hold.
 *
 * The file: {"format": "arc-studio-workspace", "version": 1,
 *            "tests": [{"time": µs since the epoch, "output": [[…]]} or null, …]}
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-solve"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arc-error.h"
#include "arc-json.h"
#include "arc-solve-private.h"

#define SAVE_DELAY_MS 800

static char *
work_to_json (ArcSolve *self)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, "arc-studio-workspace");
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, 1);
  json_builder_set_member_name (b, "tests");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->tests->len; i++)
    {
      TestWork *w = self->tests->pdata[i];

      if (w->time == 0)
        {
          json_builder_add_null_value (b);
          continue;
        }
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "time");
      json_builder_add_int_value (b, w->time);
      json_builder_set_member_name (b, "output");
      arc_grid_add_to_builder (w->output, b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  return json_to_string (root, FALSE);
}

/**
 * arc_solve_save_work:
 * Writes the output grids to @file (atomically), making its folder.
 */
gboolean
arc_solve_save_work (ArcSolve  *self,
                     GFile     *file,
                     GError   **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GFile) parent = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  text = work_to_json (self);
  parent = g_file_get_parent (file);
  if (parent && !g_file_make_directory_with_parents (parent, NULL, &local_error) &&
      !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  return g_file_replace_contents (file, text, strlen (text), NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION,
                                  NULL, NULL, error);
}

static gboolean
fail (GError    **error,
      GFile      *file,
      const char *where,
      const char *message)
{
  g_autofree char *name = g_file_get_parse_name (file);

  g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, "%s: %s: %s", name, where, message);
  return FALSE;
}

/**
 * arc_solve_load_work:
 * Shows the output grids kept in @file, where they are newer than what
 * shows (see arc_solve_restore_output()). A missing file is no error.
 */
gboolean
arc_solve_load_work (ArcSolve  *self,
                     GFile     *file,
                     GError   **error)
{
  g_autofree char *data = NULL;
  gsize length;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(JsonNode) root = NULL;
  JsonNode *tests;

  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (!g_file_load_contents (file, NULL, &data, &length, NULL, &local_error))
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  root = arc_json_parse (data, length, &local_error);
  if (root == NULL)
    return fail (error, file, "", local_error->message);
  if (!JSON_NODE_HOLDS_OBJECT (root))
    return fail (error, file, "", _("expected an object"));
  tests = json_object_get_member (json_node_get_object (root), "tests");
  if (tests == NULL || !JSON_NODE_HOLDS_ARRAY (tests))
    return fail (error, file, "tests", _("expected a list with one entry per test input"));
  for (guint i = 0; i < json_array_get_length (json_node_get_array (tests)); i++)
    {
      JsonNode *entry = json_array_get_element (json_node_get_array (tests), i);
      g_autofree char *where = g_strdup_printf ("tests[%u]", i);
      g_autoptr(ArcGrid) grid = NULL;
      JsonObject *o;

      if (JSON_NODE_HOLDS_NULL (entry))
        continue;
      if (!JSON_NODE_HOLDS_OBJECT (entry))
        return fail (error, file, where, _("expected an object or null"));
      o = json_node_get_object (entry);
      grid = arc_grid_new_from_node (json_object_get_member (o, "output"), &local_error);
      if (grid == NULL)
        return fail (error, file, where, local_error->message);
      arc_solve_restore_output (self, i, grid, json_object_get_int_member_with_default (o, "time", 0));
    }
  return TRUE;
}

static gboolean
save_now (ArcSolve *self)
{
  g_autoptr(GError) error = NULL;

  self->save_source = 0;
  if (!self->work_dirty || self->work_file == NULL)
    return G_SOURCE_REMOVE;
  self->work_dirty = FALSE;
  /* Losing this costs the last changes of the grids, never notes or
   * attempts: it is told, not raised */
  if (!arc_solve_save_work (self, self->work_file, &error))
    g_message ("The work in progress is not kept: %s", error->message);
  return G_SOURCE_REMOVE;
}

/**
 * arc_solve_flush_work:
 * Writes the work file now if a change waits to be written.
 */
void
arc_solve_flush_work (ArcSolve *self)
{
  g_return_if_fail (ARC_IS_SOLVE (self));

  g_clear_handle_id (&self->save_source, g_source_remove);
  save_now (self);
}

/* An output grid changed: the work file is written soon */
static void
keep_soon (ArcSolve *self)
{
  if (self->work_file == NULL)
    return;
  self->work_dirty = TRUE;
  self->work_made = TRUE;
  if (self->save_source == 0)
    self->save_source = g_timeout_add (SAVE_DELAY_MS, (GSourceFunc) save_now, self);
}

static const WorkKeeper keeper = { keep_soon, arc_solve_flush_work };

/**
 * arc_solve_set_work_file:
 * @file: (nullable): where this task's work in progress is kept
 *
 * Shows what @file keeps (where it is newer, see arc_solve_restore_output())
 * and from now on keeps the output grids there, a moment after each change
 * and when @self goes.
 */
void
arc_solve_set_work_file (ArcSolve *self,
                         GFile    *file)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (ARC_IS_SOLVE (self));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  arc_solve_flush_work (self);
  self->keeper = &keeper;
  self->work_made = FALSE;
  g_set_object (&self->work_file, file);
  if (file && !arc_solve_load_work (self, file, &error))
    g_message ("The work in progress does not come back: %s", error->message);
}

/**
 * arc_solve_has_new_work:
 * Returns: whether an output grid was changed since the work file was set
 *   (arc_solve_set_work_file()): the task has work in progress now
 */
gboolean
arc_solve_has_new_work (ArcSolve *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);
  return self->work_made;
}

/**
 * arc_solve_dup_work_name:
 * The name of the work file of the task @id in @task_file, in the work
 * folder: a hash of the two.
 */
char *
arc_solve_dup_work_name (GFile      *task_file,
                         const char *id)
{
  g_autofree char *uri = NULL;
  g_autofree char *key = NULL;
  g_autofree char *hash = NULL;

  g_return_val_if_fail (G_IS_FILE (task_file), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  uri = g_file_get_uri (task_file);
  key = g_strconcat (uri, "\n", id, NULL);
  hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, key, -1);
  hash[32] = '\0';
  return g_strconcat (hash, ".json", NULL);
}

/**
 * arc_solve_list_work:
 * What the work folder holds, in one listing (which may be long: call it
 * in a worker). A task has work in progress when it holds the name
 * arc_solve_dup_work_name() gives.
 *
 * Returns: (transfer full): the names of its work files, a set; empty when
 *   there is no folder
 */
GHashTable *
arc_solve_list_work (GCancellable *cancellable)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "arc-studio", "workspace", NULL);
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  GHashTable *names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char *name;

  /* Files being replaced have other names until they are renamed */
  while (dir && (name = g_dir_read_name (dir)) && !g_cancellable_is_cancelled (cancellable))
    if (g_str_has_suffix (name, ".json"))
      g_hash_table_add (names, g_strdup (name));
  return names;
}

/**
 * arc_solve_dup_work_file:
 * The work file of the task @id in @task_file, in the user's data folder.
 */
GFile *
arc_solve_dup_work_file (GFile      *task_file,
                         const char *id)
{
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;

  g_return_val_if_fail (G_IS_FILE (task_file), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  name = arc_solve_dup_work_name (task_file, id);
  path = g_build_filename (g_get_user_data_dir (), "arc-studio", "workspace", name, NULL);
  return g_file_new_for_path (path);
}

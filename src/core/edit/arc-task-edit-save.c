/* arc-task-edit-save.c: saving a task being edited: atomic saves that
 * notice other programs' changes, and the `format` command
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-task-edit"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arc-error.h"
#include "arc-file.h"
#include "arc-task-edit-private.h"

/* Files */

/**
 * arc_task_edit_changed_on_disk:
 * Compares what the files hold now with what was read or last saved: their
 * content, so that a change that keeps the size and the modification time
 * counts too.
 *
 * Returns: %TRUE when another program changed (or removed) the file since it
 * was read or last saved
 */
gboolean
arc_task_edit_changed_on_disk (ArcTaskEdit *self)
{
  g_autofree char *hash = NULL;
  g_autofree char *solutions_hash = NULL;

  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), FALSE);

  if (self->file == NULL)
    return FALSE;
  hash = arc_file_query_hash (self->file);
  if (g_strcmp0 (hash, self->hash) != 0)
    return TRUE;
  if (self->solutions_file == NULL)
    return FALSE;
  solutions_hash = arc_file_query_hash (self->solutions_file);
  return g_strcmp0 (solutions_hash, self->solutions_hash) != 0;
}

/**
 * arc_task_edit_dup_changed_tasks:
 * Which tasks another program changed on disk since the file was read or
 * last saved: the task itself for a task file; for a Kaggle file, those
 * of its tasks whose text changed, came or went (the one edited only when
 * it is among them, or when only the solutions file changed).
 *
 * Returns: (transfer full): their ids, empty when nothing changed
 */
GStrv
arc_task_edit_dup_changed_tasks (ArcTaskEdit *self)
{
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();

  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), NULL);

  if (!arc_task_edit_changed_on_disk (self))
    return g_strv_builder_end (ids);
  if (!self->combined || self->task_hashes == NULL || !arc_task_edit_add_changed_tasks (self, ids))
    g_strv_builder_add (ids, self->id);
  return g_strv_builder_end (ids);
}

/**
 * arc_task_edit_forget_disk_state:
 * The next save replaces the files even if another program changed them
 * (the user said so).
 */
void
arc_task_edit_forget_disk_state (ArcTaskEdit *self)
{
  g_return_if_fail (ARC_IS_TASK_EDIT (self));

  g_clear_pointer (&self->hash, g_free);
  g_clear_pointer (&self->solutions_hash, g_free);
  g_clear_pointer (&self->task_hashes, g_hash_table_unref);
}

/* Validation before any save: errors block it */
static gboolean
validate (ArcTaskEdit  *self,
          GPtrArray   **problems,
          GError      **error)
{
  g_autoptr(ArcTask) task = NULL;
  g_autoptr(GError) local_error = NULL;

  task = arc_task_edit_to_task (self, problems, &local_error);
  if (task == NULL)
    {
      g_autofree char *name = self->file ? g_file_get_parse_name (self->file) : g_strdup (self->id);

      g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, _("%s was not saved: %s"), name, local_error->message);
      return FALSE;
    }
  return TRUE;
}

static gboolean
write_task_file (ArcTaskEdit  *self,
                 GFile        *file,
                 GError      **error)
{
  g_autoptr(GString) s = g_string_new (NULL);

  arc_task_edit_write_task (self, s, self->style, 0, TRUE);
  if (self->final_newline)
    g_string_append_c (s, '\n');
  return arc_file_replace (file, s->str, s->len, &self->hash, error);
}

/**
 * arc_task_edit_save:
 * @problems: (out) (optional) (transfer full): what the validator found:
 *   errors, which stop the save, and competition-rule warnings, which do not
 *
 * Validates the task, then replaces its file atomically (or, for a Kaggle
 * task, its part of the challenges and solutions files) in the file's
 * layout, keeping the members it does not know. Fails without writing
 * anything when another program changed the file since it was read.
 */
gboolean
arc_task_edit_save (ArcTaskEdit  *self,
                    GPtrArray   **problems,
                    GError      **error)
{
  gboolean ok;

  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), FALSE);

  if (!validate (self, problems, error))
    return FALSE;
  if (self->file == NULL)
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_NOT_FOUND, _("%s has no file yet: use Save As"), self->id);
      return FALSE;
    }
  ok = self->combined ? arc_task_edit_save_combined (self, error) : write_task_file (self, self->file, error);
  if (ok)
    arc_task_edit_mark_saved (self);
  return ok;
}

/**
 * arc_task_edit_save_as:
 * Saves the task as a task file of its own (replacing @file if there is
 * one), which becomes the file it is saved to from then on.
 */
gboolean
arc_task_edit_save_as (ArcTaskEdit  *self,
                       GFile        *file,
                       GPtrArray   **problems,
                       GError      **error)
{
  g_autofree char *basename = NULL;
  char *saved_hash;

  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (!validate (self, problems, error))
    return FALSE;
  saved_hash = g_steal_pointer (&self->hash);
  if (!write_task_file (self, file, error))
    {
      self->hash = saved_hash;
      return FALSE;
    }
  g_free (saved_hash);
  g_set_object (&self->file, file);
  g_clear_object (&self->solutions_file);
  g_clear_pointer (&self->solutions_hash, g_free);
  g_clear_pointer (&self->task_hashes, g_hash_table_unref);
  self->combined = FALSE;
  basename = g_file_get_basename (file);
  g_free (self->id);
  self->id = g_str_has_suffix (basename, ".json") ? g_strndup (basename, strlen (basename) - 5) : g_strdup (basename);
  arc_task_edit_mark_saved (self);
  return TRUE;
}

/**
 * arc_task_format_data:
 * Rewrites a task file's text in @style, keeping its unknown members: the
 * `format` command.
 *
 * Returns: (transfer full) (nullable): the text (a compact task has no
 * final newline, as in the public datasets; a pretty one has one), or %NULL
 * with @error set when the text is not a valid task
 */
char *
arc_task_format_data (const char    *data,
                      gsize          length,
                      ArcTaskStyle   style,
                      GError       **error)
{
  g_autoptr(ArcTaskEdit) edit = NULL;
  g_autoptr(GString) s = g_string_new (NULL);

  edit = arc_task_edit_new_for_text (data, 0, length, NULL, error);
  if (edit == NULL)
    return NULL;
  arc_task_edit_write_task (edit, s, style, 0, TRUE);
  if (style == ARC_TASK_STYLE_PRETTY)
    g_string_append_c (s, '\n');
  return g_strdup (s->str);
}

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
 * Returns: %TRUE when another program changed (or removed) the file since it
 * was read or last saved
 */
gboolean
arc_task_edit_changed_on_disk (ArcTaskEdit *self)
{
  g_autofree char *etag = NULL;
  g_autofree char *solutions_etag = NULL;

  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), FALSE);

  if (self->file == NULL)
    return FALSE;
  etag = arc_file_query_etag (self->file);
  if (g_strcmp0 (etag, self->etag) != 0)
    return TRUE;
  if (self->solutions_file == NULL)
    return FALSE;
  solutions_etag = arc_file_query_etag (self->solutions_file);
  return g_strcmp0 (solutions_etag, self->solutions_etag) != 0;
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

  g_clear_pointer (&self->etag, g_free);
  g_clear_pointer (&self->solutions_etag, g_free);
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
  return arc_file_replace (file, s->str, s->len, &self->etag, error);
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
  char *saved_etag;

  g_return_val_if_fail (ARC_IS_TASK_EDIT (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (!validate (self, problems, error))
    return FALSE;
  saved_etag = g_steal_pointer (&self->etag);
  if (!write_task_file (self, file, error))
    {
      self->etag = saved_etag;
      return FALSE;
    }
  g_free (saved_etag);
  g_set_object (&self->file, file);
  g_clear_object (&self->solutions_file);
  g_clear_pointer (&self->solutions_etag, g_free);
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

/* arc-task-edit-save.c: writing a task being edited: the two layouts,
 * unknown members, atomic saves that notice other programs' changes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-task-edit"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arc-error.h"
#include "arc-task-edit-private.h"

/* Layout */

/**
 * arc_task_style_of_data:
 * Returns: %ARC_TASK_STYLE_PRETTY when the JSON text spans several lines
 */
ArcTaskStyle
arc_task_style_of_data (const char *data,
                        gsize       length)
{
  while (length > 0 && g_ascii_isspace (data[length - 1]))
    length--;
  return memchr (data, '\n', length) ? ARC_TASK_STYLE_PRETTY : ARC_TASK_STYLE_COMPACT;
}

static void
newline (GString *s,
         int      indent)
{
  g_string_append_c (s, '\n');
  for (int i = 0; i < indent; i++)
    g_string_append_c (s, ' ');
}

static void
write_key (GString    *s,
           const char *name)
{
  g_autoptr(JsonNode) key = json_node_new (JSON_NODE_VALUE);
  g_autofree char *text = NULL;

  json_node_set_string (key, name);
  text = json_to_string (key, FALSE);
  g_string_append_printf (s, "%s: ", text);
}

/* Opens a list or object; the items follow write_sep() */
static void
write_sep (GString      *s,
           ArcTaskStyle  style,
           int           indent,
           gboolean      first)
{
  if (!first)
    g_string_append_c (s, ',');
  if (style == ARC_TASK_STYLE_PRETTY)
    newline (s, indent);
  else if (!first)
    g_string_append_c (s, ' ');
}

static void
write_close (GString      *s,
             ArcTaskStyle  style,
             int           indent,
             char          c)
{
  if (style == ARC_TASK_STYLE_PRETTY)
    newline (s, indent);
  g_string_append_c (s, c);
}

/* The shortest text that reads back as @value (37.165, not
 * 37.164999999999999), still with a point if it is whole */
static void
write_double (GString *s,
              double   value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  for (int digits = 15; digits <= 17; digits++)
    {
      char format[8];

      g_snprintf (format, sizeof format, "%%.%dg", digits);
      g_ascii_formatd (buf, sizeof buf, format, value);
      if (g_ascii_strtod (buf, NULL) == value)
        break;
    }
  g_string_append (s, buf);
  if (strpbrk (buf, ".eEnN") == NULL)
    g_string_append (s, ".0");
}

/* Any JSON value (an unknown member), in the layout */
static void
write_node (GString      *s,
            JsonNode     *node,
            ArcTaskStyle  style,
            int           indent)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *o = json_node_get_object (node);
      g_autoptr(GList) names = json_object_get_members (o);

      if (names == NULL)
        {
          g_string_append (s, "{}");
          return;
        }
      g_string_append_c (s, '{');
      for (GList *l = names; l; l = l->next)
        {
          write_sep (s, style, indent + 2, l == names);
          write_key (s, l->data);
          write_node (s, json_object_get_member (o, l->data), style, indent + 2);
        }
      write_close (s, style, indent, '}');
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *a = json_node_get_array (node);
      guint n = json_array_get_length (a);

      if (n == 0)
        {
          g_string_append (s, "[]");
          return;
        }
      g_string_append_c (s, '[');
      for (guint i = 0; i < n; i++)
        {
          write_sep (s, style, indent + 2, i == 0);
          write_node (s, json_array_get_element (a, i), style, indent + 2);
        }
      write_close (s, style, indent, ']');
    }
  else if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_DOUBLE)
    write_double (s, json_node_get_double (node));
  else
    {
      g_autofree char *text = json_to_string (node, FALSE);
      g_string_append (s, text);
    }
}

/* A grid: one line when compact; a row a line when pretty */
static void
write_grid (GString       *s,
            const ArcGrid *grid,
            ArcTaskStyle   style,
            int            indent)
{
  int h = arc_grid_get_height (grid), w = arc_grid_get_width (grid);

  g_string_append_c (s, '[');
  for (int r = 0; r < h; r++)
    {
      write_sep (s, style, indent + 2, r == 0);
      g_string_append_c (s, '[');
      for (int c = 0; c < w; c++)
        {
          if (c > 0)
            g_string_append (s, ", ");
          g_string_append_c (s, (char) ('0' + arc_grid_get (grid, r, c)));
        }
      g_string_append_c (s, ']');
    }
  write_close (s, style, indent, ']');
}

/**
 * arc_task_edit_write_grids:
 * Writes a list of grids (a task's value in a Kaggle solutions file).
 */
void
arc_task_edit_write_grids (GString      *s,
                           GPtrArray    *grids,
                           ArcTaskStyle  style,
                           int           indent)
{
  g_string_append_c (s, '[');
  for (guint i = 0; i < grids->len; i++)
    {
      write_sep (s, style, indent + 2, i == 0);
      write_grid (s, grids->pdata[i], style, indent + 2);
    }
  write_close (s, style, indent, ']');
}

static void
write_pairs (GString      *s,
             GPtrArray    *pairs,
             ArcTaskStyle  style,
             int           indent,
             gboolean      with_outputs)
{
  g_string_append_c (s, '[');
  for (guint i = 0; i < pairs->len; i++)
    {
      ArcEditPair *pair = pairs->pdata[i];
      int in = indent + 4;

      write_sep (s, style, indent + 2, i == 0);
      g_string_append_c (s, '{');
      write_sep (s, style, in, TRUE);
      write_key (s, "input");
      write_grid (s, pair->input, style, in);
      if (pair->output && with_outputs)
        {
          write_sep (s, style, in, FALSE);
          write_key (s, "output");
          write_grid (s, pair->output, style, in);
        }
      if (pair->extra)
        {
          g_autoptr(GList) names = json_object_get_members (pair->extra);

          for (GList *l = names; l; l = l->next)
            {
              write_sep (s, style, in, FALSE);
              write_key (s, l->data);
              write_node (s, json_object_get_member (pair->extra, l->data), style, in);
            }
        }
      write_close (s, style, indent + 2, '}');
    }
  write_close (s, style, indent, ']');
}

/**
 * arc_task_edit_write_task:
 * @indent: where the task object starts (pretty layout inside a Kaggle file)
 *
 * Writes the task object: the members of the file as read, in their order,
 * with "train" and "test" from the pairs being edited.
 */
void
arc_task_edit_write_task (ArcTaskEdit  *self,
                          GString      *s,
                          ArcTaskStyle  style,
                          int           indent,
                          gboolean      with_test_outputs)
{
  g_autoptr(GList) names = self->members ? json_object_get_members (self->members) : NULL;
  gboolean seen_train = FALSE, seen_test = FALSE, first = TRUE;

  g_string_append_c (s, '{');
  for (GList *l = names; l; l = l->next)
    {
      const char *name = l->data;

      write_sep (s, style, indent + 2, first);
      first = FALSE;
      write_key (s, name);
      if (g_str_equal (name, "train") && !seen_train)
        {
          write_pairs (s, self->pairs[ARC_PAIR_TRAIN], style, indent + 2, TRUE);
          seen_train = TRUE;
        }
      else if (g_str_equal (name, "test") && !seen_test)
        {
          write_pairs (s, self->pairs[ARC_PAIR_TEST], style, indent + 2, with_test_outputs);
          seen_test = TRUE;
        }
      else
        write_node (s, json_object_get_member (self->members, name), style, indent + 2);
    }
  if (!seen_train)
    {
      write_sep (s, style, indent + 2, first);
      first = FALSE;
      write_key (s, "train");
      write_pairs (s, self->pairs[ARC_PAIR_TRAIN], style, indent + 2, TRUE);
    }
  if (!seen_test)
    {
      write_sep (s, style, indent + 2, first);
      write_key (s, "test");
      write_pairs (s, self->pairs[ARC_PAIR_TEST], style, indent + 2, with_test_outputs);
    }
  write_close (s, style, indent, '}');
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

/**
 * arc_task_edit_parse_json:
 * json-glib's parser on a task's text, past a byte order mark (which the
 * validator accepts with a warning)
 */
gboolean
arc_task_edit_parse_json (JsonParser  *parser,
                          const char  *data,
                          gsize        length,
                          GError     **error)
{
  if (length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    data += 3, length -= 3;
  return json_parser_load_from_data (parser, data, (gssize) length, error);
}

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

/**
 * arc_task_edit_replace:
 * Writes @text to @file atomically (a new file renamed over the old one).
 * With @etag, fails when the file is no longer the one read. Fails on a
 * read-only file.
 */
gboolean
arc_task_edit_replace (GFile       *file,
                       const char  *text,
                       gsize        length,
                       char       **etag,
                       GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *name = g_file_get_parse_name (file);
  g_autofree char *new_etag = NULL;
  g_autoptr(GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_ACCESS_CAN_WRITE "," G_FILE_ATTRIBUTE_UNIX_MODE,
                                                 G_FILE_QUERY_INFO_NONE, NULL, NULL);

  /* A file made read-only stays as it is (renaming a new one over it
   * would work, and quietly make it writable) */
  if (info && ((g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_ACCESS_CAN_WRITE) &&
                !g_file_info_get_attribute_boolean (info, G_FILE_ATTRIBUTE_ACCESS_CAN_WRITE)) ||
               (g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_UNIX_MODE) &&
                (g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_UNIX_MODE) & 0222) == 0)))
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_IO, _("%s is read-only: nothing was written (Save As writes a copy)"), name);
      return FALSE;
    }
  if (g_file_replace_contents (file, text, length, *etag, FALSE, G_FILE_CREATE_REPLACE_DESTINATION,
                               &new_etag, NULL, &local_error))
    {
      g_free (*etag);
      *etag = g_steal_pointer (&new_etag);
      return TRUE;
    }
  if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG))
    g_set_error (error, ARC_ERROR, ARC_ERROR_CHANGED,
                 _("%s: another program changed the file since it was opened; nothing was written"), name);
  else
    g_set_error (error, ARC_ERROR, ARC_ERROR_IO, "%s: %s", name, local_error->message);
  return FALSE;
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
  return arc_task_edit_replace (file, s->str, s->len, &self->etag, error);
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

/* arc-task-edit-write.c: the text of a task being edited: the two layouts
 * (compact and pretty) with the unknown members kept, and json-glib's
 * reading of it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-task-edit"

#include "config.h"

#include <string.h>

#include "arc-task-edit-private.h"

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

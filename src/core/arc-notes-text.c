/* arc-notes-text.c: the text of a notes file, as json-glib pretty-prints
 * it, with grid rows on one line, written a task at a time
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-notes"

#include "config.h"

#include <string.h>

#include "arc-annotation-private.h"

/* Rows of digits on one line, "[0, 1, 2]", as ARC files write grids;
 * strings are copied as they are. */
static char *
compact_rows (const char *pretty)
{
  GString *out = g_string_new (NULL);
  const char *p = pretty;

  while (*p)
    {
      if (*p == '"')
        {
          /* A string, escapes included */
          g_string_append_c (out, *p++);
          while (*p && *p != '"')
            {
              if (*p == '\\' && p[1])
                g_string_append_c (out, *p++);
              g_string_append_c (out, *p++);
            }
          if (*p)
            g_string_append_c (out, *p++);
          continue;
        }
      if (*p == '[')
        {
          const char *q = p + 1;
          gboolean digits_only = TRUE, any = FALSE;

          while (*q && *q != ']')
            {
              if (g_ascii_isdigit (*q))
                any = TRUE;
              else if (*q != ',' && !g_ascii_isspace (*q))
                digits_only = FALSE;
              q++;
            }
          if (*q == ']' && digits_only && any)
            {
              g_string_append_c (out, '[');
              for (const char *r = p + 1; r < q; r++)
                {
                  if (*r == ',')
                    g_string_append (out, ", ");
                  else if (!g_ascii_isspace (*r))
                    g_string_append_c (out, *r);
                }
              g_string_append_c (out, ']');
              p = q + 1;
              continue;
            }
        }
      g_string_append_c (out, *p++);
    }
  return g_string_free (out, FALSE);
}

/* Appends @node as json-glib pretty-prints it at depth @level of the file,
 * grids compact: a file is written a task at a time, so that a file of
 * many tasks (beside a Kaggle file) never becomes one tree in memory */
void
arc_notes_append_pretty (GString  *out,
                         JsonNode *node,
                         guint     level)
{
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autofree char *pretty = NULL;
  g_autofree char *compact = NULL;

  json_generator_set_root (gen, node);
  json_generator_set_pretty (gen, TRUE);
  json_generator_set_indent (gen, 2);
  pretty = json_generator_to_data (gen, NULL);
  compact = compact_rows (pretty);
  /* Strings hold no raw line breaks: each line is indented by the depth,
   * and so is the inside of an empty object, "{  }" */
  for (const char *p = compact; *p; p++)
    {
      g_string_append_c (out, *p);
      if (*p == '\n')
        g_string_append_len (out, "                ", MIN (level * 2, 16));
      else if (*p == '"')
        {
          for (p++; *p && *p != '"'; p++)
            {
              if (*p == '\\' && p[1])
                g_string_append_c (out, *p++);
              g_string_append_c (out, *p);
            }
          if (*p == '\0')
            break;
          g_string_append_c (out, *p);
        }
      else if (*p == '{' && p[1 + strspn (p + 1, " ")] == '}')
        g_string_append_len (out, "                ", MIN (level * 2, 16));
    }
}

/* A member's name at depth @level, on a line of its own, as json-glib writes it */
void
arc_notes_append_member_name (GString    *out,
                              const char *name,
                              guint       level)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_VALUE);
  g_autofree char *quoted = NULL;

  json_node_set_string (node, name);
  quoted = json_to_string (node, FALSE);
  g_string_append_c (out, '\n');
  g_string_append_len (out, "                ", MIN (level * 2, 16));
  g_string_append_printf (out, "%s : ", quoted);
}


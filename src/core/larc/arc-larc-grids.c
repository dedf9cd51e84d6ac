/* arc-larc-grids.c: LARC's grids straight from and to the text
 *
 * Nearly all of LARC's bytes are grids: the grid after each action of an
 * action sequence and the answers. A tree of json-glib's nodes of them was
 * nine tenths of the time of an import and an export, so they are lifted
 * out of the tree as it is parsed (arc_json_parse_lifting()) and read from
 * the file's text (the action sequences whole, each step as it is read:
 * arc-larc-actions.c), and written as marks in the tree that are replaced
 * by their text once it is generated.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-larc"

#include "config.h"

#include <string.h>

#include "arc-annotation-private.h"
#include "arc-json.h"
#include "arc-larc.h"

/* Reading */

/**
 * arc_larc_read_grid:
 * @node: (nullable): a grid in the tree of LARC's file, or the mark of one
 *   read from the file's text
 *
 * Returns: (transfer full) (nullable): the grid, or %NULL when it is not one
 */
ArcGrid *
arc_larc_read_grid (const ArcLarcContext *ctx,
                    JsonNode             *node)
{
  const ArcJsonRange *range = arc_json_lifted_range (node, ctx->marker, ctx->grids);

  if (range)
    return arc_trajectory_read_grid_range (ctx->data, range);
  return arc_grid_new_from_node (node, NULL);
}


/* Writing */

void
arc_larc_grid_marks_init (ArcLarcGridMarks *marks)
{
  marks->grids = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_grid_free);
  marks->marker = g_strdup_printf ("\001larc-grid:%08x:", g_random_int ());
}

void
arc_larc_grid_marks_clear (ArcLarcGridMarks *marks)
{
  g_clear_pointer (&marks->grids, g_ptr_array_unref);
  g_clear_pointer (&marks->marker, g_free);
}

/**
 * arc_larc_grid_marks_add:
 * Returns: (transfer full): the mark standing for a copy of @grid in the tree
 */
JsonNode *
arc_larc_grid_marks_add (ArcLarcGridMarks *marks,
                         const ArcGrid    *grid)
{
  g_autofree char *mark = g_strdup_printf ("%s%u", marks->marker, marks->grids->len);

  g_ptr_array_add (marks->grids, arc_grid_copy (grid));
  return json_node_init_string (json_node_alloc (), mark);
}

/**
 * arc_larc_grid_marks_splice:
 * @text: JSON, written by json-glib on one line, with the marks of @marks
 *
 * Returns: (transfer full): @text with each mark replaced by its grid, as
 *   json-glib writes a list of lists of numbers on one line
 */
char *
arc_larc_grid_marks_splice (ArcLarcGridMarks *marks,
                            const char       *text)
{
  /* json-glib writes the mark's first character, U+0001, escaped */
  g_autofree char *mark = g_strdup_printf ("\"\\u0001%s", marks->marker + 1);
  gsize mark_len = strlen (mark);
  GString *out = g_string_sized_new (strlen (text) + marks->grids->len * 256);
  const char *copied = text, *p;

  for (p = strstr (text, mark); p; p = strstr (p, mark))
    {
      char *end;
      guint64 index = g_ascii_strtoull (p + mark_len, &end, 10);
      const ArcGrid *grid;

      if (*end != '"' || index >= marks->grids->len)
        {
          p += mark_len;
          continue;
        }
      g_string_append_len (out, copied, p - copied);
      grid = marks->grids->pdata[index];
      g_string_append_c (out, '[');
      for (int r = 0; r < arc_grid_get_height (grid); r++)
        {
          g_string_append (out, r ? ",[" : "[");
          for (int c = 0; c < arc_grid_get_width (grid); c++)
            {
              if (c)
                g_string_append_c (out, ',');
              g_string_append_c (out, (char) ('0' + arc_grid_get (grid, r, c)));
            }
          g_string_append_c (out, ']');
        }
      g_string_append_c (out, ']');
      p = copied = end + 1;
    }
  g_string_append (out, copied);
  return g_string_free (out, FALSE);
}


/* arc-program-trace.c: the steps of a traced program, as the interpreter
 * sends them and as `programs trace --json` writes them
 *
 * A traced run (arc_program_pool_trace_async()) records every assignment
 * in the program's own functions while its entry point runs on a pair:
 * the function, the line, the name and the value, the value classified by
 * the driver (arc-program-driver.py, Tracer) as a grid, an object, a set
 * of indices, a container of objects or anything else as short text. The
 * driver sends each as one JSON line, its cells written as text:
 *
 *   {"function": F, "line": N, "name": X, "kind": "grid", "grid": "H W DIGITS"}
 *   {..., "kind": "object", "cells": "ROW COL COLOUR ROW COL COLOUR ..."}
 *   {..., "kind": "indices", "cells": "ROW COL ROW COL ..."}
 *   {..., "kind": "objects", "items": ["ROW COL COLOUR ...", ...], "n_items": N}
 *   {..., "kind": "objects", "items": ["ROW COL ...", ...], "n_items": N, "indices": true}
 *   {..., "kind": "value", "repr": TEXT}
 *   {..., "kind": "cut", "limit": "steps" | "bytes"}
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-program"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arc-error.h"
#include "arc-program.h"

#define MAX_TEXT 1000  /* characters of an error kept */
#define MAX_REPR 200   /* of a value's repr */

static const char * const kind_names[] = {
  [ARC_PROGRAM_VALUE_GRID] = "grid",
  [ARC_PROGRAM_VALUE_OBJECT] = "object",
  [ARC_PROGRAM_VALUE_INDICES] = "indices",
  [ARC_PROGRAM_VALUE_OBJECTS] = "objects",
  [ARC_PROGRAM_VALUE_TEXT] = "value",
  [ARC_PROGRAM_VALUE_ERROR] = "error",
  [ARC_PROGRAM_VALUE_CUT] = "cut",
};

/**
 * arc_program_value_kind_to_string:
 * Returns: the kind as `programs trace --json` writes it: "grid",
 *   "object", "indices", "objects", "value", "error" or "cut"
 */
const char *
arc_program_value_kind_to_string (ArcProgramValueKind kind)
{
  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (kind_names), "value");
  return kind_names[kind];
}

/**
 * arc_program_grid_from_text:
 * @text: a grid as the driver writes it, "HEIGHT WIDTH DIGITS"
 *
 * Returns: (transfer full) (nullable): the grid, or %NULL when @text is
 *   not one
 */
ArcGrid *
arc_program_grid_from_text (const char *text)
{
  g_autofree guint8 *cells = NULL;
  char *end;
  guint64 h, w;
  gsize n;

  h = g_ascii_strtoull (text, &end, 10);
  if (*end != ' ')
    return NULL;
  w = g_ascii_strtoull (end + 1, &end, 10);
  if (*end != ' ' || !arc_size_is_valid ((int) MIN (h, 100), (int) MIN (w, 100)))
    return NULL;
  n = (gsize) (h * w);
  if (strlen (end + 1) != n)
    return NULL;
  cells = g_malloc (n);
  for (gsize i = 0; i < n; i++)
    {
      char c = end[1 + i];

      if (c < '0' || c > '9')
        return NULL;
      cells[i] = (guint8) (c - '0');
    }
  return arc_grid_new_from_data ((int) h, (int) w, cells);
}

/* "ROW COL COLOUR ..." (@per_cell 3) or "ROW COL ..." (2) as cells, or NULL */
static GArray *
cells_from_text (const char *text,
                 guint       per_cell)
{
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (ArcProgramCell));
  const char *p = text;

  while (*p)
    {
      gint64 v[3] = { 0, 0, -1 };

      for (guint k = 0; k < per_cell; k++)
        {
          char *end;

          if (k > 0 || cells->len > 0)
            {
              if (*p != ' ')
                return NULL;
              p++;
            }
          v[k] = g_ascii_strtoll (p, &end, 10);
          if (end == p || v[k] <= -(G_GINT64_CONSTANT (1) << 30) || v[k] >= (G_GINT64_CONSTANT (1) << 30))
            return NULL;
          p = end;
        }
      if (per_cell == 3 && (v[2] < 0 || v[2] > 9))
        return NULL;
      g_array_append_val (cells, ((ArcProgramCell) { (int) v[0], (int) v[1], (int) v[2] }));
    }
  return g_steal_pointer (&cells);
}

static gboolean
kind_from_string (const char          *name,
                  ArcProgramValueKind *kind)
{
  for (guint i = 0; i < G_N_ELEMENTS (kind_names); i++)
    if (g_strcmp0 (name, kind_names[i]) == 0)
      {
        *kind = i;
        return TRUE;
      }
  return FALSE;
}

static char *
clip (const char *text,
      glong       max)
{
  g_autofree char *start = NULL;

  if (!g_utf8_validate (text, -1, NULL))
    return NULL;
  if (g_utf8_strlen (text, -1) <= max)
    return g_strdup (text);
  start = g_utf8_substring (text, 0, max - 1);
  return g_strconcat (start, "…", NULL);
}

/* The value members of @o, as the kind of @step says */
static gboolean
read_value (ArcProgramStep *step,
            JsonObject     *o)
{
  const char *text;
  JsonArray *items;
  guint per_cell;

  switch (step->kind)
    {
    case ARC_PROGRAM_VALUE_GRID:
      text = json_object_get_string_member_with_default (o, "grid", NULL);
      step->grid = text ? arc_program_grid_from_text (text) : NULL;
      return step->grid != NULL;
    case ARC_PROGRAM_VALUE_OBJECT:
    case ARC_PROGRAM_VALUE_INDICES:
      text = json_object_get_string_member_with_default (o, "cells", NULL);
      step->cells = text ? cells_from_text (text, step->kind == ARC_PROGRAM_VALUE_OBJECT ? 3 : 2) : NULL;
      return step->cells != NULL;
    case ARC_PROGRAM_VALUE_OBJECTS:
      if (!json_object_has_member (o, "items") || !JSON_NODE_HOLDS_ARRAY (json_object_get_member (o, "items")))
        return FALSE;
      items = json_object_get_array_member (o, "items");
      if (json_array_get_length (items) > ARC_PROGRAM_TRACE_MAX_ITEMS)
        return FALSE;
      per_cell = json_object_get_boolean_member_with_default (o, "indices", FALSE) ? 2 : 3;
      step->items = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
      for (guint i = 0; i < json_array_get_length (items); i++)
        {
          JsonNode *item = json_array_get_element (items, i);
          GArray *cells = JSON_NODE_HOLDS_VALUE (item) && json_node_get_value_type (item) == G_TYPE_STRING
                          ? cells_from_text (json_node_get_string (item), per_cell) : NULL;

          if (cells == NULL)
            return FALSE;
          g_ptr_array_add (step->items, cells);
        }
      step->n_items = (guint) CLAMP (json_object_get_int_member_with_default (o, "n_items", step->items->len),
                                     step->items->len, G_MAXUINT);
      return TRUE;
    case ARC_PROGRAM_VALUE_TEXT:
      text = json_object_get_string_member_with_default (o, "repr", NULL);
      step->text = text ? clip (text, MAX_REPR) : NULL;
      return step->text != NULL;
    case ARC_PROGRAM_VALUE_CUT:
      text = json_object_get_string_member_with_default (o, "limit", "");
      step->limit = g_str_equal (text, "steps") ? ARC_PROGRAM_LIMIT_STEPS
                    : g_str_equal (text, "bytes") ? ARC_PROGRAM_LIMIT_BYTES : ARC_PROGRAM_LIMIT_NONE;
      if (step->limit == ARC_PROGRAM_LIMIT_STEPS)
        /* TRANSLATORS: %d is the most steps a trace records (10,000); the program is not stopped */
        step->text = g_strdup_printf (_("Recording stopped after %d steps; the program ran on"),
                                      ARC_PROGRAM_TRACE_MAX_STEPS);
      else if (step->limit == ARC_PROGRAM_LIMIT_BYTES)
        /* TRANSLATORS: %d is the most megabytes of values a trace records for a pair (8) */
        step->text = g_strdup_printf (_("Recording stopped at %d MB of values; the program ran on"),
                                      ARC_PROGRAM_TRACE_MAX_BYTES >> 20);
      return step->limit != ARC_PROGRAM_LIMIT_NONE;
    case ARC_PROGRAM_VALUE_ERROR:
      return FALSE;  /* made by the pool, from the pair's reply */
    }
  return FALSE;
}

/**
 * arc_program_step_new_from_json:
 * @object: a step as the driver sends it (the "step" member of its line)
 *
 * Returns: (transfer full) (nullable): the step, or %NULL with
 *   ARC_ERROR_INVALID when @object is not one
 */
ArcProgramStep *
arc_program_step_new_from_json (JsonObject  *object,
                                GError     **error)
{
  g_autoptr(ArcProgramStep) step = g_new0 (ArcProgramStep, 1);
  const char *function = json_object_get_string_member_with_default (object, "function", NULL);
  const char *name = json_object_get_string_member_with_default (object, "name", NULL);
  gint64 line = json_object_get_int_member_with_default (object, "line", -1);

  if (function == NULL || name == NULL || line < 0 || line > G_MAXINT ||
      !kind_from_string (json_object_get_string_member_with_default (object, "kind", NULL), &step->kind) ||
      !read_value (step, object))
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, "not a step of a trace");
      return NULL;
    }
  step->function = g_strdup (function);
  step->name = g_strdup (name);
  step->line = (int) line;
  return g_steal_pointer (&step);
}

/**
 * arc_program_step_new_error:
 * @function: (nullable): where it was raised
 * @message: the error
 *
 * Returns: (transfer full): the last step of a pair that raised, ran out
 *   of time or ended its interpreter
 */
ArcProgramStep *
arc_program_step_new_error (const char *function,
                            int         line,
                            const char *message)
{
  ArcProgramStep *step = g_new0 (ArcProgramStep, 1);

  step->function = g_strdup (function ? function : "");
  step->line = MAX (line, 0);
  step->name = g_strdup ("");
  step->kind = ARC_PROGRAM_VALUE_ERROR;
  step->text = message ? clip (message, MAX_TEXT) : NULL;
  if (step->text == NULL)
    step->text = g_strdup ("?");
  return step;
}

void
arc_program_step_free (ArcProgramStep *step)
{
  if (step == NULL)
    return;
  g_free (step->function);
  g_free (step->name);
  g_clear_pointer (&step->grid, arc_grid_free);
  g_clear_pointer (&step->cells, g_array_unref);
  g_clear_pointer (&step->items, g_ptr_array_unref);
  g_free (step->text);
  g_free (step);
}

/**
 * arc_program_step_describe:
 * Returns: (transfer full): what @step holds, in a few words: "grid 3×4",
 *   "object of 5 cells", "12 objects", or its text
 */
char *
arc_program_step_describe (const ArcProgramStep *step)
{
  g_return_val_if_fail (step != NULL, NULL);

  switch (step->kind)
    {
    case ARC_PROGRAM_VALUE_GRID:
      /* TRANSLATORS: a grid's height and width */
      return g_strdup_printf (_("grid %d×%d"), arc_grid_get_height (step->grid), arc_grid_get_width (step->grid));
    case ARC_PROGRAM_VALUE_OBJECT:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "object of %u cell", "object of %u cells", step->cells->len),
                              step->cells->len);
    case ARC_PROGRAM_VALUE_INDICES:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u index", "%u indices", step->cells->len),
                              step->cells->len);
    case ARC_PROGRAM_VALUE_OBJECTS:
      if (arc_program_step_holds_indices (step))
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u set of indices", "%u sets of indices", step->n_items),
                                step->n_items);
      if (step->n_items > step->items->len)
        /* TRANSLATORS: "200 objects, the first 64 drawn" */
        return g_strdup_printf (_("%u objects, the first %u drawn"), step->n_items, step->items->len);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u object", "%u objects", step->n_items), step->n_items);
    case ARC_PROGRAM_VALUE_TEXT:
    case ARC_PROGRAM_VALUE_ERROR:
    case ARC_PROGRAM_VALUE_CUT:
      return g_strdup (step->text);
    }
  return g_strdup ("");
}

/**
 * arc_program_step_holds_indices:
 * Returns: whether @step, of kind ARC_PROGRAM_VALUE_OBJECTS, holds sets of
 *   indices rather than objects (arc-dsl's apply(toindices, objects))
 */
gboolean
arc_program_step_holds_indices (const ArcProgramStep *step)
{
  g_return_val_if_fail (step != NULL, FALSE);

  for (guint i = 0; step->items && i < step->items->len; i++)
    {
      GArray *cells = step->items->pdata[i];

      if (cells->len > 0)
        return g_array_index (cells, ArcProgramCell, 0).colour < 0;
    }
  return FALSE;
}

/**
 * arc_program_append_json_string:
 * Appends @text as a JSON string (the requests' source, the CLI's ids)
 */
void
arc_program_append_json_string (GString    *out,
                                const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p; p++)
    {
      guchar c = (guchar) *p;

      if (c == '"' || c == '\\')
        {
          g_string_append_c (out, '\\');
          g_string_append_c (out, (char) c);
        }
      else if (c == '\n')
        g_string_append (out, "\\n");
      else if (c < 0x20 || c == 0x7f)
        g_string_append_printf (out, "\\u%04x", c);
      else
        g_string_append_c (out, (char) c);
    }
  g_string_append_c (out, '"');
}

/* @cells as [[row, col, colour], ...], or [[row, col], ...] for indices */
static void
append_cells (GString      *out,
              const GArray *cells)
{
  g_string_append_c (out, '[');
  for (guint i = 0; i < cells->len; i++)
    {
      const ArcProgramCell *c = &g_array_index (cells, ArcProgramCell, i);

      if (i > 0)
        g_string_append_c (out, ',');
      if (c->colour >= 0)
        g_string_append_printf (out, "[%d,%d,%d]", c->row, c->col, c->colour);
      else
        g_string_append_printf (out, "[%d,%d]", c->row, c->col);
    }
  g_string_append_c (out, ']');
}

static void
append_grid (GString       *out,
             const ArcGrid *grid)
{
  int h = arc_grid_get_height (grid), w = arc_grid_get_width (grid);
  const guint8 *cells = arc_grid_get_cells (grid);

  g_string_append_c (out, '[');
  for (int r = 0; r < h; r++)
    {
      g_string_append (out, r > 0 ? ",[" : "[");
      for (int c = 0; c < w; c++)
        {
          if (c > 0)
            g_string_append_c (out, ',');
          g_string_append_c (out, (char) ('0' + cells[r * w + c]));
        }
      g_string_append_c (out, ']');
    }
  g_string_append_c (out, ']');
}

/**
 * arc_program_step_append_json:
 * @out: where to append, inside a JSON object (after a comma, or its first
 *   members)
 *
 * Appends @step's members as `programs trace --json` writes them:
 * "function", "line", "name", "kind", then "grid" (rows of ints) for a
 * grid, "cells" for an object ([row, col, colour] each) or indices ([row,
 * col] each), "items" (a list of objects, or of sets of indices, cells as
 * the object's and the indices') and "count" for objects, "repr"
 * for a value, an error or a cut (with "limit": "steps" or "bytes").
 */
void
arc_program_step_append_json (const ArcProgramStep *step,
                              GString              *out)
{
  g_return_if_fail (step != NULL && out != NULL);

  g_string_append (out, "\"function\":");
  arc_program_append_json_string (out, step->function);
  g_string_append_printf (out, ",\"line\":%d,\"name\":", step->line);
  arc_program_append_json_string (out, step->name);
  g_string_append_printf (out, ",\"kind\":\"%s\"", arc_program_value_kind_to_string (step->kind));
  switch (step->kind)
    {
    case ARC_PROGRAM_VALUE_GRID:
      g_string_append (out, ",\"grid\":");
      append_grid (out, step->grid);
      break;
    case ARC_PROGRAM_VALUE_OBJECT:
    case ARC_PROGRAM_VALUE_INDICES:
      g_string_append (out, ",\"cells\":");
      append_cells (out, step->cells);
      break;
    case ARC_PROGRAM_VALUE_OBJECTS:
      g_string_append (out, ",\"items\":[");
      for (guint i = 0; i < step->items->len; i++)
        {
          if (i > 0)
            g_string_append_c (out, ',');
          append_cells (out, step->items->pdata[i]);
        }
      g_string_append_printf (out, "],\"count\":%u", step->n_items);
      break;
    case ARC_PROGRAM_VALUE_CUT:
      g_string_append_printf (out, ",\"limit\":\"%s\"", step->limit == ARC_PROGRAM_LIMIT_STEPS ? "steps" : "bytes");
      G_GNUC_FALLTHROUGH;
    case ARC_PROGRAM_VALUE_TEXT:
    case ARC_PROGRAM_VALUE_ERROR:
      g_string_append (out, ",\"repr\":");
      arc_program_append_json_string (out, step->text);
      break;
    }
}

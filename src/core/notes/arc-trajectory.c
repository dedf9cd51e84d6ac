/* arc-trajectory.c: the actions of the solve workspace, as ARCTraj records them
 *
 * Each action keeps the output grid as it was before it (ARCTraj's `grid`),
 * the position (x = column, y = row), colour, direction and the selected
 * cells, and an ISO 8601 time. The JaxARC operation ids follow the table
 * of ../shared/REFERENCE.md.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-trajectory"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arc-error.h"
#include "arc-notes-json-private.h"
#include "arc-notes.h"
#include "arc-render.h"
#include "arc-time.h"
#include "arc-trajectory.h"

ArcAction *
arc_action_new (const char    *category,
                const char    *operation,
                const ArcGrid *before)
{
  ArcAction *a = g_new0 (ArcAction, 1);

  a->category = category;
  a->operation = operation;
  a->x = a->y = a->colour = -1;
  a->grid = before ? arc_grid_copy (before) : NULL;
  a->time = g_get_real_time ();
  return a;
}

void
arc_action_free (ArcAction *action)
{
  if (action == NULL)
    return;
  g_clear_pointer (&action->object, arc_grid_free);
  g_clear_pointer (&action->grid, arc_grid_free);
  g_free (action->cells);
  g_free (action->larc);
  g_free (action->larc_time);
  g_free (action);
}

ArcAction *
arc_action_copy (const ArcAction *action)
{
  ArcAction *a = g_memdup2 (action, sizeof *action);

  a->cells = action->cells ? g_memdup2 (action->cells, sizeof *action->cells) : NULL;
  a->object = action->object ? arc_grid_copy (action->object) : NULL;
  a->grid = action->grid ? arc_grid_copy (action->grid) : NULL;
  a->larc = g_strdup (action->larc);
  a->larc_time = g_strdup (action->larc_time);
  return a;
}

/**
 * arc_action_set_cells:
 * @cells: the cells acted on (their rectangle becomes the selection), or none
 */
void
arc_action_set_cells (ArcAction      *a,
                      const ArcCells *cells)
{
  a->selection = cells->rect;
  g_clear_pointer (&a->cells, g_free);
  if (!arc_cells_is_rect (cells))
    a->cells = g_memdup2 (cells, sizeof *cells);
}

/**
 * arc_action_get_cells:
 * The cells acted on: those of its selection (a rectangle, or the cells
 * of it that a grown selection has).
 *
 * Returns: %FALSE when there are none
 */
gboolean
arc_action_get_cells (const ArcAction *a,
                      ArcCells        *cells)
{
  if (a->cells)
    *cells = *a->cells;
  else if (a->selection.height <= ARC_GRID_MAX_SIDE && a->selection.width <= ARC_GRID_MAX_SIDE)
    arc_cells_set_rect (cells, &a->selection);
  else
    arc_cells_clear (cells);
  return !arc_cells_is_empty (cells);
}

static void
add_int (JsonBuilder *b,
         const char  *name,
         gint64       value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, value);
}

static void
add_string (JsonBuilder *b,
            const char  *name,
            const char  *value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_string_value (b, value);
}

/**
 * arc_action_to_node:
 * Returns: (transfer full): the ARCTraj record: category, operation,
 * position {x, y}, color, direction, object (the selected cells, each
 * {x, y, color}), grid (before), timestamp; and size for ResizeGrid
 */
JsonNode *
arc_action_to_node (const ArcAction *a)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autofree char *time = arc_format_time (a->time);

  json_builder_begin_object (b);
  add_string (b, "category", a->category);
  add_string (b, "operation", a->operation);
  if (a->x >= 0)
    {
      json_builder_set_member_name (b, "position");
      json_builder_begin_object (b);
      add_int (b, "x", a->x);
      add_int (b, "y", a->y);
      json_builder_end_object (b);
    }
  if (a->colour >= 0)
    add_int (b, "color", a->colour);
  if (a->direction)
    add_string (b, "direction", a->direction);
  if (a->height > 0)
    {
      json_builder_set_member_name (b, "size");
      json_builder_begin_object (b);
      add_int (b, "height", a->height);
      add_int (b, "width", a->width);
      json_builder_end_object (b);
    }
  if (a->selection.height > 0)
    {
      json_builder_set_member_name (b, "selection");
      json_builder_begin_object (b);
      add_int (b, "x", a->selection.col);
      add_int (b, "y", a->selection.row);
      add_int (b, "height", a->selection.height);
      add_int (b, "width", a->selection.width);
      json_builder_end_object (b);
    }
  if (a->object)
    {
      json_builder_set_member_name (b, "object");
      json_builder_begin_array (b);
      /* (a grown selection's: only its cells) */
      for (int r = 0; r < arc_grid_get_height (a->object); r++)
        for (int c = 0; c < arc_grid_get_width (a->object); c++)
          {
            if (a->cells && !arc_cells_contains (a->cells, a->selection.row + r, a->selection.col + c))
              continue;
            json_builder_begin_object (b);
            add_int (b, "x", a->selection.col + c);
            add_int (b, "y", a->selection.row + r);
            add_int (b, "color", arc_grid_get (a->object, r, c));
            json_builder_end_object (b);
          }
      json_builder_end_array (b);
    }
  if (a->grid)
    {
      json_builder_set_member_name (b, "grid");
      arc_grid_add_to_builder (a->grid, b);
    }
  /* Unknown (some of LARC's actions have no time): left out */
  if (a->time != 0)
    add_string (b, "timestamp", time);
  if (a->larc)
    {
      JsonNode *step = json_from_string (a->larc, NULL);

      json_builder_set_member_name (b, "larc");
      if (step)
        json_builder_add_value (b, step);
      else
        json_builder_add_null_value (b);
    }
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* The static string equal to @name among the known ones */
const char *
arc_action_intern (const char *name)
{
  static const char * const known[] = {
    "Selection", "Coloring", "Object-Oriented", "Clipboard", "Critical", "History",
    "SelectCell", "SelectGrid", "SelectObject", "Paint", "FloodFill", "Move", "Rotate", "Flip",
    "CopyI", "CopyO", "Paste", "CopyFromInput", "ResizeGrid", "ResetGrid", "CropGrid",
    "Undo", "Redo", "Submit", "Other", "Unknown", "up", "down", "left", "right", "cw", "ccw", "horizontal", "vertical",
  };

  for (gsize i = 0; name && i < G_N_ELEMENTS (known); i++)
    if (g_str_equal (known[i], name))
      return known[i];
  return NULL;
}

/* An action LARC recorded without its tool: kept for the LARC export only */
gboolean
arc_action_is_larc_only (const ArcAction *action)
{
  return action->larc != NULL;
}

static int
get_int (JsonObject *o,
         const char *name,
         int         fallback)
{
  JsonNode *n = o ? json_object_get_member (o, name) : NULL;

  if (n && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_INT64)
    return (int) CLAMP (json_node_get_int (n), -1, 1000);
  return fallback;
}

/**
 * arc_action_rebuild_object:
 * @cells: (array length=n_cells): the cells a record lists for its
 *   selection, in the grid's rows and columns
 *
 * The action's object (the cells of its selection with their colours, as
 * both readers of trajectories find them): the colours @cells give; those
 * of the grid before the action (or 0) for cells of the rectangle they do
 * not list (a copy from the input grid has other colours than the output
 * grid under it). When @cells list only some of the rectangle's cells (a
 * grown selection), those are the action's cells; listing none is as
 * listing them all, as files before grown selections have it.
 */
void
arc_action_rebuild_object (ArcAction           *a,
                           const ArcObjectCell *cells,
                           guint                n_cells)
{
  const ArcRect *rect = &a->selection;
  ArcCells listed, whole;

  g_clear_pointer (&a->object, arc_grid_free);
  g_clear_pointer (&a->cells, g_free);
  if (rect->height <= 0 || rect->height > ARC_GRID_MAX_SIDE || rect->width <= 0 || rect->width > ARC_GRID_MAX_SIDE)
    return;
  if (a->grid && arc_grid_contains (a->grid, rect->row, rect->col))
    a->object = arc_grid_copy_rect (a->grid, rect);
  if (a->object == NULL || arc_grid_get_height (a->object) != rect->height || arc_grid_get_width (a->object) != rect->width)
    {
      g_clear_pointer (&a->object, arc_grid_free);
      a->object = arc_grid_new (rect->height, rect->width);
    }
  arc_cells_clear (&listed);
  for (guint i = 0; i < n_cells; i++)
    {
      int r = cells[i].row - rect->row, c = cells[i].col - rect->col;

      if (r < 0 || r >= rect->height || c < 0 || c >= rect->width || cells[i].colour < 0 || cells[i].colour > 9)
        continue;
      arc_grid_set (a->object, r, c, (guint8) cells[i].colour);
      arc_cells_add (&listed, cells[i].row, cells[i].col);
    }
  arc_cells_set_rect (&whole, rect);
  if (!arc_cells_is_empty (&listed) && !arc_cells_equal (&listed, &whole))
    a->cells = g_memdup2 (&listed, sizeof listed);
}

/* The cells an object of ARCTraj lists, each {x, y, color} */
static GArray *
read_object (JsonNode *node)
{
  GArray *cells = g_array_new (FALSE, FALSE, sizeof (ArcObjectCell));
  JsonArray *list = JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;

  for (guint i = 0; list && i < json_array_get_length (list); i++)
    {
      JsonNode *cell = json_array_get_element (list, i);
      JsonObject *co = JSON_NODE_HOLDS_OBJECT (cell) ? json_node_get_object (cell) : NULL;
      ArcObjectCell one = { get_int (co, "y", -1), get_int (co, "x", -1), get_int (co, "color", -1) };

      g_array_append_val (cells, one);
    }
  return cells;
}

/**
 * arc_action_new_from_node:
 * Reads back what arc_action_to_node() wrote. Unknown operations are refused.
 */
ArcAction *
arc_action_new_from_node (JsonNode  *node,
                          GError   **error)
{
  g_autoptr(ArcAction) a = NULL;
  JsonObject *o, *sub;
  const char *category, *operation;
  JsonNode *grid;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, _("an action must be an object"));
      return NULL;
    }
  o = json_node_get_object (node);
  category = arc_action_intern (json_object_get_string_member_with_default (o, "category", NULL));
  operation = arc_action_intern (json_object_get_string_member_with_default (o, "operation", NULL));
  if (category == NULL || operation == NULL)
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, _("an action needs a known category and operation"));
      return NULL;
    }
  a = arc_action_new (category, operation, NULL);
  sub = arc_notes_get_object (o, "position");
  a->x = get_int (sub, "x", -1);
  a->y = get_int (sub, "y", -1);
  a->colour = get_int (o, "color", -1);
  a->direction = arc_action_intern (json_object_get_string_member_with_default (o, "direction", NULL));
  sub = arc_notes_get_object (o, "size");
  a->height = get_int (sub, "height", 0);
  a->width = get_int (sub, "width", 0);
  sub = arc_notes_get_object (o, "selection");
  if (sub)
    a->selection = (ArcRect) { get_int (sub, "y", 0), get_int (sub, "x", 0), get_int (sub, "height", 0), get_int (sub, "width", 0) };
  grid = json_object_get_member (o, "grid");
  if (grid)
    a->grid = arc_grid_new_from_node (grid, NULL);
  if (a->selection.height > 0 && json_object_has_member (o, "object"))
    {
      g_autoptr(GArray) cells = read_object (json_object_get_member (o, "object"));

      arc_action_rebuild_object (a, (const ArcObjectCell *) (gpointer) cells->data, cells->len);
    }
  {
    const char *time = json_object_get_string_member_with_default (o, "timestamp", NULL);
    g_autoptr(GDateTime) dt = time ? g_date_time_new_from_iso8601 (time, NULL) : NULL;

    a->time = dt ? g_date_time_to_unix (dt) * G_USEC_PER_SEC + g_date_time_get_microsecond (dt) : 0;
  }
  if (json_object_has_member (o, "larc") && JSON_NODE_HOLDS_OBJECT (json_object_get_member (o, "larc")))
    a->larc = json_to_string (json_object_get_member (o, "larc"), FALSE);
  if (json_object_has_member (o, "larc_time"))
    a->larc_time = json_to_string (json_object_get_member (o, "larc_time"), FALSE);
  return g_steal_pointer (&a);
}

/**
 * arc_action_jaxarc_id:
 * Returns: the JaxARC operation id (0-9 fill, 10-19 flood fill, 20-23 move,
 * 24/25 rotate, 26/27 flip, 28 copy, 29 paste, 31 clear, 32 copy input,
 * 33 resize, 34 submit), or -1 for actions JaxARC has no step for
 * (selections, undo, redo)
 */
int
arc_action_jaxarc_id (const ArcAction *a)
{
  const char *op = a->operation;

  if (g_str_equal (op, "Paint"))
    return a->colour == 0 && a->selection.height > 0 ? 31 : a->colour;
  if (g_str_equal (op, "FloodFill"))
    return 10 + a->colour;
  if (g_str_equal (op, "Move") && a->direction)
    return g_str_equal (a->direction, "up") ? 20 : g_str_equal (a->direction, "down") ? 21
         : g_str_equal (a->direction, "left") ? 22 : 23;
  if (g_str_equal (op, "Rotate"))
    return g_strcmp0 (a->direction, "ccw") == 0 ? 25 : 24;
  if (g_str_equal (op, "Flip"))
    return g_strcmp0 (a->direction, "vertical") == 0 ? 27 : 26;
  if (g_str_equal (op, "CopyI") || g_str_equal (op, "CopyO"))
    return 28;
  if (g_str_equal (op, "Paste"))
    return 29;
  if (g_str_equal (op, "ResetGrid"))
    return 31;
  if (g_str_equal (op, "CopyFromInput"))
    return 32;
  if (g_str_equal (op, "ResizeGrid") || g_str_equal (op, "CropGrid"))
    return 33;
  if (g_str_equal (op, "Submit"))
    return 34;
  return -1;
}

/* Export */

static void
add_padded (JsonBuilder   *b,
            const ArcGrid *grid,
            gboolean       mask)
{
  json_builder_begin_array (b);
  for (int r = 0; r < ARC_GRID_MAX_SIDE; r++)
    {
      json_builder_begin_array (b);
      for (int c = 0; c < ARC_GRID_MAX_SIDE; c++)
        {
          gboolean inside = grid && arc_grid_contains (grid, r, c);

          if (mask)
            json_builder_add_boolean_value (b, inside);
          else
            json_builder_add_int_value (b, inside ? arc_grid_get (grid, r, c) : -1);
        }
      json_builder_end_array (b);
    }
  json_builder_end_array (b);
}

static void
add_selection_mask (JsonBuilder    *b,
                    const ArcCells *cells)
{
  json_builder_begin_array (b);
  for (int r = 0; r < ARC_GRID_MAX_SIDE; r++)
    {
      json_builder_begin_array (b);
      for (int c = 0; c < ARC_GRID_MAX_SIDE; c++)
        json_builder_add_boolean_value (b, arc_cells_contains (cells, r, c));
      json_builder_end_array (b);
    }
  json_builder_end_array (b);
}

/* The cells an action applies to, as JaxARC's selection mask: a grown
 * selection's own cells */
static ArcCells
jaxarc_selection (const ArcAction *a,
                  const ArcGrid   *before)
{
  const char *op = a->operation;
  ArcRect rect = { 0, 0, 0, 0 };
  ArcCells cells;

  if (arc_action_get_cells (a, &cells))
    return cells;
  if ((g_str_equal (op, "Paint") || g_str_equal (op, "FloodFill")) && a->x >= 0)
    rect = (ArcRect) { a->y, a->x, 1, 1 };
  else if (g_str_equal (op, "ResizeGrid"))
    rect = (ArcRect) { 0, 0, a->height, a->width };
  else if (g_str_equal (op, "ResetGrid") && before)
    rect = (ArcRect) { 0, 0, arc_grid_get_height (before), arc_grid_get_width (before) };
  arc_cells_set_rect (&cells, &rect);
  return cells;
}

/* Similarity of @grid to @expected: the share of equal cells; 0 when the sizes differ */
static double
similarity (const ArcGrid *grid,
            const ArcGrid *expected)
{
  guint n;

  if (grid == NULL || expected == NULL || arc_grid_get_height (grid) != arc_grid_get_height (expected) ||
      arc_grid_get_width (grid) != arc_grid_get_width (expected))
    return 0.0;
  n = (guint) (arc_grid_get_height (grid) * arc_grid_get_width (grid));
  return (double) (n - arc_grid_count_differences (grid, expected)) / n;
}

/**
 * arc_trajectory_to_jaxarc:
 * @actions: (element-type ArcAction): an attempt's trajectory
 * @final: the grid submitted
 * @expected: (nullable): the answer, for the rewards
 *
 * Adds JaxARC's arrays to the object being built in @b: per step (the
 * actions JaxARC has an operation for; selections, undo and redo are left
 * out) the 30×30 state padded with -1 and its mask, the operation id, the
 * selection mask, the next state and its mask, the reward (similarity of the
 * next state to the answer) and the grid's size; and has_orphan_paste.
 */
void
arc_trajectory_to_jaxarc (JsonBuilder   *b,
                          GPtrArray     *actions,
                          const ArcGrid *final,
                          const ArcGrid *expected)
{
  g_autoptr(GPtrArray) steps = g_ptr_array_new ();
  g_autoptr(GPtrArray) nexts = g_ptr_array_new ();
  gboolean copied = FALSE, orphan = FALSE;
  const char *arrays[] = { "states", "state_masks", "actions", "selections", "next_states", "next_state_masks",
                           "rewards", "grid_hs", "grid_ws" };

  for (guint i = 0; i < actions->len; i++)
    {
      ArcAction *a = actions->pdata[i];
      ArcAction *next = i + 1 < actions->len ? actions->pdata[i + 1] : NULL;

      if (g_str_equal (a->operation, "CopyI") || g_str_equal (a->operation, "CopyO"))
        copied = TRUE;
      if (g_str_equal (a->operation, "Paste") && !copied)
        orphan = TRUE;
      if (arc_action_jaxarc_id (a) < 0 || a->grid == NULL)
        continue;
      g_ptr_array_add (steps, a);
      /* The state after an action is the state before the one that follows */
      g_ptr_array_add (nexts, (gpointer) (next && next->grid ? next->grid : final));
    }

  for (gsize k = 0; k < G_N_ELEMENTS (arrays); k++)
    {
      json_builder_set_member_name (b, arrays[k]);
      json_builder_begin_array (b);
      for (guint i = 0; i < steps->len; i++)
        {
          ArcAction *a = steps->pdata[i];
          const ArcGrid *next = nexts->pdata[i];

          switch (k)
            {
            case 0: add_padded (b, a->grid, FALSE); break;
            case 1: add_padded (b, a->grid, TRUE); break;
            case 2: json_builder_add_int_value (b, arc_action_jaxarc_id (a)); break;
            case 3:
              {
                ArcCells sel = jaxarc_selection (a, a->grid);
                add_selection_mask (b, &sel);
              }
              break;
            case 4: add_padded (b, next, FALSE); break;
            case 5: add_padded (b, next, TRUE); break;
            case 6: json_builder_add_double_value (b, similarity (next, expected)); break;
            case 7: json_builder_add_int_value (b, arc_grid_get_height (a->grid)); break;
            case 8:
            default: json_builder_add_int_value (b, arc_grid_get_width (a->grid)); break;
            }
        }
      json_builder_end_array (b);
    }
  json_builder_set_member_name (b, "has_orphan_paste");
  json_builder_add_boolean_value (b, orphan);
}

/* An ARCTraj operation as the tools that make it are named */
static const char *
operation_name (const char *operation)
{
  static const struct { const char *operation, *name; } names[] = {
    { "SelectCell", N_("Select") }, { "SelectGrid", N_("Select all") }, { "SelectObject", N_("Select an object") },
    { "Paint", N_("Paint") }, { "FloodFill", N_("Flood fill") }, { "Move", N_("Move") },
    { "Rotate", N_("Rotate") }, { "Flip", N_("Flip") }, { "CopyI", N_("Copy from the test input") },
    { "CopyO", N_("Copy") }, { "Paste", N_("Paste") }, { "CopyFromInput", N_("Copy from input") },
    { "ResizeGrid", N_("Resize") }, { "ResetGrid", N_("Reset") }, { "CropGrid", N_("Crop") },
    { "Undo", N_("Undo") }, { "Redo", N_("Redo") }, { "Submit", N_("Submit") },
  };

  for (gsize i = 0; operation && i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (operation, names[i].operation))
      return _(names[i].name);
  return operation ? operation : "";
}

/* An action's direction, in words */
static const char *
direction_name (const char *direction)
{
  static const struct { const char *direction, *name; } names[] = {
    { "cw", NC_("direction", "clockwise") }, { "ccw", NC_("direction", "counter-clockwise") },
    { "horizontal", NC_("direction", "horizontally") }, { "vertical", NC_("direction", "vertically") },
    { "up", NC_("direction", "up") }, { "down", NC_("direction", "down") }, { "left", NC_("direction", "left") },
    { "right", NC_("direction", "right") },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (direction, names[i].direction))
      return g_dpgettext2 (GETTEXT_PACKAGE, "direction", names[i].name);
  return direction;
}

/* One line for a person: the operation, as its tool is named, and what it
 * acted on, with rows and columns counted from 1 as the app shows them. */
char *
arc_action_describe (const ArcAction *a)
{
  GString *text = g_string_new (operation_name (a->operation));
  const char *sep = ": ";

  if (a->height > 0 && a->width > 0 && g_str_equal (a->operation, "ResizeGrid"))
    {
      g_string_append (text, sep);
      g_string_append_printf (text, _("to %d×%d"), a->height, a->width);
      sep = " · ";
    }
  if (a->x >= 0 && a->y >= 0)
    {
      g_string_append (text, sep);
      g_string_append_printf (text, _("row %d, column %d"), a->y + 1, a->x + 1);
      sep = " · ";
    }
  if (a->cells)
    {
      guint n = arc_cells_count (a->cells);

      g_string_append (text, sep);
      /* (a selection grown with Ctrl+click: some cells of the rectangle) */
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u cell of %d×%d from row %d, column %d",
                                                 "%u cells of %d×%d from row %d, column %d", n),
                              n, a->selection.height, a->selection.width, a->selection.row + 1, a->selection.col + 1);
      sep = " · ";
    }
  else if (a->selection.height > 0 && a->selection.width > 0 && !(a->x >= 0 && a->y >= 0 && a->selection.height == 1 && a->selection.width == 1))
    {
      g_string_append (text, sep);
      g_string_append_printf (text, _("%d×%d cells from row %d, column %d"), a->selection.height, a->selection.width,
                              a->selection.row + 1, a->selection.col + 1);
      sep = " · ";
    }
  if (a->colour >= 0 && a->colour <= 9)
    {
      g_string_append (text, sep);
      g_string_append_printf (text, _("colour %d (%s)"), a->colour, arc_colour_get_name ((guint8) a->colour));
      sep = " · ";
    }
  if (a->direction != NULL)
    {
      g_string_append (text, sep);
      g_string_append (text, direction_name (a->direction));
    }
  return g_string_free (text, FALSE);
}

/* The actions as the array @name, each as ARCTraj records it, with LARC's
 * time when the notes keep it (which ARCTraj's export has not) */
void
arc_actions_add_to_builder (JsonBuilder *b,
                            const char  *name,
                            GPtrArray   *actions)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint k = 0; k < actions->len; k++)
    {
      const ArcAction *a = actions->pdata[k];
      JsonNode *node = arc_action_to_node (a);
      JsonNode *time = a->larc_time ? json_from_string (a->larc_time, NULL) : NULL;

      if (time)
        json_object_set_member (json_node_get_object (node), "larc_time", time);
      json_builder_add_value (b, node);
    }
  json_builder_end_array (b);
}

/* arc-larc-actions.c: LARC's action sequences as ARCTraj's records, and back
 *
 * LARC records each action of its testing interface with the grid AFTER it
 * and a time in seconds from the start; ARCTraj records the grid BEFORE it
 * and an absolute time. In LARC `x` is the row and `y` the column; in
 * ARCTraj `position.x` is the column and `position.y` the row. A `check`
 * (LARC's submit) ends one attempt's trajectory, as Submit does in the
 * solve workspace; the actions after the last check are kept as
 * "unsubmitted". LARC does not record the grid before the first action:
 * its interface starts with an empty 3×3 grid.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-larc"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>

#include "arc-larc.h"

/* Reading LARC's values, which are often strings ("5", "True") */

void
arc_larc_warn (const ArcLarcContext *ctx,
               const char           *where,
               const char           *format,
               ...)
{
  g_autofree char *message = NULL;
  va_list args;

  if (ctx->warnings == NULL)
    return;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (ctx->warnings, g_strdup_printf ("%s: %s: %s", ctx->file, where, message));
}

/* A number, or a string that holds one */
static gboolean
node_double (JsonNode *n,
             double   *value,
             gboolean *was_string)
{
  *was_string = FALSE;
  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n))
    return FALSE;
  switch (json_node_get_value_type (n))
    {
    case G_TYPE_INT64:
    case G_TYPE_DOUBLE:
      *value = json_node_get_double (n);
      return isfinite (*value);
    case G_TYPE_STRING:
      {
        const char *text = json_node_get_string (n);
        char *end = NULL;

        *was_string = TRUE;
        *value = g_ascii_strtod (text, &end);
        while (end && g_ascii_isspace (*end))
          end++;
        return end != text && end && *end == '\0' && isfinite (*value);
      }
    default:
      return FALSE;
    }
}

/* Whole and small enough to be exact */
static gboolean
is_whole (double d)
{
  return d == floor (d) && fabs (d) <= 1e15;
}

static gboolean
node_int (JsonNode *n,
          gint64   *value,
          gboolean *was_string)
{
  double d;

  if (!node_double (n, &d, was_string) || !is_whole (d))
    return FALSE;
  *value = (gint64) d;
  return TRUE;
}

static const char *
describe_node (JsonNode *n)
{
  return n && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING ? json_node_get_string (n) : "";
}

/* The number @name of @o, whole when @whole; absent and null are no error,
 * anything else is warned */
static gboolean
get_number (const ArcLarcContext *ctx,
            const char           *where,
            JsonObject           *o,
            const char           *name,
            gboolean              whole,
            double               *value)
{
  JsonNode *n = json_object_get_member (o, name);
  gboolean was_string;

  if (n == NULL || JSON_NODE_HOLDS_NULL (n))
    return FALSE;
  if (!node_double (n, value, &was_string) || (whole && !is_whole (*value)))
    {
      if (whole)
        arc_larc_warn (ctx, where, _("“%s” is not a whole number, left out"), name);
      else
        arc_larc_warn (ctx, where, _("“%s” is not a number, left out"), name);
      return FALSE;
    }
  if (was_string)
    arc_larc_warn (ctx, where, _("“%s” is a number written as a string (“%s”)"), name, describe_node (n));
  return TRUE;
}

/**
 * arc_larc_get_int:
 * Reads the whole number @name of @o: a number, or a string that holds one
 * (with a warning). Absent and null are no error; anything else is warned.
 */
gboolean
arc_larc_get_int (const ArcLarcContext *ctx,
                  const char           *where,
                  JsonObject           *o,
                  const char           *name,
                  gint64               *value)
{
  double d;

  if (!get_number (ctx, where, o, name, TRUE, &d))
    return FALSE;
  *value = (gint64) d;
  return TRUE;
}

gboolean
arc_larc_get_double (const ArcLarcContext *ctx,
                     const char           *where,
                     JsonObject           *o,
                     const char           *name,
                     double               *value)
{
  return get_number (ctx, where, o, name, FALSE, value);
}

static int
node_bool (JsonNode *n,
           gboolean *was_string)
{
  *was_string = FALSE;
  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n))
    return -1;
  if (json_node_get_value_type (n) == G_TYPE_BOOLEAN)
    return json_node_get_boolean (n);
  if (json_node_get_value_type (n) == G_TYPE_INT64 && json_node_get_int (n) >= 0 && json_node_get_int (n) <= 1)
    return (int) json_node_get_int (n);
  if (json_node_get_value_type (n) == G_TYPE_STRING)
    {
      const char *text = json_node_get_string (n);

      *was_string = TRUE;
      if (g_ascii_strcasecmp (text, "true") == 0 || g_str_equal (text, "1"))
        return 1;
      if (g_ascii_strcasecmp (text, "false") == 0 || g_str_equal (text, "0"))
        return 0;
    }
  return -1;
}

/**
 * arc_larc_get_bool:
 * Returns: 1 or 0; -1 when absent, null or not a truth value (warned)
 */
int
arc_larc_get_bool (const ArcLarcContext *ctx,
                   const char           *where,
                   JsonObject           *o,
                   const char           *name)
{
  JsonNode *n = json_object_get_member (o, name);
  gboolean was_string;
  int value;

  if (n == NULL || JSON_NODE_HOLDS_NULL (n))
    return -1;
  value = node_bool (n, &was_string);
  if (value < 0)
    arc_larc_warn (ctx, where, _("“%s” is not true or false, left out"), name);
  else if (was_string || json_node_get_value_type (n) != G_TYPE_BOOLEAN)
    arc_larc_warn (ctx, where, _("“%s” is a truth value written as “%s”"), name,
                   was_string ? json_node_get_string (n) : (value ? "1" : "0"));
  return value;
}

/**
 * arc_larc_get_string:
 * Returns: (nullable): the string @name; %NULL when absent or null, and,
 *   warned, when it is not a string
 */
const char *
arc_larc_get_string (const ArcLarcContext *ctx,
                     const char           *where,
                     JsonObject           *o,
                     const char           *name)
{
  JsonNode *n = json_object_get_member (o, name);

  if (n == NULL || JSON_NODE_HOLDS_NULL (n))
    return NULL;
  if (JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING)
    return json_node_get_string (n);
  arc_larc_warn (ctx, where, _("“%s” is not a string, left out"), name);
  return NULL;
}

/* LARC's times have milliseconds */
gint64
arc_larc_seconds_to_usec (double seconds)
{
  return (gint64) llround (seconds * 1000.0) * 1000;
}

static double
usec_to_seconds (gint64 usec)
{
  return (double) ((usec + (usec >= 0 ? 500 : -500)) / 1000) / 1000.0;
}

/* Reading an action sequence */

typedef struct
{
  const ArcLarcContext *ctx;
  gint64      base;      /* the time LARC's seconds count from */
  GPtrArray  *current;   /* ArcAction since the last check */
  ArcGrid    *after;     /* the grid after the last action */
  GPtrArray  *attempts;  /* ArcAttempt */
  guint       n_untimed;
  guint       n_checks;
} Session;

static ArcGrid *
empty_grid (int height,
            int width)
{
  return arc_grid_new (height, width);
}

/* The grid before the first action, which LARC does not record */
static ArcGrid *
initial_grid (const char    *tool,
              const ArcGrid *after)
{
  if (after == NULL || g_str_equal (tool, "resizeOutputGrid") || g_str_equal (tool, "copyFromInput") ||
      g_str_equal (tool, "resetOutputGrid"))
    return empty_grid (3, 3);
  return empty_grid (arc_grid_get_height (after), arc_grid_get_width (after));
}

/* A cell's row (LARC's x) and column (LARC's y), written as strings or numbers */
static gboolean
get_cell (JsonObject *act,
          int        *row,
          int        *col)
{
  gint64 x, y;
  gboolean was_string;

  if (!node_int (json_object_get_member (act, "x"), &x, &was_string) ||
      !node_int (json_object_get_member (act, "y"), &y, &was_string) ||
      x < 0 || y < 0 || x >= ARC_GRID_MAX_SIDE || y >= ARC_GRID_MAX_SIDE)
    return FALSE;
  *row = (int) x;
  *col = (int) y;
  return TRUE;
}

static int
get_colour (JsonObject *act)
{
  gint64 v;
  gboolean was_string;

  return node_int (json_object_get_member (act, "symbol"), &v, &was_string) && v >= 0 && v <= 9 ? (int) v : -1;
}

/* One cell of copy_paste_data: [row, column, colour] */
static gboolean
read_cell (JsonArray *cells,
           guint      i,
           gint64     v[3])
{
  JsonNode *cell = json_array_get_element (cells, i);
  JsonArray *c = JSON_NODE_HOLDS_ARRAY (cell) ? json_node_get_array (cell) : NULL;
  gboolean s;

  if (c == NULL || json_array_get_length (c) != 3)
    return FALSE;
  for (guint k = 0; k < 3; k++)
    if (!node_int (json_array_get_element (c, k), &v[k], &s))
      return FALSE;
  return v[0] >= 0 && v[1] >= 0 && v[0] < ARC_GRID_MAX_SIDE && v[1] < ARC_GRID_MAX_SIDE && v[2] >= 0 && v[2] <= 9;
}

/* copy_paste_data: [[row, column, colour], …], as the rectangle it covers */
static ArcGrid *
read_cells (JsonObject *act,
            ArcRect    *rect,
            gboolean   *whole)
{
  JsonNode *n = json_object_get_member (act, "copy_paste_data");
  ArcGrid *object;
  JsonArray *cells;
  int top = G_MAXINT, left = G_MAXINT, bottom = -1, right = -1;
  guint len;
  gint64 v[3];

  if (n == NULL || !JSON_NODE_HOLDS_ARRAY (n) || (len = json_array_get_length (json_node_get_array (n))) == 0)
    return NULL;
  cells = json_node_get_array (n);
  for (guint i = 0; i < len; i++)
    {
      if (!read_cell (cells, i, v))
        return NULL;
      top = MIN (top, (int) v[0]);
      left = MIN (left, (int) v[1]);
      bottom = MAX (bottom, (int) v[0]);
      right = MAX (right, (int) v[1]);
    }
  *rect = (ArcRect) { top, left, bottom - top + 1, right - left + 1 };
  object = empty_grid (rect->height, rect->width);
  for (guint i = 0; i < len; i++)
    if (read_cell (cells, i, v))
      arc_grid_set (object, (int) v[0] - top, (int) v[1] - left, (guint8) v[2]);
  *whole = len == (guint) (rect->height * rect->width);
  return object;
}

static gboolean
cells_match (const ArcGrid *object,
             const ArcRect *rect,
             const ArcGrid *grid)
{
  if (grid == NULL)
    return FALSE;
  for (int r = 0; r < rect->height; r++)
    for (int c = 0; c < rect->width; c++)
      if (!arc_grid_contains (grid, rect->row + r, rect->col + c) ||
          arc_grid_get (grid, rect->row + r, rect->col + c) != arc_grid_get (object, r, c))
        return FALSE;
  return TRUE;
}

/* A copy or a paste: the cells are the clipboard */
static ArcAction *
clipboard_action (Session       *s,
                  const char    *tool,
                  JsonObject    *act,
                  const ArcGrid *before,
                  const char    *where)
{
  gboolean whole = TRUE;
  ArcRect rect;
  g_autoptr(ArcGrid) object = read_cells (act, &rect, &whole);
  ArcAction *a;
  int row, col;

  if (object == NULL)
    {
      arc_larc_warn (s->ctx, where, _("a %s without valid copy_paste_data, left out"), tool);
      return NULL;
    }
  if (!whole)
    arc_larc_warn (s->ctx, where, _("the copied cells are not a rectangle; the rectangle around them is kept"));
  if (g_str_equal (tool, "copy"))
    {
      /* From the output grid, else from the input */
      gboolean from_output = cells_match (object, &rect, before) || !cells_match (object, &rect, s->ctx->input);

      a = arc_action_new ("Clipboard", from_output ? "CopyO" : "CopyI", before);
      a->selection = rect;
      a->object = g_steal_pointer (&object);
      return a;
    }
  if (!get_cell (act, &row, &col))
    {
      arc_larc_warn (s->ctx, where, _("a paste without its cell, left out"));
      return NULL;
    }
  a = arc_action_new ("Clipboard", "Paste", before);
  a->x = col;
  a->y = row;
  a->selection = (ArcRect) { row, col, rect.height, rect.width };
  /* The cells that land on the grid, as the notes file keeps them */
  if (arc_grid_clip_rect (before, &a->selection, &a->selection))
    a->object = arc_grid_copy_rect (object, &(ArcRect) { 0, 0, a->selection.height, a->selection.width });
  else
    a->selection = (ArcRect) { 0, 0, 0, 0 };
  return a;
}

/* One of LARC's actions as ARCTraj's record; NULL (warned) for what it cannot be */
static ArcAction *
convert_action (Session       *s,
                const char    *tool,
                JsonObject    *act,
                const ArcGrid *before,
                const char    *where)
{
  gboolean paint = g_str_equal (tool, "edit"), fill = g_str_equal (tool, "floodfill"), select = g_str_equal (tool, "select");
  ArcAction *a = NULL;

  if (paint || fill || select)
    {
      int row, col, colour = get_colour (act);

      if (!get_cell (act, &row, &col) || (colour < 0 && !select))
        {
          arc_larc_warn (s->ctx, where, _("a %s without a valid cell and colour, left out"), tool);
          return NULL;
        }
      a = arc_action_new (select ? "Selection" : "Coloring", select ? "SelectCell" : paint ? "Paint" : "FloodFill", before);
      a->x = col;
      a->y = row;
      a->colour = colour;
    }
  else if (g_str_equal (tool, "copy") || g_str_equal (tool, "paste"))
    a = clipboard_action (s, tool, act, before, where);
  else if (g_str_equal (tool, "resizeOutputGrid"))
    {
      gint64 h, w;
      gboolean was_string;

      if (!node_int (json_object_get_member (act, "height"), &h, &was_string) ||
          !node_int (json_object_get_member (act, "width"), &w, &was_string) || !arc_size_is_valid ((int) h, (int) w))
        {
          arc_larc_warn (s->ctx, where, _("a resize without a valid size, left out"));
          return NULL;
        }
      a = arc_action_new ("Critical", "ResizeGrid", before);
      a->height = (int) h;
      a->width = (int) w;
    }
  else if (g_str_equal (tool, "copyFromInput"))
    a = arc_action_new ("Critical", "CopyFromInput", before);
  else if (g_str_equal (tool, "resetOutputGrid"))
    a = arc_action_new ("Critical", "ResetGrid", before);
  else if (g_str_equal (tool, "check"))
    a = arc_action_new ("Critical", "Submit", before);
  else
    arc_larc_warn (s->ctx, where, _("an unknown tool “%s”, left out"), tool);
  return a;
}

static ArcVerdict
verdict_of (const ArcLarcContext *ctx,
            const ArcGrid        *grid)
{
  if (ctx->expected == NULL)
    return ARC_VERDICT_UNVERIFIED;
  return arc_grid_equal (grid, ctx->expected) ? ARC_VERDICT_CORRECT : ARC_VERDICT_WRONG;
}

/* A check: the grid it submitted becomes an attempt with the actions since the last */
static void
submit (Session       *s,
        ArcAction     *check,
        JsonObject    *act,
        const ArcGrid *after,
        const char    *where)
{
  const ArcGrid *grid = after ? after : check->grid;
  ArcAttempt *at = arc_attempt_new (0, grid, verdict_of (s->ctx, grid), TRUE);
  int correct = arc_larc_get_bool (s->ctx, where, act, "correct");

  if (correct >= 0)
    at->verdict = correct ? ARC_VERDICT_CORRECT : ARC_VERDICT_WRONG;
  at->time = check->time ? check->time : s->base;
  at->trials = ARC_LARC_TRIALS;
  at->actions = g_steal_pointer (&s->current);
  s->current = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_action_free);
  g_ptr_array_add (s->attempts, at);
  s->n_checks++;
}

/* An action LARC recorded without its tool: its step as it was, for the
 * export, at the grid the step before left (see arc_action_is_larc_only()) */
static ArcAction *
toolless_action (Session    *s,
                 JsonNode   *step,
                 const char *where)
{
  g_autoptr(JsonNode) whole = arc_larc_dup_node (s->ctx, step);
  ArcAction *a = arc_action_new ("Other", "Unknown", s->after);
  double t;

  a->larc = json_to_string (whole, FALSE);
  a->time = 0;
  if (arc_larc_get_double (s->ctx, where, json_node_get_object (step), "time", &t))
    a->time = s->base + arc_larc_seconds_to_usec (t);
  return a;
}

static void
read_step (Session    *s,
           JsonNode   *node,
           const char *where)
{
  JsonObject *step = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  JsonNode *act_node = step ? json_object_get_member (step, "action") : NULL;
  JsonObject *act = act_node && JSON_NODE_HOLDS_OBJECT (act_node) ? json_node_get_object (act_node) : NULL;
  g_autoptr(ArcGrid) after = step ? arc_larc_read_grid (s->ctx, json_object_get_member (step, "grid")) : NULL;
  const char *tool = act ? json_object_get_string_member_with_default (act, "tool", NULL) : NULL;
  g_autoptr(ArcGrid) first = NULL;
  ArcAction *a;
  double t;

  if (step == NULL)
    {
      arc_larc_warn (s->ctx, where, _("an action that is not an object, left out"));
      return;
    }
  if (tool == NULL)
    {
      arc_larc_warn (s->ctx, where, _("an action without its tool, kept as it is for the export"));
      g_ptr_array_add (s->current, toolless_action (s, node, where));
    }
  else if ((a = convert_action (s, tool, act, s->after ? s->after : (first = initial_grid (tool, after)), where)) != NULL)
    {
      if (arc_larc_get_double (s->ctx, where, step, "time", &t))
        a->time = s->base + arc_larc_seconds_to_usec (t);
      else
        {
          a->time = 0;
          s->n_untimed++;
        }
      g_ptr_array_add (s->current, a);
      if (g_str_equal (a->operation, "Submit"))
        submit (s, a, act, after, where);
    }
  if (after)
    {
      g_clear_pointer (&s->after, arc_grid_free);
      s->after = g_steal_pointer (&after);
    }
  else if (step && json_object_has_member (step, "grid"))
    arc_larc_warn (s->ctx, where, _("the grid after the action is not a valid grid"));
}

/* The answers of attempt_jsons, when the actions have no checks */
static void
read_answers (Session    *s,
              JsonObject *record,
              const char *member,
              const char *where)
{
  JsonNode *n = json_object_get_member (record, member);
  JsonArray *answers = n && JSON_NODE_HOLDS_ARRAY (n) ? json_node_get_array (n) : NULL;
  guint len = answers ? json_array_get_length (answers) : 0;

  if (s->n_checks > 0)
    {
      if (len != s->n_checks)
        arc_larc_warn (s->ctx, where, g_dngettext (GETTEXT_PACKAGE,
                                                   "%u answer in %s but %u checks in action_sequence; the checks are kept",
                                                   "%u answers in %s but %u checks in action_sequence; the checks are kept", len),
                       len, member, s->n_checks);
      return;
    }
  for (guint i = 0; i < len; i++)
    {
      g_autoptr(ArcGrid) grid = arc_larc_read_grid (s->ctx, json_array_get_element (answers, i));
      ArcAttempt *at;

      if (grid == NULL)
        {
          arc_larc_warn (s->ctx, where, _("%s[%u] is not a valid grid, left out"), member, i);
          continue;
        }
      at = arc_attempt_new (0, grid, verdict_of (s->ctx, grid), TRUE);
      at->time = 0;
      at->trials = ARC_LARC_TRIALS;
      g_ptr_array_add (s->attempts, at);
    }
}

/**
 * arc_larc_read_session:
 * @record: a description (its verification) or a build
 * @base: the time LARC's seconds count from
 * @attempts: (element-type ArcAttempt): the answers are added here, each
 *   with the actions that led to it
 *
 * Reads @record's action_sequence and its answers (attempt_jsons).
 */
void
arc_larc_read_session (const ArcLarcContext *ctx,
                       const char           *where,
                       JsonObject           *record,
                       gint64                base,
                       GPtrArray            *attempts,
                       GPtrArray           **unsubmitted,
                       ArcGrid             **unsubmitted_grid)
{
  JsonNode *seq = json_object_get_member (record, "action_sequence");
  Session s = { ctx, base, NULL, NULL, attempts, 0, 0 };
  guint len = 0;

  s.current = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_action_free);
  if (seq && JSON_NODE_HOLDS_ARRAY (seq))
    {
      len = json_array_get_length (json_node_get_array (seq));
      for (guint i = 0; i < len; i++)
        {
          g_autofree char *step_where = g_strdup_printf ("%s.action_sequence[%u]", where, i);
          read_step (&s, json_array_get_element (json_node_get_array (seq), i), step_where);
        }
    }
  else if (seq && !JSON_NODE_HOLDS_NULL (seq))
    arc_larc_warn (ctx, where, _("action_sequence is not a list, left out"));
  if (s.n_untimed > 0 && ctx->untimed)
    {
      ArcLarcContext untimed = *ctx;

      untimed.warnings = ctx->untimed;
      arc_larc_warn (&untimed, where, g_dngettext (GETTEXT_PACKAGE, "%u of the %u actions has no time",
                                                          "%u of the %u actions have no time", s.n_untimed),
                     s.n_untimed, len);
    }
  else if (s.n_untimed > 0)
    arc_larc_warn (ctx, where, g_dngettext (GETTEXT_PACKAGE, "%u of the %u actions has no time",
                                                          "%u of the %u actions have no time", s.n_untimed),
                     s.n_untimed, len);
  if (s.current->len > 0)
    {
      *unsubmitted = g_steal_pointer (&s.current);
      *unsubmitted_grid = g_steal_pointer (&s.after);
    }
  read_answers (&s, record, "attempt_jsons", where);
  g_clear_pointer (&s.current, g_ptr_array_unref);
  g_clear_pointer (&s.after, arc_grid_free);
}

/* Writing an action sequence */

typedef struct
{
  JsonArray     *steps;
  gint64         base;
  const ArcGrid *clipboard;       /* the last copy's cells */
  ArcRect        clipboard_rect;  /* and where they were */
  ArcLarcGridMarks *marks;        /* (nullable) */
} Writer;

/* A grid as a node, or as a mark for arc_larc_grid_marks_splice() */
static JsonNode *
grid_node (ArcLarcGridMarks *marks,
           const ArcGrid    *grid)
{
  g_autoptr(JsonBuilder) b = NULL;

  if (marks)
    return arc_larc_grid_marks_add (marks, grid);
  b = json_builder_new ();
  arc_grid_add_to_builder (grid, b);
  return json_builder_get_root (b);
}

/* LARC writes the numbers of its edits as strings */
static void
set_number_string (JsonObject *act,
                   const char *name,
                   int         value)
{
  char text[16];

  g_snprintf (text, sizeof text, "%d", value);
  json_object_set_string_member (act, name, text);
}

static void
set_cell (JsonObject *act,
          int         row,
          int         col,
          gboolean    as_strings)
{
  if (as_strings)
    {
      set_number_string (act, "x", row);
      set_number_string (act, "y", col);
    }
  else
    {
      json_object_set_int_member (act, "x", row);
      json_object_set_int_member (act, "y", col);
    }
}

static JsonArray *
cells_array (const ArcGrid *object,
             const ArcRect *rect)
{
  JsonArray *cells = json_array_new ();

  for (int r = 0; object && r < arc_grid_get_height (object); r++)
    for (int c = 0; c < arc_grid_get_width (object); c++)
      {
        JsonArray *cell = json_array_new ();

        json_array_add_int_element (cell, rect->row + r);
        json_array_add_int_element (cell, rect->col + c);
        json_array_add_int_element (cell, arc_grid_get (object, r, c));
        json_array_add_array_element (cells, cell);
      }
  return cells;
}

static void
add_step (Writer        *w,
          JsonObject    *act,
          const ArcGrid *after,
          gint64         time)
{
  JsonObject *step = json_object_new ();

  json_object_set_object_member (step, "action", act);
  json_object_set_member (step, "grid", grid_node (w->marks, after));
  if (time != 0)
    json_object_set_double_member (step, "time", usec_to_seconds (time - w->base));
  else
    json_object_set_null_member (step, "time");
  json_array_add_object_element (w->steps, step);
}

/* Painting a selection, which LARC's interface cannot: one edit a cell */
static void
write_selection_paint (Writer          *w,
                       const ArcAction *a)
{
  g_autoptr(ArcGrid) grid = arc_grid_copy (a->grid);

  for (int r = a->selection.row; r < a->selection.row + a->selection.height; r++)
    for (int c = a->selection.col; c < a->selection.col + a->selection.width; c++)
      {
        JsonObject *act = json_object_new ();

        if (!arc_grid_contains (grid, r, c))
          {
            json_object_unref (act);
            continue;
          }
        arc_grid_set (grid, r, c, (guint8) a->colour);
        set_number_string (act, "symbol", a->colour);
        json_object_set_string_member (act, "tool", "edit");
        set_cell (act, r, c, TRUE);
        add_step (w, act, grid, a->time);
      }
}

/* One record as LARC's action; operations LARC's interface does not have
 * (move, rotate, flip, crop, undo, redo) are left out: the grid after the
 * next action shows what they did */
static void
write_action (Writer          *w,
              const ArcAction *a,
              const ArcGrid   *after,
              ArcVerdict       verdict)
{
  const char *op = a->operation;
  JsonObject *act;

  if (a->larc)
    {
      JsonNode *step = json_from_string (a->larc, NULL);

      if (step && JSON_NODE_HOLDS_OBJECT (step))
        json_array_add_element (w->steps, step);
      else if (step)
        json_node_unref (step);
      return;
    }
  if (g_str_equal (op, "Paint") && a->x < 0 && a->selection.height > 0 && a->grid)
    {
      write_selection_paint (w, a);
      return;
    }
  act = json_object_new ();
  if (g_str_equal (op, "Paint") || g_str_equal (op, "FloodFill") || g_str_equal (op, "SelectCell"))
    {
      set_number_string (act, "symbol", MAX (a->colour, 0));
      json_object_set_string_member (act, "tool", g_str_equal (op, "Paint") ? "edit" : g_str_equal (op, "FloodFill") ? "floodfill" : "select");
      set_cell (act, a->y, a->x, TRUE);
    }
  else if (g_str_equal (op, "CopyI") || g_str_equal (op, "CopyO"))
    {
      w->clipboard = a->object;
      w->clipboard_rect = a->selection;
      json_object_set_array_member (act, "copy_paste_data", cells_array (a->object, &a->selection));
      json_object_set_string_member (act, "tool", "copy");
    }
  else if (g_str_equal (op, "Paste"))
    {
      ArcRect origin = { a->selection.row, a->selection.col, 0, 0 };

      json_object_set_array_member (act, "copy_paste_data",
                                    w->clipboard ? cells_array (w->clipboard, &w->clipboard_rect) : cells_array (a->object, &origin));
      json_object_set_string_member (act, "tool", "paste");
      set_cell (act, a->y, a->x, FALSE);
    }
  else if (g_str_equal (op, "ResizeGrid"))
    {
      json_object_set_int_member (act, "height", a->height);
      json_object_set_string_member (act, "tool", "resizeOutputGrid");
      json_object_set_int_member (act, "width", a->width);
    }
  else if (g_str_equal (op, "CopyFromInput") || g_str_equal (op, "ResetGrid"))
    json_object_set_string_member (act, "tool", g_str_equal (op, "ResetGrid") ? "resetOutputGrid" : "copyFromInput");
  else if (g_str_equal (op, "Submit"))
    {
      json_object_set_boolean_member (act, "correct", verdict == ARC_VERDICT_CORRECT);
      json_object_set_string_member (act, "tool", "check");
    }
  else
    {
      json_object_unref (act);
      return;
    }
  add_step (w, act, after ? after : a->grid, a->time);
}

static void
write_actions (Writer        *w,
               GPtrArray     *actions,
               const ArcGrid *final,
               ArcVerdict     verdict)
{
  for (guint i = 0; actions && i < actions->len; i++)
    {
      const ArcAction *a = actions->pdata[i];
      const ArcAction *next = i + 1 < actions->len ? actions->pdata[i + 1] : NULL;

      write_action (w, a, next && next->grid ? next->grid : final, verdict);
    }
}

/**
 * arc_larc_write_session:
 * @marks: (nullable): where the grids go, each a mark in the tree
 *
 * Sets @record's action_sequence (null when there are no actions) and
 * attempt_jsons from @attempts and the actions after the last of them.
 */
void
arc_larc_write_session (JsonObject    *record,
                        GPtrArray     *attempts,
                        GPtrArray     *unsubmitted,
                        const ArcGrid *unsubmitted_grid,
                        gint64         base,
                        ArcLarcGridMarks *marks)
{
  Writer w = { json_array_new (), base, NULL, { 0, 0, 0, 0 }, marks };
  JsonArray *answers = json_array_new ();

  for (guint i = 0; i < attempts->len; i++)
    {
      const ArcAttempt *at = attempts->pdata[i];

      write_actions (&w, at->actions, at->grid, at->verdict);
      json_array_add_element (answers, grid_node (marks, at->grid));
    }
  write_actions (&w, unsubmitted, unsubmitted_grid, ARC_VERDICT_UNVERIFIED);
  if (json_array_get_length (w.steps) > 0)
    json_object_set_array_member (record, "action_sequence", w.steps);
  else
    {
      json_array_unref (w.steps);
      json_object_set_null_member (record, "action_sequence");
    }
  json_object_set_array_member (record, "attempt_jsons", answers);
}

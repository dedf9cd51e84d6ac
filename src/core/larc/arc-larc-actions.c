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
#include <string.h>

#include "arc-annotation-private.h"
#include "arc-larc-private.h"

static double
usec_to_seconds (gint64 usec)
{
  return (double) ((usec + (usec >= 0 ? 500 : -500)) / 1000) / 1000.0;
}

/* Reading an action sequence: from the file's text, each step as it is
 * read (json-glib's tree of LARC's actions was most of an import's time) */

/* The texts a step's values are read into */
enum { TEXT_TIME, TEXT_TOOL, TEXT_X, TEXT_Y, TEXT_SYMBOL, TEXT_HEIGHT, TEXT_WIDTH, TEXT_CORRECT, TEXT_CELL, N_TEXTS };

/* One step of an action sequence, read from the text: its members as
 * json-glib's tree holds them (the last of a name that is repeated) */
typedef struct
{
  ArcLarcValue step;    /* its kind and where it is */
  ArcLarcValue action, grid, time;
  ArcGrid     *after;   /* (nullable) the grid, when it is one */
  /* the action's, when it is an object */
  ArcLarcValue tool, x, y, symbol, height, width, correct, cells;
} Step;

typedef struct
{
  const ArcLarcContext *ctx;
  gint64      base;      /* the time LARC's seconds count from */
  GPtrArray  *current;   /* ArcAction since the last check */
  ArcGrid    *after;     /* the grid after the last action */
  GPtrArray  *attempts;  /* ArcAttempt */
  guint       n_untimed;
  guint       n_checks;
  /* what each step is read into, made once for the whole sequence */
  GString    *key;              /* a member's name */
  GString    *texts[N_TEXTS];   /* the strings of its values */
  GString    *grid_text;        /* rows of a grid that are strings (not taken) */
} Session;

static gboolean
read_action (Session       *s,
             ArcJsonReader *r,
             Step          *st)
{
  static const struct { const char *name; gsize offset; int text; } members[] = {
    { "tool", G_STRUCT_OFFSET (Step, tool), TEXT_TOOL },
    { "x", G_STRUCT_OFFSET (Step, x), TEXT_X },
    { "y", G_STRUCT_OFFSET (Step, y), TEXT_Y },
    { "symbol", G_STRUCT_OFFSET (Step, symbol), TEXT_SYMBOL },
    { "height", G_STRUCT_OFFSET (Step, height), TEXT_HEIGHT },
    { "width", G_STRUCT_OFFSET (Step, width), TEXT_WIDTH },
    { "correct", G_STRUCT_OFFSET (Step, correct), TEXT_CORRECT },
    { "copy_paste_data", G_STRUCT_OFFSET (Step, cells), -1 },
  };
  gboolean first = TRUE;

  /* A repeated "action" replaces the one before, all of it */
  for (guint i = 0; i < G_N_ELEMENTS (members); i++)
    memset (G_STRUCT_MEMBER_P (st, members[i].offset), 0, sizeof (ArcLarcValue));
  if (arc_json_reader_peek (r) != ARC_JSON_OBJECT)
    return arc_larc_value_read (&st->action, r, NULL);
  memset (&st->action, 0, sizeof st->action);
  st->action.kind = ARC_JSON_OBJECT;
  st->action.range.start = r->pos;
  if (!arc_json_reader_enter (r, ARC_JSON_OBJECT))
    return FALSE;
  while (arc_json_reader_next (r, ARC_JSON_OBJECT, &first, s->key))
    {
      guint i;
      gboolean ok;

      for (i = 0; i < G_N_ELEMENTS (members) && !g_str_equal (s->key->str, members[i].name); i++)
        ;
      if (i < G_N_ELEMENTS (members))
        ok = arc_larc_value_read (G_STRUCT_MEMBER_P (st, members[i].offset), r,
                                  members[i].text >= 0 ? s->texts[members[i].text] : NULL);
      else
        ok = arc_json_reader_skip_value (r);
      if (!ok)
        return FALSE;
    }
  st->action.range.end = r->pos;
  return !r->failed;
}

/* The grid after the step, read once */
static gboolean
read_step_grid (Session       *s,
                ArcJsonReader *r,
                Step          *st)
{
  g_clear_pointer (&st->after, arc_grid_free);
  if (arc_json_reader_peek (r) != ARC_JSON_ARRAY)
    return arc_larc_value_read (&st->grid, r, NULL);
  memset (&st->grid, 0, sizeof st->grid);
  st->grid.kind = ARC_JSON_ARRAY;
  st->grid.range.start = r->pos;
  st->after = arc_trajectory_read_grid_at (r, s->grid_text);
  st->grid.range.end = r->pos;
  return !r->failed;
}

/* The step at @r, read whole (@st holds no grid before) */
static gboolean
read_step_text (Session       *s,
                ArcJsonReader *r,
                Step          *st)
{
  gboolean first = TRUE;

  memset (st, 0, sizeof *st);
  st->step.kind = arc_json_reader_peek (r);
  st->step.range.start = r->pos;
  if (st->step.kind != ARC_JSON_OBJECT)
    return arc_larc_value_read (&st->step, r, NULL);
  if (!arc_json_reader_enter (r, ARC_JSON_OBJECT))
    return FALSE;
  while (arc_json_reader_next (r, ARC_JSON_OBJECT, &first, s->key))
    {
      gboolean ok;

      if (g_str_equal (s->key->str, "action"))
        ok = read_action (s, r, st);
      else if (g_str_equal (s->key->str, "grid"))
        ok = read_step_grid (s, r, st);
      else if (g_str_equal (s->key->str, "time"))
        ok = arc_larc_value_read (&st->time, r, s->texts[TEXT_TIME]);
      else
        ok = arc_json_reader_skip_value (r);
      if (!ok)
        return FALSE;
    }
  st->step.range.end = r->pos;
  return !r->failed;
}

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
get_cell (const Step *st,
          int        *row,
          int        *col)
{
  gint64 x, y;

  if (!arc_larc_value_int (&st->x, &x) || !arc_larc_value_int (&st->y, &y) ||
      x < 0 || y < 0 || x >= ARC_GRID_MAX_SIDE || y >= ARC_GRID_MAX_SIDE)
    return FALSE;
  *row = (int) x;
  *col = (int) y;
  return TRUE;
}

static int
get_colour (const Step *st)
{
  gint64 v;

  return arc_larc_value_int (&st->symbol, &v) && v >= 0 && v <= 9 ? (int) v : -1;
}

/* One cell of copy_paste_data: [row, column, colour] */
static gboolean
read_cell (Session       *s,
           ArcJsonReader *r,
           gint64         v[3])
{
  gboolean first = TRUE;
  guint k = 0;

  if (arc_json_reader_peek (r) != ARC_JSON_ARRAY || !arc_json_reader_enter (r, ARC_JSON_ARRAY))
    return FALSE;
  while (arc_json_reader_next (r, ARC_JSON_ARRAY, &first, NULL))
    {
      ArcLarcValue value;

      if (k >= 3 || !arc_larc_value_read (&value, r, s->texts[TEXT_CELL]) || !arc_larc_value_int (&value, &v[k]))
        return FALSE;
      k++;
    }
  return !r->failed && k == 3 && v[0] >= 0 && v[1] >= 0 && v[0] < ARC_GRID_MAX_SIDE && v[1] < ARC_GRID_MAX_SIDE &&
         v[2] >= 0 && v[2] <= 9;
}

/* copy_paste_data's cells, each [row, column, colour]; NULL when one is not */
static GArray *
read_cell_list (Session    *s,
                const Step *st)
{
  g_autoptr(GArray) cells = NULL;
  gboolean first = TRUE, ok = TRUE;
  ArcJsonReader r;

  if (st->cells.kind != ARC_JSON_ARRAY)
    return NULL;
  cells = g_array_new (FALSE, FALSE, sizeof (gint64) * 3);
  arc_json_reader_init (&r, s->ctx->data, st->cells.range.start, st->cells.range.end);
  if (!arc_json_reader_enter (&r, ARC_JSON_ARRAY))
    ok = FALSE;
  while (ok && arc_json_reader_next (&r, ARC_JSON_ARRAY, &first, NULL))
    {
      gint64 v[3];

      ok = read_cell (s, &r, v);
      if (ok)
        g_array_append_vals (cells, v, 1);
    }
  ok = ok && !r.failed && cells->len > 0;
  arc_json_reader_clear (&r);
  return ok ? g_steal_pointer (&cells) : NULL;
}

/* copy_paste_data: [[row, column, colour], …], as the rectangle it covers */
static ArcGrid *
read_cells (Session    *s,
            const Step *st,
            ArcRect    *rect,
            gboolean   *whole)
{
  g_autoptr(GArray) cells = read_cell_list (s, st);
  int top = G_MAXINT, left = G_MAXINT, bottom = -1, right = -1;
  ArcGrid *object;

  if (cells == NULL)
    return NULL;
  for (guint i = 0; i < cells->len; i++)
    {
      const gint64 *v = &g_array_index (cells, gint64, i * 3);

      top = MIN (top, (int) v[0]);
      left = MIN (left, (int) v[1]);
      bottom = MAX (bottom, (int) v[0]);
      right = MAX (right, (int) v[1]);
    }
  *rect = (ArcRect) { top, left, bottom - top + 1, right - left + 1 };
  object = empty_grid (rect->height, rect->width);
  for (guint i = 0; i < cells->len; i++)
    {
      const gint64 *v = &g_array_index (cells, gint64, i * 3);

      arc_grid_set (object, (int) v[0] - top, (int) v[1] - left, (guint8) v[2]);
    }
  *whole = cells->len == (guint) (rect->height * rect->width);
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
                  const Step    *st,
                  const ArcGrid *before,
                  const char    *where)
{
  gboolean whole = TRUE;
  ArcRect rect;
  g_autoptr(ArcGrid) object = read_cells (s, st, &rect, &whole);
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
  if (!get_cell (st, &row, &col))
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
                const Step    *st,
                const ArcGrid *before,
                const char    *where)
{
  gboolean paint = g_str_equal (tool, "edit"), fill = g_str_equal (tool, "floodfill"), select = g_str_equal (tool, "select");
  ArcAction *a = NULL;

  if (paint || fill || select)
    {
      int row, col, colour = get_colour (st);

      if (!get_cell (st, &row, &col) || (colour < 0 && !select))
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
    a = clipboard_action (s, tool, st, before, where);
  else if (g_str_equal (tool, "resizeOutputGrid"))
    {
      gint64 h, w;

      if (!arc_larc_value_int (&st->height, &h) || !arc_larc_value_int (&st->width, &w) ||
          !arc_size_is_valid ((int) h, (int) w))
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
        const Step    *st,
        const ArcGrid *after,
        const char    *where)
{
  const ArcGrid *grid = after ? after : check->grid;
  ArcAttempt *at = arc_attempt_new (0, grid, verdict_of (s->ctx, grid), TRUE);
  int correct = arc_larc_value_get_bool (s->ctx, where, &st->correct, "correct");

  if (correct >= 0)
    at->verdict = correct ? ARC_VERDICT_CORRECT : ARC_VERDICT_WRONG;
  at->time = check->time ? check->time : s->base;
  at->trials = ARC_LARC_TRIALS;
  at->actions = g_steal_pointer (&s->current);
  s->current = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_action_free);
  g_ptr_array_add (s->attempts, at);
  s->n_checks++;
}

/* A copy of @node with each number beyond a double's range (1e400) null:
 * json-glib would write it "inf.0", which is no JSON */
static JsonNode *
finite_copy (JsonNode *node)
{
  JsonNode *copy;

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *o = json_node_get_object (node), *out = json_object_new ();
      g_autoptr(GList) names = json_object_get_members (o);

      for (GList *l = names; l; l = l->next)
        json_object_set_member (out, l->data, finite_copy (json_object_get_member (o, l->data)));
      copy = json_node_init_object (json_node_alloc (), out);
      json_object_unref (out);
      return copy;
    }
  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node), *out = json_array_new ();

      for (guint i = 0; i < json_array_get_length (array); i++)
        json_array_add_element (out, finite_copy (json_array_get_element (array, i)));
      copy = json_node_init_array (json_node_alloc (), out);
      json_array_unref (out);
      return copy;
    }
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_DOUBLE &&
      !isfinite (json_node_get_double (node)))
    return json_node_init_null (json_node_alloc ());
  return json_node_copy (node);
}

/* An action LARC recorded without its tool: its step as it was, for the
 * export, at the grid the step before left (see arc_action_is_larc_only()) */
static ArcAction *
toolless_action (Session    *s,
                 const Step *st,
                 const char *where)
{
  /* As json-glib writes the step: checked strictly as the file was read, it parses */
  g_autoptr(JsonNode) whole = arc_json_parse (s->ctx->data + st->step.range.start,
                                              st->step.range.end - st->step.range.start, NULL);
  ArcAction *a = arc_action_new ("Other", "Unknown", s->after);
  double t;

  a->larc = whole ? json_to_string (whole, FALSE) : g_strdup ("{}");
  /* Kept in the notes as JSON: a notes file that could not be read again would hide all its notes */
  if (whole && !arc_json_check (a->larc, strlen (a->larc), NULL))
    {
      g_autoptr(JsonNode) finite = finite_copy (whole);

      g_free (a->larc);
      a->larc = json_to_string (finite, FALSE);
      arc_larc_warn (s->ctx, where, _("a number in the action is beyond what can be kept; it is kept as null"));
    }
  a->time = 0;
  if (arc_larc_value_get_number (s->ctx, where, &st->time, "time", FALSE, &t))
    a->time = s->base + arc_larc_seconds_to_usec (t);
  return a;
}

/* LARC's time @v of @a's step, kept as its text when the export would not
 * write it back from @a's (add_step()): a whole number written without a
 * fraction (530, not 530.0), a time finer than a millisecond, a string */
static void
keep_time (Session            *s,
           ArcAction          *a,
           const ArcLarcValue *v)
{
  if (v->kind == ARC_JSON_NULL || v->kind == ARC_JSON_END)
    return;  /* no time: written null (an absent one too) */
  if (v->kind == ARC_JSON_NUMBER && !v->is_integer && a->time != 0 &&
      usec_to_seconds (a->time - s->base) == v->number)
    return;
  /* (not a number beyond a double's range, which the notes could not keep: see finite_copy()) */
  if ((v->kind == ARC_JSON_NUMBER && isfinite (v->number)) || v->kind == ARC_JSON_STRING || v->kind == ARC_JSON_BOOLEAN)
    a->larc_time = g_strndup (s->ctx->data + v->range.start, v->range.end - v->range.start);
}

/* Takes @st's grid */
static void
read_step (Session    *s,
           Step       *st,
           const char *where)
{
  g_autoptr(ArcGrid) after = g_steal_pointer (&st->after);
  g_autoptr(ArcGrid) first = NULL;
  const char *tool = NULL;
  ArcAction *a;
  double t;

  if (st->step.kind != ARC_JSON_OBJECT)
    {
      arc_larc_warn (s->ctx, where, _("an action that is not an object, left out"));
      return;
    }
  if (st->action.kind == ARC_JSON_OBJECT && st->tool.kind == ARC_JSON_STRING)
    tool = st->tool.string;
  if (tool == NULL)
    {
      arc_larc_warn (s->ctx, where, _("an action without its tool, kept as it is for the export"));
      g_ptr_array_add (s->current, toolless_action (s, st, where));
    }
  else if ((a = convert_action (s, tool, st, s->after ? s->after : (first = initial_grid (tool, after)), where)) != NULL)
    {
      if (arc_larc_value_get_number (s->ctx, where, &st->time, "time", FALSE, &t))
        a->time = s->base + arc_larc_seconds_to_usec (t);
      else
        {
          a->time = 0;
          s->n_untimed++;
        }
      keep_time (s, a, &st->time);
      g_ptr_array_add (s->current, a);
      if (g_str_equal (a->operation, "Submit"))
        submit (s, a, st, after, where);
    }
  if (after)
    {
      g_clear_pointer (&s->after, arc_grid_free);
      s->after = g_steal_pointer (&after);
    }
  else if (st->grid.kind != ARC_JSON_END)
    arc_larc_warn (s->ctx, where, _("the grid after the action is not a valid grid"));
}

/* The steps of the list at @range, each read from the text and converted
 * before the next is read. Returns: how many */
static guint
read_steps (Session            *s,
            const ArcJsonRange *range,
            const char         *where)
{
  g_autoptr(GString) step_where = g_string_new (NULL);
  gboolean first = TRUE;
  ArcJsonReader r;
  guint n = 0;
  Step st = { 0 };

  arc_json_reader_init (&r, s->ctx->data, range->start, range->end);
  if (arc_json_reader_enter (&r, ARC_JSON_ARRAY))
    while (arc_json_reader_next (&r, ARC_JSON_ARRAY, &first, NULL) && read_step_text (s, &r, &st))
      {
        g_string_printf (step_where, "%s.action_sequence[%u]", where, n++);
        read_step (s, &st, step_where->str);
      }
  g_clear_pointer (&st.after, arc_grid_free);
  arc_json_reader_clear (&r);
  return n;
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
 * arc_larc_is_empty_list:
 * @node: (nullable): an action_sequence of the tree (lifted out of it)
 *
 * Returns: whether it is an empty list, which the export writes as null
 */
gboolean
arc_larc_is_empty_list (const ArcLarcContext *ctx,
                        JsonNode             *node)
{
  const ArcJsonRange *range = arc_json_lifted_range (node, ctx->marker, ctx->grids);
  ArcJsonReader r;
  gboolean first = TRUE, empty;

  if (range == NULL)
    return FALSE;
  arc_json_reader_init (&r, ctx->data, range->start, range->end);
  empty = arc_json_reader_enter (&r, ARC_JSON_ARRAY) && !arc_json_reader_next (&r, ARC_JSON_ARRAY, &first, NULL) &&
          !r.failed;
  arc_json_reader_clear (&r);
  return empty;
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
  /* Every list of actions is lifted out of the tree as the file is read */
  const ArcJsonRange *range = arc_json_lifted_range (seq, ctx->marker, ctx->grids);
  Session s = { ctx, base, NULL, NULL, attempts, 0, 0, g_string_new (NULL), { NULL }, g_string_new (NULL) };
  guint len = 0;

  for (guint i = 0; i < N_TEXTS; i++)
    s.texts[i] = g_string_new (NULL);
  s.current = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_action_free);
  if (range)
    len = read_steps (&s, range, where);
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
  g_string_free (s.key, TRUE);
  g_string_free (s.grid_text, TRUE);
  for (guint i = 0; i < N_TEXTS; i++)
    g_string_free (s.texts[i], TRUE);
}

/* Writing an action sequence */

typedef struct
{
  JsonArray     *steps;
  gint64         base;
  const ArcGrid *clipboard;       /* the last copy's cells */
  ArcRect        clipboard_rect;  /* and where they were */
  const ArcCells *clipboard_cells; /* (nullable): which of them, of a grown selection */
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

/* @object's cells, its corner at @rect's; of a grown selection (@only)
 * the cells it has */
static JsonArray *
cells_array (const ArcGrid  *object,
             const ArcRect  *rect,
             const ArcCells *only)
{
  JsonArray *cells = json_array_new ();

  for (int r = 0; object && r < arc_grid_get_height (object); r++)
    for (int c = 0; c < arc_grid_get_width (object); c++)
      {
        JsonArray *cell;

        if (only && !arc_cells_contains (only, rect->row + r, rect->col + c))
          continue;
        cell = json_array_new ();

        json_array_add_int_element (cell, rect->row + r);
        json_array_add_int_element (cell, rect->col + c);
        json_array_add_int_element (cell, arc_grid_get (object, r, c));
        json_array_add_array_element (cells, cell);
      }
  return cells;
}

/* @larc_time: (nullable): LARC's time as it was (see keep_time()) */
static void
add_step (Writer        *w,
          JsonObject    *act,
          const ArcGrid *after,
          gint64         time,
          const char    *larc_time)
{
  JsonObject *step = json_object_new ();
  JsonNode *node;

  json_object_set_object_member (step, "action", act);
  json_object_set_member (step, "grid", grid_node (w->marks, after));
  node = larc_time ? json_from_string (larc_time, NULL) : NULL;
  /* (a notes file may hold anything: a number beyond a double's range would be written "inf.0") */
  if (node && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_DOUBLE &&
      !isfinite (json_node_get_double (node)))
    g_clear_pointer (&node, json_node_unref);
  if (node)
    json_object_set_member (step, "time", node);
  else if (time != 0)
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
        JsonObject *act;

        /* (of a grown selection, its cells) */
        if (!arc_grid_contains (grid, r, c) || (a->cells && !arc_cells_contains (a->cells, r, c)))
          continue;
        act = json_object_new ();
        arc_grid_set (grid, r, c, (guint8) a->colour);
        set_number_string (act, "symbol", a->colour);
        json_object_set_string_member (act, "tool", "edit");
        set_cell (act, r, c, TRUE);
        add_step (w, act, grid, a->time, NULL);
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
      w->clipboard_cells = a->cells;
      json_object_set_array_member (act, "copy_paste_data", cells_array (a->object, &a->selection, a->cells));
      json_object_set_string_member (act, "tool", "copy");
    }
  else if (g_str_equal (op, "Paste"))
    {
      ArcRect origin = { a->selection.row, a->selection.col, 0, 0 };

      json_object_set_array_member (act, "copy_paste_data",
                                    w->clipboard ? cells_array (w->clipboard, &w->clipboard_rect, w->clipboard_cells)
                                                : cells_array (a->object, &origin, a->cells));
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
  add_step (w, act, after ? after : a->grid, a->time, a->larc_time);
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
  Writer w = { json_array_new (), base, NULL, { 0, 0, 0, 0 }, NULL, marks };
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

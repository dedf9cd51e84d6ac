/* arc-task-parse.c: the parser and validator of tasks and lists of grids
 *
 * The parser reads the bytes once with the strict reader of arc-json.c and
 * builds the grids directly, so that a valid task costs one pass and a few
 * allocations. Every problem is reported with its JSON path.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-task"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arc-error.h"
#include "arc-file.h"
#include "arc-json.h"
#include "arc-task-parse.h"
#include "arc-task-private.h"

/* One step of a JSON path: a member name or a list index. */
typedef struct
{
  const char *member;  /* (nullable): static strings only */
  guint       index;
} PathStep;

#define MAX_PATH_STEPS 8

typedef struct
{
  ArcJsonReader r;
  PathStep      path[MAX_PATH_STEPS];  /* JSON path of the value being read */
  guint         path_len;
  GPtrArray    *problems;   /* ArcProblem */
  guint         n_errors;
  guint         n_dropped;  /* problems beyond ARC_MAX_PROBLEMS */
  guint8        cells[ARC_GRID_MAX_SIDE * ARC_GRID_MAX_SIDE];
} Parser;

static void
parser_init (Parser     *p,
             const char *data,
             gsize       start,
             gsize       end)
{
  arc_json_reader_init (&p->r, data, start, end);
  p->path_len = 0;
  p->problems = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_problem_free);
  p->n_errors = 0;
  p->n_dropped = 0;
}

static void
parser_clear (Parser *p)
{
  arc_json_reader_clear (&p->r);
  g_ptr_array_unref (p->problems);
}

static void G_GNUC_PRINTF (3, 4)
report (Parser      *p,
        ArcSeverity  severity,
        const char  *format,
        ...)
{
  g_autofree char *message = NULL;
  g_autoptr(GString) path = g_string_new (NULL);
  va_list args;

  if (severity == ARC_SEVERITY_ERROR)
    p->n_errors++;
  if (p->problems->len >= ARC_MAX_PROBLEMS)
    {
      p->n_dropped++;
      return;
    }
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  for (guint i = 0; i < p->path_len; i++)
    {
      if (p->path[i].member)
        g_string_append_printf (path, "%s%s", i > 0 ? "." : "", p->path[i].member);
      else
        g_string_append_printf (path, "[%u]", p->path[i].index);
    }
  g_ptr_array_add (p->problems, arc_problem_new (severity, path->str, message));
}

/* The path is built only when a problem is reported: pushing is cheap. */
static gsize
path_push_index (Parser *p,
                 guint   index)
{
  gsize len = p->path_len;

  g_assert (len < MAX_PATH_STEPS);
  p->path[p->path_len++] = (PathStep) { NULL, index };
  return len;
}

static gsize
path_push_member (Parser     *p,
                  const char *name)
{
  gsize len = p->path_len;

  g_assert (len < MAX_PATH_STEPS);
  p->path[p->path_len++] = (PathStep) { name, 0 };
  return len;
}

static void
path_pop (Parser *p,
          gsize   len)
{
  p->path_len = (guint) len;
}

/* Reports a value of the wrong kind and skips it. */
static void
wrong_kind (Parser     *p,
            const char *expected)
{
  ArcJsonKind kind = arc_json_reader_peek (&p->r);

  if (kind == ARC_JSON_INVALID || kind == ARC_JSON_END)
    {
      arc_json_reader_skip_value (&p->r);  /* a syntax error */
      return;
    }
  report (p, ARC_SEVERITY_ERROR, _("expected %s, found %s"), expected, arc_json_kind_describe (kind));
  arc_json_reader_skip_value (&p->r);
}

/* Reads one cell; returns its colour, or -1 after reporting a problem. */
static int
read_cell (Parser *p)
{
  ArcJsonReader *r = &p->r;
  ArcJsonNumber number;
  int digit = arc_json_reader_read_digit (r);

  /* The common case: one digit followed by a delimiter */
  if (digit >= 0)
    return digit;

  if (arc_json_reader_peek (r) != ARC_JSON_NUMBER)
    {
      wrong_kind (p, _("a colour 0..9"));
      return -1;
    }
  if (!arc_json_reader_read_number (r, &number))
    return -1;
  if (!number.is_integer || number.overflow || number.value < 0 || number.value > 9)
    {
      g_autofree char *text = g_strndup ((const char *) r->data + number.start, MIN (number.length, 24));

      if (!number.is_integer)
        report (p, ARC_SEVERITY_ERROR, _("value %s is not a whole number 0..9"), text);
      else
        report (p, ARC_SEVERITY_ERROR, _("value %s%s is outside 0..9"), text, number.length > 24 ? "…" : "");
      return -1;
    }
  return (int) number.value;
}

/* Reads row @index of a grid into p->cells; FALSE after reporting a problem
 * (or a syntax error: r->failed). */
static gboolean
read_row (Parser *p,
          guint   index,
          int    *width)
{
  ArcJsonReader *r = &p->r;
  guint8 *row = p->cells + MIN (index, ARC_GRID_MAX_SIDE - 1) * ARC_GRID_MAX_SIDE;
  gboolean first_cell = TRUE, ok = TRUE;
  guint cols = 0;

  /* The common row, of one-digit cells, at once; any other cell by cell */
  if (index >= ARC_GRID_MAX_SIDE || !arc_json_reader_read_digit_list (r, row, ARC_GRID_MAX_SIDE, &cols))
    {
      if (arc_json_reader_peek (r) != ARC_JSON_ARRAY)
        {
          wrong_kind (p, _("a row (a list of colours)"));
          return FALSE;
        }
      arc_json_reader_enter (r, ARC_JSON_ARRAY);
      while (arc_json_reader_next (r, ARC_JSON_ARRAY, &first_cell, NULL))
        {
          gsize saved_cell = path_push_index (p, cols);
          int v = read_cell (p);

          path_pop (p, saved_cell);
          if (r->failed)
            return FALSE;
          if (v < 0)
            ok = FALSE;
          else if (cols < ARC_GRID_MAX_SIDE && index < ARC_GRID_MAX_SIDE)
            row[cols] = (guint8) v;
          cols++;
        }
      if (r->failed)
        return FALSE;
    }
  if (cols == 0)
    {
      report (p, ARC_SEVERITY_ERROR, _("the row is empty"));
      return FALSE;
    }
  if (cols > ARC_GRID_MAX_SIDE)
    {
      report (p, ARC_SEVERITY_ERROR, _("the row has %u cells; at most %d are allowed"),
              cols, ARC_GRID_MAX_SIDE);
      return FALSE;
    }
  if (*width < 0)
    *width = (int) cols;
  else if ((int) cols != *width)
    {
      report (p, ARC_SEVERITY_ERROR,
              g_dngettext (GETTEXT_PACKAGE, "the row has %u cell, but row 0 has %d",
                           "the row has %u cells, but row 0 has %d", cols),
              cols, *width);
      return FALSE;
    }
  return ok;
}

/* Reads a grid at the current position; returns NULL after reporting. */
static ArcGrid *
read_grid (Parser *p)
{
  ArcJsonReader *r = &p->r;
  gboolean first_row = TRUE, ok = TRUE;
  guint rows = 0;
  int width = -1;

  if (arc_json_reader_peek (r) != ARC_JSON_ARRAY)
    {
      wrong_kind (p, _("a grid (a list of rows)"));
      return NULL;
    }
  arc_json_reader_enter (r, ARC_JSON_ARRAY);
  while (arc_json_reader_next (r, ARC_JSON_ARRAY, &first_row, NULL))
    {
      gsize saved = path_push_index (p, rows);

      if (!read_row (p, rows, &width))
        ok = FALSE;
      path_pop (p, saved);
      if (r->failed)
        return NULL;
      rows++;
    }
  if (r->failed)
    return NULL;
  if (rows == 0)
    {
      report (p, ARC_SEVERITY_ERROR, _("the grid has no rows"));
      return NULL;
    }
  if (rows > ARC_GRID_MAX_SIDE)
    {
      report (p, ARC_SEVERITY_ERROR, _("the grid has %u rows; at most %d are allowed"), rows, ARC_GRID_MAX_SIDE);
      return NULL;
    }
  if (!ok || width < 1)
    return NULL;

  {
    ArcGrid *grid = arc_grid_new ((int) rows, width);
    guint8 *dst = (guint8 *) arc_grid_get_cells (grid);

    for (guint i = 0; i < rows; i++)
      memcpy (dst + i * (guint) width, p->cells + i * ARC_GRID_MAX_SIDE, (gsize) width);
    return grid;
  }
}

/* Reads one pair object; returns NULL after reporting. */
static ArcPair *
read_pair (Parser  *p,
           gboolean is_test)
{
  ArcJsonReader *r = &p->r;
  g_autoptr(GString) key = g_string_new (NULL);
  gboolean first = TRUE, seen_input = FALSE, seen_output = FALSE, ok = TRUE;
  ArcGrid *input = NULL, *output = NULL;
  ArcPair *pair;

  if (arc_json_reader_peek (r) != ARC_JSON_OBJECT)
    {
      wrong_kind (p, _("a pair (an object with “input” and “output”)"));
      return NULL;
    }
  arc_json_reader_enter (r, ARC_JSON_OBJECT);
  while (arc_json_reader_next (r, ARC_JSON_OBJECT, &first, key))
    {
      gboolean is_input = strcmp (key->str, "input") == 0;
      gboolean is_output = strcmp (key->str, "output") == 0;
      gsize saved;

      if (!is_input && !is_output)
        {
          arc_json_reader_skip_value (r);  /* unknown members are accepted */
          continue;
        }
      saved = path_push_member (p, is_input ? "input" : "output");
      if ((is_input && seen_input) || (is_output && seen_output))
        {
          report (p, ARC_SEVERITY_ERROR, _("“%s” appears more than once"), key->str);
          arc_json_reader_skip_value (r);
          ok = FALSE;
        }
      else if (is_output && is_test && arc_json_reader_peek (r) == ARC_JSON_NULL)
        {
          arc_json_reader_read_null (r);  /* a hidden test output */
          seen_output = TRUE;
        }
      else
        {
          ArcGrid *grid = read_grid (p);

          if (grid == NULL)
            ok = FALSE;
          if (is_input)
            seen_input = TRUE, input = grid;
          else
            seen_output = TRUE, output = grid;
        }
      path_pop (p, saved);
      if (r->failed)
        break;
    }
  if (!r->failed && !seen_input)
    {
      report (p, ARC_SEVERITY_ERROR, _("the pair has no “input”"));
      ok = FALSE;
    }
  if (!r->failed && !is_test && !seen_output)
    {
      report (p, ARC_SEVERITY_ERROR, _("the pair has no “output”"));
      ok = FALSE;
    }
  if (r->failed || !ok)
    {
      g_clear_pointer (&input, arc_grid_free);
      g_clear_pointer (&output, arc_grid_free);
      return NULL;
    }
  pair = g_new0 (ArcPair, 1);
  pair->input = input;
  pair->output = output;
  return pair;
}

static void
read_pairs (Parser    *p,
            GPtrArray *pairs,
            gboolean   is_test)
{
  ArcJsonReader *r = &p->r;
  gboolean first = TRUE;
  guint index = 0;

  if (arc_json_reader_peek (r) != ARC_JSON_ARRAY)
    {
      wrong_kind (p, is_test ? _("a list of test pairs") : _("a list of train pairs"));
      return;
    }
  arc_json_reader_enter (r, ARC_JSON_ARRAY);
  while (arc_json_reader_next (r, ARC_JSON_ARRAY, &first, NULL))
    {
      gsize saved = path_push_index (p, index++);
      ArcPair *pair = read_pair (p, is_test);

      path_pop (p, saved);
      if (pair)
        g_ptr_array_add (pairs, pair);
      if (r->failed)
        return;
    }
  if (!r->failed && index == 0)
    report (p, ARC_SEVERITY_ERROR, is_test ? _("there are no test pairs") : _("there are no train pairs"));
}

/* Moves the parser's findings into the caller's hands. */
static gboolean
parser_finish (Parser     *p,
               GPtrArray **problems,
               GError    **error)
{
  if (p->r.failed)
    {
      g_autofree char *where = arc_json_reader_error_location (&p->r);

      /* After a syntax error nothing else is reliable. */
      g_ptr_array_set_size (p->problems, 0);
      p->n_dropped = 0;
      g_ptr_array_add (p->problems, arc_problem_new (ARC_SEVERITY_ERROR, where, p->r.error_message));
      g_set_error (error, ARC_ERROR, ARC_ERROR_SYNTAX, "%s: %s", where, p->r.error_message);
    }
  else if (p->n_errors > 0)
    {
      ArcProblem *first = NULL;
      g_autofree char *text = NULL;

      for (guint i = 0; i < p->problems->len && first == NULL; i++)
        if (((ArcProblem *) p->problems->pdata[i])->severity == ARC_SEVERITY_ERROR)
          first = p->problems->pdata[i];
      text = first ? arc_problem_format (first, NULL) : g_strdup (_("the task is invalid"));
      if (p->n_errors > 1)
        g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID,
                     g_dngettext (GETTEXT_PACKAGE, "%s (and %u more problem)", "%s (and %u more problems)",
                                  p->n_errors - 1),
                     text, p->n_errors - 1);
      else
        g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, "%s", text);
    }
  if (p->n_dropped > 0)
    {
      g_autofree char *msg = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                           "%u more problem not shown",
                                                           "%u more problems not shown", p->n_dropped),
                                              p->n_dropped);
      g_ptr_array_add (p->problems, arc_problem_new (p->n_errors > 0 ? ARC_SEVERITY_ERROR : ARC_SEVERITY_WARNING,
                                                     "", msg));
    }
  if (problems)
    *problems = g_ptr_array_ref (p->problems);
  return !p->r.failed && p->n_errors == 0;
}

/* Reads the task object's "train" and "test" members into @task */
static void
read_task (Parser  *p,
           ArcTask *task)
{
  g_autoptr(GString) key = g_string_new (NULL);
  gboolean seen_train = FALSE, seen_test = FALSE, first = TRUE;

  if (arc_json_reader_peek (&p->r) != ARC_JSON_OBJECT)
    wrong_kind (p, _("a task (an object with “train” and “test”)"));
  else
    {
      arc_json_reader_enter (&p->r, ARC_JSON_OBJECT);
      while (arc_json_reader_next (&p->r, ARC_JSON_OBJECT, &first, key))
        {
          gboolean is_train = strcmp (key->str, "train") == 0;
          gboolean is_test = strcmp (key->str, "test") == 0;
          gsize saved;

          if (!is_train && !is_test)
            {
              arc_json_reader_skip_value (&p->r);
              continue;
            }
          saved = path_push_member (p, is_train ? "train" : "test");
          if ((is_train && seen_train) || (is_test && seen_test))
            {
              report (p, ARC_SEVERITY_ERROR, _("“%s” appears more than once"), key->str);
              arc_json_reader_skip_value (&p->r);
            }
          else
            read_pairs (p, is_train ? task->train : task->test, is_test);
          path_pop (p, saved);
          seen_train |= is_train;
          seen_test |= is_test;
          if (p->r.failed)
            break;
        }
      if (!p->r.failed)
        {
          if (!seen_train)
            report (p, ARC_SEVERITY_ERROR, _("the task has no “train” pairs"));
          if (!seen_test)
            report (p, ARC_SEVERITY_ERROR, _("the task has no “test” pairs"));
        }
    }
}

/* Marks the problems from @first on as deviations from the competition rules */
static void
mark_competition_rules (Parser *p,
                        guint   first)
{
  for (guint i = first; i < p->problems->len; i++)
    ((ArcProblem *) p->problems->pdata[i])->competition_rule = TRUE;
}

/* The competition rules (3 to 5 train pairs, one test input) are warnings */
static void
check_competition_rules (Parser  *p,
                         ArcTask *task)
{
  guint n_train = task->train->len, n_test = task->test->len;
  guint first = p->problems->len;

  if (n_train < 3 || n_train > 5)
    {
      path_push_member (p, "train");
      report (p, ARC_SEVERITY_WARNING,
              g_dngettext (GETTEXT_PACKAGE,
                           "%u pair; the competition rules ask for 3 to 5",
                           "%u pairs; the competition rules ask for 3 to 5", n_train),
              n_train);
    }
  if (n_test != 1)
    {
      path_pop (p, 0);
      path_push_member (p, "test");
      report (p, ARC_SEVERITY_WARNING,
              g_dngettext (GETTEXT_PACKAGE,
                           "%u test input; the competition rules ask for exactly 1",
                           "%u test inputs; the competition rules ask for exactly 1", n_test),
              n_test);
    }
  path_pop (p, 0);
  mark_competition_rules (p, first);
}

/**
 * arc_task_new_from_range:
 * @data: a document; only bytes @start to @end are read, and line and
 *   column numbers count from the start of @data
 * @task_id: (nullable): the id to give the task
 * @problems: (out) (optional) (transfer full): every error and warning
 *
 * Parses and validates a task. Unknown members are accepted; deviations from
 * the competition rules are warnings.
 *
 * Returns: (transfer full) (nullable): the task, or %NULL with @error set to
 * the first problem
 */
ArcTask *
arc_task_new_from_range (const char  *data,
                         gsize        start,
                         gsize        end,
                         const char  *task_id,
                         GPtrArray  **problems,
                         GError     **error)
{
  return arc_task_new_from_line (data, start, end, 1, task_id, problems, error);
}

/**
 * arc_task_new_from_line:
 * @line: the line of a larger file (a JSON Lines file) where @data starts,
 *   for the line numbers of syntax errors
 *
 * As arc_task_new_from_range().
 */
ArcTask *
arc_task_new_from_line (const char  *data,
                        gsize        start,
                        gsize        end,
                        guint        line,
                        const char  *task_id,
                        GPtrArray  **problems,
                        GError     **error)
{
  g_autoptr(ArcTask) task = NULL;
  Parser p;
  gboolean ok;

  g_return_val_if_fail (data != NULL || start == end, NULL);
  g_return_val_if_fail (start <= end, NULL);

  task = g_object_new (ARC_TYPE_TASK, NULL);
  task->id = g_strdup (task_id ? task_id : "");
  parser_init (&p, data, start, end);
  p.r.first_line = line;
  if (p.r.bom)
    report (&p, ARC_SEVERITY_WARNING, _("the file starts with a byte order mark, which JSON does not allow; it is ignored"));

  if (end - start >= 4 && memcmp (data + start, "PK\x03\x04", 4) == 0)
    arc_json_reader_fail (&p.r, _("this is a ZIP archive, not a task: extract it first"));
  else if (arc_json_reader_at_end (&p.r))
    {
      if (problems)
        {
          *problems = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_problem_free);
          g_ptr_array_add (*problems, arc_problem_new (ARC_SEVERITY_ERROR, "", _("the file is empty")));
        }
      g_set_error (error, ARC_ERROR, ARC_ERROR_SYNTAX, _("the file is empty"));
      parser_clear (&p);
      return NULL;
    }

  if (!p.r.failed)
    read_task (&p, task);
  arc_json_reader_finish (&p.r);
  if (!p.r.failed && p.n_errors == 0)
    check_competition_rules (&p, task);

  ok = parser_finish (&p, problems, error);
  if (ok)
    for (guint i = 0; i < p.problems->len; i++)
      {
        ArcProblem *w = p.problems->pdata[i];
        ArcProblem *copy = arc_problem_new (w->severity, w->location, w->message);

        copy->competition_rule = w->competition_rule;
        g_ptr_array_add (task->warnings, copy);
      }
  parser_clear (&p);
  return ok ? g_steal_pointer (&task) : NULL;
}

ArcTask *
arc_task_new_from_data (const char  *data,
                        gsize        length,
                        const char  *task_id,
                        GPtrArray  **problems,
                        GError     **error)
{
  return arc_task_new_from_range (data, 0, length, task_id, problems, error);
}

ArcTask *
arc_task_new_from_bytes (GBytes      *bytes,
                         const char  *task_id,
                         GPtrArray  **problems,
                         GError     **error)
{
  gsize length;
  const char *data;

  g_return_val_if_fail (bytes != NULL, NULL);

  data = g_bytes_get_data (bytes, &length);
  return arc_task_new_from_range (data ? data : "", 0, length, task_id, problems, error);
}

/**
 * arc_task_new_from_node:
 * Validates a task held in a json-glib tree (a member of a combined file).
 */
ArcTask *
arc_task_new_from_node (JsonNode    *node,
                        const char  *task_id,
                        GPtrArray  **problems,
                        GError     **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (node != NULL, NULL);

  text = json_to_string (node, TRUE);
  return arc_task_new_from_data (text, strlen (text), task_id, problems, error);
}

/**
 * arc_task_new_from_file:
 * Loads a task file. The error message starts with the file's path.
 */
ArcTask *
arc_task_new_from_file (GFile       *file,
                        const char  *task_id,
                        GPtrArray  **problems,
                        GError     **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *name = NULL;
  ArcTask *task;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  name = g_file_get_parse_name (file);
  bytes = arc_file_load_bounded (file, ARC_TASK_MAX_FILE_SIZE, &local_error);
  if (bytes == NULL)
    {
      if (problems)
        {
          *problems = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_problem_free);
          g_ptr_array_add (*problems, arc_problem_new (ARC_SEVERITY_ERROR, "", local_error->message));
        }
      g_set_error (error, ARC_ERROR, local_error->code, "%s: %s", name, local_error->message);
      return NULL;
    }
  task = arc_task_new_from_bytes (bytes, task_id, problems, &local_error);
  if (task == NULL)
    g_set_error (error, ARC_ERROR, local_error->code, "%s: %s", name, local_error->message);
  return task;
}

/**
 * arc_grid_list_parse:
 * Parses a list of grids (the value of a task in a Kaggle solutions file).
 *
 * Returns: (transfer full) (element-type ArcGrid) (nullable): the grids
 */
GPtrArray *
arc_grid_list_parse (const char  *data,
                     gsize        start,
                     gsize        end,
                     GPtrArray  **problems,
                     GError     **error)
{
  g_autoptr(GPtrArray) grids = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_grid_free);
  gboolean first = TRUE;
  guint index = 0;
  Parser p;

  parser_init (&p, data, start, end);
  if (arc_json_reader_peek (&p.r) != ARC_JSON_ARRAY)
    wrong_kind (&p, _("a list of grids"));
  else
    {
      arc_json_reader_enter (&p.r, ARC_JSON_ARRAY);
      while (arc_json_reader_next (&p.r, ARC_JSON_ARRAY, &first, NULL))
        {
          gsize saved = path_push_index (&p, index++);
          ArcGrid *grid = read_grid (&p);

          path_pop (&p, saved);
          if (grid)
            g_ptr_array_add (grids, grid);
          if (p.r.failed)
            break;
        }
    }
  arc_json_reader_finish (&p.r);
  if (!parser_finish (&p, problems, error))
    g_clear_pointer (&grids, g_ptr_array_unref);
  parser_clear (&p);
  return g_steal_pointer (&grids);
}

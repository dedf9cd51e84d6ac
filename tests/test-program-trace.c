/* test-program-trace.c: a program traced in the pool of python3 processes:
 * every assignment of its own functions, in order, with its function,
 * line, name and value (grids, objects, indices, containers of objects,
 * anything else as text); the steps before an error and the error; the
 * limits; `arc-studio-cli programs trace`
 *
 * The arc-dsl-style program is a fixture written for these tests
 * (tests/fixtures/programs). Without python3 the tests skip.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "arc-core.h"
#include "test-util.h"
#include "cli-test-util.h"

/* Two train pairs and a test pair, each input a 2×2 grid */
#define TASK_JSON \
  "{\"train\": [{\"input\": [[1, 2], [3, 4]], \"output\": [[3, 4], [1, 2]]}," \
  "  {\"input\": [[5, 0], [0, 5]], \"output\": [[0, 5], [5, 0]]}]," \
  " \"test\": [{\"input\": [[9, 6], [6, 9]], \"output\": [[6, 9], [9, 6]]}]}"

static gboolean
have_python (void)
{
  g_autofree char *python = g_find_program_in_path (arc_program_python ());

  if (python == NULL)
    g_test_skip ("python3 is not installed: programs cannot run");
  return python != NULL;
}

static ArcTask *
task_from (const char *json,
           const char *id)
{
  g_autoptr(GError) error = NULL;
  ArcTask *task = arc_task_new_from_data (json, strlen (json), id, NULL, &error);

  g_assert_no_error (error);
  return task;
}

typedef struct
{
  ArcProgramResult *result;
  GError           *error;
  gboolean          done;
} Wait;

static void
traced_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  Wait *wait = data;

  wait->result = arc_program_pool_trace_finish (ARC_PROGRAM_POOL (source), result, &wait->error);
  wait->done = TRUE;
}

static gboolean
is_done (gpointer data)
{
  return ((Wait *) data)->done;
}

/* Traces @source on pair @pair of @task (-1: every pair) in @pool */
static ArcProgramResult *
trace_in (ArcProgramPool *pool,
          ArcTask        *task,
          const char     *source,
          int             pair)
{
  Wait wait = { 0 };

  arc_program_pool_trace_async (pool, arc_task_get_id (task), source, task, pair, NULL, traced_cb, &wait);
  wait_until (is_done, &wait, "a program's trace");
  g_assert_no_error (wait.error);
  g_assert_nonnull (wait.result);
  return wait.result;
}

/* Traces @source on the first train pair of TASK_JSON */
static ArcProgramResult *
trace_first (const char *source)
{
  g_autoptr(ArcProgramPool) pool = arc_program_pool_new (1);
  g_autoptr(ArcTask) task = task_from (TASK_JSON, "abcd1234");

  return trace_in (pool, task, source, 0);
}

static const ArcProgramPair *
pair_of (const ArcProgramResult *result,
         guint                   i)
{
  g_assert_cmpuint (i, <, result->pairs->len);
  return result->pairs->pdata[i];
}

static const ArcProgramStep *
step_of (const ArcProgramPair *pair,
         guint                 i)
{
  g_assert_nonnull (pair->steps);
  g_assert_cmpuint (i, <, pair->steps->len);
  return pair->steps->pdata[i];
}

static void
assert_step (const ArcProgramStep *step,
             const char           *function,
             int                   line,
             const char           *name,
             ArcProgramValueKind   kind)
{
  g_assert_cmpstr (step->function, ==, function);
  g_assert_cmpint (step->line, ==, line);
  g_assert_cmpstr (step->name, ==, name);
  g_assert_cmpint (step->kind, ==, kind);
}

/* "r c v;r c v" (or "r c;r c" for indices) of @cells */
static char *
cells_text (const GArray *cells)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < cells->len; i++)
    {
      const ArcProgramCell *c = &g_array_index (cells, ArcProgramCell, i);

      if (i > 0)
        g_string_append_c (out, ';');
      if (c->colour >= 0)
        g_string_append_printf (out, "%d %d %d", c->row, c->col, c->colour);
      else
        g_string_append_printf (out, "%d %d", c->row, c->col);
    }
  return g_string_free (out, FALSE);
}

static void
assert_cells (const GArray *cells,
              const char   *expected)
{
  g_autofree char *text = cells_text (cells);

  g_assert_cmpstr (text, ==, expected);
}

static void
assert_grid (const ArcGrid *grid,
             const char    *expected)
{
  g_autofree char *text = arc_grid_to_string (grid);

  g_assert_cmpstr (text, ==, expected);
}

static char *
fixture (const char *name)
{
  return g_build_filename (g_getenv ("ARC_FIXTURES_DIR"), "programs", name, NULL);
}

/* The fixture's arc-dsl-style solver: its five steps, in order, with
 * their lines and values, on every pair; the DSL's own assignments are
 * not recorded */
static void
test_dsl_solver (void)
{
  g_autofree char *dsl = fixture ("minidsl");
  g_autofree char *solvers = fixture ("solvers.py");
  g_autofree char *task_path = fixture ("5a1e0001.json");
  g_autofree char *source = NULL;
  g_autofree char *json = NULL;
  const char *path[] = { dsl, NULL };
  g_autoptr(ArcProgramPool) pool = NULL;
  g_autoptr(ArcTask) task = NULL;
  g_autoptr(ArcProgramResult) result = NULL;
  const ArcProgramPair *pair;

  if (!have_python ())
    return;
  g_assert_true (g_file_get_contents (solvers, &source, NULL, NULL));
  g_assert_true (g_file_get_contents (task_path, &json, NULL, NULL));
  task = task_from (json, "5a1e0001");
  pool = arc_program_pool_new (1);
  arc_program_pool_set_python_path (pool, path);
  result = trace_in (pool, task, source, -1);
  g_assert_cmpuint (result->pairs->len, ==, 3);
  g_assert_true (arc_program_result_is_right (result));

  pair = pair_of (result, 0);
  g_assert_false (pair->test);
  g_assert_cmpuint (pair->steps->len, ==, 5);
  assert_step (step_of (pair, 0), "solve_5a1e0001", 5, "x1", ARC_PROGRAM_VALUE_OBJECTS);
  g_assert_cmpuint (step_of (pair, 0)->n_items, ==, 3);
  g_assert_cmpuint (step_of (pair, 0)->items->len, ==, 3);
  /* a set of objects in the order of their cells */
  assert_cells (step_of (pair, 0)->items->pdata[0], "1 1 3");
  assert_cells (step_of (pair, 0)->items->pdata[1], "2 3 5;3 3 5");
  assert_cells (step_of (pair, 0)->items->pdata[2], "3 0 4;3 1 4");
  assert_step (step_of (pair, 1), "solve_5a1e0001", 6, "x2", ARC_PROGRAM_VALUE_OBJECTS);
  g_assert_cmpuint (step_of (pair, 1)->n_items, ==, 1);
  assert_cells (step_of (pair, 1)->items->pdata[0], "1 1 3");
  assert_step (step_of (pair, 2), "solve_5a1e0001", 7, "x3", ARC_PROGRAM_VALUE_OBJECT);
  assert_cells (step_of (pair, 2)->cells, "1 1 3");
  assert_step (step_of (pair, 3), "solve_5a1e0001", 8, "x4", ARC_PROGRAM_VALUE_INDICES);
  assert_cells (step_of (pair, 3)->cells, "1 1");
  assert_step (step_of (pair, 4), "solve_5a1e0001", 9, "O", ARC_PROGRAM_VALUE_GRID);
  assert_grid (step_of (pair, 4)->grid, "[[0,0,0,0],[0,2,0,0],[0,0,0,5],[4,4,0,5]]");

  /* The test pair: two single cells */
  pair = pair_of (result, 2);
  g_assert_true (pair->test);
  g_assert_cmpuint (pair->index, ==, 0);
  g_assert_cmpuint (pair->steps->len, ==, 5);
  assert_cells (step_of (pair, 2)->cells, "0 1 7;2 2 9");
  assert_cells (step_of (pair, 3)->cells, "0 1;2 2");
  assert_grid (step_of (pair, 4)->grid, "[[0,2,0],[0,0,0],[8,8,2]]");
}

/* One pair only: the test pair, by its index after the train pairs */
static void
test_one_pair (void)
{
  g_autoptr(ArcProgramPool) pool = NULL;
  g_autoptr(ArcTask) task = NULL;
  g_autoptr(ArcProgramResult) result = NULL;

  if (!have_python ())
    return;
  pool = arc_program_pool_new (1);
  task = task_from (TASK_JSON, "abcd1234");
  result = trace_in (pool, task, "def transform(grid):\n    out = grid[::-1]\n    return out\n", 2);
  g_assert_cmpuint (result->pairs->len, ==, 1);
  g_assert_true (pair_of (result, 0)->test);
  g_assert_cmpuint (pair_of (result, 0)->index, ==, 0);
  g_assert_cmpint (pair_of (result, 0)->verdict, ==, ARC_VERDICT_CORRECT);
  g_assert_cmpuint (pair_of (result, 0)->steps->len, ==, 1);
  assert_step (step_of (pair_of (result, 0), 0), "transform", 2, "out", ARC_PROGRAM_VALUE_GRID);
  assert_grid (step_of (pair_of (result, 0), 0)->grid, "[[6,9],[9,6]]");
}

/* Grids from tuples and lists; an item assigned shows the whole grid
 * after it; what is not a grid (too large, colours past 9, ragged) is
 * text */
static void
test_grids (void)
{
  g_autoptr(ArcProgramResult) result = NULL;
  const ArcProgramPair *pair;

  if (!have_python ())
    return;
  result = trace_first ("def transform(grid):\n"                         /* 1 */
                        "    rows = [list(r) for r in grid]\n"            /* 2 */
                        "    t = tuple(tuple(r) for r in grid)\n"         /* 3 */
                        "    rows[0][1] = 7\n"                            /* 4 */
                        "    big = [[0] * 31]\n"                          /* 5 */
                        "    tens = [[10, 1]]\n"                          /* 6 */
                        "    ragged = [[1, 2], [3]]\n"                    /* 7 */
                        "    flags = [[True, False]]\n"                   /* 8 */
                        "    return t[::-1]\n");
  pair = pair_of (result, 0);
  g_assert_cmpint (pair->verdict, ==, ARC_VERDICT_CORRECT);
  g_assert_cmpuint (pair->steps->len, ==, 7);
  assert_step (step_of (pair, 0), "transform", 2, "rows", ARC_PROGRAM_VALUE_GRID);
  assert_grid (step_of (pair, 0)->grid, "[[1,2],[3,4]]");
  assert_step (step_of (pair, 1), "transform", 3, "t", ARC_PROGRAM_VALUE_GRID);
  assert_grid (step_of (pair, 1)->grid, "[[1,2],[3,4]]");
  assert_step (step_of (pair, 2), "transform", 4, "rows[0][1]", ARC_PROGRAM_VALUE_GRID);
  assert_grid (step_of (pair, 2)->grid, "[[1,7],[3,4]]");
  assert_step (step_of (pair, 3), "transform", 5, "big", ARC_PROGRAM_VALUE_TEXT);
  g_assert_true (g_str_has_prefix (step_of (pair, 3)->text, "[[0, 0, 0"));
  assert_step (step_of (pair, 4), "transform", 6, "tens", ARC_PROGRAM_VALUE_TEXT);
  g_assert_cmpstr (step_of (pair, 4)->text, ==, "[[10, 1]]");
  assert_step (step_of (pair, 5), "transform", 7, "ragged", ARC_PROGRAM_VALUE_TEXT);
  assert_step (step_of (pair, 6), "transform", 8, "flags", ARC_PROGRAM_VALUE_TEXT);
}

/* NumPy's 2-D integer arrays are grids, its other arrays text */
static void
test_numpy (void)
{
  g_autoptr(ArcProgramResult) result = NULL;
  const ArcProgramPair *pair;
  const char *argv[] = { arc_program_python (), "-c", "import numpy", NULL };
  int status = 1;

  if (!have_python ())
    return;
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                     NULL, NULL, &status, NULL) || !g_spawn_check_wait_status (status, NULL))
    {
      g_test_skip ("NumPy is not installed for python3: its arrays are not tried");
      return;
    }
  result = trace_first ("import numpy as np\n"                            /* 1 */
                        "def transform(grid):\n"                          /* 2 */
                        "    a = np.array(grid, dtype=np.int64)\n"        /* 3 */
                        "    a[0, 0] = 8\n"                               /* 4 */
                        "    u = np.array(grid, dtype=np.uint8)\n"        /* 5 */
                        "    v = np.arange(3)\n"                          /* 6 */
                        "    f = np.zeros((2, 2))\n"                      /* 7 */
                        "    n = a.sum()\n"                               /* 8 */
                        "    return np.flipud(np.array(grid))\n");
  pair = pair_of (result, 0);
  g_assert_cmpint (pair->verdict, ==, ARC_VERDICT_CORRECT);
  g_assert_cmpuint (pair->steps->len, ==, 6);
  assert_step (step_of (pair, 0), "transform", 3, "a", ARC_PROGRAM_VALUE_GRID);
  assert_grid (step_of (pair, 0)->grid, "[[1,2],[3,4]]");
  assert_step (step_of (pair, 1), "transform", 4, "a[0, 0]", ARC_PROGRAM_VALUE_GRID);
  assert_grid (step_of (pair, 1)->grid, "[[8,2],[3,4]]");
  assert_step (step_of (pair, 2), "transform", 5, "u", ARC_PROGRAM_VALUE_GRID);
  assert_step (step_of (pair, 3), "transform", 6, "v", ARC_PROGRAM_VALUE_TEXT);
  g_assert_cmpstr (step_of (pair, 3)->text, ==, "array([0, 1, 2])");
  assert_step (step_of (pair, 4), "transform", 7, "f", ARC_PROGRAM_VALUE_TEXT);
  assert_step (step_of (pair, 5), "transform", 8, "n", ARC_PROGRAM_VALUE_TEXT);
  /* "17", or "np.int64(17)" from NumPy 2 on */
  g_assert_true (g_str_has_suffix (step_of (pair, 5)->text, "17") || g_str_has_suffix (step_of (pair, 5)->text, "17)"));
}

/* Objects (shifted off the grid too), sets of indices, containers of
 * objects (a list in its order, a set sorted, at most 64 kept), and what
 * only looks like them */
static void
test_objects_and_indices (void)
{
  g_autoptr(ArcProgramResult) result = NULL;
  const ArcProgramPair *pair;
  const ArcProgramStep *step;

  if (!have_python ())
    return;
  result = trace_first ("def solve(I):\n"                                                      /* 1 */
                        "    obj = frozenset({(3, (1, 0)), (2, (0, 1)), (5, (-1, 4))})\n"      /* 2 */
                        "    ind = frozenset({(1, 1), (0, 0)})\n"                              /* 3 */
                        "    a = frozenset({(1, (0, 0))})\n"                                   /* 4 */
                        "    b = {(2, (1, 1)), (2, (1, 0))}\n"                                 /* 5 */
                        "    listed = [b, a]\n"                                                /* 6 */
                        "    both = frozenset({frozenset(b), a})\n"                            /* 7 */
                        "    many = [frozenset({(1, (0, k))}) for k in range(100)]\n"          /* 8 */
                        "    empty = frozenset()\n"                                            /* 9 */
                        "    colours = frozenset({0, 5})\n"                                    /* 10 */
                        "    wide = frozenset({(12, (0, 0))})\n"                               /* 11 */
                        "    text = 'x' * 500\n"                                               /* 12 */
                        "    sets = frozenset({frozenset({(1, 2), (1, 1)}), frozenset({(0, 0)})})\n"  /* 13 */
                        "    return I[::-1]\n");
  pair = pair_of (result, 0);
  g_assert_cmpuint (pair->steps->len, ==, 12);
  step = step_of (pair, 0);
  assert_step (step, "solve", 2, "obj", ARC_PROGRAM_VALUE_OBJECT);
  assert_cells (step->cells, "-1 4 5;0 1 2;1 0 3");
  step = step_of (pair, 1);
  assert_step (step, "solve", 3, "ind", ARC_PROGRAM_VALUE_INDICES);
  assert_cells (step->cells, "0 0;1 1");
  assert_step (step_of (pair, 2), "solve", 4, "a", ARC_PROGRAM_VALUE_OBJECT);
  assert_step (step_of (pair, 3), "solve", 5, "b", ARC_PROGRAM_VALUE_OBJECT);
  step = step_of (pair, 4);
  assert_step (step, "solve", 6, "listed", ARC_PROGRAM_VALUE_OBJECTS);
  assert_cells (step->items->pdata[0], "1 0 2;1 1 2");
  assert_cells (step->items->pdata[1], "0 0 1");
  step = step_of (pair, 5);
  assert_step (step, "solve", 7, "both", ARC_PROGRAM_VALUE_OBJECTS);
  assert_cells (step->items->pdata[0], "0 0 1");
  assert_cells (step->items->pdata[1], "1 0 2;1 1 2");
  step = step_of (pair, 6);
  assert_step (step, "solve", 8, "many", ARC_PROGRAM_VALUE_OBJECTS);
  g_assert_cmpuint (step->n_items, ==, 100);
  g_assert_cmpuint (step->items->len, ==, ARC_PROGRAM_TRACE_MAX_ITEMS);
  assert_cells (step->items->pdata[63], "0 63 1");
  {
    g_autofree char *described = arc_program_step_describe (step);
    g_assert_cmpstr (described, ==, "100 objects, the first 64 drawn");
  }
  assert_step (step_of (pair, 7), "solve", 9, "empty", ARC_PROGRAM_VALUE_TEXT);
  g_assert_cmpstr (step_of (pair, 7)->text, ==, "frozenset()");
  assert_step (step_of (pair, 8), "solve", 10, "colours", ARC_PROGRAM_VALUE_TEXT);
  g_assert_cmpstr (step_of (pair, 8)->text, ==, "frozenset({0, 5})");
  assert_step (step_of (pair, 9), "solve", 11, "wide", ARC_PROGRAM_VALUE_TEXT);
  step = step_of (pair, 10);
  assert_step (step, "solve", 12, "text", ARC_PROGRAM_VALUE_TEXT);
  g_assert_cmpint (g_utf8_strlen (step->text, -1), <=, 200);
  g_assert_nonnull (strstr (step->text, "xxx...xxx"));
  /* A set of sets of indices: a container too, each drawn as marked cells */
  step = step_of (pair, 11);
  assert_step (step, "solve", 13, "sets", ARC_PROGRAM_VALUE_OBJECTS);
  g_assert_true (arc_program_step_holds_indices (step));
  g_assert_cmpuint (step->n_items, ==, 2);
  assert_cells (step->items->pdata[0], "0 0");
  assert_cells (step->items->pdata[1], "1 1;1 2");
  {
    g_autofree char *described = arc_program_step_describe (step);
    g_autoptr(GString) json = g_string_new (NULL);

    g_assert_cmpstr (described, ==, "2 sets of indices");
    arc_program_step_append_json (step, json);
    g_assert_cmpstr (json->str, ==, "\"function\":\"solve\",\"line\":13,\"name\":\"sets\",\"kind\":\"objects\","
                                    "\"items\":[[[0,0]],[[1,1],[1,2]]],\"count\":2");
  }
  g_assert_false (arc_program_step_holds_indices (step_of (pair, 5)));
}

/* A loop's steps in order, a helper's with its own name; what the
 * program prints is kept apart; an error ends the steps, those before it
 * kept */
static void
test_loop_print_raise (void)
{
  g_autoptr(ArcProgramResult) result = NULL;
  const ArcProgramPair *pair;
  const ArcProgramStep *last;

  if (!have_python ())
    return;
  result = trace_first ("def helper(n):\n"                   /* 1 */
                        "    half = n // 2\n"                /* 2 */
                        "    return half\n"                  /* 3 */
                        "\n"                                 /* 4 */
                        "def transform(grid):\n"             /* 5 */
                        "    total = 0\n"                    /* 6 */
                        "    for i in range(3):\n"           /* 7 */
                        "        total += i\n"               /* 8 */
                        "        print('step', i)\n"         /* 9 */
                        "    h = helper(total)\n"            /* 10 */
                        "    x = total / (h - 1)\n"          /* 11 */
                        "    return grid\n");
  pair = pair_of (result, 0);
  g_assert_cmpint (pair->status, ==, ARC_PROGRAM_RAISED);
  g_assert_cmpstr (pair->printed, ==, "step 0\nstep 1\nstep 2\n");
  g_assert_cmpuint (pair->steps->len, ==, 10);
  assert_step (step_of (pair, 0), "transform", 6, "total", ARC_PROGRAM_VALUE_TEXT);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *value = g_strdup_printf ("%u", i);
      g_autofree char *sum = g_strdup_printf ("%u", i * (i + 1) / 2);

      assert_step (step_of (pair, 1 + 2 * i), "transform", 7, "i", ARC_PROGRAM_VALUE_TEXT);
      g_assert_cmpstr (step_of (pair, 1 + 2 * i)->text, ==, value);
      assert_step (step_of (pair, 2 + 2 * i), "transform", 8, "total", ARC_PROGRAM_VALUE_TEXT);
      g_assert_cmpstr (step_of (pair, 2 + 2 * i)->text, ==, sum);
    }
  assert_step (step_of (pair, 7), "helper", 2, "half", ARC_PROGRAM_VALUE_TEXT);
  g_assert_cmpstr (step_of (pair, 7)->text, ==, "1");
  assert_step (step_of (pair, 8), "transform", 10, "h", ARC_PROGRAM_VALUE_TEXT);
  last = step_of (pair, 9);
  assert_step (last, "transform", 11, "", ARC_PROGRAM_VALUE_ERROR);
  g_assert_cmpstr (last->text, ==, "ZeroDivisionError: division by zero");
}

/* A program that does not load has its error as its only step */
static void
test_load_error (void)
{
  g_autoptr(ArcProgramResult) result = NULL;
  const ArcProgramPair *pair;

  if (!have_python ())
    return;
  result = trace_first ("def transform(grid):\n    return grid[\n");
  pair = pair_of (result, 0);
  g_assert_cmpint (pair->status, ==, ARC_PROGRAM_RAISED);
  g_assert_cmpuint (pair->steps->len, ==, 1);
  g_assert_cmpint (step_of (pair, 0)->kind, ==, ARC_PROGRAM_VALUE_ERROR);
  g_assert_true (g_str_has_prefix (step_of (pair, 0)->text, "SyntaxError"));
}

/* 100,000 assignments: 10,000 steps, then one saying the recording
 * stopped, and the program's output all the same; values past 8 MB; a
 * loop of a million iterations in a library adds no step */
static void
test_limits (void)
{
  g_autofree char *dsl = fixture ("minidsl");
  const char *path[] = { dsl, NULL };
  g_autoptr(ArcProgramPool) pool = NULL;
  g_autoptr(ArcTask) task = NULL;
  g_autoptr(ArcProgramResult) many = NULL;
  g_autoptr(ArcProgramResult) large = NULL;
  g_autoptr(ArcProgramResult) library = NULL;
  const ArcProgramPair *pair;
  const ArcProgramStep *cut;

  if (!have_python ())
    return;
  pool = arc_program_pool_new (1);
  arc_program_pool_set_python_path (pool, path);
  task = task_from (TASK_JSON, "abcd1234");
  many = trace_in (pool, task, "def transform(grid):\n"
                               "    for i in range(100000):\n"
                               "        x = i\n"
                               "    return grid[::-1]\n", 0);
  pair = pair_of (many, 0);
  g_assert_cmpint (pair->verdict, ==, ARC_VERDICT_CORRECT);
  g_assert_cmpuint (pair->steps->len, ==, ARC_PROGRAM_TRACE_MAX_STEPS + 1);
  g_assert_cmpstr (step_of (pair, ARC_PROGRAM_TRACE_MAX_STEPS - 1)->text, ==, "4999");
  cut = step_of (pair, ARC_PROGRAM_TRACE_MAX_STEPS);
  g_assert_cmpint (cut->kind, ==, ARC_PROGRAM_VALUE_CUT);
  g_assert_cmpint (cut->limit, ==, ARC_PROGRAM_LIMIT_STEPS);
  g_assert_cmpint (cut->line, ==, 2);
  g_assert_cmpstr (cut->text, ==, "Recording stopped after 10000 steps; the program ran on");

  /* An object of 10,000 cells is about 80 kB as sent: about 100 of them
   * make 8 MB */
  large = trace_in (pool, task, "def transform(grid):\n"
                                "    big = frozenset((r % 10, (r, c)) for r in range(100) for c in range(100))\n"
                                "    for i in range(1000):\n"
                                "        o = big\n"
                                "    return grid[::-1]\n", 0);
  pair = pair_of (large, 0);
  g_assert_cmpint (pair->verdict, ==, ARC_VERDICT_CORRECT);
  g_assert_cmpuint (pair->steps->len, >, 150);
  g_assert_cmpuint (pair->steps->len, <, 250);
  cut = step_of (pair, pair->steps->len - 1);
  g_assert_cmpint (cut->kind, ==, ARC_PROGRAM_VALUE_CUT);
  g_assert_cmpint (cut->limit, ==, ARC_PROGRAM_LIMIT_BYTES);
  g_assert_cmpstr (cut->text, ==, "Recording stopped at 8 MB of values; the program ran on");

  library = trace_in (pool, task, "from dsl import busy\n"
                                  "def transform(grid):\n"
                                  "    n = busy(1000000)\n"
                                  "    return grid[::-1]\n", 0);
  pair = pair_of (library, 0);
  g_assert_cmpint (pair->verdict, ==, ARC_VERDICT_CORRECT);
  g_assert_cmpuint (pair->steps->len, ==, 1);
  assert_step (step_of (pair, 0), "transform", 3, "n", ARC_PROGRAM_VALUE_TEXT);
  g_assert_cmpstr (step_of (pair, 0)->text, ==, "499999500000");
}

/* Out of time: the steps sent before are kept, the time limit is the last */
static void
test_timeout (void)
{
  g_autoptr(ArcProgramPool) pool = NULL;
  g_autoptr(ArcTask) task = NULL;
  g_autoptr(ArcProgramResult) result = NULL;
  const ArcProgramPair *pair;

  if (!have_python ())
    return;
  pool = arc_program_pool_new (1);
  arc_program_pool_set_timeout (pool, 1000);
  task = task_from (TASK_JSON, "abcd1234");
  result = trace_in (pool, task, "def transform(grid):\n"
                                 "    for i in range(300):\n"
                                 "        x = i\n"
                                 "    while True:\n"
                                 "        pass\n", 0);
  pair = pair_of (result, 0);
  g_assert_cmpint (pair->status, ==, ARC_PROGRAM_TIMEOUT);
  g_assert_cmpuint (pair->steps->len, ==, 601);
  g_assert_cmpstr (step_of (pair, 599)->text, ==, "299");
  g_assert_cmpint (step_of (pair, 600)->kind, ==, ARC_PROGRAM_VALUE_ERROR);
  g_assert_cmpstr (step_of (pair, 600)->text, ==, "timed out after 1 s");
}

/* A copy of a traced result has its own steps */
static void
test_copy (void)
{
  g_autoptr(ArcProgramResult) result = NULL;
  g_autoptr(ArcProgramResult) copy = NULL;

  if (!have_python ())
    return;
  result = trace_first ("def solve(I):\n    o = frozenset({(1, (0, 0))})\n    c = [o, o]\n    return I[::-1]\n");
  copy = arc_program_result_copy (result);
  g_clear_pointer (&result, arc_program_result_free);
  g_assert_cmpuint (pair_of (copy, 0)->steps->len, ==, 2);
  assert_cells (step_of (pair_of (copy, 0), 0)->cells, "0 0 1");
  assert_cells (step_of (pair_of (copy, 0), 1)->items->pdata[1], "0 0 1");
  g_assert_cmpint (pair_of (copy, 0)->verdict, ==, ARC_VERDICT_CORRECT);
}

static void
run_cli (Run        *run,
         const char *dir,
         ...)
{
  va_list args;

  va_start (args, dir);
  run_cli_va (run, dir, TRUE, "ada", args);
  va_end (args);
}

/* `programs trace`: text and JSON Lines, a task, a pair, and what is not one */
static void
test_cli (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("arc-trace-XXXXXX", &error);
  g_autofree char *tasks = g_build_filename (dir, "tasks", NULL);
  g_autofree char *task_path = fixture ("5a1e0001.json");
  g_autofree char *copy = g_build_filename (tasks, "5a1e0001.json", NULL);
  g_autofree char *solvers = fixture ("solvers.py");
  g_autofree char *dsl = fixture ("minidsl");
  g_autofree char *json = NULL;
  g_auto(Run) import = { 0 };
  g_auto(Run) text = { 0 };
  g_auto(Run) lines = { 0 };
  g_auto(Run) all_json = { 0 };
  g_auto(Run) no_pair = { 0 };
  g_auto(Run) bad_pair = { 0 };
  g_auto(Run) no_task = { 0 };
  g_auto(GStrv) split = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *o;

  if (!have_python ())
    return;
  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir (tasks, 0755), ==, 0);
  g_assert_true (g_file_get_contents (task_path, &json, NULL, NULL));
  g_assert_true (g_file_set_contents (copy, json, -1, NULL));
  run_cli (&import, dir, "programs", "import", solvers, "tasks", NULL);
  g_assert_cmpint (import.status, ==, 0);

  run_cli (&text, dir, "programs", "trace", "tasks", "--pair", "train:1", "--python-path", dsl, NULL);
  g_assert_cmpstr (text.err, ==, "");
  g_assert_cmpint (text.status, ==, 0);
  g_assert_cmpstr (text.out, ==,
                   "5a1e0001 train 2 right\n"
                   "      1  solve_5a1e0001:5  x1 = 2 objects\n"
                   "      2  solve_5a1e0001:6  x2 = 1 object\n"
                   "      3  solve_5a1e0001:7  x3 = object of 1 cell\n"
                   "      4  solve_5a1e0001:8  x4 = 1 index\n"
                   "      5  solve_5a1e0001:9  O = grid 3×3\n"
                   "1 of 1 pair right\n");

  run_cli (&lines, dir, "programs", "trace", "tasks", "--task", "5a1e0001", "--pair", "test:0", "--json",
           "--python-path", dsl, NULL);
  g_assert_cmpint (lines.status, ==, 0);
  g_assert_cmpstr (lines.out, ==,
                   "{\"task\":\"5a1e0001\",\"split\":\"test\",\"index\":0,\"step\":1,\"function\":\"solve_5a1e0001\","
                   "\"line\":5,\"name\":\"x1\",\"kind\":\"objects\",\"items\":[[[0,1,7]],[[2,0,8],[2,1,8]],[[2,2,9]]],"
                   "\"count\":3}\n"
                   "{\"task\":\"5a1e0001\",\"split\":\"test\",\"index\":0,\"step\":2,\"function\":\"solve_5a1e0001\","
                   "\"line\":6,\"name\":\"x2\",\"kind\":\"objects\",\"items\":[[[0,1,7]],[[2,2,9]]],\"count\":2}\n"
                   "{\"task\":\"5a1e0001\",\"split\":\"test\",\"index\":0,\"step\":3,\"function\":\"solve_5a1e0001\","
                   "\"line\":7,\"name\":\"x3\",\"kind\":\"object\",\"cells\":[[0,1,7],[2,2,9]]}\n"
                   "{\"task\":\"5a1e0001\",\"split\":\"test\",\"index\":0,\"step\":4,\"function\":\"solve_5a1e0001\","
                   "\"line\":8,\"name\":\"x4\",\"kind\":\"indices\",\"cells\":[[0,1],[2,2]]}\n"
                   "{\"task\":\"5a1e0001\",\"split\":\"test\",\"index\":0,\"step\":5,\"function\":\"solve_5a1e0001\","
                   "\"line\":9,\"name\":\"O\",\"kind\":\"grid\",\"grid\":[[0,2,0],[0,0,0],[8,8,2]]}\n");

  /* Every pair, each line a JSON object; without the DSL, the error */
  run_cli (&all_json, dir, "programs", "trace", "tasks", "--json", NULL);
  g_assert_cmpint (all_json.status, ==, 1);
  split = g_strsplit (all_json.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (split), ==, 4);
  g_assert_true (json_parser_load_from_data (parser, split[2], -1, &error));
  g_assert_no_error (error);
  o = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (o, "split"), ==, "test");
  g_assert_cmpint (json_object_get_int_member (o, "index"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (o, "step"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (o, "kind"), ==, "error");
  g_assert_cmpint (json_object_get_int_member (o, "line"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (o, "repr"), ==, "ModuleNotFoundError: No module named 'dsl'");

  run_cli (&no_pair, dir, "programs", "trace", "tasks", "--task", "5a1e0001", "--pair", "test:1", NULL);
  g_assert_cmpint (no_pair.status, ==, 2);
  g_assert_cmpstr (no_pair.err, ==, "arc-studio-cli programs trace: 5a1e0001 has no pair test:1\n");
  run_cli (&bad_pair, dir, "programs", "trace", "tasks", "--pair", "train", NULL);
  g_assert_cmpint (bad_pair.status, ==, 2);
  g_assert_nonnull (strstr (bad_pair.err, "--pair is train:N or test:N"));
  run_cli (&no_task, dir, "programs", "trace", "tasks", "--task", "ffff0000", NULL);
  g_assert_cmpint (no_task.status, ==, 2);
  g_assert_nonnull (strstr (no_task.err, "no task ffff0000"));
  remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/arc/program-trace/dsl-solver", test_dsl_solver);
  g_test_add_func ("/arc/program-trace/one-pair", test_one_pair);
  g_test_add_func ("/arc/program-trace/grids", test_grids);
  g_test_add_func ("/arc/program-trace/numpy", test_numpy);
  g_test_add_func ("/arc/program-trace/objects-and-indices", test_objects_and_indices);
  g_test_add_func ("/arc/program-trace/loop-print-raise", test_loop_print_raise);
  g_test_add_func ("/arc/program-trace/load-error", test_load_error);
  g_test_add_func ("/arc/program-trace/limits", test_limits);
  g_test_add_func ("/arc/program-trace/timeout", test_timeout);
  g_test_add_func ("/arc/program-trace/copy", test_copy);
  g_test_add_func ("/arc/program-trace/cli", test_cli);
  return g_test_run ();
}

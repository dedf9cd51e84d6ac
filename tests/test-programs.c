/* test-programs.c: tasks' programs: kept in the notes, run in the pool of
 * python3 processes, imported, run and exported by arc-studio-cli
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include "arc-core.h"
#include "test-util.h"
#include "cli-test-util.h"

/* Three train pairs and one test pair; the output is the input upside down */
#define TASK_JSON \
  "{\"train\": [{\"input\": [[1, 2], [3, 4]], \"output\": [[3, 4], [1, 2]]}," \
  "  {\"input\": [[5]], \"output\": [[5]]}," \
  "  {\"input\": [[0, 0, 7], [8, 0, 0]], \"output\": [[8, 0, 0], [0, 0, 7]]}]," \
  " \"test\": [{\"input\": [[9], [6]], \"output\": [[6], [9]]}]}"

static gboolean
have_python (void)
{
  g_autofree char *python = g_find_program_in_path (arc_program_python ());

  if (python == NULL)
    g_test_skip ("python3 is not installed: programs cannot run");
  return python != NULL;
}

static ArcTask *
make_task (void)
{
  g_autoptr(GError) error = NULL;
  ArcTask *task = arc_task_new_from_data (TASK_JSON, strlen (TASK_JSON), "abcd1234", NULL, &error);

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
run_done_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  Wait *wait = data;

  wait->result = arc_program_pool_run_finish (ARC_PROGRAM_POOL (source), result, &wait->error);
  wait->done = TRUE;
}

static gboolean
is_done (gpointer data)
{
  return ((Wait *) data)->done;
}

/* Runs @source on the task, waiting for the result */
static ArcProgramResult *
run_program (ArcProgramPool *pool,
             const char     *source)
{
  g_autoptr(ArcTask) task = make_task ();
  Wait wait = { 0 };

  arc_program_pool_run_async (pool, "abcd1234", source, task, NULL, run_done_cb, &wait);
  wait_until (is_done, &wait, "a program's result");
  g_assert_no_error (wait.error);
  g_assert_nonnull (wait.result);
  g_assert_cmpuint (wait.result->pairs->len, ==, 4);
  return wait.result;
}

static const ArcProgramPair *
pair (const ArcProgramResult *result,
      guint                   i)
{
  return result->pairs->pdata[i];
}

static void
assert_all (const ArcProgramResult *result,
            ArcProgramStatus        status,
            const char             *message,
            int                     line)
{
  for (guint i = 0; i < result->pairs->len; i++)
    {
      g_assert_cmpint (pair (result, i)->status, ==, status);
      g_assert_cmpstr (pair (result, i)->message, ==, message);
      g_assert_cmpint (pair (result, i)->line, ==, line);
      g_assert_null (pair (result, i)->predicted);
      g_assert_cmpint (pair (result, i)->verdict, ==, ARC_VERDICT_WRONG);
    }
}

static void
test_right_and_wrong (void)
{
  g_autoptr(ArcProgramPool) pool = NULL;
  g_autoptr(ArcProgramResult) right = NULL;
  g_autoptr(ArcProgramResult) tuples = NULL;
  g_autoptr(ArcProgramResult) wrong = NULL;
  g_autoptr(ArcProgramResult) tolist = NULL;
  g_autofree char *described = NULL;

  if (!have_python ())
    return;
  pool = arc_program_pool_new (2);
  right = run_program (pool, "def transform(grid):\n    assert isinstance(grid[0], list)\n    return grid[::-1]\n");
  g_assert_true (arc_program_result_is_right (right));
  g_assert_true (pair (right, 3)->test);
  g_assert_cmpuint (pair (right, 3)->index, ==, 0);
  g_assert_cmpint (pair (right, 3)->verdict, ==, ARC_VERDICT_CORRECT);
  g_assert_cmpint (arc_grid_get (pair (right, 3)->predicted, 0, 0), ==, 6);

  /* solve_ID is preferred, and gets tuples */
  tuples = run_program (pool, "def solve(I):\n    return [[0]]\n\n"
                              "def solve_abcd1234(I):\n    assert isinstance(I, tuple) and isinstance(I[0], tuple)\n"
                              "    return I[::-1]\n");
  g_assert_true (arc_program_result_is_right (tuples));

  /* Wrong on the second train pair only */
  wrong = run_program (pool, "def transform(grid):\n    return grid if len(grid) == 1 and grid[0][0] == 5 and False "
                             "else (grid[::-1] if grid != [[5]] else [[4]])\n");
  g_assert_false (arc_program_result_is_right (wrong));
  g_assert_true (arc_program_result_first_wrong (wrong) == pair (wrong, 1));
  g_assert_cmpint (pair (wrong, 0)->verdict, ==, ARC_VERDICT_CORRECT);
  g_assert_cmpint (pair (wrong, 1)->status, ==, ARC_PROGRAM_OK);
  g_assert_cmpint (pair (wrong, 1)->verdict, ==, ARC_VERDICT_WRONG);
  g_assert_cmpint (pair (wrong, 2)->verdict, ==, ARC_VERDICT_CORRECT);
  described = arc_program_pair_describe (pair (wrong, 1));
  g_assert_cmpstr (described, ==, "train 2 wrong");

  /* Anything with tolist() */
  tolist = run_program (pool, "class Grid:\n    def __init__(self, g): self.g = g\n"
                              "    def tolist(self): return [list(r) for r in self.g]\n"
                              "def transform(grid):\n    return Grid(grid[::-1])\n");
  g_assert_true (arc_program_result_is_right (tolist));
}

static void
test_errors (void)
{
  g_autoptr(ArcProgramPool) pool = NULL;
  g_autoptr(ArcProgramResult) raised = NULL;
  g_autoptr(ArcProgramResult) invalid = NULL;
  g_autoptr(ArcProgramResult) syntax = NULL;
  g_autoptr(ArcProgramResult) no_entry = NULL;
  g_autoptr(ArcProgramResult) exits = NULL;
  g_autoptr(ArcProgramResult) input = NULL;
  g_autofree char *described = NULL;

  if (!have_python ())
    return;
  pool = arc_program_pool_new (1);

  /* The last line of the exception and the program's line, also when the
   * exception comes from a function it calls */
  raised = run_program (pool, "import json\n\ndef transform(grid):\n    if grid == [[5]]:\n"
                              "        json.loads('{')\n    raise RuntimeError('no rule for ' + str(grid))\n");
  g_assert_cmpint (pair (raised, 0)->status, ==, ARC_PROGRAM_RAISED);
  g_assert_cmpstr (pair (raised, 0)->message, ==, "RuntimeError: no rule for [[1, 2], [3, 4]]");
  g_assert_cmpint (pair (raised, 0)->line, ==, 6);
  g_assert_cmpint (pair (raised, 1)->line, ==, 5);
  g_assert_true (g_str_has_prefix (pair (raised, 1)->message, "json.decoder.JSONDecodeError: "));
  described = arc_program_pair_describe (pair (raised, 0));
  g_assert_cmpstr (described, ==, "train 1: RuntimeError: no rule for [[1, 2], [3, 4]] (line 6)");

  invalid = run_program (pool, "def transform(grid):\n"
                               "    return {1: [[10]], 5: [], 0: [[1, 2], [3]]}.get(grid[0][0], 'grid')\n");
  g_assert_cmpint (pair (invalid, 0)->status, ==, ARC_PROGRAM_INVALID);
  g_assert_cmpstr (pair (invalid, 0)->message, ==, "not a valid grid: row 1 holds 10, not a colour 0 to 9");
  g_assert_cmpstr (pair (invalid, 1)->message, ==, "not a valid grid: returned a grid of 0 rows; a grid has 1 to 30");
  g_assert_cmpstr (pair (invalid, 2)->message, ==, "not a valid grid: row 2 has 1 cells, row 1 has 2");
  g_assert_cmpstr (pair (invalid, 3)->message, ==, "not a valid grid: returned str, not a grid");

  syntax = run_program (pool, "def transform(grid):\n    return grid[::-1\n");
  g_assert_cmpint (pair (syntax, 0)->status, ==, ARC_PROGRAM_RAISED);
  g_assert_true (g_str_has_prefix (pair (syntax, 0)->message, "SyntaxError: "));
  g_assert_cmpint (pair (syntax, 3)->line, >=, 2);

  no_entry = run_program (pool, "def f(grid):\n    return grid\n");
  assert_all (no_entry, ARC_PROGRAM_RAISED, "no transform(grid), solve(I) or solve_abcd1234(I) function", 0);

  /* sys.exit() is an error of the pair; the interpreter goes on */
  exits = run_program (pool, "import sys\ndef transform(grid):\n    sys.exit(3)\n");
  assert_all (exits, ARC_PROGRAM_RAISED, "the program called sys.exit(3)", 3);

  /* No standard input */
  input = run_program (pool, "def transform(grid):\n    return [[int(input())]]\n");
  g_assert_true (g_str_has_prefix (pair (input, 0)->message, "EOFError"));
}

static void
test_printing (void)
{
  g_autoptr(ArcProgramPool) pool = NULL;
  g_autoptr(ArcProgramResult) result = NULL;

  if (!have_python ())
    return;
  pool = arc_program_pool_new (1);
  /* Printed text, to stdout, stderr or descriptor 1, never mixes with the
   * pool's exchange: kept per pair, bounded */
  result = run_program (pool, "import os, sys\nprint('loaded')\n"
                              "def transform(grid):\n    print('{\"pair\": 7}', grid[0][0])\n"
                              "    os.write(1, b'{\"pair\": 9}\\n')\n    print('x' * 100000, file=sys.stderr)\n"
                              "    return grid[::-1]\n");
  g_assert_true (arc_program_result_is_right (result));
  g_assert_true (g_str_has_prefix (pair (result, 0)->printed, "loaded\n{\"pair\": 7} 1\nxxx"));
  g_assert_true (g_str_has_prefix (pair (result, 1)->printed, "{\"pair\": 7} 5\n"));
  g_assert_cmpuint (strlen (pair (result, 1)->printed), <, 5000);
  g_assert_nonnull (strstr (pair (result, 1)->printed, "more characters]"));

  /* A program that closes its output or changes the import path leaves the
   * next one as it found it */
  {
    g_autoptr(ArcProgramResult) closing = run_program (pool, "import sys\nsys.stdout.close()\nsys.path.insert(0, '/x')\n"
                                                             "def transform(grid):\n    return grid[::-1]\n");
    g_autoptr(ArcProgramResult) next = run_program (pool, "import sys\ndef transform(grid):\n"
                                                          "    print('/x' in sys.path)\n    return grid[::-1]\n");

    g_assert_true (arc_program_result_is_right (closing));
    g_assert_true (arc_program_result_is_right (next));
    g_assert_cmpstr (pair (next, 0)->printed, ==, "False\n");
  }
}

static gboolean
is_gone (gpointer data)
{
  /* Gone, or a zombie waiting for init */
  g_autofree char *status_path = g_strdup_printf ("/proc/%s/status", (const char *) data);
  g_autofree char *status = NULL;

  return !g_file_get_contents (status_path, &status, NULL, NULL) || strstr (status, "State:\tZ") != NULL;
}

static void
test_timeout (void)
{
  g_autoptr(ArcProgramPool) pool = NULL;
  g_autoptr(ArcProgramResult) result = NULL;
  g_autoptr(ArcProgramResult) after = NULL;

  if (!have_python ())
    return;
  pool = arc_program_pool_new (1);
  arc_program_pool_set_timeout (pool, 1000);
  /* Loops on the second train pair only (an exception handler does not
   * keep it going): the others are run in a new interpreter */
  result = run_program (pool, "def transform(grid):\n    while grid == [[5]]:\n        try:\n            pass\n"
                              "        except BaseException:\n            pass\n    return grid[::-1]\n");
  g_assert_cmpint (pair (result, 0)->verdict, ==, ARC_VERDICT_CORRECT);
  g_assert_cmpint (pair (result, 1)->status, ==, ARC_PROGRAM_TIMEOUT);
  g_assert_cmpstr (pair (result, 1)->message, ==, "timed out after 1 s");
  g_assert_cmpint (pair (result, 2)->verdict, ==, ARC_VERDICT_CORRECT);
  g_assert_cmpint (pair (result, 3)->verdict, ==, ARC_VERDICT_CORRECT);
  after = run_program (pool, "def transform(grid):\n    return grid[::-1]\n");
  g_assert_true (arc_program_result_is_right (after));

  /* What the program started goes with it */
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *dir = g_dir_make_tmp ("arc-programs-XXXXXX", &error);
    g_autofree char *pid_file = g_build_filename (dir, "pid", NULL);
    g_autofree char *source = g_strdup_printf ("import subprocess, time\ndef transform(grid):\n"
                                               "    p = subprocess.Popen(['sleep', '1000'])\n"
                                               "    open('%s', 'w').write(str(p.pid))\n"
                                               "    while True:\n        time.sleep(0.01)\n", pid_file);
    g_autoptr(ArcProgramResult) spawns = NULL;
    g_autofree char *pid = NULL;

    arc_program_pool_set_timeout (pool, 300);
    spawns = run_program (pool, source);
    g_assert_cmpint (pair (spawns, 3)->status, ==, ARC_PROGRAM_TIMEOUT);
    g_assert_true (g_file_get_contents (pid_file, &pid, NULL, NULL));
    wait_until (is_gone, pid, "the program's child ended");
    remove_tree (dir);
  }
}

static void
test_lost_interpreter (void)
{
  g_autoptr(ArcProgramPool) pool = NULL;
  g_autoptr(ArcProgramResult) exits = NULL;
  g_autoptr(ArcProgramResult) pid = NULL;
  g_autoptr(ArcProgramResult) after = NULL;
  g_autoptr(ArcProgramResult) memory = NULL;

  if (!have_python ())
    return;
  pool = arc_program_pool_new (1);

  /* os._exit() on one pair, a signal on another */
  exits = run_program (pool, "import os, signal\ndef transform(grid):\n    if grid == [[5]]:\n        os._exit(4)\n"
                             "    if grid == [[9], [6]]:\n        os.kill(os.getpid(), signal.SIGSEGV)\n"
                             "    return grid[::-1]\n");
  g_assert_cmpint (pair (exits, 0)->verdict, ==, ARC_VERDICT_CORRECT);
  g_assert_cmpint (pair (exits, 1)->status, ==, ARC_PROGRAM_CRASHED);
  g_assert_cmpstr (pair (exits, 1)->message, ==, "the interpreter exited with status 4 (os._exit or a crash)");
  g_assert_cmpint (pair (exits, 2)->verdict, ==, ARC_VERDICT_CORRECT);
  g_assert_cmpint (pair (exits, 3)->status, ==, ARC_PROGRAM_CRASHED);
  g_assert_true (g_str_has_prefix (pair (exits, 3)->message, "the interpreter crashed ("));

  /* An idle interpreter killed from outside is replaced */
  pid = run_program (pool, "import os\ndef transform(grid):\n    print(os.getpid(), end='')\n    return grid\n");
  g_assert_cmpint (kill ((pid_t) g_ascii_strtoll (pair (pid, 0)->printed, NULL, 10), SIGKILL), ==, 0);
  run_for (100);
  after = run_program (pool, "def transform(grid):\n    return grid[::-1]\n");
  g_assert_true (arc_program_result_is_right (after));

  /* Memory is limited */
  arc_program_pool_set_memory_limit (pool, G_GUINT64_CONSTANT (512) << 20);
  arc_program_pool_set_python_path (pool, NULL);  /* the idle interpreter stops: the next has the limit */
  memory = run_program (pool, "def transform(grid):\n    b = bytearray(1 << 30)\n    return grid[::-1]\n");
  g_assert_cmpstr (pair (memory, 0)->message, ==, "MemoryError");
  g_assert_cmpint (pair (memory, 0)->line, ==, 2);
}

/* Many tasks at once, some ending their interpreter: the tasks sent ahead
 * to it are run by another, and every result is the task's own */
static void
test_many (void)
{
  g_autoptr(ArcProgramPool) pool = NULL;
  g_autoptr(ArcTask) task = NULL;
  Wait waits[24] = { 0 };

  if (!have_python ())
    return;
  pool = arc_program_pool_new (2);
  task = make_task ();
  for (guint i = 0; i < G_N_ELEMENTS (waits); i++)
    {
      g_autofree char *source = g_strdup_printf ("import os\ndef transform(grid):\n"
                                                 "    if %u %% 3 == 0 and grid == [[5]]:\n        os._exit(%u)\n"
                                                 "    return grid[::-1] if %u %% 3 != 1 else [[%u]]\n",
                                                 i, i / 3 + 1, i, i % 10);

      arc_program_pool_run_async (pool, "abcd1234", source, task, NULL, run_done_cb, &waits[i]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (waits); i++)
    {
      g_autoptr(ArcProgramResult) result = NULL;

      wait_until (is_done, &waits[i], "many programs");
      g_assert_no_error (waits[i].error);
      result = g_steal_pointer (&waits[i].result);
      if (g_test_verbose ())
        for (guint k = 0; k < result->pairs->len; k++)
          g_test_message ("program %u, pair %u: status %d, %s", i, k, pair (result, k)->status,
                          pair (result, k)->message ? pair (result, k)->message : "");
      if (i % 3 == 1)
        {
          g_assert_cmpint (pair (result, 0)->verdict, ==, ARC_VERDICT_WRONG);
          g_assert_cmpint (arc_grid_get (pair (result, 0)->predicted, 0, 0), ==, i % 10);
          continue;
        }
      g_assert_cmpint (pair (result, 0)->verdict, ==, ARC_VERDICT_CORRECT);
      g_assert_cmpint (pair (result, 2)->verdict, ==, ARC_VERDICT_CORRECT);
      g_assert_cmpint (pair (result, 3)->verdict, ==, ARC_VERDICT_CORRECT);
      if (i % 3 == 0)
        {
          g_autofree char *message = g_strdup_printf ("the interpreter exited with status %u (os._exit or a crash)",
                                                      i / 3 + 1);

          g_assert_cmpstr (pair (result, 1)->message, ==, message);
        }
      else
        g_assert_true (arc_program_result_is_right (result));
    }
}

static void
cancelled_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  Wait *wait = data;

  wait->result = arc_program_pool_run_finish (ARC_PROGRAM_POOL (source), result, &wait->error);
  wait->done = TRUE;
}

static void
test_cancel (void)
{
  g_autoptr(ArcProgramPool) pool = NULL;
  g_autoptr(ArcTask) task = NULL;
  g_autoptr(GCancellable) running = g_cancellable_new ();
  g_autoptr(GCancellable) waiting = g_cancellable_new ();
  g_autoptr(ArcProgramResult) after = NULL;
  Wait first = { 0 }, second = { 0 };

  if (!have_python ())
    return;
  pool = arc_program_pool_new (1);
  task = make_task ();
  arc_program_pool_run_async (pool, "abcd1234", "def transform(grid):\n    while True:\n        pass\n", task,
                              running, cancelled_cb, &first);
  arc_program_pool_run_async (pool, "abcd1234", "def transform(grid):\n    return grid\n", task, waiting,
                              cancelled_cb, &second);
  run_for (200);
  g_cancellable_cancel (waiting);
  g_cancellable_cancel (running);
  wait_until (is_done, &first, "the running program cancelled");
  wait_until (is_done, &second, "the waiting program cancelled");
  g_assert_error (first.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_error (second.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (first.result);
  g_clear_error (&first.error);
  g_clear_error (&second.error);
  after = run_program (pool, "def transform(grid):\n    return grid[::-1]\n");
  g_assert_true (arc_program_result_is_right (after));
}

static void
test_no_python (void)
{
  g_autoptr(ArcProgramPool) pool = arc_program_pool_new (1);
  g_autoptr(ArcTask) task = make_task ();
  Wait wait = { 0 };

  g_setenv ("ARC_STUDIO_PYTHON", "/no/such/python3", TRUE);
  arc_program_pool_run_async (pool, "abcd1234", "def transform(grid):\n    return grid\n", task, NULL,
                              run_done_cb, &wait);
  wait_until (is_done, &wait, "the error");
  g_unsetenv ("ARC_STUDIO_PYTHON");
  g_assert_null (wait.result);
  g_assert_nonnull (wait.error);
  g_assert_true (g_str_has_prefix (wait.error->message, "Could not start /no/such/python3: "));
  g_clear_error (&wait.error);
}

#define NOTES_WITHOUT \
  "{\n  \"format\" : \"arc-studio-notes\",\n  \"version\" : 3,\n  \"tasks\" : {\n    \"t1\" : {\n" \
  "      \"annotators\" : {\n        \"ada\" : {\n          \"description\" : {\n" \
  "            \"input\" : \"\",\n            \"output_size\" : \"\",\n            \"transformation\" : \"\"\n" \
  "          },\n          \"tags\" : [],\n          \"difficulty\" : \"\",\n          \"notes\" : \"n\",\n" \
  "          \"seconds_spent\" : 0,\n          \"attempts\" : []%s\n        }\n      }\n    }\n  }\n}"

static void
test_notes_round_trip (void)
{
  g_autofree char *without = g_strdup_printf (NOTES_WITHOUT, "");
  g_autofree char *with = g_strdup_printf (NOTES_WITHOUT, ",\n          \"program\" : \"def transform(g):\\n    return g\\n\"");
  g_autoptr(GFile) file = g_file_new_for_path ("/no/such/folder/t1.arcnotes");
  g_autoptr(ArcNotes) notes = arc_notes_new (file);
  g_autoptr(ArcNotes) again = arc_notes_new (file);
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *data2 = NULL;
  ArcAnnotation *a;

  /* A file without a program is written back as it was */
  g_assert_true (arc_notes_load_from_data (notes, without, strlen (without), &error));
  g_assert_no_error (error);
  data = arc_notes_to_data (notes, NULL);
  g_assert_cmpstr (data, ==, without);
  g_assert_null (arc_notes_get (notes, "t1", "ada")->program);

  /* One with a program keeps it, and so does a copy */
  g_assert_true (arc_notes_load_from_data (again, with, strlen (with), &error));
  g_assert_no_error (error);
  a = arc_notes_get (again, "t1", "ada");
  g_assert_cmpstr (a->program, ==, "def transform(g):\n    return g\n");
  data2 = arc_notes_to_data (again, NULL);
  g_assert_cmpstr (data2, ==, with);
  {
    g_autoptr(ArcAnnotation) copy = arc_annotation_copy (a);

    g_assert_cmpstr (copy->program, ==, a->program);
    g_free (copy->input_text);
    copy->input_text = g_strdup ("");
    g_free (copy->notes);
    copy->notes = g_strdup ("");
    /* A program alone is not a blank record */
    g_assert_false (arc_annotation_is_blank (copy));
  }
}

static gboolean
is_saved (gpointer data)
{
  return !arc_task_notes_get_modified (data) && !arc_task_notes_get_saving (data);
}

/* The shown task's notes (the app's model) edit the program as a text
 * field; none is no member */
static void
test_task_notes (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("arc-programs-XXXXXX", &error);
  g_autofree char *task_path = g_build_filename (dir, "abcd1234.json", NULL);
  g_autofree char *notes_path = g_build_filename (dir, "abcd1234.arcnotes", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(ArcCollection) collection = NULL;
  g_autoptr(ArcNotesStore) store = NULL;
  g_autoptr(ArcTaskNotes) notes = NULL;
  g_autofree char *with = NULL;
  g_autofree char *without = NULL;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (task_path, TASK_JSON, -1, NULL));
  collection = arc_collection_new_for_file (folder, dir, NULL, &error);
  g_assert_no_error (error);
  store = arc_notes_store_new (collection, NULL);
  notes = arc_task_notes_new (store, arc_collection_get_entry (collection, 0), "ada");
  arc_task_notes_set_delays (notes, 10, 10);
  g_assert_cmpstr (arc_task_notes_get_text (notes, ARC_NOTES_FIELD_PROGRAM), ==, "");

  arc_task_notes_set_text (notes, ARC_NOTES_FIELD_PROGRAM, "def transform(grid):\n    return grid\n");
  arc_task_notes_set_text (notes, ARC_NOTES_FIELD_NOTES, "kept");
  wait_until (is_saved, notes, "the notes saved");
  g_assert_true (g_file_get_contents (notes_path, &with, NULL, NULL));
  g_assert_nonnull (strstr (with, "\"program\" : \"def transform(grid):\\n    return grid\\n\""));

  arc_task_notes_set_text (notes, ARC_NOTES_FIELD_PROGRAM, "");
  g_assert_null (arc_task_notes_get_annotation (notes)->program);
  wait_until (is_saved, notes, "the notes saved");
  g_assert_true (g_file_get_contents (notes_path, &without, NULL, NULL));
  g_assert_null (strstr (without, "program"));
  g_clear_object (&notes);
  g_clear_object (&store);
  g_clear_object (&collection);
  remove_tree (dir);
}

/* The CLI */


/* Runs the CLI in @dir with @args (NULL-terminated), as annotator "ada" */
static void
run_cli (Run        *run,
         const char *dir,
         ...)
{
  va_list args;

  va_start (args, dir);
  run_cli_va (run, dir, FALSE, "ada", args);
  va_end (args);
}

static void
write_file (const char *dir,
            const char *name,
            const char *text)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);
}

#define SOLVERS \
  "\"\"\"Solvers, as arc-dsl has them\"\"\"\n" \
  "from shapes import *\n" \
  "import os\n" \
  "import json as unused_json\n" \
  "\n" \
  "FLIP = -1\n" \
  "UNUSED = 3\n" \
  "\n" \
  "\n" \
  "def flip(grid):\n" \
  "    return grid[::FLIP]\n" \
  "\n" \
  "\n" \
  "def never_called(grid):\n" \
  "    return grid\n" \
  "\n" \
  "\n" \
  "def solve_aaaa0001(I):\n" \
  "    return flip(I)\n" \
  "\n" \
  "\n" \
  "def solve_aaaa0002(I):\n" \
  "    return upside_down(I) if I != ((5,),) else ((4,),)\n" \
  "\n" \
  "\n" \
  "def solve_aaaa0003(I):\n" \
  "    raise RuntimeError('no rule')\n" \
  "\n" \
  "\n" \
  "def solve_aaaa0004(I):\n" \
  "    while True:\n" \
  "        pass\n" \
  "\n" \
  "\n" \
  "def solve_aaaa0005(I):\n" \
  "    return [[10]]\n" \
  "\n" \
  "\n" \
  "def solve_aaaa0006(I):\n" \
  "    print('{\"pair\": 0}')\n" \
  "    return flip(I)\n" \
  "\n" \
  "\n" \
  "def solve_aaaa0007(I):\n" \
  "    if I == ((5,),):\n" \
  "        os._exit(1)\n" \
  "    return upside_down(I)\n" \
  "\n" \
  "\n" \
  "def solve_ffff0000(I):\n" \
  "    return I\n" \
  "\n" \
  "\n" \
  "if __name__ == '__main__':\n" \
  "    flip = None\n"

#define FLIP_ONLY \
  "from shapes import *\n" \
  "\n" \
  "FLIP = -1\n" \
  "\n" \
  "\n" \
  "def flip(grid):\n" \
  "    return grid[::FLIP]\n" \
  "\n" \
  "\n" \
  "def solve_aaaa0001(I):\n" \
  "    return flip(I)\n"

/* A folder with tasks aaaa0001 to aaaa0007, solvers.py and lib/shapes.py */
static char *
make_collection (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("arc-programs-XXXXXX", &error);
  g_autofree char *tasks = g_build_filename (dir, "tasks", NULL);
  g_autofree char *lib = g_build_filename (dir, "lib", NULL);

  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir (tasks, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (lib, 0755), ==, 0);
  for (guint i = 1; i <= 7; i++)
    {
      g_autofree char *name = g_strdup_printf ("aaaa000%u.json", i);

      write_file (tasks, name, TASK_JSON);
    }
  write_file (dir, "solvers.py", SOLVERS);
  write_file (lib, "shapes.py", "def upside_down(grid):\n    return grid[::-1]\n");
  return dir;
}

static void
test_cli (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *notes_path = NULL;
  g_autofree char *notes = NULL;
  g_autofree char *submission = NULL;
  g_autofree char *exported = NULL;
  g_autofree char *exported_path = NULL;
  g_auto(Run) import = { 0 };
  g_auto(Run) run = { 0 };
  g_auto(Run) no_lib = { 0 };
  g_auto(Run) export = { 0 };

  if (!have_python ())
    return;
  dir = make_collection ();

  /* A function with no task is said; the others are stored, each with what
   * it needs of the module */
  run_cli (&import, dir, "programs", "import", "solvers.py", "tasks", NULL);
  g_assert_cmpint (import.status, ==, 1);
  g_assert_cmpstr (import.out, ==, "no task for solve_ffff0000 (solvers.py)\n7 programs stored as ada's\n");
  notes_path = g_build_filename (dir, "tasks", "aaaa0001.arcnotes", NULL);
  g_assert_true (g_file_get_contents (notes_path, &notes, NULL, NULL));
  g_assert_nonnull (strstr (notes, "\"program\" : \"from shapes import *\\n\\nFLIP = -1\\n\\n\\n"
                                   "def flip(grid):\\n    return grid[::FLIP]\\n\\n\\n"
                                   "def solve_aaaa0001(I):\\n    return flip(I)\\n\"\n"));

  run_cli (&run, dir, "programs", "run", "tasks", "--python-path", "lib", "--timeout", "1", "--jobs", "2",
           "-o", "submission.json", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==,
                   "aaaa0002: train 2 wrong\n"
                   "aaaa0003: train 1: RuntimeError: no rule (line 5)\n"
                   "aaaa0004: train 1: timed out after 1 s\n"
                   "aaaa0005: train 1: not a valid grid: row 1 holds 10, not a colour 0 to 9\n"
                   "aaaa0007: train 2: the interpreter exited with status 1 (os._exit or a crash)\n"
                   "2 of 7 tasks right on every pair\n");
  g_assert_cmpstr (run.err, ==, "");
  submission = g_build_filename (dir, "submission.json", NULL);
  g_assert_true (file_contains (submission, "\"aaaa0001\":[{\"attempt_1\":[[6],[9]],\"attempt_2\":[[6],[9]]}]"));
  g_assert_true (file_contains (submission, "\"aaaa0003\":[{\"attempt_1\":[[0]],\"attempt_2\":[[0]]}]"));

  /* Without the import folder */
  run_cli (&no_lib, dir, "programs", "run", "tasks", "--timeout", "0.5", NULL);
  g_assert_cmpint (no_lib.status, ==, 1);
  g_assert_true (g_str_has_prefix (no_lib.out, "aaaa0001: train 1: ModuleNotFoundError: No module named 'shapes' (line 1)\n"));

  run_cli (&export, dir, "programs", "export", "tasks", "-o", "out/programs", NULL);
  g_assert_cmpint (export.status, ==, 0);
  g_assert_cmpstr (export.out, ==, "7 programs written to out/programs\n");
  exported_path = g_build_filename (dir, "out", "programs", "aaaa0001.py", NULL);
  g_assert_true (g_file_get_contents (exported_path, &exported, NULL, NULL));
  g_assert_cmpstr (exported, ==, FLIP_ONLY);
  remove_tree (dir);
}

static void
test_cli_all_right (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *notes_path = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_auto(Run) import = { 0 };
  g_auto(Run) again = { 0 };
  g_auto(Run) run = { 0 };

  if (!have_python ())
    return;
  dir = make_collection ();
  /* A folder of ID.py files, each the whole program of its task */
  folder = g_build_filename (dir, "programs", NULL);
  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  write_file (folder, "aaaa0001.py", "import numbers\n\ndef transform(grid):\n    return grid[::-1]\n");
  write_file (folder, "aaaa0002.py", "def solve(I):\n    return I[::-1]\n");
  run_cli (&import, dir, "programs", "import", "programs", "tasks", NULL);
  g_assert_cmpint (import.status, ==, 0);
  g_assert_cmpstr (import.out, ==, "2 programs stored as ada's\n");

  /* Importing again changes nothing */
  notes_path = g_build_filename (dir, "tasks", "aaaa0001.arcnotes", NULL);
  g_assert_true (g_file_get_contents (notes_path, &before, NULL, NULL));
  run_cli (&again, dir, "programs", "import", "programs", "tasks", NULL);
  g_assert_true (g_file_get_contents (notes_path, &after, NULL, NULL));
  g_assert_cmpstr (before, ==, after);

  run_cli (&run, dir, "programs", "run", "tasks", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "2 of 2 tasks right on every pair\n");
  remove_tree (dir);
}

static void
test_cli_usage (void)
{
  g_autofree char *dir = NULL;
  g_auto(Run) help = { 0 };
  g_auto(Run) none = { 0 };
  g_auto(Run) bad = { 0 };
  g_auto(Run) missing = { 0 };
  g_auto(Run) jobs = { 0 };
  g_auto(Run) no_programs = { 0 };
  g_auto(Run) syntax = { 0 };

  if (!have_python ())
    return;
  dir = make_collection ();
  run_cli (&help, dir, "programs", "--help", NULL);
  g_assert_cmpint (help.status, ==, 0);
  g_assert_true (g_str_has_prefix (help.out, "Usage:\n  arc-studio-cli programs import"));
  run_cli (&none, dir, "programs", NULL);
  g_assert_cmpint (none.status, ==, 2);
  run_cli (&bad, dir, "programs", "run", NULL);
  g_assert_cmpint (bad.status, ==, 2);
  run_cli (&missing, dir, "programs", "run", "no/such/folder", NULL);
  g_assert_cmpint (missing.status, ==, 2);
  run_cli (&jobs, dir, "programs", "run", "tasks", "--jobs", "-3", NULL);
  g_assert_cmpint (jobs.status, ==, 2);
  run_cli (&no_programs, dir, "programs", "run", "tasks", NULL);
  g_assert_cmpint (no_programs.status, ==, 1);
  g_assert_cmpstr (no_programs.out, ==, "0 of 0 tasks right on every pair\n");
  g_assert_cmpstr (no_programs.err, ==, "arc-studio-cli programs run: no task has a program of ada\n");
  /* No interpreter: said, and nothing is counted */
  {
    g_auto(Run) no_python = { 0 };
    g_auto(Run) ran = { 0 };

    run_cli (&ran, dir, "programs", "import", "solvers.py", "tasks", NULL);
    g_setenv ("ARC_STUDIO_PYTHON", "/no/such/python3", TRUE);
    run_cli (&no_python, dir, "programs", "run", "tasks", NULL);
    g_unsetenv ("ARC_STUDIO_PYTHON");
    g_assert_cmpint (no_python.status, ==, 2);
    g_assert_cmpstr (no_python.out, ==, "");
    g_assert_true (g_str_has_prefix (no_python.err, "arc-studio-cli programs run: Could not start /no/such/python3: "));
  }
  write_file (dir, "broken.py", "def solve_aaaa0001(I):\n    return (\n");
  run_cli (&syntax, dir, "programs", "import", "broken.py", "tasks", NULL);
  g_assert_cmpint (syntax.status, ==, 1);
  g_assert_cmpstr (syntax.err, ==, "arc-studio-cli programs import: broken.py:2: '(' was never closed\n");
  remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/arc/programs/right-and-wrong", test_right_and_wrong);
  g_test_add_func ("/arc/programs/errors", test_errors);
  g_test_add_func ("/arc/programs/printing", test_printing);
  g_test_add_func ("/arc/programs/timeout", test_timeout);
  g_test_add_func ("/arc/programs/lost-interpreter", test_lost_interpreter);
  g_test_add_func ("/arc/programs/many", test_many);
  g_test_add_func ("/arc/programs/cancel", test_cancel);
  g_test_add_func ("/arc/programs/no-python", test_no_python);
  g_test_add_func ("/arc/programs/notes-round-trip", test_notes_round_trip);
  g_test_add_func ("/arc/programs/task-notes", test_task_notes);
  g_test_add_func ("/arc/programs/cli", test_cli);
  g_test_add_func ("/arc/programs/cli-all-right", test_cli_all_right);
  g_test_add_func ("/arc/programs/cli-usage", test_cli_usage);
  return g_test_run ();
}

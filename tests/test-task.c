/* test-task.c: parsing and validating tasks, and hostile input
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arc-core.h"

#define PAIR "{\"input\": [[1, 2], [3, 4]], \"output\": [[4, 3], [2, 1]]}"
#define TASK(train, test) "{\"train\": [" train "], \"test\": [" test "]}"
#define VALID TASK (PAIR ", " PAIR ", " PAIR, PAIR)

static ArcTask *
parse (const char *text, GPtrArray **problems, GError **error)
{
  return arc_task_new_from_data (text, strlen (text), "t", problems, error);
}

/* Asserts that @text is invalid with exactly @expected as its first problem. */
static void
assert_invalid (const char *text, const char *expected)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(ArcTask) task = arc_task_new_from_data (text, strlen (text), "t", &problems, &error);
  g_autofree char *first = NULL;

  g_assert_null (task);
  g_assert_nonnull (error);
  g_assert_true (error->domain == ARC_ERROR);
  g_assert_nonnull (problems);
  g_assert_cmpuint (problems->len, >=, 1);
  first = arc_problem_format (problems->pdata[0], "x.json");
  if (g_strcmp0 (first, expected) != 0)
    g_test_message ("input: %.200s", text);
  g_assert_cmpstr (first, ==, expected);
}

static void
test_valid (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(ArcTask) task = parse (VALID, &problems, &error);
  const ArcPair *pair;

  g_assert_no_error (error);
  g_assert_nonnull (task);
  g_assert_cmpstr (arc_task_get_id (task), ==, "t");
  g_assert_cmpuint (arc_task_get_n_train (task), ==, 3);
  g_assert_cmpuint (arc_task_get_n_test (task), ==, 1);
  pair = arc_task_get_train (task, 0);
  g_assert_cmpint (arc_grid_get_height (pair->input), ==, 2);
  g_assert_cmpint (arc_grid_get (pair->input, 1, 0), ==, 3);
  g_assert_cmpint (arc_grid_get (pair->output, 0, 0), ==, 4);
  g_assert_true (arc_task_has_test_outputs (task));
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_cmpuint (arc_task_get_warnings (task)->len, ==, 0);
}

static void
test_tolerated (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(ArcTask) task = NULL;
  const char *text =
    "\n  {\"name\": \"t\\u00e9st \\ud83d\\ude00\", \"descriptions\": [{\"a\": [1.5e3, -2, true, null]}],\n"
    "   \"train\": [{\"input\": [[0]], \"output\": [[9]], \"extra\": {}}],\n"
    "   \"test\": [{\"input\": [[5, 5]]}, {\"input\": [[1]], \"output\": null}, {\"input\": [[2]], \"output\": [[3]]}]}\n";

  task = parse (text, &problems, &error);
  g_assert_no_error (error);
  g_assert_nonnull (task);
  g_assert_null (arc_task_get_test (task, 0)->output);
  g_assert_null (arc_task_get_test (task, 1)->output);
  g_assert_nonnull (arc_task_get_test (task, 2)->output);
  g_assert_false (arc_task_has_test_outputs (task));

  /* Deviations from the competition rules are warnings */
  g_assert_cmpuint (problems->len, ==, 2);
  {
    g_autofree char *w0 = arc_problem_format (problems->pdata[0], "x.json");
    g_autofree char *w1 = arc_problem_format (problems->pdata[1], "x.json");

    g_assert_cmpstr (w0, ==, "x.json: train: warning: 1 pair; the competition rules ask for 3 to 5");
    g_assert_cmpstr (w1, ==, "x.json: test: warning: 3 test inputs; the competition rules ask for exactly 1");
  }
  g_assert_cmpuint (arc_task_get_warnings (task)->len, ==, 2);
  /* and said to be so: Edit Task shows them, solving does not */
  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (((ArcProblem *) problems->pdata[i])->competition_rule);
      g_assert_true (((ArcProblem *) arc_task_get_warnings (task)->pdata[i])->competition_rule);
    }
}

static void
test_invalid_values (void)
{
  /* The example of the issue, exactly */
  assert_invalid ("{\"train\": [" PAIR "], \"test\": [{\"input\": [[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,12]]}]}",
                  "x.json: test[0].input[3][4]: value 12 is outside 0..9");
  assert_invalid (TASK (PAIR, "{\"input\": [[-1]]}"), "x.json: test[0].input[0][0]: value -1 is outside 0..9");
  assert_invalid (TASK (PAIR, "{\"input\": [[1.0]]}"), "x.json: test[0].input[0][0]: value 1.0 is not a whole number 0..9");
  assert_invalid (TASK (PAIR, "{\"input\": [[1e0]]}"), "x.json: test[0].input[0][0]: value 1e0 is not a whole number 0..9");
  assert_invalid (TASK (PAIR, "{\"input\": [[99999999999999999999999]]}"),
                  "x.json: test[0].input[0][0]: value 99999999999999999999999 is outside 0..9");
  assert_invalid (TASK (PAIR, "{\"input\": [[\"3\"]]}"), "x.json: test[0].input[0][0]: expected a colour 0..9, found a string");
  assert_invalid (TASK (PAIR, "{\"input\": [[true]]}"), "x.json: test[0].input[0][0]: expected a colour 0..9, found a boolean");
  assert_invalid (TASK (PAIR, "{\"input\": [[null]]}"), "x.json: test[0].input[0][0]: expected a colour 0..9, found null");
  assert_invalid (TASK (PAIR, "{\"input\": [[[1]]]}"), "x.json: test[0].input[0][0]: expected a colour 0..9, found a list");
}

static void
test_invalid_shapes (void)
{
  g_autoptr(GString) tall = g_string_new ("{\"train\": [" PAIR "], \"test\": [{\"input\": [");
  g_autoptr(GString) wide = g_string_new ("{\"train\": [" PAIR "], \"test\": [{\"input\": [[");

  assert_invalid (TASK (PAIR, "{\"input\": [[1, 2], [3]]}"), "x.json: test[0].input[1]: the row has 1 cell, but row 0 has 2");
  assert_invalid (TASK (PAIR, "{\"input\": []}"), "x.json: test[0].input: the grid has no rows");
  assert_invalid (TASK (PAIR, "{\"input\": [[]]}"), "x.json: test[0].input[0]: the row is empty");
  assert_invalid (TASK (PAIR, "{\"input\": [1, 2]}"), "x.json: test[0].input[0]: expected a row (a list of colours), found a number");
  assert_invalid (TASK (PAIR, "{\"input\": {}}"), "x.json: test[0].input: expected a grid (a list of rows), found an object");
  for (int i = 0; i < 31; i++)
    g_string_append (tall, i ? ",[1]" : "[1]");
  g_string_append (tall, "]}]}");
  assert_invalid (tall->str, "x.json: test[0].input: the grid has 31 rows; at most 30 are allowed");
  for (int i = 0; i < 31; i++)
    g_string_append (wide, i ? ",1" : "1");
  g_string_append (wide, "]]}]}");
  assert_invalid (wide->str, "x.json: test[0].input[0]: the row has 31 cells; at most 30 are allowed");
}

static void
test_invalid_structure (void)
{
  assert_invalid ("[]", "x.json: expected a task (an object with “train” and “test”), found a list");
  assert_invalid ("42", "x.json: expected a task (an object with “train” and “test”), found a number");
  assert_invalid ("{\"test\": [" PAIR "]}", "x.json: the task has no “train” pairs");
  assert_invalid ("{\"train\": [" PAIR "]}", "x.json: the task has no “test” pairs");
  assert_invalid (TASK ("", PAIR), "x.json: train: there are no train pairs");
  assert_invalid (TASK (PAIR, ""), "x.json: test: there are no test pairs");
  assert_invalid ("{\"train\": {}, \"test\": [" PAIR "]}", "x.json: train: expected a list of train pairs, found an object");
  assert_invalid (TASK ("[1]", PAIR), "x.json: train[0]: expected a pair (an object with “input” and “output”), found a list");
  assert_invalid (TASK ("{\"input\": [[1]]}", PAIR), "x.json: train[0]: the pair has no “output”");
  assert_invalid (TASK ("{\"output\": [[1]]}", PAIR), "x.json: train[0]: the pair has no “input”");
  assert_invalid (TASK ("{\"input\": [[1]], \"output\": null}", PAIR), "x.json: train[0].output: expected a grid (a list of rows), found null");
  assert_invalid ("{\"train\": [" PAIR "], \"test\": [" PAIR "], \"train\": []}", "x.json: train: “train” appears more than once");
  assert_invalid (TASK ("{\"input\": [[1]], \"input\": [[2]], \"output\": [[1]]}", PAIR),
                  "x.json: train[0].input: “input” appears more than once");
}

static void
test_syntax_errors (void)
{
  assert_invalid ("", "x.json: the file is empty");
  assert_invalid (" \n\t ", "x.json: the file is empty");
  assert_invalid ("{\"train\": [1,]}", "x.json: line 1, column 14: unexpected character “]”, expected a value");
  assert_invalid ("{\"train\": [01]}", "x.json: line 1, column 13: numbers must not have leading zeros");
  assert_invalid ("{\n  \"train\": [\n    [1] /* no */\n", "x.json: line 3, column 9: unexpected character “/”, expected “,” or “]”");
  assert_invalid ("{'train': []}", "x.json: line 1, column 2: unexpected character “'”, expected a member name in double quotes");
  assert_invalid ("{\"a\": NaN}", "x.json: line 1, column 7: unexpected character “N”, expected a value");
  assert_invalid ("{\"a\": 0x10}", "x.json: line 1, column 8: unexpected character “x”, expected “,” or “}”");
  assert_invalid ("{\"a\": \"unterminated", "x.json: line 1, column 20: unterminated string");
  assert_invalid ("{\"a\": \"\\x\"}", "x.json: line 1, column 9: unknown escape in a string");
  assert_invalid ("{\"a\": \"\\ud800\"}", "x.json: line 1, column 14: a \\u escape holds a lone high surrogate");
  assert_invalid ("{\"a\": \"\\udc00\"}", "x.json: line 1, column 14: a \\u escape holds a lone low surrogate");
  assert_invalid ("{\"a\": \"tab\there\"}", "x.json: line 1, column 11: control character 0x09 inside a string must be escaped");
  assert_invalid ("{\"train\": [], \"test\": []} {}", "x.json: line 1, column 27: unexpected character “{”, expected the end of the data after the top-level value");
  /* A byte order mark is skipped at the start (test_byte_order_mark), nowhere else */
  assert_invalid ("\xef\xbb\xbf\xef\xbb\xbf{}", "x.json: line 1, column 2: unexpected byte 0xEF, expected a value");
  /* Columns count characters, not bytes */
  assert_invalid ("{\"é\": [1,,]}", "x.json: line 1, column 10: unexpected character “,”, expected a value");
}

static void
test_hostile_bytes (void)
{
  static const char nul_inside[] = "{\"train\": [\0]}";
  static const char nul_string[] = "{\"a\": \"x\0y\"}";
  static const char bad_utf8[] = "{\"a\": \"\xff\xfe\"}";
  static const char overlong[] = "{\"a\": \"\xc0\xaf\"}";
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTask) task = NULL;

  task = arc_task_new_from_data (nul_inside, sizeof nul_inside - 1, "t", NULL, &error);
  g_assert_null (task);
  g_assert_error (error, ARC_ERROR, ARC_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, "line 1, column 12: unexpected byte 0x00, expected a value");
  g_clear_error (&error);

  task = arc_task_new_from_data (nul_string, sizeof nul_string - 1, "t", NULL, &error);
  g_assert_error (error, ARC_ERROR, ARC_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, "line 1, column 9: control character 0x00 inside a string must be escaped");
  g_clear_error (&error);

  task = arc_task_new_from_data (bad_utf8, sizeof bad_utf8 - 1, "t", NULL, &error);
  g_assert_error (error, ARC_ERROR, ARC_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, "line 1, column 8: invalid UTF-8 byte 0xFF");
  g_clear_error (&error);

  task = arc_task_new_from_data (overlong, sizeof overlong - 1, "t", NULL, &error);
  g_assert_error (error, ARC_ERROR, ARC_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, "line 1, column 8: invalid UTF-8 byte 0xC0");
  g_clear_error (&error);

  /* Random binary data never crashes */
  {
    GRand *rand = g_rand_new_with_seed (42);
    guint8 buf[512];

    for (int round = 0; round < 2000; round++)
      {
        gsize len = g_rand_int_range (rand, 0, sizeof buf);
        g_autoptr(ArcTask) t = NULL;

        for (gsize i = 0; i < len; i++)
          buf[i] = (guint8) g_rand_int_range (rand, 0, 256);
        t = arc_task_new_from_data ((const char *) buf, len, "r", NULL, NULL);
        g_assert_null (t);
      }
    g_rand_free (rand);
  }
}

static void
test_deep_nesting (void)
{
  const gsize depth = 1000000;
  char *text = g_malloc (2 * depth + 16);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTask) task = NULL;
  g_autoptr(JsonNode) node = NULL;
  gsize n;

  /* Inside an unknown member: skipped values are depth-limited too */
  n = (gsize) g_snprintf (text, 16, "{\"x\": ");
  memset (text + n, '[', depth);
  memset (text + n + depth, ']', depth);
  text[n + 2 * depth] = '}';
  task = arc_task_new_from_data (text, n + 2 * depth + 1, "t", NULL, &error);
  g_assert_null (task);
  g_assert_error (error, ARC_ERROR, ARC_ERROR_SYNTAX);
  g_assert_true (g_str_has_suffix (error->message, "nested deeper than 200 levels"));
  g_clear_error (&error);

  /* json-glib 1.6 overflows its stack on this; the guard refuses it first */
  node = arc_json_parse (text, n + 2 * depth + 1, &error);
  g_assert_null (node);
  g_assert_error (error, ARC_ERROR, ARC_ERROR_SYNTAX);
  g_clear_error (&error);
  g_free (text);

  /* Nesting within the limit is fine */
  {
    GString *ok = g_string_new ("{\"x\": ");
    g_autoptr(JsonNode) parsed = NULL;

    for (int i = 0; i < 150; i++)
      g_string_append_c (ok, '[');
    for (int i = 0; i < 150; i++)
      g_string_append_c (ok, ']');
    g_string_append (ok, ", \"train\": [" PAIR "], \"test\": [" PAIR "]}");
    task = arc_task_new_from_data (ok->str, ok->len, "t", NULL, &error);
    g_assert_no_error (error);
    g_assert_nonnull (task);
    parsed = arc_json_parse (ok->str, ok->len, &error);
    g_assert_no_error (error);
    g_assert_nonnull (parsed);
    g_string_free (ok, TRUE);
  }
}

static void
test_json_guard (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;

  /* json-glib would read this as -1 */
  node = arc_json_parse ("[18446744073709551615]", 22, &error);
  g_assert_null (node);
  g_assert_error (error, ARC_ERROR, ARC_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, "line 1, column 2: the integer does not fit in 64 bits");
  g_clear_error (&error);

  /* json-glib accepts these; we do not */
  node = arc_json_parse ("[1] [2]", 7, &error);
  g_assert_null (node);
  g_clear_error (&error);
  node = arc_json_parse ("['a']", 5, &error);
  g_assert_null (node);
  g_clear_error (&error);

  {
    const char *ok = "{\"a\": [1, \"\\u00e9\", -9223372036854775808]}";
    node = arc_json_parse (ok, strlen (ok), &error);
  }
  g_assert_no_error (error);
  g_assert_nonnull (node);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (json_node_get_object (node), "a"), 2),
                   ==, G_MININT64);
}

static void
test_many_problems (void)
{
  g_autoptr(GString) text = g_string_new ("{\"train\": [" PAIR "], \"test\": [{\"input\": [");
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTask) task = NULL;
  ArcProblem *last;

  for (int r = 0; r < 30; r++)
    {
      g_string_append (text, r ? ",[" : "[");
      for (int c = 0; c < 30; c++)
        g_string_append (text, c ? ",10" : "10");
      g_string_append_c (text, ']');
    }
  g_string_append (text, "]}]}");
  task = arc_task_new_from_data (text->str, text->len, "t", &problems, &error);
  g_assert_null (task);
  g_assert_cmpuint (problems->len, ==, ARC_MAX_PROBLEMS + 1);
  last = problems->pdata[problems->len - 1];
  g_assert_cmpstr (last->message, ==, "850 more problems not shown");
  g_assert_cmpstr (error->message, ==, "test[0].input[0][0]: value 10 is outside 0..9 (and 899 more problems)");
}

static void
test_from_node (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = arc_json_parse (VALID, strlen (VALID), &error);
  g_autoptr(ArcTask) task = NULL;
  g_autoptr(ArcTask) again = NULL;
  g_autofree char *json = NULL;

  g_assert_no_error (error);
  task = arc_task_new_from_node (node, "n", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (arc_task_get_n_train (task), ==, 3);
  json = arc_task_to_json (task);
  again = arc_task_new_from_data (json, strlen (json), "n", NULL, &error);
  g_assert_no_error (error);
  g_assert_true (arc_grid_equal (arc_task_get_train (task, 2)->output, arc_task_get_train (again, 2)->output));
}

/* Files: special files, links, size limits */

static char *
make_temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("arc-test-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static void
assert_file_error (const char *path, int code, const char *suffix)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTask) task = arc_task_new_from_file (file, "t", NULL, &error);

  g_assert_null (task);
  g_assert_error (error, ARC_ERROR, code);
  g_assert_true (g_str_has_prefix (error->message, path));
  if (!g_str_has_suffix (error->message, suffix))
    g_error ("%s does not end in %s", error->message, suffix);
}

static void
test_files (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *good = g_build_filename (dir, "good.json", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo.json", NULL);
  g_autofree char *dangling = g_build_filename (dir, "dangling.json", NULL);
  g_autofree char *loop_a = g_build_filename (dir, "loop-a.json", NULL);
  g_autofree char *loop_b = g_build_filename (dir, "loop-b.json", NULL);
  g_autofree char *folder = g_build_filename (dir, "folder.json", NULL);
  g_autofree char *huge = g_build_filename (dir, "huge.json", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) good_file = g_file_new_for_path (good);
  g_autoptr(ArcTask) task = NULL;
  FILE *f;

  g_assert_true (g_file_set_contents (good, VALID, -1, &error));
  task = arc_task_new_from_file (good_file, "good", NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (task);

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  assert_file_error (fifo, ARC_ERROR_NOT_A_FILE, "is not a regular file (a FIFO, socket or device)");
  g_assert_cmpint (symlink ("nowhere.json", dangling), ==, 0);
  assert_file_error (dangling, ARC_ERROR_NOT_FOUND, "broken symbolic link");
  g_assert_cmpint (symlink ("loop-b.json", loop_a), ==, 0);
  g_assert_cmpint (symlink ("loop-a.json", loop_b), ==, 0);
  assert_file_error (loop_a, ARC_ERROR_NOT_FOUND, "symbolic link loop");
  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  assert_file_error (folder, ARC_ERROR_NOT_A_FILE, "is a folder, not a file");
  assert_file_error (missing, ARC_ERROR_NOT_FOUND, "no such file");

  /* A sparse file larger than the limit is refused without reading it */
  f = fopen (huge, "w");
  g_assert_nonnull (f);
  g_assert_cmpint (ftruncate (fileno (f), ARC_TASK_MAX_FILE_SIZE + 1), ==, 0);
  fclose (f);
  assert_file_error (huge, ARC_ERROR_TOO_LARGE, "are refused");

  g_unlink (good);
  g_unlink (fifo);
  g_unlink (dangling);
  g_unlink (loop_a);
  g_unlink (loop_b);
  g_unlink (huge);
  g_rmdir (folder);
  g_rmdir (dir);
}

static void
test_regressions (void)
{
  const char *dir = g_getenv ("ARC_FIXTURES_DIR");
  g_autofree char *path = NULL;
  g_autoptr(GDir) d = NULL;
  guint n = 0;

  if (dir == NULL)
    {
      g_test_skip ("ARC_FIXTURES_DIR is not set");
      return;
    }
  path = g_build_filename (dir, "..", "fuzz", "regressions", NULL);
  d = g_dir_open (path, 0, NULL);
  if (d == NULL)
    {
      g_test_skip ("no fuzz regressions folder");
      return;
    }
  /* Every input the fuzzer ever found must load or fail cleanly. */
  for (const char *name; (name = g_dir_read_name (d)) != NULL; n++)
    {
      g_autofree char *file_path = g_build_filename (path, name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (file_path);
      g_autoptr(GError) error = NULL;
      g_autoptr(ArcTask) task = arc_task_new_from_file (file, name, NULL, &error);

      g_assert_true ((task == NULL) != (error == NULL));
    }
  g_test_message ("%u regression inputs", n);
}

/* A UTF-8 byte order mark is accepted with a warning, in tasks and in
 * everything read through arc_json_parse() (notes, submissions) */
static void
test_byte_order_mark (void)
{
  const char *json = "\xEF\xBB\xBF{\"train\": [{\"input\": [[1]], \"output\": [[2]]}],\n"
                     "\"test\": [{\"input\": [[3]], \"output\": [[4]]}]}";
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTask) task = arc_task_new_from_data (json, strlen (json), "bom", &problems, &error);
  g_autoptr(JsonNode) node = NULL;
  ArcProblem *first;

  g_assert_no_error (error);
  g_assert_nonnull (task);
  g_assert_cmpuint (arc_task_get_n_train (task), ==, 1);
  first = problems->pdata[0];
  g_assert_cmpint (first->severity, ==, ARC_SEVERITY_WARNING);
  g_assert_nonnull (strstr (first->message, "byte order mark"));

  node = arc_json_parse (json, strlen (json), &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
  g_assert_true (json_object_has_member (json_node_get_object (node), "train"));

  /* Only at the start: elsewhere it is a syntax error */
  {
    const char *inside = "{\"train\": \xEF\xBB\xBF[]}";
    g_autoptr(GError) inside_error = NULL;
    g_autoptr(ArcTask) none = arc_task_new_from_data (inside, strlen (inside), "x", NULL, &inside_error);

    g_assert_null (none);
    g_assert_error (inside_error, ARC_ERROR, ARC_ERROR_SYNTAX);
  }
}

/* A ZIP archive named .json says what it is */
static void
test_zip (void)
{
  const char zip[] = "PK\x03\x04\x14\x00\x00\x00\x08\x00";
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTask) task = arc_task_new_from_data (zip, sizeof zip - 1, "z", NULL, &error);

  g_assert_null (task);
  g_assert_error (error, ARC_ERROR, ARC_ERROR_SYNTAX);
  g_assert_nonnull (strstr (error->message, "ZIP archive"));
  g_assert_nonnull (strstr (error->message, "extract it first"));
}

/* A random JSON value: lists of digits as ARC's rows, strings with escaped
 * quotes and backslashes and brackets in them, objects, other scalars */
static void
random_value (GString *out,
              GRand   *rand,
              int      depth)
{
  switch (depth > 3 ? g_rand_int_range (rand, 2, 5) : g_rand_int_range (rand, 0, 5))
    {
    case 0:
      g_string_append_c (out, '[');
      for (int i = 0, n = g_rand_int_range (rand, 0, 40); i < n; i++)
        g_string_append_printf (out, "%s%d", i ? (g_rand_boolean (rand) ? "," : ", ") : "", g_rand_int_range (rand, 0, 10));
      g_string_append_c (out, ']');
      break;
    case 1:
      {
        gboolean object = g_rand_boolean (rand);

        g_string_append_c (out, object ? '{' : '[');
        for (int i = 0, n = g_rand_int_range (rand, 0, 4); i < n; i++)
          {
            g_string_append (out, i ? "," : "");
            if (object)
              g_string_append_printf (out, "\"k%d]\": ", i);
            random_value (out, rand, depth + 1);
          }
        g_string_append_c (out, object ? '}' : ']');
      }
      break;
    case 2:
      {
        static const char *const pieces[] = { "a", "[", "]", "{", "}", "\\\"", "\\\\", " ", "\\u005D", "é" };

        g_string_append_c (out, '"');
        for (int i = 0, n = g_rand_int_range (rand, 0, 20); i < n; i++)
          g_string_append (out, pieces[g_rand_int_range (rand, 0, G_N_ELEMENTS (pieces))]);
        g_string_append_c (out, '"');
      }
      break;
    case 3:
      g_string_append_printf (out, "%d", g_rand_int_range (rand, -1000, 1000));
      break;
    default:
      g_string_append (out, g_rand_boolean (rand) ? "true" : "null");
    }
}

/* Skimming a value ends where checking it does, for any valid value; an
 * unfinished one fails */
static void
test_skim (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (27);
  static const char *const cut[] = { "[[1,2]", "\"ab\\\"", "{\"a\": [\"]\"}", "[" };

  for (int round = 0; round < 2000; round++)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      ArcJsonReader skim, check;

      g_string_append_len (text, "        ", g_rand_int_range (rand, 0, 8));  /* every alignment */
      random_value (text, rand, 0);
      g_string_append (text, ", 7]");
      arc_json_reader_init (&check, text->str, 0, text->len);
      arc_json_reader_init (&skim, text->str, 0, text->len);
      g_assert_true (arc_json_reader_skip_value (&check));
      g_assert_true (arc_json_reader_skim_value (&skim));
      g_assert_cmpuint (skim.pos, ==, check.pos);
      arc_json_reader_clear (&check);
      arc_json_reader_clear (&skim);
    }
  for (guint i = 0; i < G_N_ELEMENTS (cut); i++)
    {
      ArcJsonReader r;

      arc_json_reader_init (&r, cut[i], 0, strlen (cut[i]));
      g_assert_false (arc_json_reader_skim_value (&r));
      arc_json_reader_clear (&r);
    }
}

/* A row of one-digit cells is read at once, written compact or spaced, at
 * every alignment; a row with any other value or too long is left whole
 * to the general calls */
static void
test_digit_list (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (29);

  for (int round = 0; round < 5000; round++)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      int values[40];
      guint8 cells[30];
      guint n = (guint) g_rand_int_range (rand, 0, 40), n_read = 0;
      gboolean spaced = g_rand_int_range (rand, 0, 4) == 0, expected = n >= 1 && n <= 30;
      ArcJsonReader r;

      g_string_append_len (text, "       ", g_rand_int_range (rand, 0, 8));
      g_string_append_c (text, '[');
      for (guint i = 0; i < n; i++)
        {
          values[i] = g_rand_int_range (rand, 0, 200) == 0 ? 10 : g_rand_int_range (rand, 0, 10);
          expected = expected && values[i] < 10;
          g_string_append_printf (text, "%s%d", i == 0 ? "" : spaced ? ", " : ",", values[i]);
        }
      g_string_append (text, "],[1]");
      arc_json_reader_init (&r, text->str, 0, text->len);
      arc_json_reader_skip_ws (&r);
      g_assert_cmpint (arc_json_reader_read_digit_list (&r, cells, 30, &n_read), ==, expected);
      if (expected)
        {
          g_assert_cmpuint (n_read, ==, n);
          for (guint i = 0; i < n; i++)
            g_assert_cmpint (cells[i], ==, values[i]);
          g_assert_cmpint (text->str[r.pos], ==, ',');
        }
      else
        g_assert_cmpint (text->str[r.pos], ==, '[');
      arc_json_reader_clear (&r);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/arc/task/valid", test_valid);
  g_test_add_func ("/arc/json/skim", test_skim);
  g_test_add_func ("/arc/json/digit-list", test_digit_list);
  g_test_add_func ("/arc/task/tolerated", test_tolerated);
  g_test_add_func ("/arc/task/invalid-values", test_invalid_values);
  g_test_add_func ("/arc/task/invalid-shapes", test_invalid_shapes);
  g_test_add_func ("/arc/task/invalid-structure", test_invalid_structure);
  g_test_add_func ("/arc/task/syntax-errors", test_syntax_errors);
  g_test_add_func ("/arc/task/hostile-bytes", test_hostile_bytes);
  g_test_add_func ("/arc/task/deep-nesting", test_deep_nesting);
  g_test_add_func ("/arc/task/json-guard", test_json_guard);
  g_test_add_func ("/arc/task/many-problems", test_many_problems);
  g_test_add_func ("/arc/task/from-node", test_from_node);
  g_test_add_func ("/arc/task/files", test_files);
  g_test_add_func ("/arc/task/byte-order-mark", test_byte_order_mark);
  g_test_add_func ("/arc/task/zip", test_zip);
  g_test_add_func ("/arc/task/fuzz-regressions", test_regressions);

  return g_test_run ();
}

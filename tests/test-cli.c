/* test-cli.c: arc-studio-cli's output and exit statuses
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arc-core.h"
#include "test-util.h"
#include "cli-test-util.h"
#include "larc-test-util.h"


/* Runs the CLI in the fixtures folder with @args (NULL-terminated). */
static void
run_cli (Run *run, ...)
{
  va_list args;

  va_start (args, run);
  run_cli_va (run, g_getenv ("ARC_FIXTURES_DIR"), FALSE, NULL, args);
  va_end (args);
}

static gboolean
has_line (const char *text, const char *line)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  return g_strv_contains ((const char * const *) lines, line);
}

static void
test_folder (void)
{
  g_auto(Run) run = { 0 };

  run_cli (&run, "validate", "collection", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_true (has_line (run.out, "collection/training/broken.json: train[0].input[0][1]: value 12 is outside 0..9"));
  g_assert_true (has_line (run.out, "collection/kaggle/arc-agi_training_challenges.json#k3: train[0].output[0][0]: value 10 is outside 0..9"));
  g_assert_true (has_line (run.out, "collection/kaggle/arc-agi_training_challenges.json#k1: test: warning: 2 test inputs; the competition rules ask for exactly 1"));
  g_assert_true (has_line (run.out, "collection/README.md: skipped: not a .json file"));
  /* The summary is the last line */
  g_assert_true (g_str_has_suffix (run.out, "\n9 tasks: 7 valid, 2 invalid, 2 with warnings\n"));
}

static void
test_errors_only (void)
{
  g_auto(Run) run = { 0 };

  run_cli (&run, "validate", "--errors-only", "collection", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_null (strstr (run.out, "warning:"));
  g_assert_null (strstr (run.out, "skipped:"));
  g_assert_true (has_line (run.out, "3 files that are not tasks were skipped"));
}

static void
test_valid_file (void)
{
  g_auto(Run) run = { 0 };

  run_cli (&run, "validate", "collection/training/a1.json", "collection/evaluation", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "2 tasks: 2 valid, 0 invalid, 0 with warnings\n");
}

/* A byte order mark is a warning; a ZIP archive is named as one */
static void
test_bom_and_zip (void)
{
  const char *task = "\xEF\xBB\xBF{\"train\": [{\"input\": [[1]], \"output\": [[2]]}, {\"input\": [[3]], \"output\": [[4]]},"
                     " {\"input\": [[5]], \"output\": [[6]]}], \"test\": [{\"input\": [[7]], \"output\": [[8]]}]}";
  g_autofree char *dir = g_dir_make_tmp ("arc-cli-bom-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "bom.json", NULL);
  g_autofree char *zip = g_build_filename (dir, "data.zip", NULL);
  g_autofree char *expected = g_strdup_printf ("%s: warning: the file starts with a byte order mark, "
                                               "which JSON does not allow; it is ignored", path);
  g_autofree char *skipped = g_strdup_printf ("%s: skipped: ZIP archives are not opened: extract it first", zip);
  g_auto(Run) run = { 0 };
  g_auto(Run) run_zip = { 0 };

  g_assert_true (g_file_set_contents (path, task, -1, NULL));
  g_assert_true (g_file_set_contents (zip, "PK\x03\x04", 4, NULL));
  run_cli (&run, "validate", path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (has_line (run.out, expected));
  g_assert_true (has_line (run.out, "1 task: 1 valid, 0 invalid, 1 with warnings"));

  run_cli (&run_zip, "validate", dir, NULL);
  g_assert_true (has_line (run_zip.out, skipped));
  g_unlink (path);
  g_unlink (zip);
  g_rmdir (dir);
}

#if !defined(__SANITIZE_ADDRESS__)
/* The largest resident size of `arc-studio-cli validate DIR`, in KiB */
static long
validate_max_rss (const char *dir)
{
  const char *argv[] = { g_getenv ("ARC_CLI"), "validate", "--errors-only", dir, NULL };
  struct rusage usage;
  int status;
  pid_t pid = fork ();

  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      int null = open ("/dev/null", O_WRONLY);

      dup2 (null, STDOUT_FILENO);
      execv (argv[0], (char **) argv);
      _exit (127);
    }
  g_assert_cmpint (wait4 (pid, &status, 0, &usage), ==, pid);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  return usage.ru_maxrss;
}

static char *
write_tasks (guint n)
{
  const char *task = "{\"train\": [{\"input\": [[1, 2], [3, 4]], \"output\": [[4, 3], [2, 1]]}],"
                     " \"test\": [{\"input\": [[5]], \"output\": [[6]]}]}";
  char *dir = g_dir_make_tmp ("arc-cli-many-XXXXXX", NULL);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("%08x.json", i * 2654435761u);
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_assert_true (g_file_set_contents (path, task, -1, NULL));
    }
  return dir;
}

#endif

/* validate streams: ten times the tasks take no more memory */
static void
test_validate_memory (void)
{
#if defined(__SANITIZE_ADDRESS__)
  g_test_skip ("AddressSanitizer's quarantine grows with every allocation: memory is measured in the normal build");
#else
  g_autofree char *small = write_tasks (2000);
  g_autofree char *large = write_tasks (20000);
  long rss_small = validate_max_rss (small), rss_large = validate_max_rss (large);

  g_test_message ("max RSS: %ld KiB for 2,000 tasks, %ld KiB for 20,000", rss_small, rss_large);
  /* A collection kept whole took about 4 KiB a task (80 MB more) */
  g_assert_cmpint (rss_large, <=, rss_small + 4096);
  remove_tree (small);
  remove_tree (large);
#endif
}

static void
test_json (void)
{
  g_auto(Run) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root, *summary;
  JsonArray *tasks;
  gboolean found_broken = FALSE;

  run_cli (&run, "validate", "--json", "collection", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_true (json_parser_load_from_data (parser, run.out, -1, &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  summary = json_object_get_object_member (root, "summary");
  g_assert_cmpint (json_object_get_int_member (summary, "tasks"), ==, 9);
  g_assert_cmpint (json_object_get_int_member (summary, "valid"), ==, 7);
  g_assert_cmpint (json_object_get_int_member (summary, "invalid"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (summary, "with_warnings"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (summary, "skipped"), ==, 3);
  tasks = json_object_get_array_member (root, "tasks");
  g_assert_cmpuint (json_array_get_length (tasks), ==, 9);
  for (guint i = 0; i < json_array_get_length (tasks); i++)
    {
      JsonObject *t = json_array_get_object_element (tasks, i);

      if (g_str_equal (json_object_get_string_member (t, "id"), "broken"))
        {
          JsonObject *p = json_array_get_object_element (json_object_get_array_member (t, "problems"), 0);

          found_broken = TRUE;
          g_assert_false (json_object_get_boolean_member (t, "valid"));
          g_assert_cmpstr (json_object_get_string_member (t, "file"), ==, "collection/training/broken.json");
          g_assert_cmpstr (json_object_get_string_member (p, "severity"), ==, "error");
          g_assert_cmpstr (json_object_get_string_member (p, "location"), ==, "train[0].input[0][1]");
          g_assert_cmpstr (json_object_get_string_member (p, "message"), ==, "value 12 is outside 0..9");
        }
    }
  g_assert_true (found_broken);
}

static void
test_usage (void)
{
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "validate", "no/such/path", NULL);
    g_assert_cmpint (run.status, ==, 2);
    g_assert_true (g_str_has_prefix (run.err, "no/such/path: "));
    g_assert_cmpstr (run.out, ==, "0 tasks: 0 valid, 0 invalid, 0 with warnings\n1 path could not be read\n");
  }
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "validate", NULL);
    g_assert_cmpint (run.status, ==, 2);
  }
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "validate", "--bogus", "collection", NULL);
    g_assert_cmpint (run.status, ==, 2);
    g_assert_nonnull (strstr (run.err, "--bogus"));
  }
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "frobnicate", NULL);
    g_assert_cmpint (run.status, ==, 2);
  }
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, NULL);
    g_assert_cmpint (run.status, ==, 2);
  }
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "--help", NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.out, "validate"));
  }
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "validate", "--help", NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.out, "--json"));
    /* The usage line names the command, as it is typed (GLib writes "…"
     * as "?" in a locale that is not UTF-8, as in the Flatpak's build) */
    g_assert_nonnull (strstr (run.out, "arc-studio-cli validate [OPTION"));
  }
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "submission", "export", "--help", NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.out, "arc-studio-cli submission export [OPTION"));
    g_assert_nonnull (strstr (run.out, "] PATH -o submission.json"));
  }
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "--version", NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpstr (run.out, ==, "arc-studio-cli " PACKAGE_VERSION "\n");
  }
}

static void
test_render (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-cli-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "a1.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "k1.svg", NULL);
  g_autofree char *pdf = g_build_filename (dir, "g.pdf", NULL);
  g_autofree char *bad = g_build_filename (dir, "x.bmp", NULL);
  g_autofree char *contents = NULL;
  cairo_surface_t *surface;

  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "render", "collection/training/a1.json", "-o", png, "--cell", "10", "--numbers", NULL);
    g_assert_cmpint (run.status, ==, 0);
    surface = cairo_image_surface_create_from_png (png);
    g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
    g_assert_cmpint (cairo_image_surface_get_width (surface), >, 2 * (2 * 11 + 1));
    cairo_surface_destroy (surface);
  }
  {
    /* A collection needs --task; the format follows the extension */
    g_auto(Run) run = { 0 };
    run_cli (&run, "render", "collection", "--task", "k1", "-o", svg, "--with-test-outputs", "--theme", "colour-blind", NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (g_file_get_contents (svg, &contents, NULL, NULL));
    g_assert_true (g_str_has_prefix (contents, "<?xml"));
    g_assert_nonnull (strstr (contents, "<svg"));
  }
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "render", "collection/training/a1.json", "--grid", "train-1-output", "--no-grid-lines", "-o", pdf, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_clear_pointer (&contents, g_free);
    g_assert_true (g_file_get_contents (pdf, &contents, NULL, NULL));
    g_assert_true (g_str_has_prefix (contents, "%PDF-"));
  }
  {
    /* An invalid task: status 1 and the validator's message */
    g_auto(Run) run = { 0 };
    run_cli (&run, "render", "collection/training/broken.json", "-o", png, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_cmpstr (run.err, ==, "collection/training/broken.json: train[0].input[0][1]: value 12 is outside 0..9\n");
  }
  {
    /* Usage errors: status 2 */
    const char *cases[][8] = {
      { "render", "collection", "-o", NULL },
      { "render", "collection", "-o", "x.png", NULL },
      { "render", "collection/training/a1.json", "-o", "x.bmp", NULL },
      { "render", "collection/training/a1.json", NULL },
      { "render", "collection/training/a1.json", "-o", "x.png", "--theme", "sepia", NULL },
      { "render", "collection/training/a1.json", "-o", "x.png", "--cell", "0", NULL },
      { "render", "collection", "--task", "nope", "-o", "x.png", NULL },
      { "render", "collection/training/a1.json", "--grid", "train-9-input", "-o", "x.png", NULL },
    };
    for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        g_auto(Run) run = { 0 };
        run_cli (&run, cases[i][0], cases[i][1], cases[i][2], cases[i][3], cases[i][4], cases[i][5], cases[i][6], cases[i][7], NULL);
        g_assert_cmpint (run.status, ==, 2);
        g_assert_cmpstr (run.err, !=, "");
      }
    g_assert_false (g_file_test (bad, G_FILE_TEST_EXISTS));
  }
  {
    /* Counted from 0, as in the files: told that N counts from 1 */
    g_auto(Run) run = { 0 };
    run_cli (&run, "render", "collection/training/a1.json", "--grid", "test-0-output", "-o", "x.png", NULL);
    g_assert_cmpint (run.status, ==, 2);
    g_assert_nonnull (strstr (run.err, "with N from 1"));
  }
  g_unlink (png);
  g_unlink (svg);
  g_unlink (pdf);
  g_rmdir (dir);
}

static void
test_stats_and_notes_export (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-cli-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "annotations.jsonl", NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;

  {
    g_auto(Run) run = { 0 };
    /* ada's progress is hers; bob's annotation is another's */
    run_cli (&run, "stats", "--annotator", "ada", "collection", NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpstr (run.out, ==, "tasks: 9\nvalid: 7\ninvalid: 2\nannotated: 1\nattempted: 1\nsolved: 1\nfailed: 0\n"
                                  "(the progress of ada)\ndescriptions: 2\nbuilds: 0\n"
                                  "others: annotated 1, attempted 0, solved 0, failed 0\n");
  }
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "stats", "--json", "--annotator", "ada", "collection/training", NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpstr (run.out, ==, "{\"tasks\":4,\"valid\":3,\"invalid\":1,\"annotator\":\"ada\",\"annotated\":1,"
                                  "\"attempted\":1,\"solved\":1,\"failed\":0,\"descriptions\":1,\"builds\":0,"
                                  "\"others\":{\"annotated\":0,\"attempted\":0,\"solved\":0,\"failed\":0}}\n");
  }
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "notes", "export", "collection", "-o", out, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (g_file_get_contents (out, &contents, NULL, NULL));
    lines = g_strsplit (contents, "\n", -1);
    g_assert_cmpuint (g_strv_length (lines), ==, 3);  /* two lines and the end */
    g_assert_true (g_str_has_prefix (lines[0], "{\"id\":\"k1\",\"group\":\"kaggle/training\",\"file\":\"collection/kaggle/arc-agi_training_challenges.json#k1\",\"annotations\":{\"bob\":{\"description\":{\"input\":\"In the input, you should see a row of two equal cells.\""));
    g_assert_true (g_str_has_prefix (lines[1], "{\"id\":\"task_2\",\"group\":\"training\""));
    g_assert_nonnull (strstr (lines[1], "\"tags\":[\"mirror\",\"diagonal\"]"));
  }
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "notes", "export", "collection", NULL);
    g_assert_cmpint (run.status, ==, 2);
  }
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "stats", "no/such/path", NULL);
    g_assert_cmpint (run.status, ==, 2);
  }
  g_unlink (out);
  g_rmdir (dir);
}

static char *
write_temp (const char *dir, const char *name, const char *contents)
{
  char *path = g_build_filename (dir, name, NULL);
  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
  return path;
}

/* A JSON Lines file works with every command: validate, score, render, stats */
static void
test_json_lines (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-cli-jsonl-XXXXXX", NULL);
  g_autofree char *lines = write_temp (dir, "gen.jsonl",
    "{\"id\": \"a\", \"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]], \"output\": [[4]]}]}\n"
    "{\"id\": \"b\", \"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]], \"output\": [[5]]}]}\n"
    "not json\n");
  g_autofree char *submission = write_temp (dir, "submission.json",
    "{\"a\": [{\"attempt_1\": [[4]], \"attempt_2\": [[0]]}], \"b\": [{\"attempt_1\": [[4]], \"attempt_2\": [[0]]}]}");
  g_autofree char *png = g_build_filename (dir, "b.png", NULL);
  g_autofree char *bad_line = g_strdup_printf ("%s#3: line 3, column 1: unexpected character “n”, expected a value", lines);

  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "validate", "--errors-only", lines, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_true (has_line (run.out, bad_line));
    g_assert_true (has_line (run.out, "3 tasks: 2 valid, 1 invalid, 2 with warnings"));
  }
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "score", submission, lines, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (g_str_has_suffix (run.out, "tasks: 1/2 correct (50.0%)\n"));
  }
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "render", lines, "--task", "b", "-o", png, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  }
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "stats", lines, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (has_line (run.out, "tasks: 3"));
    g_assert_true (has_line (run.out, "invalid: 1"));
  }
}

#define RIGHT "[[0, 1], [1, 0]]"

static void
test_score (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-score-XXXXXX", NULL);
  g_autofree char *all_right = write_temp (dir, "right.json",
    "{\"e1\": [{\"attempt_1\": " RIGHT ", \"attempt_2\": [[0]]}],"
    " \"k1\": [{\"attempt_1\": [[8, 8]], \"attempt_2\": [[0]]}, {\"attempt_1\": [[1, 1]], \"attempt_2\": [[0]]}],"
    " \"a1\": [{\"attempt_1\": " RIGHT ", \"attempt_2\": " RIGHT "}],"
    " \"task_2\": [{\"attempt_1\": " RIGHT ", \"attempt_2\": [[0]]}],"
    " \"task_10\": [{\"attempt_1\": [[0]], \"attempt_2\": " RIGHT "}]}");
  g_autofree char *all_wrong = write_temp (dir, "wrong.json",
    "{\"e1\": [{\"attempt_1\": [[0]], \"attempt_2\": [[0]]}],"
    " \"k1\": [{\"attempt_1\": [[8]], \"attempt_2\": [[8, 8, 8]]}, {\"attempt_1\": [[1, 1], [1, 1]], \"attempt_2\": [[0]]}],"
    " \"a1\": [{\"attempt_1\": [[0, 1, 9], [1, 0, 9]], \"attempt_2\": [[0]]}],"
    " \"task_2\": [{\"attempt_1\": [[1, 0], [0, 1]], \"attempt_2\": [[0]]}],"
    " \"task_10\": [{\"attempt_1\": [[0]], \"attempt_2\": [[0]]}]}");
  /* e1 right by its second attempt; k1 gives one entry for two test inputs;
   * task_2 missing; task_10 has a ragged grid; zzz is unknown */
  g_autofree char *partly = write_temp (dir, "partly.json",
    "{\"e1\": [{\"attempt_1\": [[0]], \"attempt_2\": " RIGHT "}],"
    " \"k1\": [{\"attempt_1\": [[8, 8]], \"attempt_2\": [[0]]}],"
    " \"a1\": [{\"attempt_1\": " RIGHT ", \"attempt_2\": [[0]]}],"
    " \"task_10\": [{\"attempt_1\": [[0, 1], [1]], \"attempt_2\": [[12]]}],"
    " \"zzz\": [{\"attempt_1\": [[0]], \"attempt_2\": [[0]]}]}");
  g_autofree char *not_json = write_temp (dir, "bad.json", "{\"e1\": [");

  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "score", all_right, "collection", NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (has_line (run.out, "k1: 2/2 test outputs ✓"));
    g_assert_true (g_str_has_suffix (run.out, "test outputs: 6/6 matched (100.0%)\ntasks: 5/5 correct (100.0%)\n"));
  }
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "score", all_wrong, "collection", NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (g_str_has_suffix (run.out, "test outputs: 0/6 matched (0.0%)\ntasks: 0/5 correct (0.0%)\n"));
  }
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "score", partly, "collection", NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (has_line (run.out, "e1: 1/1 test output ✓"));
    g_assert_true (has_line (run.out, "k1: 1/2 test outputs"));
    g_assert_true (has_line (run.out, "task_2: 0/1 test output (missing from the submission)"));
    g_assert_true (g_str_has_suffix (run.out, "test outputs: 3/6 matched (50.0%)\ntasks: 2/5 correct (40.0%)\n"));
    /* Clear messages naming the task and test index */
    g_assert_nonnull (strstr (run.err, "task_10[0]: attempt_1: [1]: the row has 1 cell, but row 0 has 2"));
    g_assert_nonnull (strstr (run.err, "task_10[0]: attempt_2: [0][0]: value 12 is outside 0..9"));
    g_assert_nonnull (strstr (run.err, "k1: 1 entry for 2 test inputs; the missing ones count as wrong"));
    g_assert_nonnull (strstr (run.err, "zzz: no such task in the collection"));
  }
  {
    g_auto(Run) run = { 0 };
    g_autoptr(JsonParser) parser = json_parser_new ();
    JsonObject *root;

    run_cli (&run, "score", "--json", partly, "collection", NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (json_parser_load_from_data (parser, run.out, -1, NULL));
    root = json_node_get_object (json_parser_get_root (parser));
    g_assert_cmpint (json_object_get_int_member (root, "test_outputs_matched"), ==, 3);
    g_assert_cmpint (json_object_get_int_member (root, "tasks_correct"), ==, 2);
    g_assert_cmpfloat (json_object_get_double_member (root, "score"), ==, 0.4);
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "problems")), ==, 4);
  }
  {
    /* An empty list: said once, in the singular for one test input */
    g_auto(Run) run = { 0 };
    g_autofree char *empty = g_build_filename (dir, "empty.json", NULL);

    g_assert_true (g_file_set_contents (empty, "{\"task_2\": []}", -1, NULL));
    run_cli (&run, "score", empty, "collection/training", NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.err, "task_2: no entry for its 1 test input; it counts as wrong"));
    g_unlink (empty);
  }
  {
    /* An entry that is not a list: said once, by the file's problems */
    g_auto(Run) run = { 0 };
    g_autofree char *object = g_build_filename (dir, "object.json", NULL);

    g_assert_true (g_file_set_contents (object, "{\"task_2\": {}}", -1, NULL));
    run_cli (&run, "score", object, "collection/training", NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.err, "task_2: expected a list with one entry per test input"));
    g_assert_null (strstr (strstr (run.err, "task_2: expected") + 1, "task_2"));  /* once */
    g_unlink (object);
  }
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "score", not_json, "collection", NULL);
    g_assert_cmpint (run.status, ==, 2);
    g_assert_nonnull (strstr (run.err, "line 1, column 9: unexpected end of data, expected a value"));
  }
}

static void
test_submission_export (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-sub-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "submission.json", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_auto(Run) run = { 0 };
  JsonObject *root;
  JsonArray *task_2;

  /* training/task_2 has one counted, correct attempt in its notes */
  run_cli (&run, "submission", "export", "collection/training", "-o", out, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_suffix (run.out, "3 test inputs, 1 with attempts, 2 with a 1×1 placeholder\n"));
  g_assert_true (g_file_get_contents (out, &contents, NULL, NULL));
  g_assert_true (json_parser_load_from_data (parser, contents, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpuint (json_object_get_size (root), ==, 3);  /* broken.json is invalid and left out */
  task_2 = json_object_get_array_member (root, "task_2");
  g_assert_cmpuint (json_array_get_length (task_2), ==, 1);
  g_assert_true (json_object_has_member (json_array_get_object_element (task_2, 0), "attempt_2"));
  {
    /* And it scores as the notes say */
    g_auto(Run) score = { 0 };
    run_cli (&score, "score", out, "collection/training", NULL);
    g_assert_true (g_str_has_suffix (score.out, "tasks: 1/3 correct (33.3%)\n"));
  }
  {
    /* Into a folder that is not there: the file asked for is named, not
     * the temporary one beside it */
    g_auto(Run) failed = { 0 };
    g_autofree char *nowhere = g_build_filename (dir, "missing", "submission.json", NULL);
    g_autofree char *line = g_strdup_printf ("arc-studio-cli submission export: %s could not be saved: its folder does not exist", nowhere);

    run_cli (&failed, "submission", "export", "collection/training", "-o", nowhere, NULL);
    g_assert_cmpint (failed.status, ==, 2);
    g_assert_true (g_str_has_prefix (failed.err, line));
    g_assert_null (strstr (failed.err, "submission.json."));
  }
}

static void
test_trajectories_export (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-traj-XXXXXX", NULL);
  g_autofree char *arctraj = g_build_filename (dir, "a.jsonl", NULL);
  g_autofree char *jaxarc = g_build_filename (dir, "j.jsonl", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *contents = NULL;
  JsonObject *line;
  JsonArray *actions, *ids, *rewards, *states, *selections;

  {
    g_auto(Run) run = { 0 };
    g_autofree char *expected = g_strdup_printf ("1 trajectory written to %s\n", arctraj);

    run_cli (&run, "trajectories", "export", "trajectories", "-o", arctraj, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpstr (run.out, ==, expected);
  }
  g_assert_true (g_file_get_contents (arctraj, &contents, NULL, NULL));
  g_assert_true (json_parser_load_from_data (parser, contents, -1, NULL));
  line = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (line, "task_id"), ==, "flip");
  g_assert_cmpstr (json_object_get_string_member (line, "annotator"), ==, "ada");
  g_assert_true (json_object_get_boolean_member (line, "success"));
  actions = json_object_get_array_member (line, "actions");
  g_assert_cmpuint (json_array_get_length (actions), ==, 4);
  {
    JsonObject *flip = json_array_get_object_element (actions, 2);
    JsonObject *select = json_array_get_object_element (actions, 1);

    g_assert_cmpstr (json_object_get_string_member (flip, "category"), ==, "Object-Oriented");
    g_assert_cmpstr (json_object_get_string_member (flip, "operation"), ==, "Flip");
    g_assert_cmpstr (json_object_get_string_member (flip, "direction"), ==, "horizontal");
    g_assert_cmpstr (json_object_get_string_member (flip, "timestamp"), ==, "2026-11-22T10:00:05.000Z");
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (flip, "object")), ==, 4);
    g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (select, "position"), "x"), ==, 0);
    g_assert_cmpint (json_array_get_int_element (json_array_get_array_element (json_object_get_array_member (select, "grid"), 1), 1), ==, 2);
  }

  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "trajectories", "export", "--format", "jaxarc", "trajectories", "-o", jaxarc, NULL);
    g_assert_cmpint (run.status, ==, 0);
  }
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (jaxarc, &contents, NULL, NULL));
  g_assert_true (json_parser_load_from_data (parser, contents, -1, NULL));
  line = json_node_get_object (json_parser_get_root (parser));
  /* Selections are not steps: copy input (32), flip horizontally (26), submit (34) */
  ids = json_object_get_array_member (line, "actions");
  g_assert_cmpuint (json_array_get_length (ids), ==, 3);
  g_assert_cmpint (json_array_get_int_element (ids, 0), ==, 32);
  g_assert_cmpint (json_array_get_int_element (ids, 1), ==, 26);
  g_assert_cmpint (json_array_get_int_element (ids, 2), ==, 34);
  states = json_object_get_array_member (line, "states");
  g_assert_cmpuint (json_array_get_length (json_array_get_array_element (states, 0)), ==, 30);
  /* Padding is -1 outside the 2x2 grid, and the mask says so */
  g_assert_cmpint (json_array_get_int_element (json_array_get_array_element (json_array_get_array_element (states, 1), 0), 0), ==, 1);
  g_assert_cmpint (json_array_get_int_element (json_array_get_array_element (json_array_get_array_element (states, 1), 0), 2), ==, -1);
  g_assert_false (json_array_get_boolean_element (json_array_get_array_element (json_array_get_array_element (json_object_get_array_member (line, "state_masks"), 1), 2), 0));
  /* The flip's selection mask is the 2x2 selection */
  selections = json_object_get_array_member (line, "selections");
  g_assert_true (json_array_get_boolean_element (json_array_get_array_element (json_array_get_array_element (selections, 1), 1), 1));
  g_assert_false (json_array_get_boolean_element (json_array_get_array_element (json_array_get_array_element (selections, 1), 1), 2));
  /* Rewards: similarity of the next state to the answer */
  rewards = json_object_get_array_member (line, "rewards");
  g_assert_cmpfloat (json_array_get_double_element (rewards, 0), ==, 0.0);
  g_assert_cmpfloat (json_array_get_double_element (rewards, 1), ==, 1.0);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (line, "grid_hs"), 0), ==, 2);
  g_assert_true (json_object_get_boolean_member (line, "success"));
  g_assert_false (json_object_get_boolean_member (line, "has_orphan_paste"));
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "trajectories", "export", "--format", "csv", "trajectories", "-o", jaxarc, NULL);
    g_assert_cmpint (run.status, ==, 2);
  }
}

#define FALLBACK_TASK "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[1]], \"output\": [[2]]}]}"

/* The subprocess of test_fallback_notes(): saves notes on the collection
 * $ARC_TEST_COLLECTION, whose folder it cannot write, through the store as
 * the app does. As root it first becomes nobody, for whom chmod counts. */
static void
save_fallback_notes (void)
{
  const char *root = g_getenv ("ARC_TEST_COLLECTION");
  g_autoptr(GFile) file = g_file_new_for_path (root);
  g_autoptr(ArcCollection) collection = NULL;
  g_autoptr(ArcNotesStore) store = NULL;
  g_autoptr(ArcGrid) right = arc_grid_new_from_data (1, 1, (guint8[]) { 2 });
  g_autoptr(ArcGrid) wrong = arc_grid_new_from_data (1, 1, (guint8[]) { 3 });
  g_autoptr(GError) error = NULL;
  ArcNotesPlace place;
  ArcNotes *notes;
  ArcAnnotation *a;
  ArcAttempt *at;

  if (getuid () == 0 && (setgid (65534) != 0 || setuid (65534) != 0))
    return;
  if (access (root, W_OK) == 0)
    return;  /* the folder is writable after all: the parent skips */

  collection = arc_collection_new_for_file (file, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (collection)), ==, 2);
  store = arc_notes_store_new (collection, NULL);

  /* "failed": a wrong answer that used up its one trial */
  notes = arc_notes_store_get (store, arc_collection_get_entry (collection, 0), &place, &error);
  g_assert_no_error (error);
  g_assert_cmpint (place, ==, ARC_NOTES_FALLBACK);
  at = arc_attempt_new (0, wrong, ARC_VERDICT_WRONG, TRUE);
  at->trials = 1;
  g_ptr_array_add (arc_notes_ensure (notes, "failed", "bob")->attempts, at);
  g_assert_true (arc_notes_save (notes, TRUE, &error));
  g_assert_no_error (error);

  /* "solved": described, and solved with a trajectory */
  notes = arc_notes_store_get (store, arc_collection_get_entry (collection, 1), &place, &error);
  g_assert_cmpint (place, ==, ARC_NOTES_FALLBACK);
  a = arc_notes_ensure (notes, "solved", "ada");
  g_free (a->transform_text);
  a->transform_text = g_strdup ("To make the output, you have to paint it red.");
  at = arc_attempt_new (0, right, ARC_VERDICT_CORRECT, TRUE);
  at->actions = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_action_free);
  g_ptr_array_add (at->actions, arc_action_new ("Critical", "Submit", right));
  g_ptr_array_add (a->attempts, at);
  g_assert_true (arc_notes_save (notes, TRUE, &error));
  g_assert_no_error (error);
}

/* Notes that the app kept in the user's data folder, because the
 * collection's folder cannot be written, are read by every command */
static void
test_fallback_notes (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-ro-XXXXXX", NULL);
  g_autofree char *failed = g_build_filename (dir, "failed.json", NULL);
  g_autofree char *solved = g_build_filename (dir, "solved.json", NULL);
  g_autofree char *beside = g_build_filename (dir, "solved.arcnotes", NULL);
  g_autofree char *out = g_build_filename (g_getenv ("XDG_DATA_HOME"), "out.jsonl", NULL);
  g_autofree char *sub = g_build_filename (g_getenv ("XDG_DATA_HOME"), "submission.json", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (dir);
  g_autoptr(ArcCollection) collection = NULL;
  g_autoptr(ArcNotesStore) store = NULL;

  if (g_test_subprocess ())
    {
      save_fallback_notes ();
      return;
    }
  g_assert_true (g_file_set_contents (failed, FALLBACK_TASK, -1, NULL));
  g_assert_true (g_file_set_contents (solved, FALLBACK_TASK, -1, NULL));
  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);
  g_setenv ("ARC_TEST_COLLECTION", dir, TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDOUT | G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();

  /* Nothing beside the tasks: the notes are in the fallback folder, or
   * nowhere when the folder could not be made read-only for the saver */
  g_assert_false (g_file_test (beside, G_FILE_TEST_EXISTS));
  collection = arc_collection_new_for_file (file, NULL, NULL, NULL);
  store = arc_notes_store_new (collection, NULL);
  if (!g_file_query_exists (arc_notes_store_fallback_dir (store), NULL))
    g_test_skip ("the collection's folder could not be made read-only (root without setuid?)");
  else
    {
      {
        g_auto(Run) run = { 0 };
        run_cli (&run, "stats", "--json", "--annotator", "ada", dir, NULL);
        g_assert_cmpstr (run.err, ==, "");
        g_assert_cmpint (run.status, ==, 0);
        g_assert_cmpstr (run.out, ==, "{\"tasks\":2,\"valid\":2,\"invalid\":0,\"annotator\":\"ada\",\"annotated\":1,"
                                      "\"attempted\":1,\"solved\":1,\"failed\":0,\"descriptions\":1,\"builds\":0,"
                                      "\"others\":{\"annotated\":0,\"attempted\":1,\"solved\":0,\"failed\":1}}\n");
      }
      {
        g_auto(Run) run = { 0 };
        run_cli (&run, "stats", "--annotator", "ada", dir, NULL);
        g_assert_nonnull (strstr (run.out, "\nsolved: 1\nfailed: 0\n(the progress of ada)\n"));
        g_assert_true (g_str_has_suffix (run.out, "others: annotated 0, attempted 1, solved 0, failed 1\n"));
      }
      {
        g_auto(Run) run = { 0 };
        run_cli (&run, "notes", "export", dir, "-o", out, NULL);
        g_assert_cmpint (run.status, ==, 0);
        g_assert_true (g_file_get_contents (out, &contents, NULL, NULL));
        g_assert_true (g_str_has_prefix (contents, "{\"id\":\"solved\","));
        g_assert_nonnull (strstr (contents, "paint it red"));
        g_assert_cmpint (strchr (contents, '\n') - contents + 1, ==, strlen (contents));  /* one line */
      }
      {
        g_auto(Run) run = { 0 };
        run_cli (&run, "trajectories", "export", dir, "-o", out, NULL);
        g_assert_cmpint (run.status, ==, 0);
        g_assert_true (g_str_has_prefix (run.out, "1 trajectory written to "));
        g_clear_pointer (&contents, g_free);
        g_assert_true (g_file_get_contents (out, &contents, NULL, NULL));
        g_assert_true (g_str_has_prefix (contents, "{\"task_id\":\"solved\",\"group\":\"\",\"annotator\":\"ada\",\"test\":0,\"success\":true"));
      }
      {
        g_auto(Run) run = { 0 };
        run_cli (&run, "submission", "export", dir, "-o", sub, NULL);
        g_assert_cmpint (run.status, ==, 0);
        g_assert_true (g_str_has_suffix (run.out, ": 2 test inputs, 2 with attempts, 0 with a 1×1 placeholder\n"));
      }
    }
  g_chmod (dir, 0755);
  remove_tree (dir);
}

/* A notes file that does not parse: every command that reads notes names
 * it on stderr, still does its work, and exits with status 1 */
static void
test_unreadable_notes (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-bad-XXXXXX", NULL);
  g_autofree char *task = g_build_filename (dir, "t.json", NULL);
  g_autofree char *bad = g_build_filename (dir, "t.arcnotes", NULL);
  g_autofree char *out = g_build_filename (dir, "out", NULL);
  const char *commands[][2] = { { "notes", "export" }, { "trajectories", "export" }, { "submission", "export" } };

  g_assert_true (g_file_set_contents (task, FALLBACK_TASK, -1, NULL));
  g_assert_true (g_file_set_contents (bad, "{ not json", -1, NULL));
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "stats", dir, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_true (g_str_has_prefix (run.err, bad));
    g_assert_cmpuint (strlen (strchr (run.err, '\n')), ==, 1);  /* said once */
    g_assert_true (g_str_has_prefix (run.out, "tasks: 1\n"));
  }
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto(Run) run = { 0 };
      run_cli (&run, commands[i][0], commands[i][1], dir, "-o", out, NULL);
      g_assert_cmpint (run.status, ==, 1);
      g_assert_true (g_str_has_prefix (run.err, bad));
      g_assert_true (g_file_test (out, G_FILE_TEST_EXISTS));
      g_unlink (out);
    }
  remove_tree (dir);
}

/* format: each file keeps its layout (or takes --compact/--pretty) and its
 * unknown members; --check lists the files that would change */
static void
test_format (void)
{
  const char *compact = "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]]}]}";
  const char *pretty = "{\"train\":[{\"input\":[[1, 2]],\n\"output\":[[2,1]]}], \"test\":[{\"input\":[[3]]}], \"note\": {\"by\": \"me\", \"v\": 1.25}}";
  const char *ugly = "{ \"test\": [{\"input\": [[3]]}], \"train\": [{\"output\": [[2]], \"input\": [[1]]}] }";
  g_autofree char *dir = g_dir_make_tmp ("arc-cli-format-XXXXXX", NULL);
  g_autofree char *sub = g_build_filename (dir, "sub", NULL);
  g_autofree char *p_compact = g_build_filename (dir, "compact.json", NULL);
  g_autofree char *p_pretty = g_build_filename (dir, "pretty.json", NULL);
  g_autofree char *p_ugly = g_build_filename (sub, "ugly.json", NULL);
  g_autofree char *p_bad = g_build_filename (dir, "bad.json", NULL);
  g_autofree char *p_kaggle = g_build_filename (dir, "x_challenges.json", NULL);
  g_autofree char *text = NULL;

  g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
  g_assert_true (g_file_set_contents (p_compact, compact, -1, NULL));
  g_assert_true (g_file_set_contents (p_pretty, pretty, -1, NULL));
  g_assert_true (g_file_set_contents (p_ugly, ugly, -1, NULL));
  {
    g_auto(Run) run = { 0 };
    g_autofree char *expected = g_strdup_printf ("%s\n%s\n", p_pretty, p_ugly);

    run_cli (&run, "format", "--check", dir, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_cmpstr (run.out, ==, expected);
    g_assert_true (file_contains (p_pretty, pretty));
  }
  {
    g_auto(Run) run = { 0 };
    g_auto(Run) again = { 0 };

    run_cli (&run, "format", dir, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpstr (run.out, ==, "2 of 3 files reformatted\n");
    g_assert_true (g_file_get_contents (p_pretty, &text, NULL, NULL));
    g_assert_cmpstr (text, ==, "{\n  \"train\": [\n    {\n      \"input\": [\n        [1, 2]\n      ],\n"
                               "      \"output\": [\n        [2, 1]\n      ]\n    }\n  ],\n  \"test\": [\n    {\n"
                               "      \"input\": [\n        [3]\n      ]\n    }\n  ],\n  \"note\": {\n"
                               "    \"by\": \"me\",\n    \"v\": 1.25\n  }\n}\n");
    g_clear_pointer (&text, g_free);
    g_assert_true (g_file_get_contents (p_ugly, &text, NULL, NULL));
    g_assert_cmpstr (text, ==, "{\"test\": [{\"input\": [[3]]}], \"train\": [{\"input\": [[1]], \"output\": [[2]]}]}");
    g_clear_pointer (&text, g_free);
    run_cli (&again, "format", "--check", dir, NULL);
    g_assert_cmpint (again.status, ==, 0);
    g_assert_cmpstr (again.out, ==, "");
  }
  {
    g_auto(Run) run = { 0 };
    g_auto(Run) both = { 0 };
    g_auto(Run) kaggle = { 0 };

    run_cli (&run, "format", "--compact", p_pretty, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (g_file_get_contents (p_pretty, &text, NULL, NULL));
    g_assert_null (strchr (text, '\n'));
    g_assert_nonnull (strstr (text, "\"note\": {\"by\": \"me\", \"v\": 1.25}"));
    g_clear_pointer (&text, g_free);
    run_cli (&both, "format", "--compact", "--pretty", p_pretty, NULL);
    g_assert_cmpint (both.status, ==, 2);
    g_assert_true (g_file_set_contents (p_kaggle, "{}", -1, NULL));
    run_cli (&kaggle, "format", p_kaggle, NULL);
    g_assert_cmpint (kaggle.status, ==, 2);
    g_unlink (p_kaggle);
  }
  {
    /* In a folder, a Kaggle file is named and left; the rest is checked */
    g_auto(Run) run = { 0 };
    g_autofree char *p_pair = g_build_filename (sub, "y_challenges.json", NULL);
    g_autofree char *said = g_strdup_printf ("%s: a Kaggle or JSON Lines file, left as it is", p_pair);

    g_assert_true (g_file_set_contents (p_pair, "{\"k\": {\"train\": [{\"input\": [[1]], \"output\": [[2]]}], "
                                                "\"test\": [{\"input\": [[3]]}]}}", -1, NULL));
    run_cli (&run, "format", "--check", dir, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.err, said));
    g_assert_null (strstr (strstr (run.err, said) + 1, said));  /* once */
    g_assert_true (file_contains (p_pair, "{\"k\": {"));
    g_unlink (p_pair);
  }
  {
    g_auto(Run) run = { 0 };
    g_autofree char *expected = g_strdup_printf ("%s: ", p_bad);

    g_assert_true (g_file_set_contents (p_bad, "{\"train\": []}", -1, NULL));
    run_cli (&run, "format", "--pretty", dir, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_true (g_str_has_prefix (run.err, expected));
    g_assert_true (file_contains (p_bad, "{\"train\": []}"));
    g_assert_true (file_contains (p_compact, "{\n  \"train\""));
  }
  remove_tree (dir);
}


/* Writes the task of LARC's file @larc_path as DIR/ID.json; returns the id */
static char *
copy_larc_task (const char *larc_path,
                const char *dir)
{
  g_autofree char *data = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(JsonNode) task = json_node_new (JSON_NODE_OBJECT);
  g_autofree char *text = NULL, *path = NULL;
  JsonObject *o, *t = json_object_new ();
  const char *name;

  g_assert_true (g_file_get_contents (larc_path, &data, NULL, NULL));
  root = json_from_string (data, NULL);
  o = json_node_get_object (root);
  name = json_object_get_string_member (o, "name");
  json_object_set_member (t, "train", json_node_copy (json_object_get_member (o, "train")));
  json_object_set_member (t, "test", json_node_copy (json_object_get_member (o, "test")));
  json_node_take_object (task, t);
  text = json_to_string (task, FALSE);
  path = g_build_filename (dir, name, NULL);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return g_strndup (name, strlen (name) - 5);
}

/* notes import-larc on hand-made files with every quirk: warnings, what it
 * skipped and why, --dry-run, then export in LARC's layout and trajectories */
static void
test_larc_import_fixtures (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-cli-larc-XXXXXX", NULL);
  g_autofree char *larc = g_build_filename (g_getenv ("ARC_FIXTURES_DIR"), "larc", "tasks_json", NULL);
  g_autofree char *fixture = g_build_filename (larc, "1.json", NULL);
  g_autofree char *id = copy_larc_task (fixture, dir);
  g_autofree char *notes = g_build_filename (dir, "0ca9ddb6.arcnotes", NULL);
  g_autofree char *out = g_dir_make_tmp ("arc-cli-larc-out-XXXXXX", NULL);
  g_autofree char *exported = g_build_filename (out, "1.json", NULL);
  g_autofree char *credits = g_build_filename (out, "CREDITS.md", NULL);
  g_autofree char *traj = g_build_filename (dir, "trajectories.jsonl", NULL);
  g_autofree char *contents = NULL;

  g_assert_cmpstr (id, ==, "0ca9ddb6");
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "notes", "import-larc", "--dry-run", larc, dir, NULL);
    g_assert_cmpint (run.status, ==, 1);  /* 3.json does not parse */
    g_assert_true (has_line (run.out, "would import 2 descriptions and 2 builds for 1 task"));
    g_assert_false (g_file_test (notes, G_FILE_TEST_EXISTS));
  }
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "notes", "import-larc", larc, dir, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_true (g_str_has_prefix (run.out, "imported 2 descriptions and 2 builds for 1 task\n"
                                              "2 records added or changed in 1 notes file\n"
                                              "skipped 3 files:\n"));
    g_assert_nonnull (strstr (run.out, "\n  2.json: task ffffff01 is not in "));
    g_assert_nonnull (strstr (run.out, "\n  3.json: "));
    g_assert_true (has_line (run.out, "  4.json: no “name”, so its task is not known"));
    g_assert_nonnull (strstr (run.out, "LARC's descriptions are CC BY 4.0"));
    g_assert_true (has_line (run.err, "arc-studio-cli notes import-larc: warning: 1.json: descriptions.d1: “confidence” is a number written as a string (“7”)"));
    g_assert_true (has_line (run.err, "arc-studio-cli notes import-larc: warning: 1.json: descriptions.d1.action_sequence[2]: an action without its tool, kept as it is for the export"));
    g_assert_true (has_line (run.err, "arc-studio-cli notes import-larc: warning: 2.json: descriptions: null: the task has no descriptions"));
    g_assert_true (file_contains (notes, "\"larc:u1\" : {"));
    g_assert_true (file_contains (notes, "\"larc:u1 (2)\" : {"));
    g_assert_true (file_contains (notes, "\"builder\" : \"larc:u2\""));
  }
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "notes", "export", dir, "--format", "larc", "-o", out, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_autofree char *line = g_strdup_printf ("1 task written to %s in LARC's layout: 2 descriptions, 2 builds", out);

    g_assert_true (has_line (run.out, line));
    g_assert_true (g_file_get_contents (exported, &contents, NULL, NULL));
    g_assert_nonnull (strstr (contents, "\"name\":\"0ca9ddb6.json\""));
    g_assert_nonnull (strstr (contents, "{\"symbol\":\"2\",\"tool\":\"edit\",\"x\":\"0\",\"y\":\"1\"}"));
    g_assert_nonnull (strstr (contents, "{\"copy_paste_data\":[[0,0,1],[0,1,0]],\"tool\":\"paste\",\"x\":1,\"y\":0}"));
    /* The action without a tool, back as LARC had it */
    g_assert_nonnull (strstr (contents, "{\"action\":{\"symbol\":\"2\"},\"grid\":[[1,0],[0,0]],\"time\":2.5}"));
    g_assert_true (file_contains (credits, "Creative Commons Attribution 4.0"));
  }
  {
    /* A file that cannot be written (a folder in its place) stops the
     * export, naming it, with nothing said written */
    g_auto(Run) run = { 0 };
    g_autofree char *blocked = g_dir_make_tmp ("arc-cli-larc-blocked-XXXXXX", NULL);
    g_autofree char *in_place = g_build_filename (blocked, "1.json", NULL);

    g_assert_cmpint (g_mkdir (in_place, 0755), ==, 0);
    run_cli (&run, "notes", "export", dir, "--format", "larc", "-o", blocked, NULL);
    g_assert_cmpint (run.status, ==, 2);
    g_assert_nonnull (strstr (run.err, in_place));
    g_assert_null (strstr (run.out, "written to"));
    remove_tree (blocked);
  }
  {
    g_auto(Run) run = { 0 };
    g_autofree char *line = g_strdup_printf ("3 trajectories written to %s", traj);

    run_cli (&run, "trajectories", "export", dir, "-o", traj, NULL);
    g_assert_cmpint (run.status, ==, 0);
    /* The verification's two attempts and the build's one */
    if (!has_line (run.out, line))
      g_error ("expected “%s” in: %s", line, run.out);
    g_assert_true (file_contains (traj, "\"annotator\":\"larc:u2\",\"test\":0,\"success\":false"));
    g_assert_true (file_contains (traj, "\"description\":\"larc:u1\",\"build\":\"b1\""));
    /* which is no ARCTraj action */
    g_assert_false (file_contains (traj, "\"Unknown\""));
  }
  remove_tree (dir);
  remove_tree (out);
}

/* LARC's files shared here: imported into ARC-AGI-1's tasks, imported again
 * without a byte changed, and exported back as they were */
static void
test_larc_shared (void)
{
  g_autofree char *larc = g_build_filename (g_getenv ("ARC_SHARED_DATA"), "larc", "tasks_json", NULL);
  g_autofree char *dir = NULL;
  g_autofree char *out = NULL;
  g_autoptr(GDir) listing = g_dir_open (larc, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) before = g_string_new (NULL);
  g_autoptr(GString) after = g_string_new (NULL);
  const char *name;

  if (listing == NULL)
    {
      g_test_skip ("../shared/data/larc is not here");
      return;
    }
  dir = g_dir_make_tmp ("arc-cli-larc-XXXXXX", NULL);
  out = g_dir_make_tmp ("arc-cli-larc-out-XXXXXX", NULL);
  {
    /* Into a folder of none of LARC's tasks: says so, writes nothing */
    g_auto(Run) run = { 0 };
    run_cli (&run, "notes", "import-larc", larc, dir, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (has_line (run.out, "no task of the collection is described in these files: nothing changed"));
    g_assert_false (has_line (run.out, "the notes already held them: nothing changed"));
  }
  while ((name = g_dir_read_name (listing)))
    {
      g_autofree char *path = g_build_filename (larc, name, NULL);
      g_autofree char *id = copy_larc_task (path, dir);

      g_ptr_array_add (names, g_strdup (name));
    }
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "notes", "import-larc", larc, dir, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (g_str_has_prefix (run.out, "imported 178 descriptions and 172 builds for 40 tasks\n"
                                              "178 records added or changed in 40 notes files\n"));
  }
  for (int pass = 0; pass < 2; pass++)
    {
      g_auto(Run) run = { 0 };
      g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);

      while ((name = g_dir_read_name (d)))
        if (g_str_has_suffix (name, ".arcnotes"))
          {
            g_autofree char *path = g_build_filename (dir, name, NULL);
            g_autofree char *data = NULL;
            g_autofree char *sum = NULL;

            g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
            sum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, data, -1);
            g_string_append_printf (pass == 0 ? before : after, "%s:%s\n", name, sum);
          }
      if (pass == 1)
        break;
      run_cli (&run, "notes", "import-larc", larc, dir, NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_true (has_line (run.out, "the notes already held them: nothing changed"));
    }
  g_assert_cmpstr (before->str, ==, after->str);
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "notes", "export", dir, "--format", "larc", "-o", out, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.out, "40 tasks written to "));
    g_assert_nonnull (strstr (run.out, "178 descriptions, 172 builds"));
  }
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *original = g_build_filename (larc, names->pdata[i], NULL);
      g_autofree char *exported = g_build_filename (out, names->pdata[i], NULL);

      assert_same_larc_file (original, exported);
    }
  remove_tree (dir);
  remove_tree (out);
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  /* Notes kept for read-only collections go here, for the CLI too; the
   * saver of test_fallback_notes() (a subprocess, which inherits it) may
   * run as nobody */
  if (!g_test_subprocess ())
    {
      data_home = g_dir_make_tmp ("arc-cli-data-XXXXXX", NULL);
      g_assert_cmpint (g_chmod (data_home, 0777), ==, 0);
      g_setenv ("XDG_DATA_HOME", data_home, TRUE);
    }

  g_test_add_func ("/arc/cli/validate-folder", test_folder);
  g_test_add_func ("/arc/cli/validate-errors-only", test_errors_only);
  g_test_add_func ("/arc/cli/validate-valid", test_valid_file);
  g_test_add_func ("/arc/cli/validate-json", test_json);
  g_test_add_func ("/arc/cli/validate-bom-and-zip", test_bom_and_zip);
  g_test_add_func ("/arc/cli/validate-memory", test_validate_memory);
  g_test_add_func ("/arc/cli/json-lines", test_json_lines);
  g_test_add_func ("/arc/cli/usage", test_usage);
  g_test_add_func ("/arc/cli/render", test_render);
  g_test_add_func ("/arc/cli/stats-and-notes-export", test_stats_and_notes_export);
  g_test_add_func ("/arc/cli/score", test_score);
  g_test_add_func ("/arc/cli/submission-export", test_submission_export);
  g_test_add_func ("/arc/cli/trajectories-export", test_trajectories_export);
  g_test_add_func ("/arc/cli/fallback-notes", test_fallback_notes);
  g_test_add_func ("/arc/cli/unreadable-notes", test_unreadable_notes);
  g_test_add_func ("/arc/cli/format", test_format);
  g_test_add_func ("/arc/cli/larc-import-fixtures", test_larc_import_fixtures);
  g_test_add_func ("/arc/cli/larc-shared", test_larc_shared);

  status = g_test_run ();
  if (data_home)
    remove_tree (data_home);
  return status;
}

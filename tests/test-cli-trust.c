/* test-cli-trust.c: arc-studio-cli says what a file is when it is not
 * what the command takes, and answers --help on stdout
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>

#include "test-util.h"
#include "cli-test-util.h"


/* Runs the CLI in the fixtures folder with @args (NULL-terminated), in English */
static void
run_cli (Run *run, ...)
{
  va_list args;

  va_start (args, run);
  run_cli_va (run, g_getenv ("ARC_FIXTURES_DIR"), TRUE, NULL, args);
  va_end (args);
}

/* A task file, a Kaggle challenges file or a solutions file given to score
 * as the submission is named for what it is, not scored as 120 unknown ids */
static void
test_score_not_a_submission (void)
{
  struct {
    const char *file;
    const char *says;
  } cases[] = {
    { "collection/training/a1.json", "this is a task file (it has “train” and “test”), not a submission" },
    { "collection/kaggle/arc-agi_training_challenges.json", "a Kaggle challenges file), not a submission" },
    { "collection/kaggle/arc-agi_training_solutions.json", "a Kaggle solutions file), not a submission" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) run = { 0 };

      run_cli (&run, "score", cases[i].file, "collection", NULL);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_nonnull (strstr (run.err, cases[i].file));
      g_assert_nonnull (strstr (run.err, cases[i].says));
      g_assert_null (strstr (run.err, "no such task"));
      g_assert_cmpstr (run.out, ==, "");
    }
  {
    /* A real one is still scored, and an empty one is a submission of nothing */
    g_auto(Run) run = { 0 };

    run_cli (&run, "score", "submissions/review.json", "collection", NULL);
    g_assert_cmpint (run.status, ==, 0);
  }
}

/* The commands with a subcommand answer --help on stdout, with status 0 */
static void
test_subcommand_help (void)
{
  const char *commands[] = { "notes", "trajectories", "submission" };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto(Run) help = { 0 };
      g_auto(Run) h = { 0 };
      g_auto(Run) none = { 0 };

      run_cli (&help, commands[i], "--help", NULL);
      g_assert_cmpint (help.status, ==, 0);
      g_assert_true (g_str_has_prefix (help.out, "Usage: arc-studio-cli "));
      g_assert_cmpstr (help.err, ==, "");
      run_cli (&h, commands[i], "-h", NULL);
      g_assert_cmpint (h.status, ==, 0);
      g_assert_cmpstr (h.out, ==, help.out);
      /* Without a subcommand it is still a usage error, on stderr */
      run_cli (&none, commands[i], NULL);
      g_assert_cmpint (none.status, ==, 2);
      g_assert_cmpstr (none.out, ==, "");
      g_assert_cmpstr (none.err, ==, help.out);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/arc/cli-trust/score-not-a-submission", test_score_not_a_submission);
  g_test_add_func ("/arc/cli-trust/subcommand-help", test_subcommand_help);
  return g_test_run ();
}

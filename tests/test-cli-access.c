/* test-cli-access.c: arc-studio-cli on paths it cannot read
 *
 * Every command given a folder or a file it cannot read says so on stderr,
 * naming the path and the reason, and exits with 2, whatever else it did.
 * Permissions mean nothing to root: those tests run the CLI as the user
 * nobody (with setpriv), and are skipped, saying so, when not run as root.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test-util.h"
#include "cli-test-util.h"

#define TASK "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}, {\"input\": [[3]], \"output\": [[4]]}," \
             " {\"input\": [[5]], \"output\": [[6]]}], \"test\": [{\"input\": [[7]], \"output\": [[8]]}]}"


/* A folder of the test: readable by everyone, with the home of the user
 * the CLI runs as */
typedef struct
{
  char *dir;
  char *home;
  char *out;   /* a folder everyone can write in */
} Place;

static void
place_clear (Place *place)
{
  g_autofree char *command = NULL;

  if (place->dir == NULL)  /* the test was skipped */
    return;
  command = g_strdup_printf ("chmod -R u+rwx %s", place->dir);
  g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL);
  remove_tree (place->dir);
  g_free (place->dir);
  g_free (place->home);
  g_free (place->out);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Place, place_clear)

static gboolean
as_root (void)
{
  const char *probe[] = { "setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "true", NULL };
  g_autofree char *setpriv = g_find_program_in_path ("setpriv");
  int wait_status = 1;

  if (geteuid () != 0 || setpriv == NULL)
    {
      g_test_skip ("needs root (and setpriv) to run the CLI as nobody on files root can always read");
      return FALSE;
    }
  /* A build sandbox (flatpak-builder's) has no nobody, or cannot become another user */
  if (!g_spawn_sync (NULL, (char **) probe, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL |
                     G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, NULL, NULL, &wait_status, NULL) ||
      !g_spawn_check_wait_status (wait_status, NULL))
    {
      g_test_skip ("root here cannot become nobody (a sandbox without other users)");
      return FALSE;
    }
  return TRUE;
}

static void
place_init (Place *place)
{
  place->dir = g_dir_make_tmp ("arc-cli-access-XXXXXX", NULL);
  place->home = g_build_filename (place->dir, "home", NULL);
  place->out = g_build_filename (place->dir, "out", NULL);
  g_assert_cmpint (g_chmod (place->dir, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (place->home, 0777), ==, 0);
  g_assert_cmpint (g_mkdir (place->out, 0777), ==, 0);
  g_assert_cmpint (g_chmod (place->home, 0777), ==, 0);
  g_assert_cmpint (g_chmod (place->out, 0777), ==, 0);
}

/* Makes @rel in @place a folder of two tasks, a.json and b.json */
static char *
make_folder (Place *place, const char *rel)
{
  char *path = g_build_filename (place->dir, rel, NULL);
  g_autofree char *a = g_build_filename (path, "a.json", NULL);
  g_autofree char *b = g_build_filename (path, "b.json", NULL);

  g_assert_cmpint (g_mkdir_with_parents (path, 0755), ==, 0);
  g_assert_true (g_file_set_contents (a, TASK, -1, NULL));
  g_assert_true (g_file_set_contents (b, TASK, -1, NULL));
  g_assert_cmpint (g_chmod (a, 0644), ==, 0);
  g_assert_cmpint (g_chmod (b, 0644), ==, 0);
  return path;
}

/* Runs the CLI with the arguments of @args (NULL-terminated) as nobody
 * when @nobody, with @place's home */
static void
run_cli_v (Run *run, Place *place, gboolean nobody, const char * const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(GStrv) env = g_get_environ ();
  g_autoptr(GError) error = NULL;
  g_autofree char *data = g_build_filename (place->home, "data", NULL);
  g_autofree char *config = g_build_filename (place->home, "config", NULL);
  int wait_status;

  if (nobody)
    {
      g_ptr_array_add (argv, "setpriv");
      g_ptr_array_add (argv, "--reuid=nobody");
      g_ptr_array_add (argv, "--regid=nogroup");
      g_ptr_array_add (argv, "--clear-groups");
    }
  g_ptr_array_add (argv, (char *) g_getenv ("ARC_CLI"));
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  env = g_environ_setenv (env, "HOME", place->home, TRUE);
  env = g_environ_setenv (env, "XDG_DATA_HOME", data, TRUE);
  env = g_environ_setenv (env, "XDG_CONFIG_HOME", config, TRUE);
  env = g_environ_setenv (env, "LANGUAGE", "C", TRUE);

  g_assert_true (g_spawn_sync (place->dir, (char **) argv->pdata, env, G_SPAWN_SEARCH_PATH,
                               NULL, NULL, &run->out, &run->err, &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
}

/* Runs each command of arc-studio-cli on @path, as nobody when @nobody,
 * and checks that each says on stderr that @shown could not be read, with
 * @reason, and exits with 2 */
static void
check_every_command (Place *place, gboolean nobody, const char *path, const char *shown, const char *reason)
{
  g_autofree char *jsonl = g_build_filename (place->out, "notes.jsonl", NULL);
  g_autofree char *larc = g_build_filename (place->out, "larc", NULL);
  g_autofree char *traj = g_build_filename (place->out, "traj.jsonl", NULL);
  g_autofree char *sub = g_build_filename (place->out, "submission.json", NULL);
  g_autofree char *png = g_build_filename (place->out, "task.png", NULL);
  g_autofree char *empty_sub = g_build_filename (place->out, "empty.json", NULL);
  const char *commands[][9] = {
    { "stats", path, NULL },
    { "stats", "--json", path, NULL },
    { "validate", path, NULL },
    { "validate", "--json", path, NULL },
    { "notes", "export", path, "-o", jsonl, NULL },
    { "notes", "export", path, "--format", "larc", "-o", larc, NULL },
    { "trajectories", "export", path, "-o", traj, NULL },
    { "submission", "export", path, "-o", sub, NULL },
    { "format", "--check", path, NULL },
    { "score", empty_sub, path, NULL },
  };

  g_assert_true (g_file_set_contents (empty_sub, "{}", -1, NULL));
  g_assert_cmpint (g_chmod (empty_sub, 0644), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autofree char *line = g_strjoinv (" ", (char **) commands[i]);
      g_auto(Run) run = { 0 };

      g_test_message ("arc-studio-cli %s", line);
      run_cli_v (&run, place, nobody, commands[i]);
      if (run.status != 2 || strstr (run.err, shown) == NULL || strstr (run.err, reason) == NULL)
        g_error ("arc-studio-cli %s: exit status %d, stderr:\n%s\nstdout:\n%s", line, run.status, run.err, run.out);
    }
  {
    const char *args[] = { "render", path, "-o", png, NULL };
    g_auto(Run) run = { 0 };

    if (g_file_test (path, G_FILE_TEST_IS_DIR))
      return;  /* render draws one task */
    run_cli_v (&run, place, nobody, args);
    g_assert_cmpint (run.status, ==, 2);
    g_assert_nonnull (strstr (run.err, reason));
  }
}

/* A folder that cannot be listed: the collection itself, or one in it */
static void
test_unreadable_folder (void)
{
  g_auto(Place) place = { 0 };
  g_autofree char *root = NULL;
  g_autofree char *closed = NULL;

  if (!as_root ())
    return;
  place_init (&place);
  root = make_folder (&place, "tasks");
  closed = make_folder (&place, "tasks/closed");
  g_assert_cmpint (g_chmod (closed, 0), ==, 0);

  /* The folder given */
  check_every_command (&place, TRUE, closed, closed, "Permission denied");
  /* A folder inside it: the rest is still read, and the status says it all was not */
  check_every_command (&place, TRUE, root, closed, "Permission denied");
}

/* A task file that cannot be opened, given or in a folder */
static void
test_unreadable_file (void)
{
  g_auto(Place) place = { 0 };
  g_autofree char *root = NULL;
  g_autofree char *a = NULL;

  if (!as_root ())
    return;
  place_init (&place);
  root = make_folder (&place, "tasks");
  a = g_build_filename (root, "a.json", NULL);
  g_assert_cmpint (g_chmod (a, 0), ==, 0);

  check_every_command (&place, TRUE, a, a, "Permission denied");
  check_every_command (&place, TRUE, root, a, "Permission denied");
}

/* An export writes nothing when nothing could be read: not "{}" over a file */
static void
test_export_keeps_file (void)
{
  g_auto(Place) place = { 0 };
  g_autofree char *closed = NULL;
  g_autofree char *sub = NULL;
  g_autofree char *contents = NULL;
  g_auto(Run) run = { 0 };
  const char *args[] = { "submission", "export", NULL, "-o", NULL, NULL };

  if (!as_root ())
    return;
  place_init (&place);
  closed = make_folder (&place, "closed");
  g_assert_cmpint (g_chmod (closed, 0), ==, 0);
  sub = g_build_filename (place.out, "submission.json", NULL);
  g_assert_true (g_file_set_contents (sub, "{\"a\": []}", -1, NULL));
  g_assert_cmpint (g_chmod (sub, 0666), ==, 0);
  args[2] = closed;
  args[4] = sub;
  run_cli_v (&run, &place, TRUE, args);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "is not written"));
  g_assert_true (g_file_get_contents (sub, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "{\"a\": []}");
}

/* A broken symbolic link is a path that cannot be read, as a file without
 * permission is, for every command (no root needed) */
static void
test_broken_link (void)
{
  g_auto(Place) place = { 0 };
  g_autofree char *root = NULL;
  g_autofree char *link = NULL;

  place_init (&place);
  root = make_folder (&place, "tasks");
  link = g_build_filename (root, "c.json", NULL);
  g_assert_cmpint (symlink ("no-such-task.json", link), ==, 0);

  check_every_command (&place, FALSE, root, link, "broken symbolic link");
  check_every_command (&place, FALSE, link, link, "broken symbolic link");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/arc/cli-access/unreadable-folder", test_unreadable_folder);
  g_test_add_func ("/arc/cli-access/unreadable-file", test_unreadable_file);
  g_test_add_func ("/arc/cli-access/export-keeps-file", test_export_keeps_file);
  g_test_add_func ("/arc/cli-access/broken-link", test_broken_link);
  return g_test_run ();
}

/* test-write-faults.c: every kind of file saved while the disk fails
 *
 * Each kind the app writes (notes, a work file, a task file, a Kaggle
 * pair, PNG, SVG and PDF exports: tests/write-kinds.h) and each output of
 * the CLI (a submission, a notes export, a trajectories export, a LARC
 * export, a task file `format` rewrites) is saved with the Nth write(2)
 * or fsync(2) failing with ENOSPC, then EIO, for N = 1, 2, ... until the
 * save goes through. Every failure is reported naming the file (a full
 * disk as such), leaves the file byte for byte as it was (absent when it
 * was) and nothing else in its folder; the next save works. The contents
 * are large enough to take several writes (the writer writes 256 KiB at a
 * time). As root, the same on a small tmpfs filled up for real.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test-util.h"
#include "write-kinds.h"

#define MAX_CALLS 200  /* no save of ours takes as many */

/* What a kind's files hold, to compare after a failed save */
typedef struct
{
  char   *path;
  GBytes *bytes;  /* (nullable): absent */
} Snapshot;

static void
snapshot_clear (Snapshot *s)
{
  g_free (s->path);
  g_clear_pointer (&s->bytes, g_bytes_unref);
}

static GArray *
snapshots_take (const char * const *paths)
{
  GArray *snaps = g_array_new (FALSE, TRUE, sizeof (Snapshot));

  g_array_set_clear_func (snaps, (GDestroyNotify) snapshot_clear);
  for (guint i = 0; paths[i]; i++)
    {
      Snapshot s = { g_strdup (paths[i]), NULL };
      char *data;
      gsize length;

      if (g_file_get_contents (paths[i], &data, &length, NULL))
        s.bytes = g_bytes_new_take (data, length);
      g_array_append_val (snaps, s);
    }
  return snaps;
}

static void
snapshots_assert_same (GArray     *snaps,
                       const char *when)
{
  for (guint i = 0; i < snaps->len; i++)
    {
      Snapshot *s = &g_array_index (snaps, Snapshot, i);
      char *data = NULL;
      gsize length = 0;
      gboolean there = g_file_get_contents (s->path, &data, &length, NULL);
      g_autoptr(GBytes) now = there ? g_bytes_new_take (data, length) : NULL;

      if (s->bytes == NULL && now != NULL)
        g_error ("%s: %s was made (%zu bytes)", when, s->path, length);
      if (s->bytes != NULL && now == NULL)
        g_error ("%s: %s is gone", when, s->path);
      if (s->bytes != NULL && !g_bytes_equal (s->bytes, now))
        g_error ("%s: %s changed: %zu bytes, was %zu", when, s->path, length, g_bytes_get_size (s->bytes));
    }
}

/* The folder holds the names it held, and nothing more */
static void
assert_no_leftover (const char         *dir,
                    const char * const *names,
                    const char         *when)
{
  g_autofree char *extra = kinds_unexpected_files (dir, names);

  if (extra)
    g_error ("%s: left in %s: %s", when, dir, extra);
}

static GStrv
list_folder (const char *dir)
{
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    g_strv_builder_add (names, name);
  return g_strv_builder_end (names);
}

/* The error a failed save reports for @code, naming one of @paths */
static void
assert_save_error (const GError       *error,
                   int                 code,
                   const char * const *paths,
                   const char         *when)
{
  gboolean named = FALSE;

  if (error == NULL)
    g_error ("%s: failed without an error", when);
  if (code == ENOSPC && !g_error_matches (error, ARC_ERROR, ARC_ERROR_NO_SPACE))
    g_error ("%s: not a full disk: %s (%s %d)", when, error->message, g_quark_to_string (error->domain), error->code);
  if (code == EIO && !g_error_matches (error, ARC_ERROR, ARC_ERROR_IO))
    g_error ("%s: not an I/O error: %s (%s %d)", when, error->message, g_quark_to_string (error->domain), error->code);
  for (guint i = 0; paths[i]; i++)
    named |= strstr (error->message, paths[i]) != NULL;
  if (!named)
    g_error ("%s: the file is not named: %s", when, error->message);
  g_assert_nonnull (strstr (error->message, code == ENOSPC ? "the disk is full" : g_strerror (EIO)));
}

/* The kinds of the core, saved in the test's process */

typedef struct
{
  Kind     kind;
  int      code;
  gboolean first;  /* a first save (the file is not there yet), or a replace */
} KindCase;

/* Saves version 2 of @c's kind; a first save of a task file is a Save As */
static gboolean
save_case (Kinds          *k,
           const KindCase *c,
           const char     *new_task,
           GError        **error)
{
  g_autoptr(GFile) file = NULL;

  if (c->kind != KIND_TASK || !c->first)
    return kinds_save (k, c->kind, 2, error);
  file = g_file_new_for_path (new_task);
  kinds_open (k, KIND_TASK);
  kinds_edit_to (k->task, 2, 0);
  return arc_task_edit_save_as (k->task, file, NULL, error);
}

static void
test_kind (gconstpointer data)
{
  const KindCase *c = data;
  g_autofree char *dir = g_dir_make_tmp ("arc-faults-XXXXXX", NULL);
  g_autofree char *new_task = g_build_filename (dir, "new.json", NULL);
  g_autoptr(Kinds) k = NULL;
  g_autoptr(GArray) snaps = NULL;
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) names = NULL;
  g_autoptr(GError) error = NULL;
  guint n, v;

  kinds_make_files (dir, kinds_sizes_large ());
  k = kinds_new (dir, kinds_sizes_large ());
  if (c->first && c->kind == KIND_TASK)
    g_ptr_array_add (paths, g_strdup (new_task));
  else
    for (guint i = 0; i < 2 && kind_files[c->kind][i]; i++)
      g_ptr_array_add (paths, kinds_path (k, c->kind, i));
  g_ptr_array_add (paths, NULL);
  /* A replace replaces version 1 (the task file and the Kaggle pair are
   * there in version 0) */
  if (!c->first && c->kind != KIND_TASK && c->kind != KIND_KAGGLE)
    {
      g_assert_true (kinds_save (k, c->kind, 1, &error));
      g_assert_no_error (error);
    }
  snaps = snapshots_take ((const char * const *) paths->pdata);
  names = list_folder (dir);

  for (n = 1; n <= MAX_CALLS; n++)
    {
      g_autofree char *when = g_strdup_printf ("%s, %s at call %u", kind_names[c->kind], g_strerror (c->code), n);
      gboolean saved;
      guint calls;

      arc_file_set_write_fault (c->code, n, 0);
      saved = save_case (k, c, new_task, &error);
      calls = arc_file_get_write_calls ();
      arc_file_set_write_fault (0, 0, 0);
      if (saved)
        {
          /* (the fault was never reached) */
          g_assert_cmpuint (calls, <, n);
          break;
        }
      assert_save_error (error, c->code, (const char * const *) paths->pdata, when);
      g_clear_error (&error);
      snapshots_assert_same (snaps, when);
      assert_no_leftover (dir, (const char * const *) names, when);
    }
  g_assert_no_error (error);
  g_test_message ("%s: %u calls failed in turn, each leaving the file as it was", kind_names[c->kind], n - 1);
  /* Several writes and a sync (and for the pair, a journal's too) */
  g_assert_cmpuint (n - 1, >=, c->kind == KIND_KAGGLE ? 8 : 3);

  /* Saved whole once the disk works */
  if (c->first && c->kind == KIND_TASK)
    {
      g_autoptr(GFile) file = g_file_new_for_path (new_task);
      g_autoptr(ArcTask) task = arc_task_new_from_file (file, "new", NULL, &error);

      g_assert_no_error (error);
      v = KIND_ABSENT;
      g_assert_true (kind_task_version (task, &v, &error));
      g_assert_cmpuint (v, ==, 2);
    }
  else
    {
      const guint want[] = { 2 };
      gboolean ok = kinds_check (k, c->kind, want, 1, &v, &error);

      g_assert_no_error (error);
      g_assert_true (ok);
    }
  g_clear_pointer (&k, kinds_free);
  remove_tree (dir);
}

/* The CLI's outputs, written by arc-studio-cli with ARC_STUDIO_WRITE_FAULT */

typedef struct
{
  const CliKind *cli;
  int            code;
  gboolean       first;
} CliCase;

static char *cli_collection;

/* The collection the CLI reads, made once */
static const char *
cli_collection_dir (void)
{
  if (cli_collection == NULL)
    {
      cli_collection = g_dir_make_tmp ("arc-faults-cli-XXXXXX", NULL);
      kinds_make_cli_collection (cli_collection);
    }
  return cli_collection;
}

typedef struct
{
  int   status;
  char *out;
  char *err;
} CliRun;

static void
cli_run_clear (CliRun *run)
{
  g_free (run->out);
  g_free (run->err);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CliRun, cli_run_clear)

/* Runs arc-studio-cli ($ARC_CLI) with @fault in ARC_STUDIO_WRITE_FAULT
 * (unless NULL), in English */
static void
cli_run (CliRun         *run,
         const CliKind  *cli,
         const char     *collection,
         const char     *output,
         const char     *fault)
{
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "LANGUAGE", "C", TRUE);
  g_autoptr(GPtrArray) argv = kinds_cli_argv (cli, collection, output);
  g_autoptr(GError) error = NULL;
  int wait_status;

  env = fault ? g_environ_setenv (env, "ARC_STUDIO_WRITE_FAULT", fault, TRUE)
              : g_environ_unsetenv (env, "ARC_STUDIO_WRITE_FAULT");
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, env, G_SPAWN_DEFAULT, NULL, NULL,
                               &run->out, &run->err, &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
}

static void
test_cli (gconstpointer data)
{
  const CliCase *c = data;
  const char *collection = cli_collection_dir ();
  g_autofree char *dir = g_dir_make_tmp ("arc-faults-out-XXXXXX", NULL);
  g_autofree char *output = g_build_filename (dir, c->cli->output, NULL);
  g_autofree char *collection_task = g_build_filename (collection, "big.json", NULL);
  const char *paths[] = { output, NULL };
  g_auto(GStrv) names = NULL;
  g_auto(GStrv) collection_names = list_folder (collection);
  g_autoptr(GArray) snaps = NULL;
  g_autofree char *task_text = NULL;
  guint n;

  /* A replace replaces what an older export left; `format` rewrites a
   * copy of the task */
  if (c->cli->in_place)
    {
      g_assert_true (g_file_get_contents (collection_task, &task_text, NULL, NULL));
      g_assert_true (g_file_set_contents (output, task_text, -1, NULL));
    }
  else if (!c->first)
    g_assert_true (g_file_set_contents (output, "{\"an older export\": true}\n", -1, NULL));
  snaps = snapshots_take (paths);
  names = list_folder (dir);

  for (n = 1; n <= MAX_CALLS; n++)
    {
      g_autofree char *fault = g_strdup_printf ("%s:%u", c->code == ENOSPC ? "ENOSPC" : "EIO", n);
      g_autofree char *when = g_strdup_printf ("%s, %s", c->cli->name, fault);
      g_auto(CliRun) run = { 0 };

      cli_run (&run, c->cli, collection, output, fault);
      if (run.status == 0)
        break;
      if (run.status != 2 || strstr (run.err, output) == NULL ||
          strstr (run.err, c->code == ENOSPC ? "could not be saved: the disk is full" : g_strerror (EIO)) == NULL)
        g_error ("%s: exit status %d, said: %s%s", when, run.status, run.out, run.err);
      g_assert_null (strstr (run.out, "written to"));
      snapshots_assert_same (snaps, when);
      assert_no_leftover (dir, (const char * const *) names, when);
      assert_no_leftover (collection, (const char * const *) collection_names, when);
    }
  g_test_message ("%s: %u calls failed in turn, each leaving the file as it was", c->cli->name, n - 1);
  g_assert_cmpuint (n - 1, >=, 3);

  {
    /* Written once the disk works, and as without faults */
    g_auto(CliRun) again = { 0 };
    g_autofree char *first = NULL;
    g_autofree char *second = NULL;
    Snapshot *before = &g_array_index (snaps, Snapshot, 0);

    g_assert_true (g_file_get_contents (output, &first, NULL, NULL));
    g_assert_true (before->bytes == NULL || !g_str_equal (first, g_bytes_get_data (before->bytes, NULL)));
    if (c->cli->in_place)
      g_assert_true (g_file_set_contents (output, task_text, -1, NULL));
    cli_run (&again, c->cli, collection, output, NULL);
    g_assert_cmpint (again.status, ==, 0);
    g_assert_true (g_file_get_contents (output, &second, NULL, NULL));
    g_assert_cmpstr (first, ==, second);
    assert_no_leftover (collection, (const char * const *) collection_names, "at the end");
  }
  remove_tree (dir);
}

/* A full disk for real: as root, a small tmpfs, filled up */

#define TMPFS_OPTIONS "size=16m,mode=0755"

/* Mounts a tmpfs on @mnt in a mount namespace of this process's own (it
 * goes with the process, whatever becomes of the test): 0, or an errno */
static int
mount_private_tmpfs (const char *mnt)
{
  if (unshare (CLONE_NEWNS) != 0 || mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0 ||
      mount ("tmpfs", mnt, "tmpfs", 0, TMPFS_OPTIONS) != 0)
    return errno;
  return 0;
}

/* Whether a tmpfs can be mounted here (not inside some sandboxes): tried
 * in a child. Returns: (nullable): why not */
static char *
tmpfs_unavailable (void)
{
  g_autofree char *dir = NULL;
  int status;
  pid_t pid;

  if (getuid () != 0)
    return g_strdup ("not root: no tmpfs can be mounted");
  dir = g_dir_make_tmp ("arc-faults-probe-XXXXXX", NULL);
  pid = fork ();
  if (pid == 0)
    _exit (mount_private_tmpfs (dir));
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_rmdir (dir);
  if (WIFEXITED (status) && WEXITSTATUS (status) == 0)
    return NULL;
  return g_strdup_printf ("a tmpfs could not be mounted: %s",
                          WIFEXITED (status) ? g_strerror (WEXITSTATUS (status)) : "the child died");
}

/* Every file under @dir, recursively */
static void
list_tree (const char *dir,
           GPtrArray  *paths)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          list_tree (path, paths);
          g_free (path);
        }
      else
        g_ptr_array_add (paths, path);
    }
}

/* Writes @path until the disk is full */
static void
fill_disk (const char *path)
{
  g_autofree char *block = g_malloc0 (64 * 1024);
  int fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  gssize n;

  g_assert_cmpint (fd, >=, 0);
  while ((n = write (fd, block, 64 * 1024)) > 0)
    ;
  g_assert_cmpint (errno, ==, ENOSPC);
  close (fd);
}

/* The CLI's outputs into @out_dir on the full disk (@first: none there
 * before) */
static guint
full_disk_cli (const char *out_dir,
               gboolean    first,
               gboolean    full)
{
  const char *collection = cli_collection_dir ();
  guint refused = 0;

  for (guint i = 0; i < G_N_ELEMENTS (cli_kinds); i++)
    {
      const CliKind *cli = &cli_kinds[i];
      g_autofree char *dir = g_build_filename (out_dir, cli->name, NULL);
      g_autofree char *output = g_build_filename (dir, cli->output, NULL);
      g_autofree char *when = g_strdup_printf ("%s on a full tmpfs", cli->name);
      g_auto(CliRun) run = { 0 };

      if (first && cli->in_place)
        continue;
      if (!full)
        {
          /* (made before the disk is filled) */
          g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
          if (cli->in_place)
            {
              g_autofree char *task = g_build_filename (collection, "big.json", NULL);
              g_autofree char *text = NULL;

              g_assert_true (g_file_get_contents (task, &text, NULL, NULL));
              g_assert_true (g_file_set_contents (output, text, -1, NULL));
            }
          else if (!first)
            g_assert_true (g_file_set_contents (output, "{\"an older export\": true}\n", -1, NULL));
          continue;
        }
      cli_run (&run, cli, collection, output, NULL);
      if (full && (run.status != 2 || strstr (run.err, output) == NULL ||
                   strstr (run.err, "could not be saved: the disk is full") == NULL))
        g_error ("%s: exit status %d, said: %s%s", when, run.status, run.out, run.err);
      refused++;
    }
  return refused;
}

static void
full_disk_run (void)
{
  g_autofree char *root = g_dir_make_tmp ("arc-faults-full-XXXXXX", NULL);
  g_autofree char *mnt = g_build_filename (root, "mnt", NULL);
  g_autofree char *filler = g_build_filename (mnt, "filler", NULL);
  const char *folders[] = { "replace", "first", "out-replace", "out-first" };
  char *paths[G_N_ELEMENTS (folders)];
  Kinds *kinds[2];
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) snaps = NULL;
  GStrv names[G_N_ELEMENTS (folders)];
  guint refused = 0;

  g_assert_cmpint (g_mkdir (mnt, 0755), ==, 0);
  g_assert_cmpint (mount_private_tmpfs (mnt), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (folders); i++)
    {
      paths[i] = g_build_filename (mnt, folders[i], NULL);
      g_assert_cmpint (g_mkdir (paths[i], 0755), ==, 0);
    }
  /* Every kind in version 1 in one folder; in the other only the task
   * file and the Kaggle pair (version 0), the rest first saves */
  for (guint i = 0; i < 2; i++)
    {
      kinds_make_files (paths[i], kinds_sizes_large ());
      kinds[i] = kinds_new (paths[i], kinds_sizes_large ());
    }
  for (Kind kind = 0; kind < N_KINDS; kind++)
    {
      g_autoptr(GError) error = NULL;

      if (kind != KIND_TASK && kind != KIND_KAGGLE)
        g_assert_true (kinds_save (kinds[0], kind, 1, &error));
      g_assert_no_error (error);
    }
  full_disk_cli (paths[2], FALSE, FALSE);
  full_disk_cli (paths[3], TRUE, FALSE);
  list_tree (mnt, files);
  g_ptr_array_add (files, NULL);
  snaps = snapshots_take ((const char * const *) files->pdata);
  for (guint i = 0; i < G_N_ELEMENTS (folders); i++)
    names[i] = list_folder (paths[i]);

  fill_disk (filler);
  for (guint i = 0; i < 2; i++)
    for (Kind kind = 0; kind < N_KINDS; kind++)
      {
        g_autoptr(GPtrArray) kind_paths = g_ptr_array_new_with_free_func (g_free);
        g_autofree char *when = g_strdup_printf ("%s, %s on a full tmpfs", kind_names[kind], folders[i]);
        g_autoptr(GError) error = NULL;

        for (guint f = 0; f < 2 && kind_files[kind][f]; f++)
          g_ptr_array_add (kind_paths, kinds_path (kinds[i], kind, f));
        g_ptr_array_add (kind_paths, NULL);
        g_assert_false (kinds_save (kinds[i], kind, 2, &error));
        assert_save_error (error, ENOSPC, (const char * const *) kind_paths->pdata, when);
        refused++;
      }
  refused += full_disk_cli (paths[2], FALSE, TRUE);
  refused += full_disk_cli (paths[3], TRUE, TRUE);
  snapshots_assert_same (snaps, "on a full tmpfs");
  for (guint i = 0; i < G_N_ELEMENTS (folders); i++)
    assert_no_leftover (paths[i], (const char * const *) names[i], "on a full tmpfs");
  /* (a trapped test's messages are not shown: its output is) */
  g_print ("# %u saves refused on a full tmpfs (" TMPFS_OPTIONS "), each file as it was, nothing left\n", refused);

  /* Space again: every save goes through */
  g_assert_cmpint (g_unlink (filler), ==, 0);
  for (guint i = 0; i < 2; i++)
    for (Kind kind = 0; kind < N_KINDS; kind++)
      {
        const guint want[] = { 2 };
        g_autoptr(GError) error = NULL;
        guint v;
        gboolean ok = kinds_save (kinds[i], kind, 2, &error);

        g_assert_no_error (error);
        g_assert_true (ok);
        ok = kinds_check (kinds[i], kind, want, 1, &v, &error);
        g_assert_no_error (error);
        g_assert_true (ok);
      }
  for (guint i = 0; i < G_N_ELEMENTS (cli_kinds); i++)
    for (guint first = 0; first < 2; first++)
      {
        g_autofree char *output = g_build_filename (paths[2 + first], cli_kinds[i].name, cli_kinds[i].output, NULL);
        g_auto(CliRun) run = { 0 };

        if (first && cli_kinds[i].in_place)
          continue;
        cli_run (&run, &cli_kinds[i], cli_collection_dir (), output, NULL);
        g_assert_cmpint (run.status, ==, 0);
      }
  for (guint i = 0; i < G_N_ELEMENTS (folders); i++)
    {
      g_strfreev (names[i]);
      g_free (paths[i]);
    }
  for (guint i = 0; i < 2; i++)
    kinds_free (kinds[i]);
  g_assert_cmpint (umount (mnt), ==, 0);
  remove_tree (root);
}

static void
test_full_disk (void)
{
  g_autofree char *unavailable = NULL;

  if (g_test_subprocess ())
    {
      full_disk_run ();
      return;
    }
  unavailable = tmpfs_unavailable ();
  if (unavailable)
    {
      g_test_skip (unavailable);
      return;
    }
  /* (in a process of its own, whose mount namespace goes with it) */
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDOUT | G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

int
main (int    argc,
      char **argv)
{
  static const int codes[] = { ENOSPC, EIO };
  g_autoptr(GPtrArray) cases = g_ptr_array_new_with_free_func (g_free);
  gboolean app, cli;
  int status;

  g_test_init (&argc, &argv, NULL);
  /* "app" or "cli": only those (two runs, each within its time) */
  app = argc < 2 || g_str_equal (argv[1], "app");
  cli = argc < 2 || g_str_equal (argv[1], "cli");
  for (Kind kind = 0; app && kind < N_KINDS; kind++)
    for (guint e = 0; e < G_N_ELEMENTS (codes); e++)
      for (int first = 0; first < (kind == KIND_KAGGLE ? 1 : 2); first++)
        {
          KindCase *c = g_new (KindCase, 1);
          g_autofree char *name = NULL;
          g_autofree char *kind_name = g_strdelimit (g_ascii_strdown (kind_names[kind], -1), " ", '-');

          *c = (KindCase) { kind, codes[e], first };
          g_ptr_array_add (cases, c);
          name = g_strdup_printf ("/arc/write-faults/app/%s/%s%s", kind_name, codes[e] == ENOSPC ? "ENOSPC" : "EIO",
                                  first ? "/first-save" : "/replace");
          g_test_add_data_func (name, c, test_kind);
        }
  for (guint i = 0; cli && i < G_N_ELEMENTS (cli_kinds); i++)
    for (guint e = 0; e < G_N_ELEMENTS (codes); e++)
      for (int first = 0; first < (cli_kinds[i].in_place ? 1 : 2); first++)
        {
          CliCase *c = g_new (CliCase, 1);
          g_autofree char *name = NULL;

          *c = (CliCase) { &cli_kinds[i], codes[e], first };
          g_ptr_array_add (cases, c);
          name = g_strdup_printf ("/arc/write-faults/cli/%s/%s%s", cli_kinds[i].name,
                                  codes[e] == ENOSPC ? "ENOSPC" : "EIO", first ? "/first-save" : "/replace");
          g_test_add_data_func (name, c, test_cli);
        }
  if (app)
    g_test_add_func ("/arc/write-faults/full-disk/tmpfs", test_full_disk);
  status = g_test_run ();
  if (cli_collection && !g_getenv ("KEEP"))
    remove_tree (cli_collection);
  g_free (cli_collection);
  return status;
}

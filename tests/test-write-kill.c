/* test-write-kill.c: kill -9 at random moments while every kind of file is
 * being saved
 *
 * $ARC_WRITE_LOOP (tests/write-loop.c) saves version after version of
 * each kind (tests/write-kinds.h: notes, a work file, a task file, a
 * Kaggle pair, PNG, SVG and PDF exports) in a folder, its writes slowed
 * (ARC_STUDIO_WRITE_FAULT=delay:MS) to widen the windows, and is killed
 * with SIGKILL at a random moment. Then, as the next start does,
 * arc_file_recover_folder(), and each file must hold one whole version:
 * the last one saved, or the one being saved when the kill came; a
 * Kaggle pair the same in both files. A leftover of the killed save is
 * removed once it is older than the writer's age for leftovers (2 s):
 * the test goes round several folders, and checks that nothing is left
 * in one when it comes back to it, at least that long after its kill.
 * One round in CLI_EVERY kills arc-studio-cli instead, while it writes one
 * of its outputs (tests/write-kinds.h: a submission, a notes export, a
 * trajectories export, a LARC export, a task file `format` rewrites):
 * the output must be as it was, or the whole new one.
 *
 * ARC_KILLS sets the number of kills (200).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test-util.h"
#include "write-kinds.h"

#define N_FOLDERS     16
#define LEFTOVER_AGE  (2200 * 1000)  /* µs: more than the writer's 2 s */
#define DELAY_MS      "4"            /* before each write(2) */
#define N_LANES       2              /* savers at a time */
#define CLI_EVERY     6              /* one round in so many, the CLI's */
#define CLI_DELAY_MS  "40"           /* its writes slower: it reads first */
#define N_CLI_KINDS   G_N_ELEMENTS (cli_kinds)

typedef struct
{
  char  *dir;
  Kinds *k;
  guint  held[N_KINDS];  /* the version each kind holds, as last checked */
  char  *stamp[N_KINDS]; /* what its files were then (kind_stamp ()) */
  guint  next;           /* the first version the next run saves */
  gint64 killed_at;      /* (monotonic) when its helper was killed; 0: checked since */
} Folder;

typedef struct
{
  guint kills;
  guint during[N_KINDS + 1];   /* kills during a save of each kind (N_KINDS: none under way) */
  guint new_seen[N_KINDS];     /* of those, the new version on disk after */
  guint saves;                 /* saves that completed */
  guint checks;                /* files read and checked after a kill */
  guint recovered;             /* files the recoveries handled */
  guint leftovers_seen;        /* leftovers there right after a kill */
  guint cli_kills[N_CLI_KINDS];
  guint cli_new_seen[N_CLI_KINDS];  /* the whole new output after the kill */
  guint cli_leftovers[N_CLI_KINDS]; /* a leftover of its save after the kill */
  guint cli_ended;             /* runs of the CLI that were over before their kill */
} Counts;

/* The CLI's outputs: what each writes when it is not killed, and how
 * long it takes */
typedef struct
{
  char   *collection;
  GBytes *expected[N_CLI_KINDS];
  GBytes *format_before;  /* the task file `format` rewrites */
  gint64  duration[N_CLI_KINDS];
} Cli;

/* One run of the helper */
typedef struct
{
  GPid     pid;
  int      out;
  GString *said;
} Run;

/* A saver under way: it is killed at kill_at, once it said it is ready;
 * or the CLI writing its output @cli */
typedef struct
{
  Folder *folder;
  Run     run;
  gint64  kill_at;
  int     cli;      /* -1: the saver */
  GBytes *before;   /* (nullable): the CLI's output before it ran */
} Lane;

static void
run_start (Run        *run,
           Folder     *f)
{
  g_autofree char *first = g_strdup_printf ("%u", f->next);
  const char *argv[] = { g_getenv ("ARC_WRITE_LOOP"), "loop", f->dir, first, "small", NULL };
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "ARC_STUDIO_WRITE_FAULT", "delay:" DELAY_MS, TRUE);
  g_autoptr(GError) error = NULL;

  /* (descriptors left open: GLib can then posix_spawn (), without copying
   * this process) */
  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, env,
                                           G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_LEAVE_DESCRIPTORS_OPEN, NULL, NULL,
                                           &run->pid, NULL, &run->out, NULL, &error));
  g_assert_no_error (error);
  run->said = g_string_new (NULL);
}

/* Reads what the helper says until it says @text, or for @timeout_us
 * (then %FALSE) */
static gboolean
run_read_until (Run        *run,
                const char *text,
                gint64      timeout_us)
{
  gint64 end = g_get_monotonic_time () + timeout_us;

  while (text == NULL || strstr (run->said->str, text) == NULL)
    {
      gint64 left = end - g_get_monotonic_time ();
      struct pollfd p = { run->out, POLLIN, 0 };
      char buf[4096];
      gssize n;

      if (left <= 0)
        return FALSE;
      if (poll (&p, 1, (int) MAX (1, left / 1000)) <= 0)
        continue;
      n = read (run->out, buf, sizeof buf);
      if (n <= 0)
        g_error ("the saver ended: %s", run->said->str);
      g_string_append_len (run->said, buf, n);
    }
  return TRUE;
}

/* Reads what the helper said, as much as there is: %FALSE once it is
 * over */
static gboolean
run_read_some (Run *run)
{
  char buf[4096];
  gssize n = read (run->out, buf, sizeof buf);

  if (n <= 0)
    return FALSE;
  g_string_append_len (run->said, buf, n);
  return TRUE;
}

/* Kills the helper and reads all it said: %FALSE when it had ended (with
 * exit status 0) before */
static gboolean
run_kill (Run *run)
{
  char buf[4096];
  gssize n;
  int status;

  g_assert_cmpint (kill (run->pid, SIGKILL), ==, 0);
  while ((n = read (run->out, buf, sizeof buf)) > 0)
    g_string_append_len (run->said, buf, n);
  g_assert_cmpint (waitpid (run->pid, &status, 0), ==, run->pid);
  close (run->out);
  g_spawn_close_pid (run->pid);
  if (WIFEXITED (status) && WEXITSTATUS (status) == 0)
    return FALSE;
  if (!WIFSIGNALED (status) || WTERMSIG (status) != SIGKILL)
    g_error ("the saver ended by itself (%d): %s", status, run->said->str);
  return TRUE;
}

/* The names of the files there now, of all the kinds */
static GStrv
kind_file_names (void)
{
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();

  for (Kind kind = 0; kind < N_KINDS; kind++)
    for (guint i = 0; i < 2 && kind_files[kind][i]; i++)
      g_strv_builder_add (names, kind_files[kind][i]);
  for (guint c = 0; c < N_CLI_KINDS; c++)
    {
      g_autofree char *name = g_strdup_printf ("cli-%s", cli_kinds[c].name);

      g_strv_builder_add (names, name);
    }
  return g_strv_builder_end (names);
}

/* The leftovers of saves in @dir, or %NULL */
static char *
find_leftovers (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GString) found = g_string_new (NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    if (arc_file_is_leftover_name (name))
      g_string_append_printf (found, " %s", name);
  return found->len ? g_string_free (g_steal_pointer (&found), FALSE) : NULL;
}

/* Which files a kind has now (inode, size, time): a kind whose files are
 * as they were when last checked, and which was not being saved, need not
 * be read again */
static char *
kind_stamp (Folder *f,
            Kind    kind)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < 2 && kind_files[kind][i]; i++)
    {
      g_autofree char *path = kinds_path (f->k, kind, i);
      struct stat st;

      if (stat (path, &st) == 0)
        g_string_append_printf (s, "%lu:%ld:%ld.%09ld ", (gulong) st.st_ino, (long) st.st_size,
                                (long) st.st_mtim.tv_sec, (long) st.st_mtim.tv_nsec);
      else
        g_string_append (s, "absent ");
    }
  return g_string_free (s, FALSE);
}

/* After a kill: the recovery of the next start, then each file checked
 * against what the run said it saved (the version it said "done" of, or
 * the one it said "begin" of last) */
static void
check_after_kill (Folder   *f,
                  Run      *run,
                  Counts   *counts)
{
  g_auto(GStrv) lines = g_strsplit (run->said->str, "\n", -1);
  g_autoptr(GFile) folder = g_file_new_for_path (f->dir);
  guint done[N_KINDS], begun[N_KINDS];
  int during = N_KINDS;

  for (Kind kind = 0; kind < N_KINDS; kind++)
    done[kind] = begun[kind] = f->held[kind];
  for (guint i = 0; lines[i]; i++)
    {
      int kind;
      guint v;
      char what[8];

      if (sscanf (lines[i], "%7s %d %u", what, &kind, &v) != 3 || kind < 0 || kind >= N_KINDS)
        continue;
      if (g_str_equal (what, "begin"))
        {
          begun[kind] = v;
          during = kind;
          f->next = MAX (f->next, v + 1);
        }
      else if (g_str_equal (what, "done"))
        {
          done[kind] = v;
          during = N_KINDS;
          counts->saves++;
        }
      else if (g_str_equal (what, "error"))
        g_error ("%s: the saver failed: %s", f->dir, lines[i]);
    }
  counts->kills++;
  counts->during[during]++;
  {
    g_autofree char *left = find_leftovers (f->dir);

    counts->leftovers_seen += left != NULL;
  }

  /* The next start: a journal whole is carried out at once */
  counts->recovered += arc_file_recover_folder (folder);
  for (Kind kind = 0; kind < N_KINDS; kind++)
    {
      const guint candidates[] = { done[kind], begun[kind] };
      g_autoptr(GError) error = NULL;
      g_autofree char *stamp = kind_stamp (f, kind);
      guint v;

      if (begun[kind] == f->held[kind] && g_strcmp0 (stamp, f->stamp[kind]) == 0)
        continue;
      g_free (f->stamp[kind]);
      f->stamp[kind] = g_steal_pointer (&stamp);
      counts->checks++;
      if (!kinds_check (f->k, kind, candidates, 2, &v, &error))
        g_error ("%s: %s after a kill (%s %u saved, %u under way): %s", f->dir, kind_names[kind],
                 kind_names[kind], done[kind], begun[kind], error->message);
      if ((int) kind == during && v == begun[kind] && v != done[kind])
        counts->new_seen[kind]++;
      f->held[kind] = v;
    }
  f->killed_at = g_get_monotonic_time ();
}

/* The CLI's output @c in @f: its own folder */
static char *
cli_output (Folder *f,
            guint   c)
{
  return g_strdup_printf ("%s/cli-%s/%s", f->dir, cli_kinds[c].name, cli_kinds[c].output);
}

static GBytes *
read_bytes (const char *path)
{
  char *data;
  gsize length;

  return g_file_get_contents (path, &data, &length, NULL) ? g_bytes_new_take (data, length) : NULL;
}

static void
cli_start (Run        *run,
           const Cli  *cli,
           guint       c,
           const char *output,
           const char *delay)
{
  g_autoptr(GPtrArray) argv = kinds_cli_argv (&cli_kinds[c], cli->collection, output);
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "ARC_STUDIO_WRITE_FAULT", delay, TRUE);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv->pdata, env,
                                           G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_LEAVE_DESCRIPTORS_OPEN |
                                           G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                                           &run->pid, NULL, &run->out, NULL, &error));
  g_assert_no_error (error);
  run->said = g_string_new (NULL);
}

/* What the CLI writes, run without a kill, and how long that takes */
static void
cli_setup (Cli        *cli,
           const char *root)
{
  g_autofree char *task = NULL;

  cli->collection = g_build_filename (root, "collection", NULL);
  g_assert_cmpint (g_mkdir (cli->collection, 0755), ==, 0);
  kinds_make_cli_collection (cli->collection);
  task = g_build_filename (cli->collection, "big.json", NULL);
  cli->format_before = read_bytes (task);
  for (guint c = 0; c < N_CLI_KINDS; c++)
    {
      g_autofree char *dir = g_strdup_printf ("%s/expected-%s", root, cli_kinds[c].name);
      g_autofree char *output = g_build_filename (dir, cli_kinds[c].output, NULL);
      gint64 start = g_get_monotonic_time ();
      Run run;

      g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
      if (cli_kinds[c].in_place)
        g_assert_true (g_file_set_contents (output, g_bytes_get_data (cli->format_before, NULL),
                                            g_bytes_get_size (cli->format_before), NULL));
      cli_start (&run, cli, c, output, "delay:" CLI_DELAY_MS);
      while (run_read_some (&run))
        ;
      g_assert_false (run_kill (&run));
      cli->duration[c] = g_get_monotonic_time () - start;
      g_string_free (run.said, TRUE);
      cli->expected[c] = read_bytes (output);
      g_assert_nonnull (cli->expected[c]);
      remove_tree (dir);
    }
}

/* After a kill of the CLI: its output as it was, or the whole new one */
static void
check_after_cli (Folder    *f,
                 Lane      *lane,
                 const Cli *cli,
                 gboolean   killed,
                 Counts    *counts)
{
  g_autofree char *output = cli_output (f, lane->cli);
  g_autofree char *dir = g_path_get_dirname (output);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(GBytes) now = NULL;
  g_autofree char *left = find_leftovers (dir);

  counts->cli_leftovers[lane->cli] += killed && left != NULL;
  counts->recovered += arc_file_recover_folder (folder);
  now = read_bytes (output);
  if (!killed)
    {
      counts->cli_ended++;
      g_assert_true (now && g_bytes_equal (now, cli->expected[lane->cli]));
    }
  else
    {
      gboolean old = (now == NULL && lane->before == NULL) || (now && lane->before && g_bytes_equal (now, lane->before));
      gboolean whole = now && g_bytes_equal (now, cli->expected[lane->cli]);

      if (!old && !whole)
        g_error ("%s after a kill of the CLI: %zu bytes, neither as it was (%zu) nor the whole output (%zu)", output,
                 now ? g_bytes_get_size (now) : 0, lane->before ? g_bytes_get_size (lane->before) : 0,
                 g_bytes_get_size (cli->expected[lane->cli]));
      counts->kills++;
      counts->cli_kills[lane->cli]++;
      counts->cli_new_seen[lane->cli] += whole && !old;
    }
  g_clear_pointer (&lane->before, g_bytes_unref);
  f->killed_at = g_get_monotonic_time ();
}

/* Once the folder's leftovers are old enough to be a killed save's: the
 * next start removes them all */
static void
check_no_leftover (Folder *f,
                   Counts *counts)
{
  g_autoptr(GFile) folder = g_file_new_for_path (f->dir);
  g_auto(GStrv) names = kind_file_names ();
  g_autofree char *extra = NULL;
  gint64 wait = f->killed_at + LEFTOVER_AGE - g_get_monotonic_time ();

  if (f->killed_at == 0)
    return;
  if (wait > 0)
    g_usleep (wait);
  counts->recovered += arc_file_recover_folder (folder);
  extra = kinds_unexpected_files (f->dir, (const char * const *) names);
  if (extra)
    g_error ("%s: left after the recovery: %s", f->dir, extra);
  for (guint c = 0; c < N_CLI_KINDS; c++)
    {
      g_autofree char *output = cli_output (f, c);
      g_autofree char *dir = g_path_get_dirname (output);
      g_autoptr(GFile) cli_folder = g_file_new_for_path (dir);
      const char *only[] = { cli_kinds[c].output, NULL };
      g_autofree char *left = NULL;

      counts->recovered += arc_file_recover_folder (cli_folder);
      left = kinds_unexpected_files (dir, only);
      if (left)
        g_error ("%s: left after the recovery: %s", dir, left);
    }
  f->killed_at = 0;
}

/* Starts a saver in @f, or (@c >= 0) the CLI writing its output @c */
static void
lane_start (Lane      *lane,
            Folder    *f,
            int        c,
            const Cli *cli,
            GRand     *rand,
            Counts    *counts)
{
  check_no_leftover (f, counts);
  lane->folder = f;
  lane->cli = c;
  lane->kill_at = 0;
  if (c < 0)
    {
      run_start (&lane->run, f);
      return;
    }
  {
    g_autofree char *output = cli_output (f, c);

    /* (`format` rewrites the task file as it was each time) */
    if (cli_kinds[c].in_place)
      g_assert_true (g_file_set_contents (output, g_bytes_get_data (cli->format_before, NULL),
                                          g_bytes_get_size (cli->format_before), NULL));
    lane->before = read_bytes (output);
    cli_start (&lane->run, cli, c, output, "delay:" CLI_DELAY_MS);
    lane->kill_at = g_get_monotonic_time () + g_rand_int_range (rand, 0, (gint32) (cli->duration[c] * 6 / 5));
  }
}

static void
test_kill_loop (void)
{
  const char *env_kills = g_getenv ("ARC_KILLS");
  guint kills = env_kills ? (guint) g_ascii_strtoull (env_kills, NULL, 10) : 200;
  g_autofree char *root = g_dir_make_tmp ("arc-kill-XXXXXX", NULL);
  g_autoptr(GRand) rand = g_rand_new ();
  g_autoptr(GString) report = g_string_new (NULL);
  Folder folders[N_FOLDERS] = { { 0 } };
  Counts counts = { 0 };
  gint64 start = g_get_monotonic_time ();
  gint64 cycle = 0;
  Lane lanes[N_LANES] = { { 0 } };
  guint turn = 1, started = 0, cli_turn = 0;
  Cli cli = { 0 };

  for (guint i = 0; i < N_FOLDERS; i++)
    {
      Folder *f = &folders[i];

      f->dir = g_strdup_printf ("%s/%u", root, i);
      g_assert_cmpint (g_mkdir (f->dir, 0755), ==, 0);
      kinds_make_files (f->dir, kinds_sizes_small ());
      f->k = kinds_new (f->dir, kinds_sizes_small ());
      for (Kind kind = 0; kind < N_KINDS; kind++)
        f->held[kind] = kind == KIND_TASK || kind == KIND_KAGGLE ? 0 : KIND_ABSENT;
      f->next = 1;
      for (guint c = 0; c < N_CLI_KINDS; c++)
        {
          g_autofree char *output = cli_output (f, c);
          g_autofree char *dir = g_path_get_dirname (output);

          g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
        }
    }
  cli_setup (&cli, root);

  /* How long the saver takes to save every kind once: the kills come
   * within that much of its start */
  {
    g_autofree char *last = g_strdup_printf ("done %d 1\n", N_KINDS - 1);
    Run run;
    gint64 ready;

    run_start (&run, &folders[0]);
    g_assert_true (run_read_until (&run, "ready\n", 60 * G_USEC_PER_SEC));
    ready = g_get_monotonic_time ();
    g_assert_true (run_read_until (&run, last, 60 * G_USEC_PER_SEC));
    cycle = g_get_monotonic_time () - ready;
    run_kill (&run);
    check_after_kill (&folders[0], &run, &counts);
    g_string_free (run.said, TRUE);
  }

  /* Two savers at a time, each in a folder of its own (the machine has
   * two cores); a folder's turn comes round again long after its kill */
  while (counts.kills < kills)
    {
      struct pollfd polls[N_LANES];
      gint64 now = g_get_monotonic_time ();
      gint64 next = now + G_USEC_PER_SEC;

      for (guint l = 0; l < N_LANES; l++)
        {
          Lane *lane = &lanes[l];

          if (lane->run.pid == 0 && counts.kills + started < kills)
            {
              int c = turn % CLI_EVERY ? -1 : (int) (cli_turn++ % N_CLI_KINDS);

              lane_start (lane, &folders[turn++ % N_FOLDERS], c, &cli, rand, &counts);
              started++;
            }
          if (lane->run.pid && lane->kill_at == 0 && strstr (lane->run.said->str, "ready\n"))
            lane->kill_at = g_get_monotonic_time () + g_rand_int_range (rand, 0, (gint32) MIN (cycle * 6 / 5, G_MAXINT32));
          if (lane->run.pid && lane->kill_at && g_get_monotonic_time () >= lane->kill_at)
            {
              gboolean killed = run_kill (&lane->run);

              if (lane->cli < 0)
                {
                  g_assert_true (killed);
                  check_after_kill (lane->folder, &lane->run, &counts);
                }
              else
                check_after_cli (lane->folder, lane, &cli, killed, &counts);
              g_string_free (lane->run.said, TRUE);
              lane->run.pid = 0;
              started--;
            }
          if (lane->run.pid && lane->kill_at)
            next = MIN (next, lane->kill_at);
          polls[l] = (struct pollfd) { lane->run.pid ? lane->run.out : -1, POLLIN, 0 };
        }
      /* What the savers say, until the next kill is due (a CLI that is
       * over is ended at once) */
      now = g_get_monotonic_time ();
      if (poll (polls, N_LANES, (int) MAX (0, (next - now) / 1000)) > 0)
        for (guint l = 0; l < N_LANES; l++)
          if (polls[l].revents && !run_read_some (&lanes[l].run))
            {
              if (lanes[l].cli < 0)
                g_error ("the saver ended: %s", lanes[l].run.said->str);
              lanes[l].kill_at = g_get_monotonic_time ();
            }
    }
  for (guint i = 0; i < N_FOLDERS; i++)
    check_no_leftover (&folders[i], &counts);

  g_string_append_printf (report, "%u kills in %.1f s (a round of saves: %" G_GINT64_FORMAT " ms), %u saves made; "
                          "killed during a save of:", counts.kills,
                          (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC, cycle / 1000, counts.saves);
  for (Kind kind = 0; kind < N_KINDS; kind++)
    g_string_append_printf (report, " %s %u (new version after %u),", kind_names[kind], counts.during[kind],
                            counts.new_seen[kind]);
  g_string_append_printf (report, " between saves %u; the CLI killed while it exported:", counts.during[N_KINDS]);
  for (guint c = 0; c < N_CLI_KINDS; c++)
    g_string_append_printf (report, " %s %u (a leftover of its save after %u, the whole new output after %u),",
                            cli_kinds[c].name, counts.cli_kills[c], counts.cli_leftovers[c], counts.cli_new_seen[c]);
  g_string_append_printf (report, " over before the kill %u; %u kinds' files read and checked after the kills, "
                          "every one old or new, pairs alike; a save's leftover after %u kills, %u files handled by "
                          "the recoveries, nothing left", counts.cli_ended, counts.checks, counts.leftovers_seen,
                          counts.recovered);
  g_test_message ("%s", report->str);
  /* (each kind was hit, at random moments) */
  for (Kind kind = 0; kind < N_KINDS && kills >= 200; kind++)
    g_assert_cmpuint (counts.during[kind], >, 0);

  for (guint c = 0; c < N_CLI_KINDS; c++)
    g_bytes_unref (cli.expected[c]);
  g_bytes_unref (cli.format_before);
  g_free (cli.collection);
  for (guint i = 0; i < N_FOLDERS; i++)
    {
      kinds_free (folders[i].k);
      g_free (folders[i].dir);
      for (Kind kind = 0; kind < N_KINDS; kind++)
        g_free (folders[i].stamp[kind]);
    }
  remove_tree (root);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/arc/write-kill/loop", test_kill_loop);
  return g_test_run ();
}

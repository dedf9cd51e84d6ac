/* bench-validate.c: validating a whole collection, against Python's json.load
 *
 *   meson test -C build --benchmark --suite bench --verbose
 *   build/tests/bench-validate [FOLDER]
 *
 * Times, in one run on the same files: `arc-studio-cli validate` (listing the
 * folder, reading, parsing and checking every task, on every core), json-glib
 * alone parsing the same files, and python3 loading them with json.load as
 * the format spec does; with the largest resident size of the two programs.
 * Each is the median of several rounds after a warm-up, so all read from the
 * page cache. Prints the figures; asserts nothing about time.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arc-core.h"

#define ROUNDS 9

/* Loads every task file with json.load, as the format spec does */
static const char python_script[] =
  "import json, os, sys\n"
  "root = sys.argv[1]\n"
  "files = sorted(os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs if f.endswith('.json'))\n"
  "for p in files:\n"
  "    with open(p) as fh:\n"
  "        json.load(fh)\n";

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static double
median (double *v, int n)
{
  qsort (v, (size_t) n, sizeof *v, compare_double);
  return v[n / 2];
}

/* Runs @argv with its output thrown away; returns the wall time in
 * seconds, and the largest resident size in MiB in @rss (-1 on failure).
 * The size is read by /usr/bin/time: a child of ours would count our own
 * pages, shared until it execs, as its resident size. */
static double
run_process (const char * const *argv,
             double             *rss)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autofree char *report = g_build_filename (g_get_tmp_dir (), "arc-bench-validate-rss", NULL);
  g_autofree char *kib = NULL;
  gint64 start = g_get_monotonic_time ();
  int status;

  g_ptr_array_add (args, (char *) "/usr/bin/time");
  g_ptr_array_add (args, (char *) "-f");
  g_ptr_array_add (args, (char *) "%M");
  g_ptr_array_add (args, (char *) "-o");
  g_ptr_array_add (args, report);
  for (guint i = 0; argv[i]; i++)
    g_ptr_array_add (args, (char *) argv[i]);
  g_ptr_array_add (args, NULL);
  if (!g_spawn_sync (NULL, (char **) args->pdata, NULL,
                     G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, NULL, NULL, &status, NULL) ||
      !WIFEXITED (status) || WEXITSTATUS (status) > 1 || !g_file_get_contents (report, &kib, NULL, NULL))
    return -1;
  *rss = g_ascii_strtod (kib, NULL) / 1024.0;
  g_unlink (report);
  return (double) (g_get_monotonic_time () - start) / 1e6;
}

/* The median time and the largest resident size of @rounds runs */
static double
time_process (const char * const *argv,
              int                 rounds,
              double             *rss)
{
  double times[ROUNDS], peak = 0;

  run_process (argv, rss);  /* warm-up */
  for (int r = 0; r < rounds; r++)
    {
      times[r] = run_process (argv, rss);
      if (times[r] < 0)
        return -1;
      peak = MAX (peak, *rss);
    }
  *rss = peak;
  return median (times, rounds);
}

static double
time_json_glib (GPtrArray *paths, guint64 *bytes)
{
  gint64 start = g_get_monotonic_time ();

  *bytes = 0;
  for (guint i = 0; i < paths->len; i++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autofree char *contents = NULL;
      gsize len;

      g_assert_true (g_file_get_contents (paths->pdata[i], &contents, &len, NULL));
      g_assert_true (json_parser_load_from_data (parser, contents, (gssize) len, NULL));
      *bytes += len;
    }
  return (double) (g_get_monotonic_time () - start) / 1e6;
}

int
main (int argc, char **argv)
{
  g_autofree char *dir = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(ArcCollection) c = NULL;
  const char *cli = g_getenv ("ARC_CLI");
  double glib[ROUNDS], t_ours, t_glib, t_py, rss_ours = 0, rss_py = 0;
  guint64 bytes = 0;
  double mb;
  int rounds;

  if (argc > 1)
    dir = g_strdup (argv[1]);
  else
    dir = g_build_filename (g_getenv ("ARC_SHARED_DATA") ? g_getenv ("ARC_SHARED_DATA") : "../shared/data",
                            "arc-agi-2", "training", NULL);
  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      printf ("bench-validate: %s is absent; nothing to measure (skipped)\n", dir);
      return 0;
    }
  if (cli == NULL)
    {
      printf ("bench-validate: set ARC_CLI to the arc-studio-cli to measure (meson test does)\n");
      return 0;
    }
  file = g_file_new_for_path (dir);
  c = arc_collection_new_for_file (file, NULL, NULL, NULL);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (c)); i++)
    g_ptr_array_add (paths, g_file_get_path (arc_entry_get_file (arc_collection_get_entry (c, i))));
  g_clear_object (&c);
  rounds = paths->len > 20000 ? 3 : ROUNDS;

  {
    const char *ours_argv[] = { cli, "validate", "--errors-only", dir, NULL };
    const char *py_argv[] = { "python3", "-c", python_script, dir, NULL };

    t_ours = time_process (ours_argv, rounds, &rss_ours);
    t_py = time_process (py_argv, rounds, &rss_py);
  }
  time_json_glib (paths, &bytes);
  for (int r = 0; r < rounds; r++)
    glib[r] = time_json_glib (paths, &bytes);
  t_glib = median (glib, rounds);
  mb = (double) bytes / 1e6;

  printf ("folder:            %s\n", dir);
  printf ("tasks:             %u, %.2f MB; medians of %d runs\n", paths->len, mb, rounds);
  printf ("arc-studio-cli validate: %8.1f ms  %9.0f tasks/s  %7.1f MB/s  max RSS %6.1f MiB  (list, read, parse, validate, every core)\n",
          t_ours * 1e3, paths->len / t_ours, mb / t_ours, rss_ours);
  printf ("json-glib alone:         %8.1f ms  %9.0f tasks/s  %7.1f MB/s  (read and parse only, one thread)\n",
          t_glib * 1e3, paths->len / t_glib, mb / t_glib);
  if (t_py > 0)
    {
      printf ("python3 json.load:       %8.1f ms  %9.0f tasks/s  %7.1f MB/s  max RSS %6.1f MiB  (read and parse only)\n",
              t_py * 1e3, paths->len / t_py, mb / t_py, rss_py);
      printf ("ours/python: time %.2f (target: 0.25 or less); our max RSS %.1f MiB (target: 40 MiB or less)\n",
              t_ours / t_py, rss_ours);
    }
  else
    printf ("python3 json.load: not available\n");
  return 0;
}

/* bench-validate.c: validating a whole collection, against Python's json.load
 *
 *   meson test -C build --benchmark --suite bench --verbose
 *   build/tests/bench-validate [FOLDER]
 *
 * Times, in one run on the same files: our full validation (listing the folder,
 * reading, parsing and checking every task), json-glib alone parsing the same
 * files, and python3 loading them with json.load as the format spec does. Each
 * is the median of several rounds after a warm-up, so all read from the page
 * cache. Prints the figures; asserts nothing about time.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "arc-core.h"

#define ROUNDS 9

static const char python_script[] =
  "import json, os, sys, time\n"
  "root = sys.argv[1]\n"
  "files = sorted(os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs if f.endswith('.json'))\n"
  "times = []\n"
  "for r in range(int(sys.argv[2]) + 1):\n"
  "    t = time.perf_counter()\n"
  "    for p in files:\n"
  "        with open(p) as fh:\n"
  "            json.load(fh)\n"
  "    times.append(time.perf_counter() - t)\n"
  "times = sorted(times[1:])\n"
  "print(times[len(times) // 2])\n";

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

static double
time_ours (GFile *dir, guint *n_tasks, guint *n_invalid)
{
  gint64 start = g_get_monotonic_time ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcCollection) c = arc_collection_new_for_file (dir, NULL, NULL, &error);
  guint n;

  g_assert_no_error (error);
  n = g_list_model_get_n_items (G_LIST_MODEL (c));
  *n_invalid = 0;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(ArcTask) task = arc_entry_load (arc_collection_get_entry (c, i), NULL);
      if (task == NULL)
        (*n_invalid)++;
    }
  *n_tasks = n;
  return (double) (g_get_monotonic_time () - start) / 1e6;
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

static double
time_python (const char *dir)
{
  g_autofree char *rounds = g_strdup_printf ("%d", ROUNDS);
  const char *argv[] = { "python3", "-c", python_script, dir, rounds, NULL };
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, NULL, &status, &error) ||
      !g_spawn_check_wait_status (status, NULL))
    return -1;
  return g_ascii_strtod (out, NULL);
}

int
main (int argc, char **argv)
{
  g_autofree char *dir = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(ArcCollection) c = NULL;
  double ours[ROUNDS], glib[ROUNDS], t_ours, t_glib, t_py;
  guint n_tasks = 0, n_invalid = 0;
  guint64 bytes = 0;
  double mb;

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
  file = g_file_new_for_path (dir);
  c = arc_collection_new_for_file (file, NULL, NULL, NULL);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (c)); i++)
    g_ptr_array_add (paths, g_file_get_path (arc_entry_get_file (arc_collection_get_entry (c, i))));

  /* Warm-up: the page cache, then the rounds */
  time_ours (file, &n_tasks, &n_invalid);
  for (int r = 0; r < ROUNDS; r++)
    ours[r] = time_ours (file, &n_tasks, &n_invalid);
  time_json_glib (paths, &bytes);
  for (int r = 0; r < ROUNDS; r++)
    glib[r] = time_json_glib (paths, &bytes);
  t_py = time_python (dir);
  t_ours = median (ours, ROUNDS);
  t_glib = median (glib, ROUNDS);
  mb = (double) bytes / 1e6;

  printf ("folder:            %s\n", dir);
  printf ("tasks:             %u (%u invalid), %.2f MB\n", n_tasks, n_invalid, mb);
  printf ("arc-studio:        %8.1f ms  %9.0f tasks/s  %7.1f MB/s  (list, read, parse, validate)\n",
          t_ours * 1e3, n_tasks / t_ours, mb / t_ours);
  printf ("json-glib alone:   %8.1f ms  %9.0f tasks/s  %7.1f MB/s  (read and parse only)\n",
          t_glib * 1e3, n_tasks / t_glib, mb / t_glib);
  if (t_py > 0)
    {
      printf ("python3 json.load: %8.1f ms  %9.0f tasks/s  %7.1f MB/s  (read and parse only)\n",
              t_py * 1e3, n_tasks / t_py, mb / t_py);
      printf ("ratio ours/python: %.2f  (target: 1.0 or less)\n", t_ours / t_py);
      printf ("ratio json-glib/python: %.2f\n", t_glib / t_py);
    }
  else
    printf ("python3 json.load: not available\n");
  return 0;
}

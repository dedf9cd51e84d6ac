/* bench-work-file.c: the work file with the actions since the last submission
 *
 *   meson test -C build --benchmark --suite bench --verbose
 *   build/tests/bench-work-file
 *
 * A work file is written a moment after each change of a grid, on the main
 * thread, and read when its task is shown. It holds each test input's
 * actions since the last submission (arc-solve-work.c), so its cost grows
 * with them. For a 30×30 output grid and N actions that each change a
 * cell, prints the median time to write the file (a change, then the
 * write) and to read it back (a new workspace shown), and its size; the
 * baseline, from the same run, is the file without actions (what a work
 * file held before it kept them). Then the listing of a work folder of N
 * such files (what the task list knows of work in progress, in a worker):
 * arc_solve_list_work(), which reads the first bytes of each (whether its
 * grids differ from where they started), against a listing of the names
 * alone (what it did before); the files are in the cache. Prints figures
 * only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arc-core.h"

#define ROUNDS 7

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static double
median (double *values)
{
  qsort (values, ROUNDS, sizeof *values, compare_double);
  return values[ROUNDS / 2];
}

/* One test input, 30×30 */
static ArcTask *
new_task (void)
{
  GString *text = g_string_new ("{\"train\": [{\"input\": [[1]], \"output\": [[1]]}], \"test\": [{\"input\": [");
  g_autofree char *json = NULL;
  g_autoptr(GError) error = NULL;
  ArcTask *task;

  for (int r = 0; r < 30; r++)
    {
      g_string_append (text, r ? ", [" : "[");
      for (int c = 0; c < 30; c++)
        g_string_append (text, c ? ", 0" : "0");
      g_string_append_c (text, ']');
    }
  g_string_append (text, "], \"output\": [[1]]}]}");
  json = g_string_free (text, FALSE);
  task = arc_task_new_from_data (json, strlen (json), "bench", NULL, &error);
  g_assert_no_error (error);
  return task;
}

/* Each paint changes its cell: the colour goes round with the pass */
static void
paint (ArcSolve *solve,
       guint     i)
{
  arc_solve_paint (solve, (int) (i / 30) % 30, (int) i % 30, (guint8) (1 + (i / 900 + i) % 9));
}

static void
measure (ArcTask    *task,
         const char *path,
         guint       n_actions)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcSolve) solve = arc_solve_new (task, 3);
  double write_ms[ROUNDS], read_ms[ROUNDS];
  GStatBuf st = { 0 };
  guint n = 0;

  g_unlink (path);
  arc_solve_set_work_file (solve, file);
  arc_solve_copy_from_input (solve);
  while (arc_solve_get_actions (solve)->len < n_actions)
    paint (solve, n++);
  if (n_actions == 0)
    {
      /* (the copy was an action: the file as it was before actions were kept) */
      g_ptr_array_set_size (arc_solve_get_actions (solve), 0);
    }
  for (int k = 0; k < ROUNDS; k++)
    {
      gint64 start;

      paint (solve, n++);
      if (n_actions == 0)
        g_ptr_array_set_size (arc_solve_get_actions (solve), 0);
      start = g_get_monotonic_time ();
      arc_solve_flush_work (solve);
      write_ms[k] = (double) (g_get_monotonic_time () - start) / 1000.0;
    }
  g_stat (path, &st);
  for (int k = 0; k < ROUNDS; k++)
    {
      g_autoptr(ArcSolve) again = arc_solve_new (task, 3);
      gint64 start = g_get_monotonic_time ();

      arc_solve_set_work_file (again, file);
      read_ms[k] = (double) (g_get_monotonic_time () - start) / 1000.0;
      if (arc_solve_get_actions (again)->len != arc_solve_get_actions (solve)->len)
        g_error ("%u actions read back of %u", arc_solve_get_actions (again)->len, arc_solve_get_actions (solve)->len);
    }
  printf ("%6u actions   write %7.2f ms   read %7.2f ms   %8.1f KB\n", arc_solve_get_actions (solve)->len,
          median (write_ms), median (read_ms), (double) st.st_size / 1024.0);
}

/* The names of the files in @path, and nothing read: the baseline */
static guint
list_names (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)))
    if (g_str_has_suffix (name, ".json"))
      g_hash_table_add (names, g_strdup (name));
  return g_hash_table_size (names);
}

/* A work folder of @n files like @text, half of them undone to where they
 * started, listed */
static void
measure_listing (const char *text,
                 guint       n)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "arc-studio", "workspace", NULL);
  const char *member = strstr (text, "\"changed\":true");
  g_autofree char *head = g_strndup (text, member ? (gsize) (member - text) : 0);
  g_autofree char *unchanged = NULL;
  double names_ms[ROUNDS], heads_ms[ROUNDS];
  guint listed = 0;

  g_assert_nonnull (member);
  unchanged = g_strconcat (head, "\"changed\":false", member + strlen ("\"changed\":true"), NULL);
  g_assert_cmpint (g_mkdir_with_parents (path, 0700), ==, 0);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s/%032x.json", path, i);

      g_assert_true (g_file_set_contents (name, i % 2 ? unchanged : text, -1, NULL));
    }
  for (int k = 0; k < ROUNDS; k++)
    {
      gint64 start = g_get_monotonic_time ();
      g_autoptr(GHashTable) in_progress = NULL;

      g_assert_cmpuint (list_names (path), ==, n);
      names_ms[k] = (double) (g_get_monotonic_time () - start) / 1000.0;
      start = g_get_monotonic_time ();
      in_progress = arc_solve_list_work (NULL);
      heads_ms[k] = (double) (g_get_monotonic_time () - start) / 1000.0;
      listed = g_hash_table_size (in_progress);
    }
  g_assert_cmpuint (listed, ==, n / 2);
  printf ("%6u work files   names only %7.2f ms   with their heads %7.2f ms   (%u in progress)\n", n,
          median (names_ms), median (heads_ms), listed);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s/%032x.json", path, i);

      g_unlink (name);
    }
}

int
main (int    argc,
      char **argv)
{
  static const guint sizes[] = { 0, 100, 1000, 5000, 10000 };
  static const guint folders[] = { 100, 1000, 10000 };
  g_autofree char *dir = g_dir_make_tmp ("arc-bench-work-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "work.json", NULL);
  g_autofree char *data_home = g_build_filename (dir, "data", NULL);
  g_autoptr(ArcTask) task = new_task ();
  g_autofree char *text = NULL;

  /* (the work folder of the listing is in here) */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  printf ("# the work file of a 30x30 output grid, medians of %d (0 actions: the baseline)\n", ROUNDS);
  for (gsize i = 0; i < G_N_ELEMENTS (sizes); i++)
    measure (task, path, sizes[i]);
  /* A file of 100 actions, for the listing */
  {
    g_autoptr(ArcSolve) solve = arc_solve_new (task, 3);
    g_autoptr(GFile) file = g_file_new_for_path (path);

    for (guint i = 0; i < 100; i++)
      paint (solve, i);
    g_assert_true (arc_solve_save_work (solve, file, NULL));
    g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  }
  printf ("# the work folder listed, medians of %d\n", ROUNDS);
  for (gsize i = 0; i < G_N_ELEMENTS (folders); i++)
    measure_listing (text, folders[i]);
  g_unlink (path);
  {
    g_autofree char *work = g_build_filename (data_home, "arc-studio", "workspace", NULL);
    g_autofree char *app = g_build_filename (data_home, "arc-studio", NULL);

    g_rmdir (work);
    g_rmdir (app);
    g_rmdir (data_home);
  }
  g_rmdir (dir);
  return 0;
}

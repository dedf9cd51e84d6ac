/* bench-render.c: drawing the whole task view of the largest task
 *
 *   meson test -C build --benchmark --suite bench --verbose
 *   build/tests/bench-render [FOLDER]
 *
 * Finds the task with the most cells in ../shared/data/arc-agi-2/training,
 * lays it out and draws it as the task view does in a 1280x800 window, into
 * an image surface, and prints the median time per frame over many frames;
 * as a baseline from the same run, the time to clear a surface of that size.
 * Prints figures only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "arc-core.h"

#define FRAMES 300

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static guint
count_cells (ArcTask *task)
{
  guint n = 0;

  for (guint i = 0; i < arc_task_get_n_train (task); i++)
    {
      const ArcPair *p = arc_task_get_train (task, i);
      n += arc_grid_get_height (p->input) * arc_grid_get_width (p->input) +
           arc_grid_get_height (p->output) * arc_grid_get_width (p->output);
    }
  for (guint i = 0; i < arc_task_get_n_test (task); i++)
    {
      const ArcPair *p = arc_task_get_test (task, i);
      n += arc_grid_get_height (p->input) * arc_grid_get_width (p->input);
    }
  return n;
}

static double
frame (ArcTask *task, const ArcRenderOptions *options, cairo_surface_t *surface, gboolean baseline)
{
  gint64 start = g_get_monotonic_time ();
  cairo_t *cr = cairo_create (surface);

  cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
  cairo_paint (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
  if (!baseline)
    {
      /* What the view does per frame: lay out, then draw */
      ArcTaskLayout *layout = arc_task_layout_new (task, NULL, options);
      arc_task_layout_draw (layout, cr);
      arc_task_layout_free (layout);
    }
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return (double) (g_get_monotonic_time () - start) / 1000.0;
}

static void
measure (const char *what, ArcTask *task, ArcRenderOptions *options)
{
  g_autoptr(ArcTaskLayout) layout = arc_task_layout_new (task, NULL, options);
  double times[FRAMES], base[FRAMES];
  cairo_surface_t *surface;
  int w, h;

  arc_task_layout_get_size (layout, &w, &h);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  for (int i = 0; i < 10; i++)
    frame (task, options, surface, FALSE);
  for (int i = 0; i < FRAMES; i++)
    {
      times[i] = frame (task, options, surface, FALSE);
      base[i] = frame (task, options, surface, TRUE);
    }
  qsort (times, FRAMES, sizeof (double), compare_double);
  qsort (base, FRAMES, sizeof (double), compare_double);
  printf ("%-34s %4dx%-5d cell %2d: median %.3f ms/frame (p90 %.3f), clearing the surface alone %.3f ms\n",
          what, w, h, options->cell_size, times[FRAMES / 2], times[FRAMES * 9 / 10], base[FRAMES / 2]);
  cairo_surface_destroy (surface);
}

int
main (int argc, char **argv)
{
  g_autofree char *dir = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(ArcCollection) c = NULL;
  g_autoptr(ArcTask) largest = NULL;
  guint best = 0;
  ArcRenderOptions options;

  if (argc > 1)
    dir = g_strdup (argv[1]);
  else
    dir = g_build_filename (g_getenv ("ARC_SHARED_DATA") ? g_getenv ("ARC_SHARED_DATA") : "../shared/data",
                            "arc-agi-2", "training", NULL);
  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      printf ("bench-render: %s is absent; nothing to measure (skipped)\n", dir);
      return 0;
    }
  file = g_file_new_for_path (dir);
  c = arc_collection_new_for_file (file, NULL, NULL, NULL);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (c)); i++)
    {
      g_autoptr(ArcTask) task = arc_entry_load (arc_collection_get_entry (c, i), NULL);
      guint n = task ? count_cells (task) : 0;

      if (n > best)
        {
          best = n;
          g_set_object (&largest, task);
        }
    }
  printf ("largest task: %s, %u cells in %u train pairs and %u test inputs\n", arc_task_get_id (largest), best,
          arc_task_get_n_train (largest), arc_task_get_n_test (largest));

  /* As the task view in a 1280x800 window: about 940 px wide, 620 px tall */
  arc_render_options_init (&options);
  options.transparent = TRUE;
  options.wrap_width = 940;
  options.cell_size = arc_task_layout_fit_cell (largest, &options,
                                                &(ArcCellFit) { .width = 940, .height = 620,
                                                                .min_cell = 4, .max_cell = 40, .readable = 12 });
  measure ("task view (1280x800 window)", largest, &options);
  options.digits = TRUE;
  measure ("task view, with digits", largest, &options);
  options.digits = FALSE;
  options.wrap_width = 0;
  options.cell_size = 16;
  options.transparent = FALSE;
  measure ("export layout, 16 px cells", largest, &options);
  printf ("target: under 2 ms per frame for the task view\n");
  return 0;
}

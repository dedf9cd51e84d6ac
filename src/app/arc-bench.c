/* arc-bench.c: the task-switch benchmark (ARC_STUDIO_BENCH_SWITCHES)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-bench"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "arc-bench.h"

/* ARC_STUDIO_BENCH_SWITCHES=N (with ARC_STUDIO_TRACE=1): once the
 * collection is listed, step to the next task N times, and print the
 * medians and 90th percentiles of two times, then quit:
 * - switch: from the selection to the end of the frame that shows it
 *   (the frame clock's wait for the display's refresh included), with
 *   switches 50 ms apart, as a user's key presses would be;
 * - switch-work: the main thread's work in that, the selection's own
 *   handlers plus the frame's layout and drawing; and its three parts:
 *   switch-select (the selection's handlers), switch-layout (the frame's
 *   updates and layout) and switch-draw (its snapshot and rendering).
 * With ARC_STUDIO_BENCH_ALTERNATE=1 the steps go to the next task and
 * back, in turn, and the switches back to the first task are also
 * printed on their own (switch-back, switch-back-work): the first task is
 * then the one measured (tests/bench-hostile-notes.sh, whose first task's
 * notes are hostile).
 * tests/bench-startup.sh reads them. */
typedef struct
{
  GtkWindow   *window;
  ArcTaskList *list;
  int          left;
  gint64       start;
  gint64       selected;
  gint64       frame_start;
  gint64       laid_out;
  gint64       painted;
  GArray      *times;
  GArray      *work;
  GArray      *parts[3];
  GArray      *back[2];     /* switch and work, of the steps back (alternating) */
  gboolean     alternate;
  int          delta;       /* of the step under way */
  gulong       handlers[4];
} SwitchBench;

static gboolean switch_step (gpointer data);

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static void
print_figures (const char *name,
               GArray     *times)
{
  if (times->len == 0)
    return;
  g_array_sort (times, compare_double);
  fprintf (stderr, "arc-studio-trace: %s-median %.2f\n", name, g_array_index (times, double, times->len / 2));
  fprintf (stderr, "arc-studio-trace: %s-p90 %.2f\n", name, g_array_index (times, double, times->len * 9 / 10));
}

static void
before_paint_cb (GdkFrameClock *clock,
                 SwitchBench   *bench)
{
  if (bench->frame_start == 0)
    bench->frame_start = g_get_monotonic_time ();
}

/* Connected after GTK's own handlers of the phase: the time it ended */
static void
layout_cb (GdkFrameClock *clock,
           SwitchBench   *bench)
{
  bench->laid_out = g_get_monotonic_time ();
}

static void
paint_cb (GdkFrameClock *clock,
          SwitchBench   *bench)
{
  bench->painted = g_get_monotonic_time ();
}

static void
after_paint_cb (GdkFrameClock *clock,
                SwitchBench   *bench)
{
  gint64 now = g_get_monotonic_time ();
  gint64 frame_start = MAX (bench->frame_start, bench->selected);
  gint64 laid_out = MAX (bench->laid_out, frame_start);
  double ms = (double) (now - bench->start) / 1000.0;
  double work = (double) ((bench->selected - bench->start) + (now - frame_start)) / 1000.0;
  double parts[3] = { (double) (bench->selected - bench->start) / 1000.0,
                      (double) (laid_out - frame_start) / 1000.0,
                      (double) (MAX (bench->painted, laid_out) - laid_out) / 1000.0 };

  for (guint i = 0; i < G_N_ELEMENTS (bench->handlers); i++)
    g_signal_handler_disconnect (clock, bench->handlers[i]);
  g_array_append_val (bench->times, ms);
  g_array_append_val (bench->work, work);
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    g_array_append_val (bench->parts[i], parts[i]);
  if (bench->delta < 0)
    {
      g_array_append_val (bench->back[0], ms);
      g_array_append_val (bench->back[1], work);
    }
  /* The next key press comes a while later, as a user's would, not in step
   * with the display's refresh */
  g_timeout_add (50, switch_step, bench);
}

static gboolean
switch_step (gpointer data)
{
  SwitchBench *bench = data;
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (bench->window));

  bench->start = g_get_monotonic_time ();
  bench->frame_start = bench->laid_out = bench->painted = 0;
  bench->delta = bench->alternate && bench->delta > 0 ? -1 : 1;
  if (bench->left-- <= 0 || clock == NULL || !arc_task_list_step (bench->list, bench->delta))
    {
      print_figures ("switch", bench->times);
      print_figures ("switch-work", bench->work);
      print_figures ("switch-select", bench->parts[0]);
      print_figures ("switch-layout", bench->parts[1]);
      print_figures ("switch-draw", bench->parts[2]);
      print_figures ("switch-back", bench->back[0]);
      print_figures ("switch-back-work", bench->back[1]);
      g_array_unref (bench->times);
      g_array_unref (bench->work);
      for (guint i = 0; i < G_N_ELEMENTS (bench->parts); i++)
        g_array_unref (bench->parts[i]);
      for (guint i = 0; i < G_N_ELEMENTS (bench->back); i++)
        g_array_unref (bench->back[i]);
      gtk_window_close (bench->window);
      g_free (bench);
      return G_SOURCE_REMOVE;
    }
  bench->selected = g_get_monotonic_time ();
  /* The selection is made; the frame that shows it ends the switch */
  bench->handlers[0] = g_signal_connect (clock, "before-paint", G_CALLBACK (before_paint_cb), bench);
  bench->handlers[1] = g_signal_connect (clock, "layout", G_CALLBACK (layout_cb), bench);
  bench->handlers[2] = g_signal_connect (clock, "paint", G_CALLBACK (paint_cb), bench);
  bench->handlers[3] = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), bench);
  gtk_widget_queue_draw (GTK_WIDGET (bench->window));
  return G_SOURCE_REMOVE;
}

/**
 * arc_bench_switches_maybe_start:
 * Starts the benchmark on @window's @list, if asked for and not started
 * yet: called once every task is listed, checked and counted.
 */
void
arc_bench_switches_maybe_start (GtkWindow   *window,
                                ArcTaskList *list)
{
  static gboolean started;
  const char *env = g_getenv ("ARC_STUDIO_BENCH_SWITCHES");
  SwitchBench *bench;

  if (env == NULL || atoi (env) <= 0 || started)
    return;
  started = TRUE;
  bench = g_new0 (SwitchBench, 1);
  bench->window = window;
  bench->list = list;
  bench->left = atoi (env);
  bench->times = g_array_new (FALSE, FALSE, sizeof (double));
  bench->work = g_array_new (FALSE, FALSE, sizeof (double));
  for (guint i = 0; i < G_N_ELEMENTS (bench->parts); i++)
    bench->parts[i] = g_array_new (FALSE, FALSE, sizeof (double));
  for (guint i = 0; i < G_N_ELEMENTS (bench->back); i++)
    bench->back[i] = g_array_new (FALSE, FALSE, sizeof (double));
  bench->alternate = g_strcmp0 (g_getenv ("ARC_STUDIO_BENCH_ALTERNATE"), "1") == 0;
  g_timeout_add (200, switch_step, bench);
}

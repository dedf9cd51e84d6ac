/* arc-trace.c: start-up timing, printed with ARC_STUDIO_TRACE=1
 *
 * Each mark prints "arc-studio-trace: EVENT MS CPU" to stderr, where MS is
 * the time since the process started (read from /proc when available, so
 * that the dynamic loader's work counts too) and CPU the processor time the
 * calling thread has used, in milliseconds: the work itself, without the
 * waits for a processor that a busy machine adds to MS.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-trace"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "arc-trace.h"

static gboolean enabled;
static gint64 start_us;
static GHashTable *seen;

/* Microseconds between process start and now, from /proc/self/stat. */
static gint64
process_age_us (void)
{
  g_autofree char *stat = NULL;
  g_autofree char *uptime = NULL;
  const char *p;
  double up;
  unsigned long long start_ticks = 0;
  long hz = sysconf (_SC_CLK_TCK);

  if (!g_file_get_contents ("/proc/self/stat", &stat, NULL, NULL) ||
      !g_file_get_contents ("/proc/uptime", &uptime, NULL, NULL) || hz <= 0)
    return 0;
  /* Field 22 (starttime), counted after the ")" that ends the command name. */
  p = strrchr (stat, ')');
  if (p == NULL)
    return 0;
  for (int field = 2; field < 22 && p; field++)
    p = strchr (p + 1, ' ');
  if (p == NULL || sscanf (p + 1, "%llu", &start_ticks) != 1)
    return 0;
  up = g_ascii_strtod (uptime, NULL);
  return MAX ((gint64) ((up - (double) start_ticks / (double) hz) * G_USEC_PER_SEC), 0);
}

void
arc_trace_init (void)
{
  const char *env = g_getenv ("ARC_STUDIO_TRACE");

  enabled = env != NULL && *env != '\0' && strcmp (env, "0") != 0;
  if (!enabled)
    return;
  start_us = g_get_monotonic_time () - process_age_us ();
  seen = g_hash_table_new (g_str_hash, g_str_equal);
}

/* Milliseconds of processor time the calling thread has used, or -1 */
static double
thread_cpu_ms (void)
{
#ifdef CLOCK_THREAD_CPUTIME_ID
  struct timespec now;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now) == 0)
    return (double) now.tv_sec * 1000.0 + (double) now.tv_nsec / 1e6;
#endif
  return -1.0;
}

void
arc_trace_mark (const char *event)
{
  if (!enabled)
    return;
  fprintf (stderr, "arc-studio-trace: %s %.1f %.1f\n", event,
           (double) (g_get_monotonic_time () - start_us) / 1000.0, thread_cpu_ms ());
  fflush (stderr);
}

/* Marks @event the first time only (a static string). */
void
arc_trace_mark_once (const char *event)
{
  if (!enabled || g_hash_table_contains (seen, event))
    return;
  g_hash_table_add (seen, (gpointer) event);
  arc_trace_mark (event);
}

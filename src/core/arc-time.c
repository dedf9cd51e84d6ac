/* arc-time.c: times as the notes file writes them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "arc-time.h"

/**
 * arc_parse_time:
 * @text: (nullable): a time in ISO 8601
 *
 * Returns: the time in microseconds since 1970, or 0 when @text is not one
 */
gint64
arc_parse_time (const char *text)
{
  g_autoptr(GDateTime) dt = text ? g_date_time_new_from_iso8601 (text, NULL) : NULL;

  return dt ? g_date_time_to_unix (dt) * G_USEC_PER_SEC + g_date_time_get_microsecond (dt) : 0;
}

/**
 * arc_format_time:
 * Returns: ISO 8601 in UTC with milliseconds, e.g. 2026-11-22T01:02:03.456Z
 */
char *
arc_format_time (gint64 usec)
{
  g_autoptr(GDateTime) dt = g_date_time_new_from_unix_utc (usec / G_USEC_PER_SEC);
  g_autofree char *base = g_date_time_format (dt, "%Y-%m-%dT%H:%M:%S");

  return g_strdup_printf ("%s.%03dZ", base, (int) ((usec % G_USEC_PER_SEC) / 1000));
}

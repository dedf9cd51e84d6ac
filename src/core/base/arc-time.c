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

/* The times GDateTime holds: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999Z */
#define FIRST_SECOND G_GINT64_CONSTANT (-62135596800)
#define LAST_SECOND G_GINT64_CONSTANT (253402300799)

/**
 * arc_format_time:
 * @usec: microseconds since 1970; one before the year 1 or after 9999 (from
 *   a hostile file) is held at that limit
 *
 * Returns: ISO 8601 in UTC with milliseconds, e.g. 2026-11-22T01:02:03.456Z
 */
char *
arc_format_time (gint64 usec)
{
  gint64 seconds = usec / G_USEC_PER_SEC;
  gint64 rest = usec % G_USEC_PER_SEC;
  g_autoptr(GDateTime) dt = NULL;
  int year, month, day;

  if (rest < 0)
    {
      rest += G_USEC_PER_SEC;
      seconds--;
    }
  if (seconds < FIRST_SECOND)
    {
      seconds = FIRST_SECOND;
      rest = 0;
    }
  else if (seconds > LAST_SECOND)
    {
      seconds = LAST_SECOND;
      rest = G_USEC_PER_SEC - 1;
    }
  dt = g_date_time_new_from_unix_utc (seconds);
  g_date_time_get_ymd (dt, &year, &month, &day);
  /* (four digits of year: GLib's %Y writes the year 1 as "1") */
  return g_strdup_printf ("%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", year, month, day,
                          g_date_time_get_hour (dt), g_date_time_get_minute (dt), g_date_time_get_second (dt),
                          (int) (rest / 1000));
}

/* arc-time.h: times as the notes file writes them (ISO 8601, UTC)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gint64  arc_parse_time  (const char *text);
char   *arc_format_time (gint64      usec);

G_END_DECLS

/* arc-trace.h: start-up timing, printed with ARC_STUDIO_TRACE=1
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void arc_trace_init (void);
void arc_trace_mark (const char *event);
void arc_trace_mark_once (const char *event);

G_END_DECLS

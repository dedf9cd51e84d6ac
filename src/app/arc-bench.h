/* arc-bench.h: the task-switch benchmark (ARC_STUDIO_BENCH_SWITCHES)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "arc-task-list.h"

G_BEGIN_DECLS

void arc_bench_switches_maybe_start (GtkWindow   *window,
                                     ArcTaskList *list);

G_END_DECLS

/* arc-task-private.h: the fields of ArcTask, for its parser
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-task.h"

G_BEGIN_DECLS

struct _ArcTask
{
  GObject    parent_instance;
  char      *id;
  GPtrArray *train;     /* ArcPair */
  GPtrArray *test;      /* ArcPair */
  GPtrArray *warnings;  /* ArcProblem */
};

G_END_DECLS

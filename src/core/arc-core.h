/* arc-core.h: the core library of ARC Studio (no GTK)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-collection.h"
#include "arc-collection-order.h"
#include "arc-collection-status.h"
#include "arc-combined.h"
#include "arc-entry.h"
#include "arc-error.h"
#include "arc-file.h"
#include "arc-grid.h"
#include "arc-json.h"
#include "arc-larc.h"
#include "arc-larc-import.h"
#include "arc-notes.h"
#include "arc-notes-keeper.h"
#include "arc-notes-export.h"
#include "arc-notes-store.h"
#include "arc-palette.h"
#include "arc-program.h"
#include "arc-render.h"
#include "arc-review.h"
#include "arc-solve.h"
#include "arc-submission.h"
#include "arc-task.h"
#include "arc-task-parse.h"
#include "arc-task-edit.h"
#include "arc-task-layout.h"
#include "arc-task-notes.h"
#include "arc-time.h"
#include "arc-trajectory.h"

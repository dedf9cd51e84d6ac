/* arc-core.h: the core library of ARC Studio (no GTK)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-collection.h"
#include "arc-collection-status.h"
#include "arc-entry.h"
#include "arc-error.h"
#include "arc-grid.h"
#include "arc-json.h"
#include "arc-larc.h"
#include "arc-notes.h"
#include "arc-notes-keeper.h"
#include "arc-notes-store.h"
#include "arc-render.h"
#include "arc-solve.h"
#include "arc-submission.h"
#include "arc-task.h"
#include "arc-task-edit.h"
#include "arc-task-notes.h"
#include "arc-trajectory.h"

/* arc-build-window.h: Build from Description, LARC's protocol
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "arc-core.h"
#include "arc-solve-view.h"

G_BEGIN_DECLS

#define ARC_TYPE_BUILD_WINDOW (arc_build_window_get_type ())

G_DECLARE_FINAL_TYPE (ArcBuildWindow, arc_build_window, ARC, BUILD_WINDOW, AdwWindow)

ArcBuildWindow *arc_build_window_new            (GtkWindow      *parent,
                                                 ArcTaskNotes   *notes,
                                                 ArcTask        *task,
                                                 const char     *describer,
                                                 GSettings      *settings);
ArcSolveView   *arc_build_window_get_solve_view (ArcBuildWindow *self);

G_END_DECLS

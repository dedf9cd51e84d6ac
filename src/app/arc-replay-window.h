/* arc-replay-window.h: step through the actions that led to an attempt
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "arc-core.h"

G_BEGIN_DECLS

#define ARC_TYPE_REPLAY_WINDOW (arc_replay_window_get_type ())

G_DECLARE_FINAL_TYPE (ArcReplayWindow, arc_replay_window, ARC, REPLAY_WINDOW, AdwWindow)

guint            arc_replay_count_attempts       (GPtrArray       *attempts);
ArcReplayWindow *arc_replay_window_new           (GtkWindow       *parent,
                                                  ArcTaskNotes    *notes,
                                                  GSettings       *settings);
guint            arc_replay_window_get_n_attempts (ArcReplayWindow *self);
void             arc_replay_window_select_attempt (ArcReplayWindow *self,
                                                  guint            index);
guint            arc_replay_window_get_n_steps   (ArcReplayWindow *self);
guint            arc_replay_window_get_step      (ArcReplayWindow *self);
void             arc_replay_window_set_step      (ArcReplayWindow *self,
                                                  guint            step);
const ArcGrid   *arc_replay_window_get_grid      (ArcReplayWindow *self);
const char      *arc_replay_window_get_action_text (ArcReplayWindow *self);

G_END_DECLS

/* arc-preferences-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ARC_TYPE_PREFERENCES_WINDOW (arc_preferences_window_get_type ())

G_DECLARE_FINAL_TYPE (ArcPreferencesWindow, arc_preferences_window, ARC, PREFERENCES_WINDOW, AdwPreferencesWindow)

GtkWidget *arc_preferences_window_new (GtkWindow *parent,
                                       GSettings *settings);

G_END_DECLS

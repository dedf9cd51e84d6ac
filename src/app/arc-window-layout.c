/* arc-window-layout.c: how the window shares its room: the task list,
 * which can be put away, the notes pane, and the task
 *
 * The notes pane sits beside the task while there is room for both; in a
 * narrower window it folds away (AdwFlap) and F9 opens it over the task,
 * without changing the "show-notes" preference, which says whether it shows
 * when there is room.
 *
 * The task page (arc-task-page*.c) places the divider between the
 * examples and the workspace.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-window"

#include "config.h"

#include "arc-window-private.h"

/* The notes pane */

/**
 * arc_window_notes_shown:
 * Returns: whether the notes pane is on screen (beside the task or over it)
 */
gboolean
arc_window_notes_shown (ArcWindow *self)
{
  return adw_flap_get_reveal_flap (self->notes_flap);
}

/* The toggle is down while the pane is on screen: not on the welcome page,
 * which hides the pane (there is no task to write about) */
static void
update_notes_state (ArcWindow *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "show-notes");
  gboolean shown = arc_window_notes_shown (self) && gtk_widget_get_visible (GTK_WIDGET (self->notes_pane));

  if (action)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (shown));
}

static void
notes_visible_cb (GtkWidget  *pane,
                  GParamSpec *pspec,
                  ArcWindow  *self)
{
  update_notes_state (self);
}

/* Beside the task, the pane follows the preference; folded, it starts closed */
static void
follow_preference (ArcWindow *self)
{
  gboolean folded = adw_flap_get_folded (self->notes_flap);

  adw_flap_set_reveal_flap (self->notes_flap, !folded && g_settings_get_boolean (self->settings, "show-notes"));
}

/**
 * arc_window_toggle_notes:
 * Shows the notes pane if it is not on screen, else puts it away.
 */
void
arc_window_toggle_notes (ArcWindow *self)
{
  gboolean show = !arc_window_notes_shown (self);

  if (adw_flap_get_folded (self->notes_flap))
    adw_flap_set_reveal_flap (self->notes_flap, show);  /* for now, over the task */
  else
    g_settings_set_boolean (self->settings, "show-notes", show);  /* follow_preference shows it */
}

static void
show_notes_changed_cb (GSettings  *settings,
                       const char *key,
                       ArcWindow  *self)
{
  follow_preference (self);
}

static void
flap_notify_cb (AdwFlap    *flap,
                GParamSpec *pspec,
                ArcWindow  *self)
{
  if (pspec->name == g_intern_static_string ("folded"))
    follow_preference (self);
  update_notes_state (self);
}

/* The window never starts larger than the screen */
static void
fit_screen (ArcWindow *self)
{
  GListModel *monitors = gdk_display_get_monitors (gtk_widget_get_display (GTK_WIDGET (self)));
  g_autoptr(GdkMonitor) monitor = g_list_model_get_n_items (monitors) > 0 ? g_list_model_get_item (monitors, 0) : NULL;
  GdkRectangle area;
  int width, height;

  if (monitor == NULL)
    return;
  gdk_monitor_get_geometry (monitor, &area);
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (area.width > 0 && area.height > 0 && (width > area.width || height > area.height))
    gtk_window_set_default_size (GTK_WINDOW (self), MIN (width, area.width), MIN (height, area.height));
}

void
arc_window_layout_init (ArcWindow *self)
{
  g_signal_connect_object (self->settings, "changed::show-notes", G_CALLBACK (show_notes_changed_cb), self, 0);
  /* The task list can be put away: the task gets its width */
  g_settings_bind (self->settings, "show-task-list", self->task_list, "visible", G_SETTINGS_BIND_GET);
  g_signal_connect (self->notes_flap, "notify::folded", G_CALLBACK (flap_notify_cb), self);
  g_signal_connect (self->notes_flap, "notify::reveal-flap", G_CALLBACK (flap_notify_cb), self);
  g_signal_connect (self->notes_pane, "notify::visible", G_CALLBACK (notes_visible_cb), self);
  follow_preference (self);
  update_notes_state (self);
  fit_screen (self);
}

void
arc_window_layout_dispose (ArcWindow *self)
{
  if (self->notes_flap)
    g_signal_handlers_disconnect_by_data (self->notes_flap, self);
  if (self->notes_pane)
    g_signal_handlers_disconnect_by_data (self->notes_pane, self);
}

/* arc-window-layout.c: how the window shares its room: the task list,
 * which can be put away, the notes pane, and the examples above the
 * workspace
 *
 * The notes pane sits beside the task while there is room for both; in a
 * narrower window it folds away (AdwFlap) and F9 opens it over the task,
 * without changing the "show-notes" preference, which says whether it shows
 * when there is room.
 *
 * The task page is a GtkPaned: the examples scroll on their own, the
 * workspace stays put. In a wide page the workspace is beside the examples,
 * as in the ARC testing interface; in a narrow one, below them. Until the
 * user moves the divider, it is placed so that the workspace shows whole and
 * gets more than half of the page (its grids fit the room they get);
 * after a move, the workspace keeps the size the user gave it. A double
 * click on the divider places it again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-window"

#include "config.h"

#include "arc-window-private.h"
#include "arc-wrap-layout.h"

#define WORKSPACE_BESIDE_WIDTH 340   /* the narrowest workspace beside the examples */
#define WORKSPACE_WIDTH_SHARE  0.55
#define WORKSPACE_HEIGHT_SHARE 0.75

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

/* The divider between the examples and the workspace */

/* The narrowest the examples get: the task at its smallest cells */
static int
examples_minimum (ArcWindow *self)
{
  int minimum;

  gtk_widget_measure (gtk_scrolled_window_get_child (self->task_scroller), GTK_ORIENTATION_HORIZONTAL, -1,
                      &minimum, NULL, NULL, NULL);
  return minimum;
}

/* The workspace's width beside the examples in a page @width wide (less
 * the handle): more than half of it, and at least WORKSPACE_BESIDE_WIDTH
 * while the narrowest examples leave that */
static int
beside_width (ArcWindow *self,
              int        width,
              int        handle)
{
  int room = width - examples_minimum (self) - MAX (handle, 0);

  return MAX (MIN ((int) (width * WORKSPACE_WIDTH_SHARE), room), MIN (WORKSPACE_BESIDE_WIDTH, room));
}

/* Beside each other when the page has room for the workspace beside the
 * narrowest examples, as in the ARC testing interface, and is high enough
 * for the workspace at that width (the edit bar takes some of it); else one
 * above the other (a narrow or low page, or a task of large grids) */
static gboolean
set_orientation (ArcWindow *self,
                 int        width,
                 int        height)
{
  GtkWidget *workspace = GTK_WIDGET (self->solve_view);
  gboolean beside = width - examples_minimum (self) >= WORKSPACE_BESIDE_WIDTH;
  GtkOrientation orientation;

  if (beside && height > 0)
    {
      int minimum;

      gtk_widget_measure (workspace, GTK_ORIENTATION_VERTICAL, beside_width (self, width, 0), &minimum, NULL, NULL, NULL);
      beside = minimum + gtk_widget_get_margin_top (workspace) + gtk_widget_get_margin_bottom (workspace) <= height;
    }
  orientation = beside ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL;
  if (gtk_orientable_get_orientation (GTK_ORIENTABLE (self->task_paned)) == orientation)
    return FALSE;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->task_paned), orientation);
  self->divider_moved = FALSE;  /* a place across means nothing along */
  return TRUE;
}

static gboolean
place_divider_idle (gpointer user_data)
{
  ArcWindow *self = user_data;
  GtkWidget *paned = GTK_WIDGET (self->task_paned);
  GtkWidget *examples = gtk_paned_get_start_child (self->task_paned);
  GtkWidget *workspace = GTK_WIDGET (self->solve_view);
  int height = gtk_widget_get_height (paned);
  int width = gtk_widget_get_width (paned);
  gboolean horizontal;
  int size, minimum, natural, handle, wanted;

  self->place_divider_idle = 0;
  if (height <= 0 || !gtk_widget_get_visible (workspace) || set_orientation (self, width, height) || self->divider_moved)
    return G_SOURCE_REMOVE;  /* a new orientation is placed once allocated */
  horizontal = gtk_orientable_get_orientation (GTK_ORIENTABLE (paned)) == GTK_ORIENTATION_HORIZONTAL;
  size = horizontal ? width : height;
  /* The handle is the room the two children do not get */
  handle = horizontal ? width - gtk_widget_get_width (examples) - gtk_widget_get_width (workspace)
                        - gtk_widget_get_margin_start (workspace) - gtk_widget_get_margin_end (workspace)
                      : height - gtk_widget_get_height (examples) - gtk_widget_get_height (workspace)
                        - gtk_widget_get_margin_top (workspace) - gtk_widget_get_margin_bottom (workspace);
  gtk_widget_measure (workspace, horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL,
                      horizontal ? -1 : width, &minimum, &natural, NULL, NULL);
  if (horizontal)
    wanted = MAX (minimum, beside_width (self, width, handle));
  else
    wanted = MAX (minimum, MIN (natural, (int) (height * WORKSPACE_HEIGHT_SHARE)));
  self->placing_divider = TRUE;
  gtk_paned_set_position (self->task_paned, MAX (size - wanted - MAX (handle, 0), 0));
  self->placing_divider = FALSE;
  self->placed_position = gtk_paned_get_position (self->task_paned);
  g_object_get (self->task_paned, "max-position", &self->placed_max_position, NULL);
  return G_SOURCE_REMOVE;
}

/**
 * arc_window_place_divider:
 * After an allocation or for another task: the orientation again, and the
 * divider unless the user moved it.
 */
void
arc_window_place_divider (ArcWindow *self)
{
  /* Not while the window is taken apart: its task list can still show a task */
  if (self->place_divider_idle == 0 && !self->layout_disposed)
    self->place_divider_idle = g_idle_add (place_divider_idle, self);
}

static void
max_position_cb (GtkPaned   *paned,
                 GParamSpec *pspec,
                 ArcWindow  *self)
{
  arc_window_place_divider (self);
}

/* Whether (@x, @y) of the paned is on its handle, not in a child */
static gboolean
on_handle (ArcWindow *self,
           double     x,
           double     y)
{
  GtkWidget *paned = GTK_WIDGET (self->task_paned);
  GtkWidget *picked = gtk_widget_pick (paned, x, y, GTK_PICK_DEFAULT);

  return picked != NULL && picked != paned &&
         !gtk_widget_is_ancestor (picked, gtk_paned_get_start_child (self->task_paned)) &&
         picked != gtk_paned_get_start_child (self->task_paned) &&
         !gtk_widget_is_ancestor (picked, gtk_paned_get_end_child (self->task_paned)) &&
         picked != gtk_paned_get_end_child (self->task_paned);
}

/* A double click on the handle places it again */
static void
handle_pressed_cb (GtkGestureClick *gesture,
                   int              n_press,
                   double           x,
                   double           y,
                   ArcWindow       *self)
{
  if (n_press != 2 || !on_handle (self, x, y))
    return;
  self->divider_moved = FALSE;
  arc_window_place_divider (self);
}

/* The paned moves the divider itself when its height changes (and
 * max-position with it); a move at the same height is the user's, with the
 * handle or the keyboard */
static void
position_cb (GtkPaned   *paned,
             GParamSpec *pspec,
             ArcWindow  *self)
{
  int max_position;

  g_object_get (paned, "max-position", &max_position, NULL);
  if (!self->placing_divider && self->placed_max_position == max_position &&
      gtk_paned_get_position (paned) != self->placed_position)
    self->divider_moved = TRUE;
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
  GtkGesture *press = gtk_gesture_click_new ();

  g_signal_connect_object (self->settings, "changed::show-notes", G_CALLBACK (show_notes_changed_cb), self, 0);
  /* The task list can be put away: the task gets its width */
  g_settings_bind (self->settings, "show-task-list", self->task_list, "visible", G_SETTINGS_BIND_GET);
  g_signal_connect (self->notes_flap, "notify::folded", G_CALLBACK (flap_notify_cb), self);
  g_signal_connect (self->notes_flap, "notify::reveal-flap", G_CALLBACK (flap_notify_cb), self);
  g_signal_connect (self->notes_pane, "notify::visible", G_CALLBACK (notes_visible_cb), self);
  follow_preference (self);
  update_notes_state (self);

  g_signal_connect (self->task_paned, "notify::max-position", G_CALLBACK (max_position_cb), self);
  g_signal_connect (self->task_paned, "notify::position", G_CALLBACK (position_cb), self);
  /* Before the paned's own gesture, which takes the presses on the handle */
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (press), GTK_PHASE_CAPTURE);
  g_signal_connect (press, "pressed", G_CALLBACK (handle_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->task_paned), GTK_EVENT_CONTROLLER (press));
  fit_screen (self);

  /* The task's id, and beside it what it holds, or under it in narrow
   * examples (rather than wrapped in three short lines beside it); the
   * margin puts the two on about one baseline */
  {
    GtkWidget *heading = gtk_widget_get_parent (GTK_WIDGET (self->task_title));

    gtk_widget_set_layout_manager (heading, arc_wrap_layout_new (12, 0));
    gtk_widget_set_margin_start (heading, gtk_widget_get_margin_start (GTK_WIDGET (self->task_title)));
    gtk_widget_set_margin_start (GTK_WIDGET (self->task_title), 0);
    gtk_widget_set_margin_top (GTK_WIDGET (self->task_summary), 6);
  }
}

void
arc_window_layout_dispose (ArcWindow *self)
{
  /* Taking the page apart changes its size: nothing is placed any more */
  self->layout_disposed = TRUE;
  if (self->task_paned)
    g_signal_handlers_disconnect_by_data (self->task_paned, self);
  if (self->notes_flap)
    g_signal_handlers_disconnect_by_data (self->notes_flap, self);
  if (self->notes_pane)
    g_signal_handlers_disconnect_by_data (self->notes_pane, self);
  g_clear_handle_id (&self->place_divider_idle, g_source_remove);
}

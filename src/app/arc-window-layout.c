/* arc-window-layout.c: how the window shares its room: the task list, the
 * notes pane and the task
 *
 * The task list and the notes pane sit beside the task while there is
 * room for them (the task is drawn at least as wide as the main stack's
 * width-request in ui/arc-window.ui); in a narrower window they fold away
 * (AdwFlap), the notes pane first, and their toggles (Ctrl+Shift+L, F9)
 * open them over the task, without changing the "show-task-list" and
 * "show-notes" preferences, which say whether they show when there is
 * room. The notes pane also folds away for a task whose grid being built
 * would be drawn at less than ARC_SOLVE_VIEW_ROOMY_CELL pixels a cell
 * beside it, and larger without it (a 30×30 task on a laptop screen); the
 * task list too, when only without it that grid is roomy with the first
 * train pair whole beside or above it, or, where it cannot be roomy, at
 * least ARC_SOLVE_VIEW_PAIR_CELL with that pair whole (1024×768).
 * This is decided when a task is shown and when the window's size changes,
 * from the task's grids (the workspace's fitted to their room, the
 * examples unzoomed): nothing done to the grid being built, nor zooming,
 * folds or unfolds a pane.
 * While the program page is shown, both fold away: it takes the whole
 * width.
 *
 * The task page (arc-task-page*.c) places the divider between the
 * examples and the workspace.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-window"

#include "config.h"

#include <math.h>

#include "arc-window-private.h"

/* A pane that folds: its flap, the preference, its toggle's action */
typedef struct
{
  AdwFlap    *flap;
  const char *key;
  const char *action;
} Pane;

static Pane
pane_of (ArcWindow *self,
         gboolean   notes)
{
  if (notes)
    return (Pane) { self->notes_flap, "show-notes", "show-notes" };
  return (Pane) { self->list_flap, "show-task-list", "show-task-list" };
}

/**
 * arc_window_notes_shown:
 * Returns: whether the notes pane is on screen (beside the task or over it)
 */
gboolean
arc_window_notes_shown (ArcWindow *self)
{
  return adw_flap_get_reveal_flap (self->notes_flap);
}

/* The toggle is down while the pane is on screen: the notes pane's not on
 * the welcome page, which hides it (there is no task to write about) */
static void
update_state (ArcWindow *self,
              gboolean   notes)
{
  Pane pane = pane_of (self, notes);
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), pane.action);
  gboolean shown = adw_flap_get_reveal_flap (pane.flap) && gtk_widget_get_visible (adw_flap_get_flap (pane.flap));

  if (action)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (shown));
}

static void queue_room (ArcWindow *self);

static void
notes_visible_cb (GtkWidget  *pane,
                  GParamSpec *pspec,
                  ArcWindow  *self)
{
  update_state (self, TRUE);
  queue_room (self);
}

/* Whether the focus is in @flap's pane: its search being typed in, say */
static gboolean
holds_focus (ArcWindow *self,
             AdwFlap   *flap)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  GtkWidget *pane = adw_flap_get_flap (flap);

  return focus && pane && (focus == pane || gtk_widget_is_ancestor (focus, pane));
}

/* Beside the task, a pane follows the preference; folded, it starts
 * closed, unless it was open with text being typed in it (the task a
 * search selects can fold the task list away while the search is typed):
 * then it stays open, over the task. (A task list that only had the focus,
 * its row clicked before Go to Task chose a large task, had stayed open
 * over the examples.) */
static void
follow_preference (ArcWindow *self,
                   gboolean   notes)
{
  Pane pane = pane_of (self, notes);
  gboolean folded = adw_flap_get_folded (pane.flap);

  if (folded)
    adw_flap_set_reveal_flap (pane.flap, adw_flap_get_reveal_flap (pane.flap) && holds_focus (self, pane.flap) &&
                                         arc_widget_typing (GTK_WIDGET (self)));
  else
    adw_flap_set_reveal_flap (pane.flap, g_settings_get_boolean (self->settings, pane.key));
}

/* One step of the wheel (@delta notches, or pixels for a touchpad's
 * @unit) on @adjustment, as a scrolled window takes it */
static void
scroll_by (GtkAdjustment *adjustment,
           double         delta,
           GdkScrollUnit  unit)
{
  double step = unit == GDK_SCROLL_UNIT_WHEEL ? pow (gtk_adjustment_get_page_size (adjustment), 2.0 / 3.0) : 1.0;

  if (delta != 0)
    gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + delta * step);
}

/* Where the pointer is over a flap (scroll events carry no position) */
typedef struct
{
  double   x, y;
  gboolean over;
} Pointer;

static void
pointer_cb (GtkEventControllerMotion *controller,
            double                    x,
            double                    y,
            Pointer                  *pointer)
{
  pointer->x = x;
  pointer->y = y;
  pointer->over = TRUE;
}

static void
pointer_left_cb (GtkEventControllerMotion *controller,
                 Pointer                  *pointer)
{
  pointer->over = FALSE;
}

/* A folded pane open over the task has a shield over the task, which
 * takes the pointer's events (a click there puts the pane away): the
 * wheel over the task did nothing. It scrolls what it is over (the
 * examples), as without the pane; Ctrl and the wheel, which zoom, are
 * left to the shield. */
static gboolean
shield_scroll_cb (GtkEventControllerScroll *controller,
                  double                    dx,
                  double                    dy,
                  Pointer                  *pointer)
{
  GtkWidget *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));
  AdwFlap *flap = ADW_FLAP (widget);
  GtkWidget *content = adw_flap_get_content (flap), *pane = adw_flap_get_flap (flap);
  GdkScrollUnit unit = gtk_event_controller_scroll_get_unit (controller);
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  GtkWidget *picked, *scroller;
  graphene_point_t at;

  if (!adw_flap_get_folded (flap) || !adw_flap_get_reveal_flap (flap) || content == NULL || !pointer->over ||
      (state & GDK_CONTROL_MASK))
    return GDK_EVENT_PROPAGATE;
  /* (over the pane: its own) */
  if (pane && gtk_widget_compute_point (widget, pane, &GRAPHENE_POINT_INIT (pointer->x, pointer->y), &at) &&
      gtk_widget_contains (pane, at.x, at.y))
    return GDK_EVENT_PROPAGATE;
  if (!gtk_widget_compute_point (widget, content, &GRAPHENE_POINT_INIT (pointer->x, pointer->y), &at) ||
      (picked = gtk_widget_pick (content, at.x, at.y, GTK_PICK_DEFAULT)) == NULL)
    return GDK_EVENT_PROPAGATE;
  scroller = GTK_IS_SCROLLED_WINDOW (picked) ? picked : gtk_widget_get_ancestor (picked, GTK_TYPE_SCROLLED_WINDOW);
  if (scroller == NULL || !gtk_widget_is_ancestor (scroller, content))
    return GDK_EVENT_PROPAGATE;
  scroll_by (gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scroller)), dx, unit);
  scroll_by (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)), dy, unit);
  return GDK_EVENT_STOP;
}

/* The wheel over the task under @flap open over it */
static void
watch_shield (AdwFlap *flap)
{
  GtkEventController *wheel = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  GtkEventController *motion = gtk_event_controller_motion_new ();
  Pointer *pointer = g_new0 (Pointer, 1);

  g_object_set_data_full (G_OBJECT (flap), "arc-pointer", pointer, g_free);
  g_signal_connect (motion, "enter", G_CALLBACK (pointer_cb), pointer);
  g_signal_connect (motion, "motion", G_CALLBACK (pointer_cb), pointer);
  g_signal_connect (motion, "leave", G_CALLBACK (pointer_left_cb), pointer);
  gtk_widget_add_controller (GTK_WIDGET (flap), motion);
  /* (before the shield, which is the events' target) */
  gtk_event_controller_set_propagation_phase (wheel, GTK_PHASE_CAPTURE);
  g_signal_connect (wheel, "scroll", G_CALLBACK (shield_scroll_cb), pointer);
  gtk_widget_add_controller (GTK_WIDGET (flap), wheel);
}

/* A folded pane opened over the task takes the focus, as the task is
 * under it (the list its selected task, the notes their first field); put
 * away, it gives it back where it was */
static void
pane_mapped_cb (GtkWidget *pane,
                ArcWindow *self)
{
  gboolean notes = pane == GTK_WIDGET (self->notes_pane);

  g_signal_handlers_disconnect_by_func (pane, pane_mapped_cb, self);
  /* (unless it is in it already: Ctrl+F opens the list at its search) */
  if (holds_focus (self, pane_of (self, notes).flap))
    return;
  if (notes)
    gtk_widget_child_focus (pane, GTK_DIR_TAB_FORWARD);
  else
    arc_task_list_focus_list (self->task_list);
}

static void
focus_into (ArcWindow *self,
            gboolean   notes)
{
  GtkWidget *pane = notes ? GTK_WIDGET (self->notes_pane) : GTK_WIDGET (self->task_list);

  g_weak_ref_set (&self->focus_before_pane, gtk_root_get_focus (GTK_ROOT (self)));
  /* (what is focused first is what is on screen: once the pane is) */
  g_signal_handlers_disconnect_by_func (pane, pane_mapped_cb, self);
  if (gtk_widget_get_mapped (pane))
    pane_mapped_cb (pane, self);
  else
    g_signal_connect (pane, "map", G_CALLBACK (pane_mapped_cb), self);
}

static void
focus_back (ArcWindow *self)
{
  g_autoptr(GtkWidget) before = g_weak_ref_get (&self->focus_before_pane);
  GtkWidget *grid = arc_solve_view_get_output_view (arc_task_page_get_solve_view (self->task_page));

  g_weak_ref_set (&self->focus_before_pane, NULL);
  if (before && gtk_widget_get_root (before) == GTK_ROOT (self) && gtk_widget_get_mapped (before) &&
      gtk_widget_grab_focus (before))
    return;
  /* (gone, or a toggle in the header bar: the task, at the grid being
   * built, where its keys act; the page's first stop was the title, whose
   * text the focus selected) */
  if (gtk_widget_get_mapped (grid) && gtk_widget_grab_focus (grid))
    return;
  gtk_widget_child_focus (GTK_WIDGET (self->main_stack), GTK_DIR_TAB_FORWARD);
}

static void
toggle (ArcWindow *self,
        gboolean   notes,
        gboolean   show)
{
  Pane pane = pane_of (self, notes);

  if (!adw_flap_get_folded (pane.flap))
    g_settings_set_boolean (self->settings, pane.key, show);  /* follow_preference shows it */
  else if (show != adw_flap_get_reveal_flap (pane.flap))
    {
      /* for now, over the task */
      adw_flap_set_reveal_flap (pane.flap, show);
      if (show)
        focus_into (self, notes);
      else  /* (put away before it was on screen: it takes nothing later) */
        g_signal_handlers_disconnect_by_func (adw_flap_get_flap (pane.flap), pane_mapped_cb, self);
    }
}

/* Escape in a pane over the task puts it away (after what it does in the
 * pane: a search's Escape ends the search first) */
static gboolean
pane_key_cb (GtkEventControllerKey *controller,
             guint                  keyval,
             guint                  keycode,
             GdkModifierType        state,
             ArcWindow             *self)
{
  gboolean notes = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller)) == GTK_WIDGET (self->notes_pane);
  AdwFlap *flap = pane_of (self, notes).flap;

  if (keyval != GDK_KEY_Escape || (state & gtk_accelerator_get_default_mod_mask ()) != 0 ||
      !adw_flap_get_folded (flap) || !adw_flap_get_reveal_flap (flap))
    return GDK_EVENT_PROPAGATE;
  /* (while a collection is listed or checked, Escape stops that: win.cancel) */
  if (arc_task_list_is_busy (self->task_list))
    return GDK_EVENT_PROPAGATE;
  toggle (self, notes, FALSE);
  return GDK_EVENT_STOP;
}

/* A task chosen in the list over the task (a click, Enter) is the one to
 * see: the list goes away from over it (the arrow keys only select: the
 * list stays for the next one) */
static void
task_chosen_cb (ArcTaskList *list,
                ArcWindow   *self)
{
  if (adw_flap_get_folded (self->list_flap) && adw_flap_get_reveal_flap (self->list_flap))
    toggle (self, FALSE, FALSE);
}

/**
 * arc_window_toggle_notes:
 * Shows the notes pane if it is not on screen, else puts it away.
 */
void
arc_window_toggle_notes (ArcWindow *self)
{
  toggle (self, TRUE, !arc_window_notes_shown (self));
}

/**
 * arc_window_toggle_task_list:
 * Shows the task list if it is not on screen, else puts it away.
 */
void
arc_window_toggle_task_list (ArcWindow *self)
{
  toggle (self, FALSE, !adw_flap_get_reveal_flap (self->list_flap));
}

/**
 * arc_window_show_task_list:
 * Shows the task list, beside the task or, in a narrow window, over it
 * (@show), or puts it away.
 */
void
arc_window_show_task_list (ArcWindow *self,
                           gboolean   show)
{
  toggle (self, FALSE, show);
}

static void
preference_changed_cb (GSettings  *settings,
                       const char *key,
                       ArcWindow  *self)
{
  follow_preference (self, g_str_equal (key, "show-notes"));
}

static void
flap_notify_cb (AdwFlap    *flap,
                GParamSpec *pspec,
                ArcWindow  *self)
{
  gboolean notes = flap == self->notes_flap;

  if (pspec->name == g_intern_static_string ("folded"))
    follow_preference (self, notes);
  /* Put away with the focus in it (its toggle, Escape, a click on the task) */
  if (!adw_flap_get_reveal_flap (flap))
    {
      if (holds_focus (self, flap))
        focus_back (self);
      else
        g_weak_ref_set (&self->focus_before_pane, NULL);
    }
  update_state (self, notes);
}

/* Beside the notes pane, would the grid being built be drawn small, and
 * larger without it? Then the pane folds away (its toggle opens it over
 * the task). In a page @width wide (the notes pane beside it taken out). */
static gboolean
notes_fold (ArcWindow *self,
            int        width,
            int        height,
            int        pane_width)
{
  int with_notes = arc_task_page_cell_for_size (self->task_page, width - pane_width - 1, height);
  int without_notes = arc_task_page_cell_for_size (self->task_page, width, height);

  return with_notes < ARC_SOLVE_VIEW_ROOMY_CELL && without_notes > with_notes;
}

/* The room the task needs: the notes pane folds away for a task whose grid
 * being built would be small beside it (notes_fold()); the task list too,
 * when only without it the grid is roomy with the first train pair whole
 * (a 30×30 task in a laptop's window: the examples go in a column beside
 * the workspace). Measured on the task list's flap, whose width is the
 * same folded or not, so the answer does not change with it; a task list
 * folded for a narrow window is left as it is. */
static gboolean
room_idle (gpointer user_data)
{
  ArcWindow *self = user_data;
  int full = gtk_widget_get_width (GTK_WIDGET (self->list_flap));
  int height = gtk_widget_get_height (GTK_WIDGET (self->notes_flap));
  gboolean ours = adw_flap_get_fold_policy (self->list_flap) == ADW_FLAP_FOLD_POLICY_ALWAYS;
  gboolean list_beside = g_settings_get_boolean (self->settings, "show-task-list") &&
                         (ours || !adw_flap_get_folded (self->list_flap));
  gboolean fold = FALSE, fold_list = FALSE;
  int pane_width, list_width = 0, page, with_list;

  self->room_idle = 0;
  gtk_widget_measure (GTK_WIDGET (self->notes_pane), GTK_ORIENTATION_HORIZONTAL, -1, &pane_width, NULL, NULL, NULL);
  if (list_beside)
    gtk_widget_get_size_request (GTK_WIDGET (self->task_list), &list_width, NULL);
  if (full > 0 && height > 0 && gtk_widget_get_visible (GTK_WIDGET (self->notes_pane)) &&
      g_strcmp0 (gtk_stack_get_visible_child_name (self->main_stack), "task") == 0)
    {
      page = full - (list_beside ? list_width + 1 : 0);
      fold = notes_fold (self, page, height, pane_width);
      with_list = fold ? page : page - pane_width - 1;
      if (list_beside && !arc_task_page_pair_kept (self->task_page, with_list, height, ARC_SOLVE_VIEW_ROOMY_CELL))
        {
          gboolean fold_notes_too = notes_fold (self, full, height, pane_width);
          int without = fold_notes_too ? full : full - pane_width - 1;

          fold_list = arc_task_page_pair_kept (self->task_page, without, height, ARC_SOLVE_VIEW_ROOMY_CELL) ||
                      (!arc_task_page_pair_kept (self->task_page, with_list, height, ARC_SOLVE_VIEW_PAIR_CELL) &&
                       arc_task_page_pair_kept (self->task_page, without, height, ARC_SOLVE_VIEW_PAIR_CELL));
          if (fold_list)
            fold = fold_notes_too;
        }
    }
  /* The program page takes the whole width: its toggles open them over it */
  if (arc_task_page_get_program_shown (self->task_page))
    fold = fold_list = TRUE;
  adw_flap_set_fold_policy (self->notes_flap, fold ? ADW_FLAP_FOLD_POLICY_ALWAYS : ADW_FLAP_FOLD_POLICY_AUTO);
  adw_flap_set_fold_policy (self->list_flap, fold_list ? ADW_FLAP_FOLD_POLICY_ALWAYS : ADW_FLAP_FOLD_POLICY_AUTO);
  return G_SOURCE_REMOVE;
}

static void
queue_room (ArcWindow *self)
{
  if (self->room_idle == 0)
    self->room_idle = g_idle_add (room_idle, self);
}

/**
 * arc_window_layout_task_shown:
 * Another task is shown (or the page it is on): the room it needs.
 */
void
arc_window_layout_task_shown (ArcWindow *self)
{
  queue_room (self);
}

/* The window's size changed (the surface is laid out at each frame that
 * lays anything out: only a new size counts) */
static void
surface_layout_cb (GdkSurface *surface,
                   int         width,
                   int         height,
                   ArcWindow  *self)
{
  if (width == self->room_decided.width && height == self->room_decided.height)
    return;
  self->room_decided.width = width;
  self->room_decided.height = height;
  queue_room (self);
}

static void
realize_cb (GtkWidget *widget,
            ArcWindow *self)
{
  g_signal_connect_object (gtk_native_get_surface (GTK_NATIVE (widget)), "layout",
                           G_CALLBACK (surface_layout_cb), self, 0);
}

/* The window never starts larger than the screen; at the first start, on
 * a screen it would nearly fill (a laptop's), it is as large as the
 * screen: there the task needs every pixel (GNOME Shell maximizes a new
 * window of that size) */
#define NEARLY_FILLS 0.8

static void
fit_screen (ArcWindow *self)
{
  GListModel *monitors = gdk_display_get_monitors (gtk_widget_get_display (GTK_WIDGET (self)));
  g_autoptr(GdkMonitor) monitor = g_list_model_get_n_items (monitors) > 0 ? g_list_model_get_item (monitors, 0) : NULL;
  g_autoptr(GVariant) stored = g_settings_get_user_value (self->settings, "window-width");
  GdkRectangle area;
  int width, height;

  if (monitor == NULL)
    return;
  gdk_monitor_get_geometry (monitor, &area);
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (area.width <= 0 || area.height <= 0)
    return;
  if (stored == NULL && (double) width * height >= NEARLY_FILLS * area.width * area.height)
    gtk_window_set_default_size (GTK_WINDOW (self), area.width, area.height);
  else if (width > area.width || height > area.height)
    gtk_window_set_default_size (GTK_WINDOW (self), MIN (width, area.width), MIN (height, area.height));
}

void
arc_window_layout_init (ArcWindow *self)
{
  /* The task list as wide as the user left it */
  gtk_widget_set_size_request (GTK_WIDGET (self->task_list),
                               CLAMP (g_settings_get_int (self->settings, "sidebar-width"), 220, 480), -1);
  for (guint notes = 0; notes < 2; notes++)
    {
      Pane pane = pane_of (self, notes);
      g_autofree char *changed = g_strdup_printf ("changed::%s", pane.key);

      g_signal_connect_object (self->settings, changed, G_CALLBACK (preference_changed_cb), self, 0);
      g_signal_connect (pane.flap, "notify::folded", G_CALLBACK (flap_notify_cb), self);
      g_signal_connect (pane.flap, "notify::reveal-flap", G_CALLBACK (flap_notify_cb), self);
      {
        GtkEventController *keys = gtk_event_controller_key_new ();

        g_signal_connect (keys, "key-pressed", G_CALLBACK (pane_key_cb), self);
        gtk_widget_add_controller (adw_flap_get_flap (pane.flap), keys);
      }
      watch_shield (pane.flap);
      follow_preference (self, notes);
      update_state (self, notes);
    }
  g_signal_connect (self->notes_pane, "notify::visible", G_CALLBACK (notes_visible_cb), self);
  g_signal_connect (self->task_list, "task-chosen", G_CALLBACK (task_chosen_cb), self);
  g_signal_connect (self, "realize", G_CALLBACK (realize_cb), self);
  g_signal_connect_swapped (self->main_stack, "notify::visible-child", G_CALLBACK (queue_room), self);
  fit_screen (self);
}

void
arc_window_layout_dispose (ArcWindow *self)
{
  g_clear_handle_id (&self->room_idle, g_source_remove);
  g_weak_ref_set (&self->focus_before_pane, NULL);
  if (self->notes_flap)
    g_signal_handlers_disconnect_by_data (self->notes_flap, self);
  if (self->list_flap)
    g_signal_handlers_disconnect_by_data (self->list_flap, self);
  if (self->notes_pane)
    g_signal_handlers_disconnect_by_data (self->notes_pane, self);
  if (self->main_stack)
    g_signal_handlers_disconnect_by_data (self->main_stack, self);
  if (self->task_list)
    {
      g_signal_handlers_disconnect_by_func (self->task_list, pane_mapped_cb, self);
      g_signal_handlers_disconnect_by_func (self->task_list, task_chosen_cb, self);
    }
}

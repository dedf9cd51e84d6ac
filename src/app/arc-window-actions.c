/* arc-window-actions.c: every win.* action of the main window and its keys
 *
 * One callback an action. The callbacks are short: each asks the part of
 * the window that owns the behaviour (opening, browsing, exporting,
 * reviewing, LARC, zoom, the layout) or does a few lines itself. The
 * toggles of the View menu and the task list are the settings themselves.
 * The task editor (editor.*) and the workspace (solve.*) install their own
 * actions in their own files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-window"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-replay-window.h"
#include "arc-window-private.h"

/* The settings that are toggles of the window's menus */
static const char * const setting_actions[] = {
  "show-digits", "show-grid-lines", "show-test-outputs", "palette",
};

/* Opening */

static void
open_folder_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  arc_window_choose_collection (ARC_WINDOW (widget), TRUE);
}

static void
open_file_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  arc_window_choose_collection (ARC_WINDOW (widget), FALSE);
}

static void
open_samples_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  arc_window_open_samples (ARC_WINDOW (widget));
}

static void
read_again_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  arc_window_read_again (ARC_WINDOW (widget));
}

static void
open_recent_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  arc_window_open (ARC_WINDOW (widget), file);
}

/* The welcome page's Browse the Samples: the samples, with the first
 * selected, and the keyboard on the list (not on the next focusable
 * widget after the button that goes away: the task's title, all
 * selected) */
static void
browse_samples_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  ArcWindow *self = ARC_WINDOW (widget);

  /* (before the button goes: focused when it went, GTK had already moved
   * the focus on to the title, which kept its text selected) */
  gtk_root_set_focus (GTK_ROOT (self), NULL);
  if (arc_window_shows_samples (self))
    arc_window_end_welcome (self);  /* they are listed: the first is selected */
  else
    arc_window_open_samples (self);
  arc_window_show_task_list (self, TRUE);  /* over the task, in a narrow window */
  arc_task_list_focus_list (self->task_list);
  /* (nothing listed to take it: what the page shows) */
  if (gtk_root_get_focus (GTK_ROOT (self)) == NULL)
    gtk_widget_child_focus (GTK_WIDGET (self), GTK_DIR_TAB_FORWARD);
}

/* Going through the tasks */

static void
step_task (ArcWindow *self,
           int        delta)
{
  if (!arc_task_list_step (self->task_list, delta))
    gtk_widget_error_bell (GTK_WIDGET (self));
}

static void
next_task_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  step_task (ARC_WINDOW (widget), 1);
}

static void
previous_task_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  step_task (ARC_WINDOW (widget), -1);
}

static void
random_task_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  ArcWindow *self = ARC_WINDOW (widget);

  if (!arc_task_list_select_random (self->task_list))
    gtk_widget_error_bell (widget);
}

/* R goes to a task at random, except while typing */
static gboolean
letter_random_cb (GtkWidget *widget,
                  GVariant  *args,
                  gpointer   user_data)
{
  if (arc_widget_typing (widget))
    return FALSE;
  gtk_widget_activate_action (widget, "win.random-task", NULL);
  return TRUE;
}

/* N and P step through the tasks, except while typing */
static gboolean
letter_step_cb (GtkWidget *widget,
                GVariant  *args,
                gpointer   user_data)
{
  if (arc_widget_typing (widget))
    return FALSE;
  step_task (ARC_WINDOW (widget), g_variant_get_int32 (args));
  return TRUE;
}

/* F8 with the focus outside the task page (the notes, the task list):
 * the divider's keys there too (inside, the page's paned has them) */
static gboolean
focus_divider_cb (GtkWidget *widget,
                  GVariant  *args,
                  gpointer   user_data)
{
  return arc_task_page_focus_divider (ARC_WINDOW (widget)->task_page);
}

static void
go_to_task_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  arc_window_ask_task_id (ARC_WINDOW (widget));
}

static void
find_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ArcWindow *self = ARC_WINDOW (widget);

  /* The search is in the task list: it comes back if it was put away */
  arc_window_show_task_list (self, TRUE);
  arc_task_list_focus_search (self->task_list);
}

/* Escape: stops the listing or leaves the search */
static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  arc_task_list_cancel (ARC_WINDOW (widget)->task_list);
}

/* The shown task */

/* The eyedropper from the menu of a train grid's cell */
static void
pick_colour_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  ArcTaskPage *page = ARC_WINDOW (widget)->task_page;

  arc_solve_view_offer_colour (arc_task_page_get_solve_view (page),
                               arc_task_view_get_context_colour (arc_task_page_get_task_view (page)), TRUE);
}

/* The grid the menu was opened on, to the system's clipboard as [[…],[…]] */
static void
copy_grid_json_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  ArcWindow *self = ARC_WINDOW (widget);
  const ArcSlot *slot = arc_task_view_get_context_slot (arc_task_page_get_task_view (self->task_page));
  g_autofree char *text = NULL;

  if (slot == NULL)
    return;
  if (slot->grid == NULL)
    {
      arc_window_show_toast (self, _("This grid is hidden: nothing copied"));
      return;
    }
  text = arc_grid_to_string (slot->grid);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
  arc_window_show_toast (self, _("Grid copied as JSON"));
}

/* Opens the replay of the shown task's attempts */
static void
replay_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ArcWindow *self = ARC_WINDOW (widget);
  ArcTaskNotes *notes = arc_window_get_notes (self);
  GPtrArray *attempts = notes ? arc_task_notes_get_attempts (notes) : NULL;

  if (arc_replay_count_attempts (attempts) == 0)
    return;
  gtk_window_present (GTK_WINDOW (arc_replay_window_new (GTK_WINDOW (self), notes, self->settings)));
}

static void
zoom_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  arc_task_page_zoom_keys (ARC_WINDOW (widget)->task_page, g_variant_get_int32 (parameter));
}

/* Exporting and reviewing */

static void
export_image_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  arc_window_export_image (ARC_WINDOW (widget));
}

static void
export_grid_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  arc_window_export_grid (ARC_WINDOW (widget));
}

static void
export_submission_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  arc_window_export_submission (ARC_WINDOW (widget));
}

static void
export_notes_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  arc_window_export_notes (ARC_WINDOW (widget), FALSE);
}

static void
export_notes_larc_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  arc_window_export_notes (ARC_WINDOW (widget), TRUE);
}

static void
review_submission_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  arc_window_choose_review (ARC_WINDOW (widget));
}

/* Closed, the shortcuts window goes (and is built again when next asked
 * for). Kept hidden, it was a toplevel the app crashed on: GTK 4.18's AT-SPI
 * root answers a reader asking for a window past those shown (as it does
 * when one closes while it reads) with the last toplevel, shown or not, and
 * a hidden window has no object path to give (GLib-CRITICAL
 * g_variant_new_object_path, then a crash) */
static gboolean
help_overlay_close_request_cb (GtkWindow            *overlay,
                               GtkApplicationWindow *window)
{
  gtk_application_window_set_help_overlay (window, NULL);  /* destroys it */
  return TRUE;
}

/* The shortcuts window, built when first asked for: GtkApplication would
 * build it with each window (from gtk/help-overlay.ui), a twentieth of the
 * app's start-up for a window most never open */
static void
show_help_overlay_activate_cb (GSimpleAction *action,
                               GVariant      *parameter,
                               gpointer       user_data)
{
  GtkApplicationWindow *window = user_data;
  GtkShortcutsWindow *overlay = gtk_application_window_get_help_overlay (window);

  if (overlay == NULL)
    {
      g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource (RESOURCE_PREFIX "/arc-shortcuts-window.ui");

      overlay = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
      /* Modal, over @window: as GtkApplication's, but destroyed when closed */
      gtk_application_window_set_help_overlay (window, overlay);
      g_signal_connect (overlay, "close-request", G_CALLBACK (help_overlay_close_request_cb), window);
    }
  gtk_window_present (GTK_WINDOW (overlay));
}

static void
close_review_activate_cb (GSimpleAction *action,
                          GVariant      *parameter,
                          gpointer       user_data)
{
  arc_window_close_review (ARC_WINDOW (user_data));
}

/* LARC */

static void
import_larc_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  arc_window_choose_larc_folder (ARC_WINDOW (widget));
}

static void
build_from_description_action (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  arc_window_build_from_description (ARC_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

static void
replay_description_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  arc_window_replay_description (ARC_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

/* The shown task's program (arc-window-program.c) */

static void
run_program_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  arc_window_run_program (ARC_WINDOW (widget));
}

static void
trace_program_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  arc_window_trace_program (ARC_WINDOW (widget));
}

static void
show_program_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  arc_window_toggle_program (ARC_WINDOW (widget));
}

static void
clear_program_results_action (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  arc_window_clear_program_results (ARC_WINDOW (widget));
}

static void
submit_program_output_action (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  arc_window_submit_program_output (ARC_WINDOW (widget), g_variant_get_uint32 (parameter));
}

static void
copy_program_output_action (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  arc_window_copy_program_output (ARC_WINDOW (widget), g_variant_get_uint32 (parameter));
}

/* The notes pane: F9 and the header bar's toggle, whose state is set by
 * arc-window-layout.c as the pane comes and goes */
static void
show_notes_activate_cb (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       user_data)
{
  arc_window_toggle_notes (ARC_WINDOW (user_data));
}

/* The task list: Ctrl+Shift+L and the header bar's toggle, whose state is
 * set by arc-window-layout.c as the list comes and goes */
static void
show_task_list_activate_cb (GSimpleAction *action,
                            GVariant      *parameter,
                            gpointer       user_data)
{
  arc_window_toggle_task_list (ARC_WINDOW (user_data));
}

/**
 * arc_window_actions_class_init:
 * Installs the window's actions and their keys.
 */
void
arc_window_actions_class_init (GtkWidgetClass *widget_class)
{
  static const struct
  {
    const char      *name;
    const char      *parameter_type;
    ArcWindowAction *activate;
  } actions[] = {
    { "win.open-folder", NULL, open_folder_action },
    { "win.open-file", NULL, open_file_action },
    { "win.open-samples", NULL, open_samples_action },
    { "win.open-recent", "s", open_recent_action },
    { "win.read-again", NULL, read_again_action },
    { "win.browse-samples", NULL, browse_samples_action },
    { "win.next-task", NULL, next_task_action },
    { "win.previous-task", NULL, previous_task_action },
    { "win.go-to-task", NULL, go_to_task_action },
    { "win.random-task", NULL, random_task_action },
    { "win.find", NULL, find_action },
    { "win.cancel", NULL, cancel_action },
    { "win.pick-colour", NULL, pick_colour_action },
    { "win.copy-grid-json", NULL, copy_grid_json_action },
    { "win.replay", NULL, replay_action },
    { "win.zoom", "i", zoom_action },
    { "win.export-image", NULL, export_image_action },
    { "win.export-grid", NULL, export_grid_action },
    { "win.export-submission", NULL, export_submission_action },
    { "win.export-notes", NULL, export_notes_action },
    { "win.export-notes-larc", NULL, export_notes_larc_action },
    { "win.review-submission", NULL, review_submission_action },
    { "win.import-larc", NULL, import_larc_action },
    { "win.build-from-description", "s", build_from_description_action },
    { "win.replay-description", "s", replay_description_action },
    { "win.run-program", NULL, run_program_action },
    { "win.trace-program", NULL, trace_program_action },
    { "win.show-program", NULL, show_program_action },
    { "win.clear-program-results", NULL, clear_program_results_action },
    { "win.submit-program-output", "u", submit_program_output_action },
    { "win.copy-program-output", "u", copy_program_output_action },
  };
  static const guint plus[] = { GDK_KEY_plus, GDK_KEY_equal, GDK_KEY_KP_Add };
  static const guint minus[] = { GDK_KEY_minus, GDK_KEY_KP_Subtract };

  for (gsize i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_class_install_action (widget_class, actions[i].name, actions[i].parameter_type, actions[i].activate);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open-folder", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.open-file", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_l, GDK_CONTROL_MASK, "win.go-to-task", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK, "win.run-program", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, GDK_CONTROL_MASK, "win.trace-program", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.show-program", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.replay", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_ALT_MASK, "win.next-task", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "win.previous-task", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.export-image", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "win.find", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "win.show-notes", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F5, 0, "win.read-again", NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_F8, 0, focus_divider_cb, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_F8, GDK_SHIFT_MASK, focus_divider_cb, NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_l, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.show-task-list", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.cancel", NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_n, 0, letter_step_cb, "i", 1);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_p, 0, letter_step_cb, "i", -1);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_r, 0, letter_random_cb, NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (plus); i++)
    gtk_widget_class_add_binding_action (widget_class, plus[i], GDK_CONTROL_MASK, "win.zoom", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.zoom", "i", 1);
  for (gsize i = 0; i < G_N_ELEMENTS (minus); i++)
    gtk_widget_class_add_binding_action (widget_class, minus[i], GDK_CONTROL_MASK, "win.zoom", "i", -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK, "win.zoom", "i", 0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0, GDK_CONTROL_MASK, "win.zoom", "i", 0);
}

/**
 * arc_window_actions_init:
 * Adds the actions that need the window's settings: the toggles that are
 * settings, and the notes pane's; and Close Review, which follows the
 * review panel.
 */
void
arc_window_actions_init (ArcWindow *self)
{
  static const GActionEntry entries[] = {
    { "show-notes", show_notes_activate_cb, NULL, "true", NULL },
    { "show-task-list", show_task_list_activate_cb, NULL, "true", NULL },
    { "close-review", close_review_activate_cb, NULL, NULL, NULL },
    { "show-help-overlay", show_help_overlay_activate_cb, NULL, NULL, NULL },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (setting_actions); i++)
    {
      g_autoptr(GAction) action = g_settings_create_action (self->settings, setting_actions[i]);

      g_action_map_add_action (G_ACTION_MAP (self), action);
    }
  g_action_map_add_action_entries (G_ACTION_MAP (self), entries, G_N_ELEMENTS (entries), self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.replay", FALSE);
  /* Enabled while a review is shown */
  g_object_bind_property (arc_task_page_get_review_panel (self->task_page), "has-review",
                          g_action_map_lookup_action (G_ACTION_MAP (self), "close-review"), "enabled",
                          G_BINDING_SYNC_CREATE);
}

/* The settings' actions outlive nothing of ours */
void
arc_window_actions_dispose (ArcWindow *self)
{
  for (gsize i = 0; i < G_N_ELEMENTS (setting_actions); i++)
    g_action_map_remove_action (G_ACTION_MAP (self), setting_actions[i]);
  g_action_map_remove_action (G_ACTION_MAP (self), "show-notes");
  g_action_map_remove_action (G_ACTION_MAP (self), "show-task-list");
  g_action_map_remove_action (G_ACTION_MAP (self), "close-review");
  g_action_map_remove_action (G_ACTION_MAP (self), "show-help-overlay");
}

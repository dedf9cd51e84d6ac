/* arc-window-browse.c: what the window shows instead of a task: the
 * welcome page of a first start, or why nothing is listed, with the way
 * out; and the keyboard leaving the search when the task is clicked
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-window"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-window-private.h"

static void empty_clicked_cb (ArcWindow *self);

/* A page of ui/arc-window-pages.ui, made when first shown */
static void
build_page (ArcWindow  *self,
            const char *id,
            const char *name)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new ();
  g_autoptr(GError) error = NULL;
  const char *ids[] = { id, NULL };

  if (!gtk_builder_add_objects_from_resource (builder, RESOURCE_PREFIX "/arc-window-pages.ui", ids, &error))
    g_error ("%s", error->message);  /* the resource is built in */
  gtk_stack_add_named (self->main_stack, GTK_WIDGET (gtk_builder_get_object (builder, id)), name);
}

/* The main stack's page @name, an AdwStatusPage ("empty", "invalid") */
static AdwStatusPage *
status_page (ArcWindow  *self,
             const char *name)
{
  return ADW_STATUS_PAGE (gtk_stack_get_child_by_name (self->main_stack, name));
}

/**
 * arc_window_show_page:
 * Shows the main stack's page @name: "task", or one of those made when
 * first shown, "welcome", "empty" and "invalid": the first frame makes
 * none of them.
 */
void
arc_window_show_page (ArcWindow  *self,
                      const char *name)
{
  if (gtk_stack_get_child_by_name (self->main_stack, name) == NULL)
    {
      if (g_str_equal (name, "welcome"))
        {
          ArcWelcomePage *welcome = g_object_new (ARC_TYPE_WELCOME_PAGE, NULL);

          arc_welcome_page_set_settings (welcome, self->settings);
          gtk_stack_add_named (self->main_stack, GTK_WIDGET (welcome), "welcome");
        }
      else if (g_str_equal (name, "empty"))
        {
          build_page (self, "empty_page", "empty");
          g_signal_connect_swapped (adw_status_page_get_child (status_page (self, "empty")), "clicked",
                                    G_CALLBACK (empty_clicked_cb), self);
        }
      else if (g_str_equal (name, "invalid"))
        build_page (self, "invalid_page", "invalid");
    }
  gtk_stack_set_visible_child_name (self->main_stack, name);
}

/**
 * arc_window_show_invalid:
 * Shows why the task @name cannot be read: @details, a problem a line.
 */
void
arc_window_show_invalid (ArcWindow  *self,
                         const char *name,
                         const char *details)
{
  arc_window_show_page (self, "invalid");
  adw_status_page_set_description (status_page (self, "invalid"), name);
  gtk_label_set_text (GTK_LABEL (adw_status_page_get_child (status_page (self, "invalid"))), details);
}

/* Welcome: the welcome page instead of a task, and no task selected */
void
arc_window_begin_welcome (ArcWindow *self)
{
  if (!self->welcoming)
    self->notes_were_visible = gtk_widget_get_visible (GTK_WIDGET (self->notes_pane));
  self->welcoming = TRUE;
  arc_task_list_set_autoselect (self->task_list, FALSE);
  /* No task to write about */
  gtk_widget_set_visible (GTK_WIDGET (self->notes_pane), FALSE);
  gtk_widget_set_sensitive (self->notes_button, FALSE);
  arc_window_show_page (self, "welcome");
}

/* A task was picked or a collection opened: tasks are selected again */
void
arc_window_end_welcome (ArcWindow *self)
{
  if (!self->welcoming)
    return;
  self->welcoming = FALSE;
  arc_task_list_set_autoselect (self->task_list, TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->notes_pane), self->notes_were_visible);
  gtk_widget_set_sensitive (self->notes_button, TRUE);
}

/**
 * arc_window_browse_samples:
 * Browse the Sample Tasks, from the welcome page: the first is selected.
 */
/* Nothing listed */

/**
 * arc_window_show_empty:
 * Shows why no task is shown: the welcome page, a search or filter that
 * matched nothing (and the button that clears it), the listing, or an
 * empty collection.
 *
 * Returns: %FALSE if it is the welcome page
 */
gboolean
arc_window_show_empty (ArcWindow *self)
{
  ArcCollection *collection = arc_task_list_get_collection (self->task_list);
  ArcCollectionStatus *status = arc_task_list_get_status (self->task_list);
  const char *clear = NULL;
  AdwStatusPage *empty;
  GtkButton *button;

  if (self->welcoming)
    {
      arc_window_show_page (self, "welcome");
      return FALSE;
    }
  arc_window_show_page (self, "empty");
  empty = status_page (self, "empty");
  button = GTK_BUTTON (adw_status_page_get_child (empty));
  if (collection && g_list_model_get_n_items (G_LIST_MODEL (collection)) > 0)
    {
      g_autofree char *title = arc_task_list_describe_empty (self->task_list, &clear);

      adw_status_page_set_icon_name (empty, "edit-find-symbolic");
      adw_status_page_set_title (empty, title);
      adw_status_page_set_description (empty, NULL);
      gtk_button_set_label (button, clear);
    }
  else if (collection == NULL)
    {
      adw_status_page_set_icon_name (empty, "folder-symbolic");
      adw_status_page_set_title (empty, _("No Collection Open"));
      adw_status_page_set_description (empty, _("Open a folder of ARC tasks or a Kaggle challenges file."));
    }
  else if (status && arc_collection_status_get_phase (status) == ARC_COLLECTION_PHASE_LISTING)
    {
      adw_status_page_set_icon_name (empty, "folder-symbolic");
      adw_status_page_set_title (empty, _("Listing the Tasks…"));
      adw_status_page_set_description (empty, NULL);
    }
  else
    {
      adw_status_page_set_icon_name (empty, "folder-symbolic");
      adw_status_page_set_title (empty, _("No Tasks"));
      adw_status_page_set_description (empty,
                                       _("This collection has no task files. Open a folder of ARC tasks or a Kaggle challenges file."));
    }
  gtk_widget_set_visible (GTK_WIDGET (button), clear != NULL);
  return TRUE;
}

static void
empty_clicked_cb (ArcWindow *self)
{
  arc_task_list_clear_filters (self->task_list);
}

/* The empty page and the status line ("task 3 of 40 listed") follow the
 * search, the filters and the listing */
static void
list_changed_cb (ArcWindow *self)
{
  arc_window_update_status_line (self);
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->main_stack), "empty") == 0)
    arc_window_show_empty (self);
}

/* A click on the task or its grids takes the keyboard from the search, so
 * that N and P step through the tasks again. Seen from the window, before
 * the panes take the click in for their handles. */
static void
window_pressed_cb (GtkGestureClick *gesture,
                   int              n_press,
                   double           x,
                   double           y,
                   ArcWindow       *self)
{
  GtkWidget *target = gtk_widget_pick (GTK_WIDGET (self), x, y, GTK_PICK_DEFAULT);

  if (target && gtk_widget_is_ancestor (target, GTK_WIDGET (self->main_stack)))
    arc_task_list_leave_search (self->task_list);
}

void
arc_window_browse_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, ArcWindow, notes_button);
}

void
arc_window_browse_init (ArcWindow *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
  g_signal_connect (click, "pressed", G_CALLBACK (window_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect_swapped (self->task_list, "filter-changed", G_CALLBACK (list_changed_cb), self);
  g_signal_connect_swapped (self->task_list, "loaded", G_CALLBACK (list_changed_cb), self);
}

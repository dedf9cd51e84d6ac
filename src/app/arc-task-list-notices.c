/* arc-task-list-notices.c: what the sidebar says besides its tasks
 *
 * The page shown when the search and filters match no task, with a button
 * that clears them, and the button that counts the files that are not
 * tasks, whose popover lists them. Both are made when first shown: the
 * window's first frame needs neither.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-task-list"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-task-list-private.h"

static void
clear_clicked_cb (GtkButton   *button,
                  ArcTaskList *self)
{
  arc_task_list_clear_filters (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->list_view));
}

/* The page the list shows when nothing matches, made when first shown */
void
arc_task_list_ensure_no_match (ArcTaskList *self)
{
  GtkWidget *page, *button;

  if (self->no_match_page)
    return;
  page = adw_status_page_new ();
  adw_status_page_set_icon_name (ADW_STATUS_PAGE (page), "edit-find-symbolic");
  gtk_widget_add_css_class (page, "compact");
  button = gtk_button_new ();
  gtk_widget_set_halign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "pill");
  g_signal_connect (button, "clicked", G_CALLBACK (clear_clicked_cb), self);
  adw_status_page_set_child (ADW_STATUS_PAGE (page), button);
  gtk_stack_add_named (self->list_stack, page, "no-match");
  self->no_match_page = ADW_STATUS_PAGE (page);
  self->clear_button = GTK_BUTTON (button);
}

/* What an empty list says, and what its button clears */
void
arc_task_list_update_no_match (ArcTaskList *self)
{
  const char *clear = NULL;
  g_autofree char *title = NULL;

  if (self->no_match_page == NULL)
    return;
  title = arc_task_list_describe_empty (self, &clear);
  adw_status_page_set_title (self->no_match_page, title);
  gtk_button_set_label (self->clear_button, clear);
}

/**
 * arc_task_list_describe_empty:
 * @clear: (out): the label of the button that shows every task again
 * Returns: (transfer full): what the list says when it shows no task
 */
char *
arc_task_list_describe_empty (ArcTaskList  *self,
                              const char  **clear)
{
  gboolean search, filters;

  g_return_val_if_fail (ARC_IS_TASK_LIST (self), NULL);

  search = arc_task_filter_has_search (self->filter);
  filters = arc_task_filter_get_validity (self->filter) != ARC_STATUS_FILTER_ALL ||
            arc_task_filter_has_group (self->filter);
  if (search && filters)
    *clear = _("Clear Search and Filters");
  else if (search)
    *clear = _("Clear Search");
  else
    *clear = _("Show All Tasks");
  return arc_task_filter_describe_empty (self->filter);
}

/* Files that are not tasks: counted under the search, listed in a popover */
void
arc_task_list_create_skipped_popup (GtkMenuButton *button,
                                    gpointer       user_data)
{
  ArcTaskList *self = user_data;
  GtkWidget *popover, *scroller, *label;

  if (gtk_menu_button_get_popover (button))
    return;
  label = gtk_label_new (self->skipped_text);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_yalign (GTK_LABEL (label), 0);
  g_object_set (label, "margin-top", 6, "margin-bottom", 6, "margin-start", 6, "margin-end", 6, NULL);
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 400);
  gtk_scrolled_window_set_max_content_width (GTK_SCROLLED_WINDOW (scroller), 600);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), label);
  popover = gtk_popover_new ();
  gtk_popover_set_child (GTK_POPOVER (popover), scroller);
  gtk_menu_button_set_popover (button, popover);
  self->skipped_label = GTK_LABEL (label);
}

void
arc_task_list_update_skipped (ArcTaskList *self)
{
  GPtrArray *skipped = self->collection ? arc_collection_get_skipped (self->collection) : NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *label = NULL;

  if (skipped == NULL || skipped->len == 0)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->skipped_button), FALSE);
      return;
    }
  for (guint i = 0; i < skipped->len && i < 500; i++)
    {
      ArcSkipped *s = skipped->pdata[i];
      g_string_append_printf (text, "%s%s: %s", i ? "\n" : "", s->display_name, s->reason);
    }
  if (skipped->len > 500)
    g_string_append_printf (text, _("\n… and %u more"), skipped->len - 500);
  label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u file is not a task", "%u files are not tasks",
                                        skipped->len), skipped->len);
  gtk_menu_button_set_label (self->skipped_button, label);
  g_free (self->skipped_text);
  self->skipped_text = g_string_free (g_steal_pointer (&text), FALSE);
  if (self->skipped_label)
    gtk_label_set_text (self->skipped_label, self->skipped_text);
  gtk_widget_set_visible (GTK_WIDGET (self->skipped_button), TRUE);
}

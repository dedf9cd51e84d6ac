/* arc-drop-down.c: a GtkDropDown whose list opens at the selected item,
 * whose button ellipsizes, and whose list's rows are made when first opened
 *
 * GTK 4.8's drop-down opens its list at the top, so in a long list the
 * selected item is out of sight; and its tooltip shows over the open list.
 * While the list is open the tooltip is off, and the list is scrolled to
 * the selected item in its first frames: at its first showing it is laid
 * out over several, and one scroll when it maps does nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-drop-down"

#include "config.h"

#include "arc-drop-down.h"

#define SCROLL_FRAMES 6

static GtkWidget *
find_list_view (GtkWidget *widget)
{
  if (GTK_IS_LIST_VIEW (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_list_view (child);

      if (found)
        return found;
    }
  return NULL;
}

/* The popover of @dropdown's list, its child: GTK does not give it out */
static GtkWidget *
list_popover (GtkDropDown *dropdown)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (dropdown)); child;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child))
      return child;
  return NULL;
}

static gboolean
scroll_list_tick (GtkWidget     *list,
                  GdkFrameClock *clock,
                  gpointer       user_data)
{
  GtkWidget *dropdown = gtk_widget_get_ancestor (list, GTK_TYPE_DROP_DOWN);
  guint i = dropdown ? gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown)) : GTK_INVALID_LIST_POSITION;
  guint *frames = user_data;

  if (i != GTK_INVALID_LIST_POSITION)
    gtk_widget_activate_action (list, "list.scroll-to-item", "u", i);
  return ++*frames < SCROLL_FRAMES ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

static void
popover_map_cb (GtkWidget *popover,
                GtkWidget *dropdown)
{
  GtkWidget *list = find_list_view (popover);

  gtk_widget_set_has_tooltip (dropdown, FALSE);
  if (list)
    gtk_widget_add_tick_callback (list, scroll_list_tick, g_new0 (guint, 1), g_free);
}

static void
popover_unmap_cb (GtkWidget *popover,
                  GtkWidget *dropdown)
{
  gtk_widget_set_has_tooltip (dropdown, gtk_widget_get_tooltip_text (dropdown) != NULL);
}

/**
 * arc_drop_down_open_at_selected:
 * Makes @dropdown's list open at its selected item, with no tooltip over
 * it. The handlers are on the drop-down's own popover, which it outlives.
 */
void
arc_drop_down_open_at_selected (GtkDropDown *dropdown)
{
  GtkWidget *popover;

  g_return_if_fail (GTK_IS_DROP_DOWN (dropdown));

  popover = list_popover (dropdown);
  if (popover)
    {
      g_signal_connect (popover, "map", G_CALLBACK (popover_map_cb), dropdown);
      g_signal_connect (popover, "unmap", G_CALLBACK (popover_unmap_cb), dropdown);
    }
}

/* The button's label: the selected item, ellipsized */
static void
label_setup_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (item, label);
}

static void
label_bind_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (item));
  GtkStringObject *string = gtk_list_item_get_item (item);

  gtk_label_set_text (label, gtk_string_object_get_string (string));
}

/* The list's rows: each item whole, and a check mark at the selected one,
 * as GTK's own rows have */
static void
row_setup_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  dropdown)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), gtk_image_new_from_icon_name ("object-select-symbolic"));
  gtk_list_item_set_child (item, box);
}

static void
row_selected_cb (GtkDropDown *dropdown,
                 GParamSpec  *pspec,
                 GtkListItem *item)
{
  GtkWidget *mark = gtk_widget_get_last_child (gtk_list_item_get_child (item));

  gtk_widget_set_opacity (mark, gtk_drop_down_get_selected_item (dropdown) == gtk_list_item_get_item (item));
}

static void
row_bind_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             gpointer                  dropdown)
{
  GtkWidget *label = gtk_widget_get_first_child (gtk_list_item_get_child (item));

  gtk_label_set_text (GTK_LABEL (label), gtk_string_object_get_string (gtk_list_item_get_item (item)));
  g_signal_connect (dropdown, "notify::selected-item", G_CALLBACK (row_selected_cb), item);
  row_selected_cb (dropdown, NULL, item);
}

static void
row_unbind_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  dropdown)
{
  g_signal_handlers_disconnect_by_func (dropdown, row_selected_cb, item);
}

/**
 * arc_drop_down_ellipsize:
 * @dropdown: a drop-down of #GtkStringObject items
 *
 * The button of @dropdown ellipsizes the selected item's text, so that a
 * long one does not widen what it is in; its list shows each whole.
 */
void
arc_drop_down_ellipsize (GtkDropDown *dropdown)
{
  g_autoptr(GtkListItemFactory) button = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkListItemFactory) list = gtk_signal_list_item_factory_new ();

  g_signal_connect (button, "setup", G_CALLBACK (label_setup_cb), NULL);
  g_signal_connect (button, "bind", G_CALLBACK (label_bind_cb), NULL);
  /* (the factory is the drop-down's: it does not outlive it) */
  g_signal_connect (list, "setup", G_CALLBACK (row_setup_cb), dropdown);
  g_signal_connect (list, "bind", G_CALLBACK (row_bind_cb), dropdown);
  g_signal_connect (list, "unbind", G_CALLBACK (row_unbind_cb), dropdown);
  gtk_drop_down_set_factory (dropdown, button);
  gtk_drop_down_set_list_factory (dropdown, list);
}

/* The list's own factory goes in as the popover is first realized: that is
 * before it is measured to be presented, so it opens at its full size. */
static void
popover_realize_cb (GtkWidget   *popover,
                    GtkDropDown *dropdown)
{
  GtkListItemFactory *list = g_object_steal_data (G_OBJECT (dropdown), "arc-list-factory");

  g_signal_handlers_disconnect_by_func (popover, popover_realize_cb, dropdown);
  gtk_drop_down_set_list_factory (dropdown, list);  /* NULL: the button's factory, as before */
  g_clear_object (&list);
}

/**
 * arc_drop_down_defer_list:
 * @dropdown: a drop-down with its factories set, best before its model
 *
 * GTK 4.8's drop-down makes a row of widgets in its list for every item as
 * soon as it has a model, though the list is shown only when opened: some
 * 30 widgets a drop-down in the window's first frame. Until the list is
 * first opened its rows are empty (one widget each), made by a factory
 * that makes nothing.
 */
void
arc_drop_down_defer_list (GtkDropDown *dropdown)
{
  GtkListItemFactory *list = gtk_drop_down_get_list_factory (dropdown);
  g_autoptr(GtkListItemFactory) empty = gtk_signal_list_item_factory_new ();
  GtkWidget *popover;

  g_return_if_fail (GTK_IS_DROP_DOWN (dropdown));

  if (list)
    g_object_set_data_full (G_OBJECT (dropdown), "arc-list-factory", g_object_ref (list), g_object_unref);
  gtk_drop_down_set_list_factory (dropdown, empty);
  popover = list_popover (dropdown);
  if (popover)
    g_signal_connect (popover, "realize", G_CALLBACK (popover_realize_cb), dropdown);
}

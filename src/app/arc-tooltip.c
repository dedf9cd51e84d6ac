/* arc-tooltip.c: a widget's tooltip, set only when it changes
 *
 * gtk_widget_set_tooltip_text() on a shown widget makes GTK query the
 * tooltip again, which asks the display where the pointer is: on X11 (GTK
 * 4.8) a round trip to the server, a millisecond or more when the machine
 * is busy. The page sets the same tooltips again at every task switch (the
 * task's title, the verdict, the workspace's tools), almost always to what
 * they were; set through here, an unchanged tooltip costs a comparison.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "arc-tooltip.h"

/**
 * arc_tooltip_set:
 * @text: (nullable): the tooltip; %NULL or "" for none
 *
 * Sets @widget's tooltip text to @text unless it is that already.
 */
void
arc_tooltip_set (GtkWidget  *widget,
                 const char *text)
{
  const char *now;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (text && *text == '\0')
    text = NULL;
  now = gtk_widget_get_tooltip_text (widget);
  if (g_strcmp0 (now, text) == 0)
    return;
  gtk_widget_set_tooltip_text (widget, text);
}

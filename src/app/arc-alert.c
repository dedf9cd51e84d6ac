/* arc-alert.c: a question or a message over a window
 *
 * libadwaita 1.2 has AdwMessageDialog, a window of its own. From GTK 4.10
 * on, it measures its heading's large label at a width that label does not
 * fit (a warning for every heading of more than one short word, fatal in
 * the tests); its successor from libadwaita 1.5, AdwAlertDialog, does not.
 * Built against libadwaita 1.5 or later, the alerts are AdwAlertDialogs,
 * shown in the window they are about; before, AdwMessageDialogs. Both have
 * the same "response" signal, which the callers connect to.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-alert"

#include "config.h"

#include "arc-alert.h"

/* 1.5's API, above the 1.2 the build is pinned to (its use would warn as
 * deprecated): compiled only where it exists, in this file alone */
#if ADW_CHECK_VERSION (1, 5, 0)
G_GNUC_BEGIN_IGNORE_DEPRECATIONS
#define ALERT_DIALOG 1
#define ALERT(w) ADW_ALERT_DIALOG (w)
#define CALL(name, ...) adw_alert_dialog_##name (__VA_ARGS__);
#define GET(name, ...) (adw_alert_dialog_##name (__VA_ARGS__))
#else
#define ALERT_DIALOG 0
#define ALERT(w) ADW_MESSAGE_DIALOG (w)
#define CALL(name, ...) adw_message_dialog_##name (__VA_ARGS__);
#define GET(name, ...) (adw_message_dialog_##name (__VA_ARGS__))
#endif

GType
arc_alert_get_type_of (void)
{
#if ALERT_DIALOG
  return ADW_TYPE_ALERT_DIALOG;
#else
  return ADW_TYPE_MESSAGE_DIALOG;
#endif
}

/**
 * arc_alert_new:
 * @parent: the widget whose window it is about
 * Returns: (transfer floating): the alert, to be presented
 */
GtkWidget *
arc_alert_new (GtkWidget  *parent,
               const char *heading,
               const char *body)
{
  GtkWidget *alert;

  g_return_val_if_fail (GTK_IS_WIDGET (parent), NULL);
#if ALERT_DIALOG
  alert = GTK_WIDGET (adw_alert_dialog_new (heading, body));
#else
  alert = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (parent)), heading, body);
#endif
  g_object_set_data_full (G_OBJECT (alert), "arc-alert-parent", g_object_ref (parent), g_object_unref);
  return alert;
}

void
arc_alert_format_body (GtkWidget  *alert,
                       const char *format,
                       ...)
{
  va_list args;
  g_autofree char *body = NULL;

  va_start (args, format);
  body = g_strdup_vprintf (format, args);
  va_end (args);
  CALL (set_body, ALERT (alert), body)
}

const char *
arc_alert_get_heading (GtkWidget *alert)
{
  return GET (get_heading, ALERT (alert));
}

const char *
arc_alert_get_body (GtkWidget *alert)
{
  return GET (get_body, ALERT (alert));
}

/* Pairs of an id and a label, ended by NULL */
void
arc_alert_add_responses (GtkWidget  *alert,
                         const char *first_id,
                         ...)
{
  va_list args;

  va_start (args, first_id);
  for (const char *id = first_id; id != NULL; id = va_arg (args, const char *))
    {
      const char *label = va_arg (args, const char *);

      CALL (add_response, ALERT (alert), id, label)
    }
  va_end (args);
}

void
arc_alert_set_response_appearance (GtkWidget             *alert,
                                   const char            *response,
                                   AdwResponseAppearance  appearance)
{
  CALL (set_response_appearance, ALERT (alert), response, appearance)
}

void
arc_alert_set_response_enabled (GtkWidget  *alert,
                                const char *response,
                                gboolean    enabled)
{
  CALL (set_response_enabled, ALERT (alert), response, enabled)
}

void
arc_alert_set_default_response (GtkWidget  *alert,
                                const char *response)
{
  CALL (set_default_response, ALERT (alert), response)
}

void
arc_alert_set_close_response (GtkWidget  *alert,
                              const char *response)
{
  CALL (set_close_response, ALERT (alert), response)
}

void
arc_alert_set_extra_child (GtkWidget *alert,
                           GtkWidget *child)
{
  CALL (set_extra_child, ALERT (alert), child)
}

GtkWidget *
arc_alert_get_extra_child (GtkWidget *alert)
{
  return GET (get_extra_child, ALERT (alert));
}

void
arc_alert_present (GtkWidget *alert)
{
#if ALERT_DIALOG
  adw_dialog_present (ADW_DIALOG (alert), g_object_get_data (G_OBJECT (alert), "arc-alert-parent"));
#else
  gtk_window_present (GTK_WINDOW (alert));
#endif
}

static GtkWidget *
find_in (GtkWidget *widget,
         GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type) && gtk_widget_get_mapped (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_in (child, type);

      if (found)
        return found;
    }
  return NULL;
}

/**
 * arc_alert_find:
 * Returns: (transfer none) (nullable): an alert shown now, in any window
 */
GtkWidget *
arc_alert_find (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();  /* (transfer none) */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);
      GtkWidget *found = find_in (window, arc_alert_get_type_of ());

      if (found)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);

      if (found)
        return found;
    }
  return NULL;
}

/**
 * arc_alert_respond:
 * Answers @response as its button does (which then closes the alert)
 */
void
arc_alert_respond (GtkWidget  *alert,
                   const char *response)
{
  const char *label = GET (get_response_label, ALERT (alert), response);
  GtkWidget *button = find_button (alert, label);

  g_return_if_fail (button != NULL);
  gtk_widget_activate (button);
}

#if ALERT_DIALOG
G_GNUC_END_IGNORE_DEPRECATIONS
#endif

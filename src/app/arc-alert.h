/* arc-alert.h: a question or a message over a window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* The widget type of an alert: AdwAlertDialog from libadwaita 1.5 on,
 * AdwMessageDialog before */
GType        arc_alert_get_type_of         (void);
GtkWidget   *arc_alert_new                 (GtkWidget             *parent,
                                            const char            *heading,
                                            const char            *body);
void         arc_alert_format_body         (GtkWidget             *alert,
                                            const char            *format,
                                            ...) G_GNUC_PRINTF (2, 3);
const char  *arc_alert_get_heading         (GtkWidget             *alert);
const char  *arc_alert_get_body            (GtkWidget             *alert);
void         arc_alert_add_responses       (GtkWidget             *alert,
                                            const char            *first_id,
                                            ...) G_GNUC_NULL_TERMINATED;
void         arc_alert_set_response_appearance (GtkWidget         *alert,
                                            const char            *response,
                                            AdwResponseAppearance  appearance);
void         arc_alert_set_response_enabled (GtkWidget            *alert,
                                            const char            *response,
                                            gboolean               enabled);
void         arc_alert_set_default_response (GtkWidget            *alert,
                                            const char            *response);
void         arc_alert_set_close_response  (GtkWidget             *alert,
                                            const char            *response);
void         arc_alert_set_extra_child     (GtkWidget             *alert,
                                            GtkWidget             *child);
GtkWidget   *arc_alert_get_extra_child     (GtkWidget             *alert);
void         arc_alert_present             (GtkWidget             *alert);
void         arc_alert_respond             (GtkWidget             *alert,
                                            const char            *response);
GtkWidget   *arc_alert_find                (void);

G_END_DECLS

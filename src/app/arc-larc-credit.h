/* arc-larc-credit.h: the line that credits LARC where its data is shown
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

GtkWidget *arc_larc_credit_new (const char *markup);

G_END_DECLS

/* arc-collection-order.h: the order of names in a collection's list
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

int      arc_natural_compare         (const char         *a,
                                      const char         *b);
int      arc_natural_compare_strings (gconstpointer       a,
                                      gconstpointer       b);
gboolean arc_ids_are_hex             (const char * const *ids,
                                      guint               n_ids);

G_END_DECLS

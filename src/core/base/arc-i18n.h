/* arc-i18n.h: gettext set-up shared by arc-studio and arc-studio-cli
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *arc_i18n_locale_dir (const char *exe_path,
                           const char *configured);
void  arc_i18n_init       (void);

G_END_DECLS

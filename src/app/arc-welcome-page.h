/* arc-welcome-page.h: the welcome page of a first start
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ARC_TYPE_WELCOME_PAGE (arc_welcome_page_get_type ())

G_DECLARE_FINAL_TYPE (ArcWelcomePage, arc_welcome_page, ARC, WELCOME_PAGE, AdwBin)

void arc_welcome_page_set_settings (ArcWelcomePage *self,
                                    GSettings      *settings);

G_END_DECLS

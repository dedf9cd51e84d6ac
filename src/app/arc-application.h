/* arc-application.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "arc-core.h"

G_BEGIN_DECLS

#define ARC_TYPE_APPLICATION (arc_application_get_type ())

G_DECLARE_FINAL_TYPE (ArcApplication, arc_application, ARC, APPLICATION, AdwApplication)

ArcApplication *arc_application_new             (void);
void            arc_application_preload         (ArcApplication *self,
                                                 int             argc,
                                                 char          **argv);
GSettings      *arc_application_get_settings    (ArcApplication *self);

G_END_DECLS

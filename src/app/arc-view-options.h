/* arc-view-options.h: the view properties of every widget that draws grids
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "arc-core.h"

G_BEGIN_DECLS

/* The properties "palette", "show-digits" and "show-grid-lines", in this
 * order; a widget keeps them as consecutive property ids. */
enum
{
  ARC_VIEW_OPTION_PALETTE,
  ARC_VIEW_OPTION_SHOW_DIGITS,
  ARC_VIEW_OPTION_SHOW_GRID_LINES,
  ARC_VIEW_N_OPTIONS
};

void     arc_view_options_install (GParamSpec             **pspecs);
void     arc_view_options_get     (const ArcRenderOptions  *options,
                                   guint                    option,
                                   GValue                  *value);
gboolean arc_view_options_set     (ArcRenderOptions        *options,
                                   guint                    option,
                                   const GValue            *value);
gboolean arc_view_options_get_property (const ArcRenderOptions *options,
                                        guint                   first,
                                        guint                   prop_id,
                                        GValue                 *value);
gboolean arc_view_options_set_property (ArcRenderOptions       *options,
                                        guint                   first,
                                        GObject                *object,
                                        guint                   prop_id,
                                        const GValue           *value,
                                        GParamSpec             *pspec,
                                        gboolean               *changed);
void     arc_view_options_bind    (GSettings               *settings,
                                   gpointer                 widget);

G_END_DECLS

/* arc-palette.h: the colours of the cell values
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  ARC_PALETTE_STANDARD,       /* the ARC testing interface's colours */
  ARC_PALETTE_COLOUR_BLIND,   /* distinct under protanopia, deuteranopia and tritanopia */
  ARC_PALETTE_HIGH_CONTRAST,  /* strong, saturated, far apart in lightness */
  ARC_N_PALETTES
} ArcPalette;

#define ARC_GRID_LINE_RGB 0x555555

const char *arc_palette_get_name     (ArcPalette  palette);
gboolean    arc_palette_from_name    (const char *name,
                                      ArcPalette *palette);
const guint32 *arc_palette_get_colours (ArcPalette palette);
guint32     arc_palette_get_rgb      (ArcPalette  palette,
                                      guint8      colour);
const char *arc_colour_get_name      (guint8      colour);
guint32     arc_contrast_text_rgb    (guint32     background);

G_END_DECLS

/* arc-palette.c: the colours of the ten cell values, in three palettes,
 * with their names
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "arc-grid.h"
#include "arc-palette.h"

static const guint32 palettes[ARC_N_PALETTES][ARC_N_COLOURS] = {
  /* The ARC-AGI testing interface */
  [ARC_PALETTE_STANDARD] = { 0x000000, 0x0074D9, 0xFF4136, 0x2ECC40, 0xFFDC00,
                             0xAAAAAA, 0xF012BE, 0xFF851B, 0x7FDBFF, 0x870C25 },
  /* Derived from Okabe and Ito's palette and tuned so that every pair stays
   * at least 24 CIELAB units apart for normal vision and under simulated
   * protanopia, deuteranopia and tritanopia (Machado et al. 2009). */
  [ARC_PALETTE_COLOUR_BLIND] = { 0x000000, 0x00469C, 0xB34014, 0x009460, 0xF0E442,
                                 0xB0B0B0, 0x9D699C, 0xF5A65C, 0x58D0FF, 0x681900 },
  /* Saturated colours far apart in lightness; grey becomes white. At least
   * 27 CIELAB units apart, with and without simulated colour blindness. */
  [ARC_PALETTE_HIGH_CONTRAST] = { 0x000000, 0x3618E5, 0xB91D01, 0x109475, 0xFFDA00,
                                  0xFFFFFF, 0xE43EFE, 0xDA9113, 0x45D6F9, 0x7F292A },
};

static const char * const palette_names[ARC_N_PALETTES] = {
  "standard", "colour-blind", "high-contrast",
};

const char *
arc_palette_get_name (ArcPalette palette)
{
  g_return_val_if_fail (palette < ARC_N_PALETTES, NULL);
  return palette_names[palette];
}

gboolean
arc_palette_from_name (const char *name,
                       ArcPalette *palette)
{
  for (int i = 0; i < ARC_N_PALETTES; i++)
    if (g_strcmp0 (name, palette_names[i]) == 0)
      {
        *palette = (ArcPalette) i;
        return TRUE;
      }
  return FALSE;
}

/**
 * arc_palette_get_colours:
 * Returns: (array fixed-size=10): the colours of @palette as 0xRRGGBB, by cell value
 */
const guint32 *
arc_palette_get_colours (ArcPalette palette)
{
  g_return_val_if_fail (palette < ARC_N_PALETTES, palettes[0]);
  return palettes[palette];
}

guint32
arc_palette_get_rgb (ArcPalette palette,
                     guint8     colour)
{
  g_return_val_if_fail (palette < ARC_N_PALETTES, 0);
  g_return_val_if_fail (colour < ARC_N_COLOURS, 0);
  return palettes[palette][colour];
}

const char *
arc_colour_get_name (guint8 colour)
{
  static const char * const names[ARC_N_COLOURS] = {
    N_("black"), N_("blue"), N_("red"), N_("green"), N_("yellow"),
    N_("grey"), N_("fuchsia"), N_("orange"), N_("teal"), N_("brown"),
  };

  g_return_val_if_fail (colour < ARC_N_COLOURS, NULL);
  return _(names[colour]);
}

/* Black or white, whichever reads better on @background (WCAG luminance). */
guint32
arc_contrast_text_rgb (guint32 background)
{
  double c[3], lum;

  for (int i = 0; i < 3; i++)
    {
      double v = ((background >> (16 - 8 * i)) & 0xFF) / 255.0;
      c[i] = v <= 0.04045 ? v / 12.92 : pow ((v + 0.055) / 1.055, 2.4);
    }
  lum = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  /* Contrast with black (lum + 0.05) / 0.05 against white 1.05 / (lum + 0.05) */
  return (lum + 0.05) * (lum + 0.05) > 0.05 * 1.05 ? 0x000000 : 0xFFFFFF;
}

/* arc-view-options.c: the view properties of every widget that draws grids
 *
 * The task view, the grid views of the workspace, the thumbnails and the
 * replay and review windows all draw with ArcRenderOptions and offer the
 * same three properties, bound to the same preferences: one definition.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-view-options"

#include "config.h"

#include "arc-view-options.h"

/**
 * arc_view_options_install:
 * @pspecs: where to put the ARC_VIEW_N_OPTIONS property specs, in order
 */
void
arc_view_options_install (GParamSpec **pspecs)
{
  pspecs[ARC_VIEW_OPTION_PALETTE] =
    g_param_spec_string ("palette", NULL, NULL, "standard",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  pspecs[ARC_VIEW_OPTION_SHOW_DIGITS] =
    g_param_spec_boolean ("show-digits", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  pspecs[ARC_VIEW_OPTION_SHOW_GRID_LINES] =
    g_param_spec_boolean ("show-grid-lines", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

void
arc_view_options_get (const ArcRenderOptions *options,
                      guint                   option,
                      GValue                 *value)
{
  switch (option)
    {
    case ARC_VIEW_OPTION_PALETTE:
      g_value_set_string (value, arc_palette_get_name (options->palette));
      break;
    case ARC_VIEW_OPTION_SHOW_DIGITS:
      g_value_set_boolean (value, options->digits);
      break;
    case ARC_VIEW_OPTION_SHOW_GRID_LINES:
      g_value_set_boolean (value, options->grid_lines);
      break;
    default:
      g_assert_not_reached ();
    }
}

/**
 * arc_view_options_set:
 * An unknown palette name is the standard palette.
 *
 * Returns: whether @options changed (the widget then redraws and notifies)
 */
gboolean
arc_view_options_set (ArcRenderOptions *options,
                      guint             option,
                      const GValue     *value)
{
  ArcPalette palette = ARC_PALETTE_STANDARD;
  gboolean *field;

  switch (option)
    {
    case ARC_VIEW_OPTION_PALETTE:
      arc_palette_from_name (g_value_get_string (value), &palette);
      if (palette == options->palette)
        return FALSE;
      options->palette = palette;
      return TRUE;
    case ARC_VIEW_OPTION_SHOW_DIGITS:
      field = &options->digits;
      break;
    case ARC_VIEW_OPTION_SHOW_GRID_LINES:
      field = &options->grid_lines;
      break;
    default:
      g_assert_not_reached ();
    }
  if (*field == g_value_get_boolean (value))
    return FALSE;
  *field = g_value_get_boolean (value);
  return TRUE;
}

/**
 * arc_view_options_get_property:
 * @first: the property id of "palette" in the widget's class
 *
 * For a widget's get_property: fills @value if @prop_id is one of the three.
 *
 * Returns: whether it was
 */
gboolean
arc_view_options_get_property (const ArcRenderOptions *options,
                               guint                   first,
                               guint                   prop_id,
                               GValue                 *value)
{
  if (prop_id < first || prop_id >= first + ARC_VIEW_N_OPTIONS)
    return FALSE;
  arc_view_options_get (options, prop_id - first, value);
  return TRUE;
}

/**
 * arc_view_options_set_property:
 * @first: the property id of "palette" in the widget's class
 * @changed: (out): whether @options changed (the widget was notified; it
 *   draws again)
 *
 * For a widget's set_property: sets @options if @prop_id is one of the three.
 *
 * Returns: whether it was
 */
gboolean
arc_view_options_set_property (ArcRenderOptions *options,
                               guint             first,
                               GObject          *object,
                               guint             prop_id,
                               const GValue     *value,
                               GParamSpec       *pspec,
                               gboolean         *changed)
{
  *changed = FALSE;
  if (prop_id < first || prop_id >= first + ARC_VIEW_N_OPTIONS)
    return FALSE;
  *changed = arc_view_options_set (options, prop_id - first, value);
  if (*changed)
    g_object_notify_by_pspec (object, pspec);
  return TRUE;
}

/**
 * arc_view_options_bind:
 * @settings: the application's settings
 * @widget: a widget with the three view properties
 *
 * The widget follows the preferences: the palette, the digits and the grid
 * lines, as every grid the application draws does.
 */
void
arc_view_options_bind (GSettings *settings,
                       gpointer   widget)
{
  static const char * const keys[] = { "palette", "show-digits", "show-grid-lines" };

  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (G_IS_OBJECT (widget));

  for (gsize i = 0; i < G_N_ELEMENTS (keys); i++)
    g_settings_bind (settings, keys[i], widget, keys[i], G_SETTINGS_BIND_GET);
}

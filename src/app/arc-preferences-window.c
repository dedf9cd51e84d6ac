/* arc-preferences-window.c: the preferences, every one a GSettings key
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-preferences-window"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-preferences-window.h"
#include "arc-wheel.h"

struct _ArcPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  AdwComboRow          *colour_scheme_row;
  AdwComboRow          *palette_row;
  GtkSwitch            *digits_switch;
  GtkSwitch            *grid_lines_switch;
  GtkSwitch            *test_outputs_switch;
  AdwComboRow          *trials_row;
  GtkSwitch            *diff_switch;
  AdwEntryRow          *annotator_row;
  GtkSpinButton        *timeout_spin;
  AdwEntryRow          *python_path_row;

  GSettings            *settings;
};

G_DEFINE_FINAL_TYPE (ArcPreferencesWindow, arc_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* Maps between a string key and the position in a combo row's list. */
static gboolean
string_to_position (GValue   *value,
                    GVariant *variant,
                    gpointer  user_data)
{
  const char * const *choices = user_data;
  const char *s = g_variant_get_string (variant, NULL);

  for (guint i = 0; choices[i]; i++)
    if (g_str_equal (choices[i], s))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  g_value_set_uint (value, 0);
  return TRUE;
}

static GVariant *
position_to_string (const GValue       *value,
                    const GVariantType *type,
                    gpointer            user_data)
{
  const char * const *choices = user_data;
  guint position = g_value_get_uint (value);

  for (guint i = 0; choices[i]; i++)
    if (i == position)
      return g_variant_new_string (choices[i]);
  return NULL;
}

static gboolean
trials_to_position (GValue   *value,
                    GVariant *variant,
                    gpointer  user_data)
{
  g_value_set_uint (value, g_variant_get_int32 (variant) == 3 ? 1 : 0);
  return TRUE;
}

static GVariant *
position_to_trials (const GValue       *value,
                    const GVariantType *type,
                    gpointer            user_data)
{
  return g_variant_new_int32 (g_value_get_uint (value) == 1 ? 3 : 2);
}

static void
bind_choice (ArcPreferencesWindow *self,
             const char           *key,
             AdwComboRow          *row,
             const char * const   *choices)
{
  g_settings_bind_with_mapping (self->settings, key, row, "selected", G_SETTINGS_BIND_DEFAULT,
                                string_to_position, position_to_string, (gpointer) choices, NULL);
}

static void
arc_preferences_window_dispose (GObject *object)
{
  ArcPreferencesWindow *self = ARC_PREFERENCES_WINDOW (object);

  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), ARC_TYPE_PREFERENCES_WINDOW);

  G_OBJECT_CLASS (arc_preferences_window_parent_class)->dispose (object);
}

static void
arc_preferences_window_class_init (ArcPreferencesWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = arc_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/arc-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ArcPreferencesWindow, colour_scheme_row);
  gtk_widget_class_bind_template_child (widget_class, ArcPreferencesWindow, palette_row);
  gtk_widget_class_bind_template_child (widget_class, ArcPreferencesWindow, digits_switch);
  gtk_widget_class_bind_template_child (widget_class, ArcPreferencesWindow, grid_lines_switch);
  gtk_widget_class_bind_template_child (widget_class, ArcPreferencesWindow, test_outputs_switch);
  gtk_widget_class_bind_template_child (widget_class, ArcPreferencesWindow, trials_row);
  gtk_widget_class_bind_template_child (widget_class, ArcPreferencesWindow, diff_switch);
  gtk_widget_class_bind_template_child (widget_class, ArcPreferencesWindow, annotator_row);
  gtk_widget_class_bind_template_child (widget_class, ArcPreferencesWindow, timeout_spin);
  gtk_widget_class_bind_template_child (widget_class, ArcPreferencesWindow, python_path_row);
}

static void
arc_preferences_window_init (ArcPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The wheel scrolls the page over the time limit, unless the user is in it */
  arc_wheel_only_when_focused (GTK_WIDGET (self->timeout_spin));
  /* For the tests, which drive the widgets as a user would */
  g_object_set_data (G_OBJECT (self), "arc-digits-switch", self->digits_switch);
  g_object_set_data (G_OBJECT (self), "arc-timeout-spin", self->timeout_spin);
  g_object_set_data (G_OBJECT (self), "arc-trials-row", self->trials_row);
  g_object_set_data (G_OBJECT (self), "arc-palette-row", self->palette_row);
  g_object_set_data (G_OBJECT (self), "arc-python-path-row", self->python_path_row);
}

/* The import folders: the text of the row, the folders separated by
 * colons (as in PYTHONPATH), empty ones left out */
static GVariant *
text_to_folders (const GValue       *value,
                 const GVariantType *type,
                 gpointer            user_data)
{
  g_auto(GStrv) parts = g_strsplit (g_value_get_string (value), ":", -1);
  g_autoptr(GStrvBuilder) folders = g_strv_builder_new ();
  g_auto(GStrv) list = NULL;

  for (guint i = 0; parts[i]; i++)
    if (*g_strstrip (parts[i]))
      g_strv_builder_add (folders, parts[i]);
  list = g_strv_builder_end (folders);
  return g_variant_new_strv ((const char * const *) list, -1);
}

/* Binds every row to the application's settings */
static void
bind_settings (ArcPreferencesWindow *self)
{
  static const char * const colour_scheme_choices[] = { "default", "light", "dark", NULL };
  static const char * const palette_choices[] = { "standard", "colour-blind", "high-contrast", NULL };
  g_autofree char *annotator = NULL;

  bind_choice (self, "colour-scheme", self->colour_scheme_row, colour_scheme_choices);
  bind_choice (self, "palette", self->palette_row, palette_choices);
  g_settings_bind (self->settings, "show-digits", self->digits_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "show-grid-lines", self->grid_lines_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "show-test-outputs", self->test_outputs_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind_with_mapping (self->settings, "trials", self->trials_row, "selected", G_SETTINGS_BIND_DEFAULT,
                                trials_to_position, position_to_trials, NULL, NULL);
  g_settings_bind (self->settings, "show-diff", self->diff_switch, "active", G_SETTINGS_BIND_DEFAULT);

  /* An empty name means the user's real name: show it as the text to edit. */
  annotator = g_settings_get_string (self->settings, "annotator");
  if (*annotator == '\0')
    {
      g_free (annotator);
      annotator = g_strdup (g_get_real_name ());
      if (g_str_equal (annotator, "Unknown"))
        {
          g_free (annotator);
          annotator = g_strdup (g_get_user_name ());
        }
    }
  gtk_editable_set_text (GTK_EDITABLE (self->annotator_row), annotator);
  g_settings_bind (self->settings, "annotator", self->annotator_row, "text", G_SETTINGS_BIND_SET);

  g_settings_bind (self->settings, "program-timeout", self->timeout_spin, "value", G_SETTINGS_BIND_DEFAULT);
  /* Written as typed, read once: the text keeps what is being typed */
  {
    g_auto(GStrv) folders = g_settings_get_strv (self->settings, "python-path");
    g_autofree char *text = g_strjoinv (":", folders);

    gtk_editable_set_text (GTK_EDITABLE (self->python_path_row), text);
    g_settings_bind_with_mapping (self->settings, "python-path", self->python_path_row, "text", G_SETTINGS_BIND_SET,
                                  NULL, text_to_folders, NULL, NULL);
  }
}

/**
 * arc_preferences_window_new:
 * @settings: the application's settings, which the rows change
 */
GtkWidget *
arc_preferences_window_new (GtkWindow *parent,
                            GSettings *settings)
{
  ArcPreferencesWindow *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (ARC_TYPE_PREFERENCES_WINDOW, "transient-for", parent, "modal", TRUE, NULL);
  self->settings = g_object_ref (settings);
  bind_settings (self);
  return GTK_WIDGET (self);
}

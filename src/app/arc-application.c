/* arc-application.c: the application: actions, opening files, the about window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-application"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-application.h"
#include "arc-preferences-window.h"
#include "arc-window.h"

struct _ArcApplication
{
  AdwApplication  parent_instance;
  GSettings      *settings;
};

G_DEFINE_FINAL_TYPE (ArcApplication, arc_application, ADW_TYPE_APPLICATION)

static ArcWindow *
get_window (ArcApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (ARC_IS_WINDOW (window))
    return ARC_WINDOW (window);
  return arc_window_new (self);
}

static void
arc_application_activate (GApplication *app)
{
  ArcWindow *window = get_window (ARC_APPLICATION (app));

  if (!arc_window_has_collection (window))
    arc_window_open_initial (window);
  gtk_window_present (GTK_WINDOW (window));
}

static void
arc_application_open (GApplication  *app,
                      GFile        **files,
                      int            n_files,
                      const char    *hint)
{
  ArcWindow *window = get_window (ARC_APPLICATION (app));

  /* One collection per window: the first path opens here, the others in new windows. */
  arc_window_open (window, files[0]);
  gtk_window_present (GTK_WINDOW (window));
  for (int i = 1; i < n_files; i++)
    {
      ArcWindow *other = arc_window_new (ARC_APPLICATION (app));

      arc_window_open (other, files[i]);
      gtk_window_present (GTK_WINDOW (other));
    }
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  GApplication *app = G_APPLICATION (user_data);
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (app)));

  /* Closing the windows lets each save its state first. */
  for (GList *l = windows; l; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
  g_list_free (windows);
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  const char *developers[] = { _("The ARC Studio developers"), NULL };
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", gtk_application_get_active_window (app),
                        "application-name", _("ARC Studio"),
                        "application-icon", APP_ID,
                        "version", PACKAGE_VERSION,
                        "developer-name", _("The ARC Studio developers"),
                        "developers", developers,
                        "license-type", GTK_LICENSE_GPL_3_0,
                        "comments", _("Browse, solve and annotate the tasks of the Abstraction and Reasoning Corpus"),
                        "website", "https://github.com/arcstudio/arc-studio",
                        "issue-url", "https://github.com/arcstudio/arc-studio/issues",
                        "copyright", "© 2026 The ARC Studio developers",
                        /* TRANSLATORS: your name(s), one per line */
                        "translator-credits", _("translator-credits"),
                        NULL);
  adw_about_window_add_link (ADW_ABOUT_WINDOW (about), _("ARC-AGI Datasets"), "https://arcprize.org");
  gtk_window_present (GTK_WINDOW (about));
}

static void
preferences_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));

  gtk_window_present (GTK_WINDOW (arc_preferences_window_new (parent)));
}

static const GActionEntry app_actions[] = {
  { .name = "quit", .activate = quit_activated },
  { .name = "about", .activate = about_activated },
  { .name = "preferences", .activate = preferences_activated },
};

static void
colour_scheme_changed_cb (GSettings      *settings,
                          const char     *key,
                          ArcApplication *self)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();

  switch (g_settings_get_enum (settings, "colour-scheme"))
    {
    case 1:
      adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_LIGHT);
      break;
    case 2:
      adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_DARK);
      break;
    default:
      adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_DEFAULT);
      break;
    }
}

static void
arc_application_startup (GApplication *app)
{
  ArcApplication *self = ARC_APPLICATION (app);
  const char *quit_accels[] = { "<Control>q", NULL };
  const char *preferences_accels[] = { "<Control>comma", NULL };

  G_APPLICATION_CLASS (arc_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions), app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.preferences", preferences_accels);

  self->settings = g_settings_new (APP_ID);
  g_signal_connect_object (self->settings, "changed::colour-scheme", G_CALLBACK (colour_scheme_changed_cb), self, 0);
  colour_scheme_changed_cb (self->settings, "colour-scheme", self);
}

static void
arc_application_dispose (GObject *object)
{
  g_clear_object (&ARC_APPLICATION (object)->settings);

  G_OBJECT_CLASS (arc_application_parent_class)->dispose (object);
}

static void
arc_application_class_init (ArcApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = arc_application_dispose;
  app_class->activate = arc_application_activate;
  app_class->open = arc_application_open;
  app_class->startup = arc_application_startup;
}

static void
arc_application_init (ArcApplication *self)
{
  const GOptionEntry options[] = {
    { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Show the version"), NULL },
    { NULL }
  };

  g_application_add_main_option_entries (G_APPLICATION (self), options);
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _("[PATH…]"));
  g_application_set_option_context_summary (G_APPLICATION (self),
    _("Browse ARC tasks. PATH is a task file, a folder of tasks or a Kaggle challenges file;\n"
      "without one, the last collection (or the bundled sample tasks) opens."));
}

static int
handle_local_options_cb (GApplication *app,
                         GVariantDict *options,
                         gpointer      user_data)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("arc-studio %s\n", PACKAGE_VERSION);
      return 0;
    }
  return -1;
}

ArcApplication *
arc_application_new (void)
{
  ArcApplication *app = g_object_new (ARC_TYPE_APPLICATION,
                                      "application-id", APP_ID,
                                      "flags", G_APPLICATION_HANDLES_OPEN,
                                      "resource-base-path", RESOURCE_PREFIX,
                                      NULL);

  g_signal_connect (app, "handle-local-options", G_CALLBACK (handle_local_options_cb), NULL);
  return app;
}

/* arc-application.c: the application: actions, opening files, the about window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-application"

#include "config.h"

#include <glib/gi18n.h>
#include <gtksourceview/gtksource.h>

#include "arc-application.h"
#include "arc-preferences-window.h"
#include "arc-trace.h"
#include "arc-window.h"

struct _ArcApplication
{
  AdwApplication  parent_instance;
  GSettings           *settings;
  /* Listed while the toolkit starts, for the first window */
  ArcCollectionStatus *preload_status;
  gboolean             preload_initial;  /* what a window opens by itself: the last or the samples */
  gboolean             preload_welcome;  /* the samples, with the welcome page: nothing to come back to */
  ArcProgramPool      *program_pool;     /* the tasks' programs run here, for every window */
};

G_DEFINE_FINAL_TYPE (ArcApplication, arc_application, ADW_TYPE_APPLICATION)

/* A window, with the application's pool of python3 interpreters (none
 * starts before a program is run) */
static ArcWindow *
new_window (ArcApplication *self)
{
  ArcWindow *window = arc_window_new (GTK_APPLICATION (self), arc_application_get_settings (self));

  if (self->program_pool == NULL)
    self->program_pool = arc_program_pool_new_for_settings (self->settings);
  arc_window_set_program_pool (window, self->program_pool);
  return window;
}

static ArcWindow *
get_window (ArcApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (ARC_IS_WINDOW (window))
    return ARC_WINDOW (window);
  return new_window (self);
}

/* Hands the collection listed since start-up to @window, if it is the
 * initial one (@file: NULL) or @file's; returns whether it did */
static gboolean
hand_preload (ArcApplication *self,
              ArcWindow      *window,
              GFile          *file)
{
  g_autoptr(ArcCollectionStatus) status = g_steal_pointer (&self->preload_status);
  ArcCollection *collection;
  gboolean wanted;

  if (status == NULL)
    return FALSE;
  collection = arc_collection_status_get_collection (status);
  wanted = file ? g_file_equal (arc_collection_get_file (collection), file) : self->preload_initial;
  if (!wanted)
    return FALSE;  /* dropped: stops listing it */
  arc_collection_flush (collection);
  arc_window_set_collection (window, collection, status);
  return TRUE;
}

static void
arc_application_activate (GApplication *app)
{
  ArcApplication *self = ARC_APPLICATION (app);
  ArcWindow *window;

  arc_trace_mark_once ("activate");
  window = get_window (self);
  arc_trace_mark_once ("window-created");

  if (!arc_window_has_collection (window))
    {
      if (hand_preload (self, window, NULL))
        {
          g_autofree char *task = g_settings_get_string (arc_application_get_settings (self), "last-task");

          if (self->preload_welcome)
            arc_window_show_welcome (window);
          else if (*task)
            arc_window_select_task (window, task);
        }
      else
        arc_window_open_initial (window);
    }
  gtk_window_present (GTK_WINDOW (window));
}

static void
arc_application_open (GApplication  *app,
                      GFile        **files,
                      int            n_files,
                      const char    *hint)
{
  ArcWindow *window;

  arc_trace_mark_once ("activate");
  window = get_window (ARC_APPLICATION (app));
  arc_trace_mark_once ("window-created");

  /* One collection per window: the first path opens here, the others in new windows. */
  if (!hand_preload (ARC_APPLICATION (app), window, files[0]))
    arc_window_open (window, files[0]);
  gtk_window_present (GTK_WINDOW (window));
  for (int i = 1; i < n_files; i++)
    {
      ArcWindow *other = new_window (ARC_APPLICATION (app));

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
  ArcApplication *self = user_data;
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));

  gtk_window_present (GTK_WINDOW (arc_preferences_window_new (parent, self->settings)));
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
work_cleaned_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  guint removed = arc_solve_clean_work_finish (result, NULL);

  if (removed > 0)
    g_debug ("Removed %u work files of collections gone for 30 days", removed);
}

/* Once the window is up: the work in progress of collections long gone
 * goes, in a worker */
static gboolean
clean_work_cb (gpointer user_data)
{
  g_autoptr(GFile) dir = arc_solve_dup_work_dir ();

  arc_solve_clean_work_async (dir, NULL, work_cleaned_cb, NULL);
  return G_SOURCE_REMOVE;
}

static gpointer
read_icon_theme (gpointer theme)
{
  gtk_icon_theme_has_icon (theme, "open-menu-symbolic");
  g_object_unref (theme);
  return NULL;
}

/* Before the window is made. GtkSourceView's set-up adds its icons to the
 * icon theme, which drops the theme's index if it was read: made in the
 * notes pane's class set-up, it had the main thread read the index again
 * as the window was first drawn (8–12 ms of its work before the first
 * frame). Set up here, then the index read in a thread while the window
 * is made (GtkIconTheme, set up on the main thread, may be looked up in
 * from another; a lookup on the main thread waits for it if need be). */
static void
prepare_toolkit (void)
{
  GdkDisplay *display = gdk_display_get_default ();

  gtk_source_init ();
  if (display)
    g_thread_unref (g_thread_new ("arc-icon-theme", read_icon_theme,
                                  g_object_ref (gtk_icon_theme_get_for_display (display))));
}

static void
arc_application_startup (GApplication *app)
{
  ArcApplication *self = ARC_APPLICATION (app);
  const char *quit_accels[] = { "<Control>q", NULL };
  const char *preferences_accels[] = { "<Control>comma", NULL };
  const char *help_accels[] = { "F1", "<Control>question", NULL };

  arc_trace_mark_once ("startup");
  G_APPLICATION_CLASS (arc_application_parent_class)->startup (app);
  arc_trace_mark_once ("toolkit-ready");
  prepare_toolkit ();

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions), app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.preferences", preferences_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.show-help-overlay", help_accels);

  arc_application_get_settings (self);
  g_signal_connect_object (self->settings, "changed::colour-scheme", G_CALLBACK (colour_scheme_changed_cb), self, 0);
  colour_scheme_changed_cb (self->settings, "colour-scheme", self);
  g_idle_add_full (G_PRIORITY_LOW, clean_work_cb, NULL, NULL);
}

static void
arc_application_dispose (GObject *object)
{
  g_clear_object (&ARC_APPLICATION (object)->settings);
  g_clear_object (&ARC_APPLICATION (object)->preload_status);
  g_clear_object (&ARC_APPLICATION (object)->program_pool);

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

/**
 * arc_application_get_settings:
 * Returns: (transfer none): the application's settings, shared by its windows
 */
GSettings *
arc_application_get_settings (ArcApplication *self)
{
  g_return_val_if_fail (ARC_IS_APPLICATION (self), NULL);

  if (self->settings == NULL)
    self->settings = g_settings_new (APP_ID);
  return self->settings;
}

/**
 * arc_application_preload:
 * Starts listing the collection that the first window will show (the path
 * given, the last collection, or the samples) in a worker thread, while
 * the toolkit starts up; the window is handed it when it is made.
 */
void
arc_application_preload (ArcApplication *self,
                         int             argc,
                         char          **argv)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *name = NULL;

  g_return_if_fail (ARC_IS_APPLICATION (self));

  for (int i = 1; i < argc; i++)
    {
      if (argv[i][0] == '-')
        return;  /* options (--help, --version…): nothing to open yet */
      if (file == NULL)
        file = g_file_new_for_commandline_arg (argv[i]);
    }
  self->preload_initial = file == NULL;
  if (file == NULL)
    file = arc_window_initial_file (arc_application_get_settings (self), &self->preload_welcome);
  if (!g_file_query_exists (file, NULL))
    return;

  name = arc_window_collection_name (file);
  self->preload_status = arc_collection_status_open (file, name, TRUE);  /* it lists it */
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

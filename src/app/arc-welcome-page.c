/* arc-welcome-page.c: the welcome page of a first start (or when the last
 * collection is gone): what the app is for, Open Folder…, Open Task or
 * Kaggle File…, Browse the Sample Tasks, and the recent collections that
 * are still there (ui/arc-welcome-page.ui). Its buttons are the window's
 * actions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-welcome-page"

#include "config.h"

#include "arc-welcome-page.h"

struct _ArcWelcomePage
{
  AdwBin      parent_instance;

  GtkListBox *welcome_recent;
  GSettings  *settings;
  guint       update_idle;
};

G_DEFINE_FINAL_TYPE (ArcWelcomePage, arc_welcome_page, ADW_TYPE_BIN)

/* The recent collections that are still there, as rows that open them */
static void
update_recent (ArcWelcomePage *self)
{
  g_auto(GStrv) recent = NULL;
  GtkWidget *child;
  guint n = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->welcome_recent))))
    gtk_list_box_remove (self->welcome_recent, child);
  recent = self->settings ? g_settings_get_strv (self->settings, "recent-collections") : g_new0 (char *, 1);
  for (guint i = 0; recent[i] && n < 5; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_uri (recent[i]);
      g_autoptr(GFile) parent = g_file_get_parent (file);
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *where = parent ? g_file_get_parse_name (parent) : g_strdup ("");
      GtkWidget *row;

      if (!g_file_query_exists (file, NULL))
        continue;  /* moved or deleted since */
      row = adw_action_row_new ();
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), where);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "win.open-recent");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "s", recent[i]);
      gtk_list_box_append (self->welcome_recent, row);
      n++;
    }
  /* The heading follows (a binding in the template) */
  gtk_widget_set_visible (GTK_WIDGET (self->welcome_recent), n > 0);
}

static gboolean
update_idle (gpointer user_data)
{
  ArcWelcomePage *self = user_data;

  self->update_idle = 0;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    update_recent (self);
  return G_SOURCE_REMOVE;
}

/* While it is shown, the list follows the settings; from an idle, as a
 * row's own activation opens a collection, which changes them, and the
 * page is then left */
static void
recent_changed_cb (GSettings      *settings,
                   const char     *key,
                   ArcWelcomePage *self)
{
  if (self->update_idle == 0)
    self->update_idle = g_idle_add (update_idle, self);
}

/**
 * arc_welcome_page_set_settings:
 * The settings whose recent collections it lists.
 */
void
arc_welcome_page_set_settings (ArcWelcomePage *self,
                               GSettings      *settings)
{
  g_return_if_fail (ARC_IS_WELCOME_PAGE (self));
  g_return_if_fail (settings == NULL || G_IS_SETTINGS (settings));

  if (self->settings == settings)
    return;
  if (self->settings)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_set_object (&self->settings, settings);
  if (settings)
    g_signal_connect (settings, "changed::recent-collections", G_CALLBACK (recent_changed_cb), self);
  update_recent (self);
}

/* Shown: the recent collections as they are now (some may be gone) */
static void
arc_welcome_page_map (GtkWidget *widget)
{
  update_recent (ARC_WELCOME_PAGE (widget));
  GTK_WIDGET_CLASS (arc_welcome_page_parent_class)->map (widget);
}

static void
arc_welcome_page_dispose (GObject *object)
{
  ArcWelcomePage *self = ARC_WELCOME_PAGE (object);

  if (self->settings)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  g_clear_handle_id (&self->update_idle, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), ARC_TYPE_WELCOME_PAGE);

  G_OBJECT_CLASS (arc_welcome_page_parent_class)->dispose (object);
}

static void
arc_welcome_page_class_init (ArcWelcomePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arc_welcome_page_dispose;
  widget_class->map = arc_welcome_page_map;
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/arc-welcome-page.ui");
  gtk_widget_class_bind_template_child (widget_class, ArcWelcomePage, welcome_recent);
}

static void
arc_welcome_page_init (ArcWelcomePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* test-translation.c: with LANGUAGE=de the window, its templates and the
 * core's messages speak German (the catalogue built in this tree)
 *
 * Runs under Xvfb and a session bus (see README).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include <string.h>

#include "arc-core.h"
#include "arc-i18n.h"
#include "gui-test-util.h"

static gboolean
find_tooltip (GtkWidget *widget, const char *text)
{
  if (gtk_widget_get_mapped (widget) && g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if (find_tooltip (child, text))
      return TRUE;
  return FALSE;
}

static void
pump_until_listed (ArcWindow *window)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (arc_task_list_is_busy (WIN_CHILD (window, ARC_TASK_LIST, "task_list")) || !find_label (GTK_WIDGET (window), "Lösen"))
    {
      if (g_get_monotonic_time () > end)
        break;
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
}

static void
test_catalogue (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = NULL;

  g_assert_cmpstr (_("Submit"), ==, "Einreichen");
  g_assert_cmpstr (g_dngettext (GETTEXT_PACKAGE, "%u task", "%u tasks", 3), ==, "%u Aufgaben");

  /* An action of a replay, named as its tool is; a direction apart from
   * the verdict "right" */
  {
    g_autoptr(ArcGrid) grid = arc_grid_new (2, 2);
    ArcAction *flip = arc_action_new ("Object-Oriented", "Flip", grid);
    ArcAction *move = arc_action_new ("Object-Oriented", "Move", grid);
    g_autofree char *flipped = NULL, *moved = NULL;

    flip->direction = "horizontal";
    move->direction = "right";
    flipped = arc_action_describe (flip);
    moved = arc_action_describe (move);
    g_assert_cmpstr (flipped, ==, "Spiegeln: waagerecht");
    g_assert_cmpstr (moved, ==, "Verschieben: nach rechts");
    arc_action_free (flip);
    arc_action_free (move);
  }

  /* An error from the core library */
  node = arc_json_parse ("[1, 2", 5, &error);
  g_assert_null (node);
  g_assert_nonnull (strstr (error->message, "unerwartetes Datenende"));
}

static void
test_window (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ARC_FIXTURES_DIR"), "collection", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  ArcWindow *window = g_object_new (ARC_TYPE_WINDOW, NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (arc_window_open (window, file));
  pump_until_listed (window);

  /* A label and a header bar tooltip from the templates */
  g_assert_true (find_label (GTK_WIDGET (window), "Einreichen"));
  g_assert_true (find_tooltip (GTK_WIDGET (window), "Ordner öffnen (Strg+O)"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The shortcuts window in German, with its longer words (and GTK's
 * "Umschalt" for Shift), fits an 800×600 screen on every page: the pages
 * are in a stack as large as its largest */
static void
test_shortcuts_window (void)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource (RESOURCE_PREFIX "/arc-shortcuts-window.ui");
  GtkWindow *shortcuts = GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();
  int width, height;

  gtk_css_provider_load_from_resource (css, RESOURCE_PREFIX "/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  gtk_window_present (shortcuts);
  pump (200);
  gtk_widget_measure (GTK_WIDGET (shortcuts), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (shortcuts), GTK_ORIENTATION_VERTICAL, width, NULL, &height, NULL, NULL);
  g_test_message ("the shortcuts window in German: %d×%d", width, height);
  g_assert_cmpint (width, <=, 800);
  g_assert_cmpint (height, <=, 600 - 40);
  gtk_window_destroy (shortcuts);
  gtk_style_context_remove_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css));
}

static void
test_locale_dir (void)
{
  g_autofree char *prefix = g_dir_make_tmp ("arc-prefix-XXXXXX", NULL);
  g_autofree char *bin = g_build_filename (prefix, "bin", NULL);
  g_autofree char *data = g_build_filename (prefix, "share", "arc-studio", NULL);
  g_autofree char *locale = g_build_filename (prefix, "share", "locale", NULL);
  g_autofree char *exe = g_build_filename (bin, "arc-studio", NULL);
  g_autofree char *dir = NULL;

  /* Not an ARC Studio prefix: the configured folder */
  dir = arc_i18n_locale_dir (exe, "/configured");
  g_assert_cmpstr (dir, ==, "/configured");
  g_clear_pointer (&dir, g_free);

  /* An installed prefix that was moved: its own translations */
  g_assert_cmpint (g_mkdir_with_parents (data, 0755), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (locale, 0755), ==, 0);
  dir = arc_i18n_locale_dir (exe, "/configured");
  g_assert_cmpstr (dir, ==, locale);
  g_clear_pointer (&dir, g_free);

  /* A program in a build folder */
  dir = arc_i18n_locale_dir ("/src/_build/src/app/arc-studio", "/configured");
  g_assert_cmpstr (dir, ==, "/configured");

  g_rmdir (locale);
  g_rmdir (data);
  g_autofree char *share = g_path_get_dirname (data);
  g_rmdir (share);
  g_rmdir (prefix);
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("arc-data-XXXXXX", NULL);

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("LANGUAGE", "de", TRUE);
  messages_follow_language (GETTEXT_PACKAGE);
  textdomain (GETTEXT_PACKAGE);

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/arc/translation/catalogue", test_catalogue);
  g_test_add_func ("/arc/translation/window", test_window);
  g_test_add_func ("/arc/translation/shortcuts-window", test_shortcuts_window);
  g_test_add_func ("/arc/translation/locale-dir", test_locale_dir);
  return g_test_run ();
}

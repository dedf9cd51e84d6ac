/* test-renderer.c: the choice of GTK's renderer (src/app/arc-renderer.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <glib/gstdio.h>

#include "arc-renderer.h"
#include "test-util.h"

static const char *vars[] = { "GSK_RENDERER", "GDK_DEBUG", "GDK_DISABLE" };

typedef struct
{
  char *dev;   /* a stand-in for /dev */
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (vars); i++)
    g_unsetenv (vars[i]);
  f->dev = g_dir_make_tmp ("arc-dev-XXXXXX", &error);
  g_assert_no_error (error);
}

static void
add_node (Fixture *f, const char *name)
{
  g_autofree char *path = g_build_filename (f->dev, name, NULL);
  g_autofree char *parent = g_path_get_dirname (path);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (parent, 0700), ==, 0);
  g_file_set_contents (path, "", 0, &error);
  g_assert_no_error (error);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  remove_tree (f->dev);
  g_free (f->dev);
  for (guint i = 0; i < G_N_ELEMENTS (vars); i++)
    g_unsetenv (vars[i]);
}

static void
test_has_gpu (Fixture *f, gconstpointer data)
{
  g_autofree char *missing = g_build_filename (f->dev, "missing", NULL);

  g_assert_false (arc_renderer_has_gpu (missing));
  g_assert_false (arc_renderer_has_gpu (f->dev));
  add_node (f, "dri/card0");  /* a display controller alone does not render */
  g_assert_false (arc_renderer_has_gpu (f->dev));
  add_node (f, "dri/renderD128");
  g_assert_true (arc_renderer_has_gpu (f->dev));
}

static void
test_nvidia (Fixture *f, gconstpointer data)
{
  /* NVIDIA's driver on X11, without a DRM render node */
  add_node (f, "nvidiactl");
  g_assert_true (arc_renderer_has_gpu (f->dev));
  g_assert_false (arc_renderer_choose (f->dev, 8));
  g_assert_null (g_getenv ("GSK_RENDERER"));
}

static void
test_software (Fixture *f, gconstpointer data)
{
  g_assert_true (arc_renderer_choose (f->dev, 8));
  g_assert_cmpstr (g_getenv ("GSK_RENDERER"), ==, "cairo");
  g_assert_cmpstr (g_getenv ("GDK_DEBUG"), ==, "gl-disable");
  g_assert_null (g_getenv ("GDK_DISABLE"));
}

static void
test_software_new_gtk (Fixture *f, gconstpointer data)
{
  g_assert_true (arc_renderer_choose (f->dev, 18));
  g_assert_cmpstr (g_getenv ("GSK_RENDERER"), ==, "cairo");
  g_assert_cmpstr (g_getenv ("GDK_DISABLE"), ==, "gl");
  g_assert_null (g_getenv ("GDK_DEBUG"));
}

static void
test_gpu (Fixture *f, gconstpointer data)
{
  add_node (f, "dri/renderD128");
  g_assert_false (arc_renderer_choose (f->dev, 8));
  for (guint i = 0; i < G_N_ELEMENTS (vars); i++)
    g_assert_null (g_getenv (vars[i]));
}

static void
test_user_choice (Fixture *f, gconstpointer data)
{
  /* Whatever the user set stays, and nothing is added to it */
  for (guint i = 0; i < G_N_ELEMENTS (vars); i++)
    {
      g_setenv (vars[i], "mine", TRUE);
      g_assert_false (arc_renderer_choose (f->dev, 8));
      for (guint j = 0; j < G_N_ELEMENTS (vars); j++)
        g_assert_cmpstr (g_getenv (vars[j]), ==, i == j ? "mine" : NULL);
      g_unsetenv (vars[i]);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/arc/renderer/has-gpu", Fixture, NULL, fixture_setup, test_has_gpu, fixture_teardown);
  g_test_add ("/arc/renderer/software", Fixture, NULL, fixture_setup, test_software, fixture_teardown);
  g_test_add ("/arc/renderer/software-gtk-4-16", Fixture, NULL, fixture_setup, test_software_new_gtk, fixture_teardown);
  g_test_add ("/arc/renderer/gpu", Fixture, NULL, fixture_setup, test_gpu, fixture_teardown);
  g_test_add ("/arc/renderer/nvidia", Fixture, NULL, fixture_setup, test_nvidia, fixture_teardown);
  g_test_add ("/arc/renderer/user-choice", Fixture, NULL, fixture_setup, test_user_choice, fixture_teardown);
  return g_test_run ();
}

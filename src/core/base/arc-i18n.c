/* arc-i18n.c: gettext set-up shared by arc-studio and arc-studio-cli
 *
 * The translations are looked up beside the running program when it was
 * installed into a prefix that was then moved (a DESTDIR, a relocated
 * bundle): <prefix>/bin/arc-studio finds <prefix>/share/locale.  Otherwise,
 * and always when that folder does not exist, the configured LOCALEDIR is
 * used.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <glib/gi18n.h>

#include "arc-i18n.h"

/* The folder to bind the text domain to, given the program's path */
char *
arc_i18n_locale_dir (const char *exe_path,
                     const char *configured)
{
  if (exe_path != NULL)
    {
      g_autofree char *bindir = g_path_get_dirname (exe_path);
      g_autofree char *base = g_path_get_basename (bindir);

      if (g_str_equal (base, "bin"))
        {
          g_autofree char *prefix = g_path_get_dirname (bindir);
          g_autofree char *dir = g_build_filename (prefix, "share", "locale", NULL);
          g_autofree char *data = g_build_filename (prefix, "share", "arc-studio", NULL);

          /* Only a prefix that ARC Studio was installed into counts */
          if (g_file_test (data, G_FILE_TEST_IS_DIR) && g_file_test (dir, G_FILE_TEST_IS_DIR))
            return g_steal_pointer (&dir);
        }
    }
  return g_strdup (configured);
}

void
arc_i18n_init (void)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *dir = arc_i18n_locale_dir (exe, LOCALEDIR);

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

/* test-util.h: what every test program shares, with or without GTK:
 * running the main loop until something holds, reading what a file says,
 * and removing a temporary folder
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>
#include <libintl.h>
#include <locale.h>
#include <string.h>

typedef gboolean (*Condition) (gpointer data);

/* Runs the main loop until @cond holds, failing after 30 s (a file
 * chooser under the sanitizers on a loaded machine took more than 10 s to
 * show); returns at once when it does, within the main loop iteration
 * that made it so */
static inline void
wait_until (Condition cond, gpointer data, const char *what)
{
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (!cond (data))
    {
      if (g_get_monotonic_time () > end)
        {
          /* ARC_TEST_SHOT=FILE.png: the screen as it was, to see why */
          if (g_getenv ("ARC_TEST_SHOT"))
            {
              g_autofree char *command = g_strdup_printf ("import -window root %s", g_getenv ("ARC_TEST_SHOT"));
              g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL);
            }
          g_error ("timed out waiting for %s", what);
        }
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
}

/* Runs the main loop for @ms milliseconds */
static inline void
run_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
}

/* Removes @path and everything under it */
static inline void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)))
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

/* Whether the file at @path holds @text */
static inline gboolean
file_contains (const char *path, const char *text)
{
  g_autofree char *contents = NULL;

  return g_file_get_contents (path, &contents, NULL, NULL) && strstr (contents, text) != NULL;
}

typedef struct
{
  const char *path;
  const char *text;
} FileWait;

static inline gboolean
file_wait_cb (gpointer data)
{
  FileWait *w = data;

  return file_contains (w->path, w->text);
}

/* Runs the main loop until the file at @path holds @text (notes are saved
 * in the background) */
static inline void
wait_file_contains (const char *path, const char *text)
{
  FileWait w = { path, text };

  wait_until (file_wait_cb, &w, text);
}

/* Sets the process's messages to follow LANGUAGE (which use_language()
 * changes) and binds the app's catalogue from ARC_LOCALE_DIR. glibc 2.41
 * (Debian 13) ignores LANGUAGE when the messages are in C or C.UTF-8, as
 * it always did for C: the messages are put in a German locale where
 * there is one (LANGUAGE=C is then English). */
static inline void
messages_follow_language (const char *domain)
{
  locale_t german = newlocale (LC_MESSAGES_MASK, "de_DE.UTF-8", (locale_t) 0);

  g_setenv ("LANG", "C.UTF-8", TRUE);
  g_unsetenv ("LC_ALL");
  g_unsetenv ("LC_MESSAGES");
  if (german != (locale_t) 0)
    {
      g_setenv ("LC_MESSAGES", "de_DE.UTF-8", TRUE);
      freelocale (german);
    }
  setlocale (LC_ALL, "");
  bindtextdomain (domain, g_getenv ("ARC_LOCALE_DIR"));
  bind_textdomain_codeset (domain, "UTF-8");
}

/* Shows messages in @language ("C" for English) from now on */
static inline void
use_language (const char *language)
{
  g_setenv ("LANGUAGE", language, TRUE);
  setlocale (LC_ALL, "");  /* makes gettext read LANGUAGE again */
}

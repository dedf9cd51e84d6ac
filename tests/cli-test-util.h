/* cli-test-util.h: running arc-studio-cli ($ARC_CLI) from a test and
 * keeping what it printed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdarg.h>
#include <sys/wait.h>

#include <glib.h>

typedef struct
{
  char *out;
  char *err;
  int   status;
} Run;

static inline void
run_clear (Run *run)
{
  g_free (run->out);
  g_free (run->err);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

/* Runs the CLI with @args (a NULL-terminated list) in @dir, with the
 * environment of the test (or, @english, in English whatever the locale),
 * adding --annotator=@annotator (unless NULL, or for --help): what it
 * printed and its exit status go into @run */
static inline void
run_cli_va (Run        *run,
            const char *dir,
            gboolean    english,
            const char *annotator,
            va_list     args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) env = english ? g_environ_setenv (g_get_environ (), "LANGUAGE", "C", TRUE) : NULL;
  g_autoptr(GError) error = NULL;
  const char *arg;
  int wait_status;

  g_ptr_array_add (argv, g_strdup (g_getenv ("ARC_CLI")));
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, g_strdup (arg));
  if (annotator && argv->len > 2 && !g_str_equal (argv->pdata[2], "--help"))
    g_ptr_array_add (argv, g_strdup_printf ("--annotator=%s", annotator));
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (dir, (char **) argv->pdata, env, G_SPAWN_DEFAULT, NULL, NULL, &run->out, &run->err,
                               &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
}

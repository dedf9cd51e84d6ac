/* write-loop.c: a program that saves files the way the app does, for the
 * tests that kill it, lock against it or run it as another user
 *
 *   write-loop make DIR small|large
 *       writes the task file and the Kaggle pair of DIR in version 0
 *   write-loop loop DIR FIRST small|large
 *       saves version FIRST, FIRST + 1, ... of every kind of file
 *       (tests/write-kinds.h) in DIR, round and round, until killed;
 *       says "ready" once DIR is read, then "begin KIND V" and "done KIND V"
 *       around each save
 *   write-loop lock FILE MS
 *       holds arc_file_lock() on FILE for MS milliseconds: "locked", then
 *       "releasing" right before it lets go, and "unlocked"
 *   write-loop save FILE BYTES [nobody]
 *       writes BYTES bytes to FILE with arc_file_write() (as the user
 *       nobody, when run as root and asked to, if it can be): "saved", or
 *       "error CODE MESSAGE"
 *
 * ARC_STUDIO_WRITE_FAULT applies (delay:MS makes every write slow).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "write-kinds.h"

static void
say (const char *format,
     ...) G_GNUC_PRINTF (1, 2);

/* One line on stdout, at once (the reader may kill us next) */
static void
say (const char *format,
     ...)
{
  g_autofree char *line = NULL;
  va_list args;
  gsize done = 0;

  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);
  while (line[done])
    {
      gssize n = write (STDOUT_FILENO, line + done, strlen (line + done));

      if (n <= 0)
        exit (3);
      done += (gsize) n;
    }
}

static int
run_loop (const char *dir,
          guint       first,
          gboolean    large)
{
  g_autoptr(Kinds) k = kinds_new (dir, large ? kinds_sizes_large () : kinds_sizes_small ());

  for (Kind kind = 0; kind < N_KINDS; kind++)
    kinds_open (k, kind);
  say ("ready\n");
  for (guint v = first; ; v++)
    for (Kind kind = 0; kind < N_KINDS; kind++)
      {
        g_autoptr(GError) error = NULL;

        say ("begin %d %u\n", kind, v);
        if (!kinds_save (k, kind, v, &error))
          {
            say ("error %d %u %s\n", kind, v, error->message);
            return 1;
          }
        say ("done %d %u\n", kind, v);
      }
}

static int
run_lock (const char *path,
          guint       ms)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  ArcFileLock *lock = arc_file_lock (file, &error);

  if (lock == NULL)
    {
      say ("error %d %s\n", error->code, error->message);
      return 1;
    }
  say ("locked\n");
  g_usleep ((gulong) ms * 1000);
  say ("releasing\n");
  arc_file_unlock (lock);
  say ("unlocked\n");
  return 0;
}

static int
run_save (const char *path,
          gsize       bytes,
          gboolean    as_nobody)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *data = g_malloc (bytes + 1);

  /* (65534: nobody, for whom permissions count; where root cannot become
   * nobody, it goes on as root, and permissions count if it lacks the
   * capability to override them) */
  if (as_nobody && getuid () == 0 && setgid (65534) == 0 && setuid (65534) != 0)
    g_debug ("still root");
  memset (data, 'x', bytes);
  if (!arc_file_write (file, data, bytes, &error))
    {
      say ("error %d %s\n", error->code, error->message);
      return 1;
    }
  say ("saved\n");
  return 0;
}

int
main (int    argc,
      char **argv)
{
  if (argc == 4 && g_str_equal (argv[1], "make"))
    {
      kinds_make_files (argv[2], g_str_equal (argv[3], "large") ? kinds_sizes_large () : kinds_sizes_small ());
      return 0;
    }
  if (argc == 5 && g_str_equal (argv[1], "loop"))
    return run_loop (argv[2], (guint) g_ascii_strtoull (argv[3], NULL, 10), g_str_equal (argv[4], "large"));
  if (argc == 4 && g_str_equal (argv[1], "lock"))
    return run_lock (argv[2], (guint) g_ascii_strtoull (argv[3], NULL, 10));
  if ((argc == 4 || argc == 5) && g_str_equal (argv[1], "save"))
    return run_save (argv[2], g_ascii_strtoull (argv[3], NULL, 10), argc == 5 && g_str_equal (argv[4], "nobody"));
  fprintf (stderr, "usage: write-loop make DIR small|large | loop DIR FIRST small|large | lock FILE MS | save FILE BYTES [nobody]\n");
  return 2;
}

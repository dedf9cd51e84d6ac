/* fuzz-main.c: runs the fuzz target over files, without libFuzzer
 *
 * Usage: fuzz-replay FILE-OR-FOLDER...   (every test run replays the seed
 * corpus and every input the fuzzer ever found, tests/fuzz/regressions/)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>

#include <glib.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static guint
replay (const char *path)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;
  guint n = 0;

  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, &error);
      const char *name;

      g_assert_no_error (error);
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          n += replay (child);
        }
      return n;
    }
  if (!g_file_get_contents (path, &contents, &length, &error))
    g_error ("%s", error->message);
  LLVMFuzzerTestOneInput ((const uint8_t *) contents, length);
  return 1;
}

int
main (int argc, char **argv)
{
  guint n = 0;

  printf ("1..1\n");
  for (int i = 1; i < argc; i++)
    n += replay (argv[i]);
  printf ("ok 1 - replayed %u inputs\n", n);
  return n > 0 ? 0 : 1;
}

/* test-words.c: messages with a number say it with the right plural form,
 * in English and in German (the catalogue built in this tree), and sizes
 * in the units the README uses (MiB)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "arc-core.h"
#include "test-util.h"

#define RAGGED "{\"train\": [{\"input\": [[1, 2], [3]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]], \"output\": [[4]]}]}"

/* The message of the first problem of the task @text */
static char *
first_problem (const char *text)
{
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTask) task = arc_task_new_from_data (text, strlen (text), "t", &problems, &error);

  g_assert_null (task);
  g_assert_nonnull (problems);
  g_assert_cmpuint (problems->len, >, 0);
  return g_strdup (((ArcProblem *) problems->pdata[0])->message);
}

static void
test_row_of_one_cell (void)
{
  g_autofree char *english = NULL;
  g_autofree char *german = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcGrid) grid = NULL;

  use_language ("C");
  english = first_problem (RAGGED);
  g_assert_cmpstr (english, ==, "the row has 1 cell, but row 0 has 2");
  grid = arc_grid_new_from_text ("[[1, 2], [3]]", &error);
  g_assert_null (grid);
  g_assert_nonnull (strstr (error->message, "the row has 1 cell, but row 0 has 2"));
  g_clear_error (&error);

  use_language ("de");
  german = first_problem (RAGGED);
  g_assert_cmpstr (german, ==, "die Zeile hat 1 Zelle, aber Zeile 0 hat 2");
  grid = arc_grid_new_from_text ("[[1, 2], [3]]", &error);
  g_assert_nonnull (strstr (error->message, "die Zeile hat 1 Zelle, aber Zeile 0 hat 2"));
  use_language ("C");
}

static void
test_plural_catalogue (void)
{
  use_language ("de");
  g_assert_cmpstr (g_dngettext (GETTEXT_PACKAGE, "%u test input", "%u test inputs", 1), ==, "%u Testeingabe");
  g_assert_cmpstr (g_dngettext (GETTEXT_PACKAGE, "%u test input", "%u test inputs", 2), ==, "%u Testeingaben");
  g_assert_cmpstr (g_dngettext (GETTEXT_PACKAGE, "%u train pair", "%u train pairs", 1), ==, "%u Trainingspaar");
  use_language ("C");
  g_assert_cmpstr (g_dngettext (GETTEXT_PACKAGE, "%u test input", "%u test inputs", 1), ==, "%u test input");
}

/* The limit of a task file reads 16 MiB, as the README says, not 16.8 MB */
static void
test_sizes_in_mib (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-words-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "big.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  FILE *f = fopen (path, "w");

  g_assert_nonnull (f);
  g_assert_cmpint (fseek (f, ARC_TASK_MAX_FILE_SIZE + 1024 * 1024 - 1, SEEK_SET), ==, 0);
  g_assert_cmpint (fputc (' ', f), ==, ' ');
  g_assert_cmpint (fclose (f), ==, 0);
  use_language ("C");
  bytes = arc_file_load_bounded (file, ARC_TASK_MAX_FILE_SIZE, &error);
  g_assert_null (bytes);
  g_assert_cmpstr (error->message, ==, "the file is 17.0\u00a0MiB; files larger than 16.0\u00a0MiB are refused");
  remove_tree (dir);
}

int
main (int argc, char **argv)
{
  messages_follow_language (GETTEXT_PACKAGE);

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/arc/words/row-of-one-cell", test_row_of_one_cell);
  g_test_add_func ("/arc/words/plural-catalogue", test_plural_catalogue);
  g_test_add_func ("/arc/words/sizes-in-mib", test_sizes_in_mib);
  return g_test_run ();
}

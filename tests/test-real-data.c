/* test-real-data.c: every public training task validates with no error
 *
 * Uses ../shared/data; skips with a message when it is absent.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "arc-core.h"

static void
validate_split (gconstpointer data)
{
  const char *split = data;
  g_autofree char *path = g_build_filename (g_getenv ("ARC_SHARED_DATA"), split, "training", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcCollection) collection = NULL;
  g_autoptr(GError) error = NULL;
  guint n, expected = g_str_equal (split, "arc-agi-1") ? 400 : 1000;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_autofree char *msg = g_strdup_printf ("%s is absent: the real-data check is skipped", path);
      g_test_skip (msg);
      return;
    }
  collection = arc_collection_new_for_file (file, path, NULL, &error);
  g_assert_no_error (error);
  n = g_list_model_get_n_items (G_LIST_MODEL (collection));
  g_assert_cmpuint (n, ==, expected);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(ArcTask) task = arc_entry_load (arc_collection_get_entry (collection, i), &error);

      g_assert_no_error (error);
      g_assert_nonnull (task);
      g_assert_cmpuint (arc_task_get_n_train (task), >=, 1);
      g_assert_true (arc_task_has_test_outputs (task));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/arc/real-data/arc-agi-1", "arc-agi-1", validate_split);
  g_test_add_data_func ("/arc/real-data/arc-agi-2", "arc-agi-2", validate_split);

  return g_test_run ();
}

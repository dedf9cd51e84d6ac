/* test-progress.c: the user's progress is the user's own
 *
 * Others' attempts (LARC's authors' verifications, another annotator's)
 * are theirs: the flags that the badges, filters and counts read, and
 * `stats`, tell them apart from the user's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "arc-core.h"
#include "test-util.h"

#define TASK "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]], \"output\": [[4]]}]}"

static void
add_attempt (ArcNotes *notes, const char *who, guint8 value, ArcVerdict verdict)
{
  ArcAnnotation *a = arc_notes_ensure (notes, "t", who);
  g_autoptr(ArcGrid) grid = arc_grid_new (1, 1);

  arc_grid_set (grid, 0, 0, value);
  g_ptr_array_add (a->attempts, arc_attempt_new (0, grid, verdict, TRUE));
}

static void
test_flags_for (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-progress-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "t.json", NULL);
  g_autoptr(GFile) task_file = NULL;
  g_autoptr(GFile) notes_file = NULL;
  g_autoptr(GFile) folder = NULL;
  g_autoptr(ArcNotes) notes = NULL;
  g_autoptr(ArcCollection) collection = NULL;
  g_autoptr(ArcNotesStore) store = NULL;
  g_autoptr(GError) error = NULL;
  ArcNotesFlags flags;
  ArcEntry *entry;

  g_assert_true (g_file_set_contents (path, TASK, -1, NULL));
  task_file = g_file_new_for_path (path);
  notes_file = arc_entry_sidecar_for (task_file);
  notes = arc_notes_new (notes_file);
  /* LARC's author solved it; the user only tried once, wrongly */
  add_attempt (notes, "larc:author", 4, ARC_VERDICT_CORRECT);
  add_attempt (notes, "me", 5, ARC_VERDICT_WRONG);
  g_assert_true (arc_notes_save (notes, FALSE, &error));

  flags = arc_notes_get_flags_for (notes, "t", "me", 1, NULL);
  g_assert_cmpuint (ARC_NOTES_FLAGS_OWN (flags), ==, ARC_NOTES_FLAG_ATTEMPTED);
  g_assert_cmpuint (ARC_NOTES_FLAGS_OTHERS (flags), ==, ARC_NOTES_FLAG_ATTEMPTED | ARC_NOTES_FLAG_SOLVED);
  flags = arc_notes_get_flags_for (notes, "t", "someone else", 1, NULL);
  g_assert_cmpuint (ARC_NOTES_FLAGS_OWN (flags), ==, 0);

  /* The store the sidebar counts through: the user's own, once told who */
  folder = g_file_new_for_path (dir);
  collection = arc_collection_new_for_file (folder, dir, NULL, &error);
  g_assert_no_error (error);
  entry = arc_collection_get_entry (collection, 0);
  arc_entry_validate (entry);
  store = arc_notes_store_new (collection, NULL);
  g_assert_true (arc_notes_store_get_flags (store, entry) & ARC_NOTES_FLAG_SOLVED);  /* anyone's, as before */
  arc_notes_store_set_annotator (store, "me");
  flags = arc_notes_store_get_flags (store, entry);
  g_assert_false (flags & ARC_NOTES_FLAG_SOLVED);
  g_assert_true (flags & ARC_NOTES_FLAG_ATTEMPTED);
  g_assert_true (flags & ARC_NOTES_FLAG_OTHERS_SOLVED);
  arc_notes_store_set_annotator (store, "nobody here");
  g_assert_false (arc_notes_store_get_flags (store, entry) & ARC_NOTES_FLAG_ATTEMPTED);
  remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/arc/progress/flags-for", test_flags_for);
  return g_test_run ();
}

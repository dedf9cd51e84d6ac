/* test-disk-change.c: another program's change is never written over,
 * even one that keeps the file's size and modification time
 *
 * A cell changed in place ("2" for "4") with the modification time put
 * back is the change that times and sizes cannot see: task files, Kaggle
 * files and notes files are compared by what they hold.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "arc-core.h"
#include "test-util.h"

#define TASK "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]], \"output\": [[4]]}]}"

#define KAGGLE "{\"aaaa0001\": {\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3]]}]},\n" \
               " \"0934a4d8\": {\"train\": [{\"input\": [[4]], \"output\": [[5]]}], \"test\": [{\"input\": [[6]]}]}}\n"

static char *
write_temp (const char *dir, const char *name, const char *text)
{
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

/* Replaces the first @from after @after in the file at @path with @to (of
 * the same length), in place, and puts its modification time back: the
 * size and the time stay as they were */
static void
change_in_place (const char *path, const char *after, const char *from, const char *to)
{
  g_autofree char *text = NULL;
  struct stat before, now;
  struct timespec times[2];
  char *at;
  gsize length;

  g_assert_cmpuint (strlen (from), ==, strlen (to));
  g_assert_cmpint (g_stat (path, &before), ==, 0);
  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  at = strstr (strstr (text, after), from);
  g_assert_nonnull (at);
  memcpy (at, to, strlen (to));
  {
    FILE *f = fopen (path, "r+");  /* in place: no new file, no rename */

    g_assert_nonnull (f);
    g_assert_cmpuint (fwrite (text, 1, length, f), ==, length);
    g_assert_cmpint (fclose (f), ==, 0);
  }
  times[0] = before.st_atim;
  times[1] = before.st_mtim;
  g_assert_cmpint (utimensat (AT_FDCWD, path, times, 0), ==, 0);
  g_assert_cmpint (g_stat (path, &now), ==, 0);
  g_assert_cmpint (now.st_size, ==, before.st_size);
  g_assert_cmpint (now.st_mtim.tv_sec, ==, before.st_mtim.tv_sec);
  g_assert_cmpint (now.st_mtim.tv_nsec, ==, before.st_mtim.tv_nsec);
}

static void
test_task_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-disk-change-XXXXXX", NULL);
  g_autofree char *path = write_temp (dir, "task.json", TASK);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTaskEdit) edit = arc_task_edit_new_for_file (file, "task", &error);
  g_autofree char *theirs = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) changed = NULL;

  g_assert_no_error (error);
  arc_task_edit_add_pair (edit, ARC_PAIR_TRAIN);
  change_in_place (path, "\"test\"", "[[4]]", "[[9]]");
  g_assert_true (g_file_get_contents (path, &theirs, NULL, NULL));

  g_assert_true (arc_task_edit_changed_on_disk (edit));
  changed = arc_task_edit_dup_changed_tasks (edit);
  g_assert_cmpuint (g_strv_length (changed), ==, 1);
  g_assert_cmpstr (changed[0], ==, "task");
  g_assert_false (arc_task_edit_save (edit, NULL, &error));
  g_assert_error (error, ARC_ERROR, ARC_ERROR_CHANGED);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, theirs);
  remove_tree (dir);
}

/* In a Kaggle file, the change to another task is named as that task's */
static void
test_kaggle_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-disk-change-XXXXXX", NULL);
  g_autofree char *path = write_temp (dir, "arc-agi_test_challenges.json", KAGGLE);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTaskEdit) edit = arc_task_edit_new_for_combined (file, "aaaa0001", &error);
  g_autofree char *theirs = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) changed = NULL;
  g_auto(GStrv) none = NULL;

  g_assert_no_error (error);
  none = arc_task_edit_dup_changed_tasks (edit);
  g_assert_cmpuint (g_strv_length (none), ==, 0);
  arc_task_edit_add_pair (edit, ARC_PAIR_TRAIN);
  change_in_place (path, "0934a4d8", "[[5]]", "[[7]]");
  g_assert_true (g_file_get_contents (path, &theirs, NULL, NULL));

  g_assert_true (arc_task_edit_changed_on_disk (edit));
  changed = arc_task_edit_dup_changed_tasks (edit);
  g_assert_cmpuint (g_strv_length (changed), ==, 1);
  g_assert_cmpstr (changed[0], ==, "0934a4d8");
  g_assert_false (arc_task_edit_save (edit, NULL, &error));
  g_assert_error (error, ARC_ERROR, ARC_ERROR_CHANGED);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, theirs);

  /* Saved anyway (the user said so): their change to the other task stays */
  g_clear_error (&error);
  arc_task_edit_forget_disk_state (edit);
  g_assert_true (arc_task_edit_save (edit, NULL, &error));
  g_assert_no_error (error);
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "\"0934a4d8\": {\"train\": [{\"input\": [[4]], \"output\": [[7]]}]"));
  g_assert_false (arc_task_edit_changed_on_disk (edit));
  remove_tree (dir);
}

static void
test_notes_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-disk-change-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "task.arcnotes", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcNotes) notes = arc_notes_new (file);
  g_autoptr(GError) error = NULL;
  g_autofree char *theirs = NULL;
  g_autofree char *text = NULL;
  ArcAnnotation *a;

  a = arc_notes_ensure (notes, "task", "ada");
  g_free (a->notes);
  a->notes = g_strdup ("first");
  g_assert_true (arc_notes_save (notes, TRUE, &error));
  g_assert_no_error (error);

  change_in_place (path, "\"notes\"", "first", "FIRST");
  g_assert_true (g_file_get_contents (path, &theirs, NULL, NULL));
  a = arc_notes_ensure (notes, "task", "ada");
  g_free (a->notes);
  a->notes = g_strdup ("second");
  /* The change in place is seen, and merged: both versions kept */
  g_assert_true (arc_notes_save (notes, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, !=, theirs);
  g_assert_nonnull (strstr (text, "second"));
  g_assert_nonnull (strstr (text, "FIRST"));
  g_assert_null (strstr (text, "changed on disk"));
  remove_tree (dir);
}

/* A file as this program wrote it is known by its inode, size and times
 * (a monitor reports each autosave: not read again to tell it is the
 * same), and yet every change shows: in place with its size and
 * modification time kept, or a new file in its place */
static void
test_known_hash (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-disk-change-XXXXXX", NULL);
  g_autofree char *path = write_temp (dir, "x.arcnotes", "");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *hash = NULL;
  g_autofree char *known = NULL;
  g_autofree char *after = NULL;
  g_autofree char *replaced = NULL;

  g_assert_true (arc_file_replace (file, TASK, strlen (TASK), &hash, &error));
  g_assert_no_error (error);
  /* As written */
  known = arc_file_query_hash_known (file);
  g_assert_cmpstr (known, ==, hash);

  /* Changed in place, the size and the modification time kept */
  g_usleep (10000);
  change_in_place (path, "test", "4", "5");
  after = arc_file_query_hash_known (file);
  g_assert_cmpstr (after, !=, hash);
  {
    g_autofree char *read = arc_file_query_hash (file);

    g_assert_cmpstr (after, ==, read);
  }

  /* Another file in its place, of the same length and time */
  {
    g_autofree char *other = write_temp (dir, "y", TASK);
    struct stat st;
    struct timespec times[2];

    g_assert_cmpint (g_stat (path, &st), ==, 0);
    times[0] = st.st_atim;
    times[1] = st.st_mtim;
    g_assert_cmpint (utimensat (AT_FDCWD, other, times, 0), ==, 0);
    g_assert_cmpint (g_rename (other, path), ==, 0);
  }
  replaced = arc_file_query_hash_known (file);
  g_assert_cmpstr (replaced, ==, hash);  /* TASK again */
  g_assert_cmpstr (replaced, !=, after);
  {
    g_autoptr(GFile) gone = g_file_new_for_path ("/nonexistent/x");

    g_assert_null (arc_file_query_hash_known (gone));
  }
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/arc/disk-change/task-file", test_task_file);
  g_test_add_func ("/arc/disk-change/kaggle-file", test_kaggle_file);
  g_test_add_func ("/arc/disk-change/notes-file", test_notes_file);
  g_test_add_func ("/arc/disk-change/known-hash", test_known_hash);
  return g_test_run ();
}

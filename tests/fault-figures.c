/* fault-figures.c: the faults of issue 45, for tests/fault-figures.sh,
 * which builds this against the core of two commits (it uses only what
 * the core had before the one writer) and prints what each left
 *
 *   fault-figures full DIR        (DIR: an empty, small tmpfs)
 *       notes, a work file, a task file and a Kaggle pair saved, then the
 *       disk filled and each saved again, then space made and each saved
 *       once more: one line a kind, "kind|what the save said|what is on
 *       disk|the next save, with space"
 *   fault-figures first DIR       a first save of notes (slow writes come
 *                                 from the shim)
 *   fault-figures poll PATH MS    reads PATH as fast as it can for MS ms:
 *                                 "reads|seen invalid"
 *   fault-figures make DIR        the task file and the Kaggle pair
 *   fault-figures kaggle DIR      saves the Kaggle pair (the shim kills it)
 *   fault-figures start DIR       what the next start reads of the pair:
 *                                 "versions" (the collection read as the
 *                                 app does, then the files checked)
 *   fault-figures keep DIR        a task file of mode 0600 and symbolic
 *                                 links saved: "what|before|after"
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "write-kinds.h"

static const Kind shown[] = { KIND_NOTES, KIND_WORK, KIND_TASK, KIND_KAGGLE };

/* What @kind's files are now, against @before (their bytes then) */
static char *
describe_files (Kinds  *k,
                Kind    kind,
                GBytes **before)
{
  g_autoptr(GString) s = g_string_new (NULL);

  for (guint i = 0; i < 2 && kind_files[kind][i]; i++)
    {
      g_autofree char *path = kinds_path (k, kind, i);
      g_autofree char *data = NULL;
      gsize length;

      if (i)
        g_string_append (s, "; ");
      if (!g_file_get_contents (path, &data, &length, NULL))
        g_string_append_printf (s, "%s gone", kind_files[kind][i]);
      else if (before[i] && length == g_bytes_get_size (before[i]) &&
               memcmp (data, g_bytes_get_data (before[i], NULL), length) == 0)
        g_string_append_printf (s, "%s as it was (%zu bytes)", kind_files[kind][i], length);
      else
        g_string_append_printf (s, "%s %zu bytes (was %zu)", kind_files[kind][i], length,
                                before[i] ? g_bytes_get_size (before[i]) : 0);
    }
  {
    g_autofree char *left = kinds_unexpected_files (k->dir, (const char *[]) { "big.arcnotes", "big.work", "big.json",
                                                                                "big_challenges.json", "big_solutions.json",
                                                                                "filler0", "filler1", "filler2",
                                                                                "filler3", NULL });
    if (left)
      g_string_append_printf (s, "; left: %s", left);
  }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* Fills the disk, with the @i-th file @filler */
static void
fill (const char *filler,
      guint       i)
{
  g_autofree char *path = g_strdup_printf ("%s%u", filler, i);
  g_autofree char *block = g_malloc0 (4096);
  FILE *f = fopen (path, "w");

  while (fwrite (block, 1, 4096, f) == 4096 && fflush (f) == 0)
    ;
  fclose (f);
}

static int
run_full (const char *dir)
{
  g_autoptr(Kinds) k = NULL;
  g_autofree char *filler = g_build_filename (dir, "filler", NULL);
  GBytes *before[G_N_ELEMENTS (shown)][2] = { { NULL } };
  char *said[G_N_ELEMENTS (shown)];
  char *left[G_N_ELEMENTS (shown)];

  kinds_make_files (dir, kinds_sizes_large ());
  k = kinds_new (dir, kinds_sizes_large ());
  for (guint i = 0; i < G_N_ELEMENTS (shown); i++)
    {
      g_autoptr(GError) error = NULL;

      if (!kinds_save (k, shown[i], 1, &error))
        g_error ("%s: %s", kind_names[shown[i]], error->message);
      for (guint f = 0; f < 2 && kind_files[shown[i]][f]; f++)
        {
          g_autofree char *path = kinds_path (k, shown[i], f);
          char *data;
          gsize length;

          g_assert_true (g_file_get_contents (path, &data, &length, NULL));
          before[i][f] = g_bytes_new_take (data, length);
        }
    }

  /* Full, for each save (a save that empties a file makes room for the
   * next one) */
  for (guint i = 0; i < G_N_ELEMENTS (shown); i++)
    {
      g_autoptr(GError) error = NULL;

      fill (filler, i);
      said[i] = kinds_save (k, shown[i], 2, &error) ? g_strdup ("saved, no error") : g_strdup (error->message);
      left[i] = describe_files (k, shown[i], before[i]);
    }

  /* Space again */
  for (guint i = 0; i < G_N_ELEMENTS (shown); i++)
    {
      g_autofree char *path = g_strdup_printf ("%s%u", filler, i);

      g_unlink (path);
    }
  for (guint i = 0; i < G_N_ELEMENTS (shown); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *next = kinds_save (k, shown[i], 3, &error) ? g_strdup ("saved") : g_strdup (error->message);
      g_autofree char *said_line = g_strdelimit (said[i], "|\n", ' ');

      printf ("%s|%s|%s|%s\n", kind_names[shown[i]], said_line, left[i], g_strdelimit (next, "|\n", ' '));
      g_free (left[i]);
      for (guint f = 0; f < 2; f++)
        g_clear_pointer (&before[i][f], g_bytes_unref);
    }
  return 0;
}

static int
run_first (const char *dir)
{
  g_autoptr(Kinds) k = kinds_new (dir, kinds_sizes_large ());
  g_autoptr(GError) error = NULL;

  if (!kinds_save (k, KIND_NOTES, 1, &error))
    g_error ("%s", error->message);
  return 0;
}

/* Reads @path over and over: each read that finds the file must be
 * valid JSON, as a reader of the notes expects */
static int
run_poll (const char *path,
          guint       ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;
  guint reads = 0, invalid = 0;
  g_autofree char *first_error = NULL;

  while (g_get_monotonic_time () < end)
    {
      g_autofree char *data = NULL;
      gsize length;
      g_autoptr(JsonParser) parser = NULL;
      g_autoptr(GError) error = NULL;

      if (!g_file_get_contents (path, &data, &length, NULL))
        continue;
      reads++;
      parser = json_parser_new_immutable ();
      if (!json_parser_load_from_data (parser, data, length, &error) || json_parser_get_root (parser) == NULL)
        {
          invalid++;
          if (first_error == NULL)
            first_error = g_strdup_printf ("%zu bytes: %s", length, error ? error->message : "empty");
        }
    }
  printf ("%u|%u|%s\n", reads, invalid, first_error ? first_error : "");
  return 0;
}

static int
run_kaggle (const char *dir)
{
  g_autoptr(Kinds) k = kinds_new (dir, kinds_sizes_large ());
  g_autoptr(GError) error = NULL;

  if (!kinds_save (k, KIND_KAGGLE, 1, &error))
    g_error ("%s", error->message);
  return 0;
}

/* The next start: the collection read, as the app reads it at start-up
 * (which recovers what a killed save left, where the core does), then
 * the pair */
static int
run_start (const char *dir)
{
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(ArcCollection) collection = arc_collection_new_for_file (folder, NULL, NULL, NULL);
  g_autoptr(Kinds) k = kinds_new (dir, kinds_sizes_large ());
  g_autoptr(GError) error = NULL;
  const guint both[] = { 0, 1 };
  g_autofree char *left = kinds_unexpected_files (dir, (const char *[]) { "big.json", "big_challenges.json",
                                                                          "big_solutions.json", NULL });
  guint v;

  if (kinds_check (k, KIND_KAGGLE, both, 2, &v, &error))
    printf ("both files version %u", v);
  else
    printf ("%s", error->message);
  printf ("%s%s\n", left ? "; left: " : "", left ? left : "");
  return 0;
}

static guint
mode_of (const char *path)
{
  struct stat st;

  return lstat (path, &st) == 0 ? st.st_mode & 07777 : 0;
}

static gboolean
file_has (const char *path,
          const char *text)
{
  g_autofree char *data = NULL;

  return g_file_get_contents (path, &data, NULL, NULL) && strstr (data, text) != NULL;
}

static char *
describe_link (const char *link,
               const char *target,
               const char *text)
{
  return g_strdup_printf ("%s, the shared file %s", g_file_test (link, G_FILE_TEST_IS_SYMLINK) ? "still a link" :
                          "a file of its own now", file_has (target, text) ? "has the save" : "unchanged");
}

static int
run_keep (const char *dir)
{
  g_autoptr(Kinds) k = NULL;
  g_autofree char *task = g_build_filename (dir, "big.json", NULL);
  g_autofree char *shared = g_build_filename (dir, "shared", NULL);
  g_autofree char *shared_notes = g_build_filename (shared, "notes.arcnotes", NULL);
  g_autofree char *notes = g_build_filename (dir, "big.arcnotes", NULL);
  g_autofree char *linked_dir = g_build_filename (dir, "linked", NULL);
  g_autofree char *shared_task = g_build_filename (shared, "task.json", NULL);
  g_autofree char *linked_task = g_build_filename (linked_dir, "big.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *notes_after = NULL;
  g_autofree char *task_after = NULL;

  kinds_make_files (dir, kinds_sizes_small ());
  k = kinds_new (dir, kinds_sizes_small ());
  g_chmod (task, 0600);
  if (!kinds_save (k, KIND_TASK, 1, &error))
    g_error ("%s", error->message);
  printf ("task file of mode 0600|0%o\n", mode_of (task));

  /* The notes: a link to a file shared with another folder */
  g_mkdir (shared, 0755);
  g_file_set_contents (shared_notes, "{\"format\": \"arc-studio-notes\", \"version\": 3, \"tasks\": {}}", -1, NULL);
  symlink ("shared/notes.arcnotes", notes);
  g_clear_pointer (&k, kinds_free);
  k = kinds_new (dir, kinds_sizes_small ());
  if (!kinds_save (k, KIND_NOTES, 1, &error))
    g_error ("%s", error->message);
  notes_after = describe_link (notes, shared_notes, "v000001 ");
  printf ("notes file that is a symbolic link|%s\n", notes_after);

  /* A task file that is a link, in a folder of its own */
  g_mkdir (linked_dir, 0755);
  g_rename (task, shared_task);
  symlink ("../shared/task.json", linked_task);
  {
    g_autoptr(Kinds) linked = kinds_new (linked_dir, kinds_sizes_small ());

    if (!kinds_save (linked, KIND_TASK, 2, &error))
      g_error ("%s", error->message);
  }
  task_after = describe_link (linked_task, shared_task, "[0, 0, 0, 0, 0, 2,");
  printf ("task file that is a symbolic link|%s\n", task_after);
  return 0;
}

int
main (int    argc,
      char **argv)
{
  if (argc == 3 && g_str_equal (argv[1], "full"))
    return run_full (argv[2]);
  if (argc == 3 && g_str_equal (argv[1], "first"))
    return run_first (argv[2]);
  if (argc == 4 && g_str_equal (argv[1], "poll"))
    return run_poll (argv[2], (guint) g_ascii_strtoull (argv[3], NULL, 10));
  if (argc == 3 && g_str_equal (argv[1], "make"))
    {
      kinds_make_files (argv[2], kinds_sizes_large ());
      return 0;
    }
  if (argc == 3 && g_str_equal (argv[1], "kaggle"))
    return run_kaggle (argv[2]);
  if (argc == 3 && g_str_equal (argv[1], "start"))
    return run_start (argv[2]);
  if (argc == 3 && g_str_equal (argv[1], "keep"))
    return run_keep (argv[2]);
  fprintf (stderr, "usage: fault-figures full|first|make|kaggle|start|keep DIR, or poll PATH MS\n");
  return 2;
}

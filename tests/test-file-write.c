/* test-file-write.c: the one writer (src/core/arc-file-write.c), on disk
 *
 * First saves and replaces, the mode a file keeps or gets, symbolic links
 * written through, read-only and missing folders, what a killed save
 * leaves and what the next start does with it (arc_file_recover_folder()),
 * the journal of several files saved together, and the folder lock held
 * by another process ($ARC_WRITE_LOOP, tests/write-loop.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utime.h>

#include "arc-core.h"
#include "test-util.h"

#define CHUNK (256 * 1024)  /* what the writer writes at a time */

static char *
read_text (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

static gboolean
write_text (const char  *path,
            const char  *text,
            GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  return arc_file_write (file, text, strlen (text), error);
}

/* @dir holds exactly @names (NULL-terminated): nothing left beside them */
static void
assert_folder_holds (const char *dir,
                     ...)
{
  g_autoptr(GPtrArray) want = g_ptr_array_new ();
  g_autoptr(GString) found = g_string_new (NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;
  va_list args;

  va_start (args, dir);
  while ((name = va_arg (args, const char *)))
    g_ptr_array_add (want, (gpointer) name);
  va_end (args);
  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)))
    {
      g_string_append_printf (found, " %s", name);
      n++;
      if (!g_ptr_array_find_with_equal_func (want, name, g_str_equal, NULL))
        g_error ("%s holds %s, not expected (it holds:%s…)", dir, name, found->str);
    }
  if (n != want->len)
    g_error ("%s holds%s; %u names expected", dir, found->str, want->len);
}

static void
set_age (const char *path,
         int         seconds)
{
  struct utimbuf times;

  times.actime = times.modtime = time (NULL) - seconds;
  g_assert_cmpint (utime (path, &times), ==, 0);
}

/* The helper program */

typedef struct
{
  GPid     pid;
  int      out;
  GString *said;
} Helper;

static void
helper_start (Helper             *h,
              const char * const *args,
              const char         *fault)
{
  g_auto(GStrv) env = g_get_environ ();
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;

  env = fault ? g_environ_setenv (env, "ARC_STUDIO_WRITE_FAULT", fault, TRUE)
              : g_environ_unsetenv (env, "ARC_STUDIO_WRITE_FAULT");
  g_ptr_array_add (argv, (gpointer) g_getenv ("ARC_WRITE_LOOP"));
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv->pdata, env, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                                           &h->pid, NULL, &h->out, NULL, &error));
  g_assert_no_error (error);
  h->said = g_string_new (NULL);
}

/* Reads what the helper says until it said @line (30 s at most) */
static void
helper_wait_line (Helper     *h,
                  const char *line)
{
  g_autofree char *want = g_strdup_printf ("%s\n", line);
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (strstr (h->said->str, want) == NULL)
    {
      char buf[256];
      gssize n = read (h->out, buf, sizeof buf);

      if (n <= 0 || g_get_monotonic_time () > end)
        g_error ("the helper did not say “%s”; it said: %s", line, h->said->str);
      g_string_append_len (h->said, buf, n);
    }
}

/* Reads what the helper said so far, without waiting */
static void
helper_read_now (Helper *h)
{
  char buf[256];
  gssize n;
  int flags = fcntl (h->out, F_GETFL);

  fcntl (h->out, F_SETFL, flags | O_NONBLOCK);
  while ((n = read (h->out, buf, sizeof buf)) > 0)
    g_string_append_len (h->said, buf, n);
  fcntl (h->out, F_SETFL, flags);
}

/* Waits for the helper's end (after a kill, or by itself): its exit
 * status, or -SIGNAL; what it said goes to @said */
static int
helper_finish (Helper  *h,
               char   **said)
{
  char buf[256];
  gssize n;
  int status;

  while ((n = read (h->out, buf, sizeof buf)) > 0)
    g_string_append_len (h->said, buf, n);
  g_assert_cmpint (waitpid (h->pid, &status, 0), ==, h->pid);
  close (h->out);
  g_spawn_close_pid (h->pid);
  if (said)
    *said = g_string_free (h->said, FALSE);
  else
    g_string_free (h->said, TRUE);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -WTERMSIG (status);
}

/* First saves and replaces */

static void
test_first_and_replace (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-write-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "task.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *big = g_malloc (2 * CHUNK + 1000);
  g_autofree char *text = NULL;
  gsize length;

  g_assert_true (write_text (path, "{\"first\": 1}", &error));
  g_assert_no_error (error);
  text = read_text (path);
  g_assert_cmpstr (text, ==, "{\"first\": 1}");
  assert_folder_holds (dir, "task.json", NULL);

  /* A replace several writes long: three writes and a sync */
  for (gsize i = 0; i < 2 * CHUNK + 1000; i++)
    big[i] = (char) ('a' + i % 26);
  arc_file_set_write_fault (0, 0, 0);
  g_assert_true (arc_file_write (file, big, 2 * CHUNK + 1000, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (arc_file_get_write_calls (), ==, 4);
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  g_assert_cmpuint (length, ==, 2 * CHUNK + 1000);
  g_assert_cmpint (memcmp (text, big, length), ==, 0);
  assert_folder_holds (dir, "task.json", NULL);

  /* Shorter: nothing of the longer one stays at the end */
  g_assert_true (write_text (path, "{}", &error));
  g_clear_pointer (&text, g_free);
  text = read_text (path);
  g_assert_cmpstr (text, ==, "{}");

  /* Empty, from bytes */
  {
    g_autoptr(GBytes) none = g_bytes_new (NULL, 0);

    g_assert_true (arc_file_write_bytes (file, none, &error));
    g_assert_no_error (error);
    g_clear_pointer (&text, g_free);
    g_assert_true (g_file_get_contents (path, &text, &length, NULL));
    g_assert_cmpuint (length, ==, 0);
  }
  assert_folder_holds (dir, "task.json", NULL);
  remove_tree (dir);
}

/* Modes */

static guint
mode_of (const char *path)
{
  GStatBuf st;

  g_assert_cmpint (g_lstat (path, &st), ==, 0);
  return st.st_mode & 07777;
}

static void
test_mode (void)
{
  static const guint kept[] = { 0600, 0640, 0664, 0755 };
  g_autofree char *dir = g_dir_make_tmp ("arc-write-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "notes.arcnotes", NULL);
  g_autoptr(GError) error = NULL;
  mode_t old = umask (022);

  /* A new file: 0666 less the umask, as the user's other files */
  g_assert_true (write_text (path, "a", &error));
  g_assert_cmphex (mode_of (path), ==, 0644);
  g_unlink (path);
  umask (077);
  g_assert_true (write_text (path, "a", &error));
  g_assert_cmphex (mode_of (path), ==, 0600);
  g_unlink (path);
  umask (002);
  g_assert_true (write_text (path, "a", &error));
  g_assert_cmphex (mode_of (path), ==, 0664);
  umask (022);

  /* A file's own mode is kept, whatever the umask */
  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    {
      g_assert_cmpint (g_chmod (path, kept[i]), ==, 0);
      g_assert_true (write_text (path, "b", &error));
      g_assert_no_error (error);
      g_assert_cmphex (mode_of (path), ==, kept[i]);
      g_assert_true (file_contains (path, "b"));
    }
  umask (old);
  assert_folder_holds (dir, "notes.arcnotes", NULL);
  remove_tree (dir);
}

/* A file made read-only stays as it is (also for root, who could write
 * it): renaming a new file over it would work */
static void
test_read_only_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-write-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "notes.arcnotes", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, "kept", -1, NULL));
  g_assert_cmpint (g_chmod (path, 0444), ==, 0);
  g_assert_false (write_text (path, "lost", &error));
  g_assert_error (error, ARC_ERROR, ARC_ERROR_READ_ONLY);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_nonnull (strstr (error->message, "read-only"));
  text = read_text (path);
  g_assert_cmpstr (text, ==, "kept");
  g_assert_cmphex (mode_of (path), ==, 0444);
  assert_folder_holds (dir, "notes.arcnotes", NULL);
  remove_tree (dir);
}

/* Symbolic links */

static void
test_symlinks (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-write-XXXXXX", NULL);
  g_autofree char *shared = g_build_filename (dir, "shared", NULL);
  g_autofree char *real = g_build_filename (shared, "task.json", NULL);
  g_autofree char *absolute = g_build_filename (dir, "absolute.json", NULL);
  g_autofree char *relative = g_build_filename (dir, "relative.json", NULL);
  g_autofree char *chain = g_build_filename (dir, "chain.json", NULL);
  g_autofree char *dangling = g_build_filename (dir, "dangling.json", NULL);
  g_autofree char *made = g_build_filename (shared, "new.json", NULL);
  g_autofree char *loop_a = g_build_filename (dir, "loop-a.json", NULL);
  g_autofree char *loop_b = g_build_filename (dir, "loop-b.json", NULL);
  g_autoptr(GError) error = NULL;
  struct
  {
    const char *link;
    const char *text;
  } writes[] = {
    { absolute, "through the absolute link" },
    { relative, "through the relative link" },
    { chain, "through a chain of links" },
  };

  g_assert_cmpint (g_mkdir (shared, 0755), ==, 0);
  g_assert_true (g_file_set_contents (real, "the shared task", -1, NULL));
  g_assert_cmpint (g_chmod (real, 0640), ==, 0);
  g_assert_cmpint (symlink (real, absolute), ==, 0);
  g_assert_cmpint (symlink ("shared/task.json", relative), ==, 0);
  g_assert_cmpint (symlink ("relative.json", chain), ==, 0);  /* chain → relative → shared/task.json */

  for (guint i = 0; i < G_N_ELEMENTS (writes); i++)
    {
      g_autofree char *text = NULL;

      g_assert_true (write_text (writes[i].link, writes[i].text, &error));
      g_assert_no_error (error);
      /* The file pointed to has the bytes and keeps its mode; every link
       * is still a link, to where it pointed */
      text = read_text (real);
      g_assert_cmpstr (text, ==, writes[i].text);
      g_assert_cmphex (mode_of (real), ==, 0640);
      g_assert_true (g_file_test (absolute, G_FILE_TEST_IS_SYMLINK));
      g_assert_true (g_file_test (relative, G_FILE_TEST_IS_SYMLINK));
      g_assert_true (g_file_test (chain, G_FILE_TEST_IS_SYMLINK));
      g_clear_pointer (&text, g_free);
      text = g_file_read_link (relative, NULL);
      g_assert_cmpstr (text, ==, "shared/task.json");
      g_clear_pointer (&text, g_free);
      text = g_file_read_link (chain, NULL);
      g_assert_cmpstr (text, ==, "relative.json");
    }

  /* A link to a file not made yet: made where it points */
  g_assert_cmpint (symlink ("shared/new.json", dangling), ==, 0);
  g_assert_true (write_text (dangling, "first", &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (dangling, G_FILE_TEST_IS_SYMLINK));
  g_assert_true (file_contains (made, "first"));

  /* A loop: said, nothing made */
  g_assert_cmpint (symlink ("loop-b.json", loop_a), ==, 0);
  g_assert_cmpint (symlink ("loop-a.json", loop_b), ==, 0);
  g_assert_false (write_text (loop_a, "lost", &error));
  g_assert_error (error, ARC_ERROR, ARC_ERROR_IO);
  g_assert_nonnull (strstr (error->message, loop_a));
  g_assert_nonnull (strstr (error->message, "symbolic link loop"));
  g_clear_error (&error);

  assert_folder_holds (dir, "shared", "absolute.json", "relative.json", "chain.json", "dangling.json",
                       "loop-a.json", "loop-b.json", NULL);
  assert_folder_holds (shared, "task.json", "new.json", NULL);
  remove_tree (dir);
}

/* Folders that cannot be written */

static void
test_missing_folder (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-write-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "gone", "submission.json", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_false (write_text (path, "{}", &error));
  g_assert_error (error, ARC_ERROR, ARC_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_nonnull (strstr (error->message, "does not exist"));
  assert_folder_holds (dir, NULL);
  remove_tree (dir);
}

/* As the user nobody when root (for whom the mode does not count): the
 * helper writes into a folder of mode 0555 */
static void
test_read_only_folder (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-write-XXXXXX", NULL);
  g_autofree char *ro = g_build_filename (dir, "read-only", NULL);
  g_autofree char *fresh = g_build_filename (ro, "new.json", NULL);
  g_autofree char *old = g_build_filename (ro, "old.json", NULL);
  g_autofree char *text = NULL;
  const char *files[] = { fresh, old };

  g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (ro, 0755), ==, 0);
  g_assert_true (g_file_set_contents (old, "as it was", -1, NULL));
  g_assert_cmpint (g_chmod (old, 0666), ==, 0);
  g_assert_cmpint (g_chmod (ro, 0555), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      const char *args[] = { "save", files[i], "1000", "nobody", NULL };
      g_autofree char *expected = g_strdup_printf ("error %d %s could not be saved: its folder is read-only",
                                                   ARC_ERROR_READ_ONLY, files[i]);
      g_autofree char *said = NULL;
      Helper h;
      int status;

      helper_start (&h, args, NULL);
      status = helper_finish (&h, &said);
      if (status == 0 && getuid () == 0)
        {
          /* (in a namespace where root cannot become nobody) */
          g_test_skip ("the folder could not be made read-only for the saver");
          g_chmod (ro, 0755);
          remove_tree (dir);
          return;
        }
      g_assert_cmpint (status, ==, 1);
      if (!g_str_has_prefix (said, expected))
        g_error ("expected “%s…”, the saver said: %s", expected, said);
    }
  assert_folder_holds (ro, "old.json", NULL);
  text = read_text (old);
  g_assert_cmpstr (text, ==, "as it was");
  g_chmod (ro, 0755);
  remove_tree (dir);
}

/* What a killed save leaves */

/* A leftover of a killed save (nobody holds it, older than a moment) is
 * removed at the next start; one younger, or held by a program saving
 * now, is not; other hidden files are not ours */
static void
test_leftovers (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-write-XXXXXX", NULL);
  g_autofree char *target = g_build_filename (dir, "a.arcnotes", NULL);
  g_autofree char *stale = g_build_filename (dir, ".a.arcnotes.arcsave-0badf00d", NULL);
  g_autofree char *young = g_build_filename (dir, ".a.arcnotes.arcsave-12345678", NULL);
  g_autofree char *hidden = g_build_filename (dir, ".hidden", NULL);
  g_autofree char *backup = g_build_filename (dir, ".a.arcnotes.swp", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);

  g_assert_true (g_file_set_contents (target, "the notes", -1, NULL));
  g_assert_true (g_file_set_contents (stale, "the notes, half", -1, NULL));
  g_assert_true (g_file_set_contents (young, "the notes, half", -1, NULL));
  g_assert_true (g_file_set_contents (hidden, "not ours", -1, NULL));
  g_assert_true (g_file_set_contents (backup, "not ours", -1, NULL));
  set_age (stale, 60);
  set_age (hidden, 60);
  set_age (backup, 60);
  g_assert_true (arc_file_is_leftover_name (".a.arcnotes.arcsave-0badf00d"));
  g_assert_false (arc_file_is_leftover_name (".hidden"));
  g_assert_false (arc_file_is_leftover_name ("a.arcnotes"));

  g_assert_cmpuint (arc_file_recover_folder (folder), ==, 1);
  assert_folder_holds (dir, "a.arcnotes", ".a.arcnotes.arcsave-12345678", ".hidden", ".a.arcnotes.swp", NULL);
  g_assert_true (file_contains (target, "the notes"));
  /* Older now, and still nobody's: removed */
  set_age (young, 3);
  g_assert_cmpuint (arc_file_recover_folder (folder), ==, 1);
  assert_folder_holds (dir, "a.arcnotes", ".hidden", ".a.arcnotes.swp", NULL);
  g_assert_cmpuint (arc_file_recover_folder (folder), ==, 0);
  remove_tree (dir);
}

static char *
find_leftover (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (d)))
    if (arc_file_is_leftover_name (name))
      return g_build_filename (dir, name, NULL);
  return NULL;
}

/* Whether process @pid holds a flock() on @path (/proc/locks: "1: FLOCK
 * ADVISORY WRITE PID MAJOR:MINOR:INODE 0 EOF") */
static gboolean
holds_flock (GPid        pid,
             const char *path)
{
  g_autofree char *locks = NULL;
  g_auto(GStrv) lines = NULL;
  GStatBuf st;

  if (g_stat (path, &st) != 0)
    return FALSE;
  if (!g_file_get_contents ("/proc/locks", &locks, NULL, NULL))
    {
      /* (no /proc: it locks its file right after making it, and sleeps
       * a second before its first write) */
      g_usleep (200 * 1000);
      return TRUE;
    }
  lines = g_strsplit (locks, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      g_auto(GStrv) f = g_strsplit_set (lines[i], " ", -1);
      g_autoptr(GPtrArray) words = g_ptr_array_new ();
      g_autofree char *inode = g_strdup_printf (":%" G_GUINT64_FORMAT, (guint64) st.st_ino);

      for (guint j = 0; f[j]; j++)
        if (*f[j])
          g_ptr_array_add (words, f[j]);
      if (words->len >= 6 && g_str_equal (words->pdata[1], "FLOCK") &&
          g_ascii_strtoll (words->pdata[4], NULL, 10) == pid && g_str_has_suffix (words->pdata[5], inode))
        return TRUE;
    }
  return FALSE;
}

/* A save under way in another program (slow writes) is left alone however
 * old its file looks; killed, its file is a leftover */
static void
test_live_save (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-write-XXXXXX", NULL);
  g_autofree char *target = g_build_filename (dir, "big.json", NULL);
  g_autofree char *size = g_strdup_printf ("%u", 3 * CHUNK);
  g_autofree char *leftover = NULL;
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  const char *args[] = { "save", target, size, NULL };
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  Helper h;

  g_assert_true (g_file_set_contents (target, "as it was", -1, NULL));
  /* (a second before each write: the save takes three) */
  helper_start (&h, args, "delay:1000");
  while (leftover == NULL || !holds_flock (h.pid, leftover))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      g_usleep (5000);
      if (leftover == NULL)
        leftover = find_leftover (dir);
    }
  set_age (leftover, 60);
  g_assert_cmpuint (arc_file_recover_folder (folder), ==, 0);
  g_assert_true (g_file_test (leftover, G_FILE_TEST_EXISTS));

  g_assert_cmpint (kill (h.pid, SIGKILL), ==, 0);
  g_assert_cmpint (helper_finish (&h, NULL), ==, -SIGKILL);
  set_age (leftover, 60);
  g_assert_cmpuint (arc_file_recover_folder (folder), ==, 1);
  assert_folder_holds (dir, "big.json", NULL);
  g_assert_true (file_contains (target, "as it was"));
  remove_tree (dir);
}

/* Journals */

typedef struct
{
  char *dir;
  char *targets[2];
  char *news[2];
  char *journal;
} JournalFixture;

static void
journal_setup (JournalFixture *f,
               gconstpointer   data)
{
  const char *names[] = { "x_challenges.json", "x_solutions.json" };

  f->dir = g_dir_make_tmp ("arc-write-XXXXXX", NULL);
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *new_name = g_strdup_printf (".%s.arcsave-0000000%u", names[i], i);

      f->targets[i] = g_build_filename (f->dir, names[i], NULL);
      f->news[i] = g_build_filename (f->dir, new_name, NULL);
      g_assert_true (g_file_set_contents (f->targets[i], "old", -1, NULL));
      g_assert_true (g_file_set_contents (f->news[i], "new", -1, NULL));
    }
  f->journal = g_build_filename (f->dir, ".arc-studio-journal-0000cafe", NULL);
}

static void
journal_teardown (JournalFixture *f,
                  gconstpointer   data)
{
  remove_tree (f->dir);
  g_free (f->dir);
  for (guint i = 0; i < 2; i++)
    {
      g_free (f->targets[i]);
      g_free (f->news[i]);
    }
  g_free (f->journal);
}

/* A journal as a killed save leaves it, @age seconds ago */
static void
write_journal (JournalFixture *f,
               const char     *first_new,
               gboolean        complete,
               int             age)
{
  g_autofree char *text = g_strdup_printf ("arc-studio-journal 1\n%s\n%s\n%s\n%s\n%s", first_new, f->targets[0],
                                           f->news[1], f->targets[1], complete ? "end\n" : "");

  g_assert_true (g_file_set_contents (f->journal, text, -1, NULL));
  set_age (f->journal, age);
  for (guint i = 0; i < 2; i++)
    if (g_file_test (f->news[i], G_FILE_TEST_EXISTS))
      set_age (f->news[i], age);
}

static void
assert_targets (JournalFixture *f,
                const char     *first,
                const char     *second)
{
  g_autofree char *a = read_text (f->targets[0]);
  g_autofree char *b = read_text (f->targets[1]);

  g_assert_cmpstr (a, ==, first);
  g_assert_cmpstr (b, ==, second);
}

/* A whole journal (killed after it was written, before or between the
 * renames) is carried out, at once: a start right after the kill must not
 * read a pair half old, half new */
static void
test_journal_complete (JournalFixture *f,
                       gconstpointer   data)
{
  g_autoptr(GFile) folder = g_file_new_for_path (f->dir);

  write_journal (f, f->news[0], TRUE, 60);
  g_assert_cmpuint (arc_file_recover_folder (folder), ==, 1);
  assert_targets (f, "new", "new");
  assert_folder_holds (f->dir, "x_challenges.json", "x_solutions.json", NULL);

  /* Between the renames, a moment ago: the first is done */
  g_assert_true (g_file_set_contents (f->targets[1], "old", -1, NULL));
  g_assert_true (g_file_set_contents (f->news[1], "newer", -1, NULL));
  write_journal (f, f->news[0], TRUE, 0);
  g_assert_cmpuint (arc_file_recover_folder (folder), ==, 1);
  assert_targets (f, "new", "newer");
  assert_folder_holds (f->dir, "x_challenges.json", "x_solutions.json", NULL);
}

/* A journal whose save is under way (it holds the journal's lock) is left
 * to it */
static void
test_journal_live (JournalFixture *f,
                   gconstpointer   data)
{
  g_autoptr(GFile) folder = g_file_new_for_path (f->dir);
  const char *held[] = { f->journal, f->news[0], f->news[1] };
  int fds[G_N_ELEMENTS (held)];

  /* (the save holds its new files, and its journal) */
  write_journal (f, f->news[0], TRUE, 60);
  for (guint i = 0; i < G_N_ELEMENTS (held); i++)
    {
      fds[i] = g_open (held[i], O_RDONLY | O_CLOEXEC, 0);
      g_assert_cmpint (flock (fds[i], LOCK_EX), ==, 0);
    }
  g_assert_cmpuint (arc_file_recover_folder (folder), ==, 0);
  assert_targets (f, "old", "old");
  g_assert_true (g_file_test (f->journal, G_FILE_TEST_EXISTS));
  for (guint i = 0; i < G_N_ELEMENTS (held); i++)
    close (fds[i]);
  g_assert_cmpuint (arc_file_recover_folder (folder), ==, 1);
  assert_targets (f, "new", "new");
}

/* A journal cut short (killed while it was written) is dropped, and the
 * new files it names go: the old files stay, both */
static void
test_journal_incomplete (JournalFixture *f,
                         gconstpointer   data)
{
  g_autoptr(GFile) folder = g_file_new_for_path (f->dir);

  write_journal (f, f->news[0], FALSE, 60);
  g_assert_cmpuint (arc_file_recover_folder (folder), ==, 3);
  assert_targets (f, "old", "old");
  assert_folder_holds (f->dir, "x_challenges.json", "x_solutions.json", NULL);

  /* Empty (killed right after it was made) */
  g_assert_true (g_file_set_contents (f->news[0], "new", -1, NULL));
  g_assert_true (g_file_set_contents (f->journal, "", -1, NULL));
  set_age (f->journal, 60);
  set_age (f->news[0], 60);
  g_assert_cmpuint (arc_file_recover_folder (folder), ==, 2);
  assert_targets (f, "old", "old");
  assert_folder_holds (f->dir, "x_challenges.json", "x_solutions.json", NULL);
}

/* A journal names only files of ours: one naming another file renames
 * nothing */
static void
test_journal_foreign (JournalFixture *f,
                      gconstpointer   data)
{
  g_autoptr(GFile) folder = g_file_new_for_path (f->dir);
  g_autofree char *other = g_build_filename (f->dir, "other.json", NULL);

  g_assert_true (g_file_set_contents (other, "someone else's", -1, NULL));
  write_journal (f, other, TRUE, 60);
  arc_file_recover_folder (folder);
  g_assert_true (file_contains (other, "someone else's"));
  g_assert_true (file_contains (f->targets[0], "old"));
  g_assert_false (g_file_test (f->journal, G_FILE_TEST_EXISTS));
}

/* Both files or neither, when the second cannot be written */
static void
test_write_all (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-write-XXXXXX", NULL);
  char *paths[2] = { g_build_filename (dir, "a.json", NULL), g_build_filename (dir, "b.json", NULL) };
  g_autoptr(GFile) a = g_file_new_for_path (paths[0]);
  g_autoptr(GFile) b = g_file_new_for_path (paths[1]);
  g_autoptr(GBytes) one = g_bytes_new_static ("one", 3);
  g_autoptr(GBytes) two = g_bytes_new_static ("two", 3);
  g_autoptr(GError) error = NULL;
  GFile *files[] = { a, b };
  GBytes *contents[] = { one, two };
  g_autofree char *text = NULL;

  g_assert_true (g_file_set_contents (paths[0], "old a", -1, NULL));
  /* The calls: a's write and sync, b's, the journal's */
  for (guint n = 1; n <= 6; n++)
    {
      arc_file_set_write_fault (ENOSPC, n, 0);
      g_assert_false (arc_file_write_all (files, contents, 2, &error));
      arc_file_set_write_fault (0, 0, 0);
      g_assert_error (error, ARC_ERROR, ARC_ERROR_NO_SPACE);
      g_assert_nonnull (strstr (error->message, n <= 2 ? paths[0] : n <= 4 ? paths[1] : dir));
      g_clear_error (&error);
      g_free (text);
      text = read_text (paths[0]);
      g_assert_cmpstr (text, ==, "old a");
      assert_folder_holds (dir, "a.json", NULL);
    }
  g_assert_true (arc_file_write_all (files, contents, 2, &error));
  g_assert_no_error (error);
  g_assert_true (file_contains (paths[0], "one"));
  g_assert_true (file_contains (paths[1], "two"));
  assert_folder_holds (dir, "a.json", "b.json", NULL);
  g_free (paths[0]);
  g_free (paths[1]);
  remove_tree (dir);
}

/* The lock */

/* Another process holding a folder's lock keeps this one waiting until it
 * lets go; one that holds it on, ten seconds, then it is said */
static void
test_lock (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-write-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "notes.arcnotes", NULL);
  g_autofree char *missing = g_build_filename (dir, "gone", "notes.arcnotes", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) missing_file = g_file_new_for_path (missing);
  g_autoptr(GError) error = NULL;
  ArcFileLock *lock;
  gint64 start, waited;
  Helper h;

  {
    const char *args[] = { "lock", path, "700", NULL };

    helper_start (&h, args, NULL);
    helper_wait_line (&h, "locked");
    start = g_get_monotonic_time ();
    lock = arc_file_lock (file, &error);
    waited = g_get_monotonic_time () - start;
    g_assert_no_error (error);
    g_assert_nonnull (lock);
    /* Not before the other let go: it said so before it did */
    helper_read_now (&h);
    g_assert_nonnull (strstr (h.said->str, "locked\nreleasing\n"));
    g_test_message ("waited %" G_GINT64_FORMAT " ms for the other program", waited / 1000);
    arc_file_unlock (lock);
    g_assert_cmpint (helper_finish (&h, NULL), ==, 0);
  }
  {
    /* The other way round: while this one holds it, the other waits */
    const char *args[] = { "lock", path, "0", NULL };

    lock = arc_file_lock (file, &error);
    g_assert_nonnull (lock);
    helper_start (&h, args, NULL);
    g_usleep (300 * 1000);
    helper_read_now (&h);
    g_assert_null (strstr (h.said->str, "locked"));
    arc_file_unlock (lock);
    helper_wait_line (&h, "locked");
    g_assert_cmpint (helper_finish (&h, NULL), ==, 0);
  }
  {
    const char *args[] = { "lock", path, "30000", NULL };

    helper_start (&h, args, NULL);
    helper_wait_line (&h, "locked");
    start = g_get_monotonic_time ();
    lock = arc_file_lock (file, &error);
    waited = g_get_monotonic_time () - start;
    g_assert_null (lock);
    g_assert_error (error, ARC_ERROR, ARC_ERROR_IO);
    g_assert_nonnull (strstr (error->message, path));
    g_assert_nonnull (strstr (error->message, "another program has been saving in its folder for ten seconds"));
    g_clear_error (&error);
    g_assert_cmpint (waited, >=, 10 * G_USEC_PER_SEC);
    g_assert_cmpint (kill (h.pid, SIGKILL), ==, 0);
    g_assert_cmpint (helper_finish (&h, NULL), ==, -SIGKILL);
  }
  /* Free again once the holder is gone (killed: the kernel lets go) */
  lock = arc_file_lock (file, &error);
  g_assert_no_error (error);
  arc_file_unlock (lock);

  g_assert_null (arc_file_lock (missing_file, &error));
  g_assert_error (error, ARC_ERROR, ARC_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, missing));
  assert_folder_holds (dir, NULL);
  remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/arc/file-write/first-and-replace", test_first_and_replace);
  g_test_add_func ("/arc/file-write/mode", test_mode);
  g_test_add_func ("/arc/file-write/read-only-file", test_read_only_file);
  g_test_add_func ("/arc/file-write/symlinks", test_symlinks);
  g_test_add_func ("/arc/file-write/missing-folder", test_missing_folder);
  g_test_add_func ("/arc/file-write/read-only-folder", test_read_only_folder);
  g_test_add_func ("/arc/file-write/leftovers", test_leftovers);
  g_test_add_func ("/arc/file-write/live-save", test_live_save);
  g_test_add ("/arc/file-write/journal/complete", JournalFixture, NULL, journal_setup, test_journal_complete,
              journal_teardown);
  g_test_add ("/arc/file-write/journal/live", JournalFixture, NULL, journal_setup, test_journal_live,
              journal_teardown);
  g_test_add ("/arc/file-write/journal/incomplete", JournalFixture, NULL, journal_setup, test_journal_incomplete,
              journal_teardown);
  g_test_add ("/arc/file-write/journal/foreign", JournalFixture, NULL, journal_setup, test_journal_foreign,
              journal_teardown);
  g_test_add_func ("/arc/file-write/write-all", test_write_all);
  g_test_add_func ("/arc/file-write/lock", test_lock);
  return g_test_run ();
}

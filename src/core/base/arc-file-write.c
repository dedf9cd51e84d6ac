/* arc-file-write.c: the one way this program writes a file
 *
 * Every file the app and the CLI write (notes, work files, tasks, Kaggle
 * files, exports) is written here, the same way: the bytes go to a new
 * file in the target's folder, written whole and fsync()ed, then renamed
 * over the target, then the folder is fsync()ed. On any error the new file
 * is removed and the target is as it was, byte for byte. (GLib 2.74's
 * g_file_replace_contents() renames its new file over the target even
 * after a write to it failed, and writes a file that does not exist yet in
 * place: neither is safe.)
 *
 * The target keeps its permissions, and a target made read-only is not
 * written; a symbolic link is written through, to the file it points to.
 * A new file is named ".NAME.arcsave-XXXXXX" and is flock()ed while it is
 * being written, so that a later start can tell the leftovers of a killed
 * save from a save under way in another program, and remove them
 * (arc_file_recover_folder()).
 *
 * Several files saved together (a Kaggle challenges file with its
 * solutions) are written with a journal: all the new files are written and
 * synced, then a journal naming them is written and synced (as a new file,
 * renamed into place: a journal that is there is whole), then the renames
 * are made and the journal removed. A kill at any moment leaves either the
 * old files (no journal: the new ones are leftovers) or a journal, which
 * the next start carries out, however soon it comes.
 *
 * For the tests, a fault can be injected: the Nth write(2) or fsync(2)
 * fails with a given errno, and every write can be made slow
 * (arc_file_set_write_fault(), or ARC_STUDIO_WRITE_FAULT in the
 * environment of a program under test: "ENOSPC:3", "EIO:1", "delay:20").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-file"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arc-error.h"
#include "arc-file.h"

#define CHUNK            (256 * 1024)
#define MAX_LINKS        40
#define LOCK_WAIT_MS     10000
#define LEFTOVER_AGE_S   2
#define NEW_TAG          ".arcsave-"
#define JOURNAL_PREFIX   ".arc-studio-journal-"
#define JOURNAL_NEW      ".arc-studio-journal" NEW_TAG
#define JOURNAL_END      "end\n"

/* Fault injection, for the tests */

static GMutex fault_lock;
static int fault_errno;
static guint fault_at;      /* the call that fails, from 1; 0: none */
static guint fault_count;   /* write(2) and fsync(2) calls since the fault was set */
static guint fault_delay_ms;

static void
fault_from_environment (void)
{
  static gsize done;

  if (g_once_init_enter (&done))
    {
      const char *spec = g_getenv ("ARC_STUDIO_WRITE_FAULT");

      if (spec && *spec)
        {
          g_auto(GStrv) parts = g_strsplit (spec, ":", 2);
          guint64 n = parts[1] ? g_ascii_strtoull (parts[1], NULL, 10) : 1;

          if (g_str_equal (parts[0], "delay"))
            arc_file_set_write_fault (0, 0, (guint) MIN (n, 60000));
          else if (g_str_equal (parts[0], "ENOSPC"))
            arc_file_set_write_fault (ENOSPC, (guint) MIN (n, G_MAXUINT), 0);
          else if (g_str_equal (parts[0], "EIO"))
            arc_file_set_write_fault (EIO, (guint) MIN (n, G_MAXUINT), 0);
        }
      g_once_init_leave (&done, 1);
    }
}

/**
 * arc_file_set_write_fault:
 * @error_code: the errno that the @nth call fails with; 0 for none
 * @nth: which write(2) or fsync(2) call from now fails, from 1
 * @delay_ms: a pause before every write(2), to make writes slow
 *
 * For the tests: makes this program's writes fail or slow.
 */
void
arc_file_set_write_fault (int   error_code,
                          guint nth,
                          guint delay_ms)
{
  g_mutex_lock (&fault_lock);
  fault_errno = error_code;
  fault_at = error_code ? nth : 0;
  fault_count = 0;
  fault_delay_ms = delay_ms;
  g_mutex_unlock (&fault_lock);
}

/**
 * arc_file_get_write_calls:
 * Returns: the write(2) and fsync(2) calls made since
 *   arc_file_set_write_fault(), for the tests
 */
guint
arc_file_get_write_calls (void)
{
  guint n;

  g_mutex_lock (&fault_lock);
  n = fault_count;
  g_mutex_unlock (&fault_lock);
  return n;
}

/* Counts a call; %TRUE (with errno set) when it is to fail */
static gboolean
fault_now (gboolean is_write)
{
  gboolean fail;
  guint delay;

  fault_from_environment ();
  g_mutex_lock (&fault_lock);
  fault_count++;
  fail = fault_at != 0 && fault_count == fault_at;
  delay = is_write ? fault_delay_ms : 0;
  g_mutex_unlock (&fault_lock);
  if (delay)
    g_usleep ((gulong) delay * 1000);
  if (fail)
    errno = fault_errno;
  return fail;
}

static gboolean
write_all (int         fd,
           const char *data,
           gsize       length)
{
  while (length > 0)
    {
      gssize n;

      if (fault_now (TRUE))
        return FALSE;
      n = write (fd, data, MIN (length, CHUNK));
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return FALSE;
      if (n == 0)
        {
          errno = ENOSPC;
          return FALSE;
        }
      data += n;
      length -= (gsize) n;
    }
  return TRUE;
}

static gboolean
sync_fd (int fd)
{
  if (fault_now (FALSE))
    return FALSE;
  while (fsync (fd) != 0)
    if (errno != EINTR)
      return FALSE;
  return TRUE;
}

/* A folder's entries on disk: a rename is kept after a crash. Folders that
 * cannot be synced (some file systems refuse) are no error. */
static void
sync_folder (const char *dir)
{
  int fd = g_open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);

  if (fd < 0)
    return;
  while (fsync (fd) != 0 && errno == EINTR)
    ;
  close (fd);
}

/* Errors */

static void
set_write_error (GError    **error,
                 const char *path,
                 int         saved)
{
  if (saved == ENOSPC || saved == EDQUOT)
    g_set_error (error, ARC_ERROR, ARC_ERROR_NO_SPACE,
                 _("%s could not be saved: the disk is full; nothing in it was changed"), path);
  else if (saved == EROFS || saved == EACCES || saved == EPERM)
    g_set_error (error, ARC_ERROR, ARC_ERROR_READ_ONLY,
                 _("%s could not be saved: its folder is read-only (%s); nothing in it was changed"),
                 path, g_strerror (saved));
  else if (saved == ENOENT || saved == ENOTDIR)
    g_set_error (error, ARC_ERROR, ARC_ERROR_NOT_FOUND, _("%s could not be saved: its folder does not exist"), path);
  else
    g_set_error (error, ARC_ERROR, ARC_ERROR_IO, _("%s could not be saved: %s; nothing in it was changed"),
                 path, g_strerror (saved));
}

/* Where a write of @path goes: through symbolic links, to the file they
 * point to (which may not exist yet) */
static char *
resolve_target (const char  *path,
                GError     **error)
{
  g_autofree char *now = g_canonicalize_filename (path, NULL);

  for (int i = 0; i < MAX_LINKS; i++)
    {
      GStatBuf st;
      g_autofree char *link = NULL;
      g_autofree char *dir = NULL;

      if (g_lstat (now, &st) != 0 || !S_ISLNK (st.st_mode))
        return g_steal_pointer (&now);
      link = g_file_read_link (now, NULL);
      if (link == NULL)
        return g_steal_pointer (&now);
      dir = g_path_get_dirname (now);
      g_free (now);
      now = g_canonicalize_filename (link, dir);
    }
  g_set_error (error, ARC_ERROR, ARC_ERROR_IO, _("%s could not be saved: symbolic link loop"), path);
  return NULL;
}

/* A new file being written, before it is renamed over its target */
typedef struct
{
  char *target;   /* the resolved path written */
  char *path;     /* the new file's */
  int   fd;       /* open (and flock()ed) until it is renamed */
} NewFile;

static void
new_file_clear (NewFile *n)
{
  if (n->fd >= 0)
    close (n->fd);
  n->fd = -1;
  if (n->path)
    g_unlink (n->path);
  g_clear_pointer (&n->path, g_free);
  g_clear_pointer (&n->target, g_free);
}

/* Gives the new file the target's mode, and owner when we may */
static void
copy_mode (int         fd,
           const char *target)
{
  GStatBuf st;

  if (g_stat (target, &st) != 0 || !S_ISREG (st.st_mode))
    return;
  if (fchmod (fd, st.st_mode & 07777) != 0)
    g_debug ("%s: the mode is not kept: %s", target, g_strerror (errno));
  if ((st.st_uid != geteuid () || st.st_gid != getegid ()) && fchown (fd, st.st_uid, st.st_gid) != 0)
    g_debug ("%s: the owner is not kept: %s", target, g_strerror (errno));
}

/* A file made read-only stays as it is: a new file renamed over it would
 * replace it (and root could write it anyway) */
static gboolean
check_not_read_only (const char  *path,
                     const char  *target,
                     GError     **error)
{
  GStatBuf st;

  if (g_stat (target, &st) != 0 || !S_ISREG (st.st_mode))
    return TRUE;
  if ((st.st_mode & 0222) == 0 || (access (target, W_OK) != 0 && errno == EACCES))
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_READ_ONLY,
                   _("%s could not be saved: the file is read-only; nothing in it was changed"), path);
      return FALSE;
    }
  return TRUE;
}

/* Writes @data to a new file beside @path's target, synced; fills @n */
static gboolean
write_new (const char  *path,
           const char  *data,
           gsize        length,
           NewFile     *n,
           GError     **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  int saved;

  n->fd = -1;
  n->path = NULL;
  n->target = resolve_target (path, error);
  if (n->target == NULL || !check_not_read_only (path, n->target, error))
    {
      g_clear_pointer (&n->target, g_free);
      return FALSE;
    }
  dir = g_path_get_dirname (n->target);
  base = g_path_get_basename (n->target);
  for (int tries = 0; tries < 100 && n->fd < 0; tries++)
    {
      g_free (n->path);
      n->path = g_strdup_printf ("%s/.%s" NEW_TAG "%08x", dir, base, g_random_int ());
      /* 0666 less the umask, as a new file of the user's would have */
      n->fd = g_open (n->path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0666);
      if (n->fd < 0 && errno != EEXIST)
        break;
    }
  if (n->fd < 0)
    {
      saved = errno;
      g_clear_pointer (&n->path, g_free);
      set_write_error (error, path, saved);
      new_file_clear (n);
      return FALSE;
    }
  /* Held until the rename: a file under way is no leftover */
  if (flock (n->fd, LOCK_EX | LOCK_NB) != 0)
    g_debug ("%s: not locked: %s", n->path, g_strerror (errno));
  copy_mode (n->fd, n->target);
  if (!write_all (n->fd, data, length) || !sync_fd (n->fd))
    {
      saved = errno;
      set_write_error (error, path, saved);
      new_file_clear (n);
      return FALSE;
    }
  return TRUE;
}

/* Renames the new file over its target and syncs the folder */
static gboolean
commit_new (const char  *path,
            NewFile     *n,
            GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (n->target);

  if (g_rename (n->path, n->target) != 0)
    {
      set_write_error (error, path, errno);
      new_file_clear (n);
      return FALSE;
    }
  g_clear_pointer (&n->path, g_free);
  sync_folder (dir);
  new_file_clear (n);
  return TRUE;
}

/**
 * arc_file_write:
 * Writes @data to @file safely (see the top of this file): a new file in
 * its folder, synced, renamed over it; on an error the file is as it was.
 * Its folder must exist; a read-only file is not written
 * (%ARC_ERROR_READ_ONLY). It does not lock (arc_file_lock()).
 */
gboolean
arc_file_write (GFile       *file,
                const void  *data,
                gsize        length,
                GError     **error)
{
  g_autofree char *path = g_file_get_path (file);
  NewFile n = { NULL, NULL, -1 };

  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (error, ARC_ERROR, ARC_ERROR_IO, _("%s could not be saved: not a local file"), uri);
      return FALSE;
    }
  if (!write_new (path, data ? data : "", length, &n, error))
    return FALSE;
  return commit_new (path, &n, error);
}

/**
 * arc_file_write_bytes:
 * arc_file_write() of @bytes.
 */
gboolean
arc_file_write_bytes (GFile   *file,
                      GBytes  *bytes,
                      GError **error)
{
  gsize length;
  const void *data = g_bytes_get_data (bytes, &length);

  return arc_file_write (file, data, length, error);
}

/* Several files at once */

static gboolean
write_journal (const char  *dir,
               NewFile     *news,
               guint        n,
               char       **journal_path,
               int         *journal_fd,
               GError     **error)
{
  g_autoptr(GString) text = g_string_new ("arc-studio-journal 1\n");
  g_autofree char *new_path = NULL;
  int fd = -1;

  for (guint i = 0; i < n; i++)
    {
      if (strchr (news[i].target, '\n'))
        {
          g_set_error (error, ARC_ERROR, ARC_ERROR_IO,
                       _("%s could not be saved: a file name with a line break in it"), news[i].target);
          return FALSE;
        }
      g_string_append_printf (text, "%s\n%s\n", news[i].path, news[i].target);
    }
  g_string_append (text, JOURNAL_END);
  /* Written under a new file's name, then renamed into place: a journal
   * that is there is whole, and carried out as soon as its save is gone */
  for (int tries = 0; tries < 100 && fd < 0; tries++)
    {
      guint32 id = g_random_int ();

      g_free (*journal_path);
      g_free (new_path);
      *journal_path = g_strdup_printf ("%s/" JOURNAL_PREFIX "%08x", dir, id);
      new_path = g_strdup_printf ("%s/" JOURNAL_NEW "%08x", dir, id);
      if (g_file_test (*journal_path, G_FILE_TEST_EXISTS))
        continue;
      fd = g_open (new_path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
      if (fd < 0 && errno != EEXIST)
        break;
    }
  if (fd < 0)
    {
      set_write_error (error, news[0].target, errno);
      g_clear_pointer (journal_path, g_free);
      return FALSE;
    }
  /* (held until the journal is removed: a save under way is left alone) */
  if (flock (fd, LOCK_EX | LOCK_NB) != 0)
    g_debug ("%s: not locked: %s", new_path, g_strerror (errno));
  if (!write_all (fd, text->str, text->len) || !sync_fd (fd) || g_rename (new_path, *journal_path) != 0)
    {
      set_write_error (error, news[0].target, errno);
      close (fd);
      g_unlink (new_path);
      g_clear_pointer (journal_path, g_free);
      return FALSE;
    }
  sync_folder (dir);
  *journal_fd = fd;
  return TRUE;
}

/**
 * arc_file_write_all:
 * @files: (array length=n): the files
 * @contents: (array length=n): what each is to hold
 *
 * Writes all of @files, or none: either every file holds its new contents
 * or every one its old, also after a kill at any moment (a journal the
 * next start carries out, see arc_file_recover_folder()). Nothing is
 * written when any of them cannot be.
 */
gboolean
arc_file_write_all (GFile  **files,
                    GBytes **contents,
                    guint    n,
                    GError **error)
{
  g_autofree NewFile *news = g_new0 (NewFile, n);
  g_autofree char *journal = NULL;
  g_autofree char *dir = NULL;
  int journal_fd = -1;
  gboolean ok = TRUE;
  guint made = 0;

  g_return_val_if_fail (n > 0, FALSE);

  for (; made < n && ok; made++)
    {
      g_autofree char *path = g_file_get_path (files[made]);
      gsize length;
      const char *data = g_bytes_get_data (contents[made], &length);

      if (path == NULL)
        {
          g_autofree char *uri = g_file_get_uri (files[made]);

          g_set_error (error, ARC_ERROR, ARC_ERROR_IO, _("%s could not be saved: not a local file"), uri);
          ok = FALSE;
          news[made].fd = -1;
          break;
        }
      ok = write_new (path, data ? data : "", length, &news[made], error);
    }
  if (ok)
    {
      dir = g_path_get_dirname (news[0].target);
      ok = write_journal (dir, news, n, &journal, &journal_fd, error);
    }
  if (!ok)
    {
      for (guint i = 0; i < made; i++)
        new_file_clear (&news[i]);
      return FALSE;
    }
  /* From here on the journal holds the change: the renames are done now,
   * or at the next start */
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = g_file_get_path (files[i]);
      g_autoptr(GError) local_error = NULL;

      if (!commit_new (path, &news[i], &local_error))
        {
          /* (not expected: the folder was writable a moment ago) */
          if (ok)
            g_propagate_error (error, g_steal_pointer (&local_error));
          ok = FALSE;
        }
    }
  g_unlink (journal);
  sync_folder (dir);
  close (journal_fd);
  return ok;
}

/* Locking */

struct _ArcFileLock
{
  int fd;
};

/**
 * arc_file_lock:
 * Takes the lock on writes to @file's folder, waiting for another program
 * (or thread) that holds it, up to ten seconds. Held around a read, a
 * change and a write of a file that two programs may write (notes), or a
 * check and a write (a task saved only if nobody changed it). The lock is
 * not reentrant: a thread holding it must not take it again.
 *
 * Returns: (transfer full) (nullable): the lock, for arc_file_unlock()
 */
ArcFileLock *
arc_file_lock (GFile   *file,
               GError **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *target = NULL;
  g_autofree char *dir = NULL;
  ArcFileLock *lock;
  int fd;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (error, ARC_ERROR, ARC_ERROR_IO, _("%s could not be saved: not a local file"), uri);
      return NULL;
    }
  target = resolve_target (path, error);
  if (target == NULL)
    return NULL;
  dir = g_path_get_dirname (target);
  fd = g_open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
  if (fd < 0)
    {
      set_write_error (error, path, errno);
      return NULL;
    }
  for (int waited = 0; flock (fd, LOCK_EX | LOCK_NB) != 0; waited += 20)
    {
      if ((errno != EWOULDBLOCK && errno != EINTR) || waited >= LOCK_WAIT_MS)
        {
          if (errno == EWOULDBLOCK)
            g_set_error (error, ARC_ERROR, ARC_ERROR_IO,
                         _("%s could not be saved: another program has been saving in its folder for ten seconds"),
                         path);
          else  /* (a file system without locks: the writes are still each atomic) */
            break;
          close (fd);
          return NULL;
        }
      g_usleep (20 * 1000);
    }
  lock = g_new (ArcFileLock, 1);
  lock->fd = fd;
  return lock;
}

void
arc_file_unlock (ArcFileLock *lock)
{
  if (lock == NULL)
    return;
  close (lock->fd);  /* (which releases the flock) */
  g_free (lock);
}

/* Leftovers */

/* A file this program made that nobody holds: a killed save's. A new file
 * must also be older than a moment (it is locked right after it is made);
 * a journal is locked before it is there. */
static gboolean
is_stale (const char *path,
          gboolean    journal)
{
  GStatBuf st;
  gboolean stale = FALSE;
  int fd;

  if (g_lstat (path, &st) != 0 || !S_ISREG (st.st_mode))
    return FALSE;
  if (!journal && (gint64) st.st_mtime > g_get_real_time () / G_USEC_PER_SEC - LEFTOVER_AGE_S)
    return FALSE;
  fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0);
  if (fd < 0)
    return FALSE;
  stale = flock (fd, LOCK_EX | LOCK_NB) == 0;
  close (fd);
  return stale;
}

/* Carries out a complete journal (its renames), or drops one a kill cut */
static void
recover_journal (const char *path)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  guint n;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return;
  lines = g_strsplit (text, "\n", -1);
  n = g_strv_length (lines);
  /* "arc-studio-journal 1", then new and target pairs, then "end", then "" */
  if (g_str_has_suffix (text, "\n" JOURNAL_END) && n >= 4 && n % 2 == 1 &&
      g_str_equal (lines[0], "arc-studio-journal 1"))
    for (guint i = 1; i + 2 < n; i += 2)
      {
        g_autofree char *base = g_path_get_basename (lines[i]);

        /* Only a file of ours, beside its target */
        if (strstr (base, NEW_TAG) && g_file_test (lines[i], G_FILE_TEST_IS_REGULAR) &&
            g_rename (lines[i], lines[i + 1]) != 0)
          g_message ("%s: not completed: %s", lines[i + 1], g_strerror (errno));
      }
  g_unlink (path);
}

/**
 * arc_file_is_leftover_name:
 * Returns: %TRUE when @name is that of a file a save of this program makes
 *   for a moment (which listings skip)
 */
gboolean
arc_file_is_leftover_name (const char *name)
{
  return name[0] == '.' && (strstr (name, NEW_TAG) != NULL || g_str_has_prefix (name, JOURNAL_PREFIX));
}

/**
 * arc_file_recover_folder:
 * Carries out what a save that was killed left in @dir: a complete journal
 * is completed, and new files nobody is writing any more are removed.
 * Cheap when there is nothing to do. Returns the number of files handled.
 */
guint
arc_file_recover_folder (GFile *dir)
{
  g_autofree char *path = g_file_get_path (dir);
  g_autoptr(GPtrArray) news = g_ptr_array_new_with_free_func (g_free);
  guint handled = 0;
  const char *name;
  GDir *d;

  if (path == NULL || (d = g_dir_open (path, 0, NULL)) == NULL)
    return 0;
  while ((name = g_dir_read_name (d)))
    {
      g_autofree char *full = NULL;

      if (name[0] != '.' || !arc_file_is_leftover_name (name))
        continue;
      full = g_build_filename (path, name, NULL);
      if (!is_stale (full, g_str_has_prefix (name, JOURNAL_PREFIX)))
        continue;
      if (g_str_has_prefix (name, JOURNAL_PREFIX))
        {
          recover_journal (full);
          handled++;
        }
      else
        g_ptr_array_add (news, g_steal_pointer (&full));
    }
  g_dir_close (d);
  /* (after the journals: the new files they name are theirs) */
  for (guint i = 0; i < news->len; i++)
    if (g_unlink (news->pdata[i]) == 0)
      handled++;
  if (handled)
    sync_folder (path);
  return handled;
}

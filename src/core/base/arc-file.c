/* arc-file.c: reading a file whole, safely: bounded in size, never blocking
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
#include <sys/stat.h>
#include <unistd.h>

#include "arc-error.h"
#include "arc-file.h"

static GBytes *
load_native (const char *path,
             gsize       max_size,
             GError    **error)
{
  struct stat st;
  guint8 *buf;
  gsize len = 0, cap;
  int fd;

  fd = g_open (path, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC, 0);
  if (fd < 0)
    {
      int saved = errno;
      GStatBuf lst;

      if (saved == ENOENT && g_lstat (path, &lst) == 0 && S_ISLNK (lst.st_mode))
        g_set_error (error, ARC_ERROR, ARC_ERROR_NOT_FOUND, _("broken symbolic link"));
      else if (saved == ENOENT)
        g_set_error (error, ARC_ERROR, ARC_ERROR_NOT_FOUND, _("no such file"));
      else if (saved == ELOOP)
        g_set_error (error, ARC_ERROR, ARC_ERROR_NOT_FOUND, _("symbolic link loop"));
      else
        g_set_error (error, ARC_ERROR, ARC_ERROR_IO, _("cannot open: %s"), g_strerror (saved));
      return NULL;
    }
  if (fstat (fd, &st) != 0)
    {
      int saved = errno;
      close (fd);
      g_set_error (error, ARC_ERROR, ARC_ERROR_IO, _("cannot read: %s"), g_strerror (saved));
      return NULL;
    }
  if (S_ISDIR (st.st_mode))
    {
      close (fd);
      g_set_error (error, ARC_ERROR, ARC_ERROR_NOT_A_FILE, _("is a folder, not a file"));
      return NULL;
    }
  if (!S_ISREG (st.st_mode))
    {
      close (fd);
      g_set_error (error, ARC_ERROR, ARC_ERROR_NOT_A_FILE,
                   _("is not a regular file (a FIFO, socket or device)"));
      return NULL;
    }
  if ((guint64) st.st_size > max_size)
    {
      g_autofree char *size = g_format_size_full ((guint64) st.st_size, G_FORMAT_SIZE_IEC_UNITS);
      g_autofree char *limit = g_format_size_full (max_size, G_FORMAT_SIZE_IEC_UNITS);

      close (fd);
      g_set_error (error, ARC_ERROR, ARC_ERROR_TOO_LARGE,
                   _("the file is %s; files larger than %s are refused"), size, limit);
      return NULL;
    }

  /* The file may grow while we read it: never read past the limit. */
  cap = (gsize) st.st_size + 1;
  buf = g_malloc (cap);
  for (;;)
    {
      gssize n;

      if (len == cap)
        {
          if (cap > max_size)
            {
              g_autofree char *limit = g_format_size_full (max_size, G_FORMAT_SIZE_IEC_UNITS);

              g_free (buf);
              close (fd);
              g_set_error (error, ARC_ERROR, ARC_ERROR_TOO_LARGE,
                           _("the file is larger than %s and is refused"), limit);
              return NULL;
            }
          cap = MIN (cap * 2, max_size + 1);
          buf = g_realloc (buf, cap);
        }
      n = read (fd, buf + len, cap - len);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;

          g_free (buf);
          close (fd);
          g_set_error (error, ARC_ERROR, ARC_ERROR_IO, _("cannot read: %s"), g_strerror (saved));
          return NULL;
        }
      if (n == 0)
        break;
      len += (gsize) n;
    }
  close (fd);
  return g_bytes_new_take (buf, len);
}

/**
 * arc_file_load_bounded:
 * Reads a whole file, refusing folders, special files (which could block
 * forever) and files larger than @max_size.
 *
 * Returns: (transfer full) (nullable): the contents
 */
GBytes *
arc_file_load_bounded (GFile   *file,
                       gsize    max_size,
                       GError **error)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *path = NULL;
  char *contents = NULL;
  gsize length = 0;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  path = g_file_get_path (file);
  if (path != NULL)
    return load_native (path, max_size, error);

  /* Resources and other GIO locations */
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE "," G_FILE_ATTRIBUTE_STANDARD_SIZE,
                            G_FILE_QUERY_INFO_NONE, NULL, &local_error);
  if (info == NULL)
    {
      g_set_error (error, ARC_ERROR,
                   g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND) ? ARC_ERROR_NOT_FOUND
                                                                                  : ARC_ERROR_IO,
                   "%s", local_error->message);
      return NULL;
    }
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_NOT_A_FILE, _("is not a regular file"));
      return NULL;
    }
  if ((guint64) g_file_info_get_size (info) > max_size)
    {
      g_autofree char *limit = g_format_size_full (max_size, G_FORMAT_SIZE_IEC_UNITS);
      g_set_error (error, ARC_ERROR, ARC_ERROR_TOO_LARGE, _("the file is larger than %s and is refused"), limit);
      return NULL;
    }
  if (!g_file_load_contents (file, NULL, &contents, &length, NULL, &local_error))
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_IO, "%s", local_error->message);
      return NULL;
    }
  return g_bytes_new_take (contents, length);
}

/**
 * arc_file_load_named:
 * As arc_file_load_bounded(), with the file's name before the message of
 * @error (its code is kept).
 *
 * Returns: (transfer full) (nullable): the contents
 */
GBytes *
arc_file_load_named (GFile   *file,
                     gsize    max_size,
                     GError **error)
{
  g_autoptr(GError) local_error = NULL;
  GBytes *bytes = arc_file_load_bounded (file, max_size, &local_error);

  if (bytes == NULL)
    {
      g_autofree char *name = g_file_get_parse_name (file);

      g_set_error (error, ARC_ERROR, local_error->code, "%s: %s", name, local_error->message);
    }
  return bytes;
}

/* The file a thread reads ranges of, kept open between
 * arc_file_ranges_begin() and arc_file_ranges_end() */
typedef struct
{
  guint             depth;
  GFile            *file;
  GFileInputStream *stream;
} RangeReader;

static void
range_reader_close (RangeReader *reader)
{
  g_clear_object (&reader->file);
  g_clear_object (&reader->stream);
}

static void
range_reader_free (gpointer data)
{
  range_reader_close (data);
  g_free (data);
}

static GPrivate range_reader_key = G_PRIVATE_INIT (range_reader_free);

/**
 * arc_file_ranges_begin:
 * Until the matching arc_file_ranges_end(), arc_file_load_range() in this
 * thread keeps the file it read last open, for the next range of it: for
 * reading many tasks of one JSON Lines file (a file replaced in the
 * meantime is read as it was when opened, as a listing made then).
 */
void
arc_file_ranges_begin (void)
{
  RangeReader *reader = g_private_get (&range_reader_key);

  if (reader == NULL)
    {
      reader = g_new0 (RangeReader, 1);
      g_private_set (&range_reader_key, reader);
    }
  reader->depth++;
}

/**
 * arc_file_ranges_end:
 * Closes the file arc_file_ranges_begin() kept open (at the outermost end).
 */
void
arc_file_ranges_end (void)
{
  RangeReader *reader = g_private_get (&range_reader_key);

  g_return_if_fail (reader != NULL && reader->depth > 0);
  if (--reader->depth == 0)
    range_reader_close (reader);
}

/**
 * arc_file_load_range:
 * Reads @length bytes of @file from @offset: one task of a JSON Lines file,
 * without reading the rest.
 *
 * Returns: (transfer full) (nullable): the bytes
 */
GBytes *
arc_file_load_range (GFile   *file,
                     goffset  offset,
                     gsize    length,
                     GError **error)
{
  RangeReader *reader = g_private_get (&range_reader_key);
  g_autoptr(GFileInputStream) stream = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree guint8 *buf = NULL;
  gsize n = 0;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  if (reader && reader->depth > 0 && reader->stream && (reader->file == file || g_file_equal (reader->file, file)))
    stream = g_object_ref (reader->stream);
  else
    stream = g_file_read (file, NULL, &local_error);
  if (reader && reader->depth > 0 && stream && stream != reader->stream)
    {
      g_set_object (&reader->file, file);
      g_set_object (&reader->stream, stream);
    }
  if (stream == NULL ||
      !g_seekable_seek (G_SEEKABLE (stream), offset, G_SEEK_SET, NULL, &local_error))
    {
      if (reader)
        range_reader_close (reader);  /* opened again next time */
      g_set_error (error, ARC_ERROR, ARC_ERROR_IO, "%s", local_error->message);
      return NULL;
    }
  buf = g_malloc (length + 1);
  if (!g_input_stream_read_all (G_INPUT_STREAM (stream), buf, length, &n, NULL, &local_error))
    {
      if (reader)
        range_reader_close (reader);
      g_set_error (error, ARC_ERROR, ARC_ERROR_IO, "%s", local_error->message);
      return NULL;
    }
  if (n < length)
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_IO, _("the file is shorter than it was when it was listed"));
      return NULL;
    }
  return g_bytes_new_take (g_steal_pointer (&buf), n);
}

/**
 * arc_file_hash_data:
 * Returns: (transfer full): the SHA-256 of @data, in hexadecimal: what a
 *   file held when it was read or written, to tell later whether another
 *   program changed it (a change that keeps the size and the modification
 *   time too)
 */
char *
arc_file_hash_data (const void *data,
                    gsize       length)
{
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, data ? data : (const void *) "", length);
}

/**
 * arc_file_query_hash:
 * Returns: (transfer full) (nullable): arc_file_hash_data() of what @file
 *   holds now; %NULL when it cannot be read (it is gone, say)
 */
char *
arc_file_query_hash (GFile *file)
{
  g_autoptr(GBytes) bytes = arc_file_load_bounded (file, G_MAXSSIZE, NULL);
  gsize length;
  const void *data;

  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &length);
  return arc_file_hash_data (data, length);
}

/* The hashes of files as this program last read or wrote them, by path,
 * with what stat(2) said of each then. A file that says the same again is
 * not read again to tell whether it changed: a write changes its change
 * time at least (which no program can set back), and a new file in its
 * place has another inode. */
typedef struct
{
  dev_t    device;
  ino_t    inode;
  off_t    size;
  gint64   mtime_ns;
  gint64   ctime_ns;
  char    *hash;
} Known;

#define MAX_KNOWN 256

static GMutex known_lock;
static GHashTable *known;  /* path -> Known */

static void
known_free (gpointer data)
{
  Known *k = data;

  g_free (k->hash);
  g_free (k);
}

static gboolean
stat_known (GFile *file,
            Known *k)
{
  const char *path = g_file_peek_path (file);
  struct stat st;

  if (path == NULL || stat (path, &st) != 0 || !S_ISREG (st.st_mode))
    return FALSE;
  k->device = st.st_dev;
  k->inode = st.st_ino;
  k->size = st.st_size;
  k->mtime_ns = (gint64) st.st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000) + st.st_mtim.tv_nsec;
  k->ctime_ns = (gint64) st.st_ctim.tv_sec * G_GINT64_CONSTANT (1000000000) + st.st_ctim.tv_nsec;
  return TRUE;
}

static void
remember (GFile      *file,
          const Known *k,
          const char *hash)
{
  Known *copy = g_memdup2 (k, sizeof *k);

  copy->hash = g_strdup (hash);
  g_mutex_lock (&known_lock);
  if (known == NULL)
    known = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, known_free);
  if (g_hash_table_size (known) >= MAX_KNOWN)
    g_hash_table_remove_all (known);
  g_hash_table_replace (known, g_strdup (g_file_peek_path (file)), copy);
  g_mutex_unlock (&known_lock);
}

/**
 * arc_file_know_hash:
 * Remembers @hash as what @file holds now, just written by this program
 * (@length bytes), for arc_file_query_hash_known(). (A file of another
 * length was written over since: nothing is remembered.)
 */
void
arc_file_know_hash (GFile      *file,
                    const char *hash,
                    gsize       length)
{
  Known k;

  if (hash && stat_known (file, &k) && (gsize) k.size == length)
    remember (file, &k, hash);
}

/**
 * arc_file_query_hash_known:
 * arc_file_query_hash(), without reading @file when it is as this program
 * last read or wrote it (arc_file_know_hash()), by its inode, size, and
 * modification and change times. For telling whether a file a monitor
 * reports changed, many times a minute in a large file; a write checks the
 * content itself (arc_file_replace()).
 *
 * Returns: (transfer full) (nullable): as arc_file_query_hash()
 */
char *
arc_file_query_hash_known (GFile *file)
{
  char *hash = NULL;
  Known k;

  if (!stat_known (file, &k))
    return arc_file_query_hash (file);
  g_mutex_lock (&known_lock);
  if (known)
    {
      Known *was = g_hash_table_lookup (known, g_file_peek_path (file));

      if (was && was->device == k.device && was->inode == k.inode && was->size == k.size &&
          was->mtime_ns == k.mtime_ns && was->ctime_ns == k.ctime_ns)
        hash = g_strdup (was->hash);
    }
  g_mutex_unlock (&known_lock);
  if (hash)
    return hash;
  /* (the state before the read: a write during it shows as a change next time) */
  hash = arc_file_query_hash (file);
  if (hash)
    remember (file, &k, hash);
  return hash;
}

/* A file made read-only stays as it is (renaming a new one over it would
 * work, and quietly make it writable) */
static gboolean
check_writable (GFile   *file,
                GError **error)
{
  g_autoptr(GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_ACCESS_CAN_WRITE "," G_FILE_ATTRIBUTE_UNIX_MODE,
                                                 G_FILE_QUERY_INFO_NONE, NULL, NULL);

  if (info && ((g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_ACCESS_CAN_WRITE) &&
                !g_file_info_get_attribute_boolean (info, G_FILE_ATTRIBUTE_ACCESS_CAN_WRITE)) ||
               (g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_UNIX_MODE) &&
                (g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_UNIX_MODE) & 0222) == 0)))
    {
      g_autofree char *name = g_file_get_parse_name (file);

      g_set_error (error, ARC_ERROR, ARC_ERROR_READ_ONLY, _("%s is read-only: nothing was written (Save As writes a copy)"), name);
      return FALSE;
    }
  return TRUE;
}

/**
 * arc_file_check_unchanged:
 * @hash: (nullable): arc_file_hash_data() of what @file held when read
 *
 * Fails with %ARC_ERROR_CHANGED when @file no longer holds what had @hash
 * (its content is compared: an edit in place can keep the size and the
 * modification time), and with %ARC_ERROR_READ_ONLY when it is read-only.
 * Called under arc_file_lock(), right before the write.
 */
gboolean
arc_file_check_unchanged (GFile       *file,
                          const char  *hash,
                          GError     **error)
{
  if (!check_writable (file, error))
    return FALSE;
  if (hash != NULL)
    {
      g_autofree char *now = arc_file_query_hash (file);

      if (g_strcmp0 (now, hash) != 0)
        {
          g_autofree char *name = g_file_get_parse_name (file);

          g_set_error (error, ARC_ERROR, ARC_ERROR_CHANGED,
                       _("%s: another program changed the file since it was opened; nothing was written"), name);
          return FALSE;
        }
    }
  return TRUE;
}

/**
 * arc_file_replace:
 * @hash: (inout): arc_file_hash_data() of what @file held when read; the
 *   hash of @text once written. When it is not %NULL, the file is compared
 *   with it first, and not written when it holds something else.
 *
 * Writes @text to @file safely (arc_file_write()), the check and the write
 * made under the folder's lock (arc_file_lock()), so that another program
 * cannot write between them. Fails on a read-only file.
 */
gboolean
arc_file_replace (GFile       *file,
                  const char  *text,
                  gsize        length,
                  char       **hash,
                  GError     **error)
{
  g_autoptr(ArcFileLock) lock = arc_file_lock (file, error);

  if (lock == NULL || !arc_file_check_unchanged (file, *hash, error) ||
      !arc_file_write (file, text, length, error))
    return FALSE;
  g_free (*hash);
  *hash = arc_file_hash_data (text, length);
  arc_file_know_hash (file, *hash, length);
  return TRUE;
}

/**
 * arc_file_delete:
 * Deletes @file; one that is not there is no error.
 */
gboolean
arc_file_delete (GFile   *file,
                 GError **error)
{
  g_autoptr(GError) local_error = NULL;

  if (g_file_delete (file, NULL, &local_error) || g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    return TRUE;
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

/**
 * arc_file_is_bundled:
 * Returns: whether @file is one of the app's own resources (the bundled
 *   samples: read as any folder, never written)
 */
gboolean
arc_file_is_bundled (GFile *file)
{
  return file != NULL && g_file_has_uri_scheme (file, "resource");
}

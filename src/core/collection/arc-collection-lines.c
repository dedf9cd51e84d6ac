/* arc-collection-lines.c: listing a JSON Lines file, one task a line
 *
 * Synthetic ARC datasets run to hundreds of thousands of tasks in one
 * `.jsonl` file. It is read once, a chunk at a time, to find where each
 * line is and what its task is called (its "id" or "name" member, or else
 * its line number); each task is then read from its line when first needed,
 * never the whole file into memory.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-collection"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arc-collection-private.h"
#include "arc-error.h"
#include "arc-json.h"
#include "arc-task.h"

#define CHUNK_SIZE (1024 * 1024)
#define MAX_ID_LENGTH 200

/* Whether @id can name a task: not empty, not too long, no '/' (it would
 * read as a group) and no control character */
static gboolean
usable_id (const char *id)
{
  gsize n = strlen (id);

  if (n == 0 || n > MAX_ID_LENGTH || !g_utf8_validate (id, (gssize) n, NULL) || strchr (id, '/'))
    return FALSE;
  for (const char *c = id; *c; c++)
    if ((guchar) *c < 0x20)
      return FALSE;
  return TRUE;
}

/* The task's "id" member, or else its "name" member without ".json" (as
 * LARC names its tasks); NULL when it has neither or the line does not
 * start as an object. The other members are skimmed, not checked: the
 * line is checked as a task when it is read */
static char *
line_id (const char *data,
         gsize       length)
{
  g_autoptr(GString) key = g_string_new (NULL);
  g_autoptr(GString) value = g_string_new (NULL);
  g_autofree char *name = NULL;
  char *id = NULL;
  ArcJsonReader r;
  gboolean first = TRUE;

  arc_json_reader_init (&r, data, 0, length);
  if (arc_json_reader_peek (&r) == ARC_JSON_OBJECT && arc_json_reader_enter (&r, ARC_JSON_OBJECT))
    while (id == NULL && arc_json_reader_next (&r, ARC_JSON_OBJECT, &first, key))
      {
        gboolean is_id = strcmp (key->str, "id") == 0, is_name = strcmp (key->str, "name") == 0;

        if ((is_id || is_name) && arc_json_reader_peek (&r) == ARC_JSON_STRING &&
            arc_json_reader_read_string (&r, value) && usable_id (value->str))
          {
            if (is_id)
              id = g_strdup (value->str);
            else if (name == NULL)
              name = arc_has_suffix_ci (value->str, ".json") ? arc_strip_suffix (value->str, ".json")
                                                             : g_strdup (value->str);
          }
        else if (!arc_json_reader_skim_value (&r))  /* checked with the task, later */
          break;
      }
  arc_json_reader_clear (&r);
  if (id == NULL && name && *name)
    id = g_steal_pointer (&name);
  return id;
}

typedef struct
{
  Scanner    *scanner;
  GFile      *file;
  const char *group;
  const char *display;
  GHashTable *ids;      /* the ids given so far: each must be unique */
  GByteArray *line;     /* the line being read */
  goffset     start;    /* where it starts in the file */
  guint       number;   /* its number, from 1 */
  gboolean    too_long; /* its bytes were not all kept */
} Lines;

/* An id no other line of the file has: the task's own, its line number,
 * or, for a second task of the same id, the id and the line number */
static char *
unique_id (Lines      *lines,
           const char *data,
           gsize       length)
{
  g_autofree char *own = lines->too_long ? NULL : line_id (data, length);
  char *id = own ? g_strdup (own) : g_strdup_printf ("%u", lines->number);

  if (g_hash_table_contains (lines->ids, id))
    {
      g_free (id);
      id = g_strdup_printf ("%s~%u", own ? own : "line", lines->number);
    }
  g_hash_table_add (lines->ids, g_strdup (id));
  return id;
}

/* A whole line was read: a task, unless it is blank */
static void
end_line (Lines *lines,
          goffset end)
{
  const char *data = (const char *) lines->line->data;
  gsize length = lines->line->len;
  gsize skip = lines->number == 1 ? arc_json_bom_length (data, length) : 0;
  g_autofree char *id = NULL;
  g_autofree char *display = NULL;
  ArcSpan span = { (gsize) lines->start + skip, (gsize) end };
  gboolean blank = TRUE;

  for (gsize i = skip; i < length && blank; i++)
    blank = data[i] == ' ' || data[i] == '\t' || data[i] == '\r';
  if (!blank)
    {
      id = unique_id (lines, data + skip, length - skip);
      display = g_strdup_printf ("%s#%s", lines->display, id);
      if (lines->too_long)
        {
          g_autoptr(GError) error = g_error_new (ARC_ERROR, ARC_ERROR_TOO_LARGE,
                                                 _("line %u is longer than %u MiB and is refused"),
                                                 lines->number, ARC_TASK_MAX_FILE_SIZE / (1024 * 1024));

          g_ptr_array_add (lines->scanner->entries,
                           arc_entry_new_failed (lines->file, id, lines->group, display, error));
        }
      else
        g_ptr_array_add (lines->scanner->entries,
                         arc_entry_new_for_line (lines->file, id, lines->group, display, span, lines->number));
      lines->scanner->n_scanned++;
      if (lines->scanner->entries->len >= BATCH_SIZE)
        arc_scanner_flush (lines->scanner);
    }
  g_byte_array_set_size (lines->line, 0);
  lines->too_long = FALSE;
  lines->number++;
}

/* Takes in @n bytes of the file read at @offset */
static void
add_chunk (Lines        *lines,
           const guint8 *data,
           gsize         n,
           goffset       offset)
{
  gsize i = 0;

  while (i < n)
    {
      const guint8 *newline = memchr (data + i, '\n', n - i);
      gsize end = newline ? (gsize) (newline - data) : n;

      if (lines->line->len + (end - i) > ARC_TASK_MAX_FILE_SIZE)
        lines->too_long = TRUE;
      else
        g_byte_array_append (lines->line, data + i, (guint) (end - i));
      if (newline == NULL)
        break;
      end_line (lines, offset + (goffset) end);
      lines->start = offset + (goffset) end + 1;
      i = end + 1;
    }
}

/**
 * arc_scan_lines:
 * Lists the tasks of the JSON Lines @file (at @rel) in @group: a line that
 * is not a task is an invalid task with its line number.
 */
void
arc_scan_lines (Scanner    *scanner,
                GFile      *file,
                const char *rel,
                const char *group)
{
  g_autoptr(GFileInputStream) stream = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GByteArray) line = g_byte_array_new ();
  g_autofree guint8 *chunk = g_malloc (CHUNK_SIZE);
  g_autofree char *display = arc_display_name (scanner->display_root, rel);
  Lines lines = { scanner, file, group, display, ids, line, 0, 1, FALSE };
  goffset offset = 0;

  stream = g_file_read (file, scanner->cancellable, &error);
  while (stream)
    {
      gssize n = g_input_stream_read (G_INPUT_STREAM (stream), chunk, CHUNK_SIZE, scanner->cancellable, &error);

      if (n <= 0)
        break;
      add_chunk (&lines, chunk, (gsize) n, offset);
      offset += n;
    }
  if (error)
    {
      g_autofree char *basename = g_file_get_basename (file);

      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_ptr_array_add (scanner->entries, arc_entry_new_failed (file, basename, group, display, error));
      return;
    }
  if (line->len > 0)
    end_line (&lines, offset);  /* the last line has no newline */
}

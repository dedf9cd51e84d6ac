/* arc-collection-scan.c: listing what a folder or a Kaggle file holds, in a worker thread or in place
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-collection"

#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <string.h>
#include <sys/stat.h>

#include "arc-collection-private.h"
#include "arc-error.h"
#include "arc-file.h"
#include "arc-task.h"

/* LARC's tasks_json folder opened directly: its files are named by
 * number and listed by the ARC id inside (the rule is the scan's, so that
 * collections need not know LARC's format) */

/**
 * arc_collection_is_larc_file_name:
 * Returns: whether @name is one of LARC's tasks_json file names (its
 *   number: "14.json")
 */
gboolean
arc_collection_is_larc_file_name (const char *name)
{
  gsize len = strlen (name);

  /* LARC numbers its 400 files: at most 4 digits, so that ARC ids (8 hex digits) are never read here */
  if (len <= 5 || len > 9 || !g_str_has_suffix (name, ".json"))
    return FALSE;
  for (gsize i = 0; i < len - 5; i++)
    if (!g_ascii_isdigit (name[i]))
      return FALSE;
  return TRUE;
}

/**
 * arc_collection_peek_larc_id:
 * Returns: (transfer full) (nullable): for one of LARC's tasks_json files
 *   (named by its number, "14.json"), the ARC id its `name` gives; %NULL
 *   for any other file. Reads the file only when its name is a number.
 */
char *
arc_collection_peek_larc_id (GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autoptr(GBytes) bytes = NULL;
  const char *data, *p, *end;
  gsize length;

  if (basename == NULL || !arc_collection_is_larc_file_name (basename))
    return NULL;
  bytes = arc_file_load_bounded (file, ARC_TASK_MAX_FILE_SIZE * 4, NULL);
  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &length);
  end = data + length;
  /* The member "name", which no string holds unescaped */
  for (p = data; p < end && (p = memchr (p, '"', (gsize) (end - p))) != NULL; p++)
    {
      const char *q;

      if (end - p < 7 || strncmp (p, "\"name\"", 6) != 0 || (p > data && p[-1] == '\\'))
        continue;
      for (q = p + 6; q < end && g_ascii_isspace (*q); q++)
        ;
      if (q >= end || *q != ':')
        continue;
      for (q++; q < end && g_ascii_isspace (*q); q++)
        ;
      if (q < end && *q == '"')
        {
          const char *start = q + 1, *stop = memchr (start, '"', (gsize) (end - start));
          gsize n = stop ? (gsize) (stop - start) : 0;

          if (n > 5 && n < 64 && strncmp (stop - 5, ".json", 5) == 0 && memchr (start, '/', n) == NULL)
            return g_strndup (start, n - 5);
          return NULL;
        }
    }
  return NULL;
}

/* Orders indices of ids (@data: the ids) as strings, or naturally */
static int
compare_hex_ids (gconstpointer a,
                 gconstpointer b,
                 gpointer      data)
{
  GPtrArray *ids = data;
  const char *x = ids->pdata[*(const guint *) a], *y = ids->pdata[*(const guint *) b];
  int cmp = g_ascii_strcasecmp (x, y);

  return cmp != 0 ? cmp : strcmp (x, y);
}

static int
compare_natural_ids (gconstpointer a,
                     gconstpointer b,
                     gpointer      data)
{
  GPtrArray *ids = data;

  return arc_natural_compare (ids->pdata[*(const guint *) a], ids->pdata[*(const guint *) b]);
}

void
arc_scan_combined (Scanner    *scanner,
                   GFile      *file,
                   const char *rel,
                   const char *group)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) data = NULL;
  g_autoptr(GBytes) solutions_data = NULL;
  g_autoptr(GFile) solutions_file = NULL;
  g_autoptr(ArcCombined) combined = NULL;
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) spans = g_array_new (FALSE, FALSE, sizeof (ArcSpan));
  g_autofree char *display = arc_display_name (scanner->display_root, rel);
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *stem = arc_strip_suffix (basename, "_challenges.json");
  g_autofree guint *order = NULL;
  gboolean hex;

  data = arc_file_load_bounded (file, ARC_COMBINED_MAX_FILE_SIZE, &error);
  if (data == NULL)
    {
      g_ptr_array_add (scanner->entries, arc_entry_new_failed (file, basename, group, display, error));
      return;
    }

  /* The solutions file beside it fills the hidden test outputs. */
  {
    g_autoptr(GFile) parent = g_file_get_parent (file);
    g_autofree char *sol_name = g_strconcat (stem, "_solutions.json", NULL);
    g_autoptr(GError) sol_error = NULL;

    solutions_file = parent ? g_file_get_child (parent, sol_name) : NULL;
    if (solutions_file && g_file_query_exists (solutions_file, NULL))
      {
        solutions_data = arc_file_load_bounded (solutions_file, ARC_COMBINED_MAX_FILE_SIZE, &sol_error);
        if (solutions_data == NULL)
          {
            g_autofree char *dir = rel ? g_path_get_dirname (rel) : NULL;
            g_autofree char *sol_rel = arc_join_rel (dir && strcmp (dir, ".") != 0 ? dir : NULL, sol_name);
            g_autofree char *sol_display = rel ? arc_display_name (scanner->display_root, sol_rel) : g_file_get_parse_name (solutions_file);

            arc_skipped_add_unreadable (scanner->skipped, sol_display, sol_error->message);
          }
      }
    if (solutions_data == NULL)
      g_clear_object (&solutions_file);
  }

  combined = arc_combined_new (file, data, solutions_file, solutions_data);
  if (!arc_combined_scan (combined, ids, spans, &error))
    {
      g_ptr_array_add (scanner->entries, arc_entry_new_failed (file, basename, group, display, error));
      return;
    }
  hex = arc_ids_are_hex ((const char * const *) ids->pdata, ids->len);
  if (hex)
    g_ptr_array_add (scanner->hex_groups, g_strdup (group));
  /* In the order of the list (the file's own order may be any) */
  order = g_new (guint, ids->len);
  for (guint i = 0; i < ids->len; i++)
    order[i] = i;
  g_qsort_with_data (order, (gint) ids->len, sizeof (guint), hex ? compare_hex_ids : compare_natural_ids, ids);
  for (guint k = 0; k < ids->len; k++)
    {
      guint i = order[k];
      g_autofree char *entry_display = g_strdup_printf ("%s#%s", display, (char *) ids->pdata[i]);

      g_ptr_array_add (scanner->entries,
                       arc_entry_new_for_combined (combined, ids->pdata[i], group, entry_display,
                                                   g_array_index (spans, ArcSpan, i)));
    }
  scanner->n_scanned += ids->len;
}

typedef struct
{
  char     *name;
  GFileType type;
} Child;

/* Folders first, in natural order (the order of groups), then files: in
 * natural order, or as strings when the task files' ids are hexadecimal */
static int
child_compare (gconstpointer pa,
               gconstpointer pb,
               gpointer      hex)
{
  const Child *a = pa, *b = pb;
  gboolean a_dir = a->type == G_FILE_TYPE_DIRECTORY, b_dir = b->type == G_FILE_TYPE_DIRECTORY;
  int cmp;

  if (a_dir != b_dir)
    return a_dir ? -1 : 1;
  if (a_dir || !GPOINTER_TO_INT (hex))
    return arc_natural_compare (a->name, b->name);
  cmp = g_ascii_strcasecmp (a->name, b->name);
  return cmp != 0 ? cmp : strcmp (a->name, b->name);
}

/* Sorts @children, and says whether the ids of the task files among them
 * are hexadecimal (arc_ids_are_hex()) */
static gboolean
sort_children (GArray *children)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  gboolean hex;

  for (guint i = 0; i < children->len; i++)
    {
      Child *c = &g_array_index (children, Child, i);
      const char *reason;

      if (arc_classify_child (c->name, c->type, &reason) == ARC_CHILD_TASK)
        g_ptr_array_add (ids, arc_strip_suffix (c->name, ".json"));
    }
  hex = arc_ids_are_hex ((const char * const *) ids->pdata, ids->len);
  g_array_sort_with_data (children, child_compare, GINT_TO_POINTER (hex));
  return hex;
}

static void
child_clear (gpointer data)
{
  g_free (((Child *) data)->name);
}

/**
 * arc_classify_child:
 * What the child @name of a folder, of @type, is to a collection: the one
 * rule of the scan and of the watching. @reason is set for skipped files.
 */
ArcChildKind
arc_classify_child (const char  *name,
                    GFileType    type,
                    const char **reason)
{
  *reason = NULL;
  if (name[0] == '.')
    return ARC_CHILD_IGNORED;  /* hidden files and folders (.git, editor backups) */
  switch (type)
    {
    case G_FILE_TYPE_DIRECTORY:
      return ARC_CHILD_FOLDER;

    case G_FILE_TYPE_REGULAR:
      if (arc_has_suffix_ci (name, ".arcnotes"))
        return ARC_CHILD_IGNORED;  /* our own sidecars */
      if (arc_has_suffix_ci (name, ".zip"))
        {
          *reason = _("ZIP archives are not opened: extract it first");
          return ARC_CHILD_SKIPPED;
        }
      if (arc_has_suffix_ci (name, ".jsonl"))
        return ARC_CHILD_LINES;
      if (!arc_has_suffix_ci (name, ".json"))
        {
          *reason = _("not a .json file");
          return ARC_CHILD_SKIPPED;
        }
      if (arc_has_suffix_ci (name, "_challenges.json"))
        return ARC_CHILD_CHALLENGES;
      if (arc_has_suffix_ci (name, "_solutions.json"))
        return ARC_CHILD_SOLUTIONS;
      return ARC_CHILD_TASK;

    case G_FILE_TYPE_SYMBOLIC_LINK:
      /* When following the link failed: it dangles or loops. */
      *reason = _("a broken symbolic link or a link loop");
      return ARC_CHILD_UNREADABLE;

    case G_FILE_TYPE_SPECIAL:
    case G_FILE_TYPE_SHORTCUT:
    case G_FILE_TYPE_MOUNTABLE:
    case G_FILE_TYPE_UNKNOWN:
    default:
      *reason = _("not a regular file (a FIFO, socket or device)");
      return ARC_CHILD_SKIPPED;
    }
}

/**
 * arc_scan_child:
 * Adds what @c holds to @scanner: a task, a Kaggle file's tasks, or a
 * skipped file (a solutions file only comes here when its challenges file
 * is not beside it).
 */
void
arc_scan_child (Scanner        *scanner,
                const ArcChild *c)
{
  const char *rel = c->rel, *name = c->name;
  g_autoptr(GFile) child = g_file_get_child (c->dir, name);
  g_autofree char *child_rel = arc_join_rel (rel, name);
  g_autofree char *child_display = arc_display_name (scanner->display_root, child_rel);

  switch (c->kind)
    {
    case ARC_CHILD_TASK:
      {
        /* LARC's tasks_json files are named by number: listed by ARC id */
        g_autofree char *larc_id = arc_collection_peek_larc_id (child);
        g_autofree char *id = larc_id ? g_steal_pointer (&larc_id) : arc_strip_suffix (name, ".json");

        g_ptr_array_add (scanner->entries, arc_entry_new_for_file (child, id, rel, child_display));
      }
      break;

    case ARC_CHILD_CHALLENGES:
      {
        g_autofree char *split = arc_kaggle_split (name);
        g_autofree char *group = arc_join_rel (rel, split);

        arc_scan_combined (scanner, child, child_rel, group);
      }
      break;

    case ARC_CHILD_LINES:
      {
        g_autofree char *stem = arc_strip_suffix (name, ".jsonl");
        g_autofree char *group = arc_join_rel (rel, stem);

        arc_scan_lines (scanner, child, child_rel, group);
      }
      break;

    case ARC_CHILD_SOLUTIONS:
      arc_skipped_add (scanner->skipped, child_display, _("a solutions file without its challenges file"));
      break;

    case ARC_CHILD_SKIPPED:
      arc_skipped_add (scanner->skipped, child_display, c->reason);
      break;

    case ARC_CHILD_UNREADABLE:
      arc_skipped_add_unreadable (scanner->skipped, child_display, c->reason);
      break;

    case ARC_CHILD_IGNORED:
    case ARC_CHILD_FOLDER:
    default:
      break;
    }
}

/* Whether @dir can be entered: not too deep, not seen before through a
 * symbolic link (which can make a folder its own descendant) */
static gboolean
enter_folder (Scanner    *scanner,
              GFile      *dir,
              const char *display_dir,
              int         depth)
{
  g_autoptr(GFileInfo) dir_info = NULL;
  const char *id;

  if (depth > MAX_FOLDER_DEPTH)
    {
      arc_skipped_add (scanner->skipped, display_dir, _("folders nested too deeply"));
      return FALSE;
    }
  dir_info = g_file_query_info (dir, G_FILE_ATTRIBUTE_ID_FILE, G_FILE_QUERY_INFO_NONE, scanner->cancellable, NULL);
  id = dir_info ? g_file_info_get_attribute_string (dir_info, G_FILE_ATTRIBUTE_ID_FILE) : NULL;
  if (id == NULL)
    return TRUE;
  if (g_hash_table_contains (scanner->visited, id))
    {
      arc_skipped_add (scanner->skipped, display_dir, _("the folder was already scanned (a symbolic link loop)"));
      return FALSE;
    }
  g_hash_table_add (scanner->visited, g_strdup (id));
  return TRUE;
}

/* The type of @name in the folder @fd, as GIO gives it: that of the target
 * of a symbolic link, or a symbolic link when it dangles or loops */
static GFileType
native_type (int         fd,
             const char *name,
             guchar      d_type)
{
  struct stat st;

  if (d_type == DT_REG)
    return G_FILE_TYPE_REGULAR;
  if (d_type == DT_DIR)
    return G_FILE_TYPE_DIRECTORY;
  if (d_type != DT_LNK && d_type != DT_UNKNOWN)
    return G_FILE_TYPE_SPECIAL;
  if (fstatat (fd, name, &st, 0) == 0)
    return S_ISREG (st.st_mode) ? G_FILE_TYPE_REGULAR : S_ISDIR (st.st_mode) ? G_FILE_TYPE_DIRECTORY
                                                                           : G_FILE_TYPE_SPECIAL;
  if (fstatat (fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK (st.st_mode))
    return G_FILE_TYPE_SYMBOLIC_LINK;
  return G_FILE_TYPE_UNKNOWN;
}

/* Lists a local folder with readdir(): a folder of 100,000 tasks is listed
 * in a fraction of the time GIO's enumerator takes (no GFileInfo a file, and
 * the type from the directory entry itself) */
static gboolean
list_native (const char  *path,
             GArray      *children,
             gboolean    *leftovers,
             GError     **error)
{
  DIR *d = opendir (path);
  struct dirent *de;
  int saved;

  if (d == NULL)
    {
      saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), _("Error opening directory “%s”: %s"),
                   path, g_strerror (saved));
      return FALSE;
    }
  for (errno = 0; (de = readdir (d)) != NULL; errno = 0)
    {
      Child child;

      if (de->d_name[0] == '.')
        {
          /* hidden files and folders (.git, editor backups), and what a
           * killed save of ours left */
          *leftovers |= arc_file_is_leftover_name (de->d_name);
          continue;
        }
      child.name = g_strdup (de->d_name);
      child.type = native_type (dirfd (d), de->d_name, de->d_type);
      g_array_append_val (children, child);
    }
  saved = errno;
  closedir (d);
  if (saved != 0)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), _("Error reading directory “%s”: %s"),
                   path, g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}

/* Lists any other folder (resources, remote locations) through GIO */
static gboolean
list_gio (Scanner  *scanner,
          GFile    *dir,
          GArray   *children,
          GError  **error)
{
  g_autoptr(GFileEnumerator) enumerator = NULL;

  enumerator = g_file_enumerate_children (dir,
                                          G_FILE_ATTRIBUTE_STANDARD_NAME ","
                                          G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                          G_FILE_QUERY_INFO_NONE, scanner->cancellable, error);
  if (enumerator == NULL)
    return FALSE;
  for (;;)
    {
      GFileInfo *info = NULL;
      Child child;

      if (!g_file_enumerator_iterate (enumerator, &info, NULL, scanner->cancellable, error))
        return FALSE;
      if (info == NULL)
        return TRUE;
      if (g_file_info_get_name (info)[0] == '.')
        continue;
      child.name = g_strdup (g_file_info_get_name (info));
      child.type = g_file_info_get_file_type (info);
      g_array_append_val (children, child);
    }
}

/* The children of @dir that are not hidden, unsorted; NULL (having said
 * why) when it cannot be listed at all */
static GArray *
list_folder (Scanner    *scanner,
             GFile      *dir,
             const char *rel,
             const char *display_dir)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_file_get_path (dir);
  GArray *children = g_array_new (FALSE, FALSE, sizeof (Child));
  gboolean leftovers = FALSE;
  gboolean ok;
  GFile *folder;

  g_array_set_clear_func (children, child_clear);
  ok = path ? list_native (path, children, &leftovers, &error) : list_gio (scanner, dir, children, &error);
  /* (before a task is read: a save cut by a kill is completed, or undone) */
  if (leftovers)
    arc_file_recover_folder (dir);
  if (!ok && children->len == 0)
    {
      arc_skipped_add_unreadable (scanner->skipped, display_dir, error->message);
      g_array_unref (children);
      return NULL;
    }
  if (!ok)
    arc_skipped_add_unreadable (scanner->skipped, display_dir, error->message);
  folder = g_object_ref (dir);
  g_object_set_data_full (G_OBJECT (folder), "arc-rel", g_strdup (rel), g_free);
  g_ptr_array_add (scanner->folders, folder);
  return children;
}

/* Whether the Kaggle solutions file @name has its challenges file among
 * @challenges */
static gboolean
has_challenges (GPtrArray  *challenges,
                const char *name)
{
  g_autofree char *stem = arc_strip_suffix (name, "_solutions.json");
  g_autofree char *pair = g_strconcat (stem, "_challenges.json", NULL);

  for (guint j = 0; j < challenges->len; j++)
    if (g_ascii_strcasecmp (challenges->pdata[j], pair) == 0)
      return TRUE;
  return FALSE;
}

/* Scans @dir: its task files first, then its Kaggle files, then its
 * sub-folders, each in natural order, which is the order of the final list. */
void
arc_scan_folder (Scanner    *scanner,
                 GFile      *dir,
                 const char *rel,
                 int         depth)
{
  g_autoptr(GArray) children = NULL;
  g_autoptr(GPtrArray) challenges = g_ptr_array_new ();
  g_autoptr(GPtrArray) solutions = g_ptr_array_new ();
  g_autofree char *display_dir = arc_display_name (scanner->display_root, rel);

  if (g_cancellable_is_cancelled (scanner->cancellable) || !enter_folder (scanner, dir, display_dir, depth))
    return;
  children = list_folder (scanner, dir, rel, display_dir);
  if (children == NULL)
    return;
  if (sort_children (children))
    g_ptr_array_add (scanner->hex_groups, g_strdup (rel));

  for (guint i = 0; i < children->len; i++)
    {
      Child *c = &g_array_index (children, Child, i);
      const char *reason;
      ArcChildKind kind = arc_classify_child (c->name, c->type, &reason);

      if (kind == ARC_CHILD_FOLDER)
        continue;
      scanner->n_scanned++;
      if (kind == ARC_CHILD_CHALLENGES)
        g_ptr_array_add (challenges, c->name);
      else if (kind == ARC_CHILD_SOLUTIONS)
        g_ptr_array_add (solutions, c->name);
      else
        arc_scan_child (scanner, &(ArcChild) { dir, rel, c->name, kind, reason });
      if (scanner->entries->len >= BATCH_SIZE)
        arc_scanner_flush (scanner);
    }
  for (guint i = 0; i < challenges->len; i++)
    arc_scan_child (scanner, &(ArcChild) { dir, rel, challenges->pdata[i], ARC_CHILD_CHALLENGES, NULL });
  for (guint i = 0; i < solutions->len; i++)
    if (!has_challenges (challenges, solutions->pdata[i]))
      arc_scan_child (scanner, &(ArcChild) { dir, rel, solutions->pdata[i], ARC_CHILD_SOLUTIONS, NULL });
  arc_scanner_flush (scanner);

  for (guint i = 0; i < children->len; i++)
    {
      Child *c = &g_array_index (children, Child, i);

      if (c->type == G_FILE_TYPE_DIRECTORY)
        {
          g_autoptr(GFile) child = g_file_get_child (dir, c->name);
          g_autofree char *child_rel = arc_join_rel (rel, c->name);

          arc_scan_folder (scanner, child, child_rel, depth + 1);
          if (g_cancellable_is_cancelled (scanner->cancellable))
            return;
        }
    }
}

/* Works out what the scanner's file is (@kind), and scans it. Runs in the worker thread for an
 * asynchronous load. */
gboolean
arc_scan (Scanner            *scanner,
          ArcCollectionKind  *kind,
          GError            **error)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *basename = g_file_get_basename (scanner->file);

  info = g_file_query_info (scanner->file, G_FILE_ATTRIBUTE_STANDARD_TYPE, G_FILE_QUERY_INFO_NONE,
                            scanner->cancellable, &local_error);
  if (info == NULL && g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    {
      /* (GIO's words name the path a second time) */
      g_set_error (error, ARC_ERROR, ARC_ERROR_NOT_FOUND, _("%s: no such file or folder"), scanner->display_root);
      return FALSE;
    }
  if (info == NULL)
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_IO, "%s: %s", scanner->display_root, local_error->message);
      return FALSE;
    }

  switch (g_file_info_get_file_type (info))
    {
    case G_FILE_TYPE_DIRECTORY:
      *kind = ARC_COLLECTION_FOLDER;
      arc_scan_folder (scanner, scanner->file, "", 0);
      break;

    case G_FILE_TYPE_REGULAR:
      {
        g_autoptr(GFile) parent = g_file_get_parent (scanner->file);

        if (parent)
          arc_file_recover_folder (parent);
      }
      if (arc_has_suffix_ci (basename, "_challenges.json"))
        {
          g_autofree char *split = arc_kaggle_split (basename);

          *kind = ARC_COLLECTION_COMBINED;
          arc_scan_combined (scanner, scanner->file, NULL, split);
        }
      else if (arc_has_suffix_ci (basename, ".jsonl"))
        {
          *kind = ARC_COLLECTION_JSON_LINES;
          arc_scan_lines (scanner, scanner->file, NULL, "");
        }
      else if (arc_has_suffix_ci (basename, ".zip"))
        {
          g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID,
                       _("%s: ZIP archives are not opened: extract it first"), scanner->display_root);
          return FALSE;
        }
      else if (arc_has_suffix_ci (basename, "_solutions.json"))
        {
          g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID,
                       _("%s: this is a solutions file; open the challenges file beside it"),
                       scanner->display_root);
          return FALSE;
        }
      else
        {
          g_autofree char *id = arc_has_suffix_ci (basename, ".json") ? arc_strip_suffix (basename, ".json")
                                                                   : g_strdup (basename);

          *kind = ARC_COLLECTION_TASK_FILE;
          g_ptr_array_add (scanner->entries, arc_entry_new_for_file (scanner->file, id, "", scanner->display_root));
          scanner->n_scanned = 1;
        }
      break;

    case G_FILE_TYPE_SYMBOLIC_LINK:
      g_set_error (error, ARC_ERROR, ARC_ERROR_NOT_FOUND, _("%s: a broken symbolic link or a link loop"),
                   scanner->display_root);
      return FALSE;

    default:
      g_set_error (error, ARC_ERROR, ARC_ERROR_NOT_A_FILE,
                   _("%s: not a regular file (a FIFO, socket or device)"), scanner->display_root);
      return FALSE;
    }
  arc_scanner_flush (scanner);
  return !g_cancellable_set_error_if_cancelled (scanner->cancellable, error);
}


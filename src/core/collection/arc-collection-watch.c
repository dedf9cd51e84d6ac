/* arc-collection-watch.c: tasks added, changed or removed on disk appear, refresh or vanish
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-collection"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arc-collection-private.h"
#include "arc-error.h"
#include "arc-collection.h"

static void
insert_sorted (ArcCollection *self,
               ArcEntry      *entry)
{
  guint lo = 0, hi = self->entries->len;

  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;

      if (arc_compare_entries (&self->entries->pdata[mid], &entry, self->hex_groups) <= 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  g_ptr_array_insert (self->entries, (int) lo, g_object_ref (entry));
  if (!arc_entry_is_combined (entry))
    {
      char *path = g_file_get_path (arc_entry_get_file (entry));

      if (path)
        g_hash_table_replace (self->by_path, path, entry);
    }
  g_list_model_items_changed (G_LIST_MODEL (self), lo, 0, 1);
}

static void
remove_at (ArcCollection *self,
           guint          position)
{
  ArcEntry *entry = self->entries->pdata[position];
  g_autofree char *path = g_file_get_path (arc_entry_get_file (entry));

  if (path && g_hash_table_lookup (self->by_path, path) == entry)
    g_hash_table_remove (self->by_path, path);
  g_ptr_array_remove_index (self->entries, position);
  g_list_model_items_changed (G_LIST_MODEL (self), position, 1, 0);
}

/* A task file changed: parse it again when next needed, and tell the views. */
static void
entry_changed (ArcCollection *self,
               ArcEntry      *entry)
{
  guint position;

  arc_entry_invalidate (entry);
  if (g_ptr_array_find (self->entries, entry, &position))
    g_list_model_items_changed (G_LIST_MODEL (self), position, 1, 1);
}

/* Removes every entry of the file at @path, or under it when it was a
 * folder, and the skipped files named @display or under it */
static void
remove_under (ArcCollection *self,
              const char    *path,
              const char    *display)
{
  g_autofree char *prefix = g_strconcat (path, G_DIR_SEPARATOR_S, NULL);
  g_autofree char *display_prefix = g_strconcat (display, "/", NULL);
  guint n_skipped = self->skipped->len;

  for (guint i = self->entries->len; i > 0; i--)
    {
      g_autofree char *entry_path = g_file_get_path (arc_entry_get_file (self->entries->pdata[i - 1]));

      if (entry_path && (strcmp (entry_path, path) == 0 || g_str_has_prefix (entry_path, prefix)))
        remove_at (self, i - 1);
    }
  for (guint i = self->skipped->len; i > 0; i--)
    {
      ArcSkipped *s = self->skipped->pdata[i - 1];

      if (strcmp (s->display_name, display) == 0 || g_str_has_prefix (s->display_name, display_prefix))
        g_ptr_array_remove_index (self->skipped, i - 1);
    }
  if (self->skipped->len != n_skipped)
    g_object_notify (G_OBJECT (self), "n-skipped");
}

/* Whether the ids of @group's tasks, now, are hexadecimal: if that
 * changed, the group's order changes with it */
static void
update_group_rule (ArcCollection *self,
                   const char    *group)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  gboolean hex;

  for (guint i = 0; i < self->entries->len; i++)
    if (strcmp (arc_entry_get_group (self->entries->pdata[i]), group) == 0)
      g_ptr_array_add (ids, (gpointer) arc_entry_get_id (self->entries->pdata[i]));
  hex = arc_ids_are_hex ((const char * const *) ids->pdata, ids->len);
  if (hex == g_hash_table_contains (self->hex_groups, group))
    return;
  if (hex)
    g_hash_table_add (self->hex_groups, g_strdup (group));
  else
    g_hash_table_remove (self->hex_groups, group);
  if (arc_entries_sort (self->entries, self->hex_groups))
    g_list_model_items_changed (G_LIST_MODEL (self), 0, self->entries->len, self->entries->len);
}

/* Puts what @scanner found into the list, in order */
static void
take_scanned (ArcCollection *self,
              Scanner       *scanner)
{
  g_autoptr(GHashTable) groups = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTableIter iter;
  gpointer group;

  arc_hex_groups_add (self->hex_groups, scanner->hex_groups);
  for (guint i = 0; i < scanner->entries->len; i++)
    {
      insert_sorted (self, scanner->entries->pdata[i]);
      g_hash_table_add (groups, (gpointer) arc_entry_get_group (scanner->entries->pdata[i]));
    }
  g_hash_table_iter_init (&iter, groups);
  while (g_hash_table_iter_next (&iter, &group, NULL))
    update_group_rule (self, group);
  for (guint i = 0; i < scanner->folders->len; i++)
    arc_collection_watch_folder (self, scanner->folders->pdata[i],
                                 g_object_get_data (scanner->folders->pdata[i], "arc-rel"));
  if (arc_skipped_move (self->skipped, scanner->skipped))
    g_object_notify (G_OBJECT (self), "n-skipped");
}

/* The child @c came or changed: its tasks (or the reason it is skipped)
 * replace what the list had of it */
static void
rescan_child (ArcCollection  *self,
              const ArcChild *c)
{
  g_autoptr(GFile) file = g_file_get_child (c->dir, c->name);
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *child_rel = arc_join_rel (c->rel, c->name);
  g_autofree char *display = arc_display_name (self->display_root, child_rel);
  Scanner scanner;

  if (path == NULL)
    return;
  remove_under (self, path, display);
  arc_scanner_init (&scanner, self->file, self->display_root, NULL, NULL, NULL);
  scanner.keep = TRUE;
  if (c->kind == ARC_CHILD_FOLDER)
    arc_scan_folder (&scanner, file, child_rel, 1);
  else
    arc_scan_child (&scanner, c);
  take_scanned (self, &scanner);
  arc_scanner_clear (&scanner);
}

/* The Kaggle file beside @name (the challenges file of a solutions file,
 * or the other way round), if it is there */
static char *
kaggle_pair (GFile      *dir,
             const char *name,
             gboolean    solutions)
{
  const char *from = solutions ? "_solutions.json" : "_challenges.json";
  const char *to = solutions ? "_challenges.json" : "_solutions.json";
  g_autofree char *stem = arc_strip_suffix (name, from);
  char *pair = g_strconcat (stem, to, NULL);
  g_autoptr(GFile) file = g_file_get_child (dir, pair);

  if (!g_file_query_exists (file, NULL))
    g_clear_pointer (&pair, g_free);
  return pair;
}

typedef enum
{
  CHILD_CAME,
  CHILD_CHANGED,
  CHILD_WENT,
} ChildEvent;

/* The first task listed of the Kaggle or JSON Lines file @file */
static ArcEntry *
first_combined_entry (ArcCollection *self,
                      GFile         *file)
{
  for (guint i = 0; i < self->entries->len; i++)
    {
      ArcEntry *entry = self->entries->pdata[i];

      if (arc_entry_is_combined_in (entry, file))
        return entry;
    }
  return NULL;
}

/* The notes of @entry's task changed on disk; for a Kaggle or JSON Lines
 * file's task, the one notes file of all its tasks */
static void
emit_notes_changed (ArcCollection *self,
                    ArcEntry      *entry)
{
  g_signal_emit_by_name (self, "notes-changed", entry);  /* (by name: arc-collection.c calls this file) */
}

/* A notes file (arc_entry_sidecar_for()) was written, made or removed:
 * the notes of the task file beside it changed, or of all the tasks of the
 * Kaggle or JSON Lines file beside it */
static void
notes_file_changed (ArcCollection *self,
                    GFile         *dir,
                    const char    *name)
{
  g_autofree char *stem = g_strndup (name, strlen (name) - strlen (ARC_NOTES_SUFFIX));
  const char *suffixes[] = { ".json", ".jsonl" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *task_name = g_strconcat (stem, suffixes[i], NULL);
      g_autoptr(GFile) task = g_file_get_child (dir, task_name);
      g_autofree char *path = g_file_get_path (task);
      ArcEntry *entry = path ? g_hash_table_lookup (self->by_path, path) : NULL;

      /* (only these are Kaggle or JSON Lines files: no scan for a task file
       * not listed yet, as a checkout writes thousands of them) */
      if (entry == NULL && (arc_has_suffix_ci (task_name, "_challenges.json") || arc_has_suffix_ci (task_name, ".jsonl")))
        entry = first_combined_entry (self, task);
      if (entry)
        {
          emit_notes_changed (self, entry);
          return;
        }
    }
}

/* @file, a child of a folder at @rel, came, changed or went: the list
 * follows, by the same rule as the scan (arc_classify_child()) */
static void
child_changed (ArcCollection *self,
               GFile         *file,
               const char    *rel,
               ChildEvent     event)
{
  g_autoptr(GFile) dir = g_file_get_parent (file);
  g_autofree char *name = g_file_get_basename (file);
  g_autoptr(GFileInfo) info = NULL;
  g_autofree char *pair = NULL;
  const char *reason = NULL;
  ArcChildKind kind;

  if (dir == NULL || name == NULL)
    return;
  if (arc_has_suffix_ci (name, ARC_NOTES_SUFFIX) && strlen (name) > strlen (ARC_NOTES_SUFFIX))
    {
      notes_file_changed (self, dir, name);
      return;
    }
  if (event != CHILD_WENT)
    info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  if (info == NULL)
    {
      /* Gone: whatever it was, nothing of it stays */
      g_autofree char *path = g_file_get_path (file);
      g_autofree char *child_rel = arc_join_rel (rel, name);
      g_autofree char *display = arc_display_name (self->display_root, child_rel);

      if (path)
        remove_under (self, path, display);
      kind = arc_classify_child (name, G_FILE_TYPE_REGULAR, &reason);
    }
  else
    kind = arc_classify_child (name, g_file_info_get_file_type (info), &reason);
  if (kind == ARC_CHILD_FOLDER && event == CHILD_CHANGED)
    return;  /* scanned and watched when it came */

  /* A Kaggle pair is listed as one: a solutions file's tasks are its
   * challenges file's */
  if (kind == ARC_CHILD_SOLUTIONS && (pair = kaggle_pair (dir, name, TRUE)))
    rescan_child (self, &(ArcChild) { dir, rel, pair, ARC_CHILD_CHALLENGES, NULL });
  else if (kind == ARC_CHILD_CHALLENGES && (pair = kaggle_pair (dir, name, FALSE)))
    {
      /* Paired now, or orphaned */
      if (info != NULL)
        {
          g_autofree char *pair_rel = arc_join_rel (rel, pair);
          g_autofree char *pair_display = arc_display_name (self->display_root, pair_rel);
          g_autoptr(GFile) pair_file = g_file_get_child (dir, pair);
          g_autofree char *pair_path = g_file_get_path (pair_file);

          remove_under (self, pair_path, pair_display);
        }
      else
        rescan_child (self, &(ArcChild) { dir, rel, pair, ARC_CHILD_SOLUTIONS, NULL });
    }
  if (info != NULL && kind != ARC_CHILD_IGNORED)
    {
      ArcEntry *existing;
      g_autofree char *path = g_file_get_path (file);

      existing = kind == ARC_CHILD_TASK && path ? g_hash_table_lookup (self->by_path, path) : NULL;
      if (existing)
        entry_changed (self, existing);
      else if (!(kind == ARC_CHILD_SOLUTIONS && pair))
        rescan_child (self, &(ArcChild) { dir, rel, name, kind, reason });
    }
}

static void
folder_changed_cb (GFileMonitor      *monitor,
                   GFile             *file,
                   GFile             *other,
                   GFileMonitorEvent  event,
                   ArcCollection     *self)
{
  const char *rel = g_object_get_data (G_OBJECT (monitor), "arc-rel");

  switch (event)
    {
    case G_FILE_MONITOR_EVENT_CREATED:
    case G_FILE_MONITOR_EVENT_MOVED_IN:
      child_changed (self, file, rel, CHILD_CAME);
      break;
    case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT:
      child_changed (self, file, rel, CHILD_CHANGED);
      break;
    case G_FILE_MONITOR_EVENT_DELETED:
    case G_FILE_MONITOR_EVENT_MOVED_OUT:
      child_changed (self, file, rel, CHILD_WENT);
      break;
    case G_FILE_MONITOR_EVENT_RENAMED:
      child_changed (self, file, rel, CHILD_WENT);
      if (other)
        child_changed (self, other, rel, CHILD_CAME);
      break;
    case G_FILE_MONITOR_EVENT_CHANGED:
    case G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED:
    case G_FILE_MONITOR_EVENT_PRE_UNMOUNT:
    case G_FILE_MONITOR_EVENT_UNMOUNTED:
    case G_FILE_MONITOR_EVENT_MOVED:
    default:
      break;
    }
}

void
arc_collection_watch_folder (ArcCollection *self,
                             GFile         *dir,
                             const char    *rel)
{
  GFileMonitor *monitor;

  if (self->monitors == NULL)
    self->monitors = g_ptr_array_new_with_free_func (g_object_unref);
  if (self->monitors->len >= MAX_WATCHED_FOLDERS)
    return;
  monitor = g_file_monitor_directory (dir, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
  if (monitor == NULL)
    return;  /* not watchable (some remote file systems): the list stays as loaded */
  g_object_set_data_full (G_OBJECT (monitor), "arc-rel", g_strdup (rel ? rel : ""), g_free);
  g_signal_connect (monitor, "changed", G_CALLBACK (folder_changed_cb), self);
  g_ptr_array_add (self->monitors, monitor);
}

/* Whether a file monitor's @event says a file was written, made or removed */
static gboolean
file_written (GFileMonitorEvent event)
{
  return event == G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT || event == G_FILE_MONITOR_EVENT_CREATED ||
         event == G_FILE_MONITOR_EVENT_DELETED;
}

/* The notes file of a Kaggle or JSON Lines file opened on its own */
static void
single_notes_changed_cb (GFileMonitor      *monitor,
                         GFile             *file,
                         GFile             *other,
                         GFileMonitorEvent  event,
                         ArcCollection     *self)
{
  if (!file_written (event))
    return;
  if (self->entries->len > 0)
    emit_notes_changed (self, self->entries->pdata[0]);
}

/* A task file or a Kaggle file opened on its own */
static void
single_file_changed_cb (GFileMonitor      *monitor,
                        GFile             *file,
                        GFile             *other,
                        GFileMonitorEvent  event,
                        ArcCollection     *self)
{
  if (!file_written (event))
    return;
  if (self->kind == ARC_COLLECTION_TASK_FILE)
    {
      for (guint i = 0; i < self->entries->len; i++)
        entry_changed (self, self->entries->pdata[i]);
      return;
    }
  if (event != G_FILE_MONITOR_EVENT_DELETED)
    {
      /* A Kaggle or JSON Lines file: list it again */
      guint removed = self->entries->len;
      Scanner scanner;
      g_autofree char *basename = g_file_get_basename (self->file);

      arc_scanner_init (&scanner, self->file, self->display_root, NULL, NULL, NULL);
      scanner.keep = TRUE;
      if (self->kind == ARC_COLLECTION_JSON_LINES)
        arc_scan_lines (&scanner, self->file, NULL, "");
      else
        {
          g_autofree char *split = arc_kaggle_split (basename);

          arc_scan_combined (&scanner, self->file, NULL, split);
        }
      g_ptr_array_set_size (self->entries, 0);
      g_ptr_array_extend_and_steal (self->entries, g_steal_pointer (&scanner.entries));
      scanner.entries = g_ptr_array_new_with_free_func (g_object_unref);
      arc_scanner_clear (&scanner);
      g_list_model_items_changed (G_LIST_MODEL (self), 0, removed, self->entries->len);
    }
}

void
arc_collection_watch_file (ArcCollection *self,
                           GFile         *file)
{
  GFileMonitor *monitor = g_file_monitor_file (file, G_FILE_MONITOR_NONE, NULL, NULL);

  if (monitor == NULL)
    return;
  if (self->monitors == NULL)
    self->monitors = g_ptr_array_new_with_free_func (g_object_unref);
  g_signal_connect (monitor, "changed", G_CALLBACK (single_file_changed_cb), self);
  g_ptr_array_add (self->monitors, monitor);
  if (self->kind == ARC_COLLECTION_TASK_FILE)
    return;  /* its notes are followed by the window that shows them */
  /* A Kaggle or JSON Lines file: its tasks' notes, one file beside it */
  {
    g_autoptr(GFile) notes = arc_entry_sidecar_for (file);

    monitor = g_file_monitor_file (notes, G_FILE_MONITOR_NONE, NULL, NULL);
    if (monitor == NULL)
      return;
    g_signal_connect (monitor, "changed", G_CALLBACK (single_notes_changed_cb), self);
    g_ptr_array_add (self->monitors, monitor);
  }
}


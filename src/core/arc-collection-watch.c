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

static gboolean
insert_sorted (ArcCollection *self,
               ArcEntry      *entry)
{
  guint lo = 0, hi = self->entries->len;
  char *path;

  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;

      if (arc_collection_compare_entries (&self->entries->pdata[mid], &entry) <= 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  g_ptr_array_insert (self->entries, (int) lo, g_object_ref (entry));
  path = g_file_get_path (arc_entry_get_file (entry));
  if (path)
    g_hash_table_replace (self->by_path, path, entry);
  g_list_model_items_changed (G_LIST_MODEL (self), lo, 0, 1);
  return TRUE;
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

static gboolean
find_entry (ArcCollection *self,
            ArcEntry      *entry,
            guint         *position)
{
  return g_ptr_array_find (self->entries, entry, position);
}

/* A task file changed: parse it again when next needed, and tell the views. */
static void
entry_changed (ArcCollection *self,
               ArcEntry      *entry)
{
  guint position;

  arc_entry_invalidate (entry);
  if (find_entry (self, entry, &position))
    g_list_model_items_changed (G_LIST_MODEL (self), position, 1, 1);
}

static void
file_appeared (ArcCollection *self,
               GFile         *file,
               const char    *rel)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *name = g_file_get_basename (file);
  g_autoptr(GFileInfo) info = NULL;
  ArcEntry *existing;

  if (path == NULL || name == NULL || name[0] == '.')
    return;
  existing = g_hash_table_lookup (self->by_path, path);
  if (existing)
    {
      entry_changed (self, existing);
      return;
    }
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  if (info == NULL)
    return;
  if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
    {
      /* A new folder: scan it in place and watch it */
      g_autofree char *child_rel = arc_join_rel (rel, name);
      Scanner scanner;

      arc_scanner_init (&scanner, self, NULL, FALSE);
      arc_scan_folder (&scanner, file, child_rel, 1);
      for (guint i = 0; i < scanner.entries->len; i++)
        insert_sorted (self, scanner.entries->pdata[i]);
      for (guint i = 0; i < scanner.folders->len; i++)
        arc_collection_watch_folder (self, scanner.folders->pdata[i], g_object_get_data (scanner.folders->pdata[i], "arc-rel"));
      arc_scanner_clear (&scanner);
      return;
    }
  if (g_file_info_get_file_type (info) == G_FILE_TYPE_REGULAR && arc_has_suffix_ci (name, ".json") &&
      !arc_has_suffix_ci (name, "_challenges.json") && !arc_has_suffix_ci (name, "_solutions.json"))
    {
      g_autofree char *id = arc_strip_suffix (name, ".json");
      g_autofree char *child_rel = arc_join_rel (rel, name);
      g_autofree char *display = arc_collection_display_name (self, child_rel);
      g_autoptr(ArcEntry) entry = arc_entry_new_for_file (file, id, rel, display);

      insert_sorted (self, entry);
    }
}

static void
file_vanished (ArcCollection *self,
               GFile         *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *prefix = NULL;
  ArcEntry *entry;
  guint position;

  if (path == NULL)
    return;
  entry = g_hash_table_lookup (self->by_path, path);
  if (entry && find_entry (self, entry, &position))
    {
      remove_at (self, position);
      return;
    }
  /* A folder: everything under it goes */
  prefix = g_strconcat (path, G_DIR_SEPARATOR_S, NULL);
  for (guint i = self->entries->len; i > 0; i--)
    {
      g_autofree char *entry_path = g_file_get_path (arc_entry_get_file (self->entries->pdata[i - 1]));

      if (entry_path && g_str_has_prefix (entry_path, prefix))
        remove_at (self, i - 1);
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
  g_autofree char *path = g_file_get_path (file);
  ArcEntry *entry;

  switch (event)
    {
    case G_FILE_MONITOR_EVENT_CREATED:
    case G_FILE_MONITOR_EVENT_MOVED_IN:
      file_appeared (self, file, rel);
      break;
    case G_FILE_MONITOR_EVENT_DELETED:
    case G_FILE_MONITOR_EVENT_MOVED_OUT:
      file_vanished (self, file);
      break;
    case G_FILE_MONITOR_EVENT_RENAMED:
      file_vanished (self, file);
      if (other)
        file_appeared (self, other, rel);
      break;
    case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT:
      entry = path ? g_hash_table_lookup (self->by_path, path) : NULL;
      if (entry)
        entry_changed (self, entry);
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

/* A task file or a Kaggle file opened on its own */
static void
single_file_changed_cb (GFileMonitor      *monitor,
                        GFile             *file,
                        GFile             *other,
                        GFileMonitorEvent  event,
                        ArcCollection     *self)
{
  if (event != G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT && event != G_FILE_MONITOR_EVENT_CREATED &&
      event != G_FILE_MONITOR_EVENT_DELETED)
    return;
  if (self->kind == ARC_COLLECTION_TASK_FILE)
    {
      for (guint i = 0; i < self->entries->len; i++)
        entry_changed (self, self->entries->pdata[i]);
      return;
    }
  if (event != G_FILE_MONITOR_EVENT_DELETED)
    {
      /* A Kaggle file: list it again */
      guint removed = self->entries->len;
      Scanner scanner;
      g_autofree char *basename = g_file_get_basename (self->file);
      g_autofree char *split = arc_kaggle_split (basename);

      arc_scanner_init (&scanner, self, NULL, FALSE);
      arc_scan_combined (&scanner, self->file, NULL, split);
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
}


/* arc-notes-store.c: where a collection's notes live, and finding them for a task
 *
 * A task's notes are in the sidecar beside its file when that folder can be
 * written. When it cannot (a read-only mount, a system-wide dataset, the
 * bundled samples, a sandbox), they are kept under the user's data folder,
 * $XDG_DATA_HOME/arc-studio/notes/<hash of the collection's location>/, at
 * the same relative path, and found there again next time. A sidecar that
 * does not parse is never written: edits go to NAME.recovered.arcnotes beside
 * it (or in the fallback folder) until the user mends the original.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-notes-store"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arc-error.h"
#include "arc-file.h"
#include "arc-larc.h"
#include "arc-notes-store.h"
#include "arc-notes-summary.h"

typedef struct
{
  ArcNotes      *notes;
  ArcNotesPlace  place;
  GError        *error;   /* why the sidecar beside the task could not be used */
  char          *counted; /* the file's hash as the counts last took it in */
} Slot;

static void
slot_free (gpointer data)
{
  Slot *slot = data;

  g_clear_object (&slot->notes);
  g_clear_error (&slot->error);
  g_free (slot->counted);
  g_free (slot);
}

struct _ArcNotesStore
{
  GObject        parent_instance;

  ArcCollection *collection;
  GFile         *fallback_dir;
  GHashTable    *slots;   /* URI of the sidecar beside the task -> Slot */
  GHashTable    *summaries;  /* ArcEntry -> ArcNotesSummary, for tasks whose notes are not read here */
  GHashTable    *writable;   /* URI of a folder -> whether files can be made in it */
  int            fallback_exists;   /* -1: not looked yet */
  char          *annotator;  /* (nullable): whose progress the flags are */
  guint          writing;    /* this program writes notes files, past the store (a LARC import) */
  GHashTable    *reading;    /* URIs of the sidecars read ahead in a worker now */
  GHashTable    *followed;   /* URI of a sidecar -> how many ArcTaskNotes follow it */
  guint          generation; /* one more each time what is held is dropped */
};

G_DEFINE_FINAL_TYPE (ArcNotesStore, arc_notes_store, G_TYPE_OBJECT)

static void
arc_notes_store_finalize (GObject *object)
{
  ArcNotesStore *self = ARC_NOTES_STORE (object);

  g_clear_object (&self->collection);
  g_clear_object (&self->fallback_dir);
  g_free (self->annotator);
  g_hash_table_unref (self->slots);
  g_hash_table_unref (self->summaries);
  g_hash_table_unref (self->writable);
  g_hash_table_unref (self->reading);
  g_hash_table_unref (self->followed);

  G_OBJECT_CLASS (arc_notes_store_parent_class)->finalize (object);
}

static void
arc_notes_store_class_init (ArcNotesStoreClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = arc_notes_store_finalize;
}

static void
arc_notes_store_init (ArcNotesStore *self)
{
  self->slots = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, slot_free);
  self->writable = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->reading = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->followed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->summaries = g_hash_table_new_full (NULL, NULL, g_object_unref, (GDestroyNotify) arc_notes_summary_free);
  self->fallback_exists = -1;
}

/**
 * arc_notes_store_new:
 * @data_dir: (nullable): the user's data folder; %NULL for
 *   g_get_user_data_dir()
 */
ArcNotesStore *
arc_notes_store_new (ArcCollection *collection,
                     const char    *data_dir)
{
  ArcNotesStore *self;
  g_autofree char *uri = NULL;
  g_autofree char *hash = NULL;

  g_return_val_if_fail (ARC_IS_COLLECTION (collection), NULL);

  self = g_object_new (ARC_TYPE_NOTES_STORE, NULL);
  self->collection = g_object_ref (collection);
  uri = g_file_get_uri (arc_collection_get_file (collection));
  hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, uri, -1);
  hash[16] = '\0';
  {
    g_autofree char *path = g_build_filename (data_dir ? data_dir : g_get_user_data_dir (),
                                              "arc-studio", "notes", hash, NULL);
    self->fallback_dir = g_file_new_for_path (path);
  }
  return self;
}

GFile *
arc_notes_store_fallback_dir (ArcNotesStore *self)
{
  g_return_val_if_fail (ARC_IS_NOTES_STORE (self), NULL);
  return self->fallback_dir;
}

/* The sidecar's place in the fallback folder: its path relative to the collection */
static GFile *
fallback_for (ArcNotesStore *self,
              GFile         *sidecar)
{
  GFile *root = arc_collection_get_file (self->collection);
  g_autoptr(GFile) root_dir = NULL;
  g_autofree char *relative = NULL;
  g_autofree char *basename = NULL;

  if (arc_collection_get_kind (self->collection) != ARC_COLLECTION_FOLDER)
    root_dir = g_file_get_parent (root);
  else
    root_dir = g_object_ref (root);
  relative = root_dir ? g_file_get_relative_path (root_dir, sidecar) : NULL;
  if (relative)
    return g_file_resolve_relative_path (self->fallback_dir, relative);
  basename = g_file_get_basename (sidecar);
  return g_file_get_child (self->fallback_dir, basename);
}

/* Whether @folder is the document portal's folder of one file (a task file
 * chosen through the file chooser portal in the Flatpak sandbox): it shows
 * that file only, and a file made beside it is kept on the disk under a
 * temporary name and lost */
static gboolean
single_document_folder (GFile *folder)
{
  g_autoptr(GFile) documents = g_file_get_parent (folder);

  /* In the portal's file system, right under its root */
  return documents && arc_file_in_document_portal (folder) && !arc_file_in_document_portal (documents);
}

/* Whether new files can be made in @file's folder (asked once a folder:
 * the tasks of a folder share it) */
static gboolean
folder_writable (ArcNotesStore *self,
                 GFile         *file)
{
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autoptr(GFileInfo) info = NULL;
  g_autofree char *uri = NULL;
  gpointer known;
  gboolean writable;

  if (parent == NULL || !g_file_is_native (parent) || single_document_folder (parent))
    return FALSE;
  uri = g_file_get_uri (parent);
  if (g_hash_table_lookup_extended (self->writable, uri, NULL, &known))
    return GPOINTER_TO_INT (known);
  info = g_file_query_info (parent, G_FILE_ATTRIBUTE_ACCESS_CAN_WRITE, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  writable = info && g_file_info_get_attribute_boolean (info, G_FILE_ATTRIBUTE_ACCESS_CAN_WRITE);
  g_hash_table_insert (self->writable, g_steal_pointer (&uri), GINT_TO_POINTER (writable));
  return writable;
}

/* Whether notes were ever kept in the fallback folder for this collection.
 * Asked once: in this session, a task's fallback file is only made through
 * its own slot. */
static gboolean
fallback_exists (ArcNotesStore *self)
{
  if (self->fallback_exists < 0)
    self->fallback_exists = g_file_query_exists (self->fallback_dir, NULL);
  return self->fallback_exists;
}

static GFile *
recovered_for (GFile *sidecar)
{
  g_autoptr(GFile) parent = g_file_get_parent (sidecar);
  g_autofree char *basename = g_file_get_basename (sidecar);
  g_autofree char *stem = g_strndup (basename, strlen (basename) - strlen (ARC_NOTES_SUFFIX));
  g_autofree char *name = g_strconcat (stem, ".recovered", ARC_NOTES_SUFFIX, NULL);

  return g_file_get_child (parent, name);
}

/* Loads @slot's notes from @file; a file that cannot be read is left as
 * it is, and the notes are recovered beside it */
static void
slot_load (Slot  *slot,
           GFile *file)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GFile) recovered = NULL;

  if (arc_notes_load (slot->notes, &local_error))
    return;
  recovered = recovered_for (file);
  g_clear_object (&slot->notes);
  slot->notes = arc_notes_new (recovered);
  arc_notes_load (slot->notes, NULL);
  slot->place = ARC_NOTES_RECOVERED;
  slot->error = g_steal_pointer (&local_error);
}

/* Reads @entry's notes (the sidecar @beside, or its place in the fallback
 * folder) into a new slot. Reads only what does not change once the store
 * is made, with what the main thread knows given (@writable,
 * @fallback_exists): safe in a worker */
static Slot *
slot_read (ArcNotesStore *self,
           ArcEntry      *entry,
           GFile         *beside,
           gboolean       writable,
           gboolean       fallback_exists)
{
  g_autoptr(GFile) fallback = fallback_for (self, beside);
  Slot *slot = g_new0 (Slot, 1);

  /* Notes kept in the fallback folder earlier are found there again */
  if (!writable ||
      (fallback_exists && !g_file_query_exists (beside, NULL) && g_file_query_exists (fallback, NULL)))
    {
      /* Read what is beside the task (someone may have shipped notes),
       * but keep ours in the fallback folder */
      slot->notes = arc_notes_new (fallback);
      slot->place = ARC_NOTES_FALLBACK;
      if (!g_file_query_exists (fallback, NULL) && g_file_query_exists (beside, NULL))
        {
          g_autoptr(ArcNotes) shipped = arc_notes_new (beside);

          if (arc_notes_load (shipped, NULL))
            {
              g_autofree char *data = arc_notes_to_data (shipped, NULL);
              arc_notes_load_from_data (slot->notes, data, strlen (data), NULL);
            }
        }
      else
        slot_load (slot, fallback);
    }
  else
    {
      slot->notes = arc_notes_new (beside);
      slot->place = ARC_NOTES_BESIDE;
      slot_load (slot, beside);
    }
  /* LARC's tasks_json folder opened directly: its descriptions */
  arc_larc_merge_task_file (slot->notes, entry);
  slot->counted = g_strdup (arc_notes_get_hash (slot->notes));
  return slot;
}

/* The key of @entry's slot: the URI of the sidecar beside its task file */
static char *
slot_key (ArcEntry *entry)
{
  g_autoptr(GFile) beside = arc_entry_sidecar_for (arc_entry_get_file (entry));

  return g_file_get_uri (beside);
}

/**
 * arc_notes_store_get:
 * @place: (out) (optional): where the notes are kept
 * @error: (optional): set when the sidecar beside the task could not be
 *   used (it does not parse); the notes returned are then the recovered ones
 *
 * Returns: (transfer none): the notes file that holds @entry's notes, loaded
 */
ArcNotes *
arc_notes_store_get (ArcNotesStore *self,
                     ArcEntry      *entry,
                     ArcNotesPlace *place,
                     GError       **error)
{
  g_autoptr(GFile) beside = NULL;
  g_autofree char *key = NULL;
  Slot *slot;

  g_return_val_if_fail (ARC_IS_NOTES_STORE (self), NULL);
  g_return_val_if_fail (ARC_IS_ENTRY (entry), NULL);

  beside = arc_entry_sidecar_for (arc_entry_get_file (entry));
  key = g_file_get_uri (beside);
  slot = g_hash_table_lookup (self->slots, key);
  if (slot == NULL)
    {
      slot = slot_read (self, entry, beside, folder_writable (self, beside), fallback_exists (self));
      g_hash_table_replace (self->slots, g_strdup (key), slot);
    }
  if (place)
    *place = slot->place;
  if (slot->error && error)
    *error = g_error_copy (slot->error);
  return slot->notes;
}

/**
 * arc_notes_store_has_file:
 * Whether a notes file for @entry exists, beside the task or in the
 * fallback folder. Reads only what does not change once the store is made
 * and the collection listed: safe in any thread, for the workers that
 * check a collection.
 */
gboolean
arc_notes_store_has_file (ArcNotesStore *self,
                          ArcEntry      *entry)
{
  g_autoptr(GFile) beside = NULL;
  g_autoptr(GFile) fallback = NULL;

  g_return_val_if_fail (ARC_IS_NOTES_STORE (self), FALSE);
  g_return_val_if_fail (ARC_IS_ENTRY (entry), FALSE);

  beside = arc_entry_sidecar_for (arc_entry_get_file (entry));
  if (g_file_query_exists (beside, NULL))
    return TRUE;
  fallback = fallback_for (self, beside);
  return g_file_query_exists (fallback, NULL);
}

/**
 * arc_notes_store_set_annotator:
 * @annotator: (nullable): the user, as in the preferences
 *
 * Makes arc_notes_store_get_flags() tell @annotator's own progress from
 * everyone else's (arc_notes_get_flags_for()); with %NULL, anyone's notes
 * are counted as one.
 */
void
arc_notes_store_set_annotator (ArcNotesStore *self,
                               const char    *annotator)
{
  g_return_if_fail (ARC_IS_NOTES_STORE (self));

  g_free (self->annotator);
  self->annotator = g_strdup (annotator);
}

const char *
arc_notes_store_get_annotator (ArcNotesStore *self)
{
  g_return_val_if_fail (ARC_IS_NOTES_STORE (self), NULL);
  return self->annotator;
}

/**
 * arc_notes_store_get_flags:
 * What @entry's notes say (arc_notes_get_flags_for() the store's annotator,
 * or arc_notes_get_flags() when it has none) of the task as it is
 * now, without keeping anything
 * for a task that has no notes file anywhere: counting a collection of
 * 100,000 tasks, most without notes, keeps no notes object for them.
 */
ArcNotesFlags
arc_notes_store_get_flags (ArcNotesStore *self,
                           ArcEntry      *entry)
{
  g_autofree char *key = NULL;
  g_autofree char *hash = NULL;
  ArcNotes *notes;

  g_return_val_if_fail (ARC_IS_NOTES_STORE (self), 0);
  g_return_val_if_fail (ARC_IS_ENTRY (entry), 0);

  key = slot_key (entry);
  if (!g_hash_table_contains (self->slots, key))
    {
      const ArcNotesSummary *summary = g_hash_table_lookup (self->summaries, entry);

      if (summary)
        return arc_notes_summary_get_flags (summary, self->annotator);
      if (!arc_notes_store_has_file (self, entry))
        return 0;
    }
  notes = arc_notes_store_get (self, entry, NULL, NULL);
  /* Attempts made before the task was edited do not count: the task as it
   * is now is read only for tasks with attempts (in the check's workers
   * too: nothing is kept or notified) */
  if (arc_notes_has_attempts (notes, arc_entry_get_id (entry)))
    hash = arc_entry_dup_content_hash (entry);
  if (self->annotator)
    return arc_notes_get_flags_for (notes, arc_entry_get_id (entry), self->annotator,
                                    arc_entry_get_n_tests (entry), hash);
  return arc_notes_get_flags (notes, arc_entry_get_id (entry), arc_entry_get_n_tests (entry), hash);
}

/**
 * arc_notes_store_forget:
 * Drops what is held for @entry's notes, so that the next get reads the
 * files again (they changed on disk).
 */
void
arc_notes_store_forget (ArcNotesStore *self,
                        ArcEntry      *entry)
{
  g_autofree char *key = NULL;

  g_return_if_fail (ARC_IS_NOTES_STORE (self));

  key = slot_key (entry);
  g_hash_table_remove (self->slots, key);
  g_hash_table_remove (self->summaries, entry);
  self->generation++;  /* what is being read ahead may be what was dropped */
}

/**
 * arc_notes_store_follow:
 * @following: %TRUE when an ArcTaskNotes starts to follow @entry's notes
 *   file, %FALSE when it stops
 *
 * An ArcTaskNotes reads its notes file again itself when another program
 * writes it (and merges its unsaved edits): while one follows the notes
 * the store holds, arc_notes_store_disk_changed() leaves them to it.
 */
void
arc_notes_store_follow (ArcNotesStore *self,
                        ArcEntry      *entry,
                        gboolean       following)
{
  g_autofree char *key = NULL;
  guint n;

  g_return_if_fail (ARC_IS_NOTES_STORE (self));
  g_return_if_fail (ARC_IS_ENTRY (entry));

  key = slot_key (entry);
  n = GPOINTER_TO_UINT (g_hash_table_lookup (self->followed, key));
  if (following)
    g_hash_table_replace (self->followed, g_steal_pointer (&key), GUINT_TO_POINTER (n + 1));
  else if (n > 1)
    g_hash_table_replace (self->followed, g_steal_pointer (&key), GUINT_TO_POINTER (n - 1));
  else
    g_hash_table_remove (self->followed, key);
}

/**
 * arc_notes_store_saved:
 * @entry's notes were written by this program, and the counts take them
 * in (arc_collection_status_notes_changed()): the file as it is now is
 * not news when the folder's monitor reports it.
 */
void
arc_notes_store_saved (ArcNotesStore *self,
                       ArcEntry      *entry)
{
  g_autofree char *key = NULL;
  Slot *slot;

  g_return_if_fail (ARC_IS_NOTES_STORE (self));
  g_return_if_fail (ARC_IS_ENTRY (entry));

  key = slot_key (entry);
  slot = g_hash_table_lookup (self->slots, key);
  if (slot)
    {
      g_free (slot->counted);
      slot->counted = g_strdup (arc_notes_get_hash (slot->notes));
    }
}

/**
 * arc_notes_store_disk_changed:
 * A monitor says that @entry's notes file was written, made or removed.
 * What the store holds of it is dropped, to be read again, unless an
 * ArcTaskNotes follows it (arc_notes_store_follow()); for a Kaggle or JSON
 * Lines file, that is what it holds of all its tasks.
 *
 * Returns: %FALSE when the file holds what the counts took in last (this
 *   program wrote it, arc_notes_store_saved()): nothing to count again
 */
gboolean
arc_notes_store_disk_changed (ArcNotesStore *self,
                              ArcEntry      *entry)
{
  g_autofree char *key = NULL;
  g_autofree char *now = NULL;
  GHashTableIter iter;
  gpointer other;
  Slot *slot;

  g_return_val_if_fail (ARC_IS_NOTES_STORE (self), FALSE);
  g_return_val_if_fail (ARC_IS_ENTRY (entry), FALSE);

  key = slot_key (entry);
  slot = g_hash_table_lookup (self->slots, key);
  if (slot)
    {
      /* Its follower's save, reported before it ended: the follower says
       * when it has (arc_notes_store_saved()) */
      if (g_hash_table_contains (self->followed, key) && arc_notes_is_saving (slot->notes))
        return FALSE;
      now = arc_file_query_hash_known (arc_notes_get_file (slot->notes));
      if (g_strcmp0 (now, slot->counted) == 0)
        return FALSE;
      g_free (slot->counted);
      slot->counted = g_steal_pointer (&now);
      if (g_hash_table_contains (self->followed, key))
        return TRUE;  /* read again by its follower, before the counts look */
      g_hash_table_remove (self->slots, key);
    }
  self->generation++;  /* what is being read ahead was read before the change */
  if (!arc_entry_is_combined (entry))
    {
      g_hash_table_remove (self->summaries, entry);
      return TRUE;
    }
  /* One file for all the tasks of a Kaggle or JSON Lines file */
  g_hash_table_iter_init (&iter, self->summaries);
  while (g_hash_table_iter_next (&iter, &other, NULL))
    if (arc_entry_is_combined_in (other, arc_entry_get_file (entry)))
      g_hash_table_iter_remove (&iter);
  return TRUE;
}

static int
compare_tags (gconstpointer a,
              gconstpointer b)
{
  return g_utf8_collate (*(const char **) a, *(const char **) b);
}

/**
 * arc_notes_store_dup_tags:
 * Returns: (transfer full): every tag used in the notes read so far, sorted
 */
GStrv
arc_notes_store_dup_tags (ArcNotesStore *self)
{
  g_autoptr(GHashTable) tags = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) sorted = g_ptr_array_new ();
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  GHashTableIter iter;
  gpointer key, value;

  g_return_val_if_fail (ARC_IS_NOTES_STORE (self), NULL);

  g_hash_table_iter_init (&iter, self->slots);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      ArcNotes *notes = ((Slot *) value)->notes;
      g_auto(GStrv) ids = arc_notes_dup_task_ids (notes);

      for (guint i = 0; ids[i]; i++)
        {
          g_auto(GStrv) names = arc_notes_dup_annotators (notes, ids[i]);

          for (guint j = 0; names[j]; j++)
            {
              ArcAnnotation *a = arc_notes_get (notes, ids[i], names[j]);

              for (guint k = 0; k < a->tags->len; k++)
                if (!g_hash_table_contains (tags, a->tags->pdata[k]))
                  {
                    g_hash_table_add (tags, a->tags->pdata[k]);
                    g_ptr_array_add (sorted, a->tags->pdata[k]);
                  }
            }
        }
    }
  /* And those of the tasks whose notes were only summarised */
  g_hash_table_iter_init (&iter, self->summaries);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      GPtrArray *list = arc_notes_summary_get_tags (value);

      if (arc_notes_store_is_read (self, key))
        continue;
      for (guint k = 0; k < list->len; k++)
        if (!g_hash_table_contains (tags, list->pdata[k]))
          {
            g_hash_table_add (tags, list->pdata[k]);
            g_ptr_array_add (sorted, list->pdata[k]);
          }
    }
  g_ptr_array_sort (sorted, compare_tags);
  for (guint i = 0; i < sorted->len; i++)
    g_strv_builder_add (builder, sorted->pdata[i]);
  return g_strv_builder_end (builder);
}

static int
compare_messages (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  return strcmp (*(const char **) a, *(const char **) b);
}

/**
 * arc_notes_store_dup_errors:
 * Why the notes files read so far could not be used (they do not parse),
 * one message per file, naming it: what arc_notes_store_get() reports for
 * each of its tasks, once. The CLI prints them after an export.
 *
 * Returns: (transfer full): the messages, sorted
 */
GStrv
arc_notes_store_dup_errors (ArcNotesStore *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  GHashTableIter iter;
  gpointer value;
  GStrv messages;

  g_return_val_if_fail (ARC_IS_NOTES_STORE (self), NULL);

  g_hash_table_iter_init (&iter, self->slots);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (((Slot *) value)->error)
      g_strv_builder_add (builder, ((Slot *) value)->error->message);
  messages = g_strv_builder_end (builder);
  g_qsort_with_data (messages, (gint) g_strv_length (messages), sizeof (char *), compare_messages, NULL);
  return messages;
}

/**
 * arc_notes_store_count_others:
 * @n_builds: (out) (optional): the builds, by others, of the task's descriptions
 * @n_built: (out) (optional): how many of those made the right output
 *
 * Others' work on @entry (by anyone but the store's annotator, or by anyone
 * when it has none), to show as theirs, never as the user's progress.
 *
 * Returns: how many others described @entry
 */
guint
arc_notes_store_count_others (ArcNotesStore *self,
                              ArcEntry      *entry,
                              guint         *n_builds,
                              guint         *n_built)
{
  const char *task_id, *annotator;
  const char * const *names;
  ArcAnnotation * const *records;
  guint n, described = 0, builds = 0, built = 0;
  ArcNotes *notes;

  g_return_val_if_fail (ARC_IS_NOTES_STORE (self), 0);
  g_return_val_if_fail (ARC_IS_ENTRY (entry), 0);

  if (n_builds)
    *n_builds = 0;
  if (n_built)
    *n_built = 0;
  if (!arc_notes_store_is_read (self, entry) && g_hash_table_contains (self->summaries, entry))
    return arc_notes_summary_count_others (g_hash_table_lookup (self->summaries, entry), self->annotator,
                                           n_builds, n_built);
  notes = arc_notes_store_get (self, entry, NULL, NULL);
  if (notes == NULL)
    return 0;
  task_id = arc_entry_get_id (entry);
  annotator = self->annotator;
  n = arc_notes_peek_annotators (notes, task_id, &names, &records);
  for (guint i = 0; i < n; i++)
    {
      ArcAnnotation *a = records[i];
      gboolean own = g_strcmp0 (names[i], annotator) == 0;

      if (!own && (a->source || *a->input_text || *a->size_text || *a->transform_text))
        described++;
      for (guint b = 0; a->builds && b < a->builds->len; b++)
        {
          const ArcBuild *build = a->builds->pdata[b];

          if (g_strcmp0 (build->builder, annotator) == 0)
            continue;
          builds++;
          built += build->success != 0;
        }
    }
  if (n_builds)
    *n_builds = builds;
  if (n_built)
    *n_built = built;
  return described;
}

/**
 * arc_notes_store_set_writing:
 * This program writes the notes files, not through the store (a LARC
 * import), until told otherwise: a task's notes read again meanwhile are
 * not another program's change. Calls nest.
 */
void
arc_notes_store_set_writing (ArcNotesStore *self,
                             gboolean       writing)
{
  g_return_if_fail (ARC_IS_NOTES_STORE (self));
  g_return_if_fail (writing || self->writing > 0);

  self->writing += writing ? 1 : -1;
}

gboolean
arc_notes_store_get_writing (ArcNotesStore *self)
{
  g_return_val_if_fail (ARC_IS_NOTES_STORE (self), FALSE);
  return self->writing > 0;
}

/**
 * arc_notes_store_is_read:
 * Returns: whether @entry's notes file was read into the store
 */
gboolean
arc_notes_store_is_read (ArcNotesStore *self,
                         ArcEntry      *entry)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (ARC_IS_NOTES_STORE (self), FALSE);
  g_return_val_if_fail (ARC_IS_ENTRY (entry), FALSE);

  key = slot_key (entry);
  return g_hash_table_contains (self->slots, key);
}

/**
 * arc_notes_store_dup_summary_file:
 * The notes file a worker reads to summarise @entry's notes
 * (arc_notes_summary_read()): the one that exists of the sidecar beside the
 * task and its place in the fallback folder. Safe in any thread, as
 * arc_notes_store_has_file().
 *
 * Returns: (transfer full) (nullable): %NULL when there is none, or both
 *   (which one the store reads depends on the folder: it reads it itself)
 */
GFile *
arc_notes_store_dup_summary_file (ArcNotesStore *self,
                                  ArcEntry      *entry)
{
  g_autoptr(GFile) beside = NULL;
  g_autoptr(GFile) fallback = NULL;
  gboolean beside_exists;

  g_return_val_if_fail (ARC_IS_NOTES_STORE (self), NULL);
  g_return_val_if_fail (ARC_IS_ENTRY (entry), NULL);

  beside = arc_entry_sidecar_for (arc_entry_get_file (entry));
  fallback = fallback_for (self, beside);
  beside_exists = g_file_query_exists (beside, NULL);
  if (g_file_query_exists (fallback, NULL))
    return beside_exists ? NULL : g_steal_pointer (&fallback);
  return beside_exists ? g_steal_pointer (&beside) : NULL;
}

/**
 * arc_notes_store_set_summary:
 * @summary: (transfer full): of @entry's notes, made by a worker
 *
 * Keeps @summary: the flags, others' work and searches of @entry are read
 * from it until its notes are read into the store.
 */
void
arc_notes_store_set_summary (ArcNotesStore   *self,
                             ArcEntry        *entry,
                             ArcNotesSummary *summary)
{
  g_return_if_fail (ARC_IS_NOTES_STORE (self));
  g_return_if_fail (ARC_IS_ENTRY (entry));

  g_hash_table_replace (self->summaries, g_object_ref (entry), summary);
}

/**
 * arc_notes_store_peek_flags:
 * @flags: (out): what @entry's notes say, as arc_notes_store_get_flags()
 *
 * Returns: %FALSE when that is not known without reading a file
 */
gboolean
arc_notes_store_peek_flags (ArcNotesStore *self,
                            ArcEntry      *entry,
                            ArcNotesFlags *flags)
{
  g_return_val_if_fail (ARC_IS_NOTES_STORE (self), FALSE);
  g_return_val_if_fail (ARC_IS_ENTRY (entry), FALSE);

  *flags = 0;
  if (!arc_notes_store_is_read (self, entry) && !g_hash_table_contains (self->summaries, entry))
    return FALSE;
  *flags = arc_notes_store_get_flags (self, entry);
  return TRUE;
}

/**
 * arc_notes_store_search:
 * @needle: case-folded
 * @tag_only: only a tag equal to @needle matches
 *
 * Returns: whether anyone's tags, description or notes on @entry hold @needle
 */
gboolean
arc_notes_store_search (ArcNotesStore *self,
                        ArcEntry      *entry,
                        const char    *needle,
                        gboolean       tag_only)
{
  const ArcNotesSummary *summary;
  g_autoptr(ArcNotesSummary) made = NULL;

  g_return_val_if_fail (ARC_IS_NOTES_STORE (self), FALSE);
  g_return_val_if_fail (ARC_IS_ENTRY (entry), FALSE);

  summary = g_hash_table_lookup (self->summaries, entry);
  if (arc_notes_store_is_read (self, entry) || summary == NULL)
    {
      if (!arc_notes_store_is_read (self, entry) && !arc_notes_store_has_file (self, entry))
        return FALSE;
      made = arc_notes_summary_new (arc_notes_store_get (self, entry, NULL, NULL), arc_entry_get_id (entry), 0, NULL);
      summary = made;
    }
  return arc_notes_summary_matches (summary, needle, tag_only);
}

/* Reading ahead */

typedef struct
{
  ArcEntry *entry;
  GFile    *beside;
  char     *key;
  gboolean  writable;
  gboolean  fallback_exists;
  guint     generation;
  Slot     *slot;    /* what the worker read */
} ReadAhead;

static void
read_ahead_free (gpointer data)
{
  ReadAhead *ahead = data;

  g_object_unref (ahead->entry);
  g_object_unref (ahead->beside);
  g_free (ahead->key);
  g_clear_pointer (&ahead->slot, slot_free);
  g_free (ahead);
}

static void
read_ahead_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  ReadAhead *ahead = task_data;

  ahead->slot = slot_read (source_object, ahead->entry, ahead->beside, ahead->writable, ahead->fallback_exists);
  g_task_return_boolean (task, TRUE);
}

static void
read_ahead_done_cb (GObject      *source_object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  ArcNotesStore *self = ARC_NOTES_STORE (source_object);
  ReadAhead *ahead = g_task_get_task_data (G_TASK (result));

  g_hash_table_remove (self->reading, ahead->key);
  /* Kept unless the notes were read meanwhile, or dropped, or written past the store */
  if (ahead->generation == self->generation && self->writing == 0 &&
      !g_hash_table_contains (self->slots, ahead->key))
    g_hash_table_replace (self->slots, g_strdup (ahead->key), g_steal_pointer (&ahead->slot));
}

/**
 * arc_notes_store_read_ahead:
 * Reads @entry's notes in a worker, if they are not read yet, for a later
 * arc_notes_store_get() to find them without reading: the tasks next to
 * the one shown, say. What another get or arc_notes_store_forget() did
 * in the meantime wins over it.
 */
void
arc_notes_store_read_ahead (ArcNotesStore *self,
                            ArcEntry      *entry)
{
  g_autoptr(GTask) task = NULL;
  ReadAhead *ahead;

  g_return_if_fail (ARC_IS_NOTES_STORE (self));
  g_return_if_fail (ARC_IS_ENTRY (entry));

  ahead = g_new0 (ReadAhead, 1);
  ahead->beside = arc_entry_sidecar_for (arc_entry_get_file (entry));
  ahead->key = g_file_get_uri (ahead->beside);
  ahead->entry = g_object_ref (entry);
  if (self->writing > 0 || g_hash_table_contains (self->slots, ahead->key) ||
      g_hash_table_contains (self->reading, ahead->key))
    {
      read_ahead_free (ahead);
      return;
    }
  ahead->writable = folder_writable (self, ahead->beside);
  ahead->fallback_exists = fallback_exists (self);
  ahead->generation = self->generation;
  g_hash_table_add (self->reading, g_strdup (ahead->key));
  task = g_task_new (self, NULL, read_ahead_done_cb, NULL);
  g_task_set_source_tag (task, arc_notes_store_read_ahead);
  g_task_set_name (task, "[arc-notes-store] read ahead");
  g_task_set_task_data (task, ahead, read_ahead_free);
  g_task_set_priority (task, G_PRIORITY_LOW);
  g_task_run_in_thread (task, read_ahead_thread);
}

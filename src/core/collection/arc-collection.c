/* arc-collection.c: what a user opens: a task file, a folder, a Kaggle file
 *
 * A folder is scanned recursively; each sub-folder becomes a group and each
 * `*.json` file a task, named after the file. A Kaggle `*_challenges.json`
 * file holds many tasks and is paired with the `*_solutions.json` beside it.
 * Scanning lists the tasks without parsing them: an entry parses its task
 * when first asked.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-collection"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arc-collection-private.h"
#include "arc-error.h"

enum {
  PROP_0,
  PROP_LOADING,
  PROP_N_SCANNED,
  PROP_N_SKIPPED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ArcCollection, arc_collection, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static void
arc_collection_dispose (GObject *object)
{
  ArcCollection *self = ARC_COLLECTION (object);

  if (self->monitors)
    for (guint i = 0; i < self->monitors->len; i++)
      {
        g_file_monitor_cancel (self->monitors->pdata[i]);
        g_signal_handlers_disconnect_by_data (self->monitors->pdata[i], self);
      }
  g_clear_pointer (&self->monitors, g_ptr_array_unref);
  if (self->drain_source)
    {
      GSource *source = g_main_context_find_source_by_id (self->context, self->drain_source);
      if (source)
        g_source_destroy (source);
      self->drain_source = 0;
    }

  G_OBJECT_CLASS (arc_collection_parent_class)->dispose (object);
}

static void
arc_collection_finalize (GObject *object)
{
  ArcCollection *self = ARC_COLLECTION (object);

  g_clear_object (&self->file);
  g_free (self->title);
  g_free (self->display_root);
  g_ptr_array_unref (self->entries);
  g_clear_pointer (&self->groups, g_ptr_array_unref);
  g_ptr_array_unref (self->skipped);
  g_hash_table_unref (self->by_path);
  g_hash_table_unref (self->hex_groups);
  g_ptr_array_unref (self->pending);
  g_mutex_clear (&self->pending_lock);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_clear_error (&self->error);

  G_OBJECT_CLASS (arc_collection_parent_class)->finalize (object);
}

static void
arc_collection_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  ArcCollection *self = ARC_COLLECTION (object);

  switch (prop_id)
    {
    case PROP_LOADING:
      g_value_set_boolean (value, self->loading);
      break;
    case PROP_N_SCANNED:
      g_value_set_uint (value, self->n_scanned);
      break;
    case PROP_N_SKIPPED:
      g_value_set_uint (value, self->skipped->len);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arc_collection_class_init (ArcCollectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = arc_collection_dispose;
  object_class->finalize = arc_collection_finalize;
  object_class->get_property = arc_collection_get_property;

  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_SCANNED] =
    g_param_spec_uint ("n-scanned", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Files that are not tasks: arc_collection_get_skipped() lists them */
  properties[PROP_N_SKIPPED] =
    g_param_spec_uint ("n-skipped", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ArcCollection::notes-changed:
   * @entry: the task whose notes file changed on disk
   *
   * The notes file beside a task file was written, made or removed, by
   * this program or another (a LARC import from the command line, say).
   * Emitted by the folders' watch (arc-collection-watch.c).
   */
  g_signal_new ("notes-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                G_TYPE_NONE, 1, ARC_TYPE_ENTRY);
}

/* Adds the groups of @n entries from @position to self->groups: the
 * entries are in order of group, so a group is one the last entry did
 * not have */
static void
add_groups (ArcCollection *self,
            guint          position,
            guint          n)
{
  for (guint i = position; i < position + n; i++)
    {
      const char *group = arc_entry_get_group (self->entries->pdata[i]);
      const char *last = self->groups->len ? self->groups->pdata[self->groups->len - 1] : NULL;

      if (last == NULL || strcmp (last, group) != 0)
        g_ptr_array_add (self->groups, g_strdup (group));
    }
}

/* First of the handlers: the groups of entries added at the end are added,
 * any other change has them made again when next asked for */
static void
items_changed_cb (ArcCollection *self,
                  guint          position,
                  guint          removed,
                  guint          added)
{
  if (self->groups && removed == 0 && position + added == self->entries->len)
    add_groups (self, position, added);
  else
    g_clear_pointer (&self->groups, g_ptr_array_unref);
}

static void
arc_collection_init (ArcCollection *self)
{
  g_signal_connect (self, "items-changed", G_CALLBACK (items_changed_cb), NULL);
  self->entries = g_ptr_array_new_with_free_func (g_object_unref);
  self->skipped = g_ptr_array_new_with_free_func (arc_skipped_free);
  self->by_path = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->hex_groups = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->pending = g_ptr_array_new_with_free_func (arc_batch_free);
  g_mutex_init (&self->pending_lock);
}

static GType
get_item_type (GListModel *model)
{
  return ARC_TYPE_ENTRY;
}

static guint
get_n_items (GListModel *model)
{
  return ARC_COLLECTION (model)->entries->len;
}

static gpointer
get_item (GListModel *model,
          guint       position)
{
  ArcCollection *self = ARC_COLLECTION (model);

  if (position >= self->entries->len)
    return NULL;
  return g_object_ref (self->entries->pdata[position]);
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

static void
take_skipped (ArcCollection *self,
              GPtrArray     *skipped)
{
  if (arc_skipped_move (self->skipped, skipped))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_SKIPPED]);
}

static void
set_n_scanned (ArcCollection *self,
               guint          n_scanned)
{
  if (self->n_scanned == n_scanned)
    return;
  self->n_scanned = n_scanned;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_SCANNED]);
}

/* Sorts the list if it is not in order */
static void
sort_entries (ArcCollection *self)
{
  if (arc_entries_sort (self->entries, self->hex_groups))
    g_list_model_items_changed (G_LIST_MODEL (self), 0, self->entries->len, self->entries->len);
}

/* Adds a batch to the list (in the main thread). */
static void
apply_batch (ArcCollection *self,
             Batch         *batch)
{
  guint position = self->entries->len;

  arc_hex_groups_add (self->hex_groups, batch->hex_groups);

  for (guint i = 0; i < batch->entries->len; i++)
    {
      ArcEntry *entry = batch->entries->pdata[i];

      g_ptr_array_add (self->entries, g_object_ref (entry));
      if (!arc_entry_is_combined (entry))
        {
          char *path = g_file_get_path (arc_entry_get_file (entry));
          if (path)
            g_hash_table_replace (self->by_path, path, entry);
        }
    }
  take_skipped (self, batch->skipped);
  set_n_scanned (self, batch->n_scanned);
  if (batch->entries->len > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), position, 0, batch->entries->len);
}

/* Adds the batches a worker found to the list (in the main thread) */
static gboolean
drain_pending (gpointer user_data)
{
  ArcCollection *self = user_data;
  g_autoptr(GPtrArray) batches = NULL;

  g_mutex_lock (&self->pending_lock);
  batches = g_steal_pointer (&self->pending);
  self->pending = g_ptr_array_new_with_free_func (arc_batch_free);
  self->drain_source = 0;
  g_mutex_unlock (&self->pending_lock);

  for (guint i = 0; i < batches->len; i++)
    apply_batch (self, batches->pdata[i]);
  return G_SOURCE_REMOVE;
}


/* A scanner in the calling thread hands its batches here */
static void
apply_now (Batch    *batch,
           gpointer  data)
{
  apply_batch (data, batch);
  arc_batch_free (batch);
}

/* A scanner in a worker thread hands its batches here: they wait for the
 * main context */
static void
queue_batch (Batch    *batch,
             gpointer  data)
{
  ArcCollection *self = data;

  g_mutex_lock (&self->pending_lock);
  g_ptr_array_add (self->pending, batch);
  if (self->drain_source == 0)
    {
      GSource *source = g_idle_source_new ();

      g_source_set_priority (source, G_PRIORITY_DEFAULT);
      g_source_set_callback (source, drain_pending, g_object_ref (self), g_object_unref);
      g_source_set_static_name (source, "[arc-collection] drain");
      self->drain_source = g_source_attach (source, self->context);
      g_source_unref (source);
    }
  g_mutex_unlock (&self->pending_lock);
}

/* Ends a load in the main thread: sorts if the scan's order was not final
 * (Kaggle groups beside folders of the same name), and starts watching. */
static void
finish_load (ArcCollection *self,
             GPtrArray     *folders,
             const GError  *error)
{
  g_clear_error (&self->error);
  if (error)
    self->error = g_error_copy (error);
  drain_pending (self);
  sort_entries (self);
  if (self->watch)
    {
      if (self->kind == ARC_COLLECTION_FOLDER)
        for (guint i = 0; i < folders->len; i++)
          arc_collection_watch_folder (self, folders->pdata[i], g_object_get_data (folders->pdata[i], "arc-rel"));
      else
        arc_collection_watch_file (self, self->file);
    }
  self->loading = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

/**
 * arc_collection_new:
 * @file: a task file, a folder or a Kaggle `*_challenges.json` file
 * @display_root: (nullable): how to name @file in messages (the path as the
 *   user typed it); entries are named relative to it
 *
 * Returns: (transfer full): an empty collection; load it with
 * arc_collection_load() or arc_collection_load_async()
 */
ArcCollection *
arc_collection_new (GFile      *file,
                    const char *display_root)
{
  ArcCollection *self;
  g_autofree char *basename = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  self = g_object_new (ARC_TYPE_COLLECTION, NULL);
  self->file = g_object_ref (file);
  self->display_root = display_root ? g_strdup (display_root) : g_file_get_parse_name (file);
  basename = g_file_get_basename (file);
  self->title = g_filename_display_name (basename ? basename : "/");
  return self;
}

/**
 * arc_collection_set_watch:
 * With %TRUE, a load also starts watching the files: tasks added, changed or
 * removed on disk appear, refresh or vanish.
 */
void
arc_collection_set_watch (ArcCollection *self,
                          gboolean       watch)
{
  g_return_if_fail (ARC_IS_COLLECTION (self));
  self->watch = watch;
}

/**
 * arc_collection_load:
 * Lists the tasks without parsing them, in the calling thread.
 */
gboolean
arc_collection_load (ArcCollection  *self,
                     GCancellable   *cancellable,
                     GError        **error)
{
  Scanner scanner;
  gboolean ok;

  g_return_val_if_fail (ARC_IS_COLLECTION (self), FALSE);
  g_return_val_if_fail (!self->loading, FALSE);

  g_autoptr(GError) local_error = NULL;

  self->loading = TRUE;
  arc_scanner_init (&scanner, self->file, self->display_root, cancellable, apply_now, self);
  ok = arc_scan (&scanner, &self->kind, &local_error);
  finish_load (self, scanner.folders, local_error);
  arc_scanner_clear (&scanner);
  if (local_error)
    g_propagate_error (error, g_steal_pointer (&local_error));
  return ok;
}

/**
 * arc_collection_scan_each:
 * @func: called with each entry as it is found, in the order of the list
 *
 * Goes through the tasks of a new collection in the calling thread without
 * keeping them: each entry is handed to @func and then dropped, so that a
 * collection of any size takes constant memory. The list stays empty; the
 * files that are not tasks are kept (arc_collection_get_skipped()).
 */
gboolean
arc_collection_scan_each (ArcCollection  *self,
                          ArcEntryFunc    func,
                          gpointer        user_data,
                          GCancellable   *cancellable,
                          GError        **error)
{
  Scanner scanner;
  gboolean ok;

  g_return_val_if_fail (ARC_IS_COLLECTION (self), FALSE);
  g_return_val_if_fail (func != NULL, FALSE);
  g_return_val_if_fail (!self->loading && self->entries->len == 0, FALSE);

  arc_scanner_init (&scanner, self->file, self->display_root, cancellable, apply_now, self);
  scanner.each = func;
  scanner.each_data = user_data;
  ok = arc_scan (&scanner, &self->kind, error);
  arc_scanner_clear (&scanner);
  return ok;
}

static void
load_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  ArcCollection *self = source_object;
  Scanner *scanner = g_new0 (Scanner, 1);
  GError *error = NULL;

  arc_scanner_init (scanner, self->file, self->display_root, cancellable, queue_batch, self);
  if (arc_scan (scanner, &self->kind, &error))
    {
      GPtrArray *folders = g_steal_pointer (&scanner->folders);

      arc_scanner_clear (scanner);
      g_free (scanner);
      g_task_return_pointer (task, folders, (GDestroyNotify) g_ptr_array_unref);
    }
  else
    {
      arc_scanner_clear (scanner);
      g_free (scanner);
      g_task_return_error (task, error);
    }
}

/**
 * arc_collection_load_async:
 * Lists the tasks in a worker thread. Entries appear in the list in batches
 * while the scan goes on ("n-scanned" counts the files seen); "loading" is
 * %TRUE until it ends. Cancelling keeps what was listed so far.
 */
void
arc_collection_load_async (ArcCollection       *self,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (ARC_IS_COLLECTION (self));
  g_return_if_fail (!self->loading);

  self->loading = TRUE;
  g_clear_pointer (&self->context, g_main_context_unref);
  self->context = g_main_context_ref_thread_default ();
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, arc_collection_load_async);
  g_task_set_name (task, "[arc-collection] load");
  g_task_run_in_thread (task, load_thread);
}

gboolean
arc_collection_load_finish (ArcCollection  *self,
                            GAsyncResult   *result,
                            GError        **error)
{
  g_autoptr(GPtrArray) folders = NULL;
  g_autoptr(GPtrArray) none = g_ptr_array_new ();
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (ARC_IS_COLLECTION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  folders = g_task_propagate_pointer (G_TASK (result), &local_error);
  finish_load (self, folders ? folders : none, local_error);
  if (local_error)
    g_propagate_error (error, g_steal_pointer (&local_error));
  return folders != NULL;
}

/**
 * arc_collection_new_for_file:
 * Creates a collection and lists its tasks in the calling thread.
 *
 * Returns: (transfer full) (nullable): the collection, or %NULL if @file
 * cannot be opened at all
 */
ArcCollection *
arc_collection_new_for_file (GFile         *file,
                             const char    *display_root,
                             GCancellable  *cancellable,
                             GError       **error)
{
  g_autoptr(ArcCollection) self = arc_collection_new (file, display_root);

  if (!arc_collection_load (self, cancellable, error))
    return NULL;
  return g_steal_pointer (&self);
}


/**
 * arc_collection_flush:
 * Adds what a background load has found so far to the list now, rather than
 * at the next idle of the main loop.
 */
void
arc_collection_flush (ArcCollection *self)
{
  g_return_if_fail (ARC_IS_COLLECTION (self));

  if (self->drain_source)
    {
      GSource *source = g_main_context_find_source_by_id (self->context, self->drain_source);

      if (source)
        g_source_destroy (source);
    }
  drain_pending (self);
}

/**
 * arc_collection_get_error:
 * Returns: (nullable): why the last load failed (or was cancelled)
 */
const GError *
arc_collection_get_error (ArcCollection *self)
{
  g_return_val_if_fail (ARC_IS_COLLECTION (self), NULL);
  return self->error;
}

gboolean
arc_collection_get_loading (ArcCollection *self)
{
  g_return_val_if_fail (ARC_IS_COLLECTION (self), FALSE);
  return self->loading;
}

guint
arc_collection_get_n_scanned (ArcCollection *self)
{
  g_return_val_if_fail (ARC_IS_COLLECTION (self), 0);
  return self->n_scanned;
}

GFile *
arc_collection_get_file (ArcCollection *self)
{
  g_return_val_if_fail (ARC_IS_COLLECTION (self), NULL);
  return self->file;
}

/**
 * arc_file_in_document_portal:
 * Returns: whether @file is in the document portal's file system (what
 *   the file chooser portal gives a Flatpak sandbox): a change made there
 *   by another program is not reported to a file monitor
 */
gboolean
arc_file_in_document_portal (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *documents = g_build_filename (g_get_user_runtime_dir (), "doc", NULL);
  g_autoptr(GFile) runtime_root = g_file_new_for_path (documents);
  g_autoptr(GFile) flatpak_root = g_file_new_for_path ("/run/flatpak/doc");

  return path != NULL && (g_file_has_prefix (file, runtime_root) || g_file_has_prefix (file, flatpak_root));
}

/**
 * arc_collection_follows_disk:
 * Returns: whether changes made on disk by other programs are seen while
 *   the collection is open (not in the document portal)
 */
gboolean
arc_collection_follows_disk (ArcCollection *self)
{
  g_return_val_if_fail (ARC_IS_COLLECTION (self), FALSE);
  return !arc_file_in_document_portal (self->file);
}

const char *
arc_collection_get_title (ArcCollection *self)
{
  g_return_val_if_fail (ARC_IS_COLLECTION (self), NULL);
  return self->title;
}

ArcCollectionKind
arc_collection_get_kind (ArcCollection *self)
{
  g_return_val_if_fail (ARC_IS_COLLECTION (self), ARC_COLLECTION_FOLDER);
  return self->kind;
}

/**
 * arc_collection_get_skipped:
 * Returns: (transfer none) (element-type ArcSkipped): files that are not tasks
 */
GPtrArray *
arc_collection_get_skipped (ArcCollection *self)
{
  g_return_val_if_fail (ARC_IS_COLLECTION (self), NULL);
  return self->skipped;
}

/**
 * arc_collection_dup_groups:
 * Returns: (transfer full): the groups in order, "" for the top folder
 */
GStrv
arc_collection_dup_groups (ArcCollection *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (ARC_IS_COLLECTION (self), NULL);

  if (self->groups == NULL)
    {
      self->groups = g_ptr_array_new_with_free_func (g_free);
      add_groups (self, 0, self->entries->len);
    }
  for (guint i = 0; i < self->groups->len; i++)
    g_strv_builder_add (builder, self->groups->pdata[i]);
  return g_strv_builder_end (builder);
}

/**
 * arc_collection_get_entry:
 * Returns: (transfer none) (nullable): the entry at @position
 */
ArcEntry *
arc_collection_get_entry (ArcCollection *self,
                          guint          position)
{
  g_return_val_if_fail (ARC_IS_COLLECTION (self), NULL);

  if (position >= self->entries->len)
    return NULL;
  return self->entries->pdata[position];
}

/**
 * arc_collection_find:
 * Finds the first entry whose id is @id, or, failing that, whose
 * "group/id" is @id.
 */
gboolean
arc_collection_find (ArcCollection *self,
                     const char    *id,
                     guint         *position)
{
  g_return_val_if_fail (ARC_IS_COLLECTION (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  for (guint i = 0; i < self->entries->len; i++)
    if (strcmp (arc_entry_get_id (self->entries->pdata[i]), id) == 0)
      {
        if (position)
          *position = i;
        return TRUE;
      }
  for (guint i = 0; i < self->entries->len; i++)
    {
      ArcEntry *entry = self->entries->pdata[i];
      g_autofree char *full = arc_join_rel (arc_entry_get_group (entry), arc_entry_get_id (entry));

      if (strcmp (full, id) == 0)
        {
          if (position)
            *position = i;
          return TRUE;
        }
    }
  return FALSE;
}

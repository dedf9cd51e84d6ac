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

#include "arc-collection.h"
#include "arc-error.h"

#define MAX_FOLDER_DEPTH 64
#define MAX_WATCHED_FOLDERS 1024
#define BATCH_SIZE 512

/* What a scan finds. A scan runs in a worker thread for arc_collection_load_async(),
 * and hands over what it found in batches, in the order of the final list. */
typedef struct
{
  ArcCollection *self;          /* read-only in the worker: display_root */
  GCancellable  *cancellable;
  GPtrArray     *entries;       /* ArcEntry, not yet in the list */
  GPtrArray     *skipped;       /* ArcSkipped */
  GPtrArray     *folders;       /* GFile of every folder scanned, with "arc-rel" data */
  GHashTable    *visited;       /* "device:inode" of folders already scanned */
  guint          n_scanned;
  gboolean       threaded;
} Scanner;

struct _ArcCollection
{
  GObject            parent_instance;

  GFile             *file;
  char              *title;
  char              *display_root;
  ArcCollectionKind  kind;
  GPtrArray         *entries;   /* ArcEntry */
  GPtrArray         *skipped;   /* ArcSkipped */
  GHashTable        *by_path;   /* path -> ArcEntry, for task files */

  /* Loading */
  gboolean           loading;
  GError            *error;      /* why the last load failed */
  guint              n_scanned;
  GMutex             pending_lock;
  GPtrArray         *pending;   /* batches the worker found, for the main thread */
  guint              drain_source;
  GMainContext      *context;

  /* Watching */
  gboolean           watch;
  GPtrArray         *monitors;  /* GFileMonitor */
};

typedef struct
{
  GPtrArray *entries;
  GPtrArray *skipped;
  guint      n_scanned;
} Batch;

enum {
  PROP_0,
  PROP_LOADING,
  PROP_N_SCANNED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void list_model_iface_init (GListModelInterface *iface);
static void watch_folder (ArcCollection *self, GFile *dir, const char *rel);
static void watch_file (ArcCollection *self, GFile *file);

G_DEFINE_FINAL_TYPE_WITH_CODE (ArcCollection, arc_collection, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static void
skipped_free (gpointer data)
{
  ArcSkipped *s = data;

  g_free (s->display_name);
  g_free (s->reason);
  g_free (s);
}

static void
batch_free (gpointer data)
{
  Batch *batch = data;

  g_ptr_array_unref (batch->entries);
  g_ptr_array_unref (batch->skipped);
  g_free (batch);
}

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
  g_ptr_array_unref (self->skipped);
  g_hash_table_unref (self->by_path);
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
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
arc_collection_init (ArcCollection *self)
{
  self->entries = g_ptr_array_new_with_free_func (g_object_unref);
  self->skipped = g_ptr_array_new_with_free_func (skipped_free);
  self->by_path = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->pending = g_ptr_array_new_with_free_func (batch_free);
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

/**
 * arc_natural_compare:
 * Compares strings so that runs of digits compare by their value:
 * `task_2` comes before `task_10`, while runs with leading zeros compare
 * digit by digit, so that hexadecimal ids such as `00576224` and `007bbfb7`
 * keep their usual order. Case is ignored unless it is the only difference.
 * Deterministic in every locale.
 */
int
arc_natural_compare (const char *a,
                     const char *b)
{
  g_autofree char *la = g_ascii_strdown (a, -1);
  g_autofree char *lb = g_ascii_strdown (b, -1);
  int cmp = strverscmp (la, lb);

  if (cmp != 0)
    return cmp < 0 ? -1 : 1;
  cmp = strcmp (a, b);
  return cmp < 0 ? -1 : cmp > 0 ? 1 : 0;
}

/* Groups compare folder by folder, so that "a/b" comes right after "a" and
 * before "a-c": the order in which a folder scan finds them. */
static int
group_compare (const char *a,
               const char *b)
{
  while (*a && *b)
    {
      const char *ea = strchr (a, '/'), *eb = strchr (b, '/');
      g_autofree char *ca = ea ? g_strndup (a, (gsize) (ea - a)) : g_strdup (a);
      g_autofree char *cb = eb ? g_strndup (b, (gsize) (eb - b)) : g_strdup (b);
      int cmp = arc_natural_compare (ca, cb);

      if (cmp != 0)
        return cmp;
      if (!ea || !eb)
        return ea ? 1 : eb ? -1 : 0;
      a = ea + 1;
      b = eb + 1;
    }
  return *a ? 1 : *b ? -1 : 0;
}

static int
entry_compare (gconstpointer pa,
               gconstpointer pb)
{
  ArcEntry *a = *(ArcEntry **) pa;
  ArcEntry *b = *(ArcEntry **) pb;
  int cmp = group_compare (arc_entry_get_group (a), arc_entry_get_group (b));

  if (cmp != 0)
    return cmp;
  return arc_natural_compare (arc_entry_get_id (a), arc_entry_get_id (b));
}

static void
add_skipped (GPtrArray  *skipped,
             const char *display_name,
             const char *reason)
{
  ArcSkipped *s = g_new0 (ArcSkipped, 1);

  s->display_name = g_strdup (display_name);
  s->reason = g_strdup (reason);
  g_ptr_array_add (skipped, s);
}

static char *
join_display (ArcCollection *self,
              const char    *rel)
{
  if (rel == NULL || *rel == '\0')
    return g_strdup (self->display_root);
  if (g_str_has_suffix (self->display_root, "/"))
    return g_strconcat (self->display_root, rel, NULL);
  return g_strconcat (self->display_root, "/", rel, NULL);
}

static char *
join_rel (const char *dir,
          const char *name)
{
  if (dir == NULL || *dir == '\0')
    return g_strdup (name);
  return g_strconcat (dir, "/", name, NULL);
}

static gboolean
has_suffix_ci (const char *name,
               const char *suffix)
{
  gsize n = strlen (name), s = strlen (suffix);

  return n >= s && g_ascii_strcasecmp (name + n - s, suffix) == 0;
}

static char *
strip_suffix (const char *name,
              const char *suffix)
{
  return g_strndup (name, strlen (name) - strlen (suffix));
}

/* The split of a Kaggle file: "arc-agi_training_challenges.json" -> "training". */
static char *
kaggle_split (const char *basename)
{
  g_autofree char *stem = strip_suffix (basename, "_challenges.json");
  const char *underscore = strrchr (stem, '_');

  return g_strdup (underscore && underscore[1] ? underscore + 1 : stem);
}

/* Scanning */

static void
scanner_init (Scanner       *scanner,
              ArcCollection *self,
              GCancellable  *cancellable,
              gboolean       threaded)
{
  memset (scanner, 0, sizeof *scanner);
  scanner->self = self;
  scanner->cancellable = cancellable;
  scanner->entries = g_ptr_array_new_with_free_func (g_object_unref);
  scanner->skipped = g_ptr_array_new_with_free_func (skipped_free);
  scanner->folders = g_ptr_array_new_with_free_func (g_object_unref);
  scanner->visited = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  scanner->threaded = threaded;
}

static void
scanner_clear (Scanner *scanner)
{
  g_clear_pointer (&scanner->entries, g_ptr_array_unref);
  g_clear_pointer (&scanner->skipped, g_ptr_array_unref);
  g_clear_pointer (&scanner->folders, g_ptr_array_unref);
  g_clear_pointer (&scanner->visited, g_hash_table_unref);
}

static void apply_batch (ArcCollection *self, Batch *batch);

static gboolean
drain_pending (gpointer user_data)
{
  ArcCollection *self = user_data;
  g_autoptr(GPtrArray) batches = NULL;

  g_mutex_lock (&self->pending_lock);
  batches = g_steal_pointer (&self->pending);
  self->pending = g_ptr_array_new_with_free_func (batch_free);
  self->drain_source = 0;
  g_mutex_unlock (&self->pending_lock);

  for (guint i = 0; i < batches->len; i++)
    apply_batch (self, batches->pdata[i]);
  return G_SOURCE_REMOVE;
}

/* Hands what was found so far to the list: directly when scanning in the
 * calling thread, through the main context from a worker. */
static void
scanner_flush (Scanner *scanner)
{
  ArcCollection *self = scanner->self;
  Batch *batch;

  if (scanner->entries->len == 0 && scanner->skipped->len == 0)
    return;
  batch = g_new0 (Batch, 1);
  batch->entries = g_steal_pointer (&scanner->entries);
  batch->skipped = g_steal_pointer (&scanner->skipped);
  batch->n_scanned = scanner->n_scanned;
  scanner->entries = g_ptr_array_new_with_free_func (g_object_unref);
  scanner->skipped = g_ptr_array_new_with_free_func (skipped_free);

  if (!scanner->threaded)
    {
      apply_batch (self, batch);
      batch_free (batch);
      return;
    }
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

static void
scan_combined (Scanner    *scanner,
               GFile      *file,
               const char *rel,
               const char *group)
{
  ArcCollection *self = scanner->self;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) data = NULL;
  g_autoptr(GBytes) solutions_data = NULL;
  g_autoptr(GFile) solutions_file = NULL;
  g_autoptr(ArcCombined) combined = NULL;
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) spans = g_array_new (FALSE, FALSE, sizeof (ArcSpan));
  g_autofree char *display = join_display (self, rel);
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *stem = strip_suffix (basename, "_challenges.json");

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
            g_autofree char *sol_rel = join_rel (dir && strcmp (dir, ".") != 0 ? dir : NULL, sol_name);
            g_autofree char *sol_display = rel ? join_display (self, sol_rel) : g_file_get_parse_name (solutions_file);

            add_skipped (scanner->skipped, sol_display, sol_error->message);
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
  for (guint i = 0; i < ids->len; i++)
    {
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

static int
child_compare (gconstpointer pa,
               gconstpointer pb)
{
  return arc_natural_compare (((const Child *) pa)->name, ((const Child *) pb)->name);
}

static void
child_clear (gpointer data)
{
  g_free (((Child *) data)->name);
}

/* Scans @dir: its task files first, then its Kaggle files, then its
 * sub-folders, each in natural order, which is the order of the final list. */
static void
scan_folder (Scanner    *scanner,
             GFile      *dir,
             const char *rel,
             int         depth)
{
  ArcCollection *self = scanner->self;
  g_autoptr(GFileEnumerator) enumerator = NULL;
  g_autoptr(GFileInfo) dir_info = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) children = g_array_new (FALSE, FALSE, sizeof (Child));
  g_autoptr(GPtrArray) challenges = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) solutions = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *display_dir = join_display (self, rel);

  g_array_set_clear_func (children, child_clear);
  if (g_cancellable_is_cancelled (scanner->cancellable))
    return;
  if (depth > MAX_FOLDER_DEPTH)
    {
      add_skipped (scanner->skipped, display_dir, _("folders nested too deeply"));
      return;
    }

  /* Symbolic links can make a folder its own descendant. */
  dir_info = g_file_query_info (dir, G_FILE_ATTRIBUTE_ID_FILE, G_FILE_QUERY_INFO_NONE, scanner->cancellable, NULL);
  if (dir_info && g_file_info_get_attribute_string (dir_info, G_FILE_ATTRIBUTE_ID_FILE))
    {
      const char *id = g_file_info_get_attribute_string (dir_info, G_FILE_ATTRIBUTE_ID_FILE);

      if (g_hash_table_contains (scanner->visited, id))
        {
          add_skipped (scanner->skipped, display_dir, _("the folder was already scanned (a symbolic link loop)"));
          return;
        }
      g_hash_table_add (scanner->visited, g_strdup (id));
    }

  enumerator = g_file_enumerate_children (dir,
                                          G_FILE_ATTRIBUTE_STANDARD_NAME ","
                                          G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                          G_FILE_QUERY_INFO_NONE, scanner->cancellable, &error);
  if (enumerator == NULL)
    {
      add_skipped (scanner->skipped, display_dir, error->message);
      return;
    }
  {
    GFile *folder = g_object_ref (dir);

    g_object_set_data_full (G_OBJECT (folder), "arc-rel", g_strdup (rel), g_free);
    g_ptr_array_add (scanner->folders, folder);
  }

  for (;;)
    {
      GFileInfo *info = NULL;
      Child child;

      if (!g_file_enumerator_iterate (enumerator, &info, NULL, scanner->cancellable, &error))
        {
          add_skipped (scanner->skipped, display_dir, error->message);
          break;
        }
      if (info == NULL)
        break;
      child.name = g_strdup (g_file_info_get_name (info));
      child.type = g_file_info_get_file_type (info);
      if (child.name[0] == '.')
        {
          g_free (child.name);  /* hidden files and folders (.git, editor backups) */
          continue;
        }
      g_array_append_val (children, child);
    }
  g_array_sort (children, child_compare);

  for (guint i = 0; i < children->len; i++)
    {
      Child *c = &g_array_index (children, Child, i);
      g_autofree char *child_rel = join_rel (rel, c->name);
      g_autofree char *child_display = NULL;

      if (c->type == G_FILE_TYPE_DIRECTORY)
        continue;
      scanner->n_scanned++;
      switch (c->type)
        {
        case G_FILE_TYPE_REGULAR:
          if (has_suffix_ci (c->name, ".arcnotes"))
            break;  /* our own sidecars */
          if (!has_suffix_ci (c->name, ".json"))
            {
              child_display = join_display (self, child_rel);
              add_skipped (scanner->skipped, child_display, _("not a .json file"));
            }
          else if (has_suffix_ci (c->name, "_challenges.json"))
            g_ptr_array_add (challenges, g_strdup (c->name));
          else if (has_suffix_ci (c->name, "_solutions.json"))
            g_ptr_array_add (solutions, g_strdup (c->name));
          else
            {
              g_autoptr(GFile) child = g_file_get_child (dir, c->name);
              g_autofree char *id = strip_suffix (c->name, ".json");

              child_display = join_display (self, child_rel);
              g_ptr_array_add (scanner->entries, arc_entry_new_for_file (child, id, rel, child_display));
            }
          break;

        case G_FILE_TYPE_SYMBOLIC_LINK:
          /* When following the link failed: it dangles or loops. */
          child_display = join_display (self, child_rel);
          add_skipped (scanner->skipped, child_display, _("a broken symbolic link or a link loop"));
          break;

        case G_FILE_TYPE_DIRECTORY:
        case G_FILE_TYPE_SPECIAL:
        case G_FILE_TYPE_SHORTCUT:
        case G_FILE_TYPE_MOUNTABLE:
        case G_FILE_TYPE_UNKNOWN:
        default:
          child_display = join_display (self, child_rel);
          add_skipped (scanner->skipped, child_display, _("not a regular file (a FIFO, socket or device)"));
          break;
        }
      if (scanner->entries->len >= BATCH_SIZE)
        scanner_flush (scanner);
    }

  for (guint i = 0; i < challenges->len; i++)
    {
      const char *name = challenges->pdata[i];
      g_autoptr(GFile) child = g_file_get_child (dir, name);
      g_autofree char *child_rel = join_rel (rel, name);
      g_autofree char *split = kaggle_split (name);
      g_autofree char *group = join_rel (rel, split);

      scan_combined (scanner, child, child_rel, group);
    }
  for (guint i = 0; i < solutions->len; i++)
    {
      const char *name = solutions->pdata[i];
      g_autofree char *stem = strip_suffix (name, "_solutions.json");
      g_autofree char *pair = g_strconcat (stem, "_challenges.json", NULL);
      gboolean paired = FALSE;

      for (guint j = 0; j < challenges->len && !paired; j++)
        paired = g_ascii_strcasecmp (challenges->pdata[j], pair) == 0;
      if (!paired)
        {
          g_autofree char *child_rel = join_rel (rel, name);
          g_autofree char *child_display = join_display (self, child_rel);

          add_skipped (scanner->skipped, child_display, _("a solutions file without its challenges file"));
        }
    }
  scanner_flush (scanner);

  for (guint i = 0; i < children->len; i++)
    {
      Child *c = &g_array_index (children, Child, i);

      if (c->type == G_FILE_TYPE_DIRECTORY)
        {
          g_autoptr(GFile) child = g_file_get_child (dir, c->name);
          g_autofree char *child_rel = join_rel (rel, c->name);

          scan_folder (scanner, child, child_rel, depth + 1);
          if (g_cancellable_is_cancelled (scanner->cancellable))
            return;
        }
    }
}

/* Adds a batch to the list (in the main thread). */
static void
apply_batch (ArcCollection *self,
             Batch         *batch)
{
  guint position = self->entries->len;

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
  for (guint i = 0; i < batch->skipped->len; i++)
    {
      ArcSkipped *s = batch->skipped->pdata[i];
      add_skipped (self->skipped, s->display_name, s->reason);
    }
  if (self->n_scanned != batch->n_scanned)
    {
      self->n_scanned = batch->n_scanned;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_SCANNED]);
    }
  if (batch->entries->len > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), position, 0, batch->entries->len);
}

/* Works out what @file is, and scans it. Runs in the worker thread for an
 * asynchronous load. */
static gboolean
scan (Scanner  *scanner,
      GError  **error)
{
  ArcCollection *self = scanner->self;
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *basename = g_file_get_basename (self->file);

  info = g_file_query_info (self->file, G_FILE_ATTRIBUTE_STANDARD_TYPE, G_FILE_QUERY_INFO_NONE,
                            scanner->cancellable, &local_error);
  if (info == NULL)
    {
      g_set_error (error, ARC_ERROR,
                   g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND) ? ARC_ERROR_NOT_FOUND
                                                                                  : ARC_ERROR_IO,
                   "%s: %s", self->display_root, local_error->message);
      return FALSE;
    }

  switch (g_file_info_get_file_type (info))
    {
    case G_FILE_TYPE_DIRECTORY:
      self->kind = ARC_COLLECTION_FOLDER;
      scan_folder (scanner, self->file, "", 0);
      break;

    case G_FILE_TYPE_REGULAR:
      if (has_suffix_ci (basename, "_challenges.json"))
        {
          g_autofree char *split = kaggle_split (basename);

          self->kind = ARC_COLLECTION_COMBINED;
          scan_combined (scanner, self->file, NULL, split);
        }
      else if (has_suffix_ci (basename, "_solutions.json"))
        {
          g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID,
                       _("%s: this is a solutions file; open the challenges file beside it"),
                       self->display_root);
          return FALSE;
        }
      else
        {
          g_autofree char *id = has_suffix_ci (basename, ".json") ? strip_suffix (basename, ".json")
                                                                   : g_strdup (basename);

          self->kind = ARC_COLLECTION_TASK_FILE;
          g_ptr_array_add (scanner->entries, arc_entry_new_for_file (self->file, id, "", self->display_root));
          scanner->n_scanned = 1;
        }
      break;

    case G_FILE_TYPE_SYMBOLIC_LINK:
      g_set_error (error, ARC_ERROR, ARC_ERROR_NOT_FOUND, _("%s: a broken symbolic link or a link loop"),
                   self->display_root);
      return FALSE;

    default:
      g_set_error (error, ARC_ERROR, ARC_ERROR_NOT_A_FILE,
                   _("%s: not a regular file (a FIFO, socket or device)"), self->display_root);
      return FALSE;
    }
  scanner_flush (scanner);
  return !g_cancellable_set_error_if_cancelled (scanner->cancellable, error);
}

/* Ends a load in the main thread: sorts if the scan's order was not final
 * (Kaggle groups beside folders of the same name), and starts watching. */
static void
finish_load (ArcCollection *self,
             GPtrArray     *folders,
             const GError  *error)
{
  gboolean sorted = TRUE;

  g_clear_error (&self->error);
  if (error)
    self->error = g_error_copy (error);
  drain_pending (self);
  for (guint i = 1; i < self->entries->len && sorted; i++)
    sorted = entry_compare (&self->entries->pdata[i - 1], &self->entries->pdata[i]) <= 0;
  if (!sorted)
    {
      g_ptr_array_sort (self->entries, entry_compare);
      g_list_model_items_changed (G_LIST_MODEL (self), 0, self->entries->len, self->entries->len);
    }
  if (self->watch)
    {
      if (self->kind == ARC_COLLECTION_FOLDER)
        for (guint i = 0; i < folders->len; i++)
          watch_folder (self, folders->pdata[i], g_object_get_data (folders->pdata[i], "arc-rel"));
      else
        watch_file (self, self->file);
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
  scanner_init (&scanner, self, cancellable, FALSE);
  ok = scan (&scanner, &local_error);
  finish_load (self, scanner.folders, local_error);
  scanner_clear (&scanner);
  if (local_error)
    g_propagate_error (error, g_steal_pointer (&local_error));
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

  scanner_init (scanner, self, cancellable, TRUE);
  if (scan (scanner, &error))
    {
      GPtrArray *folders = g_steal_pointer (&scanner->folders);

      scanner_clear (scanner);
      g_free (scanner);
      g_task_return_pointer (task, folders, (GDestroyNotify) g_ptr_array_unref);
    }
  else
    {
      scanner_clear (scanner);
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

/* Watching */

static gboolean
insert_sorted (ArcCollection *self,
               ArcEntry      *entry)
{
  guint lo = 0, hi = self->entries->len;
  char *path;

  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;

      if (entry_compare (&self->entries->pdata[mid], &entry) <= 0)
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
      g_autofree char *child_rel = join_rel (rel, name);
      Scanner scanner;

      scanner_init (&scanner, self, NULL, FALSE);
      scan_folder (&scanner, file, child_rel, 1);
      for (guint i = 0; i < scanner.entries->len; i++)
        insert_sorted (self, scanner.entries->pdata[i]);
      for (guint i = 0; i < scanner.folders->len; i++)
        watch_folder (self, scanner.folders->pdata[i], g_object_get_data (scanner.folders->pdata[i], "arc-rel"));
      scanner_clear (&scanner);
      return;
    }
  if (g_file_info_get_file_type (info) == G_FILE_TYPE_REGULAR && has_suffix_ci (name, ".json") &&
      !has_suffix_ci (name, "_challenges.json") && !has_suffix_ci (name, "_solutions.json"))
    {
      g_autofree char *id = strip_suffix (name, ".json");
      g_autofree char *child_rel = join_rel (rel, name);
      g_autofree char *display = join_display (self, child_rel);
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

static void
watch_folder (ArcCollection *self,
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
      g_autofree char *split = kaggle_split (basename);

      scanner_init (&scanner, self, NULL, FALSE);
      scan_combined (&scanner, self->file, NULL, split);
      g_ptr_array_set_size (self->entries, 0);
      g_ptr_array_extend_and_steal (self->entries, g_steal_pointer (&scanner.entries));
      scanner.entries = g_ptr_array_new_with_free_func (g_object_unref);
      scanner_clear (&scanner);
      g_list_model_items_changed (G_LIST_MODEL (self), 0, removed, self->entries->len);
    }
}

static void
watch_file (ArcCollection *self,
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
  const char *last = NULL;

  g_return_val_if_fail (ARC_IS_COLLECTION (self), NULL);

  /* Entries are sorted by group. */
  for (guint i = 0; i < self->entries->len; i++)
    {
      const char *group = arc_entry_get_group (self->entries->pdata[i]);

      if (last == NULL || strcmp (last, group) != 0)
        g_strv_builder_add (builder, group);
      last = group;
    }
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
      g_autofree char *full = join_rel (arc_entry_get_group (entry), arc_entry_get_id (entry));

      if (strcmp (full, id) == 0)
        {
          if (position)
            *position = i;
          return TRUE;
        }
    }
  return FALSE;
}

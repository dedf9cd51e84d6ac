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

struct _ArcCollection
{
  GObject            parent_instance;

  GFile             *file;
  char              *title;
  char              *display_root;
  ArcCollectionKind  kind;
  GPtrArray         *entries;   /* ArcEntry */
  GPtrArray         *skipped;   /* ArcSkipped */
  GHashTable        *visited;   /* "device:inode" of folders already scanned */
};

static void list_model_iface_init (GListModelInterface *iface);

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
arc_collection_finalize (GObject *object)
{
  ArcCollection *self = ARC_COLLECTION (object);

  g_clear_object (&self->file);
  g_free (self->title);
  g_free (self->display_root);
  g_ptr_array_unref (self->entries);
  g_ptr_array_unref (self->skipped);
  g_clear_pointer (&self->visited, g_hash_table_unref);

  G_OBJECT_CLASS (arc_collection_parent_class)->finalize (object);
}

static void
arc_collection_class_init (ArcCollectionClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = arc_collection_finalize;
}

static void
arc_collection_init (ArcCollection *self)
{
  self->entries = g_ptr_array_new_with_free_func (g_object_unref);
  self->skipped = g_ptr_array_new_with_free_func (skipped_free);
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

static int
entry_compare (gconstpointer pa,
               gconstpointer pb)
{
  ArcEntry *a = *(ArcEntry **) pa;
  ArcEntry *b = *(ArcEntry **) pb;
  int cmp = arc_natural_compare (arc_entry_get_group (a), arc_entry_get_group (b));

  if (cmp != 0)
    return cmp;
  return arc_natural_compare (arc_entry_get_id (a), arc_entry_get_id (b));
}

static void
add_skipped (ArcCollection *self,
             const char    *display_name,
             const char    *reason)
{
  ArcSkipped *s = g_new0 (ArcSkipped, 1);

  s->display_name = g_strdup (display_name);
  s->reason = g_strdup (reason);
  g_ptr_array_add (self->skipped, s);
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

static void
add_combined (ArcCollection *self,
              GFile         *file,
              const char    *rel,
              const char    *group)
{
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
      g_ptr_array_add (self->entries, arc_entry_new_failed (file, basename, group, display, error));
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

            add_skipped (self, sol_display, sol_error->message);
          }
      }
    if (solutions_data == NULL)
      g_clear_object (&solutions_file);
  }

  combined = arc_combined_new (file, data, solutions_file, solutions_data);
  if (!arc_combined_scan (combined, ids, spans, &error))
    {
      g_ptr_array_add (self->entries, arc_entry_new_failed (file, basename, group, display, error));
      return;
    }
  for (guint i = 0; i < ids->len; i++)
    {
      g_autofree char *entry_display = g_strdup_printf ("%s#%s", display, (char *) ids->pdata[i]);

      g_ptr_array_add (self->entries,
                       arc_entry_new_for_combined (combined, ids->pdata[i], group, entry_display,
                                                   g_array_index (spans, ArcSpan, i)));
    }
}

static void
scan_folder (ArcCollection *self,
             GFile         *dir,
             const char    *rel,
             int            depth,
             GCancellable  *cancellable)
{
  g_autoptr(GFileEnumerator) enumerator = NULL;
  g_autoptr(GFileInfo) dir_info = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) challenges = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) solutions = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *display_dir = join_display (self, rel);

  if (g_cancellable_is_cancelled (cancellable))
    return;
  if (depth > MAX_FOLDER_DEPTH)
    {
      add_skipped (self, display_dir, _("folders nested too deeply"));
      return;
    }

  /* Symbolic links can make a folder its own descendant. */
  dir_info = g_file_query_info (dir, G_FILE_ATTRIBUTE_ID_FILE, G_FILE_QUERY_INFO_NONE, cancellable, NULL);
  if (dir_info && g_file_info_get_attribute_string (dir_info, G_FILE_ATTRIBUTE_ID_FILE))
    {
      const char *id = g_file_info_get_attribute_string (dir_info, G_FILE_ATTRIBUTE_ID_FILE);

      if (g_hash_table_contains (self->visited, id))
        {
          add_skipped (self, display_dir, _("the folder was already scanned (a symbolic link loop)"));
          return;
        }
      g_hash_table_add (self->visited, g_strdup (id));
    }

  enumerator = g_file_enumerate_children (dir,
                                          G_FILE_ATTRIBUTE_STANDARD_NAME ","
                                          G_FILE_ATTRIBUTE_STANDARD_TYPE ","
                                          G_FILE_ATTRIBUTE_STANDARD_IS_SYMLINK,
                                          G_FILE_QUERY_INFO_NONE, cancellable, &error);
  if (enumerator == NULL)
    {
      add_skipped (self, display_dir, error->message);
      return;
    }

  for (;;)
    {
      GFileInfo *info = NULL;
      GFile *child = NULL;
      const char *name;
      g_autofree char *child_rel = NULL;
      g_autofree char *child_display = NULL;

      if (!g_file_enumerator_iterate (enumerator, &info, &child, cancellable, &error))
        {
          add_skipped (self, display_dir, error->message);
          break;
        }
      if (info == NULL)
        break;

      name = g_file_info_get_name (info);
      if (name[0] == '.')
        continue;  /* hidden files and folders (.git, editor backups) */
      child_rel = join_rel (rel, name);

      switch (g_file_info_get_file_type (info))
        {
        case G_FILE_TYPE_DIRECTORY:
          scan_folder (self, child, child_rel, depth + 1, cancellable);
          break;

        case G_FILE_TYPE_REGULAR:
          if (has_suffix_ci (name, ".arcnotes"))
            break;  /* our own sidecars */
          if (!has_suffix_ci (name, ".json"))
            {
              child_display = join_display (self, child_rel);
              add_skipped (self, child_display, _("not a .json file"));
            }
          else if (has_suffix_ci (name, "_challenges.json"))
            g_ptr_array_add (challenges, g_strdup (name));
          else if (has_suffix_ci (name, "_solutions.json"))
            g_ptr_array_add (solutions, g_strdup (name));
          else
            {
              g_autofree char *id = strip_suffix (name, ".json");

              child_display = join_display (self, child_rel);
              g_ptr_array_add (self->entries, arc_entry_new_for_file (child, id, rel, child_display));
            }
          break;

        case G_FILE_TYPE_SYMBOLIC_LINK:
          /* When following the link failed: it dangles or loops. */
          child_display = join_display (self, child_rel);
          add_skipped (self, child_display, _("a broken symbolic link or a link loop"));
          break;

        case G_FILE_TYPE_SPECIAL:
        case G_FILE_TYPE_SHORTCUT:
        case G_FILE_TYPE_MOUNTABLE:
        case G_FILE_TYPE_UNKNOWN:
        default:
          child_display = join_display (self, child_rel);
          add_skipped (self, child_display, _("not a regular file (a FIFO, socket or device)"));
          break;
        }
      if (g_cancellable_is_cancelled (cancellable))
        return;
    }

  for (guint i = 0; i < challenges->len; i++)
    {
      const char *name = challenges->pdata[i];
      g_autoptr(GFile) child = g_file_get_child (dir, name);
      g_autofree char *child_rel = join_rel (rel, name);
      g_autofree char *split = kaggle_split (name);
      g_autofree char *group = join_rel (rel, split);

      add_combined (self, child, child_rel, group);
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

          add_skipped (self, child_display, _("a solutions file without its challenges file"));
        }
    }
}

/**
 * arc_collection_new_for_file:
 * @file: a task file, a folder or a Kaggle `*_challenges.json` file
 * @display_root: (nullable): how to name @file in messages (the path as the
 *   user typed it); entries are named relative to it
 *
 * Lists the tasks of @file without parsing them.
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
  g_autoptr(ArcCollection) self = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *basename = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  self = g_object_new (ARC_TYPE_COLLECTION, NULL);
  self->file = g_object_ref (file);
  self->display_root = display_root ? g_strdup (display_root) : g_file_get_parse_name (file);
  basename = g_file_get_basename (file);

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE "," G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME,
                            G_FILE_QUERY_INFO_NONE, cancellable, &local_error);
  if (info == NULL)
    {
      g_set_error (error, ARC_ERROR,
                   g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND) ? ARC_ERROR_NOT_FOUND
                                                                                  : ARC_ERROR_IO,
                   "%s: %s", self->display_root, local_error->message);
      return NULL;
    }

  switch (g_file_info_get_file_type (info))
    {
    case G_FILE_TYPE_DIRECTORY:
      self->kind = ARC_COLLECTION_FOLDER;
      self->title = g_strdup (g_file_info_get_display_name (info));
      self->visited = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      scan_folder (self, file, "", 0, cancellable);
      g_clear_pointer (&self->visited, g_hash_table_unref);
      break;

    case G_FILE_TYPE_REGULAR:
      if (has_suffix_ci (basename, "_challenges.json"))
        {
          g_autofree char *split = kaggle_split (basename);

          self->kind = ARC_COLLECTION_COMBINED;
          self->title = g_strdup (g_file_info_get_display_name (info));
          /* Entries are named after the file itself */
          add_combined (self, file, NULL, split);
        }
      else if (has_suffix_ci (basename, "_solutions.json"))
        {
          g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID,
                       _("%s: this is a solutions file; open the challenges file beside it"),
                       self->display_root);
          return NULL;
        }
      else
        {
          g_autofree char *id = has_suffix_ci (basename, ".json") ? strip_suffix (basename, ".json")
                                                                   : g_strdup (basename);

          self->kind = ARC_COLLECTION_TASK_FILE;
          self->title = g_strdup (g_file_info_get_display_name (info));
          g_ptr_array_add (self->entries, arc_entry_new_for_file (file, id, "", self->display_root));
        }
      break;

    case G_FILE_TYPE_SYMBOLIC_LINK:
      g_set_error (error, ARC_ERROR, ARC_ERROR_NOT_FOUND, _("%s: a broken symbolic link or a link loop"),
                   self->display_root);
      return NULL;

    default:
      g_set_error (error, ARC_ERROR, ARC_ERROR_NOT_A_FILE,
                   _("%s: not a regular file (a FIFO, socket or device)"), self->display_root);
      return NULL;
    }

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  g_ptr_array_sort (self->entries, entry_compare);
  return g_steal_pointer (&self);
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

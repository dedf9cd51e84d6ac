/* arc-entry.c: one task of a collection, parsed when first needed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-entry"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arc-entry.h"
#include "arc-error.h"
#include "arc-file.h"
#include "arc-task-parse.h"

/* Entries */

struct _ArcEntry
{
  GObject         parent_instance;

  char           *id;
  char           *group;
  char           *display_name;
  GFile          *file;
  ArcCombined    *combined;   /* (nullable) */
  ArcSpan         span;       /* in the combined file, or the line of a JSON Lines file */
  guint           line;       /* of a JSON Lines file, from 1; 0 for the others */

  GMutex          lock;
  ArcEntryStatus  status;
  ArcTask        *task;
  ArcGrid        *thumbnail;  /* the first test input, kept for lists */
  guint           n_tests;
  GPtrArray      *problems;
  char           *error_message;
  gboolean        unreadable; /* the error is that the file could not be read */
  gboolean        unsaved;    /* being edited, with edits not saved (main thread only) */
};

G_DEFINE_FINAL_TYPE (ArcEntry, arc_entry, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_GROUP,
  PROP_STATUS,
  PROP_UNSAVED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
arc_entry_finalize (GObject *object)
{
  ArcEntry *self = ARC_ENTRY (object);

  g_free (self->id);
  g_free (self->group);
  g_free (self->display_name);
  g_clear_object (&self->file);
  g_clear_pointer (&self->combined, arc_combined_unref);
  g_clear_object (&self->task);
  g_clear_pointer (&self->thumbnail, arc_grid_free);
  g_clear_pointer (&self->problems, g_ptr_array_unref);
  g_free (self->error_message);
  g_mutex_clear (&self->lock);

  G_OBJECT_CLASS (arc_entry_parent_class)->finalize (object);
}

static void
arc_entry_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  ArcEntry *self = ARC_ENTRY (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;
    case PROP_GROUP:
      g_value_set_string (value, self->group);
      break;
    case PROP_STATUS:
      g_value_set_int (value, self->status);
      break;
    case PROP_UNSAVED:
      g_value_set_boolean (value, self->unsaved);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arc_entry_class_init (ArcEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = arc_entry_finalize;
  object_class->get_property = arc_entry_get_property;

  properties[PROP_ID] =
    g_param_spec_string ("id", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_GROUP] =
    g_param_spec_string ("group", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_STATUS] =
    g_param_spec_int ("status", NULL, NULL, ARC_ENTRY_UNKNOWN, ARC_ENTRY_INVALID, ARC_ENTRY_UNKNOWN,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_UNSAVED] =
    g_param_spec_boolean ("unsaved", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
arc_entry_init (ArcEntry *self)
{
  g_mutex_init (&self->lock);
}

/* Whether @error says that a file could not be read (rather than that what
 * it holds is not a task) */
static gboolean
is_read_error (const GError *error)
{
  return g_error_matches (error, ARC_ERROR, ARC_ERROR_IO) ||
         g_error_matches (error, ARC_ERROR, ARC_ERROR_NOT_FOUND) ||
         g_error_matches (error, ARC_ERROR, ARC_ERROR_NOT_A_FILE);
}

static ArcEntry *
entry_new (GFile      *file,
           const char *id,
           const char *group,
           const char *display_name)
{
  ArcEntry *self = g_object_new (ARC_TYPE_ENTRY, NULL);

  self->file = g_object_ref (file);
  self->id = g_strdup (id);
  self->group = g_strdup (group ? group : "");
  self->display_name = display_name ? g_strdup (display_name) : g_file_get_parse_name (file);
  return self;
}

ArcEntry *
arc_entry_new_for_file (GFile      *file,
                        const char *id,
                        const char *group,
                        const char *display_name)
{
  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  return entry_new (file, id, group, display_name);
}

ArcEntry *
arc_entry_new_for_combined (ArcCombined *combined,
                            const char  *id,
                            const char  *group,
                            const char  *display_name,
                            ArcSpan      span)
{
  ArcEntry *self;

  g_return_val_if_fail (combined != NULL, NULL);
  g_return_val_if_fail (id != NULL, NULL);

  self = entry_new (arc_combined_get_file (combined), id, group, display_name);
  self->combined = arc_combined_ref (combined);
  self->span = span;
  return self;
}

/**
 * arc_entry_new_for_line:
 * @span: where the line is in @file
 * @line: its number, from 1
 *
 * An entry for one line of a JSON Lines file: the line is read from the
 * file when the task is first needed, never the whole file.
 */
ArcEntry *
arc_entry_new_for_line (GFile      *file,
                        const char *id,
                        const char *group,
                        const char *display_name,
                        ArcSpan     span,
                        guint       line)
{
  ArcEntry *self;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (id != NULL && line > 0, NULL);

  self = entry_new (file, id, group, display_name);
  self->span = span;
  self->line = line;
  return self;
}

/**
 * arc_entry_get_line:
 * Returns: the line of a JSON Lines file the task is on, from 1; 0 for a
 * task of a task file or a Kaggle file
 */
guint
arc_entry_get_line (ArcEntry *self)
{
  g_return_val_if_fail (ARC_IS_ENTRY (self), 0);
  return self->line;
}

/**
 * arc_entry_new_failed:
 * An entry for something that looked like a task but could not be read at
 * all (an unreadable combined file, say); it stays invalid with @error.
 */
ArcEntry *
arc_entry_new_failed (GFile        *file,
                      const char   *id,
                      const char   *group,
                      const char   *display_name,
                      const GError *error)
{
  ArcEntry *self;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error != NULL, NULL);

  self = entry_new (file, id, group, display_name);
  self->status = ARC_ENTRY_INVALID;
  self->error_message = g_strdup (error->message);
  self->unreadable = is_read_error (error);
  self->problems = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_problem_free);
  g_ptr_array_add (self->problems, arc_problem_new (ARC_SEVERITY_ERROR, "", error->message));
  return self;
}

const char *
arc_entry_get_id (ArcEntry *self)
{
  g_return_val_if_fail (ARC_IS_ENTRY (self), NULL);
  return self->id;
}

const char *
arc_entry_get_group (ArcEntry *self)
{
  g_return_val_if_fail (ARC_IS_ENTRY (self), NULL);
  return self->group;
}

/**
 * arc_entry_get_display_name:
 * Returns: the task's file as the user named it, with `#ID` after a
 * combined file
 */
const char *
arc_entry_get_display_name (ArcEntry *self)
{
  g_return_val_if_fail (ARC_IS_ENTRY (self), NULL);
  return self->display_name;
}

GFile *
arc_entry_get_file (ArcEntry *self)
{
  g_return_val_if_fail (ARC_IS_ENTRY (self), NULL);
  return self->file;
}

/**
 * arc_entry_is_task:
 * @file: (nullable): a task's file
 * @id: (nullable): its id in that file
 *
 * The one rule for "the same task": entries are made anew whenever a file
 * is listed again, so two entries, or an entry and a task being edited,
 * are the same task when they have the same file and id (a group is only
 * where the file lies).
 *
 * Returns: whether @self is the task @id of @file
 */
gboolean
arc_entry_is_task (ArcEntry   *self,
                   GFile      *file,
                   const char *id)
{
  g_return_val_if_fail (ARC_IS_ENTRY (self), FALSE);

  return file != NULL && id != NULL && self->file != NULL &&
         g_str_equal (self->id, id) && g_file_equal (self->file, file);
}

/**
 * arc_entry_is_combined:
 * Returns: whether the task is one of many in its file (a Kaggle file or a
 * JSON Lines file), not a task file of its own
 */
gboolean
arc_entry_is_combined (ArcEntry *self)
{
  g_return_val_if_fail (ARC_IS_ENTRY (self), FALSE);
  return self->combined != NULL || self->line > 0;
}

/**
 * arc_entry_is_combined_in:
 * Returns: whether the task is one of the many of the Kaggle or JSON Lines
 * file @file (whose tasks share one notes file)
 */
gboolean
arc_entry_is_combined_in (ArcEntry *self,
                          GFile    *file)
{
  g_return_val_if_fail (ARC_IS_ENTRY (self), FALSE);
  return arc_entry_is_combined (self) && g_file_equal (self->file, file);
}

ArcEntryStatus
arc_entry_get_status (ArcEntry *self)
{
  ArcEntryStatus status;

  g_return_val_if_fail (ARC_IS_ENTRY (self), ARC_ENTRY_UNKNOWN);

  /* A worker may be checking it (arc_entry_validate) */
  g_mutex_lock (&self->lock);
  status = self->status;
  g_mutex_unlock (&self->lock);
  return status;
}

static ArcTask *
entry_parse (ArcEntry   *self,
             GPtrArray **problems,
             GError    **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GPtrArray) solutions = NULL;
  ArcTask *task;
  const char *data;

  if (self->combined == NULL)
    {
      /* A task file of its own, or one line of a JSON Lines file */
      g_autoptr(GBytes) bytes = self->line > 0
        ? arc_file_load_range (self->file, (goffset) self->span.start, self->span.end - self->span.start, &local_error)
        : arc_file_load_bounded (self->file, ARC_TASK_MAX_FILE_SIZE, &local_error);
      gsize length;

      if (bytes == NULL)
        {
          *problems = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_problem_free);
          g_ptr_array_add (*problems, arc_problem_new (ARC_SEVERITY_ERROR, "", local_error->message));
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
      data = g_bytes_get_data (bytes, &length);
      return arc_task_new_from_line (data ? data : "", 0, length, MAX (self->line, 1), self->id, problems, error);
    }

  data = g_bytes_get_data (arc_combined_get_data (self->combined), NULL);
  task = arc_task_new_from_range (data, self->span.start, self->span.end, self->id, problems, error);
  if (task == NULL)
    return NULL;

  solutions = arc_combined_dup_solutions (self->combined, self->id, &local_error);
  if (local_error != NULL || (solutions && solutions->len != arc_task_get_n_test (task)))
    {
      g_autofree char *name = g_file_get_basename (arc_combined_get_solutions_file (self->combined));
      g_autofree char *msg = NULL;

      if (local_error)
        msg = g_strdup_printf (_("the solutions in %s cannot be used: %s"), name, local_error->message);
      else
        {
          guint n_tests = arc_task_get_n_test (task);
          g_autofree char *found = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u solution", "%u solutions",
                                                                 solutions->len), solutions->len);
          g_autofree char *wanted = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u test input", "%u test inputs",
                                                                  n_tests), n_tests);

          /* TRANSLATORS: "arc-agi_training_solutions.json has 2 solutions for 1 test input; …" */
          msg = g_strdup_printf (_("%s has %s for %s; they are not used"), name, found, wanted);
        }
      g_ptr_array_add (arc_task_get_warnings (task), arc_problem_new (ARC_SEVERITY_WARNING, "", msg));
      if (*problems)
        g_ptr_array_add (*problems, arc_problem_new (ARC_SEVERITY_WARNING, "", msg));
    }
  else if (solutions)
    for (guint i = 0; i < solutions->len; i++)
      if (arc_task_get_test (task, i)->output == NULL)
        arc_task_set_test_output (task, i, solutions->pdata[i]);
  return task;
}

/* What a parse is for */
typedef enum
{
  PARSE_CHECK     = 0,       /* the status, problems and number of tests */
  PARSE_KEEP_TASK = 1 << 0,  /* and the task, kept */
  PARSE_THUMBNAIL = 1 << 1,  /* and the thumbnail, kept */
} ParseWants;

/* Parses the task if what is wanted is not known yet; with the lock held.
 * Returns TRUE if the status changed or a thumbnail was made. */
static gboolean
ensure_parsed (ArcEntry    *self,
               ParseWants   wants,
               ArcTask    **task_out)
{
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTask) task = NULL;
  ArcEntryStatus old_status = self->status;
  gboolean valid = self->status == ARC_ENTRY_VALID;
  gboolean made_thumbnail = FALSE;

  if (self->status != ARC_ENTRY_UNKNOWN &&
      !(valid && (wants & PARSE_KEEP_TASK) && self->task == NULL) &&
      !(valid && (wants & PARSE_THUMBNAIL) && self->thumbnail == NULL))
    {
      if (task_out && self->task)
        *task_out = g_object_ref (self->task);
      return FALSE;
    }
  task = entry_parse (self, &problems, &error);
  if (self->status == ARC_ENTRY_UNKNOWN)
    {
      g_clear_pointer (&self->problems, g_ptr_array_unref);
      self->problems = g_steal_pointer (&problems);
      g_clear_pointer (&self->error_message, g_free);
      g_clear_pointer (&self->thumbnail, arc_grid_free);
      if (task)
        {
          self->status = ARC_ENTRY_VALID;
          self->n_tests = arc_task_get_n_test (task);
        }
      else
        {
          self->status = ARC_ENTRY_INVALID;
          self->error_message = g_strdup (error->message);
        }
      self->unreadable = task == NULL && is_read_error (error);
    }
  if (task && (wants & PARSE_THUMBNAIL) && self->thumbnail == NULL)
    {
      self->thumbnail = arc_grid_copy (arc_task_get_test (task, 0)->input);
      made_thumbnail = TRUE;
    }
  if ((wants & PARSE_KEEP_TASK) && task)
    g_set_object (&self->task, task);
  if (task_out && task)
    *task_out = g_steal_pointer (&task);
  return self->status != old_status || made_thumbnail;
}

/**
 * arc_entry_load:
 * Parses the task on first use and keeps it. Safe to call from any thread,
 * but "status" is notified in the calling thread.
 *
 * Returns: (transfer full) (nullable): the task, or %NULL with @error set to
 * the first problem, prefixed with the entry's display name
 */
ArcTask *
arc_entry_load (ArcEntry *self,
                GError  **error)
{
  ArcTask *task = NULL;
  gboolean changed;

  g_return_val_if_fail (ARC_IS_ENTRY (self), NULL);

  g_mutex_lock (&self->lock);
  changed = ensure_parsed (self, PARSE_KEEP_TASK | PARSE_THUMBNAIL, &task);
  if (task == NULL)
    g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, "%s: %s", self->display_name, self->error_message);
  g_mutex_unlock (&self->lock);

  if (changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS]);
  return task;
}

/**
 * arc_entry_dup_content_hash:
 * arc_task_dup_content_hash() of the task as it is (the kept task, or the
 * file read again). Keeps nothing and notifies nothing, so that the check's
 * workers can ask it.
 *
 * Returns: (transfer full) (nullable): the hash, %NULL for an invalid task
 */
char *
arc_entry_dup_content_hash (ArcEntry *self)
{
  g_autoptr(ArcTask) task = NULL;
  g_autoptr(GPtrArray) problems = NULL;

  g_return_val_if_fail (ARC_IS_ENTRY (self), NULL);

  g_mutex_lock (&self->lock);
  task = self->task ? g_object_ref (self->task) : entry_parse (self, &problems, NULL);
  g_mutex_unlock (&self->lock);
  return task ? arc_task_dup_content_hash (task) : NULL;
}

/**
 * arc_entry_validate:
 * Parses and checks the task if that was not done yet, keeping its status
 * and problems but not the task itself nor a thumbnail (so that checking a
 * whole collection takes little memory). Safe in any thread; notifies
 * nothing: call arc_entry_notify_status() in the main thread when it
 * returns %TRUE.
 *
 * Returns: %TRUE if the status changed
 */
gboolean
arc_entry_validate (ArcEntry *self)
{
  gboolean changed;

  g_return_val_if_fail (ARC_IS_ENTRY (self), FALSE);

  g_mutex_lock (&self->lock);
  changed = ensure_parsed (self, PARSE_CHECK, NULL);
  g_mutex_unlock (&self->lock);
  return changed;
}

/**
 * arc_entry_make_thumbnail:
 * As arc_entry_validate(), and keeps the first test input as a thumbnail:
 * for a task shown in a list. Safe in any thread.
 *
 * Returns: %TRUE if the status changed or the thumbnail was made
 */
gboolean
arc_entry_make_thumbnail (ArcEntry *self)
{
  gboolean changed;

  g_return_val_if_fail (ARC_IS_ENTRY (self), FALSE);

  g_mutex_lock (&self->lock);
  changed = ensure_parsed (self, PARSE_THUMBNAIL, NULL);
  g_mutex_unlock (&self->lock);
  return changed;
}

/**
 * arc_entry_needs_thumbnail:
 * Returns: whether arc_entry_make_thumbnail() has something to do: the task
 * is not checked yet, or is valid and has no thumbnail
 */
gboolean
arc_entry_needs_thumbnail (ArcEntry *self)
{
  gboolean needs;

  g_return_val_if_fail (ARC_IS_ENTRY (self), FALSE);

  g_mutex_lock (&self->lock);
  needs = self->status == ARC_ENTRY_UNKNOWN || (self->status == ARC_ENTRY_VALID && self->thumbnail == NULL);
  g_mutex_unlock (&self->lock);
  return needs;
}

void
arc_entry_notify_status (ArcEntry *self)
{
  g_return_if_fail (ARC_IS_ENTRY (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS]);
}

/**
 * arc_entry_get_n_tests:
 * Returns: the number of test inputs, once the task has been parsed (0 before)
 */
guint
arc_entry_get_n_tests (ArcEntry *self)
{
  guint n;

  g_return_val_if_fail (ARC_IS_ENTRY (self), 0);

  g_mutex_lock (&self->lock);
  n = self->n_tests;
  g_mutex_unlock (&self->lock);
  return n;
}

/**
 * arc_entry_dup_thumbnail:
 * Returns: (transfer full) (nullable): the first test input, once
 * arc_entry_make_thumbnail() or arc_entry_load() made it
 */
ArcGrid *
arc_entry_dup_thumbnail (ArcEntry *self)
{
  ArcGrid *grid;

  g_return_val_if_fail (ARC_IS_ENTRY (self), NULL);

  g_mutex_lock (&self->lock);
  grid = self->thumbnail ? arc_grid_copy (self->thumbnail) : NULL;
  g_mutex_unlock (&self->lock);
  return grid;
}

/**
 * arc_entry_dup_problems:
 * The array is never changed once made (a new parse makes a new one), so a
 * reference to it stays valid whatever a worker does to the entry.
 *
 * Returns: (transfer full) (nullable) (element-type ArcProblem): the errors
 * and warnings found when the task was loaded
 */
GPtrArray *
arc_entry_dup_problems (ArcEntry *self)
{
  GPtrArray *problems;

  g_return_val_if_fail (ARC_IS_ENTRY (self), NULL);

  g_mutex_lock (&self->lock);
  problems = self->problems ? g_ptr_array_ref (self->problems) : NULL;
  g_mutex_unlock (&self->lock);
  return problems;
}

/**
 * arc_entry_dup_error_message:
 * Returns: (transfer full) (nullable): why the task is invalid, without the
 * file name
 */
char *
arc_entry_dup_error_message (ArcEntry *self)
{
  char *message;

  g_return_val_if_fail (ARC_IS_ENTRY (self), NULL);

  g_mutex_lock (&self->lock);
  message = g_strdup (self->error_message);
  g_mutex_unlock (&self->lock);
  return message;
}

/**
 * arc_entry_get_unreadable:
 * Whether the task is invalid because its file could not be read (no
 * permission, a broken link, an input/output error), as the last check
 * (arc_entry_validate() or a load) found.
 */
gboolean
arc_entry_get_unreadable (ArcEntry *self)
{
  gboolean unreadable;

  g_return_val_if_fail (ARC_IS_ENTRY (self), FALSE);

  g_mutex_lock (&self->lock);
  unreadable = self->unreadable;
  g_mutex_unlock (&self->lock);
  return unreadable;
}

/**
 * arc_entry_invalidate:
 * Forgets the parsed task so that the next load reads the file again (it
 * changed on disk).
 */
void
arc_entry_invalidate (ArcEntry *self)
{
  g_return_if_fail (ARC_IS_ENTRY (self));

  if (self->combined)
    return;
  g_mutex_lock (&self->lock);
  self->status = ARC_ENTRY_UNKNOWN;
  g_clear_object (&self->task);
  g_clear_pointer (&self->thumbnail, arc_grid_free);
  g_clear_pointer (&self->problems, g_ptr_array_unref);
  g_clear_pointer (&self->error_message, g_free);
  g_mutex_unlock (&self->lock);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS]);
}

/**
 * arc_entry_set_unsaved:
 * Marks the task as edited with edits not saved yet (the task editor's),
 * for the list to show.
 */
void
arc_entry_set_unsaved (ArcEntry *self,
                       gboolean  unsaved)
{
  g_return_if_fail (ARC_IS_ENTRY (self));

  if (self->unsaved == !!unsaved)
    return;
  self->unsaved = !!unsaved;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNSAVED]);
}

gboolean
arc_entry_get_unsaved (ArcEntry *self)
{
  g_return_val_if_fail (ARC_IS_ENTRY (self), FALSE);
  return self->unsaved;
}

/**
 * arc_entry_sidecar_for:
 * Returns: (transfer full): `NAME.arcnotes` beside `NAME.json` (a task file or
 * a Kaggle challenges file) or `NAME.jsonl` (a JSON Lines file)
 */
GFile *
arc_entry_sidecar_for (GFile *task_file)
{
  g_autoptr(GFile) parent = g_file_get_parent (task_file);
  g_autofree char *basename = g_file_get_basename (task_file);
  g_autofree char *stem = NULL;
  g_autofree char *name = NULL;
  gsize len = strlen (basename);

  if (len > 5 && g_ascii_strcasecmp (basename + len - 5, ".json") == 0)
    stem = g_strndup (basename, len - 5);
  else if (len > 6 && g_ascii_strcasecmp (basename + len - 6, ".jsonl") == 0)
    stem = g_strndup (basename, len - 6);
  else
    stem = g_strdup (basename);
  name = g_strconcat (stem, ARC_NOTES_SUFFIX, NULL);
  return parent ? g_file_get_child (parent, name) : g_file_new_for_path (name);
}

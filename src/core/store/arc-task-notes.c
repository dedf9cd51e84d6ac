/* arc-task-notes.c: one annotator's notes on the shown task, saved as they change
 *
 * The model behind the notes pane, the solve workspace and the replay: the
 * annotator's ArcAnnotation on one entry, in the notes file the store finds
 * for it. There is no Save button: an edit is saved at most a second after
 * it was made, even while typing goes on, an attempt at once. Saving never
 * blocks: the file is read and written by a worker (arc_notes_save_async()),
 * and a save asked for while one is under way follows it. A failed save
 * keeps the edits, says why, and is tried again later: every few seconds
 * when the disk is full, else less often each time. What another program
 * (another window, a git pull, another annotator) wrote to the file is
 * merged with the notes, field by field, when the monitor tells and before
 * each save, under the file's lock (arc-notes-merge.c): a text changed here
 * and there keeps both versions, and the user is told.
 *
 * The edits live in the ArcNotes that the store shares with the task list,
 * so badges and searches see them at once. The annotation is looked up each
 * time: reading the file again replaces it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-task-notes"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "arc-error.h"
#include "arc-file.h"
#include "arc-task-notes.h"

#define MAX_RETRY_DELAY_MS  60000

struct _ArcTaskNotes
{
  GObject        parent_instance;

  ArcNotesStore *store;
  ArcEntry      *entry;
  char          *annotator;
  ArcNotes      *notes;
  ArcNotesPlace  place;
  char          *notice;
  char          *error;
  gboolean       modified;
  gboolean       saving;
  gboolean       save_again;   /* asked for while saving */
  gboolean       recheck;      /* the file changed on disk while saving */
  guint          edits;        /* counts the edits, to tell those made during a save */
  guint          saving_edits;
  gboolean       took_theirs;  /* the save under way holds another program's changes too */
  guint          failures;     /* in a row: the retry waits longer each time (not for a full disk) */
  gboolean       no_space;     /* the last save failed for a full disk */
  gboolean       conflicted;   /* the notice says what was changed here and there */
  guint          save_source;
  guint          retry_source;
  guint          save_delay;
  guint          retry_delay;
  GFileMonitor  *monitor;
  GPtrArray     *waiters;      /* GTask of arc_task_notes_save_async() */
  gint64         shown_since;
};

G_DEFINE_FINAL_TYPE (ArcTaskNotes, arc_task_notes, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STORE,
  PROP_ENTRY,
  PROP_ANNOTATOR,
  PROP_PLACE,
  PROP_NOTICE,
  PROP_ERROR,
  PROP_MODIFIED,
  PROP_SAVING,
  PROP_N_ATTEMPTS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SAVED,
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void start_save (ArcTaskNotes *self);

static const char *
task_id (ArcTaskNotes *self)
{
  return arc_entry_get_id (self->entry);
}

static void
set_flag (ArcTaskNotes *self,
          gboolean     *flag,
          gboolean      value,
          guint         prop)
{
  if (*flag == value)
    return;
  *flag = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
set_string (ArcTaskNotes  *self,
            char         **field,
            const char    *value,
            guint          prop)
{
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
set_notice (ArcTaskNotes *self,
            const char   *notice)
{
  set_string (self, &self->notice, notice, PROP_NOTICE);
}

/* Completes the saves waited for */
static void
finish_waiters (ArcTaskNotes *self,
                const GError *error)
{
  g_autoptr(GPtrArray) waiters = g_steal_pointer (&self->waiters);

  self->waiters = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < waiters->len; i++)
    {
      if (error)
        g_task_return_error (waiters->pdata[i], g_error_copy (error));
      else
        g_task_return_boolean (waiters->pdata[i], TRUE);
    }
}

static gboolean
save_timeout_cb (gpointer data)
{
  ArcTaskNotes *self = data;

  self->save_source = 0;
  self->retry_source = 0;
  start_save (self);
  return G_SOURCE_REMOVE;
}

/* The delay runs from the first edit not saved: later edits do not put
 * the save off, so that steady typing is saved too */
static void
schedule_save (ArcTaskNotes *self)
{
  if (self->save_source == 0)
    self->save_source = g_timeout_add (self->save_delay, save_timeout_cb, self);
}

/* After @failures failed saves in a row: the delay doubles each time, but
 * for a full disk, which is tried again as often, to save as soon as there
 * is room */
static void
schedule_retry (ArcTaskNotes *self)
{
  guint delay = self->retry_delay;

  for (guint i = 1; i < self->failures && delay < MAX_RETRY_DELAY_MS && !self->no_space; i++)
    delay *= 2;
  delay = MIN (delay, MAX (MAX_RETRY_DELAY_MS, self->retry_delay));
  g_clear_handle_id (&self->retry_source, g_source_remove);
  self->retry_source = g_timeout_add (delay, save_timeout_cb, self);
}

static void check_disk (ArcTaskNotes *self);

static void
save_failed (ArcTaskNotes *self,
             const GError *error)
{
  self->failures++;
  self->no_space = g_error_matches (error, ARC_ERROR, ARC_ERROR_NO_SPACE);
  if (self->no_space)
    {
      g_autofree char *name = g_file_get_parse_name (arc_notes_get_file (self->notes));
      g_autofree char *message = g_strdup_printf (_("The disk is full: %s could not be saved. Your notes are kept "
                                                    "in memory and saved as soon as there is space."), name);

      set_string (self, &self->error, message, PROP_ERROR);
    }
  else
    set_string (self, &self->error, error->message, PROP_ERROR);
  schedule_retry (self);
  finish_waiters (self, error);
}

static void
save_succeeded (ArcTaskNotes *self)
{
  self->failures = 0;
  self->no_space = FALSE;
  set_string (self, &self->error, NULL, PROP_ERROR);
  if (self->edits == self->saving_edits)
    set_flag (self, &self->modified, FALSE, PROP_MODIFIED);
  g_signal_emit (self, signals[SAVED], 0, self->entry);
  if (self->modified && (self->save_again || self->waiters->len > 0))
    start_save (self);
  else if (!self->modified)
    finish_waiters (self, NULL);
  /* else: the edits made meanwhile have their own delay running */
}

static void
notes_saved_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(ArcTaskNotes) self = user_data;
  g_autoptr(GError) error = NULL;
  gboolean ok = arc_notes_save_finish (ARC_NOTES (source), result, &error);

  self->saving = FALSE;
  if (ok && !self->took_theirs)
    arc_notes_store_saved (self->store, self->entry);  /* ours alone: not news to the counts */
  self->took_theirs = FALSE;
  if (ok)
    save_succeeded (self);
  else
    save_failed (self, error);
  if (!self->saving)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SAVING]);
  if (self->recheck && !self->saving)
    {
      self->recheck = FALSE;
      check_disk (self);
    }
}

/* Saves now, if there is anything to save */
static void
start_save (ArcTaskNotes *self)
{
  gboolean was_saving = self->saving;

  g_clear_handle_id (&self->save_source, g_source_remove);
  g_clear_handle_id (&self->retry_source, g_source_remove);
  if (self->saving)
    {
      self->save_again = TRUE;
      return;
    }
  if (!self->modified)
    {
      finish_waiters (self, NULL);
      return;
    }
  self->save_again = FALSE;
  self->saving = TRUE;
  self->saving_edits = self->edits;
  arc_notes_save_async (self->notes, TRUE, NULL, notes_saved_cb, g_object_ref (self));
  if (!was_saving)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SAVING]);
}

/* The file changed on disk: ours (what it holds tells), or another program's */
static void
check_disk (ArcTaskNotes *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *hash = NULL;

  /* Gone, or not a file: nothing to read; a save will say what is wrong */
  hash = arc_file_query_hash_known (arc_notes_get_file (self->notes));
  if (hash == NULL)
    return;
  if (g_strcmp0 (hash, arc_notes_get_hash (self->notes)) == 0)
    return;
  /* Unsaved edits: theirs and ours, merged as they are saved, at once */
  if (self->modified)
    {
      start_save (self);
      return;
    }
  /* (merged rather than read again: the notes of another task in the same
   * file may be unsaved, left to the keeper) */
  if (arc_notes_merge (self->notes, &error))
    {
      /* Not news when this program wrote it; what was changed both here
       * and there is said until another task is shown */
      if (!arc_notes_store_get_writing (self->store) && !self->conflicted)
        set_notice (self, _("The notes file changed on disk and was read again."));
      g_signal_emit (self, signals[SAVED], 0, self->entry);
    }
  else
    set_notice (self, error->message);
}

/* A save or a read took in what another program wrote: shown again */
static void
notes_merged_cb (ArcNotes            *notes,
                 const char          *merged_task,
                 const char          *annotator,
                 const char * const  *conflicts,
                 ArcTaskNotes        *self)
{
  if (self->saving)
    self->took_theirs = TRUE;  /* news to the counts */
  if (!g_str_equal (merged_task, task_id (self)))
    return;
  if (conflicts && conflicts[0] && g_str_equal (annotator, self->annotator))
    {
      g_autofree char *notice = arc_notes_describe_conflicts (conflicts);

      set_notice (self, notice);
      self->conflicted = TRUE;
    }
  g_signal_emit (self, signals[CHANGED], 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ATTEMPTS]);
}

static void
file_changed_cb (GFileMonitor      *monitor,
                 GFile             *file,
                 GFile             *other,
                 GFileMonitorEvent  event,
                 ArcTaskNotes      *self)
{
  if (event != G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT && event != G_FILE_MONITOR_EVENT_CREATED)
    return;
  /* A save under way changes the etag when it ends: look then */
  if (self->saving || arc_notes_is_saving (self->notes))
    {
      self->recheck = TRUE;
      return;
    }
  check_disk (self);
}

/* Reads the notes file again if it changed: this program wrote it (a LARC import) */
void
arc_task_notes_reread (ArcTaskNotes *self)
{
  g_return_if_fail (ARC_IS_TASK_NOTES (self));
  check_disk (self);
}

/* The annotator's notes, made if there are none yet */
static ArcAnnotation *
begin_edit (ArcTaskNotes *self)
{
  return arc_notes_ensure (self->notes, task_id (self), self->annotator);
}

/* Marks an edit: saved after the delay, or now */
static void
end_edit (ArcTaskNotes  *self,
          ArcAnnotation *a,
          gboolean       now)
{
  gint64 time = g_get_monotonic_time ();

  a->modified = g_get_real_time ();
  a->seconds_spent += (time - self->shown_since) / G_USEC_PER_SEC;
  self->shown_since = time - (time - self->shown_since) % G_USEC_PER_SEC;
  self->edits++;
  set_flag (self, &self->modified, TRUE, PROP_MODIFIED);
  if (now)
    start_save (self);
  else if (self->retry_source == 0)
    schedule_save (self);
}

static char **
field_of (ArcAnnotation *a,
          ArcNotesField  field)
{
  switch (field)
    {
    case ARC_NOTES_FIELD_INPUT: return &a->input_text;
    case ARC_NOTES_FIELD_OUTPUT_SIZE: return &a->size_text;
    case ARC_NOTES_FIELD_TRANSFORMATION: return &a->transform_text;
    case ARC_NOTES_FIELD_NOTES: return &a->notes;
    case ARC_NOTES_FIELD_PROGRAM: return &a->program;
    default: g_return_val_if_reached (NULL);
    }
}

/**
 * arc_task_notes_get_text:
 * Returns: (transfer none): the text of @field, "" when none was written
 */
const char *
arc_task_notes_get_text (ArcTaskNotes  *self,
                         ArcNotesField  field)
{
  ArcAnnotation *a;

  g_return_val_if_fail (ARC_IS_TASK_NOTES (self), NULL);
  g_return_val_if_fail (field <= ARC_NOTES_FIELD_PROGRAM, NULL);

  a = arc_notes_get (self->notes, task_id (self), self->annotator);
  return a && *field_of (a, field) ? *field_of (a, field) : "";
}

void
arc_task_notes_set_text (ArcTaskNotes  *self,
                         ArcNotesField  field,
                         const char    *text)
{
  ArcAnnotation *a;
  char **value;

  g_return_if_fail (ARC_IS_TASK_NOTES (self));
  g_return_if_fail (field <= ARC_NOTES_FIELD_PROGRAM);

  if (g_strcmp0 (arc_task_notes_get_text (self, field), text ? text : "") == 0)
    return;
  a = begin_edit (self);
  value = field_of (a, field);
  g_free (*value);
  /* No program is no member, not an empty one */
  *value = field == ARC_NOTES_FIELD_PROGRAM && (text == NULL || *text == '\0') ? NULL : g_strdup (text ? text : "");
  end_edit (self, a, FALSE);
}

/**
 * arc_task_notes_set_tags:
 * @tags: the tags, in order; empty ones and repeats are left out, and
 *   spaces around them taken away
 */
void
arc_task_notes_set_tags (ArcTaskNotes       *self,
                         const char * const *tags)
{
  g_autoptr(GPtrArray) clean = g_ptr_array_new_with_free_func (g_free);
  const ArcAnnotation *old;
  ArcAnnotation *a;
  gboolean same;

  g_return_if_fail (ARC_IS_TASK_NOTES (self));

  for (guint i = 0; tags && tags[i]; i++)
    {
      char *tag = g_strstrip (g_strdup (tags[i]));

      if (*tag && !g_ptr_array_find_with_equal_func (clean, tag, g_str_equal, NULL))
        g_ptr_array_add (clean, tag);
      else
        g_free (tag);
    }
  old = arc_task_notes_get_annotation (self);
  same = (old ? old->tags->len : 0) == clean->len;
  for (guint i = 0; same && i < clean->len; i++)
    same = g_str_equal (old->tags->pdata[i], clean->pdata[i]);
  if (same)
    return;
  a = begin_edit (self);
  g_ptr_array_set_size (a->tags, 0);
  for (guint i = 0; i < clean->len; i++)
    g_ptr_array_add (a->tags, g_strdup (clean->pdata[i]));
  end_edit (self, a, FALSE);
}

/**
 * arc_task_notes_set_confidence:
 * @confidence: 0..10, or -1 for none given
 */
void
arc_task_notes_set_confidence (ArcTaskNotes *self,
                               int           confidence)
{
  const ArcAnnotation *old;
  ArcAnnotation *a;

  g_return_if_fail (ARC_IS_TASK_NOTES (self));
  g_return_if_fail (confidence >= -1 && confidence <= 10);

  old = arc_task_notes_get_annotation (self);
  if ((old ? old->confidence : -1) == confidence)
    return;
  a = begin_edit (self);
  a->confidence = confidence;
  end_edit (self, a, FALSE);
}

/**
 * arc_task_notes_set_difficulty:
 * @difficulty: "", "easy", "medium", "hard" or "very-hard"
 */
void
arc_task_notes_set_difficulty (ArcTaskNotes *self,
                               const char   *difficulty)
{
  const ArcAnnotation *old;
  ArcAnnotation *a;

  g_return_if_fail (ARC_IS_TASK_NOTES (self));

  if (difficulty == NULL)
    difficulty = "";
  old = arc_task_notes_get_annotation (self);
  if (g_strcmp0 (old ? old->difficulty : "", difficulty) == 0)
    return;
  a = begin_edit (self);
  g_free (a->difficulty);
  a->difficulty = g_strdup (difficulty);
  end_edit (self, a, FALSE);
}

/**
 * arc_task_notes_add_attempt:
 * Keeps a copy of an attempt from the solve workspace, and saves at once.
 */
void
arc_task_notes_add_attempt (ArcTaskNotes     *self,
                            const ArcAttempt *attempt)
{
  ArcAnnotation *a;

  g_return_if_fail (ARC_IS_TASK_NOTES (self));
  g_return_if_fail (attempt != NULL);

  a = begin_edit (self);
  g_ptr_array_add (a->attempts, arc_attempt_copy (attempt));
  end_edit (self, a, TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ATTEMPTS]);
}

/**
 * arc_task_notes_add_build:
 * @build: (transfer full): the annotator's build from @describer's
 *   description
 *
 * Keeps @build with @describer's description (LARC's protocol), and saves
 * at once.
 */
void
arc_task_notes_add_build (ArcTaskNotes *self,
                          const char   *describer,
                          ArcBuild     *build)
{
  ArcAnnotation *d;

  g_return_if_fail (ARC_IS_TASK_NOTES (self));
  g_return_if_fail (build != NULL);

  d = arc_notes_get (self->notes, task_id (self), describer);
  if (d == NULL)
    {
      arc_build_free (build);
      return;
    }
  g_ptr_array_add (d->builds, build);
  /* The time spent building is spent on the task */
  end_edit (self, begin_edit (self), TRUE);
  g_signal_emit (self, signals[CHANGED], 0);
}

/**
 * arc_task_notes_get_attempts:
 * Returns: (transfer none) (nullable) (element-type ArcAttempt): the
 * annotator's attempts, oldest first, until the notes change
 */
GPtrArray *
arc_task_notes_get_attempts (ArcTaskNotes *self)
{
  const ArcAnnotation *a;

  g_return_val_if_fail (ARC_IS_TASK_NOTES (self), NULL);

  a = arc_task_notes_get_annotation (self);
  return a ? a->attempts : NULL;
}

guint
arc_task_notes_get_n_attempts (ArcTaskNotes *self)
{
  GPtrArray *attempts = arc_task_notes_get_attempts (self);

  return attempts ? attempts->len : 0;
}

/**
 * arc_task_notes_save_async:
 * Saves now whatever is not saved yet (after the save under way, if any),
 * without waiting for the delay. Completes when it is on disk, or with the
 * error of the save that failed; the edits are kept either way.
 */
void
arc_task_notes_save_async (ArcTaskNotes        *self,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (ARC_IS_TASK_NOTES (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, arc_task_notes_save_async);
  if (!self->modified && !self->saving)
    {
      g_task_return_boolean (task, TRUE);
      g_object_unref (task);
      return;
    }
  g_ptr_array_add (self->waiters, task);
  if (!self->saving)
    start_save (self);
}

gboolean
arc_task_notes_save_finish (ArcTaskNotes  *self,
                            GAsyncResult  *result,
                            GError       **error)
{
  g_return_val_if_fail (ARC_IS_TASK_NOTES (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * arc_task_notes_set_delays:
 * @save_ms: how long after an edit it is saved at most (later edits do
 *   not put it off)
 * @retry_ms: how long after a failed save it is tried again (doubled at
 *   each failure in a row, up to a minute, but for a full disk)
 */
void
arc_task_notes_set_delays (ArcTaskNotes *self,
                           guint         save_ms,
                           guint         retry_ms)
{
  g_return_if_fail (ARC_IS_TASK_NOTES (self));

  self->save_delay = save_ms;
  self->retry_delay = MAX (retry_ms, 1);
}

/**
 * arc_task_notes_resolve_annotator:
 * @name: (nullable): the annotator's name from the preferences
 *
 * Returns: (transfer full): @name, or when it is empty the user's real name
 * (or login name, when the real one is unknown)
 */
char *
arc_task_notes_resolve_annotator (const char *name)
{
  const char *real;

  if (name && *name)
    return g_strdup (name);
  real = g_get_real_name ();
  return g_strdup (g_str_equal (real, "Unknown") ? g_get_user_name () : real);
}

/* Properties */

ArcEntry *
arc_task_notes_get_entry (ArcTaskNotes *self)
{
  g_return_val_if_fail (ARC_IS_TASK_NOTES (self), NULL);
  return self->entry;
}

ArcNotesStore *
arc_task_notes_get_store (ArcTaskNotes *self)
{
  g_return_val_if_fail (ARC_IS_TASK_NOTES (self), NULL);
  return self->store;
}

/**
 * arc_task_notes_get_notes:
 * Returns: (transfer none): the notes file, with everyone's notes
 */
ArcNotes *
arc_task_notes_get_notes (ArcTaskNotes *self)
{
  g_return_val_if_fail (ARC_IS_TASK_NOTES (self), NULL);
  return self->notes;
}

const char *
arc_task_notes_get_annotator (ArcTaskNotes *self)
{
  g_return_val_if_fail (ARC_IS_TASK_NOTES (self), NULL);
  return self->annotator;
}

ArcNotesPlace
arc_task_notes_get_place (ArcTaskNotes *self)
{
  g_return_val_if_fail (ARC_IS_TASK_NOTES (self), ARC_NOTES_BESIDE);
  return self->place;
}

/**
 * arc_task_notes_get_notice:
 * Returns: (nullable): what the user should know of where the notes are
 * kept or what happened to the file (not kept beside the task, changed on
 * disk), or %NULL
 */
const char *
arc_task_notes_get_notice (ArcTaskNotes *self)
{
  g_return_val_if_fail (ARC_IS_TASK_NOTES (self), NULL);
  return self->notice;
}

/**
 * arc_task_notes_get_error:
 * Returns: (nullable): why the last save failed (it is tried again), or
 * %NULL when it did not
 */
const char *
arc_task_notes_get_error (ArcTaskNotes *self)
{
  g_return_val_if_fail (ARC_IS_TASK_NOTES (self), NULL);
  return self->error;
}

/**
 * arc_task_notes_is_out_of_space:
 * Returns: %TRUE when the last save failed because the disk is full (it is
 *   tried again every few seconds)
 */
gboolean
arc_task_notes_is_out_of_space (ArcTaskNotes *self)
{
  g_return_val_if_fail (ARC_IS_TASK_NOTES (self), FALSE);
  return self->error != NULL && self->no_space;
}

/**
 * arc_task_notes_get_modified:
 * Returns: %TRUE if there are edits not saved yet
 */
gboolean
arc_task_notes_get_modified (ArcTaskNotes *self)
{
  g_return_val_if_fail (ARC_IS_TASK_NOTES (self), FALSE);
  return self->modified;
}

gboolean
arc_task_notes_get_saving (ArcTaskNotes *self)
{
  g_return_val_if_fail (ARC_IS_TASK_NOTES (self), FALSE);
  return self->saving;
}

/**
 * arc_task_notes_get_annotation:
 * Returns: (transfer none) (nullable): the annotator's notes, %NULL when
 * there are none yet; valid until the notes change (::changed)
 */
const ArcAnnotation *
arc_task_notes_get_annotation (ArcTaskNotes *self)
{
  g_return_val_if_fail (ARC_IS_TASK_NOTES (self), NULL);
  return arc_notes_get (self->notes, task_id (self), self->annotator);
}

/* GObject */

static void
find_notes (ArcTaskNotes *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *where = NULL;
  g_autofree char *message = NULL;

  self->notes = g_object_ref (arc_notes_store_get (self->store, self->entry, &self->place, &error));
  where = g_file_get_parse_name (arc_notes_get_file (self->notes));
  /* The bundled samples are never written: the notes pane says where
   * their notes go without a notice */
  if (self->place == ARC_NOTES_FALLBACK && !arc_file_is_bundled (arc_entry_get_file (self->entry)))
    message = g_strdup_printf (_("This folder cannot be written: your notes are kept in %s"), where);
  else if (self->place == ARC_NOTES_RECOVERED)
    message = g_strdup_printf (_("%s\nIt is not written over: your edits go to %s until you mend it."),
                               error ? error->message : "", where);
  self->notice = g_steal_pointer (&message);
}

static void
arc_task_notes_constructed (GObject *object)
{
  ArcTaskNotes *self = ARC_TASK_NOTES (object);

  G_OBJECT_CLASS (arc_task_notes_parent_class)->constructed (object);

  g_assert (self->store != NULL && self->entry != NULL);
  if (self->annotator == NULL)
    self->annotator = arc_task_notes_resolve_annotator (NULL);
  find_notes (self);
  arc_notes_store_follow (self->store, self->entry, TRUE);
  g_signal_connect (self->notes, "merged", G_CALLBACK (notes_merged_cb), self);
  self->monitor = g_file_monitor_file (arc_notes_get_file (self->notes), G_FILE_MONITOR_NONE, NULL, NULL);
  if (self->monitor)
    g_signal_connect (self->monitor, "changed", G_CALLBACK (file_changed_cb), self);
}

static void
arc_task_notes_dispose (GObject *object)
{
  ArcTaskNotes *self = ARC_TASK_NOTES (object);

  g_clear_handle_id (&self->save_source, g_source_remove);
  g_clear_handle_id (&self->retry_source, g_source_remove);
  if (self->monitor)
    {
      g_signal_handlers_disconnect_by_func (self->monitor, file_changed_cb, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  /* Edits no one waited for are still written (the write holds the file) */
  if (self->modified && !self->saving && self->notes)
    {
      arc_notes_save_async (self->notes, TRUE, NULL, NULL, NULL);
      self->modified = FALSE;
    }
  if (self->store && self->entry)
    arc_notes_store_follow (self->store, self->entry, FALSE);
  if (self->notes)
    g_signal_handlers_disconnect_by_func (self->notes, notes_merged_cb, self);
  g_clear_object (&self->notes);
  g_clear_object (&self->entry);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (arc_task_notes_parent_class)->dispose (object);
}

static void
arc_task_notes_finalize (GObject *object)
{
  ArcTaskNotes *self = ARC_TASK_NOTES (object);

  g_assert (self->waiters->len == 0);
  g_ptr_array_unref (self->waiters);
  g_free (self->annotator);
  g_free (self->notice);
  g_free (self->error);

  G_OBJECT_CLASS (arc_task_notes_parent_class)->finalize (object);
}

static void
arc_task_notes_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  ArcTaskNotes *self = ARC_TASK_NOTES (object);

  switch (prop_id)
    {
    case PROP_STORE: g_value_set_object (value, self->store); break;
    case PROP_ENTRY: g_value_set_object (value, self->entry); break;
    case PROP_ANNOTATOR: g_value_set_string (value, self->annotator); break;
    case PROP_PLACE: g_value_set_int (value, self->place); break;
    case PROP_NOTICE: g_value_set_string (value, self->notice); break;
    case PROP_ERROR: g_value_set_string (value, self->error); break;
    case PROP_MODIFIED: g_value_set_boolean (value, self->modified); break;
    case PROP_SAVING: g_value_set_boolean (value, self->saving); break;
    case PROP_N_ATTEMPTS: g_value_set_uint (value, arc_task_notes_get_n_attempts (self)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arc_task_notes_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  ArcTaskNotes *self = ARC_TASK_NOTES (object);

  switch (prop_id)
    {
    case PROP_STORE: self->store = g_value_dup_object (value); break;
    case PROP_ENTRY: self->entry = g_value_dup_object (value); break;
    case PROP_ANNOTATOR: self->annotator = arc_task_notes_resolve_annotator (g_value_get_string (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arc_task_notes_class_init (ArcTaskNotesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags construct = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;
  GParamFlags read = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->constructed = arc_task_notes_constructed;
  object_class->dispose = arc_task_notes_dispose;
  object_class->finalize = arc_task_notes_finalize;
  object_class->get_property = arc_task_notes_get_property;
  object_class->set_property = arc_task_notes_set_property;

  properties[PROP_STORE] = g_param_spec_object ("store", NULL, NULL, ARC_TYPE_NOTES_STORE, construct);
  properties[PROP_ENTRY] = g_param_spec_object ("entry", NULL, NULL, ARC_TYPE_ENTRY, construct);
  properties[PROP_ANNOTATOR] = g_param_spec_string ("annotator", NULL, NULL, NULL, construct);
  properties[PROP_PLACE] = g_param_spec_int ("place", NULL, NULL, ARC_NOTES_BESIDE, ARC_NOTES_RECOVERED,
                                             ARC_NOTES_BESIDE, read);
  properties[PROP_NOTICE] = g_param_spec_string ("notice", NULL, NULL, NULL, read);
  properties[PROP_ERROR] = g_param_spec_string ("error", NULL, NULL, NULL, read);
  properties[PROP_MODIFIED] = g_param_spec_boolean ("modified", NULL, NULL, FALSE, read);
  properties[PROP_SAVING] = g_param_spec_boolean ("saving", NULL, NULL, FALSE, read);
  properties[PROP_N_ATTEMPTS] = g_param_spec_uint ("n-attempts", NULL, NULL, 0, G_MAXUINT, 0, read);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ArcTaskNotes::saved:
   * The notes of @entry were saved, or read again from disk: its badges
   * may change.
   */
  signals[SAVED] = g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 1, ARC_TYPE_ENTRY);
  /**
   * ArcTaskNotes::changed:
   * The notes were replaced by what is on disk (another program changed
   * the file): show them again.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);
}

static void
arc_task_notes_init (ArcTaskNotes *self)
{
  self->waiters = g_ptr_array_new_with_free_func (g_object_unref);
  self->save_delay = ARC_TASK_NOTES_SAVE_DELAY_MS;
  self->retry_delay = ARC_TASK_NOTES_RETRY_DELAY_MS;
  self->shown_since = g_get_monotonic_time ();
}

/**
 * arc_task_notes_new:
 * @annotator: (nullable): whose notes; %NULL or "" for the user's name
 *
 * Returns: (transfer full): the notes of @entry, in the file @store finds
 */
ArcTaskNotes *
arc_task_notes_new (ArcNotesStore *store,
                    ArcEntry      *entry,
                    const char    *annotator)
{
  g_return_val_if_fail (ARC_IS_NOTES_STORE (store), NULL);
  g_return_val_if_fail (ARC_IS_ENTRY (entry), NULL);

  return g_object_new (ARC_TYPE_TASK_NOTES, "store", store, "entry", entry, "annotator", annotator, NULL);
}

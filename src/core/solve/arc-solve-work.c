/* arc-solve-work.c: the workspace comes back after a restart
 *
 * Each test input's output grid is kept with the time it last changed, and
 * the actions since its last submission (the next attempt's trajectory). A
 * work file, one per task in the user's data folder, keeps those between
 * sessions: it is written when a stroke ends and at most 0.8 s after a
 * change or an action, in a worker, and at once when the ArcSolve goes (see "Writing the work file"
 * below: a write that fails is said and tried again until it works). On
 * start, each test input shows the newest of what the work file and the
 * attempts in the notes hold; the actions come back with the work file's
 * grid, so that an attempt made after a restart has the whole of its
 * trajectory.
 *
 * The file: {"format": "arc-studio-workspace", "version": 4,
 *            "changed": whether a grid differs from where it started,
 *            "collection": the URI of the task's collection, "task": its id,
 *            "tests": [{"time": µs since the epoch, "output": [[…]],
 *                       "since": µs, "trajectory": [steps, one a line]}
 *                      or null, …]}
 * with the steps as a notes file of version 3 writes them
 * (docs/arcnotes-format.md), and "since" the time of the submission they
 * follow (left out: none); both are left out without actions. A test
 * input's entry is null when neither its grid nor an action was made
 * (version 1 had no "collection" and "task", versions 1 and 2 no
 * "since" and "trajectory", versions 1 to 3 no "changed").
 *
 * The actions come back when no submission came after the one they
 * follow (the attempts read from the notes are no newer than "since"),
 * with the grid they led to: the work file's, or, when the last attempt
 * is newer than it (actions that changed no grid, after a submission),
 * the attempt's, the same grid. A file written before a submission and
 * not after it (the program killed in between) has actions that the
 * attempt's trajectory holds already: they do not come back twice.
 * Actions alone (a selection) do not make a work file: a task is in
 * progress once a grid was changed, and while a grid differs from where
 * it started (arc_solve_is_changed()): undone back there, the file stays,
 * with its actions, and says "changed": false, which the listing of the
 * work folder reads (arc_solve_list_work(): the head of each file, written
 * first for that).
 *
 * A work file goes when its task is over (every test input solved or its
 * trials used up): the attempts in the notes have the last grids. At
 * start-up the files whose collection has been gone for 30 days (a file:
 * URI that is not found, and the work file unchanged that long) are
 * removed, in a worker; a file that is not such a work file is left alone.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-solve"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "arc-annotation-private.h"
#include "arc-error.h"
#include "arc-file.h"
#include "arc-json.h"
#include "arc-solve-private.h"

#define WORK_VERSION 4
#define SAVE_DELAY_MS 800  /* at most, after the first change not written */
#define RETRY_SECONDS 3    /* between the tries of a write that failed */
#define WORK_MAX_AGE (30 * G_TIME_SPAN_DAY)
#define WORK_MAX_SIZE (64 * 1024 * 1024)  /* a file as large is not ours */

static char *
work_to_json (ArcSolve *self)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GPtrArray) lists = g_ptr_array_new ();
  g_autofree char *marker = g_strdup_printf ("\001traj:%08x:", g_random_int ());
  ArcTrajectoryWriting writing = { lists, marker };
  g_autofree char *text = NULL;
  GString *out;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, "arc-studio-workspace");
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, WORK_VERSION);
  /* (in the head of the file, read alone: see work_file_changed()) */
  json_builder_set_member_name (b, "changed");
  json_builder_add_boolean_value (b, arc_solve_is_changed (self));
  if (self->work_collection && self->work_task)
    {
      json_builder_set_member_name (b, "collection");
      json_builder_add_string_value (b, self->work_collection);
      json_builder_set_member_name (b, "task");
      json_builder_add_string_value (b, self->work_task);
    }
  json_builder_set_member_name (b, "tests");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->tests->len; i++)
    {
      TestWork *w = self->tests->pdata[i];

      if (w->time == 0 && w->actions->len == 0)
        {
          json_builder_add_null_value (b);
          continue;
        }
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "time");
      json_builder_add_int_value (b, w->time);
      json_builder_set_member_name (b, "output");
      arc_grid_add_to_builder (w->output, b);
      /* (written as in the notes: a step a line, with the cells it changed) */
      if (w->actions->len > 0)
        {
          if (w->actions_since != 0)
            {
              json_builder_set_member_name (b, "since");
              json_builder_add_int_value (b, w->actions_since);
            }
          arc_trajectory_set_writing (&writing);
          arc_trajectory_build_member (b, "trajectory", w->actions);
          arc_trajectory_set_writing (NULL);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  text = json_to_string (root, FALSE);
  out = g_string_new (text);
  arc_trajectory_splice (out, 0, &writing);
  return g_string_free (out, FALSE);
}

/* @text to @file (safely: arc_file_write()), making its folder; in any
 * thread */
static gboolean
write_text (GFile       *file,
            const char  *text,
            GError     **error)
{
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autoptr(GError) local_error = NULL;

  if (parent && !g_file_make_directory_with_parents (parent, NULL, &local_error) &&
      !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    {
      g_autofree char *name = g_file_get_parse_name (file);
      ArcError code = g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NO_SPACE) ? ARC_ERROR_NO_SPACE
                      : g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED) ||
                        g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_READ_ONLY) ? ARC_ERROR_READ_ONLY
                      : ARC_ERROR_IO;

      g_set_error (error, ARC_ERROR, code, _("%s could not be saved: %s; nothing in it was changed"), name,
                   local_error->message);
      return FALSE;
    }
  return arc_file_write (file, text, strlen (text), error);
}

/**
 * arc_solve_save_work:
 * Writes the output grids to @file (safely: arc_file_write()), making its
 * folder.
 */
gboolean
arc_solve_save_work (ArcSolve  *self,
                     GFile     *file,
                     GError   **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  text = work_to_json (self);
  return write_text (file, text, error);
}

/* A test input's "trajectory": tests[i].trajectory */
static gboolean
is_trajectory (const char * const *path,
               guint               depth,
               gpointer            data)
{
  return depth == 3 && g_strcmp0 (path[0], "tests") == 0 && path[1] == NULL && g_strcmp0 (path[2], "trajectory") == 0;
}

static gboolean
fail (GError    **error,
      GFile      *file,
      const char *where,
      const char *message)
{
  g_autofree char *name = g_file_get_parse_name (file);

  g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, "%s: %s: %s", name, where, message);
  return FALSE;
}

/* Test input @i's grid and actions from its entry @o (see the top) */
static void
restore_test (ArcSolve            *self,
              guint                i,
              const ArcGrid       *grid,
              JsonObject          *o,
              ArcTrajectoryLifted *lifted)
{
  TestWork *w = i < self->tests->len ? self->tests->pdata[i] : NULL;
  gint64 attempted = w ? w->time : 0;  /* (the last attempt's, read from the notes) */
  gint64 since = json_object_get_int_member_with_default (o, "since", 0);
  gboolean restored = arc_solve_restore_output (self, i, grid, json_object_get_int_member_with_default (o, "time", 0));
  GPtrArray *actions;

  if (w == NULL || since < attempted || (!restored && !arc_grid_equal (grid, w->output)))
    return;
  arc_trajectory_set_lifted (lifted);
  actions = arc_trajectory_read_member (json_object_get_member (o, "trajectory"));
  arc_trajectory_set_lifted (NULL);
  if (actions == NULL)
    return;
  g_ptr_array_unref (w->actions);
  w->actions = actions;
  w->actions_since = since;
}

/**
 * arc_solve_load_work:
 * Shows the output grids kept in @file, where they are newer than what
 * shows (see arc_solve_restore_output()). A missing file is no error.
 */
gboolean
arc_solve_load_work (ArcSolve  *self,
                     GFile     *file,
                     GError   **error)
{
  g_autoptr(GBytes) bytes = NULL;
  const char *data;
  gsize length;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GArray) ranges = g_array_new (FALSE, FALSE, sizeof (ArcJsonRange));
  g_autofree char *marker = g_strdup_printf ("\001lift:%08x:", g_random_int ());
  JsonNode *tests;

  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  /* (as large as WORK_MAX_SIZE at most: a larger file is not ours) */
  bytes = arc_file_load_named (file, WORK_MAX_SIZE, &local_error);
  if (bytes == NULL)
    {
      if (g_error_matches (local_error, ARC_ERROR, ARC_ERROR_NOT_FOUND))
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  data = g_bytes_get_data (bytes, &length);
  self->work_found = TRUE;
  /* (the trajectories are read from the text, as the notes' are) */
  root = arc_json_parse_lifting (data, length, is_trajectory, NULL, marker, ranges, &local_error);
  if (root == NULL)
    return fail (error, file, "", local_error->message);
  if (!JSON_NODE_HOLDS_OBJECT (root))
    return fail (error, file, "", _("expected an object"));
  tests = json_object_get_member (json_node_get_object (root), "tests");
  if (tests == NULL || !JSON_NODE_HOLDS_ARRAY (tests))
    return fail (error, file, "tests", _("expected a list with one entry per test input"));
  for (guint i = 0; i < json_array_get_length (json_node_get_array (tests)); i++)
    {
      JsonNode *entry = json_array_get_element (json_node_get_array (tests), i);
      g_autofree char *where = g_strdup_printf ("tests[%u]", i);
      g_autoptr(ArcGrid) grid = NULL;
      JsonObject *o;

      if (JSON_NODE_HOLDS_NULL (entry))
        continue;
      if (!JSON_NODE_HOLDS_OBJECT (entry))
        return fail (error, file, where, _("expected an object or null"));
      o = json_node_get_object (entry);
      grid = arc_grid_new_from_node (json_object_get_member (o, "output"), &local_error);
      if (grid == NULL)
        return fail (error, file, where, local_error->message);
      restore_test (self, i, grid, o, &(ArcTrajectoryLifted) { data, ranges, marker, FALSE });
    }
  return TRUE;
}

/* Writing the work file
 *
 * The text is made on the main thread when a stroke ends (a click, a drag
 * let go), or at most SAVE_DELAY_MS after the first change not written,
 * however many come after it (a long drag is written as it goes, keys
 * that paint a moment after), and written in a worker, since the writer syncs the file and its folder to the disk
 * (arc_file_write()). One write at a time; the writes are counted, and a
 * text older than what is on disk is never written over it (a write made
 * at once, arc_solve_flush_work(), overtakes the one under way). A write
 * that fails is shown (the save-error property) and tried again every
 * RETRY_SECONDS until it works: the work stays in memory meanwhile. */

struct _WorkWriter
{
  gatomicrefcount  ref;
  GMutex           lock;     /* held while a write is made */
  guint64          written;  /* the last text written or given up */
};

static WorkWriter *
work_writer_ref (WorkWriter *w)
{
  g_atomic_ref_count_inc (&w->ref);
  return w;
}

static void
work_writer_unref (WorkWriter *w)
{
  if (!g_atomic_ref_count_dec (&w->ref))
    return;
  g_mutex_clear (&w->lock);
  g_free (w);
}

static WorkWriter *
get_writer (ArcSolve *self)
{
  if (self->writer == NULL)
    {
      self->writer = g_new0 (WorkWriter, 1);
      g_atomic_ref_count_init (&self->writer->ref);
      g_mutex_init (&self->writer->lock);
    }
  return self->writer;
}

/* Writes @text of @generation to @file unless a newer text is there;
 * in any thread */
static gboolean
write_generation (WorkWriter  *writer,
                  GFile       *file,
                  const char  *text,
                  guint64      generation,
                  GError     **error)
{
  gboolean ok = TRUE;

  g_mutex_lock (&writer->lock);
  if (generation > writer->written)
    {
      ok = write_text (file, text, error);
      if (ok)
        writer->written = generation;
    }
  g_mutex_unlock (&writer->lock);
  return ok;
}

typedef struct
{
  WorkWriter *writer;
  GFile      *file;
  char       *text;
  guint64     generation;
  GWeakRef    solve;
} WorkWrite;

static void
work_write_free (gpointer data)
{
  WorkWrite *w = data;

  work_writer_unref (w->writer);
  g_object_unref (w->file);
  g_free (w->text);
  g_weak_ref_clear (&w->solve);
  g_free (w);
}

static void
write_thread (GTask        *task,
              gpointer      source,
              gpointer      data,
              GCancellable *cancellable)
{
  WorkWrite *w = data;
  GError *error = NULL;

  if (write_generation (w->writer, w->file, w->text, w->generation, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static gboolean write_due_cb (gpointer data);

/* A write of @generation ended: with @error, or well */
static void
written (ArcSolve     *self,
         guint64       generation,
         const GError *error)
{
  if (generation <= self->written)
    return;  /* a newer text is on disk */
  if (error == NULL)
    {
      self->written = generation;
      if (self->save_error)
        {
          g_clear_error (&self->save_error);
          arc_solve_notify_save_error (self);
        }
      return;
    }
  /* Not written: kept in memory, tried again in a while (not at every
   * change) */
  self->work_dirty = TRUE;
  self->save_again = FALSE;
  g_clear_handle_id (&self->save_source, g_source_remove);
  self->save_source = g_timeout_add_seconds (RETRY_SECONDS, write_due_cb, self);
  if (self->save_error == NULL || !g_error_matches (self->save_error, error->domain, error->code) ||
      g_strcmp0 (self->save_error->message, error->message) != 0)
    {
      g_clear_error (&self->save_error);
      self->save_error = g_error_copy (error);
      arc_solve_notify_save_error (self);
    }
}

static void start_write (ArcSolve *self);

static void
write_done_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  WorkWrite *w = g_task_get_task_data (G_TASK (result));
  g_autoptr(ArcSolve) self = g_weak_ref_get (&w->solve);
  g_autoptr(GError) error = NULL;

  g_task_propagate_boolean (G_TASK (result), &error);
  if (self == NULL)
    return;
  self->saving = FALSE;
  written (self, w->generation, error);
  if (self->save_again)
    {
      self->save_again = FALSE;
      start_write (self);
    }
}

/* The work file's text now, counted */
static char *
next_text (ArcSolve *self,
           guint64  *generation)
{
  self->work_dirty = FALSE;
  *generation = ++self->generation;
  return work_to_json (self);
}

/* Writes what waits, in a worker */
static void
start_write (ArcSolve *self)
{
  g_autoptr(GTask) task = NULL;
  WorkWrite *w;

  if (!self->work_dirty || self->work_file == NULL)
    return;
  if (self->saving)
    {
      self->save_again = TRUE;
      return;
    }
  w = g_new0 (WorkWrite, 1);
  w->writer = work_writer_ref (get_writer (self));
  w->file = g_object_ref (self->work_file);
  w->text = next_text (self, &w->generation);
  g_weak_ref_init (&w->solve, self);
  self->saving = TRUE;
  /* (no source object: a workspace that goes does not wait for it) */
  task = g_task_new (NULL, NULL, write_done_cb, NULL);
  g_task_set_source_tag (task, start_write);
  g_task_set_task_data (task, w, work_write_free);
  g_task_run_in_thread (task, write_thread);
}

/* The delay after a change ran out, or the time to try again */
static gboolean
write_due_cb (gpointer data)
{
  ArcSolve *self = data;

  self->save_source = 0;
  start_write (self);
  return G_SOURCE_REMOVE;
}

/**
 * arc_solve_flush_work:
 * Writes the work file now (and waits for it) if a change waits to be
 * written or a write is under way. When it fails, the save-error property
 * says why, and the write is tried again in a while.
 */
void
arc_solve_flush_work (ArcSolve *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  guint64 generation;

  g_return_if_fail (ARC_IS_SOLVE (self));

  g_clear_handle_id (&self->save_source, g_source_remove);
  self->save_again = FALSE;
  if ((!self->work_dirty && !self->saving) || self->work_file == NULL)
    return;
  text = next_text (self, &generation);
  if (!write_generation (get_writer (self), self->work_file, text, generation, &error))
    /* Losing this costs the last changes of the grids, never notes or
     * attempts: it is told where the user works, not raised */
    g_message ("The work in progress is not kept: %s", error->message);
  written (self, generation, error);
}

/**
 * arc_solve_get_save_error:
 * Returns: (nullable): why the work file could not be written, while it
 *   is not: the work is kept in memory and written again every few
 *   seconds; %NULL once it is written
 */
const GError *
arc_solve_get_save_error (ArcSolve *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE (self), NULL);
  return self->save_error;
}

/* @self goes: what waits is written, and nothing more */
static void
finish (ArcSolve *self)
{
  arc_solve_flush_work (self);
  g_clear_handle_id (&self->save_source, g_source_remove);
  g_clear_pointer (&self->writer, work_writer_unref);
}

/**
 * arc_solve_is_over:
 * Returns: %TRUE when every test input is solved or has its trials used up
 */
gboolean
arc_solve_is_over (ArcSolve *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);

  for (guint i = 0; i < self->tests->len; i++)
    if (((TestWork *) self->tests->pdata[i])->state == ARC_TEST_OPEN)
      return FALSE;
  return TRUE;
}

/* The task is over: its work file goes, and nothing more is kept (a
 * write under way is not made) */
static void
forget_work (ArcSolve *self)
{
  g_autoptr(GError) error = NULL;
  WorkWriter *writer = get_writer (self);

  g_clear_handle_id (&self->save_source, g_source_remove);
  self->work_dirty = FALSE;
  self->saving = FALSE;  /* (what it writes is not to be written again) */
  self->save_again = FALSE;
  g_mutex_lock (&writer->lock);
  writer->written = self->written = ++self->generation;
  g_mutex_unlock (&writer->lock);
  if (self->save_error)
    {
      g_clear_error (&self->save_error);
      arc_solve_notify_save_error (self);
    }
  if (self->work_file && !g_file_delete (self->work_file, NULL, &error) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    g_message ("The work in progress of a task that is over is not removed: %s", error->message);
}

static void
counted (ArcSolve *self)
{
  if (arc_solve_is_over (self))
    forget_work (self);
}

/* An action was recorded (or submitted with the others): the work file is
 * written soon */
static void
keep_actions_soon (ArcSolve *self)
{
  if (self->work_file == NULL || arc_solve_is_over (self) || !(self->work_made || self->work_found))
    return;
  self->work_dirty = TRUE;
  /* (not put off by the next change: a steady stroke is written as it
   * goes; after a failed write, the retry comes first) */
  if (self->save_source == 0)
    self->save_source = g_timeout_add (SAVE_DELAY_MS, write_due_cb, self);
}

/* An output grid changed: the work file is written soon */
static void
keep_soon (ArcSolve *self)
{
  if (self->work_file == NULL || arc_solve_is_over (self))
    return;
  self->work_made = TRUE;
  keep_actions_soon (self);
}

/* A stroke ended: what it did is written now, not at the end of the
 * delay (unless a failed write waits for its retry) */
static void
settled (ArcSolve *self)
{
  if (!self->work_dirty || self->save_error)
    return;
  g_clear_handle_id (&self->save_source, g_source_remove);
  start_write (self);
}

static const WorkKeeper keeper = { keep_soon, keep_actions_soon, settled, finish, counted };

/**
 * arc_solve_set_work_file:
 * @file: (nullable): where this task's work in progress is kept
 *
 * Shows what @file keeps (where it is newer, see arc_solve_restore_output())
 * and from now on keeps the output grids there, a moment after each change
 * and when @self goes.
 */
void
arc_solve_set_work_file (ArcSolve *self,
                         GFile    *file)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (ARC_IS_SOLVE (self));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  arc_solve_flush_work (self);
  g_clear_handle_id (&self->save_source, g_source_remove);
  if (self->save_error)
    {
      /* (what could not be written to the file before is no longer its) */
      g_clear_error (&self->save_error);
      arc_solve_notify_save_error (self);
    }
  self->keeper = &keeper;
  self->work_made = FALSE;
  self->work_found = FALSE;
  g_set_object (&self->work_file, file);
  /* Left from before the task was over */
  if (file && arc_solve_is_over (self))
    forget_work (self);
  else if (file && !arc_solve_load_work (self, file, &error))
    g_message ("The work in progress does not come back: %s", error->message);
}

/**
 * arc_solve_set_work_address:
 * @collection_uri: the URI of the collection the task is in
 * @task_id: the task's id in it
 *
 * Where the task is, written in the work file so that the file can go
 * when the collection has gone (arc_solve_clean_work()).
 */
void
arc_solve_set_work_address (ArcSolve   *self,
                            const char *collection_uri,
                            const char *task_id)
{
  g_return_if_fail (ARC_IS_SOLVE (self));

  g_free (self->work_collection);
  g_free (self->work_task);
  self->work_collection = g_strdup (collection_uri);
  self->work_task = g_strdup (task_id);
}

/**
 * arc_solve_has_new_work:
 * Returns: whether an output grid was changed since the work file was set
 *   (arc_solve_set_work_file()): the task has work in progress now
 */
gboolean
arc_solve_has_new_work (ArcSolve *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);
  return self->work_made;
}

/**
 * arc_solve_dup_work_name:
 * The name of the work file of the task @id in @task_file, in the work
 * folder: a hash of the two.
 */
char *
arc_solve_dup_work_name (GFile      *task_file,
                         const char *id)
{
  g_autofree char *uri = NULL;
  g_autofree char *key = NULL;
  g_autofree char *hash = NULL;

  g_return_val_if_fail (G_IS_FILE (task_file), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  uri = g_file_get_uri (task_file);
  key = g_strconcat (uri, "\n", id, NULL);
  hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, key, -1);
  hash[32] = '\0';
  return g_strconcat (hash, ".json", NULL);
}

#define WORK_HEAD_SIZE 256  /* the members before "collection", and more */

/* Whether the work file @path says its grids differ from where they
 * started: its head, up to its "tests", holds "changed": false or not (a
 * file of version 3 or before, which has no such member, is in progress) */
static gboolean
work_file_changed (const char *path)
{
  char head[WORK_HEAD_SIZE + 1];
  const char *member, *tests, *p;
  FILE *file = g_fopen (path, "rb");
  size_t n;

  if (file == NULL)
    return TRUE;
  n = fread (head, 1, WORK_HEAD_SIZE, file);
  fclose (file);
  head[n] = '\0';
  member = strstr (head, "\"changed\"");
  tests = strstr (head, "\"tests\"");
  if (member == NULL || (tests && tests < member))
    return TRUE;
  p = member + strlen ("\"changed\"");
  p += strspn (p, " \t\r\n");
  if (*p++ != ':')
    return TRUE;
  p += strspn (p, " \t\r\n");
  return !g_str_has_prefix (p, "false");
}

/**
 * arc_solve_list_work:
 * What the work folder holds, in one listing and a read of each file's
 * first bytes (which may be long: call it in a worker). A task has work
 * in progress when it holds the name arc_solve_dup_work_name() gives.
 *
 * Returns: (transfer full): the names of its work files whose grids
 *   differ from where they started, a set; empty when there is no folder
 */
GHashTable *
arc_solve_list_work (GCancellable *cancellable)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "arc-studio", "workspace", NULL);
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  GHashTable *names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char *name;

  /* Files being replaced have other names until they are renamed */
  while (dir && (name = g_dir_read_name (dir)) && !g_cancellable_is_cancelled (cancellable))
    {
      g_autofree char *file = NULL;

      if (!g_str_has_suffix (name, ".json"))
        continue;
      file = g_build_filename (path, name, NULL);
      if (work_file_changed (file))
        g_hash_table_add (names, g_strdup (name));
    }
  return names;
}

/**
 * arc_solve_dup_work_file:
 * The work file of the task @id in @task_file, in the user's data folder.
 */
GFile *
arc_solve_dup_work_file (GFile      *task_file,
                         const char *id)
{
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;

  g_return_val_if_fail (G_IS_FILE (task_file), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  name = arc_solve_dup_work_name (task_file, id);
  path = g_build_filename (g_get_user_data_dir (), "arc-studio", "workspace", name, NULL);
  return g_file_new_for_path (path);
}

/**
 * arc_solve_dup_work_dir:
 * The folder of the work files, in the user's data folder.
 */
GFile *
arc_solve_dup_work_dir (void)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "arc-studio", "workspace", NULL);

  return g_file_new_for_path (path);
}

/* The collection @file's work file names, when it is one of ours */
static char *
work_collection (GFile *file)
{
  g_autoptr(GArray) ranges = g_array_new (FALSE, FALSE, sizeof (ArcJsonRange));
  g_autofree char *marker = g_strdup_printf ("\001lift:%08x:", g_random_int ());
  g_autoptr(GBytes) bytes = arc_file_load_bounded (file, WORK_MAX_SIZE, NULL);
  g_autoptr(JsonNode) root = NULL;
  JsonObject *o;
  gsize length;
  const char *data;

  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &length);
  /* (its trajectories left out of the tree) */
  root = arc_json_parse_lifting (data, length, is_trajectory, NULL, marker, ranges, NULL);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return NULL;
  o = json_node_get_object (root);
  if (g_strcmp0 (json_object_get_string_member_with_default (o, "format", NULL), "arc-studio-workspace") != 0 ||
      json_object_get_string_member_with_default (o, "task", NULL) == NULL)
    return NULL;
  return g_strdup (json_object_get_string_member_with_default (o, "collection", NULL));
}

/* Whether the collection at @uri is certainly gone: a local file not found */
static gboolean
collection_gone (const char *uri)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) error = NULL;

  if (uri == NULL || !g_str_has_prefix (uri, "file:"))
    return FALSE;
  file = g_file_new_for_uri (uri);
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE, G_FILE_QUERY_INFO_NONE, NULL, &error);
  return info == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
}

/* Whether @info's work file in @dir is to go; a file that does not parse
 * as a work file, that names no collection or one that may still be
 * there, stays */
static gboolean
work_file_expired (GFile     *dir,
                   GFileInfo *info,
                   gint64     now)
{
  const char *name = g_file_info_get_name (info);
  guint64 modified = g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED);
  g_autoptr(GFile) file = NULL;
  g_autofree char *collection = NULL;

  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR || !g_str_has_suffix (name, ".json") ||
      now - (gint64) modified * G_USEC_PER_SEC < WORK_MAX_AGE)
    return FALSE;
  file = g_file_get_child (dir, name);
  collection = work_collection (file);
  return collection_gone (collection);
}

/**
 * arc_solve_clean_work:
 * @dir: the folder of the work files (arc_solve_dup_work_dir())
 *
 * Removes the work files in @dir whose collection has been gone for 30
 * days: a local collection that is not found, and a work file not changed
 * for that long. Files that are not work files, or do not say their
 * collection, stay. Blocks: see arc_solve_clean_work_async().
 *
 * Returns: how many were removed
 */
guint
arc_solve_clean_work (GFile        *dir,
                      GCancellable *cancellable)
{
  g_autoptr(GFileEnumerator) children = NULL;
  gint64 now = g_get_real_time ();
  guint removed = 0;
  GFileInfo *next;

  g_return_val_if_fail (G_IS_FILE (dir), 0);

  removed = arc_file_recover_folder (dir);  /* what a killed save left */
  children = g_file_enumerate_children (dir, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE ","
                                        G_FILE_ATTRIBUTE_TIME_MODIFIED, G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS,
                                        cancellable, NULL);
  while (children && (next = g_file_enumerator_next_file (children, cancellable, NULL)) != NULL)
    {
      g_autoptr(GFileInfo) info = next;
      g_autoptr(GFile) file = NULL;
      g_autoptr(GError) error = NULL;

      if (!work_file_expired (dir, info, now))
        continue;
      file = g_file_get_child (dir, g_file_info_get_name (info));
      if (g_file_delete (file, cancellable, &error))
        removed++;
      else
        g_message ("The work in progress of a collection that is gone is not removed: %s", error->message);
    }
  return removed;
}

static void
clean_work_thread (GTask        *task,
                   gpointer      source,
                   gpointer      data,
                   GCancellable *cancellable)
{
  g_task_return_int (task, arc_solve_clean_work (data, cancellable));
}

/**
 * arc_solve_clean_work_async:
 * arc_solve_clean_work() in a worker thread.
 */
void
arc_solve_clean_work_async (GFile               *dir,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (G_IS_FILE (dir));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, arc_solve_clean_work_async);
  g_task_set_task_data (task, g_object_ref (dir), g_object_unref);
  g_task_run_in_thread (task, clean_work_thread);
}

guint
arc_solve_clean_work_finish (GAsyncResult  *result,
                             GError       **error)
{
  gssize removed;

  g_return_val_if_fail (g_task_is_valid (result, NULL), 0);

  removed = g_task_propagate_int (G_TASK (result), error);
  return removed > 0 ? (guint) removed : 0;
}

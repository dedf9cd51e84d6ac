/* arc-trajectory-export.c: the action trajectories of a collection's
 * attempts as JSON Lines, one line an attempt, as ARCTraj records them or
 * as JaxARC's steps (docs/trajectories.md)
 *
 * What `arc-studio-cli trajectories export` writes; the notes are read
 * through the store given, so that a worker may make them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-formats"

#include "config.h"

#include "arc-formats.h"

/* Adds each member of @from to @to, in order */
static void
add_member_cb (JsonObject  *from,
               const char  *name,
               JsonNode    *node,
               gpointer     to)
{
  json_object_set_member (to, name, json_node_copy (node));
}

/* The line of one attempt's trajectory: who made it, for which test input,
 * how it ended, and its actions as ARCTraj records them or as JaxARC steps
 * (@task, nullable, gives the answer that JaxARC's rewards measure) */
static JsonObject *
trajectory_line (ArcEntry         *entry,
                 ArcTask          *task,
                 const char       *annotator,
                 const ArcAttempt *at,
                 gboolean          jaxarc)
{
  JsonObject *line = json_object_new ();

  json_object_set_string_member (line, "task_id", arc_entry_get_id (entry));
  json_object_set_string_member (line, "group", arc_entry_get_group (entry));
  json_object_set_string_member (line, "annotator", annotator);
  json_object_set_int_member (line, "test", at->test);
  json_object_set_boolean_member (line, "success", at->verdict == ARC_VERDICT_CORRECT);
  json_object_set_string_member (line, "verdict", arc_verdict_to_string (at->verdict));
  json_object_set_boolean_member (line, "counts", at->counts);
  if (jaxarc)
    {
      const ArcGrid *expected = task && at->test < arc_task_get_n_test (task)
                                ? arc_task_get_test (task, at->test)->output : NULL;
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) steps = NULL;

      json_builder_begin_object (b);
      arc_trajectory_to_jaxarc (b, at->actions, at->grid, expected);
      json_builder_end_object (b);
      steps = json_builder_get_root (b);
      json_object_foreach_member (json_node_get_object (steps), add_member_cb, line);
    }
  else
    {
      JsonArray *actions = json_array_new ();

      /* ARCTraj's actions: not those LARC recorded without a tool */
      for (guint s = 0; s < at->actions->len; s++)
        if (!arc_action_is_larc_only (at->actions->pdata[s]))
          json_array_add_element (actions, arc_action_to_node (at->actions->pdata[s]));
      json_object_set_array_member (line, "actions", actions);
    }
  return line;
}

/* Adds the lines of the builds of @annotator's description: each answer
 * with a trajectory, under its builder, with the description it was built from */
static guint
append_build_trajectories (GString             *out,
                           ArcEntry            *entry,
                           ArcTask            **task,
                           const char          *annotator,
                           const ArcAnnotation *a,
                           gboolean             jaxarc)
{
  guint n_lines = 0;

  for (guint b = 0; b < a->builds->len; b++)
    {
      const ArcBuild *build = a->builds->pdata[b];

      for (guint k = 0; k < build->attempts->len; k++)
        {
          const ArcAttempt *at = build->attempts->pdata[k];
          JsonObject *line;

          if (at->actions == NULL)
            continue;
          if (*task == NULL)
            *task = arc_entry_load (entry, NULL);
          line = trajectory_line (entry, *task, build->builder, at, jaxarc);
          json_object_set_string_member (line, "description", annotator);
          json_object_set_string_member (line, "build", build->id);
          arc_notes_export_append_line (out, line);
          n_lines++;
        }
    }
  return n_lines;
}

/* Adds the lines of @entry's attempts that have a trajectory to @out;
 * returns how many */
static guint
append_trajectories (GString  *out,
                     ArcEntry *entry,
                     ArcNotes *notes,
                     gboolean  jaxarc)
{
  const char *id = arc_entry_get_id (entry);
  g_auto(GStrv) annotators = arc_notes_dup_annotators (notes, id);
  g_autoptr(ArcTask) task = NULL;
  guint n_lines = 0;

  for (guint j = 0; annotators[j]; j++)
    {
      ArcAnnotation *a = arc_notes_get (notes, id, annotators[j]);

      for (guint k = 0; k < a->attempts->len; k++)
        {
          ArcAttempt *at = a->attempts->pdata[k];

          if (at->actions == NULL)
            continue;
          if (task == NULL)
            task = arc_entry_load (entry, NULL);
          arc_notes_export_append_line (out, trajectory_line (entry, task, annotators[j], at, jaxarc));
          n_lines++;
        }
      n_lines += append_build_trajectories (out, entry, &task, annotators[j], a, jaxarc);
    }
  return n_lines;
}

/* @data: non-NULL for JaxARC's steps */
static guint
trajectory_lines (GString  *out,
                  ArcEntry *entry,
                  ArcNotes *notes,
                  gpointer  data)
{
  return append_trajectories (out, entry, notes, data != NULL);
}

/* Of the tasks someone attempted or annotated (builds are in descriptions) */
#define WITH_TRAJECTORIES (ARC_NOTES_FLAG_ATTEMPTED | ARC_NOTES_FLAG_ANNOTATED)

/**
 * arc_trajectories_export_arctraj:
 * @entries: (element-type ArcEntry): the tasks, in order
 *
 * One JSON line per attempt with a trajectory: who made it, for which test
 * input, how it ended, and its actions as ARCTraj records them.
 *
 * Returns: (transfer full) (nullable): the text; %NULL when cancelled
 */
char *
arc_trajectories_export_arctraj (ArcNotesStore          *store,
                                 GPtrArray              *entries,
                                 ArcNotesExportCounts   *counts,
                                 ArcNotesExportProgress  progress,
                                 gpointer                user_data,
                                 GCancellable           *cancellable,
                                 GError                **error)
{
  return arc_notes_export_lines (store, entries, WITH_TRAJECTORIES, trajectory_lines, NULL, counts,
                                 progress, user_data, cancellable, error);
}

/**
 * arc_trajectories_export_jaxarc:
 * @entries: (element-type ArcEntry): the tasks, in order
 *
 * As arc_trajectories_export_arctraj(), with each attempt's steps as
 * JaxARC's: the padded states and masks, operation ids, selection masks
 * and rewards.
 *
 * Returns: (transfer full) (nullable): the text; %NULL when cancelled
 */
char *
arc_trajectories_export_jaxarc (ArcNotesStore          *store,
                                GPtrArray              *entries,
                                ArcNotesExportCounts   *counts,
                                ArcNotesExportProgress  progress,
                                gpointer                user_data,
                                GCancellable           *cancellable,
                                GError                **error)
{
  return arc_notes_export_lines (store, entries, WITH_TRAJECTORIES, trajectory_lines, GINT_TO_POINTER (1), counts,
                                 progress, user_data, cancellable, error);
}

/* arc-notes-export.c: a collection's notes as JSON Lines, one line an annotated task
 *
 * What `arc-studio-cli notes export` and the app's Export Notes write, the
 * same bytes: the notes are read from disk through a store of the export's
 * own, so that a worker may make them while the app goes on.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-notes"

#include "config.h"

#include "arc-notes-export.h"

/* The line of an annotated task: its id, group, file and the notes of
 * every annotator who wrote some */
static JsonObject *
annotations_line (ArcEntry *entry,
                  ArcNotes *notes)
{
  const char *id = arc_entry_get_id (entry);
  g_auto(GStrv) annotators = arc_notes_dup_annotators (notes, id);
  JsonObject *line = json_object_new ();
  JsonObject *annotations = json_object_new ();

  json_object_set_string_member (line, "id", id);
  json_object_set_string_member (line, "group", arc_entry_get_group (entry));
  json_object_set_string_member (line, "file", arc_entry_get_display_name (entry));
  for (guint j = 0; annotators[j]; j++)
    {
      ArcAnnotation *a = arc_notes_get (notes, id, annotators[j]);

      if (arc_annotation_get_flags (a, arc_entry_get_n_tests (entry), NULL) & ARC_NOTES_FLAG_ANNOTATED)
        json_object_set_member (annotations, annotators[j], arc_annotation_to_node (a));
    }
  json_object_set_object_member (line, "annotations", annotations);
  return line;
}

/**
 * arc_notes_export_append_line:
 *
 * Adds @object (taken) to @out as one JSON line.
 */
void
arc_notes_export_append_line (GString    *out,
             JsonObject *object)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autofree char *line = NULL;

  json_node_take_object (node, object);
  json_generator_set_root (gen, node);
  line = json_generator_to_data (gen, NULL);
  g_string_append (out, line);
  g_string_append_c (out, '\n');
}

/**
 * arc_notes_export_lines:
 * @entries: (element-type ArcEntry): the tasks, in order
 * @wanted: the flags (arc_notes_get_flags()) of the tasks @lines is called for
 * @lines: adds a task's lines to the text and returns how many
 *
 * The loop of every JSON Lines export: each task of @entries whose notes
 * have one of @wanted, its lines added by @lines; @counts gets the tasks
 * with a line (n_tasks) and the lines (n_lines). Notes files that
 * cannot be read are left out (arc_notes_store_dup_errors() names them).
 *
 * Returns: (transfer full) (nullable): the text; %NULL when cancelled
 */
char *
arc_notes_export_lines (ArcNotesStore          *store,
                        GPtrArray              *entries,
                        ArcNotesFlags           wanted,
                        ArcNotesExportLines     lines,
                        gpointer                lines_data,
                        ArcNotesExportCounts   *counts,
                        ArcNotesExportProgress  progress,
                        gpointer                user_data,
                        GCancellable           *cancellable,
                        GError                **error)
{
  g_autoptr(GString) out = g_string_new (NULL);
  ArcNotesExportCounts local = { 0 };

  g_return_val_if_fail (ARC_IS_NOTES_STORE (store), NULL);

  for (guint i = 0; i < entries->len; i++)
    {
      ArcEntry *entry = entries->pdata[i];
      ArcNotes *notes;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      notes = arc_notes_store_get (store, entry, NULL, NULL);
      if (arc_notes_get_flags (notes, arc_entry_get_id (entry), arc_entry_get_n_tests (entry), NULL) & wanted)
        {
          guint n = lines (out, entry, notes, lines_data);

          local.n_lines += n;
          local.n_tasks += n > 0;
        }
      if (progress)
        progress (i + 1, entries->len, user_data);
    }
  if (counts)
    *counts = local;
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static guint
annotations_lines (GString  *out,
                   ArcEntry *entry,
                   ArcNotes *notes,
                   gpointer  data)
{
  arc_notes_export_append_line (out, annotations_line (entry, notes));
  return 1;
}

/**
 * arc_notes_export_jsonl:
 * @entries: (element-type ArcEntry): the tasks, in order
 *
 * One JSON line per annotated task of @entries: its id, group, file and
 * every annotator's notes.
 *
 * Returns: (transfer full) (nullable): the text; %NULL when cancelled
 */
char *
arc_notes_export_jsonl (ArcNotesStore          *store,
                        GPtrArray              *entries,
                        ArcNotesExportCounts   *counts,
                        ArcNotesExportProgress  progress,
                        gpointer                user_data,
                        GCancellable           *cancellable,
                        GError                **error)
{
  return arc_notes_export_lines (store, entries, ARC_NOTES_FLAG_ANNOTATED, annotations_lines, NULL,
                                 counts, progress, user_data, cancellable, error);
}

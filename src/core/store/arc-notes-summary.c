/* arc-notes-summary.c: what the task list needs of a task's notes
 *
 * A folder of LARC-annotated tasks holds hundreds of megabytes of notes,
 * nearly all of it action sequences. The list needs little of that: per
 * annotator the flags (arc_annotation_get_flags()), whether they described
 * the task and who built from their description, and the words a search
 * looks in. The workers that check a collection make this summary from each
 * task's notes file and drop the notes: nothing proportional to the notes is
 * read in the main thread or kept in memory for a task that is not shown.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-notes"

#include "config.h"

#include <string.h>

#include "arc-larc.h"
#include "arc-notes-summary.h"

typedef struct
{
  char          *name;
  ArcNotesFlags  flags;      /* own bits only */
  gboolean       described;  /* a description, or an imported record */
  GPtrArray     *builders;   /* char*: who built from it, one a build */
  GArray        *built;      /* gboolean: whether that build made the right output */
} Annotator;

struct _ArcNotesSummary
{
  GArray *annotators;  /* Annotator */
  char   *text;        /* case-folded descriptions and notes, each ended by "\n" */
  char   *tags;        /* "\n", then each case-folded tag ended by "\n" */
  GPtrArray *tag_list; /* char*: the tags as written */
};

static void
annotator_clear (gpointer data)
{
  Annotator *a = data;

  g_free (a->name);
  g_ptr_array_unref (a->builders);
  g_array_unref (a->built);
}

void
arc_notes_summary_free (ArcNotesSummary *summary)
{
  if (summary == NULL)
    return;
  g_array_unref (summary->annotators);
  g_free (summary->text);
  g_free (summary->tags);
  g_ptr_array_unref (summary->tag_list);
  g_free (summary);
}

static void
append_folded (GString    *out,
               const char *text)
{
  g_autofree char *folded = NULL;

  if (text == NULL || *text == '\0')
    return;
  folded = g_utf8_casefold (text, -1);
  g_string_append (out, folded);
  g_string_append_c (out, '\n');
}

/**
 * arc_notes_summary_new:
 * @task_hash: (nullable): the task's content hash, as for arc_notes_get_flags()
 *
 * Returns: (transfer full): the summary of @task_id's notes in @notes
 */
ArcNotesSummary *
arc_notes_summary_new (ArcNotes   *notes,
                       const char *task_id,
                       guint       n_tests,
                       const char *task_hash)
{
  ArcNotesSummary *s = g_new0 (ArcNotesSummary, 1);
  const char * const *names;
  ArcAnnotation * const *records;
  guint n = arc_notes_peek_annotators (notes, task_id, &names, &records);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) tags = g_string_new ("\n");

  s->annotators = g_array_new (FALSE, TRUE, sizeof (Annotator));
  s->tag_list = g_ptr_array_new_with_free_func (g_free);
  g_array_set_clear_func (s->annotators, annotator_clear);
  for (guint i = 0; i < n; i++)
    {
      const ArcAnnotation *a = records[i];
      Annotator one = { g_strdup (names[i]), 0, FALSE, g_ptr_array_new_with_free_func (g_free),
                        g_array_new (FALSE, FALSE, sizeof (gboolean)) };

      one.flags = arc_annotation_get_flags (a, n_tests, task_hash);
      one.described = a->source || *a->input_text || *a->size_text || *a->transform_text;
      for (guint b = 0; a->builds && b < a->builds->len; b++)
        {
          const ArcBuild *build = a->builds->pdata[b];
          gboolean success = build->success != 0;

          g_ptr_array_add (one.builders, g_strdup (build->builder));
          g_array_append_val (one.built, success);
        }
      g_array_append_val (s->annotators, one);
      append_folded (text, a->input_text);
      append_folded (text, a->size_text);
      append_folded (text, a->transform_text);
      append_folded (text, a->notes);
      for (guint t = 0; t < a->tags->len; t++)
        {
          append_folded (tags, a->tags->pdata[t]);
          g_ptr_array_add (s->tag_list, g_strdup (a->tags->pdata[t]));
        }
    }
  s->text = g_string_free (g_steal_pointer (&text), FALSE);
  s->tags = g_string_free (g_steal_pointer (&tags), FALSE);
  return s;
}

/**
 * arc_notes_summary_read:
 * @cache: (inout) (optional) (nullable): the notes file read last, kept for
 *   the next task if it shares it (the tasks of a Kaggle file); unref it at the end
 *
 * Reads @notes_file, the notes file of @entry (a task that was checked), in
 * any thread, without its trajectories, and keeps only the summary of
 * @entry's notes.
 *
 * Returns: (transfer full) (nullable): %NULL when the file cannot be read
 */
ArcNotesSummary *
arc_notes_summary_read (GFile     *notes_file,
                        ArcEntry  *entry,
                        ArcNotes **cache)
{
  g_autoptr(ArcNotes) notes = NULL;
  g_autofree char *hash = NULL;
  const char *id = arc_entry_get_id (entry);

  if (cache && *cache && g_file_equal (arc_notes_get_file (*cache), notes_file))
    notes = g_object_ref (*cache);
  else
    {
      notes = arc_notes_new (notes_file);
      if (!arc_notes_load_without_trajectories (notes, NULL))
        return NULL;
      if (cache)
        {
          g_clear_object (cache);
          *cache = g_object_ref (notes);
        }
    }
  arc_larc_merge_task_file (notes, entry);
  if (arc_notes_has_attempts (notes, id))
    hash = arc_entry_dup_content_hash (entry);
  return arc_notes_summary_new (notes, id, arc_entry_get_n_tests (entry), hash);
}

/* Solved is not failed */
static ArcNotesFlags
settle (ArcNotesFlags flags)
{
  return flags & ARC_NOTES_FLAG_SOLVED ? flags & ~ARC_NOTES_FLAG_FAILED : flags;
}

/**
 * arc_notes_summary_get_flags:
 * @annotator: (nullable): the user
 *
 * Returns: what arc_notes_get_flags_for() (with @annotator) or
 *   arc_notes_get_flags() (without) says of the notes summarised
 */
ArcNotesFlags
arc_notes_summary_get_flags (const ArcNotesSummary *s,
                             const char            *annotator)
{
  ArcNotesFlags own = 0, others = 0;

  for (guint i = 0; i < s->annotators->len; i++)
    {
      const Annotator *a = &g_array_index (s->annotators, Annotator, i);

      if (annotator == NULL || g_str_equal (a->name, annotator))
        own |= a->flags;
      else
        others |= a->flags;
    }
  return settle (own) | (annotator ? settle (others) << 4 : 0);
}

/**
 * arc_notes_summary_count_others:
 * As arc_notes_store_count_others(), from the summary.
 */
guint
arc_notes_summary_count_others (const ArcNotesSummary *s,
                                const char            *annotator,
                                guint                 *n_builds,
                                guint                 *n_built)
{
  guint described = 0, builds = 0, built = 0;

  for (guint i = 0; i < s->annotators->len; i++)
    {
      const Annotator *a = &g_array_index (s->annotators, Annotator, i);

      if (g_strcmp0 (a->name, annotator) != 0 && a->described)
        described++;
      for (guint b = 0; b < a->builders->len; b++)
        {
          if (g_strcmp0 (a->builders->pdata[b], annotator) == 0)
            continue;
          builds++;
          built += g_array_index (a->built, gboolean, b) != 0;
        }
    }
  if (n_builds)
    *n_builds = builds;
  if (n_built)
    *n_built = built;
  return described;
}

/**
 * arc_notes_summary_matches:
 * @needle: case-folded (g_utf8_casefold())
 * @tag_only: only a tag equal to @needle matches
 *
 * Returns: whether a tag, description or note contains @needle
 */
gboolean
arc_notes_summary_matches (const ArcNotesSummary *s,
                           const char            *needle,
                           gboolean               tag_only)
{
  g_autofree char *tag = NULL;

  if (!tag_only)
    return strstr (s->text, needle) != NULL || strstr (s->tags, needle) != NULL;
  tag = g_strconcat ("\n", needle, "\n", NULL);
  return strstr (s->tags, tag) != NULL;
}

/**
 * arc_notes_summary_get_tags:
 * Returns: (transfer none) (element-type utf8): everyone's tags, as written
 */
GPtrArray *
arc_notes_summary_get_tags (const ArcNotesSummary *s)
{
  return s->tag_list;
}

/**
 * arc_notes_summary_count:
 * @n_described: (out): the records with a description (or imported)
 * @n_builds: (out): the builds from them, by anyone
 */
void
arc_notes_summary_count (const ArcNotesSummary *s,
                         guint                 *n_described,
                         guint                 *n_builds)
{
  *n_described = *n_builds = 0;
  for (guint i = 0; i < s->annotators->len; i++)
    {
      const Annotator *a = &g_array_index (s->annotators, Annotator, i);

      *n_described += a->described != 0;
      *n_builds += a->builders->len;
    }
}

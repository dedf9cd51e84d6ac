/* notes-writer.c: one "window" on a folder's notes, for the tests of two
 * writers of one notes file (tests/test-notes-merge.c): it types words into
 * a field of its annotator's notes on task "a", each edit saved as the app
 * saves them (ArcTaskNotes, its autosave and its file monitor), and exits
 * once the last is on disk.
 *
 *   notes-writer DIR ANNOTATOR FIELD TAG N PAUSE_MS
 *
 * FIELD is "notes", "input" or "tags"; the words are TAG0 … TAG(N-1),
 * PAUSE_MS apart, typed after what the field holds then (a tag each for
 * "tags"). FIELD "attempts" submits N wrong answers instead, PAUSE_MS
 * apart, from a workspace (ArcSolve, 2 trials) that counts the attempts in
 * the notes, as the window's does. Only the core's public API is used, so
 * that the same program measures an older tree too (built with
 * -DNOTES_WRITER_OLD_CORE, without the workspace following the notes).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arc-core.h"

static void
saved_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  gboolean *done = user_data;
  g_autoptr(GError) error = NULL;

  if (!arc_task_notes_save_finish (ARC_TASK_NOTES (source), result, &error))
    fprintf (stderr, "notes-writer: %s\n", error->message);
  *done = TRUE;
}

static void
run_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (500);
}

/* One more word at the end of the field */
static void
type_word (ArcTaskNotes *notes,
           const char   *field,
           const char   *word)
{
  if (g_str_equal (field, "tags"))
    {
      const ArcAnnotation *a = arc_task_notes_get_annotation (notes);
      g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
      g_auto(GStrv) tags = NULL;

      for (guint i = 0; a && i < a->tags->len; i++)
        g_strv_builder_add (builder, a->tags->pdata[i]);
      g_strv_builder_add (builder, word);
      tags = g_strv_builder_end (builder);
      arc_task_notes_set_tags (notes, (const char * const *) tags);
    }
  else
    {
      ArcNotesField f = g_str_equal (field, "input") ? ARC_NOTES_FIELD_INPUT : ARC_NOTES_FIELD_NOTES;
      const char *now = arc_task_notes_get_text (notes, f);
      g_autofree char *text = *now ? g_strconcat (now, " ", word, NULL) : g_strdup (word);

      arc_task_notes_set_text (notes, f, text);
    }
}

#ifndef NOTES_WRITER_OLD_CORE
/* The window's workspace follows the notes' attempts */
static void
notes_changed_cb (ArcTaskNotes *notes,
                  ArcSolve     *solve)
{
  arc_solve_recount (solve, arc_task_notes_get_attempts (notes));
}
#endif

/* N wrong answers, each another colour, submitted as the window does */
static void
submit (ArcTaskNotes *notes,
        ArcEntry     *entry,
        const char   *tag,
        guint         n,
        guint         pause)
{
  g_autoptr(ArcTask) task = arc_entry_load (entry, NULL);
  g_autoptr(ArcSolve) solve = arc_solve_new (task, 2);
  GPtrArray *attempts = arc_task_notes_get_attempts (notes);
  const ArcGrid *expected = arc_solve_get_expected (solve);
  guint8 colour = (guint8) (tag[0] % 2 * 5);  /* two writers, other answers */

  for (guint i = 0; attempts && i < attempts->len; i++)
    arc_solve_add_past (solve, attempts->pdata[i]);
#ifndef NOTES_WRITER_OLD_CORE
  g_signal_connect (notes, "changed", G_CALLBACK (notes_changed_cb), solve);
#endif
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(ArcAttempt) attempt = NULL;

      do
        colour = (guint8) ((colour + 1) % 10);
      while (colour == arc_grid_get (expected, 0, 0));
      arc_solve_paint (solve, 0, 0, colour);
      attempt = arc_solve_submit (solve);
      if (attempt)
        arc_task_notes_add_attempt (notes, attempt);
      run_for (pause);
    }
  g_signal_handlers_disconnect_by_data (notes, solve);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GFile) root = NULL;
  g_autoptr(ArcCollection) collection = NULL;
  g_autoptr(ArcNotesStore) store = NULL;
  g_autoptr(ArcTaskNotes) notes = NULL;
  g_autofree char *data_dir = NULL;
  guint n, pause;
  gboolean done = FALSE;

  if (argc != 7)
    {
      fprintf (stderr, "usage: notes-writer DIR ANNOTATOR FIELD TAG N PAUSE_MS\n");
      return 2;
    }
  n = (guint) atoi (argv[5]);
  pause = (guint) atoi (argv[6]);
  root = g_file_new_for_path (argv[1]);
  collection = arc_collection_new_for_file (root, NULL, NULL, NULL);
  data_dir = g_strconcat (argv[1], ".data", NULL);
  store = arc_notes_store_new (collection, data_dir);
  notes = arc_task_notes_new (store, arc_collection_get_entry (collection, 0), argv[2]);
  /* Saved soon after each edit, so that the two writers overlap often */
  arc_task_notes_set_delays (notes, 20, 50);
  for (guint i = 0; i < n && !g_str_equal (argv[3], "attempts"); i++)
    {
      g_autofree char *word = g_strdup_printf ("%s%u", argv[4], i);

      type_word (notes, argv[3], word);
      run_for (pause);
    }
  if (g_str_equal (argv[3], "attempts"))
    submit (notes, arc_collection_get_entry (collection, 0), argv[4], n, pause);
  arc_task_notes_save_async (notes, NULL, saved_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  return 0;
}

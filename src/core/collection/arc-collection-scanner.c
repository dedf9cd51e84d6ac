/* arc-collection-scanner.c: what a scan found (tasks, files skipped, the
 * groups of hexadecimal ids), kept or handed over in batches
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-collection"

#include "config.h"

#include <string.h>

#include "arc-collection-private.h"

void
arc_skipped_free (gpointer data)
{
  ArcSkipped *s = data;

  if (s == NULL)
    return;  /* moved elsewhere */
  g_free (s->display_name);
  g_free (s->reason);
  g_free (s);
}

void
arc_batch_free (gpointer data)
{
  Batch *batch = data;

  g_ptr_array_unref (batch->entries);
  g_ptr_array_unref (batch->skipped);
  g_ptr_array_unref (batch->hex_groups);
  g_free (batch);
}

void
arc_skipped_add (GPtrArray  *skipped,
                 const char *display_name,
                 const char *reason)
{
  ArcSkipped *s = g_new0 (ArcSkipped, 1);

  s->display_name = g_strdup (display_name);
  s->reason = g_strdup (reason);
  g_ptr_array_add (skipped, s);
}

/* As arc_skipped_add(), for what could not be read (a folder that cannot be
 * listed, a broken link): an error, not only a file that is not a task */
void
arc_skipped_add_unreadable (GPtrArray  *skipped,
                            const char *display_name,
                            const char *reason)
{
  arc_skipped_add (skipped, display_name, reason);
  ((ArcSkipped *) skipped->pdata[skipped->len - 1])->unreadable = TRUE;
}

/* Moves the ArcSkipped of @from to the end of @to; returns whether there were any */
gboolean
arc_skipped_move (GPtrArray *to,
                  GPtrArray *from)
{
  if (from->len == 0)
    return FALSE;
  for (guint i = 0; i < from->len; i++)
    g_ptr_array_add (to, g_steal_pointer (&from->pdata[i]));
  g_ptr_array_set_size (from, 0);
  return TRUE;
}

/**
 * arc_scanner_init:
 * @file: what the collection opened
 * @display_root: how to name it in messages
 * @deliver: (nullable): takes each batch of what was found (unless the
 *   scanner keeps it, or hands entries to @each)
 */
void
arc_scanner_init (Scanner        *scanner,
                  GFile          *file,
                  const char     *display_root,
                  GCancellable   *cancellable,
                  ArcDeliverFunc  deliver,
                  gpointer        deliver_data)
{
  memset (scanner, 0, sizeof *scanner);
  scanner->file = file;
  scanner->display_root = display_root;
  scanner->cancellable = cancellable;
  scanner->deliver = deliver;
  scanner->deliver_data = deliver_data;
  scanner->entries = g_ptr_array_new_with_free_func (g_object_unref);
  scanner->skipped = g_ptr_array_new_with_free_func (arc_skipped_free);
  scanner->folders = g_ptr_array_new_with_free_func (g_object_unref);
  scanner->visited = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  scanner->hex_groups = g_ptr_array_new_with_free_func (g_free);
}

void
arc_scanner_clear (Scanner *scanner)
{
  g_clear_pointer (&scanner->entries, g_ptr_array_unref);
  g_clear_pointer (&scanner->skipped, g_ptr_array_unref);
  g_clear_pointer (&scanner->folders, g_ptr_array_unref);
  g_clear_pointer (&scanner->visited, g_hash_table_unref);
  g_clear_pointer (&scanner->hex_groups, g_ptr_array_unref);
}

/* Hands what was found so far to the collection's @deliver: it adds it to
 * the list directly, or through the main context from a worker. */
void
arc_scanner_flush (Scanner *scanner)
{
  Batch *batch;

  if (scanner->keep || (scanner->entries->len == 0 && scanner->skipped->len == 0))
    return;
  if (scanner->each)
    {
      /* The entries go to @each; the collection gets the files skipped
       * and the count, in a batch without entries */
      for (guint i = 0; i < scanner->entries->len; i++)
        scanner->each (scanner->entries->pdata[i], scanner->each_data);
      g_ptr_array_set_size (scanner->entries, 0);
    }
  batch = g_new0 (Batch, 1);
  batch->entries = g_steal_pointer (&scanner->entries);
  batch->skipped = g_steal_pointer (&scanner->skipped);
  batch->n_scanned = scanner->n_scanned;
  batch->hex_groups = scanner->each ? g_ptr_array_new_with_free_func (g_free) : g_steal_pointer (&scanner->hex_groups);
  scanner->entries = g_ptr_array_new_with_free_func (g_object_unref);
  scanner->skipped = g_ptr_array_new_with_free_func (arc_skipped_free);
  if (scanner->hex_groups == NULL)
    scanner->hex_groups = g_ptr_array_new_with_free_func (g_free);
  scanner->deliver (batch, scanner->deliver_data);
}

/* arc-collection-status-count.c: counting what the notes say of each task
 *
 * The flags of every task are counted from the notes store (the summaries
 * the check's workers made), a few milliseconds at a time in the main loop,
 * then kept up to date per task; the phase ends with the count. Work in
 * progress (kept in the work folder, not submitted) is counted with them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-collection-status"

#include "config.h"

#include <string.h>

#include "arc-collection-status-private.h"
#include "arc-solve.h"

#define COUNT_SLICE_USEC 4000

GParamSpec *arc_collection_status_properties[N_PROPS];

void
arc_collection_status_set_phase (ArcCollectionStatus *self,
                                 ArcCollectionPhase   phase)
{
  if (self->phase == phase)
    return;
  self->phase = phase;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PHASE]);
}

void
arc_collection_status_set_uint (ArcCollectionStatus *self,
                                guint               *field,
                                guint                value,
                                guint                prop)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

/**
 * arc_collection_status_add_work:
 * @flags: what @entry's notes say
 * Returns: @flags, with ARC_NOTES_FLAG_IN_PROGRESS when the work folder
 *   keeps work on @entry and no answer was submitted: one lookup of its
 *   name in the folder's listing, nothing read
 */
ArcNotesFlags
arc_collection_status_add_work (ArcCollectionStatus *self,
                                ArcEntry            *entry,
                                ArcNotesFlags        flags)
{
  g_autofree char *name = NULL;

  if ((flags & ARC_NOTES_FLAG_ATTEMPTED) || self->work == NULL || g_hash_table_size (self->work) == 0)
    return flags;
  name = arc_solve_dup_work_name (arc_entry_get_file (entry), arc_entry_get_id (entry));
  return g_hash_table_contains (self->work, name) ? flags | ARC_NOTES_FLAG_IN_PROGRESS : flags;
}

static ArcNotesFlags
read_flags (ArcCollectionStatus *self,
            ArcEntry            *entry)
{
  if (self->notes_store == NULL)
    return arc_collection_status_add_work (self, entry, 0);
  return arc_collection_status_add_work (self, entry, arc_notes_store_get_flags (self->notes_store, entry));
}

static void
add_flags (ArcCollectionStatus *self,
           ArcNotesFlags        flags,
           int                  sign)
{
  for (guint i = 0; i < N_COUNTS; i++)
    if (flags & (1u << i))
      self->counts[i] += sign;
}

static void
notify_counts (ArcCollectionStatus *self,
               const guint         *before)
{
  for (guint i = 0; i < N_COUNTS; i++)
    if (before[i] != self->counts[i])
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ANNOTATED + i]);
}

/* Counts @entry again if it was counted; Returns: whether its flags changed */
gboolean
arc_collection_status_recount_entry (ArcCollectionStatus *self,
                                     ArcEntry            *entry)
{
  gpointer old;
  ArcNotesFlags flags;
  guint before[N_COUNTS];

  if (!g_hash_table_lookup_extended (self->flags, entry, NULL, &old))
    return FALSE;
  flags = read_flags (self, entry);
  if (flags == GPOINTER_TO_UINT (old))
    return FALSE;
  memcpy (before, self->counts, sizeof before);
  add_flags (self, GPOINTER_TO_UINT (old), -1);
  add_flags (self, flags, 1);
  g_hash_table_insert (self->flags, g_object_ref (entry), GUINT_TO_POINTER (flags));
  notify_counts (self, before);
  return TRUE;
}

static gboolean
count_slice_cb (gpointer data)
{
  ArcCollectionStatus *self = data;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->collection));
  gint64 until = g_get_monotonic_time () + COUNT_SLICE_USEC;
  guint before[N_COUNTS];

  memcpy (before, self->counts, sizeof before);
  while (self->count_next < n && g_get_monotonic_time () < until)
    {
      ArcEntry *entry = arc_collection_get_entry (self->collection, self->count_next++);
      /* The check's workers looked for every task's notes file */
      ArcNotesFlags flags = self->noted_known && !g_hash_table_contains (self->noted, entry)
                            ? arc_collection_status_add_work (self, entry, 0) : read_flags (self, entry);

      g_hash_table_insert (self->flags, g_object_ref (entry), GUINT_TO_POINTER (flags));
      add_flags (self, flags, 1);
    }
  notify_counts (self, before);
  if (self->count_next < n)
    return G_SOURCE_CONTINUE;
  self->count_source = 0;
  arc_collection_status_set_phase (self, self->listed_all && self->checked_all ? ARC_COLLECTION_PHASE_DONE : ARC_COLLECTION_PHASE_STOPPED);
  return G_SOURCE_REMOVE;
}

/* (Re)counts from the start; the notes read so far are kept by the store,
 * so counting again is quick */
void
arc_collection_status_start_counting (ArcCollectionStatus *self)
{
  guint before[N_COUNTS];

  memcpy (before, self->counts, sizeof before);
  g_clear_handle_id (&self->count_source, g_source_remove);
  g_hash_table_remove_all (self->flags);
  memset (self->counts, 0, sizeof self->counts);
  self->count_next = 0;
  notify_counts (self, before);
  arc_collection_status_set_phase (self, ARC_COLLECTION_PHASE_COUNTING);
  self->count_source = g_idle_add_full (G_PRIORITY_LOW, count_slice_cb, self, NULL);
  g_source_set_static_name (g_main_context_find_source_by_id (NULL, self->count_source),
                            "[arc-collection-status] count notes");
}

/* @entry has a notes file now, which the check may not have found: the
 * counts read it. For a Kaggle or JSON Lines file's task, all its tasks
 * have (one file for them all). */
void
arc_collection_status_add_noted (ArcCollectionStatus *self,
                                 ArcEntry            *entry)
{
  guint n;

  if (g_hash_table_contains (self->noted, entry))
    return;
  if (!arc_entry_is_combined (entry))
    {
      g_hash_table_add (self->noted, g_object_ref (entry));
      return;
    }
  n = g_list_model_get_n_items (G_LIST_MODEL (self->collection));
  for (guint i = 0; i < n; i++)
    {
      ArcEntry *other = arc_collection_get_entry (self->collection, i);

      if (arc_entry_is_combined_in (other, arc_entry_get_file (entry)))
        g_hash_table_add (self->noted, g_object_ref (other));
    }
}

/* arc-notes-private.h: what the parts of ArcNotes share: reading and the
 * queries (arc-notes.c), writing (arc-notes-write.c), which uses the first
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-notes.h"

G_BEGIN_DECLS

typedef struct
{
  GHashTable *annotators;  /* name -> ArcAnnotation */
  GPtrArray  *sorted;      /* (nullable): the names of @annotators (theirs), in order; dropped when one is added */
  GPtrArray  *records;     /* (nullable): their records, in that order */
  JsonObject *extra;
} TaskNotes;

struct _ArcNotes
{
  GObject     parent_instance;

  GFile      *file;
  GHashTable *tasks;      /* id -> TaskNotes */
  JsonObject *extra;      /* unknown top-level members */
  gboolean    corrupt;    /* the file did not parse: it is never overwritten */
  char       *hash;       /* arc_file_hash_data() of the file as last read or written */
  char       *synced;     /* the contents as last read or written, to tell whose changes are whose */
  gboolean    writing;    /* an asynchronous save is under way */
  GPtrArray  *waiting;    /* GTask: saves asked for while writing, done together next */
  gboolean    waiting_merge;
  int         version;    /* of the file as read: 0 for none; 1 and 2 are written back as they were unless changed */
  gboolean    partial;    /* read without its trajectories, for what the notes say: never written */
  GPtrArray  *problems;   /* char*, NULL-terminated: what the last read mended (a record's name taken twice) */
};

TaskNotes *arc_notes_task_new     (void);
void       arc_notes_task_free    (gpointer    data);
GPtrArray *arc_notes_sorted_keys  (GHashTable *table);

/* arc-notes-merge.c */
void       arc_notes_merge_three_way  (ArcNotes     *self,
                                       ArcNotes     *base,
                                       ArcNotes     *theirs);

G_END_DECLS

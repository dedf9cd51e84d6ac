/* arc-collection-private.h: ArcCollection's internals, shared by its scan and watch code;
 * the scan does not see the collection, the watcher changes its list
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-collection.h"

G_BEGIN_DECLS

#define MAX_FOLDER_DEPTH 64
#define MAX_WATCHED_FOLDERS 1024
#define BATCH_SIZE 512

typedef struct
{
  GPtrArray *entries;
  GPtrArray *skipped;
  guint      n_scanned;
  GPtrArray *hex_groups;
} Batch;

/* Takes a batch of what a scan found (transfer full) */
typedef void (*ArcDeliverFunc) (Batch    *batch,
                                gpointer  data);

/* What a scan finds. A scan runs in a worker thread for arc_collection_load_async(),
 * and hands over what it found in batches, in the order of the final list. */
typedef struct
{
  GFile         *file;          /* what the collection opened */
  const char    *display_root;  /* its name in messages */
  GCancellable  *cancellable;
  GPtrArray     *entries;       /* ArcEntry, not yet in the list */
  GPtrArray     *skipped;       /* ArcSkipped */
  GPtrArray     *folders;       /* GFile of every folder scanned, with "arc-rel" data */
  GHashTable    *visited;       /* "device:inode" of folders already scanned */
  guint          n_scanned;
  gboolean       keep;          /* what it finds stays here, for the watcher to sort in */
  GPtrArray     *hex_groups;    /* groups whose ids are all hexadecimal of one length */
  ArcEntryFunc   each;          /* (nullable): entries go here as found, not to the list */
  gpointer       each_data;
  ArcDeliverFunc deliver;       /* (nullable when @keep) */
  gpointer       deliver_data;
} Scanner;

struct _ArcCollection
{
  GObject            parent_instance;

  GFile             *file;
  char              *title;
  char              *display_root;
  ArcCollectionKind  kind;
  GPtrArray         *entries;   /* ArcEntry */
  GPtrArray         *skipped;   /* ArcSkipped */
  GHashTable        *by_path;   /* path -> ArcEntry, for task files */
  GHashTable        *hex_groups; /* groups sorted as hexadecimal ids (arc_ids_are_hex()) */
  GPtrArray         *groups;    /* (nullable): the entries' groups, each once in a row, as
                                 * arc_collection_dup_groups() gives them; kept while entries are
                                 * added at the end (the listing), else made again when asked */

  /* Loading */
  gboolean           loading;
  GError            *error;      /* why the last load failed */
  guint              n_scanned;
  GMutex             pending_lock;
  GPtrArray         *pending;   /* batches the worker found, for the main thread */
  guint              drain_source;
  GMainContext      *context;

  /* Watching */
  gboolean           watch;
  GPtrArray         *monitors;  /* GFileMonitor */
};

/* What a folder's child is: the one rule for scanning and watching */
typedef enum
{
  ARC_CHILD_IGNORED,     /* hidden, or our own notes sidecars */
  ARC_CHILD_FOLDER,
  ARC_CHILD_TASK,        /* a task file */
  ARC_CHILD_CHALLENGES,  /* a Kaggle *_challenges.json file */
  ARC_CHILD_SOLUTIONS,   /* a Kaggle *_solutions.json file */
  ARC_CHILD_LINES,       /* a JSON Lines file, a task a line */
  ARC_CHILD_SKIPPED,     /* not a task: listed as skipped, with a reason */
  ARC_CHILD_UNREADABLE,  /* a broken symbolic link or a link loop: skipped, and cannot be read */
} ArcChildKind;

ArcChildKind arc_classify_child     (const char    *name,
                                     GFileType      type,
                                     const char   **reason);

/* A classified child of a folder at @rel in the collection */
typedef struct
{
  GFile        *dir;
  const char   *rel;
  const char   *name;
  ArcChildKind  kind;
  const char   *reason;  /* why it is skipped (ARC_CHILD_SKIPPED, ARC_CHILD_UNREADABLE) */
} ArcChild;

/* arc-collection-order.c */
int      arc_compare_entries        (gconstpointer  pa,
                                     gconstpointer  pb,
                                     gpointer       hex_groups);
gboolean arc_entries_sort           (GPtrArray     *entries,
                                     GHashTable    *hex_groups);
void     arc_hex_groups_add         (GHashTable    *hex_groups,
                                     GPtrArray     *groups);
char    *arc_display_name           (const char    *display_root,
                                     const char    *rel);
char    *arc_join_rel               (const char    *dir,
                                     const char    *name);
gboolean arc_has_suffix_ci          (const char    *name,
                                     const char    *suffix);
char    *arc_strip_suffix           (const char    *name,
                                     const char    *suffix);
char    *arc_kaggle_split           (const char    *basename);

/* arc-collection-scanner.c */
void     arc_skipped_free           (gpointer       data);
void     arc_batch_free             (gpointer       data);
void     arc_skipped_add            (GPtrArray     *skipped,
                                     const char    *display_name,
                                     const char    *reason);
void     arc_skipped_add_unreadable (GPtrArray     *skipped,
                                     const char    *display_name,
                                     const char    *reason);
gboolean arc_skipped_move           (GPtrArray     *to,
                                     GPtrArray     *from);
void     arc_scanner_init           (Scanner       *scanner,
                                     GFile         *file,
                                     const char    *display_root,
                                     GCancellable  *cancellable,
                                     ArcDeliverFunc deliver,
                                     gpointer       deliver_data);
void     arc_scanner_clear          (Scanner       *scanner);
void     arc_scanner_flush          (Scanner       *scanner);

/* arc-collection-scan.c */
void     arc_scan_folder            (Scanner       *scanner,
                                     GFile         *dir,
                                     const char    *rel,
                                     int            depth);
void     arc_scan_child             (Scanner       *scanner,
                                     const ArcChild *child);
void     arc_scan_combined          (Scanner       *scanner,
                                     GFile         *file,
                                     const char    *rel,
                                     const char    *group);
gboolean arc_scan                   (Scanner       *scanner,
                                     ArcCollectionKind *kind,
                                     GError       **error);

/* arc-collection-lines.c */
void     arc_scan_lines             (Scanner       *scanner,
                                     GFile         *file,
                                     const char    *rel,
                                     const char    *group);

/* arc-collection-watch.c */
void     arc_collection_watch_folder (ArcCollection *self,
                                     GFile         *dir,
                                     const char    *rel);
void     arc_collection_watch_file  (ArcCollection *self,
                                     GFile         *file);

G_END_DECLS

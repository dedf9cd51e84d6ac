/* arc-collection.h: what a user opens: a task file, a folder, a Kaggle file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "arc-collection-order.h"
#include "arc-entry.h"

G_BEGIN_DECLS

typedef enum
{
  ARC_COLLECTION_FOLDER,
  ARC_COLLECTION_TASK_FILE,
  ARC_COLLECTION_COMBINED,
  ARC_COLLECTION_JSON_LINES,
} ArcCollectionKind;

/* A file found in a collection that is not a task. */
typedef struct
{
  char     *display_name;
  char     *reason;
  gboolean  unreadable;  /* it could not be read: a folder, a broken link */
} ArcSkipped;

typedef void (*ArcEntryFunc) (ArcEntry *entry,
                              gpointer  user_data);

#define ARC_TYPE_COLLECTION (arc_collection_get_type ())

G_DECLARE_FINAL_TYPE (ArcCollection, arc_collection, ARC, COLLECTION, GObject)

ArcCollection     *arc_collection_new           (GFile         *file,
                                                 const char    *display_root);
ArcCollection     *arc_collection_new_for_file  (GFile         *file,
                                                 const char    *display_root,
                                                 GCancellable  *cancellable,
                                                 GError       **error);
void               arc_collection_set_watch     (ArcCollection *self,
                                                 gboolean       watch);
gboolean           arc_collection_load          (ArcCollection *self,
                                                 GCancellable  *cancellable,
                                                 GError       **error);
void               arc_collection_load_async    (ArcCollection *self,
                                                 GCancellable  *cancellable,
                                                 GAsyncReadyCallback callback,
                                                 gpointer       user_data);
gboolean           arc_collection_load_finish   (ArcCollection *self,
                                                 GAsyncResult  *result,
                                                 GError       **error);
gboolean           arc_collection_scan_each     (ArcCollection *self,
                                                 ArcEntryFunc   func,
                                                 gpointer       user_data,
                                                 GCancellable  *cancellable,
                                                 GError       **error);
gboolean           arc_collection_get_loading   (ArcCollection *self);
const GError      *arc_collection_get_error     (ArcCollection *self);
void               arc_collection_flush         (ArcCollection *self);
guint              arc_collection_get_n_scanned (ArcCollection *self);
GFile             *arc_collection_get_file      (ArcCollection *self);
gboolean           arc_collection_follows_disk  (ArcCollection *self);
gboolean           arc_file_in_document_portal  (GFile         *file);
const char        *arc_collection_get_title     (ArcCollection *self);
ArcCollectionKind  arc_collection_get_kind      (ArcCollection *self);
GPtrArray         *arc_collection_get_skipped   (ArcCollection *self);
GStrv              arc_collection_dup_groups    (ArcCollection *self);
ArcEntry          *arc_collection_get_entry     (ArcCollection *self,
                                                 guint          position);
gboolean           arc_collection_find          (ArcCollection *self,
                                                 const char    *id,
                                                 guint         *position);

/* arc-collection-scan.c: LARC's tasks_json files, listed by the ARC id inside */
gboolean           arc_collection_is_larc_file_name (const char *name);
char              *arc_collection_peek_larc_id  (GFile         *file);

G_END_DECLS

/* arc-file.h: reading a file whole, safely, and replacing it atomically
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

GBytes        *arc_file_load_bounded    (GFile          *file,
                                         gsize           max_size,
                                         GError        **error);
GBytes        *arc_file_load_named      (GFile          *file,
                                         gsize           max_size,
                                         GError        **error);
void           arc_file_ranges_begin    (void);
void           arc_file_ranges_end      (void);
GBytes        *arc_file_load_range      (GFile          *file,
                                         goffset         offset,
                                         gsize           length,
                                         GError        **error);
char          *arc_file_hash_data       (const void     *data,
                                         gsize           length);
char          *arc_file_query_hash      (GFile          *file);
char          *arc_file_query_hash_known (GFile         *file);
void           arc_file_know_hash       (GFile          *file,
                                         const char     *hash,
                                         gsize           length);
gboolean       arc_file_check_unchanged (GFile          *file,
                                         const char     *hash,
                                         GError        **error);
gboolean       arc_file_replace         (GFile          *file,
                                         const char     *text,
                                         gsize           length,
                                         char          **hash,
                                         GError        **error);
gboolean       arc_file_delete          (GFile          *file,
                                         GError        **error);

/* arc-file-write.c: the one writer */
typedef struct _ArcFileLock ArcFileLock;

gboolean       arc_file_write           (GFile          *file,
                                         const void     *data,
                                         gsize           length,
                                         GError        **error);
gboolean       arc_file_write_bytes     (GFile          *file,
                                         GBytes         *bytes,
                                         GError        **error);
gboolean       arc_file_write_all       (GFile         **files,
                                         GBytes        **contents,
                                         guint           n,
                                         GError        **error);
ArcFileLock   *arc_file_lock            (GFile          *file,
                                         GError        **error);
void           arc_file_unlock          (ArcFileLock    *lock);
gboolean       arc_file_is_leftover_name (const char    *name);
guint          arc_file_recover_folder  (GFile          *dir);
void           arc_file_set_write_fault (int             error_code,
                                         guint           nth,
                                         guint           delay_ms);
guint          arc_file_get_write_calls (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArcFileLock, arc_file_unlock)

/* The bundled samples, read from the app's resources (never written) */
gboolean       arc_file_is_bundled      (GFile          *file);

G_END_DECLS

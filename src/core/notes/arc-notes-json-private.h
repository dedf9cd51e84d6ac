/* arc-notes-json-private.h: reading and writing the members of the notes
 * file's objects, for the parts of the notes format
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

gboolean    arc_notes_fail          (GError             **error,
                                     const char          *where,
                                     const char          *message);
JsonObject *arc_notes_extra_members (JsonObject          *object,
                                     const char * const  *known);
const char *arc_notes_get_string    (JsonObject          *o,
                                     const char          *name);
JsonObject *arc_notes_get_object    (JsonObject          *o,
                                     const char          *name);
gboolean    arc_notes_get_int       (JsonObject          *o,
                                     const char          *name,
                                     gint64              *value);
void        arc_notes_end_object    (JsonBuilder         *b,
                                     JsonObject          *extra);
void        arc_notes_add_time      (JsonBuilder         *b,
                                     const char          *name,
                                     gint64               usec);

G_END_DECLS

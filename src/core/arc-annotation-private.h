/* arc-annotation-private.h: reading and writing annotations, shared by the
 * notes file (arc-notes.c) and arc-annotation.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "arc-notes.h"

G_BEGIN_DECLS

gboolean    arc_notes_fail          (GError             **error,
                                     const char          *where,
                                     const char          *message);
JsonObject *arc_notes_extra_members (JsonObject          *object,
                                     const char * const  *known);
const char *arc_notes_get_string    (JsonObject          *o,
                                     const char          *name);
gboolean    arc_notes_get_int       (JsonObject          *o,
                                     const char          *name,
                                     gint64              *value);
void        arc_notes_end_object    (JsonBuilder         *b,
                                     JsonObject          *extra);
gboolean    arc_annotation_read     (JsonNode            *node,
                                     const char          *where,
                                     ArcAnnotation      **out,
                                     GError             **error);
void        arc_annotation_build    (JsonBuilder         *b,
                                     const ArcAnnotation *a);

G_END_DECLS

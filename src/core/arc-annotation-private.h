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
void        arc_notes_add_actions   (JsonBuilder         *b,
                                     const char          *name,
                                     GPtrArray           *actions);
gboolean    arc_annotation_read     (JsonNode            *node,
                                     const char          *where,
                                     ArcAnnotation      **out,
                                     GError             **error);
void        arc_annotation_build    (JsonBuilder         *b,
                                     const ArcAnnotation *a);

/* arc-notes-text.c: the file's text */
void        arc_notes_append_pretty      (GString             *out,
                                          JsonNode            *node,
                                          guint                level);
void        arc_notes_append_member_name (GString             *out,
                                          const char          *name,
                                          guint                level);

/* arc-description.c: the members of version 2 (source, verification,
 * builds), read and written beside the others */
#define ARC_DESCRIPTION_MEMBERS "source", "verification", "builds", "unsubmitted"

void        arc_annotation_init_description  (ArcAnnotation       *a);
void        arc_annotation_clear_description (ArcAnnotation       *a);
gboolean    arc_annotation_read_description  (JsonObject          *o,
                                              const char          *where,
                                              ArcAnnotation       *a,
                                              GError             **error);
void        arc_annotation_build_description (JsonBuilder         *b,
                                              const ArcAnnotation *a);

G_END_DECLS

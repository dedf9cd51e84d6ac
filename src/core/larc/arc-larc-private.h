/* arc-larc-private.h: what the LARC reader's and writer's files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-json.h"
#include "arc-larc.h"

G_BEGIN_DECLS

/* One of LARC's values, as json-glib's tree holds it or as it is read from
 * the text (arc_larc_value_read()): both are read by the same rules */
typedef struct
{
  ArcJsonKind  kind;        /* ARC_JSON_END: absent */
  gboolean     boolean;
  gboolean     is_integer;  /* a number without fraction or exponent */
  gint64       integer;
  double       number;
  const char  *string;      /* of ARC_JSON_STRING; up to its first NUL, as json-glib's */
  ArcJsonRange range;       /* where it is in the text (when read from it) */
} ArcLarcValue;

void         arc_larc_value_from_node     (ArcLarcValue         *v,
                                           JsonNode             *node);
gboolean     arc_larc_value_read          (ArcLarcValue         *v,
                                           ArcJsonReader        *r,
                                           GString              *buffer);
gboolean     arc_larc_value_int           (const ArcLarcValue   *v,
                                           gint64               *value);
gboolean     arc_larc_value_get_number    (const ArcLarcContext *ctx,
                                           const char           *where,
                                           const ArcLarcValue   *v,
                                           const char           *name,
                                           gboolean              whole,
                                           double               *value);
int          arc_larc_value_get_bool      (const ArcLarcContext *ctx,
                                           const char           *where,
                                           const ArcLarcValue   *v,
                                           const char           *name);
gboolean     arc_larc_is_empty_list       (const ArcLarcContext *ctx,
                                           JsonNode             *node);

/* arc-larc-export.c: LARC's members that the export makes from a record
 * (NULL-terminated). Those it would not write back as LARC has them are
 * kept by the import as LARC has them: a description's in its source's
 * extra members, a build's in the object ARC_LARC_KEPT of its extra ones;
 * so are an empty action_sequence and null builds, which the export
 * writes as null and {}. An action's time: ArcAction.larc_time. */
#define ARC_LARC_KEPT "larc"

extern const char * const arc_larc_description_members[];
extern const char * const arc_larc_build_members[];

void         arc_larc_write_description_members (JsonObject          *o,
                                                 const ArcAnnotation *a,
                                                 const char          *annotator,
                                                 guint                n_tests);
void         arc_larc_write_build_members (JsonObject           *o,
                                           const ArcBuild       *build);

G_END_DECLS

/* arc-larc-private.h: what the LARC reader's files share
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

G_END_DECLS

/* arc-annotation-private.h: reading and writing annotations, shared by the
 * notes file (arc-notes.c), arc-annotation.c and the parts of a record
 * (arc-attempt.c, arc-description.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "arc-json.h"
#include "arc-notes.h"

G_BEGIN_DECLS

gboolean    arc_annotation_read     (JsonNode            *node,
                                     const char          *where,
                                     ArcAnnotation      **out,
                                     GError             **error);
void        arc_annotation_build    (JsonBuilder         *b,
                                     const ArcAnnotation *a);

/* arc-attempt.c */
gboolean    arc_attempts_solve      (GPtrArray           *attempts,
                                     guint                n_tests);
guint       arc_attempts_settle_trials (GPtrArray        *attempts);
void        arc_attempt_build       (JsonBuilder         *b,
                                     const ArcAttempt    *at);

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

/* arc-trajectory-text.c: trajectories straight from and to the file's text */
typedef struct
{
  const char *data;    /* the file's text */
  GArray     *ranges;  /* ArcJsonRange of each trajectory lifted out of the tree */
  const char *marker;  /* what stands for them in the tree, then their index */
  gboolean    skip;    /* not read: the notes are read for what they say only */
} ArcTrajectoryLifted;

typedef struct
{
  GPtrArray  *lists;   /* GPtrArray of ArcAction: the trajectories marked in the tree */
  char       *marker;  /* the mark, starting with U+0001, then their index */
} ArcTrajectoryWriting;

void        arc_trajectory_set_lifted   (ArcTrajectoryLifted  *lifted);
ArcGrid    *arc_trajectory_read_grid_range (const char         *data,
                                            const ArcJsonRange *range);
ArcGrid    *arc_trajectory_read_grid_at (ArcJsonReader        *r,
                                         GString              *buffer);
GPtrArray  *arc_trajectory_read_member  (JsonNode             *member);
void        arc_trajectory_set_writing  (ArcTrajectoryWriting *writing);
void        arc_trajectory_build_member (JsonBuilder          *b,
                                         const char           *name,
                                         GPtrArray            *actions);
void        arc_trajectory_splice       (GString              *out,
                                         gsize                 from,
                                         ArcTrajectoryWriting *writing);

G_END_DECLS

/* arc-notes.h: annotations, solve notes and attempts, in a sidecar file beside the tasks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "arc-grid.h"
#include "arc-trajectory.h"

G_BEGIN_DECLS

#define ARC_NOTES_FORMAT   "arc-studio-notes"
#define ARC_NOTES_VERSION  3
/* The largest notes file read (see arc_notes_load()) */
#define ARC_NOTES_MAX_FILE_SIZE (64 * 1024 * 1024)

typedef enum
{
  ARC_VERDICT_UNVERIFIED,  /* no expected output to compare with */
  ARC_VERDICT_CORRECT,
  ARC_VERDICT_WRONG,
} ArcVerdict;

typedef struct
{
  guint       test;     /* test input, from 0 */
  ArcGrid    *grid;
  ArcVerdict  verdict;
  gint64      time;     /* microseconds since the epoch */
  gboolean    counts;   /* within the trials; practice after them does not count */
  guint       trials;   /* the trials per test input when it was made; 0 when not recorded */
  GPtrArray  *actions;  /* (nullable): ArcAction, the trajectory that led to it */
  char       *task_hash;  /* (nullable): arc_task_dup_content_hash() of the task it was made on */
  JsonObject *extra;    /* members we do not know, kept as they were */
} ArcAttempt;

/* Someone building the output from a description alone, as in LARC: they
 * see the description and the test input, nothing else */
typedef struct
{
  char       *id;            /* the build's id (LARC's, or a random UUID) */
  char       *builder;       /* who built: an annotator name ("larc:<uid>" for LARC's builders) */
  gboolean    success;       /* they made the right output */
  guint       n_attempts;    /* answers they submitted */
  gint64      milliseconds;  /* time they spent, or -1 when not known */
  gint64      time;          /* when (microseconds since the epoch), 0 when not known */
  int         max_idle_seconds;  /* LARC's longest idle period, or -1 */
  GPtrArray  *attempts;      /* ArcAttempt: the answers, each with its trajectory */
  GPtrArray  *unsubmitted;   /* (nullable): ArcAction after the last answer */
  ArcGrid    *unsubmitted_grid;  /* (nullable): the grid those actions left */
  JsonObject *extra;
} ArcBuild;

/* Where an imported record comes from; such records are read-only */
typedef struct
{
  char       *name;       /* "LARC" */
  char       *id;         /* the description's id there */
  char       *author;     /* its author's id there */
  char       *task_file;  /* the file it came from, e.g. "14.json" */
  char       *license;    /* e.g. "CC-BY-4.0" */
  char       *digest;     /* (nullable): of what the record was made from, to tell whether it changed there */
  JsonObject *extra;
} ArcSource;

/* One annotator's notes on one task */
typedef struct
{
  char       *input_text;      /* "In the input, you should see…" */
  char       *size_text;       /* "The output grid size…" */
  char       *transform_text;  /* "To make the output, you have to…" */
  int         confidence;      /* 0..10, or -1 when not given */
  GPtrArray  *tags;            /* char* */
  char       *difficulty;      /* "", "easy", "medium", "hard" or "very-hard" */
  char       *notes;
  gint64      created;         /* microseconds since the epoch, 0 when unknown */
  gint64      modified;
  gint64      seconds_spent;
  GPtrArray  *attempts;        /* ArcAttempt */
  JsonObject *extra;
  /* Version 2: descriptions as LARC has them */
  ArcSource  *source;          /* (nullable): imported, and read-only */
  int         verified;        /* the author built the test output from it: 1, 0, or -1 when not said */
  int         verification_attempts;  /* or -1 */
  gint64      verification_seconds;   /* or -1 */
  int         max_idle_seconds;       /* or -1 */
  GPtrArray  *builds;          /* ArcBuild */
  GPtrArray  *unsubmitted;     /* (nullable): ArcAction after the last attempt */
  ArcGrid    *unsubmitted_grid;
  char       *program;         /* (nullable): Python 3 source that solves the task (arc-program.h) */
} ArcAnnotation;

ArcAttempt    *arc_attempt_copy           (const ArcAttempt    *attempt);
ArcAttempt    *arc_attempt_new            (guint                test,
                                           const ArcGrid       *grid,
                                           ArcVerdict           verdict,
                                           gboolean             counts);
void           arc_attempt_free           (ArcAttempt          *attempt);
gboolean       arc_attempt_is_earlier_version (const ArcAttempt *attempt,
                                           const char          *task_hash);
const char    *arc_verdict_to_string      (ArcVerdict           verdict);
gboolean       arc_attempt_is_by_program  (const ArcAttempt    *attempt);
void           arc_attempt_set_by_program (ArcAttempt          *attempt);

ArcAnnotation *arc_annotation_new         (void);
void           arc_annotation_free        (ArcAnnotation       *annotation);
gboolean       arc_annotation_has_text    (const ArcAnnotation *annotation);
gboolean       arc_annotation_is_blank    (const ArcAnnotation *annotation);
gboolean       arc_annotation_is_solved   (const ArcAnnotation *annotation,
                                           guint                n_tests);

/* What the notes say of a task, for badges, filters and counts */
typedef enum
{
  ARC_NOTES_FLAG_ANNOTATED = 1 << 0,  /* a description, notes or tags */
  ARC_NOTES_FLAG_ATTEMPTED = 1 << 1,  /* an answer was submitted */
  ARC_NOTES_FLAG_SOLVED    = 1 << 2,  /* every test input right within the trials */
  ARC_NOTES_FLAG_FAILED    = 1 << 3,  /* not solved, and a test input's trials are used up */
  /* The same, by annotators other than the one asked about (arc_notes_get_flags_for()) */
  ARC_NOTES_FLAG_OTHERS_ANNOTATED = 1 << 4,
  ARC_NOTES_FLAG_OTHERS_ATTEMPTED = 1 << 5,
  ARC_NOTES_FLAG_OTHERS_SOLVED    = 1 << 6,
  ARC_NOTES_FLAG_OTHERS_FAILED    = 1 << 7,
  /* Not from the notes: the user's work in the workspace is kept (arc-solve-work.c)
   * and no answer was submitted (ArcCollectionStatus adds it) */
  ARC_NOTES_FLAG_IN_PROGRESS      = 1 << 8,
} ArcNotesFlags;

/* The user's own flags, and the others' moved to the user's bits */
#define ARC_NOTES_FLAGS_OWN(flags)    ((flags) & 0x0f)
#define ARC_NOTES_FLAGS_OTHERS(flags) (((flags) >> 4) & 0x0f)

ArcNotesFlags  arc_annotation_get_flags   (const ArcAnnotation *annotation,
                                           guint                n_tests,
                                           const char          *task_hash);

ArcBuild      *arc_build_new              (const char          *builder);
ArcBuild      *arc_build_copy             (const ArcBuild      *build);
void           arc_build_free             (ArcBuild            *build);
ArcSource     *arc_source_new             (const char          *name);
void           arc_source_free            (ArcSource           *source);
gboolean       arc_annotation_is_read_only (const ArcAnnotation *annotation);
gboolean       arc_annotation_is_verified (const ArcAnnotation *annotation,
                                           guint                n_tests);
guint          arc_annotation_count_builds (const ArcAnnotation *annotation,
                                           guint               *n_success);
ArcAttempt    *arc_attempt_read_node      (JsonNode            *node,
                                           const char          *where,
                                           GError             **error);
JsonNode      *arc_attempt_to_node        (const ArcAttempt    *attempt);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArcAttempt, arc_attempt_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArcBuild, arc_build_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArcSource, arc_source_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArcAnnotation, arc_annotation_free)

#define ARC_TYPE_NOTES (arc_notes_get_type ())

G_DECLARE_FINAL_TYPE (ArcNotes, arc_notes, ARC, NOTES, GObject)

ArcNotes      *arc_notes_new              (GFile               *file);
GFile         *arc_notes_get_file         (ArcNotes            *self);
gboolean       arc_notes_load             (ArcNotes            *self,
                                           GError             **error);
gboolean       arc_notes_load_without_trajectories (ArcNotes   *self,
                                           GError             **error);
gboolean       arc_notes_load_from_data   (ArcNotes            *self,
                                           const char          *data,
                                           gsize                length,
                                           GError             **error);
gboolean       arc_notes_save             (ArcNotes            *self,
                                           gboolean             merge,
                                           GError             **error);
void           arc_notes_save_async       (ArcNotes            *self,
                                           gboolean             merge,
                                           GCancellable        *cancellable,
                                           GAsyncReadyCallback  callback,
                                           gpointer             user_data);
gboolean       arc_notes_save_finish      (ArcNotes            *self,
                                           GAsyncResult        *result,
                                           GError             **error);
gboolean       arc_notes_is_saving        (ArcNotes            *self);
char          *arc_notes_to_data          (ArcNotes            *self,
                                           gsize               *length);
gboolean       arc_notes_is_corrupt       (ArcNotes            *self);
const char    *arc_notes_get_hash         (ArcNotes            *self);
const char * const *arc_notes_get_problems (ArcNotes            *self);
ArcAnnotation *arc_notes_get              (ArcNotes            *self,
                                           const char          *task_id,
                                           const char          *annotator);
ArcAnnotation *arc_notes_ensure           (ArcNotes            *self,
                                           const char          *task_id,
                                           const char          *annotator);
GStrv          arc_notes_dup_task_ids     (ArcNotes            *self);
guint          arc_notes_peek_annotators  (ArcNotes              *self,
                                           const char            *task_id,
                                           const char * const   **names,
                                           ArcAnnotation * const **records);
GStrv          arc_notes_dup_annotators   (ArcNotes            *self,
                                           const char          *task_id);
gboolean       arc_notes_is_annotated     (ArcNotes            *self,
                                           const char          *task_id);
gboolean       arc_notes_has_attempts     (ArcNotes            *self,
                                           const char          *task_id);
ArcNotesFlags  arc_notes_get_flags        (ArcNotes            *self,
                                           const char          *task_id,
                                           guint                n_tests,
                                           const char          *task_hash);
ArcNotesFlags  arc_notes_get_flags_for    (ArcNotes            *self,
                                           const char          *task_id,
                                           const char          *annotator,
                                           guint                n_tests,
                                           const char          *task_hash);
JsonNode      *arc_annotation_to_node     (const ArcAnnotation *annotation);
ArcAnnotation *arc_annotation_copy        (const ArcAnnotation *annotation);
void           arc_notes_set              (ArcNotes            *self,
                                           const char          *task_id,
                                           const char          *annotator,
                                           ArcAnnotation       *annotation);
gboolean       arc_notes_merge            (ArcNotes            *self,
                                           GError             **error);
char          *arc_notes_describe_conflicts (const char * const *conflicts);

G_END_DECLS

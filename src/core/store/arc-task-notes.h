/* arc-task-notes.h: one annotator's notes on the shown task, saved as they change
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "arc-entry.h"
#include "arc-notes.h"
#include "arc-notes-store.h"

G_BEGIN_DECLS

/* The text fields of an annotation */
typedef enum
{
  ARC_NOTES_FIELD_INPUT,           /* "In the input, you should see…" */
  ARC_NOTES_FIELD_OUTPUT_SIZE,     /* "The output grid size…" */
  ARC_NOTES_FIELD_TRANSFORMATION,  /* "To make the output, you have to…" */
  ARC_NOTES_FIELD_NOTES,
  ARC_NOTES_FIELD_PROGRAM,         /* Python 3 source (arc-program.h); "" for none */
} ArcNotesField;

#define ARC_TASK_NOTES_SAVE_DELAY_MS   1000
#define ARC_TASK_NOTES_RETRY_DELAY_MS  5000

#define ARC_TYPE_TASK_NOTES (arc_task_notes_get_type ())

G_DECLARE_FINAL_TYPE (ArcTaskNotes, arc_task_notes, ARC, TASK_NOTES, GObject)

ArcTaskNotes        *arc_task_notes_new               (ArcNotesStore       *store,
                                                       ArcEntry            *entry,
                                                       const char          *annotator);
char                *arc_task_notes_resolve_annotator (const char          *name);
ArcEntry            *arc_task_notes_get_entry         (ArcTaskNotes        *self);
ArcNotesStore       *arc_task_notes_get_store         (ArcTaskNotes        *self);
ArcNotes            *arc_task_notes_get_notes         (ArcTaskNotes        *self);
const char          *arc_task_notes_get_annotator     (ArcTaskNotes        *self);
ArcNotesPlace        arc_task_notes_get_place         (ArcTaskNotes        *self);
const char          *arc_task_notes_get_notice        (ArcTaskNotes        *self);
const char          *arc_task_notes_get_error         (ArcTaskNotes        *self);
gboolean             arc_task_notes_is_out_of_space   (ArcTaskNotes        *self);
void                 arc_task_notes_reread            (ArcTaskNotes        *self);
gboolean             arc_task_notes_get_modified      (ArcTaskNotes        *self);
gboolean             arc_task_notes_get_saving        (ArcTaskNotes        *self);
const ArcAnnotation *arc_task_notes_get_annotation    (ArcTaskNotes        *self);
const char          *arc_task_notes_get_text          (ArcTaskNotes        *self,
                                                       ArcNotesField        field);
void                 arc_task_notes_set_text          (ArcTaskNotes        *self,
                                                       ArcNotesField        field,
                                                       const char          *text);
void                 arc_task_notes_set_tags          (ArcTaskNotes        *self,
                                                       const char * const  *tags);
void                 arc_task_notes_set_confidence    (ArcTaskNotes        *self,
                                                       int                  confidence);
void                 arc_task_notes_set_difficulty    (ArcTaskNotes        *self,
                                                       const char          *difficulty);
GPtrArray           *arc_task_notes_get_attempts      (ArcTaskNotes        *self);
guint                arc_task_notes_get_n_attempts    (ArcTaskNotes        *self);
void                 arc_task_notes_add_attempt       (ArcTaskNotes        *self,
                                                       const ArcAttempt    *attempt);
void                 arc_task_notes_add_build         (ArcTaskNotes        *self,
                                                       const char          *describer,
                                                       ArcBuild            *build);
void                 arc_task_notes_set_delays        (ArcTaskNotes        *self,
                                                       guint                save_ms,
                                                       guint                retry_ms);
void                 arc_task_notes_save_async        (ArcTaskNotes        *self,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
gboolean             arc_task_notes_save_finish       (ArcTaskNotes        *self,
                                                       GAsyncResult        *result,
                                                       GError             **error);

G_END_DECLS

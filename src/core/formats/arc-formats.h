/* arc-formats.h: every format the app and the CLI write (and LARC's, which
 * they also read), in one table: its name, title, extension, MIME type and
 * writer. The export dialogs and the CLI's --format take their names,
 * extensions and filters from it; a new format is one entry and its writer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-notes-export.h"
#include "arc-render.h"
#include "arc-submission.h"

G_BEGIN_DECLS

typedef enum
{
  ARC_FORMAT_PICTURE,       /* a task, or one of its grids: drawn, or as text */
  ARC_FORMAT_NOTES,         /* a collection's notes */
  ARC_FORMAT_TRAJECTORIES,  /* the action trajectories of a collection's attempts */
  ARC_FORMAT_ANSWERS,       /* a collection's answers, for scoring */
} ArcFormatKind;

typedef struct _ArcFormat ArcFormat;

/* ARC_FORMAT_PICTURE: @task drawn with @title (@grid %NULL), or @grid alone */
typedef GBytes  *(*ArcPictureWriter)     (const ArcFormat         *format,
                                          ArcTask                 *task,
                                          const char              *title,
                                          const ArcGrid           *grid,
                                          const ArcRenderOptions  *options,
                                          GError                 **error);
/* ARC_FORMAT_NOTES and _TRAJECTORIES written as one file: its text, %NULL
 * when cancelled */
typedef char    *(*ArcNotesWriter)       (ArcNotesStore           *store,
                                          GPtrArray               *entries,
                                          ArcNotesExportCounts    *counts,
                                          ArcNotesExportProgress   progress,
                                          gpointer                 user_data,
                                          GCancellable            *cancellable,
                                          GError                 **error);
/* ARC_FORMAT_NOTES written as a folder of files (@per_task_notes: a
 * folder collection, whose notes files are one a task) */
typedef gboolean (*ArcNotesFolderWriter) (ArcNotesStore           *store,
                                          GPtrArray               *entries,
                                          gboolean                 per_task_notes,
                                          GFile                   *dir,
                                          ArcNotesExportCounts    *counts,
                                          ArcNotesExportProgress   progress,
                                          gpointer                 user_data,
                                          GCancellable            *cancellable,
                                          GError                 **error);
/* ARC_FORMAT_ANSWERS: @annotator's answers of @collection's test inputs */
typedef char    *(*ArcAnswersWriter)     (ArcCollection           *collection,
                                          ArcNotesStore           *store,
                                          const char              *annotator,
                                          guint                   *n_placeholders,
                                          guint                   *n_tests);

struct _ArcFormat
{
  const char           *name;          /* as --format takes it: "png" */
  ArcFormatKind         kind;
  const char           *title;         /* N_(): arc_format_get_title() translates it */
  const char           *extension;     /* ".png"; %NULL: written as a folder */
  const char           *mime_type;     /* (nullable) */
  const char           *default_name;  /* (nullable): the file or folder an export suggests */
  gboolean              is_default;    /* the one of its kind --format falls back to */
  gboolean              readable;      /* also read (LARC's layout: arc-larc-import.h) */
  ArcPictureWriter      picture;
  ArcNotesWriter        notes;
  ArcNotesFolderWriter  notes_folder;
  ArcAnswersWriter      answers;
};

const ArcFormat  *arc_formats_get               (ArcFormatKind     kind,
                                                 guint             index);
const ArcFormat  *arc_format_find               (ArcFormatKind     kind,
                                                 const char       *name);
const ArcFormat  *arc_format_for_path           (ArcFormatKind     kind,
                                                 const char       *path);
const ArcFormat  *arc_format_get_default        (ArcFormatKind     kind);
const char       *arc_format_get_title          (const ArcFormat  *format);
char             *arc_formats_dup_names         (ArcFormatKind     kind,
                                                 const char       *separator);
char             *arc_formats_dup_extensions    (ArcFormatKind     kind);

gboolean          arc_format_write_picture      (const ArcFormat         *format,
                                                 ArcTask                 *task,
                                                 const char              *title,
                                                 const ArcGrid           *grid,
                                                 const ArcRenderOptions  *options,
                                                 GFile                   *file,
                                                 GError                 **error);
gboolean          arc_render_task_to_file       (ArcTask                 *task,
                                                 const char              *title,
                                                 const ArcRenderOptions  *options,
                                                 const char              *path,
                                                 GError                 **error);
gboolean          arc_render_grid_to_file       (const ArcGrid           *grid,
                                                 const ArcRenderOptions  *options,
                                                 const char              *path,
                                                 GError                 **error);

/* arc-picture-file.c: the writers of pictures */
GBytes           *arc_picture_draw_cairo        (const ArcFormat         *format,
                                                 ArcTask                 *task,
                                                 const char              *title,
                                                 const ArcGrid           *grid,
                                                 const ArcRenderOptions  *options,
                                                 GError                 **error);
GBytes           *arc_picture_write_text        (const ArcFormat         *format,
                                                 ArcTask                 *task,
                                                 const char              *title,
                                                 const ArcGrid           *grid,
                                                 const ArcRenderOptions  *options,
                                                 GError                 **error);

/* arc-trajectory-export.c: the writers of trajectories */
char             *arc_trajectories_export_arctraj (ArcNotesStore          *store,
                                                   GPtrArray              *entries,
                                                   ArcNotesExportCounts   *counts,
                                                   ArcNotesExportProgress  progress,
                                                   gpointer                user_data,
                                                   GCancellable           *cancellable,
                                                   GError                **error);
char             *arc_trajectories_export_jaxarc  (ArcNotesStore          *store,
                                                   GPtrArray              *entries,
                                                   ArcNotesExportCounts   *counts,
                                                   ArcNotesExportProgress  progress,
                                                   gpointer                user_data,
                                                   GCancellable           *cancellable,
                                                   GError                **error);

G_END_DECLS

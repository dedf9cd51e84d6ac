/* arc-window-private.h: the window's internals, shared with its tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-core.h"
#include "arc-notes-pane.h"
#include "arc-solve-view.h"
#include "arc-task-list.h"
#include "arc-task-view.h"
#include "arc-window.h"

G_BEGIN_DECLS

typedef struct _ArcWindowEdit ArcWindowEdit;

struct _ArcWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwToastOverlay      *toast_overlay;
  AdwWindowTitle       *window_title;
  GtkPaned             *paned;
  ArcTaskList          *task_list;
  GtkStack             *main_stack;
  AdwFlap              *notes_flap;
  GtkPaned             *task_paned;
  ArcNotesPane         *notes_pane;
  GtkScrolledWindow    *task_scroller;
  ArcTaskView          *task_view;
  AdwStatusPage        *empty_page;
  GtkLabel             *task_title;
  GtkLabel             *task_summary;
  GtkLabel             *task_file;
  GtkLabel             *task_warnings;
  ArcSolveView         *solve_view;
  AdwStatusPage        *invalid_page;
  GtkLabel             *invalid_details;
  GtkLabel             *status_label;
  GMenu                *recent_section;
  GtkBox               *review_box;
  AdwStatusPage        *welcome_page;
  GtkListBox           *welcome_recent;
  GtkWidget            *welcome_recent_heading;
  GtkButton            *empty_button;
  GtkWidget            *notes_button;

  GSettings            *settings;
  ArcNotesStore        *notes_store;
  gboolean              closing_anyway;  /* the user chose to quit with unsaved notes */
  char                 *collection_uri;  /* empty for the samples */
  char                 *title;           /* the collection's name, for the status line */
  char                 *hover_text;      /* the cell under the pointer, for the status line */
  ArcEntry             *shown_entry;     /* watched for changes on disk */
  guint                 fit_height_idle;
  ArcSubmission        *review;          /* the submission under review, or NULL */
  ArcScore             *review_score;
  GHashTable           *review_tasks;    /* task id → ArcTaskScore */
  char                 *review_summary;  /* the review's score, for the status line */
  ArcTaskNotes         *task_notes;      /* the shown task's notes (arc-window-notes.c) */
  ArcNotesKeeper       *notes_keeper;    /* those of tasks shown before, until saved */
  guint                 place_divider_idle;  /* arc-window-layout.c */
  gboolean              placing_divider;
  gboolean              divider_moved;   /* by the user: it stays */
  gboolean              layout_disposed;
  int                   placed_position;
  int                   placed_max_position;
  gboolean              welcoming;       /* the welcome page is shown, no task selected */
  gboolean              notes_were_visible;  /* the notes pane, before the welcome page hid it */
  ArcWindowEdit        *edit;            /* the task editor (arc-window-edit.c) */
  gboolean              zoom_examples;   /* the keys zoom the examples, not the workspace */
  GFile                *export_folder;   /* where the last export went (arc-window-export.c) */
};

#define ARC_SAMPLES_URI "resource://" RESOURCE_PREFIX "/samples"

ArcEntry *arc_window_get_selected_entry (ArcWindow  *self);
void      arc_window_show_toast         (ArcWindow  *self,
                                         const char *message);
void      arc_window_show_summary       (ArcWindow  *self,
                                         ArcEntry   *entry,
                                         ArcTask    *task);

/* The type of the window's actions (gtk_widget_class_install_action) */
typedef void ArcWindowAction (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter);

/* What a file chooser of the window does with the file the user chose */
typedef void (*ArcWindowFileFunc) (ArcWindow *self,
                                   GFile     *file);
void      arc_window_reshow             (ArcWindow  *self);

/* arc-window-edit.c */
void      arc_window_edit_init          (ArcWindow  *self);
void      arc_window_edit_dispose       (ArcWindow  *self);
void      arc_window_edit_entry_shown   (ArcWindow  *self,
                                         ArcEntry   *entry,
                                         ArcTask    *task);
gboolean  arc_window_edit_hold_switch   (ArcWindow  *self,
                                         ArcEntry   *entry);
gboolean  arc_window_edit_hold_close    (ArcWindow  *self);
gboolean  arc_window_edit_hold_open     (ArcWindow  *self,
                                         GFile      *file);

/* arc-window-actions.c */
void      arc_window_actions_class_init (GtkWidgetClass *widget_class);
void      arc_window_actions_init       (ArcWindow      *self);
void      arc_window_actions_dispose    (ArcWindow      *self);

/* arc-window-open.c */
void      arc_window_choose_collection  (ArcWindow      *self,
                                         gboolean        folder);
void      arc_window_ask_task_id        (ArcWindow      *self);
void      arc_window_open_init          (ArcWindow      *self);
void      arc_window_open_constructed   (ArcWindow      *self);
void      arc_window_run_chooser        (ArcWindow            *self,
                                         GtkFileChooserNative *chooser,
                                         ArcWindowFileFunc     chosen);

/* arc-window-larc.c */
void      arc_window_choose_larc_folder (ArcWindow      *self);
void      arc_window_build_from_description (ArcWindow  *self,
                                             const char *describer);
void      arc_window_replay_description (ArcWindow      *self,
                                         const char     *annotator);
void      arc_window_import_larc        (ArcWindow      *self,
                                         GFile          *folder);

/* arc-window-review.c */
void        arc_window_choose_review      (ArcWindow  *self);
gboolean    arc_window_review_submission  (ArcWindow  *self,
                                           GFile      *file,
                                           GError    **error);
void        arc_window_close_review       (ArcWindow  *self);
void        arc_window_update_review      (ArcWindow  *self,
                                           ArcTask    *task);
const char *arc_window_get_review_summary (ArcWindow  *self);

/* arc-window-notes.c */
void      arc_window_notes_init         (ArcWindow  *self);
void      arc_window_notes_dispose      (ArcWindow  *self);
void      arc_window_show_notes         (ArcWindow  *self,
                                         ArcEntry   *entry);
gboolean  arc_window_notes_hold_close   (ArcWindow  *self);

/* arc-window-layout.c */
void      arc_window_layout_init        (ArcWindow  *self);
void      arc_window_layout_dispose     (ArcWindow  *self);
gboolean  arc_window_notes_shown        (ArcWindow  *self);
void      arc_window_toggle_notes       (ArcWindow  *self);
void      arc_window_place_divider      (ArcWindow  *self);
/* arc-window-browse.c */
void      arc_window_browse_class_init  (GtkWidgetClass *widget_class);
void      arc_window_browse_init        (ArcWindow      *self);
void      arc_window_browse_constructed (ArcWindow      *self);
gboolean  arc_window_show_empty         (ArcWindow      *self);
void      arc_window_end_welcome        (ArcWindow      *self);
void      arc_window_browse_samples     (ArcWindow      *self);

/* arc-window-zoom.c */
void      arc_window_zoom_init          (ArcWindow      *self);
void      arc_window_zoom               (ArcWindow      *self,
                                         gboolean        examples,
                                         int             direction);
void      arc_window_zoom_keys          (ArcWindow      *self,
                                         int             direction);

/* arc-window-export.c */
void      arc_window_choose_submission   (ArcWindow            *self,
                                          const char           *title,
                                          GtkFileChooserAction  action,
                                          const char           *accept,
                                          const char           *name,
                                          ArcWindowFileFunc     chosen);
void      arc_window_export_image        (ArcWindow            *self);
void      arc_window_export_grid         (ArcWindow            *self);
void      arc_window_export_submission   (ArcWindow            *self);

G_END_DECLS

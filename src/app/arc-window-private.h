/* arc-window-private.h: the window's internals, shared with its tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-core.h"
#include "arc-file-chooser.h"
#include "arc-notes-pane.h"
#include "arc-review-panel.h"
#include "arc-session-keeper.h"
#include "arc-task-list.h"
#include "arc-task-editor.h"
#include "arc-task-page.h"
#include "arc-welcome-page.h"
#include "arc-window.h"

G_BEGIN_DECLS

struct _ArcWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwToastOverlay      *toast_overlay;
  AdwWindowTitle       *window_title;
  AdwFlap              *list_flap;
  ArcTaskList          *task_list;
  GtkStack             *main_stack;
  AdwFlap              *notes_flap;
  ArcNotesPane         *notes_pane;
  ArcTaskPage          *task_page;       /* owns the session shown (ArcTaskSession), which the parts follow */
  GtkLabel             *status_label;
  GMenu                *recent_section;
  GtkWidget            *notes_button;
  GtkMenuButton        *menu_button;
  GMenuModel           *primary_menu;    /* its popover is made when first opened */

  GSettings            *settings;
  gboolean              closing_anyway;  /* the user chose to quit with unsaved notes */
  char                 *hover_text;      /* the cell under the pointer, for the status line */
  GSignalGroup         *session_signals; /* on the session shown (arc-window-task.c) */
  ArcSessionKeeper     *kept;            /* what those shown before left: their workspaces, their notes until saved */
  AdwToast             *notes_toast;     /* (nullable): the notes' save failed, said while the pane is hidden */
  gboolean              welcoming;       /* the welcome page is shown, no task selected */
  gboolean              notes_were_visible;  /* the notes pane, before the welcome page hid it */
  ArcTaskEditor        *editor;          /* Edit Task */
  GFile                *export_folder;   /* where the last export went (arc-window-export.c) */
  ArcProgramPool       *program_pool;    /* the application's, or the window's own (arc-window-program.c) */
  GHashTable           *trusted_programs; /* collections whose others' programs the user runs */
  guint                 room_idle;       /* the notes pane folds for a large task (arc-window-layout.c), */
  GtkRequisition        room_decided;    /* the window's size it was decided for */
  GWeakRef              focus_before_pane;  /* where the focus was as a folded pane opened over the task */
};

#define ARC_SAMPLES_URI "resource://" RESOURCE_PREFIX "/samples"

/* The type of the window's actions (gtk_widget_class_install_action) */
typedef void ArcWindowAction (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter);


/* The parts of the window: arc-window.c (the class and its public API) and
 * arc-window-actions.c call them; they call each other downwards, in the
 * order below (each only those after it), and never the two above. */

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
void      arc_window_read_again         (ArcWindow      *self);
gboolean  arc_window_open_file          (ArcWindow      *self,
                                         GFile          *file,
                                         const char     *title);
void      arc_window_show_collection    (ArcWindow           *self,
                                         ArcCollectionStatus *status);
char     *arc_window_dup_collection_uri (ArcWindow      *self);

/* arc-window-review.c */
void        arc_window_choose_review      (ArcWindow  *self);
void        arc_window_close_review       (ArcWindow  *self);

/* arc-window-larc.c */
void      arc_window_choose_larc_folder (ArcWindow      *self);
void      arc_window_build_from_description (ArcWindow  *self,
                                             const char *describer);
void      arc_window_replay_description (ArcWindow      *self,
                                         const char     *annotator);

/* arc-window-export.c */
void      arc_window_choose_submission   (ArcWindow            *self,
                                          const char           *title,
                                          GtkFileChooserAction  action,
                                          const char           *accept,
                                          const char           *name,
                                          ArcFileChosenFunc     chosen);
void      arc_window_export_image        (ArcWindow            *self);
void      arc_window_export_grid         (ArcWindow            *self);
void      arc_window_export_workspace_grid (ArcWindow          *self,
                                            const ArcGrid      *grid,
                                            const char         *what);
void      arc_window_export_submission   (ArcWindow            *self);
void      arc_window_export_notes        (ArcWindow            *self,
                                          gboolean              larc);

/* arc-window-program.c */
void      arc_window_program_init          (ArcWindow  *self);
void      arc_window_program_dispose       (ArcWindow  *self);
void      arc_window_run_program           (ArcWindow  *self);
void      arc_window_trace_program         (ArcWindow  *self);
void      arc_window_toggle_program        (ArcWindow  *self);
void      arc_window_clear_program_results (ArcWindow  *self);
void      arc_window_submit_program_output (ArcWindow  *self,
                                            guint       test);
void      arc_window_copy_program_output   (ArcWindow  *self,
                                            guint       test);

/* arc-window-task.c */
void        arc_window_task_init           (ArcWindow  *self);
void        arc_window_task_dispose        (ArcWindow  *self);
void        arc_window_show_entry          (ArcWindow  *self,
                                            ArcEntry   *entry);
void        arc_window_set_session         (ArcWindow      *self,
                                            ArcTaskSession *session);
void        arc_window_forget_sessions     (ArcWindow  *self);
void        arc_window_update_status_line  (ArcWindow  *self);
void        arc_window_update_replay       (ArcWindow  *self);
ArcEntry   *arc_window_get_selected_entry  (ArcWindow  *self);
const char *arc_window_collection_title    (ArcWindow  *self);
gboolean    arc_window_shows_samples       (ArcWindow  *self);

/* arc-window-notes.c */
void      arc_window_notes_init         (ArcWindow  *self);
void      arc_window_notes_dispose      (ArcWindow  *self);
char     *arc_window_dup_annotator      (ArcWindow  *self);
ArcNotesStore *arc_window_get_notes_store (ArcWindow *self);
ArcTaskNotes *arc_window_get_notes      (ArcWindow  *self);
ArcTaskNotes *arc_window_new_notes      (ArcWindow  *self,
                                         ArcEntry   *entry);
void      arc_window_show_notes_error   (ArcWindow  *self);
gboolean  arc_window_notes_hold_close   (ArcWindow  *self);

/* arc-window-browse.c */
void      arc_window_browse_class_init  (GtkWidgetClass *widget_class);
void      arc_window_browse_init        (ArcWindow      *self);
void      arc_window_show_page          (ArcWindow      *self,
                                         const char     *name);
gboolean  arc_window_show_empty         (ArcWindow      *self);
void      arc_window_show_invalid       (ArcWindow      *self,
                                         const char     *name,
                                         const char     *details);
void      arc_window_begin_welcome      (ArcWindow      *self);
void      arc_window_end_welcome        (ArcWindow      *self);

/* arc-window-layout.c */
void      arc_window_layout_init        (ArcWindow  *self);
void      arc_window_layout_dispose     (ArcWindow  *self);
void      arc_window_layout_task_shown  (ArcWindow  *self);
gboolean  arc_window_notes_shown        (ArcWindow  *self);
void      arc_window_toggle_notes       (ArcWindow  *self);
void      arc_window_toggle_task_list   (ArcWindow  *self);
void      arc_window_show_task_list     (ArcWindow  *self,
                                         gboolean    show);

G_END_DECLS

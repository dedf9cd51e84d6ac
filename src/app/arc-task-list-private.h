/* arc-task-list-private.h: the sidebar's insides, shared by arc-task-list.c
 * (the list, its filters and progress) and arc-task-list-notices.c (what it
 * says when nothing matches, and the files that are not tasks)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "arc-task-list.h"

G_BEGIN_DECLS

struct _ArcTaskList
{
  GtkWidget            parent_instance;

  GSettings           *settings;  /* the thumbnails' palette */

  /* Template widgets */
  GtkWidget           *box;
  GtkSearchEntry      *search_entry;
  GtkDropDown         *group_filter;
  GtkDropDown         *status_filter;
  GtkRevealer         *progress_revealer;
  GtkLabel            *progress_label;
  GtkProgressBar      *progress_bar;
  GtkButton           *cancel_button;
  GtkStack            *list_stack;
  GtkListView         *list_view;
  GtkMenuButton       *skipped_button;
  GtkLabel            *skipped_label;   /* in the popover, made when first opened */
  char                *skipped_text;
  AdwStatusPage       *no_match_page;
  GtkButton           *clear_button;

  ArcCollectionStatus *status;
  ArcCollection       *collection;        /* the status's */
  ArcCollectionPhase   phase;             /* the status's phase, as last seen */
  ArcTaskFilter       *filter;
  GtkFilterListModel  *filtered;
  GtkSliceListModel   *head;              /* the filtered tasks the list shows: its first rows until laid out */
  GtkSingleSelection  *selection;
  guint                widen_tick;
  guint                groups_idle;
  guint                shown_idle;
  guint                scroll_tick;       /* scrolls to the selected task once the list is laid out */
  GPtrArray           *rows;              /* ArcTaskRow, every row made */

  char                *pending_select;    /* an id to select once it is listed */
  GHashTable          *review;            /* task id → ArcReviewMark, while a submission is reviewed */
};

void arc_task_list_ensure_no_match       (ArcTaskList   *self);
void arc_task_list_update_no_match       (ArcTaskList   *self);
void arc_task_list_update_skipped        (ArcTaskList   *self);
void arc_task_list_create_skipped_popup  (GtkMenuButton *button,
                                          gpointer       user_data);

G_END_DECLS

/* task-editor-util.h: what the GTK tests of Edit Task read of the window's
 * task editor, through its public API
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-task-editor.h"
#include "gui-test-util.h"

typedef struct
{
  ArcPairKind kind;
  guint       index;
  ArcPairSide side;
} EditTarget;

static inline ArcTaskEditor *
editor_of (ArcWindow *window)
{
  return arc_window_get_task_editor (window);
}

static inline ArcTaskEdit *
edit_session (ArcWindow *window)
{
  return arc_task_editor_get_session (editor_of (window));
}

static inline GtkWidget *
edit_bar (ArcWindow *window)
{
  return arc_task_editor_get_bar (editor_of (window));
}

/* The grid in the workspace */
static inline EditTarget
edit_target (ArcWindow *window)
{
  EditTarget t;

  arc_task_editor_get_target (editor_of (window), &t.kind, &t.index, &t.side);
  return t;
}

/* The Grid list: the drop-down with its tooltip */
static inline gboolean
is_grid_chooser (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_DROP_DOWN (widget) &&
         g_strcmp0 (gtk_widget_get_tooltip_text (widget), "The grid in the workspace (or click a grid of the task)") == 0;
}

/* The Grid list, in the workspace's title while editing */
static inline GtkWidget *
edit_grid_chooser (ArcWindow *window)
{
  GtkWidget *chooser = find_widget_matching (GTK_WIDGET (window), is_grid_chooser, NULL);

  g_assert_nonnull (chooser);
  return chooser;
}

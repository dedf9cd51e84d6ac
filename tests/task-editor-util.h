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

/* The drop-down under @widget with the Grid list's tooltip */
static inline GtkWidget *
find_grid_chooser (GtkWidget *widget)
{
  if (GTK_IS_DROP_DOWN (widget) &&
      g_strcmp0 (gtk_widget_get_tooltip_text (widget), "The grid in the workspace (or click a grid of the task)") == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_grid_chooser (child);

      if (found)
        return found;
    }
  return NULL;
}

/* The Grid list, in the workspace's title while editing */
static inline GtkWidget *
edit_grid_chooser (ArcWindow *window)
{
  GtkWidget *chooser = find_grid_chooser (GTK_WIDGET (window));

  g_assert_nonnull (chooser);
  return chooser;
}

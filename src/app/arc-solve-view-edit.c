/* arc-solve-view-edit.c: the workspace editing a grid of a task
 *
 * The task editor edits each grid with the workspace's own tools, keys,
 * selection and clipboard: the window gives the view a workspace whose
 * output is the grid being edited, and the task's history, which undo and
 * redo then act on (one history for grid edits and pair operations). There
 * is nothing to submit.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-solve-view"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-solve-view-private.h"
#include "arc-tooltip.h"

void
arc_solve_view_edit_clear (ArcSolveView *self)
{
  if (self->history)
    g_signal_handlers_disconnect_by_data (self->history, self);
  g_clear_object (&self->history);
  for (guint i = 0; i < G_N_ELEMENTS (self->edit_names); i++)
    g_clear_pointer (&self->edit_names[i], g_free);
}

static GtkWidget *
find_action_button (GtkWidget  *widget,
                    const char *action)
{
  if (GTK_IS_ACTIONABLE (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_action_button (child, action);
      if (found)
        return found;
    }
  return NULL;
}

/* What is not for editing goes (the "editing" property in the template);
 * Copy from input names the grid it copies, Resize the grid it resizes
 * (@edited_name, not the output grid) */
static void
show_tools (ArcSolveView *self,
            const char   *input_name,
            const char   *edited_name)
{
  GtkWidget *copy = find_action_button (GTK_WIDGET (self), "solve.copy-from-input");
  GtkWidget *resize = find_action_button (GTK_WIDGET (self), "solve.resize");
  g_autofree char *resize_tip = edited_name ? g_strdup_printf (_("Resize “%s”, keeping its top-left"), edited_name) : NULL;
  g_autofree char *size_tip = edited_name ? g_strdup_printf (_("Size of “%s”, e.g. 3×4"), edited_name) : NULL;

  if (resize)
    arc_tooltip_set (resize, resize_tip ? resize_tip : _("Resize the output grid, keeping its top-left"));
  arc_tooltip_set (self->size_entry, size_tip ? size_tip : _("Output size, e.g. 3×4"));

  if (copy && GTK_IS_BUTTON (copy))
    {
      g_autofree char *label = input_name ? g_strdup_printf (_("Copy from “%s”"), input_name) : NULL;
      g_autofree char *tip = input_name ? g_strdup_printf (_("Copy from “%s” into the grid edited"), input_name) : NULL;

      /* An icon: its tooltip and its name say it */
      arc_tooltip_set (copy, tip ? tip : _("Copy from input: the test input into the output grid"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (copy), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      label ? label : _("Copy from input"), -1);
    }
}

/* The grid edited (in the output's place) comes first when it is an input,
 * so that a pair always reads from its input on; an input stays first
 * beside itself as it was, with no arrow (neither made the other) */
static void
order_grids (ArcSolveView *self)
{
  GtkWidget *input_column = gtk_widget_get_parent (self->input_view);
  GtkWidget *output_column = gtk_widget_get_parent (self->output_view);
  gboolean edited_first = self->edit_beside != ARC_EDIT_BESIDE_INPUT;
  GtkWidget *first = edited_first ? output_column : input_column;

  gtk_widget_set_visible (self->arrow, self->edit_beside != ARC_EDIT_BESIDE_EARLIER);
  if (gtk_widget_get_first_child (self->grids) == first)
    return;
  gtk_widget_insert_after (first, self->grids, NULL);
  gtk_widget_insert_after (self->arrow, self->grids, first);
  gtk_widget_insert_after (edited_first ? input_column : output_column, self->grids, self->arrow);
  /* (compact, the title and the verdict follow the first and last grids) */
  arc_solve_view_place_header (self);
}

/* The labels while editing: TRUE when set */
gboolean
arc_solve_view_edit_labels (ArcSolveView *self)
{
  order_grids (self);
  if (self->history == NULL)
    return FALSE;
  gtk_label_set_text (GTK_LABEL (self->title), self->edit_names[0]);
  /* Their sizes are beside the names */
  gtk_label_set_text (GTK_LABEL (self->input_label), self->edit_names[1]);
  gtk_label_set_text (GTK_LABEL (self->output_label), self->edit_names[2]);
  return TRUE;
}

/* What arc_solve_view_set_edit() sets, but for the view's actions and
 * its "editing" property. Returns: whether @history is another */
gboolean
arc_solve_view_edit_set (ArcSolveView *self,
                         ArcTaskEdit  *history,
                         const char   *title,
                         const char   *input_name,
                         const char   *output_name,
                         ArcEditBeside beside)
{
  gboolean changed = history != self->history;

  if (changed)
    {
      arc_solve_view_edit_clear (self);
      self->history = history ? g_object_ref (history) : NULL;
    }
  if (history)
    {
      g_free (self->edit_names[0]);
      g_free (self->edit_names[1]);
      g_free (self->edit_names[2]);
      self->edit_names[0] = g_strdup (title);
      self->edit_names[1] = g_strdup (input_name);
      self->edit_names[2] = g_strdup (output_name);
    }
  self->edit_beside = history ? beside : ARC_EDIT_BESIDE_INPUT;
  show_tools (self, history ? input_name : NULL, history ? title : NULL);
  return changed;
}

/* @widget in the title's place while editing (arc_solve_view_set_title_widget()) */
void
arc_solve_view_edit_title_widget (ArcSolveView *self,
                                  GtkWidget    *widget)
{
  self->title_widget = widget;
  gtk_widget_set_valign (widget, GTK_ALIGN_START);
  /* (given once the workspace is compact: no higher than the labels) */
  if (self->compact)
    gtk_widget_add_css_class (widget, "compact-title");
  gtk_widget_insert_after (widget, gtk_widget_get_parent (self->title), self->title);
  /* The editor's list of grids names the grid edited, in the title's place */
  g_object_bind_property (self, "editing", widget, "visible", G_BINDING_SYNC_CREATE);
  g_object_bind_property (widget, "visible", self->title, "visible", G_BINDING_SYNC_CREATE | G_BINDING_INVERT_BOOLEAN);
  show_tools (self, self->history ? self->edit_names[1] : NULL, self->history ? self->edit_names[0] : NULL);
}

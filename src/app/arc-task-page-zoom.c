/* arc-task-page-zoom.c: zooming the examples and the workspace's grids
 *
 * Ctrl+scroll over the examples or the workspace zooms it; Ctrl+plus and
 * Ctrl+minus zoom the part the pointer was over last (the workspace at
 * first), Ctrl+0 fits both to the room there is. A zoomed part keeps its
 * cell size, whatever the room, and scrolls; fitted, it follows the window.
 * Either zooms in its own scrolled area, the workspace's grids about the
 * cell under the pointer (arc_solve_view_zoom()): nothing else on the page
 * moves, for this task or the next (the page is laid out for the examples
 * and the grids fitted, arc-task-page-divider.c).
 * Each part's cell size is kept in the settings
 * ("examples-cell-size", "workspace-cell-size"; 0 for fit).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-task-page"

#include "config.h"

#include "arc-grid-view.h"
#include "arc-task-page-private.h"

/* The cell sizes zooming steps through */
static const int steps[] = { 4, 5, 6, 7, 8, 10, 12, 14, 16, 18, 20, 24, 28, 32, 40, 48, 56, 64 };

static const char *
key_of (gboolean examples)
{
  return examples ? "examples-cell-size" : "workspace-cell-size";
}

static void
apply (ArcTaskPage *self,
       gboolean     examples,
       int          cell)
{
  if (examples)
    arc_task_view_set_zoom (self->task_view, cell);
  else
    arc_solve_view_zoom (self->solve_view, cell, self->pointer_x, self->pointer_y);
}

/* The cell size shown now, zoomed or fitted */
static int
shown_cell (ArcTaskPage *self,
            gboolean     examples)
{
  if (examples)
    return arc_task_view_get_cell_size (self->task_view);
  return arc_grid_view_get_cell_size (ARC_GRID_VIEW (arc_solve_view_get_output_view (self->solve_view)));
}

/**
 * arc_task_page_zoom:
 * @examples: the examples, or the workspace's grids
 * @direction: 1 to zoom in, -1 out, 0 to fit
 */
void
arc_task_page_zoom (ArcTaskPage *self,
                    gboolean     examples,
                    int          direction)
{
  int current = shown_cell (self, examples);
  int cell = 0;

  if (direction > 0)
    {
      cell = steps[G_N_ELEMENTS (steps) - 1];
      for (gsize i = 0; i < G_N_ELEMENTS (steps); i++)
        if (steps[i] > current)
          {
            cell = steps[i];
            break;
          }
    }
  else if (direction < 0)
    {
      cell = steps[0];
      for (gsize i = G_N_ELEMENTS (steps); i-- > 0;)
        if (steps[i] < current)
          {
            cell = steps[i];
            break;
          }
    }
  apply (self, examples, cell);
  g_settings_set_int (self->settings, key_of (examples), cell);
  /* Fitting fits both */
  if (direction == 0 && shown_cell (self, !examples) > 0)
    {
      apply (self, !examples, 0);
      g_settings_set_int (self->settings, key_of (!examples), 0);
    }
}

/**
 * arc_task_page_zoom_keys:
 * Zooms the part the pointer was over last (the keys' zoom): one step in
 * @direction, or to fit for 0.
 */
void
arc_task_page_zoom_keys (ArcTaskPage *self,
                         int          direction)
{
  arc_task_page_zoom (self, self->zoom_examples, direction);
}

static gboolean
scroll_cb (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           ArcTaskPage              *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  gboolean examples = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller)) ==
                      GTK_WIDGET (self->task_scroller);

  if (!(state & GDK_CONTROL_MASK) || dy == 0)
    return FALSE;  /* scrolling, not zooming */
  self->zoom_examples = examples;
  arc_task_page_zoom (self, examples, dy < 0 ? 1 : -1);
  return TRUE;
}

/* The pointer over a part: the keys zoom that part, the workspace about
 * the pointer */
static void
motion_cb (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           ArcTaskPage              *self)
{
  self->zoom_examples = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller)) ==
                        GTK_WIDGET (self->task_scroller);
  self->pointer_x = self->zoom_examples ? -1 : x;
  self->pointer_y = self->zoom_examples ? -1 : y;
}

static void
leave_cb (GtkEventControllerMotion *controller,
          ArcTaskPage              *self)
{
  self->pointer_x = self->pointer_y = -1;
}

/* Ctrl+scroll and the pointer over @part */
static void
watch (ArcTaskPage *self,
       GtkWidget   *part)
{
  GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL |
                                                                GTK_EVENT_CONTROLLER_SCROLL_DISCRETE);
  GtkEventController *motion = gtk_event_controller_motion_new ();

  /* Before the scrolled windows scroll */
  gtk_event_controller_set_propagation_phase (scroll, GTK_PHASE_CAPTURE);
  g_signal_connect (scroll, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (part, scroll);
  g_signal_connect (motion, "enter", G_CALLBACK (motion_cb), self);
  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (part, motion);
}

/* The window starts with the cell sizes kept last */
void
arc_task_page_zoom_init (ArcTaskPage *self)
{
  self->pointer_x = self->pointer_y = -1;
  apply (self, TRUE, g_settings_get_int (self->settings, key_of (TRUE)));
  apply (self, FALSE, g_settings_get_int (self->settings, key_of (FALSE)));
  watch (self, GTK_WIDGET (self->task_scroller));
  watch (self, GTK_WIDGET (self->solve_view));
}

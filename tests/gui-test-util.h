/* gui-test-util.h: what the GTK tests share: running the main loop for a
 * while or until something holds, finding shown text and widgets, and
 * opening a folder in a window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include <string.h>

#include "arc-notes-pane.h"
#include "arc-solve-view.h"
#include "arc-task-list.h"
#include "arc-task-view.h"
#include "arc-window.h"
#include "test-util.h"

/* Lets GTK lay out and draw for @ms milliseconds */
static inline void
pump (guint ms)
{
  run_for (ms);
}

/* Runs the main loop until @cond holds, then lets GTK draw */
static inline void
wait_for (Condition cond, gpointer data, const char *what)
{
  wait_until (cond, data, what);
  pump (50);
}

/* Whether a label shown under @widget reads @text (all of it, or, with
 * @part, somewhere in it) */
static inline gboolean
find_text (GtkWidget *widget, const char *text, gboolean part)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget))
    {
      const char *label = gtk_label_get_text (GTK_LABEL (widget));

      if (part ? strstr (label, text) != NULL : g_strcmp0 (label, text) == 0)
        return TRUE;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if (find_text (child, text, part))
      return TRUE;
  return FALSE;
}

static inline gboolean
find_label (GtkWidget *widget, const char *text)
{
  return find_text (widget, text, FALSE);
}

/* An item of a popover menu shown under @widget (a GtkModelButton) */
static inline GtkWidget *
find_menu_item (GtkWidget *widget, const char *text)
{
  if (g_str_equal (G_OBJECT_TYPE_NAME (widget), "GtkModelButton") && find_label (widget, text))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_menu_item (child, text);

      if (found)
        return found;
    }
  return NULL;
}

static inline gboolean
find_label_containing (GtkWidget *widget, const char *text)
{
  return find_text (widget, text, TRUE);
}

/* The first widget under @widget (itself included), depth first, for which
 * @matches says yes */
typedef gboolean (*WidgetMatch) (GtkWidget *widget, gconstpointer data);

static inline GtkWidget *
find_widget_matching (GtkWidget *widget, WidgetMatch matches, gconstpointer data)
{
  if (matches (widget, data))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget_matching (child, matches, data);

      if (found)
        return found;
    }
  return NULL;
}

static inline gboolean
is_of_type (GtkWidget *widget, gconstpointer type)
{
  return g_type_is_a (G_OBJECT_TYPE (widget), (GType) GPOINTER_TO_SIZE (type));
}

/* The first widget of @type under @widget (itself included), depth first */
static inline GtkWidget *
find_widget_of_type (GtkWidget *widget, GType type)
{
  return find_widget_matching (widget, is_of_type, GSIZE_TO_POINTER (type));
}

/* The shown label under @widget (itself included) that reads @text */
static inline GtkWidget *
find_label_widget (GtkWidget *widget, const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) && g_str_equal (gtk_label_get_text (GTK_LABEL (widget)), text))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label_widget (child, text);

      if (found)
        return found;
    }
  return NULL;
}

/* The primary menu button (the one F10 opens) under @widget */
static inline GtkWidget *
find_primary_menu (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget)))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_primary_menu (child);

      if (found)
        return found;
    }
  return NULL;
}

/* The actionable under @widget for @action (and, unless NULL, the printed
 * target @target) */
static inline GtkWidget *
find_actionable (GtkWidget *widget, const char *action, const char *target)
{
  if (GTK_IS_ACTIONABLE (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    {
      GVariant *value = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (widget));
      g_autofree char *text = value ? g_variant_print (value, FALSE) : NULL;

      if (target == NULL || g_strcmp0 (text, target) == 0)
        return widget;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_actionable (child, action, target);

      if (found)
        return found;
    }
  return NULL;
}

/* What GTK draws of @widget, @width × @height pixels of 4 bytes (B, G, R, A) */
static inline guchar *
widget_pixels (GtkWidget *widget, int *width, int *height)
{
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  guchar *data = g_malloc ((gsize) w * h * 4);

  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  gdk_texture_download (texture, data, (gsize) w * 4);
  *width = w;
  *height = h;
  return data;
}

/* The colour GTK draws at (@x, @y) of @widget, as 0xRRGGBB */
static inline guint32
widget_pixel (GtkWidget *widget, double x, double y)
{
  int w, h;
  g_autofree guchar *data = widget_pixels (widget, &w, &h);
  const guchar *p = data + ((int) y * w + (int) x) * 4;   /* B, G, R, A */

  return (guint32) p[2] << 16 | (guint32) p[1] << 8 | p[0];
}

static inline gboolean
has_buildable_id (GtkWidget *widget, gconstpointer id)
{
  return g_strcmp0 (gtk_buildable_get_buildable_id (GTK_BUILDABLE (widget)), id) == 0;
}

/* The widget under @widget built from a template (or a .ui file) with the
 * id @id */
static inline GtkWidget *
find_buildable (GtkWidget *widget, const char *id)
{
  return find_widget_matching (widget, has_buildable_id, id);
}

/* The widget of @window's template (ui/arc-window.ui) whose id is @id, or
 * of the template of one of its parts (the welcome page…): the tests find
 * the window's parts as GTK does, not in its struct */
static inline GtkWidget *
window_child (ArcWindow *window, const char *id)
{
  GObject *child = gtk_widget_get_template_child (GTK_WIDGET (window), ARC_TYPE_WINDOW, id);

  if (child == NULL)
    child = G_OBJECT (find_buildable (GTK_WIDGET (window), id));
  if (child == NULL)
    g_error ("the window has no part “%s”", id);
  return GTK_WIDGET (child);
}

/* The child @id of @window's template, cast with @CAST: ARC_TASK_LIST,
 * GTK_LABEL… */
#define WIN_CHILD(window, CAST, id) CAST (window_child ((window), (id)))

/* The task selected in the task list of @window, or NULL */
static inline ArcEntry *
selected_entry (ArcWindow *window)
{
  return arc_task_list_get_selected (WIN_CHILD (window, ARC_TASK_LIST, "task_list"));
}

/* The notes of the task @window shows: those its notes pane edits */
static inline ArcTaskNotes *
shown_notes (ArcWindow *window)
{
  return arc_notes_pane_get_notes (WIN_CHILD (window, ARC_NOTES_PANE, "notes_pane"));
}

/* Whether the notes pane of @window is revealed (it may still be hidden) */
static inline gboolean
notes_revealed (ArcWindow *window)
{
  return adw_flap_get_reveal_flap (WIN_CHILD (window, ADW_FLAP, "notes_flap"));
}

/* Whether the task list of the window @data has finished listing and checking */
static inline gboolean
list_idle (gpointer data)
{
  return !arc_task_list_is_busy (WIN_CHILD (data, ARC_TASK_LIST, "task_list"));
}

/* How many tasks the task list of @window shows */
static inline guint
n_shown (ArcWindow *window)
{
  guint pos = 0, n = 0;

  arc_task_list_get_position (WIN_CHILD (window, ARC_TASK_LIST, "task_list"), &pos, &n);
  return n;
}

typedef struct
{
  ArcWindow *window;
  guint      n;
} CountWait;

/* Whether the list of the CountWait @data shows its number of tasks */
static inline gboolean
count_is (gpointer data)
{
  CountWait *w = data;
  return n_shown (w->window) == w->n;
}

/* Runs the main loop until the list of @window shows @n tasks */
static inline void
wait_count (ArcWindow *window, guint n)
{
  CountWait w = { window, n };
  wait_for (count_is, &w, "the list to show as many tasks as expected");
}

/* A new window of @width x @height, shown */
static inline ArcWindow *
present_window (int width, int height)
{
  ArcWindow *window = g_object_new (ARC_TYPE_WINDOW, NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

/* Until the page has stopped moving: the divider and the notes pane are
 * placed from idles, each after the allocation before (on a loaded
 * machine, later than any fixed wait) */
static inline void
settle_workspace (ArcWindow *window)
{
  GtkWidget *workspace = window_child (window, "solve_view");
  GtkWidget *output = arc_solve_view_get_output_view (ARC_SOLVE_VIEW (workspace));
  graphene_rect_t last[2] = { GRAPHENE_RECT_INIT (-1, -1, -1, -1), GRAPHENE_RECT_INIT (-1, -1, -1, -1) };
  int still = 0;

  for (int i = 0; i < 100 && still < 3; i++)
    {
      graphene_rect_t now[2] = { GRAPHENE_RECT_INIT (0, 0, 0, 0), GRAPHENE_RECT_INIT (0, 0, 0, 0) };

      pump (100);
      if (gtk_widget_get_mapped (output))
        {
          g_assert_true (gtk_widget_compute_bounds (workspace, GTK_WIDGET (window), &now[0]));
          g_assert_true (gtk_widget_compute_bounds (output, GTK_WIDGET (window), &now[1]));
        }
      still = graphene_rect_equal (&now[0], &last[0]) && graphene_rect_equal (&now[1], &last[1]) ? still + 1 : 0;
      last[0] = now[0];
      last[1] = now[1];
    }
}

/* A new window of @width x @height with @path open, listed and checked */
static inline ArcWindow *
open_in_window (const char *path, int width, int height)
{
  ArcWindow *window = present_window (width, height);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_assert_true (arc_window_open (window, file));
  wait_for (list_idle, window, "the collection to be listed and checked");
  settle_workspace (window);
  return window;
}

/* The first shown (mapped) toplevel window of @type, or NULL */
static inline GtkWidget *
find_mapped_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();  /* (transfer none) */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (item, type) && gtk_widget_get_mapped (GTK_WIDGET (item)))
        return GTK_WIDGET (item);
    }
  return NULL;
}

/* The path of the test collection among the fixtures (free it) */
static inline char *
collection_fixture_path (void)
{
  return g_build_filename (g_getenv ("ARC_FIXTURES_DIR"), "collection", NULL);
}

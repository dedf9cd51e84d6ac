/* test-task-view.c: the task view draws the task's colours where its cells are
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "gui-test-util.h"

typedef struct
{
  guchar *data;
  int     width, height;
  gsize   stride;
} Pixels;

/* Draws @widget the way GTK draws it on screen and reads the pixels back. */
static Pixels
grab (GtkWidget *widget)
{
  GdkPaintable *paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  GskRenderNode *node;
  GdkTexture *texture;
  Pixels px = { NULL, w, h, (gsize) w * 4 };

  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  px.data = g_malloc (px.stride * (gsize) h);
  gdk_texture_download (texture, px.data, px.stride);
  g_object_unref (texture);
  gsk_render_node_unref (node);
  g_object_unref (paintable);
  return px;
}

static guint32
at (Pixels *px, int x, int y)
{
  g_assert_cmpint (x, <, px->width);
  g_assert_cmpint (y, <, px->height);
  return *(guint32 *) (px->data + (gsize) y * px->stride + (gsize) x * 4) & 0xFFFFFF;
}

static ArcTask *
fixture_task (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("ARC_SAMPLES_DIR"), name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  ArcTask *task = arc_task_new_from_file (file, "t", NULL, &error);

  g_assert_no_error (error);
  return task;
}

/* Every cell between @top and @bottom (the part a scrolled window shows):
 * its colour edge to edge, and the grid line just outside it. */
static guint
check_cells_between (ArcTaskView *view, int top, int bottom)
{
  guint checked = 0;
  ArcTaskLayout *layout = arc_task_view_get_layout (view);
  int cell = arc_task_view_get_cell_size (view);
  Pixels px = grab (GTK_WIDGET (view));
  ArcRenderOptions options;
  int lw, line;

  arc_task_view_get_render_options (view, &options);
  options.cell_size = cell;
  line = arc_render_line_width (&options);

  arc_task_layout_get_size (layout, &lw, NULL);
  g_assert_cmpint (lw, <=, gtk_widget_get_width (GTK_WIDGET (view)));
  for (guint i = 0; i < arc_task_layout_get_n_slots (layout); i++)
    {
      const ArcSlot *slot = arc_task_layout_get_slot (layout, i);

      for (int r = 0; r < arc_grid_get_height (slot->grid); r++)
        for (int c = 0; c < arc_grid_get_width (slot->grid); c++)
          {
            guint32 colour = arc_palette_get_rgb (ARC_PALETTE_STANDARD, arc_grid_get (slot->grid, r, c));
            int x0 = slot->x + line + c * (cell + line), y0 = slot->y + line + r * (cell + line);

            if (y0 - 1 < top || y0 + cell > bottom)
              continue;
            checked++;

            g_assert_cmphex (at (&px, x0 + cell / 2, y0 + cell / 2), ==, colour);
            /* Whole cells: no blending at the edges */
            g_assert_cmphex (at (&px, x0, y0), ==, colour);
            g_assert_cmphex (at (&px, x0 + cell - 1, y0 + cell - 1), ==, colour);
            g_assert_cmphex (at (&px, x0 - 1, y0 + cell / 2), ==, ARC_GRID_LINE_RGB);
          }
    }
  g_free (px.data);
  return checked;
}

static void
check_cells (ArcTaskView *view)
{
  g_assert_cmpuint (check_cells_between (view, 0, G_MAXINT), >, 0);
}

static void
test_pixels_and_resize (void)
{
  g_autoptr(ArcTask) task = fixture_task ("physics/gravity.json");
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = g_object_new (ARC_TYPE_TASK_VIEW, "valign", GTK_ALIGN_START, NULL);
  int cells[3];
  int widths[3] = { 500, 900, 1300 };

  gtk_window_set_child (GTK_WINDOW (window), view);
  arc_task_view_set_task (ARC_TASK_VIEW (view), task);
  for (int i = 0; i < 3; i++)
    {
      gtk_window_set_default_size (GTK_WINDOW (window), widths[i], 700);
      gtk_window_present (GTK_WINDOW (window));
      pump (300);
      cells[i] = arc_task_view_get_cell_size (ARC_TASK_VIEW (view));
      g_test_message ("width %d: %d px cells", gtk_widget_get_width (view), cells[i]);
      g_assert_cmpint (cells[i], >=, 4);
      check_cells (ARC_TASK_VIEW (view));
    }
  /* A wider window gives larger (or as large) cells */
  g_assert_cmpint (cells[0], <=, cells[1]);
  g_assert_cmpint (cells[1], <=, cells[2]);
  g_assert_cmpint (cells[0], <, cells[2]);

  /* Digits and palette follow their properties */
  g_object_set (view, "palette", "high-contrast", NULL);
  pump (100);
  {
    ArcTaskLayout *layout = arc_task_view_get_layout (ARC_TASK_VIEW (view));
    const ArcSlot *slot = arc_task_layout_get_slot (layout, 0);
    int cell = arc_task_view_get_cell_size (ARC_TASK_VIEW (view));
    Pixels px = grab (view);

    g_assert_cmphex (at (&px, slot->x + 1 + cell / 2, slot->y + 1 + cell / 2), ==,
                     arc_palette_get_rgb (ARC_PALETTE_HIGH_CONTRAST, arc_grid_get (slot->grid, 0, 0)));
    g_free (px.data);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_large_task_scrolls (void)
{
  /* Ten pairs of 30x30: in a small window, the view is taller than the
   * window and the scrolled window scrolls */
  g_autoptr(GString) json = g_string_new ("{\"train\": [");
  g_autoptr(ArcTask) task = NULL;
  GtkWidget *window = gtk_window_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *view = arc_task_view_new ();
  GtkAdjustment *adj;

  for (int p = 0; p < 10; p++)
    {
      g_string_append (json, p ? ", {\"input\": [" : "{\"input\": [");
      for (int r = 0; r < 30; r++)
        {
          g_string_append (json, r ? ",[" : "[");
          for (int c = 0; c < 30; c++)
            g_string_append_printf (json, c ? ",%d" : "%d", (r + c + p) % 10);
          g_string_append_c (json, ']');
        }
      g_string_append (json, "], \"output\": [[1]]}");
    }
  g_string_append (json, "], \"test\": [{\"input\": [[1]]}]}");
  task = arc_task_new_from_data (json->str, json->len, "big", NULL, NULL);
  g_assert_nonnull (task);

  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), view);
  gtk_window_set_child (GTK_WINDOW (window), scroller);
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  arc_task_view_set_task (ARC_TASK_VIEW (view), task);
  gtk_window_present (GTK_WINDOW (window));
  pump (300);
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adj), >, gtk_adjustment_get_page_size (adj));
  g_assert_cmpint (gtk_widget_get_height (view), >, 600);
  /* What is on screen is drawn; scrolled to the end, the end is */
  g_assert_cmpuint (check_cells_between (ARC_TASK_VIEW (view), 0, (int) gtk_adjustment_get_page_size (adj)), >, 100);
  gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj));
  pump (200);
  g_assert_cmpuint (check_cells_between (ARC_TASK_VIEW (view), (int) gtk_adjustment_get_value (adj),
                                         (int) (gtk_adjustment_get_value (adj) + gtk_adjustment_get_page_size (adj))), >, 100);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_view_options (void)
{
  ArcWindow *window = g_object_new (ARC_TYPE_WINDOW, NULL);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  ArcTaskView *view = WIN_CHILD (window, ARC_TASK_VIEW, "task_view");
  GtkLabel *status = WIN_CHILD (window, GTK_LABEL, "status_label");
  gboolean digits;
  g_autofree char *palette = NULL;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  arc_window_open_samples (window);
  wait_for (list_idle, window, "the samples");  /* (not a fixed wait: on a loaded machine it came late) */
  pump (200);
  g_assert_nonnull (arc_task_view_get_task (view));

  /* The menu's toggle changes the setting and the view */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-digits", NULL);
  g_assert_true (g_settings_get_boolean (settings, "show-digits"));
  g_object_get (view, "show-digits", &digits, NULL);
  g_assert_true (digits);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.palette", "s", "colour-blind");
  g_object_get (view, "palette", &palette, NULL);
  g_assert_cmpstr (palette, ==, "colour-blind");
  g_settings_reset (settings, "show-digits");
  g_settings_reset (settings, "palette");

  /* The status line names the cell under the pointer */
  {
    ArcTaskLayout *layout = arc_task_view_get_layout (view);
    const ArcSlot *slot = arc_task_layout_get_slot (layout, 1);
    int cell = arc_task_view_get_cell_size (view);
    GListModel *controllers = gtk_widget_observe_controllers (GTK_WIDGET (view));
    g_autofree char *expected = NULL;
    ArcRenderOptions options;
    int line;

    arc_task_view_get_render_options (view, &options);
    options.cell_size = cell;
    line = arc_render_line_width (&options);

    for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
      {
        g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);
        if (GTK_IS_EVENT_CONTROLLER_MOTION (c))
          g_signal_emit_by_name (c, "motion", (double) slot->x + 2 * line + cell + 2, (double) slot->y + line + cell / 2);
      }
    g_object_unref (controllers);
    expected = g_strdup_printf ("train 1 output, row 1, column 2: %d %s", arc_grid_get (slot->grid, 0, 1),
                                arc_colour_get_name (arc_grid_get (slot->grid, 0, 1)));
    if (strstr (gtk_label_get_text (status), expected) == NULL)
      g_error ("status line “%s” does not name “%s”", gtk_label_get_text (status), expected);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/arc/task-view/pixels-and-resize", test_pixels_and_resize);
  g_test_add_func ("/arc/task-view/large-task-scrolls", test_large_task_scrolls);
  g_test_add_func ("/arc/task-view/window-view-options", test_window_view_options);

  return g_test_run ();
}

/* test-window-layout.c: how the window shares its room: the examples beside
 * (or above) the workspace, the notes pane that gives way, the verdict that
 * moves nothing, and clicks where the notes pane was
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "arc-solve-view-private.h"
#include "arc-grid-view.h"
#include "arc-replay-window.h"
#include "arc-task-row.h"
#include "task-editor-util.h"
#include "gui-input.h"
#include "gui-test-util.h"

/* A task of @n pairs, the last a test pair, pair i's grids @rows[i]×@cols[i] */
static char *
write_task_shapes (const char *dir, const char *name, int n, const int *rows, const int *cols)
{
  g_autoptr(GString) json = g_string_new ("{\"train\": [");
  char *path = g_build_filename (dir, name, NULL);

  for (int p = 0; p < n; p++)
    {
      if (p == n - 1)
        g_string_append (json, "], \"test\": [");
      else if (p > 0)
        g_string_append (json, ", ");
      for (int g = 0; g < 2; g++)
        {
          g_string_append (json, g ? ", \"output\": [" : "{\"input\": [");
          for (int r = 0; r < rows[p]; r++)
            {
              g_string_append (json, r ? ",[" : "[");
              for (int c = 0; c < cols[p]; c++)
                g_string_append_printf (json, c ? ",%d" : "%d", (r * 3 + c + p + g) % 10);
              g_string_append_c (json, ']');
            }
          g_string_append_c (json, ']');
        }
      g_string_append_c (json, '}');
    }
  g_string_append (json, "]}");
  g_assert_true (g_file_set_contents (path, json->str, -1, NULL));
  return path;
}

/* A task of @n_train pairs and one test input, every grid @rows×@cols */
static char *
write_task_rect (const char *dir, const char *name, int n_train, int rows, int cols)
{
  g_autofree int *all_rows = g_new (int, n_train + 1);
  g_autofree int *all_cols = g_new (int, n_train + 1);

  for (int p = 0; p <= n_train; p++)
    {
      all_rows[p] = rows;
      all_cols[p] = cols;
    }
  return write_task_shapes (dir, name, n_train + 1, all_rows, all_cols);
}

/* A task of @n_train pairs and one test input, every grid @size×@size */
static char *
write_task (const char *dir, const char *name, int n_train, int size)
{
  return write_task_rect (dir, name, n_train, size, size);
}

/* A task of @n_train pairs of @in×@in inputs and @out×@out outputs, and
 * one test pair so */
static char *
write_task_scaled (const char *dir, const char *name, int n_train, int in, int out)
{
  g_autoptr(GString) json = g_string_new ("{\"train\": [");
  char *path = g_build_filename (dir, name, NULL);

  for (int p = 0; p <= n_train; p++)
    {
      g_string_append (json, p == n_train ? "], \"test\": [" : p > 0 ? ", " : "");
      for (int g = 0; g < 2; g++)
        {
          int size = g ? out : in;

          g_string_append (json, g ? ", \"output\": [" : "{\"input\": [");
          for (int r = 0; r < size; r++)
            {
              g_string_append (json, r ? ",[" : "[");
              for (int c = 0; c < size; c++)
                g_string_append_printf (json, c ? ",%d" : "%d", (r * 3 + c + p + g) % 10);
              g_string_append_c (json, ']');
            }
          g_string_append_c (json, ']');
        }
      g_string_append_c (json, '}');
    }
  g_string_append (json, "]}");
  g_assert_true (g_file_set_contents (path, json->str, -1, NULL));
  return path;
}

static ArcWindow *
open_window (const char *path, int width, int height)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  ArcWindow *window = present_window (width, height);

  g_assert_true (arc_window_open (window, file));
  wait_for (list_idle, window, "the task to be listed");
  pump (400);  /* the divider is placed from an idle */
  settle_workspace (window);
  return window;
}

/* Whether all of @widget is on screen: inside the window and inside every
 * scrolled window it is in */
static gboolean
shown_whole (GtkWidget *widget)
{
  if (!gtk_widget_get_mapped (widget))
    return FALSE;
  for (GtkWidget *a = gtk_widget_get_parent (widget); a; a = gtk_widget_get_parent (a))
    {
      graphene_rect_t b;

      if (!GTK_IS_SCROLLED_WINDOW (a) && !GTK_IS_WINDOW (a))
        continue;
      if (!gtk_widget_compute_bounds (widget, a, &b))
        return FALSE;
      if (b.origin.x < -0.5 || b.origin.y < -0.5 || b.origin.x + b.size.width > gtk_widget_get_width (a) + 0.5 ||
          b.origin.y + b.size.height > gtk_widget_get_height (a) + 0.5)
        {
          g_test_message ("%s at %.0f,%.0f %.0f×%.0f is cut by a %s of %d×%d", G_OBJECT_TYPE_NAME (widget),
                          b.origin.x, b.origin.y, b.size.width, b.size.height, G_OBJECT_TYPE_NAME (a),
                          gtk_widget_get_width (a), gtk_widget_get_height (a));
          return FALSE;
        }
    }
  return TRUE;
}

static GtkWidget *
button (ArcWindow *window, const char *action, const char *target)
{
  GtkWidget *found = find_actionable (GTK_WIDGET (window), action, target);

  g_assert_nonnull (found);
  return found;
}

/* The palette, the tools and Submit, all on screen */
static void
assert_tools_whole (ArcWindow *window)
{
  static const char * const actions[] = {
    "solve.submit", "solve.undo", "solve.redo", "solve.resize", "solve.copy-from-input", "solve.reset",
    "solve.pick-colour", "solve.rotate-clockwise", "solve.flip-vertically", "solve.crop", "solve.copy", "solve.paste",
  };
  static const char * const tools[] = { "'edit'", "'select'", "'fill'" };

  for (int c = 0; c < 10; c++)
    {
      g_autofree char *target = g_strdup_printf ("%d", c);
      g_assert_true (shown_whole (button (window, "solve.colour", target)));
    }
  for (gsize i = 0; i < G_N_ELEMENTS (actions); i++)
    if (!shown_whole (button (window, actions[i], NULL)))
      g_error ("the button of %s is not shown whole", actions[i]);
  for (gsize i = 0; i < G_N_ELEMENTS (tools); i++)
    g_assert_true (shown_whole (button (window, "solve.tool", tools[i])));
}

/* The workspace: both grids, the palette, the tools and Submit, all on screen */
static void
assert_workspace_whole (ArcWindow *window)
{
  g_assert_true (shown_whole (arc_solve_view_get_input_view (WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view"))));
  g_assert_true (shown_whole (arc_solve_view_get_output_view (WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view"))));
  assert_tools_whole (window);
}

/* A label is given the width of its whole text: nothing cut off with "…" */
static void
assert_label_whole (GtkWidget *label)
{
  int natural;

  gtk_widget_measure (label, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
  if (gtk_widget_get_width (label) < natural)
    g_error ("“%s” is cut short: %d px of %d", gtk_label_get_text (GTK_LABEL (label)), gtk_widget_get_width (label),
             natural);
}

/* The page of @window as it was seen last, and since when: the divider
 * is placed from an idle after each allocation, which on a slow machine
 * (or under the sanitizers) comes later than a fixed pause */
typedef struct
{
  ArcWindow *window;
  int        position;
  int        examples_height;
  gint64     since;
} PageSeen;

static gboolean
page_steady (gpointer data)
{
  PageSeen *seen = data;
  int position = gtk_paned_get_position (GTK_PANED (window_child (seen->window, "task_paned")));
  int height = gtk_widget_get_height (window_child (seen->window, "task_scroller"));

  if (seen->since == 0 || position != seen->position || height != seen->examples_height)
    {
      seen->position = position;
      seen->examples_height = height;
      seen->since = g_get_monotonic_time ();
    }
  return g_get_monotonic_time () - seen->since > G_USEC_PER_SEC / 2;
}

/* Waits until the divider of @window's page has stayed put for half a
 * second */
static void
wait_page_steady (ArcWindow *window)
{
  PageSeen seen = { window, 0, 0, 0 };

  wait_for (page_steady, &seen, "the page's divider to stay put");
}

static int
cell_size (GtkWidget *grid_view)
{
  double x0, y0, x1, y1;

  g_assert_true (arc_grid_view_cell_centre (ARC_GRID_VIEW (grid_view), 0, 0, &x0, &y0));
  g_assert_true (arc_grid_view_cell_centre (ARC_GRID_VIEW (grid_view), 0, 1, &x1, &y1));
  return (int) (x1 - x0);
}

/* At 1280×800 with the task list and the notes pane, a task of three
 * 10×10 pairs shows its train pairs, the test input, the output grid, the
 * palette, the tools and Submit, without scrolling */
static void
test_typical_task_fits (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-layout-XXXXXX", NULL);
  g_autofree char *path = write_task (dir, "typical.json", 3, 10);
  ArcWindow *window = open_window (path, 1280, 800);
  GtkLabel *summary = WIN_CHILD (window, GTK_LABEL, "task_summary");
  ArcSolveView *view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  ArcTaskView *examples = WIN_CHILD (window, ARC_TASK_VIEW, "task_view");
  GtkScrolledWindow *scroller = WIN_CHILD (window, GTK_SCROLLED_WINDOW, "task_scroller");
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (scroller);
  ArcTaskLayout *layout = arc_task_view_get_layout (examples);
  guint n_train = 0;

  g_assert_true (notes_revealed (window));
  g_assert_true (gtk_widget_get_mapped (window_child (window, "task_list")));
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, 0);
  for (guint i = 0; i < arc_task_layout_get_n_slots (layout); i++)
    {
      const ArcSlot *slot = arc_task_layout_get_slot (layout, i);
      graphene_point_t top, bottom;

      if (slot->kind != ARC_SLOT_TRAIN_INPUT && slot->kind != ARC_SLOT_TRAIN_OUTPUT)
        continue;
      n_train++;
      g_assert_true (gtk_widget_compute_point (GTK_WIDGET (examples), GTK_WIDGET (scroller),
                                               &GRAPHENE_POINT_INIT (slot->x, slot->y), &top));
      g_assert_true (gtk_widget_compute_point (GTK_WIDGET (examples), GTK_WIDGET (scroller),
                                               &GRAPHENE_POINT_INIT (slot->x + slot->width, slot->y + slot->height),
                                               &bottom));
      g_assert_cmpfloat (top.y, >=, 0);
      g_assert_cmpfloat (bottom.y, <=, gtk_widget_get_height (GTK_WIDGET (scroller)));
      g_assert_cmpfloat (bottom.x, <=, gtk_widget_get_width (GTK_WIDGET (scroller)));
    }
  g_assert_cmpuint (n_train, ==, 6);
  g_test_message ("examples: %d px cells; workspace: %d px cells", arc_task_view_get_cell_size (examples),
                  cell_size (arc_solve_view_get_output_view (view)));
  /* Readable: not the smallest cells */
  g_assert_cmpint (arc_task_view_get_cell_size (examples), >=, 8);
  g_assert_cmpint (cell_size (arc_solve_view_get_output_view (view)), >=, 10);
  assert_workspace_whole (window);
  /* The grids' names and sizes, whole in the narrow workspace */
  g_assert_cmpint (gtk_orientable_get_orientation (GTK_ORIENTABLE (WIN_CHILD (window, GTK_PANED, "task_paned"))), ==, GTK_ORIENTATION_HORIZONTAL);
  assert_label_whole (view->input_label);
  assert_label_whole (view->output_label);
  assert_label_whole (view->input_size);
  assert_label_whole (view->output_size);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (view->output_size)), ==, "10×10");
  /* The narrow examples' summary wraps between its parts, not inside one */
  g_assert_cmpstr (gtk_label_get_text (summary), ==, "3\u00a0train\u00a0pairs · 1\u00a0test\u00a0input");
  /* and, with no room beside the id, it is under it, on one line */
  {
    g_autoptr(PangoLayout) one = gtk_widget_create_pango_layout (GTK_WIDGET (summary), "X");
    int line;

    pango_layout_get_pixel_size (one, NULL, &line);
    g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (summary)), <, 2 * line);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* At 800×600, as at first start (notes pane on), the notes pane folds away
 * and the whole workspace shows; F9 opens the pane over the task without
 * changing the preference */
static void
test_small_window (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-layout-XXXXXX", NULL);
  g_autofree char *path = write_task (dir, "typical.json", 3, 10);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  ArcWindow *window;
  ArcSolveView *view;

  if (!can_send_input ())
    return;
  g_assert_true (g_settings_get_boolean (settings, "show-notes"));
  window = open_window (path, 800, 600);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 800);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), <=, 600);
  g_assert_true (adw_flap_get_folded (WIN_CHILD (window, ADW_FLAP, "notes_flap")));
  g_assert_false (notes_revealed (window));
  assert_workspace_whole (window);
  g_test_message ("800×600: the page %d×%d, the workspace %d high, %d px cells",
                  gtk_widget_get_width (window_child (window, "task_paned")), gtk_widget_get_height (window_child (window, "task_paned")),
                  gtk_widget_get_height (GTK_WIDGET (view)),
                  cell_size (arc_solve_view_get_output_view (view)));
  g_assert_cmpint (cell_size (arc_solve_view_get_output_view (view)), >=, 8);

  focus_window (window);
  press ("F9");
  pump (400);
  g_assert_true (notes_revealed (window));
  g_assert_true (gtk_widget_get_mapped (window_child (window, "notes_pane")));
  press ("F9");
  pump (400);
  g_assert_false (notes_revealed (window));
  g_assert_true (g_settings_get_boolean (settings, "show-notes"));

  /* Wider: the pane is back beside the task, as the preference says */
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  pump (500);
  g_assert_false (adw_flap_get_folded (WIN_CHILD (window, ADW_FLAP, "notes_flap")));
  g_assert_true (notes_revealed (window));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
scrolled_down (gpointer data)
{
  return gtk_adjustment_get_value (GTK_ADJUSTMENT (data)) > 0;
}

/* Four pairs of 30×30: the examples scroll on their own, the workspace
 * stays put */
static void
test_large_task_scrolls_alone (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-layout-XXXXXX", NULL);
  g_autofree char *path = write_task (dir, "large.json", 4, 30);
  ArcWindow *window;
  GtkAdjustment *adj;
  GtkWidget *submit;
  graphene_rect_t before, after;
  g_autofree char *xid = NULL;
  g_autofree char *sx = NULL;
  g_autofree char *sy = NULL;

  if (!can_send_input ())
    return;
  window = open_window (path, 1280, 800);
  adj = gtk_scrolled_window_get_vadjustment (WIN_CHILD (window, GTK_SCROLLED_WINDOW, "task_scroller"));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adj), >, gtk_adjustment_get_page_size (adj));
  assert_workspace_whole (window);
  submit = button (window, "solve.submit", NULL);
  g_assert_true (gtk_widget_compute_bounds (submit, GTK_WIDGET (window), &before));

  /* The wheel over the examples */
  focus_window (window);
  xid = window_xid (GTK_WIDGET (window));
  window_point (window_child (window, "task_scroller"), 100, 100, &sx, &sy);
  xdotool ("mousemove", "--window", xid, sx, sy, "click", "--repeat", "5", "5", NULL);
  wait_for (scrolled_down, adj, "the examples to scroll");
  g_assert_true (gtk_widget_compute_bounds (submit, GTK_WIDGET (window), &after));
  g_assert_true (graphene_rect_equal (&before, &after));
  assert_workspace_whole (window);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Grids wider than high (7×30, as ARC-AGI-2 has), the workspace below the
 * examples: it is as high as its grids need, with no gap under them, and
 * the examples get the rest */
static void
test_wide_grids_no_gap (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-layout-XXXXXX", NULL);
  g_autofree char *path = write_task_rect (dir, "wide.json", 4, 7, 30);
  ArcWindow *window = open_window (path, 1280, 800);
  ArcSolveView *workspace = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  GtkWidget *output = arc_solve_view_get_output_view (workspace);
  GtkWidget *swatch = button (window, "solve.colour", "0");
  graphene_rect_t grid, palette;

  g_assert_cmpint (gtk_orientable_get_orientation (GTK_ORIENTABLE (WIN_CHILD (window, GTK_PANED, "task_paned"))), ==, GTK_ORIENTATION_VERTICAL);
  assert_workspace_whole (window);
  g_assert_true (gtk_widget_compute_bounds (output, GTK_WIDGET (window), &grid));
  g_assert_true (gtk_widget_compute_bounds (swatch, GTK_WIDGET (window), &palette));
  g_test_message ("output grid bottom %.0f, palette top %.0f, examples %d high", grid.origin.y + grid.size.height,
                  palette.origin.y, gtk_widget_get_height (window_child (window, "task_scroller")));
  g_assert_cmpfloat (palette.origin.y - (grid.origin.y + grid.size.height), <, 24);
  g_assert_cmpint (gtk_widget_get_height (window_child (window, "task_scroller")), >=, 200);

  /* The verdict: in this wide a workspace the longest needs two lines, and
   * no third stays empty under "2 trials left"; wrong answers move nothing */
  {
    GtkWidget *verdict = workspace->verdict;
    g_autoptr(PangoLayout) three = gtk_widget_create_pango_layout (verdict, "X\nX\nX");
    int three_lines;

    pango_layout_get_pixel_size (three, NULL, &three_lines);
    g_test_message ("the verdict: %d px high, three lines %d", gtk_widget_get_height (verdict), three_lines);
    g_assert_cmpint (gtk_widget_get_height (verdict), <, three_lines);
    if (can_send_input ())
      {
        graphene_rect_t after;

        focus_window (window);
        for (int n = 0; n < 2; n++)
          {
            click (button (window, "solve.submit", NULL));
            pump (300);
            g_test_message ("verdict: %s", arc_solve_view_get_verdict (workspace));
            g_assert_true (g_str_has_prefix (arc_solve_view_get_verdict (workspace), "Wrong"));
            g_assert_true (gtk_widget_compute_bounds (swatch, GTK_WIDGET (window), &after));
            g_assert_true (graphene_rect_equal (&palette, &after));
          }
      }
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* @size typed over the size field's text, then @key (Return, Tab) */
static void
type_size (GtkWidget *entry, const char *size, const char *key, guint wait)
{
  click (entry);
  press ("ctrl+a");
  xdotool ("type", size, NULL);
  press (key);
  pump (wait);
}

/* The popover at the size field that says why its text is no size */
static GtkWidget *
size_error_bubble (ArcSolveView *workspace)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (workspace)); child;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_has_css_class (child, "size-error"))
      return child;
  g_error ("no bubble for the size field's error");
}

/* Submit and the tools stay where they are whatever the verdict says */
static void
test_verdict_moves_nothing (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-layout-XXXXXX", NULL);
  g_autofree char *path = write_task (dir, "typical.json", 3, 10);
  const char *actions[] = { "solve.submit", "solve.undo", "solve.copy-from-input", "solve.crop" };
  graphene_rect_t before[G_N_ELEMENTS (actions) + 2];
  graphene_rect_t after;
  const char *first;
  ArcWindow *window;
  ArcSolveView *workspace;
  GtkWidget *widgets[G_N_ELEMENTS (actions) + 2];

  if (!can_send_input ())
    return;
  window = open_window (path, 1280, 800);
  workspace = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  for (gsize i = 0; i < G_N_ELEMENTS (actions); i++)
    widgets[i] = button (window, actions[i], NULL);
  widgets[G_N_ELEMENTS (actions)] = button (window, "solve.colour", "9");
  widgets[G_N_ELEMENTS (actions) + 1] = arc_solve_view_get_output_view (workspace);
  for (gsize i = 0; i < G_N_ELEMENTS (widgets); i++)
    g_assert_true (gtk_widget_compute_bounds (widgets[i], GTK_WIDGET (window), &before[i]));
  first = arc_solve_view_get_verdict (workspace);
  g_test_message ("verdict before: %s", first);

  /* Wrong twice: the longest verdicts there are (wrong cells, no trials left) */
  focus_window (window);
  for (int n = 0; n < 2; n++)
    {
      click (widgets[0]);
      pump (300);
      g_test_message ("verdict: %s", arc_solve_view_get_verdict (workspace));
      g_assert_true (g_str_has_prefix (arc_solve_view_get_verdict (workspace), "Wrong"));
      for (gsize i = 0; i < G_N_ELEMENTS (widgets); i++)
        {
          g_assert_true (gtk_widget_compute_bounds (widgets[i], GTK_WIDGET (window), &after));
          if (!graphene_rect_equal (&before[i], &after))
            g_error ("%s moved from %.0f,%.0f to %.0f,%.0f", G_OBJECT_TYPE_NAME (widgets[i]),
                     before[i].origin.x, before[i].origin.y, after.origin.x, after.origin.y);
        }
    }

  /* Nor does the message for a size that is not one */
  {
    GtkWidget *entry = find_widget_of_type (GTK_WIDGET (workspace), GTK_TYPE_ENTRY);

    type_size (entry, "abc", "Return", 200);
    g_assert_true (find_label_containing (GTK_WIDGET (workspace), "Type a size"));
    /* (said at the field, over the workspace: the grids stay as they were too) */
    g_assert_true (gtk_widget_get_mapped (size_error_bubble (workspace)));
    for (gsize i = 0; i < G_N_ELEMENTS (widgets); i++)
      {
        g_assert_true (gtk_widget_compute_bounds (widgets[i], GTK_WIDGET (window), &after));
        g_assert_true (graphene_rect_equal (&before[i], &after));
      }
    /* Mending the field takes the message away */
    press ("BackSpace");
    pump (200);
    g_assert_false (gtk_widget_get_mapped (size_error_bubble (workspace)));
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* At 800×600, a 30×30 task's output resized to 3×3 leaves the page as it
 * was (it had turned, and Submit went from under the pointer); the
 * compact workspace's verdict line says the few words it has room for */
static void
test_resize_keeps_page (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-layout-XXXXXX", NULL);
  g_autofree char *path = write_task (dir, "thirty.json", 3, 30);
  ArcWindow *window;
  ArcSolveView *workspace;
  GtkWidget *submit, *paned;
  graphene_rect_t before, after;
  GtkOrientation orientation;
  int position;

  if (!can_send_input ())
    return;
  window = open_window (path, 800, 600);
  workspace = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  paned = gtk_widget_get_ancestor (GTK_WIDGET (workspace), GTK_TYPE_PANED);
  orientation = gtk_orientable_get_orientation (GTK_ORIENTABLE (paned));
  position = gtk_paned_get_position (GTK_PANED (paned));
  submit = button (window, "solve.submit", NULL);
  g_assert_true (gtk_widget_compute_bounds (submit, GTK_WIDGET (window), &before));
  focus_window (window);
  type_size (find_widget_of_type (GTK_WIDGET (workspace), GTK_TYPE_ENTRY), "3x3", "Return", 600);
  g_assert_cmpint (arc_grid_get_width (arc_solve_get_output (arc_solve_view_get_solve (workspace))), ==, 3);
  g_assert_true (gtk_widget_compute_bounds (submit, GTK_WIDGET (window), &after));
  g_test_message ("Submit at %.0f,%.0f (was %.0f,%.0f)", after.origin.x, after.origin.y, before.origin.x, before.origin.y);
  g_assert_true (graphene_rect_equal (&before, &after));
  g_assert_cmpint (gtk_orientable_get_orientation (GTK_ORIENTABLE (paned)), ==, orientation);
  g_assert_cmpint (gtk_paned_get_position (GTK_PANED (paned)), ==, position);

  /* Wrong: the line says the trials; the whole, with the size, is its tooltip */
  click (submit);
  pump (300);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (workspace->verdict)), ==, "Wrong. 1 trial left.");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (workspace->verdict), ==, arc_solve_view_get_verdict (workspace));
  g_assert_nonnull (strstr (arc_solve_view_get_verdict (workspace), "The size is wrong"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The size field's message covers what is under the field (Submit, in a
 * small window) but takes no click: Submit under it still submits */
static void
test_size_error_lets_clicks_through (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-layout-XXXXXX", NULL);
  g_autofree char *path = write_task (dir, "ten.json", 3, 10);
  ArcWindow *window;
  ArcSolveView *workspace;
  GtkWidget *submit, *bubble, *entry;
  graphene_rect_t submit_bounds, bubble_bounds, field;

  if (!can_send_input ())
    return;
  window = open_window (path, 800, 600);
  workspace = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  submit = button (window, "solve.submit", NULL);
  focus_window (window);
  type_size (find_widget_of_type (GTK_WIDGET (workspace), GTK_TYPE_ENTRY), "40x40", "Return", 300);
  bubble = size_error_bubble (workspace);
  g_assert_true (gtk_widget_get_mapped (bubble));
  /* Next to the field, inside the workspace */
  g_assert_true (gtk_widget_compute_bounds (bubble, GTK_WIDGET (workspace), &bubble_bounds));
  g_assert_true (gtk_widget_compute_bounds (find_widget_of_type (GTK_WIDGET (workspace), GTK_TYPE_ENTRY),
                                            GTK_WIDGET (workspace), &field));
  g_assert_cmpfloat (fabs (bubble_bounds.origin.y - (field.origin.y + field.size.height)), <=, 12);
  g_assert_cmpfloat (bubble_bounds.origin.x + bubble_bounds.size.width, <=, gtk_widget_get_width (GTK_WIDGET (workspace)));
  /* Over Submit, here */
  g_assert_true (gtk_widget_compute_bounds (bubble, GTK_WIDGET (window), &bubble_bounds));
  g_assert_true (gtk_widget_compute_bounds (submit, GTK_WIDGET (window), &submit_bounds));
  g_assert_true (graphene_rect_contains_point (&bubble_bounds, &GRAPHENE_POINT_INIT (
                   submit_bounds.origin.x + submit_bounds.size.width / 2, submit_bounds.origin.y + submit_bounds.size.height / 2)));
  click (submit);
  pump (300);
  g_assert_true (g_str_has_prefix (arc_solve_view_get_verdict (workspace), "Wrong"));
  g_assert_false (gtk_widget_get_mapped (bubble));
  /* What was typed was no size: left, the field says the grid's again
   * (also when leaving it changes nothing else: Tab to Resize) */
  entry = find_widget_of_type (GTK_WIDGET (workspace), GTK_TYPE_ENTRY);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "10×10");
  type_size (entry, "40x40", "Return", 300);
  g_assert_true (gtk_widget_get_mapped (bubble));
  press ("Tab");
  pump (300);
  g_assert_false (gtk_widget_get_mapped (bubble));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "10×10");
  /* So too without Enter (no message yet); a size stays, for Resize */
  type_size (entry, "abc", "Tab", 300);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "10×10");
  type_size (entry, "4x4", "Tab", 300);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "4x4");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A valid resize makes the output grid smaller or larger; the tools stay
 * where they were (below or beside the grids, at the same place), so that
 * Resize is still under the pointer that clicked it: a 10×10 output made
 * 5×5 then 3×3, and a 3×3 one made 5×4 (drawn smaller in the grids' room).
 * Made much larger than the task's grids (3×3 to 30×30), it is drawn
 * smaller in the room it had, whole: the page stays as it was (it had
 * been placed anew, and Submit had gone from under the pointer). A task
 * whose answers are larger than its inputs (00576224's 2×2 made 6×6)
 * gives the output the room of its answers from the start: made 6×6, it
 * is drawn roomy and nothing moves (Resize had gone down 107 px, then
 * still by a few cells). */
static void
test_resize_keeps_tools_place (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-layout-XXXXXX", NULL);
  const struct { int size; const char *sizes[3]; } cases[] = { { 10, { "5x5", "3x3", NULL } },
                                                                 { 3, { "5x4", "4x5", "30x30" } },
                                                                 { 2, { "2x1", "1x2", "6x6" } } };

  if (!can_send_input ())
    return;
  for (guint t = 0; t < G_N_ELEMENTS (cases); t++)
    {
      g_autofree char *name = g_strdup_printf ("task-%d.json", cases[t].size);
      g_autofree char *path = cases[t].size == 2 ? write_task_scaled (dir, name, 3, 2, 6)
                                                 : write_task (dir, name, 3, cases[t].size);
      ArcWindow *window = open_window (path, 1280, 800);
      ArcSolveView *workspace = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
      GtkWidget *resize = button (window, "solve.resize", NULL);
      GtkWidget *submit = button (window, "solve.submit", NULL);
      GtkWidget *entry = find_widget_of_type (GTK_WIDGET (workspace), GTK_TYPE_ENTRY);
      GtkWidget *output = arc_solve_view_get_output_view (workspace);
      graphene_rect_t before, submit_before, after;

      g_assert_true (gtk_widget_compute_bounds (resize, GTK_WIDGET (window), &before));
      g_assert_true (gtk_widget_compute_bounds (submit, GTK_WIDGET (window), &submit_before));
      focus_window (window);
      for (int n = 0; n < 3 && cases[t].sizes[n]; n++)
        {
          const char *size = cases[t].sizes[n];
          int rows = atoi (size), cols = atoi (strchr (size, 'x') + 1);
          const ArcGrid *grid;
          double x, y;

          type_size (entry, size, "Return", 400);
          settle_workspace (window);
          grid = arc_solve_get_output (arc_solve_view_get_solve (workspace));
          g_assert_cmpint (arc_grid_get_height (grid), ==, rows);
          g_assert_cmpint (arc_grid_get_width (grid), ==, cols);
          g_assert_true (gtk_widget_compute_bounds (resize, GTK_WIDGET (window), &after));
          g_test_message ("%dx%d to %s: %d px a cell, Resize at %.0f,%.0f (was %.0f,%.0f)", cases[t].size,
                          cases[t].size, size, arc_grid_view_get_cell_size (ARC_GRID_VIEW (output)), after.origin.x, after.origin.y, before.origin.x,
                          before.origin.y);
          g_assert_true (graphene_rect_equal (&before, &after));
          g_assert_true (gtk_widget_compute_bounds (submit, GTK_WIDGET (window), &after));
          g_assert_true (graphene_rect_equal (&submit_before, &after));
          /* The grid whole in its room */
          g_assert_true (arc_grid_view_cell_centre (ARC_GRID_VIEW (output), rows - 1, cols - 1, &x, &y));
          g_assert_cmpfloat (x, <, gtk_widget_get_width (output));
          g_assert_cmpfloat (y, <, gtk_widget_get_height (output));
          if (rows == 6)
            g_assert_cmpint (arc_grid_view_get_cell_size (ARC_GRID_VIEW (output)), >=, ARC_SOLVE_VIEW_ROOMY_CELL);
        }
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

typedef struct
{
  int    presses;
  double x, y;
} Presses;

static void
pressed_cb (GtkGestureClick *gesture, int n_press, double x, double y, Presses *p)
{
  p->presses++;
  p->x = x;
  p->y = y;
}

/* After F9 hides the notes pane, a click where its divider was reaches the
 * task page (it used to be swallowed by the hidden divider) */
static void
test_click_where_divider_was (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-layout-XXXXXX", NULL);
  g_autofree char *path = write_task (dir, "typical.json", 3, 10);
  GtkGesture *gesture = gtk_gesture_click_new ();
  Presses presses = { 0 };
  ArcWindow *window;
  graphene_rect_t pane;
  GtkWidget *page;
  g_autofree char *xid = NULL;

  if (!can_send_input ())
    return;
  window = open_window (path, 1280, 800);
  page = window_child (window, "main_stack");
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (gesture), GTK_PHASE_CAPTURE);
  g_signal_connect (gesture, "pressed", G_CALLBACK (pressed_cb), &presses);
  gtk_widget_add_controller (page, GTK_EVENT_CONTROLLER (gesture));
  g_assert_true (notes_revealed (window));
  g_assert_true (gtk_widget_compute_bounds (window_child (window, "notes_pane"), GTK_WIDGET (window), &pane));

  focus_window (window);
  press ("F9");
  pump (600);
  g_assert_false (notes_revealed (window));
  xid = window_xid (page);
  /* Across the strip where the divider was, at the height of the middle
   * of the page: each click arrives */
  for (int dx = -14; dx <= 14; dx += 4)
    {
      g_autofree char *sx = NULL;
      g_autofree char *sy = NULL;
      int before = presses.presses;

      window_point (GTK_WIDGET (window), pane.origin.x + dx, pane.origin.y + pane.size.height / 2, &sx, &sy);

      xdotool ("mousemove", "--window", xid, sx, sy, "click", "1", NULL);
      pump (120);
      if (presses.presses != before + 1)
        g_error ("a click at x = %s did not reach the page", sx);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The colour of cell (@row, @col) of a grid view, as drawn */
static guint32
cell_pixel (GtkWidget *grid_view, int row, int col)
{
  double x, y;

  g_assert_true (arc_grid_view_cell_centre (ARC_GRID_VIEW (grid_view), row, col, &x, &y));
  return widget_pixel (grid_view, x, y);
}

static gboolean
replay_shown (gpointer data)
{
  *(GtkWidget **) data = find_mapped_toplevel (ARC_TYPE_REPLAY_WINDOW);
  return *(GtkWidget **) data != NULL;
}

/* The palette of the preferences is the one of every grid: the task view,
 * the workspace's grids, the swatches and the thumbnails */
static void
test_palette_everywhere (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-layout-XXXXXX", NULL);
  g_autofree char *path = write_task (dir, "typical.json", 3, 10);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  const char *names[] = { "standard", "colour-blind", "high-contrast" };
  ArcWindow *window = open_window (path, 1280, 800);
  ArcTaskView *examples = WIN_CHILD (window, ARC_TASK_VIEW, "task_view");
  GtkWidget *input = arc_solve_view_get_input_view (WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view"));
  GtkWidget *swatch = gtk_button_get_child (GTK_BUTTON (button (window, "solve.colour", "2")));
  const ArcGrid *grid = arc_grid_view_get_grid (ARC_GRID_VIEW (input));
  GtkWidget *thumbnail;

  /* The thumbnail of the task's row: the first grid view of the list */
  thumbnail = find_widget_of_type (window_child (window, "task_list"), ARC_TYPE_GRID_VIEW);
  g_assert_nonnull (thumbnail);

  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    {
      ArcPalette palette;
      ArcTaskLayout *layout;
      const ArcSlot *slot;
      int cell;

      g_assert_true (arc_palette_from_name (names[i], &palette));
      gtk_widget_activate_action (GTK_WIDGET (window), "win.palette", "s", names[i]);
      pump (200);
      g_assert_cmphex (cell_pixel (input, 0, 1), ==, arc_palette_get_rgb (palette, arc_grid_get (grid, 0, 1)));
      g_assert_cmphex (cell_pixel (swatch, 0, 0), ==, arc_palette_get_rgb (palette, 2));
      g_assert_cmphex (cell_pixel (thumbnail, 1, 1), ==,
                       arc_palette_get_rgb (palette, arc_grid_get (arc_grid_view_get_grid (ARC_GRID_VIEW (thumbnail)), 1, 1)));
      layout = arc_task_view_get_layout (examples);
      slot = arc_task_layout_get_slot (layout, 0);
      cell = arc_task_view_get_cell_size (examples);
      g_assert_cmphex (widget_pixel (GTK_WIDGET (examples), slot->x + 1 + cell / 2, slot->y + 1 + cell / 2), ==,
                       arc_palette_get_rgb (palette, arc_grid_get (slot->grid, 0, 0)));
    }
  /* The replay of an attempt, opened with Ctrl+Shift+R after a first submission */
  if (can_send_input ())
    {
      GtkWidget *replay = NULL, *grid_view;

      gtk_widget_activate_action (GTK_WIDGET (window), "win.palette", "s", "colour-blind");
      focus_window (window);
      click_at (arc_solve_view_get_output_view (WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view")), 2, 2);
      click (button (window, "solve.submit", NULL));
      press ("ctrl+shift+r");
      wait_for (replay_shown, &replay, "the replay window");
      pump (300);
      click (find_actionable (replay, "replay.last", NULL));  /* to the end of the attempt */
      pump (200);
      grid_view = find_widget_of_type (replay, ARC_TYPE_GRID_VIEW);
      g_assert_nonnull (grid_view);
      /* The attempt as submitted, with the cell painted in a colour the palettes differ in */
      {
        guint8 painted = arc_grid_get (arc_grid_view_get_grid (ARC_GRID_VIEW (grid_view)), 0, 0);

        g_assert_cmpint (painted, !=, 0);
        g_assert_cmphex (arc_palette_get_rgb (ARC_PALETTE_STANDARD, painted), !=,
                         arc_palette_get_rgb (ARC_PALETTE_COLOUR_BLIND, painted));
      }
      g_assert_cmphex (cell_pixel (grid_view, 0, 0), ==,
                       arc_palette_get_rgb (ARC_PALETTE_COLOUR_BLIND,
                                            arc_grid_get (arc_grid_view_get_grid (ARC_GRID_VIEW (grid_view)), 0, 0)));
      gtk_window_destroy (GTK_WINDOW (replay));
    }
  /* The standard and the colour-blind palettes differ where it is tested */
  g_assert_cmphex (arc_palette_get_rgb (ARC_PALETTE_STANDARD, 2), !=, arc_palette_get_rgb (ARC_PALETTE_COLOUR_BLIND, 2));
  g_settings_reset (settings, "palette");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Moves the pointer over the middle of @widget */
static void
point_at (GtkWidget *widget)
{
  g_autofree char *xid = window_xid (widget);
  g_autofree char *sx = NULL;
  g_autofree char *sy = NULL;

  window_point (widget, gtk_widget_get_width (widget) / 2.0, gtk_widget_get_height (widget) / 2.0, &sx, &sy);
  xdotool ("mousemove", "--window", xid, sx, sy, NULL);
  pump (100);
}

/* Ctrl+plus, Ctrl+minus, Ctrl+0 and Ctrl+scroll zoom the part under the
 * pointer; the cell sizes are the window's, kept for the next one */
static void
test_zoom (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-layout-XXXXXX", NULL);
  g_autofree char *path = write_task (dir, "typical.json", 3, 10);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  ArcWindow *window;
  ArcSolveView *workspace;
  ArcTaskView *task_view;
  GtkWidget *output;
  int fitted, zoomed, examples;

  if (!can_send_input ())
    return;
  window = open_window (path, 1280, 800);
  workspace = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  task_view = WIN_CHILD (window, ARC_TASK_VIEW, "task_view");
  output = arc_solve_view_get_output_view (workspace);
  focus_window (window);

  /* The workspace, with the keys */
  fitted = arc_grid_view_get_cell_size (ARC_GRID_VIEW (output));
  point_at (output);
  press ("ctrl+plus");
  pump (200);
  zoomed = arc_grid_view_get_cell_size (ARC_GRID_VIEW (output));
  g_test_message ("workspace: fitted %d px, zoomed in %d px", fitted, zoomed);
  g_assert_cmpint (zoomed, >, fitted);
  g_assert_cmpint (g_settings_get_int (settings, "workspace-cell-size"), ==, zoomed);
  g_assert_cmpint (arc_grid_view_get_cell_size (ARC_GRID_VIEW (arc_solve_view_get_input_view (workspace))), ==, zoomed);
  press ("ctrl+minus");
  press ("ctrl+minus");
  pump (200);
  g_assert_cmpint (arc_grid_view_get_cell_size (ARC_GRID_VIEW (output)), <, fitted);
  press ("ctrl+0");
  pump (200);
  g_assert_cmpint (arc_grid_view_get_cell_size (ARC_GRID_VIEW (output)), ==, fitted);
  g_assert_cmpint (g_settings_get_int (settings, "workspace-cell-size"), ==, 0);

  /* The examples, with Ctrl and the wheel */
  examples = arc_task_view_get_cell_size (task_view);
  point_at (window_child (window, "task_scroller"));
  xdotool ("keydown", "ctrl", "click", "4", "keyup", "ctrl", NULL);
  pump (200);
  g_test_message ("examples: fitted %d px, zoomed in %d px", examples, arc_task_view_get_cell_size (task_view));
  g_assert_cmpint (arc_task_view_get_cell_size (task_view), >, examples);
  g_assert_cmpint (g_settings_get_int (settings, "examples-cell-size"), ==, arc_task_view_get_cell_size (task_view));
  g_assert_cmpfloat (gtk_adjustment_get_value (gtk_scrolled_window_get_vadjustment (WIN_CHILD (window, GTK_SCROLLED_WINDOW, "task_scroller"))), ==, 0);
  /* The workspace stays as it was */
  g_assert_cmpint (arc_grid_view_get_cell_size (ARC_GRID_VIEW (output)), ==, fitted);
  examples = arc_task_view_get_cell_size (task_view);
  gtk_window_destroy (GTK_WINDOW (window));

  /* The next window starts so */
  window = open_window (path, 1280, 800);
  g_assert_cmpint (arc_task_view_get_cell_size (WIN_CHILD (window, ARC_TASK_VIEW, "task_view")), ==, examples);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "examples-cell-size");
  g_settings_reset (settings, "workspace-cell-size");
}

static void
hover_cb (ArcGridView *view,
          int          row,
          int          col,
          int          colour,
          int         *cell)
{
  cell[0] = row;
  cell[1] = col;
}

/* Where @widget is in its window */
static graphene_point_t
place_in_window (GtkWidget *widget)
{
  graphene_point_t p;

  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (gtk_widget_get_root (widget)),
                                           &GRAPHENE_POINT_INIT (0, 0), &p));
  return p;
}

/* Moves the pointer off the grids and back to @sx, @sy, so that the grid
 * under it says which cell it is on */
static void
wiggle (const char *xid, const char *sx, const char *sy, int *cell)
{
  xdotool ("mousemove", "--window", xid, "4", "4", NULL);
  pump (60);
  cell[0] = cell[1] = -2;
  xdotool ("mousemove", "--window", xid, sx, sy, NULL);
  for (int i = 0; i < 60 && cell[0] == -2; i++)
    pump (50);
}

/* Zooming the workspace's grids (Ctrl and the wheel over the output of a
 * 30×30 task, three steps) keeps the cell under the pointer where it is,
 * the grids side by side, and Submit and the examples where they were;
 * Ctrl+0 fits them again */
static void
test_zoom_keeps_place (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-layout-XXXXXX", NULL);
  g_autofree char *path = write_task (dir, "large.json", 3, 30);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *xid = NULL, *sx = NULL, *sy = NULL;
  ArcWindow *window;
  ArcSolveView *workspace;
  GtkWidget *output, *input, *submit;
  graphene_point_t submit_before, examples_before;
  int before[2], after[2], fitted;

  if (!can_send_input ())
    return;
  /* As at first start: the notes pane beside the task (the grids' area
   * then has no room to spare around the grids, so that it can scroll as
   * far as the cell needs) */
  g_settings_reset (settings, "show-notes");
  g_settings_reset (settings, "show-task-list");
  window = open_window (path, 1280, 800);
  workspace = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  output = arc_solve_view_get_output_view (workspace);
  input = arc_solve_view_get_input_view (workspace);
  submit = find_actionable (GTK_WIDGET (workspace), "solve.submit", NULL);
  g_signal_connect (output, "hover", G_CALLBACK (hover_cb), after);
  focus_window (window);
  fitted = arc_grid_view_get_cell_size (ARC_GRID_VIEW (output));
  submit_before = place_in_window (submit);
  examples_before = place_in_window (window_child (window, "task_scroller"));

  /* A cell away from the middle, where zooming about the middle would move it */
  xid = window_xid (output);
  window_point (output, gtk_widget_get_width (output) * 0.7, gtk_widget_get_height (output) * 0.65, &sx, &sy);
  wiggle (xid, sx, sy, after);
  before[0] = after[0];
  before[1] = after[1];
  g_assert_cmpint (before[0], >=, 0);
  for (int i = 0; i < 3; i++)
    {
      xdotool ("keydown", "ctrl", "click", "4", "keyup", "ctrl", NULL);
      pump (150);
    }
  pump (200);
  wiggle (xid, sx, sy, after);
  g_test_message ("cells of %d px, then %d; under the pointer row %d col %d, then row %d col %d", fitted,
                  arc_grid_view_get_cell_size (ARC_GRID_VIEW (output)), before[0], before[1], after[0], after[1]);
  g_assert_cmpint (arc_grid_view_get_cell_size (ARC_GRID_VIEW (output)), >, fitted);
  g_assert_cmpint (ABS (after[0] - before[0]), <=, 1);
  g_assert_cmpint (ABS (after[1] - before[1]), <=, 1);
  /* Nothing else moved */
  g_assert_cmpfloat_with_epsilon (place_in_window (submit).x, submit_before.x, 0.5);
  g_assert_cmpfloat_with_epsilon (place_in_window (submit).y, submit_before.y, 0.5);
  g_assert_cmpfloat_with_epsilon (place_in_window (window_child (window, "task_scroller")).y, examples_before.y, 0.5);
  g_assert_cmpfloat (place_in_window (output).x, >, place_in_window (input).x + gtk_widget_get_width (input) - 1);

  press ("ctrl+0");
  pump (300);
  g_assert_cmpint (arc_grid_view_get_cell_size (ARC_GRID_VIEW (output)), ==, fitted);
  g_assert_cmpfloat_with_epsilon (place_in_window (submit).y, submit_before.y, 0.5);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "workspace-cell-size");
}

/* Drags the divider of the task page by @dx pixels (it is beside) */
static void
drag_divider (ArcWindow *window, int dx)
{
  GtkWidget *examples = window_child (window, "task_scroller");
  g_autofree char *xid = window_xid (examples);
  g_autofree char *x0 = NULL, *y0 = NULL, *x1 = NULL, *y1 = NULL;
  double y = gtk_widget_get_height (examples) / 2.0;
  double x = gtk_widget_get_width (examples) + 3;  /* on the handle, just right of the examples */

  window_point (examples, x, y, &x0, &y0);
  window_point (examples, x + dx, y, &x1, &y1);
  xdotool ("mousemove", "--window", xid, x0, y0, "mousedown", "1", NULL);
  pump (60);
  xdotool ("mousemove", "--window", xid, x1, y1, NULL);
  pump (60);
  xdotool ("mouseup", "1", NULL);
  pump (300);
}

/* The user's divider stays, also for the next task and in a wider window;
 * a double click on it places it again */
static void
test_divider_stays (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-layout-XXXXXX", NULL);
  g_autofree char *path = write_task (dir, "a.json", 3, 10);
  g_autofree char *other = write_task (dir, "b.json", 2, 8);
  g_autofree char *xid = NULL;
  g_autofree char *sx = NULL;
  g_autofree char *sy = NULL;
  ArcWindow *window;
  GtkScrolledWindow *scroller;
  int placed, moved;

  if (!can_send_input ())
    return;
  window = open_window (dir, 1280, 800);
  scroller = WIN_CHILD (window, GTK_SCROLLED_WINDOW, "task_scroller");
  g_assert_cmpint (gtk_orientable_get_orientation (GTK_ORIENTABLE (WIN_CHILD (window, GTK_PANED, "task_paned"))), ==, GTK_ORIENTATION_HORIZONTAL);
  placed = gtk_widget_get_width (GTK_WIDGET (scroller));
  focus_window (window);
  drag_divider (window, -60);
  moved = gtk_widget_get_width (GTK_WIDGET (scroller));
  g_test_message ("the examples: %d px wide as placed, %d px after the drag", placed, moved);
  g_assert_cmpint (ABS (moved - (placed - 60)), <=, 4);
  assert_workspace_whole (window);

  /* Another task, then a wider window: the workspace keeps its width */
  press ("alt+Right");
  pump (400);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (scroller)), ==, moved);
  {
    int workspace = gtk_widget_get_width (window_child (window, "solve_view"));

    gtk_window_set_default_size (GTK_WINDOW (window), 1340, 800);
    pump (500);
    g_assert_cmpint (gtk_widget_get_width (window_child (window, "solve_view")), ==, workspace);
  }

  /* A double click on the handle: placed again */
  xid = window_xid (GTK_WIDGET (window));
  window_point (GTK_WIDGET (scroller), gtk_widget_get_width (GTK_WIDGET (scroller)) + 3,
                gtk_widget_get_height (GTK_WIDGET (scroller)) / 2.0, &sx, &sy);
  xdotool ("mousemove", "--window", xid, sx, sy, "click", "--repeat", "2", "--delay", "80", "1", NULL);
  pump (500);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (scroller)), >, moved + 30);
  /* and it is no longer the user's: the notes put away or back (F9) make
   * the page wider or narrower, and the divider is placed anew for it, the
   * workspace with the page (the user's divider keeps the workspace's width) */
  {
    GtkWidget *workspace = window_child (window, "solve_view");
    int before = gtk_widget_get_width (workspace);
    gboolean wider = notes_revealed (window);

    press ("F9");
    pump (500);
    if (wider)
      g_assert_cmpint (gtk_widget_get_width (workspace), >, before);
    else
      g_assert_cmpint (gtk_widget_get_width (workspace), <, before);
    press ("F9");
    pump (500);
  }

  /* The handle's keys (F8, the arrows, Return) move it as the user's too */
  {
    GtkWidget *workspace = window_child (window, "solve_view");
    int before, kept;

    settle_workspace (window);
    before = gtk_widget_get_width (GTK_WIDGET (scroller));
    g_assert_true (gtk_widget_grab_focus (arc_solve_view_get_output_view (ARC_SOLVE_VIEW (workspace))));
    press ("F8");
    press ("Left");
    press ("Left");
    press ("Return");
    pump (500);
    g_test_message ("the examples: %d px wide, %d after F8, Left, Left", before, gtk_widget_get_width (GTK_WIDGET (scroller)));
    /* (a step an arrow that shows: GTK's paned moved it a pixel) */
    g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (scroller)), <=, before - 40);
    kept = gtk_widget_get_width (workspace);
    press ("F9");
    pump (500);
    g_assert_cmpint (gtk_widget_get_width (workspace), ==, kept);
    press ("F9");
    pump (500);
  }

  /* F8 from outside the page (in the notes): the divider's keys too (the
   * paned's own F8 had done nothing there, and the arrows went to the
   * notes); Return gives the focus back where it was */
  {
    GtkWidget *notes = window_child (window, "notes_pane");
    GtkWidget *paned = window_child (window, "task_paned");
    int before;

    settle_workspace (window);
    before = gtk_widget_get_width (GTK_WIDGET (scroller));
    g_assert_true (gtk_widget_child_focus (notes, GTK_DIR_TAB_FORWARD));
    g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), notes));
    press ("F8");
    pump (200);
    g_assert_true (gtk_widget_is_focus (paned));
    press ("Left");
    press ("Left");
    press ("Return");
    pump (500);
    g_test_message ("the examples: %d px wide, %d after F8 in the notes, Left, Left", before,
                    gtk_widget_get_width (GTK_WIDGET (scroller)));
    g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (scroller)), <=, before - 40);
    g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), notes));
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
editing (gpointer data)
{
  ArcWindow *window = data;

  return edit_session (window) != NULL && gtk_widget_get_mapped (edit_bar (window));
}

/* The grid Edit Task edits is framed on screen among the examples: its
 * top, and all of it when the examples are high enough */
static void
assert_edited_grid_shown (ArcWindow *window, const char *after)
{
  EditTarget target = edit_target (window);
  const EditTarget *t = &target;
  ArcSlotKind kind = t->kind == ARC_PAIR_TRAIN ? (t->side == ARC_SIDE_INPUT ? ARC_SLOT_TRAIN_INPUT : ARC_SLOT_TRAIN_OUTPUT)
                                               : (t->side == ARC_SIDE_INPUT ? ARC_SLOT_TEST_INPUT : ARC_SLOT_TEST_OUTPUT);
  GtkWidget *examples = window_child (window, "task_view");
  GtkWidget *scroller = window_child (window, "task_scroller");
  ArcTaskLayout *layout = arc_task_view_get_layout (ARC_TASK_VIEW (examples));
  int shown = gtk_widget_get_height (scroller);
  const ArcSlot *slot = NULL;
  graphene_point_t top, bottom;

  for (guint i = 0; i < arc_task_layout_get_n_slots (layout); i++)
    if (arc_task_layout_get_slot (layout, i)->kind == kind && arc_task_layout_get_slot (layout, i)->index == t->index)
      slot = arc_task_layout_get_slot (layout, i);
  g_assert_nonnull (slot);
  g_assert_true (gtk_widget_compute_point (examples, scroller,
                                           &GRAPHENE_POINT_INIT (slot->x, slot->y), &top));
  g_assert_true (gtk_widget_compute_point (examples, scroller,
                                           &GRAPHENE_POINT_INIT (slot->x, slot->y + slot->height), &bottom));
  g_test_message ("after %s: the grid edited at %.0f to %.0f of %d", after, top.y, bottom.y, shown);
  if (top.y < 0 || top.y >= shown || (slot->height + 8 <= shown && bottom.y > shown))
    g_error ("after %s the grid edited is at %.0f to %.0f of the %d px of the examples", after, top.y, bottom.y, shown);
}

/* Every control Edit Task needs is shown whole: the list of grids, the
 * bar's and the workspace's buttons, and the palette (@where says which
 * window, in an error) */
static void
assert_edit_controls_whole (ArcWindow  *window,
                            const char *where)
{
  static const char * const edit_actions[] = {
    "editor.save", "editor.add-train-pair", "editor.add-test-pair", "editor.duplicate-pair",
    "editor.delete-pair", "editor.move-pair-up", "editor.move-pair-down", "editor.swap-sides",
    "editor.toggle-test-output",
    "solve.undo", "solve.redo", "solve.resize", "solve.reset", "solve.pick-colour",
    "solve.rotate-clockwise", "solve.flip-vertically", "solve.crop", "solve.copy", "solve.paste",
  };

  g_assert_true (shown_whole (edit_grid_chooser (window)));
  for (gsize i = 0; i < G_N_ELEMENTS (edit_actions); i++)
    if (!shown_whole (button (window, edit_actions[i], NULL)))
      g_error ("%s: the button of %s is not shown whole", where, edit_actions[i]);
  for (int c = 0; c < 10; c++)
    {
      g_autofree char *target = g_strdup_printf ("%d", c);
      g_assert_true (shown_whole (button (window, "solve.colour", target)));
    }
}

/* Edit Task at 800×600 and at 1280×800, on tasks of five pairs of 3×3 and
 * of 9×9 grids and one of four pairs of 30×30: the edit bar (Save, every
 * pair button), the list of grids and the whole workspace are on screen
 * (it had cut off the bar's first line and the workspace's last at
 * 800×600), and the examples are drawn and show a pair just added */
static void
test_edit_task_fits (void)
{
  static const int sizes[][2] = { { 800, 600 }, { 1280, 800 } };
  g_autofree char *dir = g_dir_make_tmp ("arc-layout-XXXXXX", NULL);
  g_autofree char *small = write_task_rect (dir, "small.json", 5, 3, 3);
  g_autofree char *middle = write_task (dir, "middle.json", 5, 9);
  g_autofree char *large = write_task (dir, "large.json", 4, 30);
  const char *paths[] = { small, middle, large };

  if (!can_send_input ())
    return;
  for (gsize s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (gsize p = 0; p < G_N_ELEMENTS (paths); p++)
      {
        ArcWindow *window = open_window (paths[p], sizes[s][0], sizes[s][1]);
        ArcSolveView *view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
        ArcTaskView *examples = WIN_CHILD (window, ARC_TASK_VIEW, "task_view");

        focus_window (window);
        press ("ctrl+e");
        wait_for (editing, window, "Edit Task to be on");
        pump (500);
        wait_page_steady (window);
        g_test_message ("%d×%d, %s: the bar %d high, the page %d×%d, the workspace %d high, %d px cells",
                        sizes[s][0], sizes[s][1], p == 0 ? "3×3" : p == 1 ? "9×9" : "30×30",
                        gtk_widget_get_height (edit_bar (window)),
                        gtk_widget_get_width (window_child (window, "task_paned")),
                        gtk_widget_get_height (window_child (window, "task_paned")),
                        gtk_widget_get_height (GTK_WIDGET (view)),
                        cell_size (arc_solve_view_get_output_view (view)));
        {
          /* The examples are drawn on screen as they are (they were left
           * empty after the divider moved, until the next scroll) */
          const ArcSlot *slot = arc_task_layout_get_slot (arc_task_view_get_layout (examples), 0);
          int cell = arc_task_view_get_cell_size (examples);
          double x = slot->x + 1 + cell / 2, y = slot->y + 1 + cell / 2;
          graphene_point_t on_page;

          g_assert_true (gtk_widget_compute_point (GTK_WIDGET (examples), window_child (window, "task_scroller"),
                                                   &GRAPHENE_POINT_INIT (x, y), &on_page));
          g_assert_cmpfloat (on_page.y, <, gtk_widget_get_height (window_child (window, "task_scroller")));
          g_assert_cmphex (screen_pixel (GTK_WIDGET (examples), x, y), ==,
                           widget_pixel (GTK_WIDGET (examples), x, y));
        }
        {
          g_autofree char *where = g_strdup_printf ("%d×%d", sizes[s][0], sizes[s][1]);

          assert_edit_controls_whole (window, where);
        }
        /* Two 30×30 grids under the examples at 800×600 scroll in the
         * workspace, at their smallest cells; all else shows them whole */
        if (!(s == 0 && p == 2))
          {
            g_assert_true (shown_whole (arc_solve_view_get_input_view (view)));
            g_assert_true (shown_whole (arc_solve_view_get_output_view (view)));
          }
        g_assert_cmpint (cell_size (arc_solve_view_get_output_view (view)), >=, p == 2 ? 4 : s == 1 ? 8 : 6);
        /* Pair operations: the examples scroll to show the grid edited */
        {
          static const char * const operations[] = {
            "editor.add-train-pair", "editor.duplicate-pair", "editor.add-test-pair", "editor.move-pair-up",
            "editor.swap-sides", "editor.toggle-test-output", "editor.toggle-test-output", "editor.delete-pair",
          };

          for (gsize i = 0; i < G_N_ELEMENTS (operations); i++)
            {
              click (button (window, operations[i], NULL));
              pump (250);
              assert_edited_grid_shown (window, operations[i]);
            }
          press ("ctrl+z");
          pump (250);
          assert_edited_grid_shown (window, "undo");
        }
        gtk_window_destroy (GTK_WINDOW (window));
        pump (50);
      }
}

static void
count_cb (GObject *object, GParamSpec *pspec, guint *count)
{
  (*count)++;
}

/* Edit Task at 800×600 on a task of 16×16, 8×8 and 16×16 pairs and a
 * 20×20 test: the page settles. It had turned the workspace from under
 * the examples to beside them and back a few times a second for ever, the
 * edit bar moving with it (on top, or beside the examples) and changing
 * what the page chose. */
static void
test_edit_task_steady (void)
{
  static const int sizes[] = { 16, 8, 16, 20 };
  g_autofree char *dir = g_dir_make_tmp ("arc-layout-XXXXXX", NULL);
  g_autofree char *path = write_task_shapes (dir, "9f5f939b.json", G_N_ELEMENTS (sizes), sizes, sizes);
  ArcWindow *window;
  GtkWidget *paned;
  guint turns = 0;

  if (!can_send_input ())
    return;
  window = open_window (path, 800, 600);
  paned = window_child (window, "task_paned");
  focus_window (window);
  press ("ctrl+e");
  wait_for (editing, window, "Edit Task to be on");
  pump (800);
  g_signal_connect (paned, "notify::orientation", G_CALLBACK (count_cb), &turns);
  pump (1500);
  g_test_message ("turned %u times in 1.5 s", turns);
  g_assert_cmpuint (turns, ==, 0);
  assert_edit_controls_whole (window, "800×600, steady");
  /* and off again: the page is laid out for solving, and settles too */
  press ("ctrl+e");
  pump (800);
  turns = 0;
  pump (1500);
  g_assert_cmpuint (turns, ==, 0);
  g_signal_handlers_disconnect_by_func (paned, count_cb, &turns);
  gtk_window_destroy (GTK_WINDOW (window));
  pump (50);
}

static gboolean
list_revealed (ArcWindow *window)
{
  return adw_flap_get_reveal_flap (WIN_CHILD (window, ADW_FLAP, "list_flap"));
}

/* At 800×600 the task list folds away on its own: the task gets the
 * window's width, with larger cells once the notes are put away too (F9);
 * its toggle (a click, then Ctrl+Shift+L) brings it over the task and
 * puts it away again without changing the preference; N still steps
 * through the tasks; Ctrl+F brings the list with the search. At 1280×800
 * it is beside the task, and its toggle puts it away for good
 * ("show-task-list"). */
static gboolean
is_row_of (GtkWidget *widget, gconstpointer id)
{
  return ARC_IS_TASK_ROW (widget) && gtk_widget_get_mapped (widget) &&
         arc_task_row_get_entry (ARC_TASK_ROW (widget)) &&
         g_strcmp0 (arc_entry_get_id (arc_task_row_get_entry (ARC_TASK_ROW (widget))), id) == 0;
}

/* The task list's row of task @id, on screen */
static GtkWidget *
task_row (ArcWindow *window, const char *id)
{
  GtkWidget *row = find_widget_matching (window_child (window, "task_list"), is_row_of, id);

  g_assert_nonnull (row);
  return row;
}

static void
test_task_list_put_away (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-layout-XXXXXX", NULL);
  g_autofree char *a = write_task (dir, "aaaa0001.json", 5, 9);
  g_autofree char *b = write_task (dir, "bbbb0002.json", 3, 5);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  ArcWindow *window;
  GtkPaned *paned;
  AdwFlap *flap;
  ArcSolveView *workspace;
  int width_before, cell_before;

  if (!can_send_input ())
    return;
  g_settings_set_boolean (settings, "show-notes", TRUE);
  window = present_window (800, 600);
  paned = WIN_CHILD (window, GTK_PANED, "task_paned");
  flap = WIN_CHILD (window, ADW_FLAP, "list_flap");
  workspace = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  g_assert_true (arc_window_open (window, folder));
  wait_for (list_idle, window, "the folder to be listed");
  pump (400);
  g_assert_cmpstr (arc_entry_get_id (selected_entry (window)), ==, "aaaa0001");
  /* Folded, and put away: the task has the window's width */
  g_assert_true (adw_flap_get_folded (flap));
  g_assert_false (list_revealed (window));
  g_assert_true (adw_flap_get_folded (WIN_CHILD (window, ADW_FLAP, "notes_flap")));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (paned)), >=, 760);
  width_before = gtk_widget_get_width (GTK_WIDGET (paned));
  cell_before = cell_size (arc_solve_view_get_output_view (workspace));

  /* Over the task, and away again */
  click (button (window, "win.show-task-list", NULL));
  pump (500);
  g_assert_true (list_revealed (window));
  g_assert_true (gtk_widget_get_mapped (window_child (window, "task_list")));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (paned)), ==, width_before);  /* over it */
  focus_window (window);
  press ("ctrl+shift+l");
  pump (500);
  g_assert_false (list_revealed (window));

  /* Over the task, a pane takes the focus, and Escape puts it away: the
   * list (its selected task, Down goes on to the next), the notes (their
   * first field: what is typed goes there). (From nowhere, as when the
   * list folded over the task with the focus in it: the focus then goes
   * to the grid being built, where the keys act; it had gone to the
   * task's title, whose text it selected.) */
  gtk_root_set_focus (GTK_ROOT (window), NULL);
  press ("ctrl+shift+l");
  pump (500);
  g_assert_true (list_revealed (window));
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), window_child (window, "task_list")));
  press ("Down");
  pump (200);
  g_assert_cmpstr (arc_entry_get_id (selected_entry (window)), ==, "bbbb0002");
  press ("Escape");
  pump (500);
  g_assert_false (list_revealed (window));
  g_assert_false (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), window_child (window, "task_list")));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == arc_solve_view_get_output_view (workspace));
  press ("F9");
  pump (500);
  g_assert_true (adw_flap_get_reveal_flap (WIN_CHILD (window, ADW_FLAP, "notes_flap")));
  g_assert_true (GTK_IS_TEXT_VIEW (gtk_root_get_focus (GTK_ROOT (window))));
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), window_child (window, "notes_pane")));
  press ("Escape");
  pump (500);
  g_assert_false (adw_flap_get_reveal_flap (WIN_CHILD (window, ADW_FLAP, "notes_flap")));
  g_assert_false (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), window_child (window, "notes_pane")));
  press ("p");
  pump (300);
  g_assert_cmpstr (arc_entry_get_id (selected_entry (window)), ==, "aaaa0001");
  g_assert_true (g_settings_get_boolean (settings, "show-task-list"));
  g_assert_cmpint (cell_size (arc_solve_view_get_output_view (workspace)), >=, cell_before);
  assert_workspace_whole (window);

  press ("n");
  pump (300);
  g_assert_cmpstr (arc_entry_get_id (selected_entry (window)), ==, "bbbb0002");
  press ("ctrl+f");
  pump (300);
  g_assert_true (list_revealed (window));
  g_assert_true (GTK_IS_EDITABLE (gtk_root_get_focus (GTK_ROOT (window))));
  /* A click on a task in it: that task, and the list goes from over it
   * (it had stayed until Escape) */
  click (task_row (window, "aaaa0001"));
  pump (500);
  g_assert_cmpstr (arc_entry_get_id (selected_entry (window)), ==, "aaaa0001");
  g_assert_false (list_revealed (window));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == arc_solve_view_get_output_view (workspace));
  /* Enter on a task too; Down only selects (the list stays) */
  press ("ctrl+shift+l");
  pump (500);
  press ("Down");
  pump (200);
  g_assert_true (list_revealed (window));
  press ("Return");
  pump (500);
  g_assert_cmpstr (arc_entry_get_id (selected_entry (window)), ==, "bbbb0002");
  g_assert_false (list_revealed (window));
  /* Enter on the row Ctrl+Up went to (the focus, not the selection): that task */
  press ("ctrl+shift+l");
  pump (500);
  press ("ctrl+Up");
  pump (200);
  g_assert_cmpstr (arc_entry_get_id (selected_entry (window)), ==, "bbbb0002");
  press ("Return");
  pump (500);
  g_assert_cmpstr (arc_entry_get_id (selected_entry (window)), ==, "aaaa0001");
  g_assert_false (list_revealed (window));

  /* Wide: beside the task; the toggle is the preference */
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  pump (800);
  g_assert_false (adw_flap_get_folded (flap));
  g_assert_true (list_revealed (window));
  click (button (window, "win.show-task-list", NULL));
  pump (500);
  g_assert_false (list_revealed (window));
  g_assert_false (g_settings_get_boolean (settings, "show-task-list"));
  focus_window (window);
  press ("ctrl+shift+l");
  pump (500);
  g_assert_true (list_revealed (window));
  g_assert_true (g_settings_get_boolean (settings, "show-task-list"));
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "show-notes");
  g_settings_reset (settings, "show-task-list");
}

static gboolean
flap_folded (gpointer flap)
{
  return adw_flap_get_folded (flap);
}

/* Whether the first train pair of the examples shows whole */
static gboolean
first_pair_whole (ArcWindow *window)
{
  ArcTaskView *examples = WIN_CHILD (window, ARC_TASK_VIEW, "task_view");
  GtkWidget *scroller = window_child (window, "task_scroller");
  ArcTaskLayout *layout = arc_task_view_get_layout (examples);

  for (guint i = 0; i < arc_task_layout_get_n_slots (layout); i++)
    {
      const ArcSlot *slot = arc_task_layout_get_slot (layout, i);
      graphene_point_t top, bottom;

      if ((slot->kind != ARC_SLOT_TRAIN_INPUT && slot->kind != ARC_SLOT_TRAIN_OUTPUT) || slot->index != 0)
        continue;
      if (!gtk_widget_compute_point (GTK_WIDGET (examples), scroller, &GRAPHENE_POINT_INIT (slot->x, slot->y), &top) ||
          !gtk_widget_compute_point (GTK_WIDGET (examples), scroller,
                                     &GRAPHENE_POINT_INIT (slot->x + slot->width, slot->y + slot->height), &bottom))
        return FALSE;
      if (top.y < 0 || bottom.y > gtk_widget_get_height (scroller) || bottom.x > gtk_widget_get_width (scroller))
        return FALSE;
    }
  return TRUE;
}

/* An ARC-AGI-2 task of 30×30 grids, reached with the keys from a small
 * one, as at first start: in a laptop's window the notes pane folds away
 * for it (and comes back for the small one), and the grid being built is
 * the largest thing on the page: at least 14 px a cell at 1280×800 and
 * 1366×768 (the input 8), 10 at 1024×768 and 800×600, with Submit and
 * every tool on screen. At the laptop sizes the task list folds away too,
 * and the examples beside the workspace show the first train pair whole;
 * at 1024×768 too, above the workspace (the task list stayed beside the
 * task there, and the examples' strip cut through the first pair). */
static void
test_large_task_room (void)
{
  static const struct { int width, height, output, input; } sizes[] = {
    { 1280, 800, 14, 8 }, { 1366, 768, 14, 8 }, { 1024, 768, 10, 0 }, { 800, 600, 10, 0 },
  };
  g_autofree char *dir = g_dir_make_tmp ("arc-layout-XXXXXX", NULL);
  g_autofree char *small = write_task (dir, "a-small.json", 3, 10);
  g_autofree char *large = write_task (dir, "b-large.json", 4, 30);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);

  if (!can_send_input ())
    return;
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      ArcWindow *window;
      ArcSolveView *view;
      AdwFlap *notes_flap;
      int output, input;

      g_settings_reset (settings, "show-notes");
      g_settings_reset (settings, "show-task-list");
      window = open_window (dir, sizes[i].width, sizes[i].height);
      view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
      notes_flap = WIN_CHILD (window, ADW_FLAP, "notes_flap");
      if (sizes[i].width >= 1280)
        g_assert_false (adw_flap_get_folded (notes_flap));
      focus_window (window);
      press ("alt+Right");
      wait_for (flap_folded, notes_flap, "the notes pane to fold away");
      settle_workspace (window);  /* the divider is placed anew for the wider page */
      g_assert_cmpstr (arc_task_get_id (arc_solve_get_task (arc_solve_view_get_solve (view))), ==, "b-large");
      output = cell_size (arc_solve_view_get_output_view (view));
      input = cell_size (arc_solve_view_get_input_view (view));
      g_test_message ("%d×%d: the output grid %d px a cell, the test input %d; notes pane %s; "
                      "the first train pair %s", sizes[i].width, sizes[i].height, output, input,
                      adw_flap_get_folded (notes_flap) ? "folded away" : "beside",
                      first_pair_whole (window) ? "whole" : "partly in view");
      g_assert_true (adw_flap_get_folded (notes_flap));
      g_assert_false (notes_revealed (window));
      g_assert_true (adw_flap_get_folded (WIN_CHILD (window, ADW_FLAP, "list_flap")));
      g_assert_false (list_revealed (window));
      if (sizes[i].width >= 1024)
        g_assert_true (first_pair_whole (window));
      g_assert_cmpint (output, >=, sizes[i].output);
      g_assert_cmpint (input, >=, sizes[i].input);
      assert_workspace_whole (window);

      /* Back to the small task: the notes pane beside it again */
      press ("alt+Left");
      pump (600);
      if (sizes[i].width >= 1280)
        {
          g_assert_false (adw_flap_get_folded (notes_flap));
          g_assert_true (notes_revealed (window));
          g_assert_false (adw_flap_get_folded (WIN_CHILD (window, ADW_FLAP, "list_flap")));
          g_assert_true (list_revealed (window));
        }
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

static gboolean
task_selected (gpointer data)
{
  gpointer *args = data;

  return g_strcmp0 (arc_entry_get_id (selected_entry (args[0])), args[1]) == 0;
}

/* At 1280×800, a search typed in the task list that selects a 30×30 task:
 * the task list folds away for that task, but stays open over it while the
 * search has the focus, and the rest of the search goes in; a click on the
 * task then puts the list away */
static void
test_search_keeps_list (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-layout-XXXXXX", NULL);
  g_autofree char *small = write_task (dir, "a-small.json", 3, 10);
  g_autofree char *large = write_task (dir, "b-large.json", 4, 30);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  gpointer args[2];
  ArcWindow *window;
  AdwFlap *list_flap;
  GtkWidget *search;

  if (!can_send_input ())
    return;
  g_settings_reset (settings, "show-notes");
  g_settings_reset (settings, "show-task-list");
  window = open_window (dir, 1280, 800);
  list_flap = WIN_CHILD (window, ADW_FLAP, "list_flap");
  search = find_widget_of_type (window_child (window, "task_list"), GTK_TYPE_SEARCH_ENTRY);
  g_assert_false (adw_flap_get_folded (list_flap));
  focus_window (window);
  press ("ctrl+f");
  pump (200);
  xdotool ("type", "--delay", "40", "b-la", NULL);
  args[0] = window;
  args[1] = (gpointer) "b-large";
  wait_for (task_selected, args, "the search to select the large task");
  wait_for (flap_folded, list_flap, "the task list to fold away");
  pump (300);
  g_assert_true (list_revealed (window));
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), search));
  xdotool ("type", "--delay", "40", "rge", NULL);
  pump (300);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (search)), ==, "b-large");
  g_assert_true (list_revealed (window));

  /* A click on the task: the list goes, the task stays */
  click_at (window_child (window, "solve_view"), 300, 20);
  pump (600);
  g_assert_false (list_revealed (window));
  g_assert_true (task_selected (args));
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "show-notes");
  g_settings_reset (settings, "show-task-list");
}

/* The panes fold away for a large task; zoomed there, the workspace's
 * grids keep their place while the task stays, but another task is laid
 * out anew: a small one gets the task list and the notes pane back beside
 * it (they stayed folded away, and the divider where the large task had
 * it), with the grids still at the zoom's cell size, in their scrolled
 * area (the page is laid out for them fitted, the tools whole) */
static void
test_zoomed_next_task (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-layout-XXXXXX", NULL);
  g_autofree char *small = write_task (dir, "a-small.json", 3, 10);
  g_autofree char *large = write_task (dir, "b-large.json", 4, 30);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  ArcWindow *window;
  ArcSolveView *view;
  AdwFlap *notes_flap;
  GtkWidget *output;
  int fitted, zoomed, examples_width;

  if (!can_send_input ())
    return;
  g_settings_reset (settings, "show-notes");
  g_settings_reset (settings, "show-task-list");
  window = open_window (dir, 1280, 800);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  output = arc_solve_view_get_output_view (view);
  notes_flap = WIN_CHILD (window, ADW_FLAP, "notes_flap");
  g_assert_false (adw_flap_get_folded (notes_flap));
  examples_width = gtk_widget_get_width (window_child (window, "task_scroller"));
  focus_window (window);
  press ("alt+Right");
  wait_for (flap_folded, notes_flap, "the notes pane to fold away");
  settle_workspace (window);
  g_assert_true (adw_flap_get_folded (WIN_CHILD (window, ADW_FLAP, "list_flap")));

  /* Zoomed in over the output: the page stays as it is */
  fitted = arc_grid_view_get_cell_size (ARC_GRID_VIEW (output));
  point_at (output);
  press ("ctrl+plus");
  pump (300);
  zoomed = arc_grid_view_get_cell_size (ARC_GRID_VIEW (output));
  g_assert_true (arc_solve_view_is_zoomed (view));
  g_assert_cmpint (zoomed, >, fitted);
  g_assert_true (adw_flap_get_folded (notes_flap));

  /* The small task: the panes come back beside it */
  press ("alt+Left");
  pump (600);
  settle_workspace (window);
  g_assert_cmpstr (arc_task_get_id (arc_solve_get_task (arc_solve_view_get_solve (view))), ==, "a-small");
  g_test_message ("fitted %d px, zoomed to %d px; the small task: notes pane %s, task list %s, examples %d px wide (%d before)",
                  fitted, zoomed, adw_flap_get_folded (notes_flap) ? "folded away" : "beside",
                  list_revealed (window) ? "shown" : "away",
                  gtk_widget_get_width (window_child (window, "task_scroller")), examples_width);
  g_assert_false (adw_flap_get_folded (notes_flap));
  g_assert_true (notes_revealed (window));
  g_assert_false (adw_flap_get_folded (WIN_CHILD (window, ADW_FLAP, "list_flap")));
  g_assert_true (list_revealed (window));
  g_assert_cmpint (ABS (gtk_widget_get_width (window_child (window, "task_scroller")) - examples_width), <=, 4);
  g_assert_cmpint (arc_grid_view_get_cell_size (ARC_GRID_VIEW (output)), ==, zoomed);
  assert_tools_whole (window);

  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "workspace-cell-size");
}

/* Zoomed in on a small task, then on to a large one, then fitted
 * (Ctrl+0): the large task is laid out as when it was first shown, the
 * tools where they suit it (they had kept the place they had while zoomed) */
static void
test_fit_after_zoom (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-layout-XXXXXX", NULL);
  g_autofree char *small = write_task (dir, "a-small.json", 3, 10);
  g_autofree char *large = write_task (dir, "b-large.json", 4, 30);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  ArcWindow *window;
  GtkWidget *output;
  int fitted;

  if (!can_send_input ())
    return;
  g_settings_reset (settings, "show-notes");
  g_settings_reset (settings, "show-task-list");
  /* (the large task at first, alone) */
  window = open_window (large, 1280, 800);
  fitted = arc_grid_view_get_cell_size (ARC_GRID_VIEW (arc_solve_view_get_output_view (
    WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view"))));
  gtk_window_destroy (GTK_WINDOW (window));
  window = open_window (dir, 1280, 800);
  output = arc_solve_view_get_output_view (WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view"));
  focus_window (window);
  point_at (output);
  for (int n = 0; n < 3; n++)
    {
      press ("ctrl+plus");
      pump (300);
    }
  press ("alt+Right");
  pump (600);
  settle_workspace (window);
  press ("ctrl+0");
  pump (400);
  settle_workspace (window);
  g_test_message ("the large task fitted after a zoom: %d px (%d px at first)",
                  arc_grid_view_get_cell_size (ARC_GRID_VIEW (output)), fitted);
  g_assert_cmpint (arc_grid_view_get_cell_size (ARC_GRID_VIEW (output)), ==, fitted);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "workspace-cell-size");
}

/* At 800×600 a task of 20×20 grids: solving and in Edit Task, the first
 * train pair is whole in view beside the workspace (it had a strip of
 * examples above it, cut through the first pair), and the grid being built
 * or edited is still at least 10 px a cell, the workspace whole */
static void
test_pair_in_small_window (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-layout-XXXXXX", NULL);
  g_autofree char *path = write_task (dir, "twenty.json", 3, 20);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  ArcWindow *window;
  ArcSolveView *view;
  int output, edited;

  if (!can_send_input ())
    return;
  g_settings_reset (settings, "show-notes");
  g_settings_reset (settings, "show-task-list");
  window = open_window (path, 800, 600);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  wait_page_steady (window);
  output = cell_size (arc_solve_view_get_output_view (view));
  g_test_message ("solving: the output grid %d px a cell, the test input %d, the examples %d; the first pair %s",
                  output, cell_size (arc_solve_view_get_input_view (view)),
                  arc_task_view_get_cell_size (WIN_CHILD (window, ARC_TASK_VIEW, "task_view")),
                  first_pair_whole (window) ? "whole" : "partly in view");
  g_assert_true (first_pair_whole (window));
  g_assert_cmpint (output, >=, ARC_SOLVE_VIEW_PAIR_CELL);
  assert_workspace_whole (window);

  focus_window (window);
  press ("ctrl+e");
  wait_for (editing, window, "Edit Task to be on");
  pump (500);
  wait_page_steady (window);
  /* The first train input, in the grid being built's place (before the
   * output of its pair) */
  g_assert_cmpint (edit_target (window).side, ==, ARC_SIDE_INPUT);
  edited = cell_size (arc_solve_view_get_output_view (view));
  g_test_message ("editing: the grid edited %d px a cell, the other of its pair %d, the examples %d; the first pair %s",
                  edited, cell_size (arc_solve_view_get_input_view (view)),
                  arc_task_view_get_cell_size (WIN_CHILD (window, ARC_TASK_VIEW, "task_view")),
                  first_pair_whole (window) ? "whole" : "partly in view");
  g_assert_true (first_pair_whole (window));
  g_assert_cmpint (edited, >=, ARC_SOLVE_VIEW_PAIR_CELL);
  g_assert_true (shown_whole (edit_grid_chooser (window)));
  g_assert_true (shown_whole (arc_solve_view_get_input_view (view)));
  g_assert_true (shown_whole (arc_solve_view_get_output_view (view)));
  g_assert_true (shown_whole (button (window, "editor.save", NULL)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* At 800×600 an ARC-AGI-2 task of 30×30 grids: the page is compact (the
 * task's heading beside the examples, the workspace's title and verdict on
 * its grids' labels, narrow margins), so that the first train pair is
 * whole in view above a workspace whose output grid keeps 10 px a cell,
 * with the test input, Submit and every tool on screen. (The examples
 * had a strip of about 70 px, cut through the first pair.) */
static void
test_thirty_in_small_window (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-layout-XXXXXX", NULL);
  g_autofree char *path = write_task (dir, "thirty.json", 3, 30);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  ArcWindow *window;
  ArcSolveView *view;
  GtkWidget *title, *verdict;
  int output, input, examples;

  if (!can_send_input ())
    return;
  g_settings_reset (settings, "show-notes");
  g_settings_reset (settings, "show-task-list");
  window = open_window (path, 800, 600);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  wait_page_steady (window);
  output = cell_size (arc_solve_view_get_output_view (view));
  input = cell_size (arc_solve_view_get_input_view (view));
  examples = arc_task_view_get_cell_size (WIN_CHILD (window, ARC_TASK_VIEW, "task_view"));
  g_test_message ("30×30 at 800×600: the output grid %d px a cell, the test input %d, the examples %d; the first pair %s",
                  output, input, examples, first_pair_whole (window) ? "whole" : "partly in view");
  g_assert_true (first_pair_whole (window));
  g_assert_cmpint (output, >=, ARC_SOLVE_VIEW_PAIR_CELL);
  g_assert_cmpint (examples, >=, 4);
  assert_workspace_whole (window);
  /* Nothing is gone: the task's id, which test input, the trials left */
  g_assert_true (shown_whole (window_child (window, "task_title")));
  g_assert_true (shown_whole (window_child (window, "task_summary")));
  /* In the column beside the examples, a part a line: no line ends with a lone "·" */
  g_assert_cmpstr (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "task_summary")), ==,
                   "3\u00a0train\u00a0pairs\n1\u00a0test\u00a0input");
  title = find_buildable (GTK_WIDGET (view), "title");
  verdict = find_buildable (GTK_WIDGET (view), "verdict");
  g_assert_true (shown_whole (title));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (title)), ==, "Test input 1 of 1");
  g_assert_true (gtk_widget_get_mapped (verdict));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (verdict)), ==, "2 trials left");
  /* Submitting says how it stands where it was said */
  focus_window (window);
  click (button (window, "solve.submit", NULL));
  pump (300);
  /* (its few words on the line, the whole in its tooltip) */
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (verdict)), ==, "Wrong. 1 trial left.");
  g_assert_true (g_str_has_prefix (gtk_widget_get_tooltip_text (verdict), "Wrong. 1 trial left. "));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (verdict), "cells are wrong (crossed out)"));
  /* The last trial (another grid: a cell painted): its few words too */
  click_at (arc_solve_view_get_output_view (view), 4, 4);
  click (button (window, "solve.submit", NULL));
  pump (300);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (verdict)), ==, "Wrong. No trials left.");
  g_assert_true (g_str_has_prefix (gtk_widget_get_tooltip_text (verdict), "Wrong. No trials left: this test input is failed."));
  g_assert_true (first_pair_whole (window));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Edit Task (Ctrl+E) on the same task at 800×600: its bar goes beside the
 * examples (it cost the page a line of 47 px), so that the first train
 * pair is still whole in view, the grid edited keeps 10 px a cell, and
 * every control of the bar, the list of grids, the palette and the tools
 * are on screen; the hint is there, whole (over the grid it was cut to
 * "Every chan…") */
static void
test_thirty_edit_in_small_window (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-layout-XXXXXX", NULL);
  g_autofree char *path = write_task (dir, "thirty.json", 3, 30);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  ArcWindow *window;
  ArcSolveView *view;
  GtkWidget *verdict, *hint;
  int edited;

  if (!can_send_input ())
    return;
  g_settings_reset (settings, "show-notes");
  g_settings_reset (settings, "show-task-list");
  window = open_window (path, 800, 600);
  view = WIN_CHILD (window, ARC_SOLVE_VIEW, "solve_view");
  wait_page_steady (window);
  focus_window (window);
  press ("ctrl+e");
  wait_for (editing, window, "Edit Task to be on");
  pump (500);
  wait_page_steady (window);
  edited = cell_size (arc_solve_view_get_output_view (view));
  g_test_message ("30×30 at 800×600, editing: the grid edited %d px a cell, the other of its pair %d, the examples %d; "
                  "the first pair %s",
                  edited, cell_size (arc_solve_view_get_input_view (view)),
                  arc_task_view_get_cell_size (WIN_CHILD (window, ARC_TASK_VIEW, "task_view")),
                  first_pair_whole (window) ? "whole" : "partly in view");
  g_assert_true (first_pair_whole (window));
  g_assert_cmpint (edited, >=, ARC_SOLVE_VIEW_PAIR_CELL);
  assert_edit_controls_whole (window, "30×30 at 800×600");
  g_assert_true (shown_whole (arc_solve_view_get_input_view (view)));
  g_assert_true (shown_whole (arc_solve_view_get_output_view (view)));
  /* The hint, all of it, in the bar: not a word of it cut over the grid */
  hint = find_buildable (edit_bar (window), "hint");
  g_assert_true (shown_whole (hint));
  assert_label_whole (hint);
  {
    int needed;

    gtk_widget_measure (hint, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (hint), &needed, NULL, NULL, NULL);
    g_assert_cmpint (gtk_widget_get_height (hint), >=, needed);
  }
  verdict = find_buildable (GTK_WIDGET (view), "verdict");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (verdict)), ==, "");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Tab goes round the window without stopping at the file's name under
 * the examples (its focus selected the name and scrolled the examples to
 * their end); the name can still be selected with the pointer */
static void
test_tab_skips_file_name (void)
{
  g_autofree char *dir = g_dir_make_tmp ("arc-layout-XXXXXX", NULL);
  g_autofree char *path = write_task (dir, "ten.json", 4, 10);
  ArcWindow *window;
  GtkWidget *file, *title;
  GtkAdjustment *scroll;
  gboolean back_at_title = FALSE;

  if (!can_send_input ())
    return;
  window = open_window (path, 1280, 800);
  file = window_child (window, "task_file");
  title = window_child (window, "task_title");
  scroll = gtk_scrolled_window_get_vadjustment (WIN_CHILD (window, GTK_SCROLLED_WINDOW, "task_scroller"));
  g_assert_true (gtk_widget_get_mapped (file));
  g_assert_true (gtk_label_get_selectable (GTK_LABEL (file)));
  focus_window (window);
  g_assert_true (gtk_widget_grab_focus (title));
  for (int i = 0; i < 80 && !back_at_title; i++)
    {
      press ("Tab");
      pump (30);
      g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) != file);
      g_assert_cmpfloat (gtk_adjustment_get_value (scroll), ==, 0);
      back_at_title = gtk_root_get_focus (GTK_ROOT (window)) == title;
    }
  g_assert_true (back_at_title);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("arc-data-XXXXXX", NULL);

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  {
    /* The verdicts' lines are measured at their longest: with the count of
     * wrong cells that Preferences' Mark Wrong Cells adds (off by default) */
    g_autoptr(GSettings) settings = g_settings_new (APP_ID);

    g_settings_set_boolean (settings, "show-diff", TRUE);
  }
  {
    /* The application's style sheet, as AdwApplication loads it */
    g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

    gtk_css_provider_load_from_resource (css, RESOURCE_PREFIX "/style.css");
    gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                                GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  }

  g_test_add_func ("/arc/window-layout/typical-task-fits", test_typical_task_fits);
  g_test_add_func ("/arc/window-layout/small-window", test_small_window);
  g_test_add_func ("/arc/window-layout/large-task-scrolls-alone", test_large_task_scrolls_alone);
  g_test_add_func ("/arc/window-layout/wide-grids-no-gap", test_wide_grids_no_gap);
  g_test_add_func ("/arc/window-layout/verdict-moves-nothing", test_verdict_moves_nothing);
  g_test_add_func ("/arc/window-layout/resize-keeps-tools-place", test_resize_keeps_tools_place);
  g_test_add_func ("/arc/window-layout/size-error-lets-clicks-through", test_size_error_lets_clicks_through);
  g_test_add_func ("/arc/window-layout/resize-keeps-page", test_resize_keeps_page);
  g_test_add_func ("/arc/window-layout/fit-after-zoom", test_fit_after_zoom);
  g_test_add_func ("/arc/window-layout/click-where-divider-was", test_click_where_divider_was);
  g_test_add_func ("/arc/window-layout/palette-everywhere", test_palette_everywhere);
  g_test_add_func ("/arc/window-layout/zoom", test_zoom);
  g_test_add_func ("/arc/window-layout/zoom-keeps-place", test_zoom_keeps_place);
  g_test_add_func ("/arc/window-layout/divider-stays", test_divider_stays);
  g_test_add_func ("/arc/window-layout/edit-task-fits", test_edit_task_fits);
  g_test_add_func ("/arc/window-layout/edit-task-steady", test_edit_task_steady);
  g_test_add_func ("/arc/window-layout/task-list-put-away", test_task_list_put_away);
  g_test_add_func ("/arc/window-layout/tab-skips-file-name", test_tab_skips_file_name);
  g_test_add_func ("/arc/window-layout/large-task-room", test_large_task_room);
  g_test_add_func ("/arc/window-layout/search-keeps-list", test_search_keeps_list);
  g_test_add_func ("/arc/window-layout/zoomed-next-task", test_zoomed_next_task);
  g_test_add_func ("/arc/window-layout/pair-in-small-window", test_pair_in_small_window);
  g_test_add_func ("/arc/window-layout/thirty-in-small-window", test_thirty_in_small_window);
  g_test_add_func ("/arc/window-layout/thirty-edit-in-small-window", test_thirty_edit_in_small_window);

  return g_test_run ();
}

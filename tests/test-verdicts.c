/* test-verdicts.c: every verdict is shown whole, in English and in German,
 * at 800×600, 1280×800 and 1366×768 on 30×30 tasks: the workspace's after
 * a submission by key, the review's on the task shown by a click in the
 * list, the build window's after a click on Submit
 *
 * The input is real: key presses and clicks sent to the X server (Xvfb)
 * with xdotool. Runs under Xvfb and a session bus.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "arc-build-window.h"
#include "arc-grid-view.h"
#include "arc-solve-view-private.h"
#include "arc-task-row.h"
#include "gui-input.h"
#include "gui-test-util.h"

static const struct { int width, height; } sizes[] = {
  { 800, 600 }, { 1280, 800 }, { 1366, 768 },
};

static const char * const languages[] = { "C", "de" };

/* A 30×30 grid as JSON: yellow cells on black where @every divides, all
 * black for 0 */
static void
append_grid (GString *out,
             int      every)
{
  g_string_append_c (out, '[');
  for (int r = 0; r < 30; r++)
    {
      g_string_append (out, r ? ", [" : "[");
      for (int c = 0; c < 30; c++)
        g_string_append_printf (out, c ? ", %d" : "%d", every && (r * 7 + c * 3) % every == 0 ? 4 : 0);
      g_string_append_c (out, ']');
    }
  g_string_append_c (out, ']');
}

/* @id.json in @dir: a 30×30 task whose test outputs have yellow cells
 * where @every divides (0: none, so that the empty grid is right), and a
 * second test input with @two */
static void
write_task (const char *dir,
            const char *id,
            int         every,
            gboolean    two)
{
  g_autofree char *name = g_strconcat (id, ".json", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GString) json = g_string_new ("{\"train\": [{\"input\": ");

  append_grid (json, 10);
  g_string_append (json, ", \"output\": ");
  append_grid (json, 10);
  g_string_append (json, "}], \"test\": [");
  for (int t = 0; t < (two ? 2 : 1); t++)
    {
      g_string_append (json, t ? ", {\"input\": " : "{\"input\": ");
      append_grid (json, 10);
      g_string_append (json, ", \"output\": ");
      append_grid (json, every);
      g_string_append (json, "}");
    }
  g_string_append (json, "]}");
  g_assert_true (g_file_set_contents (path, json->str, -1, NULL));
}

/* Whether @widget's bounds lie inside those of each of its ancestors that
 * clip it, up to its window */
static gboolean
inside_ancestors (GtkWidget *widget,
                  char     **why)
{
  gboolean scrolled = FALSE;

  for (GtkWidget *a = gtk_widget_get_parent (widget); a; a = gtk_widget_get_parent (a))
    {
      graphene_rect_t b;

      /* (a page scrolls up and down to what is out of sight: from there
       * on, only the sides count) */
      scrolled = scrolled || GTK_IS_VIEWPORT (a);
      if (!GTK_IS_NATIVE (a) && gtk_widget_get_overflow (a) != GTK_OVERFLOW_HIDDEN)
        continue;
      g_assert_true (gtk_widget_compute_bounds (widget, a, &b));
      if (b.origin.x < -0.5 || b.origin.x + b.size.width > gtk_widget_get_width (a) + 0.5 ||
          (!scrolled && (b.origin.y < -0.5 || b.origin.y + b.size.height > gtk_widget_get_height (a) + 0.5)))
        {
          *why = g_strdup_printf ("at %g,%g %gx%g, outside its %s of %dx%d", b.origin.x, b.origin.y, b.size.width,
                                  b.size.height, G_OBJECT_TYPE_NAME (a), gtk_widget_get_width (a),
                                  gtk_widget_get_height (a));
          return FALSE;
        }
    }
  return TRUE;
}

/* @label, shown, says all it says: its layout is not ellipsized, its
 * allocation holds what its text needs at its width, and nothing around
 * it cuts it off */
static void
assert_shown_whole (GtkWidget  *label,
                    const char *what)
{
  PangoLayout *layout;
  int width, height, min_width, needed;
  g_autofree char *why = NULL;

  g_assert_true (GTK_IS_LABEL (label));
  g_assert_true (gtk_widget_get_mapped (label));
  layout = gtk_label_get_layout (GTK_LABEL (label));
  /* (with its margins, as it is measured) */
  width = gtk_widget_get_width (label) + gtk_widget_get_margin_start (label) + gtk_widget_get_margin_end (label);
  height = gtk_widget_get_height (label) + gtk_widget_get_margin_top (label) + gtk_widget_get_margin_bottom (label);
  gtk_widget_measure (label, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, MAX (width, min_width), NULL, &needed, NULL, NULL);
  g_test_message ("%s: “%s”, %dx%d, needs %d wide and %d high", what, gtk_label_get_text (GTK_LABEL (label)),
                  width, height, min_width, needed);
  if (pango_layout_is_ellipsized (layout))
    g_error ("%s: “%s” is cut short", what, gtk_label_get_text (GTK_LABEL (label)));
  if (width < min_width || height < needed)
    g_error ("%s: “%s” is %dx%d, and needs %dx%d", what, gtk_label_get_text (GTK_LABEL (label)), width, height,
             min_width, needed);
  if (!inside_ancestors (label, &why))
    g_error ("%s: “%s” is %s", what, gtk_label_get_text (GTK_LABEL (label)), why);
}

/* The workspace's verdict: as long as the label is laid out anew, the
 * line it shows */
static GtkWidget *
verdict_label (ArcSolveView *view)
{
  return view->verdict;
}

static void
settle (ArcWindow *window)
{
  pump (150);
  settle_workspace (window);
}

/* The grids side by side level with each other, however many lines the
 * verdict on the output's row takes */
static void
assert_grids_level (ArcSolveView *view)
{
  graphene_rect_t in, out;

  g_assert_true (gtk_widget_compute_bounds (arc_solve_view_get_input_view (view), GTK_WIDGET (view), &in));
  g_assert_true (gtk_widget_compute_bounds (arc_solve_view_get_output_view (view), GTK_WIDGET (view), &out));
  if (out.origin.x >= in.origin.x + in.size.width)  /* (beside, not above) */
    g_assert_cmpfloat (in.origin.y, ==, out.origin.y);
}

/* The verdict shown whole after a submission by key */
static void
submit_and_check (ArcWindow    *window,
                  ArcSolveView *view,
                  const char   *what)
{
  press ("ctrl+Return");
  settle (window);
  assert_shown_whole (verdict_label (view), what);
  assert_grids_level (view);
}

/* The workspace's verdicts after submissions by key: wrong (trials left),
 * the same grid again, wrong with none left, right, and right again
 * (practice) */
static void
test_workspace (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-verdicts-XXXXXX", NULL);

  if (!can_send_input ())
    return;
  for (guint l = 0; l < G_N_ELEMENTS (languages); l++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      {
        g_autofree char *dir = g_strdup_printf ("%s/%s-%d", tmp, languages[l], sizes[s].width);
        g_autofree char *what = g_strdup_printf ("%s at %dx%d", languages[l], sizes[s].width, sizes[s].height);
        ArcWindow *window;
        ArcSolveView *view;
        GtkWidget *output;
        double x, y;

        use_language (languages[l]);
        g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
        write_task (dir, "right", 0, FALSE);
        write_task (dir, "wrong", 5, TRUE);
        window = open_in_window (dir, sizes[s].width, sizes[s].height);
        view = ARC_SOLVE_VIEW (window_child (window, "solve_view"));
        output = arc_solve_view_get_output_view (view);
        g_assert_true (arc_window_select_task (window, "wrong"));
        settle (window);
        assert_shown_whole (verdict_label (view), what);
        assert_grids_level (view);
        focus_window (window);
        submit_and_check (window, view, what);   /* wrong, a trial left */
        submit_and_check (window, view, what);   /* the same grid */
        press ("4");
        g_assert_true (arc_grid_view_cell_centre (ARC_GRID_VIEW (output), 0, 0, &x, &y));
        click_at (output, x, y);
        submit_and_check (window, view, what);   /* wrong, none left */
        g_assert_true (arc_window_select_task (window, "right"));
        settle (window);
        assert_grids_level (view);
        focus_window (window);
        submit_and_check (window, view, what);   /* right: solved */
        submit_and_check (window, view, what);   /* practice */
        gtk_window_destroy (GTK_WINDOW (window));
        pump (100);
      }
  use_language ("C");
  remove_tree (tmp);
}

/* Where the grids are in @view (input, output) */
static void
grids_at (ArcSolveView    *view,
          graphene_rect_t  at[2])
{
  g_assert_true (gtk_widget_compute_bounds (arc_solve_view_get_input_view (view), GTK_WIDGET (view), &at[0]));
  g_assert_true (gtk_widget_compute_bounds (arc_solve_view_get_output_view (view), GTK_WIDGET (view), &at[1]));
}

static gboolean
output_is_3x3 (gpointer view)
{
  const ArcGrid *output = arc_solve_get_output (arc_solve_view_get_solve (view));

  return arc_grid_get_height (output) == 3 && arc_grid_get_width (output) == 3;
}

/* A 30×30 task answered at 3×3 until no trial is left, then practice: the
 * verdicts are whole, and the grids stay where they were (the verdict's
 * row kept the room of the longest; a wrong size named in a compact
 * workspace's few words took a third line in German at 800×600) */
static void
test_wrong_sizes (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-verdict-sizes-XXXXXX", NULL);

  if (!can_send_input ())
    return;
  for (guint l = 0; l < G_N_ELEMENTS (languages); l++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      {
        g_autofree char *dir = g_strdup_printf ("%s/%s-%d", tmp, languages[l], sizes[s].width);
        g_autofree char *what = g_strdup_printf ("%s at %dx%d, 3×3", languages[l], sizes[s].width, sizes[s].height);
        graphene_rect_t before[2], after[2];
        ArcWindow *window;
        ArcSolveView *view;
        GtkWidget *entry;

        use_language (languages[l]);
        g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
        write_task (dir, "sized", 5, FALSE);
        window = open_in_window (dir, sizes[s].width, sizes[s].height);
        view = ARC_SOLVE_VIEW (window_child (window, "solve_view"));
        g_assert_true (arc_window_select_task (window, "sized"));
        settle (window);
        focus_window (window);
        entry = find_widget_of_type (GTK_WIDGET (view), GTK_TYPE_ENTRY);
        click (entry);
        press ("ctrl+a");
        xdotool ("type", "--delay", "20", "3x3", NULL);
        press ("Return");
        wait_for (output_is_3x3, view, "the output at 3×3");
        settle (window);
        grids_at (view, before);
        for (int i = 0; i < 4; i++)
          {
            if (i == 1 || i == 3)
              {
                /* (another grid each time: the same one again spends no trial) */
                press (i == 1 ? "4" : "2");
                click_at (arc_solve_view_get_output_view (view), 10, 10);
                settle (window);
              }
            submit_and_check (window, view, what);
            grids_at (view, after);
            for (int g = 0; g < 2; g++)
              if (ABS (after[g].origin.x - before[g].origin.x) > 2 || ABS (after[g].origin.y - before[g].origin.y) > 2 ||
                  ABS (after[g].size.width - before[g].size.width) > 2 ||
                  ABS (after[g].size.height - before[g].size.height) > 2)
                g_error ("%s, “%s”: the %s grid moved from %g,%g %gx%g to %g,%g %gx%g", what,
                         gtk_label_get_text (GTK_LABEL (verdict_label (view))), g ? "output" : "input",
                         before[g].origin.x, before[g].origin.y, before[g].size.width, before[g].size.height,
                         after[g].origin.x, after[g].origin.y, after[g].size.width, after[g].size.height);
          }
        gtk_window_destroy (GTK_WINDOW (window));
        pump (100);
      }
  use_language ("C");
  remove_tree (tmp);
}

/* Every label shown under @widget is shown whole (not those of a tooltip
 * or a popover over it) */
static void
assert_labels_whole (GtkWidget  *widget,
                     const char *what)
{
  if (!gtk_widget_get_mapped (widget) || (GTK_IS_NATIVE (widget) && !GTK_IS_WINDOW (widget)))
    return;
  if (GTK_IS_LABEL (widget) && *gtk_label_get_text (GTK_LABEL (widget)))
    assert_shown_whole (widget, what);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    assert_labels_whole (child, what);
}

/* A submission's two attempts at a test input: the first the grid of
 * append_grid() for @every, the second one no test output has */
static void
append_attempts (GString *out,
                 int      every)
{
  g_string_append (out, "{\"attempt_1\": ");
  append_grid (out, every);
  g_string_append (out, ", \"attempt_2\": ");
  append_grid (out, 3);
  g_string_append (out, "}");
}

/* @id.json in @dir, a task of two test inputs: the second's output is all
 * black, the first's is not */
static void
write_two_tests (const char *dir,
                 const char *id)
{
  g_autofree char *name = g_strconcat (id, ".json", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GString) json = g_string_new ("{\"train\": [{\"input\": ");

  append_grid (json, 10);
  g_string_append (json, ", \"output\": ");
  append_grid (json, 10);
  g_string_append (json, "}], \"test\": [{\"input\": ");
  append_grid (json, 10);
  g_string_append (json, ", \"output\": ");
  append_grid (json, 7);
  g_string_append (json, "}, {\"input\": ");
  append_grid (json, 10);
  g_string_append (json, ", \"output\": ");
  append_grid (json, 0);
  g_string_append (json, "}]}");
  g_assert_true (g_file_set_contents (path, json->str, -1, NULL));
}

/* The review's verdicts on each task (right; one of two test outputs;
 * missing), shown by Alt+Right from one task to the next: the line above
 * the examples and the review panel under them */
static void
test_review (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-verdicts-XXXXXX", NULL);
  g_autofree char *submission = g_build_filename (tmp, "submission.json", NULL);
  g_autoptr(GString) json = g_string_new ("{\"a_right\": [");
  g_autoptr(GFile) file = g_file_new_for_path (submission);

  if (!can_send_input ())
    return;
  append_attempts (json, 0);
  g_string_append (json, "], \"b_two\": [");
  append_attempts (json, 5);
  g_string_append (json, ", ");
  append_attempts (json, 0);
  g_string_append (json, "]}");
  g_assert_true (g_file_set_contents (submission, json->str, -1, NULL));
  for (guint l = 0; l < G_N_ELEMENTS (languages); l++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      {
        g_autofree char *dir = g_strdup_printf ("%s/%s-%d", tmp, languages[l], sizes[s].width);
        g_autofree char *what = g_strdup_printf ("the review, %s at %dx%d", languages[l], sizes[s].width,
                                                 sizes[s].height);
        g_autoptr(GError) error = NULL;
        ArcWindow *window;

        use_language (languages[l]);
        g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
        write_task (dir, "a_right", 0, FALSE);
        write_two_tests (dir, "b_two");
        write_task (dir, "c_missing", 5, FALSE);
        window = open_in_window (dir, sizes[s].width, sizes[s].height);
        g_assert_true (arc_window_review_submission (window, file, &error));
        g_assert_no_error (error);
        g_assert_true (arc_window_select_task (window, "a_right"));
        settle (window);
        focus_window (window);
        /* (with the notes pane shown, then the task list too) */
        for (guint t = 0; t < 9; t++)
          {
            if (t == 3)
              press ("F9");
            if (t == 6)
              press ("ctrl+shift+l");
            if (t % 3 > 0)
              press ("alt+Right");
            else if (t > 0)
              g_assert_true (arc_window_select_task (window, "a_right"));
            settle (window);
            assert_shown_whole (window_child (window, "review_line"), what);
            assert_labels_whole (window_child (window, "review_panel"), what);
          }
        gtk_window_destroy (GTK_WINDOW (window));
        pump (100);
      }
  use_language ("C");
  remove_tree (tmp);
}

/* Grace's description of @id in @dir, to build from */
static void
write_description (const char *dir,
                   const char *id)
{
  g_autofree char *name = g_strconcat (id, ".arcnotes", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcNotes) notes = arc_notes_new (file);
  ArcAnnotation *a = arc_notes_ensure (notes, id, "Grace");

  g_free (a->input_text);
  a->input_text = g_strdup ("In the input, you should see yellow cells on black.");
  g_free (a->size_text);
  a->size_text = g_strdup ("The output grid size is the same.");
  g_free (a->transform_text);
  a->transform_text = g_strdup ("To make the output, you have to paint it all black.");
  g_assert_true (arc_notes_save (notes, FALSE, NULL));
}

static GtkWidget *
build_window (void)
{
  return find_mapped_toplevel (ARC_TYPE_BUILD_WINDOW);
}

static gboolean
build_window_shown (gpointer data)
{
  return build_window () != NULL;
}

static gboolean
is_shown_button (GtkWidget     *widget,
                 gconstpointer  action)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_is_drawable (widget) &&
         g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

/* The button shown under @widget for @action */
static GtkWidget *
action_button (GtkWidget  *widget,
               const char *action)
{
  GtkWidget *button = find_widget_matching (widget, is_shown_button, action);

  g_assert_nonnull (button);
  return button;
}

/* Build from Description: its verdicts after clicks on Submit, wrong
 * (trials left), then right */
static void
test_build_window (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-verdicts-XXXXXX", NULL);

  if (!can_send_input ())
    return;
  for (guint l = 0; l < G_N_ELEMENTS (languages); l++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      {
        g_autofree char *dir = g_strdup_printf ("%s/%s-%d", tmp, languages[l], sizes[s].width);
        g_autofree char *what = g_strdup_printf ("the build, %s at %dx%d", languages[l], sizes[s].width,
                                                 sizes[s].height);
        ArcWindow *window;
        GtkWidget *build;
        ArcSolveView *view;

        use_language (languages[l]);
        g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
        write_task (dir, "black", 0, FALSE);
        write_description (dir, "black");
        window = open_in_window (dir, sizes[s].width, sizes[s].height);
        focus_window (window);
        if (!notes_revealed (window))
          press ("F9");
        pump (300);
        click (action_button (window_child (window, "notes_pane"), "win.build-from-description"));
        wait_for (build_window_shown, NULL, "the build window");
        build = build_window ();
        view = arc_build_window_get_solve_view (ARC_BUILD_WINDOW (build));
        pump (300);
        focus_window (build);
        /* Wrong: a yellow cell */
        press ("4");
        {
          GtkWidget *output = arc_solve_view_get_output_view (view);
          double x, y;

          g_assert_true (arc_grid_view_cell_centre (ARC_GRID_VIEW (output), 0, 0, &x, &y));
          click_at (output, x, y);
        }
        click (action_button (GTK_WIDGET (view), "solve.submit"));
        pump (300);
        assert_labels_whole (build, what);
        press ("ctrl+z");
        click (action_button (GTK_WIDGET (view), "solve.submit"));
        pump (300);
        g_assert_true (arc_solve_is_solved (arc_solve_view_get_solve (view)));
        assert_shown_whole (verdict_label (view), what);
        assert_labels_whole (build, what);
        gtk_window_destroy (GTK_WINDOW (build));
        gtk_window_destroy (GTK_WINDOW (window));
        pump (100);
      }
  use_language ("C");
  remove_tree (tmp);
}

/* The shown badge of the row of @id whose tooltip is @tooltip, or NULL */
typedef struct
{
  const char *id;
  const char *tooltip;
} BadgeQuery;

static gboolean
is_badge (GtkWidget     *widget,
          gconstpointer  data)
{
  const BadgeQuery *q = data;
  GtkWidget *row = gtk_widget_get_ancestor (widget, ARC_TYPE_TASK_ROW);

  return GTK_IS_IMAGE (widget) && gtk_widget_is_drawable (widget) && row &&
         g_strcmp0 (arc_entry_get_id (arc_task_row_get_entry (ARC_TASK_ROW (row))), q->id) == 0 &&
         g_strcmp0 (gtk_widget_get_tooltip_text (widget), q->tooltip) == 0;
}

static GtkWidget *
find_badge (ArcWindow  *window,
            const char *id,
            const char *tooltip)
{
  BadgeQuery q = { id, tooltip };

  return find_widget_matching (window_child (window, "task_list"), is_badge, &q);
}

/* How many of the pixels of @a and @b (of one size) differ in coverage */
static guint
n_shape_differences (GtkWidget *a,
                     GtkWidget *b)
{
  int wa, ha, wb, hb;
  g_autofree guchar *pa = widget_pixels (a, &wa, &ha);
  g_autofree guchar *pb = widget_pixels (b, &wb, &hb);
  guint n = 0;

  g_assert_cmpint (wa, ==, wb);
  g_assert_cmpint (ha, ==, hb);
  for (int i = 0; i < wa * ha; i++)
    n += ABS ((int) pa[i * 4 + 3] - (int) pb[i * 4 + 3]) > 96;
  return n;
}

static gboolean
has_icon (GtkWidget     *widget,
          gconstpointer  icon)
{
  return GTK_IS_IMAGE (widget) && gtk_widget_is_drawable (widget) &&
         g_strcmp0 (gtk_image_get_icon_name (GTK_IMAGE (widget)), icon) == 0;
}

/* Whether a label shown under @widget has a tick in it */
static gboolean
says_tick (GtkWidget     *widget,
           gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_is_drawable (widget) &&
         strstr (gtk_label_get_text (GTK_LABEL (widget)), "✓") != NULL;
}

static gboolean
row_shown (gpointer data)
{
  return find_badge (data, "b_wrong", "Wrong in the reviewed submission") != NULL &&
         find_badge (data, "a_right", "Solved") != NULL;
}

/* The review's marks are not the user's: beside the tick of a task solved
 * by a submission by key, the reviewed submission's right is a sheet with
 * a tick, told as the submission's; in the review panel too, with no tick
 * of the user's */
static void
test_review_marks (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("arc-verdicts-XXXXXX", NULL);
  g_autofree char *dir = g_build_filename (tmp, "tasks", NULL);
  g_autofree char *submission = g_build_filename (tmp, "submission.json", NULL);
  g_autoptr(GString) json = g_string_new ("{\"a_right\": [");
  g_autoptr(GFile) file = g_file_new_for_path (submission);
  g_autoptr(GError) error = NULL;
  GtkWidget *solved, *right, *wrong, *panel, *mark;
  ArcWindow *window;

  if (!can_send_input ())
    return;
  use_language ("C");
  append_attempts (json, 0);
  g_string_append (json, "], \"b_wrong\": [");
  append_attempts (json, 7);
  g_string_append (json, "]}");
  g_assert_true (g_file_set_contents (submission, json->str, -1, NULL));
  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  write_task (dir, "a_right", 0, FALSE);
  write_task (dir, "b_wrong", 5, FALSE);
  window = open_in_window (dir, 1280, 800);
  g_assert_true (arc_window_select_task (window, "a_right"));
  settle (window);
  focus_window (window);
  press ("ctrl+Return");  /* solved, by the user */
  g_assert_true (arc_solve_is_solved (arc_solve_view_get_solve (ARC_SOLVE_VIEW (window_child (window, "solve_view")))));
  g_assert_true (arc_window_review_submission (window, file, &error));
  g_assert_no_error (error);
  press ("ctrl+shift+l");
  wait_for (row_shown, window, "the review's marks in the list");

  /* Side by side in the row: the user's tick, the submission's sheet */
  solved = find_badge (window, "a_right", "Solved");
  right = find_badge (window, "a_right", "Right in the reviewed submission");
  wrong = find_badge (window, "b_wrong", "Wrong in the reviewed submission");
  g_assert_nonnull (solved);
  g_assert_nonnull (right);
  g_assert_cmpstr (gtk_image_get_icon_name (GTK_IMAGE (right)), ==, ARC_REVIEW_RIGHT_ICON);
  g_assert_cmpstr (gtk_image_get_icon_name (GTK_IMAGE (wrong)), ==, ARC_REVIEW_WRONG_ICON);
  g_assert_true (gtk_icon_theme_has_icon (gtk_icon_theme_get_for_display (gdk_display_get_default ()),
                                          ARC_REVIEW_RIGHT_ICON));
  g_assert_cmpstr (gtk_image_get_icon_name (GTK_IMAGE (solved)), !=, gtk_image_get_icon_name (GTK_IMAGE (right)));
  g_test_message ("the two ticks differ in %u pixels", n_shape_differences (solved, right));
  g_assert_cmpuint (n_shape_differences (solved, right), >=, 20);
  /* and to a screen reader */
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (solved), GTK_ACCESSIBLE_PROPERTY_LABEL, "Solved");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (right), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Right in the reviewed submission");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (wrong), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Wrong in the reviewed submission");

  /* The review panel and the line above the examples: the submission's,
   * said so, and marked with its sheet, with no tick (the workspace says
   * "Solved ✓", the user's) */
  panel = window_child (window, "review_panel");
  g_assert_true (g_str_has_prefix (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "review_line")),
                                   "The submission is right: every test output matched (1 of 1)."));
  g_assert_true (find_label (panel, "Right"));
  g_assert_null (find_widget_matching (panel, says_tick, NULL));
  mark = find_widget_matching (panel, has_icon, ARC_REVIEW_RIGHT_ICON);
  g_assert_nonnull (mark);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (mark), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Right in the reviewed submission");
  g_assert_nonnull (find_widget_matching (panel, has_icon, ARC_REVIEW_WRONG_ICON));  /* attempt 2 */

  /* The wrong one, shown by a click on its row */
  click (gtk_widget_get_ancestor (wrong, ARC_TYPE_TASK_ROW));
  settle (window);
  g_assert_cmpstr (arc_entry_get_id (selected_entry (window)), ==, "b_wrong");
  g_assert_true (g_str_has_prefix (gtk_label_get_text (WIN_CHILD (window, GTK_LABEL, "review_line")),
                                   "The submission is wrong: 0 of 1 test output matched."));
  g_assert_null (find_widget_matching (panel, has_icon, ARC_REVIEW_RIGHT_ICON));
  mark = find_widget_matching (panel, has_icon, ARC_REVIEW_WRONG_ICON);
  g_assert_nonnull (mark);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (mark), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Wrong in the reviewed submission");
  gtk_window_destroy (GTK_WINDOW (window));
  remove_tree (tmp);
}

int
main (int argc, char **argv)
{
  g_autoptr(GtkCssProvider) css = NULL;

  messages_follow_language (GETTEXT_PACKAGE);
  textdomain (GETTEXT_PACKAGE);
  /* (GLib decides once, at its first translation, whether to translate at
   * all: "no" when the messages are in C.UTF-8 and the catalogue has no
   * header for them) */
  use_language ("de");
  g_assert_cmpstr (g_dngettext (GETTEXT_PACKAGE, "%u task", "%u tasks", 3), ==, "%u Aufgaben");

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  /* The application's style, which makes a compact workspace's buttons
   * lower than its verdict of two lines, */
  css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (css, RESOURCE_PREFIX "/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  /* and its icons, as its resource base path gives them */
  gtk_icon_theme_add_resource_path (gtk_icon_theme_get_for_display (gdk_display_get_default ()),
                                    RESOURCE_PREFIX "/icons");
  g_test_add_func ("/arc/verdicts/workspace", test_workspace);
  g_test_add_func ("/arc/verdicts/wrong-sizes", test_wrong_sizes);
  g_test_add_func ("/arc/verdicts/review", test_review);
  g_test_add_func ("/arc/verdicts/build-window", test_build_window);
  g_test_add_func ("/arc/verdicts/review-marks", test_review_marks);
  return g_test_run ();
}

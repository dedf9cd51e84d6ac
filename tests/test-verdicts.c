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
#include <locale.h>

#include "arc-build-window.h"
#include "arc-grid-view.h"
#include "arc-solve-view-private.h"
#include "gui-input.h"
#include "gui-test-util.h"

static const struct { int width, height; } sizes[] = {
  { 800, 600 }, { 1280, 800 }, { 1366, 768 },
};

static const char * const languages[] = { "C", "de" };

static void
use_language (const char *language)
{
  g_setenv ("LANGUAGE", language, TRUE);
  setlocale (LC_ALL, "");  /* makes gettext read LANGUAGE again */
}

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

/* The verdict shown whole after a submission by key; the grids side by
 * side level with each other however many lines it takes */
static void
submit_and_check (ArcWindow    *window,
                  ArcSolveView *view,
                  const char   *what)
{
  GtkWidget *input = arc_solve_view_get_input_view (view);
  GtkWidget *output = arc_solve_view_get_output_view (view);

  press ("ctrl+Return");
  settle (window);
  assert_shown_whole (verdict_label (view), what);
  {
    graphene_rect_t in, out;

    g_assert_true (gtk_widget_compute_bounds (input, GTK_WIDGET (view), &in));
    g_assert_true (gtk_widget_compute_bounds (output, GTK_WIDGET (view), &out));
    if (out.origin.x >= in.origin.x + in.size.width)  /* (beside, not above) */
      g_assert_cmpfloat (in.origin.y, ==, out.origin.y);
  }
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
        focus_window (window);
        submit_and_check (window, view, what);   /* wrong, a trial left */
        submit_and_check (window, view, what);   /* the same grid */
        press ("4");
        g_assert_true (arc_grid_view_cell_centre (ARC_GRID_VIEW (output), 0, 0, &x, &y));
        click_at (output, x, y);
        submit_and_check (window, view, what);   /* wrong, none left */
        g_assert_true (arc_window_select_task (window, "right"));
        settle (window);
        focus_window (window);
        submit_and_check (window, view, what);   /* right: solved */
        submit_and_check (window, view, what);   /* practice */
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

/* The attempts of a submission to the tasks of write_review_tasks(): @id's
 * first attempt as @right says, the second always wrong */
static void
append_attempts (GString  *out,
                 gboolean  right)
{
  g_string_append (out, "{\"attempt_1\": ");
  append_grid (out, right ? 0 : 5);
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
  append_attempts (json, TRUE);
  g_string_append (json, "], \"b_two\": [");
  append_attempts (json, FALSE);
  g_string_append (json, ", ");
  append_attempts (json, TRUE);
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

int
main (int argc, char **argv)
{
  g_autoptr(GtkCssProvider) css = NULL;

  g_setenv ("LANG", "C.UTF-8", TRUE);
  g_unsetenv ("LC_ALL");
  g_unsetenv ("LC_MESSAGES");
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("ARC_LOCALE_DIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  /* (GLib decides once, at its first translation, whether to translate at
   * all: "no" when the messages are in C.UTF-8 and the catalogue has no
   * header for them) */
  use_language ("de");
  g_assert_cmpstr (g_dngettext (GETTEXT_PACKAGE, "%u task", "%u tasks", 3), ==, "%u Aufgaben");

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  /* The application's style, which makes a compact workspace's buttons
   * lower than its verdict of two lines */
  css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (css, RESOURCE_PREFIX "/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_test_add_func ("/arc/verdicts/workspace", test_workspace);
  g_test_add_func ("/arc/verdicts/review", test_review);
  g_test_add_func ("/arc/verdicts/build-window", test_build_window);
  return g_test_run ();
}

/* test-layout-steady.c: the page holds still under the solver's hand
 *
 * The page's arrangement (the examples beside or above the workspace, the
 * divider, the tools' place, the panes that fold) is chosen when a task is
 * shown, when the window is resized and when the divider is moved; never
 * by an edit of the output or by zooming. The matrix: 20 tasks of
 * ARC-AGI-2's sizes (outputs larger, smaller and as large as the inputs,
 * 1 to 5 train pairs, 1 or 2 test inputs) in windows of 1280×800,
 * 1366×768 and 800×600, each edited and zoomed with real keys, clicks and
 * wheel turns; after each, the examples, the workspace, Submit and the
 * palette are where they were and the panes fold as they did.
 *
 * Run on a screen of 1400×900 or more (tests/meson.build gives it its
 * own): the tools of a 1366 px window are clicked where they are.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "arc-alert.h"
#include "arc-grid-view.h"
#include "arc-renderer.h"
#include "gui-input.h"
#include "gui-test-util.h"

#define N_TASKS 20
#define SLACK   2      /* px a part may be off where it was */

/* How a task's output follows its input */
typedef enum { SAME, TIMES, FIXED, DIVIDED } Rule;

static const struct
{
  int  rows, cols;   /* the largest input (the test input's) */
  Rule rule;
  int  a, b;         /* TIMES, DIVIDED: by a; FIXED: a × b */
  int  n_train, n_test;
} shapes[N_TASKS] = {
  { 10, 8, FIXED, 20, 20, 5, 1 },    /* as 269e22fb: the output larger, of one size */
  { 30, 30, SAME, 0, 0, 4, 1 },      /* as 981571dc */
  { 3, 3, TIMES, 3, 0, 3, 1 },
  { 30, 30, FIXED, 3, 3, 3, 2 },
  { 12, 12, SAME, 0, 0, 2, 1 },
  { 5, 7, TIMES, 2, 0, 4, 2 },
  { 20, 20, DIVIDED, 4, 0, 1, 1 },
  { 15, 15, SAME, 0, 0, 5, 2 },
  { 4, 4, TIMES, 4, 0, 2, 1 },
  { 25, 25, FIXED, 2, 6, 3, 1 },
  { 7, 30, SAME, 0, 0, 3, 1 },
  { 30, 7, FIXED, 30, 14, 2, 1 },
  { 10, 10, FIXED, 30, 30, 1, 2 },
  { 16, 16, DIVIDED, 2, 0, 4, 1 },
  { 2, 2, TIMES, 3, 0, 3, 1 },
  { 22, 18, SAME, 0, 0, 5, 1 },
  { 6, 6, DIVIDED, 2, 0, 2, 2 },
  { 13, 27, SAME, 0, 0, 3, 1 },
  { 9, 9, TIMES, 3, 0, 2, 1 },
  { 28, 24, FIXED, 4, 4, 1, 1 },
};

static int
clamp_size (int n)
{
  return CLAMP (n, 1, 30);
}

static void
output_size (guint t, int rows, int cols, int *out_rows, int *out_cols)
{
  switch (shapes[t].rule)
    {
    case SAME:
      *out_rows = rows;
      *out_cols = cols;
      break;
    case TIMES:
      *out_rows = clamp_size (rows * shapes[t].a);
      *out_cols = clamp_size (cols * shapes[t].a);
      break;
    case FIXED:
      *out_rows = shapes[t].a;
      *out_cols = shapes[t].b;
      break;
    case DIVIDED:
    default:
      *out_rows = clamp_size (rows / shapes[t].a);
      *out_cols = clamp_size (cols / shapes[t].a);
      break;
    }
}

static void
append_grid (GString *json, int rows, int cols, int seed, gboolean zero)
{
  g_string_append_c (json, '[');
  for (int r = 0; r < rows; r++)
    {
      g_string_append (json, r ? ",[" : "[");
      for (int c = 0; c < cols; c++)
        g_string_append_printf (json, c ? ",%d" : "%d", zero ? 0 : (r * 7 + c * 3 + seed) % 9 + 1);
      g_string_append_c (json, ']');
    }
  g_string_append_c (json, ']');
}

static char *
task_name (guint t)
{
  return g_strdup_printf ("task-%02u", t + 1);
}

/* Task @t in @dir: its train inputs a little smaller than its test input
 * (as ARC-AGI-2's often are), its test outputs all 0 (Reset builds them) */
static void
write_task (const char *dir, guint t)
{
  g_autoptr(GString) json = g_string_new ("{\"train\": [");
  g_autofree char *name = task_name (t);
  g_autofree char *file = g_strconcat (name, ".json", NULL);
  g_autofree char *path = g_build_filename (dir, file, NULL);

  for (int p = 0; p < shapes[t].n_train + shapes[t].n_test; p++)
    {
      gboolean test = p >= shapes[t].n_train;
      int shrink = test ? p - shapes[t].n_train : 1 + p % 3;
      int rows = clamp_size (shapes[t].rows - shrink), cols = clamp_size (shapes[t].cols - shrink);
      int out_rows, out_cols;

      output_size (t, rows, cols, &out_rows, &out_cols);
      if (p == shapes[t].n_train)
        g_string_append (json, "], \"test\": [");
      else if (p > 0)
        g_string_append (json, ", ");
      g_string_append (json, "{\"input\": ");
      append_grid (json, rows, cols, p, FALSE);
      g_string_append (json, ", \"output\": ");
      append_grid (json, out_rows, out_cols, p + 5, test);
      g_string_append_c (json, '}');
    }
  g_string_append (json, "]}");
  g_assert_true (g_file_set_contents (path, json->str, -1, NULL));
}

/* What the page looks like: where its parts are, how its panes fold */
enum { EXAMPLES, WORKSPACE, SUBMIT, PALETTE_START, PALETTE_END, N_PARTS };
static const char * const part_names[N_PARTS] = { "the examples", "the workspace", "Submit", "the palette", "the palette's second half" };

typedef struct
{
  graphene_rect_t parts[N_PARTS];
  gboolean        shown[N_PARTS];
  gboolean        list_folded, list_revealed, notes_folded, notes_revealed;
} Look;

typedef struct
{
  XdotoolStream *input;
  ArcWindow    *window;
  ArcSolveView *workspace;
  GtkWidget    *parts[N_PARTS];
  guint         frames;     /* painted so far */
  gboolean      last_case;  /* of the task: the page is watched longer (a move a
                             * frame later is seen at the next case, but for it) */
  int           width, height;
  guint         cases, moved;
  guint         reported;
} Matrix;

static Look
look_of (Matrix *m)
{
  Look look = { 0 };

  for (guint i = 0; i < N_PARTS; i++)
    look.shown[i] = gtk_widget_get_mapped (m->parts[i]) &&
                    gtk_widget_compute_bounds (m->parts[i], GTK_WIDGET (m->window), &look.parts[i]);
  look.list_folded = adw_flap_get_folded (WIN_CHILD (m->window, ADW_FLAP, "list_flap"));
  look.list_revealed = adw_flap_get_reveal_flap (WIN_CHILD (m->window, ADW_FLAP, "list_flap"));
  look.notes_folded = adw_flap_get_folded (WIN_CHILD (m->window, ADW_FLAP, "notes_flap"));
  look.notes_revealed = adw_flap_get_reveal_flap (WIN_CHILD (m->window, ADW_FLAP, "notes_flap"));
  return look;
}

static gboolean
near (float a, float b)
{
  return fabsf (a - b) <= SLACK;
}

/* Where @now differs from @before, in words (NULL: nowhere) */
static char *
differences (const Look *before, const Look *now)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < N_PARTS; i++)
    {
      const graphene_rect_t *a = &before->parts[i], *b = &now->parts[i];

      if (before->shown[i] != now->shown[i])
        g_string_append_printf (text, "%s%s %s", text->len ? "; " : "", part_names[i],
                                now->shown[i] ? "came" : "went");
      else if (now->shown[i] && (!near (a->origin.x, b->origin.x) || !near (a->origin.y, b->origin.y) ||
                                 !near (a->size.width, b->size.width) || !near (a->size.height, b->size.height)))
        g_string_append_printf (text, "%s%s from %.0f,%.0f %.0f×%.0f to %.0f,%.0f %.0f×%.0f", text->len ? "; " : "",
                                part_names[i], a->origin.x, a->origin.y, a->size.width, a->size.height,
                                b->origin.x, b->origin.y, b->size.width, b->size.height);
    }
  if (before->list_folded != now->list_folded || before->list_revealed != now->list_revealed)
    g_string_append_printf (text, "%sthe task list %s, %s", text->len ? "; " : "",
                            now->list_folded ? "folded" : "beside", now->list_revealed ? "shown" : "away");
  if (before->notes_folded != now->notes_folded || before->notes_revealed != now->notes_revealed)
    g_string_append_printf (text, "%sthe notes pane %s, %s", text->len ? "; " : "",
                            now->notes_folded ? "folded" : "beside", now->notes_revealed ? "shown" : "away");
  return text->len ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
}

static gboolean
look_equal (const Look *a, const Look *b)
{
  g_autofree char *text = differences (a, b);

  return text == NULL;
}

static void
painted_cb (GdkFrameClock *clock, Matrix *m)
{
  m->frames++;
}

/* Runs the main loop until the page is still: a frame drawn (or 150 ms
 * gone by), then no frame for @quiet ms, or the same look in
 * @frames_still + 1 frames drawn one after the other (a button's hover or
 * a flap's animation draws frames that move none of it). (A part that
 * moved later still differs from where it was at the next case.) */
static void
settle (Matrix *m, guint quiet, guint frames_still)
{
  gint64 start = g_get_monotonic_time (), last_frame = start;
  guint frames = m->frames, still = 0;
  gboolean drawn = FALSE;
  Look last = look_of (m);

  while (g_get_monotonic_time () - start < 10 * G_USEC_PER_SEC)
    {
      gint64 now;

      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
      now = g_get_monotonic_time ();
      if (m->frames != frames)
        {
          Look look = look_of (m);

          frames = m->frames;
          drawn = TRUE;
          last_frame = now;
          still = look_equal (&look, &last) ? still + 1 : 0;
          last = look;
          if (still >= frames_still)
            return;
        }
      else if (now - last_frame > (drawn ? quiet : 150) * 1000)
        return;
    }
}

typedef gboolean (*Effect) (Matrix *m, gconstpointer data);

/* Runs the main loop until @effect says the input was taken (FALSE if it
 * never was, in 15 s: a loaded machine under the sanitizers is slow) */
static gboolean
wait_effect (Matrix *m, Effect effect, gconstpointer data)
{
  gint64 end = g_get_monotonic_time () + 15 * G_USEC_PER_SEC;

  while (!effect (m, data))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  return TRUE;
}

static const ArcGrid *
output_grid (Matrix *m)
{
  return arc_solve_get_output (arc_solve_view_get_solve (m->workspace));
}

static gboolean
flaps_still (Matrix *m, gconstpointer data)
{
  const char *flaps[] = { "list_flap", "notes_flap" };

  for (guint i = 0; i < G_N_ELEMENTS (flaps); i++)
    {
      double progress = adw_flap_get_reveal_progress (WIN_CHILD (m->window, ADW_FLAP, flaps[i]));

      if (progress != 0 && progress != 1)
        return FALSE;
    }
  return TRUE;
}

/* Checks the look after the input of one case, @what, against @before */
static void
check (Matrix *m, const Look *before, const char *task, const char *what, gboolean taken)
{
  Look now;
  g_autofree char *moved = NULL;

  settle (m, 30, m->last_case ? 2 : 0);
  now = look_of (m);
  moved = differences (before, &now);
  m->cases++;
  /* (where the page moved, the next input can miss what it was for) */
  if (!taken && g_getenv ("ARC_STEADY_SHOTS"))
    {
      g_autofree char *command = g_strdup_printf ("import -window root %s/%s-%u.png", g_getenv ("ARC_STEADY_SHOTS"), task,
                                                  m->cases);

      g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL);
    }
  if (!taken)
    {
      char *more = g_strconcat (moved ? moved : "", moved ? "; " : "", "the input was not taken", NULL);

      g_free (moved);
      moved = more;
    }
  if (moved == NULL)
    return;
  m->moved++;
  if (m->reported++ < 60)
    g_test_message ("%d×%d, %s, %s: %s", m->width, m->height, task, what, moved);
}

/* The middle of @widget, in the window's coordinates for xdotool */
static void
middle_of (GtkWidget *widget, char **x, char **y)
{
  window_point (widget, gtk_widget_get_width (widget) / 2.0, gtk_widget_get_height (widget) / 2.0, x, y);
}

static gboolean
has_size (Matrix *m, gconstpointer data)
{
  const int *size = data;

  return arc_grid_get_height (output_grid (m)) == size[0] && arc_grid_get_width (output_grid (m)) == size[1];
}

/* The pointer to (@x, @y) of the window @xid, and GTK told: a tooltip
 * shown where it was goes (a click there would be the tooltip's) */
static void
move_to (Matrix *m, const char *xid, const char *x, const char *y)
{
  xdotool_stream_send (m->input, "mousemove --window %s %s %s", xid, x, y);
  run_for (15);
}

/* The size field: a click, its text replaced by @rows×@cols, Enter */
static gboolean
type_size (Matrix *m, int rows, int cols)
{
  GtkWidget *entry = find_widget_of_type (GTK_WIDGET (m->workspace), GTK_TYPE_ENTRY);
  g_autofree char *xid = window_xid (entry);
  g_autofree char *x = NULL, *y = NULL;
  g_autoptr(GString) keys = g_string_new (NULL);
  g_autofree char *text = g_strdup_printf ("%dx%d", rows, cols);
  int size[2] = { rows, cols };

  for (const char *c = text; *c; c++)
    g_string_append_printf (keys, " %c", *c);
  middle_of (entry, &x, &y);
  move_to (m, xid, x, y);
  xdotool_stream_send (m->input, "click --delay 1 1 key --delay 0 ctrl+a%s Return", keys->str);
  return wait_effect (m, has_size, size);
}

static void
click_widget (Matrix *m, GtkWidget *widget)
{
  g_autofree char *xid = window_xid (widget);
  g_autofree char *x = NULL, *y = NULL;

  middle_of (widget, &x, &y);
  move_to (m, xid, x, y);
  xdotool_stream_send (m->input, "click --delay 1 1");
}

static void
keys (Matrix *m, const char *keys)
{
  xdotool_stream_send (m->input, "key --delay 0 %s", keys);
}

static gboolean
is_toast (GtkWidget *widget, gconstpointer data)
{
  return g_str_equal (gtk_widget_get_css_name (widget), "toast") && gtk_widget_get_mapped (widget);
}

static gboolean
is_shown_button (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget);
}

static gboolean
no_toast (Matrix *m, gconstpointer data)
{
  return find_widget_matching (GTK_WIDGET (m->window), is_toast, NULL) == NULL;
}

/* A toast (the output pasted as JSON) covers the tools under it for
 * seconds: its close button puts it away, as a user would, once it has
 * slid in (it holds still for two frames); wait_toast_gone() waits till
 * it has slid away */
static void
dismiss_toast (Matrix *m)
{
  GtkWidget *toast = NULL, *close = NULL;
  gint64 end = g_get_monotonic_time () + 3 * G_USEC_PER_SEC, last_frame = g_get_monotonic_time ();
  graphene_rect_t last = GRAPHENE_RECT_INIT (-1, -1, 0, 0);
  guint frames = m->frames, still = 0;

  /* (still: the same place two frames running, or no frame drawn for 50 ms) */
  while (still < 2 && g_get_monotonic_time () < end)
    {
      gint64 now;

      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
      now = g_get_monotonic_time ();
      if (toast == NULL && (toast = find_widget_matching (GTK_WIDGET (m->window), is_toast, NULL)))
        close = find_widget_matching (toast, is_shown_button, NULL);
      if (close && m->frames != frames)
        {
          graphene_rect_t bounds;

          frames = m->frames;
          last_frame = now;
          g_assert_true (gtk_widget_compute_bounds (close, GTK_WIDGET (m->window), &bounds));
          still = graphene_rect_equal (&bounds, &last) ? still + 1 : 0;
          last = bounds;
        }
      else if (close && now - last_frame > 50 * 1000)
        still = 2;
    }
  g_assert_nonnull (close);
  click_widget (m, close);
}

/* The toast dismissed is gone (it slides away) */
static void
wait_toast_gone (Matrix *m)
{
  if (!wait_effect (m, no_toast, NULL))
    g_error ("%d×%d: the toast did not go", m->width, m->height);
}

static gboolean
grid_is (Matrix *m, gconstpointer data)
{
  return arc_grid_equal (output_grid (m), data);
}

static gboolean
all_zero (Matrix *m, gconstpointer data)
{
  const ArcGrid *grid = output_grid (m);

  for (int r = 0; r < arc_grid_get_height (grid); r++)
    for (int c = 0; c < arc_grid_get_width (grid); c++)
      if (arc_grid_get (grid, r, c) != 0)
        return FALSE;
  return TRUE;
}

static gboolean
verdict_changed (Matrix *m, gconstpointer data)
{
  return g_strcmp0 (arc_solve_view_get_verdict (m->workspace), data) != 0;
}

typedef struct
{
  gboolean examples;
  int      cell;   /* before */
} Zoomed;

static int
cell_of (Matrix *m, gboolean examples)
{
  if (examples)
    return arc_task_view_get_cell_size (WIN_CHILD (m->window, ARC_TASK_VIEW, "task_view"));
  return arc_grid_view_get_cell_size (ARC_GRID_VIEW (arc_solve_view_get_output_view (m->workspace)));
}

static gboolean
cell_changed (Matrix *m, gconstpointer data)
{
  const Zoomed *z = data;

  return cell_of (m, z->examples) != z->cell;
}

static gboolean
fitted (Matrix *m, gconstpointer data)
{
  return arc_task_view_get_zoom (WIN_CHILD (m->window, ARC_TASK_VIEW, "task_view")) == 0 &&
         !arc_solve_view_is_zoomed (m->workspace);
}

/* Three steps of Ctrl and the wheel in over @over, then three out */
static void
zoom_steps (Matrix *m, const Look *before, const char *task, GtkWidget *over, double x, double y, gboolean examples)
{
  g_autofree char *xid = window_xid (over);
  g_autofree char *sx = NULL, *sy = NULL;

  window_point (over, x, y, &sx, &sy);
  move_to (m, xid, sx, sy);
  for (int step = 0; step < 6; step++)
    {
      Zoomed z = { examples, cell_of (m, examples) };
      g_autofree char *what = g_strdup_printf ("zoom %s %d over the %s", step < 3 ? "in" : "out", step % 3 + 1,
                                               examples ? "examples" : "workspace");

      xdotool_stream_send (m->input, "keydown ctrl click --delay 1 %s keyup ctrl", step < 3 ? "4" : "5");
      check (m, before, task, what, wait_effect (m, cell_changed, &z));
    }
}

/* Every case of the matrix on task @t, shown */
static void
run_task (Matrix *m, guint t)
{
  g_autofree char *task = task_name (t);
  ArcSolve *solve = arc_solve_view_get_solve (m->workspace);
  g_autoptr(ArcGrid) first = arc_grid_copy (output_grid (m));
  g_autoptr(ArcGrid) input = arc_grid_copy (arc_solve_get_input (solve));
  const ArcGrid *expected = arc_task_get_test (arc_solve_get_task (solve), arc_solve_get_current (solve))->output;
  int out[2] = { arc_grid_get_height (expected), arc_grid_get_width (expected) };
  int three[2] = { 3, 3 }, thirty[2] = { 30, 30 };
  g_autofree char *verdict = NULL;
  GtkWidget *examples = window_child (m->window, "task_scroller");
  GtkWidget *output = arc_solve_view_get_output_view (m->workspace);
  double ox, oy;
  gboolean toast;
  Look before;

  /* (the panes' flaps slide for a while after a task is shown: over the
   * task, a flap's shield takes the clicks) */
  settle (m, 150, 4);
  if (!wait_effect (m, flaps_still, NULL))
    g_error ("%d×%d, %s: the panes did not come to rest", m->width, m->height, task);
  /* (the toast of the last task's paste goes while the examples zoom) */
  toast = !no_toast (m, NULL);
  if (toast)
    dismiss_toast (m);
  ox = gtk_widget_get_width (output) / 2.0;
  oy = gtk_widget_get_height (output) / 2.0;
  before = look_of (m);
  for (guint i = 0; i < N_PARTS; i++)
    if (!before.shown[i])
      g_error ("%d×%d, %s: %s is not shown", m->width, m->height, task, part_names[i]);
  /* The output as it starts, as JSON, on the clipboard (as if copied
   * from elsewhere: Ctrl+Shift+C's toast would cover the tools), for the
   * paste below */
  {
    g_autofree char *json = arc_grid_to_string (first);

    gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (m->window)), json);
  }

  zoom_steps (m, &before, task, examples, MIN (60, gtk_widget_get_width (examples) / 2),
              MIN (90, gtk_widget_get_height (examples) / 2), TRUE);
  if (toast)
    wait_toast_gone (m);
  check (m, &before, task, "resized to 1×1", type_size (m, 1, 1));
  verdict = g_strdup (arc_solve_view_get_verdict (m->workspace));
  keys (m, "ctrl+Return");
  check (m, &before, task, "submitted wrong", wait_effect (m, verdict_changed, verdict));
  /* The trials spent at other wrong sizes: the longest verdicts
   * ("Wrong. No trials left.", the last trial spent at a wrong size) */
  for (int side = 2; side <= 3; side++)
    {
      g_free (verdict);
      verdict = g_strdup (arc_solve_view_get_verdict (m->workspace));
      check (m, &before, task, side == 2 ? "resized to 2×2" : "resized to 3×3", type_size (m, side, side));
      keys (m, "ctrl+Return");
      check (m, &before, task, side == 2 ? "submitted wrong, 2×2" : "submitted wrong, 3×3, the last trial",
             wait_effect (m, verdict_changed, verdict));
    }
  check (m, &before, task, "resized to 30×30", type_size (m, 30, 30));
  keys (m, "ctrl+z");
  check (m, &before, task, "undone", wait_effect (m, has_size, three));
  keys (m, "ctrl+shift+z");
  check (m, &before, task, "redone", wait_effect (m, has_size, thirty));
  click_widget (m, find_actionable (GTK_WIDGET (m->workspace), "solve.copy-from-input", NULL));
  check (m, &before, task, "copied from the input", wait_effect (m, grid_is, input));
  check (m, &before, task, "resized to the output's size", type_size (m, out[0], out[1]));
  click_widget (m, find_actionable (GTK_WIDGET (m->workspace), "solve.reset", NULL));
  check (m, &before, task, "reset", wait_effect (m, all_zero, NULL));
  g_free (verdict);
  verdict = g_strdup (arc_solve_view_get_verdict (m->workspace));
  keys (m, "ctrl+Return");
  /* (solved in the window before, it is practice: "Right, but…") */
  check (m, &before, task, "submitted right",
         wait_effect (m, verdict_changed, verdict) && (g_str_has_prefix (arc_solve_view_get_verdict (m->workspace), "Correct") ||
                                                       g_str_has_prefix (arc_solve_view_get_verdict (m->workspace), "Right")));

  zoom_steps (m, &before, task, output, ox, oy, FALSE);
  keys (m, "ctrl+0");
  check (m, &before, task, "fitted (Ctrl+0)", wait_effect (m, fitted, NULL));
  /* Last: its toast covers the tools (dismissed once the next task is
   * shown, when it has slid in) */
  keys (m, "ctrl+shift+v");
  m->last_case = TRUE;
  check (m, &before, task, "pasted", wait_effect (m, grid_is, first));
  m->last_case = FALSE;
}

static gboolean
task_shown (Matrix *m, gconstpointer data)
{
  ArcSolve *solve = arc_solve_view_get_solve (m->workspace);

  return solve && g_strcmp0 (arc_task_get_id (arc_solve_get_task (solve)), data) == 0;
}

static void
run_window (Matrix *m, const char *dir, int width, int height)
{
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  gulong painted;
  GdkFrameClock *clock;

  m->width = width;
  m->height = height;
  m->window = present_window (width, height);
  m->workspace = WIN_CHILD (m->window, ARC_SOLVE_VIEW, "solve_view");
  m->parts[EXAMPLES] = window_child (m->window, "task_scroller");
  m->parts[WORKSPACE] = GTK_WIDGET (m->workspace);
  m->parts[SUBMIT] = find_actionable (GTK_WIDGET (m->workspace), "solve.submit", NULL);
  m->parts[PALETTE_START] = gtk_widget_get_parent (find_actionable (GTK_WIDGET (m->workspace), "solve.colour", "0"));
  m->parts[PALETTE_END] = gtk_widget_get_parent (find_actionable (GTK_WIDGET (m->workspace), "solve.colour", "9"));
  g_assert_true (arc_window_open (m->window, folder));
  wait_for (list_idle, m->window, "the tasks to be listed");
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (m->window));
  painted = g_signal_connect (clock, "after-paint", G_CALLBACK (painted_cb), m);
  focus_window (m->window);
  m->input = xdotool_stream_new ();
  for (guint t = 0; t < N_TASKS; t++)
    {
      g_autofree char *name = task_name (t);

      if (t > 0)
        keys (m, "alt+Right");
      if (!wait_effect (m, task_shown, name))
        g_error ("%d×%d: %s was not shown", width, height, name);
      if (g_getenv ("ARC_STEADY_TASKS") && !strstr (g_getenv ("ARC_STEADY_TASKS"), name))
        continue;
      run_task (m, t);
    }
  g_clear_pointer (&m->input, xdotool_stream_free);
  g_signal_handler_disconnect (clock, painted);
  gtk_window_destroy (GTK_WINDOW (m->window));
  pump (100);
}

/* The matrix. ARC_STEADY_SIZES=1280x800 runs one window size,
 * ARC_STEADY_TASKS=task-03,task-04 those tasks. */
static void
test_matrix (void)
{
  static const int sizes[][2] = { { 1280, 800 }, { 1366, 768 }, { 800, 600 } };
  g_autofree char *dir = g_dir_make_tmp ("arc-steady-XXXXXX", NULL);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  const char *only = g_getenv ("ARC_STEADY_SIZES");
  gint64 start = g_get_monotonic_time ();
  Matrix m = { 0 };
  GdkRectangle screen;

  if (!can_send_input ())
    return;
  {
    GListModel *monitors = gdk_display_get_monitors (gdk_display_get_default ());
    g_autoptr(GdkMonitor) monitor = g_list_model_get_item (monitors, 0);

    gdk_monitor_get_geometry (monitor, &screen);
  }
  for (guint t = 0; t < N_TASKS; t++)
    write_task (dir, t);
  g_settings_reset (settings, "show-notes");
  g_settings_reset (settings, "show-task-list");
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autofree char *name = g_strdup_printf ("%dx%d", sizes[s][0], sizes[s][1]);

      if (only && !strstr (only, name))
        continue;
      if (sizes[s][0] > screen.width || sizes[s][1] > screen.height)
        g_error ("the screen (%d×%d) is smaller than a window of %s", screen.width, screen.height, name);
      {
        gint64 window_start = g_get_monotonic_time ();
        guint moved = m.moved, cases = m.cases;

        run_window (&m, dir, sizes[s][0], sizes[s][1]);
        g_test_message ("%s: %u of %u cases moved the page, in %.1f s", name, m.moved - moved, m.cases - cases,
                        (g_get_monotonic_time () - window_start) / (double) G_USEC_PER_SEC);
      }
    }
  g_test_message ("%u of %u cases moved the page, in %.1f s", m.moved, m.cases,
                  (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC);
  g_settings_reset (settings, "examples-cell-size");
  g_settings_reset (settings, "workspace-cell-size");
  remove_tree (dir);
  g_assert_cmpuint (m.moved, ==, 0);
}

/* A folder of a task of 10×10 grids and one of 30×30 (four pairs: the
 * examples beside the workspace scroll) */
static char *
write_small_and_large (void)
{
  char *dir = g_dir_make_tmp ("arc-steady-XXXXXX", NULL);
  const struct { const char *name; int size, pairs; } tasks[] = { { "a-small", 10, 3 }, { "b-large", 30, 5 } };

  for (guint t = 0; t < G_N_ELEMENTS (tasks); t++)
    {
      g_autoptr(GString) json = g_string_new ("{\"train\": [");
      g_autofree char *file = g_strconcat (tasks[t].name, ".json", NULL);
      g_autofree char *path = g_build_filename (dir, file, NULL);

      for (int p = 0; p < tasks[t].pairs; p++)
        {
          g_string_append (json, p == tasks[t].pairs - 1 ? "], \"test\": [" : p > 0 ? ", " : "");
          g_string_append (json, "{\"input\": ");
          append_grid (json, tasks[t].size, tasks[t].size, p, FALSE);
          g_string_append (json, ", \"output\": ");
          append_grid (json, tasks[t].size, tasks[t].size, p + 1, FALSE);
          g_string_append_c (json, '}');
        }
      g_string_append (json, "]}");
      g_assert_true (g_file_set_contents (path, json->str, -1, NULL));
    }
  return dir;
}

static gboolean
shows_task (gpointer data)
{
  gpointer *args = data;
  ArcSolve *solve = arc_solve_view_get_solve (WIN_CHILD (args[0], ARC_SOLVE_VIEW, "solve_view"));

  return solve && g_strcmp0 (arc_task_get_id (arc_solve_get_task (solve)), args[1]) == 0;
}

static gboolean
flap_folded (gpointer flap)
{
  return adw_flap_get_folded (flap);
}

static gboolean
is_row_of (GtkWidget *widget, gconstpointer id)
{
  return g_str_equal (G_OBJECT_TYPE_NAME (widget), "ArcTaskRow") && gtk_widget_get_mapped (widget) &&
         find_label (widget, id);
}

static gboolean
dialog_shown (gpointer data)
{
  GtkWidget *alert = arc_alert_find ();

  return alert && gtk_widget_get_mapped (alert);
}

/* At 1280×800, a click on a task in the list (the focus is in the list),
 * then Go to Task (Ctrl+L) to a 30×30 task: the list folds away for it,
 * and goes from over the examples (it stayed open over them, holding the
 * focus it had had) */
static void
test_go_to_after_list_click (void)
{
  g_autofree char *dir = write_small_and_large ();
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  AdwFlap *list_flap;
  GtkWidget *dialog;
  ArcWindow *window;
  gpointer args[2];

  if (!can_send_input ())
    return;
  g_settings_reset (settings, "show-notes");
  g_settings_reset (settings, "show-task-list");
  window = present_window (1280, 800);
  g_assert_true (arc_window_open (window, folder));
  wait_for (list_idle, window, "the tasks to be listed");
  settle_workspace (window);
  list_flap = WIN_CHILD (window, ADW_FLAP, "list_flap");
  g_assert_false (adw_flap_get_folded (list_flap));
  focus_window (window);
  click (find_widget_matching (window_child (window, "task_list"), is_row_of, "a-small"));
  pump (300);
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), window_child (window, "task_list")));

  press ("ctrl+l");
  wait_for (dialog_shown, NULL, "the Go to Task dialog");
  /* (a window of its own before libadwaita 1.5, in the window from then) */
  dialog = GTK_WIDGET (gtk_widget_get_root (arc_alert_find ()));
  focus_window (dialog);
  xdotool ("type", "--delay", "20", "b-large", NULL);
  press ("Return");
  args[0] = window;
  args[1] = (gpointer) "b-large";
  wait_for (shows_task, args, "the large task to be shown");
  wait_for (flap_folded, list_flap, "the task list to fold away");
  /* (the window has the keyboard again, as a window manager gives it) */
  focus_window (window);
  settle_workspace (window);
  g_assert_false (adw_flap_get_reveal_flap (list_flap));
  g_assert_false (gtk_widget_get_mapped (window_child (window, "task_list")));
  gtk_window_destroy (GTK_WINDOW (window));
  remove_tree (dir);
}

/* The notes pane opened (F9) over a 30×30 task, whose examples scroll:
 * the wheel over the examples scrolls them (it did nothing: the pane's
 * shield over the task took it), and the pane stays */
static void
test_wheel_under_notes (void)
{
  g_autofree char *dir = write_small_and_large ();
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  GtkAdjustment *scroll;
  GtkWidget *examples;
  AdwFlap *notes_flap;
  ArcWindow *window;
  gpointer args[2];
  double before;

  if (!can_send_input ())
    return;
  g_settings_reset (settings, "show-notes");
  g_settings_reset (settings, "show-task-list");
  window = present_window (1280, 800);
  g_assert_true (arc_window_open (window, folder));
  wait_for (list_idle, window, "the tasks to be listed");
  notes_flap = WIN_CHILD (window, ADW_FLAP, "notes_flap");
  focus_window (window);
  press ("alt+Right");
  args[0] = window;
  args[1] = (gpointer) "b-large";
  wait_for (shows_task, args, "the large task to be shown");
  wait_for (flap_folded, notes_flap, "the notes pane to fold away");
  settle_workspace (window);
  examples = window_child (window, "task_scroller");
  scroll = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (examples));
  g_assert_cmpfloat (gtk_adjustment_get_upper (scroll), >, gtk_adjustment_get_page_size (scroll));
  press ("F9");
  pump (600);
  g_assert_true (adw_flap_get_reveal_flap (notes_flap));
  before = gtk_adjustment_get_value (scroll);
  wheel_at (examples, 40, gtk_widget_get_height (examples) / 2.0, 3);
  pump (300);
  g_test_message ("the examples scrolled from %.0f to %.0f", before, gtk_adjustment_get_value (scroll));
  g_assert_cmpfloat (gtk_adjustment_get_value (scroll), >, before);
  g_assert_true (adw_flap_get_reveal_flap (notes_flap));
  /* and back up */
  before = gtk_adjustment_get_value (scroll);
  wheel_at (examples, 40, gtk_widget_get_height (examples) / 2.0, -1);
  pump (300);
  g_assert_cmpfloat (gtk_adjustment_get_value (scroll), <, before);
  gtk_window_destroy (GTK_WINDOW (window));
  remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("arc-data-XXXXXX", NULL);

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  /* The renderer the app would choose (without a GPU, cairo: frames of
   * GL's software rasteriser took 100 ms here) */
  arc_renderer_choose ("/dev", gtk_get_minor_version ());
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  {
    /* The application's style sheet, as AdwApplication loads it */
    g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

    gtk_css_provider_load_from_resource (css, RESOURCE_PREFIX "/style.css");
    gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                                GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  }
  g_test_add_func ("/arc/layout-steady/matrix", test_matrix);
  g_test_add_func ("/arc/layout-steady/go-to-after-list-click", test_go_to_after_list_click);
  g_test_add_func ("/arc/layout-steady/wheel-under-notes", test_wheel_under_notes);
  return g_test_run ();
}

/* arc-build-window.c: Build from Description, LARC's protocol: the builder
 * sees one description and the test input, nothing else (no train pairs,
 * no test output, no other description), and builds the output with the
 * solve tools in 3 trials. The build is kept with the description: builder,
 * success, attempts, time and every action.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-build-window"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-build-window.h"
#include "arc-description-list.h"
#include "arc-larc-credit.h"
#include "arc-solve-view.h"

struct _ArcBuildWindow
{
  AdwWindow      parent_instance;

  ArcTaskNotes  *notes;       /* the task's notes: the build goes there */
  char          *describer;   /* whose description */
  char          *builder;
  ArcSolveView  *solve_view;
  GtkLabel      *status;
  GtkWidget     *done_button;
  GPtrArray     *attempts;    /* ArcAttempt */
  gint64         started;     /* real time */
  gint64         started_mono;
  gboolean       kept;
};

G_DEFINE_FINAL_TYPE (ArcBuildWindow, arc_build_window, ADW_TYPE_WINDOW)

/* The description's column: about a fifth of the window, narrower in a
 * small one, where every pixel of width makes the grids larger */
#define DESCRIPTION_MIN_WIDTH 190
#define DESCRIPTION_MAX_WIDTH 320
/* A lower window (800×600) has a compact workspace: its title and verdict
 * on the grids' labels, narrower margins, so that a 30×30 grid being
 * built keeps 10 px a cell */
#define COMPACT_HEIGHT        700
#define MARGIN                12
#define MARGIN_COMPACT        6

/* The workspace compact in a low window, roomy in a high one */
static void
fit_workspace (ArcBuildWindow *self)
{
  GtkWidget *view = GTK_WIDGET (self->solve_view);
  int width, height, margin;
  gboolean compact;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  compact = height > 0 && height < COMPACT_HEIGHT;
  margin = compact ? MARGIN_COMPACT : MARGIN;
  arc_solve_view_set_compact (self->solve_view, compact);
  gtk_widget_set_margin_top (view, margin);
  gtk_widget_set_margin_bottom (view, margin);
  gtk_widget_set_margin_start (view, margin);
  gtk_widget_set_margin_end (view, margin);
}

static void
default_height_cb (GObject        *window,
                   GParamSpec     *pspec,
                   ArcBuildWindow *self)
{
  fit_workspace (self);
}

static gboolean
is_over (ArcBuildWindow *self)
{
  ArcSolve *solve = arc_solve_view_get_solve (self->solve_view);

  return arc_solve_is_solved (solve) || arc_solve_get_state (solve, arc_solve_get_current (solve)) == ARC_TEST_FAILED;
}

/* The build, into the description's record (once) */
static void
keep_build (ArcBuildWindow *self)
{
  ArcSolve *solve = arc_solve_view_get_solve (self->solve_view);
  ArcBuild *build;
  GPtrArray *pending;

  if (self->kept || self->attempts->len == 0)
    return;
  self->kept = TRUE;
  build = arc_build_new (self->builder);
  build->success = arc_solve_is_solved (solve);
  build->n_attempts = self->attempts->len;
  build->milliseconds = (g_get_monotonic_time () - self->started_mono) / 1000;
  build->time = self->started;
  g_ptr_array_extend_and_steal (build->attempts, g_steal_pointer (&self->attempts));
  self->attempts = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_attempt_free);
  pending = arc_solve_get_actions (solve);
  if (pending && pending->len > 0)
    {
      build->unsubmitted = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_action_free);
      for (guint i = 0; i < pending->len; i++)
        g_ptr_array_add (build->unsubmitted, arc_action_copy (pending->pdata[i]));
      build->unsubmitted_grid = arc_grid_copy (arc_solve_get_output (solve));
    }
  arc_task_notes_add_build (self->notes, self->describer, build);
}

static gboolean
says_something (GBinding     *binding,
                const GValue *label,
                GValue       *visible,
                gpointer      user_data)
{
  const char *text = g_value_get_string (label);

  g_value_set_boolean (visible, text != NULL && *text != '\0');
  return TRUE;
}

static void
show_status (ArcBuildWindow *self)
{
  ArcSolve *solve = arc_solve_view_get_solve (self->solve_view);
  guint left = arc_solve_get_trials_left (solve, arc_solve_get_current (solve));
  g_autofree char *text = NULL;

  /* The workspace says how many trials are left; this, how it ended */
  if (arc_solve_is_solved (solve))
    text = g_strdup (_("Built: the output is right. The build is kept with the description."));
  else if (is_over (self) || left == 0)
    text = g_strdup (_("Not built: the trials are used up. The build is kept with the description."));
  else if (arc_solve_get_expected (solve) == NULL)
    text = g_strdup (_("The test output is hidden: the build is kept, but whether it is right is not known."));
  gtk_label_set_text (self->status, text ? text : "");  /* shown when it says something */
  gtk_widget_set_visible (self->done_button, is_over (self));
}

static void
submitted_cb (ArcSolveView   *view,
              ArcAttempt     *attempt,
              ArcBuildWindow *self)
{
  g_ptr_array_add (self->attempts, arc_attempt_copy (attempt));
  if (is_over (self))
    keep_build (self);
  show_status (self);
}

static gboolean
close_request_cb (GtkWindow *window)
{
  /* Given up before the trials ran out: a build that did not succeed */
  keep_build (ARC_BUILD_WINDOW (window));
  return FALSE;
}

/* LARC's texts begin with their part's words ("In the input, you should
 * see...3x3"): under the same words as a heading, they are not said twice */
static const char *
without_heading (const char *heading,
                 const char *text)
{
  g_autofree char *words = g_strdup (heading);
  char *end = g_strrstr (words, "…");

  if (end)
    *end = '\0';
  if (*words == '\0' || g_ascii_strncasecmp (text, words, strlen (words)) != 0)
    return text;
  text += strlen (words);
  if (g_str_has_prefix (text, "…"))
    text += strlen ("…");
  while (*text == '.' || g_ascii_isspace (*text))
    text++;
  return text;
}

static GtkWidget *
part_label (const char *heading,
            const char *text)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *h = gtk_label_new (heading);
  GtkWidget *t;

  text = without_heading (heading, text);
  t = gtk_label_new (*text ? text : _("(empty)"));

  gtk_label_set_xalign (GTK_LABEL (h), 0);
  gtk_label_set_wrap (GTK_LABEL (h), TRUE);  /* (the column is narrow in a small window) */
  gtk_widget_add_css_class (h, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (t), 0);
  gtk_label_set_wrap (GTK_LABEL (t), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (t), PANGO_WRAP_WORD_CHAR);
  gtk_box_append (GTK_BOX (box), h);
  gtk_box_append (GTK_BOX (box), t);
  return box;
}

/* The description, the only thing the builder reads */
static GtkWidget *
description_side (ArcBuildWindow      *self,
                  const ArcAnnotation *a)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *intro = gtk_label_new (_("Build the test output from this description alone: the examples, the "
                                      "answer and the other descriptions are hidden, as in LARC."));

  gtk_label_set_wrap (GTK_LABEL (intro), TRUE);
  gtk_label_set_xalign (GTK_LABEL (intro), 0);
  gtk_box_append (GTK_BOX (box), intro);
  gtk_box_append (GTK_BOX (box), part_label (_("In the input, you should see…"), a->input_text));
  gtk_box_append (GTK_BOX (box), part_label (_("The output grid size…"), a->size_text));
  gtk_box_append (GTK_BOX (box), part_label (_("To make the output, you have to…"), a->transform_text));
  self->status = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (GTK_LABEL (self->status), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->status), 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->status), "heading");
  g_object_bind_property_full (self->status, "label", self->status, "visible", G_BINDING_SYNC_CREATE,
                               says_something, NULL, NULL, NULL);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->status));
  if (arc_larc_is_record (a))
    {
      g_autofree char *markup = g_strdup_printf (_("Description from <a href=\"%s\">LARC</a> (Acquaviva et al.), CC BY 4.0"),
                                                 ARC_LARC_URL);

      gtk_box_append (GTK_BOX (box), arc_larc_credit_new (markup));
    }
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), box);
  gtk_widget_set_size_request (scroller, DESCRIPTION_MIN_WIDTH, -1);
  return scroller;
}

/**
 * arc_build_window_new:
 * @notes: the shown task's notes, which hold @describer's description
 * @task: the task: only its test inputs are shown
 * @settings: the application's settings: the grids follow the preferences
 *
 * Returns: (transfer none): a window over @parent (and as large) for
 *   building from @describer's description
 */
ArcBuildWindow *
arc_build_window_new (GtkWindow    *parent,
                      ArcTaskNotes *notes,
                      ArcTask      *task,
                      const char   *describer,
                      GSettings    *settings)
{
  ArcNotes *file = arc_task_notes_get_notes (notes);
  const char *id = arc_entry_get_id (arc_task_notes_get_entry (notes));
  const ArcAnnotation *a = arc_notes_get (file, id, describer);
  ArcBuildWindow *self;
  g_autoptr(ArcSolve) solve = NULL;
  GtkWidget *header, *content, *paned;
  g_autofree char *subtitle = NULL;

  g_return_val_if_fail (a != NULL, NULL);

  self = g_object_new (ARC_TYPE_BUILD_WINDOW, "transient-for", parent, "modal", TRUE,
                       "default-width", parent ? gtk_widget_get_width (GTK_WIDGET (parent)) : 1100,
                       "default-height", parent ? gtk_widget_get_height (GTK_WIDGET (parent)) : 700, NULL);
  self->notes = g_object_ref (notes);
  self->describer = g_strdup (describer);
  self->builder = g_strdup (arc_task_notes_get_annotator (notes));
  {
    g_autofree char *name = arc_description_display_name (describer, a);
    subtitle = g_strdup_printf (_("Description by %s"), name);
  }
  gtk_window_set_title (GTK_WINDOW (self), _("Build from Description"));
  header = adw_header_bar_new ();
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), adw_window_title_new (_("Build from Description"), subtitle));
  self->done_button = gtk_button_new_with_mnemonic (_("_Done"));
  gtk_widget_add_css_class (self->done_button, "suggested-action");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->done_button), "window.close");
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), self->done_button);
  content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (content), header);
  paned = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  /* The description in a column as wide as it needs to read well, the
   * rest to the workspace, which fits its grids to the room it gets (a
   * scrolled window around it would give it its natural height, leaving
   * the grids small at the top and a blank block under the tools) */
  gtk_paned_set_start_child (GTK_PANED (paned), description_side (self, a));
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_resize_start_child (GTK_PANED (paned), FALSE);
  {
    int width, height;

    gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
    gtk_paned_set_position (GTK_PANED (paned), CLAMP (width * 22 / 100, DESCRIPTION_MIN_WIDTH, DESCRIPTION_MAX_WIDTH));
  }
  self->solve_view = ARC_SOLVE_VIEW (arc_solve_view_new ());
  /* Its grids drawn as the preferences say (the colour-blind palette, digits) */
  arc_solve_view_set_settings (self->solve_view, settings);
  fit_workspace (self);
  g_signal_connect (self, "notify::default-height", G_CALLBACK (default_height_cb), self);
  gtk_widget_set_hexpand (GTK_WIDGET (self->solve_view), TRUE);
  gtk_paned_set_end_child (GTK_PANED (paned), GTK_WIDGET (self->solve_view));
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  gtk_widget_set_vexpand (paned, TRUE);
  gtk_box_append (GTK_BOX (content), paned);
  adw_window_set_content (ADW_WINDOW (self), content);

  solve = arc_solve_new (task, ARC_LARC_TRIALS);
  arc_solve_view_set_verdict_only (self->solve_view, TRUE);
  arc_solve_view_set_solve (self->solve_view, solve);
  g_signal_connect (self->solve_view, "submitted", G_CALLBACK (submitted_cb), self);
  self->started = g_get_real_time ();
  self->started_mono = g_get_monotonic_time ();
  show_status (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->solve_view));
  return self;
}

ArcSolveView *
arc_build_window_get_solve_view (ArcBuildWindow *self)
{
  g_return_val_if_fail (ARC_IS_BUILD_WINDOW (self), NULL);
  return self->solve_view;
}

static void
arc_build_window_dispose (GObject *object)
{
  ArcBuildWindow *self = ARC_BUILD_WINDOW (object);

  if (self->notes)
    keep_build (self);
  g_clear_object (&self->notes);
  G_OBJECT_CLASS (arc_build_window_parent_class)->dispose (object);
}

static void
arc_build_window_finalize (GObject *object)
{
  ArcBuildWindow *self = ARC_BUILD_WINDOW (object);

  g_free (self->describer);
  g_free (self->builder);
  g_ptr_array_unref (self->attempts);
  G_OBJECT_CLASS (arc_build_window_parent_class)->finalize (object);
}

static void
arc_build_window_class_init (ArcBuildWindowClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = arc_build_window_dispose;
  G_OBJECT_CLASS (klass)->finalize = arc_build_window_finalize;
  GTK_WINDOW_CLASS (klass)->close_request = close_request_cb;
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
arc_build_window_init (ArcBuildWindow *self)
{
  self->attempts = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_attempt_free);
}

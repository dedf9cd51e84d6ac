/* arc-task-page.c: the page of the shown task (ui/arc-task-page.ui): its
 * id and what it holds, the validator's problems, the examples drawn
 * (ArcTaskView), a review's verdicts, its file, and the workspace
 * (ArcSolveView), above or beside the examples; Edit Task's bar on top
 * while editing. The divider between the examples and the workspace is
 * placed in arc-task-page-divider.c, zoom is in arc-task-page-zoom.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-task-page"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-task-page-private.h"
#include "arc-wrap-layout.h"
#include "arc-tooltip.h"

G_DEFINE_FINAL_TYPE (ArcTaskPage, arc_task_page, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Parts */

/**
 * arc_task_page_set_settings:
 * The application's settings: the view options of the examples, the
 * workspace and the review, and the cell sizes zoom keeps.
 */
void
arc_task_page_set_settings (ArcTaskPage *self,
                            GSettings   *settings)
{
  static const char * const view_keys[] = { "show-digits", "show-grid-lines", "show-test-outputs", "palette" };

  g_return_if_fail (ARC_IS_TASK_PAGE (self));
  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (self->settings == NULL);

  self->settings = g_object_ref (settings);
  for (gsize i = 0; i < G_N_ELEMENTS (view_keys); i++)
    g_settings_bind (settings, view_keys[i], self->task_view, view_keys[i], G_SETTINGS_BIND_GET);
  arc_solve_view_set_settings (self->solve_view, settings);
  arc_review_panel_set_settings (self->review_panel, settings);
  arc_task_page_zoom_init (self);
}

/**
 * arc_task_page_get_task_view:
 * Returns: (transfer none): the examples
 */
ArcTaskView *
arc_task_page_get_task_view (ArcTaskPage *self)
{
  g_return_val_if_fail (ARC_IS_TASK_PAGE (self), NULL);
  return self->task_view;
}

/**
 * arc_task_page_get_solve_view:
 * Returns: (transfer none): the workspace
 */
ArcSolveView *
arc_task_page_get_solve_view (ArcTaskPage *self)
{
  g_return_val_if_fail (ARC_IS_TASK_PAGE (self), NULL);
  return self->solve_view;
}

/**
 * arc_task_page_get_review_panel:
 * Returns: (transfer none): a review's verdicts on the task, under the
 *   examples
 */
ArcReviewPanel *
arc_task_page_get_review_panel (ArcTaskPage *self)
{
  g_return_val_if_fail (ARC_IS_TASK_PAGE (self), NULL);
  return self->review_panel;
}

static void
bar_shown_cb (ArcTaskPage *self)
{
  if (gtk_widget_get_visible (self->bar))
    arc_task_page_show_program (self, FALSE);
}

/**
 * arc_task_page_add_bar:
 * Puts @bar on top of the page, above the examples and the workspace (not
 * in the examples' scrolled window: there Edit Task's bar took the room of
 * the task's grids, which are clicked to edit). A compact page puts it
 * beside the examples (arc-task-page-divider.c).
 */
void
arc_task_page_add_bar (ArcTaskPage *self,
                       GtkWidget   *bar)
{
  g_return_if_fail (ARC_IS_TASK_PAGE (self));
  g_return_if_fail (GTK_IS_WIDGET (bar));

  self->bar = bar;
  gtk_widget_insert_after (bar, GTK_WIDGET (self), NULL);
  /* (the task is edited in the workspace: the program page goes) */
  g_signal_connect_object (bar, "notify::visible", G_CALLBACK (bar_shown_cb), self, G_CONNECT_SWAPPED);
  /* (shown and hidden with Edit Task: the page is laid out anew) */
  g_signal_connect_object (bar, "notify::visible", G_CALLBACK (arc_task_page_divider_bar_added), self,
                           G_CONNECT_SWAPPED);
  arc_task_page_divider_bar_added (self);
}

/* What it shows */

/* @text (taken) with no-break spaces, so that it wraps whole */
static char *
no_break (char *text)
{
  g_auto(GStrv) words = g_strsplit (text, " ", -1);

  g_free (text);
  return g_strjoinv ("\u00a0", words);
}

/**
 * arc_task_page_show_summary:
 * The line beside the task's id: its group, its pairs, hidden outputs
 * (for the task being edited too, as it is now)
 */
void
arc_task_page_show_summary (ArcTaskPage *self,
                            ArcEntry    *entry,
                            ArcTask     *task)
{
  guint n_train = arc_task_get_n_train (task), n_test = arc_task_get_n_test (task);
  /* Each part wraps whole: "5 train pairs ·" and "1 test input", not "… · 1" and "test input" */
  g_autofree char *train = no_break (g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u train pair", "%u train pairs", n_train), n_train));
  g_autofree char *test = no_break (g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u test input", "%u test inputs", n_test), n_test));
  const char *group = entry ? arc_entry_get_group (entry) : "";
  GStrvBuilder *parts = g_strv_builder_new ();

  g_return_if_fail (ARC_IS_TASK_PAGE (self));

  if (*group)
    g_strv_builder_add (parts, group);
  g_strv_builder_add (parts, train);
  g_strv_builder_add (parts, test);
  if (!arc_task_has_test_outputs (task))
    g_strv_builder_add (parts, _("test outputs hidden"));
  g_strfreev (self->summary);
  self->summary = g_strv_builder_end (parts);
  g_strv_builder_unref (parts);
  arc_task_page_join_summary (self);
}

/**
 * arc_task_page_show_problems:
 * @text: a problem a line, or "" for none
 * @errors: whether they are errors (which a save would refuse), shown so
 *
 * Under the task's title, what the validator says of the shown task.
 */
void
arc_task_page_show_problems (ArcTaskPage *self,
                             const char  *text,
                             gboolean     errors)
{
  GtkWidget *label = GTK_WIDGET (self->task_warnings);

  g_return_if_fail (ARC_IS_TASK_PAGE (self));

  gtk_label_set_text (self->task_warnings, text);
  gtk_widget_set_visible (label, *text != '\0');
  if (errors)
    gtk_widget_add_css_class (label, "error");
  else
    gtk_widget_remove_css_class (label, "error");
}

/**
 * arc_task_page_show_file_name:
 * The name of the shown task's file, under it.
 */
void
arc_task_page_show_file_name (ArcTaskPage *self,
                              const char  *name)
{
  g_return_if_fail (ARC_IS_TASK_PAGE (self));
  gtk_label_set_text (self->task_file, name);
}

/**
 * arc_task_page_mark_unsaved:
 * "• " before the id of @task_id, the task being edited, while it has
 * unsaved edits.
 */
void
arc_task_page_mark_unsaved (ArcTaskPage *self,
                            const char  *task_id,
                            gboolean     modified)
{
  g_autofree char *text = modified ? g_strdup_printf ("• %s", task_id) : g_strdup (task_id);

  g_return_if_fail (ARC_IS_TASK_PAGE (self));

  gtk_label_set_text (self->task_title, text);
  arc_tooltip_set (GTK_WIDGET (self->task_title), modified ? _("Unsaved edits") : NULL);
}

/* Shows @task, of @entry, with its id, summary, warnings (the validator's
 * @problems but for the competition rules') and file; @same_task: @task is
 * the one shown, read again (changed on disk): it keeps its place on the
 * page */
static void
show_task (ArcTaskPage *self,
           ArcEntry    *entry,
           ArcTask     *task,
           GPtrArray   *problems,
           gboolean     same_task)
{
  g_autoptr(GString) warnings = g_string_new (NULL);

  gtk_label_set_text (self->task_title, arc_entry_get_id (entry));
  arc_tooltip_set (GTK_WIDGET (self->task_title), NULL);
  arc_task_page_show_summary (self, entry, task);
  gtk_label_set_text (self->task_file, arc_entry_get_display_name (entry));
  for (guint i = 0; problems && i < problems->len; i++)
    {
      g_autofree char *line = NULL;

      /* The competition rules are for making a task (Edit Task says them) */
      if (((ArcProblem *) problems->pdata[i])->competition_rule)
        continue;
      line = arc_problem_format (problems->pdata[i], NULL);
      g_string_append_printf (warnings, "%s%s", warnings->len ? "\n" : "", line);
    }
  arc_task_page_show_problems (self, warnings->str, FALSE);  /* an edit's errors are gone */
  arc_task_view_set_task (self->task_view, task);
  if (!same_task)
    gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->task_scroller), 0);
  arc_task_page_place_divider (self);
}

/**
 * arc_task_page_set_session:
 * @session: (nullable): the task to show, %NULL for none
 *
 * Shows @session's task: its id, summary, problems, file and examples
 * (none when it could not be read); the review panel and the workspace
 * follow the "session" property (ui/arc-task-page.ui), as do Edit Task and
 * the window's other parts.
 */
void
arc_task_page_set_session (ArcTaskPage    *self,
                           ArcTaskSession *session)
{
  gboolean same_task;
  ArcTask *task;

  g_return_if_fail (ARC_IS_TASK_PAGE (self));
  g_return_if_fail (session == NULL || ARC_IS_TASK_SESSION (session));

  if (self->session == session)
    return;
  same_task = self->session && session && arc_task_session_shows (self->session, arc_task_session_get_entry (session));
  g_set_object (&self->session, session);
  task = session ? arc_task_session_get_task (session) : NULL;
  if (task)
    show_task (self, arc_task_session_get_entry (session), task, arc_task_session_get_problems (session), same_task);
  else
    arc_task_view_set_task (self->task_view, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

/**
 * arc_task_page_get_session:
 * Returns: (transfer none) (nullable): the task shown
 */
ArcTaskSession *
arc_task_page_get_session (ArcTaskPage *self)
{
  g_return_val_if_fail (ARC_IS_TASK_PAGE (self), NULL);
  return self->session;
}

/* Two frames on, the program's section is laid out under the examples:
 * its top is scrolled into view, if it is not in view */
static gboolean
reveal_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  ArcTaskPage *self = user_data;
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->task_scroller);
  GtkWidget *program = GTK_WIDGET (arc_task_view_get_program_view (self->task_view));
  double value = gtk_adjustment_get_value (adjustment);
  double page = gtk_adjustment_get_page_size (adjustment);
  graphene_point_t top;

  if (++self->reveal_frames < 2)
    return G_SOURCE_CONTINUE;
  self->reveal_tick = 0;
  if (!gtk_widget_get_mapped (program) ||
      !gtk_widget_compute_point (program, GTK_WIDGET (self->task_view), &GRAPHENE_POINT_INIT (0, 0), &top))
    return G_SOURCE_REMOVE;
  /* Its heading and the first result, or as much as there is room for */
  if (top.y < value || top.y + MIN (gtk_widget_get_height (program), page / 2) > value + page)
    gtk_adjustment_set_value (adjustment, top.y - 12);
  return G_SOURCE_REMOVE;
}

/**
 * arc_task_page_get_program_page:
 * Returns: (transfer none): the program page, shown instead of the
 *   examples and the workspace (arc_task_page_show_program())
 */
ArcProgramPage *
arc_task_page_get_program_page (ArcTaskPage *self)
{
  g_return_val_if_fail (ARC_IS_TASK_PAGE (self), NULL);
  return self->program_page;
}

/**
 * arc_task_page_show_program:
 * The program page instead of the examples and the workspace (@show), or
 * those again
 */
void
arc_task_page_show_program (ArcTaskPage *self,
                            gboolean     show)
{
  g_return_if_fail (ARC_IS_TASK_PAGE (self));
  gtk_widget_set_visible (GTK_WIDGET (self->task_paned), !show);
  gtk_widget_set_visible (GTK_WIDGET (self->program_page), show);
}

gboolean
arc_task_page_get_program_shown (ArcTaskPage *self)
{
  g_return_val_if_fail (ARC_IS_TASK_PAGE (self), FALSE);
  return gtk_widget_get_visible (GTK_WIDGET (self->program_page));
}

/**
 * arc_task_page_reveal_program:
 * Scrolls the examples to the program's section under them (running, or
 * its results), once it is laid out
 */
void
arc_task_page_reveal_program (ArcTaskPage *self)
{
  g_return_if_fail (ARC_IS_TASK_PAGE (self));
  self->reveal_frames = 0;
  if (self->reveal_tick == 0)
    self->reveal_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->task_view), reveal_tick_cb, self, NULL);
}

static void
scroller_page_size_cb (GtkAdjustment *adjustment,
                       GParamSpec    *pspec,
                       ArcTaskPage   *self)
{
  arc_task_page_fit_examples (self);
  arc_task_page_divider_allocated (self, gtk_widget_get_width (GTK_WIDGET (self->task_paned)),
                                   gtk_widget_get_height (GTK_WIDGET (self->task_paned)));
}

/* The examples' width follows the page's (below the examples, the
 * workspace is placed for it) */
static void
scroller_page_width_cb (GtkAdjustment *adjustment,
                        GParamSpec    *pspec,
                        ArcTaskPage   *self)
{
  arc_task_page_divider_allocated (self, gtk_widget_get_width (GTK_WIDGET (self->task_paned)),
                                   gtk_widget_get_height (GTK_WIDGET (self->task_paned)));
}

/* GObject */

static void
arc_task_page_dispose (GObject *object)
{
  ArcTaskPage *self = ARC_TASK_PAGE (object);
  GtkWidget *child;

  arc_task_page_divider_dispose (self);
  if (self->reveal_tick)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->task_view), self->reveal_tick);
  self->reveal_tick = 0;
  if (self->task_scroller)
    {
      g_signal_handlers_disconnect_by_data (gtk_scrolled_window_get_vadjustment (self->task_scroller), self);
      g_signal_handlers_disconnect_by_data (gtk_scrolled_window_get_hadjustment (self->task_scroller), self);
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), ARC_TYPE_TASK_PAGE);
  /* And the bar put on top */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  g_clear_object (&self->settings);
  g_clear_object (&self->session);
  self->bar = NULL;
  g_clear_pointer (&self->summary, g_strfreev);

  G_OBJECT_CLASS (arc_task_page_parent_class)->dispose (object);
}

static void
arc_task_page_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  ArcTaskPage *self = ARC_TASK_PAGE (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arc_task_page_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  ArcTaskPage *self = ARC_TASK_PAGE (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      arc_task_page_set_session (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The review: its verdict on the task above the examples, as its attempts
 * are under them, out of sight in a long task */
static void
review_verdict_cb (ArcTaskPage *self)
{
  const char *css_class = NULL;
  const char *verdict = arc_review_panel_get_verdict (self->review_panel, &css_class);
  g_autofree char *escaped = NULL;
  g_autofree char *markup = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->review_line), verdict != NULL);
  if (verdict == NULL)
    return;
  escaped = g_markup_escape_text (verdict, -1);
  /* (a task without test outputs has no attempts compared under the examples) */
  if (g_strcmp0 (css_class, "dim-label") == 0)
    markup = g_steal_pointer (&escaped);
  else
    /* TRANSLATORS: after a review's verdict on a task, a link to its attempts further down the page */
    markup = g_strdup_printf ("%s <a href=\"attempts\">%s</a>", escaped, _("See the attempts"));
  gtk_label_set_markup (self->review_line, markup);
  arc_review_panel_style_verdict (GTK_WIDGET (self->review_line), css_class);
}

/* The link: the review's attempts scrolled to the top of the examples */
static gboolean
review_link_cb (GtkLabel    *label,
                const char  *uri,
                ArcTaskPage *self)
{
  /* (the box the panel is in is what scrolls: its coordinates are the scroll's) */
  GtkWidget *content = gtk_widget_get_parent (GTK_WIDGET (self->review_panel));
  graphene_rect_t bounds;

  if (gtk_widget_compute_bounds (GTK_WIDGET (self->review_panel), content, &bounds))
    gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->task_scroller), bounds.origin.y);
  return TRUE;
}

static void
arc_task_page_class_init (ArcTaskPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arc_task_page_dispose;
  object_class->get_property = arc_task_page_get_property;
  object_class->set_property = arc_task_page_set_property;

  /* The task shown: the review panel and the workspace follow it */
  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, ARC_TYPE_TASK_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/arc-task-page.ui");
  gtk_widget_class_bind_template_child (widget_class, ArcTaskPage, task_paned);
  gtk_widget_class_bind_template_child (widget_class, ArcTaskPage, program_page);
  gtk_widget_class_bind_template_child (widget_class, ArcTaskPage, task_scroller);
  gtk_widget_class_bind_template_child (widget_class, ArcTaskPage, top_box);
  gtk_widget_class_bind_template_child (widget_class, ArcTaskPage, heading_box);
  gtk_widget_class_bind_template_child (widget_class, ArcTaskPage, task_view);
  gtk_widget_class_bind_template_child (widget_class, ArcTaskPage, task_title);
  gtk_widget_class_bind_template_child (widget_class, ArcTaskPage, task_summary);
  gtk_widget_class_bind_template_child (widget_class, ArcTaskPage, task_file);
  gtk_widget_class_bind_template_child (widget_class, ArcTaskPage, task_warnings);
  gtk_widget_class_bind_template_child (widget_class, ArcTaskPage, review_line);
  gtk_widget_class_bind_template_callback (widget_class, review_link_cb);
  gtk_widget_class_bind_template_child (widget_class, ArcTaskPage, review_panel);
  gtk_widget_class_bind_template_child (widget_class, ArcTaskPage, solve_view);
}

static void
arc_task_page_init (ArcTaskPage *self)
{
  GtkWidget *heading;

  g_type_ensure (ARC_TYPE_TASK_VIEW);
  g_type_ensure (ARC_TYPE_SOLVE_VIEW);
  g_type_ensure (ARC_TYPE_REVIEW_PANEL);
  g_type_ensure (ARC_TYPE_TASK_SESSION);
  g_type_ensure (ARC_TYPE_PROGRAM_PAGE);
  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect (gtk_scrolled_window_get_vadjustment (self->task_scroller), "notify::page-size",
                    G_CALLBACK (scroller_page_size_cb), self);
  g_signal_connect (gtk_scrolled_window_get_hadjustment (self->task_scroller), "notify::page-size",
                    G_CALLBACK (scroller_page_width_cb), self);
  arc_task_page_divider_init (self);
  g_signal_connect_swapped (self->review_panel, "notify::verdict", G_CALLBACK (review_verdict_cb), self);

  /* The task's id, and beside it what it holds, or under it in narrow
   * examples (rather than wrapped in three short lines beside it); the
   * margin puts the two on about one baseline */
  heading = gtk_widget_get_parent (GTK_WIDGET (self->task_title));
  gtk_widget_set_layout_manager (heading, arc_wrap_layout_new (12, 0));
  gtk_widget_set_margin_start (heading, gtk_widget_get_margin_start (GTK_WIDGET (self->task_title)));
  gtk_widget_set_margin_start (GTK_WIDGET (self->task_title), 0);
  gtk_widget_set_margin_top (GTK_WIDGET (self->task_summary), 6);
}

/* arc-replay-window.c: step through the actions that led to an attempt
 *
 * Each recorded action keeps the output grid as it was before it, so the
 * state after action k is the grid before action k + 1, and after the last
 * one the attempt's own grid: nothing is re-run.  Step 0 is the start, step
 * k (1..n) the grid after action k, with the cells it acted on selected.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-replay-window"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-description-list.h"
#include "arc-grid-view.h"
#include "arc-larc.h"
#include "arc-larc-credit.h"
#include "arc-replay-window.h"
#include "arc-view-options.h"

struct _ArcReplayWindow
{
  AdwWindow       parent_instance;

  ArcTaskNotes   *notes;
  GPtrArray      *attempts;   /* ArcAttempt with actions, copies, the latest first */
  guint           attempt;
  guint           step;
  char           *action_text;
  char           *task_hash;  /* (nullable): of the task as it is now */
  gboolean        updating;

  GtkWidget      *content;
  GtkDropDown    *attempt_dropdown;
  ArcGridView    *grid_view;
  GtkLabel       *step_label;
  GtkLabel       *action_label;
  GtkScale       *scale;
  GtkWidget      *first_button;
  GtkWidget      *prev_button;
  GtkWidget      *next_button;
  GtkWidget      *last_button;
};

G_DEFINE_FINAL_TYPE (ArcReplayWindow, arc_replay_window, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_STEP,
  PROP_ACTION_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Replayed are the actions ARC Studio knows, not those LARC recorded
 * without a tool (kept only for LARC's export) */
static gboolean
has_actions (const ArcAttempt *attempt)
{
  for (guint i = 0; attempt->actions != NULL && i < attempt->actions->len; i++)
    if (!arc_action_is_larc_only (attempt->actions->pdata[i]))
      return TRUE;
  return FALSE;
}

/* A copy of @attempt with the actions that are replayed */
static ArcAttempt *
replay_copy (const ArcAttempt *attempt)
{
  ArcAttempt *copy = arc_attempt_copy (attempt);

  for (guint i = copy->actions->len; i > 0; i--)
    if (arc_action_is_larc_only (copy->actions->pdata[i - 1]))
      g_ptr_array_remove_index (copy->actions, i - 1);
  return copy;
}

/* How many of @attempts can be replayed */
guint
arc_replay_count_attempts (GPtrArray *attempts)
{
  guint n = 0;

  for (guint i = 0; attempts != NULL && i < attempts->len; i++)
    n += has_actions (attempts->pdata[i]);
  return n;
}

static ArcAttempt *
current_attempt (ArcReplayWindow *self)
{
  return self->attempt < self->attempts->len ? self->attempts->pdata[self->attempt] : NULL;
}

guint
arc_replay_window_get_n_steps (ArcReplayWindow *self)
{
  ArcAttempt *attempt = current_attempt (self);

  return attempt ? attempt->actions->len : 0;
}

guint
arc_replay_window_get_step (ArcReplayWindow *self)
{
  return self->step;
}

guint
arc_replay_window_get_n_attempts (ArcReplayWindow *self)
{
  return self->attempts->len;
}

/* The output grid after @step actions */
const ArcGrid *
arc_replay_window_get_grid (ArcReplayWindow *self)
{
  ArcAttempt *attempt = current_attempt (self);
  GPtrArray *actions;

  if (attempt == NULL)
    return NULL;
  actions = attempt->actions;
  if (self->step < actions->len)
    {
      ArcAction *next = actions->pdata[self->step];
      if (next->grid != NULL)
        return next->grid;
    }
  return attempt->grid;
}

const char *
arc_replay_window_get_action_text (ArcReplayWindow *self)
{
  return self->action_text;
}

static void
update (ArcReplayWindow *self)
{
  ArcAttempt *attempt = current_attempt (self);
  guint n = arc_replay_window_get_n_steps (self);

  g_clear_pointer (&self->action_text, g_free);
  g_clear_pointer (&self->task_hash, g_free);
  if (attempt == NULL)
    return;

  if (self->step == 0)
    {
      self->action_text = g_strdup (_("The output grid before the first action"));
      arc_grid_view_set_selection (self->grid_view, NULL);
      arc_grid_view_set_cursor (self->grid_view, -1, -1);
    }
  else
    {
      ArcAction *action = attempt->actions->pdata[self->step - 1];
      ArcCells cells;

      self->action_text = arc_action_describe (action);
      /* (a grown selection's own cells) */
      arc_action_get_cells (action, &cells);
      arc_grid_view_set_selection (self->grid_view, &cells);
      arc_grid_view_set_cursor (self->grid_view, action->y, action->x);
    }
  arc_grid_view_set_grid (self->grid_view, arc_replay_window_get_grid (self));

  self->updating = TRUE;
  gtk_range_set_range (GTK_RANGE (self->scale), 0, MAX (n, 1));
  gtk_range_set_value (GTK_RANGE (self->scale), self->step);
  self->updating = FALSE;

  /* The labels and the buttons follow them (bind_controls()) */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTION_TEXT]);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->grid_view), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  self->action_text, -1);
}

void
arc_replay_window_set_step (ArcReplayWindow *self,
                            guint            step)
{
  self->step = MIN (step, arc_replay_window_get_n_steps (self));
  update (self);
}

void
arc_replay_window_select_attempt (ArcReplayWindow *self,
                                  guint            index)
{
  if (index >= self->attempts->len)
    return;
  if (gtk_drop_down_get_selected (self->attempt_dropdown) != index)
    {
      gtk_drop_down_set_selected (self->attempt_dropdown, index);  /* comes back through notify */
      return;
    }
  self->attempt = index;
  self->step = 0;
  update (self);
}

static void
attempt_selected_cb (ArcReplayWindow *self)
{
  arc_replay_window_select_attempt (self, gtk_drop_down_get_selected (self->attempt_dropdown));
}

static void
scale_changed_cb (ArcReplayWindow *self)
{
  if (!self->updating)
    arc_replay_window_set_step (self, (guint) (gtk_range_get_value (GTK_RANGE (self->scale)) + 0.5));
}

static void
step_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  ArcReplayWindow *self = ARC_REPLAY_WINDOW (widget);
  guint n = arc_replay_window_get_n_steps (self);

  if (g_str_equal (action_name, "replay.first"))
    arc_replay_window_set_step (self, 0);
  else if (g_str_equal (action_name, "replay.previous"))
    arc_replay_window_set_step (self, self->step > 0 ? self->step - 1 : 0);
  else if (g_str_equal (action_name, "replay.next"))
    arc_replay_window_set_step (self, self->step + 1);
  else if (g_str_equal (action_name, "replay.last"))
    arc_replay_window_set_step (self, n);
}

/* Arrow keys step wherever the focus is (GtkWindow would move the focus
 * with them otherwise); the slider's own arrow keys do the same */
static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                ArcReplayWindow       *self)
{
  const char *action = NULL;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left: case GDK_KEY_KP_Left: action = "replay.previous"; break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: action = "replay.next"; break;
    case GDK_KEY_Home: case GDK_KEY_KP_Home: action = "replay.first"; break;
    case GDK_KEY_End: case GDK_KEY_KP_End: action = "replay.last"; break;
    default: return FALSE;
    }
  return gtk_widget_activate_action (GTK_WIDGET (self), action, NULL);
}

static GtkWidget *
icon_button (const char *icon,
             const char *action,
             const char *tooltip)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  return button;
}

static char *
attempt_label (const ArcAttempt *attempt,
               guint             number)
{
  g_autoptr(GDateTime) when = g_date_time_new_from_unix_local (attempt->time / G_USEC_PER_SEC);
  g_autofree char *time_text = when ? g_date_time_format (when, "%Y-%m-%d %H:%M") : g_strdup ("");
  const char *verdict = attempt->verdict == ARC_VERDICT_CORRECT ? _("right")
                      : attempt->verdict == ARC_VERDICT_WRONG ? _("wrong") : _("not judged");
  g_autofree char *actions = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u action", "%u actions",
                                                           attempt->actions->len), attempt->actions->len);

  /* Translators: attempt number, test input number, verdict, number of actions, date */
  return g_strdup_printf (_("Attempt %u · test %u · %s · %s · %s"), number, attempt->test + 1, verdict, actions,
                          time_text);
}

static gboolean
step_text (GBinding     *binding,
           const GValue *from,
           GValue       *to,
           gpointer      user_data)
{
  guint n = arc_replay_window_get_n_steps (user_data);  /* the window: the label is in it */
  guint step = g_value_get_uint (from);

  if (step == 0)
    g_value_take_string (to, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Start · %u action", "Start · %u actions", n),
                                              n));
  else
    g_value_take_string (to, g_strdup_printf (_("Step %u of %u"), step, n));
  return TRUE;
}

/* A step button can go back (@forward %NULL) or on from the step */
static gboolean
can_step (GBinding     *binding,
          const GValue *from,
          GValue       *to,
          gpointer      forward)
{
  g_autoptr(ArcReplayWindow) self = ARC_REPLAY_WINDOW (g_binding_dup_source (binding));
  guint step = g_value_get_uint (from);

  g_value_set_boolean (to, forward ? step < arc_replay_window_get_n_steps (self) : step > 0);
  return TRUE;
}

/* What shows the step follows it, from the first attempt on */
static void
bind_controls (ArcReplayWindow *self)
{
  g_object_bind_property_full (self, "step", self->step_label, "label", G_BINDING_DEFAULT, step_text, NULL, self, NULL);
  g_object_bind_property (self, "action-text", self->action_label, "label", G_BINDING_DEFAULT);
  g_object_bind_property_full (self, "step", self->first_button, "sensitive", G_BINDING_DEFAULT, can_step,
                               NULL, NULL, NULL);
  g_object_bind_property_full (self, "step", self->prev_button, "sensitive", G_BINDING_DEFAULT, can_step,
                               NULL, NULL, NULL);
  g_object_bind_property_full (self, "step", self->next_button, "sensitive", G_BINDING_DEFAULT, can_step,
                               NULL, self, NULL);
  g_object_bind_property_full (self, "step", self->last_button, "sensitive", G_BINDING_DEFAULT, can_step,
                               NULL, self, NULL);
}

static void
arc_replay_window_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  ArcReplayWindow *self = ARC_REPLAY_WINDOW (object);

  switch (prop_id)
    {
    case PROP_STEP:
      g_value_set_uint (value, self->step);
      break;
    case PROP_ACTION_TEXT:
      g_value_set_string (value, self->action_text);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arc_replay_window_dispose (GObject *object)
{
  ArcReplayWindow *self = ARC_REPLAY_WINDOW (object);

  if (self->notes)
    g_signal_handlers_disconnect_by_data (self->notes, self);
  g_clear_object (&self->notes);
  g_clear_pointer (&self->attempts, g_ptr_array_unref);
  g_clear_pointer (&self->action_text, g_free);
  g_clear_pointer (&self->task_hash, g_free);
  G_OBJECT_CLASS (arc_replay_window_parent_class)->dispose (object);
}

static void
arc_replay_window_class_init (ArcReplayWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arc_replay_window_dispose;
  object_class->get_property = arc_replay_window_get_property;

  /* The step shown, 0 (the start) to the attempt's number of actions */
  properties[PROP_STEP] = g_param_spec_uint ("step", NULL, NULL, 0, G_MAXUINT, 0,
                                             G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* What the action of that step did */
  properties[PROP_ACTION_TEXT] = g_param_spec_string ("action-text", NULL, NULL, NULL,
                                                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "replay.first", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "replay.previous", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "replay.next", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "replay.last", NULL, step_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

/* The grid as large as the room lets it be, in the middle of it (a grid
 * view draws from its top left corner) */
static GtkWidget *
grid_frame (ArcReplayWindow *self)
{
  GtkWidget *frame = gtk_aspect_frame_new (0.5, 0.5, 1, TRUE);

  gtk_aspect_frame_set_child (GTK_ASPECT_FRAME (frame), GTK_WIDGET (self->grid_view));
  gtk_widget_set_halign (frame, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (frame, GTK_ALIGN_CENTER);
  gtk_widget_set_hexpand (frame, TRUE);
  gtk_widget_set_vexpand (frame, TRUE);
  return frame;
}

/* The action's text whole in its tooltip, when it is cut short: only then */
static gboolean
action_tooltip_cb (GtkWidget  *label,
                   int         x,
                   int         y,
                   gboolean    keyboard,
                   GtkTooltip *tooltip,
                   gpointer    user_data)
{
  if (!pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))))
    return FALSE;
  gtk_tooltip_set_text (tooltip, gtk_label_get_text (GTK_LABEL (label)));
  return TRUE;
}

/* The step and what its action did, in two lines at most and always as
 * high as two lines, so that neither the grid nor the window changes size
 * from one step to the next; a text cut short is whole in its tooltip */
static GtkWidget *
step_labels (ArcReplayWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *stack = gtk_stack_new ();
  GtkWidget *two_lines = gtk_label_new (" \n ");

  self->step_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->step_label), "heading");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->step_label));
  self->action_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->action_label, TRUE);
  gtk_label_set_wrap_mode (self->action_label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (self->action_label, 2);
  gtk_label_set_ellipsize (self->action_label, PANGO_ELLIPSIZE_END);
  gtk_label_set_justify (self->action_label, GTK_JUSTIFY_CENTER);
  gtk_widget_set_valign (GTK_WIDGET (self->action_label), GTK_ALIGN_START);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->action_label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Action"), -1);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self->action_label), TRUE);
  g_signal_connect (self->action_label, "query-tooltip", G_CALLBACK (action_tooltip_cb), NULL);
  /* (a homogeneous stack is as high as its highest page, shown or not) */
  gtk_stack_set_vhomogeneous (GTK_STACK (stack), TRUE);
  gtk_stack_set_hhomogeneous (GTK_STACK (stack), FALSE);
  gtk_stack_add_child (GTK_STACK (stack), two_lines);
  gtk_stack_add_child (GTK_STACK (stack), GTK_WIDGET (self->action_label));
  gtk_stack_set_visible_child (GTK_STACK (stack), GTK_WIDGET (self->action_label));
  gtk_box_append (GTK_BOX (box), stack);
  return box;
}

static void
setup_attempt_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  gpointer                  cut)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (cut)
    gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  else
    {
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 60);
    }
  gtk_list_item_set_child (item, label);
}

static void
bind_attempt_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 gpointer                  cut)
{
  GtkWidget *label = gtk_list_item_get_child (item);
  const char *text = gtk_string_object_get_string (gtk_list_item_get_item (item));

  gtk_label_set_text (GTK_LABEL (label), text);
  gtk_widget_set_tooltip_text (label, cut ? text : NULL);
}

/* The attempts' labels: the chosen one cut short when the window is
 * narrower than it (and whole in its tooltip), so that a long one does not
 * widen the window; whole in the list, where a long one takes two lines */
static GtkListItemFactory *
attempt_factory (gboolean cut)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_attempt_cb), GINT_TO_POINTER (cut));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_attempt_cb), GINT_TO_POINTER (cut));
  return factory;
}

static void
arc_replay_window_init (ArcReplayWindow *self)
{
  GtkWidget *box, *header, *content, *controls, *clamp;

  self->attempts = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_attempt_free);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  gtk_box_append (GTK_BOX (box), header);

  content = self->content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_margin_start (content, 18);
  gtk_widget_set_margin_end (content, 18);
  gtk_widget_set_margin_top (content, 12);
  gtk_widget_set_margin_bottom (content, 12);
  gtk_widget_set_vexpand (content, TRUE);

  self->attempt_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  {
    g_autoptr(GtkListItemFactory) chosen = attempt_factory (TRUE);
    g_autoptr(GtkListItemFactory) listed = attempt_factory (FALSE);

    gtk_drop_down_set_factory (self->attempt_dropdown, chosen);
    gtk_drop_down_set_list_factory (self->attempt_dropdown, listed);
  }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->attempt_dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Attempt to replay"), -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->attempt_dropdown), _("Attempt to replay"));
  gtk_box_append (GTK_BOX (content), GTK_WIDGET (self->attempt_dropdown));

  self->grid_view = ARC_GRID_VIEW (arc_grid_view_new ());
  arc_grid_view_set_cell_range (self->grid_view, 6, 40);
  gtk_box_append (GTK_BOX (content), grid_frame (self));
  gtk_box_append (GTK_BOX (content), step_labels (self));

  controls = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  self->first_button = icon_button ("go-first-symbolic", "replay.first", _("First step (Home)"));
  self->prev_button = icon_button ("go-previous-symbolic", "replay.previous", _("Previous step (Left)"));
  self->next_button = icon_button ("go-next-symbolic", "replay.next", _("Next step (Right)"));
  self->last_button = icon_button ("go-last-symbolic", "replay.last", _("Last step (End)"));
  self->scale = GTK_SCALE (gtk_scale_new_with_range (GTK_ORIENTATION_HORIZONTAL, 0, 1, 1));
  gtk_scale_set_draw_value (self->scale, FALSE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->scale), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->scale), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Step"), -1);
  gtk_box_append (GTK_BOX (controls), self->first_button);
  gtk_box_append (GTK_BOX (controls), self->prev_button);
  gtk_box_append (GTK_BOX (controls), GTK_WIDGET (self->scale));
  gtk_box_append (GTK_BOX (controls), self->next_button);
  gtk_box_append (GTK_BOX (controls), self->last_button);
  gtk_box_append (GTK_BOX (content), controls);

  clamp = adw_clamp_new ();
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 1200);
  adw_clamp_set_child (ADW_CLAMP (clamp), content);
  gtk_widget_set_vexpand (clamp, TRUE);
  gtk_box_append (GTK_BOX (box), clamp);
  adw_window_set_content (ADW_WINDOW (self), box);

  gtk_window_set_default_size (GTK_WINDOW (self), 620, 640);
  {
    GtkEventController *keys = gtk_event_controller_key_new ();

    gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
    g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
    gtk_widget_add_controller (GTK_WIDGET (self), keys);
  }
  g_signal_connect_swapped (self->attempt_dropdown, "notify::selected", G_CALLBACK (attempt_selected_cb), self);
  g_signal_connect_swapped (self->scale, "value-changed", G_CALLBACK (scale_changed_cb), self);
  bind_controls (self);
}

/* After them, the builds of the notes' description (LARC's protocol):
 * each answer that has recorded actions, under its builder */
static void
arc_replay_add_builds (GPtrArray           *attempts,
                       GtkStringList       *labels,
                       const ArcAnnotation *a)
{
  for (guint b = 0; a && b < a->builds->len; b++)
    {
      const ArcBuild *build = a->builds->pdata[b];

      for (guint k = 0; k < build->attempts->len; k++)
        if (has_actions (build->attempts->pdata[k]))
          {
            g_autofree char *attempt = attempt_label (build->attempts->pdata[k], k + 1);
            /* (LARC's builders as the descriptions name them: "LARC · 3f4f7ae1") */
            g_autofree char *builder = arc_description_display_name (build->builder, a);
            /* Translators: who built the output from the description, then the attempt */
            g_autofree char *label = g_strdup_printf (_("Build by %s · %s"), builder, attempt);

            g_ptr_array_add (attempts, replay_copy (build->attempts->pdata[k]));
            gtk_string_list_append (labels, label);
          }
    }
}

/* The notes' attempts that have recorded actions, the latest first */
static void
load_attempts (ArcReplayWindow *self)
{
  GPtrArray *attempts = arc_task_notes_get_attempts (self->notes);
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  guint number;

  g_ptr_array_set_size (self->attempts, 0);
  for (guint i = 0; attempts != NULL && i < attempts->len; i++)
    if (has_actions (attempts->pdata[i]))
      g_ptr_array_insert (self->attempts, 0, replay_copy (attempts->pdata[i]));
  number = self->attempts->len;
  for (guint i = 0; i < self->attempts->len; i++)
    {
      g_autofree char *label = attempt_label (self->attempts->pdata[i], number - i);

      /* Made before the task was edited */
      if (arc_attempt_is_earlier_version (self->attempts->pdata[i], self->task_hash))
        {
          /* Translators: after an attempt's description in the replay window */
          g_autofree char *marked = g_strdup_printf (_("%s · earlier version of the task"), label);
          g_free (label);
          label = g_steal_pointer (&marked);
        }
      gtk_string_list_append (labels, label);
    }
  arc_replay_add_builds (self->attempts, labels, arc_task_notes_get_annotation (self->notes));
  gtk_drop_down_set_model (self->attempt_dropdown, G_LIST_MODEL (labels));
  gtk_drop_down_set_selected (self->attempt_dropdown, 0);
  self->attempt = 0;
  self->step = 0;
  update (self);
}

/* A window replaying those of @notes' attempts that have recorded actions,
 * the latest first; it follows the notes as attempts are added or the
 * file is read again */
ArcReplayWindow *
arc_replay_window_new (GtkWindow    *parent,
                       ArcTaskNotes *notes,
                       GSettings    *settings)
{
  ArcReplayWindow *self;
  g_autofree char *title = NULL;

  g_return_val_if_fail (ARC_IS_TASK_NOTES (notes), NULL);

  self = g_object_new (ARC_TYPE_REPLAY_WINDOW, "transient-for", parent, "modal", TRUE, NULL);
  /* As high as the window it replays for, and about as wide: grids are
   * mostly square, and 30×30 ones need all the height there is */
  if (parent && gtk_widget_get_height (GTK_WIDGET (parent)) > 0)
    {
      int width = gtk_widget_get_width (GTK_WIDGET (parent));
      int height = gtk_widget_get_height (GTK_WIDGET (parent));

      gtk_window_set_default_size (GTK_WINDOW (self), CLAMP (height, MIN (620, width), width), height);
    }
  self->notes = g_object_ref (notes);
  {
    g_autoptr(ArcTask) task = arc_entry_load (arc_task_notes_get_entry (notes), NULL);

    self->task_hash = task ? arc_task_dup_content_hash (task) : NULL;
  }
  title = g_strdup_printf (_("Replay · %s"), arc_entry_get_id (arc_task_notes_get_entry (notes)));
  gtk_window_set_title (GTK_WINDOW (self), title);
  arc_view_options_bind (settings, self->grid_view);  /* drawn as every grid is */
  g_signal_connect_swapped (notes, "notify::n-attempts", G_CALLBACK (load_attempts), self);
  load_attempts (self);
  /* LARC's builds, credited under them */
  {
    const ArcAnnotation *a = arc_task_notes_get_annotation (notes);

    if (arc_larc_is_record (a))
      {
        g_autofree char *markup = g_strdup_printf (_("Action sequences from <a href=\"%s\">LARC</a> "
                                                     "(Acquaviva et al.), CC BY 4.0"), ARC_LARC_URL);

        gtk_box_append (GTK_BOX (self->content), arc_larc_credit_new (markup));
      }
  }
  return self;
}

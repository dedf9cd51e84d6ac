/* arc-description-list.c: every description of the shown task but the
 * user's own, read-only: colleagues' and LARC's (credited), each with its
 * confidence, whether its author verified it and how often others built
 * the output from it, and buttons to replay it and to build from it
 *
 * A notes file can hold any number of records, and any text in them: the
 * first FIRST_SHOWN descriptions are listed, then Show More adds MORE_SHOWN
 * at a time (each row is widgets to make and text to lay out: a hundred
 * thousand of them took minutes and gigabytes); a text longer than
 * MAX_SHOWN_TEXT bytes is shown cut, saying so (laying out megabytes of
 * text in a label takes seconds and gigabytes).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-notes-pane"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-description-list.h"
#include "arc-larc-credit.h"

#define FIRST_SHOWN    20
#define MORE_SHOWN    100
#define MAX_SHOWN_TEXT 2000
#define MAX_SHOWN_NAME  200

struct _ArcDescriptionList
{
  GtkWidget   parent_instance;

  GtkWidget  *box;
  GtkWidget  *own_box;     /* how the user's own description fared */
  GtkWidget  *own_label;
  GtkWidget  *own_button;  /* building from it */
  GtkWidget  *list;        /* GtkListBox */
  GPtrArray  *rows;        /* DescriptionRow: the first n_shown shown, the others hidden */
  GtkWidget  *more_box;    /* how many are listed, Show More */
  GtkWidget  *more_label;
  GtkWidget  *more_button;
  GtkWidget  *credit;
  guint       n_shown;
  guint       limit;       /* how many rows may be shown: FIRST_SHOWN, more after Show More */
  guint       n_listed;    /* the descriptions listed, shown or not */
  ArcNotes   *notes;       /* whose they are, for the rows shown later */
  char       *task_id;
  char       *own;         /* the user's annotator name, never listed */
  guint       n_tests;
  gboolean    has_own;     /* the user's own description is shown */
  gboolean    has_larc;    /* one of LARC's is listed */
};

G_DEFINE_FINAL_TYPE (ArcDescriptionList, arc_description_list, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_HAS_OTHERS,
  PROP_HAS_OWN,
  PROP_HAS_LARC,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/**
 * arc_description_display_name:
 * Returns: (transfer full): @annotator as shown: "larc:7f13a811-…" is
 *   "LARC · 7f13a811"
 */
char *
arc_description_display_name (const char          *annotator,
              const ArcAnnotation *a)
{
  if (a->source && g_str_has_prefix (annotator, ARC_LARC_PREFIX))
    {
      const char *uid = annotator + strlen (ARC_LARC_PREFIX);
      const char *rest = strchr (uid, ' ');
      gsize len = rest ? (gsize) (rest - uid) : strlen (uid);

      /* A UUID is known by its first 8 digits; " (2)": the author's second description */
      return g_strdup_printf ("LARC · %.*s%s", (int) MIN (len, 8), uid, rest ? rest : "");
    }
  return g_strdup (annotator);
}

/**
 * arc_description_summary:
 * @own: whether the description is the user's
 * Returns: (transfer full): "Confidence 9 · Verified by its author · 3 of 5
 *   builds right" for a description of a task with @n_tests test inputs
 *   ("Verified by you" for the user's own)
 */
char *
arc_description_summary (const ArcAnnotation *a,
                         guint                n_tests,
                         gboolean             own)
{
  GString *text = g_string_new (NULL);
  guint ok, n = arc_annotation_count_builds (a, &ok);
  gboolean verified = arc_annotation_is_verified (a, n_tests);

  if (a->confidence >= 0)
    g_string_append_printf (text, _("Confidence %d"), a->confidence);
  if (text->len)
    g_string_append (text, " · ");
  if (own)
    g_string_append (text, verified ? _("Verified by you") : _("Not verified by you"));
  else
    g_string_append (text, verified ? _("Verified by its author") : _("Not verified by its author"));
  g_string_append (text, " · ");
  if (n == 0)
    g_string_append (text, _("Not built yet"));
  else
    /* TRANSLATORS: "3 of 5 builds right": 5 people built the output from the description, 3 of them right */
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u of %u build right", "%u of %u builds right", n), ok, n);
  return g_string_free (text, FALSE);
}

static GtkWidget *
text_label (const char *text,
            const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  if (css_class)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static gboolean
any_actions (GPtrArray *attempts)
{
  for (guint i = 0; i < attempts->len; i++)
    {
      const ArcAttempt *at = attempts->pdata[i];
      if (at->actions && at->actions->len > 0)
        return TRUE;
    }
  return FALSE;
}

/**
 * arc_description_has_replay:
 * Returns: %TRUE if the verification or a build of @a recorded actions
 */
gboolean
arc_description_has_replay (const ArcAnnotation *a)
{
  if (any_actions (a->attempts))
    return TRUE;
  for (guint b = 0; b < a->builds->len; b++)
    if (any_actions (((ArcBuild *) a->builds->pdata[b])->attempts))
      return TRUE;
  return FALSE;
}

static GtkWidget *
action_button (const char *label,
               const char *tooltip,
               const char *action,
               const char *annotator,
               const char *accessible)
{
  GtkWidget *button = label ? gtk_button_new_with_mnemonic (label) : gtk_button_new ();

  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), g_variant_new_string (annotator));
  if (accessible)
    gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
  /* GTK 4.10 and later name a button by its label (labelled-by), before
   * its accessible label: each row's button is to say whose description */
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  return button;
}

/* A row of the list, kept for the next task: stepping through tasks
 * changes its labels rather than making and unmaking its widgets (and a
 * button's tooltip set again asks the display where the pointer is) */
typedef struct
{
  GtkWidget *row;
  GtkWidget *name;
  GtkWidget *parts[4];   /* what the input is, the output's size, the transformation, notes */
  GtkWidget *tags;
  GtkWidget *summary;
  GtkWidget *replay;
  GtkWidget *build;
} DescriptionRow;

static DescriptionRow *
description_row_new (void)
{
  DescriptionRow *r = g_new0 (DescriptionRow, 1);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  gtk_widget_set_margin_start (box, 10);
  gtk_widget_set_margin_end (box, 10);
  r->name = text_label ("", "heading");
  gtk_box_append (GTK_BOX (box), r->name);
  for (guint p = 0; p < G_N_ELEMENTS (r->parts); p++)
    gtk_box_append (GTK_BOX (box), r->parts[p] = text_label ("", NULL));
  r->tags = text_label ("", "dim-label");
  gtk_box_append (GTK_BOX (box), r->tags);
  r->summary = text_label ("", "caption");
  gtk_box_append (GTK_BOX (box), r->summary);
  r->replay = action_button (NULL, _("Replay how its author verified it and others built from it"),
                             "win.replay-description", "", NULL);
  gtk_button_set_icon_name (GTK_BUTTON (r->replay), "media-playback-start-symbolic");
  gtk_box_append (GTK_BOX (buttons), r->replay);
  r->build = action_button (_("_Build from Description"),
                            _("Build the test output from this description alone, as in LARC"),
                            "win.build-from-description", "", NULL);
  gtk_box_append (GTK_BOX (buttons), r->build);
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (box), buttons);
  r->row = gtk_list_box_row_new ();
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (r->row), box);
  return r;
}

/**
 * arc_description_cut_text:
 * Returns: (transfer full): @text, or when it is longer than @max bytes
 *   its start, at a character's end, and a line that says how much of it
 *   is not shown
 */
char *
arc_description_cut_text (const char *text,
                          gsize       max)
{
  gsize length = strlen (text);
  const char *end;
  g_autofree char *rest = NULL;
  g_autofree char *message = NULL;

  if (length <= max)
    return g_strdup (text);
  end = g_utf8_find_prev_char (text, text + max + 1);
  end = end ? end : text;
  rest = g_format_size (length - (gsize) (end - text));
  /* TRANSLATORS: under the start of a very long text: "[Cut here: 29.9 MB more in the notes file]" */
  message = g_strdup_printf (_("[Cut here: %s more in the notes file]"), rest);
  return g_strdup_printf ("%.*s…\n%s", (int) (end - text), text, message);
}

/* A label of a row: @text (cut when it is very long), hidden when empty */
static void
show_text (GtkWidget  *label,
           const char *text)
{
  g_autofree char *cut = strlen (text) > MAX_SHOWN_TEXT ? arc_description_cut_text (text, MAX_SHOWN_TEXT) : NULL;

  if (cut)
    text = cut;
  if (g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), text) != 0)
    gtk_label_set_text (GTK_LABEL (label), text);
  gtk_widget_set_visible (label, *text != '\0');
}

static void
description_row_fill (DescriptionRow      *r,
                      const char          *annotator,
                      const ArcAnnotation *a,
                      guint                n_tests)
{
  g_autofree char *whole_name = arc_description_display_name (annotator, a);
  g_autofree char *name = arc_description_cut_text (whole_name, MAX_SHOWN_NAME);
  g_autofree char *summary = arc_description_summary (a, n_tests, FALSE);
  g_autofree char *build_name = g_strdup_printf (_("Build from the description by %s"), name);
  g_autofree char *replay_name = g_strdup_printf (_("Replay the verification and builds of the description by %s"), name);
  g_autoptr(GString) tags = g_string_new (NULL);
  g_autofree char *tags_line = NULL;
  const char *parts[] = { a->input_text, a->size_text, a->transform_text, a->notes };

  show_text (r->name, name);
  for (guint p = 0; p < G_N_ELEMENTS (parts); p++)
    show_text (r->parts[p], parts[p]);
  for (guint t = 0; t < a->tags->len; t++)
    g_string_append_printf (tags, "%s%s", t ? ", " : "", (char *) a->tags->pdata[t]);
  tags_line = a->tags->len > 0 ? g_strdup_printf (_("Tags: %s"), tags->str) : g_strdup ("");
  show_text (r->tags, tags_line);
  show_text (r->summary, summary);
  gtk_widget_set_visible (r->replay, arc_description_has_replay (a));
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (r->replay), g_variant_new_string (annotator));
  gtk_accessible_update_property (GTK_ACCESSIBLE (r->replay), GTK_ACCESSIBLE_PROPERTY_LABEL, replay_name, -1);
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (r->build), g_variant_new_string (annotator));
  gtk_accessible_update_property (GTK_ACCESSIBLE (r->build), GTK_ACCESSIBLE_PROPERTY_LABEL, build_name, -1);
  gtk_widget_set_visible (r->row, TRUE);
}

static gboolean
has_description (const ArcAnnotation *a)
{
  return *a->input_text || *a->size_text || *a->transform_text;
}

/* Whether the record of @annotator is listed: it describes the task, or
 * is imported, and is not the user's own */
static gboolean
is_listed (ArcDescriptionList  *self,
           const char          *annotator,
           const ArcAnnotation *a)
{
  return !g_str_equal (annotator, self->own) && (arc_annotation_has_text (a) || a->source);
}

/* Rows for the descriptions listed, up to the limit, those from @from
 * filled again; nothing is kept of the others (the notes are looked at
 * again: a hundred thousand records are looked through in a millisecond) */
static void
show_rows (ArcDescriptionList *self,
           guint               from)
{
  const char * const *names = NULL;
  ArcAnnotation * const *records = NULL;
  guint n = self->notes ? arc_notes_peek_annotators (self->notes, self->task_id, &names, &records) : 0;
  guint listed = 0, shown;

  for (guint i = 0; i < n; i++)
    {
      if (!is_listed (self, names[i], records[i]))
        continue;
      if (listed >= from && listed < self->limit)
        {
          if (listed == self->rows->len)
            {
              DescriptionRow *r = description_row_new ();

              g_ptr_array_add (self->rows, r);
              gtk_list_box_append (GTK_LIST_BOX (self->list), r->row);
            }
          description_row_fill (self->rows->pdata[listed], names[i], records[i], self->n_tests);
        }
      listed++;
    }
  shown = MIN (listed, self->limit);
  for (guint i = shown; i < self->n_shown; i++)
    gtk_widget_set_visible (((DescriptionRow *) self->rows->pdata[i])->row, FALSE);
  self->n_shown = shown;
  self->n_listed = listed;
  gtk_widget_set_visible (self->more_box, shown < listed);
  if (shown < listed)
    {
      guint more = MIN (listed - shown, MORE_SHOWN);
      g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u description shown",
                                                            "%u of %u descriptions shown", listed),
                                               shown, listed);
      g_autofree char *label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Show %u _More", "Show %u _More", more),
                                                more);

      gtk_label_set_text (GTK_LABEL (self->more_label), text);
      gtk_button_set_label (GTK_BUTTON (self->more_button), label);
    }
}

static void
show_more_cb (GtkWidget  *widget,
              const char *action,
              GVariant   *parameter)
{
  ArcDescriptionList *self = ARC_DESCRIPTION_LIST (widget);

  self->limit = self->n_shown + MORE_SHOWN;
  show_rows (self, self->n_shown);
}

/**
 * arc_description_list_update:
 * @notes: (nullable): the notes of the task @task_id
 * @own: the user's annotator name: their description is edited above
 *
 * Lists the first descriptions (those of the same task as before as far
 * as Show More went); the others are listed as Show More is pressed.
 *
 * Returns: how many descriptions there are, the user's own included
 */
guint
arc_description_list_update (ArcDescriptionList *self,
                             ArcNotes           *notes,
                             const char         *task_id,
                             const char         *own,
                             guint               n_tests)
{
  const char * const *annotators = NULL;
  ArcAnnotation * const *records = NULL;
  guint n = notes ? arc_notes_peek_annotators (notes, task_id, &annotators, &records) : 0;
  const ArcAnnotation *mine = notes ? arc_notes_get (notes, task_id, own) : NULL;
  gboolean larc = FALSE;

  g_return_val_if_fail (ARC_IS_DESCRIPTION_LIST (self), 0);

  if (notes != self->notes || g_strcmp0 (task_id, self->task_id) != 0)
    self->limit = FIRST_SHOWN;
  g_set_object (&self->notes, notes);
  g_free (self->task_id);
  self->task_id = g_strdup (task_id);
  g_free (self->own);
  self->own = g_strdup (own);
  self->n_tests = n_tests;
  for (guint i = 0; i < n && !larc; i++)
    larc = is_listed (self, annotators[i], records[i]) && arc_larc_is_record (records[i]);
  show_rows (self, 0);
  self->has_larc = larc;
  self->has_own = mine && has_description (mine);
  if (self->has_own)
    {
      g_autofree char *summary = arc_description_summary (mine, n_tests, TRUE);
      g_autofree char *text = g_strdup_printf (_("Your description: %s"), summary);

      gtk_label_set_text (GTK_LABEL (self->own_label), text);
      gtk_actionable_set_action_target_value (GTK_ACTIONABLE (self->own_button), g_variant_new_string (own));
    }
  /* The list, the credit and the box of the user's own follow them */
  for (guint i = PROP_HAS_OTHERS; i < N_PROPS; i++)
    g_object_notify_by_pspec (G_OBJECT (self), properties[i]);
  return self->n_listed + self->has_own;
}

guint
arc_description_list_get_n_shown (ArcDescriptionList *self)
{
  g_return_val_if_fail (ARC_IS_DESCRIPTION_LIST (self), 0);
  return self->n_shown;
}

static void
arc_description_list_dispose (GObject *object)
{
  ArcDescriptionList *self = ARC_DESCRIPTION_LIST (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->own, g_free);
  g_clear_object (&self->notes);
  g_clear_pointer (&self->task_id, g_free);
  G_OBJECT_CLASS (arc_description_list_parent_class)->dispose (object);
}

static void
arc_description_list_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  ArcDescriptionList *self = ARC_DESCRIPTION_LIST (object);

  switch (prop_id)
    {
    case PROP_HAS_OTHERS:
      g_value_set_boolean (value, self->n_shown > 0);
      break;
    case PROP_HAS_OWN:
      g_value_set_boolean (value, self->has_own);
      break;
    case PROP_HAS_LARC:
      g_value_set_boolean (value, self->has_larc);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arc_description_list_class_init (ArcDescriptionListClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  G_OBJECT_CLASS (klass)->dispose = arc_description_list_dispose;
  G_OBJECT_CLASS (klass)->get_property = arc_description_list_get_property;
  /* Descriptions are listed (the user's own is not one of them) */
  properties[PROP_HAS_OTHERS] = g_param_spec_boolean ("has-others", NULL, NULL, FALSE, flags);
  /* The user's own description, above the list, and whether they built from it */
  properties[PROP_HAS_OWN] = g_param_spec_boolean ("has-own", NULL, NULL, FALSE, flags);
  /* One of LARC's descriptions is listed: they are credited below */
  properties[PROP_HAS_LARC] = g_param_spec_boolean ("has-larc", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (G_OBJECT_CLASS (klass), N_PROPS, properties);
  gtk_widget_class_install_action (widget_class, "descriptions.show-more", NULL, show_more_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "arc-description-list");
}

static void
arc_description_list_init (ArcDescriptionList *self)
{
  g_autofree char *credit = g_strdup_printf (_("Descriptions from <a href=\"%s\">LARC</a> (Acquaviva et al.), "
                                               "CC BY 4.0"), ARC_LARC_URL);

  self->rows = g_ptr_array_new_with_free_func (g_free);
  self->limit = FIRST_SHOWN;
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  self->own_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->own_label = text_label ("", "caption");
  self->own_button = action_button (_("_Build from Description"),
                                    _("Build the test output from your description alone, as in LARC"),
                                    "win.build-from-description", "", _("Build from your description"));
  gtk_widget_set_halign (self->own_button, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (self->own_box), self->own_label);
  gtk_box_append (GTK_BOX (self->own_box), self->own_button);
  gtk_box_append (GTK_BOX (self->box), self->own_box);
  self->list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (self->list, "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Other descriptions"), -1);
  gtk_box_append (GTK_BOX (self->box), self->list);
  self->more_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->more_label = text_label ("", "caption");
  gtk_label_set_selectable (GTK_LABEL (self->more_label), FALSE);
  gtk_widget_set_hexpand (self->more_label, TRUE);
  self->more_button = gtk_button_new_with_mnemonic ("");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->more_button), "descriptions.show-more");
  gtk_widget_set_valign (self->more_button, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (self->more_box), self->more_label);
  gtk_box_append (GTK_BOX (self->more_box), self->more_button);
  gtk_widget_set_visible (self->more_box, FALSE);
  gtk_box_append (GTK_BOX (self->box), self->more_box);
  self->credit = arc_larc_credit_new (credit);
  gtk_box_append (GTK_BOX (self->box), self->credit);
  g_object_bind_property (self, "has-own", self->own_box, "visible", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self, "has-others", self->list, "visible", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self, "has-larc", self->credit, "visible", G_BINDING_SYNC_CREATE);
}

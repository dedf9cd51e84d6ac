/* arc-solve-view-layout.c: what the workspace's template needs: its size
 * (as high as its grids need at the width it gets), a verdict of one
 * height whatever it says, and the words of a wrong answer; the palette's
 * swatches, and the functions of the template's expressions.
 *
 * The grids are given the room of the task's grids (update_rooms()): the
 * test input's, and for the grid being built the largest the task's
 * answers are likely to be, from its test inputs, its train outputs and
 * how its pairs scale; the workspace measures them fitted to that room
 * whatever the grid built is now and however they are zoomed, so that
 * nothing it lays out moves while the grid is edited or zoomed.
 *
 * A part of ArcSolveView that calls none of its other parts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-solve-view"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "arc-grid-view.h"
#include "arc-pair-layout.h"
#include "arc-solve-view-private.h"
#include "arc-tools-layout.h"
#include "arc-wrap-layout.h"
#include "arc-tooltip.h"

static double output_cell_score (int      width,
                                 int      height,
                                 gpointer data);
static void   grids_fitted      (GtkOrientation orientation,
                                 int            for_size,
                                 int           *minimum,
                                 int           *natural,
                                 gpointer       data);
static void   size_labels_cb    (GtkWidget      *widget,
                                 gpointer        data);
static void   child_fitted      (GtkWidget      *child,
                                 GtkOrientation  orientation,
                                 int             for_size,
                                 int            *minimum,
                                 int            *natural,
                                 gpointer        data);

static int
height_for (GtkWidget *widget,
            int        width)
{
  int min, nat;

  gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, width, &min, &nat, NULL, NULL);
  return MAX (min, nat);
}

/* What is wrong: the size, or (when they are shown) the cells; a grid of
 * the wrong size has no cells to cross out */
static void
append_what_is_wrong (GString *text,
                      int      height,
                      int      width,
                      int      n_wrong)
{
  if (height > 0)
    g_string_append_printf (text, _(" The size is wrong: the answer is not %d×%d."), height, width);
  else if (n_wrong >= 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, " %u cell is wrong (crossed out).",
                                               " %u cells are wrong (crossed out).", (guint) n_wrong), (guint) n_wrong);
}

/**
 * arc_solve_view_wrong_text:
 * @counts: whether the attempt counted
 * @left: the trials left after it
 * @height: the height of a wrong-sized output, or 0 when its size is right
 * @width: its width
 * @n_wrong: the wrong cells, or -1 when they are not shown (nor said for
 *   a wrong size)
 *
 * Returns: what a wrong answer says
 */
char *
arc_solve_view_wrong_text (gboolean counts,
                           guint    left,
                           int      height,
                           int      width,
                           int      n_wrong)
{
  GString *text = g_string_new (NULL);

  if (!counts)
    g_string_append (text, _("Wrong (practice, not counted)."));
  else if (left == 0)
    g_string_append (text, _("Wrong. No trials left: this test input is failed."));
  else
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "Wrong. %u trial left.", "Wrong. %u trials left.", left), left);
  append_what_is_wrong (text, height, width, n_wrong);
  return g_string_free (text, FALSE);
}

/**
 * arc_solve_view_repeat_text:
 * The words of a grid submitted again after it was judged wrong, which
 * spends no trial (arc_solve_is_repeat()); the arguments as
 * arc_solve_view_wrong_text()'s.
 */
char *
arc_solve_view_repeat_text (guint left,
                            int   height,
                            int   width,
                            int   n_wrong)
{
  GString *text = g_string_new (NULL);

  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                             "Wrong, as before: the same grid spends no trial. %u trial left.",
                                             "Wrong, as before: the same grid spends no trial. %u trials left.", left),
                          left);
  append_what_is_wrong (text, height, width, n_wrong);
  return g_string_free (text, FALSE);
}

/* The size: the template's box (whose grids ask for the room of the
 * task's grids, arc-tools-layout.c) */
static void
arc_solve_view_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  ArcSolveView *self = (ArcSolveView *) widget;  /* this class's own vfunc */

  gtk_widget_measure (self->box, orientation, for_size, minimum, natural, minimum_baseline, natural_baseline);
}

/* The field is mended or left: the message was about what it held */
static void
size_error_stale_cb (ArcSolveView *self)
{
  arc_solve_view_say_size_error (self, NULL);
}

/* Left with what is no size ("40x40", "abc"), the field shows the grid's
 * size again: it had kept the text beside a grid of another size. A size
 * stays (clicking Resize leaves the field first). */
static void
size_field_left_cb (ArcSolveView *self)
{
  int height, width;

  if (self->solve && !arc_parse_size (gtk_editable_get_text (GTK_EDITABLE (self->size_entry)), &height, &width))
    arc_solve_view_reset_size_field (self);
  else
    arc_solve_view_say_size_error (self, NULL);
}

/**
 * arc_solve_view_reset_size_field:
 * The size field shows the output grid's size, also over what was typed
 * there (for another task or test input), and no error.
 */
void
arc_solve_view_reset_size_field (ArcSolveView *self)
{
  const ArcGrid *output = arc_solve_get_output (self->solve);
  g_autofree char *size = g_strdup_printf ("%d×%d", arc_grid_get_height (output), arc_grid_get_width (output));

  gtk_editable_set_text (GTK_EDITABLE (self->size_entry), size);
  arc_solve_view_say_size_error (self, NULL);
}

/**
 * arc_solve_view_say_size_error:
 * @message: (nullable): why the size field's text is no size, or %NULL
 *
 * Says @message in a bubble at the size field and marks the field invalid,
 * until its text changes or it loses the focus; %NULL takes both away. The
 * bubble is drawn over the workspace and moves nothing on the page (a line
 * under the tools had moved the grids or the tools); it takes no pointer,
 * so that what it covers (Submit, in a small window) can still be clicked
 * (a popover, a window of its own, had taken that click).
 */
void
arc_solve_view_say_size_error (ArcSolveView *self,
                               const char   *message)
{
  if (message == NULL)
    {
      /* (this runs at every key typed in the field: nothing to undo then) */
      if (!gtk_widget_has_css_class (self->size_entry, "error"))
        return;
      if (self->size_error)
        gtk_widget_set_visible (self->size_error, FALSE);
      gtk_widget_remove_css_class (self->size_entry, "error");
      gtk_widget_set_has_tooltip (self->size_entry, TRUE);
      gtk_accessible_reset_state (GTK_ACCESSIBLE (self->size_entry), GTK_ACCESSIBLE_STATE_INVALID);
      gtk_accessible_reset_property (GTK_ACCESSIBLE (self->size_entry), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
      return;
    }
  if (self->size_error == NULL)
    {
      self->size_error = gtk_label_new (NULL);
      gtk_label_set_wrap (GTK_LABEL (self->size_error), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (self->size_error), 32);
      gtk_widget_add_css_class (self->size_error, "error");
      gtk_widget_add_css_class (self->size_error, "size-error");
      gtk_widget_set_can_target (self->size_error, FALSE);
      /* (screen readers hear it as the field's description) */
      gtk_accessible_update_state (GTK_ACCESSIBLE (self->size_error), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
      gtk_widget_set_parent (self->size_error, GTK_WIDGET (self));
      g_signal_connect_object (self->size_entry, "changed", G_CALLBACK (size_error_stale_cb), self,
                               G_CONNECT_SWAPPED);
    }
  gtk_label_set_text (GTK_LABEL (self->size_error), message);
  gtk_widget_set_visible (self->size_error, TRUE);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  gtk_widget_add_css_class (self->size_entry, "error");
  gtk_widget_set_has_tooltip (self->size_entry, FALSE);  /* (which would cover it, under the pointer) */
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->size_entry), GTK_ACCESSIBLE_STATE_INVALID,
                               GTK_ACCESSIBLE_INVALID_TRUE, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->size_entry), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message, -1);
}

/* The size error's bubble follows the field: under it, or above it when
 * the workspace ends first; inside the workspace's width */
static void
place_size_error (ArcSolveView *self,
                  int           width,
                  int           height)
{
  graphene_rect_t field;
  int bubble_width, bubble_height, x, y;

  if (self->size_error == NULL || !gtk_widget_get_visible (self->size_error))
    return;
  if (!gtk_widget_compute_bounds (self->size_entry, GTK_WIDGET (self), &field))
    field = GRAPHENE_RECT_INIT (0, 0, 0, 0);
  gtk_widget_measure (self->size_error, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &bubble_width, NULL, NULL);
  bubble_width = MIN (bubble_width, width);
  gtk_widget_measure (self->size_error, GTK_ORIENTATION_VERTICAL, bubble_width, NULL, &bubble_height, NULL, NULL);
  x = CLAMP ((int) field.origin.x, 0, MAX (width - bubble_width, 0));
  y = (int) (field.origin.y + field.size.height) + 6;
  if (y + bubble_height > height && field.origin.y - 6 - bubble_height >= 0)
    y = (int) field.origin.y - 6 - bubble_height;
  gtk_widget_size_allocate (self->size_error, &(GtkAllocation) { x, y, bubble_width, bubble_height }, -1);
}

static void
arc_solve_view_size_allocate (GtkWidget *widget,
                              int        width,
                              int        height,
                              int        baseline)
{
  ArcSolveView *self = (ArcSolveView *) widget;

  gtk_widget_allocate (self->box, width, height, baseline, NULL);
  if (!self->compact)
    self->header_height = gtk_widget_get_height (self->header);
  /* The grid menu's popover is sized to its items only when presented */
  if (self->grid_popover)
    gtk_popover_present (GTK_POPOVER (self->grid_popover));
  place_size_error (self, width, height);
}

static GtkSizeRequestMode
arc_solve_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* The verdicts whose room the verdict keeps (see verdict_height()) */
typedef struct
{
  const char *texts[6];
  guint       n_texts;
  char       *owned[6];
  guint       n_owned;
} VerdictTexts;

static const char *
own_text (VerdictTexts *v,
          char         *text)
{
  v->owned[v->n_owned++] = text;
  return text;
}

static void
verdict_texts_init (VerdictTexts *v,
                    GtkWidget    *label,
                    gboolean      editing,
                    gboolean      compact)
{
  *v = (VerdictTexts) { { gtk_label_get_text (GTK_LABEL (label)) }, 1, { NULL }, 0 };
  if (!editing && compact)
    {
      /* (the few words of each, see show_wrong() and show_status()) */
      v->texts[v->n_texts++] = own_text (v, arc_solve_view_wrong_text (TRUE, 2, 0, 0, -1));
      v->texts[v->n_texts++] = _("Wrong. No trials left.");
      v->texts[v->n_texts++] = _("Wrong, not counted");
      v->texts[v->n_texts++] = _("Failed: no trials left");
      v->texts[v->n_texts++] = _("Answer hidden: not judged");
    }
  else if (!editing)
    {
      v->texts[v->n_texts++] = own_text (v, arc_solve_view_wrong_text (TRUE, 0, 30, 30, 900));
      v->texts[v->n_texts++] = own_text (v, arc_solve_view_wrong_text (FALSE, 0, 30, 30, 900));
      v->texts[v->n_texts++] = own_text (v, arc_solve_view_repeat_text (2, 30, 30, 900));
      v->texts[v->n_texts++] = _("No trials left: this test input is failed. You can go on practising; it does not count.");
      v->texts[v->n_texts++] = _("The answer is hidden: a submission is recorded, not judged");
    }
}

static void
verdict_texts_clear (VerdictTexts *v)
{
  for (guint i = 0; i < v->n_owned; i++)
    g_free (v->owned[i]);
}

static gboolean
verdict_editing (GtkWidget *label,
                 gboolean  *compact)
{
  ArcSolveView *view = g_object_get_data (G_OBJECT (gtk_widget_get_parent (label)), "arc-solve-view");

  *compact = view && view->compact;
  /* While editing, the one line it says is all it will say */
  return view && view->history;
}

/* The verdict's height at @width: what the longest verdict needs there, one
 * line at least and three at most, however long the one shown is (while
 * editing, the one line it has). A short verdict leaves no room of three
 * lines empty in a wide workspace, and nothing below moves when it
 * changes. A compact workspace shows few words (see
 * arc_solve_view_show_verdict()): the room of the longest of those it
 * says at each submission, at most two lines. The one shown is never
 * cut: when it needs more lines (a narrower workspace still, longer
 * words), it has them. */
static int
verdict_height (GtkWidget *label,
                int        width)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (label, "X");
  gboolean compact, editing = verdict_editing (label, &compact);
  VerdictTexts v;
  int one, most, shown, height = 0;

  gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, width, NULL, &shown, NULL, NULL);
  pango_layout_get_pixel_size (layout, NULL, &one);
  pango_layout_set_text (layout, compact ? "X\nX" : "X\nX\nX", -1);
  pango_layout_get_pixel_size (layout, NULL, &most);
  if (width <= 0)
    return MAX (compact ? one : most, shown);
  pango_layout_set_width (layout, width * PANGO_SCALE);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  verdict_texts_init (&v, label, editing, compact);
  for (guint i = 0; i < v.n_texts; i++)
    {
      int h;

      pango_layout_set_text (layout, v.texts[i], -1);
      pango_layout_get_pixel_size (layout, NULL, &h);
      height = MAX (height, h);
    }
  verdict_texts_clear (&v);
  return MAX (CLAMP (height, one, most), shown);
}

/* Compact, the verdict asks for no width of its own (the row's room is
 * what is left beside the grid's name and size): the widest word of the
 * verdicts it keeps the room of, whichever is shown */
static int
verdict_compact_width (GtkWidget *label)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (label, NULL);
  VerdictTexts v;
  int widest = 0;

  verdict_texts_init (&v, label, FALSE, TRUE);
  for (guint i = 0; i < v.n_texts; i++)
    {
      g_auto(GStrv) words = g_strsplit (v.texts[i], " ", -1);

      for (guint w = 0; words[w]; w++)
        {
          int width;

          pango_layout_set_text (layout, words[w], -1);
          pango_layout_get_pixel_size (layout, &width, NULL);
          widest = MAX (widest, width);
        }
    }
  verdict_texts_clear (&v);
  return widest;
}

static void
verdict_measure (GtkWidget      *box,
                 GtkOrientation  orientation,
                 int             for_size,
                 int            *minimum,
                 int            *natural,
                 int            *minimum_baseline,
                 int            *natural_baseline)
{
  GtkWidget *label = gtk_widget_get_first_child (box);

  ArcSolveView *view = g_object_get_data (G_OBJECT (box), "arc-solve-view");

  if (orientation == GTK_ORIENTATION_HORIZONTAL && view && view->compact && !view->history)
    {
      int label_min;

      gtk_widget_measure (label, orientation, -1, &label_min, NULL, NULL, NULL);
      *minimum = *natural = MAX (label_min, verdict_compact_width (label));
    }
  else if (orientation == GTK_ORIENTATION_HORIZONTAL)
    gtk_widget_measure (label, orientation, -1, minimum, natural, NULL, NULL);
  /* Compact, the grids' label rows are of one height (a size group), each
   * measured at the other's width too: the verdict is as high as it needs
   * at the width it has, not at one of the test input's row (a new width
   * is measured again, see verdict_allocate()) */
  else if (view && view->compact && view->verdict_width > 0)
    *minimum = *natural = verdict_height (label, view->verdict_width);
  else
    *minimum = *natural = verdict_height (label, for_size);
}

/* The next frame measures the verdict again, at its new width */
static gboolean
measure_verdict_cb (GtkWidget     *box,
                    GdkFrameClock *clock,
                    gpointer       data)
{
  g_object_set_data (G_OBJECT (box), "arc-remeasure", NULL);
  gtk_widget_queue_resize (box);
  return G_SOURCE_REMOVE;
}

static void
verdict_allocate (GtkWidget *box,
                  int        width,
                  int        height,
                  int        baseline)
{
  GtkWidget *label = gtk_widget_get_first_child (box);
  ArcSolveView *view = g_object_get_data (G_OBJECT (box), "arc-solve-view");

  gtk_widget_allocate (label, width, height, -1, NULL);
  /* Narrower or wider than it was measured at (or than the test input's
   * row measured it at, before it had a width): measured again there, in
   * the next frame (a resize queued while allocating leaves the box
   * without an allocation when it is drawn) */
  if (view && view->compact && width != view->verdict_width)
    {
      view->verdict_width = width;
      if (!g_object_get_data (G_OBJECT (box), "arc-remeasure"))
        {
          gtk_widget_add_tick_callback (box, measure_verdict_cb, NULL, NULL);
          g_object_set_data (G_OBJECT (box), "arc-remeasure", GINT_TO_POINTER (1));
        }
    }
}

static GtkSizeRequestMode
verdict_request_mode (GtkWidget *box)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* The palette */

/* A swatch clicked has the focus, as any button (it took none on the
 * press: only the colour in use is a stop of Tab, see swatch_focus_cb()) */
static void
swatch_clicked_cb (GtkWidget *button)
{
  gtk_widget_grab_focus (button);
}

/* Each swatch of the template shows its colour, which is its action target */
static void
setup_swatches (GtkWidget *palette)
{
  for (GtkWidget *button = gtk_widget_get_first_child (palette); button; button = gtk_widget_get_next_sibling (button))
    {
      GVariant *target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (button));
      g_autoptr(ArcGrid) one = arc_grid_new (1, 1);
      g_autofree char *label = NULL;
      g_autofree char *tip = NULL;
      GtkWidget *swatch;
      guint colour;

      if (target == NULL || !g_variant_is_of_type (target, G_VARIANT_TYPE_INT32))
        continue;
      colour = (guint) g_variant_get_int32 (target);
      g_assert (colour < ARC_N_COLOURS);
      label = g_strdup_printf (_("Colour %u"), colour);
      tip = g_strdup_printf (_("Colour %u, %s (key %u)"), colour, arc_colour_get_name ((guint8) colour), colour);
      arc_grid_set (one, 0, 0, (guint8) colour);
      swatch = arc_grid_view_new ();
      arc_grid_view_set_grid (ARC_GRID_VIEW (swatch), one);
      arc_grid_view_set_cell_range (ARC_GRID_VIEW (swatch), 18, 18);
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_button_set_child (GTK_BUTTON (button), swatch);
      gtk_widget_set_tooltip_text (button, tip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      g_signal_connect_after (button, "clicked", G_CALLBACK (swatch_clicked_cb), NULL);
    }
}

/* The palette is one stop of Tab, at the colour in use (the digits pick
 * the others, and the arrows from a swatch move the grid's cursor): Tab
 * had stopped at each of the ten swatches on the way to the tools. The
 * focus in the palette follows the colour a digit picks. */
static void
swatch_focus_cb (ArcSolveView *self)
{
  GtkWidget *palettes[] = { self->palette_start, self->palette_end };
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;
  gboolean in_palette = focus && (gtk_widget_get_parent (focus) == self->palette_start ||
                                  gtk_widget_get_parent (focus) == self->palette_end);

  for (guint p = 0; p < G_N_ELEMENTS (palettes); p++)
    for (GtkWidget *button = gtk_widget_get_first_child (palettes[p]); button; button = gtk_widget_get_next_sibling (button))
      {
        GVariant *target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (button));
        gboolean current = target && g_variant_is_of_type (target, G_VARIANT_TYPE_INT32) &&
                           g_variant_get_int32 (target) == (int) self->colour;

        gtk_widget_set_focusable (button, current);
        if (current && in_palette && focus != button)
          gtk_widget_grab_focus (button);
      }
}

static void
colour_notify_cb (ArcSolveView *self,
                  GParamSpec   *pspec,
                  gpointer      data)
{
  swatch_focus_cb (self);
}

/* The template's expressions: the box shows a workspace, the tools for
 * solving go while editing */
static gboolean
is_set_cb (ArcSolveView *self,
           GObject      *object)
{
  return object != NULL;
}

static gboolean
not_cb (ArcSolveView *self,
        gboolean      value)
{
  return !value;
}

/* The message while the work file cannot be written: what happened, that
 * the work is kept, and the writer's words (the file and the reason) */
static gboolean
has_error_cb (ArcSolveView *self,
              const GError *error)
{
  return error != NULL;
}

static char *
save_error_text_cb (ArcSolveView *self,
                    const GError *error)
{
  const char *what;

  if (error == NULL)
    return g_strdup ("");
  if (g_error_matches (error, ARC_ERROR, ARC_ERROR_NO_SPACE))
    what = _("The disk is full: the work in progress is not saved");
  else if (g_error_matches (error, ARC_ERROR, ARC_ERROR_READ_ONLY))
    what = _("The work in progress is not saved: its folder is read-only");
  else
    what = _("The work in progress is not saved");
  /* (one paragraph, then the file: a message of three lines at most where
   * the workspace is wide, to leave the grids their room) */
  return g_markup_printf_escaped ("<b>%s.</b> %s\n<small>%s</small>", what,
                                  _("It is kept in memory and saved by itself as soon as it can be "
                                    "(tried every few seconds)."),
                                  error->message);
}

void
arc_solve_view_class_add_layout (GtkWidgetClass *widget_class)
{
  widget_class->measure = arc_solve_view_measure;
  widget_class->size_allocate = arc_solve_view_size_allocate;
  widget_class->get_request_mode = arc_solve_view_get_request_mode;
  gtk_widget_class_bind_template_callback (widget_class, is_set_cb);
  gtk_widget_class_bind_template_callback (widget_class, not_cb);
  gtk_widget_class_bind_template_callback (widget_class, has_error_cb);
  gtk_widget_class_bind_template_callback (widget_class, save_error_text_cb);
}

/* The header: the title (with its buttons), and the verdict beside it when
 * that leaves the verdict HEADER_VERDICT_WIDTH, else under it. Either way
 * the verdict is as high as the longest needs at its width, so that
 * nothing moves when it changes. */
#define HEADER_VERDICT_WIDTH 320
#define HEADER_SPACING       12

static gboolean
header_beside (GtkWidget *title,
               int        width,
               int       *title_width)
{
  gtk_widget_measure (title, GTK_ORIENTATION_HORIZONTAL, -1, NULL, title_width, NULL, NULL);
  return width < 0 || width - *title_width - HEADER_SPACING >= HEADER_VERDICT_WIDTH;
}

static void
header_measure (GtkWidget      *header,
                GtkOrientation  orientation,
                int             for_size,
                int            *minimum,
                int            *natural,
                int            *minimum_baseline,
                int            *natural_baseline)
{
  GtkWidget *title = gtk_widget_get_first_child (header);
  GtkWidget *verdict = gtk_widget_get_next_sibling (title);
  int title_min, title_nat, verdict_min, title_width;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* Narrowest stacked; natural beside */
      gtk_widget_measure (title, orientation, -1, &title_min, &title_nat, NULL, NULL);
      gtk_widget_measure (verdict, orientation, -1, &verdict_min, NULL, NULL, NULL);
      *minimum = MAX (title_min, verdict_min);
      *natural = title_nat + HEADER_SPACING + HEADER_VERDICT_WIDTH;
      return;
    }
  if (header_beside (title, for_size, &title_width))
    *minimum = *natural = MAX (height_for (title, title_width),
                               height_for (verdict, for_size < 0 ? -1 : for_size - title_width - HEADER_SPACING));
  else
    *minimum = *natural = height_for (title, for_size) + height_for (verdict, for_size);
}

static void
header_allocate (GtkWidget *header,
                 int        width,
                 int        height,
                 int        baseline)
{
  GtkWidget *title = gtk_widget_get_first_child (header);
  GtkWidget *verdict = gtk_widget_get_next_sibling (title);
  int title_width;

  if (header_beside (title, width, &title_width))
    {
      int x = title_width + HEADER_SPACING;

      gtk_widget_size_allocate (title, &(GtkAllocation) { 0, 0, title_width, height_for (title, title_width) }, -1);
      /* (its first line on the title's baseline, about) */
      gtk_widget_size_allocate (verdict, &(GtkAllocation) { x, 8, width - x, height_for (verdict, width - x) }, -1);
    }
  else
    {
      int title_height = height_for (title, width);

      gtk_widget_size_allocate (title, &(GtkAllocation) { 0, 0, width, title_height }, -1);
      gtk_widget_size_allocate (verdict, &(GtkAllocation) { 0, title_height, width, height - title_height }, -1);
    }
}

static GtkSizeRequestMode
header_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* @child moved into @parent, after @sibling (NULL: first) or, with
 * @at_end, last */
static void
move_child (GtkWidget *child,
            GtkWidget *parent,
            GtkWidget *sibling,
            gboolean   at_end)
{
  GtkWidget *place = at_end ? gtk_widget_get_last_child (parent) : sibling;

  if (gtk_widget_get_parent (child) == parent && gtk_widget_get_prev_sibling (child) == place)
    return;
  if (place == child)
    return;
  g_object_ref (child);
  gtk_widget_unparent (child);
  gtk_widget_insert_after (child, parent, at_end ? gtk_widget_get_last_child (parent) : sibling);
  g_object_unref (child);
}

/* The buttons to the previous and the next test input: not while
 * editing; compact, small, and only when there is another test input */
static void
show_test_buttons (ArcSolveView *self)
{
  GtkWidget *box = gtk_widget_get_parent (self->title);
  gboolean another = FALSE;

  for (GtkWidget *c = gtk_widget_get_first_child (box); c; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_BUTTON (c) && gtk_widget_get_sensitive (c))
      another = TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (box); c; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_BUTTON (c) && c != self->title_widget)
      {
        gtk_widget_set_visible (c, self->history == NULL && (!self->compact || another));
        if (self->compact)
          gtk_widget_add_css_class (c, "compact-nav");
        else
          gtk_widget_remove_css_class (c, "compact-nav");
        gtk_widget_set_valign (c, self->compact ? GTK_ALIGN_CENTER : GTK_ALIGN_START);
      }
}

static void
test_button_sensitive_cb (GObject    *button,
                          GParamSpec *pspec,
                          gpointer    user_data)
{
  show_test_buttons (user_data);
}

/* A grid's label row: its name, its size and, compact, the title or the
 * verdict, side by side, each as wide as its minimum and a share of the
 * rest by what it asks for (what is left to those that expand), as high
 * as the highest at the width it gets. (A GtkBox gave GTK 4.18 a minimum
 * height above its natural one, its labels' baselines beside a verdict
 * that wraps.) */
#define LABEL_ROW_SPACING 6
#define LABEL_ROW_MAX     8

static guint
label_row_widths (GtkWidget        *row,
                  int               width,
                  GtkRequestedSize *sizes)
{
  guint n = 0;
  int rest = width;

  for (GtkWidget *c = gtk_widget_get_first_child (row); c && n < LABEL_ROW_MAX; c = gtk_widget_get_next_sibling (c))
    if (gtk_widget_should_layout (c))
      {
        gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, &sizes[n].minimum_size, &sizes[n].natural_size, NULL, NULL);
        sizes[n].data = c;
        rest -= sizes[n].minimum_size + (n > 0 ? LABEL_ROW_SPACING : 0);
        n++;
      }
  if (rest > 0 && width < G_MAXINT / 2)
    {
      guint n_expand = 0;

      rest = gtk_distribute_natural_allocation (rest, n, sizes);
      for (guint i = 0; i < n; i++)
        n_expand += gtk_widget_compute_expand (sizes[i].data, GTK_ORIENTATION_HORIZONTAL);
      for (guint i = 0; i < n && n_expand > 0; i++)
        if (gtk_widget_compute_expand (sizes[i].data, GTK_ORIENTATION_HORIZONTAL))
          {
            int share = rest / (int) n_expand--;

            sizes[i].minimum_size += share;
            rest -= share;
          }
    }
  else if (rest > 0)
    for (guint i = 0; i < n; i++)
      sizes[i].minimum_size = sizes[i].natural_size;
  return n;
}

static GtkSizeRequestMode
label_row_request_mode (GtkWidget *row)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
label_row_measure (GtkWidget      *row,
                   GtkOrientation  orientation,
                   int             for_size,
                   int            *minimum,
                   int            *natural,
                   int            *minimum_baseline,
                   int            *natural_baseline)
{
  GtkRequestedSize sizes[LABEL_ROW_MAX];
  guint n;

  *minimum = *natural = 0;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      n = label_row_widths (row, -1, sizes);
      for (guint i = 0; i < n; i++)
        {
          *minimum += sizes[i].minimum_size + (i > 0 ? LABEL_ROW_SPACING : 0);
          *natural += sizes[i].natural_size + (i > 0 ? LABEL_ROW_SPACING : 0);
        }
      return;
    }
  n = label_row_widths (row, for_size < 0 ? G_MAXINT / 2 : for_size, sizes);
  for (guint i = 0; i < n; i++)
    {
      int min, nat;

      gtk_widget_measure (sizes[i].data, orientation, for_size < 0 ? -1 : sizes[i].minimum_size, &min, &nat, NULL, NULL);
      *minimum = MAX (*minimum, min);
      *natural = MAX (*natural, nat);
    }
}

static void
label_row_allocate (GtkWidget *row,
                    int        width,
                    int        height,
                    int        baseline)
{
  GtkRequestedSize sizes[LABEL_ROW_MAX];
  guint n = label_row_widths (row, width, sizes);
  gboolean rtl = gtk_widget_get_direction (row) == GTK_TEXT_DIR_RTL;
  int x = 0;

  for (guint i = 0; i < n; i++)
    {
      int w = sizes[i].minimum_size;

      gtk_widget_size_allocate (sizes[i].data, &(GtkAllocation) { rtl ? width - x - w : x, 0, w, height }, -1);
      x += w + LABEL_ROW_SPACING;
    }
}

/* The label row (name and size) over the grid of @column */
static GtkWidget *
label_row (GtkWidget *column)
{
  return gtk_widget_get_first_child (column);
}

/**
 * arc_solve_view_place_header:
 * Where the header's parts are: above the grids; or, compact (a short
 * page), on the grids' label rows: the title with its buttons first on
 * the first grid's (in the place of the input's name while solving: the
 * title names it; the buttons small, and only for a task of several test
 * inputs), the verdict last on the last grid's, in few words (on two
 * lines where one is too narrow), all of it in its tooltip
 */
void
arc_solve_view_place_header (ArcSolveView *self)
{
  GtkWidget *title_box = gtk_widget_get_parent (self->title);
  GtkWidget *verdict_box = gtk_widget_get_parent (self->verdict);
  GtkWidget *first = gtk_widget_get_first_child (self->grids);
  GtkWidget *last = gtk_widget_get_last_child (self->grids);

  if (self->compact)
    {
      move_child (title_box, label_row (first), NULL, FALSE);
      move_child (verdict_box, label_row (last), NULL, TRUE);
    }
  else
    {
      move_child (title_box, self->header, NULL, FALSE);
      move_child (verdict_box, self->header, NULL, TRUE);
    }
  gtk_widget_set_visible (self->header, !self->compact);
  self->verdict_width = 0;
  gtk_widget_set_hexpand (verdict_box, self->compact);
  gtk_widget_set_margin_start (verdict_box, self->compact ? 6 : 0);
  /* (compact, the title on the line of the grid's size, also when the
   * verdict on the other grid's row takes two lines) */
  gtk_widget_set_valign (title_box, self->compact ? GTK_ALIGN_BASELINE : GTK_ALIGN_FILL);
  gtk_widget_set_valign (verdict_box, self->compact ? GTK_ALIGN_CENTER : GTK_ALIGN_FILL);
  /* (one line in the room of two: level with the grid's name) */
  gtk_label_set_yalign (GTK_LABEL (self->verdict), self->compact ? 0.5 : 0);
  gtk_widget_set_valign (self->title, self->compact ? GTK_ALIGN_BASELINE : GTK_ALIGN_START);
  gtk_widget_set_margin_top (self->title, self->compact ? 0 : 5);
  show_test_buttons (self);
  if (self->compact)
    {
      gtk_widget_remove_css_class (self->title, "title-4");
      gtk_widget_add_css_class (self->title, "heading");
    }
  else
    {
      gtk_widget_remove_css_class (self->title, "heading");
      gtk_widget_add_css_class (self->title, "title-4");
    }
  /* Solving, the title names the test input */
  gtk_widget_set_visible (self->input_label, !self->compact || self->history != NULL);
  /* Editing, the list of grids no higher than the labels */
  if (self->title_widget && self->compact)
    gtk_widget_add_css_class (self->title_widget, "compact-title");
  else if (self->title_widget)
    gtk_widget_remove_css_class (self->title_widget, "compact-title");
  arc_solve_view_show_verdict (self);
  gtk_widget_queue_resize (self->verdict);
}

/**
 * arc_solve_view_set_verdict:
 * @text: what the verdict line says (the whole, in a wide workspace)
 * @css_class: (nullable): "success", "error", "warning" or "dim-label"
 */
void
arc_solve_view_set_verdict (ArcSolveView *self,
                            const char   *text,
                            const char   *css_class)
{
  const char *classes[] = { "success", "error", "warning", "dim-label" };

  g_free (self->verdict_text);
  self->verdict_text = g_strdup (text);
  g_clear_pointer (&self->verdict_short, g_free);
  g_clear_pointer (&self->judged_grid, arc_grid_free);
  arc_solve_view_show_verdict (self);
  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    gtk_widget_remove_css_class (self->verdict, classes[i]);
  if (css_class)
    gtk_widget_add_css_class (self->verdict, css_class);
}

/**
 * arc_solve_view_set_verdict_short:
 * @text: the few words of the verdict a compact workspace shows, on a
 *   grid's label row (after arc_solve_view_set_verdict(), which forgets them)
 */
void
arc_solve_view_set_verdict_short (ArcSolveView *self,
                                  const char   *text)
{
  g_free (self->verdict_short);
  self->verdict_short = g_strdup (text);
  arc_solve_view_show_verdict (self);
}

/**
 * arc_solve_view_show_verdict:
 * The verdict's text (self->verdict_text), all of it in its tooltip. A
 * compact workspace shows its few words (self->verdict_short) when it has
 * them: a grid's label row has room for one line ("Wrong. 1 trial left.
 * 440 cells ar…" was cut); and none while editing, where the hint was cut
 * ("Every chan…"): the page shows it beside the examples, in Edit Task's bar
 */
void
arc_solve_view_show_verdict (ArcSolveView *self)
{
  const char *text = self->verdict_text ? self->verdict_text : "";
  const char *shown = !self->compact ? text : self->history ? "" : self->verdict_short ? self->verdict_short : text;

  gtk_label_set_text (GTK_LABEL (self->verdict), shown);
  arc_tooltip_set (self->verdict, text);
}

/**
 * arc_solve_view_set_compact:
 * @compact: whether the workspace gives its header's row to the grids (a
 *   short page): the title and the verdict go on the grids' labels
 */
void
arc_solve_view_set_compact (ArcSolveView *self,
                            gboolean      compact)
{
  GtkWidget *input_row = label_row (gtk_widget_get_parent (self->input_view));
  GtkWidget *output_row = label_row (gtk_widget_get_parent (self->output_view));

  /* (its type is not checked: this part calls nothing of arc-solve-view.c) */
  g_return_if_fail (self != NULL);
  if (self->compact == !!compact)
    return;
  self->compact = !!compact;
  if (compact)
    {
      gtk_size_group_add_widget (self->label_rows, input_row);
      gtk_size_group_add_widget (self->label_rows, output_row);
    }
  else
    {
      gtk_size_group_remove_widget (self->label_rows, input_row);
      gtk_size_group_remove_widget (self->label_rows, output_row);
    }
  arc_solve_view_place_header (self);
}

static void
editing_cb (GObject    *object,
            GParamSpec *pspec,
            gpointer    user_data)
{
  arc_solve_view_place_header ((ArcSolveView *) object);  /* (no type check: see arc_solve_view_set_compact()) */
}

void
arc_solve_view_init_layout (ArcSolveView *self)
{
  GtkWidget *verdict_box = gtk_widget_get_parent (self->verdict);

  /* The grid being built is drawn larger than the input when room is short,
   * and the tools go where they leave it larger */
  gtk_widget_set_layout_manager (self->grids, arc_pair_layout_new (16));
  arc_pair_layout_set_primary (ARC_PAIR_LAYOUT (gtk_widget_get_layout_manager (self->grids)),
                               gtk_widget_get_parent (self->output_view));
  arc_pair_layout_set_fitted (ARC_PAIR_LAYOUT (gtk_widget_get_layout_manager (self->grids)), child_fitted, self);
  gtk_widget_set_layout_manager (self->tools, arc_wrap_layout_new (8, 6));
  gtk_widget_set_layout_manager (self->body, arc_tools_layout_new (12, output_cell_score, grids_fitted, self));
  g_signal_connect (self, "realize", G_CALLBACK (size_labels_cb), NULL);
  gtk_widget_set_layout_manager (gtk_widget_get_parent (verdict_box),
                                 gtk_custom_layout_new (header_request_mode, header_measure, header_allocate));
  gtk_widget_set_layout_manager (label_row (gtk_widget_get_parent (self->input_view)),
                                 gtk_custom_layout_new (label_row_request_mode, label_row_measure, label_row_allocate));
  gtk_widget_set_layout_manager (label_row (gtk_widget_get_parent (self->output_view)),
                                 gtk_custom_layout_new (label_row_request_mode, label_row_measure, label_row_allocate));
  /* The box's layout reads whether the view is editing or compact */
  g_object_set_data (G_OBJECT (verdict_box), "arc-solve-view", self);
  gtk_widget_set_layout_manager (verdict_box,
                                 gtk_custom_layout_new (verdict_request_mode, verdict_measure, verdict_allocate));
  setup_swatches (self->palette_start);
  setup_swatches (self->palette_end);
  swatch_focus_cb (self);
  g_signal_connect (self, "notify::colour", G_CALLBACK (colour_notify_cb), NULL);
  {
    GtkEventController *focus = gtk_event_controller_focus_new ();

    g_signal_connect_swapped (focus, "leave", G_CALLBACK (size_field_left_cb), self);
    gtk_widget_add_controller (self->size_entry, focus);
  }
  self->header = gtk_widget_get_parent (verdict_box);
  self->label_rows = gtk_size_group_new (GTK_SIZE_GROUP_VERTICAL);
  g_object_set_data_full (G_OBJECT (self), "arc-label-rows", self->label_rows, g_object_unref);
  g_signal_connect (self, "notify::editing", G_CALLBACK (editing_cb), NULL);
  for (GtkWidget *c = gtk_widget_get_first_child (gtk_widget_get_parent (self->title)); c; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_BUTTON (c))
      g_signal_connect_object (c, "notify::sensitive", G_CALLBACK (test_button_sensitive_cb), self, 0);
}

/* The cell size of the output grid in @width × @height of the grids' room */
static int
output_cell (ArcSolveView *self,
             int           width,
             int           height)
{
  GtkWidget *output_box = gtk_widget_get_parent (self->output_view);
  int box_width, box_height, label_height;

  arc_pair_layout_primary_size (ARC_PAIR_LAYOUT (gtk_widget_get_layout_manager (self->grids)), self->grids,
                                width, height, &box_width, &box_height);
  /* The output grid, under its name and size */
  label_height = height_for (gtk_widget_get_first_child (output_box), box_width) +
                 gtk_box_get_spacing (GTK_BOX (output_box));
  return arc_grid_view_cell_for_size (ARC_GRID_VIEW (self->output_view), box_width, box_height - label_height);
}

static double
output_cell_score (int      width,
                   int      height,
                   gpointer data)
{
  return output_cell (data, width, height);
}

/* A grid's column (its label row, then the grid), or the arrow, measured
 * with the grid fitted to its room, whatever its zoom */
static void
child_fitted (GtkWidget      *child,
              GtkOrientation  orientation,
              int             for_size,
              int            *minimum,
              int            *natural,
              gpointer        data)
{
  ArcSolveView *self = data;
  GtkWidget *view = child == gtk_widget_get_parent (self->input_view) ? self->input_view
                    : child == gtk_widget_get_parent (self->output_view) ? self->output_view : NULL;
  GtkWidget *labels;
  int label_min, label_nat, grid_min, grid_nat, spacing;

  if (view == NULL)
    {
      gtk_widget_measure (child, orientation, for_size, minimum, natural, NULL, NULL);
      return;
    }
  /* (as its vertical GtkBox measures them) */
  labels = gtk_widget_get_first_child (child);
  spacing = gtk_widget_should_layout (labels) ? gtk_box_get_spacing (GTK_BOX (child)) : 0;
  label_min = label_nat = 0;
  if (gtk_widget_should_layout (labels))
    gtk_widget_measure (labels, orientation, for_size, &label_min, &label_nat, NULL, NULL);
  arc_grid_view_measure_fitted (ARC_GRID_VIEW (view), orientation, for_size, &grid_min, &grid_nat);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = MAX (label_min, grid_min);
      *natural = MAX (label_nat, grid_nat);
    }
  else
    {
      *minimum = label_min + spacing + grid_min;
      *natural = label_nat + spacing + grid_nat;
    }
}

/* The grids (their scrolled area's content), fitted */
static void
grids_fitted (GtkOrientation orientation,
              int            for_size,
              int           *minimum,
              int           *natural,
              gpointer       data)
{
  ArcSolveView *self = data;

  arc_pair_layout_measure_fitted (ARC_PAIR_LAYOUT (gtk_widget_get_layout_manager (self->grids)), self->grids,
                                  orientation, for_size, minimum, natural);
}

/* The size labels are as wide as the widest size ("30×30"): a grid
 * resized changes none of the widths its column asks for */
static void
size_labels_cb (GtkWidget *widget,
                gpointer   data)
{
  ArcSolveView *self = (ArcSolveView *) widget;  /* (no type check: this part calls nothing of arc-solve-view.c) */
  GtkWidget *labels[] = { self->input_size, self->output_size };

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    {
      g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (labels[i], "30×30");
      int width;

      pango_layout_get_pixel_size (layout, &width, NULL);
      gtk_widget_set_size_request (labels[i], width, -1);
    }
}

/* The size of a task's grids one way (@rows or columns) */
static int
extent (const ArcGrid *grid,
        gboolean       rows)
{
  return grid == NULL ? 0 : rows ? arc_grid_get_height (grid) : arc_grid_get_width (grid);
}

/* The room given to the answers of @task one way: the largest test input
 * and train output, and the test input scaled as every train pair scales
 * its input when they all do so (a 3×3 input made 9×9) */
static int
answer_room (ArcTask *task,
             gboolean rows)
{
  guint n_train = arc_task_get_n_train (task), n_test = arc_task_get_n_test (task);
  int room = 0, test = 0, in0 = 0, out0 = 0;
  gboolean scales = n_train > 0;

  for (guint i = 0; i < n_test; i++)
    test = MAX (test, extent (arc_task_get_test (task, i)->input, rows));
  for (guint i = 0; i < n_train; i++)
    {
      const ArcPair *pair = arc_task_get_train (task, i);
      int in = extent (pair->input, rows), out = extent (pair->output, rows);

      room = MAX (room, out);
      if (i == 0)
        {
          in0 = in;
          out0 = out;
        }
      /* (the same ratio out / in as the first pair's) */
      scales = scales && in > 0 && (gint64) out * in0 == (gint64) out0 * in;
    }
  room = MAX (room, test);
  if (scales && in0 > 0 && out0 > in0)
    room = MAX (room, (int) (((gint64) test * out0 + in0 - 1) / in0));
  return CLAMP (room, 1, 30);
}

/**
 * arc_solve_view_update_rooms:
 * The room the grids ask for: solving, the task's (its test inputs', and
 * its answers', answer_room()); editing, the grids' own (the task changes)
 * Returns: whether it changed
 */
gboolean
arc_solve_view_update_rooms (ArcSolveView *self)
{
  ArcTask *task = self->solve && self->history == NULL ? arc_solve_get_task (self->solve) : NULL;
  int rooms[4] = { 0, 0, 0, 0 };

  if (task && arc_task_get_n_test (task) > 0)
    {
      for (guint i = 0; i < arc_task_get_n_test (task); i++)
        {
          rooms[0] = MAX (rooms[0], extent (arc_task_get_test (task, i)->input, TRUE));
          rooms[1] = MAX (rooms[1], extent (arc_task_get_test (task, i)->input, FALSE));
        }
      rooms[0] = MAX (rooms[0], 1);
      rooms[1] = MAX (rooms[1], 1);
      rooms[2] = answer_room (task, TRUE);
      rooms[3] = answer_room (task, FALSE);
    }
  if (memcmp (rooms, self->rooms, sizeof rooms) == 0)
    return FALSE;
  memcpy (self->rooms, rooms, sizeof rooms);
  arc_grid_view_set_room (ARC_GRID_VIEW (self->input_view), rooms[0], rooms[1]);
  arc_grid_view_set_room (ARC_GRID_VIEW (self->output_view), rooms[2], rooms[3]);
  return TRUE;
}

/* arc_solve_view_cell_for_size()'s work (the view's type checked there) */
int
arc_solve_view_layout_cell_for_size (ArcSolveView *self,
                                     int           width,
                                     int           height)
{
  int grids_width, grids_height, minimum;

  if (!gtk_widget_get_visible (self->box) || width <= 0 || height <= 0)
    return 0;
  /* Narrower than it can be, it is not drawn there */
  gtk_widget_measure (self->box, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  if (width < minimum)
    return 0;
  /* What is above the grids and the tools */
  for (GtkWidget *c = gtk_widget_get_first_child (self->box); c && c != self->body; c = gtk_widget_get_next_sibling (c))
    if (gtk_widget_should_layout (c))
      height -= height_for (c, width) + gtk_box_get_spacing (GTK_BOX (self->box));
  arc_tools_layout_grids_room (ARC_TOOLS_LAYOUT (gtk_widget_get_layout_manager (self->body)), self->body,
                               width, MAX (height, 0), &grids_width, &grids_height);
  return output_cell (self, grids_width, grids_height);
}

/**
 * arc_solve_view_header_change:
 * Returns: how much higher its content would be, @compact or not, than it
 *   is now: the header's row (as high as it was allocated last) above the
 *   grids, or not
 */
int
arc_solve_view_header_change (ArcSolveView *self,
                              gboolean      compact)
{
  int room;

  g_return_val_if_fail (self != NULL, 0);
  if (!compact == !self->compact || !gtk_widget_get_visible (self->box))
    return 0;
  if (!self->compact)
    room = height_for (self->header, gtk_widget_get_width (self->box) > 0 ? gtk_widget_get_width (self->box) : -1);
  else if (self->header_height > 0)
    room = self->header_height;
  else  /* never above the grids yet: its title's row, about */
    room = height_for (gtk_widget_get_parent (self->title), -1);
  room += gtk_box_get_spacing (GTK_BOX (self->box));
  return compact ? -room : room;
}

/**
 * arc_solve_view_cell_for_room:
 * Returns: arc_solve_view_cell_for_size() of the workspace were it
 *   @compact or not (arc_solve_view_set_compact())
 */
int
arc_solve_view_cell_for_room (ArcSolveView *self,
                              int           width,
                              int           height,
                              gboolean      compact)
{
  g_return_val_if_fail (self != NULL, 0);
  return arc_solve_view_layout_cell_for_size (self, width, height - arc_solve_view_header_change (self, compact));
}

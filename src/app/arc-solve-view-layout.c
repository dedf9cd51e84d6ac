/* arc-solve-view-layout.c: the workspace's size: as high as its grids need
 * at the width it gets, and a verdict of one height whatever it says
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-solve-view"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-solve-view-private.h"

/* The size: the template's box, but the natural height for a width is
 * that of the grids at that width. (GTK 4.8's scrolled window measures
 * its child for no width: the grids at their largest cells, so tall that
 * a divider placed for the workspace's natural height left a gap under
 * them and squeezed the examples.) */
static void
arc_solve_view_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  ArcSolveView *self = ARC_SOLVE_VIEW (widget);
  GtkWidget *viewport = gtk_widget_get_parent (self->grids);
  GtkWidget *scroller = viewport ? gtk_widget_get_parent (viewport) : NULL;

  gtk_widget_measure (self->box, orientation, for_size, minimum, natural, minimum_baseline, natural_baseline);
  if (orientation == GTK_ORIENTATION_VERTICAL && for_size >= 0 && GTK_IS_SCROLLED_WINDOW (scroller) &&
      gtk_widget_get_visible (self->box))
    {
      int scroller_natural, grids_natural;

      gtk_widget_measure (scroller, GTK_ORIENTATION_VERTICAL, for_size, NULL, &scroller_natural, NULL, NULL);
      gtk_widget_measure (viewport, GTK_ORIENTATION_VERTICAL, for_size, NULL, &grids_natural, NULL, NULL);
      if (grids_natural < scroller_natural)
        *natural = MAX (*minimum, *natural - scroller_natural + grids_natural);
    }
}

static void
arc_solve_view_size_allocate (GtkWidget *widget,
                              int        width,
                              int        height,
                              int        baseline)
{
  gtk_widget_allocate (ARC_SOLVE_VIEW (widget)->box, width, height, baseline, NULL);
}

static GtkSizeRequestMode
arc_solve_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* The verdict's height at @width: what the longest verdict needs there, one
 * line at least and three at most, however long the one shown is (while
 * editing, the one line it has). A short
 * verdict leaves no room of three lines empty in a wide workspace, and
 * nothing below moves when it changes. */
static int
verdict_height (GtkWidget *label,
                int        width)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (label, "X");
  ArcSolveView *view = ARC_SOLVE_VIEW (gtk_widget_get_ancestor (label, ARC_TYPE_SOLVE_VIEW));
  /* While editing, the one line it says is all it will say */
  gboolean editing = view && view->history;
  g_autofree char *failed = editing ? NULL : arc_solve_view_wrong_text (TRUE, 0, 30, 30, 900);
  g_autofree char *practice = editing ? NULL : arc_solve_view_wrong_text (FALSE, 0, 30, 30, 900);
  g_autofree char *wrong = editing ? NULL : arc_solve_view_wrong_text (TRUE, 2, 30, 30, 900);
  const char *texts[] = {
    gtk_label_get_text (GTK_LABEL (label)), failed, practice, wrong,
    _("No trials left: this test input is failed. You can go on practising; it does not count."),
    _("The answer is hidden: a submission is recorded, not judged"),
  };
  guint n_texts = editing ? 1 : G_N_ELEMENTS (texts);
  int one, three, height = 0;

  pango_layout_get_pixel_size (layout, NULL, &one);
  pango_layout_set_text (layout, "X\nX\nX", -1);
  pango_layout_get_pixel_size (layout, NULL, &three);
  if (width <= 0)
    return three;
  pango_layout_set_width (layout, width * PANGO_SCALE);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  for (guint i = 0; i < n_texts; i++)
    {
      int h;

      pango_layout_set_text (layout, texts[i], -1);
      pango_layout_get_pixel_size (layout, NULL, &h);
      height = MAX (height, h);
    }
  return CLAMP (height, one, three);
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

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    gtk_widget_measure (label, orientation, -1, minimum, natural, NULL, NULL);
  else
    *minimum = *natural = verdict_height (label, for_size);
}

static void
verdict_allocate (GtkWidget *box,
                  int        width,
                  int        height,
                  int        baseline)
{
  gtk_widget_allocate (gtk_widget_get_first_child (box), width, height, -1, NULL);
}

static GtkSizeRequestMode
verdict_request_mode (GtkWidget *box)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

void
arc_solve_view_class_add_layout (GtkWidgetClass *widget_class)
{
  widget_class->measure = arc_solve_view_measure;
  widget_class->size_allocate = arc_solve_view_size_allocate;
  widget_class->get_request_mode = arc_solve_view_get_request_mode;
}

void
arc_solve_view_init_layout (ArcSolveView *self)
{
  gtk_widget_set_layout_manager (gtk_widget_get_parent (self->verdict),
                                 gtk_custom_layout_new (verdict_request_mode, verdict_measure, verdict_allocate));
}

/* test-layouts.c: ArcPairLayout and ArcWrapLayout, measured and allocated
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gtk/gtk.h>
#include <math.h>

#include "arc-grid-view.h"
#include "arc-pair-layout.h"
#include "arc-wrap-layout.h"

/* A box with @n children of @width × @height, under @layout */
static GtkWidget *
container (GtkLayoutManager *layout,
           guint             n,
           const int        *widths,
           int               height)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  g_object_ref_sink (box);
  gtk_widget_set_layout_manager (box, layout);
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *child = gtk_label_new (NULL);

      gtk_widget_set_size_request (child, widths[i], height);
      gtk_box_append (GTK_BOX (box), child);
    }
  return box;
}

static GtkWidget *
nth (GtkWidget *box, guint i)
{
  GtkWidget *child = gtk_widget_get_first_child (box);

  while (i-- > 0)
    child = gtk_widget_get_next_sibling (child);
  return child;
}

static void
assert_at (GtkWidget *box, guint i, double x, double y)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (nth (box, i), box, &bounds));
  g_assert_cmpfloat (bounds.origin.x, ==, x);
  g_assert_cmpfloat (bounds.origin.y, ==, y);
}

static void
test_wrap (void)
{
  const int widths[] = { 100, 100, 100, 60 };
  GtkWidget *box = container (arc_wrap_layout_new (10, 5), 4, widths, 20);
  int min, nat;

  /* At least the widest child, at best all on one line */
  gtk_widget_measure (box, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  g_assert_cmpint (min, ==, 100);
  g_assert_cmpint (nat, ==, 390);
  /* 250 wide: two on a line, then the third with the short fourth */
  gtk_widget_measure (box, GTK_ORIENTATION_VERTICAL, 250, &min, &nat, NULL, NULL);
  g_assert_cmpint (nat, ==, 45);
  gtk_widget_size_allocate (box, &(GtkAllocation) { 0, 0, 250, 45 }, -1);
  assert_at (box, 0, 0, 0);
  assert_at (box, 1, 110, 0);
  assert_at (box, 2, 0, 25);
  assert_at (box, 3, 110, 25);
  /* 100 wide: one a line */
  gtk_widget_measure (box, GTK_ORIENTATION_VERTICAL, 100, &min, &nat, NULL, NULL);
  g_assert_cmpint (nat, ==, 4 * 20 + 3 * 5);
  /* Wide enough: one line */
  gtk_widget_measure (box, GTK_ORIENTATION_VERTICAL, 390, &min, &nat, NULL, NULL);
  g_assert_cmpint (nat, ==, 20);
  g_object_unref (box);
}

static void
test_pair (void)
{
  const int widths[] = { 200, 16, 150 };
  GtkWidget *box = container (arc_pair_layout_new (10), 3, widths, 40);
  int min, nat;

  gtk_widget_add_css_class (nth (box, 1), "pair-arrow");
  gtk_widget_measure (box, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  g_assert_cmpint (min, ==, 200);
  g_assert_cmpint (nat, ==, 386);

  /* Room for all: side by side */
  gtk_widget_measure (box, GTK_ORIENTATION_VERTICAL, 400, &min, &nat, NULL, NULL);
  g_assert_cmpint (nat, ==, 40);
  gtk_widget_size_allocate (box, &(GtkAllocation) { 0, 0, 400, 40 }, -1);
  g_assert_false (arc_pair_layout_is_stacked (ARC_PAIR_LAYOUT (gtk_widget_get_layout_manager (box))));
  assert_at (box, 0, 0, 0);
  assert_at (box, 2, 236, 0);

  /* Too narrow: one above the other, the arrow between them */
  gtk_widget_measure (box, GTK_ORIENTATION_VERTICAL, 300, &min, &nat, NULL, NULL);
  g_assert_cmpint (nat, ==, 3 * 40 + 2 * 10);
  gtk_widget_size_allocate (box, &(GtkAllocation) { 0, 0, 300, 140 }, -1);
  g_assert_true (arc_pair_layout_is_stacked (ARC_PAIR_LAYOUT (gtk_widget_get_layout_manager (box))));
  assert_at (box, 0, 0, 0);
  assert_at (box, 2, 0, 100);
  {
    graphene_rect_t bounds;

    /* The arrow, turned, is centred under the first child */
    g_assert_true (gtk_widget_compute_bounds (nth (box, 1), box, &bounds));
    g_assert_cmpfloat (bounds.origin.y, >=, 40);
    g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, 100);
    g_assert_cmpfloat (fabs (bounds.origin.x + bounds.size.width / 2 - 100), <, 1);
  }
  g_object_unref (box);
}

/* Two grids of one size side by side, at any width, are drawn at one cell
 * size (the odd pixel of a width shared by two used to go to one of them:
 * a 13×13 input at 11 px beside its 13×13 output at 10) */
static void
test_pair_same_cells (void)
{
  g_autoptr(ArcGrid) grid = arc_grid_new (13, 13);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *views[2];
  GtkWidget *arrow = gtk_image_new_from_icon_name ("go-next-symbolic");
  guint differing = 0;

  g_object_ref_sink (box);
  gtk_widget_set_layout_manager (box, arc_pair_layout_new (16));
  for (guint i = 0; i < 2; i++)
    {
      views[i] = arc_grid_view_new ();
      arc_grid_view_set_grid (ARC_GRID_VIEW (views[i]), grid);
      gtk_box_append (GTK_BOX (box), views[i]);
      if (i == 0)
        {
          gtk_widget_add_css_class (arrow, "pair-arrow");
          gtk_box_append (GTK_BOX (box), arrow);
        }
    }
  for (int width = 200; width <= 700; width++)
    {
      int height;

      gtk_widget_measure (box, GTK_ORIENTATION_VERTICAL, width, NULL, &height, NULL, NULL);
      gtk_widget_size_allocate (box, &(GtkAllocation) { 0, 0, width, height }, -1);
      if (arc_pair_layout_is_stacked (ARC_PAIR_LAYOUT (gtk_widget_get_layout_manager (box))))
        continue;
      if (arc_grid_view_get_cell_size (ARC_GRID_VIEW (views[0])) !=
          arc_grid_view_get_cell_size (ARC_GRID_VIEW (views[1])))
        {
          g_test_message ("at %d px: cells of %d and %d px", width,
                          arc_grid_view_get_cell_size (ARC_GRID_VIEW (views[0])),
                          arc_grid_view_get_cell_size (ARC_GRID_VIEW (views[1])));
          differing++;
        }
    }
  g_assert_cmpuint (differing, ==, 0);
  g_object_unref (box);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  g_test_add_func ("/arc/layouts/wrap", test_wrap);
  g_test_add_func ("/arc/layouts/pair", test_pair);
  g_test_add_func ("/arc/layouts/pair-same-cells", test_pair_same_cells);
  return g_test_run ();
}

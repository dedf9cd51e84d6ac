/* test-grid.c: the grid operations of the solve tools
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "arc-core.h"

/* Builds a grid from rows of digits, e.g. grid_from ("012", "345", NULL). */
static ArcGrid *
grid_from (const char *first, ...)
{
  guint8 cells[ARC_GRID_MAX_SIDE * ARC_GRID_MAX_SIDE];
  const char *row = first;
  int h = 0, w = (int) strlen (first);
  va_list args;

  va_start (args, first);
  while (row)
    {
      g_assert_cmpint ((int) strlen (row), ==, w);
      for (int c = 0; c < w; c++)
        cells[h * w + c] = (guint8) (row[c] - '0');
      h++;
      row = va_arg (args, const char *);
    }
  va_end (args);
  return arc_grid_new_from_data (h, w, cells);
}

static void
assert_grid (const ArcGrid *grid, const char *expected)
{
  g_autofree char *text = arc_grid_to_string (grid);
  g_assert_cmpstr (text, ==, expected);
}

static void
test_new_and_equal (void)
{
  g_autoptr(ArcGrid) a = arc_grid_new (2, 3);
  g_autoptr(ArcGrid) b = NULL;
  g_autoptr(ArcGrid) c = arc_grid_new (3, 2);

  g_assert_cmpint (arc_grid_get_height (a), ==, 2);
  g_assert_cmpint (arc_grid_get_width (a), ==, 3);
  assert_grid (a, "[[0,0,0],[0,0,0]]");
  b = arc_grid_copy (a);
  g_assert_true (arc_grid_equal (a, b));
  arc_grid_set (b, 1, 2, 7);
  g_assert_false (arc_grid_equal (a, b));
  g_assert_cmpint (arc_grid_get (b, 1, 2), ==, 7);
  /* Same cell count, different shape */
  g_assert_false (arc_grid_equal (a, c));
  g_assert_false (arc_grid_equal (a, NULL));
  g_assert_true (arc_grid_equal (NULL, NULL));
  g_assert_cmpuint (arc_grid_count_differences (a, b), ==, 1);
  g_assert_cmpuint (arc_grid_count_differences (a, c), ==, 2 + 2);
}

static void
test_sizes (void)
{
  int h = 0, w = 0;

  g_assert_true (arc_size_is_valid (1, 1));
  g_assert_true (arc_size_is_valid (30, 30));
  g_assert_false (arc_size_is_valid (0, 5));
  g_assert_false (arc_size_is_valid (31, 5));
  g_assert_true (arc_parse_size ("3x4", &h, &w));
  g_assert_cmpint (h, ==, 3);
  g_assert_cmpint (w, ==, 4);
  g_assert_true (arc_parse_size (" 30 × 1 ", &h, &w));
  g_assert_cmpint (h, ==, 30);
  g_assert_cmpint (w, ==, 1);
  g_assert_true (arc_parse_size ("2X2", &h, &w));
  g_assert_false (arc_parse_size ("0x4", &h, &w));
  g_assert_false (arc_parse_size ("31x4", &h, &w));
  g_assert_false (arc_parse_size ("4", &h, &w));
  g_assert_false (arc_parse_size ("4x", &h, &w));
  g_assert_false (arc_parse_size ("x4", &h, &w));
  g_assert_false (arc_parse_size ("4x4x4", &h, &w));
  g_assert_false (arc_parse_size ("99999999999999999999x1", &h, &w));
  g_assert_false (arc_parse_size ("-1x3", &h, &w));
}

static void
test_resize (void)
{
  g_autoptr(ArcGrid) g = grid_from ("123", "456", NULL);
  g_autoptr(ArcGrid) smaller = arc_grid_resize (g, 1, 2);
  g_autoptr(ArcGrid) larger = arc_grid_resize (smaller, 3, 4);
  g_autoptr(ArcGrid) same = arc_grid_resize (g, 2, 3);

  assert_grid (smaller, "[[1,2]]");
  /* Smaller then larger: what was cut is gone, new cells are 0 */
  assert_grid (larger, "[[1,2,0,0],[0,0,0,0],[0,0,0,0]]");
  g_assert_true (arc_grid_equal (g, same));
}

static void
test_flood_fill (void)
{
  g_autoptr(ArcGrid) g = grid_from ("1101", "1001", "0111", NULL);
  g_autoptr(ArcGrid) big = arc_grid_new (30, 30);
  guint changed;

  /* 4-connected: the diagonal 0 at (2,0) is not reached from (1,1) */
  changed = arc_grid_flood_fill (g, 1, 1, 5);
  g_assert_cmpuint (changed, ==, 3);
  assert_grid (g, "[[1,1,5,1],[1,5,5,1],[0,1,1,1]]");
  /* Filling with the same colour changes nothing */
  g_assert_cmpuint (arc_grid_flood_fill (g, 0, 0, 1), ==, 0);

  /* A whole 30x30 grid of one colour */
  g_assert_cmpuint (arc_grid_flood_fill (big, 29, 29, 4), ==, 900);
  for (int r = 0; r < 30; r++)
    for (int c = 0; c < 30; c++)
      g_assert_cmpint (arc_grid_get (big, r, c), ==, 4);
}

static void
test_copy_paste (void)
{
  g_autoptr(ArcGrid) g = grid_from ("123", "456", "789", NULL);
  g_autoptr(ArcGrid) target = arc_grid_new (3, 3);
  g_autoptr(ArcGrid) clip = NULL;
  g_autoptr(ArcGrid) outside = NULL;
  ArcRect r = { 1, 1, 5, 5 };  /* larger than the grid: clipped */
  ArcRect off = { 5, 5, 2, 2 };

  clip = arc_grid_copy_rect (g, &r);
  assert_grid (clip, "[[5,6],[8,9]]");
  outside = arc_grid_copy_rect (g, &off);
  g_assert_null (outside);

  /* Paste off the grid: cells that fall off are dropped */
  g_assert_cmpuint (arc_grid_paste (target, clip, 2, 2, FALSE), ==, 1);
  assert_grid (target, "[[0,0,0],[0,0,0],[0,0,5]]");
  g_assert_cmpuint (arc_grid_paste (target, clip, -1, -1, FALSE), ==, 1);
  assert_grid (target, "[[9,0,0],[0,0,0],[0,0,5]]");
  g_assert_cmpuint (arc_grid_paste (target, clip, 10, 10, FALSE), ==, 0);

  /* Paste that skips 0 cells */
  {
    g_autoptr(ArcGrid) sparse = grid_from ("20", "02", NULL);
    g_autoptr(ArcGrid) base = grid_from ("11", "11", NULL);

    g_assert_cmpuint (arc_grid_paste (base, sparse, 0, 0, TRUE), ==, 2);
    assert_grid (base, "[[2,1],[1,2]]");
  }
}

static void
test_fill_rect (void)
{
  g_autoptr(ArcGrid) g = arc_grid_new (3, 3);
  ArcRect r = { -1, 1, 3, 5 };

  arc_grid_fill_rect (g, &r, 3);
  assert_grid (g, "[[0,3,3],[0,3,3],[0,0,0]]");
  /* Its cells: rows -1 to 1, columns 1 to 5; none of an empty rectangle */
  g_assert_true (arc_rect_contains (&r, -1, 1));
  g_assert_true (arc_rect_contains (&r, 1, 5));
  g_assert_false (arc_rect_contains (&r, 2, 1));
  g_assert_false (arc_rect_contains (&r, 0, 0));
  g_assert_false (arc_rect_contains (&r, 0, 6));
  g_assert_false (arc_rect_contains (&(ArcRect) { 1, 1, 0, 0 }, 1, 1));
}

static void
test_rotate (void)
{
  g_autoptr(ArcGrid) g = grid_from ("120", "340", "000", NULL);
  g_autoptr(ArcGrid) h = NULL;
  ArcRect sel = { 0, 0, 2, 2 };
  ArcRect out;

  g_assert_true (arc_grid_rotate_rect (g, &sel, TRUE, &out));
  assert_grid (g, "[[3,1,0],[4,2,0],[0,0,0]]");
  g_assert_true (arc_grid_rotate_rect (g, &out, FALSE, &out));
  assert_grid (g, "[[1,2,0],[3,4,0],[0,0,0]]");

  /* A non-square selection near the right edge: 1x3 becomes 3x1 and keeps
   * its top-left; a 2x3 block at the bottom loses what falls off. */
  h = grid_from ("0000", "0123", "0456", NULL);
  sel = (ArcRect) { 1, 1, 2, 3 };
  g_assert_true (arc_grid_rotate_rect (h, &sel, TRUE, &out));
  /* rotated clockwise: [[4,1],[5,2],[6,3]] placed at (1,1); row 3 is off the grid */
  assert_grid (h, "[[0,0,0,0],[0,4,1,0],[0,5,2,0]]");
  g_assert_cmpint (out.row, ==, 1);
  g_assert_cmpint (out.col, ==, 1);
  g_assert_cmpint (out.height, ==, 2);
  g_assert_cmpint (out.width, ==, 2);

  /* Counter-clockwise of a 1x3 row at the top right */
  {
    g_autoptr(ArcGrid) k = grid_from ("0789", "0000", "0000", NULL);
    ArcRect row = { 0, 1, 1, 3 };

    g_assert_true (arc_grid_rotate_rect (k, &row, FALSE, &out));
    assert_grid (k, "[[0,9,0,0],[0,8,0,0],[0,7,0,0]]");
    g_assert_cmpint (out.height, ==, 3);
    g_assert_cmpint (out.width, ==, 1);
  }
}

static void
test_flip (void)
{
  g_autoptr(ArcGrid) g = grid_from ("123", "456", "789", NULL);
  ArcRect all = { 0, 0, 3, 3 };
  ArcRect part = { 1, 0, 2, 2 };

  g_assert_true (arc_grid_flip_rect (g, &all, TRUE));
  assert_grid (g, "[[3,2,1],[6,5,4],[9,8,7]]");
  g_assert_true (arc_grid_flip_rect (g, &all, FALSE));
  assert_grid (g, "[[9,8,7],[6,5,4],[3,2,1]]");
  g_assert_true (arc_grid_flip_rect (g, &part, FALSE));
  assert_grid (g, "[[9,8,7],[3,2,4],[6,5,1]]");
}

static void
test_move (void)
{
  g_autoptr(ArcGrid) g = grid_from ("120", "340", "000", NULL);
  ArcRect sel = { 0, 0, 2, 2 };
  ArcRect out;

  g_assert_true (arc_grid_move_rect (g, &sel, 1, 1, &out));
  assert_grid (g, "[[0,0,0],[0,1,2],[0,3,4]]");
  g_assert_cmpint (out.row, ==, 1);
  g_assert_cmpint (out.col, ==, 1);
  /* Off the edge: cells that fall off are dropped */
  g_assert_true (arc_grid_move_rect (g, &out, 0, 1, &out));
  assert_grid (g, "[[0,0,0],[0,0,1],[0,0,3]]");
  g_assert_cmpint (out.width, ==, 1);
  /* Entirely off */
  g_assert_false (arc_grid_move_rect (g, &out, 0, 5, &out));
  assert_grid (g, "[[0,0,0],[0,0,0],[0,0,0]]");
}

/* The same grid as JSON, built as a document and written compactly */
static void
test_to_json (void)
{
  g_autoptr(ArcGrid) grid = arc_grid_new (2, 3);
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;

  arc_grid_set (grid, 0, 2, 7);
  arc_grid_set (grid, 1, 0, 9);
  assert_grid (grid, "[[0,0,7],[9,0,0]]");
  arc_grid_add_to_builder (grid, b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  text = json_generator_to_data (gen, NULL);
  g_assert_cmpstr (text, ==, "[[0,0,7],[9,0,0]]");
}

/* What a user may paste: a grid, a test pair, a member, with a comma */
static void
test_from_text (void)
{
  static const struct { const char *text, *grid; } good[] = {
    { "[[0, 1], [1, 0]]", "[[0,1],[1,0]]" },
    { "  [[5]]\n", "[[5]]" },
    { "{\"input\": [[1, 2]], \"output\": [[3], [4]]}", "[[3],[4]]" },
    { "{\"input\": [[1, 2]]},", "[[1,2]]" },
    { "\"output\": [[7, 8, 9]]", "[[7,8,9]]" },
    { "\"output\": [[7, 8, 9]],\n", "[[7,8,9]]" },
    { "[{\"input\": [[1]], \"output\": [[2, 2]]}]", "[[2,2]]" },
    { "\"test\": [{\"input\": [[1]], \"output\": [[6]]}, {\"input\": [[1]]}]", "[[6]]" },
    { "{\"train\": [{\"input\": [[1]], \"output\": [[2]]}], \"test\": [{\"input\": [[3, 3]]}]}", "[[3,3]]" },
  };
  static const struct { const char *text, *message; } bad[] = {
    { "", "there is no text" },
    { "hello", "not JSON: " },
    { "[[1, 2], [3]]", "" },
    { "[[1, 12]]", "12" },
    { "{\"train\": []}", "expected a grid" },
    { "{\"test\": []}", "0 rows" },
    { "42", "expected a grid" },
    { "[]", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(ArcGrid) grid = arc_grid_new_from_text (good[i].text, &error);
      g_autofree char *text = NULL;

      g_assert_no_error (error);
      text = arc_grid_to_string (grid);
      g_assert_cmpstr (text, ==, good[i].grid);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(ArcGrid) grid = arc_grid_new_from_text (bad[i].text, &error);

      g_test_message ("%s: %s", bad[i].text, error ? error->message : "(none)");
      g_assert_null (grid);
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, bad[i].message));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/arc/grid/new-and-equal", test_new_and_equal);
  g_test_add_func ("/arc/grid/sizes", test_sizes);
  g_test_add_func ("/arc/grid/resize", test_resize);
  g_test_add_func ("/arc/grid/flood-fill", test_flood_fill);
  g_test_add_func ("/arc/grid/copy-paste", test_copy_paste);
  g_test_add_func ("/arc/grid/fill-rect", test_fill_rect);
  g_test_add_func ("/arc/grid/rotate", test_rotate);
  g_test_add_func ("/arc/grid/flip", test_flip);
  g_test_add_func ("/arc/grid/move", test_move);
  g_test_add_func ("/arc/grid/to-json", test_to_json);
  g_test_add_func ("/arc/grid/from-text", test_from_text);

  return g_test_run ();
}

/* arc-task-layout.c: where the grids of a task go (train pairs, then test
 * inputs, pairs side by side while they fit), how big its cells can be,
 * and drawing it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "arc-task-layout.h"

#define PAD           16
#define DENSE_PAD     4
#define TITLE_SIZE    18.0
#define LABEL_SIZE    12.0
#define TITLE_HEIGHT  28
#define LABEL_HEIGHT  18
#define ARROW_WIDTH   36
#define ROW_GAP       14

typedef struct
{
  int    x, y;
  double size;
  gboolean bold;
  char  *text;
} TextItem;

struct _ArcTaskLayout
{
  ArcTask          *task;
  ArcRenderOptions  options;
  int               width, height;
  int               pad;     /* round the pairs: PAD, or DENSE_PAD */
  GArray           *slots;   /* ArcSlot */
  GArray           *texts;   /* TextItem */
  GArray           *arrows;  /* int pairs: x, y of each arrow's middle */
  cairo_t          *measure; /* dense: the labels measured as they are drawn */
};

static void
text_item_clear (gpointer data)
{
  g_free (((TextItem *) data)->text);
}

static void
add_text (ArcTaskLayout *layout,
          int            x,
          int            y,
          double         size,
          gboolean       bold,
          char          *text)
{
  TextItem item = { x, y, size, bold, text };
  g_array_append_val (layout->texts, item);
}

static void
slot_size (ArcTaskLayout *layout,
           const ArcGrid *grid,
           const ArcGrid *like,
           int           *w,
           int           *h)
{
  arc_render_grid_size (grid ? grid : like, &layout->options, w, h);
}

#define COLUMN_GAP    32

/* Where the next pair goes: pairs flow left to right while they fit in
 * options.wrap_width (when set), then start a new line. */
typedef struct
{
  int x, y;
  int line_height;
} Cursor;

static int
block_width (ArcTaskLayout *layout,
             const ArcGrid *input,
             const ArcGrid *output,
             gboolean       show_output)
{
  int in_w, out_w = 0;

  slot_size (layout, input, input, &in_w, NULL);
  if (show_output)
    slot_size (layout, output, input, &out_w, NULL);
  return show_output ? in_w + ARROW_WIDTH + out_w : in_w;
}

/* The width @text takes drawn at LABEL_SIZE, as arc_task_layout_draw() draws it */
static int
text_width (ArcTaskLayout *layout,
            const char    *text,
            gboolean       bold)
{
  cairo_text_extents_t extents;

  cairo_select_font_face (layout->measure, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
                          bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (layout->measure, LABEL_SIZE);
  cairo_text_extents (layout->measure, text, &extents);
  return (int) ceil (extents.x_advance);
}

static char *
size_text (const ArcGrid *grid)
{
  return grid ? g_strdup_printf ("%d×%d", arc_grid_get_height (grid), arc_grid_get_width (grid)) : g_strdup ("?");
}

/* Dense, the sizes on the line of the pair's name: the input's after the
 * name, the output's over the output unless that is not past the input's
 * (narrow grids). Sets @x (from the pair's left) of the two, and returns
 * the width the line takes. */
static int
dense_sizes (ArcTaskLayout *layout,
             const char    *label,
             const char    *sizes[2],
             int            output_x,
             int            x[2])
{
  x[0] = text_width (layout, label, TRUE) + 8;
  if (sizes[1] == NULL)
    return x[0] + text_width (layout, sizes[0], FALSE);
  x[1] = MAX (output_x, x[0] + text_width (layout, sizes[0], FALSE) + 12);
  return x[1] + text_width (layout, sizes[1], FALSE);
}

/* Lays out one pair: label, input, arrow, output (if any). */
static void
layout_pair (ArcTaskLayout *layout,
             Cursor        *cursor,
             char          *label,
             ArcSlotKind    in_kind,
             guint          index,
             const ArcGrid *input,
             const ArcGrid *output,
             gboolean       show_output)
{
  int width = block_width (layout, input, output, show_output);
  int wrap = layout->options.wrap_width;
  g_autofree char *in_size = size_text (input);
  g_autofree char *out_size = show_output ? size_text (output ? output : NULL) : NULL;
  const char *sizes[2] = { in_size, out_size };
  int in_w, dense_x[2] = { 0, 0 };
  ArcSlot in_slot;
  int grids_h, block_h;

  slot_size (layout, input, input, &in_w, NULL);
  if (layout->options.dense && layout->options.size_labels)
    width = MAX (width, dense_sizes (layout, label, sizes, in_w + ARROW_WIDTH, dense_x));
  if (cursor->x > layout->pad && wrap > 0 && cursor->x + width + layout->pad > wrap)
    {
      cursor->y += cursor->line_height + ROW_GAP;
      cursor->x = layout->pad;
      cursor->line_height = 0;
    }
  in_slot = (ArcSlot) { in_kind, index, input, cursor->x, cursor->y + LABEL_HEIGHT, 0, 0 };
  add_text (layout, cursor->x, cursor->y + (int) LABEL_SIZE, LABEL_SIZE, TRUE, label);
  slot_size (layout, input, input, &in_slot.width, &in_slot.height);
  g_array_append_val (layout->slots, in_slot);
  grids_h = in_slot.height;

  if (show_output)
    {
      ArcSlot out_slot = { in_kind + 1, index, output, in_slot.x + in_slot.width + ARROW_WIDTH, in_slot.y, 0, 0 };
      int arrow[2];

      slot_size (layout, output, input, &out_slot.width, &out_slot.height);
      g_array_append_val (layout->slots, out_slot);
      grids_h = MAX (grids_h, out_slot.height);
      arrow[0] = in_slot.x + in_slot.width + ARROW_WIDTH / 2;
      arrow[1] = in_slot.y + MIN (in_slot.height, out_slot.height) / 2;
      g_array_append_vals (layout->arrows, arrow, 2);
    }

  if (layout->options.size_labels)
    {
      for (guint i = 0; i < (show_output ? 2u : 1u); i++)
        {
          const ArcSlot *s = &g_array_index (layout->slots, ArcSlot, layout->slots->len - (show_output ? 2 : 1) + i);

          if (!layout->options.dense)
            add_text (layout, s->x, in_slot.y + grids_h + (int) LABEL_SIZE + 4, LABEL_SIZE, FALSE, g_strdup (sizes[i]));
          else
            add_text (layout, cursor->x + dense_x[i], cursor->y + (int) LABEL_SIZE, LABEL_SIZE, FALSE, g_strdup (sizes[i]));
        }
      if (!layout->options.dense)
        grids_h += LABEL_HEIGHT;
    }
  block_h = LABEL_HEIGHT + grids_h;
  layout->width = MAX (layout->width, cursor->x + width + layout->pad);
  cursor->line_height = MAX (cursor->line_height, block_h);
  cursor->x += width + COLUMN_GAP;
}

/* Ends a line of pairs: the test inputs start on a line of their own. */
static void
new_line (ArcTaskLayout *layout,
          Cursor        *cursor)
{
  if (cursor->line_height > 0)
    cursor->y += cursor->line_height + ROW_GAP;
  cursor->x = layout->pad;
  cursor->line_height = 0;
}

/**
 * arc_task_layout_new:
 * @title: (nullable): drawn above the pairs, usually the task id
 *
 * Places every grid of @task at the cell size of @options: each train pair
 * as input → output, then the test inputs, with their outputs when
 * @options asks for them (an unknown output is drawn as a "?" placeholder).
 * Without a wrap width, each pair has a line of its own; with one, pairs
 * flow side by side while they fit.
 */
ArcTaskLayout *
arc_task_layout_new (ArcTask                *task,
                     const char             *title,
                     const ArcRenderOptions *options)
{
  ArcTaskLayout *layout;
  Cursor cursor;

  g_return_val_if_fail (ARC_IS_TASK (task), NULL);
  g_return_val_if_fail (options != NULL && options->cell_size >= 1, NULL);

  layout = g_new0 (ArcTaskLayout, 1);
  layout->task = g_object_ref (task);
  layout->options = *options;
  layout->slots = g_array_new (FALSE, FALSE, sizeof (ArcSlot));
  layout->texts = g_array_new (FALSE, FALSE, sizeof (TextItem));
  g_array_set_clear_func (layout->texts, text_item_clear);
  layout->arrows = g_array_new (FALSE, FALSE, sizeof (int));
  layout->pad = options->dense ? DENSE_PAD : PAD;
  layout->width = 2 * layout->pad;
  cursor = (Cursor) { layout->pad, layout->pad, 0 };
  if (options->dense && options->size_labels)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);

      layout->measure = cairo_create (surface);
      cairo_surface_destroy (surface);
    }

  if (title && *title)
    {
      add_text (layout, layout->pad, cursor.y + (int) TITLE_SIZE, TITLE_SIZE, TRUE, g_strdup (title));
      cursor.y += TITLE_HEIGHT + 6;
    }
  for (guint i = 0; i < arc_task_get_n_train (task); i++)
    {
      const ArcPair *pair = arc_task_get_train (task, i);

      layout_pair (layout, &cursor, g_strdup_printf (_("Train %u"), i + 1), ARC_SLOT_TRAIN_INPUT, i,
                   pair->input, pair->output, TRUE);
      if (options->wrap_width <= 0)
        new_line (layout, &cursor);
    }
  new_line (layout, &cursor);
  for (guint i = 0; i < arc_task_get_n_test (task); i++)
    {
      const ArcPair *pair = arc_task_get_test (task, i);

      layout_pair (layout, &cursor, g_strdup_printf (_("Test %u"), i + 1), ARC_SLOT_TEST_INPUT, i,
                   pair->input, pair->output, options->with_test_outputs);
      if (options->wrap_width <= 0)
        new_line (layout, &cursor);
    }
  new_line (layout, &cursor);
  layout->height = cursor.y - ROW_GAP + layout->pad;
  g_clear_pointer (&layout->measure, cairo_destroy);
  return layout;
}

void
arc_task_layout_free (ArcTaskLayout *layout)
{
  if (layout == NULL)
    return;
  g_object_unref (layout->task);
  g_array_unref (layout->slots);
  g_array_unref (layout->texts);
  g_array_unref (layout->arrows);
  g_free (layout);
}

void
arc_task_layout_get_size (ArcTaskLayout *layout,
                          int           *width,
                          int           *height)
{
  if (width)
    *width = layout->width;
  if (height)
    *height = layout->height;
}

int
arc_task_layout_get_cell_size (ArcTaskLayout *layout)
{
  return layout->options.cell_size;
}

guint
arc_task_layout_get_n_slots (ArcTaskLayout *layout)
{
  return layout->slots->len;
}

const ArcSlot *
arc_task_layout_get_slot (ArcTaskLayout *layout,
                          guint          index)
{
  g_return_val_if_fail (index < layout->slots->len, NULL);
  return &g_array_index (layout->slots, ArcSlot, index);
}

/**
 * arc_task_layout_hit:
 * Finds the grid and cell at (@x, @y). A point on a grid line belongs to
 * the cell below and to the right of it.
 *
 * Returns: (nullable): the slot, with @row and @col set, or %NULL
 */
const ArcSlot *
arc_task_layout_hit (ArcTaskLayout *layout,
                     double         x,
                     double         y,
                     int           *row,
                     int           *col)
{
  int line = arc_render_line_width (&layout->options);
  int step = layout->options.cell_size + line;

  for (guint i = 0; i < layout->slots->len; i++)
    {
      const ArcSlot *s = &g_array_index (layout->slots, ArcSlot, i);
      int r, c;

      if (s->grid == NULL || x < s->x || y < s->y || x >= s->x + s->width || y >= s->y + s->height)
        continue;
      r = (int) floor ((y - s->y - line) / step);
      c = (int) floor ((x - s->x - line) / step);
      r = CLAMP (r, 0, arc_grid_get_height (s->grid) - 1);
      c = CLAMP (c, 0, arc_grid_get_width (s->grid) - 1);
      if (row)
        *row = r;
      if (col)
        *col = c;
      return s;
    }
  return NULL;
}

static void
draw_placeholder (cairo_t                *cr,
                  const ArcSlot          *s,
                  const ArcRenderOptions *options)
{
  const double dash[] = { 4.0, 4.0 };
  cairo_text_extents_t ext;

  cairo_save (cr);
  arc_render_set_rgb (cr, options->foreground_rgb);
  cairo_set_line_width (cr, 1.0);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_rectangle (cr, s->x + 0.5, s->y + 0.5, s->width - 1, s->height - 1);
  cairo_stroke (cr);
  cairo_select_font_face (cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, MIN (s->height * 0.5, 32.0));
  cairo_text_extents (cr, "?", &ext);
  cairo_move_to (cr, s->x + s->width / 2.0 - ext.width / 2 - ext.x_bearing,
                 s->y + s->height / 2.0 - ext.height / 2 - ext.y_bearing);
  cairo_show_text (cr, "?");
  cairo_restore (cr);
}

void
arc_task_layout_draw (ArcTaskLayout *layout,
                      cairo_t       *cr)
{
  const ArcRenderOptions *o = &layout->options;

  cairo_save (cr);
  if (!o->transparent)
    {
      arc_render_set_rgb (cr, o->background_rgb);
      cairo_rectangle (cr, 0, 0, layout->width, layout->height);
      cairo_fill (cr);
    }

  for (guint i = 0; i < layout->slots->len; i++)
    {
      const ArcSlot *s = &g_array_index (layout->slots, ArcSlot, i);

      if (s->grid)
        arc_render_grid (cr, s->grid, s->x, s->y, o);
      else
        draw_placeholder (cr, s, o);
    }

  arc_render_set_rgb (cr, o->foreground_rgb);
  cairo_set_line_width (cr, 2.0);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint i = 0; i + 1 < layout->arrows->len; i += 2)
    {
      double ax = g_array_index (layout->arrows, int, i);
      double ay = g_array_index (layout->arrows, int, i + 1) + 0.5;

      cairo_move_to (cr, ax - 10, ay);
      cairo_line_to (cr, ax + 10, ay);
      cairo_move_to (cr, ax + 4, ay - 6);
      cairo_line_to (cr, ax + 10, ay);
      cairo_line_to (cr, ax + 4, ay + 6);
      cairo_stroke (cr);
    }

  for (guint i = 0; i < layout->texts->len; i++)
    {
      const TextItem *t = &g_array_index (layout->texts, TextItem, i);

      cairo_select_font_face (cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
                              t->bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
      cairo_set_font_size (cr, t->size);
      cairo_move_to (cr, t->x, t->y);
      cairo_show_text (cr, t->text);
    }
  cairo_restore (cr);
}

/**
 * arc_task_layout_get_train_height:
 * Returns: the height from the top down to the end of the train pairs (with
 * their size labels): what must fit to see the examples
 */
static int
train_bottom (ArcTaskLayout *layout,
              guint          n_pairs)
{
  int bottom = 0;

  for (guint i = 0; i < layout->slots->len; i++)
    {
      const ArcSlot *s = &g_array_index (layout->slots, ArcSlot, i);

      if ((s->kind == ARC_SLOT_TRAIN_INPUT || s->kind == ARC_SLOT_TRAIN_OUTPUT) && s->index < n_pairs)
        bottom = MAX (bottom, s->y + s->height + (layout->options.size_labels && !layout->options.dense ? LABEL_HEIGHT : 0));
    }
  return bottom > 0 ? MIN (bottom + layout->pad, layout->height) : layout->height;
}

int
arc_task_layout_get_train_height (ArcTaskLayout *layout)
{
  g_return_val_if_fail (layout != NULL, 0);
  return train_bottom (layout, G_MAXUINT);
}

/**
 * arc_task_layout_get_first_pair_height:
 * Returns: the height from the top down to the end of the first train pair
 * (with its size labels): what must fit to see one example whole
 */
int
arc_task_layout_get_first_pair_height (ArcTaskLayout *layout)
{
  g_return_val_if_fail (layout != NULL, 0);
  return train_bottom (layout, 1);
}

/**
 * arc_task_layout_fit_cell:
 *
 * Returns: the largest cell size in @fit's min_cell..max_cell at which the
 * task, wrapped to its width, fits in that width and in its height. When no
 * cell size of at least @fit's readable size fits the height, the task will
 * scroll: then the largest that fits the width, but no more than twice the
 * readable size, so that scrolling stays short, and no more than lets the
 * first pair be seen whole (a low strip of examples above a large task's
 * workspace); min_cell if nothing fits.
 */
int
arc_task_layout_fit_cell (ArcTask                *task,
                          const ArcRenderOptions *options,
                          const ArcCellFit       *fit)
{
  ArcRenderOptions o = *options;
  int fits_width = 0, fits_pair = 0, scrolling;

  o.wrap_width = fit->width;
  for (int cell = fit->max_cell; cell >= fit->min_cell; cell--)
    {
      g_autoptr(ArcTaskLayout) layout = NULL;

      o.cell_size = cell;
      layout = arc_task_layout_new (task, NULL, &o);
      if (layout->width > fit->width)
        continue;
      if (fits_width == 0)
        fits_width = cell;
      if (fit->height < 0)
        return cell;
      if (cell >= fit->readable &&
          (fit->train_only ? arc_task_layout_get_train_height (layout) : layout->height) <= fit->height)
        return cell;
      if (fit->train_only && fits_pair == 0 && arc_task_layout_get_first_pair_height (layout) <= fit->height)
        fits_pair = cell;
      if (cell <= fit->readable && (!fit->train_only || fits_pair > 0))
        break;
    }
  if (fits_width == 0)
    return fit->min_cell;
  scrolling = MAX (MIN (fits_width, 2 * fit->readable), fit->min_cell);
  return fits_pair > 0 ? MIN (scrolling, fits_pair) : scrolling;
}

/**
 * arc_slot_describe:
 * Returns: e.g. "train 2 output" (translated)
 */
char *
arc_slot_describe (const ArcSlot *slot)
{
  switch (slot->kind)
    {
    case ARC_SLOT_TRAIN_INPUT: return g_strdup_printf (_("train %u input"), slot->index + 1);
    case ARC_SLOT_TRAIN_OUTPUT: return g_strdup_printf (_("train %u output"), slot->index + 1);
    case ARC_SLOT_TEST_INPUT: return g_strdup_printf (_("test %u input"), slot->index + 1);
    case ARC_SLOT_TEST_OUTPUT:
    default: return g_strdup_printf (_("test %u output"), slot->index + 1);
    }
}

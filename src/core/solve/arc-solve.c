/* arc-solve.c: building an answer for a task's test inputs, with undo, trials and verdicts
 *
 * Each test input keeps its own output grid, selection, undo history and
 * trials. Every change to the output grid is one step of undo (a paint
 * stroke is one step however many cells it crosses); the history has no
 * limit. Submitting compares size and every cell; an output larger than the
 * answer is wrong even where it overlaps correctly. Within the trials an
 * attempt counts; after them, practice is recorded as not counting. The
 * grid of an earlier wrong attempt is not submitted again while trials are
 * left: it spends no trial and is not recorded.
 *
 * The selection (which floats, as in an image editor) and the clipboard are
 * in arc-solve-select.c, which uses this file; the floating piece's cells
 * are kept here, as part of each test input's state. The work in progress
 * kept between sessions is in arc-solve-work.c, which uses this file too and
 * is told of changes through a WorkKeeper.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-solve"

#include "config.h"

#include <string.h>

#include "arc-solve-private.h"

G_DEFINE_FINAL_TYPE (ArcSolve, arc_solve, G_TYPE_OBJECT)

G_DEFINE_ENUM_TYPE (ArcTestState, arc_test_state,
                    G_DEFINE_ENUM_VALUE (ARC_TEST_OPEN, "open"),
                    G_DEFINE_ENUM_VALUE (ARC_TEST_SOLVED, "solved"),
                    G_DEFINE_ENUM_VALUE (ARC_TEST_FAILED, "failed"))

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_CURRENT,
  PROP_N_TESTS,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_HAS_SELECTION,
  PROP_HAS_CLIPBOARD,
  PROP_STATE,
  PROP_TRIALS_LEFT,
  PROP_SAVE_ERROR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The floating piece (see arc-solve-select.c) */

void
arc_solve_floating_clear (Floating *f)
{
  g_clear_pointer (&f->base, arc_grid_free);
  g_clear_pointer (&f->piece, arc_grid_free);
  arc_cells_clear (&f->shape);
}

void
arc_solve_floating_copy (Floating       *to,
                         const Floating *from)
{
  to->base = from->base ? arc_grid_copy (from->base) : NULL;
  to->piece = from->piece ? arc_grid_copy (from->piece) : NULL;
  to->shape = from->shape;
}

/**
 * arc_solve_anchor:
 * Settles the floating cells where they show: the output grid stays as it is.
 */
void
arc_solve_anchor (TestWork *w)
{
  arc_solve_floating_clear (&w->floating);
}

/**
 * arc_solve_absorb_output:
 * After an edit of the output grid (paint, flood fill), the floating piece
 * takes the cells it shows (those of its shape), the cells under it the others.
 */
void
arc_solve_absorb_output (TestWork *w)
{
  Floating *f = &w->floating;

  if (f->piece == NULL)
    return;
  for (int r = 0; r < arc_grid_get_height (w->output); r++)
    for (int c = 0; c < arc_grid_get_width (w->output); c++)
      {
        guint8 v = arc_grid_get (w->output, r, c);

        if (arc_cells_contains (&f->shape, r, c))
          arc_grid_set (f->piece, r - f->shape.rect.row, c - f->shape.rect.col, v);
        else
          arc_grid_set (f->base, r, c, v);
      }
}

static void
snapshot_free (gpointer data)
{
  Snapshot *s = data;

  arc_grid_free (s->grid);
  arc_solve_floating_clear (&s->floating);
  g_free (s);
}

static void
test_work_free (gpointer data)
{
  TestWork *w = data;

  g_clear_pointer (&w->output, arc_grid_free);
  g_clear_pointer (&w->start, arc_grid_free);
  arc_solve_floating_clear (&w->floating);
  g_ptr_array_unref (w->undo);
  g_ptr_array_unref (w->redo);
  g_clear_pointer (&w->last_wrong, arc_grid_free);
  g_ptr_array_unref (w->wrong);
  g_ptr_array_unref (w->actions);
  g_free (w);
}

static void
arc_solve_dispose (GObject *object)
{
  ArcSolve *self = ARC_SOLVE (object);

  if (self->keeper)
    self->keeper->finish (self);
  g_clear_object (&self->work_file);
  g_clear_pointer (&self->work_collection, g_free);
  g_clear_pointer (&self->work_task, g_free);

  G_OBJECT_CLASS (arc_solve_parent_class)->dispose (object);
}

static void
arc_solve_finalize (GObject *object)
{
  ArcSolve *self = ARC_SOLVE (object);

  g_clear_object (&self->task);
  g_ptr_array_unref (self->tests);
  g_clear_pointer (&self->clipboard, arc_grid_free);
  g_clear_error (&self->save_error);

  G_OBJECT_CLASS (arc_solve_parent_class)->finalize (object);
}

static void
arc_solve_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  ArcSolve *self = ARC_SOLVE (object);

  switch (prop_id)
    {
    case PROP_CURRENT:
      g_value_set_uint (value, self->current);
      break;
    case PROP_N_TESTS:
      g_value_set_uint (value, self->tests->len);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, self->shown.can_undo);
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, self->shown.can_redo);
      break;
    case PROP_HAS_SELECTION:
      g_value_set_boolean (value, self->shown.has_selection);
      break;
    case PROP_HAS_CLIPBOARD:
      g_value_set_boolean (value, self->shown.has_clipboard);
      break;
    case PROP_STATE:
      g_value_set_enum (value, self->shown.state);
      break;
    case PROP_TRIALS_LEFT:
      g_value_set_uint (value, self->shown.trials_left);
      break;
    case PROP_SAVE_ERROR:
      g_value_set_boxed (value, self->save_error);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arc_solve_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_CURRENT:
      arc_solve_set_current (ARC_SOLVE (object), g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
arc_solve_class_init (ArcSolveClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = arc_solve_dispose;
  object_class->finalize = arc_solve_finalize;
  object_class->get_property = arc_solve_get_property;
  object_class->set_property = arc_solve_set_property;

  /**
   * ArcSolve::changed:
   * The output grid, the selection, the current test input or a verdict changed.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);

  /* The test input being solved; the other properties are about it */
  properties[PROP_CURRENT] =
    g_param_spec_uint ("current", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_TESTS] = g_param_spec_uint ("n-tests", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, ro);
  /* A selection on the output grid */
  properties[PROP_HAS_SELECTION] = g_param_spec_boolean ("has-selection", NULL, NULL, FALSE, ro);
  properties[PROP_HAS_CLIPBOARD] = g_param_spec_boolean ("has-clipboard", NULL, NULL, FALSE, ro);
  properties[PROP_STATE] = g_param_spec_enum ("state", NULL, NULL, ARC_TYPE_TEST_STATE, ARC_TEST_OPEN, ro);
  properties[PROP_TRIALS_LEFT] = g_param_spec_uint ("trials-left", NULL, NULL, 0, G_MAXUINT, 0, ro);
  /* (nullable) Why the work file could not be written: the work is kept
   * here and written again every few seconds (arc-solve-work.c); %NULL
   * once it is written */
  properties[PROP_SAVE_ERROR] = g_param_spec_boxed ("save-error", NULL, NULL, G_TYPE_ERROR, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
arc_solve_init (ArcSolve *self)
{
  self->tests = g_ptr_array_new_with_free_func (test_work_free);
}

/* Records an action on the current test input, with the grid before it */
ArcAction *
arc_solve_record_action (ArcSolve   *self,
                         const char *category,
                         const char *operation)
{
  TestWork *w = self->tests->pdata[self->current];
  ArcAction *a = arc_action_new (category, operation, w->output);

  g_ptr_array_add (w->actions, a);
  if (self->keeper)
    self->keeper->recorded (self);
  return a;
}

/* The cells an action acts on, and their colours on @grid */
void
arc_solve_set_action_selection (ArcAction      *a,
                                const ArcGrid  *grid,
                                const ArcCells *cells)
{
  arc_action_set_cells (a, cells);
  a->object = arc_cells_is_empty (cells) ? NULL : arc_grid_copy_rect (grid, &cells->rect);
}

TestWork *
arc_solve_work (ArcSolve *self)
{
  return self->tests->pdata[self->current];
}

/* Notifies the properties whose values differ from what they last said */
void
arc_solve_notify (ArcSolve *self)
{
  TestWork *w = arc_solve_work (self);
  Derived now = {
    .current = self->current,
    .can_undo = w->undo->len > 0,
    .can_redo = w->redo->len > 0,
    .has_selection = !arc_cells_is_empty (&w->selection),
    .has_clipboard = self->clipboard != NULL,
    .state = w->state,
    .trials_left = arc_solve_get_trials_left (self, self->current),
  };
  Derived was = self->shown;

  self->shown = now;
  g_object_freeze_notify (G_OBJECT (self));
#define NOTIFY_IF_CHANGED(field, prop) \
  if (now.field != was.field) \
    g_object_notify_by_pspec (G_OBJECT (self), properties[prop])
  NOTIFY_IF_CHANGED (current, PROP_CURRENT);
  NOTIFY_IF_CHANGED (can_undo, PROP_CAN_UNDO);
  NOTIFY_IF_CHANGED (can_redo, PROP_CAN_REDO);
  NOTIFY_IF_CHANGED (has_selection, PROP_HAS_SELECTION);
  NOTIFY_IF_CHANGED (has_clipboard, PROP_HAS_CLIPBOARD);
  NOTIFY_IF_CHANGED (state, PROP_STATE);
  NOTIFY_IF_CHANGED (trials_left, PROP_TRIALS_LEFT);
#undef NOTIFY_IF_CHANGED
  g_object_thaw_notify (G_OBJECT (self));
}

/* An output grid changed: its time, and whoever keeps the work is told */
static void
output_changed (ArcSolve *self)
{
  arc_solve_work (self)->time = g_get_real_time ();
  if (self->keeper)
    self->keeper->changed (self);
}

void
arc_solve_notify_save_error (ArcSolve *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SAVE_ERROR]);
}

void
arc_solve_changed (ArcSolve *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
  arc_solve_notify (self);
}

/**
 * arc_solve_new:
 * @trials: counted attempts per test input (2 as in ARC-AGI-2, 3 as in ARC-AGI-1)
 *
 * Each output grid starts empty (all 0) at its test input's size.
 */
ArcSolve *
arc_solve_new (ArcTask *task,
               guint    trials)
{
  ArcSolve *self;

  g_return_val_if_fail (ARC_IS_TASK (task), NULL);
  g_return_val_if_fail (trials >= 1, NULL);

  self = g_object_new (ARC_TYPE_SOLVE, NULL);
  self->task = g_object_ref (task);
  self->trials = trials;
  for (guint i = 0; i < arc_task_get_n_test (task); i++)
    {
      const ArcGrid *input = arc_task_get_test (task, i)->input;
      TestWork *w = g_new0 (TestWork, 1);

      w->output = arc_grid_new (arc_grid_get_height (input), arc_grid_get_width (input));
      w->start = arc_grid_copy (w->output);
      w->undo = g_ptr_array_new_with_free_func (snapshot_free);
      w->redo = g_ptr_array_new_with_free_func (snapshot_free);
      w->actions = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_action_free);
      w->wrong = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_grid_free);
      g_ptr_array_add (self->tests, w);
    }
  self->shown = (Derived) { .trials_left = trials };
  return self;
}

ArcTask *
arc_solve_get_task (ArcSolve *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE (self), NULL);
  return self->task;
}

guint
arc_solve_get_n_tests (ArcSolve *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE (self), 0);
  return self->tests->len;
}

guint
arc_solve_get_current (ArcSolve *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE (self), 0);
  return self->current;
}

void
arc_solve_set_current (ArcSolve *self,
                       guint     test)
{
  g_return_if_fail (ARC_IS_SOLVE (self));
  g_return_if_fail (test < self->tests->len);

  if (self->current == test)
    return;
  self->current = test;
  self->in_stroke = FALSE;
  arc_solve_changed (self);
}

const ArcGrid *
arc_solve_get_input (ArcSolve *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE (self), NULL);
  return arc_task_get_test (self->task, self->current)->input;
}

const ArcGrid *
arc_solve_get_output (ArcSolve *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE (self), NULL);
  return arc_solve_work (self)->output;
}

/**
 * arc_solve_get_expected:
 * Returns: (nullable): the current test input's expected output, if known
 */
const ArcGrid *
arc_solve_get_expected (ArcSolve *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE (self), NULL);
  return arc_task_get_test (self->task, self->current)->output;
}

/**
 * arc_solve_get_last_wrong:
 * Returns: (nullable): the current test input's last wrong attempt
 */
const ArcGrid *
arc_solve_get_last_wrong (ArcSolve *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE (self), NULL);
  return arc_solve_work (self)->last_wrong;
}

/* Keeps the state before a change for undo; a new change ends redo. */
void
arc_solve_save_undo (ArcSolve *self)
{
  TestWork *w = arc_solve_work (self);
  Snapshot *s = g_new0 (Snapshot, 1);

  s->grid = arc_grid_copy (w->output);
  s->selection = w->selection;
  arc_solve_floating_copy (&s->floating, &w->floating);
  g_ptr_array_add (w->undo, s);
  g_ptr_array_set_size (w->redo, 0);
  output_changed (self);
}

/* An undo step, unless the stroke under way has one */
void
arc_solve_save_stroke_undo (ArcSolve *self)
{
  if (!self->in_stroke || !self->stroke_saved)
    arc_solve_save_undo (self);
  self->stroke_saved = TRUE;
}

void
arc_solve_replace_output (TestWork *w,
                          ArcGrid  *grid)
{
  arc_solve_anchor (w);
  arc_grid_free (w->output);
  w->output = grid;
  arc_cells_clip_to_grid (&w->selection, w->output);
}

/**
 * arc_solve_resize:
 * Resizes the output grid, keeping its top-left content; new cells are 0.
 *
 * Returns: %FALSE if the size is not 1..30 each way, or is the same
 */
gboolean
arc_solve_resize (ArcSolve *self,
                  int       height,
                  int       width)
{
  TestWork *w;

  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);

  w = arc_solve_work (self);
  if (!arc_size_is_valid (height, width) ||
      (height == arc_grid_get_height (w->output) && width == arc_grid_get_width (w->output)))
    return FALSE;
  {
    ArcAction *a = arc_solve_record_action (self, "Critical", "ResizeGrid");
    a->height = height;
    a->width = width;
  }
  arc_solve_save_undo (self);
  arc_solve_replace_output (w, arc_grid_resize (w->output, height, width));
  arc_solve_changed (self);
  return TRUE;
}

void
arc_solve_copy_from_input (ArcSolve *self)
{
  TestWork *w;

  g_return_if_fail (ARC_IS_SOLVE (self));

  w = arc_solve_work (self);
  arc_solve_record_action (self, "Critical", "CopyFromInput");
  arc_solve_save_undo (self);
  arc_cells_clear (&w->selection);
  arc_solve_replace_output (w, arc_grid_copy (arc_solve_get_input (self)));
  arc_solve_changed (self);
}

/**
 * arc_solve_reset:
 * Every cell 0, at the current size.
 */
void
arc_solve_reset (ArcSolve *self)
{
  TestWork *w;

  g_return_if_fail (ARC_IS_SOLVE (self));

  w = arc_solve_work (self);
  arc_solve_record_action (self, "Critical", "ResetGrid");
  arc_solve_save_undo (self);
  arc_solve_anchor (w);
  arc_cells_clear (&w->selection);
  arc_grid_clear (w->output);
  arc_solve_changed (self);
}

/**
 * arc_solve_begin_stroke:
 * Paints, or moves of the selection, until arc_solve_end_stroke() are one
 * step of undo (a drag of the pointer).
 */
void
arc_solve_begin_stroke (ArcSolve *self)
{
  g_return_if_fail (ARC_IS_SOLVE (self));
  self->in_stroke = TRUE;
  self->stroke_saved = FALSE;
}

void
arc_solve_end_stroke (ArcSolve *self)
{
  g_return_if_fail (ARC_IS_SOLVE (self));
  self->in_stroke = FALSE;
  if (self->keeper)
    self->keeper->settled (self);
}

gboolean
arc_solve_paint (ArcSolve *self,
                 int       row,
                 int       col,
                 guint8    colour)
{
  TestWork *w;

  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);
  g_return_val_if_fail (colour < ARC_N_COLOURS, FALSE);

  w = arc_solve_work (self);
  if (!arc_grid_contains (w->output, row, col) || arc_grid_get (w->output, row, col) == colour)
    return FALSE;
  {
    ArcAction *a = arc_solve_record_action (self, "Coloring", "Paint");
    a->x = col;
    a->y = row;
    a->colour = colour;
  }
  arc_solve_save_stroke_undo (self);
  output_changed (self);
  arc_grid_set (w->output, row, col, colour);
  arc_solve_absorb_output (w);
  arc_solve_changed (self);
  return TRUE;
}

gboolean
arc_solve_flood_fill (ArcSolve *self,
                      int       row,
                      int       col,
                      guint8    colour)
{
  TestWork *w;

  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);

  w = arc_solve_work (self);
  if (!arc_grid_contains (w->output, row, col) || arc_grid_get (w->output, row, col) == colour)
    return FALSE;
  {
    ArcAction *a = arc_solve_record_action (self, "Coloring", "FloodFill");
    a->x = col;
    a->y = row;
    a->colour = colour;
  }
  arc_solve_save_undo (self);
  arc_grid_flood_fill (w->output, row, col, colour);
  arc_solve_absorb_output (w);
  arc_solve_changed (self);
  return TRUE;
}

gboolean
arc_solve_can_undo (ArcSolve *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);
  return arc_solve_work (self)->undo->len > 0;
}

gboolean
arc_solve_can_redo (ArcSolve *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);
  return arc_solve_work (self)->redo->len > 0;
}

static gboolean
step_history (ArcSolve  *self,
              GPtrArray *from,
              GPtrArray *to)
{
  TestWork *w = arc_solve_work (self);
  Snapshot *s, *now;

  if (from->len == 0)
    return FALSE;
  s = g_ptr_array_steal_index (from, from->len - 1);
  now = g_new0 (Snapshot, 1);
  now->grid = w->output;
  now->selection = w->selection;
  now->floating = w->floating;
  g_ptr_array_add (to, now);
  w->output = s->grid;
  w->selection = s->selection;
  w->floating = s->floating;
  g_free (s);
  output_changed (self);
  self->in_stroke = FALSE;
  arc_solve_changed (self);
  return TRUE;
}

gboolean
arc_solve_undo (ArcSolve *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);

  if (arc_solve_work (self)->undo->len == 0)
    return FALSE;
  arc_solve_record_action (self, "History", "Undo");
  return step_history (self, arc_solve_work (self)->undo, arc_solve_work (self)->redo);
}

gboolean
arc_solve_redo (ArcSolve *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);

  if (arc_solve_work (self)->redo->len == 0)
    return FALSE;
  arc_solve_record_action (self, "History", "Redo");
  return step_history (self, arc_solve_work (self)->redo, arc_solve_work (self)->undo);
}

/**
 * arc_solve_get_actions:
 * Returns: (transfer none) (element-type ArcAction): the current test
 * input's actions since its last submission
 */
GPtrArray *
arc_solve_get_actions (ArcSolve *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE (self), NULL);
  return arc_solve_work (self)->actions;
}

static gboolean
arc_solve_is_repeat_of (TestWork      *w,
                        const ArcGrid *grid)
{
  for (guint i = 0; grid && i < w->wrong->len; i++)
    if (arc_grid_equal (w->wrong->pdata[i], grid))
      return TRUE;
  return FALSE;
}

/**
 * arc_solve_is_repeat:
 * Returns: %TRUE if submitting now would repeat an earlier wrong attempt of
 *   the current test input while its trials are not over: a submission
 *   that spends nothing and is not recorded
 */
gboolean
arc_solve_is_repeat (ArcSolve *self)
{
  TestWork *w;

  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);
  w = arc_solve_work (self);
  return w->state == ARC_TEST_OPEN && arc_solve_is_repeat_of (w, w->output);
}

/* The test input of @w starts at @attempt's grid if that is its newest */
static void
started_at (TestWork         *w,
            const ArcAttempt *attempt)
{
  if (attempt->grid == NULL || attempt->time < w->start_time)
    return;
  arc_grid_free (w->start);
  w->start = arc_grid_copy (attempt->grid);
  w->start_time = attempt->time;
}

/* Counts an attempt for @test */
static void
record (ArcSolve         *self,
        guint             test,
        const ArcAttempt *attempt)
{
  TestWork *w = self->tests->pdata[test];

  if (attempt->verdict == ARC_VERDICT_WRONG)
    {
      g_clear_pointer (&w->last_wrong, arc_grid_free);
      w->last_wrong = arc_grid_copy (attempt->grid);
      if (!arc_solve_is_repeat_of (w, attempt->grid))
        g_ptr_array_add (w->wrong, arc_grid_copy (attempt->grid));
    }
  if (!attempt->counts || attempt->verdict == ARC_VERDICT_UNVERIFIED || w->state != ARC_TEST_OPEN)
    return;
  w->trials_used++;
  if (attempt->verdict == ARC_VERDICT_CORRECT)
    w->state = ARC_TEST_SOLVED;
  else if (w->trials_used >= self->trials)
    w->state = ARC_TEST_FAILED;
}

/**
 * arc_solve_submit:
 * Compares the output grid with the expected output: size and every cell.
 * The attempt counts while trials are left; after that it is practice.
 * Without an expected output the attempt is unverified. An output grid
 * that an earlier wrong attempt of this test input had, while trials are
 * left, is not an attempt: it would spend a trial to learn nothing
 * (arc_solve_is_repeat()).
 *
 * Returns: (transfer full) (nullable): the attempt, to keep in the notes;
 *   %NULL for a repeat, nothing submitted
 */
ArcAttempt *
arc_solve_submit (ArcSolve *self)
{
  TestWork *w;
  const ArcGrid *expected;
  ArcVerdict verdict;
  ArcAttempt *attempt;

  g_return_val_if_fail (ARC_IS_SOLVE (self), NULL);

  w = arc_solve_work (self);
  if (arc_solve_is_repeat (self))
    return NULL;
  expected = arc_solve_get_expected (self);
  if (expected == NULL)
    verdict = ARC_VERDICT_UNVERIFIED;
  else
    verdict = arc_grid_equal (w->output, expected) ? ARC_VERDICT_CORRECT : ARC_VERDICT_WRONG;
  arc_solve_record_action (self, "Critical", "Submit");
  attempt = arc_attempt_new (self->current, w->output, verdict, w->state == ARC_TEST_OPEN);
  attempt->trials = self->trials;
  attempt->task_hash = arc_task_dup_content_hash (self->task);
  attempt->actions = g_steal_pointer (&w->actions);
  w->actions = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_action_free);
  w->actions_since = attempt->time;
  started_at (w, attempt);
  record (self, self->current, attempt);
  if (self->keeper && attempt->counts)
    self->keeper->counted (self);
  arc_solve_changed (self);
  return attempt;
}

/**
 * arc_solve_add_past:
 * Counts an attempt made before (read back from the notes), so that solved
 * tests and used trials come back after a restart; its test input shows
 * it if it is the newest (see arc_solve_restore_output()).
 */
void
arc_solve_add_past (ArcSolve         *self,
                    const ArcAttempt *attempt)
{
  g_return_if_fail (ARC_IS_SOLVE (self));

  if (attempt->test >= self->tests->len)
    return;
  started_at (self->tests->pdata[attempt->test], attempt);
  record (self, attempt->test, attempt);
  if (attempt->grid)
    arc_solve_restore_output (self, attempt->test, attempt->grid, attempt->time);
  arc_solve_changed (self);
}

/**
 * arc_solve_recount:
 * @attempts: (element-type ArcAttempt) (nullable): the attempts kept in
 *   the notes, oldest first, once they changed (another window's merged in)
 *
 * Counts the trials again from @attempts alone: those made by hand on the
 * task as it is now, as when the workspace was made (arc_solve_add_past()).
 * The output grids and their undo stay as they are.
 */
void
arc_solve_recount (ArcSolve  *self,
                   GPtrArray *attempts)
{
  g_autofree char *hash = NULL;

  g_return_if_fail (ARC_IS_SOLVE (self));

  hash = arc_task_dup_content_hash (self->task);
  for (guint t = 0; t < self->tests->len; t++)
    {
      TestWork *w = self->tests->pdata[t];

      w->trials_used = 0;
      w->state = ARC_TEST_OPEN;
      g_clear_pointer (&w->last_wrong, arc_grid_free);
      g_ptr_array_set_size (w->wrong, 0);
    }
  for (guint i = 0; attempts && i < attempts->len; i++)
    {
      const ArcAttempt *at = attempts->pdata[i];

      if (at->test < self->tests->len && !arc_attempt_is_earlier_version (at, hash) && !arc_attempt_is_by_program (at))
        record (self, at->test, at);
    }
  /* (the task may be over now: its work goes) */
  if (self->keeper)
    self->keeper->counted (self);
  arc_solve_changed (self);
}

ArcTestState
arc_solve_get_state (ArcSolve *self,
                     guint     test)
{
  g_return_val_if_fail (ARC_IS_SOLVE (self), ARC_TEST_OPEN);
  g_return_val_if_fail (test < self->tests->len, ARC_TEST_OPEN);
  return ((TestWork *) self->tests->pdata[test])->state;
}

guint
arc_solve_get_trials_left (ArcSolve *self,
                           guint     test)
{
  TestWork *w;

  g_return_val_if_fail (ARC_IS_SOLVE (self), 0);
  g_return_val_if_fail (test < self->tests->len, 0);

  w = self->tests->pdata[test];
  return w->trials_used >= self->trials ? 0 : self->trials - w->trials_used;
}

/**
 * arc_solve_is_solved:
 * Returns: %TRUE when every test input is solved
 */
gboolean
arc_solve_is_solved (ArcSolve *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);

  for (guint i = 0; i < self->tests->len; i++)
    if (((TestWork *) self->tests->pdata[i])->state != ARC_TEST_SOLVED)
      return FALSE;
  return self->tests->len > 0;
}

/**
 * arc_solve_is_changed:
 * Returns: whether an output grid differs from where its test input
 *   started: the empty grid, or its last attempt's (what shows without
 *   the work in progress). Undone back there, it is not changed.
 */
gboolean
arc_solve_is_changed (ArcSolve *self)
{
  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);

  for (guint i = 0; i < self->tests->len; i++)
    {
      TestWork *w = self->tests->pdata[i];

      if (!arc_grid_equal (w->output, w->start))
        return TRUE;
    }
  return FALSE;
}

/**
 * arc_solve_restore_output:
 * @time: when @grid was made (microseconds since the epoch)
 *
 * Test input @test's output grid becomes @grid if that is newer than what
 * it shows and nothing was done to it in this session. Not a step of undo.
 *
 * Returns: %TRUE if @grid is shown
 */
gboolean
arc_solve_restore_output (ArcSolve      *self,
                          guint          test,
                          const ArcGrid *grid,
                          gint64         time)
{
  TestWork *w;

  g_return_val_if_fail (ARC_IS_SOLVE (self), FALSE);
  g_return_val_if_fail (grid != NULL, FALSE);

  if (test >= self->tests->len)
    return FALSE;
  w = self->tests->pdata[test];
  if (w->undo->len > 0 || w->redo->len > 0 || time < w->time)
    return FALSE;
  arc_solve_anchor (w);
  arc_cells_clear (&w->selection);
  arc_grid_free (w->output);
  w->output = arc_grid_copy (grid);
  w->time = time;
  if (test == self->current)
    arc_solve_changed (self);
  return TRUE;
}

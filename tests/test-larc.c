/* test-larc.c: LARC's tasks_json files: the tolerant reader on hand-made
 * files with every quirk, the conversion of its actions, never touching a
 * user's records, idempotent imports, and import then export giving back
 * LARC's own files (../shared/data/larc)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "arc-core.h"
#include "test-util.h"
#include "larc-test-util.h"

static char *
fixture (const char *name)
{
  return g_build_filename (g_getenv ("ARC_FIXTURES_DIR"), "larc", "tasks_json", name, NULL);
}

static ArcLarcTask *
load_fixture (const char *name,
              GPtrArray  *warnings)
{
  g_autofree char *path = fixture (name);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  ArcLarcTask *larc = arc_larc_task_load (file, warnings, &error);

  g_assert_no_error (error);
  g_assert_nonnull (larc);
  return larc;
}

static gboolean
has_warning (GPtrArray  *warnings,
             const char *text)
{
  for (guint i = 0; i < warnings->len; i++)
    if (strstr (warnings->pdata[i], text))
      return TRUE;
  return FALSE;
}

static void
assert_warning (GPtrArray  *warnings,
                const char *text)
{
  if (!has_warning (warnings, text))
    {
      for (guint i = 0; i < warnings->len; i++)
        g_test_message ("warning: %s", (char *) warnings->pdata[i]);
      g_error ("no warning with “%s”", text);
    }
}

static ArcAnnotation *
find_description (ArcLarcTask *larc,
                  const char  *id)
{
  for (guint i = 0; i < larc->descriptions->len; i++)
    {
      ArcAnnotation *a = larc->descriptions->pdata[i];
      if (g_str_equal (a->source->id, id))
        return a;
    }
  g_assert_not_reached ();
}

/* Every quirk is read, each with a warning naming the file and the place */
static void
test_quirks (void)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(ArcLarcTask) larc = load_fixture ("1.json", warnings);
  ArcAnnotation *d1, *d2;
  ArcAttempt *at;
  ArcAction *a;
  ArcBuild *b1, *b2;

  g_assert_cmpstr (larc->task_id, ==, "0ca9ddb6");
  g_assert_cmpuint (larc->descriptions->len, ==, 2);
  g_assert_cmpuint (larc->n_builds, ==, 2);
  assert_warning (warnings, "1.json: descriptions.d1: “confidence” is a number written as a string (“7”)");
  assert_warning (warnings, "1.json: descriptions.d1: “succeeded_verification” is a truth value written as “True”");
  assert_warning (warnings, "1.json: descriptions.d1.action_sequence[2]: an action without its tool, kept as it is for the export");
  assert_warning (warnings, "1.json: descriptions.d1.action_sequence[4]: an unknown tool “teleport”, left out");
  /* Sequences with actions without a time are kept apart: LARC has many */
  assert_warning (larc->untimed, "1.json: descriptions.d1: 1 of the 6 actions has no time");
  assert_warning (warnings, "1.json: descriptions.d1.builds.b1: “success” is a truth value written as “False”");
  assert_warning (warnings, "1.json: descriptions.d2: “see_description” is null");
  assert_warning (warnings, "1.json: descriptions.d2: a confidence of 12 is not 0–10, left out");

  d1 = find_description (larc, "d1");
  g_assert_true (arc_annotation_is_read_only (d1));
  g_assert_cmpstr (d1->source->author, ==, "u1");
  g_assert_cmpstr (d1->source->task_file, ==, "1.json");
  g_assert_cmpstr (d1->source->license, ==, "CC-BY-4.0");
  g_assert_true (g_str_has_prefix (d1->transform_text, "To make the output, you have to...put a red cell"));
  g_assert_cmpint (d1->confidence, ==, 7);
  g_assert_cmpint (d1->created, ==, G_GINT64_CONSTANT (1611013859987000));
  g_assert_cmpint (d1->seconds_spent, ==, 60);
  g_assert_cmpint (d1->verified, ==, 1);
  g_assert_cmpint (d1->verification_attempts, ==, 2);
  g_assert_cmpint (d1->verification_seconds, ==, 20);
  g_assert_cmpint (d1->max_idle_seconds, ==, -1);

  /* Two checks: two attempts, each with the actions that led to it */
  g_assert_cmpuint (d1->attempts->len, ==, 2);
  at = d1->attempts->pdata[0];
  g_assert_cmpint (at->verdict, ==, ARC_VERDICT_WRONG);
  g_assert_cmpuint (at->trials, ==, 3);
  g_assert_cmpuint (at->actions->len, ==, 2);
  g_assert_cmpstr (((ArcAction *) at->actions->pdata[0])->operation, ==, "CopyFromInput");
  g_assert_cmpint (((ArcAction *) at->actions->pdata[0])->time, ==, G_GINT64_CONSTANT (1611013861487000));
  at = d1->attempts->pdata[1];
  g_assert_cmpint (at->verdict, ==, ARC_VERDICT_CORRECT);
  g_assert_cmpuint (at->actions->len, ==, 3);
  /* The action without a tool, kept as LARC has it for the export */
  a = at->actions->pdata[0];
  g_assert_true (arc_action_is_larc_only (a));
  g_assert_cmpstr (a->operation, ==, "Unknown");
  g_assert_nonnull (strstr (a->larc, "\"symbol\":\"2\""));
  /* with its grid, which was read from the text rather than the tree */
  g_assert_cmpstr (a->larc, ==, "{\"action\":{\"symbol\":\"2\"},\"grid\":[[1,0],[0,0]],\"time\":2.5}");
  g_assert_cmpint (a->time, ==, G_GINT64_CONSTANT (1611013862487000));
  {
    /* and so it stays as an ARCTraj record read back */
    g_autoptr(JsonNode) node = arc_action_to_node (a);
    g_autoptr(ArcAction) back = arc_action_new_from_node (node, NULL);

    g_assert_nonnull (back);
    g_assert_cmpstr (back->larc, ==, a->larc);
  }
  a = at->actions->pdata[1];
  /* LARC's x is the row, y the column; ARCTraj's x is the column */
  g_assert_cmpstr (a->operation, ==, "Paint");
  g_assert_cmpint (a->x, ==, 1);
  g_assert_cmpint (a->y, ==, 0);
  g_assert_cmpint (a->colour, ==, 2);
  g_assert_cmpint (a->time, ==, 0);
  g_assert_cmpint (arc_grid_get (a->grid, 0, 1), ==, 0);
  g_assert_null (d1->unsubmitted);

  b1 = d1->builds->pdata[0];
  g_assert_cmpstr (b1->id, ==, "b1");
  g_assert_cmpstr (b1->builder, ==, "larc:u2");
  g_assert_false (b1->success);
  g_assert_cmpuint (b1->n_attempts, ==, 1);
  g_assert_cmpint (b1->milliseconds, ==, 30500);
  g_assert_cmpint (b1->max_idle_seconds, ==, 5);
  g_assert_cmpuint (b1->attempts->len, ==, 1);
  /* After the last check: a copy from the input and a paste, unsubmitted */
  g_assert_nonnull (b1->unsubmitted);
  g_assert_cmpuint (b1->unsubmitted->len, ==, 2);
  a = b1->unsubmitted->pdata[0];
  g_assert_cmpstr (a->operation, ==, "CopyI");
  g_assert_cmpint (a->selection.height, ==, 1);
  g_assert_cmpint (a->selection.width, ==, 2);
  a = b1->unsubmitted->pdata[1];
  g_assert_cmpstr (a->operation, ==, "Paste");
  g_assert_cmpint (a->x, ==, 0);
  g_assert_cmpint (a->y, ==, 1);
  g_assert_cmpint (arc_grid_get (b1->unsubmitted_grid, 1, 0), ==, 1);

  /* No actions: the answers of attempt_jsons, checked against the test output */
  b2 = d1->builds->pdata[1];
  g_assert_true (b2->success);
  g_assert_cmpuint (b2->attempts->len, ==, 1);
  g_assert_cmpint (((ArcAttempt *) b2->attempts->pdata[0])->verdict, ==, ARC_VERDICT_CORRECT);
  g_assert_null (((ArcAttempt *) b2->attempts->pdata[0])->actions);

  d2 = find_description (larc, "d2");
  g_assert_cmpstr (d2->input_text, ==, "");
  g_assert_cmpint (d2->confidence, ==, -1);
  g_assert_cmpint (d2->verified, ==, 0);
  g_assert_cmpuint (d2->builds->len, ==, 0);
}

static void
test_null_and_broken (void)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(ArcLarcTask) empty = load_fixture ("2.json", warnings);
  g_autoptr(ArcLarcTask) nameless = load_fixture ("4.json", warnings);
  g_autofree char *path = fixture ("3.json");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcLarcTask) broken = arc_larc_task_load (file, warnings, &error);

  g_assert_cmpuint (empty->descriptions->len, ==, 0);
  assert_warning (warnings, "2.json: descriptions: null: the task has no descriptions");
  g_assert_null (nameless->task_id);
  assert_warning (warnings, "4.json: name: missing: the task's ARC id is not known");
  g_assert_null (broken);
  g_assert_error (error, ARC_ERROR, ARC_ERROR_SYNTAX);
  g_assert_true (g_str_has_prefix (error->message, "3.json: "));
}

static ArcLarcTask *
load_text (const char *text,
           GPtrArray  *warnings)
{
  g_autoptr(GError) error = NULL;
  ArcLarcTask *larc = arc_larc_task_load_from_data (text, strlen (text), "9.json", warnings, &error);

  g_assert_no_error (error);
  return larc;
}

static const char *
digest_of (ArcLarcTask *larc,
           const char  *id)
{
  return find_description (larc, id)->source->digest;
}

/* The grids of actions and answers are read from the file's text: what is
 * not a grid there is said as before, and a record's digest is that of its
 * own text (and the test pairs'), so a change in one description's grid
 * changes its record only */
#define TASK_HEAD "{\"name\": \"0ca9ddb6.json\", \"train\": [{\"input\": [[1]], \"output\": [[2]]}], " \
                  "\"test\": [{\"input\": [[1, 0], [0, 0]], \"output\": [[1, 2], [0, 0]]}], \"descriptions\": {"
#define STEP(grid) "{\"action\": {\"tool\": \"edit\", \"symbol\": \"2\", \"x\": \"1\", \"y\": \"0\"}, " \
                   "\"grid\": " grid ", \"time\": 1.0}"
#define DESCRIPTION(id, grid, answer) "\"" id "\": {\"uid\": \"u1\", \"timestamp\": 1611013859.5, " \
                                      "\"see_description\": \"a\", \"grid_description\": \"b\", " \
                                      "\"do_description\": \"c\", \"action_sequence\": [" STEP (grid) "], " \
                                      "\"attempt_jsons\": [" answer "]}"
static void
test_grids_from_text (void)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(ArcLarcTask) good = load_text (TASK_HEAD DESCRIPTION ("d1", "[[1, 2], [0, 0]]", "[[1,2],[0,0]]") ", "
                                           DESCRIPTION ("d2", "[[1, 2], [0, 0]]", "[[1, 2], [0, 0]]") "}}", warnings);
  g_autoptr(ArcLarcTask) changed = load_text (TASK_HEAD DESCRIPTION ("d1", "[[1, 2], [0, 0]]", "[[1,2],[0,0]]") ", "
                                              DESCRIPTION ("d2", "[[1, 2], [0, 3]]", "[[1, 2], [0, 0]]") "}}", warnings);
  g_autoptr(ArcLarcTask) bad = NULL;
  ArcAnnotation *d;
  ArcAttempt *at;

  for (guint i = 0; i < warnings->len; i++)
    g_test_message ("warning: %s", (char *) warnings->pdata[i]);
  g_assert_cmpuint (warnings->len, ==, 0);
  d = find_description (good, "d1");
  g_assert_cmpuint (d->attempts->len, ==, 1);
  at = d->attempts->pdata[0];
  g_assert_cmpint (at->verdict, ==, ARC_VERDICT_CORRECT);
  g_assert_cmpint (arc_grid_get (at->grid, 0, 1), ==, 2);
  g_assert_cmpstr (digest_of (good, "d1"), ==, digest_of (changed, "d1"));
  g_assert_cmpstr (digest_of (good, "d2"), !=, digest_of (changed, "d2"));
  g_assert_cmpstr (digest_of (good, "d1"), !=, digest_of (good, "d2"));
  g_assert_true (g_str_has_prefix (digest_of (good, "d1"), "sha256:"));

  bad = load_text (TASK_HEAD DESCRIPTION ("d1", "[[1, 2.5], [0, 0]]", "[[1, 2], [0]]") ", "
                   DESCRIPTION ("d2", "\"[[1, 2]]\"", "[\"12\", \"00\"]") ", "
                   DESCRIPTION ("d3", "[[1, 2], [0, 10]]", "[]") "}}", warnings);
  assert_warning (warnings, "9.json: descriptions.d1.action_sequence[0]: the grid after the action is not a valid grid");
  assert_warning (warnings, "9.json: descriptions.d1: attempt_jsons[0] is not a valid grid, left out");
  assert_warning (warnings, "9.json: descriptions.d2.action_sequence[0]: the grid after the action is not a valid grid");
  assert_warning (warnings, "9.json: descriptions.d2: attempt_jsons[0] is not a valid grid, left out");
  assert_warning (warnings, "9.json: descriptions.d3.action_sequence[0]: the grid after the action is not a valid grid");
  assert_warning (warnings, "9.json: descriptions.d3: attempt_jsons[0] is not a valid grid, left out");
  g_assert_cmpuint (find_description (bad, "d1")->attempts->len, ==, 0);

  /* An integer beyond 64 bits in a grid read from the text is refused as
   * anywhere in the file (not taken as 0) */
  {
    const char *texts[] = {
      TASK_HEAD DESCRIPTION ("d1", "[[1, 99999999999999999999], [0, 0]]", "[[1,2],[0,0]]") "}}",
      TASK_HEAD DESCRIPTION ("d1", "[[1, 2], [0, 0]]", "[[1,-99999999999999999999],[0,0]]") "}}",
    };

    for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(ArcLarcTask) big = arc_larc_task_load_from_data (texts[i], strlen (texts[i]), "9.json", NULL, &error);

        g_assert_null (big);
        g_assert_error (error, ARC_ERROR, ARC_ERROR_SYNTAX);
        g_assert_nonnull (strstr (error->message, "the integer does not fit in 64 bits"));
        g_assert_true (g_str_has_prefix (error->message, "9.json: line 1, column "));
      }
  }
}

/* The steps of an action sequence are read from the text, one at a time:
 * each member as json-glib's tree held it (the last of a repeated name),
 * numbers and truth values written as strings warned as before, a step
 * kept for the export as json-glib writes it, and a syntax error in an
 * action named by its line and column */
#define SEQUENCE(steps) TASK_HEAD "\"d1\": {\"uid\": \"u1\", \"timestamp\": 1611013859.5, \"see_description\": \"a\", " \
                        "\"grid_description\": \"b\", \"do_description\": \"c\", \"action_sequence\": [" steps "]}}}"
static void
test_steps_from_text (void)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(ArcLarcTask) larc = load_text (SEQUENCE (
    /* 0: the first "tool" is replaced by the second */
    "{\"action\": {\"tool\": \"check\", \"x\": \"1\", \"y\": 0, \"symbol\": 2.0, \"tool\": \"edit\"}, \"grid\": [[1, 0], [2, 0]], \"time\": \"1.5\"},"
    /* 1: a whole "action" replaced by one that is not an object: kept for the export */
    "{\"action\": {\"tool\": \"edit\"}, \"grid\": [[1, 0], [2, 0]], \"extra\": {\"k\": [1, 2.5, true, null, \"a\\\"b\\u00e9\"]}, "
    "\"action\": \"x\", \"time\": 2},"
    /* 2: not an object */
    "[1, 2],"
    /* 3: a copy of cells written as strings, the grid given twice (the last is taken) */
    "{\"action\": {\"tool\": \"copy\", \"copy_paste_data\": [[\"0\", \"0\", \"1\"], [0, 1, 0]]}, \"grid\": \"no\", \"grid\": [[1, 0], [2, 0]], \"time\": 3},"
    /* 4: a paste with a cell that is not [row, column, colour] */
    "{\"action\": {\"tool\": \"paste\", \"x\": 1, \"y\": 0, \"copy_paste_data\": [[0, 0, 1], [0, 1]]}, \"grid\": [[1, 0], [2, 0]], \"time\": 4},"
    /* 5: a check, "correct" written as 1; no time */
    "{\"action\": {\"tool\": \"check\", \"correct\": 1}, \"grid\": [[1, 0], [2, 0]]},"
    /* 6: a resize whose size is a string; its grid is rows of digit strings, not taken */
    "{\"action\": {\"tool\": \"resizeOutputGrid\", \"height\": \"2\", \"width\": 1e0}, \"grid\": [\"10\", \"20\"], \"time\": 6}"),
    warnings);
  ArcAnnotation *d = find_description (larc, "d1");
  ArcAttempt *at;
  ArcAction *a;

  for (guint i = 0; i < warnings->len; i++)
    g_test_message ("warning: %s", (char *) warnings->pdata[i]);
  assert_warning (warnings, "9.json: descriptions.d1.action_sequence[0]: “time” is a number written as a string (“1.5”)");
  assert_warning (warnings, "9.json: descriptions.d1.action_sequence[1]: an action without its tool, kept as it is for the export");
  assert_warning (warnings, "9.json: descriptions.d1.action_sequence[2]: an action that is not an object, left out");
  assert_warning (warnings, "9.json: descriptions.d1.action_sequence[4]: a paste without valid copy_paste_data, left out");
  assert_warning (warnings, "9.json: descriptions.d1.action_sequence[5]: “correct” is a truth value written as “1”");
  assert_warning (warnings, "9.json: descriptions.d1.action_sequence[6]: the grid after the action is not a valid grid");
  assert_warning (larc->untimed, "9.json: descriptions.d1: 1 of the 7 actions has no time");
  g_assert_false (has_warning (warnings, "action_sequence[3]"));

  g_assert_cmpuint (d->attempts->len, ==, 1);
  at = d->attempts->pdata[0];
  g_assert_cmpint (at->verdict, ==, ARC_VERDICT_CORRECT);
  g_assert_cmpuint (at->actions->len, ==, 4);
  a = at->actions->pdata[0];
  g_assert_cmpstr (a->operation, ==, "Paint");
  g_assert_cmpint (a->x, ==, 0);
  g_assert_cmpint (a->y, ==, 1);
  g_assert_cmpint (a->colour, ==, 2);
  g_assert_cmpint (a->time, ==, G_GINT64_CONSTANT (1611013861000000));
  a = at->actions->pdata[1];
  g_assert_cmpstr (a->operation, ==, "Unknown");
  g_assert_cmpstr (a->larc, ==, "{\"action\":\"x\",\"grid\":[[1,0],[2,0]],\"extra\":{\"k\":[1,2.5,true,null,\"a\\\"bé\"]},\"time\":2}");
  g_assert_cmpint (a->time, ==, G_GINT64_CONSTANT (1611013861500000));
  a = at->actions->pdata[2];
  g_assert_cmpstr (a->operation, ==, "CopyO");
  g_assert_cmpint (a->selection.width, ==, 2);
  g_assert_cmpint (arc_grid_get (a->object, 0, 0), ==, 1);
  g_assert_cmpstr (((ArcAction *) at->actions->pdata[3])->operation, ==, "Submit");
  g_assert_cmpint (arc_grid_get (at->grid, 1, 0), ==, 2);
  /* After the check: the resize, whose grid after it was not taken */
  g_assert_nonnull (d->unsubmitted);
  g_assert_cmpuint (d->unsubmitted->len, ==, 1);
  a = d->unsubmitted->pdata[0];
  g_assert_cmpstr (a->operation, ==, "ResizeGrid");
  g_assert_cmpint (a->height, ==, 2);
  g_assert_cmpint (a->width, ==, 1);
  g_assert_cmpint (arc_grid_get_height (d->unsubmitted_grid), ==, 2);

  /* A syntax error in an action: the file, the line and the column */
  {
    const char *texts[] = {
      SEQUENCE ("{\"action\": {\"tool\": \"edit\", \"x\": 01}, \"grid\": [[1]]}"),
      SEQUENCE ("{\"action\": {\"tool\": \"edit\",}, \"grid\": [[1]]}"),
      SEQUENCE ("{\"action\": {\"tool\": \"edit\"}, \"grid\": [[1]], \"time\": 99999999999999999999}"),
    };
    const char *problems[] = { "numbers must not have leading zeros", "a member name", "the integer does not fit in 64 bits" };
    const char *at_text[] = { "1}", "}, \"grid\"", "99999999999999999999}" };

    for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(ArcLarcTask) bad = arc_larc_task_load_from_data (texts[i], strlen (texts[i]), "9.json", NULL, &error);
        g_autofree char *where = g_strdup_printf ("9.json: line 1, column %d: ",
                                                  (int) (strstr (texts[i], at_text[i]) - texts[i]) + 1);

        g_assert_null (bad);
        g_assert_error (error, ARC_ERROR, ARC_ERROR_SYNTAX);
        g_test_message ("%s", error->message);
        g_assert_true (g_str_has_prefix (error->message, where));
        g_assert_nonnull (strstr (error->message, problems[i]));
      }
  }
}

/* A step kept for the export with a number beyond a double's range: kept
 * with null there (json-glib would write "inf.0"), so that the notes it is
 * put in can be read again */
static void
test_step_beyond_range (void)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(ArcLarcTask) larc = load_text (SEQUENCE (
    "{\"action\": {\"symbol\": -1e400}, \"grid\": [[1, 0], [2, 0]], \"time\": 1e400}"), warnings);
  ArcAnnotation *d = find_description (larc, "d1");
  g_autoptr(JsonNode) node = arc_annotation_to_node (d);
  g_autofree char *text = json_to_string (node, FALSE);
  ArcAction *a;

  assert_warning (warnings, "9.json: descriptions.d1.action_sequence[0]: a number in the action is beyond what can be kept; it is kept as null");
  assert_warning (warnings, "9.json: descriptions.d1.action_sequence[0]: “time” is not a number, left out");
  g_assert_nonnull (d->unsubmitted);
  a = d->unsubmitted->pdata[0];
  g_assert_cmpstr (a->larc, ==, "{\"action\":{\"symbol\":null},\"grid\":[[1,0],[2,0]],\"time\":null}");
  g_assert_true (arc_json_check (text, strlen (text), NULL));
}

/* The test pairs are part of every record's digest, the train pairs not;
 * the last "test" of the file is the one */
static void
test_digest_of_pairs (void)
{
  const char *desc = "\"descriptions\": {\"d1\": {\"uid\": \"u1\", \"see_description\": \"a\", \"grid_description\": \"b\", "
                     "\"do_description\": \"c\", \"timestamp\": 1611013859.5}}}";
  g_autofree char *base = g_strconcat ("{\"name\": \"0ca9ddb6.json\", \"train\": [{\"input\": [[1]], \"output\": [[2]]}], "
                                       "\"test\": [{\"input\": [[1]], \"output\": [[2]]}], ", desc, NULL);
  g_autofree char *train = g_strconcat ("{\"name\": \"0ca9ddb6.json\", \"train\": [{\"input\": [[3]], \"output\": [[2]]}], "
                                        "\"test\": [{\"input\": [[1]], \"output\": [[2]]}], ", desc, NULL);
  g_autofree char *test = g_strconcat ("{\"name\": \"0ca9ddb6.json\", \"train\": [{\"input\": [[1]], \"output\": [[2]]}], "
                                       "\"test\": [{\"input\": [[1]], \"output\": [[3]]}], ", desc, NULL);
  g_autofree char *twice = g_strconcat ("{\"name\": \"0ca9ddb6.json\", \"train\": [{\"input\": [[1]], \"output\": [[2]]}], "
                                        "\"test\": [{\"input\": [[1]], \"output\": [[3]]}], "
                                        "\"test\": [{\"input\": [[1]], \"output\": [[2]]}], ", desc, NULL);
  g_autoptr(ArcLarcTask) a = load_text (base, NULL);
  g_autoptr(ArcLarcTask) b = load_text (train, NULL);
  g_autoptr(ArcLarcTask) c = load_text (test, NULL);
  g_autoptr(ArcLarcTask) d = load_text (twice, NULL);

  g_assert_cmpstr (digest_of (a, "d1"), ==, digest_of (b, "d1"));
  g_assert_cmpstr (digest_of (a, "d1"), !=, digest_of (c, "d1"));
  g_assert_cmpstr (digest_of (a, "d1"), ==, digest_of (d, "d1"));
  g_assert_true (arc_larc_looks_like_task (NULL) == FALSE);
}

/* Merging: LARC's records under "larc:<uid>", a user's records untouched,
 * and a second merge changes no byte */
static void
test_merge (void)
{
  g_autoptr(ArcLarcTask) larc = load_fixture ("1.json", NULL);
  g_autofree char *dir = g_dir_make_tmp ("arc-larc-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "0ca9ddb6.arcnotes", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcNotes) notes = arc_notes_new (file);
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *first = NULL, *second = NULL, *mine_before = NULL, *mine_after = NULL;
  ArcAnnotation *mine, *squatter;
  g_autoptr(JsonNode) mine_node = NULL;
  g_autoptr(JsonNode) after_node = NULL;

  mine = arc_notes_ensure (notes, "0ca9ddb6", "Ada");
  g_free (mine->input_text);
  mine->input_text = g_strdup ("In the input, you should see a blue cell.");
  squatter = arc_notes_ensure (notes, "0ca9ddb6", "larc:u1");
  g_free (squatter->notes);
  squatter->notes = g_strdup ("a person who calls themselves larc:u1");
  mine_node = arc_annotation_to_node (mine);

  g_assert_cmpuint (arc_larc_merge (larc, notes, "0ca9ddb6", warnings), ==, 2);
  assert_warning (warnings, "tasks.0ca9ddb6.annotators.larc:u1 is not LARC's");
  g_assert_null (arc_notes_get (notes, "0ca9ddb6", "larc:u1")->source);
  g_assert_cmpstr (arc_notes_get (notes, "0ca9ddb6", "larc:u1 (2)")->source->id, ==, "d1");
  g_assert_cmpstr (arc_notes_get (notes, "0ca9ddb6", "larc:u1 (3)")->source->id, ==, "d2");
  after_node = arc_annotation_to_node (arc_notes_get (notes, "0ca9ddb6", "Ada"));
  g_assert_true (json_node_equal (mine_node, after_node));

  g_assert_true (arc_notes_save (notes, FALSE, NULL));
  first = arc_notes_to_data (notes, NULL);
  g_assert_nonnull (strstr (first, "\"version\" : 3"));
  /* Read back from the file, merged again: nothing changes */
  {
    g_autoptr(ArcNotes) again = arc_notes_new (file);
    g_autoptr(ArcLarcTask) fresh = load_fixture ("1.json", NULL);

    g_assert_true (arc_notes_load (again, NULL));
    g_assert_cmpuint (arc_larc_merge (fresh, again, "0ca9ddb6", NULL), ==, 0);
    second = arc_notes_to_data (again, NULL);
    g_assert_cmpstr (first, ==, second);
  }
  remove_tree (dir);
}

/* A description written in ARC Studio, exported in LARC's layout: each part
 * begins with LARC's prompt, as LARC's own do, once (a part typed with its
 * prompt keeps it as it is); LARC's parts are written as they came (a null
 * part of LARC's stays null) */
static void
test_export_prompts (void)
{
  g_autoptr(ArcLarcTask) larc = load_fixture ("1.json", NULL);
  g_autofree char *path = fixture ("1.json");
  g_autofree char *text = NULL;
  g_autoptr(JsonNode) original = NULL;
  g_autoptr(GFile) file = g_file_new_for_path ("/nonexistent/0ca9ddb6.arcnotes");
  g_autoptr(ArcNotes) notes = arc_notes_new (file);
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *name = NULL;
  ArcAnnotation *mine = arc_notes_ensure (notes, "0ca9ddb6", "Ada");
  JsonObject *descriptions, *ours = NULL;
  GList *members;
  guint nd, nb;

  g_free (mine->input_text);
  mine->input_text = g_strdup ("a blue cell.");
  g_free (mine->size_text);
  mine->size_text = g_strdup ("the output grid size… is the same");
  g_free (mine->transform_text);
  mine->transform_text = g_strdup ("");
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  original = json_from_string (text, NULL);
  g_assert_nonnull (original);
  g_assert_cmpuint (arc_larc_merge (larc, notes, "0ca9ddb6", NULL), ==, 2);
  node = arc_larc_export_task (larc->task, "0ca9ddb6", notes, &name, &nd, &nb);
  g_assert_cmpuint (nd, ==, 3);
  descriptions = json_object_get_object_member (json_node_get_object (node), "descriptions");
  members = json_object_get_members (descriptions);
  for (GList *l = members; l; l = l->next)
    {
      JsonObject *d = json_object_get_object_member (descriptions, l->data);

      if (g_str_equal (json_object_get_string_member (d, "uid"), "Ada"))
        ours = d;
      else  /* LARC's, as LARC wrote them */
        {
          JsonObject *larc_descriptions = json_object_get_object_member (json_node_get_object (original), "descriptions");
          JsonObject *as_larc = json_object_get_object_member (larc_descriptions, l->data);
          static const char * const parts[] = { "see_description", "grid_description", "do_description" };

          for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
            g_assert_true (json_node_equal (json_object_get_member (as_larc, parts[i]), json_object_get_member (d, parts[i])));
        }
    }
  g_list_free (members);
  g_assert_nonnull (ours);
  g_assert_cmpstr (json_object_get_string_member (ours, "see_description"), ==, "In the input, you should see...a blue cell.");
  g_assert_cmpstr (json_object_get_string_member (ours, "grid_description"), ==, "the output grid size… is the same");
  g_assert_cmpstr (json_object_get_string_member (ours, "do_description"), ==, "To make the output, you have to...");
}

/* All of LARC's files shared here: read without loss, kept in a notes file,
 * read back, and exported: the same descriptions, builds and actions */
static void
test_shared_round_trip (void)
{
  g_autofree char *dir_path = g_build_filename (g_getenv ("ARC_SHARED_DATA"), "larc", "tasks_json", NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  g_autofree char *tmp = g_dir_make_tmp ("arc-larc-XXXXXX", NULL);
  guint n_files = 0, n_descriptions = 0, n_builds = 0;
  const char *name;

  if (dir == NULL)
    {
      g_test_skip ("../shared/data/larc is not here");
      return;
    }
  while ((name = g_dir_read_name (dir)))
    {
      g_autofree char *path = g_build_filename (dir_path, name, NULL);
      g_autofree char *notes_path = g_build_filename (tmp, "task.arcnotes", NULL);
      g_autoptr(GFile) notes_file = g_file_new_for_path (notes_path);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(ArcNotes) notes = arc_notes_new (notes_file);
      g_autoptr(ArcNotes) back = arc_notes_new (notes_file);
      g_autoptr(GError) error = NULL;
      g_autoptr(ArcLarcTask) larc = arc_larc_task_load (file, NULL, &error);
      g_autoptr(JsonNode) original = NULL;
      g_autoptr(JsonNode) exported = NULL;
      g_autofree char *data = NULL, *out_name = NULL, *text_name = NULL;
      guint nd, nb;

      if (!g_str_has_suffix (name, ".json"))
        continue;
      g_assert_no_error (error);
      g_assert_nonnull (larc->task_id);
      n_files++;
      n_descriptions += larc->descriptions->len;
      n_builds += larc->n_builds;
      arc_larc_merge (larc, notes, larc->task_id, NULL);
      g_assert_true (arc_notes_save (notes, FALSE, &error));
      g_assert_no_error (error);
      g_assert_true (arc_notes_load (back, &error));
      exported = arc_larc_export_task (larc->task, larc->task_id, back, &out_name, &nd, &nb);
      {
        /* The text, written without the grids' nodes, is json-glib's of the tree */
        g_autofree char *text = arc_larc_export_task_to_data (larc->task, larc->task_id, back, &text_name, NULL, NULL);
        g_autofree char *tree_text = json_to_string (exported, FALSE);

        g_assert_cmpstr (text, ==, tree_text);
        g_assert_cmpstr (text_name, ==, out_name);
      }
      g_assert_cmpstr (out_name, ==, name);
      g_assert_cmpuint (nd, ==, larc->descriptions->len);
      g_assert_cmpuint (nb, ==, larc->n_builds);
      g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
      original = json_from_string (data, NULL);
      assert_same_json (json_object_get_member (json_node_get_object (original), "descriptions"),
                        json_object_get_member (json_node_get_object (exported), "descriptions"), name);
      assert_same_json (json_object_get_member (json_node_get_object (original), "test"),
                        json_object_get_member (json_node_get_object (exported), "test"), name);
    }
  g_assert_cmpuint (n_files, ==, 40);
  g_test_message ("%u files, %u descriptions, %u builds", n_files, n_descriptions, n_builds);
  g_assert_cmpuint (n_descriptions, >, 100);
  remove_tree (tmp);
}

/* LARC's tasks_json folder opened as a collection: each task under its ARC
 * id, its descriptions in its notes */
static void
test_open_folder (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ARC_FIXTURES_DIR"), "larc", "tasks_json", NULL);
  g_autoptr(GFile) dir = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcCollection) collection = arc_collection_new_for_file (dir, path, NULL, &error);
  g_autofree char *data_dir = g_dir_make_tmp ("arc-larc-XXXXXX", NULL);
  g_autoptr(ArcNotesStore) store = NULL;
  g_auto(GStrv) names = NULL;
  ArcEntry *entry = NULL;
  ArcNotes *notes;

  g_assert_no_error (error);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (collection)); i++)
    {
      ArcEntry *e = arc_collection_get_entry (collection, i);

      if (g_str_equal (arc_entry_get_id (e), "0ca9ddb6"))
        entry = e;
      /* The file without a name keeps its number */
      g_assert_true (g_str_equal (arc_entry_get_id (e), "0ca9ddb6") || g_str_equal (arc_entry_get_id (e), "ffffff01") ||
                     g_str_equal (arc_entry_get_id (e), "ffffff02") || g_str_equal (arc_entry_get_id (e), "4"));
    }
  g_assert_nonnull (entry);
  store = arc_notes_store_new (collection, data_dir);
  notes = arc_notes_store_get (store, entry, NULL, NULL);
  names = arc_notes_dup_annotators (notes, "0ca9ddb6");
  g_assert_cmpuint (g_strv_length (names), ==, 2);
  g_assert_cmpstr (names[0], ==, "larc:u1");
  g_assert_true (arc_annotation_is_read_only (arc_notes_get (notes, "0ca9ddb6", "larc:u1")));
  /* Nothing is written for showing them */
  g_assert_false (arc_notes_store_has_file (store, entry));
  remove_tree (data_dir);
}

/* The import in a worker (arc_larc_import_async()) */

/* A folder with a task for each of LARC's files in @larc_dir that names
 * one: the file itself (a task with members of LARC's) as ID.json */
static char *
make_collection (const char *larc_dir)
{
  g_autoptr(GPtrArray) files = arc_larc_list_files (larc_dir, NULL);
  char *dir = g_dir_make_tmp ("arc-larc-XXXXXX", NULL);

  for (guint i = 0; i < files->len; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_path (files->pdata[i]);
      g_autofree char *id = arc_collection_peek_larc_id (file);
      g_autofree char *data = NULL, *name = NULL, *path = NULL;

      if (id == NULL)
        continue;
      name = g_strdup_printf ("%s.json", id);
      path = g_build_filename (dir, name, NULL);
      g_assert_true (g_file_get_contents (files->pdata[i], &data, NULL, NULL));
      g_assert_true (g_file_set_contents (path, data, -1, NULL));
    }
  return dir;
}

static ArcLarcImport *
new_import (const char *dir,
            const char *data_dir)
{
  g_autoptr(GFile) root = g_file_new_for_path (dir);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcCollection) collection = arc_collection_new_for_file (root, dir, NULL, &error);

  g_assert_no_error (error);
  return arc_larc_import_new (collection, data_dir, FALSE);
}

/* As `arc-studio-cli notes import-larc` does it */
static ArcLarcImport *
import_sync (const char *larc_dir,
             const char *dir,
             const char *data_dir)
{
  g_autoptr(GPtrArray) files = arc_larc_list_files (larc_dir, NULL);
  ArcLarcImport *import = new_import (dir, data_dir);

  for (guint i = 0; i < files->len; i++)
    arc_larc_import_file (import, files->pdata[i]);
  arc_larc_import_save (import);
  return import;
}

typedef struct
{
  ArcLarcImport *import;
  GThread       *main_thread;
  GArray        *progress;      /* guint: done, total, done, total… */
  GCancellable  *cancellable;
  guint          cancel_after;  /* cancelled once that many files are read (0: never) */
  gboolean       done, ok;
  guint          n_read, n_files;
} AsyncImport;

static void
async_import_clear (AsyncImport *run)
{
  arc_larc_import_free (run->import);
  g_clear_pointer (&run->progress, g_array_unref);  /* none when the test was skipped */
  g_clear_object (&run->cancellable);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (AsyncImport, async_import_clear)

static void
async_progress_cb (guint    done,
                   guint    total,
                   gpointer data)
{
  AsyncImport *run = data;

  g_assert_true (g_thread_self () == run->main_thread);
  g_assert_false (run->done);
  g_array_append_val (run->progress, done);
  g_array_append_val (run->progress, total);
  if (run->cancel_after > 0 && done >= run->cancel_after)
    g_cancellable_cancel (run->cancellable);
}

static void
async_done_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  AsyncImport *run = data;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_thread_self () == run->main_thread);
  run->ok = arc_larc_import_finish (run->import, result, &run->n_read, &run->n_files, &error);
  g_assert_no_error (error);
  run->done = TRUE;
}

/* Imports @larc_dir into the collection of @dir in a worker, the main loop
 * running here until it is done */
static void
import_async (const char  *larc_dir,
              const char  *dir,
              const char  *data_dir,
              AsyncImport *run)
{
  run->import = new_import (dir, data_dir);
  run->main_thread = g_thread_self ();
  run->progress = g_array_new (FALSE, FALSE, sizeof (guint));
  run->cancellable = g_cancellable_new ();
  if (run->cancel_after == G_MAXUINT)
    g_cancellable_cancel (run->cancellable);
  arc_larc_import_async (run->import, larc_dir, run->cancellable, async_progress_cb, run, async_done_cb, run);
  while (!run->done)
    g_main_context_iteration (NULL, TRUE);
  /* Nothing told after the callback */
  run_for (50);
}

/* The progress: the files listed, then one by one, up to the last read */
static void
assert_progress (AsyncImport *run)
{
  guint *p = (guint *) run->progress->data;
  guint n = run->progress->len / 2;

  g_assert_cmpuint (n, ==, run->n_read + 1);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpuint (p[2 * i], ==, i);
      g_assert_cmpuint (p[2 * i + 1], ==, run->n_files);
    }
}

static char *
strip_dir (const char *text,
           const char *dir)
{
  g_autoptr(GString) s = g_string_new (text);

  g_string_replace (s, dir, "DIR", 0);
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static void
assert_same_messages (GPtrArray  *a,
                      GPtrArray  *b,
                      const char *dir_a,
                      const char *dir_b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    {
      g_autofree char *text_a = strip_dir (a->pdata[i], dir_a);
      g_autofree char *text_b = strip_dir (b->pdata[i], dir_b);

      g_assert_cmpstr (text_a, ==, text_b);
    }
}

/* The two imports said the same and wrote the same notes files */
static void
assert_same_import (ArcLarcImport *a,
                    ArcLarcImport *b,
                    const char    *dir_a,
                    const char    *dir_b)
{
  g_autoptr(GDir) listing = g_dir_open (dir_a, 0, NULL);
  const char *name;
  guint n_notes = 0;

  g_assert_cmpuint (a->n_descriptions, ==, b->n_descriptions);
  g_assert_cmpuint (a->n_builds, ==, b->n_builds);
  g_assert_cmpuint (a->n_tasks, ==, b->n_tasks);
  g_assert_cmpuint (a->n_changed, ==, b->n_changed);
  g_assert_cmpuint (a->n_files_changed, ==, b->n_files_changed);
  g_assert_cmpuint (a->n_errors, ==, b->n_errors);
  g_assert_cmpuint (a->changed_entries->len, ==, b->changed_entries->len);
  assert_same_messages (a->warnings, b->warnings, dir_a, dir_b);
  assert_same_messages (a->skipped, b->skipped, dir_a, dir_b);
  while ((name = g_dir_read_name (listing)))
    if (g_str_has_suffix (name, ARC_NOTES_SUFFIX))
      {
        g_autofree char *path_a = g_build_filename (dir_a, name, NULL);
        g_autofree char *path_b = g_build_filename (dir_b, name, NULL);
        g_autofree char *data_a = NULL, *data_b = NULL;

        g_assert_true (g_file_get_contents (path_a, &data_a, NULL, NULL));
        g_assert_true (g_file_get_contents (path_b, &data_b, NULL, NULL));
        g_assert_cmpstr (data_a, ==, data_b);
        n_notes++;
      }
  g_assert_cmpuint (n_notes, ==, a->n_files_changed);
}

/* In a worker as in the CLI: the same counts, problems and notes files;
 * the progress told in the main thread */
static void
test_import_async (void)
{
  g_autofree char *larc_dir = g_build_filename (g_getenv ("ARC_FIXTURES_DIR"), "larc", "tasks_json", NULL);
  g_autofree char *dir_sync = make_collection (larc_dir);
  g_autofree char *dir_async = make_collection (larc_dir);
  g_autofree char *data_dir = g_dir_make_tmp ("arc-larc-XXXXXX", NULL);
  g_autoptr(ArcLarcImport) sync = import_sync (larc_dir, dir_sync, data_dir);
  g_auto(AsyncImport) run = { 0 };

  import_async (larc_dir, dir_async, data_dir, &run);
  g_assert_true (run.ok);
  g_assert_cmpuint (run.n_files, ==, 4);
  g_assert_cmpuint (run.n_read, ==, 4);
  assert_progress (&run);
  /* 1.json imported, the three others skipped, one of them broken */
  g_assert_cmpuint (sync->n_tasks, ==, 1);
  g_assert_cmpuint (sync->skipped->len, ==, 3);
  assert_same_import (sync, run.import, dir_sync, dir_async);
  remove_tree (dir_sync);
  remove_tree (dir_async);
  remove_tree (data_dir);
}

static guint
count_notes_files (const char *dir)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while ((name = g_dir_read_name (listing)))
    n += g_str_has_suffix (name, ARC_NOTES_SUFFIX);
  return n;
}

/* Cancelled before it began: the files are listed, none is read, and it
 * says so */
static void
test_import_async_cancelled (void)
{
  g_autofree char *larc_dir = g_build_filename (g_getenv ("ARC_FIXTURES_DIR"), "larc", "tasks_json", NULL);
  g_autofree char *dir = make_collection (larc_dir);
  g_autofree char *data_dir = g_dir_make_tmp ("arc-larc-XXXXXX", NULL);
  g_auto(AsyncImport) run = { .cancel_after = G_MAXUINT };

  import_async (larc_dir, dir, data_dir, &run);
  g_assert_true (run.ok);
  g_assert_cmpuint (run.n_read, ==, 0);
  g_assert_cmpuint (run.n_files, ==, 4);
  assert_progress (&run);
  g_assert_cmpuint (run.import->n_tasks, ==, 0);
  g_assert_cmpuint (run.import->skipped->len, ==, 0);
  g_assert_cmpuint (count_notes_files (dir), ==, 0);
  remove_tree (dir);
  remove_tree (data_dir);
}

/* Cancelled after the first file of LARC's 40: it stops after the file
 * being read, and what it says it did is what it wrote */
static void
test_import_async_stopped (void)
{
  g_autofree char *larc_dir = g_build_filename (g_getenv ("ARC_SHARED_DATA"), "larc", "tasks_json", NULL);
  g_autofree char *dir = NULL;
  g_autofree char *data_dir = NULL;
  g_auto(AsyncImport) run = { .cancel_after = 1 };

  if (!g_file_test (larc_dir, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("../shared/data/larc is not here");
      return;
    }
  dir = make_collection (larc_dir);
  data_dir = g_dir_make_tmp ("arc-larc-XXXXXX", NULL);
  import_async (larc_dir, dir, data_dir, &run);
  g_test_message ("stopped after %u of %u files", run.n_read, run.n_files);
  g_assert_true (run.ok);
  g_assert_cmpuint (run.n_files, ==, 40);
  g_assert_cmpuint (run.n_read, >=, 1);
  g_assert_cmpuint (run.n_read, <=, run.n_files);
  assert_progress (&run);
  /* Every one of LARC's files describes a task of the folder */
  g_assert_cmpuint (run.import->n_tasks, ==, run.n_read);
  g_assert_cmpuint (run.import->n_files_changed, ==, run.n_read);
  g_assert_cmpuint (count_notes_files (dir), ==, run.n_read);
  remove_tree (dir);
  remove_tree (data_dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/arc/larc/quirks", test_quirks);
  g_test_add_func ("/arc/larc/null-and-broken", test_null_and_broken);
  g_test_add_func ("/arc/larc/merge", test_merge);
  g_test_add_func ("/arc/larc/grids-from-text", test_grids_from_text);
  g_test_add_func ("/arc/larc/steps-from-text", test_steps_from_text);
  g_test_add_func ("/arc/larc/digest-of-pairs", test_digest_of_pairs);
  g_test_add_func ("/arc/larc/step-beyond-range", test_step_beyond_range);
  g_test_add_func ("/arc/larc/shared-round-trip", test_shared_round_trip);
  g_test_add_func ("/arc/larc/open-folder", test_open_folder);
  g_test_add_func ("/arc/larc/import-async", test_import_async);
  g_test_add_func ("/arc/larc/export-prompts", test_export_prompts);
  g_test_add_func ("/arc/larc/import-async-cancelled", test_import_async_cancelled);
  g_test_add_func ("/arc/larc/import-async-stopped", test_import_async_stopped);
  return g_test_run ();
}

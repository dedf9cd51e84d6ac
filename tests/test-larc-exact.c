/* test-larc-exact.c: LARC's files, imported and exported exactly: each
 * value as LARC has it, of the JSON type LARC wrote (530 stays 530 and
 * 578.0 stays 578.0), on a hand-made file and on the shared ones
 *
 * The shared files, with what LARC has elsewhere added by the test: a
 * negative description_time (cdecee7f has -3144), actions without a tool
 * (239be575 has one) and a collection whose copy of a task's grids is not
 * LARC's (6d0160f0 and four others). The
 * export must give back LARC's values and LARC's grids; the import says
 * per task where the grids differ, and counts the action sequences without
 * times in one line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <sys/wait.h>

#include "arc-core.h"
#include "test-util.h"
#include "cli-test-util.h"
#include "larc-test-util.h"


/* Runs the CLI with @args (NULL-terminated), in English */
static void
run_cli (Run *run, ...)
{
  va_list args;

  va_start (args, run);
  run_cli_va (run, NULL, TRUE, NULL, args);
  va_end (args);
}

static JsonNode *
read_json (const char *path)
{
  g_autofree char *data = NULL;
  JsonNode *node;

  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  node = json_from_string (data, NULL);
  g_assert_nonnull (node);
  return node;
}

static void
write_json (const char *path, JsonNode *node)
{
  g_autofree char *text = json_to_string (node, FALSE);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
}

/* The description @id of LARC's file, or its first (in its member order) */
static JsonObject *
description (JsonNode *root, const char *id)
{
  JsonObject *descriptions = json_object_get_object_member (json_node_get_object (root), "descriptions");
  g_autoptr(GList) ids = json_object_get_members (descriptions);

  return json_object_get_object_member (descriptions, id ? id : ids->data);
}

/* Puts a step without a tool at @at of @record's action_sequence (at its
 * end when @at is past it), with the grid and time of the step before it.
 * Returns: (transfer full): the step */
static JsonNode *
add_toolless (JsonObject *record, guint at)
{
  JsonArray *seq = json_object_get_array_member (record, "action_sequence");
  JsonArray *with = json_array_new ();
  JsonObject *step = json_object_new ();
  JsonObject *act = json_object_new ();
  JsonObject *before;
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);
  guint len = json_array_get_length (seq);

  g_assert_cmpuint (len, >, 0);
  at = MIN (at, len);
  before = json_array_get_object_element (seq, at - 1);
  json_object_set_string_member (act, "symbol", "4");
  json_object_set_string_member (act, "x", "1");
  json_object_set_object_member (step, "action", act);
  json_object_set_member (step, "grid", json_node_copy (json_object_get_member (before, "grid")));
  json_object_set_member (step, "time", json_node_copy (json_object_get_member (before, "time")));
  json_node_take_object (node, step);
  for (guint i = 0; i <= len; i++)
    {
      if (i == at)
        json_array_add_element (with, json_node_copy (node));
      if (i < len)
        json_array_add_element (with, json_node_copy (json_array_get_element (seq, i)));
    }
  json_object_set_array_member (record, "action_sequence", with);
  return node;
}

/* The first build with actions of LARC's file, and its description's and
 * its own key (the export need not keep the members' order: the same
 * build is found again by its keys) */
static JsonObject *
first_build (JsonNode *root, char **description_id, char **build_id)
{
  JsonObject *descriptions = json_object_get_object_member (json_node_get_object (root), "descriptions");
  g_autoptr(GList) ids = json_object_get_members (descriptions);

  for (GList *l = ids; l; l = l->next)
    {
      JsonObject *builds = json_object_get_object_member (json_object_get_object_member (descriptions, l->data), "builds");
      g_autoptr(GList) names = json_object_get_members (builds);

      for (GList *b = names; b; b = b->next)
        {
          JsonObject *build = json_object_get_object_member (builds, b->data);
          JsonNode *seq = json_object_get_member (build, "action_sequence");

          if (JSON_NODE_HOLDS_ARRAY (seq) && json_array_get_length (json_node_get_array (seq)) > 0)
            {
              *description_id = g_strdup (l->data);
              *build_id = g_strdup (b->data);
              return build;
            }
        }
    }
  g_assert_not_reached ();
}

/* The build @build_id of description @description_id */
static JsonObject *
build_of (JsonNode *root, const char *description_id, const char *build_id)
{
  JsonObject *builds = json_object_get_object_member (description (root, description_id), "builds");

  g_assert_nonnull (builds);
  g_assert_true (json_object_has_member (builds, build_id));
  return json_object_get_object_member (builds, build_id);
}

static char *
first_id (JsonNode *root)
{
  JsonObject *descriptions = json_object_get_object_member (json_node_get_object (root), "descriptions");
  g_autoptr(GList) ids = json_object_get_members (descriptions);

  return g_strdup (ids->data);
}

/* Writes the task of LARC's file as DIR/ID.json, its first train input's
 * first cell changed when @differ */
static void
copy_task (JsonNode *root, const char *dir, gboolean differ)
{
  JsonObject *o = json_node_get_object (root);
  g_autoptr(JsonNode) task = json_node_new (JSON_NODE_OBJECT);
  JsonObject *t = json_object_new ();
  g_autofree char *path = g_build_filename (dir, json_object_get_string_member (o, "name"), NULL);

  json_object_set_member (t, "train", json_node_copy (json_object_get_member (o, "train")));
  json_object_set_member (t, "test", json_node_copy (json_object_get_member (o, "test")));
  if (differ)
    {
      JsonArray *train = json_object_get_array_member (t, "train");
      JsonArray *input = json_object_get_array_member (json_array_get_object_element (train, 0), "input");
      JsonArray *row = json_array_get_array_element (input, 0);
      gint64 cell = json_array_get_int_element (row, 0);
      JsonNode *changed = json_node_new (JSON_NODE_VALUE);

      json_node_set_int (changed, (cell + 1) % 10);
      json_array_remove_element (row, 0);
      /* json-glib has no insert: rebuild the row with the new first cell */
      {
        JsonArray *copy = json_array_new ();

        json_array_add_element (copy, changed);
        for (guint i = 0; i < json_array_get_length (row); i++)
          json_array_add_element (copy, json_node_copy (json_array_get_element (row, i)));
        json_array_remove_element (input, 0);
        {
          JsonArray *rows = json_array_new ();

          json_array_add_array_element (rows, copy);
          for (guint i = 0; i < json_array_get_length (input); i++)
            json_array_add_element (rows, json_node_copy (json_array_get_element (input, i)));
          json_object_set_array_member (json_array_get_object_element (train, 0), "input", rows);
        }
      }
    }
  json_node_take_object (task, t);
  write_json (path, task);
}

static void
test_round_trip (void)
{
  g_autofree char *shared = g_build_filename (g_getenv ("ARC_SHARED_DATA"), "larc", "tasks_json", NULL);
  g_autoptr(GDir) listing = g_dir_open (shared, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *larc = NULL, *collection = NULL, *out = NULL;
  g_autofree char *differing = NULL;
  g_autofree char *negative = NULL;  /* the description given a negative time */
  g_autoptr(JsonNode) toolless = NULL;  /* the steps without a tool it was given */
  g_autoptr(JsonNode) toolless_end = NULL;  /* and its first build, at its end */
  g_autofree char *built_description = NULL, *build_key = NULL;  /* that build's keys */
  const char *name;

  if (listing == NULL)
    {
      g_test_skip ("../shared/data/larc is not here");
      return;
    }
  larc = g_dir_make_tmp ("arc-larc-exact-XXXXXX", NULL);
  collection = g_dir_make_tmp ("arc-larc-exact-tasks-XXXXXX", NULL);
  out = g_dir_make_tmp ("arc-larc-exact-out-XXXXXX", NULL);
  while ((name = g_dir_read_name (listing)))
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *from = g_build_filename (shared, names->pdata[i], NULL);
      g_autofree char *to = g_build_filename (larc, names->pdata[i], NULL);
      g_autoptr(JsonNode) root = read_json (from);

      /* The first file: a negative time, and grids the collection does not share */
      if (i == 0)
        {
          negative = first_id (root);
          json_object_set_int_member (description (root, negative), "description_time", -3144);
          toolless = add_toolless (description (root, negative), 5);
          toolless_end = add_toolless (first_build (root, &built_description, &build_key), G_MAXUINT);
          differing = g_strdup (json_object_get_string_member (json_node_get_object (root), "name"));
        }
      write_json (to, root);
      copy_task (root, collection, i == 0);
    }

  {
    g_autofree char *differ_line = g_strdup_printf ("%s: task %.8s: LARC's grids are not the collection's",
                                                    (char *) names->pdata[0], differing);
    g_auto(Run) run = { 0 };

    run_cli (&run, "notes", "import-larc", larc, collection, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (g_str_has_prefix (run.out, "imported 178 descriptions and 172 builds for 40 tasks\n"));
    g_assert_nonnull (strstr (run.err, differ_line));
    /* One line for every sequence without times, not one each */
    g_assert_null (strstr (run.err, "actions have no time"));
    g_assert_nonnull (strstr (run.err, "warning: 17 action sequences have actions with no time (--verbose lists them)"));
  }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, "notes", "import-larc", "--verbose", "--dry-run", larc, collection, NULL);
    g_assert_nonnull (strstr (run.err, "26.json: descriptions.212224ba-5e37-4fd4-a6d1-0fbfeb48e7d8: "
                                       "12 of the 12 actions have no time"));
    g_assert_nonnull (strstr (run.out, "nothing changed"));
  }
  {
    /* LARC's authors' and builders' work is theirs, not the user's progress */
    g_auto(Run) run = { 0 };
    g_autoptr(JsonNode) stats = NULL;
    JsonObject *o, *others;

    run_cli (&run, "stats", "--json", "--annotator", "me", collection, NULL);
    g_assert_cmpint (run.status, ==, 0);
    stats = json_from_string (run.out, NULL);
    g_assert_nonnull (stats);
    o = json_node_get_object (stats);
    others = json_object_get_object_member (o, "others");
    g_assert_cmpint (json_object_get_int_member (o, "tasks"), ==, 40);
    g_assert_cmpint (json_object_get_int_member (o, "annotated"), ==, 0);
    g_assert_cmpint (json_object_get_int_member (o, "attempted"), ==, 0);
    g_assert_cmpint (json_object_get_int_member (o, "solved"), ==, 0);
    g_assert_cmpint (json_object_get_int_member (o, "failed"), ==, 0);
    g_assert_cmpint (json_object_get_int_member (o, "descriptions"), ==, 178);
    g_assert_cmpint (json_object_get_int_member (o, "builds"), ==, 172);
    g_assert_cmpint (json_object_get_int_member (others, "annotated"), ==, 40);
    g_assert_cmpint (json_object_get_int_member (others, "attempted"), >, 0);
    g_assert_cmpint (json_object_get_int_member (others, "solved"), >, 0);
  }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, "notes", "export", collection, "--format", "larc", "-o", out, NULL);
    g_assert_cmpint (run.status, ==, 0);
  }
  /* Every file back as LARC has it: the negative time, and LARC's grids */
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *original = g_build_filename (larc, names->pdata[i], NULL);
      g_autofree char *exported = g_build_filename (out, names->pdata[i], NULL);

      assert_same_larc_file (original, exported);
      {
        /* and of the same JSON types */
        g_autoptr(JsonNode) a = read_json (original);
        g_autoptr(JsonNode) b = read_json (exported);
        g_autofree char *difference = larc_file_difference (a, b);

        if (difference)
          g_error ("%s: %s", (char *) names->pdata[i], difference);
      }
    }
  {
    g_autofree char *exported = g_build_filename (out, names->pdata[0], NULL);
    g_autoptr(JsonNode) root = read_json (exported);

    JsonObject *build;

    g_assert_cmpint (json_object_get_int_member (description (root, negative), "description_time"), ==, -3144);
    /* The steps without a tool, where they were and as they were */
    assert_same_json (toolless, json_array_get_element (json_object_get_array_member (description (root, negative),
                                                                                      "action_sequence"), 5),
                      "the step without a tool");
    g_assert_true (json_node_equal (toolless, json_array_get_element (json_object_get_array_member (description (root, negative),
                                                                                                  "action_sequence"), 5)));
    build = build_of (root, built_description, build_key);
    assert_same_json (toolless_end, json_array_get_element (json_object_get_array_member (build, "action_sequence"),
                                                            json_array_get_length (json_object_get_array_member (build, "action_sequence")) - 1),
                      "the last step without a tool");
  }
  remove_tree (larc);
  remove_tree (collection);
  remove_tree (out);
}

/* The export of @larc's task from @notes, parsed */
static JsonNode *
export_parsed (ArcLarcTask *larc, ArcNotes *notes, guint *n_descriptions)
{
  g_autofree char *name = NULL;
  g_autofree char *text = arc_larc_export_task_to_data (larc->task, larc->task_id, notes, &name, n_descriptions, NULL);
  JsonNode *node = json_from_string (text, NULL);

  g_assert_cmpstr (name, ==, "7.json");
  g_assert_nonnull (node);
  return node;
}

/* The build @id of @a */
static const ArcBuild *
find_build (const ArcAnnotation *a, const char *id)
{
  for (guint i = 0; i < a->builds->len; i++)
    if (g_str_equal (((ArcBuild *) a->builds->pdata[i])->id, id))
      return a->builds->pdata[i];
  g_assert_not_reached ();
}

/* LARC's time of a step kept in the notes' tree of steps too (a file of
 * version 2 written back), and not in ARCTraj's record */
static void
assert_tree_keeps_time (ArcNotes *notes)
{
  const ArcAnnotation *d = arc_notes_get (notes, "0ca9ddb6", "larc:u1");
  const ArcBuild *build = find_build (d, "Xq3ZbT0aYpLm8RwK2sVd");
  GPtrArray *actions = ((ArcAttempt *) build->attempts->pdata[0])->actions;
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) tree = NULL;
  g_autoptr(JsonNode) arctraj = NULL;
  g_autoptr(ArcAction) paint = NULL;
  JsonArray *steps;

  g_assert_cmpuint (actions->len, ==, 3);
  g_assert_cmpstr (((ArcAction *) actions->pdata[1])->larc_time, ==, "530");
  g_assert_null (((ArcAction *) actions->pdata[2])->larc_time);
  json_builder_begin_object (b);
  arc_actions_add_to_builder (b, "trajectory", actions);
  json_builder_end_object (b);
  tree = json_builder_get_root (b);
  steps = json_object_get_array_member (json_node_get_object (tree), "trajectory");
  paint = arc_action_new_from_node (json_array_get_element (steps, 1), NULL);
  g_assert_nonnull (paint);
  g_assert_cmpstr (paint->larc_time, ==, "530");
  arctraj = arc_action_to_node (actions->pdata[1]);
  g_assert_false (json_object_has_member (json_node_get_object (arctraj), "larc_time"));
}

/* A LARC-style file with integer and float times (an action's 40 and
 * 41.0, 530 and 578.0, one finer than a millisecond; a build's 580 and
 * 10.0), an integer timestamp, a float description_time, an empty
 * action_sequence: read, kept in a notes file, read back and exported,
 * every value as LARC has it and of the JSON type LARC wrote; and so still
 * when the task's notes have the user's own record beside LARC's */
static void
test_types_fixture (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ARC_FIXTURES_DIR"), "larc-types", "7.json", NULL);
  g_autofree char *dir = g_dir_make_tmp ("arc-larc-types-XXXXXX", NULL);
  g_autofree char *notes_path = g_build_filename (dir, "0ca9ddb6.arcnotes", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) notes_file = g_file_new_for_path (notes_path);
  g_autoptr(ArcNotes) notes = arc_notes_new (notes_file);
  g_autoptr(ArcNotes) back = arc_notes_new (notes_file);
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcLarcTask) larc = arc_larc_task_load (file, NULL, &error);
  g_autoptr(JsonNode) original = read_json (path);
  g_autoptr(JsonNode) exported = NULL;
  g_autoptr(JsonNode) beside = NULL;
  g_autofree char *difference = NULL;
  JsonObject *larc_descriptions, *exported_descriptions;
  g_autoptr(GList) ids = NULL;
  ArcAnnotation *mine;
  guint n;

  g_assert_no_error (error);
  g_assert_cmpstr (larc->task_id, ==, "0ca9ddb6");
  g_assert_cmpuint (arc_larc_merge (larc, notes, larc->task_id, NULL), ==, 2);
  g_assert_true (arc_notes_save (notes, FALSE, &error));
  g_assert_no_error (error);
  /* The notes keep what the export could not make of the record: LARC's
   * integer times and the one finer than a millisecond, not its floats
   * with up to three decimals (41.0, 41.5, 578.0) */
  g_assert_true (file_contains (notes_path, "\"larc_time\" : 40}"));
  g_assert_true (file_contains (notes_path, "\"larc_time\" : 530}"));
  g_assert_false (file_contains (notes_path, "\"larc_time\" : 41"));
  g_assert_false (file_contains (notes_path, "\"larc_time\" : 578"));
  g_assert_true (file_contains (notes_path, "\"larc_time\" : 44.5005}"));
  g_assert_true (file_contains (notes_path, "\"description_time\" : 12.0"));
  g_assert_true (arc_notes_load (back, &error));
  g_assert_no_error (error);
  assert_tree_keeps_time (back);

  exported = export_parsed (larc, back, &n);
  g_assert_cmpuint (n, ==, 2);
  difference = larc_file_difference (original, exported);
  if (difference)
    g_error ("7.json: %s", difference);
  {
    /* 530 and 578.0 are equal to json-glib: this test sees them apart */
    JsonObject *build = json_object_get_object_member (
      json_object_get_object_member (json_object_get_object_member (
        json_object_get_object_member (json_node_get_object (exported), "descriptions"),
        "1d6a9c4e-0c2a-4f0e-9a57-5f2b0e6a8d11"), "builds"), "Xq3ZbT0aYpLm8RwK2sVd");
    JsonArray *seq = json_object_get_array_member (build, "action_sequence");

    g_assert_cmpstr (json_type_name (json_object_get_member (json_array_get_object_element (seq, 1), "time")), ==, "integer");
    g_assert_cmpstr (json_type_name (json_object_get_member (json_array_get_object_element (seq, 2), "time")), ==, "double");
    g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (seq, 1), "time"), ==, 530);
    g_assert_cmpstr (json_type_name (json_object_get_member (build, "timestamp")), ==, "integer");
  }

  /* The user's own record beside LARC's: LARC's come back as they were */
  mine = arc_notes_ensure (back, "0ca9ddb6", "Ada");
  g_free (mine->input_text);
  mine->input_text = g_strdup ("a blue cell.");
  beside = export_parsed (larc, back, &n);
  g_assert_cmpuint (n, ==, 3);
  larc_descriptions = json_object_get_object_member (json_node_get_object (original), "descriptions");
  exported_descriptions = json_object_get_object_member (json_node_get_object (beside), "descriptions");
  ids = json_object_get_members (larc_descriptions);
  for (GList *l = ids; l; l = l->next)
    {
      g_autofree char *at = g_strdup_printf ("descriptions.%s", (char *) l->data);
      g_autofree char *d = NULL;

      g_assert_true (json_object_has_member (exported_descriptions, l->data));
      d = json_difference (json_object_get_member (larc_descriptions, l->data),
                           json_object_get_member (exported_descriptions, l->data), at);
      if (d)
        g_error ("7.json with the user's record: %s", d);
    }
  remove_tree (dir);
}

/* LARC's shared files as they are, imported and exported by the CLI: how
 * many come back exactly (each value of the same JSON type, with the same
 * value), and all of them do */
static void
test_types_shared (void)
{
  g_autofree char *shared = g_build_filename (g_getenv ("ARC_SHARED_DATA"), "larc", "tasks_json", NULL);
  g_autoptr(GDir) listing = g_dir_open (shared, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) differences = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *collection = NULL, *out = NULL;
  const char *name;

  if (listing == NULL)
    {
      g_test_skip ("../shared/data/larc is not here");
      return;
    }
  collection = g_dir_make_tmp ("arc-larc-types-tasks-XXXXXX", NULL);
  out = g_dir_make_tmp ("arc-larc-types-out-XXXXXX", NULL);
  while ((name = g_dir_read_name (listing)))
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *from = g_build_filename (shared, names->pdata[i], NULL);
      g_autoptr(JsonNode) root = read_json (from);

      copy_task (root, collection, FALSE);
    }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, "notes", "import-larc", shared, collection, NULL);
    g_assert_cmpint (run.status, ==, 0);
  }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, "notes", "export", collection, "--format", "larc", "-o", out, NULL);
    g_assert_cmpint (run.status, ==, 0);
  }
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *original = g_build_filename (shared, names->pdata[i], NULL);
      g_autofree char *exported = g_build_filename (out, names->pdata[i], NULL);
      g_autoptr(JsonNode) a = read_json (original);
      g_autoptr(JsonNode) b = read_json (exported);
      char *difference = larc_file_difference (a, b);

      if (difference)
        g_ptr_array_add (differences, g_strdup_printf ("%s: %s", (char *) names->pdata[i], difference));
      g_free (difference);
    }
  g_test_message ("%u of %u of LARC's files exported exactly", names->len - differences->len, names->len);
  for (guint i = 0; i < differences->len; i++)
    g_test_message ("%s", (char *) differences->pdata[i]);
  g_assert_cmpuint (differences->len, ==, 0);
  g_assert_cmpuint (names->len, ==, 40);
  remove_tree (collection);
  remove_tree (out);
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("arc-larc-exact-data-XXXXXX", NULL);
  int status;

  g_test_init (&argc, &argv, NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_test_add_func ("/arc/larc-exact/round-trip", test_round_trip);
  g_test_add_func ("/arc/larc-exact/types-fixture", test_types_fixture);
  g_test_add_func ("/arc/larc-exact/types-shared", test_types_shared);
  status = g_test_run ();
  remove_tree (data_home);
  return status;
}

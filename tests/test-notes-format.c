/* test-notes-format.c: the versions of the .arcnotes format
 *
 * Version 3 round trips; files of versions 1 and 2 (tests/fixtures,
 * written by ARC Studio before version 3, with members it does not know)
 * are read and written back as they were until their notes change, and
 * then keep every step of their trajectories and every unknown member;
 * notes read without their trajectories say the same and are never
 * written. With ../shared/data: LARC's files imported twice leave every
 * byte and time as they were, the steps read back from version 3 are the
 * grids LARC's conversion made, and the ARCTraj, JaxARC and LARC exports
 * are, byte for byte, those of the version before version 3.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>

#include "arc-core.h"
#include "test-util.h"

static char *
fixture_path (const char *name)
{
  return g_build_filename (g_getenv ("ARC_FIXTURES_DIR"), name, NULL);
}

static char *
read_text (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* Each action as ARCTraj records it, one string a step */
static char *
actions_text (GPtrArray *actions)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; actions && i < actions->len; i++)
    {
      g_autoptr(JsonNode) node = arc_action_to_node (actions->pdata[i]);
      g_autofree char *text = json_to_string (node, FALSE);

      g_string_append (out, text);
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

static ArcAnnotation *
the_record (ArcNotes *notes)
{
  ArcAnnotation *a = arc_notes_get (notes, "0a1b2c3d", "Ada Lovelace");

  g_assert_nonnull (a);
  return a;
}

/* A file of version 1 or 2: unchanged until edited, then version 3 with all it held */
static void
test_old_version (gconstpointer data)
{
  const char *name = data;
  g_autofree char *fixture = fixture_path (name);
  g_autofree char *original = read_text (fixture);
  g_autofree char *dir = g_dir_make_tmp ("arc-notes-format-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "t.arcnotes", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(ArcNotes) notes = arc_notes_new (file);
  g_autoptr(ArcNotes) again = arc_notes_new (file);
  g_autofree char *data_now = NULL;
  g_autofree char *steps = NULL;
  g_autofree char *steps_again = NULL;
  g_autofree char *written = NULL;
  g_autofree char *after = NULL;
  ArcAnnotation *a;
  GError *error = NULL;

  g_assert_true (g_file_set_contents (path, original, -1, NULL));
  g_assert_true (arc_notes_load (notes, &error));
  g_assert_no_error (error);
  data_now = arc_notes_to_data (notes, NULL);
  g_assert_cmpstr (data_now, ==, original);
  g_assert_true (arc_notes_save (notes, TRUE, &error));
  g_assert_no_error (error);
  written = read_text (path);
  g_assert_cmpstr (written, ==, original);

  /* Edited: version 3, the same steps and unknown members */
  a = the_record (notes);
  g_assert_cmpuint (a->attempts->len, ==, 1);
  steps = actions_text (((ArcAttempt *) a->attempts->pdata[0])->actions);
  g_assert_cmpuint (((ArcAttempt *) a->attempts->pdata[0])->actions->len, ==, 8);
  g_ptr_array_add (a->tags, g_strdup ("edited"));
  g_assert_true (arc_notes_save (notes, TRUE, &error));
  g_assert_no_error (error);
  after = read_text (path);
  g_assert_true (g_str_has_prefix (after, "{\n  \"format\" : \"arc-studio-notes\",\n  \"version\" : 3,"));
  g_assert_cmpuint (strlen (after), <, strlen (original));
  g_assert_true (arc_notes_load (again, &error));
  g_assert_no_error (error);
  a = the_record (again);
  steps_again = actions_text (((ArcAttempt *) a->attempts->pdata[0])->actions);
  g_assert_cmpstr (steps_again, ==, steps);
  /* (the program of issue 30's tasks, a member of its own now) */
  g_assert_cmpstr (a->program, ==, "def solve(grid):\n    return [[1 for c in row] for row in grid]\n");
  g_assert_true (json_object_get_boolean_member (((ArcAttempt *) a->attempts->pdata[0])->extra, "x-attempt"));
  g_assert_nonnull (strstr (after, "\"x-task-note\" : \"kept\""));
  g_assert_nonnull (strstr (after, "\"x-tool\" : {"));
  g_assert_nonnull (strstr (after, "\"changes\" : [["));

  /* Version 3 written again as it is */
  {
    g_autofree char *text = arc_notes_to_data (again, NULL);
    g_assert_cmpstr (text, ==, after);
  }
  remove_tree (dir);
}

/* Read for what they say: the same flags, no steps, never written */
static void
test_without_trajectories (void)
{
  g_autofree char *fixture = fixture_path ("notes-v2.arcnotes");
  g_autoptr(GFile) file = g_file_new_for_path (fixture);
  g_autoptr(ArcNotes) full = arc_notes_new (file);
  g_autoptr(ArcNotes) light = arc_notes_new (file);
  GError *error = NULL;

  g_assert_true (arc_notes_load (full, NULL));
  g_assert_true (arc_notes_load_without_trajectories (light, NULL));
  g_assert_cmpint (arc_notes_get_flags (light, "0a1b2c3d", 1, NULL), ==, arc_notes_get_flags (full, "0a1b2c3d", 1, NULL));
  g_assert_cmpint (arc_notes_get_flags (light, "0a1b2c3d", 1, NULL), ==,
                   ARC_NOTES_FLAG_ANNOTATED | ARC_NOTES_FLAG_ATTEMPTED | ARC_NOTES_FLAG_SOLVED);
  g_assert_null (((ArcAttempt *) the_record (light)->attempts->pdata[0])->actions);
  g_assert_nonnull (((ArcAttempt *) the_record (full)->attempts->pdata[0])->actions);
  g_assert_false (arc_notes_save (light, FALSE, &error));
  g_assert_error (error, ARC_ERROR, ARC_ERROR_INVALID);
  g_clear_error (&error);
}

/* Hostile markers: a string that looks like a lifted trajectory is a string */
static void
test_marker_strings (void)
{
  static const char text[] =
    "{\"format\": \"arc-studio-notes\", \"version\": 3, \"tasks\": {\"t\": {\"annotators\": {\"a\": {"
    "\"attempts\": [{\"test\": 0, \"grid\": [[1]], \"trajectory\": \"\\u0001lift:00000000:0\"}],"
    "\"unsubmitted\": {\"grid\": [[1]], \"trajectory\": [{\"category\": \"Coloring\", \"operation\": \"Paint\","
    " \"changes\": [[0, 0, 5]]}, {\"category\": \"Coloring\", \"operation\": \"Paint\", \"grid\": [\"12\", \"3x\"]}]}}}}}}";
  g_autoptr(GFile) file = g_file_new_for_path ("/nonexistent/t.arcnotes");
  g_autoptr(ArcNotes) notes = arc_notes_new (file);
  ArcAnnotation *a;

  g_assert_true (arc_notes_load_from_data (notes, text, strlen (text), NULL));
  a = arc_notes_get (notes, "t", "a");
  g_assert_null (((ArcAttempt *) a->attempts->pdata[0])->actions);
  /* Changes without a grid before, and a row that is not digits: no grid */
  g_assert_cmpuint (a->unsubmitted->len, ==, 2);
  g_assert_null (((ArcAction *) a->unsubmitted->pdata[0])->grid);
  g_assert_null (((ArcAction *) a->unsubmitted->pdata[1])->grid);
}

/* LARC, from ../shared/data */

static gboolean
run_cli (const char *first, ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *arg;
  int wait_status;
  va_list args;

  g_ptr_array_add (argv, (char *) g_getenv ("ARC_CLI"));
  va_start (args, first);
  for (arg = first; arg; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, NULL, NULL, &wait_status, &error));
  g_assert_no_error (error);
  return WIFEXITED (wait_status) && WEXITSTATUS (wait_status) == 0;
}

/* A folder of the ARC-AGI-1 tasks of LARC's files @numbers (all when NULL), and those files */
static gboolean
make_larc_folder (const char * const *numbers,
                  char              **folder,
                  char              **larc)
{
  g_autofree char *shared = g_build_filename (g_getenv ("ARC_SHARED_DATA"), "larc", "tasks_json", NULL);
  g_autofree char *training = g_build_filename (g_getenv ("ARC_SHARED_DATA"), "arc-agi-1", "training", NULL);
  g_autoptr(GDir) listing = g_dir_open (shared, 0, NULL);
  g_autofree char *top = g_dir_make_tmp ("arc-notes-larc-XXXXXX", NULL);
  const char *name;

  if (listing == NULL || !g_file_test (training, G_FILE_TEST_IS_DIR))
    {
      remove_tree (top);
      return FALSE;
    }
  *folder = g_build_filename (top, "tasks", NULL);
  *larc = g_build_filename (top, "larc", NULL);
  g_assert_cmpint (g_mkdir (*folder, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (*larc, 0755), ==, 0);
  while ((name = g_dir_read_name (listing)))
    {
      g_autofree char *from = g_build_filename (shared, name, NULL);
      g_autofree char *to = g_build_filename (*larc, name, NULL);
      g_autofree char *stem = g_strndup (name, strlen (name) - 5);
      g_autoptr(GFile) file = g_file_new_for_path (from);
      g_autofree char *id = arc_collection_peek_larc_id (file);
      g_autofree char *task_from = g_strconcat (training, "/", id, ".json", NULL);
      g_autofree char *task_to = g_strconcat (*folder, "/", id, ".json", NULL);
      g_autofree char *text = NULL;

      if (numbers && !g_strv_contains (numbers, stem))
        continue;
      g_assert_nonnull (id);
      text = read_text (from);
      g_assert_true (g_file_set_contents (to, text, -1, NULL));
      g_free (text);
      text = read_text (task_from);
      g_assert_true (g_file_set_contents (task_to, text, -1, NULL));
    }
  return TRUE;
}

static void
remove_top (const char *folder)
{
  g_autofree char *top = g_path_get_dirname (folder);

  remove_tree (top);
}

static int
compare_lines (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char **) a, *(const char **) b);
}

/* Every notes file of @folder: name, size, time and content hash */
static char *
describe_notes (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  GString *out = g_string_new (NULL);
  const char *name;

  while ((name = g_dir_read_name (dir)))
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);
      g_autofree char *text = NULL;
      g_autofree char *sum = NULL;
      gsize length;
      GStatBuf st;

      if (!g_str_has_suffix (name, ".arcnotes"))
        continue;
      g_assert_cmpint (g_stat (path, &st), ==, 0);
      g_assert_true (g_file_get_contents (path, &text, &length, NULL));
      sum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) text, length);
      g_ptr_array_add (lines, g_strdup_printf ("%s %lld.%09ld %s", name, (long long) st.st_mtim.tv_sec,
                                               (long) st.st_mtim.tv_nsec, sum));
    }
  g_ptr_array_sort (lines, compare_lines);
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (out, "%s\n", (char *) lines->pdata[i]);
  return g_string_free (out, FALSE);
}

static void
assert_same_steps (GPtrArray *read,
                   GPtrArray *made)
{
  g_autofree char *a = actions_text (read);
  g_autofree char *b = actions_text (made);

  g_assert_cmpstr (a, ==, b);
  for (guint i = 0; read && i < read->len; i++)
    {
      const ArcGrid *x = ((ArcAction *) read->pdata[i])->grid, *y = ((ArcAction *) made->pdata[i])->grid;
      g_assert_true ((x == NULL && y == NULL) || arc_grid_equal (x, y));
    }
}

/* What was written is what LARC's conversion made, step by step */
static void
assert_steps_as_made (const char *folder,
                      const char *larc_file)
{
  g_autoptr(GFile) file = g_file_new_for_path (larc_file);
  g_autoptr(ArcLarcTask) larc = arc_larc_task_load (file, NULL, NULL);
  g_autofree char *notes_path = g_strconcat (folder, "/", larc->task_id, ".arcnotes", NULL);
  g_autoptr(GFile) notes_file = g_file_new_for_path (notes_path);
  g_autoptr(ArcNotes) notes = arc_notes_new (notes_file);
  g_auto(GStrv) names = NULL;
  guint compared = 0;

  g_assert_true (arc_notes_load (notes, NULL));
  names = arc_notes_dup_annotators (notes, larc->task_id);
  for (guint i = 0; names[i]; i++)
    {
      ArcAnnotation *a = arc_notes_get (notes, larc->task_id, names[i]);

      for (guint d = 0; d < larc->descriptions->len; d++)
        {
          ArcAnnotation *made = larc->descriptions->pdata[d];

          if (!a->source || g_strcmp0 (a->source->id, made->source->id) != 0)
            continue;
          g_assert_cmpuint (a->attempts->len, ==, made->attempts->len);
          for (guint k = 0; k < a->attempts->len; k++)
            assert_same_steps (((ArcAttempt *) a->attempts->pdata[k])->actions,
                               ((ArcAttempt *) made->attempts->pdata[k])->actions);
          assert_same_steps (a->unsubmitted, made->unsubmitted);
          g_assert_cmpuint (a->builds->len, ==, made->builds->len);
          for (guint b = 0; b < a->builds->len; b++)
            {
              ArcBuild *x = a->builds->pdata[b], *y = made->builds->pdata[b];

              for (guint k = 0; k < x->attempts->len; k++)
                assert_same_steps (((ArcAttempt *) x->attempts->pdata[k])->actions,
                                   ((ArcAttempt *) y->attempts->pdata[k])->actions);
              assert_same_steps (x->unsubmitted, y->unsubmitted);
            }
          compared++;
        }
    }
  g_assert_cmpuint (compared, ==, larc->descriptions->len);
}

static void
test_larc_twice (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *larc = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;

  if (!make_larc_folder (NULL, &folder, &larc))
    {
      g_test_skip ("../shared/data has no LARC or ARC-AGI-1");
      return;
    }
  g_assert_true (run_cli ("notes", "import-larc", larc, folder, NULL));
  first = describe_notes (folder);
  g_assert_cmpuint (strlen (first), >, 0);
  g_usleep (20000);  /* a file written again would have another time */
  g_assert_true (run_cli ("notes", "import-larc", larc, folder, NULL));
  second = describe_notes (folder);
  g_assert_cmpstr (second, ==, first);

  dir = g_dir_open (larc, 0, NULL);
  while ((name = g_dir_read_name (dir)))
    {
      g_autofree char *path = g_build_filename (larc, name, NULL);
      assert_steps_as_made (folder, path);
    }
  remove_top (folder);
}

static char *
file_sum (const char *path)
{
  g_autofree char *text = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) text, length);
}

/* The exports of three of LARC's files, as the version before version 3
 * wrote them (its arc-studio-cli, on the same files) */
static void
test_exports_as_before (void)
{
  static const char * const numbers[] = { "15", "21", "37", NULL };
  g_autofree char *folder = NULL;
  g_autofree char *larc = NULL;
  g_autofree char *out = NULL;
  g_autofree char *arctraj = NULL, *jaxarc = NULL, *larc_out = NULL;
  g_autofree char *sum = NULL;
  g_autoptr(GChecksum) all = g_checksum_new (G_CHECKSUM_SHA256);
  const char * const larc_names[] = { "15.json", "21.json", "37.json", "CREDITS.md", NULL };

  if (!make_larc_folder (numbers, &folder, &larc))
    {
      g_test_skip ("../shared/data has no LARC or ARC-AGI-1");
      return;
    }
  out = g_dir_make_tmp ("arc-notes-exports-XXXXXX", NULL);
  arctraj = g_build_filename (out, "arctraj.jsonl", NULL);
  jaxarc = g_build_filename (out, "jaxarc.jsonl", NULL);
  larc_out = g_build_filename (out, "larc", NULL);
  g_assert_true (run_cli ("notes", "import-larc", larc, folder, NULL));
  g_assert_true (run_cli ("trajectories", "export", folder, "-o", arctraj, NULL));
  g_assert_true (run_cli ("trajectories", "export", folder, "--format", "jaxarc", "-o", jaxarc, NULL));
  g_assert_true (run_cli ("notes", "export", folder, "--format", "larc", "-o", larc_out, NULL));
  sum = file_sum (arctraj);
  g_assert_cmpstr (sum, ==, "32435fbd9ae56bdb97bab90f27308fba3dca54b2c5e8951a9a92c8ee6828df7c");
  g_free (sum);
  sum = file_sum (jaxarc);
  g_assert_cmpstr (sum, ==, "95516b4631a8d78aa8c1764109746d9548859fe4ceb276aed70fb027129a620c");
  for (guint i = 0; larc_names[i]; i++)
    {
      g_autofree char *path = g_build_filename (larc_out, larc_names[i], NULL);
      g_autofree char *text = read_text (path);

      g_checksum_update (all, (const guchar *) text, -1);
    }
  g_assert_cmpstr (g_checksum_get_string (all), ==, "a43083a55a63b3c02686842f29e02db2006e87a3d1daff32d220639aea0aa724");
  remove_tree (out);
  remove_top (folder);
}

/* The text of the record by @annotator in @text (pretty-printed: from its name
 * to its closing brace) */
static char *
record_text (const char *text,
             const char *annotator)
{
  g_autofree char *head = g_strdup_printf ("        \"%s\" : {", annotator);
  const char *start = strstr (text, head);
  const char *end = start ? strstr (start, "\n        }") : NULL;

  g_assert_nonnull (end);
  return g_strndup (start, (gsize) (end - start) + strlen ("\n        }"));
}

/* An annotator's record found twice in a task (two edits merged by hand):
 * both are kept, the second as "NAME (2)" (or "NAME (3)" when the task has
 * a "NAME (2)"), each with its trajectories; the problem names the file,
 * the place and the names; saved, both records are on disk */
static void
test_duplicate_annotators (void)
{
  g_autofree char *fixture = fixture_path ("notes-v2.arcnotes");
  g_autofree char *dir = g_dir_make_tmp ("arc-notes-format-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "t.arcnotes", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) fixture_file = g_file_new_for_path (fixture);
  g_autoptr(ArcNotes) v3 = arc_notes_new (fixture_file);
  g_autoptr(ArcNotes) notes = arc_notes_new (file);
  g_autoptr(ArcNotes) again = arc_notes_new (file);
  g_autoptr(GString) text = NULL;
  g_autofree char *record = NULL;
  g_autofree char *written = NULL;
  g_autofree char *steps = NULL;
  const char * const *problems;
  gsize at;
  guint line = 1;
  ArcAnnotation *a;
  GError *error = NULL;

  /* The fixture as version 3, its record by Ada Lovelace written three
   * times: as itself, as "Ada Lovelace (2)" and again with other notes */
  g_assert_true (arc_notes_load (v3, &error));
  g_assert_no_error (error);
  g_ptr_array_add (the_record (v3)->tags, g_strdup ("edited"));
  {
    g_autofree char *v3_text = arc_notes_to_data (v3, NULL);
    text = g_string_new (v3_text);
  }
  steps = actions_text (((ArcAttempt *) the_record (v3)->attempts->pdata[0])->actions);
  record = record_text (text->str, "Ada Lovelace");
  at = (gsize) (strstr (text->str, record) - text->str) + strlen (record);
  {
    g_auto(GStrv) parts = g_strsplit (record, "\"Ada Lovelace\"", 2);
    g_autofree char *named = g_strjoinv ("\"Ada Lovelace (2)\"", parts);
    g_autofree char *other = NULL;

    g_strfreev (parts);
    parts = g_strsplit (record, "\"tags\" : [", 2);
    other = g_strjoinv ("\"tags\" : [\"the second\", ", parts);
    g_string_insert (text, (gssize) at, ",\n");
    at += 2;
    g_string_insert (text, (gssize) at, named);
    at += strlen (named);
    g_string_insert (text, (gssize) at, ",\n");
    at += 2;
    for (gsize c = 0; c < at; c++)
      line += text->str[c] == '\n';
    g_string_insert (text, (gssize) at, other);
  }
  g_assert_true (g_file_set_contents (path, text->str, -1, NULL));

  arc_notes_load (notes, &error);
  g_assert_no_error (error);
  {
    g_auto(GStrv) names = arc_notes_dup_annotators (notes, "0a1b2c3d");
    g_autofree char *joined = g_strjoinv ("|", names);
    g_assert_cmpstr (joined, ==, "Ada Lovelace|Ada Lovelace (2)|Ada Lovelace (3)");
  }
  g_assert_cmpstr (the_record (notes)->tags->pdata[0], !=, "the second");
  a = arc_notes_get (notes, "0a1b2c3d", "Ada Lovelace (3)");
  g_assert_cmpstr (a->tags->pdata[0], ==, "the second");
  {
    g_autofree char *kept = actions_text (((ArcAttempt *) a->attempts->pdata[0])->actions);
    g_assert_cmpstr (kept, ==, steps);
  }
  problems = arc_notes_get_problems (notes);
  g_assert_cmpuint (g_strv_length ((char **) problems), ==, 1);
  {
    g_autofree char *name = g_file_get_parse_name (file);
    g_autofree char *expected = g_strdup_printf ("%s, line %u, column 9: tasks.0a1b2c3d.annotators has “Ada Lovelace” "
                                                 "twice; the second is kept as “Ada Lovelace (3)”", name, line);
    g_assert_cmpstr (problems[0], ==, expected);
  }

  /* Saved: the three records on disk, and nothing to say when read again */
  g_assert_true (arc_notes_save (notes, TRUE, &error));
  g_assert_no_error (error);
  written = read_text (path);
  g_assert_nonnull (strstr (written, "\"Ada Lovelace (3)\" : {"));
  g_assert_nonnull (strstr (written, "\"the second\""));
  g_assert_true (arc_notes_load (again, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (arc_notes_get (again, "0a1b2c3d", "Ada Lovelace (3)")->tags->pdata[0], ==, "the second");
  g_assert_nonnull (arc_notes_get (again, "0a1b2c3d", "Ada Lovelace (2)"));
  g_assert_null (arc_notes_get_problems (again)[0]);
  remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/arc/notes-format/version-1", "notes-v1.arcnotes", test_old_version);
  g_test_add_data_func ("/arc/notes-format/version-2", "notes-v2.arcnotes", test_old_version);
  g_test_add_func ("/arc/notes-format/without-trajectories", test_without_trajectories);
  g_test_add_func ("/arc/notes-format/marker-strings", test_marker_strings);
  g_test_add_func ("/arc/notes-format/larc-twice", test_larc_twice);
  g_test_add_func ("/arc/notes-format/exports-as-before", test_exports_as_before);
  g_test_add_func ("/arc/notes-format/duplicate-annotators", test_duplicate_annotators);

  return g_test_run ();
}

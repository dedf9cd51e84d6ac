/* test-formats.c: the core's table of formats (arc-formats.h): lookups,
 * each picture format's bytes, the text format, and the CLI and the
 * table agreeing on the trajectories' and notes' bytes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "arc-core.h"

static ArcTask *
small_task (void)
{
  const char *json = "{\"train\": [{\"input\": [[1, 0], [0, 2]], \"output\": [[0, 1], [2, 0]]}],"
                     " \"test\": [{\"input\": [[3, 4, 5]], \"output\": [[5, 4, 3]]}]}";
  g_autoptr(GError) error = NULL;
  ArcTask *task = arc_task_new_from_data (json, strlen (json), "mirror", NULL, &error);

  g_assert_no_error (error);
  return task;
}

/* Names, extensions and defaults, as the CLI's --format and the dialogs use them */
static void
test_lookups (void)
{
  const ArcFormat *f;
  g_autofree char *pictures = arc_formats_dup_names (ARC_FORMAT_PICTURE, "|");
  g_autofree char *notes = arc_formats_dup_names (ARC_FORMAT_NOTES, ", ");
  g_autofree char *trajectories = arc_formats_dup_names (ARC_FORMAT_TRAJECTORIES, ", ");
  g_autofree char *extensions = arc_formats_dup_extensions (ARC_FORMAT_PICTURE);

  g_assert_cmpstr (pictures, ==, "png|svg|pdf|txt");
  g_assert_cmpstr (notes, ==, "jsonl, larc");
  g_assert_cmpstr (trajectories, ==, "arctraj, jaxarc");
  g_assert_cmpstr (extensions, ==, ".png, .svg, .pdf, .txt");

  g_assert_cmpstr (arc_format_get_default (ARC_FORMAT_PICTURE)->name, ==, "png");
  g_assert_cmpstr (arc_format_get_default (ARC_FORMAT_NOTES)->name, ==, "jsonl");
  g_assert_cmpstr (arc_format_get_default (ARC_FORMAT_TRAJECTORIES)->name, ==, "arctraj");
  g_assert_cmpstr (arc_format_get_default (ARC_FORMAT_ANSWERS)->default_name, ==, "submission.json");

  f = arc_format_for_path (ARC_FORMAT_PICTURE, "/tmp/Task.SVG");
  g_assert_nonnull (f);
  g_assert_cmpstr (f->mime_type, ==, "image/svg+xml");
  g_assert_null (arc_format_for_path (ARC_FORMAT_PICTURE, "/tmp/task.bmp"));
  g_assert_null (arc_format_for_path (ARC_FORMAT_PICTURE, ".png"));
  g_assert_null (arc_format_for_path (ARC_FORMAT_PICTURE, NULL));

  f = arc_format_find (ARC_FORMAT_NOTES, "LARC");
  g_assert_nonnull (f);
  g_assert_null (f->extension);
  g_assert_true (f->readable);
  g_assert_nonnull (f->notes_folder);
  g_assert_null (arc_format_find (ARC_FORMAT_NOTES, "csv"));
  g_assert_null (arc_format_find (ARC_FORMAT_TRAJECTORIES, "png"));
  g_assert_null (arc_formats_get (ARC_FORMAT_ANSWERS, 1));

  /* Every entry has a title, and one writer, of its kind */
  for (ArcFormatKind kind = ARC_FORMAT_PICTURE; kind <= ARC_FORMAT_ANSWERS; kind++)
    for (guint i = 0; (f = arc_formats_get (kind, i)); i++)
      {
        guint writers = !!f->picture + !!f->notes + !!f->notes_folder + !!f->answers;

        g_assert_cmpuint (writers, ==, 1);
        g_assert_true (*arc_format_get_title (f));
        g_assert_true (kind == ARC_FORMAT_PICTURE ? f->picture != NULL
                       : kind == ARC_FORMAT_ANSWERS ? f->answers != NULL
                       : f->notes != NULL || f->notes_folder != NULL);
      }
}

/* Each picture format writes its own kind of file, chosen by the extension */
static void
test_picture_bytes (void)
{
  g_autoptr(ArcTask) task = small_task ();
  g_autofree char *dir = g_dir_make_tmp ("arc-formats-XXXXXX", NULL);
  const struct { const char *name; const char *magic; } cases[] = {
    { "t.png", "\x89PNG" }, { "t.svg", "<?xml" }, { "t.pdf", "%PDF" }, { "t.txt", "mirror\n" },
  };
  ArcRenderOptions options;

  arc_render_options_init (&options);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_build_filename (dir, cases[i].name, NULL);
      g_autofree char *contents = NULL;
      g_autoptr(GError) error = NULL;
      gsize length;

      g_assert_true (arc_render_task_to_file (task, "mirror", &options, path, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      g_assert_cmpuint (length, >, strlen (cases[i].magic));
      g_assert_true (memcmp (contents, cases[i].magic, strlen (cases[i].magic)) == 0);
      g_unlink (path);
    }

  /* An unknown extension: the file named, the extensions listed, nothing written */
  {
    g_autofree char *path = g_build_filename (dir, "t.bmp", NULL);
    g_autoptr(GError) error = NULL;

    g_assert_false (arc_render_task_to_file (task, "mirror", &options, path, &error));
    g_assert_error (error, ARC_ERROR, ARC_ERROR_IO);
    g_assert_nonnull (strstr (error->message, path));
    g_assert_nonnull (strstr (error->message, ".png, .svg, .pdf, .txt"));
    g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  }
  g_rmdir (dir);
}

/* The text format: the task's grids under their names; test outputs only
 * when drawn; one grid as its rows alone */
static void
test_text (void)
{
  g_autoptr(ArcTask) task = small_task ();
  const ArcFormat *text = arc_format_find (ARC_FORMAT_PICTURE, "txt");
  ArcRenderOptions options;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GBytes) grid = NULL;

  arc_render_options_init (&options);
  options.with_test_outputs = FALSE;
  bytes = text->picture (text, task, "mirror", NULL, &options, NULL);
  g_assert_cmpmem (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                   "mirror\n"
                   "\ntrain 1 input 2x2\n10\n02\n"
                   "\ntrain 1 output 2x2\n01\n20\n"
                   "\ntest 1 input 1x3\n345\n", strlen ("mirror\n"
                   "\ntrain 1 input 2x2\n10\n02\n"
                   "\ntrain 1 output 2x2\n01\n20\n"
                   "\ntest 1 input 1x3\n345\n"));
  g_clear_pointer (&bytes, g_bytes_unref);
  options.with_test_outputs = TRUE;
  bytes = text->picture (text, task, NULL, NULL, &options, NULL);
  g_assert_true (g_str_has_suffix (g_bytes_get_data (bytes, NULL), "\ntest 1 output 1x3\n543\n"));
  g_assert_true (g_str_has_prefix (g_bytes_get_data (bytes, NULL), "mirror\n"));

  grid = text->picture (text, task, NULL, arc_task_get_test (task, 0)->input, &options, NULL);
  g_assert_cmpmem (g_bytes_get_data (grid, NULL), g_bytes_get_size (grid), "345\n", 4);
}

/* Runs `arc-studio-cli ARGS...`, which must succeed */
static void
cli_export (const char *const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *err = NULL;
  int status = -1;

  g_ptr_array_add (argv, (char *) g_getenv ("ARC_CLI"));
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                               NULL, &err, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

/* The table's writers give the bytes the CLI writes, for every format of
 * the notes and the trajectories that is one file */
static void
test_cli_same_bytes (void)
{
  g_autofree char *root = g_build_filename (g_getenv ("ARC_FIXTURES_DIR"), "trajectories", NULL);
  g_autofree char *dir = g_dir_make_tmp ("arc-formats-XXXXXX", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (root);
  g_autoptr(ArcCollection) collection = NULL;
  g_autoptr(ArcNotesStore) store = NULL;
  g_autoptr(GPtrArray) entries = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const ArcFormatKind kinds[] = { ARC_FORMAT_NOTES, ARC_FORMAT_TRAJECTORIES };
  const char *const commands[] = { "notes", "trajectories" };
  guint checked = 0;

  collection = arc_collection_new_for_file (folder, NULL, NULL, &error);
  g_assert_no_error (error);
  store = arc_notes_store_new (collection, NULL);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (collection)); i++)
    g_ptr_array_add (entries, arc_collection_get_entry (collection, i));

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      const ArcFormat *f;

      for (guint i = 0; (f = arc_formats_get (kinds[k], i)); i++)
        {
          g_autofree char *path = NULL;
          g_autofree char *from_cli = NULL;
          g_autofree char *from_table = NULL;
          ArcNotesExportCounts counts = { 0 };

          if (f->notes == NULL)
            continue;
          path = g_build_filename (dir, f->name, NULL);
          {
            const char *const args[] = { commands[k], "export", "--format", f->name, root, "-o", path, NULL };
            cli_export (args);
          }
          g_assert_true (g_file_get_contents (path, &from_cli, NULL, NULL));
          from_table = f->notes (store, entries, &counts, NULL, NULL, NULL, &error);
          g_assert_no_error (error);
          g_assert_cmpstr (from_table, ==, from_cli);
          /* (the fixture's attempt has a trajectory; its notes no description) */
          if (kinds[k] == ARC_FORMAT_TRAJECTORIES)
            {
              g_assert_cmpuint (strlen (from_table), >, 0);
              g_assert_cmpuint (counts.n_lines, ==, 1);
            }
          g_unlink (path);
          checked++;
        }
    }
  g_assert_cmpuint (checked, ==, 3);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/arc/formats/lookups", test_lookups);
  g_test_add_func ("/arc/formats/picture-bytes", test_picture_bytes);
  g_test_add_func ("/arc/formats/text", test_text);
  g_test_add_func ("/arc/formats/cli-same-bytes", test_cli_same_bytes);
  return g_test_run ();
}

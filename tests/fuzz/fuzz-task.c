/* fuzz-task.c: the libFuzzer target for the task parser
 *
 * Besides "never crash, hang or leak", it checks the parser against
 * json-glib: whatever the strict reader accepts, json-glib must accept too,
 * and every grid of a task we accept must be the grid json-glib reads.
 *
 * Built with -Dfuzzing=true (clang); fuzz-main.c runs the same checks over
 * the corpus and the regressions in every normal test run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "arc-core.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
check_grid (const ArcGrid *grid,
            JsonNode      *node)
{
  JsonArray *rows = json_node_get_array (node);

  g_assert_cmpuint (json_array_get_length (rows), ==, (guint) arc_grid_get_height (grid));
  for (int r = 0; r < arc_grid_get_height (grid); r++)
    {
      JsonArray *row = json_array_get_array_element (rows, (guint) r);

      g_assert_cmpuint (json_array_get_length (row), ==, (guint) arc_grid_get_width (grid));
      for (int c = 0; c < arc_grid_get_width (grid); c++)
        g_assert_cmpint (json_array_get_int_element (row, (guint) c), ==, arc_grid_get (grid, r, c));
    }
}

static void
check_pairs (ArcTask    *task,
             JsonObject *root,
             gboolean    is_test)
{
  JsonArray *pairs = json_object_get_array_member (root, is_test ? "test" : "train");
  guint n = is_test ? arc_task_get_n_test (task) : arc_task_get_n_train (task);

  g_assert_cmpuint (json_array_get_length (pairs), ==, n);
  for (guint i = 0; i < n; i++)
    {
      const ArcPair *pair = is_test ? arc_task_get_test (task, i) : arc_task_get_train (task, i);
      JsonObject *p = json_array_get_object_element (pairs, i);
      JsonNode *output = json_object_get_member (p, "output");

      check_grid (pair->input, json_object_get_member (p, "input"));
      if (pair->output)
        check_grid (pair->output, output);
      else
        g_assert_true (output == NULL || JSON_NODE_HOLDS_NULL (output));
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GPtrArray) grids = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ArcTask) task = NULL;
  gboolean has_error = FALSE;
  gboolean json_ok;

  task = arc_task_new_from_data ((const char *) data, size, "fuzz", &problems, &error);
  g_assert_true ((task == NULL) == (error != NULL));
  g_assert_nonnull (problems);
  for (guint i = 0; i < problems->len; i++)
    has_error |= ((ArcProblem *) problems->pdata[i])->severity == ARC_SEVERITY_ERROR;
  g_assert_true (has_error == (task == NULL));

  json_ok = arc_json_check ((const char *) data, size, NULL);
  if (task)
    g_assert_true (json_ok);
  if (json_ok)
    {
      /* The strict reader accepted it: json-glib (unguarded) must read it too. */
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(GError) json_error = NULL;
      gsize bom = arc_json_bom_length ((const char *) data, size);

      /* A byte order mark is ours to skip (arc_json_parse() does) */
      if (!json_parser_load_from_data (parser, (const char *) data + bom, (gssize) (size - bom), &json_error))
        g_error ("json-glib rejects what the strict reader accepts: %s", json_error->message);
      if (task)
        {
          JsonObject *root = json_node_get_object (json_parser_get_root (parser));

          check_pairs (task, root, FALSE);
          check_pairs (task, root, TRUE);
        }
    }

  /* The same bytes as a Kaggle solutions entry */
  grids = arc_grid_list_parse ((const char *) data, 0, size, NULL, NULL);
  return 0;
}

/* arc-program-import.c: the programs of Python files, found by Python's own
 * parser (arc-program-import.py, run in python3)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-program"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arc-error.h"
#include "arc-json.h"
#include "arc-program.h"

void
arc_program_import_free (ArcProgramImport *import)
{
  if (import == NULL)
    return;
  g_free (import->task_id);
  g_free (import->function);
  g_free (import->file);
  g_free (import->source);
  g_free (import);
}

static char *
dup_member (JsonObject *o,
            const char *name)
{
  return g_strdup (json_object_get_string_member_with_default (o, name, ""));
}

/**
 * arc_program_import_files:
 * @paths: Python files, and folders of them (their `*.py`)
 * @problems: (out) (transfer full): "FILE:LINE: problem" for each file that
 *   gave no program (a syntax error, no entry point)
 *
 * Each top-level function solve_ID becomes the program of task ID: its
 * source with the imports and definitions of its module that it needs (and
 * every `from x import *`). A file NAME.py with transform() or solve() and
 * no solve_ID is the program of task NAME, whole.
 *
 * Returns: (transfer full) (element-type ArcProgramImport): the programs
 *   found, in order; %NULL when python3 could not be run
 */
GPtrArray *
arc_program_import_files (const char * const  *paths,
                          GPtrArray          **problems,
                          GError             **error)
{
  g_autoptr(GBytes) script = arc_program_script ("arc-program-import.py");
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) argv = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autofree char *out = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GPtrArray) programs = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_program_import_free);
  JsonArray *array;

  g_return_val_if_fail (paths != NULL && problems != NULL, NULL);

  g_strv_builder_add_many (builder, arc_program_python (), "-c", g_bytes_get_data (script, NULL), NULL);
  g_strv_builder_addv (builder, (const char **) paths);
  argv = g_strv_builder_end (builder);
  process = g_subprocess_newv ((const char * const *) argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE, error);
  if (process == NULL || !g_subprocess_communicate_utf8 (process, NULL, NULL, &out, NULL, error))
    return NULL;
  node = out ? arc_json_parse (out, strlen (out), NULL) : NULL;
  if (!g_subprocess_get_successful (process) || node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_IO, _("%s could not read the programs"), arc_program_python ());
      return NULL;
    }
  array = json_object_get_array_member (json_node_get_object (node), "programs");
  for (guint i = 0; array && i < json_array_get_length (array); i++)
    {
      JsonObject *o = json_array_get_object_element (array, i);
      ArcProgramImport *import = g_new0 (ArcProgramImport, 1);

      import->task_id = dup_member (o, "id");
      import->function = dup_member (o, "function");
      import->file = dup_member (o, "file");
      import->source = dup_member (o, "source");
      g_ptr_array_add (programs, import);
    }
  *problems = g_ptr_array_new_with_free_func (g_free);
  array = json_object_get_array_member (json_node_get_object (node), "errors");
  for (guint i = 0; array && i < json_array_get_length (array); i++)
    g_ptr_array_add (*problems, g_strdup (json_array_get_string_element (array, i)));
  return g_steal_pointer (&programs);
}

/* write-kinds.h: every kind of file the core writes (notes, a work file, a
 * task file, a Kaggle pair, PNG, SVG and PDF exports), saved in numbered
 * versions through the code the app uses, and read back from disk: each
 * file must hold one whole version, or be absent; and the outputs of the
 * CLI (cli_kinds), with the collection they are made from
 *
 * A version is spelled in every grid: the first six cells of its top row
 * are the version's decimal digits, and the other cells a pattern that
 * moves with the version and the grid's place, so that a file cut short
 * does not parse and a file mixing two versions does not check. Notes
 * hold a text made of the version's number, repeated.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "arc-core.h"

#define KIND_ABSENT G_MAXUINT  /* "version" of a file that is not there */
#define KIND_SIDE   30

typedef enum
{
  KIND_NOTES,
  KIND_WORK,
  KIND_TASK,
  KIND_KAGGLE,
  KIND_PNG,
  KIND_SVG,
  KIND_PDF,
  N_KINDS
} Kind;

static const char * const kind_names[N_KINDS] = {
  "notes", "work file", "task file", "Kaggle pair", "PNG", "SVG", "PDF",
};

/* The files of each kind, in its folder */
static const char * const kind_files[N_KINDS][2] = {
  { "big.arcnotes", NULL },
  { "big.work", NULL },
  { "big.json", NULL },
  { "big_challenges.json", "big_solutions.json" },
  { "big.png", NULL },
  { "big.svg", NULL },
  { "big.pdf", NULL },
};

/* How much of each there is: kinds_sizes_large() needs several write
 * calls of 256 KiB for every file; kinds_sizes_small() for the notes and
 * the task file, and is quicker to save */
typedef struct
{
  guint task_pairs;     /* train pairs of big.json */
  guint work_tests;     /* test inputs of the work file's task */
  guint kaggle_tasks;   /* tasks in the Kaggle pair */
  guint image_pairs[3]; /* train pairs of the task exported as PNG, SVG, PDF */
  int   image_cell;     /* pixels a cell */
  guint notes_bytes;    /* of the notes text */
} KindSizes;

static inline KindSizes
kinds_sizes_large (void)
{
  return (KindSizes) { 110, 160, 100, { 4, 3, 11 }, 16, 400 * 1024 };
}

static inline KindSizes
kinds_sizes_small (void)
{
  return (KindSizes) { 50, 20, 12, { 1, 1, 1 }, 8, 300 * 1024 };
}

/* Grids */

static inline guint8
kind_cell (guint v,
           guint g,
           int   r,
           int   c)
{
  static const guint tens[6] = { 100000, 10000, 1000, 100, 10, 1 };

  if (r == 0 && c < 6)
    return (guint8) ((v / tens[c]) % 10);
  return (guint8) ((r * 31u + c * 7u + g * 13u + v * 3u) % 10);
}

/* Grid number @g (of a task, in the file's order) of version @v */
static inline ArcGrid *
kind_grid_new (guint v,
               guint g)
{
  ArcGrid *grid = arc_grid_new (KIND_SIDE, KIND_SIDE);

  for (int r = 0; r < KIND_SIDE; r++)
    for (int c = 0; c < KIND_SIDE; c++)
      arc_grid_set (grid, r, c, kind_cell (v, g, r, c));
  return grid;
}

static inline void
kind_grid_append (GString *s,
                  guint    v,
                  guint    g)
{
  g_string_append_c (s, '[');
  for (int r = 0; r < KIND_SIDE; r++)
    {
      g_string_append (s, r ? ", [" : "[");
      for (int c = 0; c < KIND_SIDE; c++)
        {
          if (c)
            g_string_append (s, ", ");
          g_string_append_c (s, (char) ('0' + kind_cell (v, g, r, c)));
        }
      g_string_append_c (s, ']');
    }
  g_string_append_c (s, ']');
}

/* The version grid number @g spells, checked cell by cell; %FALSE (with
 * @error) when it is no version's */
static inline gboolean
kind_grid_version (const ArcGrid *grid,
                   guint          g,
                   guint         *v,
                   GError       **error)
{
  guint found = 0;

  if (grid == NULL || arc_grid_get_height (grid) != KIND_SIDE || arc_grid_get_width (grid) != KIND_SIDE)
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, "grid %u: missing or of the wrong size", g);
      return FALSE;
    }
  for (int c = 0; c < 6; c++)
    found = found * 10 + arc_grid_get (grid, 0, c);
  for (int r = 0; r < KIND_SIDE; r++)
    for (int c = 0; c < KIND_SIDE; c++)
      if (arc_grid_get (grid, r, c) != kind_cell (found, g, r, c))
        {
          g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, "grid %u: cell (%d, %d) is not version %u's", g, r, c, found);
          return FALSE;
        }
  *v = found;
  return TRUE;
}

/* All the versions seen must be one: @v, or the first seen when @v is
 * KIND_ABSENT */
static inline gboolean
kind_same (guint   *v,
           guint    seen,
           GError **error)
{
  if (*v == KIND_ABSENT)
    *v = seen;
  else if (*v != seen)
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, "versions %u and %u mixed", *v, seen);
      return FALSE;
    }
  return TRUE;
}

/* {"train": [n_train pairs], "test": [n_test pairs]} of version @v, grids
 * numbered from @g0 */
static inline void
kind_task_append (GString *s,
                  guint    v,
                  guint    g0,
                  guint    n_train,
                  guint    n_test,
                  gboolean test_outputs)
{
  guint g = g0;

  g_string_append (s, "{\"train\": [");
  for (guint i = 0; i < n_train; i++)
    {
      g_string_append (s, i ? ", {\"input\": " : "{\"input\": ");
      kind_grid_append (s, v, g++);
      g_string_append (s, ", \"output\": ");
      kind_grid_append (s, v, g++);
      g_string_append_c (s, '}');
    }
  g_string_append (s, "], \"test\": [");
  for (guint i = 0; i < n_test; i++)
    {
      g_string_append (s, i ? ", {\"input\": " : "{\"input\": ");
      kind_grid_append (s, v, g++);
      if (test_outputs)
        {
          g_string_append (s, ", \"output\": ");
          kind_grid_append (s, v, g);
        }
      g++;
      g_string_append_c (s, '}');
    }
  g_string_append (s, "]}");
}

static inline ArcTask *
kind_task_new (guint v,
               guint n_train,
               guint n_test)
{
  g_autoptr(GString) s = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  ArcTask *task;

  kind_task_append (s, v, 0, n_train, n_test, TRUE);
  task = arc_task_new_from_data (s->str, s->len, "big", NULL, &error);
  g_assert_no_error (error);
  return task;
}

/* Every grid of @task is version @v's (or, @v KIND_ABSENT, one version's) */
static inline gboolean
kind_task_version (ArcTask  *task,
                   guint    *v,
                   GError  **error)
{
  guint g = 0;

  for (guint i = 0; i < arc_task_get_n_train (task); i++)
    for (int side = 0; side < 2; side++, g++)
      {
        const ArcPair *pair = arc_task_get_train (task, i);
        guint seen;

        if (!kind_grid_version (side ? pair->output : pair->input, g, &seen, error) || !kind_same (v, seen, error))
          return FALSE;
      }
  for (guint i = 0; i < arc_task_get_n_test (task); i++)
    for (int side = 0; side < 2; side++, g++)
      {
        const ArcPair *pair = arc_task_get_test (task, i);
        guint seen;

        if (!kind_grid_version (side ? pair->output : pair->input, g, &seen, error) || !kind_same (v, seen, error))
          return FALSE;
      }
  return TRUE;
}

/* The notes text of version @v, about @bytes long */
static inline char *
kind_notes_text (guint v,
                 guint bytes)
{
  g_autofree char *word = g_strdup_printf ("v%06u ", v);
  GString *s = g_string_sized_new (bytes + 8);

  while (s->len < bytes)
    g_string_append (s, word);
  return g_string_free (s, FALSE);
}

/* Saving */

typedef struct
{
  char         *dir;
  KindSizes     sizes;
  ArcNotes     *notes;
  ArcSolve     *solve;
  ArcTaskEdit  *task;
  ArcTaskEdit  *kaggle;
  GHashTable   *images;  /* "KIND:VERSION": GBytes of what an export of it holds */
  char         *image_dir;
} Kinds;

static inline char *
kinds_path (Kinds      *k,
            Kind        kind,
            guint       i)
{
  return g_build_filename (k->dir, kind_files[kind][i], NULL);
}

static inline GFile *
kinds_file (Kinds *k,
            Kind   kind,
            guint  i)
{
  g_autofree char *path = kinds_path (k, kind, i);

  return g_file_new_for_path (path);
}

/* Writes the task file and the Kaggle pair in version 0 (the editor opens
 * a file that exists); the other kinds' files are not made */
static inline void
kinds_make_files (const char *dir,
                  KindSizes   sizes)
{
  g_autoptr(GString) s = g_string_new (NULL);
  g_autofree char *task = g_build_filename (dir, kind_files[KIND_TASK][0], NULL);
  g_autofree char *challenges = g_build_filename (dir, kind_files[KIND_KAGGLE][0], NULL);
  g_autofree char *solutions = g_build_filename (dir, kind_files[KIND_KAGGLE][1], NULL);
  g_autoptr(GError) error = NULL;

  kind_task_append (s, 0, 0, sizes.task_pairs, 1, TRUE);
  g_file_set_contents (task, s->str, s->len, &error);
  g_assert_no_error (error);

  /* Each Kaggle task: one train pair, one test input, the output in the
   * solutions file; grids numbered 4 a task */
  g_string_assign (s, "{");
  for (guint t = 0; t < sizes.kaggle_tasks; t++)
    {
      g_string_append_printf (s, "%s\"k%03u\": ", t ? ",\n" : "", t);
      kind_task_append (s, 0, 4 * t, 1, 1, FALSE);
    }
  g_string_append (s, "}\n");
  g_file_set_contents (challenges, s->str, s->len, &error);
  g_assert_no_error (error);
  g_string_assign (s, "{");
  for (guint t = 0; t < sizes.kaggle_tasks; t++)
    {
      g_string_append_printf (s, "%s\"k%03u\": [", t ? ", " : "", t);
      kind_grid_append (s, 0, 4 * t + 3);
      g_string_append_c (s, ']');
    }
  g_string_append (s, "}\n");
  g_file_set_contents (solutions, s->str, s->len, &error);
  g_assert_no_error (error);
}

/* The kinds of @dir, for saving and checking (the task file and the
 * Kaggle pair must be there to be saved: kinds_make_files()) */
static inline Kinds *
kinds_new (const char *dir,
           KindSizes   sizes)
{
  Kinds *k = g_new0 (Kinds, 1);

  k->dir = g_strdup (dir);
  k->sizes = sizes;
  k->images = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_bytes_unref);
  return k;
}

/* What saves @kind, read from disk when first needed */
static inline void
kinds_open (Kinds *k,
            Kind   kind)
{
  g_autoptr(GFile) file = kinds_file (k, kind, 0);
  g_autoptr(GError) error = NULL;

  if (kind == KIND_NOTES && k->notes == NULL)
    {
      k->notes = arc_notes_new (file);
      if (!arc_notes_load (k->notes, &error) && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        g_assert_no_error (error);
    }
  else if (kind == KIND_WORK && k->solve == NULL)
    {
      g_autoptr(ArcTask) task = kind_task_new (0, 1, k->sizes.work_tests);

      k->solve = arc_solve_new (task, 2);
    }
  else if (kind == KIND_TASK && k->task == NULL)
    {
      k->task = arc_task_edit_new_for_file (file, "big", &error);
      g_assert_no_error (error);
    }
  else if (kind == KIND_KAGGLE && k->kaggle == NULL)
    {
      k->kaggle = arc_task_edit_new_for_combined (file, "k000", &error);
      g_assert_no_error (error);
    }
}

static inline void
kinds_free (Kinds *k)
{
  g_free (k->dir);
  g_clear_object (&k->notes);
  g_clear_object (&k->solve);
  g_clear_object (&k->task);
  g_clear_object (&k->kaggle);
  g_hash_table_unref (k->images);
  if (k->image_dir)
    {
      g_autoptr(GDir) d = g_dir_open (k->image_dir, 0, NULL);
      const char *name;

      while (d && (name = g_dir_read_name (d)))
        {
          g_autofree char *path = g_build_filename (k->image_dir, name, NULL);
          g_unlink (path);
        }
      g_rmdir (k->image_dir);
      g_free (k->image_dir);
    }
  g_free (k);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Kinds, kinds_free)

static inline gboolean
kinds_save_notes (Kinds    *k,
                  guint     v,
                  GError  **error)
{
  ArcAnnotation *a = arc_notes_ensure (k->notes, "big", "ada");

  g_free (a->transform_text);
  a->transform_text = kind_notes_text (v, k->sizes.notes_bytes);
  a->modified = (gint64) v + 1;
  return arc_notes_save (k->notes, TRUE, error);
}

static inline gboolean
kinds_save_work (Kinds    *k,
                 guint     v,
                 GError  **error)
{
  g_autoptr(GFile) file = kinds_file (k, KIND_WORK, 0);

  /* (test input i's output is grid 3 + 2 i of the task) */
  for (guint i = 0; i < k->sizes.work_tests; i++)
    {
      g_autoptr(ArcGrid) grid = kind_grid_new (v, 3 + 2 * i);

      g_assert_true (arc_solve_restore_output (k->solve, i, grid, ((gint64) v + 1) * 1000));
    }
  return arc_solve_save_work (k->solve, file, error);
}

/* Every grid of @edit made version @v's; grids numbered from @g0 */
static inline void
kinds_edit_to (ArcTaskEdit *edit,
               guint        v,
               guint        g0)
{
  guint g = g0;

  for (int kind = ARC_PAIR_TRAIN; kind <= ARC_PAIR_TEST; kind++)
    for (guint i = 0; i < arc_task_edit_get_n_pairs (edit, kind); i++)
      for (int side = ARC_SIDE_INPUT; side <= ARC_SIDE_OUTPUT; side++)
        {
          g_autoptr(ArcGrid) grid = kind_grid_new (v, g++);

          arc_task_edit_set_grid (edit, kind, i, side, grid);
        }
}

static inline gboolean
kinds_save_image (Kinds    *k,
                  Kind      kind,
                  guint     v,
                  const char *path,
                  GError  **error)
{
  g_autoptr(ArcTask) task = kind_task_new (v, k->sizes.image_pairs[kind - KIND_PNG], 1);
  g_autofree char *title = g_strdup_printf ("Version %u", v);
  ArcRenderOptions options;

  arc_render_options_init (&options);
  options.with_test_outputs = TRUE;
  options.digits = TRUE;  /* (more to write, and less alike) */
  options.cell_size = k->sizes.image_cell;
  return arc_render_task_to_file (task, title, &options, path, error);
}

/* Saves version @v of @kind in its folder, as the app does */
static inline gboolean
kinds_save (Kinds    *k,
            Kind      kind,
            guint     v,
            GError  **error)
{
  g_autofree char *path = kinds_path (k, kind, 0);

  kinds_open (k, kind);
  switch (kind)
    {
    case KIND_NOTES:
      return kinds_save_notes (k, v, error);
    case KIND_WORK:
      return kinds_save_work (k, v, error);
    case KIND_TASK:
      kinds_edit_to (k->task, v, 0);
      return arc_task_edit_save (k->task, NULL, error);
    case KIND_KAGGLE:
      kinds_edit_to (k->kaggle, v, 0);
      return arc_task_edit_save (k->kaggle, NULL, error);
    case KIND_PNG:
    case KIND_SVG:
    case KIND_PDF:
      return kinds_save_image (k, kind, v, path, error);
    case N_KINDS:
    default:
      g_assert_not_reached ();
    }
}

/* Checking */

static inline gboolean
kinds_check_notes (Kinds    *k,
                   guint    *v,
                   GError  **error)
{
  g_autoptr(GFile) file = kinds_file (k, KIND_NOTES, 0);
  g_autoptr(ArcNotes) notes = arc_notes_new (file);
  g_autofree char *expected = NULL;
  ArcAnnotation *a;

  if (!arc_notes_load (notes, error))
    return FALSE;
  a = arc_notes_get (notes, "big", "ada");
  if (a == NULL || a->transform_text == NULL || sscanf (a->transform_text, "v%06u ", v) != 1)
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, "no text of ada's");
      return FALSE;
    }
  expected = kind_notes_text (*v, k->sizes.notes_bytes);
  if (!g_str_equal (expected, a->transform_text))
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, "the text is not version %u's", *v);
      return FALSE;
    }
  return TRUE;
}

/* The work file, read as the app reads it (arc_solve_load_work()) */
static inline gboolean
kinds_check_work (Kinds    *k,
                  guint    *v,
                  GError  **error)
{
  g_autoptr(GFile) file = kinds_file (k, KIND_WORK, 0);
  g_autoptr(ArcTask) task = kind_task_new (0, 1, k->sizes.work_tests);
  g_autoptr(ArcSolve) solve = arc_solve_new (task, 2);

  if (!arc_solve_load_work (solve, file, error))
    return FALSE;
  for (guint i = 0; i < k->sizes.work_tests; i++)
    {
      guint seen;

      arc_solve_set_current (solve, i);
      if (!kind_grid_version (arc_solve_get_output (solve), 3 + 2 * i, &seen, error) || !kind_same (v, seen, error))
        {
          g_prefix_error (error, "test %u: ", i);
          return FALSE;
        }
    }
  return TRUE;
}

static inline gboolean
kinds_check_task (Kinds    *k,
                  guint    *v,
                  GError  **error)
{
  g_autoptr(GFile) file = kinds_file (k, KIND_TASK, 0);
  g_autoptr(ArcTask) task = arc_task_new_from_file (file, "big", NULL, error);

  if (task == NULL)
    return FALSE;
  if (arc_task_get_n_train (task) != k->sizes.task_pairs)
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, "%u train pairs", arc_task_get_n_train (task));
      return FALSE;
    }
  return kind_task_version (task, v, error);
}

/* Both files of the pair, read as the app reads them (ArcCombined): task
 * k000 of the same version in both, every other task as it was made */
static inline gboolean
kinds_check_kaggle (Kinds    *k,
                    guint    *v,
                    GError  **error)
{
  g_autoptr(GFile) challenges = kinds_file (k, KIND_KAGGLE, 0);
  g_autoptr(GFile) solutions = kinds_file (k, KIND_KAGGLE, 1);
  g_autoptr(GBytes) data = arc_file_load_bounded (challenges, ARC_COMBINED_MAX_FILE_SIZE, error);
  g_autoptr(GBytes) solutions_data = data ? arc_file_load_bounded (solutions, ARC_COMBINED_MAX_FILE_SIZE, error) : NULL;
  g_autoptr(ArcCombined) combined = NULL;
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) spans = g_array_new (FALSE, FALSE, sizeof (ArcSpan));

  if (solutions_data == NULL)
    return FALSE;
  combined = arc_combined_new (challenges, data, solutions, solutions_data);
  if (!arc_combined_scan (combined, ids, spans, error))
    return FALSE;
  if (ids->len != k->sizes.kaggle_tasks)
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, "%u tasks", ids->len);
      return FALSE;
    }
  for (guint t = 0; t < ids->len; t++)
    {
      const char *id = ids->pdata[t];
      ArcSpan *span = &g_array_index (spans, ArcSpan, t);
      g_autoptr(ArcTask) task = arc_task_new_from_range (g_bytes_get_data (data, NULL), span->start, span->end, id,
                                                         NULL, error);
      g_autoptr(GPtrArray) outputs = task ? arc_combined_dup_solutions (combined, id, error) : NULL;
      const ArcGrid *grids[4];
      guint task_v = KIND_ABSENT;

      if (outputs == NULL || outputs->len != 1 || arc_task_get_n_train (task) != 1 || arc_task_get_n_test (task) != 1)
        {
          if (error && *error == NULL)
            g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, "task %s is not in both files, whole", id);
          return FALSE;
        }
      grids[0] = arc_task_get_train (task, 0)->input;
      grids[1] = arc_task_get_train (task, 0)->output;
      grids[2] = arc_task_get_test (task, 0)->input;
      grids[3] = outputs->pdata[0];
      for (guint i = 0; i < 4; i++)
        {
          guint seen;

          if (!kind_grid_version (grids[i], 4 * t + i, &seen, error) || !kind_same (&task_v, seen, error))
            {
              g_prefix_error (error, "%s, %s: ", id, i == 3 ? "solutions" : "challenges");
              return FALSE;
            }
        }
      if (t == 0)
        *v = task_v;
      else if (task_v != 0)
        {
          g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, "task %s changed", id);
          return FALSE;
        }
    }
  return TRUE;
}

/* @length bytes of zlib data at @data inflated onto @out; %FALSE when they
 * are not such data */
static inline gboolean
kind_inflate (const char *data,
              gsize       length,
              GString    *out)
{
  g_autoptr(GZlibDecompressor) z = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_ZLIB);
  char buf[16384];
  gsize done = 0;

  while (TRUE)
    {
      gsize read, written;
      GConverterResult r = g_converter_convert (G_CONVERTER (z), data + done, length - done, buf, sizeof buf,
                                                G_CONVERTER_INPUT_AT_END, &read, &written, NULL);

      if (r == G_CONVERTER_ERROR)
        return FALSE;
      g_string_append_len (out, buf, written);
      done += read;
      if (r == G_CONVERTER_FINISHED)
        return TRUE;
    }
}

/* Where @needle is in @data from @from on, or @length (there may be zero
 * bytes in @data) */
static inline gsize
kind_find (const char *data,
           gsize       length,
           gsize       from,
           const char *needle)
{
  gsize n = strlen (needle);

  for (gsize i = from; i + n <= length; i++)
    if (data[i] == needle[0] && memcmp (data + i, needle, n) == 0)
      return i;
  return length;
}

/* A PDF as two exports of one version have it alike: each stream
 * inflated, and what lies between them without its numbers (lengths and
 * offsets follow what the streams compress to, and a cross-reference
 * stream left out); then the dates blanked (when it was made, which a
 * newer cairo keeps in a compressed stream) */
static inline GString *
kind_pdf_alike (const char *data,
                gsize       length)
{
  static const char * const dates[] = { "/CreationDate (", "/ModDate (" };
  GString *s = g_string_sized_new (length);
  gsize i = 0;

  while (i < length)
    {
      gsize at = kind_find (data, length, i, "stream");
      gsize start, end;

      /* ("endstream" is no start) */
      while (at < length && at > 0 && data[at - 1] == 'd')
        at = kind_find (data, length, at + 6, "stream");
      for (gsize c = i; c < at; c++)
        if (!g_ascii_isdigit (data[c]))
          g_string_append_c (s, data[c]);
      if (at == length)
        break;
      start = at + 6;
      start += start < length && data[start] == '\r';
      start += start < length && data[start] == '\n';
      end = kind_find (data, length, start, "endstream");
      g_string_append (s, "stream:");
      /* (a cross-reference stream is offsets, in binary) */
      if (kind_find (data, at, i, "/XRef") < at)
        g_string_append (s, "offsets");
      else if (!kind_inflate (data + start, end - start, s))
        g_string_append_len (s, data + start, end - start);
      i = end;
    }
  for (guint d = 0; d < G_N_ELEMENTS (dates); d++)
    for (gsize at = kind_find (s->str, s->len, 0, dates[d]); at < s->len;
         at = kind_find (s->str, s->len, at + 1, dates[d]))
      for (gsize c = at + strlen (dates[d]); c < s->len && s->str[c] != ')'; c++)
        s->str[c] = '0';
  return s;
}

/* What an export holds, less what differs between two exports of one
 * version: a PDF's dates (kind_pdf_alike ()) and an SVG's surface numbers
 * (cairo counts its surfaces) */
static inline GBytes *
kind_read_image (const char  *path,
                 GError     **error)
{
  g_autofree char *data = NULL;
  GString *s;
  gsize length;

  if (!g_file_get_contents (path, &data, &length, error))
    return NULL;
  if (g_str_has_suffix (path, ".pdf"))
    return g_string_free_to_bytes (kind_pdf_alike (data, length));
  s = g_string_sized_new (length);
  for (gsize i = 0; i < length; i++)
    {
      g_string_append_c (s, data[i]);
      if (i >= 6 && memcmp (data + i - 6, "surface", 7) == 0)
        while (i + 1 < length && g_ascii_isdigit (data[i + 1]))
          i++;
    }
  return g_string_free_to_bytes (s);
}

static inline GBytes *
kinds_image_of (Kinds *k,
                Kind   kind,
                guint  v)
{
  g_autofree char *key = g_strdup_printf ("%d:%u", kind, v);
  GBytes *bytes = g_hash_table_lookup (k->images, key);

  if (bytes == NULL)
    {
      g_autofree char *path = NULL;
      g_autoptr(GError) error = NULL;

      if (k->image_dir == NULL)
        k->image_dir = g_dir_make_tmp ("arc-kinds-XXXXXX", &error);
      g_assert_no_error (error);
      path = g_build_filename (k->image_dir, kind_files[kind][0], NULL);
      g_assert_true (kinds_save_image (k, kind, v, path, &error));
      g_assert_no_error (error);
      bytes = kind_read_image (path, &error);
      g_assert_no_error (error);
      g_unlink (path);
      g_hash_table_insert (k->images, g_steal_pointer (&key), bytes);
    }
  return bytes;
}

/* An export: the bytes of one of the @n versions @candidates */
static inline gboolean
kinds_check_image (Kinds        *k,
                   Kind          kind,
                   const guint  *candidates,
                   guint         n,
                   guint        *v,
                   GError      **error)
{
  g_autofree char *path = kinds_path (k, kind, 0);
  g_autoptr(GBytes) bytes = kind_read_image (path, error);

  if (bytes == NULL)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (candidates[i] != KIND_ABSENT && g_bytes_equal (bytes, kinds_image_of (k, kind, candidates[i])))
      {
        *v = candidates[i];
        return TRUE;
      }
  g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, "%zu bytes that are none of the versions expected",
               g_bytes_get_size (bytes));
  return FALSE;
}

/* Reads @kind's files: %TRUE with @v the version they hold, whole and one
 * (KIND_ABSENT when none of its files is there), which must be one of the
 * @n @candidates; else %FALSE with @error saying what is wrong */
static inline gboolean
kinds_check (Kinds        *k,
             Kind          kind,
             const guint  *candidates,
             guint         n,
             guint        *v,
             GError      **error)
{
  g_autofree char *path = kinds_path (k, kind, 0);
  g_autofree char *second = kind_files[kind][1] ? kinds_path (k, kind, 1) : NULL;
  gboolean ok = FALSE;

  *v = KIND_ABSENT;
  if (!g_file_test (path, G_FILE_TEST_EXISTS) && (second == NULL || !g_file_test (second, G_FILE_TEST_EXISTS)))
    ok = TRUE;
  else if (kind == KIND_NOTES)
    ok = kinds_check_notes (k, v, error);
  else if (kind == KIND_WORK)
    ok = kinds_check_work (k, v, error);
  else if (kind == KIND_TASK)
    ok = kinds_check_task (k, v, error);
  else if (kind == KIND_KAGGLE)
    ok = kinds_check_kaggle (k, v, error);
  else
    return kinds_check_image (k, kind, candidates, n, v, error);
  if (!ok)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (candidates[i] == *v)
      return TRUE;
  if (*v == KIND_ABSENT)
    g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, "the file is gone");
  else
    g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, "version %u, which was not expected", *v);
  return FALSE;
}

/* The CLI's outputs: what each command writes, and the collection they
 * are made from */

#define CLI_TESTS 80

typedef struct
{
  const char *name;
  const char *output;    /* the file written, in the output folder */
  const char *args[8];   /* "@C": the collection, "@O": the output file, "@D": its folder */
  gboolean    in_place;  /* the output is a task file, rewritten */
} CliKind;

static const CliKind cli_kinds[] = {
  { "submission", "submission.json", { "submission", "export", "@C", "-o", "@O", NULL }, FALSE },
  { "notes-export", "notes.jsonl", { "notes", "export", "@C", "-o", "@O", NULL }, FALSE },
  { "trajectories-export", "trajectories.jsonl", { "trajectories", "export", "@C", "-o", "@O", NULL }, FALSE },
  { "larc-export", "big.json", { "notes", "export", "@C", "--format", "larc", "-o", "@D", NULL }, FALSE },
  { "format", "big.json", { "format", "--pretty", "@O", NULL }, TRUE },
};

/* The collection the CLI reads, in @dir: a task with CLI_TESTS test
 * inputs, and ada's notes on it: a long description and two counted
 * attempts at each test input, the first with a trajectory */
static inline void
kinds_make_cli_collection (const char *dir)
{
  g_autoptr(GString) s = g_string_new (NULL);
  g_autofree char *task = NULL;
  g_autofree char *notes_path = NULL;
  g_autoptr(GFile) notes_file = NULL;
  g_autoptr(ArcNotes) notes = NULL;
  g_autoptr(GError) error = NULL;
  ArcAnnotation *a;

  task = g_build_filename (dir, "big.json", NULL);
  kind_task_append (s, 1, 0, 1, CLI_TESTS, TRUE);
  g_assert_true (g_file_set_contents (task, s->str, s->len, NULL));

  notes_path = g_build_filename (dir, "big.arcnotes", NULL);
  notes_file = g_file_new_for_path (notes_path);
  notes = arc_notes_new (notes_file);
  a = arc_notes_ensure (notes, "big", "ada");
  g_free (a->input_text);
  a->input_text = g_strdup ("In the input, you should see a pattern.");
  g_free (a->transform_text);
  a->transform_text = kind_notes_text (1, 64 * 1024);
  for (guint t = 0; t < CLI_TESTS; t++)
    for (guint j = 0; j < 2; j++)
      {
        g_autoptr(ArcGrid) input = kind_grid_new (1, 2 + 2 * t);
        g_autoptr(ArcGrid) grid = kind_grid_new (1 + j, 3 + 2 * t);
        ArcAttempt *at = arc_attempt_new (t, grid, j ? ARC_VERDICT_WRONG : ARC_VERDICT_CORRECT, TRUE);

        at->time = (gint64) (t * 2 + j + 1) * G_USEC_PER_SEC;
        if (j == 0)
          {
            at->actions = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_action_free);
            g_ptr_array_add (at->actions, arc_action_new ("Critical", "CopyFromInput", input));
            g_ptr_array_add (at->actions, arc_action_new ("Critical", "Submit", grid));
          }
        g_ptr_array_add (a->attempts, at);
      }
  g_assert_true (arc_notes_save (notes, FALSE, &error));
  g_assert_no_error (error);
}

/* arc-studio-cli ($ARC_CLI) and @cli's arguments, for @collection and
 * @output (NULL-terminated) */
static inline GPtrArray *
kinds_cli_argv (const CliKind *cli,
                const char    *collection,
                const char    *output)
{
  GPtrArray *argv = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *out_dir = g_path_get_dirname (output);

  g_ptr_array_add (argv, g_strdup (g_getenv ("ARC_CLI")));
  for (guint i = 0; cli->args[i]; i++)
    {
      const char *arg = cli->args[i];

      g_ptr_array_add (argv, g_strdup (g_str_equal (arg, "@C") ? collection :
                                       g_str_equal (arg, "@O") ? output :
                                       g_str_equal (arg, "@D") ? out_dir : arg));
    }
  g_ptr_array_add (argv, NULL);
  return argv;
}

/* Leftovers */

/* The names in @dir that are none of @expected (a NULL-terminated list):
 * a temporary file, a journal, anything a save left */
static inline char *
kinds_unexpected_files (const char         *dir,
                        const char * const *expected)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GString) found = g_string_new (NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    if (!g_strv_contains (expected, name))
      g_string_append_printf (found, "%s%s", found->len ? ", " : "", name);
  return found->len ? g_string_free (g_steal_pointer (&found), FALSE) : NULL;
}

/* arc-formats.c: the table of the formats written (HACKING.md, "Where to
 * add": an export format is one entry here and its writer)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-formats"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arc-error.h"
#include "arc-file.h"
#include "arc-formats.h"

/* In each kind, the order the dialogs and --help list them */
static const ArcFormat formats[] = {
  { "png", ARC_FORMAT_PICTURE, N_("PNG image"), ".png", "image/png", NULL, TRUE, FALSE,
    .picture = arc_picture_draw_cairo },
  { "svg", ARC_FORMAT_PICTURE, N_("SVG image"), ".svg", "image/svg+xml", NULL, FALSE, FALSE,
    .picture = arc_picture_draw_cairo },
  { "pdf", ARC_FORMAT_PICTURE, N_("PDF document"), ".pdf", "application/pdf", NULL, FALSE, FALSE,
    .picture = arc_picture_draw_cairo },
  { "txt", ARC_FORMAT_PICTURE, N_("Grids as text"), ".txt", "text/plain", NULL, FALSE, FALSE,
    .picture = arc_picture_write_text },
  { "jsonl", ARC_FORMAT_NOTES, N_("JSON Lines"), ".jsonl", "application/jsonl", "notes.jsonl", TRUE, FALSE,
    .notes = arc_notes_export_jsonl },
  { "larc", ARC_FORMAT_NOTES, N_("LARC’s layout"), NULL, NULL, "tasks_json", FALSE, TRUE,
    .notes_folder = arc_larc_export_folder },
  { "arctraj", ARC_FORMAT_TRAJECTORIES, N_("ARCTraj (JSON Lines)"), ".jsonl", "application/jsonl",
    "trajectories.jsonl", TRUE, FALSE, .notes = arc_trajectories_export_arctraj },
  { "jaxarc", ARC_FORMAT_TRAJECTORIES, N_("JaxARC (JSON Lines)"), ".jsonl", "application/jsonl",
    "trajectories-jaxarc.jsonl", FALSE, FALSE, .notes = arc_trajectories_export_jaxarc },
  { "submission", ARC_FORMAT_ANSWERS, N_("ARC Prize submission"), ".json", "application/json",
    "submission.json", TRUE, FALSE, .answers = arc_submission_export },
};

/**
 * arc_formats_get:
 * Returns: (nullable): the @index-th format of @kind, %NULL past the last
 */
const ArcFormat *
arc_formats_get (ArcFormatKind kind,
                 guint         index)
{
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (formats[i].kind == kind && index-- == 0)
      return &formats[i];
  return NULL;
}

/**
 * arc_format_find:
 * Returns: (nullable): the format of @kind named @name ("png", "larc"…),
 *   in any case
 */
const ArcFormat *
arc_format_find (ArcFormatKind  kind,
                 const char    *name)
{
  const ArcFormat *f;

  for (guint i = 0; name && (f = arc_formats_get (kind, i)); i++)
    if (g_ascii_strcasecmp (f->name, name) == 0)
      return f;
  return NULL;
}

/**
 * arc_format_for_path:
 * Returns: (nullable): the first format of @kind whose extension ends
 *   @path (in any case)
 */
const ArcFormat *
arc_format_for_path (ArcFormatKind  kind,
                     const char    *path)
{
  gsize length = path ? strlen (path) : 0;
  const ArcFormat *f;

  for (guint i = 0; (f = arc_formats_get (kind, i)); i++)
    {
      gsize n = f->extension ? strlen (f->extension) : 0;

      if (n > 0 && length > n && g_ascii_strcasecmp (path + length - n, f->extension) == 0)
        return f;
    }
  return NULL;
}

/**
 * arc_format_get_default:
 * Returns: the format of @kind used when none is named
 */
const ArcFormat *
arc_format_get_default (ArcFormatKind kind)
{
  const ArcFormat *f;

  for (guint i = 0; (f = arc_formats_get (kind, i)); i++)
    if (f->is_default)
      return f;
  return arc_formats_get (kind, 0);
}

/**
 * arc_format_get_title:
 * Returns: @format's title, translated
 */
const char *
arc_format_get_title (const ArcFormat *format)
{
  return g_dgettext (GETTEXT_PACKAGE, format->title);
}

/**
 * arc_formats_dup_names:
 * Returns: (transfer full): the names of the formats of @kind, in order,
 *   between @separators: "png|svg|pdf|txt"
 */
char *
arc_formats_dup_names (ArcFormatKind  kind,
                       const char    *separator)
{
  GString *out = g_string_new (NULL);
  const ArcFormat *f;

  for (guint i = 0; (f = arc_formats_get (kind, i)); i++)
    g_string_append_printf (out, "%s%s", i ? separator : "", f->name);
  return g_string_free (out, FALSE);
}

/**
 * arc_formats_dup_extensions:
 * Returns: (transfer full): the extensions of the formats of @kind, in
 *   order: ".png, .svg, .pdf, .txt"
 */
char *
arc_formats_dup_extensions (ArcFormatKind kind)
{
  GString *out = g_string_new (NULL);
  const ArcFormat *f;

  for (guint i = 0; (f = arc_formats_get (kind, i)); i++)
    if (f->extension)
      g_string_append_printf (out, "%s%s", out->len ? ", " : "", f->extension);
  return g_string_free (out, FALSE);
}

/**
 * arc_format_write_picture:
 * @format: (nullable): a format of kind %ARC_FORMAT_PICTURE; %NULL: the
 *   one @file's name ends in
 * @grid: (nullable): the grid to write; %NULL: all of @task, under @title
 *
 * Writes @task or @grid into @file by the one writer (arc_file_write()).
 */
gboolean
arc_format_write_picture (const ArcFormat         *format,
                          ArcTask                 *task,
                          const char              *title,
                          const ArcGrid           *grid,
                          const ArcRenderOptions  *options,
                          GFile                   *file,
                          GError                 **error)
{
  g_autofree char *name = g_file_get_parse_name (file);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local = NULL;

  if (format == NULL)
    format = arc_format_for_path (ARC_FORMAT_PICTURE, name);
  if (format == NULL || format->picture == NULL)
    {
      g_autofree char *extensions = arc_formats_dup_extensions (ARC_FORMAT_PICTURE);

      g_set_error (error, ARC_ERROR, ARC_ERROR_IO, _("%s: the name must end in one of %s"), name, extensions);
      return FALSE;
    }
  bytes = format->picture (format, task, title, grid, options, &local);
  if (bytes == NULL)
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_IO, "%s: %s", name, local->message);
      return FALSE;
    }
  return arc_file_write_bytes (file, bytes, error);
}

gboolean
arc_render_task_to_file (ArcTask                *task,
                         const char             *title,
                         const ArcRenderOptions *options,
                         const char             *path,
                         GError                **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  return arc_format_write_picture (NULL, task, title, NULL, options, file, error);
}

gboolean
arc_render_grid_to_file (const ArcGrid          *grid,
                         const ArcRenderOptions *options,
                         const char             *path,
                         GError                **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  return arc_format_write_picture (NULL, NULL, NULL, grid, options, file, error);
}

/* arc-python-indenter.c: the program editor's indentation for Python
 *
 * A new line keeps the indentation of the line before, one level deeper
 * after a line that opens a block (it ends with a colon, outside a
 * comment), as Python editors do. A level is the view's indent width (its
 * tab width when unset), in spaces or a tab as the view inserts them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-program"

#include "config.h"

#include <string.h>

#include "arc-python-indenter.h"

struct _ArcPythonIndenter
{
  GObject parent_instance;
};

static void indenter_iface_init (GtkSourceIndenterInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ArcPythonIndenter, arc_python_indenter, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (GTK_SOURCE_TYPE_INDENTER, indenter_iface_init))

static gboolean
arc_python_indenter_is_trigger (GtkSourceIndenter *indenter,
                                GtkSourceView     *view,
                                const GtkTextIter *location,
                                GdkModifierType    state,
                                guint              keyval)
{
  if (state & (GDK_SHIFT_MASK | GDK_CONTROL_MASK))
    return FALSE;
  return keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter;
}

/* Whether @line (without its newline) opens a block: its code, up to a
 * comment, ends with a colon (a '#' in a string is taken as it is: a
 * string rarely ends a line that opens a block) */
static gboolean
opens_block (const char *line)
{
  const char *comment = strchr (line, '#');
  gsize length = comment ? (gsize) (comment - line) : strlen (line);

  while (length > 0 && g_ascii_isspace (line[length - 1]))
    length--;
  return length > 0 && line[length - 1] == ':';
}

static void
arc_python_indenter_indent (GtkSourceIndenter *indenter,
                            GtkSourceView     *view,
                            GtkTextIter       *iter)
{
  GtkTextBuffer *buffer = gtk_text_iter_get_buffer (iter);
  int line = gtk_text_iter_get_line (iter);
  g_autoptr(GString) indent = g_string_new (NULL);
  g_autofree char *before = NULL;
  GtkTextIter start, end;
  gsize leading;

  if (line == 0)
    return;
  gtk_text_buffer_get_iter_at_line (buffer, &start, line - 1);
  end = start;
  if (!gtk_text_iter_ends_line (&end))
    gtk_text_iter_forward_to_line_end (&end);
  before = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  leading = strspn (before, " \t");
  g_string_append_len (indent, before, leading);
  if (opens_block (before))
    {
      int width = gtk_source_view_get_indent_width (view);

      if (width <= 0)
        width = (int) gtk_source_view_get_tab_width (view);
      if (gtk_source_view_get_insert_spaces_instead_of_tabs (view))
        for (int i = 0; i < width; i++)
          g_string_append_c (indent, ' ');
      else
        g_string_append_c (indent, '\t');
    }
  if (indent->len > 0)
    gtk_text_buffer_insert (buffer, iter, indent->str, (int) indent->len);  /* @iter: after it */
}

static void
indenter_iface_init (GtkSourceIndenterInterface *iface)
{
  iface->is_trigger = arc_python_indenter_is_trigger;
  iface->indent = arc_python_indenter_indent;
}

static void
arc_python_indenter_class_init (ArcPythonIndenterClass *klass)
{
}

static void
arc_python_indenter_init (ArcPythonIndenter *self)
{
}

/**
 * arc_python_indenter_new:
 * Returns: (transfer full): an indenter for a GtkSourceView of Python
 */
GtkSourceIndenter *
arc_python_indenter_new (void)
{
  return g_object_new (ARC_TYPE_PYTHON_INDENTER, NULL);
}

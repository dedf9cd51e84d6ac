/* arc-python-indenter.h: the program editor's indentation for Python
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtksourceview/gtksource.h>

G_BEGIN_DECLS

#define ARC_TYPE_PYTHON_INDENTER (arc_python_indenter_get_type ())
G_DECLARE_FINAL_TYPE (ArcPythonIndenter, arc_python_indenter, ARC, PYTHON_INDENTER, GObject)

GtkSourceIndenter *arc_python_indenter_new (void);

G_END_DECLS

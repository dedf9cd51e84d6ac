/* arc-file-chooser.h: running a file chooser and acting on the file chosen
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* What a file chooser does with the file the user chose, for @owner */
typedef void (*ArcFileChosenFunc) (GFile    *file,
                                   gpointer  owner);

void arc_file_chooser_run (GtkFileChooserNative *chooser,
                           ArcFileChosenFunc     chosen,
                           gpointer              owner);

G_END_DECLS

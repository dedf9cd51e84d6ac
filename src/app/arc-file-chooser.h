/* arc-file-chooser.h: running a file chooser and acting on the file chosen
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* What a file chooser does with the file the user chose */
typedef void (*ArcFileChosenFunc) (GFile    *file,
                                   gpointer  user_data);

void arc_file_chooser_run (GtkFileChooserNative *chooser,
                           ArcFileChosenFunc     chosen,
                           gpointer              user_data);

G_END_DECLS

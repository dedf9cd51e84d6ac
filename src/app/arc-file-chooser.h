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

/* The same, told the filter that was chosen with it (nullable) */
typedef void (*ArcFileFilterChosenFunc) (GFile         *file,
                                         GtkFileFilter *filter,
                                         gpointer       owner);

void arc_file_chooser_run             (GtkFileChooserNative    *chooser,
                                       ArcFileChosenFunc        chosen,
                                       gpointer                 owner);
void arc_file_chooser_run_with_filter (GtkFileChooserNative    *chooser,
                                       ArcFileFilterChosenFunc  chosen,
                                       gpointer                 owner);

G_END_DECLS

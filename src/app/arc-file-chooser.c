/* arc-file-chooser.c: running a file chooser (the portal's, in a sandbox)
 * and acting on the file chosen
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "arc-file-chooser.h"

typedef struct
{
  ArcFileChosenFunc       chosen;
  ArcFileFilterChosenFunc chosen_with_filter;
  GWeakRef                owner;  /* the window may be closed while it is open */
} Chooser;

static void
chooser_free (Chooser *chooser)
{
  g_weak_ref_clear (&chooser->owner);
  g_free (chooser);
}

static void
response_cb (GtkNativeDialog *dialog,
             int              response,
             Chooser         *chooser)
{
  g_autoptr(GObject) owner = g_weak_ref_get (&chooser->owner);

  if (response == GTK_RESPONSE_ACCEPT && owner)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      if (file && chooser->chosen)
        chooser->chosen (file, owner);
      else if (file)
        chooser->chosen_with_filter (file, gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (dialog)), owner);
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

/**
 * arc_file_chooser_run:
 * @chooser: (transfer full): a new chooser, with its parent window set
 * @chosen: called with the file chosen, if the user chose one
 * @owner: (type GObject): for @chosen, which is not called if it is gone
 *   by then (a window closed while its chooser was open)
 *
 * Shows @chooser, modal, and frees it when it is answered.
 */
static void
run (GtkFileChooserNative *chooser,
     Chooser              *data,
     gpointer              owner)
{
  g_weak_ref_init (&data->owner, owner);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_object_set_data_full (G_OBJECT (chooser), "arc-file-chooser", data, (GDestroyNotify) chooser_free);
  g_signal_connect (chooser, "response", G_CALLBACK (response_cb), data);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

void
arc_file_chooser_run (GtkFileChooserNative *chooser,
                      ArcFileChosenFunc     chosen,
                      gpointer              owner)
{
  Chooser *data = g_new0 (Chooser, 1);

  g_return_if_fail (G_IS_OBJECT (owner));
  data->chosen = chosen;
  run (chooser, data, owner);
}

/**
 * arc_file_chooser_run_with_filter:
 *
 * As arc_file_chooser_run(), with the filter chosen given to @chosen too
 * (an export whose format is the filter's).
 */
void
arc_file_chooser_run_with_filter (GtkFileChooserNative    *chooser,
                                  ArcFileFilterChosenFunc  chosen,
                                  gpointer                 owner)
{
  Chooser *data = g_new0 (Chooser, 1);

  g_return_if_fail (G_IS_OBJECT (owner));
  data->chosen_with_filter = chosen;
  run (chooser, data, owner);
}

/* arc-file-chooser.c: running a file chooser (the portal's, in a sandbox)
 * and acting on the file chosen
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "arc-file-chooser.h"

typedef struct
{
  ArcFileChosenFunc chosen;
  gpointer          user_data;
} Chooser;

static void
response_cb (GtkNativeDialog *dialog,
             int              response,
             Chooser         *chooser)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      if (file)
        chooser->chosen (file, chooser->user_data);
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

/**
 * arc_file_chooser_run:
 * @chooser: (transfer full): a new chooser, with its parent window set
 * @chosen: called with the file chosen, if the user chose one
 * @user_data: for @chosen; it must outlive the chooser, which is modal
 *
 * Shows @chooser, modal, and frees it when it is answered.
 */
void
arc_file_chooser_run (GtkFileChooserNative *chooser,
                      ArcFileChosenFunc     chosen,
                      gpointer              user_data)
{
  Chooser *data = g_new0 (Chooser, 1);

  data->chosen = chosen;
  data->user_data = user_data;
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_object_set_data_full (G_OBJECT (chooser), "arc-file-chooser", data, g_free);
  g_signal_connect (chooser, "response", G_CALLBACK (response_cb), data);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

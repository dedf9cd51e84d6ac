/* arc-larc-credit.c: the line that credits LARC where its data is shown
 *
 * LARC's data is licensed CC BY 4.0: wherever ARC Studio shows it (the
 * notes pane's descriptions, Build from Description, the replay of LARC's
 * builds) a small dim line under it names LARC, its authors, the licence,
 * and links to it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-larc-credit"

#include "config.h"

#include "arc-larc-credit.h"

/**
 * arc_larc_credit_new:
 * @markup: what is LARC's, its link, authors and licence: "Descriptions
 *   from <a href=\"…\">LARC</a> (Acquaviva et al.), CC BY 4.0"
 *
 * Returns: (transfer floating): a caption-sized, dim, wrapping label
 */
GtkWidget *
arc_larc_credit_new (const char *markup)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

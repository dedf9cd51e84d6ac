/* arc-progress-banner.c: a long task's progress under the header bar, with Cancel
 *
 * What a long import or export shows while it runs in a worker: a line of
 * text, a progress bar and a Cancel button, sliding down under the window's
 * header bar, put away when it ends. Cancel cancels the task's
 * GCancellable and says what happens then ("Stopping…").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-progress-banner"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "arc-progress-banner.h"

struct _ArcProgressBanner
{
  GtkWidget       parent_instance;

  GtkWidget      *revealer;
  GtkLabel       *label;
  GtkProgressBar *bar;
  GtkWidget      *cancel;
  GCancellable   *cancellable;    /* the running task's, or NULL */
  char           *stopping_text;
};

G_DEFINE_FINAL_TYPE (ArcProgressBanner, arc_progress_banner, GTK_TYPE_WIDGET)

static void
cancel_clicked_cb (GtkButton         *button,
                   ArcProgressBanner *self)
{
  if (self->cancellable == NULL)
    return;
  g_cancellable_cancel (self->cancellable);
  gtk_label_set_text (self->label, self->stopping_text);
  gtk_widget_set_sensitive (self->cancel, FALSE);
}

static void
arc_progress_banner_dispose (GObject *object)
{
  ArcProgressBanner *self = ARC_PROGRESS_BANNER (object);

  /* (a window closed while it runs: the task stops) */
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->revealer, gtk_widget_unparent);
  G_OBJECT_CLASS (arc_progress_banner_parent_class)->dispose (object);
}

static void
arc_progress_banner_finalize (GObject *object)
{
  ArcProgressBanner *self = ARC_PROGRESS_BANNER (object);

  g_free (self->stopping_text);
  G_OBJECT_CLASS (arc_progress_banner_parent_class)->finalize (object);
}

static void
arc_progress_banner_class_init (ArcProgressBannerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = arc_progress_banner_dispose;
  object_class->finalize = arc_progress_banner_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
arc_progress_banner_init (ArcProgressBanner *self)
{
  GtkWidget *box, *column, *text;

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 8);
  text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_widget_set_valign (text, GTK_ALIGN_CENTER);
  self->label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->label, 0);
  gtk_label_set_ellipsize (self->label, PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (text), GTK_WIDGET (self->label));
  self->bar = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_box_append (GTK_BOX (text), GTK_WIDGET (self->bar));
  gtk_box_append (GTK_BOX (box), text);
  self->cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  gtk_widget_set_valign (self->cancel, GTK_ALIGN_CENTER);
  g_signal_connect (self->cancel, "clicked", G_CALLBACK (cancel_clicked_cb), self);
  gtk_box_append (GTK_BOX (box), self->cancel);

  column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (column), box);
  gtk_box_append (GTK_BOX (column), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  self->revealer = gtk_revealer_new ();
  gtk_revealer_set_transition_type (GTK_REVEALER (self->revealer), GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN);
  gtk_revealer_set_child (GTK_REVEALER (self->revealer), column);
  gtk_widget_set_parent (self->revealer, GTK_WIDGET (self));
}

/**
 * arc_progress_banner_new:
 * @bar_name: the progress bar's accessible name ("Export progress")
 */
ArcProgressBanner *
arc_progress_banner_new (const char *bar_name)
{
  ArcProgressBanner *self = g_object_new (ARC_TYPE_PROGRESS_BANNER, NULL);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self->bar), GTK_ACCESSIBLE_PROPERTY_LABEL, bar_name, -1);
  return self;
}

/**
 * arc_progress_banner_place:
 * Puts @self in @column (the window's box of the header bar and the
 * panes), right under its header bar.
 */
void
arc_progress_banner_place (ArcProgressBanner *self,
                           GtkWidget         *column)
{
  GtkWidget *header = gtk_widget_get_first_child (column);

  g_return_if_fail (GTK_IS_BOX (column));

  while (header && !ADW_IS_HEADER_BAR (header))
    header = gtk_widget_get_next_sibling (header);
  gtk_box_insert_child_after (GTK_BOX (column), GTK_WIDGET (self), header);
}

/**
 * arc_progress_banner_start:
 * @cancellable: what Cancel cancels
 * @stopping_text: what the line says once Cancel is pressed
 *
 * Shows @self, with @text and an empty bar.
 */
void
arc_progress_banner_start (ArcProgressBanner *self,
                           GCancellable      *cancellable,
                           const char        *text,
                           const char        *cancel_tooltip,
                           const char        *stopping_text)
{
  g_return_if_fail (ARC_IS_PROGRESS_BANNER (self));

  g_set_object (&self->cancellable, cancellable);
  g_free (self->stopping_text);
  self->stopping_text = g_strdup (stopping_text);
  gtk_widget_set_tooltip_text (self->cancel, cancel_tooltip);
  gtk_widget_set_sensitive (self->cancel, TRUE);
  arc_progress_banner_update (self, text, 0);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->revealer), TRUE);
}

/**
 * arc_progress_banner_update:
 * Says @text and fills the bar to @fraction, unless the task was cancelled
 * (the line says it is stopping then).
 */
void
arc_progress_banner_update (ArcProgressBanner *self,
                            const char        *text,
                            double             fraction)
{
  g_return_if_fail (ARC_IS_PROGRESS_BANNER (self));

  if (self->cancellable == NULL || g_cancellable_is_cancelled (self->cancellable))
    return;
  gtk_label_set_text (self->label, text);
  gtk_progress_bar_set_fraction (self->bar, CLAMP (fraction, 0, 1));
}

/**
 * arc_progress_banner_stop:
 * The task ended: @self slides away.
 */
void
arc_progress_banner_stop (ArcProgressBanner *self)
{
  g_return_if_fail (ARC_IS_PROGRESS_BANNER (self));

  g_clear_object (&self->cancellable);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->revealer), FALSE);
}

gboolean
arc_progress_banner_is_busy (ArcProgressBanner *self)
{
  g_return_val_if_fail (ARC_IS_PROGRESS_BANNER (self), FALSE);
  return self->cancellable != NULL;
}

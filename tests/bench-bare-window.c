/* bench-bare-window.c: the baseline of tests/bench-startup.sh: a bare
 * libadwaita window that draws one area, started as arc-studio starts (the
 * same renderer choice, the same trace), which prints when its first frame
 * is drawn and quits
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "arc-renderer.h"
#include "arc-trace.h"

static void
draw (GtkDrawingArea *area,
      cairo_t        *cr,
      int             width,
      int             height,
      gpointer        data)
{
  GApplication *app = data;

  cairo_set_source_rgb (cr, 0.0, 0.45, 0.85);
  cairo_rectangle (cr, 8, 8, width / 2.0, height / 2.0);
  cairo_fill (cr);
  arc_trace_mark_once ("first-task-drawn");
  g_application_quit (app);
}

static void
activate (GApplication *app)
{
  GtkWidget *window = adw_application_window_new (GTK_APPLICATION (app));
  GtkWidget *area = gtk_drawing_area_new ();

  arc_trace_mark_once ("window-created");
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw, app, NULL);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), area);
  gtk_window_set_default_size (GTK_WINDOW (window), 1180, 760);  /* arc-studio's */
  gtk_window_present (GTK_WINDOW (window));
  arc_trace_mark_once ("window-shown");
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(AdwApplication) app = NULL;

  arc_trace_init ();
  arc_trace_mark_once ("main");
  arc_renderer_choose ("/dev", gtk_get_minor_version ());
  /* Unique, as arc-studio is: it registers on the session bus too */
  app = adw_application_new ("io.github.arcstudio.BareWindow", G_APPLICATION_DEFAULT_FLAGS);
  g_signal_connect (app, "activate", G_CALLBACK (activate), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}

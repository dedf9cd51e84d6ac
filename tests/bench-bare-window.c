/* bench-bare-window.c: the baseline of tests/bench-startup.sh: a bare
 * libadwaita window that draws one area, started as arc-studio starts (the
 * same renderer choice, the same trace), which prints when its first frame
 * is drawn and quits.
 *
 * With BENCH_BARE_HEADER=1, the least a GNOME window shows besides: a
 * header bar with a title and a menu button, and a line of text above the
 * area. The toolkit's first text and first icon cost it fonts and the
 * icon theme, which the bare window never loads.
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
  GtkWidget *content = area;

  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw, app, NULL);
  if (g_strcmp0 (g_getenv ("BENCH_BARE_HEADER"), "1") == 0)
    {
      GtkWidget *header = adw_header_bar_new ();
      GtkWidget *menu = gtk_menu_button_new ();

      content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (menu), "open-menu-symbolic");
      adw_header_bar_pack_end (ADW_HEADER_BAR (header), menu);
      adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), adw_window_title_new ("Bare Window", "a title"));
      gtk_box_append (GTK_BOX (content), header);
      gtk_box_append (GTK_BOX (content), gtk_label_new ("A line of text above the area"));
      gtk_widget_set_vexpand (area, TRUE);
      gtk_box_append (GTK_BOX (content), area);
    }
  arc_trace_mark_once ("window-created");
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), content);
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

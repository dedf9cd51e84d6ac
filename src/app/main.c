/* main.c: arc-studio
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-studio"

#include "config.h"

#include <glib/gi18n.h>

#include "arc-application.h"
#include "arc-i18n.h"
#include "arc-renderer.h"
#include "arc-trace.h"

int
main (int    argc,
      char **argv)
{
  g_autoptr(ArcApplication) app = NULL;

  arc_trace_init ();
  arc_trace_mark_once ("main");
  arc_i18n_init ();
  if (arc_renderer_choose ("/dev", gtk_get_minor_version ()))
    arc_trace_mark_once ("cairo-renderer");

  app = arc_application_new ();
  arc_application_preload (app, argc, argv);
  return g_application_run (G_APPLICATION (app), argc, argv);
}

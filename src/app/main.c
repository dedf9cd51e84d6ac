/* main.c: arc-studio
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-studio"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "arc-application.h"
#include "arc-trace.h"

int
main (int    argc,
      char **argv)
{
  g_autoptr(ArcApplication) app = NULL;

  arc_trace_init ();
  arc_trace_mark_once ("main");
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = arc_application_new ();
  arc_application_preload (app, argc, argv);
  return g_application_run (G_APPLICATION (app), argc, argv);
}

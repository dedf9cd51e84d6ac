/* gui-input.h: real input for the GTK tests
 *
 * xdotool sends key and pointer events through the X server (XTEST), as a
 * keyboard and a mouse would and as the e2e test does, so that focus and
 * layout take part as they do for a user. Tests that need it skip without
 * xdotool or an X display.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include <stdarg.h>
#include <string.h>

#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

#include "gui-test-util.h"

static inline gboolean
can_send_input (void)
{
#ifdef GDK_WINDOWING_X11
  g_autofree char *path = g_find_program_in_path ("xdotool");

  if (path != NULL && GDK_IS_X11_DISPLAY (gdk_display_get_default ()))
    return TRUE;
#endif
  g_test_skip ("needs xdotool and an X display");
  return FALSE;
}

static inline void
xdotool (const char *first, ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status;
  va_list args;

  g_ptr_array_add (argv, (char *) "xdotool");
  va_start (args, first);
  for (const char *arg = first; arg; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL,
                               &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

static inline char *
window_xid (GtkWidget *widget)
{
#ifdef GDK_WINDOWING_X11
  return g_strdup_printf ("%lu", (gulong) gdk_x11_surface_get_xid (gtk_native_get_surface (gtk_widget_get_native (widget))));
#else
  g_assert_not_reached ();
#endif
}

static inline gboolean
is_active (gpointer window)
{
  return gtk_window_is_active (GTK_WINDOW (window));
}

/* The keyboard's focus goes to @window (there is no window manager) */
static inline void
focus_window (gpointer window)
{
  g_autofree char *xid = window_xid (GTK_WIDGET (window));

  /* The pointer starts over no widget: left over a button of the window
   * before, it would show that button's tooltip over this one */
  xdotool ("mousemove", "1279", "799", NULL);
  pump (100);
  xdotool ("windowfocus", "--sync", xid, NULL);
  wait_for (is_active, window, "the window to have the keyboard");
}

/* Presses @keys, e.g. "9" or "ctrl+v", and lets GTK handle them */
static inline void
press (const char *keys)
{
  xdotool ("key", keys, NULL);
  pump (80);
}

/* The pointer at (@x, @y) of @widget, in the coordinates xdotool wants */
static inline void
window_point (GtkWidget *widget, double x, double y, char **sx, char **sy)
{
  GtkNative *native = gtk_widget_get_native (widget);
  graphene_point_t p;
  double dx, dy;

  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native), &GRAPHENE_POINT_INIT (x, y), &p));
  gtk_native_get_surface_transform (native, &dx, &dy);
  *sx = g_strdup_printf ("%d", (int) (p.x + dx));
  *sy = g_strdup_printf ("%d", (int) (p.y + dy));
}

/* The colour on screen at (@x, @y) of @widget, as 0xRRGGBB: what the X
 * server shows of the window, made of the render nodes GTK kept
 * (widget_pixel draws the widget afresh) */
static inline guint32
screen_pixel (GtkWidget *widget, double x, double y)
{
  g_autofree char *xid = window_xid (widget);
  g_autofree char *sx = NULL;
  g_autofree char *sy = NULL;
  g_autofree char *crop = NULL;
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  const char *hash;
  int status;

  window_point (widget, x, y, &sx, &sy);
  crop = g_strdup_printf ("1x1+%s+%s", sx, sy);
  {
    const char *argv[] = { "import", "-window", xid, "-crop", crop, "-depth", "8", "txt:-", NULL };

    if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                       &out, NULL, &status, &error))
      g_error ("import: %s", error->message);
  }
  /* "# ImageMagick pixel enumeration: …", then "0,0: (255,0,0)  #FF0000  red" */
  hash = out ? strstr (out, "  #") : NULL;
  if (hash == NULL || !g_spawn_check_wait_status (status, NULL))
    g_error ("import gave no colour: %s", out ? out : "");
  hash += 3;
  return (guint32) g_ascii_strtoull (hash, NULL, 16) >> (strspn (hash, "0123456789ABCDEFabcdef") > 6 ? 8 : 0);
}

/* Scrolls the page so that (@x, @y) of @widget is in view, as a user
 * would before clicking there */
static inline void
scroll_to (GtkWidget *widget, double y)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adj;
  graphene_point_t p;

  if (scroller == NULL)
    return;
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  g_assert_true (gtk_widget_compute_point (widget, scroller, &GRAPHENE_POINT_INIT (0, y), &p));
  if (p.y < 20 || p.y > gtk_widget_get_height (scroller) - 20)
    {
      gtk_adjustment_set_value (adj, gtk_adjustment_get_value (adj) + p.y - gtk_widget_get_height (scroller) / 2.0);
      pump (100);
    }
}

static inline void
click_at (GtkWidget *widget, double x, double y)
{
  g_autofree char *xid = window_xid (widget);
  g_autofree char *sx = NULL;
  g_autofree char *sy = NULL;

  scroll_to (widget, y);
  window_point (widget, x, y, &sx, &sy);
  xdotool ("mousemove", "--window", xid, sx, sy, "click", "1", NULL);
  pump (80);
}

/* Clicks the middle of @widget, once it can be clicked: a person waits for
 * a button to become sensitive too (a busy machine may take a moment) */
static inline void
click (GtkWidget *widget)
{
  for (int i = 0; i < 100 && !gtk_widget_is_sensitive (widget); i++)
    pump (50);
  g_assert_true (gtk_widget_is_sensitive (widget));
  click_at (widget, gtk_widget_get_width (widget) / 2.0, gtk_widget_get_height (widget) / 2.0);
}

static inline gboolean
label_shown_under (gpointer data)
{
  gpointer *args = data;

  return find_label_widget (args[0], args[1]) != NULL;
}

/* In the menu @menu (a popover), a click on the submenu @submenu, then the
 * item @item of it once it slid in */
static inline GtkWidget *
submenu_item (GtkWidget  *menu,
              const char *submenu,
              const char *item)
{
  gpointer args[] = { menu, (gpointer) item };
  GtkWidget *entry = find_label_widget (menu, submenu);

  g_assert_nonnull (entry);
  click (entry);
  wait_for (label_shown_under, args, item);
  pump (400);  /* (it slides in) */
  return find_label_widget (menu, item);
}

/* Turns the mouse wheel @steps notches with the pointer at (@x, @y) of
 * @widget, where it is now (not scrolled into view first): down for
 * @steps > 0, up for < 0. X sends each notch as a press and release of
 * button 5 (4 up), which GDK reads as a scroll event. */
static inline void
wheel_at (GtkWidget *widget, double x, double y, int steps)
{
  g_autofree char *xid = window_xid (widget);
  g_autofree char *sx = NULL;
  g_autofree char *sy = NULL;

  window_point (widget, x, y, &sx, &sy);
  xdotool ("mousemove", "--window", xid, sx, sy, NULL);
  pump (80);
  for (int i = 0; i < ABS (steps); i++)
    {
      xdotool ("click", steps > 0 ? "5" : "4", NULL);
      pump (60);
    }
}

/* One xdotool kept running, reading its commands from a pipe: a test that
 * sends thousands of inputs does not start a process for each (about
 * 50 ms on a loaded machine). Each line is sent as it is written; what it
 * did is seen in the state it leaves, as for xdotool(). */
typedef struct
{
  GSubprocess   *process;
  GOutputStream *commands;
} XdotoolStream;

static inline XdotoolStream *
xdotool_stream_new (void)
{
  XdotoolStream *stream = g_new0 (XdotoolStream, 1);
  g_autoptr(GError) error = NULL;

  stream->process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE, &error, "xdotool", "-", NULL);
  g_assert_no_error (error);
  stream->commands = g_subprocess_get_stdin_pipe (stream->process);
  return stream;
}

/* Sends one line of commands, e.g. "key --delay 0 ctrl+a 3 x 3 Return" */
static inline void
xdotool_stream_send (XdotoolStream *stream, const char *format, ...) G_GNUC_PRINTF (2, 3);

static inline void
xdotool_stream_send (XdotoolStream *stream, const char *format, ...)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  va_list args;

  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);
  g_assert_true (g_output_stream_write_all (stream->commands, line, strlen (line), NULL, NULL, &error) &&
                 g_output_stream_write_all (stream->commands, "\n", 1, NULL, NULL, &error) &&
                 g_output_stream_flush (stream->commands, NULL, &error));
  g_assert_no_error (error);
}

static inline void
xdotool_stream_free (XdotoolStream *stream)
{
  g_autoptr(GError) error = NULL;

  g_output_stream_close (stream->commands, NULL, NULL);
  g_assert_true (g_subprocess_wait_check (stream->process, NULL, &error));
  g_assert_no_error (error);
  g_object_unref (stream->process);
  g_free (stream);
}

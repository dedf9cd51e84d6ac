/* arc-wheel.c: a value control that the mouse wheel changes only once it
 * has the focus, and otherwise scrolls the page under it
 *
 * GTK's spin buttons (and scales) take every wheel event over them: the
 * wheel that scrolls a pane stops scrolling it when a spin button passes
 * under the pointer, and changes the spin button's value instead, which the
 * user never meant to set. As GNOME's applications have it, the wheel
 * changes a value only in a control the user clicked or moved the focus
 * to. Here the control's own scroll controllers (GtkSpinButton and
 * GtkRange add one to themselves) are switched off while the focus is
 * elsewhere (their propagation phase is none): the wheel's events then go
 * on up to the scrolled window, which scrolls as it does anywhere else,
 * with its own steps and a touchpad's kinetic scrolling. With the focus
 * in the control (its text, its buttons), they are on again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-wheel"

#include "config.h"

#include "arc-wheel.h"

static gboolean
phase_for_focus (GBinding     *binding,
                 const GValue *contains_focus,
                 GValue       *phase,
                 gpointer      user_data)
{
  g_value_set_enum (phase, g_value_get_boolean (contains_focus) ? GPOINTER_TO_INT (user_data) : GTK_PHASE_NONE);
  return TRUE;
}

/**
 * arc_wheel_only_when_focused:
 * @control: a widget that the wheel changes (a #GtkSpinButton, a #GtkScale)
 *
 * From now on the wheel over @control changes it only while the focus is
 * in it; otherwise the wheel scrolls what @control is in.
 */
void
arc_wheel_only_when_focused (GtkWidget *control)
{
  g_autoptr(GListModel) controllers = NULL;
  g_autoptr(GPtrArray) scrolls = g_ptr_array_new_with_free_func (g_object_unref);
  GtkEventController *focus;

  g_return_if_fail (GTK_IS_WIDGET (control));

  controllers = gtk_widget_observe_controllers (control);
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      GtkEventController *controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_SCROLL (controller))
        g_ptr_array_add (scrolls, controller);
      else
        g_object_unref (controller);
    }
  g_return_if_fail (scrolls->len > 0);

  focus = gtk_event_controller_focus_new ();
  gtk_event_controller_set_name (focus, "arc-wheel-focus");
  gtk_widget_add_controller (control, focus);
  for (guint i = 0; i < scrolls->len; i++)
    {
      GtkEventController *scroll = scrolls->pdata[i];
      GtkPropagationPhase phase = gtk_event_controller_get_propagation_phase (scroll);

      g_object_bind_property_full (focus, "contains-focus", scroll, "propagation-phase", G_BINDING_SYNC_CREATE,
                                   phase_for_focus, NULL, GINT_TO_POINTER (phase), NULL);
    }
}

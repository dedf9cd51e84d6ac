/* arc-notes-json.c: the members of the notes file's objects, read leniently
 * and written with the members unknown to this version kept
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-notes"

#include "config.h"

#include "arc-error.h"
#include "arc-notes-json-private.h"
#include "arc-time.h"

/* Reading */

gboolean
arc_notes_fail (GError    **error,
                const char *where,
                const char *message)
{
  g_set_error (error, ARC_ERROR, ARC_ERROR_INVALID, "%s: %s", where, message);
  return FALSE;
}

/* Members not in @known, copied */
JsonObject *
arc_notes_extra_members (JsonObject         *object,
                         const char * const *known)
{
  JsonObject *extra = NULL;
  g_autoptr(GList) members = json_object_get_members (object);

  for (GList *l = members; l; l = l->next)
    {
      if (g_strv_contains (known, l->data))
        continue;
      if (extra == NULL)
        extra = json_object_new ();
      json_object_set_member (extra, l->data, json_node_copy (json_object_get_member (object, l->data)));
    }
  return extra;
}

const char *
arc_notes_get_string (JsonObject *o,
                      const char *name)
{
  JsonNode *n = json_object_get_member (o, name);

  if (n && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING)
    return json_node_get_string (n);
  return NULL;
}

JsonObject *
arc_notes_get_object (JsonObject *o,
                      const char *name)
{
  JsonNode *n = json_object_get_member (o, name);

  return n && JSON_NODE_HOLDS_OBJECT (n) ? json_node_get_object (n) : NULL;
}

gboolean
arc_notes_get_int (JsonObject *o,
                   const char *name,
                   gint64     *value)
{
  JsonNode *n = json_object_get_member (o, name);

  if (n && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_INT64)
    {
      *value = json_node_get_int (n);
      return TRUE;
    }
  return FALSE;
}

/* Writing */

/* Ends the object being built, after the members kept unknown from
 * reading it (@extra), so that notes written by newer versions keep them */
void
arc_notes_end_object (JsonBuilder *b,
                      JsonObject  *extra)
{
  g_autoptr(GList) members = extra ? json_object_get_members (extra) : NULL;

  for (GList *l = members; l; l = l->next)
    {
      json_builder_set_member_name (b, l->data);
      json_builder_add_value (b, json_node_copy (json_object_get_member (extra, l->data)));
    }
  json_builder_end_object (b);
}

/* The time @usec as the member @name, unless it is 0 (not known) */
void
arc_notes_add_time (JsonBuilder *b,
                    const char  *name,
                    gint64       usec)
{
  g_autofree char *text = NULL;

  if (usec == 0)
    return;
  text = arc_format_time (usec);
  json_builder_set_member_name (b, name);
  json_builder_add_string_value (b, text);
}

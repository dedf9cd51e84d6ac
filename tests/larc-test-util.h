/* larc-test-util.h: comparing LARC's JSON files, for test-larc.c and
 * test-cli.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>
#include <string.h>

/* A canonical text of LARC's JSON: members sorted, numbers (also those
 * written as strings) with three decimals */
static inline void
canon (JsonNode *n,
       GString  *out)
{
  if (JSON_NODE_HOLDS_OBJECT (n))
    {
      g_autoptr(GList) names = g_list_sort (json_object_get_members (json_node_get_object (n)), (GCompareFunc) strcmp);

      g_string_append_c (out, '{');
      for (GList *l = names; l; l = l->next)
        {
          g_string_append_printf (out, "\"%s\":", (char *) l->data);
          canon (json_object_get_member (json_node_get_object (n), l->data), out);
          g_string_append_c (out, ',');
        }
      g_string_append_c (out, '}');
    }
  else if (JSON_NODE_HOLDS_ARRAY (n))
    {
      JsonArray *a = json_node_get_array (n);

      g_string_append_c (out, '[');
      for (guint i = 0; i < json_array_get_length (a); i++)
        {
          canon (json_array_get_element (a, i), out);
          g_string_append_c (out, ',');
        }
      g_string_append_c (out, ']');
    }
  else if (JSON_NODE_HOLDS_NULL (n))
    g_string_append (out, "null");
  else if (json_node_get_value_type (n) == G_TYPE_BOOLEAN)
    g_string_append (out, json_node_get_boolean (n) ? "true" : "false");
  else if (json_node_get_value_type (n) == G_TYPE_STRING)
    {
      const char *s = json_node_get_string (n);
      char *end = NULL;
      double d = g_ascii_strtod (s, &end);

      if (*s && end && *end == '\0')
        g_string_append_printf (out, "%.3f", d);
      else
        g_string_append_printf (out, "\"%s\"", s);
    }
  else
    g_string_append_printf (out, "%.3f", json_node_get_double (n));
}

static inline void
assert_same_json (JsonNode   *expected,
                  JsonNode   *actual,
                  const char *what)
{
  g_autoptr(GString) a = g_string_new (NULL);
  g_autoptr(GString) b = g_string_new (NULL);
  gsize i = 0;

  canon (expected, a);
  canon (actual, b);
  if (g_str_equal (a->str, b->str))
    return;
  while (i < a->len && i < b->len && a->str[i] == b->str[i])
    i++;
  g_error ("%s differs at %" G_GSIZE_FORMAT ":\n  LARC:   …%.200s\n  export: …%.200s", what, i,
           a->str + (i > 80 ? i - 80 : 0), b->str + (i > 80 ? i - 80 : 0));
}


/* The descriptions and test pairs of LARC's file @expected_path are those
 * of @actual_path */
static inline void
assert_same_larc_file (const char *expected_path,
                       const char *actual_path)
{
  g_autofree char *a = NULL, *b = NULL;
  g_autoptr(JsonNode) na = NULL;
  g_autoptr(JsonNode) nb = NULL;
  const char *members[] = { "descriptions", "test", "train", "name" };

  g_assert_true (g_file_get_contents (expected_path, &a, NULL, NULL));
  g_assert_true (g_file_get_contents (actual_path, &b, NULL, NULL));
  na = json_from_string (a, NULL);
  nb = json_from_string (b, NULL);
  g_assert_nonnull (na);
  g_assert_nonnull (nb);
  for (gsize i = 0; i < G_N_ELEMENTS (members); i++)
    assert_same_json (json_object_get_member (json_node_get_object (na), members[i]),
                      json_object_get_member (json_node_get_object (nb), members[i]), actual_path);
}

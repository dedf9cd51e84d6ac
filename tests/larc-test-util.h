/* larc-test-util.h: comparing LARC's JSON files, for test-larc.c,
 * test-larc-exact.c and test-cli.c
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

/* A value's JSON type: an integer is not a double */
static inline const char *
json_type_name (JsonNode *n)
{
  if (JSON_NODE_HOLDS_OBJECT (n))
    return "object";
  if (JSON_NODE_HOLDS_ARRAY (n))
    return "list";
  if (JSON_NODE_HOLDS_NULL (n))
    return "null";
  switch (json_node_get_value_type (n))
    {
    case G_TYPE_INT64: return "integer";
    case G_TYPE_DOUBLE: return "double";
    case G_TYPE_BOOLEAN: return "boolean";
    case G_TYPE_STRING: return "string";
    default: return "?";
    }
}

/* Where @actual is not @expected (at @path), value by value: the same
 * members, lengths, JSON types (json_node_equal() takes 530 and 530.0 as
 * equal: not here) and values. Returns: (transfer full) (nullable): the
 * first difference, with its path; NULL when none */
static inline char *
json_difference (JsonNode   *expected,
                 JsonNode   *actual,
                 const char *path)
{
  const char *te = json_type_name (expected), *ta = json_type_name (actual);

  if (!g_str_equal (te, ta))
    {
      g_autofree char *e = json_to_string (expected, FALSE), *a = json_to_string (actual, FALSE);

      return g_strdup_printf ("%s: %.40s (%s) became %.40s (%s)", path, e, te, a, ta);
    }
  if (JSON_NODE_HOLDS_OBJECT (expected))
    {
      JsonObject *eo = json_node_get_object (expected), *ao = json_node_get_object (actual);
      g_autoptr(GList) names = json_object_get_members (eo);
      g_autoptr(GList) others = json_object_get_members (ao);

      for (GList *l = others; l; l = l->next)
        if (!json_object_has_member (eo, l->data))
          return g_strdup_printf ("%s.%s: not in LARC's", path, (char *) l->data);
      for (GList *l = names; l; l = l->next)
        {
          g_autofree char *at = g_strdup_printf ("%s.%s", path, (char *) l->data);
          char *difference;

          if (!json_object_has_member (ao, l->data))
            return g_strdup_printf ("%s: missing", at);
          difference = json_difference (json_object_get_member (eo, l->data), json_object_get_member (ao, l->data), at);
          if (difference)
            return difference;
        }
      return NULL;
    }
  if (JSON_NODE_HOLDS_ARRAY (expected))
    {
      JsonArray *ea = json_node_get_array (expected), *aa = json_node_get_array (actual);

      if (json_array_get_length (ea) != json_array_get_length (aa))
        return g_strdup_printf ("%s: %u values became %u", path, json_array_get_length (ea), json_array_get_length (aa));
      for (guint i = 0; i < json_array_get_length (ea); i++)
        {
          g_autofree char *at = g_strdup_printf ("%s[%u]", path, i);
          char *difference = json_difference (json_array_get_element (ea, i), json_array_get_element (aa, i), at);

          if (difference)
            return difference;
        }
      return NULL;
    }
  if (!json_node_equal (expected, actual))
    {
      g_autofree char *e = json_to_string (expected, FALSE), *a = json_to_string (actual, FALSE);

      return g_strdup_printf ("%s: %.40s became %.40s", path, e, a);
    }
  return NULL;
}

/* Where LARC's file @expected is not @actual (its descriptions, pairs
 * and name), exactly. Returns: (transfer full) (nullable): NULL when none */
static inline char *
larc_file_difference (JsonNode *expected,
                      JsonNode *actual)
{
  const char *members[] = { "descriptions", "test", "train", "name" };

  for (gsize i = 0; i < G_N_ELEMENTS (members); i++)
    {
      JsonNode *e = json_object_get_member (json_node_get_object (expected), members[i]);
      JsonNode *a = json_object_get_member (json_node_get_object (actual), members[i]);
      char *difference;

      if (a == NULL)
        return g_strdup_printf ("%s: missing", members[i]);
      difference = json_difference (e, a, members[i]);
      if (difference)
        return difference;
    }
  return NULL;
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

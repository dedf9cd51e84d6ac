/* arc-collection-order.c: the order of a collection's list and the names in
 * it: hexadecimal ids as strings, other names naturally, groups folder by
 * folder, the tasks of a JSON Lines file in line order
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-collection"

#include "config.h"

#include <string.h>

#include "arc-collection-private.h"

/**
 * arc_natural_compare:
 * Compares strings so that runs of digits compare by their value:
 * `task_2` comes before `task_10`, while runs with leading zeros compare
 * digit by digit, so that hexadecimal ids such as `00576224` and `007bbfb7`
 * keep their usual order. Case is ignored unless it is the only difference.
 * Deterministic in every locale.
 */
int
arc_natural_compare (const char *a,
                     const char *b)
{
  g_autofree char *la = g_ascii_strdown (a, -1);
  g_autofree char *lb = g_ascii_strdown (b, -1);
  int cmp = strverscmp (la, lb);

  if (cmp != 0)
    return cmp < 0 ? -1 : 1;
  cmp = strcmp (a, b);
  return cmp < 0 ? -1 : cmp > 0 ? 1 : 0;
}

/**
 * arc_natural_compare_strings:
 * arc_natural_compare() for g_ptr_array_sort() of an array of strings
 */
int
arc_natural_compare_strings (gconstpointer a,
                             gconstpointer b)
{
  return arc_natural_compare (*(const char **) a, *(const char **) b);
}

/* Groups compare folder by folder, so that "a/b" comes right after "a" and
 * before "a-c": the order in which a folder scan finds them. */
static int
group_compare (const char *a,
               const char *b)
{
  while (*a && *b)
    {
      const char *ea = strchr (a, '/'), *eb = strchr (b, '/');
      g_autofree char *ca = ea ? g_strndup (a, (gsize) (ea - a)) : g_strdup (a);
      g_autofree char *cb = eb ? g_strndup (b, (gsize) (eb - b)) : g_strdup (b);
      int cmp = arc_natural_compare (ca, cb);

      if (cmp != 0)
        return cmp;
      if (!ea || !eb)
        return ea ? 1 : eb ? -1 : 0;
      a = ea + 1;
      b = eb + 1;
    }
  return *a ? 1 : *b ? -1 : 0;
}

/**
 * arc_ids_are_hex:
 * Whether @ids are ARC-style ids: hexadecimal digits, all of one length
 * (`007bbfb7`, `11e1fe23`). Such ids sort as the strings they are, as in
 * every ARC listing (`11e1fe23` before `9f27f097`); other names sort
 * naturally (`task_2` before `task_10`). The rule is decided for a whole
 * folder or Kaggle file, so that one folder never mixes the two orders.
 */
gboolean
arc_ids_are_hex (const char * const *ids,
                 guint               n_ids)
{
  gsize length = 0;

  for (guint i = 0; i < n_ids; i++)
    {
      const char *id = ids[i];
      gsize n = strlen (id);

      if (n == 0 || (i > 0 && n != length))
        return FALSE;
      length = n;
      for (const char *c = id; *c; c++)
        if (!g_ascii_isxdigit (*c))
          return FALSE;
    }
  return n_ids > 0;
}

/* Orders entries by group, then by id: as strings in groups of hexadecimal
 * ids, naturally in the others; the tasks of a JSON Lines file stay in the
 * order of its lines */
int
arc_compare_entries (gconstpointer pa,
                     gconstpointer pb,
                     gpointer      hex_groups)
{
  ArcEntry *a = *(ArcEntry **) pa;
  ArcEntry *b = *(ArcEntry **) pb;
  const char *group = arc_entry_get_group (a);
  int cmp = group_compare (group, arc_entry_get_group (b));

  if (cmp != 0)
    return cmp;
  if (arc_entry_get_line (a) > 0 && arc_entry_get_line (b) > 0)
    return arc_entry_get_line (a) < arc_entry_get_line (b) ? -1 : arc_entry_get_line (a) > arc_entry_get_line (b);
  if (g_hash_table_contains (hex_groups, group))
    {
      cmp = g_ascii_strcasecmp (arc_entry_get_id (a), arc_entry_get_id (b));
      if (cmp == 0)
        cmp = strcmp (arc_entry_get_id (a), arc_entry_get_id (b));
      return cmp < 0 ? -1 : cmp > 0 ? 1 : 0;
    }
  return arc_natural_compare (arc_entry_get_id (a), arc_entry_get_id (b));
}

/* Adds @groups to the groups found to hold hexadecimal ids only */
void
arc_hex_groups_add (GHashTable *hex_groups,
                    GPtrArray  *groups)
{
  for (guint i = 0; groups && i < groups->len; i++)
    g_hash_table_add (hex_groups, g_strdup (groups->pdata[i]));
}

/* Sorts @entries if they are not in order; returns whether it did */
gboolean
arc_entries_sort (GPtrArray  *entries,
                  GHashTable *hex_groups)
{
  gboolean sorted = TRUE;

  for (guint i = 1; i < entries->len && sorted; i++)
    sorted = arc_compare_entries (&entries->pdata[i - 1], &entries->pdata[i], hex_groups) <= 0;
  if (!sorted)
    g_ptr_array_sort_with_data (entries, arc_compare_entries, hex_groups);
  return !sorted;
}

/* How to name @rel in messages: under @display_root, the collection's name */
char *
arc_display_name (const char *display_root,
                  const char *rel)
{
  if (rel == NULL || *rel == '\0')
    return g_strdup (display_root);
  if (g_str_has_suffix (display_root, "/"))
    return g_strconcat (display_root, rel, NULL);
  return g_strconcat (display_root, "/", rel, NULL);
}

char *
arc_join_rel (const char *dir,
              const char *name)
{
  if (dir == NULL || *dir == '\0')
    return g_strdup (name);
  return g_strconcat (dir, "/", name, NULL);
}

gboolean
arc_has_suffix_ci (const char *name,
                   const char *suffix)
{
  gsize n = strlen (name), s = strlen (suffix);

  return n >= s && g_ascii_strcasecmp (name + n - s, suffix) == 0;
}

char *
arc_strip_suffix (const char *name,
                  const char *suffix)
{
  return g_strndup (name, strlen (name) - strlen (suffix));
}

/* The split of a Kaggle file: "arc-agi_training_challenges.json" -> "training". */
char *
arc_kaggle_split (const char *basename)
{
  g_autofree char *stem = arc_strip_suffix (basename, "_challenges.json");
  const char *underscore = strrchr (stem, '_');

  return g_strdup (underscore && underscore[1] ? underscore + 1 : stem);
}

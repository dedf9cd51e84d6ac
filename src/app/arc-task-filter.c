/* arc-task-filter.c: which tasks the sidebar shows: search, group, status
 *
 * The search matches a task's id, its group, and what anyone wrote about
 * it: each of its words somewhere (a phrase "in quotes" as one word), in
 * any order; "tag:NAME" matches tasks tagged NAME, "tag:A B" tagged both. A task not checked yet is
 * shown by the validity filter once the check gets to it. The other
 * statuses are what the notes say (ArcCollectionStatus's flags), and,
 * while a submission is reviewed, whether it answered right.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-task-filter"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "arc-task-filter.h"
#include "arc-task-row.h"

struct _ArcTaskFilter
{
  GtkFilter        parent_instance;

  ArcNotesStore   *notes_store;  /* (nullable): for searching the notes */
  ArcCollectionStatus *status;   /* (nullable): what the notes say of each task */
  GHashTable      *review;       /* (nullable): task id → ArcReviewMark */
  char           **words;        /* the search's words, case-folded; NULL: no search */
  gboolean         tag_only;     /* "tag:…": the words are tags */
  char            *search_text;  /* as typed */
  char            *group;        /* NULL: all groups */
  ArcEntry        *keep;         /* (nullable): the task shown, listed while its notes change */
  ArcStatusFilter  validity;
  GtkStringList   *groups;       /* "All groups", then the collection's */
  GtkStringList   *statuses;     /* the status menu */
};

/* The status menu's labels, and what an empty list says for each */
static const struct
{
  const char *label;
  const char *none;
} status_names[] = {
  [ARC_STATUS_FILTER_ALL] = { N_("All tasks"), N_("No tasks") },
  [ARC_STATUS_FILTER_VALID] = { N_("Valid"), N_("No valid tasks") },
  [ARC_STATUS_FILTER_INVALID] = { N_("Invalid"), N_("No invalid tasks") },
  [ARC_STATUS_FILTER_NOT_STARTED] = { N_("Not started"), N_("No unstarted tasks") },
  [ARC_STATUS_FILTER_IN_PROGRESS] = { N_("In progress"), N_("No tasks in progress") },
  [ARC_STATUS_FILTER_ATTEMPTED] = { N_("Attempted"), N_("No attempted tasks") },
  [ARC_STATUS_FILTER_SOLVED] = { N_("Solved"), N_("No solved tasks") },
  [ARC_STATUS_FILTER_FAILED] = { N_("Failed"), N_("No failed tasks") },
  [ARC_STATUS_FILTER_ANNOTATED] = { N_("Annotated"), N_("No annotated tasks") },
  [ARC_STATUS_FILTER_NOT_ANNOTATED] = { N_("Not annotated"), N_("No tasks without notes") },
  [ARC_STATUS_FILTER_OTHERS] = { N_("Described by others"), N_("No tasks described by others") },
  [ARC_STATUS_FILTER_RIGHT] = { N_("Right in the review"), N_("No tasks answered right") },
  [ARC_STATUS_FILTER_WRONG] = { N_("Wrong in the review"), N_("No tasks answered wrong") },
};

G_DEFINE_FINAL_TYPE (ArcTaskFilter, arc_task_filter, GTK_TYPE_FILTER)

static gboolean
contains_casefolded (const char *text,
                     const char *needle)
{
  g_autofree char *folded = g_utf8_casefold (text, -1);
  return strstr (folded, needle) != NULL;
}

static gboolean
word_matches (ArcTaskFilter *self,
              ArcEntry      *entry,
              const char    *word)
{
  if (!self->tag_only && (contains_casefolded (arc_entry_get_id (entry), word) ||
                          contains_casefolded (arc_entry_get_group (entry), word)))
    return TRUE;
  /* From the summary of the notes the check's workers made, unless they were read */
  return self->notes_store != NULL && arc_notes_store_search (self->notes_store, entry, word, self->tag_only);
}

/* Every word of the search, each anywhere */
static gboolean
search_matches (ArcTaskFilter *self,
                ArcEntry      *entry)
{
  for (guint i = 0; self->words[i]; i++)
    if (!word_matches (self, entry, self->words[i]))
      return FALSE;
  return TRUE;
}

/* The words of @folded: split at spaces, but a phrase in double quotes
 * is one; NULL when there are none */
static char **
split_words (const char *folded)
{
  GPtrArray *words = g_ptr_array_new ();

  while (*folded)
    {
      const char *end;

      while (*folded == ' ' || *folded == '\t')
        folded++;
      if (*folded == '"')
        {
          folded++;
          end = strchr (folded, '"');
          if (end == NULL)
            end = folded + strlen (folded);
        }
      else
        for (end = folded; *end && *end != ' ' && *end != '\t'; end++)
          ;
      if (end > folded)
        g_ptr_array_add (words, g_strndup (folded, (gsize) (end - folded)));
      folded = *end == '"' ? end + 1 : end;
    }
  if (words->len == 0)
    {
      g_ptr_array_unref (words);
      return NULL;
    }
  g_ptr_array_add (words, NULL);
  return (char **) g_ptr_array_free (words, FALSE);
}

static gboolean
status_matches (ArcTaskFilter *self,
                ArcEntry      *entry)
{
  ArcNotesFlags flags = 0;
  ArcReviewMark mark = ARC_REVIEW_NONE;

  if (self->validity == ARC_STATUS_FILTER_VALID)
    return arc_entry_get_status (entry) == ARC_ENTRY_VALID;
  if (self->validity == ARC_STATUS_FILTER_INVALID)
    return arc_entry_get_status (entry) == ARC_ENTRY_INVALID;
  if (self->validity == ARC_STATUS_FILTER_RIGHT || self->validity == ARC_STATUS_FILTER_WRONG)
    {
      if (self->review)
        mark = GPOINTER_TO_INT (g_hash_table_lookup (self->review, arc_entry_get_id (entry)));
      return mark == (self->validity == ARC_STATUS_FILTER_RIGHT ? ARC_REVIEW_RIGHT : ARC_REVIEW_WRONG);
    }
  if (self->status)
    flags = arc_collection_status_get_flags (self->status, entry);
  switch (self->validity)
    {
    case ARC_STATUS_FILTER_NOT_STARTED:
      return !(flags & (ARC_NOTES_FLAG_ATTEMPTED | ARC_NOTES_FLAG_IN_PROGRESS));
    case ARC_STATUS_FILTER_IN_PROGRESS:
      return flags & ARC_NOTES_FLAG_IN_PROGRESS;
    case ARC_STATUS_FILTER_ATTEMPTED:
      return flags & ARC_NOTES_FLAG_ATTEMPTED;
    case ARC_STATUS_FILTER_SOLVED:
      return flags & ARC_NOTES_FLAG_SOLVED;
    case ARC_STATUS_FILTER_FAILED:
      return flags & ARC_NOTES_FLAG_FAILED;
    case ARC_STATUS_FILTER_ANNOTATED:
      return flags & ARC_NOTES_FLAG_ANNOTATED;
    case ARC_STATUS_FILTER_NOT_ANNOTATED:
      return !(flags & ARC_NOTES_FLAG_ANNOTATED);
    case ARC_STATUS_FILTER_OTHERS:
      return flags & ARC_NOTES_FLAG_OTHERS_ANNOTATED;
    default:
      return TRUE;
    }
}

static gboolean
arc_task_filter_match (GtkFilter *filter,
                       gpointer   item)
{
  ArcTaskFilter *self = ARC_TASK_FILTER (filter);
  ArcEntry *entry = item;

  if (self->group && g_strcmp0 (arc_entry_get_group (entry), self->group) != 0)
    return FALSE;
  if (entry == self->keep)
    return TRUE;
  if (arc_task_filter_has_search (self) && !search_matches (self, entry))
    return FALSE;
  return self->validity == ARC_STATUS_FILTER_ALL || status_matches (self, entry);
}

static GtkFilterMatch
arc_task_filter_get_strictness (GtkFilter *filter)
{
  ArcTaskFilter *self = ARC_TASK_FILTER (filter);

  if (self->group == NULL && !arc_task_filter_has_search (self) && self->validity == ARC_STATUS_FILTER_ALL)
    return GTK_FILTER_MATCH_ALL;
  return GTK_FILTER_MATCH_SOME;
}

ArcTaskFilter *
arc_task_filter_new (void)
{
  return g_object_new (ARC_TYPE_TASK_FILTER, NULL);
}

/* The notes searched; the search is done again if there is one */
void
arc_task_filter_set_notes_store (ArcTaskFilter *self,
                                 ArcNotesStore *store)
{
  g_return_if_fail (ARC_IS_TASK_FILTER (self));

  if (g_set_object (&self->notes_store, store) && arc_task_filter_has_search (self))
    gtk_filter_changed (GTK_FILTER (self), GTK_FILTER_CHANGE_DIFFERENT);
}

/* The notes' flags, for the statuses that the notes say */
void
arc_task_filter_set_status (ArcTaskFilter       *self,
                            ArcCollectionStatus *status)
{
  g_return_if_fail (ARC_IS_TASK_FILTER (self));

  if (g_set_object (&self->status, status) && self->validity >= ARC_STATUS_FILTER_NOT_STARTED)
    gtk_filter_changed (GTK_FILTER (self), GTK_FILTER_CHANGE_DIFFERENT);
}

/**
 * arc_task_filter_set_review:
 * @marks: (nullable): task id → ArcReviewMark, while a submission is reviewed
 * The status menu offers right and wrong while there is a review; when it
 * ends, a filter by them shows every task again.
 */
void
arc_task_filter_set_review (ArcTaskFilter *self,
                            GHashTable    *marks)
{
  guint n;

  g_return_if_fail (ARC_IS_TASK_FILTER (self));

  g_clear_pointer (&self->review, g_hash_table_unref);
  if (marks)
    self->review = g_hash_table_ref (marks);
  n = g_list_model_get_n_items (G_LIST_MODEL (self->statuses));
  if (marks && n == ARC_STATUS_FILTER_RIGHT)
    {
      gtk_string_list_append (self->statuses, _(status_names[ARC_STATUS_FILTER_RIGHT].label));
      gtk_string_list_append (self->statuses, _(status_names[ARC_STATUS_FILTER_WRONG].label));
    }
  else if (!marks && n > ARC_STATUS_FILTER_RIGHT)
    gtk_string_list_splice (self->statuses, ARC_STATUS_FILTER_RIGHT, n - ARC_STATUS_FILTER_RIGHT, NULL);
  if (self->validity >= ARC_STATUS_FILTER_RIGHT)
    gtk_filter_changed (GTK_FILTER (self), GTK_FILTER_CHANGE_DIFFERENT);
}

/**
 * arc_task_filter_notes_changed:
 * @shown: (nullable): the task shown, which stays listed until another is
 *   shown (arc_task_filter_shown()), so that solving a task listed as not
 *   started does not take it away
 * Notes were saved: what the search and the statuses find may have changed.
 */
void
arc_task_filter_notes_changed (ArcTaskFilter *self,
                               ArcEntry      *shown)
{
  g_return_if_fail (ARC_IS_TASK_FILTER (self));

  if (arc_task_filter_has_search (self) ||
      (self->validity >= ARC_STATUS_FILTER_NOT_STARTED && self->validity < ARC_STATUS_FILTER_RIGHT))
    {
      g_set_object (&self->keep, shown);
      gtk_filter_changed (GTK_FILTER (self), GTK_FILTER_CHANGE_DIFFERENT);
    }
}

/* Another task is shown: the one kept listed goes if it no longer matches */
void
arc_task_filter_shown (ArcTaskFilter *self,
                       ArcEntry      *shown)
{
  g_return_if_fail (ARC_IS_TASK_FILTER (self));

  if (self->keep == NULL || self->keep == shown)
    return;
  g_clear_object (&self->keep);
  gtk_filter_changed (GTK_FILTER (self), GTK_FILTER_CHANGE_DIFFERENT);
}

/**
 * arc_task_filter_get_statuses:
 * Returns: (transfer none): the status menu's labels, in ArcStatusFilter order
 */
GListModel *
arc_task_filter_get_statuses (ArcTaskFilter *self)
{
  g_return_val_if_fail (ARC_IS_TASK_FILTER (self), NULL);
  return G_LIST_MODEL (self->statuses);
}

/* Whether the status shown needs every task checked */
gboolean
arc_task_filter_needs_check (ArcTaskFilter *self)
{
  g_return_val_if_fail (ARC_IS_TASK_FILTER (self), FALSE);
  return self->validity == ARC_STATUS_FILTER_VALID || self->validity == ARC_STATUS_FILTER_INVALID;
}

/**
 * arc_task_filter_describe_empty:
 * Returns: (transfer full): what an empty list says: what matched nothing
 */
char *
arc_task_filter_describe_empty (ArcTaskFilter *self)
{
  gboolean search = arc_task_filter_has_search (self);
  const char *none = _(status_names[MIN (self->validity, ARC_STATUS_FILTER_N_FILTERS - 1)].none);

  if (search && self->validity != ARC_STATUS_FILTER_ALL)
    /* TRANSLATORS: "No failed tasks match “27a7”" */
    return g_strdup_printf (_("%s match “%s”"), none, self->search_text);
  if (search)
    return g_strdup_printf (_("No tasks match “%s”"), self->search_text);
  if (self->validity != ARC_STATUS_FILTER_ALL)
    return g_strdup (none);
  if (self->group)
    return g_strdup (_("No tasks in this group"));
  return g_strdup (_("No tasks"));
}

void
arc_task_filter_set_search (ArcTaskFilter *self,
                            const char    *text)
{
  g_return_if_fail (ARC_IS_TASK_FILTER (self));

  g_clear_object (&self->keep);
  g_clear_pointer (&self->words, g_strfreev);
  g_free (self->search_text);
  self->search_text = g_strstrip (g_strdup (text ? text : ""));
  {
    g_autofree char *folded = g_utf8_casefold (self->search_text, -1);

    self->tag_only = g_str_has_prefix (folded, "tag:");
    self->words = split_words (self->tag_only ? folded + 4 : folded);
  }
  gtk_filter_changed (GTK_FILTER (self), GTK_FILTER_CHANGE_DIFFERENT);
}

gboolean
arc_task_filter_has_search (ArcTaskFilter *self)
{
  g_return_val_if_fail (ARC_IS_TASK_FILTER (self), FALSE);
  return self->words != NULL;
}

/* @group: (nullable): the group shown, "" for the top folder; NULL: all */
void
arc_task_filter_set_group (ArcTaskFilter *self,
                           const char    *group)
{
  g_return_if_fail (ARC_IS_TASK_FILTER (self));

  g_free (self->group);
  self->group = g_strdup (group);
  gtk_filter_changed (GTK_FILTER (self), GTK_FILTER_CHANGE_DIFFERENT);
}

gboolean
arc_task_filter_has_group (ArcTaskFilter *self)
{
  g_return_val_if_fail (ARC_IS_TASK_FILTER (self), FALSE);
  return self->group != NULL;
}

void
arc_task_filter_set_validity (ArcTaskFilter   *self,
                              ArcStatusFilter  validity)
{
  g_return_if_fail (ARC_IS_TASK_FILTER (self));

  g_clear_object (&self->keep);
  self->validity = validity;
  gtk_filter_changed (GTK_FILTER (self), GTK_FILTER_CHANGE_DIFFERENT);
}

ArcStatusFilter
arc_task_filter_get_validity (ArcTaskFilter *self)
{
  g_return_val_if_fail (ARC_IS_TASK_FILTER (self), ARC_STATUS_FILTER_ALL);
  return self->validity;
}

/**
 * arc_task_filter_checked:
 * Tasks were checked: their statuses only became known, so that tasks can
 * only come in.
 */
void
arc_task_filter_checked (ArcTaskFilter *self)
{
  g_return_if_fail (ARC_IS_TASK_FILTER (self));

  if (arc_task_filter_needs_check (self))
    gtk_filter_changed (GTK_FILTER (self), GTK_FILTER_CHANGE_LESS_STRICT);
}

/* The group menu */

/**
 * arc_task_filter_get_groups:
 * Returns: (transfer none): the group menu's labels: "All groups", then
 * the collection's groups
 */
GListModel *
arc_task_filter_get_groups (ArcTaskFilter *self)
{
  g_return_val_if_fail (ARC_IS_TASK_FILTER (self), NULL);
  return G_LIST_MODEL (self->groups);
}

/**
 * arc_task_filter_update_groups:
 * The group menu follows @collection's groups; when they changed, every
 * group is shown again.
 *
 * Returns: whether they changed
 */
gboolean
arc_task_filter_update_groups (ArcTaskFilter *self,
                               ArcCollection *collection)
{
  g_auto(GStrv) groups = collection ? arc_collection_dup_groups (collection) : g_new0 (char *, 1);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) labels = NULL;
  guint n_old = g_list_model_get_n_items (G_LIST_MODEL (self->groups));
  gboolean same;

  g_strv_builder_add (builder, _("All groups"));
  for (guint i = 0; groups[i]; i++)
    g_strv_builder_add (builder, *groups[i] ? groups[i] : _("(top folder)"));
  labels = g_strv_builder_end (builder);
  same = n_old == g_strv_length (labels);
  for (guint i = 0; i < n_old && same; i++)
    same = g_str_equal (gtk_string_list_get_string (self->groups, i), labels[i]);
  if (same)
    return FALSE;
  gtk_string_list_splice (self->groups, 0, n_old, (const char * const *) labels);
  if (self->group)
    arc_task_filter_set_group (self, NULL);
  return TRUE;
}

/* Shows the group at @position of the menu (0: all) */
void
arc_task_filter_select_group (ArcTaskFilter *self,
                              guint          position)
{
  const char *label = NULL;

  g_return_if_fail (ARC_IS_TASK_FILTER (self));

  if (position != GTK_INVALID_LIST_POSITION && position > 0)
    {
      label = gtk_string_list_get_string (self->groups, position);
      if (g_str_equal (label, _("(top folder)")))
        label = "";
    }
  arc_task_filter_set_group (self, label);
}

/* Returns: the position of @group in the menu, 0 (all) if it is not there */
guint
arc_task_filter_find_group (ArcTaskFilter *self,
                            const char    *group)
{
  g_return_val_if_fail (ARC_IS_TASK_FILTER (self), 0);

  for (guint i = 1; i < g_list_model_get_n_items (G_LIST_MODEL (self->groups)); i++)
    if (g_strcmp0 (gtk_string_list_get_string (self->groups, i), group) == 0)
      return i;
  return 0;
}

/**
 * arc_task_filter_find:
 * Finds the task @id, or "group/id", in @shown (of ArcEntry).
 */
gboolean
arc_task_filter_find (GListModel *shown,
                      const char *id,
                      guint      *position)
{
  guint n = g_list_model_get_n_items (shown);

  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < n; i++)
      {
        g_autoptr(ArcEntry) entry = g_list_model_get_item (shown, i);
        const char *group = arc_entry_get_group (entry);
        g_autofree char *full = NULL;

        if (pass == 1)
          full = *group ? g_strconcat (group, "/", arc_entry_get_id (entry), NULL) : g_strdup (arc_entry_get_id (entry));
        if (g_str_equal (pass == 0 ? arc_entry_get_id (entry) : full, id))
          {
            *position = i;
            return TRUE;
          }
      }
  return FALSE;
}

static void
arc_task_filter_dispose (GObject *object)
{
  g_clear_object (&ARC_TASK_FILTER (object)->notes_store);
  g_clear_object (&ARC_TASK_FILTER (object)->status);
  g_clear_object (&ARC_TASK_FILTER (object)->keep);
  g_clear_pointer (&ARC_TASK_FILTER (object)->review, g_hash_table_unref);
  g_clear_object (&ARC_TASK_FILTER (object)->groups);
  g_clear_object (&ARC_TASK_FILTER (object)->statuses);

  G_OBJECT_CLASS (arc_task_filter_parent_class)->dispose (object);
}

static void
arc_task_filter_finalize (GObject *object)
{
  ArcTaskFilter *self = ARC_TASK_FILTER (object);

  g_strfreev (self->words);
  g_free (self->search_text);
  g_free (self->group);

  G_OBJECT_CLASS (arc_task_filter_parent_class)->finalize (object);
}

static void
arc_task_filter_class_init (ArcTaskFilterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkFilterClass *filter_class = GTK_FILTER_CLASS (klass);

  object_class->dispose = arc_task_filter_dispose;
  object_class->finalize = arc_task_filter_finalize;
  filter_class->match = arc_task_filter_match;
  filter_class->get_strictness = arc_task_filter_get_strictness;
}

static void
arc_task_filter_init (ArcTaskFilter *self)
{
  const char *all[] = { _("All groups"), NULL };

  self->groups = gtk_string_list_new (all);
  self->statuses = gtk_string_list_new (NULL);
  for (guint i = 0; i < ARC_STATUS_FILTER_RIGHT; i++)
    gtk_string_list_append (self->statuses, _(status_names[i].label));
}

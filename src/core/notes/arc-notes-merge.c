/* arc-notes-merge.c: notes merged with what another program (another
 * window, a git pull, an import) wrote to their file since this program
 * read it: three ways, from what this program last read or wrote (the
 * base), what it holds now (ours) and what the file holds (theirs)
 *
 * Each annotator's record on each task is merged field by field. A field
 * changed on one side only takes that side's value; a text changed on both
 * sides in different places takes both changes; where the changes overlap,
 * both versions of the lines they touch are kept, ours first, a line
 * between them, and the user is told. A number or choice changed on both sides keeps ours, and
 * the user is told too. Tags, attempts (by their time, test input and grid)
 * and builds (by their id) are merged as sets: what one side added is kept,
 * what one side removed goes. When both sides added attempts, those counted
 * beyond a test input's trials, in time order, become practice: two windows
 * share one set of trials. Records, tasks and members this program did not
 * change are theirs: a text deleted here and untouched there stays deleted.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-notes"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arc-annotation-private.h"
#include "arc-notes-private.h"

typedef struct
{
  gboolean   changed;    /* ours took something of theirs */
  GPtrArray *conflicts;  /* static strings: the fields changed on both sides */
} Merge;

static void
conflict (Merge      *m,
          const char *field)
{
  if (!g_ptr_array_find_with_equal_func (m->conflicts, field, g_str_equal, NULL))
    g_ptr_array_add (m->conflicts, (gpointer) field);
}

/* Texts */

static gboolean
is_continuation (char c)
{
  return ((guchar) c & 0xc0) == 0x80;
}

/* What @side made of @base: its bytes [from, to) became @text, at
 * character boundaries */
typedef struct
{
  gsize       from;
  gsize       to;
  const char *text;
  gsize       length;
} Hunk;

static Hunk
hunk_of (const char *base,
         gsize       lb,
         const char *side,
         gsize       ls)
{
  gsize p = 0, s = 0;
  Hunk h;

  while (p < lb && p < ls && base[p] == side[p])
    p++;
  while (p > 0 && ((p < lb && is_continuation (base[p])) || (p < ls && is_continuation (side[p]))))
    p--;
  while (s < lb - p && s < ls - p && base[lb - 1 - s] == side[ls - 1 - s])
    s++;
  while (s > 0 && is_continuation (base[lb - s]))
    s--;
  h.from = p;
  h.to = lb - s;
  h.text = side + p;
  h.length = ls - s - p;
  return h;
}

/* @base's bytes [from, to) as @h made them */
static void
append_part (GString    *out,
             const char *base,
             gsize       from,
             gsize       to,
             const Hunk *h)
{
  g_string_append_len (out, base + from, (gssize) (h->from - from));
  g_string_append_len (out, h->text, (gssize) h->length);
  g_string_append_len (out, base + h->to, (gssize) (to - h->to));
}

/* *@ours becomes @base with both sides' changes: apart, both are made;
 * where they overlap, both versions of that part are kept, ours first,
 * then @separator on a line of its own */
static void
merge_text (char       **ours,
            const char  *base,
            const char  *theirs,
            const char  *field,
            const char  *separator,
            Merge       *m)
{
  const char *o = *ours ? *ours : "", *b = base ? base : "", *t = theirs ? theirs : "";
  gsize lb = strlen (b);
  Hunk ho, ht;
  GString *out;

  if (g_str_equal (o, t) || g_str_equal (t, b))
    return;
  m->changed = TRUE;
  if (g_str_equal (o, b))
    {
      g_free (*ours);
      *ours = g_strdup (t);
      return;
    }
  ho = hunk_of (b, lb, o, strlen (o));
  ht = hunk_of (b, lb, t, strlen (t));
  out = g_string_new (NULL);
  if ((ho.to <= ht.from || ht.to <= ho.from) &&
      !(ho.from == ho.to && ht.from == ht.to && ho.from == ht.from))  /* not both typed at one place */
    {
      const Hunk *first = ho.to <= ht.from ? &ho : &ht;
      const Hunk *second = first == &ho ? &ht : &ho;

      append_part (out, b, 0, second->from, first);
      append_part (out, b, second->from, lb, second);
    }
  else
    {
      gsize from = MIN (ho.from, ht.from), to = MAX (ho.to, ht.to);

      /* Whole lines of both, to read */
      while (from > 0 && b[from - 1] != '\n')
        from--;
      if (to < lb && !(to > from && b[to - 1] == '\n'))
        {
          const char *end = strchr (b + to, '\n');

          to = end ? (gsize) (end - b) + 1 : lb;
        }
      g_string_append_len (out, b, (gssize) from);
      append_part (out, b, from, to, &ho);
      if (out->len > 0 && out->str[out->len - 1] != '\n')
        g_string_append_c (out, '\n');
      g_string_append (out, separator);
      g_string_append_c (out, '\n');
      append_part (out, b, from, to, &ht);
      g_string_append (out, b + to);
      conflict (m, field);
    }
  g_free (*ours);
  *ours = g_string_free (out, FALSE);
}

/* Numbers and choices: both changed keeps ours */
static void
merge_int (int        *ours,
           int         base,
           int         theirs,
           const char *field,
           Merge      *m)
{
  if (*ours == theirs || theirs == base)
    return;
  if (*ours == base)
    {
      *ours = theirs;
      m->changed = TRUE;
    }
  else
    conflict (m, field);
}

static void
merge_choice (char      **ours,
              const char *base,
              const char *theirs,
              const char *field,
              Merge      *m)
{
  if (g_strcmp0 (*ours, theirs) == 0 || g_strcmp0 (theirs, base) == 0)
    return;
  if (g_strcmp0 (*ours, base) == 0)
    {
      g_free (*ours);
      *ours = g_strdup (theirs);
      m->changed = TRUE;
    }
  else
    conflict (m, field);
}

/* Sets */

static gboolean
has_tag (GPtrArray  *tags,
         const char *tag)
{
  return g_ptr_array_find_with_equal_func (tags, tag, g_str_equal, NULL);
}

static void
merge_tags (GPtrArray *ours,
            GPtrArray *base,
            GPtrArray *theirs,
            Merge     *m)
{
  g_autoptr(GPtrArray) out = g_ptr_array_new ();

  for (guint i = 0; i < ours->len; i++)
    if (has_tag (theirs, ours->pdata[i]) || !has_tag (base, ours->pdata[i]))
      g_ptr_array_add (out, ours->pdata[i]);
  for (guint i = 0; i < theirs->len; i++)
    if (!has_tag (ours, theirs->pdata[i]) && !has_tag (base, theirs->pdata[i]))
      g_ptr_array_add (out, theirs->pdata[i]);
  if (out->len == ours->len)
    {
      gboolean same = TRUE;

      for (guint i = 0; i < out->len && same; i++)
        same = out->pdata[i] == ours->pdata[i];
      if (same)
        return;
    }
  m->changed = TRUE;
  for (guint i = 0; i < out->len; i++)
    out->pdata[i] = g_strdup (out->pdata[i]);
  g_ptr_array_set_size (ours, 0);
  for (guint i = 0; i < out->len; i++)
    g_ptr_array_add (ours, out->pdata[i]);
}

/* An attempt is its time (to the millisecond, as the file has it), test
 * input, verdict, grid and the length of its trajectory */
static gboolean
same_attempt (const ArcAttempt *a,
              const ArcAttempt *b)
{
  return a->time / 1000 == b->time / 1000 && a->test == b->test && a->verdict == b->verdict &&
         (a->actions ? a->actions->len : 0) == (b->actions ? b->actions->len : 0) && arc_grid_equal (a->grid, b->grid);
}

static ArcAttempt *
find_attempt (GPtrArray        *attempts,
              const ArcAttempt *attempt)
{
  for (guint i = 0; i < attempts->len; i++)
    if (attempts->pdata[i] && same_attempt (attempts->pdata[i], attempt))
      return attempts->pdata[i];
  return NULL;
}

static int
by_time (gconstpointer a,
         gconstpointer b)
{
  const ArcAttempt *x = *(ArcAttempt * const *) a, *y = *(ArcAttempt * const *) b;

  return x->time < y->time ? -1 : x->time > y->time;
}

/* @theirs is emptied of what is taken */
static void
merge_attempts (GPtrArray *ours,
                GPtrArray *base,
                GPtrArray *theirs,
                Merge     *m)
{
  gboolean ours_new = FALSE, theirs_new = FALSE;

  for (guint i = 0; i < ours->len;)
    {
      ArcAttempt *at = ours->pdata[i];
      ArcAttempt *there = find_attempt (theirs, at);

      if (there)
        {
          /* Made practice there (its trials were over): practice */
          if (at->counts && !there->counts)
            {
              at->counts = FALSE;
              m->changed = TRUE;
            }
          i++;
        }
      else if (find_attempt (base, at))
        {
          g_ptr_array_remove_index (ours, i);  /* removed there */
          m->changed = TRUE;
        }
      else
        {
          ours_new = TRUE;
          i++;
        }
    }
  for (guint i = 0; i < theirs->len; i++)
    if (!find_attempt (ours, theirs->pdata[i]) && !find_attempt (base, theirs->pdata[i]))
      {
        g_ptr_array_add (ours, g_steal_pointer (&theirs->pdata[i]));
        theirs_new = TRUE;
      }
  if (!theirs_new)
    return;
  m->changed = TRUE;
  g_ptr_array_sort (ours, by_time);  /* (stable) */
  if (ours_new)
    arc_attempts_settle_trials (ours);
}

static ArcBuild *
find_build (GPtrArray      *builds,
            const ArcBuild *build)
{
  for (guint i = 0; i < builds->len; i++)
    if (builds->pdata[i] && g_strcmp0 (((ArcBuild *) builds->pdata[i])->id, build->id) == 0)
      return builds->pdata[i];
  return NULL;
}

static void
merge_builds (GPtrArray *ours,
              GPtrArray *base,
              GPtrArray *theirs,
              Merge     *m)
{
  for (guint i = 0; i < ours->len;)
    {
      if (!find_build (theirs, ours->pdata[i]) && find_build (base, ours->pdata[i]))
        {
          g_ptr_array_remove_index (ours, i);
          m->changed = TRUE;
        }
      else
        i++;
    }
  for (guint i = 0; i < theirs->len; i++)
    if (!find_build (ours, theirs->pdata[i]) && !find_build (base, theirs->pdata[i]))
      {
        g_ptr_array_add (ours, g_steal_pointer (&theirs->pdata[i]));
        m->changed = TRUE;
      }
}

/* Unknown members, one by one */

static gboolean
node_equal0 (JsonNode *a,
             JsonNode *b)
{
  return a == b || (a && b && json_node_equal (a, b));
}

static JsonNode *
member_of (JsonObject *o,
           const char *name)
{
  return o ? json_object_get_member (o, name) : NULL;
}

static void
add_names (GHashTable *names,
           JsonObject *o)
{
  g_autoptr(GList) members = o ? json_object_get_members (o) : NULL;

  for (GList *l = members; l; l = l->next)
    g_hash_table_add (names, l->data);
}

static void
merge_extra (JsonObject **ours,
             JsonObject  *base,
             JsonObject  *theirs,
             Merge       *m)
{
  g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(JsonObject) out = json_object_new ();
  g_autoptr(GList) list = NULL;
  gboolean took = FALSE;

  add_names (names, *ours);
  add_names (names, base);
  add_names (names, theirs);
  list = g_hash_table_get_keys (names);
  for (GList *l = list; l; l = l->next)
    {
      JsonNode *o = member_of (*ours, l->data), *b = member_of (base, l->data), *t = member_of (theirs, l->data);
      JsonNode *kept = o;

      if (!node_equal0 (o, t) && !node_equal0 (t, b))
        {
          if (node_equal0 (o, b))
            {
              kept = t;
              took = TRUE;
            }
          else
            conflict (m, "other");
        }
      if (kept)
        json_object_set_member (out, l->data, json_node_copy (kept));
    }
  if (!took)
    return;
  m->changed = TRUE;
  g_clear_pointer (ours, json_object_unref);
  if (json_object_get_size (out) > 0)
    *ours = g_steal_pointer (&out);
}

/* Records */

static gboolean
same_source (const ArcSource *a,
             const ArcSource *b)
{
  return a == b || (a && b && g_strcmp0 (a->id, b->id) == 0 && g_strcmp0 (a->digest, b->digest) == 0 &&
                    g_strcmp0 (a->name, b->name) == 0 && g_strcmp0 (a->author, b->author) == 0);
}

/* The verification of a description and where it comes from: one whole */
static gboolean
same_verification (const ArcAnnotation *a,
                   const ArcAnnotation *b)
{
  return same_source (a->source, b->source) && a->verified == b->verified &&
         a->verification_attempts == b->verification_attempts &&
         a->verification_seconds == b->verification_seconds && a->max_idle_seconds == b->max_idle_seconds;
}

static void
merge_verification (ArcAnnotation       *o,
                    const ArcAnnotation *b,
                    ArcAnnotation       *t,
                    Merge               *m)
{
  if (same_verification (o, t) || same_verification (t, b))
    return;
  if (!same_verification (o, b))
    {
      conflict (m, "verification");
      return;
    }
  m->changed = TRUE;
  arc_source_free (o->source);
  o->source = g_steal_pointer (&t->source);
  o->verified = t->verified;
  o->verification_attempts = t->verification_attempts;
  o->verification_seconds = t->verification_seconds;
  o->max_idle_seconds = t->max_idle_seconds;
}

/* What was done after the last attempt: the side that changed it, or the
 * later of the two */
static gint64
unsubmitted_time (const ArcAnnotation *a)
{
  return a->unsubmitted && a->unsubmitted->len > 0 ? ((ArcAction *) g_ptr_array_index (a->unsubmitted, a->unsubmitted->len - 1))->time : 0;
}

static gboolean
same_unsubmitted (const ArcAnnotation *a,
                  const ArcAnnotation *b)
{
  return (a->unsubmitted ? a->unsubmitted->len : 0) == (b->unsubmitted ? b->unsubmitted->len : 0) &&
         unsubmitted_time (a) == unsubmitted_time (b) &&
         (a->unsubmitted_grid == b->unsubmitted_grid ||
          (a->unsubmitted_grid && b->unsubmitted_grid && arc_grid_equal (a->unsubmitted_grid, b->unsubmitted_grid)));
}

static void
merge_unsubmitted (ArcAnnotation       *o,
                   const ArcAnnotation *b,
                   ArcAnnotation       *t,
                   Merge               *m)
{
  if (same_unsubmitted (o, t) || same_unsubmitted (t, b))
    return;
  if (!same_unsubmitted (o, b) && unsubmitted_time (o) >= unsubmitted_time (t))
    return;
  m->changed = TRUE;
  g_clear_pointer (&o->unsubmitted, g_ptr_array_unref);
  g_clear_pointer (&o->unsubmitted_grid, arc_grid_free);
  o->unsubmitted = g_steal_pointer (&t->unsubmitted);
  o->unsubmitted_grid = g_steal_pointer (&t->unsubmitted_grid);
}

static void
merge_times (ArcAnnotation       *o,
             const ArcAnnotation *b,
             const ArcAnnotation *t,
             Merge               *m)
{
  gint64 spent = o->seconds_spent;

  if (t->created != 0 && (o->created == 0 || t->created < o->created))
    o->created = t->created;
  o->modified = MAX (o->modified, t->modified);
  /* The time spent here and there */
  if (o->seconds_spent == b->seconds_spent)
    spent = t->seconds_spent;
  else if (t->seconds_spent != b->seconds_spent)
    spent = MAX (b->seconds_spent + (o->seconds_spent - b->seconds_spent) + (t->seconds_spent - b->seconds_spent),
                 MAX (o->seconds_spent, t->seconds_spent));
  if (spent != o->seconds_spent)
    {
      o->seconds_spent = spent;
      m->changed = TRUE;
    }
}

/* @o takes in what @t changed of @b; @t is emptied of what is taken */
static void
merge_record (ArcAnnotation       *o,
              const ArcAnnotation *b,
              ArcAnnotation       *t,
              Merge               *m)
{
  /* TRANSLATORS: the line between two versions of a text, both kept,
   * written in the text itself */
  const char *separator = _("——— Both versions kept: yours above, the other below ———");
  g_autofree char *program_separator = g_strconcat ("# ", separator, NULL);

  merge_text (&o->input_text, b->input_text, t->input_text, "input", separator, m);
  merge_text (&o->size_text, b->size_text, t->size_text, "output_size", separator, m);
  merge_text (&o->transform_text, b->transform_text, t->transform_text, "transformation", separator, m);
  merge_text (&o->notes, b->notes, t->notes, "notes", separator, m);
  merge_text (&o->program, b->program, t->program, "program", program_separator, m);
  if (o->program && *o->program == '\0')
    g_clear_pointer (&o->program, g_free);  /* no program is no member */
  merge_int (&o->confidence, b->confidence, t->confidence, "confidence", m);
  merge_choice (&o->difficulty, b->difficulty, t->difficulty, "difficulty", m);
  merge_tags (o->tags, b->tags, t->tags, m);
  merge_times (o, b, t, m);
  merge_attempts (o->attempts, b->attempts, t->attempts, m);
  merge_builds (o->builds, b->builds, t->builds, m);
  merge_verification (o, b, t, m);
  merge_unsubmitted (o, b, t, m);
  merge_extra (&o->extra, b->extra, t->extra, m);
}

static gboolean
annotations_equal (const ArcAnnotation *a,
                   const ArcAnnotation *b)
{
  g_autoptr(JsonNode) na = arc_annotation_to_node (a);
  g_autoptr(JsonNode) nb = arc_annotation_to_node (b);

  return json_node_equal (na, nb);
}

typedef struct
{
  char  *task_id;
  char  *annotator;
  GStrv  conflicts;
} Report;

static void
report_free (gpointer data)
{
  Report *r = data;

  g_free (r->task_id);
  g_free (r->annotator);
  g_strfreev (r->conflicts);
  g_free (r);
}

static void
report (GPtrArray  *reports,
        const char *task_id,
        const char *annotator,
        GPtrArray  *conflicts)
{
  Report *r = g_new0 (Report, 1);
  GStrvBuilder *builder = g_strv_builder_new ();

  r->task_id = g_strdup (task_id);
  r->annotator = g_strdup (annotator);
  for (guint i = 0; conflicts && i < conflicts->len; i++)
    g_strv_builder_add (builder, conflicts->pdata[i]);
  r->conflicts = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  g_ptr_array_add (reports, r);
}

/* @name's record on @task_id: ours in @o (made when theirs is taken) */
static void
merge_annotator (ArcNotes   *self,
                 const char *task_id,
                 const char *name,
                 TaskNotes  *tb,
                 TaskNotes  *tt,
                 GPtrArray  *reports)
{
  TaskNotes *to = g_hash_table_lookup (self->tasks, task_id);
  ArcAnnotation *o = to ? g_hash_table_lookup (to->annotators, name) : NULL;
  ArcAnnotation *b = tb ? g_hash_table_lookup (tb->annotators, name) : NULL;
  ArcAnnotation *t = tt ? g_hash_table_lookup (tt->annotators, name) : NULL;
  g_autoptr(ArcAnnotation) empty = NULL;
  g_autoptr(GPtrArray) conflicts = NULL;
  Merge m = { FALSE, NULL };

  if (o == NULL && t == NULL)
    return;
  if (o == NULL)
    {
      /* New there, or changed there since it went here: theirs */
      if (b && annotations_equal (t, b))
        return;
      {
        char *stolen = NULL;

        g_hash_table_steal_extended (tt->annotators, name, (gpointer *) &stolen, NULL);
        g_free (stolen);
      }
      arc_notes_set (self, task_id, name, t);
      report (reports, task_id, name, NULL);
      return;
    }
  if (t == NULL)
    {
      /* Gone there, and not changed here: gone */
      if (b && annotations_equal (o, b))
        {
          g_hash_table_remove (to->annotators, name);
          report (reports, task_id, name, NULL);
        }
      return;
    }
  if (b == NULL)
    b = empty = arc_annotation_new ();
  conflicts = g_ptr_array_new ();
  m.conflicts = conflicts;
  merge_record (o, b, t, &m);
  if (m.changed || conflicts->len > 0)
    report (reports, task_id, name, conflicts);
}

static void
add_keys (GHashTable *names,
          TaskNotes  *t)
{
  GHashTableIter iter;
  gpointer key;

  if (t == NULL)
    return;
  g_hash_table_iter_init (&iter, t->annotators);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_hash_table_add (names, g_strdup (key));
}

static void
merge_task (ArcNotes   *self,
            const char *task_id,
            TaskNotes  *tb,
            TaskNotes  *tt,
            GPtrArray  *reports)
{
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) ignored = g_ptr_array_new ();
  g_autoptr(GPtrArray) sorted = NULL;
  Merge m = { FALSE, ignored };
  TaskNotes *to;

  /* (copies of the names: the tables change meanwhile) */
  add_keys (names, g_hash_table_lookup (self->tasks, task_id));
  add_keys (names, tb);
  add_keys (names, tt);
  sorted = arc_notes_sorted_keys (names);
  for (guint i = 0; i < sorted->len; i++)
    merge_annotator (self, task_id, sorted->pdata[i], tb, tt, reports);
  to = g_hash_table_lookup (self->tasks, task_id);
  if (to == NULL)
    return;
  merge_extra (&to->extra, tb ? tb->extra : NULL, tt ? tt->extra : NULL, &m);
  /* Nothing left here, and gone there */
  if (tt == NULL && g_hash_table_size (to->annotators) == 0 && to->extra == NULL)
    g_hash_table_remove (self->tasks, task_id);
}

/**
 * arc_notes_merge_three_way:
 * @base: the notes as this program last read or wrote the file
 * @theirs: the notes the file holds now; emptied of what is taken
 *
 * Merges into @self (ours) what another program changed of @base to make
 * @theirs, record by record and field by field, and emits ::merged for
 * every record that changed.
 */
void
arc_notes_merge_three_way (ArcNotes *self,
                           ArcNotes *base,
                           ArcNotes *theirs)
{
  g_autoptr(GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) sorted = NULL;
  g_autoptr(GPtrArray) reports = g_ptr_array_new_with_free_func (report_free);
  g_autoptr(GPtrArray) ignored = g_ptr_array_new ();
  ArcNotes *all[] = { self, base, theirs };
  Merge m = { FALSE, ignored };
  GHashTableIter iter;
  gpointer key, value;

  for (guint n = 0; n < G_N_ELEMENTS (all); n++)
    {
      g_hash_table_iter_init (&iter, all[n]->tasks);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        g_hash_table_add (ids, g_strdup (key));
    }
  sorted = arc_notes_sorted_keys (ids);
  for (guint i = 0; i < sorted->len; i++)
    {
      const char *id = sorted->pdata[i];
      TaskNotes *tb = g_hash_table_lookup (base->tasks, id);
      TaskNotes *tt = g_hash_table_lookup (theirs->tasks, id);

      if (g_hash_table_lookup (self->tasks, id) == NULL && tb == NULL && tt != NULL)
        {
          /* A task new there: theirs whole */
          char *stolen_id = NULL;
          g_autoptr(GPtrArray) names = arc_notes_sorted_keys (tt->annotators);

          for (guint k = 0; k < names->len; k++)
            report (reports, id, names->pdata[k], NULL);
          g_hash_table_steal_extended (theirs->tasks, id, (gpointer *) &stolen_id, &value);
          g_hash_table_replace (self->tasks, stolen_id, value);
          continue;
        }
      merge_task (self, id, tb, tt, reports);
    }
  merge_extra (&self->extra, base->extra, theirs->extra, &m);
  for (guint i = 0; i < reports->len; i++)
    {
      Report *r = reports->pdata[i];

      g_signal_emit_by_name (self, "merged", r->task_id, r->annotator, r->conflicts);
    }
}

static const char *
field_label (const char *field)
{
  if (g_str_equal (field, "input"))
    return _("Input");
  if (g_str_equal (field, "output_size"))
    return _("Output size");
  if (g_str_equal (field, "transformation"))
    return _("Transformation");
  if (g_str_equal (field, "notes"))
    return _("Notes");
  if (g_str_equal (field, "program"))
    return _("Program");
  if (g_str_equal (field, "confidence"))
    return _("Confidence");
  if (g_str_equal (field, "difficulty"))
    return _("Difficulty");
  if (g_str_equal (field, "verification"))
    return _("Verification");
  return _("Other details");
}

static gboolean
is_text_field (const char *field)
{
  return g_str_equal (field, "input") || g_str_equal (field, "output_size") || g_str_equal (field, "transformation") ||
         g_str_equal (field, "notes") || g_str_equal (field, "program");
}

/**
 * arc_notes_describe_conflicts:
 * @conflicts: (array zero-terminated=1): the fields of a record changed
 *   here and elsewhere, as ::merged gives them: for a text ("input",
 *   "output_size", "transformation", "notes", "program") both versions are
 *   kept; for the others ("confidence", "difficulty", "verification",
 *   "other") this program's
 *
 * Returns: (transfer full): what to tell the user of them
 */
char *
arc_notes_describe_conflicts (const char * const *conflicts)
{
  g_autoptr(GString) texts = g_string_new (NULL);
  g_autoptr(GString) others = g_string_new (NULL);
  GString *notice = g_string_new (NULL);

  g_return_val_if_fail (conflicts != NULL, NULL);

  for (guint i = 0; conflicts[i]; i++)
    {
      GString *list = is_text_field (conflicts[i]) ? texts : others;

      if (list->len > 0)
        g_string_append (list, ", ");
      g_string_append (list, field_label (conflicts[i]));
    }
  if (texts->len > 0)
    /* TRANSLATORS: %s lists fields of the notes: "Notes, Input" */
    g_string_append_printf (notice, _("Changed here and in another window or program at once: %s. Both versions "
                                      "are kept, yours above the line “———”: keep what you want."), texts->str);
  if (others->len > 0)
    {
      if (notice->len > 0)
        g_string_append_c (notice, ' ');
      /* TRANSLATORS: %s lists fields of the notes: "Confidence, Difficulty" */
      g_string_append_printf (notice, _("Also changed in another window or program: %s. Yours is kept."), others->str);
    }
  return g_string_free (notice, FALSE);
}

/* arc-larc-values.c: reading LARC's values, which are often strings
 * ("5", "True"), from json-glib's tree or from the file's text by the same
 * rules: what is odd is warned, naming the file and the place
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-larc"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "arc-larc-private.h"

void
arc_larc_warn (const ArcLarcContext *ctx,
               const char           *where,
               const char           *format,
               ...)
{
  g_autofree char *message = NULL;
  va_list args;

  if (ctx->warnings == NULL)
    return;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (ctx->warnings, g_strdup_printf ("%s: %s: %s", ctx->file, where, message));
}

/**
 * arc_larc_value_from_node:
 * @node: (nullable): a value of json-glib's tree; %NULL: absent
 */
void
arc_larc_value_from_node (ArcLarcValue *v,
                          JsonNode     *node)
{
  memset (v, 0, sizeof *v);
  if (node == NULL)
    return;
  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      v->kind = ARC_JSON_OBJECT;
      return;
    case JSON_NODE_ARRAY:
      v->kind = ARC_JSON_ARRAY;
      return;
    case JSON_NODE_NULL:
      v->kind = ARC_JSON_NULL;
      return;
    case JSON_NODE_VALUE:
    default:
      break;
    }
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64:
      v->kind = ARC_JSON_NUMBER;
      v->is_integer = TRUE;
      v->integer = json_node_get_int (node);
      v->number = json_node_get_double (node);
      break;
    case G_TYPE_DOUBLE:
      v->kind = ARC_JSON_NUMBER;
      v->number = json_node_get_double (node);
      break;
    case G_TYPE_BOOLEAN:
      v->kind = ARC_JSON_BOOLEAN;
      v->boolean = json_node_get_boolean (node);
      break;
    case G_TYPE_STRING:
      v->kind = ARC_JSON_STRING;
      v->string = json_node_get_string (node);
      break;
    default:
      v->kind = ARC_JSON_INVALID;
      break;
    }
}

/* A number's value as arc_json_parse() gives it to json-glib */
static void
read_number_value (ArcLarcValue        *v,
                   const ArcJsonReader *r,
                   const ArcJsonNumber *number)
{
  char small[64];
  g_autofree char *large = NULL;
  char *text = small;

  v->is_integer = number->is_integer;
  if (number->is_integer)
    {
      v->integer = number->value;
      v->number = (double) number->value;
      return;
    }
  if (number->length < sizeof small)
    {
      memcpy (small, r->data + number->start, number->length);
      small[number->length] = '\0';
    }
  else
    text = large = g_strndup ((const char *) r->data + number->start, number->length);
  v->number = g_ascii_strtod (text, NULL);
}

/**
 * arc_larc_value_read:
 * @buffer: (nullable): holds the text of a string (else not kept)
 *
 * Reads the value at @r, with where it is; objects and lists are skipped.
 *
 * Returns: %FALSE on a syntax error (or an integer beyond 64 bits)
 */
gboolean
arc_larc_value_read (ArcLarcValue  *v,
                     ArcJsonReader *r,
                     GString       *buffer)
{
  ArcJsonNumber number;

  memset (v, 0, sizeof *v);
  v->kind = arc_json_reader_peek (r);
  v->range.start = r->pos;
  switch (v->kind)
    {
    case ARC_JSON_STRING:
      if (buffer)
        g_string_truncate (buffer, 0);
      if (!arc_json_reader_read_string (r, buffer))
        return FALSE;
      v->string = buffer ? buffer->str : NULL;
      break;
    case ARC_JSON_NUMBER:
      if (!arc_json_reader_read_number (r, &number))
        return FALSE;
      if (number.is_integer && number.overflow)
        {
          r->pos = number.start;
          return arc_json_reader_fail (r, _("the integer does not fit in 64 bits"));
        }
      read_number_value (v, r, &number);
      break;
    case ARC_JSON_BOOLEAN:
      v->boolean = r->data[r->pos] == 't';
      if (!arc_json_reader_skip_value (r))
        return FALSE;
      break;
    default:
      if (!arc_json_reader_skip_value (r))
        return FALSE;
      break;
    }
  v->range.end = r->pos;
  return TRUE;
}

/* A number, or a string that holds one */
static gboolean
value_double (const ArcLarcValue *v,
              double             *value,
              gboolean           *was_string)
{
  *was_string = FALSE;
  if (v->kind == ARC_JSON_NUMBER)
    {
      *value = v->number;
      return isfinite (*value);
    }
  if (v->kind == ARC_JSON_STRING)
    {
      const char *text = v->string;
      char *end = NULL;

      *was_string = TRUE;
      *value = g_ascii_strtod (text, &end);
      while (end && g_ascii_isspace (*end))
        end++;
      return end != text && end && *end == '\0' && isfinite (*value);
    }
  return FALSE;
}

/* Whole and small enough to be exact */
static gboolean
is_whole (double d)
{
  return d == floor (d) && fabs (d) <= 1e15;
}

/**
 * arc_larc_value_int:
 * Returns: whether @v is a whole number, or a string that holds one (not warned)
 */
gboolean
arc_larc_value_int (const ArcLarcValue *v,
                    gint64             *value)
{
  gboolean was_string;
  double d;

  if (!value_double (v, &d, &was_string) || !is_whole (d))
    return FALSE;
  *value = (gint64) d;
  return TRUE;
}

/**
 * arc_larc_value_get_number:
 * Reads the number @v (the member @name), whole when @whole: a number, or a
 * string that holds one (with a warning). Absent and null are no error;
 * anything else is warned.
 */
gboolean
arc_larc_value_get_number (const ArcLarcContext *ctx,
                           const char           *where,
                           const ArcLarcValue   *v,
                           const char           *name,
                           gboolean              whole,
                           double               *value)
{
  gboolean was_string;

  if (v->kind == ARC_JSON_END || v->kind == ARC_JSON_NULL)
    return FALSE;
  if (!value_double (v, value, &was_string) || (whole && !is_whole (*value)))
    {
      if (whole)
        arc_larc_warn (ctx, where, _("“%s” is not a whole number, left out"), name);
      else
        arc_larc_warn (ctx, where, _("“%s” is not a number, left out"), name);
      return FALSE;
    }
  if (was_string)
    arc_larc_warn (ctx, where, _("“%s” is a number written as a string (“%s”)"), name, v->string);
  return TRUE;
}

static gboolean
get_number (const ArcLarcContext *ctx,
            const char           *where,
            JsonObject           *o,
            const char           *name,
            gboolean              whole,
            double               *value)
{
  ArcLarcValue v;

  arc_larc_value_from_node (&v, json_object_get_member (o, name));
  return arc_larc_value_get_number (ctx, where, &v, name, whole, value);
}

/**
 * arc_larc_get_int:
 * Reads the whole number @name of @o: a number, or a string that holds one
 * (with a warning). Absent and null are no error; anything else is warned.
 */
gboolean
arc_larc_get_int (const ArcLarcContext *ctx,
                  const char           *where,
                  JsonObject           *o,
                  const char           *name,
                  gint64               *value)
{
  double d;

  if (!get_number (ctx, where, o, name, TRUE, &d))
    return FALSE;
  *value = (gint64) d;
  return TRUE;
}

gboolean
arc_larc_get_double (const ArcLarcContext *ctx,
                     const char           *where,
                     JsonObject           *o,
                     const char           *name,
                     double               *value)
{
  return get_number (ctx, where, o, name, FALSE, value);
}

static int
value_bool (const ArcLarcValue *v,
            gboolean           *was_string)
{
  *was_string = FALSE;
  if (v->kind == ARC_JSON_BOOLEAN)
    return v->boolean;
  if (v->kind == ARC_JSON_NUMBER && v->is_integer && v->integer >= 0 && v->integer <= 1)
    return (int) v->integer;
  if (v->kind == ARC_JSON_STRING)
    {
      const char *text = v->string;

      *was_string = TRUE;
      if (g_ascii_strcasecmp (text, "true") == 0 || g_str_equal (text, "1"))
        return 1;
      if (g_ascii_strcasecmp (text, "false") == 0 || g_str_equal (text, "0"))
        return 0;
    }
  return -1;
}

/**
 * arc_larc_value_get_bool:
 * Returns: 1 or 0; -1 when absent, null or not a truth value (warned)
 */
int
arc_larc_value_get_bool (const ArcLarcContext *ctx,
                         const char           *where,
                         const ArcLarcValue   *v,
                         const char           *name)
{
  gboolean was_string;
  int value;

  if (v->kind == ARC_JSON_END || v->kind == ARC_JSON_NULL)
    return -1;
  value = value_bool (v, &was_string);
  if (value < 0)
    arc_larc_warn (ctx, where, _("“%s” is not true or false, left out"), name);
  else if (was_string || v->kind != ARC_JSON_BOOLEAN)
    arc_larc_warn (ctx, where, _("“%s” is a truth value written as “%s”"), name,
                   was_string ? v->string : (value ? "1" : "0"));
  return value;
}

/**
 * arc_larc_get_bool:
 * Returns: 1 or 0; -1 when absent, null or not a truth value (warned)
 */
int
arc_larc_get_bool (const ArcLarcContext *ctx,
                   const char           *where,
                   JsonObject           *o,
                   const char           *name)
{
  ArcLarcValue v;

  arc_larc_value_from_node (&v, json_object_get_member (o, name));
  return arc_larc_value_get_bool (ctx, where, &v, name);
}

/**
 * arc_larc_get_string:
 * Returns: (nullable): the string @name; %NULL when absent or null, and,
 *   warned, when it is not a string
 */
const char *
arc_larc_get_string (const ArcLarcContext *ctx,
                     const char           *where,
                     JsonObject           *o,
                     const char           *name)
{
  JsonNode *n = json_object_get_member (o, name);

  if (n == NULL || JSON_NODE_HOLDS_NULL (n))
    return NULL;
  if (JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING)
    return json_node_get_string (n);
  arc_larc_warn (ctx, where, _("“%s” is not a string, left out"), name);
  return NULL;
}

/* LARC's times have milliseconds. Beyond some 30 000 years from 1970
 * (which no file of LARC's has) they are held there rather than overflow. */
gint64
arc_larc_seconds_to_usec (double seconds)
{
  return (gint64) llround (CLAMP (seconds * 1000.0, -1e15, 1e15)) * 1000;
}

/* arc-json.c: a strict JSON reader, and a skimmer that moves past a value
 * without checking it (for a member of a document checked elsewhere)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-json"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arc-error.h"
#include "arc-json.h"

/* A byte repeated in each of a 64-bit word's eight, and the eight high bits */
#define BYTES_01 G_GUINT64_CONSTANT (0x0101010101010101)
#define BYTES_80 G_GUINT64_CONSTANT (0x8080808080808080)

G_DEFINE_QUARK (arc-error-quark, arc_error)

/**
 * arc_json_bom_length:
 * RFC 8259 (§8.1) forbids a byte order mark but lets readers ignore one;
 * editors on Windows write it, and a browser's file reader strips it, so
 * the ARC testing interface opens such files. So do we, with a warning.
 *
 * Returns: 3 if @data starts with a UTF-8 byte order mark, else 0
 */
gsize
arc_json_bom_length (const char *data,
                     gsize       length)
{
  return length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

/**
 * arc_json_reader_init:
 * A reader of bytes @start to @end of @data. A document that starts with a
 * byte order mark (@start 0) is read after it, and "bom" says so.
 */
void
arc_json_reader_init (ArcJsonReader *r,
                      const char    *data,
                      gsize          start,
                      gsize          end)
{
  memset (r, 0, sizeof *r);
  r->data = (const guchar *) data;
  r->pos = start;
  r->end = end;
  if (start == 0 && data && arc_json_bom_length (data, end) > 0)
    {
      r->pos = 3;
      r->bom = TRUE;
    }
}

void
arc_json_reader_clear (ArcJsonReader *r)
{
  g_clear_pointer (&r->error_message, g_free);
}

gboolean
arc_json_reader_fail (ArcJsonReader *r,
                      const char    *format,
                      ...)
{
  va_list args;

  if (r->failed)
    return FALSE;
  r->failed = TRUE;
  r->error_pos = r->pos;
  va_start (args, format);
  r->error_message = g_strdup_vprintf (format, args);
  va_end (args);
  return FALSE;
}

/**
 * arc_json_position:
 * Converts the byte offset @pos of @data into a 1-based line and a 1-based
 * column counted in characters.
 */
void
arc_json_position (const char *data,
                   gsize       pos,
                   guint      *line,
                   guint      *column)
{
  guint l = 1, c = 1;

  for (gsize i = 0; i < pos; i++)
    {
      guchar ch = (guchar) data[i];

      if (ch == '\n')
        l++, c = 1;
      else if ((ch & 0xC0) != 0x80)  /* count characters, not continuation bytes */
        c++;
    }
  *line = l;
  *column = c;
}

char *
arc_json_reader_error_location (ArcJsonReader *r)
{
  guint line, column;

  arc_json_position ((const char *) r->data, r->error_pos, &line, &column);
  if (r->first_line > 1)
    line += r->first_line - 1;
  return g_strdup_printf (_("line %u, column %u"), line, column);
}

static inline int
cur (ArcJsonReader *r)
{
  return r->pos < r->end ? r->data[r->pos] : -1;
}

static inline gboolean
is_ws (guint8 c)
{
  return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

#define BYTES_LOW G_GUINT64_CONSTANT (0x00FF00FF00FF00FF)

/* Reads four one-digit cells and their commas, "d,d,d,d,", at @p into
 * @cells (nullable); FALSE, having read nothing, for anything else */
static inline gboolean
four_digits (const guchar *p,
             guint8       *cells)
{
  guint64 x, digits;

  memcpy (&x, p, sizeof x);
  x = GUINT64_FROM_LE (x);
  digits = x & BYTES_LOW;
  /* Commas at the odd bytes; at the even ones 0x30..0x39 */
  if ((x & ~BYTES_LOW) != (BYTES_01 * ',' & ~BYTES_LOW) ||
      (digits & (BYTES_01 * 0xF0)) != (BYTES_01 * 0x30 & BYTES_LOW) ||
      ((digits & (BYTES_01 * 0x0F)) + (BYTES_01 * 0x06 & BYTES_LOW)) & (BYTES_01 * 0xF0))
    return FALSE;
  if (cells)
    for (guint i = 0; i < 4; i++)
      cells[i] = (guint8) ((digits >> (16 * i)) & 0x0F);
  return TRUE;
}

/* Reads two one-digit cells written with a space after each comma, as
 * Python writes lists (" d, d,", from the space before the first), at @p
 * into @cells (nullable); FALSE, having read nothing, for anything else */
static inline gboolean
two_spaced_digits (const guchar *p,
                   guint8       *cells)
{
  const guint64 punctuation_bytes = G_GUINT64_CONSTANT (0x0000FF00FFFF00FF);
  const guint64 punctuation = G_GUINT64_CONSTANT (0x00002C00202C0020);
  guint64 x;
  guint a, b;

  memcpy (&x, p, sizeof x);
  x = GUINT64_FROM_LE (x);
  a = (guint) ((x >> 8) & 0xFF) - '0';
  b = (guint) ((x >> 32) & 0xFF) - '0';
  if ((x & punctuation_bytes) != punctuation || a > 9 || b > 9)
    return FALSE;
  if (cells)
    {
      cells[0] = (guint8) a;
      cells[1] = (guint8) b;
    }
  return TRUE;
}

static inline void
skip_ws (ArcJsonReader *r)
{
  while (r->pos < r->end && is_ws (r->data[r->pos]))
    r->pos++;
}

void
arc_json_reader_skip_ws (ArcJsonReader *r)
{
  skip_ws (r);
}

gboolean
arc_json_reader_at_end (ArcJsonReader *r)
{
  arc_json_reader_skip_ws (r);
  return r->pos >= r->end;
}

ArcJsonKind
arc_json_reader_peek (ArcJsonReader *r)
{
  arc_json_reader_skip_ws (r);
  switch (cur (r))
    {
    case -1: return ARC_JSON_END;
    case '{': return ARC_JSON_OBJECT;
    case '[': return ARC_JSON_ARRAY;
    case '"': return ARC_JSON_STRING;
    case 't': case 'f': return ARC_JSON_BOOLEAN;
    case 'n': return ARC_JSON_NULL;
    case '-': case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
      return ARC_JSON_NUMBER;
    default: return ARC_JSON_INVALID;
    }
}

const char *
arc_json_kind_describe (ArcJsonKind kind)
{
  switch (kind)
    {
    case ARC_JSON_OBJECT: return _("an object");
    case ARC_JSON_ARRAY: return _("a list");
    case ARC_JSON_STRING: return _("a string");
    case ARC_JSON_NUMBER: return _("a number");
    case ARC_JSON_BOOLEAN: return _("a boolean");
    case ARC_JSON_NULL: return _("null");
    case ARC_JSON_END: return _("the end of the file");
    case ARC_JSON_INVALID:
    default: return _("something that is not JSON");
    }
}

/* Describes the byte at the reader's position for a syntax error. */
static gboolean
arc_json_reader_fail_unexpected (ArcJsonReader *r,
                 const char    *expected)
{
  int c = cur (r);

  if (c < 0)
    return arc_json_reader_fail (r, _("unexpected end of data, expected %s"), expected);
  if (c >= 0x21 && c < 0x7F)
    return arc_json_reader_fail (r, _("unexpected character “%c”, expected %s"), c, expected);
  return arc_json_reader_fail (r, _("unexpected byte 0x%02X, expected %s"), (guint) c, expected);
}

static gboolean
read_hex4 (ArcJsonReader *r,
           guint         *value)
{
  guint v = 0;

  for (int i = 0; i < 4; i++)
    {
      int c = cur (r);

      if (c < 0 || !g_ascii_isxdigit (c))
        return arc_json_reader_fail (r, _("a \\u escape needs four hexadecimal digits"));
      v = v * 16 + (guint) g_ascii_xdigit_value ((char) c);
      r->pos++;
    }
  *value = v;
  return TRUE;
}

/**
 * arc_json_reader_read_string:
 * Reads a string, checking escapes, control characters and UTF-8; appends
 * the decoded text to @out unless it is %NULL.
 */
gboolean
arc_json_reader_read_string (ArcJsonReader *r,
                             GString       *out)
{
  arc_json_reader_skip_ws (r);
  if (cur (r) != '"')
    return arc_json_reader_fail_unexpected (r, _("a string"));
  r->pos++;

  for (;;)
    {
      gsize run = r->pos;
      int c;

      /* The common case: a run of plain ASCII. */
      while (r->pos < r->end)
        {
          guchar b = r->data[r->pos];

          if (b == '"' || b == '\\' || b < 0x20 || b >= 0x80)
            break;
          r->pos++;
        }
      if (out && r->pos > run)
        g_string_append_len (out, (const char *) r->data + run, (gssize) (r->pos - run));

      c = cur (r);
      if (c < 0)
        return arc_json_reader_fail (r, _("unterminated string"));
      if (c == '"')
        {
          r->pos++;
          return TRUE;
        }
      if (c < 0x20)
        return arc_json_reader_fail (r, _("control character 0x%02X inside a string must be escaped"), (guint) c);
      if (c >= 0x80)
        {
          gunichar u = g_utf8_get_char_validated ((const char *) r->data + r->pos,
                                                  (gssize) (r->end - r->pos));
          if (u == (gunichar) -1 || u == (gunichar) -2)
            return arc_json_reader_fail (r, _("invalid UTF-8 byte 0x%02X"), (guint) c);
          run = r->pos;
          r->pos += (gsize) g_unichar_to_utf8 (u, NULL);
          if (out)
            g_string_append_len (out, (const char *) r->data + run, (gssize) (r->pos - run));
          continue;
        }

      /* An escape */
      r->pos++;
      c = cur (r);
      switch (c)
        {
        case '"': case '\\': case '/':
          if (out) g_string_append_c (out, (char) c);
          r->pos++;
          break;
        case 'b': if (out) g_string_append_c (out, '\b'); r->pos++; break;
        case 'f': if (out) g_string_append_c (out, '\f'); r->pos++; break;
        case 'n': if (out) g_string_append_c (out, '\n'); r->pos++; break;
        case 'r': if (out) g_string_append_c (out, '\r'); r->pos++; break;
        case 't': if (out) g_string_append_c (out, '\t'); r->pos++; break;
        case 'u':
          {
            guint u, low;

            r->pos++;
            if (!read_hex4 (r, &u))
              return FALSE;
            if (u >= 0xDC00 && u <= 0xDFFF)
              return arc_json_reader_fail (r, _("a \\u escape holds a lone low surrogate"));
            if (u >= 0xD800 && u <= 0xDBFF)
              {
                if (r->pos + 1 >= r->end || r->data[r->pos] != '\\' || r->data[r->pos + 1] != 'u')
                  return arc_json_reader_fail (r, _("a \\u escape holds a lone high surrogate"));
                r->pos += 2;
                if (!read_hex4 (r, &low))
                  return FALSE;
                if (low < 0xDC00 || low > 0xDFFF)
                  return arc_json_reader_fail (r, _("a \\u escape holds a lone high surrogate"));
                u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
              }
            if (out)
              g_string_append_unichar (out, u);
          }
          break;
        default:
          if (c < 0)
            return arc_json_reader_fail (r, _("unterminated string"));
          return arc_json_reader_fail (r, _("unknown escape in a string"));
        }
    }
}

gboolean
arc_json_reader_read_number (ArcJsonReader *r,
                             ArcJsonNumber *number)
{
  gsize start;
  gboolean negative = FALSE;
  guint64 value = 0;
  int c;

  arc_json_reader_skip_ws (r);
  start = r->pos;
  memset (number, 0, sizeof *number);
  number->is_integer = TRUE;

  if (cur (r) == '-')
    negative = TRUE, r->pos++;
  c = cur (r);
  if (c == '0')
    {
      r->pos++;
      if (g_ascii_isdigit (cur (r)))
        return arc_json_reader_fail (r, _("numbers must not have leading zeros"));
    }
  else if (c >= '1' && c <= '9')
    {
      while (g_ascii_isdigit (cur (r)))
        {
          guint d = (guint) (cur (r) - '0');

          if (value > (G_MAXUINT64 - d) / 10)
            number->overflow = TRUE;
          else
            value = value * 10 + d;
          r->pos++;
        }
    }
  else
    return arc_json_reader_fail_unexpected (r, _("a digit"));

  if (cur (r) == '.')
    {
      number->is_integer = FALSE;
      r->pos++;
      if (!g_ascii_isdigit (cur (r)))
        return arc_json_reader_fail_unexpected (r, _("a digit after the decimal point"));
      while (g_ascii_isdigit (cur (r)))
        r->pos++;
    }
  if (cur (r) == 'e' || cur (r) == 'E')
    {
      number->is_integer = FALSE;
      r->pos++;
      if (cur (r) == '+' || cur (r) == '-')
        r->pos++;
      if (!g_ascii_isdigit (cur (r)))
        return arc_json_reader_fail_unexpected (r, _("a digit in the exponent"));
      while (g_ascii_isdigit (cur (r)))
        r->pos++;
    }

  if (!negative && value > (guint64) G_MAXINT64)
    number->overflow = TRUE;
  if (negative && value > (guint64) G_MAXINT64 + 1)
    number->overflow = TRUE;
  if (!number->overflow)
    number->value = negative ? (gint64) (0 - value) : (gint64) value;
  number->start = start;
  number->length = r->pos - start;
  return TRUE;
}

static gboolean
read_literal (ArcJsonReader *r,
              const char    *word)
{
  gsize n = strlen (word);

  if (r->end - r->pos < n || memcmp (r->data + r->pos, word, n) != 0)
    return arc_json_reader_fail_unexpected (r, _("a value"));
  r->pos += n;
  return TRUE;
}

gboolean
arc_json_reader_read_null (ArcJsonReader *r)
{
  arc_json_reader_skip_ws (r);
  return read_literal (r, "null");
}

gboolean
arc_json_reader_enter (ArcJsonReader *r,
                       ArcJsonKind    kind)
{
  char open = kind == ARC_JSON_OBJECT ? '{' : '[';

  arc_json_reader_skip_ws (r);
  if (cur (r) != open)
    return arc_json_reader_fail_unexpected (r, kind == ARC_JSON_OBJECT ? _("an object") : _("a list"));
  if (r->depth >= ARC_JSON_MAX_DEPTH)
    return arc_json_reader_fail (r, _("nested deeper than %d levels"), ARC_JSON_MAX_DEPTH);
  r->depth++;
  r->pos++;
  return TRUE;
}

/**
 * arc_json_reader_next:
 * @first: %TRUE before the first element; updated by the call
 * @key: (nullable): for objects, receives the member name
 *
 * Moves to the next element of the object or list entered last; for an
 * object, reads its name and the colon.
 *
 * Returns: %TRUE if there is an element to read; %FALSE at the end of the
 * container (which is then left) or on a syntax error.
 */
gboolean
arc_json_reader_next (ArcJsonReader *r,
                      ArcJsonKind    kind,
                      gboolean      *first,
                      GString       *key)
{
  char close = kind == ARC_JSON_OBJECT ? '}' : ']';
  int c;

  if (r->failed)
    return FALSE;
  arc_json_reader_skip_ws (r);
  c = cur (r);
  if (c == close)
    {
      r->pos++;
      r->depth--;
      return FALSE;
    }
  if (!*first)
    {
      if (c != ',')
        return arc_json_reader_fail_unexpected (r, kind == ARC_JSON_OBJECT ? _("“,” or “}”") : _("“,” or “]”"));
      r->pos++;
      arc_json_reader_skip_ws (r);
    }
  *first = FALSE;

  if (kind == ARC_JSON_OBJECT)
    {
      if (key)
        g_string_truncate (key, 0);
      if (cur (r) != '"')
        return arc_json_reader_fail_unexpected (r, _("a member name in double quotes"));
      if (!arc_json_reader_read_string (r, key))
        return FALSE;
      arc_json_reader_skip_ws (r);
      if (cur (r) != ':')
        return arc_json_reader_fail_unexpected (r, _("“:”"));
      r->pos++;
    }
  arc_json_reader_skip_ws (r);
  if (cur (r) == close || cur (r) < 0)
    return arc_json_reader_fail_unexpected (r, _("a value"));
  return TRUE;
}

/**
 * arc_json_reader_read_digit:
 * Reads, at the reader, a number of one digit followed by what may end it
 * in a list (a comma, a bracket, white space): nearly every cell of ARC's
 * grids, read at once.
 *
 * Returns: the digit, or -1, having read nothing, for any other value
 */
int
arc_json_reader_read_digit (ArcJsonReader *r)
{
  int c, after;

  if (r->pos + 1 >= r->end)
    return -1;
  c = r->data[r->pos];
  after = r->data[r->pos + 1];
  if (c < '0' || c > '9' ||
      (after != ',' && after != ']' && after != ' ' && after != '\n' && after != '\r' && after != '\t'))
    return -1;
  r->pos++;
  return c - '0';
}

/**
 * arc_json_reader_read_digit_list:
 * @cells: (out) (nullable): receives the digits, at most @max of them
 * @n_cells: (out): the number of digits read
 *
 * Reads, at the reader, a list of one-digit numbers (a row of ARC's grids,
 * nearly all of what their files hold) in one tight loop.
 *
 * Returns: %TRUE if the list was read; %FALSE, having read nothing, for
 * anything else (an empty list, a list of more than @max, any other value
 * in it, a syntax error), to be read by the general calls
 */
gboolean
arc_json_reader_read_digit_list (ArcJsonReader *r,
                                 guint8        *cells,
                                 guint          max,
                                 guint         *n_cells)
{
  const guchar *d = r->data;
  gsize pos = r->pos, end = r->end;
  guint n = 0;

  if (r->failed || pos >= end || d[pos] != '[' || r->depth >= ARC_JSON_MAX_DEPTH)
    return FALSE;
  for (pos++;; pos++)
    {
      /* Four cells at once while they are written without spaces, */
      while (pos + 8 <= end && n + 4 <= max && four_digits (d + pos, cells ? cells + n : NULL))
        {
          n += 4;
          pos += 8;
        }
      /* Or two at once while they are written as Python writes them */
      while (pos + 8 <= end && n + 2 <= max && two_spaced_digits (d + pos, cells ? cells + n : NULL))
        {
          n += 2;
          pos += 6;
        }
      while (pos < end && is_ws (d[pos]))
        pos++;
      if (pos >= end || d[pos] < '0' || d[pos] > '9' || n >= max)
        return FALSE;
      if (cells)
        cells[n] = (guint8) (d[pos] - '0');
      n++;
      pos++;
      while (pos < end && is_ws (d[pos]))
        pos++;
      if (pos >= end)
        return FALSE;
      if (d[pos] == ']')
        break;
      if (d[pos] != ',')
        return FALSE;
    }
  r->pos = pos + 1;
  *n_cells = n;
  return TRUE;
}

/* A list, checked as arc_json_reader_next() and arc_json_reader_skip_value()
 * would, with the one-digit numbers that nearly all of ARC's lists are made
 * of read at once */
static gboolean
skip_list (ArcJsonReader *r)
{
  gboolean first = TRUE;
  guint n;

  if (arc_json_reader_read_digit_list (r, NULL, G_MAXUINT, &n))
    return TRUE;
  if (!arc_json_reader_enter (r, ARC_JSON_ARRAY))
    return FALSE;
  for (;;)
    {
      int c;

      skip_ws (r);
      c = cur (r);
      if (c == ']')
        {
          r->pos++;
          r->depth--;
          return TRUE;
        }
      if (!first)
        {
          if (c != ',')
            return arc_json_reader_fail_unexpected (r, _("“,” or “]”"));
          r->pos++;
          skip_ws (r);
          c = cur (r);
        }
      first = FALSE;
      if (arc_json_reader_read_digit (r) >= 0)
        continue;
      if (c == ']' || c < 0)
        return arc_json_reader_fail_unexpected (r, _("a value"));
      if (!arc_json_reader_skip_value (r))
        return FALSE;
    }
}

/**
 * arc_json_reader_skip_value:
 * Reads and checks one value of any kind without keeping it.
 */
gboolean
arc_json_reader_skip_value (ArcJsonReader *r)
{
  ArcJsonNumber number;

  switch (arc_json_reader_peek (r))
    {
    case ARC_JSON_ARRAY:
      return skip_list (r);
    case ARC_JSON_OBJECT:
      {
        ArcJsonKind kind = ARC_JSON_OBJECT;
        gboolean first = TRUE;

        if (!arc_json_reader_enter (r, kind))
          return FALSE;
        while (arc_json_reader_next (r, kind, &first, NULL))
          if (!arc_json_reader_skip_value (r))
            return FALSE;
        return !r->failed;
      }
    case ARC_JSON_STRING:
      return arc_json_reader_read_string (r, NULL);
    case ARC_JSON_NUMBER:
      if (!arc_json_reader_read_number (r, &number))
        return FALSE;
      if (r->integers_fit && number.is_integer && number.overflow)
        {
          r->pos = number.start;
          return arc_json_reader_fail (r, _("the integer does not fit in 64 bits"));
        }
      return TRUE;
    case ARC_JSON_BOOLEAN:
      return read_literal (r, cur (r) == 't' ? "true" : "false");
    case ARC_JSON_NULL:
      return read_literal (r, "null");
    case ARC_JSON_END:
    case ARC_JSON_INVALID:
    default:
      return arc_json_reader_fail_unexpected (r, _("a value"));
    }
}

/**
 * arc_json_reader_finish:
 * Checks that nothing but white space follows the value that was read.
 */
gboolean
arc_json_reader_finish (ArcJsonReader *r)
{
  if (r->failed)
    return FALSE;
  if (!arc_json_reader_at_end (r))
    return arc_json_reader_fail_unexpected (r, _("the end of the data after the top-level value"));
  return TRUE;
}

static gboolean
reader_check (ArcJsonReader *r,
              GError       **error)
{
  if (arc_json_reader_at_end (r))
    {
      g_set_error (error, ARC_ERROR, ARC_ERROR_SYNTAX, _("the file is empty"));
      return FALSE;
    }
  if (!arc_json_reader_skip_value (r) || !arc_json_reader_finish (r))
    {
      g_autofree char *where = arc_json_reader_error_location (r);

      g_set_error (error, ARC_ERROR, ARC_ERROR_SYNTAX, "%s: %s", where, r->error_message);
      return FALSE;
    }
  return TRUE;
}

/**
 * arc_json_check:
 * Checks that @data is one JSON value, strictly by RFC 8259, nested at most
 * %ARC_JSON_MAX_DEPTH levels. The error names the line and column.
 */
gboolean
arc_json_check (const char *data,
                gsize       length,
                GError    **error)
{
  ArcJsonReader r;
  gboolean ok;

  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  arc_json_reader_init (&r, data, 0, length);
  ok = reader_check (&r, error);
  arc_json_reader_clear (&r);
  return ok;
}

/* The tree of the value at the reader, built as it is read (the reader has
 * checked it strictly); NULL on a syntax error */
static JsonNode *
read_tree (ArcJsonReader *r,
           GString       *buffer)
{
  ArcJsonKind kind = arc_json_reader_peek (r);
  JsonNode *node = NULL;
  gboolean first = TRUE;

  switch (kind)
    {
    case ARC_JSON_OBJECT:
      {
        JsonObject *object = json_object_new ();
        g_autoptr(GString) key = g_string_new (NULL);

        node = json_node_init_object (json_node_alloc (), object);
        json_object_unref (object);
        if (!arc_json_reader_enter (r, kind))
          break;
        while (arc_json_reader_next (r, kind, &first, key))
          {
            JsonNode *member = read_tree (r, buffer);

            if (member == NULL)
              break;
            json_object_set_member (object, key->str, member);
          }
        break;
      }
    case ARC_JSON_ARRAY:
      {
        JsonArray *array = json_array_new ();

        node = json_node_init_array (json_node_alloc (), array);
        json_array_unref (array);
        if (!arc_json_reader_enter (r, kind))
          break;
        while (arc_json_reader_next (r, kind, &first, NULL))
          {
            JsonNode *element = read_tree (r, buffer);

            if (element == NULL)
              break;
            json_array_add_element (array, element);
          }
        break;
      }
    case ARC_JSON_STRING:
      g_string_truncate (buffer, 0);
      if (arc_json_reader_read_string (r, buffer))
        node = json_node_init_string (json_node_alloc (), buffer->str);
      break;
    case ARC_JSON_NUMBER:
      {
        ArcJsonNumber number;

        if (!arc_json_reader_read_number (r, &number))
          break;
        if (number.is_integer && !number.overflow)
          node = json_node_init_int (json_node_alloc (), number.value);
        else if (number.is_integer)
          {
            r->pos = number.start;  /* json-glib would wrap it silently */
            arc_json_reader_fail (r, _("the integer does not fit in 64 bits"));
          }
        else
          {
            g_autofree char *text = g_strndup ((const char *) r->data + number.start, number.length);
            node = json_node_init_double (json_node_alloc (), g_ascii_strtod (text, NULL));
          }
        break;
      }
    case ARC_JSON_BOOLEAN:
      if (read_literal (r, cur (r) == 't' ? "true" : "false"))
        node = json_node_init_boolean (json_node_alloc (), r->data[r->pos - 1] == 'e' && r->data[r->pos - 2] == 'u');
      break;
    case ARC_JSON_NULL:
      if (read_literal (r, "null"))
        node = json_node_init_null (json_node_alloc ());
      break;
    case ARC_JSON_END:
    case ARC_JSON_INVALID:
    default:
      arc_json_reader_fail_unexpected (r, _("a value"));
      break;
    }
  if (r->failed)
    g_clear_pointer (&node, json_node_unref);
  return node;
}

/**
 * arc_json_parse:
 * Parses @data, strictly by RFC 8259 as arc_json_check() (so that nothing
 * json-glib would misread or crash on is taken), into json-glib's tree,
 * built by the strict reader itself in the same pass (json-glib's own parser
 * reads four times slower). A byte order mark at the start is skipped
 * (arc_json_bom_length()). The tree is sealed, as an immutable parser's.
 *
 * Returns: (transfer full): the root node
 */
JsonNode *
arc_json_parse (const char *data,
                gsize       length,
                GError    **error)
{
  g_autoptr(GString) buffer = g_string_new (NULL);
  ArcJsonReader r;
  JsonNode *root;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  arc_json_reader_init (&r, data, 0, length);
  if (arc_json_reader_at_end (&r))
    {
      arc_json_reader_clear (&r);
      g_set_error (error, ARC_ERROR, ARC_ERROR_SYNTAX, _("the file is empty"));
      return NULL;
    }
  root = read_tree (&r, buffer);
  if (root == NULL || !arc_json_reader_finish (&r))
    {
      g_autofree char *where = arc_json_reader_error_location (&r);

      g_set_error (error, ARC_ERROR, ARC_ERROR_SYNTAX, "%s: %s", where, r.error_message);
      g_clear_pointer (&root, json_node_unref);
    }
  arc_json_reader_clear (&r);
  if (root)
    json_node_seal (root);
  return root;
}

/* Moving past a JSON value without checking it, eight bytes at a time:
 * for finding a member in a document checked elsewhere */
/* The zero bytes of @v as their high bits, exact up to the first (above it
 * a byte 0x01 may show too) */
static inline guint64
zero_bytes (guint64 v)
{
  return (v - BYTES_01) & ~v & BYTES_80;
}

/* Where the first bracket or double quote of the eight bytes at @p is, 8
 * if none is (with bit 5 set, '[' is '{' and ']' is '}', and no other byte
 * is) */
static inline guint
first_bracket_or_quote (const guchar *p)
{
  guint64 x, folded, found;

  memcpy (&x, p, sizeof x);
  x = GUINT64_FROM_LE (x);
  folded = x | (BYTES_01 * 0x20);
  found = zero_bytes (folded ^ (BYTES_01 * '{')) | zero_bytes (folded ^ (BYTES_01 * '}')) |
          zero_bytes (x ^ (BYTES_01 * '"'));
  return found ? (guint) __builtin_ctzll (found) / 8 : 8;
}

/* Where the string that starts at @pos ends (after its closing quote), or
 * G_MAXSIZE when the data ends first */
static gsize
skim_string (const guchar *d,
             gsize         pos,
             gsize         end)
{
  for (pos++; pos < end; pos++)
    {
      const guchar *quote = memchr (d + pos, '"', end - pos);
      gsize n_backslashes = 0;

      if (quote == NULL)
        break;
      pos = (gsize) (quote - d);
      /* The opening quote ends this walk at the latest */
      while (d[pos - 1 - n_backslashes] == '\\')
        n_backslashes++;
      if (n_backslashes % 2 == 0)
        return pos + 1;
    }
  return G_MAXSIZE;
}

/**
 * arc_json_reader_skim_value:
 * Moves past one value without checking it: a string to its closing quote,
 * a list or an object to the bracket that closes it (brackets counted
 * outside strings), anything else to the comma, bracket or white space
 * after it. For finding a member quickly in a document checked elsewhere:
 * a syntax error in the value is not seen.
 *
 * Returns: %FALSE (a failure) when the data ends before the value does
 */
gboolean
arc_json_reader_skim_value (ArcJsonReader *r)
{
  /* 1 opens, 2 closes, 3 starts a string, 4 ends a number or literal */
  static const guint8 kind[256] = {
    ['['] = 1, ['{'] = 1, [']'] = 2, ['}'] = 2, ['"'] = 3,
    [','] = 4, [' '] = 4, ['\n'] = 4, ['\r'] = 4, ['\t'] = 4,
  };
  const guchar *d = r->data;
  gsize pos, end = r->end;
  guint depth = 0;

  arc_json_reader_skip_ws (r);
  if (r->failed || r->pos >= end)
    return arc_json_reader_fail_unexpected (r, _("a value"));
  pos = r->pos;
  switch (kind[d[pos]])
    {
    case 3:
      pos = skim_string (d, pos, end);
      break;
    case 1:
      for (; pos < end; pos++)
        {
          guint8 k;

          if (pos + 8 <= end)
            {
              guint skip = first_bracket_or_quote (d + pos);

              pos += skip;  /* eight bytes at once, or to the one that counts */
              if (skip == 8)
                {
                  pos--;
                  continue;
                }
            }
          k = kind[d[pos]];
          if (k == 0 || k == 4)
            continue;
          if (k == 1)
            depth++;
          else if (k == 3 && (pos = skim_string (d, pos, end)) != G_MAXSIZE)
            pos--;  /* at the closing quote */
          else if (k == 3 || --depth == 0)
            break;
        }
      pos = depth == 0 ? pos + 1 : G_MAXSIZE;
      break;
    default:
      while (pos < end && kind[d[pos]] != 4 && kind[d[pos]] != 2)
        pos++;
    }
  if (pos == G_MAXSIZE)
    {
      r->pos = end;
      return arc_json_reader_fail (r, _("the data ends inside a value"));
    }
  r->pos = pos;
  return TRUE;
}

/* arc-json-skim.c: moving past a JSON value without checking it, eight
 * bytes at a time: for finding a member in a document checked elsewhere
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-json"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "arc-json.h"
#include "arc-json-private.h"

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

/* arc-json.h: a strict (RFC 8259) JSON reader with positions for error messages
 *
 * json-glib 1.6 accepts much that is not JSON (comments, single quotes, hex
 * numbers, leading zeros, data after the value), silently wraps integers that
 * do not fit in 64 bits, and overflows the stack on deeply nested input. Every
 * byte a user gives us goes through this reader first; json-glib only ever
 * sees what it has accepted.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define ARC_JSON_MAX_DEPTH 200

typedef enum
{
  ARC_JSON_END = 0,
  ARC_JSON_OBJECT,
  ARC_JSON_ARRAY,
  ARC_JSON_STRING,
  ARC_JSON_NUMBER,
  ARC_JSON_BOOLEAN,
  ARC_JSON_NULL,
  ARC_JSON_INVALID,
} ArcJsonKind;

typedef struct
{
  const guchar *data;   /* the whole document, for line and column numbers */
  gsize         pos;
  gsize         end;    /* the reader stops here (a value inside a larger file) */
  int           depth;
  gboolean      failed; /* a syntax error: nothing more can be read */
  gboolean      bom;    /* the document starts with a byte order mark, skipped */
  guint         first_line;  /* the line of a larger file where data starts (0: 1) */
  gboolean      integers_fit; /* values skipped are integers that fit in 64 bits, else it fails */
  gsize         error_pos;
  char         *error_message;
} ArcJsonReader;

typedef struct
{
  gboolean is_integer;  /* no fraction and no exponent */
  gboolean overflow;    /* an integer that does not fit in 64 bits */
  gint64   value;
  gsize    start;
  gsize    length;
} ArcJsonNumber;

void        arc_json_reader_init        (ArcJsonReader *r,
                                         const char    *data,
                                         gsize          start,
                                         gsize          end);
void        arc_json_reader_clear       (ArcJsonReader *r);
gboolean    arc_json_reader_fail        (ArcJsonReader *r,
                                         const char    *format,
                                         ...) G_GNUC_PRINTF (2, 3);
void        arc_json_reader_skip_ws     (ArcJsonReader *r);
ArcJsonKind arc_json_reader_peek        (ArcJsonReader *r);
gboolean    arc_json_reader_at_end      (ArcJsonReader *r);
gboolean    arc_json_reader_skip_value  (ArcJsonReader *r);
gboolean    arc_json_reader_skim_value  (ArcJsonReader *r);
gboolean    arc_json_reader_read_string (ArcJsonReader *r,
                                         GString       *out);
gboolean    arc_json_reader_read_number (ArcJsonReader *r,
                                         ArcJsonNumber *number);
int         arc_json_reader_read_digit  (ArcJsonReader *r);
gboolean    arc_json_reader_read_digit_list (ArcJsonReader *r,
                                             guint8        *cells,
                                             guint          max,
                                             guint         *n_cells);
gboolean    arc_json_reader_read_null   (ArcJsonReader *r);
gboolean    arc_json_reader_enter       (ArcJsonReader *r,
                                         ArcJsonKind    kind);
gboolean    arc_json_reader_next        (ArcJsonReader *r,
                                         ArcJsonKind    kind,
                                         gboolean      *first,
                                         GString       *key);
gboolean    arc_json_reader_finish      (ArcJsonReader *r);
void        arc_json_position           (const char    *data,
                                         gsize          pos,
                                         guint         *line,
                                         guint         *column);
char       *arc_json_reader_error_location (ArcJsonReader *r);
const char *arc_json_kind_describe      (ArcJsonKind    kind);

gsize       arc_json_bom_length         (const char    *data,
                                         gsize          length);
gboolean    arc_json_check              (const char    *data,
                                         gsize          length,
                                         GError       **error);
JsonNode   *arc_json_parse              (const char    *data,
                                         gsize          length,
                                         GError       **error);

/* A part of a document, from byte @start to @end */
typedef struct
{
  gsize start;
  gsize end;
} ArcJsonRange;

typedef gboolean (*ArcJsonLiftFunc) (const char * const *path,
                                     guint               depth,
                                     gpointer            data);

/* Told of an object or a list at @path (not one lifted), once it is read */
typedef void (*ArcJsonSpanFunc) (const char * const *path,
                                 guint               depth,
                                 const ArcJsonRange *range,
                                 gpointer            data);

JsonNode   *arc_json_parse_lifting      (const char    *data,
                                         gsize          length,
                                         ArcJsonLiftFunc lift,
                                         gpointer       lift_data,
                                         const char    *marker,
                                         GArray        *ranges,
                                         GError       **error);
const ArcJsonRange *arc_json_lifted_range (JsonNode      *node,
                                          const char    *marker,
                                          GArray        *ranges);
JsonNode   *arc_json_parse_lifting_spans (const char    *data,
                                          gsize          length,
                                          ArcJsonLiftFunc lift,
                                          ArcJsonSpanFunc span,
                                          gpointer       func_data,
                                          const char    *marker,
                                          GArray        *ranges,
                                          GError       **error);

/* A member of an object kept under another name: the object had one of
 * that name already (arc_json_parse_lifted()) */
typedef struct
{
  char         *path;    /* of the object, its names separated by dots ("[]" for a list's element) */
  char         *key;     /* the name it had */
  char         *name;    /* the name it is kept under */
  ArcJsonRange  range;   /* of its name in the document */
  guint         line;    /* where its name is */
  guint         column;
} ArcJsonRenamed;

void        arc_json_renamed_free       (gpointer       renamed);

/* What arc_json_parse_lifted() lifts out, and where it goes */
typedef struct
{
  ArcJsonLiftFunc  lift;          /* lists lifted, read from the text by the caller */
  ArcJsonLiftFunc  lift_objects;  /* (nullable): objects lifted, each parsed on its own */
  ArcJsonLiftFunc  keep;          /* (nullable): objects whose members are all kept */
  gpointer         data;          /* for the three */
  const char      *marker;
  GArray          *ranges;        /* ArcJsonRange: the lists lifted */
  GArray          *objects;       /* ArcJsonRange: the objects lifted */
  GPtrArray       *renamed;       /* ArcJsonRenamed: the members kept under another name */
} ArcJsonLifting;

JsonNode   *arc_json_parse_lifted       (const char     *data,
                                         gsize           length,
                                         ArcJsonLifting *lifting,
                                         GError        **error);
JsonNode   *arc_json_lifted_object      (JsonNode             *node,
                                         const char           *data,
                                         const ArcJsonLifting *lifting);

G_END_DECLS

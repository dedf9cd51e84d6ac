/* arc-json-private.h: what the JSON reader's files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-json.h"

G_BEGIN_DECLS

/* A byte repeated in each of a 64-bit word's eight, and the eight high bits */
#define BYTES_01 G_GUINT64_CONSTANT (0x0101010101010101)
#define BYTES_80 G_GUINT64_CONSTANT (0x8080808080808080)

gboolean arc_json_reader_fail_unexpected (ArcJsonReader *r,
                                          const char    *expected);

G_END_DECLS

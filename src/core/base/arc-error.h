/* arc-error.h: the error domain of the core library
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define ARC_ERROR (arc_error_quark ())

typedef enum
{
  ARC_ERROR_IO,          /* could not be read or written */
  ARC_ERROR_NOT_FOUND,   /* does not exist, or a broken symbolic link */
  ARC_ERROR_NOT_A_FILE,  /* a folder, FIFO, socket or device where a file was expected */
  ARC_ERROR_TOO_LARGE,   /* larger than the limit for its kind */
  ARC_ERROR_SYNTAX,      /* not valid JSON */
  ARC_ERROR_INVALID,     /* valid JSON, but not a valid task */
  ARC_ERROR_CHANGED,     /* another program changed the file since it was read */
  ARC_ERROR_NO_SPACE,    /* not written: the disk (or the quota) is full */
  ARC_ERROR_READ_ONLY,   /* not written: the file or its folder is read-only */
} ArcError;

GQuark arc_error_quark (void);

G_END_DECLS

/* arc-cli-larc.h: LARC's descriptions in and out (arc-cli-larc.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "arc-cli-util.h"

G_BEGIN_DECLS

int arc_cli_larc_import (int     argc,
                         char  **argv);
int arc_cli_larc_export (ArcCli               *cli,
                         ArcNotesFolderWriter  write);

G_END_DECLS

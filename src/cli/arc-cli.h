/* arc-cli.h: the commands of arc-studio-cli
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Exit statuses shared by every command. */
#define ARC_CLI_OK      0
#define ARC_CLI_FAILED  1  /* the input is invalid */
#define ARC_CLI_USAGE   2  /* a usage error or an unreadable path */

int arc_cli_validate (int argc, char **argv);
int arc_cli_render   (int argc, char **argv);
int arc_cli_notes    (int argc, char **argv);
int arc_cli_stats    (int argc, char **argv);
int arc_cli_score    (int argc, char **argv);
int arc_cli_submission (int argc, char **argv);
int arc_cli_trajectories (int argc, char **argv);
int arc_cli_format   (int argc, char **argv);
int arc_cli_programs (int argc, char **argv);

G_END_DECLS

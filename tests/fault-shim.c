/* fault-shim.c: an LD_PRELOAD library for tests/fault-figures.sh, the same
 * for the code before the one writer and after it
 *
 *   FAULT_SHIM_SLOW_US=N   every write(2) to a regular file writes 4 KiB at
 *                          most, N microseconds after it is asked for
 *   FAULT_SHIM_KILL_RENAME=SUFFIX
 *                          the process is killed (SIGKILL) right before it
 *                          renames a file to a name ending in SUFFIX
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE

#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

ssize_t
write (int         fd,
       const void *buf,
       size_t      count)
{
  static ssize_t (*real) (int, const void *, size_t);
  const char *slow = getenv ("FAULT_SHIM_SLOW_US");
  struct stat st;

  if (real == NULL)
    real = (ssize_t (*) (int, const void *, size_t)) dlsym (RTLD_NEXT, "write");
  if (slow && fstat (fd, &st) == 0 && S_ISREG (st.st_mode))
    {
      usleep ((useconds_t) atoi (slow));
      if (count > 4096)
        count = 4096;
    }
  return real (fd, buf, count);
}

int
rename (const char *from,
        const char *to)
{
  static int (*real) (const char *, const char *);
  const char *suffix = getenv ("FAULT_SHIM_KILL_RENAME");
  size_t n = strlen (to);

  if (real == NULL)
    real = (int (*) (const char *, const char *)) dlsym (RTLD_NEXT, "rename");
  if (suffix && n >= strlen (suffix) && strcmp (to + n - strlen (suffix), suffix) == 0)
    raise (SIGKILL);
  return real (from, to);
}

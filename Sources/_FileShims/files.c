/* The one file-system call Swift's Glibc module does not bring in: renameat2 with
 * RENAME_EXCHANGE, which swaps two paths in one step, so that a folder being replaced is the old
 * folder or the new one at every instant (FileSystem.exchange). Called through syscall(2) so that
 * it works with any glibc; the kernel answers EINVAL on file systems without the flag. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "FileShims.h"

#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

int sr_exchange_paths(const char *first, const char *second) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#else
    errno = ENOSYS;
    return -1;
#endif
}

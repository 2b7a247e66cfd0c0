#ifndef SWELL_CLINUX_SHIM_H
#define SWELL_CLINUX_SHIM_H
// Linux calls that glibc declares only under _GNU_SOURCE, which the Swift
// Glibc module is not built with.
#include <errno.h>
#include <fcntl.h>
#include <semaphore.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/// Swaps two directory entries atomically: renameat2(2) with
/// RENAME_EXCHANGE (Linux 3.15). Returns 0, or -1 with errno set; EINVAL or
/// ENOSYS where the file system or kernel cannot exchange.
static inline int swell_exchange_paths(const char *first, const char *second) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, 2u /* RENAME_EXCHANGE */);
#else
    errno = ENOSYS;
    return -1;
#endif
}

/// sem_timedwait(3) with a deadline on `clock` (glibc 2.30): with
/// CLOCK_MONOTONIC, setting the system time does not move the deadline.
int sem_clockwait(sem_t *semaphore, clockid_t clock, const struct timespec *deadline);
#endif

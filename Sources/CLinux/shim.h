#ifndef SWELL_CLINUX_SHIM_H
#define SWELL_CLINUX_SHIM_H
// Linux calls that glibc declares only under _GNU_SOURCE, which the Swift
// Glibc module is not built with.
#include <errno.h>
#include <fcntl.h>
#include <semaphore.h>
#include <sys/socket.h>
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

/// The user id of the process at the other end of a connected Unix
/// socket: getsockopt(2) SO_PEERCRED, whose `struct ucred` glibc declares
/// only under _GNU_SOURCE (the kernel's layout: pid, uid, gid). Returns 0,
/// or -1 with errno set.
static inline int swell_peer_uid(int socket, unsigned int *uid) {
    struct { int pid; unsigned int uid; unsigned int gid; } credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(socket, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
    *uid = credentials.uid;
    return 0;
}

/// An anonymous file in memory: memfd_create(2) (Linux 3.17). Returns its
/// descriptor, or -1 with errno set.
static inline int swell_memory_file(const char *name) {
#ifdef SYS_memfd_create
    return (int)syscall(SYS_memfd_create, name, 1u /* MFD_CLOEXEC */);
#else
    errno = ENOSYS;
    return -1;
#endif
}

/// sem_timedwait(3) with a deadline on `clock` (glibc 2.30): with
/// CLOCK_MONOTONIC, setting the system time does not move the deadline.
int sem_clockwait(sem_t *semaphore, clockid_t clock, const struct timespec *deadline);
#endif

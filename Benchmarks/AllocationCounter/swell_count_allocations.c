/* An LD_PRELOAD library that counts the heap calls — malloc, calloc,
 * realloc, posix_memalign, aligned_alloc, free — made by real-time threads
 * (SCHED_FIFO: a swell render thread) while the process plays, from
 * SWELL_COUNT_FROM to SWELL_COUNT_UNTIL milliseconds after it starts, and
 * writes "calls N" to the file SWELL_COUNT_REPORT at exit. The window
 * leaves out the thread's start and end, where it may allocate by design;
 * everything in between is the audio callback's steady state, which must
 * make none (docs/performance.md#the-mixing-desk). */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static atomic_long calls, realTimeThreads;
static long start_ms, from_ms = 1000, until_ms = 1L << 40;
static __thread int real_time = -1;

static long now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static void note(void) {
    if (real_time < 0) {
        int policy;
        struct sched_param parameter;
        real_time = pthread_getschedparam(pthread_self(), &policy, &parameter) == 0 && policy == SCHED_FIFO;
        if (real_time) atomic_fetch_add(&realTimeThreads, 1);
    }
    if (!real_time) return;
    long t = now_ms() - start_ms;
    if (t >= from_ms && t < until_ms) atomic_fetch_add(&calls, 1);
}

void *malloc(size_t n) { note(); return __libc_malloc(n); }
void *calloc(size_t n, size_t size) { note(); return __libc_calloc(n, size); }
void *realloc(void *p, size_t n) { note(); return __libc_realloc(p, n); }
void *aligned_alloc(size_t alignment, size_t n) { note(); return __libc_memalign(alignment, n); }
int posix_memalign(void **p, size_t alignment, size_t n) {
    note();
    *p = __libc_memalign(alignment, n);
    return *p ? 0 : 12;
}
void free(void *p) { if (p) note(); __libc_free(p); }

__attribute__((constructor)) static void begin(void) {
    start_ms = now_ms();
    const char *from = getenv("SWELL_COUNT_FROM"), *until = getenv("SWELL_COUNT_UNTIL");
    if (from) from_ms = atol(from);
    if (until) until_ms = atol(until);
}

__attribute__((destructor)) static void report(void) {
    const char *path = getenv("SWELL_COUNT_REPORT");
    FILE *file = path ? fopen(path, "a") : NULL;
    if (!file) return;
    fprintf(file, "pid %d calls %ld real-time-threads %ld\n", (int)getpid(), atomic_load(&calls), atomic_load(&realTimeThreads));
    fclose(file);
}

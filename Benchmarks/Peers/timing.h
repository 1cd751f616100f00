/*
 * timing.h - the clock and the median the drivers of Benchmarks/Peers time with. The clock is the
 * thread's CPU time for queries, as Benchmarks/HitTestBenchmarks times: on a machine whose cores
 * other work shares, a query pre-empted half-way is not charged the time it waited.
 */
#ifndef PEERS_TIMING_H
#define PEERS_TIMING_H

#include <stdlib.h>
#include <time.h>

static inline double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/** Wall-clock time, for what the user waits through (a build that waits for the display). */
static inline double wall_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static inline int timing_compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/** The median of `count` samples (sorts them). */
static inline double median(double *samples, int count) {
    qsort(samples, (size_t)count, sizeof(double), timing_compare);
    return samples[count / 2];
}

#endif

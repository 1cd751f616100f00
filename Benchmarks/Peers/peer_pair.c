/*
 * peer_pair.c - HitKit and Qt 6 in one process, their passes taken in turn (see README.md,
 * "Processes"): the shared machine changes speed every few hundred milliseconds, for every
 * toolkit alike, and two passes a few microseconds apart see the same machine, so the ratio of
 * each turn's two passes is steady where the ratio of two processes' medians is not.
 *
 * usage: peer-pair --shape chain|container|random --views N [--reversed] [--points N] [--seed S]
 *                  [--rounds N] [--seconds S]
 *
 * Builds the tree in both (peer_hitkit.c and peer_qt.cpp, compiled with PEER_PREFIX hitkit and
 * qt), asks both every point and counts the answers that differ, warms both, then takes turns
 * until --seconds have passed and --rounds turns are done (21 unless given): in a turn each
 * toolkit asks every point twice and the second pass is timed (thread CPU time), so neither is
 * timed with the other's data in the caches. Prints one JSON object: pair, shape, views,
 * reversed, points, turns, differ, hitkit_ns and qt6_ns (the median pass, ns per query), and
 * ratio, ratio_p10 and ratio_p90 (Qt's pass over HitKit's in the same turn: the median, and the
 * 10th and 90th percentiles).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "peer_args.h"
#include "timing.h"

#define PAIR_DECLARE(prefix)                                                                        \
    int prefix##_peer_start(int *argc, char **argv, const char *variant);                          \
    void *prefix##_peer_build(const tree *t);                                                      \
    void prefix##_peer_set_points(void *built, const int32_t *px, const int32_t *py, int count);   \
    uint64_t prefix##_peer_query_all(void *built);                                                 \
    int32_t prefix##_peer_answer(void *built, int i);
PAIR_DECLARE(hitkit)
PAIR_DECLARE(qt)

/* Queries the warm-up asks at least: libhitkit builds a window's hit map after 64. */
#define WARM_QUERIES 64
/* Turns at most, whatever --seconds allows. */
#define MOST_TURNS 200000

/** The `q` quantile of `count` samples (sorts them). */
static double quantile(double *samples, int count, double q) {
    median(samples, count);
    return samples[(int)(q * (count - 1) + 0.5)];
}

int main(int argc, char **argv) {
    peer_args args = peer_args_parse(argc, argv);
    if (args.answers || args.variant) {
        fprintf(stderr, "%s: no --answers or --variant (peer-hitkit and peer-qt write the answers)\n", argv[0]);
        return 64;
    }
    tree t = peer_args_tree(&args);
    int one = 1;
    char *no_arguments[] = { argv[0], NULL };
    if (qt_peer_start(&one, no_arguments, NULL) != 0 || hitkit_peer_start(&one, no_arguments, NULL) != 0) {
        fprintf(stderr, "%s: a toolkit did not start\n", argv[0]);
        return 3;
    }
    void *hitkit = hitkit_peer_build(&t), *qt = qt_peer_build(&t);
    int32_t *px, *py;
    peer_args_points(&args, &t, &px, &py);
    hitkit_peer_set_points(hitkit, px, py, args.points);
    qt_peer_set_points(qt, px, py, args.points);

    int differ = 0;
    uint64_t checksum = 0;
    for (int i = 0; i < args.points; i++) differ += hitkit_peer_answer(hitkit, i) != qt_peer_answer(qt, i);
    for (int asked = 0; asked < WARM_QUERIES || asked < args.points; asked++)
        checksum += (uint64_t)hitkit_peer_answer(hitkit, asked % args.points);

    double *hitkit_ns = malloc(sizeof(double) * MOST_TURNS), *qt_ns = malloc(sizeof(double) * MOST_TURNS);
    double *ratios = malloc(sizeof(double) * MOST_TURNS);
    int turns = 0;
    double budget_end = now_ns() + args.seconds * 1e9;
    int fewest = args.rounds < MOST_TURNS ? args.rounds : MOST_TURNS;
    while (turns < MOST_TURNS && (turns < fewest || now_ns() < budget_end)) {
        checksum += hitkit_peer_query_all(hitkit);
        double start = now_ns();
        checksum += hitkit_peer_query_all(hitkit);
        hitkit_ns[turns] = (now_ns() - start) / args.points;
        checksum += qt_peer_query_all(qt);
        start = now_ns();
        checksum += qt_peer_query_all(qt);
        qt_ns[turns] = (now_ns() - start) / args.points;
        ratios[turns] = qt_ns[turns] / hitkit_ns[turns];
        turns++;
    }
    printf("{\"pair\": \"hitkit-qt6\", \"shape\": \"%s\", \"views\": %d, \"reversed\": %s, \"points\": %d, "
           "\"turns\": %d, \"differ\": %d, \"hitkit_ns\": %.1f, \"qt6_ns\": %.1f, \"ratio\": %.3f, "
           "\"ratio_p10\": %.3f, \"ratio_p90\": %.3f}\n",
           args.shape, args.views, args.reversed ? "true" : "false", args.points, turns, differ,
           median(hitkit_ns, turns), median(qt_ns, turns), median(ratios, turns), quantile(ratios, turns, 0.1),
           quantile(ratios, turns, 0.9));
    fprintf(stderr, "checksum %llu\n", (unsigned long long)checksum);
    fflush(stdout);
    /* As peer_main.c: the toolkits' objects are left to the process's end. */
    _exit(0);
}

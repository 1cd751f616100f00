/*
 * peer_main.c - the harness every toolkit's driver shares (see peer.h).
 *
 * usage: DRIVER --shape chain|container|random --views N [--reversed] [--points N] [--seed S]
 *               [--rounds N] [--seconds S] [--answers FILE] [--variant NAME]
 *
 * Builds the tree (build_ms: wall-clock time until the toolkit answers), draws the points,
 * writes every answer to FILE ("px py view" a line), then times passes over all points (thread
 * CPU time): at least three and at most --rounds, until --seconds have passed; reports the
 * median pass in ns per query.
 * Prints one JSON object: peer, shape, views, reversed, depth, points, build_ms, ns, rounds,
 * rss_before_kib, peak_rss_kib.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

#include "peer.h"
#include "peer_args.h"
#include "timing.h"

/* Queries the warm-up asks at least (see main). */
#define WARM_QUERIES 64

int main(int argc, char **argv) {
    peer_args args = peer_args_parse(argc, argv);
    int points = args.points;
    tree t = peer_args_tree(&args);

    int one = 1;
    char *no_arguments[] = { argv[0], NULL };
    if (peer_start(&one, no_arguments, args.variant) != 0) {
        fprintf(stderr, "%s: the toolkit did not start\n", argv[0]);
        return 3;
    }
    long rss_before = peer_rss_kib();
    double start = wall_ns();
    void *built = peer_build(&t);
    double build_ms = (wall_ns() - start) / 1e6;

    int32_t *px, *py;
    peer_args_points(&args, &t, &px, &py);
    peer_set_points(built, px, py, points);

    if (args.answers) {
        FILE *out = fopen(args.answers, "w");
        if (!out) {
            perror(args.answers);
            return 2;
        }
        for (int i = 0; i < points; i++) fprintf(out, "%d %d %d\n", px[i], py[i], peer_answer(built, i));
        fclose(out);
    }

    /* Warm: at least WARM_QUERIES queries, one point at a time (so that callgrind, collecting in
     * peer_query_all, counts the rounds alone). libhitkit builds a window's hit map after 64
     * queries of an unedited store; what the rounds measure is the state after it. */
    uint64_t checksum = 0;
    for (int asked = 0; asked < WARM_QUERIES || asked < points; asked++)
        checksum += (uint64_t)peer_answer(built, asked % points);
    double *samples = malloc(sizeof(double) * (size_t)args.rounds);
    int taken = 0;
    double budget_end = now_ns() + args.seconds * 1e9;
    while (taken < args.rounds && (taken < 3 || now_ns() < budget_end)) {
        double round_start = now_ns();
        checksum += peer_query_all(built);
        samples[taken++] = (now_ns() - round_start) / points;
    }
    double median_ns = median(samples, taken);

    struct rusage usage_now;
    getrusage(RUSAGE_SELF, &usage_now);
    printf("{\"peer\": \"%s\", \"shape\": \"%s\", \"views\": %d, \"reversed\": %s, \"depth\": %d, \"points\": %d, "
           "\"build_ms\": %.1f, \"ns\": %.1f, \"rounds\": %d, \"rss_before_kib\": %ld, \"peak_rss_kib\": %ld}\n",
           peer_name(), args.shape, args.views, args.reversed ? "true" : "false", tree_max_depth(&t), points, build_ms,
           median_ns, taken, rss_before, usage_now.ru_maxrss);
    fprintf(stderr, "checksum %llu\n", (unsigned long long)checksum);
    fflush(stdout);
    /* The toolkit's objects are left to the process's end: some peers take long to tear a deep
     * tree down, which is not what is measured. */
    _exit(0);
}

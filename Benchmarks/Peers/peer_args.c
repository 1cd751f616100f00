/*
 * peer_args.c - the drivers' shared command line (peer_args.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "peer_args.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void usage(void) {
    fprintf(stderr, "usage: DRIVER --shape chain|container|random --views N [--reversed] [--points N] [--seed S]\n"
                    "              [--rounds N] [--seconds S] [--answers FILE] [--variant NAME]\n");
    exit(64);
}

peer_args peer_args_parse(int argc, char **argv) {
    peer_args a = { .points = 1024, .seed = 0x9EE5, .rounds = 21, .seconds = 2 };
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        int more = i + 1 < argc;
        if (strcmp(arg, "--shape") == 0 && more) a.shape = argv[++i];
        else if (strcmp(arg, "--views") == 0 && more) a.views = atoi(argv[++i]);
        else if (strcmp(arg, "--reversed") == 0) a.reversed = 1;
        else if (strcmp(arg, "--points") == 0 && more) a.points = atoi(argv[++i]);
        else if (strcmp(arg, "--seed") == 0 && more) a.seed = strtoull(argv[++i], NULL, 0);
        else if (strcmp(arg, "--rounds") == 0 && more) a.rounds = atoi(argv[++i]);
        else if (strcmp(arg, "--seconds") == 0 && more) a.seconds = atof(argv[++i]);
        else if (strcmp(arg, "--answers") == 0 && more) a.answers = argv[++i];
        else if (strcmp(arg, "--variant") == 0 && more) a.variant = argv[++i];
        else usage();
    }
    if (!a.shape || a.views < 1 || a.points < 1 || a.rounds < 3) usage();
    if (strcmp(a.shape, "chain") != 0 && strcmp(a.shape, "container") != 0 && strcmp(a.shape, "random") != 0) usage();
    return a;
}

tree peer_args_tree(const peer_args *args) {
    tree t = strcmp(args->shape, "chain") == 0       ? peer_chain(args->views)
             : strcmp(args->shape, "container") == 0 ? peer_container(args->views)
                                                      : peer_random(args->views, args->seed);
    tree_finish(&t, args->reversed);
    return t;
}

void peer_args_points(const peer_args *args, const tree *t, int32_t **px, int32_t **py) {
    *px = malloc(sizeof(int32_t) * (size_t)args->points);
    *py = malloc(sizeof(int32_t) * (size_t)args->points);
    points_pixel(t, args->points, args->seed ^ 0x51A7, *px, *py);
}

long peer_rss_kib(void) {
    long pages = 0, resident = 0;
    FILE *statm = fopen("/proc/self/statm", "r");
    if (statm) {
        if (fscanf(statm, "%ld %ld", &pages, &resident) != 2) resident = 0;
        fclose(statm);
    }
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

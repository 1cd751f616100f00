/*
 * peer_args.h - the command line every driver of Benchmarks/Peers takes (peer_main.c, one toolkit
 * a process; peer_pair.c, HitKit and Qt taken in turn), and the tree and points it names.
 */
#ifndef PEERS_PEER_ARGS_H
#define PEERS_PEER_ARGS_H

#include <stdint.h>

#include "trees.h"

typedef struct {
    const char *shape;        /* chain, container or random */
    int views;
    int reversed;             /* every view's subviews stacked the other way round */
    int points;
    uint64_t seed;
    int rounds;               /* passes at most (peer_main.c) */
    double seconds;           /* time the passes may take, past the first three */
    const char *answers;      /* where each answer goes, "px py view" a line; NULL: nowhere */
    const char *variant;      /* the toolkit's variant ("overflow-hidden"); NULL: none */
} peer_args;

/** Reads the arguments; prints the usage and exits 64 when they are wrong. */
peer_args peer_args_parse(int argc, char **argv);
/** The tree the arguments name, finished (tree_finish). */
tree peer_args_tree(const peer_args *args);
/** The query points the arguments name: whole pixels drawn uniformly in the root (points_pixel),
 *  in two arrays of args->points the caller frees. */
void peer_args_points(const peer_args *args, const tree *t, int32_t **px, int32_t **py);

/** The resident set now, in KiB. */
long peer_rss_kib(void);

#endif

/*
 * peer.h - what each toolkit's driver (peer_hitkit.c, peer_gtk.c, peer_qt.cpp) provides to the
 * shared harness (peer_main.c), which builds the tree of trees.h, times the queries, checks
 * nothing itself but writes every answer for run.sh to compare, and prints one JSON line.
 */
#ifndef PEERS_PEER_H
#define PEERS_PEER_H

#include <stdint.h>

#include "trees.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The toolkit's name in the report, with its variant ("gtk4 (overflow hidden)"). */
const char *peer_name(void);
/** Starts the toolkit (its display or platform); non-zero on failure. `variant` is the driver's
 *  --variant argument (NULL when none). */
int peer_start(int *argc, char **argv, const char *variant);
/** Builds `t` and returns the toolkit's objects, ready to answer queries (laid out, shown). */
void *peer_build(const tree *t);
/** Takes the query points (whole pixels; see points_pixel) in the form the toolkit asks. */
void peer_set_points(void *built, const int32_t *px, const int32_t *py, int count);
/** Asks every point once, as a toolkit user would; returns a checksum of the answers. */
uint64_t peer_query_all(void *built);
/** The answer for point `i`, as a view index of the tree (-1: nothing). */
int32_t peer_answer(void *built, int i);

#ifdef __cplusplus
}
#endif
#endif

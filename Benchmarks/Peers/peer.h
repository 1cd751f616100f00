/*
 * peer.h - what each toolkit's driver (peer_hitkit.c, peer_gtk.c, peer_qt.cpp) provides to the
 * shared harness (peer_main.c), which builds the tree of trees.h, times the queries, checks
 * nothing itself but writes every answer for run.sh to compare, and prints one JSON line; and to
 * peer_pair.c, which times HitKit and Qt in turn in one process.
 */
#ifndef PEERS_PEER_H
#define PEERS_PEER_H

#include <stdint.h>

#include "trees.h"

/* peer_pair.c links two drivers into one process: each is compiled with PEER_PREFIX set (-D
 * PEER_PREFIX=qt), which names its functions qt_peer_name and so on. */
#ifdef PEER_PREFIX
#define PEER_JOIN2(prefix, name) prefix##_##name
#define PEER_JOIN(prefix, name) PEER_JOIN2(prefix, name)
#define peer_name PEER_JOIN(PEER_PREFIX, peer_name)
#define peer_start PEER_JOIN(PEER_PREFIX, peer_start)
#define peer_build PEER_JOIN(PEER_PREFIX, peer_build)
#define peer_set_points PEER_JOIN(PEER_PREFIX, peer_set_points)
#define peer_query_all PEER_JOIN(PEER_PREFIX, peer_query_all)
#define peer_answer PEER_JOIN(PEER_PREFIX, peer_answer)
#endif

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

/*
 * trees.h - the view trees and query points every driver of Benchmarks/Peers builds, from one
 * deterministic description (SplitMix64, the generator of Benchmarks/HitTestBenchmarks), so that
 * HitKit, GTK4 and Qt6 answer the same questions.
 *
 * A tree is a list of views: view 0 is the root (the window), every other view's parent comes
 * before it, and a view's frame is in its parent's coordinates. Siblings are stacked in the
 * order of their indices (the last is the front-most) or, with `reversed`, the other way round.
 *
 * The peers' trees have whole-pixel frames, children inside their parents and no transforms,
 * and are queried at the centres of whole pixels (see points_pixel): every toolkit's edge
 * convention (HitKit's half-open rects, GTK's closed ones, Qt's whole-pixel QRect) then gives
 * the same answer, since no centre lies on an edge. The engine benchmark's shapes (ccall.c)
 * repeat Benchmarks/HitTestBenchmarks/Shapes.swift, transforms included.
 */
#ifndef PEERS_TREES_H
#define PEERS_TREES_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct { uint64_t state; } splitmix64;
uint64_t splitmix64_next(splitmix64 *rng);
/** Uniform in [lower, upper]. */
double splitmix64_double(splitmix64 *rng, double lower, double upper);
/** Uniform in [0, bound). */
int64_t splitmix64_below(splitmix64 *rng, int64_t bound);

typedef struct {
    int count;
    int32_t *parent;               /* -1 for the root */
    double *x, *y, *width, *height; /* frame in the parent's coordinates */
    /* An affine transform per view (a b c d tx ty), or NULL when every view has none. */
    double (*transform)[6];
    int reversed;                  /* siblings stacked against index order */
    /* Built by tree_finish: each view's subviews in stacking order (back-most first). */
    int32_t *child_start, *child_count, *children;
    int32_t *depth;
} tree;

void tree_free(tree *t);
/** Fills child lists and depths, with the stacking order `reversed` asks for. */
void tree_finish(tree *t, int reversed);
/** The subviews of `view`, back-most first. */
static inline const int32_t *tree_children(const tree *t, int view, int *count) {
    *count = t->child_count[view];
    return t->children + t->child_start[view];
}
int tree_max_depth(const tree *t);

/* The peers' shapes (whole pixels, no transforms). */

/** `count` views, each the only subview of the one before, all 100 x 100 at the origin. */
tree peer_chain(int count);
/** A 1280-wide root holding `count` 9 x 9 tiles on a 10-pixel grid, 128 to a row. */
tree peer_container(int count);
/** A random tree: each view's parent is drawn uniformly from the views that have fewer than
 *  8 subviews, a depth below 20 and a side of at least 4 pixels; a view is 30-60 % of its
 *  parent's width and height, at a random whole-pixel place inside it. Root 1024 x 1024. */
tree peer_random(int count, uint64_t seed);

/** `count` whole pixels (px, py) drawn uniformly in the root's bounds: a toolkit with whole-pixel
 *  queries (Qt) asks (px, py), the others (px + 0.5, py + 0.5). */
void points_pixel(const tree *t, int count, uint64_t seed, int32_t *px, int32_t *py);

/* The engine benchmark's shapes (Benchmarks/HitTestBenchmarks/Shapes.swift). */
tree engine_chain(int count);
tree engine_container(int count);
tree engine_balanced(int count);
tree engine_random(int count);

#ifdef __cplusplus
}
#endif
#endif

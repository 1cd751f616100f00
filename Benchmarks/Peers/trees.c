/* trees.c - see trees.h. */
#include "trees.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t splitmix64_next(splitmix64 *rng) {
    uint64_t z = (rng->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

double splitmix64_double(splitmix64 *rng, double lower, double upper) {
    return lower + (double)(splitmix64_next(rng) >> 11) / (double)(1ull << 53) * (upper - lower);
}

int64_t splitmix64_below(splitmix64 *rng, int64_t bound) {
    return (int64_t)(splitmix64_next(rng) % (uint64_t)bound);
}

static void *checked_calloc(size_t count, size_t size) {
    void *p = calloc(count ? count : 1, size);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return p;
}

static tree tree_alloc(int count, int transforms) {
    tree t;
    memset(&t, 0, sizeof t);
    t.count = count;
    t.parent = checked_calloc((size_t)count, sizeof *t.parent);
    t.x = checked_calloc((size_t)count, sizeof(double));
    t.y = checked_calloc((size_t)count, sizeof(double));
    t.width = checked_calloc((size_t)count, sizeof(double));
    t.height = checked_calloc((size_t)count, sizeof(double));
    if (transforms) {
        t.transform = checked_calloc((size_t)count, sizeof *t.transform);
        for (int i = 0; i < count; i++) t.transform[i][0] = t.transform[i][3] = 1;
    }
    return t;
}

static void set_view(tree *t, int view, int32_t parent, double x, double y, double w, double h) {
    t->parent[view] = parent;
    t->x[view] = x;
    t->y[view] = y;
    t->width[view] = w;
    t->height[view] = h;
}

void tree_free(tree *t) {
    free(t->parent);
    free(t->x);
    free(t->y);
    free(t->width);
    free(t->height);
    free(t->transform);
    free(t->child_start);
    free(t->child_count);
    free(t->children);
    free(t->depth);
    memset(t, 0, sizeof *t);
}

void tree_finish(tree *t, int reversed) {
    int n = t->count;
    t->reversed = reversed;
    t->child_start = checked_calloc((size_t)n, sizeof(int32_t));
    t->child_count = checked_calloc((size_t)n, sizeof(int32_t));
    t->children = checked_calloc((size_t)n, sizeof(int32_t));
    t->depth = checked_calloc((size_t)n, sizeof(int32_t));
    for (int v = 1; v < n; v++) t->child_count[t->parent[v]]++;
    int32_t start = 0;
    for (int v = 0; v < n; v++) {
        t->child_start[v] = start;
        start += t->child_count[v];
    }
    int32_t *filled = checked_calloc((size_t)n, sizeof(int32_t));
    for (int v = 1; v < n; v++) {
        int32_t p = t->parent[v];
        int32_t slot = reversed ? t->child_count[p] - 1 - filled[p] : filled[p];
        t->children[t->child_start[p] + slot] = v;
        filled[p]++;
        t->depth[v] = t->depth[p] + 1;
    }
    free(filled);
}

int tree_max_depth(const tree *t) {
    int deepest = 0;
    for (int v = 0; v < t->count; v++)
        if (t->depth[v] > deepest) deepest = t->depth[v];
    return deepest;
}

/* ---------------------------------------------------------------------------------------- */

tree peer_chain(int count) {
    tree t = tree_alloc(count, 0);
    for (int v = 0; v < count; v++) set_view(&t, v, v - 1, 0, 0, 100, 100);
    return t;
}

enum { container_columns = 128 };

tree peer_container(int count) {
    int rows = (count + container_columns - 1) / container_columns;
    tree t = tree_alloc(count + 1, 0);
    set_view(&t, 0, -1, 0, 0, container_columns * 10, rows * 10);
    for (int tile = 0; tile < count; tile++)
        set_view(&t, tile + 1, 0, (tile % container_columns) * 10, (tile / container_columns) * 10, 9, 9);
    return t;
}

tree peer_random(int count, uint64_t seed) {
    enum { max_children = 8, max_depth = 20, min_parent_side = 4 };
    tree t = tree_alloc(count, 0);
    int32_t *children = checked_calloc((size_t)count, sizeof(int32_t));
    int32_t *depth = checked_calloc((size_t)count, sizeof(int32_t));
    /* The views that may still take a subview; one leaves by swapping with the last. */
    int32_t *open = checked_calloc((size_t)count, sizeof(int32_t));
    int32_t *where = checked_calloc((size_t)count, sizeof(int32_t));
    int open_count = 0;
    splitmix64 rng = { seed };
    set_view(&t, 0, -1, 0, 0, 1024, 1024);
    open[open_count] = 0;
    where[0] = open_count++;
    for (int v = 1; v < count; v++) {
        if (open_count == 0) {
            fprintf(stderr, "peer_random: no view can take a subview after %d views\n", v);
            exit(2);
        }
        int32_t p = open[splitmix64_below(&rng, open_count)];
        double pw = t.width[p], ph = t.height[p];
        double w = floor(pw * splitmix64_double(&rng, 0.3, 0.6)), h = floor(ph * splitmix64_double(&rng, 0.3, 0.6));
        if (w < 1) w = 1;
        if (h < 1) h = 1;
        double x = (double)splitmix64_below(&rng, (int64_t)(pw - w) + 1);
        double y = (double)splitmix64_below(&rng, (int64_t)(ph - h) + 1);
        set_view(&t, v, p, x, y, w, h);
        depth[v] = depth[p] + 1;
        if (++children[p] == max_children) {
            int32_t last = open[--open_count];
            open[where[p]] = last;
            where[last] = where[p];
        }
        if (depth[v] < max_depth && w >= min_parent_side && h >= min_parent_side) {
            open[open_count] = v;
            where[v] = open_count++;
        }
    }
    free(children);
    free(depth);
    free(open);
    free(where);
    return t;
}

void points_pixel(const tree *t, int count, uint64_t seed, int32_t *px, int32_t *py) {
    splitmix64 rng = { seed };
    int64_t w = (int64_t)t->width[0], h = (int64_t)t->height[0];
    for (int i = 0; i < count; i++) {
        px[i] = (int32_t)((int64_t)t->x[0] + splitmix64_below(&rng, w));
        py[i] = (int32_t)((int64_t)t->y[0] + splitmix64_below(&rng, h));
    }
}

/* ---------------------------------------------------------------------------------------- */
/* Benchmarks/HitTestBenchmarks/Shapes.swift, in C.                                         */

static const double window_side = 1024;

tree engine_chain(int count) {
    tree t = tree_alloc(count, 1);
    for (int v = 0; v < count; v++) set_view(&t, v, v - 1, 0, 0, 100, 100);
    return t;
}

tree engine_container(int count) {
    tree t = peer_container(count);
    t.transform = checked_calloc((size_t)t.count, sizeof *t.transform);
    for (int i = 0; i < t.count; i++) t.transform[i][0] = t.transform[i][3] = 1;
    return t;
}

/* a . b, as AffineTransform.concatenating: a first, then b. */
static void concatenate(double a[6], const double b[6]) {
    double r[6] = {
        a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5],
    };
    memcpy(a, r, sizeof r);
}

static void rotation(double t[6], double angle) {
    double c = cos(angle), s = sin(angle);
    double r[6] = { c, s, -s, c, 0, 0 };
    memcpy(t, r, sizeof r);
}

tree engine_balanced(int count) {
    tree t = tree_alloc(count, 1);
    double *sides = checked_calloc((size_t)count, sizeof(double));
    set_view(&t, 0, -1, 0, 0, window_side, window_side);
    sides[0] = window_side;
    for (int v = 1; v < count; v++) {
        int parent = (v - 1) / 4, quadrant = (v - 1) % 4;
        double cell = sides[parent] / 2, side = cell * 0.9;
        set_view(&t, v, parent, (quadrant % 2) * cell + (cell - side) / 2, (quadrant / 2) * cell + (cell - side) / 2,
                 side, side);
        if (v % 3 == 0) rotation(t.transform[v], 0.15);
        if (v % 5 == 0) {
            double scale[6] = { 0.9, 0, 0, 0.85, 0, 0 };
            concatenate(t.transform[v], scale);
        }
        sides[v] = side;
    }
    free(sides);
    return t;
}

tree engine_random(int count) {
    tree t = tree_alloc(count, 1);
    splitmix64 rng = { 0x5EED };
    set_view(&t, 0, -1, 0, 0, window_side, window_side);
    for (int v = 1; v < count; v++) {
        int parent = (int)splitmix64_below(&rng, v);
        double ax = 0, ay = 0, aw = t.width[parent], ah = t.height[parent];
        if (parent == 0) {
            ax = ay = window_side * 0.05;
            aw = ah = window_side * 0.9;
        }
        double w = aw * splitmix64_double(&rng, 0.3, 0.6), h = ah * splitmix64_double(&rng, 0.3, 0.6);
        double x = ax + splitmix64_double(&rng, 0, aw - w);
        double y = ay + splitmix64_double(&rng, 0, ah - h);
        set_view(&t, v, parent, x, y, w, h);
        if (splitmix64_double(&rng, 0, 1) < 0.15) rotation(t.transform[v], splitmix64_double(&rng, -0.6, 0.6));
        if (splitmix64_double(&rng, 0, 1) < 0.10) {
            double sx = splitmix64_double(&rng, 0.6, 1.4), sy = splitmix64_double(&rng, 0.6, 1.4);
            double scale[6] = { sx, 0, 0, sy, 0, 0 };
            concatenate(t.transform[v], scale);
        }
    }
    return t;
}

/*
 * peer_hitkit.c - HitKit through the installed libhitkit: the tree in an engine store (the root
 * a window), queried with hk_hit_test_screen at pixel centres.
 */
#include <hitkit.h>
#include <stdlib.h>

#include "hitkit_tree.h"
#include "peer.h"

typedef struct {
    hitkit_tree tree;
    hk_point *points;
    int count;
} built_tree;

const char *peer_name(void) { return "hitkit"; }

int peer_start(int *argc, char **argv, const char *variant) {
    (void)argc;
    (void)argv;
    return variant != NULL;
}

void *peer_build(const tree *t) {
    built_tree *b = calloc(1, sizeof *b);
    b->tree = hitkit_tree_build(t);
    return b;
}

void peer_set_points(void *built, const int32_t *px, const int32_t *py, int count) {
    built_tree *b = built;
    b->points = malloc(sizeof(hk_point) * (size_t)count);
    for (int i = 0; i < count; i++) b->points[i] = hk_make_point(px[i] + 0.5, py[i] + 0.5);
    b->count = count;
}

uint64_t peer_query_all(void *built) {
    built_tree *b = built;
    uint64_t sum = 0;
    hk_view hit;
    for (int i = 0; i < b->count; i++) {
        hk_hit_test_screen(b->tree.store, b->points[i], &hit);
        sum += (uint32_t)hit.index;
    }
    return sum;
}

int32_t peer_answer(void *built, int i) {
    built_tree *b = built;
    hk_view hit;
    if (hk_hit_test_screen(b->tree.store, b->points[i], &hit) != HK_OK) return -2;
    return hitkit_tree_index(&b->tree, hit);
}

/*
 * peer_hitkit.c - HitKit through the installed libhitkit: the tree in an engine store (the root
 * a window), queried with hk_hit_test_screen at pixel centres. With --variant maps-off the store
 * builds no hit map, so every query walks the tree (run.sh asks it of the chains, which a map
 * answers from its cells once built).
 */
#include <hitkit.h>
#include <stdlib.h>
#include <string.h>

#include "hitkit_tree.h"
#include "peer.h"

typedef struct {
    hitkit_tree tree;
    hk_point *points;
    int count;
} built_tree;

static int maps_off;

const char *peer_name(void) { return maps_off ? "hitkit (maps off)" : "hitkit"; }

int peer_start(int *argc, char **argv, const char *variant) {
    (void)argc;
    (void)argv;
    if (variant && strcmp(variant, "maps-off") == 0) maps_off = 1;
    else if (variant) return 1;
    return 0;
}

void *peer_build(const tree *t) {
    built_tree *b = calloc(1, sizeof *b);
    b->tree = hitkit_tree_build(t);
    if (maps_off) {
        hk_hit_map_policy never = hk_hit_map_policy_never();
        if (hk_store_set_hit_map_policy(b->tree.store, &never) != HK_OK) abort();
    }
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

/* hitkit_tree.c - see hitkit_tree.h. */
#include "hitkit_tree.h"

#include <stdio.h>
#include <stdlib.h>

static void check(hk_status status, const char *what) {
    if (status != HK_OK) {
        fprintf(stderr, "%s: %s (%s)\n", what, hk_status_name(status), hk_last_error_message());
        exit(2);
    }
}

static size_t slot_of(const hitkit_tree *h, hk_view v) {
    return ((size_t)(uint32_t)v.index * 0x9E3779B1u + v.generation) & h->mask;
}

hitkit_tree hitkit_tree_build(const tree *t) {
    hitkit_tree h;
    h.store = hk_store_create();
    h.views = malloc(sizeof(hk_view) * (size_t)t->count);
    size_t capacity = 2;
    while (capacity < 2 * (size_t)t->count) capacity *= 2;
    h.mask = capacity - 1;
    h.keys = malloc(sizeof(hk_view) * capacity);
    h.values = malloc(sizeof(int32_t) * capacity);
    if (!h.views || !h.keys || !h.values) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    for (size_t i = 0; i < capacity; i++) h.keys[i] = hk_no_view();
    for (int v = 0; v < t->count; v++) {
        hk_rect frame = hk_make_rect(t->x[v], t->y[v], t->width[v], t->height[v]);
        if (v == 0) check(hk_window_create(h.store, frame, 0, &h.views[v]), "hk_window_create");
        else check(hk_view_create(h.store, frame, &h.views[v]), "hk_view_create");
        if (t->transform) {
            const double *m = t->transform[v];
            if (m[0] != 1 || m[1] != 0 || m[2] != 0 || m[3] != 1 || m[4] != 0 || m[5] != 0) {
                hk_transform transform = { m[0], m[1], m[2], m[3], m[4], m[5] };
                check(hk_view_set_transform(h.store, h.views[v], transform), "hk_view_set_transform");
            }
        }
        size_t slot = slot_of(&h, h.views[v]);
        while (!hk_view_is_none(h.keys[slot])) slot = (slot + 1) & h.mask;
        h.keys[slot] = h.views[v];
        h.values[slot] = v;
    }
    for (int v = t->count - 1; v >= 0; v--) {
        int count;
        const int32_t *children = tree_children(t, v, &count);
        for (int i = 0; i < count; i++)
            check(hk_view_add_subview(h.store, h.views[children[i]], h.views[v]), "hk_view_add_subview");
    }
    return h;
}

void hitkit_tree_free(hitkit_tree *h) {
    hk_store_destroy(h->store);
    free(h->views);
    free(h->keys);
    free(h->values);
}

int32_t hitkit_tree_index(const hitkit_tree *h, hk_view answer) {
    if (hk_view_is_none(answer)) return -1;
    for (size_t slot = slot_of(h, answer);; slot = (slot + 1) & h->mask) {
        if (hk_view_is_none(h->keys[slot])) break;
        if (hk_view_equal(h->keys[slot], answer)) return h->values[slot];
    }
    fprintf(stderr, "HitKit answered a view that is not in the tree\n");
    exit(2);
}

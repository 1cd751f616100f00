/* hitkit_tree.h - a tree of trees.h built into a libhitkit store, and its answers as view indices. */
#ifndef PEERS_HITKIT_TREE_H
#define PEERS_HITKIT_TREE_H

#include <hitkit.h>

#include "trees.h"

typedef struct {
    hk_store *store;
    hk_view *views;       /* views[i] is the tree's view i */
    /* Answers back to view indices: an open-addressing table keyed by the handle. */
    hk_view *keys;
    int32_t *values;
    size_t mask;
} hitkit_tree;

/** Builds `t` into a new store: the root a window, the others views, linked deepest parent
 *  first (adding a subview checks for cycles upwards, so a deep chain links in linear time). */
hitkit_tree hitkit_tree_build(const tree *t);
void hitkit_tree_free(hitkit_tree *h);
/** The tree index of an answer, -1 for none; exits if HitKit answered a view not in the tree. */
int32_t hitkit_tree_index(const hitkit_tree *h, hk_view answer);

#endif

/*
 * peer_gtk.c - GTK 4: every view a GtkFixed placed in its parent with gtk_fixed_put and sized
 * with gtk_widget_set_size_request, the root in a presented window (under Xvfb), queried with
 * gtk_widget_pick on the root at pixel centres. Every widget's overflow is set: visible by
 * default, so a pick looks into every subtree (a child may draw outside its parent); hidden with
 * --variant overflow-hidden (GtkFixed's own default), so a pick skips a subtree the point is
 * outside of.
 */
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "peer.h"

typedef struct {
    GtkWidget *window, *root;
    GtkWidget **widgets;
    GHashTable *index;     /* widget -> view index + 1 */
    double *x, *y;
    int count;
} built_tree;

static int overflow_hidden;

const char *peer_name(void) { return overflow_hidden ? "gtk4 (overflow hidden)" : "gtk4"; }

int peer_start(int *argc, char **argv, const char *variant) {
    (void)argc;
    (void)argv;
    if (variant && strcmp(variant, "overflow-hidden") == 0) overflow_hidden = 1;
    else if (variant) return 1;
    return gtk_init_check() ? 0 : 1;
}

/* Whether the window is shown and the tree laid out: every widget has its size. */
static int laid_out(const built_tree *b, const tree *t) {
    if (!gtk_widget_get_mapped(b->root)) return 0;
    for (int v = t->count - 1; v >= 0; v = v ? v / 2 : -1)  /* a sample, the last view included */
        if (gtk_widget_get_width(b->widgets[v]) != (int)t->width[v]) return 0;
    return gtk_widget_get_width(b->widgets[0]) == (int)t->width[0];
}

void *peer_build(const tree *t) {
    built_tree *b = calloc(1, sizeof *b);
    b->widgets = calloc((size_t)t->count, sizeof(GtkWidget *));
    b->index = g_hash_table_new(g_direct_hash, g_direct_equal);
    for (int v = 0; v < t->count; v++) {
        GtkWidget *w = gtk_fixed_new();
        gtk_widget_set_size_request(w, (int)t->width[v], (int)t->height[v]);
        gtk_widget_set_overflow(w, overflow_hidden ? GTK_OVERFLOW_HIDDEN : GTK_OVERFLOW_VISIBLE);
        b->widgets[v] = w;
        g_hash_table_insert(b->index, w, GINT_TO_POINTER(v + 1));
    }
    for (int v = 0; v < t->count; v++) {
        int count;
        const int32_t *children = tree_children(t, v, &count);
        for (int i = 0; i < count; i++)  /* back-most first: each put goes in front */
            gtk_fixed_put(GTK_FIXED(b->widgets[v]), b->widgets[children[i]], t->x[children[i]], t->y[children[i]]);
    }
    b->root = b->widgets[0];
    gtk_widget_set_halign(b->root, GTK_ALIGN_START);
    gtk_widget_set_valign(b->root, GTK_ALIGN_START);
    b->window = gtk_window_new();
    gtk_window_set_child(GTK_WINDOW(b->window), b->root);
    gtk_window_present(GTK_WINDOW(b->window));
    while (!laid_out(b, t)) g_main_context_iteration(NULL, TRUE);
    return b;
}

void peer_set_points(void *built, const int32_t *px, const int32_t *py, int count) {
    built_tree *b = built;
    b->x = malloc(sizeof(double) * (size_t)count);
    b->y = malloc(sizeof(double) * (size_t)count);
    for (int i = 0; i < count; i++) {
        b->x[i] = px[i] + 0.5;
        b->y[i] = py[i] + 0.5;
    }
    b->count = count;
}

uint64_t peer_query_all(void *built) {
    built_tree *b = built;
    uint64_t sum = 0;
    for (int i = 0; i < b->count; i++) sum += (uintptr_t)gtk_widget_pick(b->root, b->x[i], b->y[i], GTK_PICK_DEFAULT);
    return sum;
}

int32_t peer_answer(void *built, int i) {
    built_tree *b = built;
    GtkWidget *picked = gtk_widget_pick(b->root, b->x[i], b->y[i], GTK_PICK_DEFAULT);
    if (!picked) return -1;
    gpointer found = g_hash_table_lookup(b->index, picked);
    if (!found) {
        fprintf(stderr, "gtk_widget_pick answered a widget that is not in the tree\n");
        exit(2);
    }
    return GPOINTER_TO_INT(found) - 1;
}

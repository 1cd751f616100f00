/*
 * peer_qt.cpp - Qt 6 widgets (QT_QPA_PLATFORM=offscreen): every view a QWidget made with its
 * parent and placed with setGeometry, the root shown, queried with QWidget::childAt on the root
 * at whole pixels. childAt answers the root's descendants only: a point inside the root that no
 * child takes is the root's own, one outside it nothing.
 */
#include <QApplication>
#include <QHash>
#include <QWidget>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "peer.h"

namespace {

struct BuiltTree {
    QWidget *root = nullptr;
    std::vector<QWidget *> widgets;
    QHash<QWidget *, int> index;
    std::vector<QPoint> points;
};

QApplication *application;

}  // namespace

extern "C" const char *peer_name(void) { return "qt6"; }

extern "C" int peer_start(int *argc, char **argv, const char *variant) {
    if (variant) return 1;
    application = new QApplication(*argc, argv);
    return 0;
}

extern "C" void *peer_build(const tree *t) {
    auto *b = new BuiltTree;
    b->widgets.resize(static_cast<size_t>(t->count));
    b->root = new QWidget;
    b->root->setGeometry(0, 0, static_cast<int>(t->width[0]), static_cast<int>(t->height[0]));
    b->widgets[0] = b->root;
    // Parents first, and each parent's subviews back-most first: a widget made later is stacked
    // above its earlier siblings.
    std::vector<int> order{0};
    for (size_t next = 0; next < order.size(); next++) {
        int v = order[next], count = 0;
        const int32_t *children = tree_children(t, v, &count);
        for (int i = 0; i < count; i++) {
            int c = children[i];
            auto *w = new QWidget(b->widgets[static_cast<size_t>(v)]);
            w->setGeometry(static_cast<int>(t->x[c]), static_cast<int>(t->y[c]), static_cast<int>(t->width[c]),
                           static_cast<int>(t->height[c]));
            b->widgets[static_cast<size_t>(c)] = w;
            order.push_back(c);
        }
    }
    for (int v = 0; v < t->count; v++) b->index.insert(b->widgets[static_cast<size_t>(v)], v);
    b->root->show();
    QCoreApplication::processEvents();
    return b;
}

extern "C" void peer_set_points(void *built, const int32_t *px, const int32_t *py, int count) {
    auto *b = static_cast<BuiltTree *>(built);
    b->points.clear();
    for (int i = 0; i < count; i++) b->points.emplace_back(px[i], py[i]);
}

extern "C" uint64_t peer_query_all(void *built) {
    auto *b = static_cast<BuiltTree *>(built);
    uint64_t sum = 0;
    for (const QPoint &p : b->points) sum += reinterpret_cast<uintptr_t>(b->root->childAt(p));
    return sum;
}

extern "C" int32_t peer_answer(void *built, int i) {
    auto *b = static_cast<BuiltTree *>(built);
    const QPoint &p = b->points[static_cast<size_t>(i)];
    QWidget *child = b->root->childAt(p);
    if (!child) return b->root->rect().contains(p) ? 0 : -1;
    auto found = b->index.constFind(child);
    if (found == b->index.constEnd()) {
        std::fprintf(stderr, "QWidget::childAt answered a widget that is not in the tree\n");
        std::exit(2);
    }
    return found.value();
}

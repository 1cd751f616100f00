/*
 * Deep chains on a small stack: a touch passed up the whole chain of a scene at the format's
 * depth limit, and deep teardown: scenes at the format's depth limit (a chain of 9,998 views,
 * then the same with a controller on every view) loaded with hk_scene_load and destroyed with
 * hk_app_destroy, an app and a store holding chains
 * as deep built call by call, and a view tree destroyed inside its store, all on a thread whose
 * stack is 256 KiB, as worker threads of real toolkits have. A teardown that recursed once per
 * level would overflow that stack and crash the client.
 */
#define _POSIX_C_SOURCE 200809L
#include "check.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Views in the deepest chain a scene file can hold: 20,000 levels of JSON nesting, four taken by
 * the document, "windows", the window and its "subviews", two by each view. */
#define DEEPEST_CHAIN ((20000 - 4) / 2)

/* The chains' length: DEEPEST_CHAIN, unless HITKIT_CCLIENT_DEEP_CHAIN gives a shorter one.
 * Tests/CClient/valgrind.sh does: memcheck looks for memory errors and leaks in the same loads,
 * builds and teardowns, which a chain of a thousand views goes through as one of ten thousand
 * does, while the four long chains (four million allocations) took most of CI's valgrind time;
 * run.sh under ThreadSanitizer does too, whose stack depot made them most of that run. The depth
 * itself is checked natively (run.sh) and under AddressSanitizer (run.sh, Tests/TeardownTests). */
static int chain_length(void) {
    const char *text = getenv("HITKIT_CCLIENT_DEEP_CHAIN");
    int length = text ? atoi(text) : 0;
    return length > 0 && length < DEEPEST_CHAIN ? length : DEEPEST_CHAIN;
}
#define SMALL_STACK_BYTES (256 * 1024)

static const hk_rect full = { 0, 0, 100, 100 };

/* Writes a window holding a chain of `depth` views (v0 outermost) to a new file at `path`; with
 * `controllers`, each view is the root view of a controller, each a child of the one before. */
static int write_chain_scene(char *path, int depth, int controllers) {
    int fd = mkstemp(path);
    FILE *file = fd < 0 ? NULL : fdopen(fd, "w");
    if (!file) return 0;
    fputs("{\"windows\": [{\"id\": \"w\", \"frame\": [0, 0, 100, 100], \"subviews\": [", file);
    for (int i = 0; i < depth; i++) {
        fprintf(file, "{\"id\": \"v%d\", \"frame\": [0, 0, 100, 100], ", i);
        if (controllers) fprintf(file, "\"viewController\": {\"id\": \"c%d\"}, ", i);
        fputs("\"subviews\": [", file);
    }
    for (int i = 0; i < depth; i++) fputs("]}", file);
    fputs("]}]}", file);
    return fclose(file) == 0;
}

static void load_and_destroy_scene(const char *path, int depth) {
    hk_app *app = NULL;
    CHECK_STATUS(hk_scene_load(path, &app), HK_OK);
    hk_view innermost, hit;
    char id[16];
    snprintf(id, sizeof id, "v%d", depth - 1);
    CHECK_STATUS(hk_scene_view(app, id, &innermost), HK_OK);
    hk_point corner = { 1, 1 };
    CHECK_STATUS(hk_app_hit_test(app, corner, &hit), HK_OK);
    CHECK(hit.index == innermost.index && hit.generation == innermost.generation);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

static void build_and_destroy_app(int depth) {
    hk_app *app = hk_app_create();
    hk_view parent;
    CHECK_STATUS(hk_app_window_create(app, full, 0, &parent), HK_OK);
    int failures = 0;
    for (int i = 0; i < depth; i++) {
        hk_view child;
        if (hk_app_view_create(app, full, &child) != HK_OK || hk_app_view_add_subview(app, child, parent) != HK_OK) failures++;
        parent = child;
    }
    CHECK(failures == 0);
    CHECK(hk_store_view_count(hk_app_store(app)) == (size_t)depth + 1);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* Two chains under one window: the first destroyed as a view tree, the second with the store. */
static void build_and_destroy_store(int depth) {
    hk_store *store = hk_store_create();
    hk_view window, first_root = { 0, 0 };
    CHECK_STATUS(hk_window_create(store, full, 0, &window), HK_OK);
    int failures = 0;
    for (int chain = 0; chain < 2; chain++) {
        hk_view parent = window;
        for (int i = 0; i < depth; i++) {
            hk_view child;
            if (hk_view_create(store, full, &child) != HK_OK || hk_view_add_subview(store, child, parent) != HK_OK) failures++;
            if (chain == 0 && i == 0) first_root = child;
            parent = child;
        }
    }
    CHECK(failures == 0);
    CHECK_STATUS(hk_view_destroy(store, first_root), HK_OK);
    CHECK(hk_store_view_count(store) == (size_t)depth + 1);
    CHECK_STATUS(hk_store_destroy(store), HK_OK);
}

/* What a touch handler saw: the calls of one view, in order, as phase and touch id. */
typedef struct { int count; int phases[8]; int64_t ids[8]; int pass_on; } touch_calls;

static int record_touch(const hk_touch_event *event, void *user_data) {
    touch_calls *calls = user_data;
    if (calls->count < 8) {
        calls->phases[calls->count] = event->phase;
        calls->ids[calls->count] = event->touch_id;
    }
    calls->count++;
    return calls->pass_on ? HK_TOUCH_PASS_ON : HK_TOUCH_CONSUME;
}

/* A touch no view keeps goes up the whole chain to the window, which keeps it: one finger
 * tapped with a move, another cancelled by the input. Views along the way that pass it on see
 * every call once, in order, as the window does. The default touch methods pass a call on by
 * calling the next responder; past a bounded depth they queue it instead, so this runs on the
 * small stack (a call per level overflowed it at about 1,400 levels). */
static void touch_deep_chain(const char *path, int depth) {
    hk_app *app = NULL;
    CHECK_STATUS(hk_scene_load(path, &app), HK_OK);
    if (!app) return;
    enum { watched = 4 };
    touch_calls window_calls = { 0 }, view_calls[watched] = { { 0 } };
    hk_view window;
    CHECK_STATUS(hk_scene_view(app, "w", &window), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_handler(app, window, record_touch, &window_calls, NULL), HK_OK);
    /* The innermost view, one past a few hundred levels up, one halfway and the outermost. */
    const int levels[watched] = { depth - 1, depth > 600 ? depth - 600 : 0, depth / 2, 0 };
    for (int k = 0; k < watched; k++) {
        char id[16];
        hk_view view;
        snprintf(id, sizeof id, "v%d", levels[k]);
        view_calls[k].pass_on = 1;
        CHECK_STATUS(hk_scene_view(app, id, &view), HK_OK);
        CHECK_STATUS(hk_app_view_set_touch_handler(app, view, record_touch, &view_calls[k], NULL), HK_OK);
    }
    hk_touch_input inputs[5] = {
        touch_at(1, HK_PHASE_BEGAN, 50, 50), touch_at(1, HK_PHASE_MOVED, 60, 50), touch_at(1, HK_PHASE_ENDED, 60, 50),
        touch_at(2, HK_PHASE_BEGAN, 40, 40), touch_at(2, HK_PHASE_CANCELLED, 40, 40),
    };
    for (int i = 0; i < 5; i++) CHECK_STATUS(hk_app_send_frame(app, 1.0 + 0.01 * i, &inputs[i], 1), HK_OK);
    const int phases[5] = { HK_PHASE_BEGAN, HK_PHASE_MOVED, HK_PHASE_ENDED, HK_PHASE_BEGAN, HK_PHASE_CANCELLED };
    const int64_t ids[5] = { 1, 1, 1, 2, 2 };
    for (int k = 0; k <= watched; k++) {
        const touch_calls *calls = k < watched ? &view_calls[k] : &window_calls;
        int same = calls->count == 5;
        for (int i = 0; same && i < 5; i++) same = calls->phases[i] == phases[i] && calls->ids[i] == ids[i];
        CHECK(same);
    }
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

static void *teardowns(void *paths) {
    int depth = chain_length();
    touch_deep_chain(((char **)paths)[0], depth);
    touch_deep_chain(((char **)paths)[1], depth);
    load_and_destroy_scene(((char **)paths)[0], depth);
    load_and_destroy_scene(((char **)paths)[1], depth);
    build_and_destroy_app(depth);
    build_and_destroy_store(depth);
    return NULL;
}

void test_deep_teardown_on_small_stack(void) {
    char views[] = "/tmp/hitkit-cclient-deep-XXXXXX", controllers[] = "/tmp/hitkit-cclient-deep-XXXXXX";
    char *paths[] = { views, controllers };
    CHECK(write_chain_scene(views, chain_length(), 0));
    CHECK(write_chain_scene(controllers, chain_length(), 1));
    pthread_attr_t attributes;
    pthread_t thread;
    CHECK(pthread_attr_init(&attributes) == 0);
    CHECK(pthread_attr_setstacksize(&attributes, SMALL_STACK_BYTES) == 0);
    CHECK(pthread_create(&thread, &attributes, teardowns, paths) == 0);
    CHECK(pthread_join(thread, NULL) == 0);
    pthread_attr_destroy(&attributes);
    unlink(views);
    unlink(controllers);
}

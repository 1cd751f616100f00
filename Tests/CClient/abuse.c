/*
 * Bad uses of the C API, each refused with its status and nothing else lost: NULL, destroyed
 * and foreign handles for every new function (and the most used of the earlier ones), the wrong
 * thread, re-entry from callbacks, and callbacks that destroy their own view or control.
 */
#define _POSIX_C_SOURCE 200809L  /* pthread_barrier_t, rand_r */
#include "check.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static hk_status send_one(hk_app *app, double time, hk_touch_input t) { return hk_app_send_frame(app, time, &t, 1); }

static int answer_yes(hk_app *a, hk_gesture g, void *u) { (void)a; (void)g; (void)u; return 1; }
static int keep_touch(const hk_touch_event *e, void *u) { (void)e; (void)u; return HK_TOUCH_CONSUME; }
static void no_action(const hk_action_event *e, void *u) { (void)e; (void)u; }
static void no_gesture(const hk_gesture_event *e, void *u) { (void)e; (void)u; }
static void no_scroll(hk_app *a, const hk_view *v, const hk_point *p, void *u) { (void)a; (void)v; (void)p; (void)u; }
static void no_hit(hk_store *s, const hk_view *v, const hk_point *p, hk_view *out, void *u) {
    (void)s; (void)v; (void)p; (void)out; (void)u;
}
static int no_inside(hk_store *s, const hk_view *v, const hk_point *p, void *u) { (void)s; (void)v; (void)p; (void)u; return 0; }

/* Every app function of the additions, and the old ones most used, with one app and view
 * handle: each must return `expected`. `gesture` and `controller` are live in `app` when it is. */
static void app_calls(hk_app *app, hk_view v, hk_gesture gesture, hk_controller controller, hk_status expected,
                      int view_calls_only) {
    hk_view out_view;
    hk_point point;
    hk_size size;
    int32_t flag;
    hk_gesture g;
    hk_action_id action;
    hk_controller c;
    hk_responder_kind kind;
    hk_gesture_delegate delegate;
    memset(&delegate, 0, sizeof delegate);
    delegate.should_begin = answer_yes;

    CHECK_STATUS(hk_app_view_set_touch_handler(app, v, keep_touch, NULL, NULL), expected);
    CHECK_STATUS(hk_control_set_action_callback(app, v, HK_EVENT_ALL, no_action, NULL, NULL), expected);
    CHECK_STATUS(hk_control_add_action(app, v, HK_EVENT_ALL, &action, no_action, NULL, NULL), expected);
    CHECK_STATUS(hk_control_remove_action(app, v, 1), expected);
    CHECK_STATUS(hk_scroll_view_set_content_size(app, v, size = (hk_size){ 1, 1 }), expected);
    CHECK_STATUS(hk_scroll_view_content_size(app, v, &size), expected);
    CHECK_STATUS(hk_scroll_view_set_content_offset(app, v, hk_make_point(0, 0)), expected);
    CHECK_STATUS(hk_scroll_view_content_offset(app, v, &point), expected);
    /* Reads take the lock-free path; its failures are the full call's. */
    double value;
    int32_t state_bits;
    CHECK_STATUS(hk_control_value(app, v, &value), expected);
    CHECK_STATUS(hk_scroll_view_state(app, v, &state_bits), expected);
    CHECK_STATUS(hk_scroll_view_deceleration_rate(app, v, &value), expected);
    CHECK_STATUS(hk_scroll_view_zoom_scale(app, v, &value), expected);
    CHECK_STATUS(hk_scroll_view_set_delays_content_touches(app, v, 0), expected);
    CHECK_STATUS(hk_scroll_view_set_content_touch_delay(app, v, 0.1), expected);
    CHECK_STATUS(hk_scroll_view_set_can_cancel_content_touches(app, v, 0), expected);
    CHECK_STATUS(hk_scroll_view_pan_gesture(app, v, &g), expected);
    CHECK_STATUS(hk_scroll_view_set_offset_callback(app, v, no_scroll, NULL, NULL), expected);
    CHECK_STATUS(hk_view_controller_create(app, v, &c), expected);
    CHECK_STATUS(hk_window_set_root_view_controller(app, v, 0), expected);
    CHECK_STATUS(hk_app_view_next_responder(app, v, &kind, &out_view, &c), expected);
    CHECK_STATUS(hk_app_become_first_responder(app, v, &flag), expected);
    CHECK_STATUS(hk_app_resign_first_responder(app, v, &flag), expected);
    /* The old ones. */
    CHECK_STATUS(hk_app_view_add_subview(app, v, v), expected);
    CHECK_STATUS(hk_app_view_remove_from_superview(app, v), expected);
    CHECK_STATUS(hk_app_view_set_touch_callback(app, v, NULL, NULL, NULL), expected);
    CHECK_STATUS(hk_control_set_count(app, v, 3), expected);
    CHECK_STATUS(hk_tap_create(app, v, 1, 1, &g), expected);
    CHECK_STATUS(hk_app_view_destroy(app, v), expected);
    if (view_calls_only) return;

    hk_gesture_state gesture_state;
    hk_gesture_kind gesture_kind;
    hk_gesture_event gesture_event;
    double interval;
    int32_t sessions;
    CHECK_STATUS(hk_gesture_state_of(app, gesture, &gesture_state), expected);
    CHECK_STATUS(hk_gesture_kind_of(app, gesture, &gesture_kind), expected);
    CHECK_STATUS(hk_gesture_snapshot(app, gesture, &gesture_event), expected);
    CHECK_STATUS(hk_app_animation_frame_interval(app, &interval), expected);
    CHECK_STATUS(hk_app_drag_session_count(app, &sessions), expected);
    CHECK_STATUS(hk_gesture_set_delegate(app, gesture, &delegate, NULL, NULL), expected);
    CHECK_STATUS(hk_gesture_clear_delegate(app, gesture), expected);
    CHECK_STATUS(hk_gesture_set_callback(app, gesture, no_gesture, NULL, NULL), expected);
    CHECK_STATUS(hk_view_controller_destroy(app, controller), expected);
    CHECK_STATUS(hk_view_controller_view(app, controller, &out_view), expected);
    CHECK_STATUS(hk_view_controller_present(app, controller, controller), expected);
    CHECK_STATUS(hk_view_controller_dismiss(app, controller), expected);
    CHECK_STATUS(hk_view_controller_presented(app, controller, &c), expected);
    CHECK_STATUS(hk_view_controller_add_child(app, controller, controller), expected);
    CHECK_STATUS(hk_view_controller_remove_from_parent(app, controller), expected);
    CHECK_STATUS(hk_view_controller_parent(app, controller, &c), expected);
    CHECK_STATUS(hk_view_controller_next_responder(app, controller, &kind, &out_view, &c), expected);
    CHECK_STATUS(hk_app_focusable_view_create(app, hk_make_rect(0, 0, 1, 1), &out_view), expected);
    CHECK_STATUS(hk_app_first_responder(app, &out_view), expected);
    double deadline;
    CHECK_STATUS(hk_app_next_deadline(app, &deadline), expected);
    CHECK_STATUS(hk_scroll_view_create(app, hk_make_rect(0, 0, 1, 1), &out_view), expected);
    CHECK_STATUS(hk_app_send_frame(app, 100, NULL, 0), expected);
    CHECK_STATUS(hk_app_advance(app, 100), expected);
    CHECK_STATUS(hk_gesture_destroy(app, gesture), expected);
}

/* The store functions of the additions and a few old ones. */
static void store_calls(hk_store *store, hk_view v, hk_status expected) {
    hk_view out_view;
    int32_t flag;
    hk_point out_point;
    hk_rect out_rect;
    hk_transform out_transform;
    double out_alpha;
    hk_insets out_insets;
    hk_size out_size;
    size_t count;
    const hk_transform identity = { 1, 0, 0, 1, 0, 0 };
    const hk_insets insets = { 1, 1, 1, 1 };
    const hk_size size = { 44, 44 };
    /* A view's geometry, flags and neighbours, and conversions: calls that never call C, which
     * skip the call bookkeeping even on a store whose views call C. */
    CHECK_STATUS(hk_view_center(store, v, &out_point), expected);
    CHECK_STATUS(hk_view_bounds(store, v, &out_rect), expected);
    CHECK_STATUS(hk_view_frame(store, v, &out_rect), expected);
    CHECK_STATUS(hk_view_transform(store, v, &out_transform), expected);
    CHECK_STATUS(hk_view_anchor_point(store, v, &out_point), expected);
    CHECK_STATUS(hk_view_hit_area(store, v, &out_rect), expected);
    CHECK_STATUS(hk_view_set_bounds(store, v, hk_make_rect(0, 0, 5, 5)), expected);
    CHECK_STATUS(hk_view_set_frame(store, v, hk_make_rect(0, 0, 5, 5)), expected);
    CHECK_STATUS(hk_view_set_transform(store, v, identity), expected);
    CHECK_STATUS(hk_view_set_anchor_point(store, v, hk_make_point(0.5, 0.5)), expected);
    CHECK_STATUS(hk_view_set_flag(store, v, HK_FLAG_HIDDEN, 0), expected);
    CHECK_STATUS(hk_view_set_alpha(store, v, 1), expected);
    CHECK_STATUS(hk_view_set_hit_test_insets(store, v, insets), expected);
    CHECK_STATUS(hk_view_set_minimum_hit_size(store, v, size), expected);
    CHECK_STATUS(hk_view_alpha(store, v, &out_alpha), expected);
    CHECK_STATUS(hk_view_hit_test_insets(store, v, &out_insets), expected);
    CHECK_STATUS(hk_view_minimum_hit_size(store, v, &out_size), expected);
    CHECK_STATUS(hk_view_superview(store, v, &out_view), expected);
    CHECK_STATUS(hk_view_subview_count(store, v, &count), expected);
    CHECK_STATUS(hk_view_subview_at(store, v, 0, &out_view), expected);
    CHECK_STATUS(hk_convert_point(store, hk_make_point(1, 1), v, hk_no_view(), &out_point), expected);
    CHECK_STATUS(hk_convert_rect(store, hk_make_rect(1, 1, 2, 2), hk_no_view(), v, &out_rect), expected);
    CHECK_STATUS(hk_view_set_hit_test_callback(store, v, no_hit, NULL, NULL), expected);
    CHECK_STATUS(hk_view_set_point_inside_callback(store, v, no_inside, NULL, NULL), expected);
    CHECK_STATUS(hk_view_default_hit_test(store, v, hk_make_point(1, 1), &out_view), expected);
    CHECK_STATUS(hk_view_default_point_inside(store, v, hk_make_point(1, 1), &flag), expected);
    CHECK_STATUS(hk_view_point_inside(store, v, hk_make_point(1, 1), &flag), expected);
    CHECK_STATUS(hk_view_set_center(store, v, hk_make_point(1, 1)), expected);
    CHECK_STATUS(hk_view_flag(store, v, HK_FLAG_HIDDEN, &flag), expected);
    CHECK_STATUS(hk_hit_test_view(store, v, hk_make_point(1, 1), &out_view), expected);
    CHECK_STATUS(hk_view_first_subview(store, v, &out_view), expected);
    CHECK_STATUS(hk_view_next_sibling(store, v, &out_view), expected);
    CHECK_STATUS(hk_view_destroy(store, v), expected);
}

/* ---------------------------------------------------------------------------------------- */

void test_bad_handles(void) {
    hk_app *a = hk_app_create(), *b = hk_app_create();
    hk_view wa, wb, va, vc;
    hk_gesture ga;
    hk_controller ca;
    CHECK_STATUS(hk_app_window_create(a, hk_make_rect(0, 0, 100, 100), 0, &wa), HK_OK);
    CHECK_STATUS(hk_app_window_create(b, hk_make_rect(0, 0, 100, 100), 0, &wb), HK_OK);
    CHECK_STATUS(hk_app_view_create(a, hk_make_rect(0, 0, 10, 10), &va), HK_OK);
    CHECK_STATUS(hk_tap_create(a, wa, 1, 1, &ga), HK_OK);
    CHECK_STATUS(hk_app_view_create(a, hk_make_rect(0, 0, 10, 10), &vc), HK_OK);
    CHECK_STATUS(hk_view_controller_create(a, vc, &ca), HK_OK);

    /* NULL apps and stores. */
    app_calls(NULL, va, ga, ca, HK_ERR_INVALID_ARGUMENT, 0);
    store_calls(NULL, va, HK_ERR_INVALID_ARGUMENT);
    {
        hk_view none;
        CHECK_STATUS(hk_hit_test_screen(NULL, hk_make_point(1, 1), &none), HK_ERR_INVALID_ARGUMENT);
    }
    /* hk_no_view() where a view is needed. */
    app_calls(a, hk_no_view(), ga, ca, HK_ERR_INVALID_ARGUMENT, 1);

    /* A's views used with B (the first created in each app share row 0 and generation): refused
     * as foreign, and B's window is untouched. */
    app_calls(b, wa, ga, ca, HK_ERR_FOREIGN_HANDLE, 1);
    store_calls(hk_app_store(b), wa, HK_ERR_FOREIGN_HANDLE);
    CHECK(strstr(hk_last_error_message(), "another") != NULL);
    hk_view hit;
    CHECK_STATUS(hk_app_hit_test(b, hk_make_point(50, 50), &hit), HK_OK);
    CHECK(hk_view_equal(hit, wb));
    /* A view of an engine store used with an app, and the other way round. */
    hk_store *store = hk_store_create();
    hk_view sv;
    CHECK_STATUS(hk_view_create(store, hk_make_rect(0, 0, 1, 1), &sv), HK_OK);
    store_calls(store, wa, HK_ERR_FOREIGN_HANDLE);
    app_calls(a, sv, ga, ca, HK_ERR_FOREIGN_HANDLE, 1);
    /* A foreign view as the second of two, and as the window of a window call. */
    CHECK_STATUS(hk_view_add_subview(store, sv, wa), HK_ERR_FOREIGN_HANDLE);
    CHECK_STATUS(hk_view_insert_below(store, sv, wa), HK_ERR_FOREIGN_HANDLE);
    CHECK_STATUS(hk_window_set_level(store, wa, 3), HK_ERR_FOREIGN_HANDLE);
    CHECK_STATUS(hk_window_order_front(store, wa), HK_ERR_FOREIGN_HANDLE);
    /* A handle C made up (no owner tag) is foreign too. */
    hk_view made_up = { 0, 0 };
    store_calls(store, made_up, HK_ERR_FOREIGN_HANDLE);
    /* Made-up store and snapshot pointers, among them values that name the reserved slot 0 of the
     * handle tables and the value that slot keeps: refused, nothing behind them read. */
    uintptr_t made_up_pointers[] = { 1, 8, 15, 16, (uintptr_t)1 << 60, ((uintptr_t)1 << 60) | 16 };
    for (size_t i = 0; i < sizeof made_up_pointers / sizeof made_up_pointers[0]; i++) {
        store_calls((hk_store *)made_up_pointers[i], sv, HK_ERR_STALE_HANDLE);
        CHECK_STATUS(hk_hit_test_screen((hk_store *)made_up_pointers[i], hk_make_point(0, 0), &hit), HK_ERR_STALE_HANDLE);
        CHECK_STATUS(hk_hit_test_screen_points((hk_store *)made_up_pointers[i], NULL, 0, NULL), HK_ERR_STALE_HANDLE);
        hk_snapshot_answer kind;
        CHECK(hk_snapshot_hit_test((const hk_snapshot *)made_up_pointers[i], hk_make_point(0, 0), &kind, &hit) != HK_OK);
        CHECK(hk_snapshot_hit_test_points((const hk_snapshot *)made_up_pointers[i], NULL, 0, NULL, NULL) != HK_OK);
    }

    /* Stale views of a live app. */
    CHECK_STATUS(hk_app_view_destroy(a, va), HK_OK);
    app_calls(a, va, ga, ca, HK_ERR_STALE_HANDLE, 1);
    hk_point center;
    CHECK_STATUS(hk_view_center(hk_app_store(a), va, &center), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_view_set_hit_test_callback(hk_app_store(a), va, no_hit, NULL, NULL), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_view_destroy(store, sv), HK_OK);
    store_calls(store, sv, HK_ERR_STALE_HANDLE);

    /* Destroyed apps and stores: their handles stay stale, even once a new app is made (the
     * C handle of an app or store is never reused, even if its memory is). */
    hk_store *borrowed = hk_app_store(a);
    CHECK_STATUS(hk_app_destroy(a), HK_OK);
    hk_app *next = hk_app_create();
    hk_view wn;
    CHECK(next != a);
    CHECK_STATUS(hk_app_window_create(next, hk_make_rect(0, 0, 100, 100), 0, &wn), HK_OK);
    app_calls(a, wa, ga, ca, HK_ERR_STALE_HANDLE, 0);
    store_calls(borrowed, wa, HK_ERR_STALE_HANDLE);
    CHECK(hk_app_store(a) == NULL);
    CHECK(hk_app_time(a) == 0);
    /* The old app's window handle means nothing to the new app either. */
    CHECK_STATUS(hk_app_view_destroy(next, wa), HK_ERR_FOREIGN_HANDLE);
    CHECK_STATUS(hk_app_hit_test(next, hk_make_point(50, 50), &hit), HK_OK);
    CHECK(hk_view_equal(hit, wn));
    CHECK_STATUS(hk_store_destroy(store), HK_OK);
    store_calls(store, sv, HK_ERR_STALE_HANDLE);
    /* The handle is checked before the out pointer. */
    CHECK_STATUS(hk_hit_test_screen(store, hk_make_point(1, 1), NULL), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_app_destroy(next), HK_OK);
    CHECK_STATUS(hk_app_destroy(b), HK_OK);
}

/* ---------------------------------------------------------------------------------------- */
/* Slots taken again by the same kind                                                        */

/* The queries and reads of a store (and of an app, unless NULL) that are refused with
 * `expected`, each leaving its out value alone, and `store_calls`. */
static void refused_queries(hk_app *app, hk_store *store, hk_view view, hk_status expected) {
    hk_view hit = { 12345, 678 };
    const hk_point point = { 5, 5 };
    CHECK_STATUS(hk_hit_test_screen(store, point, &hit), expected);
    CHECK_STATUS(hk_hit_test_screen_points(store, &point, 1, &hit), expected);
    CHECK(hit.index == 12345 && hit.generation == 678);
    CHECK(hk_store_view_count(store) == 0);
    hk_snapshot *snapshot = NULL;
    CHECK_STATUS(hk_store_snapshot(store, &snapshot), expected);
    CHECK(snapshot == NULL);
    store_calls(store, view, expected);
    if (app == NULL) return;
    CHECK_STATUS(hk_app_hit_test(app, point, &hit), expected);
    CHECK(hit.index == 12345 && hit.generation == 678);
}

/* A destroyed store's or app's handle, or a released snapshot's, stays stale once a handle of the
 * same kind holds its slot: the lock-free lookups of queries, reads and frames compare the
 * generation, not only the kind and the thread (another kind in the slot is refused by its kind
 * alone). Freed slots are taken again last freed, first taken, and an app registers its store
 * before itself, so the steps below put a store in a destroyed store's slot, a snapshot in a
 * released snapshot's, stores in a destroyed app's two slots, then an app and its store in them;
 * every live object stays as it was. */
void test_reused_slots(void) {
    const hk_point point = { 5, 5 };
    hk_view hit, old_window, window;
    hk_store *old_store = hk_store_create();
    CHECK_STATUS(hk_window_create(old_store, hk_make_rect(0, 0, 10, 10), 0, &old_window), HK_OK);
    CHECK_STATUS(hk_store_destroy(old_store), HK_OK);
    hk_store *store = hk_store_create();
    CHECK_STATUS(hk_window_create(store, hk_make_rect(0, 0, 10, 10), 0, &window), HK_OK);
    refused_queries(NULL, old_store, window, HK_ERR_STALE_HANDLE);
    CHECK(hk_store_view_count(store) == 1);
    CHECK_STATUS(hk_hit_test_screen(store, point, &hit), HK_OK);
    CHECK(hk_view_equal(hit, window));

    /* A released snapshot's slot taken by the next snapshot: the old handle queries and releases
     * nothing. */
    hk_snapshot *old_snapshot = NULL, *snapshot = NULL;
    hk_snapshot_answer kind = HK_SNAPSHOT_MISS;
    hk_point converted = { 7, 7 };
    CHECK_STATUS(hk_store_snapshot(store, &old_snapshot), HK_OK);
    CHECK_STATUS(hk_snapshot_release(old_snapshot), HK_OK);
    CHECK_STATUS(hk_store_snapshot(store, &snapshot), HK_OK);
    hit = hk_no_view();
    CHECK_STATUS(hk_snapshot_hit_test(old_snapshot, point, &kind, &hit), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_snapshot_hit_test_points(old_snapshot, &point, 1, &kind, &hit), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_snapshot_convert(old_snapshot, point, window, hk_no_view(), &converted), HK_ERR_STALE_HANDLE);
    CHECK(kind == HK_SNAPSHOT_MISS && hk_view_is_none(hit) && converted.x == 7 && converted.y == 7);
    CHECK_STATUS(hk_snapshot_release(old_snapshot), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_snapshot_hit_test(snapshot, point, &kind, &hit), HK_OK);
    CHECK(kind == HK_SNAPSHOT_HIT && hk_view_equal(hit, window));
    CHECK_STATUS(hk_snapshot_release(snapshot), HK_OK);
    CHECK_STATUS(hk_store_destroy(store), HK_OK);

    /* An app's store slot taken by a store, its app slot by another store. */
    hk_app *old_app = hk_app_create();
    hk_store *old_borrowed = hk_app_store(old_app);
    CHECK_STATUS(hk_app_window_create(old_app, hk_make_rect(0, 0, 10, 10), 0, &old_window), HK_OK);
    CHECK_STATUS(hk_app_destroy(old_app), HK_OK);
    hk_store *first = hk_store_create(), *second = hk_store_create();
    hk_view first_window, second_window;
    CHECK_STATUS(hk_window_create(first, hk_make_rect(0, 0, 10, 10), 0, &first_window), HK_OK);
    CHECK_STATUS(hk_window_create(second, hk_make_rect(0, 0, 10, 10), 0, &second_window), HK_OK);
    refused_queries(old_app, old_borrowed, second_window, HK_ERR_STALE_HANDLE);
    refused_queries(NULL, (hk_store *)old_app, first_window, HK_ERR_STALE_HANDLE);
    CHECK(hk_store_view_count(first) == 1 && hk_store_view_count(second) == 1);

    /* Freed in this order, the stores' slots go to one app and its store: the old app's. */
    CHECK_STATUS(hk_store_destroy(first), HK_OK);
    CHECK_STATUS(hk_store_destroy(second), HK_OK);
    hk_app *app = hk_app_create();
    hk_store *borrowed = hk_app_store(app);
    hk_view tap_view;
    hk_gesture tap;
    hk_controller controller;
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 10, 10), 0, &window), HK_OK);
    CHECK_STATUS(hk_tap_create(app, window, 1, 1, &tap), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 1, 1), &tap_view), HK_OK);
    CHECK_STATUS(hk_view_controller_create(app, tap_view, &controller), HK_OK);
    app_calls(old_app, window, tap, controller, HK_ERR_STALE_HANDLE, 0);
    refused_queries(old_app, old_borrowed, window, HK_ERR_STALE_HANDLE);
    CHECK(hk_store_view_count(borrowed) == 2);
    hk_gesture_state state;
    CHECK_STATUS(hk_gesture_state_of(app, tap, &state), HK_OK);
    CHECK_STATUS(hk_app_hit_test(app, point, &hit), HK_OK);
    CHECK(hk_view_equal(hit, window));
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* More stores live at once than one chunk of the handle table holds (its slots are allocated
 * 256 at a time): each answers with its own window, and is destroyed alone. */
void test_many_live_stores(void) {
    enum { STORES = 600 };
    static hk_store *stores[STORES];
    static hk_view windows[STORES];
    int answered = 0;
    for (int i = 0; i < STORES; i++) {
        stores[i] = hk_store_create();
        CHECK_STATUS(hk_window_create(stores[i], hk_make_rect(i, 0, 1, 1), 0, &windows[i]), HK_OK);
    }
    for (int i = 0; i < STORES; i++) {
        hk_view hit = hk_no_view();
        answered += hk_hit_test_screen(stores[i], hk_make_point(i + 0.5, 0.5), &hit) == HK_OK
            && hk_view_equal(hit, windows[i]) && hk_store_view_count(stores[i]) == 1;
    }
    CHECK(answered == STORES);
    int destroyed = 0;
    for (int i = STORES - 1; i >= 0; i--) destroyed += hk_store_destroy(stores[i]) == HK_OK;
    CHECK(destroyed == STORES);
}

/* Different stores and apps live on different threads at once (Docs/CAPI.md, "Threading"):
 * threads that each make, use and destroy stores, apps with a traced touch, and snapshots, all
 * at the same time, and fail a call for its message. Every handle works on its own thread; under
 * ThreadSanitizer this is also the check that the registries' locks are taken. */
enum { MAKERS = 4, MADE_EACH = 60 };

static void trace_nothing(const hk_trace_record *record, void *user_data) { (void)record; (void)user_data; }

static void *make_use_and_destroy(void *arg) {
    int *rounds = arg;
    for (int i = 0; i < MADE_EACH; i++) {
        hk_store *store = hk_store_create();
        hk_app *app = hk_app_create();
        hk_snapshot *snapshot = NULL;
        hk_snapshot_answer answer = HK_SNAPSHOT_MISS;
        hk_view window, hit = hk_no_view(), app_window;
        int good = store != NULL && app != NULL
            && hk_window_create(store, hk_make_rect(0, 0, 100, 100), 0, &window) == HK_OK
            && hk_store_snapshot(store, &snapshot) == HK_OK
            && hk_snapshot_hit_test(snapshot, hk_make_point(5, 5), &answer, &hit) == HK_OK
            && answer == HK_SNAPSHOT_HIT && hk_view_equal(hit, window)
            && hk_app_window_create(app, hk_make_rect(0, 0, 100, 100), 0, &app_window) == HK_OK
            && hk_app_set_trace_callback(app, trace_nothing, NULL, NULL) == HK_OK;
        hk_touch_input touch = touch_at(1, HK_PHASE_BEGAN, 5, 5);
        good = good && hk_app_send_frame(app, 0, &touch, 1) == HK_OK
            && hk_store_destroy(NULL) == HK_ERR_INVALID_ARGUMENT && hk_last_error_message()[0] != '\0';
        good = hk_snapshot_release(snapshot) == HK_OK && good;
        good = hk_app_destroy(app) == HK_OK && good;
        good = hk_store_destroy(store) == HK_OK && good;
        *rounds += good;
    }
    return NULL;
}

void test_stores_on_several_threads(void) {
    pthread_t threads[MAKERS];
    int rounds[MAKERS] = { 0 }, started[MAKERS];
    for (int i = 0; i < MAKERS; i++) started[i] = pthread_create(&threads[i], NULL, make_use_and_destroy, &rounds[i]) == 0;
    for (int i = 0; i < MAKERS; i++) {
        CHECK(started[i]);
        if (started[i]) pthread_join(threads[i], NULL);
        CHECK(rounds[i] == MADE_EACH);
    }
}

/* An app's handle where a store's is asked for, and a store's where an app's is: refused as the
 * wrong kind (HK_ERR_INVALID_ARGUMENT), on the lock-free paths of queries, reads and frames as on
 * the full calls, and neither object is touched. */
void test_wrong_kind_handles(void) {
    const hk_point point = { 5, 5 };
    hk_app *app = hk_app_create();
    hk_store *store = hk_store_create();
    hk_view app_window, app_view, store_window, hit = { 12345, 678 };
    hk_gesture tap;
    hk_controller controller;
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 10, 10), 0, &app_window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 1, 1), &app_view), HK_OK);
    CHECK_STATUS(hk_window_create(store, hk_make_rect(0, 0, 10, 10), 0, &store_window), HK_OK);
    CHECK_STATUS(hk_tap_create(app, app_window, 1, 1, &tap), HK_OK);
    CHECK_STATUS(hk_view_controller_create(app, app_view, &controller), HK_OK);

    hk_store *app_as_store = (hk_store *)app;
    refused_queries(NULL, app_as_store, app_window, HK_ERR_INVALID_ARGUMENT);
    CHECK(strstr(hk_last_error_message(), "is not an hk_store") != NULL);
    CHECK_STATUS(hk_store_destroy(app_as_store), HK_ERR_INVALID_ARGUMENT);

    hk_app *store_as_app = (hk_app *)store;
    CHECK_STATUS(hk_app_hit_test(store_as_app, point, &hit), HK_ERR_INVALID_ARGUMENT);
    CHECK(strstr(hk_last_error_message(), "is not an hk_app") != NULL);
    CHECK(hit.index == 12345 && hit.generation == 678);
    CHECK(hk_app_store(store_as_app) == NULL);
    app_calls(store_as_app, store_window, tap, controller, HK_ERR_INVALID_ARGUMENT, 0);
    CHECK_STATUS(hk_app_destroy(store_as_app), HK_ERR_INVALID_ARGUMENT);

    /* The app's own store, borrowed, refuses structural edits: the app's calls make them. */
    hk_store *borrowed = hk_app_store(app);
    hk_view parent = { 12345, 678 };
    CHECK_STATUS(hk_view_add_subview(borrowed, app_view, app_window), HK_ERR_INVALID_ARGUMENT);
    CHECK(strstr(hk_last_error_message(), "refused on an app's store") != NULL);
    CHECK_STATUS(hk_view_insert_subview(borrowed, app_view, app_window, 0), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_view_insert_above(borrowed, app_view, app_window), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_view_destroy(borrowed, app_view), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_view_superview(borrowed, app_view, &parent), HK_OK);
    CHECK(hk_view_is_none(parent) && hk_store_view_count(borrowed) == 2);

    /* Both as they were. */
    CHECK_STATUS(hk_app_hit_test(app, point, &hit), HK_OK);
    CHECK(hk_view_equal(hit, app_window));
    CHECK_STATUS(hk_hit_test_screen(store, point, &hit), HK_OK);
    CHECK(hk_view_equal(hit, store_window));
    hk_gesture_state state;
    CHECK_STATUS(hk_gesture_state_of(app, tap, &state), HK_OK);
    CHECK(hk_store_view_count(store) == 1);
    CHECK_STATUS(hk_store_destroy(store), HK_OK);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* A thread's last error is its own: "" on a thread where no call has failed yet, then the
 * message of its own last failure, whatever other threads' calls do. */
static void *fail_on_a_new_thread(void *argument) {
    int *ok = argument;
    ok[0] = strcmp(hk_last_error_message(), "") == 0;
    ok[1] = hk_snapshot_release(NULL) == HK_ERR_INVALID_ARGUMENT
        && strcmp(hk_last_error_message(), "the hk_snapshot is NULL") == 0;
    return NULL;
}

void test_last_error_per_thread(void) {
    CHECK_STATUS(hk_hit_test_screen(NULL, hk_make_point(1, 1), NULL), HK_ERR_INVALID_ARGUMENT);
    const char *mine = "the hk_store is NULL";
    CHECK(strcmp(hk_last_error_message(), mine) == 0);
    int ok[2] = { 0, 0 };
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, fail_on_a_new_thread, ok) == 0);
    CHECK(pthread_join(thread, NULL) == 0);
    CHECK(ok[0] && ok[1]);
    CHECK(strcmp(hk_last_error_message(), mine) == 0);
}

/* ---------------------------------------------------------------------------------------- */
/* The wrong thread                                                                          */

typedef struct {
    hk_app *app;
    hk_store *store, *app_store;
    hk_store *calling;        /* a store one of whose views has a C point-inside callback */
    hk_view calling_view;
    hk_view window, view;
    hk_gesture gesture;
    hk_controller controller;
    hk_app *own;              /* an app the thread makes, and destroys before it ends */
    pthread_barrier_t made, refused;  /* its app made; its app refused on the main thread */
} thread_case;

static void *use_from_another_thread(void *argument) {
    thread_case *t = argument;
    app_calls(t->app, t->view, t->gesture, t->controller, HK_ERR_WRONG_THREAD, 0);
    store_calls(t->store, t->view, HK_ERR_WRONG_THREAD);
    store_calls(t->app_store, t->view, HK_ERR_WRONG_THREAD);
    store_calls(t->calling, t->calling_view, HK_ERR_WRONG_THREAD);
    CHECK(strstr(hk_last_error_message(), "thread") != NULL);
    hk_view hit;
    CHECK_STATUS(hk_hit_test_screen(t->calling, hk_make_point(1, 1), &hit), HK_ERR_WRONG_THREAD);
    CHECK_STATUS(hk_hit_test_screen(t->store, hk_make_point(1, 1), &hit), HK_ERR_WRONG_THREAD);
    CHECK_STATUS(hk_hit_test_screen(t->app_store, hk_make_point(1, 1), &hit), HK_ERR_WRONG_THREAD);
    const hk_point one = { 1, 1 };
    CHECK_STATUS(hk_hit_test_screen_points(t->store, &one, 1, &hit), HK_ERR_WRONG_THREAD);
    CHECK_STATUS(hk_hit_test_screen_points(t->app_store, &one, 1, &hit), HK_ERR_WRONG_THREAD);
    CHECK_STATUS(hk_app_destroy(t->app), HK_ERR_WRONG_THREAD);
    CHECK_STATUS(hk_store_destroy(t->store), HK_ERR_WRONG_THREAD);
    CHECK(hk_app_store(t->app) == NULL);
    CHECK(hk_store_view_count(t->store) == 0);
    /* Its own app works here, is refused on the main thread meanwhile, and is destroyed here:
     * left alive when this thread ends, it would be leaked, refused on every thread. */
    t->own = hk_app_create();
    hk_view w;
    CHECK_STATUS(hk_app_window_create(t->own, hk_make_rect(0, 0, 10, 10), 0, &w), HK_OK);
    pthread_barrier_wait(&t->made);
    pthread_barrier_wait(&t->refused);
    CHECK_STATUS(hk_app_destroy(t->own), HK_OK);
    return NULL;
}

void test_wrong_thread(void) {
    thread_case t;
    pthread_t thread;
    memset(&t, 0, sizeof t);
    t.app = hk_app_create();
    t.store = hk_store_create();
    t.app_store = hk_app_store(t.app);
    CHECK_STATUS(hk_app_window_create(t.app, hk_make_rect(0, 0, 100, 100), 0, &t.window), HK_OK);
    CHECK_STATUS(hk_app_view_create(t.app, hk_make_rect(0, 0, 10, 10), &t.view), HK_OK);
    CHECK_STATUS(hk_tap_create(t.app, t.window, 1, 1, &t.gesture), HK_OK);
    CHECK_STATUS(hk_view_controller_create(t.app, t.view, &t.controller), HK_OK);
    t.calling = hk_store_create();
    hk_view calling_window;
    CHECK_STATUS(hk_window_create(t.calling, hk_make_rect(0, 0, 100, 100), 0, &calling_window), HK_OK);
    CHECK_STATUS(hk_view_create(t.calling, hk_make_rect(0, 0, 10, 10), &t.calling_view), HK_OK);
    CHECK_STATUS(hk_view_add_subview(t.calling, t.calling_view, calling_window), HK_OK);
    CHECK_STATUS(hk_view_set_point_inside_callback(t.calling, t.calling_view, no_inside, NULL, NULL), HK_OK);
    CHECK(pthread_barrier_init(&t.made, NULL, 2) == 0 && pthread_barrier_init(&t.refused, NULL, 2) == 0);
    CHECK(pthread_create(&thread, NULL, use_from_another_thread, &t) == 0);
    pthread_barrier_wait(&t.made);
    CHECK_STATUS(hk_app_advance(t.own, 1), HK_ERR_WRONG_THREAD);
    pthread_barrier_wait(&t.refused);
    pthread_join(thread, NULL);
    pthread_barrier_destroy(&t.made);
    pthread_barrier_destroy(&t.refused);
    /* Nothing changed here: the app and store still work on their thread. */
    hk_view hit;
    CHECK_STATUS(hk_app_hit_test(t.app, hk_make_point(50, 50), &hit), HK_OK);
    CHECK(hk_view_equal(hit, t.window));
    CHECK(hk_store_view_count(hk_app_store(t.app)) == 2);
    CHECK_STATUS(hk_hit_test_screen(t.calling, hk_make_point(5, 5), &hit), HK_OK);
    CHECK(hk_view_equal(hit, calling_window));
    CHECK_STATUS(hk_app_destroy(t.app), HK_OK);
    CHECK_STATUS(hk_store_destroy(t.store), HK_OK);
    CHECK_STATUS(hk_store_destroy(t.calling), HK_OK);
}

/* Another thread's calls while the owner works on the handles they name: the owner makes a
 * store, gives a view a point-inside callback (its queries may call C from now on, which changes
 * what the lock-free lookup compares), destroys the store and makes the next, whose slot may be
 * the same; the other thread's calls meanwhile are refused, as made on the wrong thread or with a
 * destroyed handle, and read nothing the owner writes without ordering (ThreadSanitizer's run). */
typedef struct {
    hk_store *current;  /* the store the racer asks about, published by the owner */
    int stop;
    int asked, refused;
} racing_case;

static void *ask_while_the_owner_works(void *argument) {
    racing_case *r = argument;
    do { /* at least once, however late the thread starts */
        hk_store *store = __atomic_load_n(&r->current, __ATOMIC_ACQUIRE);
        hk_view hit;
        hk_status status = hk_hit_test_screen(store, hk_make_point(5, 5), &hit);
        r->asked++;
        if (status == HK_ERR_WRONG_THREAD || status == HK_ERR_STALE_HANDLE) r->refused++;
    } while (!__atomic_load_n(&r->stop, __ATOMIC_ACQUIRE));
    return NULL;
}

void test_wrong_thread_while_the_owner_works(void) {
    racing_case r;
    memset(&r, 0, sizeof r);
    hk_store *first = hk_store_create();
    __atomic_store_n(&r.current, first, __ATOMIC_RELEASE);
    pthread_t thread;
    int started = pthread_create(&thread, NULL, ask_while_the_owner_works, &r) == 0;
    int worked = 1;
    hk_store *store = first;
    for (int round = 0; round < 300 && started; round++) {
        hk_view window, view, hit;
        worked &= hk_window_create(store, hk_make_rect(0, 0, 100, 100), 0, &window) == HK_OK;
        worked &= hk_view_create(store, hk_make_rect(0, 0, 10, 10), &view) == HK_OK;
        worked &= hk_view_add_subview(store, view, window) == HK_OK;
        worked &= hk_view_set_point_inside_callback(store, view, no_inside, NULL, NULL) == HK_OK;
        worked &= hk_hit_test_screen(store, hk_make_point(5, 5), &hit) == HK_OK && hk_view_equal(hit, window);
        hk_store *next = hk_store_create();
        worked &= next != NULL;
        __atomic_store_n(&r.current, next, __ATOMIC_RELEASE);
        worked &= hk_store_destroy(store) == HK_OK;
        store = next;
    }
    __atomic_store_n(&r.stop, 1, __ATOMIC_RELEASE);
    if (started) pthread_join(thread, NULL);
    CHECK(started);
    CHECK(worked);
    CHECK(r.asked > 0 && r.refused == r.asked);
    CHECK_STATUS(hk_store_destroy(store), HK_OK);
}

/* ---------------------------------------------------------------------------------------- */
/* Re-entry from callbacks, callbacks destroying their own objects                           */

typedef struct {
    hk_app *app;
    hk_view scroll, window;
    hk_status frame, advance, destroy_app, offset, gesture_destroy_app;
    hk_status key_frame, pointer_frame, touchpad_frame, samples_frame, input_frame;
    uint8_t key_outcome;       /* what the refused key frame left in its outcome */
    uint8_t input_outcome;     /* and the refused input frame in its */
    int calls, destroyed;
    int destroy_own;           /* the handler destroys the view it is called on */
    int destroy_window;        /* the handler destroys the window holding its view */
    int last_phase;            /* the phase of the handler's latest call */
} reentry_state;

static int reentrant_handler(const hk_touch_event *event, void *user_data) {
    reentry_state *r = user_data;
    r->calls++;
    r->last_phase = event->phase;
    r->frame = send_one(r->app, 50, touch_at(9, HK_PHASE_BEGAN, 1, 1));
    r->advance = hk_app_advance(r->app, 50);
    /* The frame's friends too; a refused key frame writes no outcome. */
    hk_key_input key;
    memset(&key, 0, sizeof key);
    key.code = 4;
    r->key_outcome = 0xEE;
    r->key_frame = hk_app_send_key_frame(r->app, 50, &key, 1, &r->key_outcome);
    hk_pointer_input pointer;
    memset(&pointer, 0, sizeof pointer);
    pointer.id = 100;
    r->pointer_frame = hk_app_send_pointer_frame(r->app, 50, NULL, 0, &pointer, NULL);
    hk_touchpad_gesture pinch;
    memset(&pinch, 0, sizeof pinch);
    pinch.scale = 1;
    pinch.fingers = 2;
    r->touchpad_frame = hk_app_send_touchpad_frame(r->app, 50, &pinch);
    hk_touch_input touch = touch_at(9, HK_PHASE_BEGAN, 1, 1);
    r->samples_frame = hk_app_send_frame_with_samples(r->app, 50, &touch, NULL, 1);
    hk_input_frame frame;
    memset(&frame, 0, sizeof frame);
    frame.timestamp = 50;
    frame.touches = &touch; frame.touch_count = 1;
    frame.keys = &key; frame.key_count = 1;
    r->input_outcome = 0xEE;
    r->input_frame = hk_app_send_input_frame(r->app, &frame, &r->input_outcome);
    r->destroy_app = hk_app_destroy(r->app);
    r->offset = hk_scroll_view_set_content_offset(r->app, r->scroll, hk_make_point(0, 10));
    if (r->destroy_own) CHECK_STATUS(hk_app_view_destroy(r->app, event->view), HK_OK);
    if (r->destroy_window) {
        r->destroy_window = 0;
        CHECK_STATUS(hk_app_view_destroy(r->app, r->window), HK_OK);
    }
    return HK_TOUCH_PASS_ON;
}

static int reentrant_should_begin(hk_app *app, hk_gesture g, void *user_data) {
    reentry_state *r = user_data;
    (void)g;
    r->gesture_destroy_app = hk_app_destroy(app);
    return 1;
}

static void destroy_counter(void *user_data) { ((reentry_state *)user_data)->destroyed++; }

static void destroy_own_control(const hk_action_event *event, void *user_data) {
    reentry_state *r = user_data;
    r->calls++;
    CHECK_STATUS(hk_app_view_destroy(r->app, event->control), HK_OK);
}

void test_reentry(void) {
    reentry_state r;
    hk_view view, button;
    hk_gesture tap;
    memset(&r, 0, sizeof r);
    r.app = hk_app_create();
    CHECK_STATUS(hk_app_window_create(r.app, hk_make_rect(0, 0, 100, 100), 0, &r.window), HK_OK);
    CHECK_STATUS(hk_scroll_view_create(r.app, hk_make_rect(0, 50, 100, 50), &r.scroll), HK_OK);
    CHECK_STATUS(hk_app_view_create(r.app, hk_make_rect(0, 0, 50, 50), &view), HK_OK);
    CHECK_STATUS(hk_button_create(r.app, hk_make_rect(50, 0, 50, 50), &button), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(r.app, r.scroll, r.window), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(r.app, view, r.window), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(r.app, button, r.window), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_handler(r.app, view, reentrant_handler, &r, destroy_counter), HK_OK);

    /* Re-entering the delivery, destroying the app or scrolling from a callback: HK_ERR_BUSY. */
    CHECK_STATUS(send_one(r.app, 0, touch_at(1, HK_PHASE_BEGAN, 10, 10)), HK_OK);
    CHECK(r.calls == 1);
    CHECK(r.frame == HK_ERR_BUSY && r.advance == HK_ERR_BUSY && r.destroy_app == HK_ERR_BUSY && r.offset == HK_ERR_BUSY);
    CHECK(r.key_frame == HK_ERR_BUSY && r.key_outcome == 0xEE && r.pointer_frame == HK_ERR_BUSY
          && r.touchpad_frame == HK_ERR_BUSY && r.samples_frame == HK_ERR_BUSY);
    CHECK(r.input_frame == HK_ERR_BUSY && r.input_outcome == 0xEE);
    /* A delegate's question is a callback too. */
    hk_gesture_delegate delegate;
    memset(&delegate, 0, sizeof delegate);
    delegate.should_begin = reentrant_should_begin;
    CHECK_STATUS(hk_tap_create(r.app, view, 1, 1, &tap), HK_OK);
    CHECK_STATUS(hk_gesture_set_delegate(r.app, tap, &delegate, &r, NULL), HK_OK);
    CHECK_STATUS(send_one(r.app, 0.05, touch_at(1, HK_PHASE_ENDED, 10, 10)), HK_OK);
    CHECK_STATUS(send_one(r.app, 0.1, touch_at(5, HK_PHASE_BEGAN, 10, 10)), HK_OK);
    CHECK_STATUS(send_one(r.app, 0.15, touch_at(5, HK_PHASE_ENDED, 10, 10)), HK_OK);
    CHECK(r.gesture_destroy_app == HK_ERR_BUSY);

    /* A touch handler that destroys its own view: the touch ends there, the handle goes stale,
     * the user data is notified once, the app carries on. */
    r.destroy_own = 1;
    CHECK_STATUS(send_one(r.app, 1, touch_at(2, HK_PHASE_BEGAN, 10, 10)), HK_OK);
    CHECK(r.destroyed == 1);
    CHECK_STATUS(send_one(r.app, 1.05, touch_at(2, HK_PHASE_MOVED, 12, 10)), HK_OK);
    CHECK_STATUS(send_one(r.app, 1.1, touch_at(2, HK_PHASE_ENDED, 12, 10)), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_handler(r.app, view, NULL, NULL, NULL), HK_ERR_STALE_HANDLE);

    /* An action that destroys its own control. */
    hk_action_id action;
    CHECK_STATUS(hk_control_add_action(r.app, button, HK_EVENT_TOUCH_DOWN, &action, destroy_own_control, &r, destroy_counter), HK_OK);
    r.calls = 0;
    CHECK_STATUS(send_one(r.app, 2, touch_at(3, HK_PHASE_BEGAN, 60, 10)), HK_OK);
    CHECK(r.calls == 1);
    CHECK(r.destroyed == 2);
    CHECK_STATUS(send_one(r.app, 2.05, touch_at(3, HK_PHASE_ENDED, 60, 10)), HK_OK);
    CHECK_STATUS(hk_control_remove_action(r.app, button, action), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_app_destroy(r.app), HK_OK);
}

void test_callback_destroys_its_window(void) {
    reentry_state r;
    hk_view view;
    memset(&r, 0, sizeof r);
    r.app = hk_app_create();
    CHECK_STATUS(hk_app_window_create(r.app, hk_make_rect(0, 0, 100, 100), 0, &r.window), HK_OK);
    CHECK_STATUS(hk_app_view_create(r.app, hk_make_rect(0, 0, 50, 50), &view), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(r.app, view, r.window), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_handler(r.app, view, reentrant_handler, &r, destroy_counter), HK_OK);
    r.destroy_window = 1;
    CHECK_STATUS(send_one(r.app, 0, touch_at(1, HK_PHASE_BEGAN, 10, 10)), HK_OK);
    /* The began, then, from inside the destroy, the cancel that leaving the window sends
     * (Behaviour A3: a view removed while it owns touches gets touchesCancelled at once). */
    CHECK(r.calls == 2);
    CHECK(r.last_phase == HK_PHASE_CANCELLED);
    CHECK_STATUS(send_one(r.app, 0.05, touch_at(1, HK_PHASE_ENDED, 10, 10)), HK_OK);
    CHECK_STATUS(hk_app_view_destroy(r.app, r.window), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_app_destroy(r.app), HK_OK);
    CHECK(r.destroyed == 1);
}

/* A touch callback and a touch handler each cleared from inside their own call about the first
 * of two touches ending in one frame: neither hears the second (cleared, it is gone), and each
 * user data is notified once, after. */
typedef struct { hk_app *app; hk_view self; int calls, notified; } clearing_touch;

static void clear_touch_callback_on_end(const hk_touch_event *event, void *user_data) {
    clearing_touch *c = user_data;
    c->calls++;
    if (event->phase == HK_PHASE_ENDED) CHECK_STATUS(hk_app_view_set_touch_callback(c->app, c->self, NULL, NULL, NULL), HK_OK);
}
static int clear_touch_handler_on_end(const hk_touch_event *event, void *user_data) {
    clearing_touch *c = user_data;
    c->calls++;
    if (event->phase == HK_PHASE_ENDED) CHECK_STATUS(hk_app_view_set_touch_handler(c->app, c->self, NULL, NULL, NULL), HK_OK);
    return HK_TOUCH_CONSUME;
}
static void clearing_touch_notified(void *user_data) { ((clearing_touch *)user_data)->notified++; }
static void count_window_touches(const hk_touch_event *event, void *user_data) { (void)event; (*(int *)user_data)++; }

void test_touch_callbacks_cleared_inside_a_set(void) {
    for (int handler = 0; handler < 2; handler++) {
        clearing_touch c;
        int window_calls = 0;
        hk_view window;
        memset(&c, 0, sizeof c);
        c.app = hk_app_create();
        CHECK_STATUS(hk_app_window_create(c.app, hk_make_rect(0, 0, 100, 100), 0, &window), HK_OK);
        CHECK_STATUS(hk_app_view_create(c.app, hk_make_rect(0, 0, 50, 50), &c.self), HK_OK);
        CHECK_STATUS(hk_app_view_add_subview(c.app, c.self, window), HK_OK);
        CHECK_STATUS(hk_view_set_flag(hk_app_store(c.app), c.self, HK_FLAG_MULTIPLE_TOUCH_ENABLED, 1), HK_OK);
        CHECK_STATUS(hk_app_view_set_touch_callback(c.app, window, count_window_touches, &window_calls, NULL), HK_OK);
        if (handler) {
            CHECK_STATUS(hk_app_view_set_touch_handler(c.app, c.self, clear_touch_handler_on_end, &c, clearing_touch_notified), HK_OK);
        } else {
            CHECK_STATUS(hk_app_view_set_touch_callback(c.app, c.self, clear_touch_callback_on_end, &c, clearing_touch_notified), HK_OK);
        }
        const hk_touch_input down[2] = { touch_at(1, HK_PHASE_BEGAN, 10, 10), touch_at(2, HK_PHASE_BEGAN, 20, 20) };
        const hk_touch_input up[2] = { touch_at(1, HK_PHASE_ENDED, 10, 10), touch_at(2, HK_PHASE_ENDED, 20, 20) };
        CHECK_STATUS(hk_app_send_frame(c.app, 0, down, 2), HK_OK);
        CHECK(c.calls == 2);
        CHECK_STATUS(hk_app_send_frame(c.app, 0.1, up, 2), HK_OK);
        CHECK(c.calls == 3 && c.notified == 1);
        /* The second end goes where the view would take it with nothing installed: a callback's
         * stays the view's; a handler's goes on along its began's route, which the handler ended
         * at the view (it consumed the began), so the window hears of neither touch. */
        CHECK(window_calls == 0);
        CHECK_STATUS(hk_app_destroy(c.app), HK_OK);
        CHECK(c.notified == 1);
    }
}

/* ---------------------------------------------------------------------------------------- */
/* A refused call changes nothing: no object made, no value changed, *out left as it was, and */
/* the thread's message about this call (Docs/CAPI.md, "Errors")                              */

/* A controller handle no app ever gives: an unrelated call that fails with a message of its own
 * (naming it), made before each refusal below, so that a refusal is seen to set its message. */
#define UNRELATED_CONTROLLER 987654

static void fail_unrelated(hk_app *app) { hk_view_controller_destroy(app, UNRELATED_CONTROLLER); }

static int message_is_fresh(void) {
    const char *message = hk_last_error_message();
    return message[0] != '\0' && strstr(message, "987654") == NULL;
}

/* Checks that `expr` returns `expected` with a message of its own, after an unrelated failure. */
#define CHECK_REFUSED(app, expr, expected) do { \
    fail_unrelated(app); \
    CHECK_STATUS(expr, expected); \
    if (message_is_fresh()) { COUNT_PASSED(); } else { \
        COUNT_FAILED(); \
        fprintf(stderr, "FAIL %s:%d: %s left the message \"%s\"\n", __FILE__, __LINE__, #expr, hk_last_error_message()); \
    } \
} while (0)

static void no_command(const hk_key_command_event *e, void *u) { (void)e; (void)u; }

#define SENTINEL_VIEW { 12345, 678 }
static int view_kept(hk_view v) { return v.index == 12345 && v.generation == 678; }

/* Creations refused for a bad frame, level, kind, count or handle: nothing made, *out kept. */
void test_refused_creations(void) {
    hk_app *app = hk_app_create();
    hk_store *store = hk_app_store(app), *engine = hk_store_create();
    hk_view window, view, button, engine_view;
    hk_action_id action = 4242;
    hk_key_command command = 4242;
    hk_interaction interaction = 4242;
    hk_controller controller = 4242;
    hk_gesture gesture = 4242;
    hk_view out = SENTINEL_VIEW;
    hk_drag_callbacks drag;
    memset(&drag, 0, sizeof drag);
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 100, 100), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 50, 50), &view), HK_OK);
    CHECK_STATUS(hk_button_create(app, hk_make_rect(0, 0, 10, 10), &button), HK_OK);
    CHECK_STATUS(hk_view_create(engine, hk_make_rect(0, 0, 1, 1), &engine_view), HK_OK);
    size_t views = hk_store_view_count(store);

    CHECK_REFUSED(app, hk_app_window_create(app, hk_make_rect(0, 0, NAN, 1), 0, &out), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_app_window_create(app, hk_make_rect(0, 0, 1, 1), INFINITY, &out), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_app_view_create(app, hk_make_rect(INFINITY, 0, 1, 1), &out), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_control_create(app, 99, hk_make_rect(0, 0, 1, 1), &out), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_button_create(app, hk_make_rect(0, 0, 1, NAN), &out), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_scroll_view_create(app, hk_make_rect(0, NAN, 1, 1), &out), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_app_focusable_view_create(app, hk_make_rect(0, 0, -INFINITY, 1), &out), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_view_create(store, hk_make_rect(0, 0, 1, 1), &out), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_window_create(store, hk_make_rect(0, 0, 1, 1), 0, &out), HK_ERR_INVALID_ARGUMENT);
    CHECK(view_kept(out) && hk_store_view_count(store) == views);

    /* Recognizers: the count, duration, mask or view checked before one is attached. */
    CHECK_REFUSED(app, hk_tap_create(app, view, 0, 1, &gesture), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_tap_create(app, view, 1, HK_MAX_GESTURE_COUNT + 1, &gesture), HK_ERR_LIMIT);
    CHECK_REFUSED(app, hk_long_press_create(app, view, -1, 1, &gesture), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_long_press_create(app, view, NAN, 1, &gesture), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_pan_create(app, view, 3, 2, &gesture), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_pan_create(app, view, 1, -1, &gesture), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_swipe_create(app, view, 0, 1, &gesture), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_swipe_create(app, view, HK_SWIPE_DOWN << 1, 1, &gesture), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_screen_edge_pan_create(app, window, 0, &gesture), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_pinch_create(app, hk_no_view(), &gesture), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_hover_create(app, engine_view, &gesture), HK_ERR_FOREIGN_HANDLE);
    CHECK(gesture == 4242);
    /* No recognizer was attached: the first one made now gets the first handle. */
    CHECK_STATUS(hk_rotation_create(app, view, &gesture), HK_OK);
    CHECK(gesture == 1);

    CHECK_REFUSED(app, hk_view_controller_create(app, window, &controller), HK_ERR_INVALID_ARGUMENT);
    CHECK(controller == 4242);
    CHECK_STATUS(hk_view_controller_create(app, view, &controller), HK_OK);
    CHECK(controller == 1);
    CHECK_REFUSED(app, hk_app_view_add_drag(app, view, &interaction, NULL, NULL, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_app_view_add_drag(app, view, NULL, &drag, NULL, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK(interaction == 4242);
    CHECK_STATUS(hk_app_view_add_drag(app, view, &interaction, &drag, NULL, NULL), HK_OK);
    CHECK(interaction == 1);
    CHECK_REFUSED(app, hk_app_view_add_key_command(app, view, "ab", 0, 0, &command, no_command, NULL, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_app_add_key_command(app, "a", HK_MOD_NUMERIC_PAD, 0, &command, no_command, NULL, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK(command == 4242);
    CHECK_STATUS(hk_app_add_key_command(app, "a", 0, 0, &command, no_command, NULL, NULL), HK_OK);
    CHECK(command == 1);
    CHECK_REFUSED(app, hk_control_add_action(app, button, 0, &action, no_action, NULL, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_control_add_action(app, view, HK_EVENT_ALL, &action, no_action, NULL, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_control_add_action(app, button, HK_EVENT_ALL, &action, NULL, NULL, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK(action == 4242);
    CHECK_STATUS(hk_control_add_action(app, button, HK_EVENT_ALL, &action, no_action, NULL, NULL), HK_OK);
    CHECK(action == 1);
    /* Scenes and snapshots: no app or snapshot made, *out kept. */
    hk_app *loaded = (hk_app *)(uintptr_t)0x1230;
    CHECK_REFUSED(app, hk_scene_load("/nonexistent/scene.json", &loaded), HK_ERR_SCENE);
    CHECK_REFUSED(app, hk_scene_load_buffer("{", 1, "buffer", &loaded), HK_ERR_SCENE);
    CHECK_REFUSED(app, hk_scene_load_buffer("{}", (size_t)HK_MAX_SCENE_BYTES + 1, "buffer", &loaded), HK_ERR_LIMIT);
    CHECK(loaded == (hk_app *)(uintptr_t)0x1230);
    hk_snapshot *snapshot = (hk_snapshot *)(uintptr_t)0x1230;
    CHECK_REFUSED(app, hk_store_snapshot(NULL, &snapshot), HK_ERR_INVALID_ARGUMENT);
    CHECK(snapshot == (hk_snapshot *)(uintptr_t)0x1230);
    CHECK(hk_store_view_count(store) == views);
    CHECK_STATUS(hk_store_destroy(engine), HK_OK);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* Setters refused for a bad value or the wrong kind of object: the value read back is the one
 * before, and the message is the call's own. */
void test_refused_setters_keep_values(void) {
    hk_app *app = hk_app_create();
    hk_store *store = hk_app_store(app);
    hk_view window, view, slider, segmented, scroll;
    hk_gesture tap, pan;
    hk_interaction menu, drag;
    hk_context_menu_callbacks menu_callbacks;
    hk_drag_callbacks drag_callbacks;
    double value;
    memset(&menu_callbacks, 0, sizeof menu_callbacks);
    memset(&drag_callbacks, 0, sizeof drag_callbacks);
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 100, 100), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 50, 50), &view), HK_OK);
    CHECK_STATUS(hk_slider_create(app, hk_make_rect(0, 0, 10, 10), 0, 10, 5, &slider), HK_OK);
    CHECK_STATUS(hk_control_create(app, HK_CONTROL_SEGMENTED, hk_make_rect(0, 0, 10, 10), &segmented), HK_OK);
    CHECK_STATUS(hk_control_set_count(app, segmented, 3), HK_OK);
    CHECK_STATUS(hk_control_set_value(app, segmented, 2), HK_OK);
    CHECK_STATUS(hk_scroll_view_create(app, hk_make_rect(0, 0, 50, 50), &scroll), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_content_size(app, scroll, ((hk_size){ 300, 400 })), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, view, window), HK_OK);
    CHECK_STATUS(hk_tap_create(app, view, 1, 1, &tap), HK_OK);
    CHECK_STATUS(hk_pan_create(app, view, 1, 0, &pan), HK_OK);
    CHECK_STATUS(hk_app_view_add_context_menu(app, view, &menu, &menu_callbacks, NULL, NULL), HK_OK);
    CHECK_STATUS(hk_app_view_add_drag(app, view, &drag, &drag_callbacks, NULL, NULL), HK_OK);

    /* Controls: value, range and count. */
    CHECK_REFUSED(app, hk_control_set_value(app, slider, NAN), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_control_set_range(app, slider, 3, 2), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_control_set_range(app, slider, -INFINITY, 2), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_control_set_range(app, segmented, 0, 2), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_control_value(app, slider, &value), HK_OK);
    CHECK(near(value, 5));
    CHECK_REFUSED(app, hk_control_set_count(app, segmented, -1), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_control_set_count(app, segmented, HK_MAX_CONTROL_COUNT + 1), HK_ERR_LIMIT);
    CHECK_REFUSED(app, hk_control_set_count(app, slider, 2), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_control_value(app, segmented, &value), HK_OK);
    CHECK(near(value, 2)); /* still selected: a count taken below 3 would have deselected it */
    CHECK_REFUSED(app, hk_control_set_value(app, view, 1), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_control_set_enabled(app, view, 0), HK_ERR_INVALID_ARGUMENT);

    /* Scroll views: content size and offset, delays, motion, zoom limits. */
    hk_size size;
    hk_point offset;
    int32_t bits;
    double minimum = 0, maximum = 0;
    CHECK_REFUSED(app, hk_scroll_view_set_content_size(app, scroll, ((hk_size){ -1, 5 })), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_scroll_view_set_content_size(app, scroll, ((hk_size){ 5, -1 })), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_scroll_view_set_content_size(app, scroll, ((hk_size){ NAN, 5 })), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_scroll_view_content_size(app, scroll, &size), HK_OK);
    CHECK(near(size.width, 300) && near(size.height, 400));
    CHECK_REFUSED(app, hk_scroll_view_set_content_offset(app, scroll, hk_make_point(NAN, 0)), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_scroll_view_set_content_offset_animated(app, scroll, hk_make_point(0, INFINITY), 1),
                  HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_scroll_view_content_offset(app, scroll, &offset), HK_OK);
    CHECK(near(offset.x, 0) && near(offset.y, 0));
    CHECK_STATUS(hk_scroll_view_state(app, scroll, &bits), HK_OK);
    CHECK(bits == 0); /* no animation began */
    CHECK_REFUSED(app, hk_scroll_view_set_content_touch_delay(app, scroll, -0.1), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_scroll_view_set_content_touch_delay(app, scroll, NAN), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_scroll_view_set_motion_flags(app, scroll, HK_SCROLL_VIEW_PAGING << 1), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_scroll_view_motion_flags(app, scroll, &bits), HK_OK);
    CHECK(bits == HK_SCROLL_VIEW_BOUNCES);
    CHECK_REFUSED(app, hk_scroll_view_set_deceleration_rate(app, scroll, 1), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_scroll_view_set_deceleration_rate(app, scroll, 0), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_scroll_view_set_deceleration_rate(app, scroll, NAN), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_scroll_view_deceleration_rate(app, scroll, &value), HK_OK);
    CHECK(near(value, HK_DECELERATION_RATE_NORMAL));
    CHECK_REFUSED(app, hk_scroll_view_set_zoom_scale_limits(app, scroll, 0, 2), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_scroll_view_set_zoom_scale_limits(app, scroll, 0.5, NAN), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_scroll_view_zoom_scale_limits(app, scroll, &minimum, &maximum), HK_OK);
    CHECK(minimum == 1 && maximum == 1);
    CHECK_REFUSED(app, hk_scroll_view_zoom_to(app, scroll, hk_make_rect(0, 0, 0, 5), 0), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_scroll_view_set_zoom_view(app, scroll, view), HK_ERR_NOT_A_SUBVIEW);
    CHECK_REFUSED(app, hk_app_set_animation_frame_interval(app, 0), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_app_set_animation_frame_interval(app, -INFINITY), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_app_animation_frame_interval(app, &value), HK_OK);
    CHECK(near(value, 1.0 / 60));

    /* Recognizers, key commands, interactions, focus, controllers. */
    CHECK_REFUSED(app, hk_gesture_set_allowed_touch_types(app, tap, HK_TOUCH_TYPE_INDIRECT_POINTER << 1), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_tap_set_button_mask_required(app, tap, 0), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_tap_set_button_mask_required(app, pan, HK_BUTTON_PRIMARY), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_pan_set_allowed_scroll_types(app, tap, HK_SCROLL_TYPE_DISCRETE), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_pan_set_allowed_scroll_types(app, pan, HK_SCROLL_TYPE_CONTINUOUS << 1), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_gesture_require_to_fail(app, tap, 999), HK_ERR_STALE_HANDLE);
    CHECK_REFUSED(app, hk_app_view_set_can_become_focused(app, view, 2), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_key_command_set_enabled(app, 999, 0), HK_ERR_STALE_HANDLE);
    CHECK_REFUSED(app, hk_drag_set_enabled(app, menu, 0), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_context_menu_dismiss(app, drag), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_window_make_key(app, view), HK_ERR_NOT_A_WINDOW);
    CHECK_REFUSED(app, hk_window_set_root_view_controller(app, view, 0), HK_ERR_NOT_A_WINDOW);
    CHECK_REFUSED(app, hk_window_set_root_view_controller(app, window, 777), HK_ERR_STALE_HANDLE);

    /* The engine's setters on the app's store: geometry, flags and hit-area modifiers. */
    hk_rect before, after;
    hk_insets insets;
    hk_size minimum_size;
    hk_hit_map_policy policy, bad_policy = { 0, 0, 1 };
    const hk_transform not_finite = { 1, 0, 0, NAN, 0, 0 };
    CHECK_STATUS(hk_view_frame(store, view, &before), HK_OK);
    CHECK_REFUSED(app, hk_view_set_frame(store, view, hk_make_rect(0, 0, NAN, 5)), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_view_set_bounds(store, view, hk_make_rect(INFINITY, 0, 5, 5)), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_view_set_center(store, view, hk_make_point(NAN, 0)), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_view_set_anchor_point(store, view, hk_make_point(0, INFINITY)), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_view_set_transform(store, view, not_finite), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk__view_set_transform(store, view.index, view.generation, NULL), HK_ERR_INVALID_ARGUMENT);
    /* Every component is checked, not the first alone. */
    for (int k = 0; k < 4; k++) {
        double r[4] = { 0, 0, 5, 5 }, p[2] = { 0.5, 0.5 };
        r[k] = p[k % 2] = k < 2 ? NAN : -INFINITY;
        CHECK_REFUSED(app, hk_view_set_frame(store, view, hk_make_rect(r[0], r[1], r[2], r[3])), HK_ERR_INVALID_ARGUMENT);
        CHECK_REFUSED(app, hk_view_set_bounds(store, view, hk_make_rect(r[0], r[1], r[2], r[3])), HK_ERR_INVALID_ARGUMENT);
        CHECK_REFUSED(app, hk_view_set_center(store, view, hk_make_point(p[0], p[1])), HK_ERR_INVALID_ARGUMENT);
        CHECK_REFUSED(app, hk_view_set_anchor_point(store, view, hk_make_point(p[0], p[1])), HK_ERR_INVALID_ARGUMENT);
    }
    CHECK_STATUS(hk_view_frame(store, view, &after), HK_OK);
    CHECK(memcmp(&before, &after, sizeof before) == 0);
    CHECK_REFUSED(app, hk_view_set_flag(store, view, -1, 1), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_view_set_alpha(store, view, NAN), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_view_set_hit_test_insets(store, view, ((hk_insets){ 0, NAN, 0, 0 })), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_view_set_minimum_hit_size(store, view, ((hk_size){ INFINITY, 0 })), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_view_alpha(store, view, &value), HK_OK);
    CHECK(value == 1);
    CHECK_STATUS(hk_view_hit_test_insets(store, view, &insets), HK_OK);
    CHECK(insets.top == 0 && insets.left == 0 && insets.bottom == 0 && insets.right == 0);
    CHECK_STATUS(hk_view_minimum_hit_size(store, view, &minimum_size), HK_OK);
    CHECK(minimum_size.width == 0 && minimum_size.height == 0);
    CHECK_REFUSED(app, hk_store_set_hit_map_policy(store, &bad_policy), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_store_set_hit_map_policy(store, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_store_hit_map_policy(store, &policy), HK_OK);
    CHECK(policy.queries_before_build == 64 && policy.minimum_views == 256 && policy.cells_per_view == 8);

    /* Frames refused as a whole: nothing delivered, the clock where it was. */
    hk_key_input key;
    uint8_t outcome = 0xEE;
    hk_touch_input touch = touch_at(1, HK_PHASE_BEGAN, 10, 10);
    hk_touch_high_rate high_rate;
    hk_touchpad_gesture step;
    hk_touch_type type;
    memset(&key, 0, sizeof key);
    key.code = 4;
    key.modifier_flags = 1u << 10;
    memset(&high_rate, 0, sizeof high_rate);
    high_rate.sample_count = HK_MAX_TOUCH_SAMPLES + 1;
    memset(&step, 0, sizeof step);
    step.phase = HK_TOUCHPAD_PHASE_CANCELLED + 1;
    step.scale = 1;
    step.fingers = 2;
    CHECK_REFUSED(app, hk_app_send_frame(app, 1, NULL, 1), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_app_send_frame(app, 1, &touch, (size_t)HK_MAX_FRAME_TOUCHES + 1), HK_ERR_LIMIT);
    CHECK_REFUSED(app, hk_app_send_key_frame(app, 1, &key, 1, &outcome), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_app_send_key_frame(app, 1, NULL, 1, &outcome), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_app_send_key_frame(app, 1, &key, (size_t)HK_MAX_FRAME_KEYS + 1, &outcome), HK_ERR_LIMIT);
    CHECK(outcome == 0xEE);
    CHECK_REFUSED(app, hk_app_send_frame_with_samples(app, 1, &touch, &high_rate, 1), HK_ERR_LIMIT);
    high_rate.sample_count = 1; /* and no samples */
    CHECK_REFUSED(app, hk_app_send_frame_with_samples(app, 1, &touch, &high_rate, 1), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_app_send_touchpad_frame(app, 1, &step), HK_ERR_INVALID_ARGUMENT);
    {
        /* The one frame of every kind refuses what each part's own call refuses, and a struct
         * of a size this library does not know. */
        hk_input_frame frame;
        memset(&frame, 0, sizeof frame);
        frame.timestamp = 1;
        frame.touches = &touch; frame.touch_count = 1; frame.high_rate = &high_rate;
        CHECK_REFUSED(app, hk_app_send_input_frame(app, &frame, &outcome), HK_ERR_INVALID_ARGUMENT);
        frame.high_rate = NULL; frame.touchpad = &step;
        CHECK_REFUSED(app, hk_app_send_input_frame(app, &frame, &outcome), HK_ERR_INVALID_ARGUMENT);
        frame.touchpad = NULL; frame.keys = &key; frame.key_count = 1;
        CHECK_REFUSED(app, hk_app_send_input_frame(app, &frame, &outcome), HK_ERR_INVALID_ARGUMENT);
        frame.keys = NULL; frame.key_count = 0;
        CHECK_REFUSED(app, hk_app_send_input_frame(app, NULL, &outcome), HK_ERR_INVALID_ARGUMENT);
        CHECK_REFUSED(app, hk__app_send_input_frame(app, &frame, sizeof frame + 8, &outcome), HK_ERR_INVALID_ARGUMENT);
        CHECK(outcome == 0xEE);
    }
    CHECK(hk_app_time(app) == 0);
    CHECK_STATUS(hk_app_touch_type(app, 1, &type), HK_ERR_NOT_FOUND);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* The edges of what a setter or creation takes are taken, not refused with the values past them:
 * a range of one value, no segments, a press of no duration, a pan of exactly its minimum
 * touches, an empty content size, no touch delay; and the key command input just past the edge
 * (none) is refused. */
void test_edge_values_taken(void) {
    hk_app *app = hk_app_create();
    hk_view window, view, slider, segmented, scroll;
    hk_gesture press = 0, pan = 0;
    hk_gesture_kind kind;
    hk_key_command command = 0;
    hk_size size;
    double value;
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 100, 100), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 50, 50), &view), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, view, window), HK_OK);
    CHECK_STATUS(hk_slider_create(app, hk_make_rect(0, 0, 10, 10), 0, 10, 2, &slider), HK_OK);
    CHECK_STATUS(hk_control_create(app, HK_CONTROL_SEGMENTED, hk_make_rect(0, 0, 10, 10), &segmented), HK_OK);
    CHECK_STATUS(hk_scroll_view_create(app, hk_make_rect(0, 0, 50, 50), &scroll), HK_OK);

    /* A range of one value: the slider's value is clamped to it. */
    CHECK_STATUS(hk_control_set_range(app, slider, 5, 5), HK_OK);
    CHECK_STATUS(hk_control_value(app, slider, &value), HK_OK);
    CHECK(near(value, 5));
    /* No segments: the selection goes with them. */
    CHECK_STATUS(hk_control_set_count(app, segmented, 2), HK_OK);
    CHECK_STATUS(hk_control_set_value(app, segmented, 1), HK_OK);
    CHECK_STATUS(hk_control_set_count(app, segmented, 0), HK_OK);
    CHECK_STATUS(hk_control_value(app, segmented, &value), HK_OK);
    CHECK(near(value, -1));
    /* A long press of no duration; a pan whose maximum is its minimum. */
    CHECK_STATUS(hk_long_press_create(app, view, 0, 1, &press), HK_OK);
    CHECK_STATUS(hk_gesture_kind_of(app, press, &kind), HK_OK);
    CHECK(kind == HK_GESTURE_LONG_PRESS);
    CHECK_STATUS(hk_pan_create(app, view, 2, 2, &pan), HK_OK);
    CHECK_STATUS(hk_gesture_kind_of(app, pan, &kind), HK_OK);
    CHECK(kind == HK_GESTURE_PAN);
    /* An empty content size, and no delay before content touches. */
    CHECK_STATUS(hk_scroll_view_set_content_size(app, scroll, ((hk_size){ 0, 0 })), HK_OK);
    CHECK_STATUS(hk_scroll_view_content_size(app, scroll, &size), HK_OK);
    CHECK(size.width == 0 && size.height == 0);
    CHECK_STATUS(hk_scroll_view_set_content_touch_delay(app, scroll, 0), HK_OK);
    /* A key command's input is one character or an input name: the empty string is neither. */
    CHECK_STATUS(hk_app_view_add_key_command(app, view, "", 0, 0, &command, no_command, NULL, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK(command == 0);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* A hit-test callback that writes no answer, and that lets go of another store's user data. */
static hk_store *other_store;
static hk_view other_view;
static int other_destroyed, destroyed_inside;
static void note_other_destroyed(void *u) { (void)u; other_destroyed++; }
static void clears_other_store(hk_store *s, const hk_view *v, const hk_point *p, hk_view *out, void *u) {
    (void)s; (void)v; (void)p; (void)out;
    *(hk_status *)u = hk_view_set_hit_test_callback(other_store, other_view, NULL, NULL, NULL);
    destroyed_inside = other_destroyed;
}

/* Its view then answers none, and the point goes on to the window. What it lets go of is
 * notified as the outermost call returns, never in the middle of the hit test: hk_hit_test_screen
 * on a store whose views call C counts itself in as a full call does. */
void test_hit_test_callback_answers_and_notifies(void) {
    hk_store *store = hk_store_create();
    hk_view window, view, out = { 12345, 678 };
    hk_status cleared = (hk_status)-1; /* no call yet */
    other_store = hk_store_create();
    other_destroyed = destroyed_inside = 0;
    CHECK_STATUS(hk_window_create(store, hk_make_rect(0, 0, 100, 100), 0, &window), HK_OK);
    CHECK_STATUS(hk_view_create(store, hk_make_rect(10, 10, 50, 50), &view), HK_OK);
    CHECK_STATUS(hk_view_add_subview(store, view, window), HK_OK);
    CHECK_STATUS(hk_window_create(other_store, hk_make_rect(0, 0, 100, 100), 0, &other_view), HK_OK);
    CHECK_STATUS(hk_view_set_hit_test_callback(other_store, other_view, no_hit, NULL, note_other_destroyed), HK_OK);
    CHECK_STATUS(hk_view_set_hit_test_callback(store, view, clears_other_store, &cleared, NULL), HK_OK);
    CHECK_STATUS(hk_hit_test_screen(store, hk_make_point(20, 20), &out), HK_OK);
    CHECK(cleared == HK_OK && destroyed_inside == 0 && other_destroyed == 1);
    CHECK(out.index == window.index && out.generation == window.generation);
    CHECK_STATUS(hk_store_destroy(other_store), HK_OK);
    CHECK_STATUS(hk_store_destroy(store), HK_OK);
}

/* Reads refused (no such item, nothing under way, a NULL among several outs, the wrong kind):
 * every out pointer keeps what it held, those of calls with several outs included. */
void test_refused_reads_keep_out(void) {
    hk_app *app = hk_app_create();
    hk_store *store = hk_app_store(app);
    hk_view window, view, detached, scroll;
    hk_gesture tap;
    hk_controller controller;
    hk_interaction drag;
    hk_drag_callbacks drag_callbacks;
    memset(&drag_callbacks, 0, sizeof drag_callbacks);
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 100, 100), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 50, 50), &view), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 5, 5), &detached), HK_OK);
    CHECK_STATUS(hk_scroll_view_create(app, hk_make_rect(0, 0, 50, 50), &scroll), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, view, window), HK_OK);
    CHECK_STATUS(hk_tap_create(app, view, 1, 1, &tap), HK_OK);
    CHECK_STATUS(hk_view_controller_create(app, detached, &controller), HK_OK);
    CHECK_STATUS(hk_app_view_add_drag(app, view, &drag, &drag_callbacks, NULL, NULL), HK_OK);

    /* Calls with several outs. */
    hk_responder_kind kind = 42;
    hk_view next = SENTINEL_VIEW;
    hk_controller next_controller = 4242;
    CHECK_REFUSED(app, hk_app_view_next_responder(app, hk_no_view(), &kind, &next, &next_controller), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_view_controller_next_responder(app, 777, &kind, &next, &next_controller), HK_ERR_STALE_HANDLE);
    CHECK_REFUSED(app, hk_app_view_next_responder(app, view, NULL, &next, &next_controller), HK_ERR_INVALID_ARGUMENT);
    CHECK(kind == 42 && view_kept(next) && next_controller == 4242);
    double minimum = 42, maximum = 42;
    CHECK_REFUSED(app, hk_scroll_view_zoom_scale_limits(app, scroll, &minimum, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_scroll_view_zoom_scale_limits(app, view, &minimum, &maximum), HK_ERR_INVALID_ARGUMENT);
    CHECK(minimum == 42 && maximum == 42);
    int32_t open = 42, highlighted = 42, items = 42, has_begun = 42;
    CHECK_REFUSED(app, hk_context_menu_is_open(app, drag, &open, &highlighted), HK_ERR_INVALID_ARGUMENT);
    CHECK(open == 42 && highlighted == 42);
    CHECK_REFUSED(app, hk_drag_session_state(app, drag, &items, &has_begun), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_drag_session_state(app, drag, &items, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK(items == 42 && has_begun == 42);
    hk_point location = { 42, 42 };
    CHECK_REFUSED(app, hk_drag_session_location(app, drag, hk_no_view(), &location), HK_ERR_INVALID_ARGUMENT);
    CHECK(location.x == 42 && location.y == 42);

    /* One out. */
    hk_view out = SENTINEL_VIEW;
    hk_gesture gesture = 4242;
    hk_controller other = 4242;
    int32_t flag = 42;
    double value = 42;
    CHECK_REFUSED(app, hk_scroll_view_zoom_view(app, scroll, &out), HK_ERR_NOT_FOUND);
    CHECK_REFUSED(app, hk_scroll_view_pinch_gesture(app, scroll, &gesture), HK_ERR_NOT_FOUND);
    CHECK_REFUSED(app, hk_gesture_transform_velocity(app, tap, &value), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_app_become_first_responder(app, hk_no_view(), &flag), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_view_controller_parent(app, 777, &other), HK_ERR_STALE_HANDLE);
    CHECK_REFUSED(app, hk_view_controller_presented(app, 777, &other), HK_ERR_STALE_HANDLE);
    CHECK_REFUSED(app, hk_view_controller_view(app, 777, &out), HK_ERR_STALE_HANDLE);
    hk_rejection rejection = { 4242, 42, 42 };
    CHECK_REFUSED(app, hk_app_rejection(app, 0, &rejection), HK_ERR_INDEX_OUT_OF_RANGE);
    CHECK(rejection.touch_id == 4242 && rejection.has_touch_id == 42 && rejection.reason == 42);
    hk_touch_type type = 42;
    CHECK_REFUSED(app, hk_app_touch_type(app, 5, &type), HK_ERR_NOT_FOUND);
    hk_touch_high_rate_info info, info_before;
    memset(&info, 0x5a, sizeof info);
    info_before = info;
    CHECK_REFUSED(app, hk_app_touch_high_rate(app, 1, &info), HK_ERR_INVALID_ARGUMENT);
    CHECK(memcmp(&info, &info_before, sizeof info) == 0);
    hk_touch_sample sample, sample_before;
    memset(&sample, 0x5a, sizeof sample);
    sample_before = sample;
    CHECK_REFUSED(app, hk_app_touch_sample(app, 1, 0, 0, &sample), HK_ERR_INVALID_ARGUMENT);
    CHECK(memcmp(&sample, &sample_before, sizeof sample) == 0);
    CHECK_REFUSED(app, hk_app_trace_key(app, &flag), HK_ERR_NOT_FOUND);
    const char *scene_id = "kept";
    CHECK_REFUSED(app, hk_scene_view_id(app, view, &scene_id), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_scene_view(app, "window", &out), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_scene_gesture(app, "tap", &gesture), HK_ERR_INVALID_ARGUMENT);
    CHECK(strcmp(scene_id, "kept") == 0);
    hk_gesture_event event, event_before;
    memset(&event, 0x5a, sizeof event);
    event_before = event;
    CHECK_REFUSED(app, hk_gesture_snapshot(app, 999, &event), HK_ERR_STALE_HANDLE);
    CHECK(memcmp(&event, &event_before, sizeof event) == 0);
    CHECK_REFUSED(app, hk_app_hit_test(app, hk_make_point(NAN, 1), &out), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_app_next_deadline(NULL, &value), HK_ERR_INVALID_ARGUMENT);

    /* The engine's reads. */
    hk_point point = { 42, 42 };
    hk_rect rect = { 42, 42, 42, 42 };
    size_t count = 4242;
    hk_hit_map_policy policy = { 7, 7, 7 };
    CHECK_REFUSED(app, hk_convert_point(store, hk_make_point(1, 1), detached, window, &point), HK_ERR_UNRELATED_VIEWS);
    CHECK_REFUSED(app, hk_convert_point(store, hk_make_point(1, 1), detached, hk_no_view(), &point), HK_ERR_NOT_IN_WINDOW);
    CHECK_REFUSED(app, hk_convert_point(store, hk_make_point(NAN, 1), view, window, &point), HK_ERR_INVALID_ARGUMENT);
    CHECK(point.x == 42 && point.y == 42);
    CHECK_REFUSED(app, hk_convert_rect(store, hk_make_rect(0, 0, 1, 1), detached, window, &rect), HK_ERR_UNRELATED_VIEWS);
    CHECK_REFUSED(app, hk_convert_rect(store, hk_make_rect(0, 0, INFINITY, 1), view, window, &rect), HK_ERR_INVALID_ARGUMENT);
    CHECK(rect.x == 42 && rect.y == 42 && rect.width == 42 && rect.height == 42);
    CHECK_REFUSED(app, hk_view_flag(store, view, 99, &flag), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_view_point_inside(store, view, hk_make_point(NAN, 1), &flag), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_view_default_point_inside(store, view, hk_make_point(NAN, 1), &flag), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_hit_test_view(store, view, hk_make_point(NAN, 1), &out), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_view_default_hit_test(store, view, hk_make_point(1, INFINITY), &out), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_view_subview_at(store, window, 1, &out), HK_ERR_INDEX_OUT_OF_RANGE);
    CHECK_REFUSED(app, hk_view_subview_count(store, view, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_store_hit_map_policy(NULL, &policy), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(app, hk_store_hit_map_count(NULL, &flag), HK_ERR_INVALID_ARGUMENT);
    CHECK(view_kept(out) && gesture == 4242 && other == 4242 && flag == 42 && value == 42 && type == 42 && count == 4242);
    CHECK(policy.queries_before_build == 7 && policy.minimum_views == 7 && policy.cells_per_view == 7);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* A refused call that would have kept user data takes nothing: its destroy notification is never
 * called (Docs/CAPI.md, "Callbacks and user data"), whether it is refused for its arguments, from
 * inside a hit-test callback of the app's store (HK_ERR_BUSY) or from another thread. */

static int refused_notified;
static void count_refused_notify(void *user_data) { (void)user_data; refused_notified++; }
static void no_touch(const hk_touch_event *e, void *u) { (void)e; (void)u; }
static int no_press(const hk_press_event *e, void *u) { (void)e; (void)u; return HK_PRESS_PASS_ON; }
static void no_focus(const hk_focus_event *e, void *u) { (void)e; (void)u; }
static void no_trace(const hk_trace_record *r, void *u) { (void)r; (void)u; }
static void no_log(const char *line, size_t length, void *u) { (void)line; (void)length; (void)u; }

typedef struct {
    hk_app *app;
    hk_store *store;
    hk_view window, view, button, scroll;
    hk_gesture tap;
    hk_controller controller;
    int data, hit_tests;
} user_data_case;

/* Every call that keeps user data, with arguments it would take: each must return `expected`
 * and keep nothing. */
static void give_user_data(user_data_case *t, hk_status expected) {
    hk_app *app = t->app;
    void *data = &t->data;
    hk_gesture_delegate gesture_delegate;
    hk_scroll_view_delegate scroll_delegate;
    hk_context_menu_callbacks menu;
    hk_drag_callbacks drag;
    hk_drop_callbacks drop;
    hk_action_id action = 4242;
    hk_key_command command = 4242;
    hk_interaction interaction = 4242;
    memset(&gesture_delegate, 0, sizeof gesture_delegate);
    gesture_delegate.should_begin = answer_yes;
    memset(&scroll_delegate, 0, sizeof scroll_delegate);
    memset(&menu, 0, sizeof menu);
    memset(&drag, 0, sizeof drag);
    memset(&drop, 0, sizeof drop);
    CHECK_STATUS(hk_app_view_set_touch_callback(app, t->view, no_touch, data, count_refused_notify), expected);
    CHECK_STATUS(hk_app_view_set_touch_handler(app, t->view, keep_touch, data, count_refused_notify), expected);
    CHECK_STATUS(hk_gesture_set_callback(app, t->tap, no_gesture, data, count_refused_notify), expected);
    CHECK_STATUS(hk_gesture_set_delegate(app, t->tap, &gesture_delegate, data, count_refused_notify), expected);
    CHECK_STATUS(hk_control_set_action_callback(app, t->button, HK_EVENT_ALL, no_action, data, count_refused_notify), expected);
    CHECK_STATUS(hk_control_add_action(app, t->button, HK_EVENT_ALL, &action, no_action, data, count_refused_notify), expected);
    CHECK_STATUS(hk_scroll_view_set_offset_callback(app, t->scroll, no_scroll, data, count_refused_notify), expected);
    CHECK_STATUS(hk_scroll_view_set_delegate(app, t->scroll, &scroll_delegate, data, count_refused_notify), expected);
    CHECK_STATUS(hk_app_view_set_press_handler(app, t->view, no_press, data, count_refused_notify), expected);
    CHECK_STATUS(hk_view_controller_set_press_handler(app, t->controller, no_press, data, count_refused_notify), expected);
    CHECK_STATUS(hk_app_set_press_handler(app, no_press, data, count_refused_notify), expected);
    CHECK_STATUS(hk_app_view_add_key_command(app, t->view, "s", 0, 0, &command, no_command, data, count_refused_notify), expected);
    CHECK_STATUS(hk_view_controller_add_key_command(app, t->controller, "s", 0, 0, &command, no_command, data,
                                                    count_refused_notify), expected);
    CHECK_STATUS(hk_app_add_key_command(app, "s", 0, 0, &command, no_command, data, count_refused_notify), expected);
    CHECK_STATUS(hk_app_set_focus_callback(app, no_focus, data, count_refused_notify), expected);
    CHECK_STATUS(hk_app_view_add_context_menu(app, t->view, &interaction, &menu, data, count_refused_notify), expected);
    CHECK_STATUS(hk_app_view_add_drag(app, t->view, &interaction, &drag, data, count_refused_notify), expected);
    CHECK_STATUS(hk_app_view_add_drop(app, t->view, &interaction, &drop, data, count_refused_notify), expected);
    CHECK_STATUS(hk_app_set_trace_callback(app, no_trace, data, count_refused_notify), expected);
    CHECK_STATUS(hk_view_set_hit_test_callback(t->store, t->view, no_hit, data, count_refused_notify), expected);
    CHECK_STATUS(hk_view_set_point_inside_callback(t->store, t->view, no_inside, data, count_refused_notify), expected);
    CHECK(action == 4242 && command == 4242 && interaction == 4242);
}

static void hit_test_gives_user_data(hk_store *store, const hk_view *view, const hk_point *point, hk_view *answer,
                                     void *user_data) {
    user_data_case *t = user_data;
    (void)store;
    (void)point;
    *answer = *view;
    if (t->hit_tests++ == 0) give_user_data(t, HK_ERR_BUSY);
}

static void *give_user_data_from_another_thread(void *argument) {
    give_user_data(argument, HK_ERR_WRONG_THREAD);
    return NULL;
}

void test_refused_calls_take_no_user_data(void) {
    user_data_case t;
    hk_view root, engine_view, hit;
    hk_store *engine = hk_store_create();
    pthread_t thread;
    int data = 0;
    memset(&t, 0, sizeof t);
    t.app = hk_app_create();
    t.store = hk_app_store(t.app);
    refused_notified = 0;
    CHECK_STATUS(hk_app_window_create(t.app, hk_make_rect(0, 0, 100, 100), 0, &t.window), HK_OK);
    CHECK_STATUS(hk_app_view_create(t.app, hk_make_rect(0, 0, 50, 50), &t.view), HK_OK);
    CHECK_STATUS(hk_app_view_create(t.app, hk_make_rect(0, 0, 5, 5), &root), HK_OK);
    CHECK_STATUS(hk_button_create(t.app, hk_make_rect(0, 0, 5, 5), &t.button), HK_OK);
    CHECK_STATUS(hk_scroll_view_create(t.app, hk_make_rect(0, 0, 5, 5), &t.scroll), HK_OK);
    CHECK_STATUS(hk_tap_create(t.app, t.view, 1, 1, &t.tap), HK_OK);
    CHECK_STATUS(hk_view_controller_create(t.app, root, &t.controller), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(t.app, t.view, t.window), HK_OK);
    CHECK_STATUS(hk_view_create(engine, hk_make_rect(0, 0, 1, 1), &engine_view), HK_OK);

    /* Refused for the arguments: the wrong kind, a stale or foreign handle, a NULL struct, an
     * app not loaded from a scene, a bad input or mask. */
    hk_gesture_delegate gesture_delegate;
    hk_action_id action;
    hk_key_command command;
    hk_interaction interaction;
    memset(&gesture_delegate, 0, sizeof gesture_delegate);
    CHECK_REFUSED(t.app, hk_app_view_set_touch_callback(t.app, t.button, no_touch, &data, count_refused_notify),
                  HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(t.app, hk_app_view_set_touch_handler(t.app, engine_view, keep_touch, &data, count_refused_notify),
                  HK_ERR_FOREIGN_HANDLE);
    CHECK_REFUSED(t.app, hk_gesture_set_callback(t.app, 999, no_gesture, &data, count_refused_notify), HK_ERR_STALE_HANDLE);
    CHECK_REFUSED(t.app, hk_gesture_set_delegate(t.app, 999, &gesture_delegate, &data, count_refused_notify), HK_ERR_STALE_HANDLE);
    CHECK_REFUSED(t.app, hk_gesture_set_delegate(t.app, t.tap, NULL, &data, count_refused_notify), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(t.app, hk_control_set_action_callback(t.app, t.view, HK_EVENT_ALL, no_action, &data, count_refused_notify),
                  HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(t.app, hk_control_add_action(t.app, t.button, 0, &action, no_action, &data, count_refused_notify),
                  HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(t.app, hk_scroll_view_set_offset_callback(t.app, t.button, no_scroll, &data, count_refused_notify),
                  HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(t.app, hk_scroll_view_set_delegate(t.app, t.scroll, NULL, &data, count_refused_notify), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(t.app, hk_view_set_hit_test_callback(t.store, engine_view, no_hit, &data, count_refused_notify),
                  HK_ERR_FOREIGN_HANDLE);
    CHECK_REFUSED(t.app, hk_view_set_point_inside_callback(engine, t.view, no_inside, &data, count_refused_notify),
                  HK_ERR_FOREIGN_HANDLE);
    CHECK_REFUSED(t.app, hk_scene_set_log_callback(t.app, no_log, &data, count_refused_notify), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(t.app, hk_app_view_set_press_handler(t.app, hk_no_view(), no_press, &data, count_refused_notify),
                  HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(t.app, hk_view_controller_set_press_handler(t.app, 777, no_press, &data, count_refused_notify),
                  HK_ERR_STALE_HANDLE);
    CHECK_REFUSED(t.app, hk_app_view_add_key_command(t.app, t.view, "ab", 0, 0, &command, no_command, &data, count_refused_notify),
                  HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(t.app, hk_app_add_key_command(t.app, "a", 0, HK_KEY_COMMAND_DISABLED << 1, &command, no_command, &data,
                                                count_refused_notify), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(t.app, hk_app_view_add_context_menu(t.app, t.view, &interaction, NULL, &data, count_refused_notify),
                  HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(t.app, hk_app_set_focus_callback(NULL, no_focus, &data, count_refused_notify), HK_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(t.app, hk_app_set_trace_callback(NULL, no_trace, &data, count_refused_notify), HK_ERR_INVALID_ARGUMENT);
    CHECK(refused_notified == 0);

    /* From inside a hit-test callback of the app's store: HK_ERR_BUSY, nothing kept. */
    CHECK_STATUS(hk_view_set_hit_test_callback(t.store, t.view, hit_test_gives_user_data, &t, NULL), HK_OK);
    CHECK_STATUS(hk_app_hit_test(t.app, hk_make_point(10, 10), &hit), HK_OK);
    CHECK(t.hit_tests >= 1 && refused_notified == 0);
    CHECK_STATUS(hk_view_set_hit_test_callback(t.store, t.view, NULL, NULL, NULL), HK_OK);

    /* From another thread: HK_ERR_WRONG_THREAD, nothing kept. */
    CHECK(pthread_create(&thread, NULL, give_user_data_from_another_thread, &t) == 0);
    pthread_join(thread, NULL);
    CHECK(refused_notified == 0);

    /* Destroying everything lets go of nothing that was refused. */
    CHECK_STATUS(hk_store_destroy(engine), HK_OK);
    CHECK_STATUS(hk_app_destroy(t.app), HK_OK);
    CHECK(refused_notified == 0);
}

/* A name that is not valid UTF-8 is refused, its bytes shown escaped; read with U+FFFD, "\xc3"
 * passed for one character, and every bad byte named the same thing. */
void test_names_not_utf8(void) {
    hk_app *app = hk_app_create();
    hk_view window, view;
    hk_controller controller;
    hk_key_command command = -1;
    int data = 0;
    refused_notified = 0;
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 100, 100), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 10, 10), &view), HK_OK);
    CHECK_STATUS(hk_view_controller_create(app, view, &controller), HK_OK);

    CHECK_STATUS(hk_app_add_key_command(app, "\xc3", 0, 0, &command, no_command, &data, count_refused_notify),
                 HK_ERR_INVALID_ARGUMENT);
    CHECK(strcmp(hk_last_error_message(), "the key command's input is not valid UTF-8: \"\\xc3\"") == 0);
    CHECK_STATUS(hk_app_view_add_key_command(app, window, "\xff\xfe", 0, 0, &command, no_command, &data, count_refused_notify),
                 HK_ERR_INVALID_ARGUMENT);
    CHECK(strcmp(hk_last_error_message(), "the key command's input is not valid UTF-8: \"\\xff\\xfe\"") == 0);
    CHECK_STATUS(hk_view_controller_add_key_command(app, controller, "a\x80\"", 0, 0, &command, no_command, &data,
                                                    count_refused_notify), HK_ERR_INVALID_ARGUMENT);
    CHECK(strcmp(hk_last_error_message(), "the key command's input is not valid UTF-8: \"a\\x80\\x22\"") == 0);
    CHECK(command == -1 && refused_notified == 0);
    /* Valid UTF-8 of one character is a key command's input as before. */
    CHECK_STATUS(hk_app_add_key_command(app, "\xc3\xa9", 0, 0, &command, no_command, NULL, NULL), HK_OK);

    CHECK_STATUS(hk_app_view_set_focus_group(app, view, "\xff"), HK_ERR_INVALID_ARGUMENT);
    CHECK(strcmp(hk_last_error_message(), "the focus group identifier is not valid UTF-8: \"\\xff\"") == 0);
    CHECK_STATUS(hk_app_view_set_focus_group(app, view, "group \xe2\x82\xac"), HK_OK);
    CHECK_STATUS(hk_app_view_set_focus_group(app, view, NULL), HK_OK);

    /* A long name shows its first 64 bytes and its length. */
    char long_name[101];
    memset(long_name, 0xfe, 100);
    long_name[100] = '\0';
    CHECK_STATUS(hk_app_view_set_focus_group(app, view, long_name), HK_ERR_INVALID_ARGUMENT);
    CHECK(strstr(hk_last_error_message(), "\\xfe\"\xe2\x80\xa6 (100 bytes)") != NULL);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
    CHECK(refused_notified == 0);

    /* Scene ids and paths: refused, not looked up as U+FFFD. */
    static const char scene[] = "{\"windows\": [{\"id\": \"w\", \"frame\": [0, 0, 10, 10]}]}";
    hk_gesture gesture;
    hk_interaction interaction;
    CHECK_STATUS(hk_scene_load_buffer(scene, sizeof scene - 1, "name \xff", &app), HK_OK);
    CHECK_STATUS(hk_scene_view(app, "w", &view), HK_OK);
    CHECK_STATUS(hk_scene_view(app, "w\xff", &view), HK_ERR_INVALID_ARGUMENT);
    CHECK(strcmp(hk_last_error_message(), "the scene id is not valid UTF-8: \"w\\xff\"") == 0);
    CHECK_STATUS(hk_scene_gesture(app, "\xc3", &gesture), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_scene_interaction(app, "\xc3", &interaction), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
    CHECK_STATUS(hk_scene_load("/nonexistent/\xff.json", &app), HK_ERR_INVALID_ARGUMENT);
    CHECK(strcmp(hk_last_error_message(), "the path is not valid UTF-8: \"/nonexistent/\\xff.json\"") == 0);
}

/* ---------------------------------------------------------------------------------------- */
/* The owner thread, for the calls test_wrong_thread leaves out: frames of every kind,         */
/* recognizers' settings, scroll view motion and zoom, focus, key commands, interactions,       */
/* high-rate reads, scenes, hit maps and snapshots (Docs/CAPI.md, "The owner thread")          */

typedef struct {
    hk_app *app;
    hk_store *store;
    hk_view w, v, sv, slider;
    hk_gesture tap, pan;
    hk_controller c;
    hk_interaction menu, drag;
    hk_key_command cmd;
} every_call_case;

static void *use_the_rest_from_another_thread(void *arg) {
    every_call_case *t = arg;
    hk_app *a = t->app;
    const hk_status W = HK_ERR_WRONG_THREAD;
    hk_view ov;
    hk_gesture og;
    hk_point op;
    double od;
    int32_t oi;
    hk_size osz;
    hk_controller oc;
    hk_touch_input touch = touch_at(1, HK_PHASE_BEGAN, 1, 1);
    hk_pointer_input pointer;
    hk_touchpad_gesture step;
    hk_key_input key;
    uint8_t outcome = 0xEE;
    memset(&pointer, 0, sizeof pointer);
    pointer.id = 1 << 30;
    memset(&step, 0, sizeof step);
    step.scale = 1;
    step.fingers = 2;
    memset(&key, 0, sizeof key);
    key.code = 4;
    CHECK_STATUS(hk_app_send_pointer_frame(a, 1, &touch, 1, &pointer, NULL), W);
    CHECK_STATUS(hk_app_send_touchpad_frame(a, 1, &step), W);
    CHECK_STATUS(hk_app_send_key_frame(a, 1, &key, 1, &outcome), W); CHECK(outcome == 0xEE);
    CHECK_STATUS(hk_app_send_frame_with_samples(a, 1, &touch, NULL, 1), W);
    {
        hk_input_frame frame;
        memset(&frame, 0, sizeof frame);
        frame.timestamp = 1;
        frame.touches = &touch; frame.touch_count = 1;
        frame.keys = &key; frame.key_count = 1;
        CHECK_STATUS(hk_app_send_input_frame(a, &frame, &outcome), W); CHECK(outcome == 0xEE);
    }
    CHECK_STATUS(hk_app_window_create(a, hk_make_rect(0,0,1,1), 0, &ov), W);
    CHECK_STATUS(hk_app_view_insert_subview(a, t->v, t->w, 0), W);
    CHECK_STATUS(hk_app_view_bring_to_front(a, t->v), W);
    CHECK_STATUS(hk_app_view_send_to_back(a, t->v), W);
    CHECK_STATUS(hk_app_hit_test(a, hk_make_point(1,1), &ov), W);
    CHECK_STATUS(hk_control_create(a, HK_CONTROL_SWITCH, hk_make_rect(0,0,1,1), &ov), W);
    CHECK_STATUS(hk_slider_create(a, hk_make_rect(0,0,1,1), 0, 1, 0, &ov), W);
    CHECK_STATUS(hk_control_set_enabled(a, t->slider, 0), W);
    CHECK_STATUS(hk_control_set_value(a, t->slider, 0.5), W);
    CHECK_STATUS(hk_control_set_range(a, t->slider, 0, 2), W);
    CHECK_STATUS(hk_long_press_create(a, t->v, 0.5, 1, &og), W);
    CHECK_STATUS(hk_pan_create(a, t->v, 1, 0, &og), W);
    CHECK_STATUS(hk_swipe_create(a, t->v, HK_SWIPE_LEFT, 1, &og), W);
    CHECK_STATUS(hk_pinch_create(a, t->v, &og), W);
    CHECK_STATUS(hk_rotation_create(a, t->v, &og), W);
    CHECK_STATUS(hk_screen_edge_pan_create(a, t->w, HK_EDGE_LEFT, &og), W);
    CHECK_STATUS(hk_hover_create(a, t->v, &og), W);
    CHECK_STATUS(hk_gesture_set_enabled(a, t->tap, 0), W);
    CHECK_STATUS(hk_gesture_set_cancels_touches_in_view(a, t->tap, 0), W);
    CHECK_STATUS(hk_gesture_set_delays_touches_began(a, t->tap, 1), W);
    CHECK_STATUS(hk_gesture_set_delays_touches_ended(a, t->tap, 0), W);
    CHECK_STATUS(hk_gesture_require_to_fail(a, t->tap, t->pan), W);
    CHECK_STATUS(hk_gesture_set_allowed_touch_types(a, t->tap, 1), W);
    CHECK_STATUS(hk_tap_set_button_mask_required(a, t->tap, 2), W);
    CHECK_STATUS(hk_pan_set_allowed_scroll_types(a, t->pan, 1), W);
    CHECK_STATUS(hk_gesture_transform_velocity(a, t->tap, &od), W);
    CHECK_STATUS(hk_scroll_view_set_motion_flags(a, t->sv, 0), W);
    CHECK_STATUS(hk_scroll_view_motion_flags(a, t->sv, &oi), W);
    CHECK_STATUS(hk_scroll_view_set_deceleration_rate(a, t->sv, 0.9), W);
    CHECK_STATUS(hk_scroll_view_set_content_offset_animated(a, t->sv, hk_make_point(1, 1), 1), W);
    CHECK_STATUS(hk_scroll_view_clear_delegate(a, t->sv), W);
    CHECK_STATUS(hk_app_set_animation_frame_interval(a, 0.1), W);
    CHECK_STATUS(hk_scroll_view_set_zoom_scale_limits(a, t->sv, 0.5, 2), W);
    CHECK_STATUS(hk_scroll_view_zoom_scale_limits(a, t->sv, &od, &od), W);
    CHECK_STATUS(hk_scroll_view_set_zoom_scale(a, t->sv, 2, 0), W);
    CHECK_STATUS(hk_scroll_view_zoom_to(a, t->sv, hk_make_rect(0,0,1,1), 0), W);
    CHECK_STATUS(hk_scroll_view_set_bounces_zoom(a, t->sv, 0), W);
    CHECK_STATUS(hk_scroll_view_bounces_zoom(a, t->sv, &oi), W);
    CHECK_STATUS(hk_scroll_view_set_zoom_view(a, t->sv, t->v), W);
    CHECK_STATUS(hk_scroll_view_clear_zoom_view(a, t->sv), W);
    CHECK_STATUS(hk_scroll_view_zoom_view(a, t->sv, &ov), W);
    CHECK_STATUS(hk_scroll_view_pinch_gesture(a, t->sv, &og), W);
    CHECK_STATUS(hk_scroll_view_set_autoscrolls_during_drag(a, t->sv, 1), W);
    CHECK_STATUS(hk_scroll_view_content_size(a, t->sv, &osz), W);
    CHECK_STATUS(hk_window_make_key(a, t->w), W);
    CHECK_STATUS(hk_view_controller_presented(a, t->c, &oc), W);
    CHECK_STATUS(hk_key_command_set_enabled(a, t->cmd, 0), W);
    CHECK_STATUS(hk_key_command_remove(a, t->cmd), W);
    CHECK_STATUS(hk_window_set_focus_system_enabled(a, t->w, 1), W);
    CHECK_STATUS(hk_window_focused_view(a, t->w, &ov), W);
    CHECK_STATUS(hk_app_view_set_can_become_focused(a, t->v, 1), W);
    CHECK_STATUS(hk_app_view_set_focus_group(a, t->v, "g"), W);
    CHECK_STATUS(hk_interaction_remove(a, t->menu), W);
    CHECK_STATUS(hk_context_menu_dismiss(a, t->menu), W);
    CHECK_STATUS(hk_context_menu_is_open(a, t->menu, &oi, NULL), W);
    CHECK_STATUS(hk_drag_set_enabled(a, t->drag, 0), W);
    CHECK_STATUS(hk_drag_set_allows_move(a, t->drag, 0), W);
    CHECK_STATUS(hk_drag_set_simultaneous_lift(a, t->drag, 1), W);
    CHECK_STATUS(hk_drag_session_state(a, t->drag, &oi, &oi), W);
    CHECK_STATUS(hk_drag_session_location(a, t->drag, hk_no_view(), &op), W);
    CHECK_STATUS(hk_app_handle_escape_key(a, &oi), W);
    CHECK_STATUS(hk_app_handle_context_menu_key(a, &oi), W);
    CHECK_STATUS(hk_app_take_interaction_error(a, &oi), W);
    CHECK_STATUS(hk_app_trace_key(a, &oi), W);
    CHECK_STATUS(hk_app_touch_type(a, 1, &oi), W);
    hk_touch_high_rate_info info; CHECK_STATUS(hk_app_touch_high_rate(a, 1, &info), W);
    hk_touch_sample ts; CHECK_STATUS(hk_app_touch_sample(a, 1, 0, 0, &ts), W);
    hk_rejection rj; CHECK_STATUS(hk_app_rejection(a, 0, &rj), W);
    CHECK(hk_app_rejection_count(a) == 0);
    CHECK(hk_app_time(a) == 0);
    CHECK(hk_app_button_mask(a) == 0 && hk_app_modifier_flags(a) == 0);
    const char *sid; CHECK_STATUS(hk_scene_view_id(a, t->v, &sid), W);
    CHECK_STATUS(hk_scene_view(a, "x", &ov), W);
    CHECK_STATUS(hk_scene_gesture(a, "x", &og), W);
    hk_hit_map_policy pol = hk_hit_map_policy_eager();
    CHECK_STATUS(hk_store_set_hit_map_policy(t->store, &pol), W);
    CHECK_STATUS(hk_store_hit_map_policy(t->store, &pol), W);
    CHECK_STATUS(hk_store_hit_map_count(t->store, &oi), W);
    hk_snapshot *snap; CHECK_STATUS(hk_store_snapshot(t->store, &snap), W);
    CHECK_STATUS(hk_window_set_level(t->store, t->w, 3), W);
    CHECK_STATUS(hk_window_order_front(t->store, t->w), W);
    CHECK_STATUS(hk_view_insert_subview(t->store, t->v, t->w, 0), W);
    CHECK_STATUS(hk_view_exchange_subviews(t->store, t->w, 0, 0), W);
    CHECK(strstr(hk_last_error_message(), "thread") != NULL);
    return NULL;
}
void test_wrong_thread_everywhere(void) {
    every_call_case t;
    memset(&t, 0, sizeof t);
    t.app = hk_app_create(); t.store = hk_app_store(t.app);
    hk_view root;
    hk_app_window_create(t.app, hk_make_rect(0,0,100,100), 0, &t.w);
    hk_app_view_create(t.app, hk_make_rect(0,0,50,50), &t.v);
    hk_app_view_create(t.app, hk_make_rect(0,0,50,50), &root);
    hk_scroll_view_create(t.app, hk_make_rect(0,0,50,50), &t.sv);
    hk_slider_create(t.app, hk_make_rect(0,0,50,50), 0, 1, 0, &t.slider);
    hk_app_view_add_subview(t.app, t.v, t.w);
    hk_tap_create(t.app, t.v, 1, 1, &t.tap);
    hk_pan_create(t.app, t.v, 1, 0, &t.pan);
    hk_view_controller_create(t.app, root, &t.c);
    hk_context_menu_callbacks mc; memset(&mc, 0, sizeof mc);
    hk_drag_callbacks dc; memset(&dc, 0, sizeof dc);
    hk_app_view_add_context_menu(t.app, t.v, &t.menu, &mc, NULL, NULL);
    hk_app_view_add_drag(t.app, t.v, &t.drag, &dc, NULL, NULL);
    hk_app_add_key_command(t.app, "s", 0, 0, &t.cmd, no_command, NULL, NULL);
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, use_the_rest_from_another_thread, &t) == 0);
    pthread_join(thread, NULL);
    /* Nothing changed on the owner thread: the key command, the menu and the slider are as they were. */
    CHECK_STATUS(hk_key_command_set_enabled(t.app, t.cmd, 1), HK_OK);
    CHECK_STATUS(hk_interaction_remove(t.app, t.menu), HK_OK);
    double value; CHECK_STATUS(hk_control_value(t.app, t.slider, &value), HK_OK); CHECK(value == 0);
    CHECK_STATUS(hk_app_destroy(t.app), HK_OK);
}

/* Calls that did something other than their comment says, found by a review of every refusal:
 * each now keeps its word. */
static hk_app *word_app;
static int word_getter_failures, word_getter_calls, word_hover_changes, word_handler_reads;

static void word_hit_test(hk_store *store, const hk_view *view, const hk_point *point, hk_view *answer, void *u) {
    (void)store; (void)point; (void)u;
    *answer = *view;
    if (word_getter_calls++) return;
    /* The app's getters are reads: they work inside a hit-test callback of its store. */
    if (hk_app_store(word_app) == NULL) word_getter_failures++;
    {   /* an unrelated failure (a read of a touch not down) sets the message first */
        hk_touch_type type;
        hk_app_touch_type(word_app, 987654, &type);
    }
    hk_app_button_mask(word_app);
    hk_app_modifier_flags(word_app);
    if (strstr(hk_last_error_message(), "cannot be changed") != NULL) word_getter_failures++;
}

static void word_hover(const hk_gesture_event *e, void *u) { (void)e; (void)u; word_hover_changes++; }

static int word_handler(const hk_touch_event *e, void *u) {
    hk_touch_high_rate_info info;
    hk_touch_sample sample;
    (void)u;
    if (hk_app_touch_high_rate(word_app, e->touch_id, &info) == HK_OK && info.sample_count == 1
        && hk_app_touch_sample(word_app, e->touch_id, 0, 0, &sample) == HK_OK)
        word_handler_reads++;
    return HK_TOUCH_CONSUME;
}

void test_calls_keep_their_word(void) {
    hk_app *app = word_app = hk_app_create();
    hk_store *store = hk_app_store(app);
    hk_view window, view, root, hit, scroll, behind;
    hk_controller first, second = 99;
    hk_gesture hover, g, h, pinch = 77;
    hk_responder_kind kind;
    hk_pointer_input pointer;
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 100, 100), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 50, 50), &view), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, view, window), HK_OK);

    /* A root view has one controller; the second is refused and nothing is made. */
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 10, 10), &root), HK_OK);
    CHECK_STATUS(hk_view_controller_create(app, root, &first), HK_OK);
    CHECK_STATUS(hk_view_controller_create(app, root, &second), HK_ERR_INVALID_ARGUMENT);
    CHECK(second == 99 && strstr(hk_last_error_message(), "already a controller's root view") != NULL);
    CHECK_STATUS(hk_app_view_destroy(app, root), HK_ERR_INVALID_ARGUMENT);   /* still the first's */
    CHECK_STATUS(hk_view_controller_destroy(app, first), HK_OK);
    CHECK_STATUS(hk_view_controller_create(app, root, &second), HK_OK);     /* free again */

    /* The getters read inside a hit-test callback of the app's store. */
    CHECK_STATUS(hk_view_set_hit_test_callback(store, view, word_hit_test, NULL, NULL), HK_OK);
    CHECK_STATUS(hk_app_hit_test(app, hk_make_point(10, 10), &hit), HK_OK);
    CHECK(word_getter_calls > 0);
    CHECK(word_getter_failures == 0);
    CHECK_STATUS(hk_view_set_hit_test_callback(store, view, NULL, NULL, NULL), HK_OK);

    /* A window made behind the hovered one is at its level at once: the hover goes on. */
    CHECK_STATUS(hk_hover_create(app, window, &hover), HK_OK);
    CHECK_STATUS(hk_gesture_set_callback(app, hover, word_hover, NULL, NULL), HK_OK);
    memset(&pointer, 0, sizeof pointer);
    pointer.id = 1 << 30;
    pointer.x = 60;
    pointer.y = 60;
    CHECK_STATUS(hk_app_send_pointer_frame(app, 1, NULL, 0, &pointer, NULL), HK_OK);
    CHECK(word_hover_changes == 1);
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 100, 100), -1, &behind), HK_OK);
    CHECK(word_hover_changes == 1);

    /* Both zoom limits change at once: (1, 1) to (0.5, 0.5) never passes through (0.5, 1). */
    CHECK_STATUS(hk_scroll_view_create(app, hk_make_rect(0, 0, 100, 100), &scroll), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_zoom_scale_limits(app, scroll, 0.5, 0.5), HK_OK);
    CHECK_STATUS(hk_scroll_view_pinch_gesture(app, scroll, &pinch), HK_ERR_NOT_FOUND);
    CHECK(pinch == 77);

    /* A touch handler reads its touch's high-rate values, as a touch callback does. */
    CHECK_STATUS(hk_app_view_set_touch_handler(app, behind, word_handler, NULL, NULL), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_handler(app, view, word_handler, NULL, NULL), HK_OK);
    {
        hk_touch_input down = { 7, HK_PHASE_BEGAN, 1, 10, 10 }, up = { 7, HK_PHASE_ENDED, 1, 10, 10 };
        CHECK_STATUS(hk_app_send_frame(app, 2, &down, 1), HK_OK);
        CHECK_STATUS(hk_app_send_frame(app, 2.1, &up, 1), HK_OK);
    }
    CHECK(word_handler_reads == 2);

    /* Statuses as the header names them. */
    CHECK_STATUS(hk_window_set_focus_system_enabled(app, view, 1), HK_ERR_NOT_A_WINDOW);
    CHECK_STATUS(hk_window_focused_view(app, view, &hit), HK_ERR_NOT_A_WINDOW);
    CHECK_STATUS(hk_view_controller_next_responder(app, 0, &kind, NULL, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK(strstr(hk_last_error_message(), "no responder given") != NULL);
    CHECK_STATUS(hk_tap_create(app, window, 1, 1, &g), HK_OK);
    CHECK_STATUS(hk_tap_create(app, window, 2, 1, &h), HK_OK);
    CHECK_STATUS(hk_gesture_require_to_fail(app, g, g), HK_ERR_CYCLE);
    CHECK_STATUS(hk_gesture_require_to_fail(app, g, h), HK_OK);
    CHECK_STATUS(hk_gesture_require_to_fail(app, h, g), HK_OK);  /* longer cycles are taken */
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* A snapshot outliving its store keeps the store's owner tag: however many stores are made after
 * the store is destroyed, none takes that tag while the snapshot lives, so the snapshot refuses
 * their views and they refuse its answers (HK_ERR_FOREIGN_HANDLE) instead of taking them for
 * views of their own at the same row. Released, the snapshot gives the tag back. */
void test_snapshot_keeps_its_stores_tag(void) {
    hk_store *gone = hk_store_create();
    hk_view window, button, answer;
    hk_snapshot *snapshot = NULL;
    hk_snapshot_answer kind;
    CHECK_STATUS(hk_window_create(gone, hk_make_rect(0, 0, 100, 100), 0, &window), HK_OK);
    CHECK_STATUS(hk_view_create(gone, hk_make_rect(10, 10, 20, 20), &button), HK_OK);
    CHECK_STATUS(hk_view_add_subview(gone, button, window), HK_OK);
    CHECK_STATUS(hk_store_snapshot(gone, &snapshot), HK_OK);
    CHECK_STATUS(hk_store_destroy(gone), HK_OK);
    const int32_t tag = window.index >> 24;
    int tag_taken = 0, foreign_refused = 0;
    enum { CYCLES = 300 };  /* more than twice the 127 tags */
    for (int i = 0; i < CYCLES; i++) {
        hk_store *store = hk_store_create();
        hk_view other_window, other_button;
        hk_point out;
        hk_rect frame;
        CHECK_STATUS(hk_window_create(store, hk_make_rect(0, 0, 50, 50), 0, &other_window), HK_OK);
        CHECK_STATUS(hk_view_create(store, hk_make_rect(1, 1, 2, 2), &other_button), HK_OK);
        CHECK_STATUS(hk_view_add_subview(store, other_button, other_window), HK_OK);
        tag_taken += (other_window.index >> 24) == tag;
        CHECK_STATUS(hk_snapshot_hit_test(snapshot, hk_make_point(15, 15), &kind, &answer), HK_OK);
        foreign_refused += hk_snapshot_convert(snapshot, hk_make_point(0, 0), other_button, hk_no_view(), &out)
                               == HK_ERR_FOREIGN_HANDLE
            && hk_view_frame(store, answer, &frame) == HK_ERR_FOREIGN_HANDLE;
        CHECK_STATUS(hk_store_destroy(store), HK_OK);
    }
    CHECK(tag_taken == 0 && foreign_refused == CYCLES);
    CHECK_STATUS(hk_snapshot_release(snapshot), HK_OK);
    for (int i = 0; i < 127 && !tag_taken; i++) {
        hk_store *store = hk_store_create();
        hk_view w;
        CHECK_STATUS(hk_window_create(store, hk_make_rect(0, 0, 5, 5), 0, &w), HK_OK);
        tag_taken = (w.index >> 24) == tag;
        CHECK_STATUS(hk_store_destroy(store), HK_OK);
    }
    CHECK(tag_taken);
}

/* Stores made and destroyed on several threads at once, never more than 127 live: no two live
 * stores share an owner tag (the tag is chosen and counted under one lock), so neither takes
 * the other's views. */
enum { TAGGERS = 4, TAGGED_LIVE = 30, TAGGER_ROUNDS = 1500 };
static int tag_holders[128];
static int tags_shared;

static void *make_stores_and_watch_tags(void *arg) {
    unsigned seed = (unsigned)(uintptr_t)arg;
    hk_store *stores[TAGGED_LIVE] = { 0 };
    int tags[TAGGED_LIVE];
    for (int round = 0; round < TAGGER_ROUNDS; round++) {
        int i = (int)(rand_r(&seed) % TAGGED_LIVE);
        if (stores[i]) {
            __atomic_fetch_sub(&tag_holders[tags[i]], 1, __ATOMIC_SEQ_CST);
            if (hk_store_destroy(stores[i]) != HK_OK) __atomic_fetch_add(&tags_shared, 1000, __ATOMIC_SEQ_CST);
            stores[i] = NULL;
        }
        hk_store *store = hk_store_create();
        hk_view window;
        if (!store || hk_window_create(store, hk_make_rect(0, 0, 10, 10), 0, &window) != HK_OK) {
            __atomic_fetch_add(&tags_shared, 1000, __ATOMIC_SEQ_CST);
            hk_store_destroy(store);
            continue;
        }
        tags[i] = window.index >> 24;
        if (__atomic_fetch_add(&tag_holders[tags[i]], 1, __ATOMIC_SEQ_CST) > 0) __atomic_fetch_add(&tags_shared, 1, __ATOMIC_SEQ_CST);
        stores[i] = store;
    }
    for (int i = 0; i < TAGGED_LIVE; i++) {
        if (!stores[i]) continue;
        __atomic_fetch_sub(&tag_holders[tags[i]], 1, __ATOMIC_SEQ_CST);
        hk_store_destroy(stores[i]);
    }
    return NULL;
}

void test_stores_made_at_once_take_distinct_tags(void) {
    pthread_t threads[TAGGERS];
    int started[TAGGERS];
    for (int i = 0; i < TAGGERS; i++) {
        started[i] = pthread_create(&threads[i], NULL, make_stores_and_watch_tags, (void *)(uintptr_t)(i + 1)) == 0;
    }
    for (int i = 0; i < TAGGERS; i++) {
        CHECK(started[i]);
        if (started[i]) pthread_join(threads[i], NULL);
    }
    CHECK(tags_shared == 0);
}

/* A store and an app left alive when their thread ends are leaked with it, and refused on every
 * thread from then on (HK_ERR_WRONG_THREAD, saying the thread ended): on this one, and on a
 * thread made after it, which the C library may give the ended thread's control block, and so
 * its identity. */
typedef struct { hk_store *store; hk_app *app; hk_status statuses[4]; int ended_said; } ended_case;

static void *make_and_end(void *arg) {
    ended_case *e = arg;
    hk_view window;
    e->store = hk_store_create();
    e->app = hk_app_create();
    if (e->store) hk_window_create(e->store, hk_make_rect(0, 0, 10, 10), 0, &window);
    return NULL;
}

static void *use_the_ended_threads(void *arg) {
    ended_case *e = arg;
    hk_view hit, window;
    e->statuses[0] = hk_hit_test_screen(e->store, hk_make_point(5, 5), &hit);
    e->ended_said = strstr(hk_last_error_message(), "ended") != NULL;
    e->statuses[1] = hk_window_create(e->store, hk_make_rect(0, 0, 10, 10), 0, &window);
    e->statuses[2] = hk_app_window_create(e->app, hk_make_rect(0, 0, 10, 10), 0, &window);
    e->statuses[3] = hk_app_destroy(e->app);
    return NULL;
}

/* A host that destroys a thread's app from its own thread-specific key's destructor, a key made
 * after the app (so run after HitKit's in glibc's order), still destroys it on its thread. */
static pthread_key_t host_cleanup_key;
static hk_status host_cleanup_status = -1;

static void destroy_the_threads_app(void *app) { host_cleanup_status = hk_app_destroy(app); }

static void *make_an_app_the_host_cleans_up(void *arg) {
    hk_app *app = hk_app_create();
    (void)arg;
    if (pthread_key_create(&host_cleanup_key, destroy_the_threads_app) == 0) pthread_setspecific(host_cleanup_key, app);
    return NULL;
}

void test_a_thread_destructor_destroys_its_app(void) {
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, make_an_app_the_host_cleans_up, NULL) == 0);
    pthread_join(thread, NULL);
    CHECK_STATUS(host_cleanup_status, HK_OK);
    pthread_key_delete(host_cleanup_key);
}

void test_an_ended_threads_stores_are_refused_everywhere(void) {
    for (int round = 0; round < 4; round++) {
        ended_case e;
        pthread_t thread;
        hk_view hit;
        memset(&e, 0, sizeof e);
        CHECK(pthread_create(&thread, NULL, make_and_end, &e) == 0);
        pthread_join(thread, NULL);
        CHECK(e.store != NULL && e.app != NULL);
        CHECK_STATUS(hk_hit_test_screen(e.store, hk_make_point(5, 5), &hit), HK_ERR_WRONG_THREAD);
        CHECK(strstr(hk_last_error_message(), "ended") != NULL);
        CHECK_STATUS(hk_store_destroy(e.store), HK_ERR_WRONG_THREAD);
        CHECK(pthread_create(&thread, NULL, use_the_ended_threads, &e) == 0);
        pthread_join(thread, NULL);
        for (int i = 0; i < 4; i++) CHECK_STATUS(e.statuses[i], HK_ERR_WRONG_THREAD);
        CHECK(e.ended_said);
    }
}

/*
 * ccall.c - what a call into libhitkit costs beyond the engine's work.
 *
 * - The floor: each query (and a view's bounds read), and each kind of frame (touches, time, the
 *   pointer, a wheel notch, a touchpad pinch, touches with samples, keys), on a store (or app)
 *   holding one window, where the engine does least: what is left is the C call itself.
 * - A read of an app (a recognizer's state), as a host's callback might make each frame.
 * - The engine benchmark's trees (Benchmarks/HitTestBenchmarks/Shapes.swift, its point sets,
 *   and uniform points on the random trees): hk_hit_test_screen on each, and the same points in
 *   one hk_hit_test_screen_points call; on the random 100,000-view tree, its conversion rows, a
 *   view's frame and a snapshot's hit test (and its points in one hk_snapshot_hit_test_points
 *   call).
 * - Hit tests of a store whose views have C point-inside and hit-test callbacks (one called a
 *   query; once reading the view's bounds, once asking for the default answer).
 * - Frames on a scene whose delivery log (Behaviour B6) writes lines, with no one hearing the
 *   log and with a callback hearing it (hk_scene_set_log_callback).
 *
 * usage: ccall [--quick] [--rounds N]
 * Prints one JSON object per row: {"row": "...", "calls": calls per pass, "ns": median ns per
 * call over the rounds}. Under valgrind it times nothing: each row warms up, then makes one
 * pass between CALLGRIND_ZERO_STATS and CALLGRIND_DUMP_STATS_AT(row), which callgrind_rows.py
 * reads (instructions per call, the engine's share, what the C side calls).
 */
#define _POSIX_C_SOURCE 200809L
#include <hitkit.h>
#include <valgrind/callgrind.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hitkit_tree.h"
#include "timing.h"
#include "trees.h"

static int rounds = 21;
static int under_valgrind;
static long long checksum;

static void check(hk_status status, const char *what) {
    if (status != HK_OK) {
        fprintf(stderr, "%s: %s (%s)\n", what, hk_status_name(status), hk_last_error_message());
        exit(2);
    }
}

/* One row: `pass` makes `calls` calls. */
typedef void (*pass_fn)(void *context);

static void run_row(const char *row, int calls, pass_fn pass, void *context) {
    /* Warm: first-use set-up (scratch, grids) happens here, and at least 64 calls, after which
     * libhitkit has built the window's hit map (HitMapPolicy.standard): the rows measure the
     * state after it. */
    for (int made = 0; made == 0 || made < 64; made += calls) pass(context);
    if (under_valgrind) {
        CALLGRIND_ZERO_STATS;
        pass(context);
        CALLGRIND_DUMP_STATS_AT(row);
        printf("{\"row\": \"%s\", \"calls\": %d}\n", row, calls);
    } else {
        double *samples = malloc(sizeof(double) * (size_t)rounds);
        for (int r = 0; r < rounds; r++) {
            double start = now_ns();
            pass(context);
            samples[r] = (now_ns() - start) / calls;
        }
        printf("{\"row\": \"%s\", \"calls\": %d, \"ns\": %.2f}\n", row, calls, median(samples, rounds));
        free(samples);
    }
    fflush(stdout);
}

/* ---------------------------------------------------------------------------------------- */
/* Queries                                                                                  */

typedef struct {
    hk_store *store;
    hk_snapshot *snapshot;
    hk_view view;          /* the view hk_hit_test_view and the conversions use */
    const hk_point *points;
    int count;
    hk_view *answers;      /* room for `count`: the answers of a call for many points */
    hk_snapshot_answer *kinds; /* room for `count`: hk_snapshot_hit_test_points' kinds */
    const hk_view *from, *to; /* `count` pairs: the conversion rows of the engine benchmark */
} query_context;

static void pass_hit_test_screen(void *c) {
    query_context *q = c;
    hk_view out;
    for (int i = 0; i < q->count; i++) {
        hk_hit_test_screen(q->store, q->points[i], &out);
        checksum += out.index;
    }
}

/* The same points in one call, and the caller's loop over the answers. */
static void pass_hit_test_screen_points(void *c) {
    query_context *q = c;
    hk_hit_test_screen_points(q->store, q->points, (size_t)q->count, q->answers);
    for (int i = 0; i < q->count; i++) checksum += q->answers[i].index;
}

static void pass_hit_test_view(void *c) {
    query_context *q = c;
    hk_view out;
    for (int i = 0; i < q->count; i++) {
        hk_hit_test_view(q->store, q->view, q->points[i], &out);
        checksum += out.index;
    }
}

static void pass_convert_point(void *c) {
    query_context *q = c;
    hk_point out;
    for (int i = 0; i < q->count; i++) {
        hk_convert_point(q->store, q->points[i], q->view, hk_no_view(), &out);
        checksum += (long long)out.x;
    }
}

static void pass_convert_rect(void *c) {
    query_context *q = c;
    hk_rect out;
    for (int i = 0; i < q->count; i++) {
        hk_convert_rect(q->store, hk_make_rect(q->points[i].x, q->points[i].y, 10, 10), q->view, hk_no_view(), &out);
        checksum += (long long)out.x;
    }
}

static void pass_view_bounds(void *c) {
    query_context *q = c;
    hk_rect out;
    for (int i = 0; i < q->count; i++) {
        hk_view_bounds(q->store, q->view, &out);
        checksum += (long long)out.width;
    }
}

static void pass_snapshot_hit_test(void *c) {
    query_context *q = c;
    hk_snapshot_answer kind;
    hk_view out;
    for (int i = 0; i < q->count; i++) {
        hk_snapshot_hit_test(q->snapshot, q->points[i], &kind, &out);
        checksum += out.index + kind;
    }
}

/* The same points in one call, and the caller's loop over the answers. */
static void pass_snapshot_hit_test_points(void *c) {
    query_context *q = c;
    hk_snapshot_hit_test_points(q->snapshot, q->points, (size_t)q->count, q->kinds, q->answers);
    for (int i = 0; i < q->count; i++) checksum += q->answers[i].index + q->kinds[i];
}

static void pass_snapshot_convert(void *c) {
    query_context *q = c;
    hk_point out;
    for (int i = 0; i < q->count; i++) {
        hk_snapshot_convert(q->snapshot, q->points[i], q->view, hk_no_view(), &out);
        checksum += (long long)out.x;
    }
}

/* The engine benchmark's conversion rows (ConversionBenchmark.swift): its point, its rect, and
 * a view's frame, over the pairs. */
static void pass_convert_pairs_point(void *c) {
    query_context *q = c;
    hk_point out;
    for (int i = 0; i < q->count; i++) {
        hk_convert_point(q->store, hk_make_point(3.25, 7.5), q->from[i], q->to[i], &out);
        checksum += (long long)out.x;
    }
}

static void pass_convert_pairs_rect(void *c) {
    query_context *q = c;
    hk_rect out;
    for (int i = 0; i < q->count; i++) {
        hk_convert_rect(q->store, hk_make_rect(-2.5, 1.25, 10, 20), q->from[i], q->to[i], &out);
        checksum += (long long)out.x;
    }
}

static void pass_view_frames(void *c) {
    query_context *q = c;
    hk_rect out;
    for (int i = 0; i < q->count; i++) {
        hk_view_frame(q->store, q->from[i], &out);
        checksum += (long long)out.x;
    }
}

/* ---------------------------------------------------------------------------------------- */
/* Frames                                                                                   */

typedef struct {
    hk_app *app;
    double time;
    int count;             /* frames per pass */
} frame_context;

/* A read of the app: a recognizer's state, as a host's callback might ask each frame. */
typedef struct {
    hk_app *app;
    hk_gesture gesture;
    int count;
} read_context;

static void pass_gesture_state(void *c) {
    read_context *r = c;
    hk_gesture_state state;
    for (int i = 0; i < r->count; i++) {
        hk_gesture_state_of(r->app, r->gesture, &state);
        checksum += state;
    }
}

/* Frame `i` of a stroke repeated every 32 frames: began, moves, ended, inside the app's one window. */
static hk_touch_input stroke_touch(int i) {
    int step = i % 32;
    hk_touch_input touch;
    memset(&touch, 0, sizeof touch);
    touch.id = 1;
    touch.phase = step == 0 ? HK_PHASE_BEGAN : step == 31 ? HK_PHASE_ENDED : HK_PHASE_MOVED;
    touch.has_location = 1;
    touch.x = 100 + step;
    touch.y = 100;
    return touch;
}

/* One touch at a time: the stroke over and over. */
static void pass_send_frame(void *c) {
    frame_context *f = c;
    for (int i = 0; i < f->count; i++) {
        hk_touch_input touch = stroke_touch(i);
        f->time += 0.008;
        checksum += hk_app_send_frame(f->app, f->time, &touch, 1);
    }
}

static void pass_advance(void *c) {
    frame_context *f = c;
    for (int i = 0; i < f->count; i++) {
        f->time += 0.008;
        checksum += hk_app_advance(f->app, f->time);
    }
}

/* The pointer moves over the window, no button down: a hover frame. */
static void pass_pointer_frame(void *c) {
    frame_context *f = c;
    for (int i = 0; i < f->count; i++) {
        hk_pointer_input pointer;
        memset(&pointer, 0, sizeof pointer);
        pointer.id = 100;
        pointer.x = 100 + i % 64;
        pointer.y = 120;
        f->time += 0.008;
        check(hk_app_send_pointer_frame(f->app, f->time, NULL, 0, &pointer, NULL), "hk_app_send_pointer_frame");
    }
}

/* A wheel notch over the window. */
static void pass_wheel_frame(void *c) {
    frame_context *f = c;
    for (int i = 0; i < f->count; i++) {
        hk_scroll_input scroll;
        memset(&scroll, 0, sizeof scroll);
        scroll.x = 100;
        scroll.y = 120;
        scroll.dy = i % 2 ? 40 : -40;
        scroll.type = HK_SCROLL_DISCRETE;
        f->time += 0.008;
        check(hk_app_send_pointer_frame(f->app, f->time, NULL, 0, NULL, &scroll), "hk_app_send_pointer_frame");
    }
}

/* A touchpad pinch: began, changes, ended, over and over. */
static void pass_touchpad_frame(void *c) {
    frame_context *f = c;
    for (int i = 0; i < f->count; i++) {
        int step = i % 32;
        hk_touchpad_gesture pinch;
        memset(&pinch, 0, sizeof pinch);
        pinch.kind = HK_TOUCHPAD_PINCH;
        pinch.phase = step == 0 ? HK_TOUCHPAD_PHASE_BEGAN : step == 31 ? HK_TOUCHPAD_PHASE_ENDED : HK_TOUCHPAD_PHASE_CHANGED;
        pinch.x = 100;
        pinch.y = 120;
        pinch.scale = 1 + step / 64.0;
        pinch.fingers = 2;
        f->time += 0.008;
        check(hk_app_send_touchpad_frame(f->app, f->time, &pinch), "hk_app_send_touchpad_frame");
    }
}

/* The stroke's touch with two samples since the last frame. */
static void pass_frame_with_samples(void *c) {
    frame_context *f = c;
    for (int i = 0; i < f->count; i++) {
        hk_touch_input touch = stroke_touch(i);
        hk_touch_sample samples[2] = {
            { f->time + 0.004, touch.x - 0.5, touch.y, -1, -1 },
            { f->time + 0.008, touch.x, touch.y, -1, -1 },
        };
        hk_touch_high_rate high_rate;
        memset(&high_rate, 0, sizeof high_rate);
        high_rate.force = high_rate.major_radius = high_rate.maximum_possible_force = high_rate.major_radius_tolerance = -1;
        high_rate.samples = samples;
        high_rate.sample_count = 2;
        f->time += 0.008;
        check(hk_app_send_frame_with_samples(f->app, f->time, &touch, &high_rate, 1), "hk_app_send_frame_with_samples");
    }
}

/* A key going down at even steps and up at odd ones, with its two texts. */
static hk_key_input key_at_step(int32_t code, const char *characters, const char *ignoring_modifiers, int step) {
    hk_key_input key;
    memset(&key, 0, sizeof key);
    key.code = code;
    key.phase = step % 2 ? HK_KEY_UP : HK_KEY_DOWN;
    key.characters = characters;
    key.characters_ignoring_modifiers = ignoring_modifiers;
    return key;
}

/* The A key down and its up, in frames of their own; no responder takes it. */
static void pass_key_frame(void *c) {
    frame_context *f = c;
    for (int i = 0; i < f->count; i++) {
        hk_key_input key = key_at_step(4, "a", "a", i);
        uint8_t outcome;
        f->time += 0.008;
        check(hk_app_send_key_frame(f->app, f->time, &key, 1, &outcome), "hk_app_send_key_frame");
        checksum += outcome;
    }
}

/* The stroke's touch and a key down or up in one frame of every kind: about what the two rows
 * above cost in two frames, in one. The key is the Up Arrow, whose name (17 bytes) is longer
 * than a Swift string holds in itself, which the C side must still not allocate. */
static void pass_input_frame(void *c) {
    frame_context *f = c;
    for (int i = 0; i < f->count; i++) {
        hk_touch_input touch = stroke_touch(i);
        hk_key_input key = key_at_step(82, "", "UIKeyInputUpArrow", i);
        hk_input_frame frame;
        memset(&frame, 0, sizeof frame);
        f->time += 0.008;
        frame.timestamp = f->time;
        frame.touches = &touch;
        frame.touch_count = 1;
        frame.keys = &key;
        frame.key_count = 1;
        uint8_t outcome;
        check(hk_app_send_input_frame(f->app, &frame, &outcome), "hk_app_send_input_frame");
        checksum += outcome;
    }
}

static void callback_rows(const hk_point *points, int count);

static void floor_rows(void) {
    enum { count = 4096 };
    hk_point *points = malloc(sizeof(hk_point) * count);
    splitmix64 rng = { 0xF100 };
    for (int i = 0; i < count; i++)
        points[i] = hk_make_point(splitmix64_double(&rng, 0.5, 1023.5), splitmix64_double(&rng, 0.5, 1023.5));

    query_context q;
    q.store = hk_store_create();
    q.points = points;
    q.count = count;
    check(hk_window_create(q.store, hk_make_rect(0, 0, 1024, 1024), 0, &q.view), "hk_window_create");
    check(hk_store_snapshot(q.store, &q.snapshot), "hk_store_snapshot");
    run_row("floor/hit_test_screen", count, pass_hit_test_screen, &q);
    run_row("floor/hit_test_view", count, pass_hit_test_view, &q);
    run_row("floor/convert_point", count, pass_convert_point, &q);
    run_row("floor/convert_rect", count, pass_convert_rect, &q);
    run_row("floor/view_bounds", count, pass_view_bounds, &q);
    run_row("floor/snapshot_hit_test", count, pass_snapshot_hit_test, &q);
    run_row("floor/snapshot_convert", count, pass_snapshot_convert, &q);
    check(hk_snapshot_release(q.snapshot), "hk_snapshot_release");
    check(hk_store_destroy(q.store), "hk_store_destroy");
    callback_rows(points, count);

    frame_context f;
    hk_view window;
    f.app = hk_app_create();
    f.time = 0;
    f.count = 1024;
    check(hk_app_window_create(f.app, hk_make_rect(0, 0, 1024, 1024), 0, &window), "hk_app_window_create");
    run_row("floor/send_frame", f.count, pass_send_frame, &f);
    run_row("floor/advance", f.count, pass_advance, &f);
    run_row("floor/send_pointer_frame", f.count, pass_pointer_frame, &f);
    run_row("floor/send_wheel_frame", f.count, pass_wheel_frame, &f);
    run_row("floor/send_touchpad_frame", f.count, pass_touchpad_frame, &f);
    run_row("floor/send_frame_with_samples", f.count, pass_frame_with_samples, &f);
    run_row("floor/send_key_frame", f.count, pass_key_frame, &f);
    run_row("floor/send_input_frame", f.count, pass_input_frame, &f);
    check(hk_app_destroy(f.app), "hk_app_destroy");

    /* Another app, whose window has a pan: the floor's frames above meet no recognizer. */
    read_context r = { hk_app_create(), 0, 4096 };
    check(hk_app_window_create(r.app, hk_make_rect(0, 0, 1024, 1024), 0, &window), "hk_app_window_create");
    check(hk_pan_create(r.app, window, 1, 1, &r.gesture), "hk_pan_create");
    run_row("reads/gesture_state", r.count, pass_gesture_state, &r);
    check(hk_app_destroy(r.app), "hk_app_destroy");
    free(points);
}

/* ---------------------------------------------------------------------------------------- */
/* What C attaches, at scale                                                                */

/* A cell as a host's list makes one: a view with a controller, a touch handler, a key command, a
 * context menu and a tap; a button with an added action; a scroll view with a delegate. */
typedef struct { hk_view view, button, scroll; hk_controller controller; hk_gesture tap; } cell;

static void ignore_command(const hk_key_command_event *event, void *user_data) { (void)event, (void)user_data; }
static void ignore_action(const hk_action_event *event, void *user_data) { (void)event, (void)user_data; }
static int pass_touch_on(const hk_touch_event *event, void *user_data) { (void)event, (void)user_data; return HK_TOUCH_PASS_ON; }
static void ignore_scroll(hk_app *app, const hk_view *scroll_view, void *user_data) { (void)app, (void)scroll_view, (void)user_data; }

static cell make_cell(hk_app *app, hk_view window, int i) {
    cell c;
    hk_key_command command;
    hk_interaction menu;
    hk_action_id action;
    hk_context_menu_callbacks callbacks;
    memset(&callbacks, 0, sizeof callbacks);
    hk_rect frame = hk_make_rect(i % 64 * 16, i / 64 % 64 * 16, 16, 16);
    check(hk_app_view_create(app, frame, &c.view), "hk_app_view_create");
    check(hk_app_view_add_subview(app, c.view, window), "hk_app_view_add_subview");
    check(hk_view_controller_create(app, c.view, &c.controller), "hk_view_controller_create");
    check(hk_app_view_set_touch_handler(app, c.view, pass_touch_on, NULL, NULL), "hk_app_view_set_touch_handler");
    check(hk_app_view_add_key_command(app, c.view, "s", HK_MOD_COMMAND, 0, &command, ignore_command, NULL, NULL),
          "hk_app_view_add_key_command");
    check(hk_app_view_add_context_menu(app, c.view, &menu, &callbacks, NULL, NULL), "hk_app_view_add_context_menu");
    check(hk_tap_create(app, c.view, 1, 1, &c.tap), "hk_tap_create");
    check(hk_button_create(app, frame, &c.button), "hk_button_create");
    check(hk_app_view_add_subview(app, c.button, window), "hk_app_view_add_subview");
    check(hk_control_add_action(app, c.button, HK_EVENT_TOUCH_UP_INSIDE, &action, ignore_action, NULL, NULL),
          "hk_control_add_action");
    hk_scroll_view_delegate delegate;
    memset(&delegate, 0, sizeof delegate);
    delegate.did_scroll = ignore_scroll;
    check(hk_scroll_view_create(app, frame, &c.scroll), "hk_scroll_view_create");
    check(hk_app_view_add_subview(app, c.scroll, window), "hk_app_view_add_subview");
    check(hk_scroll_view_set_delegate(app, c.scroll, &delegate, NULL, NULL), "hk_scroll_view_set_delegate");
    return c;
}

/* A recognizer's handle outlives its view until hk_gesture_destroy: the host lets go of it first. */
static void destroy_cell(hk_app *app, cell c) {
    check(hk_gesture_destroy(app, c.tap), "hk_gesture_destroy");
    check(hk_view_controller_destroy(app, c.controller), "hk_view_controller_destroy");
    check(hk_app_view_destroy(app, c.view), "hk_app_view_destroy");
    check(hk_app_view_destroy(app, c.button), "hk_app_view_destroy");
    check(hk_app_view_destroy(app, c.scroll), "hk_app_view_destroy");
}

enum { cells_per_pass = 64 };
typedef struct { hk_app *app; hk_view window; } cells_context;

/* Cells made and destroyed, among the app's resident ones: a call is one cell. */
static void pass_cells(void *c) {
    cells_context *s = c;
    cell made[cells_per_pass];
    for (int i = 0; i < cells_per_pass; i++) made[i] = make_cell(s->app, s->window, i);
    for (int i = 0; i < cells_per_pass; i++) destroy_cell(s->app, made[i]);
}

/* A cell's cost must not grow with the cells already in the app: each thing C attaches is found
 * and let go of by its own handle or its view's lists, never by a search of the app's tables
 * (callgrind_rows.py holds the pair to SCALE_LIMIT). */
static void scale_rows(void) {
    const int resident[] = { 500, 4000 };
    for (int r = 0; r < 2; r++) {
        cells_context s = { hk_app_create(), hk_no_view() };
        check(hk_app_window_create(s.app, hk_make_rect(0, 0, 1024, 1024), 0, &s.window), "hk_app_window_create");
        for (int i = 0; i < resident[r]; i++) make_cell(s.app, s.window, i);
        char row[64];
        snprintf(row, sizeof row, "scale/cell-among-%d", resident[r]);
        run_row(row, cells_per_pass, pass_cells, &s);
        check(hk_app_destroy(s.app), "hk_app_destroy");
    }
}

/* ---------------------------------------------------------------------------------------- */
/* A store whose views call C                                                               */

/* A point-inside callback that says yes. */
static int inside_always(hk_store *store, const hk_view *view, const hk_point *point, void *user_data) {
    (void)store, (void)view, (void)point, (void)user_data;
    return 1;
}

/* A point-inside callback that reads the view's bounds, as a custom shape would. */
static int inside_bounds(hk_store *store, const hk_view *view, const hk_point *point, void *user_data) {
    (void)user_data;
    hk_rect bounds;
    if (hk_view_bounds(store, *view, &bounds) != HK_OK) return 0;
    return point->x >= bounds.x && point->x < bounds.x + bounds.width;
}

/* A hit-test callback that answers its own view. */
static void hit_self(hk_store *store, const hk_view *view, const hk_point *point, hk_view *answer, void *user_data) {
    (void)store, (void)point, (void)user_data;
    *answer = *view;
}

/* A hit-test callback that asks for the default answer (UIKit's `super.hitTest`). */
static void hit_default(hk_store *store, const hk_view *view, const hk_point *point, hk_view *answer, void *user_data) {
    (void)user_data;
    hk_view_default_hit_test(store, *view, *point, answer);
}

/* hk_hit_test_screen on a window whose one subview, under every point, has a C callback: the
 * query counts itself in, and the engine calls the callback once a query. */
static void callback_rows(const hk_point *points, int count) {
    query_context q;
    hk_view window;
    q.store = hk_store_create();
    q.points = points;
    q.count = count;
    check(hk_window_create(q.store, hk_make_rect(0, 0, 1024, 1024), 0, &window), "hk_window_create");
    check(hk_view_create(q.store, hk_make_rect(0, 0, 1024, 1024), &q.view), "hk_view_create");
    check(hk_view_add_subview(q.store, q.view, window), "hk_view_add_subview");
    check(hk_view_set_point_inside_callback(q.store, q.view, inside_always, NULL, NULL), "hk_view_set_point_inside_callback");
    run_row("callbacks/point_inside", count, pass_hit_test_screen, &q);
    check(hk_view_set_point_inside_callback(q.store, q.view, inside_bounds, NULL, NULL), "hk_view_set_point_inside_callback");
    run_row("callbacks/point_inside_reading_bounds", count, pass_hit_test_screen, &q);
    check(hk_view_set_point_inside_callback(q.store, q.view, NULL, NULL, NULL), "hk_view_set_point_inside_callback");
    check(hk_view_set_hit_test_callback(q.store, q.view, hit_self, NULL, NULL), "hk_view_set_hit_test_callback");
    run_row("callbacks/hit_test", count, pass_hit_test_screen, &q);
    check(hk_view_set_hit_test_callback(q.store, q.view, hit_default, NULL, NULL), "hk_view_set_hit_test_callback");
    run_row("callbacks/hit_test_asking_default", count, pass_hit_test_screen, &q);
    check(hk_store_destroy(q.store), "hk_store_destroy");
}

/* ---------------------------------------------------------------------------------------- */
/* A scene's delivery log                                                                   */

/* A view that logs its touches and has a pan, and a button whose action reaches the window: the
 * drag and the tap below write one line of the log a frame. */
static const char logged_scene[] =
    "{ \"windows\": [ { \"id\": \"win\", \"frame\": [0, 0, 640, 400], \"actions\": [\"tapped\"], \"subviews\": [\n"
    "  { \"id\": \"draggable\", \"frame\": [20, 190, 100, 80], \"touches\": \"log\",\n"
    "    \"gestures\": [ { \"id\": \"pan\", \"type\": \"pan\" } ] },\n"
    "  { \"id\": \"button\", \"frame\": [20, 20, 140, 60], \"control\": { \"type\": \"button\",\n"
    "    \"targets\": [ { \"events\": [\"touchUpInside\"], \"target\": null, \"action\": \"tapped\" } ] } } ] } ] }\n";

enum { LOGGED_FRAMES_PER_CYCLE = 12 };

/* A drag of the view (began, eight moves, ended), then a tap on the button. */
static void pass_logged_frames(void *c) {
    frame_context *f = c;
    for (int i = 0; i < f->count; i++) {
        int step = i % LOGGED_FRAMES_PER_CYCLE;
        hk_touch_input touch;
        memset(&touch, 0, sizeof touch);
        touch.has_location = 1;
        if (step < 10) {
            touch.id = 1;
            touch.phase = step == 0 ? HK_PHASE_BEGAN : step == 9 ? HK_PHASE_ENDED : HK_PHASE_MOVED;
            touch.x = 70 + 5.0 * step;
            touch.y = 230;
        } else {
            touch.id = 2;
            touch.phase = step == 10 ? HK_PHASE_BEGAN : HK_PHASE_ENDED;
            touch.x = 90;
            touch.y = 50;
        }
        f->time += 0.008;
        checksum += hk_app_send_frame(f->app, f->time, &touch, 1);
    }
}

static void count_bytes(const char *line, size_t length, void *user_data) {
    (void)line;
    *(long long *)user_data += (long long)length;
}

static void scene_rows(void) {
    frame_context f;
    long long heard = 0;
    check(hk_scene_load_buffer(logged_scene, strlen(logged_scene), "ccall scene", &f.app), "hk_scene_load_buffer");
    f.time = 0;
    f.count = 100 * LOGGED_FRAMES_PER_CYCLE;
    run_row("scene/frame_log_unheard", f.count, pass_logged_frames, &f);
    check(hk_scene_set_log_callback(f.app, count_bytes, &heard, NULL), "hk_scene_set_log_callback");
    run_row("scene/frame_log_heard", f.count, pass_logged_frames, &f);
    check(hk_app_destroy(f.app), "hk_app_destroy");
    if (heard == 0) {
        fprintf(stderr, "the scene's log wrote nothing: the rows measure no line\n");
        exit(2);
    }
    checksum += heard;
}

/* ---------------------------------------------------------------------------------------- */
/* The engine benchmark's trees                                                             */

/* A point set of one benchmark row: fills `points` (room for `count`) and returns how many. */
typedef int (*point_set)(const tree *t, const hitkit_tree *h, hk_point *points, int count, splitmix64 *rng);

/* `count` leaves, the deepest of a random sample four times larger (QueryPoints.deepLeaves:
 * the same draws, and a selection that keeps the draw order among equals, as Swift's sort). */
static void deep_leaves(const tree *t, int32_t *chosen, int count, splitmix64 *rng) {
    int32_t *leaves = malloc(sizeof(int32_t) * (size_t)t->count);
    int leaf_count = 0;
    for (int v = 0; v < t->count; v++)
        if (t->child_count[v] == 0) leaves[leaf_count++] = v;
    int sample_count = 4 * count;
    int32_t *sample = malloc(sizeof(int32_t) * (size_t)sample_count);
    for (int i = 0; i < sample_count; i++) sample[i] = leaves[splitmix64_below(rng, leaf_count)];
    for (int i = 0; i < count; i++) {
        int best = i;
        for (int j = i + 1; j < sample_count; j++)
            if (t->depth[sample[j]] > t->depth[sample[best]]) best = j;
        int32_t leaf = sample[best];
        memmove(sample + i + 1, sample + i, sizeof(int32_t) * (size_t)(best - i));
        sample[i] = leaf;
        chosen[i] = leaf;
    }
    free(sample);
    free(leaves);
}

/* The screen centres of `count` leaves, the deepest of a random sample four times larger. */
static int deep_points(const tree *t, const hitkit_tree *h, hk_point *points, int count, splitmix64 *rng) {
    int32_t *leaves = malloc(sizeof(int32_t) * (size_t)count);
    deep_leaves(t, leaves, count, rng);
    for (int i = 0; i < count; i++)
        check(hk_convert_point(h->store, hk_make_point(t->width[leaves[i]] / 2, t->height[leaves[i]] / 2),
                               h->views[leaves[i]], hk_no_view(), &points[i]), "hk_convert_point");
    free(leaves);
    return count;
}

/* Points in the window answered by the window or one of its subviews. */
static int shallow_points(const tree *t, const hitkit_tree *h, hk_point *points, int count, splitmix64 *rng) {
    int found = 0;
    for (int attempt = 0; found < count && attempt < 1000 * count; attempt++) {
        int edge = splitmix64_double(rng, 0, 1) < 0.5;
        double x = edge ? splitmix64_double(rng, 0, t->width[0] * 0.05) : splitmix64_double(rng, 0, t->width[0]);
        hk_point p = hk_make_point(t->x[0] + x, t->y[0] + splitmix64_double(rng, 0, t->height[0]));
        hk_view answer;
        check(hk_hit_test_screen(h->store, p, &answer), "hk_hit_test_screen");
        int32_t index = hitkit_tree_index(h, answer);
        if (index >= 0 && t->depth[index] <= 1) points[found++] = p;
    }
    return found;
}

static int miss_points(const tree *t, const hitkit_tree *h, hk_point *points, int count, splitmix64 *rng) {
    (void)h;
    for (int i = 0; i < count; i++)
        points[i] = hk_make_point(t->x[0] + t->width[0] + 10 + splitmix64_double(rng, 0, 500),
                                  t->y[0] + splitmix64_double(rng, 0, t->height[0]));
    return count;
}

static int uniform_points(const tree *t, const hitkit_tree *h, hk_point *points, int count, splitmix64 *rng) {
    (void)h;
    for (int i = 0; i < count; i++)
        points[i] = hk_make_point(t->x[0] + splitmix64_double(rng, 0, t->width[0]),
                                  t->y[0] + splitmix64_double(rng, 0, t->height[0]));
    return count;
}

static int chain_points(const tree *t, const hitkit_tree *h, hk_point *points, int count, splitmix64 *rng) {
    (void)h;
    /* Every point takes the same path; a few suffice where a query takes milliseconds. */
    if (t->count >= 100000) count = 4;
    for (int i = 0; i < count; i++)
        points[i] = hk_make_point(splitmix64_double(rng, 0.5, 99.5), splitmix64_double(rng, 0.5, 99.5));
    return count;
}

static int in_tile(int tile, hk_point *points, int count, splitmix64 *rng) {
    double x = (tile % 128) * 10, y = (tile / 128) * 10;
    for (int i = 0; i < count; i++)
        points[i] = hk_make_point(x + splitmix64_double(rng, 0.5, 8.5), y + splitmix64_double(rng, 0.5, 8.5));
    return count;
}

/* The container's subview i is tree view i + 1: the last is the front-most. */
static int front_tile(const tree *t, const hitkit_tree *h, hk_point *p, int n, splitmix64 *r) { (void)h; return in_tile(t->count - 2, p, n, r); }
static int middle_tile(const tree *t, const hitkit_tree *h, hk_point *p, int n, splitmix64 *r) { (void)h; return in_tile((t->count - 1) / 2, p, n, r); }
static int back_tile(const tree *t, const hitkit_tree *h, hk_point *p, int n, splitmix64 *r) { (void)h; (void)t; return in_tile(0, p, n, r); }

typedef struct {
    const char *name;      /* appended to the tree's: "" for none */
    point_set points;
    int count;
} point_kind;

/* The engine benchmark's other queries on the random 100,000-view tree, with its seeds (so its
 * pairs and points): conversions between 256 pairs of deep leaves and a leaf's frame
 * (ConversionBenchmark.swift), and a snapshot's hit test at 256 deep points, taken once the live
 * store's hit map is built (SnapshotBenchmark.swift), one call a point and all in one call. */
static void random_100000_rows(const tree *t, const hitkit_tree *h) {
    enum { pairs = 256 };
    int32_t leaves[2 * pairs];
    hk_view from[pairs], to[pairs];
    splitmix64 rng = { 41 };
    deep_leaves(t, leaves, 2 * pairs, &rng);
    for (int i = 0; i < pairs; i++) {
        from[i] = h->views[leaves[i]];
        to[i] = h->views[leaves[pairs + i]];
    }
    query_context q;
    memset(&q, 0, sizeof q);
    q.store = h->store;
    q.from = from;
    q.to = to;
    q.count = pairs;
    run_row("engine/convert-point-random-100000", pairs, pass_convert_pairs_point, &q);
    run_row("engine/convert-rect-random-100000", pairs, pass_convert_pairs_rect, &q);
    run_row("engine/frame-random-100000", pairs, pass_view_frames, &q);

    hk_point points[pairs];
    hk_snapshot_answer kinds[pairs];
    hk_view answers[pairs];
    rng.state = 25;
    q.count = deep_points(t, h, points, pairs, &rng);
    q.points = points;
    q.kinds = kinds;
    q.answers = answers;
    for (int made = 0; made < 64; made += q.count) pass_hit_test_screen(&q);
    check(hk_store_snapshot(h->store, &q.snapshot), "hk_store_snapshot");
    run_row("engine/snapshot-hit-random-100000", q.count, pass_snapshot_hit_test, &q);
    run_row("engine-batch/snapshot-hit-random-100000", q.count, pass_snapshot_hit_test_points, &q);
    check(hk_snapshot_release(q.snapshot), "hk_snapshot_release");
}

/* One tree of the engine benchmark, built through C, and hk_hit_test_screen on each point set;
 * then the same points in one hk_hit_test_screen_points call (rows engine-batch/...). With
 * `walk`, the store builds no hit map, as the benchmark's chain rows (which measure the walk). */
static void tree_rows(const char *shape, int views, tree (*make)(int), const point_kind *kinds, int kind_count,
                      int walk) {
    tree t = make(views);
    tree_finish(&t, 0);
    hitkit_tree h = hitkit_tree_build(&t);
    if (walk) {
        hk_hit_map_policy never = hk_hit_map_policy_never();
        check(hk_store_set_hit_map_policy(h.store, &never), "hk_store_set_hit_map_policy");
    }
    splitmix64 rng = { 0xC0FFEE ^ (uint64_t)views };
    for (int k = 0; k < kind_count; k++) {
        hk_point *points = malloc(sizeof(hk_point) * (size_t)kinds[k].count);
        hk_view *answers = malloc(sizeof(hk_view) * (size_t)kinds[k].count);
        query_context q;
        memset(&q, 0, sizeof q);
        q.store = h.store;
        q.points = points;
        q.answers = answers;
        q.count = kinds[k].points(&t, &h, points, kinds[k].count, &rng);
        char row[96];
        snprintf(row, sizeof row, "engine/%s-%d%s", shape, views, kinds[k].name);
        run_row(row, q.count, pass_hit_test_screen, &q);
        snprintf(row, sizeof row, "engine-batch/%s-%d%s", shape, views, kinds[k].name);
        run_row(row, q.count, pass_hit_test_screen_points, &q);
        free(answers);
        free(points);
    }
    if (strcmp(shape, "random") == 0 && views == 100000) random_100000_rows(&t, &h);
    hitkit_tree_free(&h);
    tree_free(&t);
}

int main(int argc, char **argv) {
    int quick = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0) quick = 1;
        else if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc) rounds = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: ccall [--quick] [--rounds N]\n");
            return 64;
        }
    }
    if (rounds < 1) rounds = 1;
    under_valgrind = RUNNING_ON_VALGRIND;

    floor_rows();
    scene_rows();
    scale_rows();
    /* The rows of Benchmarks/HitTestBenchmarks/Suite.swift, and uniform points on the random trees. */
    const point_kind chain[] = { { "", chain_points, 16 } };
    const point_kind container[] = { { "-front", front_tile, 16 }, { "-middle", middle_tile, 16 }, { "-back", back_tile, 16 } };
    const point_kind balanced[] = { { "-deep", deep_points, 256 }, { "-shallow", shallow_points, 256 }, { "-miss", miss_points, 256 } };
    const point_kind random[] = { { "-deep", deep_points, 256 }, { "-shallow", shallow_points, 256 }, { "-miss", miss_points, 256 },
                                  { "-uniform", uniform_points, 4096 } };
    int chains[] = { 10, 1000, 100000, 1000000 };
    for (int i = 0; i < (quick ? 2 : 4); i++) tree_rows("chain", chains[i], engine_chain, chain, 1, 1);
    int containers[] = { 1000, 16384, 100000 };
    for (int i = 0; i < (quick ? 1 : 3); i++) tree_rows("container", containers[i], engine_container, container, 3, 0);
    int sizes[] = { 1000, 100000, 1000000 };
    for (int i = 0; i < (quick ? 1 : 3); i++) {
        tree_rows("balanced", sizes[i], engine_balanced, balanced, 3, 0);
        tree_rows("random", sizes[i], engine_random, random, 4, 0);
    }
    fprintf(stderr, "checksum %lld\n", checksum);
    return 0;
}

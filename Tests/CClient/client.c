/*
 * A C client of HitKit's C API (include/hitkit.h), built with the system C compiler against the
 * HitKitC library: builds a hierarchy in an engine store and hit-tests it (with bad handles and
 * a cycle refused with the right status), drives an application with touches (touch callbacks,
 * a tap, a pan, a long press, a button's actions, rejected input) and loads a scene fixture.
 *
 * facade.c checks the later additions (custom hit tests, touch handlers that pass touches on,
 * recognizer delegates, several actions per control, scroll views, view controllers, the next
 * deadline, scenes from memory, limits); abuse.c the bad uses (NULL, stale and foreign handles,
 * the wrong thread, re-entry from callbacks, callbacks destroying their own view).
 *
 * Usage: client FIXTURES_SCENES_DIR. Prints "N passed, M failed"; exits 1 on any failure.
 */
#include "check.h"

#include <stdlib.h>
#include <string.h>

int passed, failed;

/* ---------------------------------------------------------------------------------------- */
/* The engine                                                                                */

static void test_engine(void) {
    hk_store *store = hk_store_create();
    hk_view window, a, b, c, hit;
    CHECK(store != NULL);
    CHECK_STATUS(hk_window_create(store, hk_make_rect(0, 0, 320, 480), 0, &window), HK_OK);
    CHECK_STATUS(hk_view_create(store, hk_make_rect(10, 10, 100, 100), &a), HK_OK);
    CHECK_STATUS(hk_view_create(store, hk_make_rect(20, 20, 50, 50), &b), HK_OK);
    CHECK_STATUS(hk_view_create(store, hk_make_rect(0, 0, 10, 10), &c), HK_OK);
    CHECK_STATUS(hk_view_add_subview(store, a, window), HK_OK);
    CHECK_STATUS(hk_view_add_subview(store, b, a), HK_OK);
    CHECK(hk_store_view_count(store) == 4);
    /* A window level that is not finite is refused, at creation and later. */
    hk_view refused = { 12345, 678 };
    CHECK_STATUS(hk_window_create(store, hk_make_rect(0, 0, 1, 1), NAN, &refused), HK_ERR_INVALID_ARGUMENT);
    CHECK(strcmp(hk_last_error_message(), "the window level is not finite") == 0);
    CHECK(refused.index == 12345 && refused.generation == 678 && hk_store_view_count(store) == 4);
    CHECK_STATUS(hk_window_set_level(store, window, INFINITY), HK_ERR_INVALID_ARGUMENT);
    CHECK(strcmp(hk_last_error_message(), "the window level is not finite") == 0);

    /* Screen hit tests: b inside a, a alone, the window, nothing. */
    CHECK_STATUS(hk_hit_test_screen(store, hk_make_point(30, 30), &hit), HK_OK);
    CHECK(hk_view_equal(hit, b));
    CHECK_STATUS(hk_hit_test_screen(store, hk_make_point(15, 15), &hit), HK_OK);
    CHECK(hk_view_equal(hit, a));
    CHECK_STATUS(hk_hit_test_screen(store, hk_make_point(200, 300), &hit), HK_OK);
    CHECK(hk_view_equal(hit, window));
    CHECK_STATUS(hk_hit_test_screen(store, hk_make_point(400, 400), &hit), HK_OK);
    CHECK(hk_view_is_none(hit));
    /* The same four points in one call. */
    const hk_point four[4] = { { 30, 30 }, { 15, 15 }, { 200, 300 }, { 400, 400 } };
    hk_view answers[4];
    CHECK_STATUS(hk_hit_test_screen_points(store, four, 4, answers), HK_OK);
    CHECK(hk_view_equal(answers[0], b) && hk_view_equal(answers[1], a));
    CHECK(hk_view_equal(answers[2], window) && hk_view_is_none(answers[3]));
    CHECK_STATUS(hk_hit_test_screen_points(store, NULL, 0, NULL), HK_OK);
    CHECK_STATUS(hk_hit_test_screen_points(store, NULL, 1, answers), HK_ERR_INVALID_ARGUMENT);
    CHECK(non_finite_points_accepted(store) == 0);
    /* A view's own hit test, in its coordinates. */
    CHECK_STATUS(hk_hit_test_view(store, a, hk_make_point(25, 25), &hit), HK_OK);
    CHECK(hk_view_equal(hit, b));
    CHECK_STATUS(hk_hit_test_view(store, a, hk_make_point(25, 25), NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK(strcmp(hk_last_error_message(), "the out pointer is NULL") == 0);

    /* Conversion: b's origin is (30, 30) on the screen, and back. */
    hk_point p;
    CHECK_STATUS(hk_convert_point(store, hk_make_point(0, 0), b, hk_no_view(), &p), HK_OK);
    CHECK(near(p.x, 30) && near(p.y, 30));
    CHECK_STATUS(hk_convert_point(store, hk_make_point(30, 30), hk_no_view(), b, &p), HK_OK);
    CHECK(near(p.x, 0) && near(p.y, 0));

    /* Geometry: a transform on a (scale 2 about its center (60, 60)) moves b under the finger. */
    hk_transform scale = { 2, 0, 0, 2, 0, 0 };
    CHECK_STATUS(hk_view_set_transform(store, a, scale), HK_OK);
    CHECK_STATUS(hk_convert_point(store, hk_make_point(0, 0), b, hk_no_view(), &p), HK_OK);
    CHECK(near(p.x, 0) && near(p.y, 0)); /* 60 + 2 * (20 - 50) */
    CHECK_STATUS(hk_hit_test_screen(store, hk_make_point(5, 5), &hit), HK_OK);
    CHECK(hk_view_equal(hit, b));
    hk_transform identity = { 1, 0, 0, 1, 0, 0 }, read;
    CHECK_STATUS(hk_view_set_transform(store, a, identity), HK_OK);
    CHECK_STATUS(hk_view_transform(store, a, &read), HK_OK);
    CHECK(near(read.a, 1) && near(read.d, 1) && near(read.tx, 0));
    CHECK_STATUS(hk_view_set_center(store, a, hk_make_point(160, 160)), HK_OK);
    hk_rect frame;
    CHECK_STATUS(hk_view_frame(store, a, &frame), HK_OK);
    CHECK(near(frame.x, 110) && near(frame.y, 110) && near(frame.width, 100));
    CHECK_STATUS(hk_hit_test_screen(store, hk_make_point(135, 135), &hit), HK_OK);
    CHECK(hk_view_equal(hit, b));

    /* Flags and hit-area modifiers. */
    CHECK_STATUS(hk_view_set_flag(store, b, HK_FLAG_HIDDEN, 1), HK_OK);
    CHECK_STATUS(hk_hit_test_screen(store, hk_make_point(135, 135), &hit), HK_OK);
    CHECK(hk_view_equal(hit, a));
    int32_t flag = 0;
    CHECK_STATUS(hk_view_flag(store, b, HK_FLAG_HIDDEN, &flag), HK_OK);
    CHECK(flag == 1);
    CHECK_STATUS(hk_view_set_flag(store, b, HK_FLAG_HIDDEN, 0), HK_OK);
    hk_insets grow = { -10, -10, -10, -10 };
    CHECK_STATUS(hk_view_set_hit_test_insets(store, b, grow), HK_OK);
    CHECK_STATUS(hk_hit_test_screen(store, hk_make_point(125, 125), &hit), HK_OK); /* 5 outside b */
    CHECK(hk_view_equal(hit, b));
    /* Each modifier reads back as set: defaults first, then what was set, outside 0...1 too. */
    double alpha = 0;
    hk_insets insets_read = { 1, 1, 1, 1 };
    hk_size minimum = { 1, 1 };
    CHECK_STATUS(hk_view_alpha(store, b, &alpha), HK_OK);
    CHECK(alpha == 1);
    CHECK_STATUS(hk_view_minimum_hit_size(store, b, &minimum), HK_OK);
    CHECK(minimum.width == 0 && minimum.height == 0);
    CHECK_STATUS(hk_view_hit_test_insets(store, b, &insets_read), HK_OK);
    CHECK(insets_read.top == -10 && insets_read.left == -10 && insets_read.bottom == -10 && insets_read.right == -10);
    CHECK_STATUS(hk_view_set_alpha(store, b, 1.5), HK_OK);
    CHECK_STATUS(hk_view_alpha(store, b, &alpha), HK_OK);
    CHECK(alpha == 1.5);
    CHECK_STATUS(hk_view_set_alpha(store, b, 0.01), HK_OK); /* 0.01 is still hit */
    CHECK_STATUS(hk_hit_test_screen(store, hk_make_point(135, 135), &hit), HK_OK);
    CHECK(hk_view_equal(hit, b));
    CHECK_STATUS(hk_view_set_alpha(store, b, 0.009), HK_OK);
    CHECK_STATUS(hk_hit_test_screen(store, hk_make_point(135, 135), &hit), HK_OK);
    CHECK(hk_view_equal(hit, a));
    CHECK_STATUS(hk_view_set_alpha(store, b, NAN), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_view_alpha(store, b, &alpha), HK_OK);
    CHECK(alpha == 0.009);
    CHECK_STATUS(hk_view_set_alpha(store, b, 1), HK_OK);
    const hk_size thumb = { 44, 30 };
    CHECK_STATUS(hk_view_set_minimum_hit_size(store, b, thumb), HK_OK);
    CHECK_STATUS(hk_view_minimum_hit_size(store, b, &minimum), HK_OK);
    CHECK(minimum.width == 44 && minimum.height == 30);
    CHECK_STATUS(hk_view_alpha(store, b, NULL), HK_ERR_INVALID_ARGUMENT);

    /* Errors: a cycle, a window as a subview, a bad index, non-finite input, NULL out. */
    CHECK_STATUS(hk_view_add_subview(store, a, b), HK_ERR_CYCLE);
    CHECK(strstr(hk_last_error_message(), "cycle") != NULL);
    CHECK_STATUS(hk_view_add_subview(store, a, a), HK_ERR_CYCLE);
    CHECK_STATUS(hk_view_add_subview(store, window, a), HK_ERR_WINDOW_AS_SUBVIEW);
    CHECK_STATUS(hk_view_insert_subview(store, c, a, 5), HK_ERR_INDEX_OUT_OF_RANGE);
    CHECK_STATUS(hk_view_set_center(store, a, hk_make_point(NAN, 0)), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_hit_test_screen(store, hk_make_point(1, 1), NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_window_set_level(store, a, 1), HK_ERR_NOT_A_WINDOW);
    /* The hierarchy is unchanged by the refusals. */
    hk_view parent;
    CHECK_STATUS(hk_view_superview(store, a, &parent), HK_OK);
    CHECK(hk_view_equal(parent, window));

    /* A stale handle: destroy c, then use it (its row may be reused: the generation differs). */
    CHECK_STATUS(hk_view_destroy(store, c), HK_OK);
    CHECK_STATUS(hk_view_set_center(store, c, hk_make_point(1, 1)), HK_ERR_STALE_HANDLE);
    CHECK(strstr(hk_last_error_message(), "stale") != NULL);
    CHECK_STATUS(hk_view_add_subview(store, c, a), HK_ERR_STALE_HANDLE);
    hk_view reused;
    CHECK_STATUS(hk_view_create(store, hk_make_rect(0, 0, 1, 1), &reused), HK_OK);
    CHECK_STATUS(hk_view_frame(store, c, &frame), HK_ERR_STALE_HANDLE);
    size_t count = 0;
    CHECK_STATUS(hk_view_subview_count(store, a, &count), HK_OK);
    CHECK(count == 1);

    /* Bad stores: NULL, and destroyed. */
    CHECK_STATUS(hk_view_create(NULL, hk_make_rect(0, 0, 1, 1), &reused), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_store_destroy(store), HK_OK);
    CHECK_STATUS(hk_hit_test_screen(store, hk_make_point(1, 1), &hit), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_store_destroy(store), HK_ERR_STALE_HANDLE);
}

/* ---------------------------------------------------------------------------------------- */
/* The application                                                                           */

#define MAX_RECORDS 64

typedef struct {
    hk_app *app;
    hk_touch_event touches[MAX_RECORDS];
    int touch_count;
    hk_status reentry_status;
    hk_gesture_event gestures[MAX_RECORDS];
    int gesture_count;
    uint32_t actions[MAX_RECORDS];
    char action_names[MAX_RECORDS][32];
    int action_count;
} record;

static void on_touch(const hk_touch_event *event, void *user_data) {
    record *r = user_data;
    if (r->touch_count < MAX_RECORDS) r->touches[r->touch_count++] = *event;
    /* Re-entering the delivery from a callback is refused, not a crash. */
    if (event->phase == HK_PHASE_BEGAN) r->reentry_status = hk_app_advance(r->app, 100);
}

static void on_gesture(const hk_gesture_event *event, void *user_data) {
    record *r = user_data;
    if (r->gesture_count < MAX_RECORDS) r->gestures[r->gesture_count++] = *event;
}

static void on_action(const hk_action_event *event, void *user_data) {
    record *r = user_data;
    if (r->action_count < MAX_RECORDS) {
        r->actions[r->action_count] = event->event;
        snprintf(r->action_names[r->action_count], sizeof r->action_names[0], "%s", event->event_name);
        r->action_count++;
    }
}

static hk_touch_input touch(int64_t id, hk_phase phase, double x, double y) {
    hk_touch_input t;
    t.id = id; t.phase = phase; t.has_location = 1; t.x = x; t.y = y;
    return t;
}

static hk_status send1(hk_app *app, double time, hk_touch_input t) { return hk_app_send_frame(app, time, &t, 1); }

static void reset_records(record *r) {
    r->touch_count = 0; r->gesture_count = 0; r->action_count = 0;
}

static void test_app(void) {
    static record rec;
    memset(&rec, 0, sizeof rec);
    hk_app *app = hk_app_create();
    rec.app = app;
    hk_view window, touch_view, tap_view, pan_view, press_view, button, slider, hit;
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 320, 480), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 100, 320, 100), &touch_view), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 200, 160, 100), &tap_view), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(160, 200, 160, 100), &pan_view), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(200, 300, 120, 50), &press_view), HK_OK);
    CHECK_STATUS(hk_button_create(app, hk_make_rect(0, 300, 100, 50), &button), HK_OK);
    CHECK_STATUS(hk_slider_create(app, hk_make_rect(0, 400, 200, 30), 0, 10, 5, &slider), HK_OK);
    hk_view all[] = { touch_view, tap_view, pan_view, press_view, button, slider };
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) CHECK_STATUS(hk_app_view_add_subview(app, all[i], window), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_callback(app, touch_view, on_touch, &rec, NULL), HK_OK);

    /* The app's hit test and its borrowed store agree; the store refuses structural edits. */
    CHECK_STATUS(hk_app_hit_test(app, hk_make_point(50, 150), &hit), HK_OK);
    CHECK(hk_view_equal(hit, touch_view));
    hk_store *store = hk_app_store(app);
    CHECK_STATUS(hk_hit_test_screen(store, hk_make_point(50, 250), &hit), HK_OK);
    CHECK(hk_view_equal(hit, tap_view));
    hk_view stray;
    CHECK_STATUS(hk_view_create(store, hk_make_rect(0, 0, 1, 1), &stray), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_store_destroy(store), HK_ERR_INVALID_ARGUMENT);

    /* App-level refusals. */
    hk_view inner;
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 10, 10), &inner), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, inner, touch_view), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, touch_view, inner), HK_ERR_CYCLE);
    CHECK_STATUS(hk_app_view_add_subview(app, window, touch_view), HK_ERR_WINDOW_AS_SUBVIEW);
    CHECK_STATUS(hk_app_view_destroy(app, inner), HK_OK);
    /* A slider refused for its range or value is not made, and *out is left alone. */
    size_t views = hk_store_view_count(store);
    hk_view refused = hk_no_view();
    CHECK_STATUS(hk_slider_create(app, hk_make_rect(0, 0, 10, 10), 0, NAN, 0, &refused), HK_ERR_INVALID_ARGUMENT);
    CHECK(strstr(hk_last_error_message(), "range") != NULL);
    CHECK_STATUS(hk_slider_create(app, hk_make_rect(0, 0, 10, 10), 2, 1, 1, &refused), HK_ERR_INVALID_ARGUMENT);
    CHECK(strstr(hk_last_error_message(), "above the maximum") != NULL);
    CHECK_STATUS(hk_slider_create(app, hk_make_rect(0, 0, 10, 10), 0, 1, INFINITY, &refused), HK_ERR_INVALID_ARGUMENT);
    CHECK(strstr(hk_last_error_message(), "value") != NULL);
    CHECK_STATUS(hk_slider_create(app, hk_make_rect(0, 0, 10, 10), 0, 1, 0, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK(hk_view_is_none(refused) && hk_store_view_count(store) == views);
    /* A NULL delegate struct is refused with a message of its own, not the last call's. */
    hk_gesture tap_for_delegate;
    CHECK_STATUS(hk_tap_create(app, tap_view, 1, 1, &tap_for_delegate), HK_OK);
    CHECK_STATUS(hk_gesture_set_delegate(app, tap_for_delegate, NULL, NULL, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK(strcmp(hk_last_error_message(), "the delegate pointer is NULL") == 0);
    CHECK_STATUS(hk_gesture_destroy(app, tap_for_delegate), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, inner, touch_view), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_app_view_add_subview(app, touch_view, touch_view), HK_ERR_CYCLE);
    CHECK_STATUS(hk_app_view_insert_subview(app, tap_view, window, 99), HK_ERR_INDEX_OUT_OF_RANGE);
    CHECK_STATUS(hk_app_view_set_touch_callback(app, button, on_touch, &rec, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_control_set_range(app, slider, 5, 1), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_control_set_value(app, button, 1), HK_ERR_INVALID_ARGUMENT);
    double value = 0;
    CHECK_STATUS(hk_control_value(app, slider, &value), HK_OK);
    CHECK(near(value, 5));

    /* 1. Touches delivered to a view, in order, in its coordinates. */
    CHECK_STATUS(send1(app, 0.0, touch(1, HK_PHASE_BEGAN, 50, 150)), HK_OK);
    CHECK_STATUS(send1(app, 0.1, touch(1, HK_PHASE_MOVED, 60, 155)), HK_OK);
    CHECK_STATUS(send1(app, 0.2, touch(1, HK_PHASE_ENDED, 60, 155)), HK_OK);
    CHECK(rec.touch_count == 3);
    if (rec.touch_count == 3) {
        CHECK(rec.touches[0].phase == HK_PHASE_BEGAN && rec.touches[1].phase == HK_PHASE_MOVED
              && rec.touches[2].phase == HK_PHASE_ENDED);
        CHECK(rec.touches[0].touch_id == 1 && rec.touches[2].touch_id == 1);
        CHECK(hk_view_equal(rec.touches[0].view, touch_view));
        CHECK(near(rec.touches[0].location.x, 50) && near(rec.touches[0].location.y, 50));
        CHECK(near(rec.touches[1].location.x, 60) && near(rec.touches[1].location.y, 55));
        CHECK(near(rec.touches[1].screen_location.y, 155));
        CHECK(near(rec.touches[2].timestamp, 0.2));
        CHECK(rec.touches[0].tap_count == 1);
    }
    CHECK(rec.reentry_status == HK_ERR_BUSY);

    /* 2. A tap: recognized once, where it was. */
    hk_gesture tap, pan, press;
    CHECK_STATUS(hk_tap_create(app, tap_view, 1, 1, &tap), HK_OK);
    CHECK_STATUS(hk_gesture_set_callback(app, tap, on_gesture, &rec, NULL), HK_OK);
    CHECK_STATUS(hk_tap_create(app, tap_view, 0, 1, &stray.index), HK_ERR_INVALID_ARGUMENT);
    reset_records(&rec);
    CHECK_STATUS(send1(app, 1.0, touch(2, HK_PHASE_BEGAN, 50, 250)), HK_OK);
    CHECK_STATUS(send1(app, 1.05, touch(2, HK_PHASE_ENDED, 50, 250)), HK_OK);
    CHECK(rec.gesture_count == 1);
    if (rec.gesture_count == 1) {
        CHECK(rec.gestures[0].state == HK_STATE_RECOGNIZED);
        CHECK(rec.gestures[0].gesture == tap && rec.gestures[0].kind == HK_GESTURE_TAP);
        CHECK(hk_view_equal(rec.gestures[0].view, tap_view));
        CHECK(near(rec.gestures[0].location.x, 50) && near(rec.gestures[0].location.y, 50));
    }

    /* 3. A pan: began, changed, ended, with its translation. */
    CHECK_STATUS(hk_pan_create(app, pan_view, 1, 0, &pan), HK_OK);
    CHECK_STATUS(hk_gesture_set_callback(app, pan, on_gesture, &rec, NULL), HK_OK);
    reset_records(&rec);
    CHECK_STATUS(send1(app, 2.0, touch(3, HK_PHASE_BEGAN, 200, 250)), HK_OK);
    CHECK_STATUS(send1(app, 2.05, touch(3, HK_PHASE_MOVED, 215, 250)), HK_OK);
    CHECK_STATUS(send1(app, 2.10, touch(3, HK_PHASE_MOVED, 230, 250)), HK_OK);
    CHECK_STATUS(send1(app, 2.15, touch(3, HK_PHASE_ENDED, 230, 250)), HK_OK);
    CHECK(rec.gesture_count >= 3);
    if (rec.gesture_count >= 3) {
        int n = rec.gesture_count;
        CHECK(rec.gestures[0].state == HK_STATE_BEGAN);
        for (int i = 1; i < n - 1; i++) CHECK(rec.gestures[i].state == HK_STATE_CHANGED);
        CHECK(rec.gestures[n - 1].state == HK_STATE_ENDED);
        CHECK(rec.gestures[n - 1].kind == HK_GESTURE_PAN);
        CHECK(near(rec.gestures[n - 1].translation.x, 30) && near(rec.gestures[n - 1].translation.y, 0));
    }
    hk_gesture_state state = -1;
    CHECK_STATUS(hk_gesture_state_of(app, pan, &state), HK_OK);
    CHECK(state == HK_STATE_POSSIBLE); /* reset once its touches ended */

    /* 4. A long press begins when time passes, without any move. */
    CHECK_STATUS(hk_long_press_create(app, press_view, 0.5, 1, &press), HK_OK);
    CHECK_STATUS(hk_gesture_set_callback(app, press, on_gesture, &rec, NULL), HK_OK);
    reset_records(&rec);
    CHECK_STATUS(send1(app, 3.0, touch(5, HK_PHASE_BEGAN, 250, 325)), HK_OK);
    CHECK(rec.gesture_count == 0);
    CHECK_STATUS(hk_app_advance(app, 3.6), HK_OK);
    CHECK(rec.gesture_count == 1 && rec.gestures[0].state == HK_STATE_BEGAN);
    CHECK_STATUS(send1(app, 3.7, touch(5, HK_PHASE_ENDED, 250, 325)), HK_OK);
    CHECK(rec.gesture_count == 2 && rec.gestures[rec.gesture_count - 1].state == HK_STATE_ENDED);
    CHECK(near(hk_app_time(app), 3.7));

    /* 5. A button: touchDown, then touchUpInside (and its primary action) on release. */
    CHECK_STATUS(hk_control_set_action_callback(app, button, HK_EVENT_ALL, on_action, &rec, NULL), HK_OK);
    reset_records(&rec);
    CHECK_STATUS(send1(app, 4.0, touch(6, HK_PHASE_BEGAN, 50, 325)), HK_OK);
    CHECK(rec.action_count == 1 && rec.actions[0] == HK_EVENT_TOUCH_DOWN);
    CHECK_STATUS(send1(app, 4.1, touch(6, HK_PHASE_ENDED, 50, 325)), HK_OK);
    int up_inside = -1;
    for (int i = 0; i < rec.action_count; i++) if (rec.actions[i] == HK_EVENT_TOUCH_UP_INSIDE) up_inside = i;
    CHECK(up_inside > 0);
    if (up_inside > 0) CHECK(strcmp(rec.action_names[up_inside], "touchUpInside") == 0);
    CHECK(strcmp(rec.action_names[0], "touchDown") == 0);

    /* 5b. A switch toggles on a tap and reports valueChanged with its new value. */
    hk_view toggle;
    CHECK_STATUS(hk_switch_create(app, hk_make_rect(110, 300, 60, 40), &toggle), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, toggle, window), HK_OK);
    CHECK_STATUS(hk_control_set_action_callback(app, toggle, HK_EVENT_VALUE_CHANGED, on_action, &rec, NULL), HK_OK);
    reset_records(&rec);
    CHECK_STATUS(send1(app, 4.2, touch(8, HK_PHASE_BEGAN, 140, 320)), HK_OK);
    CHECK_STATUS(send1(app, 4.3, touch(8, HK_PHASE_ENDED, 140, 320)), HK_OK);
    CHECK(rec.action_count == 1 && rec.actions[0] == HK_EVENT_VALUE_CHANGED);
    CHECK(strcmp(rec.action_names[0], "valueChanged") == 0);
    CHECK_STATUS(hk_control_value(app, toggle, &value), HK_OK);
    CHECK(near(value, 1));

    /* 5c. Values out of range are kept in range, never a crash. */
    hk_view segments, pages;
    CHECK_STATUS(hk_control_create(app, HK_CONTROL_SEGMENTED, hk_make_rect(0, 440, 300, 30), &segments), HK_OK);
    CHECK_STATUS(hk_control_set_count(app, segments, 3), HK_OK);
    CHECK_STATUS(hk_control_set_value(app, segments, 2), HK_OK);
    CHECK_STATUS(hk_control_value(app, segments, &value), HK_OK);
    CHECK(near(value, 2));
    CHECK_STATUS(hk_control_set_value(app, segments, 1e300), HK_OK);
    CHECK_STATUS(hk_control_value(app, segments, &value), HK_OK);
    CHECK(near(value, -1));
    CHECK_STATUS(hk_control_create(app, HK_CONTROL_PAGE, hk_make_rect(0, 0, 10, 10), &pages), HK_OK);
    CHECK_STATUS(hk_control_set_count(app, pages, 4), HK_OK);
    CHECK_STATUS(hk_control_set_value(app, pages, 1e300), HK_OK);
    CHECK_STATUS(hk_control_value(app, pages, &value), HK_OK);
    CHECK(near(value, 3));
    CHECK_STATUS(hk_control_create(app, 42, hk_make_rect(0, 0, 1, 1), &pages), HK_ERR_INVALID_ARGUMENT);

    /* 6. Rejected input: the bad touch is named, the good one of the frame is delivered. */
    hk_touch_input frame[2];
    frame[0] = touch(99, HK_PHASE_MOVED, 10, 10);  /* never began */
    frame[1] = touch(7, HK_PHASE_BEGAN, 50, 150);
    reset_records(&rec);
    CHECK_STATUS(hk_app_send_frame(app, 5.0, frame, 2), HK_ERR_BAD_INPUT);
    CHECK(hk_app_rejection_count(app) == 1);
    hk_rejection rejection;
    CHECK_STATUS(hk_app_rejection(app, 0, &rejection), HK_OK);
    CHECK(rejection.has_touch_id && rejection.touch_id == 99 && rejection.reason == HK_REJECT_UNKNOWN_TOUCH);
    CHECK(rec.touch_count == 1 && rec.touches[0].touch_id == 7);
    /* The frame's rejections first, then its touches with a phase C does not know. */
    hk_touch_input bad[3];
    bad[0] = touch(98, HK_PHASE_MOVED, 10, 10);   /* never began */
    bad[1] = touch(97, 42, 10, 10);               /* no such phase */
    bad[2] = touch(96, -1, 10, 10);
    CHECK_STATUS(hk_app_send_frame(app, 5.05, bad, 3), HK_ERR_BAD_INPUT);
    CHECK(hk_app_rejection_count(app) == 3);
    CHECK_STATUS(hk_app_rejection(app, 0, &rejection), HK_OK);
    CHECK(rejection.touch_id == 98 && rejection.reason == HK_REJECT_UNKNOWN_TOUCH);
    CHECK_STATUS(hk_app_rejection(app, 1, &rejection), HK_OK);
    CHECK(rejection.has_touch_id && rejection.touch_id == 97 && rejection.reason == HK_REJECT_BAD_PHASE);
    CHECK_STATUS(hk_app_rejection(app, 2, &rejection), HK_OK);
    CHECK(rejection.touch_id == 96 && rejection.reason == HK_REJECT_BAD_PHASE);
    CHECK_STATUS(hk_app_rejection(app, 3, &rejection), HK_ERR_INDEX_OUT_OF_RANGE);
    CHECK(strcmp(hk_last_error_message(), "rejection index 3 out of range 0..<3") == 0);
    CHECK_STATUS(hk_app_rejection(app, (size_t)-1, &rejection), HK_ERR_INDEX_OUT_OF_RANGE);
    CHECK_STATUS(hk_app_advance(app, 1.0), HK_ERR_BAD_INPUT); /* time went backwards */
    CHECK(hk_app_rejection_count(app) == 1); /* the last frame's unknown phases are not kept */
    CHECK_STATUS(hk_app_rejection(app, 0, &rejection), HK_OK);
    CHECK(!rejection.has_touch_id && rejection.reason == HK_REJECT_TIME_WENT_BACKWARDS);
    /* A stationary touch may leave out its location, where a moved one may not. */
    hk_touch_input still = touch(7, HK_PHASE_STATIONARY, 0, 0);
    still.has_location = 0;
    CHECK_STATUS(send1(app, 5.15, still), HK_OK);
    CHECK(hk_app_rejection_count(app) == 0);
    /* The other reasons, each named with its touch (7, still down); a frame refused whole for
     * its time names each of its touches. */
    hk_touch_input twice[2] = { touch(7, HK_PHASE_MOVED, 50, 150), touch(7, HK_PHASE_MOVED, 51, 150) };
    CHECK_STATUS(hk_app_send_frame(app, 5.16, twice, 2), HK_ERR_BAD_INPUT);
    CHECK(hk_app_rejection_count(app) == 1);
    CHECK_STATUS(hk_app_rejection(app, 0, &rejection), HK_OK);
    CHECK(rejection.touch_id == 7 && rejection.reason == HK_REJECT_REPEATED_IN_FRAME);
    CHECK_STATUS(send1(app, 5.17, touch(7, HK_PHASE_BEGAN, 50, 150)), HK_ERR_BAD_INPUT);
    CHECK_STATUS(hk_app_rejection(app, 0, &rejection), HK_OK);
    CHECK(rejection.touch_id == 7 && rejection.reason == HK_REJECT_DUPLICATE_BEGAN);
    hk_touch_input nowhere = touch(7, HK_PHASE_MOVED, 0, 0);
    nowhere.has_location = 0;
    CHECK_STATUS(send1(app, 5.18, nowhere), HK_ERR_BAD_INPUT);
    CHECK_STATUS(hk_app_rejection(app, 0, &rejection), HK_OK);
    CHECK(rejection.touch_id == 7 && rejection.reason == HK_REJECT_MISSING_LOCATION);
    CHECK_STATUS(send1(app, 5.19, touch(7, HK_PHASE_MOVED, NAN, 150)), HK_ERR_BAD_INPUT);
    CHECK_STATUS(hk_app_rejection(app, 0, &rejection), HK_OK);
    CHECK(rejection.touch_id == 7 && rejection.reason == HK_REJECT_NON_FINITE_LOCATION);
    CHECK_STATUS(send1(app, NAN, touch(7, HK_PHASE_MOVED, 50, 150)), HK_ERR_BAD_INPUT);
    CHECK(hk_app_rejection_count(app) == 1);
    CHECK_STATUS(hk_app_rejection(app, 0, &rejection), HK_OK);
    CHECK(rejection.has_touch_id && rejection.touch_id == 7 && rejection.reason == HK_REJECT_NON_FINITE_TIME);
    CHECK_STATUS(hk_app_send_frame(app, 5.1, NULL, 1), HK_ERR_INVALID_ARGUMENT);

    /* 7. Removing a view cancels its touch (touch 7 is still down). */
    reset_records(&rec);
    CHECK_STATUS(hk_app_view_remove_from_superview(app, touch_view), HK_OK);
    CHECK(rec.touch_count == 1 && rec.touches[0].phase == HK_PHASE_CANCELLED && rec.touches[0].touch_id == 7);
    CHECK_STATUS(send1(app, 5.2, touch(7, HK_PHASE_ENDED, 50, 150)), HK_OK);

    /* 7b. A swipe to the right, and a two-finger pinch that doubles the distance. */
    hk_view swipe_view, pinch_view;
    hk_gesture swipe, pinch;
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 160, 100), &swipe_view), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(160, 0, 160, 100), &pinch_view), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, swipe_view, window), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, pinch_view, window), HK_OK);
    CHECK_STATUS(hk_view_set_flag(store, pinch_view, HK_FLAG_MULTIPLE_TOUCH_ENABLED, 1), HK_OK);
    CHECK_STATUS(hk_swipe_create(app, swipe_view, HK_SWIPE_RIGHT, 1, &swipe), HK_OK);
    CHECK_STATUS(hk_swipe_create(app, swipe_view, 0, 1, &stray.index), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_pinch_create(app, pinch_view, &pinch), HK_OK);
    CHECK_STATUS(hk_gesture_set_callback(app, swipe, on_gesture, &rec, NULL), HK_OK);
    CHECK_STATUS(hk_gesture_set_callback(app, pinch, on_gesture, &rec, NULL), HK_OK);
    reset_records(&rec);
    CHECK_STATUS(send1(app, 6.0, touch(10, HK_PHASE_BEGAN, 20, 50)), HK_OK);
    CHECK_STATUS(send1(app, 6.05, touch(10, HK_PHASE_MOVED, 60, 50)), HK_OK);
    CHECK_STATUS(send1(app, 6.1, touch(10, HK_PHASE_MOVED, 120, 50)), HK_OK);
    CHECK_STATUS(send1(app, 6.12, touch(10, HK_PHASE_ENDED, 120, 50)), HK_OK);
    CHECK(rec.gesture_count == 1 && rec.gestures[0].gesture == swipe && rec.gestures[0].state == HK_STATE_RECOGNIZED);
    reset_records(&rec);
    frame[0] = touch(11, HK_PHASE_BEGAN, 220, 50);
    frame[1] = touch(12, HK_PHASE_BEGAN, 260, 50);
    CHECK_STATUS(hk_app_send_frame(app, 7.0, frame, 2), HK_OK);
    frame[0] = touch(11, HK_PHASE_MOVED, 200, 50);
    frame[1] = touch(12, HK_PHASE_MOVED, 280, 50);
    CHECK_STATUS(hk_app_send_frame(app, 7.1, frame, 2), HK_OK);
    frame[0] = touch(11, HK_PHASE_ENDED, 200, 50);
    frame[1] = touch(12, HK_PHASE_ENDED, 280, 50);
    CHECK_STATUS(hk_app_send_frame(app, 7.2, frame, 2), HK_OK);
    CHECK(rec.gesture_count >= 2);
    if (rec.gesture_count >= 2) {
        CHECK(rec.gestures[0].state == HK_STATE_BEGAN && rec.gestures[0].kind == HK_GESTURE_PINCH);
        CHECK(near(rec.gestures[0].scale, 2));
        CHECK(rec.gestures[rec.gesture_count - 1].state == HK_STATE_ENDED);
    }

    /* 8. Stale handles after destruction. */
    CHECK_STATUS(hk_gesture_destroy(app, tap), HK_OK);
    CHECK_STATUS(hk_gesture_set_callback(app, tap, on_gesture, &rec, NULL), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_app_view_destroy(app, tap_view), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, tap_view, window), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
    CHECK_STATUS(hk_app_send_frame(app, 6.0, NULL, 0), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_app_destroy(NULL), HK_ERR_INVALID_ARGUMENT);

    /* An app destroyed mid-gesture, with a finger down and a pan active. */
    hk_app *busy = hk_app_create();
    hk_view w2;
    hk_gesture pan2;
    CHECK_STATUS(hk_app_window_create(busy, hk_make_rect(0, 0, 100, 100), 0, &w2), HK_OK);
    CHECK_STATUS(hk_pan_create(busy, w2, 1, 0, &pan2), HK_OK);
    CHECK_STATUS(send1(busy, 0, touch(1, HK_PHASE_BEGAN, 10, 10)), HK_OK);
    CHECK_STATUS(send1(busy, 0.1, touch(1, HK_PHASE_MOVED, 50, 10)), HK_OK);
    CHECK_STATUS(hk_gesture_state_of(busy, pan2, &state), HK_OK);
    CHECK(state == HK_STATE_BEGAN);
    CHECK_STATUS(hk_app_destroy(busy), HK_OK);
}

/* Destroying an app with a finger down ends the finger through its view's callback, as
 * removing the view would. */
static void test_app_destroy_cancels_touches(void) {
    record rec;
    memset(&rec, 0, sizeof rec);
    hk_app *app = hk_app_create();
    hk_view window, view;
    rec.app = app;
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 100, 100), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 50, 50), &view), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, view, window), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_callback(app, view, on_touch, &rec, NULL), HK_OK);
    CHECK_STATUS(send1(app, 0, touch(4, HK_PHASE_BEGAN, 10, 10)), HK_OK);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
    CHECK(rec.touch_count == 2 && rec.touches[1].phase == HK_PHASE_CANCELLED && rec.touches[1].touch_id == 4);
}

/* ---------------------------------------------------------------------------------------- */
/* Scenes                                                                                    */

static void test_scene(const char *dir) {
    char path[1024], points_path[1024], expected_path[1024];
    snprintf(path, sizeof path, "%s/seeds-colors.json", dir);
    snprintf(points_path, sizeof points_path, "%s/seeds-colors.points", dir);
    snprintf(expected_path, sizeof expected_path, "%s/seeds-colors.expected", dir);

    hk_app *app = NULL;
    CHECK_STATUS(hk_scene_load(path, &app), HK_OK);
    if (app == NULL) return;
    FILE *points = fopen(points_path, "r"), *expected = fopen(expected_path, "r");
    CHECK(points != NULL && expected != NULL);
    int compared = 0;
    double x, y;
    char want[128];
    while (points && expected && fscanf(points, "%lf %lf", &x, &y) == 2 && fscanf(expected, "%127s", want) == 1) {
        hk_view hit, engine_hit;
        const char *name = "-"; /* the fixtures' "nothing hit" */
        CHECK_STATUS(hk_app_hit_test(app, hk_make_point(x, y), &hit), HK_OK);
        CHECK_STATUS(hk_hit_test_screen(hk_app_store(app), hk_make_point(x, y), &engine_hit), HK_OK);
        CHECK(hk_view_equal(hit, engine_hit));
        if (!hk_view_is_none(hit)) CHECK_STATUS(hk_scene_view_id(app, hit, &name), HK_OK);
        if (strcmp(name, want) != 0) fprintf(stderr, "  (%g, %g): got %s, expected %s\n", x, y, name, want);
        CHECK(strcmp(name, want) == 0);
        compared++;
    }
    CHECK(compared >= 10);
    if (points) fclose(points);
    if (expected) fclose(expected);

    /* Lookups by scene id, and their geometry through the app's store. */
    hk_view blue, hit;
    CHECK_STATUS(hk_scene_view(app, "blue", &blue), HK_OK);
    hk_rect frame;
    CHECK_STATUS(hk_view_frame(hk_app_store(app), blue, &frame), HK_OK);
    CHECK(near(frame.x, 10) && near(frame.width, 100));
    CHECK_STATUS(hk_app_hit_test(app, hk_make_point(50, 60), &hit), HK_OK);
    CHECK(hk_view_equal(hit, blue));
    CHECK_STATUS(hk_scene_view(app, "no-such-view", &blue), HK_ERR_NOT_FOUND);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);

    /* A missing file: HK_ERR_SCENE with the reason. */
    hk_app *missing = NULL;
    CHECK_STATUS(hk_scene_load("/nonexistent/scene.json", &missing), HK_ERR_SCENE);
    CHECK(missing == NULL);
    CHECK(strstr(hk_last_error_message(), "no such file") != NULL);
}

/* ---------------------------------------------------------------------------------------- */
/* High-rate input: samples, force and radius in frames and in touch callbacks                */

typedef struct {
    hk_app *app;
    int calls;
    hk_status info_status, sample_status, predicted_status;
    hk_touch_high_rate_info info;
    hk_touch_sample first, last, predicted;
} high_rate_record;

static void on_high_rate_touch(const hk_touch_event *event, void *user_data) {
    high_rate_record *r = user_data;
    r->calls++;
    r->info_status = hk_app_touch_high_rate(r->app, event->touch_id, &r->info);
    if (r->info_status != HK_OK) return;
    r->sample_status = hk_app_touch_sample(r->app, event->touch_id, 0, 0, &r->first);
    if (r->sample_status == HK_OK) r->sample_status = hk_app_touch_sample(r->app, event->touch_id, 0, r->info.sample_count - 1, &r->last);
    r->predicted_status = r->info.predicted_count > 0 ? hk_app_touch_sample(r->app, event->touch_id, 1, 0, &r->predicted) : HK_OK;
}

/* A touch callback that removes another view with a touch down runs that view's callback
 * inside its own (the touch cancelled); back in the outer callback, its own event is the one
 * asked about again. */
typedef struct {
    hk_app *app;
    hk_view other;
    int cancels;
    hk_status own_touch_after;
} nesting_state;

static void on_other_touch(const hk_touch_event *event, void *user_data) {
    if (event->phase == HK_PHASE_CANCELLED) ((nesting_state *)user_data)->cancels++;
}

static void on_remover_touch(const hk_touch_event *event, void *user_data) {
    nesting_state *n = user_data;
    hk_touch_high_rate_info info;
    if (event->phase != HK_PHASE_BEGAN) return;
    CHECK_STATUS(hk_app_view_remove_from_superview(n->app, n->other), HK_OK);
    n->own_touch_after = hk_app_touch_high_rate(n->app, event->touch_id, &info);
}

static void test_nested_callbacks_keep_their_event(void) {
    nesting_state n;
    hk_view window, remover;
    memset(&n, 0, sizeof n);
    n.app = hk_app_create();
    n.own_touch_after = -1;
    CHECK_STATUS(hk_app_window_create(n.app, hk_make_rect(0, 0, 200, 100), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(n.app, hk_make_rect(0, 0, 100, 100), &remover), HK_OK);
    CHECK_STATUS(hk_app_view_create(n.app, hk_make_rect(100, 0, 100, 100), &n.other), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(n.app, remover, window), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(n.app, n.other, window), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_callback(n.app, remover, on_remover_touch, &n, NULL), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_callback(n.app, n.other, on_other_touch, &n, NULL), HK_OK);
    CHECK_STATUS(send1(n.app, 0, touch(1, HK_PHASE_BEGAN, 150, 50)), HK_OK);
    CHECK_STATUS(send1(n.app, 0.1, touch(2, HK_PHASE_BEGAN, 50, 50)), HK_OK);
    CHECK(n.cancels == 1 && n.own_touch_after == HK_OK);
    CHECK_STATUS(hk_app_destroy(n.app), HK_OK);
}

static void test_high_rate(void) {
    static high_rate_record rec;
    memset(&rec, 0, sizeof rec);
    hk_app *app = hk_app_create();
    rec.app = app;
    hk_view window, pad;
    hk_touch_high_rate_info info;
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 320, 480), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 320, 480), &pad), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, pad, window), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_callback(app, pad, on_high_rate_touch, &rec, NULL), HK_OK);
    CHECK_STATUS(hk_view_set_flag(hk_app_store(app), pad, HK_FLAG_MULTIPLE_TOUCH_ENABLED, 1), HK_OK);

    /* A began with force and radius only: one sample, the touch itself. */
    hk_touch_input began = touch(1, HK_PHASE_BEGAN, 100, 100);
    hk_touch_high_rate down = { 0.5, 8, 6.5, 1, NULL, 0, NULL, 0 };
    CHECK_STATUS(hk_app_send_frame_with_samples(app, 0, &began, &down, 1), HK_OK);
    CHECK(rec.calls == 1 && rec.info_status == HK_OK);
    CHECK(near(rec.info.force, 0.5) && near(rec.info.major_radius, 8));
    CHECK(near(rec.info.maximum_possible_force, 6.5) && near(rec.info.major_radius_tolerance, 1));
    CHECK(rec.info.sample_count == 1 && rec.info.predicted_count == 0);
    CHECK(near(rec.last.x, 100) && near(rec.last.timestamp, 0));

    /* Three samples (the second without force: it takes the input's) and one prediction. */
    hk_touch_sample samples[] = { { 0.004, 104, 100, 0.6, -1 }, { 0.008, 108, 100, -1, -1 }, { 0.012, 112, 100, 0.9, 9 } };
    hk_touch_sample predicted[] = { { 0.02, 120, 100, -1, -1 } };
    hk_touch_input moved = touch(1, HK_PHASE_MOVED, 112, 100);
    hk_touch_high_rate move = { 0.7, -1, -1, -1, samples, 3, predicted, 1 };
    CHECK_STATUS(hk_app_send_frame_with_samples(app, 0.0167, &moved, &move, 1), HK_OK);
    CHECK(rec.calls == 2 && rec.info_status == HK_OK && rec.sample_status == HK_OK && rec.predicted_status == HK_OK);
    CHECK(rec.info.sample_count == 3 && rec.info.predicted_count == 1);
    CHECK(near(rec.info.force, 0.9) && near(rec.info.major_radius, 9));
    CHECK(near(rec.first.timestamp, 0.004) && near(rec.first.x, 104) && near(rec.first.force, 0.6) && near(rec.first.major_radius, 8));
    CHECK(near(rec.last.timestamp, 0.012) && near(rec.last.x, 112) && near(rec.last.force, 0.9));
    CHECK(near(rec.predicted.x, 120) && near(rec.predicted.timestamp, 0.02));

    /* A sample after the frame rejects that touch alone, with its own reason. */
    hk_touch_sample late[] = { { 0.05, 130, 100, -1, -1 } };
    hk_touch_input inputs[] = { touch(1, HK_PHASE_MOVED, 130, 100), touch(2, HK_PHASE_BEGAN, 200, 200) };
    hk_touch_high_rate rates[] = { { -1, -1, -1, -1, late, 1, NULL, 0 }, { -1, -1, -1, -1, NULL, 0, NULL, 0 } };
    hk_rejection rejection;
    CHECK_STATUS(hk_app_send_frame_with_samples(app, 0.0334, inputs, rates, 2), HK_ERR_BAD_INPUT);
    CHECK(hk_app_rejection_count(app) == 1);
    CHECK_STATUS(hk_app_rejection(app, 0, &rejection), HK_OK);
    CHECK(rejection.touch_id == 1 && rejection.reason == HK_REJECT_INVALID_SAMPLE);
    CHECK(rec.calls == 3);  /* touch 2's began was delivered */
    CHECK(rec.first.force == 0 && rec.first.major_radius == 0);  /* none given: 0 */

    /* Fewer samples than an earlier frame, then none: each frame has its own, none left over. */
    hk_touch_sample one[] = { { 0.04, 140, 100, -1, -1 } };
    hk_touch_input again = touch(1, HK_PHASE_MOVED, 140, 100);
    hk_touch_high_rate fewer = { -1, -1, -1, -1, one, 1, NULL, 0 };
    CHECK_STATUS(hk_app_send_frame_with_samples(app, 0.04, &again, &fewer, 1), HK_OK);
    CHECK(rec.calls == 4 && rec.info_status == HK_OK && rec.info.sample_count == 1 && rec.info.predicted_count == 0);
    CHECK(near(rec.last.x, 140) && near(rec.last.timestamp, 0.04));
    hk_touch_input plain = touch(1, HK_PHASE_MOVED, 150, 100);
    CHECK_STATUS(hk_app_send_frame(app, 0.05, &plain, 1), HK_OK);
    CHECK(rec.calls == 5 && rec.info.sample_count == 1 && rec.info.predicted_count == 0);
    CHECK(near(rec.last.x, 150) && near(rec.last.timestamp, 0.05));

    /* A wild count is refused before anything is read (HK_ERR_LIMIT), and nothing moves. */
    hk_touch_input far = touch(1, HK_PHASE_MOVED, 160, 100);
    hk_touch_high_rate wild = { -1, -1, -1, -1, one, (size_t)-1, NULL, 0 };
    CHECK_STATUS(hk_app_send_frame_with_samples(app, 0.06, &far, &wild, 1), HK_ERR_LIMIT);
    wild.sample_count = HK_MAX_TOUCH_SAMPLES + 1;
    CHECK_STATUS(hk_app_send_frame_with_samples(app, 0.06, &far, &wild, 1), HK_ERR_LIMIT);
    wild.sample_count = 1;
    wild.predicted = one;
    wild.predicted_count = (size_t)-1;
    CHECK_STATUS(hk_app_send_frame_with_samples(app, 0.06, &far, &wild, 1), HK_ERR_LIMIT);
    CHECK(rec.calls == 5);

    /* A force of 0 is a force (only a negative one is none): the touch's and its sample's read 0,
     * not the 0.9 the touch kept through the frames that gave none. */
    hk_touch_sample light[] = { { 0.07, 170, 100, 0, -1 } };
    hk_touch_input pressed = touch(1, HK_PHASE_MOVED, 170, 100);
    hk_touch_high_rate zero = { 0, -1, -1, -1, light, 1, NULL, 0 };
    CHECK(near(rec.info.force, 0.9));
    CHECK_STATUS(hk_app_send_frame_with_samples(app, 0.07, &pressed, &zero, 1), HK_OK);
    CHECK(rec.calls == 6 && rec.info_status == HK_OK && rec.sample_status == HK_OK);
    CHECK(rec.info.force == 0 && rec.first.force == 0);

    /* A frame's values go to their own touches: in the next plain frame, a touch sent where
     * another was sent before keeps its own force and radius, not the other's. */
    hk_touch_input both[2] = { touch(2, HK_PHASE_MOVED, 210, 200), touch(1, HK_PHASE_MOVED, 180, 100) };
    hk_touch_high_rate forces[2] = { { 0.25, 4, -1, -1, NULL, 0, NULL, 0 }, { 0.75, 6, -1, -1, NULL, 0, NULL, 0 } };
    CHECK_STATUS(hk_app_send_frame_with_samples(app, 0.08, both, forces, 2), HK_OK);
    CHECK(rec.calls == 8 && near(rec.info.force, 0.25) && near(rec.info.major_radius, 4));  /* touch 2, asked last */
    hk_touch_input swapped[2] = { touch(1, HK_PHASE_MOVED, 190, 100), touch(2, HK_PHASE_MOVED, 220, 200) };
    CHECK_STATUS(hk_app_send_frame(app, 0.09, swapped, 2), HK_OK);
    CHECK(rec.calls == 10 && near(rec.info.force, 0.25) && near(rec.info.major_radius, 4));

    /* Outside a callback there is no touch to ask about. */
    CHECK_STATUS(hk_app_touch_high_rate(app, 1, &info), HK_ERR_INVALID_ARGUMENT);
    hk_app_destroy(app);
}

/* Pointer input (Behaviour A8): clicks, button masks, modifiers, hover, scroll types. */
typedef struct { int hover_began, hover_ended, taps, pans, pans_ended, actions; uint32_t buttons_in_touch, mods_in_touch, buttons_in_action; hk_touch_type type_in_touch; } pointer_log;
static hk_app *pointer_app;

static void pointer_on_touch(const hk_touch_event *e, void *user) {
    pointer_log *log = user;
    if (e->phase != HK_PHASE_BEGAN) return;
    log->buttons_in_touch = hk_app_button_mask(pointer_app);
    log->mods_in_touch = hk_app_modifier_flags(pointer_app);
    hk_app_touch_type(pointer_app, e->touch_id, &log->type_in_touch);
}
static void pointer_on_gesture(const hk_gesture_event *e, void *user) {
    pointer_log *log = user;
    if (e->kind == HK_GESTURE_HOVER && e->state == HK_STATE_BEGAN) log->hover_began++;
    if (e->kind == HK_GESTURE_HOVER && e->state == HK_STATE_ENDED) log->hover_ended++;
    if (e->kind == HK_GESTURE_TAP && e->state == HK_STATE_RECOGNIZED) log->taps++;
    if (e->kind == HK_GESTURE_PAN && e->state == HK_STATE_BEGAN) log->pans++;
    if (e->kind == HK_GESTURE_PAN && e->state == HK_STATE_ENDED) log->pans_ended++;
}
static void pointer_on_action(const hk_action_event *e, void *user) {
    pointer_log *log = user;
    (void)e;
    log->actions++;
    log->buttons_in_action = hk_app_button_mask(pointer_app);
}

static hk_status pointer_frame(double t, double x, double y, uint32_t buttons, uint32_t mods) {
    hk_pointer_input p = { 77, 0, buttons, x, y, mods, 0 };
    return hk_app_send_pointer_frame(pointer_app, t, NULL, 0, &p, NULL);
}

static void test_pointer(void) {
    pointer_log log = { 0 };
    hk_view window, box, button;
    hk_gesture hover, right_tap, pan;
    hk_touch_type type = -1;
    pointer_app = hk_app_create();
    CHECK_STATUS(hk_app_window_create(pointer_app, hk_make_rect(0, 0, 400, 400), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(pointer_app, hk_make_rect(0, 0, 200, 200), &box), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(pointer_app, box, window), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_callback(pointer_app, box, pointer_on_touch, &log, NULL), HK_OK);
    CHECK_STATUS(hk_hover_create(pointer_app, box, &hover), HK_OK);
    CHECK_STATUS(hk_tap_create(pointer_app, box, 1, 1, &right_tap), HK_OK);
    CHECK_STATUS(hk_tap_set_button_mask_required(pointer_app, right_tap, HK_BUTTON_SECONDARY), HK_OK);
    CHECK_STATUS(hk_tap_set_button_mask_required(pointer_app, right_tap, 0), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_gesture_set_cancels_touches_in_view(pointer_app, right_tap, 0), HK_OK);
    CHECK_STATUS(hk_pan_create(pointer_app, window, 1, 0, &pan), HK_OK);
    CHECK_STATUS(hk_pan_set_allowed_scroll_types(pointer_app, pan, HK_SCROLL_TYPE_DISCRETE), HK_OK);
    CHECK_STATUS(hk_pan_set_allowed_scroll_types(pointer_app, right_tap, HK_SCROLL_TYPE_DISCRETE), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_gesture_set_allowed_touch_types(pointer_app, pan, HK_TOUCH_TYPE_DIRECT), HK_OK);
    CHECK_STATUS(hk_gesture_set_allowed_touch_types(pointer_app, pan, 4), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_gesture_set_callback(pointer_app, hover, pointer_on_gesture, &log, NULL), HK_OK);
    CHECK_STATUS(hk_gesture_set_callback(pointer_app, right_tap, pointer_on_gesture, &log, NULL), HK_OK);
    CHECK_STATUS(hk_gesture_set_callback(pointer_app, pan, pointer_on_gesture, &log, NULL), HK_OK);
    CHECK_STATUS(hk_button_create(pointer_app, hk_make_rect(250, 0, 100, 100), &button), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(pointer_app, button, window), HK_OK);
    CHECK_STATUS(hk_control_set_action_callback(pointer_app, button, HK_EVENT_TOUCH_UP_INSIDE, pointer_on_action, &log, NULL), HK_OK);

    /* Hover: entering the box begins it, leaving for the window ends it. */
    CHECK_STATUS(pointer_frame(0.0, 50, 50, 0, 0), HK_OK);
    CHECK(log.hover_began == 1 && log.hover_ended == 0);
    /* A right click with shift: an indirect-pointer touch; the secondary tap recognizes. */
    CHECK_STATUS(pointer_frame(0.1, 50, 50, HK_BUTTON_SECONDARY, HK_MOD_SHIFT), HK_OK);
    CHECK(log.buttons_in_touch == HK_BUTTON_SECONDARY && log.mods_in_touch == HK_MOD_SHIFT);
    CHECK(log.type_in_touch == HK_TOUCH_TYPE_INDIRECT_POINTER);
    CHECK_STATUS(hk_app_touch_type(pointer_app, 77, &type), HK_OK);
    CHECK(type == HK_TOUCH_TYPE_INDIRECT_POINTER);
    CHECK_STATUS(pointer_frame(0.2, 50, 50, 0, 0), HK_OK);
    CHECK(log.taps == 1);
    CHECK_STATUS(hk_app_touch_type(pointer_app, 77, &type), HK_ERR_NOT_FOUND);
    /* A primary click on the button: the action sees the primary button. */
    CHECK_STATUS(pointer_frame(0.3, 300, 50, 0, 0), HK_OK);
    CHECK(log.hover_ended == 1);
    CHECK_STATUS(pointer_frame(0.4, 300, 50, HK_BUTTON_PRIMARY, 0), HK_OK);
    CHECK_STATUS(pointer_frame(0.5, 300, 50, 0, 0), HK_OK);
    CHECK(log.actions == 1 && log.buttons_in_action == 0); /* released in the frame that sends it */
    CHECK_STATUS(pointer_frame(0.6, 300, 50, HK_BUTTON_SECONDARY, 0), HK_OK);
    CHECK_STATUS(pointer_frame(0.7, 300, 50, 0, 0), HK_OK);
    CHECK(log.actions == 1); /* a right click does not press a button */
    /* A wheel notch begins the window's discrete pan; a continuous scroll is not its type. */
    {
        hk_scroll_input notch = { 300, 300, 0, -40, HK_SCROLL_DISCRETE, 0 };
        hk_scroll_input smooth = { 300, 300, 0, -4, HK_SCROLL_CONTINUOUS, HK_SCROLL_PHASE_CHANGED };
        CHECK_STATUS(hk_app_send_pointer_frame(pointer_app, 1.0, NULL, 0, NULL, &notch), HK_OK);
        CHECK(log.pans == 1);
        CHECK_STATUS(hk_app_send_pointer_frame(pointer_app, 1.1, NULL, 0, NULL, &smooth), HK_ERR_BAD_INPUT);
        CHECK(hk_app_rejection_count(pointer_app) == 1);
        {
            hk_rejection r;
            CHECK_STATUS(hk_app_rejection(pointer_app, 0, &r), HK_OK);
            CHECK(r.reason == HK_REJECT_SCROLL && r.has_touch_id == 0);
        }
        /* Past the notch run's end (0.1 s without one), a notch begins the pan again, unless it
         * takes continuous scrolls alone. */
        CHECK_STATUS(hk_app_send_pointer_frame(pointer_app, 1.3, NULL, 0, NULL, &notch), HK_OK);
        CHECK(log.pans == 2);
        CHECK_STATUS(hk_pan_set_allowed_scroll_types(pointer_app, pan, HK_SCROLL_TYPE_CONTINUOUS), HK_OK);
        CHECK_STATUS(hk_app_send_pointer_frame(pointer_app, 1.6, NULL, 0, NULL, &notch), HK_OK);
        CHECK(log.pans == 2);
        /* A continuous scroll begins it on began, changes it, and ends it on ended. */
        const hk_scroll_input run[3] = { { 300, 300, 0, -4, HK_SCROLL_CONTINUOUS, HK_SCROLL_PHASE_BEGAN },
                                         { 300, 300, 0, -4, HK_SCROLL_CONTINUOUS, HK_SCROLL_PHASE_CHANGED },
                                         { 300, 300, 0, -4, HK_SCROLL_CONTINUOUS, HK_SCROLL_PHASE_ENDED } };
        int ended_before = log.pans_ended;
        CHECK_STATUS(hk_app_send_pointer_frame(pointer_app, 1.65, NULL, 0, NULL, &run[0]), HK_OK);
        CHECK_STATUS(hk_app_send_pointer_frame(pointer_app, 1.67, NULL, 0, NULL, &run[1]), HK_OK);
        CHECK(log.pans == 3 && log.pans_ended == ended_before);
        CHECK_STATUS(hk_app_send_pointer_frame(pointer_app, 1.69, NULL, 0, NULL, &run[2]), HK_OK);
        CHECK(log.pans_ended == ended_before + 1);
        CHECK_STATUS(hk_pan_set_allowed_scroll_types(pointer_app, pan, HK_SCROLL_TYPE_DISCRETE), HK_OK);
        CHECK_STATUS(hk_app_advance(pointer_app, 1.8), HK_OK);
    }
    /* Leaving with a button held is rejected; leaving without ends nothing more. */
    CHECK_STATUS(pointer_frame(2.0, 300, 50, HK_BUTTON_PRIMARY, 0), HK_OK);
    {
        hk_pointer_input leave = { 77, 1, 0, 0, 0, 0, 0 };
        CHECK_STATUS(hk_app_send_pointer_frame(pointer_app, 2.1, NULL, 0, &leave, NULL), HK_ERR_BAD_INPUT);
        CHECK(hk_app_button_mask(pointer_app) == HK_BUTTON_PRIMARY);
        CHECK_STATUS(pointer_frame(2.2, 300, 50, 0, HK_MOD_COMMAND), HK_OK);
        CHECK(hk_app_modifier_flags(pointer_app) == HK_MOD_COMMAND);
        /* Every modifier comes back as it went; a bit that is none is refused, the state kept. */
        uint32_t all = HK_MOD_ALPHA_SHIFT | HK_MOD_SHIFT | HK_MOD_CONTROL | HK_MOD_ALTERNATE | HK_MOD_COMMAND | HK_MOD_NUMERIC_PAD;
        CHECK_STATUS(pointer_frame(2.21, 300, 50, 0, all), HK_OK);
        CHECK(hk_app_modifier_flags(pointer_app) == all);
        CHECK_STATUS(pointer_frame(2.22, 300, 50, 0, HK_MOD_NUMERIC_PAD << 1), HK_ERR_INVALID_ARGUMENT);
        CHECK(hk_app_modifier_flags(pointer_app) == all);
        /* A button held over frames, one added, one let go: the pointer's buttons follow each frame. */
        CHECK_STATUS(pointer_frame(2.23, 300, 50, HK_BUTTON_MIDDLE, 0), HK_OK);
        CHECK_STATUS(pointer_frame(2.24, 302, 50, HK_BUTTON_MIDDLE, 0), HK_OK);
        CHECK(hk_app_button_mask(pointer_app) == HK_BUTTON_MIDDLE);
        CHECK_STATUS(pointer_frame(2.25, 304, 50, HK_BUTTON_MIDDLE | HK_BUTTON(5), 0), HK_OK);
        CHECK(hk_app_button_mask(pointer_app) == (HK_BUTTON_MIDDLE | HK_BUTTON(5)));
        CHECK_STATUS(pointer_frame(2.26, 304, 50, HK_BUTTON(5), 0), HK_OK);
        CHECK(hk_app_button_mask(pointer_app) == HK_BUTTON(5));
        CHECK_STATUS(pointer_frame(2.27, 304, 50, 0, 0), HK_OK);
        CHECK(hk_app_button_mask(pointer_app) == 0);
        CHECK_STATUS(hk_app_send_pointer_frame(pointer_app, 2.3, NULL, 0, &leave, NULL), HK_OK);
        /* A pointer that left has no other fields: what is in them is ignored, neither refused
         * nor rejected (a button held, a location that is not finite, bits that are no HK_MOD_). */
        hk_pointer_input junk[3] = { { 77, 1, HK_BUTTON_SECONDARY, 0, 0, 0, 0 }, { 77, 1, 0, NAN, INFINITY, 0, 0 },
                                     { 77, 1, 0, 0, 0, 0xFFFFu, 0 } };
        for (int k = 0; k < 3; k++) {
            CHECK_STATUS(pointer_frame(2.4 + 0.1 * k, 300, 50, 0, 0), HK_OK);
            CHECK_STATUS(hk_app_send_pointer_frame(pointer_app, 2.45 + 0.1 * k, NULL, 0, &junk[k], NULL), HK_OK);
            CHECK(hk_app_rejection_count(pointer_app) == 0);
            CHECK(hk_app_button_mask(pointer_app) == 0);
        }
    }
    /* A finger is HK_TOUCH_TYPE_DIRECT, inside its callback and while it is down. */
    {
        hk_touch_input down = { 5, HK_PHASE_BEGAN, 1, 50, 50 }, up = { 5, HK_PHASE_ENDED, 1, 50, 50 };
        CHECK_STATUS(hk_app_send_frame(pointer_app, 3.0, &down, 1), HK_OK);
        CHECK(log.type_in_touch == HK_TOUCH_TYPE_DIRECT);
        CHECK_STATUS(hk_app_touch_type(pointer_app, 5, &type), HK_OK);
        CHECK(type == HK_TOUCH_TYPE_DIRECT);
        CHECK_STATUS(hk_app_send_frame(pointer_app, 3.1, &up, 1), HK_OK);
    }
    CHECK_STATUS(hk_app_destroy(pointer_app), HK_OK);
}

/* ---------------------------------------------------------------------------------------- */
/* Enum outputs: each function writing an enum type writes that enum's values                */
/* (Scripts/header-conventions.pl checks that every such function is called here).            */

static int is_touch_type(hk_touch_type t) { return t == HK_TOUCH_TYPE_DIRECT || t == HK_TOUCH_TYPE_INDIRECT_POINTER; }
static int is_gesture_kind(hk_gesture_kind k) {
    switch (k) {
    case HK_GESTURE_TAP: case HK_GESTURE_LONG_PRESS: case HK_GESTURE_PAN: case HK_GESTURE_SWIPE: case HK_GESTURE_PINCH:
    case HK_GESTURE_ROTATION: case HK_GESTURE_SCREEN_EDGE_PAN: case HK_GESTURE_OTHER: case HK_GESTURE_HOVER: return 1;
    default: return 0;
    }
}
static int is_gesture_state(hk_gesture_state s) { return s >= HK_STATE_POSSIBLE && s <= HK_STATE_FAILED; }
static int is_responder_kind(hk_responder_kind k) { return k >= HK_RESPONDER_NONE && k <= HK_RESPONDER_OTHER; }
static int is_snapshot_answer(hk_snapshot_answer a) {
    return a == HK_SNAPSHOT_MISS || a == HK_SNAPSHOT_HIT || a == HK_SNAPSHOT_ASK;
}
static int inside_by_callback(hk_store *store, const hk_view *view, const hk_point *point, void *user_data) {
    (void)store, (void)view, (void)point, (void)user_data;
    return 1;
}

static void test_enum_outputs(void) {
    hk_app *app = hk_app_create();
    hk_view window, view, next_view;
    hk_gesture tap, hover, edge;
    hk_gesture_kind kind = -1;
    hk_gesture_state state = -1;
    hk_touch_type type = -1;
    hk_responder_kind responder = -1;
    hk_controller controller = 0, next_controller = 0;
    hk_touch_input down = { 3, HK_PHASE_BEGAN, 1, 20, 20 }, up = { 3, HK_PHASE_ENDED, 1, 20, 20 };
    hk_pointer_input click = { 1 << 30, 0, HK_BUTTON_PRIMARY, 20, 20, 0, 0 };
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 100, 100), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 50, 50), &view), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, view, window), HK_OK);

    CHECK_STATUS(hk_tap_create(app, view, 1, 1, &tap), HK_OK);
    CHECK_STATUS(hk_hover_create(app, view, &hover), HK_OK);
    CHECK_STATUS(hk_screen_edge_pan_create(app, window, HK_EDGE_LEFT, &edge), HK_OK);
    CHECK_STATUS(hk_gesture_kind_of(app, tap, &kind), HK_OK);
    CHECK(is_gesture_kind(kind) && kind == HK_GESTURE_TAP);
    CHECK_STATUS(hk_gesture_kind_of(app, hover, &kind), HK_OK);
    CHECK(is_gesture_kind(kind) && kind == HK_GESTURE_HOVER);
    CHECK_STATUS(hk_gesture_kind_of(app, edge, &kind), HK_OK);
    CHECK(is_gesture_kind(kind) && kind == HK_GESTURE_SCREEN_EDGE_PAN);

    CHECK_STATUS(hk_gesture_state_of(app, tap, &state), HK_OK);
    CHECK(is_gesture_state(state) && state == HK_STATE_POSSIBLE);
    CHECK_STATUS(hk_app_send_frame(app, 0.0, &down, 1), HK_OK);
    CHECK_STATUS(hk_app_touch_type(app, 3, &type), HK_OK);
    CHECK(is_touch_type(type) && type == HK_TOUCH_TYPE_DIRECT);
    CHECK_STATUS(hk_app_send_frame(app, 0.1, &up, 1), HK_OK);
    CHECK_STATUS(hk_app_send_pointer_frame(app, 1.0, NULL, 0, &click, NULL), HK_OK);
    CHECK_STATUS(hk_app_touch_type(app, 1 << 30, &type), HK_OK);
    CHECK(is_touch_type(type) && type == HK_TOUCH_TYPE_INDIRECT_POINTER);
    CHECK_STATUS(hk_gesture_state_of(app, hover, &state), HK_OK);
    CHECK(is_gesture_state(state) && state == HK_STATE_BEGAN);

    CHECK_STATUS(hk_app_view_next_responder(app, view, &responder, &next_view, NULL), HK_OK);
    CHECK(is_responder_kind(responder) && responder == HK_RESPONDER_VIEW && hk_view_equal(next_view, window));
    CHECK_STATUS(hk_app_view_next_responder(app, window, &responder, NULL, NULL), HK_OK);
    CHECK(is_responder_kind(responder) && responder == HK_RESPONDER_APPLICATION);
    CHECK_STATUS(hk_view_controller_create(app, view, &controller), HK_OK);
    CHECK_STATUS(hk_app_view_next_responder(app, view, &responder, NULL, &next_controller), HK_OK);
    CHECK(is_responder_kind(responder) && responder == HK_RESPONDER_CONTROLLER && next_controller == controller);
    CHECK_STATUS(hk_view_controller_next_responder(app, controller, &responder, &next_view, NULL), HK_OK);
    CHECK(is_responder_kind(responder) && responder == HK_RESPONDER_VIEW && hk_view_equal(next_view, window));

    /* A snapshot's answers, one point a call and an array of them: each of the three kinds. */
    hk_store *store = hk_app_store(app);
    hk_snapshot *snapshot = NULL;
    hk_snapshot_answer answer = (hk_snapshot_answer)-1, answers[3];
    hk_view found, founds[3];
    const hk_point points[3] = { { 20, 20 }, { 80, 80 }, { 200, 200 } };
    const hk_snapshot_answer expected[3] = { HK_SNAPSHOT_HIT, HK_SNAPSHOT_HIT, HK_SNAPSHOT_MISS };
    CHECK_STATUS(hk_store_snapshot(store, &snapshot), HK_OK);
    for (int i = 0; i < 3; i++) answers[i] = (hk_snapshot_answer)-1;
    CHECK_STATUS(hk_snapshot_hit_test_points(snapshot, points, 3, answers, founds), HK_OK);
    for (int i = 0; i < 3; i++) CHECK(is_snapshot_answer(answers[i]) && answers[i] == expected[i]);
    CHECK(hk_view_equal(founds[0], view) && hk_view_equal(founds[1], window));
    CHECK_STATUS(hk_snapshot_release(snapshot), HK_OK);
    CHECK_STATUS(hk_view_set_point_inside_callback(store, view, inside_by_callback, NULL, NULL), HK_OK);
    CHECK_STATUS(hk_store_snapshot(store, &snapshot), HK_OK);
    CHECK_STATUS(hk_snapshot_hit_test(snapshot, points[0], &answer, &found), HK_OK);
    CHECK(is_snapshot_answer(answer) && answer == HK_SNAPSHOT_ASK && hk_view_equal(found, view));
    CHECK_STATUS(hk_snapshot_release(snapshot), HK_OK);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* Hit maps (hk_store_set_hit_map_policy): when a store builds them, how many it has, that the
 * answers stay the same through one, and the policy's refusals. A 256 x 256 window of 16 strips,
 * each of 16 tiles of 16 x 16 pixels: 273 views, at least the standard policy's 256, and no
 * container with the 64 subviews that would make it a grid's (and its window unmapped). */
enum { MAP_TILES = 16, MAP_TILE = 16 };

static void make_tiles(hk_store *store, hk_view *window, hk_view tiles[MAP_TILES * MAP_TILES]) {
    CHECK_STATUS(hk_window_create(store, hk_make_rect(0, 0, MAP_TILES * MAP_TILE, MAP_TILES * MAP_TILE), 0, window), HK_OK);
    for (int j = 0; j < MAP_TILES; j++) {
        hk_view strip;
        CHECK_STATUS(hk_view_create(store, hk_make_rect(0, j * MAP_TILE, MAP_TILES * MAP_TILE, MAP_TILE), &strip), HK_OK);
        CHECK_STATUS(hk_view_add_subview(store, strip, *window), HK_OK);
        for (int i = 0; i < MAP_TILES; i++) {
            hk_view *tile = &tiles[j * MAP_TILES + i];
            CHECK_STATUS(hk_view_create(store, hk_make_rect(i * MAP_TILE, 0, MAP_TILE, MAP_TILE), tile), HK_OK);
            CHECK_STATUS(hk_view_add_subview(store, *tile, strip), HK_OK);
        }
    }
}

/* Asks `count` pixel centres (a fixed walk over the window) and counts the answers that are
 * not the tile under the point. */
static int ask_tiles(const hk_store *store, const hk_view tiles[MAP_TILES * MAP_TILES], int count) {
    int wrong = 0;
    for (int k = 0; k < count; k++) {
        int x = (k * 37) % (MAP_TILES * MAP_TILE), y = (k * 91 + 5) % (MAP_TILES * MAP_TILE);
        hk_view hit;
        if (hk_hit_test_screen(store, hk_make_point(x + 0.5, y + 0.5), &hit) != HK_OK
            || !hk_view_equal(hit, tiles[(y / MAP_TILE) * MAP_TILES + x / MAP_TILE])) wrong++;
    }
    return wrong;
}

static int32_t map_count(const hk_store *store) {
    int32_t count = -1;
    CHECK_STATUS(hk_store_hit_map_count(store, &count), HK_OK);
    return count;
}

/* Wrappers: 300 full-size views between the window and the strips, each the only subview of the
 * one before (a controller's view, a content view, ...). Each covers the one before, so the map
 * paints the innermost alone and the store gets one (painting every level would be far over its
 * budget), and every answer is still the tile under the point. */
static void test_hit_map_through_wrappers(void) {
    enum { WRAPPERS = 300, SIDE = MAP_TILES * MAP_TILE };
    hk_store *store = hk_store_create();
    hk_view window, tiles[MAP_TILES * MAP_TILES];
    make_tiles(store, &window, tiles);
    hk_view outer = window, strips[MAP_TILES];
    for (int j = 0; j < MAP_TILES; j++) CHECK_STATUS(hk_view_superview(store, tiles[j * MAP_TILES], &strips[j]), HK_OK);
    for (int k = 0; k < WRAPPERS; k++) {
        hk_view wrapper;
        CHECK_STATUS(hk_view_create(store, hk_make_rect(0, 0, SIDE, SIDE), &wrapper), HK_OK);
        CHECK_STATUS(hk_view_add_subview(store, wrapper, outer), HK_OK);
        outer = wrapper;
    }
    for (int j = 0; j < MAP_TILES; j++) CHECK_STATUS(hk_view_add_subview(store, strips[j], outer), HK_OK);
    CHECK(ask_tiles(store, tiles, 64) == 0);
    CHECK(map_count(store) == 1);
    CHECK(ask_tiles(store, tiles, 2000) == 0);
    CHECK_STATUS(hk_store_destroy(store), HK_OK);
}

static void test_hit_map_policy(void) {
    hk_store *store = hk_store_create();
    hk_view window, tiles[MAP_TILES * MAP_TILES];
    make_tiles(store, &window, tiles);

    /* The standard policy: a map after 64 queries of the unedited store, not before. */
    hk_hit_map_policy policy;
    CHECK_STATUS(hk_store_hit_map_policy(store, &policy), HK_OK);
    CHECK(policy.queries_before_build == 64 && policy.minimum_views == 256 && policy.cells_per_view == 8);
    CHECK(ask_tiles(store, tiles, 63) == 0);
    CHECK(map_count(store) == 0);
    CHECK(ask_tiles(store, tiles, 1) == 0);
    CHECK(map_count(store) == 1);
    CHECK(ask_tiles(store, tiles, 1000) == 0);

    /* An edit makes the map stale at once: the store has none until 64 more queries. Tile 0 moves
     * onto tile 1's place, behind it (tile 1 was added later); its own place is its strip's. */
    CHECK_STATUS(hk_view_set_frame(store, tiles[0], hk_make_rect(MAP_TILE, 0, MAP_TILE, MAP_TILE)), HK_OK);
    CHECK(map_count(store) == 0);
    hk_view hit, strip;
    CHECK_STATUS(hk_hit_test_screen(store, hk_make_point(MAP_TILE + 3, 3), &hit), HK_OK);
    CHECK(hk_view_equal(hit, tiles[1]));
    CHECK_STATUS(hk_hit_test_screen(store, hk_make_point(3, 3), &hit), HK_OK);
    CHECK_STATUS(hk_view_superview(store, tiles[1], &strip), HK_OK);
    CHECK(hk_view_equal(hit, strip));
    CHECK_STATUS(hk_view_set_frame(store, tiles[0], hk_make_rect(0, 0, MAP_TILE, MAP_TILE)), HK_OK);
    CHECK(ask_tiles(store, tiles, 64) == 0);
    CHECK(map_count(store) == 1);

    /* Never: a new policy drops the maps, and queries walk however many there are. */
    hk_hit_map_policy never = hk_hit_map_policy_never();
    CHECK_STATUS(hk_store_set_hit_map_policy(store, &never), HK_OK);
    CHECK(map_count(store) == 0);
    CHECK(ask_tiles(store, tiles, 500) == 0);
    CHECK(map_count(store) == 0);
    CHECK_STATUS(hk_store_hit_map_policy(store, &policy), HK_OK);
    CHECK(policy.queries_before_build == INT64_MAX && policy.minimum_views == INT64_MAX && policy.cells_per_view == 1);

    /* A policy below its least values is refused, naming the field, and the store keeps its own. */
    hk_hit_map_policy bad = hk_hit_map_policy_standard();
    bad.queries_before_build = 0;
    CHECK_STATUS(hk_store_set_hit_map_policy(store, &bad), HK_ERR_INVALID_ARGUMENT);
    CHECK(strstr(hk_last_error_message(), "queries_before_build") != NULL);
    bad = hk_hit_map_policy_standard();
    bad.minimum_views = -1;
    CHECK_STATUS(hk_store_set_hit_map_policy(store, &bad), HK_ERR_INVALID_ARGUMENT);
    CHECK(strstr(hk_last_error_message(), "minimum_views") != NULL);
    bad = hk_hit_map_policy_standard();
    bad.cells_per_view = 0;
    CHECK_STATUS(hk_store_set_hit_map_policy(store, &bad), HK_ERR_INVALID_ARGUMENT);
    CHECK(strstr(hk_last_error_message(), "cells_per_view") != NULL);
    /* The least values themselves are taken. */
    hk_hit_map_policy least = { 1, 0, 1 };
    CHECK_STATUS(hk_store_set_hit_map_policy(store, &least), HK_OK);
    CHECK_STATUS(hk_store_hit_map_policy(store, &policy), HK_OK);
    CHECK(policy.queries_before_build == 1 && policy.minimum_views == 0 && policy.cells_per_view == 1);
    CHECK_STATUS(hk_store_set_hit_map_policy(store, &never), HK_OK);
    CHECK_STATUS(hk_store_set_hit_map_policy(store, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_store_hit_map_policy(store, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_store_hit_map_count(store, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_store_hit_map_policy(store, &policy), HK_OK);
    CHECK(policy.queries_before_build == INT64_MAX);
    CHECK(ask_tiles(store, tiles, 64) == 0);
    CHECK(map_count(store) == 0);

    /* Eager: a map from the first query. */
    hk_hit_map_policy eager = hk_hit_map_policy_eager();
    CHECK_STATUS(hk_store_set_hit_map_policy(store, &eager), HK_OK);
    CHECK(ask_tiles(store, tiles, 1) == 0);
    CHECK(map_count(store) == 1);
    CHECK(ask_tiles(store, tiles, 1000) == 0);
    /* A non-finite point misses every cell, and is refused as on a store without a map. */
    CHECK(non_finite_points_accepted(store) == 0);
    CHECK(map_count(store) == 1);

    CHECK_STATUS(hk_store_destroy(store), HK_OK);
    int32_t count;
    CHECK_STATUS(hk_store_hit_map_count(store, &count), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_store_set_hit_map_policy(store, &eager), HK_ERR_STALE_HANDLE);

    /* An app's store takes a policy too. */
    hk_app *app = hk_app_create();
    hk_view app_window;
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 100, 100), 0, &app_window), HK_OK);
    CHECK_STATUS(hk_store_set_hit_map_policy(hk_app_store(app), &eager), HK_OK);
    CHECK_STATUS(hk_hit_test_screen(hk_app_store(app), hk_make_point(50, 50), &hit), HK_OK);
    CHECK(hk_view_equal(hit, app_window));
    CHECK(map_count(hk_app_store(app)) == 1);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* The view flags through C, each seen in the answers they change (Behaviour A2): C's flag
 * numbers name the engine's flags, and any non-zero value sets one. */
static hk_view hit_at(hk_store *store, double x, double y) {
    hk_view hit = { 12345, 678 };
    CHECK_STATUS(hk_hit_test_screen(store, hk_make_point(x, y), &hit), HK_OK);
    return hit;
}

static void count_touch(const hk_touch_event *event, void *user_data) {
    if (event->phase == HK_PHASE_BEGAN) (*(int *)user_data)++;
}

static void test_flags(void) {
    hk_store *store = hk_store_create();
    hk_view window, panel, outside, box, inner;
    int32_t flag = -1;
    CHECK_STATUS(hk_window_create(store, hk_make_rect(0, 0, 300, 300), 0, &window), HK_OK);
    CHECK_STATUS(hk_view_create(store, hk_make_rect(0, 0, 100, 100), &panel), HK_OK);
    CHECK_STATUS(hk_view_create(store, hk_make_rect(150, 0, 50, 50), &outside), HK_OK);  /* beyond the panel's bounds */
    CHECK_STATUS(hk_view_create(store, hk_make_rect(0, 150, 100, 100), &box), HK_OK);
    CHECK_STATUS(hk_view_create(store, hk_make_rect(10, 10, 20, 20), &inner), HK_OK);
    CHECK_STATUS(hk_view_add_subview(store, panel, window), HK_OK);
    CHECK_STATUS(hk_view_add_subview(store, outside, panel), HK_OK);
    CHECK_STATUS(hk_view_add_subview(store, box, window), HK_OK);
    CHECK_STATUS(hk_view_add_subview(store, inner, box), HK_OK);

    /* Clipping changes no answer; hitting outside the bounds reaches the subview there. */
    CHECK(hk_view_equal(hit_at(store, 160, 10), window));
    CHECK_STATUS(hk_view_set_flag(store, panel, HK_FLAG_CLIPS_TO_BOUNDS, 1), HK_OK);
    CHECK(hk_view_equal(hit_at(store, 160, 10), window));
    CHECK_STATUS(hk_view_set_flag(store, panel, HK_FLAG_HITS_OUTSIDE_BOUNDS, 2), HK_OK);
    CHECK_STATUS(hk_view_flag(store, panel, HK_FLAG_HITS_OUTSIDE_BOUNDS, &flag), HK_OK);
    CHECK(flag == 1);
    CHECK(hk_view_equal(hit_at(store, 160, 10), outside));
    CHECK(hk_view_equal(hit_at(store, 50, 50), panel));
    /* Without user interaction the panel and what is in it answer nothing. */
    CHECK_STATUS(hk_view_set_flag(store, panel, HK_FLAG_USER_INTERACTION_ENABLED, 0), HK_OK);
    CHECK(hk_view_equal(hit_at(store, 160, 10), window) && hk_view_equal(hit_at(store, 50, 50), window));

    /* A pass-through box is never the answer itself; its subview still is. */
    CHECK_STATUS(hk_view_set_flag(store, box, HK_FLAG_PASS_THROUGH, 1), HK_OK);
    CHECK(hk_view_equal(hit_at(store, 50, 200), window));
    CHECK(hk_view_equal(hit_at(store, 15, 165), inner));
    /* A subview that redirects answers with its superview, even a pass-through one. */
    CHECK_STATUS(hk_view_set_flag(store, inner, HK_FLAG_REDIRECTS_TO_SUPERVIEW, 1), HK_OK);
    CHECK(hk_view_equal(hit_at(store, 15, 165), box));
    CHECK_STATUS(hk_store_destroy(store), HK_OK);

    /* An exclusive-touch view gets no touch while another view of its window tracks one. */
    hk_app *app = hk_app_create();
    hk_view app_window, left, right;
    int left_began = 0, right_began = 0;
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 200, 100), 0, &app_window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 100, 100), &left), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(100, 0, 100, 100), &right), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, left, app_window), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, right, app_window), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_callback(app, left, count_touch, &left_began, NULL), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_callback(app, right, count_touch, &right_began, NULL), HK_OK);
    CHECK_STATUS(hk_view_set_flag(hk_app_store(app), right, HK_FLAG_EXCLUSIVE_TOUCH, 1), HK_OK);
    hk_touch_input first = touch(1, HK_PHASE_BEGAN, 50, 50), second = touch(2, HK_PHASE_BEGAN, 150, 50);
    CHECK_STATUS(hk_app_send_frame(app, 0, &first, 1), HK_OK);
    CHECK_STATUS(hk_app_send_frame(app, 0.1, &second, 1), HK_OK);
    CHECK(left_began == 1 && right_began == 0);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* Every geometry getter gives each field as set: a frame, bounds, anchor point, transform and
 * hit-test insets whose fields all differ, so that no two fields can be swapped unseen. */
static void test_geometry_fields(void) {
    hk_store *store = hk_store_create();
    hk_view window, view;
    hk_rect r;
    hk_point p;
    hk_insets i;
    hk_transform t;
    CHECK_STATUS(hk_window_create(store, hk_make_rect(0, 0, 300, 300), 0, &window), HK_OK);
    CHECK_STATUS(hk_view_create(store, hk_make_rect(10, 20, 30, 40), &view), HK_OK);
    CHECK_STATUS(hk_view_add_subview(store, view, window), HK_OK);
    CHECK_STATUS(hk_view_frame(store, view, &r), HK_OK);
    CHECK(near(r.x, 10) && near(r.y, 20) && near(r.width, 30) && near(r.height, 40));
    CHECK_STATUS(hk_view_set_bounds(store, view, hk_make_rect(1, 2, 30, 40)), HK_OK);
    CHECK_STATUS(hk_view_bounds(store, view, &r), HK_OK);
    CHECK(near(r.x, 1) && near(r.y, 2) && near(r.width, 30) && near(r.height, 40));
    CHECK_STATUS(hk_view_center(store, view, &p), HK_OK);
    CHECK(near(p.x, 25) && near(p.y, 40));
    /* The bounds' (1, 2) is the frame's origin (10, 20) on the screen. */
    CHECK_STATUS(hk_convert_rect(store, hk_make_rect(1, 2, 3, 5), view, hk_no_view(), &r), HK_OK);
    CHECK(near(r.x, 10) && near(r.y, 20) && near(r.width, 3) && near(r.height, 5));
    /* Any negative index is no view (hk_view_is_none), so to a conversion the screen. */
    hk_view made_up = { -7, 3 };
    CHECK_STATUS(hk_convert_point(store, hk_make_point(1, 2), view, made_up, &p), HK_OK);
    CHECK(near(p.x, 10) && near(p.y, 20));

    /* Insets shrink the hit area from each side by their own amount. */
    hk_insets set = { 1, 2, 3, 4 };
    CHECK_STATUS(hk_view_set_hit_test_insets(store, view, set), HK_OK);
    CHECK_STATUS(hk_view_hit_test_insets(store, view, &i), HK_OK);
    CHECK(near(i.top, 1) && near(i.left, 2) && near(i.bottom, 3) && near(i.right, 4));
    CHECK_STATUS(hk_view_hit_area(store, view, &r), HK_OK);
    CHECK(near(r.x, 3) && near(r.y, 3) && near(r.width, 24) && near(r.height, 36));

    CHECK_STATUS(hk_view_set_anchor_point(store, view, hk_make_point(0.25, 0.75)), HK_OK);
    CHECK_STATUS(hk_view_anchor_point(store, view, &p), HK_OK);
    CHECK(near(p.x, 0.25) && near(p.y, 0.75));
    hk_transform skew = { 1, 2, 3, 4, 5, 6 };
    CHECK_STATUS(hk_view_set_transform(store, view, skew), HK_OK);
    CHECK_STATUS(hk_view_transform(store, view, &t), HK_OK);
    CHECK(near(t.a, 1) && near(t.b, 2) && near(t.c, 3) && near(t.d, 4) && near(t.tx, 5) && near(t.ty, 6));
    CHECK_STATUS(hk_store_destroy(store), HK_OK);
}

/* Window levels and order, and exchanged subviews, each seen in what a screen point hits. */
static void test_window_order_and_exchange(void) {
    hk_store *store = hk_store_create();
    hk_view low, high, raised, back, front;
    /* A window made at level 1 covers one made after it at level 0. */
    CHECK_STATUS(hk_window_create(store, hk_make_rect(0, 0, 100, 100), 1, &high), HK_OK);
    CHECK_STATUS(hk_window_create(store, hk_make_rect(0, 0, 100, 100), 0, &low), HK_OK);
    CHECK(hk_view_equal(hit_at(store, 50, 50), high));
    /* Raised above it, the second covers the first. */
    CHECK_STATUS(hk_window_set_level(store, low, 2), HK_OK);
    CHECK(hk_view_equal(hit_at(store, 50, 50), low));
    /* Of two windows of one level, the newer covers the other until the other is ordered front. */
    CHECK_STATUS(hk_window_create(store, hk_make_rect(0, 0, 100, 100), 2, &raised), HK_OK);
    CHECK(hk_view_equal(hit_at(store, 50, 50), raised));
    CHECK_STATUS(hk_window_order_front(store, low), HK_OK);
    CHECK(hk_view_equal(hit_at(store, 50, 50), low));

    /* Exchanging two subviews exchanges which is in front. */
    CHECK_STATUS(hk_view_create(store, hk_make_rect(0, 0, 50, 50), &back), HK_OK);
    CHECK_STATUS(hk_view_create(store, hk_make_rect(0, 0, 50, 50), &front), HK_OK);
    CHECK_STATUS(hk_view_add_subview(store, back, low), HK_OK);
    CHECK_STATUS(hk_view_add_subview(store, front, low), HK_OK);
    CHECK(hk_view_equal(hit_at(store, 25, 25), front));
    CHECK_STATUS(hk_view_exchange_subviews(store, low, 0, 1), HK_OK);
    CHECK(hk_view_equal(hit_at(store, 25, 25), back));
    CHECK_STATUS(hk_store_destroy(store), HK_OK);
}

/* Inserting a view above or below a sibling: the one in front takes the point they share. */
static void test_insert_above_below(void) {
    hk_store *store = hk_store_create();
    hk_view window, back, front;
    CHECK_STATUS(hk_window_create(store, hk_make_rect(0, 0, 100, 100), 0, &window), HK_OK);
    CHECK_STATUS(hk_view_create(store, hk_make_rect(0, 0, 50, 50), &back), HK_OK);
    CHECK_STATUS(hk_view_create(store, hk_make_rect(10, 10, 50, 50), &front), HK_OK);
    CHECK_STATUS(hk_view_add_subview(store, back, window), HK_OK);
    CHECK_STATUS(hk_view_insert_above(store, front, back), HK_OK);
    CHECK(hk_view_equal(hit_at(store, 20, 20), front));
    CHECK_STATUS(hk_view_insert_below(store, front, back), HK_OK);
    CHECK(hk_view_equal(hit_at(store, 20, 20), back));
    CHECK(hk_view_equal(hit_at(store, 55, 55), front));
    CHECK_STATUS(hk_store_destroy(store), HK_OK);
}

/* A recognizer's settings through C (Behaviour A4), each seen in what the view's touch callback
 * gets: the phases of its one touch, in order. */
typedef struct { int phases[8]; int count; } phase_log;

static void log_phase(const hk_touch_event *event, void *user_data) {
    phase_log *log = user_data;
    if (log->count < 8) log->phases[log->count++] = event->phase;
}

/* A tap at (50, 50) at `t`, lifted 0.05 s later. */
static void tap_view(hk_app *app, double t) {
    hk_touch_input down = touch(1, HK_PHASE_BEGAN, 50, 50), up = touch(1, HK_PHASE_ENDED, 50, 50);
    CHECK_STATUS(hk_app_send_frame(app, t, &down, 1), HK_OK);
    CHECK_STATUS(hk_app_send_frame(app, t + 0.05, &up, 1), HK_OK);
}

/* How the view heard a tap at `t` end: the phase after its began (ended or cancelled), or -1
 * when it heard anything but a began and one end. */
static int tap_ends_as(hk_app *app, double t, phase_log *log) {
    memset(log, 0, sizeof *log);
    tap_view(app, t);
    return log->count == 2 && log->phases[0] == HK_PHASE_BEGAN ? log->phases[1] : -1;
}

/* An app with a window and one view filling it, which takes several touches at once. */
static hk_app *app_with_view(hk_view *view) {
    hk_app *app = hk_app_create();
    hk_view window;
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 300, 300), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 300, 300), view), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, *view, window), HK_OK);
    CHECK_STATUS(hk_view_set_flag(hk_app_store(app), *view, HK_FLAG_MULTIPLE_TOUCH_ENABLED, 1), HK_OK);
    return app;
}

/* A recognizer's begins and ends (a discrete one's recognitions), and its last changed event. */
typedef struct {
    int began, ended;
    hk_gesture_event changed;
} recognitions;

static void count_recognitions(const hk_gesture_event *event, void *user_data) {
    recognitions *r = user_data;
    if (event->state == HK_STATE_BEGAN) r->began++;
    if (event->state == HK_STATE_ENDED) r->ended++;
    if (event->state == HK_STATE_CHANGED) r->changed = *event;
}

/* Fingers `first` and `first + 1` in one frame, in one phase, at (x, y) and (x + 20, y). */
static hk_status send_pair(hk_app *app, double time, int64_t first, hk_phase phase, double x, double y) {
    hk_touch_input pair[2] = { touch(first, phase, x, y), touch(first + 1, phase, x + 20, y) };
    return hk_app_send_frame(app, time, pair, 2);
}

/* Checks a new recognizer's kind and counts its recognitions in `r`. */
static void watched(hk_app *app, hk_gesture gesture, hk_gesture_kind kind, recognitions *r) {
    hk_gesture_kind seen = -1;
    memset(r, 0, sizeof *r);
    CHECK_STATUS(hk_gesture_kind_of(app, gesture, &seen), HK_OK);
    CHECK(seen == kind);
    CHECK_STATUS(hk_gesture_set_callback(app, gesture, count_recognitions, r, NULL), HK_OK);
}

static int notify_count;
static void count_notify(void *user_data) {
    (void)user_data;
    notify_count++;
}

/* Each parameter a recognizer is made with is seen to act: a gesture with one finger too few or
 * too many, or held too briefly, is not recognized where the right one is. So are each kind's
 * code, the pan's event values, a failure requirement and a cleared callback's user data. */
static void test_recognizer_parameters(void) {
    hk_view view;
    hk_gesture g;
    recognitions r;

    /* A two-finger tap: one finger's tap is not it, two fingers' is. */
    hk_app *app = app_with_view(&view);
    CHECK_STATUS(hk_tap_create(app, view, 1, 2, &g), HK_OK);
    watched(app, g, HK_GESTURE_TAP, &r);
    CHECK_STATUS(send1(app, 0, touch(1, HK_PHASE_BEGAN, 50, 50)), HK_OK);
    CHECK_STATUS(send1(app, 0.05, touch(1, HK_PHASE_ENDED, 50, 50)), HK_OK);
    CHECK(r.ended == 0);
    CHECK_STATUS(send_pair(app, 1, 2, HK_PHASE_BEGAN, 50, 50), HK_OK);
    CHECK_STATUS(send_pair(app, 1.05, 2, HK_PHASE_ENDED, 50, 50), HK_OK);
    CHECK(r.ended == 1);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);

    /* A long press of 0.2 s begins at 0.2 s, well before the default 0.5 s. */
    app = app_with_view(&view);
    CHECK_STATUS(hk_long_press_create(app, view, 0.2, 1, &g), HK_OK);
    watched(app, g, HK_GESTURE_LONG_PRESS, &r);
    CHECK_STATUS(send1(app, 0, touch(1, HK_PHASE_BEGAN, 50, 50)), HK_OK);
    CHECK_STATUS(hk_app_advance(app, 0.2), HK_OK);
    CHECK(r.began == 1);
    CHECK_STATUS(send1(app, 0.3, touch(1, HK_PHASE_ENDED, 50, 50)), HK_OK);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);

    /* A two-finger long press: one finger held a second is not it, two fingers are. */
    app = app_with_view(&view);
    CHECK_STATUS(hk_long_press_create(app, view, 0.2, 2, &g), HK_OK);
    watched(app, g, HK_GESTURE_LONG_PRESS, &r);
    CHECK_STATUS(send1(app, 0, touch(1, HK_PHASE_BEGAN, 50, 50)), HK_OK);
    CHECK_STATUS(hk_app_advance(app, 1), HK_OK);
    CHECK_STATUS(send1(app, 1, touch(1, HK_PHASE_ENDED, 50, 50)), HK_OK);
    CHECK(r.began == 0);
    CHECK_STATUS(send_pair(app, 2, 2, HK_PHASE_BEGAN, 50, 50), HK_OK);
    CHECK_STATUS(hk_app_advance(app, 2.2), HK_OK);
    CHECK(r.began == 1);
    CHECK_STATUS(send_pair(app, 2.3, 2, HK_PHASE_ENDED, 50, 50), HK_OK);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);

    /* A pan of at most one finger: two fingers dragging do not begin it; one does, and its
     * event carries the translation and the velocity (A4: 60 pt over the last 0.1 s). */
    app = app_with_view(&view);
    CHECK_STATUS(hk_pan_create(app, view, 1, 1, &g), HK_OK);
    watched(app, g, HK_GESTURE_PAN, &r);
    CHECK_STATUS(send_pair(app, 0, 1, HK_PHASE_BEGAN, 50, 50), HK_OK);
    CHECK_STATUS(send_pair(app, 0.05, 1, HK_PHASE_MOVED, 80, 50), HK_OK);
    CHECK_STATUS(send_pair(app, 0.1, 1, HK_PHASE_ENDED, 80, 50), HK_OK);
    CHECK(r.began == 0);
    CHECK_STATUS(send1(app, 1, touch(3, HK_PHASE_BEGAN, 100, 100)), HK_OK);
    CHECK_STATUS(send1(app, 1.05, touch(3, HK_PHASE_MOVED, 130, 100)), HK_OK);
    CHECK_STATUS(send1(app, 1.1, touch(3, HK_PHASE_MOVED, 160, 100)), HK_OK);
    CHECK(r.began == 1);
    CHECK(near(r.changed.translation.x, 60) && near(r.changed.translation.y, 0));
    CHECK(fabs(r.changed.velocity.x - 600) < 1e-6 && r.changed.velocity.y == 0);
    CHECK_STATUS(send1(app, 1.15, touch(3, HK_PHASE_ENDED, 160, 100)), HK_OK);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);

    /* A two-finger swipe: one finger's swipe is not it, two fingers' is. */
    app = app_with_view(&view);
    CHECK_STATUS(hk_swipe_create(app, view, HK_SWIPE_RIGHT, 2, &g), HK_OK);
    watched(app, g, HK_GESTURE_SWIPE, &r);
    CHECK_STATUS(send1(app, 0, touch(1, HK_PHASE_BEGAN, 50, 50)), HK_OK);
    CHECK_STATUS(send1(app, 0.1, touch(1, HK_PHASE_MOVED, 150, 50)), HK_OK);
    CHECK_STATUS(send1(app, 0.15, touch(1, HK_PHASE_ENDED, 150, 50)), HK_OK);
    CHECK(r.ended == 0);
    CHECK_STATUS(send_pair(app, 1, 2, HK_PHASE_BEGAN, 50, 50), HK_OK);
    CHECK_STATUS(send_pair(app, 1.1, 2, HK_PHASE_MOVED, 150, 50), HK_OK);
    CHECK_STATUS(send_pair(app, 1.15, 2, HK_PHASE_ENDED, 150, 50), HK_OK);
    CHECK(r.ended == 1);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);

    /* A left-edge pan: a drag from the middle is not it, one from within 20 pt of the left is. */
    app = app_with_view(&view);
    CHECK_STATUS(hk_screen_edge_pan_create(app, view, HK_EDGE_LEFT, &g), HK_OK);
    watched(app, g, HK_GESTURE_SCREEN_EDGE_PAN, &r);
    CHECK_STATUS(send1(app, 0, touch(1, HK_PHASE_BEGAN, 150, 50)), HK_OK);
    CHECK_STATUS(send1(app, 0.05, touch(1, HK_PHASE_MOVED, 200, 50)), HK_OK);
    CHECK_STATUS(send1(app, 0.1, touch(1, HK_PHASE_ENDED, 200, 50)), HK_OK);
    CHECK(r.began == 0);
    CHECK_STATUS(send1(app, 1, touch(2, HK_PHASE_BEGAN, 5, 50)), HK_OK);
    CHECK_STATUS(send1(app, 1.05, touch(2, HK_PHASE_MOVED, 55, 50)), HK_OK);
    CHECK(r.began == 1);
    CHECK_STATUS(send1(app, 1.1, touch(2, HK_PHASE_ENDED, 55, 50)), HK_OK);

    /* A tap that requires a double tap to fail waits for it: recognized only when the double
     * tap's 0.35 s for a second tap have run out. */
    hk_gesture double_tap;
    recognitions doubles;
    CHECK_STATUS(hk_tap_create(app, view, 1, 1, &g), HK_OK);
    watched(app, g, HK_GESTURE_TAP, &r);
    CHECK_STATUS(hk_tap_create(app, view, 2, 1, &double_tap), HK_OK);
    watched(app, double_tap, HK_GESTURE_TAP, &doubles);
    CHECK_STATUS(hk_gesture_require_to_fail(app, g, double_tap), HK_OK);
    CHECK_STATUS(send1(app, 2, touch(3, HK_PHASE_BEGAN, 150, 50)), HK_OK);
    CHECK_STATUS(send1(app, 2.05, touch(3, HK_PHASE_ENDED, 150, 50)), HK_OK);
    CHECK(r.ended == 0);
    CHECK_STATUS(hk_app_advance(app, 2.5), HK_OK);
    CHECK(r.ended == 1 && doubles.ended == 0);
    /* Clearing a callback notifies its user data; what a NULL callback comes with is ignored. */
    notify_count = 0;
    CHECK_STATUS(hk_gesture_set_callback(app, g, count_recognitions, &r, count_notify), HK_OK);
    CHECK_STATUS(hk_gesture_set_callback(app, g, NULL, &r, count_notify), HK_OK);
    CHECK(notify_count == 1);

    /* The kinds of the rest. */
    CHECK_STATUS(hk_pinch_create(app, view, &g), HK_OK);
    watched(app, g, HK_GESTURE_PINCH, &r);
    CHECK_STATUS(hk_rotation_create(app, view, &g), HK_OK);
    watched(app, g, HK_GESTURE_ROTATION, &r);
    CHECK_STATUS(hk_hover_create(app, view, &g), HK_OK);
    watched(app, g, HK_GESTURE_HOVER, &r);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
    CHECK(notify_count == 1);
}

static void test_gesture_settings(void) {
    hk_app *app = hk_app_create();
    hk_view window, view;
    hk_gesture tap, double_tap;
    phase_log log;
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 200, 200), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 200, 200), &view), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, view, window), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_callback(app, view, log_phase, &log, NULL), HK_OK);
    CHECK_STATUS(hk_tap_create(app, view, 1, 1, &tap), HK_OK);

    /* A recognized tap cancels the view's touch; not once it no longer cancels (any non-zero
     * value turns it back on). */
    CHECK(tap_ends_as(app, 0, &log) == HK_PHASE_CANCELLED);
    CHECK_STATUS(hk_gesture_set_cancels_touches_in_view(app, tap, 0), HK_OK);
    CHECK(tap_ends_as(app, 1, &log) == HK_PHASE_ENDED);
    CHECK_STATUS(hk_gesture_set_cancels_touches_in_view(app, tap, 2), HK_OK);
    CHECK(tap_ends_as(app, 2, &log) == HK_PHASE_CANCELLED);

    /* Disabled, it takes no part; enabled again by any non-zero value. */
    CHECK_STATUS(hk_gesture_set_enabled(app, tap, 0), HK_OK);
    CHECK(tap_ends_as(app, 3, &log) == HK_PHASE_ENDED);
    CHECK_STATUS(hk_gesture_set_enabled(app, tap, 2), HK_OK);
    CHECK(tap_ends_as(app, 4, &log) == HK_PHASE_CANCELLED);

    /* Taking the pointer's touches alone, the tap lets a finger's through. */
    CHECK_STATUS(hk_gesture_set_allowed_touch_types(app, tap, HK_TOUCH_TYPE_INDIRECT_POINTER), HK_OK);
    CHECK(tap_ends_as(app, 4.5, &log) == HK_PHASE_ENDED);
    CHECK_STATUS(hk_gesture_set_allowed_touch_types(app, tap, HK_TOUCH_TYPE_DIRECT | HK_TOUCH_TYPE_INDIRECT_POINTER), HK_OK);

    /* Delaying touches began: the view hears of the touch only once the tap fails (it moved). */
    CHECK_STATUS(hk_gesture_set_delays_touches_began(app, tap, 1), HK_OK);
    memset(&log, 0, sizeof log);
    hk_touch_input down = touch(1, HK_PHASE_BEGAN, 50, 50), move = touch(1, HK_PHASE_MOVED, 80, 50);
    CHECK_STATUS(hk_app_send_frame(app, 5, &down, 1), HK_OK);
    CHECK(log.count == 0);
    CHECK_STATUS(hk_app_send_frame(app, 5.02, &move, 1), HK_OK);
    CHECK(log.count >= 1 && log.phases[0] == HK_PHASE_BEGAN);
    hk_touch_input up = touch(1, HK_PHASE_ENDED, 80, 50);
    CHECK_STATUS(hk_app_send_frame(app, 5.05, &up, 1), HK_OK);
    CHECK_STATUS(hk_gesture_set_delays_touches_began(app, tap, 0), HK_OK);

    /* Destroyed, the tap is gone from the view: its touch ends as a plain view's. */
    CHECK_STATUS(hk_gesture_destroy(app, tap), HK_OK);
    CHECK(tap_ends_as(app, 6, &log) == HK_PHASE_ENDED);

    /* A double tap that does not delay touches ended: the first lift reaches the view at once,
     * where by default it waits for the double tap to fail. */
    CHECK_STATUS(hk_tap_create(app, view, 2, 1, &double_tap), HK_OK);
    memset(&log, 0, sizeof log);
    tap_view(app, 7);
    CHECK(log.count == 1);
    CHECK_STATUS(hk_app_advance(app, 7.6), HK_OK);
    CHECK(log.count == 2 && log.phases[1] == HK_PHASE_ENDED);
    CHECK_STATUS(hk_gesture_set_delays_touches_ended(app, double_tap, 0), HK_OK);
    CHECK(tap_ends_as(app, 8, &log) == HK_PHASE_ENDED);
    CHECK_STATUS(hk_app_advance(app, 8.6), HK_OK);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* Controls' and scroll views' settings through C, each seen in what it changes: any non-zero
 * value turns a flag on, -1 and below select no segment, a stepper's range clamps its value,
 * each motion flag is its own, and content that may not be cancelled keeps its touch. */
static void count_action_event(const hk_action_event *event, void *user_data) { (void)event; (*(int *)user_data)++; }

static void record_kind(const hk_action_event *event, void *user_data) { *(hk_control_kind *)user_data = event->kind; }

/* Each kind of control names its own kind in its action events. */
static void test_control_kinds(void) {
    hk_app *app = hk_app_create();
    hk_view window, control;
    const hk_control_kind kinds[7] = { HK_CONTROL_PLAIN, HK_CONTROL_BUTTON, HK_CONTROL_SWITCH, HK_CONTROL_SLIDER,
                                       HK_CONTROL_STEPPER, HK_CONTROL_SEGMENTED, HK_CONTROL_PAGE };
    hk_control_kind seen[7];
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 700, 100), 0, &window), HK_OK);
    for (int k = 0; k < 7; k++) {
        seen[k] = -1;
        CHECK_STATUS(hk_control_create(app, kinds[k], hk_make_rect(100 * k, 0, 100, 100), &control), HK_OK);
        CHECK_STATUS(hk_app_view_add_subview(app, control, window), HK_OK);
        CHECK_STATUS(hk_control_set_action_callback(app, control, HK_EVENT_TOUCH_DOWN, record_kind, &seen[k], NULL), HK_OK);
        hk_touch_input down = touch(k + 1, HK_PHASE_BEGAN, 100 * k + 50, 50), up = touch(k + 1, HK_PHASE_ENDED, 100 * k + 50, 50);
        CHECK_STATUS(hk_app_send_frame(app, k, &down, 1), HK_OK);
        CHECK_STATUS(hk_app_send_frame(app, k + 0.05, &up, 1), HK_OK);
        CHECK(seen[k] == kinds[k]);
    }
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

static void test_control_and_scroll_settings(void) {
    hk_app *app = hk_app_create();
    hk_view window, toggle, segments, stepper, button, scroll, content;
    double value = 0;
    int32_t flags = 0;
    int actions = 0;
    phase_log log;
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 400, 400), 0, &window), HK_OK);
    CHECK_STATUS(hk_switch_create(app, hk_make_rect(0, 0, 50, 30), &toggle), HK_OK);
    CHECK_STATUS(hk_control_set_value(app, toggle, 2), HK_OK);
    CHECK_STATUS(hk_control_value(app, toggle, &value), HK_OK);
    CHECK(value == 1);
    CHECK_STATUS(hk_control_create(app, HK_CONTROL_SEGMENTED, hk_make_rect(0, 0, 90, 30), &segments), HK_OK);
    CHECK_STATUS(hk_control_set_count(app, segments, 3), HK_OK);
    CHECK_STATUS(hk_control_set_value(app, segments, 2), HK_OK);
    CHECK_STATUS(hk_control_set_value(app, segments, -5), HK_OK);
    CHECK_STATUS(hk_control_value(app, segments, &value), HK_OK);
    CHECK(value == -1);
    /* Past the last of its three segments selects none. */
    CHECK_STATUS(hk_control_set_value(app, segments, 2), HK_OK);
    CHECK_STATUS(hk_control_set_value(app, segments, 3), HK_OK);
    CHECK_STATUS(hk_control_value(app, segments, &value), HK_OK);
    CHECK(value == -1);
    /* A slider's range, from its creation and set again, bounds its value at both ends. */
    hk_view slider;
    CHECK_STATUS(hk_slider_create(app, hk_make_rect(0, 0, 90, 30), -10, 10, -5, &slider), HK_OK);
    CHECK_STATUS(hk_control_value(app, slider, &value), HK_OK);
    CHECK(value == -5);
    CHECK_STATUS(hk_control_set_range(app, slider, 0, 5), HK_OK);
    CHECK_STATUS(hk_control_set_value(app, slider, 9), HK_OK);
    CHECK_STATUS(hk_control_value(app, slider, &value), HK_OK);
    CHECK(value == 5);
    CHECK_STATUS(hk_control_create(app, HK_CONTROL_STEPPER, hk_make_rect(0, 0, 90, 30), &stepper), HK_OK);
    CHECK_STATUS(hk_control_set_range(app, stepper, 0, 10), HK_OK);
    CHECK_STATUS(hk_control_set_value(app, stepper, 20), HK_OK);
    CHECK_STATUS(hk_control_value(app, stepper, &value), HK_OK);
    CHECK(value == 10);
    /* A button disabled, then enabled by 2: its tap acts again. */
    CHECK_STATUS(hk_button_create(app, hk_make_rect(300, 0, 100, 100), &button), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, button, window), HK_OK);
    CHECK_STATUS(hk_control_set_action_callback(app, button, HK_EVENT_TOUCH_UP_INSIDE, count_action_event, &actions, NULL), HK_OK);
    CHECK_STATUS(hk_control_set_enabled(app, button, 0), HK_OK);
    CHECK_STATUS(hk_control_set_enabled(app, button, 2), HK_OK);
    hk_touch_input press = touch(1, HK_PHASE_BEGAN, 350, 50), lift = touch(1, HK_PHASE_ENDED, 350, 50);
    CHECK_STATUS(hk_app_send_frame(app, 0, &press, 1), HK_OK);
    CHECK_STATUS(hk_app_send_frame(app, 0.05, &lift, 1), HK_OK);
    CHECK(actions == 1);

    /* Each motion flag read back as itself. */
    CHECK_STATUS(hk_scroll_view_create(app, hk_make_rect(0, 100, 300, 300), &scroll), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, scroll, window), HK_OK);
    const int32_t each[] = { HK_SCROLL_VIEW_BOUNCES, HK_SCROLL_VIEW_ALWAYS_BOUNCE_VERTICAL,
                             HK_SCROLL_VIEW_ALWAYS_BOUNCE_HORIZONTAL, HK_SCROLL_VIEW_PAGING };
    for (int k = 0; k < 4; k++) {
        CHECK_STATUS(hk_scroll_view_set_motion_flags(app, scroll, each[k]), HK_OK);
        CHECK_STATUS(hk_scroll_view_motion_flags(app, scroll, &flags), HK_OK);
        CHECK(flags == each[k]);
    }
    CHECK_STATUS(hk_scroll_view_set_motion_flags(app, scroll, HK_SCROLL_VIEW_BOUNCES), HK_OK);

    /* Content that may not be cancelled: a drag on it leaves the content its touch to the end. */
    CHECK_STATUS(hk_scroll_view_set_content_size(app, scroll, (hk_size){ 300, 3000 }), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 300, 3000), &content), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, content, scroll), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_callback(app, content, log_phase, &log, NULL), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_delays_content_touches(app, scroll, 0), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_can_cancel_content_touches(app, scroll, 0), HK_OK);
    memset(&log, 0, sizeof log);
    hk_touch_input down = touch(2, HK_PHASE_BEGAN, 100, 350), moved = touch(2, HK_PHASE_MOVED, 100, 250),
                   up = touch(2, HK_PHASE_ENDED, 100, 250);
    CHECK_STATUS(hk_app_send_frame(app, 1, &down, 1), HK_OK);
    CHECK_STATUS(hk_app_send_frame(app, 1.05, &moved, 1), HK_OK);
    CHECK_STATUS(hk_app_send_frame(app, 1.1, &up, 1), HK_OK);
    CHECK(log.count >= 2 && log.phases[0] == HK_PHASE_BEGAN && log.phases[log.count - 1] == HK_PHASE_ENDED);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* A touch event's fields in a window away from the screen's origin: the location in the view,
 * the screen location, and the tap count of a second quick tap. */
static void last_touch_event(const hk_touch_event *event, void *user_data) { *(hk_touch_event *)user_data = *event; }

static void test_touch_event_fields(void) {
    hk_app *app = hk_app_create();
    hk_view window, view;
    hk_touch_event last;
    memset(&last, 0, sizeof last);
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(300, 100, 200, 200), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(20, 10, 100, 100), &view), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, view, window), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_callback(app, view, last_touch_event, &last, NULL), HK_OK);
    hk_touch_input down = touch(1, HK_PHASE_BEGAN, 350, 150), up = touch(1, HK_PHASE_ENDED, 350, 150);
    CHECK_STATUS(hk_app_send_frame(app, 0, &down, 1), HK_OK);
    CHECK(near(last.location.x, 30) && near(last.location.y, 40));
    CHECK(near(last.screen_location.x, 350) && near(last.screen_location.y, 150) && last.tap_count == 1);
    CHECK_STATUS(hk_app_send_frame(app, 0.05, &up, 1), HK_OK);
    down.id = up.id = 2;
    CHECK_STATUS(hk_app_send_frame(app, 0.2, &down, 1), HK_OK);
    CHECK(last.touch_id == 2 && last.tap_count == 2);
    CHECK_STATUS(hk_app_send_frame(app, 0.25, &up, 1), HK_OK);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* hk_app_view_insert_subview counts the parent's subviews other than the child: a subview moved
 * within its parent may go up to the end, one more only for a view from elsewhere. Bringing a
 * subview to the front and sending one to the back move it in the same order. */
static void test_app_insert_subview(void) {
    hk_app *app = hk_app_create();
    const hk_store *store = hk_app_store(app);
    hk_view window, views[4], at;
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 100, 100), 0, &window), HK_OK);
    for (int i = 0; i < 4; i++) CHECK_STATUS(hk_app_view_create(app, hk_make_rect(i, 0, 1, 1), &views[i]), HK_OK);
    for (int i = 0; i < 3; i++) CHECK_STATUS(hk_app_view_add_subview(app, views[i], window), HK_OK);
    CHECK_STATUS(hk_app_view_insert_subview(app, views[0], window, 3), HK_ERR_INDEX_OUT_OF_RANGE);
    CHECK(strcmp(hk_last_error_message(), "subview index 3 out of range 0...2") == 0);
    CHECK_STATUS(hk_app_view_insert_subview(app, views[0], window, 2), HK_OK);
    CHECK_STATUS(hk_view_subview_at(store, window, 2, &at), HK_OK);
    CHECK(hk_view_equal(at, views[0]));
    CHECK_STATUS(hk_app_view_insert_subview(app, views[3], window, -1), HK_ERR_INDEX_OUT_OF_RANGE);
    CHECK_STATUS(hk_app_view_insert_subview(app, views[3], window, 4), HK_ERR_INDEX_OUT_OF_RANGE);
    CHECK(strcmp(hk_last_error_message(), "subview index 4 out of range 0...3") == 0);
    CHECK_STATUS(hk_app_view_insert_subview(app, views[3], window, 3), HK_OK);
    /* Back to front: 1, 2, 0, 3. */
    const int order[4] = { 1, 2, 0, 3 };
    for (int i = 0; i < 4; i++) {
        CHECK_STATUS(hk_view_subview_at(store, window, (size_t)i, &at), HK_OK);
        CHECK(hk_view_equal(at, views[order[i]]));
    }
    /* Brought to the front, 2 is last; sent to the back, 3 is first: 3, 1, 0, 2. */
    CHECK_STATUS(hk_app_view_bring_to_front(app, views[2]), HK_OK);
    CHECK_STATUS(hk_app_view_send_to_back(app, views[3]), HK_OK);
    const int moved[4] = { 3, 1, 0, 2 };
    for (int i = 0; i < 4; i++) {
        CHECK_STATUS(hk_view_subview_at(store, window, (size_t)i, &at), HK_OK);
        CHECK(hk_view_equal(at, views[moved[i]]));
    }
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* The app's own insertions beside a sibling and exchange, which its store refuses, each refusal
 * naming the hk_app_ call to use. */
/* A child moved in from another window has its touches cancelled before it is inserted; a
 * cancel callback that takes the sibling away leaves the child in front of (above) or behind
 * (below) the superview's subviews, and nothing traps. */
typedef struct { hk_app *app; hk_view sibling; int cancelled; } sibling_taker;

static void take_sibling_on_cancel(const hk_touch_event *event, void *user_data) {
    sibling_taker *taker = user_data;
    if (event->phase != HK_PHASE_CANCELLED) return;
    taker->cancelled++;
    CHECK_STATUS(hk_app_view_remove_from_superview(taker->app, taker->sibling), HK_OK);
}

static void test_app_insert_beside_a_sibling_taken_away_meanwhile(void) {
    for (int below = 0; below < 2; below++) {
        hk_app *app = hk_app_create();
        hk_store *store = hk_app_store(app);
        hk_view window, other_window, first, sibling, last, child, at;
        CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 100, 100), 0, &window), HK_OK);
        CHECK_STATUS(hk_app_window_create(app, hk_make_rect(200, 0, 100, 100), 0, &other_window), HK_OK);
        CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 10, 10), &first), HK_OK);
        CHECK_STATUS(hk_app_view_create(app, hk_make_rect(10, 0, 10, 10), &sibling), HK_OK);
        CHECK_STATUS(hk_app_view_create(app, hk_make_rect(20, 0, 10, 10), &last), HK_OK);
        CHECK_STATUS(hk_app_view_add_subview(app, first, window), HK_OK);
        CHECK_STATUS(hk_app_view_add_subview(app, sibling, window), HK_OK);
        CHECK_STATUS(hk_app_view_add_subview(app, last, window), HK_OK);
        CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 100, 100), &child), HK_OK);
        CHECK_STATUS(hk_app_view_add_subview(app, child, other_window), HK_OK);
        sibling_taker taker = { app, sibling, 0 };
        CHECK_STATUS(hk_app_view_set_touch_callback(app, child, take_sibling_on_cancel, &taker, NULL), HK_OK);
        hk_touch_input down = touch_at(1, HK_PHASE_BEGAN, 250, 50);
        CHECK_STATUS(hk_app_send_frame(app, 0, &down, 1), HK_OK);
        CHECK_STATUS(below ? hk_app_view_insert_below(app, child, sibling) : hk_app_view_insert_above(app, child, sibling), HK_OK);
        CHECK(taker.cancelled == 1);
        size_t count = 0;
        CHECK_STATUS(hk_view_subview_count(store, window, &count), HK_OK);
        CHECK(count == 3);
        CHECK_STATUS(hk_view_subview_at(store, window, below ? 0 : 2, &at), HK_OK);
        CHECK(hk_view_equal(at, child));
        CHECK_STATUS(hk_view_superview(store, sibling, &at), HK_OK);
        CHECK(hk_view_equal(at, hk_no_view()));
        CHECK_STATUS(hk_app_destroy(app), HK_OK);
    }
}

static void test_app_insert_beside_and_exchange(void) {
    hk_app *app = hk_app_create();
    hk_store *store = hk_app_store(app);
    hk_view window, other_window, views[5], inner, at;
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 100, 100), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 100, 100), 0, &other_window), HK_OK);
    for (int i = 0; i < 5; i++) CHECK_STATUS(hk_app_view_create(app, hk_make_rect(i, 0, 1, 1), &views[i]), HK_OK);
    for (int i = 0; i < 3; i++) CHECK_STATUS(hk_app_view_add_subview(app, views[i], window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 1, 1), &inner), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, inner, views[0]), HK_OK);

    /* 0 above 2, then below 1; 3 (detached) above 1; 4 from the other window below 0. */
    CHECK_STATUS(hk_app_view_insert_above(app, views[0], views[2]), HK_OK);
    CHECK_STATUS(hk_app_view_insert_below(app, views[0], views[1]), HK_OK);
    CHECK_STATUS(hk_app_view_insert_above(app, views[3], views[1]), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, views[4], other_window), HK_OK);
    CHECK_STATUS(hk_app_view_insert_below(app, views[4], views[0]), HK_OK);
    /* Swapped, the back-most and the front-most: 2, 0, 1, 3, 4. */
    CHECK_STATUS(hk_app_view_exchange_subviews(app, window, 0, 4), HK_OK);
    const int order[5] = { 2, 0, 1, 3, 4 };
    size_t count = 0;
    CHECK_STATUS(hk_view_subview_count(store, window, &count), HK_OK);
    CHECK(count == 5);
    for (int i = 0; i < 5; i++) {
        CHECK_STATUS(hk_view_subview_at(store, window, (size_t)i, &at), HK_OK);
        CHECK(hk_view_equal(at, views[order[i]]));
    }

    /* Refused, nothing moves: an index out of range, a sibling with no superview, a window, a
     * view under itself, a responder chain that would loop through a presentation. */
    CHECK_STATUS(hk_app_view_exchange_subviews(app, window, 0, 5), HK_ERR_INDEX_OUT_OF_RANGE);
    CHECK(strcmp(hk_last_error_message(), "subview index 5 out of range 0..<5") == 0);
    CHECK_STATUS(hk_app_view_exchange_subviews(app, window, -1, 0), HK_ERR_INDEX_OUT_OF_RANGE);
    CHECK_STATUS(hk_app_view_insert_above(app, views[1], window), HK_ERR_NOT_A_SUBVIEW);
    CHECK_STATUS(hk_app_view_insert_below(app, other_window, views[1]), HK_ERR_WINDOW_AS_SUBVIEW);
    CHECK_STATUS(hk_app_view_insert_above(app, views[0], inner), HK_ERR_CYCLE);
    hk_controller presenter, presented;
    hk_view sheet, in_sheet;
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 10, 10), &sheet), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 1, 1), &in_sheet), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, in_sheet, sheet), HK_OK);
    CHECK_STATUS(hk_view_controller_create(app, views[1], &presenter), HK_OK);
    CHECK_STATUS(hk_view_controller_create(app, sheet, &presented), HK_OK);
    CHECK_STATUS(hk_view_controller_present(app, presenter, presented), HK_OK);
    CHECK_STATUS(hk_app_view_insert_below(app, views[1], in_sheet), HK_ERR_CYCLE);
    CHECK_STATUS(hk_view_superview(store, views[1], &at), HK_OK);
    CHECK(hk_view_equal(at, window));
    CHECK_STATUS(hk_view_subview_at(store, window, 2, &at), HK_OK);
    CHECK(hk_view_equal(at, views[1]));

    /* The app's store refuses each structural edit, naming the call that makes it. */
    CHECK_STATUS(hk_view_insert_above(store, views[0], views[1]), HK_ERR_INVALID_ARGUMENT);
    CHECK(strcmp(hk_last_error_message(), "hk_view_insert_above is refused on an app's store: "
                                          "use hk_app_view_insert_above, which keeps the app's objects in step") == 0);
    CHECK_STATUS(hk_view_insert_below(store, views[0], views[1]), HK_ERR_INVALID_ARGUMENT);
    CHECK(strstr(hk_last_error_message(), "use hk_app_view_insert_below,") != NULL);
    CHECK_STATUS(hk_view_exchange_subviews(store, window, 0, 1), HK_ERR_INVALID_ARGUMENT);
    CHECK(strstr(hk_last_error_message(), "use hk_app_view_exchange_subviews,") != NULL);
    CHECK_STATUS(hk_view_create(store, hk_make_rect(0, 0, 1, 1), &at), HK_ERR_INVALID_ARGUMENT);
    CHECK(strstr(hk_last_error_message(), "use hk_app_view_create,") != NULL);
    CHECK_STATUS(hk_view_bring_to_front(store, views[0]), HK_ERR_INVALID_ARGUMENT);
    CHECK(strstr(hk_last_error_message(), "use hk_app_view_bring_to_front,") != NULL);
    CHECK_STATUS(hk_store_destroy(store), HK_ERR_INVALID_ARGUMENT);
    CHECK(strstr(hk_last_error_message(), "use hk_app_destroy,") != NULL);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* The subviews one at a time (first subview, next sibling) and by index, in the same order. */
static void test_sibling_walk(void) {
    hk_store *store = hk_store_create();
    hk_view parent, leaf, detached, subviews[4], view;
    CHECK_STATUS(hk_view_create(store, hk_make_rect(0, 0, 100, 100), &parent), HK_OK);
    for (int i = 0; i < 4; i++) {
        CHECK_STATUS(hk_view_create(store, hk_make_rect(i, 0, 1, 1), &subviews[i]), HK_OK);
        CHECK_STATUS(hk_view_add_subview(store, subviews[i], parent), HK_OK);
    }
    CHECK_STATUS(hk_view_bring_to_front(store, subviews[1]), HK_OK);
    /* Back to front: 0, 2, 3, then 1 brought to the front. */
    const int order[4] = { 0, 2, 3, 1 };
    size_t count = 0;
    CHECK_STATUS(hk_view_subview_count(store, parent, &count), HK_OK);
    CHECK(count == 4);
    CHECK_STATUS(hk_view_first_subview(store, parent, &view), HK_OK);
    for (int i = 0; i < 4; i++) {
        hk_view at;
        CHECK(hk_view_equal(view, subviews[order[i]]));
        CHECK_STATUS(hk_view_subview_at(store, parent, (size_t)i, &at), HK_OK);
        CHECK(hk_view_equal(at, subviews[order[i]]));
        CHECK_STATUS(hk_view_next_sibling(store, view, &view), HK_OK);
    }
    CHECK(hk_view_is_none(view));
    CHECK_STATUS(hk_view_subview_at(store, parent, 4, &view), HK_ERR_INDEX_OUT_OF_RANGE);
    CHECK(strcmp(hk_last_error_message(), "subview index 4 out of range 0..<4") == 0);
    /* An index past any Int, refused as any other out of range. */
    view = hk_no_view();
    CHECK_STATUS(hk_view_subview_at(store, parent, SIZE_MAX, &view), HK_ERR_INDEX_OUT_OF_RANGE);
    CHECK(hk_view_is_none(view));

    /* No subview, no superview: no view, not an error. */
    CHECK_STATUS(hk_view_create(store, hk_make_rect(0, 0, 1, 1), &detached), HK_OK);
    leaf = subviews[0];
    CHECK_STATUS(hk_view_first_subview(store, leaf, &view), HK_OK);
    CHECK(hk_view_is_none(view));
    CHECK_STATUS(hk_view_next_sibling(store, detached, &view), HK_OK);
    CHECK(hk_view_is_none(view));
    CHECK_STATUS(hk_view_next_sibling(store, parent, &view), HK_OK);
    CHECK(hk_view_is_none(view));
    CHECK_STATUS(hk_view_subview_count(store, leaf, &count), HK_OK);
    CHECK(count == 0);

    /* A removed subview leaves the walk; its own next sibling is then none. */
    CHECK_STATUS(hk_view_remove_from_superview(store, subviews[2]), HK_OK);
    CHECK_STATUS(hk_view_next_sibling(store, subviews[0], &view), HK_OK);
    CHECK(hk_view_equal(view, subviews[3]));
    CHECK_STATUS(hk_view_next_sibling(store, subviews[2], &view), HK_OK);
    CHECK(hk_view_is_none(view));

    /* A stale handle, a NULL out. */
    CHECK_STATUS(hk_view_destroy(store, subviews[3]), HK_OK);
    CHECK_STATUS(hk_view_next_sibling(store, subviews[3], &view), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_view_first_subview(store, subviews[3], &view), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_view_first_subview(store, parent, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_view_next_sibling(store, subviews[0], NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_view_next_sibling(store, subviews[0], &view), HK_OK);
    CHECK(hk_view_equal(view, subviews[1]));
    CHECK_STATUS(hk_store_destroy(store), HK_OK);
}

/* Each status's name is its constant's, and a value no status has is HK_UNKNOWN. */
static void test_status_names(void) {
    static const char *const names[] = {
        "HK_OK", "HK_ERR_INVALID_ARGUMENT", "HK_ERR_STALE_HANDLE", "HK_ERR_CYCLE", "HK_ERR_WINDOW_AS_SUBVIEW",
        "HK_ERR_NOT_A_WINDOW", "HK_ERR_NOT_A_SUBVIEW", "HK_ERR_INDEX_OUT_OF_RANGE", "HK_ERR_UNRELATED_VIEWS",
        "HK_ERR_NOT_IN_WINDOW", "HK_ERR_BUSY", "HK_ERR_BAD_INPUT", "HK_ERR_SCENE", "HK_ERR_NOT_FOUND", "HK_ERR_LIMIT",
        "HK_ERR_WRONG_THREAD", "HK_ERR_FOREIGN_HANDLE"
    };
    CHECK(HK_ERR_FOREIGN_HANDLE == sizeof names / sizeof names[0] - 1);
    for (hk_status status = HK_OK; status <= HK_ERR_FOREIGN_HANDLE; status++) {
        CHECK(strcmp(hk_status_name(status), names[status]) == 0);
    }
    const hk_status unknown[] = { -1, HK_ERR_FOREIGN_HANDLE + 1, INT32_MIN, INT32_MAX };
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        CHECK(strcmp(hk_status_name(unknown[i]), "HK_UNKNOWN") == 0);
    }
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s FIXTURES_SCENES_DIR\n", argv[0]);
        return 2;
    }
    CHECK(hk_version() == HK_VERSION);
    test_status_names();
    test_engine();
    test_sibling_walk();
    test_flags();
    test_geometry_fields();
    test_touch_event_fields();
    test_gesture_settings();
    test_recognizer_parameters();
    test_control_and_scroll_settings();
    test_control_kinds();
    test_insert_above_below();
    test_window_order_and_exchange();
    test_app_insert_subview();
    test_app_insert_beside_and_exchange();
    test_app_insert_beside_a_sibling_taken_away_meanwhile();
    test_hit_map_policy();
    test_hit_map_through_wrappers();
    test_app();
    test_app_destroy_cancels_touches();
    test_high_rate();
    test_nested_callbacks_keep_their_event();
    test_scene(argv[1]);
    test_hit_test_callbacks();
    test_callback_queries_count_in();
    test_touch_handlers(argv[1]);
    test_gesture_delegates();
    test_gesture_destroy();
    test_gesture_destroyed_as_it_recognizes();
    test_failed_recognizer_leaves_no_deadline();
    test_touch_callback_user_data();
    test_control_actions();
    test_scroll_views();
    test_store_edits_followed_by_the_app();
    test_view_controllers();
    test_controller_link_loops();
    test_deadline_and_scene_buffer();
    test_limits();
    test_bad_handles();
    test_reused_slots();
    test_many_live_stores();
    test_stores_on_several_threads();
    test_snapshot_keeps_its_stores_tag();
    test_stores_made_at_once_take_distinct_tags();
    test_an_ended_threads_stores_are_refused_everywhere();
    test_a_thread_destructor_destroys_its_app();
    test_wrong_kind_handles();
    test_last_error_per_thread();
    test_refused_creations();
    test_refused_setters_keep_values();
    test_edge_values_taken();
    test_hit_test_callback_answers_and_notifies();
    test_refused_reads_keep_out();
    test_refused_calls_take_no_user_data();
    test_names_not_utf8();
    test_wrong_thread();
    test_wrong_thread_while_the_owner_works();
    test_wrong_thread_everywhere();
    test_reentry();
    test_callback_destroys_its_window();
    test_touch_callbacks_cleared_inside_a_set();
    test_calls_keep_their_word();
    test_pointer();
    test_enum_outputs();
    test_touchpad();
    test_interactions();
    test_drag_answers();
    test_drag_outlives_its_removal();
    test_escape_from_a_drag_callback();
    test_drag_session_location_in_no_window();
    test_autoscroll();
    test_menu_key();
    test_menu_one_at_a_time();
    test_menu_items_alike_are_told_by_index();
    test_menu_highlight_ends_off_the_items();
    test_menu_key_from_its_own_configuration();
    test_scene_interactions();
    test_menu_dismissed_in_its_will_display();
    test_long_press_after_a_lift_ended_in_its_lift_callback();
    test_scroll_motion();
    test_offset_set_during_drag();
    test_store_bounds_move_the_offset();
    test_recentring_from_did_scroll();
    test_store_bounds_during_motion();
    test_store_bounds_during_zoom_animation();
    test_store_frame_during_zoom_animation();
    test_rows_appended_during_a_fling();
    test_store_frame_during_motion();
    test_content_narrowed_during_a_vertical_fling();
    test_leaving_the_window_stops_motion();
    test_zoom();
    test_zoom_from_code();
    test_zoom_from_code_during_pinch();
    test_pinch_beginning_while_a_bounce_waits_for_the_drag();
    test_zoom_scale_that_cannot_be_shown();
    test_zoom_view_moved_out();
    test_deep_teardown_on_small_stack();
    test_snapshots();
    test_snapshot_refusals_say_why();
    test_snapshot_released_while_queried();
    test_snapshots_handed_over_without_a_lock();
#ifdef HITKIT_INTERNAL_CHECKS
    test_snapshot_release_waits_for_a_paused_reader();
#endif
    test_trace();
    test_scene_log();
    test_keyboard();
    test_rejections_read_during_the_next_frame();
    test_controller_destroyed_while_its_key_is_down();
    test_focus_settings();
    test_focused_view_destroyed_by_a_key_command();
    test_key_details();
    test_press_handler_order();
    test_press_handler_cleared_inside_a_set();
    test_root_controller_target();
    test_trace_control_disabled_by_its_up();
    test_key_cancelled_by_its_own_focus_move();
    test_bad_input();
    test_input_frame();
    test_frame_edges();
    test_destroyed_in_delivery();
    printf("%d passed, %d failed\n", passed, failed);
    /* Out before LeakSanitizer's check at exit, which ends the process without flushing a pipe. */
    fflush(stdout);
    return failed == 0 ? 0 : 1;
}

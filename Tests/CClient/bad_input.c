/*
 * Bad input amid good input through the C API (Behaviour A3, A8, A10): in one pointer frame a
 * bad touch beside a good finger, click and wheel notch, then a bad pointer and a bad scroll
 * beside a good finger; a frame whose time goes back, rejected whole; a key frame whose bad
 * events sit between good ones. Exactly the bad parts are rejected, each named by
 * hk_app_rejection; the good parts are delivered; later frames reuse the rejected ids and keys.
 */
#include "check.h"

#include <string.h>

enum { BAD_KEY_A = 4, BAD_KEY_B = 5 };

typedef struct { char lines[32][40]; int count; } bad_input_log;

static void bad_input_add(bad_input_log *log, const char *line) {
    if (log->count < 32) snprintf(log->lines[log->count++], sizeof log->lines[0], "%s", line);
}

static void bad_input_on_touch(const hk_touch_event *event, void *user_data) {
    static const char *phases[] = { "began", "moved", "stationary", "ended", "cancelled" };
    char line[40];
    snprintf(line, sizeof line, "touch %s %lld", phases[event->phase], (long long)event->touch_id);
    bad_input_add(user_data, line);
}

static void bad_input_on_gesture(const hk_gesture_event *event, void *user_data) {
    static const char *states[] = { "possible", "began", "changed", "ended", "cancelled", "failed" };
    char line[40];
    snprintf(line, sizeof line, "wheel %s %g", states[event->state], event->translation.y);
    bad_input_add(user_data, line);
}

static int bad_input_on_press(const hk_press_event *event, void *user_data) {
    static const char *phases[] = { "began", "ended", "cancelled" };
    char line[40];
    snprintf(line, sizeof line, "press %s %d", phases[event->phase], (int)event->code);
    bad_input_add(user_data, line);
    return HK_PRESS_PASS_ON;
}

static hk_touch_input bad_input_touch(int64_t id, hk_phase phase, double x, double y) {
    hk_touch_input t;
    t.id = id; t.phase = phase; t.has_location = 1; t.x = x; t.y = y;
    return t;
}

static hk_key_input bad_input_key(int32_t code, int32_t phase) {
    hk_key_input k;
    memset(&k, 0, sizeof k);
    k.code = code; k.phase = phase;
    return k;
}

static int bad_input_logged(const bad_input_log *log, int count, const char *const *lines) {
    if (log->count != count) return 0;
    for (int k = 0; k < count; k++) if (strcmp(log->lines[k], lines[k]) != 0) return 0;
    return 1;
}

static void bad_input_print(const bad_input_log *log) {
    for (int k = 0; k < log->count; k++) fprintf(stderr, "  log[%d] %s\n", k, log->lines[k]);
}

static int bad_input_rejection_is(hk_app *app, size_t index, int has_id, int64_t id, hk_rejection_reason reason) {
    hk_rejection r;
    if (hk_app_rejection(app, index, &r) != HK_OK) return 0;
    return r.has_touch_id == has_id && (!has_id || r.touch_id == id) && r.reason == reason;
}

void test_bad_input(void) {
    hk_app *app = hk_app_create();
    hk_view window, box, wheel_view;
    hk_gesture wheel;
    hk_touch_type type = 0;
    bad_input_log log;
    uint8_t outcomes[4];
    memset(&log, 0, sizeof log);

    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 400, 400), 0, &window), HK_OK);
    CHECK_STATUS(hk_window_make_key(app, window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 200, 200), &box), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, box, window), HK_OK);
    CHECK_STATUS(hk_view_set_flag(hk_app_store(app), box, HK_FLAG_MULTIPLE_TOUCH_ENABLED, 1), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_callback(app, box, bad_input_on_touch, &log, NULL), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(200, 0, 200, 200), &wheel_view), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, wheel_view, window), HK_OK);
    CHECK_STATUS(hk_pan_create(app, wheel_view, 1, 0, &wheel), HK_OK);
    CHECK_STATUS(hk_pan_set_allowed_scroll_types(app, wheel, HK_SCROLL_TYPE_DISCRETE), HK_OK);
    CHECK_STATUS(hk_gesture_set_callback(app, wheel, bad_input_on_gesture, &log, NULL), HK_OK);
    CHECK_STATUS(hk_app_set_press_handler(app, bad_input_on_press, &log, NULL), HK_OK);

    /* 1. A finger that is not down beside a good finger, a click and a wheel notch. */
    {
        hk_touch_input touches[2] = { bad_input_touch(1, HK_PHASE_BEGAN, 10, 10), bad_input_touch(2, HK_PHASE_MOVED, 20, 20) };
        hk_pointer_input click = { 9, 0, HK_BUTTON_PRIMARY, 50, 50, 0, 0 };
        hk_scroll_input notch = { 300, 100, 0, -40, HK_SCROLL_DISCRETE, 0 };
        static const char *const expected[] = { "touch began 1", "touch began 9", "wheel began -40" };
        CHECK_STATUS(hk_app_send_pointer_frame(app, 0, touches, 2, &click, &notch), HK_ERR_BAD_INPUT);
        CHECK(hk_app_rejection_count(app) == 1);
        CHECK(bad_input_rejection_is(app, 0, 1, 2, HK_REJECT_UNKNOWN_TOUCH));
        CHECK(bad_input_logged(&log, 3, expected));
        CHECK_STATUS(hk_app_touch_type(app, 9, &type), HK_OK);
        CHECK(type == HK_TOUCH_TYPE_INDIRECT_POINTER);
    }
    /* 2. A pointer at a NaN location and a notch of NaN points beside a good finger: both named,
     *    in the frame's order; the click does not move, the wheel does not change. */
    log.count = 0;
    {
        hk_touch_input touches[1] = { bad_input_touch(3, HK_PHASE_BEGAN, 30, 30) };
        hk_pointer_input moved = { 9, 0, HK_BUTTON_PRIMARY, NAN, 60, 0, 0 };
        hk_scroll_input notch = { 300, 100, 0, NAN, HK_SCROLL_DISCRETE, 0 };
        static const char *const expected[] = { "touch began 3" };
        CHECK_STATUS(hk_app_send_pointer_frame(app, 0.05, touches, 1, &moved, &notch), HK_ERR_BAD_INPUT);
        CHECK(hk_app_rejection_count(app) == 2);
        CHECK(bad_input_rejection_is(app, 0, 1, 9, HK_REJECT_POINTER));
        CHECK(bad_input_rejection_is(app, 1, 0, 0, HK_REJECT_SCROLL));
        CHECK(bad_input_logged(&log, 1, expected));
    }
    /* 3. A frame whose time goes back is rejected whole: one rejection per touch it names; its
     *    release, its touch's end and its notch never happen. */
    log.count = 0;
    {
        hk_touch_input touches[2] = { bad_input_touch(3, HK_PHASE_ENDED, 30, 30), bad_input_touch(4, HK_PHASE_BEGAN, 40, 40) };
        hk_pointer_input release = { 9, 0, 0, 50, 50, 0, 0 };
        hk_scroll_input notch = { 300, 100, 0, -40, HK_SCROLL_DISCRETE, 0 };
        CHECK_STATUS(hk_app_send_pointer_frame(app, 0.04, touches, 2, &release, &notch), HK_ERR_BAD_INPUT);
        CHECK(hk_app_rejection_count(app) == 2);
        CHECK(bad_input_rejection_is(app, 0, 1, 3, HK_REJECT_TIME_WENT_BACKWARDS));
        CHECK(bad_input_rejection_is(app, 1, 1, 4, HK_REJECT_TIME_WENT_BACKWARDS));
        CHECK(log.count == 0);
        CHECK_STATUS(hk_app_touch_type(app, 9, &type), HK_OK);
        CHECK_STATUS(hk_app_touch_type(app, 4, &type), HK_ERR_NOT_FOUND);
    }
    /* 4. Bad key events between good ones: the good ones are delivered in order, and each event's
     *    outcome says which was rejected. The wheel's run ended on its timer meanwhile. */
    log.count = 0;
    {
        hk_key_input keys[4] = { bad_input_key(BAD_KEY_A, HK_KEY_UP), bad_input_key(BAD_KEY_B, HK_KEY_DOWN),
                                 bad_input_key(70000, HK_KEY_DOWN), bad_input_key(BAD_KEY_B, HK_KEY_UP) };
        static const char *const expected[] = { "wheel ended -40", "press began 5", "press ended 5" };
        CHECK_STATUS(hk_app_send_key_frame(app, 0.2, keys, 4, outcomes), HK_ERR_BAD_INPUT);
        CHECK(outcomes[0] == HK_KEY_REJECTED && outcomes[1] == HK_KEY_UNHANDLED);
        CHECK(outcomes[2] == HK_KEY_REJECTED && outcomes[3] == HK_KEY_HANDLED);
        CHECK(hk_app_rejection_count(app) == 2);
        CHECK(bad_input_rejection_is(app, 0, 1, 0, HK_REJECT_KEY));
        CHECK(bad_input_rejection_is(app, 1, 1, 2, HK_REJECT_KEY));
        CHECK(bad_input_logged(&log, 3, expected));
    }
    /* 5. Later frames take the rejected ids and keys as if the bad input never came. */
    log.count = 0;
    {
        hk_touch_input touches[3] = { bad_input_touch(2, HK_PHASE_BEGAN, 20, 20), bad_input_touch(1, HK_PHASE_ENDED, 10, 10),
                                      bad_input_touch(3, HK_PHASE_ENDED, 30, 30) };
        hk_pointer_input release = { 9, 0, 0, 50, 50, 0, 0 };
        hk_scroll_input notch = { 300, 100, 0, -40, HK_SCROLL_DISCRETE, 0 };
        hk_key_input keys[2] = { bad_input_key(BAD_KEY_A, HK_KEY_DOWN), bad_input_key(BAD_KEY_A, HK_KEY_UP) };
        static const char *const expected[] = {
            "touch began 2", "touch ended 1", "touch ended 3", "touch ended 9", "wheel began -40",
            "press began 4", "press ended 4",
        };
        CHECK_STATUS(hk_app_send_pointer_frame(app, 0.3, touches, 3, &release, &notch), HK_OK);
        CHECK(hk_app_rejection_count(app) == 0);
        CHECK_STATUS(hk_app_send_key_frame(app, 0.3, keys, 2, outcomes), HK_OK);
        CHECK(outcomes[0] == HK_KEY_UNHANDLED && outcomes[1] == HK_KEY_HANDLED);
        CHECK(bad_input_logged(&log, 7, expected));
        if (log.count != 7) bad_input_print(&log);
    }
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

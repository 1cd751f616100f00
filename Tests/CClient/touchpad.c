/*
 * Touchpad gestures through the C API (Behaviour A9): a pinch drives the pinch and rotation
 * recognizers under the pointer with the gesture's scale, rotation and velocity, views get no
 * touch callback, and each bad step is rejected with HK_REJECT_TOUCHPAD, changing nothing.
 */
#include "check.h"

#include <string.h>

typedef struct { int began, changed, ended, cancelled, failed, touches; double scale, rotation, timestamp; hk_point location;
                 int32_t number_of_touches; } touchpad_log;

static void touchpad_on_gesture(const hk_gesture_event *event, void *user_data) {
    touchpad_log *log = user_data;
    switch (event->state) {
    case HK_STATE_BEGAN: log->began++; break;
    case HK_STATE_CHANGED: log->changed++; break;
    case HK_STATE_ENDED: log->ended++; break;
    case HK_STATE_CANCELLED: log->cancelled++; break;
    case HK_STATE_FAILED: log->failed++; break;
    default: break;
    }
    log->scale = event->scale;
    log->rotation = event->rotation;
    log->timestamp = event->timestamp;
    log->location = event->location;
    log->number_of_touches = event->number_of_touches;
}

static void touchpad_on_touch(const hk_touch_event *event, void *user_data) {
    (void)event;
    ((touchpad_log *)user_data)->touches++;
}

static hk_touchpad_gesture touchpad_step(int32_t kind, int32_t phase, double scale, double rotation) {
    hk_touchpad_gesture g;
    memset(&g, 0, sizeof g);
    g.kind = kind; g.phase = phase; g.x = 150; g.y = 150; g.scale = scale; g.rotation = rotation; g.fingers = 2;
    return g;
}

/* Sends one step; returns its status, and in *reason the rejection's reason (-1: none). */
static hk_status send_step(hk_app *app, double t, hk_touchpad_gesture g, int32_t *reason) {
    hk_status status = hk_app_send_touchpad_frame(app, t, &g);
    hk_rejection rejection;
    *reason = -1;
    if (hk_app_rejection_count(app) == 1 && hk_app_rejection(app, 0, &rejection) == HK_OK) {
        *reason = rejection.has_touch_id ? -2 : rejection.reason;
    }
    return status;
}

void test_touchpad(void) {
    touchpad_log pinch_log, rotation_log;
    hk_view window, photo;
    hk_gesture pinch, rotation;
    int32_t reason = 0;
    double velocity = -1;
    hk_app *app = hk_app_create();
    memset(&pinch_log, 0, sizeof pinch_log);
    memset(&rotation_log, 0, sizeof rotation_log);
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 400, 400), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(100, 100, 200, 200), &photo), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, photo, window), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_callback(app, photo, touchpad_on_touch, &pinch_log, NULL), HK_OK);
    CHECK_STATUS(hk_pinch_create(app, photo, &pinch), HK_OK);
    CHECK_STATUS(hk_rotation_create(app, photo, &rotation), HK_OK);
    CHECK_STATUS(hk_gesture_set_callback(app, pinch, touchpad_on_gesture, &pinch_log, NULL), HK_OK);
    CHECK_STATUS(hk_gesture_set_callback(app, rotation, touchpad_on_gesture, &rotation_log, NULL), HK_OK);

    /* Bad steps: each rejected with HK_REJECT_TOUCHPAD and no touch id; nothing begins. */
    CHECK_STATUS(send_step(app, 0, touchpad_step(HK_TOUCHPAD_PINCH, HK_TOUCHPAD_PHASE_CHANGED, 1.5, 0), &reason), HK_ERR_BAD_INPUT);
    CHECK(reason == HK_REJECT_TOUCHPAD);
    CHECK_STATUS(send_step(app, 0, touchpad_step(HK_TOUCHPAD_PINCH, HK_TOUCHPAD_PHASE_BEGAN, 0, 0), &reason), HK_ERR_BAD_INPUT);
    CHECK(reason == HK_REJECT_TOUCHPAD);
    CHECK_STATUS(send_step(app, 0, touchpad_step(HK_TOUCHPAD_PINCH, HK_TOUCHPAD_PHASE_BEGAN, 1, NAN), &reason), HK_ERR_BAD_INPUT);
    CHECK(reason == HK_REJECT_TOUCHPAD);
    CHECK_STATUS(send_step(app, 0, touchpad_step(HK_TOUCHPAD_HOLD, HK_TOUCHPAD_PHASE_CHANGED, 1, 0), &reason), HK_ERR_BAD_INPUT);
    CHECK(reason == HK_REJECT_TOUCHPAD);
    {
        hk_touchpad_gesture no_fingers = touchpad_step(HK_TOUCHPAD_PINCH, HK_TOUCHPAD_PHASE_BEGAN, 1, 0);
        no_fingers.fingers = 0;
        CHECK_STATUS(send_step(app, 0, no_fingers, &reason), HK_ERR_BAD_INPUT);
        CHECK(reason == HK_REJECT_TOUCHPAD);
    }
    /* Unknown kinds and phases are bad arguments, not input. */
    CHECK_STATUS(send_step(app, 0, touchpad_step(2, HK_TOUCHPAD_PHASE_BEGAN, 1, 0), &reason), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(send_step(app, 0, touchpad_step(HK_TOUCHPAD_PINCH, 4, 1, 0), &reason), HK_ERR_INVALID_ARGUMENT);
    CHECK(pinch_log.began == 0 && pinch_log.failed == 0);

    /* A pinch: began; the scale leaves 1 (the pinch begins, the rotation fails: they exclude). */
    CHECK_STATUS(send_step(app, 1, touchpad_step(HK_TOUCHPAD_PINCH, HK_TOUCHPAD_PHASE_BEGAN, 1, 0), &reason), HK_OK);
    CHECK(pinch_log.began == 0);
    CHECK_STATUS(send_step(app, 1, touchpad_step(HK_TOUCHPAD_PINCH, HK_TOUCHPAD_PHASE_BEGAN, 1, 0), &reason), HK_ERR_BAD_INPUT);
    CHECK(reason == HK_REJECT_TOUCHPAD);
    CHECK_STATUS(send_step(app, 1.5, touchpad_step(HK_TOUCHPAD_PINCH, HK_TOUCHPAD_PHASE_CHANGED, 1.5, 0), &reason), HK_OK);
    CHECK(pinch_log.began == 1 && near(pinch_log.scale, 1.5) && rotation_log.failed == 1);
    CHECK(pinch_log.number_of_touches == 0 && near(pinch_log.location.x, 50) && near(pinch_log.location.y, 50));
    CHECK_STATUS(hk_gesture_transform_velocity(app, pinch, &velocity), HK_OK);
    CHECK(near(velocity, 1.0));
    CHECK_STATUS(hk_gesture_transform_velocity(app, 999, &velocity), HK_ERR_STALE_HANDLE);
    /* A kind change mid-gesture is rejected; the pinch goes on. */
    CHECK_STATUS(send_step(app, 1.6, touchpad_step(HK_TOUCHPAD_HOLD, HK_TOUCHPAD_PHASE_ENDED, 1, 0), &reason), HK_ERR_BAD_INPUT);
    CHECK(reason == HK_REJECT_TOUCHPAD);
    CHECK_STATUS(send_step(app, 2, touchpad_step(HK_TOUCHPAD_PINCH, HK_TOUCHPAD_PHASE_CHANGED, 2, 0.1), &reason), HK_OK);
    CHECK(pinch_log.changed == 1 && near(pinch_log.scale, 2));
    CHECK_STATUS(send_step(app, 2.1, touchpad_step(HK_TOUCHPAD_PINCH, HK_TOUCHPAD_PHASE_CANCELLED, 2, 0.1), &reason), HK_OK);
    CHECK(pinch_log.cancelled == 1);
    /* A hold is taken and ends; views got no touch callback throughout. */
    CHECK_STATUS(send_step(app, 3, touchpad_step(HK_TOUCHPAD_HOLD, HK_TOUCHPAD_PHASE_BEGAN, 1, 0), &reason), HK_OK);
    CHECK_STATUS(send_step(app, 3.1, touchpad_step(HK_TOUCHPAD_HOLD, HK_TOUCHPAD_PHASE_ENDED, 1, 0), &reason), HK_OK);
    CHECK(pinch_log.touches == 0);
    /* A turn alone: the rotation begins with the gesture's rotation, its sign kept,
     * in an event stamped with its frame time. */
    CHECK_STATUS(send_step(app, 3.5, touchpad_step(HK_TOUCHPAD_PINCH, HK_TOUCHPAD_PHASE_BEGAN, 1, 0), &reason), HK_OK);
    CHECK_STATUS(send_step(app, 3.75, touchpad_step(HK_TOUCHPAD_PINCH, HK_TOUCHPAD_PHASE_CHANGED, 1, -0.3), &reason), HK_OK);
    CHECK(rotation_log.began == 1 && near(rotation_log.rotation, -0.3) && near(rotation_log.timestamp, 3.75));
    CHECK_STATUS(hk_gesture_transform_velocity(app, rotation, &velocity), HK_OK);
    CHECK(near(velocity, -1.2));  /* -0.3 rad over the 0.25 s of its first step */
    CHECK_STATUS(send_step(app, 3.8, touchpad_step(HK_TOUCHPAD_PINCH, HK_TOUCHPAD_PHASE_ENDED, 1, -0.3), &reason), HK_OK);
    CHECK(rotation_log.ended == 1 && near(rotation_log.timestamp, 3.8));
    CHECK_STATUS(hk_app_send_touchpad_frame(app, 4, NULL), HK_OK);
    CHECK_STATUS(hk_app_send_touchpad_frame(NULL, 4, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

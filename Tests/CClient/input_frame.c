/*
 * Every kind of input in one frame through the C API (hk_app_send_input_frame, Behaviour A3's
 * frame order): a finger with its samples, the pointer, a wheel notch, keys and a touchpad pinch
 * in one call are delivered in the order of one frame (touches, hover, the scroll, keys, the
 * touchpad); bad parts are rejected alone, each named (a key by its index in the call); what a
 * call of one kind refuses whole refuses the frame whole and changes nothing; a frame of nothing
 * but its time only moves the clock; a struct of another size is refused before it is read.
 */
#define _DEFAULT_SOURCE  /* mmap's MAP_ANONYMOUS */
#include "check.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum { FRAME_KEY_A = 4, FRAME_KEY_B = 5 };

typedef struct { char lines[32][48]; int count; hk_app *app; } frame_log;

static void frame_add(frame_log *log, const char *line) {
    if (log->count < 32) snprintf(log->lines[log->count++], sizeof log->lines[0], "%s", line);
}

static void frame_on_touch(const hk_touch_event *event, void *user_data) {
    static const char *phases[] = { "began", "moved", "stationary", "ended", "cancelled" };
    frame_log *log = user_data;
    hk_touch_high_rate_info info;
    char line[48];
    memset(&info, 0, sizeof info);
    if (hk_app_touch_high_rate(log->app, event->touch_id, &info) != HK_OK) info.sample_count = 0;
    snprintf(line, sizeof line, "touch %s %lld samples %zu", phases[event->phase], (long long)event->touch_id,
             info.sample_count);
    frame_add(log, line);
}

static void frame_on_gesture(const hk_gesture_event *event, void *user_data) {
    static const char *states[] = { "possible", "began", "changed", "ended", "cancelled", "failed" };
    static const char *kinds[] = { "tap", "long-press", "pan", "swipe", "pinch", "rotation", "screen-edge", "?", "hover" };
    char line[48];
    snprintf(line, sizeof line, "%s %s", kinds[event->kind], states[event->state]);
    frame_add(user_data, line);
}

static int frame_on_press(const hk_press_event *event, void *user_data) {
    static const char *phases[] = { "began", "ended", "cancelled" };
    char line[48];
    snprintf(line, sizeof line, "press %s %d", phases[event->phase], (int)event->code);
    frame_add(user_data, line);
    return HK_PRESS_PASS_ON;
}

static void frame_on_offset(hk_app *app, const hk_view *scroll_view, const hk_point *offset, void *user_data) {
    char line[48];
    (void)app; (void)scroll_view;
    snprintf(line, sizeof line, "offset %g %g", offset->x, offset->y);
    frame_add(user_data, line);
}

static hk_key_input frame_key(int32_t code, int32_t phase) {
    hk_key_input k;
    memset(&k, 0, sizeof k);
    k.code = code; k.phase = phase;
    return k;
}

static int frame_logged(frame_log *log, int count, const char *const *lines) {
    int same = log->count == count;
    for (int k = 0; same && k < count; k++) same = strcmp(log->lines[k], lines[k]) == 0;
    if (!same) for (int k = 0; k < log->count; k++) fprintf(stderr, "  log[%d] %s\n", k, log->lines[k]);
    log->count = 0;
    return same;
}

static int frame_rejection_is(hk_app *app, size_t index, int64_t id, hk_rejection_reason reason) {
    hk_rejection r;
    return hk_app_rejection(app, index, &r) == HK_OK && r.has_touch_id && r.touch_id == id && r.reason == reason;
}

void test_input_frame(void) {
    hk_app *app = hk_app_create();
    hk_view window, box, scroll, photo;
    hk_gesture hover, pinch;
    hk_touch_type type = 0;
    hk_size content = { 200, 1000 };
    frame_log log;
    uint8_t outcomes[3];
    memset(&log, 0, sizeof log);
    log.app = app;

    /* The box (top left) logs its touches; the scroll view (top right) takes the wheel; the
     * photo (bottom right) has a hover and a pinch recognizer; the application logs presses. */
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 400, 400), 0, &window), HK_OK);
    CHECK_STATUS(hk_window_make_key(app, window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 200, 200), &box), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, box, window), HK_OK);
    CHECK_STATUS(hk_view_set_flag(hk_app_store(app), box, HK_FLAG_MULTIPLE_TOUCH_ENABLED, 1), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_callback(app, box, frame_on_touch, &log, NULL), HK_OK);
    CHECK_STATUS(hk_scroll_view_create(app, hk_make_rect(200, 0, 200, 200), &scroll), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_content_size(app, scroll, content), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, scroll, window), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_offset_callback(app, scroll, frame_on_offset, &log, NULL), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(200, 200, 200, 200), &photo), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, photo, window), HK_OK);
    CHECK_STATUS(hk_hover_create(app, photo, &hover), HK_OK);
    CHECK_STATUS(hk_gesture_set_callback(app, hover, frame_on_gesture, &log, NULL), HK_OK);
    CHECK_STATUS(hk_pinch_create(app, photo, &pinch), HK_OK);
    CHECK_STATUS(hk_gesture_set_callback(app, pinch, frame_on_gesture, &log, NULL), HK_OK);
    CHECK_STATUS(hk_app_set_press_handler(app, frame_on_press, &log, NULL), HK_OK);

    /* 1. Every kind at once, given in the struct's order, delivered in the frame's: the finger
     *    (with its two samples), hover, the wheel (the scroll view's offset), the key, the
     *    touchpad (its began step begins nothing yet). */
    {
        hk_touch_input finger = touch_at(1, HK_PHASE_BEGAN, 10, 10);
        hk_touch_sample samples[2] = { { 0, 8, 10, -1, -1 }, { 0, 10, 10, -1, -1 } };
        hk_touch_high_rate high_rate = { -1, -1, -1, -1, samples, 2, NULL, 0 };
        hk_pointer_input pointer = { 9, 0, 0, 300, 300, 0, 0 };
        hk_scroll_input notch = { 300, 100, 0, -40, HK_SCROLL_DISCRETE, 0 };
        hk_key_input key = frame_key(FRAME_KEY_A, HK_KEY_DOWN);
        hk_touchpad_gesture step = { HK_TOUCHPAD_PINCH, HK_TOUCHPAD_PHASE_BEGAN, 300, 300, 1, 0, 2, 0 };
        hk_input_frame frame;
        static const char *const expected[] = {
            "touch began 1 samples 2", "hover began", "offset 0 40", "press began 4",
        };
        memset(&frame, 0, sizeof frame);
        frame.timestamp = 0;
        frame.keys = &key; frame.key_count = 1;
        frame.touchpad = &step;
        frame.scroll = &notch;
        frame.pointer = &pointer;
        frame.touches = &finger; frame.touch_count = 1; frame.high_rate = &high_rate;
        outcomes[0] = 0xEE;
        CHECK_STATUS(hk_app_send_input_frame(app, &frame, outcomes), HK_OK);
        CHECK(outcomes[0] == HK_KEY_UNHANDLED);
        CHECK(frame_logged(&log, 4, expected));
    }
    /* 2. The finger lifts, the key comes up and the pinch opens to 1.5 in one frame. */
    {
        hk_touch_input finger = touch_at(1, HK_PHASE_ENDED, 10, 10);
        hk_key_input key = frame_key(FRAME_KEY_A, HK_KEY_UP);
        hk_touchpad_gesture step = { HK_TOUCHPAD_PINCH, HK_TOUCHPAD_PHASE_CHANGED, 300, 300, 1.5, 0, 2, 0 };
        hk_input_frame frame;
        static const char *const expected[] = { "touch ended 1 samples 1", "press ended 4", "pinch began" };
        memset(&frame, 0, sizeof frame);
        frame.timestamp = 0.1;
        frame.touches = &finger; frame.touch_count = 1;
        frame.keys = &key; frame.key_count = 1;
        frame.touchpad = &step;
        CHECK_STATUS(hk_app_send_input_frame(app, &frame, NULL), HK_OK);
        CHECK(frame_logged(&log, 3, expected));
    }
    /* 3. Bad parts beside good ones: a finger that is not down, a pointer at NaN, a key up for a
     *    key not down, a pinch step that begins again. Each is named, in the frame's order; the
     *    good finger and key go on; the pinch and the hover are as they were. */
    {
        hk_touch_input fingers[2] = { touch_at(2, HK_PHASE_MOVED, 20, 20), touch_at(3, HK_PHASE_BEGAN, 30, 30) };
        hk_pointer_input pointer = { 9, 0, 0, NAN, 300, 0, 0 };
        hk_key_input keys[2] = { frame_key(FRAME_KEY_B, HK_KEY_UP), frame_key(FRAME_KEY_B, HK_KEY_DOWN) };
        hk_touchpad_gesture step = { HK_TOUCHPAD_PINCH, HK_TOUCHPAD_PHASE_BEGAN, 300, 300, 1, 0, 2, 0 };
        hk_input_frame frame;
        static const char *const expected[] = { "touch began 3 samples 1", "press began 5" };
        memset(&frame, 0, sizeof frame);
        frame.timestamp = 0.2;
        frame.touches = fingers; frame.touch_count = 2;
        frame.pointer = &pointer;
        frame.keys = keys; frame.key_count = 2;
        frame.touchpad = &step;
        CHECK_STATUS(hk_app_send_input_frame(app, &frame, outcomes), HK_ERR_BAD_INPUT);
        CHECK(outcomes[0] == HK_KEY_REJECTED && outcomes[1] == HK_KEY_UNHANDLED);
        CHECK(hk_app_rejection_count(app) == 4);
        CHECK(frame_rejection_is(app, 0, 2, HK_REJECT_UNKNOWN_TOUCH));
        CHECK(frame_rejection_is(app, 1, 9, HK_REJECT_POINTER));
        CHECK(frame_rejection_is(app, 2, 0, HK_REJECT_KEY));
        {
            hk_rejection r;
            CHECK(hk_app_rejection(app, 3, &r) == HK_OK && !r.has_touch_id && r.reason == HK_REJECT_TOUCHPAD);
        }
        CHECK(frame_logged(&log, 2, expected));
    }
    /* A key is named by its index among the call's keys, in the message as by hk_app_rejection,
     * though the event of an unknown phase before it was never sent on. */
    {
        hk_key_input keys[2] = { frame_key(FRAME_KEY_A, 9), frame_key(FRAME_KEY_B + 1, HK_KEY_UP) };
        hk_input_frame frame;
        memset(&frame, 0, sizeof frame);
        frame.timestamp = 0.2;
        frame.keys = keys; frame.key_count = 2;
        CHECK_STATUS(hk_app_send_input_frame(app, &frame, outcomes), HK_ERR_BAD_INPUT);
        CHECK(outcomes[0] == HK_KEY_REJECTED && outcomes[1] == HK_KEY_REJECTED);
        CHECK(frame_rejection_is(app, 0, 1, HK_REJECT_KEY) && frame_rejection_is(app, 1, 0, HK_REJECT_KEY));
        CHECK(strstr(hk_last_error_message(), "key 1 (code 6): up or cancelled for a key that is not down") != NULL);
        CHECK(strstr(hk_last_error_message(), "key 0: unknown phase") != NULL);
        if (strstr(hk_last_error_message(), "key 1 (code 6)") == NULL) fprintf(stderr, "  message: %s\n", hk_last_error_message());
        CHECK(log.count == 0);
    }
    /* 4. What a call of one kind refuses whole refuses the whole frame: nothing is delivered,
     *    the clock stays, the outcomes are not written. So do a count over its limit and an
     *    array missing for its count. */
    {
        hk_touch_input finger = touch_at(4, HK_PHASE_BEGAN, 40, 40);
        hk_key_input key = frame_key(FRAME_KEY_A, HK_KEY_DOWN);
        hk_scroll_input notch = { 300, 100, 0, -40, HK_SCROLL_DISCRETE, 0 };
        hk_touchpad_gesture step = { HK_TOUCHPAD_PINCH, HK_TOUCHPAD_PHASE_CHANGED, 300, 300, 2, 0, 2, 0 };
        hk_touch_high_rate high_rate = { -1, -1, -1, -1, NULL, HK_MAX_TOUCH_SAMPLES + 1, NULL, 0 };
        hk_input_frame frame;
        memset(&frame, 0, sizeof frame);
        frame.timestamp = 0.3;
        frame.touches = &finger; frame.touch_count = 1;
        frame.keys = &key; frame.key_count = 1;
        frame.scroll = &notch;
        frame.touchpad = &step;
        outcomes[0] = 0xEE;
        key.modifier_flags = 1u << 10;
        CHECK_STATUS(hk_app_send_input_frame(app, &frame, outcomes), HK_ERR_INVALID_ARGUMENT);
        key.modifier_flags = 0;
        notch.type = 7;
        CHECK_STATUS(hk_app_send_input_frame(app, &frame, outcomes), HK_ERR_INVALID_ARGUMENT);
        notch.type = HK_SCROLL_DISCRETE;
        step.kind = 9;
        CHECK_STATUS(hk_app_send_input_frame(app, &frame, outcomes), HK_ERR_INVALID_ARGUMENT);
        step.kind = HK_TOUCHPAD_PINCH;
        frame.high_rate = &high_rate;
        CHECK_STATUS(hk_app_send_input_frame(app, &frame, outcomes), HK_ERR_LIMIT);
        frame.high_rate = NULL;
        frame.key_count = (size_t)HK_MAX_FRAME_KEYS + 1;
        CHECK_STATUS(hk_app_send_input_frame(app, &frame, outcomes), HK_ERR_LIMIT);
        frame.key_count = 1;
        frame.touches = NULL;
        CHECK_STATUS(hk_app_send_input_frame(app, &frame, outcomes), HK_ERR_INVALID_ARGUMENT);
        CHECK(outcomes[0] == 0xEE && log.count == 0 && hk_app_time(app) == 0.2);
        CHECK_STATUS(hk_app_touch_type(app, 4, &type), HK_ERR_NOT_FOUND);
        CHECK_STATUS(hk_app_send_input_frame(app, NULL, outcomes), HK_ERR_INVALID_ARGUMENT);
        /* A struct of another size is a program built against another header: refused before
         * a byte past its size is read (here 8 bytes at the end of a page, the next unmapped). */
        frame.touches = &finger;
        CHECK_STATUS(hk__app_send_input_frame(app, &frame, sizeof frame - sizeof(void *), outcomes), HK_ERR_INVALID_ARGUMENT);
        CHECK(strstr(hk_last_error_message(), "bytes") != NULL);
        {
            size_t page = (size_t)sysconf(_SC_PAGESIZE);
            unsigned char *pages = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            CHECK(pages != MAP_FAILED);
            if (pages != MAP_FAILED) {
                double *time_only = (double *)(void *)(pages + page - sizeof(double));
                CHECK(mprotect(pages + page, page, PROT_NONE) == 0);
                *time_only = 0.3;
                CHECK_STATUS(hk__app_send_input_frame(app, (const hk_input_frame *)(void *)time_only, sizeof *time_only,
                                                      outcomes), HK_ERR_INVALID_ARGUMENT);
                munmap(pages, 2 * page);
            }
        }
        CHECK(outcomes[0] == 0xEE && log.count == 0 && hk_app_time(app) == 0.2);
    }
    /* 5. A frame whose time goes back is rejected whole, every key with it. */
    {
        hk_touch_input finger = touch_at(3, HK_PHASE_ENDED, 30, 30);
        hk_key_input keys[2] = { frame_key(FRAME_KEY_B, HK_KEY_UP), frame_key(FRAME_KEY_A, HK_KEY_DOWN) };
        hk_input_frame frame;
        memset(&frame, 0, sizeof frame);
        frame.timestamp = 0.1;
        frame.touches = &finger; frame.touch_count = 1;
        frame.keys = keys; frame.key_count = 2;
        CHECK_STATUS(hk_app_send_input_frame(app, &frame, outcomes), HK_ERR_BAD_INPUT);
        CHECK(outcomes[0] == HK_KEY_REJECTED && outcomes[1] == HK_KEY_REJECTED);
        CHECK(frame_rejection_is(app, 0, 3, HK_REJECT_TIME_WENT_BACKWARDS));
        CHECK(log.count == 0);
    }
    /* 6. A frame of nothing but its time only moves the clock; the next ends what is down. */
    {
        hk_input_frame frame;
        hk_touch_input finger = touch_at(3, HK_PHASE_ENDED, 30, 30);
        hk_key_input key = frame_key(FRAME_KEY_B, HK_KEY_UP);
        hk_pointer_input gone = { 9, 1, 0, 0, 0, 0, 0 };
        hk_touchpad_gesture step = { HK_TOUCHPAD_PINCH, HK_TOUCHPAD_PHASE_ENDED, 300, 300, 1.5, 0, 2, 0 };
        static const char *const expected[] = { "touch ended 3 samples 1", "hover ended", "press ended 5", "pinch ended" };
        memset(&frame, 0, sizeof frame);
        frame.timestamp = 0.5;
        CHECK_STATUS(hk_app_send_input_frame(app, &frame, NULL), HK_OK);
        CHECK(hk_app_time(app) == 0.5 && hk_app_rejection_count(app) == 0 && log.count == 0);
        frame.timestamp = 0.6;
        frame.touches = &finger; frame.touch_count = 1;
        frame.pointer = &gone;
        frame.keys = &key; frame.key_count = 1;
        frame.touchpad = &step;
        CHECK_STATUS(hk_app_send_input_frame(app, &frame, outcomes), HK_OK);
        CHECK(outcomes[0] == HK_KEY_HANDLED);
        CHECK(frame_logged(&log, 4, expected));
    }
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

static double edges_force_of_61 = -2;

static void edges_on_touch(const hk_touch_event *event, void *user_data) {
    hk_touch_high_rate_info info;
    if (event->touch_id == 61 && hk_app_touch_high_rate(user_data, 61, &info) == HK_OK) edges_force_of_61 = info.force;
}

/* The header's edges of a frame that no other check reaches: a count of exactly the limit is
 * allowed and one more is HK_ERR_LIMIT (touches, keys, a touch's samples); a discrete scroll's
 * phase is ignored; high_rate[i] goes with touches[i] even after a touch refused for its phase. */
void test_frame_edges(void) {
    hk_app *app = hk_app_create();
    hk_view window, box;
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 400, 400), 0, &window), HK_OK);
    CHECK_STATUS(hk_window_make_key(app, window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 400, 400), &box), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, box, window), HK_OK);
    CHECK_STATUS(hk_view_set_flag(hk_app_store(app), box, HK_FLAG_MULTIPLE_TOUCH_ENABLED, 1), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_callback(app, box, edges_on_touch, app, NULL), HK_OK);

    hk_touch_input *touches = calloc(HK_MAX_FRAME_TOUCHES + 1, sizeof *touches);
    for (int i = 0; i <= HK_MAX_FRAME_TOUCHES; i++) {
        touches[i].id = 1000 + i; touches[i].phase = HK_PHASE_BEGAN; touches[i].has_location = 1;
        touches[i].x = 1; touches[i].y = 1;
    }
    CHECK_STATUS(hk_app_send_frame(app, 1, touches, HK_MAX_FRAME_TOUCHES + 1), HK_ERR_LIMIT);
    CHECK_STATUS(hk_app_send_frame(app, 1, touches, HK_MAX_FRAME_TOUCHES), HK_OK);
    for (int i = 0; i < HK_MAX_FRAME_TOUCHES; i++) touches[i].phase = HK_PHASE_CANCELLED;
    CHECK_STATUS(hk_app_send_frame(app, 1, touches, HK_MAX_FRAME_TOUCHES), HK_OK);
    free(touches);

    hk_key_input *keys = calloc(HK_MAX_FRAME_KEYS + 1, sizeof *keys);
    uint8_t *outcomes = malloc(HK_MAX_FRAME_KEYS + 1);
    for (int i = 0; i <= HK_MAX_FRAME_KEYS; i++) { keys[i].code = FRAME_KEY_A; keys[i].phase = i % 2 ? HK_KEY_UP : HK_KEY_DOWN; }
    CHECK_STATUS(hk_app_send_key_frame(app, 2, keys, HK_MAX_FRAME_KEYS + 1, outcomes), HK_ERR_LIMIT);
    CHECK_STATUS(hk_app_send_key_frame(app, 2, keys, HK_MAX_FRAME_KEYS, outcomes), HK_OK);
    free(keys);
    free(outcomes);

    hk_touch_sample *samples = calloc(HK_MAX_TOUCH_SAMPLES + 1, sizeof *samples);
    for (int i = 0; i <= HK_MAX_TOUCH_SAMPLES; i++) {
        samples[i].timestamp = 3; samples[i].x = 5; samples[i].y = 5; samples[i].force = samples[i].major_radius = -1;
    }
    hk_touch_input finger = { 1, HK_PHASE_BEGAN, 1, 5, 5 };
    hk_touch_high_rate high_rate = { -1, -1, -1, -1, samples, HK_MAX_TOUCH_SAMPLES + 1, NULL, 0 };
    CHECK_STATUS(hk_app_send_frame_with_samples(app, 3, &finger, &high_rate, 1), HK_ERR_LIMIT);
    high_rate.sample_count = HK_MAX_TOUCH_SAMPLES;
    CHECK_STATUS(hk_app_send_frame_with_samples(app, 3, &finger, &high_rate, 1), HK_OK);
    finger.phase = HK_PHASE_CANCELLED;
    CHECK_STATUS(hk_app_send_frame(app, 3, &finger, 1), HK_OK);
    free(samples);

    hk_scroll_input notch = { 5, 5, 0, -40, HK_SCROLL_DISCRETE, 5 };
    CHECK_STATUS(hk_app_send_pointer_frame(app, 4, NULL, 0, NULL, &notch), HK_OK);

    hk_touch_input two[2] = { { 60, 42, 1, 10, 10 }, { 61, HK_PHASE_BEGAN, 1, 20, 20 } };
    hk_touch_high_rate forces[2] = { { 0.25, -1, -1, -1, NULL, 0, NULL, 0 }, { 0.75, -1, -1, -1, NULL, 0, NULL, 0 } };
    CHECK_STATUS(hk_app_send_frame_with_samples(app, 5, two, forces, 2), HK_ERR_BAD_INPUT);
    CHECK(edges_force_of_61 == 0.75);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

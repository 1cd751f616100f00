/*
 * test_wayland_input.c - Wayland's events as HitKit frames (host/wayland_input.h): wl_fixed
 * units, touch frames and cancel, pointer frames, the axis sources with their discrete, value120
 * and stop cases, and the pinch's scale and summed rotation. Expected values are worked out from
 * the rules in wayland_input.h, not taken from a run.
 */
#include "check.h"
#include "host/wayland_input.h"

#include <stdlib.h>

/* What the sink received. */
enum { MAX_FRAMES = 32 };
typedef struct {
    uint32_t time;
    hk_touch_input touches[WLI_MAX_TOUCHES];
    size_t count;
    int has_pointer, has_scroll, has_touchpad;
    hk_pointer_input pointer;
    hk_scroll_input scroll;
    hk_touchpad_gesture touchpad;
} received;

static received frames[MAX_FRAMES];
static size_t frame_count;
static int swipes;
static char last_swipe[16];
static double swipe_dx;

static void on_frame(void *context, uint32_t time, const hk_touch_input *touches, size_t count,
                     const hk_pointer_input *pointer, const hk_scroll_input *scroll) {
    received *r = &frames[frame_count++];
    (void)context;
    memset(r, 0, sizeof *r);
    r->time = time;
    memcpy(r->touches, touches, count * sizeof *touches);
    r->count = count;
    if ((r->has_pointer = pointer != NULL)) r->pointer = *pointer;
    if ((r->has_scroll = scroll != NULL)) r->scroll = *scroll;
}

static void on_touchpad(void *context, uint32_t time, const hk_touchpad_gesture *gesture) {
    received *r = &frames[frame_count++];
    (void)context;
    memset(r, 0, sizeof *r);
    r->time = time;
    r->has_touchpad = 1;
    r->touchpad = *gesture;
}

static void on_swipe(void *context, uint32_t time, const char *phase, int32_t fingers, double dx, double dy) {
    (void)context; (void)time; (void)fingers; (void)dy;
    swipes++;
    snprintf(last_swipe, sizeof last_swipe, "%s", phase);
    swipe_dx = dx;
}

static const wli_sink sink = { on_frame, on_touchpad, on_swipe, NULL };

static void reset(void) { frame_count = 0; }

static int32_t fixed(double value) { return (int32_t)lround(value * 256); }

static void units(void) {
    CHECK_NEAR(wli_fixed_to_double(256), 1);
    CHECK_NEAR(wli_fixed_to_double(-128), -0.5);
    CHECK_NEAR(wli_fixed_to_double(1), 1.0 / 256);
    CHECK_NEAR(wli_fixed_to_double(fixed(123.75)), 123.75);
    CHECK(wli_button_bit(0x110) == HK_BUTTON_PRIMARY);
    CHECK(wli_button_bit(0x111) == HK_BUTTON_SECONDARY);
    CHECK(wli_button_bit(0x112) == HK_BUTTON_MIDDLE);
    CHECK(wli_button_bit(0x113) == HK_BUTTON(4));
    CHECK(wli_button_bit(0x117) == HK_BUTTON(8));
    CHECK(wli_button_bit(0x10f) == 0);
    CHECK(wli_button_bit(0x118) == 0);
}

static void touch(void) {
    wli_touch t;
    /* The surface shows the screen from (10, 5). */
    wli_touch_init(&t, hk_make_point(10, 5));
    reset();
    CHECK(wli_touch_down(&t, &sink, 100, 0, fixed(100.5), fixed(20)));
    CHECK(frame_count == 0);    /* nothing until the frame */
    wli_touch_frame(&t, &sink);
    CHECK(frame_count == 1 && frames[0].count == 1 && frames[0].time == 100);
    CHECK(frames[0].touches[0].id == 1 && frames[0].touches[0].phase == HK_PHASE_BEGAN && frames[0].touches[0].has_location);
    CHECK_NEAR(frames[0].touches[0].x, 110.5);
    CHECK_NEAR(frames[0].touches[0].y, 25);

    /* Two fingers' events of one moment are one frame; a second motion of a finger in the same
     * frame replaces the first. */
    reset();
    CHECK(wli_touch_down(&t, &sink, 110, 4, fixed(50), fixed(50)));
    CHECK(wli_touch_motion(&t, &sink, 110, 0, fixed(101), fixed(21)));
    CHECK(wli_touch_motion(&t, &sink, 111, 0, fixed(102), fixed(22)));
    wli_touch_frame(&t, &sink);
    CHECK(frame_count == 1 && frames[0].count == 2 && frames[0].time == 111);
    CHECK(frames[0].touches[0].id == 5 && frames[0].touches[0].phase == HK_PHASE_BEGAN);
    CHECK(frames[0].touches[1].id == 1 && frames[0].touches[1].phase == HK_PHASE_MOVED);
    CHECK_NEAR(frames[0].touches[1].x, 112);

    /* wl_touch.up has no location: the finger lifts where it last was. */
    reset();
    CHECK(wli_touch_up(&t, &sink, 120, 0));
    CHECK(frame_count == 0);    /* another finger is down: the frame event sends it */
    wli_touch_frame(&t, &sink);
    CHECK(frame_count == 1 && frames[0].touches[0].phase == HK_PHASE_ENDED);
    CHECK_NEAR(frames[0].touches[0].x, 112);
    CHECK_NEAR(frames[0].touches[0].y, 27);

    /* Events for fingers not down are dropped; a down for one that is, too. */
    reset();
    CHECK(!wli_touch_motion(&t, &sink, 121, 0, fixed(1), fixed(1)));
    CHECK(!wli_touch_up(&t, &sink, 121, 9));
    CHECK(!wli_touch_down(&t, &sink, 121, 4, fixed(1), fixed(1)));
    wli_touch_frame(&t, &sink);
    CHECK(frame_count == 0);

    /* A down and an up of one finger in one wl_touch frame are two HitKit frames (a frame may
     * not name a touch twice). */
    reset();
    CHECK(wli_touch_down(&t, &sink, 130, 2, fixed(5), fixed(6)));
    CHECK(wli_touch_up(&t, &sink, 131, 2));
    wli_touch_frame(&t, &sink);
    CHECK(frame_count == 2);
    CHECK(frames[0].count == 1 && frames[0].touches[0].id == 3 && frames[0].touches[0].phase == HK_PHASE_BEGAN);
    CHECK(frames[1].count == 1 && frames[1].touches[0].id == 3 && frames[1].touches[0].phase == HK_PHASE_ENDED);

    /* cancel: what was gathered goes first, then every finger down is cancelled, without a
     * location, and forgotten. */
    reset();
    CHECK(wli_touch_motion(&t, &sink, 140, 4, fixed(60), fixed(60)));
    wli_touch_cancel(&t, &sink, 141);
    CHECK(frame_count == 2);
    CHECK(frames[0].touches[0].phase == HK_PHASE_MOVED);
    CHECK(frames[1].count == 1 && frames[1].touches[0].id == 5 && frames[1].touches[0].phase == HK_PHASE_CANCELLED
          && !frames[1].touches[0].has_location && frames[1].time == 141);
    reset();
    CHECK(!wli_touch_up(&t, &sink, 150, 4));
    CHECK(wli_touch_down(&t, &sink, 150, 4, fixed(1), fixed(1)));

    /* Two fingers lifting in one moment: the last up sends both at once, without the frame
     * event (weston 10 sends it to nobody); a frame event after that sends nothing more. */
    CHECK(wli_touch_down(&t, &sink, 150, 6, fixed(2), fixed(2)));
    wli_touch_frame(&t, &sink);
    reset();
    CHECK(wli_touch_up(&t, &sink, 160, 4));
    CHECK(frame_count == 0);
    CHECK(wli_touch_up(&t, &sink, 160, 6));
    CHECK(frame_count == 1 && frames[0].count == 2 && frames[0].touches[0].phase == HK_PHASE_ENDED
          && frames[0].touches[1].phase == HK_PHASE_ENDED && frames[0].time == 160);
    wli_touch_frame(&t, &sink);
    CHECK(frame_count == 1);
}

static void pointer_moves_and_buttons(void) {
    wli_pointer p;
    wli_pointer_init(&p, hk_make_point(0, 0), 7);
    reset();
    wli_pointer_enter(&p, &sink, fixed(30), fixed(40));
    wli_pointer_frame(&p, &sink);
    CHECK(frame_count == 1 && frames[0].has_pointer && !frames[0].has_scroll);
    CHECK(frames[0].pointer.id == WLI_POINTER_ID && !frames[0].pointer.has_left && frames[0].pointer.buttons == 0);
    CHECK_NEAR(frames[0].pointer.x, 30);

    /* A motion and a button of one frame: one state, at the new place, with the button. */
    reset();
    p.modifiers = HK_MOD_SHIFT;
    wli_pointer_motion(&p, &sink, 200, fixed(31.5), fixed(41));
    wli_pointer_button(&p, &sink, 200, 0x110, 1);
    wli_pointer_frame(&p, &sink);
    CHECK(frame_count == 1 && frames[0].pointer.buttons == HK_BUTTON_PRIMARY && frames[0].time == 200);
    CHECK(frames[0].pointer.modifiers == HK_MOD_SHIFT);
    CHECK_NEAR(frames[0].pointer.x, 31.5);
    reset();
    wli_pointer_button(&p, &sink, 201, 0x111, 1);
    wli_pointer_frame(&p, &sink);
    CHECK(frames[0].pointer.buttons == (HK_BUTTON_PRIMARY | HK_BUTTON_SECONDARY));
    reset();
    wli_pointer_button(&p, &sink, 202, 0x110, 0);
    wli_pointer_button(&p, &sink, 202, 0x111, 0);
    wli_pointer_frame(&p, &sink);
    CHECK(frames[0].pointer.buttons == 0);
    /* A keyboard key is not a mouse button: no frame. */
    reset();
    wli_pointer_button(&p, &sink, 203, 0x100, 1);
    wli_pointer_frame(&p, &sink);
    CHECK(frame_count == 0);

    /* Leaving: the pointer's state says it left. With a button held (the compositor took the
     * pointer) the button is let go first, where the pointer was. */
    reset();
    wli_pointer_button(&p, &sink, 204, 0x112, 1);
    wli_pointer_frame(&p, &sink);
    wli_pointer_leave(&p, &sink);
    wli_pointer_frame(&p, &sink);
    CHECK(frame_count == 3);
    CHECK(frames[1].has_pointer && !frames[1].pointer.has_left && frames[1].pointer.buttons == 0);
    CHECK(frames[2].has_pointer && frames[2].pointer.has_left);

    /* Before version 5 there are no frame events: each event is a frame. */
    wli_pointer_init(&p, hk_make_point(0, 0), 4);
    reset();
    wli_pointer_enter(&p, &sink, fixed(1), fixed(2));
    wli_pointer_motion(&p, &sink, 300, fixed(3), fixed(4));
    CHECK(frame_count == 2 && frames[1].has_pointer);
    CHECK_NEAR(frames[1].pointer.x, 3);
}

static wli_pointer inside(int version) {
    wli_pointer p;
    wli_pointer_init(&p, hk_make_point(0, 0), version);
    wli_pointer_enter(&p, &sink, fixed(500), fixed(100));
    wli_pointer_frame(&p, &sink);
    reset();
    return p;
}

static void wheels(void) {
    wli_pointer p = inside(7);
    /* One notch towards later content: axis_discrete 1 with its value, 40 points, negated. */
    wli_pointer_axis_source(&p, 0);
    wli_pointer_axis_discrete(&p, 0, 1);
    wli_pointer_axis(&p, &sink, 400, 0, fixed(10));
    wli_pointer_frame(&p, &sink);
    CHECK(frame_count == 1 && frames[0].has_scroll && !frames[0].has_pointer);
    CHECK(frames[0].scroll.type == HK_SCROLL_DISCRETE);
    CHECK_NEAR(frames[0].scroll.dy, -40);
    CHECK_NEAR(frames[0].scroll.dx, 0);
    CHECK_NEAR(frames[0].scroll.x, 500);

    /* Three notches up at once. */
    reset();
    wli_pointer_axis_source(&p, 0);
    wli_pointer_axis_discrete(&p, 0, -3);
    wli_pointer_axis(&p, &sink, 401, 0, fixed(-30));
    wli_pointer_frame(&p, &sink);
    CHECK_NEAR(frames[0].scroll.dy, 120);

    /* value120 (seat version 8) counts in 120ths of a notch: a high-resolution wheel's half
     * notch is 20 points; it wins over discrete whichever comes first. */
    reset();
    wli_pointer_axis_source(&p, 0);
    wli_pointer_axis_value120(&p, 0, 60);
    wli_pointer_axis(&p, &sink, 402, 0, fixed(5));
    wli_pointer_frame(&p, &sink);
    CHECK_NEAR(frames[0].scroll.dy, -20);
    reset();
    wli_pointer_axis_source(&p, 0);
    wli_pointer_axis_discrete(&p, 0, 1);
    wli_pointer_axis_value120(&p, 0, 30);
    wli_pointer_axis(&p, &sink, 403, 0, fixed(2.5));
    wli_pointer_frame(&p, &sink);
    CHECK_NEAR(frames[0].scroll.dy, -10);
    reset();
    wli_pointer_axis_source(&p, 0);
    wli_pointer_axis_value120(&p, 0, 240);
    wli_pointer_axis_discrete(&p, 0, 1);
    wli_pointer_axis(&p, &sink, 404, 0, fixed(20));
    wli_pointer_frame(&p, &sink);
    CHECK_NEAR(frames[0].scroll.dy, -80);

    /* A wheel that says neither: its value at 10 units a notch. */
    reset();
    wli_pointer_axis_source(&p, 0);
    wli_pointer_axis(&p, &sink, 405, 0, fixed(15));
    wli_pointer_frame(&p, &sink);
    CHECK_NEAR(frames[0].scroll.dy, -60);

    /* Horizontal: a notch right is later content on the x axis. Tilt is a wheel too. */
    reset();
    wli_pointer_axis_source(&p, 3);
    wli_pointer_axis_discrete(&p, 1, 1);
    wli_pointer_axis(&p, &sink, 406, 1, fixed(10));
    wli_pointer_frame(&p, &sink);
    CHECK(frames[0].scroll.type == HK_SCROLL_DISCRETE);
    CHECK_NEAR(frames[0].scroll.dx, -40);
    CHECK_NEAR(frames[0].scroll.dy, 0);

    /* No axis_source at all (a compositor before version 5 sends none): a wheel. */
    p = inside(4);
    wli_pointer_axis(&p, &sink, 407, 0, fixed(10));
    CHECK(frame_count == 1 && frames[0].scroll.type == HK_SCROLL_DISCRETE);
    CHECK_NEAR(frames[0].scroll.dy, -40);
}

static void fingers_scrolling(void) {
    wli_pointer p = inside(7);
    /* A touchpad scroll: began, changed, and ended by axis_stop, each step the negated value. */
    wli_pointer_axis_source(&p, 1);
    wli_pointer_axis(&p, &sink, 500, 0, fixed(5));
    wli_pointer_frame(&p, &sink);
    wli_pointer_axis_source(&p, 1);
    wli_pointer_axis(&p, &sink, 510, 0, fixed(3));
    wli_pointer_axis(&p, &sink, 510, 1, fixed(-1));
    wli_pointer_frame(&p, &sink);
    wli_pointer_axis_source(&p, 1);
    wli_pointer_axis_stop(&p, &sink, 520, 0);
    wli_pointer_axis_stop(&p, &sink, 520, 1);
    wli_pointer_frame(&p, &sink);
    CHECK(frame_count == 3);
    CHECK(frames[0].scroll.type == HK_SCROLL_CONTINUOUS && frames[0].scroll.phase == HK_SCROLL_PHASE_BEGAN);
    CHECK_NEAR(frames[0].scroll.dy, -5);
    CHECK(frames[1].scroll.phase == HK_SCROLL_PHASE_CHANGED);
    CHECK_NEAR(frames[1].scroll.dy, -3);
    CHECK_NEAR(frames[1].scroll.dx, 1);
    CHECK(frames[2].scroll.phase == HK_SCROLL_PHASE_ENDED && frames[2].time == 520);
    CHECK_NEAR(frames[2].scroll.dy, 0);
    CHECK(!signbit(frames[2].scroll.dy) && !signbit(frames[0].scroll.dx));   /* 0, not -0 */

    /* A stop with no sequence open does nothing. */
    reset();
    wli_pointer_axis_stop(&p, &sink, 530, 0);
    wli_pointer_frame(&p, &sink);
    CHECK(frame_count == 0);

    /* Begun and stopped in one frame: began with the delta, then ended. */
    reset();
    wli_pointer_axis_source(&p, 2);
    wli_pointer_axis(&p, &sink, 540, 0, fixed(7));
    wli_pointer_axis_stop(&p, &sink, 540, 0);
    wli_pointer_frame(&p, &sink);
    CHECK(frame_count == 2 && frames[0].scroll.phase == HK_SCROLL_PHASE_BEGAN && frames[1].scroll.phase == HK_SCROLL_PHASE_ENDED);
    CHECK_NEAR(frames[0].scroll.dy, -7);

    /* A wheel while a finger scroll is open ends the finger scroll first. */
    reset();
    wli_pointer_axis_source(&p, 1);
    wli_pointer_axis(&p, &sink, 550, 0, fixed(2));
    wli_pointer_frame(&p, &sink);
    wli_pointer_axis_source(&p, 0);
    wli_pointer_axis_discrete(&p, 0, 1);
    wli_pointer_axis(&p, &sink, 560, 0, fixed(10));
    wli_pointer_frame(&p, &sink);
    CHECK(frame_count == 3);
    CHECK(frames[1].scroll.type == HK_SCROLL_CONTINUOUS && frames[1].scroll.phase == HK_SCROLL_PHASE_ENDED);
    CHECK(frames[2].scroll.type == HK_SCROLL_DISCRETE);

    /* Leaving with a finger scroll open ends it before the pointer leaves. */
    reset();
    wli_pointer_axis_source(&p, 1);
    wli_pointer_axis(&p, &sink, 570, 0, fixed(2));
    wli_pointer_frame(&p, &sink);
    wli_pointer_leave(&p, &sink);
    wli_pointer_frame(&p, &sink);
    CHECK(frame_count == 3);
    CHECK(frames[1].has_scroll && frames[1].scroll.phase == HK_SCROLL_PHASE_ENDED);
    CHECK(frames[2].has_pointer && frames[2].pointer.has_left);
}

static void touchpad_gestures(void) {
    wli_pointer p = inside(7);
    wli_gestures g;
    wli_gestures_init(&g, &p);
    wli_pinch_begin(&g, &sink, 600, 2);
    CHECK(frame_count == 1 && frames[0].has_touchpad && frames[0].touchpad.kind == HK_TOUCHPAD_PINCH);
    CHECK(frames[0].touchpad.phase == HK_TOUCHPAD_PHASE_BEGAN && frames[0].touchpad.fingers == 2);
    CHECK_NEAR(frames[0].touchpad.scale, 1);
    CHECK_NEAR(frames[0].touchpad.rotation, 0);
    CHECK_NEAR(frames[0].touchpad.x, 500);
    /* The scale is absolute; the rotation comes as degrees since the last update and sums. */
    wli_pinch_update(&g, &sink, 610, fixed(1.25), fixed(10));
    wli_pinch_update(&g, &sink, 620, fixed(1.5), fixed(20));
    CHECK(frame_count == 3 && frames[2].touchpad.phase == HK_TOUCHPAD_PHASE_CHANGED);
    CHECK_NEAR(frames[1].touchpad.scale, 1.25);
    CHECK_NEAR(frames[1].touchpad.rotation, 10 * M_PI / 180);
    CHECK_NEAR(frames[2].touchpad.scale, 1.5);
    CHECK_NEAR(frames[2].touchpad.rotation, 30 * M_PI / 180);
    wli_pinch_update(&g, &sink, 630, fixed(1.5), fixed(-5));
    CHECK_NEAR(frames[3].touchpad.rotation, 25 * M_PI / 180);
    /* The end carries the last values. */
    wli_pinch_end(&g, &sink, 640, 0);
    CHECK(frames[4].touchpad.phase == HK_TOUCHPAD_PHASE_ENDED);
    CHECK_NEAR(frames[4].touchpad.scale, 1.5);
    CHECK_NEAR(frames[4].touchpad.rotation, 25 * M_PI / 180);
    /* A new pinch starts from scale 1 and rotation 0; an update or end with none open is dropped. */
    reset();
    wli_pinch_update(&g, &sink, 650, fixed(2), fixed(5));
    wli_pinch_end(&g, &sink, 650, 0);
    CHECK(frame_count == 0);
    wli_pinch_begin(&g, &sink, 660, 3);
    wli_pinch_update(&g, &sink, 670, fixed(0.5), fixed(90));
    wli_pinch_end(&g, &sink, 680, 1);
    CHECK(frame_count == 3 && frames[2].touchpad.phase == HK_TOUCHPAD_PHASE_CANCELLED && frames[2].touchpad.fingers == 3);
    CHECK_NEAR(frames[1].touchpad.rotation, M_PI / 2);
    CHECK_NEAR(frames[1].touchpad.scale, 0.5);

    /* Hold: began and ended (or cancelled), scale 1 and rotation 0. */
    reset();
    wli_hold_begin(&g, &sink, 700, 2);
    wli_hold_end(&g, &sink, 710, 0);
    wli_hold_begin(&g, &sink, 720, 2);
    wli_hold_end(&g, &sink, 730, 1);
    CHECK(frame_count == 4);
    CHECK(frames[0].touchpad.kind == HK_TOUCHPAD_HOLD && frames[0].touchpad.phase == HK_TOUCHPAD_PHASE_BEGAN);
    CHECK(frames[1].touchpad.phase == HK_TOUCHPAD_PHASE_ENDED && frames[3].touchpad.phase == HK_TOUCHPAD_PHASE_CANCELLED);
    CHECK_NEAR(frames[1].touchpad.scale, 1);

    /* Swipes never reach HitKit; the sink hears of them with the summed motion. */
    reset();
    swipes = 0;
    wli_swipe_begin(&g, &sink, 740, 3);
    wli_swipe_update(&g, &sink, 750, fixed(10), 0);
    wli_swipe_update(&g, &sink, 760, fixed(15), 0);
    wli_swipe_end(&g, &sink, 770, 0);
    CHECK(frame_count == 0 && swipes == 4);
    CHECK_STR(last_swipe, "end");
    CHECK_NEAR(swipe_dx, 25);

    /* The pointer leaving mid-pinch cancels it. */
    reset();
    wli_pinch_begin(&g, &sink, 800, 2);
    wli_gestures_pointer_left(&g, &sink, 810);
    wli_pinch_end(&g, &sink, 820, 0);
    CHECK(frame_count == 2 && frames[1].touchpad.phase == HK_TOUCHPAD_PHASE_CANCELLED);
}

int main(void) {
    units();
    touch();
    pointer_moves_and_buttons();
    wheels();
    fingers_scrolling();
    touchpad_gestures();
    return check_summary("wayland-input");
}

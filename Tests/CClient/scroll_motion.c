/* Scroll view motion from C (Behaviour A6.1): flags, rate, the delegate in UIKit's order with its
 * changeable target, tap to stop, the animation tick as the next deadline, and refusals. */
#include "check.h"

#include <math.h>
#include <string.h>

typedef struct { char calls[16][32]; int count; int destroyed; hk_point target; int retarget; } motion_log;

static void note(motion_log *log, const char *what) {
    if (log->count < 16) { strncpy(log->calls[log->count], what, 31); log->calls[log->count][31] = 0; }
    log->count++;
}
static void will_begin_dragging(hk_app *a, const hk_view *v, void *u) { (void)a; (void)v; note(u, "willBeginDragging"); }
static void will_end_dragging(hk_app *a, const hk_view *v, double vx, double vy, hk_point *target, void *u) {
    motion_log *log = u;
    (void)a; (void)v; (void)vx;
    note(log, vy > 0 ? "willEndDragging down" : "willEndDragging");
    log->target = *target;
    if (log->retarget) *target = hk_make_point(0, 500);
}
static void did_end_dragging(hk_app *a, const hk_view *v, int decelerate, void *u) {
    (void)a; (void)v; note(u, decelerate ? "didEndDragging 1" : "didEndDragging 0");
}
static void will_begin_decelerating(hk_app *a, const hk_view *v, void *u) { (void)a; (void)v; note(u, "willBeginDecelerating"); }
static void did_end_decelerating(hk_app *a, const hk_view *v, void *u) { (void)a; (void)v; note(u, "didEndDecelerating"); }
static void did_end_animation(hk_app *a, const hk_view *v, void *u) { (void)a; (void)v; note(u, "didEndScrollingAnimation"); }
static void count_destroyed(void *u) { ((motion_log *)u)->destroyed++; }

static hk_status frame1(hk_app *app, double t, hk_phase phase, double y) {
    hk_touch_input input = touch_at(1, phase, 50, y);
    return hk_app_send_frame(app, t, &input, 1);
}

/* An app whose 100 x 100 window is filled by a scroll view with 10,000 points of content. */
static hk_app *list_app(hk_view *scroll) {
    hk_app *app = hk_app_create();
    hk_view window;
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 100, 100), 0, &window), HK_OK);
    CHECK_STATUS(hk_scroll_view_create(app, hk_make_rect(0, 0, 100, 100), scroll), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, *scroll, window), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_content_size(app, *scroll, (hk_size){ 100, 10000 }), HK_OK);
    return app;
}

void test_scroll_motion(void) {
    hk_view window, scroll;
    hk_app *app = list_app(&scroll);
    motion_log log;
    memset(&log, 0, sizeof log);
    CHECK_STATUS(hk_view_superview(hk_app_store(app), scroll, &window), HK_OK);

    int32_t flags = 0;
    CHECK_STATUS(hk_scroll_view_motion_flags(app, scroll, &flags), HK_OK);
    CHECK(flags == HK_SCROLL_VIEW_BOUNCES);
    double rate = 0;
    CHECK_STATUS(hk_scroll_view_deceleration_rate(app, scroll, &rate), HK_OK);
    CHECK(rate == HK_DECELERATION_RATE_NORMAL);

    hk_scroll_view_delegate delegate;
    memset(&delegate, 0, sizeof delegate);
    delegate.will_begin_dragging = will_begin_dragging;
    delegate.will_end_dragging = will_end_dragging;
    delegate.did_end_dragging = did_end_dragging;
    delegate.will_begin_decelerating = will_begin_decelerating;
    delegate.did_end_decelerating = did_end_decelerating;
    delegate.did_end_scrolling_animation = did_end_animation;
    CHECK_STATUS(hk_scroll_view_set_delegate(app, scroll, &delegate, &log, count_destroyed), HK_OK);

    /* A flick upwards: the content moves on after the lift, down the content (velocity > 0). */
    CHECK_STATUS(frame1(app, 0, HK_PHASE_BEGAN, 90), HK_OK);
    CHECK_STATUS(frame1(app, 0.01, HK_PHASE_MOVED, 70), HK_OK);
    int32_t state = 0;
    CHECK_STATUS(hk_scroll_view_state(app, scroll, &state), HK_OK);
    CHECK(state == (HK_SCROLL_VIEW_TRACKING | HK_SCROLL_VIEW_DRAGGING));
    CHECK_STATUS(frame1(app, 0.02, HK_PHASE_MOVED, 50), HK_OK);
    CHECK_STATUS(frame1(app, 0.02, HK_PHASE_ENDED, 50), HK_OK);
    CHECK_STATUS(hk_scroll_view_state(app, scroll, &state), HK_OK);
    CHECK(state == HK_SCROLL_VIEW_DECELERATING);
    CHECK(log.count == 4 && strcmp(log.calls[1], "willEndDragging down") == 0
          && strcmp(log.calls[2], "didEndDragging 1") == 0 && strcmp(log.calls[3], "willBeginDecelerating") == 0);
    CHECK(log.target.y > 40);
    /* The next deadline is the next animation tick. */
    double deadline = 0;
    CHECK_STATUS(hk_app_set_animation_frame_interval(app, 0.01), HK_OK);
    CHECK_STATUS(hk_app_next_deadline(app, &deadline), HK_OK);
    CHECK(fabs(deadline - 0.03) < 1e-12);
    CHECK_STATUS(hk_app_advance(app, 0.5), HK_OK);
    hk_point moving;
    CHECK_STATUS(hk_scroll_view_content_offset(app, scroll, &moving), HK_OK);
    CHECK(moving.y > 40);
    /* A touch stops it where it is, without didEndDecelerating. */
    CHECK_STATUS(frame1(app, 0.6, HK_PHASE_BEGAN, 50), HK_OK);
    hk_point stopped;
    CHECK_STATUS(hk_scroll_view_content_offset(app, scroll, &stopped), HK_OK);
    CHECK_STATUS(frame1(app, 0.65, HK_PHASE_ENDED, 50), HK_OK);
    CHECK_STATUS(hk_app_advance(app, 5), HK_OK);
    hk_point after;
    CHECK_STATUS(hk_scroll_view_content_offset(app, scroll, &after), HK_OK);
    CHECK(after.y == stopped.y && stopped.y > moving.y);
    CHECK(log.count == 4);
    CHECK_STATUS(hk_app_next_deadline(app, &deadline), HK_OK);
    CHECK(isinf(deadline));

    /* The delegate's target is sprung to; the motion then ends by itself. */
    log.retarget = 1;
    CHECK_STATUS(frame1(app, 6, HK_PHASE_BEGAN, 90), HK_OK);
    CHECK_STATUS(frame1(app, 6.01, HK_PHASE_MOVED, 70), HK_OK);
    CHECK_STATUS(frame1(app, 6.02, HK_PHASE_MOVED, 50), HK_OK);
    CHECK_STATUS(frame1(app, 6.02, HK_PHASE_ENDED, 50), HK_OK);
    CHECK_STATUS(hk_app_advance(app, 10), HK_OK);
    CHECK_STATUS(hk_scroll_view_content_offset(app, scroll, &after), HK_OK);
    CHECK(after.y == 500);
    CHECK(strcmp(log.calls[log.count - 1], "didEndDecelerating") == 0);

    /* An animated offset ends with didEndScrollingAnimation. */
    CHECK_STATUS(hk_scroll_view_set_content_offset_animated(app, scroll, hk_make_point(0, 100), 1), HK_OK);
    CHECK_STATUS(hk_app_advance(app, 11), HK_OK);
    CHECK_STATUS(hk_scroll_view_content_offset(app, scroll, &after), HK_OK);
    CHECK(after.y == 100 && strcmp(log.calls[log.count - 1], "didEndScrollingAnimation") == 0);

    /* A drag slowed to a stop before its lift: no motion follows (willDecelerate 0). */
    log.count = 0;
    log.retarget = 0;
    CHECK_STATUS(frame1(app, 12, HK_PHASE_BEGAN, 90), HK_OK);
    CHECK_STATUS(frame1(app, 12.5, HK_PHASE_MOVED, 75), HK_OK);
    CHECK_STATUS(frame1(app, 13, HK_PHASE_MOVED, 74), HK_OK);
    CHECK_STATUS(frame1(app, 13.2, HK_PHASE_ENDED, 74), HK_OK);
    CHECK(log.count == 3 && strcmp(log.calls[0], "willBeginDragging") == 0 && strcmp(log.calls[2], "didEndDragging 0") == 0);
    CHECK_STATUS(hk_scroll_view_state(app, scroll, &state), HK_OK);
    CHECK(state == 0);

    /* Flags and refusals. */
    CHECK_STATUS(hk_scroll_view_set_motion_flags(app, scroll, HK_SCROLL_VIEW_PAGING), HK_OK);
    CHECK_STATUS(hk_scroll_view_motion_flags(app, scroll, &flags), HK_OK);
    CHECK(flags == HK_SCROLL_VIEW_PAGING);
    CHECK_STATUS(hk_scroll_view_set_motion_flags(app, scroll, 16), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_scroll_view_set_deceleration_rate(app, scroll, HK_DECELERATION_RATE_FAST), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_deceleration_rate(app, scroll, 1), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_scroll_view_set_deceleration_rate(app, scroll, 0), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_scroll_view_set_deceleration_rate(app, scroll, NAN), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_scroll_view_deceleration_rate(app, scroll, &rate), HK_OK);
    CHECK(rate == HK_DECELERATION_RATE_FAST);
    CHECK_STATUS(hk_app_set_animation_frame_interval(app, 0), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_app_set_animation_frame_interval(app, -1), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_app_set_animation_frame_interval(app, INFINITY), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_app_animation_frame_interval(app, &rate), HK_OK);
    CHECK(rate == 0.01);
    CHECK_STATUS(hk_scroll_view_set_delegate(app, scroll, NULL, NULL, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK(strcmp(hk_last_error_message(), "the delegate pointer is NULL") == 0);
    CHECK_STATUS(hk_scroll_view_set_content_offset_animated(app, scroll, hk_make_point(NAN, 0), 1), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_scroll_view_set_motion_flags(app, window, 0), HK_ERR_INVALID_ARGUMENT);

    /* Clearing notifies the user data once; a new delegate's is notified when the app goes. */
    CHECK_STATUS(hk_scroll_view_clear_delegate(app, scroll), HK_OK);
    CHECK(log.destroyed == 1);
    CHECK_STATUS(hk_scroll_view_set_delegate(app, scroll, &delegate, &log, count_destroyed), HK_OK);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
    CHECK(log.destroyed == 2);
}

/* An offset set while a drag is under way, by hk_scroll_view_set_content_offset or by the scroll
 * view's bounds set through the store, is where the drag goes on from (Behaviour A6): the pan
 * moves the offset by each change of its translation, as UIKit's does. */
void test_offset_set_during_drag(void) {
    hk_view scroll;
    hk_app *app = list_app(&scroll);
    hk_point offset;

    CHECK_STATUS(frame1(app, 0, HK_PHASE_BEGAN, 90), HK_OK);
    CHECK_STATUS(frame1(app, 0.05, HK_PHASE_MOVED, 60), HK_OK);
    CHECK_STATUS(hk_scroll_view_content_offset(app, scroll, &offset), HK_OK);
    CHECK(offset.y == 30);
    CHECK_STATUS(hk_scroll_view_set_content_offset(app, scroll, hk_make_point(0, 500)), HK_OK);
    CHECK_STATUS(frame1(app, 0.1, HK_PHASE_MOVED, 50), HK_OK);     /* 10 more up: from 500 */
    CHECK_STATUS(hk_scroll_view_content_offset(app, scroll, &offset), HK_OK);
    CHECK(offset.y == 510);
    CHECK_STATUS(hk_view_set_bounds(hk_app_store(app), scroll, hk_make_rect(0, 2000, 100, 100)), HK_OK);
    CHECK_STATUS(frame1(app, 0.15, HK_PHASE_MOVED, 70), HK_OK);    /* 20 down: from 2000 */
    CHECK_STATUS(hk_scroll_view_content_offset(app, scroll, &offset), HK_OK);
    CHECK(offset.y == 1980);
    CHECK_STATUS(frame1(app, 0.5, HK_PHASE_ENDED, 70), HK_OK);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* Bounds set through the app's store move a scroll view's offset (its bounds origin, Behaviour
 * A6): the store call calls no C, and the delegate's did_scroll, then the offset callback, hear of
 * it once at the next delivery — however many edits moved it; a new size alone is no scroll. */
typedef struct { char calls[12][32]; int count; } scroll_calls;

static void note_scroll(scroll_calls *log, const char *what, double y) {
    if (log->count < 12) snprintf(log->calls[log->count], 32, "%s %g", what, y);
    log->count++;
}
static void did_scroll_noted(hk_app *a, const hk_view *v, void *u) {
    hk_point offset = { 0, -1 };
    CHECK_STATUS(hk_scroll_view_content_offset(a, *v, &offset), HK_OK);
    note_scroll(u, "didScroll", offset.y);
}
static void offset_noted(hk_app *a, const hk_view *v, const hk_point *offset, void *u) {
    (void)a; (void)v;
    note_scroll(u, "offset", offset->y);
}

static void read_offset_while_going(hk_app *a, const hk_view *v, void *u) {
    hk_point offset;
    *(hk_status *)u = hk_scroll_view_content_offset(a, *v, &offset);
}

void test_store_bounds_move_the_offset(void) {
    hk_view scroll;
    hk_app *app = list_app(&scroll);
    hk_store *store = hk_app_store(app);
    scroll_calls log;
    memset(&log, 0, sizeof log);
    hk_scroll_view_delegate delegate;
    memset(&delegate, 0, sizeof delegate);
    delegate.did_scroll = did_scroll_noted;
    CHECK_STATUS(hk_scroll_view_set_delegate(app, scroll, &delegate, &log, NULL), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_offset_callback(app, scroll, offset_noted, &log, NULL), HK_OK);

    CHECK_STATUS(hk_view_set_bounds(store, scroll, hk_make_rect(0, 300, 100, 100)), HK_OK);
    CHECK_STATUS(hk_view_set_bounds(store, scroll, hk_make_rect(0, 400, 100, 100)), HK_OK);
    CHECK(log.count == 0);
    CHECK_STATUS(hk_app_advance(app, 1), HK_OK);
    CHECK(log.count == 2 && strcmp(log.calls[0], "didScroll 400") == 0 && strcmp(log.calls[1], "offset 400") == 0);
    CHECK_STATUS(hk_app_advance(app, 2), HK_OK);
    CHECK(log.count == 2);

    /* The size alone, the origin set again as it is, and the frame (which keeps the origin). */
    CHECK_STATUS(hk_view_set_bounds(store, scroll, hk_make_rect(0, 400, 100, 90)), HK_OK);
    CHECK_STATUS(hk_view_set_bounds(store, scroll, hk_make_rect(0, 400, 100, 100)), HK_OK);
    CHECK_STATUS(hk_view_set_frame(store, scroll, hk_make_rect(0, 0, 100, 100)), HK_OK);
    CHECK_STATUS(hk_app_advance(app, 3), HK_OK);
    CHECK(log.count == 2);

    /* An empty frame is a delivery too; so is an hk_app_ call that changes a view. */
    CHECK_STATUS(hk_view_set_bounds(store, scroll, hk_make_rect(0, 50, 100, 100)), HK_OK);
    CHECK_STATUS(hk_app_send_frame(app, 4, NULL, 0), HK_OK);
    CHECK(log.count == 4 && strcmp(log.calls[2], "didScroll 50") == 0 && strcmp(log.calls[3], "offset 50") == 0);
    hk_view row;
    CHECK_STATUS(hk_view_set_bounds(store, scroll, hk_make_rect(0, 60, 100, 100)), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 100, 44), &row), HK_OK);
    CHECK(log.count == 4);
    CHECK_STATUS(hk_app_view_add_subview(app, row, scroll), HK_OK);
    CHECK(log.count == 6 && strcmp(log.calls[4], "didScroll 60") == 0 && strcmp(log.calls[5], "offset 60") == 0);
    /* A frame with a touch tells it in the same order, before the frame's end; so does an advance. */
    CHECK_STATUS(hk_view_set_bounds(store, scroll, hk_make_rect(0, 80, 100, 100)), HK_OK);
    hk_touch_input down = touch_at(1, HK_PHASE_BEGAN, 50, 50);
    CHECK_STATUS(hk_app_send_frame(app, 5, &down, 1), HK_OK);
    CHECK(log.count == 8 && strcmp(log.calls[6], "didScroll 80") == 0 && strcmp(log.calls[7], "offset 80") == 0);
    hk_touch_input up = touch_at(1, HK_PHASE_ENDED, 50, 50);
    CHECK_STATUS(hk_app_send_frame(app, 5.1, &up, 1), HK_OK);
    CHECK_STATUS(hk_view_set_bounds(store, scroll, hk_make_rect(0, 90, 100, 100)), HK_OK);
    CHECK_STATUS(hk_app_advance(app, 6), HK_OK);
    CHECK(log.count == 10 && strcmp(log.calls[8], "didScroll 90") == 0 && strcmp(log.calls[9], "offset 90") == 0);

    /* Still due when the app goes: told during hk_app_destroy, which has made the handle stale. */
    hk_status read_while_going = HK_OK;
    delegate.did_scroll = read_offset_while_going;
    CHECK_STATUS(hk_scroll_view_set_delegate(app, scroll, &delegate, &read_while_going, NULL), HK_OK);
    CHECK_STATUS(hk_view_set_bounds(store, scroll, hk_make_rect(0, 70, 100, 100)), HK_OK);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
    CHECK(read_while_going == HK_ERR_STALE_HANDLE);
}

/* An endless list recentres from its delegate during a drag (Behaviour A6): inside a callback
 * hk_scroll_view_set_content_offset is HK_ERR_BUSY, but the scroll view's bounds set through the
 * app's store are not, and the drag goes on from where they put the offset; the delegate and the
 * offset callback hear of the recentred offset by the delivery's end. */
typedef struct { hk_store *store; double seen[8]; int count; int busy; } recentring;

static void recentre(hk_app *a, const hk_view *v, void *u) {
    recentring *r = u;
    hk_point offset;
    CHECK_STATUS(hk_scroll_view_content_offset(a, *v, &offset), HK_OK);
    if (r->count < 8) r->seen[r->count] = offset.y;
    r->count++;
    if (offset.y <= 3000) return;
    if (hk_scroll_view_set_content_offset(a, *v, hk_make_point(0, offset.y - 2000)) == HK_ERR_BUSY) r->busy++;
    CHECK_STATUS(hk_view_set_bounds(r->store, *v, hk_make_rect(0, offset.y - 2000, 100, 100)), HK_OK);
}

void test_recentring_from_did_scroll(void) {
    hk_view scroll;
    hk_app *app = list_app(&scroll);
    hk_point offset;
    recentring r;
    scroll_calls log;
    memset(&r, 0, sizeof r);
    memset(&log, 0, sizeof log);
    r.store = hk_app_store(app);
    CHECK_STATUS(hk_scroll_view_set_content_offset(app, scroll, hk_make_point(0, 2950)), HK_OK);
    hk_scroll_view_delegate delegate;
    memset(&delegate, 0, sizeof delegate);
    delegate.did_scroll = recentre;
    CHECK_STATUS(hk_scroll_view_set_delegate(app, scroll, &delegate, &r, NULL), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_offset_callback(app, scroll, offset_noted, &log, NULL), HK_OK);

    CHECK_STATUS(frame1(app, 0, HK_PHASE_BEGAN, 90), HK_OK);
    CHECK_STATUS(frame1(app, 0.05, HK_PHASE_MOVED, 60), HK_OK);     /* 30 up: 2980 */
    CHECK_STATUS(frame1(app, 0.1, HK_PHASE_MOVED, 20), HK_OK);      /* 40 more: 3020, recentred to 1020 */
    CHECK_STATUS(hk_scroll_view_content_offset(app, scroll, &offset), HK_OK);
    CHECK(offset.y == 1020);
    CHECK(r.busy == 1);
    CHECK_STATUS(frame1(app, 0.15, HK_PHASE_MOVED, 0), HK_OK);      /* 20 more: from 1020 */
    CHECK_STATUS(hk_scroll_view_content_offset(app, scroll, &offset), HK_OK);
    CHECK(offset.y == 1040);
    CHECK(r.count == 4 && r.seen[0] == 2980 && r.seen[1] == 3020 && r.seen[2] == 1020 && r.seen[3] == 1040);
    CHECK(log.count == 3 && strcmp(log.calls[0], "offset 2980") == 0 && strcmp(log.calls[1], "offset 1020") == 0
          && strcmp(log.calls[2], "offset 1040") == 0);
    CHECK_STATUS(frame1(app, 0.5, HK_PHASE_ENDED, 0), HK_OK);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* Flicks two lists alike: a finger down at 90 moves up 15 points every 0.01 s and lifts at 0.05. */
static void flick_alike(hk_app *one, hk_app *other) {
    for (int i = 0; i <= 5; i++) {
        hk_phase phase = i == 0 ? HK_PHASE_BEGAN : HK_PHASE_MOVED;
        CHECK_STATUS(frame1(one, 0.01 * i, phase, 90 - 15.0 * i), HK_OK);
        CHECK_STATUS(frame1(other, 0.01 * i, phase, 90 - 15.0 * i), HK_OK);
    }
    CHECK_STATUS(frame1(one, 0.05, HK_PHASE_ENDED, 15), HK_OK);
    CHECK_STATUS(frame1(other, 0.05, HK_PHASE_ENDED, 15), HK_OK);
}

/* Advances both apps to `t` and reads their scroll views' offsets. */
static void advance_alike(hk_app *one, hk_view one_scroll, hk_point *one_offset,
                          hk_app *other, hk_view other_scroll, hk_point *other_offset, double t) {
    CHECK_STATUS(hk_app_advance(one, t), HK_OK);
    CHECK_STATUS(hk_app_advance(other, t), HK_OK);
    CHECK_STATUS(hk_scroll_view_content_offset(one, one_scroll, one_offset), HK_OK);
    CHECK_STATUS(hk_scroll_view_content_offset(other, other_scroll, other_offset), HK_OK);
}

/* Bounds moved through the app's store while the scroll view decelerates (Behaviour A6.1): the
 * motion goes on from there at the speed it had, frame after frame, never put back to where it
 * would have been; hk_scroll_view_set_content_offset stops it instead. Two lists flicked alike,
 * one moved, are compared frame by frame. */
void test_store_bounds_during_motion(void) {
    hk_view plain_scroll, moved_scroll;
    hk_app *plain = list_app(&plain_scroll), *moved = list_app(&moved_scroll);
    hk_point a, b;
    flick_alike(plain, moved);
    double stopped = 0;
    for (int i = 1; i <= 20; i++) {
        double t = 0.05 + i / 60.0;
        advance_alike(plain, plain_scroll, &a, moved, moved_scroll, &b, t);
        if (i <= 10) CHECK(fabs(b.y - (a.y - (i > 3 ? 50 : 0))) <= 1e-9);
        else CHECK(b.y == stopped);
        if (i == 3) CHECK_STATUS(hk_view_set_bounds(hk_app_store(moved), moved_scroll, hk_make_rect(0, b.y - 50, 100, 100)), HK_OK);
        if (i == 10) {
            CHECK_STATUS(hk_scroll_view_set_content_offset(moved, moved_scroll, hk_make_point(0, b.y)), HK_OK);
            stopped = b.y;
        }
    }
    CHECK(a.y > stopped + 100);     /* the other list went on */
    CHECK_STATUS(hk_app_destroy(plain), HK_OK);
    CHECK_STATUS(hk_app_destroy(moved), HK_OK);
}

/* Bounds moved through the app's store while an animated zoom runs (Behaviour A6.2): the zoom
 * goes on from there, the moved axis shifted for the rest of the animation and the scale and the
 * other axis as in an app left alone, frame by frame. */
static hk_app *zooming_app(hk_view *scroll) {
    hk_app *app = hk_app_create();
    hk_view window, photo;
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 400, 400), 0, &window), HK_OK);
    CHECK_STATUS(hk_scroll_view_create(app, hk_make_rect(0, 0, 400, 400), scroll), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, *scroll, window), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_content_size(app, *scroll, (hk_size){ 400, 400 }), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 400, 400), &photo), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, photo, *scroll), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_zoom_view(app, *scroll, photo), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_zoom_scale_limits(app, *scroll, 0.5, 2), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_zoom_scale(app, *scroll, 2, 1), HK_OK);
    return app;
}

void test_store_bounds_during_zoom_animation(void) {
    hk_view plain_scroll, moved_scroll;
    hk_app *plain = zooming_app(&plain_scroll), *moved = zooming_app(&moved_scroll);
    hk_point a, b;
    double scale_a, scale_b;
    for (int i = 1; i <= 24; i++) {
        double t = i / 60.0;    /* the zoom from 1 to 2 takes 0.31 s: it ends at the 19th frame */
        advance_alike(plain, plain_scroll, &a, moved, moved_scroll, &b, t);
        CHECK_STATUS(hk_scroll_view_zoom_scale(plain, plain_scroll, &scale_a), HK_OK);
        CHECK_STATUS(hk_scroll_view_zoom_scale(moved, moved_scroll, &scale_b), HK_OK);
        CHECK(scale_a == scale_b && b.x == a.x);
        CHECK(fabs(b.y - (a.y + (i > 6 ? 60 : 0))) <= 1e-9);
        if (i == 6) CHECK_STATUS(hk_view_set_bounds(hk_app_store(moved), moved_scroll, hk_make_rect(b.x, b.y + 60, 400, 400)), HK_OK);
    }
    CHECK(scale_b == 2 && a.y == 200 && fabs(b.y - 260) <= 1e-9);
    CHECK_STATUS(hk_app_destroy(plain), HK_OK);
    CHECK_STATUS(hk_app_destroy(moved), HK_OK);
}

/* An endless list appends rows from its delegate during a fling (Behaviour A6.1): the content
 * grows whenever the offset comes within a screen of its end, and the deceleration goes on into
 * the new rows as in a list that long from the start, frame by frame, never bouncing at an end
 * that has moved on. */
typedef struct { int appended; } appending;

static void append_rows(hk_app *a, const hk_view *v, void *u) {
    appending *list = u;
    hk_point offset;
    hk_size size;
    CHECK_STATUS(hk_scroll_view_content_offset(a, *v, &offset), HK_OK);
    CHECK_STATUS(hk_scroll_view_content_size(a, *v, &size), HK_OK);
    if (offset.y < size.height - 200) return;
    CHECK_STATUS(hk_scroll_view_set_content_size(a, *v, (hk_size){ 100, size.height + 300 }), HK_OK);
    list->appended++;
}

void test_rows_appended_during_a_fling(void) {
    hk_view plain_scroll, endless_scroll;
    hk_app *plain = list_app(&plain_scroll), *endless = list_app(&endless_scroll);
    CHECK_STATUS(hk_scroll_view_set_content_size(endless, endless_scroll, (hk_size){ 100, 300 }), HK_OK);
    appending list = { 0 };
    hk_scroll_view_delegate delegate;
    memset(&delegate, 0, sizeof delegate);
    delegate.did_scroll = append_rows;
    CHECK_STATUS(hk_scroll_view_set_delegate(endless, endless_scroll, &delegate, &list, NULL), HK_OK);
    hk_point a, b;
    flick_alike(plain, endless);
    for (int i = 1; i <= 120; i++) {
        double t = 0.05 + i / 60.0;
        advance_alike(plain, plain_scroll, &a, endless, endless_scroll, &b, t);
        CHECK(fabs(b.y - a.y) <= 1e-9 * fmax(1, a.y));
    }
    CHECK(list.appended >= 2 && a.y > 600);     /* past the first two ends the list had */
    CHECK_STATUS(hk_app_destroy(plain), HK_OK);
    CHECK_STATUS(hk_app_destroy(endless), HK_OK);
}

/* The scroll view's frame made taller through the app's store during a fling, so that its end
 * comes before the offset (Behaviour A6.1): at the next frame the motion meets the new end and
 * springs back to it, rather than decelerating on past it. */
void test_store_frame_during_motion(void) {
    hk_view scroll;
    hk_app *app = list_app(&scroll);
    hk_point offset;
    CHECK_STATUS(hk_scroll_view_set_content_size(app, scroll, (hk_size){ 100, 1000 }), HK_OK);    /* the end at 900 */
    for (int i = 0; i <= 5; i++) CHECK_STATUS(frame1(app, 0.01 * i, i == 0 ? HK_PHASE_BEGAN : HK_PHASE_MOVED, 90 - 15.0 * i), HK_OK);
    CHECK_STATUS(frame1(app, 0.05, HK_PHASE_ENDED, 15), HK_OK);
    CHECK_STATUS(hk_app_advance(app, 1), HK_OK);         /* from 75 at 1,500 pt/s, on its way to 824 */
    CHECK_STATUS(hk_scroll_view_content_offset(app, scroll, &offset), HK_OK);
    CHECK(offset.y > 600);
    CHECK_STATUS(hk_view_set_frame(hk_app_store(app), scroll, hk_make_rect(0, 0, 100, 500)), HK_OK);     /* the end at 500 */
    CHECK_STATUS(hk_app_advance(app, 3), HK_OK);
    CHECK_STATUS(hk_scroll_view_content_offset(app, scroll, &offset), HK_OK);
    CHECK(offset.y == 500);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* A vertical fling whose content is narrowed past the horizontal offset, which was not moving
 * (Behaviour A6.1): that axis springs back to the new end while the fling goes on. */
void test_content_narrowed_during_a_vertical_fling(void) {
    hk_view scroll;
    hk_app *app = list_app(&scroll);
    hk_point offset;
    CHECK_STATUS(hk_scroll_view_set_content_size(app, scroll, (hk_size){ 300, 10000 }), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_content_offset(app, scroll, hk_make_point(150, 0)), HK_OK);
    for (int i = 0; i <= 5; i++) CHECK_STATUS(frame1(app, 0.01 * i, i == 0 ? HK_PHASE_BEGAN : HK_PHASE_MOVED, 90 - 15.0 * i), HK_OK);
    CHECK_STATUS(frame1(app, 0.05, HK_PHASE_ENDED, 15), HK_OK);
    CHECK_STATUS(hk_app_advance(app, 0.3), HK_OK);
    CHECK_STATUS(hk_scroll_view_content_offset(app, scroll, &offset), HK_OK);
    CHECK(offset.x == 150 && offset.y > 200);
    CHECK_STATUS(hk_scroll_view_set_content_size(app, scroll, (hk_size){ 100, 10000 }), HK_OK);     /* nothing across */
    CHECK_STATUS(hk_app_advance(app, 0.35), HK_OK);
    CHECK_STATUS(hk_scroll_view_content_offset(app, scroll, &offset), HK_OK);
    CHECK(offset.x > 0 && offset.x < 150);
    CHECK_STATUS(hk_app_advance(app, 3), HK_OK);
    CHECK_STATUS(hk_scroll_view_content_offset(app, scroll, &offset), HK_OK);
    CHECK(offset.x == 0 && offset.y > 600);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* The scroll view widened through the store during an animated zoom (Behaviour A6.2): the zoom
 * to 2 aims at (200, 200); at 700 points wide the end across is 800 - 700 = 100, and the zoom
 * ends there, the scale and the other axis as in an app left alone. */
void test_store_frame_during_zoom_animation(void) {
    hk_view plain_scroll, widened_scroll;
    hk_app *plain = zooming_app(&plain_scroll), *widened = zooming_app(&widened_scroll);
    hk_point a, b;
    double scale_a, scale_b;
    for (int i = 1; i <= 24; i++) {
        double t = i / 60.0;
        advance_alike(plain, plain_scroll, &a, widened, widened_scroll, &b, t);
        CHECK_STATUS(hk_scroll_view_zoom_scale(plain, plain_scroll, &scale_a), HK_OK);
        CHECK_STATUS(hk_scroll_view_zoom_scale(widened, widened_scroll, &scale_b), HK_OK);
        CHECK(scale_a == scale_b && b.y == a.y);
        if (i <= 6) CHECK(b.x == a.x);
        if (i == 6) CHECK_STATUS(hk_view_set_frame(hk_app_store(widened), widened_scroll, hk_make_rect(0, 0, 700, 400)), HK_OK);
    }
    CHECK(scale_b == 2 && a.x == 200 && b.x == 100 && b.y == 200);
    CHECK_STATUS(hk_app_destroy(plain), HK_OK);
    CHECK_STATUS(hk_app_destroy(widened), HK_OK);
}

/* A scroll view leaving its window stops moving where the last frame showed it (Behaviour A6.1,
 * "Leaving the window"): removed mid-fling, or its window destroyed mid-zoom, nothing moves on,
 * no end is told, and the next deadline no longer counts it. */
void test_leaving_the_window_stops_motion(void) {
    hk_view scroll, window;
    hk_app *app = list_app(&scroll);
    CHECK_STATUS(hk_view_superview(hk_app_store(app), scroll, &window), HK_OK);
    motion_log log;
    memset(&log, 0, sizeof log);
    hk_scroll_view_delegate delegate;
    memset(&delegate, 0, sizeof delegate);
    delegate.did_end_decelerating = did_end_decelerating;
    delegate.did_end_scrolling_animation = did_end_animation;
    CHECK_STATUS(hk_scroll_view_set_delegate(app, scroll, &delegate, &log, NULL), HK_OK);
    CHECK_STATUS(frame1(app, 0, HK_PHASE_BEGAN, 90), HK_OK);
    CHECK_STATUS(frame1(app, 0.01, HK_PHASE_MOVED, 70), HK_OK);
    CHECK_STATUS(frame1(app, 0.02, HK_PHASE_MOVED, 50), HK_OK);
    CHECK_STATUS(frame1(app, 0.02, HK_PHASE_ENDED, 50), HK_OK);
    CHECK_STATUS(hk_app_advance(app, 0.1), HK_OK);
    hk_point shown, after;
    CHECK_STATUS(hk_scroll_view_content_offset(app, scroll, &shown), HK_OK);
    CHECK(shown.y > 40);
    CHECK_STATUS(hk_app_view_remove_from_superview(app, scroll), HK_OK);
    int32_t state = -1;
    CHECK_STATUS(hk_scroll_view_state(app, scroll, &state), HK_OK);
    CHECK(state == 0);
    double deadline = 0;
    CHECK_STATUS(hk_app_next_deadline(app, &deadline), HK_OK);
    CHECK(isinf(deadline));
    CHECK_STATUS(hk_app_advance(app, 5), HK_OK);
    CHECK_STATUS(hk_scroll_view_content_offset(app, scroll, &after), HK_OK);
    CHECK(after.y == shown.y && log.count == 0);
    /* Put back, it stays; an animated offset started then runs to its end as usual. */
    CHECK_STATUS(hk_app_view_add_subview(app, scroll, window), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_content_offset_animated(app, scroll, hk_make_point(0, 100), 1), HK_OK);
    CHECK_STATUS(hk_app_advance(app, 6), HK_OK);
    CHECK_STATUS(hk_scroll_view_content_offset(app, scroll, &after), HK_OK);
    CHECK(after.y == 100 && log.count == 1 && strcmp(log.calls[0], "didEndScrollingAnimation") == 0);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);

    /* An animated zoom, its window destroyed: the scale stays as shown. */
    hk_view zooming;
    app = zooming_app(&zooming);
    CHECK_STATUS(hk_view_superview(hk_app_store(app), zooming, &window), HK_OK);
    CHECK_STATUS(hk_app_advance(app, 0.1), HK_OK);
    double scale = 0, later = 0;
    CHECK_STATUS(hk_scroll_view_zoom_scale(app, zooming, &scale), HK_OK);
    CHECK(scale > 1 && scale < 2);
    CHECK_STATUS(hk_app_view_destroy(app, window), HK_OK);
    CHECK_STATUS(hk_app_next_deadline(app, &deadline), HK_OK);
    CHECK(isinf(deadline));
    CHECK_STATUS(hk_app_advance(app, 2), HK_OK);
    CHECK_STATUS(hk_scroll_view_zoom_scale(app, zooming, &later), HK_OK);
    CHECK(later == scale);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

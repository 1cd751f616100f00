/* Scroll view zooming from C (Behaviour A6.2): limits and the pinch's handle, a two-finger pinch
 * past the maximum and its bounce with the delegate's zoom calls, a touchpad pinch, zooming from
 * code, the state bits, view_for_zooming, and refusals. */
#include "check.h"

#include <string.h>

typedef struct { char calls[24][40]; int count; double last_scale; int views; hk_view answer; int answers; } zoom_log;

static void note(zoom_log *log, const char *what) {
    if (log->count < 24) { strncpy(log->calls[log->count], what, 39); log->calls[log->count][39] = 0; }
    log->count++;
}
static void will_begin(hk_app *a, const hk_view *sv, const hk_view *view, void *u) {
    zoom_log *log = u;
    (void)a; (void)sv;
    if (view != NULL) log->views++;
    note(log, "willBeginZooming");
}
static void did_zoom(hk_app *a, const hk_view *sv, void *u) { (void)a; (void)sv; ((zoom_log *)u)->last_scale = -1; }
static void did_end(hk_app *a, const hk_view *sv, const hk_view *view, double scale, void *u) {
    zoom_log *log = u;
    (void)a; (void)sv;
    if (view != NULL) log->views++;
    log->last_scale = scale;
    note(log, "didEndZooming");
}
static int view_for_zooming(hk_app *a, const hk_view *sv, hk_view *out, void *u) {
    zoom_log *log = u;
    (void)a; (void)sv;
    /* The view is written either way: a return of 0 is no answer, whatever *out holds. */
    *out = log->answer;
    return log->answers;
}

static void fingers(hk_app *app, double t, hk_phase phase, double x1, double x2) {
    hk_touch_input input[2] = { touch_at(1, phase, x1, 200), touch_at(2, phase, x2, 200) };
    hk_app_send_frame(app, t, input, 2);
}

static void touchpad(hk_app *app, double t, int32_t phase, double scale) {
    hk_touchpad_gesture g = { HK_TOUCHPAD_PINCH, phase, 100, 100, scale, 0, 2, 0 };
    CHECK_STATUS(hk_app_send_touchpad_frame(app, t, &g), HK_OK);
}

/* A 400-point window filled by a scroll view whose one subview, the photo, fills it too. */
static void photo_in_scroll_view(hk_app *app, hk_view *window, hk_view *scroll, hk_view *photo) {
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 400, 400), 0, window), HK_OK);
    CHECK_STATUS(hk_scroll_view_create(app, hk_make_rect(0, 0, 400, 400), scroll), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, *scroll, *window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 400, 400), photo), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, *photo, *scroll), HK_OK);
}

/* The same, the photo zooming between 0.5 and 2 in a 400 by 400 content. */
static void zooming_photo(hk_app *app, hk_view *window, hk_view *scroll, hk_view *photo) {
    photo_in_scroll_view(app, window, scroll, photo);
    CHECK_STATUS(hk_scroll_view_set_content_size(app, *scroll, (hk_size){ 400, 400 }), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_zoom_scale_limits(app, *scroll, 0.5, 2), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_zoom_view(app, *scroll, *photo), HK_OK);
}

void test_zoom(void) {
    hk_app *app = hk_app_create();
    hk_view window, scroll, photo, other;
    hk_gesture pinch;
    zoom_log log;
    memset(&log, 0, sizeof log);
    photo_in_scroll_view(app, &window, &scroll, &photo);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 10, 10), &other), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, other, photo), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_content_size(app, scroll, (hk_size){ 400, 400 }), HK_OK);

    /* No pinch until the minimum is below the maximum; refused limits change nothing. */
    CHECK_STATUS(hk_scroll_view_pinch_gesture(app, scroll, &pinch), HK_ERR_NOT_FOUND);
    CHECK_STATUS(hk_scroll_view_set_zoom_scale_limits(app, scroll, 0, 2), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_scroll_view_set_zoom_scale_limits(app, scroll, 0.5, NAN), HK_ERR_INVALID_ARGUMENT);
    double minimum = 0, maximum = 0, scale = 0;
    CHECK_STATUS(hk_scroll_view_zoom_scale_limits(app, scroll, &minimum, &maximum), HK_OK);
    CHECK(minimum == 1 && maximum == 1);
    CHECK_STATUS(hk_scroll_view_set_zoom_scale_limits(app, scroll, 0.5, 2), HK_OK);
    CHECK_STATUS(hk_scroll_view_pinch_gesture(app, scroll, &pinch), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_zoom_view(app, scroll, other), HK_ERR_NOT_A_SUBVIEW);
    hk_view none;
    CHECK_STATUS(hk_scroll_view_zoom_view(app, scroll, &none), HK_ERR_NOT_FOUND);
    CHECK_STATUS(hk_scroll_view_set_zoom_view(app, scroll, photo), HK_OK);
    hk_view answered;
    CHECK_STATUS(hk_scroll_view_zoom_view(app, scroll, &answered), HK_OK);
    CHECK(answered.index == photo.index && answered.generation == photo.generation);

    hk_scroll_view_delegate delegate;
    memset(&delegate, 0, sizeof delegate);
    delegate.will_begin_zooming = will_begin;
    delegate.did_zoom = did_zoom;
    delegate.did_end_zooming = did_end;
    CHECK_STATUS(hk_scroll_view_set_delegate(app, scroll, &delegate, &log, NULL), HK_OK);

    /* Two fingers 100 apart spread to 110 (the pinch begins: D0' = 108), then to 360: raw 3.33,
     * shown as 2·(2 − 2/3.33) = 2.8 past the maximum, bouncing back to 2 when they lift. */
    int32_t state = 0;
    fingers(app, 0, HK_PHASE_BEGAN, 150, 250);
    fingers(app, 0.02, HK_PHASE_MOVED, 145, 255);
    CHECK_STATUS(hk_scroll_view_state(app, scroll, &state), HK_OK);
    CHECK(state & HK_SCROLL_VIEW_ZOOMING);
    fingers(app, 0.04, HK_PHASE_MOVED, 20, 380);
    CHECK_STATUS(hk_scroll_view_zoom_scale(app, scroll, &scale), HK_OK);
    CHECK(near(scale, 2 * (2 - 2 / (360.0 / 108))));
    CHECK(log.last_scale == -1);
    fingers(app, 0.06, HK_PHASE_ENDED, 20, 380);
    CHECK_STATUS(hk_scroll_view_state(app, scroll, &state), HK_OK);
    CHECK(state & HK_SCROLL_VIEW_ZOOM_BOUNCING && !(state & HK_SCROLL_VIEW_ZOOMING));
    CHECK_STATUS(hk_app_advance(app, 1), HK_OK);
    CHECK_STATUS(hk_scroll_view_zoom_scale(app, scroll, &scale), HK_OK);
    CHECK(scale == 2 && log.count == 2 && log.last_scale == 2 && log.views == 2);
    CHECK(strcmp(log.calls[0], "willBeginZooming") == 0 && strcmp(log.calls[1], "didEndZooming") == 0);

    /* A touchpad pinch from 2: raw = 2·0.6 at its second step. */
    touchpad(app, 2, HK_TOUCHPAD_PHASE_BEGAN, 1);
    touchpad(app, 2.02, HK_TOUCHPAD_PHASE_CHANGED, 0.9);
    touchpad(app, 2.04, HK_TOUCHPAD_PHASE_CHANGED, 0.6);
    touchpad(app, 2.06, HK_TOUCHPAD_PHASE_ENDED, 0.6);
    CHECK_STATUS(hk_scroll_view_zoom_scale(app, scroll, &scale), HK_OK);
    CHECK(near(scale, 1.2) && log.last_scale == scale);

    /* From code: clamped, animated with will/did, and zoom_to's refusals. */
    CHECK_STATUS(hk_scroll_view_set_zoom_scale(app, scroll, 9, 0), HK_OK);
    CHECK_STATUS(hk_scroll_view_zoom_scale(app, scroll, &scale), HK_OK);
    CHECK(scale == 2);
    CHECK_STATUS(hk_scroll_view_set_zoom_scale(app, scroll, NAN, 0), HK_OK);
    log.count = 0;
    CHECK_STATUS(hk_scroll_view_zoom_to(app, scroll, hk_make_rect(0, 0, 400, 400), 1), HK_OK);
    CHECK_STATUS(hk_app_advance(app, 3), HK_OK);
    CHECK_STATUS(hk_scroll_view_zoom_scale(app, scroll, &scale), HK_OK);
    CHECK(scale == 1 && log.count == 2 && log.last_scale == 1);
    CHECK_STATUS(hk_scroll_view_zoom_to(app, scroll, hk_make_rect(0, 0, 0, 10), 0), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_scroll_view_zoom_to(app, scroll, hk_make_rect(0, 0, 10, -1), 0), HK_ERR_INVALID_ARGUMENT);

    /* bouncesZoom off: a pinch past the maximum is clamped. */
    int32_t bounces = 0;
    CHECK_STATUS(hk_scroll_view_bounces_zoom(app, scroll, &bounces), HK_OK);
    CHECK(bounces == 1);
    CHECK_STATUS(hk_scroll_view_set_bounces_zoom(app, scroll, 0), HK_OK);
    fingers(app, 4, HK_PHASE_BEGAN, 150, 250);
    fingers(app, 4.02, HK_PHASE_MOVED, 145, 255);
    fingers(app, 4.04, HK_PHASE_MOVED, 20, 380);
    CHECK_STATUS(hk_scroll_view_zoom_scale(app, scroll, &scale), HK_OK);
    CHECK(scale == 2);
    fingers(app, 4.06, HK_PHASE_ENDED, 20, 380);

    /* A view_for_zooming that answers none (returns 0, the photo in *out): the pinch still
     * recognizes, nothing zooms. */
    delegate.view_for_zooming = view_for_zooming;
    log.answers = 0; log.answer = photo;
    CHECK_STATUS(hk_scroll_view_set_delegate(app, scroll, &delegate, &log, NULL), HK_OK);
    log.count = 0; log.views = 0;
    fingers(app, 5, HK_PHASE_BEGAN, 150, 250);
    fingers(app, 5.02, HK_PHASE_MOVED, 140, 260);
    fingers(app, 5.04, HK_PHASE_MOVED, 120, 280);
    fingers(app, 5.06, HK_PHASE_ENDED, 120, 280);
    CHECK_STATUS(hk_scroll_view_zoom_scale(app, scroll, &scale), HK_OK);
    CHECK(scale == 2 && log.count == 2 && log.views == 0 && log.last_scale == 1);
    log.answers = 1; log.answer = photo;
    CHECK_STATUS(hk_scroll_view_set_zoom_scale(app, scroll, 1.5, 0), HK_OK);
    CHECK_STATUS(hk_scroll_view_zoom_scale(app, scroll, &scale), HK_OK);
    CHECK(scale == 1.5);

    /* Clearing the zoom view and the delegate leaves the pinch disabled: no source. */
    CHECK_STATUS(hk_scroll_view_clear_delegate(app, scroll), HK_OK);
    CHECK_STATUS(hk_scroll_view_clear_zoom_view(app, scroll), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_zoom_scale(app, scroll, 1, 0), HK_OK);
    CHECK_STATUS(hk_scroll_view_zoom_scale(app, scroll, &scale), HK_OK);
    CHECK(scale == 1.5);

    /* A delegate without view_for_zooming is no zoom source of its own (A6.2): with no zoom view
     * the fingers spread and nothing zooms, no call is made; with one, the pinch zooms. */
    memset(&delegate, 0, sizeof delegate);
    delegate.will_begin_zooming = will_begin;
    CHECK_STATUS(hk_scroll_view_set_delegate(app, scroll, &delegate, &log, NULL), HK_OK);
    log.count = 0;
    fingers(app, 6, HK_PHASE_BEGAN, 150, 250);
    fingers(app, 6.02, HK_PHASE_MOVED, 140, 260);
    fingers(app, 6.04, HK_PHASE_ENDED, 140, 260);
    CHECK(log.count == 0);
    CHECK_STATUS(hk_scroll_view_set_zoom_view(app, scroll, photo), HK_OK);
    fingers(app, 7, HK_PHASE_BEGAN, 150, 250);
    fingers(app, 7.02, HK_PHASE_MOVED, 140, 260);
    fingers(app, 7.04, HK_PHASE_ENDED, 140, 260);
    CHECK(log.count == 1 && strcmp(log.calls[0], "willBeginZooming") == 0);
    hk_app_destroy(app);
}

/* Zooming and offsets from code: the offset callback hears of an offset moved at once, without a
 * frame; and from inside a callback of the same app each of these calls is refused. */
typedef struct { hk_app *app; hk_view scroll; int calls, tried; hk_point last; hk_status busy[4]; } offset_log;

static void on_offset(hk_app *a, const hk_view *v, const hk_point *offset, void *u) {
    offset_log *log = u;
    (void)a; (void)v;
    log->calls++;
    log->last = *offset;
}

static void zoom_from_touch(const hk_touch_event *event, void *u) {
    offset_log *log = u;
    if (event->phase != HK_PHASE_BEGAN) return;
    log->tried++;
    log->busy[0] = hk_scroll_view_set_zoom_scale(log->app, log->scroll, 2, 0);
    log->busy[1] = hk_scroll_view_zoom_to(log->app, log->scroll, hk_make_rect(0, 0, 100, 100), 0);
    log->busy[2] = hk_scroll_view_set_zoom_scale_limits(log->app, log->scroll, 0.25, 4);
    log->busy[3] = hk_scroll_view_set_content_offset_animated(log->app, log->scroll, hk_make_point(5, 5), 0);
}

void test_zoom_from_code(void) {
    hk_app *app = hk_app_create();
    hk_view window, scroll, photo;
    offset_log log;
    double scale = 0, minimum = 0, maximum = 0;
    int32_t bounces = 0;
    memset(&log, 0, sizeof log);
    zooming_photo(app, &window, &scroll, &photo);
    log.app = app;
    log.scroll = scroll;
    CHECK_STATUS(hk_scroll_view_set_offset_callback(app, scroll, on_offset, &log, NULL), HK_OK);

    /* The photo's lower right quarter fills the bounds: scale 2, offset (400, 400). */
    CHECK_STATUS(hk_scroll_view_zoom_to(app, scroll, hk_make_rect(200, 200, 200, 200), 0), HK_OK);
    CHECK(log.calls == 1 && near(log.last.x, 400) && near(log.last.y, 400));
    /* Back to 1 about the bounds' centre, the offset clamped to the content: (0, 0). */
    CHECK_STATUS(hk_scroll_view_set_zoom_scale(app, scroll, 1, 0), HK_OK);
    CHECK(log.calls == 2 && near(log.last.x, 0) && near(log.last.y, 0));
    CHECK_STATUS(hk_scroll_view_set_content_offset_animated(app, scroll, hk_make_point(10, 20), 0), HK_OK);
    CHECK(log.calls == 3 && near(log.last.x, 10) && near(log.last.y, 20));

    /* From a touch callback: HK_ERR_BUSY for each, and nothing changed. */
    CHECK_STATUS(hk_app_view_set_touch_callback(app, photo, zoom_from_touch, &log, NULL), HK_OK);
    hk_touch_input down = touch_at(1, HK_PHASE_BEGAN, 200, 200), up = touch_at(1, HK_PHASE_ENDED, 200, 200);
    CHECK_STATUS(hk_app_send_frame(app, 1, &down, 1), HK_OK);
    CHECK_STATUS(hk_app_advance(app, 1.5), HK_OK);
    CHECK_STATUS(hk_app_send_frame(app, 2, &up, 1), HK_OK);
    CHECK(log.tried == 1);
    for (int k = 0; k < 4; k++) CHECK(log.busy[k] == HK_ERR_BUSY);
    CHECK_STATUS(hk_scroll_view_zoom_scale(app, scroll, &scale), HK_OK);
    CHECK_STATUS(hk_scroll_view_zoom_scale_limits(app, scroll, &minimum, &maximum), HK_OK);
    CHECK(scale == 1 && minimum == 0.5 && maximum == 2 && log.calls == 3);

    /* A flag is any non-zero value. */
    CHECK_STATUS(hk_scroll_view_set_bounces_zoom(app, scroll, 0), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_bounces_zoom(app, scroll, 2), HK_OK);
    CHECK_STATUS(hk_scroll_view_bounces_zoom(app, scroll, &bounces), HK_OK);
    CHECK(bounces == 1);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* The zooming photo, its delegate noting will_begin_zooming and did_end_zooming in log. */
static void zooming_photo_noting_zooms(hk_app *app, hk_view *window, hk_view *scroll, hk_view *photo, zoom_log *log) {
    memset(log, 0, sizeof *log);
    zooming_photo(app, window, scroll, photo);
    hk_scroll_view_delegate delegate;
    memset(&delegate, 0, sizeof delegate);
    delegate.will_begin_zooming = will_begin;
    delegate.did_end_zooming = did_end;
    CHECK_STATUS(hk_scroll_view_set_delegate(app, *scroll, &delegate, log, NULL), HK_OK);
}

/* A zoom set from code while two fingers pinch is made at once, animated or not, and the pinch
 * goes on from it: the fingers as they were keep the scale, and spread further they zoom from
 * there; one will_begin_zooming and one did_end_zooming. */
void test_zoom_from_code_during_pinch(void) {
    hk_app *app = hk_app_create();
    hk_view window, scroll, photo;
    zoom_log log;
    double scale = 0;
    zooming_photo_noting_zooms(app, &window, &scroll, &photo, &log);
    fingers(app, 0, HK_PHASE_BEGAN, 150, 250);
    fingers(app, 0.02, HK_PHASE_MOVED, 145, 255);
    fingers(app, 0.04, HK_PHASE_MOVED, 140, 260);               /* 120 apart: s = 120/108 */
    CHECK_STATUS(hk_scroll_view_set_zoom_scale(app, scroll, 1.8, 1), HK_OK);
    CHECK_STATUS(hk_scroll_view_zoom_scale(app, scroll, &scale), HK_OK);
    CHECK(scale == 1.8);
    fingers(app, 0.06, HK_PHASE_MOVED, 140, 260);
    CHECK_STATUS(hk_scroll_view_zoom_scale(app, scroll, &scale), HK_OK);
    CHECK(near(scale, 1.8));
    fingers(app, 0.08, HK_PHASE_MOVED, 134, 266);               /* 132 apart */
    CHECK_STATUS(hk_scroll_view_zoom_scale(app, scroll, &scale), HK_OK);
    CHECK(near(scale, 1.8 * 132 / 120));
    fingers(app, 0.1, HK_PHASE_ENDED, 134, 266);
    CHECK_STATUS(hk_app_advance(app, 1), HK_OK);
    CHECK(log.count == 2 && strcmp(log.calls[0], "willBeginZooming") == 0 && strcmp(log.calls[1], "didEndZooming") == 0);
    CHECK(near(log.last_scale, 1.8 * 132 / 120));
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* A pinch that ended past the maximum while a finger still drags owes its did_end_zooming until
 * its bounce has run after the drag; a touchpad pinch beginning meanwhile stops that bounce as it
 * stops a running one: did_end_zooming at the scale shown, then its own will_begin_zooming. */
void test_pinch_beginning_while_a_bounce_waits_for_the_drag(void) {
    hk_app *app = hk_app_create();
    hk_view window, scroll, photo;
    zoom_log log;
    zooming_photo_noting_zooms(app, &window, &scroll, &photo, &log);
    fingers(app, 0, HK_PHASE_BEGAN, 150, 250);
    fingers(app, 0.02, HK_PHASE_MOVED, 145, 255);
    fingers(app, 0.04, HK_PHASE_MOVED, 65, 395);                /* 330 apart about 230: past 2; the pan drags */
    hk_touch_input lift2 = touch_at(2, HK_PHASE_ENDED, 395, 200);
    hk_app_send_frame(app, 0.06, &lift2, 1);                     /* the pinch ends; finger 1 drags */
    hk_touch_input land3 = touch_at(3, HK_PHASE_BEGAN, 200, 300);
    hk_app_send_frame(app, 0.08, &land3, 1);
    hk_touch_input lift1 = touch_at(1, HK_PHASE_ENDED, 65, 200);
    hk_app_send_frame(app, 0.1, &lift1, 1);                      /* finger 3 drags on */
    double stretched = 0;
    CHECK_STATUS(hk_scroll_view_zoom_scale(app, scroll, &stretched), HK_OK);
    CHECK(stretched > 2 && log.count == 1 && strcmp(log.calls[0], "willBeginZooming") == 0);
    touchpad(app, 0.12, HK_TOUCHPAD_PHASE_BEGAN, 1);
    touchpad(app, 0.14, HK_TOUCHPAD_PHASE_CHANGED, 0.9);
    CHECK(log.count == 3 && strcmp(log.calls[1], "didEndZooming") == 0 && strcmp(log.calls[2], "willBeginZooming") == 0);
    CHECK(log.last_scale == stretched);
    touchpad(app, 0.16, HK_TOUCHPAD_PHASE_ENDED, 0.9);
    hk_touch_input lift3 = touch_at(3, HK_PHASE_ENDED, 200, 300);
    hk_app_send_frame(app, 0.2, &lift3, 1);
    CHECK_STATUS(hk_app_advance(app, 1), HK_OK);
    CHECK(log.count == 4 && strcmp(log.calls[3], "didEndZooming") == 0 && log.last_scale == 2);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* Limits that are not finite numbers above 0 are refused; a huge one (1e308) is stored, but a
 * zoom to a scale the photo's size cannot be multiplied by (400 x 1e308 overflows) is not made:
 * the scale, the photo's frame and the content's size stay finite and as they were (Behaviour
 * A6.2, "A scale that cannot be shown"). */
void test_zoom_scale_that_cannot_be_shown(void) {
    hk_app *app = hk_app_create();
    hk_view window, scroll, photo;
    zoom_log log;
    zooming_photo_noting_zooms(app, &window, &scroll, &photo, &log);
    CHECK_STATUS(hk_scroll_view_set_zoom_scale_limits(app, scroll, 0.5, INFINITY), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_scroll_view_set_zoom_scale_limits(app, scroll, NAN, 2), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_scroll_view_set_zoom_scale_limits(app, scroll, 0.5, 1e308), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_zoom_scale(app, scroll, 1e308, 0), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_zoom_scale(app, scroll, 1e308, 1), HK_OK);
    CHECK_STATUS(hk_app_advance(app, 1), HK_OK);
    double scale = 0;
    CHECK_STATUS(hk_scroll_view_zoom_scale(app, scroll, &scale), HK_OK);
    hk_rect frame;
    CHECK_STATUS(hk_view_frame(hk_app_store(app), photo, &frame), HK_OK);
    hk_size size;
    CHECK_STATUS(hk_scroll_view_content_size(app, scroll, &size), HK_OK);
    CHECK(scale == 1 && frame.width == 400 && size.width == 400 && log.count == 0);
    /* A huge scale the photo can be shown at zooms. */
    CHECK_STATUS(hk_scroll_view_set_zoom_scale(app, scroll, 1e300, 0), HK_OK);
    CHECK_STATUS(hk_scroll_view_content_size(app, scroll, &size), HK_OK);
    CHECK(size.width == 4e302 && isfinite(size.height));
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* Two fingers 100 apart at `t` spread to 120, then to 200, and lift: the pinch's state before
 * the lift. */
static hk_gesture_state pinch_over(hk_app *app, hk_gesture pinch, double t) {
    hk_gesture_state state = -1;
    fingers(app, t, HK_PHASE_BEGAN, 150, 250);
    fingers(app, t + 0.02, HK_PHASE_MOVED, 140, 260);
    fingers(app, t + 0.04, HK_PHASE_MOVED, 100, 300);
    CHECK_STATUS(hk_gesture_state_of(app, pinch, &state), HK_OK);
    fingers(app, t + 0.06, HK_PHASE_ENDED, 100, 300);
    return state;
}

/* The zoom view moved out of the scroll view (here into a view of the window behind it) is no
 * zoom view (Behaviour A6.2): hk_scroll_view_zoom_view answers none while it is away. The zoom
 * view set stays the scroll view's zoom source, which now answers none, so a pinch recognizes and
 * zooms nothing, told with no view at scale 1 (A6.2, "No zoom view"), and zooming from code does
 * nothing. Back as a direct subview it answers and zooms again. One that leaves during a pinch
 * does not stop it: the pinch zooms nothing more and ends as before, naming the view. */
void test_zoom_view_moved_out(void) {
    hk_app *app = hk_app_create();
    hk_view window, scroll, photo, elsewhere, answered;
    hk_gesture pinch;
    hk_gesture_state state = -1;
    zoom_log log;
    double scale = 0;
    zooming_photo_noting_zooms(app, &window, &scroll, &photo, &log);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 400, 400), &elsewhere), HK_OK);
    CHECK_STATUS(hk_app_view_insert_subview(app, elsewhere, window, 0), HK_OK);
    CHECK_STATUS(hk_scroll_view_pinch_gesture(app, scroll, &pinch), HK_OK);

    CHECK_STATUS(hk_app_view_add_subview(app, photo, elsewhere), HK_OK);
    CHECK_STATUS(hk_scroll_view_zoom_view(app, scroll, &answered), HK_ERR_NOT_FOUND);
    CHECK(pinch_over(app, pinch, 0) == HK_STATE_CHANGED);
    CHECK(log.count == 2 && log.views == 0 && strcmp(log.calls[0], "willBeginZooming") == 0 && log.last_scale == 1);
    CHECK_STATUS(hk_scroll_view_set_zoom_scale(app, scroll, 2, 0), HK_OK);
    CHECK_STATUS(hk_scroll_view_zoom_to(app, scroll, hk_make_rect(0, 0, 100, 100), 1), HK_OK);
    CHECK_STATUS(hk_app_advance(app, 1), HK_OK);
    CHECK_STATUS(hk_scroll_view_zoom_scale(app, scroll, &scale), HK_OK);
    CHECK(scale == 1 && log.count == 2);

    /* Back: it answers and zooms again. */
    CHECK_STATUS(hk_app_view_add_subview(app, photo, scroll), HK_OK);
    CHECK_STATUS(hk_scroll_view_zoom_view(app, scroll, &answered), HK_OK);
    CHECK(answered.index == photo.index && answered.generation == photo.generation);
    fingers(app, 2, HK_PHASE_BEGAN, 150, 250);
    fingers(app, 2.02, HK_PHASE_MOVED, 145, 255);
    fingers(app, 2.04, HK_PHASE_MOVED, 140, 260);               /* 120 apart: s = 120/108 */
    CHECK_STATUS(hk_gesture_state_of(app, pinch, &state), HK_OK);
    CHECK(state == HK_STATE_CHANGED);
    CHECK_STATUS(hk_scroll_view_zoom_scale(app, scroll, &scale), HK_OK);
    CHECK(near(scale, 120.0 / 108));

    /* Leaving during that pinch: it goes on, zooming nothing more, and ends as before. */
    CHECK_STATUS(hk_app_view_add_subview(app, photo, elsewhere), HK_OK);
    fingers(app, 2.06, HK_PHASE_MOVED, 130, 270);
    CHECK_STATUS(hk_gesture_state_of(app, pinch, &state), HK_OK);
    CHECK(state == HK_STATE_CHANGED);
    CHECK_STATUS(hk_scroll_view_zoom_scale(app, scroll, &scale), HK_OK);
    CHECK(near(scale, 120.0 / 108));
    fingers(app, 2.08, HK_PHASE_ENDED, 130, 270);
    CHECK_STATUS(hk_app_advance(app, 3), HK_OK);
    CHECK(log.count == 4 && log.views == 2 && strcmp(log.calls[3], "didEndZooming") == 0 && near(log.last_scale, 120.0 / 108));
    CHECK_STATUS(hk_scroll_view_zoom_view(app, scroll, &answered), HK_ERR_NOT_FOUND);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/*
 * The decision trace through C: hk_app_set_trace_callback hands every record over with its kind
 * (each of the header's codes with its own name), ids, causes and message, lets go of its user
 * data when replaced or with the app, and HITKIT_TRACE=1 makes an app write the text trace to
 * standard error.
 */
#define _POSIX_C_SOURCE 200809L  /* mkstemp, setenv, dup */
#include "check.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Each kind's name, as hk_trace_record.kind_name gives it and the text trace writes it: the
 * header's comments, one by one. */
static const char *const kind_names[HK_TRACE_DROP_TARGET + 1] = {
    [HK_TRACE_HIT_TEST] = "hit-test", [HK_TRACE_WINDOW] = "window", [HK_TRACE_SKIPPED] = "skipped",
    [HK_TRACE_OUTSIDE] = "outside", [HK_TRACE_OVERRIDE] = "override", [HK_TRACE_PASS_THROUGH] = "pass-through",
    [HK_TRACE_REDIRECT] = "redirect", [HK_TRACE_HIT] = "hit", [HK_TRACE_COLLECTED] = "collected",
    [HK_TRACE_FILTERED] = "filtered", [HK_TRACE_STATE] = "state", [HK_TRACE_WAITING] = "waiting",
    [HK_TRACE_WITHHELD] = "withheld", [HK_TRACE_RELEASED] = "released", [HK_TRACE_CANCELLED_IN_VIEW] = "cancelled-in-view",
    [HK_TRACE_TRACKING_BEGAN] = "tracking-began", [HK_TRACE_TRACKING_ENDED] = "tracking-ended",
    [HK_TRACE_CONTROL_PREVENTED] = "control-prevented", [HK_TRACE_POINTER] = "pointer", [HK_TRACE_SCROLL] = "scroll",
    [HK_TRACE_SCROLL_STOPPED] = "scroll-stopped", [HK_TRACE_ZOOM_BEGAN] = "zoom-began",
    [HK_TRACE_ZOOM_LIMITED] = "zoom-limited", [HK_TRACE_ZOOM_ENDED] = "zoom-ended", [HK_TRACE_ZOOM_STOPPED] = "zoom-stopped",
    [HK_TRACE_PAN_VELOCITY] = "pan-velocity", [HK_TRACE_KEY_TARGET] = "key-target", [HK_TRACE_PRESS_ROUTE] = "press-route",
    [HK_TRACE_KEY_COMMAND_SKIPPED] = "key-command-skipped", [HK_TRACE_KEY_COMMAND] = "key-command",
    [HK_TRACE_KEY_REPEAT] = "key-repeat", [HK_TRACE_PRESS_CANCELLED] = "press-cancelled",
    [HK_TRACE_FOCUS_CANDIDATES] = "focus-candidates", [HK_TRACE_FOCUS] = "focus",
    [HK_TRACE_FOCUS_NOT_MOVED] = "focus-not-moved", [HK_TRACE_ACTIVATED] = "activated",
    [HK_TRACE_KEY_UNHANDLED] = "key-unhandled", [HK_TRACE_MENU_ASKED] = "menu-asked", [HK_TRACE_MENU_SHOWN] = "menu-shown",
    [HK_TRACE_LIFT] = "lift", [HK_TRACE_SESSION] = "session", [HK_TRACE_DROP_TARGET] = "drop-target",
};

typedef struct {
    int records, malformed;
    int kinds[HK_TRACE_DROP_TARGET + 1];
    hk_view hit;                  /* the answer of the last hit test */
    int32_t tap_number;           /* the tap's trace number, from its state records */
    int moved_cause;              /* a state record carried the distance moved */
} trace_log;

static int destroyed;
static void count_destroy(void *user_data) { (void)user_data; destroyed++; }

/* A record's text is its head (time, kind, touch or key) then ": " and the message. */
static int is_text_of(const char *text, const char *message) {
    size_t t = strlen(text), m = strlen(message);
    return t >= m + 2 && strcmp(text + t - m, message) == 0 && strncmp(text + t - m - 2, ": ", 2) == 0
           && strncmp(text, "t=", 2) == 0;
}

static void record_trace(const hk_trace_record *r, void *user_data) {
    trace_log *log = user_data;
    log->records++;
    if (r->kind < 0 || r->kind > HK_TRACE_DROP_TARGET || r->kind_name == NULL || strcmp(r->kind_name, kind_names[r->kind]) != 0
        || r->message == NULL || r->text == NULL || !is_text_of(r->text, r->message)) {
        log->malformed++;
        return;
    }
    log->kinds[r->kind]++;
    for (int32_t i = 0; i < r->cause_count; i++) {
        if (r->causes[i].name == NULL) log->malformed++;
        else if (r->kind == HK_TRACE_STATE && strcmp(r->causes[i].name, "moved") == 0 && r->causes[i].value > 10) log->moved_cause = 1;
    }
    if (r->kind == HK_TRACE_HIT) log->hit = r->view;
    if (r->kind == HK_TRACE_STATE && r->recognizer_name != NULL) log->tap_number = r->recognizer;
    if ((r->view_name == NULL) != (r->view.index == HK_NO_VIEW_INDEX)) log->malformed++;
    if ((r->recognizer_name == NULL) != (r->recognizer == 0)) log->malformed++;
    if ((r->other_recognizer_name == NULL) != (r->other_recognizer == 0)) log->malformed++;
    if ((r->control_name == NULL) != (r->control.index == HK_NO_VIEW_INDEX)) log->malformed++;
    /* The fields agree with the text: its time and kind, and whether it is about a touch. */
    char prefix[64];
    snprintf(prefix, sizeof prefix, "t=%g %s", r->timestamp, r->kind_name);
    size_t length = strlen(prefix);
    if (strncmp(r->text, prefix, length) != 0 || (r->text[length] != ' ' && r->text[length] != ':')) log->malformed++;
    snprintf(prefix, sizeof prefix, " touch %lld:", (long long)r->touch_id);
    if ((r->has_touch != 0) != (strstr(r->text, prefix) != NULL)) log->malformed++;
}

/* A window with a view holding a one-tap recognizer; the finger moves 20 pt, so the tap fails. */
static hk_app *tapped_app(hk_view *view) {
    hk_app *app = hk_app_create();
    hk_view window;
    hk_gesture tap;
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 200, 200), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(50, 50, 100, 100), view), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, *view, window), HK_OK);
    CHECK_STATUS(hk_tap_create(app, *view, 1, 1, &tap), HK_OK);
    return app;
}

static void drag(hk_app *app, double t) {
    hk_touch_input began = touch_at(1, HK_PHASE_BEGAN, 80, 80), moved = touch_at(1, HK_PHASE_MOVED, 100, 80),
                   ended = touch_at(1, HK_PHASE_ENDED, 100, 80);
    CHECK_STATUS(hk_app_send_frame(app, t, &began, 1), HK_OK);
    CHECK_STATUS(hk_app_send_frame(app, t + 0.05, &moved, 1), HK_OK);
    CHECK_STATUS(hk_app_send_frame(app, t + 0.1, &ended, 1), HK_OK);
}

static void check_callback(void) {
    hk_view view;
    hk_app *app = tapped_app(&view);
    trace_log log;
    memset(&log, 0, sizeof log);
    destroyed = 0;
    CHECK_STATUS(hk_app_set_trace_callback(app, record_trace, &log, count_destroy), HK_OK);
    drag(app, 0);
    CHECK(log.malformed == 0);
    CHECK(log.kinds[HK_TRACE_HIT_TEST] == 1 && log.kinds[HK_TRACE_HIT] == 1);
    CHECK(log.hit.index == view.index && log.hit.generation == view.generation);
    CHECK(log.kinds[HK_TRACE_COLLECTED] == 1);
    CHECK(log.kinds[HK_TRACE_STATE] >= 1 && log.tap_number >= 1);
    CHECK(log.moved_cause);

    /* Cleared: its user data let go once, and no record after. */
    int records = log.records;
    CHECK_STATUS(hk_app_set_trace_callback(app, NULL, NULL, NULL), HK_OK);
    CHECK(destroyed == 1);
    drag(app, 1);
    CHECK(log.records == records);
    /* Set again, then replaced, then let go with the app. */
    CHECK_STATUS(hk_app_set_trace_callback(app, record_trace, &log, count_destroy), HK_OK);
    CHECK_STATUS(hk_app_set_trace_callback(app, record_trace, &log, count_destroy), HK_OK);
    CHECK(destroyed == 2);
    drag(app, 2);
    CHECK(log.kinds[HK_TRACE_HIT] == 2);  /* one callback, not two */
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
    CHECK(destroyed == 3);
    CHECK_STATUS(hk_app_set_trace_callback(NULL, record_trace, &log, NULL), HK_ERR_INVALID_ARGUMENT);
}

/* Runs the dragged app with standard error in a file, HITKIT_TRACE set to `value` (or unset) when
 * the app is made; returns what was written (-1 if the file could not be made). */
static ssize_t stderr_of_drag(const char *value, char *text, size_t size) {
    char path[] = "/tmp/hitkit-trace-XXXXXX";
    int file = mkstemp(path), saved = dup(STDERR_FILENO);
    if (file < 0 || saved < 0) return -1;
    fflush(stderr);
    dup2(file, STDERR_FILENO);
    if (value != NULL) setenv("HITKIT_TRACE", value, 1);
    hk_view view;
    hk_app *app = tapped_app(&view);
    unsetenv("HITKIT_TRACE");
    drag(app, 0);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    memset(text, 0, size);
    lseek(file, 0, SEEK_SET);
    ssize_t length = read(file, text, size - 1);
    close(file);
    unlink(path);
    return length;
}

/* HITKIT_TRACE=1: an app made while it is set writes each record's text to standard error. */
static void check_environment(void) {
    static char text[16384];
    CHECK(stderr_of_drag("1", text, sizeof text) > 0);
    CHECK(strncmp(text, "t=0 hit-test touch 1: ", 22) == 0);
    CHECK(strstr(text, "\nt=0 hit touch 1: ") != NULL);
    CHECK(strstr(text, "\nt=0.05 state: Tap#1 possible \xe2\x86\x92 failed: moved 20 pt > allowableMovement 10\n") != NULL);
    /* Unset, or any other value: nothing. */
    CHECK(stderr_of_drag(NULL, text, sizeof text) == 0);
    CHECK(stderr_of_drag("0", text, sizeof text) == 0);
}

/* ---------------------------------------------------------------------------------------- */
/* Every kind reaches C with its own code: small scenes, one or more kinds each, whose records   */
/* all go through record_trace, which holds each record's kind to its name.                      */

static hk_app *traced_app(trace_log *log, hk_view *window) {
    hk_app *app = hk_app_create();
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 400, 400), 0, window), HK_OK);
    CHECK_STATUS(hk_window_make_key(app, *window), HK_OK);
    CHECK_STATUS(hk_app_set_trace_callback(app, record_trace, log, NULL), HK_OK);
    return app;
}

static hk_view view_in(hk_app *app, hk_view parent, double x, double y, double w, double h) {
    hk_view view = hk_no_view();
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(x, y, w, h), &view), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, view, parent), HK_OK);
    return view;
}

static void tap_at(hk_app *app, double t, double x, double y) {
    hk_touch_input began = touch_at(1, HK_PHASE_BEGAN, x, y), ended = touch_at(1, HK_PHASE_ENDED, x, y);
    CHECK_STATUS(hk_app_send_frame(app, t, &began, 1), HK_OK);
    CHECK_STATUS(hk_app_send_frame(app, t + 0.05, &ended, 1), HK_OK);
}

static void key_pair(hk_app *app, double t, int32_t code, const char *text, uint32_t modifiers, int repeats) {
    hk_key_input keys[3];
    memset(keys, 0, sizeof keys);
    for (int i = 0; i < 3; i++) {
        keys[i].code = code; keys[i].characters = keys[i].characters_ignoring_modifiers = text;
        keys[i].modifier_flags = modifiers;
        keys[i].phase = i == 1 + repeats ? HK_KEY_UP : HK_KEY_DOWN;
    }
    CHECK_STATUS(hk_app_send_key_frame(app, t, keys, (size_t)(2 + repeats), NULL), HK_OK);
}

/* A hit test answering another view for any point in the view's 100-point square. */
static void answer_given_view(hk_store *store, const hk_view *view, const hk_point *point, hk_view *answer, void *user_data) {
    (void)store; (void)view;
    if (point->x >= 0 && point->x < 100 && point->y >= 0 && point->y < 100) *answer = *(const hk_view *)user_data;
}
static int never_inside(hk_store *store, const hk_view *view, const hk_point *point, void *user_data) {
    (void)store; (void)view; (void)point; (void)user_data;
    return 0;
}
static void note_touched(const hk_touch_event *event, void *user_data) { *(hk_view *)user_data = event->view; }

/* Hit testing: a hidden view skipped, a view outside the point, a redirect to the superview, a
 * view passing touches through, and C hit-test and point-inside callbacks, whose answers the
 * trace's walk gives as the engine does (it asks the store's overrides, not the view's class). */
static void hit_test_kinds(trace_log *log) {
    hk_view window, touched = hk_no_view();
    hk_app *app = traced_app(log, &window);
    hk_store *store = hk_app_store(app);
    hk_view pass = view_in(app, window, 0, 0, 200, 200), redirect = view_in(app, pass, 0, 0, 50, 50);
    hk_view hidden = view_in(app, window, 0, 0, 200, 200);
    hk_view custom = view_in(app, window, 200, 0, 100, 100), other = view_in(app, window, 200, 200, 100, 100);
    CHECK_STATUS(hk_view_set_flag(store, pass, HK_FLAG_PASS_THROUGH, 1), HK_OK);
    CHECK_STATUS(hk_view_set_flag(store, redirect, HK_FLAG_REDIRECTS_TO_SUPERVIEW, 1), HK_OK);
    CHECK_STATUS(hk_view_set_flag(store, hidden, HK_FLAG_HIDDEN, 1), HK_OK);
    CHECK_STATUS(hk_view_set_hit_test_callback(store, custom, answer_given_view, &other, NULL), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_callback(app, other, note_touched, &touched, NULL), HK_OK);

    tap_at(app, 0, 20, 20);
    CHECK(log->kinds[HK_TRACE_SKIPPED] == 1 && log->kinds[HK_TRACE_REDIRECT] == 1 && hk_view_equal(log->hit, pass));
    tap_at(app, 1, 150, 150);
    CHECK(log->kinds[HK_TRACE_PASS_THROUGH] == 1 && log->kinds[HK_TRACE_OUTSIDE] >= 1 && hk_view_equal(log->hit, window));
    tap_at(app, 2, 250, 50);
    /* The custom view is asked at every hit test, and answers at the third alone. */
    CHECK(log->kinds[HK_TRACE_OVERRIDE] == 3 && hk_view_equal(touched, other) && hk_view_equal(log->hit, other));
    /* A view that says no point is inside it: asked, with the custom view, and the window under
     * it is the answer. */
    hk_view shy = view_in(app, window, 300, 300, 100, 100);
    CHECK_STATUS(hk_view_set_point_inside_callback(store, shy, never_inside, NULL, NULL), HK_OK);
    tap_at(app, 3, 350, 350);
    CHECK(log->kinds[HK_TRACE_OVERRIDE] == 5 && hk_view_equal(log->hit, window));
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* Recognizers and delivery: a tap waiting for a double tap to fail, whose withheld end is
 * released when it recognizes (it cancels no touch); a tap for the pointer alone left out of a
 * finger's touch; a long press cancelling its touch in the view;
 * a button keeping its row's tap from beginning while it tracks. */
static void recognizer_kinds(trace_log *log) {
    hk_view window, touched = hk_no_view(), button;
    hk_gesture single, twice, pointer_only, hold, row_tap;
    hk_app *app = traced_app(log, &window);
    hk_view pad = view_in(app, window, 0, 0, 200, 200), held = view_in(app, window, 200, 0, 200, 200);
    hk_view row = view_in(app, window, 0, 200, 400, 200);
    CHECK_STATUS(hk_app_view_set_touch_callback(app, pad, note_touched, &touched, NULL), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_callback(app, held, note_touched, &touched, NULL), HK_OK);
    CHECK_STATUS(hk_tap_create(app, pad, 1, 1, &single), HK_OK);
    CHECK_STATUS(hk_tap_create(app, pad, 2, 1, &twice), HK_OK);
    CHECK_STATUS(hk_gesture_require_to_fail(app, single, twice), HK_OK);
    CHECK_STATUS(hk_gesture_set_cancels_touches_in_view(app, single, 0), HK_OK);
    CHECK_STATUS(hk_tap_create(app, pad, 3, 1, &pointer_only), HK_OK);
    CHECK_STATUS(hk_gesture_set_allowed_touch_types(app, pointer_only, HK_TOUCH_TYPE_INDIRECT_POINTER), HK_OK);
    CHECK_STATUS(hk_long_press_create(app, held, 0.5, 1, &hold), HK_OK);
    CHECK_STATUS(hk_tap_create(app, row, 1, 1, &row_tap), HK_OK);
    CHECK_STATUS(hk_button_create(app, hk_make_rect(0, 0, 100, 50), &button), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, button, row), HK_OK);

    tap_at(app, 0, 50, 50);
    CHECK_STATUS(hk_app_advance(app, 1), HK_OK);
    CHECK(log->kinds[HK_TRACE_WAITING] >= 1 && log->kinds[HK_TRACE_WITHHELD] >= 1 && log->kinds[HK_TRACE_RELEASED] >= 1);
    CHECK(log->kinds[HK_TRACE_FILTERED] >= 1 && log->kinds[HK_TRACE_COLLECTED] >= 1 && log->kinds[HK_TRACE_STATE] >= 1);
    hk_touch_input down = touch_at(1, HK_PHASE_BEGAN, 300, 50), up = touch_at(1, HK_PHASE_ENDED, 300, 50);
    CHECK_STATUS(hk_app_send_frame(app, 2, &down, 1), HK_OK);
    CHECK_STATUS(hk_app_advance(app, 2.6), HK_OK);
    CHECK_STATUS(hk_app_send_frame(app, 2.7, &up, 1), HK_OK);
    CHECK(log->kinds[HK_TRACE_CANCELLED_IN_VIEW] >= 1);
    tap_at(app, 3, 50, 225);
    CHECK(log->kinds[HK_TRACE_TRACKING_BEGAN] >= 1 && log->kinds[HK_TRACE_TRACKING_ENDED] >= 1
          && log->kinds[HK_TRACE_CONTROL_PREVENTED] >= 1);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* The pointer, a wheel over a scroll view, a fling and a finger stopping it, a pinch past the
 * maximum bouncing back, and a zoom animation a finger stops. */
static void scroll_and_zoom_kinds(trace_log *log) {
    hk_view window, scroll, photo;
    hk_app *app = traced_app(log, &window);
    CHECK_STATUS(hk_scroll_view_create(app, hk_make_rect(0, 0, 400, 400), &scroll), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, scroll, window), HK_OK);
    photo = view_in(app, scroll, 0, 0, 400, 2000);
    CHECK_STATUS(hk_scroll_view_set_content_size(app, scroll, (hk_size){ 400, 2000 }), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_zoom_scale_limits(app, scroll, 0.5, 2), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_zoom_view(app, scroll, photo), HK_OK);

    hk_pointer_input pointer = { 100, 0, 0, 200, 200, 0, 0 };
    hk_scroll_input wheel = { 200, 200, 0, -40, HK_SCROLL_DISCRETE, 0 };
    CHECK_STATUS(hk_app_send_pointer_frame(app, 0, NULL, 0, &pointer, &wheel), HK_OK);
    pointer.has_left = 1;
    CHECK_STATUS(hk_app_send_pointer_frame(app, 0.1, NULL, 0, &pointer, NULL), HK_OK);
    CHECK(log->kinds[HK_TRACE_POINTER] >= 1 && log->kinds[HK_TRACE_SCROLL] == 1);

    /* A fling upward: the drag's velocity at its end, then a finger landing on the moving view. */
    for (int i = 0; i <= 5; i++) {
        hk_touch_input finger = touch_at(1, i == 0 ? HK_PHASE_BEGAN : i == 5 ? HK_PHASE_ENDED : HK_PHASE_MOVED, 200, 300 - 40.0 * i);
        CHECK_STATUS(hk_app_send_frame(app, 1 + 0.016 * i, &finger, 1), HK_OK);
    }
    CHECK(log->kinds[HK_TRACE_PAN_VELOCITY] == 1);
    CHECK_STATUS(hk_app_advance(app, 1.2), HK_OK);
    tap_at(app, 1.25, 200, 200);
    CHECK(log->kinds[HK_TRACE_SCROLL_STOPPED] == 1);

    /* Two fingers spreading from 100 apart to 360: the pinch zooms past the maximum of 2. */
    for (int i = 0; i < 4; i++) {
        hk_phase phase = i == 0 ? HK_PHASE_BEGAN : i == 3 ? HK_PHASE_ENDED : HK_PHASE_MOVED;
        double spread = i == 0 ? 50 : i == 1 ? 55 : 180;
        hk_touch_input fingers[2] = { touch_at(1, phase, 200 - spread, 200), touch_at(2, phase, 200 + spread, 200) };
        CHECK_STATUS(hk_app_send_frame(app, 2 + 0.02 * i, fingers, 2), HK_OK);
    }
    CHECK(log->kinds[HK_TRACE_ZOOM_BEGAN] == 1 && log->kinds[HK_TRACE_ZOOM_LIMITED] >= 1 && log->kinds[HK_TRACE_ZOOM_ENDED] >= 1);
    CHECK_STATUS(hk_app_advance(app, 3), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_zoom_scale(app, scroll, 1, 1), HK_OK);
    CHECK_STATUS(hk_app_advance(app, 3.05), HK_OK);
    tap_at(app, 3.1, 200, 200);
    CHECK(log->kinds[HK_TRACE_ZOOM_STOPPED] == 1);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

static void on_command(const hk_key_command_event *event, void *user_data) { (void)event; (void)user_data; }

/* The keyboard: a press's target and route, a key nothing takes, key commands performed,
 * repeated and skipped, a press cancelled when the key window changes, an arrow with nothing
 * focused, Tab's candidates and move, and Return activating the focused button. */
static void keyboard_kinds(trace_log *log) {
    hk_view window, field, button, elsewhere;
    hk_key_command save, off;
    int32_t became = 0;
    hk_app *app = traced_app(log, &window);
    CHECK_STATUS(hk_app_focusable_view_create(app, hk_make_rect(10, 10, 100, 40), &field), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, field, window), HK_OK);
    CHECK_STATUS(hk_app_become_first_responder(app, field, &became), HK_OK);
    CHECK_STATUS(hk_app_add_key_command(app, "s", HK_MOD_COMMAND, 0, &save, on_command, NULL, NULL), HK_OK);
    CHECK_STATUS(hk_app_add_key_command(app, "d", HK_MOD_COMMAND, HK_KEY_COMMAND_DISABLED, &off, on_command, NULL, NULL), HK_OK);

    key_pair(app, 0, 4, "a", 0, 0);
    CHECK(log->kinds[HK_TRACE_KEY_TARGET] >= 1 && log->kinds[HK_TRACE_PRESS_ROUTE] >= 1 && log->kinds[HK_TRACE_KEY_UNHANDLED] >= 1);
    key_pair(app, 1, 22, "s", HK_MOD_COMMAND, 1);
    CHECK(log->kinds[HK_TRACE_KEY_COMMAND] >= 1 && log->kinds[HK_TRACE_KEY_REPEAT] == 1);
    key_pair(app, 2, 7, "d", HK_MOD_COMMAND, 0);
    CHECK(log->kinds[HK_TRACE_KEY_COMMAND_SKIPPED] >= 1);

    /* A key down when another window becomes key: its press is cancelled. */
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 100, 100), 0, &elsewhere), HK_OK);
    hk_key_input down = { 4, HK_KEY_DOWN, "a", "a", 0, 0 };
    CHECK_STATUS(hk_app_send_key_frame(app, 3, &down, 1, NULL), HK_OK);
    CHECK_STATUS(hk_window_make_key(app, elsewhere), HK_OK);
    CHECK(log->kinds[HK_TRACE_PRESS_CANCELLED] == 1);
    CHECK_STATUS(hk_window_make_key(app, window), HK_OK);

    /* The focus system: an arrow with nothing focused moves nothing; Tab focuses the button;
     * Return activates it. */
    CHECK_STATUS(hk_button_create(app, hk_make_rect(10, 200, 60, 40), &button), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, button, window), HK_OK);
    CHECK_STATUS(hk_window_set_focus_system_enabled(app, window, 1), HK_OK);
    key_pair(app, 4, 79, "UIKeyInputRightArrow", 0, 0);
    CHECK(log->kinds[HK_TRACE_FOCUS_NOT_MOVED] == 1);
    key_pair(app, 5, 43, "\t", 0, 0);
    CHECK(log->kinds[HK_TRACE_FOCUS_CANDIDATES] >= 1 && log->kinds[HK_TRACE_FOCUS] >= 1);
    key_pair(app, 6, 40, "\r", 0, 0);
    CHECK(log->kinds[HK_TRACE_ACTIVATED] == 1);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

static int32_t one_item(hk_app *app, hk_interaction drag, void *user_data) { (void)app; (void)drag; (void)user_data; return 1; }
static int one_menu_item(hk_app *app, hk_interaction menu, hk_point location, hk_menu_item *items, int32_t capacity,
                         int32_t *count, void *user_data) {
    (void)app; (void)menu; (void)location; (void)user_data;
    if (capacity < 1) return 0;
    items[0].frame = hk_make_rect(250, 0, 100, 40); items[0].enabled = 1; items[0].identifier = "copy";
    *count = 1;
    return 1;
}

/* A context menu asked and shown, and a drag lifted, its session begun over a drop target. */
static void interaction_kinds(trace_log *log) {
    hk_view window;
    hk_interaction menu, drag, drop;
    hk_context_menu_callbacks menu_callbacks = { one_menu_item, NULL, NULL, NULL, NULL };
    hk_drag_callbacks drag_callbacks = { one_item, NULL, NULL, NULL, NULL, NULL };
    hk_drop_callbacks drop_callbacks;
    memset(&drop_callbacks, 0, sizeof drop_callbacks);
    hk_app *app = traced_app(log, &window);
    hk_view photo = view_in(app, window, 0, 0, 200, 100), source = view_in(app, window, 0, 100, 400, 100);
    hk_view target = view_in(app, window, 0, 200, 400, 200);
    CHECK_STATUS(hk_app_view_add_context_menu(app, photo, &menu, &menu_callbacks, NULL, NULL), HK_OK);
    CHECK_STATUS(hk_app_view_add_drag(app, source, &drag, &drag_callbacks, NULL, NULL), HK_OK);
    CHECK_STATUS(hk_app_view_add_drop(app, target, &drop, &drop_callbacks, NULL, NULL), HK_OK);

    hk_touch_input finger = touch_at(1, HK_PHASE_BEGAN, 50, 50);
    CHECK_STATUS(hk_app_send_frame(app, 0, &finger, 1), HK_OK);
    CHECK_STATUS(hk_app_advance(app, 0.4), HK_OK);
    finger.phase = HK_PHASE_ENDED;
    CHECK_STATUS(hk_app_send_frame(app, 0.5, &finger, 1), HK_OK);
    CHECK(log->kinds[HK_TRACE_MENU_ASKED] >= 1 && log->kinds[HK_TRACE_MENU_SHOWN] >= 1);
    CHECK_STATUS(hk_context_menu_dismiss(app, menu), HK_OK);

    finger = touch_at(1, HK_PHASE_BEGAN, 100, 150);
    CHECK_STATUS(hk_app_send_frame(app, 1, &finger, 1), HK_OK);
    CHECK_STATUS(hk_app_advance(app, 1.4), HK_OK);
    finger = touch_at(1, HK_PHASE_MOVED, 100, 300);
    CHECK_STATUS(hk_app_send_frame(app, 1.5, &finger, 1), HK_OK);
    finger.phase = HK_PHASE_ENDED;
    CHECK_STATUS(hk_app_send_frame(app, 1.6, &finger, 1), HK_OK);
    CHECK(log->kinds[HK_TRACE_LIFT] >= 1 && log->kinds[HK_TRACE_SESSION] >= 1 && log->kinds[HK_TRACE_DROP_TARGET] >= 1);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

static void check_every_kind(void) {
    trace_log log;
    memset(&log, 0, sizeof log);
    hit_test_kinds(&log);
    recognizer_kinds(&log);
    scroll_and_zoom_kinds(&log);
    keyboard_kinds(&log);
    interaction_kinds(&log);
    CHECK(log.malformed == 0);
    for (int kind = 0; kind <= HK_TRACE_DROP_TARGET; kind++) {
        if (log.kinds[kind] > 0) COUNT_PASSED();
        else { COUNT_FAILED(); fprintf(stderr, "FAIL %s:%d: no %s record reached C\n", __FILE__, __LINE__, kind_names[kind]); }
    }
}

void test_trace(void) {
    check_callback();
    check_every_kind();
    check_environment();
}

typedef struct { hk_app *app; int ended; } disabling_tap;

static void disable_the_control(const hk_action_event *event, void *user_data) {
    disabling_tap *state = user_data;
    CHECK_STATUS(hk_control_set_enabled(state->app, event->control, 0), HK_OK);
}

static void count_tracking_ends(const hk_trace_record *record, void *user_data) {
    if (record->kind == HK_TRACE_TRACKING_ENDED) ((disabling_tap *)user_data)->ended++;
}

/* A button that disables itself from its touchUpInside action (a form's "Submit") ends its
 * tracking once: the trace has one tracking-ended record, not a second for the disabling. */
void test_trace_control_disabled_by_its_up(void) {
    hk_app *app = hk_app_create();
    hk_view window, button;
    hk_action_id action;
    disabling_tap state = { app, 0 };
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 200, 200), 0, &window), HK_OK);
    CHECK_STATUS(hk_button_create(app, hk_make_rect(10, 10, 100, 40), &button), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, button, window), HK_OK);
    CHECK_STATUS(hk_control_add_action(app, button, HK_EVENT_TOUCH_UP_INSIDE, &action, disable_the_control, &state, NULL), HK_OK);
    CHECK_STATUS(hk_app_set_trace_callback(app, count_tracking_ends, &state, NULL), HK_OK);
    hk_touch_input tap;
    memset(&tap, 0, sizeof tap);
    tap.id = 1; tap.phase = HK_PHASE_BEGAN; tap.has_location = 1; tap.x = 50; tap.y = 30;
    CHECK_STATUS(hk_app_send_frame(app, 0, &tap, 1), HK_OK);
    tap.phase = HK_PHASE_ENDED;
    CHECK_STATUS(hk_app_send_frame(app, 0.1, &tap, 1), HK_OK);
    CHECK(state.ended == 1);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

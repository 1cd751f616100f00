/*
 * The decision trace through C: hk_app_set_trace_callback hands every record over with
 * its kind, ids, causes and message, lets go of its user data when replaced or with the app, and
 * HITKIT_TRACE=1 makes an app write the text trace to standard error.
 */
#define _POSIX_C_SOURCE 200809L  /* mkstemp, setenv, dup */
#include "check.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    int records, malformed;
    int kinds[HK_TRACE_SCROLL_STOPPED + 1];
    hk_view hit;                  /* the answer of the last hit test */
    int32_t tap_number;           /* the tap's trace number, from its state records */
    int moved_cause;              /* a state record carried the distance moved */
} trace_log;

static int destroyed;
static void count_destroy(void *user_data) { (void)user_data; destroyed++; }

static void record_trace(const hk_trace_record *r, void *user_data) {
    trace_log *log = user_data;
    log->records++;
    if (r->kind < 0 || r->kind > HK_TRACE_SCROLL_STOPPED || r->kind_name == NULL || r->message == NULL || r->text == NULL
        || strncmp(r->text, "t=", 2) != 0 || strstr(r->text, r->kind_name) == NULL || strstr(r->text, r->message) == NULL) {
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
    /* The fields agree with the text: its time, and whether it is about a touch. */
    char prefix[40];
    snprintf(prefix, sizeof prefix, "t=%g ", r->timestamp);
    if (strncmp(r->text, prefix, strlen(prefix)) != 0) log->malformed++;
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

void test_trace(void) {
    check_callback();
    check_environment();
}

/*
 * A scene's delivery log (Behaviour B6) through C: hk_scene_set_log_callback hands each line over
 * as it is written — inside the frame or the advance that writes it — with its length, lets go of
 * its user data when replaced, cleared or with the app, and refuses NULL, stale and foreign apps,
 * apps without a scene and other threads. The expected lines are derived from B6 by hand.
 */
#include "check.h"

#include <pthread.h>
#include <string.h>

/* A card with a tap that logs its touches, a button that logs its tracking and sends an action
 * to the window, a double-tap pad, and a list that logs its offset. */
static const char scene_json[] =
    "{ \"windows\": [ { \"id\": \"win\", \"frame\": [0, 0, 320, 480], \"actions\": [\"okTapped\"], \"subviews\": [\n"
    "  { \"id\": \"ok\", \"frame\": [10, 10, 100, 44], \"control\": { \"type\": \"button\", \"logTracking\": true,\n"
    "    \"targets\": [ { \"events\": [\"touchUpInside\"], \"target\": null, \"action\": \"okTapped\" } ] } },\n"
    "  { \"id\": \"card\", \"frame\": [0, 100, 200, 100], \"touches\": \"log\",\n"
    "    \"gestures\": [ { \"id\": \"cardTap\", \"type\": \"tap\" } ] },\n"
    "  { \"id\": \"pad\", \"frame\": [0, 220, 200, 100], \"gestures\": [ { \"id\": \"dbl\", \"type\": \"tap\", \"taps\": 2 } ] },\n"
    "  { \"id\": \"list\", \"frame\": [220, 100, 100, 300], \"scrollView\": { \"contentSize\": [100, 900], \"logOffset\": true } }\n"
    "] } ] }\n";

enum { MAX_LINES = 32 };

typedef struct {
    char lines[MAX_LINES][96];
    int count;
    int bad_lengths;          /* a length that is not the string's, or a line break in a line */
    hk_app *app;              /* for the calls made from inside the callback */
    hk_status reentry;        /* what hk_app_send_frame answered from inside the callback */
    int clear_inside;         /* clear the callback from inside it, once */
    int destroyed_inside;     /* the destroy notifications seen while inside the callback */
} heard;

static int destroyed;
static void count_destroy(void *user_data) { (void)user_data; destroyed++; }

static void hear(const char *line, size_t length, void *user_data) {
    heard *h = user_data;
    if (length != strlen(line) || strchr(line, '\n') != NULL) h->bad_lengths++;
    if (h->count < MAX_LINES) snprintf(h->lines[h->count], sizeof h->lines[0], "%s", line);
    h->count++;
    if (h->app != NULL) {
        h->reentry = hk_app_send_frame(h->app, 100, NULL, 0);
        if (h->clear_inside) {
            h->clear_inside = 0;
            CHECK_STATUS(hk_scene_set_log_callback(h->app, NULL, NULL, NULL), HK_OK);
            h->destroyed_inside = destroyed;
        }
    }
}

static hk_app *load(void) {
    hk_app *app = NULL;
    CHECK_STATUS(hk_scene_load_buffer(scene_json, strlen(scene_json), "log.json", &app), HK_OK);
    return app;
}

static void tap(hk_app *app, int64_t id, double time, double x, double y) {
    hk_touch_input down = touch_at(id, HK_PHASE_BEGAN, x, y), up = touch_at(id, HK_PHASE_ENDED, x, y);
    CHECK_STATUS(hk_app_send_frame(app, time, &down, 1), HK_OK);
    CHECK_STATUS(hk_app_send_frame(app, time + 0.1, &up, 1), HK_OK);
}

static int lines_are(const heard *h, int from, const char *const *expected, int count) {
    if (h->count != from + count) return 0;
    for (int i = 0; i < count; i++)
        if (strcmp(h->lines[from + i], expected[i]) != 0) return 0;
    return 1;
}

/* Each kind of line, when it happens: in the frame, at the frame's end, in an advance. */
static void check_lines(void) {
    static const char *const card[] = { "card touchesBegan 1", "cardTap recognized", "card touchesCancelled 1" };
    static const char *const button[] = { "ok beginTracking", "ok endTracking", "win okTapped from ok touchUpInside" };
    hk_app *app = load();
    heard h;
    memset(&h, 0, sizeof h);
    destroyed = 0;
    CHECK_STATUS(hk_scene_set_log_callback(app, hear, &h, count_destroy), HK_OK);

    hk_touch_input down = touch_at(1, HK_PHASE_BEGAN, 50, 150);
    CHECK_STATUS(hk_app_send_frame(app, 0, &down, 1), HK_OK);
    CHECK(h.count == 1 && strcmp(h.lines[0], "card touchesBegan 1") == 0);  /* heard before the frame returned */
    hk_touch_input up = touch_at(1, HK_PHASE_ENDED, 50, 150);
    CHECK_STATUS(hk_app_send_frame(app, 0.1, &up, 1), HK_OK);
    CHECK(lines_are(&h, 0, card, 3));

    tap(app, 2, 1.0, 50, 30);
    CHECK(lines_are(&h, 3, button, 3));

    /* A wheel notch over the list: its offset line comes once, at the frame's end. */
    hk_scroll_input notch = { 270, 200, 0, -40, HK_SCROLL_DISCRETE, 0 };
    CHECK_STATUS(hk_app_send_pointer_frame(app, 1.5, NULL, 0, NULL, &notch), HK_OK);
    CHECK(h.count == 7 && strcmp(h.lines[6], "list contentOffset 0.0 40.0") == 0);

    /* One tap on the double-tap pad: the recognizer fails in the advance that passes its interval. */
    tap(app, 3, 2.0, 50, 250);
    CHECK(h.count == 7);
    CHECK_STATUS(hk_app_advance(app, 3.0), HK_OK);
    CHECK(h.count == 8 && strcmp(h.lines[7], "dbl failed") == 0);
    CHECK(h.bad_lengths == 0);

    /* Cleared: its user data let go once, and nothing heard after. */
    CHECK_STATUS(hk_scene_set_log_callback(app, NULL, NULL, NULL), HK_OK);
    CHECK(destroyed == 1);
    tap(app, 1, 4.0, 50, 150);
    CHECK(h.count == 8);
    /* NULL with user data and a destroy: both ignored. */
    CHECK_STATUS(hk_scene_set_log_callback(app, NULL, &h, count_destroy), HK_OK);
    CHECK(destroyed == 1);

    /* Set, replaced: the first let go, one callback hears each line. */
    heard other;
    memset(&other, 0, sizeof other);
    CHECK_STATUS(hk_scene_set_log_callback(app, hear, &h, count_destroy), HK_OK);
    CHECK_STATUS(hk_scene_set_log_callback(app, hear, &other, count_destroy), HK_OK);
    CHECK(destroyed == 2);
    tap(app, 1, 5.0, 50, 150);  /* the card's lines, as the first time */
    CHECK(h.count == 8 && lines_are(&other, 0, card, 3));
    /* Let go with the app. */
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
    CHECK(destroyed == 3);
}

/* From inside the callback: the app's frames are refused (HK_ERR_BUSY) and the callback may
 * clear itself, its destroy notified once the outermost call returns. */
static void check_from_inside(void) {
    hk_app *app = load();
    heard h;
    memset(&h, 0, sizeof h);
    h.app = app;
    h.reentry = -1;
    h.clear_inside = 1;
    destroyed = 0;
    CHECK_STATUS(hk_scene_set_log_callback(app, hear, &h, count_destroy), HK_OK);
    hk_touch_input down = touch_at(1, HK_PHASE_BEGAN, 50, 150);
    CHECK_STATUS(hk_app_send_frame(app, 0, &down, 1), HK_OK);
    CHECK_STATUS(h.reentry, HK_ERR_BUSY);
    CHECK(h.count == 1 && h.destroyed_inside == 0);
    CHECK(destroyed == 1);
    hk_touch_input up = touch_at(1, HK_PHASE_ENDED, 50, 150);
    CHECK_STATUS(hk_app_send_frame(app, 0.1, &up, 1), HK_OK);
    CHECK(h.count == 1);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
    CHECK(destroyed == 1);
}

typedef struct {
    hk_app *app;
    heard *h;
    hk_status status;
} other_thread;

static void *set_from_another_thread(void *argument) {
    other_thread *t = argument;
    t->status = hk_scene_set_log_callback(t->app, hear, t->h, count_destroy);
    return NULL;
}

/* NULL, a plain app, a destroyed app and another thread: refused, and nothing changes. */
static void check_bad_calls(void) {
    heard h, intruder;
    memset(&h, 0, sizeof h);
    memset(&intruder, 0, sizeof intruder);
    destroyed = 0;
    CHECK_STATUS(hk_scene_set_log_callback(NULL, hear, &h, count_destroy), HK_ERR_INVALID_ARGUMENT);
    hk_app *plain = hk_app_create();
    CHECK_STATUS(hk_scene_set_log_callback(plain, hear, &h, count_destroy), HK_ERR_INVALID_ARGUMENT);
    CHECK(strstr(hk_last_error_message(), "scene") != NULL);
    CHECK_STATUS(hk_app_destroy(plain), HK_OK);
    CHECK_STATUS(hk_scene_set_log_callback(plain, hear, &h, count_destroy), HK_ERR_STALE_HANDLE);
    /* A refused call stores nothing, so it lets go of nothing. */
    CHECK(destroyed == 0);

    hk_app *app = load();
    CHECK_STATUS(hk_scene_set_log_callback(app, hear, &h, count_destroy), HK_OK);
    other_thread t = { app, &intruder, HK_OK };
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, set_from_another_thread, &t) == 0);
    pthread_join(thread, NULL);
    CHECK_STATUS(t.status, HK_ERR_WRONG_THREAD);
    tap(app, 1, 0, 50, 150);
    CHECK(h.count == 3 && intruder.count == 0);
    CHECK(destroyed == 0);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
    CHECK(destroyed == 1);
    CHECK_STATUS(hk_scene_set_log_callback(app, hear, &h, count_destroy), HK_ERR_STALE_HANDLE);
    CHECK(destroyed == 1);
}

void test_scene_log(void) {
    check_lines();
    check_from_inside();
    check_bad_calls();
}

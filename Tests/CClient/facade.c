/*
 * The C API's later additions, each checked by what it does: custom hit tests, touch handlers
 * that pass touches on, recognizer delegates, several actions per control, scroll views, view
 * controllers and the first responder, the next deadline, scenes from memory, and limits.
 */
#include "check.h"

#include <stdint.h>
#include <string.h>

static hk_status send_one(hk_app *app, double time, hk_touch_input t) { return hk_app_send_frame(app, time, &t, 1); }

/* A destroy notification: counts the calls, and remembers the user data of the last. */
static int destroyed;
static void *last_destroyed;
static void count_destroy(void *user_data) {
    destroyed++;
    last_destroyed = user_data;
}

/* ---------------------------------------------------------------------------------------- */
/* Custom hit testing                                                                        */

typedef struct {
    hk_view target;           /* where the window's hit test sends points right of x = 90 */
    int hit_calls, inside_calls;
    hk_status edit_status;    /* an edit tried from inside the callback */
    hk_status destroy_status; /* destroying the store from inside the callback */
} hit_state;

static void window_hit_test(hk_store *store, const hk_view *view, const hk_point *point, hk_view *answer, void *user_data) {
    hit_state *state = user_data;
    state->hit_calls++;
    state->edit_status = hk_view_set_center(store, state->target, hk_make_point(0, 0));
    state->destroy_status = hk_store_destroy(store);
    if (point->x > 90) { *answer = state->target; return; }
    hk_view_default_hit_test(store, *view, *point, answer); /* super */
}

/* A point-inside that widens the view 30 points to the right. */
static int wide_inside(hk_store *store, const hk_view *view, const hk_point *point, void *user_data) {
    hit_state *state = user_data;
    hk_rect bounds;
    state->inside_calls++;
    if (hk_view_bounds(store, *view, &bounds) != HK_OK) return 0;
    return point->x >= 0 && point->x < bounds.width + 30 && point->y >= 0 && point->y < bounds.height;
}

void test_hit_test_callbacks(void) {
    hk_store *store = hk_store_create();
    hk_view window, a, hit;
    hit_state state;
    destroyed = 0;
    memset(&state, 0, sizeof state);
    CHECK_STATUS(hk_window_create(store, hk_make_rect(0, 0, 100, 100), 0, &window), HK_OK);
    CHECK_STATUS(hk_view_create(store, hk_make_rect(10, 10, 50, 50), &a), HK_OK);
    CHECK_STATUS(hk_view_add_subview(store, a, window), HK_OK);
    state.target = a;

    /* Point inside: (70, 20) is outside a's bounds but inside its widened area. */
    CHECK_STATUS(hk_hit_test_screen(store, hk_make_point(70, 20), &hit), HK_OK);
    CHECK(hk_view_equal(hit, window));
    CHECK_STATUS(hk_view_set_point_inside_callback(store, a, wide_inside, &state, count_destroy), HK_OK);
    CHECK_STATUS(hk_hit_test_screen(store, hk_make_point(70, 20), &hit), HK_OK);
    CHECK(hk_view_equal(hit, a));
    CHECK(state.inside_calls >= 1);
    int32_t inside = -1;
    CHECK_STATUS(hk_view_point_inside(store, a, hk_make_point(70, 20), &inside), HK_OK);
    CHECK(inside == 1);
    CHECK_STATUS(hk_view_default_point_inside(store, a, hk_make_point(70, 20), &inside), HK_OK);
    CHECK(inside == 0);

    /* Hit test: right of x = 90 goes to a; elsewhere the default (which still asks a's callback). */
    CHECK_STATUS(hk_view_set_hit_test_callback(store, window, window_hit_test, &state, count_destroy), HK_OK);
    CHECK_STATUS(hk_hit_test_screen(store, hk_make_point(95, 95), &hit), HK_OK);
    CHECK(hk_view_equal(hit, a));
    CHECK_STATUS(hk_hit_test_screen(store, hk_make_point(5, 5), &hit), HK_OK);
    CHECK(hk_view_equal(hit, window));
    CHECK_STATUS(hk_hit_test_screen(store, hk_make_point(70, 20), &hit), HK_OK);
    CHECK(hk_view_equal(hit, a));
    CHECK(state.hit_calls == 3);
    /* From inside a hit test the store can be read but not edited or destroyed. */
    CHECK(state.edit_status == HK_ERR_BUSY);
    CHECK(state.destroy_status == HK_ERR_BUSY);
    /* A non-finite point is refused, and no callback ever sees it. */
    CHECK(non_finite_points_accepted(store) == 0);
    CHECK(state.hit_calls == 3);
    CHECK_STATUS(hk_view_default_hit_test(store, window, hk_make_point(95, 95), &hit), HK_OK);
    CHECK(hk_view_equal(hit, window));

    /* Destroy notifications: replacing a callback notifies the old user data once; destroying
     * the view notifies its callback's; the store's destroy notifies the rest. */
    CHECK(destroyed == 0);
    CHECK_STATUS(hk_view_set_hit_test_callback(store, window, window_hit_test, &state, count_destroy), HK_OK);
    CHECK(destroyed == 1);
    CHECK_STATUS(hk_view_destroy(store, a), HK_OK);
    CHECK(destroyed == 2);
    CHECK_STATUS(hk_view_set_hit_test_callback(store, window, NULL, &state, count_destroy), HK_OK);
    CHECK(destroyed == 3);
    CHECK_STATUS(hk_view_set_hit_test_callback(store, window, window_hit_test, &state, count_destroy), HK_OK);
    CHECK_STATUS(hk_store_destroy(store), HK_OK);
    CHECK(destroyed == 4);
}

/* A hit test of a store whose views call C counts itself in as a C call: from inside its
 * callback, destroying another store notifies that store's user data only once the hit test
 * has returned; the callback's own store cannot be destroyed; reads and conversions work. */
typedef struct {
    hk_store *other;          /* destroyed by the callback's first call, then NULL */
    hk_status destroy_other, destroy_self, frame_status, convert_status;
    int destroyed_inside;     /* the destroy notifications seen right after destroying `other` */
    hk_point converted;       /* the callback's point, in screen coordinates */
} counting_state;

static int inside_yes(hk_store *store, const hk_view *view, const hk_point *point, void *user_data) {
    (void)store, (void)view, (void)point, (void)user_data;
    return 1;
}

static int destroys_other(hk_store *store, const hk_view *view, const hk_point *point, void *user_data) {
    counting_state *state = user_data;
    if (state->other) {
        state->destroy_other = hk_store_destroy(state->other);
        state->other = NULL;
        state->destroyed_inside = destroyed;
    }
    state->destroy_self = hk_store_destroy(store);
    hk_rect frame;
    state->frame_status = hk_view_frame(store, *view, &frame);
    state->convert_status = hk_convert_point(store, *point, *view, hk_no_view(), &state->converted);
    return 1;
}

/* A store whose one view has a point-inside callback with a destroy notification. */
static hk_store *store_with_callback(void *user_data) {
    hk_store *store = hk_store_create();
    hk_view view;
    CHECK_STATUS(hk_view_create(store, hk_make_rect(0, 0, 5, 5), &view), HK_OK);
    CHECK_STATUS(hk_view_set_point_inside_callback(store, view, inside_yes, user_data, count_destroy), HK_OK);
    return store;
}

void test_callback_queries_count_in(void) {
    hk_store *store = hk_store_create();
    hk_view window, a, hit;
    counting_state state;
    int other_data;
    memset(&state, 0, sizeof state);
    destroyed = 0;
    CHECK_STATUS(hk_window_create(store, hk_make_rect(0, 0, 100, 100), 0, &window), HK_OK);
    CHECK_STATUS(hk_view_create(store, hk_make_rect(10, 10, 50, 50), &a), HK_OK);
    CHECK_STATUS(hk_view_add_subview(store, a, window), HK_OK);
    CHECK_STATUS(hk_view_set_point_inside_callback(store, a, destroys_other, &state, NULL), HK_OK);

    /* hk_hit_test_screen, then hk_hit_test_view and hk_hit_test_screen_points: each destroys a
     * store from inside the callback, and the notification waits for the query to return. */
    state.other = store_with_callback(&other_data);
    CHECK_STATUS(hk_hit_test_screen(store, hk_make_point(20, 30), &hit), HK_OK);
    CHECK(hk_view_equal(hit, a));
    CHECK_STATUS(state.destroy_other, HK_OK);
    CHECK(state.destroyed_inside == 0);
    CHECK(destroyed == 1 && last_destroyed == &other_data);
    CHECK_STATUS(state.destroy_self, HK_ERR_BUSY);
    CHECK_STATUS(state.frame_status, HK_OK);
    CHECK_STATUS(state.convert_status, HK_OK);
    CHECK(state.converted.x == 20 && state.converted.y == 30);

    state.other = store_with_callback(&other_data);
    CHECK_STATUS(hk_hit_test_view(store, window, hk_make_point(20, 30), &hit), HK_OK);
    CHECK(hk_view_equal(hit, a));
    CHECK(state.destroyed_inside == 1 && destroyed == 2);

    state.other = store_with_callback(&other_data);
    const hk_point points[2] = { { 20, 30 }, { 150, 150 } };
    hk_view answers[2];
    CHECK_STATUS(hk_hit_test_screen_points(store, points, 2, answers), HK_OK);
    CHECK(hk_view_equal(answers[0], a) && hk_view_is_none(answers[1]));
    CHECK(state.destroyed_inside == 2 && destroyed == 3);

    /* The store was never destroyed from inside: it still answers, and goes now. */
    CHECK_STATUS(hk_hit_test_screen(store, hk_make_point(20, 30), &hit), HK_OK);
    CHECK(hk_view_equal(hit, a));
    CHECK_STATUS(hk_store_destroy(store), HK_OK);
}

/* ---------------------------------------------------------------------------------------- */
/* Touch handlers                                                                            */

typedef struct {
    int result;               /* what the handler answers */
    int calls;
    hk_phase phases[16];
} handler_state;

static int handle_touch(const hk_touch_event *event, void *user_data) {
    handler_state *state = user_data;
    if (state->calls < 16) state->phases[state->calls] = event->phase;
    state->calls++;
    return state->result;
}

static int action_count;
static void count_action(const hk_action_event *event, void *user_data) {
    (void)event;
    (*(int *)user_data)++;
}

static void tap(hk_app *app, double time, double x, double y) {
    CHECK_STATUS(send_one(app, time, touch_at(1, HK_PHASE_BEGAN, x, y)), HK_OK);
    CHECK_STATUS(send_one(app, time + 0.05, touch_at(1, HK_PHASE_ENDED, x, y)), HK_OK);
}

/* Records the touch ids a handler is asked about; passes the odd ones on. */
typedef struct {
    int calls;
    int64_t ids[8];
} id_state;

static int pass_odd_ids(const hk_touch_event *event, void *user_data) {
    id_state *state = user_data;
    if (state->calls < 8) state->ids[state->calls] = event->touch_id;
    state->calls++;
    return event->touch_id % 2 ? HK_TOUCH_PASS_ON : HK_TOUCH_CONSUME;
}

static void count_touch_calls(const hk_touch_event *event, void *user_data) {
    (void)event;
    (*(int *)user_data)++;
}

/* Two touches in one touch call: the handler is asked in ascending ids whatever the frame's
 * order, and only the touch it passes on goes to the next responder. */
static void test_touch_handler_order(void) {
    hk_app *app = hk_app_create();
    hk_view window, child;
    id_state on_child, on_window;
    memset(&on_child, 0, sizeof on_child);
    memset(&on_window, 0, sizeof on_window);
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 200, 200), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 100, 100), &child), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, child, window), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_handler(app, child, pass_odd_ids, &on_child, NULL), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_handler(app, window, pass_odd_ids, &on_window, NULL), HK_OK);
    /* Without it a view gets the first of its touches alone (Behaviour A3). */
    CHECK_STATUS(hk_view_set_flag(hk_app_store(app), child, HK_FLAG_MULTIPLE_TOUCH_ENABLED, 1), HK_OK);
    CHECK_STATUS(hk_view_set_flag(hk_app_store(app), window, HK_FLAG_MULTIPLE_TOUCH_ENABLED, 1), HK_OK);
    hk_touch_input began[2] = { touch_at(8, HK_PHASE_BEGAN, 20, 20), touch_at(3, HK_PHASE_BEGAN, 60, 60) };
    hk_touch_input ended[2] = { touch_at(8, HK_PHASE_ENDED, 20, 20), touch_at(3, HK_PHASE_ENDED, 60, 60) };
    CHECK_STATUS(hk_app_send_frame(app, 0, began, 2), HK_OK);
    CHECK_STATUS(hk_app_send_frame(app, 0.05, ended, 2), HK_OK);
    CHECK(on_child.calls == 4 && on_child.ids[0] == 3 && on_child.ids[1] == 8 && on_child.ids[2] == 3 && on_child.ids[3] == 8);
    CHECK(on_window.calls == 2 && on_window.ids[0] == 3 && on_window.ids[1] == 3);
    /* A touch callback instead keeps every touch: the window's handler hears none. */
    int kept = 0;
    CHECK_STATUS(hk_app_view_set_touch_callback(app, child, count_touch_calls, &kept, NULL), HK_OK);
    CHECK_STATUS(hk_app_send_frame(app, 1, began, 2), HK_OK);
    CHECK_STATUS(hk_app_send_frame(app, 1.05, ended, 2), HK_OK);
    CHECK(kept == 4 && on_window.calls == 2);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

void test_touch_handlers(const char *scenes_dir) {
    test_touch_handler_order();

    hk_app *app = hk_app_create();
    hk_view window, child, button;
    handler_state on_window, on_child, on_button;
    int actions = 0;
    destroyed = 0;
    memset(&on_window, 0, sizeof on_window);
    memset(&on_child, 0, sizeof on_child);
    memset(&on_button, 0, sizeof on_button);
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 200, 200), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 100, 100), &child), HK_OK);
    CHECK_STATUS(hk_button_create(app, hk_make_rect(100, 100, 100, 100), &button), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, child, window), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, button, window), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_handler(app, window, handle_touch, &on_window, count_destroy), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_handler(app, child, handle_touch, &on_child, count_destroy), HK_OK);
    CHECK_STATUS(hk_control_set_action_callback(app, button, HK_EVENT_TOUCH_UP_INSIDE, count_action, &actions, NULL), HK_OK);

    /* Consumed by the child: the window hears nothing. */
    on_child.result = HK_TOUCH_CONSUME;
    tap(app, 0, 50, 50);
    CHECK(on_child.calls == 2 && on_child.phases[0] == HK_PHASE_BEGAN && on_child.phases[1] == HK_PHASE_ENDED);
    CHECK(on_window.calls == 0);
    /* Passed on: the child's next responder, the window, gets the same touch. */
    on_child.result = HK_TOUCH_PASS_ON;
    tap(app, 1, 50, 50);
    CHECK(on_child.calls == 4);
    CHECK(on_window.calls == 2 && on_window.phases[0] == HK_PHASE_BEGAN && on_window.phases[1] == HK_PHASE_ENDED);

    /* On a control: passing on lets the button track the touch and send its action; consuming
     * keeps the touch from it. */
    CHECK_STATUS(hk_app_view_set_touch_handler(app, button, handle_touch, &on_button, count_destroy), HK_OK);
    on_button.result = HK_TOUCH_PASS_ON;
    tap(app, 2, 150, 150);
    CHECK(on_button.calls == 2);
    CHECK(actions == 1);
    on_button.result = HK_TOUCH_CONSUME;
    tap(app, 3, 150, 150);
    CHECK(on_button.calls == 4);
    CHECK(actions == 1);

    /* Clearing a handler notifies its user data; the view is plain again (touches go up). */
    CHECK_STATUS(hk_app_view_set_touch_handler(app, child, NULL, NULL, NULL), HK_OK);
    CHECK(destroyed == 1);
    tap(app, 4, 50, 50);
    CHECK(on_child.calls == 4);
    CHECK(on_window.calls == 4);
    /* Destroying a view notifies its handler's user data; destroying the app the rest. */
    CHECK_STATUS(hk_app_view_destroy(app, button), HK_OK);
    CHECK(destroyed == 2);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
    CHECK(destroyed == 3);

    /* On a view loaded from a scene: its handler sees the touch, and passing it on keeps the
     * scene's own behaviour (the view forwards to the window, whose handler sees it too). */
    char path[1024];
    hk_app *scene = NULL;
    hk_view row, win;
    snprintf(path, sizeof path, "%s/scroll-offset.json", scenes_dir);
    CHECK_STATUS(hk_scene_load(path, &scene), HK_OK);
    if (scene == NULL) return;
    CHECK_STATUS(hk_scene_view(scene, "row3", &row), HK_OK);
    CHECK_STATUS(hk_scene_view(scene, "win", &win), HK_OK);
    memset(&on_child, 0, sizeof on_child);
    memset(&on_window, 0, sizeof on_window);
    on_child.result = HK_TOUCH_PASS_ON;
    /* A scene view is the façade's plain View, but not made by hk_app_view_create: no touch callback. */
    CHECK_STATUS(hk_app_view_set_touch_callback(scene, row, NULL, NULL, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_app_view_set_touch_handler(scene, row, handle_touch, &on_child, NULL), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_handler(scene, win, handle_touch, &on_window, NULL), HK_OK);
    tap(scene, 0, 150, 150); /* offset 200: row3 (300...400 in content) is at 100...200 */
    CHECK(on_child.calls == 2);
    CHECK(on_window.calls == 2);
    on_child.result = HK_TOUCH_CONSUME;
    tap(scene, 1, 150, 150);
    CHECK(on_child.calls == 4);
    CHECK(on_window.calls == 2);
    CHECK_STATUS(hk_app_destroy(scene), HK_OK);
}

/* ---------------------------------------------------------------------------------------- */
/* Recognizer delegates                                                                      */

typedef struct {
    hk_gesture partner;       /* the recognizer the pair questions answer yes about */
    int begin_answer, receive_answer;
    int begin_calls, receive_calls, pair_calls;
    int64_t last_touch;
    double last_x, last_y;
} delegate_state;

static int delegate_begin(hk_app *app, hk_gesture g, void *user_data) {
    delegate_state *d = user_data;
    (void)app; (void)g;
    d->begin_calls++;
    return d->begin_answer;
}

static int delegate_receive(hk_app *app, hk_gesture g, int64_t touch_id, double x, double y, void *user_data) {
    delegate_state *d = user_data;
    (void)app; (void)g;
    d->receive_calls++;
    d->last_touch = touch_id;
    d->last_x = x;
    d->last_y = y;
    return d->receive_answer;
}

static int delegate_pair(hk_app *app, hk_gesture g, hk_gesture other, void *user_data) {
    delegate_state *d = user_data;
    (void)app; (void)g;
    d->pair_calls++;
    return other == d->partner;
}

/* Two fingers spreading and turning by 90 degrees about (100, 100): a pinch and a rotation. */
static void pinch_and_turn(hk_app *app, double t) {
    hk_touch_input began[2] = { touch_at(1, HK_PHASE_BEGAN, 90, 100), touch_at(2, HK_PHASE_BEGAN, 110, 100) };
    hk_touch_input moved[2] = { touch_at(1, HK_PHASE_MOVED, 100, 60), touch_at(2, HK_PHASE_MOVED, 100, 140) };
    hk_touch_input ended[2] = { touch_at(1, HK_PHASE_ENDED, 100, 60), touch_at(2, HK_PHASE_ENDED, 100, 140) };
    CHECK_STATUS(hk_app_send_frame(app, t, began, 2), HK_OK);
    CHECK_STATUS(hk_app_send_frame(app, t + 0.05, moved, 2), HK_OK);
    CHECK_STATUS(hk_app_send_frame(app, t + 0.1, ended, 2), HK_OK);
}


typedef struct { int began; } began_count;
/* Counts recognitions: a continuous recognizer's began, a discrete one's recognized. */
static void count_began(const hk_gesture_event *event, void *user_data) {
    int continuous = event->kind == HK_GESTURE_PINCH || event->kind == HK_GESTURE_ROTATION;
    if (event->state == (continuous ? HK_STATE_BEGAN : HK_STATE_RECOGNIZED)) ((began_count *)user_data)->began++;
}

/* Two one-tap recognizers on one window, with callbacks counting their recognitions. */
typedef struct { hk_app *app; hk_gesture g[2]; began_count count[2]; } tap_pair;

static void make_tap_pair(tap_pair *p) {
    hk_view window;
    memset(p, 0, sizeof *p);
    p->app = hk_app_create();
    CHECK_STATUS(hk_app_window_create(p->app, hk_make_rect(0, 0, 200, 200), 0, &window), HK_OK);
    for (int i = 0; i < 2; i++) {
        CHECK_STATUS(hk_tap_create(p->app, window, 1, 1, &p->g[i]), HK_OK);
        CHECK_STATUS(hk_gesture_set_callback(p->app, p->g[i], count_began, &p->count[i], NULL), HK_OK);
    }
}

static void tap_once(tap_pair *p) {
    CHECK_STATUS(send_one(p->app, 0, touch_at(1, HK_PHASE_BEGAN, 50, 50)), HK_OK);
    CHECK_STATUS(send_one(p->app, 0.05, touch_at(1, HK_PHASE_ENDED, 50, 50)), HK_OK);
    CHECK_STATUS(hk_app_advance(p->app, 1), HK_OK);
}

/* Failure requirements both ways: the recognizer that wins by default is made to wait for the
 * other, once by its own delegate (should require failure of) and once by the other's (should be
 * required to fail by): the other wins instead. */
static void check_failure_requirements(void) {
    tap_pair p;
    delegate_state d;
    hk_gesture_delegate delegate;
    make_tap_pair(&p);
    tap_once(&p);
    CHECK(p.count[0].began + p.count[1].began == 1);
    int winner = p.count[0].began == 1 ? 0 : 1, loser = 1 - winner;
    CHECK_STATUS(hk_app_destroy(p.app), HK_OK);

    for (int own = 1; own >= 0; own--) {
        make_tap_pair(&p);
        memset(&d, 0, sizeof d);
        memset(&delegate, 0, sizeof delegate);
        if (own) {
            delegate.should_require_failure_of = delegate_pair;
            d.partner = p.g[loser];
            CHECK_STATUS(hk_gesture_set_delegate(p.app, p.g[winner], &delegate, &d, NULL), HK_OK);
        } else {
            delegate.should_be_required_to_fail_by = delegate_pair;
            d.partner = p.g[winner];
            CHECK_STATUS(hk_gesture_set_delegate(p.app, p.g[loser], &delegate, &d, NULL), HK_OK);
        }
        tap_once(&p);
        CHECK(d.pair_calls >= 1);
        CHECK(p.count[loser].began == 1 && p.count[winner].began == 0);
        CHECK_STATUS(hk_app_destroy(p.app), HK_OK);
    }
}

void test_gesture_delegates(void) {
    hk_app *app = hk_app_create();
    hk_view window;
    hk_gesture pinch, rotation, tap_g;
    delegate_state d;
    destroyed = 0;
    memset(&d, 0, sizeof d);
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 200, 200), 0, &window), HK_OK);
    CHECK_STATUS(hk_pinch_create(app, window, &pinch), HK_OK);
    CHECK_STATUS(hk_rotation_create(app, window, &rotation), HK_OK);

    /* Alone, the pinch and the rotation exclude each other: one begins. */
    began_count pinch_count = { 0 }, rotation_count = { 0 };
    CHECK_STATUS(hk_gesture_set_callback(app, pinch, count_began, &pinch_count, NULL), HK_OK);
    CHECK_STATUS(hk_gesture_set_callback(app, rotation, count_began, &rotation_count, NULL), HK_OK);
    pinch_and_turn(app, 0);
    CHECK(pinch_count.began + rotation_count.began == 1);
    /* With the pinch's delegate allowing the rotation alongside, both begin together. */
    hk_gesture_delegate delegate;
    memset(&delegate, 0, sizeof delegate);
    delegate.should_recognize_simultaneously = delegate_pair;
    d.partner = rotation;
    CHECK_STATUS(hk_gesture_set_delegate(app, pinch, &delegate, &d, count_destroy), HK_OK);
    pinch_count.began = rotation_count.began = 0;
    pinch_and_turn(app, 1);
    CHECK(pinch_count.began == 1 && rotation_count.began == 1);
    CHECK(d.pair_calls >= 1);
    CHECK_STATUS(hk_gesture_clear_delegate(app, pinch), HK_OK);
    CHECK(destroyed == 1 && last_destroyed == &d);

    /* Should receive and should begin. */
    CHECK_STATUS(hk_gesture_destroy(app, pinch), HK_OK);
    CHECK_STATUS(hk_gesture_destroy(app, rotation), HK_OK);
    CHECK_STATUS(hk_tap_create(app, window, 1, 1, &tap_g), HK_OK);
    memset(&delegate, 0, sizeof delegate);
    delegate.should_begin = delegate_begin;
    delegate.should_receive = delegate_receive;
    memset(&d, 0, sizeof d);
    d.receive_answer = 0; d.begin_answer = 1;
    CHECK_STATUS(hk_gesture_set_delegate(app, tap_g, &delegate, &d, count_destroy), HK_OK);
    CHECK_STATUS(send_one(app, 2, touch_at(7, HK_PHASE_BEGAN, 50, 50)), HK_OK);
    CHECK_STATUS(send_one(app, 2.05, touch_at(7, HK_PHASE_ENDED, 50, 50)), HK_OK);
    CHECK(d.receive_calls == 1 && d.last_touch == 7);
    CHECK(d.begin_calls == 0);
    hk_gesture_state state;
    CHECK_STATUS(hk_gesture_state_of(app, tap_g, &state), HK_OK);
    CHECK(state == HK_STATE_POSSIBLE || state == HK_STATE_FAILED);
    d.receive_answer = 1; d.begin_answer = 0;
    CHECK_STATUS(send_one(app, 3, touch_at(8, HK_PHASE_BEGAN, 50, 50)), HK_OK);
    CHECK_STATUS(send_one(app, 3.05, touch_at(8, HK_PHASE_ENDED, 50, 50)), HK_OK);
    CHECK(d.begin_calls == 1);
    CHECK_STATUS(hk_gesture_state_of(app, tap_g, &state), HK_OK);
    CHECK(state == HK_STATE_FAILED || state == HK_STATE_POSSIBLE);
    began_count tap_count = { 0 };
    CHECK_STATUS(hk_gesture_set_callback(app, tap_g, count_began, &tap_count, NULL), HK_OK);
    d.begin_answer = 1;
    CHECK_STATUS(send_one(app, 4, touch_at(9, HK_PHASE_BEGAN, 50, 50)), HK_OK);
    CHECK_STATUS(send_one(app, 4.05, touch_at(9, HK_PHASE_ENDED, 50, 50)), HK_OK);
    CHECK(tap_count.began == 1);
    /* Destroying the recognizer notifies its delegate's user data. */
    CHECK_STATUS(hk_gesture_destroy(app, tap_g), HK_OK);
    CHECK(destroyed == 2);

    /* Should receive is told where the touch begins on the screen, not in its window. */
    hk_view offset_window;
    hk_gesture offset_tap;
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(300, 100, 200, 200), 0, &offset_window), HK_OK);
    CHECK_STATUS(hk_tap_create(app, offset_window, 1, 1, &offset_tap), HK_OK);
    memset(&delegate, 0, sizeof delegate);
    delegate.should_receive = delegate_receive;
    memset(&d, 0, sizeof d);
    d.receive_answer = 1;
    CHECK_STATUS(hk_gesture_set_delegate(app, offset_tap, &delegate, &d, NULL), HK_OK);
    CHECK_STATUS(send_one(app, 5, touch_at(10, HK_PHASE_BEGAN, 350, 160)), HK_OK);
    CHECK_STATUS(send_one(app, 5.05, touch_at(10, HK_PHASE_ENDED, 350, 160)), HK_OK);
    CHECK(d.receive_calls == 1 && d.last_touch == 10 && d.last_x == 350 && d.last_y == 160);
    CHECK_STATUS(hk_gesture_destroy(app, offset_tap), HK_OK);

    /* The callback's own user data: replaced, then the app destroyed. */
    hk_gesture other;
    CHECK_STATUS(hk_tap_create(app, window, 1, 1, &other), HK_OK);
    CHECK_STATUS(hk_gesture_set_callback(app, other, count_began, &tap_count, count_destroy), HK_OK);
    CHECK_STATUS(hk_gesture_set_callback(app, other, count_began, &tap_count, count_destroy), HK_OK);
    CHECK(destroyed == 3);
    CHECK_STATUS(hk_gesture_set_callback(app, other, count_began, &tap_count, count_destroy), HK_OK);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
    CHECK(destroyed == 5);

    check_failure_requirements();
}

/* A touch callback's user data is notified when the callback is replaced, cleared, taken over
 * by a touch handler, or its view destroyed: the same convention as every other setter. */
static void ignore_touch(const hk_touch_event *event, void *user_data) {
    (void)event;
    (void)user_data;
}

void test_touch_callback_user_data(void) {
    hk_app *app = hk_app_create();
    hk_view window, view;
    int data = 0;
    destroyed = 0;
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 200, 200), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 100, 100), &view), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, view, window), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_callback(app, view, ignore_touch, &data, count_destroy), HK_OK);
    CHECK(destroyed == 0);
    CHECK_STATUS(hk_app_view_set_touch_callback(app, view, ignore_touch, &data, count_destroy), HK_OK);
    CHECK(destroyed == 1 && last_destroyed == &data);
    CHECK_STATUS(hk_app_view_set_touch_callback(app, view, NULL, &data, count_destroy), HK_OK);
    CHECK(destroyed == 2);
    CHECK_STATUS(hk_app_view_set_touch_callback(app, view, ignore_touch, &data, count_destroy), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_handler(app, view, handle_touch, &data, NULL), HK_OK);
    CHECK(destroyed == 3);
    CHECK_STATUS(hk_app_view_set_touch_callback(app, window, ignore_touch, &data, count_destroy), HK_OK);
    CHECK_STATUS(hk_app_view_destroy(app, window), HK_OK);
    CHECK(destroyed == 4);
    CHECK_STATUS(hk_app_view_set_touch_callback(app, view, ignore_touch, &data, count_destroy), HK_OK);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
    CHECK(destroyed == 5);
}

/* ---------------------------------------------------------------------------------------- */
/* Several actions per control                                                               */

typedef struct { int order[8]; int count; } action_log;
typedef struct { action_log *log; int tag; } action_target;

static void log_action(const hk_action_event *event, void *user_data) {
    action_target *target = user_data;
    (void)event;
    if (target->log->count < 8) target->log->order[target->log->count++] = target->tag;
}

void test_control_actions(void) {
    hk_app *app = hk_app_create();
    hk_view window, button;
    action_log log;
    action_target first = { &log, 1 }, second = { &log, 2 };
    destroyed = 0;
    hk_action_id a1 = 0, a2 = 0;
    memset(&log, 0, sizeof log);
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 200, 200), 0, &window), HK_OK);
    CHECK_STATUS(hk_button_create(app, hk_make_rect(0, 0, 100, 100), &button), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, button, window), HK_OK);
    CHECK_STATUS(hk_control_add_action(app, button, HK_EVENT_TOUCH_UP_INSIDE, &a1, log_action, &first, count_destroy), HK_OK);
    CHECK_STATUS(hk_control_add_action(app, button, HK_EVENT_TOUCH_UP_INSIDE | HK_EVENT_TOUCH_DOWN, &a2, log_action, &second,
                                       count_destroy), HK_OK);
    CHECK(a1 != a2);
    tap(app, 0, 50, 50);
    /* down: second; up inside: first, then second. */
    CHECK(log.count == 3 && log.order[0] == 2 && log.order[1] == 1 && log.order[2] == 2);
    CHECK_STATUS(hk_control_remove_action(app, button, a1), HK_OK);
    CHECK(destroyed == 1);
    CHECK_STATUS(hk_control_remove_action(app, button, a1), HK_ERR_STALE_HANDLE);
    /* An action is removed through its own control only: another's handle leaves it in place. */
    hk_view other;
    CHECK_STATUS(hk_button_create(app, hk_make_rect(100, 100, 50, 50), &other), HK_OK);
    CHECK_STATUS(hk_control_remove_action(app, other, a2), HK_ERR_STALE_HANDLE);
    CHECK(destroyed == 1);
    log.count = 0;
    tap(app, 1, 50, 50);
    CHECK(log.count == 2 && log.order[0] == 2 && log.order[1] == 2);
    CHECK_STATUS(hk_control_add_action(app, button, 0, &a1, log_action, &first, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_control_add_action(app, button, HK_EVENT_ALL, &a1, NULL, &first, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_control_add_action(app, window, HK_EVENT_ALL, &a1, log_action, &first, NULL), HK_ERR_INVALID_ARGUMENT);

    /* The single callback's user data: replaced, then the control destroyed. */
    CHECK_STATUS(hk_control_set_action_callback(app, button, HK_EVENT_ALL, count_action, &action_count, count_destroy), HK_OK);
    CHECK_STATUS(hk_control_set_action_callback(app, button, HK_EVENT_ALL, count_action, &action_count, count_destroy), HK_OK);
    CHECK(destroyed == 2);
    CHECK_STATUS(hk_app_view_destroy(app, button), HK_OK);
    CHECK(destroyed == 4); /* the added action and the callback */
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
    CHECK(destroyed == 4);
}

/* ---------------------------------------------------------------------------------------- */
/* Scroll views                                                                              */

typedef struct { int calls; hk_point last; hk_view view; } scroll_log;

static void on_scroll(hk_app *app, const hk_view *scroll_view, const hk_point *offset, void *user_data) {
    scroll_log *log = user_data;
    (void)app;
    log->calls++;
    log->last = *offset;
    log->view = *scroll_view;
}

void test_scroll_views(void) {
    hk_app *app = hk_app_create();
    hk_view window, scroll, content;
    handler_state on_content;
    scroll_log log;
    destroyed = 0;
    memset(&on_content, 0, sizeof on_content);
    memset(&log, 0, sizeof log);
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 100, 100), 0, &window), HK_OK);
    CHECK_STATUS(hk_scroll_view_create(app, hk_make_rect(0, 0, 100, 100), &scroll), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 100, 300), &content), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, scroll, window), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, content, scroll), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_content_size(app, scroll, (hk_size){ 100, 300 }), HK_OK);
    hk_size size;
    CHECK_STATUS(hk_scroll_view_content_size(app, scroll, &size), HK_OK);
    CHECK(near(size.height, 300));
    CHECK_STATUS(hk_scroll_view_set_offset_callback(app, scroll, on_scroll, &log, count_destroy), HK_OK);
    on_content.result = HK_TOUCH_CONSUME;
    CHECK_STATUS(hk_app_view_set_touch_handler(app, content, handle_touch, &on_content, NULL), HK_OK);

    /* The delay: the content hears of a touch only when the delay's timer fires, which is what
     * hk_app_next_deadline reports. */
    double deadline = 0;
    CHECK_STATUS(hk_app_next_deadline(app, &deadline), HK_OK);
    CHECK(isinf(deadline));
    CHECK_STATUS(hk_scroll_view_set_content_touch_delay(app, scroll, 0.25), HK_OK);
    CHECK_STATUS(send_one(app, 1, touch_at(1, HK_PHASE_BEGAN, 50, 50)), HK_OK);
    CHECK(on_content.calls == 0);
    CHECK_STATUS(hk_app_next_deadline(app, &deadline), HK_OK);
    CHECK(near(deadline, 1.25));
    CHECK_STATUS(hk_app_advance(app, deadline), HK_OK);
    CHECK(on_content.calls == 1);
    CHECK_STATUS(send_one(app, 1.3, touch_at(1, HK_PHASE_ENDED, 50, 50)), HK_OK);
    CHECK(on_content.calls == 2);
    /* Without the delay the began arrives in its own frame. */
    CHECK_STATUS(hk_scroll_view_set_delays_content_touches(app, scroll, 0), HK_OK);
    CHECK_STATUS(send_one(app, 2, touch_at(2, HK_PHASE_BEGAN, 50, 50)), HK_OK);
    CHECK(on_content.calls == 3);
    CHECK_STATUS(send_one(app, 2.05, touch_at(2, HK_PHASE_ENDED, 50, 50)), HK_OK);

    /* A drag up scrolls the content down: the pan moves the offset, reported each time. */
    CHECK_STATUS(hk_scroll_view_set_can_cancel_content_touches(app, scroll, 1), HK_OK);
    CHECK_STATUS(send_one(app, 3, touch_at(3, HK_PHASE_BEGAN, 50, 80)), HK_OK);
    CHECK_STATUS(send_one(app, 3.05, touch_at(3, HK_PHASE_MOVED, 50, 50)), HK_OK);
    CHECK_STATUS(send_one(app, 3.1, touch_at(3, HK_PHASE_MOVED, 50, 20)), HK_OK);
    CHECK_STATUS(send_one(app, 3.15, touch_at(3, HK_PHASE_ENDED, 50, 20)), HK_OK);
    hk_point offset;
    CHECK_STATUS(hk_scroll_view_content_offset(app, scroll, &offset), HK_OK);
    CHECK(offset.y > 0 && offset.y <= 60);
    CHECK(log.calls >= 1 && near(log.last.y, offset.y) && hk_view_equal(log.view, scroll));
    /* The content's touch was cancelled when the pan took it. */
    CHECK(on_content.phases[4] == HK_PHASE_BEGAN && on_content.phases[5] == HK_PHASE_CANCELLED);
    hk_gesture pan;
    hk_gesture_kind kind = -1;
    CHECK_STATUS(hk_scroll_view_pan_gesture(app, scroll, &pan), HK_OK);
    CHECK_STATUS(hk_gesture_kind_of(app, pan, &kind), HK_OK);
    CHECK(kind == HK_GESTURE_PAN);

    /* Setting the offset reports it once; setting the same offset again reports nothing. */
    int before = log.calls;
    CHECK_STATUS(hk_scroll_view_set_content_offset(app, scroll, hk_make_point(0, 150)), HK_OK);
    CHECK(log.calls == before + 1 && near(log.last.y, 150));
    CHECK_STATUS(hk_scroll_view_set_content_offset(app, scroll, hk_make_point(0, 150)), HK_OK);
    CHECK(log.calls == before + 1);
    /* The hit test follows the offset: (50, 50) is content's (50, 200). */
    hk_view hit;
    hk_point local;
    CHECK_STATUS(hk_app_hit_test(app, hk_make_point(50, 50), &hit), HK_OK);
    CHECK(hk_view_equal(hit, content));
    CHECK_STATUS(hk_convert_point(hk_app_store(app), hk_make_point(50, 50), hk_no_view(), content, &local), HK_OK);
    CHECK(near(local.y, 200));

    /* Refusals. */
    CHECK_STATUS(hk_scroll_view_set_content_size(app, window, (hk_size){ 1, 1 }), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_scroll_view_set_content_size(app, scroll, (hk_size){ -1, 1 }), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_scroll_view_set_content_offset(app, scroll, hk_make_point(NAN, 0)), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_scroll_view_set_content_touch_delay(app, scroll, -1), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_scroll_view_content_offset(app, scroll, NULL), HK_ERR_INVALID_ARGUMENT);

    /* Cleared, the callback's user data is notified; what a NULL callback comes with is ignored. */
    CHECK_STATUS(hk_scroll_view_set_offset_callback(app, scroll, NULL, &log, count_destroy), HK_OK);
    CHECK(destroyed == 1);
    /* An offset that moved while no callback was set is not reported once one is set, also
     * when a delegate kept the scroll view's attachments in the meantime. */
    hk_scroll_view_delegate quiet;
    memset(&quiet, 0, sizeof quiet);
    CHECK_STATUS(hk_scroll_view_set_delegate(app, scroll, &quiet, NULL, NULL), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_content_offset(app, scroll, hk_make_point(0, 40)), HK_OK);
    before = log.calls;
    CHECK_STATUS(hk_scroll_view_set_offset_callback(app, scroll, on_scroll, &log, count_destroy), HK_OK);
    CHECK_STATUS(send_one(app, 4, touch_at(5, HK_PHASE_BEGAN, 50, 50)), HK_OK);   /* a frame ends */
    CHECK_STATUS(send_one(app, 4.05, touch_at(5, HK_PHASE_ENDED, 50, 50)), HK_OK);
    CHECK(log.calls == before);
    /* Destroying the scroll view lets go of its callback's user data then, not with the app. */
    CHECK_STATUS(hk_app_view_destroy(app, scroll), HK_OK);
    CHECK(destroyed == 2);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
    CHECK(destroyed == 2);
}

/* ---------------------------------------------------------------------------------------- */
/* View controllers and the first responder                                                  */

void test_view_controllers(void) {
    hk_app *app = hk_app_create();
    hk_view window, root, sheet, focus, plain, view;
    hk_controller main_c, sheet_c, child_c, got;
    hk_responder_kind kind;
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 200, 200), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 200, 200), &root), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 100, 200, 100), &sheet), HK_OK);
    CHECK_STATUS(hk_view_controller_create(app, root, &main_c), HK_OK);
    CHECK_STATUS(hk_view_controller_create(app, sheet, &sheet_c), HK_OK);
    CHECK_STATUS(hk_view_controller_create(app, window, &got), HK_ERR_INVALID_ARGUMENT);

    /* A window's root controller: its view goes in, and sits between the view and the window. */
    CHECK_STATUS(hk_window_set_root_view_controller(app, window, main_c), HK_OK);
    CHECK_STATUS(hk_view_superview(hk_app_store(app), root, &view), HK_OK);
    CHECK(hk_view_equal(view, window));
    CHECK_STATUS(hk_app_view_next_responder(app, root, &kind, &view, &got), HK_OK);
    CHECK(kind == HK_RESPONDER_CONTROLLER && got == main_c && hk_view_is_none(view)); /* the outs not named are emptied */
    CHECK_STATUS(hk_view_controller_next_responder(app, main_c, &kind, &view, &got), HK_OK);
    CHECK(kind == HK_RESPONDER_VIEW && hk_view_equal(view, window) && got == 0);
    CHECK_STATUS(hk_app_view_next_responder(app, window, &kind, NULL, NULL), HK_OK);
    CHECK(kind == HK_RESPONDER_APPLICATION);
    CHECK_STATUS(hk_view_controller_view(app, main_c, &view), HK_OK);
    CHECK(hk_view_equal(view, root));

    /* Presentation: the sheet's view goes into the window; its next responder is the presenter. */
    CHECK_STATUS(hk_view_controller_present(app, main_c, sheet_c), HK_OK);
    CHECK_STATUS(hk_view_controller_presented(app, main_c, &got), HK_OK);
    CHECK(got == sheet_c);
    CHECK_STATUS(hk_view_superview(hk_app_store(app), sheet, &view), HK_OK);
    CHECK(hk_view_equal(view, window));
    CHECK_STATUS(hk_view_controller_next_responder(app, sheet_c, &kind, NULL, &got), HK_OK);
    CHECK(kind == HK_RESPONDER_CONTROLLER && got == main_c);
    CHECK_STATUS(hk_view_controller_present(app, main_c, sheet_c), HK_ERR_BUSY);
    CHECK_STATUS(hk_view_controller_present(app, main_c, main_c), HK_ERR_CYCLE);
    /* Nor can another controller present the sheet while it is presented. */
    hk_view third;
    hk_controller third_c;
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 10, 10), &third), HK_OK);
    CHECK_STATUS(hk_view_controller_create(app, third, &third_c), HK_OK);
    CHECK_STATUS(hk_view_controller_present(app, third_c, sheet_c), HK_ERR_BUSY);
    CHECK_STATUS(hk_view_controller_next_responder(app, sheet_c, &kind, NULL, &got), HK_OK);
    CHECK(kind == HK_RESPONDER_CONTROLLER && got == main_c);
    CHECK_STATUS(hk_view_controller_dismiss(app, main_c), HK_OK);
    CHECK_STATUS(hk_view_controller_presented(app, main_c, &got), HK_OK);
    CHECK(got == 0);
    CHECK_STATUS(hk_view_superview(hk_app_store(app), sheet, &view), HK_OK);
    CHECK(hk_view_is_none(view));

    /* Containment. */
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 10, 10), &plain), HK_OK);
    CHECK_STATUS(hk_view_controller_create(app, plain, &child_c), HK_OK);
    CHECK_STATUS(hk_view_controller_add_child(app, main_c, child_c), HK_OK);
    CHECK_STATUS(hk_view_controller_parent(app, child_c, &got), HK_OK);
    CHECK(got == main_c);
    CHECK_STATUS(hk_view_controller_add_child(app, child_c, main_c), HK_ERR_CYCLE);
    CHECK_STATUS(hk_view_controller_remove_from_parent(app, child_c), HK_OK);
    CHECK_STATUS(hk_view_controller_parent(app, child_c, &got), HK_OK);
    CHECK(got == 0);
    /* Controller 0 clears the window's root controller, and another replaces it: its view joins
     * the window, and the previous root's view stays where it is either way. */
    CHECK_STATUS(hk_window_set_root_view_controller(app, window, 0), HK_OK);
    CHECK_STATUS(hk_view_superview(hk_app_store(app), root, &view), HK_OK);
    CHECK(hk_view_equal(view, window));
    CHECK_STATUS(hk_window_set_root_view_controller(app, window, child_c), HK_OK);
    CHECK_STATUS(hk_view_superview(hk_app_store(app), plain, &view), HK_OK);
    CHECK(hk_view_equal(view, window));
    CHECK_STATUS(hk_view_superview(hk_app_store(app), root, &view), HK_OK);
    CHECK(hk_view_equal(view, window));
    CHECK_STATUS(hk_window_set_root_view_controller(app, window, main_c), HK_OK);

    /* The first responder: a focusable view may become it, a plain one may not. */
    CHECK_STATUS(hk_app_focusable_view_create(app, hk_make_rect(0, 0, 10, 10), &focus), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 10, 10), &plain), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_callback(app, focus, NULL, NULL, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_app_view_add_subview(app, focus, root), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, plain, root), HK_OK);
    int32_t did = -1;
    CHECK_STATUS(hk_window_make_key(app, window), HK_OK);
    CHECK_STATUS(hk_window_make_key(app, root), HK_ERR_NOT_A_WINDOW);
    CHECK_STATUS(hk_app_become_first_responder(app, plain, &did), HK_OK);
    CHECK(did == 0);
    CHECK_STATUS(hk_app_become_first_responder(app, focus, &did), HK_OK);
    CHECK(did == 1);
    CHECK_STATUS(hk_app_first_responder(app, &view), HK_OK);
    CHECK(hk_view_equal(view, focus));
    CHECK_STATUS(hk_app_resign_first_responder(app, focus, &did), HK_OK);
    CHECK(did == 1);
    CHECK_STATUS(hk_app_first_responder(app, &view), HK_OK);
    CHECK(hk_view_is_none(view));

    /* A stack of presentations: dismissed from its bottom, all of it goes; a controller both
     * presented and presenting, destroyed, is dismissed itself as well as what it presents: its
     * presenter presents nothing, no new handle names it, and neither view stays in the window. */
    hk_view middle_view, top_view;
    hk_controller middle_c, top_c;
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 10, 10), &middle_view), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 10, 10), &top_view), HK_OK);
    CHECK_STATUS(hk_view_controller_create(app, middle_view, &middle_c), HK_OK);
    CHECK_STATUS(hk_view_controller_create(app, top_view, &top_c), HK_OK);
    CHECK_STATUS(hk_view_controller_present(app, main_c, middle_c), HK_OK);
    CHECK_STATUS(hk_view_controller_present(app, middle_c, top_c), HK_OK);
    CHECK_STATUS(hk_view_superview(hk_app_store(app), top_view, &view), HK_OK);
    CHECK(hk_view_equal(view, window));
    /* Dismissing from the bottom of the stack dismisses all of it, as UIKit does. */
    CHECK_STATUS(hk_view_controller_dismiss(app, main_c), HK_OK);
    CHECK_STATUS(hk_view_controller_presented(app, middle_c, &got), HK_OK);
    CHECK(got == 0);
    CHECK_STATUS(hk_view_superview(hk_app_store(app), top_view, &view), HK_OK);
    CHECK(hk_view_is_none(view));
    CHECK_STATUS(hk_view_controller_present(app, main_c, middle_c), HK_OK);
    CHECK_STATUS(hk_view_controller_present(app, middle_c, top_c), HK_OK);
    CHECK_STATUS(hk_view_controller_destroy(app, middle_c), HK_OK);
    CHECK_STATUS(hk_view_controller_presented(app, main_c, &got), HK_OK);
    CHECK(got == 0);
    CHECK_STATUS(hk_view_superview(hk_app_store(app), middle_view, &view), HK_OK);
    CHECK(hk_view_is_none(view));
    CHECK_STATUS(hk_view_superview(hk_app_store(app), top_view, &view), HK_OK);
    CHECK(hk_view_is_none(view));
    CHECK_STATUS(hk_view_controller_destroy(app, top_c), HK_OK);

    /* Releasing controllers; the handles go stale. A presenter destroyed first dismisses what
     * it presents: the sheet's view leaves the window. */
    CHECK_STATUS(hk_view_controller_present(app, main_c, sheet_c), HK_OK);
    CHECK_STATUS(hk_view_controller_destroy(app, main_c), HK_OK);
    CHECK_STATUS(hk_view_superview(hk_app_store(app), sheet, &view), HK_OK);
    CHECK(hk_view_is_none(view));
    CHECK_STATUS(hk_view_controller_view(app, main_c, &view), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_app_view_next_responder(app, root, &kind, &view, NULL), HK_OK);
    CHECK(kind == HK_RESPONDER_VIEW && hk_view_equal(view, window));
    CHECK_STATUS(hk_view_controller_destroy(app, 12345), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* Parents and presenters never form a loop (Behaviour A7): a link that would close one is
 * HK_ERR_CYCLE and changes nothing, and hk_app_destroy then notifies each controller's user data
 * once (such a loop kept the whole app alive, and told no one). */
static int controller_notified[4];
static void note_controller(void *user_data) { controller_notified[(intptr_t)user_data]++; }
static int pass_on_press(const hk_press_event *event, void *user_data) {
    (void)event;
    (void)user_data;
    return HK_PRESS_PASS_ON;
}

void test_controller_link_loops(void) {
    hk_app *app = hk_app_create();
    hk_view window, views[4];
    hk_controller c[4], got;
    memset(controller_notified, 0, sizeof controller_notified);
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 100, 100), 0, &window), HK_OK);
    for (intptr_t i = 0; i < 4; i++) {
        CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 100, 100), &views[i]), HK_OK);
        CHECK_STATUS(hk_view_controller_create(app, views[i], &c[i]), HK_OK);
        CHECK_STATUS(hk_view_controller_set_press_handler(app, c[i], pass_on_press, (void *)i, note_controller), HK_OK);
    }
    CHECK_STATUS(hk_window_set_root_view_controller(app, window, c[1]), HK_OK);

    /* c0 is c1's child: c0 cannot present c1. */
    CHECK_STATUS(hk_view_controller_add_child(app, c[1], c[0]), HK_OK);
    CHECK_STATUS(hk_view_controller_present(app, c[0], c[1]), HK_ERR_CYCLE);
    CHECK(strstr(hk_last_error_message(), "through parents and presenters") != NULL);
    CHECK_STATUS(hk_view_controller_presented(app, c[0], &got), HK_OK);
    CHECK(got == 0);
    /* Nor, c1 the child of c2, a grandparent. */
    CHECK_STATUS(hk_view_controller_add_child(app, c[2], c[1]), HK_OK);
    CHECK_STATUS(hk_view_controller_present(app, c[0], c[2]), HK_ERR_CYCLE);
    CHECK_STATUS(hk_view_controller_presented(app, c[0], &got), HK_OK);
    CHECK(got == 0);

    /* The other order: c3 presents c0, which then cannot take c3 as its child. */
    CHECK_STATUS(hk_view_controller_present(app, c[3], c[0]), HK_OK);
    CHECK_STATUS(hk_view_controller_add_child(app, c[0], c[3]), HK_ERR_CYCLE);
    CHECK_STATUS(hk_view_controller_parent(app, c[3], &got), HK_OK);
    CHECK(got == 0);
    /* c2, c0's grandparent, may be c3's child: c0 now reaches c3 both ways, with no loop. Then
     * c3 is above c1 too, and cannot be its child. */
    CHECK_STATUS(hk_view_controller_add_child(app, c[3], c[2]), HK_OK);
    CHECK_STATUS(hk_view_controller_parent(app, c[2], &got), HK_OK);
    CHECK(got == c[3]);
    CHECK_STATUS(hk_view_controller_add_child(app, c[0], c[3]), HK_ERR_CYCLE);
    CHECK_STATUS(hk_view_controller_add_child(app, c[1], c[3]), HK_ERR_CYCLE);
    CHECK_STATUS(hk_view_controller_parent(app, c[3], &got), HK_OK);
    CHECK(got == 0);
    CHECK_STATUS(hk_view_controller_presented(app, c[3], &got), HK_OK);
    CHECK(got == c[0]);

    /* Whatever links remain, the app goes whole: each controller's user data once. */
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
    for (int i = 0; i < 4; i++) CHECK(controller_notified[i] == 1);
}

/* ---------------------------------------------------------------------------------------- */
/* The next deadline and scenes from memory                                                  */

static const char scene_json[] =
    "{ \"windows\": [ { \"id\": \"win\", \"frame\": [0, 0, 100, 100],\n"
    "    \"subviews\": [ { \"id\": \"box\", \"frame\": [10, 10, 20, 20] } ] } ] }";

void test_deadline_and_scene_buffer(void) {
    hk_app *app = hk_app_create();
    hk_view window;
    hk_gesture press;
    double deadline = 0;
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 100, 100), 0, &window), HK_OK);
    CHECK_STATUS(hk_long_press_create(app, window, 0.5, 1, &press), HK_OK);
    CHECK_STATUS(hk_app_next_deadline(app, &deadline), HK_OK);
    CHECK(deadline == HK_NO_DEADLINE);
    CHECK_STATUS(send_one(app, 2, touch_at(1, HK_PHASE_BEGAN, 50, 50)), HK_OK);
    CHECK_STATUS(hk_app_next_deadline(app, &deadline), HK_OK);
    CHECK(near(deadline, 2.5));
    CHECK_STATUS(hk_app_advance(app, deadline), HK_OK);
    hk_gesture_state state;
    CHECK_STATUS(hk_gesture_state_of(app, press, &state), HK_OK);
    CHECK(state == HK_STATE_BEGAN);
    CHECK_STATUS(hk_app_next_deadline(app, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);

    hk_app *scene = NULL;
    hk_view box, hit;
    CHECK_STATUS(hk_scene_load_buffer(scene_json, strlen(scene_json), "inline.json", &scene), HK_OK);
    if (scene != NULL) {
        CHECK_STATUS(hk_scene_view(scene, "box", &box), HK_OK);
        CHECK_STATUS(hk_app_hit_test(scene, hk_make_point(15, 15), &hit), HK_OK);
        CHECK(hk_view_equal(hit, box));
        /* A view's scene id is one string, the same on every call; a view made through C has none. */
        const char *first = NULL, *again = NULL;
        CHECK_STATUS(hk_scene_view_id(scene, box, &first), HK_OK);
        CHECK_STATUS(hk_scene_view_id(scene, box, &again), HK_OK);
        CHECK(first != NULL && strcmp(first, "box") == 0 && again == first);
        hk_view made;
        CHECK_STATUS(hk_app_view_create(scene, hk_make_rect(0, 0, 5, 5), &made), HK_OK);
        CHECK_STATUS(hk_scene_view_id(scene, made, &again), HK_ERR_NOT_FOUND);
        hk_gesture gesture = 0;
        CHECK_STATUS(hk_scene_gesture(scene, "no-such-gesture", &gesture), HK_ERR_NOT_FOUND);
        CHECK_STATUS(hk_app_destroy(scene), HK_OK);
    }
    /* Broken bytes: a located error naming the buffer; nothing is made. */
    scene = NULL;
    CHECK_STATUS(hk_scene_load_buffer(scene_json, 20, "cut.json", &scene), HK_ERR_SCENE);
    CHECK(scene == NULL);
    CHECK(strstr(hk_last_error_message(), "cut.json") != NULL);
    CHECK_STATUS(hk_scene_load_buffer(NULL, 10, NULL, &scene), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_scene_load_buffer(scene_json, strlen(scene_json), NULL, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_scene_load_buffer("", 0, NULL, &scene), HK_ERR_SCENE);
    /* With no name the message calls it "scene buffer"; with no bytes a NULL pointer is taken. */
    CHECK(strncmp(hk_last_error_message(), "scene buffer", 12) == 0);
    CHECK_STATUS(hk_scene_load_buffer(NULL, 0, NULL, &scene), HK_ERR_SCENE);
    /* Too long: refused before a byte is read. */
    CHECK_STATUS(hk_scene_load_buffer(scene_json, (size_t)HK_MAX_SCENE_BYTES + 1, NULL, &scene), HK_ERR_LIMIT);
}

/* ---------------------------------------------------------------------------------------- */
/* Limits                                                                                    */

/* hk_gesture_destroy stops a recognizer under way as disabling does, the event still naming its
 * view and location; a scroll view's own pan and a scene's recognizer, destroyed, are no longer
 * found by the scroll view or the scene id. */
typedef struct { int events; hk_gesture_state state; hk_view view; hk_point location; } last_gesture_event;

static void note_last_gesture_event(const hk_gesture_event *event, void *user_data) {
    last_gesture_event *last = user_data;
    last->events++;
    last->state = event->state;
    last->view = event->view;
    last->location = event->location;
}

static const char gesture_scene_json[] =
    "{ \"windows\": [ { \"id\": \"win\", \"frame\": [0, 0, 100, 100],\n"
    "    \"subviews\": [ { \"id\": \"box\", \"frame\": [10, 10, 20, 20], \"gestures\": [ { \"id\": \"tap\", \"type\": \"tap\" } ] } ] } ] }";

void test_gesture_destroy(void) {
    hk_app *app = hk_app_create();
    hk_view window, card;
    hk_gesture pan, tap;
    last_gesture_event last;
    hk_touch_input down = { 1, HK_PHASE_BEGAN, 1, 50, 50 }, move = { 1, HK_PHASE_MOVED, 1, 80, 50 },
                   further = { 1, HK_PHASE_MOVED, 1, 110, 50 };
    memset(&last, 0, sizeof last);
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 320, 480), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 200, 200), &card), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, card, window), HK_OK);
    CHECK_STATUS(hk_pan_create(app, card, 1, 1, &pan), HK_OK);
    CHECK_STATUS(hk_gesture_set_callback(app, pan, note_last_gesture_event, &last, NULL), HK_OK);
    CHECK_STATUS(hk_app_send_frame(app, 0, &down, 1), HK_OK);
    CHECK_STATUS(hk_app_send_frame(app, 0.05, &move, 1), HK_OK);
    CHECK_STATUS(hk_app_send_frame(app, 0.1, &further, 1), HK_OK);
    CHECK(last.state == HK_STATE_CHANGED);
    CHECK_STATUS(hk_gesture_destroy(app, pan), HK_OK);
    CHECK(last.state == HK_STATE_CANCELLED && hk_view_equal(last.view, card));
    CHECK(near(last.location.x, 110) && near(last.location.y, 50));
    CHECK_STATUS(hk_gesture_state_of(app, pan, &last.state), HK_ERR_STALE_HANDLE);
    /* A scroll view's own pan destroyed is no longer the scroll view's. */
    CHECK_STATUS(hk_scroll_view_create(app, hk_make_rect(0, 200, 200, 200), &card), HK_OK);
    CHECK_STATUS(hk_scroll_view_pan_gesture(app, card, &pan), HK_OK);
    CHECK_STATUS(hk_gesture_destroy(app, pan), HK_OK);
    CHECK_STATUS(hk_scroll_view_pan_gesture(app, card, &pan), HK_ERR_NOT_FOUND);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);

    app = NULL;
    CHECK_STATUS(hk_scene_load_buffer(gesture_scene_json, strlen(gesture_scene_json), "gestures.json", &app), HK_OK);
    if (app == NULL) return;
    CHECK_STATUS(hk_scene_gesture(app, "tap", &tap), HK_OK);
    CHECK_STATUS(hk_gesture_destroy(app, tap), HK_OK);
    CHECK_STATUS(hk_scene_gesture(app, "tap", &tap), HK_ERR_NOT_FOUND);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* A one-shot tap: its callback destroys it as it recognizes. Its recognition still takes the
 * finger from the plain control under it (Behaviour A4 f; a button would keep the tap from
 * beginning, A5), which ends with a cancel, not an action. */
typedef struct { hk_app *app; int recognized, destroy_status; uint32_t control_events; } one_shot;

static void destroy_on_recognizing(const hk_gesture_event *event, void *user_data) {
    one_shot *shot = user_data;
    if (event->state != HK_STATE_ENDED) return;
    shot->recognized++;
    shot->destroy_status = hk_gesture_destroy(shot->app, event->gesture);
}

static void note_control_event(const hk_action_event *event, void *user_data) {
    ((one_shot *)user_data)->control_events |= event->event;
}

void test_gesture_destroyed_as_it_recognizes(void) {
    one_shot shot = { hk_app_create(), 0, -1, 0 };
    hk_view window, control;
    hk_gesture tap;
    hk_touch_input down = { 1, HK_PHASE_BEGAN, 1, 20, 20 }, up = { 1, HK_PHASE_ENDED, 1, 20, 20 };
    CHECK_STATUS(hk_app_window_create(shot.app, hk_make_rect(0, 0, 200, 200), 0, &window), HK_OK);
    CHECK_STATUS(hk_control_create(shot.app, HK_CONTROL_PLAIN, hk_make_rect(0, 0, 100, 100), &control), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(shot.app, control, window), HK_OK);
    CHECK_STATUS(hk_control_set_action_callback(shot.app, control, HK_EVENT_ALL, note_control_event, &shot, NULL), HK_OK);
    CHECK_STATUS(hk_tap_create(shot.app, window, 1, 1, &tap), HK_OK);
    CHECK_STATUS(hk_gesture_set_callback(shot.app, tap, destroy_on_recognizing, &shot, NULL), HK_OK);
    CHECK_STATUS(hk_app_send_frame(shot.app, 0, &down, 1), HK_OK);
    CHECK_STATUS(hk_app_send_frame(shot.app, 0.1, &up, 1), HK_OK);
    CHECK(shot.recognized == 1 && shot.destroy_status == HK_OK);
    CHECK((shot.control_events & HK_EVENT_TOUCH_DOWN) && (shot.control_events & HK_EVENT_TOUCH_CANCEL));
    CHECK(!(shot.control_events & HK_EVENT_TOUCH_UP_INSIDE));
    CHECK_STATUS(hk_gesture_state_of(shot.app, tap, &(hk_gesture_state){ 0 }), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_app_destroy(shot.app), HK_OK);
}

/* A recognizer that fails lets go of its timers: a double tap failed by a long press that began
 * on the same finger leaves no deadline behind (its 1.5 s hold limit would wake the host for
 * nothing). */
void test_failed_recognizer_leaves_no_deadline(void) {
    hk_app *app = hk_app_create();
    hk_view window, card;
    hk_gesture press, double_tap;
    hk_gesture_state state;
    double deadline = 0;
    hk_touch_input down = { 1, HK_PHASE_BEGAN, 1, 50, 50 };
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 400, 400), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 100, 100), &card), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, card, window), HK_OK);
    CHECK_STATUS(hk_long_press_create(app, card, 0.5, 1, &press), HK_OK);
    CHECK_STATUS(hk_tap_create(app, card, 2, 1, &double_tap), HK_OK);
    CHECK_STATUS(hk_app_send_frame(app, 1, &down, 1), HK_OK);
    CHECK_STATUS(hk_app_next_deadline(app, &deadline), HK_OK);
    CHECK(near(deadline, 1.5));                                   /* the long press's */
    CHECK_STATUS(hk_app_advance(app, 1.5), HK_OK);
    CHECK_STATUS(hk_gesture_state_of(app, press, &state), HK_OK);
    CHECK(state == HK_STATE_BEGAN);
    CHECK_STATUS(hk_gesture_state_of(app, double_tap, &state), HK_OK);
    CHECK(state == HK_STATE_FAILED);
    CHECK_STATUS(hk_app_next_deadline(app, &deadline), HK_OK);
    CHECK(isinf(deadline));                                       /* not the failed tap's 2.5 */
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

void test_limits(void) {
    hk_app *app = hk_app_create();
    hk_view window, page, segments;
    hk_gesture g;
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 100, 100), 0, &window), HK_OK);
    CHECK_STATUS(hk_control_create(app, HK_CONTROL_PAGE, hk_make_rect(0, 0, 100, 20), &page), HK_OK);
    CHECK_STATUS(hk_control_create(app, HK_CONTROL_SEGMENTED, hk_make_rect(0, 0, 100, 20), &segments), HK_OK);
    CHECK_STATUS(hk_control_set_count(app, page, INT32_MAX), HK_ERR_LIMIT);
    CHECK(strstr(hk_last_error_message(), "limit") != NULL);
    CHECK_STATUS(hk_control_set_count(app, segments, HK_MAX_CONTROL_COUNT + 1), HK_ERR_LIMIT);
    CHECK_STATUS(hk_control_set_count(app, page, HK_MAX_CONTROL_COUNT), HK_OK);
    CHECK_STATUS(hk_control_set_value(app, page, HK_MAX_CONTROL_COUNT - 1), HK_OK);
    double value = 0;
    CHECK_STATUS(hk_control_value(app, page, &value), HK_OK);
    CHECK(near(value, HK_MAX_CONTROL_COUNT - 1));
    CHECK_STATUS(hk_tap_create(app, window, HK_MAX_GESTURE_COUNT + 1, 1, &g), HK_ERR_LIMIT);
    CHECK_STATUS(hk_tap_create(app, window, 1, INT32_MAX, &g), HK_ERR_LIMIT);
    CHECK_STATUS(hk_pan_create(app, window, 1, INT32_MAX, &g), HK_ERR_LIMIT);
    CHECK_STATUS(hk_tap_create(app, window, HK_MAX_GESTURE_COUNT, 1, &g), HK_OK);
    /* A frame claiming more touches than the limit is refused before any is read. */
    hk_touch_input one = touch_at(1, HK_PHASE_BEGAN, 5, 5);
    CHECK_STATUS(hk_app_send_frame(app, 0, &one, (size_t)HK_MAX_FRAME_TOUCHES + 1), HK_ERR_LIMIT);
    CHECK_STATUS(hk_app_send_frame(app, 0, &one, SIZE_MAX), HK_ERR_LIMIT);
    CHECK_STATUS(hk_app_send_frame(app, 0, &one, 1), HK_OK);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* Edits made through an app's store (hk_app_store) are followed as the app's own setters' are:
 * a view made exclusive, or no longer, while a finger holds it takes effect at once and leaves
 * every later touch its due (the window's count of exclusive holders was left wrong for good, and
 * every later touch in the window refused); a focused button hidden through the store loses the
 * focus at the next delivery's end; a hovered view hidden there from its hover callback ends its
 * hover within that frame, and a drop target hidden there as a session enters it is left in it. */
static void note_began(const hk_touch_event *event, void *user_data) {
    if (event->phase == HK_PHASE_BEGAN) ((int *)user_data)[event->touch_id]++;
}

/* A hover callback that hides its own view through the app's store when the hover begins. */
typedef struct { hk_app *app; hk_view view; int began, ended; } hiding_hover;
static void hide_on_hover(const hk_gesture_event *event, void *user_data) {
    hiding_hover *h = user_data;
    if (event->state == HK_STATE_BEGAN) {
        h->began++;
        CHECK_STATUS(hk_view_set_flag(hk_app_store(h->app), h->view, HK_FLAG_HIDDEN, 1), HK_OK);
    }
    if (event->state == HK_STATE_ENDED) h->ended++;
}

/* A drop target that hides itself through the app's store when a session enters it. */
typedef struct { hk_app *app; hk_view view; int entered, exited; } hiding_target;
static int32_t one_drag_item(hk_app *app, hk_interaction drag, void *user_data) { (void)app; (void)drag; (void)user_data; return 1; }
static hk_drop_proposal copy_proposal(hk_app *app, hk_interaction drop, hk_interaction source, void *user_data) {
    (void)app; (void)drop; (void)source; (void)user_data;
    return HK_DROP_COPY;
}
static void hide_on_enter(hk_app *app, hk_interaction drop, hk_interaction source, void *user_data) {
    hiding_target *h = user_data;
    (void)app; (void)drop; (void)source;
    h->entered++;
    CHECK_STATUS(hk_view_set_flag(hk_app_store(h->app), h->view, HK_FLAG_HIDDEN, 1), HK_OK);
}
static void note_exit(hk_app *app, hk_interaction drop, hk_interaction source, void *user_data) {
    (void)app; (void)drop; (void)source;
    ((hiding_target *)user_data)->exited++;
}

static void touch_pair(hk_app *app, double t, int64_t id, double x, hk_phase phase) {
    hk_touch_input touch = touch_at(id, phase, x, 50);
    CHECK_STATUS(hk_app_send_frame(app, t, &touch, 1), HK_OK);
}

void test_store_edits_followed_by_the_app(void) {
    for (int set = 0; set <= 1; set++) {
        hk_app *app = hk_app_create();
        hk_store *store = hk_app_store(app);
        hk_view window, held, other;
        int began[8] = { 0 };
        CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 200, 100), 0, &window), HK_OK);
        CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 100, 100), &held), HK_OK);
        CHECK_STATUS(hk_app_view_create(app, hk_make_rect(100, 0, 100, 100), &other), HK_OK);
        CHECK_STATUS(hk_app_view_add_subview(app, held, window), HK_OK);
        CHECK_STATUS(hk_app_view_add_subview(app, other, window), HK_OK);
        CHECK_STATUS(hk_app_view_set_touch_callback(app, held, note_began, began, NULL), HK_OK);
        CHECK_STATUS(hk_app_view_set_touch_callback(app, other, note_began, began, NULL), HK_OK);
        CHECK_STATUS(hk_view_set_flag(store, held, HK_FLAG_EXCLUSIVE_TOUCH, !set), HK_OK);
        touch_pair(app, 0, 1, 50, HK_PHASE_BEGAN);
        CHECK_STATUS(hk_view_set_flag(store, held, HK_FLAG_EXCLUSIVE_TOUCH, set), HK_OK);
        /* Made exclusive, the held view keeps the other from its touch; no longer, it lets it in. */
        touch_pair(app, 0.1, 2, 150, HK_PHASE_BEGAN);
        CHECK(began[2] == !set);
        touch_pair(app, 0.2, 2, 150, HK_PHASE_ENDED);
        touch_pair(app, 0.3, 1, 50, HK_PHASE_ENDED);
        /* With nothing held, every view takes its touch again. */
        touch_pair(app, 1, 3, 150, HK_PHASE_BEGAN);
        touch_pair(app, 1.1, 3, 150, HK_PHASE_ENDED);
        touch_pair(app, 2, 4, 50, HK_PHASE_BEGAN);
        touch_pair(app, 2.1, 4, 50, HK_PHASE_ENDED);
        CHECK(began[1] == 1 && began[3] == 1 && began[4] == 1);
        CHECK_STATUS(hk_app_destroy(app), HK_OK);
    }

    hk_app *app = hk_app_create();
    hk_view window, button, focused;
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 200, 100), 0, &window), HK_OK);
    CHECK_STATUS(hk_button_create(app, hk_make_rect(10, 10, 60, 40), &button), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, button, window), HK_OK);
    CHECK_STATUS(hk_window_make_key(app, window), HK_OK);
    CHECK_STATUS(hk_window_set_focus_system_enabled(app, window, 1), HK_OK);
    const hk_key_input tab[2] = { { 43, HK_KEY_DOWN, "\t", "\t", 0, 0 }, { 43, HK_KEY_UP, "\t", "\t", 0, 0 } };
    CHECK_STATUS(hk_app_send_key_frame(app, 0, tab, 2, NULL), HK_OK);
    CHECK_STATUS(hk_window_focused_view(app, window, &focused), HK_OK);
    CHECK(hk_view_equal(focused, button));
    CHECK_STATUS(hk_view_set_flag(hk_app_store(app), button, HK_FLAG_HIDDEN, 1), HK_OK);
    CHECK_STATUS(hk_app_advance(app, 0.1), HK_OK);
    CHECK_STATUS(hk_window_focused_view(app, window, &focused), HK_OK);
    CHECK(hk_view_is_none(focused));
    CHECK_STATUS(hk_app_destroy(app), HK_OK);

    /* Hidden through the store from its own hover callback, the view's hover ends in the same
     * frame, as the frame's end follows an edit made during it. */
    hiding_hover h = { hk_app_create(), { 0, 0 }, 0, 0 };
    hk_gesture hover;
    CHECK_STATUS(hk_app_window_create(h.app, hk_make_rect(0, 0, 200, 100), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(h.app, hk_make_rect(0, 0, 100, 100), &h.view), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(h.app, h.view, window), HK_OK);
    CHECK_STATUS(hk_hover_create(h.app, h.view, &hover), HK_OK);
    CHECK_STATUS(hk_gesture_set_callback(h.app, hover, hide_on_hover, &h, NULL), HK_OK);
    const hk_pointer_input pointer = { 100, 0, 0, 50, 50, 0, 0 };
    CHECK_STATUS(hk_app_send_pointer_frame(h.app, 0, NULL, 0, &pointer, NULL), HK_OK);
    CHECK(h.began == 1 && h.ended == 1);
    CHECK_STATUS(hk_app_destroy(h.app), HK_OK);

    /* A drop target hidden through the store when a session enters it is left in that frame:
     * the frame's targeting follows the edit made during it. */
    hiding_target target = { hk_app_create(), { 0, 0 }, 0, 0 };
    hk_view source;
    hk_interaction drag, drop;
    const hk_drag_callbacks drag_callbacks = { one_drag_item, NULL, NULL, NULL, NULL, NULL };
    const hk_drop_callbacks drop_callbacks = { NULL, hide_on_enter, copy_proposal, note_exit, NULL, NULL, NULL };
    CHECK_STATUS(hk_app_window_create(target.app, hk_make_rect(0, 0, 400, 600), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(target.app, hk_make_rect(0, 200, 400, 100), &source), HK_OK);
    CHECK_STATUS(hk_app_view_create(target.app, hk_make_rect(0, 300, 400, 300), &target.view), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(target.app, source, window), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(target.app, target.view, window), HK_OK);
    CHECK_STATUS(hk_app_view_add_drag(target.app, source, &drag, &drag_callbacks, NULL, NULL), HK_OK);
    CHECK_STATUS(hk_app_view_add_drop(target.app, target.view, &drop, &drop_callbacks, &target, NULL), HK_OK);
    hk_touch_input finger = touch_at(1, HK_PHASE_BEGAN, 100, 250);
    CHECK_STATUS(hk_app_send_frame(target.app, 0, &finger, 1), HK_OK);
    CHECK_STATUS(hk_app_advance(target.app, 0.4), HK_OK);
    finger = touch_at(1, HK_PHASE_MOVED, 100, 400);
    CHECK_STATUS(hk_app_send_frame(target.app, 0.5, &finger, 1), HK_OK);
    CHECK(target.entered == 1 && target.exited == 1);
    CHECK_STATUS(hk_app_destroy(target.app), HK_OK);
}

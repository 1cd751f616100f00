/*
 * Views destroyed and interactions removed from inside a callback (a key command's action, a
 * touch callback): the handle is refused at once, and what the delivery's end still owes them
 * reaches their callbacks before their user data is let go, as when the same call is made
 * between deliveries — a drop target's exit (Behaviour A11), a hover's end naming its view (A8),
 * the focus loss of a destroyed window (A10), the cancellation of a view destroyed from the
 * cancellation callback of another's destruction (A3), and a scroll view's offset moved through
 * the store (A6).
 */
#include "check.h"

#include <string.h>

enum { KEY_X = 27 };

typedef struct {
    hk_app *app;
    hk_view target, window;
    hk_interaction drop;
    int what;          /* 0: destroy `target`; 1: remove `drop`; 2: destroy `window` */
    int stale_at_once; /* the handle refused inside the callback, right after */
    int exits, notified, exits_when_notified;
} goer;

static goer *current;

static void go_now(void) {
    goer *g = current;
    if (g->what == 1) {
        CHECK_STATUS(hk_interaction_remove(g->app, g->drop), HK_OK);
        g->stale_at_once = hk_interaction_remove(g->app, g->drop) == HK_ERR_STALE_HANDLE;
    } else {
        hk_view gone = g->what == 2 ? g->window : g->target;
        CHECK_STATUS(hk_app_view_destroy(g->app, gone), HK_OK);
        g->stale_at_once = hk_app_view_set_can_become_focused(g->app, gone, 1) == HK_ERR_STALE_HANDLE;
    }
}

static void on_x(const hk_key_command_event *event, void *user_data) { (void)event; (void)user_data; go_now(); }

static void press_x(hk_app *app, double t) {
    hk_key_input keys[2];
    memset(keys, 0, sizeof keys);
    keys[0].code = KEY_X; keys[0].phase = HK_KEY_DOWN; keys[0].characters = "x"; keys[0].characters_ignoring_modifiers = "x";
    keys[1] = keys[0]; keys[1].phase = HK_KEY_UP;
    CHECK_STATUS(hk_app_send_key_frame(app, t, keys, 2, NULL), HK_OK);
}

/* `g` emptied and made current, with an app, its key window, and `x` as the key command that
 * makes the change `g` says. */
static void start(goer *g, int what) {
    hk_key_command command;
    memset(g, 0, sizeof *g);
    current = g;
    g->what = what;
    g->app = hk_app_create();
    CHECK_STATUS(hk_app_window_create(g->app, hk_make_rect(0, 0, 320, 480), 0, &g->window), HK_OK);
    CHECK_STATUS(hk_window_make_key(g->app, g->window), HK_OK);
    CHECK_STATUS(hk_app_add_key_command(g->app, "x", 0, 0, &command, on_x, NULL, NULL), HK_OK);
}

static void finish(goer *g) {
    CHECK_STATUS(hk_app_destroy(g->app), HK_OK);
    current = NULL;
}

static int32_t one_item(hk_app *a, hk_interaction d, void *u) { (void)a; (void)d; (void)u; return 1; }
static hk_drop_proposal copy(hk_app *a, hk_interaction d, hk_interaction s, void *u) { (void)a; (void)d; (void)s; (void)u; return HK_DROP_COPY; }
static void exited(hk_app *a, hk_interaction d, hk_interaction s, void *u) { (void)a; (void)d; (void)s; (void)u; current->exits++; }
static void drop_let_go(void *u) { (void)u; current->notified++; current->exits_when_notified = current->exits; }

static void finger(hk_app *app, double t, hk_phase phase, double x, double y) {
    hk_touch_input touch = { 1, phase, 1, x, y };
    CHECK_STATUS(hk_app_send_frame(app, t, &touch, 1), HK_OK);
}

/* A session over a drop target whose view (what 0) or interaction (1) goes from a key command:
 * did_exit once, before the user data is let go. */
static void drop_target_goes(int what) {
    goer g;
    hk_view tile;
    hk_interaction drag;
    hk_drag_callbacks drag_callbacks = { one_item, NULL, NULL, NULL, NULL, NULL };
    hk_drop_callbacks drop_callbacks = { NULL, NULL, copy, exited, NULL, NULL, NULL };
    start(&g, what);
    CHECK_STATUS(hk_app_view_create(g.app, hk_make_rect(20, 200, 200, 60), &tile), HK_OK);
    CHECK_STATUS(hk_app_view_create(g.app, hk_make_rect(20, 300, 200, 150), &g.target), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(g.app, tile, g.window), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(g.app, g.target, g.window), HK_OK);
    CHECK_STATUS(hk_app_view_add_drag(g.app, tile, &drag, &drag_callbacks, NULL, NULL), HK_OK);
    CHECK_STATUS(hk_app_view_add_drop(g.app, g.target, &g.drop, &drop_callbacks, NULL, drop_let_go), HK_OK);
    finger(g.app, 1.0, HK_PHASE_BEGAN, 100, 230);
    CHECK_STATUS(hk_app_advance(g.app, 1.325), HK_OK);          /* the lift */
    finger(g.app, 1.4, HK_PHASE_MOVED, 100, 250);
    finger(g.app, 1.5, HK_PHASE_MOVED, 100, 350);                /* the session, over the target */
    CHECK(g.exits == 0);
    press_x(g.app, 1.52);
    CHECK(g.stale_at_once && g.exits == 1 && g.notified == 1 && g.exits_when_notified == 1);
    finish(&g);
}

/* A hovered view destroyed from a key command: its hover recognizer ends (HK_STATE_ENDED) naming
 * the view, as when it is destroyed between frames. */
typedef struct { int ended, cancelled; hk_view view; } hover_log;

static void on_hover(const hk_gesture_event *event, void *user_data) {
    hover_log *log = user_data;
    if (event->state == HK_STATE_ENDED) { log->ended++; log->view = event->view; }
    if (event->state == HK_STATE_CANCELLED) log->cancelled++;
}

static void hovered_view_destroyed(void) {
    goer g;
    hk_gesture hover;
    hover_log log;
    hk_pointer_input pointer;
    memset(&log, 0, sizeof log);
    start(&g, 0);
    CHECK_STATUS(hk_app_view_create(g.app, hk_make_rect(0, 0, 100, 100), &g.target), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(g.app, g.target, g.window), HK_OK);
    CHECK_STATUS(hk_hover_create(g.app, g.target, &hover), HK_OK);
    CHECK_STATUS(hk_gesture_set_callback(g.app, hover, on_hover, &log, NULL), HK_OK);
    memset(&pointer, 0, sizeof pointer);
    pointer.id = 99; pointer.x = 50; pointer.y = 50;
    CHECK_STATUS(hk_app_send_pointer_frame(g.app, 1, NULL, 0, &pointer, NULL), HK_OK);
    press_x(g.app, 1.2);
    CHECK(g.stale_at_once && log.ended == 1 && log.cancelled == 0);
    CHECK(log.view.index == g.target.index && log.view.generation == g.target.generation);
    finish(&g);
}

/* The key window destroyed from a key command while a button in it has focus: the focus callback
 * hears the loss. */
typedef struct { int changes; hk_view previous, next; } focus_seen;

static void on_focus(const hk_focus_event *event, void *user_data) {
    focus_seen *seen = user_data;
    seen->changes++;
    seen->previous = event->previous;
    seen->next = event->next;
}

static void focused_window_destroyed(void) {
    goer g;
    hk_view button;
    focus_seen seen;
    hk_key_input tab[2];
    memset(&seen, 0, sizeof seen);
    start(&g, 2);
    CHECK_STATUS(hk_button_create(g.app, hk_make_rect(10, 10, 60, 40), &button), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(g.app, button, g.window), HK_OK);
    CHECK_STATUS(hk_window_set_focus_system_enabled(g.app, g.window, 1), HK_OK);
    CHECK_STATUS(hk_app_set_focus_callback(g.app, on_focus, &seen, NULL), HK_OK);
    memset(tab, 0, sizeof tab);
    tab[0].code = 43; tab[0].phase = HK_KEY_DOWN; tab[0].characters = "\t"; tab[0].characters_ignoring_modifiers = "\t";
    tab[1] = tab[0]; tab[1].phase = HK_KEY_UP;
    CHECK_STATUS(hk_app_send_key_frame(g.app, 1, tab, 2, NULL), HK_OK);
    CHECK(seen.changes == 1);
    press_x(g.app, 2);
    CHECK(g.stale_at_once && seen.changes == 2 && seen.previous.index == button.index
          && seen.previous.generation == button.generation && seen.next.index == HK_NO_VIEW_INDEX);
    finish(&g);
}

/* A's destruction cancels its finger; A's touch callback destroys B, under another finger: B's
 * touch callback still hears its own finger cancelled. */
typedef struct { hk_app *app; hk_view a, b; int a_cancelled, b_cancelled; } nested;

static void on_a(const hk_touch_event *event, void *user_data) {
    nested *n = user_data;
    if (event->phase != HK_PHASE_CANCELLED) return;
    n->a_cancelled++;
    CHECK_STATUS(hk_app_view_destroy(n->app, n->b), HK_OK);
}

static void on_b(const hk_touch_event *event, void *user_data) {
    nested *n = user_data;
    if (event->phase == HK_PHASE_CANCELLED) n->b_cancelled++;
}

static void destroyed_from_anothers_cancellation(void) {
    nested n;
    hk_view window;
    hk_touch_input down[2] = { { 1, HK_PHASE_BEGAN, 1, 50, 50 }, { 2, HK_PHASE_BEGAN, 1, 150, 50 } };
    memset(&n, 0, sizeof n);
    n.app = hk_app_create();
    CHECK_STATUS(hk_app_window_create(n.app, hk_make_rect(0, 0, 320, 480), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(n.app, hk_make_rect(0, 0, 100, 100), &n.a), HK_OK);
    CHECK_STATUS(hk_app_view_create(n.app, hk_make_rect(100, 0, 100, 100), &n.b), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(n.app, n.a, window), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(n.app, n.b, window), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_callback(n.app, n.a, on_a, &n, NULL), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_callback(n.app, n.b, on_b, &n, NULL), HK_OK);
    CHECK_STATUS(hk_app_send_frame(n.app, 0, down, 2), HK_OK);
    CHECK_STATUS(hk_app_view_destroy(n.app, n.a), HK_OK);
    CHECK(n.a_cancelled == 1 && n.b_cancelled == 1);
    CHECK_STATUS(hk_app_destroy(n.app), HK_OK);
}

/* A scroll view whose offset was moved through the store between frames, destroyed from the next
 * frame's key command: its offset callback still hears the move it was owed. */
typedef struct { int calls; double y; } offset_seen;

static void on_offset(hk_app *app, const hk_view *scroll_view, const hk_point *offset, void *user_data) {
    offset_seen *seen = user_data;
    (void)app; (void)scroll_view;
    seen->calls++;
    seen->y = offset->y;
}

static void scroll_view_moved_through_the_store_destroyed(void) {
    goer g;
    offset_seen seen;
    hk_size content = { 320, 1000 };
    memset(&seen, 0, sizeof seen);
    start(&g, 0);
    CHECK_STATUS(hk_scroll_view_create(g.app, hk_make_rect(0, 0, 320, 240), &g.target), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_content_size(g.app, g.target, content), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(g.app, g.target, g.window), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_offset_callback(g.app, g.target, on_offset, &seen, NULL), HK_OK);
    CHECK_STATUS(hk_view_set_bounds(hk_app_store(g.app), g.target, hk_make_rect(0, 100, 320, 240)), HK_OK);
    CHECK(seen.calls == 0);
    press_x(g.app, 1);
    CHECK(g.stale_at_once && seen.calls == 1 && seen.y == 100);
    finish(&g);
}

void test_destroyed_in_delivery(void) {
    drop_target_goes(0);
    drop_target_goes(1);
    hovered_view_destroyed();
    focused_window_destroyed();
    destroyed_from_anothers_cancellation();
    scroll_view_moved_through_the_store_destroyed();
}

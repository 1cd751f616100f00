/*
 * Context menus, drag and drop through the C API (Behaviour A11): a menu asked, shown and
 * performed by sliding onto an item, a drag lifted and dropped as a copy on a drop target, the
 * session's queries, Escape and the Menu key, removal, and the unusable answers (a bad item
 * frame, an unknown proposal) replaced by the safe ones and reported once.
 */
#include "check.h"

#include <string.h>

typedef struct { char lines[32][48]; int count; int32_t bad_frame; int32_t bad_proposal; int32_t count_answer; int32_t decline; int destroyed; } interaction_log;

static void note(interaction_log *log, const char *line) {
    if (log->count < 32) { strncpy(log->lines[log->count], line, 47); log->count++; }
}

/* "what N": an item's index or an operation. */
static void note_number(interaction_log *log, const char *what, int number) {
    char line[48];
    snprintf(line, sizeof line, "%s %d", what, number);
    note(log, line);
}

static int menu_configuration(hk_app *app, hk_interaction menu, hk_point location, hk_menu_item *items, int32_t capacity,
                              int32_t *count, void *user_data) {
    interaction_log *log = user_data;
    char line[48];
    (void)app; (void)menu;
    snprintf(line, sizeof line, "configuration %.0f %.0f", location.x, location.y);
    note(log, line);
    if (log->count_answer != 0) {
        /* Every item the array holds, 5 points apart, one identifier for all (an item is told
         * by its place), and the count given (count_answer). */
        for (int32_t i = 0; i < capacity; i++) {
            items[i].frame = hk_make_rect(250, 5.0 * i, 100, 5); items[i].enabled = 1; items[i].identifier = "row";
        }
        *count = log->count_answer;
        return 1;
    }
    if (capacity < 2) return 0;
    items[0].frame = hk_make_rect(250, 0, 100, 40); items[0].enabled = 1; items[0].identifier = "copy";
    items[1].frame = hk_make_rect(250, 40, log->bad_frame ? -5 : 100, 40); items[1].enabled = 0; items[1].identifier = "paste";
    *count = 2;
    return log->decline ? 0 : 1;
}
static void menu_will_display(hk_app *app, hk_interaction menu, void *user_data) { (void)app; (void)menu; note(user_data, "willDisplay"); }
static void menu_will_end(hk_app *app, hk_interaction menu, void *user_data) { (void)app; (void)menu; note(user_data, "willEnd"); }
static void menu_highlight(hk_app *app, hk_interaction menu, int32_t item, void *user_data) {
    (void)app; (void)menu;
    note_number(user_data, "highlight", item);
}
static void menu_perform(hk_app *app, hk_interaction menu, int32_t item, void *user_data) {
    (void)app; (void)menu;
    note_number(user_data, "perform", item);
}

static int32_t drag_items(hk_app *app, hk_interaction drag, void *user_data) { (void)app; (void)drag; note(user_data, "items"); return 2; }
static void drag_lift(hk_app *app, hk_interaction drag, void *user_data) { (void)app; (void)drag; note(user_data, "lift"); }
static void drag_begin(hk_app *app, hk_interaction drag, void *user_data) { (void)app; (void)drag; note(user_data, "sessionWillBegin"); }
static void drag_did_end(hk_app *app, hk_interaction drag, hk_drop_operation operation, void *user_data) {
    (void)app; (void)drag;
    note_number(user_data, "didEnd", operation);
}

static hk_drop_proposal drop_update(hk_app *app, hk_interaction drop, hk_interaction source, void *user_data) {
    interaction_log *log = user_data;
    (void)app; (void)drop; (void)source;
    note(log, "update");
    return log->bad_proposal ? 7 : HK_DROP_COPY;
}
static void drop_enter(hk_app *app, hk_interaction drop, hk_interaction source, void *user_data) {
    char line[48];
    (void)app; (void)drop;
    snprintf(line, sizeof line, "enter from %d", source);
    note(user_data, line);
}
static void drop_perform(hk_app *app, hk_interaction drop, hk_interaction source, void *user_data) {
    (void)app; (void)drop; (void)source;
    note(user_data, "performDrop");
}
static void drop_did_end(hk_app *app, hk_interaction drop, hk_interaction source, void *user_data) {
    (void)app; (void)drop; (void)source;
    note(user_data, "sessionDidEnd");
}
static void count_began(const hk_gesture_event *event, void *user_data) {
    if (event->state == HK_STATE_BEGAN) (*(int *)user_data)++;
}
static void interaction_destroyed(void *user_data) { ((interaction_log *)user_data)->destroyed++; }

static void finger(hk_app *app, double t, hk_phase phase, double x, double y) {
    hk_touch_input touch = touch_at(1, phase, x, y);
    CHECK_STATUS(hk_app_send_frame(app, t, &touch, 1), HK_OK);
}

static int logged(const interaction_log *log, int index, const char *line) {
    return index < log->count && strcmp(log->lines[index], line) == 0;
}

void test_interactions(void) {
    interaction_log menu_log, drag_log, drop_log;
    hk_context_menu_callbacks menu_callbacks = { menu_configuration, menu_will_display, menu_will_end, menu_highlight, menu_perform };
    hk_drag_callbacks drag_callbacks = { drag_items, drag_lift, drag_begin, NULL, NULL, drag_did_end };
    hk_drop_callbacks drop_callbacks = { NULL, drop_enter, drop_update, NULL, drop_perform, NULL, drop_did_end };
    hk_view window, photo, source, target;
    hk_interaction menu, drag, drop;
    int32_t open = -1, highlighted = -2, items = 0, begun = 0, count = 0, taken = -1;
    hk_point location;
    hk_app *app = hk_app_create();
    memset(&menu_log, 0, sizeof menu_log);
    memset(&drag_log, 0, sizeof drag_log);
    memset(&drop_log, 0, sizeof drop_log);
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 400, 600), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 200, 200), &photo), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 200, 400, 100), &source), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 300, 400, 300), &target), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, photo, window), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, source, window), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, target, window), HK_OK);
    CHECK_STATUS(hk_app_view_add_context_menu(app, photo, &menu, &menu_callbacks, &menu_log, interaction_destroyed), HK_OK);
    CHECK_STATUS(hk_app_view_add_drag(app, source, &drag, &drag_callbacks, &drag_log, interaction_destroyed), HK_OK);
    CHECK_STATUS(hk_app_view_add_drop(app, target, &drop, &drop_callbacks, &drop_log, interaction_destroyed), HK_OK);
    CHECK(menu != drag && drag != drop && menu > 0);

    /* A menu: asked at 0.15 s, shown at 0.325 s, the finger slides onto the first item and lifts. */
    finger(app, 0, HK_PHASE_BEGAN, 50, 50);
    CHECK_STATUS(hk_app_advance(app, 0.4), HK_OK);
    CHECK_STATUS(hk_context_menu_is_open(app, menu, &open, &highlighted), HK_OK);
    CHECK(open == 1 && highlighted == -1);
    finger(app, 0.5, HK_PHASE_MOVED, 300, 20);
    CHECK_STATUS(hk_context_menu_is_open(app, menu, &open, &highlighted), HK_OK);
    CHECK(open == 1 && highlighted == 0);
    finger(app, 0.6, HK_PHASE_ENDED, 300, 20);
    CHECK(menu_log.count == 5 && logged(&menu_log, 0, "configuration 50 50") && logged(&menu_log, 1, "willDisplay")
          && logged(&menu_log, 2, "highlight 0") && logged(&menu_log, 3, "willEnd") && logged(&menu_log, 4, "perform 0"));
    CHECK_STATUS(hk_context_menu_is_open(app, menu, &open, NULL), HK_OK);
    CHECK(open == 0);

    /* A drag: lifted at 0.325 s, its session begins past 10 points, dropped as a copy. */
    finger(app, 1, HK_PHASE_BEGAN, 100, 250);
    CHECK_STATUS(hk_app_advance(app, 1.4), HK_OK);
    CHECK_STATUS(hk_drag_session_state(app, drag, &items, &begun), HK_OK);
    CHECK(items == 2 && begun == 0);
    finger(app, 1.5, HK_PHASE_MOVED, 100, 400);
    CHECK_STATUS(hk_drag_session_state(app, drag, &items, &begun), HK_OK);
    CHECK(begun == 1);
    CHECK_STATUS(hk_drag_session_location(app, drag, target, &location), HK_OK);
    CHECK(near(location.x, 100) && near(location.y, 100));
    CHECK_STATUS(hk_app_drag_session_count(app, &count), HK_OK);
    CHECK(count == 1);
    finger(app, 1.6, HK_PHASE_ENDED, 100, 400);
    CHECK(drag_log.count == 4 && logged(&drag_log, 0, "items") && logged(&drag_log, 1, "lift")
          && logged(&drag_log, 2, "sessionWillBegin") && logged(&drag_log, 3, "didEnd 1"));
    CHECK(drop_log.count == 4 && logged(&drop_log, 1, "update") && logged(&drop_log, 2, "performDrop")
          && logged(&drop_log, 3, "sessionDidEnd"));
    CHECK(strncmp(drop_log.lines[0], "enter from ", 11) == 0 && drop_log.lines[0][11] == (char)('0' + drag));
    CHECK_STATUS(hk_drag_session_state(app, drag, &items, &begun), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_app_take_interaction_error(app, &count), HK_OK);
    CHECK(count == 0);

    /* Unusable answers: a bad item frame means no menu; an unknown proposal means cancel. */
    menu_log.count = 0;
    menu_log.bad_frame = 1;
    finger(app, 2, HK_PHASE_BEGAN, 50, 50);
    CHECK_STATUS(hk_app_advance(app, 2.4), HK_OK);
    CHECK_STATUS(hk_context_menu_is_open(app, menu, &open, NULL), HK_OK);
    CHECK(open == 0 && menu_log.count == 1);
    finger(app, 2.5, HK_PHASE_ENDED, 50, 50);
    drag_log.count = 0;
    drop_log.count = 0;
    drop_log.bad_proposal = 1;
    finger(app, 3, HK_PHASE_BEGAN, 100, 250);
    CHECK_STATUS(hk_app_advance(app, 3.4), HK_OK);
    finger(app, 3.5, HK_PHASE_MOVED, 100, 400);
    finger(app, 3.6, HK_PHASE_ENDED, 100, 400);
    CHECK(logged(&drag_log, 3, "didEnd 0"));
    CHECK_STATUS(hk_app_take_interaction_error(app, &count), HK_ERR_INVALID_ARGUMENT);
    CHECK(count >= 2 && strstr(hk_last_error_message(), "item 1 (\"paste\")") != NULL);
    CHECK_STATUS(hk_app_take_interaction_error(app, &count), HK_OK);
    CHECK(count == 0);

    /* Escape cancels a lift; the Menu key finds no menu from the key window. */
    menu_log.bad_frame = 0;
    drag_log.count = 0;
    finger(app, 4, HK_PHASE_BEGAN, 100, 250);
    CHECK_STATUS(hk_app_advance(app, 4.4), HK_OK);
    CHECK_STATUS(hk_app_handle_escape_key(app, &taken), HK_OK);
    CHECK(taken == 1 && logged(&drag_log, 2, "didEnd 0"));
    CHECK_STATUS(hk_app_handle_escape_key(app, &taken), HK_OK);
    CHECK(taken == 0);
    finger(app, 4.5, HK_PHASE_ENDED, 100, 250);
    CHECK_STATUS(hk_app_handle_context_menu_key(app, &taken), HK_OK);
    CHECK(taken == 0);

    /* In a key frame, Escape during a lift is taken (handled, no press); with nothing under way
       it goes through the chain as any key, which nothing here keeps. */
    drag_log.count = 0;
    finger(app, 5, HK_PHASE_BEGAN, 100, 250);
    CHECK_STATUS(hk_app_advance(app, 5.4), HK_OK);
    {
        const hk_key_input escape[2] = {{41, HK_KEY_DOWN, NULL, NULL, 0, 0}, {41, HK_KEY_UP, NULL, NULL, 0, 0}};
        uint8_t outcomes[2] = {9, 9};
        CHECK_STATUS(hk_app_send_key_frame(app, 5.45, escape, 2, outcomes), HK_OK);
        CHECK(outcomes[0] == HK_KEY_HANDLED && drag_log.count == 3 && logged(&drag_log, 2, "didEnd 0"));
        finger(app, 5.5, HK_PHASE_ENDED, 100, 250);
        CHECK_STATUS(hk_app_send_key_frame(app, 5.6, escape, 2, outcomes), HK_OK);
        CHECK(outcomes[0] == HK_KEY_UNHANDLED && drag_log.count == 3);
    }

    /* A count past the capacity is read as the capacity (the last item is there to highlight and
       perform), a negative one as none: an empty configuration, ended at 0.325 s without being
       shown (Behaviour A11), and no error. */
    menu_log.count = 0;
    menu_log.count_answer = 1000;
    finger(app, 6, HK_PHASE_BEGAN, 50, 50);
    CHECK_STATUS(hk_app_advance(app, 6.4), HK_OK);
    finger(app, 6.5, HK_PHASE_MOVED, 300, 5 * 63 + 2);
    CHECK_STATUS(hk_context_menu_is_open(app, menu, &open, &highlighted), HK_OK);
    CHECK(open == 1 && highlighted == 63 && logged(&menu_log, 2, "highlight 63"));
    finger(app, 6.6, HK_PHASE_ENDED, 300, 5 * 63 + 2);
    CHECK(menu_log.count > 0 && logged(&menu_log, menu_log.count - 1, "perform 63"));
    menu_log.count = 0;
    menu_log.count_answer = -3;
    finger(app, 7, HK_PHASE_BEGAN, 50, 50);
    CHECK_STATUS(hk_app_advance(app, 7.4), HK_OK);
    CHECK_STATUS(hk_context_menu_is_open(app, menu, &open, NULL), HK_OK);
    CHECK(open == 0 && menu_log.count == 2 && logged(&menu_log, 0, "configuration 50 50") && logged(&menu_log, 1, "willEnd"));
    finger(app, 7.5, HK_PHASE_ENDED, 50, 50);
    CHECK_STATUS(hk_app_take_interaction_error(app, &count), HK_OK);
    CHECK(count == 0);
    menu_log.count_answer = 0;
    /* Declined (0 returned): no menu, whatever the items and count say; nothing to end. */
    menu_log.count = 0;
    menu_log.decline = 1;
    finger(app, 8, HK_PHASE_BEGAN, 50, 50);
    CHECK_STATUS(hk_app_advance(app, 8.4), HK_OK);
    CHECK_STATUS(hk_context_menu_is_open(app, menu, &open, NULL), HK_OK);
    CHECK(open == 0 && menu_log.count == 1 && logged(&menu_log, 0, "configuration 50 50"));
    finger(app, 8.5, HK_PHASE_ENDED, 50, 50);
    menu_log.decline = 0;
    /* The disabled item: a finger on it highlights nothing, and lifting there performs nothing
     * and leaves the menu open, until the host dismisses it. */
    menu_log.count = 0;
    finger(app, 9, HK_PHASE_BEGAN, 50, 50);
    CHECK_STATUS(hk_app_advance(app, 9.4), HK_OK);
    finger(app, 9.5, HK_PHASE_MOVED, 300, 60);
    CHECK_STATUS(hk_context_menu_is_open(app, menu, &open, &highlighted), HK_OK);
    CHECK(open == 1 && highlighted == -1);
    finger(app, 9.6, HK_PHASE_ENDED, 300, 60);
    CHECK_STATUS(hk_context_menu_is_open(app, menu, &open, NULL), HK_OK);
    CHECK(open == 1 && menu_log.count == 2 && logged(&menu_log, 1, "willDisplay"));
    CHECK_STATUS(hk_context_menu_dismiss(app, menu), HK_OK);
    CHECK_STATUS(hk_context_menu_is_open(app, menu, &open, NULL), HK_OK);
    CHECK(open == 0 && menu_log.count == 3 && logged(&menu_log, 2, "willEnd"));

    /* Wrong kinds and stale handles; removal notifies the user data once. */
    CHECK_STATUS(hk_drag_set_enabled(app, menu, 0), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_context_menu_dismiss(app, drop), HK_ERR_INVALID_ARGUMENT);
    /* While the menu's attempt is pending, a long press on its view waits (it would begin at
     * 0.1 s); once the menu is removed, nothing holds it back. */
    hk_gesture press;
    int began = 0;
    CHECK_STATUS(hk_long_press_create(app, photo, 0.1, 1, &press), HK_OK);
    CHECK_STATUS(hk_gesture_set_callback(app, press, count_began, &began, NULL), HK_OK);
    finger(app, 10, HK_PHASE_BEGAN, 50, 50);
    CHECK_STATUS(hk_app_advance(app, 10.1), HK_OK);
    CHECK(began == 0);
    finger(app, 10.12, HK_PHASE_ENDED, 50, 50);  /* the lift fails the attempt: the press begins, and ends */
    began = 0;
    CHECK_STATUS(hk_interaction_remove(app, menu), HK_OK);
    CHECK(menu_log.destroyed == 1);
    finger(app, 11, HK_PHASE_BEGAN, 50, 50);
    CHECK_STATUS(hk_app_advance(app, 11.1), HK_OK);
    CHECK(began == 1);
    finger(app, 11.2, HK_PHASE_ENDED, 50, 50);
    CHECK_STATUS(hk_interaction_remove(app, menu), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_scroll_view_set_autoscrolls_during_drag(app, target, 1), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
    CHECK(drag_log.destroyed == 1 && drop_log.destroyed == 1);
}

/* What a drag's and a drop's C answers become (Behaviour A11): the number of items a lift takes
 * (none for 0 or less, at most 1024), the operation a drop proposes, and a drop without a
 * did_update, which proposes cancel. Read from the drag's did_end and, for forbidden, which ends
 * as a cancel does, from the trace's words. */
typedef struct { int32_t items, proposal, ending, ended, moves, forbidden_traced; } drag_answers;

static int32_t answer_items(hk_app *app, hk_interaction drag, void *user_data) {
    (void)app; (void)drag;
    return ((drag_answers *)user_data)->items;
}
static void answer_ended(hk_app *app, hk_interaction drag, hk_drop_operation operation, void *user_data) {
    (void)app; (void)drag;
    ((drag_answers *)user_data)->ended = operation;
}
static void answer_ending(hk_app *app, hk_interaction drag, hk_drop_operation operation, void *user_data) {
    (void)app; (void)drag;
    ((drag_answers *)user_data)->ending = operation;
}
static void answer_moved(hk_app *app, hk_interaction drag, void *user_data) {
    (void)app; (void)drag;
    ((drag_answers *)user_data)->moves++;
}
static hk_drop_proposal answer_proposal(hk_app *app, hk_interaction drop, hk_interaction source, void *user_data) {
    (void)app; (void)drop; (void)source;
    return ((drag_answers *)user_data)->proposal;
}
static void trace_forbidden(const hk_trace_record *record, void *user_data) {
    if (strstr(record->text, "proposed forbidden") != NULL) ((drag_answers *)user_data)->forbidden_traced = 1;
}

static void note_phase(const hk_touch_event *event, void *user_data) { *(hk_phase *)user_data = event->phase; }

/* A new app with a window (0, 0, 400, 600) holding a source view at `source_frame` with a drag
 * interaction and a target view at (0, 300, 400, 300) with a drop interaction, both given
 * `user_data`. */
static hk_app *drag_and_drop_app(hk_rect source_frame, const hk_drag_callbacks *drag_callbacks,
                                 const hk_drop_callbacks *drop_callbacks, void *user_data, hk_view *source,
                                 hk_view *target, hk_interaction *drag, hk_interaction *drop) {
    hk_view window;
    hk_app *app = hk_app_create();
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 400, 600), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, source_frame, source), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 300, 400, 300), target), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, *source, window), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, *target, window), HK_OK);
    CHECK_STATUS(hk_app_view_add_drag(app, *source, drag, drag_callbacks, user_data, NULL), HK_OK);
    CHECK_STATUS(hk_app_view_add_drop(app, *target, drop, drop_callbacks, user_data, NULL), HK_OK);
    return app;
}

/* A finger down on the source at `t`, held past the lift, then dragged onto the target (the
 * session begins), moved once more there and lifted; returns the items the lift took (-1 for no
 * lift). */
static int32_t drag_to_target(hk_app *app, hk_interaction drag, double t) {
    int32_t items = -1, begun = 0;
    finger(app, t, HK_PHASE_BEGAN, 100, 250);
    CHECK_STATUS(hk_app_advance(app, t + 0.4), HK_OK);
    if (hk_drag_session_state(app, drag, &items, &begun) != HK_OK) items = -1;
    finger(app, t + 0.5, HK_PHASE_MOVED, 100, 400);
    finger(app, t + 0.55, HK_PHASE_MOVED, 100, 410);
    finger(app, t + 0.6, HK_PHASE_ENDED, 100, 410);
    return items;
}

void test_drag_answers(void) {
    drag_answers answers = { 2, HK_DROP_COPY, -1, -1, 0, 0 };
    hk_drag_callbacks drag_callbacks = { answer_items, NULL, NULL, answer_moved, answer_ending, answer_ended };
    hk_drop_callbacks drop_callbacks = { NULL, NULL, answer_proposal, NULL, NULL, NULL, NULL }, silent;
    hk_view source, target;
    hk_interaction drag, drop;
    hk_app *app = drag_and_drop_app(hk_make_rect(0, 200, 400, 100), &drag_callbacks, &drop_callbacks, &answers, &source,
                                    &target, &drag, &drop);
    memset(&silent, 0, sizeof silent);
    CHECK_STATUS(hk_drag_set_allows_move(app, drag, 1), HK_OK);
    CHECK_STATUS(hk_app_set_trace_callback(app, trace_forbidden, &answers, NULL), HK_OK);

    /* will_end hears the operation did_end does; of the session's two moves, the one after the
     * frame it began in is told (Behaviour A11). */
    CHECK(drag_to_target(app, drag, 0) == 2 && answers.ended == HK_DROP_COPY && answers.ending == HK_DROP_COPY);
    CHECK(answers.moves == 1);
    answers.proposal = HK_DROP_MOVE;
    CHECK(drag_to_target(app, drag, 1) == 2 && answers.ended == HK_DROP_MOVE && answers.ending == HK_DROP_MOVE);
    /* A source that does not allow moving turns a move proposal into a cancel. */
    CHECK_STATUS(hk_drag_set_allows_move(app, drag, 0), HK_OK);
    CHECK(drag_to_target(app, drag, 2) == 2 && answers.ended == HK_DROP_CANCEL);
    CHECK_STATUS(hk_drag_set_allows_move(app, drag, 2), HK_OK);
    answers.proposal = HK_DROP_FORBIDDEN;
    CHECK(drag_to_target(app, drag, 3) == 2 && answers.ended == HK_DROP_CANCEL && answers.forbidden_traced);
    answers.proposal = HK_DROP_COPY;
    answers.items = 5000;
    CHECK(drag_to_target(app, drag, 4) == 1024 && answers.ended == HK_DROP_COPY);
    answers.items = -2;
    answers.ended = -1;
    CHECK(drag_to_target(app, drag, 5) == -1 && answers.ended == -1);
    /* A disabled drag lifts nothing; enabled again by any non-zero value, it does. */
    answers.items = 2;
    CHECK_STATUS(hk_drag_set_enabled(app, drag, 0), HK_OK);
    CHECK(drag_to_target(app, drag, 6) == -1 && answers.ended == -1);
    CHECK_STATUS(hk_drag_set_enabled(app, drag, 2), HK_OK);
    /* The lift takes the touch from the source's view (it hears it cancelled), unless the lift
     * is simultaneous: then the view keeps it until the session begins. */
    hk_phase last_phase = -1;
    CHECK_STATUS(hk_app_view_set_touch_callback(app, source, note_phase, &last_phase, NULL), HK_OK);
    answers.items = 2;
    finger(app, 7, HK_PHASE_BEGAN, 100, 250);
    CHECK_STATUS(hk_app_advance(app, 7.4), HK_OK);
    CHECK(last_phase == HK_PHASE_CANCELLED);
    finger(app, 7.5, HK_PHASE_ENDED, 100, 250);
    CHECK_STATUS(hk_drag_set_simultaneous_lift(app, drag, 1), HK_OK);
    finger(app, 8, HK_PHASE_BEGAN, 100, 250);
    CHECK_STATUS(hk_app_advance(app, 8.4), HK_OK);
    CHECK(last_phase == HK_PHASE_BEGAN);
    finger(app, 8.5, HK_PHASE_MOVED, 100, 400);
    CHECK(last_phase == HK_PHASE_CANCELLED);
    finger(app, 8.6, HK_PHASE_ENDED, 100, 400);
    CHECK_STATUS(hk_drag_set_simultaneous_lift(app, drag, 0), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_callback(app, source, NULL, NULL, NULL), HK_OK);
    /* A drop without did_update: the session reaches it and cancels. */
    answers.items = 2;
    CHECK_STATUS(hk_interaction_remove(app, drop), HK_OK);
    CHECK_STATUS(hk_app_view_add_drop(app, target, &drop, &silent, NULL, NULL), HK_OK);
    CHECK(drag_to_target(app, drag, 9) == 2 && answers.ended == HK_DROP_CANCEL);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* A drag interaction C lets go of while its drag is under way, by hk_interaction_remove or by
 * destroying its view (Behaviour A11). A lift still holds its touch on the view: it ends at
 * once, cancelled. A begun session has taken its touch from every view: it goes on to its end,
 * and its will_end and did_end are heard then, under the handle now stale. Either way the user
 * data is notified once, after did_end. */
typedef struct { int32_t ending, ended, destroyed, destroyed_before_end; } outlived_drag;

static int32_t outlived_items(hk_app *app, hk_interaction drag, void *user_data) { (void)app; (void)drag; (void)user_data; return 1; }
static void outlived_ending(hk_app *app, hk_interaction drag, hk_drop_operation operation, void *user_data) {
    (void)app; (void)drag;
    ((outlived_drag *)user_data)->ending = operation;
}
static void outlived_ended(hk_app *app, hk_interaction drag, hk_drop_operation operation, void *user_data) {
    (void)app; (void)drag;
    outlived_drag *d = user_data;
    d->ended = operation;
    d->destroyed_before_end = d->destroyed;
}
static void outlived_destroyed(void *user_data) { ((outlived_drag *)user_data)->destroyed++; }
static hk_drop_proposal propose_copy(hk_app *app, hk_interaction drop, hk_interaction source, void *user_data) {
    (void)app; (void)drop; (void)source; (void)user_data;
    return HK_DROP_COPY;
}

void test_drag_outlives_its_removal(void) {
    hk_drag_callbacks drag_callbacks = { outlived_items, NULL, NULL, NULL, outlived_ending, outlived_ended };
    hk_drop_callbacks drop_callbacks = { NULL, NULL, propose_copy, NULL, NULL, NULL, NULL };
    for (int by_destroying_the_view = 0; by_destroying_the_view < 2; by_destroying_the_view++) {
        for (int session_begun = 0; session_begun < 2; session_begun++) {
            outlived_drag d = { -1, -1, 0, -1 };
            hk_view window, source, target;
            hk_interaction drag, drop;
            int32_t count = -1;
            hk_app *app = hk_app_create();
            CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 400, 600), 0, &window), HK_OK);
            CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 200, 400, 100), &source), HK_OK);
            CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 300, 400, 300), &target), HK_OK);
            CHECK_STATUS(hk_app_view_add_subview(app, source, window), HK_OK);
            CHECK_STATUS(hk_app_view_add_subview(app, target, window), HK_OK);
            CHECK_STATUS(hk_app_view_add_drag(app, source, &drag, &drag_callbacks, &d, outlived_destroyed), HK_OK);
            CHECK_STATUS(hk_app_view_add_drop(app, target, &drop, &drop_callbacks, NULL, NULL), HK_OK);
            finger(app, 0, HK_PHASE_BEGAN, 100, 250);
            CHECK_STATUS(hk_app_advance(app, 0.4), HK_OK);  /* lifted */
            if (session_begun) finger(app, 0.5, HK_PHASE_MOVED, 100, 400);
            if (by_destroying_the_view) {
                CHECK_STATUS(hk_app_view_destroy(app, source), HK_OK);
            } else {
                CHECK_STATUS(hk_interaction_remove(app, drag), HK_OK);
            }
            CHECK_STATUS(hk_drag_set_enabled(app, drag, 1), HK_ERR_STALE_HANDLE);
            CHECK_STATUS(hk_app_drag_session_count(app, &count), HK_OK);
            if (!session_begun) {
                CHECK(d.ending == HK_DROP_CANCEL && d.ended == HK_DROP_CANCEL && count == 0);
                CHECK(d.destroyed_before_end == 0 && d.destroyed == 1);
                CHECK_STATUS(hk_app_destroy(app), HK_OK);
                CHECK(d.destroyed == 1);
                continue;
            }
            CHECK(d.destroyed == 0 && d.ended == -1 && count == 1);
            finger(app, 0.55, HK_PHASE_MOVED, 100, 410);
            finger(app, 0.6, HK_PHASE_ENDED, 100, 410);
            CHECK(d.ending == HK_DROP_COPY && d.ended == HK_DROP_COPY);
            CHECK(d.destroyed_before_end == 0 && d.destroyed == 1);
            CHECK_STATUS(hk_app_drag_session_count(app, &count), HK_OK);
            CHECK(count == 0);
            CHECK_STATUS(hk_app_destroy(app), HK_OK);
            CHECK(d.destroyed == 1);
        }
    }
    /* An app destroyed with a begun session under way, its interaction removed or still
     * attached, cancels it (a session's touch is in no view, which its windows could cancel),
     * and the user data is notified once, after did_end. */
    for (int removed_first = 0; removed_first < 2; removed_first++) {
        outlived_drag d = { -1, -1, 0, -1 };
        hk_view window, source;
        hk_interaction drag;
        hk_app *app = hk_app_create();
        CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 400, 600), 0, &window), HK_OK);
        CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 200, 400, 100), &source), HK_OK);
        CHECK_STATUS(hk_app_view_add_subview(app, source, window), HK_OK);
        CHECK_STATUS(hk_app_view_add_drag(app, source, &drag, &drag_callbacks, &d, outlived_destroyed), HK_OK);
        finger(app, 0, HK_PHASE_BEGAN, 100, 250);
        CHECK_STATUS(hk_app_advance(app, 0.4), HK_OK);
        finger(app, 0.5, HK_PHASE_MOVED, 100, 400);
        if (removed_first) CHECK_STATUS(hk_interaction_remove(app, drag), HK_OK);
        CHECK_STATUS(hk_app_destroy(app), HK_OK);
        CHECK(d.ending == HK_DROP_CANCEL && d.ended == HK_DROP_CANCEL);
        CHECK(d.destroyed_before_end == 0 && d.destroyed == 1);
    }
}

/* Escape pressed from inside a callback of the targeting pass (Behaviour A11, "The end of a
 * session"): the source's session_did_move with the target entered, a drop's can_handle, its
 * did_enter. The session ends there, and the pass that was running stops: the target is not
 * entered or updated again after its did_end (or, asked only, after the source's did_end), and
 * the finger's lift later tells no one anything. One log for the source's and the target's
 * callbacks, in the order they come. */
typedef struct { interaction_log log; const char *escape_in; int32_t taken; } escape_log;

static void escape_if(hk_app *app, escape_log *log, const char *line) {
    note(&log->log, line);
    if (log->escape_in == NULL || strcmp(log->escape_in, line) != 0) return;
    log->escape_in = NULL;
    CHECK_STATUS(hk_app_handle_escape_key(app, &log->taken), HK_OK);
}
static int32_t escape_items(hk_app *app, hk_interaction drag, void *user_data) { (void)app; (void)drag; (void)user_data; return 1; }
static void escape_moved(hk_app *app, hk_interaction drag, void *user_data) { (void)drag; escape_if(app, user_data, "move"); }
static void escape_will_end(hk_app *app, hk_interaction drag, hk_drop_operation operation, void *user_data) {
    (void)app; (void)drag;
    note_number(&((escape_log *)user_data)->log, "willEnd", operation);
}
static void escape_did_end(hk_app *app, hk_interaction drag, hk_drop_operation operation, void *user_data) {
    (void)app; (void)drag;
    note_number(&((escape_log *)user_data)->log, "didEnd", operation);
}
static int escape_can(hk_app *app, hk_interaction drop, hk_interaction source, void *user_data) {
    (void)drop; (void)source;
    escape_if(app, user_data, "can");
    return 1;
}
static hk_drop_proposal escape_update(hk_app *app, hk_interaction drop, hk_interaction source, void *user_data) {
    (void)drop; (void)source;
    escape_if(app, user_data, "update");
    return HK_DROP_COPY;
}
/* The drop callbacks that only log (and may press Escape). */
#define ESCAPE_DROP_CALLBACK(name, line) \
    static void name(hk_app *app, hk_interaction drop, hk_interaction source, void *user_data) { \
        (void)drop; (void)source; escape_if(app, user_data, line); \
    }
ESCAPE_DROP_CALLBACK(escape_enter, "enter")
ESCAPE_DROP_CALLBACK(escape_exit, "exit")
ESCAPE_DROP_CALLBACK(escape_perform, "perform")
ESCAPE_DROP_CALLBACK(escape_drop_ended, "dropEnd")

/* Whether the log holds exactly `lines`, in order. */
static int log_is(const interaction_log *log, const char *const *lines, int count) {
    if (log->count != count) return 0;
    for (int i = 0; i < count; i++) if (!logged(log, i, lines[i])) return 0;
    return 1;
}

void test_escape_from_a_drag_callback(void) {
    static const char *const from_move[] = { "can", "enter", "update", "move", "exit", "willEnd 0", "didEnd 0", "dropEnd" };
    static const char *const from_can[] = { "can", "willEnd 0", "didEnd 0" };
    static const char *const from_enter[] = { "can", "enter", "exit", "willEnd 0", "didEnd 0", "dropEnd" };
    const struct { const char *escape_in; const char *const *lines; int count; } cases[] = {
        { "move", from_move, 8 }, { "can", from_can, 3 }, { "enter", from_enter, 6 },
    };
    hk_drag_callbacks drag_callbacks = { escape_items, NULL, NULL, escape_moved, escape_will_end, escape_did_end };
    hk_drop_callbacks drop_callbacks = { escape_can, escape_enter, escape_update, escape_exit, escape_perform, NULL,
                                         escape_drop_ended };
    for (int k = 0; k < 3; k++) {
        escape_log log;
        hk_view source, target;
        hk_interaction drag, drop;
        int32_t count = -1;
        memset(&log, 0, sizeof log);
        log.escape_in = cases[k].escape_in;
        log.taken = -1;
        hk_app *app = drag_and_drop_app(hk_make_rect(0, 0, 400, 100), &drag_callbacks, &drop_callbacks, &log, &source,
                                        &target, &drag, &drop);
        finger(app, 0, HK_PHASE_BEGAN, 100, 50);
        CHECK_STATUS(hk_app_advance(app, 0.4), HK_OK);     /* the lift */
        finger(app, 0.5, HK_PHASE_MOVED, 100, 400);         /* the session begins over the target */
        finger(app, 0.6, HK_PHASE_MOVED, 100, 410);         /* a move: session_did_move */
        CHECK(log.taken == 1 && log.escape_in == NULL);
        CHECK_STATUS(hk_app_drag_session_count(app, &count), HK_OK);
        CHECK(count == 0);
        finger(app, 0.7, HK_PHASE_ENDED, 100, 410);
        int as_promised = log_is(&log.log, cases[k].lines, cases[k].count);
        CHECK(as_promised);
        if (!as_promised) {
            fprintf(stderr, "  Escape from %s logged:", cases[k].escape_in);
            for (int i = 0; i < log.log.count; i++) fprintf(stderr, " %s,", log.log.lines[i]);
            fprintf(stderr, "\n");
        }
        CHECK_STATUS(hk_app_destroy(app), HK_OK);
    }
}

/* hk_drag_session_location in a view that is in no window: the location is on the screen, and
 * such a view has no place there, so the call refuses it with HK_ERR_NOT_IN_WINDOW, as
 * hk_convert_point from the screen to it does, and leaves *out as it was (it answered HK_OK with
 * NaN). A view in any window, another window among them, answers through the screen. */
void test_drag_session_location_in_no_window(void) {
    drag_answers answers = { 1, HK_DROP_COPY, -1, -1, 0, 0 };
    hk_drag_callbacks drag_callbacks = { answer_items, NULL, NULL, NULL, NULL, NULL };
    hk_drop_callbacks drop_callbacks;
    hk_view source, target, loose, inside_loose, other_window, in_other_window;
    hk_interaction drag, drop;
    hk_point at = { 42, 42 }, converted = { 42, 42 };
    memset(&drop_callbacks, 0, sizeof drop_callbacks);
    hk_app *app = drag_and_drop_app(hk_make_rect(0, 0, 400, 100), &drag_callbacks, &drop_callbacks, &answers, &source,
                                    &target, &drag, &drop);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(10, 10, 50, 50), &loose), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(5, 5, 10, 10), &inside_loose), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, inside_loose, loose), HK_OK);
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(500, 0, 400, 600), 0, &other_window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(10, 10, 50, 50), &in_other_window), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, in_other_window, other_window), HK_OK);
    finger(app, 0, HK_PHASE_BEGAN, 100, 50);
    CHECK_STATUS(hk_app_advance(app, 0.4), HK_OK);
    finger(app, 0.5, HK_PHASE_MOVED, 100, 400);

    CHECK_STATUS(hk_drag_session_location(app, drag, loose, &at), HK_ERR_NOT_IN_WINDOW);
    CHECK(strstr(hk_last_error_message(), "not in a window") != NULL);
    CHECK_STATUS(hk_drag_session_location(app, drag, inside_loose, &at), HK_ERR_NOT_IN_WINDOW);
    CHECK(at.x == 42 && at.y == 42);
    CHECK_STATUS(hk_convert_point(hk_app_store(app), hk_make_point(100, 400), hk_no_view(), loose, &converted),
                 HK_ERR_NOT_IN_WINDOW);
    CHECK_STATUS(hk_drag_session_location(app, drag, target, &at), HK_OK);
    CHECK(near(at.x, 100) && near(at.y, 100));
    CHECK_STATUS(hk_drag_session_location(app, drag, other_window, &at), HK_OK);
    CHECK(near(at.x, -400) && near(at.y, 400));
    CHECK_STATUS(hk_drag_session_location(app, drag, in_other_window, &at), HK_OK);
    CHECK(near(at.x, -410) && near(at.y, 390));
    /* Taken out of its window, the target has no location any more; back in it, it has again. */
    CHECK_STATUS(hk_app_view_remove_from_superview(app, target), HK_OK);
    at.x = at.y = 42;
    CHECK_STATUS(hk_drag_session_location(app, drag, target, &at), HK_ERR_NOT_IN_WINDOW);
    CHECK(at.x == 42 && at.y == 42);
    CHECK_STATUS(hk_app_view_add_subview(app, target, other_window), HK_OK);
    CHECK_STATUS(hk_drag_session_location(app, drag, target, &at), HK_OK);
    CHECK(near(at.x, -400) && near(at.y, 100));
    finger(app, 0.6, HK_PHASE_ENDED, 100, 400);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* Autoscroll (Behaviour A11): a session held 10 pt inside the bottom of a scroll view that
 * autoscrolls is in its 44 pt band, 34 pt deep, and the first tick, 1/60 s after the frame it
 * entered the band in, moves the offset by 1200 * 34 / 44 / 60 pt; without the setting nothing
 * moves. */
void test_autoscroll(void) {
    drag_answers answers = { 1, HK_DROP_COPY, -1, -1, 0, 0 };
    hk_drag_callbacks drag_callbacks = { answer_items, NULL, NULL, NULL, NULL, NULL };
    hk_view window, source, scroll;
    hk_interaction drag;
    hk_point offset;
    hk_app *app = hk_app_create();
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 400, 600), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 400, 100), &source), HK_OK);
    CHECK_STATUS(hk_scroll_view_create(app, hk_make_rect(0, 300, 400, 300), &scroll), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, source, window), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, scroll, window), HK_OK);
    CHECK_STATUS(hk_scroll_view_set_content_size(app, scroll, (hk_size){ 400, 1000 }), HK_OK);
    CHECK_STATUS(hk_app_view_add_drag(app, source, &drag, &drag_callbacks, &answers, NULL), HK_OK);
    for (int on = 0; on < 2; on++) {
        double t = 2 * on;
        CHECK_STATUS(hk_scroll_view_set_autoscrolls_during_drag(app, scroll, on), HK_OK);
        finger(app, t, HK_PHASE_BEGAN, 100, 50);
        CHECK_STATUS(hk_app_advance(app, t + 0.4), HK_OK);
        finger(app, t + 0.5, HK_PHASE_MOVED, 200, 590);
        CHECK_STATUS(hk_app_advance(app, t + 0.52), HK_OK);
        CHECK_STATUS(hk_scroll_view_content_offset(app, scroll, &offset), HK_OK);
        CHECK(offset.x == 0 && fabs(offset.y - (on ? 1200.0 * 34 / 44 / 60 : 0)) < 1e-6);
        finger(app, t + 0.6, HK_PHASE_ENDED, 200, 590);
    }
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* The Menu key with no menu open presents the first context menu on the chain from the key
 * window (here the window's own, asked at its bounds' center) and is taken; Escape dismisses it. */
void test_menu_key(void) {
    interaction_log log;
    hk_context_menu_callbacks callbacks = { menu_configuration, menu_will_display, menu_will_end, menu_highlight, menu_perform };
    hk_view window;
    hk_interaction menu;
    int32_t taken = -1, open = -1;
    hk_app *app = hk_app_create();
    memset(&log, 0, sizeof log);
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 200, 100), 0, &window), HK_OK);
    CHECK_STATUS(hk_window_make_key(app, window), HK_OK);
    CHECK_STATUS(hk_app_view_add_context_menu(app, window, &menu, &callbacks, &log, NULL), HK_OK);
    CHECK_STATUS(hk_app_handle_context_menu_key(app, &taken), HK_OK);
    CHECK_STATUS(hk_context_menu_is_open(app, menu, &open, NULL), HK_OK);
    CHECK(taken == 1 && open == 1 && log.count == 2 && logged(&log, 0, "configuration 100 50") && logged(&log, 1, "willDisplay"));
    CHECK_STATUS(hk_app_handle_escape_key(app, &taken), HK_OK);
    CHECK_STATUS(hk_context_menu_is_open(app, menu, &open, NULL), HK_OK);
    CHECK(taken == 1 && open == 0 && logged(&log, 2, "willEnd"));
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* A finger held on the window has been answered a menu when the Menu key asks for one: the
 * finger's attempt ends first (its will_end), then the key's menu is asked and shown, and the
 * finger's 0.325 s later brings nothing. */
void test_menu_one_at_a_time(void) {
    interaction_log log;
    hk_context_menu_callbacks callbacks = { menu_configuration, menu_will_display, menu_will_end, menu_highlight, menu_perform };
    hk_view window;
    hk_interaction menu;
    int32_t taken = -1;
    hk_app *app = hk_app_create();
    memset(&log, 0, sizeof log);
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 200, 100), 0, &window), HK_OK);
    CHECK_STATUS(hk_window_make_key(app, window), HK_OK);
    CHECK_STATUS(hk_app_view_add_context_menu(app, window, &menu, &callbacks, &log, NULL), HK_OK);
    hk_touch_input finger;
    memset(&finger, 0, sizeof finger);
    finger.id = 1; finger.phase = HK_PHASE_BEGAN; finger.has_location = 1; finger.x = 50; finger.y = 50;
    CHECK_STATUS(hk_app_send_frame(app, 0, &finger, 1), HK_OK);
    CHECK_STATUS(hk_app_advance(app, 0.2), HK_OK);
    CHECK(log.count == 1 && logged(&log, 0, "configuration 50 50"));
    CHECK_STATUS(hk_app_handle_context_menu_key(app, &taken), HK_OK);
    CHECK_STATUS(hk_app_advance(app, 0.5), HK_OK);
    CHECK(taken == 1 && log.count == 4 && logged(&log, 1, "willEnd") && logged(&log, 2, "configuration 100 50")
          && logged(&log, 3, "willDisplay"));
    finger.phase = HK_PHASE_ENDED;
    CHECK_STATUS(hk_app_send_frame(app, 0.6, &finger, 1), HK_OK);
    CHECK_STATUS(hk_context_menu_dismiss(app, menu), HK_OK);
    CHECK(log.count == 5 && logged(&log, 4, "willEnd"));
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* Two items alike in identifier (none) and frame, the first disabled: the enabled one is the
 * one highlighted, reported and performed, each by its own index (A11: a disabled item is never
 * highlighted). */
static int alike_items(hk_app *app, hk_interaction menu, hk_point location, hk_menu_item *items, int32_t capacity,
                       int32_t *count, void *user_data) {
    (void)app; (void)menu; (void)location; (void)user_data;
    if (capacity < 2) return 0;
    for (int i = 0; i < 2; i++) {
        items[i].frame = hk_make_rect(150, 50, 40, 20); items[i].enabled = i; items[i].identifier = NULL;
    }
    *count = 2;
    return 1;
}

/* A new app with a window at `frame` holding a context menu (`menu`, its user data `log`),
 * shown by finger 1 held at (50, 50) from 0 to 0.4 s. */
static hk_app *menu_shown_on_a_window(hk_rect frame, const hk_context_menu_callbacks *callbacks, interaction_log *log,
                                      hk_interaction *menu) {
    hk_view window;
    hk_app *app = hk_app_create();
    memset(log, 0, sizeof *log);
    CHECK_STATUS(hk_app_window_create(app, frame, 0, &window), HK_OK);
    CHECK_STATUS(hk_app_view_add_context_menu(app, window, menu, callbacks, log, NULL), HK_OK);
    finger(app, 0, HK_PHASE_BEGAN, 50, 50);
    CHECK_STATUS(hk_app_advance(app, 0.4), HK_OK);
    return app;
}

/* Finger 1 to (x, y) at `t` in `phase`; the menu is then open with `expected` highlighted. */
static void finger_then_highlighted(hk_app *app, hk_interaction menu, double t, hk_phase phase, double x, double y,
                                    int32_t expected) {
    int32_t open = 0, highlighted = -9;
    finger(app, t, phase, x, y);
    CHECK_STATUS(hk_context_menu_is_open(app, menu, &open, &highlighted), HK_OK);
    CHECK(open == 1 && highlighted == expected);
}

void test_menu_items_alike_are_told_by_index(void) {
    interaction_log log;
    hk_context_menu_callbacks callbacks = { alike_items, NULL, NULL, menu_highlight, menu_perform };
    hk_interaction menu;
    hk_app *app = menu_shown_on_a_window(hk_make_rect(0, 0, 200, 100), &callbacks, &log, &menu);
    finger_then_highlighted(app, menu, 0.5, HK_PHASE_MOVED, 160, 60, 1);
    finger(app, 0.6, HK_PHASE_ENDED, 160, 60);
    CHECK(log.count == 2 && logged(&log, 0, "highlight 1") && logged(&log, 1, "perform 1"));
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* The highlighted item hk_context_menu_is_open reports is the one the finger is on: -1 again once
 * it has left every enabled item (A11: entering an item again highlights it again). */
void test_menu_highlight_ends_off_the_items(void) {
    interaction_log log;
    hk_context_menu_callbacks callbacks = { menu_configuration, NULL, NULL, menu_highlight, NULL };
    hk_interaction menu;
    hk_app *app = menu_shown_on_a_window(hk_make_rect(0, 0, 400, 600), &callbacks, &log, &menu);
    finger_then_highlighted(app, menu, 0.5, HK_PHASE_MOVED, 300, 20, 0);    /* on item 0, copy */
    finger_then_highlighted(app, menu, 0.6, HK_PHASE_MOVED, 300, 60, -1);   /* on item 1, disabled: no item */
    finger_then_highlighted(app, menu, 0.7, HK_PHASE_MOVED, 300, 20, 0);
    finger_then_highlighted(app, menu, 0.8, HK_PHASE_ENDED, 100, 400, -1);  /* lifted off every item: it stays */
    CHECK(log.count == 3 && logged(&log, 0, "configuration 50 50") && logged(&log, 1, "highlight 0")
          && logged(&log, 2, "highlight 0"));
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* The Menu key pressed from the configuration callback it is asking does nothing (taken 0), at
 * every ask: the outer answer is shown once and ends once. */
typedef struct { interaction_log log; hk_app *app; int32_t inner_taken; int inner_calls; } menu_key_inside;

static int press_menu_key_when_asked(hk_app *app, hk_interaction menu, hk_point location, hk_menu_item *items,
                                     int32_t capacity, int32_t *count, void *user_data) {
    menu_key_inside *m = user_data;
    m->inner_calls++;
    CHECK_STATUS(hk_app_handle_context_menu_key(m->app, &m->inner_taken), HK_OK);
    return menu_configuration(app, menu, location, items, capacity, count, &m->log);
}
static void inside_will_display(hk_app *app, hk_interaction menu, void *user_data) {
    menu_will_display(app, menu, &((menu_key_inside *)user_data)->log);
}
static void inside_will_end(hk_app *app, hk_interaction menu, void *user_data) {
    menu_will_end(app, menu, &((menu_key_inside *)user_data)->log);
}

void test_menu_key_from_its_own_configuration(void) {
    menu_key_inside m;
    hk_context_menu_callbacks callbacks = { press_menu_key_when_asked, inside_will_display, inside_will_end, NULL, NULL };
    hk_view window;
    hk_interaction menu;
    int32_t taken = -1;
    memset(&m, 0, sizeof m);
    m.app = hk_app_create();
    m.inner_taken = -1;
    CHECK_STATUS(hk_app_window_create(m.app, hk_make_rect(0, 0, 200, 100), 0, &window), HK_OK);
    CHECK_STATUS(hk_window_make_key(m.app, window), HK_OK);
    CHECK_STATUS(hk_app_view_add_context_menu(m.app, window, &menu, &callbacks, &m, NULL), HK_OK);
    CHECK_STATUS(hk_app_handle_context_menu_key(m.app, &taken), HK_OK);
    CHECK(taken == 1 && m.inner_taken == 0 && m.inner_calls == 1);
    CHECK(m.log.count == 2 && logged(&m.log, 0, "configuration 100 50") && logged(&m.log, 1, "willDisplay"));
    CHECK_STATUS(hk_context_menu_dismiss(m.app, menu), HK_OK);
    CHECK(m.log.count == 3 && logged(&m.log, 2, "willEnd"));
    CHECK_STATUS(hk_app_destroy(m.app), HK_OK);
}

/* A menu dismissed from its own will_display (A11) on a view that also has a drag, its first item
 * under the finger: the drag the shown menu could turn into fails with it, so the finger moving
 * away lifts nothing, and nothing is highlighted after will_end (as when C dismisses it between
 * frames). */
static void dismiss_in_will_display(hk_app *app, hk_interaction menu, void *user_data) {
    note(user_data, "willDisplay");
    CHECK_STATUS(hk_context_menu_dismiss(app, menu), HK_OK);
}

void test_menu_dismissed_in_its_will_display(void) {
    static const char *const menu_lines[] = { "configuration 300 20", "willDisplay", "willEnd" };
    interaction_log menu_log, drag_log;
    hk_context_menu_callbacks menu_callbacks = { menu_configuration, dismiss_in_will_display, menu_will_end, menu_highlight,
                                                 menu_perform };
    hk_drag_callbacks drag_callbacks = { drag_items, drag_lift, drag_begin, NULL, NULL, drag_did_end };
    hk_drop_callbacks drop_callbacks;
    hk_view card, target;
    hk_interaction menu, drag, drop;
    int32_t open = -1;
    memset(&menu_log, 0, sizeof menu_log);
    memset(&drag_log, 0, sizeof drag_log);
    memset(&drop_callbacks, 0, sizeof drop_callbacks);
    hk_app *app = drag_and_drop_app(hk_make_rect(0, 0, 400, 200), &drag_callbacks, &drop_callbacks, &drag_log, &card,
                                    &target, &drag, &drop);
    CHECK_STATUS(hk_app_view_add_context_menu(app, card, &menu, &menu_callbacks, &menu_log, NULL), HK_OK);
    finger(app, 0, HK_PHASE_BEGAN, 300, 20);           /* on item 0 (250, 0, 100, 40) */
    CHECK_STATUS(hk_app_advance(app, 0.4), HK_OK);      /* shown at 0.325, dismissed at once */
    CHECK_STATUS(hk_context_menu_is_open(app, menu, &open, NULL), HK_OK);
    CHECK(open == 0);
    finger(app, 0.5, HK_PHASE_MOVED, 300, 60);          /* 40 pt away */
    finger(app, 0.6, HK_PHASE_MOVED, 300, 400);         /* over the drop target */
    finger(app, 0.7, HK_PHASE_ENDED, 300, 400);
    CHECK(log_is(&menu_log, menu_lines, 3));
    CHECK(drag_log.count == 0);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* A drag whose lift callback presses Escape (A11): the lift ends there, and the long press (0.5 s)
 * sharing its touch still cannot begin before 1.0 s from touch-down. */
static void escape_in_lift(hk_app *app, hk_interaction drag, void *user_data) {
    int32_t taken = -1;
    (void)drag;
    note(user_data, "lift");
    CHECK_STATUS(hk_app_handle_escape_key(app, &taken), HK_OK);
    CHECK(taken == 1);
}
static void note_began_time(const hk_gesture_event *event, void *user_data) {
    if (event->state == HK_STATE_BEGAN) *(double *)user_data = event->timestamp;
}

void test_long_press_after_a_lift_ended_in_its_lift_callback(void) {
    static const char *const drag_lines[] = { "items", "lift", "didEnd 0" };
    interaction_log drag_log;
    hk_drag_callbacks drag_callbacks = { drag_items, escape_in_lift, NULL, NULL, NULL, drag_did_end };
    hk_drop_callbacks drop_callbacks;
    hk_view card, target;
    hk_interaction drag, drop;
    hk_gesture press;
    double began = -1;
    memset(&drag_log, 0, sizeof drag_log);
    memset(&drop_callbacks, 0, sizeof drop_callbacks);
    hk_app *app = drag_and_drop_app(hk_make_rect(0, 0, 200, 200), &drag_callbacks, &drop_callbacks, &drag_log, &card,
                                    &target, &drag, &drop);
    CHECK_STATUS(hk_long_press_create(app, card, 0.5, 1, &press), HK_OK);
    CHECK_STATUS(hk_gesture_set_callback(app, press, note_began_time, &began, NULL), HK_OK);
    finger(app, 0, HK_PHASE_BEGAN, 100, 100);
    CHECK_STATUS(hk_app_advance(app, 0.99), HK_OK);     /* lifted at 0.325 and ended there */
    CHECK(began == -1);
    CHECK_STATUS(hk_app_advance(app, 1.2), HK_OK);
    CHECK(began == 1.0);
    CHECK(log_is(&drag_log, drag_lines, 3));
    finger(app, 1.3, HK_PHASE_ENDED, 100, 100);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* A scene's interactions by their scene ids (hk_scene_interaction): a handle like any other, the
 * same on every call, for the calls C's own interactions take; the scene's callbacks stay (its
 * log's lines). */
typedef struct { char lines[16][64]; int count; } scene_lines;

static void hear_scene(const char *line, size_t length, void *user_data) {
    scene_lines *heard = user_data;
    (void)length;
    if (heard->count < 16) snprintf(heard->lines[heard->count], sizeof heard->lines[0], "%s", line);
    heard->count++;
}

void test_scene_interactions(void) {
    static const char scene[] =
        "{ \"windows\": [ { \"id\": \"win\", \"frame\": [0, 0, 400, 400], \"subviews\": [\n"
        "  { \"id\": \"card\", \"frame\": [0, 0, 400, 200], \"contextMenu\": { \"id\": \"menu\",\n"
        "    \"items\": [ { \"id\": \"copy\", \"frame\": [300, 300, 80, 40], \"action\": \"copy\" } ] } },\n"
        "  { \"id\": \"source\", \"frame\": [0, 200, 400, 200], \"drag\": { \"id\": \"drag\", \"items\": [\"x\"] } }\n"
        "] } ] }\n";
    hk_app *app = NULL;
    scene_lines heard;
    memset(&heard, 0, sizeof heard);
    CHECK_STATUS(hk_scene_load_buffer(scene, strlen(scene), "interactions.json", &app), HK_OK);
    CHECK_STATUS(hk_scene_set_log_callback(app, hear_scene, &heard, NULL), HK_OK);

    hk_interaction menu = 0, again = 0, drag = 0, none = 99;
    CHECK_STATUS(hk_scene_interaction(app, "menu", &menu), HK_OK);
    CHECK_STATUS(hk_scene_interaction(app, "menu", &again), HK_OK);
    CHECK_STATUS(hk_scene_interaction(app, "drag", &drag), HK_OK);
    CHECK(menu > 0 && again == menu && drag > 0 && drag != menu);
    CHECK_STATUS(hk_scene_interaction(app, "card", &none), HK_ERR_NOT_FOUND);  /* a view's id */
    CHECK_STATUS(hk_scene_interaction(app, "nope", &none), HK_ERR_NOT_FOUND);
    CHECK(none == 99);
    CHECK_STATUS(hk_scene_interaction(app, "menu", NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_scene_interaction(app, NULL, &none), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_drag_set_enabled(app, menu, 0), HK_ERR_INVALID_ARGUMENT);  /* not a drag */

    /* A finger held on the card presents the scene's menu; C dismisses it. */
    int32_t open = -1;
    finger(app, 0, HK_PHASE_BEGAN, 100, 100);
    CHECK_STATUS(hk_app_advance(app, 1), HK_OK);
    CHECK_STATUS(hk_context_menu_is_open(app, menu, &open, NULL), HK_OK);
    CHECK(open == 1 && heard.count == 2 && strcmp(heard.lines[0], "menu configuration 100.0 100.0") == 0
          && strcmp(heard.lines[1], "menu willDisplay") == 0);
    CHECK_STATUS(hk_context_menu_dismiss(app, menu), HK_OK);
    CHECK_STATUS(hk_context_menu_is_open(app, menu, &open, NULL), HK_OK);
    CHECK(open == 0 && heard.count == 3 && strcmp(heard.lines[2], "menu willEnd") == 0);
    finger(app, 1.1, HK_PHASE_ENDED, 100, 100);

    /* The scene's drag, disabled through its handle, lifts nothing. */
    int heard_before = heard.count;
    CHECK_STATUS(hk_drag_set_enabled(app, drag, 0), HK_OK);
    finger(app, 2, HK_PHASE_BEGAN, 100, 300);
    CHECK_STATUS(hk_app_advance(app, 3), HK_OK);
    finger(app, 3.1, HK_PHASE_ENDED, 100, 300);
    CHECK(heard.count == heard_before);

    /* Removed, its handle is stale and its scene id names nothing: a finger held where it was
     * presents nothing. */
    CHECK_STATUS(hk_interaction_remove(app, menu), HK_OK);
    CHECK_STATUS(hk_context_menu_is_open(app, menu, &open, NULL), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_scene_interaction(app, "menu", &again), HK_ERR_NOT_FOUND);
    finger(app, 4, HK_PHASE_BEGAN, 100, 100);
    CHECK_STATUS(hk_app_advance(app, 5), HK_OK);
    CHECK(heard.count == heard_before);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);

    /* An app made in C has no scene. */
    app = hk_app_create();
    CHECK_STATUS(hk_scene_interaction(app, "menu", &none), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
    CHECK_STATUS(hk_scene_interaction(app, "menu", &none), HK_ERR_STALE_HANDLE);  /* destroyed */
}

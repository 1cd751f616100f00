/*
 * The C client's checks, shared by its files: CHECK counts a condition, CHECK_STATUS a call's
 * status (printing the status name and hk_last_error_message() when it differs).
 */
#ifndef HITKIT_CCLIENT_CHECK_H
#define HITKIT_CCLIENT_CHECK_H

#include "hitkit.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

extern int passed, failed;

/* The counts are added to atomically: a check made on a thread the client starts (abuse.c,
 * snapshot.c) may run while the thread that started it checks pthread_create's result. */
#define COUNT_PASSED() __atomic_fetch_add(&passed, 1, __ATOMIC_RELAXED)
#define COUNT_FAILED() __atomic_fetch_add(&failed, 1, __ATOMIC_RELAXED)

#define CHECK(cond) do { \
    if (cond) { COUNT_PASSED(); } else { COUNT_FAILED(); fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond); } \
} while (0)

#define CHECK_STATUS(expr, expected) do { \
    hk_status s_ = (expr); \
    if (s_ == (expected)) { COUNT_PASSED(); } else { \
        COUNT_FAILED(); \
        /* A success leaves the thread's last message as it was: only a failure's is its own. */ \
        fprintf(stderr, "FAIL %s:%d: %s returned %s (%s), expected %s\n", __FILE__, __LINE__, #expr, \
                hk_status_name(s_), s_ == HK_OK ? "no message" : hk_last_error_message(), \
                hk_status_name(expected)); \
    } \
} while (0)

static inline int near(double a, double b) { return fabs(a - b) < 1e-9; }

/* How many of three non-finite points (NaN, +inf, -inf) hk_hit_test_screen does not refuse
 * with HK_ERR_INVALID_ARGUMENT, leaving `out` as it was, or hk_hit_test_screen_points does not
 * refuse first in an array (stopping there: the finite point after it is not asked, so no
 * callback runs), leaving `out` as it was. */
static inline int non_finite_points_accepted(const hk_store *store) {
    const hk_point points[3] = { { NAN, 5 }, { 5, INFINITY }, { -INFINITY, -INFINITY } };
    int accepted = 0;
    for (int k = 0; k < 3; k++) {
        hk_view out = { 12345, 678 };
        if (hk_hit_test_screen(store, points[k], &out) != HK_ERR_INVALID_ARGUMENT
            || out.index != 12345 || out.generation != 678) accepted++;
        const hk_point pair[2] = { points[k], { 1, 1 } };
        hk_view answers[2] = { { 12345, 678 }, { 12345, 678 } };
        if (hk_hit_test_screen_points(store, pair, 2, answers) != HK_ERR_INVALID_ARGUMENT
            || strncmp(hk_last_error_message(), "points[0] is not finite", 23) != 0
            || answers[0].index != 12345 || answers[0].generation != 678
            || answers[1].index != 12345 || answers[1].generation != 678) accepted++;
    }
    return accepted;
}

static inline hk_touch_input touch_at(int64_t id, hk_phase phase, double x, double y) {
    hk_touch_input t;
    t.id = id; t.phase = phase; t.has_location = 1; t.x = x; t.y = y;
    return t;
}

/* The façade's additions (facade.c) and the bad uses (abuse.c). */
void test_hit_test_callbacks(void);
void test_callback_queries_count_in(void);
void test_touch_handlers(const char *scenes_dir);
void test_gesture_delegates(void);
void test_gesture_destroy(void);
void test_gesture_destroyed_as_it_recognizes(void);
void test_failed_recognizer_leaves_no_deadline(void);
void test_touch_callback_user_data(void);
void test_control_actions(void);
/* Every kind of input in one frame (input_frame.c, Behaviour A3). */
void test_input_frame(void);
void test_frame_edges(void);
/* Views and interactions that go from inside a callback (destroyed_in_delivery.c). */
void test_destroyed_in_delivery(void);
/* Touchpad gestures (touchpad.c, Behaviour A9). */
void test_touchpad(void);
void test_scroll_views(void);
/* Edits through an app's store followed by the app: exclusive touch, focus (facade.c). */
void test_store_edits_followed_by_the_app(void);
void test_view_controllers(void);
/* Parents and presenters that would form a loop are refused (facade.c). */
void test_controller_link_loops(void);
void test_deadline_and_scene_buffer(void);
void test_limits(void);
void test_bad_handles(void);
/* Destroyed handles whose slots a store or app of the same kind took again (abuse.c). */
void test_reused_slots(void);
/* Hundreds of stores live at once (abuse.c). */
void test_many_live_stores(void);
/* Stores, apps and snapshots made and used on several threads at once (abuse.c). */
void test_stores_on_several_threads(void);
void test_snapshot_keeps_its_stores_tag(void);
void test_stores_made_at_once_take_distinct_tags(void);
void test_an_ended_threads_stores_are_refused_everywhere(void);
void test_a_thread_destructor_destroys_its_app(void);
/* An app's handle given as a store's, and a store's as an app's (abuse.c). */
void test_wrong_kind_handles(void);
/* hk_last_error_message is per thread, "" until a call fails (abuse.c). */
void test_last_error_per_thread(void);
/* Refusals that change nothing, leave *out alone and set their own message (abuse.c). */
void test_refused_creations(void);
void test_refused_setters_keep_values(void);
/* The edges of what setters and creations take are taken (abuse.c). */
void test_edge_values_taken(void);
/* A hit-test callback's unwritten answer, and its notifications deferred (abuse.c). */
void test_hit_test_callback_answers_and_notifies(void);
void test_refused_reads_keep_out(void);
void test_refused_calls_take_no_user_data(void);
/* Names that are not valid UTF-8 are refused, their bytes shown (abuse.c). */
void test_names_not_utf8(void);
void test_wrong_thread_everywhere(void);
void test_wrong_thread(void);
void test_wrong_thread_while_the_owner_works(void);
void test_reentry(void);
void test_callback_destroys_its_window(void);
void test_touch_callbacks_cleared_inside_a_set(void);
void test_calls_keep_their_word(void);
/* Scroll view motion (scroll_motion.c). */
void test_scroll_motion(void);
/* An offset set during a drag is where the drag goes on from (scroll_motion.c). */
void test_offset_set_during_drag(void);
void test_store_bounds_move_the_offset(void);
void test_recentring_from_did_scroll(void);
void test_store_bounds_during_motion(void);
void test_store_bounds_during_zoom_animation(void);
void test_store_frame_during_zoom_animation(void);
void test_rows_appended_during_a_fling(void);
void test_store_frame_during_motion(void);
void test_content_narrowed_during_a_vertical_fling(void);
/* A scroll view leaving its window stops its motion, telling no end (scroll_motion.c). */
void test_leaving_the_window_stops_motion(void);
void test_zoom(void);
/* Zooming and offsets from code: the offset callback at once, HK_ERR_BUSY from callbacks (zoom.c). */
void test_zoom_from_code(void);
void test_zoom_from_code_during_pinch(void);
void test_pinch_beginning_while_a_bounce_waits_for_the_drag(void);
/* A zoom to a scale the zoom view cannot be shown at is not made (zoom.c). */
void test_zoom_scale_that_cannot_be_shown(void);
/* A zoom view moved out of its scroll view is no zoom view (zoom.c). */
void test_zoom_view_moved_out(void);
/* Deep chains on a 256 KiB stack: a touch up the whole chain, and teardown (deep.c). */
void test_deep_teardown_on_small_stack(void);
/* Snapshots from another thread (snapshot.c). */
void test_snapshots(void);
void test_snapshot_refusals_say_why(void);
void test_snapshot_released_while_queried(void);
void test_snapshots_handed_over_without_a_lock(void);
#ifdef HITKIT_INTERNAL_CHECKS
void test_snapshot_release_waits_for_a_paused_reader(void);
#endif
/* The decision trace (trace.c). */
void test_trace(void);
/* A scene's delivery log (scene_log.c). */
void test_scene_log(void);
/* Context menus, drag and drop (interactions.c). */
void test_interactions(void);
/* A drag's and a drop's C answers: item counts, proposals, a missing did_update (interactions.c). */
void test_drag_answers(void);
void test_drag_outlives_its_removal(void);
/* Escape from inside a drag or drop callback ends the session there: its target hears nothing after
 * did_end (interactions.c). */
void test_escape_from_a_drag_callback(void);
/* A session's location in a view in no window is refused, as the conversion is (interactions.c). */
void test_drag_session_location_in_no_window(void);
void test_autoscroll(void);
void test_menu_key(void);
void test_menu_one_at_a_time(void);
void test_menu_items_alike_are_told_by_index(void);
void test_menu_highlight_ends_off_the_items(void);
void test_menu_key_from_its_own_configuration(void);
void test_scene_interactions(void);
void test_menu_dismissed_in_its_will_display(void);
void test_long_press_after_a_lift_ended_in_its_lift_callback(void);
void test_key_details(void);
void test_press_handler_order(void);
void test_press_handler_cleared_inside_a_set(void);
void test_root_controller_target(void);
void test_trace_control_disabled_by_its_up(void);
void test_key_cancelled_by_its_own_focus_move(void);
/* The keyboard (keyboard.c). */
void test_keyboard(void);
void test_rejections_read_during_the_next_frame(void);
void test_controller_destroyed_while_its_key_is_down(void);
/* The focus settings, seen in where Tab and the arrows take the focus (keyboard.c). */
void test_focus_settings(void);
void test_focused_view_destroyed_by_a_key_command(void);
/* Bad input amid good input (bad_input.c). */
void test_bad_input(void);

#endif

/*
 * The keyboard through the C API (Behaviour A10): key frames with each key's outcome, press
 * handlers that keep or pass presses on views, controllers and the application, key commands
 * with C actions (priority, repeats, disabling, removal and its destroy notification), the focus
 * system with its callback, bad key input, and the trace record's key.
 */
#include "check.h"

#include <string.h>

enum { KEY_S = 22, KEY_A = 4, KEY_TAB = 43, KEY_RETURN = 40, KEY_RIGHT = 79, KEY_BACKSPACE = 42 };

/* keep: 0 passes every press on, 1 keeps every one, 2 keeps only ends (which reach every
 * responder the began reached whatever the answer). */
typedef struct { char lines[64][48]; int count; int keep; uint32_t last_modifiers; double last_timestamp; } press_log;

static int keyboard_on_press(const hk_press_event *event, void *user_data) {
    press_log *log = user_data;
    static const char *phases[] = { "began", "ended", "cancelled" };
    static const char *kinds[] = { "none", "view", "controller", "application", "other" };
    if (log->count < 64) {
        snprintf(log->lines[log->count++], 48, "%s %s %d %s", kinds[event->responder_kind], phases[event->phase],
                 (int)event->code, event->characters_ignoring_modifiers);
    }
    log->last_modifiers = event->modifier_flags;
    log->last_timestamp = event->timestamp;
    if (log->keep == 2) return event->phase == HK_PRESS_BEGAN ? HK_PRESS_PASS_ON : HK_PRESS_CONSUME;
    return log->keep ? HK_PRESS_CONSUME : HK_PRESS_PASS_ON;
}

typedef struct { int performed, repeats, destroyed; hk_key_command last; hk_view target; } command_log;

static void keyboard_on_command(const hk_key_command_event *event, void *user_data) {
    command_log *log = user_data;
    log->performed++;
    log->repeats += event->is_repeat;
    log->last = event->command;
    log->target = event->target;
}

static void keyboard_destroyed(void *user_data) { ((command_log *)user_data)->destroyed++; }

/* A command that removes itself at its first repeat. */
typedef struct { hk_app *app; hk_key_command command; command_log log; } self_removing_command;

static void remove_at_first_repeat(const hk_key_command_event *event, void *user_data) {
    self_removing_command *self = user_data;
    keyboard_on_command(event, &self->log);
    if (event->is_repeat) CHECK_STATUS(hk_key_command_remove(self->app, self->command), HK_OK);
}

static void self_removing_destroyed(void *user_data) { ((self_removing_command *)user_data)->log.destroyed++; }

typedef struct { int changes; hk_view previous, next; uint32_t heading; double timestamp; } focus_log;

static void keyboard_on_focus(const hk_focus_event *event, void *user_data) {
    focus_log *log = user_data;
    log->changes++;
    log->previous = event->previous;
    log->next = event->next;
    log->heading = event->heading;
    log->timestamp = event->timestamp;
}

typedef struct { int records, keyed; int32_t key; hk_app *app; } trace_log;

static void keyboard_on_trace(const hk_trace_record *record, void *user_data) {
    trace_log *log = user_data;
    int32_t key = 0;
    (void)record;
    log->records++;
    if (hk_app_trace_key(log->app, &key) == HK_OK) { log->keyed++; log->key = key; }
}

static hk_key_input key(int32_t code, int32_t phase, const char *text, uint32_t modifiers) {
    hk_key_input k;
    memset(&k, 0, sizeof k);
    k.code = code; k.phase = phase; k.characters = text; k.characters_ignoring_modifiers = text; k.modifier_flags = modifiers;
    return k;
}

static int same_view(hk_view a, hk_view b) { return a.index == b.index && a.generation == b.generation; }

/* A key window (400 by 400) holding a panel (its top 100 points) managed by a controller, and in
 * the panel a focusable field, the first responder: a press goes field, panel, controller,
 * window, application. */
static void focused_field(hk_app *app, hk_view *window, hk_view *panel, hk_controller *controller, hk_view *field) {
    int32_t became = 0;
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 400, 400), 0, window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 400, 100), panel), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, *panel, *window), HK_OK);
    CHECK_STATUS(hk_view_controller_create(app, *panel, controller), HK_OK);
    CHECK_STATUS(hk_app_focusable_view_create(app, hk_make_rect(10, 10, 100, 40), field), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, *field, *panel), HK_OK);
    CHECK_STATUS(hk_window_make_key(app, *window), HK_OK);
    CHECK_STATUS(hk_app_become_first_responder(app, *field, &became), HK_OK);
    CHECK(became == 1);
}

void test_keyboard(void) {
    hk_app *app = hk_app_create();
    hk_view window, field, panel, button1, button2, focused;
    hk_controller controller;
    hk_key_command save, priority;
    press_log presses;
    command_log commands, priority_commands;
    focus_log focus;
    trace_log trace;
    hk_rejection rejection;
    uint8_t outcomes[4];
    memset(&presses, 0, sizeof presses);
    memset(&commands, 0, sizeof commands);
    memset(&priority_commands, 0, sizeof priority_commands);
    memset(&focus, 0, sizeof focus);
    memset(&trace, 0, sizeof trace);
    trace.app = app;

    focused_field(app, &window, &panel, &controller, &field);

    /* A press from the first responder up: the field passes it on, the controller keeps it. */
    CHECK_STATUS(hk_app_view_set_press_handler(app, field, keyboard_on_press, &presses, NULL), HK_OK);
    CHECK_STATUS(hk_view_controller_set_press_handler(app, controller, keyboard_on_press, &presses, NULL), HK_OK);
    presses.keep = 0;
    {
        hk_key_input frame[2] = { key(KEY_A, HK_KEY_DOWN, "a", 0), key(KEY_A, HK_KEY_UP, "a", 0) };
        CHECK_STATUS(hk_app_send_key_frame(app, 0, frame, 2, outcomes), HK_OK);
    }
    CHECK(presses.count == 4);
    CHECK(strcmp(presses.lines[0], "view began 4 a") == 0 && strcmp(presses.lines[1], "controller began 4 a") == 0);
    CHECK(strcmp(presses.lines[2], "view ended 4 a") == 0 && strcmp(presses.lines[3], "controller ended 4 a") == 0);
    CHECK(outcomes[0] == HK_KEY_UNHANDLED && outcomes[1] == HK_KEY_HANDLED);

    /* A handler that keeps the press keeps it from the key commands and the host. */
    presses.keep = 1;
    presses.count = 0;
    {
        hk_key_input frame[1] = { key(KEY_A, HK_KEY_DOWN, "a", 0) };
        CHECK_STATUS(hk_app_send_key_frame(app, 0.1, frame, 1, outcomes), HK_OK);
        frame[0].phase = HK_KEY_UP;
        CHECK_STATUS(hk_app_send_key_frame(app, 0.2, frame, 1, NULL), HK_OK);
    }
    CHECK(outcomes[0] == HK_KEY_HANDLED && presses.count == 2 && strcmp(presses.lines[1], "view ended 4 a") == 0);
    /* Keeping an end keeps it from no one: the controller, which the began reached, hears it.
     * Each call carries its own key event's modifiers and time: shift was let go before the up. */
    presses.keep = 2;
    presses.count = 0;
    {
        hk_key_input down = key(KEY_A, HK_KEY_DOWN, "a", HK_MOD_SHIFT), up = key(KEY_A, HK_KEY_UP, "a", 0);
        CHECK_STATUS(hk_app_send_key_frame(app, 0.3, &down, 1, NULL), HK_OK);
        CHECK(presses.last_modifiers == HK_MOD_SHIFT && near(presses.last_timestamp, 0.3));
        CHECK_STATUS(hk_app_send_key_frame(app, 0.35, &up, 1, NULL), HK_OK);
        CHECK(presses.last_modifiers == 0 && near(presses.last_timestamp, 0.35));
    }
    CHECK(presses.count == 4 && strcmp(presses.lines[2], "view ended 4 a") == 0 && strcmp(presses.lines[3], "controller ended 4 a") == 0);
    CHECK_STATUS(hk_app_view_set_press_handler(app, field, NULL, NULL, NULL), HK_OK);
    CHECK_STATUS(hk_view_controller_set_press_handler(app, controller, NULL, NULL, NULL), HK_OK);

    /* Key commands: the controller's Command-S, performed by its declaring responder; repeats. */
    CHECK_STATUS(hk_view_controller_add_key_command(app, controller, "s", HK_MOD_COMMAND, 0, &save, keyboard_on_command, &commands,
                                                    keyboard_destroyed), HK_OK);
    {
        hk_key_input frame[3] = { key(KEY_S, HK_KEY_DOWN, "s", HK_MOD_COMMAND), key(KEY_S, HK_KEY_DOWN, "s", HK_MOD_COMMAND),
                                  key(KEY_S, HK_KEY_UP, "s", HK_MOD_COMMAND) };
        CHECK_STATUS(hk_app_send_key_frame(app, 1, frame, 3, outcomes), HK_OK);
    }
    CHECK(commands.performed == 2 && commands.repeats == 1 && commands.last == save && same_view(commands.target, field));
    CHECK(outcomes[0] == HK_KEY_HANDLED && outcomes[1] == HK_KEY_HANDLED);
    /* Caps lock does not count; a different modifier does not match. */
    {
        hk_key_input frame[4] = { key(KEY_S, HK_KEY_DOWN, "s", HK_MOD_COMMAND | HK_MOD_ALPHA_SHIFT), key(KEY_S, HK_KEY_UP, "s", 0),
                                  key(KEY_S, HK_KEY_DOWN, "s", HK_MOD_CONTROL), key(KEY_S, HK_KEY_UP, "s", 0) };
        CHECK_STATUS(hk_app_send_key_frame(app, 1.1, frame, 4, outcomes), HK_OK);
    }
    CHECK(commands.performed == 3 && outcomes[2] == HK_KEY_UNHANDLED);
    /* Disabled: it matches but does not act, so the key is unhandled. */
    CHECK_STATUS(hk_key_command_set_enabled(app, save, 0), HK_OK);
    {
        hk_key_input frame[2] = { key(KEY_S, HK_KEY_DOWN, "s", HK_MOD_COMMAND), key(KEY_S, HK_KEY_UP, "s", HK_MOD_COMMAND) };
        CHECK_STATUS(hk_app_send_key_frame(app, 1.2, frame, 2, outcomes), HK_OK);
    }
    CHECK(commands.performed == 3 && outcomes[0] == HK_KEY_UNHANDLED);
    /* Enabled again by any non-zero value. */
    CHECK_STATUS(hk_key_command_set_enabled(app, save, 2), HK_OK);
    {
        hk_key_input frame[2] = { key(KEY_S, HK_KEY_DOWN, "s", HK_MOD_COMMAND), key(KEY_S, HK_KEY_UP, "s", HK_MOD_COMMAND) };
        CHECK_STATUS(hk_app_send_key_frame(app, 1.3, frame, 2, outcomes), HK_OK);
    }
    CHECK(commands.performed == 4 && outcomes[0] == HK_KEY_HANDLED);
    CHECK_STATUS(hk_key_command_remove(app, save), HK_OK);
    CHECK(commands.destroyed == 1);
    CHECK_STATUS(hk_key_command_remove(app, save), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_app_add_key_command(app, "ab", 0, 0, &save, keyboard_on_command, &commands, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(hk_app_add_key_command(app, "s", HK_MOD_ALPHA_SHIFT, 0, &save, keyboard_on_command, &commands, NULL),
                 HK_ERR_INVALID_ARGUMENT);

    /* Focus: Tab focuses the first button; a priority command on the right arrow wins over it. */
    CHECK_STATUS(hk_button_create(app, hk_make_rect(10, 200, 60, 40), &button1), HK_OK);
    CHECK_STATUS(hk_button_create(app, hk_make_rect(100, 200, 60, 40), &button2), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, button1, window), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, button2, window), HK_OK);
    CHECK_STATUS(hk_app_view_set_focus_group(app, button1, "row"), HK_OK);
    CHECK_STATUS(hk_app_view_set_focus_group(app, button2, "row"), HK_OK);
    CHECK_STATUS(hk_app_set_focus_callback(app, keyboard_on_focus, &focus, NULL), HK_OK);
    CHECK_STATUS(hk_window_set_focus_system_enabled(app, window, 1), HK_OK);
    {
        hk_key_input frame[2] = { key(KEY_TAB, HK_KEY_DOWN, "\t", 0), key(KEY_TAB, HK_KEY_UP, "\t", 0) };
        CHECK_STATUS(hk_app_send_key_frame(app, 2, frame, 2, outcomes), HK_OK);
    }
    CHECK_STATUS(hk_window_focused_view(app, window, &focused), HK_OK);
    CHECK(same_view(focused, button1) && focus.changes == 1 && focus.heading == HK_FOCUS_HEADING_NEXT);
    {
        hk_key_input frame[2] = { key(KEY_RIGHT, HK_KEY_DOWN, "UIKeyInputRightArrow", 0),
                                  key(KEY_RIGHT, HK_KEY_UP, "UIKeyInputRightArrow", 0) };
        CHECK_STATUS(hk_app_send_key_frame(app, 2.1, frame, 2, NULL), HK_OK);
        CHECK(same_view(focus.next, button2) && same_view(focus.previous, button1) && focus.heading == HK_FOCUS_HEADING_RIGHT);
        CHECK_STATUS(hk_app_add_key_command(app, "UIKeyInputLeftArrow", 0, HK_KEY_COMMAND_PRIORITY, &priority,
                                            keyboard_on_command, &priority_commands, NULL), HK_OK);
        frame[0].code = frame[1].code = 80;
        frame[0].characters_ignoring_modifiers = frame[1].characters_ignoring_modifiers = "UIKeyInputLeftArrow";
        CHECK_STATUS(hk_app_send_key_frame(app, 2.2, frame, 2, NULL), HK_OK);
        CHECK(priority_commands.performed == 1 && same_view(priority_commands.target, button2));
        CHECK_STATUS(hk_window_focused_view(app, window, &focused), HK_OK);
        CHECK(same_view(focused, button2));
    }
    /* A button that cannot be focused loses focus at once. */
    CHECK_STATUS(hk_app_view_set_can_become_focused(app, button2, 0), HK_OK);
    CHECK_STATUS(hk_window_focused_view(app, window, &focused), HK_OK);
    CHECK(focused.index == HK_NO_VIEW_INDEX && focus.next.index == HK_NO_VIEW_INDEX && same_view(focus.previous, button2)
          && focus.heading == 0);
    CHECK_STATUS(hk_app_view_set_can_become_focused(app, button2, 2), HK_ERR_INVALID_ARGUMENT);

    /* Bad key input: an up for a key not down, a code out of range, an unknown phase. */
    {
        hk_key_input frame[3] = { key(KEY_A, HK_KEY_UP, "a", 0), key(70000, HK_KEY_DOWN, "", 0), key(KEY_A, 7, "a", 0) };
        CHECK_STATUS(hk_app_send_key_frame(app, 3, frame, 3, outcomes), HK_ERR_BAD_INPUT);
        CHECK(outcomes[0] == HK_KEY_REJECTED && outcomes[1] == HK_KEY_REJECTED && outcomes[2] == HK_KEY_REJECTED);
        CHECK(hk_app_rejection_count(app) == 3);
        CHECK_STATUS(hk_app_rejection(app, 1, &rejection), HK_OK);
        CHECK(rejection.reason == HK_REJECT_KEY && rejection.touch_id == 1);
        CHECK_STATUS(hk_app_rejection(app, 2, &rejection), HK_OK);
        CHECK(rejection.reason == HK_REJECT_KEY && rejection.touch_id == 2);
    }
    /* The outcomes are by the caller's index, also after an event refused here for its phase:
     * the façade, which never saw that one, names the others by their place among the rest. */
    {
        hk_key_input frame[4] = { key(KEY_A, 7, "a", 0), key(KEY_A, HK_KEY_DOWN, "a", 0), key(70000, HK_KEY_DOWN, "", 0),
                                  key(KEY_A, HK_KEY_UP, "a", 0) };
        CHECK_STATUS(hk_app_send_key_frame(app, 3.5, frame, 4, outcomes), HK_ERR_BAD_INPUT);
        CHECK(outcomes[0] == HK_KEY_REJECTED && outcomes[1] == HK_KEY_UNHANDLED && outcomes[2] == HK_KEY_REJECTED
              && outcomes[3] == HK_KEY_HANDLED);
        /* The next frame lists none of them: its rejections are its own. */
        CHECK_STATUS(hk_app_send_key_frame(app, 3.6, NULL, 0, NULL), HK_OK);
        CHECK(hk_app_rejection_count(app) == 0);
    }
    CHECK_STATUS(hk_app_send_key_frame(app, 4, NULL, 1, NULL), HK_ERR_INVALID_ARGUMENT);

    /* The trace gives its keyboard records' key. */
    CHECK_STATUS(hk_app_set_trace_callback(app, keyboard_on_trace, &trace, NULL), HK_OK);
    {
        hk_key_input frame[2] = { key(KEY_A, HK_KEY_DOWN, "a", 0), key(KEY_A, HK_KEY_UP, "a", 0) };
        CHECK_STATUS(hk_app_send_key_frame(app, 5, frame, 2, NULL), HK_OK);
    }
    CHECK(trace.records > 0 && trace.keyed > 0 && trace.key == KEY_A);
    {
        int32_t out = 0;
        CHECK_STATUS(hk_app_trace_key(app, &out), HK_ERR_NOT_FOUND);
    }
    CHECK_STATUS(hk_app_set_trace_callback(app, NULL, NULL, NULL), HK_OK);

    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* The focus settings through C, each seen in where Tab and the arrows take the focus: the focus
 * system on by any non-zero value, a focus group cleared with NULL (each button is then a group
 * of its own, which the arrows do not leave), a view's focusability back to its default with -1,
 * and the focus event's time. */
static void tab_or_arrow(hk_app *app, double t, int tab) {
    hk_key_input frame[2] = { tab ? key(KEY_TAB, HK_KEY_DOWN, "\t", 0) : key(KEY_RIGHT, HK_KEY_DOWN, "UIKeyInputRightArrow", 0),
                              tab ? key(KEY_TAB, HK_KEY_UP, "\t", 0) : key(KEY_RIGHT, HK_KEY_UP, "UIKeyInputRightArrow", 0) };
    CHECK_STATUS(hk_app_send_key_frame(app, t, frame, 2, NULL), HK_OK);
}

void test_focus_settings(void) {
    hk_app *app = hk_app_create();
    hk_view window, left, right, plain, focused;
    focus_log focus;
    memset(&focus, 0, sizeof focus);
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 400, 400), 0, &window), HK_OK);
    CHECK_STATUS(hk_button_create(app, hk_make_rect(10, 10, 60, 40), &left), HK_OK);
    CHECK_STATUS(hk_button_create(app, hk_make_rect(100, 10, 60, 40), &right), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(10, 100, 60, 40), &plain), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, left, window), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, right, window), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, plain, window), HK_OK);
    CHECK_STATUS(hk_window_make_key(app, window), HK_OK);
    CHECK_STATUS(hk_app_set_focus_callback(app, keyboard_on_focus, &focus, NULL), HK_OK);
    CHECK_STATUS(hk_window_set_focus_system_enabled(app, window, 2), HK_OK);
    CHECK_STATUS(hk_app_view_set_focus_group(app, left, "row"), HK_OK);
    CHECK_STATUS(hk_app_view_set_focus_group(app, right, "row"), HK_OK);
    CHECK_STATUS(hk_app_view_set_focus_group(app, left, NULL), HK_OK);
    CHECK_STATUS(hk_app_view_set_focus_group(app, right, NULL), HK_OK);

    tab_or_arrow(app, 1, 1);
    CHECK_STATUS(hk_window_focused_view(app, window, &focused), HK_OK);
    CHECK(same_view(focused, left) && focus.changes == 1 && focus.timestamp == 1);
    tab_or_arrow(app, 2, 0);
    CHECK_STATUS(hk_window_focused_view(app, window, &focused), HK_OK);
    CHECK(same_view(focused, left) && focus.changes == 1);

    /* The plain view made focusable, Tab reaches it after the two buttons; back to its default
     * (a plain view is not focusable), it loses the focus at once. */
    CHECK_STATUS(hk_app_view_set_can_become_focused(app, plain, 1), HK_OK);
    tab_or_arrow(app, 3, 1);
    tab_or_arrow(app, 4, 1);
    CHECK_STATUS(hk_window_focused_view(app, window, &focused), HK_OK);
    CHECK(same_view(focused, plain));
    CHECK_STATUS(hk_app_view_set_can_become_focused(app, plain, -1), HK_OK);
    CHECK_STATUS(hk_window_focused_view(app, window, &focused), HK_OK);
    CHECK(focused.index == HK_NO_VIEW_INDEX);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* A "delete" key command destroys the focused view from its action: the loss is checked at the
 * delivery's end, after the view's handle went stale, and the focus callback still hears of it
 * with that handle as the previous view (Behaviour A10: a focused item that leaves the focusable
 * set loses focus at once, and the callback hears of every change). */
typedef struct { hk_app *app; hk_view window; int deleted; } deleting_command;

static void delete_focused(const hk_key_command_event *event, void *user_data) {
    deleting_command *d = user_data;
    hk_view focused;
    (void)event;
    CHECK_STATUS(hk_window_focused_view(d->app, d->window, &focused), HK_OK);
    CHECK_STATUS(hk_app_view_destroy(d->app, focused), HK_OK);
    d->deleted++;
}

void test_focused_view_destroyed_by_a_key_command(void) {
    hk_app *app = hk_app_create();
    hk_view window, doomed, focused;
    hk_key_command command;
    focus_log focus;
    deleting_command deleting;
    memset(&focus, 0, sizeof focus);
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 400, 400), 0, &window), HK_OK);
    CHECK_STATUS(hk_button_create(app, hk_make_rect(10, 10, 60, 40), &doomed), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, doomed, window), HK_OK);
    CHECK_STATUS(hk_window_make_key(app, window), HK_OK);
    CHECK_STATUS(hk_window_set_focus_system_enabled(app, window, 1), HK_OK);
    CHECK_STATUS(hk_app_set_focus_callback(app, keyboard_on_focus, &focus, NULL), HK_OK);
    deleting.app = app; deleting.window = window; deleting.deleted = 0;
    CHECK_STATUS(hk_app_add_key_command(app, "\b", HK_MOD_COMMAND, 0, &command, delete_focused, &deleting, NULL), HK_OK);
    tab_or_arrow(app, 1, 1);
    CHECK(focus.changes == 1 && same_view(focus.next, doomed));

    hk_key_input del[2] = { key(KEY_BACKSPACE, HK_KEY_DOWN, "\b", HK_MOD_COMMAND), key(KEY_BACKSPACE, HK_KEY_UP, "\b", HK_MOD_COMMAND) };
    CHECK_STATUS(hk_app_send_key_frame(app, 2, del, 2, NULL), HK_OK);
    CHECK(deleting.deleted == 1);
    CHECK(focus.changes == 2 && same_view(focus.previous, doomed) && focus.next.index == HK_NO_VIEW_INDEX
          && focus.heading == 0 && focus.timestamp == 2);
    CHECK_STATUS(hk_window_focused_view(app, window, &focused), HK_OK);
    CHECK(focused.index == HK_NO_VIEW_INDEX);
    CHECK_STATUS(hk_app_view_set_can_become_focused(app, focus.previous, 1), HK_ERR_STALE_HANDLE);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* A key's outcomes, a repeat's included; what a press handler is told, field by field (both
 * texts, the phase of a cancelled key, the receiving controller); a replaced handler hears
 * nothing more, and a destroyed view's handler lets go of its user data then; a key command's
 * not-repeatable and disabled options. */
typedef struct {
    int calls, destroyed;
    int32_t phase;
    hk_controller controller;
    char characters[8], ignoring[8];
} press_detail;

static int note_press(const hk_press_event *event, void *user_data) {
    press_detail *d = user_data;
    d->calls++;
    d->phase = event->phase;
    d->controller = event->controller;
    snprintf(d->characters, sizeof d->characters, "%s", event->characters);
    snprintf(d->ignoring, sizeof d->ignoring, "%s", event->characters_ignoring_modifiers);
    return HK_PRESS_PASS_ON;
}
static void press_detail_destroyed(void *user_data) { ((press_detail *)user_data)->destroyed++; }

void test_key_details(void) {
    hk_app *app = hk_app_create();
    hk_view window, panel, field;
    hk_controller controller;
    press_detail on_field, on_controller, replacement;
    uint8_t outcomes[3];
    memset(&on_field, 0, sizeof on_field);
    memset(&on_controller, 0, sizeof on_controller);
    memset(&replacement, 0, sizeof replacement);
    focused_field(app, &window, &panel, &controller, &field);

    /* A key nothing takes: its down unhandled, the host's repeat of it an unhandled repeat. */
    {
        const hk_key_input frame[3] = { key(4, HK_KEY_DOWN, "a", 0), key(4, HK_KEY_DOWN, "a", 0), key(4, HK_KEY_UP, "a", 0) };
        CHECK_STATUS(hk_app_send_key_frame(app, 0, frame, 3, outcomes), HK_OK);
        CHECK(outcomes[0] == HK_KEY_UNHANDLED && outcomes[1] == HK_KEY_UNHANDLED_REPEAT && outcomes[2] == HK_KEY_HANDLED);
    }

    /* Shift-A: the characters with the modifiers and without, each as sent; the press passed on
     * reaches the panel's controller, named by its handle. */
    CHECK_STATUS(hk_app_view_set_press_handler(app, field, note_press, &on_field, press_detail_destroyed), HK_OK);
    CHECK_STATUS(hk_view_controller_set_press_handler(app, controller, note_press, &on_controller, NULL), HK_OK);
    {
        hk_key_input frame[1] = { key(4, HK_KEY_DOWN, "A", HK_MOD_SHIFT) };
        frame[0].characters_ignoring_modifiers = "a";
        CHECK_STATUS(hk_app_send_key_frame(app, 1, frame, 1, outcomes), HK_OK);
        CHECK(on_field.calls == 1 && strcmp(on_field.characters, "A") == 0 && strcmp(on_field.ignoring, "a") == 0);
        CHECK(on_field.controller == 0 && on_controller.calls == 1 && on_controller.controller == controller);
    }
    /* The key cancelled: its press ends cancelled, not ended. */
    {
        const hk_key_input frame[1] = { key(4, HK_KEY_CANCELLED, "A", HK_MOD_SHIFT) };
        CHECK_STATUS(hk_app_send_key_frame(app, 1.1, frame, 1, outcomes), HK_OK);
        CHECK(on_field.calls == 2 && on_field.phase == HK_PRESS_CANCELLED);
    }
    /* Replaced, the first handler hears nothing more (its user data is let go of then); the
     * second hears the next press. */
    CHECK_STATUS(hk_app_view_set_press_handler(app, field, note_press, &replacement, press_detail_destroyed), HK_OK);
    CHECK(on_field.destroyed == 1);
    {
        const hk_key_input frame[2] = { key(5, HK_KEY_DOWN, "b", 0), key(5, HK_KEY_UP, "b", 0) };
        CHECK_STATUS(hk_app_send_key_frame(app, 2, frame, 2, outcomes), HK_OK);
        CHECK(on_field.calls == 2 && replacement.calls == 2 && replacement.phase == HK_PRESS_ENDED);
    }
    /* A key command made not repeatable is performed once for a down and its repeat; one made
     * disabled is not performed, and its key goes unhandled. */
    hk_key_command once, off;
    command_log once_log, off_log;
    memset(&once_log, 0, sizeof once_log);
    memset(&off_log, 0, sizeof off_log);
    CHECK_STATUS(hk_app_add_key_command(app, "x", 0, HK_KEY_COMMAND_NOT_REPEATABLE, &once, keyboard_on_command, &once_log, NULL), HK_OK);
    CHECK_STATUS(hk_app_add_key_command(app, "y", 0, HK_KEY_COMMAND_DISABLED, &off, keyboard_on_command, &off_log, NULL), HK_OK);
    {
        const hk_key_input frame[3] = { key(27, HK_KEY_DOWN, "x", 0), key(27, HK_KEY_DOWN, "x", 0), key(27, HK_KEY_UP, "x", 0) };
        CHECK_STATUS(hk_app_send_key_frame(app, 3, frame, 3, outcomes), HK_OK);
        CHECK(once_log.performed == 1 && once_log.repeats == 0 && outcomes[0] == HK_KEY_HANDLED);
        const hk_key_input other[2] = { key(28, HK_KEY_DOWN, "y", 0), key(28, HK_KEY_UP, "y", 0) };
        CHECK_STATUS(hk_app_send_key_frame(app, 3.1, other, 2, outcomes), HK_OK);
        CHECK(off_log.performed == 0 && outcomes[0] == HK_KEY_UNHANDLED);
        /* Removed, the command takes its key no more. */
        CHECK_STATUS(hk_key_command_remove(app, once), HK_OK);
        CHECK_STATUS(hk_app_send_key_frame(app, 3.2, frame, 3, outcomes), HK_OK);
        CHECK(once_log.performed == 1 && outcomes[0] == HK_KEY_UNHANDLED);
    }
    /* A command removed while its key is held, from its own callback, performs no more repeats
     * (its callback and user data are gone); one disabled while held skips the repeats until it
     * is enabled again. */
    {
        self_removing_command self;
        memset(&self, 0, sizeof self);
        self.app = app;
        CHECK_STATUS(hk_app_add_key_command(app, "z", 0, 0, &self.command, remove_at_first_repeat, &self,
                                            self_removing_destroyed), HK_OK);
        const hk_key_input held[4] = { key(29, HK_KEY_DOWN, "z", 0), key(29, HK_KEY_DOWN, "z", 0),
                                       key(29, HK_KEY_DOWN, "z", 0), key(29, HK_KEY_UP, "z", 0) };
        uint8_t held_outcomes[4];
        CHECK_STATUS(hk_app_send_key_frame(app, 3.3, held, 4, held_outcomes), HK_OK);
        CHECK(self.log.performed == 2 && self.log.repeats == 1 && self.log.destroyed == 1);
        CHECK(held_outcomes[0] == HK_KEY_HANDLED);

        hk_key_command toggled;
        command_log toggled_log;
        memset(&toggled_log, 0, sizeof toggled_log);
        CHECK_STATUS(hk_app_add_key_command(app, "w", 0, 0, &toggled, keyboard_on_command, &toggled_log, NULL), HK_OK);
        const hk_key_input down[1] = { key(26, HK_KEY_DOWN, "w", 0) };
        CHECK_STATUS(hk_app_send_key_frame(app, 3.4, down, 1, outcomes), HK_OK);
        CHECK_STATUS(hk_app_send_key_frame(app, 3.5, down, 1, outcomes), HK_OK);
        CHECK(toggled_log.performed == 2 && toggled_log.repeats == 1);
        CHECK_STATUS(hk_key_command_set_enabled(app, toggled, 0), HK_OK);
        CHECK_STATUS(hk_app_send_key_frame(app, 3.6, down, 1, outcomes), HK_OK);
        CHECK(toggled_log.performed == 2);
        CHECK_STATUS(hk_key_command_set_enabled(app, toggled, 1), HK_OK);
        CHECK_STATUS(hk_app_send_key_frame(app, 3.7, down, 1, outcomes), HK_OK);
        CHECK(toggled_log.performed == 3 && toggled_log.repeats == 2);
        const hk_key_input up[1] = { key(26, HK_KEY_UP, "w", 0) };
        CHECK_STATUS(hk_app_send_key_frame(app, 3.8, up, 1, outcomes), HK_OK);
        CHECK_STATUS(hk_key_command_remove(app, toggled), HK_OK);
    }
    /* Destroying the view lets go of its handler's user data at once. */
    CHECK_STATUS(hk_app_view_destroy(app, field), HK_OK);
    CHECK(replacement.destroyed == 1);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
    CHECK(replacement.destroyed == 1 && on_field.destroyed == 1);
}

/* Keys down together and cancelled together (another window made key) reach a press handler
 * one press at a time, in the order they went down, whatever their codes: the same on every run. */
void test_press_handler_order(void) {
    hk_app *app = hk_app_create();
    hk_view window, panel, field, other;
    hk_controller controller;
    press_log log;
    memset(&log, 0, sizeof log);
    focused_field(app, &window, &panel, &controller, &field);
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 400, 400, 400), 0, &other), HK_OK);
    CHECK_STATUS(hk_app_view_set_press_handler(app, field, keyboard_on_press, &log, NULL), HK_OK);
    const int32_t codes[6] = { 9, 8, 7, 6, 5, 4 };
    hk_key_input frame[6];
    for (int i = 0; i < 6; i++) frame[i] = key(codes[i], HK_KEY_DOWN, "", 0);
    CHECK_STATUS(hk_app_send_key_frame(app, 1, frame, 6, NULL), HK_OK);
    CHECK(log.count == 6);
    CHECK_STATUS(hk_window_make_key(app, other), HK_OK);
    CHECK(log.count == 12);
    for (int i = 0; i < 6; i++) {
        char expected[48];
        snprintf(expected, sizeof expected, "view began %d ", (int)codes[i]);
        CHECK(strcmp(log.lines[i], expected) == 0);
        snprintf(expected, sizeof expected, "view cancelled %d ", (int)codes[i]);
        CHECK(strcmp(log.lines[6 + i], expected) == 0);
    }
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* With no first responder a press goes to the key window's root controller while the
 * controller's view is in that window; moved into another window (or removed), the view takes
 * its controller out, and the key window itself is the target. */
void test_root_controller_target(void) {
    hk_app *app = hk_app_create();
    hk_view window, other, root;
    hk_controller controller;
    press_log on_controller, on_app;
    uint8_t outcomes[2];
    memset(&on_controller, 0, sizeof on_controller);
    memset(&on_app, 0, sizeof on_app);
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 400, 300), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 300, 400, 300), 0, &other), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 400, 300), &root), HK_OK);
    CHECK_STATUS(hk_view_controller_create(app, root, &controller), HK_OK);
    CHECK_STATUS(hk_window_set_root_view_controller(app, window, controller), HK_OK);
    CHECK_STATUS(hk_window_make_key(app, window), HK_OK);
    CHECK_STATUS(hk_view_controller_set_press_handler(app, controller, keyboard_on_press, &on_controller, NULL), HK_OK);
    CHECK_STATUS(hk_app_set_press_handler(app, keyboard_on_press, &on_app, NULL), HK_OK);
    on_controller.keep = 1;
    const hk_key_input frame[2] = { key(KEY_A, HK_KEY_DOWN, "a", 0), key(KEY_A, HK_KEY_UP, "a", 0) };
    CHECK_STATUS(hk_app_send_key_frame(app, 0, frame, 2, outcomes), HK_OK);
    CHECK(on_controller.count == 2 && strcmp(on_controller.lines[0], "controller began 4 a") == 0);
    CHECK(on_app.count == 0 && outcomes[0] == HK_KEY_HANDLED);

    CHECK_STATUS(hk_app_view_add_subview(app, root, other), HK_OK);
    CHECK_STATUS(hk_app_send_key_frame(app, 0.1, frame, 2, outcomes), HK_OK);
    CHECK(on_controller.count == 2);
    CHECK(on_app.count == 2 && strcmp(on_app.lines[0], "application began 4 a") == 0);
    CHECK(outcomes[0] == HK_KEY_UNHANDLED);

    CHECK_STATUS(hk_app_view_add_subview(app, root, window), HK_OK);
    CHECK_STATUS(hk_app_send_key_frame(app, 0.2, frame, 2, outcomes), HK_OK);
    CHECK(on_controller.count == 4 && on_app.count == 2 && outcomes[0] == HK_KEY_HANDLED);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

typedef struct { hk_app *app; hk_view make_key; int changes; } focus_makes_key;

static void keyboard_focus_makes_key(const hk_focus_event *event, void *user_data) {
    focus_makes_key *state = user_data;
    (void)event;
    if (state->changes++ == 0) CHECK_STATUS(hk_window_make_key(state->app, state->make_key), HK_OK);
}

/* A focus callback that makes another window key while a Tab's down moves focus cancels the
 * Tab's press: its repeats then move focus no further, and its up is ignored. */
void test_key_cancelled_by_its_own_focus_move(void) {
    hk_app *app = hk_app_create();
    hk_view window, other, first, second, focused;
    press_log on_app;
    focus_makes_key state;
    uint8_t outcomes[1];
    memset(&on_app, 0, sizeof on_app);
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 400, 300), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 300, 400, 300), 0, &other), HK_OK);
    CHECK_STATUS(hk_button_create(app, hk_make_rect(10, 10, 60, 40), &first), HK_OK);
    CHECK_STATUS(hk_button_create(app, hk_make_rect(10, 100, 60, 40), &second), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, first, window), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, second, window), HK_OK);
    CHECK_STATUS(hk_window_make_key(app, window), HK_OK);
    CHECK_STATUS(hk_window_set_focus_system_enabled(app, window, 1), HK_OK);
    CHECK_STATUS(hk_app_set_press_handler(app, keyboard_on_press, &on_app, NULL), HK_OK);
    state.app = app; state.make_key = other; state.changes = 0;
    CHECK_STATUS(hk_app_set_focus_callback(app, keyboard_focus_makes_key, &state, NULL), HK_OK);

    hk_key_input tab = key(KEY_TAB, HK_KEY_DOWN, "\t", 0);
    CHECK_STATUS(hk_app_send_key_frame(app, 0, &tab, 1, outcomes), HK_OK);
    CHECK_STATUS(hk_window_focused_view(app, window, &focused), HK_OK);
    CHECK(same_view(focused, first) && state.changes == 1 && outcomes[0] == HK_KEY_HANDLED);
    CHECK(on_app.count == 2 && strcmp(on_app.lines[1], "application cancelled 43 \t") == 0);

    CHECK_STATUS(hk_window_make_key(app, window), HK_OK);
    CHECK_STATUS(hk_app_send_key_frame(app, 0.1, &tab, 1, outcomes), HK_OK);
    CHECK_STATUS(hk_window_focused_view(app, window, &focused), HK_OK);
    CHECK(same_view(focused, first) && state.changes == 1);
    tab.phase = HK_KEY_UP;
    CHECK_STATUS(hk_app_send_key_frame(app, 0.2, &tab, 1, outcomes), HK_OK);
    CHECK(on_app.count == 2);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* What a callback reads of the last frame's rejections while the next frame is delivered: the first. */
typedef struct { hk_app *app; int calls; size_t count; hk_status status; hk_rejection rejection; } rejection_reader;

static void read_rejections(hk_app *app, rejection_reader *reader) {
    reader->calls++;
    reader->count = hk_app_rejection_count(app);
    memset(&reader->rejection, 0, sizeof reader->rejection);
    reader->status = reader->count ? hk_app_rejection(app, 0, &reader->rejection) : HK_OK;
}

static int rejections_on_press(const hk_press_event *event, void *user_data) {
    rejection_reader *reader = user_data;
    (void)event;
    read_rejections(reader->app, reader);
    return HK_PRESS_PASS_ON;
}

static void rejections_on_touch(const hk_touch_event *event, void *user_data) {
    rejection_reader *reader = user_data;
    (void)event;
    read_rejections(reader->app, reader);
}

/* The rejections are the last delivered frame's until the next frame's delivery has ended, and
 * a key among them is named by its index in the frame it came in, read from any callback of the
 * next frame (a key frame's, a mixed frame's with no keys). */
void test_rejections_read_during_the_next_frame(void) {
    hk_app *app = hk_app_create();
    hk_view window, box;
    rejection_reader reader;
    memset(&reader, 0, sizeof reader);
    reader.app = app;
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 400, 400), 0, &window), HK_OK);
    CHECK_STATUS(hk_window_make_key(app, window), HK_OK);
    CHECK_STATUS(hk_app_view_create(app, hk_make_rect(0, 0, 200, 200), &box), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, box, window), HK_OK);
    CHECK_STATUS(hk_app_view_set_touch_callback(app, box, rejections_on_touch, &reader, NULL), HK_OK);
    CHECK_STATUS(hk_app_set_press_handler(app, rejections_on_press, &reader, NULL), HK_OK);

    /* An unknown phase at index 0, an up of a key that is not down at index 1. */
    hk_key_input bad[2] = { key(KEY_S, 7, "s", 0), key(KEY_A, HK_KEY_UP, "a", 0) };
    CHECK_STATUS(hk_app_send_key_frame(app, 1, bad, 2, NULL), HK_ERR_BAD_INPUT);
    CHECK(hk_app_rejection_count(app) == 2);
    /* A call refused whole is no frame: the rejections stay the last frame's. */
    CHECK_STATUS(hk_app_send_key_frame(app, 1.5, NULL, 1, NULL), HK_ERR_INVALID_ARGUMENT);
    CHECK(hk_app_rejection_count(app) == 2);

    /* A key frame of one key: its press handler reads the frame before's rejection of key 1. */
    hk_key_input down = key(KEY_S, HK_KEY_DOWN, "s", 0);
    CHECK_STATUS(hk_app_send_key_frame(app, 2, &down, 1, NULL), HK_OK);
    CHECK(reader.calls == 1 && reader.count == 2 && reader.status == HK_OK);
    CHECK(reader.rejection.reason == HK_REJECT_KEY && reader.rejection.has_touch_id && reader.rejection.touch_id == 1);
    CHECK(hk_app_rejection_count(app) == 0);

    /* Again, read from a touch callback of a mixed frame that has no keys. */
    CHECK_STATUS(hk_app_send_key_frame(app, 3, bad, 2, NULL), HK_ERR_BAD_INPUT);
    hk_touch_input finger = { 1, HK_PHASE_BEGAN, 1, 10, 10 };
    hk_input_frame frame;
    memset(&frame, 0, sizeof frame);
    frame.timestamp = 4;
    frame.touches = &finger;
    frame.touch_count = 1;
    CHECK_STATUS(hk_app_send_input_frame(app, &frame, NULL), HK_OK);
    CHECK(reader.calls == 2 && reader.count == 2 && reader.status == HK_OK);
    CHECK(reader.rejection.reason == HK_REJECT_KEY && reader.rejection.touch_id == 1);
    CHECK(hk_app_rejection_count(app) == 0);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
}

/* A controller destroyed while a key whose press passed through it is down, between frames or
 * from its own press handler: it leaves the responder chain, so the press is cancelled at once
 * along its route and the controller's handler hears the cancel before it goes (Behaviour A10:
 * each responder that got pressesBegan gets exactly one end); the key's up is then ignored. */
typedef struct { press_log log; hk_app *app; hk_controller controller; int destroy_in_began; } destroying_controller;

static int destroy_on_began(const hk_press_event *event, void *user_data) {
    destroying_controller *d = user_data;
    int answer = keyboard_on_press(event, &d->log);
    if (d->destroy_in_began && event->phase == HK_PRESS_BEGAN) {
        CHECK_STATUS(hk_view_controller_destroy(d->app, d->controller), HK_OK);
    }
    return answer;
}

void test_controller_destroyed_while_its_key_is_down(void) {
    for (int in_began = 0; in_began < 2; in_began++) {
        hk_app *app = hk_app_create();
        hk_view window, panel, field;
        hk_controller controller;
        press_log on_field, on_panel;
        destroying_controller on_controller;
        uint8_t outcome = 0;
        memset(&on_field, 0, sizeof on_field);
        memset(&on_panel, 0, sizeof on_panel);
        memset(&on_controller, 0, sizeof on_controller);
        focused_field(app, &window, &panel, &controller, &field);
        on_controller.app = app;
        on_controller.controller = controller;
        on_controller.destroy_in_began = in_began;
        CHECK_STATUS(hk_app_view_set_press_handler(app, field, keyboard_on_press, &on_field, NULL), HK_OK);
        CHECK_STATUS(hk_app_view_set_press_handler(app, panel, keyboard_on_press, &on_panel, NULL), HK_OK);
        CHECK_STATUS(hk_view_controller_set_press_handler(app, controller, destroy_on_began, &on_controller, NULL), HK_OK);

        hk_key_input down = key(KEY_S, HK_KEY_DOWN, "s", 0), up = key(KEY_S, HK_KEY_UP, "s", 0);
        CHECK_STATUS(hk_app_send_key_frame(app, 1, &down, 1, NULL), HK_OK);
        if (!in_began) CHECK_STATUS(hk_view_controller_destroy(app, controller), HK_OK);
        CHECK(on_controller.log.count == 2);
        CHECK(strcmp(on_controller.log.lines[0], "controller began 22 s") == 0);
        CHECK(strcmp(on_controller.log.lines[1], "controller cancelled 22 s") == 0);
        CHECK_STATUS(hk_app_send_key_frame(app, 2, &up, 1, &outcome), HK_OK);
        CHECK(on_controller.log.count == 2);
        CHECK(on_field.count == 2 && strcmp(on_field.lines[1], "view cancelled 22 s") == 0);
        CHECK(on_panel.count == 2 && strcmp(on_panel.lines[1], "view cancelled 22 s") == 0);
        /* The next key goes field, panel, window: the controller is off the chain. */
        CHECK_STATUS(hk_app_send_key_frame(app, 3, &down, 1, NULL), HK_OK);
        CHECK(on_field.count == 3 && on_panel.count == 3 && on_controller.log.count == 2);
        CHECK_STATUS(hk_app_destroy(app), HK_OK);
    }
}

/* A press handler cleared from inside its own call while a change of key window cancels three
 * presses in one call: it hears the first cancel and no more (cleared, it is gone), and its user
 * data is notified once, after. */
typedef struct { hk_app *app; hk_view self; int calls, notified_before_last_call, notified; } clearing_handler;

static int clear_on_first_call(const hk_press_event *event, void *user_data) {
    clearing_handler *c = user_data;
    (void)event;
    c->calls++;
    c->notified_before_last_call = c->notified;
    if (event->phase == HK_PRESS_CANCELLED) CHECK_STATUS(hk_app_view_set_press_handler(c->app, c->self, NULL, NULL, NULL), HK_OK);
    return HK_PRESS_PASS_ON;
}
static void clearing_handler_notified(void *user_data) { ((clearing_handler *)user_data)->notified++; }

void test_press_handler_cleared_inside_a_set(void) {
    hk_app *app = hk_app_create();
    hk_view window, other, field;
    int32_t became = 0;
    clearing_handler c;
    memset(&c, 0, sizeof c);
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 400, 400), 0, &window), HK_OK);
    CHECK_STATUS(hk_app_window_create(app, hk_make_rect(0, 0, 10, 10), 0, &other), HK_OK);
    CHECK_STATUS(hk_app_focusable_view_create(app, hk_make_rect(0, 0, 100, 30), &field), HK_OK);
    CHECK_STATUS(hk_app_view_add_subview(app, field, window), HK_OK);
    CHECK_STATUS(hk_window_make_key(app, window), HK_OK);
    CHECK_STATUS(hk_app_become_first_responder(app, field, &became), HK_OK);
    c.app = app;
    c.self = field;
    CHECK_STATUS(hk_app_view_set_press_handler(app, field, clear_on_first_call, &c, clearing_handler_notified), HK_OK);
    const hk_key_input keys[3] = { key(10, HK_KEY_DOWN, "g", 0), key(11, HK_KEY_DOWN, "h", 0), key(12, HK_KEY_DOWN, "i", 0) };
    CHECK_STATUS(hk_app_send_key_frame(app, 1, keys, 3, NULL), HK_OK);
    CHECK(c.calls == 3);
    CHECK_STATUS(hk_window_make_key(app, other), HK_OK);  /* cancels the three in one call */
    CHECK(c.calls == 4 && c.notified_before_last_call == 0 && c.notified == 1);
    CHECK_STATUS(hk_app_destroy(app), HK_OK);
    CHECK(c.notified == 1);
}

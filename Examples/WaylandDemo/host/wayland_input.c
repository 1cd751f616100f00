/*
 * wayland_input.c - Wayland input events to HitKit frames (wayland_input.h says the rules).
 */
#include "wayland_input.h"

#include <math.h>
#include <string.h>

double wli_fixed_to_double(int32_t fixed) { return fixed / 256.0; }

/* -value, without turning 0 into -0 (which the log and the recording would show). */
static double negated(double value) { return 0 - value; }

static void send_frame(const wli_sink *sink, uint32_t time, const hk_touch_input *touches, size_t count,
                       const hk_pointer_input *pointer, const hk_scroll_input *scroll) {
    if (sink->frame) sink->frame(sink->context, time, touches, count, pointer, scroll);
}

static void send_touchpad(const wli_sink *sink, uint32_t time, const hk_touchpad_gesture *gesture) {
    if (sink->touchpad) sink->touchpad(sink->context, time, gesture);
}

/* ---- wl_touch ---------------------------------------------------------------------------- */

void wli_touch_init(wli_touch *touch, hk_point origin) {
    memset(touch, 0, sizeof *touch);
    touch->origin = origin;
}

static wli_finger *finger_with_id(wli_touch *touch, int32_t id) {
    size_t i;
    for (i = 0; i < WLI_MAX_TOUCHES; i++)
        if (touch->fingers[i].down && touch->fingers[i].wayland_id == id) return &touch->fingers[i];
    return NULL;
}

static int any_finger_down(const wli_touch *touch) {
    size_t i;
    for (i = 0; i < WLI_MAX_TOUCHES; i++)
        if (touch->fingers[i].down) return 1;
    return 0;
}

static int64_t hitkit_id(int32_t wayland_id) { return (int64_t)wayland_id + 1; }

/* The pending change of a finger, added if it has none yet. A finger goes up and down again
 * within one frame only as two moments: the frame so far is sent first. */
static hk_touch_input *pending_change(wli_touch *touch, const wli_sink *sink, int32_t id, hk_phase phase) {
    size_t i;
    for (i = 0; i < touch->pending_count; i++) {
        hk_touch_input *change = &touch->pending[i];
        if (change->id != hitkit_id(id)) continue;
        /* A began then a move is still a began (at the new place); a began or a move then an up is
         * an up; an up then a down cannot share the frame. */
        if (phase == HK_PHASE_MOVED) return change;
        if (phase == HK_PHASE_ENDED && change->phase != HK_PHASE_ENDED) {
            if (change->phase == HK_PHASE_BEGAN) break; /* the began must reach HitKit first */
            change->phase = HK_PHASE_ENDED;
            return change;
        }
        break;
    }
    if (i < touch->pending_count) wli_touch_frame(touch, sink);
    touch->pending[touch->pending_count].id = hitkit_id(id);
    touch->pending[touch->pending_count].phase = phase;
    touch->pending[touch->pending_count].has_location = 0;
    return &touch->pending[touch->pending_count++];
}

static void place(hk_touch_input *change, const wli_finger *finger) {
    change->has_location = 1;
    change->x = finger->x;
    change->y = finger->y;
}

int wli_touch_down(wli_touch *touch, const wli_sink *sink, uint32_t time_ms, int32_t id, int32_t x, int32_t y) {
    wli_finger *finger = NULL;
    size_t i;
    if (finger_with_id(touch, id)) return 0;
    for (i = 0; i < WLI_MAX_TOUCHES && !finger; i++)
        if (!touch->fingers[i].down) finger = &touch->fingers[i];
    if (!finger || touch->pending_count == WLI_MAX_TOUCHES) return 0;
    finger->down = 1;
    finger->wayland_id = id;
    finger->x = touch->origin.x + wli_fixed_to_double(x);
    finger->y = touch->origin.y + wli_fixed_to_double(y);
    place(pending_change(touch, sink, id, HK_PHASE_BEGAN), finger);
    touch->pending_time = time_ms;
    return 1;
}

int wli_touch_motion(wli_touch *touch, const wli_sink *sink, uint32_t time_ms, int32_t id, int32_t x, int32_t y) {
    wli_finger *finger = finger_with_id(touch, id);
    if (!finger) return 0;
    finger->x = touch->origin.x + wli_fixed_to_double(x);
    finger->y = touch->origin.y + wli_fixed_to_double(y);
    place(pending_change(touch, sink, id, HK_PHASE_MOVED), finger);
    touch->pending_time = time_ms;
    return 1;
}

int wli_touch_up(wli_touch *touch, const wli_sink *sink, uint32_t time_ms, int32_t id) {
    wli_finger *finger = finger_with_id(touch, id);
    if (!finger) return 0;
    /* wl_touch.up has no location: the finger lifts where it last was. */
    place(pending_change(touch, sink, id, HK_PHASE_ENDED), finger);
    finger->down = 0;
    touch->pending_time = time_ms;
    /* When the last finger lifts, weston (10 at least) takes the touch focus away before it sends
     * the frame, so that frame never comes: what was gathered goes now. */
    if (!any_finger_down(touch)) wli_touch_frame(touch, sink);
    return 1;
}

void wli_touch_frame(wli_touch *touch, const wli_sink *sink) {
    if (touch->pending_count == 0) return;
    send_frame(sink, touch->pending_time, touch->pending, touch->pending_count, NULL, NULL);
    touch->pending_count = 0;
}

void wli_touch_cancel(wli_touch *touch, const wli_sink *sink, uint32_t time_ms) {
    size_t i;
    /* What was gathered before the cancel happened: it goes first, then every finger still down
     * is cancelled. */
    wli_touch_frame(touch, sink);
    for (i = 0; i < WLI_MAX_TOUCHES; i++) {
        wli_finger *finger = &touch->fingers[i];
        if (!finger->down) continue;
        touch->pending[touch->pending_count].id = hitkit_id(finger->wayland_id);
        touch->pending[touch->pending_count].phase = HK_PHASE_CANCELLED;
        touch->pending[touch->pending_count].has_location = 0;
        touch->pending_count++;
        finger->down = 0;
    }
    touch->pending_time = time_ms;
    wli_touch_frame(touch, sink);
}

/* ---- wl_pointer ---------------------------------------------------------------------------- */

void wli_pointer_init(wli_pointer *pointer, hk_point origin, int version) {
    memset(pointer, 0, sizeof *pointer);
    pointer->origin = origin;
    pointer->version = version;
    pointer->source = WLI_NO_SOURCE;
}

uint32_t wli_button_bit(uint32_t code) {
    /* BTN_LEFT (0x110) ... BTN_TASK (0x117): Linux's order is left, right, middle, side, extra,
     * forward, back, task, which is HitKit's primary, secondary, middle, 4, 5 ... */
    if (code < 0x110 || code > 0x117) return 0;
    return HK_BUTTON(code - 0x110 + 1);
}

static hk_pointer_input pointer_state(const wli_pointer *pointer) {
    hk_pointer_input state;
    memset(&state, 0, sizeof state);
    state.id = WLI_POINTER_ID;
    state.has_left = !pointer->inside;
    state.buttons = pointer->buttons;
    state.x = pointer->x;
    state.y = pointer->y;
    state.modifiers = pointer->modifiers;
    return state;
}

/* Before version 5 there is no frame event: each event is its own frame. */
static void frame_if_unframed(wli_pointer *pointer, const wli_sink *sink) {
    if (pointer->version < 5) wli_pointer_frame(pointer, sink);
}

void wli_pointer_enter(wli_pointer *pointer, const wli_sink *sink, int32_t x, int32_t y) {
    pointer->inside = 1;
    pointer->x = pointer->origin.x + wli_fixed_to_double(x);
    pointer->y = pointer->origin.y + wli_fixed_to_double(y);
    pointer->changed = 1;
    pointer->left = 0;
    frame_if_unframed(pointer, sink);
}

void wli_pointer_leave(wli_pointer *pointer, const wli_sink *sink) {
    pointer->left = 1;
    frame_if_unframed(pointer, sink);
}

void wli_pointer_motion(wli_pointer *pointer, const wli_sink *sink, uint32_t time_ms, int32_t x, int32_t y) {
    pointer->x = pointer->origin.x + wli_fixed_to_double(x);
    pointer->y = pointer->origin.y + wli_fixed_to_double(y);
    pointer->changed = 1;
    pointer->time = time_ms;
    frame_if_unframed(pointer, sink);
}

void wli_pointer_button(wli_pointer *pointer, const wli_sink *sink, uint32_t time_ms, uint32_t button, int pressed) {
    uint32_t bit = wli_button_bit(button);
    pointer->time = time_ms;
    if (bit == 0) return;   /* not a mouse button HitKit numbers */
    if (pressed) pointer->buttons |= bit;
    else pointer->buttons &= ~bit;
    pointer->changed = 1;
    frame_if_unframed(pointer, sink);
}

void wli_pointer_axis(wli_pointer *pointer, const wli_sink *sink, uint32_t time_ms, uint32_t axis, int32_t value) {
    if (axis > 1) return;
    pointer->value[axis] += wli_fixed_to_double(value);
    pointer->has_value[axis] = 1;
    pointer->time = time_ms;
    frame_if_unframed(pointer, sink);
}

void wli_pointer_axis_source(wli_pointer *pointer, uint32_t source) { pointer->source = (int32_t)source; }

void wli_pointer_axis_stop(wli_pointer *pointer, const wli_sink *sink, uint32_t time_ms, uint32_t axis) {
    if (axis > 1) return;
    pointer->stopped[axis] = 1;
    pointer->time = time_ms;
    frame_if_unframed(pointer, sink);
}

void wli_pointer_axis_discrete(wli_pointer *pointer, uint32_t axis, int32_t discrete) {
    /* value120 supersedes discrete (a version 8 client gets only value120). */
    if (axis > 1 || pointer->has_notches[axis]) return;
    pointer->notches[axis] = discrete;
    pointer->has_notches[axis] = 1;
}

void wli_pointer_axis_value120(wli_pointer *pointer, uint32_t axis, int32_t value120) {
    if (axis > 1) return;
    pointer->notches[axis] = value120 / 120.0;
    pointer->has_notches[axis] = 1;
}

/* wl_pointer.axis_source values. */
enum { SOURCE_WHEEL = 0, SOURCE_FINGER = 1, SOURCE_CONTINUOUS = 2, SOURCE_WHEEL_TILT = 3 };

static int is_continuous(int32_t source) { return source == SOURCE_FINGER || source == SOURCE_CONTINUOUS; }

/* The scroll delta of one axis of a wheel frame, in points (a later-content wheel turn is a
 * positive axis value and a negative HitKit delta). */
static double wheel_delta(const wli_pointer *pointer, int axis) {
    if (pointer->has_notches[axis]) return negated(pointer->notches[axis] * WLI_POINTS_PER_NOTCH);
    return negated(pointer->value[axis] / WLI_AXIS_UNITS_PER_NOTCH * WLI_POINTS_PER_NOTCH);
}

static hk_scroll_input scroll_at(const wli_pointer *pointer, int32_t type, int32_t phase, double dx, double dy) {
    hk_scroll_input scroll;
    memset(&scroll, 0, sizeof scroll);
    scroll.x = pointer->x;
    scroll.y = pointer->y;
    scroll.dx = dx;
    scroll.dy = dy;
    scroll.type = type;
    scroll.phase = phase;
    return scroll;
}

/* Ends a continuous scroll that another source, a leave or a lost stop interrupts. */
static void end_continuous(wli_pointer *pointer, const wli_sink *sink) {
    hk_scroll_input ended;
    if (!pointer->continuous_open) return;
    ended = scroll_at(pointer, HK_SCROLL_CONTINUOUS, HK_SCROLL_PHASE_ENDED, 0, 0);
    send_frame(sink, pointer->time, NULL, 0, NULL, &ended);
    pointer->continuous_open = 0;
}

void wli_pointer_frame(wli_pointer *pointer, const wli_sink *sink) {
    int scrolled = pointer->has_value[0] || pointer->has_value[1] || pointer->has_notches[0] || pointer->has_notches[1];
    int stopped = pointer->stopped[0] || pointer->stopped[1];
    hk_pointer_input state;
    hk_scroll_input scroll;
    const hk_pointer_input *send_state = NULL;
    const hk_scroll_input *send_scroll = NULL;

    if (pointer->changed && !pointer->left) {
        state = pointer_state(pointer);
        send_state = &state;
    }
    if (scrolled && !is_continuous(pointer->source)) {
        end_continuous(pointer, sink);
        scroll = scroll_at(pointer, HK_SCROLL_DISCRETE, 0, wheel_delta(pointer, 1), wheel_delta(pointer, 0));
        send_scroll = &scroll;
    } else if (scrolled || (stopped && pointer->continuous_open)) {
        double dx = negated(pointer->value[1]), dy = negated(pointer->value[0]);
        if (!pointer->continuous_open) {
            scroll = scroll_at(pointer, HK_SCROLL_CONTINUOUS, HK_SCROLL_PHASE_BEGAN, dx, dy);
            pointer->continuous_open = 1;
            if (stopped) {
                /* Begun and stopped in one frame: the began goes first, then its end. */
                send_frame(sink, pointer->time, NULL, 0, send_state, &scroll);
                send_state = NULL;
                scroll = scroll_at(pointer, HK_SCROLL_CONTINUOUS, HK_SCROLL_PHASE_ENDED, 0, 0);
                pointer->continuous_open = 0;
            }
        } else {
            scroll = scroll_at(pointer, HK_SCROLL_CONTINUOUS, stopped ? HK_SCROLL_PHASE_ENDED : HK_SCROLL_PHASE_CHANGED, dx, dy);
            pointer->continuous_open = !stopped;
        }
        send_scroll = &scroll;
    }
    if (send_state || send_scroll) send_frame(sink, pointer->time, NULL, 0, send_state, send_scroll);
    if (pointer->left) {
        end_continuous(pointer, sink);
        /* A toolkit keeps the pointer while a button is down (Behaviour A8): if the compositor
         * takes it anyway, the buttons are let go where it was before it leaves. */
        if (pointer->buttons) {
            pointer->buttons = 0;
            state = pointer_state(pointer);
            send_frame(sink, pointer->time, NULL, 0, &state, NULL);
        }
        pointer->inside = 0;
        state = pointer_state(pointer);
        send_frame(sink, pointer->time, NULL, 0, &state, NULL);
    }
    pointer->changed = pointer->left = 0;
    pointer->source = WLI_NO_SOURCE;
    pointer->value[0] = pointer->value[1] = 0;
    pointer->has_value[0] = pointer->has_value[1] = 0;
    pointer->notches[0] = pointer->notches[1] = 0;
    pointer->has_notches[0] = pointer->has_notches[1] = 0;
    pointer->stopped[0] = pointer->stopped[1] = 0;
}

/* ---- zwp_pointer_gestures_v1 -------------------------------------------------------------- */

void wli_gestures_init(wli_gestures *gestures, const wli_pointer *pointer) {
    memset(gestures, 0, sizeof *gestures);
    gestures->pointer = pointer;
    gestures->scale = 1;
}

static hk_touchpad_gesture gesture_step(const wli_gestures *gestures, int32_t kind, int32_t phase) {
    hk_touchpad_gesture step;
    memset(&step, 0, sizeof step);
    step.kind = kind;
    step.phase = phase;
    step.x = gestures->pointer->x;
    step.y = gestures->pointer->y;
    step.scale = kind == HK_TOUCHPAD_PINCH ? gestures->scale : 1;
    step.rotation = kind == HK_TOUCHPAD_PINCH ? gestures->rotation : 0;
    step.fingers = gestures->fingers;
    return step;
}

static void send_step(const wli_gestures *gestures, const wli_sink *sink, uint32_t time_ms, int32_t kind, int32_t phase) {
    hk_touchpad_gesture step = gesture_step(gestures, kind, phase);
    send_touchpad(sink, time_ms, &step);
}

static int32_t end_phase(int32_t cancelled) { return cancelled ? HK_TOUCHPAD_PHASE_CANCELLED : HK_TOUCHPAD_PHASE_ENDED; }

void wli_pinch_begin(wli_gestures *gestures, const wli_sink *sink, uint32_t time_ms, uint32_t fingers) {
    gestures->pinch_open = 1;
    gestures->fingers = (int32_t)fingers;
    gestures->scale = 1;
    gestures->rotation = 0;
    send_step(gestures, sink, time_ms, HK_TOUCHPAD_PINCH, HK_TOUCHPAD_PHASE_BEGAN);
}

void wli_pinch_update(wli_gestures *gestures, const wli_sink *sink, uint32_t time_ms, int32_t scale, int32_t rotation) {
    if (!gestures->pinch_open) return;
    gestures->scale = wli_fixed_to_double(scale);
    /* Degrees since the last update, clockwise: summed, in radians, as HitKit wants it. */
    gestures->rotation += wli_fixed_to_double(rotation) * M_PI / 180;
    send_step(gestures, sink, time_ms, HK_TOUCHPAD_PINCH, HK_TOUCHPAD_PHASE_CHANGED);
}

void wli_pinch_end(wli_gestures *gestures, const wli_sink *sink, uint32_t time_ms, int32_t cancelled) {
    if (!gestures->pinch_open) return;
    gestures->pinch_open = 0;
    send_step(gestures, sink, time_ms, HK_TOUCHPAD_PINCH, end_phase(cancelled));
}

void wli_hold_begin(wli_gestures *gestures, const wli_sink *sink, uint32_t time_ms, uint32_t fingers) {
    gestures->hold_open = 1;
    gestures->fingers = (int32_t)fingers;
    send_step(gestures, sink, time_ms, HK_TOUCHPAD_HOLD, HK_TOUCHPAD_PHASE_BEGAN);
}

void wli_hold_end(wli_gestures *gestures, const wli_sink *sink, uint32_t time_ms, int32_t cancelled) {
    if (!gestures->hold_open) return;
    gestures->hold_open = 0;
    send_step(gestures, sink, time_ms, HK_TOUCHPAD_HOLD, end_phase(cancelled));
}

void wli_swipe_begin(wli_gestures *gestures, const wli_sink *sink, uint32_t time_ms, uint32_t fingers) {
    gestures->swipe_open = 1;
    gestures->swipe_dx = gestures->swipe_dy = 0;
    if (sink->swipe) sink->swipe(sink->context, time_ms, "begin", (int32_t)fingers, 0, 0);
    gestures->fingers = (int32_t)fingers;
}

void wli_swipe_update(wli_gestures *gestures, const wli_sink *sink, uint32_t time_ms, int32_t dx, int32_t dy) {
    if (!gestures->swipe_open) return;
    gestures->swipe_dx += wli_fixed_to_double(dx);
    gestures->swipe_dy += wli_fixed_to_double(dy);
    if (sink->swipe) sink->swipe(sink->context, time_ms, "update", gestures->fingers, gestures->swipe_dx, gestures->swipe_dy);
}

void wli_swipe_end(wli_gestures *gestures, const wli_sink *sink, uint32_t time_ms, int32_t cancelled) {
    if (!gestures->swipe_open) return;
    gestures->swipe_open = 0;
    if (sink->swipe)
        sink->swipe(sink->context, time_ms, cancelled ? "cancelled" : "end", gestures->fingers, gestures->swipe_dx, gestures->swipe_dy);
}

void wli_gestures_pointer_left(wli_gestures *gestures, const wli_sink *sink, uint32_t time_ms) {
    if (gestures->pinch_open) wli_pinch_end(gestures, sink, time_ms, 1);
    if (gestures->hold_open) wli_hold_end(gestures, sink, time_ms, 1);
}

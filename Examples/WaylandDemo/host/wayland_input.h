/*
 * wayland_input.h - Wayland's wl_touch, wl_pointer and zwp_pointer_gestures_v1 events turned into
 * HitKit input frames (Behaviour A3, A8, A9). The listeners of a Wayland client call these with
 * the events' values; what comes out goes to a sink as hitkit.h structs. No Wayland connection
 * is needed, so every rule here is tested without a compositor (../tests/test_wayland_input.c).
 *
 * The rules, which Sources/HitKit/HitKit.docc/LinuxInputMapping.md explains:
 *   - Locations are surface-local wl_fixed_t (1/256): the surface shows HitKit's screen from
 *     `origin`, one point a surface unit.
 *   - Touches and the pointer's events are gathered until their frame event and go as one frame;
 *     when the last finger lifts, the touches go at once (weston sends that frame to nobody).
 *   - A wheel (axis_source wheel or wheel_tilt, or no source) scrolls discretely, 40 points a
 *     notch, notches from axis_value120 (seat version 8) when the compositor sends it, else from
 *     axis_discrete, else the value at 10 surface units a notch (what weston and mutter send).
 *   - A finger or continuous source scrolls continuously: began at its first frame, changed after,
 *     ended at the frame with axis_stop (or when another source, a leave or a button-less end
 *     interrupts it); the delta is the negated value.
 *   - A pinch's scale is absolute; its rotation comes in degrees since the last update and is
 *     summed into radians. Holds pass through; swipes are only reported (A9 has none).
 */
#ifndef HITKIT_WAYLAND_INPUT_H
#define HITKIT_WAYLAND_INPUT_H

#include <hitkit.h>
#include <stdint.h>

/* Points a wheel notch scrolls (Docs/CAPI.md's advice: about three lines of text). */
#define WLI_POINTS_PER_NOTCH 40.0
/* Surface units of wl_pointer.axis per notch when a wheel sends neither value120 nor discrete. */
#define WLI_AXIS_UNITS_PER_NOTCH 10.0
/* The pointer's input id; a finger's is its wl_touch id + 1. */
#define WLI_POINTER_ID 0
/* Fingers down at once that a surface may have. */
#define WLI_MAX_TOUCHES 16

/* Where frames go. `time_ms` is the compositor's event time (milliseconds, 32 bits, wrapping);
 * the host turns it into its clock. Either member may be NULL. */
typedef struct {
    void (*frame)(void *context, uint32_t time_ms, const hk_touch_input *touches, size_t count,
                  const hk_pointer_input *pointer, const hk_scroll_input *scroll);
    void (*touchpad)(void *context, uint32_t time_ms, const hk_touchpad_gesture *gesture);
    /* A swipe step, reported only: "begin", "update" or "end"/"cancelled", with its fingers and
     * the summed motion. */
    void (*swipe)(void *context, uint32_t time_ms, const char *phase, int32_t fingers, double dx, double dy);
    void *context;
} wli_sink;

/* wl_fixed_t (24.8) to a double, as wl_fixed_to_double does. */
double wli_fixed_to_double(int32_t fixed);

/* ---- wl_touch ---------------------------------------------------------------------------- */

typedef struct {
    int32_t wayland_id;
    int down;
    double x, y;            /* the last location, screen coordinates */
} wli_finger;

typedef struct {
    hk_point origin;        /* the screen point at the surface's top-left corner */
    wli_finger fingers[WLI_MAX_TOUCHES];
    hk_touch_input pending[WLI_MAX_TOUCHES];
    size_t pending_count;
    uint32_t pending_time;
} wli_touch;

void wli_touch_init(wli_touch *touch, hk_point origin);
/* 0 when the finger cannot be taken (more than WLI_MAX_TOUCHES down, a down for an id already
 * down, a motion or up for one not down): the event is dropped and nothing else changes. */
int wli_touch_down(wli_touch *touch, const wli_sink *sink, uint32_t time_ms, int32_t id, int32_t x, int32_t y);
int wli_touch_motion(wli_touch *touch, const wli_sink *sink, uint32_t time_ms, int32_t id, int32_t x, int32_t y);
int wli_touch_up(wli_touch *touch, const wli_sink *sink, uint32_t time_ms, int32_t id);
/* Sends what was gathered since the last frame, as one frame. */
void wli_touch_frame(wli_touch *touch, const wli_sink *sink);
/* wl_touch.cancel: every finger down is cancelled, in one frame, and forgotten. */
void wli_touch_cancel(wli_touch *touch, const wli_sink *sink, uint32_t time_ms);

/* ---- wl_pointer ---------------------------------------------------------------------------- */

enum { WLI_NO_SOURCE = -1 };

typedef struct {
    hk_point origin;
    int version;                /* the bound wl_pointer's version: before 5 every event is a frame */
    int inside;                 /* entered and not left */
    double x, y;                /* screen coordinates */
    uint32_t buttons;           /* HK_BUTTON_ bits held */
    uint32_t modifiers;         /* HK_MOD_ bits, from the keyboard */
    int continuous_open;        /* a finger/continuous scroll began and has not ended */
    /* The frame being gathered. */
    int changed;                /* enter, motion or a button */
    int left;
    int32_t source;             /* WLI_NO_SOURCE or the wl_pointer.axis_source value */
    double value[2];            /* axis value per axis (0 vertical, 1 horizontal) */
    int has_value[2];
    double notches[2];          /* from value120 or discrete */
    int has_notches[2];
    int stopped[2];
    uint32_t time;              /* the last event time of the frame */
} wli_pointer;

void wli_pointer_init(wli_pointer *pointer, hk_point origin, int version);
void wli_pointer_enter(wli_pointer *pointer, const wli_sink *sink, int32_t x, int32_t y);
void wli_pointer_leave(wli_pointer *pointer, const wli_sink *sink);
void wli_pointer_motion(wli_pointer *pointer, const wli_sink *sink, uint32_t time_ms, int32_t x, int32_t y);
/* `button` a Linux code (BTN_LEFT 0x110 ...), `pressed` the wl_pointer.button_state. */
void wli_pointer_button(wli_pointer *pointer, const wli_sink *sink, uint32_t time_ms, uint32_t button, int pressed);
void wli_pointer_axis(wli_pointer *pointer, const wli_sink *sink, uint32_t time_ms, uint32_t axis, int32_t value);
void wli_pointer_axis_source(wli_pointer *pointer, uint32_t source);
void wli_pointer_axis_stop(wli_pointer *pointer, const wli_sink *sink, uint32_t time_ms, uint32_t axis);
void wli_pointer_axis_discrete(wli_pointer *pointer, uint32_t axis, int32_t discrete);
void wli_pointer_axis_value120(wli_pointer *pointer, uint32_t axis, int32_t value120);
void wli_pointer_frame(wli_pointer *pointer, const wli_sink *sink);

/* HitKit's button bit for a Linux button code (BTN_LEFT is 1, BTN_RIGHT 2, BTN_MIDDLE 3, then
 * BTN_SIDE 4 ...); 0 for a code outside BTN_MOUSE's range. */
uint32_t wli_button_bit(uint32_t code);

/* ---- zwp_pointer_gestures_v1 -------------------------------------------------------------- */

typedef struct {
    const wli_pointer *pointer;  /* where the gesture is: the pointer's location */
    int pinch_open, hold_open, swipe_open;
    int32_t fingers;
    double scale;                /* the pinch's last scale (absolute) */
    double rotation;             /* radians since the pinch began */
    double swipe_dx, swipe_dy;
} wli_gestures;

void wli_gestures_init(wli_gestures *gestures, const wli_pointer *pointer);
void wli_pinch_begin(wli_gestures *gestures, const wli_sink *sink, uint32_t time_ms, uint32_t fingers);
/* `scale` and `rotation` as the protocol sends them: absolute, and degrees since the last update. */
void wli_pinch_update(wli_gestures *gestures, const wli_sink *sink, uint32_t time_ms, int32_t scale, int32_t rotation);
void wli_pinch_end(wli_gestures *gestures, const wli_sink *sink, uint32_t time_ms, int32_t cancelled);
void wli_hold_begin(wli_gestures *gestures, const wli_sink *sink, uint32_t time_ms, uint32_t fingers);
void wli_hold_end(wli_gestures *gestures, const wli_sink *sink, uint32_t time_ms, int32_t cancelled);
void wli_swipe_begin(wli_gestures *gestures, const wli_sink *sink, uint32_t time_ms, uint32_t fingers);
void wli_swipe_update(wli_gestures *gestures, const wli_sink *sink, uint32_t time_ms, int32_t dx, int32_t dy);
void wli_swipe_end(wli_gestures *gestures, const wli_sink *sink, uint32_t time_ms, int32_t cancelled);
/* The pointer left the surface: a pinch or hold still open is cancelled (its end may go to
 * another surface). */
void wli_gestures_pointer_left(wli_gestures *gestures, const wli_sink *sink, uint32_t time_ms);

#endif

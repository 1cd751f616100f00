/*
 * inject_protocol.h - the line protocol of the hitkit-inject weston module (README.md beside this
 * file documents it for the people who drive it). This unit only reads lines: it knows nothing of
 * weston, so its rules are tested without a compositor (../tests/test_inject_protocol.c).
 */
#ifndef HITKIT_INJECT_PROTOCOL_H
#define HITKIT_INJECT_PROTOCOL_H

#include <stddef.h>
#include <stdint.h>

/* The longest command line the module reads; a longer one is an error, and the module goes on
 * with the next line. */
#define INJECT_MAX_LINE 512
/* The longest screenshot path. */
#define INJECT_MAX_PATH 400

typedef enum {
    INJECT_TOUCH_DOWN,
    INJECT_TOUCH_MOTION,
    INJECT_TOUCH_UP,
    INJECT_TOUCH_FRAME,
    INJECT_TOUCH_CANCEL,
    INJECT_POINTER_MOTION,
    INJECT_POINTER_BUTTON,
    INJECT_POINTER_AXIS_SOURCE,
    INJECT_POINTER_AXIS,
    INJECT_POINTER_AXIS_STOP,
    INJECT_POINTER_FRAME,
    INJECT_KEY,
    INJECT_KEYBOARD_FOCUS,
    INJECT_PINCH_BEGIN,
    INJECT_PINCH_UPDATE,
    INJECT_PINCH_END,
    INJECT_SWIPE_BEGIN,
    INJECT_SWIPE_UPDATE,
    INJECT_SWIPE_END,
    INJECT_HOLD_BEGIN,
    INJECT_HOLD_END,
    INJECT_VIEWS,
    INJECT_SCREENSHOT
} inject_kind;

/* Linux input codes of the named buttons (linux/input-event-codes.h). */
enum { INJECT_BTN_LEFT = 0x110, INJECT_BTN_RIGHT = 0x111, INJECT_BTN_MIDDLE = 0x112 };
/* wl_pointer's axis and axis_source values. */
enum { INJECT_AXIS_VERTICAL = 0, INJECT_AXIS_HORIZONTAL = 1 };
enum { INJECT_SOURCE_WHEEL = 0, INJECT_SOURCE_FINGER = 1, INJECT_SOURCE_CONTINUOUS = 2, INJECT_SOURCE_WHEEL_TILT = 3 };

/* One command. Only the fields its kind names are set; the rest are zero. */
typedef struct {
    inject_kind kind;
    int32_t id;             /* touch down, motion, up */
    double x, y;            /* touch down and motion, pointer motion: global (output) coordinates */
    double dx, dy;          /* pinch and swipe update: the pointer's motion */
    double scale;           /* pinch update: since the begin, > 0 */
    double degrees;         /* pinch update: the rotation since the last update, clockwise */
    double value;           /* pointer axis: the value in surface units */
    uint32_t code;          /* pointer button: a Linux button code; key: a Linux key code */
    int pressed;            /* pointer button, key: 1 pressed, 0 released */
    uint32_t axis;          /* pointer axis, axis stop: INJECT_AXIS_ */
    uint32_t source;        /* pointer axis source: INJECT_SOURCE_ */
    int has_discrete;       /* pointer axis: a "discrete N" was given */
    int32_t discrete;       /* pointer axis: notches (wl_pointer.axis_discrete) */
    int32_t fingers;        /* gesture begin: >= 1 */
    int cancelled;          /* gesture end */
    int focus;              /* keyboard focus: 1 on, 0 off */
    char path[INJECT_MAX_PATH + 1];  /* screenshot */
} inject_command;

/* What inject_parse made of a line. */
typedef enum { INJECT_PARSED = 1, INJECT_SKIP = 0, INJECT_ERROR = -1 } inject_result;

/* Reads one line (without its newline). Blank lines and lines starting with '#' are
 * INJECT_SKIP. A line that is not a command is INJECT_ERROR with the reason in `error`
 * (always terminated; `error_size` > 0). */
inject_result inject_parse(const char *line, inject_command *out, char *error, size_t error_size);

#endif

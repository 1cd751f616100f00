/*
 * keys.h - a Linux keyboard as Behaviour A10 describes keys: the USB HID usage of a key (from its
 * Linux evdev code), the text it types and the text it types ignoring the modifiers (from
 * xkbcommon keysyms, with UIKit's input names for keys that type none), the modifier flags held,
 * which downs are repeats, and Wayland's client-side repeat, whose timer the host's loop drives.
 *
 * The demos print a `key ...` line for each key they map (keys_describe) and send it to HitKit
 * as a key event (keys_input). Everything here runs without a compositor (../tests/test_keys.c).
 */
#ifndef HITKIT_KEYS_H
#define HITKIT_KEYS_H

#include <hitkit.h>
#include <stddef.h>
#include <stdint.h>
#include <xkbcommon/xkbcommon.h>

/* Longest text a key gives here ("UIKeyInputRightArrow" is the longest name). */
#define KEYS_TEXT_SIZE 32
/* Keys held at once that are tracked. */
#define KEYS_MAX_HELD 32

typedef enum { KEYS_DOWN, KEYS_REPEAT, KEYS_UP, KEYS_CANCELLED } keys_phase;

/* One key event, as the host maps it (keys_input makes HitKit's of it). */
typedef struct {
    keys_phase phase;
    uint32_t code;                          /* HID usage (page 7), 0 for a key with none */
    uint32_t evdev;                         /* the Linux code it came from */
    char characters[KEYS_TEXT_SIZE];
    char ignoring_modifiers[KEYS_TEXT_SIZE];
    uint32_t modifiers;                     /* hitkit.h's HK_MOD_ bits */
} keys_event;

/* The HID usage of a Linux evdev key code (KEY_A 30 is 4, KEY_ENTER 28 is 40 ...); 0 if none. */
uint32_t keys_hid_usage(uint32_t evdev);
/* Behaviour B5's name of a HID usage ("KeyA", "Enter", "ShiftLeft" ...), or NULL for one B5 does
 * not name (logged as its number). "KeyA", "Digit1" and "F1" are made in a static buffer that the
 * next call reuses. */
const char *keys_name(uint32_t hid);
/* The modifier flag a modifier key sets itself (A10: on its down and its up), else 0. */
uint32_t keys_own_modifier(uint32_t hid);
/* HK_MOD_NUMERIC_PAD for a key of the numeric keypad, else 0. */
uint32_t keys_keypad_modifier(uint32_t hid);

/* The text of a keysym as A10 wants it: UIKit's input name for keys that type no text
 * ("UIKeyInputUpArrow", "UIKeyInputEscape", "UIKeyInputF1" ...), "\r", "\t", " ", "\b" for
 * Return, Tab, Space, Backspace, the keysym's UTF-8 for others, "" for modifiers, Caps Lock and
 * the context-menu key. */
void keys_keysym_text(xkb_keysym_t keysym, char text[KEYS_TEXT_SIZE]);
/* For keysyms whose text depends on the modifiers (Control turns letters into control codes):
 * `utf8` is what the keyboard state typed, used when the keysym has no UIKit name. */
void keys_keysym_text_typed(xkb_keysym_t keysym, const char *utf8, char text[KEYS_TEXT_SIZE]);

/* Fills `out` for a key of an xkbcommon keyboard: `evdev` the Linux code (an xkb keycode less 8),
 * the state's modifiers and layout (update the state with wl_keyboard.modifiers first). */
void keys_translate(struct xkb_state *state, uint32_t evdev, keys_phase phase, keys_event *out);
/* The HK_MOD_ bits an xkbcommon state holds (Shift, Control, Alt, Logo as command, Caps Lock). */
uint32_t keys_state_modifiers(struct xkb_state *state);

/* HitKit's key event for `event`: a repeat is a down of a key already down (Behaviour A10), and
 * the texts point into `event`, which must outlive the frame it is sent in. */
void keys_input(const keys_event *event, hk_key_input *out);

/* `key down KeyA code 4 characters "a" ignoring "a" modifiers shift`: one line, no newline. */
void keys_describe(const keys_event *event, char *line, size_t size);

/* ---- Keys held, and repeats ---------------------------------------------------------------- */

/* The keys down (Linux codes), in the order pressed. */
typedef struct {
    uint32_t codes[KEYS_MAX_HELD];
    size_t count;
} keys_held;

/* Records a down; returns 1 when the key was already down (a repeat, A10), 0 for a new press,
 * -1 when it cannot be tracked (KEYS_MAX_HELD keys down). */
int keys_held_down(keys_held *held, uint32_t evdev);
/* Records an up; returns 0 for a key that was not down (its down came before the window had the
 * keyboard, or was cancelled): the host drops such an up, which HitKit would reject. */
int keys_held_up(keys_held *held, uint32_t evdev);

/*
 * Wayland's client-side repeat (wl_keyboard.repeat_info): the last key pressed that repeats
 * (xkb_keymap_key_repeats) repeats `delay` milliseconds after its down, then `rate` times a
 * second, until it is released, another key is pressed, or the keyboard leaves. The host sleeps
 * until keys_repeat_deadline (as it does until hk_app_next_deadline) and then takes each due
 * repeat with keys_repeat_take.
 */
typedef struct {
    int32_t rate;           /* repeats a second; 0: no repeat */
    int32_t delay;          /* milliseconds before the first */
    int active;
    uint32_t evdev;         /* the repeating key */
    double next;            /* when the next repeat is due, in the host's seconds */
} keys_repeat;

/* The protocol's default before any repeat_info: 25 a second after 600 ms (what weston sends). */
void keys_repeat_init(keys_repeat *repeat);
void keys_repeat_configure(keys_repeat *repeat, int32_t rate, int32_t delay);
/* A key went down at `time`; `repeats` is the keymap's answer for it. */
void keys_repeat_key_down(keys_repeat *repeat, uint32_t evdev, int repeats, double time);
void keys_repeat_key_up(keys_repeat *repeat, uint32_t evdev);
void keys_repeat_cancel(keys_repeat *repeat);
/* When the next repeat is due, or infinity. */
double keys_repeat_deadline(const keys_repeat *repeat);
/* If a repeat is due at `now`: 1, with its key and the time it was due; the next is scheduled
 * one period later (call again to catch up after a long sleep). */
int keys_repeat_take(keys_repeat *repeat, double now, uint32_t *evdev, double *due);

#endif

/*
 * keys.c - Linux keys as Behaviour A10's keys (keys.h).
 */
#include "keys.h"

#include <hitkit.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <xkbcommon/xkbcommon-keysyms.h>

/* Linux evdev codes (linux/input-event-codes.h) to HID usages (HID Usage Tables, page 7). */
static const struct { uint16_t evdev, hid; } usages[] = {
    { 1, 41 },    /* Esc */
    { 2, 30 }, { 3, 31 }, { 4, 32 }, { 5, 33 }, { 6, 34 }, { 7, 35 }, { 8, 36 }, { 9, 37 }, { 10, 38 }, { 11, 39 },
    { 12, 45 }, { 13, 46 }, { 14, 42 }, { 15, 43 },                           /* - = Backspace Tab */
    { 16, 20 }, { 17, 26 }, { 18, 8 }, { 19, 21 }, { 20, 23 }, { 21, 28 }, { 22, 24 }, { 23, 12 }, { 24, 18 },
    { 25, 19 },                                                                /* Q ... P */
    { 26, 47 }, { 27, 48 }, { 28, 40 }, { 29, 224 },                           /* [ ] Enter LeftCtrl */
    { 30, 4 }, { 31, 22 }, { 32, 7 }, { 33, 9 }, { 34, 10 }, { 35, 11 }, { 36, 13 }, { 37, 14 }, { 38, 15 },
    { 39, 51 }, { 40, 52 }, { 41, 53 }, { 42, 225 }, { 43, 49 },               /* ; ' ` LeftShift \ */
    { 44, 29 }, { 45, 27 }, { 46, 6 }, { 47, 25 }, { 48, 5 }, { 49, 17 }, { 50, 16 },
    { 51, 54 }, { 52, 55 }, { 53, 56 }, { 54, 229 }, { 55, 85 }, { 56, 226 }, { 57, 44 }, { 58, 57 },
    { 59, 58 }, { 60, 59 }, { 61, 60 }, { 62, 61 }, { 63, 62 }, { 64, 63 }, { 65, 64 }, { 66, 65 }, { 67, 66 },
    { 68, 67 },                                                                /* F1 ... F10 */
    { 69, 83 }, { 70, 71 },                                                    /* NumLock ScrollLock */
    { 71, 95 }, { 72, 96 }, { 73, 97 }, { 74, 86 }, { 75, 92 }, { 76, 93 }, { 77, 94 }, { 78, 87 }, { 79, 89 },
    { 80, 90 }, { 81, 91 }, { 82, 98 }, { 83, 99 },                            /* the keypad */
    { 86, 100 }, { 87, 68 }, { 88, 69 },                                       /* 102nd F11 F12 */
    { 96, 88 }, { 97, 228 }, { 98, 84 }, { 99, 70 }, { 100, 230 },             /* KPEnter RightCtrl KP/ SysRq RightAlt */
    { 102, 74 }, { 103, 82 }, { 104, 75 }, { 105, 80 }, { 106, 79 }, { 107, 77 }, { 108, 81 }, { 109, 78 },
    { 110, 73 }, { 111, 76 },                                                  /* Home Up PgUp Left Right End Down PgDn Ins Del */
    { 113, 127 }, { 114, 129 }, { 115, 128 }, { 117, 103 }, { 119, 72 },       /* Mute VolDown VolUp KP= Pause */
    { 125, 227 }, { 126, 231 }, { 127, 101 },                                  /* LeftMeta RightMeta Compose (menu) */
    { 183, 104 }, { 184, 105 }, { 185, 106 }, { 186, 107 }, { 187, 108 }, { 188, 109 }, { 189, 110 },
    { 190, 111 }, { 191, 112 }, { 192, 113 }, { 193, 114 }, { 194, 115 },      /* F13 ... F24 */
};

uint32_t keys_hid_usage(uint32_t evdev) {
    size_t i;
    for (i = 0; i < sizeof usages / sizeof usages[0]; i++)
        if (usages[i].evdev == evdev) return usages[i].hid;
    return 0;
}

/* Behaviour B5's key names, by HID usage. */
static const struct { uint16_t hid; const char *name; } names[] = {
    { 40, "Enter" }, { 41, "Escape" }, { 42, "Backspace" }, { 43, "Tab" }, { 44, "Space" }, { 45, "Minus" },
    { 46, "Equal" }, { 47, "BracketLeft" }, { 48, "BracketRight" }, { 49, "Backslash" }, { 51, "Semicolon" },
    { 52, "Quote" }, { 53, "Backquote" }, { 54, "Comma" }, { 55, "Period" }, { 56, "Slash" }, { 57, "CapsLock" },
    { 74, "Home" }, { 75, "PageUp" }, { 76, "Delete" }, { 77, "End" }, { 78, "PageDown" }, { 79, "ArrowRight" },
    { 80, "ArrowLeft" }, { 81, "ArrowDown" }, { 82, "ArrowUp" }, { 101, "ContextMenu" }, { 224, "ControlLeft" },
    { 225, "ShiftLeft" }, { 226, "AltLeft" }, { 227, "MetaLeft" }, { 228, "ControlRight" }, { 229, "ShiftRight" },
    { 230, "AltRight" }, { 231, "MetaRight" },
};

const char *keys_name(uint32_t hid) {
    static char generated[8];
    size_t i;
    /* KeyA ... KeyZ, Digit1 ... Digit0, F1 ... F12 follow their usages in order. */
    if (hid >= 4 && hid <= 29) {
        snprintf(generated, sizeof generated, "Key%c", (char)('A' + hid - 4));
        return generated;
    }
    if (hid >= 30 && hid <= 39) {
        snprintf(generated, sizeof generated, "Digit%u", (unsigned)((hid - 29) % 10));
        return generated;
    }
    if (hid >= 58 && hid <= 69) {
        snprintf(generated, sizeof generated, "F%u", (unsigned)(hid - 57));
        return generated;
    }
    for (i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].hid == hid) return names[i].name;
    return NULL;
}

uint32_t keys_own_modifier(uint32_t hid) {
    switch (hid) {
    case 224: case 228: return HK_MOD_CONTROL;
    case 225: case 229: return HK_MOD_SHIFT;
    case 226: case 230: return HK_MOD_ALTERNATE;
    case 227: case 231: return HK_MOD_COMMAND;
    case 57: return HK_MOD_ALPHA_SHIFT;
    default: return 0;
    }
}

uint32_t keys_keypad_modifier(uint32_t hid) {
    /* Keypad / through keypad . (84 ... 99), keypad = (103). */
    return (hid >= 84 && hid <= 99) || hid == 103 ? HK_MOD_NUMERIC_PAD : 0;
}

/* UIKit's input names for keysyms that type no text; the keypad's navigation keys (Num Lock
 * off) name the same as the main ones. */
static const struct { xkb_keysym_t keysym; const char *name; } input_names[] = {
    { XKB_KEY_Up, "UIKeyInputUpArrow" }, { XKB_KEY_KP_Up, "UIKeyInputUpArrow" },
    { XKB_KEY_Down, "UIKeyInputDownArrow" }, { XKB_KEY_KP_Down, "UIKeyInputDownArrow" },
    { XKB_KEY_Left, "UIKeyInputLeftArrow" }, { XKB_KEY_KP_Left, "UIKeyInputLeftArrow" },
    { XKB_KEY_Right, "UIKeyInputRightArrow" }, { XKB_KEY_KP_Right, "UIKeyInputRightArrow" },
    { XKB_KEY_Escape, "UIKeyInputEscape" },
    { XKB_KEY_Prior, "UIKeyInputPageUp" }, { XKB_KEY_KP_Prior, "UIKeyInputPageUp" },
    { XKB_KEY_Next, "UIKeyInputPageDown" }, { XKB_KEY_KP_Next, "UIKeyInputPageDown" },
    { XKB_KEY_Home, "UIKeyInputHome" }, { XKB_KEY_KP_Home, "UIKeyInputHome" },
    { XKB_KEY_End, "UIKeyInputEnd" }, { XKB_KEY_KP_End, "UIKeyInputEnd" },
    { XKB_KEY_Delete, "UIKeyInputDelete" }, { XKB_KEY_KP_Delete, "UIKeyInputDelete" },
};

static int copy_text(const char *from, char text[KEYS_TEXT_SIZE]) {
    size_t length = strlen(from);
    if (length >= KEYS_TEXT_SIZE) length = KEYS_TEXT_SIZE - 1;
    memcpy(text, from, length);
    text[length] = '\0';
    return 1;
}

/* The name or fixed text of a keysym; 0 when it is ordinary text. */
static int named_text(xkb_keysym_t keysym, char text[KEYS_TEXT_SIZE]) {
    size_t i;
    for (i = 0; i < sizeof input_names / sizeof input_names[0]; i++)
        if (input_names[i].keysym == keysym) return copy_text(input_names[i].name, text);
    if (keysym >= XKB_KEY_F1 && keysym <= XKB_KEY_F12) {
        snprintf(text, KEYS_TEXT_SIZE, "UIKeyInputF%u", (unsigned)(keysym - XKB_KEY_F1 + 1));
        return 1;
    }
    /* Shift-Tab's keysym types a tab too; Return, Tab, Backspace and Space come out of
     * xkb_keysym_to_utf8 as \r, \t, \b and a space already. */
    if (keysym == XKB_KEY_ISO_Left_Tab) return copy_text("\t", text);
    if (keysym == XKB_KEY_KP_Enter) return copy_text("\r", text);
    return 0;
}

void keys_keysym_text(xkb_keysym_t keysym, char text[KEYS_TEXT_SIZE]) {
    if (named_text(keysym, text)) return;
    /* 0 for keysyms without text: modifiers, Caps Lock, Menu, media keys. */
    if (xkb_keysym_to_utf8(keysym, text, KEYS_TEXT_SIZE) <= 0) text[0] = '\0';
}

void keys_keysym_text_typed(xkb_keysym_t keysym, const char *utf8, char text[KEYS_TEXT_SIZE]) {
    if (named_text(keysym, text)) return;
    copy_text(utf8, text);
}

uint32_t keys_state_modifiers(struct xkb_state *state) {
    static const struct { const char *name; uint32_t flag; } mods[] = {
        { XKB_MOD_NAME_SHIFT, HK_MOD_SHIFT }, { XKB_MOD_NAME_CTRL, HK_MOD_CONTROL },
        { XKB_MOD_NAME_ALT, HK_MOD_ALTERNATE }, { XKB_MOD_NAME_LOGO, HK_MOD_COMMAND },
        { XKB_MOD_NAME_CAPS, HK_MOD_ALPHA_SHIFT },
    };
    uint32_t flags = 0;
    size_t i;
    for (i = 0; i < sizeof mods / sizeof mods[0]; i++)
        if (xkb_state_mod_name_is_active(state, mods[i].name, XKB_STATE_MODS_EFFECTIVE) > 0) flags |= mods[i].flag;
    return flags;
}

void keys_translate(struct xkb_state *state, uint32_t evdev, keys_phase phase, keys_event *out) {
    struct xkb_keymap *keymap = xkb_state_get_keymap(state);
    xkb_keycode_t keycode = evdev + 8;   /* xkb's keycodes are evdev's plus 8 */
    const xkb_keysym_t *base;
    char utf8[KEYS_TEXT_SIZE];
    xkb_layout_index_t layout = xkb_state_key_get_layout(state, keycode);
    memset(out, 0, sizeof *out);
    out->phase = phase;
    out->evdev = evdev;
    out->code = keys_hid_usage(evdev);
    /* The text typed with the modifiers held: the state's (Shift, Caps Lock, Control). */
    if (xkb_state_key_get_utf8(state, keycode, utf8, sizeof utf8) <= 0) utf8[0] = '\0';
    keys_keysym_text_typed(xkb_state_key_get_one_sym(state, keycode), utf8, out->characters);
    /* Ignoring the modifiers: the key's first level in its layout (lowercase for letters). */
    if (layout != XKB_LAYOUT_INVALID && xkb_keymap_key_get_syms_by_level(keymap, keycode, layout, 0, &base) >= 1)
        keys_keysym_text(base[0], out->ignoring_modifiers);
    out->modifiers = keys_state_modifiers(state) | keys_own_modifier(out->code) | keys_keypad_modifier(out->code);
}

/* Appends `text` quoted, with \r \t \b " \\ and other control characters escaped. */
static void append_quoted(char *line, size_t size, const char *text) {
    size_t used = strlen(line);
    const unsigned char *c;
    if (used + 1 < size) line[used++] = '"';
    for (c = (const unsigned char *)text; *c && used + 8 < size; c++) {
        if (*c == '\r') used += (size_t)snprintf(line + used, size - used, "\\r");
        else if (*c == '\t') used += (size_t)snprintf(line + used, size - used, "\\t");
        else if (*c == '\b') used += (size_t)snprintf(line + used, size - used, "\\b");
        else if (*c == '"' || *c == '\\') used += (size_t)snprintf(line + used, size - used, "\\%c", *c);
        else if (*c < 0x20 || *c == 0x7f) used += (size_t)snprintf(line + used, size - used, "\\u%04x", *c);
        else line[used++] = (char)*c;
    }
    if (used + 1 < size) line[used++] = '"';
    line[used < size ? used : size - 1] = '\0';
}

void keys_input(const keys_event *event, hk_key_input *out) {
    memset(out, 0, sizeof *out);
    out->code = (int32_t)event->code;
    out->phase = event->phase == KEYS_UP ? HK_KEY_UP : event->phase == KEYS_CANCELLED ? HK_KEY_CANCELLED : HK_KEY_DOWN;
    out->characters = event->characters;
    out->characters_ignoring_modifiers = event->ignoring_modifiers;
    out->modifier_flags = event->modifiers;
}

void keys_describe(const keys_event *event, char *line, size_t size) {
    static const char *const phases[] = { "down", "repeat", "up", "cancelled" };
    static const struct { uint32_t flag; const char *name; } flags[] = {
        { HK_MOD_ALPHA_SHIFT, "alphaShift" }, { HK_MOD_SHIFT, "shift" }, { HK_MOD_CONTROL, "control" },
        { HK_MOD_ALTERNATE, "alternate" }, { HK_MOD_COMMAND, "command" }, { HK_MOD_NUMERIC_PAD, "numericPad" },
    };
    const char *name = keys_name(event->code);
    size_t used, i;
    int first = 1;
    if (name) snprintf(line, size, "key %s %s code %u characters ", phases[event->phase], name, (unsigned)event->code);
    else snprintf(line, size, "key %s %u code %u characters ", phases[event->phase], (unsigned)event->code, (unsigned)event->code);
    append_quoted(line, size, event->characters);
    used = strlen(line);
    snprintf(line + used, size - used, " ignoring ");
    append_quoted(line, size, event->ignoring_modifiers);
    used = strlen(line);
    snprintf(line + used, size - used, " modifiers ");
    for (i = 0; i < sizeof flags / sizeof flags[0]; i++) {
        if (!(event->modifiers & flags[i].flag)) continue;
        used = strlen(line);
        snprintf(line + used, size - used, "%s%s", first ? "" : ",", flags[i].name);
        first = 0;
    }
    if (first) {
        used = strlen(line);
        snprintf(line + used, size - used, "-");
    }
}

/* ---- Keys held, and repeats ---------------------------------------------------------------- */

int keys_held_down(keys_held *held, uint32_t evdev) {
    size_t i;
    for (i = 0; i < held->count; i++)
        if (held->codes[i] == evdev) return 1;
    if (held->count == KEYS_MAX_HELD) return -1;
    held->codes[held->count++] = evdev;
    return 0;
}

int keys_held_up(keys_held *held, uint32_t evdev) {
    size_t i;
    for (i = 0; i < held->count; i++) {
        if (held->codes[i] != evdev) continue;
        memmove(&held->codes[i], &held->codes[i + 1], (held->count - i - 1) * sizeof held->codes[0]);
        held->count--;
        return 1;
    }
    return 0;
}

void keys_repeat_init(keys_repeat *repeat) {
    memset(repeat, 0, sizeof *repeat);
    repeat->rate = 25;
    repeat->delay = 600;
}

void keys_repeat_configure(keys_repeat *repeat, int32_t rate, int32_t delay) {
    repeat->rate = rate > 0 ? rate : 0;
    repeat->delay = delay > 0 ? delay : 0;
    if (repeat->rate == 0) repeat->active = 0;
}

void keys_repeat_key_down(keys_repeat *repeat, uint32_t evdev, int repeats, double time) {
    /* The newest key takes over the repeat; one that does not repeat (a modifier) stops it. */
    repeat->active = repeats && repeat->rate > 0;
    repeat->evdev = evdev;
    repeat->next = time + repeat->delay / 1000.0;
}

void keys_repeat_key_up(keys_repeat *repeat, uint32_t evdev) {
    if (repeat->active && repeat->evdev == evdev) repeat->active = 0;
}

void keys_repeat_cancel(keys_repeat *repeat) { repeat->active = 0; }

double keys_repeat_deadline(const keys_repeat *repeat) { return repeat->active ? repeat->next : INFINITY; }

int keys_repeat_take(keys_repeat *repeat, double now, uint32_t *evdev, double *due) {
    if (!repeat->active || now < repeat->next) return 0;
    *evdev = repeat->evdev;
    *due = repeat->next;
    repeat->next += 1.0 / repeat->rate;
    return 1;
}

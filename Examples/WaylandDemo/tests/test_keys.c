/*
 * test_keys.c - Linux keys as Behaviour A10's keys (host/keys.h): evdev codes to HID usages and
 * B5's names, keysyms to text and UIKit's input names, an xkbcommon US keyboard's characters,
 * characters ignoring modifiers and modifier flags, repeats of held keys, and Wayland's
 * client-side repeat schedule. The US keymap comes from xkeyboard-config's files (xkb-data).
 */
#include "check.h"
#include "host/keys.h"

#include <hitkit.h>
#include <xkbcommon/xkbcommon-keysyms.h>

/* Linux codes used below (linux/input-event-codes.h). */
enum { KEY_ESC = 1, KEY_1 = 2, KEY_0 = 11, KEY_BACKSPACE = 14, KEY_TAB = 15, KEY_ENTER = 28, KEY_LEFTCTRL = 29,
       KEY_A = 30, KEY_LEFTSHIFT = 42, KEY_Z = 44, KEY_LEFTALT = 56, KEY_SPACE = 57, KEY_CAPSLOCK = 58, KEY_F1 = 59,
       KEY_KP8 = 72, KEY_F12 = 88, KEY_UP = 103, KEY_LEFT = 105, KEY_RIGHT = 106, KEY_DOWN = 108, KEY_DELETE = 111,
       KEY_LEFTMETA = 125, KEY_RIGHTMETA = 126 };

static void usages(void) {
    CHECK(keys_hid_usage(KEY_A) == 4);
    CHECK(keys_hid_usage(KEY_Z) == 29);
    CHECK(keys_hid_usage(KEY_1) == 30);
    CHECK(keys_hid_usage(KEY_0) == 39);
    CHECK(keys_hid_usage(KEY_ENTER) == 40);
    CHECK(keys_hid_usage(KEY_ESC) == 41);
    CHECK(keys_hid_usage(KEY_BACKSPACE) == 42);
    CHECK(keys_hid_usage(KEY_TAB) == 43);
    CHECK(keys_hid_usage(KEY_SPACE) == 44);
    CHECK(keys_hid_usage(KEY_F1) == 58);
    CHECK(keys_hid_usage(KEY_F12) == 69);
    CHECK(keys_hid_usage(KEY_RIGHT) == 79);
    CHECK(keys_hid_usage(KEY_LEFT) == 80);
    CHECK(keys_hid_usage(KEY_DOWN) == 81);
    CHECK(keys_hid_usage(KEY_UP) == 82);
    CHECK(keys_hid_usage(KEY_DELETE) == 76);
    CHECK(keys_hid_usage(KEY_LEFTCTRL) == 224);
    CHECK(keys_hid_usage(KEY_LEFTSHIFT) == 225);
    CHECK(keys_hid_usage(KEY_LEFTALT) == 226);
    CHECK(keys_hid_usage(KEY_LEFTMETA) == 227);
    CHECK(keys_hid_usage(KEY_RIGHTMETA) == 231);
    CHECK(keys_hid_usage(0) == 0);
    CHECK(keys_hid_usage(240) == 0);

    CHECK_STR(keys_name(4), "KeyA");
    CHECK_STR(keys_name(29), "KeyZ");
    CHECK_STR(keys_name(30), "Digit1");
    CHECK_STR(keys_name(39), "Digit0");
    CHECK_STR(keys_name(58), "F1");
    CHECK_STR(keys_name(69), "F12");
    CHECK_STR(keys_name(40), "Enter");
    CHECK_STR(keys_name(43), "Tab");
    CHECK_STR(keys_name(79), "ArrowRight");
    CHECK_STR(keys_name(101), "ContextMenu");
    CHECK_STR(keys_name(224), "ControlLeft");
    CHECK_STR(keys_name(231), "MetaRight");
    CHECK(keys_name(100) == NULL);
    CHECK(keys_name(0) == NULL);

    CHECK(keys_own_modifier(225) == HK_MOD_SHIFT && keys_own_modifier(229) == HK_MOD_SHIFT);
    CHECK(keys_own_modifier(224) == HK_MOD_CONTROL && keys_own_modifier(230) == HK_MOD_ALTERNATE);
    CHECK(keys_own_modifier(227) == HK_MOD_COMMAND && keys_own_modifier(57) == HK_MOD_ALPHA_SHIFT);
    CHECK(keys_own_modifier(4) == 0);
    CHECK(keys_keypad_modifier(96) == HK_MOD_NUMERIC_PAD && keys_keypad_modifier(84) == HK_MOD_NUMERIC_PAD);
    CHECK(keys_keypad_modifier(82) == 0);
}

static const char *text_of(xkb_keysym_t keysym) {
    static char text[KEYS_TEXT_SIZE];
    keys_keysym_text(keysym, text);
    return text;
}

static void keysym_texts(void) {
    CHECK_STR(text_of(XKB_KEY_Up), "UIKeyInputUpArrow");
    CHECK_STR(text_of(XKB_KEY_Down), "UIKeyInputDownArrow");
    CHECK_STR(text_of(XKB_KEY_Left), "UIKeyInputLeftArrow");
    CHECK_STR(text_of(XKB_KEY_Right), "UIKeyInputRightArrow");
    CHECK_STR(text_of(XKB_KEY_KP_Up), "UIKeyInputUpArrow");
    CHECK_STR(text_of(XKB_KEY_Escape), "UIKeyInputEscape");
    CHECK_STR(text_of(XKB_KEY_Prior), "UIKeyInputPageUp");
    CHECK_STR(text_of(XKB_KEY_Next), "UIKeyInputPageDown");
    CHECK_STR(text_of(XKB_KEY_Home), "UIKeyInputHome");
    CHECK_STR(text_of(XKB_KEY_End), "UIKeyInputEnd");
    CHECK_STR(text_of(XKB_KEY_Delete), "UIKeyInputDelete");
    CHECK_STR(text_of(XKB_KEY_F1), "UIKeyInputF1");
    CHECK_STR(text_of(XKB_KEY_F12), "UIKeyInputF12");
    CHECK_STR(text_of(XKB_KEY_Return), "\r");
    CHECK_STR(text_of(XKB_KEY_KP_Enter), "\r");
    CHECK_STR(text_of(XKB_KEY_Tab), "\t");
    CHECK_STR(text_of(XKB_KEY_ISO_Left_Tab), "\t");
    CHECK_STR(text_of(XKB_KEY_BackSpace), "\b");
    CHECK_STR(text_of(XKB_KEY_space), " ");
    CHECK_STR(text_of(XKB_KEY_a), "a");
    CHECK_STR(text_of(XKB_KEY_A), "A");
    CHECK_STR(text_of(XKB_KEY_eacute), "\xc3\xa9");
    CHECK_STR(text_of(XKB_KEY_Shift_L), "");
    CHECK_STR(text_of(XKB_KEY_Control_R), "");
    CHECK_STR(text_of(XKB_KEY_Caps_Lock), "");
    CHECK_STR(text_of(XKB_KEY_Menu), "");
}

static void press(struct xkb_state *state, uint32_t evdev, enum xkb_key_direction direction) {
    xkb_state_update_key(state, evdev + 8, direction);
}

static void us_keyboard(void) {
    struct xkb_context *context = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
    struct xkb_rule_names names = { "evdev", "pc105", "us", "", "" };
    struct xkb_keymap *keymap = context ? xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS) : NULL;
    struct xkb_state *state;
    keys_event e;
    char line[256];
    if (!CHECK(keymap != NULL)) {
        printf("     no US keymap: is xkb-data installed?\n");
        return;
    }
    state = xkb_state_new(keymap);

    keys_translate(state, KEY_A, KEYS_DOWN, &e);
    CHECK(e.code == 4 && e.evdev == KEY_A && e.phase == KEYS_DOWN && e.modifiers == 0);
    CHECK_STR(e.characters, "a");
    CHECK_STR(e.ignoring_modifiers, "a");
    keys_describe(&e, line, sizeof line);
    CHECK_STR(line, "key down KeyA code 4 characters \"a\" ignoring \"a\" modifiers -");

    /* A modifier key's own flag is set on its down, before the state has it (A10). */
    keys_translate(state, KEY_LEFTSHIFT, KEYS_DOWN, &e);
    CHECK(e.code == 225 && e.modifiers == HK_MOD_SHIFT);
    CHECK_STR(e.characters, "");
    CHECK_STR(e.ignoring_modifiers, "");
    press(state, KEY_LEFTSHIFT, XKB_KEY_DOWN);
    keys_translate(state, KEY_A, KEYS_DOWN, &e);
    CHECK_STR(e.characters, "A");
    CHECK_STR(e.ignoring_modifiers, "a");
    CHECK(e.modifiers == HK_MOD_SHIFT);
    keys_translate(state, KEY_1, KEYS_DOWN, &e);
    CHECK_STR(e.characters, "!");
    CHECK_STR(e.ignoring_modifiers, "1");
    keys_translate(state, KEY_TAB, KEYS_DOWN, &e);
    CHECK_STR(e.characters, "\t");
    CHECK_STR(e.ignoring_modifiers, "\t");
    keys_describe(&e, line, sizeof line);
    CHECK_STR(line, "key down Tab code 43 characters \"\\t\" ignoring \"\\t\" modifiers shift");
    /* And on its up, while the state still has it. */
    keys_translate(state, KEY_LEFTSHIFT, KEYS_UP, &e);
    CHECK(e.modifiers == HK_MOD_SHIFT);
    press(state, KEY_LEFTSHIFT, XKB_KEY_UP);

    /* Caps Lock: letters type uppercase, ignoring modifiers stays lowercase, alphaShift is held. */
    press(state, KEY_CAPSLOCK, XKB_KEY_DOWN);
    press(state, KEY_CAPSLOCK, XKB_KEY_UP);
    keys_translate(state, KEY_A, KEYS_DOWN, &e);
    CHECK_STR(e.characters, "A");
    CHECK_STR(e.ignoring_modifiers, "a");
    CHECK(e.modifiers == HK_MOD_ALPHA_SHIFT);
    press(state, KEY_CAPSLOCK, XKB_KEY_DOWN);
    press(state, KEY_CAPSLOCK, XKB_KEY_UP);

    /* Control, Alt and the logo key: control, alternate and command. */
    press(state, KEY_LEFTCTRL, XKB_KEY_DOWN);
    keys_translate(state, KEY_A, KEYS_DOWN, &e);
    CHECK(e.modifiers == HK_MOD_CONTROL);
    CHECK_STR(e.ignoring_modifiers, "a");
    press(state, KEY_LEFTCTRL, XKB_KEY_UP);
    press(state, KEY_LEFTALT, XKB_KEY_DOWN);
    press(state, KEY_LEFTMETA, XKB_KEY_DOWN);
    keys_translate(state, KEY_Z, KEYS_DOWN, &e);
    CHECK(e.modifiers == (HK_MOD_ALTERNATE | HK_MOD_COMMAND));
    press(state, KEY_LEFTMETA, XKB_KEY_UP);
    press(state, KEY_LEFTALT, XKB_KEY_UP);

    /* Keys that type no text: UIKit's names, both ways. */
    keys_translate(state, KEY_UP, KEYS_DOWN, &e);
    CHECK(e.code == 82);
    CHECK_STR(e.characters, "UIKeyInputUpArrow");
    CHECK_STR(e.ignoring_modifiers, "UIKeyInputUpArrow");
    keys_translate(state, KEY_ESC, KEYS_DOWN, &e);
    CHECK_STR(e.characters, "UIKeyInputEscape");
    keys_translate(state, KEY_ENTER, KEYS_UP, &e);
    CHECK(e.code == 40 && e.phase == KEYS_UP);
    CHECK_STR(e.characters, "\r");
    keys_describe(&e, line, sizeof line);
    CHECK_STR(line, "key up Enter code 40 characters \"\\r\" ignoring \"\\r\" modifiers -");
    keys_translate(state, KEY_BACKSPACE, KEYS_DOWN, &e);
    CHECK_STR(e.characters, "\b");
    keys_translate(state, KEY_SPACE, KEYS_DOWN, &e);
    CHECK_STR(e.ignoring_modifiers, " ");
    /* The keypad's 8 without Num Lock is its up arrow, on the numeric pad. */
    keys_translate(state, KEY_KP8, KEYS_DOWN, &e);
    CHECK(e.code == 96 && (e.modifiers & HK_MOD_NUMERIC_PAD));
    CHECK_STR(e.characters, "UIKeyInputUpArrow");

    xkb_state_unref(state);
    xkb_keymap_unref(keymap);
    xkb_context_unref(context);
}

static void held_keys(void) {
    keys_held held;
    uint32_t code;
    memset(&held, 0, sizeof held);
    CHECK(keys_held_down(&held, KEY_A) == 0);
    CHECK(keys_held_down(&held, KEY_A) == 1);    /* a down for a key down: a repeat */
    CHECK(keys_held_down(&held, KEY_Z) == 0);
    CHECK(held.count == 2 && held.codes[0] == KEY_A && held.codes[1] == KEY_Z);
    CHECK(keys_held_up(&held, KEY_A) == 1);
    CHECK(keys_held_up(&held, KEY_A) == 0);      /* an up for a key not down is dropped */
    CHECK(held.count == 1 && held.codes[0] == KEY_Z);
    CHECK(keys_held_up(&held, KEY_Z) == 1 && held.count == 0);
    for (code = 1; code <= KEYS_MAX_HELD; code++) keys_held_down(&held, code);
    CHECK(keys_held_down(&held, 200) == -1);
}

static void repeats(void) {
    keys_repeat r;
    uint32_t code;
    double due;
    int taken;
    keys_repeat_init(&r);
    CHECK(r.rate == 25 && r.delay == 600);
    CHECK(keys_repeat_deadline(&r) == INFINITY);

    /* 30 a second after 500 ms: the first at 10.5, then every 1/30 s. */
    keys_repeat_configure(&r, 30, 500);
    keys_repeat_key_down(&r, KEY_A, 1, 10.0);
    CHECK_NEAR(keys_repeat_deadline(&r), 10.5);
    CHECK(!keys_repeat_take(&r, 10.49, &code, &due));
    CHECK(keys_repeat_take(&r, 10.5, &code, &due) && code == KEY_A);
    CHECK_NEAR(due, 10.5);
    CHECK_NEAR(keys_repeat_deadline(&r), 10.5 + 1.0 / 30);
    /* After a long sleep each missed repeat is taken, at its own time. */
    for (taken = 0; keys_repeat_take(&r, 10.61, &code, &due); taken++) {}
    CHECK(taken == 3);
    CHECK_NEAR(due, 10.5 + 3.0 / 30);
    /* Its release stops it; a release of another key does not. */
    keys_repeat_key_up(&r, KEY_Z);
    CHECK(keys_repeat_deadline(&r) < INFINITY);
    keys_repeat_key_up(&r, KEY_A);
    CHECK(keys_repeat_deadline(&r) == INFINITY);

    /* The newest key takes the repeat over, with a new delay. */
    keys_repeat_key_down(&r, KEY_A, 1, 20.0);
    keys_repeat_key_down(&r, KEY_Z, 1, 20.2);
    CHECK_NEAR(keys_repeat_deadline(&r), 20.7);
    keys_repeat_key_up(&r, KEY_A);
    CHECK(keys_repeat_take(&r, 20.7, &code, &due) && code == KEY_Z);
    /* A key that does not repeat (a modifier) stops the repeat. */
    keys_repeat_key_down(&r, KEY_LEFTSHIFT, 0, 21.0);
    CHECK(keys_repeat_deadline(&r) == INFINITY);
    /* The keyboard leaving stops it. */
    keys_repeat_key_down(&r, KEY_A, 1, 22.0);
    keys_repeat_cancel(&r);
    CHECK(keys_repeat_deadline(&r) == INFINITY && !keys_repeat_take(&r, 100, &code, &due));
    /* A rate of 0 turns repeat off. */
    keys_repeat_configure(&r, 0, 500);
    keys_repeat_key_down(&r, KEY_A, 1, 30.0);
    CHECK(keys_repeat_deadline(&r) == INFINITY);
}

/* HitKit's key events: a repeat is another down (A10), a cancellation its own phase, and the
 * texts and flags are the mapped key's. */
static void key_inputs(void) {
    keys_event e;
    hk_key_input input;
    memset(&e, 0, sizeof e);
    e.code = 21;
    e.evdev = 19;
    snprintf(e.characters, sizeof e.characters, "\x12");
    snprintf(e.ignoring_modifiers, sizeof e.ignoring_modifiers, "r");
    e.modifiers = HK_MOD_CONTROL;
    e.phase = KEYS_DOWN;
    keys_input(&e, &input);
    CHECK(input.code == 21 && input.phase == HK_KEY_DOWN && input.modifier_flags == HK_MOD_CONTROL && input.reserved == 0);
    CHECK_STR(input.characters, "\x12");
    CHECK_STR(input.characters_ignoring_modifiers, "r");
    e.phase = KEYS_REPEAT;
    keys_input(&e, &input);
    CHECK(input.phase == HK_KEY_DOWN);
    e.phase = KEYS_UP;
    keys_input(&e, &input);
    CHECK(input.phase == HK_KEY_UP);
    e.phase = KEYS_CANCELLED;
    keys_input(&e, &input);
    CHECK(input.phase == HK_KEY_CANCELLED);
}

int main(void) {
    usages();
    key_inputs();
    keysym_texts();
    us_keyboard();
    held_keys();
    repeats();
    return check_summary("keys");
}

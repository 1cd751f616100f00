/*
 * sdl_demo.c - a C toolkit over SDL2 whose widgets are HitKit views, through the installed
 * libhitkit and pkg-config (see Docs/CAPI.md, "The main loop").
 *
 * The toolkit keeps five widgets, each a HitKit object: a button (a HitKit control), a slider
 * (a control), a draggable view (a plain view with a touch callback and a pan recognizer), a
 * double-tap target (a view with a two-tap recognizer) and a list (a scroll view whose rows the
 * toolkit draws at its content offset; a flick decelerates and bounces, Behaviour A6.1). SDL's mouse and finger events become
 * HitKit input frames; the loop sleeps in SDL_WaitEventTimeout until the next SDL event or
 * hk_app_next_deadline (the next HitKit timer, such as the double tap's interval, or the next
 * animation tick while the list moves), and never wakes otherwise. Drawing is SDL's renderer filling rectangles from the views' frames.
 *
 * Everything HitKit delivers is printed, one line each, for Examples/SDLDemo/run-under-xvfb.sh:
 *   layout NAME X Y W H     the widgets' frames, before "ready"
 *   button touchDown ...    control events; "slider valueChanged 0.70"
 *   pan began|changed|ended, draggable touchesBegan|..., draggable at X,Y
 *   doubleTap recognized|failed
 *   list decelerating       the list goes on moving after a flick
 *   list past its end       its motion went past the last row (it springs back)
 *   list at rest X,Y        its motion ended by itself, at that content offset
 *   wake deadline T         the loop woke with no event because a HitKit timer was due at T
 *   finger ...              finger events: a touch screen's, or synthetic ones (the f key) pushed into SDL's queue
 *   multigesture ...        SDL's reading of two or more fingers moving (logged only, see handle())
 *   focus button|slider|none  the window's focused view changed (Tab, Shift-Tab, the arrows)
 *   button primaryActionTriggered  Return or Space pressed the focused button (after touchUpInside)
 *   keyCommand reset ...    Control-R, a key command of the application; "draggable reset" follows
 *   press cancelled CODE    HitKit cancelled a press (the window lost the keyboard while it was held)
 *   key unhandled NAME      a key down no responder, key command or focus movement took (q, Escape
 *                           and f act only then)
 *
 * The keyboard (Behaviour A10): SDL's scancode is the key's USB HID usage, which is what HitKit
 * takes; the text comes from SDL's keycode (the layout's unshifted character) with shift and Caps
 * Lock applied for a US layout; a held key's auto-repeat (event.key.repeat) is another down. The
 * window's focus system is on: Tab and Shift-Tab move a ring between the button and the slider.
 *
 * usage: sdl_demo [--exit-after SECONDS]
 */
#include <hitkit.h>
#include <SDL.h>
#include <SDL_syswm.h>
#include <X11/Xproto.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { WINDOW_WIDTH = 480, WINDOW_HEIGHT = 320 };
/* The input id of the mouse; fingers use 1 + SDL's finger id. */
enum { MOUSE_TOUCH_ID = 0 };
/* Half the width of HitKit's slider thumb: the value runs between the thumb's centre positions. */
#define SLIDER_HALF_THUMB 14.0

typedef struct { Uint8 r, g, b; } colour;
/* The X11 demo's palette, so both demos can be checked alike. */
static const colour background = { 0x20, 0x28, 0x30 }, button_normal = { 0x20, 0x60, 0xC0 },
    button_highlighted = { 0xF0, 0xC0, 0x20 }, track = { 0x50, 0x5A, 0x64 }, thumb = { 0xF0, 0x80, 0x20 },
    draggable_fill = { 0x30, 0xA0, 0x50 }, target_idle = { 0x80, 0x40, 0xA0 }, target_toggled = { 0xD0, 0x30, 0x40 },
    row_even = { 0x3C, 0x46, 0x50 }, row_odd = { 0x88, 0x90, 0xA0 }, focus_ring = { 0x00, 0xE0, 0xA0 };
/* The focus ring: this many pixels around the focused view's frame. */
enum { FOCUS_RING_WIDTH = 3 };
/* The most keys the demo tracks as held at once (a keyboard's rollover is less). */
enum { MAX_HELD_KEYS = 32 };
/* The list: ten rows of 40 points in a 120 x 140 scroll view, so it scrolls by 260 points. */
enum { LIST_ROWS = 10, LIST_ROW_HEIGHT = 40, LIST_HEIGHT = 140, LIST_SCROLL_RANGE = LIST_ROWS * LIST_ROW_HEIGHT - LIST_HEIGHT };

/* The toolkit's state: HitKit holds the views; the toolkit keeps what it draws with. */
typedef struct {
    hk_app *app;
    hk_store *store;
    hk_view window, button, slider, draggable, target, list;
    hk_gesture pan, double_tap;
    int button_highlighted;
    int target_toggled;
    int list_past_end;          /* the list's motion has gone past its last row (reset per motion) */
    hk_rect drag_start_frame;   /* the draggable view's frame when the pan began */
    hk_rect draggable_home;     /* its frame at the start: where Control-R puts it back */
    hk_key_command reset_command;
    SDL_Scancode held[MAX_HELD_KEYS]; /* the keys down in this window: what losing the keyboard cancels */
    int held_count;
    int needs_redraw;
    int running;
    Uint64 clock_start;
} demo;

static double now_seconds(const demo *d) {
    return (double)(SDL_GetPerformanceCounter() - d->clock_start) / (double)SDL_GetPerformanceFrequency();
}

/* Stops the program on a HitKit call that fails: the demo has no error it expects. */
static void check(hk_status status, const char *what) {
    if (status != HK_OK) {
        fprintf(stderr, "%s: %s (%s)\n", what, hk_status_name(status), hk_last_error_message());
        exit(1);
    }
}

/* ---- HitKit callbacks ------------------------------------------------------------------- */

static void on_button(const hk_action_event *event, void *user_data) {
    demo *d = user_data;
    printf("button %s\n", event->event_name);
    if (event->event == HK_EVENT_TOUCH_DOWN || event->event == HK_EVENT_TOUCH_DRAG_ENTER) d->button_highlighted = 1;
    if (event->event == HK_EVENT_TOUCH_DRAG_EXIT || event->event == HK_EVENT_TOUCH_UP_INSIDE
        || event->event == HK_EVENT_TOUCH_UP_OUTSIDE || event->event == HK_EVENT_TOUCH_CANCEL) d->button_highlighted = 0;
    d->needs_redraw = 1;
}

static void on_slider(const hk_action_event *event, void *user_data) {
    demo *d = user_data;
    printf("slider valueChanged %.2f\n", event->value);
    d->needs_redraw = 1;
}

static const char *phase_name(hk_phase phase) {
    switch (phase) {
    case HK_PHASE_BEGAN: return "touchesBegan";
    case HK_PHASE_MOVED: return "touchesMoved";
    case HK_PHASE_ENDED: return "touchesEnded";
    case HK_PHASE_CANCELLED: return "touchesCancelled";
    default: return "touchesStationary";
    }
}

static void on_draggable_touch(const hk_touch_event *event, void *user_data) {
    (void)user_data;
    /* Moves are many; the log keeps the phases that tell the story. */
    if (event->phase != HK_PHASE_MOVED) printf("draggable %s\n", phase_name(event->phase));
}

static const char *state_name(hk_gesture_state state) {
    switch (state) {
    case HK_STATE_BEGAN: return "began";
    case HK_STATE_CHANGED: return "changed";
    case HK_STATE_ENDED: return "ended";
    case HK_STATE_CANCELLED: return "cancelled";
    case HK_STATE_FAILED: return "failed";
    default: return "possible";
    }
}

static void on_pan(const hk_gesture_event *event, void *user_data) {
    demo *d = user_data;
    hk_rect frame;
    /* Log each state once per run of changes, as the X11 demo does. */
    static hk_gesture_state last = HK_STATE_POSSIBLE;
    if (event->state != last) printf("pan %s\n", state_name(event->state));
    last = event->state;
    if (event->state == HK_STATE_BEGAN) check(hk_view_frame(d->store, d->draggable, &d->drag_start_frame), "frame");
    if (event->state != HK_STATE_BEGAN && event->state != HK_STATE_CHANGED && event->state != HK_STATE_ENDED) return;
    /* The translation is the travel since the pan began, in the window (the view's superview). */
    frame = d->drag_start_frame;
    frame.x += event->translation.x;
    frame.y += event->translation.y;
    check(hk_view_set_frame(d->store, d->draggable, frame), "set frame");
    if (event->state == HK_STATE_ENDED) printf("draggable at %d,%d\n", (int)lround(frame.x), (int)lround(frame.y));
    d->needs_redraw = 1;
}

static void on_double_tap(const hk_gesture_event *event, void *user_data) {
    demo *d = user_data;
    printf("doubleTap %s\n", event->state == HK_STATE_RECOGNIZED ? "recognized" : state_name(event->state));
    if (event->state == HK_STATE_RECOGNIZED) {
        d->target_toggled = !d->target_toggled;
        d->needs_redraw = 1;
    }
}

/* ---- The keyboard's callbacks ------------------------------------------------------------ */

static const char *widget_name(const demo *d, hk_view view) {
    if (hk_view_is_none(view)) return "none";
    if (hk_view_equal(view, d->button)) return "button";
    if (hk_view_equal(view, d->slider)) return "slider";
    return "other";
}

static void on_focus(const hk_focus_event *event, void *user_data) {
    demo *d = user_data;
    printf("focus %s\n", widget_name(d, event->next));
    d->needs_redraw = 1;
}

/* Control-R: a key command of the application, so it acts whatever has focus. */
static void on_reset(const hk_key_command_event *event, void *user_data) {
    demo *d = user_data;
    printf("keyCommand reset%s\n", event->is_repeat ? " repeat" : "");
    check(hk_view_set_frame(d->store, d->draggable, d->draggable_home), "set frame");
    printf("draggable reset\n");
    d->needs_redraw = 1;
}

/* The application's press handler, the end of every press's route: it passes every press on and
 * logs the cancelled ones. */
static int on_app_press(const hk_press_event *event, void *user_data) {
    (void)user_data;
    if (event->phase == HK_PRESS_CANCELLED) printf("press cancelled %d\n", (int)event->code);
    return HK_PRESS_PASS_ON;
}

/* The list's offset moved (its pan, or its motion at an animation tick): draw it again, and say
 * once per motion when it goes past the last row (a bounce: it springs back by itself). */
static void on_list_scrolled(hk_app *app, const hk_view *list, const hk_point *offset, void *user_data) {
    demo *d = user_data;
    int32_t state;
    check(hk_scroll_view_state(app, *list, &state), "state");
    if ((state & HK_SCROLL_VIEW_DECELERATING) && offset->y > LIST_SCROLL_RANGE && !d->list_past_end) {
        d->list_past_end = 1;
        printf("list past its end\n");
    }
    d->needs_redraw = 1;
}

static void on_list_decelerating(hk_app *app, const hk_view *list, void *user_data) {
    demo *d = user_data;
    (void)app; (void)list;
    d->list_past_end = 0;
    printf("list decelerating\n");
}

static void on_list_at_rest(hk_app *app, const hk_view *list, void *user_data) {
    hk_point offset;
    check(hk_scroll_view_content_offset(app, *list, &offset), "offset");
    (void)user_data;
    printf("list at rest %d,%d\n", (int)lround(offset.x), (int)lround(offset.y));
}

/* ---- Building the widgets --------------------------------------------------------------- */

static void build(demo *d) {
    hk_view *widgets[5];
    const char *names[5] = { "button", "slider", "draggable", "doubleTap", "list" };
    hk_scroll_view_delegate list_delegate;
    hk_size list_content;
    int i;
    d->app = hk_app_create();
    d->store = hk_app_store(d->app);
    /* The HitKit window sits at the screen origin, so SDL window coordinates are HitKit's screen. */
    check(hk_app_window_create(d->app, hk_make_rect(0, 0, WINDOW_WIDTH, WINDOW_HEIGHT), 0, &d->window), "window");
    check(hk_button_create(d->app, hk_make_rect(20, 20, 140, 60), &d->button), "button");
    check(hk_slider_create(d->app, hk_make_rect(20, 110, 300, 40), 0, 1, 0, &d->slider), "slider");
    check(hk_app_view_create(d->app, hk_make_rect(20, 190, 100, 80), &d->draggable), "draggable");
    check(hk_app_view_create(d->app, hk_make_rect(340, 20, 120, 120), &d->target), "target");
    check(hk_scroll_view_create(d->app, hk_make_rect(340, 160, 120, LIST_HEIGHT), &d->list), "list");
    widgets[0] = &d->button; widgets[1] = &d->slider; widgets[2] = &d->draggable; widgets[3] = &d->target;
    widgets[4] = &d->list;
    for (i = 0; i < 5; i++) check(hk_app_view_add_subview(d->app, *widgets[i], d->window), "add");

    check(hk_control_set_action_callback(d->app, d->button, HK_EVENT_TOUCH_DOWN | HK_EVENT_TOUCH_DRAG_EXIT
        | HK_EVENT_TOUCH_DRAG_ENTER | HK_EVENT_TOUCH_UP_INSIDE | HK_EVENT_TOUCH_UP_OUTSIDE | HK_EVENT_TOUCH_CANCEL
        | HK_EVENT_PRIMARY_ACTION_TRIGGERED, on_button, d, NULL), "button actions");
    check(hk_control_set_action_callback(d->app, d->slider, HK_EVENT_VALUE_CHANGED, on_slider, d, NULL), "slider actions");
    check(hk_app_view_set_touch_callback(d->app, d->draggable, on_draggable_touch, d, NULL), "draggable touches");
    check(hk_pan_create(d->app, d->draggable, 1, 0, &d->pan), "pan");
    check(hk_gesture_set_callback(d->app, d->pan, on_pan, d, NULL), "pan callback");
    check(hk_tap_create(d->app, d->target, 2, 1, &d->double_tap), "double tap");
    check(hk_gesture_set_callback(d->app, d->double_tap, on_double_tap, d, NULL), "double tap callback");
    /* The list bounces by default (HK_SCROLL_VIEW_BOUNCES) and decelerates at UIKit's normal rate. */
    list_content.width = 120;
    list_content.height = LIST_ROWS * LIST_ROW_HEIGHT;
    check(hk_scroll_view_set_content_size(d->app, d->list, list_content), "list size");
    check(hk_scroll_view_set_offset_callback(d->app, d->list, on_list_scrolled, d, NULL), "list offset callback");
    memset(&list_delegate, 0, sizeof list_delegate);
    list_delegate.will_begin_decelerating = on_list_decelerating;
    list_delegate.did_end_decelerating = on_list_at_rest;
    check(hk_scroll_view_set_delegate(d->app, d->list, &list_delegate, d, NULL), "list delegate");

    /* The keyboard: the focus system (the button and the slider, enabled controls, can be
     * focused; each is its own group, so Tab goes from one to the other), Control-R, and the
     * application's press handler. */
    check(hk_window_make_key(d->app, d->window), "key window");
    check(hk_window_set_focus_system_enabled(d->app, d->window, 1), "focus system");
    check(hk_app_set_focus_callback(d->app, on_focus, d, NULL), "focus callback");
    check(hk_view_frame(d->store, d->draggable, &d->draggable_home), "frame");
    check(hk_app_add_key_command(d->app, "r", HK_MOD_CONTROL, 0, &d->reset_command, on_reset, d, NULL), "key command");
    check(hk_app_set_press_handler(d->app, on_app_press, d, NULL), "press handler");

    for (i = 0; i < 5; i++) {
        hk_rect frame;
        check(hk_view_frame(d->store, *widgets[i], &frame), "frame");
        printf("layout %s %d %d %d %d\n", names[i], (int)frame.x, (int)frame.y, (int)frame.width, (int)frame.height);
    }
}

/* ---- Drawing: rectangles from the views' frames ------------------------------------------ */

static void fill(SDL_Renderer *renderer, colour c, hk_rect r) {
    SDL_Rect rect;
    rect.x = (int)lround(r.x); rect.y = (int)lround(r.y);
    rect.w = (int)lround(r.width); rect.h = (int)lround(r.height);
    SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, 0xFF);
    SDL_RenderFillRect(renderer, &rect);
}

/* The list's rows where its content offset puts them, clipped to the scroll view. A bounce shows
 * the background beyond the first or last row. */
static void draw_list(demo *d, SDL_Renderer *renderer) {
    hk_rect list;
    hk_point offset;
    SDL_Rect clip;
    int row;
    check(hk_view_frame(d->store, d->list, &list), "frame");
    check(hk_scroll_view_content_offset(d->app, d->list, &offset), "offset");
    clip.x = (int)lround(list.x); clip.y = (int)lround(list.y);
    clip.w = (int)lround(list.width); clip.h = (int)lround(list.height);
    SDL_RenderSetClipRect(renderer, &clip);
    for (row = 0; row < LIST_ROWS; row++) {
        hk_rect r = hk_make_rect(list.x - offset.x, list.y + row * LIST_ROW_HEIGHT - offset.y, list.width, LIST_ROW_HEIGHT);
        fill(renderer, row % 2 ? row_odd : row_even, r);
    }
    SDL_RenderSetClipRect(renderer, NULL);
}

/* A ring FOCUS_RING_WIDTH pixels wide around the focused view, if any. */
static void draw_focus_ring(demo *d, SDL_Renderer *renderer) {
    hk_view focused;
    hk_rect f;
    const double w = FOCUS_RING_WIDTH;
    check(hk_window_focused_view(d->app, d->window, &focused), "focused view");
    if (hk_view_is_none(focused)) return;
    check(hk_view_frame(d->store, focused, &f), "frame");
    fill(renderer, focus_ring, hk_make_rect(f.x - w, f.y - w, f.width + 2 * w, w));
    fill(renderer, focus_ring, hk_make_rect(f.x - w, f.y + f.height, f.width + 2 * w, w));
    fill(renderer, focus_ring, hk_make_rect(f.x - w, f.y, w, f.height));
    fill(renderer, focus_ring, hk_make_rect(f.x + f.width, f.y, w, f.height));
}

static void draw(demo *d, SDL_Renderer *renderer) {
    hk_rect button, slider, draggable, target, bar, knob;
    double value, centre;
    check(hk_view_frame(d->store, d->button, &button), "frame");
    check(hk_view_frame(d->store, d->slider, &slider), "frame");
    check(hk_view_frame(d->store, d->draggable, &draggable), "frame");
    check(hk_view_frame(d->store, d->target, &target), "frame");
    check(hk_control_value(d->app, d->slider, &value), "value");

    SDL_SetRenderDrawColor(renderer, background.r, background.g, background.b, 0xFF);
    SDL_RenderClear(renderer);
    fill(renderer, d->button_highlighted ? button_highlighted : button_normal, button);
    bar = hk_make_rect(slider.x, slider.y + slider.height / 2 - 3, slider.width, 6);
    fill(renderer, track, bar);
    centre = slider.x + SLIDER_HALF_THUMB + (slider.width - 2 * SLIDER_HALF_THUMB) * value;
    knob = hk_make_rect(centre - SLIDER_HALF_THUMB, slider.y, 2 * SLIDER_HALF_THUMB, slider.height);
    fill(renderer, thumb, knob);
    fill(renderer, draggable_fill, draggable);
    fill(renderer, d->target_toggled ? target_toggled : target_idle, target);
    draw_list(d, renderer);
    draw_focus_ring(d, renderer);
    SDL_RenderPresent(renderer);
}

/* ---- Input: SDL events to HitKit frames ------------------------------------------------- */

/* Sends one touch as one frame: a frame may not carry the same touch twice, and every SDL event
 * is a separate moment. `force` is what the device reported (SDL normalises finger pressure to
 * 0...1), or negative when it reports none (the mouse); SDL gives no contact size and no
 * coalesced samples, so those stay "not given". Rejections are logged, never fatal (bad input
 * loses nothing else). */
static void send_touch(demo *d, int64_t id, hk_phase phase, double x, double y, double force) {
    hk_touch_input touch;
    hk_touch_high_rate high_rate;
    hk_status status;
    touch.id = id;
    touch.phase = phase;
    touch.has_location = 1;
    touch.x = x;
    touch.y = y;
    memset(&high_rate, 0, sizeof high_rate);
    high_rate.force = force;
    high_rate.maximum_possible_force = force < 0 ? -1 : 1;
    high_rate.major_radius = -1;
    high_rate.major_radius_tolerance = -1;
    status = hk_app_send_frame_with_samples(d->app, now_seconds(d), &touch, &high_rate, 1);
    if (status == HK_ERR_BAD_INPUT) printf("rejected touch %lld: %s\n", (long long)id, hk_last_error_message());
    else check(status, "send frame");
}

/* ---- Keys: SDL key events to HitKit key frames -------------------------------------------- */

/* UIKit's input name of a key that types no text, by HID usage (SDL's scancode): "" for the
 * modifier keys, Caps Lock and the Menu key, NULL for a key whose text SDL's keycode gives. */
static const char *input_name(int code) {
    static const char *const f_keys[12] = { "UIKeyInputF1", "UIKeyInputF2", "UIKeyInputF3", "UIKeyInputF4",
        "UIKeyInputF5", "UIKeyInputF6", "UIKeyInputF7", "UIKeyInputF8", "UIKeyInputF9", "UIKeyInputF10",
        "UIKeyInputF11", "UIKeyInputF12" };
    switch (code) {
    case SDL_SCANCODE_ESCAPE: return "UIKeyInputEscape";
    case SDL_SCANCODE_HOME: return "UIKeyInputHome";
    case SDL_SCANCODE_PAGEUP: return "UIKeyInputPageUp";
    case SDL_SCANCODE_DELETE: return "UIKeyInputDelete";
    case SDL_SCANCODE_END: return "UIKeyInputEnd";
    case SDL_SCANCODE_PAGEDOWN: return "UIKeyInputPageDown";
    case SDL_SCANCODE_RIGHT: return "UIKeyInputRightArrow";
    case SDL_SCANCODE_LEFT: return "UIKeyInputLeftArrow";
    case SDL_SCANCODE_DOWN: return "UIKeyInputDownArrow";
    case SDL_SCANCODE_UP: return "UIKeyInputUpArrow";
    case SDL_SCANCODE_CAPSLOCK: case SDL_SCANCODE_APPLICATION: return "";
    default: break;
    }
    if (code >= SDL_SCANCODE_F1 && code <= SDL_SCANCODE_F12) return f_keys[code - SDL_SCANCODE_F1];
    if (code >= SDL_SCANCODE_LCTRL && code <= SDL_SCANCODE_RGUI) return "";
    return NULL;
}

/* A modifier key's own flag: SDL's keysym.mod already has it on the key's down and not on its
 * up, and HitKit wants it on both (Behaviour A10). */
static uint32_t own_flag(int code) {
    switch (code) {
    case SDL_SCANCODE_LCTRL: case SDL_SCANCODE_RCTRL: return HK_MOD_CONTROL;
    case SDL_SCANCODE_LSHIFT: case SDL_SCANCODE_RSHIFT: return HK_MOD_SHIFT;
    case SDL_SCANCODE_LALT: case SDL_SCANCODE_RALT: return HK_MOD_ALTERNATE;
    case SDL_SCANCODE_LGUI: case SDL_SCANCODE_RGUI: return HK_MOD_COMMAND;
    default: return 0;
    }
}

static uint32_t modifier_flags(int code, Uint16 mod) {
    uint32_t flags = own_flag(code);
    if (mod & KMOD_SHIFT) flags |= HK_MOD_SHIFT;
    if (mod & KMOD_CAPS) flags |= HK_MOD_ALPHA_SHIFT;
    if (mod & KMOD_CTRL) flags |= HK_MOD_CONTROL;
    if (mod & KMOD_ALT) flags |= HK_MOD_ALTERNATE;
    if (mod & KMOD_GUI) flags |= HK_MOD_COMMAND;
    if (code >= SDL_SCANCODE_KP_DIVIDE && code <= SDL_SCANCODE_KP_PERIOD) flags |= HK_MOD_NUMERIC_PAD;
    return flags;
}

/* What a key types on a US layout from SDL's keycode (the unshifted character; SDL_TEXTINPUT
 * would give the text, but separately from the key): shift and Caps Lock make a letter upper
 * case, shift takes a digit or a sign to the one above it, Control makes a letter a control
 * character (as X's XLookupString does). Keys beyond ASCII type "" here. */
static void key_text(SDL_Keycode sym, Uint16 mod, char typed[2], char plain[2]) {
    static const char unshifted[] = "1234567890-=[]\\;',./`", shifted[] = "!@#$%^&*()_+{}|:\"<>?~";
    const char *sign;
    char c = sym > 0 && sym < 128 ? (char)sym : 0;
    plain[0] = typed[0] = c;
    plain[1] = typed[1] = 0;
    if (c >= 'a' && c <= 'z') {
        if (!(mod & KMOD_SHIFT) != !(mod & KMOD_CAPS)) typed[0] = (char)(c - 'a' + 'A');
        if (mod & KMOD_CTRL) typed[0] = (char)(c & 0x1F);
    } else if (c && (mod & KMOD_SHIFT) && (sign = strchr(unshifted, c)) != NULL) {
        typed[0] = shifted[sign - unshifted];
    }
}

/* Sends key events as one frame and returns the first one's outcome (HK_KEY_). Rejections are
 * logged, never fatal. */
static int send_keys(demo *d, const hk_key_input *keys, size_t count) {
    uint8_t outcomes[MAX_HELD_KEYS];
    hk_status status = hk_app_send_key_frame(d->app, now_seconds(d), keys, count, outcomes);
    if (status == HK_ERR_BAD_INPUT) printf("rejected key: %s\n", hk_last_error_message());
    else check(status, "send key frame");
    return count ? outcomes[0] : HK_KEY_HANDLED;
}

static int held_index(const demo *d, SDL_Scancode code) {
    int i;
    for (i = 0; i < d->held_count; i++) if (d->held[i] == code) return i;
    return -1;
}

/* The window lost the keyboard: every key held is cancelled (their ups go elsewhere), in one frame. */
static void cancel_held_keys(demo *d) {
    hk_key_input keys[MAX_HELD_KEYS];
    int i;
    if (d->held_count == 0) return;
    memset(keys, 0, sizeof keys);
    for (i = 0; i < d->held_count; i++) {
        keys[i].code = d->held[i];
        keys[i].phase = HK_KEY_CANCELLED;
    }
    send_keys(d, keys, (size_t)d->held_count);
    d->held_count = 0;
}

/* A key down (SDL's auto-repeat too: HitKit takes a down for a key already down as a repeat) or
 * up. Returns the down's outcome; an up, or a key not sent, is HK_KEY_HANDLED. */
static int send_key(demo *d, const SDL_KeyboardEvent *key) {
    hk_key_input input;
    char typed[2], plain[2];
    const char *name;
    int code = key->keysym.scancode, index = held_index(d, key->keysym.scancode), outcome;
    if (code == SDL_SCANCODE_UNKNOWN) return HK_KEY_HANDLED;
    if (key->type == SDL_KEYUP) {
        SDL_Event pending;
        /* An up for a key that went down while another window had the keyboard is not sent. */
        if (index < 0) return HK_KEY_HANDLED;
        /* SDL releases every held key when its window loses the keyboard, just before
         * SDL_WINDOWEVENT_FOCUS_LOST: those ups are cancellations. */
        SDL_PumpEvents();
        if (SDL_PeepEvents(&pending, 1, SDL_PEEKEVENT, SDL_WINDOWEVENT, SDL_WINDOWEVENT) == 1
            && pending.window.event == SDL_WINDOWEVENT_FOCUS_LOST) {
            cancel_held_keys(d);
            return HK_KEY_HANDLED;
        }
        d->held[index] = d->held[--d->held_count];
    } else if (index < 0) {
        if (d->held_count == MAX_HELD_KEYS) return HK_KEY_HANDLED;
        d->held[d->held_count++] = key->keysym.scancode;
    }
    memset(&input, 0, sizeof input);
    input.code = code;
    input.phase = key->type == SDL_KEYDOWN ? HK_KEY_DOWN : HK_KEY_UP;
    input.modifier_flags = modifier_flags(code, key->keysym.mod);
    name = input_name(code);
    if (name) {
        input.characters = name;
        input.characters_ignoring_modifiers = name;
    } else {
        key_text(key->keysym.sym, key->keysym.mod, typed, plain);
        input.characters = typed;
        input.characters_ignoring_modifiers = plain;
    }
    outcome = send_keys(d, &input, 1);
    if (outcome == HK_KEY_UNHANDLED) printf("key unhandled %s\n", SDL_GetScancodeName(key->keysym.scancode));
    return outcome;
}

static void handle(demo *d, const SDL_Event *event, SDL_Window *window) {
    int width, height;
    switch (event->type) {
    case SDL_QUIT:
        printf("quit (window closed)\n");
        d->running = 0;
        break;
    case SDL_WINDOWEVENT:
        if (event->window.event == SDL_WINDOWEVENT_EXPOSED) d->needs_redraw = 1;
        if (event->window.event == SDL_WINDOWEVENT_FOCUS_LOST) cancel_held_keys(d);
        break;
    case SDL_KEYUP:
        send_key(d, &event->key);
        break;
    case SDL_KEYDOWN:
        /* HitKit first (a focus movement, a key command, a responder's press); the demo's own
         * keys act only on a key down nothing took. */
        if (send_key(d, &event->key) != HK_KEY_UNHANDLED) break;
        if (event->key.keysym.sym == SDLK_q || event->key.keysym.sym == SDLK_ESCAPE) {
            printf("quit (key)\n");
            d->running = 0;
        } else if (event->key.keysym.sym == SDLK_f) {
            /* xdotool cannot make touch-screen events, so this key pushes a finger tap on the
             * button into SDL's queue, where it arrives exactly as a touch screen's would. */
            SDL_Event finger;
            hk_rect frame;
            check(hk_view_frame(d->store, d->button, &frame), "frame");
            SDL_GetWindowSize(window, &width, &height);
            memset(&finger, 0, sizeof finger);
            finger.tfinger.touchId = 1;
            finger.tfinger.fingerId = 7;
            finger.tfinger.x = (float)((frame.x + frame.width / 2) / width);
            finger.tfinger.y = (float)((frame.y + frame.height / 2) / height);
            finger.tfinger.pressure = 0.5f;
            finger.type = SDL_FINGERDOWN;
            SDL_PushEvent(&finger);
            finger.type = SDL_FINGERUP;
            SDL_PushEvent(&finger);
        }
        break;
    /* Mouse: button 1 is one touch. SDL also makes mouse events from touches; those are skipped
     * (which == SDL_TOUCH_MOUSEID) since the finger events carry them already. */
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
        if (event->button.which == SDL_TOUCH_MOUSEID || event->button.button != SDL_BUTTON_LEFT) break;
        send_touch(d, MOUSE_TOUCH_ID, event->type == SDL_MOUSEBUTTONDOWN ? HK_PHASE_BEGAN : HK_PHASE_ENDED,
                   event->button.x, event->button.y, -1);
        break;
    case SDL_MOUSEMOTION:
        if (event->motion.which == SDL_TOUCH_MOUSEID || !(event->motion.state & SDL_BUTTON_LMASK)) break;
        send_touch(d, MOUSE_TOUCH_ID, HK_PHASE_MOVED, event->motion.x, event->motion.y, -1);
        break;
    /* Fingers: SDL gives positions normalised to the window (0...1); a touch screen's under X11
     * arrive through XInput 2 (Examples/X11Demo/Xorg/run-under-xorg.sh checks them). SDL2's X11
     * backend normalises by the size less one pixel, so a point may land up to a pixel right of
     * or below where the finger was. */
    case SDL_FINGERDOWN:
    case SDL_FINGERMOTION:
    case SDL_FINGERUP: {
        hk_phase phase = event->type == SDL_FINGERDOWN ? HK_PHASE_BEGAN
            : event->type == SDL_FINGERUP ? HK_PHASE_ENDED : HK_PHASE_MOVED;
        double x, y;
        SDL_GetWindowSize(window, &width, &height);
        x = event->tfinger.x * width;
        y = event->tfinger.y * height;
        printf("finger %lld %s %.0f,%.0f force %.2f\n", (long long)event->tfinger.fingerId, phase_name(phase), x, y,
               event->tfinger.pressure);
        send_touch(d, 1 + (int64_t)event->tfinger.fingerId, phase, x, y, event->tfinger.pressure);
        break;
    }
    /* SDL2's multigesture is SDL's own reading of the same finger events (the change in the
     * fingers' spread and angle since the last one). HitKit's pinch and rotation recognizers read
     * those fingers already, so it is only logged: sending it as well, as a touchpad gesture,
     * would count the pinch twice. SDL2 reports no touchpad gestures of its own. */
    case SDL_MULTIGESTURE:
        printf("multigesture fingers %u dtheta %.4f ddist %.4f\n", (unsigned)event->mgesture.numFingers,
               event->mgesture.dTheta, event->mgesture.dDist);
        break;
    default:
        break;
    }
}

/* ---- SDL2's wakeup at exit -------------------------------------------------------------- */

/* SDL2's X11 backend (2.26 to 2.32) ends its own SDL_WaitEventTimeout by sending a ClientMessage
 * to the window from a second X connection it keeps for that alone (X11_SendWakeupEvent), once
 * per wait in which an SDL event is queued: the key that quits the demo sends one. The server
 * serves the two connections in no set order, so on a busy machine it can take that wakeup after
 * SDL_DestroyWindow's DestroyWindow on the first one. SDL_Quit reads the BadWindow when it closes
 * the second connection, after putting back the handler it found at SDL_Init, and Xlib's default
 * handler exits with status 1. The demo can neither order SDL's connections nor reach the second
 * one; with the window gone nothing is left to wake, so that one error (a SendEvent to the window
 * the demo destroyed) is dropped and every other goes on to Xlib's handler. */
static XErrorHandler xlib_error_handler;
static Window destroyed_window = None;

static int on_x_error(Display *display, XErrorEvent *error) {
    if (destroyed_window != None && error->resourceid == destroyed_window
        && error->error_code == BadWindow && error->request_code == X_SendEvent) return 0;
    return xlib_error_handler(display, error);
}

/* ---- The main loop ---------------------------------------------------------------------- */

/* How long to sleep (milliseconds, rounded up so the timer is due when we wake): until the
 * next HitKit timer, capped by the exit limit; -1 to sleep until the next event. */
static int wait_milliseconds(const demo *d, double now, double exit_at) {
    double deadline = exit_at, next;
    if (hk_app_next_deadline(d->app, &next) == HK_OK && next < deadline) deadline = next;
    if (deadline == HUGE_VAL) return -1;
    if (deadline <= now) return 0;
    return (int)ceil((deadline - now) * 1000);
}

int main(int argc, char **argv) {
    demo d;
    SDL_Window *window;
    SDL_Renderer *renderer;
    SDL_SysWMinfo window_info;
    double exit_at = HUGE_VAL;
    int announced = 0;

    if (argc == 3 && strcmp(argv[1], "--exit-after") == 0) exit_at = atof(argv[2]);
    else if (argc != 1) { fprintf(stderr, "usage: %s [--exit-after SECONDS]\n", argv[0]); return 64; }
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (hk_version() / 10000 != HK_VERSION_MAJOR || hk_version() < HK_VERSION) {
        fprintf(stderr, "libhitkit %d is older than the header (%d)\n", hk_version(), HK_VERSION);
        return 1;
    }

    /* Touches and the mouse stay apart: each arrives once, under its own id. */
    SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0");
    SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0");
    /* Before SDL_Init, which keeps the handler it finds and puts it back before closing its connections. */
    xlib_error_handler = XSetErrorHandler(on_x_error);
    if (SDL_Init(SDL_INIT_VIDEO) != 0) { fprintf(stderr, "SDL_Init: %s\n", SDL_GetError()); return 2; }
    window = SDL_CreateWindow("HitKit SDL demo", 0, 0, WINDOW_WIDTH, WINDOW_HEIGHT, SDL_WINDOW_SHOWN);
    renderer = window ? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE) : NULL;
    if (!renderer) { fprintf(stderr, "SDL window: %s\n", SDL_GetError()); return 2; }

    memset(&d, 0, sizeof d);
    d.running = 1;
    d.needs_redraw = 1;
    d.clock_start = SDL_GetPerformanceCounter();
    build(&d);

    while (d.running) {
        SDL_Event event;
        double now = now_seconds(&d);
        int wait, got;
        /* Timers due by now fire before anything else (the double tap's interval, ...). */
        check(hk_app_advance(d.app, now), "advance");
        if (now >= exit_at) { printf("exit after %g s\n", exit_at); break; }
        if (d.needs_redraw) {
            draw(&d, renderer);
            d.needs_redraw = 0;
            if (!announced) { announced = 1; printf("ready\n"); }
        }
        wait = wait_milliseconds(&d, now, exit_at);
        got = wait < 0 ? SDL_WaitEvent(&event) : SDL_WaitEventTimeout(&event, wait);
        if (!got) {
            double next;
            if (hk_app_next_deadline(d.app, &next) == HK_OK && next <= now_seconds(&d)) printf("wake deadline %.3f\n", next);
            continue;
        }
        do handle(&d, &event, window); while (d.running && SDL_PollEvent(&event));
    }

    check(hk_app_destroy(d.app), "destroy");
    SDL_DestroyRenderer(renderer);
    SDL_VERSION(&window_info.version);
    if (SDL_GetWindowWMInfo(window, &window_info) && window_info.subsystem == SDL_SYSWM_X11)
        destroyed_window = window_info.info.x11.window;
    SDL_DestroyWindow(window);
    SDL_Quit();
    return 0;
}

/*
 * wayland_demo.c - a Wayland client whose window shows a HitKit scene and whose input is HitKit's,
 * over the installed libhitkit (pkg-config), libwayland-client, xdg-shell, wl_shm and xkbcommon.
 *
 * It loads a scene file (Behaviour B1), draws its views into a wl_shm buffer, and turns wl_touch,
 * wl_pointer (axis sources, discrete and value120 wheels, axis_stop) and zwp_pointer_gestures_v1
 * pinch and hold into HitKit frames (host/wayland_input.c). Keys go through xkbcommon with
 * Wayland's client-side repeat (host/keys.c) into HitKit's key frames, each also printed as a
 * `key ...` line; the keys held are cancelled when the surface loses the keyboard. The loop
 * sleeps in poll() until the compositor writes or until hk_app_next_deadline or the next key
 * repeat is due; nothing wakes it otherwise.
 *
 * What it prints is host/scene_host.h's list — the scene's delivery log (Behaviour B6) as HitKit
 * writes it, each line as `log: LINE`, among the demo's own lines — plus `ready` once the first
 * frame is on the screen, `swipe ...` for touchpad swipes (A9 has none), `key ...` lines and
 * `quit (...)`.
 *
 * usage: wayland_demo [--scene FILE] [--record SCENARIO] [--exit-after SECONDS]
 *   --scene FILE         the scene to show (default: scenes/demo.json beside this file)
 *   --record SCENARIO    write every frame sent to SCENARIO (Behaviour B5): `hitkit replay
 *                        SCENARIO` prints the delivery log (B6) this run printed
 *   --exit-after S       stop after S seconds (a safety limit for tests)
 * Exits 0 when stopped (SIGTERM, SIGINT, the window closed, or the limit), 2 when the scene is
 * missing or malformed (HitKit's message names the file and JSON path) or no compositor is there.
 */
#define _GNU_SOURCE /* memfd_create */

#include "host/keys.h"
#include "host/scene_host.h"
#include "host/wayland_input.h"
#include "pointer-gestures-unstable-v1-client-protocol.h"
#include "xdg-shell-client-protocol.h"

#include <errno.h>
#include <hitkit.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>
#include <xkbcommon/xkbcommon.h>

#ifndef HITKIT_DEFAULT_SCENE
#define HITKIT_DEFAULT_SCENE "scenes/demo.json"
#endif

typedef struct {
    struct wl_buffer *buffer;
    uint32_t *pixels;
    int busy;               /* the compositor holds it until wl_buffer.release */
} shm_buffer;

typedef struct {
    scene_host *host;
    hk_rect screen;
    int width, height;
    struct wl_display *display;
    struct wl_compositor *compositor;
    struct wl_shm *shm;
    struct xdg_wm_base *wm_base;
    struct wl_seat *seat;
    uint32_t seat_version;
    struct zwp_pointer_gestures_v1 *gestures_manager;
    uint32_t gestures_version;
    struct wl_surface *surface;
    struct xdg_surface *xdg_surface;
    struct xdg_toplevel *toplevel;
    shm_buffer buffers[2];
    uint32_t *painting;     /* the pixels host_paint is filling */
    int configured;
    int announced;
    int running;
    struct wl_pointer *pointer;
    struct wl_keyboard *keyboard;
    struct wl_touch *touch;
    struct zwp_pointer_gesture_pinch_v1 *pinch;
    struct zwp_pointer_gesture_hold_v1 *hold;
    struct zwp_pointer_gesture_swipe_v1 *swipe;
    wli_touch touch_state;
    wli_pointer pointer_state;
    wli_gestures gesture_state;
    wli_sink sink;
    host_event_clock clock;
    struct xkb_context *xkb;
    struct xkb_keymap *keymap;
    struct xkb_state *xkb_state;
    keys_held held;
    keys_repeat repeat;
    struct timespec start;
} demo;

static volatile sig_atomic_t stop_requested;

static void on_signal(int signal_number) {
    (void)signal_number;
    stop_requested = 1;
}

static double now_seconds(const demo *d) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - d->start.tv_sec) + (t.tv_nsec - d->start.tv_nsec) / 1e9;
}

static double event_time(demo *d, uint32_t ms) { return host_event_clock_seconds(&d->clock, ms, now_seconds(d)); }

/* ---- Drawing into the shm buffer ------------------------------------------------------------ */

/* host_fill: each pixel whose centre maps inside the rectangle takes its colour. */
static void fill_pixels(void *context, const hk_transform *t, hk_rect local, host_colour colour, const hk_rect *clip) {
    demo *d = context;
    uint32_t *pixels = d->painting;
    double det = t->a * t->d - t->b * t->c, corners[4][2], x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
    uint32_t value = 0xFF000000u | (uint32_t)colour.r << 16 | (uint32_t)colour.g << 8 | colour.b;
    int i, px, py, left, top, right, bottom;
    if (fabs(det) < 1e-12 || local.width <= 0 || local.height <= 0) return;
    for (i = 0; i < 4; i++) {
        double u = local.x + (i & 1 ? local.width : 0), v = local.y + (i & 2 ? local.height : 0);
        corners[i][0] = t->a * u + t->c * v + t->tx;
        corners[i][1] = t->b * u + t->d * v + t->ty;
        x0 = fmin(x0, corners[i][0]); x1 = fmax(x1, corners[i][0]);
        y0 = fmin(y0, corners[i][1]); y1 = fmax(y1, corners[i][1]);
    }
    if (clip) {
        x0 = fmax(x0, clip->x); y0 = fmax(y0, clip->y);
        x1 = fmin(x1, clip->x + clip->width); y1 = fmin(y1, clip->y + clip->height);
    }
    /* Screen points to buffer pixels: the buffer shows the screen from d->screen's origin. */
    left = (int)fmax(0, floor(x0 - d->screen.x));
    top = (int)fmax(0, floor(y0 - d->screen.y));
    right = (int)fmin(d->width, ceil(x1 - d->screen.x));
    bottom = (int)fmin(d->height, ceil(y1 - d->screen.y));
    for (py = top; py < bottom; py++) {
        double y = py + 0.5 + d->screen.y;
        if (clip && (y < clip->y || y >= clip->y + clip->height)) continue;
        for (px = left; px < right; px++) {
            double x = px + 0.5 + d->screen.x, u, v;
            if (clip && (x < clip->x || x >= clip->x + clip->width)) continue;
            u = (t->d * (x - t->tx) - t->c * (y - t->ty)) / det;
            v = (-t->b * (x - t->tx) + t->a * (y - t->ty)) / det;
            if (u >= local.x && u < local.x + local.width && v >= local.y && v < local.y + local.height)
                pixels[py * d->width + px] = value;
        }
    }
}

static void buffer_released(void *data, struct wl_buffer *buffer) {
    shm_buffer *b = data;
    (void)buffer;
    b->busy = 0;
}

static const struct wl_buffer_listener buffer_listener = { buffer_released };

static int make_buffers(demo *d) {
    size_t size = (size_t)d->width * (size_t)d->height * 4;
    int fd = memfd_create("hitkit-wayland-demo", MFD_CLOEXEC), i;
    struct wl_shm_pool *pool;
    uint8_t *memory;
    if (fd < 0 || ftruncate(fd, (off_t)(size * 2)) != 0) return 0;
    memory = mmap(NULL, size * 2, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (memory == MAP_FAILED) {
        close(fd);
        return 0;
    }
    pool = wl_shm_create_pool(d->shm, fd, (int32_t)(size * 2));
    for (i = 0; i < 2; i++) {
        d->buffers[i].pixels = (uint32_t *)(memory + size * (size_t)i);
        d->buffers[i].buffer = wl_shm_pool_create_buffer(pool, (int32_t)(size * (size_t)i), d->width, d->height, d->width * 4,
                                                         WL_SHM_FORMAT_XRGB8888);
        wl_buffer_add_listener(d->buffers[i].buffer, &buffer_listener, &d->buffers[i]);
    }
    wl_shm_pool_destroy(pool);
    close(fd);
    return 1;
}

/* Paints the scene into a free buffer and presents it; waits (returns 0) if both are held. */
static int draw(demo *d) {
    shm_buffer *b = !d->buffers[0].busy ? &d->buffers[0] : !d->buffers[1].busy ? &d->buffers[1] : NULL;
    if (!b || !d->configured) return 0;
    d->painting = b->pixels;
    host_paint(d->host, fill_pixels, d);
    b->busy = 1;
    wl_surface_attach(d->surface, b->buffer, 0, 0);
    wl_surface_damage_buffer(d->surface, 0, 0, d->width, d->height);
    wl_surface_commit(d->surface);
    if (!d->announced) {
        d->announced = 1;
        printf("ready\n");
    }
    return 1;
}

/* ---- xdg-shell ------------------------------------------------------------------------------ */

static void wm_base_ping(void *data, struct xdg_wm_base *wm_base, uint32_t serial) {
    (void)data;
    xdg_wm_base_pong(wm_base, serial);
}

static const struct xdg_wm_base_listener wm_base_listener = { wm_base_ping };

static void xdg_surface_configure(void *data, struct xdg_surface *surface, uint32_t serial) {
    demo *d = data;
    xdg_surface_ack_configure(surface, serial);
    d->configured = 1;
}

static const struct xdg_surface_listener xdg_surface_listener = { xdg_surface_configure };

/* The window keeps the scene's size whatever size the compositor suggests: a kiosk or
 * fullscreen shell centres it. */
static void toplevel_configure(void *data, struct xdg_toplevel *toplevel, int32_t width, int32_t height, struct wl_array *states) {
    (void)data; (void)toplevel; (void)width; (void)height; (void)states;
}

static void toplevel_close(void *data, struct xdg_toplevel *toplevel) {
    demo *d = data;
    (void)toplevel;
    printf("quit (window closed)\n");
    d->running = 0;
}

/* Designated: later xdg-shell versions add events this client does not bind. */
static const struct xdg_toplevel_listener toplevel_listener = { .configure = toplevel_configure, .close = toplevel_close };

/* ---- The sink: frames to HitKit ------------------------------------------------------------- */

static void sink_frame(void *context, uint32_t time_ms, const hk_touch_input *touches, size_t count,
                       const hk_pointer_input *pointer, const hk_scroll_input *scroll) {
    demo *d = context;
    host_send(d->host, event_time(d, time_ms), touches, count, pointer, scroll);
}

static void sink_touchpad(void *context, uint32_t time_ms, const hk_touchpad_gesture *gesture) {
    demo *d = context;
    host_send_touchpad(d->host, event_time(d, time_ms), gesture);
}

static void sink_swipe(void *context, uint32_t time_ms, const char *phase, int32_t fingers, double dx, double dy) {
    (void)context; (void)time_ms;
    printf("swipe %s fingers %d delta %.2f,%.2f\n", phase, fingers, dx, dy);
}

/* ---- wl_touch --------------------------------------------------------------------------------- */

static void touch_down(void *data, struct wl_touch *touch, uint32_t serial, uint32_t time, struct wl_surface *surface,
                       int32_t id, wl_fixed_t x, wl_fixed_t y) {
    demo *d = data;
    (void)touch; (void)serial; (void)surface;
    if (!wli_touch_down(&d->touch_state, &d->sink, time, id, x, y)) printf("dropped touch down %d\n", id);
}

static void touch_up(void *data, struct wl_touch *touch, uint32_t serial, uint32_t time, int32_t id) {
    demo *d = data;
    (void)touch; (void)serial;
    if (!wli_touch_up(&d->touch_state, &d->sink, time, id)) printf("dropped touch up %d\n", id);
}

static void touch_motion(void *data, struct wl_touch *touch, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y) {
    demo *d = data;
    (void)touch;
    if (!wli_touch_motion(&d->touch_state, &d->sink, time, id, x, y)) printf("dropped touch motion %d\n", id);
}

static void touch_frame(void *data, struct wl_touch *touch) {
    demo *d = data;
    (void)touch;
    wli_touch_frame(&d->touch_state, &d->sink);
}

static void touch_cancel(void *data, struct wl_touch *touch) {
    demo *d = data;
    (void)touch;
    /* wl_touch.cancel has no time: the last event's stands in (frames never go back in time). */
    wli_touch_cancel(&d->touch_state, &d->sink, d->clock.last_ms);
}

static void touch_shape(void *data, struct wl_touch *touch, int32_t id, wl_fixed_t major, wl_fixed_t minor) {
    (void)data; (void)touch; (void)id; (void)major; (void)minor;
}

static void touch_orientation(void *data, struct wl_touch *touch, int32_t id, wl_fixed_t orientation) {
    (void)data; (void)touch; (void)id; (void)orientation;
}

static const struct wl_touch_listener touch_listener = { touch_down, touch_up, touch_motion, touch_frame, touch_cancel,
                                                         touch_shape, touch_orientation };

/* ---- wl_pointer ------------------------------------------------------------------------------- */

static void pointer_enter(void *data, struct wl_pointer *pointer, uint32_t serial, struct wl_surface *surface, wl_fixed_t x, wl_fixed_t y) {
    demo *d = data;
    (void)pointer; (void)serial; (void)surface;
    wli_pointer_enter(&d->pointer_state, &d->sink, x, y);
}

static void pointer_leave(void *data, struct wl_pointer *pointer, uint32_t serial, struct wl_surface *surface) {
    demo *d = data;
    (void)pointer; (void)serial; (void)surface;
    wli_gestures_pointer_left(&d->gesture_state, &d->sink, d->pointer_state.time);
    wli_pointer_leave(&d->pointer_state, &d->sink);
}

static void pointer_motion(void *data, struct wl_pointer *pointer, uint32_t time, wl_fixed_t x, wl_fixed_t y) {
    demo *d = data;
    (void)pointer;
    wli_pointer_motion(&d->pointer_state, &d->sink, time, x, y);
}

static void pointer_button(void *data, struct wl_pointer *pointer, uint32_t serial, uint32_t time, uint32_t button, uint32_t state) {
    demo *d = data;
    (void)pointer; (void)serial;
    wli_pointer_button(&d->pointer_state, &d->sink, time, button, state == WL_POINTER_BUTTON_STATE_PRESSED);
}

static void pointer_axis(void *data, struct wl_pointer *pointer, uint32_t time, uint32_t axis, wl_fixed_t value) {
    demo *d = data;
    (void)pointer;
    wli_pointer_axis(&d->pointer_state, &d->sink, time, axis, value);
}

static void pointer_frame(void *data, struct wl_pointer *pointer) {
    demo *d = data;
    (void)pointer;
    wli_pointer_frame(&d->pointer_state, &d->sink);
}

static void pointer_axis_source(void *data, struct wl_pointer *pointer, uint32_t source) {
    demo *d = data;
    (void)pointer;
    wli_pointer_axis_source(&d->pointer_state, source);
}

static void pointer_axis_stop(void *data, struct wl_pointer *pointer, uint32_t time, uint32_t axis) {
    demo *d = data;
    (void)pointer;
    wli_pointer_axis_stop(&d->pointer_state, &d->sink, time, axis);
}

static void pointer_axis_discrete(void *data, struct wl_pointer *pointer, uint32_t axis, int32_t discrete) {
    demo *d = data;
    (void)pointer;
    wli_pointer_axis_discrete(&d->pointer_state, axis, discrete);
}

#ifdef WL_POINTER_AXIS_VALUE120_SINCE_VERSION
static void pointer_axis_value120(void *data, struct wl_pointer *pointer, uint32_t axis, int32_t value120) {
    demo *d = data;
    (void)pointer;
    wli_pointer_axis_value120(&d->pointer_state, axis, value120);
}
#define SEAT_VERSION 8
#else
/* libwayland before 1.21 knows no axis_value120: a version 7 seat. */
#define SEAT_VERSION 7
#endif

static const struct wl_pointer_listener pointer_listener = {
    .enter = pointer_enter, .leave = pointer_leave, .motion = pointer_motion, .button = pointer_button,
    .axis = pointer_axis, .frame = pointer_frame, .axis_source = pointer_axis_source, .axis_stop = pointer_axis_stop,
    .axis_discrete = pointer_axis_discrete,
#ifdef WL_POINTER_AXIS_VALUE120_SINCE_VERSION
    .axis_value120 = pointer_axis_value120,
#endif
};

/* ---- zwp_pointer_gestures_v1 -------------------------------------------------------------- */

static void pinch_begin(void *data, struct zwp_pointer_gesture_pinch_v1 *pinch, uint32_t serial, uint32_t time,
                        struct wl_surface *surface, uint32_t fingers) {
    demo *d = data;
    (void)pinch; (void)serial; (void)surface;
    wli_pinch_begin(&d->gesture_state, &d->sink, time, fingers);
}

static void pinch_update(void *data, struct zwp_pointer_gesture_pinch_v1 *pinch, uint32_t time, wl_fixed_t dx, wl_fixed_t dy,
                         wl_fixed_t scale, wl_fixed_t rotation) {
    demo *d = data;
    (void)pinch; (void)dx; (void)dy;
    wli_pinch_update(&d->gesture_state, &d->sink, time, scale, rotation);
}

static void pinch_end(void *data, struct zwp_pointer_gesture_pinch_v1 *pinch, uint32_t serial, uint32_t time, int32_t cancelled) {
    demo *d = data;
    (void)pinch; (void)serial;
    wli_pinch_end(&d->gesture_state, &d->sink, time, cancelled);
}

static const struct zwp_pointer_gesture_pinch_v1_listener pinch_listener = { pinch_begin, pinch_update, pinch_end };

static void hold_begin(void *data, struct zwp_pointer_gesture_hold_v1 *hold, uint32_t serial, uint32_t time,
                       struct wl_surface *surface, uint32_t fingers) {
    demo *d = data;
    (void)hold; (void)serial; (void)surface;
    wli_hold_begin(&d->gesture_state, &d->sink, time, fingers);
}

static void hold_end(void *data, struct zwp_pointer_gesture_hold_v1 *hold, uint32_t serial, uint32_t time, int32_t cancelled) {
    demo *d = data;
    (void)hold; (void)serial;
    wli_hold_end(&d->gesture_state, &d->sink, time, cancelled);
}

static const struct zwp_pointer_gesture_hold_v1_listener hold_listener = { hold_begin, hold_end };

static void swipe_begin(void *data, struct zwp_pointer_gesture_swipe_v1 *swipe, uint32_t serial, uint32_t time,
                        struct wl_surface *surface, uint32_t fingers) {
    demo *d = data;
    (void)swipe; (void)serial; (void)surface;
    wli_swipe_begin(&d->gesture_state, &d->sink, time, fingers);
}

static void swipe_update(void *data, struct zwp_pointer_gesture_swipe_v1 *swipe, uint32_t time, wl_fixed_t dx, wl_fixed_t dy) {
    demo *d = data;
    (void)swipe;
    wli_swipe_update(&d->gesture_state, &d->sink, time, dx, dy);
}

static void swipe_end(void *data, struct zwp_pointer_gesture_swipe_v1 *swipe, uint32_t serial, uint32_t time, int32_t cancelled) {
    demo *d = data;
    (void)swipe; (void)serial;
    wli_swipe_end(&d->gesture_state, &d->sink, time, cancelled);
}

static const struct zwp_pointer_gesture_swipe_v1_listener swipe_listener = { swipe_begin, swipe_update, swipe_end };

/* ---- wl_keyboard ------------------------------------------------------------------------------ */

/* Maps a key, prints it and sends it to HitKit at `time`. */
static void send_key(demo *d, uint32_t evdev, keys_phase phase, double time) {
    keys_event event;
    hk_key_input input;
    char line[256];
    if (!d->xkb_state) return;
    keys_translate(d->xkb_state, evdev, phase, &event);
    keys_describe(&event, line, sizeof line);
    printf("%s\n", line);
    keys_input(&event, &input);
    host_send_keys(d->host, time, &input, 1, NULL);
}

static void keyboard_keymap(void *data, struct wl_keyboard *keyboard, uint32_t format, int32_t fd, uint32_t size) {
    demo *d = data;
    char *text;
    (void)keyboard;
    if (format != WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1) {
        close(fd);
        return;
    }
    text = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (text == MAP_FAILED) return;
    if (d->xkb_state) xkb_state_unref(d->xkb_state);
    if (d->keymap) xkb_keymap_unref(d->keymap);
    d->keymap = xkb_keymap_new_from_string(d->xkb, text, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS);
    munmap(text, size);
    d->xkb_state = d->keymap ? xkb_state_new(d->keymap) : NULL;
}

static void keyboard_enter(void *data, struct wl_keyboard *keyboard, uint32_t serial, struct wl_surface *surface, struct wl_array *keys) {
    (void)data; (void)keyboard; (void)serial; (void)surface;
    /* Keys already down were pressed elsewhere: they make no press here, and their ups are
     * dropped (keys_held_up answers 0 for them). */
    (void)keys;
}

static void keyboard_leave(void *data, struct wl_keyboard *keyboard, uint32_t serial, struct wl_surface *surface) {
    demo *d = data;
    /* The window lost the keyboard: every key still down is cancelled (Behaviour A10), in one
     * frame, and the repeat stops; their ups, if any come, go elsewhere. wl_keyboard.leave has
     * no time: now stands in. */
    keys_event events[KEYS_MAX_HELD];
    hk_key_input inputs[KEYS_MAX_HELD];
    char line[256];
    size_t count = 0;
    (void)keyboard; (void)serial; (void)surface;
    keys_repeat_cancel(&d->repeat);
    while (d->held.count > 0 && d->xkb_state) {
        uint32_t evdev = d->held.codes[0];
        keys_held_up(&d->held, evdev);
        keys_translate(d->xkb_state, evdev, KEYS_CANCELLED, &events[count]);
        keys_describe(&events[count], line, sizeof line);
        printf("%s\n", line);
        keys_input(&events[count], &inputs[count]);
        count++;
    }
    host_send_keys(d->host, now_seconds(d), inputs, count, NULL);
}

static void keyboard_key(void *data, struct wl_keyboard *keyboard, uint32_t serial, uint32_t time, uint32_t key, uint32_t state) {
    demo *d = data;
    (void)keyboard; (void)serial;
    if (state == WL_KEYBOARD_KEY_STATE_PRESSED) {
        int repeat = keys_held_down(&d->held, key);
        if (repeat < 0) return;
        send_key(d, key, repeat ? KEYS_REPEAT : KEYS_DOWN, event_time(d, time));
        if (!repeat && d->keymap)
            keys_repeat_key_down(&d->repeat, key, xkb_keymap_key_repeats(d->keymap, key + 8), event_time(d, time));
    } else {
        keys_repeat_key_up(&d->repeat, key);
        if (keys_held_up(&d->held, key)) send_key(d, key, KEYS_UP, event_time(d, time));
    }
}

static void keyboard_modifiers(void *data, struct wl_keyboard *keyboard, uint32_t serial, uint32_t depressed, uint32_t latched,
                               uint32_t locked, uint32_t group) {
    demo *d = data;
    (void)keyboard; (void)serial;
    if (!d->xkb_state) return;
    xkb_state_update_mask(d->xkb_state, depressed, latched, locked, 0, 0, group);
    d->pointer_state.modifiers = keys_state_modifiers(d->xkb_state);
    host_set_modifiers(d->host, d->pointer_state.modifiers);
}

static void keyboard_repeat_info(void *data, struct wl_keyboard *keyboard, int32_t rate, int32_t delay) {
    demo *d = data;
    (void)keyboard;
    keys_repeat_configure(&d->repeat, rate, delay);
    printf("key repeat rate %d delay %d\n", rate, delay);
}

static const struct wl_keyboard_listener keyboard_listener = { keyboard_keymap, keyboard_enter, keyboard_leave, keyboard_key,
                                                               keyboard_modifiers, keyboard_repeat_info };

/* ---- wl_seat and the registry ----------------------------------------------------------------- */

static void attach_gestures(demo *d) {
    if (!d->pointer || !d->gestures_manager || d->pinch) return;
    d->pinch = zwp_pointer_gestures_v1_get_pinch_gesture(d->gestures_manager, d->pointer);
    zwp_pointer_gesture_pinch_v1_add_listener(d->pinch, &pinch_listener, d);
    d->swipe = zwp_pointer_gestures_v1_get_swipe_gesture(d->gestures_manager, d->pointer);
    zwp_pointer_gesture_swipe_v1_add_listener(d->swipe, &swipe_listener, d);
    if (d->gestures_version >= ZWP_POINTER_GESTURES_V1_GET_HOLD_GESTURE_SINCE_VERSION) {
        d->hold = zwp_pointer_gestures_v1_get_hold_gesture(d->gestures_manager, d->pointer);
        zwp_pointer_gesture_hold_v1_add_listener(d->hold, &hold_listener, d);
    }
}

static void seat_capabilities(void *data, struct wl_seat *seat, uint32_t capabilities) {
    demo *d = data;
    if ((capabilities & WL_SEAT_CAPABILITY_POINTER) && !d->pointer) {
        d->pointer = wl_seat_get_pointer(seat);
        wl_pointer_add_listener(d->pointer, &pointer_listener, d);
        wli_pointer_init(&d->pointer_state, hk_make_point(d->screen.x, d->screen.y), wl_pointer_get_version(d->pointer));
        attach_gestures(d);
    }
    if ((capabilities & WL_SEAT_CAPABILITY_KEYBOARD) && !d->keyboard) {
        d->keyboard = wl_seat_get_keyboard(seat);
        wl_keyboard_add_listener(d->keyboard, &keyboard_listener, d);
    }
    if ((capabilities & WL_SEAT_CAPABILITY_TOUCH) && !d->touch) {
        d->touch = wl_seat_get_touch(seat);
        wl_touch_add_listener(d->touch, &touch_listener, d);
    }
}

static void seat_name(void *data, struct wl_seat *seat, const char *name) {
    (void)data; (void)seat;
    printf("seat %s\n", name);
}

static const struct wl_seat_listener seat_listener = { seat_capabilities, seat_name };

static uint32_t at_most(uint32_t offered, uint32_t wanted) { return offered < wanted ? offered : wanted; }

static void registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    demo *d = data;
    if (strcmp(interface, wl_compositor_interface.name) == 0) {
        d->compositor = wl_registry_bind(registry, name, &wl_compositor_interface, at_most(version, 4));
    } else if (strcmp(interface, wl_shm_interface.name) == 0) {
        d->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
    } else if (strcmp(interface, xdg_wm_base_interface.name) == 0) {
        d->wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
        xdg_wm_base_add_listener(d->wm_base, &wm_base_listener, d);
    } else if (strcmp(interface, wl_seat_interface.name) == 0 && !d->seat) {
        /* Version 8 brings axis_value120; weston 10 to 14 offer 7. */
        d->seat_version = at_most(version, SEAT_VERSION);
        d->seat = wl_registry_bind(registry, name, &wl_seat_interface, d->seat_version);
        wl_seat_add_listener(d->seat, &seat_listener, d);
    } else if (strcmp(interface, zwp_pointer_gestures_v1_interface.name) == 0) {
        d->gestures_version = at_most(version, 3);
        d->gestures_manager = wl_registry_bind(registry, name, &zwp_pointer_gestures_v1_interface, d->gestures_version);
        attach_gestures(d);
    }
}

static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data; (void)registry; (void)name;
}

static const struct wl_registry_listener registry_listener = { registry_global, registry_global_remove };

/* ---- The loop ---------------------------------------------------------------------------------- */

/* Milliseconds until the earliest of HitKit's deadline, the next key repeat and the exit limit
 * (rounded up, so it is due when poll returns); -1: sleep until the compositor writes. */
static int wait_milliseconds(const demo *d, double now, double exit_at) {
    double deadline = fmin(fmin(host_next_deadline(d->host), keys_repeat_deadline(&d->repeat)), exit_at);
    if (deadline == INFINITY) return -1;
    if (deadline <= now) return 0;
    return (int)fmin(ceil((deadline - now) * 1000), 1 << 30);
}

static void take_repeats(demo *d, double now) {
    uint32_t evdev;
    double due;
    while (keys_repeat_take(&d->repeat, now, &evdev, &due)) send_key(d, evdev, KEYS_REPEAT, due);
}

static int run(demo *d, double exit_at) {
    struct pollfd fd = { wl_display_get_fd(d->display), POLLIN, 0 };
    while (d->running && !stop_requested) {
        double now = now_seconds(d);
        int timeout, ready;
        if (now >= exit_at) {
            printf("quit (exit after %g s)\n", exit_at);
            break;
        }
        if (host_needs_paint(d->host)) draw(d);
        while (wl_display_prepare_read(d->display) != 0) wl_display_dispatch_pending(d->display);
        if (wl_display_flush(d->display) < 0 && errno != EAGAIN) {
            wl_display_cancel_read(d->display);
            fprintf(stderr, "the compositor went away\n");
            return 1;
        }
        timeout = wait_milliseconds(d, now, exit_at);
        ready = poll(&fd, 1, timeout);
        if (ready <= 0) {
            wl_display_cancel_read(d->display);
            if (ready < 0 && errno != EINTR) return 1;
        } else if (wl_display_read_events(d->display) < 0) {
            fprintf(stderr, "the compositor went away\n");
            return 1;
        }
        if (wl_display_dispatch_pending(d->display) < 0) return 1;
        now = now_seconds(d);
        /* Timers due by now fire, then the key repeats due. */
        host_advance(d->host, now, ready == 0);
        take_repeats(d, now);
    }
    if (stop_requested) printf("quit (signal)\n");
    return 0;
}

int main(int argc, char **argv) {
    host_options options;
    demo d;
    struct wl_registry *registry;
    struct sigaction action;
    int status;

    if (!host_parse_options(argc, argv, HITKIT_DEFAULT_SCENE, &options)) return 64;
    setvbuf(stdout, NULL, _IOLBF, 0);
    memset(&d, 0, sizeof d);
    clock_gettime(CLOCK_MONOTONIC, &d.start);
    host_event_clock_init(&d.clock);
    if (!(d.host = host_open(&options, stdout))) return 2;
    d.screen = host_screen(d.host);
    d.width = (int)lround(d.screen.width);
    d.height = (int)lround(d.screen.height);
    d.running = 1;
    d.sink.frame = sink_frame;
    d.sink.touchpad = sink_touchpad;
    d.sink.swipe = sink_swipe;
    d.sink.context = &d;
    wli_touch_init(&d.touch_state, hk_make_point(d.screen.x, d.screen.y));
    wli_pointer_init(&d.pointer_state, hk_make_point(d.screen.x, d.screen.y), 1);
    wli_gestures_init(&d.gesture_state, &d.pointer_state);
    keys_repeat_init(&d.repeat);
    d.xkb = xkb_context_new(XKB_CONTEXT_NO_FLAGS);

    if (!(d.display = wl_display_connect(NULL))) {
        fprintf(stderr, "no Wayland compositor (WAYLAND_DISPLAY=%s)\n", getenv("WAYLAND_DISPLAY") ? getenv("WAYLAND_DISPLAY") : "");
        return 2;
    }
    registry = wl_display_get_registry(d.display);
    wl_registry_add_listener(registry, &registry_listener, &d);
    wl_display_roundtrip(d.display);
    if (!d.compositor || !d.shm || !d.wm_base || d.width <= 0 || d.height <= 0 || !make_buffers(&d)) {
        fprintf(stderr, "the compositor lacks wl_compositor, wl_shm or xdg_wm_base, or the scene has no window\n");
        return 2;
    }
    printf("pointer gestures %s, seat version %u\n", d.gestures_manager ? "yes" : "no", d.seat_version);
    d.surface = wl_compositor_create_surface(d.compositor);
    d.xdg_surface = xdg_wm_base_get_xdg_surface(d.wm_base, d.surface);
    xdg_surface_add_listener(d.xdg_surface, &xdg_surface_listener, &d);
    d.toplevel = xdg_surface_get_toplevel(d.xdg_surface);
    xdg_toplevel_add_listener(d.toplevel, &toplevel_listener, &d);
    xdg_toplevel_set_title(d.toplevel, "HitKit Wayland demo");
    wl_surface_commit(d.surface);

    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;   /* no SA_RESTART: poll returns, and the loop ends */
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGINT, &action, NULL);

    status = run(&d, options.exit_after);
    host_destroy(d.host);
    wl_display_disconnect(d.display);
    return status;
}

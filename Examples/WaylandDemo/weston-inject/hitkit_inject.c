/*
 * hitkit_inject.c - a weston 10 module that gives a headless compositor real input: a seat of its
 * own (pointer, keyboard, touch) fed through libweston's input notification functions, and the
 * zwp_pointer_gestures_v1 global (weston 10 has none) so touchpad pinch, swipe and hold reach
 * clients. A test drives it over a Unix socket, one command a line (README.md; the commands are
 * read by inject_protocol.c).
 *
 * Load it with: weston --backend=headless-backend.so --use-pixman --shell=kiosk-shell.so
 *   --socket=NAME --modules=/path/to/hitkit-inject.so
 * It listens on $XDG_RUNTIME_DIR/NAME.hitkit-inject (NAME is WAYLAND_DISPLAY, which weston sets
 * before it loads modules).
 */
#define _GNU_SOURCE /* accept4 */

#include "inject_protocol.h"
#include "pointer-gestures-unstable-v1-server-protocol.h"

#include <libweston/libweston.h>
#include <wayland-server.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

/*
 * libweston 10 exports these for its backends but installs their declarations only in its
 * source tree (libweston/backend.h, libweston-internal.h); their signatures as of 10.0.
 */
void weston_seat_init(struct weston_seat *seat, struct weston_compositor *ec, const char *seat_name);
void weston_seat_release(struct weston_seat *seat);
void weston_seat_init_pointer(struct weston_seat *seat);
int weston_seat_init_keyboard(struct weston_seat *seat, struct xkb_keymap *keymap);
int weston_seat_init_touch(struct weston_seat *seat);
struct weston_touch_device *weston_touch_create_touch_device(struct weston_touch *touch, const char *syspath,
                                                             void *backend_data, const void *ops);
void weston_touch_device_destroy(struct weston_touch_device *device);
void notify_motion_absolute(struct weston_seat *seat, const struct timespec *time, double x, double y);
void notify_button(struct weston_seat *seat, const struct timespec *time, int32_t button,
                   enum wl_pointer_button_state state);
void notify_axis(struct weston_seat *seat, const struct timespec *time, struct weston_pointer_axis_event *event);
void notify_axis_source(struct weston_seat *seat, uint32_t source);
void notify_pointer_frame(struct weston_seat *seat);
void notify_key(struct weston_seat *seat, const struct timespec *time, uint32_t key,
                enum wl_keyboard_key_state state, enum weston_key_state_update update_state);
void notify_keyboard_focus_in(struct weston_seat *seat, struct wl_array *keys, enum weston_key_state_update update_state);
void notify_keyboard_focus_out(struct weston_seat *seat);
void notify_touch_normalized(struct weston_touch_device *device, const struct timespec *time, int touch_id,
                             double x, double y, const struct weston_point2d_device_normalized *norm, int touch_type);
void notify_touch_frame(struct weston_touch_device *device);
void weston_output_damage(struct weston_output *output);
void weston_output_disable_planes_incr(struct weston_output *output);
void weston_output_disable_planes_decr(struct weston_output *output);

/* The three gestures of zwp_pointer_gestures_v1. */
typedef enum { GESTURE_SWIPE, GESTURE_PINCH, GESTURE_HOLD } gesture_kind;
static const char *const gesture_names[] = { "swipe", "pinch", "hold" };

/* A gesture object a client made with get_*_gesture. */
typedef struct {
    struct wl_list link;
    struct wl_resource *resource;
    gesture_kind kind;
} gesture_object;

typedef struct connection connection;

/* Fingers down on the module's touch device at once. */
enum { MAX_TOUCHES = 16 };

typedef struct {
    struct weston_compositor *compositor;
    struct weston_seat seat;
    struct weston_touch_device *touch_device;
    int32_t touches_down[MAX_TOUCHES];       /* the ids of the fingers down */
    int touch_count;
    struct wl_global *gestures_global;
    struct wl_list gesture_objects;          /* gesture_object.link */
    /* The gesture under way: its kind and the client whose surface had the pointer at its begin
     * (its updates and end go there, wherever the pointer is). */
    int gesture_open;
    gesture_kind open_kind;
    struct wl_client *gesture_client;
    struct weston_surface *focus_before_off; /* keyboard focus to give back ("keyboard focus on") */
    struct wl_listener focus_surface_destroyed;
    int listen_fd;
    struct wl_event_source *listen_source;
    char socket_path[sizeof(((struct sockaddr_un *)0)->sun_path)];
    struct wl_list connections;              /* connection.link */
    struct wl_listener compositor_destroyed;
} injector;

/* One client of the socket, with its unread bytes. While a screenshot waits for the next repaint,
 * its later lines wait too, so each reply still answers the line before it. */
struct connection {
    struct wl_list link;
    injector *owner;
    int fd;
    struct wl_event_source *source;
    char input[INJECT_MAX_LINE * 4];
    size_t used;
    int discarding;                          /* inside a line too long to keep */
    int waiting_for_frame;
    struct wl_listener frame;
    struct weston_output *frame_output;
    char screenshot_path[INJECT_MAX_PATH + 1];
};

static void now(struct timespec *time) { clock_gettime(CLOCK_MONOTONIC, time); }

static uint32_t milliseconds(const struct timespec *time) {
    return (uint32_t)((uint64_t)time->tv_sec * 1000 + (uint64_t)time->tv_nsec / 1000000);
}

static void reply(connection *c, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void reply(connection *c, const char *format, ...) {
    char line[INJECT_MAX_LINE + 64];
    va_list arguments;
    size_t length;
    const char *next = line;
    va_start(arguments, format);
    vsnprintf(line, sizeof line - 1, format, arguments);
    va_end(arguments);
    length = strlen(line);
    line[length++] = '\n';
    /* Replies are short and the socket is blocking for writes: a client that stops reading
     * stalls only itself. */
    while (length > 0) {
        ssize_t written = write(c->fd, next, length);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) return;
        next += written;
        length -= (size_t)written;
    }
}

/* ---- zwp_pointer_gestures_v1 -------------------------------------------------------------- */

static void gesture_object_destroyed(struct wl_resource *resource) {
    gesture_object *object = wl_resource_get_user_data(resource);
    wl_list_remove(&object->link);
    free(object);
}

static void gesture_destroy_request(struct wl_client *client, struct wl_resource *resource) {
    (void)client;
    wl_resource_destroy(resource);
}

static const struct zwp_pointer_gesture_swipe_v1_interface swipe_implementation = { gesture_destroy_request };
static const struct zwp_pointer_gesture_pinch_v1_interface pinch_implementation = { gesture_destroy_request };
static const struct zwp_pointer_gesture_hold_v1_interface hold_implementation = { gesture_destroy_request };

static void make_gesture(struct wl_client *client, struct wl_resource *manager, uint32_t id, gesture_kind kind) {
    injector *inj = wl_resource_get_user_data(manager);
    static const struct wl_interface *const interfaces[] = {
        &zwp_pointer_gesture_swipe_v1_interface, &zwp_pointer_gesture_pinch_v1_interface,
        &zwp_pointer_gesture_hold_v1_interface };
    static const void *const implementations[] = { &swipe_implementation, &pinch_implementation, &hold_implementation };
    gesture_object *object = calloc(1, sizeof *object);
    if (!object) {
        wl_client_post_no_memory(client);
        return;
    }
    object->resource = wl_resource_create(client, interfaces[kind], wl_resource_get_version(manager), id);
    if (!object->resource) {
        free(object);
        wl_client_post_no_memory(client);
        return;
    }
    object->kind = kind;
    wl_list_insert(&inj->gesture_objects, &object->link);
    wl_resource_set_implementation(object->resource, implementations[kind], object, gesture_object_destroyed);
}

static void get_swipe(struct wl_client *client, struct wl_resource *manager, uint32_t id, struct wl_resource *pointer) {
    (void)pointer;
    make_gesture(client, manager, id, GESTURE_SWIPE);
}

static void get_pinch(struct wl_client *client, struct wl_resource *manager, uint32_t id, struct wl_resource *pointer) {
    (void)pointer;
    make_gesture(client, manager, id, GESTURE_PINCH);
}

static void get_hold(struct wl_client *client, struct wl_resource *manager, uint32_t id, struct wl_resource *pointer) {
    (void)pointer;
    make_gesture(client, manager, id, GESTURE_HOLD);
}

static void release_manager(struct wl_client *client, struct wl_resource *manager) {
    (void)client;
    wl_resource_destroy(manager);
}

static const struct zwp_pointer_gestures_v1_interface gestures_implementation = {
    get_swipe, get_pinch, release_manager, get_hold };

static void bind_gestures(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
    struct wl_resource *manager = wl_resource_create(client, &zwp_pointer_gestures_v1_interface, (int)version, id);
    if (!manager) {
        wl_client_post_no_memory(client);
        return;
    }
    wl_resource_set_implementation(manager, &gestures_implementation, data, NULL);
}

/* ---- Commands ------------------------------------------------------------------------------ */

/* The surface under the pointer, for a gesture's begin; NULL (with an error reply) if none. */
static struct weston_surface *pointer_surface(injector *inj, connection *c) {
    struct weston_pointer *pointer = weston_seat_get_pointer(&inj->seat);
    if (!pointer || !pointer->focus || !pointer->focus->surface->resource) {
        reply(c, "error: no client surface is under the pointer (send pointer motion onto a window first)");
        return NULL;
    }
    return pointer->focus->surface;
}

/* Sends one gesture event to every object of `kind` the gesture's client made. */
#define FOR_GESTURE_OBJECTS(inj, object, wanted) \
    wl_list_for_each(object, &(inj)->gesture_objects, link) \
        if (object->kind == (wanted) && wl_resource_get_client(object->resource) == (inj)->gesture_client)

static void gesture_begin(injector *inj, connection *c, gesture_kind kind, int32_t fingers) {
    struct weston_surface *surface;
    gesture_object *object;
    struct timespec time;
    uint32_t serial;
    if (inj->gesture_open) {
        reply(c, "error: a %s is under way; end it first", gesture_names[inj->open_kind]);
        return;
    }
    if (!(surface = pointer_surface(inj, c))) return;
    now(&time);
    serial = wl_display_next_serial(inj->compositor->wl_display);
    inj->gesture_open = 1;
    inj->open_kind = kind;
    inj->gesture_client = wl_resource_get_client(surface->resource);
    FOR_GESTURE_OBJECTS(inj, object, kind) {
        if (kind == GESTURE_PINCH)
            zwp_pointer_gesture_pinch_v1_send_begin(object->resource, serial, milliseconds(&time), surface->resource, (uint32_t)fingers);
        else if (kind == GESTURE_SWIPE)
            zwp_pointer_gesture_swipe_v1_send_begin(object->resource, serial, milliseconds(&time), surface->resource, (uint32_t)fingers);
        else
            zwp_pointer_gesture_hold_v1_send_begin(object->resource, serial, milliseconds(&time), surface->resource, (uint32_t)fingers);
    }
    reply(c, "ok");
}

static int gesture_under_way(injector *inj, connection *c, gesture_kind kind) {
    if (inj->gesture_open && inj->open_kind == kind) return 1;
    reply(c, "error: no %s under way", gesture_names[kind]);
    return 0;
}

static void gesture_update(injector *inj, connection *c, gesture_kind kind, const inject_command *command) {
    gesture_object *object;
    struct timespec time;
    if (!gesture_under_way(inj, c, kind)) return;
    now(&time);
    FOR_GESTURE_OBJECTS(inj, object, kind) {
        if (kind == GESTURE_PINCH)
            zwp_pointer_gesture_pinch_v1_send_update(object->resource, milliseconds(&time),
                wl_fixed_from_double(command->dx), wl_fixed_from_double(command->dy),
                wl_fixed_from_double(command->scale), wl_fixed_from_double(command->degrees));
        else
            zwp_pointer_gesture_swipe_v1_send_update(object->resource, milliseconds(&time),
                wl_fixed_from_double(command->dx), wl_fixed_from_double(command->dy));
    }
    reply(c, "ok");
}

static void gesture_end(injector *inj, connection *c, gesture_kind kind, int cancelled) {
    gesture_object *object;
    struct timespec time;
    uint32_t serial;
    if (!gesture_under_way(inj, c, kind)) return;
    now(&time);
    serial = wl_display_next_serial(inj->compositor->wl_display);
    FOR_GESTURE_OBJECTS(inj, object, kind) {
        if (kind == GESTURE_PINCH)
            zwp_pointer_gesture_pinch_v1_send_end(object->resource, serial, milliseconds(&time), cancelled);
        else if (kind == GESTURE_SWIPE)
            zwp_pointer_gesture_swipe_v1_send_end(object->resource, serial, milliseconds(&time), cancelled);
        else
            zwp_pointer_gesture_hold_v1_send_end(object->resource, serial, milliseconds(&time), cancelled);
    }
    inj->gesture_open = 0;
    inj->gesture_client = NULL;
    reply(c, "ok");
}

static void forget_focus_surface(injector *inj) {
    if (!inj->focus_before_off) return;
    wl_list_remove(&inj->focus_surface_destroyed.link);
    inj->focus_before_off = NULL;
}

static void focus_surface_destroyed(struct wl_listener *listener, void *data) {
    injector *inj = wl_container_of(listener, inj, focus_surface_destroyed);
    (void)data;
    wl_list_init(&inj->focus_surface_destroyed.link);
    inj->focus_before_off = NULL;
}

/* "keyboard focus off" takes the keyboard from its surface (the client gets wl_keyboard.leave
 * with its keys still down); "on" gives it back (enter, with the keys held). */
static void keyboard_focus(injector *inj, connection *c, int on) {
    struct weston_keyboard *keyboard = weston_seat_get_keyboard(&inj->seat);
    if (!keyboard) {
        reply(c, "error: the seat has no keyboard");
        return;
    }
    if (!on) {
        if (!keyboard->focus) {
            reply(c, "error: no surface has the keyboard focus");
            return;
        }
        forget_focus_surface(inj);
        inj->focus_before_off = keyboard->focus;
        wl_signal_add(&keyboard->focus->destroy_signal, &inj->focus_surface_destroyed);
        weston_keyboard_set_focus(keyboard, NULL);
    } else {
        struct weston_surface *surface = inj->focus_before_off;
        if (!surface) {
            reply(c, "error: no surface to give the keyboard focus back to (keyboard focus off first)");
            return;
        }
        forget_focus_surface(inj);
        weston_keyboard_set_focus(keyboard, surface);
    }
    reply(c, "ok");
}

static void list_views(injector *inj, connection *c) {
    struct weston_view *view;
    wl_list_for_each(view, &inj->compositor->view_list, link) {
        /* Client surfaces only: not the shell's background or a cursor. */
        if (!view->surface->resource || view->surface->width <= 0) continue;
        reply(c, "view %d %d %d %d", (int)view->geometry.x, (int)view->geometry.y, view->surface->width,
              view->surface->height);
    }
    reply(c, "ok");
}

static int touch_index(const injector *inj, int32_t id) {
    int i;
    for (i = 0; i < inj->touch_count; i++)
        if (inj->touches_down[i] == id) return i;
    return -1;
}

/* Checks a touch command against the fingers down (libweston asserts on some mistakes and
 * ignores others silently): a down for a finger down, or a motion or up for one not down, is
 * refused. */
static int touch_allowed(injector *inj, connection *c, const inject_command *command) {
    int index = touch_index(inj, command->id);
    if (command->kind == INJECT_TOUCH_DOWN) {
        if (index >= 0) reply(c, "error: touch %d is already down", command->id);
        else if (inj->touch_count == MAX_TOUCHES) reply(c, "error: %d touches are down already", MAX_TOUCHES);
        else {
            inj->touches_down[inj->touch_count++] = command->id;
            return 1;
        }
        return 0;
    }
    if (index < 0) {
        reply(c, "error: touch %d is not down", command->id);
        return 0;
    }
    if (command->kind == INJECT_TOUCH_UP) inj->touches_down[index] = inj->touches_down[--inj->touch_count];
    return 1;
}

/* The compositor takes every touch, as it does for a system gesture: the client gets
 * wl_touch.cancel. libweston 10's notify_touch_cancel sends nothing under the default touch
 * grab, so the module sends the cancel itself, then lifts the fingers in the seat with the
 * focus gone (the client hears nothing more of them). */
static void touch_cancel(injector *inj) {
    struct weston_touch *touch = inj->seat.touch_state;
    struct wl_resource *resource;
    struct timespec time;
    wl_resource_for_each(resource, &touch->focus_resource_list) wl_touch_send_cancel(resource);
    weston_touch_set_focus(touch, NULL);
    now(&time);
    while (inj->touch_count > 0)
        notify_touch_normalized(inj->touch_device, &time, inj->touches_down[--inj->touch_count], 0, 0, NULL, WL_TOUCH_UP);
}

static void process_lines(connection *c);

/* After the repaint that follows the screenshot command: the whole output as a binary PPM. */
static void screenshot_frame(struct wl_listener *listener, void *data) {
    connection *c = wl_container_of(listener, c, frame);
    struct weston_output *output = c->frame_output;
    struct weston_compositor *compositor = output->compositor;
    int width = output->current_mode->width, height = output->current_mode->height, row, column;
    uint32_t *pixels;
    FILE *file;
    (void)data;
    wl_list_remove(&listener->link);
    weston_output_disable_planes_decr(output);
    c->waiting_for_frame = 0;
    pixels = malloc((size_t)width * (size_t)height * 4);
    if (!pixels) {
        reply(c, "error: no memory for a %dx%d screenshot", width, height);
    } else if (compositor->renderer->read_pixels(output, PIXMAN_a8r8g8b8, pixels, 0, 0, (uint32_t)width,
                                                 (uint32_t)height) != 0) {
        reply(c, "error: the renderer cannot read pixels (start weston with --use-pixman)");
    } else if (!(file = fopen(c->screenshot_path, "wb"))) {
        reply(c, "error: cannot write %s: %s", c->screenshot_path, strerror(errno));
    } else {
        /* The pixman renderer's rows run top to bottom (no y flip, unlike GL's). */
        fprintf(file, "P6\n%d %d\n255\n", width, height);
        for (row = 0; row < height; row++) {
            for (column = 0; column < width; column++) {
                uint32_t p = pixels[(size_t)row * (size_t)width + (size_t)column];
                unsigned char rgb[3] = { (unsigned char)(p >> 16), (unsigned char)(p >> 8), (unsigned char)p };
                fwrite(rgb, 1, 3, file);
            }
        }
        if (fclose(file) != 0) reply(c, "error: cannot write %s", c->screenshot_path);
        else reply(c, "ok");
    }
    free(pixels);
    process_lines(c);
}

static void screenshot(injector *inj, connection *c, const char *path) {
    struct weston_output *output;
    if (wl_list_empty(&inj->compositor->output_list)) {
        reply(c, "error: the compositor has no output");
        return;
    }
    output = wl_container_of(inj->compositor->output_list.next, output, link);
    strcpy(c->screenshot_path, path);
    c->frame_output = output;
    c->frame.notify = screenshot_frame;
    c->waiting_for_frame = 1;
    wl_signal_add(&output->frame_signal, &c->frame);
    weston_output_disable_planes_incr(output);
    weston_output_damage(output);
}

static void execute(injector *inj, connection *c, const inject_command *command) {
    struct weston_seat *seat = &inj->seat;
    struct timespec time;
    now(&time);
    switch (command->kind) {
    case INJECT_TOUCH_DOWN:
    case INJECT_TOUCH_MOTION:
    case INJECT_TOUCH_UP: {
        int type;
        if (!touch_allowed(inj, c, command)) return;
        type = command->kind == INJECT_TOUCH_DOWN ? WL_TOUCH_DOWN : command->kind == INJECT_TOUCH_UP ? WL_TOUCH_UP : WL_TOUCH_MOTION;
        notify_touch_normalized(inj->touch_device, &time, command->id, command->x, command->y, NULL, type);
        break;
    }
    case INJECT_TOUCH_FRAME: notify_touch_frame(inj->touch_device); break;
    case INJECT_TOUCH_CANCEL: touch_cancel(inj); break;
    case INJECT_POINTER_MOTION: notify_motion_absolute(seat, &time, command->x, command->y); break;
    case INJECT_POINTER_BUTTON:
        notify_button(seat, &time, (int32_t)command->code,
                      command->pressed ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED);
        break;
    case INJECT_POINTER_AXIS_SOURCE: notify_axis_source(seat, command->source); break;
    case INJECT_POINTER_AXIS:
    case INJECT_POINTER_AXIS_STOP: {
        /* libweston sends a zero value as wl_pointer.axis_stop. */
        struct weston_pointer_axis_event event;
        memset(&event, 0, sizeof event);
        event.axis = command->axis;
        event.value = command->kind == INJECT_POINTER_AXIS ? command->value : 0;
        event.has_discrete = command->has_discrete;
        event.discrete = command->discrete;
        notify_axis(seat, &time, &event);
        break;
    }
    case INJECT_POINTER_FRAME: notify_pointer_frame(seat); break;
    case INJECT_KEY:
        notify_key(seat, &time, command->code, command->pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED,
                   STATE_UPDATE_AUTOMATIC);
        break;
    case INJECT_KEYBOARD_FOCUS: keyboard_focus(inj, c, command->focus); return;
    case INJECT_PINCH_BEGIN: gesture_begin(inj, c, GESTURE_PINCH, command->fingers); return;
    case INJECT_SWIPE_BEGIN: gesture_begin(inj, c, GESTURE_SWIPE, command->fingers); return;
    case INJECT_HOLD_BEGIN: gesture_begin(inj, c, GESTURE_HOLD, command->fingers); return;
    case INJECT_PINCH_UPDATE: gesture_update(inj, c, GESTURE_PINCH, command); return;
    case INJECT_SWIPE_UPDATE: gesture_update(inj, c, GESTURE_SWIPE, command); return;
    case INJECT_PINCH_END: gesture_end(inj, c, GESTURE_PINCH, command->cancelled); return;
    case INJECT_SWIPE_END: gesture_end(inj, c, GESTURE_SWIPE, command->cancelled); return;
    case INJECT_HOLD_END: gesture_end(inj, c, GESTURE_HOLD, command->cancelled); return;
    case INJECT_VIEWS: list_views(inj, c); return;
    case INJECT_SCREENSHOT: screenshot(inj, c, command->path); return;
    }
    reply(c, "ok");
}

/* ---- The socket ---------------------------------------------------------------------------- */

static void close_connection(connection *c) {
    if (c->waiting_for_frame) {
        wl_list_remove(&c->frame.link);
        weston_output_disable_planes_decr(c->frame_output);
    }
    wl_event_source_remove(c->source);
    close(c->fd);
    wl_list_remove(&c->link);
    free(c);
}

/* Runs the complete lines received, up to a screenshot that must wait for a repaint. */
static void process_lines(connection *c) {
    char *newline;
    while (!c->waiting_for_frame && (newline = memchr(c->input, '\n', c->used))) {
        size_t length = (size_t)(newline - c->input);
        inject_command command;
        char error[INJECT_MAX_LINE];
        *newline = '\0';
        if (c->discarding) {
            c->discarding = 0;
            reply(c, "error: line longer than %d characters", INJECT_MAX_LINE);
        } else {
            switch (inject_parse(c->input, &command, error, sizeof error)) {
            case INJECT_PARSED: execute(c->owner, c, &command); break;
            case INJECT_ERROR: reply(c, "error: %s", error); break;
            case INJECT_SKIP: break;
            }
        }
        memmove(c->input, newline + 1, c->used - length - 1);
        c->used -= length + 1;
    }
}

static int connection_readable(int fd, uint32_t mask, void *data) {
    connection *c = data;
    ssize_t got;
    (void)mask;
    if (c->used == sizeof c->input) {
        /* No newline in a full buffer: the line is too long. Drop it up to its end. */
        c->discarding = 1;
        c->used = 0;
    }
    got = read(fd, c->input + c->used, sizeof c->input - c->used);
    if (got < 0 && (errno == EINTR || errno == EAGAIN)) return 0;
    if (got <= 0) {
        close_connection(c);
        return 0;
    }
    c->used += (size_t)got;
    if (c->discarding) {
        char *newline = memchr(c->input, '\n', c->used);
        if (!newline) {
            c->used = 0;
            return 0;
        }
        /* Keep the newline so process_lines reports the dropped line once. */
        memmove(c->input, newline, c->used - (size_t)(newline - c->input));
        c->used -= (size_t)(newline - c->input);
    }
    process_lines(c);
    return 0;
}

static int listener_readable(int fd, uint32_t mask, void *data) {
    injector *inj = data;
    connection *c;
    int client = accept4(fd, NULL, NULL, SOCK_CLOEXEC);
    (void)mask;
    if (client < 0) return 0;
    c = calloc(1, sizeof *c);
    if (!c) {
        close(client);
        return 0;
    }
    c->owner = inj;
    c->fd = client;
    c->source = wl_event_loop_add_fd(wl_display_get_event_loop(inj->compositor->wl_display), client,
                                     WL_EVENT_READABLE, connection_readable, c);
    wl_list_insert(&inj->connections, &c->link);
    return 0;
}

static void compositor_destroyed(struct wl_listener *listener, void *data) {
    injector *inj = wl_container_of(listener, inj, compositor_destroyed);
    connection *c, *next;
    (void)data;
    wl_list_for_each_safe(c, next, &inj->connections, link) close_connection(c);
    wl_event_source_remove(inj->listen_source);
    close(inj->listen_fd);
    unlink(inj->socket_path);
    forget_focus_surface(inj);
    wl_global_destroy(inj->gestures_global);
    weston_touch_device_destroy(inj->touch_device);
    weston_seat_release(&inj->seat);
    free(inj);
}

static int listen_on(injector *inj) {
    const char *runtime = getenv("XDG_RUNTIME_DIR"), *display = getenv("WAYLAND_DISPLAY");
    struct sockaddr_un address;
    if (!runtime || !display) {
        weston_log("hitkit-inject: XDG_RUNTIME_DIR and WAYLAND_DISPLAY must be set\n");
        return -1;
    }
    memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    if (snprintf(inj->socket_path, sizeof inj->socket_path, "%s/%s.hitkit-inject", runtime, display)
        >= (int)sizeof inj->socket_path) {
        weston_log("hitkit-inject: the socket path under %s is too long\n", runtime);
        return -1;
    }
    strcpy(address.sun_path, inj->socket_path);
    unlink(inj->socket_path);
    inj->listen_fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (inj->listen_fd < 0 || bind(inj->listen_fd, (struct sockaddr *)&address, sizeof address) != 0
        || listen(inj->listen_fd, 4) != 0) {
        weston_log("hitkit-inject: cannot listen on %s: %s\n", inj->socket_path, strerror(errno));
        if (inj->listen_fd >= 0) close(inj->listen_fd);
        return -1;
    }
    inj->listen_source = wl_event_loop_add_fd(wl_display_get_event_loop(inj->compositor->wl_display), inj->listen_fd,
                                              WL_EVENT_READABLE, listener_readable, inj);
    return 0;
}

WL_EXPORT int wet_module_init(struct weston_compositor *compositor, int *argc, char *argv[]) {
    injector *inj = calloc(1, sizeof *inj);
    (void)argc;
    (void)argv;
    if (!inj) return -1;
    inj->compositor = compositor;
    wl_list_init(&inj->gesture_objects);
    wl_list_init(&inj->connections);
    wl_list_init(&inj->focus_surface_destroyed.link);
    inj->focus_surface_destroyed.notify = focus_surface_destroyed;
    if (listen_on(inj) != 0) {
        free(inj);
        return -1;
    }
    weston_seat_init(&inj->seat, compositor, "hitkit-inject");
    weston_seat_init_pointer(&inj->seat);
    /* NULL: the compositor's keymap (evdev rules, "us" layout without a config file). */
    if (weston_seat_init_keyboard(&inj->seat, NULL) < 0) weston_log("hitkit-inject: no keyboard (xkbcommon failed)\n");
    weston_seat_init_touch(&inj->seat);
    inj->touch_device = weston_touch_create_touch_device(inj->seat.touch_state, "hitkit-inject-touch", NULL, NULL);
    /* Version 3: the first with hold gestures. */
    inj->gestures_global = wl_global_create(compositor->wl_display, &zwp_pointer_gestures_v1_interface, 3, inj, bind_gestures);
    inj->compositor_destroyed.notify = compositor_destroyed;
    wl_signal_add(&compositor->destroy_signal, &inj->compositor_destroyed);
    weston_log("hitkit-inject: listening on %s\n", inj->socket_path);
    return 0;
}

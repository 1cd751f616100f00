/*
 * gtk_demo.c - a GTK4 widget that hosts a HitKit app: how a GTK application embeds HitKit for one
 * custom canvas. HitkitCanvas loads a scene file (Behaviour B1), draws its views with GtkSnapshot
 * and feeds HitKit GTK's events:
 *
 *   - touch, pointer motion and buttons, scrolling (discrete wheel notches and smooth touchpad
 *     deltas with the scroll's end) and touchpad pinch and hold through one
 *     GtkEventControllerLegacy, which hands over the raw GdkEvents. The touchpad comes raw
 *     (GdkTouchpadEvent) rather than through GtkGestureZoom and GtkGestureRotate because those
 *     recognize two fingers on a touchscreen as well, which HitKit's own pinch and rotation
 *     already see as touches (the pinch would count twice), and because GTK has no gesture for a
 *     touchpad hold; HitKit does the recognizing, GTK only reports;
 *   - keys through a GtkEventControllerKey, mapped as host/keys.c maps them (HID usage from the
 *     hardware keycode, text from the keyval, text ignoring modifiers from the keymap's first
 *     level), sent as HitKit key frames and printed as `key ...` lines; a key down HitKit left
 *     unhandled goes back to GTK (the handler answers FALSE); a GtkEventControllerFocus cancels
 *     the keys held when the canvas loses focus;
 *   - time: events are stamped on the frame clock's time base (the monotonic clock), and the
 *     canvas moves HitKit's clock on the frame clock's ticks while something animates (a scroll
 *     view's motion), with a one-shot timeout for a timer further off (a double tap's interval),
 *     and neither when hk_app_next_deadline says nothing is due: the canvas sleeps.
 *
 * It prints what Examples/WaylandDemo/host/scene_host.h lists (the scene's delivery log as
 * HitKit writes it, `log: LINE`, among the demo's own lines), plus `ready` after the first
 * frame is drawn, `swipe ...` for touchpad swipes (logged only, Behaviour A9 has none), `key ...`
 * lines and `quit (...)`. It runs on any GDK backend: the run script uses weston with the
 * hitkit-inject module (GDK_BACKEND=wayland) and Xorg with inputtest devices (GDK_BACKEND=x11).
 *
 * usage: gtk_demo [--scene FILE] [--record SCENARIO] [--exit-after SECONDS]
 *   as Examples/WaylandDemo/wayland_demo.c; exit 2 for a missing or malformed scene (HitKit's
 *   located message) or no display.
 */
#include "host/keys.h"
#include "host/scene_host.h"

#include <glib-unix.h>
#include <gtk/gtk.h>
#include <hitkit.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#ifndef HITKIT_DEFAULT_SCENE
#define HITKIT_DEFAULT_SCENE "scenes/demo.json"
#endif

/* A wheel notch, in points (Docs/CAPI.md's advice), as the Wayland demo uses. */
#define POINTS_PER_NOTCH 40.0
/* The pointer's input id; touches take 1 and up. */
#define POINTER_ID 0
enum { MAX_TOUCHES = 16 };
/* A deadline closer than this is an animation tick: the frame clock drives it. */
#define TICK_HORIZON (1.0 / 30)

#define HITKIT_TYPE_CANVAS (hitkit_canvas_get_type())
G_DECLARE_FINAL_TYPE(HitkitCanvas, hitkit_canvas, HITKIT, CANVAS, GtkWidget)

struct _HitkitCanvas {
    GtkWidget parent;
    scene_host *host;
    hk_rect screen;
    host_event_clock clock;
    gint64 start;                       /* monotonic microseconds at creation */
    GdkEventSequence *sequences[MAX_TOUCHES];   /* a touch's id is its index + 1 */
    uint32_t buttons;
    double pointer_x, pointer_y;
    int pointer_inside;
    int continuous_open;                /* a touchpad scroll began and has not ended */
    double pinch_scale;                 /* the last scale of the pinch under way */
    double pinch_rotation;              /* radians since the pinch began (summed deltas) */
    double swipe_dx, swipe_dy;
    keys_held held;
    guint tick;                         /* the tick callback while animating, else 0 */
    guint timeout;                      /* the one-shot timeout for a later timer, else 0 */
    int announced;
};

G_DEFINE_TYPE(HitkitCanvas, hitkit_canvas, GTK_TYPE_WIDGET)

static double now_seconds(const HitkitCanvas *canvas) { return (g_get_monotonic_time() - canvas->start) / 1e6; }

static double event_seconds(HitkitCanvas *canvas, GdkEvent *event) {
    return host_event_clock_seconds(&canvas->clock, gdk_event_get_time(event), now_seconds(canvas));
}

/* ---- Time: HitKit's deadline, the frame clock and a timeout ----------------------------------- */

static void schedule(HitkitCanvas *canvas);

static gboolean on_tick(GtkWidget *widget, GdkFrameClock *frame_clock, gpointer data) {
    HitkitCanvas *canvas = HITKIT_CANVAS(widget);
    (void)data;
    host_advance(canvas->host, (gdk_frame_clock_get_frame_time(frame_clock) - canvas->start) / 1e6, 0);
    if (host_needs_paint(canvas->host)) gtk_widget_queue_draw(widget);
    canvas->tick = 0;
    schedule(canvas);
    return canvas->tick ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

static gboolean on_timeout(gpointer data) {
    HitkitCanvas *canvas = data;
    canvas->timeout = 0;
    host_advance(canvas->host, now_seconds(canvas), 1);
    if (host_needs_paint(canvas->host)) gtk_widget_queue_draw(GTK_WIDGET(canvas));
    schedule(canvas);
    return G_SOURCE_REMOVE;
}

/* Arranges to be woken when HitKit next needs the clock moved, and only then. */
static void schedule(HitkitCanvas *canvas) {
    double deadline = host_next_deadline(canvas->host), wait = deadline - now_seconds(canvas);
    int animating = deadline != INFINITY && wait <= TICK_HORIZON;
    if (canvas->timeout && (animating || deadline == INFINITY)) {
        g_source_remove(canvas->timeout);
        canvas->timeout = 0;
    }
    if (animating) {
        /* on_tick clears `tick` before it calls here, and keeps its callback when it is set. */
        if (!canvas->tick) canvas->tick = gtk_widget_add_tick_callback(GTK_WIDGET(canvas), on_tick, NULL, NULL);
    } else {
        if (canvas->tick) gtk_widget_remove_tick_callback(GTK_WIDGET(canvas), canvas->tick);
        canvas->tick = 0;
        if (deadline != INFINITY && !canvas->timeout)
            canvas->timeout = g_timeout_add((guint)ceil(fmax(0, wait) * 1000), on_timeout, canvas);
    }
}

/* ---- Drawing with GtkSnapshot -------------------------------------------------------------- */

/* host_fill: a rectangle of a view, clipped, in the view's own coordinates through its transform.
 * The transform goes to GtkSnapshot as translate, rotate, skew and scale: a matrix given whole
 * (gtk_snapshot_transform_matrix) counts as 3D, which GSK's cairo renderer paints hot pink. */
static void snapshot_fill(void *context, const hk_transform *t, hk_rect local, host_colour colour, const hk_rect *clip) {
    GtkSnapshot *snapshot = context;
    graphene_rect_t rect;
    GdkRGBA rgba = { colour.r / 255.0f, colour.g / 255.0f, colour.b / 255.0f, 1 };
    /* [a c; b d] = rotation(angle) x [sx k; 0 sy], and [sx k; 0 sy] = skew(k / sy) x scale(sx, sy). */
    double sx = hypot(t->a, t->b), angle = atan2(t->b, t->a), k, sy;
    if (sx == 0) return;
    k = (t->a * t->c + t->b * t->d) / sx;
    sy = (t->a * t->d - t->b * t->c) / sx;
    if (sy == 0) return;
    gtk_snapshot_save(snapshot);
    if (clip) gtk_snapshot_push_clip(snapshot, &GRAPHENE_RECT_INIT((float)clip->x, (float)clip->y, (float)clip->width, (float)clip->height));
    gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT((float)t->tx, (float)t->ty));
    gtk_snapshot_rotate(snapshot, (float)(angle * 180 / M_PI));
    if (k != 0) gtk_snapshot_transform(snapshot, gsk_transform_skew(NULL, (float)(atan(k / sy) * 180 / M_PI), 0));
    gtk_snapshot_scale(snapshot, (float)sx, (float)sy);
    graphene_rect_init(&rect, (float)local.x, (float)local.y, (float)local.width, (float)local.height);
    gtk_snapshot_append_color(snapshot, &rgba, &rect);
    if (clip) gtk_snapshot_pop(snapshot);
    gtk_snapshot_restore(snapshot);
}

static void hitkit_canvas_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    HitkitCanvas *canvas = HITKIT_CANVAS(widget);
    gtk_snapshot_save(snapshot);
    /* The canvas shows HitKit's screen from the scene's first window's origin. */
    gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT((float)-canvas->screen.x, (float)-canvas->screen.y));
    host_paint(canvas->host, snapshot_fill, snapshot);
    gtk_snapshot_restore(snapshot);
    if (!canvas->announced) {
        canvas->announced = 1;
        printf("ready\n");
    }
}

static void hitkit_canvas_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum, int *natural,
                                  int *minimum_baseline, int *natural_baseline) {
    HitkitCanvas *canvas = HITKIT_CANVAS(widget);
    (void)for_size;
    *minimum = *natural = (int)lround(orientation == GTK_ORIENTATION_HORIZONTAL ? canvas->screen.width : canvas->screen.height);
    *minimum_baseline = *natural_baseline = -1;
}

/* ---- GDK events to HitKit frames --------------------------------------------------------------- */

/* An event's location on HitKit's screen: from the surface to the canvas, then the screen. */
static void event_point(HitkitCanvas *canvas, GdkEvent *event, double *x, double *y) {
    GtkNative *native = gtk_widget_get_native(GTK_WIDGET(canvas));
    double sx, sy, surface_x = 0, surface_y = 0;
    gdk_event_get_position(event, &sx, &sy);
    gtk_native_get_surface_transform(native, &surface_x, &surface_y);
    if (!gtk_widget_translate_coordinates(GTK_WIDGET(native), GTK_WIDGET(canvas), sx - surface_x, sy - surface_y, x, y)) {
        *x = sx;
        *y = sy;
    }
    *x += canvas->screen.x;
    *y += canvas->screen.y;
}

static void send(HitkitCanvas *canvas, double time, const hk_touch_input *touches, size_t count, const hk_pointer_input *pointer,
                 const hk_scroll_input *scroll) {
    host_send(canvas->host, time, touches, count, pointer, scroll);
    gtk_widget_queue_draw(GTK_WIDGET(canvas));
    schedule(canvas);
}

static hk_pointer_input pointer_state(const HitkitCanvas *canvas) {
    hk_pointer_input pointer;
    memset(&pointer, 0, sizeof pointer);
    pointer.id = POINTER_ID;
    pointer.has_left = !canvas->pointer_inside;
    pointer.buttons = canvas->buttons;
    pointer.x = canvas->pointer_x;
    pointer.y = canvas->pointer_y;
    pointer.modifiers = host_modifiers(canvas->host);
    return pointer;
}

/* GDK numbers buttons as X does: 1 primary, 2 middle, 3 secondary; HitKit's 2 is secondary. */
static uint32_t button_bit(guint button) {
    if (button == 2) return HK_BUTTON_MIDDLE;
    if (button == 3) return HK_BUTTON_SECONDARY;
    return button >= 1 && button <= 32 ? HK_BUTTON(button) : 0;
}

static gboolean touch_event(HitkitCanvas *canvas, GdkEvent *event, GdkEventType type) {
    GdkEventSequence *sequence = gdk_event_get_event_sequence(event);
    hk_touch_input touch;
    int index;
    memset(&touch, 0, sizeof touch);
    for (index = 0; index < MAX_TOUCHES && canvas->sequences[index] != sequence; index++) {}
    if (type == GDK_TOUCH_BEGIN && index == MAX_TOUCHES)
        for (index = 0; index < MAX_TOUCHES && canvas->sequences[index]; index++) {}
    if (index == MAX_TOUCHES) return FALSE;   /* a sequence that began elsewhere, or too many */
    canvas->sequences[index] = sequence;
    touch.id = index + 1;
    touch.phase = type == GDK_TOUCH_BEGIN ? HK_PHASE_BEGAN : type == GDK_TOUCH_UPDATE ? HK_PHASE_MOVED
                : type == GDK_TOUCH_END ? HK_PHASE_ENDED : HK_PHASE_CANCELLED;
    if (touch.phase != HK_PHASE_CANCELLED) {
        touch.has_location = 1;
        event_point(canvas, event, &touch.x, &touch.y);
    }
    if (touch.phase == HK_PHASE_ENDED || touch.phase == HK_PHASE_CANCELLED) canvas->sequences[index] = NULL;
    send(canvas, event_seconds(canvas, event), &touch, 1, NULL, NULL);
    return TRUE;
}

static void end_continuous_scroll(HitkitCanvas *canvas, double time) {
    hk_scroll_input scroll;
    if (!canvas->continuous_open) return;
    memset(&scroll, 0, sizeof scroll);
    scroll.x = canvas->pointer_x;
    scroll.y = canvas->pointer_y;
    scroll.type = HK_SCROLL_CONTINUOUS;
    scroll.phase = HK_SCROLL_PHASE_ENDED;
    canvas->continuous_open = 0;
    send(canvas, time, NULL, 0, NULL, &scroll);
}

/* Wheel notches (a direction, or smooth deltas in GDK_SCROLL_UNIT_WHEEL) go discrete, 40 points
 * a notch; a touchpad's smooth deltas (GDK_SCROLL_UNIT_SURFACE, pixels) go continuous, began at
 * the first and ended at the event gdk_scroll_event_is_stop marks. Positive deltas show later
 * content: HitKit's delta is negated. */
static gboolean scroll_event(HitkitCanvas *canvas, GdkEvent *event) {
    double time = event_seconds(canvas, event), dx = 0, dy = 0;
    hk_scroll_input scroll;
    memset(&scroll, 0, sizeof scroll);
    scroll.x = canvas->pointer_x;
    scroll.y = canvas->pointer_y;
    switch (gdk_scroll_event_get_direction(event)) {
    case GDK_SCROLL_UP: dy = -1; break;
    case GDK_SCROLL_DOWN: dy = 1; break;
    case GDK_SCROLL_LEFT: dx = -1; break;
    case GDK_SCROLL_RIGHT: dx = 1; break;
    case GDK_SCROLL_SMOOTH: gdk_scroll_event_get_deltas(event, &dx, &dy); break;
    }
    if (gdk_scroll_event_get_direction(event) != GDK_SCROLL_SMOOTH || gdk_scroll_event_get_unit(event) == GDK_SCROLL_UNIT_WHEEL) {
        end_continuous_scroll(canvas, time);
        if (dx == 0 && dy == 0) return TRUE;
        scroll.type = HK_SCROLL_DISCRETE;
        scroll.dx = 0 - dx * POINTS_PER_NOTCH;
        scroll.dy = 0 - dy * POINTS_PER_NOTCH;
    } else {
        scroll.type = HK_SCROLL_CONTINUOUS;
        scroll.dx = 0 - dx;
        scroll.dy = 0 - dy;
        if (gdk_scroll_event_is_stop(event)) {
            if (!canvas->continuous_open) return TRUE;
            scroll.phase = HK_SCROLL_PHASE_ENDED;
            canvas->continuous_open = 0;
        } else {
            scroll.phase = canvas->continuous_open ? HK_SCROLL_PHASE_CHANGED : HK_SCROLL_PHASE_BEGAN;
            canvas->continuous_open = 1;
        }
    }
    send(canvas, time, NULL, 0, NULL, &scroll);
    return TRUE;
}

static gboolean touchpad_event(HitkitCanvas *canvas, GdkEvent *event, GdkEventType type) {
    GdkTouchpadGesturePhase phase = gdk_touchpad_event_get_gesture_phase(event);
    double time = event_seconds(canvas, event);
    int32_t fingers = (int32_t)gdk_touchpad_event_get_n_fingers(event);
    hk_touchpad_gesture gesture;
    static const int32_t phases[] = {
        [GDK_TOUCHPAD_GESTURE_PHASE_BEGIN] = HK_TOUCHPAD_PHASE_BEGAN,
        [GDK_TOUCHPAD_GESTURE_PHASE_UPDATE] = HK_TOUCHPAD_PHASE_CHANGED,
        [GDK_TOUCHPAD_GESTURE_PHASE_END] = HK_TOUCHPAD_PHASE_ENDED,
        [GDK_TOUCHPAD_GESTURE_PHASE_CANCEL] = HK_TOUCHPAD_PHASE_CANCELLED,
    };
    if (type == GDK_TOUCHPAD_SWIPE) {
        double dx, dy;
        static const char *const names[] = { "begin", "update", "end", "cancelled" };
        if (phase == GDK_TOUCHPAD_GESTURE_PHASE_BEGIN) canvas->swipe_dx = canvas->swipe_dy = 0;
        gdk_touchpad_event_get_deltas(event, &dx, &dy);
        canvas->swipe_dx += dx;
        canvas->swipe_dy += dy;
        printf("swipe %s fingers %d delta %.2f,%.2f\n", names[phase], fingers, canvas->swipe_dx, canvas->swipe_dy);
        return TRUE;
    }
    memset(&gesture, 0, sizeof gesture);
    gesture.phase = phases[phase];
    gesture.x = canvas->pointer_x;
    gesture.y = canvas->pointer_y;
    gesture.fingers = fingers;
    gesture.scale = 1;
    if (type == GDK_TOUCHPAD_PINCH) {
        /* The scale is since the begin; the angle comes as radians since the last event: summed. */
        if (phase == GDK_TOUCHPAD_GESTURE_PHASE_BEGIN) canvas->pinch_rotation = 0;
        canvas->pinch_rotation += gdk_touchpad_event_get_pinch_angle_delta(event);
        /* GDK's Wayland backend gives the end (and cancel) a scale of 1, not the gesture's last:
         * the end carries the last update's scale, as HitKit's recognizers expect. */
        if (phase == GDK_TOUCHPAD_GESTURE_PHASE_BEGIN || phase == GDK_TOUCHPAD_GESTURE_PHASE_UPDATE)
            canvas->pinch_scale = gdk_touchpad_event_get_pinch_scale(event);
        gesture.kind = HK_TOUCHPAD_PINCH;
        gesture.scale = canvas->pinch_scale;
        gesture.rotation = canvas->pinch_rotation;
    } else {
        gesture.kind = HK_TOUCHPAD_HOLD;
        /* GDK's hold has no update phase, and HitKit's none either. */
        if (phase == GDK_TOUCHPAD_GESTURE_PHASE_UPDATE) return TRUE;
    }
    host_send_touchpad(canvas->host, time, &gesture);
    gtk_widget_queue_draw(GTK_WIDGET(canvas));
    schedule(canvas);
    return TRUE;
}

static gboolean on_event(GtkEventControllerLegacy *controller, GdkEvent *event, gpointer data) {
    HitkitCanvas *canvas = data;
    GdkEventType type = gdk_event_get_event_type(event);
    hk_pointer_input pointer;
    (void)controller;
    switch (type) {
    case GDK_TOUCH_BEGIN:
    case GDK_TOUCH_UPDATE:
    case GDK_TOUCH_END:
    case GDK_TOUCH_CANCEL:
        return touch_event(canvas, event, type);
    case GDK_MOTION_NOTIFY:
    case GDK_BUTTON_PRESS:
    case GDK_BUTTON_RELEASE:
    case GDK_ENTER_NOTIFY:
        /* GTK also makes pointer events from the first touch: the touch itself went as one. */
        if (gdk_event_get_pointer_emulated(event)) return FALSE;
        event_point(canvas, event, &canvas->pointer_x, &canvas->pointer_y);
        canvas->pointer_inside = 1;
        if (type == GDK_BUTTON_PRESS) canvas->buttons |= button_bit(gdk_button_event_get_button(event));
        if (type == GDK_BUTTON_RELEASE) canvas->buttons &= ~button_bit(gdk_button_event_get_button(event));
        if (type == GDK_BUTTON_PRESS) gtk_widget_grab_focus(GTK_WIDGET(canvas));
        pointer = pointer_state(canvas);
        send(canvas, event_seconds(canvas, event), NULL, 0, &pointer, NULL);
        return TRUE;
    case GDK_LEAVE_NOTIFY:
        /* GTK grabs the pointer while a button is down, so a leave comes with none held. */
        if (canvas->buttons || !canvas->pointer_inside) return FALSE;
        end_continuous_scroll(canvas, event_seconds(canvas, event));
        canvas->pointer_inside = 0;
        pointer = pointer_state(canvas);
        send(canvas, event_seconds(canvas, event), NULL, 0, &pointer, NULL);
        return TRUE;
    case GDK_SCROLL:
        return scroll_event(canvas, event);
    case GDK_TOUCHPAD_PINCH:
    case GDK_TOUCHPAD_HOLD:
    case GDK_TOUCHPAD_SWIPE:
        return touchpad_event(canvas, event, type);
    default:
        return FALSE;
    }
}

/* ---- Keys ------------------------------------------------------------------------------------ */

static uint32_t key_modifiers(GdkModifierType state) {
    uint32_t flags = 0;
    if (state & GDK_SHIFT_MASK) flags |= HK_MOD_SHIFT;
    if (state & GDK_CONTROL_MASK) flags |= HK_MOD_CONTROL;
    if (state & GDK_ALT_MASK) flags |= HK_MOD_ALTERNATE;
    if (state & (GDK_SUPER_MASK | GDK_META_MASK)) flags |= HK_MOD_COMMAND;
    if (state & GDK_LOCK_MASK) flags |= HK_MOD_ALPHA_SHIFT;
    return flags;
}

/* Maps a key as host/keys.c does and prints it: GTK's keyvals are xkbcommon keysyms, its
 * hardware keycodes are evdev's plus 8 on X11 and Wayland alike. */
static void map_key(HitkitCanvas *canvas, GtkEventControllerKey *controller, guint keyval, guint keycode,
                    GdkModifierType state, keys_phase phase, keys_event *key) {
    GdkEvent *event = gtk_event_controller_get_current_event(GTK_EVENT_CONTROLLER(controller));
    guint base = keyval;
    int level;
    GdkModifierType consumed;
    char line[256];
    memset(key, 0, sizeof *key);
    key->phase = phase;
    key->evdev = keycode >= 8 ? keycode - 8 : 0;
    key->code = keys_hid_usage(key->evdev);
    keys_keysym_text(keyval, key->characters);
    /* Ignoring the modifiers: the keysym the key gives with none held, in the event's layout. */
    gdk_display_translate_key(gtk_widget_get_display(GTK_WIDGET(canvas)), keycode, 0,
                              event ? (int)gdk_key_event_get_layout(event) : 0, &base, NULL, &level, &consumed);
    keys_keysym_text(base, key->ignoring_modifiers);
    key->modifiers = key_modifiers(state) | keys_own_modifier(key->code) | keys_keypad_modifier(key->code);
    keys_describe(key, line, sizeof line);
    printf("%s\n", line);
}

/* Maps, prints and sends one key event; returns HitKit's outcome (HK_KEY_). */
static int send_key(HitkitCanvas *canvas, GtkEventControllerKey *controller, guint keyval, guint keycode,
                    GdkModifierType state, keys_phase phase) {
    GdkEvent *event = gtk_event_controller_get_current_event(GTK_EVENT_CONTROLLER(controller));
    keys_event key;
    hk_key_input input;
    uint8_t outcome;
    map_key(canvas, controller, keyval, keycode, state, phase, &key);
    keys_input(&key, &input);
    host_send_keys(canvas->host, event ? event_seconds(canvas, event) : now_seconds(canvas), &input, 1, &outcome);
    schedule(canvas);
    gtk_widget_queue_draw(GTK_WIDGET(canvas));
    return outcome;
}

static gboolean on_key_pressed(GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state, gpointer data) {
    HitkitCanvas *canvas = data;
    /* GTK repeats a held key itself (client-side on Wayland, X's autorepeat on X11): a press of a
     * key already down is a repeat (Behaviour A10). */
    int repeat = keys_held_down(&canvas->held, keycode), outcome;
    if (repeat < 0) return FALSE;
    host_set_modifiers(canvas->host, key_modifiers(state));
    outcome = send_key(canvas, controller, keyval, keycode, state, repeat ? KEYS_REPEAT : KEYS_DOWN);
    /* What HitKit did not take is GTK's (a Tab HitKit left goes to GTK's focus chain). */
    return outcome != HK_KEY_UNHANDLED && outcome != HK_KEY_UNHANDLED_REPEAT;
}

static void on_key_released(GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state, gpointer data) {
    HitkitCanvas *canvas = data;
    if (keys_held_up(&canvas->held, keycode)) send_key(canvas, controller, keyval, keycode, state, KEYS_UP);
}

static gboolean on_modifiers(GtkEventControllerKey *controller, GdkModifierType state, gpointer data) {
    HitkitCanvas *canvas = data;
    (void)controller;
    host_set_modifiers(canvas->host, key_modifiers(state));
    return FALSE;
}

/* The canvas lost the keyboard: every key held is cancelled in one frame (their releases go
 * elsewhere). */
static void on_focus_leave(GtkEventControllerFocus *controller, gpointer data) {
    HitkitCanvas *canvas = data;
    GtkEventControllerKey *keys = g_object_get_data(G_OBJECT(controller), "keys");
    keys_event events[KEYS_MAX_HELD];
    hk_key_input inputs[KEYS_MAX_HELD];
    size_t count = 0;
    while (canvas->held.count > 0) {
        guint keycode = canvas->held.codes[0];
        guint keyval = 0;
        keys_held_up(&canvas->held, keycode);
        gdk_display_translate_key(gtk_widget_get_display(GTK_WIDGET(canvas)), keycode, 0, 0, &keyval, NULL, NULL, NULL);
        map_key(canvas, keys, keyval, keycode, 0, KEYS_CANCELLED, &events[count]);
        keys_input(&events[count], &inputs[count]);
        count++;
    }
    host_send_keys(canvas->host, now_seconds(canvas), inputs, count, NULL);
    schedule(canvas);
    gtk_widget_queue_draw(GTK_WIDGET(canvas));
}

/* ---- The widget -------------------------------------------------------------------------------- */

static void hitkit_canvas_dispose(GObject *object) {
    HitkitCanvas *canvas = HITKIT_CANVAS(object);
    if (canvas->timeout) g_source_remove(canvas->timeout);
    canvas->timeout = 0;
    if (canvas->host) host_destroy(canvas->host);
    canvas->host = NULL;
    G_OBJECT_CLASS(hitkit_canvas_parent_class)->dispose(object);
}

static void hitkit_canvas_class_init(HitkitCanvasClass *class) {
    GTK_WIDGET_CLASS(class)->snapshot = hitkit_canvas_snapshot;
    GTK_WIDGET_CLASS(class)->measure = hitkit_canvas_measure;
    G_OBJECT_CLASS(class)->dispose = hitkit_canvas_dispose;
}

static void hitkit_canvas_init(HitkitCanvas *canvas) {
    GtkEventController *legacy = gtk_event_controller_legacy_new(), *keys = gtk_event_controller_key_new(),
                       *focus = gtk_event_controller_focus_new();
    canvas->start = g_get_monotonic_time();
    host_event_clock_init(&canvas->clock);
    g_signal_connect(legacy, "event", G_CALLBACK(on_event), canvas);
    g_signal_connect(keys, "key-pressed", G_CALLBACK(on_key_pressed), canvas);
    g_signal_connect(keys, "key-released", G_CALLBACK(on_key_released), canvas);
    g_signal_connect(keys, "modifiers", G_CALLBACK(on_modifiers), canvas);
    g_object_set_data(G_OBJECT(focus), "keys", keys);
    g_signal_connect(focus, "leave", G_CALLBACK(on_focus_leave), canvas);
    gtk_widget_add_controller(GTK_WIDGET(canvas), legacy);
    gtk_widget_add_controller(GTK_WIDGET(canvas), keys);
    gtk_widget_add_controller(GTK_WIDGET(canvas), focus);
    gtk_widget_set_focusable(GTK_WIDGET(canvas), TRUE);
}

/* A canvas showing the app `host` holds (the canvas owns it from now on). */
static GtkWidget *hitkit_canvas_new(scene_host *host) {
    HitkitCanvas *canvas = g_object_new(HITKIT_TYPE_CANVAS, NULL);
    canvas->host = host;
    canvas->screen = host_screen(host);
    schedule(canvas);
    return GTK_WIDGET(canvas);
}

/* ---- main ---------------------------------------------------------------------------------------- */

static int running = 1;

static gboolean on_signal(gpointer data) {
    (void)data;
    printf("quit (signal)\n");
    running = 0;
    g_main_context_wakeup(NULL);
    return G_SOURCE_REMOVE;
}

static gboolean on_exit_limit(gpointer data) {
    printf("quit (exit after %g s)\n", *(double *)data);
    running = 0;
    return G_SOURCE_REMOVE;
}

static gboolean on_close(GtkWindow *window, gpointer data) {
    (void)window; (void)data;
    printf("quit (window closed)\n");
    running = 0;
    return FALSE;
}

int main(int argc, char **argv) {
    host_options options;
    scene_host *host;
    GtkWidget *window, *canvas;
    if (!host_parse_options(argc, argv, HITKIT_DEFAULT_SCENE, &options)) return 64;
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (!(host = host_open(&options, stdout))) return 2;
    if (!gtk_init_check()) {
        fprintf(stderr, "GTK cannot open a display\n");
        return 2;
    }
    printf("gdk backend %s\n", G_OBJECT_TYPE_NAME(gdk_display_get_default()));
    window = gtk_window_new();
    gtk_window_set_title(GTK_WINDOW(window), "HitKit GTK4 demo");
    /* No title bar: the canvas is the whole window, at the screen's origin on a bare X server. */
    gtk_window_set_decorated(GTK_WINDOW(window), FALSE);
    canvas = hitkit_canvas_new(host);
    gtk_window_set_child(GTK_WINDOW(window), canvas);
    g_signal_connect(window, "close-request", G_CALLBACK(on_close), NULL);
    gtk_window_present(GTK_WINDOW(window));
    gtk_widget_grab_focus(canvas);
    g_unix_signal_add(SIGTERM, on_signal, NULL);
    g_unix_signal_add(SIGINT, on_signal, NULL);
    if (options.exit_after < INFINITY) g_timeout_add((guint)(options.exit_after * 1000), on_exit_limit, &options.exit_after);
    while (running) g_main_context_iteration(NULL, TRUE);
    gtk_window_destroy(GTK_WINDOW(window));
    return 0;
}

/*
 * scene_host.h - what a toolkit does around a HitKit app loaded from a scene file (Behaviour
 * B1), shared by the Wayland and GTK4 demos: it finds the scene's views and recognizers, gives
 * them the behaviour a user sees (a pan drags its view, pinch and rotation zoom and turn theirs, a
 * control lights up while pressed, a tap toggles its view, a scroll view's rows move), paints the
 * views through a callback of the demo's, sends the demo's input frames, prints the scene's
 * delivery log (B6) as HitKit writes it with one line of its own for each thing the demo did, and
 * records every frame it sends as a scenario (Behaviour B5), whose replay, `hitkit replay FILE`,
 * prints the same delivery log.
 *
 * Lines on `out` (one each, for the run scripts):
 *   log: LINE                    a line of the scene's delivery log (Behaviour B6), as it is
 *                                written (hk_scene_set_log_callback)
 *   layout ID X Y W H            each view with a scene id: its frame on the screen, at load
 *   input T ...                  each frame sent: its touches, pointer, scroll, touchpad step,
 *                                or keys (`key down|up|cancelled CODE modifiers FLAGS`)
 *   key unhandled CODE           a key down no responder, key command or focus movement took
 *   rejected ...                 input HitKit refused (Behaviour A3), with its reason
 *   ID EVENT                     a scene control's event (touchDown, touchUpInside ...)
 *   ID scale S rotation DEG      a zoomed view's transform when its pinch or rotation ends
 *   ID at X,Y                    a dragged view's origin when its pan ends
 *   ID put back                  a dragged view back where the scene put it (the scene's action
 *                                `putBack`, from a key command or a menu item)
 *   ID past its end              a scroll view's motion after a flick went past its content's
 *                                end (Behaviour A6.1)
 *   wake deadline T              the loop woke with no input because a HitKit timer was due
 */
#ifndef HITKIT_SCENE_HOST_H
#define HITKIT_SCENE_HOST_H

#include <hitkit.h>
#include <stdint.h>
#include <stdio.h>

typedef struct scene_host scene_host;

typedef struct { uint8_t r, g, b; } host_colour;

/* Paints one rectangle: `local` in a view's bounds coordinates, mapped to the screen by
 * `to_screen`, clipped to the screen rectangle `clip` (NULL: not clipped). Called back to
 * front. */
typedef void (*host_fill)(void *context, const hk_transform *to_screen, hk_rect local, host_colour colour,
                          const hk_rect *clip);

/* A demo's command line: [--scene FILE] [--record SCENARIO] [--exit-after SECONDS]. */
typedef struct {
    const char *scene;          /* the scene file */
    const char *record;         /* where to record the frames sent (Behaviour B5), or NULL */
    double exit_after;          /* seconds before the demo stops by itself; infinity: never */
} host_options;

/* Reads the options (`scene` defaults to `default_scene`); 0, with the usage on stderr, for
 * anything else. */
int host_parse_options(int argc, char **argv, const char *default_scene, host_options *out);
/* Checks the library's version, loads the scene and starts the recording asked for; NULL, with
 * the reason on stderr (for a scene, HitKit's located message), when the demo cannot start. */
scene_host *host_open(const host_options *options, FILE *out);

/* Loads the scene. On failure returns NULL with HitKit's located message (file, JSON path,
 * reason) in `error`. */
scene_host *host_load(const char *scene_path, FILE *out, char *error, size_t error_size);
void host_destroy(scene_host *host);
hk_app *host_app(scene_host *host);
/* The screen area the demo shows: the scene's first window's frame. */
hk_rect host_screen(const scene_host *host);
/* Writes every frame sent from now on to `path` as a scenario of the scene file; 0 on failure. */
int host_record(scene_host *host, const char *path);

/* Input, timestamped in the host's clock (seconds). Frames whose time would go back are sent at
 * the app's time instead (an event that happened before the last advance). */
void host_send(scene_host *host, double time, const hk_touch_input *touches, size_t count,
               const hk_pointer_input *pointer, const hk_scroll_input *scroll);
void host_send_touchpad(scene_host *host, double time, const hk_touchpad_gesture *gesture);
/* The most key events one host_send_keys sends (every key a keyboard holds at once). */
#define HOST_MAX_FRAME_KEYS 32
/* Key events (Behaviour A10), at most HOST_MAX_FRAME_KEYS: a repeat is a down of a key already
 * down, a cancellation the host giving up on a key held (its window lost the keyboard).
 * `outcomes` (may be NULL) gets each event's HK_KEY_ outcome: a key down HitKit left unhandled is
 * the host's to use. */
void host_send_keys(scene_host *host, double time, const hk_key_input *keys, size_t count, uint8_t *outcomes);
/* Moves the app's clock to `now`: fires the timers due, moves what moves, records the step;
 * `woke` says the loop woke for nothing but HitKit (logged when a timer was due). */
void host_advance(scene_host *host, double now, int woke);
/* When HitKit next wants the clock moved (a timer, or an animation tick), or infinity. */
double host_next_deadline(const scene_host *host);
/* Whether something visible changed since the last host_paint. */
int host_needs_paint(const scene_host *host);
void host_paint(scene_host *host, host_fill fill, void *context);
/* The HK_MOD_ flags the pointer's frames carry (the keyboard's modifiers). */
void host_set_modifiers(scene_host *host, uint32_t modifiers);
uint32_t host_modifiers(const scene_host *host);

/* The palette, shared with the X11 and SDL demos (Examples/X11Demo/screenshot-checks.sh). */
extern const host_colour host_background, host_button_normal, host_button_highlighted, host_draggable,
    host_target_idle, host_target_toggled, host_hover_idle, host_hover_highlighted, host_row_even,
    host_row_odd, host_photo_sky, host_photo_ground, host_photo_sun, host_plain, host_focus_ring, host_card,
    host_card_lifted, host_drag_preview, host_drop_target, host_dropped, host_menu_item, host_menu_item_highlighted,
    host_menu_item_disabled;
/* Rows a scroll view draws in its content, in points. */
#define HOST_ROW_HEIGHT 40.0

/*
 * Compositor event times (milliseconds, 32 bits, from a base the host does not know) in the
 * host's clock: the offset is taken at the first event, wrap-arounds are followed, and times
 * never go back.
 */
typedef struct {
    int started;
    double offset;          /* host seconds minus event seconds */
    uint32_t last_ms;
    double wraps;           /* seconds added by wrap-arounds so far */
    double last;            /* the last time returned */
} host_event_clock;

void host_event_clock_init(host_event_clock *clock);
/* The host time of an event stamped `ms`, received at host time `now`. */
double host_event_clock_seconds(host_event_clock *clock, uint32_t ms, double now);

#endif

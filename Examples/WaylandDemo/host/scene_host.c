/*
 * scene_host.c - a HitKit app loaded from a scene file, with a toolkit's behaviour, painting,
 * input and recording around it (scene_host.h).
 *
 * The C API finds scene objects by id (hk_scene_view, hk_scene_gesture) but does not list them,
 * so the host reads the ids out of the scene file: every `"id": "..."` string (ids are letters,
 * digits, `_`, `-` and `.`, Behaviour B1, so no escapes) is asked for as a view and as a
 * recognizer; the answers that resolve are the scene's objects. From the views it climbs to the
 * windows and walks each window's tree back to front, which is the order it paints in.
 */
#include "scene_host.h"

#include "interactions.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

const host_colour host_background = { 0x20, 0x28, 0x30 }, host_button_normal = { 0x20, 0x60, 0xC0 },
    host_button_highlighted = { 0xF0, 0xC0, 0x20 }, host_draggable = { 0x30, 0xA0, 0x50 },
    host_target_idle = { 0x80, 0x40, 0xA0 }, host_target_toggled = { 0xD0, 0x30, 0x40 },
    host_hover_idle = { 0x40, 0x60, 0x70 }, host_hover_highlighted = { 0x60, 0xC0, 0xE0 },
    host_row_even = { 0x3C, 0x46, 0x50 }, host_row_odd = { 0x88, 0x90, 0xA0 },
    host_photo_sky = { 0x4A, 0x90, 0xD0 }, host_photo_ground = { 0x3C, 0x8C, 0x3C },
    host_photo_sun = { 0xF0, 0xE0, 0x60 }, host_plain = { 0x50, 0x60, 0x70 }, host_focus_ring = { 0x00, 0xE0, 0xA0 },
    host_card = { 0xC0, 0x50, 0x80 }, host_card_lifted = { 0xE0, 0x80, 0xB0 }, host_drag_preview = { 0xF0, 0xA0, 0x30 },
    host_drop_target = { 0x40, 0xE0, 0x80 }, host_dropped = { 0x2E, 0x8B, 0x8B }, host_menu_item = { 0x30, 0x30, 0x38 },
    host_menu_item_highlighted = { 0x30, 0x70, 0xF0 }, host_menu_item_disabled = { 0x60, 0x60, 0x68 };

/* The focus ring: this many points around the focused view's frame. */
#define FOCUS_RING_WIDTH 3.0

/* What a view looks like and does, from what it is and the recognizers it has. */
typedef enum {
    ROLE_WINDOW, ROLE_SCROLL_VIEW, ROLE_CONTROL, ROLE_PHOTO, ROLE_DRAGGABLE, ROLE_HOVER, ROLE_TARGET, ROLE_CARD, ROLE_TRAY,
    ROLE_PLAIN
} role;

typedef struct {
    scene_host *host;
    hk_view view;
    const char *id;
    role role;
    size_t subtree_end;         /* the index in scene_host.views just past its subviews */
    int highlighted;            /* a control being pressed, a hover target under the pointer */
    int toggled;                /* a tap target */
    hk_rect pan_start;          /* a dragged view's frame when its pan began */
    hk_rect home;               /* its frame as the scene put it, where `putBack` returns it */
    /* A photo: the committed scale and rotation, and the current gestures' on top. */
    double base_scale, base_rotation, gesture_scale, gesture_rotation;
    int gestures_active;
    int past_end;               /* a scroll view's motion has gone past its content's end */
    host_interaction *interaction;  /* a card's drag, a tray's drop */
} hosted_view;

typedef struct {
    scene_host *host;
    hk_gesture gesture;
    const char *id;
    hk_gesture_kind kind;
    hosted_view *view;
} hosted_gesture;

struct scene_host {
    hk_app *app;
    hk_store *store;
    FILE *out;
    char *ids;                  /* the ids read from the file, NUL-separated */
    hosted_view *views;         /* in paint order */
    size_t view_count;
    hosted_gesture *gestures;
    size_t gesture_count;
    hk_rect screen;
    int needs_paint;
    uint32_t modifiers;
    FILE *recording;
    int recorded_steps;
    /* The host's own changes to views during the last delivery, as B5 edits ("{...}, {...}"). */
    char edits[4096];
    size_t edits_used;
    char *scene_path;
    host_interactions interactions;
    hk_point last_point;        /* where the last touch or pointer sent was: a drag preview's place */
};

/* Stops on a HitKit call the host does not expect to fail (its own calls on live handles). */
static void check(hk_status status, const char *what) {
    if (status == HK_OK) return;
    fprintf(stderr, "%s: %s (%s)\n", what, hk_status_name(status), hk_last_error_message());
    exit(1);
}

/* Notes a change the host made to a view (its frame or transform) for the recording: the replay
 * makes it too (Behaviour B5 "edits"), so later input meets the views where the demo's user saw
 * them. */
static void note_edit(scene_host *host, const char *id, const char *key, const double *values, int count) {
    char edit[512];
    int used, i;
    if (!host->recording) return;
    used = snprintf(edit, sizeof edit, "%s{ \"view\": \"%s\", \"set\": { \"%s\": [", host->edits_used ? ", " : "", id, key);
    for (i = 0; i < count; i++) used += snprintf(edit + used, sizeof edit - (size_t)used, "%s%.17g", i ? ", " : "", values[i]);
    used += snprintf(edit + used, sizeof edit - (size_t)used, "] } }");
    if (host->edits_used + (size_t)used + 1 > sizeof host->edits) {
        fprintf(stderr, "too many view edits in one frame to record\n");
        exit(1);
    }
    memcpy(host->edits + host->edits_used, edit, (size_t)used + 1);
    host->edits_used += (size_t)used;
}

static void follow_log(scene_host *host, const char *line);

/* The scene's delivery log (Behaviour B6), one line at a time as HitKit writes it. */
static void on_log_line(const char *line, size_t length, void *user_data) {
    scene_host *host = user_data;
    fputs("log: ", host->out);
    fwrite(line, 1, length, host->out);
    fputc('\n', host->out);
    follow_log(host, line);
}

/* ---- Finding the scene's objects ---------------------------------------------------------- */

static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    char *text = NULL;
    long size;
    if (!file) return NULL;
    if (fseek(file, 0, SEEK_END) == 0 && (size = ftell(file)) >= 0 && fseek(file, 0, SEEK_SET) == 0
        && (text = malloc((size_t)size + 1))) {
        if (fread(text, 1, (size_t)size, file) != (size_t)size) {
            free(text);
            text = NULL;
        } else {
            text[size] = '\0';
        }
    }
    fclose(file);
    return text;
}

static int id_character(char c) { return isalnum((unsigned char)c) || c == '_' || c == '-' || c == '.'; }

/* The values of every "id" key, NUL-separated and ending with an empty string. */
static char *scene_ids(const char *text) {
    char *ids = malloc(strlen(text) + 2), *next = ids;
    const char *at = text;
    if (!ids) return NULL;
    while ((at = strstr(at, "\"id\""))) {
        const char *value = at + 4, *end;
        at += 4;
        while (isspace((unsigned char)*value)) value++;
        if (*value++ != ':') continue;
        while (isspace((unsigned char)*value)) value++;
        if (*value++ != '"') continue;
        for (end = value; id_character(*end); end++) {}
        if (*end != '"' || end == value) continue;
        memcpy(next, value, (size_t)(end - value));
        next += end - value;
        *next++ = '\0';
    }
    *next = '\0';
    return ids;
}

#define FOR_EACH_ID(host, id) for (const char *id = (host)->ids; *id; id += strlen(id) + 1)

static int view_listed(const hk_view *views, size_t count, hk_view view) {
    size_t i;
    for (i = 0; i < count; i++)
        if (hk_view_equal(views[i], view)) return 1;
    return 0;
}

/* Views in paint order, each with the index just past its subtree. */
typedef struct {
    hk_view *views;
    size_t *ends;
    size_t count, capacity;
} tree_order;

/* Appends `view` and its subtree, back to front. */
static void walk(hk_store *store, hk_view view, tree_order *order) {
    size_t index;
    hk_view subview;
    if (order->count == order->capacity) {
        order->capacity = order->capacity ? order->capacity * 2 : 32;
        order->views = realloc(order->views, order->capacity * sizeof *order->views);
        order->ends = realloc(order->ends, order->capacity * sizeof *order->ends);
        if (!order->views || !order->ends) exit(1);
    }
    index = order->count++;
    order->views[index] = view;
    check(hk_view_first_subview(store, view, &subview), "first subview");
    while (!hk_view_is_none(subview)) {
        walk(store, subview, order);
        check(hk_view_next_sibling(store, subview, &subview), "next sibling");
    }
    order->ends[index] = order->count;
}

static hosted_view *hosted(scene_host *host, hk_view view) {
    size_t i;
    for (i = 0; i < host->view_count; i++)
        if (hk_view_equal(host->views[i].view, view)) return &host->views[i];
    return NULL;
}

/* ---- Behaviour ------------------------------------------------------------------------------ */

static void apply_photo_transform(hosted_view *v) {
    double scale = v->base_scale * v->gesture_scale, angle = v->base_rotation + v->gesture_rotation;
    hk_transform t;
    /* Screen y grows downwards, so this turns clockwise on the screen for a positive angle. */
    t.a = scale * cos(angle);
    t.b = scale * sin(angle);
    t.c = -scale * sin(angle);
    t.d = scale * cos(angle);
    t.tx = t.ty = 0;
    check(hk_view_set_transform(v->host->store, v->view, t), "photo transform");
    {
        const double values[6] = { t.a, t.b, t.c, t.d, t.tx, t.ty };
        note_edit(v->host, v->id, "transform", values, 6);
    }
}

/* Pinch and rotation on one view zoom and turn it; a cancelled gesture puts back what it did. */
static void photo_gesture(hosted_gesture *g, const hk_gesture_event *event) {
    hosted_view *v = g->view;
    int pinch = g->kind == HK_GESTURE_PINCH;
    switch (event->state) {
    case HK_STATE_BEGAN:
        v->gestures_active++;
        /* fall through */
    case HK_STATE_CHANGED:
        if (pinch) v->gesture_scale = event->scale;
        else v->gesture_rotation = event->rotation;
        break;
    case HK_STATE_ENDED:
    case HK_STATE_CANCELLED:
        if (event->state == HK_STATE_ENDED) {
            if (pinch) v->base_scale *= event->scale;
            else v->base_rotation += event->rotation;
        }
        if (pinch) v->gesture_scale = 1;
        else v->gesture_rotation = 0;
        if (v->gestures_active > 0 && --v->gestures_active == 0)
            fprintf(v->host->out, "%s scale %.2f rotation %.2f\n", v->id, v->base_scale, v->base_rotation * 180 / M_PI);
        break;
    default:
        return;
    }
    apply_photo_transform(v);
}

static void drag_gesture(hosted_gesture *g, const hk_gesture_event *event) {
    hosted_view *v = g->view;
    hk_rect frame;
    if (event->state == HK_STATE_BEGAN) check(hk_view_frame(v->host->store, v->view, &v->pan_start), "frame");
    if (event->state != HK_STATE_BEGAN && event->state != HK_STATE_CHANGED && event->state != HK_STATE_ENDED) return;
    /* The translation is the travel since the pan began; the view moves with it. */
    frame = v->pan_start;
    frame.x += event->translation.x;
    frame.y += event->translation.y;
    check(hk_view_set_frame(v->host->store, v->view, frame), "drag");
    {
        const double values[4] = { frame.x, frame.y, frame.width, frame.height };
        note_edit(v->host, v->id, "frame", values, 4);
    }
    if (event->state == HK_STATE_ENDED) fprintf(v->host->out, "%s at %d,%d\n", v->id, (int)lround(frame.x), (int)lround(frame.y));
}

static void on_gesture(const hk_gesture_event *event, void *user_data) {
    hosted_gesture *g = user_data;
    if (!g->view) return;
    switch (g->view->role) {
    case ROLE_PHOTO:
        if (g->kind == HK_GESTURE_PINCH || g->kind == HK_GESTURE_ROTATION) photo_gesture(g, event);
        break;
    case ROLE_DRAGGABLE:
        if (g->kind == HK_GESTURE_PAN) drag_gesture(g, event);
        break;
    case ROLE_HOVER:
        if (g->kind == HK_GESTURE_HOVER) g->view->highlighted = event->state == HK_STATE_BEGAN || event->state == HK_STATE_CHANGED;
        break;
    case ROLE_TARGET:
        if (g->kind == HK_GESTURE_TAP && event->state == HK_STATE_RECOGNIZED) g->view->toggled = !g->view->toggled;
        break;
    default:
        break;
    }
    g->host->needs_paint = 1;
}

static void on_control(const hk_action_event *event, void *user_data) {
    hosted_view *v = user_data;
    fprintf(v->host->out, "%s %s\n", v->id, event->event_name);
    if (event->event == HK_EVENT_TOUCH_DOWN || event->event == HK_EVENT_TOUCH_DRAG_ENTER) v->highlighted = 1;
    if (event->event == HK_EVENT_TOUCH_DRAG_EXIT || event->event == HK_EVENT_TOUCH_UP_INSIDE
        || event->event == HK_EVENT_TOUCH_UP_OUTSIDE || event->event == HK_EVENT_TOUCH_CANCEL) v->highlighted = 0;
    v->host->needs_paint = 1;
}

static void on_scrolled(hk_app *app, const hk_view *view, const hk_point *offset, void *user_data) {
    hosted_view *v = user_data;
    hk_size content;
    hk_rect bounds;
    int32_t state;
    check(hk_scroll_view_state(app, *view, &state), "scroll state");
    check(hk_scroll_view_content_size(app, *view, &content), "content size");
    check(hk_view_bounds(v->host->store, *view, &bounds), "bounds");
    /* Past the end while it moves by itself: a bounce, which springs back. (The scene's own
     * delegate stays, so the log tells when the motion begins and ends.) */
    if (!(state & HK_SCROLL_VIEW_DECELERATING)) {
        v->past_end = 0;
    } else if (offset->y > content.height - bounds.height && !v->past_end) {
        v->past_end = 1;
        fprintf(v->host->out, "%s past its end\n", v->id);
    }
    v->host->needs_paint = 1;
}

/* The scene's own action `putBack` (a key command's or a menu item's): every view a pan dragged
 * goes back where the scene put it. */
static void put_back(scene_host *host) {
    size_t i;
    for (i = 0; i < host->view_count; i++) {
        hosted_view *v = &host->views[i];
        hk_rect frame;
        if (v->role != ROLE_DRAGGABLE) continue;
        check(hk_view_frame(host->store, v->view, &frame), "frame");
        if (frame.x == v->home.x && frame.y == v->home.y && frame.width == v->home.width && frame.height == v->home.height) continue;
        check(hk_view_set_frame(host->store, v->view, v->home), "put back");
        {
            const double values[4] = { v->home.x, v->home.y, v->home.width, v->home.height };
            note_edit(host, v->id, "frame", values, 4);
        }
        fprintf(host->out, "%s put back\n", v->id);
        host->needs_paint = 1;
    }
}

/*
 * A scene's actions (a key command's, a menu item's) reach responders the scene declared, which
 * have no C callback: the host hears them in the log it follows, `RECEIVER ACTION from SENDER
 * ...` (Behaviour B6), and gives the ones it knows their behaviour.
 */
static void follow_log(scene_host *host, const char *line) {
    char receiver[128], action[128], from[8];
    if (sscanf(line, "%127s %127s %7s", receiver, action, from) == 3 && strcmp(from, "from") == 0
        && strcmp(action, "putBack") == 0)
        put_back(host);
    if (interactions_follow(&host->interactions, line)) host->needs_paint = 1;
}

/* Decides each view's role and attaches the callbacks that give it its behaviour. */
static void attach(scene_host *host) {
    size_t i;
    for (i = 0; i < host->gesture_count; i++) {
        hosted_gesture *g = &host->gestures[i];
        hosted_view *v = g->view;
        check(hk_gesture_set_callback(host->app, g->gesture, on_gesture, g, NULL), "gesture callback");
        if (!v || v->role != ROLE_PLAIN) continue;
        if (g->kind == HK_GESTURE_PINCH || g->kind == HK_GESTURE_ROTATION) v->role = ROLE_PHOTO;
        else if (g->kind == HK_GESTURE_PAN) v->role = ROLE_DRAGGABLE;
        else if (g->kind == HK_GESTURE_HOVER) v->role = ROLE_HOVER;
        else if (g->kind == HK_GESTURE_TAP) v->role = ROLE_TARGET;
    }
    for (i = 0; i < host->view_count; i++) {
        hosted_view *v = &host->views[i];
        hk_size content;
        hk_action_id action;
        if (v->role == ROLE_WINDOW) continue;
        if (hk_scroll_view_content_size(host->app, v->view, &content) == HK_OK) {
            hk_view zoom_view;
            hosted_view *zoomed;
            v->role = ROLE_SCROLL_VIEW;
            check(hk_scroll_view_set_offset_callback(host->app, v->view, on_scrolled, v, NULL), "offset callback");
            /* What a pinch zooms (Behaviour A6.2) looks like a photo. */
            if (hk_scroll_view_zoom_view(host->app, v->view, &zoom_view) == HK_OK && (zoomed = hosted(host, zoom_view))
                && zoomed->role == ROLE_PLAIN)
                zoomed->role = ROLE_PHOTO;
        } else if (hk_control_add_action(host->app, v->view, HK_EVENT_ALL, &action, on_control, v, NULL) == HK_OK) {
            /* Only controls take actions: this both finds them and listens to them. */
            v->role = ROLE_CONTROL;
        }
    }
    /* A plain view a drag starts from is a card; one a drop lands on, a tray. */
    for (i = 0; i < host->interactions.count; i++) {
        host_interaction *it = &host->interactions.list[i];
        hk_view view;
        hosted_view *v;
        if (it->kind == HOST_MENU || hk_scene_view(host->app, it->view, &view) != HK_OK || !(v = hosted(host, view))) continue;
        if (v->role != ROLE_PLAIN) continue;
        v->role = it->kind == HOST_DRAG ? ROLE_CARD : ROLE_TRAY;
        v->interaction = it;
    }
}

scene_host *host_load(const char *scene_path, FILE *out, char *error, size_t error_size) {
    scene_host *host;
    char *text;
    hk_view *roots = NULL;
    tree_order order = { NULL, NULL, 0, 0 };
    size_t root_count = 0, i, gestures = 0;
    hk_app *app;
    if (hk_scene_load(scene_path, &app) != HK_OK) {
        snprintf(error, error_size, "%s", hk_last_error_message());
        return NULL;
    }
    if (!(text = read_file(scene_path))) {
        snprintf(error, error_size, "%s: cannot be read again", scene_path);
        hk_app_destroy(app);
        return NULL;
    }
    host = calloc(1, sizeof *host);
    if (!host) exit(1);
    host->app = app;
    host->store = hk_app_store(app);
    host->out = out;
    host->ids = scene_ids(text);
    host->scene_path = strdup(scene_path);
    if (!host->ids || !host->scene_path) exit(1);
    if (!interactions_read(text, &host->interactions)) {
        snprintf(error, error_size, "%s: its context menus, drags and drops cannot be read", scene_path);
        free(text);
        host_destroy(host);
        return NULL;
    }
    host->needs_paint = 1;
    free(text);
    check(hk_scene_set_log_callback(app, on_log_line, host, NULL), "log callback");

    /* The windows, in file order, each with its tree. */
    FOR_EACH_ID(host, id) {
        hk_view view, parent;
        if (hk_scene_view(app, id, &view) != HK_OK) continue;
        for (;;) {
            check(hk_view_superview(host->store, view, &parent), "superview");
            if (hk_view_is_none(parent)) break;
            view = parent;
        }
        if (view_listed(roots, root_count, view)) continue;
        roots = realloc(roots, (root_count + 1) * sizeof *roots);
        if (!roots) exit(1);
        roots[root_count++] = view;
    }
    for (i = 0; i < root_count; i++) walk(host->store, roots[i], &order);
    host->views = calloc(order.count ? order.count : 1, sizeof *host->views);
    host->view_count = order.count;
    for (i = 0; i < order.count; i++) {
        hosted_view *v = &host->views[i];
        v->host = host;
        v->view = order.views[i];
        v->subtree_end = order.ends[i];
        v->role = view_listed(roots, root_count, v->view) ? ROLE_WINDOW : ROLE_PLAIN;
        v->base_scale = v->gesture_scale = 1;
        if (hk_scene_view_id(app, v->view, &v->id) != HK_OK) v->id = "-";
    }
    if (root_count > 0) check(hk_view_frame(host->store, roots[0], &host->screen), "window frame");
    free(roots);
    free(order.views);
    free(order.ends);

    FOR_EACH_ID(host, id) {
        hk_gesture gesture;
        if (hk_scene_gesture(app, id, &gesture) == HK_OK) gestures++;
    }
    host->gestures = calloc(gestures ? gestures : 1, sizeof *host->gestures);
    FOR_EACH_ID(host, id) {
        hosted_gesture *g = &host->gestures[host->gesture_count];
        hk_gesture_event snapshot;
        if (hk_scene_gesture(app, id, &g->gesture) != HK_OK) continue;
        g->host = host;
        g->id = id;
        check(hk_gesture_kind_of(app, g->gesture, &g->kind), "gesture kind");
        check(hk_gesture_snapshot(app, g->gesture, &snapshot), "gesture view");
        g->view = hosted(host, snapshot.view);
        host->gesture_count++;
    }
    attach(host);
    for (i = 0; i < host->view_count; i++) check(hk_view_frame(host->store, host->views[i].view, &host->views[i].home), "frame");
    for (i = 0; i < host->view_count; i++) {
        hk_rect frame;
        check(hk_view_bounds(host->store, host->views[i].view, &frame), "bounds");
        check(hk_convert_rect(host->store, frame, host->views[i].view, hk_no_view(), &frame), "to the screen");
        fprintf(out, "layout %s %d %d %d %d\n", host->views[i].id, (int)lround(frame.x), (int)lround(frame.y),
                (int)lround(frame.width), (int)lround(frame.height));
    }
    return host;
}

int host_parse_options(int argc, char **argv, const char *default_scene, host_options *out) {
    int i;
    out->scene = default_scene;
    out->record = NULL;
    out->exit_after = INFINITY;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--scene") == 0 && i + 1 < argc) out->scene = argv[++i];
        else if (strcmp(argv[i], "--record") == 0 && i + 1 < argc) out->record = argv[++i];
        else if (strcmp(argv[i], "--exit-after") == 0 && i + 1 < argc) out->exit_after = atof(argv[++i]);
        else {
            fprintf(stderr, "usage: %s [--scene FILE] [--record SCENARIO] [--exit-after SECONDS]\n", argv[0]);
            return 0;
        }
    }
    return 1;
}

scene_host *host_open(const host_options *options, FILE *out) {
    char error[2048];
    scene_host *host;
    if (hk_version() / 10000 != HK_VERSION_MAJOR || hk_version() < HK_VERSION) {
        fprintf(stderr, "libhitkit %d is older than the header (%d)\n", hk_version(), HK_VERSION);
        return NULL;
    }
    if (!(host = host_load(options->scene, out, error, sizeof error))) {
        fprintf(stderr, "%s\n", error);
        return NULL;
    }
    if (options->record && !host_record(host, options->record)) {
        fprintf(stderr, "cannot write %s\n", options->record);
        host_destroy(host);
        return NULL;
    }
    return host;
}

static void finish_recording(scene_host *host) {
    if (!host->recording) return;
    fputs("\n] }\n", host->recording);
    fclose(host->recording);
    host->recording = NULL;
}

void host_destroy(scene_host *host) {
    finish_recording(host);
    check(hk_app_destroy(host->app), "destroy");
    free(host->views);
    free(host->gestures);
    free(host->ids);
    free(host->scene_path);
    interactions_free(&host->interactions);
    free(host);
}

hk_app *host_app(scene_host *host) { return host->app; }
hk_rect host_screen(const scene_host *host) { return host->screen; }
int host_needs_paint(const scene_host *host) { return host->needs_paint; }
void host_set_modifiers(scene_host *host, uint32_t modifiers) { host->modifiers = modifiers; }
uint32_t host_modifiers(const scene_host *host) { return host->modifiers; }

double host_next_deadline(const scene_host *host) {
    double deadline = HK_NO_DEADLINE;
    check(hk_app_next_deadline(host->app, &deadline), "deadline");
    return deadline;
}

/* ---- Recording (Behaviour B5) -------------------------------------------------------------- */

int host_record(scene_host *host, const char *path) {
    const char *c;
    finish_recording(host);
    if (!(host->recording = fopen(path, "w"))) return 0;
    /* The scene file by its path as given: absolute, or relative to where the demo runs, which
     * the run scripts make the scenario's own folder. */
    fputs("{ \"sceneFile\": \"", host->recording);
    for (c = host->scene_path; *c; c++) {
        if (*c == '"' || *c == '\\') fputc('\\', host->recording);
        fputc(*c, host->recording);
    }
    fputs("\",\n  \"steps\": [", host->recording);
    host->recorded_steps = 0;
    fflush(host->recording);
    return 1;
}

static const char *const phase_words[] = { "began", "moved", "stationary", "ended", "cancelled" };

static void record_buttons(FILE *f, uint32_t buttons) {
    static const char *const named[] = { "\"primary\"", "\"secondary\"", "\"middle\"" };
    int n, first = 1;
    fputc('[', f);
    for (n = 1; n <= 32; n++) {
        if (!(buttons & HK_BUTTON(n))) continue;
        if (n <= 3) fprintf(f, "%s%s", first ? "" : ", ", named[n - 1]);
        else fprintf(f, "%s%d", first ? "" : ", ", n);
        first = 0;
    }
    fputc(']', f);
}

static void record_modifiers(FILE *f, uint32_t modifiers) {
    static const struct { uint32_t flag; const char *name; } names[] = {
        { HK_MOD_ALPHA_SHIFT, "alphaShift" }, { HK_MOD_SHIFT, "shift" }, { HK_MOD_CONTROL, "control" },
        { HK_MOD_ALTERNATE, "alternate" }, { HK_MOD_COMMAND, "command" }, { HK_MOD_NUMERIC_PAD, "numericPad" } };
    size_t i;
    int first = 1;
    fputc('[', f);
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (!(modifiers & names[i].flag)) continue;
        fprintf(f, "%s\"%s\"", first ? "" : ", ", names[i].name);
        first = 0;
    }
    fputc(']', f);
}

/* A JSON string: quotes, backslashes and control characters escaped; other bytes as they are
 * (the texts are UTF-8). */
static void record_string(FILE *f, const char *text) {
    const unsigned char *c;
    fputc('"', f);
    for (c = (const unsigned char *)(text ? text : ""); *c; c++) {
        if (*c == '"' || *c == '\\') fprintf(f, "\\%c", *c);
        else if (*c < 0x20 || *c == 0x7F) fprintf(f, "\\u%04x", *c);
        else fputc(*c, f);
    }
    fputc('"', f);
}

/* One step, every part the frame has; %.17g keeps every double exact, so the replay sees the
 * very frames the demo sent. Key events go by their codes with the texts and flags sent, so the
 * replay's log names each by its code as the live one does. */
static void record_step(scene_host *host, const hk_input_frame *frame) {
    FILE *f = host->recording;
    const hk_pointer_input *pointer = frame->pointer;
    const hk_scroll_input *scroll = frame->scroll;
    const hk_touchpad_gesture *touchpad = frame->touchpad;
    size_t i;
    if (!f) return;
    fprintf(f, "%s\n    { \"t\": %.17g", host->recorded_steps++ ? "," : "", frame->timestamp);
    if (frame->touch_count > 0) {
        fputs(", \"touches\": [", f);
        for (i = 0; i < frame->touch_count; i++) {
            const hk_touch_input *touch = &frame->touches[i];
            fprintf(f, "%s{ \"id\": %lld, \"phase\": \"%s\"", i ? ", " : "", (long long)touch->id,
                    touch->phase >= 0 && touch->phase <= 4 ? phase_words[touch->phase] : "?");
            if (touch->has_location) fprintf(f, ", \"at\": [%.17g, %.17g]", touch->x, touch->y);
            fputs(" }", f);
        }
        fputc(']', f);
    }
    if (pointer) {
        if (pointer->has_left) {
            fprintf(f, ", \"pointer\": { \"id\": %lld, \"left\": true }", (long long)pointer->id);
        } else {
            fprintf(f, ", \"pointer\": { \"id\": %lld, \"at\": [%.17g, %.17g], \"buttons\": ", (long long)pointer->id, pointer->x, pointer->y);
            record_buttons(f, pointer->buttons);
            fputs(", \"modifiers\": ", f);
            record_modifiers(f, pointer->modifiers);
            fputs(" }", f);
        }
    }
    if (scroll) {
        static const char *const scroll_phases[] = { "began", "changed", "ended" };
        fprintf(f, ", \"scroll\": { \"at\": [%.17g, %.17g], \"delta\": [%.17g, %.17g], \"type\": \"%s\"", scroll->x, scroll->y,
                scroll->dx, scroll->dy, scroll->type == HK_SCROLL_CONTINUOUS ? "continuous" : "discrete");
        if (scroll->type == HK_SCROLL_CONTINUOUS && scroll->phase >= 0 && scroll->phase <= 2)
            fprintf(f, ", \"phase\": \"%s\"", scroll_phases[scroll->phase]);
        fputs(" }", f);
    }
    if (frame->key_count > 0) {
        static const char *const key_phases[] = { "down", "up", "cancelled" };
        fputs(", \"keys\": [", f);
        for (i = 0; i < frame->key_count; i++) {
            const hk_key_input *key = &frame->keys[i];
            fprintf(f, "%s{ \"code\": %d, \"phase\": \"%s\", \"characters\": ", i ? ", " : "", (int)key->code,
                    key->phase >= 0 && key->phase <= 2 ? key_phases[key->phase] : "?");
            record_string(f, key->characters);
            fputs(", \"ignoringModifiers\": ", f);
            record_string(f, key->characters_ignoring_modifiers);
            fputs(", \"modifiers\": ", f);
            record_modifiers(f, key->modifier_flags);
            fputs(" }", f);
        }
        fputc(']', f);
    }
    if (touchpad) {
        static const char *const touchpad_phases[] = { "began", "changed", "ended", "cancelled" };
        int pinch = touchpad->kind == HK_TOUCHPAD_PINCH;
        fprintf(f, ", \"touchpad\": { \"kind\": \"%s\", \"phase\": \"%s\", \"at\": [%.17g, %.17g]", pinch ? "pinch" : "hold",
                touchpad->phase >= 0 && touchpad->phase <= 3 ? touchpad_phases[touchpad->phase] : "?", touchpad->x, touchpad->y);
        if (pinch) fprintf(f, ", \"scale\": %.17g, \"rotation\": %.17g", touchpad->scale, touchpad->rotation);
        fprintf(f, ", \"fingers\": %d }", touchpad->fingers);
    }
    fputs(" }", f);
    fflush(f);
}

/* The edits the last delivery made, as a step of their own at its time: the replay makes them
 * after that frame and before the next. */
static void record_edits(scene_host *host, double time) {
    if (!host->recording || host->edits_used == 0) return;
    fprintf(host->recording, ",\n    { \"t\": %.17g, \"edits\": [%s] }", time, host->edits);
    fflush(host->recording);
    host->edits_used = 0;
}

/* ---- Input ---------------------------------------------------------------------------------- */

static void describe(FILE *out, const hk_input_frame *frame) {
    const hk_pointer_input *pointer = frame->pointer;
    const hk_scroll_input *scroll = frame->scroll;
    const hk_touchpad_gesture *touchpad = frame->touchpad;
    size_t i;
    fprintf(out, "input %.3f", frame->timestamp);
    for (i = 0; i < frame->touch_count; i++) {
        const hk_touch_input *touch = &frame->touches[i];
        fprintf(out, " touch %lld %s", (long long)touch->id, touch->phase >= 0 && touch->phase <= 4 ? phase_words[touch->phase] : "?");
        if (touch->has_location) fprintf(out, " %ld,%ld", lround(touch->x), lround(touch->y));
    }
    if (pointer) {
        if (pointer->has_left) fputs(" pointer left", out);
        else fprintf(out, " pointer %ld,%ld buttons %u modifiers %u", lround(pointer->x), lround(pointer->y),
                     (unsigned)pointer->buttons, (unsigned)pointer->modifiers);
    }
    if (scroll) {
        static const char *const scroll_phases[] = { "began", "changed", "ended" };
        fprintf(out, " scroll %.2f,%.2f %s", scroll->dx, scroll->dy,
                scroll->type == HK_SCROLL_DISCRETE ? "discrete" : scroll_phases[scroll->phase % 3]);
    }
    for (i = 0; i < frame->key_count; i++) {
        static const char *const key_phases[] = { "down", "up", "cancelled" };
        const hk_key_input *key = &frame->keys[i];
        fprintf(out, " key %s %d modifiers %u", key->phase >= 0 && key->phase <= 2 ? key_phases[key->phase] : "?",
                (int)key->code, (unsigned)key->modifier_flags);
    }
    if (touchpad) {
        static const char *const touchpad_phases[] = { "began", "changed", "ended", "cancelled" };
        fprintf(out, " touchpad %s %s %ld,%ld", touchpad->kind == HK_TOUCHPAD_PINCH ? "pinch" : "hold",
                touchpad_phases[touchpad->phase % 4], lround(touchpad->x), lround(touchpad->y));
        if (touchpad->kind == HK_TOUCHPAD_PINCH)
            fprintf(out, " scale %.2f rotation %.2f", touchpad->scale, touchpad->rotation * 180 / M_PI);
        fprintf(out, " fingers %d", touchpad->fingers);
    }
    fputc('\n', out);
}

/* Logs what HitKit rejected of the last frame: never fatal, the rest was delivered (A3). */
static void report(scene_host *host, hk_status status) {
    size_t i, count;
    if (status != HK_ERR_BAD_INPUT) {
        check(status, "send frame");
        return;
    }
    count = hk_app_rejection_count(host->app);
    fprintf(host->out, "rejected %s\n", hk_last_error_message());
    for (i = 0; i < count; i++) {
        hk_rejection rejection;
        if (hk_app_rejection(host->app, i, &rejection) != HK_OK) continue;
        if (rejection.has_touch_id) fprintf(host->out, "rejected touch %lld reason %d\n", (long long)rejection.touch_id, rejection.reason);
        else fprintf(host->out, "rejected frame reason %d\n", rejection.reason);
    }
}

static double frame_time(const scene_host *host, double time) {
    double now = hk_app_time(host->app);
    return time < now ? now : time;
}

/* Every frame the host sends goes this one way, whatever it carries: described, recorded for
 * the replay, sent as one hk_app_send_input_frame, its rejections reported, the edits its
 * callbacks made recorded after it. */
static void send_input(scene_host *host, hk_input_frame *frame, uint8_t *outcomes) {
    uint8_t own[HOST_MAX_FRAME_KEYS];
    size_t i;
    if (!outcomes) outcomes = own;
    memset(outcomes, HK_KEY_HANDLED, frame->key_count);
    frame->timestamp = frame_time(host, frame->timestamp);
    if (frame->touch_count > 0 && frame->touches[0].has_location)
        host->last_point = hk_make_point(frame->touches[0].x, frame->touches[0].y);
    else if (frame->pointer && !frame->pointer->has_left)
        host->last_point = hk_make_point(frame->pointer->x, frame->pointer->y);
    describe(host->out, frame);
    record_step(host, frame);
    report(host, hk_app_send_input_frame(host->app, frame, outcomes));
    record_edits(host, frame->timestamp);
    /* A key down nothing took is the host's to use (none here uses one): it is said so. */
    for (i = 0; i < frame->key_count; i++)
        if (outcomes[i] == HK_KEY_UNHANDLED) fprintf(host->out, "key unhandled %d\n", (int)frame->keys[i].code);
    host->needs_paint = 1;
}

void host_send(scene_host *host, double time, const hk_touch_input *touches, size_t count,
               const hk_pointer_input *pointer, const hk_scroll_input *scroll) {
    hk_input_frame frame;
    memset(&frame, 0, sizeof frame);
    frame.timestamp = time;
    frame.touches = touches;
    frame.touch_count = count;
    frame.pointer = pointer;
    frame.scroll = scroll;
    send_input(host, &frame, NULL);
}

void host_send_touchpad(scene_host *host, double time, const hk_touchpad_gesture *gesture) {
    hk_input_frame frame;
    memset(&frame, 0, sizeof frame);
    frame.timestamp = time;
    frame.touchpad = gesture;
    send_input(host, &frame, NULL);
}

void host_send_keys(scene_host *host, double time, const hk_key_input *keys, size_t count, uint8_t *outcomes) {
    hk_input_frame frame;
    if (count == 0) return;
    memset(&frame, 0, sizeof frame);
    frame.timestamp = time;
    frame.keys = keys;
    frame.key_count = count > HOST_MAX_FRAME_KEYS ? HOST_MAX_FRAME_KEYS : count;
    send_input(host, &frame, outcomes);
}

void host_advance(scene_host *host, double now, int woke) {
    double due = host_next_deadline(host);
    hk_input_frame frame;
    if (now <= hk_app_time(host->app)) return;
    check(hk_app_advance(host->app, now), "advance");
    /* With nothing due, an advance changes nothing. Otherwise the replay makes it too: it may
     * fire a timer, and a moving scroll view is where its motion says at any advance, due or not
     * (Behaviour A6.1). */
    if (due == HK_NO_DEADLINE) return;
    memset(&frame, 0, sizeof frame);
    frame.timestamp = now;
    record_step(host, &frame);
    record_edits(host, now);
    if (due > now) return;
    if (woke) fprintf(host->out, "wake deadline %.3f\n", due);
    host->needs_paint = 1;
}

/* ---- Painting ------------------------------------------------------------------------------- */

/* The affine map from a view's bounds coordinates to the screen. */
static hk_transform to_screen(const scene_host *host, hk_view view, hk_rect *bounds) {
    hk_point origin, x_step, y_step;
    hk_transform t;
    check(hk_view_bounds(host->store, view, bounds), "bounds");
    check(hk_convert_point(host->store, hk_make_point(bounds->x, bounds->y), view, hk_no_view(), &origin), "convert");
    check(hk_convert_point(host->store, hk_make_point(bounds->x + 1, bounds->y), view, hk_no_view(), &x_step), "convert");
    check(hk_convert_point(host->store, hk_make_point(bounds->x, bounds->y + 1), view, hk_no_view(), &y_step), "convert");
    t.a = x_step.x - origin.x;
    t.b = x_step.y - origin.y;
    t.c = y_step.x - origin.x;
    t.d = y_step.y - origin.y;
    t.tx = origin.x - t.a * bounds->x - t.c * bounds->y;
    t.ty = origin.y - t.b * bounds->x - t.d * bounds->y;
    return t;
}

static hk_rect intersect(hk_rect a, hk_rect b) {
    double x0 = fmax(a.x, b.x), y0 = fmax(a.y, b.y);
    double x1 = fmin(a.x + a.width, b.x + b.width), y1 = fmin(a.y + a.height, b.y + b.height);
    return hk_make_rect(x0, y0, fmax(0, x1 - x0), fmax(0, y1 - y0));
}

static void paint_view(scene_host *host, const hosted_view *v, const hk_transform *t, hk_rect b, const hk_rect *clip,
                       host_fill fill, void *context) {
    switch (v->role) {
    case ROLE_WINDOW: fill(context, t, b, host_background, clip); break;
    case ROLE_CONTROL: fill(context, t, b, v->highlighted ? host_button_highlighted : host_button_normal, clip); break;
    case ROLE_DRAGGABLE: fill(context, t, b, host_draggable, clip); break;
    case ROLE_HOVER: fill(context, t, b, v->highlighted ? host_hover_highlighted : host_hover_idle, clip); break;
    case ROLE_TARGET: fill(context, t, b, v->toggled ? host_target_toggled : host_target_idle, clip); break;
    case ROLE_PLAIN: fill(context, t, b, host_plain, clip); break;
    case ROLE_CARD: fill(context, t, b, v->interaction->lifted ? host_card_lifted : host_card, clip); break;
    case ROLE_TRAY:
        fill(context, t, b, v->interaction->targeted ? host_drop_target : v->interaction->drops ? host_dropped : host_plain, clip);
        break;
    case ROLE_PHOTO:
        /* Sky, ground and a sun, in fractions of the photo (the X11 demo's photo). */
        fill(context, t, hk_make_rect(b.x, b.y, b.width, b.height * 0.6), host_photo_sky, clip);
        fill(context, t, hk_make_rect(b.x, b.y + b.height * 0.6, b.width, b.height * 0.4), host_photo_ground, clip);
        fill(context, t, hk_make_rect(b.x + b.width * 0.7, b.y + b.height * 0.12, b.width * 0.16, b.height * 0.26),
             host_photo_sun, clip);
        break;
    case ROLE_SCROLL_VIEW: {
        /* Rows of the content where its offset (the bounds' origin) puts them; beyond the content
         * (a bounce) the background shows. */
        hk_size content;
        int row, rows;
        check(hk_scroll_view_content_size(host->app, v->view, &content), "content size");
        fill(context, t, b, host_background, clip);
        rows = (int)ceil(content.height / HOST_ROW_HEIGHT);
        for (row = 0; row < rows; row++) {
            double top = row * HOST_ROW_HEIGHT;
            if (top + HOST_ROW_HEIGHT < b.y || top > b.y + b.height) continue;
            /* Within the bounds: the scroll view clips its content. */
            fill(context, t, intersect(hk_make_rect(0, top, fmax(content.width, b.width), HOST_ROW_HEIGHT), b),
                 row % 2 ? host_row_odd : host_row_even, clip);
        }
        break;
    }
    }
}

/* Paints a view and its subviews (they follow it in `views`); returns the index after them. */
static size_t paint_tree(scene_host *host, size_t index, const hk_rect *clip, host_fill fill, void *context) {
    const hosted_view *v = &host->views[index];
    hk_rect bounds, own_clip;
    hk_transform t;
    int32_t hidden = 0, clips = 0;
    size_t next;
    check(hk_view_flag(host->store, v->view, HK_FLAG_HIDDEN, &hidden), "hidden");
    if (hidden) return v->subtree_end;
    t = to_screen(host, v->view, &bounds);
    paint_view(host, v, &t, bounds, clip, fill, context);
    check(hk_view_flag(host->store, v->view, HK_FLAG_CLIPS_TO_BOUNDS, &clips), "clips");
    if (clips || v->role == ROLE_SCROLL_VIEW) {
        /* Clipped to the screen rectangle around the view: exact while it is not rotated. */
        hk_rect around;
        check(hk_convert_rect(host->store, bounds, v->view, hk_no_view(), &around), "clip");
        own_clip = clip ? intersect(*clip, around) : around;
        clip = &own_clip;
    }
    for (next = index + 1; next < v->subtree_end;) next = paint_tree(host, next, clip, fill, context);
    return next;
}

/* A ring around each window's focused view (Behaviour A10), over everything. */
static void paint_focus_rings(scene_host *host, host_fill fill, void *context) {
    const hk_transform identity = { 1, 0, 0, 1, 0, 0 };
    const double w = FOCUS_RING_WIDTH;
    size_t i;
    for (i = 0; i < host->view_count; i++) {
        hk_view focused;
        hk_rect f;
        if (host->views[i].role != ROLE_WINDOW) continue;
        check(hk_window_focused_view(host->app, host->views[i].view, &focused), "focused view");
        if (hk_view_is_none(focused)) continue;
        check(hk_view_bounds(host->store, focused, &f), "bounds");
        check(hk_convert_rect(host->store, f, focused, hk_no_view(), &f), "to the screen");
        fill(context, &identity, hk_make_rect(f.x - w, f.y - w, f.width + 2 * w, w), host_focus_ring, NULL);
        fill(context, &identity, hk_make_rect(f.x - w, f.y + f.height, f.width + 2 * w, w), host_focus_ring, NULL);
        fill(context, &identity, hk_make_rect(f.x - w, f.y, w, f.height), host_focus_ring, NULL);
        fill(context, &identity, hk_make_rect(f.x + f.width, f.y, w, f.height), host_focus_ring, NULL);
    }
}

/* Over the views: each drag session's preview (its view's size, under the touch or pointer that
 * drags it), then each open menu's items where the scene's frames put them in the menu's window. */
static void paint_interactions(scene_host *host, host_fill fill, void *context) {
    const hk_transform identity = { 1, 0, 0, 1, 0, 0 };
    size_t i;
    int item;
    for (i = 0; i < host->interactions.count; i++) {
        host_interaction *it = &host->interactions.list[i];
        hk_view view, window, above;
        hk_rect bounds;
        if (!(it->dragging || it->open) || hk_scene_view(host->app, it->view, &view) != HK_OK) continue;
        check(hk_view_bounds(host->store, view, &bounds), "bounds");
        if (it->dragging) {
            fill(context, &identity, hk_make_rect(host->last_point.x - bounds.width / 2, host->last_point.y - bounds.height / 2,
                                                  bounds.width, bounds.height), host_drag_preview, NULL);
            continue;
        }
        for (window = view; check(hk_view_superview(host->store, window, &above), "superview"), !hk_view_is_none(above);)
            window = above;
        for (item = 0; item < it->item_count; item++) {
            hk_rect frame;
            check(hk_convert_rect(host->store, it->items[item].frame, window, hk_no_view(), &frame), "to the screen");
            fill(context, &identity, frame,
                 !it->items[item].enabled ? host_menu_item_disabled
                 : item == it->highlighted ? host_menu_item_highlighted : host_menu_item, NULL);
        }
    }
}

void host_paint(scene_host *host, host_fill fill, void *context) {
    size_t index = 0;
    while (index < host->view_count) index = paint_tree(host, index, NULL, fill, context);
    paint_interactions(host, fill, context);
    paint_focus_rings(host, fill, context);
    host->needs_paint = 0;
}

/* ---- The event clock ------------------------------------------------------------------------ */

void host_event_clock_init(host_event_clock *clock) { memset(clock, 0, sizeof *clock); }

double host_event_clock_seconds(host_event_clock *clock, uint32_t ms, double now) {
    double t;
    if (!clock->started) {
        clock->started = 1;
        clock->offset = now - ms / 1000.0;
        clock->last_ms = ms;
        clock->last = -INFINITY;
    }
    /* A stamp far below the last one has wrapped past 2^32 ms (49.7 days). */
    if (ms < clock->last_ms && clock->last_ms - ms > 0x80000000u) clock->wraps += 4294967.296;
    clock->last_ms = ms;
    t = ms / 1000.0 + clock->wraps + clock->offset;
    if (t > now) {
        /* The first event came later than it happened: the offset follows the quickest delivery. */
        clock->offset -= t - now;
        t = now;
    }
    if (t < clock->last) t = clock->last;
    clock->last = t;
    return t;
}

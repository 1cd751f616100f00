/*
 * test_scene_host.c - the demos' host around a HitKit app (host/scene_host.h), on the real
 * libhitkit and the shipped scene, without a compositor: the event clock, scene errors, the
 * objects found in the file, what a tap, a drag, a touchpad pinch and keys (focus by Tab, Return,
 * a key command, a cancelled key) do to the views and the paint, the delivery log they write,
 * and the recorded scenario.
 *
 * usage: test_scene_host SCENE_DIR (Examples/WaylandDemo/scenes)
 */
#include "check.h"
#include "host/scene_host.h"

#include <stdlib.h>
#include <unistd.h>

static void event_clock(void) {
    host_event_clock c;
    host_event_clock_init(&c);
    /* The first event, stamped 5000 ms, received at host time 2.0: the offset is -3 s. */
    CHECK_NEAR(host_event_clock_seconds(&c, 5000, 2.0), 2.0);
    CHECK_NEAR(host_event_clock_seconds(&c, 5016, 2.03), 2.016);
    /* Never back in time, even for a stamp that is older. */
    CHECK_NEAR(host_event_clock_seconds(&c, 5010, 2.04), 2.016);
    /* Never ahead of the host's clock: the offset follows the quicker delivery. */
    CHECK_NEAR(host_event_clock_seconds(&c, 5100, 2.05), 2.05);
    CHECK_NEAR(host_event_clock_seconds(&c, 5110, 2.10), 2.06);
    /* 32-bit milliseconds wrap after 49.7 days. */
    host_event_clock_init(&c);
    CHECK_NEAR(host_event_clock_seconds(&c, 0xFFFFFF00u, 100.0), 100.0);
    CHECK_NEAR(host_event_clock_seconds(&c, 0x00000100u, 101.0), 100.512);
}

/* What host_paint painted: the colour at a screen point, the last rectangle covering it winning. */
typedef struct { double x, y; host_colour colour; int found; } probe;

static void probe_fill(void *context, const hk_transform *t, hk_rect local, host_colour colour, const hk_rect *clip) {
    probe *p = context;
    double det = t->a * t->d - t->b * t->c, u, v;
    if (clip && (p->x < clip->x || p->x >= clip->x + clip->width || p->y < clip->y || p->y >= clip->y + clip->height)) return;
    u = (t->d * (p->x - t->tx) - t->c * (p->y - t->ty)) / det;
    v = (-t->b * (p->x - t->tx) + t->a * (p->y - t->ty)) / det;
    if (u >= local.x && u < local.x + local.width && v >= local.y && v < local.y + local.height) {
        p->colour = colour;
        p->found = 1;
    }
}

static int painted(scene_host *host, double x, double y, host_colour expected) {
    probe p = { x, y, { 0, 0, 0 }, 0 };
    host_paint(host, probe_fill, &p);
    if (!p.found || p.colour.r != expected.r || p.colour.g != expected.g || p.colour.b != expected.b) {
        printf("     at %g,%g: %02X%02X%02X, expected %02X%02X%02X\n", x, y, p.colour.r, p.colour.g, p.colour.b,
               expected.r, expected.g, expected.b);
        return 0;
    }
    return 1;
}

static hk_key_input key(int32_t code, int32_t phase, const char *characters, const char *ignoring, uint32_t modifiers) {
    hk_key_input k;
    memset(&k, 0, sizeof k);
    k.code = code;
    k.phase = phase;
    k.characters = characters;
    k.characters_ignoring_modifiers = ignoring;
    k.modifier_flags = modifiers;
    return k;
}

/* A key down and up, a frame each. */
static void stroke(scene_host *host, double time, int32_t code, const char *characters, const char *ignoring, uint32_t modifiers) {
    hk_key_input k = key(code, HK_KEY_DOWN, characters, ignoring, modifiers);
    host_send_keys(host, time, &k, 1, NULL);
    k.phase = HK_KEY_UP;
    host_send_keys(host, time + 0.05, &k, 1, NULL);
}

static char *contents(FILE *file) {
    long size;
    char *text;
    fflush(file);
    fseek(file, 0, SEEK_END);
    size = ftell(file);
    text = calloc(1, (size_t)size + 1);
    rewind(file);
    if (fread(text, 1, (size_t)size, file) != (size_t)size) text[0] = '\0';
    fseek(file, 0, SEEK_END);
    return text;
}

static int count_lines(FILE *file, const char *line) {
    char *text = contents(file), *at = text;
    size_t length = strlen(line);
    int count = 0;
    while ((at = strstr(at, line))) {
        if ((at == text || at[-1] == '\n') && (at[length] == '\n' || at[length] == '\0')) count++;
        at += length;
    }
    free(text);
    return count;
}

static int has_line(FILE *file, const char *line) {
    int found = count_lines(file, line) > 0;
    if (!found) printf("     no line \"%s\"\n", line);
    return found;
}

/* painted, for a colour expected not to be there. */
static int painted_quietly(scene_host *host, double x, double y, host_colour colour) {
    probe p = { x, y, { 0, 0, 0 }, 0 };
    host_paint(host, probe_fill, &p);
    return p.found && p.colour.r == colour.r && p.colour.g == colour.g && p.colour.b == colour.b;
}

static hk_touch_input finger(int64_t id, hk_phase phase, double x, double y) {
    hk_touch_input t;
    memset(&t, 0, sizeof t);
    t.id = id;
    t.phase = phase;
    t.has_location = 1;
    t.x = x;
    t.y = y;
    return t;
}

static void scene_errors(const char *folder) {
    char path[1024], error[2048];
    FILE *out = tmpfile();
    snprintf(path, sizeof path, "%s/no-such-scene.json", folder);
    CHECK(host_load(path, out, error, sizeof error) == NULL);
    CHECK(strstr(error, "no-such-scene.json") != NULL);
    /* A malformed scene: the message names the file and the JSON path. */
    snprintf(path, sizeof path, "%s/.broken-scene.json", folder);
    {
        FILE *broken = fopen(path, "w");
        fputs("{ \"windows\": [ { \"id\": \"w\", \"frame\": [0, 0, \"wide\", 10] } ] }", broken);
        fclose(broken);
    }
    CHECK(host_load(path, out, error, sizeof error) == NULL);
    CHECK(strstr(error, ".broken-scene.json") != NULL && strstr(error, "windows[0].frame") != NULL);
    if (strstr(error, "windows[0].frame") == NULL) printf("     error: %s\n", error);
    unlink(path);
    fclose(out);
}

static void demo_scene(const char *folder) {
    char path[1024], error[2048], record[] = "/tmp/hitkit-scene-host-XXXXXX";
    FILE *out = tmpfile();
    scene_host *host;
    hk_touch_input touch;
    hk_touchpad_gesture pinch;
    int fd, step;
    snprintf(path, sizeof path, "%s/demo.json", folder);
    host = host_load(path, out, error, sizeof error);
    if (!CHECK(host != NULL)) {
        printf("     %s\n", error);
        return;
    }
    /* Every view of the file was found, with its frame on the screen. */
    CHECK(has_line(out, "layout win 0 0 640 400"));
    CHECK(has_line(out, "layout button 20 20 140 60"));
    CHECK(has_line(out, "layout photo 20 290 180 100"));
    CHECK(has_line(out, "layout list 500 20 120 360"));
    CHECK(has_line(out, "layout draggable 20 190 100 80"));
    CHECK(has_line(out, "layout zoomer 340 160 140 140"));
    CHECK_NEAR(host_screen(host).width, 640);
    CHECK(host_next_deadline(host) == INFINITY);
    fd = mkstemp(record);
    close(fd);
    CHECK(host_record(host, record));

    /* The window, the button, the list's first two rows, the photo's sky, ground and sun. */
    CHECK(painted(host, 5, 5, host_background));
    CHECK(painted(host, 90, 50, host_button_normal));
    CHECK(painted(host, 560, 30, host_row_even));
    CHECK(painted(host, 560, 70, host_row_odd));
    CHECK(painted(host, 40, 300, host_photo_sky));
    CHECK(painted(host, 40, 380, host_photo_ground));
    CHECK(painted(host, 20 + 180 * 0.78, 290 + 100 * 0.25, host_photo_sun));
    CHECK(painted(host, 70, 230, host_draggable));

    /* A tap on the button: it lights up while pressed and sends its events. */
    touch = finger(1, HK_PHASE_BEGAN, 90, 50);
    host_send(host, 1.0, &touch, 1, NULL, NULL);
    CHECK(has_line(out, "button touchDown"));
    CHECK(has_line(out, "input 1.000 touch 1 began 90,50"));
    CHECK(painted(host, 90, 50, host_button_highlighted));
    touch = finger(1, HK_PHASE_ENDED, 90, 50);
    host_send(host, 1.05, &touch, 1, NULL, NULL);
    CHECK(has_line(out, "button touchUpInside"));
    CHECK(painted(host, 90, 50, host_button_normal));
    /* The scene's delivery log, as HitKit wrote it: the action reached the window. */
    CHECK(has_line(out, "log: win buttonTapped from button touchUpInside"));

    /* A drag of the green view 100 right: its pan moves it. */
    touch = finger(2, HK_PHASE_BEGAN, 70, 230);
    host_send(host, 2.0, &touch, 1, NULL, NULL);
    touch = finger(2, HK_PHASE_MOVED, 120, 230);
    host_send(host, 2.05, &touch, 1, NULL, NULL);
    touch = finger(2, HK_PHASE_MOVED, 170, 230);
    host_send(host, 2.1, &touch, 1, NULL, NULL);
    touch = finger(2, HK_PHASE_ENDED, 170, 230);
    host_send(host, 2.15, &touch, 1, NULL, NULL);
    CHECK(has_line(out, "log: draggable touchesBegan 2"));
    CHECK(has_line(out, "log: pan began"));
    CHECK(has_line(out, "log: draggable touchesCancelled 2"));
    CHECK(has_line(out, "log: pan ended"));
    CHECK(has_line(out, "draggable at 120,190"));
    CHECK(painted(host, 170, 230, host_draggable));
    CHECK(painted(host, 40, 230, host_background));

    /* A touchpad pinch to twice the size, turned 90 degrees, on the photo. */
    memset(&pinch, 0, sizeof pinch);
    pinch.kind = HK_TOUCHPAD_PINCH;
    pinch.x = 110;
    pinch.y = 340;
    pinch.fingers = 2;
    pinch.scale = 1;
    pinch.phase = HK_TOUCHPAD_PHASE_BEGAN;
    host_send_touchpad(host, 3.0, &pinch);
    pinch.phase = HK_TOUCHPAD_PHASE_CHANGED;
    pinch.scale = 2;
    pinch.rotation = M_PI / 2;
    host_send_touchpad(host, 3.05, &pinch);
    pinch.phase = HK_TOUCHPAD_PHASE_ENDED;
    host_send_touchpad(host, 3.1, &pinch);
    CHECK(has_line(out, "log: photoPinch began"));
    CHECK(has_line(out, "log: photoRotation ended"));
    CHECK(has_line(out, "photo scale 2.00 rotation 90.00"));
    /* Turned a quarter clockwise about its centre (110, 340) and doubled: the sky (its top) is
     * now on the right, the ground on the left, 200 points tall. */
    CHECK(painted(host, 110 + 80, 340, host_photo_sky));
    CHECK(painted(host, 110 - 80, 340, host_photo_ground));
    CHECK(painted(host, 110, 340 - 170, host_photo_sky));

    /* Keys (Behaviour A10). Tab: the window (nothing focused, no first responder) gets the press,
     * logs it and hands it on; the focus system focuses the button, the first focusable view. */
    stroke(host, 4.0, 43, "\t", "\t", 0);
    CHECK(has_line(out, "input 4.000 key down 43 modifiers 0"));
    CHECK(has_line(out, "log: win pressesBegan 43"));
    CHECK(has_line(out, "log: focus button"));
    CHECK(has_line(out, "log: win pressesEnded 43"));
    /* The ring around the button, outside its frame (20, 20, 140, 60), over the window. */
    CHECK(painted(host, 18.5, 50, host_focus_ring));
    CHECK(painted(host, 90, 81.5, host_focus_ring));
    CHECK(painted(host, 90, 50, host_button_normal));
    /* Return activates the focused button: its action reaches the window. */
    stroke(host, 4.2, 40, "\r", "\r", 0);
    CHECK(has_line(out, "button touchUpInside"));
    CHECK(has_line(out, "button primaryActionTriggered"));
    CHECK(count_lines(out, "log: win buttonTapped from button touchUpInside") == 2);
    /* Tab again: the double-tap target, focusable by the scene's say; Shift-Tab back. */
    stroke(host, 4.4, 43, "\t", "\t", 0);
    CHECK(has_line(out, "log: focus doubleTapTarget"));
    CHECK(painted(host, 338.5, 80, host_focus_ring));
    CHECK(!painted_quietly(host, 18.5, 50, host_focus_ring));
    stroke(host, 4.6, 43, "\t", "\t", HK_MOD_SHIFT);
    CHECK(count_lines(out, "log: focus button") == 2);
    /* Control-R: the window's key command puts the dragged view back (the host follows the
     * scene's putBack action in its log). */
    stroke(host, 4.8, 21, "\x12", "r", HK_MOD_CONTROL);
    CHECK(has_line(out, "log: win putBack from keyCommand control+r"));
    CHECK(has_line(out, "draggable put back"));
    CHECK(painted(host, 70, 230, host_draggable));
    /* A key no stage takes is the host's. */
    stroke(host, 5.0, 20, "q", "q", 0);
    CHECK(has_line(out, "key unhandled 20"));
    /* A key held while the window loses the keyboard: the host cancels it. */
    {
        hk_key_input k = key(4, HK_KEY_DOWN, "a", "a", 0);
        host_send_keys(host, 5.2, &k, 1, NULL);
        k.phase = HK_KEY_CANCELLED;
        host_send_keys(host, 5.3, &k, 1, NULL);
        CHECK(has_line(out, "log: win pressesCancelled 4"));
    }

    /* A touchpad pinch to twice the size on the zooming scroll view (Behaviour A6.2), about its
     * centre: the content point there stays, so the offset becomes 70, 70, and the photo it zooms
     * shows its sun at the top right, where sky was. */
    CHECK(painted(host, 470, 180, host_photo_sky));
    CHECK(painted(host, 380, 250, host_photo_ground));
    pinch.x = 410;
    pinch.y = 230;
    pinch.scale = 1;
    pinch.rotation = 0;
    pinch.phase = HK_TOUCHPAD_PHASE_BEGAN;
    host_send_touchpad(host, 6.0, &pinch);
    /* In steps, as a touchpad reports them: a pinch begins only once its scale has moved. */
    pinch.phase = HK_TOUCHPAD_PHASE_CHANGED;
    for (step = 1; step <= 5; step++) {
        pinch.scale = 1 + step / 5.0;
        host_send_touchpad(host, 6.0 + step * 0.02, &pinch);
    }
    pinch.phase = HK_TOUCHPAD_PHASE_ENDED;
    host_send_touchpad(host, 6.2, &pinch);
    CHECK(has_line(out, "log: zoomer willBeginZooming"));
    CHECK(has_line(out, "log: zoomer zoomScale 2.0"));
    CHECK(has_line(out, "log: zoomer contentOffset 70.0 70.0"));
    CHECK(has_line(out, "log: zoomer didEndZooming 2.0"));
    CHECK(painted(host, 470, 180, host_photo_sun));
    CHECK(painted(host, 380, 250, host_photo_sky));
    /* The content, twice the bounds now, stays within them: the window shows beside it. */
    CHECK(painted(host, 335, 230, host_background));
    CHECK(painted(host, 490, 230, host_background));

    host_destroy(host);
    fclose(out);

    /* The recording: the scene file, then each frame as a B5 step, exactly. */
    {
        FILE *f = fopen(record, "r");
        char *text = f ? contents(f) : NULL;
        CHECK(text != NULL);
        if (text) {
            CHECK(strstr(text, "\"sceneFile\": \"") != NULL && strstr(text, "scenes/demo.json\"") != NULL);
            CHECK(strstr(text, "{ \"t\": 1, \"touches\": [{ \"id\": 1, \"phase\": \"began\", \"at\": [90, 50] }] }") != NULL);
            CHECK(strstr(text, "{ \"t\": 1.05, \"touches\": [{ \"id\": 1, \"phase\": \"ended\", \"at\": [90, 50] }] }") != NULL);
            CHECK(strstr(text, "\"touchpad\": { \"kind\": \"pinch\", \"phase\": \"changed\", \"at\": [110, 340], \"scale\": 2, "
                               "\"rotation\": 1.5707963267948966, \"fingers\": 2 }") != NULL);
            /* The host's own moves of views are edits the replay makes too. */
            CHECK(strstr(text, "{ \"t\": 2.1499999999999999, \"edits\": [{ \"view\": \"draggable\", \"set\": "
                               "{ \"frame\": [120, 190, 100, 80] } }] }") != NULL);
            CHECK(strstr(text, "{ \"view\": \"photo\", \"set\": { \"transform\": [1.2246467991473532e-16, 2, -2, "
                               "1.2246467991473532e-16, 0, 0] } }") != NULL);
            /* Keys by their code, their texts escaped as JSON; the put-back an edit. */
            CHECK(strstr(text, "{ \"t\": 4, \"keys\": [{ \"code\": 43, \"phase\": \"down\", \"characters\": \"\\u0009\", "
                               "\"ignoringModifiers\": \"\\u0009\", \"modifiers\": [] }] }") != NULL);
            CHECK(strstr(text, "{ \"code\": 21, \"phase\": \"down\", \"characters\": \"\\u0012\", \"ignoringModifiers\": \"r\", "
                               "\"modifiers\": [\"control\"] }") != NULL);
            CHECK(strstr(text, "{ \"t\": 4.7999999999999998, \"edits\": [{ \"view\": \"draggable\", \"set\": "
                               "{ \"frame\": [20, 190, 100, 80] } }] }") != NULL);
            CHECK(strstr(text, "\"phase\": \"cancelled\"") != NULL);
            CHECK(strlen(text) > 4 && strcmp(text + strlen(text) - 4, "] }\n") == 0);
            free(text);
            fclose(f);
        }
    }
    unlink(record);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s SCENE_DIR\n", argv[0]);
        return 2;
    }
    event_clock();
    scene_errors(argv[1]);
    demo_scene(argv[1]);
    return check_summary("scene-host");
}

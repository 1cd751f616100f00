/*
 * inject.c - writes input events to an Xorg `inputtest` device's socket (inputtestdrv(4)), so
 * the server turns them into real device events: XI2 touches, pointer motion, smooth scrolling
 * and XI 2.4 touchpad gestures. Used by run-under-xorg.sh.
 *
 * usage: inject SOCKET WIDTHxHEIGHT < commands
 *
 * One command a line (blank lines and lines starting with # are skipped):
 *   touch begin|update|end ID X Y    a touch at screen pixel X,Y (Touch devices)
 *   motion DX DY                     relative pointer motion in pixels (Pointer devices)
 *   scroll DX DY                     smooth scroll in valuator units: 120 is one wheel notch;
 *                                    positive DY scrolls down, as the wheel's button 5 does
 *   pinch begin|update|end FINGERS DX DY SCALE DEGREES [cancelled]
 *                                    an XI 2.4 pinch (PointerGesture devices); SCALE is absolute
 *                                    since the gesture began, DEGREES the change since the last
 *   swipe begin|update|end FINGERS DX DY [cancelled]
 *   sleep MILLISECONDS
 *   sync                             wait until the server has processed everything sent,
 *                                    then print "synced LINE" on standard output
 *
 * The driver takes one connection per device for the server's lifetime (it never notices a
 * client closing), so one injector stays connected for the whole run and reads its commands as
 * they come, from a pipe or FIFO.
 *
 * The touchscreen's X and Y valuators run over 0…65535 and the server scales them onto the whole
 * screen as value × size / 65536 (a touch sent as 100,100 lands at 1.22,0.92 on 800×600), so a
 * pixel is sent as pixel × 65536 / size.
 *
 * Exits 0 when every command was sent, 1 on a bad command or a socket error (with its line).
 */
#define _POSIX_C_SOURCE 200809L /* nanosleep under -std=c99 */

#include <xf86-input-inputtest-protocol.h>

#include <X11/extensions/XI2.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

/* The inputtest driver's touch axis range: 0…TOUCH_AXIS_MAX (0xffff). */
#define TOUCH_AXIS_SPAN 65536.0
/* The valuators the driver gives pointers and touchscreens: x, y, horizontal and vertical scroll. */
enum { AXIS_X = 0, AXIS_Y = 1, AXIS_HSCROLL = 2, AXIS_VSCROLL = 3 };

static int connection = -1;
static double screen_width, screen_height;
static int line_number;

static void fail(const char *what) {
    fprintf(stderr, "inject: line %d: %s\n", line_number, what);
    exit(1);
}

static void write_all(const void *bytes, size_t size) {
    const char *next = bytes;
    while (size > 0) {
        ssize_t written = write(connection, next, size);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) fail(strerror(errno));
        next += written;
        size -= (size_t)written;
    }
}

static void read_all(void *bytes, size_t size) {
    char *next = bytes;
    while (size > 0) {
        ssize_t got = read(connection, next, size);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) fail(got == 0 ? "the server closed the socket" : strerror(errno));
        next += got;
        size -= (size_t)got;
    }
}

static void set_valuator(xf86ITValuatorData *data, int axis, double value) {
    data->mask[axis / 8] |= (uint8_t)(1u << (axis % 8));
    data->valuators[axis] = value;
}

static void connect_to(const char *path) {
    struct sockaddr_un address;
    xf86ITEventClientVersion version;
    xf86ITResponseServerVersion reply;
    memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    if (strlen(path) >= sizeof address.sun_path) fail("socket path too long");
    strcpy(address.sun_path, path);
    connection = socket(AF_UNIX, SOCK_STREAM, 0);
    if (connection < 0 || connect(connection, (struct sockaddr *)&address, sizeof address) != 0) {
        fprintf(stderr, "inject: cannot connect to %s: %s\n", path, strerror(errno));
        exit(1);
    }
    /* The handshake: our protocol version, then the driver's. */
    memset(&version, 0, sizeof version);
    version.header.length = sizeof version;
    version.header.type = XF86IT_EVENT_CLIENT_VERSION;
    version.major = XF86IT_PROTOCOL_VERSION_MAJOR;
    version.minor = XF86IT_PROTOCOL_VERSION_MINOR;
    write_all(&version, sizeof version);
    read_all(&reply, sizeof reply);
    if (reply.header.type != XF86IT_RESPONSE_SERVER_VERSION || reply.major != XF86IT_PROTOCOL_VERSION_MAJOR)
        fail("the driver answered with another protocol version");
}

static void sync_with_server(void) {
    xf86ITEventWaitForSync event;
    xf86ITResponseSyncFinished reply;
    event.header.length = sizeof event;
    event.header.type = XF86IT_EVENT_WAIT_FOR_SYNC;
    write_all(&event, sizeof event);
    read_all(&reply, sizeof reply);
    if (reply.header.type != XF86IT_RESPONSE_SYNC_FINISHED) fail("unexpected answer to sync");
}

/* "begin", "update", "end" as the XI2 event type of the touch or gesture family starting at `begin`. */
static int phase_type(const char *word, int begin) {
    if (strcmp(word, "begin") == 0) return begin;
    if (strcmp(word, "update") == 0) return begin + 1;
    if (strcmp(word, "end") == 0) return begin + 2;
    fail("the phase must be begin, update or end");
    return 0;
}

static void touch(const char *phase, unsigned id, double x, double y) {
    xf86ITEventTouch event;
    memset(&event, 0, sizeof event);
    event.header.length = sizeof event;
    event.header.type = XF86IT_EVENT_TOUCH;
    event.touchid = id;
    event.touch_type = (uint32_t)phase_type(phase, XI_TouchBegin);
    set_valuator(&event.valuators, AXIS_X, x * TOUCH_AXIS_SPAN / screen_width);
    set_valuator(&event.valuators, AXIS_Y, y * TOUCH_AXIS_SPAN / screen_height);
    write_all(&event, sizeof event);
}

/* Relative motion: `first` and `second` on two consecutive axes (x, y or the two scroll axes). */
static void relative_motion(int first_axis, double first, double second) {
    xf86ITEventMotion event;
    memset(&event, 0, sizeof event);
    event.header.length = sizeof event;
    event.header.type = XF86IT_EVENT_MOTION;
    event.is_absolute = 0;
    if (first != 0) set_valuator(&event.valuators, first_axis, first);
    if (second != 0) set_valuator(&event.valuators, first_axis + 1, second);
    write_all(&event, sizeof event);
}

static void pinch(const char *phase, unsigned fingers, double dx, double dy, double scale, double degrees,
                  int cancelled) {
    xf86ITEventGesturePinch event;
    memset(&event, 0, sizeof event);
    event.header.length = sizeof event;
    event.header.type = XF86IT_EVENT_GESTURE_PINCH;
    event.gesture_type = (uint16_t)phase_type(phase, XI_GesturePinchBegin);
    event.num_touches = (uint16_t)fingers;
    event.flags = cancelled ? XIGesturePinchEventCancelled : 0;
    event.delta_x = event.delta_unaccel_x = dx;
    event.delta_y = event.delta_unaccel_y = dy;
    event.scale = scale;
    event.delta_angle = degrees;
    write_all(&event, sizeof event);
}

static void swipe(const char *phase, unsigned fingers, double dx, double dy, int cancelled) {
    xf86ITEventGestureSwipe event;
    memset(&event, 0, sizeof event);
    event.header.length = sizeof event;
    event.header.type = XF86IT_EVENT_GESTURE_SWIPE;
    event.gesture_type = (uint16_t)phase_type(phase, XI_GestureSwipeBegin);
    event.num_touches = (uint16_t)fingers;
    event.flags = cancelled ? XIGestureSwipeEventCancelled : 0;
    event.delta_x = event.delta_unaccel_x = dx;
    event.delta_y = event.delta_unaccel_y = dy;
    write_all(&event, sizeof event);
}

static void pause_for(long milliseconds) {
    struct timespec wait = { milliseconds / 1000, (milliseconds % 1000) * 1000000L };
    while (nanosleep(&wait, &wait) != 0 && errno == EINTR) {}
}

static void run(char *line) {
    char verb[16], phase[16], flag[16];
    unsigned id;
    double a, b, c, d;
    long milliseconds;
    int fields;
    if (sscanf(line, " %15s", verb) != 1 || verb[0] == '#') return;
    flag[0] = '\0';
    if (strcmp(verb, "touch") == 0) {
        if (sscanf(line, " touch %15s %u %lf %lf", phase, &id, &a, &b) != 4) fail("usage: touch PHASE ID X Y");
        touch(phase, id, a, b);
    } else if (strcmp(verb, "motion") == 0) {
        if (sscanf(line, " motion %lf %lf", &a, &b) != 2) fail("usage: motion DX DY");
        relative_motion(AXIS_X, a, b);
    } else if (strcmp(verb, "scroll") == 0) {
        if (sscanf(line, " scroll %lf %lf", &a, &b) != 2) fail("usage: scroll DX DY");
        relative_motion(AXIS_HSCROLL, a, b);
    } else if (strcmp(verb, "pinch") == 0) {
        fields = sscanf(line, " pinch %15s %u %lf %lf %lf %lf %15s", phase, &id, &a, &b, &c, &d, flag);
        if (fields < 6 || (fields == 7 && strcmp(flag, "cancelled") != 0))
            fail("usage: pinch PHASE FINGERS DX DY SCALE DEGREES [cancelled]");
        pinch(phase, id, a, b, c, d, fields == 7);
    } else if (strcmp(verb, "swipe") == 0) {
        fields = sscanf(line, " swipe %15s %u %lf %lf %15s", phase, &id, &a, &b, flag);
        if (fields < 4 || (fields == 5 && strcmp(flag, "cancelled") != 0))
            fail("usage: swipe PHASE FINGERS DX DY [cancelled]");
        swipe(phase, id, a, b, fields == 5);
    } else if (strcmp(verb, "sleep") == 0) {
        if (sscanf(line, " sleep %ld", &milliseconds) != 1 || milliseconds < 0) fail("usage: sleep MILLISECONDS");
        pause_for(milliseconds);
    } else if (strcmp(verb, "sync") == 0) {
        sync_with_server();
        printf("synced %d\n", line_number);
        fflush(stdout);
    } else {
        fail("unknown command (touch, motion, scroll, pinch, swipe, sleep, sync)");
    }
}

int main(int argc, char **argv) {
    char line[256];
    if (argc != 3 || sscanf(argv[2], "%lfx%lf", &screen_width, &screen_height) != 2 || screen_width <= 0
        || screen_height <= 0) {
        fprintf(stderr, "usage: %s SOCKET WIDTHxHEIGHT < commands\n", argv[0]);
        return 64;
    }
    connect_to(argv[1]);
    while (fgets(line, sizeof line, stdin)) {
        line_number++;
        run(line);
    }
    line_number++;
    sync_with_server();
    close(connection);
    return 0;
}

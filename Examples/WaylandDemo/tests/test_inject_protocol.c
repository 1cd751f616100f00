/*
 * test_inject_protocol.c - the hitkit-inject module's command lines (weston-inject/README.md):
 * each command's values, the lines skipped, and a clear error for each malformed line, after
 * which the next line still parses.
 */
#include "check.h"
#include "weston-inject/inject_protocol.h"

static inject_command command;
static char error[256];

static inject_result parse(const char *line) { return inject_parse(line, &command, error, sizeof error); }

/* A malformed line: an error whose message contains `expected`. */
static void refused(const char *line, const char *expected) {
    int ok = parse(line) == INJECT_ERROR && strstr(error, expected) != NULL;
    if (!ok) printf("     line \"%s\": error \"%s\", expected it to contain \"%s\"\n", line, error, expected);
    check_that(ok, line, __FILE__, __LINE__);
}

static void touches(void) {
    CHECK(parse("touch down 3 10.5 -20") == INJECT_PARSED);
    CHECK(command.kind == INJECT_TOUCH_DOWN && command.id == 3);
    CHECK_NEAR(command.x, 10.5);
    CHECK_NEAR(command.y, -20);
    CHECK(parse("  touch\tmotion 0 1e2 2.25  ") == INJECT_PARSED);
    CHECK(command.kind == INJECT_TOUCH_MOTION && command.id == 0);
    CHECK_NEAR(command.x, 100);
    CHECK(parse("touch up 7") == INJECT_PARSED && command.kind == INJECT_TOUCH_UP && command.id == 7);
    CHECK(parse("touch frame") == INJECT_PARSED && command.kind == INJECT_TOUCH_FRAME);
    CHECK(parse("touch cancel") == INJECT_PARSED && command.kind == INJECT_TOUCH_CANCEL);
    refused("touch down 1 10", "usage: touch down ID X Y");
    refused("touch down -1 10 10", "touch id '-1' is not an integer >= 0");
    refused("touch down 1.5 10 10", "touch id '1.5'");
    refused("touch down 1 nan 10", "not two finite numbers");
    refused("touch motion 1 10 inf", "not two finite numbers");
    refused("touch down 1 10px 10", "not two finite numbers");
    refused("touch up", "usage: touch up ID");
    refused("touch frame now", "usage: touch frame");
    refused("touch press 1 2 3", "touch: expected down, motion, up, frame or cancel");
}

static void pointer(void) {
    CHECK(parse("pointer motion 320 200.5") == INJECT_PARSED && command.kind == INJECT_POINTER_MOTION);
    CHECK_NEAR(command.y, 200.5);
    CHECK(parse("pointer button left pressed") == INJECT_PARSED);
    CHECK(command.kind == INJECT_POINTER_BUTTON && command.code == 0x110 && command.pressed == 1);
    CHECK(parse("pointer button right released") == INJECT_PARSED && command.code == 0x111 && command.pressed == 0);
    CHECK(parse("pointer button middle pressed") == INJECT_PARSED && command.code == 0x112);
    CHECK(parse("pointer button 275 pressed") == INJECT_PARSED && command.code == 275);
    refused("pointer button 999 pressed", "expected left, right, middle or a code 272...287");
    refused("pointer button left down", "expected pressed or released, not 'down'");
    CHECK(parse("pointer axis-source finger") == INJECT_PARSED);
    CHECK(command.kind == INJECT_POINTER_AXIS_SOURCE && command.source == INJECT_SOURCE_FINGER);
    CHECK(parse("pointer axis-source wheel-tilt") == INJECT_PARSED && command.source == INJECT_SOURCE_WHEEL_TILT);
    refused("pointer axis-source trackball", "expected wheel, finger, continuous or wheel-tilt");
    CHECK(parse("pointer axis vertical 10 discrete 1") == INJECT_PARSED);
    CHECK(command.kind == INJECT_POINTER_AXIS && command.axis == INJECT_AXIS_VERTICAL && command.has_discrete && command.discrete == 1);
    CHECK_NEAR(command.value, 10);
    CHECK(parse("pointer axis horizontal -2.5") == INJECT_PARSED);
    CHECK(command.axis == INJECT_AXIS_HORIZONTAL && !command.has_discrete);
    CHECK_NEAR(command.value, -2.5);
    refused("pointer axis vertical 0", "use pointer axis-stop");
    refused("pointer axis vertical 10 discrete", "usage: pointer axis");
    refused("pointer axis vertical 10 notches 1", "usage: pointer axis");
    refused("pointer axis vertical 10 discrete 1.5", "discrete '1.5' is not an integer");
    refused("pointer axis diagonal 10", "expected vertical or horizontal");
    CHECK(parse("pointer axis-stop horizontal") == INJECT_PARSED && command.kind == INJECT_POINTER_AXIS_STOP
          && command.axis == INJECT_AXIS_HORIZONTAL);
    CHECK(parse("pointer frame") == INJECT_PARSED && command.kind == INJECT_POINTER_FRAME);
    refused("pointer jump 1 2", "pointer: expected motion, button");
}

static void keys(void) {
    CHECK(parse("key 30 pressed") == INJECT_PARSED && command.kind == INJECT_KEY && command.code == 30 && command.pressed);
    CHECK(parse("key 15 released") == INJECT_PARSED && command.code == 15 && !command.pressed);
    refused("key 0 pressed", "not a Linux key code 1...767");
    refused("key 768 pressed", "not a Linux key code");
    refused("key A pressed", "not a Linux key code");
    refused("key 30", "usage: key CODE pressed|released");
    CHECK(parse("keyboard focus off") == INJECT_PARSED && command.kind == INJECT_KEYBOARD_FOCUS && command.focus == 0);
    CHECK(parse("keyboard focus on") == INJECT_PARSED && command.focus == 1);
    refused("keyboard focus maybe", "keyboard focus: expected on or off");
    refused("keyboard grab on", "usage: keyboard focus on|off");
}

static void gestures(void) {
    CHECK(parse("pinch begin 2") == INJECT_PARSED && command.kind == INJECT_PINCH_BEGIN && command.fingers == 2);
    CHECK(parse("pinch update 1 -2 1.5 7.5") == INJECT_PARSED && command.kind == INJECT_PINCH_UPDATE);
    CHECK_NEAR(command.dx, 1);
    CHECK_NEAR(command.dy, -2);
    CHECK_NEAR(command.scale, 1.5);
    CHECK_NEAR(command.degrees, 7.5);
    CHECK(parse("pinch end") == INJECT_PARSED && command.kind == INJECT_PINCH_END && !command.cancelled);
    CHECK(parse("pinch end cancelled") == INJECT_PARSED && command.cancelled);
    refused("pinch update 0 0 0 10", "the scale 0 is not > 0");
    refused("pinch update 0 0 -1 10", "the scale -1 is not > 0");
    refused("pinch update 0 0 1", "usage: pinch update DX DY SCALE DEGREES");
    refused("pinch begin 0", "fingers '0' is not an integer 1...10");
    refused("pinch end aborted", "expected nothing or cancelled");
    CHECK(parse("swipe begin 3") == INJECT_PARSED && command.kind == INJECT_SWIPE_BEGIN && command.fingers == 3);
    CHECK(parse("swipe update 10 0") == INJECT_PARSED && command.kind == INJECT_SWIPE_UPDATE);
    CHECK(parse("swipe end cancelled") == INJECT_PARSED && command.kind == INJECT_SWIPE_END && command.cancelled);
    refused("swipe update 10", "usage: swipe update DX DY");
    CHECK(parse("hold begin 2") == INJECT_PARSED && command.kind == INJECT_HOLD_BEGIN);
    CHECK(parse("hold end") == INJECT_PARSED && command.kind == INJECT_HOLD_END);
    refused("hold update 1 1", "hold: expected begin or end");
}

static void others(void) {
    char long_line[INJECT_MAX_LINE + 2], long_path[INJECT_MAX_PATH + 20];
    CHECK(parse("views") == INJECT_PARSED && command.kind == INJECT_VIEWS);
    refused("views all", "usage: views");
    CHECK(parse("screenshot /tmp/shot.ppm") == INJECT_PARSED && command.kind == INJECT_SCREENSHOT);
    CHECK_STR(command.path, "/tmp/shot.ppm");
    refused("screenshot", "usage: screenshot PATH");
    refused("screenshot /tmp/a b", "usage: screenshot PATH");
    memset(long_path, 'a', sizeof long_path - 1);
    memcpy(long_path, "screenshot /", 12);
    long_path[sizeof long_path - 1] = '\0';
    refused(long_path, "screenshot path longer than");
    CHECK(parse("") == INJECT_SKIP);
    CHECK(parse("   \t") == INJECT_SKIP);
    CHECK(parse("# touch down 1 2 3") == INJECT_SKIP);
    refused("tap 10 10", "unknown command 'tap'");
    refused("touch down 1 2 3 4 5 6 7 8 9", "too many words");
    memset(long_line, 'x', sizeof long_line - 1);
    long_line[sizeof long_line - 1] = '\0';
    refused(long_line, "line longer than");
    /* The parser keeps nothing from one line to the next: a good line after a bad one is read. */
    refused("touch down x", "usage");
    CHECK(parse("touch down 1 5 6") == INJECT_PARSED && command.kind == INJECT_TOUCH_DOWN && error[0] == '\0');
}

int main(void) {
    touches();
    pointer();
    keys();
    gestures();
    others();
    return check_summary("inject-protocol");
}

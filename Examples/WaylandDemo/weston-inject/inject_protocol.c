/*
 * inject_protocol.c - reads the hitkit-inject module's command lines (inject_protocol.h).
 * Every value is checked here, so the module only ever sees commands it can carry out.
 */
#include "inject_protocol.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_WORDS = 8 };

typedef struct {
    char storage[INJECT_MAX_LINE + 1];
    const char *word[MAX_WORDS];
    int count;
    char *error;
    size_t error_size;
} words;

static inject_result fail(words *w, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(w->error, w->error_size, format, arguments);
    va_end(arguments);
    return INJECT_ERROR;
}

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/* Splits the line into words; 0 when it has too many (the caller reports that). */
static int split(words *w, const char *line) {
    char *cursor;
    strcpy(w->storage, line);
    w->count = 0;
    cursor = w->storage;
    for (;;) {
        while (is_space(*cursor)) cursor++;
        if (*cursor == '\0') return 1;
        if (w->count == MAX_WORDS) return 0;
        w->word[w->count++] = cursor;
        while (*cursor != '\0' && !is_space(*cursor)) cursor++;
        if (*cursor != '\0') *cursor++ = '\0';
    }
}

static int equal(const char *a, const char *b) { return strcmp(a, b) == 0; }

/* A finite number that is the whole word. */
static int number(const char *word, double *out) {
    char *end;
    errno = 0;
    *out = strtod(word, &end);
    return end != word && *end == '\0' && errno == 0 && isfinite(*out);
}

/* A whole-word integer in [minimum, maximum]. */
static int integer(const char *word, long minimum, long maximum, long *out) {
    char *end;
    errno = 0;
    *out = strtol(word, &end, 10);
    return end != word && *end == '\0' && errno == 0 && *out >= minimum && *out <= maximum;
}

/* Checks a command's word count: from `least` to `most` (more when optional words may follow). */
static int arity(words *w, int least, int most, const char *usage) {
    if (w->count >= least && w->count <= most) return 1;
    fail(w, "usage: %s", usage);
    return 0;
}

static inject_result parse_touch(words *w, inject_command *c) {
    const char *verb = w->count > 1 ? w->word[1] : "";
    long id;
    if (equal(verb, "frame") || equal(verb, "cancel")) {
        if (!arity(w, 2, 2, equal(verb, "frame") ? "touch frame" : "touch cancel")) return INJECT_ERROR;
        c->kind = equal(verb, "frame") ? INJECT_TOUCH_FRAME : INJECT_TOUCH_CANCEL;
        return INJECT_PARSED;
    }
    if (equal(verb, "up")) {
        if (!arity(w, 3, 3, "touch up ID")) return INJECT_ERROR;
        if (!integer(w->word[2], 0, INT32_MAX, &id)) return fail(w, "touch id '%s' is not an integer >= 0", w->word[2]);
        c->kind = INJECT_TOUCH_UP;
        c->id = (int32_t)id;
        return INJECT_PARSED;
    }
    if (equal(verb, "down") || equal(verb, "motion")) {
        if (!arity(w, 5, 5, equal(verb, "down") ? "touch down ID X Y" : "touch motion ID X Y")) return INJECT_ERROR;
        if (!integer(w->word[2], 0, INT32_MAX, &id)) return fail(w, "touch id '%s' is not an integer >= 0", w->word[2]);
        if (!number(w->word[3], &c->x) || !number(w->word[4], &c->y))
            return fail(w, "touch location '%s %s' is not two finite numbers", w->word[3], w->word[4]);
        c->kind = equal(verb, "down") ? INJECT_TOUCH_DOWN : INJECT_TOUCH_MOTION;
        c->id = (int32_t)id;
        return INJECT_PARSED;
    }
    return fail(w, "touch: expected down, motion, up, frame or cancel");
}

static int axis_name(const char *word, uint32_t *out) {
    if (equal(word, "vertical")) *out = INJECT_AXIS_VERTICAL;
    else if (equal(word, "horizontal")) *out = INJECT_AXIS_HORIZONTAL;
    else return 0;
    return 1;
}

static int source_name(const char *word, uint32_t *out) {
    if (equal(word, "wheel")) *out = INJECT_SOURCE_WHEEL;
    else if (equal(word, "finger")) *out = INJECT_SOURCE_FINGER;
    else if (equal(word, "continuous")) *out = INJECT_SOURCE_CONTINUOUS;
    else if (equal(word, "wheel-tilt")) *out = INJECT_SOURCE_WHEEL_TILT;
    else return 0;
    return 1;
}

static int pressed_word(words *w, const char *word, int *out) {
    if (equal(word, "pressed")) *out = 1;
    else if (equal(word, "released")) *out = 0;
    else {
        fail(w, "expected pressed or released, not '%s'", word);
        return 0;
    }
    return 1;
}

static inject_result parse_pointer(words *w, inject_command *c) {
    const char *verb = w->count > 1 ? w->word[1] : "";
    long value;
    if (equal(verb, "motion")) {
        if (!arity(w, 4, 4, "pointer motion X Y")) return INJECT_ERROR;
        if (!number(w->word[2], &c->x) || !number(w->word[3], &c->y))
            return fail(w, "pointer location '%s %s' is not two finite numbers", w->word[2], w->word[3]);
        c->kind = INJECT_POINTER_MOTION;
        return INJECT_PARSED;
    }
    if (equal(verb, "button")) {
        const char *name;
        if (!arity(w, 4, 4, "pointer button left|right|middle|CODE pressed|released")) return INJECT_ERROR;
        name = w->word[2];
        if (equal(name, "left")) c->code = INJECT_BTN_LEFT;
        else if (equal(name, "right")) c->code = INJECT_BTN_RIGHT;
        else if (equal(name, "middle")) c->code = INJECT_BTN_MIDDLE;
        else if (integer(name, 0x110, 0x11f, &value)) c->code = (uint32_t)value;
        else return fail(w, "button '%s': expected left, right, middle or a code 272...287", name);
        if (!pressed_word(w, w->word[3], &c->pressed)) return INJECT_ERROR;
        c->kind = INJECT_POINTER_BUTTON;
        return INJECT_PARSED;
    }
    if (equal(verb, "axis-source")) {
        if (!arity(w, 3, 3, "pointer axis-source wheel|finger|continuous|wheel-tilt")) return INJECT_ERROR;
        if (!source_name(w->word[2], &c->source))
            return fail(w, "axis source '%s': expected wheel, finger, continuous or wheel-tilt", w->word[2]);
        c->kind = INJECT_POINTER_AXIS_SOURCE;
        return INJECT_PARSED;
    }
    if (equal(verb, "axis")) {
        static const char usage[] = "pointer axis vertical|horizontal VALUE [discrete N]";
        if (w->count != 4 && w->count != 6) return fail(w, "usage: %s", usage);
        if (!axis_name(w->word[2], &c->axis)) return fail(w, "axis '%s': expected vertical or horizontal", w->word[2]);
        if (!number(w->word[3], &c->value)) return fail(w, "axis value '%s' is not a finite number", w->word[3]);
        if (w->count == 6) {
            if (!equal(w->word[4], "discrete")) return fail(w, "usage: %s", usage);
            if (!integer(w->word[5], INT32_MIN, INT32_MAX, &value)) return fail(w, "discrete '%s' is not an integer", w->word[5]);
            c->has_discrete = 1;
            c->discrete = (int32_t)value;
        }
        /* A zero value is how libweston says "axis stop": it has its own command. */
        if (c->value == 0) return fail(w, "an axis value of 0 is an axis stop: use pointer axis-stop");
        c->kind = INJECT_POINTER_AXIS;
        return INJECT_PARSED;
    }
    if (equal(verb, "axis-stop")) {
        if (!arity(w, 3, 3, "pointer axis-stop vertical|horizontal")) return INJECT_ERROR;
        if (!axis_name(w->word[2], &c->axis)) return fail(w, "axis '%s': expected vertical or horizontal", w->word[2]);
        c->kind = INJECT_POINTER_AXIS_STOP;
        return INJECT_PARSED;
    }
    if (equal(verb, "frame")) {
        if (!arity(w, 2, 2, "pointer frame")) return INJECT_ERROR;
        c->kind = INJECT_POINTER_FRAME;
        return INJECT_PARSED;
    }
    return fail(w, "pointer: expected motion, button, axis-source, axis, axis-stop or frame");
}

static inject_result parse_key(words *w, inject_command *c) {
    long code;
    if (!arity(w, 3, 3, "key CODE pressed|released")) return INJECT_ERROR;
    /* Linux key codes (KEY_*) run to KEY_MAX, 0x2ff. */
    if (!integer(w->word[1], 1, 0x2ff, &code)) return fail(w, "key code '%s' is not a Linux key code 1...767", w->word[1]);
    if (!pressed_word(w, w->word[2], &c->pressed)) return INJECT_ERROR;
    c->kind = INJECT_KEY;
    c->code = (uint32_t)code;
    return INJECT_PARSED;
}

static inject_result parse_keyboard(words *w, inject_command *c) {
    if (!arity(w, 3, 3, "keyboard focus on|off") || !equal(w->word[1], "focus")) {
        return fail(w, "usage: keyboard focus on|off");
    }
    if (equal(w->word[2], "on")) c->focus = 1;
    else if (equal(w->word[2], "off")) c->focus = 0;
    else return fail(w, "keyboard focus: expected on or off, not '%s'", w->word[2]);
    c->kind = INJECT_KEYBOARD_FOCUS;
    return INJECT_PARSED;
}

/* pinch, swipe and hold: begin FINGERS, update (pinch and swipe only), end [cancelled]. */
static inject_result parse_gesture(words *w, inject_command *c) {
    const char *gesture = w->word[0], *verb = w->count > 1 ? w->word[1] : "";
    int pinch = equal(gesture, "pinch"), hold = equal(gesture, "hold");
    long fingers;
    if (equal(verb, "begin")) {
        if (!arity(w, 3, 3, pinch ? "pinch begin FINGERS" : hold ? "hold begin FINGERS" : "swipe begin FINGERS")) return INJECT_ERROR;
        if (!integer(w->word[2], 1, 10, &fingers)) return fail(w, "fingers '%s' is not an integer 1...10", w->word[2]);
        c->kind = pinch ? INJECT_PINCH_BEGIN : hold ? INJECT_HOLD_BEGIN : INJECT_SWIPE_BEGIN;
        c->fingers = (int32_t)fingers;
        return INJECT_PARSED;
    }
    if (equal(verb, "end")) {
        if (!arity(w, 2, 3, pinch ? "pinch end [cancelled]" : hold ? "hold end [cancelled]" : "swipe end [cancelled]")) return INJECT_ERROR;
        if (w->count == 3 && !equal(w->word[2], "cancelled")) return fail(w, "%s end: expected nothing or cancelled, not '%s'", gesture, w->word[2]);
        c->kind = pinch ? INJECT_PINCH_END : hold ? INJECT_HOLD_END : INJECT_SWIPE_END;
        c->cancelled = w->count == 3;
        return INJECT_PARSED;
    }
    if (equal(verb, "update") && !hold) {
        if (pinch) {
            if (!arity(w, 6, 6, "pinch update DX DY SCALE DEGREES")) return INJECT_ERROR;
            if (!number(w->word[2], &c->dx) || !number(w->word[3], &c->dy) || !number(w->word[4], &c->scale)
                || !number(w->word[5], &c->degrees))
                return fail(w, "pinch update: DX DY SCALE DEGREES must be finite numbers");
            if (c->scale <= 0) return fail(w, "pinch update: the scale %s is not > 0", w->word[4]);
            c->kind = INJECT_PINCH_UPDATE;
        } else {
            if (!arity(w, 4, 4, "swipe update DX DY")) return INJECT_ERROR;
            if (!number(w->word[2], &c->dx) || !number(w->word[3], &c->dy))
                return fail(w, "swipe update: DX DY must be finite numbers");
            c->kind = INJECT_SWIPE_UPDATE;
        }
        return INJECT_PARSED;
    }
    return fail(w, "%s: expected %s", gesture, hold ? "begin or end" : "begin, update or end");
}

inject_result inject_parse(const char *line, inject_command *out, char *error, size_t error_size) {
    words w;
    const char *verb;
    w.error = error;
    w.error_size = error_size;
    error[0] = '\0';
    memset(out, 0, sizeof *out);
    if (strlen(line) > INJECT_MAX_LINE) return fail(&w, "line longer than %d characters", INJECT_MAX_LINE);
    if (!split(&w, line)) return fail(&w, "too many words (at most %d)", MAX_WORDS);
    if (w.count == 0 || w.word[0][0] == '#') return INJECT_SKIP;
    verb = w.word[0];
    if (equal(verb, "touch")) return parse_touch(&w, out);
    if (equal(verb, "pointer")) return parse_pointer(&w, out);
    if (equal(verb, "key")) return parse_key(&w, out);
    if (equal(verb, "keyboard")) return parse_keyboard(&w, out);
    if (equal(verb, "pinch") || equal(verb, "swipe") || equal(verb, "hold")) return parse_gesture(&w, out);
    if (equal(verb, "views")) {
        if (!arity(&w, 1, 1, "views")) return INJECT_ERROR;
        out->kind = INJECT_VIEWS;
        return INJECT_PARSED;
    }
    if (equal(verb, "screenshot")) {
        if (!arity(&w, 2, 2, "screenshot PATH (no spaces)")) return INJECT_ERROR;
        if (strlen(w.word[1]) > INJECT_MAX_PATH) return fail(&w, "screenshot path longer than %d characters", INJECT_MAX_PATH);
        out->kind = INJECT_SCREENSHOT;
        strcpy(out->path, w.word[1]);
        return INJECT_PARSED;
    }
    return fail(&w, "unknown command '%s' (touch, pointer, key, keyboard, pinch, swipe, hold, views, screenshot)", verb);
}

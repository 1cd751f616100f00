/*
 * hitkit.h - the C API of HitKit (C99), implemented by the HitKitC dynamic library.
 *
 * Two layers:
 *   - the engine (hk_store, hk_view_*, hk_window_*, hk_hit_test_*, hk_convert_*): a flat store of
 *     views with UIKit's geometry, flags and hit-test rules;
 *   - the application (hk_app_*, gestures, controls, input frames, scenes): UIKit's event
 *     delivery, with C callbacks for touches, recognizer state changes and control actions.
 *
 * Errors: every function that can fail returns an hk_status (HK_OK is 0) and never aborts on a
 * bad handle, a NULL pointer, a cycle or bad input. hk_last_error_message() describes the last
 * failure on the calling thread. See Docs/CAPI.md for lifetimes and threading.
 *
 * Floating point: the library computes with the default environment (round to nearest, every
 * exception masked) and may raise exception flags as any double arithmetic does: inexact
 * anywhere, invalid for a value that is not finite, overflow where a finite value taken through
 * transforms leaves the range of a double. Call it with no floating-point exception trapped
 * (feenableexcept). The hit tests of many points raise no flag that the same points one call at
 * a time would not.
 *
 * Strings: a string that names something HitKit compares or looks up (a key command's input, a
 * focus group, a scene id, a scene file's path) must be valid UTF-8: other bytes are
 * HK_ERR_INVALID_ARGUMENT, the message showing them escaped ("\xc3"). Text HitKit only shows or
 * hands on (hk_key_input's characters, a menu item's identifier, a scene buffer's name) reads
 * bytes that are not UTF-8 as U+FFFD.
 *
 * Functions whose name starts with "hk__" are the library's exported entry points for the
 * static inline wrappers below (structs passed by value are unpacked into scalars, so that the
 * ABI is plain integers and doubles). Call the wrappers; bindings from other languages may
 * bind the hk__ functions directly.
 */
#ifndef HITKIT_H
#define HITKIT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------ */
/* Version, status codes and errors                                                            */

/*
 * The library's version (see "ABI policy" in Docs/CAPI.md): MAJOR changes when a change breaks
 * programs built against an older header (it is also the SONAME, libhitkit.so.MAJOR); MINOR when
 * functions, enum values or flags are added (the library exports a new function with the ELF
 * version HITKIT_MAJOR.MINOR, Scripts/libhitkit.map); PATCH for fixes that change no declaration.
 */
#define HK_VERSION_MAJOR 2
#define HK_VERSION_MINOR 13
#define HK_VERSION_PATCH 0
/** A version as one comparable number: HK_VERSION_NUMBER(1, 2, 3) is 10203. */
#define HK_VERSION_NUMBER(major, minor, patch) ((major) * 10000 + (minor) * 100 + (patch))
/** The version of this header. */
#define HK_VERSION HK_VERSION_NUMBER(HK_VERSION_MAJOR, HK_VERSION_MINOR, HK_VERSION_PATCH)

/** The version of the library loaded at run time, as HK_VERSION_NUMBER: a program built against
 *  this header runs on a library with the same MAJOR and a version at least HK_VERSION. */
int32_t hk_version(void);

/** A function's outcome: HK_OK (0) or one of the HK_ERR_ codes. */
typedef int32_t hk_status;
enum {
    HK_OK = 0,
    /** A NULL pointer, a non-finite number, an unknown enum value, a handle of the wrong kind or
     *  a name that is not UTF-8 ("Strings" above). */
    HK_ERR_INVALID_ARGUMENT = 1,
    /** A view, gesture, store or app handle that was destroyed (or never existed). */
    HK_ERR_STALE_HANDLE = 2,
    /** The edit would make a view its own ancestor, or the responder chain loop, or a view
     *  controller's parents and presenters loop, or a recognizer wait for its own failure. */
    HK_ERR_CYCLE = 3,
    /** A window cannot become a subview. */
    HK_ERR_WINDOW_AS_SUBVIEW = 4,
    /** The operation needs a window. */
    HK_ERR_NOT_A_WINDOW = 5,
    /** The view is not a subview of the given parent (or has no superview). */
    HK_ERR_NOT_A_SUBVIEW = 6,
    /** A subview index out of range. */
    HK_ERR_INDEX_OUT_OF_RANGE = 7,
    /** The two views share no hierarchy (conversion). */
    HK_ERR_UNRELATED_VIEWS = 8,
    /** Screen coordinates were asked of a view that is not in a window. */
    HK_ERR_NOT_IN_WINDOW = 9,
    /** The store or app is busy: edited during a hit test, or re-entered from a callback. */
    HK_ERR_BUSY = 10,
    /** An input frame had rejected input (the rest was delivered): see hk_app_rejection(). */
    HK_ERR_BAD_INPUT = 11,
    /** A scene file could not be read or is invalid. */
    HK_ERR_SCENE = 12,
    /** Nothing with that name (scene id). */
    HK_ERR_NOT_FOUND = 13,
    /** A count or size above its documented HK_MAX_ limit: refused before anything is allocated. */
    HK_ERR_LIMIT = 14,
    /** The app or store belongs to another thread: the thread that created it (Docs/CAPI.md). */
    HK_ERR_WRONG_THREAD = 15,
    /** A view handle of another app or store (each handle carries its owner's tag). */
    HK_ERR_FOREIGN_HANDLE = 16
};

/**
 * The message of the last call that failed on the calling thread (thread-local, like errno):
 * "" if none has failed. Successful calls leave it unchanged. The string stays valid until the
 * next failing call on the same thread; copy it to keep it.
 */
const char *hk_last_error_message(void);

/** A short constant name for a status ("HK_ERR_CYCLE"), or "HK_UNKNOWN". */
const char *hk_status_name(hk_status status);

/* The refusal of a NULL struct pointer found by a wrapper below before it could unpack the
 * struct: HK_ERR_INVALID_ARGUMENT, with "the <name> pointer is NULL" as the thread's message. */
hk_status hk__null_pointer(const char *name);

/* ------------------------------------------------------------------------------------------ */
/* Value types                                                                                 */

/** A view handle: a row index and its generation. A destroyed view's handle is stale forever. */
typedef struct { int32_t index; uint32_t generation; } hk_view;
/** "No view": the answer of a hit test that hits nothing; as a conversion space, the screen. */
#define HK_NO_VIEW_INDEX (-1)
static inline hk_view hk_no_view(void) { hk_view v = { HK_NO_VIEW_INDEX, 0 }; return v; }
static inline int hk_view_is_none(hk_view v) { return v.index < 0; }
static inline int hk_view_equal(hk_view a, hk_view b) { return a.index == b.index && a.generation == b.generation; }

typedef struct { double x, y; } hk_point;
typedef struct { double width, height; } hk_size;
typedef struct { double x, y, width, height; } hk_rect;
/** An affine transform [a b c d tx ty]: x' = a x + c y + tx, y' = b x + d y + ty. */
typedef struct { double a, b, c, d, tx, ty; } hk_transform;
typedef struct { double top, left, bottom, right; } hk_insets;

static inline hk_point hk_make_point(double x, double y) { hk_point p; p.x = x; p.y = y; return p; }
static inline hk_rect hk_make_rect(double x, double y, double w, double h) {
    hk_rect r; r.x = x; r.y = y; r.width = w; r.height = h; return r;
}

/* ------------------------------------------------------------------------------------------ */
/* The engine: stores and views                                                                */

/** A store of views. Opaque; owned by the caller (hk_store_create) or borrowed (hk_app_store). */
typedef struct hk_store hk_store;

/** Creates an empty store; destroy it with hk_store_destroy. NULL when the most stores and
 *  apps C handles can name are live (2^24 - 1, see "Limits"), with hk_last_error_message() saying so. */
hk_store *hk_store_create(void);
/** Destroys a store and every view in it. HK_ERR_INVALID_ARGUMENT for an app's borrowed store. */
hk_status hk_store_destroy(hk_store *store);
/** The number of live views in the store (0 for a bad store). */
size_t hk_store_view_count(const hk_store *store);

/** Boolean view properties (Behaviour A2). */
typedef int32_t hk_flag;
enum {
    HK_FLAG_HIDDEN = 0,                     /* default 0; a window set to 0 again comes to its level's front */
    HK_FLAG_USER_INTERACTION_ENABLED = 1,   /* default 1 */
    HK_FLAG_PASS_THROUGH = 2,
    HK_FLAG_HITS_OUTSIDE_BOUNDS = 3,
    HK_FLAG_REDIRECTS_TO_SUPERVIEW = 4,
    HK_FLAG_CLIPS_TO_BOUNDS = 5,
    HK_FLAG_MULTIPLE_TOUCH_ENABLED = 6,
    HK_FLAG_EXCLUSIVE_TOUCH = 7
};

hk_status hk__view_create(hk_store *store, double x, double y, double w, double h, hk_view *out);
hk_status hk__window_create(hk_store *store, double x, double y, double w, double h, double level, hk_view *out);
hk_status hk__view_destroy(hk_store *store, int32_t vi, uint32_t vg);
hk_status hk__view_add_subview(hk_store *store, int32_t ci, uint32_t cg, int32_t pi, uint32_t pg);
hk_status hk__view_insert_subview(hk_store *store, int32_t ci, uint32_t cg, int32_t pi, uint32_t pg, int64_t index);
hk_status hk__view_insert_above(hk_store *store, int32_t ci, uint32_t cg, int32_t si, uint32_t sg);
hk_status hk__view_insert_below(hk_store *store, int32_t ci, uint32_t cg, int32_t si, uint32_t sg);
hk_status hk__view_remove_from_superview(hk_store *store, int32_t vi, uint32_t vg);
hk_status hk__view_bring_to_front(hk_store *store, int32_t vi, uint32_t vg);
hk_status hk__view_send_to_back(hk_store *store, int32_t vi, uint32_t vg);
hk_status hk__view_exchange_subviews(hk_store *store, int32_t pi, uint32_t pg, int64_t first, int64_t second);
hk_status hk__view_superview(const hk_store *store, int32_t vi, uint32_t vg, hk_view *out);
hk_status hk__view_subview_count(const hk_store *store, int32_t vi, uint32_t vg, size_t *out);
hk_status hk__view_subview_at(const hk_store *store, int32_t vi, uint32_t vg, size_t index, hk_view *out);
hk_status hk__view_first_subview(const hk_store *store, int32_t vi, uint32_t vg, hk_view *out);
hk_status hk__view_next_sibling(const hk_store *store, int32_t vi, uint32_t vg, hk_view *out);
hk_status hk__window_set_level(hk_store *store, int32_t wi, uint32_t wg, double level);
hk_status hk__window_order_front(hk_store *store, int32_t wi, uint32_t wg);

/** Creates a detached view with `frame` (identity transform, anchor (0.5, 0.5), default flags). */
static inline hk_status hk_view_create(hk_store *s, hk_rect frame, hk_view *out) {
    return hk__view_create(s, frame.x, frame.y, frame.width, frame.height, out);
}
/** Creates a window (a root shown on the screen) in front of the windows of its level. */
static inline hk_status hk_window_create(hk_store *s, hk_rect frame, double level, hk_view *out) {
    return hk__window_create(s, frame.x, frame.y, frame.width, frame.height, level, out);
}
/** Destroys a view and every view under it; their handles become stale. */
static inline hk_status hk_view_destroy(hk_store *s, hk_view v) { return hk__view_destroy(s, v.index, v.generation); }
/** Adds `child` in front of `parent`'s subviews, taking it from its superview. HK_ERR_CYCLE if
 *  `parent` is `child` or under it; HK_ERR_WINDOW_AS_SUBVIEW for a window. */
static inline hk_status hk_view_add_subview(hk_store *s, hk_view child, hk_view parent) {
    return hk__view_add_subview(s, child.index, child.generation, parent.index, parent.generation);
}
/** Inserts `child` at `index` (0 is the back-most) among `parent`'s subviews, counted without
 *  `child`, which moves when it is one of them: 0 to that count (the count puts it in front). */
static inline hk_status hk_view_insert_subview(hk_store *s, hk_view child, hk_view parent, int64_t index) {
    return hk__view_insert_subview(s, child.index, child.generation, parent.index, parent.generation, index);
}
/** Inserts `child` just in front of `sibling` (which must have a superview). */
static inline hk_status hk_view_insert_above(hk_store *s, hk_view child, hk_view sibling) {
    return hk__view_insert_above(s, child.index, child.generation, sibling.index, sibling.generation);
}
/** Inserts `child` just behind `sibling`. */
static inline hk_status hk_view_insert_below(hk_store *s, hk_view child, hk_view sibling) {
    return hk__view_insert_below(s, child.index, child.generation, sibling.index, sibling.generation);
}
/** Detaches a view from its superview (no-op if it has none). */
static inline hk_status hk_view_remove_from_superview(hk_store *s, hk_view v) {
    return hk__view_remove_from_superview(s, v.index, v.generation);
}
/** Moves a subview in front of its siblings. */
static inline hk_status hk_view_bring_to_front(hk_store *s, hk_view v) { return hk__view_bring_to_front(s, v.index, v.generation); }
/** Moves a subview behind its siblings. */
static inline hk_status hk_view_send_to_back(hk_store *s, hk_view v) { return hk__view_send_to_back(s, v.index, v.generation); }
/** Swaps the subviews of `parent` at two indices. */
static inline hk_status hk_view_exchange_subviews(hk_store *s, hk_view parent, int64_t first, int64_t second) {
    return hk__view_exchange_subviews(s, parent.index, parent.generation, first, second);
}
/** The superview, or hk_no_view() for a root. */
static inline hk_status hk_view_superview(const hk_store *s, hk_view v, hk_view *out) {
    return hk__view_superview(s, v.index, v.generation, out);
}
/** The number of subviews (counted through the sibling links, then kept until the store is next
 *  edited: asked again of the same view, it is not counted again). */
static inline hk_status hk_view_subview_count(const hk_store *s, hk_view v, size_t *out) {
    return hk__view_subview_count(s, v.index, v.generation, out);
}
/** The subview at `index`, back-most first. The store keeps where the last call stopped, so
 *  indices asked in order of one view, with no edit of the store between, cost one step each;
 *  an index below the last one asked, another view or an edit starts again from the back-most. */
static inline hk_status hk_view_subview_at(const hk_store *s, hk_view v, size_t index, hk_view *out) {
    return hk__view_subview_at(s, v.index, v.generation, index, out);
}
/** The back-most subview, or hk_no_view() when there is none. */
static inline hk_status hk_view_first_subview(const hk_store *s, hk_view v, hk_view *out) {
    return hk__view_first_subview(s, v.index, v.generation, out);
}
/** The subview just in front of `v` in its superview, or hk_no_view() when `v` is the
 *  front-most or has no superview. */
static inline hk_status hk_view_next_sibling(const hk_store *s, hk_view v, hk_view *out) {
    return hk__view_next_sibling(s, v.index, v.generation, out);
}
static inline hk_status hk_window_set_level(hk_store *s, hk_view w, double level) {
    return hk__window_set_level(s, w.index, w.generation, level);
}
/** Shows a window in front of the other windows of its level. */
static inline hk_status hk_window_order_front(hk_store *s, hk_view w) { return hk__window_order_front(s, w.index, w.generation); }

/* Geometry (Behaviour A1). Setters refuse non-finite values with HK_ERR_INVALID_ARGUMENT. */
hk_status hk__view_set_center(hk_store *store, int32_t vi, uint32_t vg, double x, double y);
hk_status hk__view_set_bounds(hk_store *store, int32_t vi, uint32_t vg, double x, double y, double w, double h);
hk_status hk__view_set_frame(hk_store *store, int32_t vi, uint32_t vg, double x, double y, double w, double h);
hk_status hk__view_set_transform(hk_store *store, int32_t vi, uint32_t vg, const hk_transform *transform);
hk_status hk__view_set_anchor_point(hk_store *store, int32_t vi, uint32_t vg, double x, double y);
hk_status hk__view_center(const hk_store *store, int32_t vi, uint32_t vg, hk_point *out);
hk_status hk__view_bounds(const hk_store *store, int32_t vi, uint32_t vg, hk_rect *out);
hk_status hk__view_frame(const hk_store *store, int32_t vi, uint32_t vg, hk_rect *out);
hk_status hk__view_transform(const hk_store *store, int32_t vi, uint32_t vg, hk_transform *out);
hk_status hk__view_anchor_point(const hk_store *store, int32_t vi, uint32_t vg, hk_point *out);

static inline hk_status hk_view_set_center(hk_store *s, hk_view v, hk_point c) { return hk__view_set_center(s, v.index, v.generation, c.x, c.y); }
/** Sets the bounds (never moves the center). A scroll view's bounds origin is its content offset:
 *  moved through an app's store, the scroll view's delegate's did_scroll, then its offset
 *  callback, hear of it once at the next frame, advance or hk_app_ call that changes a view, and
 *  a drag or motion under way goes on from it (Behaviour A6.1). */
static inline hk_status hk_view_set_bounds(hk_store *s, hk_view v, hk_rect r) {
    return hk__view_set_bounds(s, v.index, v.generation, r.x, r.y, r.width, r.height);
}
/** Sets the frame (with a non-identity transform, as UIKit: the bounds size and center follow). */
static inline hk_status hk_view_set_frame(hk_store *s, hk_view v, hk_rect r) {
    return hk__view_set_frame(s, v.index, v.generation, r.x, r.y, r.width, r.height);
}
static inline hk_status hk_view_set_transform(hk_store *s, hk_view v, hk_transform t) { return hk__view_set_transform(s, v.index, v.generation, &t); }
static inline hk_status hk_view_set_anchor_point(hk_store *s, hk_view v, hk_point p) { return hk__view_set_anchor_point(s, v.index, v.generation, p.x, p.y); }
static inline hk_status hk_view_center(const hk_store *s, hk_view v, hk_point *out) { return hk__view_center(s, v.index, v.generation, out); }
static inline hk_status hk_view_bounds(const hk_store *s, hk_view v, hk_rect *out) { return hk__view_bounds(s, v.index, v.generation, out); }
static inline hk_status hk_view_frame(const hk_store *s, hk_view v, hk_rect *out) { return hk__view_frame(s, v.index, v.generation, out); }
static inline hk_status hk_view_transform(const hk_store *s, hk_view v, hk_transform *out) { return hk__view_transform(s, v.index, v.generation, out); }
static inline hk_status hk_view_anchor_point(const hk_store *s, hk_view v, hk_point *out) { return hk__view_anchor_point(s, v.index, v.generation, out); }

/* Flags and hit-area modifiers (Behaviour A2). */
hk_status hk__view_set_flag(hk_store *store, int32_t vi, uint32_t vg, hk_flag flag, int32_t value);
hk_status hk__view_flag(const hk_store *store, int32_t vi, uint32_t vg, hk_flag flag, int32_t *out);
hk_status hk__view_set_alpha(hk_store *store, int32_t vi, uint32_t vg, double alpha);
hk_status hk__view_set_hit_test_insets(hk_store *store, int32_t vi, uint32_t vg, double top, double left, double bottom, double right);
hk_status hk__view_set_minimum_hit_size(hk_store *store, int32_t vi, uint32_t vg, double w, double h);
hk_status hk__view_hit_area(const hk_store *store, int32_t vi, uint32_t vg, hk_rect *out);
hk_status hk__view_alpha(const hk_store *store, int32_t vi, uint32_t vg, double *out);
hk_status hk__view_hit_test_insets(const hk_store *store, int32_t vi, uint32_t vg, hk_insets *out);
hk_status hk__view_minimum_hit_size(const hk_store *store, int32_t vi, uint32_t vg, hk_size *out);

/** Sets a flag to `value` (0 false, anything else true). */
static inline hk_status hk_view_set_flag(hk_store *s, hk_view v, hk_flag f, int value) { return hk__view_set_flag(s, v.index, v.generation, f, value); }
/** Reads a flag into *out (0 or 1). */
static inline hk_status hk_view_flag(const hk_store *s, hk_view v, hk_flag f, int32_t *out) { return hk__view_flag(s, v.index, v.generation, f, out); }
/** Sets the view's opacity (default 1). Below 0.01 the view and its subtree are never hit;
 *  0.01 itself is (Behaviour A2). Kept as given, outside 0...1 too; not finite:
 *  HK_ERR_INVALID_ARGUMENT. */
static inline hk_status hk_view_set_alpha(hk_store *s, hk_view v, double alpha) { return hk__view_set_alpha(s, v.index, v.generation, alpha); }
/** Reads the view's opacity, as set. */
static inline hk_status hk_view_alpha(const hk_store *s, hk_view v, double *out) { return hk__view_alpha(s, v.index, v.generation, out); }
/** Grows (negative insets) or shrinks the area that counts as inside the view (default 0). */
static inline hk_status hk_view_set_hit_test_insets(hk_store *s, hk_view v, hk_insets i) {
    return hk__view_set_hit_test_insets(s, v.index, v.generation, i.top, i.left, i.bottom, i.right);
}
/** Reads the view's hit-test insets, as set. */
static inline hk_status hk_view_hit_test_insets(const hk_store *s, hk_view v, hk_insets *out) {
    return hk__view_hit_test_insets(s, v.index, v.generation, out);
}
/** Grows the hit area, centred on the bounds, to at least this size (default 0 by 0). */
static inline hk_status hk_view_set_minimum_hit_size(hk_store *s, hk_view v, hk_size size) {
    return hk__view_set_minimum_hit_size(s, v.index, v.generation, size.width, size.height);
}
/** Reads the view's minimum hit size, as set. */
static inline hk_status hk_view_minimum_hit_size(const hk_store *s, hk_view v, hk_size *out) {
    return hk__view_minimum_hit_size(s, v.index, v.generation, out);
}
/** The area that counts as inside, in the view's own coordinates. */
static inline hk_status hk_view_hit_area(const hk_store *s, hk_view v, hk_rect *out) { return hk__view_hit_area(s, v.index, v.generation, out); }

/* Hit testing and conversion (Behaviour A1, A2). */
hk_status hk__hit_test_screen(const hk_store *store, double x, double y, hk_view *out);
hk_status hk__hit_test_view(const hk_store *store, int32_t vi, uint32_t vg, double x, double y, hk_view *out);
hk_status hk__convert_point(const hk_store *store, double x, double y, int32_t fi, uint32_t fg, int32_t ti, uint32_t tg, hk_point *out);
hk_status hk__convert_rect(const hk_store *store, const hk_rect *rect, int32_t fi, uint32_t fg, int32_t ti, uint32_t tg, hk_rect *out);

/** The front-most view under a screen point across the windows, or hk_no_view(). A point that
 *  is not finite is HK_ERR_INVALID_ARGUMENT, and *out is left as it was (from Swift, the engine
 *  answers no view for it). */
static inline hk_status hk_hit_test_screen(const hk_store *s, hk_point p, hk_view *out) { return hk__hit_test_screen(s, p.x, p.y, out); }
/**
 * Hit tests `count` screen points in one call: out[i] is what hk_hit_test_screen answers for
 * points[i]. The store's lookup and the checks are made once for the whole array, so a point
 * costs about what the engine's query costs (a host with several touches or a grid of points
 * to test saves the per-call cost on each). Every point is checked before the first is
 * answered; a point that is not finite stops the call with HK_ERR_INVALID_ARGUMENT naming its
 * index: out[0 .. index-1] hold their answers, the rest of `out` is left as it was. A hit-test
 * callback that changes a later point changes what is answered for it, unchecked (a point made
 * not finite there is a miss). A `count` of 0 reads and writes nothing (the arrays may be
 * NULL), but the store and the thread are still checked; a `count` of 2^59 or more (more points
 * than memory holds) is HK_ERR_INVALID_ARGUMENT. `out` has room for `count` views and does not
 * overlap `points`, which may be aligned to 8 bytes only.
 */
hk_status hk_hit_test_screen_points(const hk_store *store, const hk_point *points, size_t count, hk_view *out);
/** Hit tests a window or any view with `p` in its own coordinates; hk_no_view() if nothing. A
 *  point that is not finite: HK_ERR_INVALID_ARGUMENT, as in hk_hit_test_screen. */
static inline hk_status hk_hit_test_view(const hk_store *s, hk_view v, hk_point p, hk_view *out) {
    return hk__hit_test_view(s, v.index, v.generation, p.x, p.y, out);
}
/** Converts a point from `from`'s coordinates to `to`'s; hk_no_view() on either side means the screen. */
static inline hk_status hk_convert_point(const hk_store *s, hk_point p, hk_view from, hk_view to, hk_point *out) {
    return hk__convert_point(s, p.x, p.y, from.index, from.generation, to.index, to.generation, out);
}
/** Converts a rect (its bounding box after the conversion). */
static inline hk_status hk_convert_rect(const hk_store *s, hk_rect r, hk_view from, hk_view to, hk_rect *out) {
    return hk__convert_rect(s, &r, from.index, from.generation, to.index, to.generation, out);
}

/* Hit maps: a cache of a window's answers by cell (Docs/Engine.md, "Hit maps"). After some     */
/* queries of a store no one edited in between, each of its front-most windows gets a map, and  */
/* most queries of the window read one cell instead of walking. Any edit retires the maps; the  */
/* answers are the same with or without one. The map is built inside the query that reaches    */
/* the count (about 6.4 million instructions, about 1 ms, at 100,000 views): a host that cannot */
/* afford that inside one of its frames chooses when, or never.                                  */

/** When a store builds its windows' hit maps. */
typedef struct {
    /** Queries with no edit of the store between them before the maps are built (at least 1). */
    int64_t queries_before_build;
    /** Windows with fewer views than this (the window included) are only ever walked (at least 0). */
    int64_t minimum_views;
    /** The cells a map may have for each of its window's views (at least 1); 2^20 in all at most. */
    int64_t cells_per_view;
} hk_hit_map_policy;

/** The default: after 64 queries, windows of 256 views or more, 8 cells a view. */
static inline hk_hit_map_policy hk_hit_map_policy_standard(void) { hk_hit_map_policy p = { 64, 256, 8 }; return p; }
/** Maps from the first query after an edit, for every window that can have one (not a window
 *  that is not a plain rectangle, nor one with 64 or more direct subviews, whose queries use the
 *  container's grid). */
static inline hk_hit_map_policy hk_hit_map_policy_eager(void) { hk_hit_map_policy p = { 1, 1, 8 }; return p; }
/** No maps: every query walks. */
static inline hk_hit_map_policy hk_hit_map_policy_never(void) { hk_hit_map_policy p = { INT64_MAX, INT64_MAX, 1 }; return p; }

/** Sets when the store (an app's too: hk_app_store) builds hit maps; drops the maps it has and
 *  their memory. HK_ERR_INVALID_ARGUMENT for a field below its least value. */
hk_status hk_store_set_hit_map_policy(hk_store *store, const hk_hit_map_policy *policy);
/** The store's policy. */
hk_status hk_store_hit_map_policy(const hk_store *store, hk_hit_map_policy *out);
/** How many of the store's windows have a map now: 0 until a query builds them, and after any edit. */
hk_status hk_store_hit_map_count(const hk_store *store, int32_t *out);

/* ------------------------------------------------------------------------------------------ */
/* User data and destroy notifications                                                         */

/**
 * Every function that stores a callback's `user_data` takes an hk_destroy_notify (or NULL) as its
 * last parameter. HitKit calls it exactly once, with `user_data`, when it lets go of the pointer:
 * the callback is replaced or cleared, or its view, recognizer, control, app or store is
 * destroyed. It runs on the thread of the call that let go, just before that call returns (never
 * in the middle of HitKit's work), so it may call HitKit like any code outside a callback.
 * Passing a NULL callback ignores `user_data` and `destroy`, and so does a refused call (any
 * status but HK_OK): `user_data` stays the caller's.
 *
 * Every callback must return: a C++ exception, a Rust panic or a longjmp out of one cannot unwind
 * HitKit's frames. A callback may run again inside itself (destroying its own view cancels that
 * view's touch through the same callback); its user data is not freed until the outermost call
 * returns.
 */
typedef void (*hk_destroy_notify)(void *user_data);

/* ------------------------------------------------------------------------------------------ */
/* The application: windows, views, delivery                                                  */

/** An application (UIKit's UIApplication with its windows). Opaque; owned by the caller. */
typedef struct hk_app hk_app;

/** Creates an empty application at time 0. NULL when it and its store find no room among the
 *  most stores and apps C handles can name (2^24 - 1, see "Limits"), with hk_last_error_message()
 *  saying so; nothing is kept then. */
hk_app *hk_app_create(void);
/** Destroys the application and every window, view, recognizer and control in it. Touches still
 *  down end first, cancelled through their views' callbacks, which find the app's handle already
 *  stale; so do the drags under way (will_end and did_end, cancelled) and the callbacks of what
 *  was still due (a scroll view's offset moved through the store, told to its delegate).
 *  HK_ERR_BUSY from inside one of its callbacks. */
hk_status hk_app_destroy(hk_app *app);
/** The app's store, borrowed (valid until hk_app_destroy): use it for the geometry, flags, hit
 *  testing and conversion of the app's views. Its structural edits are refused
 *  (HK_ERR_INVALID_ARGUMENT, the message naming the call to use): hk_view_create, hk_window_create,
 *  hk_view_destroy, hk_view_add_subview, _insert_subview, _insert_above, _insert_below,
 *  _remove_from_superview, _bring_to_front, _send_to_back, _exchange_subviews and hk_store_destroy;
 *  their hk_app_ counterparts (hk_app_view_create...; hk_app_destroy) keep the app's objects in
 *  step. hk_window_set_level and hk_window_order_front are taken. Its edits are
 *  followed as the app's own are: HK_FLAG_EXCLUSIVE_TOUCH at once, touches already down included;
 *  hover, drop targets, a focused view that can no longer be focused and a scroll view's offset
 *  moved by its bounds at the next frame, advance or hk_app_ call that changes a view. NULL for
 *  a bad app. */
hk_store *hk_app_store(hk_app *app);
/** The app's clock in seconds (that of the last frame or advance). */
double hk_app_time(const hk_app *app);

hk_status hk__app_window_create(hk_app *app, double x, double y, double w, double h, double level, hk_view *out);
hk_status hk__app_view_create(hk_app *app, double x, double y, double w, double h, hk_view *out);
hk_status hk__app_view_destroy(hk_app *app, int32_t vi, uint32_t vg);
hk_status hk__app_view_add_subview(hk_app *app, int32_t ci, uint32_t cg, int32_t pi, uint32_t pg);
hk_status hk__app_view_insert_subview(hk_app *app, int32_t ci, uint32_t cg, int32_t pi, uint32_t pg, int64_t index);
hk_status hk__app_view_insert_above(hk_app *app, int32_t ci, uint32_t cg, int32_t si, uint32_t sg);
hk_status hk__app_view_insert_below(hk_app *app, int32_t ci, uint32_t cg, int32_t si, uint32_t sg);
hk_status hk__app_view_exchange_subviews(hk_app *app, int32_t pi, uint32_t pg, int64_t first, int64_t second);
hk_status hk__app_view_remove_from_superview(hk_app *app, int32_t vi, uint32_t vg);
hk_status hk__app_view_bring_to_front(hk_app *app, int32_t vi, uint32_t vg);
hk_status hk__app_view_send_to_back(hk_app *app, int32_t vi, uint32_t vg);
hk_status hk__app_hit_test(hk_app *app, double x, double y, hk_view *out);

/** Creates a window (visible at once, in front of its level) that the app keeps until destroyed. */
static inline hk_status hk_app_window_create(hk_app *a, hk_rect frame, double level, hk_view *out) {
    return hk__app_window_create(a, frame.x, frame.y, frame.width, frame.height, level, out);
}
/** Creates a plain detached view that can receive touch callbacks (hk_app_view_set_touch_callback). */
static inline hk_status hk_app_view_create(hk_app *a, hk_rect frame, hk_view *out) {
    return hk__app_view_create(a, frame.x, frame.y, frame.width, frame.height, out);
}
/** Destroys a view, control or window of the app: it leaves its superview (its touches are
 *  cancelled) and its handle becomes stale. Its subviews are detached, not destroyed. The key
 *  commands, interactions and control actions added to it go with it (their handles become
 *  stale, their user data is notified; a drag interaction whose session is under way, after
 *  that session's did_end, as with hk_interaction_remove), at a cost of its own however many the
 *  app has. A scene's view lets go of its scene id. A controller's root view is refused
 *  (HK_ERR_INVALID_ARGUMENT) until hk_view_controller_destroy: the controller keeps it. Called
 *  from a callback, the handle is refused at once, but the view and what C attached to it stay
 *  until the delivery under way has ended: what its end owes them (a drop target's did_exit, a
 *  hover's end, a focus loss, a cancellation, an offset moved through the store) still reaches
 *  their callbacks, with the stale handle, and their user data is notified after. Until then
 *  the app's store may still read the view's row. */
static inline hk_status hk_app_view_destroy(hk_app *a, hk_view v) { return hk__app_view_destroy(a, v.index, v.generation); }
static inline hk_status hk_app_view_add_subview(hk_app *a, hk_view child, hk_view parent) {
    return hk__app_view_add_subview(a, child.index, child.generation, parent.index, parent.generation);
}
static inline hk_status hk_app_view_insert_subview(hk_app *a, hk_view child, hk_view parent, int64_t index) {
    return hk__app_view_insert_subview(a, child.index, child.generation, parent.index, parent.generation, index);
}
/** Inserts `child` just in front of `sibling`, under the sibling's superview (HK_ERR_NOT_A_SUBVIEW
 *  when it has none): HK_ERR_CYCLE if that superview is `child` or under it, or if the responder
 *  chain would loop through a presentation; HK_ERR_WINDOW_AS_SUBVIEW for a window. A child
 *  leaving its window has its touches cancelled first, as in hk_app_view_add_subview; if a
 *  callback of those cancels takes the sibling away, the child goes in front of (below: behind)
 *  the superview's subviews. */
static inline hk_status hk_app_view_insert_above(hk_app *a, hk_view child, hk_view sibling) {
    return hk__app_view_insert_above(a, child.index, child.generation, sibling.index, sibling.generation);
}
/** Inserts `child` just behind `sibling`, as hk_app_view_insert_above. */
static inline hk_status hk_app_view_insert_below(hk_app *a, hk_view child, hk_view sibling) {
    return hk__app_view_insert_below(a, child.index, child.generation, sibling.index, sibling.generation);
}
/** Swaps the subviews of `parent` at two indices, 0 to its subview count - 1
 *  (HK_ERR_INDEX_OUT_OF_RANGE otherwise, nothing moved). */
static inline hk_status hk_app_view_exchange_subviews(hk_app *a, hk_view parent, int64_t first, int64_t second) {
    return hk__app_view_exchange_subviews(a, parent.index, parent.generation, first, second);
}
/** Detaches a view; touches it or its subviews own are cancelled at once. */
static inline hk_status hk_app_view_remove_from_superview(hk_app *a, hk_view v) { return hk__app_view_remove_from_superview(a, v.index, v.generation); }
static inline hk_status hk_app_view_bring_to_front(hk_app *a, hk_view v) { return hk__app_view_bring_to_front(a, v.index, v.generation); }
static inline hk_status hk_app_view_send_to_back(hk_app *a, hk_view v) { return hk__app_view_send_to_back(a, v.index, v.generation); }
/** The front-most app view under a screen point (view overrides honoured), or hk_no_view(). A
 *  point that is not finite: HK_ERR_INVALID_ARGUMENT, as in hk_hit_test_screen. */
static inline hk_status hk_app_hit_test(hk_app *a, hk_point p, hk_view *out) { return hk__app_hit_test(a, p.x, p.y, out); }

/* Touch delivery to views */

/** A touch's phase. */
typedef int32_t hk_phase;
enum { HK_PHASE_BEGAN = 0, HK_PHASE_MOVED = 1, HK_PHASE_STATIONARY = 2, HK_PHASE_ENDED = 3, HK_PHASE_CANCELLED = 4 };

/** One touch delivered to a view. */
typedef struct {
    hk_view view;          /* the view receiving the call */
    hk_phase phase;        /* began, moved, ended or cancelled */
    int32_t tap_count;
    int64_t touch_id;      /* the input's finger id */
    double timestamp;
    hk_point location;     /* in the receiving view's coordinates */
    hk_point screen_location;
} hk_touch_event;

/** Called once per touch for each touchesBegan/Moved/Ended/Cancelled the view receives (touches
 *  of one call in ascending id order). The event is valid during the call only. */
typedef void (*hk_touch_callback)(const hk_touch_event *event, void *user_data);

hk_status hk__app_view_set_touch_callback(hk_app *app, int32_t vi, uint32_t vg, hk_touch_callback callback, void *user_data,
                                          hk_destroy_notify destroy);
/** Sets (or with NULL clears) the touch callback of a view or window made by hk_app_view_create or
 *  hk_app_window_create (HK_ERR_INVALID_ARGUMENT for others). A view with a callback keeps its
 *  touches; without one they go up the responder chain. */
static inline hk_status hk_app_view_set_touch_callback(hk_app *a, hk_view v, hk_touch_callback cb, void *user_data,
                                                       hk_destroy_notify destroy) {
    return hk__app_view_set_touch_callback(a, v.index, v.generation, cb, user_data, destroy);
}

/* Input frames and time */

/** One finger's change in a frame. `has_location` 0 is allowed for cancelled and stationary
 *  ("where it was"); began, moved and ended need a location. */
typedef struct {
    int64_t id;
    hk_phase phase;
    int32_t has_location;
    double x, y;           /* screen coordinates */
} hk_touch_input;

/** Why a touch of the last frame was rejected. */
typedef int32_t hk_rejection_reason;
enum {
    HK_REJECT_DUPLICATE_BEGAN = 0,     /* a began for an id down, or the pointer's while it is on the screen */
    HK_REJECT_UNKNOWN_TOUCH = 1,
    HK_REJECT_REPEATED_IN_FRAME = 2,
    HK_REJECT_MISSING_LOCATION = 3,
    HK_REJECT_NON_FINITE_LOCATION = 4,
    HK_REJECT_TIME_WENT_BACKWARDS = 5,
    HK_REJECT_NON_FINITE_TIME = 6,
    HK_REJECT_BAD_PHASE = 7
};
typedef struct {
    int64_t touch_id;         /* meaningful when has_touch_id */
    int32_t has_touch_id;     /* 0 for a whole frame rejected with no touches in it */
    hk_rejection_reason reason;
} hk_rejection;

/**
 * Delivers one input frame (timers due first, then the touches; Behaviour A3). Returns HK_OK, or
 * HK_ERR_BAD_INPUT when touches were rejected: the others were delivered, and
 * hk_app_rejection_count/hk_app_rejection list the rejected ones until the next frame. A frame
 * whose time is not finite or goes backwards is rejected whole. HK_ERR_BUSY from a callback.
 */
hk_status hk_app_send_frame(hk_app *app, double timestamp, const hk_touch_input *touches, size_t count);
/** Moves the clock to `time`, firing the timers due (long press, tap timeouts). */
hk_status hk_app_advance(hk_app *app, double time);
/** The number of rejections (touches, the pointer, a scroll, a touchpad step, keys) of the last
 *  frame: the last hk_app_send_frame, hk_app_advance or other hk_app_send_..._frame call that was
 *  delivered (a call refused whole, HK_ERR_INVALID_ARGUMENT, HK_ERR_LIMIT or HK_ERR_BUSY, leaves
 *  them as they were). A callback run by a frame reads those of the frame before it: a frame's
 *  own are listed once its delivery has ended. */
size_t hk_app_rejection_count(const hk_app *app);
hk_status hk_app_rejection(const hk_app *app, size_t index, hk_rejection *out);

/* ------------------------------------------------------------------------------------------ */
/* Gesture recognizers                                                                         */

/** A recognizer handle, owned by its app (1 and up; 0 is never a recognizer). */
typedef int32_t hk_gesture;

typedef int32_t hk_gesture_kind;
enum {
    HK_GESTURE_TAP = 0, HK_GESTURE_LONG_PRESS = 1, HK_GESTURE_PAN = 2, HK_GESTURE_SWIPE = 3,
    HK_GESTURE_PINCH = 4, HK_GESTURE_ROTATION = 5, HK_GESTURE_SCREEN_EDGE_PAN = 6, HK_GESTURE_OTHER = 7
};
typedef int32_t hk_gesture_state;
enum {
    HK_STATE_POSSIBLE = 0, HK_STATE_BEGAN = 1, HK_STATE_CHANGED = 2,
    HK_STATE_ENDED = 3, /* also "recognized" for discrete recognizers */
    HK_STATE_CANCELLED = 4, HK_STATE_FAILED = 5
};
#define HK_STATE_RECOGNIZED HK_STATE_ENDED

enum { HK_SWIPE_RIGHT = 1, HK_SWIPE_LEFT = 2, HK_SWIPE_UP = 4, HK_SWIPE_DOWN = 8 };
enum { HK_EDGE_TOP = 1, HK_EDGE_LEFT = 2, HK_EDGE_BOTTOM = 4, HK_EDGE_RIGHT = 8 };

/** A recognizer's state change, given to hk_gesture_callback. */
typedef struct {
    hk_gesture gesture;
    hk_gesture_kind kind;
    hk_gesture_state state;
    int32_t number_of_touches;
    hk_view view;             /* the view it is attached to */
    double timestamp;         /* the app's time */
    hk_point location;        /* the touches' centroid in `view`'s coordinates (a hover, a touchpad
                                 gesture: the pointer's location; a pan a scroll drives: the scroll's) */
    hk_point translation;     /* pan and screen-edge pan: in `view`'s coordinates; else 0 */
    hk_point velocity;        /* pan: points per second in `view`'s coordinates; else 0 */
    double scale;             /* pinch; else 1 */
    double rotation;          /* rotation in radians; else 0 */
} hk_gesture_event;

/** Called at every state change (not the resets to possible), before the recognizer's actions. */
typedef void (*hk_gesture_callback)(const hk_gesture_event *event, void *user_data);

hk_status hk__tap_create(hk_app *app, int32_t vi, uint32_t vg, int32_t taps, int32_t touches, hk_gesture *out);
hk_status hk__long_press_create(hk_app *app, int32_t vi, uint32_t vg, double minimum_duration, int32_t touches, hk_gesture *out);
hk_status hk__pan_create(hk_app *app, int32_t vi, uint32_t vg, int32_t minimum_touches, int32_t maximum_touches, hk_gesture *out);
hk_status hk__swipe_create(hk_app *app, int32_t vi, uint32_t vg, int32_t directions, int32_t touches, hk_gesture *out);
hk_status hk__pinch_create(hk_app *app, int32_t vi, uint32_t vg, hk_gesture *out);
hk_status hk__rotation_create(hk_app *app, int32_t vi, uint32_t vg, hk_gesture *out);
hk_status hk__screen_edge_pan_create(hk_app *app, int32_t vi, uint32_t vg, int32_t edges, hk_gesture *out);

/** A tap recognizer needing `taps` taps of `touches` fingers, attached to `view`. */
static inline hk_status hk_tap_create(hk_app *a, hk_view v, int32_t taps, int32_t touches, hk_gesture *out) {
    return hk__tap_create(a, v.index, v.generation, taps, touches, out);
}
/** A long press of `touches` fingers held `minimum_duration` seconds (time moves with frames and hk_app_advance). */
static inline hk_status hk_long_press_create(hk_app *a, hk_view v, double minimum_duration, int32_t touches, hk_gesture *out) {
    return hk__long_press_create(a, v.index, v.generation, minimum_duration, touches, out);
}
/** A pan of `minimum_touches`...`maximum_touches` fingers (0 for maximum: unlimited). */
static inline hk_status hk_pan_create(hk_app *a, hk_view v, int32_t minimum_touches, int32_t maximum_touches, hk_gesture *out) {
    return hk__pan_create(a, v.index, v.generation, minimum_touches, maximum_touches, out);
}
/** A swipe in any of `directions` (HK_SWIPE_ bits). */
static inline hk_status hk_swipe_create(hk_app *a, hk_view v, int32_t directions, int32_t touches, hk_gesture *out) {
    return hk__swipe_create(a, v.index, v.generation, directions, touches, out);
}
static inline hk_status hk_pinch_create(hk_app *a, hk_view v, hk_gesture *out) { return hk__pinch_create(a, v.index, v.generation, out); }
static inline hk_status hk_rotation_create(hk_app *a, hk_view v, hk_gesture *out) { return hk__rotation_create(a, v.index, v.generation, out); }
/** A pan that begins at one of `edges` (HK_EDGE_ bits) of the window. */
static inline hk_status hk_screen_edge_pan_create(hk_app *a, hk_view v, int32_t edges, hk_gesture *out) {
    return hk__screen_edge_pan_create(a, v.index, v.generation, edges, out);
}

/** Sets (or with NULL clears) the state-change callback. */
hk_status hk_gesture_set_callback(hk_app *app, hk_gesture gesture, hk_gesture_callback callback, void *user_data,
                                  hk_destroy_notify destroy);
/** Detaches the recognizer from its view (cancelling or failing it if active, as disabling does:
 *  its callback's last event still names its view and location) and frees its handle; a scene's
 *  recognizer lets go of its scene id. */
hk_status hk_gesture_destroy(hk_app *app, hk_gesture gesture);
hk_status hk_gesture_state_of(const hk_app *app, hk_gesture gesture, hk_gesture_state *out);
hk_status hk_gesture_kind_of(const hk_app *app, hk_gesture gesture, hk_gesture_kind *out);
/** Enables or disables it. Disabling fails a possible recognizer or cancels a begun one, as
 *  hk_gesture_destroy does; the recognizers that waited for it to fail are resolved before either
 *  call returns, so their callbacks, and the touch callbacks of ends they withheld, may run
 *  inside it (called from a callback, at the end of that callback's frame instead). */
hk_status hk_gesture_set_enabled(hk_app *app, hk_gesture gesture, int enabled);
/** Whether its touches are cancelled in their views when it begins or recognizes (default 1). */
hk_status hk_gesture_set_cancels_touches_in_view(hk_app *app, hk_gesture gesture, int value);
/** Whether began/moved are withheld from the views while it is possible (default 0). */
hk_status hk_gesture_set_delays_touches_began(hk_app *app, hk_gesture gesture, int value);
/** Whether ended is withheld from the views while it is possible (default 1). */
hk_status hk_gesture_set_delays_touches_ended(hk_app *app, hk_gesture gesture, int value);
/** `gesture` waits for `other` to fail before it recognizes. `other` the same recognizer:
 *  HK_ERR_CYCLE. Longer cycles (g waits for h, h for g) are accepted, as UIKit takes them; their
 *  recognizers fail together once their touches have ended (Behaviour A4 a). */
hk_status hk_gesture_require_to_fail(hk_app *app, hk_gesture gesture, hk_gesture other);
/** Fills *out as the callback would now (state, location, translation...). */
hk_status hk_gesture_snapshot(const hk_app *app, hk_gesture gesture, hk_gesture_event *out);

/* ------------------------------------------------------------------------------------------ */
/* Controls (Behaviour A5): views that track a touch and send actions                               */

typedef int32_t hk_control_kind;
enum {
    HK_CONTROL_BUTTON = 0, HK_CONTROL_SWITCH = 1, HK_CONTROL_SLIDER = 2, HK_CONTROL_STEPPER = 3,
    HK_CONTROL_SEGMENTED = 4, HK_CONTROL_PAGE = 5, HK_CONTROL_PLAIN = 6
};

/** Control event bits (UIKit's UIControl.Event). */
enum {
    HK_EVENT_TOUCH_DOWN = 1 << 0, HK_EVENT_TOUCH_DOWN_REPEAT = 1 << 1,
    HK_EVENT_TOUCH_DRAG_INSIDE = 1 << 2, HK_EVENT_TOUCH_DRAG_OUTSIDE = 1 << 3,
    HK_EVENT_TOUCH_DRAG_ENTER = 1 << 4, HK_EVENT_TOUCH_DRAG_EXIT = 1 << 5,
    HK_EVENT_TOUCH_UP_INSIDE = 1 << 6, HK_EVENT_TOUCH_UP_OUTSIDE = 1 << 7,
    HK_EVENT_TOUCH_CANCEL = 1 << 8, HK_EVENT_VALUE_CHANGED = 1 << 12,
    HK_EVENT_PRIMARY_ACTION_TRIGGERED = 1 << 13, HK_EVENT_ALL_TOUCH_EVENTS = 0x0FFF,
    HK_EVENT_ALL = 0x7FFFFFFF
};

/** One control event sent to an action callback. */
typedef struct {
    hk_view control;
    hk_control_kind kind;
    uint32_t event;           /* a single HK_EVENT_ bit */
    const char *event_name;   /* "touchUpInside", "valueChanged"...: static storage */
    double value;             /* switch: 0/1; slider, stepper: value; segmented: index; page: current page; else 0 */
    double timestamp;         /* the app's time */
} hk_action_event;

typedef void (*hk_action_callback)(const hk_action_event *event, void *user_data);

hk_status hk__control_create(hk_app *app, hk_control_kind kind, double x, double y, double w, double h, hk_view *out);
hk_status hk__control_set_action_callback(hk_app *app, int32_t vi, uint32_t vg, uint32_t events, hk_action_callback callback,
                                          void *user_data, hk_destroy_notify destroy);
hk_status hk__control_set_enabled(hk_app *app, int32_t vi, uint32_t vg, int enabled);
hk_status hk__control_set_value(hk_app *app, int32_t vi, uint32_t vg, double value);
hk_status hk__control_value(const hk_app *app, int32_t vi, uint32_t vg, double *out);
hk_status hk__control_set_range(hk_app *app, int32_t vi, uint32_t vg, double minimum, double maximum);
hk_status hk__control_set_count(hk_app *app, int32_t vi, uint32_t vg, int32_t count);

/** Creates a detached control of `kind`, kept by the app until hk_app_view_destroy. Its handle is
 *  a view handle: add it with hk_app_view_add_subview and place it with the store functions. */
static inline hk_status hk_control_create(hk_app *a, hk_control_kind kind, hk_rect frame, hk_view *out) {
    return hk__control_create(a, kind, frame.x, frame.y, frame.width, frame.height, out);
}
static inline hk_status hk_button_create(hk_app *a, hk_rect frame, hk_view *out) { return hk_control_create(a, HK_CONTROL_BUTTON, frame, out); }
static inline hk_status hk_switch_create(hk_app *a, hk_rect frame, hk_view *out) { return hk_control_create(a, HK_CONTROL_SWITCH, frame, out); }
hk_status hk__slider_create(hk_app *app, double x, double y, double w, double h, double minimum, double maximum, double value,
                            hk_view *out);
/** A slider from `minimum` to `maximum` at `value` (clamped into the range). A range that is not
 *  finite or has its minimum above its maximum, or a value that is not finite:
 *  HK_ERR_INVALID_ARGUMENT, and no slider is made. */
static inline hk_status hk_slider_create(hk_app *a, hk_rect frame, double minimum, double maximum, double value, hk_view *out) {
    return hk__slider_create(a, frame.x, frame.y, frame.width, frame.height, minimum, maximum, value, out);
}
/** Calls `callback` for each of `events` (HK_EVENT_ bits) the control sends, replacing any
 *  previous callback; NULL clears it. Works on scene controls too. */
static inline hk_status hk_control_set_action_callback(hk_app *a, hk_view c, uint32_t events, hk_action_callback cb, void *user_data,
                                                      hk_destroy_notify destroy) {
    return hk__control_set_action_callback(a, c.index, c.generation, events, cb, user_data, destroy);
}
static inline hk_status hk_control_set_enabled(hk_app *a, hk_view c, int enabled) { return hk__control_set_enabled(a, c.index, c.generation, enabled); }
/** Sets the value (see hk_action_event.value; no action is sent). HK_ERR_INVALID_ARGUMENT for a button or plain control. */
static inline hk_status hk_control_set_value(hk_app *a, hk_view c, double value) { return hk__control_set_value(a, c.index, c.generation, value); }
static inline hk_status hk_control_value(const hk_app *a, hk_view c, double *out) { return hk__control_value(a, c.index, c.generation, out); }
/** Slider and stepper: the minimum and maximum values. */
static inline hk_status hk_control_set_range(hk_app *a, hk_view c, double minimum, double maximum) {
    return hk__control_set_range(a, c.index, c.generation, minimum, maximum);
}
/** Segmented control: the number of segments; page control: the number of pages. */
static inline hk_status hk_control_set_count(hk_app *a, hk_view c, int32_t count) { return hk__control_set_count(a, c.index, c.generation, count); }

/* ------------------------------------------------------------------------------------------ */
/* Scenes (Behaviour B1)                                                                            */

/** Loads and builds the scene file at `path` into a new app (*out; destroy it with
 *  hk_app_destroy). HK_ERR_SCENE with the file, JSON path and reason in hk_last_error_message();
 *  HK_ERR_LIMIT when the app and its store find no room among the most stores and apps C
 *  handles can name (2^24 - 1, see "Limits"), nothing kept and *out left alone. A `path` that
 *  is not valid UTF-8 is HK_ERR_INVALID_ARGUMENT, as a scene id is below ("Strings" at the top). */
hk_status hk_scene_load(const char *path, hk_app **out);
/** The view or window with a scene id. HK_ERR_NOT_FOUND if none; HK_ERR_INVALID_ARGUMENT for an
 *  app not loaded from a scene, or a scene id that is not valid UTF-8. */
hk_status hk_scene_view(hk_app *app, const char *scene_id, hk_view *out);
/** The recognizer with a scene id, as a handle of the app. HK_ERR_NOT_FOUND if none (or it was
 *  destroyed, or its view); HK_ERR_INVALID_ARGUMENT for an app not loaded from a scene, or a
 *  scene id that is not valid UTF-8. */
hk_status hk_scene_gesture(hk_app *app, const char *scene_id, hk_gesture *out);
hk_status hk__scene_view_id(hk_app *app, int32_t vi, uint32_t vg, const char **out);
/** The scene id of a view: a string that lives as long as the app, the same pointer on every call
 *  for the view. HK_ERR_NOT_FOUND if the view has none. */
static inline hk_status hk_scene_view_id(hk_app *a, hk_view v, const char **out) { return hk__scene_view_id(a, v.index, v.generation, out); }

/** One line of a scene's delivery log (Behaviour B6): `length` bytes of UTF-8 and a NUL after
 *  them, without a line break, valid during the call only. */
typedef void (*hk_scene_log_callback)(const char *line, size_t length, void *user_data);
/**
 * Calls `callback` with each line the scene's delivery log writes from now on, as it is written
 * (inside the call that delivers what it logs, in order with the app's other callbacks),
 * replacing any previous callback; NULL clears it. The lines are those `hitkit replay` prints for
 * the same input, less its `!` lines (a live app reports rejected input through the frame's
 * status and hk_app_rejection) and its `key NAME unhandled` lines (hk_app_send_key_frame's
 * outcomes); a press line names each key by its HID usage, several in the order they went down.
 * A scene writes nothing while it loads, so a callback set right after hk_scene_load hears every
 * line. HitKit keeps no line: with no callback the log makes none.
 * HK_ERR_INVALID_ARGUMENT for an app not loaded from a scene.
 */
hk_status hk_scene_set_log_callback(hk_app *app, hk_scene_log_callback callback, void *user_data, hk_destroy_notify destroy);


/* ------------------------------------------------------------------------------------------ */
/* Limits (HK_ERR_LIMIT)                                                                       */

/** Segments of a segmented control, pages of a page control (hk_control_set_count). */
#define HK_MAX_CONTROL_COUNT 4096
/** Touches in one hk_app_send_frame. */
#define HK_MAX_FRAME_TOUCHES 4096
/** Taps or touches a recognizer may require (hk_tap_create, hk_pan_create...). */
#define HK_MAX_GESTURE_COUNT 64
/** Bytes of a scene given to hk_scene_load_buffer (1 GiB). */
#define HK_MAX_SCENE_BYTES (1 << 30)
/** Views a store or app holds at once, the most C handles can name (hk_view.index keeps the row
 *  in its low 24 bits): the next view, window, scroll view or control is HK_ERR_LIMIT, made nowhere. */
#define HK_MAX_STORE_VIEWS (1 << 24)
/* Stores and apps live at once, an app counting two (itself and its store), and snapshots live at
 * once: 2^24 - 1 of each, the most C handles can name (each names its slot in 24 bits, slot 0
 * unused). Past them hk_store_create and hk_app_create return NULL, and hk_scene_load,
 * hk_scene_load_buffer and hk_store_snapshot HK_ERR_LIMIT, with nothing made; destroying a
 * store or app, or releasing a snapshot, makes room.
 * An app numbers its recognizers, view controllers, key commands, interactions and added control
 * actions from 1 and never reuses a number, so a stale handle never names a newer object: after
 * 2^31 - 2 of one kind made in its life, the next call that would make one is HK_ERR_LIMIT, with
 * nothing made or attached. */

/* ------------------------------------------------------------------------------------------ */
/* Custom hit testing (Behaviour A2)                                                           */

/**
 * A view's own hitTest: called with the view and the point in its coordinates; write the answer
 * (a view of the same store, or leave hk_no_view() for "nothing here") to *answer. Call
 * hk_view_default_hit_test for UIKit's `super.hitTest`. The store is being hit-tested: reading it
 * and hit-testing again are allowed, editing it returns HK_ERR_BUSY. On an app's store
 * (hk_app_store), the app's reads (getters, hk_app_hit_test) work too, and every other call on
 * the app (making, moving or destroying views, settings, frames, destroying it) returns
 * HK_ERR_BUSY: any of them could edit the store under the query.
 */
typedef void (*hk_hit_test_callback)(hk_store *store, const hk_view *view, const hk_point *point, hk_view *answer,
                                     void *user_data);
/** A view's own pointInside: non-zero if `point` (in the view's coordinates) is inside. */
typedef int (*hk_point_inside_callback)(hk_store *store, const hk_view *view, const hk_point *point, void *user_data);

hk_status hk__view_set_hit_test_callback(hk_store *store, int32_t vi, uint32_t vg, hk_hit_test_callback callback,
                                         void *user_data, hk_destroy_notify destroy);
hk_status hk__view_set_point_inside_callback(hk_store *store, int32_t vi, uint32_t vg, hk_point_inside_callback callback,
                                             void *user_data, hk_destroy_notify destroy);
hk_status hk__view_default_hit_test(const hk_store *store, int32_t vi, uint32_t vg, double x, double y, hk_view *out);
hk_status hk__view_default_point_inside(const hk_store *store, int32_t vi, uint32_t vg, double x, double y, int32_t *out);
hk_status hk__view_point_inside(const hk_store *store, int32_t vi, uint32_t vg, double x, double y, int32_t *out);

/** Sets (or with NULL clears) a view's hit-test callback. Works on any store, an app's
 *  (hk_app_store) included; replaces a Swift subclass's own hitTest for that view. */
static inline hk_status hk_view_set_hit_test_callback(hk_store *s, hk_view v, hk_hit_test_callback cb, void *user_data,
                                                      hk_destroy_notify destroy) {
    return hk__view_set_hit_test_callback(s, v.index, v.generation, cb, user_data, destroy);
}
/** Sets (or with NULL clears) a view's point-inside callback. */
static inline hk_status hk_view_set_point_inside_callback(hk_store *s, hk_view v, hk_point_inside_callback cb, void *user_data,
                                                          hk_destroy_notify destroy) {
    return hk__view_set_point_inside_callback(s, v.index, v.generation, cb, user_data, destroy);
}
/** The default hit test of `v` (its own callback skipped, its subviews' honoured): `super.hitTest`. */
static inline hk_status hk_view_default_hit_test(const hk_store *s, hk_view v, hk_point p, hk_view *out) {
    return hk__view_default_hit_test(s, v.index, v.generation, p.x, p.y, out);
}
/** The default point-inside of `v` (its hit area contains `p`): `super.pointInside`. */
static inline hk_status hk_view_default_point_inside(const hk_store *s, hk_view v, hk_point p, int32_t *out) {
    return hk__view_default_point_inside(s, v.index, v.generation, p.x, p.y, out);
}
/** Point-inside of `v`, its callback included. */
static inline hk_status hk_view_point_inside(const hk_store *s, hk_view v, hk_point p, int32_t *out) {
    return hk__view_point_inside(s, v.index, v.generation, p.x, p.y, out);
}

/* ------------------------------------------------------------------------------------------ */
/* Touch handlers that may pass touches on                                                     */

/** What a touch handler does with a touch. */
enum { HK_TOUCH_CONSUME = 0, HK_TOUCH_PASS_ON = 1 };
/** Called once per touch of each touch call the view receives (ascending ids); returns
 *  HK_TOUCH_CONSUME (the touch stops here) or HK_TOUCH_PASS_ON (the view does what it would do
 *  without the handler: a plain view passes it to its next responder, a control tracks it, a
 *  scene view does what its scene says). Decide the same way for every phase of one touch. */
typedef int (*hk_touch_handler)(const hk_touch_event *event, void *user_data);

hk_status hk__app_view_set_touch_handler(hk_app *app, int32_t vi, uint32_t vg, hk_touch_handler handler, void *user_data,
                                         hk_destroy_notify destroy);
/** Sets (or with NULL clears) the touch handler of any view of the app: plain views, windows,
 *  controls, scroll views and views loaded from scenes. It takes the place of a touch callback
 *  (hk_app_view_set_touch_callback) on the same view. */
static inline hk_status hk_app_view_set_touch_handler(hk_app *a, hk_view v, hk_touch_handler handler, void *user_data,
                                                      hk_destroy_notify destroy) {
    return hk__app_view_set_touch_handler(a, v.index, v.generation, handler, user_data, destroy);
}

/* ------------------------------------------------------------------------------------------ */
/* Recognizer delegates (Behaviour A4)                                                         */

/** Should `gesture` leave the possible state? */
typedef int (*hk_gesture_should_begin)(hk_app *app, hk_gesture gesture, void *user_data);
/** Should `gesture` receive the touch `touch_id`, which begins at (x, y) on the screen? */
typedef int (*hk_gesture_should_receive)(hk_app *app, hk_gesture gesture, int64_t touch_id, double x, double y, void *user_data);
/** A question about two recognizers (`other` gets a handle of the app if it had none). */
typedef int (*hk_gesture_pair_question)(hk_app *app, hk_gesture gesture, hk_gesture other, void *user_data);

/** A recognizer delegate: NULL members give the default answer (receive, begin, not
 *  simultaneously, require nothing). */
typedef struct {
    hk_gesture_should_begin should_begin;
    hk_gesture_should_receive should_receive;
    /** May `gesture` and `other` recognize at the same time (either delegate saying yes suffices)? */
    hk_gesture_pair_question should_recognize_simultaneously;
    /** Must `gesture` wait for `other` to fail? */
    hk_gesture_pair_question should_require_failure_of;
    /** Must `other` wait for `gesture` to fail? */
    hk_gesture_pair_question should_be_required_to_fail_by;
} hk_gesture_delegate;

hk_status hk__gesture_set_delegate(hk_app *app, hk_gesture gesture, hk_gesture_should_begin should_begin,
                                   hk_gesture_should_receive should_receive, hk_gesture_pair_question simultaneous,
                                   hk_gesture_pair_question require_failure_of, hk_gesture_pair_question required_to_fail_by,
                                   void *user_data, hk_destroy_notify destroy);
/** Sets a recognizer's delegate (copied; replaces any, a scene's included). */
static inline hk_status hk_gesture_set_delegate(hk_app *a, hk_gesture g, const hk_gesture_delegate *d, void *user_data,
                                                hk_destroy_notify destroy) {
    if (d == NULL) return hk__null_pointer("delegate");
    return hk__gesture_set_delegate(a, g, d->should_begin, d->should_receive, d->should_recognize_simultaneously,
                                    d->should_require_failure_of, d->should_be_required_to_fail_by, user_data, destroy);
}
/** Removes the delegate set by hk_gesture_set_delegate (its user data is notified). */
hk_status hk_gesture_clear_delegate(hk_app *app, hk_gesture gesture);

/* ------------------------------------------------------------------------------------------ */
/* Several actions per control (target-action)                                                 */

/** An action added to a control (1 and up). */
typedef int32_t hk_action_id;

hk_status hk__control_add_action(hk_app *app, int32_t vi, uint32_t vg, uint32_t events, hk_action_id *out,
                                 hk_action_callback callback, void *user_data, hk_destroy_notify destroy);
hk_status hk__control_remove_action(hk_app *app, int32_t vi, uint32_t vg, hk_action_id action);
/** Adds an action for `events` (HK_EVENT_ bits) and writes its id to *out: every added action is
 *  called, in the order added, after the callback of hk_control_set_action_callback if that came
 *  first. */
static inline hk_status hk_control_add_action(hk_app *a, hk_view c, uint32_t events, hk_action_id *out, hk_action_callback cb,
                                              void *user_data, hk_destroy_notify destroy) {
    return hk__control_add_action(a, c.index, c.generation, events, out, cb, user_data, destroy);
}
/** Removes an added action (HK_ERR_STALE_HANDLE if it is not live on that control). */
static inline hk_status hk_control_remove_action(hk_app *a, hk_view c, hk_action_id action) {
    return hk__control_remove_action(a, c.index, c.generation, action);
}

/* ------------------------------------------------------------------------------------------ */
/* Scroll views (Behaviour A6)                                                                 */

/** Called each time a scroll view's content offset changes (by its pan, by its motion at a frame,
 *  or by hk_scroll_view_set_content_offset), with the new offset; one moved by bounds set through
 *  the app's store at the next frame, advance or hk_app_ call that changes a view. */
typedef void (*hk_scroll_callback)(hk_app *app, const hk_view *scroll_view, const hk_point *offset, void *user_data);

hk_status hk__scroll_view_create(hk_app *app, double x, double y, double w, double h, hk_view *out);
hk_status hk__scroll_view_set_content_size(hk_app *app, int32_t vi, uint32_t vg, double w, double h);
hk_status hk__scroll_view_content_size(const hk_app *app, int32_t vi, uint32_t vg, hk_size *out);
hk_status hk__scroll_view_set_content_offset(hk_app *app, int32_t vi, uint32_t vg, double x, double y);
hk_status hk__scroll_view_content_offset(const hk_app *app, int32_t vi, uint32_t vg, hk_point *out);
hk_status hk__scroll_view_set_delays_content_touches(hk_app *app, int32_t vi, uint32_t vg, int32_t value);
hk_status hk__scroll_view_set_content_touch_delay(hk_app *app, int32_t vi, uint32_t vg, double seconds);
hk_status hk__scroll_view_set_can_cancel_content_touches(hk_app *app, int32_t vi, uint32_t vg, int32_t value);
hk_status hk__scroll_view_pan_gesture(hk_app *app, int32_t vi, uint32_t vg, hk_gesture *out);
hk_status hk__scroll_view_set_offset_callback(hk_app *app, int32_t vi, uint32_t vg, hk_scroll_callback callback,
                                              void *user_data, hk_destroy_notify destroy);

/** Creates a detached scroll view (content size 0, offset 0) kept by the app until destroyed. */
static inline hk_status hk_scroll_view_create(hk_app *a, hk_rect frame, hk_view *out) {
    return hk__scroll_view_create(a, frame.x, frame.y, frame.width, frame.height, out);
}
/** The content's size: the pan scrolls the offset within 0...(content size - bounds size).
 *  Set while the scroll view decelerates or springs (from did_scroll too: an endless list
 *  appending rows during a fling), or the scroll view resized (hk_view_set_frame or
 *  hk_view_set_bounds on hk_app_store), the motion meets the new edges at the next frame and
 *  goes on from where it is. */
static inline hk_status hk_scroll_view_set_content_size(hk_app *a, hk_view v, hk_size size) {
    return hk__scroll_view_set_content_size(a, v.index, v.generation, size.width, size.height);
}
static inline hk_status hk_scroll_view_content_size(const hk_app *a, hk_view v, hk_size *out) {
    return hk__scroll_view_content_size(a, v.index, v.generation, out);
}
/** Moves the content (not clamped, as UIKit), stopping any motion; the offset callback runs if
 *  it changed. During a drag, the drag goes on from the offset set (bounds set through the store
 *  count the same, and do not stop motion: it goes on from them). A coordinate that is not
 *  finite: HK_ERR_INVALID_ARGUMENT, and nothing stops or moves.
 *  HK_ERR_BUSY from a callback of the same app: there, as an endless list recentring from its
 *  did_scroll does, set the scroll view's bounds through hk_app_store (hk_view_set_bounds). */
static inline hk_status hk_scroll_view_set_content_offset(hk_app *a, hk_view v, hk_point offset) {
    return hk__scroll_view_set_content_offset(a, v.index, v.generation, offset.x, offset.y);
}
static inline hk_status hk_scroll_view_content_offset(const hk_app *a, hk_view v, hk_point *out) {
    return hk__scroll_view_content_offset(a, v.index, v.generation, out);
}
/** Whether touches reach the content only after a short delay that a pan may claim (default 1). */
static inline hk_status hk_scroll_view_set_delays_content_touches(hk_app *a, hk_view v, int value) {
    return hk__scroll_view_set_delays_content_touches(a, v.index, v.generation, value);
}
/** The delay in seconds (default 0.15). */
static inline hk_status hk_scroll_view_set_content_touch_delay(hk_app *a, hk_view v, double seconds) {
    return hk__scroll_view_set_content_touch_delay(a, v.index, v.generation, seconds);
}
/** Whether the pan may take touches the content already has, cancelling them there (default 1). */
static inline hk_status hk_scroll_view_set_can_cancel_content_touches(hk_app *a, hk_view v, int value) {
    return hk__scroll_view_set_can_cancel_content_touches(a, v.index, v.generation, value);
}
/** The scroll view's built-in pan, as a recognizer handle (for delegates and failure requirements).
 *  HK_ERR_NOT_FOUND once destroyed (hk_gesture_destroy): the scroll view then no longer pans. */
static inline hk_status hk_scroll_view_pan_gesture(hk_app *a, hk_view v, hk_gesture *out) {
    return hk__scroll_view_pan_gesture(a, v.index, v.generation, out);
}
/** Sets (or with NULL clears) the offset-changed callback. Works on scene scroll views too. */
static inline hk_status hk_scroll_view_set_offset_callback(hk_app *a, hk_view v, hk_scroll_callback cb, void *user_data,
                                                           hk_destroy_notify destroy) {
    return hk__scroll_view_set_offset_callback(a, v.index, v.generation, cb, user_data, destroy);
}

/* ------------------------------------------------------------------------------------------ */
/* Scroll view motion: deceleration, bounce, paging, the delegate (Behaviour A6.1)              */

/** hk_scroll_view_set_motion_flags bits (default: HK_SCROLL_VIEW_BOUNCES alone). */
enum {
    HK_SCROLL_VIEW_BOUNCES = 1,
    HK_SCROLL_VIEW_ALWAYS_BOUNCE_VERTICAL = 2,
    HK_SCROLL_VIEW_ALWAYS_BOUNCE_HORIZONTAL = 4,
    HK_SCROLL_VIEW_PAGING = 8
};
/** A scroll view's state bits, combined in one mask (TRACKING | DRAGGING | DECELERATING |
 *  ZOOMING | ZOOM_BOUNCING). */
enum { HK_SCROLL_VIEW_TRACKING = 1, HK_SCROLL_VIEW_DRAGGING = 2, HK_SCROLL_VIEW_DECELERATING = 4 };
/** A pinch is zooming the scroll view; its scale is bouncing back to a limit (Behaviour A6.2; 2.3). */
enum { HK_SCROLL_VIEW_ZOOMING = 8, HK_SCROLL_VIEW_ZOOM_BOUNCING = 16 };
/** UIKit's deceleration rates, per millisecond. */
#define HK_DECELERATION_RATE_NORMAL 0.998
#define HK_DECELERATION_RATE_FAST 0.99

/** A delegate call about `scroll_view` (did scroll, will begin dragging, will begin decelerating,
 *  did end decelerating, did end scrolling animation). */
typedef void (*hk_scroll_view_event)(hk_app *app, const hk_view *scroll_view, void *user_data);
/** The drag is ending with the content's velocity (points per millisecond, as UIKit); `*target`
 *  is where motion would come to rest and may be changed (the offset then springs there, kept
 *  within the content). */
typedef void (*hk_scroll_view_will_end_dragging)(hk_app *app, const hk_view *scroll_view, double velocity_x,
                                                 double velocity_y, hk_point *target, void *user_data);
/** The drag ended; `decelerate` is 1 when motion follows. */
typedef void (*hk_scroll_view_did_end_dragging)(hk_app *app, const hk_view *scroll_view, int decelerate, void *user_data);
/** The view to zoom (Behaviour A6.2): return 1 with `*out` set, or 0 for none (a pinch then
 *  recognizes and zooms nothing). Asked when a pinch begins and by every zoom from code. */
typedef int (*hk_scroll_view_view_for_zooming)(hk_app *app, const hk_view *scroll_view, hk_view *out, void *user_data);
/** A pinch began zooming `view` (NULL: no zoom view), or an animated zoom from code starts. */
typedef void (*hk_scroll_view_will_begin_zooming)(hk_app *app, const hk_view *scroll_view, const hk_view *view,
                                                  void *user_data);
/** A zoom ended at `scale` (`view` NULL and `scale` 1 when there was no zoom view). */
typedef void (*hk_scroll_view_did_end_zooming)(hk_app *app, const hk_view *scroll_view, const hk_view *view,
                                               double scale, void *user_data);
/** A scroll view delegate (UIScrollViewDelegate's calls, in its order); NULL members are not called.
 *  The zoom calls (2.3) come last: a delegate initialized with the first seven only (as before
 *  2.3) has them NULL, and a NULL `view_for_zooming` answers hk_scroll_view_set_zoom_view's view:
 *  such a delegate is no zoom source of its own (Behaviour A6.2), so without a zoom view the
 *  scroll view does not zoom. */
typedef struct {
    hk_scroll_view_event did_scroll;
    hk_scroll_view_event will_begin_dragging;
    hk_scroll_view_will_end_dragging will_end_dragging;
    hk_scroll_view_did_end_dragging did_end_dragging;
    hk_scroll_view_event will_begin_decelerating;
    /** Only when motion ends by itself, not when a touch or a scroll stops it. */
    hk_scroll_view_event did_end_decelerating;
    hk_scroll_view_event did_end_scrolling_animation;
    hk_scroll_view_view_for_zooming view_for_zooming;
    hk_scroll_view_will_begin_zooming will_begin_zooming;
    /** The zoom scale changed (after the offset's did_scroll, when both changed). */
    hk_scroll_view_event did_zoom;
    hk_scroll_view_did_end_zooming did_end_zooming;
} hk_scroll_view_delegate;

hk_status hk__scroll_view_set_motion_flags(hk_app *app, int32_t vi, uint32_t vg, int32_t flags);
hk_status hk__scroll_view_motion_flags(const hk_app *app, int32_t vi, uint32_t vg, int32_t *out);
hk_status hk__scroll_view_state(const hk_app *app, int32_t vi, uint32_t vg, int32_t *out);
hk_status hk__scroll_view_set_deceleration_rate(hk_app *app, int32_t vi, uint32_t vg, double rate);
hk_status hk__scroll_view_deceleration_rate(const hk_app *app, int32_t vi, uint32_t vg, double *out);
hk_status hk__scroll_view_set_content_offset_animated(hk_app *app, int32_t vi, uint32_t vg, double x, double y,
                                                      int32_t animated);
hk_status hk__scroll_view_set_delegate(hk_app *app, int32_t vi, uint32_t vg, hk_scroll_view_event did_scroll,
                                       hk_scroll_view_event will_begin_dragging,
                                       hk_scroll_view_will_end_dragging will_end_dragging,
                                       hk_scroll_view_did_end_dragging did_end_dragging,
                                       hk_scroll_view_event will_begin_decelerating,
                                       hk_scroll_view_event did_end_decelerating,
                                       hk_scroll_view_event did_end_scrolling_animation,
                                       void *user_data, hk_destroy_notify destroy);
hk_status hk__scroll_view_set_delegate_zooming(
    hk_app *app, int32_t vi, uint32_t vg, hk_scroll_view_event did_scroll, hk_scroll_view_event will_begin_dragging,
    hk_scroll_view_will_end_dragging will_end_dragging, hk_scroll_view_did_end_dragging did_end_dragging,
    hk_scroll_view_event will_begin_decelerating, hk_scroll_view_event did_end_decelerating,
    hk_scroll_view_event did_end_scrolling_animation, hk_scroll_view_view_for_zooming view_for_zooming,
    hk_scroll_view_will_begin_zooming will_begin_zooming, hk_scroll_view_event did_zoom,
    hk_scroll_view_did_end_zooming did_end_zooming, void *user_data, hk_destroy_notify destroy);
hk_status hk__scroll_view_clear_delegate(hk_app *app, int32_t vi, uint32_t vg);

/** Sets the HK_SCROLL_VIEW_BOUNCES / _ALWAYS_BOUNCE_* / _PAGING bits (others: HK_ERR_INVALID_ARGUMENT). */
static inline hk_status hk_scroll_view_set_motion_flags(hk_app *a, hk_view v, int32_t flags) {
    return hk__scroll_view_set_motion_flags(a, v.index, v.generation, flags);
}
static inline hk_status hk_scroll_view_motion_flags(const hk_app *a, hk_view v, int32_t *out) {
    return hk__scroll_view_motion_flags(a, v.index, v.generation, out);
}
/** HK_SCROLL_VIEW_TRACKING (a touch is down on it), _DRAGGING (its pan has begun, not ended),
 *  _ZOOMING (a pinch zooms it), _ZOOM_BOUNCING (its scale bounces back to a limit),
 *  _DECELERATING (moving after a drag, springs included). */
static inline hk_status hk_scroll_view_state(const hk_app *a, hk_view v, int32_t *out) {
    return hk__scroll_view_state(a, v.index, v.generation, out);
}
/** The fraction of speed kept per millisecond after a flick: in (0, 1), else HK_ERR_INVALID_ARGUMENT. */
static inline hk_status hk_scroll_view_set_deceleration_rate(hk_app *a, hk_view v, double rate) {
    return hk__scroll_view_set_deceleration_rate(a, v.index, v.generation, rate);
}
static inline hk_status hk_scroll_view_deceleration_rate(const hk_app *a, hk_view v, double *out) {
    return hk__scroll_view_deceleration_rate(a, v.index, v.generation, out);
}
/** Sets the offset, stopping any motion; animated (non-zero): over 0.3 s with ease-in-out, moved at
 *  the frames the host sends or advances to (see hk_app_next_deadline). When the offset moves at
 *  once (not animated), the offset callback runs before the call returns. A coordinate that is
 *  not finite: HK_ERR_INVALID_ARGUMENT, and nothing stops or moves. HK_ERR_BUSY from a callback
 *  of the same app. */
static inline hk_status hk_scroll_view_set_content_offset_animated(hk_app *a, hk_view v, hk_point offset, int animated) {
    return hk__scroll_view_set_content_offset_animated(a, v.index, v.generation, offset.x, offset.y, animated);
}
/** Sets the scroll view's delegate (copied; replaces any, a scene's logging one included). */
static inline hk_status hk_scroll_view_set_delegate(hk_app *a, hk_view v, const hk_scroll_view_delegate *d,
                                                    void *user_data, hk_destroy_notify destroy) {
    if (d == NULL) return hk__null_pointer("delegate");
    return hk__scroll_view_set_delegate_zooming(a, v.index, v.generation, d->did_scroll, d->will_begin_dragging,
                                                d->will_end_dragging, d->did_end_dragging, d->will_begin_decelerating,
                                                d->did_end_decelerating, d->did_end_scrolling_animation,
                                                d->view_for_zooming, d->will_begin_zooming, d->did_zoom,
                                                d->did_end_zooming, user_data, destroy);
}
/** Removes the delegate set by hk_scroll_view_set_delegate (its user data is notified). */
static inline hk_status hk_scroll_view_clear_delegate(hk_app *a, hk_view v) {
    return hk__scroll_view_clear_delegate(a, v.index, v.generation);
}
/** How often the host should advance the clock while a scroll view moves (default 1/60 s): while
 *  anything moves, hk_app_next_deadline is the next tick. Not finite or <= 0: HK_ERR_INVALID_ARGUMENT. */
hk_status hk_app_set_animation_frame_interval(hk_app *app, double seconds);
hk_status hk_app_animation_frame_interval(const hk_app *app, double *out);

/* ------------------------------------------------------------------------------------------ */
/* Scroll view zooming: the pinch, the bounce, zooming from code (Behaviour A6.2; 2.3)         */

hk_status hk__scroll_view_set_zoom_scale_limits(hk_app *app, int32_t vi, uint32_t vg, double minimum, double maximum);
hk_status hk__scroll_view_zoom_scale_limits(const hk_app *app, int32_t vi, uint32_t vg, double *minimum, double *maximum);
hk_status hk__scroll_view_set_zoom_scale(hk_app *app, int32_t vi, uint32_t vg, double scale, int32_t animated);
hk_status hk__scroll_view_zoom_scale(const hk_app *app, int32_t vi, uint32_t vg, double *out);
hk_status hk__scroll_view_zoom_to(hk_app *app, int32_t vi, uint32_t vg, double x, double y, double w, double h,
                                  int32_t animated);
hk_status hk__scroll_view_set_bounces_zoom(hk_app *app, int32_t vi, uint32_t vg, int32_t value);
hk_status hk__scroll_view_bounces_zoom(const hk_app *app, int32_t vi, uint32_t vg, int32_t *out);
hk_status hk__scroll_view_set_zoom_view(hk_app *app, int32_t vi, uint32_t vg, int32_t zi, uint32_t zg);
hk_status hk__scroll_view_clear_zoom_view(hk_app *app, int32_t vi, uint32_t vg);
hk_status hk__scroll_view_zoom_view(const hk_app *app, int32_t vi, uint32_t vg, hk_view *out);
hk_status hk__scroll_view_pinch_gesture(hk_app *app, int32_t vi, uint32_t vg, hk_gesture *out);

/** Stores the limits the zoom scale settles within (both default 1): nothing is clamped or called
 *  until the next zoom. Zooming needs maximum > minimum and a zoom view (or a delegate's
 *  view_for_zooming). A limit that is not finite or not above 0: HK_ERR_INVALID_ARGUMENT, nothing
 *  changes. A huge one (1e308) is stored, but no zoom is made to a scale at which the zoom view's
 *  size would not be finite (2.12.3). HK_ERR_BUSY from a callback of the same app. */
static inline hk_status hk_scroll_view_set_zoom_scale_limits(hk_app *a, hk_view v, double minimum, double maximum) {
    return hk__scroll_view_set_zoom_scale_limits(a, v.index, v.generation, minimum, maximum);
}
static inline hk_status hk_scroll_view_zoom_scale_limits(const hk_app *a, hk_view v, double *minimum, double *maximum) {
    return hk__scroll_view_zoom_scale_limits(a, v.index, v.generation, minimum, maximum);
}
/** Zooms to `scale` clamped to the limits, about the bounds' centre, the offset clamped; animated
 *  (non-zero): over min(0.1 + 0.3·|ln s − ln target|, 0.4) s with the delegate's will/did end zooming.
 *  Without a zoom view, at the scale shown, for a scale that is not finite, or for one at which
 *  the zoom view's size would not be (1e308 x its width): nothing, HK_OK.
 *  When the offset moves at once (not animated), the offset callback runs before the call
 *  returns. HK_ERR_BUSY from a callback of the same app. */
static inline hk_status hk_scroll_view_set_zoom_scale(hk_app *a, hk_view v, double scale, int animated) {
    return hk__scroll_view_set_zoom_scale(a, v.index, v.generation, scale, animated);
}
static inline hk_status hk_scroll_view_zoom_scale(const hk_app *a, hk_view v, double *out) {
    return hk__scroll_view_zoom_scale(a, v.index, v.generation, out);
}
/** Zooms so that `rect`, in the zoom view's coordinates, fills the bounds (as far as the limits
 *  allow), its centre at the bounds' centre; at the scale shown it only scrolls there (over 0.1 s
 *  when animated). A width or height not above 0, or not finite: HK_ERR_INVALID_ARGUMENT. When
 *  the offset moves at once (not animated), the offset callback runs before the call returns.
 *  HK_ERR_BUSY from a callback of the same app. */
static inline hk_status hk_scroll_view_zoom_to(hk_app *a, hk_view v, hk_rect rect, int animated) {
    return hk__scroll_view_zoom_to(a, v.index, v.generation, rect.x, rect.y, rect.width, rect.height, animated);
}
/** Whether a pinch stretches the scale past its limits and bounces back (default 1). */
static inline hk_status hk_scroll_view_set_bounces_zoom(hk_app *a, hk_view v, int value) {
    return hk__scroll_view_set_bounces_zoom(a, v.index, v.generation, value);
}
static inline hk_status hk_scroll_view_bounces_zoom(const hk_app *a, hk_view v, int32_t *out) {
    return hk__scroll_view_bounces_zoom(a, v.index, v.generation, out);
}
/** The view that zooms: a direct subview of the scroll view (else HK_ERR_NOT_A_SUBVIEW). It answers
 *  only while it is one (moved out, it answers again once it is back). */
static inline hk_status hk_scroll_view_set_zoom_view(hk_app *a, hk_view v, hk_view zoom_view) {
    return hk__scroll_view_set_zoom_view(a, v.index, v.generation, zoom_view.index, zoom_view.generation);
}
static inline hk_status hk_scroll_view_clear_zoom_view(hk_app *a, hk_view v) {
    return hk__scroll_view_clear_zoom_view(a, v.index, v.generation);
}
/** The zoom view set, while it is a direct subview of the scroll view (HK_ERR_NOT_FOUND when none
 *  is, or while the one set is not one: moved or removed, it is no zoom view until it is back; it
 *  stays the source meanwhile, so a pinch recognizes and zooms nothing, Behaviour A6.2). */
static inline hk_status hk_scroll_view_zoom_view(const hk_app *a, hk_view v, hk_view *out) {
    return hk__scroll_view_zoom_view(a, v.index, v.generation, out);
}
/** The scroll view's own pinch, as a recognizer handle: HK_ERR_NOT_FOUND until the minimum zoom
 *  scale is first below the maximum, and once destroyed; then enabled exactly while zooming is
 *  possible. */
static inline hk_status hk_scroll_view_pinch_gesture(hk_app *a, hk_view v, hk_gesture *out) {
    return hk__scroll_view_pinch_gesture(a, v.index, v.generation, out);
}

/* ------------------------------------------------------------------------------------------ */
/* View controllers, the responder chain and the first responder (Behaviour A7)                */

/** A view controller handle, owned by its app (1 and up; 0 is "no controller"). */
typedef int32_t hk_controller;

/** What a responder is, as hk_app_view_next_responder and hk_view_controller_next_responder report it. */
typedef int32_t hk_responder_kind;
enum {
    HK_RESPONDER_NONE = 0, HK_RESPONDER_VIEW = 1, HK_RESPONDER_CONTROLLER = 2,
    HK_RESPONDER_APPLICATION = 3, HK_RESPONDER_OTHER = 4
};

hk_status hk__view_controller_create(hk_app *app, int32_t vi, uint32_t vg, hk_controller *out);
/** Releases a controller: what it presents is dismissed, and so is it if it is presented; it is
 *  removed from its parent and from a window's root (a scene's controller, from its scene too). It
 *  leaves the responder chain: every press whose route passes through it is cancelled at once,
 *  along the whole route, its own press handler included (Behaviour A10: one end for each
 *  began), and the key's up is ignored; first responder, it stops being one. Then the key commands and press handler C gave it go
 *  with it (their user data is notified). Its root view stays, now destroyable. */
hk_status hk_view_controller_destroy(hk_app *app, hk_controller controller);
/** The controller's root view. */
hk_status hk_view_controller_view(const hk_app *app, hk_controller controller, hk_view *out);
/** Presents `presented` from `presenter`: its view goes in front in the presenter's window if it
 *  has no superview; its next responder becomes the presenter. HK_ERR_BUSY if the presenter
 *  already presents a controller or `presented` is already presented (a presented controller
 *  may present another in turn, as in UIKit); HK_ERR_CYCLE for itself, or when `presented` is on the presenter's
 *  responder chain (its view holds the presenter's, say): the chain would loop. An add or insert
 *  of a subview that would close such a loop is HK_ERR_CYCLE too. HK_ERR_CYCLE also when
 *  `presented` is above the presenter through parents and presenters (its parent, its parent's
 *  presenter...): parents and presenters never form a loop (Behaviour A7). Refused, nothing changes. */
hk_status hk_view_controller_present(hk_app *app, hk_controller presenter, hk_controller presented);
/** Dismisses what `controller` presents and, as UIKit does, every controller presented above
 *  that one; or `controller` itself if it presents nothing. Each dismissed view leaves its window
 *  (its touches are cancelled), the topmost first. */
hk_status hk_view_controller_dismiss(hk_app *app, hk_controller controller);
/** The controller `controller` presents, or 0. */
hk_status hk_view_controller_presented(const hk_app *app, hk_controller controller, hk_controller *out);
/** Adds `child` as a child controller, taken from its parent if it has another. HK_ERR_CYCLE if
 *  it is `parent` or above it through parents and presenters (one of its parents, the
 *  controller presenting it or one of theirs...): parents and presenters never form a loop
 *  (Behaviour A7). Refused, nothing changes. */
hk_status hk_view_controller_add_child(hk_app *app, hk_controller parent, hk_controller child);
hk_status hk_view_controller_remove_from_parent(hk_app *app, hk_controller controller);
/** The parent controller, or 0. */
hk_status hk_view_controller_parent(const hk_app *app, hk_controller controller, hk_controller *out);
hk_status hk__window_set_root_view_controller(hk_app *app, int32_t wi, uint32_t wg, hk_controller controller);
hk_status hk__app_next_responder(hk_app *app, int32_t vi, uint32_t vg, hk_controller controller, hk_responder_kind *kind,
                                 hk_view *view, hk_controller *out_controller);
hk_status hk__app_focusable_view_create(hk_app *app, double x, double y, double w, double h, hk_view *out);
hk_status hk__app_become_first_responder(hk_app *app, int32_t vi, uint32_t vg, int32_t *out);
hk_status hk__app_resign_first_responder(hk_app *app, int32_t vi, uint32_t vg, int32_t *out);
/** The key window's first responder if it is a view, else hk_no_view(). */
hk_status hk_app_first_responder(const hk_app *app, hk_view *out);
hk_status hk__window_make_key(hk_app *app, int32_t wi, uint32_t wg);
/** Makes a window the key window: the one whose first responder hk_app_first_responder reports. */
static inline hk_status hk_window_make_key(hk_app *a, hk_view window) { return hk__window_make_key(a, window.index, window.generation); }

/** A controller managing `root` (not a window); its root view's next responder becomes it. A view
 *  that is already a live controller's root view: HK_ERR_INVALID_ARGUMENT (one controller a view,
 *  as UIKit has it; hk_view_controller_destroy the other first). */
static inline hk_status hk_view_controller_create(hk_app *a, hk_view root, hk_controller *out) {
    return hk__view_controller_create(a, root.index, root.generation, out);
}
/** Makes `controller` the window's root controller (its view is added to the window if it is not
 *  in it); 0 clears it. The previous root controller's view stays in the window either way. */
static inline hk_status hk_window_set_root_view_controller(hk_app *a, hk_view window, hk_controller controller) {
    return hk__window_set_root_view_controller(a, window.index, window.generation, controller);
}
/** The next responder of a view: *kind says what it is; *view or *controller (either may be NULL)
 *  receive it when it is a view or a controller. */
static inline hk_status hk_app_view_next_responder(hk_app *a, hk_view v, hk_responder_kind *kind, hk_view *view,
                                                   hk_controller *controller) {
    return hk__app_next_responder(a, v.index, v.generation, 0, kind, view, controller);
}
/** The next responder of a controller. */
static inline hk_status hk_view_controller_next_responder(hk_app *a, hk_controller c, hk_responder_kind *kind, hk_view *view,
                                                          hk_controller *controller) {
    return hk__app_next_responder(a, HK_NO_VIEW_INDEX, 0, c, kind, view, controller);
}
/** A plain view that may become first responder (views made by hk_app_view_create may not). */
static inline hk_status hk_app_focusable_view_create(hk_app *a, hk_rect frame, hk_view *out) {
    return hk__app_focusable_view_create(a, frame.x, frame.y, frame.width, frame.height, out);
}
/** Asks `v` to become its window's first responder; *became is 1 if it did (it must be able to
 *  and be in a window, and the current one must resign). */
static inline hk_status hk_app_become_first_responder(hk_app *a, hk_view v, int32_t *became) {
    return hk__app_become_first_responder(a, v.index, v.generation, became);
}
/** Asks `v` to resign; *resigned is 1 unless it refused. */
static inline hk_status hk_app_resign_first_responder(hk_app *a, hk_view v, int32_t *resigned) {
    return hk__app_resign_first_responder(a, v.index, v.generation, resigned);
}

/* ------------------------------------------------------------------------------------------ */
/* Sleeping until the next timer; scenes from memory                                           */

/** "No timer pending": hk_app_next_deadline's answer then (positive infinity). */
#define HK_NO_DEADLINE (1.0 / 0.0)
/**
 * When the app's next timer (long press, tap timeout, delayed touches) is due or, while a scroll
 * view moves, its next animation tick (hk_app_set_animation_frame_interval), in the app's time;
 * HK_NO_DEADLINE (infinity) when neither is pending. A toolkit sleeps until then or the next input,
 * then calls hk_app_advance (or sends the frame), instead of waking every frame.
 */
hk_status hk_app_next_deadline(const hk_app *app, double *out);

/** Loads a scene from `length` bytes of JSON (up to HK_MAX_SCENE_BYTES) into a new app, as
 *  hk_scene_load does from a file, with its statuses; `name` names it in error messages ("scene
 *  buffer" when NULL; bytes that are not UTF-8 read as U+FFFD). `bytes` may be NULL when `length`
 *  is 0 (an empty document, HK_ERR_SCENE). */
hk_status hk_scene_load_buffer(const void *bytes, size_t length, const char *name, hk_app **out);
/* ------------------------------------------------------------------------------------------ */
/* Pointer input: clicks, hover, wheel and trackpad scroll, modifier keys (Behaviour A8)        */

/** Modifier keys (hk_pointer_input.modifiers, hk_app_modifier_flags). */
enum { HK_MOD_ALPHA_SHIFT = 1, HK_MOD_SHIFT = 2, HK_MOD_CONTROL = 4, HK_MOD_ALTERNATE = 8,
       HK_MOD_COMMAND = 16, HK_MOD_NUMERIC_PAD = 32 };
/** Buttons: button n is bit n-1 (primary 1, secondary 2, middle 3, then 4, 5, ...). */
enum { HK_BUTTON_PRIMARY = 1u << 0, HK_BUTTON_SECONDARY = 1u << 1, HK_BUTTON_MIDDLE = 1u << 2 };
#define HK_BUTTON(n) (1u << ((n) - 1))
/** A touch's type, as hk_app_touch_type writes it; the same values are the bits of
 *  hk_gesture_set_allowed_touch_types. */
typedef int32_t hk_touch_type;
enum { HK_TOUCH_TYPE_DIRECT = 1, HK_TOUCH_TYPE_INDIRECT_POINTER = 2 };
/** Scroll types (hk_pan_set_allowed_scroll_types) and a scroll's type and phase. */
enum { HK_SCROLL_TYPE_DISCRETE = 1, HK_SCROLL_TYPE_CONTINUOUS = 2 };
enum { HK_SCROLL_DISCRETE = 0, HK_SCROLL_CONTINUOUS = 1 };
enum { HK_SCROLL_PHASE_BEGAN = 0, HK_SCROLL_PHASE_CHANGED = 1, HK_SCROLL_PHASE_ENDED = 2 };
/** More hk_rejection reasons: the frame's pointer state or its scroll was bad. */
enum { HK_REJECT_POINTER = 8, HK_REJECT_SCROLL = 9 };
/** hk_gesture_kind of a hover recognizer. */
enum { HK_GESTURE_HOVER = 8 };

/** The pointer's state in a frame (send it when anything changed). */
typedef struct {
    int64_t id;            /* in the fingers' id space; never down as a finger at the same time */
    int32_t has_left;      /* 1: the pointer left the screen (the other fields are ignored) */
    uint32_t buttons;      /* HK_BUTTON_ bits held */
    double x, y;           /* screen coordinates */
    uint32_t modifiers;    /* HK_MOD_ bits held */
    int32_t reserved;      /* 0 (not read) */
} hk_pointer_input;

/**
 * Scroll input in a frame: a wheel notch, or a step of a trackpad sequence.
 *
 * dx, dy are points: the translation a finger dragging the content would make, so a wheel turned
 * towards the user (showing later content) is a negative dy. HitKit prescribes no notch size;
 * send 40 points per notch (about three lines of text). SDL_MOUSEWHEEL reports 1 per notch with
 * y positive away from the user: send dx = -x * 40, dy = y * 40 (flip both when `direction` is
 * SDL_MOUSEWHEEL_FLIPPED; preciseX/preciseY give fractions). X11 reports each notch as a button
 * press: button 4 is dy = +40, 5 is dy = -40, 6 is dx = +40, 7 is dx = -40. libinput's v120
 * values are 120 per notch: -v120 / 120 * 40. A trackpad's deltas are already points (negate
 * them if the source's sign is the content's motion reversed) and go as HK_SCROLL_CONTINUOUS.
 */
typedef struct {
    double x, y;           /* where the pointer is, screen coordinates */
    double dx, dy;         /* points (40 per wheel notch); later content is a negative dy */
    int32_t type;          /* HK_SCROLL_DISCRETE or HK_SCROLL_CONTINUOUS */
    int32_t phase;         /* HK_SCROLL_PHASE_ for continuous; ignored for discrete */
} hk_scroll_input;

/** hk_app_send_frame plus the pointer's state and a scroll (each may be NULL). Bad pointer or
 *  scroll input (a button out of range, a location or delta that is not finite, a continuous
 *  scroll out of phase) is rejected (HK_REJECT_POINTER, HK_REJECT_SCROLL) and the rest is
 *  delivered. Values outside the header's own (a scroll type or phase it does not define, a
 *  modifier bit that is not an HK_MOD_ bit) are HK_ERR_INVALID_ARGUMENT and refuse the whole
 *  frame, as a touchpad gesture's unknown kind or phase does (a touch's unknown phase rejects
 *  that touch alone). */
hk_status hk_app_send_pointer_frame(hk_app *app, double timestamp, const hk_touch_input *touches, size_t count,
                                    const hk_pointer_input *pointer, const hk_scroll_input *scroll);

hk_status hk__hover_create(hk_app *app, int32_t vi, uint32_t vg, hk_gesture *out);
/** A hover recognizer: began when the pointer comes over `view` or a subview, changed as it
 *  moves there, ended when it leaves (its callback's location is the pointer's). */
static inline hk_status hk_hover_create(hk_app *a, hk_view v, hk_gesture *out) { return hk__hover_create(a, v.index, v.generation, out); }
/** Which touch types the recognizer receives (HK_TOUCH_TYPE_ bits; default both). A hover
 *  without HK_TOUCH_TYPE_INDIRECT_POINTER does not follow the pointer (Behaviour A8). */
hk_status hk_gesture_set_allowed_touch_types(hk_app *app, hk_gesture gesture, int32_t types);
/** The buttons a click must begin with for this tap (HK_BUTTON_ bits, non-zero; default primary). */
hk_status hk_tap_set_button_mask_required(hk_app *app, hk_gesture tap, uint32_t buttons);
/** The scroll input this pan takes (HK_SCROLL_TYPE_ bits; default none). */
hk_status hk_pan_set_allowed_scroll_types(hk_app *app, hk_gesture pan, int32_t types);
/** The pointer's buttons (HK_BUTTON_ bits) and modifier keys (HK_MOD_ bits) as of the frame being
 *  delivered: call them from touch, gesture and action callbacks. */
uint32_t hk_app_button_mask(const hk_app *app);
uint32_t hk_app_modifier_flags(const hk_app *app);
/** The type of the touch `touch_id` that is down: HK_TOUCH_TYPE_DIRECT for a finger,
 *  HK_TOUCH_TYPE_INDIRECT_POINTER for the pointer's click; HK_ERR_NOT_FOUND when it is not down. */
hk_status hk_app_touch_type(const hk_app *app, int64_t touch_id, hk_touch_type *out);

/* ------------------------------------------------------------------------------------------ */
/* Touchpad gestures: pinch, rotate and hold as libinput, XInput 2.4, Wayland and GTK4 report  */
/* them (Behaviour A9)                                                                         */

/** hk_touchpad_gesture.kind and .phase (a hold has no CHANGED). */
enum { HK_TOUCHPAD_PINCH = 0, HK_TOUCHPAD_HOLD = 1 };
enum { HK_TOUCHPAD_PHASE_BEGAN = 0, HK_TOUCHPAD_PHASE_CHANGED = 1, HK_TOUCHPAD_PHASE_ENDED = 2,
       HK_TOUCHPAD_PHASE_CANCELLED = 3 };
/** An hk_rejection reason: the frame's touchpad gesture was bad (a scale <= 0 or not finite, a
 *  rotation or location not finite, fewer than 1 finger, a phase out of order, a kind changing
 *  mid-gesture, a hold's CHANGED); the gesture under way is as if the step never came. */
enum { HK_REJECT_TOUCHPAD = 11 };
/** An hk_rejection reason: a key event was bad (Behaviour A10): a code outside 0…65535, an up or
 *  cancel for a key not down, or an unknown phase. hk_rejection.touch_id is the key's index in
 *  the frame's keys. */
enum { HK_REJECT_KEY = 12 };

/** One step of a touchpad gesture. */
typedef struct {
    int32_t kind;          /* HK_TOUCHPAD_PINCH or HK_TOUCHPAD_HOLD */
    int32_t phase;         /* HK_TOUCHPAD_PHASE_ */
    double x, y;           /* the pointer, screen coordinates */
    double scale;          /* pinch: relative to the gesture's start, > 0 (1 at the start); hold: ignored */
    double rotation;       /* pinch: radians since the start, clockwise positive on screen; hold: ignored */
    int32_t fingers;       /* >= 1 */
    int32_t reserved;      /* 0 (not read) */
} hk_touchpad_gesture;

/** A frame at `timestamp` carrying one touchpad gesture step (NULL: the frame only moves the
 *  clock). A pinch drives the pinch and rotation recognizers under the pointer that take
 *  HK_TOUCH_TYPE_INDIRECT_POINTER and track no touch; views get no touch callbacks. Bad input:
 *  HK_ERR_BAD_INPUT with an HK_REJECT_TOUCHPAD rejection, and nothing else changes. A kind or
 *  phase the header does not define: HK_ERR_INVALID_ARGUMENT, the whole frame refused. */
hk_status hk_app_send_touchpad_frame(hk_app *app, double timestamp, const hk_touchpad_gesture *gesture);
/** A pinch's scale per second, or a rotation's radians per second (touches or touchpad, over the
 *  last two frames or samples); HK_ERR_INVALID_ARGUMENT for another kind of recognizer. */
hk_status hk_gesture_transform_velocity(const hk_app *app, hk_gesture gesture, double *out);

/* ------------------------------------------------------------------------------------------ */
/* High-rate input (Behaviour A3): samples, force and contact radius                           */

/** A touch rejected for bad high-rate input: a sample after the frame or out of order, a
 *  non-finite value, or a last sample away from the touch's location. */
enum { HK_REJECT_INVALID_SAMPLE = 10 };

/** One report of a finger (screen coordinates). force and major_radius < 0: not given. */
typedef struct {
    double timestamp;      /* not after the frame's time; samples oldest first */
    double x, y;
    double force;
    double major_radius;
} hk_touch_sample;

/** The most samples, and the most predicted samples, of one touch in a frame (more: HK_ERR_LIMIT). */
#define HK_MAX_TOUCH_SAMPLES 4096

/** The high-rate part of one hk_touch_input (any value < 0: not given, the touch keeps its
 *  last). The last of `samples` must be at the input's location, so a touch without one
 *  (`has_location` 0) takes none. `predicted` is given on as it is (its times are not checked). */
typedef struct {
    double force, major_radius, maximum_possible_force, major_radius_tolerance;
    const hk_touch_sample *samples;     /* the reports since the last frame; may be NULL when 0 */
    size_t sample_count;
    const hk_touch_sample *predicted;   /* the device's predictions after the frame */
    size_t predicted_count;
} hk_touch_high_rate;

/** hk_app_send_frame with `high_rate[i]` for `touches[i]` (high_rate may be NULL: none). */
hk_status hk_app_send_frame_with_samples(hk_app *app, double timestamp, const hk_touch_input *touches,
                                         const hk_touch_high_rate *high_rate, size_t count);

/** A touch's high-rate values (0 where the input gave none) and how many samples its frame has. */
typedef struct {
    double force, major_radius, maximum_possible_force, major_radius_tolerance;
    size_t sample_count;     /* one at least: a touch without samples is its own one sample */
    size_t predicted_count;
} hk_touch_high_rate_info;

/** Inside a touch callback or touch handler: the values of the touch `touch_id` of the call's event.
 *  HK_ERR_INVALID_ARGUMENT outside a callback, HK_ERR_NOT_FOUND for a touch not in the event. */
hk_status hk_app_touch_high_rate(const hk_app *app, int64_t touch_id, hk_touch_high_rate_info *out);
/** Inside a touch callback or handler: sample `index` of the touch's frame (oldest first; the last is the
 *  touch itself), or with `predicted` nonzero its predicted sample `index`; force and radius 0
 *  where none was given. */
hk_status hk_app_touch_sample(const hk_app *app, int64_t touch_id, int predicted, size_t index, hk_touch_sample *out);

/* ------------------------------------------------------------------------------------------ */
/* Snapshots: hit testing from any thread                                                     */
/* The exception to the owner-thread rule. hk_store_snapshot is called on the store's thread    */
/* (an app's store: hk_app_store); the snapshot it returns is an immutable copy of every view    */
/* at that moment, which ANY thread may hit-test and convert points on while the owner keeps     */
/* editing, and which stays valid after its store is destroyed. A released snapshot gives        */
/* HK_ERR_STALE_HANDLE and a pointer never returned as a snapshot HK_ERR_FOREIGN_HANDLE: never   */
/* a crash. View handles are the store's. A view whose answer needs a callback (a custom hit     */
/* test or point-inside test) cannot be decided off the owner thread: the answer is              */
/* HK_SNAPSHOT_ASK with that view, and the host confirms on the owner thread (hk_hit_test_*).    */

/** An immutable copy of a store. Opaque; release it with hk_snapshot_release. */
typedef struct hk_snapshot hk_snapshot;

/** What a snapshot hit test found. */
typedef enum {
    /** No view is hit; the view is hk_no_view(). */
    HK_SNAPSHOT_MISS = 0,
    /** The view is the one hit. */
    HK_SNAPSHOT_HIT = 1,
    /** The answer depends on this view's callback: confirm on the owner thread. */
    HK_SNAPSHOT_ASK = 2
} hk_snapshot_answer;
/* The library writes an hk_snapshot_answer as 4 bytes, the size the platform's ABI gives this
 * enum: a program built with packed enums (-fshort-enums) stops here rather than have its
 * arrays of answers overrun. */
typedef char hk__snapshot_answer_is_4_bytes[sizeof(hk_snapshot_answer) == 4 ? 1 : -1];

/** Takes a snapshot of `store` (on the store's thread). Cheap: it shares memory with the store
 *  and earlier snapshots, copying only the views edited since the last one. HK_ERR_LIMIT when
 *  the most snapshots C handles can name are live (2^24 - 1, see "Limits"). */
hk_status hk_store_snapshot(hk_store *store, hk_snapshot **out);
hk_status hk__snapshot_hit_test(const hk_snapshot *snapshot, double x, double y, hk_snapshot_answer *kind, hk_view *view);
hk_status hk__snapshot_convert(const hk_snapshot *snapshot, double x, double y, int32_t fi, uint32_t fg, int32_t ti, uint32_t tg, hk_point *out);
/** Releases a snapshot (any thread). Queries other threads are running on it finish safely. */
hk_status hk_snapshot_release(hk_snapshot *snapshot);

/** The front-most view under a screen point as it was when the snapshot was taken (any thread).
 *  A point that is not finite: HK_ERR_INVALID_ARGUMENT, as in hk_hit_test_screen. */
static inline hk_status hk_snapshot_hit_test(const hk_snapshot *s, hk_point p, hk_snapshot_answer *kind, hk_view *view) {
    return hk__snapshot_hit_test(s, p.x, p.y, kind, view);
}
/**
 * Hit tests `count` screen points on a snapshot in one call (any thread): kinds[i] and views[i]
 * are what hk_snapshot_hit_test answers for points[i]. The snapshot's lookup and the checks are
 * made once for the whole array, as in hk_hit_test_screen_points, and every point is checked
 * before the first is answered. A point that is not finite stops the call with
 * HK_ERR_INVALID_ARGUMENT naming its index: the answers before it are written, the rest of
 * `kinds` and `views` is left as it was. A `count` of 0 reads and writes nothing (the arrays
 * may be NULL), but the snapshot is still checked; a `count` of 2^59 or more is
 * HK_ERR_INVALID_ARGUMENT. `kinds` and `views` have room for `count` answers and overlap neither
 * each other nor `points`.
 */
hk_status hk_snapshot_hit_test_points(const hk_snapshot *snapshot, const hk_point *points, size_t count,
                                      hk_snapshot_answer *kinds, hk_view *views);
/** Converts a point between two views (hk_no_view(): the screen) as they were (any thread). A
 *  view the snapshot does not hold is HK_ERR_STALE_HANDLE, and the message says whether it was
 *  destroyed before the snapshot was taken or made after it. */
static inline hk_status hk_snapshot_convert(const hk_snapshot *s, hk_point p, hk_view from, hk_view to, hk_point *out) {
    return hk__snapshot_convert(s, p.x, p.y, from.index, from.generation, to.index, to.generation, out);
}

/* ------------------------------------------------------------------------------------------ */
/* The keyboard (Behaviour A10): key frames, presses, key commands and focus                   */

/** hk_key_input.phase. A DOWN for a key already down is a repeat (the host's auto-repeat). */
enum { HK_KEY_DOWN = 0, HK_KEY_UP = 1, HK_KEY_CANCELLED = 2 };

/** The most key events in one hk_app_send_key_frame. */
#define HK_MAX_FRAME_KEYS 4096

/** One key event. HitKit maps no keys: the host gives the key's USB HID usage (A = 4 … Z = 29,
 *  Return 40, Escape 41, Tab 43, Space 44, the arrows 79–82, the modifier keys 224–231; an
 *  evdev code maps to it by a table, an SDL scancode is it) and what it types. */
typedef struct {
    int32_t code;                               /* the HID usage, 0…65535 (outside: rejected) */
    int32_t phase;                              /* HK_KEY_ */
    const char *characters;                     /* UTF-8 text with the modifiers held (bytes
                                                   that are not UTF-8 read as U+FFFD); NULL: "" */
    const char *characters_ignoring_modifiers;  /* without them, a letter in lower case; for a key
                                                   that types no text UIKit's name, e.g.
                                                   "UIKeyInputUpArrow"; NULL: "" */
    uint32_t modifier_flags;                    /* HK_MOD_ bits held (a modifier key's own on its
                                                   down and its up) */
    int32_t reserved;                           /* 0 (not read) */
} hk_key_input;

/** What became of each key event of a frame (hk_app_send_key_frame's `outcomes`). */
enum {
    HK_KEY_HANDLED = 0,           /* a responder kept it, a key command or focus took it, or an up */
    HK_KEY_UNHANDLED = 1,         /* a down no stage took: the host may use it itself */
    HK_KEY_UNHANDLED_REPEAT = 2,  /* a repeat of such a key */
    HK_KEY_REJECTED = 3           /* bad input (see hk_app_rejection: HK_REJECT_KEY, touch_id = its
                                     index), or every key of a frame rejected whole for its time */
};

/** A frame at `timestamp` carrying `count` key events, handled in order (up to HK_MAX_FRAME_KEYS;
 *  `keys` may be NULL when 0). `outcomes`, when not NULL, receives one byte per event: an
 *  HK_KEY_ outcome (nothing, when the call is refused as a whole: HK_ERR_BUSY from a callback of
 *  the app, HK_ERR_INVALID_ARGUMENT for a bad modifier mask on an event with an HK_KEY_ phase; an
 *  event with another phase is rejected alone, whatever its mask). Bad events are rejected
 *  (HK_ERR_BAD_INPUT after the frame) and the others go on; a frame whose time goes back or is
 *  not finite is rejected whole, every event HK_KEY_REJECTED. */
hk_status hk_app_send_key_frame(hk_app *app, double timestamp, const hk_key_input *keys, size_t count, uint8_t *outcomes);

/**
 * Every kind of input of one frame, for hk_app_send_input_frame: what a host that gathers a
 * display frame's events (a Wayland frame, a vsync's worth of X11 or libinput events) sends as
 * one frame rather than one call per kind. Zero it, then set its time and the parts the frame
 * has: a frame of nothing but its time only moves the clock.
 */
typedef struct {
    double timestamp;
    const hk_touch_input *touches;          /* touch_count fingers; may be NULL when 0 */
    size_t touch_count;
    const hk_touch_high_rate *high_rate;    /* NULL, or touch_count entries: high_rate[i] for touches[i] */
    const hk_pointer_input *pointer;        /* NULL: the pointer's state did not change */
    const hk_scroll_input *scroll;          /* NULL: no scroll */
    const hk_key_input *keys;               /* key_count events; may be NULL when 0 */
    size_t key_count;
    const hk_touchpad_gesture *touchpad;    /* NULL: no touchpad gesture step */
} hk_input_frame;

/* frame_size: sizeof(hk_input_frame) as the caller's header has it (the wrapper passes it). */
hk_status hk__app_send_input_frame(hk_app *app, const hk_input_frame *frame, size_t frame_size, uint8_t *key_outcomes);
/**
 * Delivers `frame` as one frame, its parts in Behaviour A3's order: the timers due, the touches
 * (with their samples) and the pointer's click, hover and the scroll, the keys, the touchpad
 * step; then the frame's end, once. Each part is read, checked and rejected by the code of its
 * own call (hk_app_send_frame_with_samples, hk_app_send_pointer_frame, hk_app_send_key_frame,
 * hk_app_send_touchpad_frame): a bad touch, pointer, scroll, key or touchpad step alone, the rest
 * delivered, HK_ERR_BAD_INPUT (hk_app_rejection lists the touches', the pointer's, the scroll's,
 * the keys' and the touchpad's rejections in that order, then touches and keys of an unknown
 * phase). What a call of one kind refuses whole refuses the whole frame, nothing changed and no
 * outcome written: HK_ERR_INVALID_ARGUMENT (a modifier bit that is not an HK_MOD_ bit, a kind or
 * phase the header does not define, a NULL array with a count, a size this library does not
 * know), HK_ERR_LIMIT (a count over its HK_MAX_), HK_ERR_BUSY (from a callback of the app).
 * `key_outcomes`, when not NULL, receives key_count bytes as hk_app_send_key_frame's `outcomes`.
 */
static inline hk_status hk_app_send_input_frame(hk_app *a, const hk_input_frame *frame, uint8_t *key_outcomes) {
    return hk__app_send_input_frame(a, frame, sizeof *frame, key_outcomes);
}

/** hk_press_event.phase. */
enum { HK_PRESS_BEGAN = 0, HK_PRESS_ENDED = 1, HK_PRESS_CANCELLED = 2 };
/** What a press handler does with a press's began (its ended and cancelled reach every responder
 *  the began reached, whatever the handler answers). */
enum { HK_PRESS_CONSUME = 0, HK_PRESS_PASS_ON = 1 };

/** One press delivered to a responder: the key, its phase and who receives it. */
typedef struct {
    hk_responder_kind responder_kind;          /* the receiver: HK_RESPONDER_VIEW, _CONTROLLER or _APPLICATION */
    hk_view view;                               /* the receiving view (or window), else hk_no_view() */
    hk_controller controller;                   /* the receiving controller, else 0 */
    int32_t phase;                              /* HK_PRESS_ */
    int32_t code;                               /* the key's HID usage */
    uint32_t modifier_flags;                    /* HK_MOD_ bits of the key event being delivered */
    const char *characters;                     /* valid during the call only */
    const char *characters_ignoring_modifiers;
    double timestamp;
} hk_press_event;

/** Called for each press call a responder receives, before what the responder would do without
 *  the handler (a plain view passes a began on to its next responder): once per press of the
 *  call, in the order the presses began (a window change cancels several at once). Returns
 *  HK_PRESS_CONSUME to keep the press (no key command or focus movement sees the key) or
 *  HK_PRESS_PASS_ON. */
typedef int (*hk_press_handler)(const hk_press_event *event, void *user_data);

hk_status hk__app_view_set_press_handler(hk_app *app, int32_t vi, uint32_t vg, hk_press_handler handler, void *user_data,
                                         hk_destroy_notify destroy);
/** Sets (or with NULL clears) the press handler of any view or window of the app. */
static inline hk_status hk_app_view_set_press_handler(hk_app *a, hk_view v, hk_press_handler handler, void *user_data,
                                                      hk_destroy_notify destroy) {
    return hk__app_view_set_press_handler(a, v.index, v.generation, handler, user_data, destroy);
}
/** The press handler of a view controller. */
hk_status hk_view_controller_set_press_handler(hk_app *app, hk_controller controller, hk_press_handler handler,
                                               void *user_data, hk_destroy_notify destroy);
/** The press handler of the application (the end of the chain, before its delegate). */
hk_status hk_app_set_press_handler(hk_app *app, hk_press_handler handler, void *user_data, hk_destroy_notify destroy);

/** A key command handle, owned by its app (1 and up). */
typedef int32_t hk_key_command;
/** hk_*_add_key_command options. */
enum {
    HK_KEY_COMMAND_PRIORITY = 1,        /* wantsPriorityOverSystemBehavior: before focus movement */
    HK_KEY_COMMAND_NOT_REPEATABLE = 2,  /* a held key's repeats do not perform it again */
    HK_KEY_COMMAND_DISABLED = 4         /* matches but does not act (the search goes on) */
};

/** A key command performed. */
typedef struct {
    hk_key_command command;
    int32_t is_repeat;                  /* 1 when a repeat of the key performed it again */
    hk_view target;                     /* the press's target (where it went first) if a view, else hk_no_view() */
    double timestamp;
} hk_key_command_event;

/** Performs a key command: its action, performed by the responder that declared it. */
typedef void (*hk_key_command_callback)(const hk_key_command_event *event, void *user_data);

hk_status hk__app_view_add_key_command(hk_app *app, int32_t vi, uint32_t vg, const char *input, uint32_t modifier_flags,
                                       uint32_t options, hk_key_command *out, hk_key_command_callback callback,
                                       void *user_data, hk_destroy_notify destroy);
/** Declares a key command on a view or window (UIKit's keyCommands): `input` is one character
 *  ("s", "=", "\t") or a UIKit input name ("UIKeyInputUpArrow", "UIKeyInputEscape", "UIKeyInputF1"…),
 *  an upper-case letter implying shift; `modifier_flags` are HK_MOD_SHIFT, _CONTROL, _ALTERNATE,
 *  _COMMAND. A key down no responder kept performs the first enabled matching command from its
 *  target up; `callback` is that command's action, performed by the declaring responder. An
 *  `input` that is not valid UTF-8 is HK_ERR_INVALID_ARGUMENT ("Strings" at the top). */
static inline hk_status hk_app_view_add_key_command(hk_app *a, hk_view v, const char *input, uint32_t modifier_flags,
                                                    uint32_t options, hk_key_command *out, hk_key_command_callback callback,
                                                    void *user_data, hk_destroy_notify destroy) {
    return hk__app_view_add_key_command(a, v.index, v.generation, input, modifier_flags, options, out, callback, user_data, destroy);
}
/** A key command declared by a view controller. */
hk_status hk_view_controller_add_key_command(hk_app *app, hk_controller controller, const char *input, uint32_t modifier_flags,
                                             uint32_t options, hk_key_command *out, hk_key_command_callback callback,
                                             void *user_data, hk_destroy_notify destroy);
/** A key command declared by the application: the last responder asked. */
hk_status hk_app_add_key_command(hk_app *app, const char *input, uint32_t modifier_flags, uint32_t options,
                                 hk_key_command *out, hk_key_command_callback callback, void *user_data,
                                 hk_destroy_notify destroy);
/** Enables or disables a key command. */
hk_status hk_key_command_set_enabled(hk_app *app, hk_key_command command, int32_t enabled);
/** Removes a key command (its user data is notified). */
hk_status hk_key_command_remove(hk_app *app, hk_key_command command);

hk_status hk__window_set_focus_system_enabled(hk_app *app, int32_t wi, uint32_t wg, int32_t enabled);
hk_status hk__window_focused_view(const hk_app *app, int32_t wi, uint32_t wg, hk_view *out);
hk_status hk__app_view_set_can_become_focused(hk_app *app, int32_t vi, uint32_t vg, int32_t value);
hk_status hk__app_view_set_focus_group(hk_app *app, int32_t vi, uint32_t vg, const char *identifier);
/** Turns a window's focus system on or off (off by default): Tab and Shift-Tab move focus between
 *  groups, the arrows within one, Return and Space activate the focused control. Off loses focus. */
static inline hk_status hk_window_set_focus_system_enabled(hk_app *a, hk_view window, int32_t enabled) {
    return hk__window_set_focus_system_enabled(a, window.index, window.generation, enabled);
}
/** The window's focused view, or hk_no_view(). */
static inline hk_status hk_window_focused_view(const hk_app *a, hk_view window, hk_view *out) {
    return hk__window_focused_view(a, window.index, window.generation, out);
}
/** Whether the view can be focused: 1, 0, or -1 for its default (an enabled control, no other view). */
static inline hk_status hk_app_view_set_can_become_focused(hk_app *a, hk_view v, int32_t value) {
    return hk__app_view_set_can_become_focused(a, v.index, v.generation, value);
}
/** The view's focus group identifier (subviews inherit it; equal ones are one group); NULL inherits.
 *  One that is not valid UTF-8 is HK_ERR_INVALID_ARGUMENT ("Strings" at the top). */
static inline hk_status hk_app_view_set_focus_group(hk_app *a, hk_view v, const char *identifier) {
    return hk__app_view_set_focus_group(a, v.index, v.generation, identifier);
}

/** hk_focus_event.heading bits (UIKit's UIFocusHeading); 0 when focus was lost. */
enum {
    HK_FOCUS_HEADING_UP = 1, HK_FOCUS_HEADING_DOWN = 2, HK_FOCUS_HEADING_LEFT = 4, HK_FOCUS_HEADING_RIGHT = 8,
    HK_FOCUS_HEADING_NEXT = 16, HK_FOCUS_HEADING_PREVIOUS = 32
};
/** A window's focused view changed. */
typedef struct {
    hk_view window;
    hk_view previous;     /* hk_no_view() when nothing was focused */
    hk_view next;         /* hk_no_view() when focus was lost */
    uint32_t heading;     /* HK_FOCUS_HEADING_ bits */
    double timestamp;
} hk_focus_event;
typedef void (*hk_focus_callback)(const hk_focus_event *event, void *user_data);
/** Calls `callback` after every change of any window's focused view (NULL clears it). A focused
 *  view destroyed inside a delivery (by a key command's action, say) loses focus at the
 *  delivery's end: `previous` is then its handle, already stale. */
hk_status hk_app_set_focus_callback(hk_app *app, hk_focus_callback callback, void *user_data, hk_destroy_notify destroy);

/* ------------------------------------------------------------------------------------------ */
/* Context menus, drag and drop (Behaviour A11)                                                */
/* A menu, a drag or a drop interaction is attached to a view and kept by the app under a handle */
/* (1 and up) until hk_interaction_remove or the view's destruction. HitKit draws nothing: the   */
/* host draws a menu where its configuration's item frames say (window coordinates) and the     */
/* dragged items under the session's location. The callbacks run during the call that delivers  */
/* (hk_app_send_frame, hk_app_advance, ...), on the app's thread. An answer HitKit cannot use   */
/* (an item frame that is not finite or has a negative size, an unknown proposal) is replaced by */
/* the safe one (no menu; cancel) and kept for hk_app_take_interaction_error.                   */

/** An interaction of an app (1 and up). */
typedef int32_t hk_interaction;

/** What a drop target proposes (UIKit's UIDropOperation, plus forbidden). */
typedef int32_t hk_drop_proposal;
enum { HK_DROP_CANCEL = 0, HK_DROP_COPY = 1, HK_DROP_MOVE = 2, HK_DROP_FORBIDDEN = 3 };
/** How a drag ended: HK_DROP_CANCEL, HK_DROP_COPY or HK_DROP_MOVE. */
typedef int32_t hk_drop_operation;

/** One item of a menu's configuration: where the host shows it (window coordinates), whether it
 *  is enabled, and its name (copied before the callback returns; NULL: ""; bytes that are not
 *  UTF-8 read as U+FFFD). */
typedef struct {
    hk_rect frame;
    int32_t enabled;
    const char *identifier;
} hk_menu_item;

/** The configuration for a press at `location` (the menu's view's coordinates): fill up to
 *  `capacity` items (64), set *count and return 1; return 0 for no menu. 0 items is an empty
 *  configuration (asked, never shown). A *count above `capacity` is read as `capacity`, and a
 *  negative one as 0. */
typedef int (*hk_menu_configuration_callback)(hk_app *app, hk_interaction menu, hk_point location, hk_menu_item *items,
                                              int32_t capacity, int32_t *count, void *user_data);
/** An interaction is told something (a menu shown or ending; a lift; a session beginning or moving). */
typedef void (*hk_interaction_callback)(hk_app *app, hk_interaction interaction, void *user_data);
/** A menu item, by its index in the configuration, was highlighted or picked (performed). */
typedef void (*hk_menu_item_callback)(hk_app *app, hk_interaction menu, int32_t item, void *user_data);
/** A context menu's callbacks; NULL members are not called (a NULL configuration: no menu). */
typedef struct {
    hk_menu_configuration_callback configuration;
    hk_interaction_callback will_display;
    hk_interaction_callback will_end;
    hk_menu_item_callback highlight;
    hk_menu_item_callback perform;
} hk_context_menu_callbacks;

/** The number of items a lift drags (0 or less: no lift; at most 1024 are taken). */
typedef int32_t (*hk_drag_items_callback)(hk_app *app, hk_interaction drag, void *user_data);
/** The drag (its lift or its session) is ending, or ended, with `operation`. */
typedef void (*hk_drag_end_callback)(hk_app *app, hk_interaction drag, hk_drop_operation operation, void *user_data);
/** A drag interaction's callbacks; NULL members are not called (NULL items_for_beginning: no lift). */
typedef struct {
    hk_drag_items_callback items_for_beginning;
    hk_interaction_callback lift;
    hk_interaction_callback session_will_begin;
    hk_interaction_callback session_did_move;
    hk_drag_end_callback will_end;
    hk_drag_end_callback did_end;
} hk_drag_callbacks;

/** Whether `drop` can take the session dragged from `source` (asked once while it is under it). */
typedef int (*hk_drop_can_handle_callback)(hk_app *app, hk_interaction drop, hk_interaction source, void *user_data);
/** What a drop would do with the session dragged from `source` (sessionDidUpdate). */
typedef hk_drop_proposal (*hk_drop_update_callback)(hk_app *app, hk_interaction drop, hk_interaction source, void *user_data);
/** A drop target is told something about the session dragged from `source`. */
typedef void (*hk_drop_callback)(hk_app *app, hk_interaction drop, hk_interaction source, void *user_data);
/** A drop interaction's callbacks; NULL members are not called (NULL can_handle: yes; NULL
 *  did_update: cancel). */
typedef struct {
    hk_drop_can_handle_callback can_handle;
    hk_drop_callback did_enter;
    hk_drop_update_callback did_update;
    hk_drop_callback did_exit;
    hk_drop_callback perform_drop;
    hk_drop_callback conclude_drop;
    hk_drop_callback did_end;
} hk_drop_callbacks;

hk_status hk__app_view_add_context_menu(hk_app *app, int32_t vi, uint32_t vg, hk_interaction *out,
                                        const hk_context_menu_callbacks *callbacks, void *user_data, hk_destroy_notify destroy);
hk_status hk__app_view_add_drag(hk_app *app, int32_t vi, uint32_t vg, hk_interaction *out,
                                const hk_drag_callbacks *callbacks, void *user_data, hk_destroy_notify destroy);
hk_status hk__app_view_add_drop(hk_app *app, int32_t vi, uint32_t vg, hk_interaction *out,
                                const hk_drop_callbacks *callbacks, void *user_data, hk_destroy_notify destroy);
hk_status hk__drag_session_location(hk_app *app, hk_interaction drag, int32_t vi, uint32_t vg, hk_point *out);
hk_status hk__scroll_view_set_autoscrolls_during_drag(hk_app *app, int32_t vi, uint32_t vg, int32_t autoscrolls);

/** Adds a context menu to a view of the app (Behaviour A11): asked at 0.15 s of a still touch,
 *  shown at 0.325 s, or at once by a secondary click or hk_app_handle_context_menu_key. */
static inline hk_status hk_app_view_add_context_menu(hk_app *a, hk_view v, hk_interaction *out,
                                                     const hk_context_menu_callbacks *c, void *user_data,
                                                     hk_destroy_notify destroy) {
    return hk__app_view_add_context_menu(a, v.index, v.generation, out, c, user_data, destroy);
}
/** Adds a drag interaction to a view of the app: a lift at 0.325 s of a still touch (at once for a
 *  click dragged past 3 points), a session once the touch moves more than 10 points from the lift. */
static inline hk_status hk_app_view_add_drag(hk_app *a, hk_view v, hk_interaction *out, const hk_drag_callbacks *c,
                                             void *user_data, hk_destroy_notify destroy) {
    return hk__app_view_add_drag(a, v.index, v.generation, out, c, user_data, destroy);
}
/** Adds a drop interaction to a view of the app: the sessions over the view's chain find it. */
static inline hk_status hk_app_view_add_drop(hk_app *a, hk_view v, hk_interaction *out, const hk_drop_callbacks *c,
                                             void *user_data, hk_destroy_notify destroy) {
    return hk__app_view_add_drop(a, v.index, v.generation, out, c, user_data, destroy);
}
/** The context menu, drag or drop interaction with a scene id (hk_scene_load), as a handle of the
 *  app: the same on every call until removed. It keeps the scene's callbacks (its log lines); the
 *  calls below work on it as on one C added. HK_ERR_NOT_FOUND if none (or it was removed, or its
 *  view destroyed); HK_ERR_INVALID_ARGUMENT for an app not loaded from a scene, or a scene id
 *  that is not valid UTF-8; HK_ERR_LIMIT as for hk_app_view_add_context_menu. */
hk_status hk_scene_interaction(hk_app *app, const char *scene_id, hk_interaction *out);
/** Detaches an interaction and forgets its handle (its user data is notified): a menu it shows is
 *  dismissed, an attempt or lift under way ends; a drag session under way goes on to its end,
 *  which its will_end and did_end still hear (with the stale handle), and its user data is
 *  notified after that. Called from a callback, its callbacks still hear what the delivery's end
 *  owes them (a drop target's did_exit) before the user data is notified. hk_app_view_destroy
 *  lets go of a view's interactions the same way. */
hk_status hk_interaction_remove(hk_app *app, hk_interaction interaction);
/** Dismisses the menu of `menu` if it is open (will_end); nothing otherwise. */
hk_status hk_context_menu_dismiss(hk_app *app, hk_interaction menu);
/** 1 in *out while the menu of `menu` is open, with the index of its highlighted item in
 *  *highlighted (may be NULL): the item a touch of the menu is on, the latest entered; -1 for
 *  none, as once the finger has left every item. */
hk_status hk_context_menu_is_open(hk_app *app, hk_interaction menu, int32_t *out, int32_t *highlighted);
/** A drag interaction's settings (Behaviour A11): enabled (1), a move proposal moves (1), the lift
 *  leaves the touch to recognizers and views until the session begins (0). */
hk_status hk_drag_set_enabled(hk_app *app, hk_interaction drag, int32_t enabled);
hk_status hk_drag_set_allows_move(hk_app *app, hk_interaction drag, int32_t allows_move);
hk_status hk_drag_set_simultaneous_lift(hk_app *app, hk_interaction drag, int32_t simultaneous);
/** The drag under way from `drag` (its lift or session): its number of items and whether its
 *  session has begun. HK_ERR_INVALID_ARGUMENT when none is under way. */
hk_status hk_drag_session_state(hk_app *app, hk_interaction drag, int32_t *items, int32_t *has_begun);
/** Its location in `in`'s coordinates (hk_no_view(): the touch's window); a view or window in
 *  any window answers through the screen. The location is on the screen, so a view in no window
 *  has none: HK_ERR_NOT_IN_WINDOW, as hk_convert_point from the screen to it answers, and *out is
 *  left as it was (from Swift, DragSession.location(in:) answers a non-finite point there, as
 *  Touch.location(in:) does). HK_ERR_INVALID_ARGUMENT when no drag is under way from `drag`. */
static inline hk_status hk_drag_session_location(hk_app *a, hk_interaction drag, hk_view in, hk_point *out) {
    return hk__drag_session_location(a, drag, in.index, in.generation, out);
}
/** How many lifts and sessions are under way. */
hk_status hk_app_drag_session_count(hk_app *app, int32_t *out);
/** Whether the scroll view scrolls while a session is within 44 points of an edge (default 0). */
static inline hk_status hk_scroll_view_set_autoscrolls_during_drag(hk_app *a, hk_view v, int autoscrolls) {
    return hk__scroll_view_set_autoscrolls_during_drag(a, v.index, v.generation, autoscrolls);
}
/** What the Escape key does before anything else sees it (in hk_app_send_key_frame too):
 *  dismisses the open menu, else cancels every lift and session; *taken is 1 when it acted (else
 *  the key goes on as any key). For hosts that keep their keys to themselves. */
hk_status hk_app_handle_escape_key(hk_app *app, int32_t *taken);
/** What the Menu key (or Shift-F10) does: with no menu open, shows the first menu with items on
 *  the responder chain from the key's target (the key window's focused view, else its first
 *  responder, …), compact; *taken is 1 when it did. Called from inside a configuration callback
 *  (a menu being asked for), it does nothing: *taken is 0. */
hk_status hk_app_handle_context_menu_key(hk_app *app, int32_t *taken);
/** HK_OK when every callback answer was usable since the last call; else HK_ERR_INVALID_ARGUMENT
 *  with the first unusable one in hk_last_error_message() (how many in *count, may be NULL),
 *  and the record cleared. */
hk_status hk_app_take_interaction_error(hk_app *app, int32_t *count);

/* ------------------------------------------------------------------------------------------ */
/* The decision trace (hitkit explain)                                                         */

/**
 * What a trace record decided, as hk_trace_record.kind (hk_app_set_trace_callback). The text
 * trace names each kind by hk_trace_record.kind_name.
 */
typedef int32_t hk_trace_kind;
enum {
    /* Hit testing (Behaviour A2). */
    HK_TRACE_HIT_TEST = 0,          /* "hit-test": a hit test began at a screen point */
    HK_TRACE_WINDOW = 1,            /* "window": a window was tried, with its level */
    HK_TRACE_SKIPPED = 2,           /* "skipped": hidden, not interactive, transparent, no inverse */
    HK_TRACE_OUTSIDE = 3,           /* "outside": the point was outside the view's hit area */
    HK_TRACE_OVERRIDE = 4,          /* "override": an overridden pointInside/hitTest answered */
    HK_TRACE_PASS_THROUGH = 5,      /* "pass-through" */
    HK_TRACE_REDIRECT = 6,          /* "redirect": the superview is the answer */
    HK_TRACE_HIT = 7,               /* "hit": the hit test's answer (or none) */
    /* A touch's recognizers (Behaviour A3, A8). */
    HK_TRACE_COLLECTED = 8,         /* "collected": in priority order */
    HK_TRACE_FILTERED = 9,          /* "filtered": left out, and why */
    /* Recognizer states (Behaviour A4). */
    HK_TRACE_STATE = 10,            /* "state": a state change with its cause */
    HK_TRACE_WAITING = 11,          /* "waiting": waits for another to fail */
    /* Delivery (Behaviour A3, A4, A5, A6, A8). */
    HK_TRACE_WITHHELD = 12,         /* "withheld": a began or end held back from the view */
    HK_TRACE_RELEASED = 13,         /* "released" */
    HK_TRACE_CANCELLED_IN_VIEW = 14, /* "cancelled-in-view": by a recognizer's cancelsTouchesInView */
    HK_TRACE_TRACKING_BEGAN = 15,   /* "tracking-began": a control began tracking, or did not */
    HK_TRACE_TRACKING_ENDED = 16,   /* "tracking-ended" */
    HK_TRACE_CONTROL_PREVENTED = 17, /* "control-prevented": a control kept a recognizer from beginning */
    HK_TRACE_POINTER = 18,          /* "pointer": hover or press routed */
    HK_TRACE_SCROLL = 19,           /* "scroll": a scroll routed */
    HK_TRACE_SCROLL_STOPPED = 20,   /* "scroll-stopped": a touch stopped a moving scroll view */
    /* zooming (Behaviour A6.2) and a drag's velocity (A4); 2.3 */
    HK_TRACE_ZOOM_BEGAN = 21,       /* "zoom-began": a pinch began zooming (scale, anchor, reference) */
    HK_TRACE_ZOOM_LIMITED = 22,     /* "zoom-limited": a pinch's scale past a limit, stretched or clamped */
    HK_TRACE_ZOOM_ENDED = 23,       /* "zoom-ended": inside the limits, bouncing back, waiting for a drag */
    HK_TRACE_ZOOM_STOPPED = 24,     /* "zoom-stopped": a zoom animation stopped by input */
    HK_TRACE_PAN_VELOCITY = 25,     /* "pan-velocity": a drag's velocity at its end, pauses included */
    /* The keyboard (Behaviour A10): hk_app_trace_key gives the record's key; 2.4 */
    HK_TRACE_KEY_TARGET = 26,       /* "key-target": where a key's press goes first and why, or what took it before the chain */
    HK_TRACE_PRESS_ROUTE = 27,      /* "press-route": the responders its began reached, who kept it */
    HK_TRACE_KEY_COMMAND_SKIPPED = 28, /* "key-command-skipped": disabled, no target, or a nearer one acted */
    HK_TRACE_KEY_COMMAND = 29,      /* "key-command": a key command acted, and who performed it */
    HK_TRACE_KEY_REPEAT = 30,       /* "key-repeat": a repeat did something again */
    HK_TRACE_PRESS_CANCELLED = 31,  /* "press-cancelled": HitKit cancelled a press, and why */
    HK_TRACE_FOCUS_CANDIDATES = 32, /* "focus-candidates": Tab's groups or an arrow's cone */
    HK_TRACE_FOCUS = 33,            /* "focus": focus moved, or was lost */
    HK_TRACE_FOCUS_NOT_MOVED = 34,  /* "focus-not-moved": a focus key that moved nothing, and why */
    HK_TRACE_ACTIVATED = 35,        /* "activated": Return or Space activated the focused control */
    HK_TRACE_KEY_UNHANDLED = 36,    /* "key-unhandled": no stage took a key down, and why */
    /* context menus, drag and drop (Behaviour A11); 2.5 */
    HK_TRACE_MENU_ASKED = 37,       /* "menu-asked": a context menu's configuration was asked */
    HK_TRACE_MENU_SHOWN = 38,       /* "menu-shown": a context menu shown or dismissed */
    HK_TRACE_LIFT = 39,             /* "lift": a drag lifted, or waits */
    HK_TRACE_SESSION = 40,          /* "session": a drag session began or ended */
    HK_TRACE_DROP_TARGET = 41       /* "drop-target": a targeting pass, and why views are not targets */
};

/** One number a decision turned on: "moved" 12.3, "allowableMovement" 10. */
typedef struct {
    const char *name;
    double value;
} hk_trace_cause;

/**
 * One decision, given to hk_trace_callback. Its strings and causes belong to HitKit and are
 * valid during the call only. An object the record does not involve has a NULL name (and
 * hk_no_view(), or 0 for a recognizer).
 */
typedef struct {
    hk_trace_kind kind;
    const char *kind_name;          /* "hit-test", "state"...: static storage */
    double timestamp;               /* the app's time */
    int32_t has_touch;              /* 1 when `touch_id` names a touch (or the pointer) */
    int64_t touch_id;
    hk_view view;                   /* the view concerned: visited, the touch's, routed to */
    const char *view_name;
    int32_t recognizer;             /* the trace's number for it, from 1 (its name ends "#N") */
    const char *recognizer_name;
    int32_t other_recognizer;       /* the one that excluded, was waited for, withheld or cancelled */
    const char *other_recognizer_name;
    hk_view control;
    const char *control_name;
    const hk_trace_cause *causes;   /* in the order the message uses them */
    int32_t cause_count;
    const char *message;            /* the decision in words */
    const char *text;               /* the whole line, as HITKIT_TRACE=1 prints it */
} hk_trace_record;

typedef void (*hk_trace_callback)(const hk_trace_record *record, void *user_data);
/** During a trace callback, the HID usage of the record's key (the keyboard's records,
 *  Behaviour A10); HK_ERR_NOT_FOUND for a record about no key or outside a trace callback. */
hk_status hk_app_trace_key(const hk_app *app, int32_t *out);

/**
 * Calls `callback` with every decision the app's delivery makes from now on (hit tests, the
 * recognizers a touch collects, state changes with their causes, touches withheld, released or
 * cancelled, control tracking, pointer and scroll routing), replacing any previous callback;
 * NULL clears it. With no callback the trace costs one check per decision.
 *
 * Setting HITKIT_TRACE=1 in the environment makes every app write the same records as text to
 * standard error, one line each, without a callback.
 *
 * To explain a touch's or a scroll's hit test, the trace walks the views again and asks each
 * hit-test and point-inside callback on its way once more (hk_view_set_hit_test_callback): the
 * records give the callbacks' own answers, and the answer recorded is the one delivered.
 */
hk_status hk_app_set_trace_callback(hk_app *app, hk_trace_callback callback, void *user_data, hk_destroy_notify destroy);

#ifdef __cplusplus
}
#endif

#endif /* HITKIT_H */

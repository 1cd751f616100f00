//! A Rust toolkit's use of libhitkit: views, a tap, a pan and a button driven by touch frames,
//! hit tests, refused calls, and Rust closures as callbacks. Every status is checked; the output
//! is compared with expected.txt by run.sh.
use std::ffi::{c_char, c_void, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};

// ---- Declarations, by hand from include/hitkit.h ------------------------------------------
// The header's functions that take an hk_view, hk_point or hk_rect by value are `static inline`
// wrappers, which Rust cannot call: we bind the exported hk__ entry points behind them, which
// take each struct as scalars (Docs/CAPI.md, "Structs by value and the hk__ entry points").
#[repr(C)]
struct App([u8; 0]);
#[repr(C)]
struct Store([u8; 0]);
type Status = i32; // hk_status; the enums of the header are int32_t typedefs too
type Gesture = i32;
const OK: Status = 0;
const ERR_INVALID_ARGUMENT: Status = 1; const ERR_STALE_HANDLE: Status = 2; const ERR_BUSY: Status = 10;
const ERR_BAD_INPUT: Status = 11; const ERR_WRONG_THREAD: Status = 15;

#[repr(C)]
#[derive(Clone, Copy, PartialEq, Debug)]
struct View { index: i32, generation: u32 }
const NO_VIEW: View = View { index: -1, generation: 0 }; // hk_no_view() is inline
#[repr(C)]
#[derive(Clone, Copy)]
struct Point { x: f64, y: f64 }
#[repr(C)]
struct TouchInput { id: i64, phase: i32, has_location: i32, x: f64, y: f64 }
#[repr(C)]
struct GestureEvent {
    gesture: Gesture, kind: i32, state: i32, number_of_touches: i32, view: View,
    timestamp: f64, location: Point, translation: Point, velocity: Point, scale: f64, rotation: f64,
}
#[repr(C)]
struct ActionEvent { control: View, kind: i32, event: u32, event_name: *const c_char, value: f64, timestamp: f64 }
#[repr(C)]
#[derive(Default)]
struct Rejection { touch_id: i64, has_touch_id: i32, reason: i32 }
/// hk_input_frame, every kind of input of one frame; this client sends fingers only, so the
/// parts it does not use are untyped pointers, left null.
#[repr(C)]
struct InputFrame {
    timestamp: f64, touches: *const TouchInput, touch_count: usize, high_rate: *const c_void,
    pointer: *const c_void, scroll: *const c_void, keys: *const c_void, key_count: usize, touchpad: *const c_void,
}
// The sizes the C compiler gives (x86_64 and aarch64 Linux): a field added to the header fails here.
const _: () = assert!(std::mem::size_of::<TouchInput>() == 32 && std::mem::size_of::<GestureEvent>() == 96);
const _: () = assert!(std::mem::size_of::<ActionEvent>() == 40 && std::mem::size_of::<Rejection>() == 16);
const _: () = assert!(std::mem::size_of::<InputFrame>() == 72);

const PHASE_BEGAN: i32 = 0; const PHASE_MOVED: i32 = 1; const PHASE_ENDED: i32 = 3;
const STATE_BEGAN: i32 = 1; const STATE_CHANGED: i32 = 2; const STATE_ENDED: i32 = 3;
const CONTROL_BUTTON: i32 = 0;
const EVENT_TOUCH_DOWN: u32 = 1 << 0; const EVENT_TOUCH_UP_INSIDE: u32 = 1 << 6;

type GestureCallback = extern "C" fn(*const GestureEvent, *mut c_void);
type ActionCallback = extern "C" fn(*const ActionEvent, *mut c_void);
type DestroyNotify = extern "C" fn(*mut c_void);

extern "C" {
    fn hk_version() -> i32;
    fn hk_last_error_message() -> *const c_char;
    fn hk_status_name(status: Status) -> *const c_char;
    fn hk_app_create() -> *mut App;
    fn hk_app_destroy(app: *mut App) -> Status;
    fn hk_app_store(app: *mut App) -> *mut Store;
    fn hk__app_window_create(app: *mut App, x: f64, y: f64, w: f64, h: f64, level: f64, out: *mut View) -> Status;
    fn hk__app_view_create(app: *mut App, x: f64, y: f64, w: f64, h: f64, out: *mut View) -> Status;
    fn hk__control_create(app: *mut App, kind: i32, x: f64, y: f64, w: f64, h: f64, out: *mut View) -> Status;
    fn hk__app_view_add_subview(app: *mut App, ci: i32, cg: u32, pi: i32, pg: u32) -> Status;
    fn hk__app_view_destroy(app: *mut App, vi: i32, vg: u32) -> Status;
    fn hk__tap_create(app: *mut App, vi: i32, vg: u32, taps: i32, touches: i32, out: *mut Gesture) -> Status;
    fn hk__pan_create(app: *mut App, vi: i32, vg: u32, min: i32, max: i32, out: *mut Gesture) -> Status;
    fn hk_gesture_destroy(app: *mut App, gesture: Gesture) -> Status;
    fn hk_gesture_set_callback(app: *mut App, gesture: Gesture, cb: Option<GestureCallback>, user_data: *mut c_void,
                               destroy: Option<DestroyNotify>) -> Status;
    fn hk__control_set_action_callback(app: *mut App, vi: i32, vg: u32, events: u32, cb: Option<ActionCallback>,
                                       user_data: *mut c_void, destroy: Option<DestroyNotify>) -> Status;
    fn hk__app_send_input_frame(app: *mut App, frame: *const InputFrame, frame_size: usize, key_outcomes: *mut u8) -> Status;
    fn hk_app_rejection(app: *const App, index: usize, out: *mut Rejection) -> Status;
    fn hk__hit_test_screen(store: *const Store, x: f64, y: f64, out: *mut View) -> Status;
    fn hk__app_hit_test(app: *mut App, x: f64, y: f64, out: *mut View) -> Status;
    fn hk_app_next_deadline(app: *const App, out: *mut f64) -> Status;
}

// ---- Statuses -------------------------------------------------------------------------------
fn text(p: *const c_char) -> String {
    if p.is_null() { return "(null)".into(); }
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}

/// A call that must succeed: anything else ends the program with the library's message.
fn must(what: &str, status: Status) {
    if status != OK {
        eprintln!("{what}: {} ({})", text(unsafe { hk_status_name(status) }), text(unsafe { hk_last_error_message() }));
        std::process::exit(1);
    }
}

/// A call that must be refused with `expected`: prints the status and this thread's message
/// (copied at once: the next failing call on the thread replaces it); anything else ends the program.
fn refused(what: &str, status: Status, expected: Status) {
    let message = if status == OK { String::new() } else { format!(" ({})", text(unsafe { hk_last_error_message() })) };
    println!("{what}: {}{message}", text(unsafe { hk_status_name(status) }));
    if status != expected {
        eprintln!("{what}: expected {}", text(unsafe { hk_status_name(expected) }));
        std::process::exit(1);
    }
}

// ---- Rust closures as C callbacks -----------------------------------------------------------
// A closure is boxed and its pointer given as user_data; the destroy notify, which HitKit calls
// exactly once when it lets go, drops the box. LIVE counts the boxes HitKit holds. No `Send`
// bound: callbacks and destroy notifies run on the app's thread (Docs/CAPI.md, "Threading").
static LIVE: AtomicUsize = AtomicUsize::new(0);

extern "C" fn drop_box<F>(user_data: *mut c_void) {
    // Dropping runs the closure's captures' destructors: they must not unwind into C either.
    let _ = catch_unwind(AssertUnwindSafe(|| drop(unsafe { Box::from_raw(user_data.cast::<F>()) })));
    LIVE.fetch_sub(1, SeqCst);
}

/// Gives HitKit a boxed closure through `set`; a refused call takes nothing, so the box comes back.
fn hand_over<F>(f: F, set: impl FnOnce(*mut c_void, DestroyNotify) -> Status) -> Status {
    let user_data = Box::into_raw(Box::new(f)).cast::<c_void>();
    LIVE.fetch_add(1, SeqCst);
    let status = set(user_data, drop_box::<F>);
    if status != OK { drop_box::<F>(user_data); }
    status
}

/// Runs a closure for C. A panic unwinding out of an `extern "C"` fn aborts the process, and one
/// that reached the library would skip its bookkeeping: catch it here and report it.
fn guarded(f: impl FnOnce()) {
    if let Err(payload) = catch_unwind(AssertUnwindSafe(f)) {
        let why = payload.downcast_ref::<&str>().map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned()).unwrap_or_default();
        println!("  a callback panicked ({why}); caught before it reached C");
    }
}

// `Fn`, not `FnMut`: a callback may run again inside itself (destroying its own view cancels
// the view's touches through its callbacks), and two `&mut` to one closure would be undefined.
extern "C" fn gesture_trampoline<F: Fn(&GestureEvent)>(event: *const GestureEvent, user_data: *mut c_void) {
    let f = unsafe { &*user_data.cast::<F>() };
    guarded(|| f(unsafe { &*event }));
}
extern "C" fn action_trampoline<F: Fn(&ActionEvent)>(event: *const ActionEvent, user_data: *mut c_void) {
    let f = unsafe { &*user_data.cast::<F>() };
    guarded(|| f(unsafe { &*event }));
}

fn on_gesture<F: Fn(&GestureEvent) + 'static>(app: *mut App, g: Gesture, f: F) -> Status {
    hand_over(f, |ud, destroy| unsafe { hk_gesture_set_callback(app, g, Some(gesture_trampoline::<F>), ud, Some(destroy)) })
}
fn on_action<F: Fn(&ActionEvent) + 'static>(app: *mut App, c: View, events: u32, f: F) -> Status {
    hand_over(f, |ud, destroy| unsafe {
        hk__control_set_action_callback(app, c.index, c.generation, events, Some(action_trampoline::<F>), ud, Some(destroy))
    })
}

/// Captured by a closure, says when HitKit let go of it.
struct Named(&'static str);
impl Drop for Named {
    fn drop(&mut self) { println!("  {} closure freed", self.0); }
}

// ---- The toolkit ----------------------------------------------------------------------------
/// One finger's change as a frame. The header's hk_app_send_input_frame is a `static inline`
/// wrapper that passes the struct's size to hk__app_send_input_frame: a binding passes its own
/// layout's size the same way (Docs/CAPI.md, "Structs by value and the hk__ entry points").
fn frame(app: *mut App, time: f64, id: i64, phase: i32, x: f64, y: f64) -> Status {
    let touch = TouchInput { id, phase, has_location: 1, x, y };
    let null = std::ptr::null();
    let frame = InputFrame {
        timestamp: time, touches: &touch, touch_count: 1, high_rate: null,
        pointer: null, scroll: null, keys: null, key_count: 0, touchpad: null,
    };
    unsafe { hk__app_send_input_frame(app, &frame, std::mem::size_of::<InputFrame>(), std::ptr::null_mut()) }
}

fn main() {
    // The default hook prints a backtrace for the panic the button's callback makes on purpose.
    std::panic::set_hook(Box::new(|info| eprintln!("{info}")));
    let (major, minor) = (2, 12); // HK_VERSION_MAJOR, HK_VERSION_MINOR of the header we copied
    let version = unsafe { hk_version() };
    if version / 10000 != major || version < major * 10000 + minor * 100 {
        eprintln!("libhitkit {version} does not match the declarations ({major}.{minor})");
        std::process::exit(1);
    }
    // The minimum, not the loaded version: the expected output stays the same on newer libraries.
    println!("libhitkit {major}.{minor} or newer");

    let app = unsafe { hk_app_create() };
    let store = unsafe { hk_app_store(app) };
    let (mut window, mut card, mut button) = (NO_VIEW, NO_VIEW, NO_VIEW);
    let (mut tap, mut pan) = (0, 0);
    unsafe {
        must("window", hk__app_window_create(app, 0.0, 0.0, 320.0, 480.0, 0.0, &mut window));
        must("card", hk__app_view_create(app, 20.0, 20.0, 200.0, 200.0, &mut card));
        must("button", hk__control_create(app, CONTROL_BUTTON, 20.0, 300.0, 120.0, 44.0, &mut button));
        must("add card", hk__app_view_add_subview(app, card.index, card.generation, window.index, window.generation));
        must("add button", hk__app_view_add_subview(app, button.index, button.generation, window.index, window.generation));
        must("tap", hk__tap_create(app, card.index, card.generation, 1, 1, &mut tap));
        must("pan", hk__pan_create(app, window.index, window.generation, 1, 0, &mut pan));
    }
    let name = move |v: View| match v {
        v if v == window => "window", v if v == card => "card", v if v == button => "button",
        v if v == NO_VIEW => "nothing", _ => "another view",
    };

    // The tap also tries to send a frame from inside its callback: re-entry is refused.
    let named = Named("tap");
    must("tap callback", on_gesture(app, tap, move |e| {
        let _ = &named;
        if e.state == STATE_ENDED {
            println!("tap recognized at t={:.1}, ({}, {}) in the {}", e.timestamp, e.location.x, e.location.y, name(e.view));
            refused("  a frame sent from the callback", frame(app, 9.0, 99, PHASE_BEGAN, 1.0, 1.0), ERR_BUSY);
        }
    }));
    let named = Named("pan");
    must("pan callback", on_gesture(app, pan, move |e| {
        let _ = &named;
        let state = match e.state { STATE_BEGAN => "began", STATE_CHANGED => "changed", STATE_ENDED => "ended", _ => "failed" };
        println!("pan {state} at t={:.1}, translation ({}, {})", e.timestamp, e.translation.x, e.translation.y);
    }));
    // The button's second press panics: the panic is caught and the app goes on.
    let presses = std::cell::Cell::new(0);
    let named = Named("button");
    must("button callback", on_action(app, button, EVENT_TOUCH_DOWN | EVENT_TOUCH_UP_INSIDE, move |e| {
        let _ = &named;
        println!("button: {} at t={:.1}", text(e.event_name), e.timestamp);
        if e.event == EVENT_TOUCH_UP_INSIDE {
            presses.set(presses.get() + 1);
            if presses.get() == 2 { panic!("press {}", presses.get()); }
        }
    }));

    // Hit tests: the engine's on the app's store, and the app's (view overrides honoured).
    for (x, y) in [(50.0, 50.0), (30.0, 310.0), (300.0, 470.0), (500.0, 10.0)] {
        // Not NO_VIEW: a miss must be written as hk_no_view(), not left alone.
        let (mut engine, mut facade) = (View { index: 7, generation: 7 }, View { index: 7, generation: 7 });
        unsafe {
            must("hit test", hk__hit_test_screen(store, x, y, &mut engine));
            must("app hit test", hk__app_hit_test(app, x, y, &mut facade));
        }
        println!("hit test ({x}, {y}): {} / {}", name(engine), name(facade));
    }
    let mut out = NO_VIEW;
    refused("hit test at NaN", unsafe { hk__hit_test_screen(store, f64::NAN, 0.0, &mut out) }, ERR_INVALID_ARGUMENT);

    // A tap on the card, two presses of the button and one more, a pan on the window.
    let mut t = 0.0;
    let mut step = |id, phase, x, y| { t += 0.1; must("frame", frame(app, t, id, phase, x, y)); };
    step(1, PHASE_BEGAN, 100.0, 100.0);
    step(1, PHASE_ENDED, 100.0, 100.0);
    for id in [2, 3, 4] {
        step(id, PHASE_BEGAN, 50.0, 320.0);
        step(id, PHASE_ENDED, 50.0, 320.0);
    }
    step(5, PHASE_BEGAN, 250.0, 400.0);
    step(5, PHASE_MOVED, 250.0, 350.0);
    step(5, PHASE_MOVED, 250.0, 300.0);
    step(5, PHASE_ENDED, 250.0, 300.0);
    let mut deadline = 0.0;
    must("deadline", unsafe { hk_app_next_deadline(app, &mut deadline) });
    println!("next deadline: {deadline}");

    // Bad input is reported, not fatal: a finger that never began.
    refused("a frame moving finger 6", frame(app, 5.0, 6, PHASE_MOVED, 10.0, 10.0), ERR_BAD_INPUT);
    let mut r = Rejection::default();
    must("rejection", unsafe { hk_app_rejection(app, 0, &mut r) });
    println!("  rejected touch {}, reason {}", r.touch_id, r.reason);

    // The app belongs to this thread: another thread is refused, and reads its own message.
    let token = app as usize; // a raw pointer is not Send; the handle is only a token anyway
    std::thread::spawn(move || {
        refused("a frame from another thread", frame(token as *mut App, 6.0, 7, PHASE_BEGAN, 1.0, 1.0), ERR_WRONG_THREAD)
    })
    .join()
    .unwrap();

    // A destroyed view's handle stays stale; its recognizer outlives it until destroyed.
    must("destroy card", unsafe { hk__app_view_destroy(app, card.index, card.generation) });
    unsafe { must("hit test", hk__hit_test_screen(store, 50.0, 50.0, &mut out)) };
    println!("after the card's destruction, (50, 50) hits the {}", name(out));
    refused("adding the destroyed card", unsafe {
        hk__app_view_add_subview(app, card.index, card.generation, window.index, window.generation)
    }, ERR_STALE_HANDLE);
    refused("destroying it again", unsafe { hk__app_view_destroy(app, card.index, card.generation) }, ERR_STALE_HANDLE);
    // Refused, so HitKit took nothing: hand_over dropped the closure itself (LIVE stays 3).
    refused("a callback for a destroyed view", on_action(app, card, EVENT_TOUCH_DOWN, |_| {}), ERR_STALE_HANDLE);
    println!("closures held by HitKit: {}", LIVE.load(SeqCst));
    println!("destroying the tap:");
    must("destroy tap", unsafe { hk_gesture_destroy(app, tap) });

    println!("destroying the app:");
    must("destroy app", unsafe { hk_app_destroy(app) });
    println!("closures held by HitKit: {}", LIVE.load(SeqCst));
    if LIVE.load(SeqCst) != 0 { std::process::exit(1); } // a destroy notify was not called
    refused("a frame to the destroyed app", frame(app, 7.0, 8, PHASE_BEGAN, 1.0, 1.0), ERR_STALE_HANDLE);
    refused("destroying it again", unsafe { hk_app_destroy(app) }, ERR_STALE_HANDLE);
}

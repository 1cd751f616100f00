// The C values of include/hitkit.h, built from the header's own declarations (imported through
// the CHitKit module map): the compiler lays out every struct C reads or writes, so no byte
// offset is written by hand here. C hands the @_cdecl functions raw pointers (their Swift
// signatures stay raw so the header's opaque types need no mirror); each is bound to its C type
// in the one place it is read or written, below.

import CHitKit
import HitKit
import HitTestCore

extension hk_point {
    init(_ point: Point) { self.init(x: point.x, y: point.y) }
    var point: Point { Point(x: x, y: y) }
}

extension hk_rect {
    init(_ rect: Rect) {
        self.init(x: rect.origin.x, y: rect.origin.y, width: rect.size.width, height: rect.size.height)
    }
}

extension hk_size {
    init(_ size: Size) { self.init(width: size.width, height: size.height) }
}

extension hk_insets {
    init(_ insets: EdgeInsets) { self.init(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right) }
}

extension hk_transform {
    init(_ t: AffineTransform) { self.init(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty) }
    var transform: AffineTransform { AffineTransform(a: a, b: b, c: c, d: d, tx: tx, ty: ty) }
}

/// Writes a C value where C's out-pointer (declared `T *` in the header) points. (View handles
/// go through their owner's `write`, which encodes them: ViewHandles.swift.)
func writeC<T>(_ value: T, to out: UnsafeMutableRawPointer) {
    out.bindMemory(to: T.self, capacity: 1).pointee = value
}

/// Reads the C value a `const T *` argument points at.
func read<T>(_ type: T.Type, from pointer: UnsafeRawPointer) -> T {
    pointer.load(as: T.self)
}

/// Passes `value` to C by address for the length of `body` (callback events).
func withCValue<T, R>(_ value: T, _ body: (UnsafeRawPointer) -> R) -> R {
    withUnsafePointer(to: value) { body(UnsafeRawPointer($0)) }
}

/// The hk_touch_event of `touch` as `view` of `app` receives it.
func touchEvent(_ touch: Touch, phase: Touch.Phase, view: View, of app: some ViewHandleOwner) -> hk_touch_event {
    let inWindow = touch.location(in: nil)
    let screen = touch.window?.convertToScreen(inWindow) ?? inWindow
    return hk_touch_event(view: app.handle(view.id), phase: phaseCode(phase), tap_count: Int32(clamping: touch.tapCount),
                          touch_id: Int64(touch.id), timestamp: touch.timestamp,
                          location: hk_point(touch.location(in: view)), screen_location: hk_point(screen))
}

/// The `count` C values of type `T` at `pointer` (declared `const T *` in the header), read in
/// place: none when `count` is 0, else INVALID_ARGUMENT for a NULL pointer. Valid during the call.
/// Callers check `count` against its limit first (Limits.swift).
func cBuffer<T>(_ pointer: UnsafeRawPointer?, _ count: UInt, of type: T.Type, _ name: StaticString) throws(CFailure)
    -> UnsafeBufferPointer<T>
{
    guard count > 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
    let base = try required(pointer, name)
    return UnsafeBufferPointer(start: base.bindMemory(to: T.self, capacity: Int(count)), count: Int(count))
}

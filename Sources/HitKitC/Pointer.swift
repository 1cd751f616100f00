// Pointer input for C (Behaviour A8): the pointer's state and scroll input in frames, hover
// recognizers, the touch-type, button-mask and scroll-type filters, and the frame's buttons and
// modifier keys for touch and action callbacks. Declared in the "Pointer input" section of
// hitkit.h.

import CHitKit
import HitKit
import HitTestCore

/// `HK_MOD_` bits are ``KeyModifierFlags``' (UIKit's) shifted down: HK_MOD_ALPHA_SHIFT (1) is
/// `alphaShift` (1 << 16), then shift, control, alternate, command and HK_MOD_NUMERIC_PAD (32),
/// `numericPad` (1 << 21). Constants, not a table, so reading them costs a frame no lazy set-up.
private let modifierShift = 16
private let allModifierBits = UInt32(HK_MOD_ALPHA_SHIFT | HK_MOD_SHIFT | HK_MOD_CONTROL | HK_MOD_ALTERNATE
                                     | HK_MOD_COMMAND | HK_MOD_NUMERIC_PAD)

func modifierFlags(_ bits: UInt32) throws(CFailure) -> KeyModifierFlags {
    guard bits & ~allModifierBits == 0 else { throw CFailure(.invalidArgument, "modifiers must be HK_MOD_ bits (got \(bits))") }
    return KeyModifierFlags(rawValue: Int(bits) << modifierShift)
}

/// The flags of `bits` that ``modifierFlags(_:)`` accepted.
func checkedModifierFlags(_ bits: UInt32) -> KeyModifierFlags {
    KeyModifierFlags(rawValue: Int(bits & allModifierBits) << modifierShift)
}

/// The `HK_MOD_` bits of `flags`.
func modifierBits(of flags: KeyModifierFlags) -> UInt32 {
    UInt32(truncatingIfNeeded: flags.rawValue >> modifierShift) & allModifierBits
}

/// The `HK_TOUCH_TYPE_` bits.
private let directBit = Int32(HK_TOUCH_TYPE_DIRECT), pointerBit = Int32(HK_TOUCH_TYPE_INDIRECT_POINTER)

/// C's hk_pointer_input, its modifiers checked (a pointer that left has none).
func pointerInput(_ pointer: UnsafeRawPointer) throws(CFailure) -> (hk_pointer_input, KeyModifierFlags) {
    let input = pointer.load(as: hk_pointer_input.self)
    return (input, input.has_left != 0 ? [] : try modifierFlags(input.modifiers))
}

extension FrameScratch.Frame {
    /// Sets the frame's pointer to C's in place. ``FrameScratch/reset(timestamp:delivering:)``
    /// parks the last pointer frame's value in ``sparePointer``; one of the two is always nil, so
    /// swapping them moves it back without a retain or release, and its button numbers are
    /// replaced only when the buttons change: a stream of pointer frames allocates nothing here.
    mutating func setPointer(_ c: hk_pointer_input, modifierFlags: KeyModifierFlags) {
        // Pattern matches, not `== nil`, which copies the value (and retains its array) to compare.
        if case .none = input.pointer { swap(&input.pointer, &sparePointer) }
        if case .none = input.pointer { input.pointer = .left(id: 0) }
        input.pointer!.set(c, modifierFlags: modifierFlags)
    }
}

extension PointerInput {
    fileprivate mutating func set(_ c: hk_pointer_input, modifierFlags: KeyModifierFlags) {
        let left = c.has_left != 0
        id = Int(c.id)
        hasLeft = left
        location = left ? .zero : Point(c.x, c.y)
        self.modifierFlags = modifierFlags
        let buttons = left ? 0 : c.buttons
        if buttonMask.rawValue != buttons { buttonNumbers = Event.ButtonMask(rawValue: buttons).buttonNumbers }
    }
}

/// Reads C's hk_scroll_input.
func scrollInput(_ pointer: UnsafeRawPointer) throws(CFailure) -> ScrollInput {
    let input = pointer.load(as: hk_scroll_input.self)
    let type = input.type, phase = input.phase
    let kind: ScrollInput.Kind
    switch (Int(type), Int(phase)) {
    case (HK_SCROLL_DISCRETE, _): kind = .discrete
    case (HK_SCROLL_CONTINUOUS, HK_SCROLL_PHASE_BEGAN): kind = .continuous(.began)
    case (HK_SCROLL_CONTINUOUS, HK_SCROLL_PHASE_CHANGED): kind = .continuous(.changed)
    case (HK_SCROLL_CONTINUOUS, HK_SCROLL_PHASE_ENDED): kind = .continuous(.ended)
    default: throw CFailure(.invalidArgument, "scroll type must be HK_SCROLL_DISCRETE or HK_SCROLL_CONTINUOUS with an HK_SCROLL_PHASE_ (got \(type), \(phase))")
    }
    return ScrollInput(location: Point(input.x, input.y), delta: Point(input.dx, input.dy), kind: kind)
}

@_cdecl("hk_app_send_pointer_frame")
public func hk_app_send_pointer_frame(_ app: UnsafeMutableRawPointer?, _ timestamp: Double, _ touches: UnsafeRawPointer?,
                                      _ count: UInt, _ pointer: UnsafeRawPointer?, _ scroll: UnsafeRawPointer?) -> Int32 {
    frameCall(app) { box throws(CFailure) in
        let items = try touchInputs(touches, count)
        let pointer = try pointer.map { pointer throws(CFailure) in try pointerInput(pointer) }
        let scroll = try scroll.map { scroll throws(CFailure) in try scrollInput(scroll) }
        try box.deliverFrame(at: timestamp) { frame in
            frame.setTouches(items)
            if let (input, flags) = pointer { frame.setPointer(input, modifierFlags: flags) }
            frame.input.scroll = scroll
        }
    }
}

@_cdecl("hk__hover_create")
public func hk__hover_create(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    attach(app, vi, vg, out) { () throws(CFailure) in HoverGestureRecognizer() }
}

@_cdecl("hk_gesture_set_allowed_touch_types")
public func hk_gesture_set_allowed_touch_types(_ app: UnsafeMutableRawPointer?, _ handle: Int32, _ mask: Int32) -> Int32 {
    guarded { () throws(CFailure) in
        let entry = try appBox(app).gesture(handle)
        guard mask & ~(directBit | pointerBit) == 0 else {
            throw CFailure(.invalidArgument, "touch types must be HK_TOUCH_TYPE_ bits (got \(mask))")
        }
        var types: Set<Touch.TouchType> = []
        if mask & directBit != 0 { types.insert(.direct) }
        if mask & pointerBit != 0 { types.insert(.indirectPointer) }
        entry.recognizer.allowedTouchTypes = types
    }
}

@_cdecl("hk_tap_set_button_mask_required")
public func hk_tap_set_button_mask_required(_ app: UnsafeMutableRawPointer?, _ handle: Int32, _ mask: UInt32) -> Int32 {
    guarded { () throws(CFailure) in
        guard let tap = try appBox(app).gesture(handle).recognizer as? TapGestureRecognizer else {
            throw CFailure(.invalidArgument, "gesture \(handle) is not a tap")
        }
        guard mask != 0 else { throw CFailure(.invalidArgument, "the button mask must name at least one button") }
        tap.buttonMaskRequired = Event.ButtonMask(rawValue: mask)
    }
}

@_cdecl("hk_pan_set_allowed_scroll_types")
public func hk_pan_set_allowed_scroll_types(_ app: UnsafeMutableRawPointer?, _ handle: Int32, _ mask: Int32) -> Int32 {
    guarded { () throws(CFailure) in
        guard let pan = try appBox(app).gesture(handle).recognizer as? PanGestureRecognizer else {
            throw CFailure(.invalidArgument, "gesture \(handle) is not a pan")
        }
        let allTypes = Int32(HK_SCROLL_TYPE_DISCRETE | HK_SCROLL_TYPE_CONTINUOUS)
        guard mask & ~allTypes == 0 else { throw CFailure(.invalidArgument, "scroll types must be HK_SCROLL_TYPE_ bits (got \(mask))") }
        pan.allowedScrollTypesMask = ScrollTypeMask(rawValue: Int(mask))
    }
}

@_cdecl("hk_app_button_mask")
public func hk_app_button_mask(_ app: UnsafeRawPointer?) -> UInt32 {
    var mask: UInt32 = 0
    _ = appRead(app) { box in mask = box.application.pointerButtonMask.rawValue }
    return mask
}

@_cdecl("hk_app_modifier_flags")
public func hk_app_modifier_flags(_ app: UnsafeRawPointer?) -> UInt32 {
    var bits: UInt32 = 0
    _ = appRead(app) { box in bits = modifierBits(of: box.application.pointerModifierFlags) }
    return bits
}

@_cdecl("hk_app_touch_type")
public func hk_app_touch_type(_ app: UnsafeRawPointer?, _ touchID: Int64, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    appRead(app) { box throws(CFailure) in
        let out = try required(out)
        guard let touch = box.application.activeTouches.first(where: { $0.id == Int(touchID) }) else {
            throw CFailure(.notFound, "no touch \(touchID) is down")
        }
        // The header's hk_touch_type: what hk_gesture_set_allowed_touch_types takes.
        out.pointee = touch.type == .direct ? directBit : pointerBit
    }
}

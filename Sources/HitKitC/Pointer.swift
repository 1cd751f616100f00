// Pointer input for C (Behaviour A8): the pointer's state and scroll input in frames, hover
// recognizers, the touch-type, button-mask and scroll-type filters, and the frame's buttons and
// modifier keys for touch and action callbacks. Declared in the "Pointer input" section of
// hitkit.h.

import CHitKit
import HitKit
import HitTestCore

/// `HK_MOD_` bits, in order, and the flags they stand for.
private let modifierBits: [(UInt32, KeyModifierFlags)] = [
    (UInt32(HK_MOD_ALPHA_SHIFT), .alphaShift), (UInt32(HK_MOD_SHIFT), .shift), (UInt32(HK_MOD_CONTROL), .control),
    (UInt32(HK_MOD_ALTERNATE), .alternate), (UInt32(HK_MOD_COMMAND), .command), (UInt32(HK_MOD_NUMERIC_PAD), .numericPad),
]
private let allModifierBits = modifierBits.reduce(0) { $0 | $1.0 }

func modifierFlags(_ bits: UInt32) throws(CFailure) -> KeyModifierFlags {
    guard bits & ~allModifierBits == 0 else { throw CFailure(.invalidArgument, "modifiers must be HK_MOD_ bits (got \(bits))") }
    return modifierBits.reduce(into: []) { flags, pair in if bits & pair.0 != 0 { flags.insert(pair.1) } }
}

/// The `HK_MOD_` bits of `flags`.
func modifierBits(of flags: KeyModifierFlags) -> UInt32 {
    modifierBits.reduce(0) { bits, pair in flags.contains(pair.1) ? bits | pair.0 : bits }
}

/// The `HK_TOUCH_TYPE_` bits.
private let directBit = Int32(HK_TOUCH_TYPE_DIRECT), pointerBit = Int32(HK_TOUCH_TYPE_INDIRECT_POINTER)

/// Reads C's hk_pointer_input.
private func pointerInput(_ pointer: UnsafeRawPointer) throws(CFailure) -> PointerInput {
    let input = pointer.load(as: hk_pointer_input.self)
    let id = Int(input.id)
    if input.has_left != 0 { return .left(id: id) }
    return PointerInput(id: id, location: Point(input.x, input.y), buttons: Event.ButtonMask(rawValue: input.buttons),
                        modifierFlags: try modifierFlags(input.modifiers))
}

/// Reads C's hk_scroll_input.
private func scrollInput(_ pointer: UnsafeRawPointer) throws(CFailure) -> ScrollInput {
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
            frame.input.pointer = pointer
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
    _ = guarded { () throws(CFailure) in mask = try appBox(app).application.pointerButtonMask.rawValue }
    return mask
}

@_cdecl("hk_app_modifier_flags")
public func hk_app_modifier_flags(_ app: UnsafeRawPointer?) -> UInt32 {
    var bits: UInt32 = 0
    _ = guarded { () throws(CFailure) in
        let flags = try appBox(app).application.pointerModifierFlags
        for (bit, flag) in modifierBits where flags.contains(flag) { bits |= bit }
    }
    return bits
}

@_cdecl("hk_app_touch_type")
public func hk_app_touch_type(_ app: UnsafeRawPointer?, _ touchID: Int64, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), out = try required(out)
        guard let touch = box.application.activeTouches.first(where: { $0.id == Int(touchID) }) else {
            throw CFailure(.notFound, "no touch \(touchID) is down")
        }
        // The header's hk_touch_type: what hk_gesture_set_allowed_touch_types takes.
        out.pointee = touch.type == .direct ? directBit : pointerBit
    }
}

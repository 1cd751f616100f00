import CX11
import HitKit

/// Turns the X core pointer into HitKit's pointer input (Behaviour A8), as the Pointer input
/// article maps it: every motion, press and release sends the pointer's state (location, the
/// buttons held, the modifier keys); X buttons 4–7 are wheel notches, sent as discrete scrolls.
/// HitKit makes the clicks (a touch of type `indirectPointer` while any button is held) and the
/// hover from that state.
///
/// Each call takes the event's time already on HitKit's clock (``ServerClock``).
struct PointerTranslator {
    /// The pointer's id: one constant for the session (so double clicks count), far from any
    /// finger id, as the article recommends.
    static let pointerID = 1 << 30

    /// Points per wheel notch: about three lines of text.
    static let pointsPerNotch = 40.0

    /// HitKit button numbers held, in the order pressed.
    private var buttonsHeld: [Int] = []

    /// The pointer came into the window (`EnterNotify`).
    mutating func enter(at point: Point, state: UInt32, time: Double) -> InputFrame {
        frame(at: point, state: state, time: time)
    }

    /// The pointer moved (`MotionNotify`): a hover, or a drag while a button is held.
    mutating func move(to point: Point, state: UInt32, time: Double) -> InputFrame {
        frame(at: point, state: state, time: time)
    }

    /// The pointer left the window (`LeaveNotify`). X keeps the pointer grabbed while a button is
    /// held, so a leave then is only the grab's bookkeeping and is not sent (HitKit rejects it).
    mutating func leave(time: Double) -> InputFrame? {
        guard buttonsHeld.isEmpty else { return nil }
        return InputFrame(timestamp: time, pointer: .left(id: Self.pointerID))
    }

    /// `ButtonPress`: a button held, or a wheel notch.
    mutating func press(button: UInt32, at point: Point, state: UInt32, time: Double) -> InputFrame? {
        if let delta = Self.wheelDelta(button) {
            var frame = frame(at: point, state: state, time: time)
            frame.scroll = ScrollInput(location: point, delta: delta, kind: .discrete)
            return frame
        }
        guard let number = Self.hitKitButton(button), !buttonsHeld.contains(number) else { return nil }
        buttonsHeld.append(number)
        return frame(at: point, state: state, time: time)
    }

    /// `ButtonRelease`: a button let go (wheel releases carry nothing).
    mutating func release(button: UInt32, at point: Point, state: UInt32, time: Double) -> InputFrame? {
        guard let number = Self.hitKitButton(button), let index = buttonsHeld.firstIndex(of: number) else { return nil }
        buttonsHeld.remove(at: index)
        return frame(at: point, state: state, time: time)
    }

    /// The modifier keys in an X event's `state`.
    static func modifierFlags(_ state: UInt32) -> KeyModifierFlags {
        let pairs: [(Int32, KeyModifierFlags)] = [
            (ShiftMask, .shift), (LockMask, .alphaShift), (ControlMask, .control),
            (Mod1Mask, .alternate), (Mod4Mask, .command), (Mod2Mask, .numericPad),
        ]
        return pairs.reduce(into: []) { flags, pair in
            if state & UInt32(pair.0) != 0 { flags.insert(pair.1) }
        }
    }

    /// X buttons 1, 2, 3 are primary, middle, secondary (X numbers the middle button 2, HitKit
    /// numbers it 3); 8 and 9 (back, forward) are HitKit's 4 and 5. Wheel buttons are not buttons.
    static func hitKitButton(_ button: UInt32) -> Int? {
        switch button {
        case 1: 1
        case 2: 3
        case 3: 2
        case 8: 4
        case 9: 5
        default: nil
        }
    }

    /// X buttons 4/5 (wheel up/down) and 6/7 (left/right) as the translation a finger dragging the
    /// content would make: a wheel turned towards the user shows later content, a negative y.
    static func wheelDelta(_ button: UInt32) -> Point? {
        switch button {
        case 4: Point(x: 0, y: pointsPerNotch)
        case 5: Point(x: 0, y: -pointsPerNotch)
        case 6: Point(x: pointsPerNotch, y: 0)
        case 7: Point(x: -pointsPerNotch, y: 0)
        default: nil
        }
    }

    private func frame(at point: Point, state: UInt32, time: Double) -> InputFrame {
        let pointer = PointerInput(id: Self.pointerID, location: point, buttonNumbers: buttonsHeld,
                                   modifierFlags: Self.modifierFlags(state))
        return InputFrame(timestamp: time, pointer: pointer)
    }
}

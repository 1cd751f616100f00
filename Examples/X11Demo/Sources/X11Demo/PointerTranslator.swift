import CX11
import HitKit

/// Turns the X core pointer into HitKit's pointer input (Behaviour A8), as the Pointer input
/// article maps it: every motion, press and release sends the pointer's state (location, the
/// buttons held, the modifier keys); X buttons 4–7 are wheel notches, sent as discrete scrolls.
/// HitKit makes the clicks (a touch of type `indirectPointer` while any button is held) and the
/// hover from that state.
///
/// Timestamps are the X server's event times (milliseconds) in seconds since the first pointer
/// event. Between events the main loop needs "now" on the same clock to fire HitKit's timers,
/// so the translator also remembers the local monotonic time at the first event.
struct PointerTranslator {
    /// How far behind the local clock timer ticks stay, so a tick never runs ahead of an event
    /// the server stamped slightly earlier but that arrived later.
    static let tickLag = 0.05

    /// The pointer's id: one constant for the session (so double clicks count), far from any
    /// finger id, as the article recommends.
    static let pointerID = 1 << 30

    /// Points per wheel notch: about three lines of text.
    static let pointsPerNotch = 40.0

    private var firstServerTime: UInt?
    private var firstLocalTime: ContinuousClock.Instant?
    /// HitKit button numbers held, in the order pressed.
    private var buttonsHeld: [Int] = []

    /// The pointer came into the window (`EnterNotify`).
    mutating func enter(at point: Point, state: UInt32, serverTime: UInt) -> InputFrame {
        frame(at: point, state: state, serverTime: serverTime)
    }

    /// The pointer moved (`MotionNotify`): a hover, or a drag while a button is held.
    mutating func move(to point: Point, state: UInt32, serverTime: UInt) -> InputFrame {
        frame(at: point, state: state, serverTime: serverTime)
    }

    /// The pointer left the window (`LeaveNotify`). X keeps the pointer grabbed while a button is
    /// held, so a leave then is only the grab's bookkeeping and is not sent (HitKit rejects it).
    mutating func leave(serverTime: UInt) -> InputFrame? {
        guard buttonsHeld.isEmpty else { return nil }
        return InputFrame(timestamp: timestamp(serverTime), pointer: .left(id: Self.pointerID))
    }

    /// `ButtonPress`: a button held, or a wheel notch.
    mutating func press(button: UInt32, at point: Point, state: UInt32, serverTime: UInt) -> InputFrame? {
        if let delta = Self.wheelDelta(button) {
            var frame = frame(at: point, state: state, serverTime: serverTime)
            frame.scroll = ScrollInput(location: point, delta: delta, kind: .discrete)
            return frame
        }
        guard let number = Self.hitKitButton(button), !buttonsHeld.contains(number) else { return nil }
        buttonsHeld.append(number)
        return frame(at: point, state: state, serverTime: serverTime)
    }

    /// `ButtonRelease`: a button let go (wheel releases carry nothing).
    mutating func release(button: UInt32, at point: Point, state: UInt32, serverTime: UInt) -> InputFrame? {
        guard let number = Self.hitKitButton(button), let index = buttonsHeld.firstIndex(of: number) else { return nil }
        buttonsHeld.remove(at: index)
        return frame(at: point, state: state, serverTime: serverTime)
    }

    /// The time to advance HitKit's clock to when no input comes, or nil before the first event.
    func tickTime(now: ContinuousClock.Instant) -> Double? {
        guard let firstLocalTime else { return nil }
        let elapsed = now - firstLocalTime
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return seconds - Self.tickLag
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

    private mutating func frame(at point: Point, state: UInt32, serverTime: UInt) -> InputFrame {
        let pointer = PointerInput(id: Self.pointerID, location: point, buttonNumbers: buttonsHeld,
                                   modifierFlags: Self.modifierFlags(state))
        return InputFrame(timestamp: timestamp(serverTime), pointer: pointer)
    }

    private mutating func timestamp(_ serverTime: UInt) -> Double {
        guard let first = firstServerTime else {
            firstServerTime = serverTime
            firstLocalTime = .now
            return 0
        }
        // X times are 32-bit milliseconds that wrap about every 49 days.
        return Double(UInt32(truncatingIfNeeded: serverTime &- first)) / 1000
    }
}

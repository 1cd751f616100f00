/// Checks a frame's pointer state and scroll input (Behaviour A8's bad pointer input) against
/// the application's pointer and the fingers down. Pure: it changes nothing.
struct PointerInputValidator {
    let pointer: PointerState
    /// Whether a finger (not the pointer's click) with this id is down before the frame.
    let isFingerDown: (Int) -> Bool

    /// Why `input` must be rejected, if it must. `fingersNamed`: the ids the frame's accepted
    /// touch inputs name.
    func problem(with input: PointerInput, fingersNamed: Set<Int>) -> InputError.PointerProblem? {
        if let present = pointer.id, present != input.id { return .anotherPointerPresent(present) }
        if fingersNamed.contains(input.id) || isFingerDown(input.id) { return .idInUseByFinger }
        if input.hasLeft {
            return pointer.id == input.id && !pointer.buttons.isEmpty ? .leftWithButtonHeld : nil
        }
        if let bad = input.buttonNumbers.first(where: { !Event.ButtonMask.isValidButtonNumber($0) }) {
            return .buttonOutOfRange(bad)
        }
        return input.location.isFinite ? nil : .nonFiniteLocation
    }

    /// Why `scroll` must be rejected, if it must.
    func problem(with scroll: ScrollInput) -> InputError.ScrollProblem? {
        if !scroll.location.isFinite { return .nonFiniteLocation }
        if !scroll.delta.isFinite { return .nonFiniteDelta }
        switch scroll.kind {
        case .discrete: return nil
        case .continuous(.began): return pointer.continuousScrollUnderway ? .alreadyBegan : nil
        case .continuous(.changed), .continuous(.ended): return pointer.continuousScrollUnderway ? nil : .notBegan
        }
    }
}

// Why pointer or scroll input was rejected (Behaviour A8). The rest of the frame is delivered.

extension InputError {
    /// What was wrong with a frame's ``PointerInput``. The rejection names the pointer's id.
    public enum PointerProblem: Hashable, Sendable, CustomStringConvertible {
        /// A button number outside `1...Event.ButtonMask.maximumButtonNumber`.
        case buttonOutOfRange(Int)
        /// A NaN or infinite location.
        case nonFiniteLocation
        /// The pointer's id is down as a finger, or named as one in the same frame.
        case idInUseByFinger
        /// The pointer left the screen with a button held (a toolkit keeps it grabbed meanwhile).
        case leftWithButtonHeld
        /// Another pointer (with this id) is on the screen: HitKit tracks one pointer at a time.
        case anotherPointerPresent(Int)

        public var description: String {
            switch self {
            case .buttonOutOfRange(let number): "button \(number) is out of range 1...\(Event.ButtonMask.maximumButtonNumber)"
            case .nonFiniteLocation: "the pointer's location is not finite"
            case .idInUseByFinger: "the pointer's id is in use by a finger"
            case .leftWithButtonHeld: "the pointer left the screen with a button held"
            case .anotherPointerPresent(let other): "pointer \(other) is still on the screen"
            }
        }
    }

    /// What was wrong with a frame's ``ScrollInput``.
    public enum ScrollProblem: Hashable, Sendable, CustomStringConvertible {
        /// A NaN or infinite location.
        case nonFiniteLocation
        /// A NaN or infinite delta.
        case nonFiniteDelta
        /// A continuous `changed` or `ended` with no continuous scroll under way.
        case notBegan
        /// A continuous `began` while one is under way.
        case alreadyBegan

        public var description: String {
            switch self {
            case .nonFiniteLocation: "the scroll's location is not finite"
            case .nonFiniteDelta: "the scroll's delta is not finite"
            case .notBegan: "a continuous scroll changed or ended without a began"
            case .alreadyBegan: "a continuous scroll began while one is under way"
            }
        }
    }
}

/// Checks a frame's touchpad gesture (Behaviour A9's bad input) against the gesture under way.
/// Pure: it changes nothing.
struct TouchpadGestureValidator {
    /// The kind of the gesture under way, if one is.
    let underway: TouchpadGestureInput.Kind?

    /// Why `input` must be rejected, if it must. Values are checked before phases, so a bad
    /// `began` is reported for its value and starts nothing.
    func problem(with input: TouchpadGestureInput) -> InputError.TouchpadProblem? {
        if !input.location.isFinite { return .nonFiniteLocation }
        if input.fingers < 1 { return .invalidFingerCount(input.fingers) }
        if input.kind == .pinch {
            if !(input.scale.isFinite && input.scale > 0) { return .invalidScale(input.scale) }
            if !input.rotation.isFinite { return .nonFiniteRotation }
        }
        if input.kind == .hold && input.phase == .changed { return .holdChanged }
        switch (input.phase, underway) {
        case (.began, let kind?): return .alreadyBegan(kind)
        case (.began, nil): return nil
        case (_, nil): return .notBegan
        case (_, let kind?): return kind == input.kind ? nil : .kindChanged(from: kind)
        }
    }
}

// Why touchpad gesture input was rejected (Behaviour A9). The rest of the frame is delivered.

extension InputError {
    /// What was wrong with a frame's ``TouchpadGestureInput``. The rejection names no touch.
    public enum TouchpadProblem: Hashable, Sendable, CustomStringConvertible {
        /// A scale that is 0, negative, NaN or infinite.
        case invalidScale(Double)
        /// A NaN or infinite rotation.
        case nonFiniteRotation
        /// A NaN or infinite location.
        case nonFiniteLocation
        /// Fewer than one finger.
        case invalidFingerCount(Int)
        /// A `changed`, `ended` or `cancelled` with no gesture under way.
        case notBegan
        /// A `began` while a gesture (of this kind) is under way.
        case alreadyBegan(TouchpadGestureInput.Kind)
        /// A step of one kind while a gesture of the other (this one) is under way.
        case kindChanged(from: TouchpadGestureInput.Kind)
        /// A hold's `changed`: a hold has only `began`, `ended` and `cancelled`.
        case holdChanged

        public var description: String {
            switch self {
            case .invalidScale(let scale): "the touchpad gesture's scale \(scale) is not a finite number > 0"
            case .nonFiniteRotation: "the touchpad gesture's rotation is not finite"
            case .nonFiniteLocation: "the touchpad gesture's location is not finite"
            case .invalidFingerCount(let count): "a touchpad gesture with \(count) fingers (at least 1)"
            case .notBegan: "a touchpad gesture changed or ended without a began"
            case .alreadyBegan(let kind): "a touchpad gesture began while a \(kind) is under way"
            case .kindChanged(let kind): "a touchpad gesture changed kind while a \(kind) is under way"
            case .holdChanged: "a touchpad hold has no changed phase"
            }
        }
    }
}

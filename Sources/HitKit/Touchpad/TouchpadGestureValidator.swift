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

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

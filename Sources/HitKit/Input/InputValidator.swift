/// Sorts a frame's touch inputs into those to apply and those to reject (SPEC A3's bad input),
/// against the fingers down before the frame. Pure: it changes nothing.
struct InputValidator {
    /// Whether a finger id is down before the frame.
    let isDown: (Int) -> Bool
    /// The frame's time: no sample may be later (Behaviour A3).
    var frameTime = Double.infinity
    /// The time of a finger's last report before the frame (its touch's timestamp): none of its
    /// samples may be earlier.
    var lastReportTime: (Int) -> Double = { _ in -.infinity }

    func validate(_ inputs: [TouchInput]) -> (accepted: [TouchInput], rejected: [InputError.Rejection]) {
        var accepted: [TouchInput] = []
        var rejected: [InputError.Rejection] = []
        var named = Set<Int>()
        for input in inputs {
            if let reason = problem(with: input, named: named) {
                rejected.append(.init(touchID: input.id, reason: reason))
            } else {
                // Only an accepted input claims its finger for this frame: a rejected one never happened.
                accepted.append(input)
                named.insert(input.id)
            }
        }
        return (accepted, rejected)
    }

    private func problem(with input: TouchInput, named: Set<Int>) -> InputError.Reason? {
        if named.contains(input.id) { return .repeatedInFrame }
        switch input.phase {
        case .began:
            if isDown(input.id) { return .duplicateBegan }
        case .moved, .stationary, .ended, .cancelled:
            if !isDown(input.id) { return .unknownTouch }
        }
        guard let location = input.location else {
            let locationOptional = input.phase == .cancelled || input.phase == .stationary
            guard locationOptional else { return .missingLocation }
            return sampleProblem(with: input).map(InputError.Reason.invalidSample)
        }
        guard location.isFinite else { return .nonFiniteLocation }
        return sampleProblem(with: input).map(InputError.Reason.invalidSample)
    }
}

/// Sorts a frame's touch inputs into those to apply and those to reject (Behaviour A3's bad input),
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
        // The usual frame is all good: hand the inputs back as they are, allocating nothing.
        if inputs.count <= Self.smallFrame && inputs.withUnsafeBufferPointer(isAllAcceptable) {
            return (inputs, [])
        }
        var accepted: [TouchInput] = []
        var rejected: [InputError.Rejection] = []
        var named = Set<Int>()
        for input in inputs {
            if let reason = problem(with: input, named: named.contains(input.id)) {
                rejected.append(.init(touchID: input.id, reason: reason))
            } else {
                // Only an accepted input claims its finger for this frame: a rejected one never happened.
                accepted.append(input)
                named.insert(input.id)
            }
        }
        return (accepted, rejected)
    }

    /// Frames up to this many touches are checked for repeated fingers by a scan, not a set.
    private static let smallFrame = 16

    /// Whether every input is good and names a finger no earlier one named. Read in place
    /// through the buffer: reading the array copied each input (its sample arrays retained).
    private func isAllAcceptable(_ inputs: UnsafeBufferPointer<TouchInput>) -> Bool {
        for index in inputs.indices {
            let id = inputs[index].id
            for earlier in 0..<index where inputs[earlier].id == id { return false }  // repeated in the frame
            if problem(with: inputs[index], named: false) != nil { return false }
        }
        return true
    }

    @inline(__always)  // called once per input: inlined, the input is read in place, not copied
    private func problem(with input: TouchInput, named: Bool) -> InputError.Reason? {
        if named { return .repeatedInFrame }
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

/// Sorts a frame's touch inputs into those to apply and those to reject (Behaviour A3's bad input),
/// against the fingers down before the frame. Pure: it changes nothing.
struct InputValidator {
    /// What is down under an id before the frame.
    struct Report {
        /// When it last reported (its touch's timestamp; none of the input's samples may be earlier).
        var time: Double
        /// Whether it is a finger: a pointer's click shares the id space, but finger input can
        /// neither move nor end it (Behaviour A8).
        var isFinger: Bool
    }

    /// The report of the touch down under an id before the frame, or `nil` when none is. Asked
    /// once for each input.
    let lastReport: (Int) -> Report?
    /// The id of the pointer on the screen before the frame, if one is: a finger cannot begin
    /// under it, whether or not a button is held (Behaviour A8: one id space).
    var pointerOnScreen: Int?
    /// The frame's time: no sample may be later (Behaviour A3).
    var frameTime = Double.infinity

    func validate(_ inputs: [TouchInput]) -> (accepted: [TouchInput], rejected: [InputError.Rejection]) {
        // The usual frame is all good: hand the inputs back as they are, allocating nothing.
        if inputs.count <= Self.smallFrame && inputs.withUnsafeBufferPointer(isAllAcceptable) {
            return (inputs, [])
        }
        var accepted: [TouchInput] = []
        var rejected: [InputError.Rejection] = []
        var named = Set<Int>()
        inputs.withUnsafeBufferPointer { inputs in
            for index in inputs.indices {
                let id = inputs[index].id
                if let reason = problem(with: inputs, at: index, named: named.contains(id)) {
                    rejected.append(.init(touchID: id, reason: reason))
                } else {
                    // Only an accepted input claims its finger for this frame: a rejected one never happened.
                    accepted.append(inputs[index])
                    named.insert(id)
                }
            }
        }
        return (accepted, rejected)
    }

    /// Frames up to this many touches are checked for repeated fingers by a scan, not a set.
    private static let smallFrame = 16

    /// Whether every input is good and names a finger no earlier one named. Read in place
    /// through the buffer: reading the array would copy each input (its sample arrays retained).
    private func isAllAcceptable(_ inputs: UnsafeBufferPointer<TouchInput>) -> Bool {
        for index in inputs.indices {
            let id = inputs[index].id
            for earlier in 0..<index where inputs[earlier].id == id { return false }  // repeated in the frame
            if problem(with: inputs, at: index, named: false) != nil { return false }
        }
        return true
    }

    /// Why the input at `index` cannot be applied, if it cannot. Inlined and read in place
    /// through the buffer: the input is copied only for the check of its high-rate values, and
    /// only when it carries some (most carry none).
    @inline(__always)
    private func problem(with inputs: UnsafeBufferPointer<TouchInput>, at index: Int, named: Bool) -> InputError.Reason? {
        if named { return .repeatedInFrame }
        let id = inputs[index].id, phase = inputs[index].phase
        let lastReport = lastReport(id)
        switch phase {
        case .began:
            if lastReport != nil { return .duplicateBegan }
            if id == pointerOnScreen { return .idOfThePointer }
        case .moved, .stationary, .ended, .cancelled:
            if lastReport?.isFinger != true { return .unknownTouch }
        }
        if let location = inputs[index].location {
            guard location.isFinite else { return .nonFiniteLocation }
        } else {
            let locationOptional = phase == .cancelled || phase == .stationary
            guard locationOptional else { return .missingLocation }
        }
        guard inputs[index].carriesHighRateValues else { return nil }
        return sampleProblem(with: inputs.address(of: index), lastReport: lastReport?.time ?? -.infinity)
            .map(InputError.Reason.invalidSample)
    }
}

// The high-rate part of a touch input's validation (Behaviour A3): samples in time order between
// the touch's previous report and this frame, every value finite, forces and radii not negative, and the
// last sample where the input says the finger is.

extension InputValidator {
    /// Why the samples, force or radius of the input at `input` cannot be applied, or `nil`
    /// when they can; `lastReport` is the time of the finger's last report before the frame.
    /// Read through the pointer, field by field: a value parameter would be a copy of the whole
    /// input, made for every finger of every frame.
    func sampleProblem(with input: UnsafePointer<TouchInput>, lastReport: Double) -> InputError.SampleProblem? {
        if let problem = measureProblem(force: input.pointee.force, majorRadius: input.pointee.majorRadius, of: .touch) {
            return problem
        }
        if let problem = limitProblem(input.pointee.maximumPossibleForce, .maximumPossibleForce)
            ?? limitProblem(input.pointee.majorRadiusTolerance, .majorRadiusTolerance) {
            return problem
        }
        var previous = input.pointee.phase == .began ? -Double.infinity : lastReport
        for (index, sample) in input.pointee.samples.enumerated() {
            let reference = InputError.SampleReference.sample(index)
            if let problem = valueProblem(sample, reference) { return problem }
            if sample.timestamp > frameTime {
                return .afterFrame(reference, time: sample.timestamp, frameTime: frameTime)
            }
            if sample.timestamp < previous { return .outOfOrder(reference, time: sample.timestamp, previous: previous) }
            previous = sample.timestamp
        }
        if let last = input.pointee.samples.last, last.location != input.pointee.location { return .lastSampleNotAtLocation }
        var previousPredicted = -Double.infinity
        for (index, sample) in input.pointee.predictedSamples.enumerated() {
            let reference = InputError.SampleReference.predicted(index)
            if let problem = valueProblem(sample, reference) { return problem }
            if sample.timestamp < previousPredicted {
                return .outOfOrder(reference, time: sample.timestamp, previous: previousPredicted)
            }
            previousPredicted = sample.timestamp
        }
        return nil
    }

    private func valueProblem(_ sample: TouchSample, _ reference: InputError.SampleReference) -> InputError.SampleProblem? {
        if !sample.timestamp.isFinite { return .notFinite(reference, .timestamp) }
        if !sample.location.isFinite { return .notFinite(reference, .location) }
        return measureProblem(force: sample.force, majorRadius: sample.majorRadius, of: reference)
    }

    private func measureProblem(force: Double?, majorRadius: Double?,
                                of reference: InputError.SampleReference) -> InputError.SampleProblem? {
        quantityProblem(force, .force, of: reference) ?? quantityProblem(majorRadius, .majorRadius, of: reference)
    }

    private func limitProblem(_ value: Double?, _ field: InputError.SampleField) -> InputError.SampleProblem? {
        quantityProblem(value, field, of: .touch)
    }

    /// A given quantity must be finite and not negative.
    private func quantityProblem(_ value: Double?, _ field: InputError.SampleField,
                                 of reference: InputError.SampleReference) -> InputError.SampleProblem? {
        guard let value else { return nil }
        if !value.isFinite { return .notFinite(reference, field) }
        return value < 0 ? .negative(reference, field) : nil
    }
}

// Bad high-rate input (Behaviour A3): what can be wrong with a touch's samples, force and radius.

extension InputError {
    /// Which value of a touch input a ``SampleProblem`` is about.
    public enum SampleReference: Hashable, Sendable, CustomStringConvertible {
        /// The touch input's own value (its `force`, `majorRadius`, …).
        case touch
        /// `samples[index]`.
        case sample(Int)
        /// `predictedSamples[index]`.
        case predicted(Int)

        public var description: String {
            switch self {
            case .touch: "the touch"
            case .sample(let index): "sample \(index)"
            case .predicted(let index): "predicted sample \(index)"
            }
        }
    }

    /// A measured quantity of a sample or touch.
    public enum SampleField: String, Hashable, Sendable {
        case timestamp, location, force, majorRadius, maximumPossibleForce, majorRadiusTolerance
    }

    /// What is wrong with a touch's high-rate input; the whole touch input is rejected for it.
    public enum SampleProblem: Hashable, Sendable, CustomStringConvertible {
        /// A coalesced sample later than its frame: samples report what already happened.
        case afterFrame(SampleReference, time: Double, frameTime: Double)
        /// A sample earlier than the one before it (or, for the first, than the touch's last report).
        case outOfOrder(SampleReference, time: Double, previous: Double)
        /// A NaN or infinite value.
        case notFinite(SampleReference, SampleField)
        /// A negative force, radius or limit.
        case negative(SampleReference, SampleField)
        /// The last sample is not where the touch input says the finger is.
        case lastSampleNotAtLocation

        public var description: String {
            switch self {
            case .afterFrame(let reference, let time, let frameTime):
                "\(reference) at \(time) is after the frame's time \(frameTime)"
            case .outOfOrder(let reference, let time, let previous):
                "\(reference) at \(time) is before \(previous)"
            case .notFinite(let reference, let field): "\(reference): \(field.rawValue) is not finite"
            case .negative(let reference, let field): "\(reference): \(field.rawValue) is negative"
            case .lastSampleNotAtLocation: "the last sample is not at the touch's location"
            }
        }
    }
}

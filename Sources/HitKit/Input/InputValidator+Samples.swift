// The high-rate part of a touch input's validation (Behaviour A3): samples in time order between
// the touch's previous report and this frame, every value finite, forces and radii not negative, and the
// last sample where the input says the finger is.

extension InputValidator {
    /// Why `input`'s samples, force or radius cannot be applied, or `nil` when they can.
    func sampleProblem(with input: TouchInput) -> InputError.SampleProblem? {
        if let problem = measureProblem(force: input.force, majorRadius: input.majorRadius, of: .touch) {
            return problem
        }
        if let problem = limitProblem(input.maximumPossibleForce, .maximumPossibleForce)
            ?? limitProblem(input.majorRadiusTolerance, .majorRadiusTolerance) {
            return problem
        }
        // The finger's last report is looked up only for samples to check against it.
        var previous = input.phase == .began || input.samples.isEmpty ? -Double.infinity : lastReportTime(input.id)
        for (index, sample) in input.samples.enumerated() {
            let reference = InputError.SampleReference.sample(index)
            if let problem = valueProblem(sample, reference) { return problem }
            if sample.timestamp > frameTime {
                return .afterFrame(reference, time: sample.timestamp, frameTime: frameTime)
            }
            if sample.timestamp < previous { return .outOfOrder(reference, time: sample.timestamp, previous: previous) }
            previous = sample.timestamp
        }
        if let last = input.samples.last, last.location != input.location { return .lastSampleNotAtLocation }
        var previousPredicted = -Double.infinity
        for (index, sample) in input.predictedSamples.enumerated() {
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

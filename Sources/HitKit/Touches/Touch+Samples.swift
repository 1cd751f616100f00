// A touch's high-rate input (Behaviour A3): the samples of its last frame, and the snapshots
// that `Event.coalescedTouches(for:)` and `predictedTouches(for:)` give of them.

extension Touch {
    /// Takes the accepted high-rate input at `input`, read field by field through the pointer (a
    /// value parameter would copy the whole input for every finger of every frame). The limits and the input's own force and radius
    /// replace the touch's when given; each sample without a force or radius takes the input's
    /// (else the touch's last); the touch then takes the last sample's values. Without samples
    /// the frame's location at `time` is the one sample. Allocates nothing once the touch's
    /// buffers have grown to the device's samples per frame.
    func takeHighRateInput(_ input: UnsafePointer<TouchInput>, at time: Double) {
        if let limit = input.pointee.maximumPossibleForce { maximumPossibleForce = limit }
        if let tolerance = input.pointee.majorRadiusTolerance { majorRadiusTolerance = tolerance }
        let force = input.pointee.force ?? self.force
        let radius = input.pointee.majorRadius ?? majorRadius
        let own = TouchSample(timestamp: time, location: screenLocation, force: force, majorRadius: radius)
        // Read in place and written in place: the input's sample arrays are not retained, and
        // the touch's buffers, as long as the finger's device reports as many samples as in the
        // last frame, are overwritten without an append per sample.
        if input.pointee.samples.isEmpty {
            frameSamples.replaceAllKeepingCapacity(count: 1) { _ in own }
        } else {
            frameSamples.replaceAllKeepingCapacity(count: input.pointee.samples.count) {
                input.pointee.samples[$0].filled(force: force, majorRadius: radius)
            }
        }
        framePredictedSamples.replaceAllKeepingCapacity(count: input.pointee.predictedSamples.count) {
            input.pointee.predictedSamples[$0].filled(force: force, majorRadius: radius)
        }
        let last = frameSamples[frameSamples.count - 1]
        timestamp = last.timestamp
        self.force = last.force ?? force
        majorRadius = last.majorRadius ?? radius
    }

    /// ``takeHighRateInput(_:at:)`` for an input that carries no high-rate values: the frame's
    /// one sample, where the finger is now, with the touch's force and radius.
    func takeFrameWithoutHighRateValues(at time: Double) {
        timestamp = time
        let own = ownSample
        frameSamples.replaceAllKeepingCapacity(count: 1) { _ in own }
        framePredictedSamples.removeAllKeepingCapacity()
    }

    /// The samples the touch moved through in the frame being delivered, oldest first (its last
    /// at the touch's location); just the touch's own state when it did not change in it.
    var samplesOfThisFrame: ArraySlice<TouchSample> {
        isItsOwnSample ? [ownSample] : frameSamples[...]
    }

    /// Whether the frame's one sample is the touch's own state: it did not change in the frame,
    /// or its input carried no samples.
    private var isItsOwnSample: Bool { phase == .stationary || frameSamples.isEmpty }

    /// The touch's own state as a sample.
    private var ownSample: TouchSample {
        TouchSample(timestamp: timestamp, location: screenLocation, force: force, majorRadius: majorRadius)
    }

    /// A copy of this touch as it was at `sample`, coming from `previous` (screen coordinates).
    func snapshot(at sample: TouchSample, from previous: Point) -> Touch {
        // Made without a view, so that no walk up the chain runs for a copy (the walk lists a
        // began's recognizers and finds the scroll view it stops: the dispatcher's work, not a
        // snapshot's); the copy then takes this touch's links and recognizers as they are.
        let copy = Touch(id: id, at: sample.location, time: sample.timestamp, view: nil, tapCount: tapCount,
                         sequence: beganSequence)
        copy.life.viewLink = life.viewLink
        copy.life.windowLink = life.windowLink
        copy.phase = phase
        copy.previousScreenLocation = previous
        copy.gestureRecognizers = gestureRecognizers
        copy.force = sample.force ?? 0
        copy.majorRadius = sample.majorRadius ?? 0
        copy.maximumPossibleForce = maximumPossibleForce
        copy.majorRadiusTolerance = majorRadiusTolerance
        return copy
    }

    /// One snapshot per sample of the frame; the last one has the touch's values.
    func coalescedSnapshots() -> [Touch] {
        snapshots(of: samplesOfThisFrame, from: previousScreenLocation)
    }

    /// One snapshot per predicted sample of the frame (none when the input gave none).
    func predictedSnapshots() -> [Touch] {
        phase == .stationary ? [] : snapshots(of: framePredictedSamples, from: screenLocation)
    }

    /// How many snapshots ``coalescedSnapshots()`` (`predicted`: ``predictedSnapshots()``)
    /// makes, without making them.
    package func frameSampleCount(predicted: Bool) -> Int {
        if predicted { return phase == .stationary ? 0 : framePredictedSamples.count }
        return isItsOwnSample ? 1 : frameSamples.count
    }

    /// The sample the snapshot at `index` of ``coalescedSnapshots()`` (`predicted`:
    /// ``predictedSnapshots()``) is made of, without making any, or `nil` past the last: for
    /// the C API, which copies one sample's values in a callback and should not make a touch
    /// object for every sample of the frame to do it.
    package func frameSample(at index: Int, predicted: Bool) -> TouchSample? {
        guard index >= 0, index < frameSampleCount(predicted: predicted) else { return nil }
        if predicted { return framePredictedSamples[index] }
        return isItsOwnSample ? ownSample : frameSamples[index]
    }

    /// Snapshots of `samples` in order, each coming from the one before (the first from `start`).
    private func snapshots<Samples: Sequence<TouchSample>>(of samples: Samples, from start: Point) -> [Touch] {
        var previous = start
        var result: [Touch] = []
        for sample in samples {
            result.append(snapshot(at: sample, from: previous))
            previous = sample.location
        }
        return result
    }
}

extension TouchSample {
    /// The sample with `force` and `majorRadius` where the device gave none.
    fileprivate func filled(force: Double?, majorRadius: Double?) -> TouchSample {
        TouchSample(timestamp: timestamp, location: location, force: self.force ?? force,
                    majorRadius: self.majorRadius ?? majorRadius)
    }
}

extension Event {
    /// The touch's samples in this event, one snapshot `Touch` each, oldest first (UIKit's
    /// `coalescedTouches(for:)`): the last has the touch's location, timestamp, force and radius;
    /// each one's previous location is the sample before it (the first's, the touch's location
    /// before the frame). A touch that reported no samples gives one snapshot of itself. `nil`
    /// for a touch that is not in this event.
    public func coalescedTouches(for touch: Touch) -> [Touch]? {
        guard contains(touch) else { return nil }
        return touch.coalescedSnapshots()
    }

    /// The positions the input predicted for the touch after this event, one snapshot `Touch`
    /// each (UIKit's `predictedTouches(for:)`); empty when the input predicted nothing (HitKit
    /// predicts nothing itself). `nil` for a touch that is not in this event.
    public func predictedTouches(for touch: Touch) -> [Touch]? {
        guard contains(touch) else { return nil }
        return touch.predictedSnapshots()
    }
}

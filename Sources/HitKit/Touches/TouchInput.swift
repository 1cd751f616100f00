/// One finger's change in an input frame.
public struct TouchInput: Hashable, Sendable {
    /// The finger's id, unique among the fingers down.
    public var id: Int
    /// `began`, `moved`, `ended` or `cancelled` (`stationary` is accepted and changes nothing).
    public var phase: Touch.Phase
    /// Where the finger is, in screen coordinates. Required except for `cancelled` and
    /// `stationary`, where `nil` means "where it was".
    public var location: Point?

    // High-rate input (Behaviour A3; see ``TouchSample``).
    /// The device's reports since the last frame, oldest first; the last one is at ``location``.
    /// Empty: the frame's location at the frame's time is the only report.
    public var samples: [TouchSample] = []
    /// Where the device predicts the finger will be after the frame (HitKit predicts nothing).
    public var predictedSamples: [TouchSample] = []
    /// The pressure (≥ 0), for samples that give none; `nil`: the touch keeps its last value.
    public var force: Double?
    /// The contact radius in points (≥ 0), for samples that give none; `nil`: as for ``force``.
    public var majorRadius: Double?
    /// The device's highest force (≥ 0); `nil`: the touch keeps its last value.
    public var maximumPossibleForce: Double?
    /// How far (points, ≥ 0) the contact radius may be off; `nil`: the touch keeps its last value.
    public var majorRadiusTolerance: Double?

    /// Finger `id`'s change to `phase` at `location` (screen coordinates), with no high-rate values.
    public init(id: Int, phase: Touch.Phase, location: Point?) {
        self.id = id
        self.phase = phase
        self.location = location
    }
}

/// One report of a finger from a device that reports faster than the frames come (Behaviour A3,
/// high-rate input): a touchscreen at 120–240 Hz gives a 60 Hz toolkit several of these per
/// frame. `nil` force or radius means the device gave none for this report; the touch input's
/// own value (or the touch's last one) stands in for it.
public struct TouchSample: Hashable, Sendable {
    /// When the device reported it, in the application's seconds; never after its frame's time.
    public var timestamp: Double
    /// Where the finger was, in screen coordinates.
    public var location: Point
    /// The pressure, ≥ 0 (1 is an average touch, as UIKit's `force`), if the device measures it.
    public var force: Double?
    /// The radius of the contact, in points, ≥ 0, if the device measures it.
    public var majorRadius: Double?

    /// A report at `timestamp` (seconds) and `location`, with its force and radius if the device
    /// gave them.
    public init(timestamp: Double, location: Point, force: Double? = nil, majorRadius: Double? = nil) {
        self.timestamp = timestamp
        self.location = location
        self.force = force
        self.majorRadius = majorRadius
    }
}

extension TouchInput {
    /// A finger's change with what a high-rate device reports (Behaviour A3): the samples since the
    /// last frame, oldest first, the last one at `location`; the samples the device predicts after
    /// the frame; and the touch's force and contact radius with their device limits.
    public init(id: Int, phase: Touch.Phase, location: Point?, samples: [TouchSample],
                predictedSamples: [TouchSample] = [], force: Double? = nil, majorRadius: Double? = nil,
                maximumPossibleForce: Double? = nil, majorRadiusTolerance: Double? = nil) {
        self.init(id: id, phase: phase, location: location)
        self.samples = samples
        self.predictedSamples = predictedSamples
        self.force = force
        self.majorRadius = majorRadius
        self.maximumPossibleForce = maximumPossibleForce
        self.majorRadiusTolerance = majorRadiusTolerance
    }
}

extension TouchInput {
    /// Whether the input carries any high-rate value (samples, predicted samples, force, radius
    /// or their limits) to check and take; most carry none.
    var carriesHighRateValues: Bool {
        !samples.isEmpty || !predictedSamples.isEmpty || force != nil || majorRadius != nil
            || maximumPossibleForce != nil || majorRadiusTolerance != nil
    }
}

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

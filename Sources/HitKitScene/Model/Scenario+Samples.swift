import HitTestCore

extension Scenario {
    /// One sample of a touch in a step (Behaviour B5, A3's high-rate input): `{"t": …, "at": [x, y],
    /// "force": …, "majorRadius": …}`.
    public struct Sample: Equatable, Sendable {
        /// `t`, in seconds: not after the step's `t`, not before the sample before it.
        public var time: Double
        /// `at`, in screen coordinates.
        public var location: Point
        public var force: Double?
        public var majorRadius: Double?

        public init(time: Double, location: Point, force: Double? = nil, majorRadius: Double? = nil) {
            self.time = time
            self.location = location
            self.force = force
            self.majorRadius = majorRadius
        }
    }
}

import HitTestCore

extension Scenario {
    /// A step's `touchpad` (Behaviour A9, B5): one step of a touchpad pinch or hold.
    public struct TouchpadChange: Equatable, Sendable {
        /// `kind`.
        public enum Kind: String, CaseIterable, Equatable, Sendable {
            case pinch, hold
        }

        /// `phase` (a hold has no `changed`).
        public enum Phase: String, CaseIterable, Equatable, Sendable {
            case began, changed, ended, cancelled
        }

        /// `kind` (required): a pinch or a hold.
        public var kind: Kind
        /// `phase` (required).
        public var phase: Phase
        /// `at`, in screen coordinates.
        public var location: Point
        /// `scale` (pinch only; default 1). Its validity (> 0) is checked by the replay, as bad input.
        public var scale: Double
        /// `rotation` in radians (pinch only; default 0).
        public var rotation: Double
        /// `fingers` (default 2).
        public var fingers: Int

        /// A step of a `kind` gesture at `location` (screen coordinates); scale 1, rotation 0 and two
        /// fingers by default, as in a file.
        public init(kind: Kind, phase: Phase, location: Point, scale: Double = 1, rotation: Double = 0, fingers: Int = 2) {
            self.kind = kind
            self.phase = phase
            self.location = location
            self.scale = scale
            self.rotation = rotation
            self.fingers = fingers
        }
    }
}

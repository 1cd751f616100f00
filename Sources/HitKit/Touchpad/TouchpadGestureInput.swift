/// A touchpad gesture in an input frame (Behaviour A9): a two-finger pinch or rotate, or a hold,
/// as libinput, XInput 2.4, Wayland's pointer-gestures and GTK4 report them, not as touches.
///
/// UIKit on iPadOS maps a trackpad pinch or rotate to a `transform` event that drives only the
/// pinch and rotation recognizers. A frame carries at most one gesture step; the application keeps
/// the gesture under way between frames.
public struct TouchpadGestureInput: Hashable, Sendable {
    /// What the fingers do.
    public enum Kind: Hashable, Sendable, CustomStringConvertible {
        /// Fingers moving apart, together or turning: ``TouchpadGestureInput/scale`` and
        /// ``TouchpadGestureInput/rotation`` drive pinch and rotation recognizers.
        case pinch
        /// Fingers resting on the touchpad: its `began` stops scroll motion under the pointer.
        case hold

        public var description: String {
            switch self {
            case .pinch: "pinch"
            case .hold: "hold"
            }
        }
    }

    /// A gesture's phase. A hold has no `changed`.
    public enum Phase: Hashable, Sendable, CustomStringConvertible {
        case began, changed, ended, cancelled

        public var description: String {
            switch self {
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            }
        }
    }

    /// Whether the step is a pinch's (with its rotation) or a hold's.
    public var kind: Kind
    /// Where the gesture is: `began`, `changed`… (never for a hold), then `ended` or `cancelled`.
    public var phase: Phase
    /// Where the pointer is, in screen coordinates: a `began` is hit-tested there.
    public var location: Point
    /// The fingers' distance over their distance at the gesture's start (> 0; 1 for a hold).
    public var scale: Double
    /// The fingers' turn since the gesture's start, in radians, clockwise positive in screen
    /// coordinates (0 for a hold).
    public var rotation: Double
    /// How many fingers are on the touchpad (≥ 1).
    public var fingers: Int

    /// A gesture step at `location`; by default scale 1, no rotation and two fingers.
    public init(kind: Kind, phase: Phase, location: Point, scale: Double = 1, rotation: Double = 0, fingers: Int = 2) {
        self.kind = kind
        self.phase = phase
        self.location = location
        self.scale = scale
        self.rotation = rotation
        self.fingers = fingers
    }

    /// A pinch step: `scale` and `rotation` relative to the gesture's start.
    public static func pinch(_ phase: Phase, at location: Point, scale: Double = 1, rotation: Double = 0,
                             fingers: Int = 2) -> TouchpadGestureInput {
        TouchpadGestureInput(kind: .pinch, phase: phase, location: location, scale: scale, rotation: rotation, fingers: fingers)
    }

    /// A hold step.
    public static func hold(_ phase: Phase, at location: Point, fingers: Int = 2) -> TouchpadGestureInput {
        TouchpadGestureInput(kind: .hold, phase: phase, location: location, fingers: fingers)
    }
}

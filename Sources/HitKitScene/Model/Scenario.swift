import HitTestCore

/// A scenario file (Behaviour B5): a scene, the input frames to feed it, and optionally the delivery
/// log (B6) the replay must produce.
public struct Scenario: Equatable, Sendable {
    /// One touch change of a step.
    public struct TouchChange: Equatable, Sendable {
        /// The phases a scenario may give (Behaviour B5; `stationary` is implied by leaving a finger out).
        public enum Phase: String, CaseIterable, Equatable, Sendable {
            case began, moved, ended, cancelled
        }

        /// The finger's id.
        public var id: Int
        /// `phase` (required): `began`, `moved`, `ended` or `cancelled`.
        public var phase: Phase
        /// Screen coordinates; `nil` only for `cancelled` ("where it was").
        public var location: Point?
        /// `force` and `majorRadius` (≥ 0), and `samples`, the last one at ``location``
        /// (Behaviour A3's high-rate input; Scenario+Samples.swift).
        public var force: Double?
        /// `majorRadius`, the contact radius in points (≥ 0); `nil`: the touch keeps its last value.
        public var majorRadius: Double?
        /// `samples`, oldest first, the last at ``location``; empty when not given.
        public var samples: [Sample] = []

        /// Finger `id`'s change to `phase` at `location` (screen coordinates), with no high-rate values.
        public init(id: Int, phase: Phase, location: Point?) {
            self.id = id
            self.phase = phase
            self.location = location
        }
    }

    /// One input frame at time ``time``. With no touches it only advances the clock.
    public struct Step: Equatable, Sendable {
        /// `t`, in seconds.
        public var time: Double
        /// `touches`, in file order; empty when the step gives none.
        public var touches: [TouchChange]
        /// `edits`, applied in order after the due timers and before the input (Behaviour B5).
        public var edits: [Edit] = []
        /// `pointer`: the pointer's new state (Behaviour A8, B5).
        public var pointer: PointerChange?
        /// `scroll`: scroll input (Behaviour A8, B5).
        public var scroll: ScrollChange?
        /// `touchpad`: a touchpad pinch or hold step (Behaviour A9, B5).
        public var touchpad: TouchpadChange?
        /// `keys`: key events, in order (Behaviour A10, B5).
        public var keys: [KeyChange] = []

        /// A step at `time` (seconds) with `touches` and no other input.
        public init(time: Double, touches: [TouchChange] = []) {
            self.time = time
            self.touches = touches
        }
    }

    /// The scene, inline (`scene`) or read from `sceneFile`.
    public var scene: SceneDescription
    /// The path of the scene file as resolved against the scenario's folder, when `sceneFile` was used.
    public var sceneFile: String?
    /// `steps` (required): the input frames, in file order.
    public var steps: [Step]
    /// `expect`: the log lines the replay must produce, when given.
    public var expectedLog: [String]?

    /// A scenario that feeds `steps` to `scene`, with the log the replay must produce when
    /// `expectedLog` is given.
    public init(scene: SceneDescription, sceneFile: String? = nil, steps: [Step], expectedLog: [String]? = nil) {
        self.scene = scene
        self.sceneFile = sceneFile
        self.steps = steps
        self.expectedLog = expectedLog
    }
}

extension Scenario {
    /// One of a step's `edits` (Behaviour B5). Ids are checked when the edit is made: an edit
    /// that cannot be made is rejected like bad input and the replay goes on.
    public enum Edit: Equatable, Sendable {
        /// `{"view": ID, "removeFromSuperview": true}`.
        case removeFromSuperview(view: String)
        /// `{"view": ID, "moveTo": PARENT, "index": n}`; `index` `nil`: on top.
        case move(view: String, to: String, index: Int?)
        /// `{"view": ID, "set": {…}}`: the view keys, the geometry first in Behaviour B1's order
        /// (frame, bounds, center, anchor point, transform), then the others in file order.
        case setView(view: String, [ViewProperty])
        /// `{"gesture": ID, "set": {"enabled": bool}}`.
        case setGestureEnabled(gesture: String, Bool)
        /// `{"scrollView": ID, …}`: see ``ScrollViewEdit``.
        case scrollView(String, ScrollViewEdit)
        // The keyboard (Behaviour A7, A10).
        /// `{"view": ID, "becomeFirstResponder": true}` (ID may be a window's).
        case becomeFirstResponder(view: String)
        /// `{"view": ID, "resignFirstResponder": true}`.
        case resignFirstResponder(view: String)
        /// `{"window": ID, "makeKey": true}`.
        case makeKey(window: String)
        /// `{"window": ID, "set": {"focusSystem": bool}}`.
        case setFocusSystem(window: String, Bool)
        /// `{"control": ID, "set": {"enabled": bool}}`.
        case setControlEnabled(control: String, Bool)
        /// `{"menu": ID, "dismiss": true}` (Behaviour A11).
        case dismissMenu(menu: String)
    }

    /// A view key an edit may set.
    public enum ViewProperty: Equatable, Sendable {
        case frame(Rect), center(Point), bounds(Rect), transform(AffineTransform), anchorPoint(Point)
        case hidden(Bool), alpha(Double), userInteractionEnabled(Bool), multipleTouchEnabled(Bool)
        case exclusiveTouch(Bool), passThrough(Bool), hitsOutsideBounds(Bool), redirectsToSuperview(Bool)
        case hitTestInsets(EdgeInsets), minimumHitSize(Size)
        /// Behaviour A10's focus keys.
        case canBecomeFocused(Bool), focusGroup(String)
    }
}

extension Scenario {
    /// One sample of a touch in a step (Behaviour B5, A3's high-rate input): `{"t": …, "at": [x, y],
    /// "force": …, "majorRadius": …}`.
    public struct Sample: Equatable, Sendable {
        /// `t`, in seconds: not after the step's `t`, not before the sample before it.
        public var time: Double
        /// `at`, in screen coordinates.
        public var location: Point
        /// `force` (≥ 0); `nil`: the touch's `force` in the step, else the touch's last.
        public var force: Double?
        /// `majorRadius` in points (≥ 0); `nil`: the touch's `majorRadius` in the step, else the
        /// touch's last.
        public var majorRadius: Double?

        /// A sample at `time` (seconds) and `location` (screen coordinates), with its force and radius
        /// when given.
        public init(time: Double, location: Point, force: Double? = nil, majorRadius: Double? = nil) {
            self.time = time
            self.location = location
            self.force = force
            self.majorRadius = majorRadius
        }
    }
}

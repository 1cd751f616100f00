import HitTestCore

extension Scenario {
    /// A step's `pointer` (Behaviour B5): the pointer's state, or that it left the screen.
    public struct PointerChange: Equatable, Sendable {
        /// `id` (required, ≥ 0): the pointer's id, which its `!` lines name as the touch.
        public var id: Int
        /// `at`, in screen coordinates; `nil` when the pointer left.
        public var location: Point?
        /// `buttons` as numbers (1 primary, 2 secondary, 3 middle, n ≥ 4 as written).
        public var buttons: [Int]
        /// `modifiers` held; none by default.
        public var modifiers: [PointerNames.Modifier]

        /// Pointer `id` at `location` (screen coordinates; `nil`: it left the screen), holding `buttons`
        /// and `modifiers`.
        public init(id: Int, location: Point?, buttons: [Int] = [], modifiers: [PointerNames.Modifier] = []) {
            self.id = id
            self.location = location
            self.buttons = buttons
            self.modifiers = modifiers
        }

        /// `{"id": n, "left": true}`.
        public var hasLeft: Bool { location == nil }
    }

    /// A step's `scroll` (Behaviour B5).
    public struct ScrollChange: Equatable, Sendable {
        /// `at` (required), in screen coordinates.
        public var location: Point
        /// `delta` (required, `[dx, dy]`), in points.
        public var delta: Point
        /// `type` (required): `discrete` (a wheel notch) or `continuous`.
        public var type: PointerNames.ScrollType
        /// Present exactly for `continuous`.
        public var phase: PointerNames.ScrollPhase?

        /// Scroll input at `location` (screen coordinates) by `delta` (points); `phase` only for
        /// `continuous`.
        public init(location: Point, delta: Point, type: PointerNames.ScrollType, phase: PointerNames.ScrollPhase?) {
            self.location = location
            self.delta = delta
            self.type = type
            self.phase = phase
        }
    }
}

/// The names the scene and scenario files give pointer things (Behaviour A8, B2, B5).
public enum PointerNames {
    /// `allowedTouchTypes` entries.
    public enum TouchType: String, CaseIterable, Equatable, Sendable {
        case direct, indirectPointer
    }

    /// `allowedScrollTypes` entries and a scroll's `type`.
    public enum ScrollType: String, CaseIterable, Equatable, Sendable {
        case discrete, continuous
    }

    /// A continuous scroll's `phase`.
    public enum ScrollPhase: String, CaseIterable, Equatable, Sendable {
        case began, changed, ended
    }

    /// `modifiers` entries.
    public enum Modifier: String, CaseIterable, Equatable, Sendable {
        case alphaShift, shift, control, alternate, command, numericPad
    }

    /// The named buttons and their numbers; other buttons are written as numbers ≥ 4.
    public static let buttonNumbers: [(name: String, number: Int)] = [("primary", 1), ("secondary", 2), ("middle", 3)]
}

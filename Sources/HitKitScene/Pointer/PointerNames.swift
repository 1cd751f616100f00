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

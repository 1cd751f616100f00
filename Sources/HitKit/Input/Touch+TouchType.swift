// What made a touch: a finger on the screen or a pointer's click (Behaviour A8).

extension Touch {
    /// The kind of input behind a touch (UIKit's `UITouch.TouchType`, the two kinds a Linux
    /// toolkit has).
    public enum TouchType: Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// A finger on a touch screen.
        case direct
        /// A mouse or trackpad button held down: the pointer's click (Behaviour A8).
        case indirectPointer

        public var description: String {
            switch self {
            case .direct: "direct"
            case .indirectPointer: "indirectPointer"
            }
        }
    }
}

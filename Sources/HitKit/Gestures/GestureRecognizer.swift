/// The base of the gesture recognizers (UIKit's `UIGestureRecognizer`).
///
/// For now this is the attachment plumbing only: the view it is attached to and whether it is
/// enabled. Touches are collected for it at began (SPEC A3 step 1); the recognizer states and the
/// arbitration of SPEC A4 are not implemented yet.
open class GestureRecognizer {
    /// The view this recognizer is attached to (held weakly: the view owns its recognizers).
    public internal(set) weak var view: View?

    /// A disabled recognizer receives no touches (default true).
    open var isEnabled = true

    public init() {}
}

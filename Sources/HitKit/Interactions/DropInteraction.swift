// Dropping (UIKit's `UIDropInteraction`; Behaviour A11): the drop interactions on the chain of
// the view under a session are its candidates, innermost first; the first that can handle the
// session is its target.

/// What a drop target would do with the session's items (UIKit's `UIDropProposal` operation).
public enum DropProposal: Hashable, Sendable, CustomStringConvertible {
    /// The drop is not accepted here (the session ends cancelled if lifted here).
    case cancel
    /// The items would be copied.
    case copy
    /// The items would be moved (counts as ``cancel`` when the source does not allow moving).
    case move
    /// The drop is refused here, visibly.
    case forbidden

    public var description: String {
        switch self {
        case .cancel: "cancel"
        case .copy: "copy"
        case .move: "move"
        case .forbidden: "forbidden"
        }
    }
}

/// The answers and notifications of a drop interaction (UIKit's `UIDropInteractionDelegate`).
/// Every method but the proposal's has a default: take every session, and otherwise do nothing.
public protocol DropInteractionDelegate: AnyObject {
    /// Whether this target can take the session (asked once while it stays under the session).
    func dropInteraction(_ interaction: DropInteraction, canHandle session: DragSession) -> Bool
    /// The session became this interaction's.
    func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DragSession)
    /// The session moved over it (or entered it, or content scrolled under it): what a drop would do.
    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DragSession) -> DropProposal
    /// The session left it (or was cancelled, or lifted without dropping here).
    func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DragSession)
    /// The items are dropped here.
    func dropInteraction(_ interaction: DropInteraction, performDrop session: DragSession)
    /// The drop is over (after the source's `willEnd`).
    func dropInteraction(_ interaction: DropInteraction, concludeDrop session: DragSession)
    /// The session ended; every interaction it entered is told once.
    func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DragSession)
}

extension DropInteractionDelegate {
    public func dropInteraction(_ interaction: DropInteraction, canHandle session: DragSession) -> Bool { true }
    public func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DragSession) {}
    public func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DragSession) {}
    public func dropInteraction(_ interaction: DropInteraction, performDrop session: DragSession) {}
    public func dropInteraction(_ interaction: DropInteraction, concludeDrop session: DragSession) {}
    public func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DragSession) {}
}

/// A drop target attached to a view (UIKit's `UIDropInteraction`; Behaviour A11).
public final class DropInteraction: AttachedInteraction {
    /// Asked and told about the sessions over it; held weakly, as in UIKit. Once it is gone the
    /// interaction answers no to `canHandle` (the targeting asks the next one out) and, as a
    /// target, proposes `cancel`.
    public private(set) weak var delegate: DropInteractionDelegate?

    var viewLink: ViewLink<View>?
    var participant: GestureRecognizer? { nil }

    /// A drop interaction that asks `delegate`, held weakly, about the sessions over its view. Add it
    /// to a view with ``View/addInteraction(_:)``.
    public init(delegate: DropInteractionDelegate) {
        self.delegate = delegate
    }

    /// The view the interaction is attached to.
    public var view: View? { viewLink?.object }
}

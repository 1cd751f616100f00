/// One registration of a control's target-action table: a responder target (held weakly, as
/// UIKit does), no target (the responder chain), or a closure — with the events it is for.
final class ControlActionEntry {
    enum Kind {
        /// `addTarget(_:action:for:)`; `hasTarget` tells a target-less entry from one whose
        /// target was freed (which is skipped, never sent up the chain).
        case targetAction(action: Action, target: ResponderLink?, hasTarget: Bool)
        case closure(Control.ActionID, (Control) -> Void)
    }

    let kind: Kind
    var events: Control.Event

    init(kind: Kind, events: Control.Event) {
        self.kind = kind
        self.events = events
    }

    /// Whether this is `action` registered for `target` (`nil`: the target-less entry).
    func matches(target: Responder?, action: Action) -> Bool {
        guard case .targetAction(let ownAction, let reference, let hasTarget) = kind, ownAction == action else {
            return false
        }
        guard let target else { return !hasTarget }
        return hasTarget && reference?.object === target
    }
}

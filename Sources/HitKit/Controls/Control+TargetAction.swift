// Registering and removing a control's actions (Behaviour A5). Sending is in Control.swift, where
// `sendActions(for:)` and `sendAction(_:to:for:)` can be overridden.

extension Control {
    /// Identifies a closure action, to remove it.
    public struct ActionID: Hashable, Sendable {
        let value: Int
    }

    /// Sends `action` to `target` (held weakly) when any of `events` happens. With a `nil`
    /// target the action goes up the responder chain: from the key window's first responder if
    /// there is one, else from this control, to the first responder that can perform it.
    /// Registering a pair again adds the new events to it.
    public func addTarget(_ target: Responder?, action: Action, for events: Control.Event) {
        if let entry = actionEntries.first(where: { $0.matches(target: target, action: action) }) {
            entry.events.formUnion(events)
            return
        }
        let kind = ControlActionEntry.Kind.targetAction(action: action, target: target.map(ResponderLink.init),
                                                        hasTarget: target != nil)
        actionEntries.append(ControlActionEntry(kind: kind, events: events))
    }

    /// Calls `handler` with this control when any of `events` happens (UIKit's `addAction(_:for:)`).
    @discardableResult
    public func addAction(for events: Control.Event, _ handler: @escaping (Control) -> Void) -> ActionID {
        let id = makeActionID()
        actionEntries.append(ControlActionEntry(kind: .closure(id, handler), events: events))
        return id
    }

    /// Stops sending `action` (any action when `nil`) to `target` for `events`. A `nil` target
    /// matches every target-action pair, target-less ones included (as UIKit).
    public func removeTarget(_ target: Responder?, action: Action?, for events: Control.Event) {
        for entry in actionEntries {
            guard case .targetAction(let ownAction, let reference, let hasTarget) = entry.kind else { continue }
            if let target, !(hasTarget && reference?.object === target) { continue }
            if let action, action != ownAction { continue }
            entry.events.subtract(events)
        }
        actionEntries.removeAll { $0.events.isEmpty }
    }

    /// Stops calling a closure action for `events` (every event by default).
    public func removeAction(_ id: ActionID, for events: Control.Event = .allEvents) {
        for entry in actionEntries {
            if case .closure(let other, _) = entry.kind, other == id { entry.events.subtract(events) }
        }
        actionEntries.removeAll { $0.events.isEmpty }
    }

    /// The distinct targets, in registration order; `nil` stands for the target-less actions.
    /// Freed targets are left out.
    public var allTargets: [Responder?] {
        var targets: [Responder?] = []
        for entry in actionEntries {
            guard case .targetAction(_, let reference, let hasTarget) = entry.kind else { continue }
            let target = reference?.object
            if hasTarget && target == nil { continue }
            if !targets.contains(where: { $0 === target }) { targets.append(target) }
        }
        return targets
    }

    /// Every event some action is registered for.
    public var allControlEvents: Control.Event {
        actionEntries.reduce(into: []) { $0.formUnion($1.events) }
    }

    /// The actions sent to `target` (`nil`: the target-less ones) for `controlEvent`, in
    /// registration order, or `nil` when there are none.
    public func actions(forTarget target: Responder?, forControlEvent controlEvent: Control.Event) -> [Action]? {
        let actions = actionEntries.compactMap { entry -> Action? in
            guard case .targetAction(let action, _, _) = entry.kind,
                  entry.matches(target: target, action: action),
                  !entry.events.isDisjoint(with: controlEvent) else { return nil }
            return action
        }
        return actions.isEmpty ? nil : actions
    }
}

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

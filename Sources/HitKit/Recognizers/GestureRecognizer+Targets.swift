// Targets and actions (Behaviour A4 e), and the observers of a recognizer's changes and touches.

import Synchronization

extension GestureRecognizer {
    enum Target {
        case responder(ResponderLink, Action)
        case closure(ID, (GestureRecognizer) -> Void)
    }

    /// Identifies a closure target, to remove it. Unique in the process: an ID from one
    /// recognizer removes nothing from another (a scroll view's own targets included).
    public struct ID: Hashable, Sendable {
        let value: Int
    }

    private static let closureTargetsMade = Atomic<Int>(0)

    /// Sends `action` to `target` (held weakly) on began, changed, ended/recognized and cancelled
    /// (Behaviour A4 e), through ``Responder/perform(_:sender:event:)`` with this recognizer as the sender.
    public func addTarget(_ target: Responder, action: Action) {
        targets.append(.responder(ResponderLink(target), action))
    }

    /// Calls `body` on began, changed, ended/recognized and cancelled (Behaviour A4 e).
    @discardableResult
    public func addTarget(_ body: @escaping (GestureRecognizer) -> Void) -> ID {
        let id = ID(value: Self.closureTargetsMade.add(1, ordering: .relaxed).newValue)
        targets.append(.closure(id, body))
        return id
    }

    /// Removes `action` sent to `target` (any action when `action` is `nil`).
    public func removeTarget(_ target: Responder, action: Action? = nil) {
        targets.removeAll { entry in
            guard case .responder(let reference, let name) = entry else { return false }
            return reference.object === target && (action == nil || action == name)
        }
    }

    /// Removes a closure target.
    public func removeTarget(_ id: ID) {
        targets.removeAll { entry in
            guard case .closure(let other, _) = entry else { return false }
            return other == id
        }
    }

    /// Sends every target its action (the stage calls this on each change but a failure).
    func sendActions() {
        // The copy keeps every target alive while the actions run (an action may remove one);
        // each is read in place from it rather than copied out.
        let targets = self.targets
        targets.withUnsafeBufferPointer { targets in
            for index in targets.indices {
                switch targets[index] {
                case .responder(let reference, let action):
                    reference.object?.perform(action, sender: self, event: nil)
                case .closure(_, let body):
                    body(self)
                }
            }
        }
    }
}

// Observation for loggers (Behaviour B6): every state change and every touch call, in order.

// The tokens link to the recognizer (RecognizerLink) rather than capturing it weakly: a weak
// reference would slow every retain of it.
extension GestureRecognizer {
    /// Which touch method a recognizer received.
    public typealias TouchCall = TouchMethod

    /// Calls `body` at every state change (not the resets to possible), after the state is set
    /// and before the actions are sent. Observers are called in the order they were added.
    @discardableResult
    public func observeStateChanges(_ body: @escaping (GestureRecognizer, State) -> Void) -> ObservationToken {
        stateObservers.add(body) { [link = RecognizerLink<GestureRecognizer>(self)] in
            link.object?.stateObservers.remove($0)
        }
    }

    /// Calls `body` just before each touch method of this recognizer is called by the delivery,
    /// with the touches of the call. Observers are called in the order they were added.
    @discardableResult
    public func observeTouches(_ body: @escaping (GestureRecognizer, TouchCall, Set<Touch>) -> Void) -> ObservationToken {
        touchObservers.add(body) { [link = RecognizerLink<GestureRecognizer>(self)] in
            link.object?.touchObservers.remove($0)
        }
    }

    func notifyStateChange() {
        guard !stateObservers.isEmpty else { return }
        let observers = stateObservers  // a copy: an observer may cancel itself
        observers.callEach { $0(self, resolvedState) }
    }

    func notifyTouches(_ call: TouchCall, _ touches: Set<Touch>) {
        guard !touchObservers.isEmpty else { return }
        let observers = touchObservers  // a copy: an observer may cancel itself
        observers.callEach { $0(self, call, touches) }
    }
}

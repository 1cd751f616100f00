// Targets and actions (Behaviour A4 e).

extension GestureRecognizer {
    enum Target {
        case responder(ResponderLink, Action)
        case closure(ID, (GestureRecognizer) -> Void)
    }

    /// Identifies a closure target, to remove it.
    public struct ID: Hashable, Sendable {
        let value: Int
    }

    /// Sends `action` to `target` (held weakly) on began, changed, ended/recognized and cancelled
    /// (Behaviour A4 e), through ``Responder/perform(_:sender:event:)`` with this recognizer as the sender.
    public func addTarget(_ target: Responder, action: Action) {
        targets.append(.responder(ResponderLink(target), action))
    }

    /// Calls `body` on began, changed, ended/recognized and cancelled (Behaviour A4 e).
    @discardableResult
    public func addTarget(_ body: @escaping (GestureRecognizer) -> Void) -> ID {
        nextClosureID += 1
        let id = ID(value: nextClosureID)
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
        for target in targets {
            switch target {
            case .responder(let reference, let action):
                reference.object?.perform(action, sender: self, event: nil)
            case .closure(_, let body):
                body(self)
            }
        }
    }
}

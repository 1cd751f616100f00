/// The name of an action sent through the responder chain (UIKit's `Selector`).
///
/// Linux has no Objective-C selectors, so an action is a plain name. A responder says which
/// actions it can perform with ``Responder/performableActions`` or by overriding
/// ``Responder/canPerformAction(_:withSender:)``, and receives them in
/// ``Responder/perform(_:sender:event:)``.
public struct Action: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The action's name, for example `"buttonTapped"`.
    public let name: String

    /// The action named `name`.
    public init(_ name: String) {
        self.name = name
    }

    public init(stringLiteral name: String) {
        self.name = name
    }

    public var description: String { name }
}

/// The target-action routing of ``Application/sendAction(_:to:from:for:)`` (Behaviour A5).
struct ActionRouter {
    // An owner's back link (Links.swift): checked with the internal checks, a bare pointer otherwise.
    #if HITKIT_INTERNAL_CHECKS
    unowned let application: Application
    #else
    unowned(unsafe) let application: Application
    #endif

    func send(_ action: Action, to target: Responder?, from sender: AnyObject?, for event: Event?) -> Bool {
        // An explicit target receives the action whatever it declares (UIKit calls it directly).
        if let target {
            target.perform(action, sender: sender, event: event)
            return true
        }
        guard let receiver = firstCandidate(sender)?.target(forAction: action, withSender: sender) else {
            return false
        }
        receiver.perform(action, sender: sender, event: event)
        return true
    }

    /// Where a target-less action starts: the key window's first responder, else the sender.
    func firstCandidate(_ sender: AnyObject?) -> Responder? {
        application.firstResponder ?? (sender as? Responder)
    }
}

/// The target-action routing of ``Application/sendAction(_:to:from:for:)`` (Behaviour A5).
struct ActionRouter {
    unowned let application: Application

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

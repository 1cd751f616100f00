// The dispatch target's edits of hover recognizers: disabled, enabled, detached and attached
// again between frames, as the other recognizers are. Behaviour A4 i applies to them as to any
// recognizer: disabling or detaching one that had begun cancels it (the only cancel a hover may
// get; the ledger allows it for exactly that edit), and A8 has an enabled or newly attached one
// follow the pointer at once.
import HitKit

extension DispatchStream {
    /// Disables or enables `hover`, or detaches it, or attaches a detached one to a random view.
    func editHover(_ hover: HoverGestureRecognizer) {
        if input.chance(128) {
            ledger.allowingCancel(of: hover) { hover.isEnabled.toggle() }
            log?("\(hover) enabled: \(hover.isEnabled)")
        } else if let view = hover.view {
            ledger.allowingCancel(of: hover) { view.removeGestureRecognizer(hover) }
            log?("\(hover) removed from \(view)")
        } else if let view = randomView() {
            view.addGestureRecognizer(hover)
            log?("\(hover) attached to \(view)")
        }
    }
}

extension DispatchLedger {
    /// Runs `edit`, during which `hover` may be cancelled (Behaviour A4 i).
    func allowingCancel(of hover: HoverGestureRecognizer, during edit: () -> Void) {
        cancellable = ObjectIdentifier(hover)
        defer { cancellable = nil }
        edit()
    }
}

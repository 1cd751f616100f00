// The first responder's life and the presses a change in the hierarchy cancels (Behaviour A10
// *Cancellation by HitKit* and *The first responder*).

extension Application {
    /// `view` and its subtree are leaving their window (removed, moved into another window, or
    /// the window removed): the presses whose routes hold a responder among them are cancelled,
    /// and the window's first responder, if among them, resigns (its answer is not asked).
    func keyboardViewWillLeaveWindow(_ view: View) {
        cancelPresses(because: "a responder of its route left its window") { press in
            press.route.contains { Self.isLeaving($0, with: view) }
        }
        guard let window = view as? Window ?? view.window, let firstResponder = window.storedFirstResponder,
              Self.isLeaving(firstResponder, with: view) else { return }
        let outerLeaving = window.subtreeLeaving
        window.subtreeLeaving = view
        firstResponder.resignFirstResponder()
        window.subtreeLeaving = outerLeaving
        // Its answer is ignored; but its resign may have made another responder first (moving
        // focus on loss), which stays.
        if window.storedFirstResponder === firstResponder { window.storedFirstResponder = nil }
    }

    /// `controller` is moving to a root view in another window, or in none, or leaving the
    /// responder chain for good (a host letting go of it) (Behaviour A10): the presses whose route
    /// passes through it are cancelled, and it stops being first responder. Its old view stays,
    /// so nothing else leaves.
    package func controllerWillLeaveWindow(_ controller: ViewController) {
        cancelPresses(because: "a responder of its route left its window") { press in
            press.route.contains { $0 === controller }
        }
        guard let window = controller.view.window, window.storedFirstResponder === controller else { return }
        controller.resignFirstResponder()
        // Its answer is ignored, as for a view that leaves.
        if window.storedFirstResponder === controller { window.storedFirstResponder = nil }
    }

    /// Whether `responder` leaves its window with `view`: it is `view` or inside it, or a
    /// controller whose view is.
    static func isLeaving(_ responder: Responder?, with view: View) -> Bool {
        switch responder {
        case let leaving as View: leaving === view || leaving.isDescendant(of: view)
        case let controller as ViewController: controller.view === view || controller.view.isDescendant(of: view)
        default: false
        }
    }

    /// The key window changed: every press under way is cancelled.
    func keyWindowDidChange() {
        cancelPresses(because: "the key window changed") { _ in true }
    }
}

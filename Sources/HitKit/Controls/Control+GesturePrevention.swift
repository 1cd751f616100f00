// Behaviour A5's "default actions prevent overlapping gestures": the tests the built-in controls'
// `gestureRecognizerShouldBegin(_:)` overrides use. A plain `Control` uses none of them.

extension Control {
    /// Whether `recognizer` is a tap the built-in tap-like controls stop: one tap of one finger,
    /// attached to another view, cancelling touches in view. A disabled control stops nothing:
    /// its touches behave as a plain view's.
    func isOverlappingSingleTap(_ recognizer: GestureRecognizer) -> Bool {
        guard isEnabled, let tap = recognizer as? TapGestureRecognizer, tap.view !== self,
              tap.touches.allSatisfy(\.isPrimaryOrDirect) else { return false }  // Behaviour A8
        return tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1 && tap.cancelsTouchesInView
    }

    /// Whether `recognizer` is a pan (of any kind) attached to another view, while enabled.
    func isForeignPan(_ recognizer: GestureRecognizer) -> Bool {
        isEnabled && recognizer is PanGestureRecognizer && recognizer.view !== self
            && recognizer.touches.allSatisfy(\.isPrimaryOrDirect)  // Behaviour A8
    }
}

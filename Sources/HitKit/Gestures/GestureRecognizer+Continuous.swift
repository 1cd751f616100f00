// The state rules continuous recognizers share (Behaviour A4: possible → began → changed* → ended).

extension GestureRecognizer {
    /// On a move: a possible recognizer begins once `thresholdCrossed`; a begun one changes.
    func advanceContinuous(beginningIf thresholdCrossed: @autoclosure () -> Bool) {
        switch requestedState {
        case .possible:
            if thresholdCrossed() { state = .began }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    /// On a lift that ends the gesture: a begun recognizer ends, a possible one fails.
    func endOrFail() {
        switch requestedState {
        case .began, .changed: state = .ended
        default: failIfPossible()
        }
    }
}

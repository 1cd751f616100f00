// Telling a scroll view's built-in recognizers from the others (Behaviour B6: a scene log leaves
// them out).

extension GestureRecognizer {
    /// Whether this is one of the recognizers a ``ScrollView`` creates and owns (its pan, or the
    /// recognizer that delays content touches), as opposed to one an application added.
    public var isScrollViewBuiltIn: Bool {
        self is ScrollViewPanGestureRecognizer || self is ContentTouchDelayGestureRecognizer
    }
}

/// The pan a ``ScrollView`` owns (its ``ScrollView/panGestureRecognizer``): a
/// ``PanGestureRecognizer`` whose type marks it as built in, so a scene log can leave it out
/// (Behaviour B6). Its scrolling is the scroll view's target; whether it may begin is the scroll
/// view's `gestureRecognizerShouldBegin(_:)` (Behaviour A4 b, A6).
final class ScrollViewPanGestureRecognizer: PanGestureRecognizer {
    /// A finger landing after the delay recognizer has let its sequence go (it failed, and
    /// takes no new touch until every finger lifts) is delivered without delay: the pan, which
    /// sees it first, asks `touchesShouldBegin` about it in the delay's stead.
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        super.touchesBegan(touches, with: event)
        guard let scrollView = view as? ScrollView else { return }
        let delay = scrollView.contentTouchDelayRecognizer
        // A touch that stopped the scroll view's motion is delivered to no view: nothing to ask.
        func isMissed(_ touch: Touch) -> Bool {
            touch.delivery == .awaitingBegan && !delay.sequenceTouches.contains { $0 === touch }
        }
        guard touches.contains(where: isMissed) else { return }
        scrollView.refuseContentTouchesIfAsked(Array(touches.filter(isMissed)), with: event)
    }

    /// A scroll view takes a scroll only on an axis its content exceeds it on (Behaviour A8).
    override func mayTakeScroll(delta: Point) -> Bool {
        guard let scrollView = view as? ScrollView, let window = scrollView.window else { return false }
        let windowDelta = difference(window.convertFromScreen(delta), window.convertFromScreen(.zero))
        return scrollView.canScroll(delta: windowDelta)
    }

    /// The touches of a sequence that stopped the scroll view's motion have lifted: without a
    /// drag, content left past an edge springs back (Behaviour A6.1).
    override func reset() {
        super.reset()
        guard let scrollView = view as? ScrollView, scrollView.settlesWhenTouchLifts else { return }
        scrollView.settlesWhenTouchLifts = false
        scrollView.settleIfPastEdge()
    }
}

// Telling a scroll view's built-in recognizers from the others (Behaviour B6: a scene log leaves
// them out).

extension GestureRecognizer {
    /// Whether this is one of the recognizers a ``ScrollView`` creates and owns (its pan, or the
    /// recognizer that delays content touches), as opposed to one an application added.
    public var isScrollViewBuiltIn: Bool {
        self is ScrollViewPanGestureRecognizer || self is ContentTouchDelayGestureRecognizer
    }
}

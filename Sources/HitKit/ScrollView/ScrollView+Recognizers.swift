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
        guard let scrollView = view as? ScrollView else { return false }
        return scrollView.canScroll(screenDelta: delta)
    }

    /// The sequence is over: if the touches that stopped the scroll view's motion or zoom
    /// animation are up too, a zoom left past a limit bounces back (Behaviour A6.2); without a
    /// drag, content left past an edge springs back (Behaviour A6.1).
    override func reset() {
        super.reset()
        (view as? ScrollView)?.settleIfStoppingTouchesEnded()
    }
}

// Telling a scroll view's built-in recognizers from the others (Behaviour B6: a scene log leaves
// them out).

extension GestureRecognizer {
    /// Whether this is one of the recognizers a ``ScrollView`` creates and owns (its pan, its
    /// pinch, or the recognizer that delays content touches), as opposed to one an application added.
    public var isScrollViewBuiltIn: Bool {
        self is ScrollViewPanGestureRecognizer || self is ContentTouchDelayGestureRecognizer
            || self is ScrollViewPinchGestureRecognizer
    }

    /// For a scroll view's built-in recognizer, its role ("pan", "pinch", "content touch delay")
    /// unless `view` is the scroll view that made it; `nil` for any other recognizer, or when
    /// `view` is its own scroll view. (Told by the scroll view's own properties: a removed
    /// built-in recognizer keeps no link to its scroll view.)
    func builtInOwnerRole(otherThan view: View) -> String? {
        let role: String
        switch self {
        case is ScrollViewPanGestureRecognizer: role = "pan"
        case is ScrollViewPinchGestureRecognizer: role = "pinch"
        case is ContentTouchDelayGestureRecognizer: role = "content touch delay"
        default: return nil
        }
        guard let scrollView = view as? ScrollView else { return role }
        let own = scrollView.panGestureRecognizer === self || scrollView.contentTouchDelayRecognizer === self
            || scrollView.pinchGestureRecognizer === self
        return own ? nil : role
    }
}

/// The built-in recognizer of a ``ScrollView`` that withholds touches from the content (Behaviour A6
/// `delaysContentTouches`, by Behaviour A4 g's `delaysTouchesBegan`).
///
/// It never begins or recognizes: it stays possible — withholding the began (and moved) phases
/// of its touches — until it *releases* them by failing:
/// - ``ScrollView/contentTouchDelay`` (0.15 s) after its first touch began (a timer's frame: the
///   content gets `touchesBegan` in that frame's step 5);
/// - or when one of its touches ends or is cancelled first (began and ended reach the content
///   together in that frame's step 5);
/// - or at once, in the frame the touches begin, when `delaysContentTouches` is false.
/// Just before failing it asks ``ScrollView/touchesShouldBegin(_:with:in:)`` about the touches
/// not yet delivered; refused ones are never delivered.
///
/// When the scroll view's pan begins first, the pan cancels its touches in their views (step 4),
/// which for a touch still withheld means the view never hears of it (Behaviour A4 g). Other
/// recognizers cannot make it fail early (``canBePrevented(by:)`` is false): the content waits the
/// full delay whatever else recognizes, and a recognizer that cancels touches in view takes the
/// withheld touch from the content anyway. It withholds no ends and cancels nothing itself.
final class ContentTouchDelayGestureRecognizer: GestureRecognizer {
    private var releaseTimer: TimerHandle?

    override init() {
        super.init()
        delaysTouchesBegan = true
        delaysTouchesEnded = false
        cancelsTouchesInView = false
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard let scrollView = view as? ScrollView, scrollView.delaysContentTouches else {
            traceCause("delaysContentTouches is false")
            return release(with: event)
        }
        if releaseTimer == nil {
            releaseTimer = schedule(after: scrollView.contentTouchDelay) { recognizer in
                recognizer.traceTimer((recognizer.view as? ScrollView)?.contentTouchDelay ?? 0, "passed without scrolling",
                                      named: "contentTouchDelay")
                (recognizer as? ContentTouchDelayGestureRecognizer)?.release(with: nil)
            }
        }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        traceCause("its touch ended before contentTouchDelay: the content gets began and end together")
        release(with: event)
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        release(with: event)
    }

    /// Asks the scroll view which content touches may be delivered, then fails (releasing them).
    private func release(with event: Event?) {
        guard requestedState == .possible else { return }
        cancelTimer(releaseTimer)
        releaseTimer = nil
        (view as? ScrollView)?.refuseContentTouchesIfAsked(sequenceTouches, with: event)
        state = .failed
    }

    override func canBePrevented(by other: GestureRecognizer) -> Bool { false }
    override func canPrevent(_ other: GestureRecognizer) -> Bool { false }

    override func reset() {
        super.reset()
        releaseTimer = nil
    }
}

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

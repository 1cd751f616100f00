/// A row of page dots (UIKit's `UIPageControl`): a touch-up-inside in its right half goes to
/// the next page, in its left half to the previous one, and sends
/// ``Control/Event/valueChanged`` when the page changed (not past the first or last page).
///
/// The half is the one where the finger lifts (its `x` against the bounds' middle).
///
/// It stops a foreign one-tap, one-finger tap that cancels touches in view (Behaviour A5).
open class PageControl: Control {
    /// The number of pages (default 0), from 0 to ``ControlLimits/maximumSegmentsOrPages``: a
    /// value outside clamps. Lowering it keeps ``currentPage`` on a page that exists.
    open var numberOfPages = 0 {
        didSet {
            let kept = Swift.min(Swift.max(0, numberOfPages), ControlLimits.maximumSegmentsOrPages)
            if kept != numberOfPages { numberOfPages = kept }
            currentPage = clamped(currentPage)
        }
    }
    /// The page shown, kept within `0..<numberOfPages` (0 when there are none). Setting it
    /// sends no event.
    open var currentPage = 0 {
        didSet {
            let kept = clamped(currentPage)
            if kept != currentPage { currentPage = kept }
        }
    }

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if isOverlappingSingleTap(gestureRecognizer) { return false }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    override func trackingStepDidFinish(_ step: TrackingStep, touch: Touch) {
        guard step == .ended(inside: true) else { return }
        let forward = touch.location(in: self).x >= bounds.standardized.midX
        let old = currentPage
        currentPage = clamped(forward ? currentPage + 1 : currentPage - 1)
        if currentPage != old { sendActions(for: .valueChanged) }
    }

    private func clamped(_ page: Int) -> Int {
        Swift.min(Swift.max(0, numberOfPages - 1), Swift.max(0, page))
    }
}

import Testing
@testable import HitKit

/// A scroll view's built-in recognizers belong to it (UIKit raises NSInvalidArgumentException:
/// "UIScrollView's built-in pan gesture recognizer must have its scroll view as its view"): given
/// to another view they trap, a mistake in the host's code, as an `addSubview` cycle does.
/// Removing one, and giving it back to its own scroll view, are allowed.
@Suite struct BuiltInRecognizerOwnershipTests {
    /// A 400 × 400 window with a zooming scroll view (content 400 × 2000, a zoom view, limits
    /// 1…2: it has its pinch) and a small plain view in front of its corner.
    struct Setup {
        let app = Application()
        let window: Window
        let scrollView: ScrollView
        let other: View

        init() {
            window = Window(frame: Rect(0, 0, 400, 400), in: app)
            scrollView = ScrollView(frame: Rect(0, 0, 400, 400), in: app)
            scrollView.contentSize = Size(width: 400, height: 2000)
            window.addSubview(scrollView)
            let content = View(frame: Rect(0, 0, 400, 2000), in: app)
            scrollView.addSubview(content)
            try! scrollView.setZoomView(content)
            try! scrollView.setMaximumZoomScale(2)
            other = View(frame: Rect(0, 0, 40, 40), in: app)
            window.addSubview(other)
        }

        /// A drag of 100 pt upward over the scroll view.
        func drag(at t: Double) throws {
            try app.frame(t, began(1, 200, 300))
            try app.frame(t + 0.05, moved(1, 200, 250))
            try app.frame(t + 0.1, moved(1, 200, 200))
            try app.frame(t + 0.1, ended(1, 200, 200))
            try app.advance(to: t + 5)
        }
    }

    @Test func givingThePanToAnotherViewTraps() async {
        await #expect(processExitsWith: .failure) {
            let setup = Setup()
            setup.other.addGestureRecognizer(setup.scrollView.panGestureRecognizer)
        }
    }

    @Test func givingThePinchToAnotherViewTraps() async {
        await #expect(processExitsWith: .failure) {
            let setup = Setup()
            setup.other.addGestureRecognizer(setup.scrollView.pinchGestureRecognizer!)
        }
    }

    /// The recognizer that delays content touches is listed among the scroll view's recognizers:
    /// it too stays with its scroll view.
    @Test func givingTheContentTouchDelayToAnotherViewTraps() async {
        await #expect(processExitsWith: .failure) {
            let setup = Setup()
            setup.other.addGestureRecognizer(setup.scrollView.gestureRecognizers[0])
        }
    }

    /// Another scroll view is another view: its own pan is all it takes.
    @Test func givingThePanToAnotherScrollViewTraps() async {
        await #expect(processExitsWith: .failure) {
            let setup = Setup()
            let second = ScrollView(frame: Rect(0, 0, 100, 100), in: setup.app)
            second.addGestureRecognizer(setup.scrollView.panGestureRecognizer)
        }
    }

    /// `gestureRecognizers = [...]` is held to the same rule, for a pan removed first too.
    @Test func settingAnotherScrollViewsPanAsRecognizersTraps() async {
        await #expect(processExitsWith: .failure) {
            let setup = Setup()
            let second = ScrollView(frame: Rect(0, 0, 100, 100), in: setup.app)
            second.gestureRecognizers = [setup.scrollView.panGestureRecognizer]
        }
        await #expect(processExitsWith: .failure) {
            let setup = Setup()
            let pan = setup.scrollView.panGestureRecognizer
            setup.scrollView.removeGestureRecognizer(pan)
            setup.other.gestureRecognizers = [pan]
        }
    }

    /// Without its pan the scroll view does not scroll by touch; given back, it does again.
    @Test func thePanRemovedAndGivenBackScrollsAgain() throws {
        let setup = Setup()
        let pan = setup.scrollView.panGestureRecognizer
        setup.scrollView.removeGestureRecognizer(pan)
        #expect(pan.view == nil)
        try setup.drag(at: 0)
        #expect(setup.scrollView.contentOffset == .zero)
        setup.scrollView.addGestureRecognizer(pan)
        #expect(pan.view === setup.scrollView)
        try setup.drag(at: 10)
        #expect(setup.scrollView.contentOffset.y > 0)
    }

    /// `gestureRecognizers = []` removes them all; set back, the scroll view scrolls again.
    @Test func allRemovedAndSetBackScrollsAgain() throws {
        let setup = Setup()
        let all = setup.scrollView.gestureRecognizers
        setup.scrollView.gestureRecognizers = []
        try setup.drag(at: 0)
        #expect(setup.scrollView.contentOffset == .zero)
        setup.scrollView.gestureRecognizers = all
        #expect(setup.scrollView.gestureRecognizers.map(ObjectIdentifier.init) == all.map(ObjectIdentifier.init))
        try setup.drag(at: 10)
        #expect(setup.scrollView.contentOffset.y > 0)
    }

    /// The pinch given back goes just below the pan, where the scroll view put it: the pan acts
    /// first in a frame (Behaviour A6.2), whatever order it is given back in.
    @Test func thePinchGivenBackGoesBelowThePan() throws {
        let setup = Setup()
        let scrollView = setup.scrollView
        let pan = scrollView.panGestureRecognizer, pinch = scrollView.pinchGestureRecognizer!
        let tap = TapGestureRecognizer()
        scrollView.addGestureRecognizer(tap)
        let before = scrollView.gestureRecognizers.map(ObjectIdentifier.init)
        scrollView.removeGestureRecognizer(pinch)
        scrollView.addGestureRecognizer(pinch)
        #expect(scrollView.gestureRecognizers.map(ObjectIdentifier.init) == before)
        scrollView.gestureRecognizers = [tap, pan, pinch]
        #expect(scrollView.gestureRecognizers.map(ObjectIdentifier.init) == [tap, pinch, pan].map(ObjectIdentifier.init))
    }
}

import Testing
@testable import HitKit

/// The responder chain ends (Behaviour A7): a presented controller's next responder is its
/// presenter, so a presentation, or a view edit, that would lead the chain from the presenter
/// back to the presented controller is a programming error the façade traps on, naming it,
/// rather than leaving every walk of the chain to hang. Edits that close no loop go on.
@Suite struct ResponderLoopTests {
    /// A window holding two controllers' root views side by side.
    struct Setup {
        let app = Application()
        let window: Window
        let presenter: ViewController, presented: ViewController

        init() {
            window = Window(frame: Rect(0, 0, 100, 100), in: app)
            presenter = ViewController(in: app)
            presented = ViewController(in: app)
            window.addSubview(presenter.view)
            window.addSubview(presented.view)
        }
    }

    @Test func presentingAControllerWhoseViewHoldsThePresentersIsALoop() {
        let setup = Setup()
        setup.presented.view.addSubview(setup.presenter.view)
        #expect(setup.presenter.wouldLoopResponderChain(presenting: setup.presented))
        #expect(!setup.presented.wouldLoopResponderChain(presenting: setup.presenter),
                "the other way round the chain runs presenter → presented → window")
    }

    @Test func presentingAControllerWhoseViewHoldsThePresentersTraps() async {
        await #expect(processExitsWith: .failure) {
            let setup = Setup()
            setup.presented.view.addSubview(setup.presenter.view)
            setup.presenter.present(setup.presented)
        }
    }

    @Test func movingThePresentersViewUnderThePresentedOnesIsALoop() {
        let setup = Setup()
        setup.presenter.present(setup.presented)
        #expect(setup.presented.view.wouldLoopResponderChain(adopting: setup.presenter.view))
        // A view inside the presenter's is not on the presenter's chain: moving it closes nothing.
        let inner = View(in: setup.app)
        setup.presenter.view.addSubview(inner)
        #expect(!setup.presented.view.wouldLoopResponderChain(adopting: inner))
        setup.presented.view.addSubview(inner)
        #expect(inner.superview === setup.presented.view)
    }

    @Test func movingThePresentersViewUnderThePresentedOnesTraps() async {
        await #expect(processExitsWith: .failure) {
            let setup = Setup()
            setup.presenter.present(setup.presented)
            setup.presented.view.addSubview(setup.presenter.view)
        }
    }

    /// A presenter given, as its root view, a view inside the controller it presents: the chain
    /// would run from that view to the presenter, on to the presented controller, and back.
    @Test func aPresenterGivenAViewInsideThePresentedOnesTraps() async {
        await #expect(processExitsWith: .failure) {
            let setup = Setup()
            setup.presenter.present(setup.presented)
            let inside = View(in: setup.app)
            setup.presented.view.addSubview(inside)
            setup.presenter.view = inside
        }
    }

    /// Given a view inside its own old view, or one in the presented controller's window beside
    /// it, a presenter closes no loop.
    @Test func aPresenterGivenAViewThatClosesNoLoopTakesIt() {
        let setup = Setup()
        setup.presenter.present(setup.presented)
        let oldView = setup.presenter.view
        let inner = View(in: setup.app)
        oldView.addSubview(inner)
        setup.presenter.view = inner
        #expect(inner.next === setup.presenter && setup.presenter.next === oldView && oldView.next === setup.window)
        let beside = View(in: setup.app)
        setup.window.addSubview(beside)
        setup.presenter.view = beside
        #expect(beside.next === setup.presenter && setup.presenter.next === setup.window)
    }

    /// A controller's root view stays in its application: a presenter given another
    /// application's view would be dismissed there, and the counts of presentations that the
    /// loop checks read would be wrong in both.
    @Test func aRootViewOfAnotherApplicationTraps() async {
        await #expect(processExitsWith: .failure) {
            let setup = Setup()
            let other = Application()
            setup.presenter.view = View(in: other)
        }
    }

    /// A view is the root view of one controller at most: a second one, made for it or given it,
    /// traps.
    @Test func aSecondControllerForARootViewTraps() async {
        await #expect(processExitsWith: .failure) {
            let setup = Setup()
            _ = ViewController(view: setup.presenter.view)
        }
        await #expect(processExitsWith: .failure) {
            let setup = Setup()
            setup.presented.view = setup.presenter.view
        }
    }

    /// The chain may pass through the moved view by way of another presentation; when the moved
    /// view's controller is itself presented, its superview is not on its chain, so the move
    /// adds no edge and closes nothing.
    @Test func aMoveThatReachesAPresentedRootViewOnlyThroughPresentationsIsNoLoop() {
        let setup = Setup()
        setup.presenter.present(setup.presented)
        let inside = ViewController(in: setup.app), other = ViewController(in: setup.app)
        setup.presented.view.addSubview(inside.view)
        setup.window.addSubview(other.view)
        inside.present(other)
        // The chain from other's view passes the presented view: other → inside (its presenter)
        // → inside's view's superview, the presented view. Without the presented controller's
        // own presenter, moving that view under other's would close a loop.
        #expect(!other.view.wouldLoopResponderChain(adopting: setup.presented.view))
        other.view.addSubview(setup.presented.view)
        #expect(setup.presented.view.superview === other.view)
        let expected: [Responder] = [other.view, other, inside, setup.presented.view, setup.presented,
                                     setup.presenter, setup.window, setup.app]
        #expect(chain(from: other.view).map(ObjectIdentifier.init) == expected.map(ObjectIdentifier.init))
    }

    @Test func withoutAPresentationNothingIsWalked() {
        let setup = Setup()
        #expect(setup.app.presentationsMade == 0)
        #expect(!setup.presented.view.wouldLoopResponderChain(adopting: setup.presenter.view))
        setup.presented.view.addSubview(setup.presenter.view)
        #expect(setup.presenter.view.superview === setup.presented.view)
    }

    /// A presenter freed without dismissing ends its presentations, its own and those of the
    /// controllers freed with it, so that edits go back to walking nothing.
    @Test func aPresenterFreedWithoutDismissingEndsItsPresentations() {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 100, 100), in: app)
        var presenter: ViewController? = ViewController(in: app)
        let presented = ViewController(in: app)
        window.addSubview(presenter!.view)
        presenter!.present(presented)
        #expect(app.presentationsMade == 1)
        presenter = nil
        #expect(presented.presentingViewController == nil)
        #expect(app.presentationsMade == 0)

        // A chain of three: the first freed frees the second (held only by it), which ends the
        // presentation of the third.
        var first: ViewController? = ViewController(in: app)
        let third = ViewController(in: app)
        do {
            let second = ViewController(in: app)
            first!.present(second)
            second.present(third)
        }
        #expect(app.presentationsMade == 2)
        first = nil
        #expect(third.presentingViewController == nil)
        #expect(app.presentationsMade == 0)

        // One kept by someone else stays presented by the one kept.
        var outer: ViewController? = ViewController(in: app)
        let middle = ViewController(in: app), inner = ViewController(in: app)
        outer!.present(middle)
        middle.present(inner)
        outer = nil
        #expect(inner.presentingViewController === middle)
        #expect(app.presentationsMade == 1)
    }

    /// The chain from `responder` to its end; a chain longer than the test's objects loops.
    private func chain(from responder: Responder) -> [Responder] {
        var chain: [Responder] = [], current: Responder? = responder
        while let next = current, chain.count <= 100 {
            chain.append(next)
            current = next.next
        }
        #expect(current == nil, "the chain loops")
        return chain
    }
}

import Testing
@testable import HitKit

/// The loop checks walk the chain up and search what leads to the target down in step, and stop
/// when either ends (``Responder/chainSearch(for:)``): presenting a controller, or adding a
/// subtree, at the end of a long chain of presentations costs the size of what is added, not the
/// length of the chain. Walked up alone, a chain of 3,000 presentations built one at a time took
/// 4.5 million steps; here each presentation takes at most three.
@Suite struct ResponderChainSearchTests {
    static let length = 3_000

    /// A window, and a chain of `length` controllers from `root` each presenting the next, each
    /// view holding one subview (so no check takes the shortcut for bare views); returns the
    /// steps of each presentation's check. The caller keeps `root`, which holds the chain.
    static func presentChain(in app: Application)
        -> (window: Window, root: ViewController, innermost: ViewController, steps: [Int])
    {
        let window = Window(frame: Rect(0, 0, 100, 100), in: app)
        let root = ViewController(in: app)
        window.addSubview(root.view)
        var innermost = root, steps: [Int] = []
        for _ in 1..<length {
            let controller = ViewController(in: app)
            controller.view.addSubview(View(frame: Rect(0, 0, 1, 1), in: app))
            let search = innermost.chainSearch(for: controller)
            #expect(!search.reaches)
            steps.append(search.steps)
            innermost.present(controller)
            innermost = controller
        }
        return (window, root, innermost, steps)
    }

    @Test("each presentation of a long chain searches down: the controller, its view, its subview")
    func presentingAtTheEndOfALongChain() {
        let app = Application()
        let (_, root, innermost, steps) = Self.presentChain(in: app)
        #expect(innermost.presentingViewController != nil && root.presentedViewController != nil)
        // Down from the new controller: itself, its view, the view's one subview, then nothing:
        // the fourth step finds the search over. (Up from the root is as short: the root, the
        // window, the application, then nothing.)
        #expect(steps.count == Self.length - 1 && steps.allSatisfy { $0 == 3 }, "steps from \(steps.min() ?? 0) to \(steps.max() ?? 0)")
    }

    @Test("a subtree added under the end of a long chain is searched, not the chain")
    func addingASubtreeAtTheEndOfALongChain() {
        let app = Application()
        let (_, root, innermost, _) = Self.presentChain(in: app)
        defer { withExtendedLifetime(root) {} }
        let subtree = View(frame: Rect(0, 0, 10, 10), in: app)
        for _ in 0..<3 { subtree.addSubview(View(frame: Rect(0, 0, 1, 1), in: app)) }
        // Down from the subtree: itself and its three subviews, then nothing.
        let search = innermost.view.chainSearch(for: subtree)
        #expect(!search.reaches && search.steps == 4)
        innermost.view.addSubview(subtree)
        #expect(subtree.superview === innermost.view)
    }

    @Test("a wide view presented from near the chain's root: the short walk up decides")
    func presentingAWideViewFromAShortChain() {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 100, 100), in: app)
        let presenter = ViewController(in: app)
        window.addSubview(presenter.view)
        let wide = ViewController(in: app)
        for _ in 0..<10_000 { wide.view.addSubview(View(frame: Rect(0, 0, 1, 1), in: app)) }
        // Up from the presenter: itself, the window, the application, then nothing.
        let search = presenter.chainSearch(for: wide)
        #expect(!search.reaches && search.steps == 3)
    }

    @Test("a loop is found by the walk up, after the path that closes it")
    func loopsAreFoundOnTheWayUp() {
        let app = Application()
        let (window, root, innermost, _) = Self.presentChain(in: app)
        let outer = ViewController(in: app)
        window.addSubview(outer.view)
        // The chain's root view moved under a new controller's view: presenting that controller
        // from the innermost would loop. What leads down from it is the whole chain, searched
        // branch by branch, so the walk up meets it first: the 3,000 controllers, the new
        // controller's view, then the controller, at step 3,001.
        outer.view.addSubview(root.view)
        let presenting = innermost.chainSearch(for: outer)
        #expect(presenting.reaches && presenting.steps == Self.length + 1)
        #expect(innermost.wouldLoopResponderChain(presenting: outer))
        // Adding the new controller's view under the innermost's is the same loop, one step
        // longer: the walk starts at the innermost's view.
        let adopting = innermost.view.chainSearch(for: outer)
        #expect(adopting.reaches && adopting.steps == Self.length + 2)
        #expect(innermost.view.wouldLoopResponderChain(adopting: outer.view))
    }
}

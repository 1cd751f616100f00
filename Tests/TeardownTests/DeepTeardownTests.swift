import HitTestDifferential
import Testing
@testable import HitKit

/// Freeing a view tree (ViewTeardown) and nested controllers (ViewController's `deinit`) is
/// iterative: 100,000-deep chains built through the façade are torn down on a thread whose stack
/// is 256 KiB. Freed recursively, each level costs a
/// few hundred bytes of stack in `deinit`, so the same teardown would need tens of megabytes and
/// crash the process.
@Suite struct DeepTeardownTests {
    /// A quarter under the sanitizers (`TestSeeds`), where building a level costs ten times more:
    /// 25,000 levels still need megabytes freed recursively, where the thread has 256 KiB.
    static let depth = TestSeeds.repeats(100_000)

    /// Builds the chain bottom-up (each edit O(1)), frees it, and reports whether every row went.
    static func buildAndFreeChain() -> Bool {
        let app = Application()
        var root: View? = View(frame: Rect(0, 0, 10, 10), in: app)
        for _ in 1..<depth {
            let parent = View(frame: Rect(0, 0, 10, 10), in: app)
            parent.addSubview(root!)
            root = parent
        }
        let before = app.store.liveViewCount
        root = nil  // the whole chain goes here
        return before == depth && app.store.liveViewCount == 0
    }

    @Test func aDeepChainIsFreedOnASmallStack() throws {
        #expect(try SmallStack.run { Self.buildAndFreeChain() })
    }

    /// A chain of controllers, each a child of the one before (`presenting`: each presenting the
    /// next), freed with its root; reports whether the innermost went.
    static func buildAndFreeControllers(presenting: Bool) -> Bool {
        let app = Application()
        var root: ViewController? = ViewController(in: app)
        weak var innermost = root  // holds nothing: each controller is held by the one before
        for _ in 1..<depth {
            let controller = ViewController(in: app)
            if presenting { innermost?.present(controller) } else { innermost?.addChild(controller) }
            innermost = controller
        }
        root = nil  // the whole chain goes here
        return innermost == nil
    }

    @Test(arguments: [false, true])
    func deepControllersAreFreedOnASmallStack(presenting: Bool) throws {
        #expect(try SmallStack.run { Self.buildAndFreeControllers(presenting: presenting) })
    }
}

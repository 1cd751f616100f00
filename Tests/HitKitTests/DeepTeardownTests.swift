import Glibc
import Testing
@testable import HitKit

/// Freeing a view tree is iterative (ViewTeardown): a 100,000-deep chain is torn down on a thread
/// whose stack is 512 KiB. Freed recursively, each level costs a few hundred bytes of stack in
/// `deinit`, so the same teardown would need tens of megabytes and crash the process.
@Suite struct DeepTeardownTests {
    static let depth = 100_000

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
        let result = try Self.runOnThread(stackSize: 512 * 1024) { Self.buildAndFreeChain() }
        #expect(result)
    }

    /// Runs `body` on a new thread with the given stack size and returns its answer.
    static func runOnThread(stackSize: Int, _ body: @escaping @Sendable () -> Bool) throws -> Bool {
        final class Box: @unchecked Sendable {
            let body: @Sendable () -> Bool
            var result = false
            init(_ body: @escaping @Sendable () -> Bool) { self.body = body }
        }
        let box = Box(body)
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        try #require(pthread_attr_setstacksize(&attributes, stackSize) == 0)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(box).toOpaque()
        let created = pthread_create(&thread, &attributes, { context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            box.result = box.body()
            return nil
        }, context)
        try #require(created == 0)
        pthread_join(thread, nil)
        return box.result
    }
}

import Testing
@testable import HitKit

/// glibc's size of the heap block at `pointer` (Glibc's module map leaves out malloc.h).
@_silgen_name("malloc_usable_size")
private func mallocUsableSize(_ pointer: UnsafeMutableRawPointer?) -> Int

/// A view object is small (a large scene has one per element): what few views set lives in a
/// side object made on first use, and a view keeps its subviews in an array with a place hint.
/// (Benchmarks/scene-memory.sh measures the bytes a built view costs in all.)
@Suite struct ViewStorageTests {
    let app = Application()
    let window: Window

    init() {
        window = Window(frame: Rect(0, 0, 100, 100), in: app)
    }

    /// The heap block of an object, as malloc sized it.
    private func blockBytes(_ object: AnyObject) -> Int {
        mallocUsableSize(Unmanaged.passUnretained(object).toOpaque())
    }

    /// The smallest block among several objects made alike: malloc may hand one object a larger
    /// free block it does not split (other tests allocate on other threads meanwhile), never all.
    private func smallestBlockBytes(_ make: () -> AnyObject) -> Int {
        let objects = (0..<16).map { _ in make() }
        return objects.map(blockBytes).min() ?? 0
    }

    @Test func aPlainViewFitsAnEightyByteBlock() {
        // glibc's 80-byte chunk leaves 72 usable bytes; the view was 112 bytes in a 128-byte chunk.
        #expect(smallestBlockBytes { View(frame: Rect(0, 0, 10, 10), in: app) } <= 72)
        #expect(smallestBlockBytes { Responder() } <= 40)
    }

    @Test func defaultsAndClearedValuesMakeNoSideObject() {
        let view = View(frame: Rect(0, 0, 10, 10), in: app)
        window.addSubview(view)
        view.performableActions = []
        view.acceptsFirstResponder = false
        view.owningViewController = nil
        _ = view.gestureRecognizers
        _ = view.canBecomeFirstResponder
        #expect(view.sideStorage == nil)
        #expect(view.performableActions.isEmpty && !view.acceptsFirstResponder)
    }

    @Test func eachRarelySetPropertyIsKeptInTheSideObject() {
        let view = View(frame: Rect(0, 0, 10, 10), in: app)
        window.addSubview(view)
        view.acceptsFirstResponder = true
        #expect(view.sideStorage != nil && view.canBecomeFirstResponder && view.becomeFirstResponder())
        view.performableActions = [Action("copy:")]
        #expect(view.canPerformAction(Action("copy:"), withSender: nil))
        let recognizer = GestureRecognizer()
        view.addGestureRecognizer(recognizer)
        #expect(view.gestureRecognizers.count == 1 && recognizer.view === view)
        let controller = ViewController(view: view)
        #expect(view.next === controller)
        var calls = 0
        view.observeTouches { _, _, touches, _ in calls += 1; return touches }
        view.receive(.touchesBegan, [], with: nil)
        #expect(calls == 1)
        view.removeGestureRecognizer(recognizer)
        #expect(view.gestureRecognizers.isEmpty && recognizer.view == nil)
    }

    @Test func subviewsStayAliveUntilRemovedWhicheverOrderTheyLeave() {
        var weakViews: [WeakReference<View>] = []
        for _ in 0..<6 {
            let view = View(frame: Rect(0, 0, 5, 5), in: app)
            window.addSubview(view)
            weakViews.append(WeakReference(view))
        }
        // Removed from the middle, the front and the back: each removal swaps the last kept
        // subview into the freed place, and every other subview must stay kept.
        for (removals, position) in [2, 0, 3, 0, 1, 0].enumerated() {
            window.subviews[position].removeFromSuperview()
            #expect(weakViews.filter { $0.object != nil }.count == 5 - removals, "exactly the removed one is freed")
            #expect(window.subviews.count == window.retainedSubviews.count)
            for (index, kept) in window.retainedSubviews.enumerated() {
                #expect(Int(kept.indexInRetainedSubviews) == index, "each kept subview knows its place")
            }
        }
        #expect(window.retainedSubviews.isEmpty)
    }

    @Test func aMovedSubviewIsKeptOnceByItsNewSuperviewAndFreedWithIt() {
        weak var weakChild: View?
        weak var weakOldParent: View?
        let newParent = View(frame: Rect(0, 0, 50, 50), in: app)
        window.addSubview(newParent)
        do {
            let oldParent = View(frame: Rect(0, 0, 50, 50), in: app)
            let sibling = View(frame: Rect(0, 0, 5, 5), in: app)
            let child = View(frame: Rect(0, 0, 5, 5), in: app)
            oldParent.addSubview(sibling)
            oldParent.addSubview(child)
            newParent.addSubview(child)
            // Reordered within its superview: still kept once.
            newParent.insertSubview(child, at: 0)
            newParent.bringSubviewToFront(child)
            #expect(oldParent.retainedSubviews.count == 1 && oldParent.retainedSubviews[0] === sibling)
            #expect(newParent.retainedSubviews.count == 1)
            weakChild = child
            weakOldParent = oldParent
        }
        #expect(weakOldParent == nil, "the old superview no longer keeps anything it lost")
        #expect(weakChild != nil, "the new superview keeps it")
        weakChild?.removeFromSuperview()
        #expect(weakChild == nil, "kept once: one removal frees it")
    }
}

import Testing
@testable import HitKit

/// The follow-up bound (``DeferredWork``) on the frames a stopped recognizer asks for (Behaviour
/// A4 i): waiters released by a stop that an action made during one of those frames are resolved
/// by another, at most four in a row; "what is still due after that waits for the next
/// delivery's end".
@Suite struct ResolutionFollowUpLimitTests {
    /// Stays possible, never prevents nor is prevented: a requirement that only a stop can fail.
    final class Stays: GestureRecognizer {
        override func canPrevent(_ other: GestureRecognizer) -> Bool { false }
        override func canBePrevented(by other: GestureRecognizer) -> Bool { false }
    }

    /// Asks to be recognized on its touch's began; waits while its requirement is possible.
    final class Recognizes: GestureRecognizer {
        override class var isDiscrete: Bool { true }
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { state = .recognized }
        override func canPrevent(_ other: GestureRecognizer) -> Bool { false }
        override func canBePrevented(by other: GestureRecognizer) -> Bool { false }
    }

    let app = Application()
    let view: View
    let required = (0..<7).map { _ in Stays() }
    let waiters = (0..<7).map { _ in Recognizes() }
    let recorded = Recorded()

    final class Recorded {
        var recognized: [Int] = []
        var next: Int?
    }

    /// A chain: waiter k requires requirement k to fail, and the end of the frame that recognized
    /// it (an observer of frame ends, after the frame's step 3) disables requirement k + 1.
    /// Disabling requirement 0 releases waiter 0; the frame resolving it releases waiter 1, and
    /// so on: each stop makes one more resolving frame due.
    init() throws {
        let window = Window(frame: Rect(0, 0, 800, 400), in: app)
        view = View(frame: Rect(0, 0, 400, 400), in: app)
        window.addSubview(view)
        window.makeKeyAndVisible()
        for k in 0..<7 {
            view.addGestureRecognizer(required[k])
            view.addGestureRecognizer(waiters[k])
            waiters[k].require(toFail: required[k])
            waiters[k].addTarget { [recorded, required] _ in
                recorded.recognized.append(k)
                if k + 1 < required.count { recorded.next = k + 1 }
            }
        }
        app.observeFrameEnds { [recorded, required] _ in
            guard let next = recorded.next else { return }
            recorded.next = nil
            required[next].isEnabled = false
        }
        try app.send(InputFrame(timestamp: 0, touches: [TouchInput(id: 1, phase: .began, location: Point(50, 50))]))
        #expect(recorded.recognized.isEmpty, "every waiter waits for its requirement")
    }

    /// The stop outside any delivery is followed before the setter returns: four resolving frames
    /// in a row, each recognizing one waiter; the waiter the fourth one released is left due.
    @Test func resolvingFramesAreFollowedFourInARowAndTheRestIsLeftDue() {
        required[0].isEnabled = false
        #expect(recorded.recognized == [0, 1, 2, 3])
        #expect(required[4].state == .possible && !required[4].isEnabled, "stopped and reset")
        #expect(waiters[4].requestedState == .recognized, "released, not yet resolved")
        #expect(app.deferredWork.needsResolution, "kept with the rest of the deferred work")
    }

    /// What the bound left is resolved at the next delivery's end: a frame without input
    /// (`advance`, 0), with input (another finger, on the window, 1), or a group of edits that
    /// changed nothing (2), before the chain goes on, bounded again.
    @Test(arguments: [0, 1, 2])
    func whatTheBoundLeftIsResolvedAtTheNextDeliverysEnd(by delivery: Int) throws {
        required[0].isEnabled = false
        recorded.recognized = []
        switch delivery {
        case 0: try app.advance(to: 0.1)
        case 1: try app.send(InputFrame(timestamp: 0.1, touches: [TouchInput(id: 2, phase: .began, location: Point(600, 50))]))
        default: app.deferringUpdates {}
        }
        #expect(recorded.recognized == [4, 5, 6])
    }

    /// A hover pass is a delivery too (``DeferredWork``), with or without a pointer on the
    /// screen: what the bound left is resolved at its end.
    @Test(arguments: [false, true])
    func whatTheBoundLeftIsResolvedAtTheEndOfAHoverPass(withPointer: Bool) throws {
        if withPointer { try app.send(InputFrame(timestamp: 0.05, pointer: PointerInput(id: 7, location: Point(600, 50)))) }
        required[0].isEnabled = false
        recorded.recognized = []
        app.updateHover()
        #expect(recorded.recognized.first == 4)
        #expect(waiters[4].state == .recognized)
    }
}

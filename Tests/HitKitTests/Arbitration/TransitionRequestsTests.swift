import Testing
@testable import HitKit

/// An entry's requested transitions: oldest first for step 3, and the newest, which
/// `requestedState` reads, always the list's last.
struct TransitionRequestsTests {
    @Test func theNewestFollowsEveryChange() {
        var requests = TransitionRequests()
        #expect(requests.isEmpty && requests.last == nil && requests.first == nil)
        requests.append(.began)
        requests.append(.changed)
        requests.append(.ended)
        #expect(requests.first == .began && requests.last == .ended && !requests.isEmpty)
        requests.removeFirst()
        #expect(requests.first == .changed && requests.last == .ended)
        requests.removeFirst()
        #expect(requests.first == .ended && requests.last == .ended)
        requests.removeFirst()
        #expect(requests.isEmpty && requests.last == nil && requests.first == nil)
        requests.append(.failed)
        #expect(requests.first == .failed && requests.last == .failed)
        requests.removeAll()
        #expect(requests.isEmpty && requests.last == nil && requests.first == nil)
    }

    @Test func aRecognizersRequestedStateIsItsNewestRequestUntilStepThree() throws {
        let scene = GestureScene()
        let recognizer = scene.attach(ScriptedRecognizer(), to: scene.white, as: "g")
        var seen: [GestureRecognizer.State] = []
        recognizer.onBegan = { g in
            seen.append(g.requestedState)
            g.state = .began
            seen.append(g.requestedState)
            g.state = .changed
            seen.append(g.requestedState)
        }
        recognizer.onEnded = { g in
            g.state = .ended
            seen.append(g.requestedState)
        }
        try scene.app.frame(0, began(1, 100, 100))
        #expect(seen == [.possible, .began, .changed])
        #expect(recognizer.state == .changed && recognizer.requestedState == .changed,
                "both requests resolved in the frame: nothing is left but the state")
        try scene.app.frame(0.1, ended(1, 100, 100))
        #expect(seen == [.possible, .began, .changed, .ended])
        #expect(recognizer.resets == 1 && recognizer.requestedState == .possible, "reset once its touch ended")
    }
}

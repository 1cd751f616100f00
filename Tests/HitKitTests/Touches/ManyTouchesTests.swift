import HitTestDifferential
import Testing
@testable import HitKit

/// One frame of 50,000 new touches completes and is delivered by the admission rules: admission
/// is O(1) per touch (per-view and per-window counters); sorting and scanning every touch down
/// for each new one would take minutes for such a frame.
@Suite struct ManyTouchesTests {
    final class CountingView: View {
        var began = 0, ended = 0
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { began += touches.count }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { ended += touches.count }
    }

    @Test func fiftyThousandTouchesInOneFrame() throws {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 200, 100), in: app)
        let multi = CountingView(frame: Rect(0, 0, 100, 100), in: app)
        multi.isMultipleTouchEnabled = true
        let single = CountingView(frame: Rect(100, 0, 100, 100), in: app)
        window.addSubview(multi)
        window.addSubview(single)
        // A quarter as many under the sanitizers (`TestSeeds`), where each touch costs seven
        // times as much: the plain run holds admission to O(1), they the memory it touches.
        let count = TestSeeds.repeats(50_000)
        // Even ids on the multiple-touch view, odd ones on the single-touch view.
        func location(_ id: Int) -> Point { Point(id % 2 == 0 ? 50 : 150, 50) }
        try app.send(InputFrame(timestamp: 0, touches: (0..<count).map {
            TouchInput(id: $0, phase: .began, location: location($0))
        }))
        #expect(multi.began == count / 2)
        #expect(single.began == 1)  // only the first of its simultaneous touches
        #expect(app.activeTouches.count == count)

        try app.send(InputFrame(timestamp: 0.1, touches: (0..<count).map {
            TouchInput(id: $0, phase: .ended, location: location($0))
        }))
        #expect(multi.ended == count / 2)
        #expect(single.ended == 1)
        #expect(app.activeTouches.isEmpty)
        // Every counter is back to zero: the next touch on the single-touch view is admitted.
        try app.send(InputFrame(timestamp: 0.2, touches: [TouchInput(id: 1, phase: .began, location: location(1))]))
        #expect(single.began == 2)
    }
}

import Testing
@testable import HitKit

/// Behaviour A3's `tapCount`: 0.35 s and 45 pt from the end of the previous touch on the same view.
@Suite struct TapCountTests {
    let app = Application()
    let view: ProbeView
    let other: ProbeView

    init() {
        let window = Window(frame: Rect(0, 0, 400, 400), in: app)
        view = ProbeView(frame: Rect(0, 0, 200, 400), in: app)
        other = ProbeView(frame: Rect(200, 0, 200, 400), in: app)
        window.addSubview(view)
        window.addSubview(other)
    }

    /// Taps at the given (begin time, x) pairs, each lasting 0.05 s, and returns their tap counts.
    func taps(_ taps: [(Double, Double)], y: Double = 100) throws -> [Int] {
        var counts: [Int] = []
        for (t, x) in taps {
            try app.frame(t, began(1, x, y))
            counts.append(try #require(app.activeTouches.first).tapCount)
            try app.frame(t + 0.05, ended(1, x, y))
        }
        return counts
    }

    @Test func quickTapsNearbyCountUp() throws {
        #expect(try taps([(0, 50), (0.3, 60), (0.6, 50)]) == [1, 2, 3])
        #expect(view.calls.filter { $0.method == "began" }.map { $0.touches[0].tapCount } == [1, 2, 3])
    }

    @Test func theIntervalBoundaryIsInclusive() throws {
        try app.frame(0, began(1, 50, 100))
        try app.frame(0.5, ended(1, 50, 100))
        try app.frame(0.85, began(1, 50, 100))  // 0.85 - 0.5 == 0.35 exactly in Double
        #expect(app.activeTouches.first?.tapCount == 2)
        try app.frame(1, ended(1, 50, 100))
        try app.frame(1.3500001, began(1, 50, 100))
        #expect(app.activeTouches.first?.tapCount == 1)
    }

    @Test func tooFarStartsAgain() throws {
        #expect(try taps([(0, 50), (0.1, 95)]) == [1, 2], "45 pt away still counts")
        #expect(try taps([(1, 50), (1.1, 96)]) == [1, 1])
    }

    @Test func theCountIsPerView() throws {
        // 20 pt apart but on another view: 1. The third tap continues the first view's count,
        // whose previous touch ended 0.15 s before on the same spot.
        #expect(try taps([(0, 190), (0.1, 210), (0.2, 190)]) == [1, 1, 2])
    }

    @Test func aCancelledTouchBreaksTheSequence() throws {
        #expect(try taps([(0, 50)]) == [1])
        try app.frame(0.1, began(1, 50, 100))
        try app.frame(0.15, cancelled(1))
        #expect(try taps([(0.2, 50)]) == [1])
    }

    @Test func thresholdsAreSettable() throws {
        app.multiTapMaximumInterval = 1
        app.multiTapMaximumDistance = 5
        #expect(try taps([(0, 50), (0.9, 54), (1.8, 60)]) == [1, 2, 1])
    }

    @Test func trackerOnItsOwn() {
        let tracker = TapCountTracker()
        #expect(tracker.tapCount(on: view, at: 0, location: .zero, maximumInterval: 1, maximumDistance: 1) == 1)
        #expect(tracker.tapCount(on: nil, at: 0, location: .zero, maximumInterval: 1, maximumDistance: 1) == 1)
    }

    /// The last taps of freed views are dropped as the table grows, and those of live views are
    /// kept however many there are (each still continues its count).
    @Test func theLastTapsOfFreedViewsAreDroppedAndLiveOnesKept() throws {
        let window = try #require(view.window)
        var time = 1.0
        func tap(_ target: View, id: Int) throws {
            let center = Point(target.frame.midX, target.frame.midY)
            try app.frame(time, TouchInput(id: id, phase: .began, location: center))
            try app.frame(time + 0.01, TouchInput(id: id, phase: .ended, location: center))
            time += 0.02
        }
        for index in 0..<200 {
            let cell = View(frame: Rect(0, 300, 10, 10), in: app)
            window.addSubview(cell)
            try tap(cell, id: index)
            cell.removeFromSuperview()
        }
        let tracker = app.dispatcher.tapCounts
        #expect(tracker.entryCount <= 64, "\(tracker.entryCount) entries after 200 freed views")
        let cells = (0..<100).map { (index: Int) -> View in
            let column = Double(index % 40), row = Double(index / 40)
            return View(frame: Rect(column * 10, 300 + row * 10, 10, 10), in: app)
        }
        for cell in cells { window.addSubview(cell) }
        for (index, cell) in cells.enumerated() { try tap(cell, id: 1_000 + index) }
        #expect(tracker.entryCount >= cells.count)
        // The first cell's last tap, 99 taps ago, is 1.98 s old: a new sequence; then a second tap.
        try tap(cells[0], id: 2_000)
        let center = Point(cells[0].frame.midX, cells[0].frame.midY)
        try app.frame(time, TouchInput(id: 2_001, phase: .began, location: center))
        #expect(try #require(app.activeTouches.first).tapCount == 2)
    }
}

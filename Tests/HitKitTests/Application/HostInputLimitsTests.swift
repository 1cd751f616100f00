import Testing
@testable import HitKit
@testable import HitTestCore

/// Values at the edges of what a host can pass through the Swift API — far-off locations, NaN,
/// indices and capacities out of range, input sent from inside a hit test: each is answered as
/// its documentation says, and nothing traps ("an impossible input is a typed error, and every
/// other touch, key and view goes on working").
@Suite struct HostInputLimitsTests {
    let app = Application()
    let window: Window

    init() {
        window = Window(frame: Rect(0, 0, 200, 200), in: app)
    }

    // MARK: Subview indices

    @Test func anInsertionIndexPastTheEndPutsTheViewInFrontAndANegativeOneBehind() {
        let first = View(in: app), front = View(in: app), back = View(in: app)
        window.addSubview(first)
        window.insertSubview(front, at: 5)
        window.insertSubview(back, at: -1)
        #expect(window.subviews.map(ObjectIdentifier.init) == [back, first, front].map(ObjectIdentifier.init))
        // Moving a subview already there counts the others only: past the end is the front.
        window.insertSubview(back, at: 3)
        #expect(window.subviews.map(ObjectIdentifier.init) == [first, front, back].map(ObjectIdentifier.init))
    }

    // MARK: Segmented control

    @Test func aSegmentIndexOfNaNIsNoSegmentAndFarPointsTakeTheEndSegments() {
        let control = SegmentedControl(items: ["a", "b", "c"], frame: Rect(0, 0, 90, 30), in: app)
        #expect(control.segmentIndex(atX: .nan) == SegmentedControl.noSegment)
        #expect(control.segmentIndex(atX: 1e300) == 2)
        #expect(control.segmentIndex(atX: .infinity) == 2)
        #expect(control.segmentIndex(atX: -1e300) == 0)
        #expect(control.segmentIndex(atX: 45) == 1)
    }

    /// A control 10⁻²⁰ pt wide with a grown hit area: a tap 40 pt to its right lies beyond its
    /// right edge, so the last segment is selected (A5: the segment under the touch, the end
    /// segments taking what lies beyond the edges).
    @Test func aTapBeyondAnAlmostZeroWideControlSelectsItsLastSegment() throws {
        let control = SegmentedControl(items: ["a", "b"], frame: Rect(50, 50, 1e-20, 30), in: app)
        control.minimumHitSize = Size(width: 100, height: 100)
        window.addSubview(control)
        try app.send(InputFrame(timestamp: 1, touches: [TouchInput(id: 1, phase: .began, location: Point(90, 60))]))
        try app.send(InputFrame(timestamp: 1.1, touches: [TouchInput(id: 1, phase: .ended, location: Point(90, 60))]))
        #expect(control.selectedSegmentIndex == 1)
    }

    // MARK: The trace

    /// A finite location far off the screen: the trace writes it with an exponent rather than
    /// as digits that no Int64 holds.
    @Test func aTraceWritesALocationFarOffTheScreen() throws {
        var lines: [String] = []
        let token = app.observeTrace { lines.append($0.text) }
        try app.send(InputFrame(timestamp: 1, touches: [TouchInput(id: 1, phase: .began, location: Point(1e16, -2.5e20))]))
        #expect(lines.contains { $0.contains("(10000000000000000, -2.5e+20)") }, "\(lines)")
        #expect(TraceFormat.number(8e15) == "8000000000000000")
        #expect(TraceFormat.number(-8e18) == "-8000000000000000000")
        #expect(TraceFormat.number(1e19) == "1e+19")
        #expect(TraceFormat.number(2.5e-7) == "0")
        withExtendedLifetime(token) {}
    }

    // MARK: Capacities

    @Test func aCapacityPastTheViewLimitReservesUpToTheLimit() {
        let small = Application(storeCapacity: .max, viewLimit: 100)
        #expect(small.store.capacity <= 128)
        small.reserveCapacity(forViews: .max)
        small.reserveCapacity(forViews: -5)
        #expect(small.store.capacity <= 128)
        let window = Window(frame: Rect(0, 0, 10, 10), in: small)
        for _ in 0..<99 { window.addSubview(View(in: small)) }
        #expect(window.subviews.count == 99)
        #expect(small.store.isFull)
    }

    // MARK: Timers

    @Test func aTimerAtNaNNeverFiresAndHoldsBackNoOther() throws {
        var fired: [String] = []
        app.schedule(at: .nan) { fired.append("nan") }
        app.schedule(at: 1) { fired.append("one") }
        app.schedule(at: .infinity) { fired.append("infinity") }
        app.schedule(at: 1.5) { fired.append("one and a half") }
        try app.advance(to: 2)
        #expect(fired == ["one", "one and a half"])
        #expect(app.pendingTimerCount == 2)
    }

    // MARK: Input from inside a hit test

    /// A view whose hit-test override runs `body`.
    final class HitTestRunner: View {
        var body: () -> Void = {}
        override func hitTest(_ point: Point, with event: Event?) -> View? {
            body()
            return super.hitTest(point, with: event)
        }
    }

    /// A frame sent from an override that the host's own hit test runs would deliver inside
    /// the query, where a touch method's edit would trap: it is refused whole, as one sent from
    /// inside a delivery is.
    @Test func aFrameSentFromAHitTestOverrideIsRefused() {
        let runner = HitTestRunner(frame: Rect(0, 0, 200, 200), in: app)
        window.addSubview(runner)
        var reasons: [InputError.Reason] = []
        runner.body = { [unowned app] in
            do throws(InputError) {
                try app.send(InputFrame(timestamp: 1, touches: [TouchInput(id: 1, phase: .began, location: Point(10, 10))]))
            } catch { reasons += error.rejections.map(\.reason) }
            do throws(InputError) { try app.advance(to: 2) } catch { reasons += error.rejections.map(\.reason) }
        }
        #expect(app.hitTest(screenPoint: Point(10, 10)) === runner)
        #expect(reasons == [.sentDuringDelivery, .sentDuringDelivery])
        #expect(app.time == 0 && app.activeTouches.isEmpty)
    }

    // MARK: Wide containers

    /// Subviews at both ends of the doubles make the extent of a wide container's grid
    /// overflow; the container is walked without one, and answers as A2 says.
    @Test func aWideContainerSpanningTheDoublesIsHitTested() {
        var columns: [View] = []
        for index in 0..<64 {
            let column = View(frame: Rect(Double(index), 0, 1, 10), in: app)
            window.addSubview(column)
            columns.append(column)
        }
        window.addSubview(View(frame: Rect(-1.5e308, 0, 10, 10), in: app))
        window.addSubview(View(frame: Rect(1.5e308, 0, 10, 10), in: app))
        for _ in 0..<100 { _ = app.hitTest(screenPoint: Point(5.5, 5)) }
        #expect(app.hitTest(screenPoint: Point(5.5, 5)) === columns[5])
        #expect(app.hitTest(screenPoint: Point(63.5, 9.5)) === columns[63])
        #expect(app.hitTest(screenPoint: Point(100, 100)) === window)
    }
}

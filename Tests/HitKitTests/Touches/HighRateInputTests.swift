import Testing
import HitKit

/// Behaviour A3's high-rate input: the samples a touch carries in a frame, their validation, the
/// values the touch takes from them, and the coalesced and predicted snapshots of the event.
@Suite struct HighRateInputTests {
    let app = Application()
    let window: Window
    let recorder: EventRecorderView

    init() {
        window = Window(frame: Rect(0, 0, 400, 400), in: app)
        recorder = EventRecorderView(frame: Rect(0, 0, 400, 400), in: app)
        recorder.isMultipleTouchEnabled = true
        window.addSubview(recorder)
        window.makeKeyAndVisible()
    }

    private func sample(_ t: Double, _ x: Double, _ y: Double, force: Double? = nil, radius: Double? = nil) -> TouchSample {
        TouchSample(timestamp: t, location: Point(x, y), force: force, majorRadius: radius)
    }

    private func send(_ t: Double, _ inputs: TouchInput...) throws(InputError) {
        try app.send(InputFrame(timestamp: t, touches: inputs))
    }

    // MARK: Values

    @Test func withoutHighRateInputForceAndRadiusAreZero() throws {
        try send(0, TouchInput(id: 1, phase: .began, location: Point(10, 10)))
        let touch = try #require(app.activeTouches.first)
        #expect(touch.force == 0 && touch.maximumPossibleForce == 0)
        #expect(touch.majorRadius == 0 && touch.majorRadiusTolerance == 0)
        #expect(touch.timestamp == 0)
    }

    @Test func theTouchTakesTheLastSamplesValues() throws {
        try send(0, TouchInput(id: 1, phase: .began, location: Point(10, 10), samples: [],
                               force: 0.5, majorRadius: 4, maximumPossibleForce: 6, majorRadiusTolerance: 1))
        let touch = try #require(app.activeTouches.first)
        #expect(touch.force == 0.5 && touch.majorRadius == 4 && touch.maximumPossibleForce == 6 && touch.majorRadiusTolerance == 1)
        try send(0.1, TouchInput(id: 1, phase: .moved, location: Point(30, 10),
                                 samples: [sample(0.03, 15, 10, force: 1), sample(0.07, 20, 10, force: 2, radius: 7),
                                           sample(0.095, 30, 10, force: 3)]))
        #expect(touch.location(in: nil) == Point(30, 10))
        #expect(touch.timestamp == 0.095)
        #expect(touch.force == 3)
        #expect(touch.majorRadius == 4)  // the last sample gave none: the touch's value stands
        #expect(touch.maximumPossibleForce == 6)  // kept from frame to frame
        // A frame without them keeps the touch's last values.
        try send(0.2, TouchInput(id: 1, phase: .moved, location: Point(40, 10)))
        #expect(touch.force == 3 && touch.majorRadius == 4 && touch.timestamp == 0.2)
    }

    // MARK: Coalesced and predicted touches

    @Test func coalescedTouchesGiveOneSnapshotPerSampleTheLastEqualToTheTouch() throws {
        try send(0, TouchInput(id: 1, phase: .began, location: Point(10, 10)))
        try send(0.1, TouchInput(id: 1, phase: .moved, location: Point(30, 10),
                                 samples: [sample(0.03, 15, 10, force: 1), sample(0.07, 20, 12),
                                           sample(0.1, 30, 10, force: 3, radius: 2)],
                                 predictedSamples: [sample(0.12, 35, 10), sample(0.14, 40, 10)], force: 0.5))
        let event = try #require(recorder.lastEvent)
        let touch = try #require(app.activeTouches.first)
        let coalesced = try #require(event.coalescedTouches(for: touch))
        #expect(coalesced.map { $0.location(in: nil) } == [Point(15, 10), Point(20, 12), Point(30, 10)])
        #expect(coalesced.map(\.timestamp) == [0.03, 0.07, 0.1])
        #expect(coalesced.map(\.force) == [1, 0.5, 3])  // a sample without force takes the input's
        #expect(coalesced.map { $0.previousLocation(in: nil) } == [Point(10, 10), Point(15, 10), Point(20, 12)])
        let last = try #require(coalesced.last)
        #expect(last !== touch)
        #expect(last.location(in: nil) == touch.location(in: nil) && last.timestamp == touch.timestamp)
        #expect(last.force == touch.force && last.majorRadius == touch.majorRadius && last.phase == touch.phase)
        #expect(last.view === touch.view && last.window === touch.window && last.id == touch.id)
        let predicted = try #require(event.predictedTouches(for: touch))
        #expect(predicted.map { $0.location(in: nil) } == [Point(35, 10), Point(40, 10)])
        #expect(predicted.map(\.timestamp) == [0.12, 0.14])
    }

    /// Predicted samples that share a time are in time order (only one earlier than the one
    /// before it is out of order): good input, each given as a snapshot.
    @Test func predictedSamplesSharingATimeAreGoodInput() throws {
        try send(0, TouchInput(id: 1, phase: .began, location: Point(10, 10)))
        try send(0.1, TouchInput(id: 1, phase: .moved, location: Point(30, 10),
                                 samples: [], predictedSamples: [sample(0.12, 35, 10), sample(0.12, 38, 10), sample(0.14, 40, 10)]))
        let event = try #require(recorder.lastEvent)
        let touch = try #require(app.activeTouches.first)
        #expect(touch.location(in: nil) == Point(30, 10))
        let predicted = try #require(event.predictedTouches(for: touch))
        #expect(predicted.map { $0.location(in: nil) } == [Point(35, 10), Point(38, 10), Point(40, 10)])
        #expect(predicted.map(\.timestamp) == [0.12, 0.12, 0.14])
    }

    @Test func aTouchWithoutSamplesIsItsOwnOnlyCoalescedTouchAndPredictsNothing() throws {
        try send(0, TouchInput(id: 1, phase: .began, location: Point(10, 10)))
        try send(0.1, TouchInput(id: 1, phase: .moved, location: Point(20, 10)))
        let event = try #require(recorder.lastEvent)
        let touch = try #require(app.activeTouches.first)
        let coalesced = try #require(event.coalescedTouches(for: touch))
        #expect(coalesced.count == 1)
        #expect(coalesced[0].location(in: nil) == Point(20, 10) && coalesced[0].timestamp == 0.1)
        #expect(event.predictedTouches(for: touch)?.isEmpty == true)
        // A stationary touch in a later event: itself, and no predictions.
        try send(0.2, TouchInput(id: 2, phase: .began, location: Point(100, 100)))
        let later = try #require(recorder.lastEvent)
        #expect(touch.phase == .stationary)
        #expect(later.coalescedTouches(for: touch)?.map { $0.location(in: nil) } == [Point(20, 10)])
        #expect(later.predictedTouches(for: touch)?.isEmpty == true)
    }

    /// What the C API reads (`hk_app_touch_sample`, `hk_app_touch_high_rate`) without making
    /// snapshots: each sample's values are the snapshot's at its index, and the counts match.
    @Test func theSamplesReadInPlaceAreTheSnapshots() throws {
        func expectSamplesMatch(_ event: Event, _ touch: Touch) throws {
            for predicted in [false, true] {
                let snapshots = try #require(predicted ? event.predictedTouches(for: touch) : event.coalescedTouches(for: touch))
                #expect(touch.frameSampleCount(predicted: predicted) == snapshots.count)
                for (index, snapshot) in snapshots.enumerated() {
                    let sample = try #require(touch.frameSample(at: index, predicted: predicted))
                    #expect(sample.timestamp == snapshot.timestamp && sample.location == snapshot.location(in: nil))
                    #expect((sample.force ?? 0) == snapshot.force && (sample.majorRadius ?? 0) == snapshot.majorRadius)
                }
                #expect(touch.frameSample(at: snapshots.count, predicted: predicted) == nil)
                #expect(touch.frameSample(at: -1, predicted: predicted) == nil)
            }
        }
        try send(0, TouchInput(id: 1, phase: .began, location: Point(10, 10), samples: [], force: 0.25, majorRadius: 3))
        let touch = try #require(app.activeTouches.first)
        try expectSamplesMatch(try #require(recorder.lastEvent), touch)
        try send(0.1, TouchInput(id: 1, phase: .moved, location: Point(30, 10),
                                 samples: [sample(0.03, 15, 10, force: 1), sample(0.07, 20, 12),
                                           sample(0.1, 30, 10, force: 3, radius: 2)],
                                 predictedSamples: [sample(0.12, 35, 10), sample(0.14, 40, 10, radius: 5)], force: 0.5))
        try expectSamplesMatch(try #require(recorder.lastEvent), touch)
        // Stationary in a later event: itself alone, no predictions.
        try send(0.2, TouchInput(id: 2, phase: .began, location: Point(100, 100)))
        #expect(touch.phase == .stationary)
        try expectSamplesMatch(try #require(recorder.lastEvent), touch)
        #expect(touch.frameSampleCount(predicted: false) == 1 && touch.frameSampleCount(predicted: true) == 0)
    }

    // MARK: Validation

    @Test(arguments: [
        (TouchInput(id: 1, phase: .moved, location: Point(30, 10), samples: [TouchSample(timestamp: 0.11, location: Point(30, 10))]),
         InputError.SampleProblem.afterFrame(.sample(0), time: 0.11, frameTime: 0.1)),
        (TouchInput(id: 1, phase: .moved, location: Point(30, 10),
                    samples: [TouchSample(timestamp: 0.08, location: Point(20, 10)), TouchSample(timestamp: 0.05, location: Point(30, 10))]),
         .outOfOrder(.sample(1), time: 0.05, previous: 0.08)),
        (TouchInput(id: 1, phase: .moved, location: Point(30, 10), samples: [TouchSample(timestamp: -0.1, location: Point(30, 10))]),
         .outOfOrder(.sample(0), time: -0.1, previous: 0)),
        (TouchInput(id: 1, phase: .moved, location: Point(30, 10), samples: [TouchSample(timestamp: .nan, location: Point(30, 10))]),
         .notFinite(.sample(0), .timestamp)),
        (TouchInput(id: 1, phase: .moved, location: Point(30, 10),
                    samples: [TouchSample(timestamp: 0.05, location: Point(.nan, 10)), TouchSample(timestamp: 0.1, location: Point(30, 10))]),
         .notFinite(.sample(0), .location)),
        (TouchInput(id: 1, phase: .moved, location: Point(30, 10), samples: [TouchSample(timestamp: 0.1, location: Point(30, 10), force: .nan)]),
         .notFinite(.sample(0), .force)),
        (TouchInput(id: 1, phase: .moved, location: Point(30, 10),
                    samples: [TouchSample(timestamp: 0.05, location: Point(20, 10), majorRadius: .infinity), TouchSample(timestamp: 0.1, location: Point(30, 10))]),
         .notFinite(.sample(0), .majorRadius)),
        (TouchInput(id: 1, phase: .moved, location: Point(30, 10),
                    samples: [TouchSample(timestamp: 0.05, location: Point(20, 10)), TouchSample(timestamp: 0.1, location: Point(30, 10), force: -0.5)]),
         .negative(.sample(1), .force)),
        (TouchInput(id: 1, phase: .moved, location: Point(30, 10), samples: [TouchSample(timestamp: 0.1, location: Point(30, 10), majorRadius: -2)]),
         .negative(.sample(0), .majorRadius)),
        (TouchInput(id: 1, phase: .moved, location: Point(30, 10), samples: [], majorRadius: -1), .negative(.touch, .majorRadius)),
        (TouchInput(id: 1, phase: .moved, location: Point(30, 10), samples: [], maximumPossibleForce: .infinity),
         .notFinite(.touch, .maximumPossibleForce)),
        (TouchInput(id: 1, phase: .moved, location: Point(30, 10), samples: [TouchSample(timestamp: 0.1, location: Point(31, 10))]),
         .lastSampleNotAtLocation),
        (TouchInput(id: 1, phase: .moved, location: Point(30, 10), samples: [],
                    predictedSamples: [TouchSample(timestamp: 0.2, location: Point(40, 10)), TouchSample(timestamp: 0.15, location: Point(50, 10))]),
         .outOfOrder(.predicted(1), time: 0.15, previous: 0.2)),
        (TouchInput(id: 1, phase: .cancelled, location: nil, samples: [TouchSample(timestamp: 0.1, location: Point(30, 10))]),
         .lastSampleNotAtLocation),
    ])
    func badSamplesRejectTheirTouchAloneAndTheRestOfTheFrameIsDelivered(_ bad: TouchInput,
                                                                        _ problem: InputError.SampleProblem) throws {
        try send(0, TouchInput(id: 1, phase: .began, location: Point(10, 10)), TouchInput(id: 2, phase: .began, location: Point(100, 100)))
        let first = try #require(app.activeTouches.first)
        #expect(throws: InputError(rejections: [.init(touchID: 1, reason: .invalidSample(problem))])) {
            try send(0.1, bad, TouchInput(id: 2, phase: .moved, location: Point(120, 100)))
        }
        // The other finger's move was delivered; the rejected one is as if it never came.
        #expect(recorder.calls.last == "moved 2")
        #expect(first.location(in: nil) == Point(10, 10) && first.phase == .stationary && first.timestamp == 0)
        #expect(first.force == 0 && first.majorRadius == 0 && first.maximumPossibleForce == 0)
        try send(0.2, TouchInput(id: 1, phase: .ended, location: Point(10, 10)))
        #expect(recorder.calls.last == "ended 1")
    }

    @Test func samplesMayStartAtThePreviousFrameAndEndAtThisOne() throws {
        try send(0.5, TouchInput(id: 1, phase: .began, location: Point(10, 10),
                                 samples: [TouchSample(timestamp: 0, location: Point(5, 10)), TouchSample(timestamp: 0.5, location: Point(10, 10))]))
        #expect(app.activeTouches.count == 1)
    }
}

/// A view recording each touch call as `<phase> <ids>` and the last event it was given.
final class EventRecorderView: View {
    private(set) var calls: [String] = []
    private(set) var lastEvent: Event?

    private func record(_ name: String, _ touches: Set<Touch>, _ event: Event?) {
        calls.append("\(name) \(touches.map(\.id).sorted().map(String.init).joined(separator: ","))")
        lastEvent = event
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { record("began", touches, event) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { record("moved", touches, event) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { record("ended", touches, event) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { record("cancelled", touches, event) }
}

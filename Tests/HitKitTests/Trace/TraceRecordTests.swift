@testable import HitKit
import Testing

/// The trace's value types and renderings (Sources/HitKit/Trace), and `observeTrace` on a small
/// application: what the records say, that their order and numbers follow the decisions, and
/// that nothing is traced (no tracer exists) without an observer.
@Suite("Decision trace records")
struct TraceRecordTests {
    let app = Application()
    let window: Window
    let box: View

    init() {
        window = Window(frame: Rect(0, 0, 200, 200), in: app)
        window.makeKeyAndVisible()
        box = View(frame: Rect(20, 20, 100, 100), in: app)
        window.addSubview(box)
        app.setTraceName("window", for: window)
        app.setTraceName("box", for: box)
    }

    final class Records {
        var list: [TraceRecord] = []
        var texts: [String] { list.map(\.text) }
    }

    func observe() -> (Records, ObservationToken) {
        let records = Records()
        let token = app.observeTrace { records.list.append($0) }
        return (records, token)
    }

    func frame(_ t: Double, _ id: Int, _ phase: Touch.Phase, _ p: Point) throws {
        try app.send(InputFrame(timestamp: t, touches: [TouchInput(id: id, phase: phase, location: p)]))
    }

    @Test func theTextRenderingIsTimeKindTouchAndMessage() {
        let record = TraceRecord(kind: .stateChanged, time: 0.25, touch: 3,
                                 causes: [.init("moved", 12.34567)], message: "tap possible → failed")
        #expect(record.text == "t=0.25 state touch 3: tap possible → failed")
        let untouched = TraceRecord(kind: .scrollRouted, time: 1, message: "scroll")
        #expect(untouched.text == "t=1 scroll: scroll")
        #expect(TraceRecord.formatted(12.34567) == "12.346")
        #expect(TraceRecord.formatted(-0.0001) == "0")
        #expect(TraceRecord.formatted(1e-3) == "0.001")
        #expect(TraceRecord.formatted(.infinity) == "inf")
    }

    @Test func theJSONRenderingKeepsItsKeyOrderAndLeavesOutWhatIsAbsent() {
        let record = TraceRecord(kind: .touchCancelledInView, time: 0.1, touch: 1,
                                 view: .init(number: 4294967297, name: "yellow"), otherRecognizer: .init(number: 2, name: "tap"),
                                 causes: [.init("x", 1.5), .init("y", .nan)], message: "say \"hi\"\n")
        #expect(record.json == #"{"time":0.1,"kind":"cancelled-in-view","touch":1,"view":{"number":4294967297,"name":"yellow"},"otherRecognizer":{"number":2,"name":"tap"},"causes":[{"name":"x","value":1.5},{"name":"y","value":null}],"message":"say \"hi\"\n"}"#)
        let bare = TraceRecord(kind: .hitTestEnded, time: 0, message: "no view hit")
        #expect(bare.json == #"{"time":0,"kind":"hit","message":"no view hit"}"#)
        #expect(TraceRecord.jsonQuoted("\u{1}") == #""\u0001""#)
    }

    @Test func noObserverMeansNoTracer() throws {
        #expect(app.tracer == nil)
        let (records, token) = observe()
        #expect(app.tracer != nil)
        try frame(0, 1, .began, Point(50, 50))
        #expect(!records.list.isEmpty)
        token.cancel()
        #expect(app.tracer == nil)
        let count = records.list.count
        try frame(0.1, 1, .ended, Point(50, 50))
        #expect(records.list.count == count)
    }

    @Test func aTouchesHitTestIsExplainedWithTheNumbers() throws {
        let hidden = View(frame: Rect(0, 0, 50, 50), in: app)
        hidden.isHidden = true
        box.addSubview(hidden)
        let small = View(frame: Rect(60, 60, 10, 10), in: app)
        small.hitTestInsets = EdgeInsets(top: -5, left: -5, bottom: -5, right: -5)
        box.addSubview(small)
        app.setTraceName("hidden", for: hidden)
        app.setTraceName("small", for: small)
        let (records, _) = observe()
        try frame(0, 1, .began, Point(40, 40))
        #expect(records.texts == [
            "t=0 hit-test touch 1: touch began at (40, 40)",
            "t=0 window touch 1: window window at level 0",
            "t=0 outside touch 1: small: (-40, -40) is outside its hit area (-5, -5, 20, 20)",
            "t=0 skipped touch 1: hidden: hidden",
            "t=0 hit touch 1: hit box via window",
        ])
        let outside = records.list[2]
        #expect(outside.kind == .viewOutside && outside.view?.name == "small")
        #expect(outside.causes.map(\.name) == ["x", "y", "areaX", "areaY", "areaWidth", "areaHeight"])
        #expect(outside.causes.map(\.value) == [-40, -40, -5, -5, 20, 20])
    }

    @Test func aTapThatMovedTooFarSaysByHowMuch() throws {
        let tap = TapGestureRecognizer()
        box.addGestureRecognizer(tap)
        app.setTraceName("tap", for: tap)
        let (records, _) = observe()
        try frame(0, 1, .began, Point(50, 50))
        try frame(0.1, 1, .moved, Point(62.3, 50))
        #expect(records.texts.contains("t=0 collected touch 1: tap on box collected, priority 1"))
        let state = try #require(records.list.first { $0.kind == .stateChanged })
        #expect(state.text == "t=0.1 state: tap possible → failed: moved 12.3 pt > allowableMovement 10")
        #expect(state.recognizer?.name == "tap")
        #expect(state.causes.map(\.name) == ["moved", "allowableMovement"])
        #expect(abs(state.causes[0].value - 12.3) < 1e-9 && state.causes[1].value == 10)
    }

    @Test func aCancelledTouchIsTheCauseOfItsRecognizersEnd() throws {
        let tap = TapGestureRecognizer()
        box.addGestureRecognizer(tap)
        app.setTraceName("tap", for: tap)
        let (records, _) = observe()
        try frame(0, 1, .began, Point(50, 50))
        try frame(0.1, 1, .cancelled, Point(50, 50))
        #expect(records.list.filter { $0.kind == .stateChanged }.map(\.text)
                    == ["t=0.1 state: tap possible → failed: its touch was cancelled by the input (A4 j)"])
    }

    @Test func disablingARecognizerIsItsCause() throws {
        let press = LongPressGestureRecognizer()
        box.addGestureRecognizer(press)
        app.setTraceName("press", for: press)
        let (records, _) = observe()
        try frame(0, 1, .began, Point(50, 50))
        try app.advance(to: 0.6)
        press.isEnabled = false
        #expect(records.list.filter { $0.kind == .stateChanged }.map(\.text) == [
            "t=0.5 state: press possible → began: 0.5 s held (minimumPressDuration)",
            "t=0.6 state: press began → cancelled: disabled, detached or its view left the window (A4 i)",
        ])
    }

    /// Step 1 lists enabled recognizers alone; the trace names the disabled ones on the chain
    /// first, and one listed but disabled since (here by a delegate, for the frame's other
    /// touch) once, by the collection.
    @Test func disabledRecognizersOnTheChainAreNamedOnceEach() throws {
        final class DisablesOther: GestureRecognizerDelegate {
            var other: GestureRecognizer?
            func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
                other?.isEnabled = false
                return true
            }
        }
        box.isMultipleTouchEnabled = true
        let off = PanGestureRecognizer(), quiet = TapGestureRecognizer(), disabler = TapGestureRecognizer()
        off.isEnabled = false
        window.addGestureRecognizer(off)
        box.addGestureRecognizer(quiet)
        box.addGestureRecognizer(disabler)
        for (name, recognizer) in [("off", off), ("quiet", quiet), ("disabler", disabler)] as [(String, GestureRecognizer)] {
            app.setTraceName(name, for: recognizer)
        }
        let delegate = DisablesOther()
        delegate.other = quiet
        disabler.delegate = delegate
        let (records, _) = observe()
        try app.send(InputFrame(timestamp: 0, touches: [TouchInput(id: 1, phase: .began, location: Point(40, 40)),
                                                        TouchInput(id: 2, phase: .began, location: Point(60, 60))]))
        #expect(records.list.filter { $0.kind == .recognizerFiltered }.map(\.text) == [
            "t=0 filtered touch 1: off on window left out: disabled (isEnabled is false)",
            "t=0 filtered touch 1: quiet on box left out: disabled (isEnabled is false)",
            "t=0 filtered touch 2: off on window left out: disabled (isEnabled is false)",
            "t=0 filtered touch 2: quiet on box left out: disabled (isEnabled is false)",
        ])
    }

    @Test func unnamedObjectsAreNamedByClassAndNumber() throws {
        let press = LongPressGestureRecognizer()
        box.addGestureRecognizer(press)
        let plain = View(frame: Rect(0, 0, 10, 10), in: app)
        box.addSubview(plain)
        let (records, _) = observe()
        try frame(0, 1, .began, Point(25, 25))
        try app.advance(to: 0.6)
        #expect(records.texts.contains("t=0 hit touch 1: hit View#\(plain.id.index) via window > box"))
        #expect(records.texts.contains("t=0.5 state: LongPress#1 possible → began: 0.5 s held (minimumPressDuration)"))
    }
}

import Testing
@testable import HitKit

/// The GestureArbitration article's worked example, word for word: a custom discrete
/// recognizer built on the subclassing API (Behaviour A4's last paragraph).
final class VStrokeGestureRecognizer: GestureRecognizer {
    override class var isDiscrete: Bool { true }

    /// How far (points) the finger must go down, then back up.
    var depth: Double = 20
    /// How long (seconds) the stroke may take.
    var maximumDuration: Double = 1

    private var startY = 0.0
    private var lowestY = 0.0

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard numberOfTouches == 1 else {
            state = .failed                                   // one finger only
            return
        }
        startY = location(in: view).y
        lowestY = startY
        schedule(after: maximumDuration) { recognizer in      // too slow: fail in a timer frame
            if recognizer.requestedState == .possible { recognizer.state = .failed }
        }
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard requestedState == .possible else { return }
        let y = location(in: view).y
        lowestY = max(lowestY, y)
        if lowestY - startY >= depth && lowestY - y >= depth {
            state = .recognized                               // resolved in step 3 (Behaviour A4 a–d)
        }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if requestedState == .possible { state = .failed }
    }

    override func reset() {
        super.reset()
        startY = 0
        lowestY = 0
    }
}

@Suite struct CustomRecognizerTests {
    let scene = GestureScene()

    private func stroke(_ id: Int, depth: Double, from t: Double) throws {
        try scene.app.frame(t, began(id, 100, 100))
        try scene.app.frame(t + 0.1, moved(id, 110, 100 + depth))
        try scene.app.frame(t + 0.2, moved(id, 120, 100))
        try scene.app.frame(t + 0.3, ended(id, 120, 100))
    }

    @Test func theWorkedExampleRecognizesAVAndFailsOtherwise() throws {
        scene.attach(VStrokeGestureRecognizer(), to: scene.white, as: "v")
        try stroke(1, depth: 20, from: 0)
        try stroke(2, depth: 19, from: 1)
        #expect(scene.log.recognizerLines == ["v recognized", "v failed"])
    }

    @Test func itTakesPartInArbitrationLikeABuiltIn() throws {
        let v = scene.attach(VStrokeGestureRecognizer(), to: scene.white, as: "v")
        let pan = scene.attach(PanGestureRecognizer(), to: scene.white, as: "pan")
        pan.require(toFail: v)
        try stroke(1, depth: 20, from: 0)
        #expect(scene.log.recognizerLines == ["v recognized", "pan failed"], "the pan waited, then lost")
        try scene.app.frame(1, began(2, 100, 100))
        try scene.app.frame(1.1, moved(2, 140, 100))
        try scene.app.advance(to: 2.5)
        #expect(scene.log.recognizerLines.suffix(2) == ["v failed", "pan began"],
                "the V's timer fails it in a timer frame; the waiting pan goes on")
        #expect(v.illegalTransitions.isEmpty && pan.illegalTransitions.isEmpty)
    }
}

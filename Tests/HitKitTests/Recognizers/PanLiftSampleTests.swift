import Testing
@testable import HitKit

/// Behaviour A3/A4: the lifting touch's location (and its high-rate samples) are samples of the
/// pan's translation, so the ended frame's translation and velocity count the lift's move.
@Suite struct PanLiftSampleTests {
    let stage = OneViewStage()
    let pan = PanGestureRecognizer()
    init() { stage.view.addGestureRecognizer(pan) }

    private func atTheEnd(_ frames: [(Double, TouchInput)]) throws -> (translation: Point, velocity: Point)? {
        var seen: (Point, Point)?
        pan.addTarget { g in
            if g.state == .ended, let p = g as? PanGestureRecognizer { seen = (p.translation(in: nil), p.velocity(in: nil)) }
        }
        for (t, input) in frames { try stage.app.send(InputFrame(timestamp: t, touches: [input])) }
        return seen
    }

    @Test("a lift carrying high-rate samples: they are the pan's samples")
    func theLiftsSamplesCount() throws {
        let end = try atTheEnd([(0, sampledInput(1, .began, 100, 300)),
                                (0.05, sampledInput(1, .moved, 100, 270)),
                                (0.1, sampledInput(1, .ended, 100, 250, samples: [(0.08, 100, 260), (0.1, 100, 250)]))])
        // Samples (time, T.y): (0, 0), (0.05, −30), (0.08, −40), (0.1, −50). At t = 0.1, b = 0
        // (0.1 − 0 ≥ 0.1 − 10⁻⁹; 0.1 − 0.05 is not): v = (−50 − 0) / 0.1 = −500.
        #expect(end?.translation == Point(0, -50))
        #expect(end?.velocity == Point(0, (-50.0 - 0) / 0.1))
    }

    @Test("a lift at a new location without samples: the frame's location is the sample")
    func theLiftsLocationCounts() throws {
        let end = try atTheEnd([(0, sampledInput(1, .began, 100, 300)),
                                (0.05, sampledInput(1, .moved, 100, 270)),
                                (0.1, sampledInput(1, .ended, 100, 250))])
        // Samples: (0, 0), (0.05, −30), (0.1, −50); b = 0: v = −50 / 0.1.
        #expect(end?.translation == Point(0, -50))
        #expect(end?.velocity == Point(0, (-50.0 - 0) / 0.1))
    }

    @Test("a finger that lifts away while another stays: its last step counts, shared between the two")
    func aLiftWhileAnotherFingerStays() throws {
        var translationAtTheEnd: Point?
        pan.addTarget { g in
            if g.state == .ended, let p = g as? PanGestureRecognizer { translationAtTheEnd = p.translation(in: nil) }
        }
        let frames: [(Double, [TouchInput])] = [
            (0, [sampledInput(1, .began, 100, 300), sampledInput(2, .began, 200, 300)]),
            (0.05, [sampledInput(1, .moved, 100, 270), sampledInput(2, .moved, 200, 270)]),  // centroid −30
            (0.1, [sampledInput(2, .ended, 200, 250)]),   // finger 2's −20, one of two fingers: −10
            (0.2, [sampledInput(1, .ended, 100, 270)])]   // finger 1 lifts where it was
        for (t, touches) in frames { try stage.app.send(InputFrame(timestamp: t, touches: touches)) }
        #expect(translationAtTheEnd == Point(0, -40))
    }

    @Test("a finger that lifts away before the pan begins: its last step counts toward the 10 pt")
    func aLiftBeforeThePanBegins() throws {
        let frames: [(Double, [TouchInput])] = [
            (0, [sampledInput(1, .began, 100, 300), sampledInput(2, .began, 200, 300)]),
            (0.1, [sampledInput(2, .ended, 200, 284)]),   // finger 2's −16, one of two fingers: −8
            (0.2, [sampledInput(1, .moved, 100, 297)])]   // finger 1's −3, alone: −11 in all
        for (t, touches) in frames.dropLast() { try stage.app.send(InputFrame(timestamp: t, touches: touches)) }
        #expect(pan.state == .possible && pan.translation(in: nil) == Point(0, -8))
        try stage.app.send(InputFrame(timestamp: frames[2].0, touches: frames[2].1))
        #expect(pan.state == .began && pan.translation(in: nil) == Point(0, -11))
    }

    /// The fingers' steps of a frame add to the translation one after another, so their order
    /// sets the sum's last bits: it is the order the fingers began, never a set's (which follows
    /// the touches' addresses), or the same input would move a scroll view differently from run
    /// to run and through C and Swift.
    @Test("three fingers moving in one frame reach the same translation, bit for bit, in every application")
    func severalFingersStepsAddInTheOrderTheyBegan() throws {
        let frames: [(Double, [TouchInput])] = [
            (0, [sampledInput(1, .began, 100, 100), sampledInput(2, .began, 150, 120), sampledInput(3, .began, 200, 140)]),
            (0.05, [sampledInput(1, .moved, 100.1, 130.3), sampledInput(2, .moved, 167.7, 150.7),
                    sampledInput(3, .moved, 231.3, 170.1)]),
            (0.1, [sampledInput(1, .moved, 120.7, 160.9), sampledInput(2, .moved, 180.3, 190.1),
                   sampledInput(3, .moved, 250.9, 200.3)])]
        var translations: Set<[UInt64]> = []
        for _ in 0..<40 {
            let stage = OneViewStage()
            let pan = PanGestureRecognizer()
            stage.view.addGestureRecognizer(pan)
            for (t, touches) in frames { try stage.app.send(InputFrame(timestamp: t, touches: touches)) }
            let translation = pan.translation(in: nil)
            translations.insert([translation.x.bitPattern, translation.y.bitPattern])
        }
        #expect(translations.count == 1, "\(translations.count) different translations")
    }
}

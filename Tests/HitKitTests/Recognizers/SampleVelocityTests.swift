import Testing
import HitKit
import Foundation

/// Behaviour A3: the built-in recognizers' velocities use the samples a frame carries, not only
/// the frames. Each case moves the fingers so that the samples tell a different story from the
/// frames (the finger still for most of the frame, then fast), so a velocity from frames fails it.
@Suite struct SampleVelocityTests {
    let stage = OneViewStage()
    var app: Application { stage.app }
    var view: View { stage.view }

    private func input(_ id: Int, _ phase: Touch.Phase, _ x: Double, _ y: Double, samples: [(Double, Double, Double)] = []) -> TouchInput {
        sampledInput(id, phase, x, y, samples: samples)
    }

    @Test func panVelocityIsMeasuredAtTheSamples() throws {
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)
        try app.send(InputFrame(timestamp: 0, touches: [input(1, .began, 100, 100)]))
        // Still until 0.1, then 40 pt in the next 0.1 s: 400 pt/s over the last 0.1 s (frames alone: 200).
        try app.send(InputFrame(timestamp: 0.2, touches: [input(1, .moved, 140, 100, samples: [(0.1, 100, 100), (0.2, 140, 100)])]))
        #expect(pan.state == .began)
        #expect(pan.translation(in: nil) == Point(40, 0))
        #expect(pan.velocity(in: nil) == Point(400, 0))
    }

    @Test func panTranslationAndVelocityAreUnchangedWithoutSamples() throws {
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)
        try app.send(InputFrame(timestamp: 0, touches: [input(1, .began, 100, 100)]))
        try app.send(InputFrame(timestamp: 0.2, touches: [input(1, .moved, 140, 100)]))
        #expect(pan.velocity(in: nil) == Point(200, 0))
    }

    @Test func twoFingersSamplesAreMergedInTimeOrder() throws {
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)
        try app.send(InputFrame(timestamp: 0, touches: [input(1, .began, 100, 100), input(2, .began, 200, 100)]))
        // Finger 1 moves 40 between 0.05 and 0.1; finger 2 moves 40 between 0.1 and 0.2, its
        // samples given first. The centroid: 0 until 0.05, +20 by 0.1, +40 by 0.2.
        try app.send(InputFrame(timestamp: 0.2, touches: [
            input(2, .moved, 240, 100, samples: [(0.1, 200, 100), (0.2, 240, 100)]),
            input(1, .moved, 140, 100, samples: [(0.05, 100, 100), (0.1, 140, 100)]),
        ]))
        #expect(pan.translation(in: nil) == Point(40, 0))
        // Over the last 0.1 s (from the sample at 0.1): 20 pt.
        #expect(pan.velocity(in: nil) == Point(200, 0))
    }

    @Test func pinchVelocityIsMeasuredBetweenTheLastTwoSamples() throws {
        let pinch = PinchGestureRecognizer()
        view.addGestureRecognizer(pinch)
        try app.send(InputFrame(timestamp: 0, touches: [input(1, .began, 100, 100), input(2, .began, 200, 100)]))
        try app.send(InputFrame(timestamp: 0.1, touches: [input(2, .moved, 220, 100, samples: [(0.05, 200, 100), (0.1, 220, 100)])]))
        #expect(abs(pinch.scale - 1.2) < 1e-12)
        #expect(abs(pinch.velocity - 4) < 1e-9)  // 0.2 of scale in 0.05 s (frames alone: 2)
    }

    @Test func rotationVelocityIsMeasuredBetweenTheLastTwoSamples() throws {
        let rotation = RotationGestureRecognizer()
        view.addGestureRecognizer(rotation)
        try app.send(InputFrame(timestamp: 0, touches: [input(1, .began, 100, 100), input(2, .began, 200, 100)]))
        try app.send(InputFrame(timestamp: 0.1, touches: [input(2, .moved, 200, 120, samples: [(0.05, 200, 100), (0.1, 200, 120)])]))
        let angle = atan2(20.0, 100.0)
        #expect(abs(rotation.rotation - angle) < 1e-12)
        #expect(abs(rotation.velocity - angle / 0.05) < 1e-9)  // frames alone: angle / 0.1
    }
}

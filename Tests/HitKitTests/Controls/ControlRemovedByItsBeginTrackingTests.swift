import Testing
@testable import HitKit

/// A control whose `beginTracking` takes it out of its window: the touch was cancelled before the
/// tracking began, so the tracking is cancelled as soon as it begins, and the control tracks again
/// once back (A3 removal, A5).
@Suite struct ControlRemovedByItsBeginTrackingTests {
    final class SelfRemovingControl: Control {
        var log: [String] = []
        var removes = true
        override func beginTracking(_ touch: Touch, with event: HitKit.Event?) -> Bool {
            log.append("begin")
            if removes { removeFromSuperview() }
            return true
        }
        override func continueTracking(_ touch: Touch, with event: HitKit.Event?) -> Bool { log.append("continue"); return true }
        override func endTracking(_ touch: Touch?, with event: HitKit.Event?) { log.append("end") }
        override func cancelTracking(with event: HitKit.Event?) { log.append("cancel") }
    }

    @Test func aControlRemovedFromItsBeginTrackingStopsTrackingAndTracksAgainOnceBack() throws {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 400, 400), in: app)
        let control = SelfRemovingControl(frame: Rect(0, 0, 100, 100), in: app)
        window.addSubview(control)
        try app.send(InputFrame(timestamp: 0, touches: [TouchInput(id: 1, phase: .began, location: Point(50, 50))]))
        try app.send(InputFrame(timestamp: 0.1, touches: [TouchInput(id: 1, phase: .ended, location: Point(50, 50))]))
        #expect(control.log == ["begin", "cancel"])
        #expect(!control.isTracking)

        control.removes = false
        control.log = []
        window.addSubview(control)
        var ups = 0
        control.addAction(for: .touchUpInside) { _ in ups += 1 }
        try app.send(InputFrame(timestamp: 1, touches: [TouchInput(id: 2, phase: .began, location: Point(50, 50))]))
        try app.send(InputFrame(timestamp: 1.1, touches: [TouchInput(id: 2, phase: .ended, location: Point(50, 50))]))
        #expect(control.log == ["begin", "end"])
        #expect(ups == 1)
    }
}

import Testing
@testable import HitKit

/// Behaviour A5 with A3's removal rule when a control's own tracking code removes it: "while
/// tracking, `touchesMoved` → `continueTracking` …, `touchesCancelled` → `cancelTracking`" and
/// "a view removed from its window while it owns touches gets `touchesCancelled` for them at
/// once … the touches then go nowhere until they end".
@Suite struct ControlCallbackReentryTests {
    final class SelfRemovingControl: Control {
        var log: [String] = []
        var removesInContinue = true
        override func beginTracking(_ touch: Touch, with event: HitKit.Event?) -> Bool { log.append("begin"); return true }
        override func continueTracking(_ touch: Touch, with event: HitKit.Event?) -> Bool {
            log.append("continue")
            if removesInContinue { removeFromSuperview() }
            return true
        }
        override func endTracking(_ touch: Touch?, with event: HitKit.Event?) { log.append("end") }
        override func cancelTracking(with event: HitKit.Event?) { log.append("cancel") }
    }

    @Test func aContinueTrackingThatRemovesTheControlCancelsItsTrackingOnce() throws {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 400, 400), in: app)
        let control = SelfRemovingControl(frame: Rect(0, 0, 100, 100), in: app)
        window.addSubview(control)
        var events: [String] = []
        control.addAction(for: .touchCancel) { _ in events.append("touchCancel") }
        control.addAction(for: .touchUpInside) { _ in events.append("touchUpInside") }
        try app.frame(0, began(1, 50, 50))
        try app.frame(0.1, moved(1, 55, 50))
        try app.frame(0.2, moved(1, 60, 50))
        try app.frame(0.3, ended(1, 60, 50))
        #expect(control.log == ["begin", "continue", "cancel"])
        #expect(events == ["touchCancel"])
        #expect(!control.isTracking)
        // Back in the window, it tracks the next touch as usual.
        control.removesInContinue = false
        control.log = []
        window.addSubview(control)
        try app.frame(1, began(2, 50, 50))
        try app.frame(1.1, ended(2, 50, 50))
        #expect(control.log == ["begin", "end"])
        #expect(events == ["touchCancel", "touchUpInside"])
    }
}

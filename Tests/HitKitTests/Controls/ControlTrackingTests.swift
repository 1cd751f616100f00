import Testing
import HitKit

/// Behaviour A5's tracking: which control events a touch produces, in which order, with the 70 pt
/// tolerance, repeats, cancellation by input and by removal, and the tracking methods' answers.
@Suite struct ControlTrackingTests {
    let stage = ControlStage()
    let target = ActionPerformer()
    let control: Control

    /// A 100 × 50 control at (100, 100): with the 70 pt tolerance, "inside" is screen
    /// x ∈ [30, 270), y ∈ [30, 220).
    init() {
        control = stage.add(Control(frame: Rect(100, 100, 100, 50), in: stage.app), "control", logTracking: true)
        stage.name(target, "vc")
        control.addTarget(target, action: "handle", for: .allEvents)
    }

    private func sent(_ events: String...) -> [String] {
        events.map { $0.hasSuffix("Tracking") ? "control \($0)" : "vc handle from control \($0)" }
    }

    @Test func aTapInsideSendsTouchDownThenTouchUpInside() throws {
        try stage.down(1, 150, 125, at: 0)
        #expect(control.isTracking && control.isTouchInside && control.isHighlighted)
        #expect(control.state == .highlighted)
        try stage.up(1, 150, 125, at: 0.1)
        #expect(stage.log == sent("beginTracking", "touchDown", "endTracking", "touchUpInside"))
        #expect(!control.isTracking && !control.isTouchInside && !control.isHighlighted)
        #expect(control.state == .normal)
        // The action carries the touch event of its frame and the control as sender.
        #expect(target.performed.last?.sender === control)
        #expect(target.performed.last?.event?.timestamp == 0.1)
    }

    /// An infinite tolerance counts every location inside (as an infinite `allowableMovement`
    /// allows any movement), where a rect grown without bound would contain nothing; a NaN one
    /// is ignored.
    @Test func anInfiniteToleranceCountsEverywhereInsideAndANaNIsIgnored() throws {
        control.trackingTolerance = .nan
        #expect(control.trackingTolerance == 70)
        control.trackingTolerance = .infinity
        try stage.down(1, 150, 125, at: 0)
        #expect(control.isTouchInside && control.isHighlighted)
        try stage.move(1, 5_000, -3_000, at: 0.1)
        try stage.up(1, 5_000, -3_000, at: 0.2)
        #expect(stage.log == sent("beginTracking", "touchDown", "continueTracking", "touchDragInside",
                                  "endTracking", "touchUpInside"))
    }

    @Test func draggingAcrossTheToleranceEdgeSendsExitAndEnter() throws {
        try stage.down(1, 150, 125, at: 0)
        stage.clearLog()
        try stage.move(1, 269.5, 125, at: 0.1)  // 169.5 pt right of the control's origin: inside
        #expect(stage.log == sent("continueTracking", "touchDragInside"))
        #expect(control.isHighlighted)
        stage.clearLog()
        try stage.move(1, 270, 125, at: 0.2)  // 170: on the grown bounds' max edge, outside
        #expect(stage.log == sent("continueTracking", "touchDragExit", "touchDragOutside"))
        #expect(!control.isTouchInside && !control.isHighlighted && control.isTracking)
        stage.clearLog()
        try stage.move(1, 271, 125, at: 0.3)
        #expect(stage.log == sent("continueTracking", "touchDragOutside"))
        stage.clearLog()
        try stage.move(1, 30, 125, at: 0.4)  // −70: on the min edge, inside
        #expect(stage.log == sent("continueTracking", "touchDragEnter", "touchDragInside"))
        #expect(control.isTouchInside && control.isHighlighted)
        stage.clearLog()
        try stage.move(1, 150, 29.5, at: 0.5)  // above the grown bounds
        #expect(stage.log == sent("continueTracking", "touchDragExit", "touchDragOutside"))
    }

    @Test func liftingOutsideSendsTouchUpOutside() throws {
        try stage.down(1, 150, 125, at: 0)
        try stage.move(1, 150, 220, at: 0.1)  // 120 below the origin: 70 below the bounds, outside
        stage.clearLog()
        try stage.up(1, 150, 220, at: 0.2)
        #expect(stage.log == sent("endTracking", "touchUpOutside"))
    }

    @Test func liftingInTheToleranceBandIsTouchUpInside() throws {
        try stage.down(1, 150, 125, at: 0)
        stage.clearLog()
        try stage.up(1, 150, 219, at: 0.1)  // 69 pt below the bounds
        #expect(stage.log == sent("endTracking", "touchUpInside"))
    }

    @Test func aSecondQuickTapSendsTouchDownRepeat() throws {
        try stage.tap(1, 150, 125, at: 0)
        stage.clearLog()
        try stage.down(2, 152, 125, at: 0.2)
        #expect(stage.log == sent("beginTracking", "touchDown", "touchDownRepeat"))
        try stage.up(2, 152, 125, at: 0.25)
        stage.clearLog()
        // A tap after the multi-tap interval is a first tap again.
        try stage.down(3, 150, 125, at: 1.0)
        #expect(stage.log == sent("beginTracking", "touchDown"))
    }

    @Test func aTouchCancelledByTheInputSendsTouchCancel() throws {
        try stage.down(1, 150, 125, at: 0)
        stage.clearLog()
        try stage.cancel(1, at: 0.1)
        #expect(stage.log == sent("cancelTracking", "touchCancel"))
        #expect(!control.isTracking && !control.isHighlighted)
    }

    @Test func removingATrackingControlSendsTouchCancelAtOnce() throws {
        try stage.down(1, 150, 125, at: 0)
        stage.clearLog()
        control.removeFromSuperview()
        #expect(stage.log == sent("cancelTracking", "touchCancel"))
        #expect(!control.isTracking)
        try stage.up(1, 150, 125, at: 0.1)  // the finger lifts later: nothing more
        #expect(stage.log == sent("cancelTracking", "touchCancel"))
    }

    @Test func removingAnAncestorOrTheWindowCancelsTheTracking() throws {
        let holder = View(frame: Rect(0, 250, 400, 100), in: stage.app)
        stage.container.addSubview(holder)
        let inner = stage.add(Control(frame: Rect(10, 10, 50, 50), in: stage.app), "inner", to: holder, logTracking: true)
        inner.addTarget(target, action: "handle", for: .allEvents)
        try stage.down(1, 20, 270, at: 0)
        holder.removeFromSuperview()
        #expect(stage.log == ["inner beginTracking", "vc handle from inner touchDown", "inner cancelTracking",
                              "vc handle from inner touchCancel"])
        stage.clearLog()
        try stage.down(2, 150, 125, at: 1)
        stage.app.removeWindow(stage.window)
        #expect(stage.log == sent("beginTracking", "touchDown", "cancelTracking", "touchCancel"))
    }

    @Test func anEnabledControlKeepsItsTouchesFromTheChain() throws {
        try stage.tap(1, 150, 125, at: 0)
        #expect(stage.container.calls.isEmpty)
    }

    @Test func aDisabledControlDoesNotTrackAndItsTouchesClimbTheChain() throws {
        control.isEnabled = false
        #expect(control.state == .disabled)
        try stage.down(1, 150, 125, at: 0)
        try stage.move(1, 160, 125, at: 0.1)
        try stage.up(1, 160, 125, at: 0.2)
        #expect(stage.log.isEmpty)
        #expect(!control.isTracking)
        #expect(stage.container.calls == ["began", "moved", "ended"])
    }

    @Test func beginTrackingAnsweringFalseMeansNoTracking() throws {
        let refusing = stage.add(RefusingControl(frame: Rect(100, 200, 100, 50), in: stage.app), "refusing", logTracking: true)
        refusing.addTarget(target, action: "handle", for: .allEvents)
        try stage.tap(1, 150, 225, at: 0)
        #expect(stage.log == ["refusing beginTracking"])
        #expect(!refusing.isTracking)
        #expect(stage.container.calls.isEmpty)  // still the control's touch: it is not passed on
    }

    @Test func continueTrackingAnsweringFalseStopsTheTrackingSilently() throws {
        let quitter = stage.add(QuittingControl(frame: Rect(100, 200, 100, 50), in: stage.app), "quitter", logTracking: true)
        quitter.addTarget(target, action: "handle", for: .allEvents)
        try stage.down(1, 150, 225, at: 0)
        try stage.move(1, 160, 225, at: 0.1)
        #expect(!quitter.isTracking && !quitter.isHighlighted)
        try stage.up(1, 160, 225, at: 0.2)
        #expect(stage.log == ["quitter beginTracking", "vc handle from quitter touchDown", "quitter continueTracking"])
    }

    @Test func aSecondFingerIsIgnoredWhileTracking() throws {
        control.isMultipleTouchEnabled = true
        try stage.down(1, 150, 125, at: 0)
        try stage.down(2, 160, 125, at: 0.01)
        try stage.up(2, 160, 125, at: 0.02)
        #expect(control.isTracking)
        try stage.up(1, 150, 125, at: 0.1)
        #expect(stage.log == sent("beginTracking", "touchDown", "endTracking", "touchUpInside"))
        #expect(stage.container.calls.isEmpty)
    }

    @Test func theTrackingMethodsSeeTheTrackedTouch() throws {
        let recorder = stage.add(TrackingRecorder(frame: Rect(100, 200, 100, 50), in: stage.app), "recorder")
        try stage.down(7, 150, 225, at: 0)
        try stage.move(7, 155, 225, at: 0.1)
        try stage.up(7, 156, 225, at: 0.2)
        try stage.down(8, 150, 225, at: 1)
        try stage.cancel(8, at: 1.1)
        #expect(recorder.calls == ["begin 7 50.0", "continue 7 55.0", "end 7 56.0", "begin 8 50.0", "cancel"])
    }

    @Test func selectedAndHighlightedShowInTheState() throws {
        control.isSelected = true
        #expect(control.state == .selected)
        try stage.down(1, 150, 125, at: 0)
        #expect(control.state == [.selected, .highlighted])
        control.isEnabled = false
        #expect(control.state == [.selected, .disabled], "disabling cancels the tracking and its highlight")
        control.isHighlighted = true
        #expect(control.state == [.selected, .highlighted, .disabled])
    }

    @Test func disabledWhileTrackingItCancelsAndIgnoresTheRestOfTheTouch() throws {
        var events: [String] = []
        _ = control.addAction(for: [.touchDown, .touchUpInside, .touchCancel, .touchDragInside]) { _ in events.append("event") }
        try stage.down(1, 150, 125, at: 0)
        #expect(control.isTracking && events.count == 1)
        control.isEnabled = false
        #expect(!control.isTracking && !control.isHighlighted && events.count == 1, "no event for the cancel")
        try stage.move(1, 152, 125, at: 0.1)
        control.isEnabled = true                              // enabled again: that touch stays ignored
        try stage.up(1, 152, 125, at: 0.2)
        #expect(events.count == 1 && !control.isTracking)
        try stage.down(2, 150, 125, at: 1)                    // the next touch is tracked
        #expect(control.isTracking && events.count == 2)
        try stage.up(2, 150, 125, at: 1.1)
        #expect(events.count == 3)
    }

    @Test func disabledByItsOwnActionItsTrackingEndsThere() throws {
        var events: [String] = []
        _ = control.addAction(for: .touchDown) { [unowned control] _ in events.append("down"); control.isEnabled = false }
        _ = control.addAction(for: [.touchDownRepeat, .touchUpInside, .touchCancel]) { _ in events.append("more") }
        try stage.down(1, 150, 125, at: 0)
        #expect(events == ["down"] && !control.isTracking)
        try stage.up(1, 150, 125, at: 0.1)
        #expect(events == ["down"], "the rest of the touch is ignored")
    }

    /// A button that disables itself when tapped (a form's "Submit"): its tracking ended with
    /// `endTracking`, and no `cancelTracking` follows it. Nor does one follow a `cancelTracking`
    /// whose `touchCancel` disables the control.
    @Test func disabledByAnActionOfItsLastStepItsTrackingEndsOnce() throws {
        _ = control.addAction(for: [.touchUpInside, .touchCancel]) { [unowned control] _ in control.isEnabled = false }
        try stage.down(1, 150, 125, at: 0)
        try stage.up(1, 150, 125, at: 0.1)
        #expect(stage.log == sent("beginTracking", "touchDown", "endTracking", "touchUpInside"))
        #expect(!control.isTracking && !control.isHighlighted)
        control.isEnabled = true
        stage.clearLog()
        try stage.down(2, 150, 125, at: 1)
        try stage.cancel(2, at: 1.1)
        #expect(stage.log == sent("beginTracking", "touchDown", "cancelTracking", "touchCancel"))
        control.isEnabled = true
        stage.clearLog()
        try stage.down(3, 150, 125, at: 2)                    // the next touch is tracked
        try stage.up(3, 150, 125, at: 2.1)
        #expect(stage.log == sent("beginTracking", "touchDown", "endTracking", "touchUpInside"))
    }

    /// The same for a value control whose `valueChanged`, sent after its up, disables it.
    @Test func aSegmentedControlDisabledByItsValueChangeEndsItsTrackingOnce() throws {
        let segments = stage.add(SegmentedControl(items: ["a", "b"], frame: Rect(100, 250, 100, 50), in: stage.app),
                                 "segments", logTracking: true)
        _ = segments.addAction(for: .valueChanged) { [unowned segments] _ in segments.isEnabled = false }
        try stage.down(1, 175, 275, at: 0)
        try stage.up(1, 175, 275, at: 0.1)
        #expect(stage.log == ["segments beginTracking", "segments endTracking"])
        #expect(segments.selectedSegmentIndex == 1 && !segments.isTracking)
    }

    /// The open properties stay overridable as UIKit's are: tracking sets `isHighlighted` and
    /// reads `trackingTolerance` through the subclass's overrides.
    @Test func aSubclassSeesHighlightChangesAndChoosesItsTolerance() throws {
        let styled = stage.add(StyledControl(frame: Rect(100, 250, 100, 50), in: stage.app), "styled")
        styled.addTarget(target, action: "handle", for: [.touchUpInside, .touchUpOutside])
        try stage.down(1, 150, 275, at: 0)
        try stage.move(1, 205, 275, at: 0.1)  // 5 pt right of the bounds: outside with no tolerance
        try stage.move(1, 195, 275, at: 0.2)
        try stage.up(1, 201, 275, at: 0.3)    // 1 pt outside
        #expect(styled.highlightChanges == [true, false, true, false])
        #expect(stage.log == ["vc handle from styled touchUpOutside"])
    }
}

/// No tolerance, and a record of each change of its highlight.
final class StyledControl: Control {
    private(set) var highlightChanges: [Bool] = []

    override var isHighlighted: Bool {
        didSet { if isHighlighted != oldValue { highlightChanges.append(isHighlighted) } }
    }

    override var trackingTolerance: Double {
        get { 0 }
        set {}
    }
}

final class RefusingControl: Control {
    override func beginTracking(_ touch: Touch, with event: HitKit.Event?) -> Bool { false }
}

final class QuittingControl: Control {
    override func continueTracking(_ touch: Touch, with event: HitKit.Event?) -> Bool { false }
}

/// Records each tracking call with the touch's id and x in the control.
final class TrackingRecorder: Control {
    private(set) var calls: [String] = []

    override func beginTracking(_ touch: Touch, with event: HitKit.Event?) -> Bool {
        calls.append("begin \(touch.id) \(touch.location(in: self).x)")
        return true
    }

    override func continueTracking(_ touch: Touch, with event: HitKit.Event?) -> Bool {
        calls.append("continue \(touch.id) \(touch.location(in: self).x)")
        return true
    }

    override func endTracking(_ touch: Touch?, with event: HitKit.Event?) {
        calls.append("end \(touch?.id ?? -1) \(touch?.location(in: self).x ?? .nan)")
    }

    override func cancelTracking(with event: HitKit.Event?) {
        calls.append("cancel")
    }
}

import Testing
import HitKit

/// The built-in value controls of Behaviour A5: what a touch does to their value and when they send
/// `valueChanged` (after the step's touch events).
@Suite struct ValueControlTests {
    let stage = ControlStage()
    let target = ActionPerformer()

    init() {
        stage.name(target, "vc")
    }

    /// Adds `control` at (100, 100), 200 × 40, reporting touch-ups and value changes to `vc`.
    private func place<C: Control>(_ control: C, _ name: String) -> C {
        stage.add(control, name)
        control.addTarget(target, action: "changed", for: [.valueChanged, .touchUpInside])
        return control
    }

    private func frame() -> Rect { Rect(100, 100, 200, 40) }

    // MARK: Switch

    @Test func aSwitchTogglesOnTouchUpInside() throws {
        let toggle = place(Switch(frame: frame(), in: stage.app), "switch")
        try stage.tap(1, 150, 120, at: 0)
        #expect(toggle.isOn)
        #expect(stage.log == ["vc changed from switch touchUpInside", "vc changed from switch valueChanged"])
        try stage.tap(2, 150, 120, at: 1)
        #expect(!toggle.isOn)
        #expect(stage.log.count == 4)
    }

    @Test func aSwitchIgnoresTouchUpOutsideAndCancel() throws {
        let toggle = place(Switch(frame: frame(), in: stage.app), "switch")
        try stage.down(1, 150, 120, at: 0)
        try stage.up(1, 150, 300, at: 0.1)
        try stage.down(2, 150, 120, at: 1)
        try stage.cancel(2, at: 1.1)
        #expect(!toggle.isOn)
        #expect(stage.log.isEmpty)
        toggle.setOn(true)
        #expect(toggle.isOn && stage.log.isEmpty)  // setting it sends nothing
    }

    // MARK: Slider

    /// 200 wide with a 28-pt thumb: the thumb's centre runs over screen x 114...286, 172 pt.
    @Test func aContinuousSliderFollowsTheTouchAndReportsEachChange() throws {
        let slider = place(Slider(frame: frame(), in: stage.app), "slider")
        slider.maximumValue = 172
        #expect(slider.thumbRect == Rect(0, 0, 28, 40))
        try stage.down(1, 114, 120, at: 0)  // on the thumb, at its centre: no change
        #expect(slider.value == 0 && stage.log.isEmpty)
        try stage.move(1, 157, 120, at: 0.1)
        #expect(slider.value == 43)
        #expect(slider.thumbRect == Rect(43, 0, 28, 40))
        try stage.move(1, 157, 125, at: 0.2)  // no horizontal move: no change, no event
        try stage.move(1, 400, 120, at: 0.3)  // past the end: clamped
        #expect(slider.value == 172)
        try stage.up(1, 360, 120, at: 0.4)  // 60 pt beyond the bounds: inside the tolerance
        #expect(slider.value == 172)
        #expect(stage.log == ["vc changed from slider valueChanged", "vc changed from slider valueChanged",
                              "vc changed from slider touchUpInside"])
    }

    @Test func aSliderJumpsToWhereTheTouchBegan() throws {
        let slider = place(Slider(frame: frame(), in: stage.app), "slider")
        slider.minimumValue = -3
        try stage.down(1, 200, 120, at: 0)  // the track's middle: 86 of 172
        #expect(slider.value == -1)
        #expect(stage.log == ["vc changed from slider valueChanged"])
        try stage.up(1, 50, 120, at: 0.1)  // lifts left of the track (still inside the tolerance)
        #expect(slider.value == -3)
    }

    @Test func aNonContinuousSliderReportsOnceWhenTrackingFinishes() throws {
        let slider = place(Slider(frame: frame(), in: stage.app), "slider")
        slider.isContinuous = false
        try stage.down(1, 114, 120, at: 0)
        try stage.move(1, 200, 120, at: 0.1)
        try stage.move(1, 286, 120, at: 0.2)
        #expect(slider.value == 1 && stage.log.isEmpty)
        try stage.up(1, 286, 120, at: 0.3)
        #expect(stage.log == ["vc changed from slider touchUpInside", "vc changed from slider valueChanged"])
        stage.clearLog()
        try stage.down(2, 286, 120, at: 1)  // no change: nothing on end
        try stage.up(2, 286, 120, at: 1.1)
        #expect(stage.log == ["vc changed from slider touchUpInside"])
        stage.clearLog()
        try stage.down(3, 200, 120, at: 2)
        try stage.cancel(3, at: 2.1)  // moved, then cancelled: reported once as well
        #expect(slider.value == 0.5)
        #expect(stage.log == ["vc changed from slider valueChanged"])
    }

    /// A range wider than the largest double: `min + p·(max − min)` would overflow to the
    /// maximum wherever the touch is; the value still follows it, and the thumb the value.
    @Test func aSliderWhoseRangeIsWiderThanTheLargestDoubleFollowsTheTouch() throws {
        let slider = place(Slider(frame: frame(), in: stage.app), "slider")
        slider.minimumValue = -1.7e308
        slider.maximumValue = 1.7e308
        #expect(slider.value == 0)
        #expect(slider.thumbRect == Rect(86, 0, 28, 40))              // the value 0 is the track's middle
        try stage.down(1, 243, 120, at: 0)                            // three quarters along: 0.85·10³⁰⁸
        #expect(close(slider.value, 0.85e308, 1e-12))
        #expect(close(slider.thumbRect.minX, 129, 1e-12))
        try stage.move(1, 200, 120, at: 0.1)                          // the middle: 0 again
        #expect(slider.value == 0)
        #expect(slider.thumbRect == Rect(86, 0, 28, 40))
        try stage.move(1, 400, 120, at: 0.2)
        #expect(slider.value == 1.7e308)
        #expect(slider.thumbRect == Rect(172, 0, 28, 40))
        try stage.move(1, 0, 120, at: 0.3)
        #expect(slider.value == -1.7e308)
        #expect(slider.thumbRect == Rect(0, 0, 28, 40))
        #expect(stage.log == Array(repeating: "vc changed from slider valueChanged", count: 4))
        #expect(close(slider.value(atX: 14 + 43), -0.85e308, 1e-12))  // a quarter along
    }

    @Test func aSliderKeepsItsValueInRange() {
        let slider = Slider(frame: frame(), in: stage.app)
        slider.value = 2
        #expect(slider.value == 1)
        slider.minimumValue = 3  // raises the maximum and the value with it
        #expect(slider.maximumValue == 3 && slider.value == 3)
        slider.maximumValue = 10
        slider.setValue(-4)
        #expect(slider.value == 3)
        #expect(slider.value(atX: 100) == 6.5)
        let narrow = Slider(frame: Rect(0, 0, 20, 20), in: stage.app)
        narrow.value = 0.25
        #expect(narrow.value(atX: 19) == 0.25)  // narrower than its thumb: it does not move
    }

    /// A slider's and a stepper's ends keep their order and hold the value, however they are set
    /// (UIKit's `UISlider` and `UIStepper`): each rule on each control.
    @Test(arguments: [false, true]) func aRangeKeepsItsEndsInOrderAndTheValueInside(stepper: Bool) {
        let control: Control = stepper ? Stepper(frame: frame(), in: stage.app) : Slider(frame: frame(), in: stage.app)
        func set(_ minimum: Double?, _ maximum: Double?, _ value: Double?) {
            if let s = control as? Stepper {
                if let minimum { s.minimumValue = minimum }
                if let maximum { s.maximumValue = maximum }
                if let value { s.value = value }
            } else if let s = control as? Slider {
                if let minimum { s.minimumValue = minimum }
                if let maximum { s.maximumValue = maximum }
                if let value { s.value = value }
            }
        }
        func read() -> [Double] {
            if let s = control as? Stepper { return [s.minimumValue, s.maximumValue, s.value] }
            let s = control as! Slider
            return [s.minimumValue, s.maximumValue, s.value]
        }
        set(0, 10, 5)
        #expect(read() == [0, 10, 5])
        set(nil, 4, nil)                // lowering the maximum below the value clamps the value
        #expect(read() == [0, 4, 4])
        set(nil, -2, nil)               // below the minimum: the minimum comes down with it
        #expect(read() == [-2, -2, -2])
        set(nil, 8, 20)
        #expect(read() == [-2, 8, 8])
        set(9, nil, nil)                // above the maximum: the maximum goes up with it
        #expect(read() == [9, 9, 9])
        set(nil, 12, .nan)              // a NaN value is the minimum
        #expect(read() == [9, 12, 9])
        set(nil, nil, -100)
        #expect(read() == [9, 12, 9])
    }

    // The stepper's rules are in StepperTests.

    // MARK: Segmented control

    @Test func aSegmentedControlSelectsTheSegmentUnderTheLift() throws {
        let segmented = place(SegmentedControl(items: ["a", "b", "c", "d"], frame: frame(), in: stage.app), "segmented")
        #expect(segmented.numberOfSegments == 4 && segmented.selectedSegmentIndex == SegmentedControl.noSegment)
        try stage.tap(1, 260, 120, at: 0)  // x 160 of 200: the fourth segment
        #expect(segmented.selectedSegmentIndex == 3)
        try stage.tap(2, 250, 120, at: 1)  // x 150: the first point of the fourth segment
        #expect(segmented.selectedSegmentIndex == 3)
        try stage.tap(3, 149, 120, at: 2)  // x 49: the first segment
        #expect(segmented.selectedSegmentIndex == 0)
        #expect(stage.log == ["vc changed from segmented touchUpInside", "vc changed from segmented valueChanged",
                              "vc changed from segmented touchUpInside",
                              "vc changed from segmented touchUpInside", "vc changed from segmented valueChanged"])
        try stage.down(4, 150, 120, at: 3)
        try stage.up(4, 350, 120, at: 3.1)  // beyond the right edge, inside the tolerance: the last segment
        #expect(segmented.selectedSegmentIndex == 3)
    }

    @Test func segmentsCanBeCountedInsertedAndRemoved() {
        let segmented = SegmentedControl(frame: frame(), in: stage.app)
        segmented.numberOfSegments = 3
        #expect(segmented.titleForSegment(at: 1) == nil)
        segmented.setTitle("mid", forSegmentAt: 1)
        segmented.selectedSegmentIndex = 2
        segmented.insertSegment(withTitle: "first", at: 0)
        #expect(segmented.numberOfSegments == 4 && segmented.selectedSegmentIndex == 3)
        #expect(segmented.titleForSegment(at: 0) == "first" && segmented.titleForSegment(at: 2) == "mid")
        segmented.removeSegment(at: 3)
        #expect(segmented.selectedSegmentIndex == SegmentedControl.noSegment)
        segmented.selectedSegmentIndex = 7
        #expect(segmented.selectedSegmentIndex == SegmentedControl.noSegment)
        #expect(segmented.segmentIndex(atX: 199) == 2)
    }

    // MARK: Page control

    @Test func aPageControlTurnsPagesByHalves() throws {
        let pages = place(PageControl(frame: frame(), in: stage.app), "pages")
        pages.numberOfPages = 3
        try stage.tap(1, 250, 120, at: 0)
        try stage.tap(2, 250, 120, at: 1)
        #expect(pages.currentPage == 2)
        try stage.tap(3, 250, 120, at: 2)  // the last page: nothing to go to
        #expect(pages.currentPage == 2)
        try stage.tap(4, 150, 120, at: 3)
        #expect(pages.currentPage == 1)
        #expect(stage.log.filter { $0.hasSuffix("valueChanged") }.count == 3)
        pages.numberOfPages = 1
        #expect(pages.currentPage == 0)
    }
}

import Testing
import HitKit

/// `Control.Event`: names the delivery log prints, groupings, and the order of a combination.
@Suite struct ControlEventTests {
    static let expectedNames: [(Control.Event, String)] = [
        (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"),
        (.touchDragInside, "touchDragInside"), (.touchDragOutside, "touchDragOutside"),
        (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"),
        (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"),
        (.touchCancel, "touchCancel"), (.valueChanged, "valueChanged"),
        (.primaryActionTriggered, "primaryActionTriggered"),
    ]

    @Test func eachEventIsNamedAfterItsSwiftCase() {
        for (event, name) in Self.expectedNames {
            #expect(event.name == name)
            #expect(Control.Event(name: name) == event)
        }
        #expect(Control.Event.singleEvents == Self.expectedNames.map(\.0))
        #expect(Set(Self.expectedNames.map(\.0.rawValue)).count == Self.expectedNames.count)
        #expect(Control.Event(name: "tap") == nil)
    }

    @Test func theGroupingsHoldTheRightEvents() {
        for event in Control.Event.singleEvents {
            #expect(Control.Event.allEvents.contains(event))
            let isTouch = event != .valueChanged && event != .primaryActionTriggered
            #expect(Control.Event.allTouchEvents.contains(event) == isTouch)
        }
        #expect(Control.Event.allTouchEvents.name == "allTouchEvents")
        #expect(Control.Event.allEvents.name == "allEvents")
        #expect(([.touchUpInside, .touchDown] as Control.Event).name == "touchDown|touchUpInside")
    }

    @Test func aCombinationIsSentEventByEventInTheCanonicalOrder() {
        let stage = ControlStage()
        let control = stage.add(Control(frame: Rect(0, 0, 10, 10), in: stage.app), "control")
        let target = ActionPerformer()
        stage.name(target, "vc")
        control.addTarget(target, action: "a", for: [.valueChanged, .touchDown])
        control.addTarget(target, action: "b", for: .touchDown)
        control.sendActions(for: [.valueChanged, .touchDown, .touchCancel])
        #expect(stage.log == ["vc a from control touchDown", "vc b from control touchDown", "vc a from control valueChanged"])
    }
}

/// `Button`: `primaryActionTriggered` right after `touchUpInside`, and only then.
@Suite struct ButtonTests {
    let stage = ControlStage()
    let target = ActionPerformer()
    let button: Button

    init() {
        button = stage.add(Button(frame: Rect(100, 100, 100, 50), in: stage.app), "button")
        stage.name(target, "vc")
        button.addTarget(target, action: "tapped", for: [.touchUpInside, .primaryActionTriggered, .touchUpOutside, .touchCancel])
    }

    @Test func touchUpInsideIsFollowedByThePrimaryAction() throws {
        try stage.tap(1, 150, 125, at: 0)
        #expect(stage.log == ["vc tapped from button touchUpInside", "vc tapped from button primaryActionTriggered"])
    }

    @Test func noPrimaryActionOnTouchUpOutsideOrCancel() throws {
        try stage.down(1, 150, 125, at: 0)
        try stage.up(1, 150, 300, at: 0.1)
        try stage.down(2, 150, 125, at: 1)
        try stage.cancel(2, at: 1.1)
        #expect(stage.log == ["vc tapped from button touchUpOutside", "vc tapped from button touchCancel"])
    }
}

import Testing
@testable import HitKit

/// Behaviour A8 rules the other suites leave unchecked: a recognizer's `modifierFlags` during
/// its action, and a scroll whose location is not finite.
@Suite struct ModifierFlagsAndBadScrollTests {
    let stage = OneViewStage()
    var app: Application { stage.app }

    /// A8: `GestureRecognizer.modifierFlags` gives the frame's modifier keys.
    @Test func aRecognizersModifierFlagsAreTheFramesDuringItsAction() throws {
        let tap = TapGestureRecognizer(), hover = HoverGestureRecognizer()
        var tapFlags: [KeyModifierFlags] = [], hoverFlags: [KeyModifierFlags] = []
        // The recognizer is the action's argument: capturing it would keep it alive forever.
        tap.addTarget { tapFlags.append($0.modifierFlags) }
        hover.addTarget { hoverFlags.append($0.modifierFlags) }
        stage.view.addGestureRecognizer(tap)
        stage.view.addGestureRecognizer(hover)
        try app.send(InputFrame(timestamp: 0, pointer: PointerInput(id: 9, location: Point(50, 50), buttons: [], modifierFlags: .alternate)))
        try app.send(InputFrame(timestamp: 0.05, pointer: PointerInput(id: 9, location: Point(60, 50), buttons: [], modifierFlags: [])))
        try app.send(InputFrame(timestamp: 0.1, pointer: PointerInput(id: 9, location: Point(60, 50), buttons: .primary, modifierFlags: [.shift, .command])))
        try app.send(InputFrame(timestamp: 0.2, pointer: PointerInput(id: 9, location: Point(60, 50), buttons: [], modifierFlags: [.shift, .command])))
        #expect(hoverFlags == [.alternate, []], "began with alternate held, changed with none")
        #expect(tapFlags == [[.shift, .command]])
    }

    /// A8: a NaN scroll location is bad pointer input; nothing else of the frame is lost.
    @Test func aScrollAtANaNLocationIsRejectedAndTheFramesFingerIsDelivered() throws {
        let pan = PanGestureRecognizer()
        pan.allowedScrollTypesMask = .all
        stage.window.addGestureRecognizer(pan)
        #expect(throws: InputError(rejections: [.init(touchID: nil, reason: .scroll(.nonFiniteLocation))])) {
            try app.send(InputFrame(timestamp: 0, touches: [TouchInput(id: 1, phase: .began, location: Point(300, 300))],
                                    scroll: ScrollInput(location: Point(.nan, 50), delta: Point(0, -10), kind: .discrete)))
        }
        #expect(app.activeTouches.map(\.id) == [1])
        #expect(pan.state == .possible)
    }
}

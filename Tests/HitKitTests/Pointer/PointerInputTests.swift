import Testing
@testable import HitKit

/// Behaviour A8, rule by rule: clicks are touches, which recognizers see a click, hover, scroll
/// routing, scroll views, leaving, and bad pointer input.
@Suite struct PointerInputTests {
    let app = Application()
    let window: Window
    let box: View
    var states: [String] = []

    init() {
        window = Window(frame: Rect(0, 0, 400, 400), in: app)
        box = View(frame: Rect(0, 0, 200, 200), in: app)
        window.addSubview(box)
    }

    func pointer(_ t: Double, _ x: Double, _ y: Double, _ buttons: Event.ButtonMask = [], _ flags: KeyModifierFlags = []) throws {
        try app.send(InputFrame(timestamp: t, pointer: PointerInput(id: 9, location: Point(x, y), buttons: buttons, modifierFlags: flags)))
    }

    func scroll(_ t: Double, _ dx: Double, _ dy: Double, _ kind: ScrollInput.Kind = .discrete, at point: Point = Point(50, 50)) throws {
        try app.send(InputFrame(timestamp: t, scroll: ScrollInput(location: point, delta: Point(dx, dy), kind: kind)))
    }

    func record(_ recognizer: GestureRecognizer, _ name: String, into log: Box) {
        recognizer.observeStateChanges { _, state in log.lines.append("\(name) \(state)") }
    }

    final class Box { var lines: [String] = [] }

    // MARK: Clicks are touches

    @Test func aClickIsAnIndirectPointerTouchWithThePointersIDAndState() throws {
        var seen: [(Touch.TouchType, Int, Event.ButtonMask, KeyModifierFlags)] = []
        let tap = TapGestureRecognizer()
        tap.addTarget { _ in }
        box.addGestureRecognizer(tap)
        let spy = SpyRecognizer { touch, event in seen.append((touch.type, touch.id, event.buttonMask, event.modifierFlags)) }
        box.addGestureRecognizer(spy)
        try pointer(0, 50, 50)
        #expect(app.activeTouches.isEmpty, "moving without a button is no touch")
        try pointer(0.1, 50, 50, .primary, .shift)
        #expect(app.activeTouches.map(\.id) == [9])
        #expect(seen.first?.0 == .indirectPointer && seen.first?.1 == 9)
        #expect(seen.first?.2 == .primary && seen.first?.3 == .shift)
        try pointer(0.15, 50, 50, [.primary, .secondary])
        #expect(app.activeTouches.count == 1, "another button while one is held begins no touch")
        try pointer(0.2, 50, 50, [])
        #expect(app.activeTouches.isEmpty, "releasing the last button ends it")
        #expect(tap.state == .possible)  // recognized and reset
    }

    @Test func aDoubleClickHasTapCountTwo() throws {
        var counts: [Int] = []
        box.addGestureRecognizer(SpyRecognizer { touch, _ in if touch.phase == .began { counts.append(touch.tapCount) } })
        try pointer(0, 50, 50, .primary)
        try pointer(0.05, 50, 50)
        try pointer(0.2, 52, 50, .primary)
        try pointer(0.25, 52, 50)
        #expect(counts == [1, 2])
    }

    // MARK: Which recognizers see a click

    @Test func buttonMaskRequiredAndPrimaryOnlyForOthers() throws {
        let primaryTap = TapGestureRecognizer(), secondaryTap = TapGestureRecognizer(), press = LongPressGestureRecognizer()
        secondaryTap.buttonMaskRequired = .secondary
        let log = Box()
        for (r, n) in [(primaryTap as GestureRecognizer, "primary"), (secondaryTap, "secondary"), (press, "press")] {
            box.addGestureRecognizer(r)
            record(r, n, into: log)
        }
        try pointer(0, 50, 50, .secondary)
        try pointer(0.1, 50, 50)
        #expect(log.lines == ["secondary ended"], "only the secondary tap saw the right click")
        log.lines = []
        try pointer(1, 50, 50, .primary)
        try pointer(1.1, 50, 50)
        #expect(log.lines.contains("primary ended") && !log.lines.contains("secondary ended"))
    }

    @Test func aButtonMaskListsItsButtonNumbersAscendingAndBack() {
        let mask: Event.ButtonMask = [.primary, .middle, .button(Event.ButtonMask.maximumButtonNumber)]
        #expect(mask.buttonNumbers == [1, 3, 32])
        #expect(Event.ButtonMask().buttonNumbers.isEmpty)
        #expect(Event.ButtonMask(rawValue: .max).buttonNumbers == Array(1...32))
        #expect(PointerInput(id: 1, location: .zero, buttons: mask).buttonMask == mask)
    }

    @Test func allowedTouchTypesReadBackAsSet() {
        let tap = TapGestureRecognizer()
        #expect(tap.allowedTouchTypes == [.direct, .indirectPointer])
        tap.allowedTouchTypes = [.indirectPointer]
        #expect(tap.allowedTouchTypes == [.indirectPointer])
        tap.allowedTouchTypes = []
        #expect(tap.allowedTouchTypes.isEmpty)
    }

    /// A recognizer allowing one touch type alone: a tap of the other type is refused, one of its
    /// own recognized.
    @Test(arguments: [Touch.TouchType.direct, .indirectPointer])
    func allowedTouchTypesFilterFingersAndClicks(_ allowed: Touch.TouchType) throws {
        let tap = TapGestureRecognizer()
        tap.allowedTouchTypes = [allowed]
        box.addGestureRecognizer(tap)
        let log = Box()
        record(tap, "tap", into: log)
        func tapWith(_ type: Touch.TouchType, at time: Double) throws {
            switch type {
            case .direct:
                try app.send(InputFrame(timestamp: time, touches: [TouchInput(id: 1, phase: .began, location: Point(50, 50))]))
                try app.send(InputFrame(timestamp: time + 0.1, touches: [TouchInput(id: 1, phase: .ended, location: Point(50, 50))]))
            case .indirectPointer:
                try pointer(time, 50, 50, .primary)
                try pointer(time + 0.1, 50, 50)
            }
        }
        try tapWith(allowed == .direct ? .indirectPointer : .direct, at: 0)
        #expect(log.lines.isEmpty)
        try tapWith(allowed, at: 1)
        #expect(log.lines == ["tap ended"])
    }

    // MARK: Hover

    @Test func hoverBeginsChangesAndEndsWithTheViewUnderThePointer() throws {
        let outer = HoverGestureRecognizer(), inner = HoverGestureRecognizer()
        let child = View(frame: Rect(0, 0, 100, 100), in: app)
        box.addSubview(child)
        box.addGestureRecognizer(outer)
        child.addGestureRecognizer(inner)
        let log = Box()
        record(outer, "outer", into: log)
        record(inner, "inner", into: log)
        try pointer(0, 50, 50)
        #expect(log.lines == ["inner began", "outer began"])
        try pointer(0.1, 150, 50)
        #expect(log.lines.suffix(2) == ["inner ended", "outer changed"])
        try pointer(0.2, 150, 50, .primary)
        #expect(log.lines.count == 4, "pressing a button neither begins nor ends hover")
        try pointer(0.3, 150, 50)
        child.frame = Rect(100, 0, 100, 100)
        app.updateHover()
        #expect(log.lines.suffix(1) == ["inner began"], "a geometry change moves hover")
        child.isHidden = true
        app.updateHover()
        #expect(log.lines.suffix(1) == ["inner ended"])
        box.removeFromSuperview()
        #expect(log.lines.suffix(1) == ["outer ended"], "a removed view's hover ends at once")
    }

    /// UIKit's `allowedTouchTypes` filters the pointer's hover, `indirectPointer` input, as A9
    /// filters a touchpad pinch's candidates by it: a hover allowing `direct` alone does not
    /// begin; allowed the pointer again under a still pointer it begins, and ends when the type
    /// is taken out, as enabling and disabling it would.
    @Test func aHoverFollowsThePointerOnlyWhileItAllowsIndirectPointer() throws {
        let fingersOnly = HoverGestureRecognizer(), both = HoverGestureRecognizer()
        fingersOnly.allowedTouchTypes = [.direct]
        box.addGestureRecognizer(fingersOnly)
        window.addGestureRecognizer(both)
        let log = Box()
        record(fingersOnly, "fingersOnly", into: log)
        record(both, "both", into: log)
        try pointer(0, 50, 50)
        try pointer(0.1, 60, 50)
        #expect(log.lines == ["both began", "both changed"])
        fingersOnly.allowedTouchTypes = [.direct, .indirectPointer]
        #expect(log.lines.suffix(1) == ["fingersOnly began"])
        try pointer(0.2, 70, 50)
        #expect(log.lines.suffix(2) == ["fingersOnly changed", "both changed"])
        fingersOnly.allowedTouchTypes = [.direct]
        #expect(log.lines.suffix(1) == ["fingersOnly ended"])
        try pointer(0.3, 80, 50)
        #expect(log.lines.suffix(1) == ["both changed"])
    }

    @Test func hoverNeverPreventsAndIsNeverPrevented() throws {
        let hover = HoverGestureRecognizer()
        let tap = TapGestureRecognizer()
        tap.require(toFail: hover)
        box.addGestureRecognizer(hover)
        box.addGestureRecognizer(tap)
        let log = Box()
        record(tap, "tap", into: log)
        record(hover, "hover", into: log)
        try pointer(0, 50, 50)
        try pointer(0.1, 50, 50, .primary)
        try pointer(0.2, 50, 50)
        #expect(log.lines == ["hover began", "tap ended"], "the tap did not wait for the hover, nor end it")
    }

    @Test func leavingEndsHoversAndIsRejectedWithAButtonHeld() throws {
        let hover = HoverGestureRecognizer()
        box.addGestureRecognizer(hover)
        try pointer(0, 50, 50, .primary)
        #expect(hover.state == .began)
        #expect(throws: InputError(rejections: [.init(touchID: 9, reason: .pointer(.leftWithButtonHeld))])) {
            try app.send(InputFrame(timestamp: 0.1, pointer: .left(id: 9)))
        }
        #expect(hover.state == .began && app.activeTouches.count == 1, "nothing changed")
        try pointer(0.2, 50, 50)
        try app.send(InputFrame(timestamp: 0.3, pointer: .left(id: 9)))
        #expect(hover.state == .possible && app.pointerLocation == nil)
    }

    // MARK: Scroll

    @Test func discreteNotchesBeginChangeAndEndOnTheTimer() throws {
        let pan = PanGestureRecognizer()
        pan.allowedScrollTypesMask = .discrete
        box.addGestureRecognizer(pan)
        let log = Box()
        record(pan, "pan", into: log)
        try scroll(0, 0, -40)
        try scroll(0.05, 0, -40)
        #expect(log.lines == ["pan began", "pan changed"])
        #expect(pan.translation(in: nil) == Point(0, -80) && pan.numberOfTouches == 0)
        #expect(app.pendingTimerCount == 1, "each notch pushes the one end timer back")
        try app.advance(to: 0.149)
        #expect(log.lines.count == 2)
        try app.advance(to: 0.151)  // 0.05 + 0.1 is a hair over 0.15 in binary
        #expect(log.lines.last == "pan ended")
    }

    @Test func theFirstPanInPriorityOrderWhoseMaskAllowsTakesTheScroll() throws {
        let none = PanGestureRecognizer(), outer = PanGestureRecognizer(), inner = PanGestureRecognizer()
        outer.allowedScrollTypesMask = .all
        inner.allowedScrollTypesMask = .continuous
        window.addGestureRecognizer(outer)
        box.addGestureRecognizer(inner)
        box.addGestureRecognizer(none)
        try scroll(0, 0, -5)
        #expect(outer.state == .began && inner.state == .possible && none.state == .possible)
        try scroll(0.5, 0, -5, .continuous(.began))
        #expect(inner.state == .began)
        try scroll(0.6, 0, -5, .continuous(.changed), at: Point(300, 300))
        #expect(inner.state == .changed, "a continuous scroll stays with the pan that took its began")
        try scroll(0.7, 0, 0, .continuous(.ended))
        #expect(inner.state == .possible)
        #expect(inner.translation(in: nil) == .zero, "reset after ending")
    }

    @Test func aPanTrackingFingersCannotTakeAScroll() throws {
        let pan = PanGestureRecognizer()
        pan.allowedScrollTypesMask = .all
        box.addGestureRecognizer(pan)
        try app.send(InputFrame(timestamp: 0, touches: [TouchInput(id: 1, phase: .began, location: Point(50, 50))]))
        try scroll(0.1, 0, -40)
        #expect(pan.state == .possible)
    }

    @Test func scrollViewsScrollClampedAndPassOnAxesTheyCannotScroll() throws {
        let page = ScrollView(frame: Rect(0, 0, 400, 400), in: app)
        page.contentSize = Size(400, 500)
        let carousel = ScrollView(frame: Rect(0, 0, 400, 100), in: app)
        carousel.contentSize = Size(1000, 100)
        window.addSubview(page)
        page.addSubview(carousel)
        try scroll(0, -30, 0)
        #expect(carousel.contentOffset == Point(30, 0) && page.contentOffset == .zero)
        try scroll(0.5, 0, -80)
        #expect(page.contentOffset == Point(0, 80), "the carousel cannot scroll vertically: the page does")
        try scroll(0.6, 0, -80, at: Point(50, 300))
        #expect(page.contentOffset == Point(0, 100), "clamped to contentSize − bounds")
        try scroll(0.7, 0, 30, at: Point(50, 300))
        #expect(page.contentOffset == Point(0, 70), "each step is clamped: no overshoot remembered")
    }

    /// Hand-derived: the window is scaled 2× about its center (200, 200), so screen (0, 0) is
    /// window (100, 100) and a screen delta is half as long in it. A scroll view turned a quarter
    /// clockwise reads the window's upward (0, −20) as its own (−20, 0): it scrolls sideways, the
    /// way its content exceeds it.
    @Test func aScrollsDeltaIsOnTheScreenAndReadInEachViewsOwnCoordinates() throws {
        window.transform = AffineTransform(scaleX: 2, y: 2)
        let pan = PanGestureRecognizer()
        pan.allowedScrollTypesMask = .discrete
        box.addGestureRecognizer(pan)
        try scroll(0, 0, -40, at: Point(0, 0))
        #expect(pan.state == .began)
        #expect(pan.translation(in: nil) == Point(0, -20))
        try app.advance(to: 1)

        let sideways = ScrollView(frame: Rect(0, 0, 200, 100), in: app)
        sideways.contentSize = Size(1000, 100)
        sideways.transform = AffineTransform(rotationAngle: .pi / 2)
        window.addSubview(sideways)
        // Its center, window (100, 50), is screen (0, −100).
        try scroll(2, 0, -40, at: Point(0, -100))
        #expect(pan.state == .possible, "the scroll view, in front, took the notch")
        #expect(abs(sideways.contentOffset.x - 20) < 1e-9 && sideways.contentOffset.y == 0)
    }

    // MARK: Bad pointer input

    @Test func badPointerInputIsRejectedAndNothingElseIsLost() throws {
        try app.send(InputFrame(timestamp: 0, touches: [TouchInput(id: 3, phase: .began, location: Point(10, 10))]))
        #expect(throws: InputError(rejections: [.init(touchID: 3, reason: .pointer(.idInUseByFinger))])) {
            try app.send(InputFrame(timestamp: 0.1, pointer: PointerInput(id: 3, location: Point(1, 1))))
        }
        #expect(throws: InputError(rejections: [.init(touchID: 9, reason: .pointer(.buttonOutOfRange(40)))])) {
            try app.send(InputFrame(timestamp: 0.2, touches: [TouchInput(id: 3, phase: .ended, location: Point(10, 10))],
                                    pointer: PointerInput(id: 9, location: Point(1, 1), buttonNumbers: [40])))
        }
        #expect(app.activeTouches.isEmpty, "the frame's finger was delivered")
        #expect(throws: InputError(rejections: [.init(touchID: 9, reason: .pointer(.nonFiniteLocation))])) {
            try app.send(InputFrame(timestamp: 0.3, pointer: PointerInput(id: 9, location: Point(.nan, 1))))
        }
        #expect(throws: InputError(rejections: [.init(touchID: nil, reason: .scroll(.notBegan))])) {
            try scroll(0.4, 0, 1, .continuous(.changed))
        }
        #expect(throws: InputError(rejections: [.init(touchID: nil, reason: .scroll(.nonFiniteDelta))])) {
            try scroll(0.5, .infinity, 1)
        }
        try pointer(0.6, 1, 1)
        #expect(throws: InputError(rejections: [.init(touchID: 8, reason: .pointer(.anotherPointerPresent(9)))])) {
            try app.send(InputFrame(timestamp: 0.7, pointer: PointerInput(id: 8, location: Point(1, 1))))
        }
        #expect(app.pointerLocation == Point(1, 1))
    }
}

/// Records every touch it receives with the event, and never recognizes.
final class SpyRecognizer: GestureRecognizer {
    let body: (Touch, Event) -> Void
    init(_ body: @escaping (Touch, Event) -> Void) {
        self.body = body
        super.init()
        cancelsTouchesInView = false
        delaysTouchesEnded = false
    }
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { if let event { body(touch, event) } }
    }
    override func canPrevent(_ other: GestureRecognizer) -> Bool { false }
    override func canBePrevented(by other: GestureRecognizer) -> Bool { false }
}

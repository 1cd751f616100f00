import Testing
@testable import HitKit

/// Behaviour A3's promise and A8's hover promise over random streams that mix fingers with the
/// pointer: clicks with random buttons, moves with and without buttons, leaving, wheel notches
/// and trackpad sequences, hover recognizers and scroll-taking pans on random views, and views
/// removed, moved and hidden mid-stream. Every responder that gets a began for a touch gets
/// exactly one end; every hover recognizer that begins ends exactly once (never cancelled).
@Suite struct PointerDeliveryInvariantTests {
    typealias Stream = DeliveryInvariantTests.Stream

    /// Hover begins and ends, per recognizer.
    final class HoverLedger {
        var open: [ObjectIdentifier: Int] = [:]
        var began = 0
        var violations: [String] = []

        func watch(_ hover: HoverGestureRecognizer) {
            hover.observeStateChanges { [unowned self] recognizer, state in
                let key = ObjectIdentifier(recognizer)
                switch state {
                case .began:
                    if open[key, default: 0] != 0 { violations.append("a second began before the end") }
                    open[key] = 1
                    began += 1
                case .ended:
                    if open[key, default: 0] != 1 { violations.append("an end without a began") }
                    open[key] = 0
                case .cancelled: violations.append("a hover was cancelled")
                default: break
                }
            }
        }

        var stillOpen: Int { open.values.reduce(0, +) }
    }

    struct PointerModel {
        static let id = 100
        var location: Point?
        var buttons: Event.ButtonMask = []
        var continuousUnderway = false
    }

    @Test func everyBeganEndsOnceAndEveryHoverBeganEndsOnce() throws {
        var totalBegan = 0, totalHovers = 0, totalClicks = 0, totalScrolls = 0
        for seed in UInt64(1)...600 {
            var stream = Stream(seed: seed &* 7919)
            let hovers = HoverLedger()
            for view in stream.views + stream.windows.map({ $0 as View }) {
                if stream.rng.chance(0.6) {
                    let hover = HoverGestureRecognizer()
                    hovers.watch(hover)
                    view.addGestureRecognizer(hover)
                }
                if stream.rng.chance(0.2) {
                    let pan = PanGestureRecognizer()
                    pan.allowedScrollTypesMask = [ScrollTypeMask.discrete, .continuous, .all].randomElement(using: &stream.rng)!
                    view.addGestureRecognizer(pan)
                }
            }
            var pointer = PointerModel()
            for _ in 0..<40 {
                if stream.rng.chance(0.1) { stream.reshuffle() }
                if stream.rng.chance(0.05), let view = stream.views.randomElement(using: &stream.rng) {
                    view.isHidden.toggle()
                    stream.app.updateHover()
                }
                if stream.rng.chance(0.5) {
                    try stream.step()
                } else {
                    let (clicked, scrolled) = try pointerStep(&stream, &pointer)
                    totalClicks += clicked ? 1 : 0
                    totalScrolls += scrolled ? 1 : 0
                }
            }
            try stream.liftEverything()
            stream.time += 0.1
            try stream.app.send(InputFrame(timestamp: stream.time, pointer: PointerInput(id: PointerModel.id, location: pointer.location ?? .zero)))
            stream.time += 0.1
            try stream.app.send(InputFrame(timestamp: stream.time, pointer: .left(id: PointerModel.id),
                                           scroll: pointer.continuousUnderway ? ScrollInput(location: .zero, delta: .zero, kind: .continuous(.ended)) : nil))
            try stream.app.advance(to: stream.time + 1)
            let ledger = stream.ledger
            #expect(ledger.violations.isEmpty, "seed \(seed): \(ledger.violations.prefix(3))")
            #expect(ledger.unbalanced == 0, "seed \(seed): responders without exactly one end")
            #expect(hovers.violations.isEmpty, "seed \(seed): \(hovers.violations.prefix(3))")
            #expect(hovers.stillOpen == 0, "seed \(seed): hovers still begun after the pointer left")
            #expect(stream.app.activeTouches.isEmpty)
            totalBegan += ledger.beganCount
            totalHovers += hovers.began
            if !ledger.violations.isEmpty || !hovers.violations.isEmpty { break }
        }
        #expect(totalBegan > 2_000 && totalHovers > 600 && totalClicks > 1_000 && totalScrolls > 1_000,
                "the streams exercise clicks, hover and scroll: \(totalBegan) \(totalHovers) \(totalClicks) \(totalScrolls)")
    }

    /// One pointer frame: a move, a button change, a leave, or a scroll; bad input sometimes,
    /// whose rejection is checked.
    func pointerStep(_ stream: inout Stream, _ pointer: inout PointerModel) throws -> (clicked: Bool, scrolled: Bool) {
        let t = stream.time + Double.random(in: 0.001..<0.2, using: &stream.rng)
        var frame = InputFrame(timestamp: t)
        var expected: [InputError.Rejection] = []
        var next = pointer
        switch Int.random(in: 0..<10, using: &stream.rng) {
        case 0..<4:  // move, buttons unchanged
            let at = stream.randomPoint()
            frame.pointer = PointerInput(id: PointerModel.id, location: at, buttons: pointer.buttons)
            next.location = at
        case 4..<7:  // press or release
            let buttons: Event.ButtonMask = pointer.buttons.isEmpty
                ? [.primary, .secondary, .middle, [.primary, .secondary]].randomElement(using: &stream.rng)! : []
            let at = pointer.location ?? stream.randomPoint()
            frame.pointer = PointerInput(id: PointerModel.id, location: at, buttons: buttons)
            next.location = at
            next.buttons = buttons
        case 7:  // leave (bad with a button held), or a bad button number
            if stream.rng.chance(0.5) {
                frame.pointer = .left(id: PointerModel.id)
                if pointer.location != nil && !pointer.buttons.isEmpty {
                    expected = [.init(touchID: PointerModel.id, reason: .pointer(.leftWithButtonHeld))]
                    next = pointer
                } else {
                    next.location = nil
                    next.buttons = []
                }
            } else {
                frame.pointer = PointerInput(id: PointerModel.id, location: .zero, buttonNumbers: [40])
                expected = [.init(touchID: PointerModel.id, reason: .pointer(.buttonOutOfRange(40)))]
            }
        default:  // scroll
            let at = pointer.location ?? stream.randomPoint()
            let delta = Point(Double.random(in: -40..<40, using: &stream.rng), Double.random(in: -40..<40, using: &stream.rng))
            if stream.rng.chance(0.5) {
                frame.scroll = ScrollInput(location: at, delta: delta, kind: .discrete)
            } else {
                let phase: ScrollInput.Phase = pointer.continuousUnderway
                    ? (stream.rng.chance(0.3) ? .ended : .changed) : .began
                frame.scroll = ScrollInput(location: at, delta: delta, kind: .continuous(phase))
                next.continuousUnderway = phase != .ended
            }
        }
        do {
            try stream.app.send(frame)
            #expect(expected.isEmpty, "bad pointer input was accepted")
        } catch {
            #expect(error.rejections == expected)
            if !expected.isEmpty { next = pointer }
        }
        stream.time = t
        let clicked = pointer.buttons.isEmpty && !next.buttons.isEmpty
        pointer = next
        return (clicked, frame.scroll != nil)
    }
}

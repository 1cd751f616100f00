// The dispatch target's decoder: bytes → a world and a stream of frames and edits, run through the
// façade. Bytes are read as they are (no hashing), so libFuzzer's comparison tracing can steer
// them; past the end every read answers 0 and the stream stops.
import HitKit

/// Reads the input one byte per decision.
struct DispatchBytes {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    var isExhausted: Bool { position >= bytes.count }

    mutating func byte() -> Int {
        guard position < bytes.count else { return 0 }
        position += 1
        return Int(bytes[position - 1])
    }

    /// A value in `0..<count` (`count` at most 256).
    mutating func below(_ count: Int) -> Int { byte() % count }

    /// True for `n` of every 256 values.
    mutating func chance(_ n: Int) -> Bool { byte() < n }

    /// A screen coordinate in −20…426, on a grid of 1.75 pt.
    mutating func coordinate() -> Double { Double(byte()) * 1.75 - 20 }

    mutating func point() -> Point { Point(x: coordinate(), y: coordinate()) }

    mutating func rect(within size: Double) -> Rect {
        let scale = size / 256
        return Rect(Double(byte()) * scale - 10, Double(byte()) * scale - 10,
                    5 + Double(byte()) * scale, 5 + Double(byte()) * scale)
    }
}

/// One input's world and stream, and the checks at its end.
final class DispatchStream {
    static let maximumSteps = 64
    static let fingerIDs = 0..<8
    static let pointerID = 100

    var input: DispatchBytes
    let log: ((String) -> Void)?
    let app = LedgerApplication()
    var ledger: DispatchLedger { app.ledger }
    var windows: [LedgerWindow] = []
    /// Views the stream still holds (a dropped one is freed once out of its window).
    var views: [View] = []
    var recognizers: [GestureRecognizer] = []
    /// The application's clock: frames and timers move it.
    var time: Double { app.time }
    /// The pointer as the host last set it (a rejected frame changes nothing).
    var pointerLocation: Point?
    var pointerButtons: Event.ButtonMask = []
    var continuousScrollUnderway = false
    /// The touchpad gesture under way, as the accepted frames left it (DispatchStream+Touchpad).
    var touchpadUnderway: TouchpadGestureInput.Kind?
    /// The keyboard (DispatchStream+Keys): the keys down as the accepted key events left them,
    /// the key commands added (with who declared them), the interceptor when one is in, and
    /// root view controllers made.
    var keysDown: [Int] = []
    var keyCommands: [(command: KeyCommand, declarer: Responder)] = []
    var interceptor: EscapeInterceptor?
    var controllers: [LedgerController] = []
    /// The zoomable scroll views' delegates (DispatchStream+Zoom).
    var zoomLedgers: [ZoomLedger] = []
    /// The interactions' promises (DispatchStream+Interactions).
    lazy var interactionLedger: InteractionLedger = {
        let interactions = InteractionLedger(ledger: ledger)
        ledger.interactions = interactions
        return interactions
    }()

    private init(_ bytes: UnsafeBufferPointer<UInt8>, log: ((String) -> Void)?) {
        input = DispatchBytes(bytes: bytes)
        self.log = log
    }

    /// Decodes and runs `bytes`; returns the broken promises (empty when all held).
    static func run(_ bytes: UnsafeBufferPointer<UInt8>, log: ((String) -> Void)?) -> [String] {
        let stream = DispatchStream(bytes, log: log)
        stream.buildWorld()
        var steps = 0
        while !stream.input.isExhausted && steps < maximumSteps && stream.ledger.violations.isEmpty {
            steps += 1
            stream.step()
            stream.checkKeyboardState()                                            // Behaviour A10
        }
        stream.finish()
        return stream.ledger.violations
    }

    // MARK: The world

    private func buildWorld() {
        for _ in 0...input.below(3) {
            // Windows cover most of the screen, so most touches land in one.
            let window = LedgerWindow(frame: Rect(Double(input.below(100)), Double(input.below(100)),
                                                  200 + Double(input.byte()), 200 + Double(input.byte())), in: app)
            window.ledger = ledger
            window.windowLevel = Double(input.below(2))
            windows.append(window)
            views.append(window)
        }
        for _ in 0..<input.below(14) { _ = makeView() }
        log?("world: \(windows.count) windows, \(views.count) views")
    }

    /// A new view (now and then a scroll view, which delays its content's touches) in a random
    /// container.
    private func makeView() -> View {
        let parent = views[input.below(views.count)]
        let frame = input.rect(within: 200)
        let flags = input.byte()
        let view: View
        if flags & 0x80 != 0 && flags & 0x40 != 0 {
            let scrollView = ScrollView(frame: frame, in: app)
            scrollView.contentSize = Size(width: frame.size.width * 3, height: frame.size.height * 3)
            scrollView.delaysContentTouches = flags & 1 != 0
            scrollView.canCancelContentTouches = flags & 2 != 0
            Self.applyMotionSettings(flags, to: scrollView)                         // Behaviour A6.1
            makeZoomable(scrollView, input.byte())                                   // Behaviour A6.2
            view = scrollView
        } else {
            let recorded = LedgerView(frame: frame, in: app)
            recorded.ledger = ledger
            recorded.behaviour = DispatchBehaviour.allCases[(flags >> 6) % 3]
            recorded.isMultipleTouchEnabled = flags & 1 != 0
            recorded.isExclusiveTouch = flags & 0x3E == 2
            recorded.isHidden = flags & 0x3E == 4
            recorded.redirectsToSuperview = flags & 0x3E == 6
            recorded.passesTouchesThrough = flags & 0x3E == 8
            recorded.hitsOutsideBounds = flags & 0x3E == 10
            recorded.isUserInteractionEnabled = flags & 0x3E != 12
            if flags & 0x3E == 14 { recorded.transform = AffineTransform(rotationAngle: Double(flags)) }
            view = recorded
        }
        parent.addSubview(view)
        views.append(view)
        return view
    }

    func randomView() -> View? {
        views.isEmpty ? nil : views[input.below(views.count)]
    }

    // MARK: Steps

    private func step() {
        // One byte picks the step: from 228 up a keyboard step (DispatchStream+Keys), below one
        // of the others.
        let choice = input.byte()
        if choice >= 228 { return keyStep() }
        switch choice % 23 {
        case 0, 1, 2, 3: touchFrame()
        case 4: pointerFrame(PointerInput(id: Self.pointerID, location: input.point(), buttons: pointerButtons))
        case 5:
            let buttons: Event.ButtonMask = input.chance(96) ? [] : Event.ButtonMask(rawValue: UInt32(input.below(8)))
            pointerFrame(PointerInput(id: Self.pointerID, location: pointerLocation ?? input.point(), buttons: buttons))
        case 6: pointerFrame(input.chance(200) ? .left(id: Self.pointerID)
                             : PointerInput(id: Self.pointerID, location: .zero, buttonNumbers: [input.byte() - 100]))
        case 7: if input.chance(64) { touchpadFrame() } else { scrollFrame() }
        case 8:
            let to = time + Double(input.byte()) * 0.01
            log?("advance to \(to)")
            send(InputFrame(timestamp: to))  // what advance(to:) sends
        case 9:
            // A timer's frame that edits the hierarchy.
            let at = time + Double(input.byte()) * 0.005
            let victim = randomView(), container = randomView()
            log?("timer at \(at): move \(victim.map { "\($0)" } ?? "-") into \(container.map { "\($0)" } ?? "-")")
            app.schedule(at: at) { [weak self, weak victim, weak container] in
                self?.watchingWindows { Self.move(victim, into: container) }
            }
        case 10: reshuffle()
        case 11:
            guard windows.count > 1 else { return }
            let window = windows.remove(at: input.below(windows.count))
            log?("remove window \(window)")
            watchingWindows { app.removeWindow(window) }
        case 12: toggleFlag()
        case 13: addRecognizer()
        case 14: editRecognizer()
        case 16: flick()                                                          // Behaviour A6.1
        case 17: ticks()
        case 18: tapOnMovingScrollView()
        case 19: pinchOverScrollView()                                            // Behaviour A6.2
        case 20: zoomFromCode()
        case 21: addInteraction()                                                 // Behaviour A11
        case 22: interactionKey()
        default:
            // A handler that removes a view from inside a touch call.
            guard let view = randomView() as? LedgerView, let victim = randomView() else { return }
            log?("\(view)'s touch handlers remove \(victim)")
            view.sideEffect = { [weak self, weak victim] in
                self?.watchingWindows { victim?.removeFromSuperview() }
            }
        }
    }

    /// Moves `view` into `container`, or out of its superview when that would make a cycle.
    private static func move(_ view: View?, into container: View?) {
        guard let view else { return }
        if let container, container !== view, !container.isDescendant(of: view), !(view is Window) {
            container.addSubview(view)
        } else {
            view.removeFromSuperview()
        }
    }

    /// The next frame's time: mostly forwards, now and then backwards or not finite (bad input).
    func nextTime() -> Double {
        switch input.byte() {
        case 255: return time - 0.01
        case 254: return .nan
        case let delta: return time + Double(delta) * 0.004
        }
    }

    private func touchFrame() {
        var inputs: [TouchInput] = []
        for _ in 0...input.below(3) {
            let id = input.below(Self.fingerIDs.count)
            // Mostly a phase that fits the finger (so that touches live long); now and then any.
            let choice = input.byte()
            let isDown = app.activeTouches.contains { $0.id == id }
            let phase: Touch.Phase = switch choice {
            case ..<24: [.began, .moved, .ended, .cancelled, .stationary][choice % 5]
            case _ where !isDown: .began
            case ..<160: .moved
            case ..<224: .ended
            case ..<244: .cancelled
            default: .stationary
            }
            let location: Point? = switch input.below(32) {
            case 0: nil
            case 1: Point(x: .nan, y: 1)
            default: input.point()
            }
            inputs.append(TouchInput(id: id, phase: phase, location: location))
        }
        let frame = InputFrame(timestamp: nextTime(), touches: inputs)
        log?("touches at \(frame.timestamp): \(inputs.map { "\($0.id) \($0.phase) \($0.location.map { "\($0)" } ?? "nil")" })")
        let before = fingersDown(), clock = time
        let rejected = send(frame)
        checkFingers(frame, before: before, clock: clock, rejected: rejected)
    }

    private func pointerFrame(_ pointer: PointerInput) {
        let frame = InputFrame(timestamp: nextTime(), pointer: pointer)
        log?("pointer at \(frame.timestamp): \(pointer)")
        if send(frame) == nil {
            pointerLocation = pointer.hasLeft ? nil : pointer.location
            pointerButtons = pointer.hasLeft ? [] : pointer.buttonMask
        }
    }

    private func scrollFrame() {
        let delta = Point(x: Double(input.byte()) - 128, y: Double(input.byte()) - 128)
        let kind: ScrollInput.Kind = switch input.below(4) {
        case 0: .continuous(.began)
        case 1: .continuous(.changed)
        case 2: .continuous(.ended)
        default: .discrete
        }
        let frame = InputFrame(timestamp: nextTime(), scroll: ScrollInput(location: pointerLocation ?? input.point(), delta: delta, kind: kind))
        log?("scroll at \(frame.timestamp): \(kind) \(delta)")
        if send(frame) == nil, case .continuous(let phase) = kind {
            continuousScrollUnderway = phase != .ended
        }
    }

    /// Lets time pass to `timestamp` when the app would accept it (a frame with no input, as
    /// `advance(to:)` sends), so that the frame at `timestamp` meets no timer still due.
    func passTime(to timestamp: Double) {
        guard timestamp.isFinite, timestamp > time else { return }
        log?("time passes to \(timestamp)")
        send(InputFrame(timestamp: timestamp))
    }

    /// Sends a frame; returns its rejections (nil when accepted). Bad input must come back as an
    /// `InputError` (the type says so), naming only touches of the frame.
    @discardableResult
    func send(_ frame: InputFrame) -> [InputError.Rejection]? {
        defer { for zoomLedger in zoomLedgers { zoomLedger.noteWhereTheZoomViewIs() } }   // Behaviour A6.2
        do {
            try app.send(frame)
            return nil
        } catch {
            log?("  rejected: \(error.rejections)")
            if error.rejections.isEmpty { ledger.fail("an InputError without rejections") }
            return error.rejections
        }
    }

    /// The fingers down, one bit per id of ``fingerIDs`` (a mask, not a set: this runs twice a
    /// touch frame, and allocations are most of what AddressSanitizer makes slow).
    func fingersDown() -> UInt8 {
        var mask: UInt8 = 0
        for touch in app.activeTouches where Self.fingerIDs.contains(touch.id) { mask |= 1 << touch.id }
        return mask
    }

    /// Each finger named once in an accepted frame is down after it exactly when its phase says
    /// so; a rejected finger, a stationary one and every finger not named keep their state.
    private func checkFingers(_ frame: InputFrame, before: UInt8, clock: Double, rejected: [InputError.Rejection]?) {
        let after = fingersDown()
        var rejectedFingers: UInt8 = 0
        for rejection in rejected ?? [] {
            guard let id = rejection.touchID else { continue }
            if !frame.touches.contains(where: { $0.id == id }) {
                ledger.fail("a rejection names touch \(id), not in the frame")
            }
            if Self.fingerIDs.contains(id) { rejectedFingers |= 1 << id }
        }
        let wholeFrameRejected = !frame.timestamp.isFinite || frame.timestamp < clock
        for id in Self.fingerIDs {
            let bit: UInt8 = 1 << id
            var timesNamed = 0
            var phase = Touch.Phase.stationary
            for touch in frame.touches where touch.id == id {
                timesNamed += 1
                phase = touch.phase
            }
            let expected: Bool
            if timesNamed == 1, !wholeFrameRejected, rejectedFingers & bit == 0, phase != .stationary {
                expected = phase == .began || phase == .moved
            } else if timesNamed > 1 {
                continue  // which of the two was applied is the validator's business
            } else {
                expected = before & bit != 0
            }
            if (after & bit != 0) != expected {
                ledger.fail("finger \(id) is \(after & bit != 0 ? "down" : "up") after \(frame.touches)")
            }
        }
        if wholeFrameRejected && rejected == nil { ledger.fail("a frame at \(frame.timestamp) after \(clock) was accepted") }
    }

    // MARK: Edits

    /// Removes a view from its superview (sometimes letting it go, so it is freed with fingers
    /// maybe down), or puts one back into a container.
    private func reshuffle() {
        guard views.count > windows.count, let view = randomView(), !(view is Window) else { return }
        if view.superview != nil, input.chance(180) {
            log?("remove \(view)")
            watchingWindows { view.removeFromSuperview() }
            if input.chance(80) { views.removeAll { $0 === view } }
        } else if let container = randomView() {
            log?("move \(view) into \(container)")
            watchingWindows { Self.move(view, into: container) }
        }
    }

    private func toggleFlag() {
        guard let view = randomView() else { return }
        switch input.below(6) {
        case 0: view.isHidden.toggle()
        case 1: view.isUserInteractionEnabled.toggle()
        case 2: view.isMultipleTouchEnabled.toggle()
        case 3: view.isExclusiveTouch.toggle()
        case 4: view.frame = input.rect(within: 300)
        default: view.transform = input.chance(128) ? .identity : AffineTransform(rotationAngle: Double(input.byte()) / 40)
        }
        log?("flag or geometry change of \(view)")
    }

    private func addRecognizer() {
        guard let view = randomView() else { return }
        let kind = input.below(9)
        let recognizer: GestureRecognizer
        switch kind {
        case 0:
            let tap = TapGestureRecognizer()
            tap.numberOfTapsRequired = 1 + input.below(2)
            tap.numberOfTouchesRequired = 1 + input.below(2)
            recognizer = tap
        case 1:
            let press = LongPressGestureRecognizer()
            press.minimumPressDuration = Double(input.byte()) * 0.004
            recognizer = press
        case 2:
            let pan = PanGestureRecognizer()
            pan.allowedScrollTypesMask = [[], .discrete, .continuous, .all][input.below(4)]
            recognizer = pan
        case 3:
            let swipe = SwipeGestureRecognizer()
            swipe.direction = SwipeGestureRecognizer.Direction(rawValue: 1 + input.below(15))
            recognizer = swipe
        case 4: recognizer = PinchGestureRecognizer()
        case 5: recognizer = RotationGestureRecognizer()
        case 6:
            let edge = ScreenEdgePanGestureRecognizer()
            edge.edges = RectEdge(rawValue: input.below(16))
            recognizer = edge
        default:
            let hover = HoverGestureRecognizer()
            ledger.watch(hover)
            view.addGestureRecognizer(hover)
            recognizers.append(hover)
            log?("hover recognizer on \(view)")
            return
        }
        let options = input.byte()
        recognizer.cancelsTouchesInView = options & 1 != 0
        recognizer.delaysTouchesBegan = options & 2 != 0
        recognizer.delaysTouchesEnded = options & 4 != 0
        if options & 8 != 0, let other = recognizers.last(where: { !($0 is HoverGestureRecognizer) }) {
            recognizer.require(toFail: other)
        }
        view.addGestureRecognizer(recognizer)
        recognizers.append(recognizer)
        log?("\(recognizer) on \(view), options \(options)")
    }

    /// Disables or enables a recognizer, or detaches it (hovers: ``editHover(_:)``).
    private func editRecognizer() {
        guard !recognizers.isEmpty else { return }
        let recognizer = recognizers[input.below(recognizers.count)]
        if let hover = recognizer as? HoverGestureRecognizer { return editHover(hover) }
        if input.chance(200) {
            recognizer.isEnabled.toggle()
            log?("\(recognizer) enabled: \(recognizer.isEnabled)")
        } else if let view = recognizer.view {
            view.removeGestureRecognizer(recognizer)
            log?("\(recognizer) removed from \(view)")
        }
    }

    // MARK: The end

    /// Lifts every finger, releases the buttons, takes the pointer away, ends a trackpad scroll
    /// and lets the timers run out; then nothing may be left pending or open.
    private func finish() {
        guard ledger.violations.isEmpty else { return }
        // Each step a frame 0.05 s after the last.
        func next(touches: [TouchInput] = [], pointer: PointerInput? = nil, scroll: ScrollInput? = nil) {
            let frame = InputFrame(timestamp: time + 0.05, touches: touches, pointer: pointer, scroll: scroll)
            send(frame)
        }
        next(touches: app.activeTouches.filter { $0.id != Self.pointerID }
            .map { TouchInput(id: $0.id, phase: .ended, location: Point(x: 1, y: 1)) })
        if let location = pointerLocation {
            next(pointer: PointerInput(id: Self.pointerID, location: location))
            next(pointer: .left(id: Self.pointerID))
        }
        if continuousScrollUnderway {
            next(scroll: ScrollInput(location: .zero, delta: .zero, kind: .continuous(.ended)))
        }
        endTouchpadGesture(at: time + 0.05)
        releaseKeys(at: time + 0.05)                                              // Behaviour A10
        letMotionEnd()                                                             // Behaviour A6.1
        for _ in 0..<8 where app.pendingTimerCount > 0 {
            let to = time + 5
            send(InputFrame(timestamp: to))  // what advance(to:) sends
        }
        log?("finished at \(time)")
        finishInteractions()                                                       // Behaviour A11
        check()
    }

    private func check() {
        if !app.activeTouches.isEmpty { ledger.fail("touches still down: \(app.activeTouches)") }
        if app.pendingTimerCount > 0 { ledger.fail("\(app.pendingTimerCount) timers still pending") }
        for pair in ledger.unbalanced { ledger.fail("a began without an end: \(pair)") }
        for pair in ledger.unbalancedPresses { ledger.fail("a pressesBegan without an end: \(pair)") }
        if ledger.openHovers > 0 { ledger.fail("\(ledger.openHovers) hover(s) without an end") }
        checkScrollViewsAtRest()                                                   // Behaviour A6.1
        checkZoomsAtRest()                                                         // Behaviour A6.2
        // Nothing withheld forever: with every touch lifted and every timer run, each recognizer
        // is back to possible, with no touches and no request pending.
        for recognizer in recognizers
        where recognizer.state != .possible || recognizer.requestedState != .possible || !recognizer.touches.isEmpty {
            ledger.fail("\(recognizer) is left \(recognizer.state) → \(recognizer.requestedState) with \(recognizer.touches.count) touches")
        }
    }
}

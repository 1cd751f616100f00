import CX11
import HitKit
#if canImport(Glibc)
import Glibc
#endif

/// The toolkit's main loop with HitKit embedded: X events become input frames sent to the
/// application (the core pointer, and through XInput 2 touches, smooth scrolling and touchpad
/// pinches); in
/// between, a tick advances HitKit's clock so its timers fire; the window is redrawn on Expose
/// and after every frame.
@MainActor
final class EventLoop {
    /// How long to wait for X events between ticks (milliseconds): about 60 ticks a second.
    static let tickMilliseconds: Int32 = 16

    private let scene: DemoScene
    private let surface: X11Surface
    private let renderer: SceneRenderer
    private let log: DeliveryLog
    private let options: DemoOptions
    private var clock = ServerClock()
    private var pointer = PointerTranslator()
    private var touches = TouchTranslator()
    private var smoothScroll = SmoothScrollTranslator()
    private var touchpadPinch = TouchpadPinchTranslator()
    private var keys = KeyTranslator()
    /// Nil when the server has no XInput 2.2 (touches): then only the core pointer is read.
    private let xinput: XInput2?
    private var running = true
    private var needsRedraw = false
    private var announcedReady = false

    init(scene: DemoScene, surface: X11Surface, log: DeliveryLog, options: DemoOptions) {
        self.scene = scene
        self.surface = surface
        self.log = log
        self.options = options
        renderer = SceneRenderer(scene: scene, surface: surface)
        xinput = XInput2(display: surface.display)
        selectXInput()
        // A held key then repeats as presses alone, not release-press pairs: HitKit sees a down
        // for a key already down, a repeat (Behaviour A10).
        XkbSetDetectableAutoRepeat(surface.display, 1, nil)
    }

    func run() {
        let start = ContinuousClock.now
        var descriptor = pollfd(fd: surface.connection, events: Int16(POLLIN), revents: 0)
        while running {
            // Xlib may already hold read events in its queue, so drain it before polling.
            while running && XPending(surface.display) > 0 {
                var event = XEvent()
                XNextEvent(surface.display, &event)
                handle(&event)
            }
            send(touches.flush())
            tick()
            if needsRedraw {
                renderer.draw()
                needsRedraw = false
            }
            if let limit = options.exitAfter, start.duration(to: .now) >= .milliseconds(Int(limit * 1000)) {
                log.write("exit after \(limit) s")
                running = false
            }
            if running { _ = poll(&descriptor, 1, Self.tickMilliseconds) }
        }
    }

    private func handle(_ event: inout XEvent) {
        if let xinput, let decoded = xinput.decode(&event) { return handle(decoded) }
        // Touches gathered for one frame go out before anything that is not a touch.
        send(touches.flush())
        switch event.type {
        case Expose:
            needsRedraw = true
            if !announcedReady {
                announcedReady = true
                for (name, frame) in scene.layout {
                    log.write("layout \(name) \(Int(frame.minX)) \(Int(frame.minY)) \(Int(frame.width)) \(Int(frame.height))")
                }
                if let xinput {
                    let version = "\(xinput.version / 10).\(xinput.version % 10)"
                    log.write("xinput \(version) touches, smooth scroll axes \(xinput.scrollAxes.count), gestures \(xinput.offersGestures ? "yes" : "no")")
                }
                log.write("ready")
            }
        case ButtonPress, ButtonRelease:
            let button = event.xbutton
            // A wheel button the server made from a smooth scroll already sent is not sent again.
            if PointerTranslator.wheelDelta(button.button) != nil, smoothScroll.isEmulatedWheel(serverTime: button.time) {
                return
            }
            let time = clock.seconds(button.time), location = Self.location(button.x, button.y)
            send(event.type == ButtonPress
                ? pointer.press(button: button.button, at: location, state: button.state, time: time)
                : pointer.release(button: button.button, at: location, state: button.state, time: time))
        case MotionNotify:
            let motion = event.xmotion
            send(pointer.move(to: Self.location(motion.x, motion.y), state: motion.state, time: clock.seconds(motion.time)))
        case EnterNotify:
            let crossing = event.xcrossing
            send(pointer.enter(at: Self.location(crossing.x, crossing.y), state: crossing.state,
                               time: clock.seconds(crossing.time)))
        case LeaveNotify:
            send(pointer.leave(time: clock.seconds(event.xcrossing.time)))
        case KeyPress, KeyRelease:
            let time = clock.seconds(event.xkey.time)
            let key = event.type == KeyPress ? keys.press(&event.xkey) : keys.release(&event.xkey)
            guard let key else { return }
            let outcome = send(InputFrame(timestamp: time, keys: [key]))
            // The host's own keys: q and Escape quit when nothing in the scene took them.
            if outcome?.unhandledKeys.isEmpty == false {
                log.write("key \(key.code) unhandled")
                if key.charactersIgnoringModifiers == "q" || key.code == KeyboardHIDUsage.keyboardEscape.rawValue { quit("key") }
            }
        case FocusOut:
            // The window lost the keyboard: the keys held are released elsewhere (Behaviour A10).
            let held = keys.cancelAll()
            if !held.isEmpty { send(InputFrame(timestamp: scene.app.time, keys: held)) }
        case ClientMessage where UInt(bitPattern: Int(event.xclient.data.l.0)) == surface.deleteWindowAtom:
            quit("window closed")
        default:
            break
        }
    }

    /// An XInput 2 event: a touch joins the frame being gathered, a slave's motion may be a
    /// smooth-scroll step, a touchpad pinch is logged and sent as an A9 pinch step, a swipe is
    /// only logged (A9 has none), a device change re-reads the scroll axes.
    private func handle(_ event: XInput2.Event) {
        if case .touch = event {} else { send(touches.flush()) }
        switch event {
        case let .touch(phase, id, x, y, serverTime):
            send(touches.add(phase, id: id, at: Point(x: x, y: y), serverTime: serverTime, time: clock.seconds(serverTime)))
        case let .motion(device, x, y, valuators, serverTime):
            send(smoothScroll.motion(device: device, at: Point(x: x, y: y), valuators: valuators, serverTime: serverTime,
                                     time: clock.seconds(serverTime)))
        case let .pinch(phase, fingers, x, y, _, _, scale, angleDelta, cancelled, serverTime):
            log.write(TouchpadGestureLog.line(event))
            send(touchpadPinch.pinch(phase, fingers: fingers, at: Point(x: x, y: y), scale: scale, angleDelta: angleDelta,
                                     cancelled: cancelled, time: clock.seconds(serverTime)))
        case .swipe:
            log.write(TouchpadGestureLog.line(event))
        case .devicesChanged:
            selectXInput()
        }
    }

    /// (Re)selects the XInput 2 events and watches the scroll valuators from their current values.
    private func selectXInput() {
        guard let xinput else { return }
        xinput.select(on: surface.window)
        smoothScroll.watch(xinput.scrollAxes)
    }

    /// Sends one frame, then redraws: any view may have changed (highlight, value, position).
    /// Returns what the frame left to the host (its unhandled keys).
    @discardableResult
    private func send(_ frame: InputFrame?) -> FrameOutcome? {
        guard var frame else { return nil }
        // Server times and the local tick clock can disagree by a few milliseconds; HitKit
        // rejects time going backwards, so a late-stamped event is delivered at the clock's time.
        frame.timestamp = max(frame.timestamp, scene.app.time)
        if options.logInput { log.write(Self.describe(frame)) }
        defer { needsRedraw = true }
        do {
            return try scene.app.send(frame)
        } catch {
            log.write("input rejected: \(error)")
            return error.outcome
        }
    }

    /// Moves HitKit's clock so timeouts (double-tap interval, long press, delayed touches) fire
    /// without input; redraws when a timer was pending or a scroll view was moving (Behaviour
    /// A6.1), since either may change the scene.
    private func tick() {
        guard let time = clock.tickTime(now: .now), time > scene.app.time else { return }
        // X has no end-of-scroll event: a smooth scroll ends when it has been quiet a while.
        send(smoothScroll.endIfQuiet(at: time))
        let hadTimers = scene.app.pendingTimerCount > 0 || scene.app.hasScrollMotion
        do {
            try scene.app.advance(to: time)
        } catch {
            log.write("tick rejected: \(error)")
        }
        if hadTimers { needsRedraw = true }
    }

    private func quit(_ reason: String) {
        log.write("quit (\(reason))")
        running = false
    }

    private static func location(_ x: Int32, _ y: Int32) -> Point {
        Point(x: Double(x), y: Double(y))
    }

    /// `--log-input`'s line for a frame: its time, the touches, the pointer's state, any scroll
    /// and any touchpad gesture step (its rotation in degrees).
    private static func describe(_ frame: InputFrame) -> String {
        var line = "input \(frame.timestamp)"
        for touch in frame.touches {
            let at = touch.location.map { " \(Int($0.x.rounded())),\(Int($0.y.rounded()))" } ?? ""
            line += " touch \(touch.id) \(touch.phase)\(at)"
        }
        if let pointer = frame.pointer {
            line += pointer.hasLeft
                ? " pointer left"
                : " pointer \(Int(pointer.location.x)),\(Int(pointer.location.y)) buttons \(pointer.buttonNumbers) modifiers \(DemoScene.names(pointer.modifierFlags))"
        }
        if let scroll = frame.scroll {
            line += " scroll \(DemoScene.decimal(scroll.delta.x)),\(DemoScene.decimal(scroll.delta.y))"
            if case .continuous(let phase) = scroll.kind { line += " \(phase)" }
        }
        for key in frame.keys {
            line += " key \(key.code) \(key.phase) \(key.charactersIgnoringModifiers.debugDescription) \(DemoScene.names(key.modifierFlags))"
        }
        if let gesture = frame.touchpadGesture {
            line += " touchpad \(gesture.kind) \(gesture.phase) \(Int(gesture.location.x.rounded())),\(Int(gesture.location.y.rounded()))"
                + " scale \(DemoScene.decimal(gesture.scale)) rotation \(DemoScene.decimal(gesture.rotation * 180 / .pi))"
                + " fingers \(gesture.fingers)"
        }
        return line
    }

}

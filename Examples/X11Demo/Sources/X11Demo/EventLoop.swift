import CX11
import HitKit
#if canImport(Glibc)
import Glibc
#endif

/// The toolkit's main loop with HitKit embedded: X events become input frames sent to the
/// application; in between, a tick advances HitKit's clock so its timers fire; the window is
/// redrawn on Expose and after every frame.
@MainActor
final class EventLoop {
    /// How long to wait for X events between ticks (milliseconds): about 60 ticks a second.
    static let tickMilliseconds: Int32 = 16

    private let scene: DemoScene
    private let surface: X11Surface
    private let renderer: SceneRenderer
    private let log: DeliveryLog
    private let options: DemoOptions
    private var pointer = PointerTranslator()
    private var running = true
    private var needsRedraw = false
    private var announcedReady = false

    init(scene: DemoScene, surface: X11Surface, log: DeliveryLog, options: DemoOptions) {
        self.scene = scene
        self.surface = surface
        self.log = log
        self.options = options
        renderer = SceneRenderer(scene: scene, surface: surface)
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
        switch event.type {
        case Expose:
            needsRedraw = true
            if !announcedReady {
                announcedReady = true
                for (name, frame) in scene.layout {
                    log.write("layout \(name) \(Int(frame.minX)) \(Int(frame.minY)) \(Int(frame.width)) \(Int(frame.height))")
                }
                log.write("ready")
            }
        case ButtonPress:
            let button = event.xbutton
            send(pointer.press(button: button.button, at: Self.location(button.x, button.y), state: button.state,
                               serverTime: button.time))
        case ButtonRelease:
            let button = event.xbutton
            send(pointer.release(button: button.button, at: Self.location(button.x, button.y), state: button.state,
                                 serverTime: button.time))
        case MotionNotify:
            let motion = event.xmotion
            send(pointer.move(to: Self.location(motion.x, motion.y), state: motion.state, serverTime: motion.time))
        case EnterNotify:
            let crossing = event.xcrossing
            send(pointer.enter(at: Self.location(crossing.x, crossing.y), state: crossing.state, serverTime: crossing.time))
        case LeaveNotify:
            send(pointer.leave(serverTime: event.xcrossing.time))
        case KeyPress:
            let symbol = XLookupKeysym(&event.xkey, 0)
            if symbol == Self.keysymQ || symbol == Self.keysymEscape { quit("key") }
        case ClientMessage where UInt(bitPattern: Int(event.xclient.data.l.0)) == surface.deleteWindowAtom:
            quit("window closed")
        default:
            break
        }
    }

    /// Sends one frame, then redraws: any view may have changed (highlight, value, position).
    private func send(_ frame: InputFrame?) {
        guard var frame else { return }
        // Server times and the local tick clock can disagree by a few milliseconds; HitKit
        // rejects time going backwards, so a late-stamped event is delivered at the clock's time.
        frame.timestamp = max(frame.timestamp, scene.app.time)
        if options.logInput { log.write(Self.describe(frame)) }
        do {
            try scene.app.send(frame)
        } catch {
            log.write("input rejected: \(error)")
        }
        needsRedraw = true
    }

    /// Moves HitKit's clock so timeouts (double-tap interval, long press, delayed touches) fire
    /// without input; redraws when a timer was pending or a scroll view was moving (Behaviour
    /// A6.1), since either may change the scene.
    private func tick() {
        guard let time = pointer.tickTime(now: .now), time > scene.app.time else { return }
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

    /// `--log-input`'s line for a frame: its time, the pointer's state and any scroll.
    private static func describe(_ frame: InputFrame) -> String {
        var line = "input \(frame.timestamp)"
        if let pointer = frame.pointer {
            line += pointer.hasLeft
                ? " pointer left"
                : " pointer \(Int(pointer.location.x)),\(Int(pointer.location.y)) buttons \(pointer.buttonNumbers) modifiers \(DemoScene.names(pointer.modifierFlags))"
        }
        if let scroll = frame.scroll { line += " scroll \(Int(scroll.delta.x)),\(Int(scroll.delta.y))" }
        return line
    }

    // From <X11/keysymdef.h>, which Xlib.h does not include.
    private static let keysymQ: KeySym = 0x71
    private static let keysymEscape: KeySym = 0xFF1B
}

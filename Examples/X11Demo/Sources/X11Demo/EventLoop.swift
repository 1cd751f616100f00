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
        case ButtonPress where event.xbutton.button == UInt32(Button1):
            let location = Point(x: Double(event.xbutton.x), y: Double(event.xbutton.y))
            send(pointer.press(at: location, serverTime: event.xbutton.time))
        case MotionNotify where event.xmotion.state & UInt32(Button1Mask) != 0:
            let location = Point(x: Double(event.xmotion.x), y: Double(event.xmotion.y))
            send(pointer.drag(to: location, serverTime: event.xmotion.time))
        case ButtonRelease where event.xbutton.button == UInt32(Button1):
            let location = Point(x: Double(event.xbutton.x), y: Double(event.xbutton.y))
            send(pointer.release(at: location, serverTime: event.xbutton.time))
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
        if options.logInput {
            let touches = frame.touches.map { "\($0.id) \($0.phase) \(Int($0.location?.x ?? 0)),\(Int($0.location?.y ?? 0))" }
            log.write("input \(frame.timestamp) \(touches.joined(separator: " "))")
        }
        do {
            try scene.app.send(frame)
        } catch {
            log.write("input rejected: \(error)")
        }
        needsRedraw = true
    }

    /// Moves HitKit's clock so timeouts (double-tap interval, long press, delayed touches) fire
    /// without input; redraws when a timer was pending, since firing it may change the scene.
    private func tick() {
        guard let time = pointer.tickTime(now: .now), time > scene.app.time else { return }
        let hadTimers = scene.app.pendingTimerCount > 0
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

    // From <X11/keysymdef.h>, which Xlib.h does not include.
    private static let keysymQ: KeySym = 0x71
    private static let keysymEscape: KeySym = 0xFF1B
}

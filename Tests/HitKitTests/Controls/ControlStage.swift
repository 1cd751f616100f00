import HitKit

/// One window with a container view and whatever controls a test adds, fed real input frames,
/// and a log of what the controls did written as the scene replay writes it (Behaviour B6):
/// `<receiver> <action> from <control> <event>`, `<control> <action> unhandled <event>`,
/// `<control> beginTracking`, … Only the public API is used.
final class ControlStage {
    let app: Application
    let window: Window
    /// A plain view filling the window; controls go inside it unless a test says otherwise.
    let container: TouchCountingView
    private(set) var log: [String] = []
    private var names: [ObjectIdentifier: String] = [:]

    init(application: Application = Application()) {
        app = application
        window = Window(frame: Rect(0, 0, 400, 400), in: app)
        container = TouchCountingView(frame: Rect(0, 0, 400, 400), in: app)
        window.addSubview(container)
        window.makeKeyAndVisible()
        name(window, "window")
        name(container, "container")
    }

    /// Gives `object` a name for the log.
    func name(_ object: AnyObject, _ name: String) {
        names[ObjectIdentifier(object)] = name
    }

    func name(of object: AnyObject?) -> String {
        guard let object else { return "nil" }
        return names[ObjectIdentifier(object)] ?? "\(type(of: object))"
    }

    /// Adds `control` to `parent` (the container by default), names it and logs what it does.
    @discardableResult
    func add<C: Control>(_ control: C, _ name: String, to parent: View? = nil, logTracking: Bool = false) -> C {
        (parent ?? container).addSubview(control)
        self.name(control, name)
        observe(control, logTracking: logTracking)
        return control
    }

    /// Logs `control`'s actions (and with `logTracking` its tracking calls).
    func observe(_ control: Control, logTracking: Bool) {
        control.observeActions { [unowned self] control, report in
            if report.handled {
                log.append("\(name(of: report.receiver)) \(report.action) from \(name(of: control)) \(report.controlEvent.name)")
            } else {
                log.append("\(name(of: control)) \(report.action) unhandled \(report.controlEvent.name)")
            }
        }
        if logTracking {
            control.observeTracking { [unowned self] control, call in
                log.append("\(name(of: control)) \(call.rawValue)")
            }
        }
    }

    /// Logs `recognizer`'s state changes as `<name> <state>` (discrete ones write `recognized`).
    func watch(_ recognizer: GestureRecognizer, _ name: String) {
        self.name(recognizer, name)
        let isDiscrete = type(of: recognizer).isDiscrete
        recognizer.observeStateChanges { [unowned self] _, state in
            log.append("\(name) \(isDiscrete && state == .ended ? "recognized" : "\(state)")")
        }
    }

    /// Adds a line of the test's own (a marker between steps).
    func note(_ line: String) {
        log.append(line)
    }

    func clearLog() {
        log = []
    }

    // MARK: Input frames (screen coordinates; the window sits at the origin)

    func down(_ id: Int, _ x: Double, _ y: Double, at t: Double) throws {
        try app.send(InputFrame(timestamp: t, touches: [TouchInput(id: id, phase: .began, location: Point(x, y))]))
    }

    func move(_ id: Int, _ x: Double, _ y: Double, at t: Double) throws {
        try app.send(InputFrame(timestamp: t, touches: [TouchInput(id: id, phase: .moved, location: Point(x, y))]))
    }

    func up(_ id: Int, _ x: Double, _ y: Double, at t: Double) throws {
        try app.send(InputFrame(timestamp: t, touches: [TouchInput(id: id, phase: .ended, location: Point(x, y))]))
    }

    func cancel(_ id: Int, at t: Double) throws {
        try app.send(InputFrame(timestamp: t, touches: [TouchInput(id: id, phase: .cancelled, location: nil)]))
    }

    /// A tap: down at `t`, up 0.05 s later at the same place.
    func tap(_ id: Int, _ x: Double, _ y: Double, at t: Double) throws {
        try down(id, x, y, at: t)
        try up(id, x, y, at: t + 0.05)
    }
}

/// A view that counts the touch calls that reach it (through the responder chain or directly).
class TouchCountingView: View {
    private(set) var calls: [String] = []

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { calls.append("began") }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { calls.append("moved") }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { calls.append("ended") }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { calls.append("cancelled") }
}

/// A responder that performs the actions it is given and remembers them with their senders.
final class ActionPerformer: Responder {
    private(set) var performed: [(action: Action, sender: AnyObject?, event: Event?)] = []

    init(performs actions: Set<Action> = []) {
        super.init()
        performableActions = actions
    }

    override func perform(_ action: Action, sender: Any?, event: Event?) {
        performed.append((action, sender as AnyObject?, event))
    }
}

@testable import HitKit

/// What a recording responder does with a touch call (the seeds' three behaviours).
enum TouchBehaviour {
    /// Does not override: the default passes the call on (nothing recorded).
    case forward
    /// Overrides and handles the touches: recorded, not passed on.
    case intercept
    /// Overrides, handles and calls `super`: recorded, then passed on.
    case interceptAndPassOn
}

/// The shared, ordered record of the touch calls responders received.
final class TouchLog {
    struct Entry: Hashable, CustomStringConvertible {
        let responder: String
        let method: String
        let ids: [Int]
        var description: String { "\(responder) \(method) \(ids.map(String.init).joined(separator: ","))" }
    }

    private(set) var entries: [Entry] = []

    var lines: [String] { entries.map(\.description) }

    func record(_ responder: String, _ method: String, _ touches: Set<Touch>) {
        entries.append(Entry(responder: responder, method: method, ids: touches.map(\.id).sorted()))
    }

    func clear() { entries = [] }
}

/// Recording and forwarding, shared by the recorder subclasses.
struct TouchRecorder {
    let name: String
    let log: TouchLog
    var behaviour: TouchBehaviour

    /// Returns whether the call should also go to `super`.
    func handle(_ method: String, _ touches: Set<Touch>) -> Bool {
        switch behaviour {
        case .forward: return true
        case .intercept: log.record(name, method, touches); return false
        case .interceptAndPassOn: log.record(name, method, touches); return true
        }
    }
}

class RecordingView: View {
    var recorder: TouchRecorder
    /// Runs inside `touchesBegan`, after recording and before passing the call on.
    var beforePassingOnBegan: ((RecordingView) -> Void)?
    /// Runs inside `touchesBegan`, after passing the call on.
    var onTouchesBegan: ((RecordingView) -> Void)?
    /// Runs inside `touchesMoved`, after recording and before passing the call on.
    var beforePassingOnMoved: ((RecordingView) -> Void)?

    init(_ name: String, frame: Rect, in app: Application, log: TouchLog, behaviour: TouchBehaviour = .intercept) {
        recorder = TouchRecorder(name: name, log: log, behaviour: behaviour)
        super.init(frame: frame, in: app)
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        let passOn = recorder.handle("touchesBegan", touches)
        beforePassingOnBegan?(self)
        if passOn { super.touchesBegan(touches, with: event) }
        onTouchesBegan?(self)
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        let passOn = recorder.handle("touchesMoved", touches)
        beforePassingOnMoved?(self)
        if passOn { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if recorder.handle("touchesEnded", touches) { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        if recorder.handle("touchesCancelled", touches) { super.touchesCancelled(touches, with: event) }
    }
}

final class RecordingWindow: Window {
    var recorder: TouchRecorder

    init(_ name: String, frame: Rect, in app: Application, log: TouchLog, behaviour: TouchBehaviour = .intercept) {
        recorder = TouchRecorder(name: name, log: log, behaviour: behaviour)
        super.init(frame: frame, in: app)
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        if recorder.handle("touchesBegan", touches) { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        if recorder.handle("touchesMoved", touches) { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if recorder.handle("touchesEnded", touches) { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        if recorder.handle("touchesCancelled", touches) { super.touchesCancelled(touches, with: event) }
    }
}

final class RecordingApplication: Application {
    let log = TouchLog()
    lazy var recorder = TouchRecorder(name: "app", log: log, behaviour: .intercept)

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        if recorder.handle("touchesBegan", touches) { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        if recorder.handle("touchesMoved", touches) { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if recorder.handle("touchesEnded", touches) { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        if recorder.handle("touchesCancelled", touches) { super.touchesCancelled(touches, with: event) }
    }
}

final class RecordingController: ViewController {
    var recorder: TouchRecorder

    init(_ name: String, view: View, log: TouchLog, behaviour: TouchBehaviour = .intercept) {
        recorder = TouchRecorder(name: name, log: log, behaviour: behaviour)
        super.init(view: view)
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        if recorder.handle("touchesBegan", touches) { super.touchesBegan(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if recorder.handle("touchesEnded", touches) { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        if recorder.handle("touchesCancelled", touches) { super.touchesCancelled(touches, with: event) }
    }
}

/// An action receiver that records what it performs.
final class ActionRecorder: Responder {
    let name: String
    var nextResponder: Responder?
    private(set) var performed: [(action: Action, sender: AnyObject?)] = []

    init(_ name: String, actions: Set<Action> = [], next: Responder? = nil) {
        self.name = name
        self.nextResponder = next
        super.init()
        performableActions = actions
    }

    override var next: Responder? { nextResponder }

    override func perform(_ action: Action, sender: Any?, event: Event?) {
        performed.append((action, sender as AnyObject?))
    }
}

// MARK: Input shorthands

func began(_ id: Int, _ x: Double, _ y: Double) -> TouchInput { TouchInput(id: id, phase: .began, location: Point(x, y)) }
func moved(_ id: Int, _ x: Double, _ y: Double) -> TouchInput { TouchInput(id: id, phase: .moved, location: Point(x, y)) }
func ended(_ id: Int, _ x: Double, _ y: Double) -> TouchInput { TouchInput(id: id, phase: .ended, location: Point(x, y)) }
func cancelled(_ id: Int) -> TouchInput { TouchInput(id: id, phase: .cancelled, location: nil) }

extension Application {
    /// Sends a frame that the test expects to be valid.
    func frame(_ t: Double, _ touches: TouchInput...) throws {
        try send(InputFrame(timestamp: t, touches: touches))
    }
}

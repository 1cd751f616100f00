@testable import HitKit

/// An ordered log of what the content, controls and recognizers of a scroll-view test saw, each
/// line stamped with the application's time: "0.15 cell touchesBegan 1", "0.5 tap recognized".
final class ScrollLog {
    private(set) var lines: [String] = []
    private weak var app: Application?

    init(app: Application) { self.app = app }

    func add(_ text: String) { lines.append("\(app?.time ?? .nan) \(text)") }

    func add(_ name: String, _ method: String, _ touches: Set<Touch>) {
        add("\(name) \(method) \(touches.map(\.id).sorted().map(String.init).joined(separator: ","))")
    }
}

/// The touches that stop a moving scroll view but that its pan never takes: a click of the
/// secondary button (the pan takes the primary button's alone, Behaviour A8), and a finger while
/// the pan is disabled.
enum TouchThePanDoesNotTake: CaseIterable {
    case secondaryClick
    case fingerWithThePanDisabled

    /// Presses (`down`) or lifts it at `point` of `scrollView`'s window at time `t`.
    func press(_ t: Double, at point: Point, on scrollView: ScrollView, down: Bool) throws {
        guard let app = scrollView.application else { return }
        switch self {
        case .secondaryClick:
            try app.send(InputFrame(timestamp: t, pointer: PointerInput(id: 9, location: point, buttons: down ? .secondary : [])))
        case .fingerWithThePanDisabled:
            scrollView.panGestureRecognizer.isEnabled = false
            try app.frame(t, down ? began(1, point.x, point.y) : ended(1, point.x, point.y))
        }
    }
}

/// A content view that logs and keeps (does not pass on) every touch call.
final class ContentView: View {
    let name: String
    let log: ScrollLog

    init(_ name: String, frame: Rect, in app: Application, log: ScrollLog) {
        self.name = name
        self.log = log
        super.init(frame: frame, in: app)
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { log.add(name, "touchesBegan", touches) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { log.add(name, "touchesMoved", touches) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { log.add(name, "touchesEnded", touches) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { log.add(name, "touchesCancelled", touches) }
}

/// A scroll view whose content-touch questions are answered (and recorded) by the test.
final class ScriptedScrollView: ScrollView {
    var shouldBegin: (Set<Touch>, View) -> Bool = { _, _ in true }
    var shouldCancel: ((View) -> Bool)?
    /// (touch ids, content view, whether an event was passed) of each `touchesShouldBegin` call.
    private(set) var beginQuestions: [(ids: [Int], content: View, hadEvent: Bool)] = []
    private(set) var cancelQuestions: [View] = []

    override func touchesShouldBegin(_ touches: Set<Touch>, with event: Event?, in content: View) -> Bool {
        beginQuestions.append((touches.map(\.id).sorted(), content, event != nil))
        return shouldBegin(touches, content)
    }

    override func touchesShouldCancel(in view: View) -> Bool {
        cancelQuestions.append(view)
        return shouldCancel?(view) ?? super.touchesShouldCancel(in: view)
    }
}

/// The layout of these tests, in screen points:
/// - a 320 × 480 window whose controller's root view is `back`, filling it;
/// - in `back`, the scroll view at (0, 40, 320, 400), content 320 × 1000 (offset up to (0, 600));
/// - in the scroll view's content: `cell` at (0, 100, 320, 44) — on screen y in [140, 184) at
///   offset zero — and `button` at (20, 300, 100, 44) — on screen (20, 340) to (120, 384).
///
/// A screen point (x, y) is (x, y − 40 + offset.y) in the scroll view's coordinates.
struct ScrollStage {
    let app = Application()
    let log: ScrollLog
    let window: Window
    let back: View
    let scrollView: ScriptedScrollView
    let cell: ContentView
    let button: Button

    init() {
        log = ScrollLog(app: app)
        window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480), in: app)
        back = View(frame: Rect(x: 0, y: 0, width: 320, height: 480), in: app)
        window.rootViewController = ViewController(view: back)
        scrollView = ScriptedScrollView(frame: Rect(x: 0, y: 40, width: 320, height: 400), in: app)
        scrollView.contentSize = Size(width: 320, height: 1000)
        back.addSubview(scrollView)
        cell = ContentView("cell", frame: Rect(x: 0, y: 100, width: 320, height: 44), in: app, log: log)
        scrollView.addSubview(cell)
        button = Button(frame: Rect(x: 20, y: 300, width: 100, height: 44), in: app)
        scrollView.addSubview(button)
        for (event, name) in [(Control.Event.touchDown, "touchDown"), (.touchDragInside, "touchDragInside"),
                              (.touchDragOutside, "touchDragOutside"), (.touchUpInside, "touchUpInside"),
                              (.touchUpOutside, "touchUpOutside"), (.touchCancel, "touchCancel")] {
            button.addAction(for: event) { [log] _ in log.add("button \(name)") }
        }
    }

    /// A one-tap recognizer on the back view (the seeds' "tap to dismiss the keyboard" behind a
    /// table), logging its state changes.
    @discardableResult
    func addTapOnBack() -> TapGestureRecognizer {
        let tap = TapGestureRecognizer()
        back.addGestureRecognizer(tap)
        tap.observeStateChanges { [log] recognizer, state in
            log.add("tap \(state == .ended ? "recognized" : "\(state)")")
        }
        return tap
    }
}

import HitKit

/// The delivery log of Behaviour B6: one event a line, in the order it happens, fields separated by
/// one space. The scene's responders, recognizers and controls write to it; ``ScenarioReplayer``
/// adds the rejected inputs.
///
/// A line is made only when someone reads it — the log keeps it (``keepsLines``) or an observer
/// hears it (``observe(_:)``) — so a log nobody reads costs its writers one check a line and
/// allocates nothing.
public final class DeliveryLog {
    /// The lines so far, without line breaks, while ``keepsLines`` is on.
    public private(set) var lines: [String] = []
    /// Whether the log keeps each line in ``lines`` (the default: a replay reads them there). A
    /// host that only listens turns it off, so that the log of an app that runs for hours does
    /// not grow.
    public var keepsLines = true
    private var observers = ObserverList<(String) -> Void>()

    /// An empty log that keeps its lines.
    public init() {}

    /// Whether a line appended now would be kept or heard.
    public var isRead: Bool { keepsLines || !observers.isEmpty }

    /// Appends one line: keeps it, then gives it to each observer. `line` is evaluated only when
    /// the log is read.
    public func append(_ line: @autoclosure () -> String) {
        guard isRead else { return }
        let text = line()
        if keepsLines { lines.append(text) }
        guard !observers.isEmpty else { return }
        // A copy: an observer may cancel itself, or add another, while it runs.
        let current = observers
        current.callEach { $0(text) }
    }

    /// Calls `body` with each line appended from now on, as it is appended, until the token is
    /// cancelled or the log goes. (Lines ``ScenarioReplayer`` inserts for rejected input are
    /// written into the past, where no observer hears them.)
    public func observe(_ body: @escaping (String) -> Void) -> ObservationToken {
        observers.add(body) { [weak self] token in self?.observers.remove(token) }
    }

    /// Inserts lines at `index` (rejections are known only once their frame was delivered, but
    /// happened before it).
    func insert(_ newLines: [String], at index: Int) {
        guard keepsLines else { return }
        lines.insert(contentsOf: newLines, at: index)
    }

    /// `<name> <method> <ids>`: a touch method called on a logged responder or recognizer.
    public func appendTouches(_ name: String, _ method: TouchMethod, _ touches: Set<Touch>) {
        append("\(name) \(method.rawValue) \(Self.ids(of: touches))")
    }

    /// Touch ids ascending, comma-separated, no spaces (Behaviour B6).
    public static func ids(of touches: Set<Touch>) -> String {
        touches.map(\.id).sorted().map(String.init).joined(separator: ",")
    }

    /// The four touch methods, as the log names them.
    public typealias TouchMethod = HitKit.TouchMethod
}

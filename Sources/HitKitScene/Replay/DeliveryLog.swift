import HitKit

/// The delivery log of Behaviour B6: one event a line, in the order it happens, fields separated by
/// one space. The scene's responders, recognizers and controls write to it; ``ScenarioReplayer``
/// adds the rejected inputs.
public final class DeliveryLog {
    /// The lines so far, without line breaks.
    public private(set) var lines: [String] = []

    public init() {}

    /// Appends one line.
    public func append(_ line: String) {
        lines.append(line)
    }

    /// Inserts lines at `index` (rejections are known only once their frame was delivered, but
    /// happened before it).
    func insert(_ newLines: [String], at index: Int) {
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

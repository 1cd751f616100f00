import HitTestCore

/// One side's answer to a ``Query``, compared exactly.
public enum Answer: Equatable, CustomStringConvertible, Sendable {
    /// The key of the view hit, or `nil` for none.
    case view(Int?)
    /// A `pointInside` answer.
    case inside(Bool)
    case point(Point)
    case rect(Rect)
    /// A refusal (for the reference: the refusal the engine must give).
    case error(ViewStoreError)
    /// A snapshot's deferral to the store's thread: the key of the view whose override decides.
    case ask(Int)

    /// Exact equality: same view, same error, or the same bits in every coordinate (any NaN
    /// matches any NaN; +0 and −0 differ, as their bits do).
    public static func == (lhs: Answer, rhs: Answer) -> Bool {
        switch (lhs, rhs) {
        case (.view(let a), .view(let b)): a == b
        case (.inside(let a), .inside(let b)): a == b
        case (.point(let a), .point(let b)): same(a.x, b.x) && same(a.y, b.y)
        case (.rect(let a), .rect(let b)):
            same(a.origin.x, b.origin.x) && same(a.origin.y, b.origin.y)
                && same(a.size.width, b.size.width) && same(a.size.height, b.size.height)
        case (.error(let a), .error(let b)): a == b
        case (.ask(let a), .ask(let b)): a == b
        default: false
        }
    }

    private static func same(_ a: Double, _ b: Double) -> Bool {
        a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
    }

    public var description: String {
        switch self {
        case .view(let key?): "view \(key)"
        case .view(nil): "no view"
        case .inside(let inside): inside ? "inside" : "outside"
        case .point(let p): "point (\(p.x), \(p.y))"
        case .rect(let r): "rect (\(r.origin.x), \(r.origin.y), \(r.size.width), \(r.size.height))"
        case .error(let e): "error: \(e)"
        case .ask(let key): "ask view \(key)"
        }
    }
}

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
        default: false
        }
    }

    /// Whether the engine's answer (`self`) agrees with the reference's under `rule`.
    public func agrees(with reference: Answer, under rule: AgreementRule) -> Bool {
        if self == reference { return true }
        guard rule == .exceptNaNBesideNonFinite else { return false }
        let mine: [Double], theirs: [Double]
        switch (self, reference) {
        case (.point(let a), .point(let b)): (mine, theirs) = ([a.x, a.y], [b.x, b.y])
        case (.rect(let a), .rect(let b)):
            (mine, theirs) = ([a.origin.x, a.origin.y, a.size.width, a.size.height],
                              [b.origin.x, b.origin.y, b.size.width, b.size.height])
        default: return false
        }
        guard theirs.contains(where: { !$0.isFinite }) else { return false }
        return zip(mine, theirs).allSatisfy { $0.isNaN || Answer.same($0, $1) }
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
        }
    }
}

/// How exactly the engine's answer must match the reference's.
public enum AgreementRule: Sendable {
    /// The same view, the same error, the same bits (NaN matching NaN).
    case exact
    /// Exact, except that when the reference's converted point or rect has a non-finite
    /// coordinate, the engine may answer NaN in any coordinate (the others exact).
    ///
    /// Why: the engine's view-to-superview step (`ViewStore.convertOutOfRow`) multiplies by the
    /// identity transform whenever the row has a side-table slot, and `0 · ∞` turns a finite
    /// coordinate beside an infinite one into NaN; whether a row has that slot is a storage detail
    /// (an alpha, inset or non-finite bounds put one there). Only overflowing or non-finite
    /// inputs reach this; finite answers stay exact. Reported for the engine to fix; the test
    /// "non-finite conversions agree exactly" tracks it as a known issue.
    case exceptNaNBesideNonFinite
}

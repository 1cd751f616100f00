// The trace's text rendering: one line per record, fit for a terminal and for a test to compare.

extension TraceRecord {
    /// `t=0.1 state touch 1: tap possible → failed: moved 12.3 pt > allowableMovement 10`: the
    /// time, the kind, the touch if any, then the message (which names the objects).
    public var text: String {
        var line = "t=\(TraceFormat.number(time)) \(kind.rawValue)"
        if let touch { line += " touch \(touch)" }
        return line + ": " + message
    }
}

/// Numbers as the trace writes them: integers without a fraction, others with at most three
/// decimals, so a message reads "moved 12.3 pt" and stays stable across platforms.
enum TraceFormat {
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int64(rounded)) }
        var text = String(rounded)
        // `String(Double)` may print an exponent for small values; the rounding above keeps at
        // most three decimals, which a fixed form shows exactly.
        if text.contains("e") { text = fixed(rounded) }
        return text
    }

    private static func fixed(_ value: Double) -> String {
        let thousandths = Int64((abs(value) * 1000).rounded())
        var fraction = String(thousandths % 1000)
        while fraction.count < 3 { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let whole = "\(value < 0 ? "-" : "")\(thousandths / 1000)"
        return fraction.isEmpty ? whole : whole + "." + fraction
    }

    static func point(_ point: Point) -> String { "(\(number(point.x)), \(number(point.y)))" }

    static func rect(_ rect: Rect) -> String {
        "(\(number(rect.origin.x)), \(number(rect.origin.y)), \(number(rect.size.width)), \(number(rect.size.height)))"
    }
}

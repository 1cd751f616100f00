// The trace's text rendering: one line per record, fit for a terminal and for a test to compare.

extension TraceRecord {
    /// `t=0.1 state touch 1: tap possible → failed: moved 12.3 pt > allowableMovement 10`: the
    /// time, the kind, the touch if any, then the message (which names the objects).
    public var text: String {
        var line = "t=\(TraceFormat.number(time)) \(kind.rawValue)"
        if let touch { line += " touch \(touch)" }
        if let key { line += " key \(key)" }
        return line + ": " + message
    }
}

/// Numbers as the trace writes them: integers without a fraction, others with at most three
/// decimals, so a message reads "moved 12.3 pt" and stays stable across platforms.
enum TraceFormat {
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        let rounded = (value * 1000).rounded() / 1000
        // Whole numbers as an Int64 writes them, as far as one holds them (beyond, far off any
        // screen, `String(Double)` writes an exponent).
        if rounded == rounded.rounded() && abs(rounded) < 9e18 { return String(Int64(rounded)) }
        var text = String(rounded)
        // `String(Double)` may print an exponent; the rounding above keeps at most three
        // decimals, which a fixed form shows exactly while its thousandths fit an Int64.
        if text.contains("e") && abs(rounded) < 9e15 { text = fixed(rounded) }
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

// The trace's JSON rendering: one object per record, on one line, its keys always in the same
// order, so a test can compare lines as text.

extension TraceRecord {
    /// `{"time":0.1,"kind":"state","touch":1,"view":{…},…,"causes":[{"name":…,"value":…}],"message":…}`.
    /// Keys whose value is absent are left out; the others keep this order.
    public var json: String {
        var fields = ["\"time\":\(TraceJSON.number(time))", "\"kind\":\(TraceJSON.string(kind.rawValue))"]
        if let touch { fields.append("\"touch\":\(touch)") }
        if let key { fields.append("\"key\":\(key)") }
        for (key, subject) in [("view", view), ("recognizer", recognizer), ("otherRecognizer", otherRecognizer),
                               ("control", control)] {
            guard let subject else { continue }
            fields.append("\"\(key)\":{\"number\":\(subject.number),\"name\":\(TraceJSON.string(subject.name))}")
        }
        if !causes.isEmpty {
            let list = causes.map { "{\"name\":\(TraceJSON.string($0.name)),\"value\":\(TraceJSON.number($0.value))}" }
            fields.append("\"causes\":[\(list.joined(separator: ","))]")
        }
        fields.append("\"message\":\(TraceJSON.string(message))")
        return "{" + fields.joined(separator: ",") + "}"
    }
}

/// JSON text for the trace's lines (and the scene loader's messages, which quote strings as JSON
/// writes them).
package enum TraceJSON {
    /// A JSON number; a non-finite one (which JSON cannot write) as `null`.
    static func number(_ value: Double) -> String {
        value.isFinite ? TraceFormat.number(value) : "null"
    }

    /// A JSON string: quotes, backslashes and control characters escaped, so it stays one line.
    package static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension TraceRecord {
    /// A number as the trace writes it (integers without a fraction, at most three decimals), for
    /// tools that print beside the records.
    public static func formatted(_ number: Double) -> String { TraceFormat.number(number) }

    /// `text` as a JSON string literal, quoted and escaped as the JSON rendering writes strings.
    public static func jsonQuoted(_ text: String) -> String { TraceJSON.string(text) }
}

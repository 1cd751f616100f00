// The trace's JSON rendering: one object per record, on one line, its keys always in the same
// order, so a test can compare lines as text.

extension TraceRecord {
    /// `{"time":0.1,"kind":"state","touch":1,"view":{…},…,"causes":[{"name":…,"value":…}],"message":…}`.
    /// Keys whose value is absent are left out; the others keep this order.
    public var json: String {
        var fields = ["\"time\":\(TraceJSON.number(time))", "\"kind\":\(TraceJSON.string(kind.rawValue))"]
        if let touch { fields.append("\"touch\":\(touch)") }
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

enum TraceJSON {
    /// A JSON number; a non-finite one (which JSON cannot write) as `null`.
    static func number(_ value: Double) -> String {
        value.isFinite ? TraceFormat.number(value) : "null"
    }

    static func string(_ text: String) -> String {
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

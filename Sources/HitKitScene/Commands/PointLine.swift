import HitTestCore

/// One line of a `hitkit hit-test` points list (Behaviour B7): `x y`, two numbers separated by spaces
/// or tabs.
///
/// Numbers are decimal: an optional sign, digits with an optional fraction, an optional exponent
/// (`12`, `-0.5`, `.5`, `1e3`), or `nan`, `inf` and `infinity` in any case, which hit nothing
/// (Behaviour A1). Anything else in a field (hex, a NUL byte, a trailing letter) makes the line
/// malformed. A trailing carriage return is ignored, so CRLF files work.
public enum PointLine {
    /// What one line of a points list holds.
    public enum Parsed: Equatable, Sendable {
        case point(Point)
        /// Empty or whitespace only: no point, and no output line.
        case blank
        /// Not a point; the message says what was expected.
        case malformed(String)
    }

    /// Reads one line, without its line feed (a trailing carriage return is dropped).
    public static func parse(_ line: Substring) -> Parsed {
        var text = line
        if text.last == "\r" { text = text.dropLast() }
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        if fields.isEmpty { return .blank }
        guard fields.count == 2 else {
            return .malformed("expected two numbers \"x y\", found \(fields.count) field\(fields.count == 1 ? "" : "s"): \"\(text)\"")
        }
        guard let x = number(fields[0]), let y = number(fields[1]) else {
            return .malformed("expected two numbers \"x y\", found \"\(text)\"")
        }
        return .point(Point(x: x, y: y))
    }

    /// Reads one line given as a `String`, as the `Substring` overload does.
    public static func parse(_ line: String) -> Parsed {
        parse(line[...])
    }

    /// The field as a number, if it is written as one (the grammar above; `hitkit convert`'s
    /// x and y use it too). `Double(_:)` alone would also take hex (`0x10`) and stop at a NUL
    /// byte, reading `5\0abc` as 5.
    public static func number(_ field: Substring) -> Double? {
        var rest = field.utf8[...]
        if let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { rest = rest.dropFirst() }
        if ["nan", "inf", "infinity"].contains(String(decoding: rest, as: UTF8.self).lowercased()) {
            return Double(field)
        }
        func digits() -> Int {
            let count = rest.prefix(while: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }).count
            rest = rest.dropFirst(count)
            return count
        }
        var mantissa = digits()
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return nil }
        if let e = rest.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            rest = rest.dropFirst()
            if let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { rest = rest.dropFirst() }
            guard digits() > 0 else { return nil }
        }
        return rest.isEmpty ? Double(field) : nil
    }
}

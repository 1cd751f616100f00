import HitTestCore

/// One line of a `hitkit hit-test` points list (Behaviour B7): `x y`, two numbers separated by spaces
/// or tabs.
///
/// Numbers are read as Swift's `Double(_:)` reads them (`12`, `-0.5`, `1e3`; `nan` and `inf`
/// too, which hit nothing, Behaviour A1). A trailing carriage return is ignored, so CRLF files work.
public enum PointLine {
    public enum Parsed: Equatable, Sendable {
        case point(Point)
        /// Empty or whitespace only: no point, and no output line.
        case blank
        /// Not a point; the message says what was expected.
        case malformed(String)
    }

    public static func parse(_ line: Substring) -> Parsed {
        var text = line
        if text.last == "\r" { text = text.dropLast() }
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        if fields.isEmpty { return .blank }
        guard fields.count == 2 else {
            return .malformed("expected two numbers \"x y\", found \(fields.count) field\(fields.count == 1 ? "" : "s"): \"\(text)\"")
        }
        guard let x = Double(fields[0]), let y = Double(fields[1]) else {
            return .malformed("expected two numbers \"x y\", found \"\(text)\"")
        }
        return .point(Point(x: x, y: y))
    }

    public static func parse(_ line: String) -> Parsed {
        parse(line[...])
    }
}

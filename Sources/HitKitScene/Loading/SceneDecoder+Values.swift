import HitKit
import HitTestCore

// Typed reads of JSON values: each either returns the value or throws a SceneError naming the
// value's path and what was expected there.

extension SceneDecoder {
    func failure(_ path: JSONPath, _ message: String) -> SceneError {
        SceneError(file: file, location: .path(path), message: message)
    }

    /// "expected …, found …" for a value of the wrong shape.
    func mismatch(_ path: JSONPath, expected: String, found value: JSONValue) -> SceneError {
        failure(path, "expected \(expected), found \(Self.describe(value))")
    }

    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): "the string \(TraceJSON.string(text))"
        case .number(let number): "the number \(format(number))"
        case .array(let elements): "an array of \(elements.count) element\(elements.count == 1 ? "" : "s")"
        default: value.kindDescription
        }
    }

    /// A number as a message shows it: whole numbers without a fractional part, as JSON writes them.
    static func format(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : "\(number)"
    }

    func unknownKey(_ path: JSONPath, in context: String, allowed: [String]) -> SceneError {
        failure(path, "unknown key in \(context); expected one of: \(allowed.joined(separator: ", "))")
    }

    func missingKey(_ path: JSONPath, expected: String) -> SceneError {
        failure(path, "missing; expected \(expected)")
    }

    func object(_ value: JSONValue, _ path: JSONPath, expected: @autoclosure () -> String) throws(SceneError) -> [JSONMember] {
        guard case .object(let members) = value else { throw mismatch(path, expected: expected(), found: value) }
        return Array(members)
    }

    func array(_ value: JSONValue, _ path: JSONPath, expected: @autoclosure () -> String) throws(SceneError) -> [JSONValue] {
        guard case .array(let elements) = value else { throw mismatch(path, expected: expected(), found: value) }
        return Array(elements)
    }

    func string(_ value: JSONValue, _ path: JSONPath, expected: String = "a string") throws(SceneError) -> String {
        guard case .string(let text) = value else { throw mismatch(path, expected: expected, found: value) }
        return text
    }

    func nonEmptyString(_ value: JSONValue, _ path: JSONPath, expected: String) throws(SceneError) -> String {
        let text = try string(value, path, expected: expected)
        if text.isEmpty { throw mismatch(path, expected: expected, found: value) }
        return text
    }

    /// `true` or `false` only: `0`, `1` and `"true"` are refused.
    func bool(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(path, expected: "true or false", found: value) }
        return flag
    }

    /// A finite number (`true` is not a number; JSON numbers too large for a `Double` are refused).
    func number(_ value: JSONValue, _ path: JSONPath, expected: @autoclosure () -> String = "a number",
                in range: ClosedRange<Double>? = nil) throws(SceneError) -> Double {
        guard let number = Self.finiteNumber(value, in: range) else { throw mismatch(path, expected: expected(), found: value) }
        return number
    }

    /// The number `value` holds when it is finite and, given a range, inside it.
    private static func finiteNumber(_ value: JSONValue, in range: ClosedRange<Double>?) -> Double? {
        guard case .number(let number) = value, number.isFinite, range?.contains(number) ?? true else { return nil }
        return number
    }

    /// A whole number, written `2` or `2.0`, at least `minimum` and at most `maximum` (without
    /// one, at most 2³¹ − 1, what a count holds).
    func integer(_ value: JSONValue, _ path: JSONPath, minimum: Int, maximum: Int? = nil) throws(SceneError) -> Int {
        let upper = maximum ?? Int(Int32.max)
        guard case .number(let number) = value, number.isFinite, number.rounded() == number,
              number >= Double(minimum), number <= Double(upper) else {
            // The implicit bound is named only to a number past it, which "≥ minimum" would fit.
            let pastUpper = if case .number(let number) = value, number > Double(upper) { true } else { false }
            let expected = maximum != nil || pastUpper ? "a whole number from \(minimum) to \(upper)"
                : "a whole number ≥ \(minimum)"
            throw mismatch(path, expected: expected, found: value)
        }
        return Int(number)
    }

    /// The first whole number a JSON number (read as a `Double`) may have been rounded to: 2⁵³.
    /// From it on a written number may be another one rounded (9007199254740993 reads as 2⁵³),
    /// so it names no button or key for sure.
    static let firstInexactWholeNumber = 9_007_199_254_740_992.0

    /// `value` as a whole number a JSON number holds exactly (|n| < 2⁵³), for a value that names
    /// something the replay judges (a button or key code: one out of range is bad input at its
    /// step, not a file error). A number that is not one gets a message saying which way it
    /// failed, "expected `expected`" naming what the value is for.
    func exactWholeNumber(_ value: JSONValue, _ path: JSONPath, expected: String) throws(SceneError) -> Int {
        guard case .number(let number) = value else { throw mismatch(path, expected: expected, found: value) }
        if number.isFinite && number.rounded() != number {
            throw failure(path, "expected \(expected), found the number \(Self.format(number)), which is not a whole number")
        }
        guard number.magnitude < Self.firstInexactWholeNumber else {
            throw failure(path, "expected \(expected), found the number \(Self.format(number)), too large to be read "
                + "exactly (a JSON number is exact up to 2^53 - 1 = 9007199254740991)")
        }
        return Int(number)
    }

    /// An array of exactly `names.count` finite numbers, described by `names` (`[x, y, w, h]`).
    func numbers(_ value: JSONValue, _ path: JSONPath, names: [String], nonNegative: Bool = false) throws(SceneError) -> [Double] {
        // Every view has a frame: messages and element paths are made only for a failure.
        guard case .array(let elements) = value, elements.count == names.count else {
            let shape = "[\(names.joined(separator: ", "))]"
            throw mismatch(path, expected: "\(shape), an array of \(names.count) \(nonNegative ? "non-negative " : "")numbers", found: value)
        }
        let range = nonNegative ? 0...Double.greatestFiniteMagnitude : nil
        var result: [Double] = []
        result.reserveCapacity(names.count)
        for (index, element) in elements.enumerated() {
            guard let number = Self.finiteNumber(element, in: range) else {
                let expected = nonNegative ? "a non-negative number (\(names[index]))" : "a number (\(names[index]))"
                throw mismatch(path / index, expected: expected, found: element)
            }
            result.append(number)
        }
        return result
    }

    func rect(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> Rect {
        let n = try numbers(value, path, names: ["x", "y", "w", "h"])
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    func point(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> Point {
        let n = try numbers(value, path, names: ["x", "y"])
        return Point(x: n[0], y: n[1])
    }

    func size(_ value: JSONValue, _ path: JSONPath, names: [String] = ["w", "h"]) throws(SceneError) -> Size {
        let n = try numbers(value, path, names: names, nonNegative: true)
        return Size(width: n[0], height: n[1])
    }

    func insets(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> EdgeInsets {
        let n = try numbers(value, path, names: ["top", "left", "bottom", "right"])
        return EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }

    func transform(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> AffineTransform {
        let n = try numbers(value, path, names: ["a", "b", "c", "d", "tx", "ty"])
        return AffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
    }

    /// One of an enumeration's raw values, spelled exactly.
    func choice<Choice: RawRepresentable & CaseIterable>(_ value: JSONValue, _ path: JSONPath, _ type: Choice.Type)
        throws(SceneError) -> Choice where Choice.RawValue == String
    {
        let expected = "one of " + Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard case .string(let text) = value, let choice = Choice(rawValue: text) else {
            throw mismatch(path, expected: expected, found: value)
        }
        return choice
    }

    /// Whether `text` is made of letters and digits in any script (either may carry combining
    /// marks), `_`, `-` and `.`, as B1 words it.
    static func isValidIdentifier(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        // Most ids are ASCII: checked byte by byte, without breaking the text into characters.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
                    return true
                default:
                    return false
                }
            }
        }
        return text.allSatisfy(isIdentifierCharacter)
    }

    private static func isIdentifierCharacter(_ character: Character) -> Bool {
        if character == "_" || character == "-" || character == "." { return true }
        var scalars = character.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return false }
        switch first.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber:
            break
        default:
            return false
        }
        while let mark = scalars.next() {
            switch mark.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: continue
            default: return false
            }
        }
        return true
    }

    /// A list of ids that refer to other objects (checked once the whole file is read).
    func identifierList(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> [String] {
        let elements = try array(value, path, expected: "an array of ids")
        var ids: [String] = []
        for (index, element) in elements.enumerated() {
            ids.append(try identifier(element, path / index))
        }
        return ids
    }

    /// Behaviour B1's id, of an object declared here or of one named elsewhere (whether it
    /// names something is checked once the whole file is read). `screen` and `-` are ids like any
    /// other: `hitkit convert` reads `screen` as screen coordinates, and `hitkit hit-test` prints a
    /// view named `-` as it prints no view.
    func identifier(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> String {
        let expected = "an id (a non-empty string of letters, digits, _, - and .)"
        let text = try string(value, path, expected: expected)
        guard Self.isValidIdentifier(text) else { throw mismatch(path, expected: expected, found: value) }
        return text
    }

    /// `actions: ["name", …]`: action names (``actionName(_:_:)``).
    func actionNames(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> [String] {
        let elements = try array(value, path, expected: "an array of action names")
        var names: [String] = []
        for (index, element) in elements.enumerated() {
            names.append(try actionName(element, path / index))
        }
        return names
    }

    static let actionNameExpected = "an action name (a non-empty string with no whitespace or control characters)"

    /// An action name: a non-empty string with no whitespace or control character, as a selector
    /// has none: the delivery log writes it as one space-separated field of one line (B6).
    func actionName(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> String {
        let text = try nonEmptyString(value, path, expected: Self.actionNameExpected)
        if text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) {
            throw mismatch(path, expected: Self.actionNameExpected, found: value)
        }
        return text
    }
}

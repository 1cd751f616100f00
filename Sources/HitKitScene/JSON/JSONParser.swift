/// A strict RFC 8259 parser producing a ``JSONDocument``.
///
/// Written here rather than using `JSONSerialization` because scene files need what that API
/// hides: duplicate keys (refused, with their path), member order (so the first error in the file
/// is the one reported), and booleans kept apart from numbers (`NSNumber` merges them on Linux).
struct JSONParser {
    /// Nesting deeper than this is refused instead of exhausting the stack; a scene's view
    /// hierarchy uses two levels per view (the view object and its `subviews` array), so this
    /// allows views about 10,000 deep. Scene loading runs on a ``LargeStack`` thread for that.
    static let defaultMaximumDepth = 20_000
    /// Past this many members an object's keys are checked for repeats through a set.
    private static let linearKeyCheckLimit = 32

    private let bytes: [UInt8]
    private let maximumDepth: Int
    private var offset = 0
    /// The document's values so far (see ``JSONDocument``).
    private var nodes: [JSONNode] = []
    /// The key nodes of the objects being parsed, innermost last (for refusing repeated keys).
    private var keys: [Int] = []
    /// Where the value being parsed sits, so a repeated key can be reported with its path.
    private var steps: [Step] = []

    private enum Step {
        case key(node: Int)
        case index(Int)
    }

    private init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// Parses one complete document (surrounding whitespace allowed, a UTF-8 byte order mark too).
    static func parse(_ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth) throws(JSONParseError) -> JSONValue {
        try parseDocument(bytes, maximumDepth: maximumDepth).value(at: 0)
    }

    static func parse(_ text: String, maximumDepth: Int = defaultMaximumDepth) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8), maximumDepth: maximumDepth)
    }

    /// Parses one complete document into its flat form.
    static func parseDocument(_ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth) throws(JSONParseError) -> JSONDocument {
        var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
        // Every value takes at least one byte and one separator, so this is never outgrown; the
        // pages a smaller document leaves untouched are never committed.
        parser.nodes.reserveCapacity(bytes.count / 2 + 2)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.offset = 3 }
        parser.skipWhitespace()
        try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.offset < bytes.count { throw parser.syntaxError("expected the end of the document after the top-level value") }
        return JSONDocument(bytes: bytes, nodes: parser.nodes)
    }

    /// The text of the string whose opening quote is at `offset` (the document keeps strings as
    /// bytes until they are read).
    static func decodeString(_ bytes: [UInt8], at offset: Int) throws(JSONParseError) -> String {
        var parser = JSONParser(bytes: bytes, maximumDepth: 0)
        parser.offset = offset
        return try parser.parseString()
    }

    // MARK: Values

    private mutating func parseValue(depth: Int) throws(JSONParseError) {
        guard let byte = peek() else { throw syntaxError("expected a value, found the end of the document") }
        switch byte {
        case UInt8(ascii: "{"): try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): try scanString()
        case UInt8(ascii: "t"): try expectLiteral("true"); nodes.append(JSONNode(kind: .true))
        case UInt8(ascii: "f"): try expectLiteral("false"); nodes.append(JSONNode(kind: .false))
        case UInt8(ascii: "n"): try expectLiteral("null"); nodes.append(JSONNode(kind: .null))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = offset
            try parseNumber()
            nodes.append(JSONNode(kind: .number, payload: start))
        default: throw syntaxError("expected a value, found \(describe(byte))")
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) {
        if depth > maximumDepth { throw syntaxError("nesting deeper than \(maximumDepth) levels") }
        offset += 1  // {
        let container = nodes.count
        nodes.append(JSONNode(kind: .object))
        let firstKey = keys.count
        defer { keys.removeSubrange(firstKey...) }
        var seen: Set<String>?  // only for objects with many members
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { offset += 1; return finish(container) }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw syntaxError("expected a string key in an object") }
            let key = nodes.count
            try scanString()
            try checkUnique(key, firstKey: firstKey, seen: &seen)
            keys.append(key)
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw syntaxError("expected ':' after an object key") }
            offset += 1
            skipWhitespace()
            steps.append(.key(node: key))
            try parseValue(depth: depth)
            steps.removeLast()
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"): offset += 1; return finish(container)
            default: throw syntaxError("expected ',' or '}' after an object member")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) {
        if depth > maximumDepth { throw syntaxError("nesting deeper than \(maximumDepth) levels") }
        offset += 1  // [
        let container = nodes.count
        nodes.append(JSONNode(kind: .array))
        var count = 0
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { offset += 1; return finish(container) }
        while true {
            skipWhitespace()
            steps.append(.index(count))
            try parseValue(depth: depth)
            steps.removeLast()
            count += 1
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"): offset += 1; return finish(container)
            default: throw syntaxError("expected ',' or ']' after an array element")
            }
        }
    }

    /// Records where a container's contents end.
    private mutating func finish(_ container: Int) {
        nodes[container] = JSONNode(kind: nodes[container].kind, payload: nodes.count)
    }

    /// Refuses a key that an earlier member of the same object already has.
    private mutating func checkUnique(_ key: Int, firstKey: Int, seen: inout Set<String>?) throws(JSONParseError) {
        let node = nodes[key]
        if keys.count - firstKey < Self.linearKeyCheckLimit {
            // A few members: comparing in place allocates nothing.
            for other in keys[firstKey...] where JSONDocument.sameText(nodes[other], node, in: bytes) { throw duplicate(key) }
            return
        }
        if seen == nil { seen = Set(keys[firstKey...].map { JSONDocument.text(of: nodes[$0], in: bytes) }) }
        if !seen!.insert(JSONDocument.text(of: node, in: bytes)).inserted { throw duplicate(key) }
    }

    private func duplicate(_ key: Int) -> JSONParseError {
        var path = JSONPath.root
        for step in steps {
            switch step {
            case .key(let node): path = path / JSONDocument.text(of: nodes[node], in: bytes)
            case .index(let index): path = path / index
            }
        }
        return .duplicateKey(path: path / JSONDocument.text(of: nodes[key], in: bytes))
    }

    /// A string value or key: its node points into the bytes. ASCII without escapes is only
    /// scanned; anything else is checked (UTF-8, escapes, surrogates) by decoding it.
    private mutating func scanString() throws(JSONParseError) {
        let quote = offset
        var index = offset + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                offset = index + 1
                nodes.append(JSONNode(kind: .string, isPlain: true, payload: quote))
                return
            }
            if byte == UInt8(ascii: "\\") || byte >= 0x80 || byte < 0x20 { break }
            index += 1
        }
        _ = try parseString()
        nodes.append(JSONNode(kind: .string, payload: quote))
    }

    // MARK: Scalars

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        guard bytes.count - offset >= expected.count,
              bytes[offset..<offset + expected.count].elementsEqual(expected) else {
            throw syntaxError("expected a value, found \(describe(bytes[offset]))")
        }
        offset += expected.count
    }

    /// RFC 8259's number grammar, checked byte by byte. The document keeps the number's offset
    /// and ``number(in:at:)`` gives its value when it is read.
    private mutating func parseNumber() throws(JSONParseError) {
        let start = offset
        if peek() == UInt8(ascii: "-") { offset += 1 }
        guard let first = peek(), isDigit(first) else { throw syntaxError("expected a digit in a number") }
        offset += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if peek() == UInt8(ascii: ".") {
            offset += 1
            guard let digit = peek(), isDigit(digit) else { throw syntaxError("expected a digit after '.' in a number") }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            offset += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
            guard let digit = peek(), isDigit(digit) else { throw syntaxError("expected a digit in a number's exponent") }
            skipDigits()
        }
        if let next = peek(), isDigit(next) { throw syntaxError("a number cannot have a leading zero") }
        if Self.smallInteger(bytes[start..<offset]) != nil { return }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        if Double(text) == nil { throw syntaxError("expected a number, found \"\(text)\"") }
    }

    /// The nearest `Double` to the number the parser accepted at `offset`.
    static func number(in bytes: [UInt8], at offset: Int) -> Double {
        var end = offset
        while end < bytes.count, isNumberByte(bytes[end]) { end += 1 }
        let text = bytes[offset..<end]
        if let value = smallInteger(text) { return value }
        // The parser has converted this text once, so this does not fail.
        return Double(String(decoding: text, as: UTF8.self)) ?? .nan
    }

    /// The bytes a JSON number is written with.
    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
             UInt8(ascii: "e"), UInt8(ascii: "E"): true
        default: false
        }
    }

    /// A whole number of at most 15 digits, converted without a `String`: every such integer is
    /// exactly a `Double` (below 2⁵³), so this is the value `Double(text)` would give.
    private static func smallInteger(_ text: ArraySlice<UInt8>) -> Double? {
        guard text.allSatisfy({ $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }) else { return nil }
        let negative = text.first == UInt8(ascii: "-")
        let digits = negative ? text.dropFirst() : text
        guard digits.count <= 15 else { return nil }
        var value = 0
        for digit in digits { value = value * 10 + Int(digit - UInt8(ascii: "0")) }
        // `-0` stays the negative zero that `Double("-0")` gives.
        return negative ? -Double(value) : Double(value)
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        offset += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        var runStart = offset
        func flushRun(_ parser: JSONParser, _ end: Int) throws(JSONParseError) {
            guard let run = String(validating: parser.bytes[runStart..<end], as: UTF8.self) else {
                throw parser.syntaxError("a string is not valid UTF-8")
            }
            scalars.append(contentsOf: run.unicodeScalars)
        }
        while true {
            guard let byte = peek() else { throw syntaxError("a string is not closed before the end of the document") }
            switch byte {
            case UInt8(ascii: "\""):
                try flushRun(self, offset)
                offset += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flushRun(self, offset)
                offset += 1
                scalars.append(try parseEscape())
                runStart = offset
            case 0..<0x20:
                throw syntaxError("a control character must be escaped in a string")
            default:
                offset += 1
            }
        }
    }

    private mutating func parseEscape() throws(JSONParseError) -> Unicode.Scalar {
        guard let byte = peek() else { throw syntaxError("a string is not closed before the end of the document") }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try parseHex4()
            if UTF16.isLeadSurrogate(unit) {
                guard peek() == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else {
                    throw syntaxError("a high surrogate \\u escape must be followed by a low surrogate")
                }
                offset += 2
                let low = try parseHex4()
                guard UTF16.isTrailSurrogate(low) else { throw syntaxError("expected a low surrogate \\u escape") }
                let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                return Unicode.Scalar(value)!
            }
            guard let scalar = Unicode.Scalar(unit) else { throw syntaxError("a lone low surrogate \\u escape") }
            return scalar
        default:
            offset -= 1
            throw syntaxError("unknown escape \\\(describe(byte, quoted: false)) in a string")
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt16 {
        guard bytes.count - offset >= 4,
              let value = UInt16(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16),
              bytes[offset..<offset + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") }) else {
            throw syntaxError("expected four hexadecimal digits after \\u")
        }
        offset += 4
        return value
    }

    // MARK: Bytes

    private func peek() -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private mutating func skipDigits() {
        while let byte = peek(), isDigit(byte) { offset += 1 }
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
    }

    private func currentLine() -> Int {
        var line = 1
        for byte in bytes[..<min(offset, bytes.count)] where byte == 0x0A { line += 1 }
        return line
    }

    private func syntaxError(_ message: String) -> JSONParseError {
        var column = 1
        var index = min(offset, bytes.count)
        while index > 0 && bytes[index - 1] != 0x0A { index -= 1; column += 1 }
        return .syntax(line: currentLine(), column: column, message: message)
    }

    private func describe(_ byte: UInt8, quoted: Bool = true) -> String {
        let text = (0x21..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : String(byte, radix: 16)
        if !(0x21..<0x7F).contains(byte) { return "byte 0x\(text)" }
        return quoted ? "'\(text)'" : text
    }
}

/// Why a byte sequence is not a JSON document HitKit accepts.
enum JSONParseError: Error, Equatable, Sendable {
    /// Not JSON (RFC 8259): `line` and `column` count from 1, columns in bytes.
    case syntax(line: Int, column: Int, message: String)
    /// Valid JSON that repeats a key in one object: `path` names the second occurrence.
    case duplicateKey(path: JSONPath)
}

/// Why a byte sequence is not a JSON document HitKit accepts.
enum JSONParseError: Error, Equatable, Sendable {
    /// Not JSON (RFC 8259): `line` and `column` count from 1, columns in bytes.
    case syntax(line: Int, column: Int, message: String)
    /// Valid JSON that repeats a key in one object: `path` names the second occurrence.
    case duplicateKey(path: JSONPath)
}

/// A parsed JSON document that keeps what `JSONSerialization` loses: the order of an object's
/// members, and the difference between `true` and `1`.
///
/// Scene validation walks this tree itself so that every error can name its JSON path.
indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// Every JSON number, as the nearest `Double` (JSON has one number type).
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in file order; keys are unique (the parser refuses duplicates).
    case object([JSONMember])

    /// How an error message names this kind of value ("found a string").
    var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One `"key": value` pair of a JSON object.
struct JSONMember: Equatable, Sendable {
    var key: String
    var value: JSONValue
}

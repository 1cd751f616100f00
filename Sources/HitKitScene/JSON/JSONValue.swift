/// A JSON value that keeps what `JSONSerialization` loses: the order of an object's members,
/// and the difference between `true` and `1`.
///
/// Arrays and objects are views onto their ``JSONDocument``, read as they are walked, so scene
/// validation walks the document itself and every error can still name its JSON path.
enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// Every JSON number, as the nearest `Double` (JSON has one number type).
    case number(Double)
    case string(String)
    case array(JSONArray)
    /// Members in file order; keys are unique (the parser refuses duplicates).
    case object(JSONObject)

    /// The document node of an array or object.
    var node: Int? {
        switch self {
        case .array(let elements): elements.node
        case .object(let members): members.node
        default: nil
        }
    }

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

/// Where an element or member starts in its document. Opaque, so that `elements[0]` is not
/// mistaken for "the first element".
struct JSONPosition: Comparable, Sendable {
    fileprivate let node: Int

    static func < (lhs: JSONPosition, rhs: JSONPosition) -> Bool { lhs.node < rhs.node }
}

/// A JSON array's elements, in order, read from the document as they are visited.
struct JSONArray: Collection, Equatable, Sendable {
    let document: JSONDocument
    let node: Int

    var startIndex: JSONPosition { JSONPosition(node: node + 1) }
    var endIndex: JSONPosition { JSONPosition(node: document.end(of: node)) }
    var count: Int { document.count(of: node) }
    var isEmpty: Bool { startIndex == endIndex }

    func index(after position: JSONPosition) -> JSONPosition { JSONPosition(node: document.end(of: position.node)) }
    subscript(position: JSONPosition) -> JSONValue { document.value(at: position.node) }

    static func == (lhs: JSONArray, rhs: JSONArray) -> Bool { lhs.elementsEqual(rhs) }
}

/// A JSON object's members, in file order, read from the document as they are visited.
struct JSONObject: Collection, Equatable, Sendable {
    let document: JSONDocument
    let node: Int

    var startIndex: JSONPosition { JSONPosition(node: node + 1) }
    var endIndex: JSONPosition { JSONPosition(node: document.end(of: node)) }
    var count: Int { document.count(of: node) }
    var isEmpty: Bool { startIndex == endIndex }

    /// Past the member's key and its value.
    func index(after position: JSONPosition) -> JSONPosition { JSONPosition(node: document.end(of: position.node + 1)) }
    subscript(position: JSONPosition) -> JSONMember {
        JSONMember(key: document.string(at: position.node), value: document.value(at: position.node + 1))
    }

    static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { lhs.elementsEqual(rhs) }
}

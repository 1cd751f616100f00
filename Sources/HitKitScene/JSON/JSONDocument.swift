/// A parsed JSON document kept flat: its bytes, plus one 16-byte ``JSONNode`` per value in
/// document order (an array's or object's elements follow it; an object's key precedes each
/// member's value). Strings stay in the bytes until read, and nothing is allocated per value, so
/// a scene file's document costs a few times the file's size instead of tens of times.
final class JSONDocument: Sendable {
    let bytes: [UInt8]
    let nodes: [JSONNode]

    init(bytes: [UInt8], nodes: [JSONNode]) {
        self.bytes = bytes
        self.nodes = nodes
    }

    /// The value of node `index`, its strings decoded and its containers as views onto this document.
    func value(at index: Int) -> JSONValue {
        let node = nodes[index]
        switch node.kind {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .number: return .number(Double(bitPattern: node.payload))
        case .string: return .string(string(at: index))
        case .array: return .array(JSONArray(document: self, node: index))
        case .object: return .object(JSONObject(document: self, node: index))
        }
    }

    /// The index of the node after value `index` and everything inside it.
    func end(of index: Int) -> Int {
        let node = nodes[index]
        return node.kind == .array || node.kind == .object ? Int(node.payload) : index + 1
    }

    /// The text of string node `index`.
    func string(at index: Int) -> String { Self.text(of: nodes[index], in: bytes) }

    /// The text of a string node of a document with `bytes`.
    static func text(of node: JSONNode, in bytes: [UInt8]) -> String {
        let start = Int(node.payload)
        if node.isPlain { return String(decoding: bytes[start + 1..<start + 1 + Int(node.count)], as: UTF8.self) }
        // Escapes or non-ASCII text: decoded again as the parser checked it, which cannot fail now.
        return (try? JSONParser.decodeString(bytes, at: start)) ?? ""
    }

    /// Whether two string nodes of a document with `bytes` have the same text (as Swift
    /// compares strings: plain ASCII byte for byte, anything else by canonical equivalence).
    static func sameText(_ first: JSONNode, _ second: JSONNode, in bytes: [UInt8]) -> Bool {
        guard first.isPlain && second.isPlain else { return text(of: first, in: bytes) == text(of: second, in: bytes) }
        guard first.count == second.count else { return false }
        let x = Int(first.payload) + 1, y = Int(second.payload) + 1, count = Int(first.count)
        return bytes[x..<x + count].elementsEqual(bytes[y..<y + count])
    }
}

/// One JSON value in a ``JSONDocument``: 16 bytes whatever the value.
struct JSONNode: Sendable {
    enum Kind: UInt8, Sendable {
        case null, `false`, `true`, number, string, array, object
    }

    var kind: Kind
    /// Strings: ASCII without escapes, so the bytes are the text.
    var isPlain = false
    /// Strings: the text's length in bytes when plain; arrays: elements; objects: members.
    var count: UInt32 = 0
    /// Strings: the offset of the opening quote; numbers: the `Double`'s bits; arrays and
    /// objects: the index of the node after their last descendant.
    var payload: UInt64 = 0
}

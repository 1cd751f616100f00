/// A parsed JSON document kept flat: its bytes, plus one 8-byte ``JSONNode`` per value in
/// document order (an array's or object's elements follow it; an object's key precedes each
/// member's value). Strings and numbers stay in the bytes until read, and nothing is allocated
/// per value, so a scene file's document costs a few times the file's size, not tens of times.
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
        case .number: return .number(JSONParser.number(in: bytes, at: node.payload))
        case .string: return .string(string(at: index))
        case .array: return .array(JSONArray(document: self, node: index))
        case .object: return .object(JSONObject(document: self, node: index))
        }
    }

    /// The index of the node after value `index` and everything inside it.
    func end(of index: Int) -> Int {
        let node = nodes[index]
        return node.kind == .array || node.kind == .object ? node.payload : index + 1
    }

    /// How many elements array node `index` has, or members object node `index` has (counted
    /// by skipping them, which is as cheap as visiting them).
    func count(of index: Int) -> Int {
        let isObject = nodes[index].kind == .object
        var count = 0
        var child = index + 1
        while child < end(of: index) {
            child = end(of: isObject ? child + 1 : child)  // a member is its key, then its value
            count += 1
        }
        return count
    }

    /// The text of string node `index`.
    func string(at index: Int) -> String { Self.text(of: nodes[index], in: bytes) }

    /// The text of a string node of a document with `bytes`.
    static func text(of node: JSONNode, in bytes: [UInt8]) -> String {
        if node.isPlain { return String(decoding: plainText(of: node, in: bytes), as: UTF8.self) }
        // Escapes or non-ASCII text: decoded again as the parser checked it, which cannot fail now.
        return (try? JSONParser.decodeString(bytes, at: node.payload)) ?? ""
    }

    /// The bytes of a plain string node, which are its text: up to the next quote, since a plain
    /// string has no escapes.
    private static func plainText(of node: JSONNode, in bytes: [UInt8]) -> ArraySlice<UInt8> {
        let start = node.payload + 1
        var end = start
        while end < bytes.count && bytes[end] != UInt8(ascii: "\"") { end += 1 }
        return bytes[start..<end]
    }

    /// Whether a string node of a document with `bytes` has the text `text`.
    static func text(of node: JSONNode, in bytes: [UInt8], equals text: String) -> Bool {
        node.isPlain ? plainText(of: node, in: bytes).elementsEqual(text.utf8) : self.text(of: node, in: bytes) == text
    }

    /// Whether two string nodes of a document with `bytes` have the same text (as Swift
    /// compares strings: plain ASCII byte for byte, anything else by canonical equivalence).
    static func sameText(_ first: JSONNode, _ second: JSONNode, in bytes: [UInt8]) -> Bool {
        guard first.isPlain && second.isPlain else { return text(of: first, in: bytes) == text(of: second, in: bytes) }
        return plainText(of: first, in: bytes).elementsEqual(plainText(of: second, in: bytes))
    }
}

/// One JSON value in a ``JSONDocument``: 8 bytes whatever the value, since a large scene file
/// has about one value for every five of its bytes.
struct JSONNode: Sendable {
    enum Kind: UInt8, Sendable {
        case null, `false`, `true`, number, string, array, object
    }

    /// The kind in the low 3 bits, ``isPlain`` in bit 3, ``payload`` above them.
    private let bits: UInt64

    init(kind: Kind, isPlain: Bool = false, payload: Int = 0) {
        bits = UInt64(payload) << 4 | (isPlain ? 8 : 0) | UInt64(kind.rawValue)
    }

    var kind: Kind {
        // Only a `Kind` is ever stored in these bits.
        Kind(rawValue: UInt8(truncatingIfNeeded: bits & 7)) ?? .null
    }

    /// Strings: ASCII without escapes, so the bytes between the quotes are the text.
    var isPlain: Bool { bits & 8 != 0 }

    /// Strings: the offset of the opening quote; numbers: the offset of their first byte; arrays
    /// and objects: the index of the node after their last descendant.
    var payload: Int { Int(bits >> 4) }
}

/// Questions about an object's keys asked of the flat document, without making a value per member.
extension JSONDocument {
    /// How many objects within value node `container` (itself included) have a member `key`.
    func objectCount(within container: Int, havingKey key: String) -> Int {
        var count = 0
        for index in container..<end(of: container) where nodes[index].kind == .object && hasMember(key, in: index) {
            count += 1
        }
        return count
    }

    /// Whether object node `object` has a member `key`.
    func hasMember(_ key: String, in object: Int) -> Bool {
        var member = object + 1  // a member is its key node, then its value
        while member < end(of: object) {
            if Self.text(of: nodes[member], in: bytes, equals: key) { return true }
            member = end(of: member + 1)
        }
        return false
    }
}

/// Paths of nodes, rebuilt from the flat document: a loader keeps a node index where it would
/// otherwise keep a ``JSONPath`` per value (a path is an allocation per step), and asks for the
/// path only when a message needs it.
extension JSONDocument {
    /// The path of value node `target`, which lies inside value node `start` whose path is
    /// `startPath`. Walks down from `start` skipping whole siblings: O(depth × siblings).
    func path(to target: Int, from start: Int, at startPath: JSONPath) -> JSONPath {
        var path = startPath
        var current = start
        while current != target {
            guard current < target, target < end(of: current) else { return path }  // not inside
            switch nodes[current].kind {
            case .array:
                var element = current + 1, index = 0
                while end(of: element) <= target {
                    element = end(of: element)
                    index += 1
                }
                path = path / index
                current = element
            case .object:
                var key = current + 1  // a member is its key node, then its value
                while end(of: key + 1) <= target { key = end(of: key + 1) }
                path = path / string(at: key)
                current = key + 1
            default:
                return path
            }
        }
        return path
    }
}

import HitKit

/// Where a value sits in a JSON document, written as in Behaviour B1's error messages:
/// `windows[0].subviews[2].frame`. The document's root is written `$`.
///
/// A path shares its prefix with the path it was made from (a persistent linked list), so
/// walking a deeply nested document makes each step's path in O(1).
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// One step down from a value: an object member's key, or an array element's index.
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    private final class Node: Sendable {
        let parent: Node?
        let component: Component

        init(parent: Node?, component: Component) {
            self.parent = parent
            self.component = component
        }
    }

    private let last: Node?

    private init(last: Node?) {
        self.last = last
    }

    /// The path made of `components`, from the root down; the root by default.
    public init(_ components: [Component] = []) {
        var node: Node?
        for component in components { node = Node(parent: node, component: component) }
        last = node
    }

    /// The document's root.
    public static let root = JSONPath()

    /// The components from the root down.
    public var components: [Component] {
        var result: [Component] = []
        var node = last
        while let current = node {
            result.append(current.component)
            node = current.parent
        }
        return result.reversed()
    }

    /// This path with `component` added at its end.
    public func appending(_ component: Component) -> JSONPath {
        JSONPath(last: Node(parent: last, component: component))
    }

    /// The path of the member `key` of the object at `path`.
    public static func / (path: JSONPath, key: String) -> JSONPath { path.appending(.key(key)) }
    /// The path of the element `index` of the array at `path`.
    public static func / (path: JSONPath, index: Int) -> JSONPath { path.appending(.index(index)) }

    public static func == (lhs: JSONPath, rhs: JSONPath) -> Bool {
        lhs.last === rhs.last || lhs.components == rhs.components
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(components)
    }

    public var description: String {
        let components = self.components
        if components.isEmpty { return "$" }
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where Self.isPlainKey(key):
                text += text.isEmpty ? key : ".\(key)"
            case .key(let key):
                // A key that would make the dotted form ambiguous is quoted, as in JSONPath, and
                // escaped as messages quote found strings, so a control character in it cannot
                // break the message's one line.
                text += "[\(TraceJSON.string(key))]"
            }
        }
        return text
    }

    private static func isPlainKey(_ key: String) -> Bool {
        !key.isEmpty && key.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
        }
    }
}

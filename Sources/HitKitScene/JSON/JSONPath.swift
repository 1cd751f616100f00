import Foundation

/// Where a value sits in a JSON document, written as in SPEC B1's error messages:
/// `windows[0].subviews[2].frame`. The document's root is written `$`.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public private(set) var components: [Component]

    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The document's root.
    public static let root = JSONPath()

    public func appending(_ key: String) -> JSONPath {
        JSONPath(components + [.key(key)])
    }

    public func appending(_ index: Int) -> JSONPath {
        JSONPath(components + [.index(index)])
    }

    public static func / (path: JSONPath, key: String) -> JSONPath { path.appending(key) }
    public static func / (path: JSONPath, index: Int) -> JSONPath { path.appending(index) }

    public var description: String {
        if components.isEmpty { return "$" }
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where Self.isPlainKey(key):
                text += text.isEmpty ? key : ".\(key)"
            case .key(let key):
                // A key that would make the dotted form ambiguous is quoted, as in JSONPath.
                let escaped = key.replacingOccurrences(of: "\\", with: "\\\\")
                    .replacingOccurrences(of: "\"", with: "\\\"")
                text += "[\"\(escaped)\"]"
            }
        }
        return text
    }

    private static func isPlainKey(_ key: String) -> Bool {
        !key.isEmpty && key.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
        }
    }
}

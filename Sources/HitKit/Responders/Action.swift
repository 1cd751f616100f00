/// The name of an action sent through the responder chain (UIKit's `Selector`).
///
/// Linux has no Objective-C selectors, so an action is a plain name. A responder says which
/// actions it can perform with ``Responder/performableActions`` or by overriding
/// ``Responder/canPerformAction(_:withSender:)``, and receives them in
/// ``Responder/perform(_:sender:event:)``.
public struct Action: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The action's name, for example `"buttonTapped"`.
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public init(stringLiteral name: String) {
        self.name = name
    }

    public var description: String { name }
}

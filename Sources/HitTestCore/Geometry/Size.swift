/// A width and a height (CoreGraphics' `CGSize`). Either may be negative; see ``Rect/standardized``.
public struct Size: Hashable, Sendable, BitwiseCopyable {
    public var width: Double
    public var height: Double

    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    @inlinable
    public init(_ width: Double, _ height: Double) {
        self.init(width: width, height: height)
    }

    public static let zero = Size(width: 0, height: 0)
}

extension Size: CustomStringConvertible {
    public var description: String { "(\(width), \(height))" }
}

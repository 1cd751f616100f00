/// A width and a height (CoreGraphics' `CGSize`). Either may be negative; see ``Rect/standardized``.
public struct Size: Hashable, Sendable, BitwiseCopyable {
    /// The horizontal extent; a negative width extends towards smaller x.
    public var width: Double
    /// The vertical extent; a negative height extends towards smaller y.
    public var height: Double

    /// A size of `width` by `height`, kept as given.
    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// ``init(width:height:)`` without labels.
    @inlinable
    public init(_ width: Double, _ height: Double) {
        self.init(width: width, height: height)
    }

    /// Zero width and height.
    public static let zero = Size(width: 0, height: 0)
}

extension Size: CustomStringConvertible {
    public var description: String { "(\(width), \(height))" }
}

import HitTestCore

extension SceneDescription {
    /// A view (or a window's view part) with everything Behaviour B1 lets a scene say about it.
    public struct View: Equatable, Sendable {
        public var id: String
        public var geometry: Geometry
        public var flags: Flags
        public var traits: ResponderTraits
        public var viewController: ViewController?
        public var gestures: [Gesture]
        public var control: Control?
        public var scrollView: ScrollView?
        /// Back-most first, as UIKit's `subviews`.
        public var subviews: [View]

        public init(id: String, geometry: Geometry = .init(), flags: Flags = .init(),
                    traits: ResponderTraits = .init(), viewController: ViewController? = nil,
                    gestures: [Gesture] = [], control: Control? = nil, scrollView: ScrollView? = nil,
                    subviews: [View] = []) {
            self.id = id
            self.geometry = geometry
            self.flags = flags
            self.traits = traits
            self.viewController = viewController
            self.gestures = gestures
            self.control = control
            self.scrollView = scrollView
            self.subviews = subviews
        }

        /// This view and every view under it, parents before children, back to front.
        public var subtree: [View] {
            var result: [View] = []
            var pending: [View] = [self]
            while let view = pending.popLast() {
                result.append(view)
                pending.append(contentsOf: view.subviews.reversed())
            }
            return result
        }
    }

    /// Geometry keys as written. ``resolved`` turns them into the values a view is given.
    public struct Geometry: Equatable, Sendable {
        public var frame: Rect?
        public var center: Point?
        public var bounds: Rect?
        public var transform: AffineTransform?
        public var anchorPoint: Point?

        public init(frame: Rect? = nil, center: Point? = nil, bounds: Rect? = nil,
                    transform: AffineTransform? = nil, anchorPoint: Point? = nil) {
            self.frame = frame
            self.center = center
            self.bounds = bounds
            self.transform = transform
            self.anchorPoint = anchorPoint
        }

        /// Behaviour B1's rules: `frame` gives the center (its midpoint) and the bounds' size with the
        /// bounds' origin at zero; a `bounds` given with it replaces the bounds and keeps the
        /// frame's center; without `frame`, `center` and `bounds` default to zero. The transform
        /// and anchor point are applied afterwards and never move the center.
        public var resolved: (center: Point, bounds: Rect, transform: AffineTransform, anchorPoint: Point) {
            let center = frame.map { Point(x: $0.midX, y: $0.midY) } ?? self.center ?? .zero
            let bounds = self.bounds ?? frame.map { Rect(origin: .zero, size: $0.size) } ?? .zero
            return (center, bounds, transform ?? .identity, anchorPoint ?? Point(x: 0.5, y: 0.5))
        }
    }

    /// Behaviour B1's flags, each with its UIKit default.
    public struct Flags: Equatable, Sendable {
        public var hidden = false
        public var alpha = 1.0
        public var userInteractionEnabled = true
        public var clipsToBounds = false
        public var multipleTouchEnabled = false
        public var exclusiveTouch = false
        public var passThrough = false
        public var hitsOutsideBounds = false
        public var redirectsToSuperview = false
        public var hitTestInsets = EdgeInsets.zero
        public var minimumHitSize = Size.zero
        public var canBecomeFirstResponder = false

        public init() {}
    }
}

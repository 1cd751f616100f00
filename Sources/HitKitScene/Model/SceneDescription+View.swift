import HitTestCore

extension SceneDescription {
    /// A view (or a window's view part) with everything Behaviour B1 lets a scene say about it.
    ///
    /// Stored compactly because a large scene holds one per view: the id, the frame and the
    /// subviews inline (72 bytes), the keys views often give (center, bounds, flags, traits,
    /// gestures) in a box that exists only when one of them is not the default, and the rarer
    /// ones (transform, anchor point, controller, control, scroll view) in a second box inside it.
    ///
    /// The subviews live in a list of their own (none for a leaf), which frees a deep tree in a
    /// loop: nested arrays of values would be freed one nested call per level, and a scene at
    /// the format's depth limit would overflow a small thread stack when it is let go.
    public struct View: Equatable, Sendable {
        /// `id` (required), unique in the file: names the built view in ``LoadedScene`` and in the log.
        public var id: String
        /// `nil` exactly when there are no subviews.
        fileprivate var subviewList: SubviewList?
        private var frame: Rect?
        /// `nil` exactly when every part it holds has its default, so `==` compares values.
        private var details: Box<Parts>?

        /// What views often give besides the id, the frame and the subviews.
        private struct Parts: Equatable, Sendable {
            var center: Point?
            var bounds: Rect?
            var flags = Flags()
            var traits = ResponderTraits()
            var gestures: [Gesture] = []
            /// `nil` exactly when every rare part has its default.
            var rare: Box<RareParts>?
        }

        /// What few views give.
        private struct RareParts: Equatable, Sendable {
            var transform: AffineTransform?
            var anchorPoint: Point?
            var viewController: ViewController?
            var control: Control?
            var scrollView: ScrollView?
            var focus = Focus()
            var interactions: Interactions?
        }

        /// A heap box (an indirect case): immutable, so copies share it safely.
        private indirect enum Box<Value: Equatable & Sendable>: Equatable, Sendable {
            case value(Value)

            var value: Value {
                switch self { case .value(let value): value }
            }
        }

        /// A view `id` with these keys, each at its default when left out; ``focus`` and ``interactions`` are
        /// set afterwards.
        public init(id: String, geometry: Geometry = .init(), flags: Flags = .init(),
                    traits: ResponderTraits = .init(), viewController: ViewController? = nil,
                    gestures: [Gesture] = [], control: Control? = nil, scrollView: ScrollView? = nil,
                    subviews: [View] = []) {
            self.id = id
            self.subviewList = subviews.isEmpty ? nil : SubviewList(subviews)
            self.frame = geometry.frame
            self.details = nil
            let rare = RareParts(transform: geometry.transform, anchorPoint: geometry.anchorPoint,
                                 viewController: viewController, control: control, scrollView: scrollView)
            updateParts {
                $0 = Parts(center: geometry.center, bounds: geometry.bounds, flags: flags, traits: traits,
                           gestures: gestures, rare: Self.box(rare, unless: RareParts()))
            }
        }

        /// `value` boxed, or `nil` when it is `defaults`.
        private static func box<Value>(_ value: Value, unless defaults: Value) -> Box<Value>? {
            value == defaults ? nil : .value(value)
        }

        private var parts: Parts { details?.value ?? Parts() }
        private var rareParts: RareParts { parts.rare?.value ?? RareParts() }

        /// Whether the view is stored without a box (everything but id, frame and subviews default).
        var isStoredInline: Bool { details == nil }
        /// Whether the view has its second box (some rare part is not the default).
        var hasRareParts: Bool { parts.rare != nil }
        /// The size of the first box's contents.
        static var partsByteCount: Int { MemoryLayout<Parts>.stride }

        /// Changes the boxed parts, dropping the box when they are back to their defaults.
        private mutating func updateParts(_ change: (inout Parts) -> Void) {
            var parts = self.parts
            change(&parts)
            details = Self.box(parts, unless: Parts())
        }

        private mutating func updateRareParts(_ change: (inout RareParts) -> Void) {
            updateParts { parts in
                var rare = parts.rare?.value ?? RareParts()
                change(&rare)
                parts.rare = Self.box(rare, unless: RareParts())
            }
        }

        /// `frame`, `center`, `bounds`, `transform` and `anchorPoint` as written.
        public var geometry: Geometry {
            get {
                let parts = self.parts, rare = rareParts
                return Geometry(frame: frame, center: parts.center, bounds: parts.bounds,
                                transform: rare.transform, anchorPoint: rare.anchorPoint)
            }
            set {
                frame = newValue.frame
                updateParts {
                    $0.center = newValue.center
                    $0.bounds = newValue.bounds
                }
                updateRareParts {
                    $0.transform = newValue.transform
                    $0.anchorPoint = newValue.anchorPoint
                }
            }
        }

        /// The flag keys (`hidden`, `alpha`, …), each at its UIKit default when left out.
        public var flags: Flags {
            get { parts.flags }
            set { updateParts { $0.flags = newValue } }
        }

        /// `touches`, `actions`, `presses` and `keyCommands`.
        public var traits: ResponderTraits {
            get { parts.traits }
            set { updateParts { $0.traits = newValue } }
        }

        /// `gestures`, in file order: the last has the highest priority among the view's.
        public var gestures: [Gesture] {
            get { parts.gestures }
            set { updateParts { $0.gestures = newValue } }
        }

        /// `viewController`: the controller whose root view this is; `nil` for none.
        public var viewController: ViewController? {
            get { rareParts.viewController }
            set { updateRareParts { $0.viewController = newValue } }
        }

        /// `control`; `nil` when the view is not a control. A view with both `control` and `scrollView`
        /// is built as the control.
        public var control: Control? {
            get { rareParts.control }
            set { updateRareParts { $0.control = newValue } }
        }

        /// `scrollView`: the view is built as a `ScrollView` (unless it has `control`); `nil` for none.
        public var scrollView: ScrollView? {
            get { rareParts.scrollView }
            set { updateRareParts { $0.scrollView = newValue } }
        }

        /// `canBecomeFocused` and `focusGroup` (Behaviour A10).
        public var focus: Focus {
            get { rareParts.focus }
            set { updateRareParts { $0.focus = newValue } }
        }

        /// `contextMenu`, `drag` and `drop` (Behaviour A11).
        public var interactions: Interactions {
            get { rareParts.interactions ?? Interactions() }
            set { updateRareParts { $0.interactions = newValue.isEmpty ? nil : newValue } }
        }

        /// Back-most first, as UIKit's `subviews`.
        public var subviews: [View] {
            get { subviewList?.views ?? [] }
            _modify {
                // Changed in place when this view alone holds its list (copy on write).
                if subviewList == nil || !isKnownUniquelyReferenced(&subviewList) {
                    subviewList = SubviewList(subviewList?.views ?? [])
                }
                yield &subviewList!.views
                if subviewList!.views.isEmpty { subviewList = nil }
            }
            set { subviewList = newValue.isEmpty ? nil : SubviewList(newValue) }
        }

        /// Compares whole trees level by level in a loop, not one nested call per level.
        public static func == (lhs: View, rhs: View) -> Bool {
            var pairs = [(lhs, rhs)]
            while let (left, right) = pairs.popLast() {
                guard left.id == right.id, left.frame == right.frame, left.details == right.details else { return false }
                if left.subviewList === right.subviewList { continue }  // the same list, or both leaves
                let leftSubviews = left.subviews, rightSubviews = right.subviews
                guard leftSubviews.count == rightSubviews.count else { return false }
                pairs.append(contentsOf: zip(leftSubviews, rightSubviews))
            }
            return true
        }

        /// How many views ``subtree`` has, counted without listing them.
        public var subtreeCount: Int {
            var count = 0
            var pending: [SubviewList] = subviewList.map { [$0] } ?? []
            while let list = pending.popLast() {
                count += list.views.count
                pending.append(contentsOf: list.views.lazy.compactMap(\.subviewList))
            }
            return count + 1
        }
    }

    /// Geometry keys as written. ``resolved`` turns them into the values a view is given.
    public struct Geometry: Equatable, Sendable {
        /// `frame`: its midpoint is the center and its size the bounds' size; `nil` when not given.
        public var frame: Rect?
        /// `center`, in the superview's coordinates (a window's: the screen's); not with `frame`.
        public var center: Point?
        /// `bounds`; with `frame`, it replaces the frame's bounds and keeps its center.
        public var bounds: Rect?
        /// `transform` (`[a, b, c, d, tx, ty]`), applied after the frame; `nil`: the identity.
        public var transform: AffineTransform?
        /// `anchorPoint`, in unit coordinates of the bounds; `nil`: (0.5, 0.5).
        public var anchorPoint: Point?

        /// Geometry keys as written; each `nil`, not given, by default.
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
        /// `hidden` in the file; false by default. Becomes the view's `isHidden`.
        public var hidden = false
        /// `alpha`, from 0 to 1; 1 by default.
        public var alpha = 1.0
        /// `userInteractionEnabled`; true by default. Becomes the view's `isUserInteractionEnabled`.
        public var userInteractionEnabled = true
        /// `clipsToBounds`; false by default.
        public var clipsToBounds = false
        /// `multipleTouchEnabled`; false by default. Becomes the view's `isMultipleTouchEnabled`.
        public var multipleTouchEnabled = false
        /// `exclusiveTouch`; false by default. Becomes the view's `isExclusiveTouch`.
        public var exclusiveTouch = false
        /// `passThrough`: the view's `passesTouchesThrough` (it is never the hit-test answer itself);
        /// false by default.
        public var passThrough = false
        /// `hitsOutsideBounds`: subviews are searched outside the view's hit area too; false by default.
        public var hitsOutsideBounds = false
        /// `redirectsToSuperview`: a hit on the view or under it answers its superview; false by default.
        public var redirectsToSuperview = false
        /// `hitTestInsets` (`[top, left, bottom, right]`, points): insets of the bounds that make the hit
        /// area; zero by default.
        public var hitTestInsets = EdgeInsets.zero
        /// `minimumHitSize` (`[w, h]`, points, not negative): the smallest hit area; zero by default.
        public var minimumHitSize = Size.zero
        /// `canBecomeFirstResponder`; false by default. Becomes the view's `acceptsFirstResponder`.
        public var canBecomeFirstResponder = false

        /// Every flag at its default.
        public init() {}
    }
}

extension SceneDescription.View {
    /// A view's subviews, shared between copies of the view (copy on write), freed without
    /// recursion.
    ///
    /// When the last copy lets go of a list, its `deinit` takes over the subviews, and for each
    /// one whose own list nothing else holds, moves that list's views onto the same pending list
    /// before letting the subview go: every list is then empty when it is freed, so freeing a
    /// tree of any depth takes one `deinit` frame, not one per level.
    // `@unchecked Sendable`: `views` is changed only through a reference known to be unique (the
    // `subviews` accessor's copy on write, and `deinit`), so no other thread can see it change.
    final class SubviewList: @unchecked Sendable {
        var views: [SceneDescription.View]

        init(_ views: [SceneDescription.View]) { self.views = views }

        deinit {
            var pending: [SceneDescription.View] = []
            swap(&pending, &views)
            while var view = pending.popLast() {
                guard isKnownUniquelyReferenced(&view.subviewList), let list = view.subviewList else { continue }
                pending.append(contentsOf: list.views)
                list.views = []
                // `view` goes here with its list emptied: that list's `deinit` finds nothing to do.
            }
        }
    }
}

extension SceneDescription.View {
    /// This view and every view under it, parents before children, back to front.
    ///
    /// Visited one at a time rather than listed: a list of a large scene's views (72 bytes each,
    /// grown by doubling) was the highest point of building it, larger than the scene's own
    /// description. The walk holds only the views still to visit (the siblings of the path to
    /// the current one).
    public var subtree: Subtree { Subtree(root: self) }

    /// The views of a subtree in ``SceneDescription/View/subtree``'s order.
    public struct Subtree: Sequence {
        let root: SceneDescription.View

        public func makeIterator() -> Iterator { Iterator(pending: [root]) }

        /// Walks a subtree in ``SceneDescription/View/subtree``'s order.
        public struct Iterator: IteratorProtocol {
            var pending: [SceneDescription.View]

            public mutating func next() -> SceneDescription.View? {
                guard let view = pending.popLast() else { return nil }
                pending.append(contentsOf: view.subviews.reversed())
                return view
            }
        }
    }
}

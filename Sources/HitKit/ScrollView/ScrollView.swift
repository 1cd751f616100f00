/// A view whose bounds origin moves with a drag, showing another part of its content (UIKit's
/// `UIScrollView`; Behaviour A6).
///
/// - ``contentOffset`` *is* ``View/bounds``' origin: setting one sets the other, so the content
///   (the subviews) moves on screen and hit testing follows it.
/// - Its own ``panGestureRecognizer`` sets `contentOffset = startOffset − translation`, clamped on
///   each axis to `[0, max(0, contentSize − bounds.size)]`, where `startOffset` is the offset when
///   the pan began and `translation` the pan's ``PanGestureRecognizer/translation(in:)`` in the
///   scroll view's coordinates.
/// - With ``delaysContentTouches`` (default true) a built-in recognizer with `delaysTouchesBegan`
///   withholds touches beginning in the scroll view from the content for ``contentTouchDelay``
///   (0.15 s). It then fails, releasing them; it fails earlier when a touch ends (the content then
///   gets began and ended in that frame). If the pan begins first, the content never hears of the
///   touch.
/// - With ``canCancelContentTouches`` (default true) a pan beginning after the content received
///   a touch cancels it there (`touchesCancelled`) — unless ``touchesShouldCancel(in:)`` answers
///   false for that view (default: false for controls), in which case the pan fails instead.
/// - ``touchesShouldBegin(_:with:in:)`` (default true) can refuse the delivery of touches to a
///   content view: that view then never hears of them.
///
/// The two built-in recognizers are attached to the scroll view itself and report
/// ``GestureRecognizer/isScrollViewBuiltIn`` (a scene log leaves them out, Behaviour B6). See the
/// ScrollViews article for the frame-by-frame rules and the seeds' table-cell situations.
open class ScrollView: View {
    override class var startsFocusGroup: Bool { true }

    /// The size of the content, in the scroll view's coordinates (default zero: nothing to scroll).
    /// Changed while the scroll view decelerates or springs, the motion goes on with the new
    /// edges from where it is at the next frame (Behaviour A6.1): rows appended during a fling
    /// are scrolled into. So does a change of the bounds' size.
    public var contentSize: Size {
        get { scrolling.contentSize }
        set { scrolling.contentSize = newValue }
    }

    /// What the scroll view's steps read at every frame of a drag or a zoom (``Scrolling``).
    // Fenced (``ExclusivityFence``): each field is written whole, by its accessor or a step; no
    // access is held across a call out.
    #if HITKIT_INTERNAL_CHECKS
    private var scrolling = Scrolling()
    #else
    @exclusivity(unchecked) private var scrolling = Scrolling()
    #endif

    private struct Scrolling {
        var contentSize = Size.zero
        var bounces = true
        var alwaysBounceVertical = false
        var alwaysBounceHorizontal = false
        var isMoving = false
        var panStartOffset = Point.zero
    }

    /// Whether touches beginning in the scroll view are withheld from the content until
    /// ``contentTouchDelay`` has passed without a scroll (default true, Behaviour A6).
    public var delaysContentTouches = true

    /// How long (seconds) ``delaysContentTouches`` withholds a touch (default 0.15, Behaviour A6).
    public var contentTouchDelay: Double = 0.15

    /// Whether the scroll view scrolls while a drag session is within 44 pt of an edge it can
    /// scroll toward (Behaviour A11; default false).
    public var autoscrollsDuringDrag = false {
        didSet {
            guard oldValue != autoscrollsDuringDrag, let application else { return }
            application.interactionState.autoscrollingScrollViews += autoscrollsDuringDrag ? 1 : -1
        }
    }

    /// Whether a pan beginning after the content received a touch may cancel it there (default
    /// true, Behaviour A6). With false, such a pan fails and the content keeps the touch.
    public var canCancelContentTouches = true

    /// The recognizer that scrolls. Add targets to follow the scrolling; its own target, added
    /// first, moves ``contentOffset``.
    ///
    /// - Precondition: it is attached to this scroll view or to none. It may be removed (the
    ///   scroll view then no longer scrolls by touches) and given back, but giving it to another
    ///   view traps, as UIKit raises (``View/addGestureRecognizer(_:)``). So for the pinch.
    public let panGestureRecognizer: PanGestureRecognizer

    /// The built-in recognizer that withholds touches from the content (``delaysContentTouches``)
    /// and asks ``touchesShouldBegin(_:with:in:)``.
    let contentTouchDelayRecognizer: ContentTouchDelayGestureRecognizer

    /// The content offset when the current pan began (before the rubber band, Behaviour A6.1).
    var panStartOffset: Point {
        get { scrolling.panStartOffset }
        set { scrolling.panStartOffset = newValue }
    }
    /// The content offset shown when the current pan began (paging's "page where it began").
    var dragStartOffset = Point.zero
    /// What the current pan last showed (the offset and the sizes it was banded with) and its
    /// translation then: found different at its next change, the drag goes on from what shows.
    var panShown: (scroll: ScrollShown, translation: Point)?

    // MARK: Motion (Behaviour A6.1; see ScrollView+Motion)

    /// Whether an axis whose content exceeds the bounds rubber-bands past its edges and bounces
    /// back after a flick (default true). Without it, dragging and flicking stop at the edges.
    public var bounces: Bool {
        get { scrolling.bounces }
        set { scrolling.bounces = newValue }
    }
    /// Whether the vertical axis bounces even when the content is not taller than the bounds
    /// (default false; needs ``bounces``).
    public var alwaysBounceVertical: Bool {
        get { scrolling.alwaysBounceVertical }
        set { scrolling.alwaysBounceVertical = newValue }
    }
    /// Whether the horizontal axis bounces even when the content is not wider than the bounds
    /// (default false; needs ``bounces``).
    public var alwaysBounceHorizontal: Bool {
        get { scrolling.alwaysBounceHorizontal }
        set { scrolling.alwaysBounceHorizontal = newValue }
    }
    /// Whether a drag's end springs to a page boundary, a page being the bounds' size (default false).
    public var isPagingEnabled = false
    /// How fast a flick slows down (default ``DecelerationRate/normal``).
    public var decelerationRate = DecelerationRate.normal
    /// Told of dragging, scrolling, motion and zooming, in UIScrollViewDelegate's order. Held
    /// weakly. Its `viewForZooming(in:)` is the zoom view's source (Behaviour A6.2).
    public var delegate: (any ScrollViewDelegate)? {
        get { weakDelegate }
        set {
            weakDelegate = newValue
            refreshZooming()
        }
    }
    // Fenced (``ExclusivityFence``) apart from ``scrolling``, which stays plain data: written
    // whole by its accessor only.
    #if HITKIT_INTERNAL_CHECKS
    private weak var weakDelegate: (any ScrollViewDelegate)?
    #else
    @exclusivity(unchecked) private weak var weakDelegate: (any ScrollViewDelegate)?
    #endif
    /// Whether its pan has begun and not ended (Behaviour A6.1): a drag by touches, or a run of
    /// scroll input (A8) that the pan has taken.
    public var isDragging: Bool {
        isDraggingByTouch || panGestureRecognizer.isScrolling && panGestureRecognizer.state.isActive
    }
    /// Whether the pan, driven by touches, has begun and not ended: motion and zoom wait for such
    /// a drag's end, which scroll input never has (it starts no motion).
    var isDraggingByTouch = false
    /// The motion under way, if any.
    var motion: ScrollMotion? {
        didSet { refreshMoving() }
    }
    /// Whether any motion is under way — deceleration, a spring, paging, an animated
    /// `setContentOffset` — or a zoom animation (Behaviour A6.2). Kept beside ``motion`` because
    /// every began reads it while scroll views move, and testing the optional motion for `nil`
    /// copies it (about 150 instructions).
    private(set) var isMoving: Bool {
        get { scrolling.isMoving }
        set { scrolling.isMoving = newValue }
    }
    /// The time at which ``motion`` last moved the offset (its frame's start), so that stopping
    /// it at that time need not evaluate it again.
    var motionSteppedAt = -Double.infinity
    /// Counts the motion's starts and the stops of one under way: code that calls the delegate
    /// compares it to learn whether the delegate started or stopped motion meanwhile.
    var motionOrders: UInt = 0
    /// The offset ``motion`` last showed and the sizes it is planned for: found different at its
    /// next step, the motion goes on from what shows.
    var motionShown = ScrollShown(.zero, contentSize: .zero)
    /// A touch stopped the motion: when it lifts without a drag, content past an edge springs back.
    var settlesWhenTouchLifts = false
    /// Zooming (Behaviour A6.2; see Zoom/).
    // Fenced (``ExclusivityFence``): every change is one assignment of a field of its own; no
    // access to it is held across a call out (the delegate, the view setters).
    #if HITKIT_INTERNAL_CHECKS
    var zoom = ZoomState()
    #else
    @exclusivity(unchecked) var zoom = ZoomState()
    #endif

    /// Follows ``motion`` and the zoom animation into ``isMoving`` (patterns, not `!= nil`:
    /// comparing an optional with nil copies it whole).
    func refreshMoving() {
        if case .some = motion {
            isMoving = true
        } else if case .some = zoom.animation {
            isMoving = true
        } else {
            isMoving = false
        }
    }

    /// Creates a scroll view with `frame` in `application`, with its two built-in recognizers.
    public override init(frame: Rect = .zero, in application: Application) {
        panGestureRecognizer = ScrollViewPanGestureRecognizer()
        contentTouchDelayRecognizer = ContentTouchDelayGestureRecognizer()
        super.init(frame: frame, in: application)
        addGestureRecognizer(contentTouchDelayRecognizer)
        addGestureRecognizer(panGestureRecognizer)
        panGestureRecognizer.allowedScrollTypesMask = .all  // Behaviour A8: scroll views scroll
        // Linked by id, not captured weakly (a weak reference slows every retain of the view).
        panGestureRecognizer.addTarget { [link = ViewLink(self)] recognizer in
            guard let self = link.object, let pan = recognizer as? PanGestureRecognizer else { return }
            self.panDidChange(pan)
        }
    }

    // MARK: Content offset

    /// Where the content's origin is in the scroll view: the same point as `bounds.origin`.
    /// Setting it directly is not clamped (as in UIKit); only the pan clamps. A change tells the
    /// delegate's `scrollViewDidScroll`, whether made here or through ``View/bounds``. Set during
    /// a drag or the motion after it, the drag or the motion goes on from it (Behaviour A6.1).
    /// An offset that is not finite (a coordinate NaN or infinite) is ignored: the offset stays as
    /// it was, and the delegate hears nothing.
    public var contentOffset: Point {
        get { bounds.origin }
        set {
            // No motion could go on from it, nor end on it (a NaN never equals itself).
            guard newValue.isFinite else { return }
            moveContentOffset(to: newValue, from: bounds)
        }
    }

    /// Sets ``contentOffset`` where the caller has just read `bounds` (each read of a scroll
    /// view's bounds is a lookup in the engine's rare state). Returns whether it changed.
    @discardableResult
    func moveContentOffset(to offset: Point, from bounds: Rect) -> Bool {
        guard bounds.origin != offset else { return false }
        super.setBounds(Rect(origin: offset, size: bounds.size))
        delegate?.scrollViewDidScroll(self)
        return true
    }

    /// The bounds set as a whole: a moved origin is a moved offset (Behaviour A6: the delegate
    /// hears of every change of the offset, as UIKit's `setBounds:` tells it).
    override func setBounds(_ newBounds: Rect) {
        let offset = contentOffset
        super.setBounds(newBounds)
        if contentOffset != offset { delegate?.scrollViewDidScroll(self) }
    }

    /// Sets ``contentOffset``, stopping any motion under way (a running zoom animation is first
    /// brought to its end, or stopped at the scale shown if its zoom view has left, Behaviour A6.2). With `animated`, the offset moves there over 0.3 s
    /// with cubic ease-in-out, evaluated at frames, and the delegate's
    /// `scrollViewDidEndScrollingAnimation` follows (Behaviour A6.1). Not clamped, as in UIKit.
    /// An offset that is not finite (a coordinate NaN or infinite) is ignored, as by
    /// ``contentOffset``: nothing stops or moves, and the delegate hears nothing.
    open func setContentOffset(_ offset: Point, animated: Bool) {
        guard offset.isFinite else { return }    // an animation to it would never end
        finishZoomAnimation()
        stopMotion()
        guard animated, offset != contentOffset, let application else {
            contentOffset = offset
            return
        }
        startMotion(.animation(at: application.time, from: contentOffset, to: offset))
    }

    // MARK: Content touches (overridable)

    /// Asked just before touches are delivered to `content`, a view in the scroll view (not the
    /// scroll view itself): with the delay, when it ends (`event` is nil in a timer's frame);
    /// without it, when the touches begin. False: `content` never hears of these touches.
    /// Default true.
    open func touchesShouldBegin(_ touches: Set<Touch>, with event: Event?, in content: View) -> Bool {
        true
    }

    /// Asked, when the pan is about to begin, for each view that already received one of the
    /// pan's touches (only when ``canCancelContentTouches`` is true). False: the pan fails and
    /// `view` keeps its touch. Default: false for a ``Control``, true otherwise (as UIKit).
    open func touchesShouldCancel(in view: View) -> Bool {
        !(view is Control)
    }

    /// Lets the scroll view's pan and pinch begin only when they may take every touch the
    /// content already has (Behaviour A6, A6.2); other recognizers are answered as a plain view does.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if gestureRecognizer === panGestureRecognizer || gestureRecognizer === zoom.recognizer {
            return mayTakeContentTouches(of: gestureRecognizer)
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
}

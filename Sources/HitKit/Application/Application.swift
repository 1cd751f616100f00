// Users of HitKit see the engine's geometry types (`Point`, `Rect`, `AffineTransform`, …) and
// `ViewStore` without importing HitTestCore themselves.
@_exported import HitTestCore

/// The root of the object model (UIKit's `UIApplication`): it owns the engine's store of its
/// views, its windows, the clock and timers, and delivers input frames (Behaviour A3).
///
/// Everything is driven from one thread by the embedding program: no wall clock, no run loop,
/// no threads.
open class Application: Responder {
    /// The engine: every view of this application is a row of it. Only the façade edits it (the
    /// package's own targets read it directly); a host queries it through ``readOnlyStore``.
    package let store: ViewStore

    /// The application's views as the engine holds them, for hit tests, conversions,
    /// snapshots and reads by ``ViewID``. Structure and geometry change through
    /// ``View`` and ``Window`` alone.
    public var readOnlyStore: ReadOnlyViewStore { ReadOnlyViewStore(store) }

    /// The application's delegate, held weakly (as UIKit). It is the application's next
    /// responder when it is a ``Responder`` other than a view, a view controller or an application.
    public weak var delegate: AnyObject?

    /// The longest pause between one touch's end and the next touch's start that still counts as
    /// a repeated tap (Behaviour A3; default 0.35 s).
    public var multiTapMaximumInterval: Double = 0.35
    /// The farthest a repeated tap may begin from where the previous one ended (default 45 pt).
    public var multiTapMaximumDistance: Double = 45

    // Fenced (``ExclusivityFence``): the windows change only by an append or a removal at a
    // window's slot, the key window's link by a plain store; every key reads both.
    #if HITKIT_INTERNAL_CHECKS
    /// The windows kept alive until removed, each at its ``Window/ownedSlot`` (a removal moves
    /// the last one into the gap, so no order is kept: ``windows`` takes the store's).
    private var ownedWindows: [Window] = []
    private var keyWindowLink: ViewLink<Window>?
    #else
    /// The windows kept alive until removed, each at its ``Window/ownedSlot`` (a removal moves
    /// the last one into the gap, so no order is kept: ``windows`` takes the store's).
    @exclusivity(unchecked) private var ownedWindows: [Window] = []
    @exclusivity(unchecked) private var keyWindowLink: ViewLink<Window>?
    #endif
    /// The key window, linked by id (``ViewLink``): no weak reference to a window.
    var storedKeyWindow: Window? {
        get { keyWindowLink?.object }
        set {
            let previous = keyWindow
            keyWindowLink = newValue.map(ViewLink.init)
            if keyWindow !== previous { keyWindowDidChange() }  // Behaviour A10
        }
    }
    /// How many deliveries (frames, timer frames, hover passes, structural changes, groups of
    /// edits) are under way, and what a change inside one made due — a hover pass, a resolution
    /// of the recognizers a stopped one released, a structural change — for when the outermost
    /// one ends.
    let deferredWork = DeferredWork()
    /// The event of the hit test under way, passed to view overrides.
    var eventBeingHitTested: Event?

    /// What this application's views share: the link to it, the table of its view objects by
    /// row and the list that frees deep view trees without recursion.
    let viewContext = ViewContext()
    let clock = Clock()
    let timers = TimerQueue()
    let pointerState = PointerState()
    /// The touchpad gesture under way (Behaviour A9).
    let touchpadState = TouchpadGestureState()
    /// The scroll views in motion and the animation tick (Behaviour A6.1).
    let scrollMotion = ScrollMotionClock()
    /// The keys down, the presses under way and the focus machinery (Behaviour A10).
    let keyboard = KeyboardState()
    /// Called at the end of every input or timer frame (see Application+HostLoop.swift).
    // Fenced (``ExclusivityFence``): asked at every frame's end; an observer's addition and
    // removal are one append or removal each, and the observers are called on a copy.
    #if HITKIT_INTERNAL_CHECKS
    var frameEndObservers = ObserverList<(Application) -> Void>()
    #else
    @exclusivity(unchecked) var frameEndObservers = ObserverList<(Application) -> Void>()
    #endif
    /// Called after the delegate of a scroll view whose offset the store moved heard of it
    /// (Application+StoreEdits.swift): the C library reports the offset to C's callback there.
    package var offsetMovedByStoreObserver: ((ScrollView) -> Void)?
    /// The touch delivery. Fenced (``ExclusivityFence``): written once, by ``didBegin()`` (it
    /// needs `self`), and read by most of a frame's steps (a lazy property checked each read).
    #if HITKIT_INTERNAL_CHECKS
    private(set) var dispatcher: TouchDispatcher!
    #else
    @exclusivity(unchecked) private(set) var dispatcher: TouchDispatcher!
    #endif
    /// The one point through which every hook of the delivery reaches the decision trace
    /// (``TracePoint``), shared by the dispatcher and the arena.
    let tracePoint = TracePoint()
    /// The decision trace, while someone observes it (Trace/Tracer.swift).
    var tracer: Tracer? { tracePoint.tracer }
    /// The open context menu and the drags under way (Behaviour A11, Interactions/).
    let interactionState = InteractionState()
    /// The names trace records give views and recognizers, set by the host.
    var traceNames = ObjectTable<String>()
    /// Presentations made and neither dismissed nor ended by their presenter's freeing: while
    /// it is 0 no controller's `next` is a presenter, and the responder chain follows the view
    /// tree, which cannot loop.
    package internal(set) var presentationsMade = 0

    /// Creates an application with an empty store, with room for `storeCapacity` views before
    /// it grows (at most ``ViewStore/maximumViewCount``, the most a store holds).
    public init(storeCapacity: Int = 64) {
        store = ViewStore(capacity: storeCapacity)
        super.init()
        didBegin()
    }

    /// An application whose store holds at most `viewLimit` views (``ViewStore/viewLimit``), for
    /// a host that checks ``ViewStore/isFull`` before each view it makes, as the C library does:
    /// a view made in a full store is a programming error, so a Swift host is not offered this.
    package init(storeCapacity: Int = 64, viewLimit: Int) {
        store = ViewStore(capacity: storeCapacity, viewLimit: viewLimit)
        super.init()
        didBegin()
    }

    private func didBegin() {
        dispatcher = TouchDispatcher(application: self, tracePoint: tracePoint)
        viewContext.applicationDidBegin(self)
        interactionState.application = self
        addKeyInterceptor(InteractionKeys())                                         // Behaviour A11
    }

    deinit {
        // First, before the windows and their views are let go: from here on every view reads
        // `application` as `nil` (ViewContext's lifetime rule).
        viewContext.applicationDidEnd()
    }

    // MARK: Responder

    /// The delegate when it is a plain responder (Behaviour A7), else `nil`.
    open override var next: Responder? {
        guard let responder = delegate as? Responder else { return nil }
        if responder is View || responder is ViewController || responder is Application { return nil }
        return responder
    }

    override var firstResponderWindow: Window? { keyWindow }

    // MARK: Events and actions (overridable, as in UIKit)

    /// Hands an event to the windows that have changed touches in it, in the order their
    /// touches began; HitKit delivers the touches of the windows that take them
    /// (`Window.sendEvent`) once this returns. Override it to observe or filter; call `super` to
    /// deliver.
    open func sendEvent(_ event: Event) {
        // Each window once, with the earliest began of its changed touches; then by that order.
        // The list is the dispatcher's scratch, taken out while windows deliver (they may send).
        var windows = dispatcher.takeWindowScratch()
        defer { dispatcher.returnWindowScratch(&windows) }
        let touches = event.touchList
        touches.forEachHeld { touch in
            guard touch.phase != .stationary else { return }
            // By id first (every listed window is a touch's of this event, so of one store): the
            // touch's link to its window is followed only for a window not listed yet.
            if let index = windows.firstIndex(where: { touch.isIn($0.window) }) {
                windows[index].firstBegan = Swift.min(windows[index].firstBegan, touch.beganSequence)
            } else if let window = touch.window {
                windows.append((window, touch.beganSequence))
            }
        }
        if windows.count > 1 { windows.sort { $0.firstBegan < $1.firstBegan } }
        for entry in windows { entry.window.sendEvent(event) }
    }

    /// Sends `action` to `target`, or with no target along the responder chain (Behaviour A5): from
    /// the key window's first responder if there is one, else from `sender`, up to the first
    /// responder that can perform it. Returns false when no responder could (unhandled).
    @discardableResult
    open func sendAction(_ action: Action, to target: Responder?, from sender: AnyObject?, for event: Event?) -> Bool {
        ActionRouter(application: self).send(action, to: target, from: sender, for: event)
    }

    // MARK: Windows

    /// The windows, back-most first (the last one is on top).
    public var windows: [Window] {
        store.windows.reversed().compactMap { id in (view(for: id) as? Window).flatMap { owns($0) ? $0 : nil } }
    }

    /// The window that receives target-less actions and keyboard focus.
    public var keyWindow: Window? {
        guard let window = storedKeyWindow, owns(window) else { return nil }
        return window
    }

    /// The key window's first responder.
    public var firstResponder: Responder? { keyWindow?.firstResponder }

    /// Hides `window`, cancels its touches and stops keeping it alive.
    ///
    /// Called from a `touchesCancelled` that another removal sends, it takes effect when that
    /// removal has finished (see `performStructuralChange(_:)`).
    public func removeWindow(_ window: Window) {
        performStructuralChange { [self] in
            guard owns(window) else { return }
            let wasKey = keyWindow === window
            viewWillLeaveWindow(window)
            window.isHidden = true
            // Its slot read again: a removal the calls above made (deferred, so none should)
            // would have moved it.
            disown(window)
            if wasKey { keyWindowDidChange() }  // Behaviour A10
        }
    }

    func adopt(_ window: Window) {
        window.ownedSlot = ownedWindows.count
        ownedWindows.append(window)
    }

    /// Whether this application keeps `window` alive (it was made in it and not removed).
    private func owns(_ window: Window) -> Bool {
        guard let slot = window.ownedSlot else { return false }
        return slot < ownedWindows.count && ownedWindows[slot] === window
    }

    /// Stops keeping `window` alive: the last window takes its slot.
    private func disown(_ window: Window) {
        guard owns(window), let slot = window.ownedSlot else { return }
        let last = ownedWindows.removeLast()
        if last !== window {
            ownedWindows[slot] = last
            last.ownedSlot = slot
        }
        window.ownedSlot = nil
    }

    // MARK: Views

    /// The view object of a row of the application's store (``readOnlyStore``), if it is alive.
    public func view(for id: ViewID) -> View? {
        viewContext.view(for: id)
    }

    /// Makes room for `count` more views in the store and in this application's table of them,
    /// so that creating that many (building a scene) grows neither in doubling steps. Room past
    /// the store's limit (``ViewStore/maximumViewCount`` views) is never made; a negative count
    /// makes none.
    public func reserveCapacity(forViews count: Int) {
        store.reserveCapacity(forViews: count)
        viewContext.reserveCapacity(forViews: count, limit: store.viewLimit)
    }

    /// The front-most view under a screen point, across the windows (Behaviour A2).
    public func hitTest(screenPoint: Point, with event: Event? = nil) -> View? {
        let previous = eventBeingHitTested
        eventBeingHitTested = event
        defer { eventBeingHitTested = previous }
        return store.hitTest(screenPoint: screenPoint).flatMap(view(for:))
    }

    // MARK: Structural changes

    /// Runs a change that takes views out of their window (removing a window, a view from its
    /// window). Such a change first cancels the touches of the views leaving, and responders
    /// run code in `touchesCancelled`: a structural change requested from there — re-entrantly —
    /// is deferred until the outer change has finished, then applied in the order requested
    /// (each against the hierarchy as it then is). Outside such a change, a change runs at once.
    func performStructuralChange(_ change: @escaping () -> Void) {
        // Hover follows the whole change, once (Behaviour A8). A change deferred inside another
        // is already inside that change's group, so opening one more here does nothing extra.
        beginDeferringUpdates()
        defer { endDeferringUpdates() }
        deferredWork.performStructuralChange(change)
    }

    /// Cancels, at once and while the responder chain is intact, the touches owned by `view` or
    /// its subviews, which are leaving their window; then stops the scroll views among them
    /// that move.
    func viewWillLeaveWindow(_ view: View) {
        interactionState.viewWillLeaveWindow(view)                                   // Behaviour A11
        let outer = scrollMotion.leavingWindow
        scrollMotion.leavingWindow = view
        dispatcher.cancelTouches(ownedBySubtreeOf: view)
        scrollMotion.leavingWindow = outer
        keyboardViewWillLeaveWindow(view)  // Behaviour A10: presses on its routes, the first responder
        // Last: a drag or a pinch the cancels ended may have started a spring or a bounce.
        stopScrollMotion(leavingWith: view)
    }
}

extension Application {
    /// An immutable copy of every window and view of the application as they are now, which
    /// any thread may hit-test and convert points on while this thread goes on changing them
    /// (``ViewStore/snapshot()``).
    ///
    /// Its answers are view handles (``ViewID``): back on this thread,
    /// ``view(for:)`` gives the view, or `nil` if it has gone since. A view with a custom
    /// `hitTest` or `point(inside:)` cannot be decided on another thread: the answer is then
    /// ``SnapshotAnswer/ask(_:)``, confirmed here with ``hitTest(screenPoint:with:)``.
    /// Call it on the application's thread; the snapshot itself is `Sendable`.
    public func windowsSnapshot() -> ViewStoreSnapshot {
        store.snapshot()
    }
}

/// Recognizes fingers dragging (UIKit's `UIPanGestureRecognizer`; Behaviour A4). Continuous: began
/// once the touches' centroid has moved ``minimumTranslation`` from where it started, changed on
/// each move while at least ``minimumNumberOfTouches`` fingers are down, ended when the last
/// finger lifts, as UIKit documents. It fails if the fingers lift before it begins.
open class PanGestureRecognizer: GestureRecognizer {
    /// Fewest fingers (default 1).
    public var minimumNumberOfTouches: Int {
        get { settings.minimumNumberOfTouches }
        set { settings.minimumNumberOfTouches = newValue }
    }
    /// Most fingers (default unlimited); with more down it does not begin.
    public var maximumNumberOfTouches: Int {
        get { settings.maximumNumberOfTouches }
        set { settings.maximumNumberOfTouches = newValue }
    }
    /// How far (points, window coordinates) the centroid must move to begin (default 10).
    public var minimumTranslation: Double {
        get { settings.minimumTranslation }
        set { settings.minimumTranslation = newValue }
    }

    /// A pan waits for a pending context menu on its touch (Behaviour A11).
    override class var waitsForContextMenus: Bool { true }

    /// A pan driven by scroll input (Behaviour A8) takes no touch until the scroll ends.
    override var refusesEveryTouch: Bool { isScrolling }

    /// How far back (seconds) ``velocity(in:)`` looks (default 0.1): the velocity spans from the
    /// newest sample at least this old to the current time (Behaviour A4).
    public var velocityWindow: Double {
        get { settings.velocityWindow }
        set { settings.velocityWindow = newValue }
    }
    /// The scroll input this pan takes (Behaviour A8; default none, a scroll view's own: all).
    public var allowedScrollTypesMask: ScrollTypeMask {
        get { settings.allowedScrollTypesMask }
        set { settings.allowedScrollTypesMask = newValue }
    }
    /// How long (seconds) after the last wheel notch a discrete scroll ends (Behaviour A8;
    /// default 0.1).
    public var discreteScrollEndDelay: Double {
        get { settings.discreteScrollEndDelay }
        set { settings.discreteScrollEndDelay = newValue }
    }

    /// What a pan follows (``Progress``).
    // Fenced (``ExclusivityFence``): only the pan's own touch methods, scroll steps, timers and
    // reset change it.
    #if HITKIT_INTERNAL_CHECKS
    var progress = Progress()
    #else
    @exclusivity(unchecked) var progress = Progress()
    #endif

    /// The pan's settings that every move or scroll step reads (``Settings``).
    // Fenced (``ExclusivityFence``): written only by their accessors, one field at a time.
    #if HITKIT_INTERNAL_CHECKS
    private var settings = Settings()
    #else
    @exclusivity(unchecked) private var settings = Settings()
    #endif

    private struct Settings {
        var minimumNumberOfTouches = 1
        var maximumNumberOfTouches = Int.max
        var minimumTranslation = 10.0
        var velocityWindow = 0.1
        var allowedScrollTypesMask: ScrollTypeMask = []
        var discreteScrollEndDelay = 0.1
    }

    /// The pan's own state, in one place so that one fence covers it.
    struct Progress {
        /// The scroll run this pan is following, if scroll input began it (see +Scroll).
        var scrollRun: ScrollRun?
        /// Scroll deltas taken but not yet consumed by a scroll view (window coordinates).
        var unconsumedScrollDelta = Point.zero
        /// The centroid's travel since the sequence began, in window coordinates.
        var translationInWindow = Point.zero
        /// Recent (time, translation) samples, oldest first: the touch-downs, the moves' samples
        /// and a re-base (Behaviour A4).
        var samples: [(time: Double, translation: Point)] = []
        var fingersDown = 0
    }

    /// The centroid's travel since the sequence began, in window coordinates.
    var translationInWindow: Point { progress.translationInWindow }

    /// The travel of the touches' centroid, in `view`'s coordinates (`nil`: the window).
    public func translation(in view: View?) -> Point {
        vector(progress.translationInWindow, fromWindowTo: view)
    }

    /// Sets the travel (`translation` in `view`'s coordinates), as an action does to consume it.
    /// The velocity's samples start again from it, now (Behaviour A4).
    public func setTranslation(_ translation: Point, in view: View?) {
        progress.translationInWindow = vector(translation, toWindowFrom: view)
        startSamples()
    }

    /// Points per second, in `view`'s coordinates (`nil`: the window), measured up to now with
    /// pauses included (Behaviour A4): `(T(t) − T(b)) / (t − b)`, t the current time, T the
    /// translation and b the newest sample at least ``velocityWindow`` old (the oldest when none
    /// is). A finger that held still that long before lifting lifts at 0: the drag does not fling.
    public func velocity(in view: View?) -> Point {
        guard let last = progress.samples.last, let base = velocityBase(at: currentTime) else { return .zero }
        let dt = currentTime - base.time
        guard dt > 0 else { return .zero }
        let v = difference(last.translation, base.translation)
        return vector(Point(v.x / dt, v.y / dt), fromWindowTo: view)
    }

    /// The sample the velocity at `time` starts from: the newest one with `time − its time ≥
    /// velocityWindow` (a gap of exactly the window counts whatever the subtraction rounds to,
    /// hence the 10⁻⁹ s), else the oldest.
    private func velocityBase(at time: Double) -> (time: Double, translation: Point)? {
        var index = progress.samples.count - 1
        while index > 0 && !isOldEnough(progress.samples[index].time, at: time) { index -= 1 }
        return index >= 0 ? progress.samples[index] : nil
    }

    /// When the sample the velocity now starts from was taken (for the trace).
    var velocityBaseTime: Double? { velocityBase(at: currentTime)?.time }

    private func isOldEnough(_ sampleTime: Double, at time: Double) -> Bool {
        Clock.hasReached(time, sampleTime + velocityWindow)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        progress.fingersDown += touches.count
        // Each touch-down is a sample (the first at T = 0), so a finger landing mid-drag counts
        // as a moment of the translation too.
        if progress.samples.isEmpty { startSamples() } else { record() }
    }

    /// The translation and its velocity samples start again from zero, now (a zoom step re-bases
    /// the scroll view's pan, Behaviour A6.2).
    func rebase() {
        progress.translationInWindow = .zero
        startSamples()
    }

    /// The velocity samples become one, now (in place: the buffer keeps its capacity).
    private func startSamples() {
        progress.samples.removeAllKeepingCapacity()
        progress.samples.append((currentTime, progress.translationInWindow))
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard progress.fingersDown > 0 else { return }
        addSteps(of: touches)
        pruneVelocitySamples()
        if requestedState == .possible, let tracer = activeTracer { tracer.notePanThreshold(self) }
        // Under way, it changes only while its minimum is down; it ends at the last lift.
        if requestedState.isActive && progress.fingersDown < minimumNumberOfTouches { return }
        advanceContinuous(beginningIf:
            (minimumNumberOfTouches...max(minimumNumberOfTouches, maximumNumberOfTouches)).contains(progress.fingersDown)
                && DistanceLimit.reaches(length(progress.translationInWindow), minimumTranslation))
    }

    /// Adds the moves of `touches` in this frame to the translation, each sample's step at its
    /// own time: the moved fingers' moves shared among every finger down, so a finger joining or
    /// lifting makes no jump.
    private func addSteps(of touches: Set<Touch>) {
        let share = 1 / Double(progress.fingersDown)
        // The fingers' window, almost always one; told apart by id (no weak load per finger).
        let first = touches.first  // (a set's first element is found by a search)
        var mapWindowID = first?.windowID
        var map = ScreenToWindowMap(first?.window)
        func addSteps(of touch: Touch) {
            if touch.windowID != mapWindowID {
                mapWindowID = touch.windowID
                map = ScreenToWindowMap(touch.window)
            }
            var previous = map(touch.previousScreenLocation)
            for sample in touch.frameSamples {
                let location = map(sample.location)
                let step = difference(location, previous)
                previous = location
                add(Point(step.x * share, step.y * share), at: sample.timestamp)
            }
        }
        if touches.count == 1, let first { return addSteps(of: first) }
        // Several fingers' steps are summed in the order they began, not the set's: a set's order
        // follows the touches' addresses, and the sum's last bits would differ from run to run.
        for touch in self.touches where touches.contains(touch) { addSteps(of: touch) }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        // Where a finger lifts is a sample of it too (Behaviour A4): a lift away from its last
        // move moves the centroid before the finger leaves it. A last lift that makes a possible
        // pan fail has no translation to move (a tap's lift, the common case).
        let failsNow = requestedState == .possible && progress.fingersDown <= touches.count
        if progress.fingersDown > 0 && !failsNow { addSteps(of: touches) }
        progress.fingersDown = max(0, progress.fingersDown - touches.count)
        switch requestedState {
        case .began, .changed:
            if progress.fingersDown == 0 { state = .ended }
        case .possible:
            if progress.fingersDown == 0 {
                traceCause("lifted before moving minimumTranslation \(TraceFormat.number(minimumTranslation)) pt",
                           [.init("minimumTranslation", minimumTranslation)])
                failIfPossible()
            }
        default:
            break
        }
    }

    open override func reset() {
        super.reset()
        progress.translationInWindow = .zero
        progress.samples.removeAllKeepingCapacity()
        progress.fingersDown = 0
        progress.scrollRun = nil
        progress.unconsumedScrollDelta = .zero
    }

    /// Whether this pan may take a scroll with `delta` besides the mask and state rules
    /// (Behaviour A8). A scroll view's pan answers whether it can scroll on the delta's axis.
    func mayTakeScroll(delta: Point) -> Bool { true }

    override func scrollTaker(for scroll: ScrollInput) -> PanGestureRecognizer? {
        canTake(scroll) ? self : nil
    }

    /// Records the translation now (a scroll step) as a velocity sample.
    func record() {
        let now = currentTime
        if let last = progress.samples.last, last.time >= now {
            progress.samples[progress.samples.count - 1].translation = progress.translationInWindow
        } else {
            progress.samples.append((now, progress.translationInWindow))
        }
        pruneVelocitySamples()
    }

    /// Adds a step of the centroid at `time` to the translation and to the velocity samples,
    /// which stay in time order: a finger's sample earlier than another's already recorded is
    /// slotted in, and the later samples' translations include it.
    private func add(_ step: Point, at time: Double) {
        progress.translationInWindow = Point(progress.translationInWindow.x + step.x, progress.translationInWindow.y + step.y)
        let time = Swift.max(time, progress.samples.first?.time ?? time)
        // The walk back runs once per sample of every finger: through the buffer, the array's
        // uniqueness and bounds are checked once, not at each step. Indices stay in 0..<count.
        let index = progress.samples.withUnsafeMutableBufferPointer { buffer -> Int? in
            var index = buffer.count
            while index > 0 && buffer[index - 1].time > time {
                index -= 1
                buffer[index].translation = Point(buffer[index].translation.x + step.x, buffer[index].translation.y + step.y)
            }
            guard index > 0 && buffer[index - 1].time == time else { return index }
            buffer[index - 1].translation = Point(buffer[index - 1].translation.x + step.x,
                                                  buffer[index - 1].translation.y + step.y)
            return nil
        }
        if let index {
            let base = index > 0 ? progress.samples[index - 1].translation : .zero
            progress.samples.insert((time, Point(base.x + step.x, base.y + step.y)), at: index)
        }
    }

    /// Drops the samples older than the velocity's base at the current time: the base only
    /// moves forward as time does, so nothing dropped is read again (``velocityBase(at:)`` looks
    /// back from the newest). They go eight or more at a time, or when the next sample would
    /// grow the buffer, rather than one a step: each removal moves the samples left.
    private func pruneVelocitySamples() {
        let now = currentTime
        var drop = 0
        while drop + 1 < progress.samples.count && isOldEnough(progress.samples[drop + 1].time, at: now) { drop += 1 }
        guard drop >= 8 || (drop > 0 && progress.samples.count == progress.samples.capacity) else { return }
        progress.samples.removeFirst(drop)
    }
}

/// The edges of a rectangle (UIKit's `UIRectEdge`).
public struct RectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The min-y edge (window coordinates: y grows downwards).
    public static let top = RectEdge(rawValue: 1 << 0)
    /// The min-x edge.
    public static let left = RectEdge(rawValue: 1 << 1)
    /// The max-y edge.
    public static let bottom = RectEdge(rawValue: 1 << 2)
    /// The max-x edge.
    public static let right = RectEdge(rawValue: 1 << 3)
    /// All four edges.
    public static let all: RectEdge = [.top, .left, .bottom, .right]
}

/// A pan whose touch begins within ``edgeDistance`` of one of its ``edges`` of the window
/// (UIKit's `UIScreenEdgePanGestureRecognizer`; Behaviour A4). A touch beginning elsewhere fails it.
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// The window edges it starts from (default none, as UIKit: set at least one).
    public var edges: RectEdge = []
    /// How near (points, window coordinates) an edge the touch must begin (default 20).
    public var edgeDistance: Double = 20

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        if requestedState == .possible && numberOfTouches == touches.count {
            let nearAnEdge = touches.allSatisfy { touch in
                guard let window = touch.window else { return false }
                return isNearAnEdge(touch.location(in: nil), of: window.bounds)
            }
            if !nearAnEdge { failIfPossible() }
        }
        super.touchesBegan(touches, with: event)
    }

    private func isNearAnEdge(_ p: Point, of bounds: Rect) -> Bool {
        (edges.contains(.left) && p.x - bounds.minX <= edgeDistance)
            || (edges.contains(.right) && bounds.maxX - p.x <= edgeDistance)
            || (edges.contains(.top) && p.y - bounds.minY <= edgeDistance)
            || (edges.contains(.bottom) && bounds.maxY - p.y <= edgeDistance)
    }
}

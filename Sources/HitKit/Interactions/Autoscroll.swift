// Behaviour A11's autoscroll: a scroll view with `autoscrollsDuringDrag` on the chain under a
// session scrolls while the session is within 44 pt of an edge its offset can move toward, by a
// timer at t₀ + k/60 (t₀ when the location entered the band), 1200·depth/44 pt/s.

enum Autoscroll {
    /// The band's width, the speed at its edge and the tick (Behaviour A11).
    static let band = 44.0
    static let speed = 1200.0
    static let ticksPerSecond = 60.0

    /// A session's scrolling scroll views.
    struct State {
        var entries: [Entry] = []
    }

    /// One scroll view scrolling for one session: the band entered at `entryTime`, tick `tick`
    /// due next.
    final class Entry {
        let scrollView: ViewLink<ScrollView>
        let entryTime: Double
        var tick = 1
        var timer: TimerHandle?
        /// The timer's action, made once: scheduling it again allocates nothing.
        var action: (() -> Void)?

        init(scrollView: ScrollView, entryTime: Double) {
            self.scrollView = ViewLink(scrollView)
            self.entryTime = entryTime
        }

        var dueTime: Double { entryTime + Double(tick) / Autoscroll.ticksPerSecond }
    }

    /// After a targeting pass: the scroll views on the hit view's chain whose band holds the
    /// session scroll (a timer each); the others stop. Nothing for a session a delegate ended
    /// during the pass (its end stopped its scrolling).
    static func follow(_ session: DragSession, in application: Application) {
        guard !session.hasEnded else { return }
        // Most applications have no scroll view that autoscrolls: no walk then.
        guard application.interactionState.autoscrollingScrollViews > 0 || !session.autoscroll.entries.isEmpty else { return }
        var entries = session.autoscroll.entries
        var seen = 0
        var cursor = session.targeting.hitView?.object
        while let view = cursor {
            if let scrollView = view as? ScrollView, scrollView.autoscrollsDuringDrag,
               step(of: scrollView, at: session.screenLocation) != nil {
                seen += 1
                if !entries.contains(where: { $0.scrollView.object === scrollView }) {
                    let entry = Entry(scrollView: scrollView, entryTime: application.time)
                    entry.action = { [weak session, unowned entry, unowned application] in
                        guard let session else { return }
                        tick(entry, of: session, in: application)
                    }
                    entries.append(entry)
                    schedule(entry, in: application)
                }
            }
            cursor = view.nextInChain(in: application)
        }
        if entries.count > seen {
            entries.removeAll { entry in
                guard let scrollView = entry.scrollView.object, isOnChain(scrollView, session),
                      step(of: scrollView, at: session.screenLocation) != nil else {
                    if let timer = entry.timer { application.cancelTimer(timer) }
                    return true
                }
                return false
            }
        }
        session.autoscroll.entries = entries
    }

    static func stop(_ session: DragSession, in application: Application) {
        for entry in session.autoscroll.entries {
            if let timer = entry.timer { application.cancelTimer(timer) }
        }
        session.autoscroll.entries.removeAll()
    }

    private static func isOnChain(_ scrollView: ScrollView, _ session: DragSession) -> Bool {
        guard let hit = session.targeting.hitView?.object else { return false }
        return hit.isDescendant(of: scrollView)
    }

    private static func schedule(_ entry: Entry, in application: Application) {
        guard let action = entry.action else { return }
        entry.timer = application.timers.schedule(at: entry.dueTime, .closure(action))
    }

    /// A tick: the offset moves (if it can), the session is targeted again with an update, and
    /// the next tick is scheduled while the session stays in the band.
    private static func tick(_ entry: Entry, of session: DragSession, in application: Application) {
        entry.timer = nil
        guard !session.hasEnded, let scrollView = entry.scrollView.object,
              let step = step(of: scrollView, at: session.screenLocation) else {
            session.autoscroll.entries.removeAll { $0 === entry }
            return
        }
        if step != .zero {
            let bounds = scrollView.bounds
            let offset = scrollView.clampedContentOffset(Point(x: bounds.minX + step.x, y: bounds.minY + step.y),
                                                         boundsSize: bounds.size)
            if scrollView.moveContentOffset(to: offset, from: bounds) {
                DropTargeting.pass(session, moved: true, in: application)
                follow(session, in: application)
            }
        }
        entry.tick += 1
        guard session.autoscroll.entries.contains(where: { $0 === entry }) else { return }
        if Self.step(of: scrollView, at: session.screenLocation) != nil {
            schedule(entry, in: application)
        } else {
            session.autoscroll.entries.removeAll { $0 === entry }
        }
    }

    /// The offset change of one tick for a session at `location` (screen), `nil` when the
    /// location is in no band of `scrollView` (zero in a band at depth 0).
    static func step(of scrollView: ScrollView, at location: Point) -> Point? {
        let point = scrollView.convertFromScreen(location)
        let bounds = scrollView.bounds
        // The bands lie inside the visible bounds: a location beyond them on one axis (a hit
        // area grown past them, A2) is in no band, though the other axis would put it in one.
        guard isWithin(point.x, bounds.minX, bounds.maxX), isWithin(point.y, bounds.minY, bounds.maxY) else { return nil }
        let limit = scrollView.maximumContentOffset(boundsSize: bounds.size)
        let x = axisStep(point.x, bounds.minX, bounds.maxX, offset: bounds.minX, limit: limit.x)
        let y = axisStep(point.y, bounds.minY, bounds.maxY, offset: bounds.minY, limit: limit.y)
        guard x != nil || y != nil else { return nil }
        return Point(x: x ?? 0, y: y ?? 0)
    }

    /// One axis: the depths into the low and high bands that the offset can move toward; the
    /// deeper wins (equal depths: no move); `nil` when in neither band.
    private static func axisStep(_ value: Double, _ low: Double, _ high: Double, offset: Double, limit: Double) -> Double? {
        let lowDepth = offset > 0 ? depth(value - low) : nil
        let highDepth = offset < limit ? depth(high - value) : nil
        switch (lowDepth, highDepth) {
        case (nil, nil): return nil
        case (let low?, nil): return -perTick(low)
        case (nil, let high?): return perTick(high)
        case (let low?, let high?): return low == high ? 0 : (low > high ? -perTick(low) : perTick(high))
        }
    }

    /// Whether `value` lies between `low` and `high`, edges included (judged as ``depth(_:)`` is).
    private static func isWithin(_ value: Double, _ low: Double, _ high: Double) -> Bool {
        DistanceLimit.reaches(value - low, 0) && DistanceLimit.reaches(high - value, 0)
    }

    /// How deep into a band a point `distance` inside its edge is, `nil` beyond the band or
    /// outside the edge (a hit area larger than the bounds puts a session past it: the band lies
    /// inside the visible bounds, Behaviour A11). Both sides are judged as the gestures'
    /// allowances are (``DistanceLimit``): a location written 44 pt from the edge is on the band's
    /// inner side (depth 0) however its conversion rounds, and one on the edge is at full depth.
    private static func depth(_ distance: Double) -> Double? {
        guard DistanceLimit.reaches(distance, 0), !DistanceLimit.exceeds(distance, band) else { return nil }
        return DistanceLimit.reaches(distance, band) ? 0 : Swift.min(band, band - distance)
    }

    private static func perTick(_ depth: Double) -> Double {
        speed * depth / band / ticksPerSecond
    }
}

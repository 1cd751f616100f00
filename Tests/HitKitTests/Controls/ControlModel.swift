/// An executable model of SPEC A5 (controls) with the parts of A2, A3 and A4 that drive them,
/// written from SPEC.md, Docs/Behaviour.md and the public API's DocC — not from HitKit's code —
/// so that ``ControlModelDifferentialTests`` can hold HitKit to the contract rather than to itself.
///
/// The world it models: one 400 × 400 window at the screen's origin holding a plain container
/// that fills it; plain group views and controls inside the container, controls inside groups;
/// no transforms. An optional recognizer on the container begins when the test says so (on a
/// frame of moves only) and otherwise fails when one of its touches ends while it is possible.
struct ControlModel {
    static let trackingTolerance = 70.0
    static let thumbWidth = 28.0
    static let multiTapInterval = 0.35
    static let multiTapDistance = 45.0
    /// Times less than a nanosecond apart are one instant (Behaviour A3).
    static let instant = 1e-9

    enum Kind: String, CaseIterable {
        case button, plain, toggle, slider, stepper, segmented, page
    }

    /// The single control events in `Control.Event.singleEvents` order.
    enum EventName: String, CaseIterable {
        case touchDown, touchDownRepeat, touchDragInside, touchDragOutside, touchDragEnter, touchDragExit
        case touchUpInside, touchUpOutside, touchCancel, valueChanged, primaryActionTriggered
    }

    enum Node: Equatable {
        case group(Int), control(Int)
    }

    enum HitView: Hashable {
        /// `nowhere`: the point is outside the window, so the touch hits no view.
        case nowhere, container, group(Int), control(Int)
    }

    struct Registration {
        /// true: the explicit target `P` (which performs everything); false: no target.
        var toPerformer: Bool
        var action: String
        var events: Set<EventName>
    }

    struct ControlSpec {
        var kind: Kind
        var parent: Int?
        var x: Double, y: Double, width: Double, height: Double
        var enabled = true
        var hidden = false
        var multipleTouch = false
        var exclusiveTouch = false
        var performs: Set<String> = []
        var registrations: [Registration] = []
        var isOn = false
        var minimum = 0.0, maximum = 1.0, value = 0.0
        var continuous = true
        var stepValue = 1.0
        var wraps = false
        var autorepeat = true
        var autorepeatDelay = 0.5
        var autorepeatInterval = 0.1
        var segments = 0, selected = -1
        var pages = 0, currentPage = 0
        /// A plain control refuses `beginTracking` for a touch left of this x (its own coordinates)…
        var refuseBeginLeftOf = -Double.infinity
        /// …and answers false to `continueTracking` at or below this y.
        var stopContinueAtOrBelow = Double.infinity
    }

    struct GroupSpec {
        var x: Double, y: Double, width: Double, height: Double
        var performs: Set<String> = []
    }

    struct RecognizerSpec {
        var cancelsTouchesInView: Bool
        var delaysTouchesEnded: Bool
    }

    struct WorldSpec {
        var groups: [GroupSpec]
        var controls: [ControlSpec]
        /// The container's subviews back to front.
        var containerOrder: [Node]
        var containerPerforms: Set<String>
        var windowPerforms: Set<String>
        var recognizer: RecognizerSpec?
    }

    enum Phase { case began, moved, ended, cancelled }

    struct TouchChange {
        var id: Int
        var phase: Phase
        var x: Double, y: Double
    }

    struct ControlState {
        var spec: ControlSpec
        var inWindow = true
        var tracked: Int?
        var isTouchInside = false
        var isHighlighted = false
        var valueBeforeTouch = 0.0
        var stepDirection: Double?
        var nextRepeat: Double?
        var repeatOrder = 0
    }

    struct TouchState {
        var serial: Int
        var id: Int
        var view: HitView
        var x: Double, y: Double
        var tapCount: Int
        /// Whether its view got `touchesBegan` for it (A3's multiple-touch rule).
        var delivered: Bool
        /// Cancelled in its view (by a recognizer or a removal): the view hears nothing more.
        var cut = false
        var down = true
    }

    enum RecognizerPhase { case possible, active, over }

    struct RecognizerState {
        var spec: RecognizerSpec
        var phase = RecognizerPhase.possible
        var touches: Set<Int> = []
    }

    private(set) var controls: [ControlState]
    private(set) var groups: [GroupSpec]
    private(set) var containerOrder: [Node]
    private var groupOrder: [[Int]]
    private let containerPerforms: Set<String>
    private let windowPerforms: Set<String>
    private(set) var recognizer: RecognizerState?
    private(set) var touches: [Int: TouchState] = [:]   // by serial
    private(set) var downByID: [Int: Int] = [:]          // finger id → serial
    private var nextSerial = 0
    private var lastEnd: [HitView: (time: Double, x: Double, y: Double, tapCount: Int)] = [:]
    private(set) var now = 0.0
    private var repeatCounter = 0
    /// The group that is the key window's first responder, if any.
    private(set) var firstResponderGroup: Int?
    /// The actions sent since the last `takeActions()`, as `"<control> <action> <receiver|unhandled> <event>"`.
    private var actions: [String] = []
    /// How often each rarer path ran, to see what the random worlds reach.
    private(set) var reached: [String: Int] = [:]
    private mutating func reach(_ path: String) { reached[path, default: 0] += 1 }

    init(_ world: WorldSpec) {
        controls = world.controls.map { ControlState(spec: $0) }
        // Registering a target-action pair again adds the events to the first registration.
        for c in controls.indices {
            var merged: [Registration] = []
            for registration in controls[c].spec.registrations {
                if let i = merged.firstIndex(where: { $0.toPerformer == registration.toPerformer && $0.action == registration.action }) {
                    merged[i].events.formUnion(registration.events)
                } else {
                    merged.append(registration)
                }
            }
            controls[c].spec.registrations = merged
        }
        groups = world.groups
        groupOrder = Array(repeating: [], count: world.groups.count)
        var topLevel: [Node] = []
        for node in world.containerOrder {
            if case .control(let c) = node, let g = world.controls[c].parent {
                groupOrder[g].append(c)
            } else {
                topLevel.append(node)
            }
        }
        containerOrder = topLevel
        containerPerforms = world.containerPerforms
        windowPerforms = world.windowPerforms
        recognizer = world.recognizer.map { RecognizerState(spec: $0) }
    }

    mutating func takeActions() -> [String] {
        defer { actions = [] }
        return actions
    }

    // MARK: Geometry and hit testing (A1, A2)

    func screenOrigin(of c: Int) -> (x: Double, y: Double) {
        let spec = controls[c].spec
        if let g = spec.parent { return (groups[g].x + spec.x, groups[g].y + spec.y) }
        return (spec.x, spec.y)
    }

    func local(_ c: Int, _ x: Double, _ y: Double) -> (x: Double, y: Double) {
        let origin = screenOrigin(of: c)
        return (x - origin.x, y - origin.y)
    }

    /// `Rect.contains`: min edges in, max edges out.
    static func contains(_ x: Double, _ y: Double, width: Double, height: Double) -> Bool {
        0 <= x && x < width && 0 <= y && y < height
    }

    func hitTest(_ x: Double, _ y: Double) -> HitView {
        guard Self.contains(x, y, width: 400, height: 400) else { return .nowhere }
        for node in containerOrder.reversed() {
            switch node {
            case .control(let c):
                if hittable(c, x, y) { return .control(c) }
            case .group(let g):
                let group = groups[g]
                guard Self.contains(x - group.x, y - group.y, width: group.width, height: group.height) else { continue }
                for c in groupOrder[g].reversed() where hittable(c, x, y) { return .control(c) }
                return .group(g)
            }
        }
        return .container
    }

    private func hittable(_ c: Int, _ x: Double, _ y: Double) -> Bool {
        let control = controls[c]
        guard control.inWindow, !control.spec.hidden else { return false }
        let p = local(c, x, y)
        return Self.contains(p.x, p.y, width: control.spec.width, height: control.spec.height)
    }

    /// A5: inside is the bounds grown by the tracking tolerance on every side.
    func isInside(_ c: Int, _ x: Double, _ y: Double) -> Bool {
        let p = local(c, x, y)
        let t = Self.trackingTolerance
        let spec = controls[c].spec
        return Self.contains(p.x + t, p.y + t, width: spec.width + 2 * t, height: spec.height + 2 * t)
    }

    // MARK: Frames (A3)

    /// One input frame: due timers first, then steps 1–5.
    mutating func frame(at time: Double, _ changes: [TouchChange], trigger: Bool) {
        fireTimers(upTo: time)
        now = time
        var began: [Int] = [], moved: [Int] = [], ended: [Int] = [], cancelled: [Int] = []
        var inFrame: [Int] = []
        for change in changes {
            switch change.phase {
            case .began:
                let serial = beginTouch(change)
                began.append(serial); inFrame.append(serial)
            case .moved, .ended:
                let serial = downByID[change.id]!
                touches[serial]!.x = change.x
                touches[serial]!.y = change.y
                if change.phase == .moved { moved.append(serial) } else { ended.append(serial) }
                inFrame.append(serial)
            case .cancelled:
                let serial = downByID[change.id]!
                cancelled.append(serial); inFrame.append(serial)
            }
        }

        // Steps 2–4: the recognizer on the container has every touch that began in the window while it was possible.
        if var g = recognizer {
            let own = Set(inFrame).intersection(g.touches)
            var beganNow = false
            switch g.phase {
            case .possible:
                if own.contains(where: { ended.contains($0) || cancelled.contains($0) }) {
                    g.phase = .over
                } else if trigger, own.contains(where: { moved.contains($0) }) {
                    g.phase = .active
                    beganNow = true
                    reach("recognizer began, cancels \(g.spec.cancelsTouchesInView)")
                }
            case .active:
                if own.contains(where: { cancelled.contains($0) }) {
                    g.phase = .over
                } else if g.touches.allSatisfy({ touches[$0]?.down != true || ended.contains($0) }) {
                    g.phase = .over
                }
            case .over:
                break
            }
            recognizer = g
            if beganNow && g.spec.cancelsTouchesInView {
                for serial in g.touches.sorted() where touches[serial]?.down == true && touches[serial]!.delivered && !touches[serial]!.cut {
                    cancelInView(serial)
                }
            }
        }

        // Step 5: the views in the order their touches began; a view's calls began, moved, ended, cancelled.
        var byView: [HitView: [Int]] = [:]
        for serial in inFrame where touches[serial]!.delivered && !touches[serial]!.cut {
            byView[touches[serial]!.view, default: []].append(serial)
        }
        for (view, serials) in byView.sorted(by: { $0.value.min()! < $1.value.min()! }) {
            guard case .control(let c) = view else { continue }
            deliver(c, began: began.filter(serials.contains), moved: moved.filter(serials.contains),
                    ended: ended.filter(serials.contains), cancelled: cancelled.filter(serials.contains))
        }

        for serial in ended + cancelled {
            touches[serial]!.down = false
            downByID[touches[serial]!.id] = nil
        }
        // SPEC silent (A3 "the end of the previous touch"); HitKit's reading: a cancelled touch
        // is no tap, and the touch after it on its view starts again at 1. In the frame's order.
        for serial in inFrame where ended.contains(serial) || cancelled.contains(serial) {
            let touch = touches[serial]!
            lastEnd[touch.view] = ended.contains(serial) ? (now, touch.x, touch.y, touch.tapCount) : nil
        }
        // A4: a recognizer that is over resets when all its touches have ended.
        if var g = recognizer, g.touches.allSatisfy({ touches[$0]?.down != true }) {
            g.phase = .possible
            g.touches = []
            recognizer = g
        }
        touches = touches.filter { $0.value.down }
    }

    mutating func advance(to time: Double) {
        fireTimers(upTo: time)
        now = time
    }

    private mutating func beginTouch(_ change: TouchChange) -> Int {
        let view = hitTest(change.x, change.y)
        var tapCount = 1
        if let last = lastEnd[view], now - last.time <= Self.multiTapInterval + Self.instant,
           ((change.x - last.x) * (change.x - last.x) + (change.y - last.y) * (change.y - last.y)).squareRoot() <= Self.multiTapDistance {
            tapCount = last.tapCount + 1
        }
        var delivered = true
        // A3's multiple-touch rule holds for every view: the container and groups keep the default (false).
        let multipleTouch: Bool
        if case .control(let c) = view { multipleTouch = controls[c].spec.multipleTouch } else { multipleTouch = false }
        if !multipleTouch {
            // SPEC silent: a touch already cancelled in the view (its view was removed) no longer
            // counts as the view's first touch; HitKit delivers a new one to the view put back.
            delivered = !touches.values.contains { $0.view == view && $0.down && $0.delivered && !$0.cut }
        }
        if view == .nowhere { delivered = false }
        // A3: an exclusive-touch view gets no touch while another view has one, and blocks the others.
        let othersDown = touches.values.filter { $0.view != view && $0.down && $0.delivered && !$0.cut }
        if case .control(let c) = view, controls[c].spec.exclusiveTouch, !othersDown.isEmpty { delivered = false }
        if othersDown.contains(where: { if case .control(let o) = $0.view { return controls[o].spec.exclusiveTouch } else { return false } }) {
            delivered = false
        }
        if tapCount > 1 { reach("tapCount \(tapCount)") }
        if !delivered, case .control = view { reach("second touch not delivered") }
        let serial = nextSerial
        nextSerial += 1
        touches[serial] = TouchState(serial: serial, id: change.id, view: view, x: change.x, y: change.y,
                                     tapCount: tapCount, delivered: delivered)
        downByID[change.id] = serial
        // A3 step 1: recognizers are collected from the hit view up to its window; a touch
        // outside the window hits no view, so the container's recognizer never has it.
        if recognizer?.phase == .possible && view != .nowhere { recognizer!.touches.insert(serial) }
        return serial
    }

    /// A4 f / A3 removal: `touchesCancelled` in the view; a tracking control cancels with `touchCancel`.
    private mutating func cancelInView(_ serial: Int) {
        touches[serial]!.cut = true
        if case .control(let c) = touches[serial]!.view, controls[c].tracked == serial {
            reach("cancelled in view \(controls[c].spec.kind)")
            cancelTracking(c, sendingEvents: true)
        }
    }

    // MARK: Tracking (A5)

    private mutating func deliver(_ c: Int, began: [Int], moved: [Int], ended: [Int], cancelled: [Int]) {
        // Behaviour A5: of the touches that begin on a control in one frame, only the first the
        // frame names is offered to `beginTracking`; refused, the control tracks none of them.
        if let serial = began.first, controls[c].tracked == nil && controls[c].spec.enabled {
            let touch = touches[serial]!
            let p = local(c, touch.x, touch.y)
            if controls[c].spec.kind == .plain && p.x < controls[c].spec.refuseBeginLeftOf { reach("begin refused"); return }
            controls[c].tracked = serial
            controls[c].isTouchInside = true
            controls[c].isHighlighted = true
            send(c, .touchDown)
            if touch.tapCount > 1 { send(c, .touchDownRepeat) }
            beganTracking(c, p)
        }
        if let serial = controls[c].tracked, moved.contains(serial) {
            let touch = touches[serial]!
            let p = local(c, touch.x, touch.y)
            if controls[c].spec.kind == .plain && p.y >= controls[c].spec.stopContinueAtOrBelow {
                reach("continue refused")
                stopTracking(c)
            } else {
                let inside = isInside(c, touch.x, touch.y)
                if inside != controls[c].isTouchInside { send(c, inside ? .touchDragEnter : .touchDragExit) }
                send(c, inside ? .touchDragInside : .touchDragOutside)
                controls[c].isTouchInside = inside
                controls[c].isHighlighted = inside
                movedWhileTracking(c, p, inside: inside)
            }
        }
        if let serial = controls[c].tracked, ended.contains(serial) {
            let touch = touches[serial]!
            let inside = isInside(c, touch.x, touch.y)
            controls[c].isTouchInside = inside
            send(c, inside ? .touchUpInside : .touchUpOutside)
            if inside && controls[c].spec.kind == .button { send(c, .primaryActionTriggered) }
            endedTracking(c, local(c, touch.x, touch.y), inside: inside)
            stopTracking(c)
        }
        if let serial = controls[c].tracked, cancelled.contains(serial) {
            cancelTracking(c, sendingEvents: true)
        }
    }

    private mutating func stopTracking(_ c: Int) {
        controls[c].tracked = nil
        controls[c].isHighlighted = false
        // "Whether the tracked touch is inside" (DocC, UIKit's `isTouchInside`): no touch, not inside.
        controls[c].isTouchInside = false
        controls[c].stepDirection = nil
        controls[c].nextRepeat = nil
    }

    mutating func cancelTracking(_ c: Int, sendingEvents: Bool) {
        if sendingEvents {
            send(c, .touchCancel)
            let kind = controls[c].spec.kind
            if (kind == .slider || kind == .stepper) && !controls[c].spec.continuous
                && controls[c].spec.value != controls[c].valueBeforeTouch {
                send(c, .valueChanged)
            }
        }
        stopTracking(c)
    }

    private mutating func beganTracking(_ c: Int, _ p: (x: Double, y: Double)) {
        controls[c].valueBeforeTouch = controls[c].spec.value
        switch controls[c].spec.kind {
        case .slider:
            slide(c, to: p.x)
        case .stepper:
            let direction: Double = p.x >= controls[c].spec.width / 2 ? 1 : -1
            step(c, direction)
            if controls[c].spec.autorepeat {
                controls[c].stepDirection = direction
                // DocC of `Stepper`: repeats come at most every `shortestAutorepeatInterval` (1 ms),
                // the first one after the touch-down's step too.
                controls[c].nextRepeat = now + max(controls[c].spec.autorepeatDelay, 0.001)
                repeatCounter += 1
                controls[c].repeatOrder = repeatCounter
            }
        default:
            break
        }
    }

    private mutating func movedWhileTracking(_ c: Int, _ p: (x: Double, y: Double), inside: Bool) {
        switch controls[c].spec.kind {
        case .slider:
            slide(c, to: p.x)
        case .stepper:
            if let direction = controls[c].stepDirection, !isInHalf(c, p, direction, inside: inside) {
                controls[c].stepDirection = nil
                controls[c].nextRepeat = nil
            }
        default:
            break
        }
    }

    private mutating func endedTracking(_ c: Int, _ p: (x: Double, y: Double), inside: Bool) {
        let spec = controls[c].spec
        switch spec.kind {
        case .toggle where inside:
            controls[c].spec.isOn.toggle()
            send(c, .valueChanged)
        case .segmented where inside && spec.segments > 0:
            let width = spec.width / Double(spec.segments)
            let index = min(max(Int((p.x / width).rounded(.down)), 0), spec.segments - 1)
            if index != spec.selected {
                controls[c].spec.selected = index
                send(c, .valueChanged)
            }
        case .page where inside && spec.pages > 0:
            let page = p.x >= spec.width / 2 ? min(spec.currentPage + 1, spec.pages - 1) : max(spec.currentPage - 1, 0)
            if page != spec.currentPage {
                controls[c].spec.currentPage = page
                send(c, .valueChanged)
            }
        case .slider:
            slide(c, to: p.x)
            if !spec.continuous && controls[c].spec.value != controls[c].valueBeforeTouch { send(c, .valueChanged) }
        case .stepper:
            if !spec.continuous && spec.value != controls[c].valueBeforeTouch { send(c, .valueChanged) }
        default:
            break
        }
    }

    /// The slider's thumb centre goes under the finger (DocC of `Slider`), clamped to the track.
    private mutating func slide(_ c: Int, to x: Double) {
        let spec = controls[c].spec
        guard spec.width > Self.thumbWidth else { return }
        let low = Self.thumbWidth / 2, high = spec.width - Self.thumbWidth / 2
        let centre = min(max(x, low), high)
        let value = spec.minimum + (centre - low) / (high - low) * (spec.maximum - spec.minimum)
        if value != spec.value {
            controls[c].spec.value = value
            if spec.continuous { send(c, .valueChanged) }
        }
    }

    private mutating func step(_ c: Int, _ direction: Double) {
        let spec = controls[c].spec
        var value = spec.value + direction * spec.stepValue
        if value > spec.maximum { value = spec.wraps ? spec.minimum : spec.maximum }
        if value < spec.minimum { value = spec.wraps ? spec.maximum : spec.minimum }
        if value != spec.value {
            controls[c].spec.value = value
            if spec.continuous { send(c, .valueChanged) }
        }
    }

    private func isInHalf(_ c: Int, _ p: (x: Double, y: Double), _ direction: Double, inside: Bool) -> Bool {
        inside && (p.x >= controls[c].spec.width / 2) == (direction > 0)
    }

    /// Stepper repeats, each its own frame at its due time, in time order.
    private mutating func fireTimers(upTo time: Double) {
        while true {
            let due = controls.indices.compactMap { c in controls[c].nextRepeat.map { (c, $0, controls[c].repeatOrder) } }
                .filter { $0.1 <= time + Self.instant }
                .min { ($0.1, $0.2) < ($1.1, $1.2) }
            guard let (c, at, _) = due else { return }
            now = at
            guard let serial = controls[c].tracked, let direction = controls[c].stepDirection else {
                controls[c].nextRepeat = nil
                continue
            }
            let touch = touches[serial]!
            let p = local(c, touch.x, touch.y)
            if isInHalf(c, p, direction, inside: isInside(c, touch.x, touch.y)) {
                reach("stepper repeat")
                step(c, direction)
                controls[c].nextRepeat = at + controls[c].spec.autorepeatInterval
            } else {
                controls[c].stepDirection = nil
                controls[c].nextRepeat = nil
            }
        }
    }

    // MARK: Target-action (A5)

    private mutating func send(_ c: Int, _ event: EventName) {
        for registration in controls[c].spec.registrations where registration.events.contains(event) {
            let receiver = registration.toPerformer ? "P" : receiver(of: registration.action, from: c)
            actions.append("c\(c) \(registration.action) \(receiver ?? "unhandled") \(event.rawValue)")
        }
    }

    /// A target-less action starts at the key window's first responder, else at the sender, and
    /// climbs the responder chain to the first that can perform it.
    private func receiver(of action: String, from c: Int) -> String? {
        var chain: [(String, Set<String>)] = []
        if let g = firstResponderGroup {
            chain.append(("g\(g)", groups[g].performs))
        } else {
            chain.append(("c\(c)", controls[c].spec.performs))
            if let g = controls[c].spec.parent { chain.append(("g\(g)", groups[g].performs)) }
        }
        chain.append(("container", containerPerforms))
        chain.append(("window", windowPerforms))
        return chain.first { $0.1.contains(action) }?.0
    }

    // MARK: Edits between frames

    mutating func setEnabled(_ c: Int, _ enabled: Bool) {
        controls[c].spec.enabled = enabled
        // Behaviour A5: disabled while tracking, the tracking stops at once without an event.
        if !enabled && controls[c].tracked != nil { reach("disabled while tracking \(controls[c].spec.kind)"); cancelTracking(c, sendingEvents: false) }
    }

    mutating func setHidden(_ c: Int, _ hidden: Bool) {
        controls[c].spec.hidden = hidden
    }

    /// A3: a view removed while it owns touches gets `touchesCancelled` for them at once.
    mutating func remove(_ c: Int) {
        for serial in touches.keys.sorted() where touches[serial]!.view == .control(c) && touches[serial]!.down
            && touches[serial]!.delivered && !touches[serial]!.cut {
            cancelInView(serial)
        }
        for serial in touches.keys where touches[serial]!.view == .control(c) { touches[serial]!.cut = true }
        controls[c].inWindow = false
        if let g = controls[c].spec.parent { groupOrder[g].removeAll { $0 == c } } else { containerOrder.removeAll { $0 == .control(c) } }
    }

    mutating func readd(_ c: Int) {
        controls[c].inWindow = true
        if let g = controls[c].spec.parent { groupOrder[g].append(c) } else { containerOrder.append(.control(c)) }
    }

    mutating func move(_ c: Int, dx: Double, dy: Double) {
        controls[c].spec.x += dx
        controls[c].spec.y += dy
    }

    /// A programmatic value change: clamped, no event.
    mutating func setValue(_ c: Int, _ value: Double) {
        let spec = controls[c].spec
        switch spec.kind {
        case .toggle: controls[c].spec.isOn = value != 0
        case .slider, .stepper: controls[c].spec.value = min(max(value, spec.minimum), spec.maximum)
        case .segmented: controls[c].spec.selected = (0..<spec.segments).contains(Int(value)) ? Int(value) : -1
        case .page: controls[c].spec.currentPage = min(max(Int(value), 0), max(spec.pages - 1, 0))
        case .button, .plain: break
        }
    }

    mutating func setFirstResponder(_ group: Int?) {
        firstResponderGroup = group
    }

    // MARK: Observation

    /// The world as it is now, for a mismatch's report.
    func describeWorld() -> [String] {
        groups.indices.map { "g\($0): \(groups[$0])" } + controls.indices.map { c in
            let s = controls[c].spec
            return "c\(c): \(s.kind)\(s.exclusiveTouch ? " exclusive" : "") in \(s.parent.map { "g\($0)" } ?? "container") frame (\(s.x), \(s.y), \(s.width), \(s.height)) "
                + "enabled \(s.enabled) hidden \(s.hidden) multipleTouch \(s.multipleTouch) inWindow \(controls[c].inWindow) "
                + "registrations \(s.registrations.map { "\($0.toPerformer ? "P" : "nil").\($0.action) \($0.events.map(\.rawValue).sorted())" })"
        } + ["container order \(containerOrder), groups \(groupOrder), recognizer \(String(describing: recognizer))"]
    }

    /// Each control's `isTracking`, `isHighlighted`, `isTouchInside` and value, one line each.
    func observed() -> [String] {
        controls.indices.map { c in
            let control = controls[c]
            return ControlModel.line(c, tracking: control.tracked != nil, highlighted: control.isHighlighted,
                                     inside: control.isTouchInside, value: value(of: c))
        }
    }

    func value(of c: Int) -> String {
        let spec = controls[c].spec
        switch spec.kind {
        case .toggle: return spec.isOn ? "on" : "off"
        case .slider, .stepper: return ControlModel.format(spec.value)
        case .segmented: return "\(spec.selected)"
        case .page: return "\(spec.currentPage)"
        case .button, .plain: return "-"
        }
    }

    static func format(_ value: Double) -> String {
        // Rounded so that one rounding step of the two computations does not count.
        "\((value * 1e9).rounded() / 1e9)"
    }

    static func line(_ c: Int, tracking: Bool, highlighted: Bool, inside: Bool, value: String) -> String {
        "c\(c) tracking=\(tracking) highlighted=\(highlighted) inside=\(inside) value=\(value)"
    }
}

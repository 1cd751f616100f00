@testable import HitKit

// An independent model of SPEC A4 (gesture recognizers and their arbitration) and of A3's
// delivery of touches to views while recognizers decide, written from the SPEC's words (and
// UIKit's documentation) rather than from HitKit's code. `ArbitrationModelTests` runs random
// worlds through it and through HitKit and compares what each recognizer and view observes.
// Where the SPEC is silent the model follows HitKit's reading; each such place says so.

// MARK: - The world both sides are built from

enum ModelRecognizerKind: CustomStringConvertible {
    case tap(taps: Int, touches: Int)
    case longPress
    case pan
    case swipe(SwipeGestureRecognizer.Direction)
    case pinch

    var isDiscrete: Bool {
        switch self {
        case .tap, .swipe: true
        case .longPress, .pan, .pinch: false
        }
    }

    var description: String {
        switch self {
        case .tap(let taps, let touches): "tap(\(taps)x\(touches))"
        case .longPress: "longPress"
        case .pan: "pan"
        case .swipe(let direction): "swipe(\(direction.rawValue))"
        case .pinch: "pinch"
        }
    }
}

struct ModelRecognizerSpec: CustomStringConvertible {
    var kind: ModelRecognizerKind
    /// Index into the world's views (0 is the window).
    var view: Int
    var cancelsTouchesInView = true
    var delaysTouchesBegan = false
    var delaysTouchesEnded = true
    /// The delegate's `gestureRecognizerShouldBegin`.
    var delegateAllowsBegin = true
    /// The delegate refuses touches whose id leaves this remainder modulo 3 (nil: none refused).
    var refusedTouchRemainder: Int?
    /// Indices named with `require(toFail:)`.
    var requiresToFail: [Int] = []
    /// Indices for which the delegate's `shouldRequireFailureOf` answers true.
    var delegateRequiresFailureOf: [Int] = []
    /// Indices for which the delegate's `shouldBeRequiredToFailBy` answers true.
    var delegateRequiredToFailBy: [Int] = []
    /// Indices for which the delegate's `shouldRecognizeSimultaneouslyWith` answers true.
    var simultaneousWith: [Int] = []

    var description: String {
        var parts = ["\(kind) on v\(view)"]
        if !cancelsTouchesInView { parts.append("cancels=false") }
        if delaysTouchesBegan { parts.append("delaysBegan") }
        if !delaysTouchesEnded { parts.append("delaysEnded=false") }
        if !delegateAllowsBegin { parts.append("shouldBegin=false") }
        if let r = refusedTouchRemainder { parts.append("refuses id%3==\(r)") }
        if !requiresToFail.isEmpty { parts.append("requireToFail \(requiresToFail)") }
        if !delegateRequiresFailureOf.isEmpty { parts.append("delegateRequiresFailureOf \(delegateRequiresFailureOf)") }
        if !delegateRequiredToFailBy.isEmpty { parts.append("delegateRequiredToFailBy \(delegateRequiredToFailBy)") }
        if !simultaneousWith.isEmpty { parts.append("simultaneousWith \(simultaneousWith)") }
        return parts.joined(separator: " ")
    }
}

struct ModelViewSpec {
    /// Index of the superview (nil for the window, view 0).
    var parent: Int?
    /// Frame in the superview's coordinates.
    var frame: Rect
    /// The frame in window coordinates (the tree uses no transforms).
    var windowFrame: Rect
    var depth: Int
    /// A point in window coordinates inside this view and outside its subviews.
    var spot: Point
    /// The view's `gestureRecognizerShouldBegin` answer.
    var allowsRecognizers = true
}

struct ModelWorld: CustomStringConvertible {
    var views: [ModelViewSpec]
    var recognizers: [ModelRecognizerSpec]

    func children(of index: Int) -> [Int] { views.indices.filter { views[$0].parent == index } }

    var description: String {
        var lines: [String] = []
        for (i, v) in views.enumerated() {
            lines.append("v\(i) parent=\(v.parent.map { "v\($0)" } ?? "-") frame=\(v.windowFrame)\(v.allowsRecognizers ? "" : " shouldBegin=false")")
        }
        for (i, r) in recognizers.enumerated() { lines.append("g\(i) \(r)") }
        return lines.joined(separator: "\n")
    }
}

/// One operation of a random run: a frame of touches, or the clock moving on.
enum ModelOperation: CustomStringConvertible {
    case frame(Double, [TouchInput])
    case wait(Double)
    /// `isEnabled` set on a recognizer between frames (A4 i).
    case setEnabled(Int, Bool)

    var description: String {
        switch self {
        case .frame(let t, let touches):
            let list = touches.map { input in
                let p = input.location.map { "(\(Self.short($0.x)),\(Self.short($0.y)))" } ?? ""
                return "\(input.phase) \(input.id)\(p)"
            }
            return "frame t=\(Self.short(t)) " + list.joined(separator: ", ")
        case .wait(let t):
            return "wait until t=\(Self.short(t))"
        case .setEnabled(let r, let enabled):
            return "g\(r).isEnabled = \(enabled)"
        }
    }

    static func short(_ v: Double) -> String { String(Double((v * 1000).rounded()) / 1000) }
}

// MARK: - The model

final class ArbitrationModel {
    typealias State = GestureRecognizer.State

    let world: ModelWorld
    private(set) var log: [String] = []
    private var now = 0.0

    // MARK: Touches

    private struct TouchRecord {
        let id: Int
        let view: Int
        var location: Point
        var isDown = true
        /// Recognizers collected at began (priority order), whether or not they took it.
        var recognizers: [Int]
        // What the hit-test view has heard of it (A3 step 5, A4 f–h).
        var beganDelivered = false
        var beganWithheld = false
        var movedWhileWithheld = false
        var endedWithheld = false
        var finishedForView = false
    }

    private var touches: [Int: TouchRecord] = [:]

    // MARK: Recognizers

    private struct Recognizer {
        var state: State = .possible
        /// The state it believes it is in: its last request, else its state.
        var requests: [State] = []
        /// The touches it received `touchesBegan` for in this sequence, in order.
        var sequence: [Int] = []
        /// Set when it began or recognized in this frame (for step 4 and A4 g).
        var startedThisFrame = false
        var generation = 0
        /// When it joined the touches under way (its first touch of the sequence).
        var joinOrder = 0
        /// When its oldest unresolved request arrived (step 3's order between sibling views).
        var arrival = 0
        // Tap
        var tapsDone = 0
        var down: [Int: Point] = [:]
        var maxDown = 0
        // Pan
        var translation = Point(0, 0)
        // Pinch
        var startDistance: Double?
        // Swipe
        var swipeStart: Point?

        var believed: State { requests.last ?? state }
    }

    private var recognizers: [Recognizer]
    private var enabled: [Bool]
    private var joins = 0

    // MARK: Timers

    private struct Timer {
        enum Kind { case longPressBegin, tapDuration, tapInterval, swipeTimeout }
        let due: Double
        let owner: Int
        let order: Int
        let generation: Int
        let kind: Kind
        let tapsDone: Int
    }

    private var timers: [Timer] = []
    private var timersSet = 0

    init(world: ModelWorld) {
        self.world = world
        recognizers = Array(repeating: Recognizer(), count: world.recognizers.count)
        enabled = Array(repeating: true, count: world.recognizers.count)
    }

    // MARK: Priority order (A3 step 1, A4 d)

    /// Deepest view first; within one view, the most recently added first. SPEC silent on two
    /// views of one depth: HitKit keeps the order they arrived in — in step 2, the order of the
    /// frame's touches; in step 3, the order their requests arrived in, a waiting one looked at
    /// again arriving anew; elsewhere (timers, step 4), the order of their earliest touches.
    private var priorityOrder: [Int] { order { recognizers[$0].sequence.min() ?? Int.max } }

    private var resolutionOrder: [Int] { order { recognizers[$0].requests.isEmpty ? Int.max : recognizers[$0].arrival } }

    /// Views of one depth are ordered by the earliest `arrived` among their recognizers (a view
    /// at a time, so that the order stays transitive), then by index.
    private func order(siblingsBy arrived: (Int) -> Int) -> [Int] {
        var viewKey: [Int: Int] = [:]
        for r in world.recognizers.indices {
            viewKey[world.recognizers[r].view] = min(viewKey[world.recognizers[r].view] ?? Int.max, arrived(r))
        }
        return world.recognizers.indices.sorted { a, b in
            let va = world.recognizers[a].view, vb = world.recognizers[b].view
            let da = world.views[va].depth, db = world.views[vb].depth
            if da != db { return da > db }
            if va != vb { return viewKey[va]! != viewKey[vb]! ? viewKey[va]! < viewKey[vb]! : va < vb }
            return a > b
        }
    }

    private var arrivals = 0

    private func chain(from view: Int) -> [Int] {
        var result: [Int] = []
        var v: Int? = view
        while let current = v { result.append(current); v = world.views[current].parent }
        return result
    }

    private func hitView(_ p: Point) -> Int? {
        func test(_ v: Int) -> Int? {
            guard world.views[v].windowFrame.contains(p) else { return nil }
            for child in world.children(of: v).reversed() {
                if let hit = test(child) { return hit }
            }
            return v
        }
        return test(0)
    }

    // MARK: Running operations

    func run(_ op: ModelOperation) -> [String] {
        log = []
        switch op {
        case .wait(let t):
            fireTimers(upTo: t)
            now = t
        case .setEnabled(let r, let enabled):
            setEnabled(r, enabled)
        case .frame(let t, let inputs):
            fireTimers(upTo: t)
            now = t
            frame(inputs)
        }
        return log
    }

    private func fireTimers(upTo t: Double) {
        while true {
            let due = timers.filter { $0.due <= t }
            let order = priorityOrder
            guard let first = due.min(by: { a, b in
                if a.due != b.due { return a.due < b.due }
                let pa = order.firstIndex(of: a.owner)!, pb = order.firstIndex(of: b.owner)!
                if pa != pb { return pa < pb }
                return a.order < b.order
            }) else { return }
            timers.removeAll { $0.order == first.order }
            now = first.due
            fire(first)
            resolveAndDeliver(inputs: [])
        }
    }

    private func schedule(_ kind: Timer.Kind, for r: Int, after interval: Double) {
        timersSet += 1
        timers.append(Timer(due: now + interval, owner: r, order: timersSet, generation: recognizers[r].generation,
                            kind: kind, tapsDone: recognizers[r].tapsDone))
    }

    private func cancelTimers(_ kind: Timer.Kind, of r: Int) {
        timers.removeAll { $0.owner == r && $0.kind == kind }
    }

    private func fire(_ timer: Timer) {
        let r = timer.owner
        guard recognizers[r].generation == timer.generation, recognizers[r].believed == .possible else { return }
        switch timer.kind {
        case .longPressBegin:
            if recognizers[r].down.count == 1 { request(r, .began) }
        case .tapDuration:
            if !recognizers[r].down.isEmpty { request(r, .failed) }
        case .tapInterval:
            if recognizers[r].down.isEmpty && recognizers[r].tapsDone == timer.tapsDone { request(r, .failed) }
        case .swipeTimeout:
            request(r, .failed)
        }
    }

    /// A4 i: a disabled recognizer receives nothing; disabling one that had begun cancels it,
    /// one that is possible fails. HitKit's DocC adds: at once, it then resets, and those that
    /// waited for it are resolved in a frame of their own before the setter returns.
    private func setEnabled(_ r: Int, _ flag: Bool) {
        guard enabled[r] != flag else { return }
        enabled[r] = flag
        guard !flag else { return }
        let taking = !recognizers[r].sequence.isEmpty
        switch recognizers[r].state {
        case .possible where taking: fail(r)
        case .began, .changed:
            recognizers[r].requests = []
            recognizers[r].state = .cancelled
            note(r, .cancelled)
        default: break
        }
        let generation = recognizers[r].generation + 1
        recognizers[r] = Recognizer()
        recognizers[r].generation = generation
        timers.removeAll { $0.owner == r }
        for id in touches.keys { touches[id]!.recognizers.removeAll { $0 == r } }
        if taking { resolveAndDeliver(inputs: []) }
    }

    private func frame(_ inputs: [TouchInput]) {
        // Step 1: hit-test new touches, collect their recognizers.
        for input in inputs where input.phase == .began {
            let p = input.location!
            // A touch outside the window hits nothing: no view, no recognizers.
            guard let view = hitView(p) else {
                touches[input.id] = TouchRecord(id: input.id, view: -1, location: p, recognizers: [], finishedForView: true)
                continue
            }
            let collected = priorityOrder.filter { r in
                enabled[r] && chain(from: view).contains(world.recognizers[r].view)
            }.filter { r in
                guard let remainder = world.recognizers[r].refusedTouchRemainder else { return true }
                return input.id % 3 != remainder
            }
            touches[input.id] = TouchRecord(id: input.id, view: view, location: p, recognizers: collected)
            // They join the touches under way touch by touch, each touch's in priority order.
            for r in collected where recognizers[r].joinOrder == 0 { joins += 1; recognizers[r].joinOrder = joins }
        }
        var previous: [Int: Point] = [:]
        for input in inputs {
            previous[input.id] = touches[input.id]!.location
            if let p = input.location { touches[input.id]!.location = p }
            if input.phase == .ended || input.phase == .cancelled { touches[input.id]!.isDown = false }
        }
        // Step 2: recognizers get their touches, in priority order (views of one depth in the
        // order of the frame's touches).
        let stepTwoOrder = order { r in inputs.firstIndex { touches[$0.id]!.recognizers.contains(r) } ?? Int.max }
        for r in stepTwoOrder {
            for phase in [Touch.Phase.began, .moved, .ended, .cancelled] {
                let ids = inputs.filter { $0.phase == phase && touches[$0.id]!.recognizers.contains(r) }.map(\.id)
                    .filter { phase == .began || recognizers[r].sequence.contains($0) }
                guard !ids.isEmpty else { continue }
                // Failed or finished recognizers receive nothing more of their sequence.
                guard [.possible, .began, .changed].contains(recognizers[r].state) else { continue }
                switch phase {
                case .began:
                    recognizers[r].sequence += ids
                    // SPEC silent; HitKit's DocC (GestureArbitration, rule f): a touch joining a
                    // recognizer that already began, with cancelsTouchesInView, never reaches its view.
                    if world.recognizers[r].cancelsTouchesInView && recognizers[r].state != .possible {
                        for id in ids { touches[id]!.finishedForView = true }
                    }
                    touchesBegan(r, ids)
                case .moved: touchesMoved(r, ids, previous: previous)
                case .ended: touchesEnded(r, ids)
                default: touchesCancelled(r, ids)
                }
            }
        }
        resolveAndDeliver(inputs: inputs)
    }

    // MARK: Built-in recognizers (A4 "Built-in recognizers")

    private func request(_ r: Int, _ state: State) {
        // SPEC silent; HitKit's ArenaEntry.request: moves while waiting collapse into one change.
        if state == .changed && recognizers[r].requests.last == .changed { return }
        if recognizers[r].requests.isEmpty { arrivals += 1; recognizers[r].arrival = arrivals }
        recognizers[r].requests.append(state)
    }

    private func touchesBegan(_ r: Int, _ ids: [Int]) {
        let believed = recognizers[r].believed
        switch world.recognizers[r].kind {
        case .tap(_, let required):
            guard believed == .possible else { return }
            if recognizers[r].down.isEmpty {
                cancelTimers(.tapInterval, of: r)
                recognizers[r].maxDown = 0
                schedule(.tapDuration, for: r, after: 1.5)
            }
            for id in ids { recognizers[r].down[id] = touches[id]!.location }
            recognizers[r].maxDown = max(recognizers[r].maxDown, recognizers[r].down.count)
            if recognizers[r].down.count > required { request(r, .failed) }
        case .longPress:
            // Until it has begun (a pending one too: A4 a) a second finger fails it; once begun,
            // a finger joining changes nothing.
            guard recognizers[r].state == .possible, believed != .failed else { return }
            for id in ids { recognizers[r].down[id] = touches[id]!.location }
            if recognizers[r].down.count > 1 {
                recognizers[r].requests = []
                request(r, .failed)
            } else if believed == .possible {
                schedule(.longPressBegin, for: r, after: 0.5)
            }
        case .pan:
            for id in ids { recognizers[r].down[id] = touches[id]!.location }
        case .swipe:
            for id in ids { recognizers[r].down[id] = touches[id]!.location }
            guard believed == .possible else { return }
            if recognizers[r].down.count > 1 { request(r, .failed); return }
            recognizers[r].swipeStart = touches[ids[0]]!.location
            schedule(.swipeTimeout, for: r, after: 0.5)
        case .pinch:
            for id in ids { recognizers[r].down[id] = touches[id]!.location }
            if believed == .possible && recognizers[r].down.count == 2 {
                recognizers[r].startDistance = pinchDistance(r)
            }
        }
    }

    private func pinchDistance(_ r: Int) -> Double {
        let points = recognizers[r].down.keys.sorted().map { touches[$0]!.location }
        return distance(points[0], points[1])
    }

    private func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }

    private func touchesMoved(_ r: Int, _ ids: [Int], previous: [Int: Point]) {
        let believed = recognizers[r].believed
        let begun = believed == .began || believed == .changed
        switch world.recognizers[r].kind {
        case .tap:
            guard believed == .possible else { return }
            for id in ids {
                if let start = recognizers[r].down[id], distance(start, touches[id]!.location) > 10 {
                    request(r, .failed); return
                }
            }
        case .longPress:
            // "allowableMovement (before it begins)": a long press waiting for another to fail
            // has not begun, so moving too far still fails it.
            if recognizers[r].state == .possible && believed != .failed {
                for id in ids {
                    if let start = recognizers[r].down[id], distance(start, touches[id]!.location) > 10 {
                        recognizers[r].requests = []
                        request(r, .failed); return
                    }
                }
            }
            if begun { request(r, .changed) }
        case .pan:
            let count = Double(recognizers[r].down.count)
            for id in ids {
                let old = previous[id]!, new = touches[id]!.location
                recognizers[r].translation = Point(recognizers[r].translation.x + (new.x - old.x) / count,
                                                   recognizers[r].translation.y + (new.y - old.y) / count)
            }
            if begun { request(r, .changed) } else if believed == .possible {
                let t = recognizers[r].translation
                if (t.x * t.x + t.y * t.y).squareRoot() >= 10 { request(r, .began) }
            }
        case .swipe(let directions):
            guard believed == .possible, let start = recognizers[r].swipeStart, let id = ids.first else { return }
            let p = touches[id]!.location
            let dx = p.x - start.x, dy = p.y - start.y
            var succeeded = false
            for (direction, along, across) in [(SwipeGestureRecognizer.Direction.right, dx, dy), (.left, -dx, dy),
                                               (.up, -dy, dx), (.down, dy, dx)] where directions.contains(direction) {
                if along >= 50 && abs(across) < along / 2 { succeeded = true }
            }
            // SPEC's "fails otherwise" is open; HitKit fails a swipe once it has travelled the
            // minimum distance in no allowed direction.
            if succeeded { request(r, .ended) } else if (dx * dx + dy * dy).squareRoot() >= 50 { request(r, .failed) }
        case .pinch:
            // SPEC silent; Behaviour A4: with one finger left a begun pinch keeps its value, so
            // a move of that finger changes nothing.
            if begun { if recognizers[r].down.count == 2 { request(r, .changed) }; return }
            guard believed == .possible, recognizers[r].down.count == 2, let start = recognizers[r].startDistance else { return }
            if abs(pinchDistance(r) - start) >= 8 { request(r, .began) }
        }
    }

    private func touchesEnded(_ r: Int, _ ids: [Int]) {
        let believed = recognizers[r].believed
        let begun = believed == .began || believed == .changed
        for id in ids { recognizers[r].down[id] = nil }
        switch world.recognizers[r].kind {
        case .tap(let taps, let required):
            guard believed == .possible, recognizers[r].down.isEmpty else { return }
            cancelTimers(.tapDuration, of: r)
            if recognizers[r].maxDown < required { request(r, .failed); return }
            recognizers[r].tapsDone += 1
            if recognizers[r].tapsDone == taps { request(r, .ended) } else { schedule(.tapInterval, for: r, after: 0.35) }
        case .longPress:
            // UIKit: "it ends when any of the fingers are lifted".
            if begun { request(r, .ended) } else if believed == .possible { request(r, .failed) }
        case .pan:
            guard recognizers[r].down.isEmpty else { return }
            if begun { request(r, .ended) } else if believed == .possible { request(r, .failed) }
        case .swipe:
            if believed == .possible { request(r, .failed) }
        case .pinch:
            if begun { if recognizers[r].down.isEmpty { request(r, .ended) } } else if believed == .possible { request(r, .failed) }
        }
    }

    private func touchesCancelled(_ r: Int, _ ids: [Int]) {
        for id in ids { recognizers[r].down[id] = nil }
        // A4 j: a possible recognizer fails (withdrawing what it asked for), a begun one is
        // cancelled, even one that asked to end on a lift earlier in this frame.
        switch recognizers[r].state {
        case .possible:
            if recognizers[r].believed != .failed { recognizers[r].requests = []; request(r, .failed) }
        case .began, .changed:
            recognizers[r].requests.removeAll { $0 == .ended }
            if [.began, .changed].contains(recognizers[r].believed) { request(r, .cancelled) }
        default: break
        }
    }

    // MARK: Step 3: arbitration (A4 a–e)

    private func note(_ r: Int, _ state: State) {
        log.append("g\(r) \(state)")
        if state != .failed { log.append("g\(r) action") }
    }

    private func requirements(of r: Int) -> [Int] {
        let spec = world.recognizers[r]
        // SPEC silent on a required recognizer that has no touches; HitKit (and UIKit) let only
        // those taking part in touches, with a sequence under way, hold others back.
        return world.recognizers.indices.filter { q in
            q != r && !recognizers[q].sequence.isEmpty && (spec.requiresToFail.contains(q) || spec.delegateRequiresFailureOf.contains(q)
                       || world.recognizers[q].delegateRequiredToFailBy.contains(r))
        }
    }

    private func simultaneous(_ a: Int, _ b: Int) -> Bool {
        world.recognizers[a].simultaneousWith.contains(b) || world.recognizers[b].simultaneousWith.contains(a)
    }

    private func mayBegin(_ r: Int) -> Bool {
        var views = [world.recognizers[r].view]
        for id in recognizers[r].sequence where !views.contains(touches[id]!.view) { views.append(touches[id]!.view) }
        return views.allSatisfy { world.views[$0].allowsRecognizers } && world.recognizers[r].delegateAllowsBegin
    }

    private func fail(_ r: Int) {
        recognizers[r].requests = []
        recognizers[r].state = .failed
        note(r, .failed)
    }

    /// Whether r asks to begin or recognize while one it must wait for is still possible (a).
    private func isPending(_ r: Int) -> Bool {
        guard recognizers[r].state == .possible, let first = recognizers[r].requests.first, first != .failed else { return false }
        let waits = requirements(of: r)
        return !waits.contains { [.began, .changed, .ended].contains(recognizers[$0].state) }
            && waits.contains { recognizers[$0].state == .possible }
    }

    /// d: the first ready recognizer in priority order is resolved, then the order is looked at
    /// again, since a failure may have made a waiting one ready.
    private func resolve() {
        while let r = resolutionOrder.first(where: { !recognizers[$0].requests.isEmpty && !isPending($0) }) {
            defer {
                for w in resolutionOrder where isPending(w) { arrivals += 1; recognizers[w].arrival = arrivals }
            }
            while !recognizers[r].requests.isEmpty && !isPending(r) {
                let request = recognizers[r].requests[0]
                switch (recognizers[r].state, request) {
                case (.possible, .failed):
                    fail(r)
                case (.possible, .began), (.possible, .ended):
                    let waits = requirements(of: r)
                    if waits.contains(where: { [.began, .changed, .ended].contains(recognizers[$0].state) }) {
                        fail(r)
                    } else if !mayBegin(r) {
                        fail(r)
                    } else {
                        start(r)
                    }
                case (.began, .changed), (.began, .ended), (.began, .cancelled),
                     (.changed, .changed), (.changed, .ended), (.changed, .cancelled):
                    recognizers[r].requests.removeFirst()
                    recognizers[r].state = request
                    note(r, request)
                default:
                    recognizers[r].requests.removeFirst()  // illegal: ignored
                }
            }
        }
    }

    /// G begins (continuous) or recognizes (discrete).
    private func start(_ g: Int) {
        let discrete = world.recognizers[g].kind.isDiscrete
        // What a continuous one asked for while pending follows its beginning.
        recognizers[g].requests = discrete ? [] : Array(recognizers[g].requests.dropFirst())
        let target: State = discrete ? .ended : .began
        recognizers[g].state = target
        recognizers[g].startedThisFrame = true
        note(g, target)
        // c. Exclusion.
        // SPEC silent on the order in which the others give way; HitKit goes through them in
        // the order they joined the touches under way.
        let mine = Set(recognizers[g].sequence)
        let byJoining = recognizers.indices.filter { !recognizers[$0].sequence.isEmpty }.sorted { recognizers[$0].joinOrder < recognizers[$1].joinOrder }
        for o in byJoining where o != g {
            guard !mine.isDisjoint(with: recognizers[o].sequence), !simultaneous(g, o) else { continue }
            switch recognizers[o].state {
            case .possible: fail(o)
            case .began, .changed:
                recognizers[o].requests = []
                recognizers[o].state = .cancelled
                note(o, .cancelled)
            default: break
            }
        }
        // a. Those waiting for G fail when resolution comes to them (see `isPending`).
    }

    // MARK: Steps 3–5 and the end of the frame

    private func resolveAndDeliver(inputs: [TouchInput]) {
        resolve()
        // Step 4: recognizers that began or recognized with cancelsTouchesInView cancel their touches.
        var cancelled: [Int: [Int]] = [:]
        let beganNow = Set(inputs.filter { $0.phase == .began }.map(\.id))
        for g in priorityOrder where recognizers[g].startedThisFrame {
            let spec = world.recognizers[g]
            for id in recognizers[g].sequence {
                guard var touch = touches[id], !touch.finishedForView else { continue }
                // g: a touch G received in step 2 of this frame, while still possible, was
                // withheld from then on, as an earlier one would have been.
                if (touch.beganWithheld || beganNow.contains(id)) && spec.delaysTouchesBegan {
                    touch.finishedForView = true  // g: the view never hears of it
                } else if spec.cancelsTouchesInView {
                    if touch.beganDelivered { cancelled[touch.view, default: []].append(id) }
                    touch.finishedForView = true
                }
                touches[id] = touch
            }
        }
        emit(cancelled, "touchesCancelled")

        // Step 5: the remaining touches go to their views.
        for input in inputs {
            guard var touch = touches[input.id], !touch.finishedForView else { continue }
            switch input.phase {
            case .began: touch.beganWithheld = true
            case .moved: if !touch.beganDelivered { touch.movedWhileWithheld = true }
            case .ended: touch.endedWithheld = true
            default: break
            }
            touches[input.id] = touch
        }
        var calls: [Int: [String: [Int]]] = [:]
        var firstTouch: [Int: Int] = [:]
        func add(_ view: Int, _ method: String, _ id: Int) {
            calls[view, default: [:]][method, default: []].append(id)
            firstTouch[view] = min(firstTouch[view] ?? id, id)
        }
        let movedNow = Set(inputs.filter { $0.phase == .moved }.map(\.id))
        let cancelledNow = Set(inputs.filter { $0.phase == .cancelled }.map(\.id))
        for id in touches.keys.sorted() {
            guard var touch = touches[id], !touch.finishedForView else { continue }
            if cancelledNow.contains(id) {
                // The input's cancel fails every recognizer of the touch (A4 j), which releases
                // a withheld began (g) before the cancel reaches the view.
                if touch.beganWithheld && !holds(id, \.delaysTouchesBegan) {
                    add(touch.view, "touchesBegan", id)
                    if touch.movedWhileWithheld { add(touch.view, "touchesMoved", id) }
                    touch.beganDelivered = true
                }
                if touch.beganDelivered { add(touch.view, "touchesCancelled", id) }
                touch.finishedForView = true
                touches[id] = touch
                continue
            }
            if touch.beganWithheld && !holds(id, \.delaysTouchesBegan) {
                touch.beganWithheld = false
                touch.beganDelivered = true
                add(touch.view, "touchesBegan", id)
                if touch.movedWhileWithheld { add(touch.view, "touchesMoved", id) }
                touch.movedWhileWithheld = false
            } else if touch.beganDelivered && movedNow.contains(id) {
                add(touch.view, "touchesMoved", id)
            }
            if touch.endedWithheld && touch.beganDelivered && !holds(id, \.delaysTouchesEnded) {
                add(touch.view, "touchesEnded", id)
                touch.finishedForView = true
            }
            touches[id] = touch
        }
        for view in calls.keys.sorted(by: { firstTouch[$0]! < firstTouch[$1]! }) {
            for method in ["touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled"] {
                if let ids = calls[view]![method] { log.append("v\(view) \(method) \(ids.sorted().map(String.init).joined(separator: ","))") }
            }
        }

        // The end of the frame: finished recognizers whose touches have all ended reset.
        for r in recognizers.indices {
            recognizers[r].startedThisFrame = false
            let finished = [.ended, .cancelled, .failed].contains(recognizers[r].state)
            if finished && recognizers[r].sequence.allSatisfy({ !touches[$0]!.isDown }) {
                let generation = recognizers[r].generation + 1
                recognizers[r] = Recognizer()
                recognizers[r].generation = generation
                timers.removeAll { $0.owner == r }
            }
        }
        touches = touches.filter { entry in
            entry.value.isDown || !entry.value.finishedForView || recognizers.contains { $0.sequence.contains(entry.key) }
        }
    }

    /// Whether a possible recognizer with the given delay flag holds the touch back.
    private func holds(_ id: Int, _ flag: KeyPath<ModelRecognizerSpec, Bool>) -> Bool {
        recognizers.indices.contains { r in
            recognizers[r].state == .possible && recognizers[r].sequence.contains(id) && world.recognizers[r][keyPath: flag]
        }
    }

    private func emit(_ byView: [Int: [Int]], _ method: String) {
        for view in byView.keys.sorted(by: { byView[$0]!.min()! < byView[$1]!.min()! }) {
            log.append("v\(view) \(method) \(byView[view]!.sorted().map(String.init).joined(separator: ","))")
        }
    }
}

import Testing
@testable import HitKit

/// Rule d's priority order (Behaviour A4 d) is kept by insertion, with no sort: these tests hold
/// it against the straightforward stable sort it must equal, over random lists and random scenes.
struct PriorityOrderTests {
    /// What rule d compares: the depth of the recognizer's view, the view, and the recognizer's
    /// index in it; `arrival` is the place in the list before ordering.
    struct Key: Equatable {
        var depth: Int
        var view: Int
        var indexInView: Int
        var arrival: Int
    }

    /// Rule d as the arena compares two recognizers (no tie-break: equal ones keep their order).
    static func comesBefore(_ a: Key, _ b: Key) -> Bool {
        if a.depth != b.depth { return a.depth > b.depth }
        return a.view == b.view && a.indexInView > b.indexInView
    }

    /// The former `sortByPriority`: a stable sort with the arrival order as the last key.
    static func sorted(_ keys: [Key]) -> [Key] {
        keys.sorted { a, b in
            if a.depth != b.depth { return a.depth > b.depth }
            if a.view == b.view && a.indexInView != b.indexInView { return a.indexInView > b.indexInView }
            return a.arrival < b.arrival
        }
    }

    @Test func insertingOneByOneGivesTheSortsOrder() {
        var random = SplitMix64(seed: 21)
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...40, using: &random)
            // Few depths and views, so ties and same-view pairs across depths are common; one
            // view's recognizers may arrive out of their index order (they joined by different
            // touches), which makes rule d's comparison intransitive across views.
            let keys = (0..<count).map { arrival in
                let view = Int.random(in: 0..<4, using: &random)
                return Key(depth: view / 2, view: view, indexInView: Int.random(in: 0..<3, using: &random), arrival: arrival)
            }
            var inserted: [Key] = []
            for key in keys { PriorityOrder.insert(key, into: &inserted, comesBefore: Self.comesBefore) }
            var ordered = keys
            PriorityOrder.order(&ordered, comesBefore: Self.comesBefore)
            let expected = Self.sorted(keys)
            #expect(inserted == expected, "\(keys)")
            #expect(ordered == expected, "\(keys)")
        }
    }

    @Test func aListInOrderCostsOneComparisonAnEntry() {
        let keys = (0..<20).map { Key(depth: 20 - $0, view: $0, indexInView: 0, arrival: $0) }
        var comparisons = 0
        var list: [Key] = []
        for key in keys {
            PriorityOrder.insert(key, into: &list) { a, b in
                comparisons += 1
                return Self.comesBefore(a, b)
            }
        }
        #expect(list == keys)
        #expect(comparisons == keys.count - 1)
    }

    // MARK: Through the façade

    /// A recognizer that stays possible and notes each touch call of each frame.
    final class Recorder: GestureRecognizer {
        let name: Int
        let calls: CallLog
        init(_ name: Int, calls: CallLog) {
            self.name = name
            self.calls = calls
            super.init()
        }
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { calls.note(name) }
        override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { calls.note(name) }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { calls.note(name) }
        override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { calls.note(name) }
    }

    /// The recognizers of one frame in the order they got their first touch call.
    final class CallLog {
        var order: [Int] = []
        func note(_ name: Int) { if !order.contains(name) { order.append(name) } }
    }

    /// Refuses some touches, so that recognizers join by later touches than their first.
    final class Refuser: GestureRecognizerDelegate {
        let seed: Int
        init(seed: Int) { self.seed = seed }
        func refuses(_ name: Int, _ touch: Int) -> Bool { (name &* 31 &+ touch &* 17 &+ seed) % 4 == 0 }
        func gestureRecognizer(_ g: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
            !refuses((g as! Recorder).name, touch.id)
        }
    }

    /// Random scenes of six views (two pairs of siblings at one depth), recognizers added
    /// between frames, touches beginning, moving and ending in random frames: in every frame the
    /// recognizers get their touches in the order the former sort gave.
    @Test func recognizersGetTouchesInTheSortsOrderWhateverFrameTheyJoinedIn() throws {
        var random = SplitMix64(seed: 2_111)
        var reordered = 0   // frames whose order is not the order their touches list them in
        for round in 0..<60 {
            let app = Application()
            let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400), in: app)
            let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 400), in: app)
            window.rootViewController = ViewController(view: root)
            let left = View(frame: Rect(x: 0, y: 0, width: 200, height: 400), in: app)
            let right = View(frame: Rect(x: 200, y: 0, width: 200, height: 400), in: app)
            let leftTop = View(frame: Rect(x: 0, y: 0, width: 200, height: 200), in: app)
            let rightTop = View(frame: Rect(x: 0, y: 0, width: 200, height: 200), in: app)
            let inner = View(frame: Rect(x: 50, y: 50, width: 100, height: 100), in: app)
            root.addSubview(left)
            root.addSubview(right)
            left.addSubview(leftTop)
            right.addSubview(rightTop)
            leftTop.addSubview(inner)
            let views = [root, left, right, leftTop, rightTop, inner]
            let parent = [-1, 0, 0, 1, 2, 3]
            let depth = [0, 1, 1, 2, 2, 3]
            let calls = CallLog()
            let delegate = Refuser(seed: round)
            var attached: [[Recorder]] = Array(repeating: [], count: views.count)
            var viewOf: [Int: Int] = [:]
            func attach() {
                let view = Int.random(in: 0..<views.count, using: &random)
                let recognizer = Recorder(viewOf.count, calls: calls)
                recognizer.delegate = delegate
                recognizer.cancelsTouchesInView = false
                views[view].addGestureRecognizer(recognizer)
                attached[view].append(recognizer)
                viewOf[recognizer.name] = view
            }
            for _ in 0..<3 { attach() }
            // The model: each touch down, in the order they began, with the recognizers it joined.
            var down: [(id: Int, location: Point, recognizers: [Int])] = []
            var nextID = 1
            var time = 0.0
            for _ in 0..<12 {
                if random.chance(0.4) { attach() }
                var inputs: [TouchInput] = []
                var changed: [Int] = []   // indices into `down`, in began order
                var lifting: Set<Int> = []
                for (index, touch) in down.enumerated() where random.chance(0.6) {
                    let ends = random.chance(0.3)
                    inputs.append(TouchInput(id: touch.id, phase: ends ? .ended : .moved, location: touch.location))
                    changed.append(index)
                    if ends { lifting.insert(touch.id) }
                }
                for _ in 0..<Int.random(in: 0...2, using: &random) where down.count < 4 {
                    let location = Point(Double.random(in: 1..<399, using: &random), Double.random(in: 1..<399, using: &random))
                    let id = nextID
                    nextID += 1
                    var hit = views.firstIndex { $0 === app.hitTest(screenPoint: location) }!
                    var list: [Int] = []
                    while hit >= 0 {
                        for recognizer in attached[hit].reversed() where !delegate.refuses(recognizer.name, id) {
                            list.append(recognizer.name)
                        }
                        hit = parent[hit]
                    }
                    inputs.append(TouchInput(id: id, phase: .began, location: location))
                    changed.append(down.count)
                    down.append((id, location, list))
                }
                // The former order: the frame's recognizers as their touches list them, sorted.
                var arrived: [Int] = []
                for index in changed {
                    for name in down[index].recognizers where !arrived.contains(name) { arrived.append(name) }
                }
                let keys = arrived.enumerated().map { arrival, name in
                    let view = viewOf[name]!
                    return Key(depth: depth[view], view: view,
                               indexInView: attached[view].firstIndex { $0.name == name }!, arrival: arrival)
                }
                let expected = Self.sorted(keys).map { arrived[$0.arrival] }
                if expected != arrived { reordered += 1 }
                calls.order = []
                time += 0.1
                try app.send(InputFrame(timestamp: time, touches: inputs))
                #expect(calls.order == expected, "round \(round)")
                down.removeAll { lifting.contains($0.id) }
            }
        }
        #expect(reordered > 20, "the scenes must make rule d reorder what the touches list")
    }
}

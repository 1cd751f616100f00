import Testing
@testable import HitKit

/// The work list's rule under random use: after every frame, timer frame and change, every
/// entry off the list is settled, so visiting only the list's entries does what a pass over
/// every entry did. Scenes of nested views with random recognizers, options and failure
/// requirements; fingers beginning, moving, lifting and cancelled; timers run; recognizers
/// disabled and enabled; a begun recognizer's view freed.
@Suite struct ArenaWorkListPropertyTests {
    private struct World {
        let app = Application()
        var recognizers: [GestureRecognizer] = []
        var detachedView: View?
        var fingersDown: [Int: Point] = [:]
        var time = 0.0

        init(_ random: inout SplitMix64) {
            let window = Window(frame: Rect(0, 0, 400, 400), in: app)
            for column in 0..<3 {
                let outer = View(frame: Rect(Double(column) * 130, 0, 120, 400), in: app)
                let inner = View(frame: Rect(10, 10, 100, 200), in: app)
                window.addSubview(outer)
                outer.addSubview(inner)
                for view in [outer, inner] {
                    for _ in 0..<Int.random(in: 0...2, using: &random) {
                        let recognizer = Self.makeRecognizer(&random)
                        view.addGestureRecognizer(recognizer)
                        recognizers.append(recognizer)
                    }
                }
            }
            for recognizer in recognizers where random.chance(0.2) {
                if let other = recognizers.randomElement(using: &random), other !== recognizer { recognizer.require(toFail: other) }
            }
            let detached = View(frame: Rect(0, 0, 10, 10), in: app)
            let lonely = GestureRecognizer()
            detached.addGestureRecognizer(lonely)
            lonely.state = .began
            detachedView = detached
        }

        static func makeRecognizer(_ random: inout SplitMix64) -> GestureRecognizer {
            let recognizer: GestureRecognizer
            switch Int.random(in: 0..<6, using: &random) {
            case 0: recognizer = TapGestureRecognizer()
            case 1:
                let double = TapGestureRecognizer()
                double.numberOfTapsRequired = 2
                recognizer = double
            case 2: recognizer = LongPressGestureRecognizer()
            case 3: recognizer = PanGestureRecognizer()
            case 4: recognizer = SwipeGestureRecognizer()
            default: recognizer = Idler()
            }
            recognizer.cancelsTouchesInView = random.chance(0.7)
            recognizer.delaysTouchesBegan = random.chance(0.2)
            recognizer.delaysTouchesEnded = random.chance(0.5)
            return recognizer
        }

        mutating func step(_ random: inout SplitMix64) throws {
            time += 0.02
            switch Double.random(in: 0..<1, using: &random) {
            case ..<0.55:
                let id = Int.random(in: 1...3, using: &random)
                if let at = fingersDown[id] {
                    let to = Point(at.x + Double.random(in: -30...30, using: &random), at.y + Double.random(in: -30...30, using: &random))
                    switch Int.random(in: 0..<6, using: &random) {
                    case 0, 1:
                        fingersDown[id] = nil
                        try app.send(InputFrame(timestamp: time, touches: [TouchInput(id: id, phase: .ended, location: to)]))
                    case 2:
                        fingersDown[id] = nil
                        try app.send(InputFrame(timestamp: time, touches: [TouchInput(id: id, phase: .cancelled, location: nil)]))
                    default:
                        fingersDown[id] = to
                        try app.send(InputFrame(timestamp: time, touches: [TouchInput(id: id, phase: .moved, location: to)]))
                    }
                } else {
                    let at = Point(Double.random(in: 1..<399, using: &random), Double.random(in: 1..<399, using: &random))
                    fingersDown[id] = at
                    try app.send(InputFrame(timestamp: time, touches: [TouchInput(id: id, phase: .began, location: at)]))
                }
            case ..<0.75:
                time += Double.random(in: 0.05...0.7, using: &random)
                try app.advance(to: time)
            case ..<0.85:
                if let recognizer = recognizers.randomElement(using: &random) { recognizer.isEnabled.toggle() }
            case ..<0.9:
                // Between frames, the host lets an idler's timer or touch go.
                if let idler = recognizers.randomElement(using: &random) as? Idler {
                    if random.chance(0.5) { idler.cancel() } else if let touch = idler.touches.first { idler.ignore(touch) }
                }
            case ..<0.95:
                detachedView = nil
            default:
                let moves = fingersDown.keys.sorted().map { id in
                    TouchInput(id: id, phase: .moved, location: Point(fingersDown[id]!.x + 2, fingersDown[id]!.y))
                }
                for id in fingersDown.keys { fingersDown[id]!.x += 2 }
                try app.send(InputFrame(timestamp: time, touches: moves))
            }
        }
    }

    /// A recognizer that asks for nothing itself: its timer runs out or is cancelled, its touches
    /// are ignored (by itself or by the host between frames), and only the arena's rules move it
    /// (the failure of an abandoned recognizer).
    private final class Idler: GestureRecognizer {
        private var timer: TimerHandle?

        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
            if timer == nil { timer = schedule(after: 0.3) { _ in } }
        }

        override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
            if let touch = touches.first, touch.location(in: nil).x.truncatingRemainder(dividingBy: 3) < 1 {
                ignore(touch)
            } else {
                cancelTimer(timer)
            }
        }

        func cancel() { cancelTimer(timer) }

        override func reset() {
            super.reset()
            timer = nil
        }
    }

    @Test func everyEntryOffTheListIsSettledAfterEveryStep() throws {
        var visitedAtAll = 0
        for seed in UInt64(1)...150 {
            var random = SplitMix64(seed: seed)
            var world = World(&random)
            let arena = world.app.dispatcher.arena
            for step in 0..<60 {
                try world.step(&random)
                #expect(arena.workListFault == nil, "seed \(seed), step \(step): \(arena.workListFault ?? "")")
            }
            visitedAtAll += arena.entriesVisited
        }
        #expect(visitedAtAll > 0)
    }
}

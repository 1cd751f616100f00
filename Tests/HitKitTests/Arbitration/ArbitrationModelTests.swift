import HitTestDifferential
import Testing
@testable import HitKit

/// Random worlds of views and built-in recognizers, driven by random multi-touch input through
/// HitKit and through `ArbitrationModel` (written from SPEC A3/A4 alone); after every operation
/// both must have logged the same recognizer transitions, actions and view touch calls, in order.
@Suite struct ArbitrationModelTests {
    static let seeds = Array(TestSeeds.of(1...200))

    @Test func hitKitAgreesWithTheModelOnRandomWorlds() {
        var steps = 0
        var observed: Set<String> = []
        for seed in Self.seeds {
            var rng = SplitMix64(seed: seed)
            let world = RandomArbitrationWorld.make(using: &rng)
            let stage = ArbitrationStage(world: world)
            let model = ArbitrationModel(world: world)
            var input = RandomTouchScript(world: world)
            for step in 0..<60 {
                let op = input.next(using: &rng)
                let actual = stage.run(op)
                let expected = model.run(op)
                steps += 1
                for line in actual { observed.insert(String(line.split(separator: " ")[1])) }
                if actual != expected {
                    Issue.record("""
                        seed \(seed), step \(step): \(op)
                        world:
                        \(world)
                        history:
                        \(input.history.map(\.description).joined(separator: "\n"))
                        HitKit: \(actual)
                        model:  \(expected)
                        """)
                    break
                }
            }
        }
        // The random input must reach every outcome it is there to compare (every seed played:
        // a sanitized run's sample reaches what it reaches by chance).
        guard TestSeeds.playsEverySeed else { return }
        #expect(observed.isSuperset(of: ["began", "changed", "ended", "cancelled", "failed", "action", "touchesBegan",
                                         "touchesMoved", "touchesEnded", "touchesCancelled"]), "\(observed) over \(steps) steps")
    }
}

// MARK: - HitKit's side

/// Builds a world in HitKit and records what its recognizers and views observe.
final class ArbitrationStage {
    let app = Application()
    private(set) var views: [View] = []
    private(set) var recognizers: [GestureRecognizer] = []
    private var delegates: [ArbitrationDelegate] = []
    fileprivate var log: [String] = []

    init(world: ModelWorld) {
        for (index, spec) in world.views.enumerated() {
            if index == 0 {
                views.append(Window(frame: spec.frame, in: app))
            } else {
                let view = ArbitrationView(name: "v\(index)", frame: spec.frame, in: app, stage: self)
                view.allowsRecognizers = spec.allowsRecognizers
                view.isMultipleTouchEnabled = true
                views[spec.parent!].addSubview(view)
                views.append(view)
            }
        }
        for (index, spec) in world.recognizers.enumerated() {
            let recognizer = Self.make(spec.kind)
            recognizer.cancelsTouchesInView = spec.cancelsTouchesInView
            recognizer.delaysTouchesBegan = spec.delaysTouchesBegan
            recognizer.delaysTouchesEnded = spec.delaysTouchesEnded
            recognizer.observeStateChanges { [unowned self] _, state in self.log.append("g\(index) \(state)") }
            recognizer.addTarget { [unowned self] _ in self.log.append("g\(index) action") }
            recognizers.append(recognizer)
        }
        for (index, spec) in world.recognizers.enumerated() {
            let delegate = ArbitrationDelegate(spec: spec, stage: self)
            delegates.append(delegate)
            recognizers[index].delegate = delegate
            for other in spec.requiresToFail { recognizers[index].require(toFail: recognizers[other]) }
            views[spec.view].addGestureRecognizer(recognizers[index])
        }
    }

    static func make(_ kind: ModelRecognizerKind) -> GestureRecognizer {
        switch kind {
        case .tap(let taps, let touches):
            let tap = TapGestureRecognizer()
            tap.numberOfTapsRequired = taps
            tap.numberOfTouchesRequired = touches
            return tap
        case .longPress: return LongPressGestureRecognizer()
        case .pan: return PanGestureRecognizer()
        case .swipe(let direction):
            let swipe = SwipeGestureRecognizer()
            swipe.direction = direction
            return swipe
        case .pinch: return PinchGestureRecognizer()
        }
    }

    func index(of recognizer: GestureRecognizer) -> Int? { recognizers.firstIndex { $0 === recognizer } }

    func run(_ op: ModelOperation) -> [String] {
        log = []
        do {
            switch op {
            case .frame(let t, let touches): try app.send(InputFrame(timestamp: t, touches: touches))
            case .wait(let t): try app.advance(to: t)
            case .setEnabled(let r, let enabled): recognizers[r].isEnabled = enabled
            }
        } catch {
            log.append("error \(error)")
        }
        return log
    }
}

private final class ArbitrationView: View {
    let name: String
    unowned let stage: ArbitrationStage
    var allowsRecognizers = true

    init(name: String, frame: Rect, in app: Application, stage: ArbitrationStage) {
        self.name = name
        self.stage = stage
        super.init(frame: frame, in: app)
    }

    // Each view intercepts its touches, so a call is seen by its hit-test view alone.
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { note("touchesBegan", touches) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { note("touchesMoved", touches) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { note("touchesEnded", touches) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { note("touchesCancelled", touches) }

    private func note(_ method: String, _ touches: Set<Touch>) {
        stage.log.append("\(name) \(method) \(touches.map(\.id).sorted().map(String.init).joined(separator: ","))")
    }

    override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { allowsRecognizers }
}

private final class ArbitrationDelegate: GestureRecognizerDelegate {
    let spec: ModelRecognizerSpec
    unowned let stage: ArbitrationStage

    init(spec: ModelRecognizerSpec, stage: ArbitrationStage) {
        self.spec = spec
        self.stage = stage
    }

    private func named(_ list: [Int], _ other: GestureRecognizer) -> Bool {
        stage.index(of: other).map(list.contains) ?? false
    }

    func gestureRecognizer(_ g: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        guard let remainder = spec.refusedTouchRemainder else { return true }
        return touch.id % 3 != remainder
    }
    func gestureRecognizerShouldBegin(_ g: GestureRecognizer) -> Bool { spec.delegateAllowsBegin }
    func gestureRecognizer(_ g: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        named(spec.simultaneousWith, other)
    }
    func gestureRecognizer(_ g: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        named(spec.delegateRequiresFailureOf, other)
    }
    func gestureRecognizer(_ g: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
        named(spec.delegateRequiredToFailBy, other)
    }
}

// MARK: - Random worlds and input

enum RandomArbitrationWorld {
    /// A window holding a full-size root view, whose children sit side by side in its lower
    /// part, and theirs likewise: every view keeps a spot of its own at least 50 pt from the
    /// others', so a finger on a spot is unambiguous and taps on one spot stay within 10 pt.
    static func make(using rng: inout SplitMix64) -> ModelWorld {
        let side = 400.0
        var views = [ModelViewSpec(parent: nil, frame: Rect(x: 0, y: 0, width: side, height: side),
                                   windowFrame: Rect(x: 0, y: 0, width: side, height: side), depth: 0,
                                   spot: Point(side / 2, 50))]
        views.append(ModelViewSpec(parent: 0, frame: Rect(x: 0, y: 0, width: side, height: side),
                                   windowFrame: Rect(x: 0, y: 0, width: side, height: side), depth: 1,
                                   spot: Point(side / 2, 50)))
        func addChildren(of parent: Int, count: Int) {
            let p = views[parent].windowFrame
            let width = p.size.width / Double(count)
            for i in 0..<count {
                let frame = Rect(x: Double(i) * width, y: 100, width: width, height: p.size.height - 100)
                let windowFrame = Rect(x: p.origin.x + frame.origin.x, y: p.origin.y + 100, width: width, height: frame.size.height)
                views.append(ModelViewSpec(parent: parent, frame: frame, windowFrame: windowFrame,
                                           depth: views[parent].depth + 1,
                                           spot: Point(windowFrame.origin.x + width / 2, windowFrame.origin.y + 50)))
            }
        }
        addChildren(of: 1, count: Int.random(in: 1...3, using: &rng))
        for child in views.indices where views[child].parent == 1 && rng.chance(0.5) {
            addChildren(of: child, count: Int.random(in: 1...2, using: &rng))
        }
        for v in 1..<views.count where rng.chance(0.08) { views[v].allowsRecognizers = false }

        var recognizers: [ModelRecognizerSpec] = []
        let count = Int.random(in: 1...5, using: &rng)
        for _ in 0..<count {
            let kind: ModelRecognizerKind
            switch Int.random(in: 0..<10, using: &rng) {
            case 0...3: kind = .tap(taps: Int.random(in: 1...3, using: &rng), touches: Int.random(in: 1...2, using: &rng))
            case 4, 5: kind = .longPress
            case 6, 7: kind = .pan
            case 8: kind = .swipe([.right, .left, .up, .down, [.right, .up]].randomElement(using: &rng)!)
            default: kind = .pinch
            }
            // Deeper views more often: most worlds then nest recognizers along one chain.
            let view = rng.chance(0.15) ? 0 : Int.random(in: 1..<views.count, using: &rng)
            var spec = ModelRecognizerSpec(kind: kind, view: view)
            spec.cancelsTouchesInView = !rng.chance(0.3)
            spec.delaysTouchesBegan = rng.chance(0.3)
            spec.delaysTouchesEnded = !rng.chance(0.3)
            spec.delegateAllowsBegin = !rng.chance(0.08)
            if rng.chance(0.1) { spec.refusedTouchRemainder = Int.random(in: 0..<3, using: &rng) }
            recognizers.append(spec)
        }
        // Failure requirements only point to earlier recognizers, so no two wait for each other.
        for r in recognizers.indices {
            for q in 0..<r {
                if rng.chance(0.15) { recognizers[r].requiresToFail.append(q) }
                if rng.chance(0.05) { recognizers[r].delegateRequiresFailureOf.append(q) }
                if rng.chance(0.05) { recognizers[q].delegateRequiredToFailBy.append(r) }
                if rng.chance(0.2) {
                    if rng.chance(0.5) { recognizers[r].simultaneousWith.append(q) } else { recognizers[q].simultaneousWith.append(r) }
                }
            }
        }
        return ModelWorld(views: views, recognizers: recognizers)
    }
}

/// Random fingers (at most two down at once) on the views' spots. Times are multiples of
/// 0.04 s, so no frame falls on a recognizer's deadline (0.35, 0.5 and 1.5 s after a frame);
/// a finger either jitters within 3 pt of where it landed or jumps 30–40 pt, so no distance
/// lands near a 10 pt allowance.
struct RandomTouchScript {
    struct Finger {
        var id: Int
        var base: Point
        var offset: Point
        var jitter: Point
        var location: Point { Point(base.x + offset.x + jitter.x, base.y + offset.y + jitter.y) }
    }

    let world: ModelWorld
    private var ticks = 0
    private var nextID = 1
    private var fingers: [Finger] = []
    private(set) var history: [ModelOperation] = []
    private var disabled: Set<Int> = []

    init(world: ModelWorld) { self.world = world }

    private var time: Double { Double(ticks) * 0.04 }

    private func jitter(using rng: inout SplitMix64) -> Point {
        Point(Double.random(in: -2...2, using: &rng), Double.random(in: -2...2, using: &rng))
    }

    mutating func next(using rng: inout SplitMix64) -> ModelOperation {
        let op = make(using: &rng)
        history.append(op)
        return op
    }

    private mutating func make(using rng: inout SplitMix64) -> ModelOperation {
        if rng.chance(0.06) {
            let r = Int.random(in: 0..<world.recognizers.count, using: &rng)
            if disabled.remove(r) != nil { return .setEnabled(r, true) }
            disabled.insert(r)
            return .setEnabled(r, false)
        }
        ticks += rng.chance(0.2) ? Int.random(in: 8...45, using: &rng) : Int.random(in: 1...5, using: &rng)
        if rng.chance(0.12) { return .wait(time) }
        var inputs: [TouchInput] = []
        let choice = Double.random(in: 0..<1, using: &rng)
        if fingers.isEmpty || (fingers.count < 2 && choice < 0.3) {
            let landing = fingers.isEmpty && rng.chance(0.3) ? 2 : 1
            for _ in 0..<landing { inputs.append(land(using: &rng)) }
        } else if choice < 0.65 {
            for index in fingers.indices where index == 0 || rng.chance(0.5) {
                if rng.chance(0.35) {
                    let step = [Point(1, 0), Point(-1, 0), Point(0, 1), Point(0, -1), Point(0.7, 0.7)].randomElement(using: &rng)!
                    let length = Double.random(in: 30...40, using: &rng)
                    fingers[index].offset = Point(fingers[index].offset.x + step.x * length, fingers[index].offset.y + step.y * length)
                } else {
                    fingers[index].jitter = jitter(using: &rng)
                }
                inputs.append(TouchInput(id: fingers[index].id, phase: .moved, location: fingers[index].location))
            }
        } else {
            let lifting = fingers.count == 2 && rng.chance(0.4) ? [0, 1] : [Int.random(in: 0..<fingers.count, using: &rng)]
            for index in lifting {
                let phase: Touch.Phase = rng.chance(0.06) ? .cancelled : .ended
                inputs.append(TouchInput(id: fingers[index].id, phase: phase, location: phase == .cancelled ? nil : fingers[index].location))
            }
            for index in lifting.reversed() { fingers.remove(at: index) }
        }
        return .frame(time, inputs)
    }

    private mutating func land(using rng: inout SplitMix64) -> TouchInput {
        var base = world.views[Int.random(in: 1..<world.views.count, using: &rng)].spot
        if let other = fingers.first, rng.chance(0.7) || base == other.base {
            base = Point(other.base.x + 25, other.base.y)  // a second finger beside the first, for pinches
        }
        let finger = Finger(id: nextID, base: base, offset: Point(0, 0), jitter: jitter(using: &rng))
        nextID += 1
        fingers.append(finger)
        return TouchInput(id: finger.id, phase: .began, location: finger.location)
    }
}
